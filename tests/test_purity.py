"""Layering rules of the guide: the engine and the AIs never load pygame (GUIDE §1), imports
point one way (the engine imports nothing of ours outside itself, the AIs only the engine,
the app-level services never the UI), and no module outside ``game/engine`` touches a
private field of ``State`` (GUIDE §1b: positions are built by the engine, with
``State.from_position`` and ``State.resample``)."""

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


# ---------------------------------------------------------------------------- import direction

OURS = {"game", "ai", "art", "sounds", "benchmarks", "tests"}
# game/*.py modules above the UI (the program's shell and the catalog tool); every other
# module of game/ is an app-level service (storage, stats, settings, files, replays ...)
SHELL = {"__init__", "__main__", "app", "cli", "messages"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module an import statement names (top-level and inside functions), relative
    imports resolved against ``module``; ``from x import y`` gives ``x`` and ``x.y``."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names}
    return found


def _ours(name: str) -> bool:
    return name.split(".")[0] in OURS


def _layer_violations(files: list[Path], allowed: tuple[str, ...]) -> list[str]:
    """Imports of our own modules outside ``allowed`` prefixes, as "file: module"."""
    bad = []
    for path in files:
        mod = _module_name(path)
        for name in imports_of(path.read_text(encoding="utf-8"), mod,
                               path.name == "__init__.py"):
            if _ours(name) and not any(name == a or name.startswith(a + ".")
                                       for a in allowed):
                bad.append(f"{path.relative_to(ROOT)}: {name}")
    return sorted(set(bad))


def test_the_import_check_resolves_what_it_should():
    src = ("from .cards import X\nfrom ..ui import scene\nimport game.ui.theme\n"
           "def f():\n    from ai import model\n")
    got = imports_of(src, "game.engine.state")
    assert {"game.engine.cards", "game.ui", "game.ui.scene", "game.ui.theme", "ai",
            "ai.model"} <= got
    assert imports_of("from . import rollout\n", "game.engine", True) >= {
        "game.engine.rollout"}


def test_the_engine_imports_nothing_of_ours_outside_itself():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 30
    assert _layer_violations(files, ("game.engine",)) == []


def test_the_ais_import_only_the_engine():
    files = sorted((ROOT / "ai").rglob("*.py"))
    assert len(files) > 8
    assert _layer_violations(files, ("game.engine", "ai")) == []


def test_app_level_services_never_import_the_ui():
    services = [p for p in sorted((ROOT / "game").glob("*.py")) if p.stem not in SHELL]
    services += sorted((ROOT / "game" / "stats").glob("*.py"))
    assert {"storage", "files", "settings", "replays", "record_files", "store", "counting"} \
        <= {p.stem for p in services}
    bad = [f"{p.relative_to(ROOT)}: {name}" for p in services
           for name in imports_of(p.read_text(encoding="utf-8"), _module_name(p),
                                  p.name == "__init__.py")
           if name == "game.ui" or name.startswith("game.ui.")]
    assert bad == []  # (the UI, the shell and the tools may import anything below them)


def _imports_of_file(path: Path) -> set[str]:
    return imports_of(path.read_text(encoding="utf-8"), _module_name(path),
                      path.name == "__init__.py")


def test_storage_and_replays_do_not_import_each_other():
    """The saved games (storage) and the review's record files (replays) were one circle,
    each importing the other inside functions; what both need (reading and writing a record,
    listing the records folder, the AI notes beside a record) lives in game/record_files.py,
    so the arrow points one way: replays may use storage, storage never uses replays. A
    function-local or TYPE_CHECKING import counts too."""
    storage, replays = ROOT / "game" / "storage.py", ROOT / "game" / "replays.py"

    def uses(path: Path, module: str) -> bool:
        return any(name == module or name.startswith(module + ".")
                   for name in _imports_of_file(path))

    assert not uses(storage, "game.replays"), "game/storage.py imports game.replays"
    assert uses(replays, "game.record_files")  # (and may use game.storage: one way)
    for below in ("record_files.py", "catch_up.py"):  # what storage stands on
        assert not uses(ROOT / "game" / below, "game.replays"), f"game/{below}"
        assert not uses(ROOT / "game" / below, "game.storage"), f"game/{below}"


def test_the_statistics_package_never_imports_the_ui_or_pygame():
    """Every module of game/stats (the store, the figures, the bests, the printer) is read by
    the command line and by the screens' worker thread alike: none imports game.ui or
    pygame, at the top or inside a function."""
    modules = sorted((ROOT / "game" / "stats").glob("*.py"))
    assert {"__init__", "store", "db", "entries", "bests", "cli"} <= {p.stem for p in modules}
    bad = [f"{p.relative_to(ROOT)}: {name}" for p in modules for name in _imports_of_file(p)
           if name.split(".")[0] == "pygame" or name == "game.ui"
           or name.startswith("game.ui.")]
    assert bad == []


STATS_ROOMS = ("values", "errors", "budget", "schema", "entries", "figures", "bests", "db",
               "store", "counting", "cli")  # game/stats/__init__.py lists them in this order


def test_the_statistics_rooms_import_only_the_rooms_above_them():
    """game/stats is a stack: the checks of values at the bottom, the printer at the top, so
    the figures can be changed without reading the damage-proofing and no room is a
    circle."""
    folder = ROOT / "game" / "stats"
    assert {p.stem for p in folder.glob("*.py")} == {"__init__", *STATS_ROOMS}
    bad = []
    for i, room in enumerate(STATS_ROOMS):
        for name in _imports_of_file(folder / f"{room}.py"):
            parts = name.split(".")
            if parts[:2] == ["game", "stats"] and len(parts) > 2 \
                    and parts[2] not in STATS_ROOMS[:i]:
                bad.append(f"game/stats/{room}.py: {name}")
    assert bad == []
