"""The folder browser behind the file chooser: what one folder holds, and moving between
folders. No pygame: tested without a window (the scene is game/ui/scenes/file_chooser.py).

A player's disk is not always friendly, so listing a folder never blocks and never raises:
an unreadable folder is refused with a sentence and the browser stays where it was; an
entry whose type cannot be learnt (a link loop, a dead link) is left out; a FIFO, a socket
or a device is never listed, so it can never be opened; a folder of a million names is
read only up to `MAX_SCAN` entries and lists at most `MAX_LIST`, and says so; a name that
is not UTF-8 is kept exactly (the path still works) and shown with the replacement
character (game.text.file_name_words).
"""

from __future__ import annotations

import enum
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from game.i18n import _
from game.text import clean_typed, file_name_words

log = logging.getLogger(__name__)

MAX_SCAN = 20_000  # entries read from one folder at most
MAX_LIST = 2_000  # entries shown at most (folders first)
MAX_NAME = 200  # characters a typed file name may have


class Kind(enum.Enum):
    PARENT = "parent"
    FOLDER = "folder"
    FILE = "file"


@dataclass(frozen=True)
class Entry:
    name: str  # the name as the system gives it (may hold surrogates)
    kind: Kind
    size: int = 0

    @property
    def words(self) -> str:
        if self.kind is Kind.PARENT:
            return _("↑ Up one folder")
        shown = file_name_words(self.name, 160)
        return shown + "/" if self.kind is Kind.FOLDER else shown


def _kind(entry: os.DirEntry) -> Kind | None:
    """A folder or a regular file (after links), else None (left out). The type comes
    from the folder listing itself where the system gives it (no stat per name: a huge
    folder lists fast); a link is followed, and a loop or a dead link is left out."""
    try:
        if entry.is_dir():
            return Kind.FOLDER
        if entry.is_file():
            return Kind.FILE
    except OSError:
        pass
    return None


class Browser:
    """One folder's entries: its parent, its folders, then its files (`.json` only when
    `only_json`), each group by name. `go` moves, `error` says why a move failed."""

    def __init__(self, folder: Path, only_json: bool = True) -> None:
        self.folder = Path(os.path.abspath(folder))
        self.only_json = only_json
        self.entries: list[Entry] = []
        self.error: str | None = None
        self.truncated = False
        if not self.go(self.folder):
            self.go(Path.home())

    def go(self, folder: Path) -> bool:
        """Show `folder`; False (and `error`, the browser unchanged) when it cannot be
        read."""
        folder = Path(os.path.abspath(folder))  # '..' folded by name: a link loop cannot grow
        entries, truncated, problem = self._read(folder)
        if problem is not None:
            self.error = problem
            return False
        self.folder, self.entries, self.truncated, self.error = folder, entries, truncated, None
        return True

    def _read(self, folder: Path) -> tuple[list[Entry], bool, str | None]:
        folders: list[Entry] = []
        found: list[Entry] = []
        truncated = False
        try:
            with os.scandir(folder) as it:
                for n, entry in enumerate(it):
                    if n >= MAX_SCAN:
                        truncated = True
                        break
                    if entry.name.startswith("."):
                        continue  # hidden files and our own temporaries
                    kind = _kind(entry)
                    if kind is Kind.FOLDER:
                        folders.append(Entry(entry.name, kind))
                    elif kind is Kind.FILE and (not self.only_json
                                                or entry.name.lower().endswith(".json")):
                        found.append(Entry(entry.name, kind))
        except NotADirectoryError:
            return [], False, _("This is not a folder.")
        except FileNotFoundError:
            return [], False, _("This folder is no longer there.")
        except PermissionError:
            return [], False, _("This folder cannot be opened: you may not have permission "
                                "to read it.")
        except OSError as e:
            log.info("folder %r cannot be listed: %s", str(folder), e)
            return [], False, _("This folder cannot be opened ({reason}).").format(
                reason=e.strerror or type(e).__name__)

        def by_name(e: Entry) -> tuple[str, str]:
            return (file_name_words(e.name).casefold(), e.name)

        folders.sort(key=by_name)
        found.sort(key=by_name)
        listed = folders + found
        if len(listed) > MAX_LIST:
            listed, truncated = listed[:MAX_LIST], True
        parent = [Entry("..", Kind.PARENT)] if folder.parent != folder else []
        return parent + listed, truncated, None

    def up(self) -> bool:
        return self.folder.parent != self.folder and self.go(self.folder.parent)

    def enter(self, entry: Entry) -> bool:
        if entry.kind is Kind.PARENT:
            return self.up()
        if entry.kind is Kind.FOLDER:
            return self.go(self.folder / entry.name)
        return False

    def set_only_json(self, on: bool) -> None:
        self.only_json = on
        self.go(self.folder)

    def path_of(self, entry: Entry) -> Path:
        return self.folder / entry.name

    def folder_words(self) -> str:
        return file_name_words(str(self.folder), 400)


def typed_name_problem(name: str) -> str | None:
    """None when `name` can be a new file's name in the chosen folder; else why not."""
    text = name.strip()
    if not text:
        return _("Type a name for the file first.")
    if text in (".", "..") or "/" in text or "\\" in text or "\x00" in text:
        return _("A file name cannot be . or .. or hold / or \\.")
    if text.startswith("."):
        return _("A file name cannot start with a dot here (it would be hidden).")
    if len(text) > MAX_NAME:
        return _("This name is too long.")
    return None


def clean_file_name(name: str) -> str:
    """A typed name as a file name: drawable characters, trimmed, `.json` added."""
    text = clean_typed(name).strip()
    return text if text.lower().endswith(".json") else text + ".json"


__all__ = ["Browser", "Entry", "Kind", "MAX_LIST", "MAX_SCAN", "clean_file_name",
           "typed_name_problem"]
