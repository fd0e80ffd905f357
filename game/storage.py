"""Where the game keeps its files: the autosave, finished games' records, crash records.

Paths come from platformdirs (config, data, log, cache); the environment variable
HACHIHACHI_HOME puts all four under one folder (tests, the smoke run). Every read and write
goes through game.files (limits, atomic writes, set-aside). The promises to the player:

- nothing a file holds stops the program: a bad autosave is set aside (renamed, never
  deleted) and reported in one sentence, once;
- a game is never lost: a failed autosave is reported (once, until a save works again) and
  retried after every move, and a finished game's autosave is removed only after its record
  is safely on disk; until then every start of the program tries to write it again;
- a finished game reaches the statistics exactly once (`keep_finished`): its record is
  the truth, named in a journal (game.pending) before it is written and until it is
  counted, so a locked database, a full disk or a kill at any point is made good at the
  next start or the next successful write; written again after a kill, a record takes the
  name it already has (from its finish time and fingerprint), never a second one;
- the player is told the truth when a record cannot be written: the whole game is kept as
  the saved game, or (nothing could be written at all) kept in memory and written as soon
  as there is room; a saved finished game is never replaced by a new game's save, it is
  moved aside (`finished-<time>.json`, no space needed) and written at the next start.

What keeps those promises across calls (a game only in memory, a saved finished game, a
problem told once) is one `Keeper` a run, with a method for each step of keeping a finished
game; the module-level functions are its entry points. Reading and writing a record file and
its AI notes is game.record_files; counting the games the journal names, game.catch_up.
"""

from __future__ import annotations

import datetime as dt
import enum
import logging
import os
from dataclasses import dataclass, replace
from pathlib import Path

from game import files, pending, record_files, stats
from game.catch_up import catch_up_pending
from game.engine import record as records
from game.engine.errors import RecordError
from game.engine.state import OVER
from game.i18n import N_, _
from game.record_files import RECORD_LIMITS, read_record, record_text, write_record
from game.seats import kind_problem
from game.stats.values import is_iso_time, now_utc

log = logging.getLogger(__name__)

APP_NAME = "hachihachi"
HOME_ENV = "HACHIHACHI_HOME"
AUTOSAVE = "autosave.json"
HOST_AUTOSAVE = "host-autosave.json"  # `python -m game host`'s own saved game (issue 42)
STATS_DB = "stats.sqlite3"
FINISHED_PREFIX = "finished-"  # data/finished-<time>.json: a finished game awaiting its record


@dataclass(frozen=True)
class Paths:
    config_dir: Path
    data_dir: Path
    log_dir: Path
    cache_dir: Path | None = None  # files the game can always make again (drawn cards)
    # the saved game's file name: the window's, or the headless party host's own, which
    # never touches the window's (issue 42, item 2)
    autosave_name: str = AUTOSAVE

    @property
    def records_dir(self) -> Path:
        return self.data_dir / "records"

    @property
    def autosave(self) -> Path:
        return self.data_dir / self.autosave_name

    def for_host(self) -> Paths:
        """The same folders with the headless party host's own saved game."""
        return replace(self, autosave_name=HOST_AUTOSAVE)

    @property
    def stats_db(self) -> Path:
        """The statistics and history database (game.stats)."""
        return self.data_dir / STATS_DB

    def ensure(self) -> Paths:
        for p in (self.config_dir, self.data_dir, self.log_dir, self.records_dir):
            p.mkdir(parents=True, exist_ok=True)
        return self

    @property
    def temp_notes_dir(self) -> Path:
        """Notes of the temporaries written in the player's folders (Export): game.files."""
        return self.data_dir / "outside-temps"

    def clean_up(self) -> int:
        """Remove the temporary files a killed writer left behind (start-up): in our own
        folders, and in the player's where an earlier run noted one (an export killed on a
        system without unnamed files); this run's exports are noted from now on."""
        files.note_outside_temps(self.temp_notes_dir)
        return files.clean_temp_files(self.config_dir, self.data_dir, self.records_dir,
                                      self.log_dir) \
            + files.clean_outside_temps(self.temp_notes_dir)


def default_paths(home: str | os.PathLike | None = None) -> Paths:
    """platformdirs' folders, or HOME/{config,data,logs,cache} when a home is given or set."""
    home = home or os.environ.get(HOME_ENV)
    if home:
        base = Path(home)
        return Paths(base / "config", base / "data", base / "logs", base / "cache")
    import platformdirs

    return Paths(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)))


# --- records (read and written by game.record_files) ----------------------------------------
def check_seats(rec: records.Record) -> None:
    """Every seat a human or a computer player this program has (RecordError naming it)."""
    for i, seat in enumerate(rec.seats):
        problem = kind_problem(seat.get("kind", "human"))
        if problem:
            raise RecordError(f"seat {i + 1}: {problem}")


# --- a record's name, and a saved game's place in its game ------------------------------
def _stamp(finished_at: str) -> str:
    """A record's name stem from its finish time, in local time (as the player reads it)."""
    try:
        return dt.datetime.fromisoformat(finished_at).astimezone().strftime("%Y%m%d-%H%M%S")
    except (ValueError, OverflowError, OSError):
        return dt.datetime.now().strftime("%Y%m%d-%H%M%S")


def _holds(path: Path, fp: str) -> bool:
    """True when the record file at `path` is the game with fingerprint `fp`."""
    try:
        return stats.fingerprint(read_record(path)) == fp
    except RecordError:
        return False


def _record_path(paths: Paths, rec: records.Record, fp: str) -> tuple[Path, bool]:
    """Where this game's record goes, and whether it is already there: the name the journal
    gave it, else `<finish time>-<ruleset>[-n].json`, the first that is free or already
    holds this very game (a record written before a kill is found, not written twice)."""
    folder = paths.records_dir
    folder.mkdir(parents=True, exist_ok=True)
    name = pending.name_of(paths.data_dir, fp)
    if name is not None:
        p = folder / name
        if not (p.exists() or p.is_symlink()):
            return p, False
        if _holds(p, fp):
            return p, True
    stem = f"{_stamp(rec.app['finished_at'])}-{rec.ruleset}"
    n = 1
    while True:
        p = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        if not (p.exists() or p.is_symlink()):
            return p, False
        if _holds(p, fp):
            return p, True
        n += 1


def _earlier_point(old: records.Record, rec: records.Record) -> bool:
    """True when `old` is the same game as `rec`, saved at an earlier (or the same) move."""
    if (old.ruleset, old.options, old.seed, old.first_dealer) != (
            rec.ruleset, rec.options, rec.seed, rec.first_dealer) \
            or [s.get("kind") for s in old.seats] != [s.get("kind") for s in rec.seats] \
            or len(old.rounds) > len(rec.rounds):
        return False
    for a, b in zip(old.rounds, rec.rounds, strict=False):
        acts_a, acts_b = a.get("actions", []), b.get("actions", [])
        if a.get("deck") != b.get("deck") or acts_b[:len(acts_a)] != acts_a:
            return False
    return True


# --- a saved game that a later copy of the same game outranks (issue 43, item 4) ------------
STALE_MARK = ".stale-"  # autosave.json.stale-<time>: an earlier copy of a game that went on
MAX_NEWER_RECORDS = 16  # records newer than the autosave read to find its finished copy


def _finished_copy_of(paths: Paths, rec: records.Record) -> Path | None:
    """The record of the game the autosave holds, at a later move (its end), when one was
    written after the autosave: the autosave of a game that moved on while nothing could
    be saved, whose record was written later (from memory, or from a copy kept aside) but
    whose autosave a kill or a failure left behind. Only the few records newer than the
    autosave are read: any other was written before the autosave's last move."""
    try:
        saved = paths.autosave.stat().st_mtime
    except OSError:
        return None
    newer = []
    for p in record_files.list_records(paths.records_dir):  # newest first
        try:
            if p.stat().st_mtime < saved or len(newer) >= MAX_NEWER_RECORDS:
                break
        except OSError:
            continue
        newer.append(p)
    for p in newer:
        try:
            if _earlier_point(rec, read_record(p)):
                return p
        except RecordError:
            continue
    return None


# --- what this run holds: the Keeper --------------------------------------------------------
@dataclass
class Kept:
    """What became of a finished game: its record file (None: not written), why not and
    where the game is kept instead, and the statistics' sentence for the player."""

    path: Path | None = None
    problem: str | None = None
    told: str | None = None
    safe: bool = False  # it reaches the statistics later without anything kept in memory
    written: bool = False  # this call wrote the record (False: it was already there)


class Saved(enum.Enum):
    """What the final autosave of a finished game achieved (`Keeper.final_save`)."""

    NOTHING = "nothing"  # not tried, or failed with no earlier save of the game on disk
    WHOLE = "whole"  # the autosave holds the finished game, finish time and all
    EVERY_MOVE = "every_move"  # the final save failed, but the last move's save holds it


@dataclass
class Written:
    """A record on disk (`Keeper.write_record`): where it is, whether it was there already
    (written before a kill), whether the journal names it as waiting."""

    path: Path
    present: bool
    noted: bool


# the sentences that say a record was written now, or found already written, by whose game
_RECORD_WORDS = {
    "memory": (N_("The record of a finished game kept in memory has now been saved as "
                  "{file}."),
               N_("The record of a finished game kept in memory was already saved as "
                  "{file}.")),
    "earlier": (N_("The record of an earlier game has now been saved as {file}."),
                N_("The record of an earlier game was already saved as {file}.")),
    "last": (N_("The record of your last game has now been saved as {file}."),
             N_("The record of your last game was already saved as {file}.")),
}


def _told_of(kept: Kept, whose: str) -> list[str]:
    """What to tell the player about a game kept at start-up or from memory: where its
    record is (`whose` game: a key of _RECORD_WORDS), then its problem and the statistics'
    sentence, when there are any."""
    told = []
    if kept.path is not None:
        now, already = _RECORD_WORDS[whose]
        told.append(_(now if kept.written else already).format(file=kept.path.name))
    return told + [m for m in (kept.problem, kept.told) if m]


def _mark_finished(rec: records.Record, resumed: bool) -> str:
    """Give the finished game its finish time (unless it has a true one) and the resumed
    mark in its `app` facts, before its record is named after them; its fingerprint."""
    app = dict(rec.app) if isinstance(rec.app, dict) else {}
    if not (isinstance(app.get("finished_at"), str) and is_iso_time(app["finished_at"])):
        app["finished_at"] = now_utc()
    if resumed:
        app["resumed"] = True
    rec.app = app
    return stats.fingerprint(rec)


class Keeper:
    """What this run of the program holds about the player's games that are not yet safe on
    disk, and every step of keeping a finished game (`keep`): save it first, write its
    record and note it in the journal, count it, move its source aside, tell the player.

    Why an object: the promises in the module's docstring need memory across calls (a game
    kept only in memory until a save works; a saved finished game that a new game must not
    replace; a problem told once a run), and one object holding that memory is one thing a
    test can start afresh (tests/conftest.py `fresh_keeper`). The program uses one, the
    module's `keeper`, through the module-level functions."""

    def __init__(self) -> None:
        self.in_memory: dict[Path, list[tuple[records.Record, dict]]] = {}  # records folder
        self.finished_autosave: dict[Path, str] = {}  # autosave -> fingerprint of its game
        self.told_kept: set[tuple[Path, str]] = set()  # "still could not be written": once
        self.news: list[str] = []  # games from memory written during play, told at the title
        self.stale: dict[str, Path] = {}  # a finished game's fingerprint -> earlier copy aside
        self.reported: set[tuple[str, int, int]] = set()  # bad autosaves already told

    # --- the autosave ------------------------------------------------------------------
    def save_autosave(self, paths: Paths, rec: records.Record) -> str | None:
        """Save the game in progress; None when saved, else one sentence for the player.

        A finished game still waiting in the autosave for its record is never replaced: it
        is written now, or moved aside first. Once a save works, finished games kept only
        in memory (nothing could be written at their end) are written too."""
        waiting = self.finished_autosave.get(paths.autosave)
        if waiting is not None and waiting != stats.fingerprint(rec) \
                and not self.release_autosave(paths):
            return _("Your game could not be saved: the saved game holds a finished game "
                     "whose record could not be written yet, and it could not be moved "
                     "aside.")
        try:
            write_record(paths.autosave, rec)
        except OSError as e:
            log.warning("autosave failed: %s", e)
            return _("Your game could not be saved ({reason}); it goes on, and saving is "
                     "tried again after every move.").format(reason=files.describe_os_error(e))
        if self.in_memory.get(paths.records_dir):
            self.news.extend(self.retry_in_memory(paths))  # told at the title
        return None

    def reject_autosave(self, paths: Paths, reason: str) -> str:
        """Set a saved game that cannot be continued aside; the sentence that tells the
        player."""
        ident = _identity(paths.autosave)
        moved = files.set_aside(paths.autosave)
        record_files.write_notes(paths.autosave, {})  # its AI notes go with it
        if moved is None:
            self.reported.add(ident)  # cannot move it: at least never report it twice
        log.warning("autosave %s rejected: %s", paths.autosave, reason)
        if moved:
            return _("The saved game could not be loaded and was set aside as {file} "
                     "({reason}).").format(file=moved.name, reason=reason[:160])
        return _("The saved game could not be loaded and was set aside ({reason}).").format(
            reason=reason[:160])

    def load_autosave(self, paths: Paths) -> tuple[records.Record | None, str | None]:
        """(record, None), (None, None) when there is none, (None, message) when it was bad.

        The record is replayed and its seats checked here, so the title offers Continue
        only for a game that can go on; a bad file is set aside so it is reported once. An
        earlier copy of a game that went on to its end is no game to continue
        (`outranked`)."""
        rec, state, msg = self.load_checked(paths, paths.autosave)
        if rec is not None and getattr(state, "phase", None) != OVER:
            said = self.outranked(paths, rec)
            if said is not None:
                return None, said or None
        return rec, msg

    def load_checked(self, paths: Paths, path: Path,
                     ) -> tuple[records.Record | None, object, str | None]:
        """A saved game replayed and checked: (record, its state, None), (None, None, None)
        when there is none, (None, None, message) when it was bad and was set aside."""
        if not (path.exists() or path.is_symlink()) or _identity(path) in self.reported:
            return None, None, None
        try:
            rec = read_record(path)
            state = records.replay(rec).state  # every action checked now, not at the table
            check_seats(rec)
            return rec, state, None
        except RecordError as e:
            reason = str(e)
        except Exception as e:  # an engine bug a file can reach: still never stop the start
            log.exception("saved game %s could not be replayed", path)
            reason = f"{type(e).__name__}: {e}"
        if path == paths.autosave:
            return None, None, self.reject_autosave(paths, reason)
        files.set_aside(path)
        log.warning("kept game %s rejected: %s", path, reason)
        return None, None, None

    def clear_autosave(self, paths: Paths) -> None:
        """Remove the autosave and the AI notes kept beside it (game.record_files)."""
        record_files.remove_with_notes(paths.autosave)
        self.finished_autosave.pop(paths.autosave, None)

    # --- a finished game: its record, the statistics, exactly once -----------------------
    def keep_finished(self, paths: Paths, rec: records.Record, notes: dict | None = None,
                      state: object = None, *, source: Path | None = None,
                      save_first: bool = False, resumed: bool = False) -> Kept:
        """`keep`, and a game that could be kept nowhere on disk is kept in memory (its
        earlier copy in the autosave set aside as stale), to be written once a later save
        works (`retry_in_memory`)."""
        kept = self.keep(paths, rec, notes, state, source, save_first, resumed)
        if not kept.safe:
            self.remember(paths, rec, notes)
            self.set_stale_aside(paths, rec)
        return kept

    def keep(self, paths: Paths, rec: records.Record, notes: dict | None, state: object,
             source: Path | None, save_first: bool, resumed: bool) -> Kept:
        """One try at keeping a finished game, step by step (see `keep_finished`)."""
        fp = _mark_finished(rec, resumed)
        saved = self.final_save(paths, rec, fp) if save_first else Saved.NOTHING
        if notes is None and source is not None:
            notes = record_files.read_notes(source)
        written = self.write_record(paths, rec, fp)
        if isinstance(written, OSError):
            return self.kept_unwritten(paths, fp, written, source, saved, save_first)
        return self.count(paths, rec, state, fp, written, notes, source)

    def final_save(self, paths: Paths, rec: records.Record, fp: str) -> Saved:
        """The final autosave (the table's own finish): the finish time is kept before the
        record's name, so the game and its record's name survive a kill."""
        try:
            write_record(paths.autosave, rec)
            return Saved.WHOLE
        except OSError as e:
            log.warning("final autosave failed: %s", e)
            return Saved.EVERY_MOVE if _holds(paths.autosave, fp) else Saved.NOTHING

    def write_record(self, paths: Paths, rec: records.Record, fp: str) -> Written | OSError:
        """Name the record, note it in the journal as waiting, then write it (unless it is
        there already). On failure (the error returned) the journal forgets it again."""
        noted = False
        try:
            path, present = _record_path(paths, rec, fp)
            noted = pending.add(paths.data_dir, path.name, fp)
            if not present:
                write_record(path, rec)
            return Written(path, present, noted)
        except OSError as e:
            log.warning("could not save the record: %s", e)
            if noted:
                pending.remove(paths.data_dir, fp)
            return e

    def kept_unwritten(self, paths: Paths, fp: str, failure: OSError, source: Path | None,
                       saved: Saved, save_first: bool) -> Kept:
        """The record could not be written: where the game is kept instead (the autosave,
        the file it came from, or nowhere on disk), in words that are true."""
        reason = files.describe_os_error(failure)
        on_disk = saved is not Saved.NOTHING \
            or (source is not None and not save_first and source.exists())
        if on_disk and (source is None or source == paths.autosave):
            self.finished_autosave[paths.autosave] = fp
        if saved is Saved.WHOLE:
            return Kept(problem=_(
                "The record of this game could not be written ({reason}). The whole game "
                "is kept as your saved game, and its record is written the next time the "
                "program starts.").format(reason=reason), safe=True)
        if saved is Saved.EVERY_MOVE:  # only its finish time is missing: the next start gives one
            return Kept(problem=_(
                "The record of this game could not be written ({reason}). Your saved game "
                "already holds every move of it, so nothing is lost: its record is written "
                "the next time the program starts.").format(reason=reason), safe=True)
        if on_disk:
            return self.tell_kept_once(paths, reason)
        return Kept(problem=_(
            "The record of this game could not be written ({reason}), and the game could "
            "not be saved either. It is kept in memory and written as soon as there is room "
            "again; if the program is closed before then, it is lost.").format(
                reason=reason))

    def tell_kept_once(self, paths: Paths, reason: str) -> Kept:
        """A game kept on disk whose record still cannot be written: said once a run."""
        problem = _("The record of a finished game still could not be written ({reason}); "
                    "the game is kept, and tried again the next time the program "
                    "starts.").format(reason=reason)
        if (paths.data_dir, problem) in self.told_kept:
            return Kept(safe=True)
        self.told_kept.add((paths.data_dir, problem))
        return Kept(problem=problem, safe=True)

    def count(self, paths: Paths, rec: records.Record, state: object, fp: str,
              written: Written, notes: dict | None, source: Path | None) -> Kept:
        """The record is written: its notes beside it, the game counted (or left noted as
        waiting), the file it came from let go, and what to tell the player."""
        path = written.path
        if notes:
            record_files.write_notes(path, notes)
        self.forget_stale(fp)  # an earlier copy set aside: the record holds all of it
        counted, told = stats.count_game(paths.stats_db, rec, state, record_file=path.name)
        if counted:
            pending.remove(paths.data_dir, fp)
        safe = self.let_go(paths, source, counted or written.noted)
        return Kept(path, None, _counted_words(paths, told, counted, safe), safe,
                    written=not written.present)

    def let_go(self, paths: Paths, source: Path | None, safe: bool) -> bool:
        """Remove the file the finished game came from once the game is `safe` (counted,
        or noted as waiting); whether it is safe now (a source still on disk keeps it:
        written and counted at the next start)."""
        if source is None:
            return safe
        if not safe:
            return source.exists()
        if source == paths.autosave:
            self.clear_autosave(paths)
        else:
            record_files.remove_with_notes(source)
        return True

    # --- a game kept in memory, and its earlier copy in the autosave ---------------------
    def remember(self, paths: Paths, rec: records.Record, notes: dict | None) -> None:
        """Keep a finished game that could be written nowhere in memory (once)."""
        mine = self.in_memory.setdefault(paths.records_dir, [])
        fp = stats.fingerprint(rec)
        if not any(stats.fingerprint(r) == fp for r, _n in mine):
            mine.append((rec, dict(notes or {})))

    def kept_in_memory(self, paths: Paths) -> int:
        """How many finished games exist only in memory (nothing could be written at their
        end): quitting now would lose them, and the quit dialog says so."""
        return len(self.in_memory.get(paths.records_dir, []))

    def retry_in_memory(self, paths: Paths) -> list[str]:
        """Write the finished games kept only in memory, now that a save worked; what to
        tell the player. A stale autosave of such a game (saved before the disk filled)
        goes once its record is written."""
        told = []
        for rec, notes in list(self.in_memory.get(paths.records_dir, [])):
            kept = self.keep(paths, rec, notes, None, None, False, False)
            if not kept.safe:
                continue
            self.in_memory[paths.records_dir].remove((rec, notes))
            if kept.path is not None:
                self.drop_earlier_autosave(paths, rec)
            told += _told_of(kept, "memory")
        return told

    def drop_earlier_autosave(self, paths: Paths, rec: records.Record) -> None:
        """Remove the autosave when it holds `rec` at an earlier move (its record is
        written now and holds every move of it)."""
        try:
            if _earlier_point(read_record(paths.autosave), rec):
                self.clear_autosave(paths)
        except (RecordError, OSError):
            pass

    def set_stale_aside(self, paths: Paths, finished: records.Record) -> None:
        """The finished game lives only in memory and the autosave holds it at an earlier
        move (saved before the disk filled): that copy is no game in progress any more, so
        it is renamed aside (`autosave.json.stale-<time>`: a rename needs no space, and
        nothing is deleted). Continue never offers it, at this start or the next, and Play
        again never calls it a saved game; it goes once the finished game's record is
        written."""
        try:
            old = read_record(paths.autosave)
        except RecordError:
            return
        if not _earlier_point(old, finished):
            return
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = files.unique_path(paths.data_dir, f"{paths.autosave.name}{STALE_MARK}{stamp}",
                                   "")
        try:
            record_files.move_with_notes(paths.autosave, target)
        except OSError as e:
            log.warning("could not move the stale autosave aside: %s", e)
            return
        self.finished_autosave.pop(paths.autosave, None)
        self.stale[stats.fingerprint(finished)] = target
        log.info("autosave of an earlier move of a finished game moved aside as %s",
                 target.name)

    def forget_stale(self, fp: str) -> None:
        """The record of a finished game is written: its earlier copy set aside goes (the
        record holds every move of it)."""
        stale = self.stale.pop(fp, None)
        if stale is not None:
            record_files.remove_with_notes(stale)

    def outranked(self, paths: Paths, rec: records.Record) -> str | None:
        """Whether the saved game in progress `rec` is an earlier copy of a game that went
        on, and so is never offered: a finished copy of it outranks it. Its record on disk:
        the autosave goes (nothing is lost), and the sentence says so. A finished copy only
        in memory: the autosave is set aside as stale (`set_stale_aside`), "" (nothing to
        say: the end of that game said where it is). None: `rec` is the game to continue."""
        for finished, _notes in self.in_memory.get(paths.records_dir, []):
            if _earlier_point(rec, finished):
                self.set_stale_aside(paths, finished)
                return ""
        copy = _finished_copy_of(paths, rec)
        if copy is None:
            return None
        self.clear_autosave(paths)
        log.info("autosave of an earlier move of the game recorded in %s removed", copy.name)
        return _("Your saved game was an earlier copy of a game that went on to its end; its "
                 "record {file} holds every move of it, so Continue is not offered.").format(
                     file=copy.name)

    def release_autosave(self, paths: Paths) -> bool:
        """The autosave holds a finished game whose record is not written, and a new game
        is to be saved: write its record now, or move it aside to `finished-<time>.json` (a
        rename needs no space), where the next start finds it. False when neither worked."""
        rec, state, _msg = self.load_checked(paths, paths.autosave)
        if rec is not None:
            kept = self.keep(paths, rec, None, state, paths.autosave, False, False)
            if kept.path is None and paths.autosave.exists() \
                    and not _move_finished_aside(paths, rec):
                return False
        self.finished_autosave.pop(paths.autosave, None)
        return True

    # --- the title's start ---------------------------------------------------------------
    def start_up(self, paths: Paths) -> tuple[records.Record | None, str | None]:
        """What the title does when it opens: finish what an earlier run could not (games
        kept in memory or aside, a finished game left as the autosave, games waiting for
        the statistics), then load the saved game. (a game to continue or None, what to
        tell the player or None)."""
        told = [*self.news, *self.retry_in_memory(paths)]
        self.news.clear()
        told += self.keep_games_aside(paths)
        rec, more = self.keep_or_continue(paths)
        told += more
        caught_up = catch_up_pending(paths)
        if caught_up:
            told.append(caught_up)
        return rec, " ".join(told) or None

    def keep_games_aside(self, paths: Paths) -> list[str]:
        """Keep the finished games an earlier run moved aside (`finished-<time>.json`);
        what to tell the player."""
        try:
            kept_aside = sorted(paths.data_dir.glob(f"{FINISHED_PREFIX}*.json"))
        except OSError:
            kept_aside = []
        told: list[str] = []
        for f in kept_aside:
            if f.name.endswith(record_files.NOTES_SUFFIX):
                continue
            rec, state, _msg = self.load_checked(paths, f)
            if rec is None:
                continue
            if getattr(state, "phase", None) != OVER:
                files.set_aside(f)  # not a finished game: nothing of ours makes such a file
                continue
            told += _told_of(self.keep_finished(paths, rec, None, state, source=f),
                             "earlier")
        return told

    def keep_or_continue(self, paths: Paths) -> tuple[records.Record | None, list[str]]:
        """The saved game: kept when it is a finished game, offered to continue when it is
        a game in progress no later copy outranks. (the game to continue or None, what to
        tell the player)."""
        rec, state, msg = self.load_checked(paths, paths.autosave)
        told = [msg] if msg else []
        if rec is None:
            return None, told
        if getattr(state, "phase", None) == OVER:
            kept = self.keep_finished(paths, rec, None, state, source=paths.autosave)
            return None, told + _told_of(kept, "last")
        said = self.outranked(paths, rec)
        if said is None:
            return rec, told
        return None, told + ([said] if said else [])


def _counted_words(paths: Paths, told: str | None, counted: bool, safe: bool) -> str | None:
    """The statistics' sentence for a game whose record is written: what happens next when
    it waits (a newer file: an update), and the waiting games counted with it."""
    if told and not counted and safe:
        told = stats.waiting_words(told)
    if counted:
        more = catch_up_pending(paths)
        told = " ".join(m for m in (told, more) if m) or None
    return told


def _move_finished_aside(paths: Paths, rec: records.Record) -> bool:
    """Move the autosave holding the finished game `rec` aside as `finished-<time>.json`
    (with its notes), where the next start finds it; False (logged) when it cannot."""
    stamp = _stamp(str(rec.app.get("finished_at", "")))
    target = files.unique_path(paths.data_dir, f"{FINISHED_PREFIX}{stamp}", ".json")
    try:
        record_files.move_with_notes(paths.autosave, target)
    except OSError as e:
        log.warning("could not move the finished game aside: %s", e)
        return False
    log.info("finished game without a record moved aside as %s", target.name)
    return True


def _identity(path: Path) -> tuple[str, int, int]:
    """A file as it is now (name, time, size): a bad autosave is told once while it is the
    same file."""
    try:
        st = path.stat()
        return str(path), st.st_mtime_ns, st.st_size
    except OSError:
        return str(path), 0, 0


# --- the entry points: the program's one keeper ------------------------------------------------
keeper = Keeper()  # this run's; tests start a fresh one (tests/conftest.py `fresh_keeper`)


def save_autosave(paths: Paths, rec: records.Record) -> str | None:
    """Save the game in progress (`Keeper.save_autosave`)."""
    return keeper.save_autosave(paths, rec)


def reject_autosave(paths: Paths, reason: str) -> str:
    """Set a saved game that cannot be continued aside (`Keeper.reject_autosave`)."""
    return keeper.reject_autosave(paths, reason)


def load_autosave(paths: Paths) -> tuple[records.Record | None, str | None]:
    """The saved game to continue, checked (`Keeper.load_autosave`)."""
    return keeper.load_autosave(paths)


def clear_autosave(paths: Paths) -> None:
    """Remove the autosave and the AI notes kept beside it."""
    keeper.clear_autosave(paths)


def finish_game(paths: Paths, rec: records.Record,
                notes: dict | None = None) -> tuple[Path | None, str | None]:
    """The table's end of a game without its extras: (record path, None) or (None, a
    sentence). `keep_finished` says more."""
    kept = keep_finished(paths, rec, notes, save_first=True, source=paths.autosave)
    return kept.path, kept.problem


def keep_finished(paths: Paths, rec: records.Record, notes: dict | None = None,
                  state: object = None, *, source: Path | None = None,
                  save_first: bool = False, resumed: bool = False) -> Kept:
    """Write a finished game's record and count it in the statistics, once.

    `source` is the file holding the game (the autosave, or a `finished-*.json` kept
    aside): removed once the record is written and the game counted or noted as waiting.
    `save_first` (the table's own finish) first brings the autosave up to the final move,
    so the game, its finish time and so its record's name survive a kill. `state` is the
    replayed game when the caller has it. A game that could be kept nowhere on disk is kept
    in memory and written once a later save works (`retry_in_memory`)."""
    return keeper.keep_finished(paths, rec, notes, state, source=source,
                                save_first=save_first, resumed=resumed)


def kept_in_memory(paths: Paths) -> int:
    """How many finished games exist only in memory (`Keeper.kept_in_memory`)."""
    return keeper.kept_in_memory(paths)


def retry_in_memory(paths: Paths) -> list[str]:
    """Write the finished games kept only in memory (`Keeper.retry_in_memory`)."""
    return keeper.retry_in_memory(paths)


def start_up(paths: Paths) -> tuple[records.Record | None, str | None]:
    """What the title does when it opens (`Keeper.start_up`)."""
    return keeper.start_up(paths)


__all__ = ["AUTOSAVE", "HOME_ENV", "Keeper", "Kept", "Paths", "RECORD_LIMITS",
           "catch_up_pending", "check_seats", "clear_autosave", "default_paths", "finish_game",
           "keep_finished", "keeper", "kept_in_memory", "load_autosave", "read_record",
           "record_text", "reject_autosave", "retry_in_memory", "save_autosave", "start_up",
           "write_record"]
