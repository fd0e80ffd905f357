"""Keys that never act on their own (issue 23): a press acts only where it went down.

pygame repeats a held key by posting the same KEYDOWN again (`pygame.key.set_repeat`), with
nothing to tell the copy from a new press, and SDL may deliver a press late on a slow frame.
Held on the title's Continue or the ledger's Next round, Enter used to reach the table and
play the first hand card; held on a hot-seat hand-over, it confirmed the hand-over and played
for the next human too. The gate sits in front of every scene (`App.handle`) and holds one
rule for all of them:

- a key press belongs to the *input context* where it went down: the top scene and what
  that scene says is on screen (`Scene.input_context`: the table names its decision panel
  and the seat whose hand shows);
- a repeat (a KEYDOWN of a key already down) reaches the scene only in that same context,
  and only for keys that move a focus or edit text (arrows, Tab, Backspace...): a repeat
  never confirms, plays a number, asks a hint or presses a button;
- so the first key event of a new scene, panel or hand-over is ignored if the key was
  already down; acting there needs a fresh press (a KEYUP, then a KEYDOWN);
- a KEYUP always passes (it never acts); a mouse release belongs to the context of its
  press, so a click begun on one screen never finishes on the next.

A KEYUP that never came (focus taken by another window mid-press) must not make a key dead
for good: a "repeat" more than `STALE` seconds after the last event of that key counts as a
new press, since pygame repeats a held key every few tens of milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

# keys whose repeat only moves a focus or edits text: holding them is what players expect
REPEATABLE = frozenset({
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_HOME, pygame.K_END,
})
STALE = 1.0  # seconds: longer than pygame's repeat delay (350 ms) and interval (40 ms)


@dataclass
class _Press:
    context: object
    last: float


class KeyGate:
    """Decides, event by event, whether a key or mouse-button event may reach the scene."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._keys: dict[int, _Press] = {}
        self._buttons: dict[int, object] = {}
        self._clock = clock

    def admit(self, event: pygame.event.Event, context: object) -> bool:
        """True when `event` may act in `context` (compared with ==); records presses."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            return self._key_down(event.key, context)
        if kind == pygame.KEYUP:  # never acts; scenes that track releases see every one
            self._keys.pop(event.key, None)
            return True
        if kind == pygame.MOUSEBUTTONDOWN:
            self._buttons[event.button] = context
            return True
        if kind == pygame.MOUSEBUTTONUP:
            owner = self._buttons.pop(event.button, context)
            return owner == context
        return True

    def _key_down(self, key: int, context: object) -> bool:
        now = self._clock()
        press = self._keys.get(key)
        if press is None or now - press.last > STALE:  # a fresh press
            self._keys[key] = _Press(context, now)
            return True
        press.last = now
        return key in REPEATABLE and press.context == context

    def release_all(self) -> None:
        """The window lost the keyboard: every key counts as up (SDL sends no KEYUP then on
        every system)."""
        self._keys.clear()
        self._buttons.clear()
