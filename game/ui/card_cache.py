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
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import struct
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

    @property
    def key(self) -> str:
        if self._key is None:
            from game.ui.cards import cache_key

            self._key = cache_key()
        return self._key

    def path(self, name: str, width: int, marks: bool, back: str) -> Path:
        return self.folder / self.key / str(width) / file_name(name, marks, back)

    def load(self, name: str, width: int, marks: bool, back: str,
             size: tuple[int, int]) -> pygame.Surface | None:
        """The stored card of `size`, or None (a miss: absent, damaged or unreadable)."""
        path = self.path(name, width, marks, back)
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
        try:
            files.replace_cache_file(path, encode(surface))
        except (OSError, pygame.error) as e:
            self.writable = False
            log.warning("card cache: cannot write %s (%s); cards are drawn at each start",
                        path, e)

    def tidy(self) -> int:
        """Remove other keys' folders, temporaries left by a killed writer, and all but the
        MAX_SETS width folders used last; returns how many folders went. Never raises."""
        removed = 0
        try:
            for entry in self.folder.iterdir():
                if entry.name != self.key and entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry, ignore_errors=True)
                    removed += 1
            current = self.folder / self.key
            if not current.is_dir():
                return removed
            sets = [p for p in current.iterdir() if p.is_dir() and not p.is_symlink()]
            files.clean_temp_files(*sets)
            sets.sort(key=lambda p: p.stat().st_mtime, reverse=True)
            for old in sets[MAX_SETS:]:
                shutil.rmtree(old, ignore_errors=True)
                removed += 1
        except OSError as e:
            log.info("card cache: not tidied (%s)", e)
        return removed


__all__ = ["FORMAT", "MAX_SETS", "CardCache", "art_key", "decode", "encode", "file_name"]
