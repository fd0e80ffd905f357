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

FRAME = 1 / 60


class StepClock:
    """The window's clock in a test (App's `clock`): it moves only when the driver draws a
    frame, by that frame's time, so every guard and pace (the key gate, the hand-over's
    400 ms, a computer's thinking time, a tooltip's delay) is counted in frames, the same
    on a loaded machine as on an idle one (issue 44, item 5)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def make_app(home: Path, size: tuple[int, int] = (1280, 720), **settings: object) -> App:
    paths = storage.default_paths(home).ensure()
    s = Settings(anim_speed="instant", ai_pace="instant", welcome_seen=True)
    for k, v in settings.items():
        setattr(s, k, v)
    app = App(size, paths, s, clock=StepClock())
    pygame.event.clear()
    return app


def frames(app: App, n: int = 1) -> None:
    """n frames, each drawn (tests read what a frame draws; an idle screen would skip it:
    tests/ui/test_idle.py steps the app itself to check that); the app's clock, when it is
    the driver's, moves on by a frame each."""
    for _ in range(n):
        app.invalidate()
        if isinstance(app.now, StepClock):
            app.now.advance(FRAME)
        app.step(FRAME)


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
