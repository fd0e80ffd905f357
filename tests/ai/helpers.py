"""What the computer-player tests share: a benchmark script loaded as a module, and two
true states that one seat cannot tell apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from game.engine.rng import Rng
from game.engine.state import PLAY_PH, State

from ..engine.helpers import dealt_to_play, hidden_reshuffled

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def two_worlds(seed: int) -> tuple[State, State]:
    """Two true states that differ only in what seat 0 cannot see."""
    rng = Rng(seed)
    a = dealt_to_play(rng)
    for _ in range(3):
        a.apply(rng.choice(a.legal_actions()))
    while a.phase != PLAY_PH or a.to_move != 0:
        a.apply(rng.choice(a.legal_actions()))
    return a, hidden_reshuffled(a, seed + 1)
