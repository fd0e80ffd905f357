"""The replay viewer and Replays & records, driven with real pygame events (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import replays, storage
from game.engine import record as records
from game.engine.cards import HAND_SIZE
from game.engine.state import OVER
from game.play.terms import seat_role
from game.simulate import simulate
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app, run_until


def finished_record(seed: int = 5) -> records.Record:
    rec = simulate("hachihachi", {"rounds": 2}, 3, ["random"], seed,
                   names=["You", "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"  # the viewer starts from the human's seat
    assert records.replay(rec).state.phase == OVER  # a finished game
    return rec


@pytest.fixture
def setup(tmp_path: Path):
    app = make_app(tmp_path / "home")
    rec = finished_record()
    path = app.paths.records_dir / "20260101-120000-hachihachi.json"
    storage.write_record(path, rec)
    return app, rec, path


def open_from_title(app) -> ReplayScene:  # noqa: ANN001
    """Title -> Replays & records -> Enter opens the newest record."""
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    title = app.stack.top
    b = next(b for b in title.group.buttons if b.label == "Replays & records")
    click(app, b.rect.center)
    assert isinstance(app.stack.top, RecordsScene)
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene), scene
    frames(app, 2)
    return scene


def test_step_to_the_end_shows_the_records_totals(setup) -> None:
    app, rec, _ = setup
    scene = open_from_title(app)
    assert scene.error is None
    end = len(scene.positions) - 1
    for _ in range(end):
        key(app, pygame.K_RIGHT)
    assert scene.i == end
    want = records.replay(rec).state.totals
    assert [s.total for s in scene.info().seats] == list(want)
    assert sum(want) == 0 and any(want)
    assert not app.errors


def test_step_back_restores_the_previous_position(setup) -> None:
    app, _, _ = setup
    scene = open_from_title(app)
    for _ in range(9):
        key(app, pygame.K_RIGHT)
    before = (scene.i, scene.view(), list(map(list, scene.tv.model.hands)),
              list(scene.tv.model.field_cards))
    key(app, pygame.K_RIGHT)
    assert scene.i == before[0] + 1 and scene.view() != before[1]
    key(app, pygame.K_LEFT)
    frames(app, 1)
    after = (scene.i, scene.view(), list(map(list, scene.tv.model.hands)),
             list(scene.tv.model.field_cards))
    assert after == before


def test_rounds_jump_and_play(setup) -> None:
    app, rec, _ = setup
    scene = open_from_title(app)
    key(app, pygame.K_PAGEDOWN)
    assert (scene.pos.round, scene.pos.action) == (1, 0)
    key(app, pygame.K_PAGEUP)
    assert (scene.pos.round, scene.pos.action) == (0, 0)
    rect, _ = scene.round_rects[1]  # the round list
    click(app, rect.center)
    assert scene.pos.round == 1
    key(app, pygame.K_SPACE)  # play
    assert scene.playing
    start = scene.i
    run_until(app, lambda: scene.i >= start + 2, limit=400)
    assert scene.i >= start + 2
    key(app, pygame.K_SPACE)
    assert not scene.playing
    at = scene.i
    for _ in range(3):  # keyboard only: Tab to the "›" button, Enter presses it
        key(app, pygame.K_TAB)
    assert scene.group.focused.label == "›"
    key(app, pygame.K_RETURN)
    assert scene.i == at + 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, RecordsScene)


def test_other_hands_hidden_mid_round_shown_after_reveal_all(setup) -> None:
    app, rec, _ = setup
    scene = open_from_title(app)
    for _ in range(4):
        key(app, pygame.K_RIGHT)
    model = scene.tv.model
    me = scene.seat
    assert all(c is not None for c in model.hands[me]) and model.hands[me]
    v = scene.view()
    for s in range(3):
        if s != me:  # face down (no id at all) but for teyaku that seat showed everyone
            claimed = set(v.claims[s].cards) if s in v.claims else set()
            assert {c for c in model.hands[s] if c is not None} <= claimed
    assert any(None in model.hands[s] for s in range(3) if s != me)
    key(app, pygame.K_r)  # mid-round: nothing to reveal
    assert not scene.revealed() and not scene.reveal_rects
    while not scene.round_over_here():
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_r)
    frames(app, 1)
    assert scene.revealed()
    deck = rec.rounds[0]["deck"]
    shown = set(scene.reveal_rects)
    dealt = set(deck[:HAND_SIZE * 3])
    assert shown == dealt  # every seat's hand as dealt, from the deck
    key(app, pygame.K_LEFT)  # back inside the round: hidden again
    frames(app, 1)
    assert not scene.revealed() and not scene.reveal_rects
    v = scene.view()
    for s in range(3):
        if s != me:
            claimed = set(v.claims[s].cards) if s in v.claims else set()
            assert {c for c in scene.tv.model.hands[s] if c is not None} <= claimed


def test_seat_perspective_shows_that_seats_hand(setup) -> None:
    app, _, _ = setup
    scene = open_from_title(app)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_v)
    frames(app, 1)
    assert scene.seat == 1
    v = scene.pos.state.view(1)
    assert scene.tv.model.hands[1] == list(v.hand)
    assert all(c is None for c in scene.tv.model.hands[0])


def test_a_sudaoshi_replay_shows_each_seats_role_as_the_table_does(tmp_path: Path) -> None:
    """The replay's plates come from the table's presenter (issue 25, item 2): Sudaoshi's
    roles and burdens were missing in replays; they are there now, with their second line."""
    app = make_app(tmp_path / "home")
    rec = simulate("sudaoshi", {"rounds": 1}, 3, ["random"], 5, names=["Ana", "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"
    path = app.paths.records_dir / "20260101-120000-sudaoshi.json"
    storage.write_record(path, rec)
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    for _ in range(4):
        key(app, pygame.K_RIGHT)
    frames(app, 1)
    v = scene.view()
    roles = [s.role for s in scene.info(v).seats]
    assert roles == [seat_role("sudaoshi", p, par)
                     for p, par in zip(v.positions, v.par, strict=True)]
    assert all(roles) and sum(r.startswith("Dealer") for r in roles) == 1
    assert scene._layout_key is not None and scene._layout_key[-1] == 2  # name_lines
    assert not app.errors


@pytest.mark.parametrize("damage,words", [
    ("illegal", "one of its moves cannot be played"), ("json", "not a game record"),
    ("shape", "damaged")])
def test_a_bad_record_says_why_in_words_and_never_crashes(tmp_path: Path, damage: str,
                                                          words: str) -> None:
    """Open a file… in the chooser: a bad record is refused with a sentence, in the
    chooser, and nothing opens (issue 26: never "unsupported record format 'None'")."""
    from game.ui.scenes.file_chooser import FileChooserScene

    app = make_app(tmp_path / "home")
    rec = finished_record()
    data = rec.to_json()
    path = tmp_path / "bad.json"
    if damage == "illegal":
        data["rounds"][0]["actions"][3] = "0 play crane crane"
        path.write_text(json.dumps(data))
    elif damage == "json":
        path.write_text("{ not json")
    else:
        data["seats"] = "three"
        path.write_text(json.dumps(data))
    app.stack.reset(RecordsScene(app))
    frames(app, 1)
    s = app.stack.top
    s.chooser_folder = tmp_path
    click(app, s.group.buttons[1].rect.center)  # Open a file…
    chooser = app.stack.top
    assert isinstance(chooser, FileChooserScene)
    assert chooser.selected.name == "bad.json"
    key(app, pygame.K_RETURN)
    assert app.stack.top is chooser and words in chooser.status
    assert "'" not in chooser.status and "None" not in chooser.status
    for k in (pygame.K_RIGHT, pygame.K_r, pygame.K_PAGEDOWN, pygame.K_v):
        key(app, k)
    frames(app, 3)
    assert not app.errors
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is s


def test_ai_notes_beside_the_record(setup) -> None:
    app, rec, path = setup
    text = rec.rounds[0]["actions"][2]
    replays.write_notes(path, {(0, 2): (text, "Took the Crane for the Brights.")})
    assert json.loads(path.read_text()) == rec.to_json()  # the record itself unchanged
    scene = open_from_title(app)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert scene.pos.note == "Took the Crane for the Brights."
    assert any("Took the Crane" in line for line in scene.info().log)
    replays.notes_path(path).write_text("{ damaged")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.error is None
    assert not any(p.note for p in scene.positions)


def test_a_played_game_keeps_its_ai_notes(tmp_path: Path) -> None:
    from game.play.session import GameSession, SeatSpec

    paths = storage.default_paths(tmp_path).ensure()
    session = GameSession("hachihachi", {"rounds": 1}, [SeatSpec("A", "ai:random"),
                          SeatSpec("B", "ai:random"), SeatSpec("C", "ai:random")], 3)
    while (step := session.next_step()) != "over":
        if step == "deal":
            session.deal()
        elif step == "chance":
            session.chance()
        else:
            seat = session.st.to_move
            session.apply(session.agents[seat].choose(session.view(seat)))
    assert session.ai_notes
    path, problem = storage.finish_game(paths, session.record(), notes=session.ai_notes)
    assert problem is None
    notes = replays.read_notes(path)
    rec = storage.read_record(path)
    for (r, a), (act, _) in notes.items():
        assert rec.rounds[r]["actions"][a] == act
    assert "note" not in path.read_text()


def test_export_and_import_round_trip(setup, tmp_path: Path) -> None:
    """Export… into a folder made in the chooser's folder, by a typed name; Import… of
    the exported file; a file that is not a record is refused in words."""
    from game.ui.scenes.file_chooser import FileChooserScene

    app, rec, path = setup
    app.stack.reset(RecordsScene(app))
    frames(app, 1)
    s = app.stack.top
    out = tmp_path / "exports"
    (out / "deep").mkdir(parents=True)
    s.chooser_folder = out
    click(app, s.group.buttons[3].rect.center)  # Export…
    chooser = app.stack.top
    assert isinstance(chooser, FileChooserScene) and chooser.browser.folder == out
    key(app, pygame.K_RETURN)  # into deep/
    assert chooser.browser.folder == out / "deep"
    assert chooser.name_field.text == path.name
    key(app, pygame.K_TAB)  # the name field
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="mine"))
    frames(app, 1)
    key(app, pygame.K_RETURN)
    exported = out / "deep" / "mine.json"
    assert exported.exists(), s.status
    assert app.stack.top is s and "Exported" in s.status
    assert storage.read_record(exported).to_json() == rec.to_json()
    click(app, s.group.buttons[2].rect.center)  # Import…
    chooser = app.stack.top
    assert chooser.browser.folder == out / "deep" and chooser.selected.name == "mine.json"
    key(app, pygame.K_RETURN)
    assert app.stack.top is s and "Imported" in s.status
    kept = replays.list_records(app.paths.records_dir)
    assert len(kept) == 2
    assert all(storage.read_record(p).to_json() == rec.to_json() for p in kept)
    # a bad file is not imported, and says why in words
    bad = out / "deep" / "bad.json"
    bad.write_text("[]")
    click(app, s.group.buttons[2].rect.center)
    chooser = app.stack.top
    chooser.index = next(i for i, e in enumerate(chooser.entries) if e.name == "bad.json")
    key(app, pygame.K_RETURN)
    assert chooser.status == "Not imported: This file is not a game record."
    assert len(replays.list_records(app.paths.records_dir)) == 2
    assert not app.errors


def test_a_game_at_the_table_leaves_notes_the_viewer_shows(tmp_path: Path) -> None:
    """Computer players at the real table: the finished game's record gets its sidecar
    (written by the table's game_over), and the viewer shows a note beside an AI move."""
    from game.ui.scenes.result import ResultScene
    from tests.ui.table_helpers import dismiss, start_table

    app = make_app(tmp_path / "home")
    start_table(app, [("Ren", "ai:rules"), ("Yui", "ai:casual"), ("Aoi", "ai:rules")],
                rounds=1)

    def go_on() -> None:
        top = app.stack.top
        if top.name != "table" and not isinstance(top, ResultScene):
            key(app, pygame.K_RETURN)  # teyaku reveal, ledger: move on
        else:
            dismiss(app)

    assert run_until(app, lambda: isinstance(app.stack.top, ResultScene), 20000, go_on)
    [path] = replays.list_records(app.paths.records_dir)
    assert replays.notes_path(path).exists()
    notes = replays.read_notes(path)
    assert notes
    scene = ReplayScene(app, path)
    app.stack.push(scene)
    frames(app, 1)
    (r, a), (_, note) = sorted(notes.items())[0]
    scene.go(next(i for i, p in enumerate(scene.positions)
                  if (p.round, p.action) == (r, a + 1)))
    frames(app, 1)
    assert scene.pos.note == note
    assert not app.errors


def test_continue_keeps_the_ai_notes(tmp_path: Path) -> None:
    """The notes are kept beside the autosave too, so a continued game's record still gets
    the notes of the moves made before the program was closed."""
    from game.ui.scenes.table import TableScene
    from tests.ui.table_helpers import dismiss, start_table

    app = make_app(tmp_path / "home")
    table = start_table(app, [("Ren", "ai:rules"), ("Yui", "ai:casual"), ("Aoi", "ai:rules")],
                        rounds=1)

    def go_on() -> None:
        if app.stack.top.name != "table":
            key(app, pygame.K_RETURN)
        else:
            dismiss(app)

    assert run_until(app, lambda: len(table.session.ai_notes) >= 3, 20000, go_on)
    frames(app, 1)
    saved = replays.read_notes(app.paths.autosave)
    assert len(saved) >= 3
    app.stack.reset(TitleScene(app))
    frames(app, 2)
    cont = app.stack.top.group.buttons[0]
    assert cont.label == "Continue"
    click(app, cont.rect.center)
    assert isinstance(app.stack.top, TableScene)
    session = app.stack.top.session
    assert saved.items() <= session.ai_notes.items()
    rec = session.record()
    for (r, a), (act, _) in saved.items():
        assert rec.rounds[r]["actions"][a] == act
    storage.clear_autosave(app.paths)
    assert not replays.notes_path(app.paths.autosave).exists()
