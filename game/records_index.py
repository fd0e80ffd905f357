"""What each record file in the records folder holds, in a few facts, kept in a small index.

The records list names every game by its game, players, date, rounds and result, and a
result needs the game replayed (the totals are the engine's, never stored apart from the
moves): about 2 to 60 ms a record, so a folder of a thousand records would take many
seconds every time the page opens. The facts of each file are therefore kept in an index
file beside the records folder, keyed by the file's name and checked against its size and
modification time: a changed, new or removed file is summarised again, the rest is read
from the index. The index is only a cache: a missing, damaged or hostile index (read
through game.files' limits) is ignored and rebuilt, an entry that does not look right is
dropped, and a failed write costs only time at the next opening.

A file that is not a usable record is a summary too, with the kind of problem
(game.replays.Problem), so the list shows it as one line of words and every other record
stays listed. No pygame and no words here: the screen's model (game/ui/records_model.py)
turns these facts into words.
"""

from __future__ import annotations

import logging
import os
import stat as stat_mod
import time
from dataclasses import dataclass, field
from pathlib import Path

from game import files, replays
from game.engine.state import OVER
from game.stats.values import is_iso_time

log = logging.getLogger(__name__)

INDEX_NAME = "records-index.json"
INDEX_FORMAT = "hanafuda-records-index/1"
MAX_FILES = 20_000  # record files listed at most (far beyond a lifetime of games)
MAX_SEATS = 16
INDEX_LIMITS = files.Limits(max_bytes=32_000_000, max_depth=6, max_int_digits=40,
                            max_str_len=4096, max_items=3_000_000)


@dataclass(frozen=True)
class SeatFacts:
    name: str  # as the record gives it (cleaned to drawable text by the screen)
    kind: str  # "human" or "ai:<agent id>"


@dataclass(frozen=True)
class Summary:
    """One record file's facts: where it is and what it was when read (`size`,
    `mtime_ns`), then either `problem` (a game.replays.Problem value) or the game."""

    file: str
    size: int
    mtime_ns: int
    problem: str | None = None
    ruleset: str = ""
    seats: tuple[SeatFacts, ...] = ()
    finished_at: str = ""  # ISO 8601 with its zone, from the record; "" when it has none
    rounds: int = 0  # rounds played to their end
    finished: bool = False  # the game reached its end
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()  # the engine's game winners (only when finished)

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def viewer(self) -> int | None:
        """The seat whose result the list tells: the first human seat, if any."""
        return next((i for i, s in enumerate(self.seats) if s.kind == "human"), None)

    def to_json(self) -> dict:
        return {"file": self.file, "size": self.size, "mtime_ns": self.mtime_ns,
                "problem": self.problem, "ruleset": self.ruleset,
                "seats": [[s.name, s.kind] for s in self.seats],
                "finished_at": self.finished_at, "rounds": self.rounds,
                "finished": self.finished, "totals": list(self.totals),
                "winners": list(self.winners)}


def _int(v: object, lo: int = 0, hi: int = 1 << 62) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def summary_from_json(d: object) -> Summary | None:
    """An index entry back as a Summary; None when anything in it is not as written."""
    if not isinstance(d, dict):
        return None
    try:
        seats = d["seats"]
        totals, winners = d["totals"], d["winners"]
        ok = (isinstance(d["file"], str) and _int(d["size"]) and _int(d["mtime_ns"], -(1 << 62))
              and (d["problem"] is None or d["problem"] in set(replays.Problem))
              and isinstance(d["ruleset"], str) and isinstance(d["finished_at"], str)
              and _int(d["rounds"], 0, 100_000) and isinstance(d["finished"], bool)
              and isinstance(seats, list) and len(seats) <= MAX_SEATS
              and all(isinstance(s, list) and len(s) == 2
                      and all(isinstance(x, str) for x in s) for s in seats)
              and isinstance(totals, list) and len(totals) <= MAX_SEATS
              and all(_int(t, -(1 << 53), 1 << 53) for t in totals)
              and isinstance(winners, list)
              and all(_int(w, 0, len(seats) - 1) for w in winners)
              and (d["problem"] is not None or (seats and len(totals) == len(seats))))
    except (KeyError, TypeError):
        return None
    if not ok:
        return None
    return Summary(d["file"], d["size"], d["mtime_ns"], d["problem"], d["ruleset"],
                   tuple(SeatFacts(n, k) for n, k in seats), d["finished_at"], d["rounds"],
                   d["finished"], tuple(totals), tuple(winners))


def summarise(path: Path, size: int, mtime_ns: int) -> Summary:
    """The facts of one record file (read and replayed once); a problem kind when it is
    not a record this program can replay. Never raises."""
    name = path.name
    try:
        rec = replays.read_record(path)
        rp = replays.replay_checked(rec, path)
    except replays.RecordProblem as e:
        log.info("record %r: %s (%r)", str(path), e.problem, e.detail)
        return Summary(name, size, mtime_ns, str(e.problem))
    except Exception:  # an engine surprise: one line of words, the others still listed
        log.exception("record %r could not be summarised", str(path))
        return Summary(name, size, mtime_ns, str(replays.Problem.UNPLAYABLE))
    st = rp.state
    seats = tuple(SeatFacts(s.get("name") if isinstance(s.get("name"), str) else "",
                            str(s.get("kind", "human"))[:80]) for s in rec.seats)
    app = rec.app if isinstance(rec.app, dict) else {}
    when = app.get("finished_at")
    when = when if isinstance(when, str) and is_iso_time(when) else ""
    finished = st.phase == OVER
    winners = tuple(st.rs.game_winners(st)) if finished else ()
    return Summary(name, size, mtime_ns, None, rec.ruleset, seats, when, len(st.results),
                   finished, tuple(st.totals), winners)


def index_path(records_dir: Path) -> Path:
    """Where the index of `records_dir` is kept: beside it, so the folder holds only
    records (and their notes) and a player copying it copies no cache."""
    return records_dir.parent / INDEX_NAME


def read_index(path: Path | None) -> dict[str, Summary]:
    """The index's entries by file name; empty when there is none or it is not usable."""
    if path is None:
        return {}
    try:
        data = files.read_json(path, INDEX_LIMITS)
    except FileNotFoundError:
        return {}
    except files.FileRejected as e:
        log.warning("records index %s not used: %s", path, e)
        return {}
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT \
            or not isinstance(data.get("records"), list):
        log.warning("records index %s not used: not an index", path)
        return {}
    out: dict[str, Summary] = {}
    for item in data["records"]:
        s = summary_from_json(item)
        if s is not None:
            out[s.file] = s
    return out


def write_index(path: Path, summaries: list[Summary]) -> None:
    import json

    text = json.dumps({"format": INDEX_FORMAT,
                       "records": [s.to_json() for s in summaries]},
                      ensure_ascii=False, separators=(",", ":"))
    files.atomic_write_text(path, text.encode("utf-8", "replace").decode("utf-8") + "\n")


@dataclass
class Catalogue:
    """The records of one folder, summarised a few at a time (`work`) so the page never
    freezes while a large folder is read for the first time."""

    folder: Path
    index_file: Path | None = None
    summaries: dict[str, Summary] = field(default_factory=dict)
    pending: list[tuple[str, int, int]] = field(default_factory=list)
    truncated: bool = False  # more record files than MAX_FILES: the newest are listed
    unreadable: bool = False  # the folder itself could not be read
    _dirty: bool = False

    def scan(self) -> None:
        """List the folder's record files; take every unchanged one from the index."""
        known = read_index(self.index_file)
        found: list[tuple[str, int, int]] = []
        self.unreadable = False
        try:
            with os.scandir(self.folder) as it:
                for entry in it:
                    name = entry.name
                    if not name.endswith(".json") or name.endswith(replays.NOTES_SUFFIX) \
                            or name.startswith("."):
                        continue
                    try:
                        st = entry.stat()  # follows a link; a loop or a dead link: skipped
                    except OSError:
                        continue
                    if stat_mod.S_ISREG(st.st_mode):
                        found.append((name, st.st_size, st.st_mtime_ns))
                    elif not stat_mod.S_ISDIR(st.st_mode):  # a FIFO named .json: a line
                        found.append((name, -1, st.st_mtime_ns))
        except OSError as e:
            log.warning("records folder %s cannot be read: %s", self.folder, e)
            self.unreadable = True
        found.sort(key=lambda f: f[2], reverse=True)
        self.truncated = len(found) > MAX_FILES
        found = found[:MAX_FILES]
        self.summaries, self.pending = {}, []
        for name, size, mtime in found:
            old = known.get(name)
            if size < 0:
                self.summaries[name] = Summary(name, 0, mtime, str(replays.Problem.NOT_A_FILE))
            elif old is not None and old.size == size and old.mtime_ns == mtime:
                self.summaries[name] = old
            else:
                self.pending.append((name, size, mtime))
        kept = {n for n, s in self.summaries.items() if s.problem != replays.Problem.NOT_A_FILE}
        self._dirty = bool(self.pending) or set(known) != kept
        if not self.pending:
            self.save()  # a removed file leaves the index at once

    @property
    def done(self) -> bool:
        return not self.pending

    def work(self, budget_s: float = 0.03) -> int:
        """Summarise waiting files for about `budget_s` seconds (at least one); how many."""
        t0 = time.perf_counter()
        n = 0
        while self.pending and (n == 0 or time.perf_counter() - t0 < budget_s):
            name, size, mtime = self.pending.pop(0)
            self.summaries[name] = summarise(self.folder / name, size, mtime)
            n += 1
        if n and not self.pending:
            self.save()
        return n

    def finish(self) -> None:
        """Summarise everything still waiting (tests, the command line)."""
        while self.pending:
            self.work(1.0)

    def save(self) -> None:
        """Keep the index (only when something changed); a failed write is only logged."""
        if self.index_file is None or not self._dirty:
            return
        try:
            write_index(self.index_file, [s for s in self.summaries.values()
                                          if s.problem != replays.Problem.NOT_A_FILE])
            self._dirty = False
        except OSError as e:
            log.warning("records index %s not written: %s", self.index_file, e)

    def all(self) -> list[Summary]:
        return list(self.summaries.values())


__all__ = ["INDEX_NAME", "Catalogue", "SeatFacts", "Summary", "index_path", "read_index",
           "summarise", "summary_from_json", "write_index"]
