"""Golden records (tests/data): replaying each gives exactly the results stored with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import record as records

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted(DATA.glob("golden_*.json"))


def test_there_are_golden_records():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_to_its_stored_results(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = data.pop("expected")
    rep = records.replay(records.from_json(data))
    got = {"rounds": [r.as_json() for r in rep.results], "totals": list(rep.state.totals)}
    assert got == expected
