"""The table's game cues come from the rulesets (issue 23, minor 13): Hachi's month pairs
from its capture relation, Nuki's missing months and card-point target from its deck, the
agari goal from Hachi's options, each curriculum tier's additions from its catalogue."""

from __future__ import annotations

from game.engine import rulesets
from game.engine.cards import INDEX
from game.engine.cues import (
    agari_goal,
    card_point_target,
    deck_points,
    missing_months,
    partner_months,
    tier_additions,
)


def test_hachi_month_pairs_are_its_capture_rule():
    rs = rulesets.get("hachi")
    pairs = partner_months(rs)
    assert pairs[0] == (2, 7, 12) and pairs[2] == (5, 10)  # 1+2=3, 1+7=8, 1+12=13; 3+5=8
    for m, takes in enumerate(pairs):
        assert all((m + 1 + t) % 5 == 3 for t in takes)
    hh = rulesets.get("hachihachi")
    assert partner_months(hh) == tuple((m + 1,) for m in range(12))
    assert rs.can_capture("crane", "warbler") and 2 in pairs[INDEX["crane"] // 4]


def test_nuki_deck_and_target():
    nuki = rulesets.get("nuki-hachihachi")
    assert missing_months(nuki) == (4, 5, 7) and deck_points(nuki) == 211
    assert card_point_target(nuki) == 106 and 2 * 106 > 211 > 2 * 105
    assert missing_months(rulesets.get("hachihachi")) == ()
    assert card_point_target(rulesets.get("hachihachi")) is None


def test_agari_goal_only_for_an_agari_match():
    assert agari_goal(rulesets.get("hachi", agari_count=2)) == (2, 20)
    assert agari_goal(rulesets.get("hachi", match_end="rounds")) is None
    assert agari_goal(rulesets.get("hachihachi")) is None


def test_each_tier_adds_what_its_catalogue_adds():
    assert set(tier_additions(2)) == {"goko", "shiko", "akatan", "aotan"}
    assert tier_additions(4) == () and "nanatan" in tier_additions(7)
    seen: set[str] = set()
    for t in range(1, 10):
        seen |= set(tier_additions(t))
    assert seen == {str(e.id) for e in rulesets.get("curriculum", tier=9).entries}
