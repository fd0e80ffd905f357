"""benchmarks/ai_latency.py: it times the players it is given and refuses bad input plainly."""

from __future__ import annotations

import subprocess
import sys

from .helpers import BENCHMARKS

SCRIPT = BENCHMARKS / "ai_latency.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=120)


def test_names_repeated_or_comma_separated_are_each_timed():
    p = _run("--ruleset", "hachi", "--seats", "2", "--rounds", "1", "--ai", "greedy,random",
             "--ai", "casual")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()[1:]
    assert [line.split()[0] for line in lines] == ["greedy", "random", "casual"]
    assert all("95th percentile" in line for line in lines)


def test_bad_input_is_a_message_not_a_traceback():
    for extra in (["--ai", "nobody"], ["--options", "[1]"], ["--seats", "9"], ["--rounds", "0"],
                  ["--ruleset", "curriculum", "--options", '{"tier": 0}']):
        p = _run(*extra)
        assert p.returncode == 2, (extra, p.stderr)
        assert p.stderr.startswith("ai_latency: ") and "Traceback" not in p.stderr
