"""The view from no seat (`State.public_view`, issue 42): what a screen several players read
may show while no hand is face up on it (a hot-seat table between turns, a party game's
shared table).

It never holds a card of a hidden hand or of the draw pile; the cards revealed to claim teyaku
are public, so its yaku watch places those with their holder; and every other field equals
what each seat's own view says. Its seat is SPECTATOR (-1): the engine's own consumers that
index by `view.seat` refuse it or answer nothing, never the last seat's.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import rulesets
from game.engine.cards import INDEX, cards_of, names_of
from game.engine.effects import move_effect
from game.engine.positions import PositionError
from game.engine.preview import preview
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER, State
from game.engine.view import SPECTATOR, PlayerView

GAMES = [
    ("hachihachi", {}, (3, 4, 6)),
    ("hachihachi", {"hand_swap": True, "teyaku_combine": "best_one"}, (3, 5)),
    ("hachihachi-nintendo", {}, (3, 4)),
    ("nuki-hachihachi", {}, (2, 3)),
    ("hachi", {}, (2,)),
    ("sudaoshi", {}, (3,)),
    ("curriculum", {"tier": 5}, (3,)),
]


def hidden_mask(st_: State) -> int:
    """What nobody at the table may see: the draw pile, and every hand less the cards its
    seat revealed to claim teyaku."""
    hidden = sum(1 << c for c in st_.pile[st_.pile_pos:])
    for s, hand in enumerate(st_.hands):
        revealed = st_.claims[s].reveal if s in st_.claims else 0
        hidden |= hand & ~revealed
    return hidden


def revealed_unplayed(st_: State) -> int:
    return sum(c.reveal & st_.hands[s] for s, c in st_.claims.items())


def check_public(st_: State) -> PlayerView:
    """Every property of the public view at this moment of the round."""
    pv = st_.public_view()
    assert pv.seat == SPECTATOR and pv.spectator
    assert pv.hand_mask == 0 and pv.hand == [] and pv.legal == ()
    hidden = hidden_mask(st_)
    shown = pv.field_mask | pv.revealed_mask
    for m in pv.captured_masks:
        shown |= m
    if pv.drawn >= 0:
        shown |= 1 << pv.drawn
    assert shown & hidden == 0, "the public view shows a hidden card"
    deck = st_.rs.deck
    text = json.dumps(pv.log)
    for c in cards_of(hidden):
        assert f" {deck[st_.rs.deck_cards.index(c)]}" not in text
    # the watch: a hidden card is never placed; each revealed, unplayed card missing from a
    # combination is placed with the seat that revealed it
    entries = {e.id: e for e in st_.rs.entries if e.is_card_set}
    open_cards = revealed_unplayed(st_)
    for seat, progress in enumerate(pv.watch):
        for p in progress:
            held = {INDEX[c] for _s, c in p.held}
            assert not any(hidden >> c & 1 for c in held), f"{p.id} places a hidden card"
            for holder, c in p.held:
                assert st_.hands[holder] >> INDEX[c] & 1 and holder in st_.claims
            missing = entries[p.id].cards & st_.rs.deck_mask & ~st_.captured[seat]
            assert sum(1 << c for c in held) == missing & open_cards
    # every public field is each seat's own view's; the watch differs only in where the
    # missing cards are known to be (the seat's own hand is unseen to the table)
    for seat in range(st_.n):
        v = st_.view(seat)
        assert dataclasses.replace(v, seat=SPECTATOR, hand_mask=0, legal=(),
                                   watch=pv.watch) == pv
        assert len(v.watch) == len(pv.watch)
        for mine, pub in zip(v.watch, pv.watch, strict=True):
            assert [p.id for p in mine] == [p.id for p in pub]
            for a, b in zip(mine, pub, strict=True):
                assert (a.value, a.have, a.need, a.on_field, a.gone) == (
                    b.value, b.have, b.need, b.on_field, b.gone)
                assert a.unseen + len(a.held) == b.unseen + len(b.held)
                assert set(b.held) <= set(a.held)
    return pv


def play_checked(name: str, options: dict, seats: int, seed: int) -> int:
    """Random legal play of up to two rounds, every decision's public view checked; the
    number of views in which a revealed teyaku card was placed by the watch."""
    rs = rulesets.get(name, **options)
    rng = Rng(seed)
    st_ = rs.new_state(seats, rng.below(seats))
    placed = 0
    while st_.phase != OVER and len(st_.results) < 2:
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st_.start_round(deck)
        while st_.phase not in (DEAL, OVER):
            if st_.is_chance():
                st_.apply(st_.sample_chance(rng))
                continue
            pv = check_public(st_)
            placed += any(p.held for progress in pv.watch for p in progress)
            st_.apply(rng.choice(st_.legal_actions()))
        check_public(st_)  # after the round: the same rules
    return placed


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(GAMES) - 1), pick=st.integers(0, 2))
def test_the_public_view_never_holds_a_hidden_card(seed, which, pick):
    name, opts, seat_choices = GAMES[which]
    play_checked(name, opts, seat_choices[pick % len(seat_choices)], seed)


def test_revealed_teyaku_are_placed_and_hidden_hands_are_not():
    """Over a few seeded games some teyaku are revealed and placed by the public watch (with
    the seat that revealed them: check_public), and a seat's own view places hand cards of
    its own that the public view counts unseen."""
    assert sum(play_checked("hachihachi", {}, 3, seed) for seed in range(6)) > 0
    rs = rulesets.get("hachihachi")
    rng = Rng(3)
    own_only = 0
    for g in range(4):
        st_ = rs.new_state(3, g % 3)
        for _ in st_.decisions(rng):
            pv = st_.public_view()
            public = {c for progress in pv.watch for p in progress for _s, c in p.held}
            for seat in range(3):
                own = {c for progress in st_.view(seat).watch for p in progress
                       for s, c in p.held if s == seat}
                hidden_own = own & set(names_of(hidden_mask(st_)))
                assert not hidden_own & public
                own_only += bool(hidden_own)
            st_.apply(rng.choice(st_.legal_actions()))
    assert own_only > 0


def test_the_engine_refuses_a_spectator_where_a_seat_is_needed():
    """Nothing reads `view.par[view.seat]` of seat -1 (the last seat's): a spectator has no
    decision to preview, no move to weigh, no worlds to draw."""
    rs = rulesets.get("hachihachi")
    rng = Rng(5)
    st_ = rs.new_state(3, 0)
    for _ in st_.decisions(rng):
        if st_.public_view().phase == "play":
            break
        st_.apply(rng.choice(st_.legal_actions()))
    pv = st_.public_view()
    assert pv.phase == "play" and pv.spectator
    assert preview(pv) == []
    mover = st_.view(st_.to_move)
    assert all(move_effect(pv, a) is None for a in mover.legal)
    assert move_effect(mover, mover.legal[0]) is not None
    with pytest.raises(PositionError):
        State.resample(pv, Rng(1))
    with pytest.raises(ValueError):
        st_.view(SPECTATOR)  # a seat's view is a seat's: -1 is no seat
