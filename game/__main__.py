"""``python -m game``: see game/cli.py."""

from game.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
