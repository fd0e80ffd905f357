"""The whole first-run path by real events (issue 13 acceptance): a fresh home opens the
welcome, "Teach me to play" starts the guided game, Enter walks the five coach marks, the
human seat plays one whole round by number keys, and the ledger's guided line says what
mattered with the engine's numbers (TABLE.md §5.1)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.vocab import Ending
from game.play.numbers import amount
from game.play.session import GameSession, SeatSpec
from game.play.terms import ending_text
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tour import TourScene, WelcomeScene

from .driver import click, frames, key, make_app, run_until
from .table_helpers import dismiss, play_by_keys


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path, welcome_seen=False)
    yield a
    a.close()


def _play_round(app, table: TableScene) -> ScoringScene:  # noqa: ANN001
    """Answer every question the round asks the human by keys until the ledger opens."""
    def each() -> None:
        top = app.stack.top
        if dismiss(app):
            return
        if top is table and table.human_to_move() and not table.tv.anim.running \
                and not table.pending:
            play_by_keys(app, table)

    assert run_until(app, lambda: isinstance(app.stack.top, ScoringScene), 40000, each)
    return app.stack.top


@pytest.mark.parametrize("seed", [1, 5])
def test_first_run_guided_round_ends_with_the_guided_line(app, seed):
    random.seed(seed)  # start_tier draws the game's seed from `random`
    app.stack.push(TitleScene(app))
    frames(app, 2)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    teach = next(b for b in welcome.group.buttons if b.label == "Teach me to play")
    click(app, teach.rect.center)
    frames(app, 2)
    tour = app.stack.top
    assert isinstance(tour, TourScene)
    table = tour.table
    for step in range(5):
        assert app.stack.top is tour and tour.step == step
        key(app, pygame.K_RETURN)
    assert app.stack.find(TourScene) is None
    scoring = _play_round(app, table)
    frames(app, 2)  # drawn at least once with its line
    session, viewer = table.session, table.viewer
    view = session.view(viewer)
    result = view.results[-1]
    assert len(view.results) == 1 and session.st.rounds_played == 1
    line = scoring.guided_line()
    net = result.net[viewer]
    assert (f"you receive {amount(net)} mon" if net > 0 else f"you pay {amount(-net)} mon"
            if net < 0 else "nothing is paid") in line
    if result.ending == Ending.CARD_POINTS:
        pts = session.rs.points(view.captured_masks[viewer])
        par = session.rs.par(view.positions[viewer], len(session.st.participants))
        assert par == view.par[viewer]
        assert line.startswith(f"You captured {pts} card points: {pts} − {par} = "
                               f"{amount(pts - par, sign=True)}")
        # the card-point payments that touch the viewer carry the same par
        mine = [p for p in result.payments if viewer in (p.frm, p.to)]
        assert all(p.basis is not None for p in mine)
        assert sum(p.amount if p.to == viewer else -p.amount for p in mine) \
            == result.net[viewer]
    else:
        assert ending_text(result.ending).lower() in line.lower()
    # Enter goes on to round 2; the line belongs to the first round only
    key(app, pygame.K_RETURN)
    assert app.stack.find(ScoringScene) is None


def test_no_guided_line_outside_a_guided_game(app):
    app.settings.welcome_seen = True
    seats = [SeatSpec("You", "human"), SeatSpec("B", "ai:random"), SeatSpec("C", "ai:random")]
    session = GameSession("curriculum", {"tier": 1}, seats, 3)
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 2)
    scoring = _play_round(app, table)
    assert scoring.guided_line() == ""
    session.guided_stop = 3  # the same round in a guided game has its line
    assert scoring.guided_line().startswith(("You captured", "Misdeal", "Hands played out"))
