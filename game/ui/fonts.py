"""Font files and per-script font choice (TABLE.md §2).

SDL_ttf has no glyph fallback, so each piece of text must be drawn with a font that has its
glyphs: Noto Sans for Latin and Cyrillic (incl. Ukrainian і ї є ґ), Noto Sans JP for kana and
kanji (it lacks the Ukrainian letters). Mixed labels such as "三本 Sanbon · Triplet" are split
into runs (`split_runs`) and each run is drawn with its own font (`render_text`).

The files are the ones pygame_gui ships, loaded by path (never SysFont/Font(None)) so the look
is the same on every machine; their OFL licences are in art/LICENSES/.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

import pygame

from game.resources import resource_dir

Script = Literal["latin", "japanese"]
LATIN: Script = "latin"
JAPANESE: Script = "japanese"

# (script, bold) -> file name inside pygame_gui/data. A PyInstaller spec may keep only these.
FONT_FILES: dict[tuple[Script, bool], str] = {
    (LATIN, False): "NotoSans-Regular.ttf",
    (LATIN, True): "NotoSans-Bold.ttf",
    (JAPANESE, False): "NotoSansJP-Regular.otf",
    (JAPANESE, True): "NotoSansJP-Bold.otf",
}

# Code points drawn with Noto Sans JP: CJK punctuation (、。「」), kana (incl. ・ ー),
# ideographs and full-width forms.
_JAPANESE_RANGES: tuple[tuple[int, int], ...] = (
    (0x3000, 0x30FF),
    (0x31F0, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFF00, 0xFFEF),
    (0x20000, 0x2FA1F),
)

# TABLE.md §2 roles: (size in fs = window height / 40, minimum px, bold).
ROLES: dict[str, tuple[float, int, bool]] = {
    "title": (3.2, 40, True),
    "heading": (1.6, 22, True),
    "panel_title": (1.3, 18, True),
    "body": (1.0, 15, False),
    "small": (0.82, 13, False),
    "number": (1.0, 15, True),
}


def char_script(ch: str) -> Script | None:
    """Script of one character; None for neutral ones (spaces, digits, punctuation)."""
    code = ord(ch)
    if code == 0x2212:  # pygame_gui's Noto Sans draws the minus sign as a short hyphen
        return JAPANESE  # Noto Sans JP's is as wide as "+", so "−98" reads as minus 98
    for low, high in _JAPANESE_RANGES:
        if low <= code <= high:
            return JAPANESE
    return LATIN if ch.isalpha() else None


def script_of(text: str) -> Script:
    """'japanese' if the text holds any kana/kanji/CJK punctuation, else 'latin'.

    Pure, for choosing one font for a whole label. Text that mixes Japanese with Cyrillic
    or accented Latin must go through `split_runs` / `render_text` instead.
    """
    return JAPANESE if any(char_script(ch) == JAPANESE for ch in text) else LATIN


def split_runs(text: str) -> list[tuple[Script, str]]:
    """Split text into (script, run) pieces; neutral characters join the run before them."""
    runs: list[tuple[Script, str]] = []
    pending = ""  # neutral characters before the first scripted one
    for ch in text:
        script = char_script(ch)
        if not runs:
            if script is None:
                pending += ch
            else:
                runs.append((script, pending + ch))
                pending = ""
        elif script is None or script == runs[-1][0]:
            runs[-1] = (runs[-1][0], runs[-1][1] + ch)
        else:
            runs.append((script, ch))
    if pending:
        runs.append((LATIN, pending))
    return runs


@functools.cache
def font_dir() -> Path:
    """pygame_gui's data folder, installed or in a frozen bundle (game.resources)."""
    return resource_dir("pygame_gui.data", holding=FONT_FILES[(LATIN, False)])


def font_path(script: Script, bold: bool = False) -> Path:
    """Path of the font file for `script` ('latin' or 'japanese')."""
    try:
        return font_dir() / FONT_FILES[(script, bool(bold))]
    except KeyError:
        raise ValueError(f"unknown script {script!r}") from None


def role_size(role: str, window_height: int, ui_scale: float = 1.0) -> tuple[int, bool]:
    """(pixel size, bold) of a TABLE.md §2 text role at this window height and UI scale."""
    factor, minimum, bold = ROLES[role]
    return max(minimum, round(factor * window_height / 40.0 * ui_scale)), bold


def get_font(path_or_script: str | Path, size: int, bold: bool = False) -> pygame.font.Font:
    """Cached Font for a script name ('latin'/'japanese', honouring `bold`) or a file path."""
    if path_or_script in (LATIN, JAPANESE):
        path = font_path(path_or_script, bold)  # type: ignore[arg-type]
    else:
        path = Path(path_or_script)
    return _load_font(path, max(1, int(size)))


@functools.lru_cache(maxsize=64)
def _load_font(path: Path, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(path, size)


def font_for(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font for a single-script label (see `script_of`)."""
    return get_font(script_of(text), size, bold)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height `render_text` will produce, without rendering (for layout, wrapping)."""
    fonts = [(get_font(s, size, bold), run) for s, run in split_runs(text)] or [
        (get_font(LATIN, size, bold), "")]
    ascent = max(f.get_ascent() for f, _ in fonts)
    descent = max(-f.get_descent() for f, _ in fonts)
    return sum(f.size(run)[0] for f, run in fonts), ascent + descent


def render_text(text: str, size: int, color: pygame.typing.ColorLike, bold: bool = False,
                antialias: bool = True) -> pygame.Surface:
    """Render a possibly mixed-script label run by run, on a shared baseline."""
    fonts = [(get_font(s, size, bold), run) for s, run in split_runs(text)] or [
        (get_font(LATIN, size, bold), "")]
    width, height = text_size(text, size, bold)
    ascent = max(f.get_ascent() for f, _ in fonts)
    surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for font, run in fonts:
        if run:
            image = font.render(run, antialias, color)
            surface.blit(image, (x, ascent - font.get_ascent()))
            x += image.get_width()
    return surface
