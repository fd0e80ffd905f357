"""Hot-seat (TABLE.md §5.11): the hand-over hides every hand until the next human confirms."""

from __future__ import annotations

import pygame

from game.play.session import GameSession, SeatSpec
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, idle, key, make_app, run_until


def _no_face_up_hand(table: TableScene) -> bool:
    return all(c is None for hand in table.tv.model.hands for c in hand
               if c not in {x for cs in table.tv.model.claims.values() for x in cs})


def test_handover_hides_hands_and_rotates(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ben", "human"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 21))
    app.stack.push(table)
    seen_handover_for: set[int] = set()
    confirmed = 0
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, HandoverScene):
            # while it is up: the table shows no private card and is not drawn at all
            assert table.shown_view.hand_mask == 0
            assert table.shown_view.legal == ()
            assert _no_face_up_hand(table)
            assert table not in app.stack.visible()
            seen_handover_for.add(top.seat)
            key(app, pygame.K_RETURN)  # too early: the 400 ms guard ignores it
            assert app.stack.top is top
            top.opened -= 1.0
            key(app, pygame.K_RETURN)
            assert table.viewer == top.seat and table.confirmed
            confirmed += 1
        elif top is table and table.human_to_move() and idle(table):
            v = table.shown_view
            seat = table.viewer
            assert v.hand_mask or not v.hand_counts[seat] or v.phase in ("mizuten", "swap")
            action = table.shown_view.legal[0]
            table.act(action)
            frames(app, 1)
            if table.session.st.to_move != seat or table.session.next_step() != "human":
                assert table.shown_view.hand_mask == 0  # privacy: face down at once
        elif top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)
        elif top.name == "result":
            break
        frames(app, 1)
    assert seen_handover_for == {0, 1}
    assert confirmed >= 4
    assert not app.errors
    app.close()


def test_ai_turns_in_hotseat_show_hands_face_down(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ben", "human"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 5))
    app.stack.push(table)

    def ai_on_move() -> bool:
        return (app.stack.top is table and table.session.next_step() == "ai"
                and table.play_started and idle(table))

    def confirm() -> None:
        top = app.stack.top
        if isinstance(top, HandoverScene):
            top.opened -= 1.0
            top._confirm()
        elif top is table and table.human_to_move() and idle(table):
            table.act(table.shown_view.legal[0])
        elif top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)

    assert run_until(app, ai_on_move, 4000, confirm)
    assert _no_face_up_hand(table)
    app.close()


def test_handover_names_nobody_you_and_tells_everything_since_the_last_turn(tmp_path):
    """Issue 23: "Pass to You / I am You" with the default name, and a summary of the last
    six lines that dropped the other human's play."""
    app = make_app(tmp_path)
    seats = [SeatSpec("You", "human"), SeatSpec("Ben", "human"), SeatSpec("Yui", "ai:random"),
             SeatSpec("Mia", "ai:random"), SeatSpec("Ken", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 21))
    assert table.session.names()[:2] == ["Player 1", "Ben"]
    app.stack.push(table)
    checked = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, HandoverScene):
            assert "You" not in top.title
            assert all("I am You" not in b.label for b in top.group.buttons)
            missed = table.chronicle.since_turn_of(top.seat)
            other = 1 - top.seat
            if table.chronicle.since.get(top.seat) is not None and 0 < len(missed) <= 13:
                shown = [line.removeprefix("· ") for line in top.lines]
                assert all(line in shown for line in missed)
                if table.chronicle.since.get(other, -1) >= table.chronicle.since[top.seat]:
                    checked += 1  # the other human played since: their play is told
            top.opened -= 1.0
            key(app, pygame.K_RETURN)
        elif top is table and table.human_to_move() and idle(table):
            table.act(table.shown_view.legal[0])
        elif top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)
        elif top.name == "result":
            break
        frames(app, 1)
    assert checked >= 2
    assert not app.errors
    app.close()


def test_a_move_in_the_frame_a_handover_is_confirmed_waits_for_play(tmp_path):
    """A click that lands on the table in the very frame the hand-over is confirmed (before
    the flow is back in play) is refused; the game goes on and the next hand-over opens."""
    app = make_app(tmp_path)
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ben", "human"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 21))
    app.stack.push(table)
    tried = handovers = 0
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, HandoverScene):
            handovers += 1
            top.opened -= 1.0
            top._confirm()  # confirmed; the table's phase is still the hand-over's
            if table.session.next_step() == "human" and table.session.st.to_move == top.seat:
                legal = table.session.view(top.seat).legal
                assert not table.human_to_move()
                assert not table.act(legal[0])  # too early: refused, nothing moved
                tried += 1
        elif top is table and table.human_to_move() and idle(table):
            table.act(table.shown_view.legal[0])
        elif top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)
        elif top.name == "result":
            break
        frames(app, 1)
    assert tried >= 2 and handovers >= 3
    assert app.stack.top.name == "result"  # the game never hung without a hand-over
    assert not app.errors
    app.close()
