"""Learn 88's row headings (issue 23, minor 18): "New in this tier:" was repeated in all nine
headings; each row now says its tier and what it adds once, the screen's subtitle says what a
tier is, and the in-game "New in this tier" card keeps its own title."""

from __future__ import annotations

from game.engine.rulesets.curriculum import TIER_NAMES
from game.ui import theme
from game.ui.scenes.learn import LearnScene, tier_card, tier_row
from tests.ui.driver import frames, make_app


def test_learn_rows_say_new_in_this_tier_nowhere(tmp_path):
    app = make_app(tmp_path)
    learn = LearnScene(app)
    app.stack.push(learn)
    theme.DRAWN = set()
    try:
        frames(app, 2)
        drawn = set(theme.DRAWN)
    finally:
        theme.DRAWN = None
    assert not [t for t in drawn if "New in this tier" in t]
    for tier, name in TIER_NAMES.items():
        title, words = tier_row(tier)
        assert title == f"Tier {tier} · {name}" and title in drawn
        assert words == tier_card(tier)[1]  # what to practise, as before
    assert len({tier_row(t)[0] for t in TIER_NAMES}) == len(TIER_NAMES)
    assert tier_card(5)[0] == "Tier 5 · New in this tier: Teyaku"  # the table's card
    app.close()
