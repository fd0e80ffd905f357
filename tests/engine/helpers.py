"""Builders for rules scenarios: settle given piles, or start play from a given position.

Both go through the engine's public ``State.from_position`` (and ``settle_now``), so a worked
example can be checked without finding a deck that happens to produce it.
"""

from __future__ import annotations

from game.engine import rulesets
from game.engine.cards import INDEX, mask_of
from game.engine.ledger import POT, Payment, RoundResult
from game.engine.rng import Rng
from game.engine.rulesets.base import Ruleset
from game.engine.state import PLAY_PH, State


def M(cards: str | list[str]) -> int:
    names = cards.split() if isinstance(cards, str) else cards
    return mask_of(INDEX[n] for n in names)


def settle(rs: Ruleset, piles: dict[int, str], *, m: int = 1, seats: int = 3,
           active: list[int] | None = None, dealer: int = 0, hands: dict | None = None,
           sage_order: tuple = (), ending: str | None = None, caller: int = -1,
           mizuten: bool = False, fees: dict | None = None) -> RoundResult:
    """Settle a round whose capture piles are given (seat -> cards); ``hands``: the dealt
    hands whose teyaku were claimed; ``fees``: drop-out fees paid into the pot."""
    if active is None:
        active = [(dealer + i) % seats for i in range(seats)]
    claims = {}
    for s, h in (hands or {}).items():
        claim = rs.claim(M(h), active.index(s))
        if claim:
            claims[s] = claim
    st = State.from_position(
        rs, seats, dealer=dealer, active=active, hands={}, field="", pile="",
        captured=piles, to_move=active[0], multiplier=m, claims=claims,
        sage_order=sage_order, mizuten=mizuten, events=False,
        payments=[Payment(s, POT, fee, "dropout_fee") for s, fee in (fees or {}).items()])
    if rs.teyaku_at_claim:
        rs.pay_teyaku(st)
    return st.settle_now(ending, caller)


def position(rs: Ruleset, *, hands: dict[int, str], field: str, pile: str,
             captured: dict[int, str] | None = None, to_move: int = 0, seats: int = 3,
             dealer: int = 0, m: int = 1) -> State:
    """A state in the middle of play: it is ``to_move``'s turn with these hands."""
    return State.from_position(rs, seats, dealer=dealer, hands=hands, field=field, pile=pile,
                               captured=captured, to_move=to_move, multiplier=m)


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


def dealt_to_play(rng: Rng, ruleset: str = "hachihachi", seats: int = 3) -> State:
    """A round dealt from a deck ``rng`` shuffles, every window before play answered with
    its last action (no mizuten, every seat joins): the first play is next."""
    rs = rulesets.get(ruleset)
    deck = list(rs.deck_cards)
    rng.shuffle(deck)
    st = rs.new_state(seats, 0, events=False)
    st.start_round(deck)
    while st.phase != PLAY_PH:
        st.apply(st.legal_actions()[-1])
    return st


def hidden_reshuffled(a: State, seed: int) -> State:
    """A copy of ``a`` with what seat 0 cannot see dealt again: seats 1 and 2's hands (each
    revealed teyaku card kept in its holder's hand, each hand its size) and the undrawn
    pile, from the same cards. Seat 0's view of the copy equals its view of ``a``."""
    b = a.clone()
    claimed = sum(c.reveal for c in b.claims.values())
    hidden = b.hands[1] | b.hands[2] | sum(1 << c for c in b.pile[b.pile_pos:])
    cards = [c for c in range(48) if hidden >> c & 1 and not claimed >> c & 1]
    Rng(seed).shuffle(cards)
    n1 = (b.hands[1] & ~claimed).bit_count()
    n2 = (b.hands[2] & ~claimed).bit_count()
    b.hands[1] = (b.hands[1] & claimed) | sum(1 << c for c in cards[:n1])
    b.hands[2] = (b.hands[2] & claimed) | sum(1 << c for c in cards[n1:n1 + n2])
    b.pile = b.pile[:b.pile_pos] + cards[n1 + n2:]
    return b
