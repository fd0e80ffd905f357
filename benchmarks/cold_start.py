"""Cold start to the title menu: process launch to the first drawn title frame.

Each run launches ``python -m game --startup-probe`` (or the built program with --exe),
which opens the window, builds the card cache for the table's sizes, draws the title menu
once and exits; the wall time of the whole process is the cold start. Median of the runs.

    python benchmarks/cold_start.py [--runs 5] [--exe dist/hachihachi/hachihachi]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--exe", help="the built program instead of python -m game")
    args = ap.parse_args(argv)
    cmd = [args.exe] if args.exe else [sys.executable, "-m", "game"]
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy" if not env.get("DISPLAY") else "")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env["SDL_VIDEODRIVER"]:
        del env["SDL_VIDEODRIVER"]
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        p = subprocess.run([*cmd, "--startup-probe"], env=env, capture_output=True, text=True,
                           timeout=60)
        times.append(time.perf_counter() - t0)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            return 1
    driver = env.get("SDL_VIDEODRIVER", "the display")
    print(f"cold start to the title menu ({driver}): median {statistics.median(times):.2f} s "
          f"(runs {', '.join(f'{t:.2f}' for t in times)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
