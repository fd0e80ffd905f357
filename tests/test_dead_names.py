"""Names nothing used are gone (issue 25, item 9; the code review's list for the engine, the
AIs and the app-level services), and their removal breaks nothing a user has on disk."""

from __future__ import annotations

import json

import pytest

from game import settings, storage
from game.engine import state, teyaku


@pytest.mark.parametrize("owner, name", [
    (state, "SUM_MASK"),
    (teyaku.Shape, "ribbons"), (teyaku.Shape, "counts"), (settings.Settings, "sort_hand"),
])
def test_the_dead_names_are_gone(owner, name):
    assert not hasattr(owner, name)


def test_a_settings_file_with_a_removed_option_still_loads(tmp_path):
    """Settings.sort_hand was never read; files that still hold it load, the other values
    kept (unknown keys are dropped)."""
    paths = storage.Paths(tmp_path, tmp_path, tmp_path)
    settings.settings_path(paths).write_text(json.dumps({"sort_hand": False, "muted": True}),
                                             encoding="utf-8")
    got, message = settings.load(paths)
    assert message is None and got.muted is True
    assert not hasattr(got, "sort_hand")
