"""rules/examples.md §5: round vectors for hachihachi and hachihachi-nintendo."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.actions import Action, parse_action
from game.engine.cards import INDEX
from game.engine.record import apply_recorded
from game.engine.state import RESHUFFLE

from .helpers import M, piles_with_points, position, settle

HH = rulesets.get("hachihachi")

# E1: Leonardo 76 (2 brights, 2 animals, 2 ribbons, 6 chaff), Raphael dropped,
# Donatello 95 (2, 3, 3, 10), Michelangelo 93 (1, 4, 5, 8). Piles ours, no dekiyaku.
E1_PILES = {
    0: "crane curtain warbler cuckoo pine_ribbon peony_ribbon pine_chaff_1 pine_chaff_2 "
       "plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2",
    2: "moon rain_man bridge butterflies geese plum_ribbon chrysanthemum_ribbon "
       "wisteria_ribbon wisteria_chaff_1 wisteria_chaff_2 iris_chaff_1 iris_chaff_2 "
       "peony_chaff_1 peony_chaff_2 clover_chaff_1 clover_chaff_2 susuki_chaff_1 "
       "susuki_chaff_2",
    3: "phoenix boar sake_cup deer swallow cherry_ribbon maple_ribbon iris_ribbon clover_ribbon "
       "willow_ribbon chrysanthemum_chaff_1 chrysanthemum_chaff_2 maple_chaff_1 maple_chaff_2 "
       "lightning paulownia_yellow paulownia_chaff_1 paulownia_chaff_2",
}
SANBON_D = "crane pine_ribbon pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1 maple_chaff_1"
SANBON_M = ("warbler plum_ribbon plum_chaff_2 pine_chaff_2 cherry_chaff_2 susuki_chaff_2 "
            "maple_chaff_2")


def test_e1_piles_are_as_described():
    assert [HH.points(M(E1_PILES[s])) for s in (0, 2, 3)] == [76, 95, 93]
    assert sum(M(p) for p in E1_PILES.values()) == (1 << 48) - 1


def test_e1_nintendo():
    rs = rulesets.get("hachihachi-nintendo")
    r = settle(rs, E1_PILES, m=4, seats=4, active=[0, 2, 3], fees={1: 40},
               hands={2: SANBON_D, 3: SANBON_M})
    assert r.net == (-128, -40, 108, 60)
    assert (r.winner, r.ending) == (2, "card_points")


@pytest.mark.parametrize("kan, net", [(12, (-240, -48, 172, 116)), (10, (-208, -40, 148, 100))])
def test_e1b_standard(kan, net):
    rs = rulesets.get("hachihachi", kan=kan)
    r = settle(rs, E1_PILES, m=4, seats=4, active=[0, 2, 3], fees={1: kan * 4},
               hands={2: SANBON_D, 3: SANBON_M})
    assert r.net == net
    assert r.winner == 2


@pytest.mark.parametrize("points, net, winner", [
    ([110, 80, 74], (22, -8, -14), 0),
    ([100, 100, 64], (12, 12, -24), 0),
])
def test_e4_card_points(points, net, winner):
    piles = piles_with_points(HH, points)
    r = settle(HH, {s: " ".join(p) for s, p in enumerate(piles)})
    assert r.net == net
    assert (r.winner, r.ending) == (winner, "card_points")


E5 = {
    0: "crane curtain rain_man warbler cuckoo bridge butterflies boar geese sake_cup deer "
       "swallow pine_ribbon plum_ribbon peony_ribbon chrysanthemum_ribbon",
    1: "moon cherry_ribbon maple_ribbon wisteria_ribbon iris_ribbon pine_chaff_1 pine_chaff_2 "
       "plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 wisteria_chaff_1 "
       "wisteria_chaff_2 iris_chaff_1 iris_chaff_2 peony_chaff_1",
    2: "phoenix clover_ribbon willow_ribbon peony_chaff_2 clover_chaff_1 clover_chaff_2 "
       "susuki_chaff_1 susuki_chaff_2 chrysanthemum_chaff_1 chrysanthemum_chaff_2 "
       "maple_chaff_1 maple_chaff_2 lightning paulownia_yellow paulownia_chaff_1 "
       "paulownia_chaff_2",
}
E6 = {
    0: "pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 "
       "wisteria_chaff_1 wisteria_chaff_2 iris_chaff_1 iris_chaff_2 peony_chaff_1 "
       "peony_chaff_2 clover_chaff_1 clover_chaff_2 lightning paulownia_yellow swallow "
       "willow_ribbon",
    1: "crane curtain warbler cuckoo bridge butterflies pine_ribbon plum_ribbon peony_ribbon "
       "chrysanthemum_ribbon wisteria_ribbon iris_ribbon susuki_chaff_1 susuki_chaff_2 "
       "chrysanthemum_chaff_1 chrysanthemum_chaff_2",
    2: "moon rain_man phoenix boar geese sake_cup deer cherry_ribbon maple_ribbon clover_ribbon "
       "maple_chaff_1 maple_chaff_2 paulownia_chaff_1 paulownia_chaff_2",
}
E7 = {
    0: "crane rain_man warbler cuckoo bridge butterflies willow_ribbon lightning pine_chaff_1 "
       "pine_chaff_2",
    1: "curtain moon boar geese cherry_ribbon maple_ribbon iris_ribbon clover_ribbon "
       "plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 wisteria_chaff_1 "
       "wisteria_chaff_2 iris_chaff_1 iris_chaff_2",
    2: "phoenix sake_cup deer swallow pine_ribbon plum_ribbon peony_ribbon chrysanthemum_ribbon "
       "wisteria_ribbon peony_chaff_1 peony_chaff_2 clover_chaff_1 clover_chaff_2 "
       "susuki_chaff_1 susuki_chaff_2 chrysanthemum_chaff_1 chrysanthemum_chaff_2 "
       "maple_chaff_1 maple_chaff_2 paulownia_yellow paulownia_chaff_1 paulownia_chaff_2",
}
ANY_TEYAKU = {0: SANBON_D, 1: SANBON_M}  # specials void these


def test_e5_nihachi():
    assert HH.dekiyaku(E5[0].split()) == {}
    assert rulesets.get("hachihachi", bdb=True).dekiyaku(E5[0].split()) == {"inoshikacho": 84}
    r = settle(HH, E5, m=2, hands=ANY_TEYAKU)
    assert r.net == (576, -288, -288)
    assert (r.winner, r.ending) == (0, "nihachi")


def test_e6_sujuroku():
    r = settle(HH, E6, hands=ANY_TEYAKU)
    assert r.net == (384, -192, -192)
    assert (r.winner, r.ending) == (0, "sujuroku")
    assert settle(rulesets.get("hachihachi", bdb=True), E6).net == (384, -192, -192)


def test_e7_sohachi():
    r = settle(HH, E7, hands=ANY_TEYAKU, mizuten=True)
    assert r.net == (240, -120, -120)
    assert (r.winner, r.ending) == (0, "sohachi")


def test_specials_keep_nintendo_teyaku():
    rs = rulesets.get("hachihachi-nintendo")
    r = settle(rs, E7, hands={1: SANBON_D})
    # sohachi 50 from each to the dealer; B's sanbon (10 from each) stays paid.
    assert r.net == (100 - 10, -50 + 20, -50 - 10)


AKATAN = "pine_ribbon plum_ribbon cherry_ribbon"
AOTAN = "peony_ribbon chrysanthemum_ribbon maple_ribbon"


@pytest.mark.parametrize("failure, net", [
    ("void_double", (0, -336, 336)),
    ("half_double", (-84, -168, 252)),
    ("void", (-168, -168, 336)),
    ("half", (-252, 0, 252)),
])
def test_e8_failed_sage(failure, net):
    rs = rulesets.get("hachihachi", sage_failure=failure)
    r = settle(rs, {1: AKATAN, 2: AOTAN}, m=2, sage_order=(1,), ending="shoubu", caller=2)
    assert r.net == net
    assert r.winner == 2


@pytest.mark.parametrize("m, net", [(2, (-35, -70, 105)), (1, (-18, -34, 52))])
def test_p1_nintendo_failed_sage(m, net):
    rs = rulesets.get("hachihachi-nintendo")
    r = settle(rs, {1: AKATAN, 2: AOTAN}, m=m, sage_order=(1,), ending="shoubu", caller=2)
    assert r.net == net


def test_e9_exhausted_after_two_sage():
    r = settle(HH, {0: "crane curtain moon phoenix", 1: AKATAN}, sage_order=(0, 1))
    assert r.net == (78, 24, -102)
    assert (r.winner, r.ending) == (0, "exhausted")


def test_e10_cancel():
    r = settle(HH, {0: AKATAN + " " + AOTAN}, m=4, sage_order=(0,), ending="cancel", caller=0)
    assert r.net == (672, -336, -336)
    assert (r.winner, r.ending) == (0, "cancel")


@pytest.mark.parametrize("options, net", [({}, (288, -144, -144)),
                                          ({"goko_after_shiko": "cumulative"},
                                           (528, -264, -264))])
def test_e11_five_after_four(options, net):
    rs = rulesets.get("hachihachi", **options)
    r = settle(rs, {0: "crane curtain moon rain_man phoenix"}, sage_order=(0,),
               ending="shoubu", caller=0)
    assert r.net == net


def test_e12_multiplier_carry():
    fields = ["rain_man phoenix crane", "moon", "", "curtain phoenix"]
    expect = {
        "queue": [(4, (4, 2)), (4, (2, 2)), (2, (2,)), (2, (4, 2))],
        "one_round": [(4, (4,)), (4, ()), (1, ()), (4, ())],
        "stack": [(32, ()), (2, ()), (1, ()), (8, ())],
    }
    for mode, rows in expect.items():
        rs = rulesets.get("hachihachi", multiplier_carry=mode)
        carry = rs.initial_carry()
        for f, (m, after) in zip(fields, rows, strict=True):
            got, carry = rs.field_multiplier(M(f), carry)
            assert (got, rs.carry_list(carry)) == (m, after), (mode, f)
    rs = rulesets.get("hachihachi", multiplier_carry="one_round")
    m, carry = rs.field_multiplier(M("crane curtain phoenix"), rs.initial_carry())
    assert m == 4 and rs.field_multiplier(M(""), carry)[0] == 2


def _six_seat_deck(seat5_hand: str, field: str) -> list[int]:
    hand, fld = seat5_hand.split(), field.split()
    rest = [c for c in HH.deck if c not in hand and c not in fld]
    # no bright other than `moon` on the field; the other hands are arbitrary
    return [INDEX[c] for c in rest[:35] + hand + fld]


@pytest.mark.parametrize("kan, pot, comp", [(12, 60, 42), (10, 50, 38)])
def test_e13_six_seats_dropout_and_compensation(kan, pot, comp):
    rs = rulesets.get("hachihachi", kan=kan)
    st = rs.new_state(6, 0)
    deck = _six_seat_deck("crane pine_ribbon pine_chaff_1 curtain plum_ribbon maple_ribbon "
                          "iris_chaff_1", "moon warbler cherry_chaff_1 peony_chaff_1 "
                          "boar lightning")
    st.start_round(deck)
    assert st.m == 2
    for text in ["0 drop", "1 join", "2 drop", "3 join", "4 join"]:
        apply_recorded(st, parse_action(text))
    assert st.phase == RESHUFFLE and st.forced == [5] and st.acting == 1
    assert st.pot == pot
    comps = sorted((p.frm, p.to, p.amount) for p in st.payments if p.reason == "compensation")
    assert comps == [(3, 5, comp), (4, 5, comp)]
    assert rs.teyaku(("crane pine_ribbon pine_chaff_1 curtain plum_ribbon maple_ribbon "
                      "iris_chaff_1").split()) == {"sanbon": 2 * kan}
    st.apply(st.sample_chance(__import__("game.engine.rng", fromlist=["Rng"]).Rng(1)))
    assert len(st.pile) == 21 and st.to_move == 1


E14_PILES = {
    0: "phoenix bridge butterflies geese sake_cup cherry_ribbon wisteria_ribbon iris_ribbon "
       "clover_ribbon wisteria_chaff_1 wisteria_chaff_2 iris_chaff_1 iris_chaff_2 peony_chaff_1 "
       "peony_chaff_2 clover_chaff_1 clover_chaff_2 susuki_chaff_1 susuki_chaff_2 "
       "chrysanthemum_chaff_1 chrysanthemum_chaff_2 paulownia_yellow paulownia_chaff_1 "
       "paulownia_chaff_2",
    1: "rain_man swallow willow_ribbon lightning moon warbler cuckoo plum_ribbon "
       "chrysanthemum_ribbon plum_chaff_2 cherry_chaff_1 cherry_chaff_2",
    2: "deer maple_ribbon maple_chaff_1 maple_chaff_2 crane curtain boar pine_ribbon "
       "peony_ribbon pine_chaff_1 pine_chaff_2 plum_chaff_1",
}
E14_HANDS = {
    0: "phoenix bridge geese wisteria_ribbon peony_chaff_1 clover_chaff_1 chrysanthemum_chaff_1",
    1: "cherry_ribbon pine_chaff_1 plum_chaff_1 wisteria_chaff_1 iris_chaff_1 peony_chaff_1 "
       "clover_chaff_1",
    2: "deer maple_ribbon maple_chaff_1 crane pine_chaff_1 plum_chaff_1 cherry_chaff_1",
}


def test_e14_achievements():
    assert [HH.points(M(E14_PILES[s])) for s in range(3)] == [95, 89, 80]
    assert HH.teyaku(E14_HANDS[1].split()) == {"tanichi": 36}
    assert HH.teyaku(E14_HANDS[2].split()) == {"sanbon": 24}
    r = settle(HH, E14_PILES, hands=E14_HANDS, mizuten=True)
    assert r.net == (-53, 49, 4)
    assert (r.winner, r.ending) == (0, "card_points")
    by_reason = {}
    for p in r.payments:
        by_reason.setdefault(p.reason, []).append((p.frm, p.to, p.amount))
    assert sorted(by_reason["mizuten"]) == [(1, 0, 12), (2, 0, 12)]
    assert sorted(by_reason["nukeyaku"]) == [(0, 1, 12), (2, 1, 12)]
    assert sorted(by_reason["tobikomi"]) == [(0, 2, 12), (1, 2, 12)]


def test_mizuten_penalty_below_89():
    piles = piles_with_points(HH, [88, 90, 86])
    r = settle(HH, {s: " ".join(p) for s, p in enumerate(piles)}, mizuten=True)
    # card points: C pays B 2; the dealer (88 < 89) pays 1 kan to each other active player
    assert r.net == (-24, 2 + 12, -2 + 12)


def _hatto_position(rs):
    return position(
        rs, to_move=1,
        hands={0: "cherry_chaff_1 clover_chaff_1", 1: "cherry_ribbon peony_chaff_2",
               2: "iris_chaff_1 peony_chaff_1"},
        field="susuki_chaff_1",
        pile="maple_chaff_1 chrysanthemum_chaff_1 paulownia_chaff_1 pine_chaff_2 plum_chaff_2 "
             "lightning",
        captured={0: "pine_ribbon pine_chaff_1 plum_ribbon plum_chaff_1"})


@pytest.mark.parametrize("hatto, net", [(True, (168, -168, 0)), (False, (168, -84, -84))])
def test_e15_hatto(hatto, net):
    rs = rulesets.get("hachihachi", hatto_liability=hatto)
    st = _hatto_position(rs)
    st.apply(Action(1, "play", (INDEX["cherry_ribbon"],)))
    st.apply(Action(2, "play", (INDEX["iris_chaff_1"],)))
    st.apply(Action(0, "play", (INDEX["cherry_chaff_1"],)))
    assert [str(a) for a in st.legal_actions()] == ["0 sage", "0 shoubu"]
    st.apply(Action(0, "shoubu"))
    r = st.results[-1]
    assert r.net == net and r.ending == "shoubu" and r.winner == 0


def test_hatto_not_when_someone_else_took_it_first():
    rs = rulesets.get("hachihachi", hatto_liability=True)
    st = _hatto_position(rs)
    st.hands[2] = M("cherry_chaff_2 peony_chaff_1")
    st.apply(Action(1, "play", (INDEX["cherry_ribbon"],)))
    st.apply(Action(2, "play", (INDEX["cherry_chaff_2"],)))  # C takes the ribbon
    assert st.liable == {}


@pytest.mark.parametrize("payment, net", [("difference", (30, -30)), ("capped", (36, -36))])
def test_e16_two_active_players(payment, net):
    rs = rulesets.get("hachihachi", two_player_payment=payment)
    r = settle(rs, {0: "crane curtain moon warbler cuckoo bridge butterflies",
                    1: "phoenix rain_man boar deer geese"}, seats=2)
    assert r.net == net and r.winner == 0


def test_two_active_equal_points_earliest_position_wins():
    rs = rulesets.get("hachihachi")
    r = settle(rs, {0: "crane", 1: "curtain"}, seats=2, dealer=1, active=[1, 0])
    assert r.net == (0, 0) and r.winner == 1


def test_last_turn_only_shoubu():
    st = position(HH, to_move=0, hands={0: "cherry_chaff_1", 1: "", 2: ""},
                  field="cherry_ribbon", pile="lightning",
                  captured={0: "pine_ribbon pine_chaff_1 plum_ribbon plum_chaff_1"})
    st.apply(Action(0, "play", (INDEX["cherry_chaff_1"],)))
    assert [str(a) for a in st.legal_actions()] == ["0 shoubu"]
