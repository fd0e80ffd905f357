"""The rules as data (issue 23, major 4): the definitions the rules reference states are the
ones the engine decides by.

Each table here (the Group-A month counts, the Group-B kind counts, the standing triplets, the
teyaku rules of every ruleset, the specials, achievements, drop-out fees, Hachi's agari) is
checked against the code that settles a round: ``shape``, ``claim``, ``settle_special``'s
amounts, ``fee`` and ``agari_step``.
"""

from __future__ import annotations

import itertools

import pytest

from game.engine import rulesets
from game.engine.cards import (
    ANIMALS,
    BRIGHTS,
    CHAFF_EQUIV,
    MONTH_MASK,
    PAULOWNIA_CHAFF3,
    RIBBONS,
    STANDING_MONTHS,
    WILLOW,
    cards_of,
    names_of,
)
from game.engine.rulesets.hachi import Hachi
from game.engine.teyaku import A_CLASS_SHAPES, GROUP_B_KINDS, NO_MORE, shape
from game.engine.vocab import Category

CONFIGS = [
    ("hachihachi", {}), ("hachihachi", {"kan": 10, "aka_value": 3, "bdb": True}),
    ("hachihachi", {"teyaku_combine": "best_one"}), ("hachihachi-nintendo", {}),
    ("nuki-hachihachi", {}), ("hachi", {}), ("sudaoshi", {}),
    ("sudaoshi", {"teyaku": "1921", "yaku_unit": 12}), ("sudaoshi", {"teyaku": "none"}),
    *[("curriculum", {"tier": t}) for t in range(1, 10)],
]


def _ids(configs: list) -> list[str]:
    return [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for n, o in configs]


def _partitions(n: int, most: int = 4) -> list[tuple[int, ...]]:
    """Month counts of an n-card hand, largest first (at most four cards a month)."""
    if n == 0:
        return [()]
    return [(k, *rest) for k in range(min(n, most), 0, -1)
            for rest in _partitions(n - k, k)]


def _hand(hist: tuple[int, ...], months: list[int] | None = None) -> int:
    """A hand with these month counts, from the given months (default: 1, 2, 3 ...)."""
    months = months or [0, 1, 2, 5, 7, 8, 9]  # no standing month
    hand = 0
    for m, k in zip(months, hist, strict=False):
        for c in cards_of(MONTH_MASK[m])[:k]:
            hand |= 1 << c
    return hand


def test_group_a_shapes_are_shapes_classes():
    listed = {h: cls for cls, hists in A_CLASS_SHAPES.items() for h in hists}
    for hist in _partitions(7):
        assert shape(_hand(hist)).a == listed.get(hist), hist


def test_group_b_kinds_are_shapes_counts():
    pools = [cards_of(m & ~WILLOW) for m in (BRIGHTS, ANIMALS, RIBBONS)]
    chaff = cards_of(CHAFF_EQUIV)
    for b, a, r in itertools.product(range(5), range(8), range(8)):
        if b + a + r > 7:
            continue
        picked = pools[0][:b] + pools[1][:a] + pools[2][:r]
        picked += [c for c in chaff if c not in picked][:7 - len(picked)]
        hand = sum(1 << c for c in picked)
        matched = [k for k, kinds in GROUP_B_KINDS.items()
                   if all(lo <= n <= hi for n, (lo, hi) in zip((b, a, r), kinds, strict=True))]
        assert matched == ([shape(hand).b] if shape(hand).b else []), (b, a, r)
    assert GROUP_B_KINDS["aka"][2][1] == NO_MORE


def test_standing_triplets_are_the_months_and_the_three_paulownia_chaff():
    for m in range(12):
        for three in itertools.combinations(cards_of(MONTH_MASK[m]), 3):
            others = [o for o in (0, 1, 2, 5, 7, 8, 9) if o != m][:4]
            hand = sum(1 << c for c in three) | _hand((1, 1, 1, 1), others)
            mask = sum(1 << c for c in three)
            stands = m + 1 in STANDING_MONTHS or mask == PAULOWNIA_CHAFF3
            assert shape(hand).standing == int(stands), (m + 1, names_of(mask))


@pytest.mark.parametrize("name,options", CONFIGS, ids=_ids(CONFIGS))
def test_every_teyaku_has_a_rule_and_its_example_claims_it(name, options):
    rs = rulesets.get(name, **options)
    teyaku = {e.id: e.value for e in rs.entries if e.category == Category.TEYAKU}
    rules = rs.teyaku_rules()
    assert [r.id for r in rules] == list(teyaku)
    for r in rules:
        hand = rs.teyaku_example(r.id)
        assert hand.bit_count() == 7 and hand & ~rs.deck_mask == 0, r.id
        seat = r.positions[0] if r.positions else 0
        assert rs.teyaku(names_of(hand), seat) == {r.id: rs.api_amounts({r.id: teyaku[r.id]})[
            r.id]}, (name, r.id, names_of(hand))


def test_1921_rules_follow_its_claim():
    rs = rulesets.get("sudaoshi", teyaku="1921")
    sanbon = next(r for r in rs.teyaku_rules() if r.id == "sanbon")
    assert {h for h, _ in sanbon.shapes} == {(4, 2, 1), (4, 1, 1, 1), (3, 3, 1), (3, 2, 2),
                                              (3, 2, 1, 1), (3, 1, 1, 1, 1)}
    nasake = next(r for r in rs.teyaku_rules() if r.id == "nasake")
    assert nasake.positions == (1,) and nasake.need == 3 and nasake.cards == RIBBONS | WILLOW


@pytest.mark.parametrize("name,options", CONFIGS, ids=_ids(CONFIGS))
def test_special_rules_pay_what_the_specials_pay(name, options):
    rs = rulesets.get(name, **options)
    rules = {r.id: r for r in rs.special_rules()}
    assert set(rules) == {e.id for e in rs.entries if e.category == Category.SPECIAL}
    sv = getattr(rs, "specials", None)
    for rid, fn, top in (("nihachi", sv and sv.nihachi, rs.points(rs.deck_mask)),
                         ("sujuroku", sv and sv.sujuroku, (rs.deck_mask & CHAFF_EQUIV)
                          .bit_count())):
        if fn is None:
            continue
        r = rules[rid]
        for x in range(r.threshold, top + 1):
            listed = [v for n, v in r.amounts if n <= x][-1]
            beyond = max(0, x - r.amounts[-1][0])
            assert fn(x) == listed + beyond * r.step, (name, rid, x)
    if "sohachi" in rules:
        assert rules["sohachi"].amounts == ((88, sv.sohachi),)


@pytest.mark.parametrize("name,options", CONFIGS, ids=_ids(CONFIGS))
def test_achievement_rules_are_the_catalogues(name, options):
    rs = rulesets.get(name, **options)
    got = {r.id: r for r in rs.achievement_rules()}
    want = {e.id: e.value for e in rs.entries if e.category == Category.ACHIEVEMENT}
    assert {k: r.value for k, r in got.items()} == want
    teyaku = {e.id for e in rs.entries if e.category == Category.TEYAKU}
    for r in got.values():
        assert set(r.teyaku) <= teyaku
        assert r.points == (0 if r.id == "tobikomi" else rs.ach_threshold)
    if "tobikomi" in got:
        assert "sanbon" in got["tobikomi"].teyaku and "teshi" not in got["tobikomi"].teyaku


@pytest.mark.parametrize("name,options,want", [
    ("hachihachi", {}, ("by_order", (12, 18, 24, 30))),
    ("hachihachi", {"dropout_fee": "by_seat", "kan": 10},
     ("by_seat", (10, 15, 20, 25, 30, 35, 40))),
    ("hachihachi", {"dropout_fee": "flat"}, ("flat", (12,))),
    ("hachihachi-nintendo", {}, ("flat", (10,))),
    ("nuki-hachihachi", {}, ("none", ())),
    ("nuki-hachihachi", {"dropout_fees": True}, ("by_order", (10, 15))),
    ("sudaoshi", {}, ("none", ())),
    ("sudaoshi", {"more_seats": True}, ("by_order", (10, 15, 20))),
    ("hachi", {}, ("none", ())),
])
def test_fee_schedule_reads_the_fees(name, options, want):
    assert rulesets.get(name, **options).fee_schedule() == want


def test_amounts_in_kan_where_the_ruleset_counts_in_kan():
    hh = rulesets.get("hachihachi", kan=10)
    assert hh.in_kan("shiso") == 20 and hh.in_kan("goko") == 12 and hh.in_kan("mizuten") == 1
    assert rulesets.get("hachihachi-nintendo").in_kan("shiso") is None
    assert rulesets.get("hachi").in_kan("kirishima") is None
    suda = rulesets.get("sudaoshi", teyaku="1921", yaku_unit=10)
    assert suda.in_kan("bozu_zoro") == 2 and suda.in_kan("shiso") is None


def test_hachi_agari_is_its_decisive_wins_in_a_row():
    rs = rulesets.get("hachi")
    assert rs.match_goal == ("agari", 1)
    assert rulesets.get("hachi", match_end="points", target_points=200).match_goal == \
        ("points", 200)
    streak, scored = None, False
    for _ in range(rs.agari_wins):
        assert not scored
        streak, scored = Hachi.agari_step(streak, 0, rs.decisive_margin)
    assert scored
    assert Hachi.agari_step(0, 0, rs.decisive_margin - 1) == (None, False)


def test_special_voids_say_what_a_special_cancels():
    from tests.engine.helpers import settle
    from tests.engine.test_rounds_family import E17B, KARASU_NUKI
    from tests.engine.test_rounds_hachihachi import ANY_TEYAKU, E6

    hh = rulesets.get("hachihachi")
    assert hh.special_voids() == (Category.TEYAKU, Category.ACHIEVEMENT)
    reasons = {p.reason for p in settle(hh, E6, hands=ANY_TEYAKU).payments}
    assert reasons == {"sujuroku"}  # the claimed sanbon were voided
    nuki = rulesets.get("nuki-hachihachi")
    assert nuki.special_voids() == ()
    reasons = {p.reason for p in settle(nuki, E17B, seats=2, hands={0: KARASU_NUKI}).payments}
    assert reasons == {"sujuroku", "karasu"}
    assert rulesets.get("hachihachi-nintendo").special_voids() == ()  # teyaku paid at claim
    assert rulesets.get("curriculum", tier=3).special_voids() == ()
    assert rulesets.get("sudaoshi").comp_mode == "non_dealers"
    assert rulesets.get("hachihachi").comp_mode == "non_dealers"
    assert rulesets.get("nuki-hachihachi").comp_mode == "none"
