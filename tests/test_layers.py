"""The play layer and the front ends (issue 44, item 1): engine ← ai ← play ← {ui, party} ←
app. `game.play` and `game.party` import nothing of `game.ui` (the window may drive a party
host, never the reverse), and neither loads pygame, read from the source (AST, every import
inside functions too) and in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

from tests.test_purity import ROOT
from tests.test_purity import _layer_violations as _all_violations


def _layer_violations(files: list, allowed: tuple[str, ...]) -> list[str]:
    """As test_purity's, with `from game import storage` read as game.storage only (the
    bare package name it also yields is no layer)."""
    return [v for v in _all_violations(files, allowed) if not v.endswith(": game")]

# what the play layer may stand on: the engine, the computer players, itself, and the
# program's services below every front end (words, seats, saved games)
PLAY_ALLOWED = ("game.engine", "ai", "game.play", "game.i18n", "game.seats", "game.storage",
                "game.replays", "game.files")


def test_the_play_layer_stands_only_on_the_engine_the_ais_and_the_services():
    files = sorted((ROOT / "game" / "play").rglob("*.py"))
    assert {p.stem for p in files} >= {"session", "driver", "worker", "terms", "narrate",
                                       "choices", "decisions", "watch", "present"}
    assert _layer_violations(files, PLAY_ALLOWED) == []


def test_the_party_never_imports_the_window():
    files = sorted((ROOT / "game" / "party").rglob("*.py"))
    assert len(files) >= 6
    # game.online (sealing, the relay transport) and game.settings (the relay's address)
    # are pygame-free services the party's host may use (issue 46)
    assert _layer_violations(files, ("game.engine", "ai", "game.play", "game.party",
                                     "game.online", "game.settings", "game.aio",
                                     "game.i18n", "game.seats", "game.storage", "game.files",
                                     "game.resources", "game.replays")) == []


def test_the_play_layer_and_the_party_load_no_pygame():
    code = ("import sys, pkgutil, importlib, game.play, game.party, game.online\n"
            "for pkg in (game.play, game.party, game.online):\n"
            "    for m in pkgutil.iter_modules(pkg.__path__):\n"
            "        importlib.import_module(f'{pkg.__name__}.{m.name}')\n"
            "print('pygame' in sys.modules, any(k.startswith('game.ui') for k in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"], out.stdout + out.stderr
