"""Docked decision panels (TABLE.md §5.7): sage/shoubu, cancel, join/drop, mizuten, swap.

The text of every choice (what it pays, what it risks) comes from the engine's
`preview(view)`; if that module is missing the panel still offers the choices, without
amounts. The UI never works out an amount itself.
"""

from __future__ import annotations

import logging

import pygame

from game.engine.actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP
from game.engine.view import PlayerView
from game.ui import theme
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


def _amount(v: int | None) -> str:
    if v is None:
        return ""
    return f"{theme.signed(v)} mon now"


class DecisionPanel:
    def __init__(self) -> None:
        self.group = ButtonGroup()
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
        buttons = []
        for a in verbs:
            p = previews.get(a)
            label = PASS_LABEL.get(view.phase, "Pass") if a.verb == PASS else LABELS[a.verb]
            lines: list[str] = []
            if p is not None:
                amt = _amount(p.amount)
                if p.summary:
                    lines.append(p.summary + (f" ({amt})" if amt else ""))
                if p.risk:
                    lines.append("Risk: " + p.risk)
            buttons.append(Button(f"[{len(buttons) + 1}] {label}", _chooser(self, a),
                                  "primary" if not buttons else "secondary", tuple(lines)))
        self.group.set(buttons)
        self.group.index = 0
        self.title = TITLES.get(view.phase, "Your decision")
        if view.phase == "decide" and len(verbs) == 1:
            self.title = "Last turn — shoubu (sage cannot gain)"
        self.note = ("Or play a card to continue." if view.phase == "play" else
                     f"1–{len(buttons)} choose · Enter confirm · F1 rules")
        if len(verbs) == 1 and view.phase != "play":
            self.note = "This is the only choice here. " + self.note
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
        room = rect.bottom - y - round(small * 1.6)
        heights = [b.height_for(bsize, rect.w - 20) for b in self.group.buttons]
        while sum(heights) + 8 * len(heights) > room and bsize > 13:
            bsize -= 1
            heights = [b.height_for(bsize, rect.w - 20) for b in self.group.buttons]
        for b, h in zip(self.group.buttons, heights, strict=True):
            b.rect = pygame.Rect(rect.x + 10, y, rect.w - 20, h)
            y += h + 8
        self.group.show_focus = self.group.show_focus and focused
        self.group.draw(surface, bsize)
        theme.blit_text(surface, theme.fit(self.note, small, rect.w - 20), small,
                        (rect.x + 10, rect.bottom - 6), theme.TEXT_DIM, False, "bottomleft")


def _chooser(panel: DecisionPanel, action):  # noqa: ANN001, ANN202
    def choose() -> None:
        if panel.on_choose is not None:
            panel.on_choose(action)

    return choose
