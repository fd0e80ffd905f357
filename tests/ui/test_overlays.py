"""Every overlay opens and closes with real events; the scene stack keeps its lifecycle."""

from __future__ import annotations

import pygame

from game.play.session import GameSession, SeatSpec
from game.ui.scene import Scene, SceneStack
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app, run_until


class Recorder(Scene):
    def __init__(self, log: list, name: str, transparent: bool = False) -> None:
        self.log, self.name, self.transparent = log, name, transparent

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def shutdown(self) -> None:
        self.log.append(f"{self.name}.shutdown")


def test_scene_stack_lifecycle():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Recorder(log, "a"), Recorder(log, "b", True), Recorder(log, "c")
    stack.push(a)
    stack.push(b)
    assert stack.visible() == [a, b]
    stack.replace(c)
    assert stack.visible() == [c]
    stack.pop()
    assert stack.top is a
    stack.pop()
    assert stack.top is None and stack.pop() is None
    assert log == ["a.resume", "a.pause", "b.resume", "b.shutdown", "c.resume", "c.shutdown",
                   "a.resume", "a.shutdown"]


def test_title_overlays_open_and_close(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    for label, name in (("Settings", "settings"), ("About", "about"),
                        ("Rules & cards", "reference")):
        b = next(b for b in title.group.buttons if b.label == label)
        click(app, b.rect.center)
        assert app.stack.top.name == name
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is title
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm_quit"
    key(app, pygame.K_ESCAPE)  # Escape = Stay
    assert app.stack.top is title and app.running
    app.close()


def test_table_overlays_and_settings(tmp_path):
    app = make_app(tmp_path)
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 3))
    app.stack.push(table)
    def answer() -> None:
        if app.stack.top is table and table.human_to_move() and table.panel.blocking:
            key(app, pygame.K_1)

    assert run_until(app, lambda: app.stack.top.name == "teyaku", 2000, answer)
    key(app, pygame.K_RETURN)
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "pause"
    pause = app.stack.top
    frozen = len(table.session.st.actions)
    frames(app, 30)
    assert len(table.session.st.actions) == frozen  # paused: nothing moves below
    click(app, pause.group.buttons[1].rect.center)  # Settings
    settings = app.stack.top
    assert settings.name == "settings"
    before = app.settings.anim_speed
    key(app, pygame.K_RIGHT)  # first row: animation speed
    assert app.settings.anim_speed != before
    assert (app.paths.config_dir / "settings.json").exists()
    key(app, pygame.K_LEFT)
    assert app.settings.anim_speed == before
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause
    click(app, pause.group.buttons[2].rect.center)  # Rules
    assert app.stack.top.name == "reference"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    key(app, pygame.K_F1)
    assert app.stack.top.name == "reference"
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert app.stack.top.name == "confirm_quit"
    click(app, app.stack.top.group.buttons[0].rect.center)  # Quit
    assert not app.running
    app.close()


def test_errors_become_a_message_not_a_traceback(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))

    class Broken(Scene):
        transparent = True
        name = "broken"

        def update(self, dt: float) -> None:
            raise RuntimeError("boom")

    app.stack.push(Broken(app))
    frames(app, 2)
    assert app.stack.top.name == "message"
    assert "boom" in " ".join(app.stack.top.lines)
    assert app.errors
    app.close()


def test_smoke_run():
    from game.ui.smoke import smoke_run

    assert smoke_run() == 0


def test_quit_dialog_speaks_of_a_saved_game_only_when_there_is_one(tmp_path):
    """Issue 23: "Your game is saved" was said on a title with no game at all."""
    import pygame

    from game import storage
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.confirm_quit import ConfirmQuitScene
    from game.ui.scenes.title import TitleScene
    from tests.ui.driver import frames, key, make_app

    app = make_app(tmp_path)
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    ask = app.stack.top
    assert isinstance(ask, ConfirmQuitScene)
    assert not any("saved" in line for line in ask.lines)
    key(app, pygame.K_ESCAPE)
    session = GameSession("hachi", {}, [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random")],
                          3)
    session.deal()
    storage.save_autosave(app.paths, session.record())
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert any("Continue" in line for line in app.stack.top.lines)
    app.close()


def test_quitting_with_a_game_kept_only_in_memory_asks_and_says_so(tmp_path, monkeypatch):
    """A finished game that could not be written (a full disk) lives only in memory: closing
    the window asks even with no game at the table, and the question says it is lost."""
    import errno

    import pygame

    from game import files, storage
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.confirm_quit import ConfirmQuitScene
    from game.ui.scenes.title import TitleScene
    from tests.ui.driver import frames, make_app

    def full(fd: int, data: bytes) -> None:  # the disk stays full (issue 43: the quit
        raise OSError(errno.ENOSPC, "No space left on device")  # tries to write first)

    app = make_app(tmp_path)
    session = GameSession("hachi", {}, [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random")],
                          3)
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    monkeypatch.setattr(files, "_write_all", full)
    monkeypatch.setitem(storage.keeper.in_memory, app.paths.records_dir,
                        [(session.record(), {})])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    ask = app.stack.top
    assert app.running and isinstance(ask, ConfirmQuitScene)
    assert any("only in memory" in line and ": 1." in line for line in ask.lines)
    app.close()
