"""Palette, type sizes and text of TABLE.md §2-§3: fitting, wrapping and drawing words, the
panels and the focus ring every screen shares.

The buttons (`Button`, `ButtonGroup`) live in game.ui.buttons, one widget module as in
pygame_gui; they are still importable from here for one release (see `__getattr__`), so a
branch written before the move keeps working.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import NamedTuple

import pygame

from game.play.numbers import amount
from game.ui import fonts, palette
from game.ui.palette import (  # noqa: F401 - the chrome's colours, re-exported
    ALERT,
    FELT,
    GAIN,
    GOLD,
    INK,
    LOSS,
    MATCH,
    PANEL,
    PANEL_ALPHA,
    PANEL_LINE,
    TEXT,
    TEXT_DIM,
    TEXT_OFF,
    WHITE,
)


def set_high_contrast(on: bool) -> None:
    """Switch the chrome to the high-contrast palette (or back), live: every colour below is
    read when drawn, so the next frame shows it."""
    globals().update(palette.use(on))
    _panel_fill.cache_clear()


def high_contrast() -> bool:
    return palette.high_contrast()


# The UI scale in percent (TABLE.md §2: 100–200 %), set by App.apply_settings from the
# setting or, when the player has not chosen one, from the display's DPI.
UI_SCALE_MIN, UI_SCALE_MAX, UI_SCALE_DEFAULT = 100, 200, 100
_ui_scale = UI_SCALE_DEFAULT


def ui_scale() -> int:
    """The UI scale in use, in percent."""
    return _ui_scale


def set_ui_scale(percent: int) -> int:
    """Use `percent` (clamped to 100–200, rounded to the nearest 10); returns it. Drawn text
    is cached per size, so a new scale simply renders new sizes."""
    global _ui_scale
    _ui_scale = clamp_scale(percent)
    return _ui_scale


def clamp_scale(percent: float) -> int:
    return int(min(UI_SCALE_MAX, max(UI_SCALE_MIN, round(percent / 10) * 10)))


def display_dpi(display: int = 0) -> float | None:
    """The display's DPI from SDL (SDL_GetDisplayDPI, which pygame-ce does not wrap: called
    through ctypes in the SDL library pygame loaded); None when unknown."""
    import ctypes
    import glob
    import os
    import sys

    here = os.path.dirname(pygame.__file__)
    names = (glob.glob(os.path.join(here, "SDL2.dll")) if sys.platform == "win32" else
             glob.glob(os.path.join(here, ".dylibs", "libSDL2*.dylib"))
             + glob.glob(os.path.join(here + "_ce.libs", "libSDL2-*.so*"))
             + glob.glob(os.path.join(os.path.dirname(here), "pygame_ce.libs", "libSDL2-*.so*")))
    for name in names:
        try:
            sdl = ctypes.CDLL(name)
            d, h, v = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
            if sdl.SDL_GetDisplayDPI(display, ctypes.byref(d), ctypes.byref(h),
                                     ctypes.byref(v)) == 0 and 30 < d.value < 1000:
                return float(d.value)
        except (OSError, AttributeError, ValueError):
            continue
    return None


def default_ui_scale() -> int:
    """The scale when the player has not chosen one: 96 dpi = 100 %, rounded to 10 %."""
    dpi = display_dpi()
    return clamp_scale(100 * dpi / 96) if dpi else UI_SCALE_DEFAULT


# Text grows with the UI scale up to this share of the design size (fs = H / 40). The
# table's text bands grow with the text and its cards take what remains (layout.py), the
# title's menu goes to two columns: every screen holds text at 200 % (issue 15). Settings
# says so ("text stops at …") if this is ever set below UI_SCALE_MAX again.
TEXT_ROOM = UI_SCALE_MAX


def effective_scale() -> int:
    """The scale text is drawn at: the chosen one, up to TEXT_ROOM."""
    return min(_ui_scale, TEXT_ROOM)


_table_scale: float | None = None  # set while the table draws (table_text)


@contextlib.contextmanager
def table_text(scale: float) -> Iterator[None]:
    """Inside this block text roles are sized at most at `scale` (the table layout's
    `Layout.text`): the table is the one screen whose text competes with cards for room,
    so its layout decides how far the text grows (issue 23), and whatever draws on the
    table (decision panel, hints, tooltips, docked overlays) follows it."""
    global _table_scale
    before = _table_scale
    _table_scale = scale
    try:
        yield
    finally:
        _table_scale = before


def size_of(role: str, height: int) -> int:
    """Pixel size of a TABLE.md §2 text role at this window height, times the UI scale
    (or the table's text scale while the table draws)."""
    scale = effective_scale() / 100
    if _table_scale is not None:
        scale = min(scale, _table_scale)
    return fonts.role_size(role, height, scale)[0]


def min_size(role: str) -> int:
    """The smallest size a role may shrink to when a label must fit (TABLE.md §2)."""
    return fonts.ROLES[role][1]


# Symbols Noto Sans lacks but Noto Sans JP has (arrows, triangles, ≡, ✓, ⏎).
JP_SYMBOLS = frozenset("▲▼⏎▶≡←→↑↓✓")


def _segments(s: str) -> list[tuple[bool, str]]:
    out: list[tuple[bool, str]] = []
    for ch in s:
        sym = ch in JP_SYMBOLS
        if out and out[-1][0] == sym:
            out[-1] = (sym, out[-1][1] + ch)
        else:
            out.append((sym, ch))
    return out


DRAWN: set[str] | None = None  # when a set: every text drawn is added (the pseudo check)
ELIDED: list[str] | None = None  # when a list: every text cut with "…" (the clipping check)


def _elided(s: str, out: str) -> None:
    """Record `s` when it was shortened to `out` (the no-clipping test, issue 15)."""
    if ELIDED is not None and out != s and out.endswith("…"):
        ELIDED.append(s)


def text(s: str, size: int, color: tuple | None = None, bold: bool = False) -> pygame.Surface:
    """Rendered mixed-script text, cached (labels repeat every frame); `TEXT` by default."""
    if DRAWN is not None:
        DRAWN.add(s)
    return _text(s, size, TEXT if color is None else tuple(color), bold)


@functools.lru_cache(maxsize=2048)
def _text(s: str, size: int, color: tuple, bold: bool) -> pygame.Surface:
    """Rendered mixed-script text, cached (labels repeat every frame).

    Symbols that only Noto Sans JP carries are drawn with it, the rest by script runs.
    """
    segs = _segments(s)
    if not any(sym for sym, _ in segs):
        return fonts.render_text(s, size, color, bold)
    jp = fonts.get_font(fonts.JAPANESE, size, bold)
    parts = [jp.render(run, True, color) if sym else fonts.render_text(run, size, color, bold)
             for sym, run in segs]
    h = max(p.get_height() for p in parts)
    surf = pygame.Surface((sum(p.get_width() for p in parts), h), pygame.SRCALPHA)
    x = 0
    for p in parts:
        surf.blit(p, (x, (h - p.get_height()) // 2))
        x += p.get_width()
    return surf


def text_width(s: str, size: int, bold: bool = False) -> int:
    """Width of `s` drawn (measuring is not drawing: DRAWN does not record it)."""
    return _text(s, size, tuple(TEXT), bold).get_width()


def signed(v: int) -> str:
    """Gains and losses by sign and arrow as well as colour (TABLE.md §3)."""
    if v > 0:
        return f"▲ {amount(v, sign=True)}"
    if v < 0:
        return f"▼ {amount(v)}"
    return "0"


def signed_color(v: int) -> tuple[int, int, int]:
    return GAIN if v > 0 else LOSS if v < 0 else TEXT_DIM


def _max_chars(size: int, width: int) -> int:
    """More characters than this cannot fit in `width` (no glyph that draws anything is
    narrower than a fifth of the type size), so longer text is never rendered whole."""
    return max(0, width) // max(1, size // 5) + 1


def _fits(s: str, size: int, width: int, bold: bool) -> bool:
    return len(s) <= _max_chars(size, width) and text_width(s, size, bold) <= width


def _longest_prefix(s: str, size: int, width: int, bold: bool, suffix: str = "") -> int:
    """The most characters of `s` that fit in `width` followed by `suffix`: a binary search,
    so a long text costs O(log n) renders of bounded length (issue 12: linear, not
    quadratic, in the length of a name)."""
    lo, hi = 0, min(len(s), _max_chars(size, width))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(s[:mid] + suffix, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s`, or its longest beginning that fits `width` pixels with an ellipsis."""
    out = _fit(s, size, width, bold)
    _elided(s, out)
    return out


@functools.lru_cache(maxsize=1024)
def _fit(s: str, size: int, width: int, bold: bool = False) -> str:
    if _fits(s, size, width, bold):
        return s
    return s[:_longest_prefix(s, size, width, bold, "…")] + "…"


# Japanese line breaking (kinsoku shori, TABLE.md §2): no line starts with closing
# punctuation, the prolonged-sound mark or a small kana; no line ends with an opening bracket.
NO_LINE_START = frozenset("、。，．・ー」）』】〕！？：；…‥ヽヾゝゞ々"
                          "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ)]}!?,.:;%")
NO_LINE_END = frozenset("「（『【〔([{")


def _is_cjk(ch: str) -> bool:
    """A character after which a Japanese line may break (kana, kanji, CJK punctuation)."""
    code = ord(ch)
    return any(low <= code <= high for low, high in fonts._JAPANESE_RANGES)


def _units(para: str) -> list[tuple[str, str]]:
    """(space before, text) pieces a line may break between: Latin and Cyrillic words whole,
    Japanese per character, with the no-break rules gluing punctuation to its neighbour."""
    raw: list[tuple[str, str]] = []
    sep, word = "", ""
    for ch in para:
        if ch == " ":
            if word:
                raw.append((sep, word))
                sep, word = "", ""
            sep += ch
        elif _is_cjk(ch):
            if word:
                raw.append((sep, word))
                sep, word = "", ""
            raw.append((sep, ch))
            sep = ""
        else:
            word += ch
    if word:
        raw.append((sep, word))
    out: list[tuple[str, str]] = []
    glue_next = False
    for sp, piece in raw:
        if out and (glue_next or (not sp and piece[0] in NO_LINE_START)):
            out[-1] = (out[-1][0], out[-1][1] + sp + piece)
        else:
            out.append((sp, piece))
        glue_next = piece[-1] in NO_LINE_END
    return out


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy wrap by pixel width: Latin and Cyrillic at spaces, Japanese between any two
    characters except where the no-break rules forbid it; a piece wider than a line is cut."""
    return list(_wrap(s, size, width, bold))


@functools.lru_cache(maxsize=4096)
def _wrap(s: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for sep, piece in _units(para):
            cand = f"{line}{sep}{piece}" if line else piece
            if not line or _fits(cand, size, width, bold):
                line = cand
            else:
                out.append(line)
                line = piece
            while len(line) > 1 and not _fits(line, size, width, bold):
                cut = max(1, _longest_prefix(line, size, width, bold))
                out.append(line[:cut])
                line = line[cut:]
        out.append(line)
    return tuple(out)


def line_step(size: int) -> int:
    """Distance between the lines of a wrapped label (tighter than body text: it must fit
    two lines in a button)."""
    return round(size * 1.15)


def _split_word(lines: tuple[str, ...] | list[str]) -> bool:
    """True when a wrap cut a Latin or Cyrillic word in two (worse than a smaller size)."""
    return any(a and b and a[-1].isalpha() and b[0].isalpha() and not _is_cjk(a[-1])
               and not _is_cjk(b[0]) for a, b in zip(lines, lines[1:], strict=False))


def fit_label(s: str, size: int, width: int, height: int | None = None, max_lines: int = 2,
              bold: bool = False, minimum: int = 15) -> tuple[int, tuple[str, ...]]:
    """(size, lines) for a label that must fit `width` (and `height`): one line at `size` or
    smaller down to `minimum`; else up to `max_lines` whole-word lines at the largest size
    that allows them; only then the last line ends with "…". Never clipped (issue 15)."""
    sz, lines = _fit_label(s, size, width, height, max_lines, bold, minimum)
    if lines and not s.endswith(lines[-1]):
        _elided(s, lines[-1])
    return sz, lines


KEYS_SEP = " · "  # between the keys of a keys line ("1 Join · 2 Drop out · Enter = 1")


def fit_keys(s: str, size: int, width: int, minimum: int = 12) -> tuple[int, list[str]]:
    """(size, lines) for a keys line (a footer saying what each key does): one line at
    `size` or smaller down to `minimum`; else, at `size`, broken only between its keys
    (at " · "), so no key is parted from its meaning (issue 45: "Enter =" / "1"). A key
    wider than the line alone is wrapped."""
    for sz in range(size, min(size, minimum) - 1, -1):
        if text_width(s, sz) <= width:
            return sz, [s]
    lines: list[str] = []
    for piece in s.split(KEYS_SEP):
        joined = lines[-1] + KEYS_SEP + piece if lines else piece
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines.extend(wrap(piece, size, width))
    return size, lines


@functools.lru_cache(maxsize=2048)
def _fit_label(s: str, size: int, width: int, height: int | None = None, max_lines: int = 2,
               bold: bool = False, minimum: int = 15) -> tuple[int, tuple[str, ...]]:
    minimum = max(1, min(size, minimum))
    sizes = range(size, minimum - 1, -1)
    for sz in sizes:
        if _fits(s, sz, width, bold):
            return sz, (s,)

    def room(sz: int) -> int:
        return max_lines if height is None else max(1, min(max_lines, height // line_step(sz)))

    for sz in sizes:
        lines = _wrap(s, sz, width, bold)
        if len(lines) <= room(sz) and not _split_word(lines):
            return sz, lines
    n = room(minimum)
    lines = _wrap(s, minimum, width, bold)
    if len(lines) <= n and not _split_word(lines):
        return minimum, lines
    head, rest = list(lines[:n - 1]), s.replace("\n", " ")
    for ln in head:  # the wrapped lines are pieces of `s` in order, spaces dropped at breaks
        rest = rest[rest.find(ln) + len(ln):].lstrip(" ")
    return minimum, (*head, _fit(rest, minimum, width, bold))


def blit_text(surface: pygame.Surface, s: str, size: int, pos: tuple[int, int],
              color: tuple | None = None, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    img = text(s, size, color, bold)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int | None = None,
          line: tuple | None = None, radius: int = 6) -> None:
    """A `panel` rectangle with its border: 1 px, 2 px and lighter in high contrast."""
    if rect.w <= 0 or rect.h <= 0:
        return
    alpha = PANEL_ALPHA if alpha is None else alpha
    if high_contrast():
        alpha = max(alpha, PANEL_ALPHA)
    surface.blit(_panel_fill(rect.size, alpha, radius), rect)
    edge = PANEL_LINE if line is None or (high_contrast() and line == palette.STANDARD[
        "PANEL_LINE"]) else line
    pygame.draw.rect(surface, edge, rect, 2 if high_contrast() else 1, border_radius=radius)


@functools.lru_cache(maxsize=128)
def _panel_fill(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*PANEL, alpha), s.get_rect(), border_radius=radius)
    return s


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 6) -> None:
    """2 px white ring, 1 px ink outside it, 3 px outside the widget (TABLE.md §6.3)."""
    pygame.draw.rect(surface, INK, rect.inflate(12, 12), 1, border_radius=radius + 5)
    pygame.draw.rect(surface, WHITE, rect.inflate(10, 10), 2, border_radius=radius + 4)


class Frame(NamedTuple):
    """A full-screen page's frame: its panel, text origin and width, and the type sizes."""

    rect: pygame.Rect
    x: int
    y: int
    width: int
    head: int
    body: int
    small: int


def framed_page(surface: pygame.Surface, title: str) -> Frame:
    """Felt, a gold-lined panel and the page title: the opening every full-screen list page
    (statistics, history) shares."""
    W, H = surface.get_size()
    surface.fill(FELT)
    head, body, small = size_of("heading", H), size_of("body", H), size_of("small", H)
    rect = pygame.Rect(20, 16, W - 40, H - 32)
    panel(surface, rect, line=GOLD)
    x, y = rect.x + 24, rect.y + 16
    blit_text(surface, title, head, (x, y), GOLD, True)
    return Frame(rect, x, y, rect.w - 48, head, body, small)


def gui_prewrap(html: str, size: int, width: int) -> str:
    """`html` for a pygame_gui text box with line breaks (<br>) already placed where our
    wrap puts them, for text with Japanese in it: pygame_gui breaks lines only at spaces,
    so a Japanese sentence would be cut anywhere with a hyphen (TABLE.md §2). Tags (<b>,
    <i>, <br>) are kept; other text is returned as it is."""
    if not any(fonts.char_script(ch) == fonts.JAPANESE and ch != "\u2212" for ch in html):
        return html
    out: list[str] = []
    for para in html.split("<br>"):
        plain, where = [], []  # the text without tags, and each character's place in para
        i = 0
        while i < len(para):
            if para[i] == "<" and ">" in para[i:]:
                i = para.index(">", i) + 1
                continue
            plain.append(para[i])
            where.append(i)
            i += 1
        lines = wrap("".join(plain), size, width)
        cuts, count = set(), 0
        for line in lines[:-1]:
            count += len(line)
            if count < len(where):
                cuts.add(where[count])
            # a break at a space drops the space from the next line
            while count < len(plain) and plain[count] == " ":
                count += 1
        out.append("".join(("<br>" + ch if k in cuts else ch) for k, ch in enumerate(para)))
    return "<br>".join(out)


def __getattr__(name: str) -> object:
    """`theme.Button` and `theme.ButtonGroup`, moved to game.ui.buttons: still found here for
    one release (imported when asked for, as game.ui.buttons itself imports this module)."""
    if name in ("Button", "ButtonGroup"):
        from game.ui import buttons

        return getattr(buttons, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
