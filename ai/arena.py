"""Duplicate-deal arena: is one level really stronger than another?

Each deal-set is one deck played once per seat, the tested player rotating through every seat
and the others filled by the ``--against`` level, so luck of the deal cancels out. Prints the
tested player's mean points (mon) per round with a 95% interval over deal-sets, its share of
rounds won with a 95% Wilson interval, and its decisions per second.

    python -m ai.arena --ruleset hachihachi --test rules --against random --deals 600 --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass

from game.engine import rulesets
from game.engine.rng import Rng

from . import AGENTS, make_agent


@dataclass
class DealResult:
    nets: list[int]  # the tested player's net in each rotation
    wins: int
    rounds: int
    decisions: int
    think_seconds: float


def play_deal_set(ruleset: str, options: dict, seats: int, test: str, against: str,
                  seed: int, index: int) -> DealResult:
    rs = rulesets.get(ruleset, **options)
    deck_rng = Rng(seed * 1_000_003 + index)
    while True:  # a deck that is not a misdeal, the same for every rotation
        deck = list(rs.deck_cards)
        deck_rng.shuffle(deck)
        probe = rs.new_state(seats, 0, events=False)
        probe.start_round(deck)
        if not probe.round_over:
            break
    nets, wins, decisions, think = [], 0, 0, 0.0
    for tested in range(seats):
        st = rs.new_state(seats, 0, events=False)
        agents = [make_agent(test if s == tested else against,
                             (seed * 7919 + index) * 31 + s) for s in range(seats)]
        chance = Rng(seed * 104_729 + index)
        st.start_round(deck)
        while not st.round_over:
            if st.is_chance():
                st.apply(st.sample_chance(chance))
                continue
            seat = st.to_move
            view = st.view(seat)
            t0 = time.perf_counter()
            action = agents[seat].choose(view)
            if seat == tested:
                think += time.perf_counter() - t0
                decisions += 1
            st.apply(action)
        r = st.results[-1]
        nets.append(r.net[tested])
        wins += r.winner == tested
    return DealResult(nets, wins, seats, decisions, think)


def _job(args: tuple) -> DealResult:
    return play_deal_set(*args)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, tuple[float, float]]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, (mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def run(ruleset: str, test: str, against: str, deals: int, seed: int, seats: int = 3,
        options: dict | None = None, jobs: int = 1) -> dict:
    options = options or {}
    rulesets.get(ruleset, **options)  # fail early on a bad ruleset or option
    for name in (test, against):
        make_agent(name, 0)
    tasks = [(ruleset, options, seats, test, against, seed, i) for i in range(deals)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=max(1, deals // (jobs * 8)))
    else:
        results = [_job(t) for t in tasks]
    elapsed = time.perf_counter() - start
    per_set = [statistics.fmean(r.nets) for r in results]
    mean, ci = mean_ci(per_set)
    wins = sum(r.wins for r in results)
    rounds = sum(r.rounds for r in results)
    decisions = sum(r.decisions for r in results)
    think = sum(r.think_seconds for r in results)
    lo, hi = wilson(wins, rounds)
    return {"ruleset": ruleset, "test": test, "against": against, "seats": seats,
            "deal_sets": deals, "rounds": rounds, "mean_points": round(mean, 3),
            "mean_points_ci": [round(ci[0], 3), round(ci[1], 3)],
            "win_share": round(wins / rounds, 4), "win_share_ci": [round(lo, 4), round(hi, 4)],
            "decisions_per_second": round(decisions / think, 1) if think else None,
            "seconds": round(elapsed, 1)}


def parse_options(text: str) -> dict:
    """A ruleset's options from a command line's ``--options`` JSON text (ValueError if it is
    not a JSON object)."""
    options = json.loads(text)
    if not isinstance(options, dict):
        raise ValueError("--options must be a JSON object")
    return options


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.arena", description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi", choices=rulesets.names())
    ap.add_argument("--options", default="{}", help="ruleset options as a JSON object")
    ap.add_argument("--test", required=True, help=f"AI id or level ({', '.join(AGENTS)})")
    ap.add_argument("--against", required=True, help="AI id or level for the other seats")
    ap.add_argument("--deals", type=int, default=100, help="duplicate deal-sets to play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    try:
        options = parse_options(args.options)
        if args.deals < 1:
            raise ValueError("--deals must be at least 1")
        out = run(args.ruleset, args.test, args.against, args.deals, args.seed, args.seats,
                  options, args.jobs)
    except (ValueError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out))
        return 0
    lo, hi = out["mean_points_ci"]
    wlo, whi = out["win_share_ci"]
    print(f"{out['test']} vs {out['against']} on {out['ruleset']} ({out['seats']} seats), "
          f"{out['deal_sets']} duplicate deal-sets ({out['rounds']} rounds):")
    print(f"  mean points per round: {out['mean_points']:+.2f} mon "
          f"(95% interval {lo:+.2f} .. {hi:+.2f})")
    print(f"  win share: {out['win_share']:.3f} (95% Wilson interval {wlo:.3f} .. {whi:.3f})")
    print(f"  decisions per second: {out['decisions_per_second']}; {out['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
