"""The table scene is a wiring of parts that own their state (issue 25, item 1): every
attribute of the scene, its parts and the session is declared in their __init__, no part
reads or writes a private attribute of the scene, and the flow's phases follow a game."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.ui.scenes.result import ResultScene
from game.ui.table_flow import TablePhase
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, play_by_keys, start_table

SCENES = Path(__file__).resolve().parents[2] / "game" / "ui" / "scenes"
PARTS = ["table_chrome.py", "table_hints.py", "table_cues.py", "table_info.py",
         "table_input.py", "table_stage.py", "teyaku.py", "handover.py", "inspect.py",
         "pause.py"]
LEFT_AS_IS = {"_info"}  # the seat presenter: it moves out on its own (issue 25, item 2)


def _private_uses(source: str) -> list[str]:
    """Each `table._x` / `self.table._x`, each attribute set directly on the table, and each
    getattr/setattr/hasattr on the table."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) in (
                "table", "self.table"):
            if node.attr.startswith("_") and node.attr not in LEFT_AS_IS:
                found.append(f"{node.lineno}: {ast.unparse(node)}")
            if isinstance(node.ctx, ast.Store):
                found.append(f"{node.lineno}: {ast.unparse(node)} = ...")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr") and node.args
              and ast.unparse(node.args[0]) in ("table", "self.table")):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_private_use_finder_finds_what_it_must():
    src = ("table._placed_key = 1\nx = self.table._layout\ny = getattr(table, 'show_watch')\n"
           "table.show_watch = True\nz = table.tv.dock\ntable.tv.dock = None\n")
    assert {int(x.split(":")[0]) for x in _private_uses(src)} == {1, 2, 3, 4}


def test_no_part_touches_the_scenes_private_state():
    problems = {name: _private_uses((SCENES / name).read_text(encoding="utf-8"))
                for name in PARTS}
    assert not {k: v for k, v in problems.items() if v}


def _attributes(table) -> dict[str, set[str]]:  # noqa: ANN001
    parts = {"table": table, "input": table.input, "chrome": table.chrome,
             "hints": table.hints, "cues": table.cues, "card_info": table.card_info,
             "stage": table.stage,
             "driver": table.driver, "session": table.session}
    return {name: set(vars(part)) for name, part in parts.items()}


def test_every_attribute_is_declared_when_the_table_is_built(tmp_path):
    """A game with the advisor on, played by keys and mouse with the log, the watch, the
    popover and a hint: nothing gains an attribute its __init__ did not declare."""
    app = make_app(tmp_path, size=(1024, 640), hints="advisor")
    table = start_table(app, [("You", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")],
                        seed=11, rounds=1)
    declared = _attributes(table)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    card = table.input.hand_cards()[0]
    r = table.tv.card_rects[card]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)
    for k in (pygame.K_h, pygame.K_w, pygame.K_l, pygame.K_1, pygame.K_i, pygame.K_i,
              pygame.K_w, pygame.K_l):
        key(app, k)
    assert run_until(app, lambda: table.hints.current() is not None, 3000)
    frames(app, 2)

    def each() -> None:
        if not dismiss(app) and my_turn(app, table):
            play_by_keys(app, table)
        elif app.stack.top.name == "scoring":
            key(app, pygame.K_RETURN)

    assert run_until(app, lambda: isinstance(app.stack.top, ResultScene), 6000, each)
    assert _attributes(table) == declared
    assert table.finished and table.phase is TablePhase.OVER
    app.close()


def test_the_phases_follow_a_game_of_computers(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, [("Ana", "ai:random"), ("Ren", "ai:random"),
                              ("Yui", "ai:random")], seed=4, rounds=2)
    entered: list[TablePhase] = []
    enter = table._enter

    def spy(phase: TablePhase) -> None:
        entered.append(phase)
        enter(phase)

    table._enter = spy
    assert run_until(app, lambda: isinstance(app.stack.top, ResultScene), 20000,
                     lambda: app.stack.top.name in ("teyaku", "scoring")
                     and key(app, pygame.K_RETURN))
    results = len(table.session.st.results)
    assert entered.count(TablePhase.LEDGER) == results >= 2
    assert entered.count(TablePhase.REVEAL) == entered.count(TablePhase.REVEAL_DUE) >= 2
    assert entered[-1] is TablePhase.OVER and entered.count(TablePhase.OVER) == 1
    # each round: play, the reveal, play, the ledger (a reveal is always followed by a
    # ledger before the next one)
    order = [p for p in entered if p in (TablePhase.REVEAL, TablePhase.LEDGER)]
    assert all(b is TablePhase.LEDGER for a, b in zip(order, order[1:], strict=False)
               if a is TablePhase.REVEAL)
    app.close()
