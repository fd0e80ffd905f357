"""Card motion: sprites tween from where they are to where the model says they rest.

One tween at a time (the table feeds events one by one); `finish()` jumps to the end state,
which is exactly the resting placement, so skipping can never change what the table shows
afterwards. Durations are already multiplied by the speed setting (0 = instant).

Reduced motion (Settings, TABLE.md §8, issue 15): nothing slides or flips; a card that
changes place appears at once where it rests and fades in over `FADE` seconds
(`Frame.alpha`), so no frame ever shows a card between two places.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.ui.model import Place

FADE = 0.12  # seconds: the cross-fade that replaces a flight under reduced motion
_reduced_motion = False


def set_reduced_motion(on: bool) -> None:
    """Set by App.apply_settings from settings.reduced_motion."""
    global _reduced_motion
    _reduced_motion = bool(on)


def motion_allowed(settings: object = None) -> bool:
    """False when the player asked for reduced motion (then: no sliding, drifting, wobbles
    or pulses; fades only). `settings` (anything with `reduced_motion`) wins when given."""
    if settings is not None:
        return not getattr(settings, "reduced_motion", False)
    return not _reduced_motion


def in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


@dataclass
class Frame:
    """A sprite as drawn this frame: position, width, face and the flip squash (0..1)."""

    key: str
    x: float
    y: float
    w: float
    face: bool
    squash: float
    z: int
    moving: bool
    alpha: float = 1.0  # below 1 while fading in (reduced motion)


class Animator:
    def __init__(self) -> None:
        self.rest: dict[str, Place] = {}
        self._from: dict[str, Place] = {}
        self._delay: dict[str, float] = {}
        self.duration = 0.0
        self.t = 0.0
        self.total = 0.0
        self.ease: Callable[[float], float] = in_out_cubic
        self.fade = False  # this tween is a fade in place (reduced motion)

    @property
    def running(self) -> bool:
        return self.t < self.total

    def go(self, targets: dict[str, Place], duration: float,
           origin: Callable[[str], Place | None] | None = None,
           stagger: list[str] | None = None, stagger_step: float = 0.0,
           hold: float = 0.0, ease: Callable[[float], float] = in_out_cubic) -> None:
        """Start moving every sprite to `targets`; new keys start at `origin(key)`."""
        current = {f.key: Place(round(f.x), round(f.y), round(f.w), f.face, f.z)
                   for f in self.frames()} if self.running else dict(self.rest)
        self._from = {}
        for key, dst in targets.items():
            src = current.get(key)
            if src is None and origin is not None:
                src = origin(key)
            self._from[key] = src if src is not None else dst
        self._delay = {}
        if stagger:
            for i, key in enumerate(stagger):
                self._delay[key] = i * stagger_step
        self.rest = dict(targets)
        self.fade = not motion_allowed() and duration > 0
        if self.fade:  # no flight: the same staggering, each card a short fade
            scale = FADE / duration
            self._delay = {k: d * min(1.0, scale) for k, d in self._delay.items()}
            duration = FADE
        self.duration = max(0.0, duration)
        self.ease = ease
        self.t = 0.0
        longest = max(self._delay.values(), default=0.0)
        self.total = self.duration + longest + hold if self.duration > 0 else 0.0

    def update(self, dt: float) -> None:
        if self.running:
            self.t = min(self.total, self.t + dt)

    def finish(self) -> None:
        self.t = self.total

    def arrived(self, key: str) -> bool:
        """The sprite rests where it is going: its flight (or fade) is over. The table
        counts a capture only then (issue 23: counts changed before the cards landed)."""
        dst = self.rest.get(key)
        if dst is None:
            return False
        src = self._from.get(key, dst)
        if not self.running or self.duration <= 0 or src == dst:
            return True
        return self.t - self._delay.get(key, 0.0) >= self.duration

    def frames(self) -> list[Frame]:
        """Every sprite this frame, bottom first (resting z order, moving cards on top)."""
        out = []
        for key, dst in self.rest.items():
            src = self._from.get(key, dst)
            if not self.running or self.duration <= 0 or src == dst:
                out.append(Frame(key, dst.x, dst.y, dst.w, dst.face, 1.0, dst.z, False))
                continue
            p = (self.t - self._delay.get(key, 0.0)) / self.duration
            p = min(1.0, max(0.0, p))
            if self.fade:
                out.append(Frame(key, dst.x, dst.y, dst.w, dst.face, 1.0, dst.z, False,
                                 in_out_sine(p)))
                continue
            e = self.ease(p)
            x = src.x + (dst.x - src.x) * e
            y = src.y + (dst.y - src.y) * e
            w = src.w + (dst.w - src.w) * e
            face, squash = dst.face, 1.0
            if src.face != dst.face:
                face = src.face if p < 0.5 else dst.face
                squash = abs(1 - 2 * p)
            moving = 0.0 < p < 1.0
            out.append(Frame(key, x, y, w, face, squash, dst.z + (100 if moving else 0),
                             moving))
        out.sort(key=lambda f: f.z)
        return out
