"""The player's files on disk: the one place that reads and writes them.

Every user file (settings, the autosave, records, statistics later) is read with
`read_json` under explicit `Limits` (size, nesting depth, digits of a number, length of a
string, number of values), so no file, however damaged or hostile, can exhaust memory,
overflow the stack or raise anything but `FileRejected`. Writes go through
`atomic_write_text`: a temporary file in the same folder, flushed and fsync'ed, then
`os.replace`, so a crash or a full disk leaves the old file whole. A rejected file is never
deleted: `set_aside` renames it under a name no other set-aside can take. `clean_temp_files`
removes what a killed writer left behind.

No pygame and no game rules here: the modules that know what a file means (game.settings,
game.storage) check its shape after it is parsed.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from game.i18n import _

log = logging.getLogger(__name__)

TEMP_SUFFIX = ".tmp"


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


def read_json(path: str | os.PathLike, limits: Limits) -> object:
    """The parsed contents of a user file.

    FileNotFoundError when there is no file (the caller's normal case); FileRejected for
    anything else: unreadable, too large (checked before reading), not UTF-8, not JSON, or
    beyond a limit.
    """
    path = Path(path)
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > limits.max_bytes:
                raise FileRejected(_("larger than {n:,} bytes ({size:,})").format(
                    n=limits.max_bytes, size=size))
            raw = f.read(limits.max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise FileRejected(_("cannot be read ({reason})").format(
            reason=e.strerror or e)) from None
    if len(raw) > limits.max_bytes:
        raise FileRejected(_("larger than {n:,} bytes").format(n=limits.max_bytes))
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) is harmless
    except UnicodeDecodeError:
        raise FileRejected(_("not UTF-8 text")) from None
    return parse_json(text, limits)


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Replace `path` with `text` (UTF-8) all at once, or raise OSError and change nothing.

    The data is fsync'ed before the rename (and the folder after it, where the system
    allows), so a power cut never leaves an empty or half-written file in its place.
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            if written <= 0:  # pragma: no cover - the system promised progress
                raise OSError(errno.EIO, "write made no progress")
            view = view[written:]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(folder)


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


__all__ = ["FileRejected", "Limits", "atomic_write_text", "clean_temp_files",
           "describe_os_error", "parse_json", "read_json", "set_aside", "unique_path"]
