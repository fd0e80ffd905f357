"""Issue 15 acceptance: in English, Japanese, French and Ukrainian, at UI scale 200 % on
1920×1080 and 100 % on 1280×720, no text is cut with "…" on the title, the setup (88 and
Hachi), a four-seat table at its join/drop decision, the round's ledger and the reference;
the setup's widgets hold their words (measured with theme.text_width)."""

from __future__ import annotations

import warnings

import pygame
import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.play.session import GameSession, SeatSpec
from game.ui import theme
from game.ui.scenes.reference import ReferenceScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, key, make_app

LANGS = ["en", "ja", "fr", "uk"]
CASES = [((1920, 1080), 200), ((1280, 720), 100)]


@pytest.fixture(autouse=True)
def _back():
    yield
    theme.ELIDED = None
    theme.set_ui_scale(100)
    i18n.set_language("en")


def _elided(app, n: int = 3) -> list[str]:
    """The texts cut with "…" while drawing the next `n` frames."""
    theme.ELIDED = []
    try:
        frames(app, n)
        return sorted(set(theme.ELIDED))
    finally:
        theme.ELIDED = None


def _play_until(app, pred, limit: int = 4000) -> bool:
    """The human plays its first legal action (teyaku and handovers confirmed) until `pred`."""
    for _ in range(limit):
        if pred():
            return True
        top = app.stack.top
        t = app.stack.find(TableScene)
        if t is not None and top is t and t.human_to_move() and not t.pending:
            if t.shown_view.legal:
                t.act(t.shown_view.legal[0])
        elif top is not None and top.name in ("teyaku", "handover"):
            key(app, pygame.K_RETURN)
        frames(app, 1)
    return pred()


def _setup_clipped(scene: SetupScene) -> list[str]:
    """Setup's buttons whose words do not fit: a face ending in "…" the label did not, or
    a label wider than its button (the start button sizes to its label)."""
    H = scene.app.screen.get_height()
    body = theme.size_of("body", H)
    out = []
    for el in scene.widgets:
        if isinstance(el, UIButton):
            txt = el.text
            if txt.endswith("…"):
                out.append(txt)
            elif (el.font.size(txt)[0] if el.font is not None
                  else theme.text_width(txt, body)) > el.rect.w - 8:
                out.append(txt)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size,scale", CASES)
def test_no_text_is_cut(tmp_path, lang, size, scale):
    app = make_app(tmp_path, size, language=lang, ui_scale=scale, hints="advisor")
    app.apply_settings()
    found: dict[str, list[str]] = {}
    app.stack.push(TitleScene(app))
    found["title"] = _elided(app)
    for game in ("hachihachi", "hachi"):
        app.settings.last_setup = {"ruleset": game}
        setup = SetupScene(app)
        with warnings.catch_warnings(record=True) as caught:  # pygame_gui: a label cut
            warnings.simplefilter("always")
            app.stack.push(setup)
            found[f"setup {game}"] = _elided(app, 6) + _setup_clipped(setup)
        found[f"setup {game}"] += [str(w.message) for w in caught
                                   if "too small for text" in str(w.message)]
        app.stack.pop(setup)
        frames(app, 1)
    s = GameSession("hachihachi", {"rounds": 1}, [SeatSpec("You", "human"),
                    SeatSpec("Ren", "ai:casual"), SeatSpec("Yui", "ai:casual"),
                    SeatSpec("Kei", "ai:casual")], 7)
    app.stack.reset(TableScene(app, s))
    t = app.stack.top
    assert _play_until(app, lambda: t.panel.visible)
    found["table decision"] = _elided(app, 6)
    assert _play_until(app, lambda: app.stack.top.name == "scoring")
    found["ledger"] = _elided(app)
    app.stack.reset(TitleScene(app))
    app.stack.push(ReferenceScene(app, "hachihachi", "combinations"))
    found["reference"] = _elided(app, 4)
    assert not app.errors
    bad = {k: v for k, v in found.items() if v}
    assert not bad, "\n".join(f"{k}: {v}" for k, v in bad.items())
