"""Round-end specials of the Hachi-Hachi family (docs/rules/hachihachi.md §11, nuki.md §7):
All Eights (sohachi), Double Eights (nihachi), Sixteen Chaff (sujuroku).

A special settles the round by itself: it voids teyaku paid at round end, card points and
achievements (fees, compensation and teyaku paid at the claim stay).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from .cards import CHAFF_EQUIV
from .payments import from_each_opponent
from .vocab import Ending, Reason

if TYPE_CHECKING:
    from .state import State

SOHACHI_POINTS = 88  # All Eights: every active player holds exactly 88 card points
NIHACHI_POINTS = 168  # Double Eights: one player holds 168 card points or more
SUJUROKU_CHAFF = 16  # Sixteen Chaff: one player holds 16 chaff-equivalents or more


class SpecialValues(NamedTuple):
    """What each special pays from each opponent, in mon at m = 1 (None: not played)."""

    sohachi: int | None
    nihachi: Callable[[int], int] | None  # card points -> value
    sujuroku: Callable[[int], int] | None  # chaff-equivalents -> value


def chaff_equivalents(pile: int) -> int:
    """Chaff cards plus the Willow cards, which count as chaff here (common.md §2)."""
    return (pile & CHAFF_EQUIV).bit_count()


def settle_special(st: State, pts: dict[int, int], values: SpecialValues, *,
                   split: bool = False) -> bool:
    """Pay the first special that applies, in the rules' order; True if one did."""
    act = st.active
    if values.sohachi is not None and [pts[s] for s in act].count(SOHACHI_POINTS) == len(act):
        from_each_opponent(st, st.acting, values.sohachi, 1, Ending.SOHACHI, split=split)
        st.ending, st.winner = Ending.SOHACHI, st.acting
        return True
    if values.nihachi is not None:
        for s in act:
            if pts[s] >= NIHACHI_POINTS:
                from_each_opponent(st, s, values.nihachi(pts[s]), 1, Ending.NIHACHI,
                                   split=split)
                st.ending, st.winner = Ending.NIHACHI, s
                return True
    if values.sujuroku is not None:
        captured = st.captured
        for s in act:
            ch = (captured[s] & CHAFF_EQUIV).bit_count()  # chaff_equivalents, inlined
            if ch >= SUJUROKU_CHAFF:
                from_each_opponent(st, s, values.sujuroku(ch), 1, Ending.SUJUROKU, split=split)
                st.ending, st.winner = Ending.SUJUROKU, s
                return True
    return False


class SpecialRule(NamedTuple):
    """One round-end special as the rules reference states it: from ``threshold`` on (card
    points, or chaff-equivalents for Sixteen Chaff) each opponent pays the amounts listed
    (count, mon at m = 1), each holding up to the next count, and ``step`` mon more for
    every count past the last one (0: no more)."""

    id: str
    threshold: int
    amounts: tuple[tuple[int, int], ...]
    step: int


def special_rules(values: SpecialValues, most_points: int,
                  most_chaff: int) -> tuple[SpecialRule, ...]:
    """The specials of ``values`` as data, read from the amounts they pay at every count a
    pile can reach (up to ``most_points`` card points and ``most_chaff`` chaff-equivalents),
    in the order the round-end procedure checks them."""
    out = []
    if values.sohachi is not None:
        out.append(SpecialRule(Reason.SOHACHI, SOHACHI_POINTS,
                               ((SOHACHI_POINTS, values.sohachi),), 0))
    for rid, fn, first, last in ((Reason.NIHACHI, values.nihachi, NIHACHI_POINTS, most_points),
                                 (Reason.SUJUROKU, values.sujuroku, SUJUROKU_CHAFF,
                                  most_chaff)):
        if fn is None or last < first:
            continue
        vals = [fn(x) for x in range(first, last + 1)]
        i = len(vals) - 1  # the first count from which the amounts grow evenly
        while i > 0 and (i + 1 >= len(vals) or vals[i] - vals[i - 1] == vals[i + 1] - vals[i]):
            i -= 1
        step = vals[i + 1] - vals[i] if i + 1 < len(vals) else 0
        out.append(SpecialRule(rid, first, tuple((first + j, vals[j]) for j in range(i + 1)),
                               step))
    return tuple(out)
