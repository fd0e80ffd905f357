"""Drawable text: the one home for "what may reach the font renderer".

SDL_ttf raises on text that draws nothing ("Text has zero width": a zero-width space, a
joiner, a byte-order mark), fails on NUL and on lone surrogates, and a thousand-character
string costs time at every frame. Text a player types (`clean_typed`, used by the seat name
fields and the Records path fields through game.ui.safe_input) and text read from a file
(`clean_line`: notes beside a record, names and ids from the statistics, file names) all
pass through here, so one rule decides what is drawable. No pygame here.
"""

from __future__ import annotations

import unicodedata

# Default-ignorable code points (Unicode DerivedCoreProperties) that are not in category
# Cf: they render with no width of their own.
_IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                     (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                     (0xE0100, 0xE01EF))
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def drawable(ch: str) -> bool:
    """True for a character that draws something (not a control, format character,
    surrogate, private-use or unassigned code point, nor a default-ignorable one)."""
    cp = ord(ch)
    if any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES):
        return False
    return unicodedata.category(ch) not in _DROPPED_CATEGORIES


def clean_typed(text: str) -> str:
    """What may enter a text field from the keyboard: drawable characters, and any kind of
    space or line break as one plain space."""
    out = []
    for ch in text:
        if unicodedata.category(ch) in ("Zs", "Zl", "Zp") or ch in "\t\r\n":
            out.append(" ")
        elif drawable(ch):
            out.append(ch)
    return "".join(out)


def clean_line(value: object, limit: int = 200, fallback: str = "") -> str:
    """Text from a file as one drawable line: drawable characters only, spaces collapsed,
    at most `limit` characters (an ellipsis marks a cut); `fallback` when nothing drawable
    is left or the value is not text at all."""
    if not isinstance(value, str):
        return fallback
    text = " ".join(clean_typed(value[:limit * 4]).split())
    if len(text) > limit:
        text = text[:limit - 1].rstrip() + "…"
    return text or fallback


def file_name_words(name: str, limit: int = 200) -> str:
    """A file name as the player can read it: bytes that are not UTF-8 (a Latin-1 name
    on Linux reaches Python as lone surrogates) shown as the replacement character �."""
    try:
        raw = name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no file system byte maps to
        raw = name.encode("utf-8", "replace")
    return clean_line(raw.decode("utf-8", "replace"), limit, fallback="�")


__all__ = ["clean_line", "clean_typed", "drawable", "file_name_words"]
