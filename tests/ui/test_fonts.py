"""Fonts: script detection, per-script font choice, files and licences present."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import fonts
from game.ui.fonts import JAPANESE, LATIN, font_for, get_font, script_of, split_runs

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("text", "script"), [
    ("Hachi-Hachi", LATIN),
    ("Éclair, déjà vu", LATIN),
    ("Привіт, їжак", LATIN),
    ("八八", JAPANESE),
    ("はちはち", JAPANESE),
    ("サンボン", JAPANESE),
    ("「三本」", JAPANESE),
    ("1 200 · ×4", LATIN),
    ("", LATIN),
])
def test_script_of(text: str, script: str) -> None:
    assert script_of(text) == script


def test_split_runs_of_a_mixed_label() -> None:
    assert split_runs("三本 Sanbon · Тріплет") == [(JAPANESE, "三本 "), (LATIN, "Sanbon · Тріплет")]
    assert split_runs("  八八!") == [(JAPANESE, "  八八!")]
    assert split_runs("12") == [(LATIN, "12")]
    assert split_runs("") == []


def _has_glyphs(font: pygame.font.Font, text: str) -> bool:
    """True when no character renders as the font's 'missing glyph' box."""
    def image(ch: str) -> bytes:
        return pygame.image.tobytes(font.render(ch, True, "white", "black"), "RGB")

    missing = image("\ue000")  # private use: drawn as .notdef
    return all(image(ch) != missing for ch in text if not ch.isspace())


@pytest.mark.parametrize("text", ["Hachi-Hachi", "Привіт, їжак", "八八", "三本 さんぼん"])
def test_font_for_has_every_glyph(text: str) -> None:
    font = font_for(text, 20)
    assert font is get_font(script_of(text), 20)
    assert _has_glyphs(font, text)


def test_why_the_script_matters() -> None:
    # Noto Sans JP lacks Ukrainian letters and Noto Sans lacks kanji (GUIDE.md §4).
    assert not _has_glyphs(get_font(JAPANESE, 20), "ї")
    assert not _has_glyphs(get_font(LATIN, 20), "八")


def test_render_text_mixes_fonts() -> None:
    label = "三本 Sanbon · Тріплет"
    surface = fonts.render_text(label, 18, "black", bold=True)
    assert surface.get_size() == fonts.text_size(label, 18, bold=True)
    assert surface.get_width() > 100 and surface.get_bounding_rect().width > 100


def test_get_font_is_cached_and_accepts_paths() -> None:
    path = fonts.font_path(LATIN, bold=True)
    assert get_font(path, 16) is get_font(path, 16)
    assert get_font(LATIN, 16, bold=True) is not get_font(LATIN, 16)
    with pytest.raises(ValueError):
        fonts.font_path("klingon")  # type: ignore[arg-type]


def test_role_sizes_follow_the_table() -> None:
    assert fonts.role_size("body", 720) == (18, False)
    assert fonts.role_size("body", 1080) == (27, False)
    assert fonts.role_size("small", 480) == (13, False)  # minimum
    assert fonts.role_size("title", 720, ui_scale=2.0) == (115, True)


def test_every_font_file_and_licence_exists() -> None:
    for (script, bold), name in fonts.FONT_FILES.items():
        path = fonts.font_path(script, bold)
        assert path.name == name and path.is_file() and path.stat().st_size > 10_000
    licences = REPO / "art" / "LICENSES"
    sans = (licences / "NotoSans-OFL.txt").read_text(encoding="utf-8")
    jp = (licences / "NotoSansJP-OFL.txt").read_text(encoding="utf-8")
    for text in (sans, jp):
        assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert sans.startswith("Copyright 2022 The Noto Project Authors")
    assert jp.startswith("Copyright 2014-2021 Adobe") and "Reserved Font Name 'Source'" in jp
    readme = (licences / "README.md").read_text(encoding="utf-8")
    assert "NotoSansJP-OFL.txt" in readme and "MIT" in readme
