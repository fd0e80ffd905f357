"""Invariants over many seeds and random legal play (GUIDE §5), for 2, 3, 4, 6 and 7 seats."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai import make_agent
from game.engine import record as records
from game.engine import rulesets
from game.engine.actions import CHANCE
from game.engine.cards import cards_of
from game.engine.rng import Rng
from game.engine.state import BLANK_PH, DEAL, OVER, RESHUFFLE, TAKE_PH, State

OPTION_SETS = [
    {},
    {"hand_swap": True, "hatto_liability": True, "tobikomi_liability": True, "bdb": True},
    {"payment_model": "split", "teyaku_combine": "best_one", "kan": 10, "aka_value": 3},
    {"compulsory_three": False, "dropout_fee": "by_seat", "forced_out_comp": "all_active",
     "mizuten": False},
    {"multiplier_carry": "one_round", "year_extension": True, "rounds": 2,
     "sage_failure": "half_double", "nanatan_extra": True, "goko_after_shiko": "cumulative"},
    {"multiplier_carry": "stack", "dropout_fee": "flat", "two_player_payment": "capped",
     "sage_failure": "half"},
]


def where_cards_are(st: State) -> list[int]:
    """Every zone's mask; the pile is the undrawn part (or the cards to reshuffle)."""
    if st.phase == BLANK_PH:  # seven seats: the deck waits for the blank card
        return [sum(1 << c for c in st.deck)]
    zones = [st.field, *st.hands, *st.captured]
    if st.phase == RESHUFFLE:
        zones.append(sum(1 << c for c in st.reshuffle_cards()))
    else:
        zones.append(sum(1 << c for c in st.pile[st.pile_pos:]))
    if st.phase == TAKE_PH:
        zones.append(1 << st.drawn)
    return zones


def check_conservation(st: State) -> None:
    zones = where_cards_are(st)
    total = 0
    for z in zones:
        assert total & z == 0, "a card is in two places"
        total |= z
    assert total == st.rs.deck_mask, "a card is missing"


def check_views(st: State) -> None:
    pile = sum(1 << c for c in st.pile[st.pile_pos:])
    for seat in range(st.n):
        v = st.view(seat)
        hidden = pile
        for o in range(st.n):
            if o != seat:
                revealed = st.claims[o].reveal if o in st.claims else 0
                hidden |= st.hands[o] & ~revealed
        if st.hidden_hands:
            hidden |= st.hands[seat]
        shown = v.hand_mask | v.field_mask | v.revealed_mask
        for m in v.captured_masks:
            shown |= m
        if v.drawn >= 0:
            shown |= 1 << v.drawn
        assert shown & hidden == 0, f"seat {seat} sees a hidden card"
        text = json.dumps([v.log, [str(a) for a in v.legal]])
        for c in cards_of(hidden):
            assert f" {st.rs.deck[st.rs.deck_cards.index(c)]}" not in text


def play_checked(name: str, options: dict, seats: int, seed: int, max_rounds: int):
    rs = rulesets.get(name, **options)
    rng = Rng(seed)
    st = rs.new_state(seats, rng.below(seats))
    agents = [make_agent("random", rng.next64()) for _ in range(seats)]
    events = []
    while st.phase != OVER and len(st.results) < max_rounds:
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        ev = st.start_round(deck)
        while st.phase not in (DEAL, OVER):
            check_conservation(st)
            if st.is_chance():
                ev += st.apply(st.sample_chance(rng))
                continue
            legal = st.legal_actions()
            assert legal, "no legal action before the round ended"
            check_views(st)
            ev += st.apply(agents[st.to_move].choose(st.view(st.to_move)))
        events.append(ev)
        r = st.results[-1]
        assert sum(r.net) == 0, "a round is not zero-sum"
        assert all(p.amount > 0 for p in r.payments)
        if r.ending == "misdeal":
            assert not r.payments and r.winner is None
        for s in range(seats):
            if s not in st.active and r.ending not in ("misdeal", "walkover"):
                assert all(not (p.frm == s and p.reason in ("card_points", "sage"))
                           for p in r.payments)
    assert st.totals == [sum(r.net[s] for r in st.results) for s in range(seats)]
    return st, events


def check_replay(st: State, events: list) -> None:
    rec = records.from_state(st, [{"name": f"P{i}", "kind": "ai:random"} for i in range(st.n)])
    rep = records.replay(records.loads(rec.dumps()), events=True)
    assert rep.results == st.results
    assert rep.state.totals == st.totals
    assert rep.events == events
    assert all(not a.startswith(f"{CHANCE} ") for r in rec.rounds for a in r["actions"])


FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4, 6, 7]),
       opts=st.integers(0, len(OPTION_SETS) - 1))
def test_hachihachi_invariants_and_replay(seed, seats, opts):
    st_, events = play_checked("hachihachi", OPTION_SETS[opts], seats, seed, max_rounds=3)
    check_replay(st_, events)


@FAST
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([3, 4, 5, 6]),
       carry=st.sampled_from(["queue", "one_round", "stack"]))
def test_nintendo_invariants_and_replay(seed, seats, carry):
    opts = {"multiplier_carry": carry, "forced_out_comp": "non_dealers",
            "compulsory_three": seed % 2 == 0}
    st_, events = play_checked("hachihachi-nintendo", opts, seats, seed, max_rounds=3)
    check_replay(st_, events)


def test_a_whole_game_ends_after_its_rounds():
    st_, _ = play_checked("hachihachi", {"rounds": 3}, 3, 11, max_rounds=100)
    assert st_.over and st_.rounds_played == 3
    assert sum(1 for r in st_.results if r.ending != "misdeal") == 3


def test_many_seeds_every_ending_is_known():
    endings = set()
    for seed in range(60):
        st_, _ = play_checked("hachihachi", {"compulsory_three": seed % 3 != 0},
                              [3, 4, 5, 6][seed % 4], seed, max_rounds=2)
        endings |= {r.ending for r in st_.results}
    assert endings <= {"shoubu", "cancel", "exhausted", "sohachi", "nihachi", "sujuroku",
                       "card_points", "walkover", "misdeal"}
    assert {"shoubu", "card_points"} <= endings


def test_clone_copies_every_slot_and_is_independent():
    rs = rulesets.get("hachihachi", hatto_liability=True)
    rng = Rng(4)
    st_ = rs.new_state(3, 0)
    deck = list(rs.deck_cards)
    rng.shuffle(deck)
    st_.start_round(deck)
    while st_.phase != TAKE_PH and not st_.is_chance() and st_.turn_i < 5:
        st_.apply(st_.legal_actions()[0])
    twin = st_.clone()
    for name in State.__slots__:
        assert hasattr(twin, name), name
        if name != "_ev":
            assert getattr(twin, name) == getattr(st_, name), name
    before = (list(st_.hands), st_.field, list(st_.actions), len(st_.history[-1][1]))
    while not twin.is_chance():
        twin.apply(twin.legal_actions()[-1])
    assert (list(st_.hands), st_.field, list(st_.actions), len(st_.history[-1][1])) == before


FAMILY = [
    ("nuki-hachihachi", {}, (2, 3, 4)),
    ("nuki-hachihachi", {"dropout_fees": True, "forced_out_comp": "all_active",
                         "compulsory_two": False, "mizuten": False}, (3, 4)),
    ("hachi", {"match_end": "rounds", "rounds": 3}, (2,)),
    ("hachi", {"match_end": "points", "target_points": 50}, (2,)),
    ("hachi", {"agari_count": 2}, (2,)),
    ("sudaoshi", {}, (3,)),
    ("sudaoshi", {"teyaku": "1921", "field_four": "dealer_takes", "yaku_unit": 12}, (3,)),
    ("sudaoshi", {"teyaku": "none", "top_yaku": False, "more_seats": True}, (3, 4, 5, 6)),
    *[("curriculum", {"tier": t}, (3,)) for t in range(1, 9)],
    ("curriculum", {"tier": 9}, (2, 3, 4, 7)),
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(FAMILY) - 1), pick=st.integers(0, 3))
def test_every_ruleset_and_tier_invariants_and_replay(seed, which, pick):
    name, opts, seat_choices = FAMILY[which]
    seats = seat_choices[pick % len(seat_choices)]
    st_, events = play_checked(name, opts, seats, seed, max_rounds=2)
    check_replay(st_, events)


@pytest.mark.parametrize("which", range(len(FAMILY)))
def test_every_ruleset_and_tier_plays_whole_rounds(which):
    name, opts, seat_choices = FAMILY[which]
    for seats in seat_choices:
        st_, events = play_checked(name, opts, seats, 1000 + which, max_rounds=2)
        check_replay(st_, events)
        rs = st_.rs
        for deck, _ in st_.history:
            assert len(deck) == len(rs.deck_cards) == (34 if name.startswith("nuki") else 48)
