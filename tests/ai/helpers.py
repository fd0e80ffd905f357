"""What the computer-player tests share: a benchmark script loaded as a module, and two
true states that one seat cannot tell apart."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from game.engine.cards import cards_of
from game.engine.rng import Rng
from game.engine.state import PLAY_PH, State

from ..engine.helpers import dealt_to_play

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
    b = a.clone()
    hidden = b.hands[1] | b.hands[2] | sum(1 << c for c in b.pile[b.pile_pos:])
    cards = cards_of(hidden & ~sum(c.reveal for c in b.claims.values()))
    Rng(seed + 1).shuffle(cards)
    n1 = b.hands[1].bit_count() - (b.hands[1] & sum(c.reveal for c in b.claims.values())
                                   ).bit_count()
    keep1 = b.hands[1] & sum(c.reveal for c in b.claims.values())
    keep2 = b.hands[2] & sum(c.reveal for c in b.claims.values())
    n2 = b.hands[2].bit_count() - keep2.bit_count()
    b.hands[1] = keep1 | sum(1 << c for c in cards[:n1])
    b.hands[2] = keep2 | sum(1 << c for c in cards[n1:n1 + n2])
    b.pile = b.pile[:b.pile_pos] + cards[n1 + n2:]
    return a, b
