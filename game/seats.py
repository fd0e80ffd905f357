"""Seat names and seat kinds as they come from a player's keyboard or a file.

A name is drawn on the table every frame, so it must be short and must render: characters
that draw nothing (zero-width spaces, joiners, byte-order marks, controls, lone surrogates,
variation selectors on their own) make SDL_ttf fail with "Text has zero width", and a
thousand-character name costs time at every frame. `clean_name` is the one gate: the setup
field, the saved game and the settings all pass through it. A kind is ``human`` or
``ai:<id>`` of a computer player that exists.
"""

from __future__ import annotations

import unicodedata

import ai
from game.i18n import _

MAX_NAME = 16  # characters; the setup field holds as many

# Default-ignorable code points (Unicode DerivedCoreProperties) that are not in category
# Cf: they render with no width of their own.
_IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                     (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
                     (0xE0100, 0xE01EF))
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def _drawable(ch: str) -> bool:
    cp = ord(ch)
    if any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES):
        return False
    return unicodedata.category(ch) not in _DROPPED_CATEGORIES


def clean_typed(text: str) -> str:
    """What may enter a name field from the keyboard: drawable characters, and any kind of
    space or line break as one plain space."""
    out = []
    for ch in text:
        if unicodedata.category(ch) in ("Zs", "Zl", "Zp") or ch in "\t\r\n":
            out.append(" ")
        elif _drawable(ch):
            out.append(ch)
    return "".join(out)


def clean_name(name: object, fallback: str) -> str:
    """A name that renders: drawable characters only, spaces collapsed, at most MAX_NAME
    characters; `fallback` when nothing drawable is left (or it is not text at all)."""
    if not isinstance(name, str):
        return fallback
    text = " ".join(clean_typed(unicodedata.normalize("NFC", name[:MAX_NAME * 8])).split())
    text = text[:MAX_NAME].rstrip()
    if not any(not unicodedata.category(ch).startswith(("M", "Z")) for ch in text):
        return fallback
    return text


def kind_problem(kind: object) -> str | None:
    """None for ``human`` or ``ai:<a known computer player>``; else what is wrong."""
    if kind == "human":
        return None
    if isinstance(kind, str) and kind.startswith("ai:"):
        if kind[3:] in ai.AGENTS or kind[3:].lower() in {lv.lower() for lv, _, _ in ai.LEVELS}:
            return None
        return _("unknown computer player {name}").format(name=repr(kind[3:][:40]))
    return _("a seat is neither human nor a computer player ({kind})").format(
        kind=repr(str(kind)[:40]))


__all__ = ["MAX_NAME", "clean_name", "clean_typed", "kind_problem"]
