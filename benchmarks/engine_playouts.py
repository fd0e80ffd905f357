"""Random legal full rounds per second, per ruleset, on one core.

Each round is dealt from a fresh shuffled deck and played to its end with uniformly random
legal moves (chance outcomes from the same seeded generator), events off, as search-based
AIs use the engine. Two figures per ruleset:

- ``rollout``: ``State.playout(rng)``, the rollout search uses (moves sampled from the masks);
- ``per-move API``: ``rng.choice(state.legal_actions())`` then ``state.apply(...)`` each move,
  as a player outside the engine drives it.

Prints one line per ruleset and, last, the Hachi-Hachi rollout figure: ``playouts/s: N``
(median of the runs).

    python benchmarks/engine_playouts.py [--seconds 2] [--runs 5] [--ruleset NAME ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import rulesets  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import DEAL, OVER  # noqa: E402


def playouts_per_second(name: str, seats: int, seconds: float, seed: int,
                        per_move: bool = False) -> float:
    rs = rulesets.get(name)
    rng = Rng(seed)
    st = rs.new_state(seats, 0, events=False)
    rounds = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        if st.phase == OVER:
            st = rs.new_state(seats, 0, events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        if not per_move:
            st.playout(rng)
        while st.phase != DEAL and st.phase != OVER:
            if st.is_chance():
                st.apply(st.sample_chance(rng), check=False)
            else:
                st.apply(rng.choice(st.legal_actions()), check=False)
        rounds += 1
        if rounds % 64 == 0 and time.perf_counter() >= deadline:
            break
    return rounds / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    ap.add_argument("--runs", type=int, default=5, help="runs per ruleset (median reported)")
    ap.add_argument("--ruleset", action="append", help="ruleset(s) to measure (default: all)")
    args = ap.parse_args(argv)
    names = args.ruleset or rulesets.names()
    seats = {"hachi": 2, "nuki-hachihachi": 2}
    figures = {}
    for name in names:
        n = seats.get(name, 3)
        runs = [playouts_per_second(name, n, args.seconds, seed) for seed in range(args.runs)]
        api = [playouts_per_second(name, n, args.seconds, seed, per_move=True)
               for seed in range(args.runs)]
        figures[name] = statistics.median(runs)
        print(f"{name:22s} {n} seats: rollout {figures[name]:6.0f} rounds/s, per-move API "
              f"{statistics.median(api):6.0f} rounds/s (medians of {args.runs}; rollout runs "
              f"{', '.join(f'{r:.0f}' for r in runs)})")
    if "hachihachi" in figures:
        print(f"playouts/s: {figures['hachihachi']:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
