"""Where the table's cards go: the layout for the window, the seats on screen and what is
docked (game.ui.layout, game.ui.model.seating), and every card sent to its place.

`TableStage` keeps the layout the table last computed (`layout`, `seating`: what is on
screen, read by the input, the chrome and the hints between frames) and the layout the cards
were last placed for, so a changed window or dock moves them once. Kept apart from table.py,
which builds one and calls `current`, `retarget`, `place`, `reflow` and `warm`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.play.terms import seat_role
from game.ui import theme
from game.ui.layout import Layout, layout
from game.ui.model import Place, Seating, seating, targets

if TYPE_CHECKING:
    from game.ui.scenes.table_context import TableContext


class TableStage:
    """The table's layout and the cards' places in it."""

    def __init__(self, ctx: TableContext, docked: Callable[[], bool] = lambda: False) -> None:
        self.ctx = ctx
        # something docked needs the panel's room (the chrome's needs_dock, set by the table)
        self.docked = docked
        self.layout: Layout | None = None  # the layout and seating on screen
        self.seating: Seating | None = None
        self._key: tuple | None = None  # what the layout was computed for
        self._placed: tuple | None = None  # the layout the cards were last placed for

    def current(self) -> tuple[Layout, Seating]:
        """The layout for the window, the seats of the view on screen and the dock
        (computed again only when one of them changed)."""
        table = self.ctx
        v = table.shown_view
        rs = table.session.rs
        seat = seating(v, table.viewer, rs.active_count)
        w, h = table.app.screen.get_size()
        need_panel = table.panel.visible or self.docked()
        text = theme.effective_scale() / 100  # the bands grow with the text (issue 15)
        # seats with a role (Sudaoshi) need a second line on plates
        lines = 2 if any(seat_role(rs.name, p, par) for p, par in zip(v.positions, v.par,
                                                                       strict=False)) else 1
        key = (w, h, seat.bottom, tuple(seat.others), tuple(seat.bench), seat.phase,
               need_panel, text, lines)
        if key != self._key or self.layout is None:
            self._key = key
            self.layout = layout(w, h, seat.active, v.seats, seat.phase, need_panel,
                                 table.app.settings.card_scale, text, lines)  # issue 26
        self.seating = seat
        return self.layout, seat

    def replan(self) -> None:
        """Compute the layout afresh at the next frame (another seat is on screen)."""
        self._key = None

    def _origin(self, key: str) -> Place | None:
        """Where a card that just appeared comes from: the pile, or the face-down card it
        was in a hand."""
        L, _ = self.current()
        tv = self.ctx.tv
        org = tv.model.origins.get(key)
        if org is None:
            return None
        if org[0] == "pile":
            return Place(L.pile.x, L.pile.y, L.field_w, False, 50)
        if org[0] == "hand":
            _, seat_no, i = org
            prev = tv.anim.rest.get(tv.model.hidden_key(seat_no, i))
            if prev is not None:
                return Place(prev.x, prev.y, prev.w, False, 50)
        return None

    def retarget(self, duration: float, **kw: object) -> None:
        """Send every card to its place in the current layout (`duration` at Normal
        speed)."""
        L, seat = self.current()
        tv = self.ctx.tv
        tv.anim.go(targets(tv.model, L, seat), duration * self.ctx.speed, self._origin, **kw)

    def place(self) -> bool:
        """Move the resting cards when the layout changed (the window, a dock); True if
        they move."""
        self.current()
        if self.ctx.tv.anim.rest and self._key != self._placed:
            self._placed = self._key
            self.retarget(0.18)
            return True
        self._placed = self._key
        return False

    def reflow(self, dt: float) -> None:
        """For an overlay docked over the frozen table (the teyaku reveal): keep its motions
        running and move the cards when the layout changed (the field makes room)."""
        self.ctx.tv.anim.update(dt)
        self.current()
        if self._key != self._placed:
            self._placed = self._key
            self.retarget(0.18)

    def warm(self) -> None:
        """Render a few card faces at this layout's sizes ahead of need (a frame at most)."""
        L = self.layout
        if L is None:
            return
        r = self.ctx.tv.renderer
        for w in (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w, L.back_w):
            if not r.warm(w, limit=2):
                return
