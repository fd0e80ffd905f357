"""Tests that fork a child (a kill -9 at every line, a full disk by RLIMIT_FSIZE) run only in
a process of their own: in a pytest-xdist worker another thread may hold a lock when the fork
happens and the child would wait on it for ever. `python -m pytest -n auto` skips them and
`.ci/run` runs them once more without workers (as a plain `python -m pytest` does)."""

from __future__ import annotations

import os

import pytest

FORKS = pytest.mark.skipif(
    os.environ.get("PYTEST_XDIST_WORKER") is not None,
    reason="forks a child: run without -n (.ci/run does, after the parallel run)")
