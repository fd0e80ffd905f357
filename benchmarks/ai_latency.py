"""Milliseconds per decision for each AI, on one core: median and 95th percentile.

Every seat of a game (3-player hachihachi unless told) is played by the measured AI; every
decision with more than one legal action is timed (forced moves are free and would flatter the
figures). Hachi (2 seats) has the most legal moves (month-sum captures give target choices:
up to 16, against 9 in the hachihachi family), so it is the searchers' worst case:

    python benchmarks/ai_latency.py [--rounds 20] [--ai rules --ai expectimax ...]
    python benchmarks/ai_latency.py --ruleset hachi --seats 2 --ai expectimax,master
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import AGENTS, LEVELS, make_agent  # noqa: E402
from ai.arena import parse_options  # noqa: E402
from game.engine import rulesets  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import OVER  # noqa: E402


def measure(name: str, rounds: int, seed: int = 1, ruleset: str = "hachihachi",
            seats: int = 3, options: dict | None = None, cpu: bool = False) -> list[float]:
    rs = rulesets.get(ruleset, **(options or {}))
    rng = Rng(seed)
    clock = time.process_time if cpu else time.perf_counter
    times: list[float] = []
    agents = [make_agent(name, seed * 10 + s) for s in range(seats)]
    st = rs.new_state(seats, 0, events=False)
    played = 0
    while played < rounds:
        if st.phase == OVER:
            st = rs.new_state(seats, 0, events=False)
        for seat in st.decisions(rng):
            view = st.view(seat)
            t0 = clock()
            action = agents[seat].choose(view)
            if len(view.legal) > 1:
                times.append((clock() - t0) * 1000)
            st.apply(action)
        played += 1
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--ai", action="append",
                    help=f"AI ids, repeated or comma-separated (default: {', '.join(AGENTS)})")
    ap.add_argument("--ruleset", default="hachihachi", choices=rulesets.names())
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--options", default="{}", help="ruleset options as a JSON object")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpu", action="store_true",
                    help="time this process's CPU, not the wall clock (a machine shared with "
                         "other jobs)")
    args = ap.parse_args(argv)
    names = ([n for arg in args.ai for n in arg.split(",") if n] if args.ai
             else list(AGENTS))
    try:
        options = parse_options(args.options)
        if args.rounds < 1:
            raise ValueError("--rounds must be at least 1")
        rulesets.get(args.ruleset, **options).new_state(args.seats, 0)  # checks the seats
        for name in names:
            make_agent(name, 0)
    except ValueError as e:
        print(f"ai_latency: {e}", file=sys.stderr)
        return 2
    levels = {agent: level for level, agent, _ in LEVELS}
    print(f"{args.ruleset} {options or ''}({args.seats} seats), {args.rounds} rounds per AI:")
    for name in names:
        t = sorted(measure(name, args.rounds, args.seed, args.ruleset, args.seats, options,
                         args.cpu))
        if not t:
            print(f"{name}: no decision with a choice in {args.rounds} rounds")
            continue
        p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
        label = f"{name} ({levels[name]})" if name in levels else name
        print(f"{label:26s} {len(t):5d} decisions: mean {statistics.fmean(t):7.2f} ms, "
              f"median {statistics.median(t):7.2f} ms, 95th percentile {p95:7.2f} ms, "
              f"max {t[-1]:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
