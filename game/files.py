"""The player's files on disk: the one place that reads and writes them.

Every user file (settings, the autosave, records, statistics later) is read with
`read_json` under explicit `Limits` (size, nesting depth, digits of a number, length of a
string, number of values), so no file, however damaged or hostile, can exhaust memory,
overflow the stack or raise anything but `FileRejected`. Writes go through
`atomic_write_text`: a temporary file in the same folder, flushed and fsync'ed, then
`os.replace`, so a crash or a full disk leaves the old file whole. A rejected file is never
deleted: `set_aside` renames it under a name no other set-aside can take. `clean_temp_files`
removes what a killed writer left behind.

Only regular files are read: a FIFO, a device, a folder or a socket (or a link to one) in
a user file's place is refused before anything could block on it (`open_regular` opens
without waiting and checks what it opened). A replaced file keeps the permissions the
player gave it; a new one gets the usual ones (the umask's), not a temporary file's 0600.
`write_new_file` (Export, to a folder of the player's) never leaves a temporary behind,
even when the program is killed in the middle: the file has no name until it is whole.
Where the system has no unnamed files (no O_TMPFILE: not Linux, or a file system without
them), and when an export replaces a file of the player's, a named temporary is written
there; it is first noted in a folder of ours (`note_outside_temps`), so a kill before it
is gone leaves a note the next start follows to remove it (`clean_outside_temps`).

No pygame and no game rules here: the modules that know what a file means (game.settings,
game.storage) check its shape after it is parsed.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import math
import os
import re
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from game.i18n import _

log = logging.getLogger(__name__)

TEMP_SUFFIX = ".tmp"
NOTE_SUFFIX = ".note"  # a note of a temporary written in a folder that is not ours
NOTE_MAX_DAYS = 30  # a note of a folder that is gone (a removable disk) is kept this long
TEMP_NAME = re.compile(r"\..+\.[0-9a-f]{8}" + re.escape(TEMP_SUFFIX), re.DOTALL)
_outside_notes: Path | None = None  # where those notes go (None: not noted)


class FileRejected(ValueError):
    """A user file that cannot be used; the message says why in a few plain words."""


@dataclass(frozen=True)
class Limits:
    """What a file of one kind may hold at most; anything beyond is rejected, not truncated."""

    max_bytes: int
    max_depth: int = 16
    max_int_digits: int = 40
    max_str_len: int = 4096
    max_items: int = 100_000


def parse_json(text: str, limits: Limits) -> object:
    """Parse JSON text within `limits`; FileRejected names the first limit broken."""
    if len(text) > limits.max_bytes:
        raise FileRejected(_("larger than {n:,} bytes").format(n=limits.max_bytes))

    def parse_int(s: str) -> int:
        if len(s.lstrip("-")) > limits.max_int_digits:
            raise FileRejected(_("a number with more than {n} digits").format(
                n=limits.max_int_digits))
        return int(s)

    def parse_float(s: str) -> float:
        value = float(s) if len(s) <= 64 else math.inf
        if not math.isfinite(value):
            raise FileRejected(_("a number out of range ({number})").format(number=s[:20]))
        return value

    def parse_constant(s: str) -> float:
        raise FileRejected(_("{word} is not a number JSON allows").format(word=s))

    try:
        data = json.loads(text, parse_int=parse_int, parse_float=parse_float,
                          parse_constant=parse_constant)
    except json.JSONDecodeError as e:
        raise FileRejected(_("not valid JSON ({error}, line {line} column {column})").format(
            error=e.msg, line=e.lineno, column=e.colno)) \
            from None
    except RecursionError:
        raise FileRejected(_("nested more than {n} levels deep").format(
            n=limits.max_depth)) from None
    except ValueError as e:  # FileRejected from a hook, or int() refusing a long number
        raise FileRejected(str(e) if isinstance(e, FileRejected) else _("a number too long")) \
            from None
    _check_shape(data, limits)
    return data


def _check_shape(data: object, limits: Limits) -> None:
    """Depth, string lengths and the number of values, walked without recursion."""
    stack: list[tuple[object, int]] = [(data, 1)]
    items = 0
    while stack:
        value, depth = stack.pop()
        items += 1
        if items > limits.max_items:
            raise FileRejected(_("more than {n:,} values").format(n=limits.max_items))
        if isinstance(value, str):
            if len(value) > limits.max_str_len:
                raise FileRejected(_("a text longer than {n:,} characters").format(
                    n=limits.max_str_len))
        elif isinstance(value, (dict, list)):
            if depth > limits.max_depth:
                raise FileRejected(_("nested more than {n} levels deep").format(
                    n=limits.max_depth))
            if isinstance(value, dict):
                stack.extend((k, depth + 1) for k in value)
                stack.extend((v, depth + 1) for v in value.values())
            else:
                stack.extend((v, depth + 1) for v in value)


def not_regular_words(mode: int) -> str:
    """What a file that is not a regular file is, in a few words."""
    if stat.S_ISDIR(mode):
        return _("a folder, not a file")
    if stat.S_ISFIFO(mode):
        return _("a pipe, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device, not a file")
    return _("not a regular file")


def check_regular(path: str | os.PathLike) -> None:
    """FileRejected when something other than a regular file (after links) is at `path`;
    nothing when there is a regular file or nothing at all. For files another library
    opens (the statistics database), checked just before it does."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as e:
        raise FileRejected(_("cannot be read ({reason})").format(
            reason=e.strerror or e)) from None
    if not stat.S_ISREG(mode):
        raise FileRejected(not_regular_words(mode))


def open_regular(path: str | os.PathLike) -> int:
    """A file descriptor open for reading on the regular file at `path`.

    Opened without blocking (a FIFO opened for reading waits for a writer forever
    otherwise) and checked after opening, so nothing swapped in between can slip through:
    FileRejected for anything but a regular file, FileNotFoundError when there is none,
    OSError for the rest."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRejected(not_regular_words(mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes(path: str | os.PathLike, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes` (the size checked before
    reading). FileNotFoundError when there is none; FileRejected for anything else."""
    try:
        fd = open_regular(path)
    except (FileNotFoundError, FileRejected):
        raise
    except OSError as e:
        raise FileRejected(_("cannot be read ({reason})").format(
            reason=e.strerror or e)) from None
    try:
        with os.fdopen(fd, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > max_bytes:
                raise FileRejected(_("larger than {n:,} bytes ({size:,})").format(
                    n=max_bytes, size=size))
            raw = f.read(max_bytes + 1)
    except FileRejected:
        raise
    except OSError as e:
        raise FileRejected(_("cannot be read ({reason})").format(
            reason=e.strerror or e)) from None
    if len(raw) > max_bytes:
        raise FileRejected(_("larger than {n:,} bytes").format(n=max_bytes))
    return raw


def read_json(path: str | os.PathLike, limits: Limits) -> object:
    """The parsed contents of a user file.

    FileNotFoundError when there is no file (the caller's normal case); FileRejected for
    anything else: not a regular file, unreadable, too large (checked before reading), not
    UTF-8, not JSON, or beyond a limit.
    """
    raw = read_bytes(path, limits.max_bytes)
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) is harmless
    except UnicodeDecodeError:
        raise FileRejected(_("not UTF-8 text")) from None
    return parse_json(text, limits)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # pragma: no cover - the system promised progress
            raise OSError(errno.EIO, "write made no progress")
        view = view[written:]


def _new_temp(folder: Path, name: str, mode: int = 0o666,
              outside: bool = False) -> tuple[int, Path]:
    """A new temporary file beside `name` in `folder`, created with the usual permissions
    (0666 less the umask, as any program's new file; `mode` 0o600 for a secret, readable by
    its owner alone from its first byte), never over another file. `outside`: `folder` is
    the player's, which nothing of ours cleans at start-up, so the temporary is noted
    first (`note_outside_temps`); the caller forgets the note once it is gone."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    for _try in range(100):
        tmp = folder / f".{name}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        if outside:
            _note(tmp)
        try:
            return os.open(tmp, flags, mode), tmp
        except FileExistsError:
            _forget(tmp)
            continue
        except BaseException:
            _forget(tmp)
            raise
    raise OSError(errno.EEXIST, "no free temporary name", str(folder))  # pragma: no cover


# --- temporaries in folders that are not ours -------------------------------------------
def note_outside_temps(folder: str | os.PathLike | None) -> None:
    """From now on note every temporary written in a folder of the player's in `folder`
    (one of ours), while it exists: the start-up (game.storage.Paths.clean_up) sets it,
    after following the notes an earlier run left. None: no notes (tests, tools)."""
    global _outside_notes
    _outside_notes = Path(folder) if folder is not None else None


def _note_path(tmp: Path) -> Path | None:
    if _outside_notes is None:
        return None
    digest = hashlib.sha256(os.fsencode(str(tmp))).hexdigest()[:20]
    return _outside_notes / f"{digest}{NOTE_SUFFIX}"


def _note(tmp: Path) -> None:
    """Write down, durably, that `tmp` is about to exist: a kill from now on leaves a note.
    A note that cannot be written (a full disk here) is logged and the write goes on: the
    export may still fit on the player's disk."""
    note = _note_path(tmp)
    if note is None:
        return
    try:
        note.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(note, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
                     | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            _write_all(fd, os.fsencode(str(Path(tmp).absolute())))
            os.fsync(fd)
        finally:
            os.close(fd)
        _sync_folder(note.parent)
    except OSError as e:
        log.warning("could not note the temporary %s: %s", tmp, e)


def _forget(tmp: Path) -> None:
    """`tmp` is gone (renamed, linked and removed, or never made): its note goes."""
    note = _note_path(tmp)
    if note is not None:
        try:
            note.unlink(missing_ok=True)
        except OSError as e:
            log.info("could not remove the note %s: %s", note, e)


def clean_outside_temps(folder: str | os.PathLike, older_than: float = 60.0) -> int:
    """Follow the notes in `folder` that an earlier run left (it was killed, or lost its
    power, while a temporary of its was in a folder of the player's): remove each noted
    temporary still there (only a regular file with a temporary's name, and older than
    `older_than` seconds, so another copy of the game writing one right now keeps it),
    then the note. A note whose folder is missing (a removable disk) waits, at most
    NOTE_MAX_DAYS. Returns how many temporaries went; never raises."""
    removed = 0
    now = time.time()
    try:
        notes = list(Path(folder).glob(f"*{NOTE_SUFFIX}"))
    except OSError:
        return 0
    for note in notes:
        try:
            raw = read_bytes(note, 16_384)
            note_age = now - os.lstat(note).st_mtime
        except (OSError, FileRejected):  # FileNotFoundError too: another copy took it
            continue
        tmp = Path(os.fsdecode(raw))
        done = _remove_noted(tmp, now, older_than, note_age)
        if done is None:
            continue
        removed += done
        try:
            note.unlink(missing_ok=True)
        except OSError as e:
            log.info("could not remove the note %s: %s", note, e)
    return removed


def _remove_noted(tmp: Path, now: float, older_than: float, note_age: float) -> int | None:
    """Remove one noted temporary: 1 when it went, 0 when there is nothing to remove (the
    note can go), None when the note must wait (too young, or its folder is away)."""
    if not (tmp.is_absolute() and TEMP_NAME.fullmatch(tmp.name)):
        log.info("a note names %r, not a temporary of ours: dropped", str(tmp)[:200])
        return 0
    try:
        st = os.lstat(tmp)
    except FileNotFoundError:
        folder_away = not tmp.parent.is_dir()
        return None if folder_away and note_age < NOTE_MAX_DAYS * 86400 else 0
    except OSError as e:
        log.info("noted temporary %s not reached: %s", tmp, e)
        return None
    if not stat.S_ISREG(st.st_mode):
        return 0  # a link, a folder or a pipe of that name is not what we wrote
    if now - st.st_mtime < older_than:
        return None
    try:
        tmp.unlink()
    except OSError as e:
        log.info("noted temporary %s not removed: %s", tmp, e)
        return None
    log.info("removed %s, left by an earlier run", tmp)
    return 1


def _keep_mode(fd: int, path: Path) -> None:
    """Give the new file the permissions of the regular file it replaces (0644 stays
    0644); nothing when there is none, or where the system has no fchmod."""
    try:
        st = os.stat(path)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode) and hasattr(os, "fchmod"):
        try:
            os.fchmod(fd, stat.S_IMODE(st.st_mode))
        except OSError as e:  # someone else's file in our folder: the write still counts
            log.info("could not keep the mode of %s: %s", path, e)


def atomic_write_text(path: str | os.PathLike, text: str, *, private: bool = False,
                      outside: bool = False) -> None:
    """Replace `path` with `text` (UTF-8) all at once, or raise OSError and change nothing.

    The data is fsync'ed before the rename (and the folder after it, where the system
    allows), so a power cut never leaves an empty or half-written file in its place. The
    file keeps the permissions of the one it replaces; a `private` one (a secret: the party
    links) is made readable by its owner alone before a byte is written, whatever it
    replaces. `outside`: the folder is the player's, so the temporary is noted while it
    exists (`note_outside_temps`).
    """
    _replace(Path(path), text.encode("utf-8"), durable=True, private=private,
             outside=outside)


def replace_cache_file(path: str | os.PathLike, data: bytes) -> None:
    """Replace `path` with `data` all at once (a temporary file, then a rename), without
    fsync: for files the program can always make again (drawn cards, game/ui/card_cache.py),
    whose reader checks them and makes a torn one again. OSError on failure, nothing left
    behind."""
    _replace(Path(path), data, durable=False)


def _replace(path: Path, data: bytes, durable: bool, private: bool = False,
             outside: bool = False) -> None:
    """The one temporary-file-then-rename write: `durable` fsyncs the data before the rename
    and the folder after it, and keeps the replaced file's permissions (`private`: 0600);
    `outside` notes the temporary while it exists."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_temp(folder, path.name, 0o600 if private else 0o666, outside)
    try:
        if private and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)  # whatever the umask allowed, before any byte
        elif durable:
            _keep_mode(fd, path)
        _write_all(fd, data)
        if durable:
            os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        if outside:
            _forget(tmp)
        raise
    if durable:
        _sync_folder(folder)
    if outside:
        _forget(tmp)


def write_new_file(folder: str | os.PathLike, stem: str, suffix: str, text: str,
                   exact: bool = False) -> Path:
    """Write `text` as a new file `folder/stem+suffix` (or `stem-2`...; with `exact`, that
    name or FileExistsError), never over another file, and never leaving a temporary in
    `folder` for good, even if the program is killed in the middle (the folder is the
    player's: nothing of ours cleans it up at start-up but what we noted).

    On Linux the data goes into an unnamed file (O_TMPFILE) that gets its name only once
    it is whole and synced; elsewhere (or on a file system without unnamed files) into a
    temporary that is linked to its name, then removed: noted first (`_new_temp`), so one
    a kill left is removed at the next start (`clean_outside_temps`). OSError on
    failure."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd = -1
    tmp: Path | None = None
    tmpfile = getattr(os, "O_TMPFILE", 0)
    if tmpfile and Path("/proc/self/fd").is_dir():
        try:
            fd = os.open(folder, tmpfile | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError as e:  # a file system without unnamed files
            log.info("no unnamed file in %s (%s): a temporary is used", folder, e)
    if fd < 0:
        fd, tmp = _new_temp(folder, stem + suffix, outside=True)
    try:
        _write_all(fd, data)
        os.fsync(fd)
        source = str(tmp) if tmp is not None else f"/proc/self/fd/{fd}"
        while True:
            target = folder / f"{stem}{suffix}" if exact else unique_path(folder, stem, suffix)
            try:
                _link(source, target)  # fails if the name is taken
                break
            except FileExistsError:  # taken in the meantime: the next free name
                if exact:
                    raise
                continue
    finally:
        os.close(fd)
        if tmp is not None:
            tmp.unlink(missing_ok=True)
            _forget(tmp)
    _sync_folder(folder)
    return target


def _link(source: str, target: Path) -> None:
    """A hard link `target` to `source`, following a link given as the source: the
    /proc/self/fd/N of an unnamed file. os.link follows it only through linkat, which it
    uses when a folder descriptor is passed, so the target's folder is passed."""
    if not source.startswith("/proc/"):
        os.link(source, target)
        return
    dir_fd = os.open(target.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.link(source, target.name, dst_dir_fd=dir_fd, follow_symlinks=True)
    finally:
        os.close(dir_fd)


def move_to(path: str | os.PathLike, target: str | os.PathLike) -> None:
    """Rename `path` to `target` (the same folder: no copy, no space needed); OSError."""
    os.replace(path, target)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (POSIX); Windows cannot open a folder, and needs not."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def unique_path(folder: Path, stem: str, suffix: str) -> Path:
    """`folder/stem+suffix`, or `stem-2`, `stem-3`... when that name is taken."""
    candidate = folder / f"{stem}{suffix}"
    n = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{n}{suffix}"
        n += 1
    return candidate


def set_aside(path: str | os.PathLike) -> Path | None:
    """Rename a rejected file to `<name>.corrupt-<date>-<time>[-n]` (never deleted, never
    overwriting an earlier set-aside); None, logged, when it cannot be moved."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = unique_path(path.parent, f"{path.name}.corrupt-{stamp}", "")
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("could not set %s aside: %s", path, e)
        return None
    log.warning("set %s aside as %s", path, target.name)
    return target


def clean_temp_files(*folders: Path, older_than: float = 60.0) -> int:
    """Remove temporary files a killed writer left (older than `older_than` seconds, so a
    second copy of the game writing right now keeps its own); returns how many went."""
    removed = 0
    now = time.time()
    for folder in folders:
        try:
            leftovers = [p for p in Path(folder).glob(f".*{TEMP_SUFFIX}") if p.is_file()]
            leftovers += [p for p in Path(folder).glob(f"*.json*{TEMP_SUFFIX}") if p.is_file()]
        except OSError:
            continue
        for p in set(leftovers):
            try:
                if now - p.stat().st_mtime >= older_than:
                    p.unlink()
                    removed += 1
            except OSError as e:
                log.info("could not remove leftover %s: %s", p, e)
    return removed


def describe_os_error(e: OSError) -> str:
    """A few words a player understands for a failed write."""
    if e.errno in (errno.ENOSPC, errno.EDQUOT if hasattr(errno, "EDQUOT") else errno.ENOSPC,
                   errno.EFBIG):
        return _("the disk is full")
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _("the folder cannot be written to")
    return e.strerror or str(e)


__all__ = ["FileRejected", "Limits", "atomic_write_text", "check_regular",
           "clean_outside_temps", "clean_temp_files", "describe_os_error", "move_to",
           "note_outside_temps", "open_regular", "parse_json", "read_bytes", "read_json",
           "set_aside", "unique_path", "write_new_file"]
