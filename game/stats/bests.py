"""Personal bests: what the player had done before a game, and the records it broke.

The game-end screen says "your first win", "your best round", "your best game total", "your
first Gokō" (issue 26). The game is counted before its result screen opens
(storage.keep_finished), so its bests are measured against the games stored before it
(`bests_before`), and the comparison (`records_broken`) is a pure function of the game's
entry and those bests.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from game.stats.entries import GameEntry
from game.stats.schema import DAMAGED_IDS, ROUNDS_OK
from game.stats.values import MAX_COUNT, is_amount, whole
from game.text import clean_line

YAKU_ROWS = 100_000  # distinct yaku read: far more than there are


@dataclass
class PastBests:
    """The player's bests before one game (StatsDB.bests_before)."""

    games: int = 0  # earlier games of this ruleset with a human seat
    wins: int = 0
    best_total: int | None = None
    best_round: int | None = None  # misdeals not counted
    yaku_made: frozenset[str] = frozenset()  # any ruleset
    any_games: int = 0  # earlier games with a human seat, any ruleset


@dataclass(frozen=True)
class Broken:
    """One record this game broke: `kind` is one of BROKEN_KINDS; `value` the new figure
    (a yaku id for "first_yaku"), `previous` the old one (None for a first time)."""

    kind: str
    value: int | str
    previous: int | None = None


BROKEN_KINDS = ("first_win", "best_round", "best_total", "first_yaku")


def records_broken(entry: GameEntry, before: PastBests) -> list[Broken]:
    """The records the finished game `entry` broke, compared with the games before it.

    Only the player's seat (the first human) holds records. Nothing is a record in the
    very first game (there is nothing to break yet); a best must beat the old figure
    strictly; a first yaku is one the player never made in any earlier game."""
    seat = entry.player_seat
    if seat is None:
        return []
    out: list[Broken] = []
    if before.games:
        out += _first_win(entry, seat, before)
        out += _beaten("best_round", max(entry.player_nets(), default=None), before.best_round)
        out += _beaten("best_total", entry.totals[seat], before.best_total)
    if before.any_games:
        out += [Broken("first_yaku", y) for y in sorted(entry.yaku.get(seat, {}))
                if y not in before.yaku_made]
    return out


def _first_win(entry: GameEntry, seat: int, before: PastBests) -> list[Broken]:
    """The player's first win of this ruleset, with the total it was won with."""
    if before.wins or seat not in entry.winners:
        return []
    return [Broken("first_win", entry.totals[seat])]


def _beaten(kind: str, new: int | None, old: int | None) -> list[Broken]:
    """A best beaten: a positive figure strictly above an earlier one."""
    if new is None or old is None or new <= old or new <= 0:
        return []
    return [Broken(kind, new, old)]


def _earlier(alias: str, limit: int | None) -> str:
    """SQL: a game with a human seat, not damaged, stored before the game `limit` (any
    game when None); `alias` names the games table in the query ("" when unnamed)."""
    p = f"{alias}." if alias else ""
    return (f"{p}player_seat IS NOT NULL AND {p}id NOT IN ({DAMAGED_IDS})"
            + ("" if limit is None else f" AND {p}id < {int(limit)}"))


def bests_before(conn: sqlite3.Connection, fp: str, ruleset: str) -> PastBests:
    """The player's bests in the games counted before the game `fp` (issue 26): the game
    itself is counted before its result screen opens (storage.keep_finished), so it is
    left out, and so is every game stored after it. Amounts (best round, best total,
    wins) are of the same ruleset, as a round's size depends on it; the yaku ever made
    are of any ruleset (a Gokō is a Gokō). Damaged games are left out."""
    row = conn.execute("SELECT id FROM games WHERE fingerprint = ?", (fp,)).fetchone()
    limit = row[0] if row is not None and isinstance(row[0], int) else None
    before = _earlier("", limit)
    past = PastBests()
    past.any_games = conn.execute(
        f"SELECT COUNT(*) FROM games INDEXED BY games_figures WHERE {before}").fetchone()[0]
    games, wins, best_round = conn.execute(
        f"SELECT COUNT(*), TOTAL(won = 1), MAX(CASE WHEN {ROUNDS_OK} THEN player_best END)"
        f" FROM games INDEXED BY games_figures WHERE ruleset = ? AND {before}",
        (ruleset,)).fetchone()
    past.games, past.wins, past.best_round = games, whole(wins) or 0, whole(best_round)
    best = conn.execute(  # the rows passed GAME_OK: whole numbers, seat in range
        "SELECT MAX(json_extract(totals, '$[' || player_seat || ']')) FROM games"
        f" INDEXED BY games_by_ruleset WHERE ruleset = ? AND {before}",
        (ruleset,)).fetchone()[0]
    past.best_total = best if is_amount(best) else None
    past.yaku_made = frozenset(name for (y,) in conn.execute(
        "SELECT DISTINCT y.yaku FROM yaku y JOIN games g ON g.id = y.game_id"
        f" AND y.seat = g.player_seat WHERE {_earlier('g', limit)}"
        " AND typeof(y.times) = 'integer' AND y.times BETWEEN 1 AND ? LIMIT ?",
        (MAX_COUNT, YAKU_ROWS)) if (name := clean_line(y, 80)))
    return past
