"""Text that fits in every language (issue 15, TABLE.md §2): Japanese line breaking with the
no-break rules, long French and Ukrainian button labels that shrink, wrap and only then end
with "…", and real glyphs (no tofu) for every letter of a sentence in each language."""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import fonts, theme  # noqa: E402
from game.ui.buttons import Button  # noqa: E402

SENTENCES = {
    "en": "The dealer plays first; a yaku ends the round unless you call Shoubu!",
    "fr": "Le donneur joue en premier ; à la fin de la manche, chacun règle ses dettes "
          "(œuvre, façon, Noël, être, où, déjà, Ça, Île, Œil, « guillemets »).",
    "uk": "Ґанок, їжак і єнот грають у карти: Їжак, Євген і Ґудзик рахують очки — «Це гра!»",
    "ja": "親が最初に札を出します。役ができたら「勝負」か「下げ」を選びましょう！ぁぃっゃゅょー、"
          "青短・赤短・猪鹿蝶（いのしかちょう）",
}

NO_START = "、。，．・ー」）』！？ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ"
NO_END = "「（『"


@pytest.fixture(autouse=True, scope="module")
def _fonts():
    pygame.font.init()
    theme.set_ui_scale(100)
    yield


TOFU_PROBE = "\ue000"  # a private-use code point no Noto font draws: its box is the tofu


def has_glyph(font: pygame.font.Font, ch: str) -> bool:
    """True when `font` draws `ch` itself. SDL_ttf's metrics() are not None for a missing
    glyph (it measures the .notdef box), so the test also compares the drawing with the
    tofu box."""
    m = font.metrics(ch)[0]
    if m is None:
        return False
    tofu = font.render(TOFU_PROBE, True, (255, 255, 255))
    img = font.render(ch, True, (255, 255, 255))
    same = (m == font.metrics(TOFU_PROBE)[0] and img.get_size() == tofu.get_size()
            and pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(tofu, "RGBA"))
    return not same


@pytest.mark.parametrize("lang", sorted(SENTENCES))
def test_every_letter_has_a_glyph_in_the_font_its_run_uses(lang):
    sentence = SENTENCES[lang]
    checked = 0
    for script, run in fonts.split_runs(sentence):
        font = pygame.font.Font(fonts.font_path(script), 20)
        for ch in run:
            if ch.isspace():
                continue
            assert has_glyph(font, ch), f"{ch!r} (U+{ord(ch):04X}) is tofu in the {script} font"
            checked += 1
    assert checked == len(sentence.replace(" ", ""))


def test_ukrainian_letters_are_drawn_with_noto_sans_not_the_japanese_font():
    runs = fonts.split_runs("Їжак і єнот, Ґанок: 三本")
    assert runs[0][0] == fonts.LATIN and "Ї" in runs[0][1] and "Ґ" in runs[0][1]
    assert runs[-1] == (fonts.JAPANESE, "三本")
    jp = pygame.font.Font(fonts.font_path(fonts.JAPANESE), 20)
    latin = pygame.font.Font(fonts.font_path(fonts.LATIN), 20)
    assert not any(has_glyph(jp, ch) for ch in "іїєґЇЄҐ")  # why the split is needed
    assert all(has_glyph(latin, ch) for ch in "іїєґЇЄҐ")
    assert not has_glyph(latin, "三")  # and why Japanese runs use Noto Sans JP


JAPANESE = [
    "親が最初に札を出します。同じ月の札が場にあれば、それを取ることができます。",
    "役ができたら「勝負」か「下げ」を選びます。勝負すると、その回はすぐに終わります！",
    "ちょっと待ってください。キャンセルしますか？ショウブ、サゲ、ヤク、ギュッと。",
    "青短・赤短・猪鹿蝶（いのしかちょう）は出来役です。（注）一回だけ数えます。",
]


@pytest.mark.parametrize("width", [90, 130, 170, 230])
@pytest.mark.parametrize("sentence", JAPANESE)
def test_japanese_wraps_per_character_with_the_no_break_rules(sentence, width):
    lines = theme.wrap(sentence, 18, width)
    assert "".join(lines) == sentence  # nothing lost, no spaces added
    assert len(lines) > 1
    for i, line in enumerate(lines):
        assert theme.text_width(line, 18) <= width
        if i:
            assert line[0] not in NO_START, lines
        if i < len(lines) - 1:
            assert line[-1] not in NO_END, lines
    # per character: a line is full when the next unbreakable piece would not fit
    for line, nxt in zip(lines, lines[1:], strict=False):
        n = 1
        while n < len(nxt) and (nxt[n] in NO_START or nxt[n - 1] in NO_END):
            n += 1
        assert theme.text_width(line + nxt[:n], 18) > width, (line, nxt)


def test_mixed_japanese_and_latin_keeps_latin_words_whole():
    s = "三本 Sanbon は Triplet の意味で、Shiko と Ame-shiko は別の役です。"
    lines = theme.wrap(s, 18, 120)
    assert len(lines) > 2
    for w in ("Sanbon", "Triplet", "Shiko", "Ame-shiko"):  # each whole on one line
        assert any(w in line for line in lines), (w, lines)
    assert all(theme.text_width(line, 18) <= 120 for line in lines)


def test_latin_wraps_as_before():
    assert theme.wrap("one two three", 18, 1000) == ["one two three"]
    assert theme.wrap("a\nb", 18, 1000) == ["a", "b"]
    lines = theme.wrap("Le donneur joue en premier dans chaque manche", 18, 150)
    assert all(theme.text_width(ln, 18) <= 150 for ln in lines)
    assert " ".join(lines) == "Le donneur joue en premier dans chaque manche"


LONG_LABELS = [
    "Afficher de nouveau l'accueil",
    "Réinitialiser les paramètres",
    "Reprendre la partie enregistrée",
    "Показати привітання ще раз",
    "Продовжити збережену гру",
    "Статистика та історія",
]


def _draw(label: str, width: int, style: str = "secondary") -> tuple[pygame.Surface, Button]:
    surf = pygame.Surface((400, 120), pygame.SRCALPHA)
    b = Button(label, lambda: None, style)
    b.rect = pygame.Rect(10, 10, width, 38)
    theme.DRAWN = set()
    try:
        b.draw(surf, 18)
        return surf, b
    finally:
        drawn, theme.DRAWN = theme.DRAWN, None
        b.drawn = drawn  # type: ignore[attr-defined]


@pytest.mark.parametrize("label", LONG_LABELS)
@pytest.mark.parametrize("style", ["secondary", "primary"])
def test_long_labels_fit_their_button(label, style):
    width = 170
    bold = style == "primary"
    size, lines = theme.fit_label(label, 18, width - 12, 34, 2, bold, 15)
    assert 15 <= size <= 18 and 1 <= len(lines) <= 2
    assert all(theme.text_width(ln, size, bold) <= width - 12 for ln in lines)
    if len(lines) == 2 or size < 18:  # too long for one line at 18 px
        assert theme.text_width(label, 18, bold) > width - 12
    assert "…" not in "".join(lines)  # two lines are enough for each of these
    assert " ".join(lines) == label  # whole words, nothing lost
    _, b = _draw(label, width, style)
    assert b.drawn == set(lines)  # type: ignore[attr-defined]  # what was drawn


def test_a_label_that_fits_is_drawn_as_is():
    assert theme.fit_label("Done", 18, 200, 34) == (18, ("Done",))
    _, b = _draw("Done", 200)
    assert b.drawn == {"Done"}  # type: ignore[attr-defined]


def test_a_label_first_shrinks_then_wraps():
    label = "Réinitialiser tout"
    w18 = theme.text_width(label, 18)
    w16 = theme.text_width(label, 16)
    size, lines = theme.fit_label(label, 18, (w18 + w16) // 2, 34)
    assert lines == (label,) and 15 <= size < 18  # smaller, one line


def test_only_a_label_too_long_for_two_lines_ends_with_an_ellipsis():
    label = "Показати привітання ще раз і ще раз, і знову, і знову, і знову"
    size, lines = theme.fit_label(label, 18, 150, 34)
    assert size == 15 and len(lines) == 2 and lines[-1].endswith("…")
    assert all(theme.text_width(ln, size) <= 150 for ln in lines)
    assert lines[0] == "Показати"


def test_japanese_label_wraps_between_characters_in_a_narrow_button():
    label = "保存したゲームを続ける（自動保存）"
    size, lines = theme.fit_label(label, 18, 150, 34)
    assert "…" not in "".join(lines) and "".join(lines) == label
    assert all(theme.text_width(ln, size) <= 150 for ln in lines)
    assert lines[-1][0] not in NO_START and lines[0][-1] not in NO_END


def test_gui_prewrap_breaks_japanese_for_pygame_gui_and_keeps_tags():
    """pygame_gui breaks only at spaces: Japanese text boxes get our breaks as <br>."""
    html = ("コンピューター — <b>初級</b>: ルールベースと同じように打ちますが、よく考えずに"
            "打つことも多いです。<br><b>中級</b>: 役を狙い、あなたの役を防ぎます。")
    out = theme.gui_prewrap(html, 16, 180)
    assert "<b>初級</b>" in out and "<b>中級</b>" in out
    assert out.replace("<br>", "") == html.replace("<br>", "")
    for line in re.sub(r"</?b>", "", out).split("<br>"):
        assert theme.text_width(line, 16) <= 180
        assert not line.startswith(("、", "。"))
    latin = "Computer players — <b>Beginner</b>: plays like the rule-based player."
    assert theme.gui_prewrap(latin, 16, 180) == latin
