"""Seat names and seat kinds as they come from a player's keyboard or a file.

A name is drawn on the table every frame, so it must be short and must render: characters
that draw nothing (zero-width spaces, joiners, byte-order marks, controls, lone surrogates,
variation selectors on their own) make SDL_ttf fail with "Text has zero width", and a
thousand-character name costs time at every frame. `clean_name` is the one gate: the setup
field, the saved game and the settings all pass through it (what is drawable is decided
once, in game.text). A kind is ``human`` or ``ai:<id>`` of a computer player that exists.
"""

from __future__ import annotations

import unicodedata

import ai
from game.i18n import _
from game.text import clean_typed

MAX_NAME = 16  # characters; the setup field holds as many


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


__all__ = ["MAX_NAME", "clean_name", "clean_typed", "kind_problem"]  # clean_typed: game.text
