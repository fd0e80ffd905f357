"""Issue 26, item 6: the in-game file chooser, driven by posted events: moving between
folders, choosing, cancelling, typing a name for Export, asking before replacing a file,
and folders that try to break it (unreadable, link loops, FIFOs, huge, names that are not
UTF-8)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import replays, storage
from game.simulate import simulate
from game.ui import file_browser
from game.ui.scenes.file_chooser import FileChooserScene, Mode
from game.ui.scenes.records import RecordsScene
from tests.ui.driver import click, frames, key, make_app


class Calls:
    def __init__(self, answer: str | None = None) -> None:
        self.got: list[tuple[Path, bool]] = []
        self.answer = answer

    def __call__(self, path: Path, replace: bool) -> str | None:
        self.got.append((path, replace))
        return self.answer


@pytest.fixture
def app(tmp_path: Path):
    a = make_app(tmp_path / "home")
    yield a
    a.close()


def chooser(app, start: Path, mode: Mode = Mode.OPEN, calls: Calls | None = None,  # noqa: ANN001
            name: str = "") -> tuple[FileChooserScene, Calls]:
    calls = calls or Calls()
    scene = app.stack.push(FileChooserScene(app, "Choose", mode, start, calls, name,
                                            app.paths.records_dir))
    frames(app, 1)
    return scene, calls


def names(scene: FileChooserScene) -> list[str]:
    return [e.name for e in scene.entries]


def test_navigate_with_keys_and_choose(app, tmp_path: Path) -> None:
    (tmp_path / "a" / "inner").mkdir(parents=True)
    (tmp_path / "a" / "inner" / "game.json").write_text("{}")
    (tmp_path / "a" / "notes.txt").write_text("x")
    scene, calls = chooser(app, tmp_path / "a")
    assert names(scene) == ["..", "inner"]  # .json only: the text file is not listed
    assert scene.selected.name == "inner"
    key(app, pygame.K_RETURN)  # into inner/
    assert scene.browser.folder == tmp_path / "a" / "inner"
    assert scene.selected.name == "game.json"  # Open chooses the first file
    key(app, pygame.K_BACKSPACE)  # up again; the folder we left stays chosen
    assert scene.browser.folder == tmp_path / "a" and scene.selected.name == "inner"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert calls.got == [(tmp_path / "a" / "inner" / "game.json", False)]
    assert app.stack.top is not scene  # done: the chooser closed


def test_the_mouse_a_second_click_opens(app, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "g.json").write_text("{}")
    scene, calls = chooser(app, tmp_path)
    row = next(r for r, i in scene.row_rects if scene.entries[i].name == "sub")
    click(app, row.center)
    assert scene.selected.name == "sub" and scene.browser.folder == tmp_path
    click(app, row.center)
    assert scene.browser.folder == tmp_path / "sub"
    frames(app, 1)
    file_row = next(r for r, i in scene.row_rects if scene.entries[i].name == "g.json")
    click(app, file_row.center)
    click(app, file_row.center)
    assert calls.got == [(tmp_path / "sub" / "g.json", False)]


def test_buttons_up_home_records_and_the_filter(app, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "a.txt").write_text("x")
    scene, _ = chooser(app, tmp_path / "deep" / "er")
    labels = [b.label for b in scene.group.buttons]
    assert labels[:4] == ["Up a folder", "Home", "Records folder", "Show: records (.json)"]
    click(app, scene.group.buttons[3].rect.center)  # show all files
    assert "a.txt" in names(scene) and scene.group.buttons[3].label == "Show: all files"
    click(app, scene.group.buttons[0].rect.center)
    assert scene.browser.folder == tmp_path / "deep"
    click(app, scene.group.buttons[2].rect.center)
    assert scene.browser.folder == app.paths.records_dir
    click(app, scene.group.buttons[1].rect.center)
    assert scene.browser.folder == tmp_path


def test_cancel_by_escape_or_button_chooses_nothing(app, tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text("{}")
    scene, calls = chooser(app, tmp_path)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene and calls.got == []
    scene, calls = chooser(app, tmp_path)
    click(app, scene.group.buttons[-1].rect.center)
    assert app.stack.top is not scene and calls.got == []


def test_a_refusal_keeps_the_chooser_open_with_its_words(app, tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text("{}")
    scene, calls = chooser(app, tmp_path, calls=Calls("This file is not a game record."))
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.status == "This file is not a game record."


def test_save_types_a_name_and_asks_before_replacing(app, tmp_path: Path) -> None:
    (tmp_path / "taken.json").write_text("{}")
    scene, calls = chooser(app, tmp_path, Mode.SAVE, name="")
    key(app, pygame.K_TAB)
    assert scene.focus is scene.name_field
    key(app, pygame.K_RETURN)  # no name yet: told, nothing chosen
    assert calls.got == [] and "name" in scene.status
    for text in ("new", " game"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)
    key(app, pygame.K_RETURN)
    assert calls.got == [(tmp_path / "new game.json", False)]
    scene, calls = chooser(app, tmp_path, Mode.SAVE, name="taken.json")
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    confirm = app.stack.top
    assert confirm.name == "confirm" and "taken.json" in " ".join(confirm.lines)
    key(app, pygame.K_RETURN)  # the safe answer (Cancel) is focused
    assert app.stack.top is scene and calls.got == []
    click(app, scene.group.buttons[-2].rect.center)  # Save, by the mouse this time
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # Replace
    assert calls.got == [(tmp_path / "taken.json", True)]


def test_typing_in_the_list_starts_the_name(app, tmp_path: Path) -> None:
    scene, calls = chooser(app, tmp_path, Mode.SAVE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="m"))
    frames(app, 1)
    key(app, pygame.K_m, unicode="m")  # the key itself does not mute the game
    assert scene.focus is scene.name_field and scene.name_field.text == "m"
    assert not app.audio.muted and not app.settings.muted


def test_an_unreadable_folder_is_refused_and_the_chooser_stays(app, tmp_path: Path,
                                                               monkeypatch) -> None:
    (tmp_path / "d" / "locked").mkdir(parents=True)
    tmp_path = tmp_path / "d"
    real = os.scandir

    def scandir(path):  # noqa: ANN001, ANN202 - root reads every folder: say it cannot
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(file_browser.os, "scandir", scandir)
    scene, _ = chooser(app, tmp_path)
    key(app, pygame.K_RETURN)  # into locked/
    assert scene.browser.folder == tmp_path and "permission" in scene.status
    frames(app, 1)
    assert not app.errors


def test_link_loops_fifos_and_dead_links(app, tmp_path: Path) -> None:
    (tmp_path / "self.json").symlink_to(tmp_path / "self.json")
    (tmp_path / "dead.json").symlink_to(tmp_path / "nowhere")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "back").symlink_to(tmp_path)  # a folder link to itself: a loop of folders
    (tmp_path / "g.json").write_text("{}")
    scene, _ = chooser(app, tmp_path)
    assert "self.json" not in names(scene) and "dead.json" not in names(scene)
    assert "pipe.json" not in names(scene)
    for _ in range(30):  # in and in again: never stuck, never a traceback
        scene.index = names(scene).index("back")
        key(app, pygame.K_RETURN)
    assert scene.browser.folder.name == "back" and "g.json" in names(scene)
    assert not app.errors


def test_a_huge_folder_is_capped(app, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(file_browser, "MAX_SCAN", 60)
    monkeypatch.setattr(file_browser, "MAX_LIST", 40)
    for i in range(100):
        (tmp_path / f"{i:03}.json").write_text("{}")
    scene, _ = chooser(app, tmp_path)
    assert len(scene.entries) == 41 and scene.browser.truncated  # the parent and 40
    key(app, pygame.K_END)
    frames(app, 1)
    assert not app.errors


def test_a_name_that_is_not_utf8_is_shown_and_opens(app, tmp_path: Path) -> None:
    name = os.fsdecode(b"partie-caf\xe9.json")
    storage.write_record(tmp_path / name, simulate("hachihachi", {"rounds": 1}, 3,
                                                   ["random"], 31))
    scene, calls = chooser(app, tmp_path)
    assert scene.selected.words == "partie-caf\ufffd.json"
    key(app, pygame.K_RETURN)
    [(path, _)] = calls.got
    assert path.exists() and replays.check_record(path)


def test_export_from_the_records_page_writes_atomically_and_never_overwrites(
        app, tmp_path: Path) -> None:
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], 31)
    storage.write_record(app.paths.records_dir / "g.json", rec)
    out = tmp_path / "out"
    out.mkdir()
    (out / "g.json").write_text("mine, keep me")
    page = app.stack.push(RecordsScene(app))
    frames(app, 2)
    page.chooser_folder = out
    page.export_selected()
    scene = app.stack.top
    assert scene.name_field.text == "g.json"
    scene.choose()  # the name is taken: asked
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_ESCAPE)  # no
    assert (out / "g.json").read_text() == "mine, keep me"
    scene.name_field.text = "copy"
    scene.choose()
    assert storage.read_record(out / "copy.json").to_json() == rec.to_json()
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary left
    assert "Exported" in page.status
