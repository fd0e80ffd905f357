"""Full rounds per second, per ruleset, on one core: the rollout kernel the search runs.

Each round is dealt from a fresh shuffled deck and played to its end (chance outcomes from
the same seeded generator), events off, as search-based AIs use the engine. Five figures per
ruleset:

- ``greedy``: ``State.playout(rng, GREEDY)``, the rollout policy expectimax and Monte Carlo
  run at every leaf (every seat takes the most points it can);
- ``careful``: ``State.playout(rng, CAREFUL)``, Master's rollout policy (greedy, with the
  discards that hand least to the seats after);
- ``leaves``: what one search leaf costs, from positions of real rounds: a world of
  the mover's view (``positions.Resampler``, as search draws them), then for each legal move
  ``clone``, ``apply`` and the greedy playout
  (leaves per second);
- ``random``: ``State.playout(rng)``, uniformly random moves in the same kernel;
- ``per-move API``: ``rng.choice(state.legal_actions())`` then ``state.apply(...)`` each move,
  as a player outside the engine drives it.

Prints one line per ruleset and, last, the Hachi-Hachi figures: ``playouts/s: N`` (random,
as before) and ``greedy playouts/s: N`` (medians of the runs). ``--kernel both`` (the
default) measures the compiled kernel (game/engine/_ckernel.c, when built) and then the
pure-Python one (this script again with ``HACHI_PURE_PYTHON=1``), each block and each
``playouts/s:`` line tagged with its kernel.

    python benchmarks/engine_playouts.py [--seconds 2] [--runs 5] [--ruleset NAME ...]
                                         [--kernel both|c|python] [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import kernel_name, rulesets  # noqa: E402
from game.engine.positions import Resampler  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.rollout import CAREFUL  # noqa: E402
from game.engine.state import GREEDY, OVER, RANDOM  # noqa: E402
from game.engine.view import PlayerView  # noqa: E402

SEATS = {"hachi": 2, "nuki-hachihachi": 2}
# The clock of every figure: wall time (default), or with --clock cpu this process's CPU
# time, steadier on a machine other jobs share (it leaves out the time spent waiting).
CLOCK = [time.perf_counter]


def playouts_per_second(name: str, seats: int, seconds: float, seed: int,
                        policy: str | None = RANDOM) -> float:
    """Rounds per second with ``playout(rng, policy)``; policy None: the per-move API."""
    rs = rulesets.get(name)
    rng = Rng(seed)
    st = rs.new_state(seats, 0, events=False)
    rounds = 0
    start = CLOCK[0]()
    deadline = start + seconds
    while True:
        if st.phase == OVER:
            st = rs.new_state(seats, 0, events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        if policy is not None:
            st.playout(rng, policy)
        while not st.round_over:
            if st.is_chance():
                st.apply(st.sample_chance(rng), check=False)
            else:
                st.apply(rng.choice(st.legal_actions()), check=False)
        rounds += 1
        if rounds % 64 == 0 and CLOCK[0]() >= deadline:
            break
    return rounds / (CLOCK[0]() - start)


def search_views(name: str, seats: int, count: int = 200, seed: int = 7) -> list[PlayerView]:
    """Views of the seat to move at plays, takes and decisions of random rounds."""
    rs = rulesets.get(name)
    rng = Rng(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        st = rs.new_state(seats, 0)
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase in ("play", "take", "decide") and len(view.legal) > 1:
                views.append(view)
            st.apply(rng.choice(st.legal_actions()))
    return views[:count]


def leaves_per_second(views: list[PlayerView], seconds: float, seed: int) -> float:
    """Search leaves per second: resample a world, then each legal move played out. The
    worlds come from one ``Resampler`` per view, as a search draws them (the part every world
    shares built once a decision)."""
    leaves = 0
    i = seed * 1_000_003
    start = CLOCK[0]()
    deadline = start + seconds
    samplers = [Resampler(view) for view in views]
    while True:
        for sampler, view in zip(samplers, views, strict=True):
            world = sampler.world(Rng(i))
            for a in view.legal:
                st = world.clone()
                st.apply(a, check=False)
                st.playout(Rng(i), GREEDY)
                leaves += 1
            i += 1
        if CLOCK[0]() >= deadline:
            break
    return leaves / (CLOCK[0]() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    ap.add_argument("--runs", type=int, default=5, help="runs per ruleset (median reported)")
    ap.add_argument("--ruleset", action="append", help="ruleset(s) to measure (default: all)")
    ap.add_argument("--kernel", choices=("both", "c", "python"), default="both",
                    help="which rollout kernel to measure (default: both, C first)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time the runs by the wall clock (default) or by this process's "
                         "CPU time (steadier on a shared machine)")
    args = ap.parse_args(argv)
    if args.clock == "cpu":
        CLOCK[0] = time.process_time
    here = kernel_name()
    if args.kernel in ("both", "c"):
        if here == "c":
            measure(args)
        else:
            print("kernel c: not available (the extension is not built, or "
                  "HACHI_PURE_PYTHON is set)", flush=True)
            if args.kernel == "c":
                return 1
    if args.kernel in ("both", "python"):
        if here == "python":
            measure(args)
        else:  # the generator and kernel are chosen at import: measure in a fresh process
            cmd = [sys.executable, str(Path(__file__).resolve()), "--kernel", "python",
                   "--seconds", str(args.seconds), "--runs", str(args.runs),
                   "--clock", args.clock]
            for name in args.ruleset or ():
                cmd += ["--ruleset", name]
            env = dict(os.environ, HACHI_PURE_PYTHON="1")
            return subprocess.run(cmd, env=env, check=False).returncode
    return 0


def measure(args: argparse.Namespace) -> None:
    """The figures of the kernel this process runs, tagged with its name."""
    tag = kernel_name()
    print(f"kernel {tag}:" + (" (CPU time)" if args.clock == "cpu" else ""), flush=True)
    names = args.ruleset or rulesets.names()
    figures: dict[str, dict[str, float]] = {}
    for name in names:
        n = SEATS.get(name, 3)
        views = search_views(name, n, 40)
        runs = {
            "greedy": [playouts_per_second(name, n, args.seconds, s, GREEDY)
                       for s in range(args.runs)],
            "careful": [playouts_per_second(name, n, args.seconds, s, CAREFUL)
                        for s in range(args.runs)],
            "leaves": [leaves_per_second(views, args.seconds, s) for s in range(args.runs)],
            "random": [playouts_per_second(name, n, args.seconds, s) for s in range(args.runs)],
            "api": [playouts_per_second(name, n, args.seconds, s, None)
                    for s in range(args.runs)],
        }
        f = figures[name] = {k: statistics.median(v) for k, v in runs.items()}
        print(f"{name:20s} {n} seats: greedy {f['greedy']:6.0f} rounds/s, careful "
              f"{f['careful']:6.0f} rounds/s, search leaves "
              f"{f['leaves']:6.0f}/s, random {f['random']:6.0f} rounds/s, per-move API "
              f"{f['api']:6.0f} rounds/s (medians of {args.runs}; greedy runs "
              f"{', '.join(f'{r:.0f}' for r in runs['greedy'])}; random runs "
              f"{', '.join(f'{r:.0f}' for r in runs['random'])})", flush=True)
    if "hachihachi" in figures:
        print(f"playouts/s: {figures['hachihachi']['random']:.0f} (kernel {tag})")
        print(f"greedy playouts/s: {figures['hachihachi']['greedy']:.0f} (kernel {tag})",
              flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
