"""Settings every test starts from, whatever the shell that runs the suite exported.

- Every test runs in English unless it chooses a language: the system's language (which the
  game follows by default) must not change what the tests read.
- ``HACHIHACHI_HOME`` is cleared: with it set, the smoke runs would share one folder and the
  second would meet the first one's autosave. Tests that need a home set their own.
- ``fresh_keeper``: a test that is a run of the program of its own (nothing another test
  kept in memory or told) asks for it; calling its value starts the next run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from game.storage import Keeper

os.environ["LANGUAGE"] = "en"
os.environ.pop("HACHIHACHI_HOME", None)


@pytest.fixture
def fresh_keeper(monkeypatch: pytest.MonkeyPatch) -> Callable[[], Keeper]:
    """A run of the program of its own for game.storage: a new `Keeper`, so nothing another
    test kept in memory, set aside or told is seen (games kept only in memory, a finished
    autosave, stale copies, the news for the title, bad autosaves told). The value is a
    function that starts the next run (the player quit and came back) and returns its
    keeper; the program's own keeper comes back after the test."""
    from game import storage

    def next_run() -> Keeper:
        monkeypatch.setattr(storage, "keeper", storage.Keeper())
        return storage.keeper

    next_run()
    return next_run
