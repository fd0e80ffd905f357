"""Issue 24, item 12: the New game Seed field accepts only what the record and the
statistics can hold, says why otherwise on the setup screen, and never crashes Start or
loses the setup; every valid seed, 2**63 and up included, is played, recorded and counted."""

from __future__ import annotations

import pygame
import pytest

from game import stats, storage
from game.seeds import MAX_SEED, parse_seed
from game.ui.scenes.setup import SetupScene
from tests.ui.driver import click, frames, key, make_app


@pytest.mark.parametrize("text, seed", [("", None), (" 42 ", 42), ("0", 0),
                                        (str(MAX_SEED), MAX_SEED), ("000" + "7", 7),
                                        ("0" * 30 + "5", 5), (str(2**63), 2**63)])
def test_valid_seeds(text, seed):
    assert parse_seed(text) == (seed, None)


@pytest.mark.parametrize("text, words", [("²", "digits 0 to 9"), ("١٢", "digits 0 to 9"),
                                         ("-1", "digits 0 to 9"), ("1e5", "digits 0 to 9"),
                                         (str(MAX_SEED + 1), "at most"),
                                         ("9" * 5000, "at most")])
def test_seeds_the_record_cannot_hold_are_refused_with_a_reason(text, words):
    seed, problem = parse_seed(text)
    assert seed is None and words in problem


def type_seed(app, setup: SetupScene, text: str) -> None:  # noqa: ANN001
    entry = next(e for e, k in setup.widgets.items() if k == ("seed", None))
    click(app, entry.rect.center)
    entry.set_text("")
    setup._entry(entry, "")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 2)


@pytest.mark.parametrize("text", ["²", "9" * 5000])
def test_a_bad_seed_is_told_on_the_setup_screen_and_start_keeps_the_setup(tmp_path, text):
    app = make_app(tmp_path)
    setup = SetupScene(app)
    app.stack.push(setup)
    frames(app, 2)
    type_seed(app, setup, text)
    assert setup.seed_text == text or setup.seed_text == text[:len(setup.seed_text)]
    assert setup.error_label is not None and "seed" in setup.error_label.text.lower()
    assert not setup.start_button.is_enabled
    setup.start()  # as Enter on Start would
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is setup and not app.errors, app.errors
    type_seed(app, setup, str(2**63 + 5))
    assert setup.start_button.is_enabled and setup.error_label.text == ""
    session = setup.session()
    assert session is not None and session.seed == 2**63 + 5
    app.close()


def test_a_game_with_a_seed_from_2_63_is_recorded_and_counted(tmp_path):
    from game.ui.session import GameSession, SeatSpec

    paths = storage.default_paths(tmp_path).ensure()
    seats = [SeatSpec("You", "human"), SeatSpec("B", "ai:random"), SeatSpec("C", "ai:random")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, MAX_SEED)
    while (step := session.next_step()) != "over":
        if step == "deal":
            session.deal()
        elif step == "chance":
            session.chance()
        else:
            seat = session.st.to_move
            agent = session.agents.get(seat) or session.agents[1]
            session.apply(agent.choose(session.view(seat)))
    kept = storage.keep_finished(paths, session.record(), state=session.st,
                                 source=paths.autosave, save_first=True)
    assert kept.path is not None and kept.told is None
    assert storage.read_record(kept.path).seed == MAX_SEED
    db, _ = stats.open_db(paths.stats_db)
    with db:
        assert db.count() == 1
        stored = db.conn.execute("SELECT seed FROM games").fetchone()[0]
    assert stats.seed_from_db(stored) == MAX_SEED
