"""Layering rules of the guide: the engine and the AIs never load pygame (GUIDE §1), and no
module outside ``game/engine`` touches a private field of ``State`` (GUIDE §1b: positions are
built by the engine, with ``State.from_position`` and ``State.resample``)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from game.engine.state import State

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "game" / "engine"
SKIP_DIRS = {".venv", "venv", ".git", "build", "dist", "__pycache__", "node_modules"}


def test_engine_and_ai_import_without_pygame():
    code = ("import sys; import game.engine, game.engine.rulesets, game.engine.record, "
            "game.engine.view, game.simulate, ai; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


# Every private name of State: its private slots and methods (read from the class, so a new
# one is covered the day it is added).
STATE_PRIVATE = frozenset(
    {n for n in State.__slots__ if _private(n)}
    | {n for klass in State.__mro__ for n in vars(klass) if _private(n)})
# Names a State usually goes by; any private attribute read through them is suspect too.
STATE_NAMES = re.compile(r"(?:^|\.)(?:st|st_|state|world|base|twin|new|game|s)$")


def _violations(source: str, filename: str = "<string>") -> list[str]:
    """Each place the source reads or writes a private State field or method."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = ast.unparse(node.value)
            if owner in ("self", "cls"):
                continue  # a class's own members (no State subclass lives outside the engine)
            if node.attr in STATE_PRIVATE or STATE_NAMES.search(owner):
                found.append(f"{filename}:{node.lineno}: {owner}.{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "delattr", "hasattr")
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in STATE_PRIVATE):
            found.append(f"{filename}:{node.lineno}: {node.func.id}(..., "
                         f"{node.args[1].value!r})")
        elif (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.engine")
              and any(_private(a.name) for a in node.names)):
            found.append(f"{filename}:{node.lineno}: private import from {node.module}")
    return found


def _outside_engine() -> list[Path]:
    files = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT)
        if SKIP_DIRS & set(rel.parts) or any(p.startswith(".") for p in rel.parts[:-1]):
            continue
        if path.is_relative_to(ENGINE):
            continue
        files.append(path)
    return files


def test_the_private_field_check_finds_what_it_should():
    code = ("st._turns = (0,)\nx = world._rel\nself.st._settle(None, -1)\n"
            "getattr(view_state, '_last_turn')\nfrom game.engine.state import _pick\n"
            "self._emit = 1\nst.turn_i = 0\n")
    assert len(_violations(code)) == 5


def test_no_module_outside_the_engine_touches_a_private_state_field():
    files = _outside_engine()
    names = {p.relative_to(ROOT).parts[0] for p in files}
    assert {"ai", "game", "tests", "benchmarks"} <= names
    found = [v for p in files
             for v in _violations(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))]
    assert not found, "private State fields used outside game/engine:\n" + "\n".join(found)
