"""Rollouts: the rest of a round played by one fixed policy for every seat (search leaves).

``playout(st, rng, policy, weights)`` (``State.playout``) plays the round to its end;
``RANDOM`` draws uniformly random legal moves, ``GREEDY`` (the policy the search AIs roll out
with) takes the most card points it can each turn. Chance comes from ``rng`` and every action
is recorded as in a real round.

Plain turns are the hot loop. The compiled kernel (``_ckernel.c``, see ``kernel.py``) plays
them in C; without it, ``_turns`` picks each move with the same draws and plays it through
the generic turn code (``State.apply``), so the C kernel has exactly one reference: the rules
as the state applies them (tests/engine/test_ckernel.py compares the two, move for move).
Every other decision (a sager's turn, sage or shoubu, the windows before play) goes through
``State.apply`` either way. The register of fast paths is FASTPATHS.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CANCEL, MIZUTEN, MIZUTEN_OFFER, PLAY1, SHOUBU, Action, play2, take_action
from .capture import choices
from .kernel import ckernel, dek_gate
from .phases import BLANK_PH, DEAL, MIZUTEN_PH, OVER, PLAY_PH, RESHUFFLE, TAKE_PH

if TYPE_CHECKING:
    from .state import State

RANDOM = "random"  # uniformly random legal moves
GREEDY = "greedy"  # the most card points now: the policy the search AIs roll out with
# GREEDY, and a card that takes nothing is the one that gives least to the seats after
# (Master's rollouts, issue 30): see ``greedy_card``'s ``live``
CAREFUL = "careful"
_MODE = {RANDOM: 0, GREEDY: 1, CAREFUL: 2}  # the policies, and the kernel's policy argument

# The compiled turn loop when the extension is built, else None (the tests switch it).
_CK_TURNS = ckernel.rollout_turns if ckernel is not None else None


class SetValues:
    """Card values that follow the yaku sets as they form during a rollout (issue 30).

    Fixed weights judge every card as it stood at the root: a third red ribbon is worth no
    more to the rollout's seats once a seat holds two. These are ``base`` plus, for each card
    of a set still open to a seat (no other seat holds a card of it), ``w`` times the
    marginal step of a quadratic credit, ``value * (2h + 1) / n**2`` (``h`` the seat's cards
    of the set, ``n`` its size; ``ai.model.rollout_weights``' bonus), the largest over the
    sets and seats, so taking it counts both as building and as denial. In integers (half
    up, ``w`` in quarters), so the C kernel (``spec``) and this code give the same values.
    ``entries``: (seat, mask, value) per set a seat may make. Values are recomputed only when
    the piles' cards of the sets differ (memoized: rollouts of one decision meet the same
    piles again and again).
    """

    __slots__ = ("base", "w4", "entries", "mask", "spec", "_memo")

    def __init__(self, base: tuple[int, ...], w: float,
                 entries: tuple[tuple[int, int, int], ...]) -> None:
        if len(base) != 48:
            raise ValueError(f"base must give 48 card values, not {len(base)}")
        self.base = tuple(base)
        self.w4 = round(4 * w)
        self.entries = tuple((int(s), int(m), int(v)) for s, m, v in entries)
        if self.w4 < 0 or any(s < 0 or m <= 0 or v < 0 for s, m, v in self.entries):
            raise ValueError("set values need w >= 0, seats >= 0, masks > 0 and values >= 0")
        mask = 0
        for _, m, _ in self.entries:
            mask |= m
        self.mask = mask
        self.spec = (self.w4, self.entries)
        self._memo: dict[tuple[int, ...], tuple[int, ...]] = {}

    def of(self, captured: list[int]) -> tuple[int, ...]:
        """The 48 card values for these piles (one mask per seat)."""
        mask = self.mask
        key = tuple(p & mask for p in captured)
        got = self._memo.get(key)
        if got is not None:
            return got
        taken = 0
        for p in captured:
            taken |= p
        bonus = [0] * 48
        w4 = self.w4
        for s, m, v in self.entries:
            pile = captured[s]
            if taken & ~pile & m:
                continue
            h, n2 = (pile & m).bit_count(), m.bit_count() ** 2
            b = (2 * w4 * v * (2 * h + 1) + 4 * n2) // (8 * n2)
            free = m & ~taken
            while free:
                low = free & -free
                c = low.bit_length() - 1
                if b > bonus[c]:
                    bonus[c] = b
                free ^= low
        got = tuple(x + y for x, y in zip(self.base, bonus, strict=True))
        if len(self._memo) >= 4096:
            self._memo.clear()
        self._memo[key] = got
        return got


def pick_bit(mask: int, i: int) -> int:
    """The i-th set bit of ``mask`` (lowest first), as a one-bit mask."""
    while i:
        mask &= mask - 1
        i -= 1
    return mask & -mask


def best_target(matches: int, values: tuple[int, ...]) -> int:
    """The most valuable card of ``matches`` (the lowest card among equals; any weights,
    negative ones included)."""
    best, best_v = -1, 0
    while matches:
        low = matches & -matches
        c = low.bit_length() - 1
        if best < 0 or values[c] > best_v:
            best, best_v = c, values[c]
        matches ^= low
    return best


def greedy_card(hand: int, field: int, rel: tuple[int, ...], values: tuple[int, ...],
                summ: bool, live: int | None = None) -> tuple[int, int, int]:
    """The greedy play: (card, target or -1, score), the hand card taking the most points.

    Score (x100, to stay in integers): the points a capture takes, card included (with a
    choice, the most valuable target); a card that takes nothing scores minus its own value,
    so the cheapest card is discarded. Ties go to the lowest card. (-1, -1, 0) for no card.

    ``live`` (the CAREFUL policy): the cards this seat cannot see, the other hands and the
    pile still to draw (what the seat itself could work out: the deck less the field, the
    piles and its own hand). A discard of a month with a live card scores minus its own
    value twice and minus the best live card's value: laid on the field it is a capture
    handed to whoever holds or draws that card, so the player keeps it and lays a card
    nobody can take (greedy rollouts otherwise lay their cheap cards into the next seat's
    capture, and the search misjudges every round they finish).
    """
    # fastpath: greedy-policy
    best, best_t, best_v = -1, -1, 0
    while hand:
        low = hand & -hand
        c = low.bit_length() - 1
        hand ^= low
        m = field & rel[c]
        t = -1
        if not m:
            v = -values[c]
            if live is not None and live & rel[c]:
                v -= values[c] + values[best_target(live & rel[c], values)]
        elif not m & (m - 1):  # one card to take
            v = 100 * (values[c] + values[m.bit_length() - 1])
        elif choices(rel, summ, field, c):  # a choice: the most valuable target
            t = best_target(m, values)
            v = 100 * (values[c] + values[t])
        else:  # three of the month: all taken
            v = values[c]
            while m:
                lm = m & -m
                v += values[lm.bit_length() - 1]
                m ^= lm
            v *= 100
        if best < 0 or v > best_v:
            best, best_t, best_v = c, t, v
    return best, best_t, best_v


def unseen(st: State, seat: int, rest: int | None = None) -> int:
    """The cards ``seat`` cannot see: the other hands and the pile still to draw (``rest``,
    that pile as a mask when the caller keeps it; else read from the state)."""
    out = sum(1 << c for c in st.pile[st.pile_pos:]) if rest is None else rest
    for s, h in enumerate(st.hands):
        if s != seat:
            out |= h
    return out


def greedy_action(st: State, rng,  # noqa: ANN001
                  weights: tuple[int, ...] | SetValues | None = None,
                  careful: bool = False) -> Action:
    """The greedy policy's move outside the turn loop: the same pick for a play (a sager
    with nothing to take cancels and collects), the most valuable target for the drawn
    card, shoubu at a decision; anything else (windows before play) at random.
    ``weights``: the card values of the choice (default: the ruleset's card points);
    ``careful``: the CAREFUL policy's discards."""
    ph, seat = st.phase, st.to_move
    if isinstance(weights, SetValues):
        weights = weights.of(st.captured)
    values = st.rs.values if weights is None else weights
    if ph == PLAY_PH:
        live = unseen(st, seat) if careful else None
        card, target, score = greedy_card(st.hands[seat], st.field, st._rel, values, st._sum,
                                          live)
        # a sager may cancel only where the ruleset allows it (Koi-Koi's caller plays on)
        if card < 0 or (st.sagers >> seat & 1 and score <= 0 and st.rs.cancel_after_sage):
            return Action(seat, CANCEL)
        return play2(seat, card, target) if target >= 0 else PLAY1[seat][card]
    if ph == TAKE_PH:
        return take_action(seat, best_target(st.needs_choice(st.drawn), values))
    legal = st.legal_actions()
    for a in legal:
        if a.verb == SHOUBU:
            return a
    return rng.choice(legal)


def playout(st: State, rng, policy: str = RANDOM,  # noqa: ANN001 - an engine Rng
            weights: tuple[int, ...] | SetValues | None = None) -> None:
    """``State.playout``: play the current round to its end (a rollout) with a fixed policy
    for every seat.

    ``RANDOM``: uniformly random legal moves. ``GREEDY`` (the policy the search AIs roll out
    with): each turn takes the most card points it can (ties: the lowest card), a sager with
    nothing to take cancels, shoubu as soon as a dekiyaku forms; it draws nothing from
    ``rng`` once play has begun. ``CAREFUL``: GREEDY, with discards that hand the least to
    the seats after (``greedy_card``'s ``live``). ``weights`` (48 ints, GREEDY and CAREFUL)
    replace the card points in that choice, so a caller can roll out with its own judgement
    of the cards (points plus yaku bonuses) at no extra cost; a ``SetValues`` gives values
    that follow the piles as the sets form. Chance comes from ``rng`` and every action is
    recorded as usual.
    """
    mode = _MODE.get(policy)
    if mode is None:
        raise ValueError(f"unknown rollout policy {policy!r} (known: {', '.join(_MODE)})")
    sets = None
    if isinstance(weights, SetValues):
        sets, weights = weights, weights.base
    if weights is None:
        weights = st.rs.values
    elif len(weights) != 48:
        raise ValueError(f"weights must give 48 card values, not {len(weights)}")
    while True:
        ph = st.phase
        if ph == PLAY_PH and st._ev is None and not st._watching:
            _turns(st, rng, mode, weights, sets)
            continue
        if ph == DEAL or ph == OVER:
            return
        if ph == MIZUTEN_PH and st._ev is None and not st.events_on:
            # fastpath: mizuten-step
            # apply's mizuten step for either policy (both draw from the same pair)
            action = rng.choice(MIZUTEN_OFFER[st.to_move])
            if action.verb == MIZUTEN:
                st.actions.append(action)
                st.mizuten = True
            st._next_window()
        elif ph == BLANK_PH or ph == RESHUFFLE:
            st.apply(st.sample_chance(rng), check=False)
        else:
            _one_move(st, rng, mode, sets or weights)


def _one_move(st: State, rng, mode: int,  # noqa: ANN001
              values: tuple[int, ...] | SetValues) -> None:
    """One policy move through ``apply`` (a sager's turn, a decision, a window);
    ``greedy_action`` reads a ``SetValues`` at the piles of the moment."""
    if mode:
        st.apply(greedy_action(st, rng, values, mode == 2), check=False)
    else:
        st.apply(rng.choice(st.legal_actions()), check=False)


def _turns(st: State, rng, mode: int, values: tuple[int, ...],  # noqa: ANN001
           sets: SetValues | None = None) -> None:
    """Plain policy turns until a decision, a sager's turn or the round's end.

    A random turn plays a uniformly random hand card (``rng.below`` of the hand size), then,
    when the capture has a choice, a random candidate (``below`` of their number); so does
    the drawn card. A greedy turn plays ``greedy_card``'s pick and, for the drawn card, the
    most valuable target; a careful turn (mode 2) the same with ``live``, the cards the seat
    cannot see. The C kernel (``_CK_TURNS``) makes the same draws and records the
    same actions; without it (or for weights it cannot hold), each move goes through
    ``State.apply``: the generic turn code is the reference. With ``sets`` (greedy policies),
    ``values`` is the base and each turn plays with ``sets.of`` the piles at its start.
    """
    if not mode:
        sets = None
    if _CK_TURNS is not None and not st.rs.yaku_reads_field:
        stop = _CK_TURNS(st, rng, mode, values, dek_gate(st.rs, st._vfn),
                         sets.spec if sets else None)
        if stop == 2:  # the last turn was played
            st._settle(None, -1)
            return
        if stop == 0:  # a sager's turn (to_move set): one generic move
            _one_move(st, rng, mode, sets or values)
            return
        if stop == 1:  # a dekiyaku rose: DECIDE
            return
        # -1: weights the C kernel cannot hold (not 48 ints under 2**50): the code below
    below, rel, summ, apply = rng.below, st._rel, st._sum, st.apply
    greedy = mode != 0
    # careful: the pile still to draw, as a mask kept up to date draw by draw (``unseen``
    # walks the whole pile; the pile is not reshuffled during play)
    pile, drawn = st.pile, st.pile_pos
    rest = sum(1 << c for c in pile[drawn:]) if mode == 2 else 0
    while st.phase == PLAY_PH:
        seat = st.to_move
        if sets:
            values = sets.of(st.captured)
        if st.sagers >> seat & 1:  # may cancel: a generic move, then the caller resumes
            _one_move(st, rng, mode, values)
            return
        hand = st.hands[seat]
        if greedy:
            live = None
            if mode == 2:
                while drawn < st.pile_pos:
                    rest &= ~(1 << pile[drawn])
                    drawn += 1
                live = unseen(st, seat, rest)
            card, target, _ = greedy_card(hand, st.field, rel, values, summ, live)
        else:
            card = pick_bit(hand, below(hand.bit_count())).bit_length() - 1
            among = choices(rel, summ, st.field, card)
            target = pick_bit(among, below(among.bit_count())).bit_length() - 1 if among else -1
        apply(play2(seat, card, target) if target >= 0 else PLAY1[seat][card], False)
        if st.phase == TAKE_PH:  # the drawn card has a choice
            among = st.needs_choice(st.drawn)
            target = (best_target(among, values) if greedy
                      else pick_bit(among, below(among.bit_count())).bit_length() - 1)
            apply(take_action(seat, target), False)
