"""rules/examples.md §1, §3, §4 (D12, D13), §7 (per-tier API), §8, §9 and §10 for the rulesets
``nuki-hachihachi``, ``hachi``, ``sudaoshi`` and ``curriculum``, as written there.

Rulesets are built inside the tests (never at import), so one missing ruleset fails only its
own tests. The pile fixtures of §9 live here and are shared with test_rounds_family.py.
"""

from __future__ import annotations

from functools import cache

import pytest

from game.engine import rulesets
from game.engine.cards import CARD_IDS, KINDS
from game.engine.rulesets.base import Ruleset

from . import test_rules_api as hh_api


@cache
def _get(name: str, options: tuple = ()) -> Ruleset:
    return rulesets.get(name, **dict(options))


def rs_of(name: str, **options: object) -> Ruleset:
    """A configured ruleset, built on first use (cached per name and options)."""
    return _get(name, tuple(sorted(options.items())))


def allm(*months: int) -> str:
    """'all M': the four cards of each month, in canonical order."""
    return " ".join(CARD_IDS[4 * (m - 1) + i] for m in months for i in range(4))


def cards(text: str) -> list[str]:
    return text.split()


# Card values per common.md §2, computed independently of the engine (fixture checks).
HACHI_VALUE = {c: 1 if k == "ribbon" else 10 for c, k in zip(CARD_IDS, KINDS, strict=True)}
SUDA_VALUE = {c: (1 if k == "ribbon" else 10 if k == "chaff" or c in ("curtain", "phoenix")
                  else 5) for c, k in zip(CARD_IDS, KINDS, strict=True)}
NUKI_LEFT_OUT = set(cards(allm(4, 5, 7))) | {"paulownia_yellow", "paulownia_chaff_2"}
NUKI_DECK = [c for c in CARD_IDS if c not in NUKI_LEFT_OUT]


def value(table: dict[str, int], pile: str) -> int:
    return sum(table[c] for c in pile.split())


# ---------------------------------------------------------------------------- §1 deck totals

@pytest.mark.parametrize("name, options, total, size", [
    ("nuki-hachihachi", {}, 211, 34),
    ("hachi", {}, 390, 48),
    ("sudaoshi", {}, 330, 48),
    ("sudaoshi", {"yaku_unit": 12}, 330, 48),
    *[("curriculum", {"tier": t}, 264, 48) for t in range(1, 10)],
], ids=["nuki", "hachi", "sudaoshi", "sudaoshi-yaku_unit_12",
        *[f"curriculum-tier{t}" for t in range(1, 10)]])
def test_deck_totals(name, options, total, size):
    rs = rs_of(name, **options)
    assert len(rs.deck) == size
    assert rs.card_points(rs.deck) == total
    assert list(rs.deck) == sorted(rs.deck, key=CARD_IDS.index)  # canonical order


def test_nuki_deck_is_the_34_card_deck():
    rs = rs_of("nuki-hachihachi")
    assert list(rs.deck) == NUKI_DECK
    assert len(NUKI_DECK) == 34
    for gone in NUKI_LEFT_OUT:
        assert gone not in rs.deck
    assert "phoenix" in rs.deck and "paulownia_chaff_1" in rs.deck


def test_default_curriculum_is_tier_1():
    rs = rs_of("curriculum")
    assert rs.dekiyaku(cards("crane curtain moon phoenix")) == {}
    assert rs.options["tier"] == 1


def test_names_lists_every_ruleset():
    assert set(rulesets.names()) >= {"hachihachi", "hachihachi-nintendo", "nuki-hachihachi",
                                      "hachi", "sudaoshi", "curriculum"}


# ---------------------------------------------------------------------------- §1 captures

HACHI_CAPTURE = [
    ("curtain", "iris_chaff_1", True),
    ("curtain", "maple_ribbon", True),
    ("curtain", "moon", False),
    ("cuckoo", "wisteria_chaff_1", True),
    ("cuckoo", "sake_cup", True),
    ("sake_cup", "chrysanthemum_chaff_1", True),
    ("rain_man", "phoenix", True),
    ("rain_man", "crane", False),
    ("curtain", "cherry_chaff_1", False),
]


@pytest.mark.parametrize("card, target, expected", HACHI_CAPTURE,
                         ids=[f"{a}-{b}" for a, b, _ in HACHI_CAPTURE])
def test_hachi_can_capture(card, target, expected):
    rs = rs_of("hachi")
    assert rs.can_capture(card, target) is expected
    assert rs.can_capture(target, card) is expected  # the relation is symmetric


def test_hachi_can_capture_is_the_month_sum_everywhere():
    rs = rs_of("hachi")
    for i, a in enumerate(CARD_IDS):
        for j, b in enumerate(CARD_IDS):
            if i != j:
                want = (i // 4 + 1 + j // 4 + 1) % 10 in (3, 8)
                assert rs.can_capture(a, b) is want, (a, b)


@pytest.mark.parametrize("name", ["nuki-hachihachi", "sudaoshi", "curriculum"])
@pytest.mark.parametrize("card, target, expected", [
    ("crane", "pine_chaff_1", True),
    ("crane", "curtain", False),
    ("lightning", "rain_man", True),
    ("phoenix", "paulownia_chaff_1", True),
    ("moon", "susuki_chaff_2", True),
])
def test_same_month_can_capture(name, card, target, expected):
    assert rs_of(name).can_capture(card, target) is expected


@pytest.mark.parametrize("name", ["nuki-hachihachi", "hachi", "sudaoshi", "curriculum"])
def test_can_capture_itself_raises(name):
    with pytest.raises(ValueError, match="crane"):
        rs_of(name).can_capture("crane", "crane")


def test_nuki_can_capture_outside_the_deck_raises():
    with pytest.raises(ValueError, match="cuckoo"):
        rs_of("nuki-hachihachi").can_capture("cuckoo", "wisteria_chaff_1")
    with pytest.raises(ValueError, match="paulownia_yellow"):
        rs_of("nuki-hachihachi").can_capture("phoenix", "paulownia_yellow")


# ---------------------------------------------------------------------------- §3 Nuki teyaku

NUKI_T = {
    "N1": ("crane pine_ribbon pine_chaff_1 warbler plum_ribbon plum_chaff_1 peony_chaff_1",
           {"sanbon": 20}),
    "N2": ("crane pine_ribbon pine_chaff_1 warbler plum_chaff_1 cherry_ribbon cherry_chaff_1",
           {"haneken": 80}),
    "N3": ("deer maple_ribbon maple_chaff_1 maple_chaff_2 pine_chaff_1 plum_chaff_1 "
           "cherry_chaff_1", {"teshi": 40}),
    "N4": ("curtain cherry_ribbon cherry_chaff_1 cherry_chaff_2 geese susuki_chaff_1 "
           "maple_chaff_1", {"ichinishi": 80}),
    "N5": ("rain_man pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1 "
           "chrysanthemum_chaff_1 maple_chaff_1", {"karasu": 40}),
    "N6": ("crane pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1 susuki_chaff_1 "
           "maple_chaff_1", {"pikaichi": 40}),
}


@pytest.mark.parametrize("key", list(NUKI_T))
def test_nuki_teyaku(key):
    hand, expected = NUKI_T[key]
    rs = rs_of("nuki-hachihachi")
    assert rs.teyaku(cards(hand)) == expected
    assert rs.teyaku(cards(hand), seat=1) == expected  # the seat does not matter


# ---------------------------------------------------------------------------- §4 D12, D13

NUKI_DEK = [
    ("D12", "pine_ribbon plum_ribbon cherry_ribbon peony_ribbon chrysanthemum_ribbon "
            "maple_ribbon willow_ribbon", {"nanatan": 100, "akatan": 70, "aotan": 70}),
    ("D13", "crane curtain moon phoenix", {"shiko": 100}),
    ("D13-goko", "crane curtain moon rain_man phoenix", {"goko": 120}),
    ("D13-rainy-four", "crane curtain moon rain_man", {}),
    ("no-willow-no-nanatan", "pine_ribbon plum_ribbon cherry_ribbon peony_ribbon "
                             "chrysanthemum_ribbon maple_ribbon", {"akatan": 70, "aotan": 70}),
    ("no-bdb", "deer butterflies", {}),
]


@pytest.mark.parametrize("key, pile, expected", NUKI_DEK, ids=[r[0] for r in NUKI_DEK])
def test_nuki_dekiyaku(key, pile, expected):
    assert rs_of("nuki-hachihachi").dekiyaku(cards(pile)) == expected


# ---------------------------------------------------------------------------- §7 curriculum

D1 = "crane curtain moon phoenix"
T3 = hh_api.T["T3"][0]
D4 = hh_api.D4


@pytest.mark.parametrize("tier", range(1, 10))
def test_curriculum_api_per_tier(tier):
    rs = rs_of("curriculum", tier=tier)
    assert rs.dekiyaku(cards(D1)) == ({} if tier == 1 else {"shiko": 120})
    assert rs.teyaku(cards(T3)) == ({} if tier <= 4 else {"sanbon": 24, "pikaichi": 48})
    if tier == 1:
        d4 = {}
    elif tier <= 6:
        d4 = {"akatan": 84, "aotan": 84}
    else:
        d4 = {"nanatan": 120, "akatan": 84, "aotan": 84}
    assert rs.dekiyaku(cards(D4)) == d4
    assert rs.dekiyaku(cards("boar deer butterflies")) == {}  # bdb=false at every tier


@pytest.mark.parametrize("key", sorted(hh_api.T, key=lambda k: int(k[1:])))
def test_curriculum_tier9_teyaku_as_hachihachi(key):
    hand, hh_expected = hh_api.T[key][0], hh_api.T[key][1]
    assert rs_of("curriculum", tier=9).teyaku(cards(hand)) == hh_expected
    assert rs_of("curriculum", tier=9).teyaku(cards(hand)) == hh_api.HH.teyaku(cards(hand))


def _hh_default_dekiyaku_vectors() -> list[tuple[str, str, dict]]:
    """The hachihachi-defaults rows of test_rules_api.test_dekiyaku_vectors' table."""
    mark = next(m for m in hh_api.test_dekiyaku_vectors.pytestmark if m.name == "parametrize")
    return [(name, pile, expected) for name, options, pile, expected in mark.args[1]
            if options == {}]


HH_DEK = _hh_default_dekiyaku_vectors()


@pytest.mark.parametrize("name, pile, expected", HH_DEK, ids=[r[0] for r in HH_DEK])
def test_curriculum_tier9_dekiyaku_as_hachihachi(name, pile, expected):
    assert rs_of("curriculum", tier=9).dekiyaku(cards(pile)) == expected


def test_tier9_tables_were_found():
    assert {"D1", "D2", "D3", "D4", "D5", "D6b", "D7"} <= {r[0] for r in HH_DEK}
    assert len(hh_api.T) == 19


# ---------------------------------------------------------------------------- §8 hachi

HACHI_S = {
    "H-S1": ("curtain boar bridge butterflies cherry_ribbon iris_ribbon peony_ribbon "
             "clover_ribbon pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2", 84,
             {"shichigosan": 10, "shichigosan_tan": 20, "sangoro": 10, "sangoro_tan": 20},
             144),
    "H-S2": ("geese wisteria_ribbon willow_ribbon clover_ribbon chrysanthemum_ribbon "
             "maple_ribbon paulownia_yellow plum_ribbon", 26,
             {"kirishima_tan": 20, "yashima_tan": 20, "nakazo_tan": 20, "den_tan": 20,
              "jushichihachi": 20}, 126),
    "H-S3": ("phoenix cuckoo rain_man moon warbler", 50,
             {"kirishima": 10, "yashima": 10, "den": 10}, 80),
    "H-S4": ("paulownia_chaff_1 wisteria_ribbon willow_ribbon", 12, {}, 12),
    "H-S5": ("crane warbler curtain pine_ribbon plum_ribbon cherry_ribbon moon boar sake_cup "
             "deer butterflies bridge iris_ribbon peony_ribbon maple_ribbon", 96,
             {"goroju": 10, "goroju_tan": 20, "shichigosan": 10, "nakazo": 10,
              "ichinisan": 10, "ichinisan_tan": 20, "sangoro": 10, "sangoro_tan": 20}, 206),
}


@pytest.mark.parametrize("key", list(HACHI_S))
def test_hachi_vectors_are_consistent(key):
    pile, points, yaku, score = HACHI_S[key]
    assert value(HACHI_VALUE, pile) == points
    assert points + sum(yaku.values()) == score


@pytest.mark.parametrize("key", list(HACHI_S))
def test_hachi_card_points(key):
    pile, points, _, _ = HACHI_S[key]
    assert rs_of("hachi").card_points(cards(pile)) == points


@pytest.mark.parametrize("key", list(HACHI_S))
def test_hachi_dekiyaku(key):
    pile, _, yaku, _ = HACHI_S[key]
    rs = rs_of("hachi")
    assert rs.dekiyaku(cards(pile)) == yaku
    assert rs.dekiyaku(cards(pile), seat=1) == yaku  # the seat is ignored


@pytest.mark.parametrize("key", list(HACHI_S))
def test_hachi_score(key):
    pile, _, _, score = HACHI_S[key]
    rs = rs_of("hachi")
    assert rs.card_points(cards(pile)) + sum(rs.dekiyaku(cards(pile)).values()) == score


@pytest.mark.parametrize("pile, expected", [
    ("phoenix cuckoo swallow", {}),  # swallow never replaces rain_man
    ("paulownia_chaff_2 plum_ribbon willow_ribbon", {}),  # no stand-in for paulownia_yellow
    ("phoenix plum_ribbon willow_ribbon", {}),
    ("maple_ribbon clover_ribbon geese", {"jushichihachi": 20}),
    ("bridge cuckoo butterflies", {"goshiroku": 10}),
    ("iris_ribbon wisteria_ribbon peony_ribbon", {"goshiroku_tan": 20}),
    ("sake_cup rain_man curtain", {"kumanosan": 10}),
    ("chrysanthemum_ribbon willow_ribbon cherry_ribbon", {"kumanosan_tan": 20}),
], ids=["swallow", "plain-paulownia", "phoenix", "jushichihachi", "goshiroku",
        "goshiroku_tan", "kumanosan", "kumanosan_tan"])
def test_hachi_yaku_cards(pile, expected):
    assert rs_of("hachi").dekiyaku(cards(pile)) == expected


@pytest.mark.parametrize("key", ["T1", "T5", "T12", "T17", "T19"])
def test_hachi_has_no_teyaku(key):
    assert rs_of("hachi").teyaku(cards(hh_api.T[key][0])) == {}


def test_hachi_empty_pile():
    rs = rs_of("hachi")
    assert rs.dekiyaku([]) == {} and rs.card_points([]) == 0


# ---------------------------------------------------------------------------- §9 sudaoshi

MONTH_TOTALS = {1: 26, 2: 26, 3: 31, 4: 26, 5: 26, 6: 26, 7: 26, 8: 30, 9: 26, 10: 26,
                11: 21, 12: 40}


@pytest.mark.parametrize("month", range(1, 13))
def test_sudaoshi_month_totals(month):
    assert value(SUDA_VALUE, allm(month)) == MONTH_TOTALS[month]
    assert rs_of("sudaoshi").card_points(cards(allm(month))) == MONTH_TOTALS[month]


def test_sudaoshi_month_totals_sum_to_330():
    assert sum(MONTH_TOTALS.values()) == 330
    assert rs_of("sudaoshi").card_points(cards(allm(*range(1, 13)))) == 330


# Round vectors S-1 to S-4: piles by position (0 = D, 1 = R, 2 = L).
S1 = {0: allm(8, 12, 1) + " curtain cherry_chaff_1",
      1: "willow_ribbon lightning " + allm(6, 7, 9, 10),
      2: "rain_man swallow " + allm(2, 4, 5) + " cherry_ribbon cherry_chaff_2"}
S2 = {0: "moon geese " + allm(12, 1, 3),
      1: allm(11, 2, 4, 5),
      2: "susuki_chaff_1 susuki_chaff_2 " + allm(6, 7, 9, 10)}
S3 = {0: allm(1, 2, 3, 4), 1: allm(5, 6, 7, 9), 2: allm(10, 11, 8, 12)}
S4 = {0: "moon susuki_chaff_1 " + allm(6, 7, 9, 10),
      1: "rain_man willow_ribbon " + allm(3, 4, 5, 12),
      2: "geese susuki_chaff_2 swallow lightning " + allm(1, 2)}
S_PILES = {"S-1": S1, "S-2": S2, "S-3": S3, "S-4": S4}
S_POINTS = {"S-1": (116, 115, 99), "S-2": (107, 99, 124), "S-3": (109, 104, 117),
            "S-4": (119, 129, 82)}


@pytest.mark.parametrize("key", list(S_PILES))
def test_sudaoshi_pile_sets_use_all_48_cards(key):
    piles = S_PILES[key]
    seen = [c for p in piles.values() for c in p.split()]
    assert sorted(seen) == sorted(CARD_IDS)  # every card once
    assert all(len(p.split()) % 2 == 0 for p in piles.values())
    assert tuple(value(SUDA_VALUE, piles[s]) for s in range(3)) == S_POINTS[key]
    assert sum(S_POINTS[key]) == 330


@pytest.mark.parametrize("key", list(S_PILES))
def test_sudaoshi_card_points(key):
    rs = rs_of("sudaoshi")
    assert tuple(rs.card_points(cards(S_PILES[key][s])) for s in range(3)) == S_POINTS[key]


SUDA_DEK = [
    ("S-1-D", {}, S1[0], 0, {"bozu_zoro": 20}),
    ("S-1-R", {}, S1[1], 1, {}),
    ("S-1-L", {}, S1[2], 2, {"ame_kaburi": 10}),
    ("S-1-L-top_yaku_false", {"top_yaku": False}, S1[2], 2, {}),
    ("S-1-D-top_yaku_false", {"top_yaku": False}, S1[0], 0, {"bozu_zoro": 20}),
    ("S-2-D", {}, S2[0], 0, {"bozu_kaburi": 10}),
    ("S-2-D-top_yaku_false", {"top_yaku": False}, S2[0], 0, {}),
    ("S-2-R", {}, S2[1], 1, {}),
    ("S-2-R-at-seat-2", {}, S2[1], 2, {"ame_zoro": 20}),
    ("S-2-R-at-seat-0", {}, S2[1], 0, {}),
    ("S-2-L", {}, S2[2], 2, {}),
    ("S-3-D", {}, S3[0], 0, {}),
    ("S-3-R", {}, S3[1], 1, {}),
    ("S-3-L", {}, S3[2], 2, {"bozu_zoro": 20, "ame_zoro": 20}),
    ("S-3-L-at-seat-0", {}, S3[2], 0, {"bozu_zoro": 20}),
    ("S-3-L-yaku_unit_12", {"yaku_unit": 12}, S3[2], 2, {"bozu_zoro": 24, "ame_zoro": 24}),
    ("S-4-D", {}, S4[0], 0, {}),
    ("S-4-R", {}, S4[1], 1, {}),
    ("S-4-L", {}, S4[2], 2, {}),
]


@pytest.mark.parametrize("key, options, pile, seat, expected", SUDA_DEK,
                         ids=[r[0] for r in SUDA_DEK])
def test_sudaoshi_dekiyaku(key, options, pile, seat, expected):
    assert rs_of("sudaoshi", **options).dekiyaku(cards(pile), seat) == expected


# Teyaku T-1 to T-10: (hand, teyaku="hachihachi" yaku_unit=10, teyaku="1921" at seat 0).
SUDA_T = {
    "T-1": ("crane pine_ribbon pine_chaff_1 plum_chaff_1 cherry_chaff_1 iris_chaff_1 "
            "maple_chaff_1", {"sanbon": 20}, {"sanbon": 10}),
    "T-2": ("cuckoo wisteria_ribbon wisteria_chaff_1 pine_chaff_1 plum_chaff_1 cherry_chaff_1 "
            "susuki_chaff_1", {"tatesanbon": 30}, {"sanbon": 10}),
    "T-3": ("rain_man swallow willow_ribbon lightning paulownia_chaff_1 paulownia_chaff_2 "
            "paulownia_yellow", {"shiso": 200, "karasu": 40}, {"shiso": 30}),
    "T-4": ("crane plum_chaff_1 cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 peony_chaff_1 "
            "clover_chaff_1", {"pikaichi": 40}, {}),
    "T-5": ("rain_man pine_chaff_1 plum_chaff_1 cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 "
            "peony_chaff_1", {"karasu": 40}, {}),
    "T-6": ("pine_ribbon plum_ribbon cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 "
            "peony_chaff_1 clover_chaff_1", {"aka": 20}, {}),
    "T-7": ("willow_ribbon plum_ribbon pine_chaff_1 cherry_chaff_1 wisteria_chaff_1 "
            "iris_chaff_1 peony_chaff_1", {"tanichi": 30}, {}),
    "T-8": ("pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 "
            "iris_chaff_1", {"kuttsuki": 40, "karasu": 40}, {"kuttsuki": 20}),
    "T-9": ("phoenix paulownia_chaff_1 paulownia_yellow pine_chaff_1 plum_chaff_1 "
            "cherry_chaff_1 iris_chaff_1", {"sanbon": 20, "pikaichi": 40}, {"sanbon": 10}),
    "T-10": ("bridge iris_ribbon iris_chaff_1 boar clover_chaff_1 clover_chaff_2 pine_chaff_1",
             {"futatatesanbon": 80}, {"sanbon": 10}),
}
T_KEYS = sorted(SUDA_T, key=lambda k: int(k[2:]))


@pytest.mark.parametrize("key", T_KEYS)
def test_sudaoshi_teyaku_hachihachi(key):
    hand, expected, _ = SUDA_T[key]
    assert rs_of("sudaoshi").teyaku(cards(hand)) == expected
    assert rs_of("sudaoshi", teyaku="hachihachi", yaku_unit=10).teyaku(cards(hand)) == expected
    for seat in (1, 2):  # no seat-bound teyaku in this set
        assert rs_of("sudaoshi").teyaku(cards(hand), seat) == expected


@pytest.mark.parametrize("key", T_KEYS)
def test_sudaoshi_teyaku_1921(key):
    hand, _, expected = SUDA_T[key]
    assert rs_of("sudaoshi", teyaku="1921").teyaku(cards(hand), 0) == expected
    assert rs_of("sudaoshi", teyaku="1921").teyaku(cards(hand), 2) == expected  # no nasake


@pytest.mark.parametrize("key", T_KEYS)
def test_sudaoshi_teyaku_none(key):
    assert rs_of("sudaoshi", teyaku="none").teyaku(cards(SUDA_T[key][0])) == {}
    assert rs_of("sudaoshi", teyaku="none").teyaku(cards(SUDA_T[key][0]), 1) == {}


NASAKE_HAND = ("pine_ribbon plum_ribbon lightning cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 "
               "peony_chaff_1")


SUDA_T_MORE = [
    ("T-3-seat1-1921", {"teyaku": "1921"}, SUDA_T["T-3"][0], 1, {"shiso": 30, "nasake": 10}),
    ("nasake-seat1-1921", {"teyaku": "1921"}, NASAKE_HAND, 1, {"nasake": 10}),
    ("nasake-seat0-1921", {"teyaku": "1921"}, NASAKE_HAND, 0, {}),
    ("nasake-seat2-1921", {"teyaku": "1921"}, NASAKE_HAND, 2, {}),
    ("nasake-seat0-hachihachi", {}, NASAKE_HAND, 0, {"aka": 20}),
    ("nasake-seat1-hachihachi", {}, NASAKE_HAND, 1, {"aka": 20}),
    ("nasake-seat2-hachihachi", {}, NASAKE_HAND, 2, {"aka": 20}),
    ("T10-of-2-1921", {"teyaku": "1921"}, hh_api.T["T10"][0], 0, {"sanbon": 10}),
    ("T11-of-2-1921", {"teyaku": "1921"}, hh_api.T["T11"][0], 0, {"sanbon": 10}),
    ("T-1-yaku_unit_12", {"yaku_unit": 12}, SUDA_T["T-1"][0], 0, {"sanbon": 24}),
    ("T-3-yaku_unit_12", {"yaku_unit": 12}, SUDA_T["T-3"][0], 0, {"shiso": 240, "karasu": 48}),
    ("T-1-1921-not-scaled", {"teyaku": "1921", "yaku_unit": 12}, SUDA_T["T-1"][0], 0,
     {"sanbon": 10}),
    ("T-7-seat1-1921", {"teyaku": "1921"}, SUDA_T["T-7"][0], 1, {}),
    ("nasake-seat1-none", {"teyaku": "none"}, NASAKE_HAND, 1, {}),
]


@pytest.mark.parametrize("key, options, hand, seat, expected", SUDA_T_MORE,
                         ids=[r[0] for r in SUDA_T_MORE])
def test_sudaoshi_teyaku_more(key, options, hand, seat, expected):
    assert rs_of("sudaoshi", **options).teyaku(cards(hand), seat) == expected


# ---------------------------------------------------------------------------- §10 errors

T1_HAND = hh_api.T["T1"][0]

ERRORS = [
    # examples.md §10, the lines for these rulesets
    ("curriculum-tier10", lambda: rulesets.get("curriculum", tier=10), "10"),
    ("sudaoshi-teyaku-nintendo", lambda: rulesets.get("sudaoshi", teyaku="nintendo"),
     "nintendo"),
    ("nuki-card_points-cuckoo", lambda: rs_of("nuki-hachihachi").card_points(["cuckoo"]),
     "cuckoo"),
    ("sudaoshi-dekiyaku-seat3", lambda: rs_of("sudaoshi").dekiyaku(cards(S1[0]), seat=3), "3"),
    # ours: the same kinds of error
    ("curriculum-tier0", lambda: rulesets.get("curriculum", tier=0), "0"),
    ("curriculum-tier-str", lambda: rulesets.get("curriculum", tier="9"), "'9'"),
    ("curriculum-kan", lambda: rulesets.get("curriculum", kan=10), "kan"),
    ("curriculum-bdb", lambda: rulesets.get("curriculum", bdb=False), "bdb"),
    ("curriculum-rounds0", lambda: rulesets.get("curriculum", rounds=0), "rounds"),
    ("hachi-kan", lambda: rulesets.get("hachi", kan=12), "kan"),
    ("hachi-teyaku", lambda: rulesets.get("hachi", teyaku="none"), "teyaku"),
    ("hachi-match_end", lambda: rulesets.get("hachi", match_end="forever"), "forever"),
    ("hachi-agari_count0", lambda: rulesets.get("hachi", agari_count=0), "agari_count"),
    ("hachi-target_points0", lambda: rulesets.get("hachi", target_points=0), "target_points"),
    ("hachi-rounds0", lambda: rulesets.get("hachi", rounds=0), "rounds"),
    ("nuki-bdb", lambda: rulesets.get("nuki-hachihachi", bdb=True), "bdb"),
    ("nuki-kan", lambda: rulesets.get("nuki-hachihachi", kan=10), "kan"),
    ("nuki-forced_out_comp", lambda: rulesets.get("nuki-hachihachi", forced_out_comp="all"),
     "'all'"),
    ("nuki-mizuten-int", lambda: rulesets.get("nuki-hachihachi", mizuten=1), "mizuten"),
    ("sudaoshi-yaku_unit11", lambda: rulesets.get("sudaoshi", yaku_unit=11), "11"),
    ("sudaoshi-kan", lambda: rulesets.get("sudaoshi", kan=10), "kan"),
    ("sudaoshi-field_four", lambda: rulesets.get("sudaoshi", field_four="redeal"), "redeal"),
    ("sudaoshi-more_seats-str", lambda: rulesets.get("sudaoshi", more_seats="yes"), "yes"),
    ("nuki-teyaku-outside", lambda: rs_of("nuki-hachihachi").teyaku(
        cards("paulownia_chaff_2 pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1 "
              "susuki_chaff_1 maple_chaff_1")), "paulownia_chaff_2"),
    ("nuki-dekiyaku-outside", lambda: rs_of("nuki-hachihachi").dekiyaku(
        cards("crane curtain paulownia_yellow")), "paulownia_yellow"),
    ("nuki-card_points-boar", lambda: rs_of("nuki-hachihachi").card_points(
        cards("crane boar")), "boar"),
    ("nuki-teyaku-6-cards", lambda: rs_of("nuki-hachihachi").teyaku(
        cards("crane pine_ribbon pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1")),
     "6"),
    ("nuki-teyaku-duplicate", lambda: rs_of("nuki-hachihachi").teyaku(
        cards("crane crane pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1 "
              "maple_chaff_1")), "crane"),
    ("hachi-teyaku-6-cards", lambda: rs_of("hachi").teyaku(cards(T1_HAND)[:6]), "6"),
    ("hachi-dekiyaku-duplicate", lambda: rs_of("hachi").dekiyaku(["moon", "moon"]), "moon"),
    ("hachi-card_points-unknown", lambda: rs_of("hachi").card_points(["dragon"]), "dragon"),
    ("sudaoshi-teyaku-seat3", lambda: rs_of("sudaoshi").teyaku(cards(T1_HAND), 3), "3"),
    ("sudaoshi-dekiyaku-seat-1", lambda: rs_of("sudaoshi").dekiyaku(cards(S1[0]), -1), "-1"),
    ("sudaoshi-dekiyaku-duplicate", lambda: rs_of("sudaoshi").dekiyaku(["moon", "moon"]),
     "moon"),
    ("curriculum-teyaku-duplicate", lambda: rs_of("curriculum", tier=5).teyaku(
        cards("crane crane pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1 "
              "maple_chaff_1")), "crane"),
    ("curriculum-card_points-unknown", lambda: rs_of("curriculum").card_points(["dragon"]),
     "dragon"),
]


@pytest.mark.parametrize("key, call, needle", ERRORS, ids=[e[0] for e in ERRORS])
def test_api_errors_name_the_value(key, call, needle):
    with pytest.raises(ValueError) as info:
        call()
    assert needle in str(info.value)


@pytest.mark.parametrize("name, options", [
    ("nuki-hachihachi", {"mizuten": False, "compulsory_two": False, "dropout_fees": True,
                         "forced_out_comp": "all_active", "rounds": 3}),
    ("hachi", {"match_end": "points", "agari_count": 2, "rounds": 5, "target_points": 50}),
    ("sudaoshi", {"teyaku": "1921", "yaku_unit": 12, "top_yaku": False,
                  "field_four": "dealer_takes", "more_seats": True, "rounds": 6}),
    ("curriculum", {"tier": 9, "rounds": 4}),
], ids=["nuki", "hachi", "sudaoshi", "curriculum"])
def test_every_documented_option_is_accepted(name, options):
    rs = rulesets.get(name, **options)
    for k, v in options.items():
        assert rs.options[k] == v
