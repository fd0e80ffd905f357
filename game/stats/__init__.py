"""Statistics and history of finished games: one SQLite file in the user data folder.

A package of small rooms, each with one job, so that changing what counts as a win never
means reading past the damage-proofing:

- `values`: the limits of every figure and the check each value read passes first;
- `errors`: what can go wrong, as one sentence for the player;
- `budget`: the work one use of the file may take (SQLite's steps, not seconds);
- `schema`: every change to the file from version 1 on, the SQL that finds a damaged game
  row, the upgrade of an older file;
- `entries`: what one finished game adds (its entry, read from its record; its fingerprint);
- `figures`: what the screens read (a row of figures, a past game) and the checks on a row;
- `bests`: the player's bests before a game and the records it broke;
- `db`: `StatsDB`, an open database: adding a game, the queries the screens read;
- `store`: open the file, check it, set a damaged one aside, `read` under a budget;
- `counting`: the calls the game makes (count a game, the waiting games, a review's
  accuracy), which never raise;
- `cli`: `python -m game stats`.

Each room imports only rooms above it in this list (tests/test_purity.py). No pygame and
nothing of game.ui here: the command line and the screens read the same
`StatsDB.summary()`. `from game import stats` gives every public name below, so callers
need not know which room holds it.
"""

from __future__ import annotations

from game.stats.bests import BROKEN_KINDS, Broken, PastBests, records_broken
from game.stats.cli import cmd_stats, damaged_words, figures_lines, kind_words
from game.stats.counting import (
    Waiting,
    count_game,
    count_many,
    game_records_broken,
    keep_review,
    newer_waiting_words,
    record_game,
    waiting_words,
)
from game.stats.db import StatsDB
from game.stats.entries import GameEntry, entry_from_record, fingerprint
from game.stats.errors import NewerStats, StatsError
from game.stats.figures import Figures, HistoryItem
from game.stats.schema import MIGRATIONS, SCHEMA_VERSION, expected_schema, migrate
from game.stats.store import open_db, read, start_afresh
from game.stats.values import now_utc, record_name, seed_from_db, seed_to_db

__all__ = ["BROKEN_KINDS", "Broken", "Figures", "GameEntry", "HistoryItem", "MIGRATIONS",
           "NewerStats", "PastBests", "SCHEMA_VERSION", "StatsDB", "StatsError", "Waiting",
           "cmd_stats", "count_game", "count_many", "damaged_words", "entry_from_record",
           "expected_schema", "figures_lines", "fingerprint", "game_records_broken",
           "keep_review", "kind_words", "migrate", "newer_waiting_words", "now_utc",
           "open_db", "read", "record_game", "record_name", "records_broken", "seed_from_db",
           "seed_to_db", "start_afresh", "waiting_words"]
