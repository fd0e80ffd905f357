"""Issue 45 item 12: a teyaku's example hand (the reference draws it and names its cards)
shows cards a reader can tell apart: no two cards of the same name where the deck allows it,
and a list that must hold look-alikes (the Paulownia standing triplet) numbers them."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.cards import CARD_IDS, MONTH_MASK, PAULOWNIA_CHAFF3, cards_of, names_of
from game.play.terms import card_name, card_names


def _configs() -> list:
    """Every ruleset with teyaku, every curriculum tier that has them."""
    out = [rulesets.get(n) for n in rulesets.names() if n != "curriculum"]
    out += [rulesets.get("curriculum", tier=t) for t in range(1, 10)]
    return [rs for rs in out if rs.teyaku_rules()]


def _distinct_kinds(rs, month: int) -> int:  # noqa: ANN001 - a configured ruleset
    from game.engine.cards import KINDS

    return len({KINDS[c] for c in cards_of(rs.deck_mask & MONTH_MASK[month])})


def _deck_allows(rs, rule) -> bool:  # noqa: ANN001 - a ruleset and its HandRule
    """A month can give each count of the rule's first shape in cards of different kinds."""
    if not rule.shapes:
        return True
    hist = rule.shapes[0][0]
    best = sorted((_distinct_kinds(rs, m) for m in range(12)), reverse=True)
    return all(b >= n for b, n in zip(best, sorted(hist, reverse=True), strict=False))


@pytest.mark.parametrize("rs", _configs(), ids=lambda rs: f"{rs.name}-{rs.options.get('tier', '')}")
def test_every_example_names_different_cards(rs) -> None:  # noqa: ANN001
    checked = 0
    for rule in rs.teyaku_rules():
        hand = names_of(rs.teyaku_example(rule.id))
        assert len(hand) == 7, (rs.name, rule.id)
        if not _deck_allows(rs, rule):
            continue
        names = [card_name(c) for c in hand]
        assert len(set(names)) == len(names), (rs.name, rule.id, names)
        checked += 1
    assert checked  # the test saw examples, not only exemptions


def test_four_of_a_month_example_is_four_different_cards() -> None:
    """Before: Crane, Pine ribbon, Pine chaff, Pine chaff (two alike in four)."""
    rs = rulesets.get("hachihachi")
    hand = names_of(rs.teyaku_example("teshi"))
    assert len({card_name(c) for c in hand}) == 7, hand


def test_paulownia_triplet_named_as_three_cards() -> None:
    """The standing Paulownia triplet's three chaff: three names, none twice."""
    names = card_names([CARD_IDS[c] for c in cards_of(PAULOWNIA_CHAFF3)])
    assert len(set(names)) == 3, names
    assert card_names(["pine_chaff_1", "plum_chaff_2"]) == [card_name("pine_chaff_1"),
                                                           card_name("plum_chaff_2")]


def test_standing_line_names_no_card_twice() -> None:
    from game.ui import rule_words

    line = rule_words.standing_line(rulesets.get("hachihachi"))
    assert line is not None
    names = card_names([CARD_IDS[c] for c in cards_of(PAULOWNIA_CHAFF3)])
    assert all(line.count(n + ",") + line.count(n + ";") == 1 for n in names), line
