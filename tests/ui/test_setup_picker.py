"""The open drop-down list (`ChoiceList`): it stays on screen, opens upward when there is no
room below, scrolls when even that is too small, and only closes on a click outside."""

from __future__ import annotations

import pygame

from game.ui.picker import ChoiceList

SCREEN = (1024, 640)


def _list(anchor: pygame.Rect, n: int, chosen: list[str]) -> ChoiceList:
    values = [f"Value {i}" for i in range(n)]
    return ChoiceList(anchor, values, values[0], chosen.append, SCREEN, 16, 28)


def test_opens_below_or_above_and_stays_on_screen():
    screen = pygame.Rect((0, 0), SCREEN)
    below = _list(pygame.Rect(100, 100, 200, 30), 5, [])
    assert below.rect.top >= 130 and screen.contains(below.rect)
    above = _list(pygame.Rect(100, 560, 200, 30), 5, [])
    assert above.rect.bottom <= 560 and screen.contains(above.rect)
    edge = _list(pygame.Rect(950, 100, 70, 30), 3, [])
    assert screen.contains(edge.rect)


def test_a_long_list_scrolls_to_keep_the_highlight_in_view():
    chosen: list[str] = []
    lst = _list(pygame.Rect(100, 300, 200, 30), 40, chosen)
    assert lst.visible < 40 and lst.rect.bottom <= SCREEN[1]
    for _ in range(39):
        lst.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert lst.index == 39 and lst.item_rect(39) is not None
    lst.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert chosen == ["Value 39"] and lst.done


def test_a_click_outside_closes_without_choosing():
    chosen: list[str] = []
    lst = _list(pygame.Rect(100, 100, 200, 30), 5, chosen)
    used = lst.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, 600), button=1))
    assert used and lst.done and chosen == [] and lst.swallow_up
