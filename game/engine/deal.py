"""The deal (docs/rules/common.md §6 and §7): a round's chance outcome, checked and dealt.

``start_round`` (``State.start_round``) checks the deck and resets the round; ``deal`` gives
seven cards to every seat dealt in (dealer first round the table; at a table of seven the
blank holder sits out), six to the field and the rest to the pile, voids the deal when the
field holds four of a month (where the ruleset says so), sets the round's multiplier and
opens the first window before play. Every round of every rollout runs this, so it is written
for speed; its fast paths (deck-permutation, deal-bits, deal-misdeal) are in FASTPATHS.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CHANCE
from .cards import BITS, BLANK_TABLE, FIELD_SIZE, HAND_SIZE, names_of
from .errors import IllegalAction
from .phases import BLANK_PH, DEAL, PHASE_NAMES

if TYPE_CHECKING:
    from .events import Event
    from .state import State

_SEAT_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _is_permutation(deck: tuple[int, ...], cards: bytes) -> bool:
    """Whether ``deck`` (as long as ``cards``) holds each of ``cards`` once, in C calls:
    about a seventh of the instructions of ``frozenset(deck) == deck_set`` (every deal).

    As bytes, every card is one of ``cards`` when deleting those leaves nothing; and no card
    repeats when translating by the table that maps ``deck[i]`` to ``cards[i]`` gives
    ``cards`` back (a repeated card maps to its last position's card, so an earlier position
    comes out wrong, the cards being distinct).
    """
    # fastpath: deck-permutation
    try:
        b = bytes(deck)
    except (TypeError, ValueError):  # not a card number at all
        return False
    return not b.translate(None, cards) and b.translate(bytes.maketrans(b, cards)) == cards


def dealt_seats(n: int, dealer: int, blank: int = -1) -> tuple[int, ...]:
    """The seats dealt in, dealer first round the table (the blank holder sits out): the
    order of the deal and of the drop-out window. Cached."""
    key = (n, dealer, blank)
    got = _SEAT_ORDERS.get(key)
    if got is None:
        got = _SEAT_ORDERS[key] = tuple((dealer + i) % n for i in range(n)
                                        if (dealer + i) % n != blank)
    return got


def start_round(st: State, deck: list[int] | tuple[int, ...]) -> list[Event]:
    """``State.start_round``: check the deck (a permutation of the ruleset's deck, top
    first), reset the round and deal it (at a table of seven, after the ``* blank``)."""
    if st.phase != DEAL:
        raise IllegalAction(f"cannot deal now (phase {PHASE_NAMES[st.phase]})")
    deck = tuple(deck)
    rs = st.rs
    if len(deck) != rs.deck_size or not _is_permutation(deck, rs.deck_bytes):
        raise IllegalAction(f"the deck is not a permutation of the {rs.name} deck")
    st._ev = [] if st.events_on else None
    st._reset_round(deck)
    st.history.append((deck, st.actions))
    if st._ev is not None:
        st.emit("round_start", st.dealer, round=st.rounds_played + 1, dealer=st.dealer)
    if st.n == BLANK_TABLE:
        st.phase = BLANK_PH
        st.to_move = CHANCE
    else:
        deal(st)
    ev = st._ev or []  # _flush, inline (every deal)
    st._ev = None
    return ev


def deal(st: State) -> None:
    """Deal the round's deck: hands, field and pile; a misdeal, or the multiplier and the
    first window before play."""
    d, deck = st.dealer, st.deck
    order = _SEAT_ORDERS.get((st.n, d, st.blank))  # dealt_seats' cache, inline
    seats = list(order if order is not None else dealt_seats(st.n, d, st.blank))
    st.participants = seats
    # the deck is a permutation (start_round checked it): distinct cards, one bit each,
    # so adding the bits is or-ing them. Unpacked (HAND_SIZE 7, FIELD_SIZE 6: another
    # size fails to unpack), looked up and added: ints add by a specialised opcode, while
    # shifts and ors allocate (two thirds of the instructions of 1 << a | ...)
    # fastpath: deal-bits
    hands, bit = st.hands, BITS
    k = 0
    rs = st.rs
    hand_size, field_size = rs.hand_size, rs.field_size
    if hand_size == HAND_SIZE and field_size == FIELD_SIZE:  # the 88 family
        for s in seats:
            a, b, c, e, f, g, h = deck[k:k + HAND_SIZE]
            hands[s] = bit[a] + bit[b] + bit[c] + bit[e] + bit[f] + bit[g] + bit[h]
            k += HAND_SIZE
        a, b, c, e, f, g = deck[k:k + FIELD_SIZE]
        st.field = field = bit[a] + bit[b] + bit[c] + bit[e] + bit[f] + bit[g]
    else:  # another size (Koi-Koi deals 8, 8 and 8)
        for s in seats:
            hands[s] = sum(map(bit.__getitem__, deck[k:k + hand_size]))
            k += hand_size
        st.field = field = sum(map(bit.__getitem__, deck[k:k + field_size]))
    st.pile = list(deck[k + field_size:])
    st.pile_pos = 0
    if st._ev is not None:
        st.emit("dealt", d, field=names_of(field), pile=len(st.pile), seats=seats)
    if rs.field_check == "misdeal":
        # four of a month on the field (common.md §7). fastpath: deal-misdeal
        x = field - ((field >> 1) & 0x555555555555)  # month_counts, inlined
        x = (x & 0x333333333333) + ((x >> 2) & 0x333333333333)
        four = (x >> 2) & 0x111111111111
        if four:
            if st._ev is not None:
                st.emit("misdeal", d, month=four.bit_length() // 4 + 1)
            st._finish("misdeal", None)
            return
    st.carry_before = st.carry
    st.m, st.carry = rs.field_multiplier(st.field, st.carry)
    if st._ev is not None:
        st.emit("multiplier", -1, m=st.m, carry=list(rs.carry_list(st.carry)))
    if rs.hand_swap and len(seats) >= 3 and st.blank != d:
        st.swap_queue = seats[1:]
    st.holder = d
    st._next_window()
