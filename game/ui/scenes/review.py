"""Game review (issue 27): a seat's decisions weighed (ai.review, in the background with a
progress bar), the accuracy, a timeline of the expected result through each round with the
marked decisions as stops, and at each stop the choices side by side with what the better one
does. "Show in replay" opens the replay viewer at that moment.

The figures are the review's (ai/review.py); the words are game/ui/review_words.py's. The
accuracy is kept with the game in the statistics (game.stats.keep_review) when the review
is whole.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ai import review as reviews
from game import stats, storage
from game.engine.errors import RecordError
from game.engine.record import Record
from game.i18n import _, pgettext
from game.play.narrate import is_you, seat_names
from game.ui import review_words as words
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.review_worker import ReviewWorker
from game.ui.scenes.page import PageScene
from game.ui.scenes.statistics import game_title

log = logging.getLogger(__name__)

STOP_MARKS = ("inaccuracy", "mistake", "blunder")  # the marks a stop is made of
MARK_COLORS = {"blunder": (214, 72, 60), "mistake": (232, 140, 52),
               "inaccuracy": (226, 200, 80), "good": (150, 190, 150), "best": (120, 170, 220)}


def review_seat(record: Record, seat: int | None = None) -> int:
    """The seat to review: the one asked for, else the first person's, else seat 0."""
    if seat is not None and 0 <= seat < len(record.seats):
        return seat
    humans = reviews.human_seats(record)
    return humans[0] if humans else 0


class ReviewScene(PageScene):
    name = "review"

    def __init__(self, app, path: str | Path | None, seat: int | None = None, *,  # noqa: ANN001
                 worlds: int = reviews.WORLDS, record: Record | None = None,
                 only_round: int | None = None) -> None:
        super().__init__(app)
        # a record file, or (the ledger's "Review this round") the game in play, in memory
        self.path = Path(path) if path is not None else None
        self.only_round = only_round
        self.problem: str | None = None  # the record could not be read: said, nothing run
        self.record: Record | None = None
        self.worker: ReviewWorker | None = None
        self.result: reviews.Review | None = None
        self.kept_note: str | None = None  # the statistics' sentence, if any
        self.sel = 0  # the decision on show
        self.seat = 0
        self.names: list[str] = []
        self.timeline_rect = pygame.Rect(0, 0, 0, 0)
        self.points: list[tuple[int, int]] = []  # each decision's place on the timeline
        try:
            self.record = record if record is not None else storage.read_record(self.path)
        except (RecordError, OSError) as e:
            self.problem = _("This file is not a game record that can be reviewed ({reason}).") \
                .format(reason=str(e)[:120])
        if self.record is not None:
            self.seat = review_seat(self.record, seat)
            self.names = [str(s.get("name", "")) if isinstance(s, dict) else ""
                          for s in self.record.seats]
            self.names = [n or _("Player {n}").format(n=i + 1) for i, n in enumerate(self.names)]
            humans = [i for i, s in enumerate(self.record.seats)
                      if isinstance(s, dict) and s.get("kind") == "human"]
            self.names = seat_names(self.names, humans)  # "You" in the player's language
            rounds = {only_round} if only_round is not None else None
            self.worker = ReviewWorker(self.record, self.seat, worlds, rounds).start()
        self.group = ButtonGroup(self._buttons(), vertical=False)

    # --- state -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.worker is not None and self.result is None and self.problem is None

    @property
    def decisions(self) -> list[reviews.Decision]:
        return self.result.decisions if self.result is not None else []

    @property
    def stops(self) -> list[int]:
        return [i for i, d in enumerate(self.decisions) if d.mark in STOP_MARKS]

    @property
    def current(self) -> reviews.Decision | None:
        ds = self.decisions
        return ds[self.sel] if ds else None

    def _buttons(self) -> list[Button]:
        if self.running or self.result is None:
            return [Button(_("Stop the review") if self.running else pgettext("button", "Back"),
                           self.back, "primary")]
        out = [Button(_("Previous stop"), lambda: self.jump_stop(-1)),
               Button(_("Next stop"), lambda: self.jump_stop(1), "primary"),
               Button(_("Show in replay"), self.show_in_replay),
               Button(_("Try it"), self.try_it),
               Button(pgettext("button", "Back"), self.back)]
        if self.path is None:  # a game in play has no replay to open yet
            del out[2]
        return out

    def relabel(self) -> None:
        self.group.set(self._buttons())

    def update(self, dt: float) -> None:
        w = self.worker
        if w is None or self.result is not None or self.problem is not None:
            return
        if w.finished:
            if w.error is not None:
                self.problem = _("The review could not be made ({reason}).").format(
                    reason=w.error[:120])
            else:
                self._take(w.result)
            self.group.set(self._buttons())

    def _take(self, result: reviews.Review | None) -> None:
        self.result = result
        stops = self.stops
        self.sel = stops[0] if stops else 0
        if result is None or self.record is None or self.app.paths is None \
                or self.path is None or self.only_round is not None:
            return  # only a whole game's review counts in the statistics
        if len(result.decisions) + result.skipped == 0:
            return
        kept, message = stats.keep_review(
            self.app.paths.stats_db, self.record, self.seat, result.accuracy,
            len(result.decisions), result.count(reviews.BLUNDER), result.count("mistake"),
            max((d.worlds for d in result.decisions), default=0))
        self.kept_note = message if not kept else None
        try:  # its mistakes become practice positions (game.practice) when it can find it
            records = self.app.paths.records_dir
            if self.path.resolve().parent == records.resolve():
                from game import practice

                practice.remember_mistakes(self.app.paths.data_dir, self.path.name, result)
        except (OSError, RuntimeError):
            log.warning("review: mistakes not kept for practice", exc_info=True)

    # --- actions -----------------------------------------------------------------------
    def jump_stop(self, step: int) -> None:
        """To the next (or previous) marked decision, wrapping around."""
        stops = self.stops
        if not stops:
            self.step(step)
            return
        if step > 0:
            later = [i for i in stops if i > self.sel]
            self.sel = later[0] if later else stops[0]
        else:
            earlier = [i for i in stops if i < self.sel]
            self.sel = earlier[-1] if earlier else stops[-1]

    def step(self, step: int) -> None:
        if self.decisions:
            self.sel = max(0, min(len(self.decisions) - 1, self.sel + step))

    def show_in_replay(self) -> None:
        d = self.current
        if d is None or self.path is None:
            return
        from game.ui.scenes.replay import ReplayScene

        scene = ReplayScene(self.app, self.path)
        scene.show(d.round, d.index)  # now, or once a long record is read that far
        self.app.stack.push(scene)

    def try_it(self) -> None:
        """Play on from the decision on show, against the same computer players with the
        same cards still to come (game.ui.tryit): this round only, nothing kept."""
        d = self.current
        if d is None or self.record is None:
            return
        from game.ui.scenes.table import TableScene
        from game.ui.tryit import try_session

        try:
            session = try_session(self.record, d.round, d.index, d.seat, d.chosen)
        except ValueError as e:
            log.warning("try it: %s", e)
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Try it"), _(
                "This position cannot be played again from this record.")))
            return
        self.app.stack.push(TableScene(self.app, session, trial=True))

    def back(self) -> None:
        """Leave (Esc, Back, Stop the review): a review still running stops."""
        if self.worker is not None:
            self.worker.cancel()
        self.app.stack.pop(self)

    def shutdown(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    def page_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """Once weighed: ←/→ the marked decisions, ↑/↓ every decision, a click on the
        timeline the decision nearest to it."""
        if self.result is None:
            return False
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.jump_stop(-1 if intent is Intent.LEFT else 1)
            return True
        if intent in (Intent.UP, Intent.DOWN):
            self.step(-1 if intent is Intent.UP else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.timeline_rect.collidepoint(event.pos) and self.points:
            x = event.pos[0]
            self.sel = min(range(len(self.points)), key=lambda i: abs(self.points[i][0] - x))
            return True
        return False

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        rect, x, y, tw, head, body, small = theme.framed_page(surface, _("Game review"))
        btn_h = round(body * 2.1)
        bottom = rect.bottom - 16 - btn_h - 12
        if self.record is not None:
            name = self.names[self.seat]
            sub = (_("{game} · Your decisions, weighed from what you could see at the time")
                   if is_you(name) else  # its own sentence, never "You's" (issue 45)
                   _("{game} · {name}'s decisions, weighed from what they could see at the "
                     "time")).format(game=game_title(self.record.ruleset), name=name)
            theme.blit_text(surface, theme.fit(sub, small, tw), small,
                            (x, y + round(head * 1.45)), theme.TEXT_DIM)
        y += round(head * 1.45) + round(small * 1.8)
        if self.problem is not None:
            for line in theme.wrap(self.problem, body, tw):
                theme.blit_text(surface, line, body, (x, y), theme.TEXT)
                y += round(body * 1.4)
        elif self.running:
            self._draw_progress(surface, x, y, tw, body, small)
        else:
            self._draw_result(surface, x, y, tw, bottom, body, small)
        self.place_buttons(x, rect.bottom - 16 - btn_h, tw, btn_h)
        self.group.draw(surface, body)

    def _draw_progress(self, surface: pygame.Surface, x: int, y: int, tw: int, body: int,
                       small: int) -> None:
        w = self.worker
        done, total = (w.done, w.total) if w is not None else (0, 0)
        text = _("Weighing the decisions… {done} of {total}").format(done=done, total=total) \
            if total else _("Finding the decisions…")
        theme.blit_text(surface, text, body, (x, y), theme.TEXT)
        y += round(body * 1.8)
        bar = pygame.Rect(x, y, tw, max(10, round(body * 0.8)))
        pygame.draw.rect(surface, theme.PANEL_LINE, bar, border_radius=4)
        if total:
            fill = bar.copy()
            fill.w = max(4, round(bar.w * done / total))
            pygame.draw.rect(surface, theme.GOLD, fill, border_radius=4)
        y += bar.h + round(small * 1.6)
        note = _("Each decision is played out over {n} imagined deals of the cards you could "
                 "not see. The window stays usable; Esc stops the review.").format(
            n=self.worker.worlds if self.worker is not None else reviews.WORLDS)
        for line in theme.wrap(note, small, tw):
            theme.blit_text(surface, line, small, (x, y), theme.TEXT_DIM)
            y += round(small * 1.35)

    def _draw_result(self, surface: pygame.Surface, x: int, y: int, tw: int, bottom: int,
                     body: int, small: int) -> None:
        rv = self.result
        if rv is None:
            return
        head = words.summary_lines(rv, self.names[self.seat])[1:]
        theme.blit_text(surface, theme.fit(head[0], body, tw), body, (x, y), theme.GOLD, True)
        y += round(body * 1.5)
        theme.blit_text(surface, theme.fit(" · ".join(head[1:]), small, tw), small, (x, y),
                        theme.TEXT_DIM)
        y += round(small * 1.6)
        if self.kept_note:
            theme.blit_text(surface, theme.fit(self.kept_note, small, tw), small, (x, y),
                            theme.TEXT_DIM)
            y += round(small * 1.6)
        if not rv.decisions:
            theme.blit_text(surface, _("This seat had no decision to weigh in this game."),
                            body, (x, y), theme.TEXT_DIM)
            return
        chart_h = max(60, min(260, round((bottom - y) * 0.34)))
        self.timeline_rect = pygame.Rect(x, y, tw, chart_h)
        self._draw_timeline(surface, self.timeline_rect, small)
        y += chart_h + round(small * 0.8)
        theme.blit_text(surface, _("←/→ marked decisions · ↑/↓ every decision · Esc back"),
                        small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.6)
        self._draw_decision(surface, x, y, tw, bottom, body, small)

    def _draw_timeline(self, surface: pygame.Surface, rect: pygame.Rect, small: int) -> None:
        """The expected result of each choice made, round by round; stops coloured by mark,
        the decision on show ringed."""
        theme.panel(surface, rect, alpha=200)
        ds = self.decisions
        inner = rect.inflate(-24, -20)
        values = [d.mine.value for d in ds] + [d.best.value for d in ds]
        top, low = max(0.0, *values), min(0.0, *values)
        span = max(1.0, top - low)

        def y_of(v: float) -> int:
            return round(inner.bottom - (v - low) * inner.h / span)

        step = inner.w / max(1, len(ds))
        self.points = [(round(inner.x + (i + 0.5) * step), y_of(d.mine.value))
                       for i, d in enumerate(ds)]
        zero = y_of(0.0)
        pygame.draw.line(surface, theme.TEXT_DIM, (inner.x, zero), (inner.right, zero), 1)
        start = 0
        for i in range(1, len(ds) + 1):  # one line per round; rounds split by a thin rule
            if i == len(ds) or ds[i].round != ds[start].round:
                label = _("Round {n}").format(n=ds[start].round + 1)
                lx = round(inner.x + start * step) + 4
                if theme.text_width(label, small) < (i - start) * step - 8:
                    theme.blit_text(surface, label, small, (lx, rect.bottom - 4),
                                    theme.TEXT_DIM, False, "bottomleft")
                pts = self.points[start:i]
                if len(pts) > 1:
                    pygame.draw.lines(surface, theme.GOLD, False, pts, 2)
                if i < len(ds):
                    sx = round(inner.x + i * step)
                    pygame.draw.line(surface, theme.PANEL_LINE, (sx, rect.y + 4),
                                     (sx, rect.bottom - 4), 1)
                start = i
        for i, (d, (px, py)) in enumerate(zip(ds, self.points, strict=True)):
            if d.mark in STOP_MARKS:
                pygame.draw.line(surface, MARK_COLORS[d.mark], (px, py),
                                 (px, y_of(d.best.value)), 2)
                pygame.draw.circle(surface, MARK_COLORS[d.mark], (px, py), 5)
            if i == self.sel:
                pygame.draw.circle(surface, theme.TEXT, (px, py), 8, 2)
        theme.blit_text(surface, theme.signed(round(top)), small, (inner.right, inner.y),
                        theme.TEXT_DIM, False, "topright")
        theme.blit_text(surface, _("expected result of your choice, in mon"), small,
                        (inner.x + 2, rect.y + 4), theme.TEXT_DIM)

    def _draw_decision(self, surface: pygame.Surface, x: int, y: int, tw: int, bottom: int,
                       body: int, small: int) -> None:
        d = self.current
        if d is None:
            return
        color = MARK_COLORS.get(d.mark, theme.TEXT)
        for line in theme.wrap(words.decision_line(d, d.round + 1), body, tw)[:2]:
            theme.blit_text(surface, theme.fit(line, body, tw), body, (x, y), color, True)
            y += round(body * 1.35)
        y += round(body * 0.1)
        if d.mark != "best":
            for line in theme.wrap(words.better_sentence(d, self.names), small, tw)[:2]:
                theme.blit_text(surface, line, small, (x, y), theme.TEXT)
                y += round(small * 1.35)
        y += round(small * 0.4)
        lh = round(small * 1.45)
        room = (bottom - y) // lh  # the choices that fit above the buttons (none: skipped)
        if room < 1:
            return
        shown = list(d.choices[:room])
        if d.mine not in shown:
            shown[-1] = d.mine
        worst = max(c.loss for c in d.choices) or 1.0
        label_w = round(tw * 0.46)
        value_w = theme.text_width("+000.0", small, True) + 12
        bar_x = x + label_w
        bar_w = tw - label_w - value_w - theme.text_width("−00.0", small) - 24
        for c in shown:
            mine = c.action == d.chosen
            label = words.move_name(c.action, d.phase)
            theme.blit_text(surface, theme.fit(label, small, label_w - 8), small, (x, y),
                            theme.GOLD if mine else theme.TEXT, mine)
            # the bar is the mon this choice gives away against the best (none for the best)
            mark = d.mark_of(c)
            if c.loss > 0 and mark != "best":
                w = max(2, round(bar_w * c.loss / worst))
                pygame.draw.rect(surface, MARK_COLORS[mark],
                                 pygame.Rect(bar_x, y + 3, w, lh - 8), border_radius=2)
                theme.blit_text(surface, words.tenths(-c.loss), small, (bar_x + w + 6, y),
                                theme.TEXT_DIM)
            else:
                theme.blit_text(surface, words.mark_name("best"), small, (bar_x, y),
                                MARK_COLORS["best"], True)
            theme.blit_text(surface, words.tenths(c.value, sign=True), small,
                            (x + tw, y), theme.TEXT if mine else theme.TEXT_DIM, mine,
                            "topright")
            y += lh


__all__ = ["ReviewScene", "review_seat"]
