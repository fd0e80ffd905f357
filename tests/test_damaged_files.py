"""Issue 12: damaged and hostile files never stop the game (one test per reported defect).

Each test drives the real path a player or a script takes: the program's start-up
(`python -m game --startup-probe`), the title and setup scenes with posted pygame events,
`python -m game replay` and `simulate`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import cli, replays, storage
from game.simulate import simulate
from tests.ui.driver import click, frames, key, make_app, run_until

ROOT = Path(__file__).resolve().parents[1]
DEEP = "[" * 1000 + "]" * 1000
BIG_INT = "9" * 5000


def a_record(seats: int = 3, **changes: object) -> dict:
    """A valid record of a game in progress (in its second round), with `changes` applied."""
    data = simulate("hachihachi", {"rounds": 3}, seats, ["random"], 11, rounds=2).to_json()
    last = data["rounds"][-1]
    last["actions"] = last["actions"][:len(last["actions"]) // 2]
    data.update(changes)
    return data


def probe(home: Path, **env: str) -> subprocess.CompletedProcess:
    e = dict(os.environ, HACHIHACHI_HOME=str(home), SDL_VIDEODRIVER="dummy",
             SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    return subprocess.run([sys.executable, "-m", "game", "--startup-probe"], cwd=ROOT, env=e,
                          capture_output=True, text=True, timeout=120)


def write_user_files(home: Path, autosave: str | None = None, settings: str | None = None):
    paths = storage.default_paths(home).ensure()
    if autosave is not None:
        paths.autosave.write_text(autosave, encoding="utf-8")
    if settings is not None:
        (paths.config_dir / "settings.json").write_text(settings, encoding="utf-8")
    return paths


# --- defect 1: cannot start --------------------------------------------------------------
@pytest.mark.parametrize("autosave, settings", [
    (DEEP, '{"volume": ' + BIG_INT + "}"),
    ('{"format": "hanafuda-record/1", "n": ' + BIG_INT + "}", DEEP),
    (json.dumps({"format": "hanafuda-record/1", "ruleset": "hachihachi",
                 "options": {"self": 1}, "seats": [{}, {}, {}]}),
     json.dumps({"last_setup": {"ruleset": "hachihachi", "options": {"hachihachi":
                                                                    {"name": 1}}}})),
], ids=["deep-autosave", "bigint-autosave", "option-named-self"])
def test_the_program_starts_whatever_the_files_hold(tmp_path, autosave, settings):
    paths = write_user_files(tmp_path, autosave, settings)
    done = probe(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert not paths.autosave.exists()  # set aside, so the next start is clean
    assert list(paths.data_dir.glob("autosave.json.corrupt-*"))
    again = probe(tmp_path)
    assert again.returncode == 0 and not list(paths.data_dir.glob("autosave.json.corrupt-*-2"))


def test_an_option_named_self_in_the_autosave_is_reported_on_the_title(tmp_path):
    app = make_app(tmp_path)
    app.paths.autosave.write_text(json.dumps(a_record(options={"self": 1})), encoding="utf-8")
    from game.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    frames(app, 2)
    assert app.stack.top.name == "message" and not app.errors
    assert "self" in " ".join(app.stack.top.lines)
    app.close()


# --- defect 2: the title's notice loop ---------------------------------------------------
def _title_after_notice(tmp_path: Path, record: dict):
    from game.ui.scenes.title import TitleScene

    app = make_app(tmp_path)
    app.paths.autosave.write_text(json.dumps(record), encoding="utf-8")
    app.stack.push(TitleScene(app))
    frames(app, 2)
    assert app.stack.top.name == "message", "the player is told about the bad save"
    key(app, pygame.K_RETURN)
    frames(app, 3)
    return app


def test_an_unknown_computer_player_is_reported_once_and_set_aside(tmp_path):
    rec = a_record()
    rec["seats"][1]["kind"] = "ai:bogus"
    app = _title_after_notice(tmp_path, rec)
    assert app.stack.top.name == "title", "the notice must not come back"
    assert app.stack.top.group.buttons[0].label == "New game"
    assert not app.paths.autosave.exists()
    assert list(app.paths.data_dir.glob("autosave.json.corrupt-*"))
    click(app, app.stack.top.group.buttons[0].rect.center)
    assert app.stack.top.name == "setup" and not app.errors
    app.close()


def test_a_bad_save_that_cannot_be_moved_is_still_told_only_once(tmp_path, monkeypatch):
    from game import files

    monkeypatch.setattr(files, "set_aside", lambda path: None)  # a read-only folder
    app = _title_after_notice(tmp_path, {"format": "hanafuda-record/1", "seats": 5})
    assert app.stack.top.name == "title" and app.paths.autosave.exists()
    assert app.stack.top.group.buttons[0].label == "New game"
    click(app, next(b for b in app.stack.top.group.buttons if b.label == "Settings")
          .rect.center)
    assert app.stack.top.name == "settings"
    key(app, pygame.K_ESCAPE)  # back from an overlay: the title resumes, no notice again
    frames(app, 2)
    assert app.stack.top.name == "title" and not app.errors
    app.close()


# --- defect 3: Continue crashes ----------------------------------------------------------
def test_a_seat_kind_that_is_no_player_is_rejected_not_crashed_on(tmp_path):
    rec = a_record()
    rec["seats"][2]["kind"] = "robot"
    app = _title_after_notice(tmp_path, rec)
    assert app.stack.top.name == "title" and not app.errors
    assert app.stack.top.group.buttons[0].label == "New game"
    assert not app.paths.autosave.exists()
    app.close()


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u2060\ufeff", "\x00", "\ud800", " \u00ad "])
def test_continue_with_a_name_that_renders_empty_plays_on(tmp_path, name):
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    rec = a_record()
    rec["seats"][1]["name"] = name
    app = make_app(tmp_path)
    app.paths.autosave.write_text(json.dumps(rec), encoding="utf-8")
    app.stack.push(TitleScene(app))
    frames(app, 2)
    cont = app.stack.top.group.buttons[0]
    assert cont.label == "Continue"
    click(app, cont.rect.center)
    frames(app, 10)
    assert app.stack.find(TableScene) is not None and not app.errors
    assert app.stack.find(TableScene).session.seats[1].name.strip()
    app.close()


def test_typing_a_zero_width_character_into_a_seat_name_is_refused(tmp_path):
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.table import TableScene

    app = make_app(tmp_path)
    setup = SetupScene(app)
    app.stack.push(setup)
    frames(app, 2)
    entry = next(w for w, (k, a) in setup.widgets.items() if k == "name" and a == 0)
    click(app, entry.rect.center)
    entry.set_text("")
    for text in ("\u200b", "\u2060", "\x00"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        frames(app, 2)
    assert not app.errors
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="A\u200bn"))
    frames(app, 2)
    assert entry.get_text() == "An" and not app.errors
    from pygame_gui.core.utility import clipboard_copy

    for pasted in ("\u200b\ufeff", "\u2060a"):  # a paste goes through the same gate
        clipboard_copy(pasted)
        key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
        frames(app, 2)
        assert not app.errors
    assert entry.get_text() == "Ana"
    setup.seed_text = "3"
    click(app, setup.start_button.rect.center)
    frames(app, 5)
    assert app.stack.find(TableScene) is not None and not app.errors
    assert app.stack.find(TableScene).session.seats[0].name == "Ana"
    app.close()


# --- defect 4: New game with a last_setup of the wrong shape ------------------------------
@pytest.mark.parametrize("last_setup", [
    {"ruleset": "hachihachi", "options": {"hachihachi": "abc"}},
    {"ruleset": "hachihachi", "options": {"hachihachi": {"kan": "x", "self": 1}}},
    {"ruleset": ["x"], "options": [], "seats": "abc"},
    {"ruleset": "hachihachi", "seats": [1, {"name": 5, "kind": "robot"}, {"name": "\u200b"}]},
    "abc",
])
def test_new_game_opens_the_setup_whatever_last_setup_holds(tmp_path, last_setup):
    from game import settings as settings_mod
    from game.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    paths = write_user_files(tmp_path, settings=json.dumps({"last_setup": last_setup}))
    app = App((1280, 720), paths)
    app.settings.anim_speed = app.settings.ai_pace = "instant"
    app.settings.welcome_seen = True  # the first-run welcome is tested in test_learn
    app.stack.push(TitleScene(app))
    frames(app, 2)
    while app.stack.top.name == "message":
        key(app, pygame.K_RETURN)
    new_game = next(b for b in app.stack.top.group.buttons if b.label == "New game")
    click(app, new_game.rect.center)
    frames(app, 2)
    assert app.stack.top.name == "setup" and not app.errors
    click(app, app.stack.top.start_button.rect.center)
    frames(app, 5)
    assert app.stack.find(TableScene) is not None and not app.errors
    app.close()
    again, _ = settings_mod.load(paths)  # what was remembered is clean
    assert isinstance(again.last_setup.get("options", {}).get("hachihachi", {}), dict)


# --- defect 5: a full disk -------------------------------------------------------------
def test_a_full_disk_is_told_and_the_game_is_kept_until_its_record_is_written(tmp_path,
                                                                               monkeypatch):
    """Every write fails with ENOSPC once the game is under way: the player is told once,
    the game goes on, and at its end the autosave survives (the record could not be
    written). With space again, the next start writes the record and then drops the save."""
    import errno

    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))
    seats = [SeatSpec(n, "ai:random") for n in ("A", "B", "C")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, 5)
    table = TableScene(app, session)
    app.stack.push(table)
    assert run_until(app, lambda: app.paths.autosave.exists(), 2000)

    real_replace = os.replace

    def full(src, dst, *a, **k):  # noqa: ANN001, ANN002, ANN003
        if Path(dst).parent in (app.paths.data_dir, app.paths.records_dir):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", full)
    notices: list[str] = []

    def dismiss() -> None:
        top = app.stack.top
        if top.name == "message":
            notices.append(" ".join(top.lines))
            key(app, pygame.K_RETURN)
        elif top.name in ("scoring", "teyaku"):
            click(app, top.group.buttons[0].rect.center)

    assert run_until(app, lambda: isinstance(app.stack.top, ResultScene) and not [
        s for s in app.stack.scenes if s.name == "message"], 20000, dismiss)
    assert notices and "full" in notices[0], notices
    in_game = [n for n in notices if "record" not in n]
    assert len(in_game) == 1, "told once, not at every move"
    assert any("record" in n for n in notices), "told the record could not be written"
    assert app.paths.autosave.exists(), "the game is kept"
    assert not replays.list_records(app.paths.records_dir)
    assert not list(app.paths.data_dir.glob(".*.tmp")), "no temporary file left"
    app.close()

    monkeypatch.setattr(os, "replace", real_replace)  # space again: the next start
    app2 = make_app(tmp_path)
    app2.stack.push(TitleScene(app2))
    frames(app2, 2)
    if not replays.list_records(app2.paths.records_dir):  # the save was older: play it out
        cont = app2.stack.top.group.buttons[0]
        assert cont.label == "Continue"
        click(app2, cont.rect.center)
        assert isinstance(app2.stack.top, TableScene)

        def go_on() -> None:
            top = app2.stack.top
            if top.name in ("scoring", "teyaku"):
                click(app2, top.group.buttons[0].rect.center)
            elif top.name == "message":
                key(app2, pygame.K_RETURN)

        assert run_until(app2, lambda: isinstance(app2.stack.top, ResultScene), 20000, go_on)
    assert len(replays.list_records(app2.paths.records_dir)) == 1
    assert not app2.paths.autosave.exists() and not app2.errors
    app2.close()


def test_autosave_on_a_full_disk_reports_and_keeps_the_old_save(tmp_path, monkeypatch):
    import errno

    paths = storage.default_paths(tmp_path).ensure()
    rec = simulate("hachihachi", {}, 3, ["random"], 2, rounds=1)
    assert storage.save_autosave(paths, rec) is None
    before = paths.autosave.read_bytes()

    def no_space(fd, data):  # noqa: ANN001
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", no_space)
    problem = storage.save_autosave(paths, simulate("hachihachi", {}, 3, ["random"], 2,
                                                    rounds=2))
    assert problem and "full" in problem
    assert paths.autosave.read_bytes() == before
    assert [p.name for p in paths.data_dir.iterdir() if p.is_file()] == ["autosave.json"]
    path, problem = storage.finish_game(paths, rec)
    assert path is None and "record" in problem
    assert paths.autosave.exists()


def test_a_finished_game_kept_for_want_of_space_gets_its_record_at_the_next_start(tmp_path):
    from game.ui.scenes.title import TitleScene

    app = make_app(tmp_path)
    finished = simulate("hachihachi", {"rounds": 1}, 3, ["random"], 8)
    storage.write_record(app.paths.autosave, finished)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    assert app.stack.top.name == "message"
    assert "has now been saved" in " ".join(app.stack.top.lines)
    assert len(replays.list_records(app.paths.records_dir)) == 1
    assert not app.paths.autosave.exists()
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "title" and not app.errors
    assert app.stack.top.group.buttons[0].label == "New game"
    app.close()


# --- defect 6: replay exits 2 for every bad record ---------------------------------------
@pytest.mark.parametrize("text", [
    DEEP,
    '{"format": "hanafuda-record/1", "seed": ' + BIG_INT + "}",
    json.dumps({"format": "hanafuda-record/1", "ruleset": "hachihachi",
                "options": {"self": 1}, "seats": [{}, {}, {}]}),
    json.dumps({"format": "hanafuda-record/1", "ruleset": "hachihachi",
                "options": {"name": 1}, "seats": [{}, {}, {}]}),
], ids=["deep", "bigint", "self", "name"])
def test_replay_rejects_a_hostile_record_with_status_2(tmp_path, capsys, text):
    f = tmp_path / "r.json"
    f.write_text(text, encoding="utf-8")
    assert cli.main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert "rejected" in err and "unexpected" not in err


@pytest.mark.parametrize("name, encoding", [("\ud800", "utf-8"), ("八八", "cp1252")])
def test_replay_prints_names_the_console_cannot_show(tmp_path, name, encoding):
    rec = a_record()
    rec["seats"][0]["name"] = name
    f = tmp_path / "r.json"
    f.write_text(json.dumps(rec), encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    done = subprocess.run([sys.executable, "-m", "game", "replay", str(f)], cwd=ROOT, env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"Totals:" in done.stdout


# --- defect 7: simulate's arguments ------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["--options", '{"self": 1}'], "self"),
    (["--options", '{"name": 1}'], "name"),
    (["--options", DEEP], "--options"),
    (["--options", '{"kan": ' + BIG_INT + "}"], "--options"),
    (["--out", "{tmp}"], "cannot write"),
    (["--out", "{tmp}/a-file/g.json"], "cannot write"),
    (["--seats", "0"], "seats"),
    (["--seats", "-1"], "seats"),
    (["--options", '{"rounds": 100000}'], "at most 120"),
    (["--rounds", "0"], "--rounds"),
    (["--agents", "bogus"], "bogus"),
])
def test_simulate_refuses_bad_arguments_with_status_2(tmp_path, capsys, args, words):
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    base = {"--ruleset": "hachihachi", "--seats": "3", "--agents": "random", "--seed": "1",
            "--rounds": "1", "--out": str(tmp_path / "g.json")}
    for k, v in zip(args[::2], args[1::2], strict=True):
        base[k] = v.replace("{tmp}", str(tmp_path))
    argv = ["simulate"] + [x for kv in base.items() for x in kv]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "unexpected" not in err
    assert "below()" not in err and "agents given for -1" not in err


def test_simulate_options_at_their_maximum_finish(tmp_path):
    rec = simulate("hachihachi", {"rounds": 120}, 3, ["random"], 1, rounds=2)
    assert len(rec.rounds) >= 2


# --- defect 8: long names in linear time -------------------------------------------------
def test_fitting_and_wrapping_a_long_name_is_fast(tmp_path, monkeypatch):
    """Linear work, counted (not timed, issue 44 item 5): the characters measured to fit
    and wrap a name grow as the name does, about ten per character, never its square."""
    from game.ui import theme

    app = make_app(tmp_path)  # fonts
    measured = [0]
    real = theme._text

    def counting(s: str, *args: object, **kw: object):  # noqa: ANN202 - a Surface
        measured[0] += len(s)
        return real(s, *args, **kw)

    monkeypatch.setattr(theme, "_text", counting)
    for n in (1000, 20000):
        s = "W" * n
        measured[0] = 0
        out = theme.fit(s, 18, 200)
        lines = theme.wrap(s, 18, 400)
        assert measured[0] <= 12 * n, (n, measured[0])
        assert out.endswith("…") and theme.text_width(out, 18) <= 200
        assert all(theme.text_width(line, 18) <= 400 for line in lines)
        assert "".join(lines) == s
    app.close()


def test_a_saved_seat_name_of_a_thousand_characters_is_capped(tmp_path):
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    rec = a_record()
    rec["seats"][1]["name"] = "Ren" * 400
    app = make_app(tmp_path)
    app.paths.autosave.write_text(json.dumps(rec), encoding="utf-8")
    app.stack.push(TitleScene(app))
    frames(app, 2)
    click(app, app.stack.top.group.buttons[0].rect.center)
    frames(app, 10)  # the table, drawn ten times over: the name's length costs nothing more
    assert app.stack.find(TableScene) is not None and not app.errors
    assert len(app.stack.find(TableScene).session.seats[1].name) <= 16
    app.close()
