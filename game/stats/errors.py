"""What can go wrong with the statistics, as exceptions whose message is a player's sentence.

Statistics never stop a game: every call the game makes turns these into one sentence
(`game.stats.counting`), and the screens show that sentence. `Damaged` is the one that is
not for the player: it marks a file to set aside (`game.stats.store`).
"""

from __future__ import annotations

import sqlite3

from game.i18n import _


class StatsError(Exception):
    """The statistics could not be read or written; the message is one sentence for a player."""


class NewerStats(StatsError):
    """The statistics file was written by a newer version of the game (schema `version`,
    above SCHEMA_VERSION). This version leaves it exactly as it is: the games it finishes
    wait in the journal (game.pending) until the game is updated, or until the player
    starts new statistics (`start_afresh`, which keeps the newer file aside)."""

    def __init__(self, version: int) -> None:
        super().__init__(_("Your statistics file was written by a newer version of the "
                           "game, so this version leaves it as it is and cannot show it."))
        self.version = version


class Damaged(sqlite3.DatabaseError):
    """The file is a database, but not a whole statistics database."""
