"""rules/examples.md §6 (E17, nuki), §7 (E18, curriculum), §8 (hachi turns and agari) and §9
(sudaoshi S-1 to S-5): round vectors, plus whole rounds played by random agents.

Rulesets are built inside the tests, so one missing ruleset fails only its own tests.
"""

from __future__ import annotations

import pytest

from game.engine import record as records
from game.engine.actions import Action, parse_action
from game.engine.cards import ALL_MASK, CARD_IDS, CHAFF_EQUIV, INDEX, names_of
from game.engine.state import PLAY_PH, TAKE_PH, State
from game.simulate import simulate

from . import test_rounds_hachihachi as hh_rounds
from .helpers import M, piles_with_points, position, settle
from .test_rules_api_family import (
    HACHI_VALUE,
    NUKI_DECK,
    S1,
    S2,
    S3,
    S4,
    SUDA_T,
    SUDA_VALUE,
    allm,
    rs_of,
)

HH = hh_rounds.HH


def nuki():
    return rs_of("nuki-hachihachi")


def hachi(**options):
    return rs_of("hachi", **options)


def suda(**options):
    return rs_of("sudaoshi", **options)


def cur(tier: int):
    return rs_of("curriculum", tier=tier)


def hh_points(pile: str) -> int:
    """Hachi-Hachi family card points (the Nuki values are the same), via hachihachi."""
    return HH.points(M(pile))


def chaff_eq(pile: str) -> int:
    return (M(pile) & CHAFF_EQUIV).bit_count()


def by_reason(result) -> dict[str, list[tuple[int, int, int]]]:
    out: dict[str, list[tuple[int, int, int]]] = {}
    for p in result.payments:
        out.setdefault(p.reason, []).append((p.frm, p.to, p.amount))
    return {k: sorted(v) for k, v in out.items()}


# ============================================================================ E17: nuki

# (a) A 120, B 91 (ours): no dekiyaku (shiko, akatan and aotan split), under 16 chaff-eq.
E17A = {
    0: "crane curtain rain_man butterflies geese sake_cup pine_ribbon plum_ribbon peony_ribbon "
       "willow_ribbon pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 "
       "cherry_chaff_2 peony_chaff_1 peony_chaff_2 susuki_chaff_1 susuki_chaff_2",
    1: "moon phoenix warbler deer swallow cherry_ribbon chrysanthemum_ribbon maple_ribbon "
       "chrysanthemum_chaff_1 chrysanthemum_chaff_2 maple_chaff_1 maple_chaff_2 lightning "
       "paulownia_chaff_1",
}
# (b) as written: A's 20-card pile; B holds the other 14 cards.
E17B_A = ("pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 "
          "peony_chaff_1 peony_chaff_2 susuki_chaff_1 susuki_chaff_2 chrysanthemum_chaff_1 "
          "chrysanthemum_chaff_2 maple_chaff_1 lightning paulownia_chaff_1 rain_man "
          "willow_ribbon crane cherry_ribbon peony_ribbon")
E17B = {0: E17B_A, 1: " ".join(c for c in NUKI_DECK if c not in E17B_A.split())}
KARASU_NUKI = ("pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1 susuki_chaff_1 "
               "chrysanthemum_chaff_1 maple_chaff_1")
# (c) 106 / 105 (ours), no dekiyaku, under 16 chaff-eq each.
P106 = ("crane curtain rain_man butterflies geese sake_cup pine_ribbon peony_ribbon "
        "pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2")
P105 = ("moon phoenix warbler deer swallow plum_ribbon cherry_ribbon chrysanthemum_ribbon "
        "maple_ribbon willow_ribbon peony_chaff_1 peony_chaff_2 susuki_chaff_1 susuki_chaff_2 "
        "chrysanthemum_chaff_1 chrysanthemum_chaff_2 maple_chaff_1 maple_chaff_2 lightning "
        "paulownia_chaff_1")


@pytest.mark.parametrize("piles, points, chaff", [
    (E17A, (120, 91), None),
    (E17B, (70, 141), (17, 2)),
    ({0: P106, 1: P105}, (106, 105), None),
], ids=["E17a", "E17b", "E17c"])
def test_e17_piles_are_as_described(piles, points, chaff):
    seen = sorted(c for p in piles.values() for c in p.split())
    assert seen == sorted(NUKI_DECK)  # all 34 cards, each once
    assert (hh_points(piles[0]), hh_points(piles[1])) == points
    assert all(HH.dekiyaku(p.split()) == {} for p in piles.values())
    assert all(len(p.split()) % 2 == 0 for p in piles.values())
    if chaff is None:
        assert max(chaff_eq(p) for p in piles.values()) < 16
    else:
        assert (chaff_eq(piles[0]), chaff_eq(piles[1])) == chaff
    assert HH.teyaku(KARASU_NUKI.split()) == {"karasu": 48}  # a karasu hand (40 in Nuki)


def test_e17a_card_points_m2():
    r = settle(nuki(), E17A, m=2, seats=2)
    assert r.net == (58, -58)
    assert (r.winner, r.ending, r.multiplier) == (0, "card_points", 2)
    assert by_reason(r) == {"card_points": [(1, 0, 58)]}


def test_e17b_sujuroku_plus_teyaku():
    rs = nuki()
    assert rs.dekiyaku(E17B[0].split()) == {} and rs.dekiyaku(E17B[1].split()) == {}
    assert rs.teyaku(KARASU_NUKI.split()) == {"karasu": 40}
    r = settle(rs, E17B, seats=2, hands={0: KARASU_NUKI})
    assert r.net == (180, -180)
    assert (r.winner, r.ending) == (0, "sujuroku")
    assert by_reason(r) == {"sujuroku": [(1, 0, 140)], "karasu": [(1, 0, 40)]}


@pytest.mark.parametrize("seats, active, dealer_pile, net, mizuten", [
    (2, None, "106", (11, -11), [(1, 0, 10)]),
    (2, None, "105", (-11, 11), [(0, 1, 10)]),
    (3, [0, 1], "106", (21, -11, -10), [(1, 0, 10), (2, 0, 10)]),
    (3, [0, 1], "105", (-11, 11, 0), [(0, 1, 10)]),
], ids=["2seats-106", "2seats-105", "3seats-106", "3seats-105"])
def test_e17c_mizuten(seats, active, dealer_pile, net, mizuten):
    # The 1-point card difference is paid too (106 vs 105); mizuten is 1 kan = 10.
    piles = {0: P106, 1: P105} if dealer_pile == "106" else {0: P105, 1: P106}
    r = settle(nuki(), piles, seats=seats, active=active, mizuten=True)
    assert by_reason(r)["mizuten"] == mizuten
    assert r.net == net
    assert r.ending == "card_points"


def _nuki_deck_with_field(field: str) -> list[int]:
    rest = [c for c in NUKI_DECK if c not in field.split()]
    return [INDEX[c] for c in rest[:14] + field.split() + rest[14:]]


def test_e17d_paulownia_rule_real_deal():
    rs = nuki()
    st = rs.new_state(2, 0)
    field = "phoenix paulownia_chaff_1 pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1"
    st.start_round(_nuki_deck_with_field(field))
    if Action(0, "pass") in st.legal_actions():
        st.apply(Action(0, "pass"))  # decline mizuten
    assert st.results == []
    assert st.phase == PLAY_PH and st.to_move == 0
    assert st.captured[0] == M("phoenix paulownia_chaff_1")
    assert hh_points("phoenix paulownia_chaff_1") == 21
    assert st.captured[1] == 0
    assert st.field == M("pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1")
    assert st.field.bit_count() == 4
    assert len(st.pile) - st.pile_pos == 14
    assert st.m == 1  # phoenix has no effect on the Nuki field


def test_nuki_mizuten_is_offered_with_two_seats():
    rs = nuki()
    st = rs.new_state(2, 0)
    st.start_round(_nuki_deck_with_field("pine_chaff_1 plum_chaff_1 cherry_chaff_1 "
                                         "peony_chaff_1 susuki_chaff_1 maple_chaff_1"))
    legal = st.legal_actions()
    assert Action(0, "mizuten") in legal and Action(0, "pass") in legal


def test_e17e_field_multiplier():
    rs = nuki()
    m, carry = rs.field_multiplier(M("crane curtain"), rs.initial_carry())
    assert m == 2 and rs.carry_list(carry) == (2,)
    m, carry = rs.field_multiplier(M(""), carry)  # one more Large round follows
    assert m == 2 and rs.carry_list(carry) == ()
    assert rs.field_multiplier(M(""), carry)[0] == 1
    m, carry = rs.field_multiplier(M("crane curtain moon"), rs.initial_carry())
    assert m == 2 and rs.carry_list(carry) == (2, 2)
    for field in ("rain_man", "phoenix", "rain_man phoenix", ""):
        m, carry = rs.field_multiplier(M(field), rs.initial_carry())
        assert m == 1 and rs.carry_list(carry) == (), field
    m, carry = rs.field_multiplier(M("moon rain_man"), rs.initial_carry())
    assert m == 2 and rs.carry_list(carry) == ()


@pytest.mark.parametrize("seats, ok", [(1, False), (2, True), (3, True), (4, True), (5, False)])
def test_nuki_seats(seats, ok):
    if ok:
        assert nuki().new_state(seats, 0).n == seats
    else:
        with pytest.raises(ValueError):
            nuki().new_state(seats, 0)


# ============================================================================ E18: curriculum

AKATAN = hh_rounds.AKATAN
AOTAN = hh_rounds.AOTAN
# 17 chaff-equivalents for A (ours, from E6: one chaff to B, wisteria_ribbon to A).
E18_CH17 = {
    0: hh_rounds.E6[0].replace(" clover_chaff_2", "") + " wisteria_ribbon",
    1: hh_rounds.E6[1].replace(" wisteria_ribbon", "") + " clover_chaff_2",
    2: hh_rounds.E6[2],
}


def test_e18_chaff17_piles():
    assert chaff_eq(E18_CH17[0]) == 17
    assert [hh_points(E18_CH17[s]) for s in range(3)] == [35, 110, 119]
    assert sum(M(p) for p in E18_CH17.values()) == ALL_MASK
    assert all(HH.dekiyaku(p.split()) == {} for p in E18_CH17.values())


# ours: A holds shiko, C every ribbon (akatan, aotan, nanatan) and 21 chaff-equivalents.
TIER1_YAKU = {
    0: "crane curtain moon phoenix pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2",
    1: "rain_man warbler cuckoo bridge butterflies boar geese sake_cup deer swallow",
    2: " ".join(c for c in CARD_IDS if c not in (
        "crane curtain moon phoenix pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 "
        "rain_man warbler cuckoo bridge butterflies boar geese sake_cup deer swallow").split()),
}


def test_e18_tier1_yaku_piles():
    assert [hh_points(TIER1_YAKU[s]) for s in range(3)] == [84, 110, 70]
    assert HH.dekiyaku(TIER1_YAKU[0].split()) == {"shiko": 120}
    assert "nanatan" in HH.dekiyaku(TIER1_YAKU[2].split())
    assert chaff_eq(TIER1_YAKU[2]) == 21


def _tier1_piles() -> dict[int, str]:
    return {s: " ".join(p) for s, p in enumerate(piles_with_points(HH, [100, 90, 74]))}


E18 = [
    # id, tier, settle keyword arguments, net, winner, ending
    ("tier1-card-points", 1, {"piles": "tier1"}, (12, 2, -14), 0, "card_points"),
    ("tier2-akatan-stop", 2, {"piles": {0: AKATAN}, "ending": "shoubu", "caller": 0},
     (168, -84, -84), 0, "shoubu"),
    ("tier2-shiko-akatan", 2, {"piles": {0: "crane curtain moon phoenix " + AKATAN},
                               "ending": "shoubu", "caller": 0},
     (408, -204, -204), 0, "shoubu"),
    ("tier3-sujuroku-17", 3, {"piles": E18_CH17}, (336, -168, -168), 0, "sujuroku"),
    ("tier3-nihachi-flat", 3, {"piles": hh_rounds.E5}, (240, -120, -120), 0, "nihachi"),
    ("tier3-sohachi", 3, {"piles": hh_rounds.E7}, (240, -120, -120), 0, "sohachi"),
    ("tier4-akatan-sage-aotan", 4, {"piles": {0: AKATAN + " " + AOTAN}, "sage_order": (0,),
                                    "ending": "shoubu", "caller": 0},
     (336, -168, -168), 0, "shoubu"),
    ("tier4-shiko-sage-goko", 4, {"piles": {0: "crane curtain moon rain_man phoenix"},
                                  "sage_order": (0,), "ending": "shoubu", "caller": 0},
     (288, -144, -144), 0, "shoubu"),
    ("tier7-nihachi-standard", 7, {"piles": hh_rounds.E5}, (288, -144, -144), 0, "nihachi"),
    # ours: below tier 3 the E5 piles are plain card points (170, 51, 43)
    ("tier1-E5-no-specials", 1, {"piles": hh_rounds.E5}, (82, -37, -45), 0, "card_points"),
    ("tier2-E5-no-specials", 2, {"piles": hh_rounds.E5}, (82, -37, -45), 0, "card_points"),
    # ours: tier 1 ignores dekiyaku and chaff: card points only (84, 110, 70)
    ("tier1-yaku-ignored", 1, {"piles": "tier1-yaku"}, (-4, 22, -18), 1, "card_points"),
    # ours: teyaku and achievements only from tiers 5 and 8 (E14's piles and hands)
    ("tier4-E14", 4, {"piles": hh_rounds.E14_PILES, "hands": hh_rounds.E14_HANDS},
     (7, 1, -8), 0, "card_points"),
    ("tier5-E14", 5, {"piles": hh_rounds.E14_PILES, "hands": hh_rounds.E14_HANDS},
     (7 - 60, 1 + 48, -8 + 12), 0, "card_points"),
    ("tier8-E14", 8, {"piles": hh_rounds.E14_PILES, "hands": hh_rounds.E14_HANDS},
     (-60 + 7 - 12 - 12, 48 + 1 + 24 - 12, 12 - 8 - 12 + 24), 0, "card_points"),
]


@pytest.mark.parametrize("key, tier, kw, net, winner, ending", E18, ids=[r[0] for r in E18])
def test_e18_curriculum(key, tier, kw, net, winner, ending):
    kw = dict(kw)
    piles = kw.pop("piles")
    if piles == "tier1":
        piles = _tier1_piles()
    elif piles == "tier1-yaku":
        piles = TIER1_YAKU
    r = settle(cur(tier), piles, **kw)
    assert r.net == net
    assert (r.winner, r.ending) == (winner, ending)
    assert sum(r.net) == 0


def _decision_position(rs):
    return position(rs, to_move=0,
                    hands={0: "cherry_chaff_1 clover_chaff_1", 1: "iris_chaff_1 peony_chaff_1",
                           2: "susuki_chaff_1 maple_chaff_1"},
                    field="cherry_ribbon", pile="lightning paulownia_chaff_1 paulownia_chaff_2 "
                                                "pine_chaff_2 plum_chaff_2 wisteria_chaff_2",
                    captured={0: "pine_ribbon pine_chaff_1 plum_ribbon plum_chaff_1"})


@pytest.mark.parametrize("tier, legal", [
    (1, None), (2, ["0 shoubu"]), (3, ["0 shoubu"]), (4, ["0 sage", "0 shoubu"]),
    (9, ["0 sage", "0 shoubu"]),
])
def test_e18_decision_after_a_dekiyaku(tier, legal):
    st = _decision_position(cur(tier))
    st.apply(parse_action("0 play cherry_chaff_1"))
    if legal is None:  # tier 1: no dekiyaku, play goes on
        assert st.phase == PLAY_PH and st.to_move == 1
        return
    assert [str(a) for a in st.legal_actions()] == legal
    st.apply(parse_action("0 shoubu"))
    r = st.results[-1]
    assert r.net == (168, -84, -84) and (r.winner, r.ending) == (0, "shoubu")


@pytest.mark.parametrize("tier", range(1, 9))
def test_curriculum_tiers_1_to_8_are_for_three_seats(tier):
    rs = cur(tier)
    for seats in (2, 4):
        with pytest.raises(ValueError):
            rs.new_state(seats, 0)
    assert rs.new_state(3, 0).n == 3


def test_curriculum_tier9_seats():
    rs = cur(9)
    for seats in range(2, 8):
        assert rs.new_state(seats, 0).n == seats
    for seats in (1, 8):
        with pytest.raises(ValueError):
            rs.new_state(seats, 0)


@pytest.mark.parametrize("tier, m, carry", [(1, 1, None), (5, 1, None), (6, 4, (4, 2)),
                                            (9, 4, (4, 2))])
def test_curriculum_field_multiplier(tier, m, carry):
    rs = cur(tier)
    got, c = rs.field_multiplier(M("rain_man phoenix crane"), rs.initial_carry())
    assert got == m
    if carry is not None:
        assert rs.carry_list(c) == carry


TIER9_ROUNDS = [
    # id, settle keyword arguments, net (examples.md §5 with hachihachi defaults)
    ("E1b", {"piles": hh_rounds.E1_PILES, "m": 4, "seats": 4, "active": [0, 2, 3],
             "fees": {1: 48}, "hands": {2: hh_rounds.SANBON_D, 3: hh_rounds.SANBON_M}},
     (-240, -48, 172, 116)),
    ("E5", {"piles": hh_rounds.E5, "m": 2, "hands": hh_rounds.ANY_TEYAKU}, (576, -288, -288)),
    ("E6", {"piles": hh_rounds.E6, "hands": hh_rounds.ANY_TEYAKU}, (384, -192, -192)),
    ("E7", {"piles": hh_rounds.E7, "hands": hh_rounds.ANY_TEYAKU, "mizuten": True},
     (240, -120, -120)),
    ("E8", {"piles": {1: AKATAN, 2: AOTAN}, "m": 2, "sage_order": (1,), "ending": "shoubu",
            "caller": 2}, (0, -336, 336)),
    ("E9", {"piles": {0: "crane curtain moon phoenix", 1: AKATAN}, "sage_order": (0, 1)},
     (78, 24, -102)),
    ("E10", {"piles": {0: AKATAN + " " + AOTAN}, "m": 4, "sage_order": (0,),
             "ending": "cancel", "caller": 0}, (672, -336, -336)),
    ("E11", {"piles": {0: "crane curtain moon rain_man phoenix"}, "sage_order": (0,),
             "ending": "shoubu", "caller": 0}, (288, -144, -144)),
    ("E14", {"piles": hh_rounds.E14_PILES, "hands": hh_rounds.E14_HANDS, "mizuten": True},
     (-53, 49, 4)),
    ("E16", {"piles": {0: "crane curtain moon warbler cuckoo bridge butterflies",
                       1: "phoenix rain_man boar deer geese"}, "seats": 2}, (30, -30)),
]


@pytest.mark.parametrize("key, kw, net", TIER9_ROUNDS, ids=[r[0] for r in TIER9_ROUNDS])
def test_curriculum_tier9_rounds_as_hachihachi(key, kw, net):
    kw = dict(kw)
    piles = kw.pop("piles")
    a, b = settle(cur(9), piles, **kw), settle(HH, piles, **kw)
    assert b.net == net  # the vector itself, for hachihachi
    assert a.net == net
    assert (a.winner, a.ending, a.multiplier) == (b.winner, b.ending, b.multiplier)
    assert sorted(a.payments) == sorted(b.payments)


# ============================================================================ §8: hachi turns

def _hachi_position(hand0: str, field: str, pile: str, hand1: str):
    """Seat 0 to play its last card; seat 1 holds its last card too (a legal position)."""
    return position(hachi(), hands={0: hand0, 1: hand1}, field=field, pile=pile, to_move=0,
                    seats=2)


def _legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


def test_h_t1_choice_of_two_then_single_draw():
    st = _hachi_position("curtain", "cherry_chaff_1 iris_chaff_1 maple_ribbon wisteria_chaff_1 "
                                    "crane moon", "sake_cup paulownia_chaff_2 lightning",
                         "susuki_chaff_2")
    assert _legal(st) == ["0 play curtain iris_chaff_1", "0 play curtain maple_ribbon"]
    for bad in ("0 play curtain", "0 play curtain cherry_chaff_1", "0 play curtain moon"):
        assert parse_action(bad) not in st.legal_actions()
        with pytest.raises(ValueError):
            st.clone().apply(parse_action(bad))
    st.apply(parse_action("0 play curtain iris_chaff_1"))
    # the drawn sake_cup has one candidate, wisteria_chaff_1 (13), and takes it: no `take`
    assert st.phase == PLAY_PH and st.to_move == 1
    assert [str(a) for a in st.actions] == ["0 play curtain iris_chaff_1"]
    assert st.captured[0] == M("curtain iris_chaff_1 sake_cup wisteria_chaff_1")
    assert st.field == M("cherry_chaff_1 maple_ribbon crane moon")


def test_h_t2_reserved_pair():
    st = _hachi_position("warbler", "crane cherry_chaff_1 wisteria_chaff_1 susuki_chaff_1 "
                                    "chrysanthemum_chaff_1 maple_chaff_1",
                         "boar paulownia_chaff_2 lightning", "susuki_chaff_2")
    assert _legal(st) == ["0 play warbler"]  # one candidate: no target in the record
    assert parse_action("0 play warbler crane") not in st.legal_actions()
    st.apply(parse_action("0 play warbler"))
    assert st.captured[0] == M("warbler crane")  # 2 cards
    assert st.field == M("cherry_chaff_1 wisteria_chaff_1 susuki_chaff_1 chrysanthemum_chaff_1 "
                         "maple_chaff_1 boar")
    assert st.phase == PLAY_PH and st.to_move == 1


def test_h_t3_draw_takes_the_unpaired_hand_card():
    field = ("cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 susuki_chaff_1 chrysanthemum_chaff_1 "
             "maple_chaff_1")
    st = _hachi_position("plum_chaff_1", field, "pine_chaff_1 paulownia_chaff_2 lightning",
                         "susuki_chaff_2")
    assert _legal(st) == ["0 play plum_chaff_1"]
    st.apply(parse_action("0 play plum_chaff_1"))
    assert st.captured[0] == M("plum_chaff_1 pine_chaff_1")
    assert st.field == M(field)
    assert st.phase == PLAY_PH and st.to_move == 1


def test_h_t4_exactly_one_of_three():
    st = _hachi_position("cherry_chaff_1", "iris_chaff_1 iris_chaff_2 iris_ribbon pine_chaff_1 "
                                           "plum_chaff_1 peony_chaff_1",
                         "wisteria_chaff_1 paulownia_chaff_2 lightning",
                         "susuki_chaff_2")
    assert _legal(st) == ["0 play cherry_chaff_1 iris_chaff_1",
                          "0 play cherry_chaff_1 iris_chaff_2",
                          "0 play cherry_chaff_1 iris_ribbon"]
    assert parse_action("0 play cherry_chaff_1") not in st.legal_actions()
    st.apply(parse_action("0 play cherry_chaff_1 iris_ribbon"))
    assert st.captured[0] == M("cherry_chaff_1 iris_ribbon")
    assert st.field == M("iris_chaff_1 iris_chaff_2 pine_chaff_1 plum_chaff_1 peony_chaff_1 "
                         "wisteria_chaff_1")


def test_hachi_drawn_card_with_two_candidates_asks_take():
    # ours (hachi.md §3): the played plum_chaff_1 stays; the drawn curtain has two candidates
    st = _hachi_position("plum_chaff_1", "cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 "
                                         "susuki_chaff_1 maple_chaff_1 chrysanthemum_chaff_1",
                         "curtain paulownia_chaff_2 lightning", "susuki_chaff_2")
    st.apply(parse_action("0 play plum_chaff_1"))
    assert st.phase == TAKE_PH
    assert _legal(st) == ["0 take iris_chaff_1", "0 take maple_chaff_1"]
    st.apply(parse_action("0 take maple_chaff_1"))
    assert st.captured[0] == M("curtain maple_chaff_1")
    assert st.field >> INDEX["plum_chaff_1"] & 1 and st.field >> INDEX["iris_chaff_1"] & 1
    assert [str(a) for a in st.actions] == ["0 play plum_chaff_1", "0 take maple_chaff_1"]


def test_hachi_four_of_a_month_on_the_field_is_no_misdeal():
    field = allm(5) + " pine_chaff_1 plum_chaff_1"
    rest = [c for c in CARD_IDS if c not in field.split()]
    deck = [INDEX[c] for c in rest[:14] + field.split() + rest[14:]]
    st = hachi().new_state(2, 0)
    st.start_round(deck)
    assert st.results == []
    assert st.phase == PLAY_PH and st.to_move == 0
    assert st.field == M(field)
    assert len(st.pile) - st.pile_pos == 28


@pytest.mark.parametrize("seats, ok", [(1, False), (2, True), (3, False)])
def test_hachi_seats(seats, ok):
    if ok:
        assert hachi().new_state(seats, 0).n == 2
    else:
        with pytest.raises(ValueError):
            hachi().new_state(seats, 0)


# ============================================================================ §8: agari

# Assumed hook (not in API.md): rs.agari_step(streak, winner, margin) -> (new_streak, agari),
# streak = None or the seat whose last win was decisive; winner = None for a draw.
AGARI_TABLE = [
    # streak before, winner, margin, streak after, agari
    (None, 0, 25, 0, False),
    (0, 0, 10, None, False),
    (None, 0, 30, 0, False),
    (0, 1, 22, 1, False),
    (1, 1, 20, None, True),
]


def test_agari_step_table():
    rs = hachi()
    streak = None
    for before, winner, margin, after, agari in AGARI_TABLE:
        assert streak == before
        assert rs.agari_step(streak, winner, margin) == (after, agari), (before, winner, margin)
        streak = after


@pytest.mark.parametrize("streak, winner, margin, expected", [
    (0, None, 0, (None, False)),  # a draw resets
    (None, None, 0, (None, False)),
    (0, 0, 19, (None, False)),  # 19 is not decisive
    (0, 0, 20, (None, True)),  # 20 is
    (1, 0, 40, (0, False)),  # the opponent's streak ends, a new one starts
    (None, 1, 20, (1, False)),
])
def test_agari_step_resets(streak, winner, margin, expected):
    assert hachi().agari_step(streak, winner, margin) == expected


def _settle_next(st, piles: dict[int, str]):
    """Settle one more round of an existing game (as helpers.settle does on a new one):
    returns the game state after it and the round's result."""
    active = [(st.dealer + i) % st.n for i in range(st.n)]
    st = State.from_position(st.rs, st.n, game=st, hands={}, field="", pile="",
                             captured=piles, to_move=active[0], events=False)
    return st, st.settle_now()


# Piles for the agari table (ours): even piles, the margin of §8 from card points and yaku.
HACHI_ROUNDS = [
    # seat 0 by 25: 40 v 15 (ribbons that make no yaku)
    ({0: "pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2",
      1: "cherry_chaff_1 pine_ribbon plum_ribbon iris_ribbon peony_ribbon chrysanthemum_ribbon"},
     (25, -25), 0),
    # seat 0 by 10: 40 + kirishima 10 v 40
    ({0: "phoenix cuckoo rain_man pine_chaff_1",
      1: "plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2"}, (10, -10), 0),
    # seat 0 by 30: 60 + kirishima 10 v 40
    ({0: "phoenix cuckoo rain_man pine_chaff_1 pine_chaff_2 plum_chaff_1",
      1: "cherry_chaff_1 cherry_chaff_2 iris_chaff_1 iris_chaff_2"}, (30, -30), 0),
    # seat 1 by 22: 20 v 42
    ({0: "pine_chaff_1 pine_chaff_2",
      1: "plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 pine_ribbon plum_ribbon"},
     (-22, 22), 1),
    # seat 1 by exactly 20: 20 v 40
    ({0: "pine_chaff_1 pine_chaff_2",
      1: "plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2"}, (-20, 20), 1),
]
DRAW_ROUND = {0: "pine_chaff_1 pine_chaff_2", 1: "plum_chaff_1 plum_chaff_2"}


def test_agari_piles_are_as_described():
    for piles, net, _ in HACHI_ROUNDS + [(DRAW_ROUND, (0, 0), None)]:
        assert all(len(p.split()) % 2 == 0 for p in piles.values())
        pts = [sum(HACHI_VALUE[c] for c in piles[s].split()) for s in (0, 1)]
        yaku = [10 if "phoenix" in piles[s] else 0 for s in (0, 1)]  # kirishima
        assert pts[0] + yaku[0] - pts[1] - yaku[1] == net[0]


def _play_agari_rounds(rs, upto: int = 5):
    st = rs.new_state(2, 0, events=False)
    dealers, overs = [], []
    for piles, net, winner in HACHI_ROUNDS[:upto]:
        st, r = _settle_next(st, piles)
        assert r.net == net
        assert (r.winner, r.ending) == (winner, "card_points")
        dealers.append(st.dealer)
        overs.append(st.over)
    return st, dealers, overs


def test_agari_rounds_payments():
    rs = hachi()
    st = rs.new_state(2, 0, events=False)
    st, r1 = _settle_next(st, HACHI_ROUNDS[0][0])
    assert by_reason(r1) == {"card_points": [(1, 0, 25)]}
    st, r2 = _settle_next(st, HACHI_ROUNDS[1][0])
    assert by_reason(r2) == {"kirishima": [(1, 0, 10)]}  # equal card points: no card_points


def test_agari_match_end_count_1():
    rs = hachi(match_end="agari", agari_count=1)
    st, dealers, overs = _play_agari_rounds(rs)
    assert dealers == [0, 0, 0, 1, 1]
    assert overs == [False, False, False, False, True]
    assert st.totals == [23, -23]  # seat 0 leads on points, but seat 1 scored the agari
    assert rs.game_winners(st) == [1]


def test_agari_match_end_count_2_continues():
    st, dealers, overs = _play_agari_rounds(hachi(agari_count=2))
    assert overs == [False] * 5
    assert dealers == [0, 0, 0, 1, 1]


def test_agari_default_is_one_agari():
    st, _, overs = _play_agari_rounds(hachi())
    assert overs[-1] is True


def test_match_end_rounds_5():
    rs = hachi(match_end="rounds", rounds=5)
    st, _, overs = _play_agari_rounds(rs)
    assert overs == [False, False, False, False, True]
    assert st.totals == [23, -23]
    assert rs.game_winners(st) == [0]


def test_match_end_points():
    rs = hachi(match_end="points", target_points=30)  # ours: +25, then +35 >= 30
    st, _, overs = _play_agari_rounds(rs, upto=2)
    assert overs == [False, True]
    assert rs.game_winners(st) == [0]


def test_draw_keeps_dealer_and_resets_the_streak():
    rs = hachi(agari_count=1)
    st = rs.new_state(2, 0, events=False)
    st, _ = _settle_next(st, HACHI_ROUNDS[0][0])  # seat 0 by 25: streak seat 0
    st.dealer = 1  # make the dealer visible: a draw keeps whoever deals
    st, r = _settle_next(st, DRAW_ROUND)
    assert (r.ending, r.winner, r.net) == ("draw", None, (0, 0))
    assert r.payments == ()
    assert st.dealer == 1 and not st.over
    st, r = _settle_next(st, HACHI_ROUNDS[2][0])  # seat 0 by 30: decisive, but the streak was reset
    assert r.winner == 0 and not st.over
    st, _ = _settle_next(st, HACHI_ROUNDS[2][0])  # and again: now an agari
    assert st.over and rs.game_winners(st) == [0]


# ============================================================================ §9: sudaoshi

S_ROUNDS = [
    # id, options, piles, net = scores (no teyaku), winner
    ("S-1", {}, S1, (46, -25, -21), 0),
    ("S-1-top_yaku_false", {"top_yaku": False}, S1, (56, -15, -41), 0),
    ("S-2", {}, S2, (27, -21, -6), 0),
    ("S-2-top_yaku_false", {"top_yaku": False}, S2, (7, -11, 4), 0),
    ("S-3", {}, S3, (-31, -46, 77), 2),
    ("S-3-yaku_unit_12", {"yaku_unit": 12}, S3, (-39, -54, 93), 2),
    ("S-4", {}, S4, (19, 19, -38), 0),
    ("S-4-teyaku_none", {"teyaku": "none"}, S4, (19, 19, -38), 0),
]


@pytest.mark.parametrize("key, options, piles, net, winner", S_ROUNDS,
                         ids=[r[0] for r in S_ROUNDS])
def test_sudaoshi_rounds(key, options, piles, net, winner):
    assert sum(M(p) for p in piles.values()) == ALL_MASK
    assert sum(sum(SUDA_VALUE[c] for c in p.split()) for p in piles.values()) == 330
    assert sum(net) == 0
    r = settle(suda(**options), piles, seats=3)
    assert r.net == net
    assert (r.winner, r.ending, r.multiplier) == (winner, "card_points", 1)


@pytest.mark.parametrize("dealer", [1, 2])
def test_sudaoshi_roles_rotate_with_the_dealer(dealer):
    piles = {(p + dealer) % 3: S1[p] for p in range(3)}
    r = settle(suda(), piles, seats=3, dealer=dealer)
    want = (46, -25, -21)
    assert r.net == tuple(want[(s - dealer) % 3] for s in range(3))
    assert r.winner == dealer


def test_sudaoshi_s1_payments():
    r = settle(suda(), S1, seats=3)
    got = by_reason(r)
    assert got["bozu_zoro"] == [(1, 0, 20), (2, 0, 20)]
    assert got["ame_kaburi"] == [(0, 2, 10), (1, 2, 10)]
    assert got["card_points"] == [(2, 0, 16), (2, 1, 5)]


S5_HANDS = {
    0: SUDA_T["T-1"][0],  # sanbon, 20
    1: "pine_chaff_2 plum_chaff_2 cherry_chaff_2 wisteria_chaff_1 peony_chaff_1 clover_chaff_1 "
       "susuki_chaff_1",  # karasu, 40
    2: "warbler cuckoo bridge butterflies boar geese sake_cup",  # nothing
}


def test_s5_teyaku_on_top_of_s1():
    rs = suda()
    assert rs.teyaku(S5_HANDS[0].split(), 0) == {"sanbon": 20}
    assert rs.teyaku(S5_HANDS[1].split(), 1) == {"karasu": 40}
    assert rs.teyaku(S5_HANDS[2].split(), 2) == {}
    r = settle(rs, S1, seats=3, hands=S5_HANDS)
    assert r.net == (46, 35, -81)
    assert r.winner == 0  # round scores and the winner are unchanged
    got = by_reason(r)
    assert got["sanbon"] == [(1, 0, 20), (2, 0, 20)]
    assert got["karasu"] == [(0, 1, 40), (2, 1, 40)]


def test_s5_teyaku_option_none_ignores_the_hands():
    r = settle(suda(teyaku="none"), S1, seats=3, hands=S5_HANDS)
    assert r.net == (46, -25, -21)


def _three_seat_deck(field: str) -> list[int]:
    rest = [c for c in CARD_IDS if c not in field.split()]
    return [INDEX[c] for c in rest[:21] + field.split() + rest[21:]]


def test_sudaoshi_four_on_the_field_is_a_misdeal():
    st = suda().new_state(3, 0)
    st.start_round(_three_seat_deck(allm(8) + " pine_chaff_1 plum_chaff_1"))
    r = st.results[-1]
    assert (r.ending, r.winner, r.net) == ("misdeal", None, (0, 0, 0))
    assert st.dealer == 0 and st.rounds_played == 0


def test_sudaoshi_field_four_dealer_takes():
    st = suda(field_four="dealer_takes").new_state(3, 0)
    st.start_round(_three_seat_deck(allm(8) + " pine_chaff_1 plum_chaff_1"))
    assert st.results == []
    assert st.phase == PLAY_PH and st.to_move == 0
    assert st.captured[0] == M(allm(8))
    assert st.field == M("pine_chaff_1 plum_chaff_1")


@pytest.mark.parametrize("options, seats, ok", [
    ({}, 2, False), ({}, 3, True), ({}, 4, False),
    ({"more_seats": True}, 4, True), ({"more_seats": True}, 6, True),
    ({"more_seats": True}, 7, False),
])
def test_sudaoshi_seats(options, seats, ok):
    if ok:
        assert suda(**options).new_state(seats, 0).n == seats
    else:
        with pytest.raises(ValueError):
            suda(**options).new_state(seats, 0)


# ============================================================================ random play

def _rounds_of(rec):
    """(round entry, result, final state) of every non-misdeal round, by prefix replay."""
    out = []
    for k in range(1, len(rec.rounds) + 1):
        sub = records.Record(rec.ruleset, rec.options, rec.seats, first_dealer=rec.first_dealer,
                             seed=rec.seed, rounds=rec.rounds[:k])
        rep = records.replay(sub)
        assert rep.complete
        if rep.results[-1].ending != "misdeal":
            out.append((rec.rounds[k - 1], rep.results[-1], rep.state))
    assert out
    return out


@pytest.mark.parametrize("options", [{}, {"teyaku": "none"}, {"teyaku": "1921", "yaku_unit": 12}],
                         ids=["defaults", "teyaku_none", "1921-unit12"])
def test_sudaoshi_random_rounds(options):
    rs = suda(**options)
    for seed in range(4):
        rec = simulate("sudaoshi", options, 3, ["random"], seed, 3)
        for rnd, res, st in _rounds_of(rec):
            assert len(rnd["deck"]) == 48
            assert sum(res.net) == 0
            assert res.ending == "card_points" and res.multiplier == 1
            piles = st.captured
            assert piles[0] | piles[1] | piles[2] == ALL_MASK  # every card captured
            assert sum(p.bit_count() for p in piles) == 48
            assert all(p.bit_count() % 2 == 0 for p in piles)
            names = [names_of(p) for p in piles]
            pts = [rs.card_points(n) for n in names]
            assert sum(pts) == 330
            d = res.dealer
            pos = [(s - d) % 3 for s in range(3)]
            y = [sum(rs.dekiyaku(names[s], pos[s]).values()) for s in range(3)]
            score = [pts[s] + 3 * y[s] - sum(y) - (100 + 10 * pos[s]) for s in range(3)]
            assert sum(score) == 0
            deck = rnd["deck"]
            t = [sum(rs.teyaku(deck[7 * pos[s]:7 * pos[s] + 7], pos[s]).values())
                 for s in range(3)]
            for s in range(3):
                assert res.net[s] == score[s] + 3 * t[s] - sum(t), (seed, s)
            assert res.winner == max(range(3), key=lambda s: (score[s], -pos[s]))


def test_hachi_random_rounds():
    rs = hachi()
    for seed in range(5):
        rec = simulate("hachi", {"match_end": "rounds", "rounds": 3}, 2, ["random"], seed, 3)
        for rnd, res, st in _rounds_of(rec):
            assert len(rnd["deck"]) == 48
            assert sum(res.net) == 0 and res.multiplier == 1
            assert len(st.pile) - st.pile_pos == 14  # 14 turns, 14 cards never drawn
            assert st.hands == [0, 0]
            assert all(p.bit_count() % 2 == 0 for p in st.captured)
            rest = sum(1 << c for c in st.pile[st.pile_pos:])
            assert st.captured[0] + st.captured[1] + st.field + rest == ALL_MASK
            names = [names_of(p) for p in st.captured]
            score = [rs.card_points(n) + sum(rs.dekiyaku(n).values()) for n in names]
            assert res.net == (score[0] - score[1], score[1] - score[0])
            if score[0] == score[1]:
                assert (res.ending, res.winner) == ("draw", None)
            else:
                assert res.ending == "card_points"
                assert res.winner == (0 if score[0] > score[1] else 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_nuki_random_rounds(seats):
    rs = nuki()
    nuki_mask = M(" ".join(NUKI_DECK))
    for seed in range(3):
        rec = simulate("nuki-hachihachi", {}, seats, ["random"], seed, 3)
        for rnd, res, st in _rounds_of(rec):
            assert sorted(rnd["deck"]) == sorted(NUKI_DECK)  # 34 cards
            assert sum(res.net) == 0
            assert len(st.active) == 2
            a, b = st.active
            assert st.captured[a] & st.captured[b] == 0
            assert (st.captured[a] | st.captured[b]) & ~nuki_mask == 0
            if res.ending in ("card_points", "sujuroku", "exhausted"):  # hands ran out
                assert st.captured[a] | st.captured[b] == nuki_mask
                assert rs.card_points(names_of(st.captured[a])) + rs.card_points(
                    names_of(st.captured[b])) == 211


@pytest.mark.parametrize("tier", [1, 3, 5, 8])
def test_curriculum_random_rounds(tier):
    rs = cur(tier)
    for seed in range(3):
        rec = simulate("curriculum", {"tier": tier}, 3, ["random"], seed, 3)
        for rnd, res, st in _rounds_of(rec):
            assert len(rnd["deck"]) == 48
            assert sum(res.net) == 0
            if tier == 1:
                pts = [rs.card_points(names_of(p)) for p in st.captured]
                assert sum(pts) == 264
                assert res.ending == "card_points" and res.multiplier == 1
                assert res.net == tuple(p - 88 for p in pts)
            if tier < 6:
                assert res.multiplier == 1
