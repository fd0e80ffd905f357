"""Rules & cards reference: opens from the title and the table by real key events, and every
number it shows agrees with the engine's rules API under different options."""

from __future__ import annotations

import pygame
import pytest

from game.engine import rulesets
from game.engine.cards import CARD_IDS, KINDS, MONTH_NAMES
from game.engine.vocab import Category
from game.ui.scenes import reference
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.session import GameSession, SeatSpec
from tests.ui.driver import click, frames, key, make_app, run_until


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
        for page in reference.PAGE_IDS:
            assert ref.page == page
            frames(app, 1)
            key(app, pygame.K_DOWN)
            frames(app, 1)
            key(app, pygame.K_RIGHT)
        assert ref.page == "cards"  # wrapped round
        key(app, pygame.K_TAB)
    assert seen == set(rulesets.names())
    frames(app, 1)
    tab = dict((p, r) for r, p in ref.tabs)
    click(app, tab["glossary"].center)
    assert ref.page == "glossary"
    key(app, pygame.K_LEFT)
    assert ref.page == "round"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    app.close()


def test_table_f1_during_a_decision_opens_its_explanation(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 3))
    app.stack.push(table)
    assert run_until(app, lambda: app.stack.top is table and table.human_to_move()
                     and table.panel.visible, 2000)
    phase = table.panel._key[1]
    key(app, pygame.K_F1)
    ref = app.stack.top
    assert ref.name == "reference"
    assert ref.page == reference.PHASE_PAGES.get(phase, "round")
    assert ref.rs is table.session.rs and not ref.browse
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    app.close()


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


TEYAKU_HANDS = {  # hands whose teyaku are known shapes
    "teshi": ["pine_chaff_1", "pine_chaff_2", "pine_ribbon", "crane",
              "plum_chaff_1", "cherry_chaff_1", "maple_chaff_1"],
}


@pytest.mark.parametrize("name,opts_a,opts_b", [
    ("hachihachi", {"kan": 12}, {"kan": 10}),
    ("sudaoshi", {"yaku_unit": 10}, {"yaku_unit": 12}),
])
def test_reference_numbers_match_the_engine(name, opts_a, opts_b):
    a, b = rulesets.get(name, **opts_a), rulesets.get(name, **opts_b)
    for rs in (a, b):
        _check_numbers(rs)
    va = {c.id: c.value for c in reference.combos(a)}
    vb = {c.id: c.value for c in reference.combos(b)}
    assert va != vb  # the option changes what the page shows
    for rs, values in ((a, va), (b, vb)):
        for tid, hand in TEYAKU_HANDS.items():
            if tid in values:
                got = rs.teyaku(hand)
                assert got.get(tid) == values[tid], (rs.name, tid, got)
        if rs.kan > 1:
            assert any(str(rs.kan) in line for line in reference.page_text(rs, "round"))


def test_hachi_month_sum_table_from_the_engine():
    rs = rulesets.get("hachi")
    lines = reference.page_text(rs, "capture")
    for m, others in reference.month_pairs(rs):
        for n in range(12):
            if n == m:
                continue
            a, b = (next(CARD_IDS[c] for c in rs.deck_cards if c // 4 == k) for k in (m, n))
            assert (n in others) == rs.can_capture(a, b)
        assert any(line.strip().startswith(f"{m + 1} {MONTH_NAMES[m]}:") for line in lines)
    assert reference.month_pairs(rs)[0][1]  # January takes something (1 + 2 = 3)


def test_glossary_has_the_table_terms():
    from game.ui.terms import GLOSSARY
    for word in ("oya", "sage", "shoubu", "mizuten", "teyaku", "dekiyaku", "kan", "mon"):
        assert word in GLOSSARY
    lines = reference.page_text(rulesets.get("hachihachi"), "glossary")
    assert len(lines) == len(GLOSSARY) + 1 and "Shikō" in lines[-1]


# --- every combination the reference shows, under two option sets (issue 13) -------------
# Each pair changes what the page shows where the game has an option that changes values
# (kan, Red's value, Boar-Deer-Butterflies, Sudaoshi's teyaku set and yaku unit, the
# curriculum's tier); Nuki and Hachi have none, so their second set changes other rules
# and the page must still agree with the engine.
OPTION_SETS = [
    ("hachihachi", {}, {"kan": 10, "aka_value": 3, "bdb": True}, True),
    ("hachihachi-nintendo", {}, {"bdb": False}, True),
    ("nuki-hachihachi", {}, {"mizuten": False, "dropout_fees": False}, False),
    ("sudaoshi", {}, {"teyaku": "1921", "yaku_unit": 12}, True),
    ("sudaoshi", {"top_yaku": False}, {"yaku_unit": 12}, True),
    ("curriculum", {"tier": 5}, {"tier": 9}, True),
    ("hachi", {}, {"match_end": "points", "target_points": 200}, False),
]
PATTERNS = ((4, 3), (4, 2, 1), (4, 1, 1, 1), (3, 3, 1), (3, 2, 2), (3, 2, 1, 1),
            (3, 1, 1, 1, 1), (2, 2, 2, 1), (2, 2, 1, 1, 1), (1,) * 7)


def _hands(rs: rulesets.Ruleset, n: int = 6000, seed: int = 13) -> list[list[str]]:
    """Seven-card hands of every month pattern, some kept to chaff-class cards (the Group-B
    shapes), drawn from the ruleset's deck with a fixed seed."""
    import random

    rng = random.Random(seed)
    by_month: dict[int, list[int]] = {}
    for c in rs.deck_cards:
        by_month.setdefault(c // 4, []).append(c)
    months = [m for m, cs in by_month.items() if len(cs) == 4]
    out = []
    for i in range(n):
        pattern = PATTERNS[i % len(PATTERNS)]
        plain = (0.0, 0.1, 0.3, 1.0)[i // len(PATTERNS) % 4]  # chance of a non-chaff card
        hand: list[int] = []
        for m, k in zip(rng.sample(months, len(pattern)), pattern, strict=True):
            cs = by_month[m]
            low = [c for c in cs if KINDS[c] == "chaff" or m == 10]
            pool = cs if k > len(low) or rng.random() < plain else low
            hand += rng.sample(pool, k)
        out.append([CARD_IDS[c] for c in hand])
    return out


def _check_every_combination(rs: rulesets.Ruleset) -> dict[str, int | None]:
    """Every teyaku and dekiyaku the reference shows is worth, in the engine, the amount the
    page draws; returns the page's values."""
    shown = reference.combos(rs)
    catalogue = {e.id: e.value for e in rs.entries
                 if e.category in (Category.TEYAKU, Category.DEKIYAKU)}
    assert {c.id: c.value for c in shown} == catalogue
    for c in shown:  # the words the page draws beside each name
        words = reference.amount_words(rs, c)
        if c.value is None:
            assert words == "varies"
            continue
        assert words.endswith(f"{c.value} mon"), (rs.name, c.id, words)
        if " kan · " in words:
            assert int(words.split(" kan")[0]) * rs.kan == c.value
    _check_numbers(rs)  # dekiyaku from their cards
    wanted = {c.id: c for c in shown if c.category == Category.TEYAKU and c.value is not None}
    found: dict[str, int] = {}
    for hand in _hands(rs) if wanted else []:
        for tid, c in wanted.items():
            if tid in found:
                continue
            seat = c.positions[0] if c.positions else 0
            got = rs.teyaku(hand, seat)
            if tid in got:
                assert got[tid] == c.value, (rs.name, tid, hand, got)
                found[tid] = got[tid]
        if len(found) == len(wanted):
            break
    assert set(found) == set(wanted), (rs.name, sorted(set(wanted) - set(found)))
    return {c.id: c.value for c in shown}


@pytest.mark.parametrize("name,opts_a,opts_b,changes", OPTION_SETS)
def test_every_combination_on_the_page_matches_the_engine(name, opts_a, opts_b, changes):
    a, b = rulesets.get(name, **opts_a), rulesets.get(name, **opts_b)
    va, vb = _check_every_combination(a), _check_every_combination(b)
    assert va, f"{name} shows no combination"
    assert (va != vb) == changes  # the second set changes what the page shows, or not


def test_every_ruleset_is_checked_under_two_option_sets():
    assert {n for n, *_ in OPTION_SETS} == set(rulesets.names())
