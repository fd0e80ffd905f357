"""The words module and the term style (issue 15, TABLE.md §2), the setup screen's words and
the advisor's reasons through the catalog.

Under the pseudo language ("qps") every translated message comes out with accented letters,
so a plain ASCII word left on screen was never marked. Romaji readings go through the
catalog too (context "reading"), so in qps they are accented like every other word.
"""

from __future__ import annotations

import re

import pytest
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game import i18n
from game.engine.actions import PLAY, SAGE, Action
from game.engine.cards import INDEX
from game.play import terms
from game.ui import theme
from game.ui.hints import Suggestion, reason, suggestion_text
from game.ui.scenes.setup import DEFAULT_NAMES, SetupScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, make_app

WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def pseudo():
    i18n.set_language(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.set_language(i18n.SOURCE)
        terms.set_style("both")


@pytest.fixture
def english():
    i18n.set_language(i18n.SOURCE)
    try:
        yield
    finally:
        terms.set_style("both")


def test_term_styles_in_english(english):
    """Each style writes a teyaku, a dekiyaku and a term without kanji as TABLE.md §2 says."""
    want = {
        "both": ("三本 Sanbon · Triplet", "青短 Aotan · Blue Ribbons", "Card points"),
        "translation": ("Triplet", "Blue Ribbons", "Card points"),
        "japanese": ("三本 Sanbon", "青短 Aotan", "Card points"),
    }
    for style, words in want.items():
        terms.set_style(style)
        assert (terms.term("sanbon"), terms.term("aotan"), terms.term("card_points")) == words
    terms.set_style("both")
    assert terms.term("ichinishi") == "一二四 Ichinishi · One-Two-Four"  # every name: a reading
    assert terms.styled("一二四", "", "One-Two-Four") == "一二四 · One-Two-Four"  # none: words
    assert terms.term("no_such_id") == "No such id"  # never hidden
    terms.set_style("nonsense")
    assert terms.style() == "both"


def test_term_styles_in_the_pseudo_language(pseudo):
    """The translation and the reading both go through the catalog; the kanji stay."""
    terms.set_style("both")
    assert terms.term("aotan") == "青短 Àóţàñ · Ɓĺúé Ŕíƀƀóñś"
    assert terms.term("sanbon") == "三本 Śàñƀóñ · Ţŕíƥĺéţ"
    assert terms.term("card_points") == "Çàŕđ ƥóíñţś"
    terms.set_style("translation")
    assert terms.term("aotan") == "Ɓĺúé Ŕíƀƀóñś" and terms.term("sanbon") == "Ţŕíƥĺéţ"
    terms.set_style("japanese")
    assert terms.term("aotan") == "青短 Àóţàñ" and terms.term("card_points") == "Çàŕđ ƥóíñţś"
    for key in terms.TERMS:  # every term: no plain ASCII word in any style
        for style in terms.STYLES:
            assert not WORD.search(terms.term(key, style)), (key, style)


def test_the_japanese_ui_shows_kanji_with_the_catalogs_reading():
    """Japanese UI: "both" and "japanese" give kanji and the catalog's reading, never the
    English translation; "translation" gives the kanji alone."""
    i18n.set_language("ja")
    try:
        said = i18n.pgettext("reading", "Aotan")
        assert terms.term("aotan", "both") == f"青短 {said}"
        assert terms.term("aotan", "japanese") == f"青短 {said}"
        assert terms.term("aotan", "translation") == "青短"
        assert "Blue" not in terms.term("aotan", "both")
        assert terms.kind_label("bright", "both") == "光"
    finally:
        i18n.set_language(i18n.SOURCE)


def test_kinds_glossary_and_card_words_follow_the_style(english):
    assert [terms.kind_label("bright", s) for s in terms.STYLES] == ["光 Bright", "Bright", "光"]
    assert terms.glossary_line("oya", "both") == "親 oya — the dealer; plays first"
    assert terms.glossary_line("oya", "translation") == "the dealer; plays first"
    assert terms.glossary_line("oya", "japanese") == "親 oya"
    assert terms.card_name("crane") == "Crane"
    assert terms.round_label(3, 12) == "Round 3 / 12" and terms.round_label(3, None) == "Round 3"
    i18n.set_language(i18n.PSEUDO)
    try:
        assert terms.round_label(3, 12) == "Ŕóúñđ 3 / 12"
        for words in (terms.section_of(terms.Category.TEYAKU), terms.ending_text("misdeal"),
                      terms.category_term(terms.Category.TEYAKU),
                      terms.value_words("bdb", "void_double"),
                      terms.value_explained("rounds", 12), terms.not_applies("x"),
                      *terms.sections(), *terms.round_words("end"),
                      *(g[2] for g in terms.glossary())):
            assert words and not WORD.search(words), words
    finally:
        i18n.set_language(i18n.SOURCE)


def _setup_texts(setup: SetupScene) -> list[str]:
    """Every word the setup screen's pygame_gui widgets show (names typed by players are
    data, not words: text entries are not read)."""
    out = []
    for el in setup.manager.get_sprite_group().sprites():
        if isinstance(el, (UILabel, UIButton)):
            out.append(el.text)
        elif isinstance(el, UITextBox):
            out.append(re.sub(r"<[^>]+>", " ", el.html_text))
    return out


def _plain(texts: list[str]) -> list[str]:
    names = "|".join(DEFAULT_NAMES)
    return [t for t in texts if WORD.search(re.sub(names, " ", t))]


def test_setup_speaks_the_language_and_follows_a_switch(tmp_path):
    """The setup screen built in English shows English; after Settings → Language changes
    (App.apply_settings), every label, option, value, explanation, heading, preset and
    button is rebuilt in the new language: nothing plain is left under qps, the footer and
    title drawn each frame included."""
    app = make_app(tmp_path, (1280, 720), language="en")
    try:
        app.stack.reset(TitleScene(app))
        frames(app, 2)
        app.stack.top.new_game()
        frames(app, 2)
        setup = app.stack.top
        assert isinstance(setup, SetupScene)
        setup.house_open = True
        for ruleset in ("hachihachi", "curriculum", "hachi", "sudaoshi"):
            setup.ruleset = ruleset
            setup.build()
            before = _setup_texts(setup)
            assert "GAME" in before and "Start game" in before
            app.settings.language = i18n.PSEUDO
            app.apply_settings()
            frames(app, 1)
            after = _setup_texts(setup)
            assert "GAME" not in after and "ĜÀṀÉ" in after
            assert _plain(after) == [], (ruleset, _plain(after))
            theme.DRAWN = set()
            try:
                frames(app, 1)
                drawn = sorted(theme.DRAWN)
            finally:
                theme.DRAWN = None
            assert _plain(drawn) == [], drawn
            app.settings.language = "en"
            app.apply_settings()
            assert "GAME" in _setup_texts(setup)
    finally:
        i18n.set_language(i18n.SOURCE)


def test_setup_choices_keep_their_ids_under_another_language(tmp_path):
    """A drop-down chosen by its translated words still sets the engine's value."""
    app = make_app(tmp_path, (1280, 720))
    try:
        app.stack.reset(TitleScene(app))
        frames(app, 2)
        app.stack.top.new_game()
        frames(app, 2)
        setup = app.stack.top
        setup.ruleset = "hachihachi"
        setup.house_open = True
        setup.build()
        app.settings.language = i18n.PSEUDO
        app.apply_settings()
        values, current = setup.choices[("option", "bdb")]  # ["Ôƒƒ", "Óñ"]
        i = 1 - values.index(current)
        setup.choose(("option", "bdb"), values[i])
        assert setup.opts()["bdb"] is bool(i)
        values, _current = setup.choices[("option", "sage_failure")]
        pick = next(v for v in values if v == terms.value_words("sage_failure", "half"))
        assert WORD.search(pick) is None  # the words are translated
        setup.choose(("option", "sage_failure"), pick)
        assert setup.opts()["sage_failure"] == "half"
        values, _current = setup.choices[("kind", 1)]
        setup.choose(("kind", 1), values[0])
        assert setup.seats[1]["kind"] == "human"
    finally:
        app.settings.language = "en"
        i18n.set_language(i18n.SOURCE)


def test_advice_is_whole_messages_from_the_facts(pseudo):
    """The advisor's sentence is built from its action, the move's facts and values, so it is
    all in the player's language; a decision is named by its panel words."""
    from game.engine.effects import MoveEffect
    from game.play.advice import Facts

    effect = MoveEffect("crane", ("pine_chaff_1",), 21, (), (("goko", 1, 5),), (), ())
    play = Suggestion(Action(0, PLAY, (INDEX["crane"], INDEX["pine_chaff_1"])),
                      "", (), (1, "play", 0, None, ()), -3.0, Facts(effect))
    assert not WORD.search(reason(play))
    assert "\u22123" in suggestion_text(play, figures=True)[-1]  # a real minus, never "-3"
    sage = Suggestion(Action(0, SAGE), "", (("sage", 4.0), ("shoubu", 2.0)),
                      (1, "decide", 0, None, ()), None, Facts(choices=2, turns=3))
    lines = suggestion_text(sage, figures=True)  # reason, verdict, figures (issue 45)
    assert len(lines) == 3 and not any(WORD.search(x) for x in lines)
    i18n.set_language(i18n.SOURCE)
    assert reason(play).startswith("Play the Crane: it takes the Pine chaff (+21 card points)")
    assert suggestion_text(sage)[0].startswith("Hint: Sage: playing on is expected to bring")
