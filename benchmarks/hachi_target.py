"""How long a Hachi game to a points target runs, and whether its record fits (issue 43,
item 9): the figures behind the cap on `target_points` (docs/rules/hachi.md §7).

A points match ends when one player's cumulative net reaches the target. Between players of
equal strength that net is a random walk of about +-60 a round, so the rounds needed grow
with the square of the target, while a record may hold at most `storage.RECORD_LIMITS`
bytes (about 2,600 Hachi rounds). For each target this plays whole games between computer
players and prints the rounds they took and the size of their records (written as the game
writes them); then, from the round nets it saw, it estimates the chance that a game at that
target outgrows the limit: by resampled walks (`--walks` of them) and by the Brownian tail
(4/pi) exp(-pi^2 s^2 n / (8 T^2)) for the rarer cases no sample reaches.

    python benchmarks/hachi_target.py [--targets 100,250,500,1000,2000]
                                      [--agents random,rules] [--games 40] [--walks 20000]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def play(target: int, agent: str, seed: int) -> tuple[int, int, list[int]]:
    """One game of Hachi to `target` points between two `agent` players: (rounds, record
    bytes, each round's net for the first seat). Played here, not by game.simulate, so
    targets above the cap can still be measured."""
    from ai import make_agent
    from game import storage
    from game.engine import record as records
    from game.engine.rng import Rng
    from game.engine.rulesets import get
    from game.engine.state import OVER
    from game.simulate import play_round

    rs = get("hachi", match_end="points", target_points=target)
    rng = Rng(seed)
    players = [make_agent(agent, rng.next64()) for _ in range(2)]
    st = rs.new_state(2, rng.below(2), events=False)
    while st.phase != OVER:
        play_round(st, players, rng)
    seats = [{"name": "You", "kind": "human"}, {"name": "Ren", "kind": f"ai:{agent}"}]
    rec = records.from_state(st, seats, seed)
    rec.app = {"finished_at": "2026-12-01T12:00:00+00:00", "duration_s": 3600}
    return len(st.results), len(storage.record_text(rec).encode()), \
        [r.net[0] for r in st.results]


def walk_overflow(nets: list[int], target: int, fit: int, walks: int, seed: int) -> int:
    """How many of `walks` resampled games (each round's net drawn from `nets`) have not
    reached `target` after `fit` rounds: the games whose record would not fit."""
    import random

    rng = random.Random(seed)
    choice = rng.choice
    over = 0
    for _ in range(walks):
        x = 0
        for _n in range(fit):
            x += choice(nets)
            if x >= target or -x >= target:
                break
        else:
            over += 1
    return over


def brownian_tail(sigma: float, target: int, rounds: int) -> float:
    """P(a driftless walk of step `sigma` has not left (-target, target) after `rounds`),
    the leading term of the series: exact enough far in the tail."""
    return min(1.0, 4 / math.pi * math.exp(-(math.pi ** 2) * sigma ** 2 * rounds
                                             / (8 * target ** 2)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--targets", default="100,250,500,1000,2000")
    ap.add_argument("--agents", default="random,rules")
    ap.add_argument("--games", type=int, default=40, help="games per target and agent")
    ap.add_argument("--walks", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=43)
    args = ap.parse_args()
    from game import storage

    limit = storage.RECORD_LIMITS.max_bytes
    targets = [int(t) for t in args.targets.split(",")]
    per_round: list[float] = []
    nets: dict[str, list[int]] = {}
    print(f"record limit: {limit:,} bytes")
    print("agent   target  games  rounds: mean   p50   p90   max   record KB: mean   max"
          "   cpu s/game")
    for agent in args.agents.split(","):
        pool = nets.setdefault(agent, [])
        for target in targets:
            rounds, sizes = [], []
            t0 = time.process_time()
            for g in range(args.games):
                n, size, game_nets = play(target, agent, args.seed * 1000 + g)
                rounds.append(n)
                sizes.append(size)
                pool.extend(game_nets)
                if n >= 50:  # long enough that the header does not count
                    per_round.append(size / n)
            cpu = (time.process_time() - t0) / args.games
            rounds.sort()
            print(f"{agent:7s} {target:6d} {args.games:6d}  {statistics.mean(rounds):12.1f} "
                  f"{rounds[len(rounds) // 2]:5d} {rounds[len(rounds) * 9 // 10]:5d} "
                  f"{rounds[-1]:5d}  {statistics.mean(sizes) / 1000:14.1f} "
                  f"{max(sizes) / 1000:5.0f}  {cpu:9.2f}")
    per_round = sorted(per_round) or [2000.0]
    big = per_round[-max(1, len(per_round) // 100)]  # the 99th percentile
    fit = int((limit - 2_000) / big)  # 2 KB for the header, seats and app facts
    print(f"\nbytes a round (games of 50 rounds or more, whole record / rounds): median "
          f"{statistics.median(per_round):.0f}, p99 {big:.0f}: about {fit:,} rounds fit")
    print("\nchance that a game at the target does not fit (has not ended after "
          f"{fit:,} rounds):")
    print("agent   sigma   target  mean rounds (T/s)^2   resampled walks   Brownian tail")
    for agent, pool in nets.items():
        sigma = statistics.pstdev(pool)
        for target in [*targets, 10_000]:
            over = walk_overflow(pool, target, fit, args.walks, args.seed) \
                if (target / sigma) ** 2 < 4 * fit else None
            walked = f"{over}/{args.walks}" if over is not None else "(not walked)"
            print(f"{agent:7s} {sigma:5.1f}  {target:7d}  {(target / sigma) ** 2:19.0f}  "
                  f"{walked:>16s}   {brownian_tail(sigma, target, fit):.1e}")


if __name__ == "__main__":
    main()
