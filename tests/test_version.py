"""The version lives in one place (game/engine/version.py) and everything names it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from game.engine import record
from game.engine.version import VERSION

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_written_once():
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    py = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in py and "game.engine.version.VERSION" in py
    assert not re.search(r'^version\s*=\s*"', py, re.M)  # no second copy
    hits = [p for p in ROOT.rglob("*.py") if ".venv" not in p.parts and "build" not in p.parts
            and f'"{VERSION}"' in p.read_text(encoding="utf-8", errors="replace")]
    assert hits == [ROOT / "game" / "engine" / "version.py"]


def test_the_command_line_records_and_changelog_name_it():
    out = subprocess.run([sys.executable, "-m", "game", "--version"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == f"Hachi-Hachi {VERSION}"
    assert record.Record("hachihachi", {}, []).to_json()["app_version"] == VERSION
    changes = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {VERSION} " in changes
