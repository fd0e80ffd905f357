"""The suite passes on any machine: without a C compiler (the optional kernel not built) and
whatever the shell exported (``HACHIHACHI_HOME``). Each case runs pytest in a subprocess
under the condition it guards against."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNEL_TESTS = "tests/engine/test_ckernel.py"
# Run pytest as if game.engine._ckernel had not been built (a None entry in sys.modules
# makes its import fail, as a missing file does).
WITHOUT_EXTENSION = ("import sys; sys.modules['game.engine._ckernel'] = None; import pytest; "
                     "sys.exit(pytest.main(sys.argv[1:]))")


def _pytest(*args: str, env: dict[str, str],
            code: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, *(("-c", code) if code else ("-m", "pytest")), *args]
    return subprocess.run([*cmd, "-rs", "-p", "no:cacheprovider"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("HACHI_REQUIRE_CKERNEL", "HACHI_PURE_PYTHON")}
    env.update(extra)
    return env


def test_the_kernel_tests_skip_without_the_extension():
    """The kernel tests skip; the others (here the notation's) still run and pass."""
    run = _pytest(KERNEL_TESTS, "tests/engine/test_actions.py", env=_env(),
                  code=WITHOUT_EXTENSION)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 skipped" in run.stdout and " passed" in run.stdout


def test_ci_requires_the_extension():
    run = _pytest(KERNEL_TESTS, env=_env(HACHI_REQUIRE_CKERNEL="1"), code=WITHOUT_EXTENSION)
    assert run.returncode != 0
    assert "HACHI_REQUIRE_CKERNEL" in run.stdout + run.stderr


def test_the_engine_runs_its_python_kernel_without_the_extension():
    code = ("import sys; sys.modules['game.engine._ckernel'] = None; "
            "import game.engine as e, game.engine.rollout as r; "
            "print(e.kernel_name(), r._CK_TURNS)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(), check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == ["python", "None"]


def test_the_suite_clears_hachihachi_home():
    assert "HACHIHACHI_HOME" not in os.environ


def test_an_exported_home_does_not_reach_the_tests(tmp_path):
    run = _pytest("tests/test_hermetic.py::test_the_suite_clears_hachihachi_home",
                  env=_env(HACHIHACHI_HOME=str(tmp_path / "home")))
    assert run.returncode == 0, run.stdout + run.stderr
