"""Computer players: they see only a seat's view and return one of its legal actions.

``make_agent(name, seed)`` builds a player by its id; ``AGENTS`` lists the ids. Nothing here
imports pygame, and no agent ever receives the true game state.
"""

from __future__ import annotations

from .base import Agent
from .random_agent import RandomAgent

AGENTS: dict[str, tuple[type, str]] = {
    "random": (RandomAgent, "Plays a uniformly random legal move (a baseline, not a player)."),
}


def make_agent(name: str, seed: int) -> Agent:
    """A new player of kind ``name``; ValueError naming an unknown id."""
    entry = AGENTS.get(name)
    if entry is None:
        raise ValueError(f"unknown AI {name!r} (known: {', '.join(AGENTS)})")
    return entry[0](seed)


__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
