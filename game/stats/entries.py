"""What one finished game adds to the statistics: its entry, read from its record.

The record is the truth: what the program kept in its `app` facts (undos, hints, the time
played, when it finished, whether it was continued) is read from it, so a game counted at
the next start, from the record alone, is counted exactly as at the table.

A game is identified by a fingerprint of its record (ruleset, options, seats, seed, decks
and actions), so recording the same finished game twice (the title writes a record that
failed at the table) stores it once. "You" in the figures is a game's first human seat (the
seat the title's Continue button speaks for); the yaku of every human seat are kept.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from game.engine import record as records
from game.engine.vocab import Category
from game.i18n import N_
from game.stats.values import MAX_COUNT, MISDEAL, count_of, is_amount, is_iso_time, now_utc
from game.text import clean_line

YAKU_CATEGORIES = (Category.TEYAKU, Category.DEKIYAKU)


@dataclass
class GameEntry:
    """A finished game as the database keeps it (built by `entry_from_record`)."""

    fingerprint: str
    ruleset: str
    options: dict
    seed: int | None
    first_dealer: int
    seats: list[dict]  # name, kind, level
    rounds: list[dict]  # ending, winner, dealer, multiplier, net (list per seat)
    yaku: dict[int, dict[str, int]]  # human seat -> yaku id -> times made
    winners: list[int]
    totals: list[int]
    finished_at: str = ""
    duration_s: float | None = None
    resumed: bool = False
    record_file: str | None = None
    hints: int = 0
    undos: int = 0

    @property
    def player_seat(self) -> int | None:
        """The seat "you" means: the first human one (None: computers only)."""
        return next((i for i, s in enumerate(self.seats) if s["kind"] == "human"), None)

    @property
    def opponents(self) -> str:
        return opponents_label(self.seats)

    def player_nets(self) -> list[int]:
        """The player's net of each round, misdeals not counted ([] without a player)."""
        seat = self.player_seat
        if seat is None:
            return []
        return [r["net"][seat] for r in self.rounds
                if r["ending"] != MISDEAL and seat < len(r["net"])]


def level_of(kind: str) -> str | None:
    """A computer seat's level name ('Expert'), or its agent id for one without a level."""
    if not kind.startswith("ai:"):
        return None
    import ai

    agent = kind[3:]
    return next((name for name, a, _ in ai.LEVELS if a == agent), agent)


def opponents_label(seats: list[dict]) -> str:
    """Who the player faced: one level, several joined with '+', 'Hot seat' (people only)
    or 'Computers only' (no human seat)."""
    levels = sorted({s["level"] for s in seats if s.get("level")})
    if not any(s["kind"] == "human" for s in seats):
        return N_("Computers only")  # stored as the id; the screen translates it
    return " + ".join(levels) if levels else N_("Hot seat")


def fingerprint(rec: records.Record) -> str:
    """The game's identity, whoever wrote its record and however often."""
    data = json.dumps([rec.ruleset, rec.options, rec.seats, rec.seed, rec.first_dealer,
                       rec.rounds], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(data.encode()).hexdigest()


def entry_from_record(rec: records.Record, state: object = None, **extra: object) -> GameEntry:
    """The database entry of a finished game; `state` is its engine State (replayed from
    the record when not given). `extra`: finished_at, duration_s, resumed, record_file,
    hints, undos, over what the record's `app` facts say."""
    st = state if state is not None else records.replay(rec).state
    rs = st.rs  # type: ignore[attr-defined]
    seats = _seats_of(rec)
    rounds = [{"ending": str(r.ending), "winner": r.winner, "dealer": r.dealer,
               "multiplier": r.multiplier, "net": list(r.net)}
              for r in st.results]  # type: ignore[attr-defined]
    humans = {i for i, s in enumerate(seats) if s["kind"] == "human"}
    entry = GameEntry(fingerprint(rec), rec.ruleset, dict(rec.options), rec.seed,
                      rec.first_dealer, seats, rounds, _yaku_of(st, humans),
                      list(rs.game_winners(st)), list(st.totals))  # type: ignore[attr-defined]
    _read_app_facts(entry, getattr(rec, "app", None))
    for k, v in extra.items():
        if not hasattr(entry, k):
            raise TypeError(f"unknown field {k!r}")
        setattr(entry, k, v)
    if not entry.finished_at:
        entry.finished_at = now_utc()
    return entry


def _seats_of(rec: records.Record) -> list[dict]:
    """The record's seats as the database keeps them: a drawable name, the kind, the level."""
    out = []
    for i, s in enumerate(rec.seats):
        kind = str(s.get("kind", "human"))[:80]
        out.append({"name": clean_line(s.get("name"), 40, f"Seat {i + 1}"), "kind": kind,
                    "level": level_of(kind)})
    return out


def _yaku_of(st: object, humans: set[int]) -> dict[int, dict[str, int]]:
    """The times each human seat was paid for each yaku (teyaku or dekiyaku) in the game."""
    rs = st.rs  # type: ignore[attr-defined]
    yaku: dict[int, dict[str, int]] = {i: {} for i in humans}
    for r in st.results:  # type: ignore[attr-defined]
        for p in r.payments:
            if p.to not in humans:
                continue
            try:
                cat = rs.category(p.reason)
            except ValueError:  # a reason this ruleset never pays: not a yaku
                continue
            if cat in YAKU_CATEGORIES:
                yaku[p.to][p.reason] = yaku[p.to].get(p.reason, 0) + 1
    return yaku


def _read_app_facts(entry: GameEntry, app: object) -> None:
    """Fill in what the program kept in the record's `app` facts, each value checked (a
    record from anywhere may hold anything there)."""
    if not isinstance(app, dict):
        return
    entry.undos = count_of(app.get("undo_count", 0))
    entry.hints = count_of(app.get("hint_count", 0))
    played = app.get("played_seconds")
    if isinstance(played, int) and not isinstance(played, bool) and 0 < played <= MAX_COUNT:
        entry.duration_s = float(played)
    if app.get("resumed") is True:
        entry.resumed = True
    finished = app.get("finished_at")
    if isinstance(finished, str) and is_iso_time(finished):
        entry.finished_at = finished


def player_figures(g: GameEntry) -> tuple[int | None, int, int | None, int | None]:
    """What the game gave its player, as the games row keeps it: (won 1/0, rounds, their
    net, the best of them), misdeals not counted; (None, 0, None, None) without a human
    seat. The migration to version 3 computes the same from the rounds tables."""
    seat = g.player_seat
    if seat is None:
        return None, 0, None, None
    nets = [n for n in g.player_nets() if is_amount(n)]
    return (int(seat in g.winners), len(nets), sum(nets) if nets else None,
            max(nets, default=None))


def yaku_made(g: GameEntry) -> dict[str, int]:
    """The yaku every human seat made in the game, summed over the seats (the ledger)."""
    out: dict[str, int] = {}
    for made in g.yaku.values():
        for y, n in made.items():
            out[y] = out.get(y, 0) + n
    return out
