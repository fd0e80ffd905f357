"""Seconds to review one seat of a whole game: a 12-round, 3-seat Hachi-Hachi game played by
the rule-based player (a person's kind of game), its seat 0 reviewed at the default budget
(ai.review.WORLDS sampled deals per decision, more where a mark is unclear), on one core.

    python benchmarks/review_speed.py [--games 3] [--worlds 300]

Prints CPU seconds per game with the compiled kernel, then the same games with the
pure-Python kernel (HACHI_PURE_PYTHON=1, in a child process), and each median.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def measure(games: int, worlds: int) -> list[dict]:
    from ai import review
    from game.engine import kernel_name
    from game.simulate import simulate

    out = []
    for g in range(games):
        rec = simulate("hachihachi", {"rounds": 12}, 3, ["rules"], seed=1000 + g)
        t = time.process_time()
        rv = review.review(rec, 0, worlds=worlds)
        out.append({"kernel": kernel_name(), "seconds": time.process_time() - t,
                    "decisions": len(rv.decisions), "rounds": len(rec.rounds),
                    "worlds": sum(d.worlds for d in rv.decisions)})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--worlds", type=int, default=None)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    from ai import review

    worlds = args.worlds or review.WORLDS
    if args.child:
        print(json.dumps(measure(args.games, worlds)))
        return 0
    runs: dict[str, list[dict]] = {}
    for kernel, env in (("c", {}), ("python", {"HACHI_PURE_PYTHON": "1"})):
        out = subprocess.run([sys.executable, __file__, "--child", "--games", str(args.games),
                              "--worlds", str(worlds)], env={**os.environ, **env},
                             capture_output=True, text=True, check=True)
        runs[kernel] = json.loads(out.stdout)
    for rows in runs.values():
        for r in rows:
            print(f"{r['kernel']:>6} kernel: {r['seconds']:6.1f} s for {r['decisions']} "
                  f"decisions over {r['rounds']} rounds ({r['worlds']} sampled deals)")
        med = statistics.median(r["seconds"] for r in rows)
        print(f"{rows[0]['kernel']:>6} kernel: median {med:.1f} s per game "
              f"({worlds} deals per decision)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
