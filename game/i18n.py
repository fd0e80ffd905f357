"""The player's language (issue 15): English, 日本語, Français, Українська.

Every string a player sees goes through here: `_("text")`, `ngettext(one, many, n)` for
counts (Ukrainian has three forms, Japanese one), `pgettext(context, text)` where one English
word means two things. Words that are defined before a language is chosen (tables of names,
the engine's curriculum texts) are marked with `N_` and translated where they are shown, so
switching the language in Settings changes every screen at its next frame. `N_` has one home,
`game.engine.vocab` (the engine and the AIs may not import this module); it is re-exported
here so the UI takes every marker from one place.

Catalogs are `game/locale/<code>.po`, read at start-up by `game.po` (standard library only).
English is the source language and needs no catalog. A missing or damaged catalog logs the
problem and leaves the game in English: a player never sees a traceback for it.

Placeholders are `str.format` fields with names (`_("{name} plays")`), so a translation can
move them; the catalog test checks that each translation keeps the same fields.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import locale
import logging
import os
from collections.abc import Iterator, Mapping

from game import po
from game.engine.vocab import N_  # the one marker (see above), in __all__
from game.resources import resource_dir

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "fr": "Français",
                             "uk": "Українська"}
SOURCE = "en"
PSEUDO = "qps"  # a test language: every translated message drawn with accented letters
DOMAIN_FOLDER = ("locale",)

_current = SOURCE
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """The message in the player's language (English when it has no translation)."""
    return _catalog.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for `n` in the player's language (English's form
    for a count the catalog's plural rule fails on: game.po probes the usual counts)."""
    try:
        return _catalog.ngettext(singular, plural, n)
    except (ArithmeticError, ValueError, KeyError, IndexError):
        return singular if n == 1 else plural


def pgettext(context: str, message: str) -> str:
    """A message whose meaning depends on `context` (e.g. "reading" for a term's kana)."""
    return _catalog.pgettext(context, message)


def language() -> str:
    """The code of the language in use ("en", "ja", "fr", "uk")."""
    return _current


def has_catalog() -> bool:
    """True when the language in use reads its own catalog (False for English, and for a
    language whose catalog was missing or damaged and fell back to English)."""
    return type(_catalog) is not gettext.NullTranslations


def is_japanese() -> bool:
    return _current == "ja"


@functools.cache
def catalog_entries(code: str) -> tuple[po.Entry, ...]:
    """The parsed catalog of a language (cached); po.PoError or OSError if unreadable.
    Read through game.files like every file (only a regular file, bounded in size)."""
    from game import files  # game.files marks its own words with this module's _()

    folder = resource_dir("game", *DOMAIN_FOLDER, holding=f"{code}.po")
    try:
        raw = files.read_bytes(folder / f"{code}.po", po.MAX_BYTES)
    except files.FileRejected as e:
        raise po.PoError(f"{code}.po: {e}") from None
    return tuple(po.parse(raw.decode("utf-8")))


_PSEUDO_MAP = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķĺɱñóƥǫŕśţúʋŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŚŢÚƲŴẊÝŽ")


def pseudo(message: str) -> str:
    """`message` with every ASCII letter accented, outside its {placeholders}."""
    out, depth = [], 0
    for ch in message:
        depth += ch == "{"
        out.append(ch if depth else ch.translate(_PSEUDO_MAP))
        depth -= ch == "}" and depth > 0
    return "".join(out)


class _Pseudo(gettext.NullTranslations):
    """The test language: every message that went through the catalog is drawn with
    accented letters, so plain ASCII letters on screen were never marked for translation
    (`python -m game.messages pseudo` lists them)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


def load(code: str) -> gettext.NullTranslations:
    """The translations of `code`; English (no translation) if its catalog is missing or
    damaged, with the reason logged."""
    if code == PSEUDO:
        return _Pseudo()
    if code == SOURCE or code not in LANGUAGES:
        return gettext.NullTranslations()
    try:
        return po.translations(list(catalog_entries(code)))
    except (OSError, UnicodeDecodeError, po.PoError) as e:
        log.error("language %s: catalog unreadable (%s); English is used", code, e)
        return gettext.NullTranslations()
    except Exception as e:  # whatever a catalog holds, the game starts (in English)
        log.error("language %s: catalog unusable (%s: %s); English is used", code,
                  type(e).__name__, e)
        return gettext.NullTranslations()


def set_language(code: str) -> str:
    """Switch every later `_()` to `code` (unknown codes: English); returns the code in use."""
    global _current, _catalog
    code = code if code in LANGUAGES or code == PSEUDO else SOURCE
    _catalog = load(code)
    _current = code
    return code


_loaded: dict[str, gettext.NullTranslations] = {}


@contextlib.contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Every `_()` in `code` for the duration, then the language in use again (the party
    mode renders each phone's words in its own language, on the host's one thread)."""
    global _current, _catalog
    if not code or code not in LANGUAGES or code == _current:
        yield
        return
    saved = _current, _catalog
    if code not in _loaded:
        _loaded[code] = load(code)
    _current, _catalog = code, _loaded[code]
    try:
        yield
    finally:
        _current, _catalog = saved


def detect(environ: Mapping[str, str] | None = None) -> str:
    """The system's language if we speak it, else English: LANGUAGE, LC_ALL, LC_MESSAGES
    and LANG (POSIX), then the locale Python reports (Windows, macOS)."""
    env = os.environ if environ is None else environ
    names = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            names.extend(value.split(":"))
    if environ is None:
        try:
            names.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    for name in names:
        code = name.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
        code = {"japanese": "ja", "french": "fr", "ukrainian": "uk"}.get(code, code)
        if code in LANGUAGES:
            return code
    return SOURCE


__all__ = ["LANGUAGES", "N_", "_", "detect", "has_catalog", "is_japanese", "language", "load",
           "ngettext", "pgettext", "set_language", "speaking"]
