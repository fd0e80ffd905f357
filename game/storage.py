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
"""

from __future__ import annotations

import datetime as dt
import logging
import os
from dataclasses import dataclass, replace
from pathlib import Path

from game import files, pending, stats
from game.engine import record as records
from game.engine.errors import RecordError
from game.engine.state import OVER
from game.i18n import _, ngettext
from game.seats import kind_problem

log = logging.getLogger(__name__)

APP_NAME = "hachihachi"
HOME_ENV = "HACHIHACHI_HOME"
AUTOSAVE = "autosave.json"
HOST_AUTOSAVE = "host-autosave.json"  # `python -m game host`'s own saved game (issue 42)
STATS_DB = "stats.sqlite3"
FINISHED_PREFIX = "finished-"  # data/finished-<time>.json: a finished game awaiting its record

# A 120-round game (the most any rounds option allows) is about 300 KB; a Hachi match to a
# points target has no fixed length, so its target is capped where a match fits here
# (game/engine/rulesets/hachi.py, TARGET_POINTS_MAX). 4 MB leaves room for any future
# ruleset and still bounds what a hostile file can cost.
RECORD_LIMITS = files.Limits(max_bytes=4_000_000, max_depth=8, max_int_digits=40,
                             max_str_len=4096, max_items=400_000)


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


# --- records -------------------------------------------------------------------------------
def read_record(path: str | os.PathLike) -> records.Record:
    """A record file, bounded and shape-checked (not yet replayed): RecordError otherwise."""
    try:
        data = files.read_json(path, RECORD_LIMITS)
    except FileNotFoundError:
        raise RecordError(f"cannot read {path}: no such file") from None
    except files.FileRejected as e:
        raise RecordError(f"not a usable record: {e}") from None
    return records.from_json(data)


def record_text(rec: records.Record) -> str:
    """A record's file text. A lone surrogate (only a file or a script can put one in a
    name) cannot be UTF-8: it becomes '?'."""
    return (rec.dumps() + "\n").encode("utf-8", "replace").decode("utf-8")


def write_record(path: str | os.PathLike, rec: records.Record) -> None:
    """Write a record atomically (OSError on failure, the old file left whole)."""
    files.atomic_write_text(path, record_text(rec))


def check_seats(rec: records.Record) -> None:
    """Every seat a human or a computer player this program has (RecordError naming it)."""
    for i, seat in enumerate(rec.seats):
        problem = kind_problem(seat.get("kind", "human"))
        if problem:
            raise RecordError(f"seat {i + 1}: {problem}")


# --- the autosave ----------------------------------------------------------------------
def save_autosave(paths: Paths, rec: records.Record) -> str | None:
    """Save the game in progress; None when saved, else one sentence for the player.

    A finished game still waiting in the autosave for its record is never replaced: it
    is written now, or moved aside first. Once a save works, finished games kept only in
    memory (nothing could be written at their end) are written too."""
    kept = _finished_autosave.get(paths.autosave)
    if kept is not None and kept != stats.fingerprint(rec) and not _release_autosave(paths):
        return _("Your game could not be saved: the saved game holds a finished game whose "
                 "record could not be written yet, and it could not be moved aside.")
    try:
        write_record(paths.autosave, rec)
    except OSError as e:
        log.warning("autosave failed: %s", e)
        return _("Your game could not be saved ({reason}); it goes on, and saving is tried "
                 "again after every move.").format(reason=files.describe_os_error(e))
    if _in_memory.get(paths.records_dir):
        _news.extend(retry_in_memory(paths))  # told at the title
    return None


_reported: set[tuple[str, int, int]] = set()  # bad autosaves already told this run


def _identity(path: Path) -> tuple[str, int, int]:
    try:
        st = path.stat()
        return str(path), st.st_mtime_ns, st.st_size
    except OSError:
        return str(path), 0, 0


def reject_autosave(paths: Paths, reason: str) -> str:
    """Set a saved game that cannot be continued aside; the sentence that tells the player."""
    ident = _identity(paths.autosave)
    moved = files.set_aside(paths.autosave)
    from game import replays

    replays.write_notes(paths.autosave, {})  # its AI notes go with it
    if moved is None:
        _reported.add(ident)  # cannot move it: at least never report it twice
    log.warning("autosave %s rejected: %s", paths.autosave, reason)
    if moved:
        return _("The saved game could not be loaded and was set aside as {file} "
                 "({reason}).").format(file=moved.name, reason=reason[:160])
    return _("The saved game could not be loaded and was set aside ({reason}).").format(
        reason=reason[:160])


def load_autosave(paths: Paths) -> tuple[records.Record | None, str | None]:
    """(record, None), (None, None) when there is none, (None, message) when it was bad.

    The record is replayed and its seats checked here, so the title offers Continue only
    for a game that can go on; a bad file is set aside so it is reported once. An earlier
    copy of a game that went on to its end is no game to continue (`_outranked`).
    """
    rec, state, msg = _load_checked(paths, paths.autosave)
    if rec is not None and getattr(state, "phase", None) != OVER:
        said = _outranked(paths, rec)
        if said is not None:
            return None, said or None
    return rec, msg


def _load_checked(paths: Paths, path: Path) -> tuple[records.Record | None, object, str | None]:
    """A saved game replayed and checked: (record, its state, None), (None, None, None)
    when there is none, (None, None, message) when it was bad and was set aside."""
    if not (path.exists() or path.is_symlink()) or _identity(path) in _reported:
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
        return None, None, reject_autosave(paths, reason)
    files.set_aside(path)
    log.warning("kept game %s rejected: %s", path, reason)
    return None, None, None


def clear_autosave(paths: Paths) -> None:
    """Remove the autosave and the AI notes kept beside it (game.replays)."""
    _remove_game_file(paths.autosave)
    _finished_autosave.pop(paths.autosave, None)


def _remove_game_file(path: Path) -> None:
    from game import replays

    for p in (path, replays.notes_path(path)):
        try:
            p.unlink(missing_ok=True)
        except OSError as e:
            log.warning("could not remove %s: %s", p, e)


# --- a finished game: its record, the statistics, exactly once ---------------------------
_in_memory: dict[Path, list[tuple[records.Record, dict]]] = {}  # records folder -> games
_finished_autosave: dict[Path, str] = {}  # autosave -> fingerprint of the finished game in it
_told_kept: set[tuple[Path, str]] = set()  # "still could not be written": told once a run
_news: list[str] = []  # games from memory written during play, told at the title


@dataclass
class Kept:
    """What became of a finished game: its record file (None: not written), why not and
    where the game is kept instead, and the statistics' sentence for the player."""

    path: Path | None = None
    problem: str | None = None
    told: str | None = None
    safe: bool = False  # it reaches the statistics later without anything kept in memory
    written: bool = False  # this call wrote the record (False: it was already there)


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
    kept = _keep(paths, rec, notes, state, source, save_first, resumed)
    if not kept.safe:
        mine = _in_memory.setdefault(paths.records_dir, [])
        fp = stats.fingerprint(rec)
        if not any(stats.fingerprint(r) == fp for r, _n in mine):
            mine.append((rec, dict(notes or {})))
        _set_stale_aside(paths, rec)
    return kept


def _keep(paths: Paths, rec: records.Record, notes: dict | None, state: object,
          source: Path | None, save_first: bool, resumed: bool) -> Kept:
    from game import replays

    app = dict(rec.app) if isinstance(rec.app, dict) else {}
    if not (isinstance(app.get("finished_at"), str) and stats._iso_time(app["finished_at"])):
        app["finished_at"] = stats.now_utc()
    if resumed:
        app["resumed"] = True
    rec.app = app
    fp = stats.fingerprint(rec)
    whole_saved = False
    every_move = False  # the final save failed, but the last move's save holds the game
    if save_first:  # the final autosave: the finish time is kept before the record's name
        try:
            write_record(paths.autosave, rec)
            whole_saved = True
        except OSError as e:
            log.warning("final autosave failed: %s", e)
            every_move = _holds(paths.autosave, fp)
    if notes is None and source is not None:
        notes = replays.read_notes(source)
    path: Path | None = None
    noted = present = False
    failure: OSError | None = None
    try:
        path, present = _record_path(paths, rec, fp)
        noted = pending.add(paths.data_dir, path.name, fp)
        if not present:
            write_record(path, rec)
    except OSError as e:
        log.warning("could not save the record: %s", e)
        failure, path = e, None
    if path is None:
        if noted:
            pending.remove(paths.data_dir, fp)
        reason = files.describe_os_error(failure) if failure else ""
        on_disk = whole_saved or every_move \
            or (source is not None and not save_first and source.exists())
        if on_disk and (source is None or source == paths.autosave):
            _finished_autosave[paths.autosave] = fp
        if whole_saved:
            return Kept(problem=_(
                "The record of this game could not be written ({reason}). The whole game "
                "is kept as your saved game, and its record is written the next time the "
                "program starts.").format(reason=reason), safe=True)
        if every_move:  # only its finish time is missing: the next start gives it one
            return Kept(problem=_(
                "The record of this game could not be written ({reason}). Your saved game "
                "already holds every move of it, so nothing is lost: its record is written "
                "the next time the program starts.").format(reason=reason), safe=True)
        if on_disk:
            problem = _("The record of a finished game still could not be written "
                        "({reason}); the game is kept, and tried again the next time the "
                        "program starts.").format(reason=reason)
            if (paths.data_dir, problem) in _told_kept:
                return Kept(safe=True)
            _told_kept.add((paths.data_dir, problem))
            return Kept(problem=problem, safe=True)
        return Kept(problem=_(
            "The record of this game could not be written ({reason}), and the game could "
            "not be saved either. It is kept in memory and written as soon as there is room "
            "again; if the program is closed before then, it is lost.").format(
                reason=reason))
    if notes:
        replays.write_notes(path, notes)
    _forget_stale(paths, fp)  # an earlier copy set aside: the record holds all of it
    counted, told = stats.count_game(paths.stats_db, rec, state, record_file=path.name)
    if counted:
        pending.remove(paths.data_dir, fp)
    safe = counted or noted
    if safe and source is not None:
        if source == paths.autosave:
            clear_autosave(paths)
        else:
            _remove_game_file(source)
    elif not safe and source is not None and source.exists():
        safe = True  # the file still holds the game: written and counted at the next start
    if told and not counted and safe:
        told = stats.waiting_words(told)  # what happens next (a newer file: an update)
    if counted:
        more = catch_up_pending(paths)
        told = " ".join(m for m in (told, more) if m) or None
    return Kept(path, None, told, safe, written=not present)


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
_stale: dict[str, Path] = {}  # fingerprint of a finished game -> its earlier copy set aside


def _set_stale_aside(paths: Paths, finished: records.Record) -> None:
    """The finished game lives only in memory and the autosave holds it at an earlier
    move (saved before the disk filled): that copy is no game in progress any more, so it
    is renamed aside (`autosave.json.stale-<time>`: a rename needs no space, and nothing
    is deleted). Continue never offers it, at this start or the next, and Play again never
    calls it a saved game; it goes once the finished game's record is written."""
    try:
        old = read_record(paths.autosave)
    except RecordError:
        return
    if not _earlier_point(old, finished):
        return
    from game import replays

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = files.unique_path(paths.data_dir, f"{paths.autosave.name}{STALE_MARK}{stamp}", "")
    try:
        notes = replays.notes_path(paths.autosave)
        if notes.exists():
            files.move_to(notes, replays.notes_path(target))
        files.move_to(paths.autosave, target)
    except OSError as e:
        log.warning("could not move the stale autosave aside: %s", e)
        return
    _finished_autosave.pop(paths.autosave, None)
    _stale[stats.fingerprint(finished)] = target
    log.info("autosave of an earlier move of a finished game moved aside as %s", target.name)


def _forget_stale(paths: Paths, fp: str) -> None:
    """The record of a finished game is written: its earlier copy set aside goes (the
    record holds every move of it)."""
    stale = _stale.pop(fp, None)
    if stale is not None:
        _remove_game_file(stale)


def _finished_copy_of(paths: Paths, rec: records.Record) -> Path | None:
    """The record of the game the autosave holds, at a later move (its end), when one was
    written after the autosave: the autosave of a game that moved on while nothing could
    be saved, whose record was written later (from memory, or from a copy kept aside) but
    whose autosave a kill or a failure left behind. Only the few records newer than the
    autosave are read: any other was written before the autosave's last move."""
    from game import replays

    try:
        saved = paths.autosave.stat().st_mtime
    except OSError:
        return None
    newer = []
    for p in replays.list_records(paths.records_dir):  # newest first
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


def _outranked(paths: Paths, rec: records.Record) -> str | None:
    """Whether the saved game in progress `rec` is an earlier copy of a game that went
    on, and so is never offered: a finished copy of it outranks it. Its record on disk:
    the autosave goes (nothing is lost), and the sentence says so. A finished copy only in
    memory: the autosave is set aside as stale (`_set_stale_aside`), "" (nothing to say:
    the end of that game said where it is). None: `rec` is the game to continue."""
    for finished, _notes in _in_memory.get(paths.records_dir, []):
        if _earlier_point(rec, finished):
            _set_stale_aside(paths, finished)
            return ""
    copy = _finished_copy_of(paths, rec)
    if copy is None:
        return None
    clear_autosave(paths)
    log.info("autosave of an earlier move of the game recorded in %s removed", copy.name)
    return _("Your saved game was an earlier copy of a game that went on to its end; its "
             "record {file} holds every move of it, so Continue is not offered.").format(
                 file=copy.name)


def kept_in_memory(paths: Paths) -> int:
    """How many finished games exist only in memory (nothing could be written at their
    end): quitting now would lose them, and the quit dialog says so."""
    return len(_in_memory.get(paths.records_dir, []))


def retry_in_memory(paths: Paths) -> list[str]:
    """Write the finished games kept only in memory, now that a save worked; what to tell
    the player. A stale autosave of such a game (saved before the disk filled) goes once
    its record is written."""
    told = []
    for rec, notes in list(_in_memory.get(paths.records_dir, [])):
        kept = _keep(paths, rec, notes, None, None, False, False)
        if not kept.safe:
            continue
        _in_memory[paths.records_dir].remove((rec, notes))
        if kept.path is not None:
            told.append(_("The record of a finished game kept in memory has now been saved "
                          "as {file}.").format(file=kept.path.name) if kept.written else
                        _("The record of a finished game kept in memory was already saved "
                          "as {file}.").format(file=kept.path.name))
            try:
                old = read_record(paths.autosave)
                if _earlier_point(old, rec):
                    clear_autosave(paths)
            except (RecordError, OSError):
                pass
        if kept.told:
            told.append(kept.told)
    return told


def _release_autosave(paths: Paths) -> bool:
    """The autosave holds a finished game whose record is not written, and a new game is
    to be saved: write its record now, or move it aside to `finished-<time>.json` (a
    rename needs no space), where the next start finds it. False when neither worked."""
    rec, state, _msg = _load_checked(paths, paths.autosave)
    if rec is None:
        _finished_autosave.pop(paths.autosave, None)
        return True
    kept = _keep(paths, rec, None, state, paths.autosave, False, False)
    if kept.path is not None or not paths.autosave.exists():
        _finished_autosave.pop(paths.autosave, None)
        return True
    from game import replays

    stamp = _stamp(str(rec.app.get("finished_at", "")))
    target = files.unique_path(paths.data_dir, f"{FINISHED_PREFIX}{stamp}", ".json")
    try:
        notes = replays.notes_path(paths.autosave)
        if notes.exists():
            files.move_to(notes, replays.notes_path(target))
        files.move_to(paths.autosave, target)
    except OSError as e:
        log.warning("could not move the finished game aside: %s", e)
        return False
    log.info("finished game without a record moved aside as %s", target.name)
    _finished_autosave.pop(paths.autosave, None)
    return True


def catch_up_pending(paths: Paths) -> str | None:
    """Count the games the journal names as waiting, in one use of the statistics (each
    once: they know a game by its fingerprint), after rebuilding a damaged journal from the
    records folder. What to tell the player, or None: the rebuild, and why games still wait
    when the statistics cannot be written (for a newer version's file: until the game is
    updated, or the player starts new statistics)."""
    rebuilt = _rebuild_pending(paths)
    waiting = pending.load(paths.data_dir)
    done: set[str] = set()
    problem = None
    if waiting:
        done, problem = stats.count_many(paths.stats_db, waiting,
                                          lambda name, fp: _waiting_record(paths, name, fp))
        pending.remove_many(paths.data_dir, done)
        if isinstance(problem, stats.Waiting):
            problem = stats.newer_waiting_words(len(waiting) - len(done))
    told = [problem]
    if rebuilt is not None:
        aside, found = rebuilt
        told.insert(0, _rebuilt_words(aside, len(found), found <= done))
    return " ".join(t for t in told if t) or None


def _waiting_record(paths: Paths, name: str, fp: str) -> records.Record | None:
    """A waiting game's record, or None (logged) when it is unusable or another game now:
    it is then no longer waiting."""
    try:
        rec = read_record(paths.records_dir / name)
    except RecordError as e:
        log.warning("waiting game %s has no usable record (%s); dropped", name, e)
        return None
    if stats.fingerprint(rec) != fp:
        log.warning("waiting game %s is another game now; dropped", name)
        return None
    return rec


REBUILD_READS = 4 * pending.MAX_ENTRIES  # records read to rebuild a damaged journal


def _rebuild_pending(paths: Paths) -> tuple[str, set[str]] | None:
    """When the journal was found damaged (and set aside), look through the records folder
    for the finished games the statistics do not count yet, by fingerprint, and note them
    as waiting again (issue 43, item 2): (the name the journal was set aside as, the
    fingerprints found). None: no rebuild due, or the statistics cannot be read now (it is
    done at the next catch-up)."""
    journal = pending.read_journal(paths.data_dir)
    if journal.rebuild is None:
        return None
    try:
        result, _told = stats.read(paths.stats_db, lambda db: _uncounted_records(paths, db),
                                   thorough=False)
    except stats.StatsError as e:
        log.info("the waiting games are found again later: %s", e)
        return None
    found: list[tuple[str, str]] = result if isinstance(result, list) else []
    if not pending.rebuilt(paths.data_dir, found):
        return None
    return journal.rebuild, {fp for _n, fp in found}


def _rebuilt_words(aside: str, n: int, counted: bool) -> str:
    """The rebuild of a damaged journal, told: how many games were found, and whether they
    are counted now (when not, the next sentence says why)."""
    if not n:
        return _("The list of games waiting for your statistics was damaged and was set "
                 "aside as {file}. Your records folder was looked through: every finished "
                 "game in it is counted.").format(file=aside)
    if counted:
        return ngettext(
            "The list of games waiting for your statistics was damaged and was set aside "
            "as {file}. Your records folder was looked through: {n} finished game in it "
            "was not counted yet, and is counted now.",
            "The list of games waiting for your statistics was damaged and was set aside "
            "as {file}. Your records folder was looked through: {n} finished games in it "
            "were not counted yet, and are counted now.", n).format(file=aside, n=n)
    return ngettext(
        "The list of games waiting for your statistics was damaged and was set aside as "
        "{file}. Your records folder was looked through: {n} finished game in it is not "
        "counted yet, and waits to be counted.",
        "The list of games waiting for your statistics was damaged and was set aside as "
        "{file}. Your records folder was looked through: {n} finished games in it are not "
        "counted yet, and wait to be counted.", n).format(file=aside, n=n)


def _uncounted_records(paths: Paths, db: stats.StatsDB) -> list[tuple[str, str]]:
    """(name, fingerprint) of the records in the records folder that `db` does not count,
    newest first, at most the journal's room. A record a counted game names is not read;
    every other one is read once, to know it by its fingerprint, up to REBUILD_READS of
    them (the work is counted: a folder of strangers' records cannot make it endless)."""
    from game import replays

    named = db.record_files()
    found: list[tuple[str, str]] = []
    unknown = [p for p in replays.list_records(paths.records_dir)
               if p.name not in named and stats.record_name(p.name) is not None]
    if len(unknown) > REBUILD_READS:
        log.warning("%d records are not named by the statistics; the newest %d are looked "
                    "at", len(unknown), REBUILD_READS)
    for path in unknown[:REBUILD_READS]:
        try:
            found.append((path.name, stats.fingerprint(read_record(path))))
        except RecordError as e:
            log.info("%s is no record to count (%s)", path.name, e)
    counted = db.counted([fp for _n, fp in found])
    return [(n, fp) for n, fp in found if fp not in counted][:pending.MAX_ENTRIES]


def start_up(paths: Paths) -> tuple[records.Record | None, str | None]:
    """What the title does when it opens: finish what an earlier run could not (games kept
    in memory or aside, a finished game left as the autosave, games waiting for the
    statistics), then load the saved game. (a game to continue or None, what to tell the
    player or None)."""
    told = [*_news, *retry_in_memory(paths)]
    _news.clear()
    try:
        kept_aside = sorted(paths.data_dir.glob(f"{FINISHED_PREFIX}*.json"))
    except OSError:
        kept_aside = []
    for f in kept_aside:
        if f.name.endswith(".notes.json"):
            continue
        rec, state, _msg = _load_checked(paths, f)
        if rec is None:
            continue
        if getattr(state, "phase", None) != OVER:
            files.set_aside(f)  # not a finished game: nothing of ours makes such a file
            continue
        kept = keep_finished(paths, rec, None, state, source=f)
        if kept.path is not None:
            told.append(_("The record of an earlier game has now been saved as "
                          "{file}.").format(file=kept.path.name) if kept.written else
                        _("The record of an earlier game was already saved as "
                          "{file}.").format(file=kept.path.name))
        told.extend(m for m in (kept.problem, kept.told) if m)
    rec, state, msg = _load_checked(paths, paths.autosave)
    if msg:
        told.append(msg)
    if rec is not None and getattr(state, "phase", None) == OVER:
        kept = keep_finished(paths, rec, None, state, source=paths.autosave)
        if kept.path is not None:
            told.append(_("The record of your last game has now been saved as "
                          "{file}.").format(file=kept.path.name) if kept.written else
                        _("The record of your last game was already saved as "
                          "{file}.").format(file=kept.path.name))
        told.extend(m for m in (kept.problem, kept.told) if m)
        rec = None
    elif rec is not None:  # a game in progress, unless a later copy of it outranks it
        said = _outranked(paths, rec)
        if said is not None:
            rec = None
            if said:
                told.append(said)
    more = catch_up_pending(paths)
    if more:
        told.append(more)
    return rec, " ".join(told) or None


__all__ = ["AUTOSAVE", "HOME_ENV", "Kept", "Paths", "RECORD_LIMITS", "catch_up_pending",
           "check_seats", "clear_autosave", "default_paths", "finish_game", "keep_finished",
           "kept_in_memory", "load_autosave", "read_record", "record_text", "reject_autosave",
           "retry_in_memory",
           "save_autosave", "start_up", "write_record"]
