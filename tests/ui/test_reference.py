"""Rules & cards reference: opens from the title and the table by real key events, F1 opens
the page for what is on screen, the pages lay out without overlaps, the term style
"Translation only" shows no Japanese, and every number agrees with the engine's rules API
under different options (the full contract: test_reference_contract.py)."""

from __future__ import annotations

import re

import pygame
import pytest

from game.engine import rulesets
from game.engine.cards import CARD_IDS, MONTH_NAMES
from game.engine.state import State
from game.engine.vocab import Category
from game.play import terms
from game.play.session import GameSession, SeatSpec
from game.ui import theme
from game.ui.scenes import reference
from game.ui.scenes.reference import ReferenceScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, start_table

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def test_title_reference_every_ruleset_every_page(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    b = next(b for b in title.group.buttons if b.label == "Rules & cards")
    click(app, b.rect.center)
    ref = app.stack.top
    assert ref.name == "reference" and ref.page == "cards"
    seen = set()
    for _ in rulesets.names():
        seen.add(ref.rs.name)
        pages = reference.page_ids(ref.rs)
        assert pages[0] == "cards" and "play" in pages and "scoring" in pages
        for page in pages:
            assert ref.page == page
            frames(app, 1)
            key(app, pygame.K_DOWN)
            frames(app, 1)
            key(app, pygame.K_RIGHT)
        assert ref.page == "cards"  # wrapped round
        key(app, pygame.K_TAB)
    assert seen == set(rulesets.names())
    frames(app, 1)
    tab = {p: r for r, p in ref.tabs}
    click(app, tab["glossary"].center)
    assert ref.page == "glossary"
    key(app, pygame.K_LEFT)
    assert ref.page == "scoring"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    app.close()


def test_pages_follow_what_the_ruleset_has():
    assert reference.page_ids(rulesets.get("hachi")) == ("cards", "play", "yaku", "scoring",
                                                         "glossary")
    assert "teyaku" not in reference.page_ids(rulesets.get("curriculum", tier=4))
    assert "teyaku" in reference.page_ids(rulesets.get("curriculum", tier=5))
    assert "before" not in reference.page_ids(rulesets.get("sudaoshi"))
    assert "before" in reference.page_ids(rulesets.get("sudaoshi", more_seats=True))
    assert "yaku" not in reference.page_ids(rulesets.get("curriculum", tier=1))


# --- F1 at the table: the page for what is on screen (minor 12) ---------------------------
def _f1(app, table: TableScene) -> str:  # noqa: ANN001
    below = app.stack.top
    key(app, pygame.K_F1)
    ref = app.stack.top
    assert ref.name == "reference" and ref.rs is table.session.rs and not ref.browse
    page = ref.page
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is below
    return page


SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def test_f1_while_playing_opens_how_a_turn_goes(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, seed=3, first_dealer=0)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    assert _f1(app, table) == "play"
    app.close()


def _teyaku_reveal(app) -> TableScene:  # noqa: ANN001
    """A table showing the teyaku reveal of a deal in which somebody claims (seed 1 claims;
    the search keeps the test independent of the deal)."""
    for seed in range(1, 40):
        table = start_table(app, SEATS, seed=seed, first_dealer=1)
        if run_until(app, lambda t=table: app.stack.top.name == "teyaku" or my_turn(app, t),
                     600) and app.stack.top.name == "teyaku" and table.shown_view.claims:
            return table
    pytest.fail("no teyaku claimed in 40 deals")


def test_f1_during_the_teyaku_reveal_opens_the_teyaku(tmp_path):
    app = make_app(tmp_path)
    table = _teyaku_reveal(app)
    assert table.tv.dock == "teyaku"
    assert _f1(app, table) == "teyaku"
    assert app.stack.top.name == "teyaku"  # the reveal waits under the reference
    app.close()


def test_f1_at_a_sage_decision_opens_the_yaku(tmp_path):
    app = make_app(tmp_path)
    rs = rulesets.get("hachihachi")
    st = State.from_position(
        rs, 3, dealer=0,
        hands={0: "pine_chaff_1 pine_chaff_2 iris_chaff_1 peony_chaff_1 maple_chaff_1 "
                  "susuki_chaff_1",
               1: "plum_chaff_2 cherry_chaff_2 iris_chaff_2 peony_chaff_2 clover_chaff_1 "
                  "clover_chaff_2 boar",
               2: "susuki_chaff_2 chrysanthemum_chaff_1 chrysanthemum_chaff_2 maple_chaff_2 "
                  "lightning paulownia_chaff_1 deer"},
        field="crane warbler curtain cuckoo bridge butterflies",
        pile="moon geese sake_cup rain_man swallow phoenix",
        captured={0: "pine_ribbon plum_ribbon cherry_ribbon cherry_chaff_1"},
        phase="decide", to_move=0)
    session = GameSession("hachihachi", {}, [SeatSpec(n, k) for n, k in SEATS], 1, 0, st)
    table = TableScene(app, session)
    app.stack.reset(table)
    assert run_until(app, lambda: table.panel.visible and table.human_to_move(), 500)
    assert table.panel._key[1] == "decide"
    assert _f1(app, table) == "yaku"
    app.close()


def test_f1_in_the_pre_round_windows_opens_before_play(tmp_path):
    app = make_app(tmp_path)
    seats = [*SEATS, ("Kai", "ai:random")]
    table = start_table(app, seats, seed=5, first_dealer=0)
    phases = set()
    for _ in range(3):
        if not run_until(app, lambda: table.panel.visible and table.panel.blocking
                         and table.human_to_move(), 2000):
            break
        phase = table.panel._key[1]
        if phase not in ("mizuten", "dropout", "swap"):
            break
        assert _f1(app, table) == "before", phase
        phases.add(phase)
        key(app, pygame.K_1)  # the safe first choice: look at my hand / join
        frames(app, 3)
    assert "dropout" in phases, phases
    app.close()


def test_top_bar_help_opens_the_same_page_as_f1(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, seed=3, first_dealer=0)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)
    click(app, table.tv.top_buttons["help"].center)
    assert app.stack.top.name == "reference" and app.stack.top.page == "play"
    app.close()


# --- layout: nothing in a cell overlaps (minor 12: a Sudaoshi line over "10 mon") ---------
@pytest.mark.parametrize("size,scale", [((1280, 720), 100), ((1024, 640), 100),
                                        ((1920, 1080), 200)])
def test_combination_cells_do_not_overlap(tmp_path, size, scale):
    app = make_app(tmp_path, size, ui_scale=scale)
    for name, options in (("sudaoshi", {"teyaku": "1921"}), ("hachihachi", {}),
                          ("nuki-hachihachi", {})):
        rs = rulesets.get(name, **options)
        for page in ("teyaku", "yaku"):
            ref = ReferenceScene(app, rs, page)
            app.stack.push(ref)
            for _ in range(30):
                frames(app, 1)
                for cid, parts in ref.parts.items():
                    cell = ref.cells[cid].move(0, -ref.scroll)
                    for i, a in enumerate(parts):
                        assert cell.contains(a), (name, cid, a, cell)
                        for b in parts[i + 1:]:
                            assert not a.colliderect(b), (name, page, cid, a, b)
                key(app, pygame.K_PAGEDOWN)
            assert ref.parts  # something was drawn
            key(app, pygame.K_ESCAPE)
    app.close()


# --- term style "Translation only": no Japanese (minor 11) --------------------------------
def test_translation_only_shows_no_japanese_in_the_reference(tmp_path):
    app = make_app(tmp_path, term_style="translation")
    try:
        for name in rulesets.names():
            ref = ReferenceScene(app, name)
            app.stack.push(ref)
            assert "glossary" not in ref.pages  # a list of Japanese words: not in this style
            for page in ref.pages:
                ref.set_page(page)
                theme.DRAWN = set()
                for _ in range(12):
                    frames(app, 1)
                    key(app, pygame.K_PAGEDOWN)
                japanese = sorted(t for t in theme.DRAWN if CJK.search(t))
                assert not japanese, (name, page, japanese[:3])
            key(app, pygame.K_ESCAPE)
    finally:
        theme.DRAWN = None
        terms.set_style("both")
        app.close()


def test_translation_only_headings_and_group_labels(tmp_path):
    app = make_app(tmp_path, term_style="translation")
    try:
        assert terms.category_term(Category.TEYAKU) == "Hand combinations"
        assert terms.category_short(Category.DEKIYAKU) == "Capture combinations"
        assert terms.kind_glyph("chaff") == ""
        _teyaku_reveal(app)  # the teyaku reveal and the table's capture groups
        theme.DRAWN = set()
        frames(app, 2)
        drawn = set(theme.DRAWN)
        assert "Hand combinations" in drawn  # the reveal's heading, whole (not "Hand com…")
        assert not {t for t in drawn if "手役" in t}
        assert not drawn & set(terms.KIND_GLYPH.values())
    finally:
        theme.DRAWN = None
        terms.set_style("both")
        app.close()
    assert terms.category_term(Category.TEYAKU) == "手役 Teyaku · Hand combinations"
    assert terms.kind_glyph("chaff") == "カス"


# --- numbers from the engine -------------------------------------------------------------
def _check_numbers(rs: rulesets.Ruleset) -> None:
    # cards: every card of the deck, once, with the engine's points
    shown = [row for month in reference.card_rows(rs) for row in month]
    assert sorted(CARD_IDS.index(r.card) for r in shown) == sorted(rs.deck_cards)
    for r in shown:
        assert r.points == rs.card_points([r.card]), r.card
    # combinations: dekiyaku card sets are worth what rs.dekiyaku pays for them
    for c in reference.combos(rs):
        if c.category == Category.DEKIYAKU and c.cards and c.value is not None:
            seat = c.positions[0] if c.positions else 0
            got = rs.dekiyaku(c.cards[:c.need], seat)
            assert got.get(c.id) == c.value, (rs.name, c.id, got)


OPTION_SETS = [
    ("hachihachi", {}, {"kan": 10, "aka_value": 3, "bdb": True}, True),
    ("hachihachi-nintendo", {}, {"bdb": False}, True),
    ("nuki-hachihachi", {}, {"mizuten": False, "dropout_fees": False}, False),
    ("sudaoshi", {}, {"teyaku": "1921", "yaku_unit": 12}, True),
    ("sudaoshi", {"top_yaku": False}, {"yaku_unit": 12}, True),
    ("curriculum", {"tier": 5}, {"tier": 9}, True),
    ("hachi", {}, {"match_end": "points", "target_points": 200}, False),
]


@pytest.mark.parametrize("name,opts_a,opts_b,changes", OPTION_SETS)
def test_every_combination_on_the_page_matches_the_engine(name, opts_a, opts_b, changes):
    a, b = rulesets.get(name, **opts_a), rulesets.get(name, **opts_b)
    values = []
    for rs in (a, b):
        _check_numbers(rs)
        shown = reference.combos(rs)
        catalogue = {e.id: e.value for e in rs.entries
                     if e.category in (Category.TEYAKU, Category.DEKIYAKU)}
        assert {c.id: c.value for c in shown} == catalogue
        values.append(catalogue)
        if any(rs.in_kan(c.id) for c in shown):  # the page says what a kan is
            assert f"1 kan = {rs.kan} mon." in reference.page_text(rs, "scoring")
    assert values[0]
    assert (values[0] != values[1]) == changes


def test_every_ruleset_is_checked_under_two_option_sets():
    # koikoi (no card points, yaku that take each other's place): its own checks in
    # tests/ui/test_koikoi_reference.py
    assert {n for n, *_ in OPTION_SETS} | {"koikoi"} == set(rulesets.names())


def test_hachi_month_sum_table_from_the_engine():
    rs = rulesets.get("hachi")
    lines = reference.page_text(rs, "play")
    for m, others in reference.month_pairs(rs):
        for n in range(12):
            if n == m:
                continue
            a, b = (next(CARD_IDS[c] for c in rs.deck_cards if c // 4 == k) for k in (m, n))
            assert (n in others) == rs.can_capture(a, b)
        assert any(line.strip().startswith(f"{m + 1} {MONTH_NAMES[m]}:") for line in lines)
    assert reference.month_pairs(rs)[0][1]  # January takes something (1 + 2 = 3)


def test_glossary_has_the_table_terms():
    from game.play.terms import GLOSSARY
    for word in ("oya", "sage", "shoubu", "mizuten", "teyaku", "dekiyaku", "kan", "mon"):
        assert word in GLOSSARY
    lines = reference.page_text(rulesets.get("hachihachi"), "glossary")
    assert len(lines) == len(GLOSSARY) + 1 and "Shikō" in lines[-1]
