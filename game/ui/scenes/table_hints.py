"""The table's hint controls (TABLE.md §6.4): H asks the advisor, W shows the yaku watch.

Kept apart from table.py so the table only calls in: `key`, `update`, `states` and `draw`.
Everything obeys the `hints` setting: Off shows nothing, Matches only the hover matches,
the watch from "Matches + yaku watch" on, the advisor only at "+ advisor".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.cards import State
from game.ui.hints import Advisor, draw_banner, draw_watch, suggestion_text
from game.ui.intents import Intent

if TYPE_CHECKING:
    from game.ui.layout import Layout
    from game.ui.scenes.table import TableScene


def allows(table: TableScene, level: str) -> bool:
    s = table.app.settings
    return s.hints_at_least(level) if hasattr(s, "hints_at_least") else False


def advisor(table: TableScene) -> Advisor:
    adv = getattr(table, "_advisor", None)
    if adv is None:
        adv = table._advisor = Advisor(int(table.session.seed or 0))
    return adv


def key(table: TableScene, event: pygame.event.Event, intent: Intent | None) -> bool:
    """H: a suggestion for the viewer's decision; W: the yaku watch on or off."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for name, rect in getattr(table, "_hint_buttons", {}).items():
            if rect.collidepoint(event.pos):
                if name == "hint":
                    ask(table)
                else:
                    table.show_watch = not getattr(table, "show_watch", False)
                return True
        return False
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_w and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        if allows(table, "watch"):
            table.show_watch = not getattr(table, "show_watch", False)
        return True
    if intent is Intent.HINT:
        ask(table)
        return True
    return False


def ask(table: TableScene) -> bool:
    """Ask for advice on the viewer's own decision (counted once per decision)."""
    if not allows(table, "advisor") or not table.human_to_move():
        return False
    view = table.session.view(table.viewer)  # the viewer's view: nothing hidden leaks
    adv = advisor(table)
    before = adv.current(view)
    if not adv.ask(view):
        return False
    if before is None:
        table.session.hint_count += 1
    return True


def update(table: TableScene) -> None:
    adv = getattr(table, "_advisor", None)
    if adv is not None:
        adv.poll()


def current(table: TableScene):  # noqa: ANN201 - Suggestion | None
    adv = getattr(table, "_advisor", None)
    if adv is None or not allows(table, "advisor") or not table.human_to_move():
        return None
    return adv.current(table.session.view(table.viewer))


def states(table: TableScene, states: dict[str, State]) -> None:
    """Mark the suggested card and its target with the dashed hint ring."""
    s = current(table)
    if s is None:
        return
    for card in (s.card, s.target):
        if card and card not in states:
            states[card] = State.HINT


def draw(table: TableScene, surface: pygame.Surface, L: Layout) -> None:
    size = theme.size_of("small", L.window.h) if hasattr(theme, "size_of") else 14
    area = L.table
    _draw_buttons(table, surface, L, size)
    if getattr(table, "show_watch", False) and allows(table, "watch"):
        if L.sidebar is not None:  # over the log, below the scores
            side = L.sidebar
            top = side.y + round(theme.size_of("body", L.window.h) * 1.4) * (
                len(table.session.seats) + 2)
            rect = pygame.Rect(side.x + 4, top, side.w - 8, side.bottom - top - 4)
        else:
            w = max(260, round(area.w * 0.4))
            rect = pygame.Rect(area.right - w - 8, area.y + 8, w,
                               max(80, L.prompt.y - area.y - 16))
        draw_watch(surface, rect, table.session.view(table.viewer),
                   [s.name for s in table.session.seats], size)
    adv = getattr(table, "_advisor", None)
    s = current(table)
    if s is not None and s.card is None:
        _mark_button(table, surface, s, size)
    lines = suggestion_text(s) if s is not None else (
        ["Hint: thinking…"] if adv is not None and adv.thinking and allows(table, "advisor")
        else [])
    if lines:
        w = max(260, round(area.w * 0.5))
        bottom = L.prompt.y - 6
        rect = pygame.Rect(L.prompt.x, bottom, w, 0)
        wrapped = sum(len(theme.wrap(x, size, w - 20)) for x in lines)
        rect.y = bottom - (wrapped * round(size * 1.3) + 14)
        draw_banner(surface, rect, lines, size)


def _mark_button(table: TableScene, surface: pygame.Surface, s, size: int) -> None:  # noqa: ANN001
    """The decision panel's suggested button: a hint-blue frame and a "Suggested" tag."""
    from game.ui import panels

    if not table.panel.visible:
        return
    view = table.session.view(table.viewer)
    label = (panels.PASS_LABEL.get(view.phase, "Pass") if s.action.verb == "pass"
             else panels.LABELS.get(s.action.verb))
    for b in table.panel.group.buttons:
        rect = getattr(b, "rect", None)
        if label and rect is not None and b.label.endswith("] " + label):
            pygame.draw.rect(surface, theme.GAIN, rect.inflate(6, 6), 2, border_radius=6)
            tag = theme.text("Suggested", max(11, size - 2), theme.INK, True)
            box = tag.get_rect().inflate(10, 2)  # on the frame's top edge: no label hidden
            box.midright = (rect.right - 6, rect.top - 3)
            pygame.draw.rect(surface, theme.GAIN, box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
            table._suggested_button = b
            return


def _draw_buttons(table: TableScene, surface: pygame.Surface, L: Layout, size: int) -> None:
    """Hint and Watch buttons at the right of the prompt row, as the setting allows."""
    table._hint_buttons = {}
    wanted = []
    if allows(table, "watch"):
        wanted.append(("watch", "Watch · W"))
    if allows(table, "advisor") and table.human_to_move():
        adv = getattr(table, "_advisor", None)
        wanted.append(("hint", "Hint · thinking…" if adv is not None and adv.thinking
                       else "Hint · H"))
    right = L.prompt.right - 4
    h = min(L.prompt.h - 2, round(size * 1.7))
    for name, label in wanted:
        w = theme.text_width(label, size) + 18
        rect = pygame.Rect(right - w, L.prompt.centery - h // 2, w, h)
        on = name == "watch" and getattr(table, "show_watch", False)
        pygame.draw.rect(surface, theme.GOLD if on else theme.PANEL, rect, border_radius=5)
        pygame.draw.rect(surface, theme.GOLD, rect, 1, border_radius=5)
        theme.blit_text(surface, label, size, rect.center, theme.INK if on else theme.TEXT,
                        False, "center")
        table._hint_buttons[name] = rect
        right = rect.x - 6


def shutdown(table: TableScene) -> None:
    adv = getattr(table, "_advisor", None)
    if adv is not None:
        adv.shutdown()
