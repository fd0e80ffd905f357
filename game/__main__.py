"""``python -m game`` and the built program's entry point: see game/cli.py."""

import multiprocessing
import os
import sys
from collections.abc import MutableMapping


def platform_env(platform: str = sys.platform,
                 env: MutableMapping[str, str] = os.environ) -> None:
    """SDL settings that must be in the environment before pygame starts; a value the
    player set already wins (setdefault).

    On Windows, per-monitor DPI awareness (v2): without it Windows scales the whole window
    as a bitmap on a high-DPI screen, which blurs text and card art (docs/design/GUIDE.md)."""
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if platform == "win32":
        env.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


platform_env()

from game.cli import main  # noqa: E402

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen build may start worker processes
    raise SystemExit(main())
