"""Issue 24, items 6, 8, 9 and 11: files that are no files, text that draws nothing, names
that are not UTF-8, a kill during Export, modes of replaced files. Each through the path
the program really takes (the settings and the autosave at start-up, learn.json, the
Records screen's Open, Import and Export, the replay viewer, History)."""

from __future__ import annotations

import os
import signal
import stat
import sys
from pathlib import Path

import pygame
import pytest

from game import files, progress, replays, storage
from game import settings as settings_mod
from game.simulate import simulate
from tests.forking import FORKS
from tests.ui.driver import frames, key, loaded, make_app

ROOT = Path(__file__).resolve().parents[1]


def a_record() -> object:
    return simulate("hachihachi", {"rounds": 1}, 3, ["random"], 31)


def no_file(path: Path, kind: str) -> None:
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()


KINDS = ["fifo", "device", "folder"]


def _opens(monkeypatch: pytest.MonkeyPatch, paths: list[Path]) -> list[int]:
    """The flags of every os.open of one of `paths` from now on: a FIFO or a device opened
    for reading without O_NONBLOCK would wait for ever (the guard counted, not timed)."""
    flags: list[int] = []
    real = os.open
    watched = {str(p) for p in paths}

    def spy(path, how, *args, **kw):  # noqa: ANN001, ANN202
        if str(path) in watched:
            flags.append(how)
        return real(path, how, *args, **kw)

    monkeypatch.setattr(os, "open", spy)
    return flags


def _never_waits(flags: list[int]) -> bool:
    return all(f & os.O_NONBLOCK for f in flags)


@pytest.mark.parametrize("kind", KINDS)
def test_settings_autosave_and_learn_that_are_no_files_never_block(tmp_path, kind,
                                                                     monkeypatch):
    paths = storage.default_paths(tmp_path).ensure()
    watched = [settings_mod.settings_path(paths), paths.autosave,
               progress.progress_path(paths)]
    for p in watched:
        no_file(p, kind)
    opened = _opens(monkeypatch, watched)
    loaded, msg = settings_mod.load(paths)
    assert msg and "set aside" in msg
    assert progress.load(paths) == set()
    rec, msg = storage.load_autosave(paths)
    assert rec is None and msg and "set aside" in msg
    assert _never_waits(opened), opened
    for p in (settings_mod.settings_path(paths), paths.autosave, progress.progress_path(paths)):
        assert not (p.exists() or p.is_symlink()), p  # moved aside: told once


def test_the_program_starts_with_a_fifo_as_settings_and_autosave(tmp_path):
    import subprocess

    paths = storage.default_paths(tmp_path).ensure()
    os.mkfifo(settings_mod.settings_path(paths))
    os.mkfifo(paths.autosave)
    env = dict(os.environ, HACHIHACHI_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-m", "game", "--startup-probe"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


@pytest.mark.parametrize("kind", KINDS)
def test_records_open_and_import_refuse_a_path_that_is_no_file(tmp_path, kind, monkeypatch):
    """The chooser never lists a FIFO or a device, and a path that is no file (reached
    anyway) is refused in words by Import and by Open, without blocking."""
    from game.ui.scenes.file_chooser import FileChooserScene
    from game.ui.scenes.records import RecordsScene

    app = make_app(tmp_path)
    target = tmp_path / "typed.json"
    no_file(target, kind)
    scene = RecordsScene(app)
    app.stack.push(scene)
    scene.chooser_folder = tmp_path
    opened = _opens(monkeypatch, [target])
    scene.import_file()
    chooser = app.stack.top
    assert isinstance(chooser, FileChooserScene)
    listed = {e.name for e in chooser.entries}
    assert ("typed.json" in listed) == (kind == "folder")
    said = chooser.on_choose(target, False)
    assert said.startswith("Not imported: ") and "not a file" in said
    key(app, pygame.K_ESCAPE)
    scene.open_file()
    chooser = app.stack.top
    said = chooser.on_choose(target, False)
    frames(app, 2)
    assert _never_waits(opened), opened
    assert said and "not a file" in said and app.stack.top is chooser and not app.errors
    app.close()


def test_a_history_row_whose_record_is_a_fifo_does_not_block(tmp_path):
    from game import stats
    from game.ui.scenes.history import HistoryScene

    app = make_app(tmp_path)
    rec = a_record()
    stats.record_game(app.paths.stats_db, rec, record_file="game.json")
    os.mkfifo(app.paths.records_dir / "game.json")
    app.stack.reset(HistoryScene(app))
    loaded(app)
    app.stack.top.open_selected()
    frames(app, 2)
    assert not app.errors and app.stack.top.name in ("message", "replay")
    app.close()


def test_a_record_name_that_is_not_utf8_is_listed_and_opens(tmp_path):
    from game.ui.scenes.records import RecordsScene

    app = make_app(tmp_path)
    name = os.fsdecode(b"partie-caf\xe9.json")  # Latin-1 bytes on Linux
    storage.write_record(app.paths.records_dir / name, a_record())
    (app.paths.records_dir / os.fsdecode(b"cass\xe9.json")).write_text("{")
    scene = RecordsScene(app)
    app.stack.push(scene)
    frames(app, 2)
    assert not app.errors, app.errors
    rows = scene.model.rows
    assert len(rows) == 2 and rows[0].ok and not rows[1].ok
    assert "\ufffd" in rows[1].title  # a damaged file is named, drawably
    key(app, pygame.K_UP)  # the record (the damaged file may have been read first)
    scene.open_selected()
    frames(app, 3)
    assert app.stack.top.name == "replay" and app.stack.top.error is None and not app.errors
    key(app, pygame.K_ESCAPE)
    scene.chooser_folder = tmp_path
    scene.export_selected()
    chooser = app.stack.top
    assert "\ufffd" in chooser.name_field.text
    chooser.name_field.text = "out.json"
    chooser.choose()
    frames(app, 2)
    assert scene.status.startswith("Exported") and not app.errors
    assert (tmp_path / "out.json").exists()
    app.close()


def test_the_viewer_draws_notes_and_names_with_a_nul(tmp_path):
    from game.ui.scenes.replay import ReplayScene

    app = make_app(tmp_path)
    rec = a_record()
    rec.seats[0]["name"] = "A\x00B"
    path = app.paths.records_dir / "g.json"
    storage.write_record(path, rec)
    first = rec.rounds[0]["actions"][0]
    replays.notes_path(path).write_text(
        '{"format": "hanafuda-notes/1", "notes": [{"round": 0, "action": 0, "text": "'
        + first + '", "note": "why\\u0000 \\ud800 not\\u200b"}]}', encoding="utf-8")
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    for i in range(4):
        scene.go(i)
        frames(app, 1)
    assert scene.error is None and not app.errors, app.errors
    assert any("why" in p.note and "\x00" not in p.note for p in scene.positions)
    app.close()


def _export_in_a_child(src: Path, folder: Path, kill_at: int, export=None,  # noqa: ANN001
                       only: frozenset[str] = frozenset()) -> bool:
    """replays.export_record (or `export`) in a child killed at the `kill_at`-th line of
    game code (of the functions `only` names, when it names some); True when it was
    killed."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        count = 0
        game_dir = str(ROOT / "game")

        def local(frame, event, arg):  # noqa: ANN001, ANN202
            nonlocal count
            if event == "line":
                count += 1
                if count == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)
            return local

        sys.settrace(lambda f, e, a: local if f.f_code.co_filename.startswith(game_dir)
                     and (not only or f.f_code.co_name in only) else None)
        try:
            if export is None:
                replays.export_record(src, folder)
            else:
                export()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status)


@FORKS
def test_a_kill_during_export_leaves_no_temporary_in_the_players_folder(tmp_path):
    src = tmp_path / "records" / "g.json"
    src.parent.mkdir()
    rec = a_record()
    storage.write_record(src, rec)
    replays.write_notes(src, {(0, 0): (rec.rounds[0]["actions"][0], "a reason")})
    killed_any = False
    n = 1
    while True:
        folder = tmp_path / f"out{n}"
        killed = _export_in_a_child(src, folder, n)
        killed_any |= killed
        left = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
        assert not [x for x in left if x.endswith(files.TEMP_SUFFIX)], (n, left)
        for x in left:  # whatever is there is whole
            assert files.read_json(folder / x, storage.RECORD_LIMITS)
        if not killed:
            assert left == ["g.json", "g.notes.json"]
            break
        n += max(1, n // 8)
    assert killed_any and n > 50


WRITERS = frozenset({  # game.files' writing: the lines a kill during the write can stop at
    "write_new_file", "_new_temp", "_note", "_forget", "_note_path", "_write_all", "_link",
    "_sync_folder", "_replace", "atomic_write_text", "_keep_mode", "unique_path", "_copy",
    "export_record_as"})


def _temporaries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(files.TEMP_SUFFIX)] \
        if folder.exists() else []


@FORKS
@pytest.mark.parametrize("how", ["new", "replace"])
def test_a_temporary_a_killed_export_left_in_the_players_folder_goes_at_the_next_start(
        tmp_path, monkeypatch, how):
    """Issue 43, item 12: without unnamed files (O_TMPFILE: not Linux, or a file system
    without them) Export writes a named temporary in the player's folder, and so does an
    export that replaces a file there; a kill left it for good. Now the next start
    (`Paths.clean_up`) removes it, at every kill point, and leaves the player's files."""
    monkeypatch.delattr(os, "O_TMPFILE", raising=False)
    monkeypatch.setattr(files, "_outside_notes", None, raising=False)  # undone after
    paths = storage.default_paths(tmp_path / "home").ensure()
    paths.clean_up()  # the start of the program: notes from now on (the child's too)
    src = paths.records_dir / "g.json"
    rec = a_record()
    storage.write_record(src, rec)
    replays.write_notes(src, {(0, 0): (rec.rounds[0]["actions"][0], "a reason")})
    left_any, n = False, 1
    while True:
        folder = tmp_path / f"out{n}"
        folder.mkdir()
        (folder / "mine.txt").write_text("the player's")
        if how == "replace":
            (folder / "g.json").write_text("{}")

        def export(folder: Path = folder) -> None:
            if how == "new":
                replays.export_record(src, folder)
            else:
                replays.export_record_as(src, folder / "g.json", replace=True)

        killed = _export_in_a_child(src, folder, n, export, WRITERS)
        left = _temporaries(folder)
        left_any |= bool(left)
        for p in left:  # a kill at the last start, not a second copy writing right now
            os.utime(p, (0, 0))
        paths.clean_up()  # the next start
        assert _temporaries(folder) == [], (n, [p.name for p in left])
        assert (folder / "mine.txt").read_text() == "the player's"
        if not killed:
            assert files.read_json(folder / "g.json", storage.RECORD_LIMITS)
            break
        n += 1
    assert left_any and n > 30
    assert not list((paths.data_dir / "outside-temps").glob("*"))  # every note followed


def test_a_replaced_file_keeps_its_mode_and_a_new_one_gets_the_umasks(tmp_path):
    paths = storage.default_paths(tmp_path).ensure()
    storage.write_record(paths.autosave, a_record())
    os.chmod(paths.autosave, 0o644)
    storage.save_autosave(paths, a_record())
    assert stat.S_IMODE(paths.autosave.stat().st_mode) == 0o644
    os.chmod(paths.autosave, 0o640)
    storage.save_autosave(paths, a_record())
    assert stat.S_IMODE(paths.autosave.stat().st_mode) == 0o640
    umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.json"
        files.atomic_write_text(fresh, "{}")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
    finally:
        os.umask(umask)
