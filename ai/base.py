"""The player interface: a view in, an action out."""

from __future__ import annotations

from typing import Protocol

from game.engine.actions import Action
from game.engine.view import PlayerView


class Agent(Protocol):
    id: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``. The view is all the agent may know."""
        ...

    def explain(self) -> str:
        """One short sentence on the last choice (for hints)."""
        ...
