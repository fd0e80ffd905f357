"""A seeded random-legal-move player: the floor of the strength ladder."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.view import PlayerView


class RandomAgent:
    id = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: PlayerView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return self.rng.choice(view.legal)

    def explain(self) -> str:
        return "I picked a legal move at random."
