"""benchmarks/ai_agreement.py: the shares it prints are what the players chose."""

from __future__ import annotations

import subprocess
import sys

from .helpers import BENCHMARKS, benchmark

SCRIPT = BENCHMARKS / "ai_agreement.py"


def test_a_deterministic_player_always_repeats_itself_and_random_does_not():
    agreement = benchmark("ai_agreement").agreement
    n, shares = agreement("greedy", "rules", "curriculum", {"tier": 1}, 3, 2)
    assert n > 20
    assert shares["A~A"] == 1.0 and shares["B~B"] == 1.0  # neither draws on its seed
    assert shares["A~B"] < 1.0  # the rule-based player does not play greedily everywhere
    n, shares = agreement("random", "greedy", "hachi", {}, 2, 1)
    assert n > 5 and shares["A~A"] < 0.6 and shares["B~B"] == 1.0


def test_bad_options_are_a_message_not_a_traceback():
    for extra in (["--options", "[1]"], ["--ruleset", "curriculum", "--options", '{"tier": 0}'],
                  ["--rounds", "0"], ["--second", "nobody"]):
        p = subprocess.run([sys.executable, str(SCRIPT), *extra], capture_output=True,
                           text=True, timeout=60)
        assert p.returncode == 2, (extra, p.stderr)
        assert p.stderr.startswith("ai_agreement: ") and "Traceback" not in p.stderr
