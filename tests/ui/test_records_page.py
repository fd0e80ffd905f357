"""Issue 26, item 6: the Replays & records page driven by posted events: rows in words,
S for the order, ←/→ for the game, the player search, a click to choose and a second to
open, a damaged file that says so in words, and a folder read a few files per frame."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import records_index, storage
from game.simulate import simulate
from game.ui import theme
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.replay import ReplayScene
from tests.ui.driver import click, frames, key, loaded, make_app


def write(folder: Path, name: str, ruleset: str, names: list[str], kinds: list[str],
          when: str, seed: int = 3) -> None:
    rec = simulate(ruleset, {"rounds": 1}, len(names), ["random"], seed, names=names)
    for s, k in zip(rec.seats, kinds, strict=True):
        s["kind"] = k
    rec.app = {"finished_at": when}
    storage.write_record(folder / name, rec)


@pytest.fixture
def page(tmp_path: Path):
    app = make_app(tmp_path / "home", (1024, 640))
    d = app.paths.records_dir
    write(d, "a.json", "hachihachi", ["You", "Ren", "Yui"], ["human", "ai:casual", "ai:rules"],
          "2026-11-20T10:00:00+00:00")
    write(d, "b.json", "sudaoshi", ["Mia", "Ken", "Aoi"], ["human", "ai:master", "ai:rules"],
          "2026-11-22T10:00:00+00:00")
    (d / "c.json").write_text('{"format": "hanafuda-record/7"}')
    scene = app.stack.push(RecordsScene(app))
    frames(app, 3)
    yield app, scene
    app.close()


def test_rows_are_words_not_file_names(page) -> None:
    app, scene = page
    theme.DRAWN = set()
    try:
        frames(app, 1)
        drawn = set(theme.DRAWN)
    finally:
        theme.DRAWN = None
    text = " ".join(drawn)
    assert "a.json" not in text and "b.json" not in text
    assert any(t.startswith("Sudaoshi · ") for t in drawn)
    assert any("Ken (Master)" in t for t in drawn)
    assert "This record was made by a newer version of the game; update the game to open " \
           "it." in drawn
    assert "c.json" in drawn  # a file that is not a record is named: nothing else names it


def test_keys_sort_filter_and_search(page) -> None:
    app, scene = page
    assert [r.summary.file for r in scene.model.rows] == ["b.json", "a.json", "c.json"]
    key(app, pygame.K_s)
    assert scene.model.order == "game"
    assert scene.filters.buttons[0].label == "Sort: by game"
    key(app, pygame.K_RIGHT)
    assert scene.filters.buttons[1].label == "Game: Hachi-Hachi"
    assert [r.summary.file for r in scene.model.rows] == ["a.json"]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_f, pygame.KMOD_CTRL)
    assert scene.focus is scene.search
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ken"))
    frames(app, 1)
    assert [r.summary.file for r in scene.model.rows] == ["b.json"]
    key(app, pygame.K_ESCAPE)  # leaves the field, not the page
    assert app.stack.top is scene and scene.focus is None


def test_click_twice_opens_and_a_damaged_row_says_why(page) -> None:
    app, scene = page
    first = next(r for r, i in scene.row_rects if i == scene.index)
    click(app, first.center)  # the row already chosen: one click only chooses it
    assert app.stack.top is scene
    rect = next(r for r, i in scene.row_rects if scene.model.rows[i].summary.file == "a.json")
    click(app, rect.center)
    assert scene.selected.summary.file == "a.json" and app.stack.top is scene
    click(app, rect.center)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.error is None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    key(app, pygame.K_DOWN)
    assert scene.index == 2
    assert not scene.group.buttons[0].enabled  # Open and Export need a record
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    assert scene.status == ("This record was made by a newer version of the game; update "
                            "the game to open it.")
    assert not app.errors


def test_a_record_that_does_not_replay_is_refused_in_words_when_opened(page) -> None:
    """A record whose file changed since it was listed: Open checks it first."""
    app, scene = page
    (app.paths.records_dir / "b.json").write_text("{ broken")
    scene.index = 0
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.status == "This file is not a game record."


def test_a_new_folder_is_read_a_few_files_per_frame(tmp_path: Path, monkeypatch) -> None:
    app = make_app(tmp_path / "home")
    d = app.paths.records_dir
    for i in range(4):
        write(d, f"{i}.json", "hachihachi", ["You", "Ren", "Yui"],
              ["human", "ai:casual", "ai:rules"], f"2026-11-2{i}T10:00:00+00:00", seed=i)
    monkeypatch.setattr("game.ui.scenes.records.WORK_PER_FRAME", 0.0)  # one file a frame
    scene = app.stack.push(RecordsScene(app))
    assert len(scene.model.rows) == 1 and not scene.catalogue.done
    frames(app, 4)
    assert len(scene.model.rows) == 4 and scene.catalogue.done
    assert records_index.index_path(d).exists()
    assert not app.errors
    app.close()


@pytest.mark.parametrize("scale", [100, 200])
def test_readable_at_1024x640(tmp_path: Path, scale: int) -> None:
    """Every row, control and button is on the page at 200 % text, nothing overlapping."""
    app = make_app(tmp_path / "home", (1024, 640), ui_scale=scale)
    d = app.paths.records_dir
    write(d, "a.json", "hachihachi", ["You", "Ren", "Yui"], ["human", "ai:casual", "ai:rules"],
          "2026-11-20T10:00:00+00:00")
    scene = app.stack.push(RecordsScene(app))
    frames(app, 2)
    screen = pygame.Rect(0, 0, 1024, 640)
    parts = [b.rect for b in scene.group.buttons + scene.filters.buttons] + [scene.search.rect]
    parts += [r for r, _ in scene.row_rects]
    assert scene.row_rects and all(screen.contains(r) for r in parts)
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.colliderect(b), (a, b)
    app.close()


def test_history_says_in_words_why_a_record_cannot_be_replayed(tmp_path: Path) -> None:
    from game import stats
    from game.ui.scenes.history import HistoryScene

    app = make_app(tmp_path / "home")
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], 31)
    stats.record_game(app.paths.stats_db, rec, record_file="game.json")
    (app.paths.records_dir / "game.json").write_text('{"format": "hanafuda-record/5"}')
    app.stack.reset(HistoryScene(app))
    loaded(app)
    key(app, pygame.K_RETURN)
    top = app.stack.top
    assert top.name == "message"
    assert top.lines == ["This record was made by a newer version of the game; update the "
                         "game to open it."]
    assert not app.errors
    app.close()
