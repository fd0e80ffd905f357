"""``python -m game`` and the built program's entry point: see game/cli.py."""

import multiprocessing
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.cli import main  # noqa: E402

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen build may start worker processes
    raise SystemExit(main())
