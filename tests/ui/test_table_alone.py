"""The table's parts, each built alone on a context and fakes for its peers (issue 44, item 2).

No part imports the table scene; each is given a `TableContext`, the peers it calls and,
where it moves the game or opens a screen, a `TableVerbs`. These tests build no
`TableScene`: a part that reached for one would fail here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.engine.actions import PLAY, Action
from game.engine.cards import INDEX
from game.engine.events import Event
from game.engine.vocab import EventKind
from game.ui.model import TableModel
from game.ui.panels import DecisionPanel
from game.ui.scenes import table as table_mod
from game.ui.scenes.table_context import TableContext
from game.ui.scenes.table_cues import TableCues
from game.ui.scenes.table_hints import TableHints
from game.ui.scenes.table_input import TableInput
from game.ui.scenes.table_moments import TableMoments
from game.ui.scenes.table_party import NoPhones, PartyPhones, phones_for
from game.ui.scenes.table_stage import TableStage
from game.ui.scenes.table_trial import Keeping, Trying, keeping_for
from game.ui.table_view import TableView
from tests.ui.driver import make_app
from tests.ui.table_helpers import choice_session

PARTS = ["table_chrome", "table_cues", "table_hints", "table_info", "table_input",
         "table_moments", "table_stage", "table_party", "table_trial", "table_context"]
SCENES = Path(__file__).resolve().parents[2] / "game" / "ui" / "scenes"


@pytest.mark.parametrize("part", PARTS)
def test_no_part_imports_the_table_scene(part: str) -> None:
    tree = ast.parse((SCENES / f"{part}.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "game.ui.scenes.table" not in imported
    assert "TableScene" not in {a.name for n in ast.walk(tree)
                                if isinstance(n, ast.ImportFrom) for a in n.names}


def test_the_event_tables_are_keyed_by_event_kind() -> None:
    for table in (table_mod.DURATIONS, table_mod.HOLDS, table_mod.STAMPS):
        assert table and all(isinstance(k, EventKind) for k in table)


class Verbs:
    """A fake table: records what the parts ask of it."""

    def __init__(self) -> None:
        self.acted: list[Action] = []
        self.asked: list[str] = []
        self.top = True

    def act(self, action: Action) -> bool:
        self.acted.append(action)
        return True

    def undo(self) -> bool:
        self.asked.append("undo")
        return True

    def skip(self) -> None:
        self.asked.append("skip")

    def fast_forward(self) -> None:
        self.asked.append("fast_forward")

    def busy(self) -> bool:
        return False

    def open_pause(self) -> None:
        self.asked.append("pause")

    def open_inspect(self) -> None:
        self.asked.append("inspect")

    def info(self) -> object:
        raise AssertionError("not drawn here")

    def on_top(self) -> bool:
        return self.top


@pytest.fixture
def ctx(tmp_path):  # noqa: ANN001, ANN201
    app = make_app(tmp_path)
    session = choice_session()
    tv = TableView(app.renderer)
    tv.model = TableModel(3)
    c = TableContext(app, session, tv, DecisionPanel(), speed=lambda: 1.0)
    c.shown_view = c.live_view()
    tv.model.sync(c.shown_view, 0)
    yield c
    app.close()


def test_the_context_answers_from_its_own_state(ctx: TableContext) -> None:
    assert ctx.face_up_seat() == 0 and ctx.human_to_move()
    assert ctx.live_view().seat == 0 and ctx.shown_view.hand
    ctx.handing_over = True  # the frame a hand-over opens: no move
    assert not ctx.human_to_move()
    ctx.handing_over, ctx.confirmed = False, False  # hand face down
    assert ctx.face_up_seat() is None and ctx.live_view().seat == -1
    assert not ctx.live_view().hand  # the public view: no hand


def test_the_stage_alone_makes_room_when_its_docked_peer_asks(ctx: TableContext) -> None:
    docked = [False]
    stage = TableStage(ctx, docked=lambda: docked[0])
    plain, seat = stage.current()
    assert seat.bottom == 0 and plain.panel is None
    docked[0] = True
    with_panel, _seat = stage.current()
    assert with_panel.panel is not None  # the layout computed again, with the room
    stage.retarget(0)
    assert ctx.tv.anim.rest  # every card sent to its place


def test_the_input_alone_turns_a_click_into_an_action(ctx: TableContext) -> None:
    stage = TableStage(ctx)
    stage.current()
    stage.retarget(0)
    verbs = Verbs()
    cues = TableCues(ctx, verbs)
    hints = TableHints(ctx, stage, cues)
    inp = TableInput(ctx, verbs, stage, hints)
    assert "moon" in inp.hand_cards() and "moon" in inp.plays()
    inp.choose_card("moon")  # no match on the field: placed at once
    assert verbs.acted == [Action(0, PLAY, (INDEX["moon"],))]
    inp.choose_card("cherry_ribbon")  # the curtain or the chaff: a choice, asked first
    assert inp.selected == "cherry_ribbon" and set(inp.candidates()) >= {"curtain"}
    inp.choose_target("curtain")
    assert verbs.acted[-1] == Action(0, PLAY, (INDEX["cherry_ribbon"], INDEX["curtain"]))


def test_the_input_alone_asks_its_verbs_for_undo(ctx: TableContext) -> None:
    stage = TableStage(ctx)
    verbs = Verbs()
    inp = TableInput(ctx, verbs, stage, TableHints(ctx, stage, TableCues(ctx, verbs)))
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)
    assert inp.handle(event, None) and verbs.asked == ["undo"]


def test_the_moments_alone_play_a_yaku_cut_in(ctx: TableContext) -> None:
    moments = TableMoments(ctx)
    ev = Event(EventKind.YAKU, 0, {"items": {"akatan": 200}})
    assert moments.note(ev)
    assert moments.current() is not None and moments.active


def test_the_cues_alone_name_the_game_and_a_tried_round(ctx: TableContext) -> None:
    cues = TableCues(ctx, Verbs())
    title = cues.title()
    assert ctx.session.rs.title in title and "Try it" not in title
    ctx.trial = True
    assert cues.title().startswith("Try it")


class FakeHost:
    def __init__(self, phones: list[int]) -> None:
        self.phones = phones
        self.calls: list[str] = []
        self.driver = None

    def attach(self, driver: object) -> None:
        self.driver = driver

    def note(self, events: list[Event]) -> None:
        self.calls.append(f"note {len(events)}")

    def sync(self) -> None:
        self.calls.append("sync")

    def take(self) -> list[Event] | None:
        return []

    def away(self) -> tuple[int, ...]:
        return (2,)

    def stop(self) -> None:
        self.calls.append("stop")


def test_no_phones_does_nothing_and_a_party_passes_every_hook(tmp_path: Path) -> None:
    none = phones_for(None, object(), None)  # type: ignore[arg-type]
    assert isinstance(none, NoPhones) and none.host is None
    none.note([]), none.sync(), none.stop(), none.game_over()
    assert none.take() is None and none.away() == () and not none.seat_left()
    host = FakeHost([1])
    driver = object()
    links = tmp_path / "autosave.json"
    phones = phones_for(host, driver, links)  # type: ignore[arg-type]
    assert isinstance(phones, PartyPhones) and host.driver is driver
    phones.note([Event(EventKind.TURN, 0, {})])
    phones.sync()
    assert phones.take() == [] and phones.away() == (2,)
    assert not phones.seat_left() and "stop" not in host.calls  # a phone is left
    host.phones = []
    assert phones.seat_left() and host.calls[-1] == "stop"  # the last phone went


def test_a_tried_round_keeps_nothing_and_leaves() -> None:
    kept, tried = keeping_for(False), keeping_for(True)
    assert isinstance(kept, Keeping) and isinstance(tried, Trying)
    paths = object()
    assert kept.paths(paths) is paths and tried.paths(paths) is None  # type: ignore[arg-type]
    assert not kept.leaves_after_round() and not kept.leaves_at_end()
    assert tried.leaves_after_round() and tried.leaves_at_end() and tried.trial
