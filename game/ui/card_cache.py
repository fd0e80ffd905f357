"""Finished cards kept on disk between runs, so a start does not rasterise the art again.

Rasterising one card's SVG costs 2.5-4 ms (NanoSVG, a frame and mask drawn over it); reading
the same card back from this cache costs about 0.1 ms. The game starts without drawing the
table's cards at all (the title shows five) and fills the table's sizes in the frames after
the title appears (game/app.py); with this cache that takes one or two frames instead of a
second or more, so a player who clicks straight into a game meets no half-drawn table.

Layout: ``<folder>/<key>/<width>/<back>-<card>[-marks].card``. The key is a hash of
everything that changes a card's pixels: the format below, the app version, every SVG's
text, the renderer's own source when it is there (a source checkout being edited), the back
colours, and the pygame-ce and SDL_image versions. A new key starts an empty folder and
`tidy` removes the others.

A file: ``MAGIC``, width and height (two little-endian uint16), then the card's RGBA bytes
compressed with zlib. Anything else -- cut short, another size, garbage, a folder or a pipe
where the file should be, a file that cannot be read -- is a miss: the card is drawn again
and the file replaced when it can be. Nothing here raises to the caller. Writes go through
game.files (a temporary file and a rename, no fsync: a file torn by a power cut fails the
checks above and is drawn again).

The cache works only in real folders (issue 43, item 1): a player who moved it to another
disk may have left a symbolic link (or a Windows junction) where ``cards`` or one of its
folders was, and whatever that link points to is theirs. So the folder, its key folder and
its width folders are used only when each is a real folder (the cache makes the missing
ones), never through a link; and `tidy` deletes only files whose names the cache writes
(``<back>-<card>[-marks].card`` and their temporaries), removing a folder only once it is
empty. It never follows a link and never removes a tree.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import stat
import struct
import time
import zlib
from collections.abc import Iterable
from pathlib import Path

import pygame

from game import files

log = logging.getLogger(__name__)

FORMAT = 1  # bump when the file layout or anything drawn over the art changes
MAGIC = b"HHcard\x00\x01"
HEADER = struct.Struct("<8sHH")
MAX_SETS = 24  # width folders kept per key: a player who resizes often makes a new set each
SUFFIX = ".card"
# the only names tidy deletes: a card file, and the temporary game.files writes beside one
OUR_FILE = re.compile(r"[a-z0-9_]+-[a-z0-9_]+(-marks)?\.card")
OUR_TEMP = re.compile(r"\.[a-z0-9_]+-[a-z0-9_]+(-marks)?\.card\.[0-9a-f]{8}\.tmp")


def file_name(name: str, marks: bool, back: str) -> str:
    """The file of one card (or "back") in its width's folder."""
    return f"{back}-{name}{'-marks' if marks else ''}{SUFFIX}"


def encode(surface: pygame.Surface) -> bytes:
    """A finished card as file bytes (level 1: a fifth of the raw size in about 0.2 ms)."""
    w, h = surface.get_size()
    return HEADER.pack(MAGIC, w, h) + zlib.compress(pygame.image.tobytes(surface, "RGBA"), 1)


def decode(data: bytes, size: tuple[int, int]) -> pygame.Surface:
    """File bytes -> a surface of exactly `size`; ValueError for anything else."""
    if len(data) < HEADER.size:
        raise ValueError("shorter than its header")
    magic, w, h = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise ValueError("not a card file")
    if (w, h) != tuple(size):
        raise ValueError(f"{w}x{h}, not {size[0]}x{size[1]}")
    want = w * h * 4
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data[HEADER.size:], want + 1)
    except zlib.error as e:
        raise ValueError(f"damaged: {e}") from None
    if len(raw) != want or not inflater.eof or inflater.unconsumed_tail \
            or inflater.unused_data:
        raise ValueError("cut short or too long")
    return pygame.image.frombytes(raw, (w, h), "RGBA")


def art_key(svgs: Iterable[tuple[str, str]], extra: Iterable[str] = ()) -> str:
    """A short hash of the art (name, SVG text pairs) and whatever else draws the cards."""
    h = hashlib.sha256()
    for part in (f"format {FORMAT}", *extra):
        h.update(part.encode("utf-8", "replace") + b"\0")
    for name, text in svgs:
        h.update(name.encode() + b"\0" + text.encode("utf-8", "replace") + b"\0")
    return h.hexdigest()[:16]


def real_folder(path: Path) -> bool:
    """True when `path` itself is a folder: not a link to one, not a junction or another
    reparse point (Windows), nor anything else."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    reparse = getattr(st, "st_file_attributes", 0) & getattr(
        stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0)
    return stat.S_ISDIR(st.st_mode) and not reparse


def make_real_folder(path: Path) -> bool:
    """`path` as a real folder, made when missing (its parent must already be one);
    False when something else is there (a link, a file) or it cannot be made."""
    try:
        os.mkdir(path)
    except FileExistsError:
        pass
    except OSError as e:
        log.info("card cache: cannot make %s (%s)", path, e)
        return False
    return real_folder(path)


def empty_out(folder: Path) -> bool:
    """Delete the card files (and their temporaries) in a real width folder, then the
    folder if nothing else is in it. True when the folder went. Links, other names and
    sub-folders are left where they are."""
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries
                     if (OUR_FILE.fullmatch(e.name) or OUR_TEMP.fullmatch(e.name))
                     and e.is_file(follow_symlinks=False)]
    except OSError as e:
        log.info("card cache: %s not read (%s)", folder, e)
        return False
    for name in names:
        try:
            os.unlink(folder / name)
        except OSError as e:
            log.info("card cache: %s not removed (%s)", folder / name, e)
    return remove_if_empty(folder)


def remove_if_empty(folder: Path) -> bool:
    """Remove a folder that holds nothing any more (an error, not a deletion, otherwise)."""
    try:
        os.rmdir(folder)
        return True
    except OSError as e:
        log.info("card cache: %s kept (%s)", folder, e)
        return False


def width_folders(folder: Path) -> list[Path]:
    """The real width folders (named by a number) in a real key folder."""
    with os.scandir(folder) as entries:
        names = [e.name for e in entries if e.name.isascii() and e.name.isdigit()]
    return [folder / n for n in names if real_folder(folder / n)]


def empty_key_folder(folder: Path) -> bool:
    """A key folder no longer used: its width folders emptied of card files, then itself
    removed if nothing else is left. True when it went."""
    try:
        sets = width_folders(folder)
    except OSError as e:
        log.info("card cache: %s not read (%s)", folder, e)
        return False
    for width in sets:
        empty_out(width)
    return remove_if_empty(folder)


class CardCache:
    """Reads and writes finished cards under `folder` for one key (see the module's text).

    `key` is computed from the art on first use when not given (tests give their own)."""

    def __init__(self, folder: Path, key: str | None = None) -> None:
        self.folder = Path(folder)
        self._key = key
        self.hits = 0
        self.misses = 0
        self.rejected = 0  # files that were there but unusable
        self.writable = True  # turned off after a failed write: one warning, not hundreds
        self._touched: set[int] = set()
        self._real: bool | None = None  # the folder checked (or made) as a real folder
        self._ready: set[int] = set()  # width folders checked (or made) as real folders

    @property
    def key(self) -> str:
        if self._key is None:
            from game.ui.cards import cache_key

            self._key = cache_key()
        return self._key

    def path(self, name: str, width: int, marks: bool, back: str) -> Path:
        return self.folder / self.key / str(width) / file_name(name, marks, back)

    def usable(self) -> bool:
        """The cache folder is a real folder (made now when missing, with its parents,
        which are the player's choice of place): checked once. A link there, or a file,
        turns the cache off for this run; cards are then drawn at each start."""
        if self._real is None:
            try:
                self.folder.parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass
            self._real = make_real_folder(self.folder)
            if not self._real:
                log.warning("card cache: %s is not a real folder (a link or a file?); "
                            "not used, cards are drawn at each start", self.folder)
        return self._real

    def _width_ready(self, width: int) -> bool:
        """The key and width folders of `width` are real folders (made when missing)."""
        if width in self._ready:
            return True
        key_folder = self.folder / self.key
        ok = self.usable() and make_real_folder(key_folder) \
            and make_real_folder(key_folder / str(width))
        if ok:
            self._ready.add(width)
        return ok

    def load(self, name: str, width: int, marks: bool, back: str,
             size: tuple[int, int]) -> pygame.Surface | None:
        """The stored card of `size`, or None (a miss: absent, damaged or unreadable, or
        a cache that is not in a real folder)."""
        path = self.path(name, width, marks, back)
        if not self._width_ready(width):
            self.misses += 1
            return None
        try:
            data = files.read_bytes(path, size[0] * size[1] * 5 + 4096)
            surface = decode(data, size)
        except FileNotFoundError:
            self.misses += 1
            return None
        except (OSError, ValueError, pygame.error) as e:  # FileRejected is a ValueError
            self.misses += 1
            self.rejected += 1
            log.info("card cache: %s not used (%s); drawn again", path.name, e)
            return None
        self.hits += 1
        if width not in self._touched:  # `tidy` keeps the sets used most recently
            self._touched.add(width)
            try:
                os.utime(path.parent)
            except OSError:
                pass
        return surface

    def store(self, name: str, width: int, marks: bool, back: str,
              surface: pygame.Surface) -> None:
        """Keep a freshly drawn card; a failure is logged once and writing stops."""
        if not self.writable:
            return
        path = self.path(name, width, marks, back)
        if not self._width_ready(width):
            self.writable = False
            log.warning("card cache: %s is not a real folder; cards are drawn at each "
                        "start", path.parent)
            return
        try:
            files.replace_cache_file(path, encode(surface))
        except (OSError, pygame.error) as e:
            self.writable = False
            log.warning("card cache: cannot write %s (%s); cards are drawn at each start",
                        path, e)

    def tidy(self) -> int:
        """Remove other keys' card files, temporaries left by a killed writer, and the card
        files of all but the MAX_SETS width folders used last; returns how many folders
        went. Only real folders are looked into and only the cache's own file names are
        deleted (the module's text says why). Never raises."""
        if not self.usable():
            return 0
        removed = 0
        try:
            with os.scandir(self.folder) as entries:
                others = [self.folder / e.name for e in entries if e.name != self.key]
            for entry in others:
                if real_folder(entry) and empty_key_folder(entry):
                    removed += 1
            current = self.folder / self.key
            if not real_folder(current):
                return removed
            sets = width_folders(current)
            for folder in sets:
                with os.scandir(folder) as entries:
                    temps = [folder / e.name for e in entries if OUR_TEMP.fullmatch(e.name)
                             and e.is_file(follow_symlinks=False)]
                self._remove_stale_temps(temps)
            sets.sort(key=lambda p: p.stat().st_mtime, reverse=True)
            for old in sets[MAX_SETS:]:
                if empty_out(old):
                    removed += 1
        except OSError as e:
            log.info("card cache: not tidied (%s)", e)
        return removed

    @staticmethod
    def _remove_stale_temps(temps: list[Path], older_than: float = 60.0) -> None:
        """Temporaries a killed writer left (older than a minute: another copy of the game
        may be writing one right now)."""
        now = time.time()
        for p in temps:
            try:
                if now - os.lstat(p).st_mtime >= older_than:
                    os.unlink(p)
            except OSError as e:
                log.info("card cache: leftover %s not removed (%s)", p, e)


__all__ = ["FORMAT", "MAX_SETS", "CardCache", "art_key", "decode", "encode", "file_name",
           "real_folder"]
