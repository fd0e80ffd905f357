"""The table's hint controls (TABLE.md §6.4): H asks the advisor; the yaku watch.

Kept apart from table.py so the table only calls in: `key`, `update`, `states`,
`sidebar_share` and `draw`. Everything obeys the `hints` setting: Off shows nothing, Matches
only the hover matches, the watch from "Matches + yaku watch" on, the advisor only at
"+ advisor". On wide windows the watch is a permanent part of the docked sidebar, under the
log (TABLE.md §10), with its own wheel scroll; on narrow ones (no sidebar) W or the Watch
button lays it over the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.cards import State
from game.ui.hints import (
    Advisor,
    draw_banner,
    draw_watch,
    suggestion_text,
    watch_max_scroll,
    watch_wrapped,
)
from game.ui.intents import Intent

if TYPE_CHECKING:
    from game.ui.layout import Layout
    from game.ui.scenes.table import TableScene


def allows(table: TableScene, level: str) -> bool:
    s = table.app.settings
    return s.hints_at_least(level) if hasattr(s, "hints_at_least") else False


SIDEBAR_SHARE = 0.4  # TABLE.md §10: log in the top 60 %, the watch in the bottom 40 %
WHEEL_LINES = 3


def has_yaku(table: TableScene) -> bool:
    """The engine's catalogue has capture combinations to watch (curriculum tier 1 has none:
    then the table shows no watch at all, not an empty one)."""
    return any(e.is_card_set for e in table.session.rs.entries)


def watching(table: TableScene) -> bool:
    return allows(table, "watch") and has_yaku(table)


def sidebar_share(table: TableScene, L: Layout) -> float:
    """The part of the docked sidebar under the scores that the watch takes (0: none)."""
    return SIDEBAR_SHARE if L.sidebar is not None and watching(table) else 0.0


def watch_rect(table: TableScene) -> pygame.Rect | None:
    """Where the watch was drawn in the last frame (sidebar or overlay), None if nowhere."""
    return getattr(table, "_watch_drawn", None)


def scroll_watch(table: TableScene, lines: int) -> None:
    """Scroll the sidebar watch down (positive) or up, within its lines."""
    tv = table.tv
    tv.watch_scroll = max(0, min(getattr(table, "_watch_max", 0), tv.watch_scroll + lines))


def advisor(table: TableScene) -> Advisor:
    adv = getattr(table, "_advisor", None)
    if adv is None:
        adv = table._advisor = Advisor(int(table.session.seed or 0))
    return adv


def key(table: TableScene, event: pygame.event.Event, intent: Intent | None) -> bool:
    """H: a suggestion for the viewer's decision; W: the yaku watch on or off (narrow
    windows); the wheel over the sidebar watch scrolls it."""
    over_watch = (table._layout is not None and table._layout.sidebar is not None
                  and table.tv.watch_rect.collidepoint(table.tv.mouse))
    if event.type == pygame.MOUSEWHEEL and over_watch:
        scroll_watch(table, -WHEEL_LINES * event.y)  # wheel up shows the lines above
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and over_watch:
        return True  # the legacy wheel buttons of the same motion: not a click on the table
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
        L = table._layout
        if watching(table) and (L is None or L.sidebar is None):  # wide: always shown
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
    table._watch_drawn = None
    view = table.session.view(table.viewer)  # the viewer's view: public information only
    names = table.session.names()
    tv = table.tv
    if L.sidebar is not None and watching(table) and tv.watch_rect.h > 0:
        small = theme.size_of("small", L.window.h)  # the log's size: one sidebar, one voice
        rect = tv.watch_rect
        room = max(0, (rect.h - 8) // round(small * 1.3) - 1)
        table._watch_max = watch_max_scroll(len(watch_wrapped(view, names, small, rect.w - 20)),
                                            room)
        tv.watch_scroll = min(tv.watch_scroll, table._watch_max)
        table._watch_drawn = draw_watch(surface, rect, view, names, small, tv.watch_scroll,
                                        _("YAKU WATCH"))
    elif L.sidebar is None and getattr(table, "show_watch", False) and watching(table):
        w = max(260, round(area.w * 0.4))
        rect = pygame.Rect(area.right - w - 8, area.y + 8, w,
                           max(80, L.prompt.y - area.y - 16))
        table._watch_drawn = draw_watch(surface, rect, view, names, size)
    adv = getattr(table, "_advisor", None)
    s = current(table)
    if s is not None and s.card is None:
        _mark_button(table, surface, s, size)
    lines = suggestion_text(s) if s is not None else (
        [_("Hint: thinking…")] if adv is not None and adv.thinking and allows(table, "advisor")
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
    if not table.panel.visible:
        return
    for b in table.panel.group.buttons:  # found by its verb, never by its words
        rect = getattr(b, "rect", None)
        if rect is not None and getattr(b, "action_verb", None) == s.action.verb:
            pygame.draw.rect(surface, theme.GAIN, rect.inflate(6, 6), 2, border_radius=6)
            tag = theme.text(_("Suggested"), max(11, size - 2), theme.INK, True)
            box = tag.get_rect().inflate(10, 2)  # on the frame's top edge: no label hidden
            box.midright = (rect.right - 6, rect.top - 3)
            pygame.draw.rect(surface, theme.GAIN, box, border_radius=4)
            surface.blit(tag, tag.get_rect(center=box.center))
            table._suggested_button = b
            return


def buttons_width(table: TableScene, L: Layout) -> int:
    """Width the Hint and Watch buttons take at the right of the prompt row (the prompt
    ends before them instead of running under them)."""
    size = theme.size_of("small", L.window.h)
    wanted = _wanted(table, L)
    return sum(theme.text_width(label, size) + 18 + 6 for _n, label in wanted) + 4 \
        if wanted else 0


def _wanted(table: TableScene, L: Layout) -> list[tuple[str, str]]:
    wanted = []
    if watching(table) and L.sidebar is None:  # wide windows always show it in the sidebar
        wanted.append(("watch", _("Watch · W")))
    if allows(table, "advisor") and table.human_to_move():
        adv = getattr(table, "_advisor", None)
        wanted.append(("hint", _("Hint · thinking…") if adv is not None and adv.thinking
                       else _("Hint · H")))
    return wanted


def _draw_buttons(table: TableScene, surface: pygame.Surface, L: Layout, size: int) -> None:
    """Hint and Watch buttons at the right of the prompt row, as the setting allows."""
    table._hint_buttons = {}
    wanted = _wanted(table, L)
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
