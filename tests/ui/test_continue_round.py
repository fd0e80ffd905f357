"""The title's Continue line names the round the continued game shows (issue 23, minor 13):
saved at a ledger, the ledger's round; after a misdeal (not a round played: the same round is
dealt again) the round that was misdealt, not one less."""

from __future__ import annotations

import random

from game import storage
from game.engine.cards import INDEX
from game.engine.rng import Rng
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, make_app

SEATS = [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]


def _play_round(session: GameSession, rng: random.Random) -> None:
    st = session.st
    session.deal()
    while st.view(0).phase not in ("deal", "over"):
        if st.is_chance():
            st.apply(st.sample_chance(Rng(rng.getrandbits(48))))
        else:
            st.apply(rng.choice(st.legal_actions()))


def _misdeal(session: GameSession) -> None:
    """Deal a deck whose field holds the four Pine cards (a misdeal)."""
    pine = [INDEX[c] for c in ("crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2")]
    rest = [c for c in session.rs.deck_cards if c not in pine]
    deck = rest[:21] + pine + rest[21:]
    session.st.start_round(deck)
    assert session.st.results[-1].ending == "misdeal"


def _continue_line(app) -> str:  # noqa: ANN001
    title = TitleScene(app)
    app.stack.reset(title)
    frames(app, 2)
    return title.saved_text


def test_continue_names_the_misdealt_round_as_its_ledger_does(tmp_path):
    app = make_app(tmp_path)
    session = GameSession("hachihachi", {"rounds": 4}, SEATS, 5, 0)
    _play_round(session, random.Random(1))
    assert session.st.rounds_played == 1
    storage.save_autosave(app.paths, session.record())
    assert "Round 1 / 4" in _continue_line(app)  # at round 1's ledger
    _misdeal(session)  # round 2 misdealt: still one round played
    assert session.st.rounds_played == 1
    storage.save_autosave(app.paths, session.record())
    line = _continue_line(app)
    assert "Round 2 / 4" in line, line
    title = app.stack.top
    click(app, title.group.buttons[0].rect.center)  # Continue: the misdeal's ledger
    frames(app, 5)
    scoring = app.stack.top
    assert scoring.name == "scoring" and scoring.headline().startswith("Round 2 ")
    app.close()
