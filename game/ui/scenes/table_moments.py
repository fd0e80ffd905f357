"""The table's big moments, wired (issue 26): cut-ins, the field announcement, the round-end
beat and the stamps that stay. `game.ui.moments` decides what and when (pure);
`game.ui.cutin` draws; this part is fed the events the table shows, holds the queue, takes
the click or key that skips, and tells the table whether a moment is playing (the table
waits for it: nothing moves on, no phase changes, no key acts through it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.events import Event
from game.engine.vocab import EventKind
from game.i18n import N_, _
from game.play.decisions import call_words
from game.play.present import SeatInfo
from game.play.terms import plain
from game.ui.anim import motion_allowed
from game.ui.cutin import draw_cutin, draw_field, draw_stamp, draw_winner, plate_rect, seat_frame
from game.ui.moments import Moment, MomentQueue, StampBoard, counted, moment_for
from game.ui.table_view import MULTIPLIER_WORDS

if TYPE_CHECKING:
    from game.ui.layout import Layout
    from game.ui.model import Seating
    from game.ui.scenes.table_context import TableContext

# the cut-in's headline: whose moment it is (the names come from the engine's catalogue)
HEADLINES = {"yaku": N_("{name}: 出来役 Yaku!"), "teyaku": N_("{name}: 手役 Teyaku!")}
WINNER = N_("Wins the round")
# a standing call's stamp on its caller's plate, while it holds (moments.StampBoard)
STAMP_WORDS = {EventKind.SAGE: N_("下げ Sage!"), EventKind.SHOUBU: N_("勝負 Shoubu!"),
               EventKind.CANCEL: N_("取消 Cancel!"), EventKind.MIZUTEN: N_("不見転 Mizuten!"),
               EventKind.DROP: N_("Dropped")}


class TableMoments:
    """The moments at one table: the queue, the stamps, the round's settled net."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.queue = MomentQueue()
        self.stamps = StampBoard()
        self.yaku_before: dict[int, dict[str, int | None]] = {}  # seat -> last yaku items
        self.settled: tuple[int, ...] | None = None  # the round's net once its beat began
        self.covered: pygame.Rect | None = None  # where the last cut-in was drawn

    # --- fed by the table ---------------------------------------------------------------
    def note(self, ev: Event) -> bool:
        """One event shown at the table; True when it starts or queues a moment."""
        table = self.ctx
        self.stamps.note(ev)
        if ev.kind == EventKind.ROUND_START:
            self.yaku_before.clear()
            self.settled = None
        speed = table.speed
        pile: list[str] = []
        model = table.tv.model
        if ev.kind == EventKind.YAKU and model is not None and 0 <= ev.seat < len(model.captured):
            pile = list(model.captured[ev.seat])
        # the big cut-in is "yours" only while your hand is face up here (issue 42)
        rs = table.session.rs
        moment = moment_for(ev, viewer=table.face_up_seat(), rs=rs, pile=pile,
                            before=self.yaku_before.get(ev.seat), speed=speed,
                            field_multiplier=rs.carry_rule is not None,
                            # the round's month, whose cards a Cards of the Month cut-in gathers
                            ctx=rs.context_of(table.shown_view.round, 0))
        if ev.kind == EventKind.YAKU:
            self.yaku_before[ev.seat] = dict(ev.data.get("items", {}))
        if moment is None:
            return False
        if moment.kind == "round_end":
            self.settled = moment.net
        if self.queue.push(moment):
            self._duck(moment.seconds)
        return True

    def update(self, dt: float) -> None:
        self.stamps.update(dt)
        started = self.queue.update(dt)
        if started is not None:
            self._duck(started.seconds)

    @property
    def active(self) -> bool:
        return self.queue.active

    def skip(self) -> None:
        """Every waiting moment done at once; the game itself is untouched."""
        self.queue.skip()

    def handle(self, event: pygame.event.Event) -> bool:
        """A click or a key while a moment plays finishes it, and does nothing else (the
        press belongs to the moment: TableScene.input_context names it, keygate.py)."""
        if not self.queue.active:
            return False
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.skip()
            return True
        return event.type == pygame.MOUSEBUTTONUP

    def ledger_closed(self) -> None:
        self.settled = None

    def reset(self) -> None:
        """Undo: the moments of what was taken back are gone."""
        self.queue.skip()
        self.stamps.clear()
        self.yaku_before.clear()
        self.settled = None

    def _duck(self, seconds: float) -> None:
        """A cut-in starts: the music steps back for it (game.ui.audio.Audio.duck)."""
        self.ctx.app.audio.duck(seconds)

    # --- what the plates show -----------------------------------------------------------
    def stamp_words(self) -> dict[int, str]:
        """Each seat's standing call, in the player's words by the term style and the game's
        decision words (Koi-Koi: "こいこい Koi-koi ×2!", the count the view's `sage_calls`)."""
        words = self.ctx.session.rs.decision_words
        view = self.ctx.shown_view
        calls = view.sage_calls if view is not None else ()
        out = {}
        for s, k in self.stamps.calls.items():
            said = call_words(k, words, calls[s] if s < len(calls) else 0)
            out[s] = said or plain(_(STAMP_WORDS[EventKind(k)]))
        return out

    def adjust(self, seats: list[SeatInfo]) -> None:
        """The round-end beat counts each plate's total up by the round's net (the
        engine's); after the beat, until the ledger is closed, the totals stay counted."""
        net = self.settled
        if net is None:
            return
        share = 1.0
        m = self.queue.current
        if m is not None and m.kind == "round_end":
            p = self.queue.pose(not motion_allowed(self.ctx.app.settings))
            share = p.count if p is not None else 1.0
        elif any(q.kind == "round_end" for q in self.queue.queue):
            share = 0.0
        for i, si in enumerate(seats):
            if i < len(net):
                si.total = si.total + counted(net[i], share)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, s: pygame.Surface, L: Layout, seating: Seating) -> None:
        """The stamps on the plates, then the moment playing, over the table."""
        table = self.ctx
        reduced = not motion_allowed(table.app.settings)
        for seat, words in self.stamp_words().items():
            plate = plate_rect(L, seating, seat)
            if plate is not None:
                draw_stamp(s, plate, words, self.stamps.fresh.get(seat, 1.0), L.small, reduced,
                           low=seat == seating.bottom)
        self.covered = None
        m = self.queue.current
        pose = self.queue.pose(reduced)
        if m is None or pose is None:
            return
        if m.kind in ("yaku", "teyaku"):
            names = table.session.names()
            # the term style applies to the message, never to the name in it (terms.plain)
            who = plain(_(HEADLINES[m.kind])).format(
                name=names[m.seat] if 0 <= m.seat < len(names) else "")
            self.covered = draw_cutin(s, L, m, pose, who, table.tv.renderer,
                                      plate_rect(L, seating, m.seat), table.tv.card_rects)
        elif m.kind == "field":
            words = MULTIPLIER_WORDS.get(m.multiplier)
            self.covered = draw_field(s, L, plain(_(words)) if words else f"×{m.multiplier}",
                                      pose)
        elif m.kind == "round_end" and m.seat >= 0:
            plate = seat_frame(L, seating, m.seat)  # the whole panel: a ring around it all
            if plate is not None:
                draw_winner(s, plate, _(WINNER), pose, L.small)

    def current(self) -> Moment | None:
        return self.queue.current


__all__ = ["HEADLINES", "STAMP_WORDS", "WINNER", "TableMoments"]
