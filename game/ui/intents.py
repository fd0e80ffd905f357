"""Input translated to intentions (TABLE.md §0.5, §6.2) so keys and clicks share code."""

from __future__ import annotations

import enum

import pygame


class Intent(enum.Enum):
    CONFIRM = "confirm"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    NEXT_REGION = "next_region"
    PREV_REGION = "prev_region"
    HELP = "help"
    HINT = "hint"
    MUTE = "mute"
    LOG = "log"
    FULLSCREEN = "fullscreen"
    FAST_FORWARD = "fast_forward"  # F: play out a round every human sits out
    SELECT = "select"  # with a number: event.key -> select_number()
    SCALE_UP = "scale_up"  # Ctrl+= : UI scale +10 % (TABLE.md §6.2)
    SCALE_DOWN = "scale_down"  # Ctrl+-
    SCALE_RESET = "scale_reset"  # Ctrl+0


_KEYS = {
    pygame.K_RETURN: Intent.CONFIRM, pygame.K_KP_ENTER: Intent.CONFIRM,
    pygame.K_SPACE: Intent.CONFIRM, pygame.K_ESCAPE: Intent.BACK,
    pygame.K_LEFT: Intent.LEFT, pygame.K_RIGHT: Intent.RIGHT, pygame.K_UP: Intent.UP,
    pygame.K_DOWN: Intent.DOWN, pygame.K_F1: Intent.HELP, pygame.K_h: Intent.HINT,
    pygame.K_m: Intent.MUTE, pygame.K_l: Intent.LOG, pygame.K_F11: Intent.FULLSCREEN,
    pygame.K_f: Intent.FAST_FORWARD,
}
_SCALE_KEYS = {
    pygame.K_EQUALS: Intent.SCALE_UP, pygame.K_PLUS: Intent.SCALE_UP,
    pygame.K_KP_PLUS: Intent.SCALE_UP, pygame.K_MINUS: Intent.SCALE_DOWN,
    pygame.K_KP_MINUS: Intent.SCALE_DOWN, pygame.K_0: Intent.SCALE_RESET,
    pygame.K_KP0: Intent.SCALE_RESET,
}
_NUMBERS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
_NUMBERS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})


def intent_of(event: pygame.event.Event) -> Intent | None:
    if event.type != pygame.KEYDOWN:
        return None
    if event.mod & pygame.KMOD_CTRL and event.key in _SCALE_KEYS:
        return _SCALE_KEYS[event.key]
    if event.key == pygame.K_TAB:
        return Intent.PREV_REGION if event.mod & pygame.KMOD_SHIFT else Intent.NEXT_REGION
    if event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT:
        return Intent.FULLSCREEN
    if event.key in _NUMBERS:
        return Intent.SELECT
    return _KEYS.get(event.key)


def select_number(event: pygame.event.Event) -> int | None:
    """1..9 for a number key, else None."""
    return _NUMBERS.get(getattr(event, "key", None))
