"""Issue 43 ("Nothing lost, part two"), items 4 and 11: a game played on a full disk is
written before the program quits, if there is room by then; a saved game that a later copy
of the same game outranks is never offered again; and what the player is told about
records and saved games is true (written now or already there, lost or not, a game in
progress or not, how far a Hachi match is).

The full disk is simulated as in tests/test_keep_finished.py: every write into the given
folders fails with ENOSPC before a byte reaches them, and `full.undo()` is the player
freeing some space."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import stats, storage
from game.engine import record as records
from game.simulate import simulate
from tests.disk import disk_full as fail_writes
from tests.ui.driver import frames, make_app

ROOT = Path(__file__).resolve().parents[1]


_FULL: list[pytest.MonkeyPatch] = []  # full disks a failing test left: emptied after it


@pytest.fixture(autouse=True)
def fresh_memory(fresh_keeper):  # noqa: ANN001, ANN201
    """Each test is a run of its own: nothing kept in memory or set aside by another."""
    yield
    while _FULL:
        _FULL.pop().undo()


def finished(seed: int = 3) -> records.Record:
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], seed,
                   names=["You", "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"
    return rec


def early(rec: records.Record, actions: int = 2) -> records.Record:
    """The same game saved after its deal and `actions` moves (the last save that fitted)."""
    return records.Record(rec.ruleset, rec.options, rec.seats, rec.first_dealer, rec.seed,
                          [dict(rec.rounds[0], actions=rec.rounds[0]["actions"][:actions])])


def disk_full(*folders: Path) -> pytest.MonkeyPatch:
    """Every write into `folders` fails as on a full disk (nothing reaches the folder)
    until `.undo()`."""
    full = pytest.MonkeyPatch()
    _FULL.append(full)
    fail_writes(full, *folders)
    return full


def recorded(paths: storage.Paths, rec: records.Record) -> list[Path]:
    fp = stats.fingerprint(rec)
    out = []
    for p in sorted(paths.records_dir.glob("*.json")):
        try:
            if stats.fingerprint(storage.read_record(p)) == fp:
                out.append(p)
        except Exception:  # noqa: BLE001 - a notes file, or anything else: not this game
            pass
    return out


def in_memory_game(app, rec: records.Record) -> pytest.MonkeyPatch:  # noqa: ANN001
    """A game played on a full disk from its deal: its record and its final save failed,
    so it lives only in memory; the autosave on disk still holds its deal. The disk stays
    full until the returned patch is undone."""
    paths = app.paths
    storage.write_record(paths.autosave, early(rec))
    full = disk_full(paths.data_dir, paths.records_dir)
    kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    assert kept.path is None and storage.kept_in_memory(paths) == 1
    return full


# --- item 4: the quit writes first ------------------------------------------------------
def test_quitting_after_space_was_freed_writes_the_game_kept_in_memory(tmp_path):
    """It warned "quitting now loses them" without trying again, and the game was lost.
    The player is still at the game's end (the title would have tried again)."""
    from game.ui.scenes.message import MessageScene

    app = make_app(tmp_path)
    rec = finished(21)
    full = in_memory_game(app, rec)
    app.stack.reset(MessageScene(app, "Record not saved", "kept in memory"))
    frames(app, 1)
    full.undo()  # the player frees some space, then closes the window
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running, "nothing at risk any more: no question"
    assert len(recorded(app.paths, rec)) == 1 and storage.kept_in_memory(app.paths) == 0
    app.close()


def test_the_quit_dialog_on_a_full_disk_offers_try_again_and_quit_tries_once_more(
        tmp_path):
    from game.ui.scenes.confirm_quit import ConfirmQuitScene
    from game.ui.scenes.title import TitleScene

    app = make_app(tmp_path)
    rec = finished(22)
    full = in_memory_game(app, rec)
    app.stack.reset(TitleScene(app))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    ask = app.stack.top
    assert app.running and isinstance(ask, ConfirmQuitScene)
    assert any("only in memory" in line for line in ask.lines)
    labels = [b.label for b in ask.group.buttons]
    assert labels == ["Quit", "Try again", "Stay"] and ask.group.index == 2  # Stay focused
    ask.try_again()  # still full: still said, nothing pretended
    assert any("only in memory" in line for line in ask.lines)
    full.undo()  # room again
    ask.try_again()
    assert not any("only in memory" in line for line in ask.lines)
    assert any("has now been saved" in line for line in ask.lines)
    assert [b.label for b in ask.group.buttons] == ["Quit", "Stay"]
    assert len(recorded(app.paths, rec)) == 1
    app.close()

    app = make_app(tmp_path / "second")
    rec = finished(23)
    full = in_memory_game(app, rec)
    app.stack.reset(TitleScene(app))
    frames(app, 1)
    app.request_quit()
    ask = app.stack.top
    assert isinstance(ask, ConfirmQuitScene)
    full.undo()  # room comes while the question is on screen; the player quits
    ask.group.buttons[0].action()
    assert not app.running and len(recorded(app.paths, rec)) == 1
    app.close()


def test_quitting_a_game_whose_autosave_failed_saves_its_latest_moves_first(
        tmp_path):
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.table import TableScene

    app = make_app(tmp_path, confirm_quit=False)
    session = GameSession("hachi", {}, [SeatSpec("You", "human"),
                                        SeatSpec("Ren", "ai:random")], 3)
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 2)
    storage.save_autosave(app.paths, session.record())  # the deal fitted
    full = disk_full(app.paths.data_dir)
    table.driver.autosave()
    assert table.driver.save_problem
    session.apply(session.view(session.st.to_move).legal[0])  # a move the disk did not get
    full.undo()
    app.request_quit()
    assert not app.running and not table.driver.save_problem
    assert storage.read_record(app.paths.autosave).rounds == session.record().rounds
    app.close()


# --- item 4: a stale autosave is never offered --------------------------------------------
def test_the_autosave_of_a_game_that_went_on_in_memory_is_never_offered(
        tmp_path, fresh_keeper):
    """The disk filled after the deal; the game ended in memory. The title, in this run
    and after a restart that lost the game, never offers to continue it from its deal."""
    paths = storage.default_paths(tmp_path).ensure()
    rec = finished(24)
    storage.write_record(paths.autosave, early(rec))
    full = disk_full(paths.data_dir, paths.records_dir)
    storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    game, _told = storage.start_up(paths)
    assert game is None and storage.load_autosave(paths) == (None, None)
    full.undo()
    fresh_keeper()  # the player quit anyway: the next run knows nothing of it
    game, _told = storage.start_up(paths)
    assert game is None, "no Continue at the deal of a game that had moved on"
    stale = list(paths.data_dir.glob(f"autosave.json{storage.STALE_MARK}*"))
    assert len(stale) == 1, "set aside, never deleted: the only trace of the lost game"


def test_a_finished_copy_outranks_a_stale_autosave_left_by_a_kill(tmp_path):
    """The record of the game kept in memory was written, then the program was killed
    before its stale autosave went: the next start finds the record newer than the
    autosave, holding every move of it, and does not offer the autosave."""
    paths = storage.default_paths(tmp_path).ensure()
    rec = finished(25)
    storage.write_record(paths.autosave, early(rec))
    os.utime(paths.autosave, (1_000_000, 1_000_000))
    rec.app = {"finished_at": stats.now_utc()}
    storage.write_record(paths.records_dir / "20261201-120000-hachihachi.json", rec)
    other = finished(26)  # an older record of another game: not read, not touched
    storage.write_record(paths.records_dir / "20200101-000000-hachihachi.json", other)
    os.utime(paths.records_dir / "20200101-000000-hachihachi.json", (1000, 1000))
    game, told = storage.start_up(paths)
    assert game is None and not paths.autosave.exists()
    assert told and "20261201-120000-hachihachi.json" in told and "Continue" in told


def test_a_game_in_progress_is_still_offered(tmp_path):
    """Another game's record newer than the autosave outranks nothing."""
    paths = storage.default_paths(tmp_path).ensure()
    saved = early(finished(27), 5)
    storage.write_record(paths.autosave, saved)
    os.utime(paths.autosave, (1_000_000, 1_000_000))
    storage.write_record(paths.records_dir / "x.json", finished(28))
    game, told = storage.start_up(paths)
    assert game is not None and game.rounds == saved.rounds and told is None


# --- item 11: true words ------------------------------------------------------------------
def test_a_record_already_there_is_not_said_to_be_saved_now(tmp_path):
    """Killed after the record was written and before the autosave went: the next start
    finds the record there. It said "has now been saved as"."""
    paths = storage.default_paths(tmp_path).ensure()
    rec = finished(29)
    rec.app = {"finished_at": stats.now_utc()}
    storage.write_record(paths.autosave, rec)
    first = storage.keep_finished(paths, rec, source=None)  # the record, the statistics
    assert first.path is not None and first.written
    _game, told = storage.start_up(paths)
    assert told and f"was already saved as {first.path.name}" in told
    assert "has now been saved" not in told
    assert not paths.autosave.exists() and len(recorded(paths, rec)) == 1


def test_a_finished_game_whose_autosave_holds_every_move_is_not_called_lost(
        tmp_path):
    """The last move's save worked; then the disk filled: the final save (which adds the
    finish time) and the record fail. The saved game holds every move, so the game is
    safe: it was said to be lost if the program closed."""
    paths = storage.default_paths(tmp_path).ensure()
    rec = finished(30)
    storage.write_record(paths.autosave, rec)  # the table's save after the last move
    full = disk_full(paths.data_dir, paths.records_dir)
    kept = storage.keep_finished(paths, rec, source=paths.autosave, save_first=True)
    assert kept.path is None and kept.safe and storage.kept_in_memory(paths) == 0
    assert "it is lost" not in kept.problem and "kept in memory" not in kept.problem
    assert "every move" in kept.problem and "next time the program starts" in kept.problem
    full.undo()
    _game, told = storage.start_up(paths)  # the next start: written, as promised
    assert told and "has now been saved" in told and len(recorded(paths, rec)) == 1


def test_play_again_does_not_call_the_stale_save_of_the_last_game_a_saved_game(
        tmp_path):
    """The game just ended in memory on a full disk; its autosave (from the deal) was
    named as "the saved game … will be replaced" when the player chose Play again."""
    from game.ui.scenes.confirm_dialog import ConfirmScene
    from game.ui.scenes.new_game import start_new_game

    app = make_app(tmp_path)
    in_memory_game(app, finished(31))  # the disk stays full
    started = []
    start_new_game(app, lambda: started.append(True))
    assert started == [True], "nothing to ask: no game in progress is replaced"
    assert not isinstance(app.stack.top, ConfirmScene)
    app.close()


def test_replay_of_a_hachi_game_in_progress_says_how_its_match_ends(tmp_path):
    """It said "after 40 of 12 rounds": the rounds option, which a points match ignores."""
    path = tmp_path / "hachi.json"
    rec = simulate("hachi", {"match_end": "points", "target_points": 500}, 2, ["random"], 5,
                   rounds=8)
    storage.write_record(path, rec)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=120)
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("Game in progress after 8 rounds (the match ends when a player's "
                           "net reaches 500 points"), last
    assert "of 12" not in out.stdout
