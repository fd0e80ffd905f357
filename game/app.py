"""The desktop table's entry point.

The pygame scene stack is not built yet (issue "The table"); until it lands, opening the game
says so plainly instead of failing.
"""

from __future__ import annotations

import sys


def run(smoke: bool = False) -> int:
    print("The game window is not available in this version yet. Headless play works:\n"
          "  python -m game simulate --ruleset hachihachi --seats 3 --agents random "
          "--seed 1 --out game.json\n  python -m game replay game.json", file=sys.stderr)
    return 1
