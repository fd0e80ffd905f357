"""The pure rules engine: no pygame, no clock, no global random, no I/O.

Public entry points: ``game.engine.rulesets`` (the rules API of docs/rules/README.md §6) and
the game state, actions and records built on it.
"""

from .kernel import kernel_name

__all__ = ["kernel_name"]
