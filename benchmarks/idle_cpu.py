"""CPU used by the program while the player does nothing (issue 23: an idle title used about
30 % of a core).

Starts `python -m game` (the real program and loop) with its own empty home, waits until the
title is open (the log says so), measures the CPU time it uses over `--seconds` of wall time
while nobody touches it, then ends it with SIGTERM. Prints CPU time as a share of one core,
per run, and the median. SDL_VIDEODRIVER is left to you: set it to `dummy` for no display, or
run under a real or virtual X display (Xvfb) to measure drawing for real.

    python benchmarks/idle_cpu.py [--seconds 10] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def one_run(seconds: float, welcome: bool) -> float:
    with tempfile.TemporaryDirectory() as home:
        if not welcome:  # a returning player: the title alone
            from game import settings, storage

            settings.save(storage.default_paths(home).ensure(),
                          settings.Settings(welcome_seen=True))
        env = dict(os.environ, HACHIHACHI_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1",
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
        proc = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                logs = list(Path(home).rglob("hachihachi.log"))
                if logs and "title is open" in logs[0].read_text(errors="replace"):
                    break
                time.sleep(0.2)
            else:
                raise SystemExit("the title never opened")
            time.sleep(2.0)  # the first frames warm the card art
            c0, t0 = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(seconds)
            c1, t1 = cpu_seconds(proc.pid), time.monotonic()
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return (c1 - c0) / (t1 - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--welcome", action="store_true",
                    help="a first run: the welcome dialog over the title")
    args = ap.parse_args()
    shares = []
    for i in range(args.runs):
        share = one_run(args.seconds, args.welcome)
        shares.append(share)
        print(f"run {i + 1}: {share * 100:.1f} % of one core")
    what = "title with the welcome" if args.welcome else "title"
    print(f"idle {what}, median of {len(shares)}: {statistics.median(shares) * 100:.1f} % of "
          f"one core (SDL_VIDEODRIVER={os.environ.get('SDL_VIDEODRIVER', 'default')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
