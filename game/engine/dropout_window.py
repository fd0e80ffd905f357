"""Where the drop-out window stands (docs/rules/hachihachi.md §5), as every seat may know it.

The table's phase line ("Drop-out · joined 2 of 3 · pot 24"), its join panel ("if you join,
Yui is forced out") and the forced-out seat's reason read this from the view, so the UI never
works out the drop-out order or the compulsory rule itself. Everything here is public: who
decided what, in which order, the pot, and what the seat now deciding would cause.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

# Why a seat must join (the engine's legal actions offer only Join then)
MUST_MIZUTEN = "mizuten"  # the dealer declared mizuten and must play (§4)
MUST_COMPULSORY = "compulsory"  # only as many seats remain as a round needs (§5.2)


@dataclass(frozen=True)
class DropoutWindow:
    order: tuple[int, ...]  # the seats asked, in order from the dealer
    joined: tuple[int, ...]  # seats that joined so far, in order
    dropped: tuple[int, ...]  # seats that dropped so far, in order
    deciding: int  # the seat asked now (-1 once the window is closed)
    waiting: tuple[int, ...]  # seats still to be asked after it
    target: int  # how many seats play the round
    pot: int  # mon in the pot now
    forced_if_join: tuple[int, ...]  # seats forced out if the deciding seat joins
    must_join: str | None  # why the deciding seat must join (MUST_*), or None

    @property
    def full(self) -> bool:
        return len(self.joined) >= self.target


def window(st: State) -> DropoutWindow | None:
    """The drop-out window of this round while it is open, else None."""
    from .state import PHASE_NAMES

    if PHASE_NAMES[st.phase] != "dropout" or not st.order:
        return None
    order = tuple(st.order)
    joined = tuple(s for s in order if s in st.active)
    asked = order[:st.order_i]
    dropped = tuple(s for s in asked if s not in st.active)
    deciding = order[st.order_i] if st.order_i < len(order) else -1
    waiting = order[st.order_i + 1:]
    target = st.rs.active_count
    forced = waiting if len(joined) + 1 >= target else ()
    must = None
    if deciding >= 0 and st.must_join(deciding):
        must = MUST_MIZUTEN if deciding == st.dealer and st.mizuten else MUST_COMPULSORY
    return DropoutWindow(order, joined, dropped, deciding, waiting, target, st.pot, forced,
                         must)


__all__ = ["MUST_COMPULSORY", "MUST_MIZUTEN", "DropoutWindow", "window"]
