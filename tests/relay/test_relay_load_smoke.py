"""The relay benchmark (benchmarks/relay_load.py, issue 46 item 11) at a toy size: three rooms,
a few probes and a one-round game, so a change to the relay or the benchmark that breaks the
run is seen here rather than on the day someone needs the figures. Only that the figures are
printed and make sense is asserted, never how fast anything was: the machine is shared."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"(\d+(?:\.\d+)?)"


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "relay_load.py"),
                           "--rooms", "3", "--probes", "6", "--idle", "0.3", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def figures(out: str, label: str, count: int) -> list[float]:
    """The numbers on the line that starts with `label` (at least `count` of them)."""
    line = next((ln for ln in out.splitlines() if ln.startswith(label)), None)
    assert line is not None, f"no line {label!r} in:\n{out}"
    values = [float(v) for v in re.findall(NUMBER, line[len(label):])]
    assert len(values) >= count, line
    return values


@pytest.mark.parametrize("instances", [1, 2])
def test_the_benchmark_prints_its_figures(instances: int) -> None:
    if instances == 2 and shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed: two instances share rooms through it")
    out = run("--instances", str(instances), "--rounds", "1")
    assert "15 sockets open, 0 failed" in out
    for name in "AB"[:instances]:
        sockets, idle_mb, rss, peak, *cpu = figures(out, f"relay {name}", 8)
        assert sockets > 0 and 0 < idle_mb <= rss <= peak and all(c >= 0 for c in cpu)
    for label in ("direct (seat <-> echo, no relay)", "through the relay"):
        p50, p95, top = figures(out, label, 3)[-3:]
        assert 0 < p50 <= p95 <= top
    assert "(6, 0 lost)" in out
    taps = figures(out, "tap to next view", 3)
    assert "game over: True" in out and all(v > 0 for v in taps[-3:])
    assert re.search(r"PASS|MISS", out.split("goals:")[1])
