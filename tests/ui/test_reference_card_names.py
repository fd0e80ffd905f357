"""Issue 45 item 4: Rules & cards → Cards names every card as the log and hints do (Crane,
Curtain, Rain Man …), with its kind, its points here, its month and the yaku it is part of
(the card popover's facts), and stays readable at 1280 × 720 at 100 % and 150 % text."""

from __future__ import annotations

import pygame
import pytest

from game.engine import rulesets
from game.engine.cardinfo import card_facts
from game.engine.cards import CARD_IDS, MONTH_NAMES
from game.engine.vocab import Category
from game.play.terms import card_name, kind_name, term
from game.ui import theme
from game.ui.scenes.reference import ReferenceScene
from tests.ui.driver import frames, key, make_app


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("name", ["hachihachi", "nuki-hachihachi"])
def test_every_card_named_with_its_facts_and_yaku(tmp_path, name, scale):
    app = make_app(tmp_path, (1280, 720), ui_scale=scale)
    rs = rulesets.get(name)
    ref = ReferenceScene(app, name, "cards")
    app.stack.push(ref)
    seen: dict[str, str] = {}
    theme.DRAWN = set()
    try:
        for _ in range(40):  # the page scrolled through with real keys
            frames(app, 1)
            for card, (cell, lines) in ref.card_parts.items():
                for _text, rect in lines:  # nothing runs out of its month's column
                    assert cell.x <= rect.x and rect.right <= cell.right, (card, _text, rect)
                seen[card] = " ".join(t for t, _r in lines)
            key(app, pygame.K_PAGEDOWN)
        drawn = set(theme.DRAWN)
    finally:
        theme.DRAWN = None
        app.close()
    assert sorted(seen) == sorted(CARD_IDS[c] for c in rs.deck_cards)
    for card, text in seen.items():
        f = card_facts(rs, card)
        assert text.startswith(card_name(card)), text
        assert kind_name(f.kind) in text and f"{f.points} point" in text, text
        for role in f.roles:
            if role.category == Category.DEKIYAKU:  # a long name may wrap: compare words
                assert term(role.id).split() == [w for w in term(role.id).split()
                                                 if w in text.split()], (card, role.id, text)
        month = f"{f.month}. {MONTH_NAMES[f.month - 1]}"
        assert month in drawn, month


def test_the_popover_and_the_page_agree_on_the_crane(tmp_path):
    """The same words as the card popover: Crane, a Bright of 20 points, Five and Four
    Brights (not "光 20" alone)."""
    from game.ui.scenes.reference import card_rows, card_words

    rs = rulesets.get("hachihachi")
    crane = next(r for m in card_rows(rs) for r in m if r.card == "crane")
    words = [t for t, _role in card_words(crane)]
    assert words[0] == "Crane"
    assert "Bright" in words[1] and "20 points" in words[1]
    assert term("goko") in words[2] and term("shiko") in " ".join(words)
