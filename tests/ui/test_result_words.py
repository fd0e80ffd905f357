"""Issue 45 items 8 and 11: the game-end screen's words fit the player's finish (a win, a
middle place and the last place each their own; no "Well played" for the last), and Enter
pressed on through the end of a game never starts a new one."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import storage
from game.play.session import GameSession
from game.simulate import simulate
from game.ui import result_model as rm
from game.ui.result_model import Finish
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, key, make_app

NAMES = ["Ana", "Ren", "Yui", "Kenji"]


@pytest.fixture
def app(tmp_path: Path):  # noqa: ANN201
    a = make_app(tmp_path)
    yield a
    a.close()


def _open(app, seed: int, human: int = 0, seats: int = 3, keep: bool = True,  # noqa: ANN001
          humans: int = 1) -> ResultScene:
    rec = simulate("hachihachi", {"rounds": 3}, seats, ["rules"], seed, names=NAMES[:seats])
    for i in range(seats):
        rec.seats[i]["kind"] = "human" if human <= i < human + humans else "ai:rules"
    path = storage.keep_finished(app.paths, rec).path if keep else None
    scene = ResultScene(app, GameSession.from_record(rec), path)
    app.stack.reset(scene)
    frames(app, 2)
    return scene


def test_the_finish_from_winners_and_places() -> None:
    places = [(1, 2), (2, 0), (3, 1)]
    assert rm.finish([2], [2], places) is Finish.WIN
    assert rm.finish([0], [2], places) is Finish.MIDDLE
    assert rm.finish([1], [2], places) is Finish.LAST
    assert rm.finish([1], [2], [(1, 2), (2, 0), (2, 1)]) is Finish.LAST  # a shared last
    assert rm.finish([0, 1], [2], places) is Finish.NAMED
    assert rm.finish([], [2], places) is Finish.NAMED


def test_win_middle_and_last_each_have_their_own_words(app) -> None:  # noqa: ANN001
    seen: dict[Finish, tuple[str, str]] = {}
    for seed in (3, 7, 11):
        for human in range(3):  # the same game from each seat
            scene = _open(app, seed, human, keep=False)
            seen.setdefault(scene.model.finish, scene.headline())
        if len(seen) == 3:
            break
    assert set(seen) == {Finish.WIN, Finish.MIDDLE, Finish.LAST}, seen
    words = {f: big for f, (big, _sub) in seen.items()}
    assert len(set(words.values())) == 3, words  # three different greetings
    assert words[Finish.LAST] != "Well played"
    assert "finished in place 2 of" in seen[Finish.MIDDLE][1]


def test_hot_seat_and_computers_only_speak_of_the_winner(app) -> None:  # noqa: ANN001
    hot = _open(app, 3, humans=2, keep=False)
    assert hot.model.finish is Finish.NAMED
    winner = hot.session.names()[hot.model.winners[0]]
    big, _sub = hot.headline()
    assert winner in big and "Well played" not in big and "Not this time" not in big


@pytest.mark.parametrize("keep", [True, False])
def test_enter_mashed_through_the_end_starts_no_game(app, keep) -> None:  # noqa: ANN001
    """Fresh Enter presses from the screen's first frame: the celebration ends, then the
    focused button is the review (or Title without a record), never Play again."""
    scene = _open(app, 7, keep=keep)
    for _ in range(2):
        if app.stack.top is not scene:
            break
        key(app, pygame.K_RETURN)
    assert app.stack.find(TableScene) is None
    assert app.stack.top.name == ("review" if keep else "title")


def test_a_player_who_did_not_win_finds_their_own_row_framed(app, monkeypatch) -> None:  # noqa: ANN001
    """The winners' rows are framed in gold; the one human's row, when it did not win, in the
    text colour; nobody else's (issue 45, item 13)."""
    import pygame

    from game.ui import theme

    for seed in (3, 7, 11):
        for human in range(3):
            scene = _open(app, seed, human, keep=False)
            if scene.model.finish is Finish.LAST:
                break
        else:
            continue
        break
    assert scene.model.finish is Finish.LAST and scene.own_row() == human
    frames_drawn: list[tuple] = []
    real = pygame.draw.rect

    def spy(surface, color, rect, width=0, **kw):  # noqa: ANN001, ANN202
        if width == 1 and color in (theme.GOLD, theme.TEXT):
            frames_drawn.append((tuple(color), pygame.Rect(rect).y))
        return real(surface, color, rect, width, **kw)

    monkeypatch.setattr(pygame.draw, "rect", spy)
    scene._static = None  # the placings are painted once into a kept layer: paint it again
    frames(app, 1)
    colours = [c for c, _y in frames_drawn]
    assert colours.count(tuple(theme.TEXT)) == 1 and tuple(theme.GOLD) in colours, colours
    winners_only = _open(app, seed, 0, humans=2, keep=False)  # hot seat: no "own" row
    assert winners_only.own_row() is None
