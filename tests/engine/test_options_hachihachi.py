"""Amounts for the options of hachihachi.md §16 that the worked examples do not cover."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.actions import Action, parse_action
from game.engine.cards import INDEX
from game.engine.ledger import POT
from game.engine.record import apply_recorded
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER, PLAY_PH, RESHUFFLE, State

from .helpers import M, position, settle
from .test_rounds_hachihachi import E14_HANDS, E14_PILES, _six_seat_deck

E13_HAND = "crane pine_ribbon pine_chaff_1 curtain plum_ribbon maple_ribbon iris_chaff_1"
E13_FIELD = "moon warbler cherry_chaff_1 peony_chaff_1 boar lightning"


def _e13(options: dict, actions: list[str]):
    rs = rulesets.get("hachihachi", **options)
    st = rs.new_state(6, 0)
    st.start_round(_six_seat_deck(E13_HAND, E13_FIELD))
    for text in actions:
        apply_recorded(st, parse_action(text))
    return st


def _paid(st, reason):
    return sorted((p.frm, p.to, p.amount) for p in st.payments if p.reason == reason)


@pytest.mark.parametrize("fee, expected", [
    ("by_order", [(0, POT, 24), (2, POT, 36)]),
    ("by_seat", [(0, POT, 24), (2, POT, 48)]),   # seat 2 is third in the order: 2 kan
    ("flat", [(0, POT, 24), (2, POT, 24)]),
])
def test_dropout_fee_models(fee, expected):
    st = _e13({"dropout_fee": fee}, ["0 drop", "1 join", "2 drop", "3 join", "4 join"])
    assert _paid(st, "dropout_fee") == expected


def test_compensation_from_all_active_and_none():
    st = _e13({"forced_out_comp": "all_active"}, ["0 drop", "1 join", "2 drop", "3 join",
                                                   "4 join"])
    assert _paid(st, "compensation") == [(1, 5, 42), (3, 5, 42), (4, 5, 42)]
    st = _e13({"forced_out_comp": "none"}, ["0 drop", "1 join", "2 drop", "3 join", "4 join"])
    assert _paid(st, "compensation") == []


def test_compulsory_three_forces_the_last_three():
    st = _e13({}, ["0 drop", "1 drop", "2 drop"])
    assert [str(a) for a in st.legal_actions()] == ["3 join"]


def test_without_compulsory_three_one_willing_is_a_walkover():
    st = _e13({"compulsory_three": False}, ["0 drop", "1 drop", "2 drop", "3 drop", "4 drop",
                                            "5 join"])
    r = st.results[-1]
    assert (r.ending, r.winner) == ("walkover", 5)
    pot = 24 + 36 + 48 + 60 + 72  # five fees by order at m = 2
    assert r.net == (-24, -36, -48, -60, -72, pot) and st.dealer == 5


def test_without_compulsory_three_nobody_willing_is_a_misdeal_with_refunds():
    st = _e13({"compulsory_three": False, "multiplier_carry": "queue"},
              ["0 drop", "1 drop", "2 drop", "3 drop", "4 drop", "5 drop"])
    r = st.results[-1]
    assert (r.ending, r.winner, r.payments, r.multiplier) == ("misdeal", None, (), 1)
    assert st.dealer == 0 and st.rounds_played == 0 and st.phase == DEAL
    assert st.carry == ()  # the carry state is restored


def test_without_compulsory_three_two_willing_play_a_two_player_round():
    st = _e13({"compulsory_three": False}, ["0 drop", "1 join", "2 drop", "3 drop", "4 drop",
                                            "5 join"])
    assert st.phase == RESHUFFLE
    st.apply(st.sample_chance(Rng(1)))
    assert st.active == [1, 5] and st.phase == PLAY_PH and len(st.pile) == 48 - 14 - 6


def _three_seat_state(rs, deck_seed=5):
    rng = Rng(deck_seed)
    deck = list(rs.deck_cards)
    rng.shuffle(deck)
    st = rs.new_state(3, 0)
    st.start_round(deck)
    return st


def test_hand_swap_moves_the_dealer_hand_and_pays_dealer_hand():
    rs = rulesets.get("hachihachi", hand_swap=True, mizuten=False)
    st = _three_seat_state(rs)
    while st.phase == DEAL or st.results:  # skip misdealt decks
        st = _three_seat_state(rs, deck_seed=len(st.results) + 7)
    dealer_hand = st.hands[0]
    assert st.view(1).hand_mask == 0  # nobody sees a hand before the window closes
    assert [str(a) for a in st.legal_actions()] == ["1 swap", "1 pass"]
    st.apply(Action(1, "swap"))
    st.apply(Action(2, "pass"))
    assert st.hands[1] == dealer_hand and st.holder == 1 and st.phase == PLAY_PH
    assert "1 swap" in st.view(2).log and "2 pass" not in st.view(2).log
    # nobody swapped: the dealer holds the dealer's hand (the spec's literal reading)
    r = settle(rs, E14_PILES, hands={})
    assert sorted((p.frm, p.to, p.amount) for p in r.payments if p.reason == "dealer_hand") \
        == [(1, 0, 12), (2, 0, 12)]


def test_dealer_hand_achievement_pays_from_every_seat():
    rs = rulesets.get("hachihachi", hand_swap=True)
    piles = {(s + 1) % 3: cards for s, cards in E14_PILES.items()}  # seat 1: 95 points
    st = State.from_position(rs, 3, holder=1, hands={}, field="", pile="", captured=piles,
                             to_move=0, events=False)
    r = st.settle_now()
    assert sorted((p.frm, p.to, p.amount) for p in r.payments
                  if p.reason == "dealer_hand") == [(0, 1, 12), (2, 1, 12)]


def test_year_extension_plays_on_while_a_multiplier_is_carried():
    rs = rulesets.get("hachihachi", rounds=1, year_extension=True)
    rng = Rng(0)
    for _ in range(200):  # find a first deal that carries a multiplier
        st = rs.new_state(3, 0, events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        if st.phase != DEAL and rs.carry_list(st.carry):
            break
    st.playout(rng)
    assert st.rounds_played == 1 and st.phase == DEAL and not st.over
    plain = rulesets.get("hachihachi", rounds=1)
    st2 = plain.new_state(3, 0, events=False)
    st2.start_round(deck)
    st2.playout(Rng(1))
    assert st2.over


@pytest.mark.parametrize("liability, net", [(True, (0, 24, -24)), (False, (-12, 24, -12))])
def test_tobikomi_liability(liability, net):
    rs = rulesets.get("hachihachi", tobikomi_liability=liability, mizuten=False)
    st = position(rs, to_move=2, hands={
        0: "pine_chaff_2 plum_chaff_2", 1: "maple_ribbon plum_ribbon", 2: "deer iris_chaff_1"},
        field="susuki_chaff_1", pile="wisteria_chaff_1 wisteria_chaff_2 clover_chaff_1 "
                                     "clover_chaff_2 peony_chaff_1 peony_chaff_2")
    # seat 1 claimed a Maple triplet; seat 2 feeds it the fourth Maple card
    st.claims[1] = rs.claim(M("maple_ribbon maple_chaff_1 maple_chaff_2 crane pine_chaff_1 "
                              "plum_chaff_1 cherry_chaff_1"), 1)
    st.captured[1] = M("maple_chaff_1 maple_chaff_2")
    st.apply(Action(2, "play", (INDEX["deer"],)))
    st.apply(Action(0, "play", (INDEX["pine_chaff_2"],)))
    st.apply(Action(1, "play", (INDEX["maple_ribbon"],)))
    got = {(p.frm, p.to, p.amount) for p in st.payments}
    while st.phase != DEAL and st.phase != OVER:
        st.apply(st.legal_actions()[0])
    tob = [p for p in st.results[-1].payments if p.reason == "tobikomi"]
    assert sum(p.amount for p in tob) == 24 and not got
    per = [0, 0, 0]
    for p in tob:
        per[p.frm] -= p.amount
        per[p.to] += p.amount
    assert tuple(per) == net


def test_split_payment_model_halves_opponent_amounts_only():
    rs = rulesets.get("hachihachi", payment_model="split")
    r = settle(rs, E14_PILES, hands=E14_HANDS, mizuten=True)
    by = {}
    for p in r.payments:
        by.setdefault(p.reason, []).append(p.amount)
    assert by["tanichi"] == [18, 18] and by["sanbon"] == [12, 12]
    assert sorted(by["card_points"]) == [1, 7]  # card points unchanged
    assert by["mizuten"] == [12, 12]  # the reward comes from every seat, unchanged
    assert by["nukeyaku"] == [6, 6] and by["tobikomi"] == [6, 6]


def test_best_one_claims_only_the_better_teyaku_for_achievements():
    rs = rulesets.get("hachihachi", teyaku_combine="best_one")
    claim = rs.claim(M("phoenix paulownia_chaff_1 paulownia_chaff_2 pine_chaff_1 plum_chaff_1 "
                       "cherry_chaff_1 peony_chaff_1"), 0)
    assert claim.items == {"pikaichi": 48} and claim.triplets == () and claim.b == "pikaichi"
