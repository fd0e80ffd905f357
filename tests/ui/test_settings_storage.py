"""Settings and saves: atomic, remembered, a corrupt file is set aside with a message."""

from game import settings, storage


def test_settings_round_trip_and_corrupt_file(tmp_path):
    paths = storage.default_paths(tmp_path).ensure()
    s, msg = settings.load(paths)
    assert msg is None and s.anim_speed == "normal"
    s.anim_speed = "fast"
    s.last_setup = {"ruleset": "hachi"}
    settings.save(paths, s)
    again, msg = settings.load(paths)
    assert again.anim_speed == "fast" and again.last_setup == {"ruleset": "hachi"}
    settings.settings_path(paths).write_text("[1, 2", encoding="utf-8")
    fresh, msg = settings.load(paths)
    assert msg and "set aside" in msg
    assert fresh.anim_speed == "normal"
    assert list(paths.config_dir.glob("settings.json.corrupt-*"))


def test_bad_values_fall_back(tmp_path):
    paths = storage.default_paths(tmp_path).ensure()
    settings.settings_path(paths).write_text(
        '{"anim_speed": "warp", "volume": "loud", "muted": 3, "extra": 1}', encoding="utf-8")
    s, msg = settings.load(paths)
    assert msg is None
    assert (s.anim_speed, s.volume, s.muted) == ("normal", 0.8, False)


def test_home_env_puts_everything_under_one_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    p = storage.default_paths()
    assert p.config_dir.parent == tmp_path and p.records_dir.parent.parent == tmp_path


def test_an_error_in_the_loop_keeps_the_record_next_to_the_log(tmp_path, monkeypatch):
    """A crash is logged with the game's record, and the player sees a message."""
    from game.engine import record as records
    from game.ui.scenes.table import TableScene

    from .driver import frames, make_app

    app = make_app(tmp_path)
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    session = GameSession("hachihachi", {}, [SeatSpec("A", "human"), SeatSpec("B", "ai:random"),
                                             SeatSpec("C", "ai:random")], 5)
    app.stack.push(TableScene(app, session))
    frames(app, 5)

    def boom(dt):  # noqa: ANN001
        raise RuntimeError("boom")

    monkeypatch.setattr(app.stack.top, "update", boom)
    frames(app, 1)
    crashes = list(app.paths.log_dir.glob("crash-*.json"))
    assert len(crashes) == 1
    records.replay(storage.read_record(crashes[0]))  # a valid record of the game so far
    assert app.stack.top.name == "message" and app.errors
