"""The engine and the AIs never load pygame (GUIDE §1)."""

import subprocess
import sys


def test_engine_and_ai_import_without_pygame():
    code = ("import sys; import game.engine, game.engine.rulesets, game.engine.record, "
            "game.engine.view, game.simulate, ai; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
