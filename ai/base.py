"""The player interface: a view in, an action out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine.actions import CANCEL, PLAY, SAGE, SHOUBU, TAKE, Action
from game.engine.view import PlayerView


class Agent(Protocol):
    id: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``. The view is all the agent may know."""
        ...

    def explain(self) -> str:
        """One short sentence on the last choice (for hints)."""
        ...


# The verbs the searching players (Expert, Master, Monte Carlo) search; the windows before
# play (join/drop, mizuten, swap) are answered by ai.windows instead.
SEARCHED = frozenset({PLAY, TAKE, SAGE, SHOUBU, CANCEL})


def is_searched(legal: Sequence[Action]) -> bool:
    """A real choice the searchers search: two or more actions, every one of a searched verb."""
    return len(legal) >= 2 and all(a.verb in SEARCHED for a in legal)
