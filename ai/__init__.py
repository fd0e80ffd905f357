"""Computer players: they see only a seat's view and return one of its legal actions.

``make_agent(name, seed)`` builds a player by its id or by a level name; ``AGENTS`` lists
the ids (the arena's names), ``LEVELS`` the named levels a player picks at the table. Nothing
here imports pygame, and no agent ever receives the true game state.
"""

from __future__ import annotations

from game.engine.vocab import N_

from .base import Agent
from .expectimax import ExpectimaxAgent
from .greedy_sets import GreedySetsAgent
from .master import MasterAgent
from .montecarlo import MonteCarloAgent
from .random_agent import RandomAgent
from .rules_agent import CasualAgent, GreedyAgent, RulesAgent

AGENTS: dict[str, tuple[type, str]] = {
    "random": (RandomAgent, N_("Plays a uniformly random legal move (a baseline).")),
    "greedy": (GreedyAgent, N_("Takes the most points it can right now; never plans ahead.")),
    "greedy_sets": (GreedySetsAgent, N_("Takes the most points it can right now, counting "
                                        "progress towards a yaku; never plans ahead.")),
    "casual": (CasualAgent, N_("Plays like the rule-based player, but often without thinking; "
                               "a plain greedy player that plays for yaku beats it.")),
    "rules": (RulesAgent, N_("Plays for yaku, blocks yours, and weighs what it leaves on the "
                             "field.")),
    "expectimax": (ExpectimaxAgent, N_("Weighs every card it might draw next against the "
                                       "hands you might hold, playing each line out.")),
    "montecarlo": (MonteCarloAgent, N_("Imagines many deals consistent with what it has seen "
                                       "and plays each move out to the end.")),
    "master": (MasterAgent, N_("Imagines many deals consistent with what it has seen and with "
                               "its opponents' teyaku claims, favouring those that explain what "
                               "they played, plays each move out, and thinks longest about the "
                               "closest choices.")),
}

# How the table names an agent that is no level (the arena's, an old save's, the smoke run's)
AGENT_NAMES: dict[str, str] = {"random": N_("Random"), "greedy": N_("Greedy"),
                               "greedy_sets": N_("Greedy for yaku"),
                               "casual": N_("Casual"), "rules": N_("Rule-based"),
                               "expectimax": N_("Expectimax"), "montecarlo": N_("Monte Carlo"),
                               "master": N_("Master")}

# Named levels for the table: (level, agent id, one line on how it plays). A level is offered
# at the table once the arena shows it beats the one below (ai/ladder.json, README).
LEVELS: tuple[tuple[str, str, str], ...] = (
    (N_("Beginner"), "casual", AGENTS["casual"][1]),
    (N_("Intermediate"), "rules", AGENTS["rules"][1]),
    (N_("Expert"), "expectimax", AGENTS["expectimax"][1]),
    (N_("Master"), "master", AGENTS["master"][1]),
)
_LEVEL_IDS = {name.lower(): agent for name, agent, _ in LEVELS}


def agent_id(name: str) -> str:
    """The AI id a name stands for (``Expert`` -> ``expectimax``, any case); ValueError if
    unknown. Records keep the id, so a record names its players one way."""
    key = _LEVEL_IDS.get(name.lower(), name) if isinstance(name, str) else name
    if key not in AGENTS:
        known = ", ".join([*AGENTS, *(n for n, _, _ in LEVELS)])
        raise ValueError(f"unknown AI {name!r} (known: {known})")
    return key


def make_agent(name: str, seed: int) -> Agent:
    """A new player by id (``rules``) or level (``Expert``); ValueError if unknown."""
    return AGENTS[agent_id(name)][0](seed)


__all__ = ["AGENTS", "LEVELS", "Agent", "agent_id", "make_agent"]
