"""The pure rules engine: no pygame, no clock, no global random, no I/O.

Public entry points: ``game.engine.rulesets`` (the rules API of rules/API.md §2) and the game
state, actions and records built on it.
"""
