"""Round scoring (TABLE.md §5.8): the ledger that explains every payment.

Each row: reason (Japanese term and translation), payer → payee, the basis (the formula
behind the amount, from the engine's ``Basis``) and the amount; grouped in settlement order;
then this round's net per player with "Σ = 0", the totals, each seat's card points as a bar
against its par (Sudaoshi: its role and burden), Hachi's agari streak, and after the round
"Reveal all cards" shows every dealt hand. All numbers come from the engine; the UI only
sorts and labels them.
"""

from __future__ import annotations

import pygame

from game.engine.ledger import POT
from game.engine.vocab import CaptureRule, Ending
from game.i18n import _, ngettext, pgettext
from game.play.narrate import ending_words, is_you, joined, no_payments
from game.play.numbers import amount
from game.play.terms import (
    basis_text,
    guided_words,
    seat_role,
    section_of,
    sections,
    term,
)
from game.settings import AUTO_CONTINUE_SECONDS, PARTY_LEDGER_SECONDS
from game.ui import ledger_layout, theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.scene import Scene

AUTO = 2.5


class ScoringScene(Scene):
    transparent = True
    name = "scoring"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        # results, totals, captures, the next dealer: the game as it stands (not the table's
        # round-end view), the face-up seat's or the public one
        view = table.live_view()
        self.view = view
        self.result = view.results[-1]
        self.names = table.session.names()
        self.me = table.face_up_seat()  # "you" and "your rows": that seat's, or nobody's
        last = table.session.next_step() == "over"
        self.reveal = False
        self.last = last
        self.reveal_button = Button(_("Reveal all cards (R)"), self.toggle_reveal)
        self.next_button = Button(_("See results ⏎") if last else _("Next round ⏎"),
                                  self.next, "primary")
        # "after a round when asked" (issue 27): the viewer's decisions of this round weighed
        self.review_button = Button(_("Review this round (V)"), self.review_round)
        mine = table.viewer in table.session.local_humans
        self.group = ButtonGroup([self.next_button, self.reveal_button]
                                 + ([self.review_button] if mine else []))
        self.t = 0.0
        self.scroll = 0
        self.auto = not table.session.humans
        # Settings → Auto-continue (issue 26, item 7): with a human at the table, Next
        # presses itself after a few seconds, unless the player touches anything first.
        # A party game with nobody at this screen (issue 28): the phones' players read the
        # ledger on the shared screen, then it goes on by itself (a touch holds it).
        party_only = bool(table.session.phones) and not table.session.local_humans
        self.auto_after: float | None = (
            PARTY_LEDGER_SECONDS if party_only else
            AUTO_CONTINUE_SECONDS if table.session.humans and app.settings.auto_continue
            else None)
        self.relabel()
        self.app.audio.play("coins")

    def toggle_reveal(self) -> None:
        """Show every seat's hand as dealt this round (the round is over: nothing is secret)."""
        self.reveal = not self.reveal
        self.relabel()
        self.auto = False

    def review_round(self) -> None:
        """The game review of the round just played, for the seat on screen (the game in
        play, from memory; nothing is kept in the statistics for a single round)."""
        from game.ui.scenes.review import ReviewScene

        self.auto = False
        self.auto_after = None
        session = self.table.session
        rnd = len(session.st.history) - 1
        self.app.stack.push(ReviewScene(self.app, None, self.table.viewer,
                                        record=session.record(), only_round=rnd))

    def relabel(self) -> None:
        """The buttons' words in the language in use (built once, so rebuilt on a switch)."""
        self.reveal_button.label = _("Hide cards (R)") if self.reveal else \
            _("Reveal all cards (R)")
        self.next_button.label = _("See results ⏎") if self.last else _("Next round ⏎")
        if self.auto_after is not None:
            left = max(1, int(self.auto_after - self.t + 0.999))
            self.next_button.label = (
                _("See results in {seconds} s ⏎") if self.last
                else _("Next round in {seconds} s ⏎")).format(seconds=left)

    def dealt_hands(self) -> list[tuple[int, list[str]]]:
        """(seat, card ids) of each seat dealt to this round, dealer first, from the round's
        deck: the engine deals the ruleset's hand size to each participant in turn."""
        st = self.table.session.st
        if not st.history:
            return []
        deck = st.history[-1][0]
        rs = st.rs
        names = {c: n for c, n in zip(rs.deck_cards, rs.deck, strict=True)}
        n = rs.hand_size
        return [(s, [names[c] for c in deck[n * i:n * (i + 1)]])
                for i, s in enumerate(st.participants)]

    def seat_lines(self) -> list[tuple[int, int, int | None, str]]:
        """(seat, card points, par, role) of each seat that captured: the bars' numbers.
        Sudaoshi's role names its burden (par 100/110/120 by position). The par is shown only
        when card points settled the round (a dekiyaku round pays no card points)."""
        v, rs = self.view, self.table.session.rs
        if not rs.counts_card_points:  # Koi-Koi: card points play no part, no bars
            return []
        settled = self.result.ending == Ending.CARD_POINTS
        out = []
        for s, mask in enumerate(v.captured_masks):
            if not mask and (not v.positions or v.positions[s] < 0):
                continue
            pos = v.positions[s] if s < len(v.positions) else -1
            par = v.par[s] if s < len(v.par) and settled else None
            role = seat_role(rs.name, pos, v.par[s] if s < len(v.par) else None)
            out.append((s, rs.points(mask), par, role))
        return out

    def agari_line(self) -> str:
        """Hachi: what a card takes and the agari count with the streak (view fields)."""
        v = self.view
        parts = []
        if v.capture_rule == CaptureRule.MONTH_SUM:
            parts.append(_("Takes: month sum ends in 3 or 8"))
        if v.agari:
            parts.append(_("Agari {counts}").format(counts=" · ".join(
                f"{self.names[s]} {a}" for s, a in enumerate(v.agari))))
            parts.append(_("streak: {name}").format(name=self.names[v.streak])
                         if v.streak is not None else _("streak: none"))
        return " · ".join(parts)

    def guided_line(self) -> str:
        """The first round of a guided game (TABLE.md §5.1): one line saying what mattered
        for the viewer, every number from the engine (the view's par, the card points of the
        viewer's captures, the round's net); "" in any other game or round."""
        session = self.table.session
        if not session.guided_stop or len(self.view.results) != 1 \
                or not session.humans or self.me is None:
            return ""
        return guided_words(self.result, self.view, session.rs, self.me, self.names)

    def next(self) -> None:
        self.app.stack.pop(self)
        self.table.next_round()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.auto and self.t >= AUTO * max(0.1, self.app.settings.speed_factor):
            self.next()
        elif self.auto_after is not None:
            if self.t >= self.auto_after:
                self.next()
            else:
                self.relabel()  # the countdown on the button

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if self.auto_after is not None and event.type in (
                pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.auto_after = None  # the player is reading: the ledger waits for them
            self.relabel()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return True
        if intent is Intent.DOWN:
            self.scroll += 1
            return True
        if intent is Intent.UP:
            self.scroll = max(0, self.scroll - 1)
            return True
        if intent is Intent.CONFIRM:
            self.next()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.toggle_reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v \
                and self.review_button in self.group.buttons:
            self.review_round()
            return True
        if intent is Intent.BACK:
            self.table.open_pause()
            return True
        if self.group.handle(event, intent):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def headline(self) -> str:
        """'Round 3 · ×2 · decided by card points: Ren · Yui +24 · Ren deals next'.

        The ending names the seat that decided it (the engine's round winner: the caller of
        shoubu or cancel, the most card points, the special's holder); the round's biggest
        gain follows, which may be another seat (yaku are paid whoever decides the round),
        and the next dealer. Nobody is called "winner": the decider may have lost money."""
        r = self.result
        over = self.view.phase == "over" or r.ending == "misdeal"
        rnd = self.view.round if over else self.view.round - 1
        ending = ending_words(r.ending, self.table.session.rs.decision_words)
        if r.winner is not None and 0 <= r.winner < len(self.names) and r.ending not in (
                Ending.DRAW, Ending.MISDEAL, Ending.EXHAUSTED):
            ending = _("{ending}: {name}").format(ending=ending, name=self.names[r.winner])
        parts = [_("Round {n}").format(n=max(1, rnd)), f"×{r.multiplier}", ending]
        best = max(r.net, default=0)
        if best > 0:
            top = [self.names[i] for i, v in enumerate(r.net) if v == best]
            parts.append(_("{names} {amount}").format(names=joined(top),
                                                      amount=amount(best, sign=True)))
        if r.ending != "misdeal" and self.view.phase != "over":
            dealer = self.names[self.view.dealer]
            parts.append(_("You deal next") if is_you(dealer) else
                         _("{name} deals next").format(name=dealer))
        return " · ".join(parts)

    def _who(self, seat: int) -> str:
        return pgettext("ledger", "Pot") if seat == POT else self.names[seat]

    def rows(self) -> list[tuple]:
        """('section', title) or ('row', n, reason, from → to, amount, basis, seats) in
        settlement order; the basis is the engine's formula in words ("" when none was
        recorded), `seats` the payment's (payer, payee) seat numbers (POT for the pot): a
        row is the viewer's by its seats, never by its names (two seats may share one)."""
        by: dict[str, list] = {}
        for p in self.result.payments:
            by.setdefault(section_of(self.table.session.rs.category(p.reason)), []).append(p)
        out: list[tuple[str, ...]] = []
        n = 0
        for sec in sections():
            if sec not in by:
                continue
            out.append(("section", sec))
            for p in by[sec]:
                n += 1
                out.append(("row", str(n), term(p.reason),
                            f"{self._who(p.frm)} → {self._who(p.to)}", amount(p.amount),
                            self._basis(p.basis), (p.frm, p.to)))
        return out

    def _basis(self, b: object) -> str:
        """A payment's formula in words; a game without card points (Koi-Koi) pays its yaku
        in points, so its plain amounts read "5 points × 2 (multiplier)"."""
        if self.table.session.rs.counts_card_points or getattr(b, "kind", None) != "mon":
            return basis_text(b)
        text = ngettext("{n} point", "{n} points", b.base).format(n=b.base)  # type: ignore
        m = b.m  # type: ignore[attr-defined]
        return _("{formula} × {n} (multiplier)").format(formula=text, n=m) if m > 1 else text

    def empty_note(self) -> str:
        """The ledger's line when the round paid nothing (Koi-Koi's draw: nobody scored)."""
        return no_payments(self.result.ending, self.table.session.rs.decision_words)

    def is_mine(self, seats: tuple[int, int]) -> bool:
        """A ledger row the viewer pays or receives (drawn in the match colour): by seat
        number, so a computer seat named like the human is never marked. Nobody's rows when
        no hand is face up on this screen (only computers, phones, or hot-seat between
        turns)."""
        return self.me is not None and self.me in seats

    def draw(self, surface: pygame.Surface) -> None:
        """Lay the ledger out (game.ui.ledger_layout, pure), then paint it part by part."""
        W, H = surface.get_size()
        theme.dim(surface, 120)
        body, small = theme.size_of("body", H), theme.size_of("small", H)
        # at a large UI scale the ledger takes the whole window (issue 15: nothing cut)
        rect = pygame.Rect(ledger_layout.panel_box(W, H, theme.effective_scale() > 125))
        theme.panel(surface, rect, alpha=245, line=theme.GOLD)
        top = self._paint_headline(surface, rect, theme.size_of("heading", H), body)
        seats, extra, guided = self.seat_lines(), self.agari_line(), self.guided_line()
        plan = ledger_layout.plan(
            tuple(rect), top, self.rows() or [("note", self.empty_note())],
            body=body, small=small, seats=len(seats), notes=bool(extra) + bool(guided),
            scroll=self.scroll, m=theme, heads=(_("Reason"), _("From → To")))
        self.scroll = plan.scroll
        self._paint_rows(surface, plan, body, small)
        y = self._paint_totals(surface, rect, plan, body)
        y = self._paint_bars(surface, rect, plan, y, seats, small)
        x = rect.x + 20
        if extra:
            for line in theme.wrap(extra, small, rect.w - 40)[:1]:
                theme.blit_text(surface, line, small, (x, y + 4), theme.TEXT_DIM)
            y += plan.line
        if guided:
            theme.blit_text(surface, theme.fit(guided, body, rect.w - 40), body, (x, y + 4),
                            theme.GOLD, True)
        buttons = self.group.buttons  # Next at the right, then Reveal, then Review
        boxes = ledger_layout.button_boxes(tuple(rect), [b.label for b in buttons], body, theme)
        for b, box in zip(buttons, boxes, strict=True):
            b.rect = pygame.Rect(box)
        if self.reveal:
            self._draw_reveal(surface, pygame.Rect(rect.x + 20, top + 8, rect.w - 40,
                                                   rect.h // 2))
        self.group.draw(surface, body)

    def _paint_headline(self, surface: pygame.Surface, rect: pygame.Rect, head: int,
                        body: int) -> int:
        """The headline, shrinking (down to the body size) before it takes a second line;
        the y below it."""
        x, y = rect.x + 20, rect.y + 14
        hsz, hlines = theme.fit_label(self.headline(), head, rect.w - 40, max_lines=2,
                                      bold=True, minimum=body)
        for line in hlines:
            theme.blit_text(surface, line, hsz, (x, y), theme.TEXT, True)
            y += round(hsz * 1.25)
        return y + round(hsz * 0.25)

    def _paint_rows(self, surface: pygame.Surface, plan: ledger_layout.LedgerPlan, body: int,
                    small: int) -> None:
        """The column headings, the rows on screen (a section's title, a note, a payment)
        and, when some rows are not, the line that says how to see them."""
        cols, hy = plan.cols, plan.head_y
        for col, words in zip(cols, ("#", _("Reason"), _("From → To"), _("Basis")),
                              strict=False):
            theme.blit_text(surface, words, small, (col, hy), theme.TEXT_DIM, True)
        theme.blit_text(surface, _("Amount (mon)"), small, (cols[4], hy), theme.TEXT_DIM, True,
                        "topright")
        for laid, y in plan.shown:
            row = laid.row
            if row[0] == "section":
                theme.blit_text(surface, row[1], small, (cols[1], y + 4), theme.GOLD, True)
            elif row[0] == "note":
                theme.blit_text(surface, row[1], body, (cols[1], y), theme.TEXT_DIM)
            else:
                self._paint_payment(surface, plan, laid, y, small)
        if plan.more_y is not None:
            theme.blit_text(surface, _("↑/↓ or wheel: more rows"), small,
                            (cols[4], plan.more_y), theme.TEXT_DIM, False, "bottomright")

    def _paint_payment(self, surface: pygame.Surface, plan: ledger_layout.LedgerPlan,
                       laid: ledger_layout.LaidRow, y: int, small: int) -> None:
        """One payment: its number, reason, payer → payee, basis and amount; the viewer's
        own rows in the match colour."""
        _kind, n, _reason, who, mon, _basis, pair = laid.row
        cols, sz = plan.cols, plan.size
        color = theme.MATCH if self.is_mine(pair) else theme.TEXT
        theme.blit_text(surface, n, sz, (cols[0], y), theme.TEXT_DIM)
        for k, part in enumerate(laid.reason):
            theme.blit_text(surface, part, sz, (cols[1], y + k * plan.reason_step), color)
        theme.blit_text(surface, theme.fit(who, sz, cols[3] - cols[2] - 10), sz, (cols[2], y),
                        color)
        for k, part in enumerate(laid.basis):
            theme.blit_text(surface, part, small,
                            (cols[3], y + max(0, sz - small) // 2 + k * plan.basis_step),
                            theme.TEXT_DIM)
        theme.blit_text(surface, mon, sz, (cols[4], y), color, True, "topright")

    def _paint_totals(self, surface: pygame.Surface, rect: pygame.Rect,
                      plan: ledger_layout.LedgerPlan, body: int) -> int:
        """The rule, the seats' names, this round's nets with "Σ = 0" (every mon paid is a
        mon received) and the totals; the y below them."""
        r = self.result
        x, y = rect.x + 20, plan.footer_y
        pygame.draw.line(surface, theme.PANEL_LINE, (x, y), (rect.right - 20, y))
        y += 8
        pairs = ((_("This round"), r.net), (_("Totals"), self.view.totals))
        sigma = f"Σ = {amount(sum(r.net))}"
        cx, step = ledger_layout.totals_columns(tuple(rect), [lab for lab, _v in pairs], sigma,
                                                len(r.net), body, theme)
        for i, name in enumerate(self.names[:max(1, len(r.net))]):
            theme.blit_text(surface, theme.fit(name, body, step - 10, True), body,
                            (cx + i * step, y), theme.TEXT_DIM, True)
        y += plan.line
        for label, values in pairs:
            theme.blit_text(surface, label, body, (x, y), theme.TEXT_DIM, True)
            for i, v in enumerate(values):
                theme.blit_text(surface, theme.fit(theme.signed(v), body, step - 10, True), body,
                                (cx + i * step, y), theme.signed_color(v), True)
            if values is r.net:
                theme.blit_text(surface, sigma, body, (rect.right - 24, y), theme.TEXT_DIM,
                                True, "topright")
            y += plan.line
        return y

    def _paint_bars(self, surface: pygame.Surface, rect: pygame.Rect,
                    plan: ledger_layout.LedgerPlan, y: int, seats: list, small: int) -> int:
        """The capture bars, one column or two (the plan's); the y below them."""
        cols = plan.bar_cols
        bar_w = (rect.w - 40 - 20 * (cols - 1)) // cols
        per = -(-len(seats) // cols)
        for k in range(cols):
            self._draw_bars(surface, seats[k * per:(k + 1) * per],
                            pygame.Rect(rect.x + 20 + k * (bar_w + 20), y, bar_w, plan.bar_h),
                            small, seats)
        return y + plan.bar_h * per

    def _draw_bars(self, surface: pygame.Surface, seats: list, row: pygame.Rect,
                   small: int, every: list | None = None) -> None:
        """Each seat's card points as a bar, with its par marked: above par it is paid
        (`every` seat sets the common length, when the bars are drawn in two columns)."""
        if not seats:
            return
        label_w = round(row.w * 0.30)
        every = every or seats
        top = max([p for _s, p, _q, _r in every] + [q or 0 for _s, _p, q, _r in every] + [1])
        texts = [f"{pts}" if par is None else _("{points} / par {par} ({diff})").format(
            points=pts, par=par, diff=amount(pts - par, sign=True))
            for _s, pts, par, _r in seats]
        room = max(min(200, row.w // 4),
                   max(theme.text_width(t, small) for t in texts) + 14)  # the labels
        scale = max(0.1, row.w - label_w - room) / top
        for k, (s, pts, par, role) in enumerate(seats):
            y = row.y + k * row.h
            name = self.names[s] + (f" · {role}" if role else "")
            theme.blit_text(surface, theme.fit(name, small, label_w - 8), small, (row.x, y),
                            theme.TEXT_DIM)
            bx = row.x + label_w
            bh = max(4, row.h - 8)
            color = theme.TEXT_DIM if par is None else (theme.MATCH if pts >= par
                                                         else theme.signed_color(-1))
            pygame.draw.rect(surface, theme.PANEL_LINE,
                             (bx, y + 2, round(top * scale), bh), 1)
            pygame.draw.rect(surface, color, (bx, y + 2, round(pts * scale), bh))
            text = texts[k]
            if par is not None:
                px = bx + round(par * scale)
                pygame.draw.line(surface, theme.GOLD, (px, y), (px, y + bh + 3), 2)
            theme.blit_text(surface, text, small, (bx + round(top * scale) + 10, y),
                            theme.TEXT)

    def _draw_reveal(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Every seat's hand as dealt this round, one row per seat, over the ledger."""
        hands = self.dealt_hands()
        if not hands:
            return
        small = theme.size_of("small", surface.get_height())
        theme.panel(surface, r, alpha=245, line=theme.GOLD)
        cols = 1 if len(hands) <= 3 else 2
        per_col = -(-len(hands) // cols)
        cell_w, cell_h = (r.w - 8) // cols, (r.h - 8) // per_col
        label_w = min(cell_w // 3, max(theme.text_width(self.names[s], small, True)
                                       for s, _h in hands) + 12)
        most = max(len(h) for _s, h in hands)
        cw = max(12, min(round((cell_h - 6) / 1.62), (cell_w - label_w - 12) // most - 3))
        ch = round(cw * 1.62)
        for k, (s, hand) in enumerate(hands):
            x = r.x + 4 + (k // per_col) * cell_w
            cy = r.y + 4 + (k % per_col) * cell_h + cell_h // 2
            theme.blit_text(surface, theme.fit(self.names[s], small, label_w - 8, True), small,
                            (x + 6, cy), theme.TEXT, True, "midleft")
            cx = x + label_w
            for c in hand:
                self.app.renderer.draw(surface, c, (cx, cy - ch // 2), cw)
                cx += cw + 3
