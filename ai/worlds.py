"""Determinization: full game states consistent with one seat's view, for search.

A sampled world deals the cards this seat cannot see (other hands, the draw pile) at random,
keeping every hand's size and every revealed teyaku card where it is known to be. The AI owns
these states; it never sees the true one.
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import cards_of
from game.engine.rng import Rng
from game.engine.state import DEAL, DECIDE, OVER, PHASE_NAMES, PLAY_PH, TAKE_PH, State
from game.engine.view import PlayerView

from .model import Situation, model_of

_PHASES = {PHASE_NAMES[p]: p for p in (PLAY_PH, TAKE_PH, DECIDE)}


def sample_world(view: PlayerView, sit: Situation, rng: Rng) -> State:
    """A State in this view's position (play, take or decide), hidden cards sampled."""
    rs = model_of(view).rs
    st = rs.new_state(view.seats, view.dealer, events=False)
    st._reset_round(())
    st.phase = _PHASES[view.phase]
    st.blank = view.blank
    st.active = list(view.active)
    st.participants = list(view.active)
    st.acting = view.acting_dealer
    st.hidden_hands = False
    st.m = view.multiplier
    st.mizuten = view.mizuten
    st.holder = view.holder
    st.field = view.field_mask
    st.captured = list(view.captured_masks)
    # revealed claims matter for achievements (tobikomi, nukeyaku): rebuild them
    st.claims = {s: _claim_from_view(c) for s, c in view.claims.items()}
    pool = sit.unseen
    for s in sit.opps:
        pool &= ~sit.known_in_hand[s]
    rest = cards_of(pool)
    rng.shuffle(rest)
    i = 0
    st.hands = [0] * view.seats
    st.hands[sit.me] = view.hand_mask
    for s in sit.opps:
        need = view.hand_counts[s] - sit.known_in_hand[s].bit_count()
        hand = sit.known_in_hand[s]
        for c in rest[i:i + need]:
            hand |= 1 << c
        i += need
        st.hands[s] = hand
    st.pile = rest[i:]
    st.pile_pos = 0
    st.drawn = view.drawn
    k = len(st.active)
    st._turns = tuple(st.active) * 7
    st._last_turn = 7 * k - 1
    st.turn_i = 7 * k - sum(view.hand_counts[s] for s in st.active)
    if st.phase == PLAY_PH:
        pass
    else:  # the deciding seat has already played this turn
        st.turn_i -= 1
    st.to_move = view.to_move
    st.sage_order = list(view.sage_order)
    st.sagers = sum(1 << s for s in view.sage_order)
    for s in st.active:
        st.vcache[s] = rs.dek_value(st.captured[s])
    if st.phase == DECIDE:  # the trigger fired: V before this turn was lower
        st.vcache[sit.me] = 0
    st.payments = list(view.payments)  # fees and compensation paid so far (and the pot)
    for p in st.payments:
        if p.to >= 0:
            st.net[p.to] += p.amount
        if p.frm >= 0:
            st.net[p.frm] -= p.amount
    st.pot = view.pot
    return st


def _claim_from_view(claim_view):  # noqa: ANN001, ANN202
    """The engine's Claim for a revealed teyaku (achievements need its triplet months)."""
    from game.engine.rulesets.base import Claim

    months = tuple(sorted({(c >> 2) + 1 for c in cards_of(claim_view.mask)
                           if (claim_view.mask >> (c & ~3) & 0xF).bit_count() == 3}))
    b = next((k for k in claim_view.items if k in ("karasu", "pikaichi", "toichi", "tanichi",
                                                   "aka")), None)
    triplet_ids = {"sanbon", "tatesanbon", "futasanbon", "sanbon_tatesanbon",
                   "futatatesanbon", "haneken"}
    return Claim(dict(claim_view.items), claim_view.mask, 0,
                 months if triplet_ids & set(claim_view.items) else (), b)


def greedy_rollout(st: State, rng: Rng) -> None:
    """Finish the round: every player takes the most points it can (the fast policy of
    Monte Carlo search) and calls shoubu as soon as a yaku forms."""
    rs = st.rs
    rel = st._rel
    values = rs.values
    while True:
        ph = st.phase
        if ph == DEAL or ph == OVER:
            return
        if st.is_chance():
            st.apply(st.sample_chance(rng), check=False)
            continue
        seat = st.to_move
        if ph == PLAY_PH:
            field = st.field
            best, best_v = None, None
            for c in cards_of(st.hands[seat]):
                m = field & rel[c]
                if m:
                    k = m.bit_count()
                    if k == 2 or (st._sum and k > 2):
                        t = max(cards_of(m), key=values.__getitem__)
                        v = values[c] + values[t]
                        a = (c, t)
                    else:
                        v = values[c] + rs.points(m)
                        a = (c,)
                else:
                    v = -0.01 * values[c]
                    a = (c,)
                if best_v is None or v > best_v:
                    best, best_v = a, v
            if st.sagers >> seat & 1 and best_v is not None and best_v <= 0:
                best = None  # a sager with nothing to take: cancel and collect half
            if best is None:
                st.apply(Action(seat, "cancel"), check=False)
            else:
                st.apply(Action(seat, "play", best), check=False)
        elif ph == TAKE_PH:
            t = max(cards_of(st.needs_choice(st.drawn)), key=values.__getitem__)
            st.apply(Action(seat, "take", (t,)), check=False)
        else:
            legal = st.legal_actions()
            pick = next((a for a in legal if a.verb == "shoubu"), None)
            st.apply(pick or rng.choice(legal), check=False)
