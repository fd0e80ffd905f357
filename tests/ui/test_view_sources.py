"""Where the window asks the engine for a seat's private view (issue 42, item 1).

The shared window once drew the yaku watch, the advisor, the tour and the ledger from
`session.view(table.viewer)`: the first human's, or seat 0's, hand whatever was face up, so a
hot-seat table between turns and a party game's shared table listed a hand nobody there may
see. Now the table decides once whose view is on screen (`TableScene.live_view`: the face-up
seat's own view, else the engine's public view) and every part reads that or `shown_view`.

This test reads the source (no pygame): a call `<...session>.view(seat)`, `<...st>.view(seat)`
or `<...state>.view(seat)` anywhere under game/ui or game/play (the game in progress the
window drives) must be one of the places listed below, each with the reason it may read one
seat's own view.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
UI = GAME / "ui"

# (module under game/, enclosing function) -> why it may read a seat's own view
ALLOWED = {
    ("play/session.py", "GameSession.view"): "the session's own accessor, for the callers "
                                             "below",
    ("play/driver.py", "PlayDriver._computer"): "a computer thinks from its own seat's view "
                                                "(driver only: nothing of it is drawn)",
    ("ui/scenes/table_context.py", "TableContext.live_view"): "the table's one choice: the "
                                                              "face-up seat's view, else "
                                                              "the public view",
    ("ui/scenes/replay.py", "ReplayScene.view"): "a finished game's replay shows the seat "
                                                 "the viewer chose (a record, not a game in "
                                                 "play)",
    ("ui/scenes/replay.py", "ReplayScene._sync"): "a replayed round's hands once it is over "
                                                  "(every hand is revealed at a round's end)",
}
RECEIVERS = ("session", "st", "state")


def _calls(path: Path) -> list[tuple[str, int, str]]:
    """(enclosing function as Class.function, line, source) of every seat-view call."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, int, str]] = []

    def walk(node: ast.AST, where: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                walk(child, [*where, child.name])
                continue
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr == "view" and child.args):
                receiver = ast.unparse(child.func.value).rsplit(".", 1)[-1]
                if receiver in RECEIVERS:
                    out.append((".".join(where), child.lineno, ast.unparse(child)))
            walk(child, where)

    walk(tree, [])
    return out


def test_only_the_listed_places_read_a_seats_own_view():
    found = {}
    for path in sorted(UI.rglob("*.py")) + sorted((GAME / "play").rglob("*.py")):
        rel = path.relative_to(GAME).as_posix()
        for where, line, source in _calls(path):
            found.setdefault((rel, where), []).append(f"{rel}:{line}: {source}")
    stray = [line for key, lines in found.items() if key not in ALLOWED for line in lines]
    assert not stray, ("a seat's own view read outside the table's choice (use "
                       "table.shown_view or table.live_view, or list it here with why):\n"
                       + "\n".join(stray))
    assert set(ALLOWED) <= set(found), f"listed but gone: {set(ALLOWED) - set(found)}"


def test_the_scenes_read_no_session_view():
    """The scenes under game/ui/scenes never name `session.view(` but in the table's one
    choice (a plain text check, so a rename of the variables above cannot hide one)."""
    for path in sorted((UI / "scenes").glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "session.view(" in line and not line.lstrip().startswith("#"):
                assert path.name == "table_context.py" and "self.session.view(seat)" in line, (
                    f"{path.name}:{n}: {line.strip()}")
