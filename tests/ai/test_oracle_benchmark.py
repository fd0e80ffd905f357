"""benchmarks/ai_oracle.py: it compares two players only where they part, and says so."""

from __future__ import annotations

import math
import subprocess
import sys

from .helpers import BENCHMARKS, benchmark

SCRIPT = BENCHMARKS / "ai_oracle.py"


def test_a_player_never_parts_from_itself_and_parts_from_another():
    measure = benchmark("ai_oracle").measure
    same = measure("curriculum", 3, 2, 5, "greedy", "greedy", "greedy", 1, {"tier": 1})
    assert same["decisions"] > 10 and same["parted"] == 0 and same["per_decision"] == 0
    other = measure("hachi", 2, 2, 5, "random", "greedy", "greedy", 2)
    assert 0 < other["parted"] <= other["decisions"]
    lo, hi = other["ci"]
    assert math.isfinite(lo) and lo <= other["mean"] <= hi
    assert other["per_decision"] == other["mean"] * other["share"]


def test_bad_arguments_are_a_message_not_a_traceback():
    for extra in (["--options", "[1]"], ["--ruleset", "curriculum", "--options", '{"tier": 0}'],
                  ["--rounds", "0"], ["--b", "nobody"], ["--seats", "9"]):
        p = subprocess.run([sys.executable, str(SCRIPT), *extra], capture_output=True,
                           text=True, timeout=60)
        assert p.returncode == 2, (extra, p.stderr)
        assert p.stderr.startswith("ai_oracle: ") and "Traceback" not in p.stderr
