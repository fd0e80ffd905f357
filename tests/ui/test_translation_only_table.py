"""Term style "Translation only" at the table (issue 23, minor 11): no Japanese script is
drawn in an English UI, a whole round long (plates, stamps, top bar, log, panels, reveal)."""

from __future__ import annotations

import re

from game.play import terms
from game.play.session import GameSession, SeatSpec
from game.ui import theme
from game.ui.scenes.table import TableScene
from tests.ui.driver import make_app, run_until

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def test_plain_drops_the_japanese_word_only_in_translation_only():
    assert terms.plain("下げ Sage!", "translation") == "Sage!"
    assert terms.plain("大場 ×2 Large field", "translation") == "×2 Large field"
    assert terms.plain("下げ Sage!", "both") == "下げ Sage!"
    assert terms.badge("oya", "translation") == "Dealer" and terms.badge("oya", "both") == "親"


def test_a_round_in_translation_only_draws_no_japanese(tmp_path):
    app = make_app(tmp_path, term_style="translation")
    app.apply_settings()
    seats = [SeatSpec(n, "ai:random") for n in ("Ana", "Ren", "Yui")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 4))
    app.stack.reset(table)
    theme.DRAWN = set()
    try:
        assert run_until(app, lambda: app.stack.top.name in ("scoring", "result"), 20000)
        drawn = theme.DRAWN
    finally:
        theme.DRAWN = None
        terms.set_style("both")
    shown = sorted(s for s in drawn if JAPANESE.search(s))
    assert not shown, shown[:10]
    app.close()
