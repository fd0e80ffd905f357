"""Docked decision panels (TABLE.md §5.7): sage/shoubu, cancel, join/drop, mizuten, swap.

The text of every choice (what it pays, what it risks) comes from the engine's
`preview(view)`; if that module is missing the panel still offers the choices, without
amounts. The UI never works out an amount itself.

Enter never confirms a risky choice by accident (issue 11): where passing is possible it is
the default (keep my hand, look at my hand); sage or shoubu has no default at all, a number
key or a click is required; the footer says what each number does.
"""

from __future__ import annotations

import logging

import pygame

from game.engine.actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP
from game.engine.view import PlayerView
from game.ui import theme
from game.ui.choices import choice_words
from game.ui.theme import Button, ButtonGroup

log = logging.getLogger(__name__)

try:  # written by the engine team; guard so an older engine still plays
    from game.engine.preview import preview as _preview
except ImportError:  # pragma: no cover - depends on the engine version
    _preview = None

DECISION_VERBS = {SAGE, SHOUBU, CANCEL, JOIN, DROP, MIZUTEN, SWAP, PASS}
LABELS = {SAGE: "下げ Sage — play on", SHOUBU: "勝負 Shoubu — stop now",
          CANCEL: "取消 Cancel — end the round now", JOIN: "Join this round",
          DROP: "Drop out", MIZUTEN: "不見転 Declare Mizuten — play blind",
          SWAP: "Swap with the dealer's hand (unseen)"}
TITLES = {"decide": "You made a yaku: sage or shoubu?", "dropout": "Join this round?",
          "mizuten": "Mizuten? (you are the dealer)", "swap": "Swap hands with the dealer?",
          "play": "You may cancel (you called sage)"}
PASS_LABEL = {"mizuten": "Look at my hand — no bonus, no penalty", "swap": "Keep my hand"}
SHORT = {SAGE: "Sage", SHOUBU: "Shoubu", CANCEL: "Cancel", JOIN: "Join", DROP: "Drop out",
         MIZUTEN: "Mizuten", SWAP: "Swap"}
SHORT_PASS = {"mizuten": "Look at my hand", "swap": "Keep my hand"}
NO_DEFAULT = frozenset({"decide"})  # phases where Enter alone must not choose


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
    return f"{theme.signed(v)} mon now"


class DecisionPanel:
    def __init__(self) -> None:
        self.group = PanelGroup()
        self.title = ""
        self.note = ""
        self.blocking = False
        self.visible = False
        self._key: tuple | None = None
        self.on_choose = None

    def clear(self) -> None:
        self.visible = False
        self.blocking = False
        self._key = None
        self.group.set([])

    def prepare(self, view: PlayerView, names: list[str]) -> None:
        """Build the buttons for this view's decision (once per decision)."""
        key = (view.round, view.phase, tuple(view.legal), view.to_move)
        if key == self._key:
            return
        self._key = key
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
            label = PASS_LABEL.get(view.phase, "Pass") if a.verb == PASS else LABELS[a.verb]
            lines: list[str] = []
            if p is not None:
                amt = _amount(p.amount)
                summary, risk = choice_words(p)
                if summary:
                    lines.append(summary + (f" ({amt})" if amt else ""))
                if risk:
                    lines.append("Risk: " + risk)
            style = "primary" if not buttons and not no_default else "secondary"
            buttons.append(Button(f"[{len(buttons) + 1}] {label}", _chooser(self, a), style,
                                  tuple(lines)))
            short = SHORT_PASS.get(view.phase, "Pass") if a.verb == PASS else SHORT[a.verb]
            keys.append(f"{len(keys) + 1} {short}")
        self.group.set(buttons)
        self.group.index = -1 if no_default else 0
        self.group.show_focus = False
        self.title = TITLES.get(view.phase, "Your decision")
        if view.phase == "decide" and len(verbs) == 1:
            self.title = "Last turn — shoubu (sage cannot gain)"
        self.note = footer(view.phase, keys, no_default)
        self.blocking = view.phase != "play"
        self.visible = True

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int,
             focused: bool) -> None:
        theme.panel(surface, rect, alpha=240, line=theme.GOLD)
        title = theme.size_of("panel_title", surface.get_height())
        small = max(13, round(size * 0.82))
        y = rect.y + 8
        for part in theme.wrap(self.title, title, rect.w - 20, True):
            theme.blit_text(surface, part, title, (rect.x + 10, y), theme.TEXT, True)
            y += round(title * 1.3)
        y += 4
        bsize = size
        note = theme.wrap(self.note, small, rect.w - 20)[:2]  # every key's meaning, whole
        note_lh = round(small * 1.3)
        room = rect.bottom - y - len(note) * note_lh - 8
        heights = [b.height_for(bsize, rect.w - 20) for b in self.group.buttons]
        while sum(heights) + 8 * len(heights) > room and bsize > 13:
            bsize -= 1
            heights = [b.height_for(bsize, rect.w - 20) for b in self.group.buttons]
        for b, h in zip(self.group.buttons, heights, strict=True):
            b.rect = pygame.Rect(rect.x + 10, y, rect.w - 20, h)
            y += h + 8
        self.group.show_focus = self.group.show_focus and focused
        self.group.draw(surface, bsize)
        for i, part in enumerate(reversed(note)):
            theme.blit_text(surface, theme.fit(part, small, rect.w - 20), small,
                            (rect.x + 10, rect.bottom - 6 - i * note_lh), theme.TEXT_DIM,
                            False, "bottomleft")


def footer(phase: str, keys: list[str], no_default: bool) -> str:
    """What each number key does, and what Enter does (or that it does nothing)."""
    if phase == "play":
        return "Or play a card to continue."
    if len(keys) == 1:
        return f"The only choice here: press {keys[0].split()[0]} or Enter."
    if no_default:
        return "Press " + " · ".join(keys) + " (no default: Enter alone does nothing)"
    return "Press " + " · ".join(keys) + " · Enter = 1"


def draw_sit_out(surface: pygame.Surface, rect: pygame.Rect, size: int, who: str,
                 fast: bool) -> pygame.Rect:
    """The banner across the empty hand band while every human sits the round out, with
    the fast-forward button (F); returns the button's rectangle for clicks."""
    theme.panel(surface, rect, alpha=235, line=theme.GOLD)
    head = round(size * 1.2)
    y = rect.y + max(6, (rect.h - head - size * 3) // 2)
    theme.blit_text(surface, theme.fit(f"{who} this round", head, rect.w - 24, True), head,
                    (rect.centerx, y), theme.TEXT, True, "midtop")
    y += round(head * 1.5)
    label = "Fast-forwarding to the ledger…" if fast else "▶▶ Fast-forward to the ledger (F)"
    w = min(rect.w - 24, theme.text_width(label, size, True) + 40)
    btn = pygame.Rect(0, 0, w, round(size * 2.1))
    btn.midtop = (rect.centerx, y)
    Button(label, lambda: None, "secondary" if fast else "primary", enabled=not fast,
           rect=btn).draw(surface, size)
    return btn


def _chooser(panel: DecisionPanel, action):  # noqa: ANN001, ANN202
    def choose() -> None:
        if panel.on_choose is not None:
            panel.on_choose(action)

    return choose
