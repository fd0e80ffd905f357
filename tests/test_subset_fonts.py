"""The subset Noto Sans JP of the built program (tools/subset_fonts.py) has a glyph for every
character the game draws with it (game/ui/fonts.py): the Japanese runs of every message of
every catalog, of every card name, term and kind label in every language and term style, and
on the Japanese setup screen (game/ui/setup_theme.py) every character of the words. Skipped
where fonttools is not installed."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ttLib = pytest.importorskip("fontTools.ttLib")

from game import i18n  # noqa: E402
from game.engine.cards import CARD_IDS, KINDS  # noqa: E402
from game.engine.vocab import Category  # noqa: E402
from game.messages import CATALOGS  # noqa: E402
from game.play import terms  # noqa: E402
from game.ui import fonts  # noqa: E402
from tools import subset_fonts as sf  # noqa: E402


def cmap_of(path) -> set[int]:  # noqa: ANN001
    with ttLib.TTFont(path) as font:
        return set(font.getBestCmap())


@pytest.fixture(scope="module")
def subset_dir(tmp_path_factory):  # noqa: ANN201
    out = tmp_path_factory.mktemp("fonts")
    sf.subset_fonts(out)
    return out


@pytest.fixture(scope="module")
def subset(subset_dir) -> dict[str, set[int]]:  # noqa: ANN001
    """File name -> the code points its subset maps to a glyph."""
    return {name: cmap_of(subset_dir / name) for name in sf.JP_FONTS}


def drawn_with_jp(text: str, whole: bool) -> set[str]:
    """The characters of `text` drawn with Noto Sans JP: those of its Japanese runs, or with
    `whole` (the Japanese setup screen) all of them."""
    if whole:
        return {c for c in text if c.isprintable()}
    return {c for script, run in fonts.split_runs(text) if script == fonts.JAPANESE
            for c in run if c.isprintable()}


def missing(subset_cmaps: dict[str, set[int]], texts: dict[str, bool]) -> dict[str, list]:
    """Font file -> [(text, characters without a glyph)] for `texts` (text -> whole)."""
    out: dict[str, list] = {}
    for name, cmap in subset_cmaps.items():
        for text, whole in texts.items():
            lost = sorted(c for c in drawn_with_jp(text, whole) if ord(c) not in cmap)
            if lost:
                out.setdefault(name, []).append((text[:40], lost))
    return out


def test_the_subset_fonts_are_the_ones_the_game_loads():
    assert set(sf.JP_FONTS) == {f for (script, _bold), f in fonts.FONT_FILES.items()
                                if script == fonts.JAPANESE}


def test_every_catalog_message_has_its_glyphs(subset):
    texts: dict[str, bool] = {}
    for code in CATALOGS:
        for e in i18n.catalog_entries(code):
            for text in (e.msgid, e.msgid_plural or "", *e.msgstr):
                texts[text] = texts.get(text, False) or code == "ja"
    assert len(texts) > 2000
    assert missing(subset, texts) == {}


def test_every_card_name_term_and_kind_has_its_glyphs(subset):
    texts: dict[str, bool] = {}
    for code in i18n.LANGUAGES:
        with i18n.speaking(code):
            for style in terms.STYLES:
                words = [terms.card_name(c) for c in CARD_IDS]
                words += [terms.month_name(c) for c in CARD_IDS]
                words += [terms.term(k, style) for k in terms.TERMS]
                words += [terms.kind_label(k, style) for k in set(KINDS)]
                words += [terms.category_term(c, style)
                          for c in (Category.TEYAKU, Category.DEKIYAKU)]
                words += [terms.badge(b, style) for b in terms.BADGES]
                for w in words:
                    texts[w] = texts.get(w, False) or code == "ja"
    assert any(fonts.script_of(t) == fonts.JAPANESE for t in texts)
    assert missing(subset, texts) == {}


def test_names_keep_every_glyph_the_whole_font_has(subset):
    """Seat names are typed by players: everyday kanji, kana, full-width forms and the
    Latin and Cyrillic letters the whole font draws (it has no Ł) are all kept."""
    names = "田中 花子 渡辺 斎藤 さくら タロウ Zoë Łukasz Олена １２３ＡＢＣ「八八」。"
    full = cmap_of(sf.font_source_dir() / sf.JP_FONTS[0])
    for cmap in subset.values():
        assert sorted(c for c in names if ord(c) in full and ord(c) not in cmap) == []
        assert {ord(c) for c in sf.jis_level1_kanji()} & full <= cmap


def test_the_subset_is_a_cut_and_the_check_sees_a_missing_glyph(subset):
    rare = "龘"  # U+9F98: not level-1, not in our text
    for cmap in subset.values():
        assert ord(rare) not in cmap
        assert 4000 < len(cmap) < 6000  # the full font maps about 17,000
    assert missing(subset, {f"名前 {rare}": False})


def test_the_subset_files_are_far_smaller_and_the_same_twice(tmp_path, subset_dir):
    src = sf.font_source_dir()
    for p in sf.subset_fonts(tmp_path):
        assert p.read_bytes() == (subset_dir / p.name).read_bytes()  # no new timestamp
        assert p.stat().st_size < 0.35 * (src / p.name).stat().st_size


def test_the_command_says_what_it_saved(tmp_path, capsys):
    assert sf.main([str(tmp_path), "--no-names"]) == 0
    out = capsys.readouterr().out
    assert "NotoSansJP-Regular.otf" in out and "MB ->" in out
    assert {p.name for p in tmp_path.iterdir()} == set(sf.JP_FONTS)
