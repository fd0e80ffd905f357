"""Say only what is true for this game (issue 13): curriculum tier 1 has no teyaku and no
field multiplier, so its table shows no reveal panel, multiplier chip or teyaku/dekiyaku
words; the capture groups' kind glyphs carry their translation. Real frames and events."""

from __future__ import annotations

import pytest

from game.engine.vocab import Category
from game.ui import theme
from tests.ui.driver import frames, make_app, run_until
from tests.ui.table_helpers import start_table

SEATS = [("Ana", "ai:random"), ("Ren", "ai:random"), ("Yui", "ai:random")]


@pytest.fixture
def drawn(monkeypatch):  # noqa: ANN201
    """Every text the screen draws, frame by frame."""
    seen: list[str] = []
    real = theme.blit_text

    def spy(surface, text, *args, **kwargs):  # noqa: ANN001, ANN202
        seen.append(str(text))
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", spy)
    return seen


def _play_to_captures(app, table, shown: list[str]) -> None:  # noqa: ANN001
    """Run the computer players until someone has captured; no teyaku reveal on the way
    unless the ruleset has teyaku."""
    reveal = []

    def each() -> None:
        if app.stack.top.name == "teyaku":
            reveal.append(True)
            app.stack.pop()

    assert run_until(app, lambda: any(table.tv.model.captured), 3000, each)
    shown.clear()
    frames(app, 1)
    table.reveals = reveal  # type: ignore[attr-defined]


def test_tier_one_table_says_nothing_of_teyaku_or_multipliers(tmp_path, drawn):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, ruleset="curriculum", tier=1)
    rs = table.session.rs
    assert rs.carry_rule is None
    assert Category.TEYAKU not in {e.category for e in rs.entries}
    _play_to_captures(app, table, drawn)
    assert table.reveals == []  # no teyaku panel
    text = " ".join(drawn)
    assert "×" not in text  # no multiplier chip, no "Small field ×1" line in the log
    assert not any(w in text for w in ("小場", "大場", "絶場", "multiplier"))
    assert "teyaku" not in text.lower() and "dekiyaku" not in text.lower()
    # the kind glyphs of the capture rows carry their translation
    assert any(g in drawn for g in ("光", "種", "短", "カス"))
    for glyph, name in (("光", "Bright"), ("種", "Animal"), ("短", "Ribbon"), ("カス", "Chaff")):
        if glyph in drawn:
            assert name in drawn


def test_a_game_with_teyaku_and_multipliers_still_shows_them(tmp_path, drawn):
    app = make_app(tmp_path)
    table = start_table(app, SEATS, ruleset="hachihachi")
    _play_to_captures(app, table, drawn)
    assert table.reveals == [True]  # the teyaku reveal came
    assert any("×" in t for t in drawn)  # the field multiplier chip
