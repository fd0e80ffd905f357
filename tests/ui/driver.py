"""Helpers that drive the real window loop with posted pygame events (dummy SDL drivers)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game import storage  # noqa: E402
from game.app import App  # noqa: E402
from game.settings import Settings  # noqa: E402


def make_app(home: Path, size: tuple[int, int] = (1280, 720), **settings: object) -> App:
    paths = storage.default_paths(home).ensure()
    s = Settings(anim_speed="instant", ai_pace="instant", welcome_seen=True)
    for k, v in settings.items():
        setattr(s, k, v)
    app = App(size, paths, s)
    pygame.event.clear()
    return app


def frames(app: App, n: int = 1) -> None:
    """n frames, each drawn (tests read what a frame draws; an idle screen would skip it:
    tests/ui/test_idle.py steps the app itself to check that)."""
    for _ in range(n):
        app.invalidate()
        app.step(1 / 60)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 2)


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    frames(app, 1)


def run_until(app: App, pred: Callable[[], bool], limit: int = 5000,
              each: Callable[[], None] | None = None) -> bool:
    for _ in range(limit):
        if pred():
            return True
        if each is not None:
            each()
        frames(app, 1)
    return pred()


def idle(table) -> bool:  # noqa: ANN001
    return not table.tv.anim.running and not table.pending


def loaded(app: App, scene: object = None) -> None:
    """Wait for a screen that reads its data in the background (Statistics and History:
    game/ui/stats_worker.py) to have it, and draw the frame that shows it."""
    scene = app.stack.top if scene is None else scene
    for _ in range(100):
        loader = getattr(scene, "loader", None)
        if loader is None:
            return
        loader.join()
        frames(app, 1)
    raise AssertionError(f"{scene!r} never took its data (is it the top scene?)")
