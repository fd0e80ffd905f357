"""The game's driver without a window (issue 25, item 1): a whole game of computers, a
human's actions, undo, the computer's pace and fast-forward, autosave and its failures, the
finished game kept. The table scene drives a session exactly this way; so can the party
mode's network host."""

from __future__ import annotations

import errno
import subprocess
import sys
import time

import pytest

from game import files, replays, storage
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.play.driver import PlayDriver
from game.play.session import GameSession, SeatSpec, Step

COMPUTERS = [SeatSpec(n, "ai:random") for n in ("Ana", "Ren", "Yui")]
ONE_HUMAN = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"),
             SeatSpec("Yui", "ai:random")]


def test_the_driver_and_the_flow_import_without_pygame():
    code = ("import sys; import game.play.driver, game.ui.table_flow; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def run(driver: PlayDriver, human=None, limit: float = 60.0) -> list[str]:  # noqa: ANN001
    """Advance until the game is over (or a human is to act and `human` is None); the
    kinds of every event made, in order."""
    kinds: list[str] = []
    deadline = time.monotonic() + limit
    while driver.step is not Step.OVER and time.monotonic() < deadline:
        if driver.step is Step.HUMAN:
            if human is None:
                break
            kinds += [e.kind for e in driver.apply(human(driver.session))]
            continue
        events = driver.advance()
        if events is None:
            time.sleep(0.001)  # a computer is thinking in its worker
        else:
            kinds += [e.kind for e in events]
    return kinds


def first_legal(session: GameSession) -> Action:
    return session.view(session.st.to_move).legal[0]


def test_a_whole_game_of_computers_runs_through_the_driver():
    session = GameSession("hachihachi", {"rounds": 2}, COMPUTERS, 7)
    driver = PlayDriver(session)
    kinds = run(driver)
    assert driver.step is Step.OVER
    assert kinds.count("round_start") >= 2 and kinds.count("round_end") >= 2
    assert len(session.st.results) >= 2 and sum(session.st.totals) == 0
    # the same seed plays the same game (chance and computers are seeded)
    again = GameSession("hachihachi", {"rounds": 2}, COMPUTERS, 7)
    assert run(PlayDriver(again)) == kinds
    assert again.record().rounds == session.record().rounds
    driver.shutdown()


def test_a_human_acts_through_the_driver_and_an_illegal_action_changes_nothing():
    session = GameSession("hachihachi", {"rounds": 1}, ONE_HUMAN, 3)
    driver = PlayDriver(session)
    run(driver)
    assert driver.step is Step.HUMAN and driver.advance() is None  # it waits for the human
    before = session.move_key()
    view = session.view(session.st.to_move)
    wrong = Action((view.seat + 1) % 3, view.legal[0].verb, view.legal[0].args)
    with pytest.raises(IllegalAction):
        driver.apply(wrong)
    assert session.move_key() == before
    kinds = run(driver, first_legal)
    assert driver.step is Step.OVER and "round_end" in kinds
    driver.shutdown()


def test_undo_takes_the_human_decision_back_and_drops_the_computers_thinking():
    session = GameSession("hachihachi", {"rounds": 1}, ONE_HUMAN, 3)
    driver = PlayDriver(session)
    run(driver)
    assert driver.undo() is None  # no decision of the human yet this round
    decision = first_legal(session)
    cut = len(session.st.actions)
    driver.apply(decision)
    while driver.step is not Step.HUMAN and driver.step is not Step.OVER:
        if driver.advance() is None:
            time.sleep(0.001)
    driver.advance()  # a computer may be thinking when the human undoes: it is dropped
    driver.fast = True
    events = driver.undo()
    assert events and events[0].kind == "round_start"
    assert len(session.st.actions) == cut and session.undo_count == 1
    assert session.view(session.st.to_move).legal[0] == decision
    assert driver.ai_action is None and not driver.worker.busy and not driver.fast
    driver.shutdown()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_computer_seems_to_think_for_the_minimum_time_unless_fast_forwarding():
    session = GameSession("hachihachi", {"rounds": 1}, COMPUTERS, 5)
    clock = Clock()
    driver = PlayDriver(session, min_think=lambda: 2.0, clock=clock)
    while driver.step is not Step.AI:
        driver.advance()
    moves = len(session.st.actions)
    deadline = time.monotonic() + 10
    while driver.ai_action is None and time.monotonic() < deadline:
        assert driver.advance() is None  # thinking, then holding its choice
        time.sleep(0.001)
    assert driver.ai_action is not None and len(session.st.actions) == moves
    assert driver.thinking(0.0) is False  # the worker is done; the choice is held
    clock.now += 2.5
    assert driver.advance() is not None and len(session.st.actions) == moves + 1
    driver.fast = True  # fast-forward: no waiting at all
    while driver.step is Step.AI and len(session.st.actions) == moves + 1:
        driver.advance()
        time.sleep(0.001)
    assert len(session.st.actions) > moves + 1
    driver.shutdown()


class Stubborn:
    """A computer that always answers with a move nobody may make."""

    def choose(self, view):  # noqa: ANN001, ANN201
        return Action(view.seat, "play", (47, 46))

    def explain(self) -> str:
        return ""


def test_a_computer_choosing_an_illegal_move_plays_its_first_legal_one():
    session = GameSession("hachihachi", {"rounds": 1}, COMPUTERS, 5)
    driver = PlayDriver(session)
    while driver.step is not Step.AI:
        driver.advance()
    seat = session.st.to_move
    first = session.view(seat).legal[0]
    session.agents[seat] = Stubborn()
    deadline = time.monotonic() + 10
    while driver.advance() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    assert session.st.actions[-1] == first
    driver.shutdown()


def test_a_deal_ends_fast_forward():
    session = GameSession("hachihachi", {"rounds": 1}, COMPUTERS, 5)
    driver = PlayDriver(session)
    driver.fast = True
    assert driver.step is Step.DEAL and driver.advance()
    assert not driver.fast


def test_autosave_keeps_the_game_and_the_notes_and_tells_a_failure_once(tmp_path,
                                                                        monkeypatch):
    paths = storage.default_paths(tmp_path).ensure()
    told: list[tuple[str, str]] = []
    session = GameSession("hachihachi", {"rounds": 1}, COMPUTERS, 5)
    driver = PlayDriver(session, paths, tell=lambda title, text: told.append((title, text)))
    while len(session.st.actions) < 3:
        if driver.advance() is None:
            time.sleep(0.001)
    saved, _why = storage.load_autosave(paths)
    assert saved is not None and saved.rounds == session.record().rounds
    assert replays.read_notes(paths.autosave) == session.ai_notes != {}

    def write_all(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_all", write_all)
    moves = len(session.st.actions)
    while len(session.st.actions) < moves + 3:
        if driver.advance() is None:
            time.sleep(0.001)
    assert len(told) == 1 and told[0][0] == "Not saved" and "full" in told[0][1]
    assert driver.save_problem == told[0][1]
    monkeypatch.undo()
    driver.autosave()  # room again: saved, and a later failure is told again
    assert driver.save_problem is None
    saved, _why = storage.load_autosave(paths)
    assert saved is not None and saved.rounds == session.record().rounds
    monkeypatch.setattr(files, "_write_all", write_all)
    driver.autosave()
    assert len(told) == 2
    driver.shutdown()


def test_the_finished_game_is_kept_with_its_record_and_statistics(tmp_path):
    from game import stats

    paths = storage.default_paths(tmp_path).ensure()
    session = GameSession("hachihachi", {"rounds": 1}, COMPUTERS, 9)
    driver = PlayDriver(session, paths)
    run(driver)
    kept = driver.finish()
    assert kept.path is not None and kept.path.exists() and kept.problem is None
    assert storage.read_record(kept.path).rounds == session.record().rounds
    assert not paths.autosave.exists()  # the game is no longer in progress
    db, _told = stats.open_db(paths.stats_db)
    with db:
        assert len(db.history()) == 1
    assert PlayDriver(session).finish() == storage.Kept()  # no files: nothing kept
    driver.shutdown()
