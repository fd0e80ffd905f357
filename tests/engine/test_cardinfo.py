"""card_facts: one card's month, kind, points and roles under a ruleset, from the engine's own
catalogue (the table's card info popover, issue 23 minor 4)."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.cardinfo import card_facts
from game.engine.cards import CARD_IDS, INDEX, KINDS, month
from game.engine.vocab import Category

RULESETS = [("hachihachi", {}), ("hachihachi-nintendo", {}), ("nuki-hachihachi", {}),
            ("hachi", {}), ("sudaoshi", {}), *(("curriculum", {"tier": t}) for t in (1, 2, 7))]


@pytest.mark.parametrize(("name", "options"), RULESETS)
def test_every_card_and_every_yaku_agree_with_the_catalogue(name, options):
    rs = rulesets.get(name, **options)
    for c, card in enumerate(CARD_IDS):
        f = card_facts(rs, card)
        assert f.month == month(c) and f.kind == KINDS[c] and f.points == rs.values[c]
        assert f.in_deck == bool(rs.deck_mask >> c & 1)
        ids = {r.id for r in f.roles if r.category == Category.DEKIYAKU}
        want = {e.id for e in rs.entries if e.is_card_set and (e.cards & rs.deck_mask) >> c & 1}
        assert ids == want, card
    for e in rs.entries:  # each yaku's cards all name it
        if e.is_card_set:
            for c in range(48):
                if (e.cards & rs.deck_mask) >> c & 1:
                    role = next(r for r in card_facts(rs, c).roles if r.id == e.id)
                    assert role.value == e.value and role.need == e.need


def test_points_and_teyaku_roles_follow_the_ruleset():
    hh = rulesets.get("hachihachi")
    crane = card_facts(hh, "crane")
    assert crane.points == 20 and {"goko", "shiko", "pikaichi"} <= {r.id for r in crane.roles}
    wisteria = card_facts(hh, "wisteria_chaff_1")
    assert "tatesanbon" in {r.id for r in wisteria.roles}  # any three Wisteria cards stand
    assert "tatesanbon" in {r.id for r in card_facts(hh, "paulownia_chaff_2").roles}
    assert "tatesanbon" not in {r.id for r in card_facts(hh, "phoenix").roles}
    rain = card_facts(hh, "rain_man")
    assert rain.counts_as_chaff and "pikaichi" not in {r.id for r in rain.roles}
    assert not card_facts(rulesets.get("hachi"), "rain_man").counts_as_chaff  # no teyaku
    nuki = rulesets.get("nuki-hachihachi")
    assert not card_facts(nuki, "wisteria_chaff_1").in_deck
    assert "tatesanbon" not in {r.id for r in card_facts(nuki, "paulownia_chaff_1").roles}
    assert card_facts(rulesets.get("curriculum", tier=1), "crane").roles == ()
    willow = card_facts(rulesets.get("sudaoshi"), INDEX["willow_ribbon"])
    assert any(r.positions is not None for r in willow.roles)  # a yaku open to one position
