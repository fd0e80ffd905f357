"""What one seat may know (common.md §8): the only thing the UI and the AIs ever read.

Public: the field, every capture pile, hand and pile counts, the multiplier and carry, every
decision, the cards revealed to claim teyaku, and the payments. Hidden: other hands (and one's
own before the swap and mizuten windows close) and the draw-pile order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import CHANCE, DECK, Action
from .cards import names_of
from .ledger import Payment, RoundResult
from .state import PHASE_NAMES, State


@dataclass(frozen=True)
class ClaimView:
    items: dict[str, int]  # teyaku id -> mon at m = 1, per opponent
    cards: tuple[str, ...]  # revealed cards
    mask: int


@dataclass(frozen=True)
class PlayerView:
    ruleset: str
    options: dict
    seats: int
    seat: int
    phase: str
    round: int  # rounds played before this one, plus one
    dealer: int
    acting_dealer: int
    active: tuple[int, ...]  # active seats in turn order from the acting dealer
    to_move: int  # -1 while waiting for chance (a deal) or after the game
    legal: tuple[Action, ...]  # this seat's legal actions (empty when not to move)
    hand_mask: int  # own hand, 0 while hidden
    hand_counts: tuple[int, ...]
    field_mask: int
    captured_masks: tuple[int, ...]
    pile_count: int
    drawn: int  # the turned-up card waiting for a choice, or -1
    multiplier: int
    carry: tuple[int, ...]
    pot: int
    sage_order: tuple[int, ...]
    claims: dict[int, ClaimView]
    mizuten: bool
    blank: int
    holder: int
    log: tuple[str, ...]  # this round's public actions (a reshuffled pile shows as a count)
    payments: tuple[Payment, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = field(repr=False)

    @property
    def hand(self) -> list[str]:
        return names_of(self.hand_mask)

    @property
    def field(self) -> list[str]:
        return names_of(self.field_mask)

    def captured(self, seat: int) -> list[str]:
        return names_of(self.captured_masks[seat])

    @property
    def revealed_mask(self) -> int:
        """Cards other seats revealed for teyaku (they are, or were, in those hands)."""
        m = 0
        for s, c in self.claims.items():
            if s != self.seat:
                m |= c.mask
        return m

    def unseen_mask(self, deck_mask: int) -> int:
        """Cards whose place this seat does not know: other hands and the draw pile
        (cards revealed for teyaku and still unplayed are included: their holder is known)."""
        seen = self.hand_mask | self.field_mask
        for m in self.captured_masks:
            seen |= m
        if self.drawn >= 0:
            seen |= 1 << self.drawn
        return deck_mask & ~seen


def _public(action: Action) -> str:
    if action.seat == CHANCE and action.verb == DECK:
        return f"* deck ({len(action.args)} cards)"
    return str(action)


def make_view(st: State, seat: int) -> PlayerView:
    if not 0 <= seat < st.n:
        raise ValueError(f"no seat {seat!r} at this table of {st.n}")
    to_move = st.to_move
    legal = tuple(st.legal_actions()) if to_move == seat and not st.is_chance() else ()
    claims = {s: ClaimView(dict(c.items), tuple(names_of(c.reveal)), c.reveal)
              for s, c in st.claims.items()}
    return PlayerView(
        ruleset=st.rs.name, options=dict(st.rs.options), seats=st.n, seat=seat,
        phase=PHASE_NAMES[st.phase], round=st.rounds_played + (0 if st.over else 1),
        dealer=st.dealer,
        acting_dealer=st.acting, active=tuple(st.active), to_move=to_move, legal=legal,
        hand_mask=0 if st.hidden_hands else st.hands[seat],
        hand_counts=tuple(h.bit_count() for h in st.hands), field_mask=st.field,
        captured_masks=tuple(st.captured), pile_count=len(st.pile) - st.pile_pos,
        drawn=st.drawn, multiplier=st.m, carry=tuple(st.rs.carry_list(st.carry)),
        pot=st.pot, sage_order=tuple(st.sage_order), claims=claims, mizuten=st.mizuten,
        blank=st.blank, holder=st.holder, log=tuple(_public(a) for a in st.actions),
        payments=tuple(st.payments), totals=tuple(st.totals), results=tuple(st.results),
    )
