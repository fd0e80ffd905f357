"""Builders for rules scenarios: settle given piles, or start play from a given position.

They set State fields directly (white-box), so a worked example can be checked without
finding a deck that happens to produce it.
"""

from __future__ import annotations

from game.engine.cards import INDEX, mask_of
from game.engine.ledger import RoundResult
from game.engine.rulesets.base import Ruleset
from game.engine.state import PLAY_PH, State


def M(cards: str | list[str]) -> int:
    names = cards.split() if isinstance(cards, str) else cards
    return mask_of(INDEX[n] for n in names)


def settle(rs: Ruleset, piles: dict[int, str], *, m: int = 1, seats: int = 3,
           active: list[int] | None = None, dealer: int = 0, hands: dict | None = None,
           sage_order: tuple = (), ending: str | None = None, caller: int = -1,
           mizuten: bool = False, fees: dict | None = None) -> RoundResult:
    """Settle a round whose capture piles are given (seat -> cards)."""
    st = rs.new_state(seats, dealer, events=False)
    st._reset_round(())
    st.participants = [(dealer + i) % seats for i in range(seats)]
    st.active = active if active is not None else st.participants[:]
    st.acting = st.active[0]
    st.m = m
    for s, cards in piles.items():
        st.captured[s] = M(cards)
        st.vcache[s] = rs.dek_value(st.captured[s])  # the engine keeps V here as play goes
    for s, h in (hands or {}).items():
        claim = rs.claim(M(h), st.active.index(s))
        if claim:
            st.claims[s] = claim
    for s, fee in (fees or {}).items():
        st.pay(s, -1, fee, "dropout_fee")
    st.sage_order = list(sage_order)
    for s in sage_order:
        st.sagers |= 1 << s
    st.mizuten = mizuten
    st.phase = PLAY_PH
    if rs.teyaku_at_claim:
        rs.pay_teyaku(st)
    st._settle(ending, caller)
    return st.results[-1]


def position(rs: Ruleset, *, hands: dict[int, str], field: str, pile: str,
             captured: dict[int, str] | None = None, to_move: int = 0, seats: int = 3,
             dealer: int = 0, m: int = 1) -> State:
    """A state in the middle of play: it is ``to_move``'s turn with these hands."""
    st = rs.new_state(seats, dealer, events=True)
    st._reset_round(())
    st.participants = [(dealer + i) % seats for i in range(seats)]
    st.active = st.participants[:]
    st.acting = st.active[0]
    st.hidden_hands = False
    st.m = m
    for s, h in hands.items():
        st.hands[s] = M(h)
    st.field = M(field)
    st.pile = [INDEX[c] for c in pile.split()]
    for s, cards in (captured or {}).items():
        st.captured[s] = M(cards)
        st.vcache[s] = rs.dek_value(st.captured[s])
    st.turn_i = st.active.index(to_move)
    st._turns = tuple(st.active) * 7
    st._last_turn = st.turn_i + sum(h.bit_count() for h in st.hands) - 1
    st.to_move = to_move
    st.phase = PLAY_PH
    return st


def piles_with_points(rs: Ruleset, targets: list[int]) -> list[list[str]]:
    """Split the deck into piles with these card points, no dekiyaku and under 16
    chaff-equivalents (for card-point vectors whose piles the source leaves open).

    Searches only the cards worth more than 1; the chaff then fills each pile's remainder.
    """
    from game.engine.cards import CARD_IDS, CHAFF_EQUIV

    big = sorted((c for c in rs.deck_cards if rs.values[c] > 1), key=lambda c: -rs.values[c])
    chaff = [c for c in rs.deck_cards if rs.values[c] == 1]
    piles = [0] * len(targets)
    left = list(targets)

    def dfs(i: int) -> bool:
        if i == len(big):
            if sum(left) != len(chaff) or min(left) < 0:
                return False
            return all((p & CHAFF_EQUIV).bit_count() + n < 16 for p, n in zip(piles, left,
                                                                             strict=True))
        c = big[i]
        v = rs.values[c]
        for j in range(len(piles)):
            if left[j] >= v and not rs.dek_items(piles[j] | 1 << c):
                piles[j] |= 1 << c
                left[j] -= v
                if dfs(i + 1):
                    return True
                piles[j] &= ~(1 << c)
                left[j] += v
        return False

    assert dfs(0), f"no piles with points {targets}"
    it = iter(chaff)
    for j, n in enumerate(left):
        for _ in range(n):
            piles[j] |= 1 << next(it)
    return [[CARD_IDS[c] for c in range(48) if p >> c & 1] for p in piles]
