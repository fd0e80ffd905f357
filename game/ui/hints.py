"""Hints at the table (TABLE.md §6.4): the yaku watch panel and the advisor.

Both read only the viewer's PlayerView: the watch shows the engine's `view.watch` (public
information by construction), and the advisor is the Expert computer player run on that view,
so a hint can never tell what the viewer could not know. The advisor runs on its own worker
thread (the frame loop keeps drawing while it searches).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

import ai
from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS
from game.engine.view import PlayerView
from game.i18n import _
from game.play import advice
from game.play.advice import Facts
from game.play.watch import Row, watch_rows
from game.play.worker import AiWorker
from game.ui import theme

ADVISOR = "Expert"  # the level whose player gives the advice


def view_key(view: PlayerView) -> tuple:
    """What identifies one decision of the viewer: a hint answers exactly that decision."""
    return (view.round, view.phase, len(view.log), view.drawn, view.legal)


@dataclass(frozen=True)
class Suggestion:
    action: Action
    why: str  # one sentence, in the language of the moment it was made (tests, notes)
    values: tuple[tuple[str, float], ...]  # (choice, expected mon) for decisions
    key: tuple
    expected: float | None = None  # the played card's expected mon, when the search gave it
    facts: Facts = field(default_factory=Facts)  # what the reason says (advice.gather)

    @property
    def card(self) -> str | None:
        """The card to play or take, as the table names cards."""
        if self.action.verb in (PLAY, TAKE) and self.action.args:
            return CARD_IDS[self.action.args[0]]
        return None

    @property
    def target(self) -> str | None:
        """The field card the played card should take, when there is a choice."""
        if self.action.verb == PLAY and len(self.action.args) > 1:
            return CARD_IDS[self.action.args[1]]
        return None

    @property
    def phase(self) -> str:
        return self.key[1] if len(self.key) > 1 else ""


def reason(s: Suggestion, names: list[str] | None = None) -> str:
    """The advice in one sentence, in the player's language, from the suggestion's facts:
    what the move does (advice.reason), never the agent's English text nor only a number.
    `names`: the seats' names, for "it keeps 赤短 from Ren"."""
    return advice.reason(s.action, s.phase, s.facts, s.values, names or [])


def advise(view: PlayerView, seed: int) -> Suggestion:
    """The Expert's choice for this view, said why (runs in the worker thread)."""
    agent = ai.make_agent(ADVISOR, seed)
    action = agent.choose(view)
    values = getattr(agent, "values", {}) or {}
    compared = advice.compared(action, values)
    expected = values[action] if action.verb in (PLAY, TAKE) and action in values else None
    facts = advice.gather(view, action, values)
    s = Suggestion(action, "", compared, view_key(view), expected, facts)
    return Suggestion(action, reason(s), compared, s.key, expected, facts)


class Advisor:
    """Asks the Expert for one decision at a time; the table polls each frame."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.worker = AiWorker()
        self.suggestion: Suggestion | None = None

    def ask(self, view: PlayerView) -> bool:
        """Start a search for this decision; False when there is nothing to advise."""
        if not view.legal or self.worker.busy:
            return False
        key = view_key(view)
        if self.suggestion is not None and self.suggestion.key == key:
            return True
        seed = (self.seed * 1_000_003 + view.round * 1009 + len(view.log)) & (2**63 - 1)

        class _Job:  # AiWorker runs `choose(view)`; the advice is a whole Suggestion
            def choose(self, v: PlayerView) -> Suggestion:  # type: ignore[override]
                return advise(v, seed)

        self.worker.start(_Job(), view)
        return True

    def poll(self) -> None:
        got = self.worker.result()
        if isinstance(got, Suggestion):
            self.suggestion = got

    @property
    def thinking(self) -> bool:
        return self.worker.busy

    def current(self, view: PlayerView) -> Suggestion | None:
        """The suggestion for this very decision (a stale one is never shown)."""
        s = self.suggestion
        return s if s is not None and s.key == view_key(view) else None

    def shutdown(self) -> None:
        self.worker.shutdown()


def watch_lines(view: PlayerView, names: list[str],
                addressed: bool = True) -> list[tuple[str, tuple]]:
    """(text, colour) rows of the yaku watch (game.play.watch says them; the window colours
    them here). `addressed`: as in `watch_rows`."""
    return [(text, _colour(kind)) for text, kind in watch_rows(view, names, addressed)]


def _colour(kind: Row) -> tuple:
    """A row's colour, read from the theme now (High contrast switches it live)."""
    return {Row.SEAT: theme.GOLD, Row.MADE: theme.GAIN, Row.NEAR: theme.TEXT,
            Row.NONE: theme.TEXT_DIM}[kind]


def watch_items(view: PlayerView, names: list[str], size: int, width: int,
                addressed: bool = True) -> list[list[tuple[str, tuple]]]:
    """The watch's rows, each wrapped to `width` pixels: a row is shown whole or not at all
    (issue 23, minor 6: scrolling never cuts an entry in the middle)."""
    return [[(part, colour) for part in theme.wrap(text, size, width)]
            for text, colour in watch_lines(view, names, addressed)]


def watch_wrapped(view: PlayerView, names: list[str], size: int, width: int,
                  addressed: bool = True) -> list[tuple[str, tuple]]:
    """The watch's rows wrapped to `width` pixels, as one list of lines."""
    return [line for item in watch_items(view, names, size, width, addressed)
            for line in item]


WATCH_LINE = 1.3  # the watch's line height, times its text size
WATCH_ENTRIES = 3  # the sidebar watch keeps room for this many entries (issue 45, item 9)


def watch_line_h(size: int) -> int:
    """The distance between two of the watch's lines at text size `size`."""
    return round(size * WATCH_LINE)


def watch_need_lines(view: PlayerView, names: list[str], size: int, width: int,
                     addressed: bool = True, entries: int = WATCH_ENTRIES) -> int:
    """The lines the sidebar watch needs to show its top `entries` entries whole: its
    heading, the rows up to that many made or near yaku (with the seat names above them)
    and the "▼ n more" line when rows are left below (issue 45: at 150-200 % only the
    heading and "▼ 6 more" showed)."""
    rows = watch_rows(view, names, addressed)
    lines, seen, shown = 1, 0, 0
    for text, kind in rows:
        if seen >= entries:
            break
        lines += len(theme.wrap(text, size, width))
        shown += 1
        seen += kind in (Row.MADE, Row.NEAR)
    return lines + (1 if shown < len(rows) else 0)


def watch_window(sizes: list[int], room: int, first: int) -> tuple[int, int]:
    """(first, end): the rows shown whole in `room` lines when the watch is scrolled to row
    `first`. A line is kept for "▲ n above" when scrolled and for "▼ n more" when rows are
    left below; a row taller than the whole room is shown alone (clipped)."""
    n = len(sizes)
    first = max(0, min(first, watch_max_scroll(sizes, room)))
    avail = room - (1 if first else 0)
    end, used = first, 0
    while end < n and used + sizes[end] <= avail:
        used += sizes[end]
        end += 1
    if end < n:  # rows are left below: their "▼" line needs room too
        while end > first and used + 1 > avail:
            end -= 1
            used -= sizes[end]
    return first, max(end, min(n, first + 1))


def watch_max_scroll(sizes: list[int], room: int) -> int:
    """How far the sidebar watch scrolls (in rows): until its last row shows whole."""
    if sum(sizes) <= room:
        return 0
    first, used = len(sizes), 0
    while first > 0 and used + sizes[first - 1] <= room - 1:  # under the "▲" line
        first -= 1
        used += sizes[first]
    return min(first, max(0, len(sizes) - 1))


def draw_watch(surface: pygame.Surface, rect: pygame.Rect, view: PlayerView,
               names: list[str], size: int, scroll: int | None = None,
               title: str | None = None,
               addressed: bool = True) -> tuple[pygame.Rect, list[str]]:
    """The watch panel in `rect`; returns what it used and the lines it drew.

    As an overlay (`scroll` None) its height shrinks to the rows and a long list ends in
    "…" after the last row that fits whole. In the sidebar (`scroll` = rows scrolled down)
    it fills `rect`, clipped to it, with ▲/▼ lines where rows are hidden, so the mouse wheel
    can bring each one into sight; a row is never cut in the middle. `addressed`: as in
    `watch_lines`.
    """
    title = _("Yaku watch (W)") if title is None else title
    line_h = watch_line_h(size)
    items = watch_items(view, names, size, rect.w - 20, addressed)
    sizes = [len(item) for item in items]
    if scroll is None:
        room = max(1, (rect.h - 16) // line_h - 1)
        first, end = watch_window(sizes, room, 0)
        lines = [(title, theme.GOLD)] + [line for item in items[first:end] for line in item]
        if end < len(items):
            lines.append(("…", theme.TEXT_DIM))
        lines = lines[:room + 1]
        used = pygame.Rect(rect.x, rect.y, rect.w, len(lines) * line_h + 16)
        theme.panel(surface, used, alpha=255)  # the log beneath must not show through
        y = used.y + 8
    else:
        used = rect
        theme.blit_text(surface, title, size, (rect.x + 10, rect.y + 4), theme.TEXT_DIM, True)
        room = max(0, (rect.h - 8) // line_h - 1)
        first, end = watch_window(sizes, room, scroll)
        lines = []
        if first:
            lines.append((_("▲ {n} above · wheel").format(n=first), theme.TEXT_DIM))
        lines.extend(line for item in items[first:end] for line in item)
        if end < len(items):
            lines.append((_("▼ {n} more · wheel").format(n=len(items) - end),
                          theme.TEXT_DIM))
        y = rect.y + 4 + line_h
    clip = surface.get_clip()
    surface.set_clip(used.clip(clip))
    for text, colour in lines:
        surface.blit(theme.text(text, size, colour), (used.x + 10, y))
        y += line_h
    surface.set_clip(clip)
    return used, [text for text, _colour in lines]


def suggestion_text(s: Suggestion, names: list[str] | None = None,
                    figures: bool = False) -> list[str]:
    """The advice banner's lines, said again in the language in use at each frame: the
    reason first, then the verdict in words ("the best of your choices"), then, only for a
    player who asked for figures (Settings → Show figures in hints), the numbers it rests
    on, named for what they are (issue 45: words before numbers)."""
    lines = [_("Hint: {advice}").format(advice=reason(s, names))]
    words = advice.verdict(s.action, s.facts, s.values, s.expected)
    if words:
        lines.append(words)
    numbers = advice.values_line(s.action, s.phase, s.facts, s.values, s.expected) \
        if figures else None
    if numbers:
        lines.append(numbers)
    return lines


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, lines: list[str],
                size: int) -> pygame.Rect:
    """A short panel of advice lines, wrapped to `rect`'s width, at its top."""
    wrapped = [w for line in lines for w in theme.wrap(line, size, rect.w - 20)]
    line_h = round(size * 1.3)
    used = pygame.Rect(rect.x, rect.y, rect.w, len(wrapped) * line_h + 10)
    theme.panel(surface, used, alpha=240, line=theme.GAIN)
    y = used.y + 5
    for w in wrapped:
        surface.blit(theme.text(w, size, theme.TEXT), (used.x + 10, y))
        y += line_h
    return used


__all__ = ["ADVISOR", "Advisor", "Suggestion", "advise", "reason", "draw_banner", "draw_watch",
           "suggestion_text", "view_key", "watch_items", "watch_lines", "watch_max_scroll",
           "watch_line_h", "watch_need_lines", "watch_window", "watch_wrapped"]
