"""Undo against the computer (issue 14), driven by real key presses and clicks: Ctrl+Z or the
Undo button takes back the human's last decision and the computers' moves after it, shows
exactly the view of before, keeps every draw where it was, and the redone game's record
replays; never in hot-seat; the count survives Save and quit -> Continue."""

from __future__ import annotations

import pygame

from game import storage
from game.engine import record as records
from game.engine.cards import CARD_IDS, INDEX
from game.ui.scenes.table import TableScene
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, play_by_keys, start_table
from tests.ui.test_resume import _continue, _save_and_quit

AGAINST_COMPUTERS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _pile(table: TableScene) -> list[int]:
    """The draw pile still to come, top first (the engine's own list)."""
    st = table.session.st
    return list(st.pile[st.pile_pos:])


def _play_card(app, table: TableScene, avoid: str | None = None) -> str:  # noqa: ANN001
    """Play a hand card (not `avoid`) by number keys, its first target if asked; its id."""
    plays = table.input.plays()
    card = next(c for c in table.input.hand_cards() if c in plays and c != avoid)
    n = table.input.hand_numbers()[card]  # a card keeps its number as the hand closes up
    key(app, pygame.K_0 + n)
    key(app, pygame.K_0 + n)
    if table.input.candidates():
        key(app, pygame.K_1)
    return card


def _computers_moved(app, table: TableScene, since: int) -> bool:  # noqa: ANN001
    """Play on to the human's next turn; True if a computer acted after `since` actions."""
    assert run_until(app, lambda: my_turn(app, table) or app.stack.top.name == "scoring",
                     3000, lambda: dismiss(app))
    return any(a.seat != 0 for a in table.session.st.actions[since:])


def _undo_key(app) -> None:  # noqa: ANN001
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 2)


def test_undo_restores_the_view_keeps_the_draws_and_the_redone_game_replays(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, AGAINST_COMPUTERS, seed=11)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)
    assert "undo" not in table.tv.top_buttons  # nothing of the human's to take back yet
    view_before = table.session.view(0)
    shown_before = table.shown_view
    hand_before = table.input.hand_cards()
    log_before = list(table.log)
    pile_before = _pile(table)
    deck_before = table.session.st.history[-1][0]
    n_before = len(table.session.st.actions)

    played = _play_card(app, table)
    assert _computers_moved(app, table, n_before)
    assert app.stack.top is table
    assert len(table.log) > len(log_before)
    frames(app, 2)
    assert "undo" in table.tv.top_buttons  # the button shows once undo is possible

    _undo_key(app)
    assert table.session.undo_count == 1
    assert table.session.view(0) == view_before
    assert table.shown_view == shown_before
    assert table.input.hand_cards() == hand_before
    assert table.log == log_before
    assert _pile(table) == pile_before
    assert table.session.st.history[-1][0] == deck_before
    assert len(table.session.st.actions) == n_before
    assert my_turn(app, table)
    frames(app, 2)
    assert "undo" not in table.tv.top_buttons  # back at the first decision of the round
    saved = storage.read_record(app.paths.autosave)
    assert saved.app["undo_count"] == 1
    _undo_key(app)  # nothing left to take back: no effect
    assert table.session.undo_count == 1 and table.session.view(0) == view_before

    # a different card this time: the pile it meets is the same
    other = _play_card(app, table, avoid=played)
    assert other != played
    assert table.session.st.actions[n_before].args[0] == INDEX[other] != INDEX[played]

    def step() -> None:
        if my_turn(app, table):
            play_by_keys(app, table)
        else:
            dismiss(app)

    assert run_until(app, lambda: app.stack.top.name == "scoring", 5000, step)
    rec = table.session.record()
    assert rec.rounds[0]["deck"] == [CARD_IDS[c] for c in deck_before]
    rep = records.replay(records.loads(rec.dumps()))
    assert rep.results == table.session.st.results
    assert rep.state.view(0).totals == table.session.view(0).totals
    assert rec.app["undo_count"] == 1
    assert not app.errors
    app.close()


def test_undo_is_refused_in_hotseat(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, [("Ana", "human"), ("Ben", "human"), ("Yui", "ai:random")],
                        seed=5)
    assert table.hotseat
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    n = len(table.session.st.actions)
    _play_card(app, table)
    assert len(table.session.st.actions) > n
    actions = list(table.session.st.actions)
    frames(app, 2)
    assert "undo" not in table.tv.top_buttons
    _undo_key(app)
    assert table.session.st.actions == actions
    assert table.session.undo_count == 0
    assert not table.session.can_undo
    assert not app.errors
    app.close()


def test_undo_after_continue_keeps_working_and_the_count(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, AGAINST_COMPUTERS, seed=11)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    n = len(table.session.st.actions)
    _play_card(app, table)
    assert _computers_moved(app, table, n)
    frames(app, 2)
    click(app, table.tv.top_buttons["undo"].center)  # the button, this time
    assert table.session.undo_count == 1
    assert len(table.session.st.actions) == n
    _play_card(app, table)
    assert _computers_moved(app, table, n)
    _save_and_quit(app)

    t2 = _continue(app)
    assert t2.session.undo_count == 1
    assert run_until(app, lambda: my_turn(app, t2), 3000, lambda: dismiss(app))
    view = t2.session.view(0)
    log = list(t2.log)
    m = len(t2.session.st.actions)
    _play_card(app, t2)
    assert _computers_moved(app, t2, m)
    _undo_key(app)
    assert t2.session.undo_count == 2
    assert t2.session.view(0) == view
    assert t2.log == log
    assert storage.read_record(app.paths.autosave).app["undo_count"] == 2
    assert not app.errors
    app.close()


def _drive(session, until) -> None:  # noqa: ANN001
    """Play the session without a window (the human: its first legal action) until
    `until()` holds."""
    for _ in range(500):
        if until():
            return
        step = session.next_step()
        if step == "deal":
            session.deal()
        elif step == "chance":
            session.chance()
        elif step == "human":
            session.apply(session.view(session.st.to_move).legal[0])
        elif step == "ai":
            seat = session.st.to_move
            session.apply(session.agents[seat].choose(session.view(seat)))
        else:
            break
    raise AssertionError("the game never reached the point wanted")


def test_undo_reuses_the_chance_outcome_it_took_back():
    """Four seats: the human's join or drop comes before the `* deck` reshuffle. Undo takes
    the reshuffle back with the decision; the same decision then meets the same deck even
    when a new shuffle would differ (here: the session's seed is changed)."""
    from game.engine.actions import CHANCE
    from game.play.session import GameSession, SeatSpec

    seats = [SeatSpec("Ana", "human")] + [SeatSpec(n, "ai:random") for n in ("R", "Y", "K")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, 3)

    def shuffled() -> bool:
        acts = session.st.actions
        return any(a.seat == CHANCE for a in acts) and any(a.seat == 0 for a in acts)

    _drive(session, shuffled)
    acts = list(session.st.actions)
    deck_action = next(a for a in acts if a.seat == CHANCE)
    cut = max(i for i, a in enumerate(acts) if a.seat == 0)
    assert cut < acts.index(deck_action)  # the human decided before the reshuffle
    assert session.undo() is not None
    assert session.st.actions == acts[:cut]
    session.seed ^= 0x5EED  # a fresh shuffle would now come out differently
    fresh = session.st.clone()
    session.apply(acts[cut])
    for a in acts[cut + 1:]:  # the same computer answers, then the chance step
        if a.seat == CHANCE:
            assert session.next_step() == "chance"
            session.chance()
        else:
            session.apply(a)
    assert session.st.actions == acts
    # and the generator alone would not have given that deck
    fresh.apply(acts[cut])
    for a in acts[cut + 1:]:
        if a.seat == CHANCE:
            break
        fresh.apply(a)
    assert fresh.sample_chance(session._rng(1 + len(fresh.actions))) != deck_action


def test_the_same_move_after_undo_meets_the_same_computer_answers():
    """The computers' generators are put back with the position: replaying the move taken
    back brings the same answers (random players, whose answers would otherwise change)."""
    from game.play.session import GameSession, SeatSpec

    seats = [SeatSpec("Ana", "human"), SeatSpec("R", "ai:random"), SeatSpec("Y", "ai:random")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, 8)

    def human_played(n: int):  # noqa: ANN202
        return lambda: (session.next_step() == "human"
                        and sum(a.seat == 0 for a in session.st.actions) >= n)

    _drive(session, human_played(2))  # the human has played once and is to move again
    answered = list(session.st.actions)
    cut = max(i for i, a in enumerate(answered) if a.seat == 0)
    rounds = 0
    for _ in range(3):  # more than once: an undo can be undone again to the same point
        session.undo()
        assert session.st.actions == answered[:cut]
        _drive(session, human_played(2))
        assert session.st.actions == answered
        rounds += 1
    assert session.undo_count == rounds


def test_undo_while_a_computer_thinks_drops_its_move(tmp_path):
    """Ctrl+Z while the next computer is still 'thinking' (its move held back by the pace
    setting): the move never lands on the restored position; the human is to move."""
    app = make_app(tmp_path)
    table = start_table(app, AGAINST_COMPUTERS, seed=11)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    app.settings.ai_pace = "relaxed"
    view = table.session.view(0)
    n = len(table.session.st.actions)
    _play_card(app, table)
    assert run_until(app, lambda: table.session.next_step() == "ai"
                     and (table.worker.busy or table.driver.ai_action is not None), 600)
    _undo_key(app)
    assert table.session.view(0) == view and len(table.session.st.actions) == n
    assert not table.worker.busy and table.driver.ai_action is None
    frames(app, 90)  # 1.5 s of the window's clock, past the relaxed pace: nothing arrives late
    assert len(table.session.st.actions) == n and my_turn(app, table)
    assert not app.errors
    app.close()
