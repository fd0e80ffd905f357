"""Issue 24, item 5: a save that fails is never silent. A setting changed on a full disk, a
Learn tier finished on a full disk and a damaged learn.json set aside are each told once,
through the screen the player is on (Settings, the result, Learn 88)."""

from __future__ import annotations

import errno
import os

import pygame

from game import files, progress
from tests.ui.driver import click, frames, key, make_app, run_until


def full_disk(monkeypatch) -> None:  # noqa: ANN001
    def write_all(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_all", write_all)


def messages(app) -> list[str]:  # noqa: ANN001
    return [" ".join(s.lines) for s in app.stack.scenes if s.name == "message"]


def test_a_setting_changed_on_a_full_disk_is_told_once(tmp_path, monkeypatch):
    from game.ui.scenes.settings_menu import SettingsScene

    app = make_app(tmp_path)
    menu = SettingsScene(app)
    app.stack.push(menu)
    frames(app, 1)
    full_disk(monkeypatch)
    menu.change("muted", 1)
    frames(app, 1)
    told = messages(app)
    assert len(told) == 1 and "settings could not be saved" in told[0] and "full" in told[0]
    key(app, pygame.K_RETURN)
    assert app.stack.top is menu
    menu.change("muted", 1)
    menu.change("corner_marks", 1)
    frames(app, 1)
    assert not messages(app), "told once"
    monkeypatch.undo()
    menu.change("muted", 1)  # saved again: a later failure is told again
    full_disk(monkeypatch)
    menu.change("muted", 1)
    frames(app, 1)
    assert len(messages(app)) == 1
    app.close()


def _finish_a_tier(app, tier: int) -> object:  # noqa: ANN001
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.table import TableScene

    seats = [SeatSpec(n, "ai:random") for n in ("A", "B", "C")]
    app.stack.reset(TableScene(app, GameSession("curriculum", {"tier": tier, "rounds": 1},
                                                seats, 7)))

    def each() -> None:
        if app.stack.top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)

    assert run_until(app, lambda: app.stack.find(ResultScene) is not None
                     and app.stack.top.name not in ("teyaku", "scoring"), 20000, each)
    return app.stack.find(ResultScene)


def test_a_learn_tier_finished_on_a_full_disk_is_told(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    real = files.atomic_write_text

    def no_room_for_progress(path, text):  # noqa: ANN001
        if str(path).endswith(progress.FILE_NAME):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, text)

    monkeypatch.setattr(files, "atomic_write_text", no_room_for_progress)
    _finish_a_tier(app, 2)
    told = [m for m in messages(app) if "Learn 88 progress" in m]
    assert len(told) == 1 and "tier 2 is not marked" in told[0] and "full" in told[0]
    assert progress.load(app.paths) == set()
    app.close()


def test_a_damaged_learn_file_set_aside_is_told_once(tmp_path):
    from game.ui.scenes.learn import LearnScene
    from game.ui.scenes.title import TitleScene

    app = make_app(tmp_path)
    path = progress.progress_path(app.paths)
    path.write_text('{"finished": [1, ', encoding="utf-8")
    app.stack.reset(TitleScene(app))
    frames(app, 1)
    app.stack.push(LearnScene(app))
    frames(app, 1)
    told = messages(app)
    assert len(told) == 1 and "set aside as learn.json.corrupt-" in told[0]
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, LearnScene)
    key(app, pygame.K_ESCAPE)
    app.stack.push(LearnScene(app))
    frames(app, 1)
    assert not messages(app), "told once"
    assert os.path.exists(next(path.parent.glob("learn.json.corrupt-*")))
    app.close()


def test_saved_settings_say_nothing(tmp_path):
    from game.ui.scenes.settings_menu import SettingsScene

    app = make_app(tmp_path)
    menu = SettingsScene(app)
    app.stack.push(menu)
    menu.change("muted", 1)
    frames(app, 1)
    assert not messages(app)
    click(app, (5, 5))
    app.close()
