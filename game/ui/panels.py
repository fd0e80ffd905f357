"""Docked decision panels (TABLE.md §5.7): sage/shoubu, cancel, join/drop, mizuten, swap.

The text of every choice (what it pays, what it risks) comes from the engine's
`preview(view)`; if that module is missing the panel still offers the choices, without
amounts. The UI never works out an amount itself.

Enter never confirms a risky choice by accident (issue 11): where passing is possible it is
the default (keep my hand, look at my hand); sage or shoubu has no default at all, a number
key or a click is required; the footer says what each number does.

Every word goes through the catalog (issue 15); each button keeps its decision's verb in
`ChoiceButton.action_verb`, so callers find a button by what it does, never by its text.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from game.engine.actions import PASS, SAGE
from game.engine.view import PlayerView
from game.i18n import _, language
from game.play.choices import choice_words
from game.play.decisions import (
    DECISION_VERBS,
    NO_DEFAULT,
    NO_THREAT,
    SHORT_PASS,
    footer,
    label,
    short,
    threat_lines,
    title,
    window_words,
)
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup

log = logging.getLogger(__name__)

try:  # written by the engine team; guard so an older engine still plays
    from game.engine.preview import preview as _preview
except ImportError:  # pragma: no cover - depends on the engine version
    _preview = None

@dataclass(eq=False)
class ChoiceButton(Button):
    """A decision button that knows its verb (table_hints marks the suggested one by it)."""

    action_verb: str = ""


class PanelGroup(ButtonGroup):
    """A button group that may have no default: index -1 until a key or the mouse picks."""

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons

    @property
    def focused(self) -> Button | None:
        return self.buttons[self.index] if 0 <= self.index < len(self.buttons) else None

    def move(self, step: int) -> None:
        if self.index < 0 and self.buttons:
            self.index = 0 if step > 0 else len(self.buttons) - 1
            self.show_focus = True
            return
        super().move(step)

    def handle(self, event: pygame.event.Event, intent: object) -> bool:
        from game.ui.intents import Intent

        if intent is Intent.CONFIRM and self.index < 0:
            self.show_focus = True
            return True  # nothing chosen yet: Enter does nothing (the footer says why)
        return super().handle(event, intent)


def _amount(v: int | None) -> str:
    if v is None:
        return ""
    return _("{amount} mon now").format(amount=theme.signed(v))


class DecisionPanel:
    def __init__(self) -> None:
        self.group = PanelGroup()
        self.title = ""
        self.note = ""
        self.threats: list[str] = []  # sage or shoubu: what the opponents may still make
        self.threats_short: list[str] = []  # the same, each opponent's nearest yaku only
        self.blocking = False
        self.visible = False
        self._key: tuple | None = None
        self.on_choose = None
        self.drawn_sizes = (0, 0)  # (title, body) px as last drawn (tests read them)
        self._last: tuple[PlayerView, list[str]] | None = None

    def clear(self) -> None:
        self.visible = False
        self.blocking = False
        self._key = None
        self._last = None
        self.group.set([])

    def relabel(self) -> None:
        """Rebuild the words in the language just chosen, keeping the focused choice."""
        if self._last is None or not self.visible:
            return
        index, show = self.group.index, self.group.show_focus
        self._key = None
        self.prepare(*self._last)
        if len(self.group.buttons) > index:
            self.group.index, self.group.show_focus = index, show

    def prepare(self, view: PlayerView, names: list[str]) -> None:
        """Build the buttons for this view's decision (once per decision)."""
        key = (view.round, view.phase, tuple(view.legal), view.to_move, language())
        if key == self._key:
            return
        self._key = key
        self._last = (view, names)
        verbs = [a for a in view.legal if a.verb in DECISION_VERBS]
        if not verbs:
            self.clear()
            self._key = key
            return
        previews = {}
        if _preview is not None:
            try:
                previews = {p.action: p for p in _preview(view)}
            except Exception:  # a preview bug must not stop the game; show plain choices
                log.exception("decision preview failed")
        if view.phase in SHORT_PASS:  # the safe choice first: it is the default
            verbs.sort(key=lambda a: a.verb != PASS)
        no_default = view.phase in NO_DEFAULT and len(verbs) > 1
        buttons = []
        keys = []
        for a in verbs:
            p = previews.get(a)
            lines: list[str] = []
            if p is not None:
                amt = _amount(p.amount)
                summary, risk = choice_words(p, view.decision_words)
                if summary and amt:
                    summary = _("{summary} ({amount})").format(summary=summary, amount=amt)
                if summary:
                    lines.append(summary)
                if risk:
                    lines.append(_("Risk: {risk}").format(risk=risk))
            lines.extend(window_words(view, a.verb, names))
            style = "primary" if not buttons and not no_default else "secondary"
            words = label(a.verb, view.phase, view.decision_words)
            buttons.append(ChoiceButton(f"[{len(buttons) + 1}] {words}",
                                        _chooser(self, a), style, tuple(lines),
                                        action_verb=a.verb))
            keys.append(f"{len(keys) + 1} {short(a.verb, view.phase, view.decision_words)}")
        self.group.set(buttons)
        self.group.index = -1 if no_default else 0
        self.group.show_focus = False
        self.title = title(view.phase, view.decision_words, len(verbs) == 1)
        self.note = footer(view.phase, keys, no_default)
        sage = any(a.verb == SAGE for a in verbs)
        self.threats = threat_lines(view, names) if sage else []
        self.threats_short = threat_lines(view, names, 1) if sage else []  # when room is short
        self.blocking = view.phase != "play"
        self.visible = True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int,
             focused: bool) -> None:
        """The title, the risk of sage, the choices and the keys line in `rect`, all at one
        scale (`plan`): when room is short the title shrinks with the body, never the body
        alone under a full-size title (issue 45, item 9)."""
        theme.panel(surface, rect, alpha=240, line=theme.GOLD)
        p = self.plan(rect, size, theme.size_of("panel_title", surface.get_height()))
        x, w, y = rect.x + 10, rect.w - 20, rect.y + 8
        title, parts = theme.fit_label(self.title, p.title, w, max_lines=2, bold=True,
                                       minimum=p.body)
        self.drawn_sizes = (title, p.body)
        for part in parts:
            theme.blit_text(surface, part, title, (x, y), theme.TEXT, True)
            y += round(title * 1.3)
        color = theme.TEXT_DIM if self.threats == [_(NO_THREAT)] else theme.LOSS
        for line in p.threats:  # the risk of sage, before its button (issue 26)
            tsz, tparts = theme.fit_label(line, p.small, w, max_lines=p.threat_lines,
                                          minimum=min(p.small, 12))
            for part in tparts:
                theme.blit_text(surface, part, tsz, (x, y), color, False)
                y += round(tsz * 1.3)
        y += 4
        for b, h in zip(self.group.buttons, p.heights, strict=True):
            b.rect = pygame.Rect(x, y, w, h)
            y += h + 8
        self.group.show_focus = self.group.show_focus and focused
        self.group.draw(surface, p.body)
        step = round(p.note * 1.3)
        for i, part in enumerate(reversed(p.notes)):  # the keys line: broken between keys
            theme.blit_text(surface, theme.fit(part, p.note, w), p.note,
                            (x, rect.bottom - 6 - i * step), theme.TEXT_DIM, False,
                            "bottomleft")

    def plan(self, rect: pygame.Rect, size: int, title: int) -> PanelPlan:
        """The largest scale at which the whole panel fits `rect`: the body from `size`
        down, the title (`title` at full size) and the small text following it. The risk
        of sage shows whole (two lines an opponent) while the body keeps 13 px, else each
        opponent's nearest yaku only."""
        forms = ([(2, self.threats, 13), (2, self.threats_short, 13),
                  (1, self.threats_short, 11)] if self.threats else [(0, [], 13)])
        best: PanelPlan | None = None
        for lines, said, floor in forms:
            for body in range(size, min(size, floor) - 1, -1):
                best = self._measure(rect.w - 20, body, round(title * body / size),
                                     lines, said)
                if best.height <= rect.h:
                    return best
        assert best is not None
        return best

    def _measure(self, w: int, body: int, title: int, lines: int,
                 said: list[str]) -> PanelPlan:
        """The panel's sizes and height with its body text at `body` px."""
        title = max(body, title)
        small = max(12, round(body * 0.82))
        title_h = min(2, len(theme.wrap(self.title, title, w, True))) * round(title * 1.3)
        threats_h = sum(min(lines, len(theme.wrap(t, small, w))) for t in said) \
            * round(small * 1.3)
        heights = [b.height_for(body, w) for b in self.group.buttons]
        note, notes = theme.fit_keys(self.note, small, w, max(11, small - 3))
        height = (8 + title_h + threats_h + 4 + sum(h + 8 for h in heights)
                  + len(notes) * round(note * 1.3) + 6)
        return PanelPlan(title, body, small, list(said), lines, heights, note, notes, height)


@dataclass(frozen=True)
class PanelPlan:
    """The sizes a decision panel is drawn at (DecisionPanel.plan)."""

    title: int  # the title's size before it fits its width
    body: int  # the buttons' labels (their lines are 0.82 of it)
    small: int  # the risk lines
    threats: list[str]
    threat_lines: int  # lines each risk line may take
    heights: list[int]  # each button's
    note: int  # the keys line's size
    notes: list[str]  # the keys line, broken only between keys
    height: int  # the whole panel's


def draw_sit_out(surface: pygame.Surface, rect: pygame.Rect, size: int, who: str,
                 fast: bool, why: str = "") -> pygame.Rect:
    """The banner across the empty hand band while every human sits the round out, with
    the fast-forward button (F); `why`, when the table knows it, says why the viewer sits
    out (a forced-out seat, issue 23 minor 15). Returns the button's rectangle for clicks."""
    theme.panel(surface, rect, alpha=235, line=theme.GOLD)
    head = round(size * 1.2)
    small = max(12, round(size * 0.85))
    reason = theme.wrap(why, small, rect.w - 24)[:2] if why else []
    extra = len(reason) * round(small * 1.3)
    y = rect.y + max(6, (rect.h - head - size * 3 - extra) // 2)
    line = _("{who} this round").format(who=who)  # who: "You sit out", "Ana and Ren sit out"
    theme.blit_text(surface, theme.fit(line, head, rect.w - 24, True), head,
                    (rect.centerx, y), theme.TEXT, True, "midtop")
    y += round(head * 1.4)
    for part in reason:
        theme.blit_text(surface, part, small, (rect.centerx, y), theme.TEXT_DIM, False,
                        "midtop")
        y += round(small * 1.3)
    y += round(head * 0.1)
    label = _("Fast-forwarding to the ledger…") if fast else _(
        "▶▶ Fast-forward to the ledger (F)")
    w = min(rect.w - 24, theme.text_width(label, size, True) + 40)
    btn = pygame.Rect(0, 0, w, round(size * 2.1))
    btn.midtop = (rect.centerx, min(y, rect.bottom - btn.h - 4))
    Button(label, lambda: None, "secondary" if fast else "primary", enabled=not fast,
           rect=btn).draw(surface, size)
    return btn


def _chooser(panel: DecisionPanel, action):  # noqa: ANN001, ANN202
    def choose() -> None:
        if panel.on_choose is not None:
            panel.on_choose(action)

    return choose
