"""Game end (docs/design/TABLE.md §5.9, issue 26 item 4): a screen worth reaching.

The placings with a celebration for the winner (confetti when the one human at the table
won, a few pale petals when they lost; hot seat and computers-only games celebrate the
winner by name), each seat's running total by round as a chart, the best round and the best
yaku of the game, the records the player broke (from the statistics: game.stats, measured
against the games before this one), the seed and where the record went; then "Watch
replay", "Play again (same players)", "New game", "Title".

The facts are `game.ui.result_model`'s (pygame-free, every figure the engine's); this scene
draws them and routes input. The celebration is skipped by any key or click, which does
nothing else (a key pressed during it belongs to it: `input_context`, game/ui/keygate.py),
and is a short fade under reduced motion.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.i18n import _, ngettext
from game.play.narrate import is_you
from game.play.terms import term
from game.ui import result_model, theme
from game.ui.anim import motion_allowed
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.result_chart import SEAT_COLORS, draw_chart, draw_flakes, marker
from game.ui.result_model import Celebration, Finish, Mood, ranking, rounds_won
from game.ui.scene import Scene

FLAKES_WIN = 140
FLAKES_LOSS = 28


def saved_words(path: object) -> str:
    """Where the record went, in plain words: the folder is the game's own records folder,
    so only the file's name is worth showing (issue 12: no raw paths on screen)."""
    name = getattr(path, "name", None) or str(path).replace("\\", "/").rsplit("/", 1)[-1]
    return _("This game was saved with your game records as \u201c{name}\u201d.").format(
        name=name)


def mon(amount: int) -> str:
    return _("{amount} mon").format(amount=theme.signed(amount))


@dataclass
class Plan:
    """Where the game-end screen's parts go at one window size (ResultScene._plan)."""

    k: float  # text scale
    row: int  # a placing's row height
    facts: list[list[str]]  # each fact, wrapped
    beside: bool  # the facts under the placings (else under placings and chart)
    list_w: int  # the placings' width
    middle: int  # the chart's height
    two_line: bool = False  # each placing's details on a line under its name


class ResultScene(Scene):
    name = "result"

    def __init__(self, app, session, record_path=None) -> None:  # noqa: ANN001
        super().__init__(app)
        self.session = session
        self.record_path = record_path
        self.group = ButtonGroup([], vertical=False)
        if session.rs.tier is not None:  # Learn 88: a finished tier, and the next one
            from game import progress

            progress.mark_finished(app.paths, session.rs.tier)
        if getattr(session, "lesson", None):  # Learn Koi-Koi: the lesson's ✓
            from game import progress
            from game.play.lessons import lesson_title

            progress.mark_lesson(app.paths, session.lesson, lesson_title(session.lesson))
        self.model = result_model.build(session.st, session.rs, session.humans,
                                        self._records_broken())
        self.celebration = Celebration(self.model.mood, motion_allowed(app.settings))
        gentle = self.model.mood is Mood.LOSS
        self.flakes = result_model.flakes(FLAKES_LOSS if gentle else FLAKES_WIN,
                                          session.seed & 0xFFFF, len(SEAT_COLORS) + 2)
        self._static: tuple[object, pygame.Surface] | None = None
        self._planned: tuple[object, Plan] | None = None
        self.group.set(self._buttons())
        self.app.audio.play("game_end")

    def _records_broken(self) -> list:
        """The player's records this game broke. The table kept the game (and counted it)
        before this screen opened; game.stats leaves the game itself out of the comparison."""
        paths = getattr(self.app, "paths", None)
        if paths is None or not self.session.st.results or not self.session.humans:
            return []
        from game import stats

        return stats.game_records_broken(paths.stats_db, self.session.record(),
                                         self.session.st)

    def resume(self) -> None:
        from game import progress

        notice = progress.take_notice(self.app.paths)  # the tier could not be saved: told once
        if notice:
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Learn 88"), notice))

    # --- the buttons ---------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        """Watch replay, Play again (same players), New game, Title; first the next tier
        after a Learn 88 game. The focus starts on what loses nothing and starts nothing
        (the review, else Title): Enter pressed on through the last round's screens never
        begins a new game (issue 45); the primary button is a click or an arrow away."""
        buttons = [Button(_("Watch replay"), self.watch_replay,
                          enabled=self.record_path is not None),
                   Button(_("Review my game"), self.review,
                          enabled=self.record_path is not None),
                   Button(_("Play again (same players)"), self.play_again, "primary"),
                   Button(_("New game"), self.new_game),
                   Button(_("Title"), self.title)]
        if self.session.rs.tier is not None:
            from game.ui.scenes.learn import next_tier_words

            tier = self.session.rs.tier
            words = next_tier_words(tier)
            if words:
                for b in buttons:  # the next tier is the one primary button
                    if b.style == "primary":
                        b.style = "secondary"
                buttons.insert(0, Button(words, lambda: self.next_tier(tier + 1), "primary"))
        safe = [i for i, b in enumerate(buttons)
                if b.enabled and b.action in (self.review, self.title)]
        self.group.index = safe[0]
        return buttons

    def relabel(self) -> None:
        index, shown = self.group.index, self.group.show_focus
        self.group.set(self._buttons())
        self.group.index, self.group.show_focus = index, shown
        self._static = None

    def next_tier(self, tier: int) -> None:
        from game.ui.scenes.tour import start_tier

        start_tier(self.app, tier)

    def watch_replay(self) -> None:
        """The record just kept, in the replay viewer; its Close comes back here."""
        if self.record_path is None:
            return
        from game.ui.scenes.replay import ReplayScene

        self.app.stack.push(ReplayScene(self.app, self.record_path))

    def review(self) -> None:
        """The game review of the record just kept (ai/review.py): the person's seat, in
        the background; its Back comes back here."""
        if self.record_path is None:
            return
        from game.ui.scenes.review import ReviewScene

        self.app.stack.push(ReviewScene(self.app, self.record_path))

    def play_again(self) -> None:
        """The same ruleset, options and seats, a new seed. The finished game is already
        kept, so nothing is asked (game.ui.scenes.new_game asks only when the autosave
        still holds a game, as when its record could not be written)."""
        from game.engine.rulesets import for_new_game
        from game.play.session import GameSession
        from game.ui.scenes.new_game import start_new_game
        from game.ui.scenes.table import TableScene

        s = self.session
        seed = random.getrandbits(48)
        while seed == s.seed:  # pragma: no cover - one chance in 2**48
            seed = random.getrandbits(48)
        # a game an earlier version began may go past today's maximum (Hachi's points
        # target): the new one is held to it, and the player is told which option changed
        options, lowered = for_new_game(s.ruleset, s.options)
        new = GameSession(s.ruleset, options, s.seats, seed)

        def begin() -> None:
            self.app.stack.reset(TableScene(self.app, new))
            if lowered:
                from game.ui.scenes.message import MessageScene
                from game.ui.setup_model import option_label

                self.app.stack.push(MessageScene(self.app, _("Options"), _(
                    "A new game may not go above today's limits: {options} lowered to the "
                    "most allowed.").format(options=", ".join(
                        f"{option_label(k)} {options[k]}" for k in lowered))))

        start_new_game(self.app, begin)

    def new_game(self) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.stack.reset(SetupScene(self.app))

    def title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    # --- time and input --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.celebration.advance(dt)

    def input_context(self) -> object:
        """A key pressed during the celebration belongs to it: held on, it presses nothing
        once the buttons are there (game/ui/keygate.py)."""
        return None if self.celebration.done else "celebration"

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if not self.celebration.done:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.celebration.skip()  # a key or a click ends it, and does nothing else
                return True
            return event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP)
        if intent is Intent.BACK:
            self.title()
            return True
        return self.group.handle(event, intent)

    def chart_on_top(self) -> list[int]:
        """The lines drawn last on the chart: the human's own line above the others (a seat
        that ended level with it would hide it: issue 45), the winners' above all."""
        winners = list(self.model.winners)
        return [*(h for h in self.session.humans if h not in winners), *winners]

    # --- words -------------------------------------------------------------------------------
    def headline(self) -> tuple[str, str]:
        """(the big line, the line under it) for the mood: the viewer's win, a gentle loss
        with the winner named, or the winner by name (hot seat, computers only)."""
        names = self.session.names()
        winners = self.model.winners
        who = ", ".join(names[w] for w in winners)
        named = (_("Winner: {name}").format(name=who) if len(winners) == 1 else
                 _("Shared win: {names}").format(names=who))
        finish = self.model.finish
        if finish is Finish.WIN:
            return (_("You won!") if len(winners) == 1 else _("You share the win!")), ""
        if finish is Finish.MIDDLE:  # its own words: never the last place's, nor a win's
            me = self.session.humans[0]
            place = next(p.place for p in self.model.placings if p.seat == me)
            # a number, not an ordinal word: the ordinals' catalog forms are made for other
            # sentences (Ukrainian keeps them in the genitive)
            return _("Well played"), _("You finished in place {place} of {n} · {winner}").format(
                place=place, n=len(self.model.placings), winner=named)
        if finish is Finish.LAST:  # no praise the player did not earn, no blame either
            return _("Not this time"), named
        if len(winners) == 1:
            return _("{name} wins!").format(name=who), ""
        return named, ""

    def fact_lines(self) -> list[tuple[str, tuple]]:
        """The game's facts as (words, colour): best round, best yaku, records broken."""
        names = self.session.names()
        m = self.model
        out: list[tuple[str, tuple]] = []
        if m.best_round is not None:
            b = m.best_round
            out.append((_("Best round: {name}, round {round}: {amount}").format(
                name=names[b.seat], round=b.round, amount=mon(b.net)), theme.TEXT))
        if m.best_yaku is not None:
            y = m.best_yaku
            out.append((_("Best yaku: {yaku}, {name}, round {round}: {amount}").format(
                yaku=term(y.yaku), name=names[y.seat], round=y.round,
                amount=mon(y.amount)), theme.TEXT))
        if m.broken:
            player = names[self.session.humans[0]]
            words = []
            firsts = []
            for b in m.broken:
                if b.kind == "first_win":
                    words.append(_("First win at {game}").format(game=_(self.session.rs.title)))
                elif b.kind == "best_round":
                    words.append(_("Best round ever: {amount} (before: {previous})").format(
                        amount=mon(b.value), previous=mon(b.previous)))
                elif b.kind == "best_total":
                    words.append(_("Best game total ever: {amount} (before: {previous})")
                                 .format(amount=mon(b.value), previous=mon(b.previous)))
                elif b.kind == "first_yaku":
                    firsts.append(term(str(b.value)))
            if firsts:
                words.append(ngettext("First time: {yaku}", "First times: {yaku}",
                                      len(firsts)).format(yaku=", ".join(firsts)))
            out.append((_("Your new records") if is_you(player) else  # not "for You"
                        _("New records for {name}").format(name=player), theme.GOLD))
            out.extend((f"· {w}", theme.GOLD) for w in words)
        return out

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        key = (W, H, theme.effective_scale(), theme.high_contrast(), _("Game over"))
        if self._static is None or self._static[0] != key:
            static = pygame.Surface((W, H))
            self._draw_static(static)
            self._static = (key, static)
        surface.blit(self._static[1], (0, 0))
        c = self.celebration
        if c.flakes_on():
            gentle = self.model.mood is Mood.LOSS
            colors = [theme.GOLD, theme.WHITE] + [SEAT_COLORS[w] for w in self.model.winners]
            draw_flakes(surface, self.flakes, c.t, gentle, colors)
        self._draw_headline(surface)
        if c.done:  # the buttons come once the celebration is over (or skipped)
            self.group.draw(surface, self._sizes(H, self._plan(W, H).k)[1])
        elif self.group.buttons:  # where the buttons will be: how to end it now
            body = self._sizes(H, self._plan(W, H).k)[1]
            row = self.group.buttons[0].rect.union(self.group.buttons[-1].rect)
            theme.blit_text(surface, theme.fit(_("Press a key or click to skip"), body, row.w),
                            body, row.center, theme.TEXT_DIM, False, "center")

    def _sizes(self, H: int, k: float) -> tuple[int, int, int]:
        def sz(role: str) -> int:
            return max(theme.min_size("small"), round(theme.size_of(role, H) * k))
        return sz("heading"), sz("body"), sz("small")

    def _frame(self, W: int, H: int) -> pygame.Rect:
        m = max(8, min(W, H) // 40)
        return pygame.Rect(m, m, W - 2 * m, H - 2 * m)

    def _plan(self, W: int, H: int) -> Plan:
        key = (W, H, theme.effective_scale(), _("Game over"))
        if self._planned is None or self._planned[0] != key:
            self._planned = (key, self._make_plan(W, H))
        return self._planned[1]

    def _make_plan(self, W: int, H: int) -> Plan:
        """The largest text scale (1 down to 0.55) at which everything fits the frame; the
        facts go under the placings when there is room beside the chart, else under both."""
        rect = self._frame(W, H)
        n = len(self.model.placings)
        texts = [(t, c == theme.GOLD) for t, c in self.fact_lines()]  # the records: bold
        k = 1.0
        while True:
            head, body, small = self._sizes(H, k)
            pad = max(12, body)
            inner = rect.w - 2 * pad
            two = W >= 760
            list_w = min(inner, max(round(inner * 0.48), 300)) if two else inner
            top = round(small * 1.4) + round(head * 1.35) + round(body * 0.9)
            foot = 2 * round(small * 1.4) + round(body * 2.3) + pad + pad // 2
            middle = rect.h - max(8, body // 2) - top - foot - pad
            step = round(small * 1.35)
            side = [theme.wrap(t, small, list_w, bold) for t, bold in texts]
            side_h = sum(len(f) for f in side) * step + (pad // 2 if side else 0)
            wide = [theme.wrap(t, small, inner, bold) for t, bold in texts]
            wide_h = sum(len(f) for f in wide) * step
            # a row per seat: the kind and rounds won beside the name when they fit, else
            # on a second line under it when there is room, else cut short beside it
            rows = [round(body * 1.7)]
            if not self._details_fit(list_w, body, small):
                rows.insert(0, round(body * 1.45) + round(small * 1.35))
            for row in rows:
                two_line = row != rows[-1]
                if two and n * row + side_h <= middle:
                    air = min(round(row * 1.3), (middle - side_h) // n)  # spare room: air
                    return Plan(k, max(row, air), side, True, list_w, middle, two_line)
                if n * row + wide_h <= middle:
                    return Plan(k, row, wide, False, list_w, middle - wide_h, two_line)
            if k <= 0.55:
                return Plan(k, rows[-1], wide, False, list_w, middle - wide_h)
            k -= 0.05

    def details(self, seat: int) -> str:
        """A placing's second words: the seat's kind (the level alone for a computer) and
        the rounds it won."""
        won = self.model.placings[[p.seat for p in self.model.placings].index(seat)].rounds_won
        return ngettext("{kind} · {n} round won", "{kind} · {n} rounds won", won).format(
            kind=self.session.seats[seat].describe_short(), n=won)

    def _columns(self, body: int) -> tuple[int, int]:
        """(the place column's width, the amount column's width) at this size."""
        place_w = theme.text_width(_("{place}.").format(place=7), body, True) + 6
        amount_w = max(theme.text_width(mon(p.total), body, True)
                       for p in self.model.placings)
        return place_w, amount_w

    def _details_fit(self, width: int, body: int, small: int) -> bool:
        place_w, amount_w = self._columns(body)
        names = self.session.names()
        fixed = 6 + place_w + body + 6 + 10 + 10 + amount_w + 8
        return all(fixed + theme.text_width(names[p.seat], body, True)
                   + theme.text_width(self.details(p.seat), small) <= width
                   for p in self.model.placings)

    def _headline_rect(self) -> tuple[int, int, int, int, int]:
        W, H = self.app.screen.get_size()
        rect = self._frame(W, H)
        head, body, small = self._sizes(H, self._plan(W, H).k)
        return rect.x + max(12, body), rect.y + max(8, body // 2), head, body, small

    def _draw_headline(self, surface: pygame.Surface) -> None:
        x, y, head, body, small = self._headline_rect()
        W = surface.get_width()
        big, sub = self.headline()
        room = W - 2 * x
        y += round(small * 1.4)
        img = theme.text(theme.fit(big, head, room if not sub else room // 2, True), head,
                         theme.GOLD, True)
        alpha = self.celebration.heading_alpha()
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, (x, y))
        if sub:
            sx = x + img.get_width() + body
            theme.blit_text(surface, theme.fit(sub, body, W - x - sx, True), body,
                            (sx, y + head - body), theme.TEXT, True)

    def _draw_static(self, surface: pygame.Surface) -> None:
        """Everything but the headline, the buttons and the confetti (cached: the screen
        stands still; drawn again only for a new size, scale, contrast or language)."""
        W, H = surface.get_size()
        surface.fill(theme.FELT)
        rect = self._frame(W, H)
        theme.panel(surface, rect, line=theme.GOLD)
        plan = self._plan(W, H)
        head, body, small = self._sizes(H, plan.k)
        pad = max(12, body)
        x, y = rect.x + pad, rect.y + max(8, body // 2)
        theme.blit_text(surface, _("Game over"), small, (x, y), theme.TEXT_DIM, True)
        y += round(small * 1.4) + round(head * 1.35) + round(body * 0.9)
        inner_w = rect.w - 2 * pad
        # the placings at the left, the chart at the right (under it on a narrow window)
        n = len(self.model.placings)
        self._draw_placings(surface, pygame.Rect(x, y, plan.list_w, n * plan.row), plan,
                            body, small)
        chart = pygame.Rect(x + plan.list_w + pad, y, inner_w - plan.list_w - pad,
                            plan.middle)
        if chart.w >= 160:
            draw_chart(surface, chart, self.model.series, small, self.chart_on_top())
        fy = y + n * plan.row + pad // 2 if plan.beside else y + plan.middle + pad // 2
        colours = [c for _t, c in self.fact_lines()]
        for lines, colour in zip(plan.facts, colours, strict=True):
            for part in lines:
                theme.blit_text(surface, part, small, (x, fy), colour, colour == theme.GOLD)
                fy += round(small * 1.35)
        buttons_y = rect.bottom - pad - round(body * 2.3)
        y = buttons_y - pad // 2 - 2 * round(small * 1.4)
        theme.blit_text(surface, theme.fit(_("Rounds played: {n} · seed {seed}").format(
                            n=self.model.rounds_played, seed=self.session.seed), small,
                            inner_w), small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.4)
        if self.record_path:
            theme.blit_text(surface, theme.fit(saved_words(self.record_path), small, inner_w),
                            small, (x, y), theme.TEXT_DIM)
        n = len(self.group.buttons)
        bw = (inner_w - 10 * (n - 1)) // n
        for i, b in enumerate(self.group.buttons):
            b.rect = pygame.Rect(x + i * (bw + 10), buttons_y, bw, round(body * 2.3))

    def own_row(self) -> int | None:
        """The seat of the one human at the screen when they did not win (the headline speaks
        to them: Finish.MIDDLE or LAST), else None."""
        if self.model.finish in (Finish.MIDDLE, Finish.LAST):
            return self.session.humans[0]
        return None

    def _draw_placings(self, surface: pygame.Surface, r: pygame.Rect, plan: Plan, body: int,
                       small: int) -> None:
        """One row per seat, best first: place, the seat's chart marker, name, kind and
        rounds won, the final total; the winners' rows framed in gold, and the row of the one
        human at the screen, when it is not a winner's, framed in the text colour (a player
        who lost finds their own line at once)."""
        names = self.session.names()
        place_w, amount_w = self._columns(body)
        mine = self.own_row()
        y = r.y
        for p in self.model.placings:
            line = pygame.Rect(r.x, y, r.w, plan.row - 4)
            if p.seat in self.model.winners:
                pygame.draw.rect(surface, theme.GOLD, line, 1, border_radius=6)
            elif p.seat == mine:
                pygame.draw.rect(surface, theme.TEXT, line, 1, border_radius=6)
            cy = line.y + round(body * 0.7) if plan.two_line else line.centery
            theme.blit_text(surface, _("{place}.").format(place=p.place), body,
                            (line.x + 6, cy), theme.TEXT, True, "midleft")
            mx = line.x + 6 + place_w + body // 2
            marker(surface, p.seat, (mx, cy), max(4, body / 3))
            nx = mx + body // 2 + 6
            theme.blit_text(surface, mon(p.total), body, (line.right - 8, cy),
                            theme.signed_color(p.total), True, "midright")
            room = line.right - 8 - amount_w - 10 - nx
            name = theme.fit(names[p.seat], body, max(20, room if plan.two_line or room <= 240
                                                      else room // 2), True)
            name_r = theme.blit_text(surface, name, body, (nx, cy), theme.TEXT, True,
                                     "midleft")
            detail = self.details(p.seat)
            if plan.two_line:
                theme.blit_text(surface, theme.fit(detail, small, line.right - 8 - nx), small,
                                (nx, line.bottom - 2), theme.TEXT_DIM, False, "bottomleft")
            else:
                rest = line.right - 8 - amount_w - 10 - (name_r.right + 10)
                kind = self.session.seats[p.seat].describe_short()
                if rest >= theme.text_width(kind, small) + 4:
                    theme.blit_text(surface, theme.fit(detail, small, rest), small,
                                    (name_r.right + 10, cy), theme.TEXT_DIM, False, "midleft")
            y += plan.row


__all__ = ["ResultScene", "ranking", "rounds_won", "saved_words"]
