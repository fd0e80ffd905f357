"""Keys that never act on their own (issue 23, major 1).

pygame repeats a held key by posting the same KEYDOWN again, without a KEYUP between: these
tests post exactly that across the title's Continue, the ledger's Next round and a hot-seat
hand-over, and check that the record holds no action the player did not make.
"""

from __future__ import annotations

import pygame

from game.play.session import GameSession, SeatSpec
from game.ui.keygate import KeyGate
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, idle, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn


def _down(app, k: int) -> None:  # noqa: ANN001
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r",
                                         scancode=0))
    frames(app, 1)


def _up(app, k: int) -> None:  # noqa: ANN001
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="\r",
                                         scancode=0))
    frames(app, 1)


def hold(app, k: int, repeats: int = 40, between: int = 2) -> None:  # noqa: ANN001
    """A press, then pygame's key repeats (the same KEYDOWN, no KEYUP), then the release."""
    _down(app, k)
    for _ in range(repeats):
        _down(app, k)
        frames(app, between)
    _up(app, k)


def actions_of(session: GameSession, seat: int) -> int:
    return sum(1 for _deck, acts in session.st.history for a in acts if a.seat == seat)


def _to_my_turn(app, table: TableScene) -> None:  # noqa: ANN001
    assert run_until(app, lambda: my_turn(app, table), 4000, lambda: dismiss(app))


def test_gate_rules():
    """The gate alone: a repeat reaches only the context of its press, and only for keys
    that move a focus; a release belongs to its press; a lost KEYUP goes stale."""
    now = [0.0]
    gate = KeyGate(clock=lambda: now[0])
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)
    left = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT)
    assert gate.admit(enter, "a")
    assert not gate.admit(enter, "a")  # a repeat of Enter never acts
    assert not gate.admit(enter, "b")
    assert gate.admit(left, "a")
    assert gate.admit(left, "a")  # an arrow's repeat moves the focus on
    assert not gate.admit(left, "b")  # but not in another scene
    assert gate.admit(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT), "b")
    assert gate.admit(left, "b")  # a fresh press after the release acts
    now[0] += 5.0  # the KEYUP of Enter never came: the next press is a new one
    assert gate.admit(enter, "b")
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(0, 0))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(0, 0))
    assert gate.admit(down, "a") and not gate.admit(up, "b")
    assert gate.admit(down, "b") and gate.admit(up, "b")


def test_held_enter_on_continue_plays_nothing(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 2}, seats, 7))
    app.stack.reset(table)
    _to_my_turn(app, table)
    before = actions_of(table.session, 0)
    app.stack.reset(TitleScene(app))  # the autosave holds the game at the human's turn
    frames(app, 2)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.saved is not None
    title.group.index = 0  # Continue
    hold(app, pygame.K_RETURN)
    frames(app, 30)
    resumed = app.stack.find(TableScene)
    assert resumed is not None and resumed is not table
    assert actions_of(resumed.session, 0) == before
    assert not app.errors
    app.close()


def test_held_enter_on_next_round_plays_nothing(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 2}, seats, 11))
    app.stack.reset(table)

    def play_on() -> None:
        if not dismiss(app) and my_turn(app, table):
            table.act(table.shown_view.legal[0])

    assert run_until(app, lambda: isinstance(app.stack.top, ScoringScene), 20000, play_on)
    rounds = len(table.session.st.history)
    hold(app, pygame.K_RETURN, repeats=60)
    frames(app, 60)
    st = table.session.st
    assert len(st.history) == rounds + 1  # the next round was dealt
    assert not any(a.seat == 0 for a in st.actions), "a held key played in the new round"
    claims = any(c.items for c in table.shown_view.claims.values())
    if table.has_teyaku() and table.play_started and claims:
        assert app.stack.top.name == "teyaku", "the reveal was dismissed unseen"
    assert not app.errors
    app.close()


def test_held_enter_on_handover_confirms_once_and_plays_nothing(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ben", "human"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 21))
    app.stack.reset(table)

    def at_handover() -> bool:
        return isinstance(app.stack.top, HandoverScene)

    def other() -> None:
        top = app.stack.top
        if top.name == "teyaku":
            key(app, pygame.K_RETURN)
        elif top is table and table.human_to_move() and idle(table):
            table.act(table.shown_view.legal[0])

    assert run_until(app, at_handover, 6000, other)
    handover = app.stack.top
    handover.opened -= 1.0  # past the guard
    seat = handover.seat
    made = [actions_of(table.session, s) for s in (0, 1)]
    hold(app, pygame.K_RETURN, repeats=80)
    frames(app, 30)
    assert table.viewer == seat and table.confirmed  # the fresh press confirmed
    assert [actions_of(table.session, s) for s in (0, 1)] == made, "a held key played"
    # the next human's hand was never shown by the repeats of the first one's key
    top = app.stack.top
    assert top is table or top.name in ("teyaku", "handover")
    assert not app.errors
    app.close()


def test_repeat_never_crosses_into_a_new_scene_even_for_arrows(tmp_path):
    """An arrow held on the title keeps moving the title's focus, not the next scene's."""
    app = make_app(tmp_path)
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    _down(app, pygame.K_DOWN)
    _down(app, pygame.K_DOWN)
    assert title.group.index >= 1  # the repeat moved the focus within the title
    title.learn()  # a new scene opens under the held key
    frames(app, 1)
    learn = app.stack.top
    assert learn is not title
    before = getattr(getattr(learn, "group", None), "index", None)
    _down(app, pygame.K_DOWN)
    assert getattr(getattr(learn, "group", None), "index", None) == before
    _up(app, pygame.K_DOWN)
    app.close()
