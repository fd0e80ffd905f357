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

from game.engine.cards import HAND_SIZE
from game.engine.ledger import POT
from game.engine.vocab import CaptureRule, Ending
from game.i18n import _, pgettext
from game.settings import AUTO_CONTINUE_SECONDS, PARTY_LEDGER_SECONDS
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.narrate import is_you, joined
from game.ui.numbers import amount
from game.ui.scene import Scene
from game.ui.terms import (
    basis_text,
    ending_text,
    guided_words,
    seat_role,
    section_of,
    sections,
    term,
)

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
        deck: the engine deals HAND_SIZE cards to each participant in turn."""
        st = self.table.session.st
        if not st.history:
            return []
        deck = st.history[-1][0]
        rs = st.rs
        names = {c: n for c, n in zip(rs.deck_cards, rs.deck, strict=True)}
        return [(s, [names[c] for c in deck[HAND_SIZE * i:HAND_SIZE * (i + 1)]])
                for i, s in enumerate(st.participants)]

    def seat_lines(self) -> list[tuple[int, int, int | None, str]]:
        """(seat, card points, par, role) of each seat that captured: the bars' numbers.
        Sudaoshi's role names its burden (par 100/110/120 by position). The par is shown only
        when card points settled the round (a dekiyaku round pays no card points)."""
        v, rs = self.view, self.table.session.rs
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
        if not getattr(session, "guided_stop", 0) or len(self.view.results) != 1 \
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
        ending = ending_text(r.ending)
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
                            basis_text(p.basis), (p.frm, p.to)))
        return out

    def is_mine(self, seats: tuple[int, int]) -> bool:
        """A ledger row the viewer pays or receives (drawn in the match colour): by seat
        number, so a computer seat named like the human is never marked. Nobody's rows when
        no hand is face up on this screen (only computers, phones, or hot-seat between
        turns)."""
        return self.me is not None and self.me in seats

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 120)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        head = theme.size_of("heading", H)
        # at a large UI scale the ledger takes the whole window (issue 15: nothing cut)
        big = theme.effective_scale() > 125
        rect = pygame.Rect(0, 0, round(W * (0.98 if big else 0.86)),
                           round(H * (0.98 if big else 0.86)))
        rect.center = (W // 2, H // 2)
        theme.panel(surface, rect, alpha=245, line=theme.GOLD)
        r = self.result
        x, y = rect.x + 20, rect.y + 14
        # the headline shrinks (down to the body size) before it takes a second line
        hsz, hlines = theme.fit_label(self.headline(), head, rect.w - 40, max_lines=2,
                                      bold=True, minimum=body)
        for line in hlines:
            theme.blit_text(surface, line, hsz, (x, y), theme.TEXT, True)
            y += round(hsz * 1.25)
        y += round(hsz * 0.25)
        top_y = y
        rows = self.rows() or [("note", _("No payments this round."))]
        # the columns fit their words: reason and payer → payee as wide as the widest
        reasons = [row[2] for row in rows if row[0] == "row"] + [_("Reason")]
        whos = [row[3] for row in rows if row[0] == "row"] + [_("From → To")]

        def cols_for(sz: int) -> list[int]:
            c1 = x + max(round(rect.w * 0.05), theme.text_width("00", sz) + 12)
            rw = min(round(rect.w * 0.42), max(theme.text_width(t, sz) for t in reasons) + 14)
            ww = min(round(rect.w * 0.3), max(theme.text_width(t, sz) for t in whos) + 14)
            return [x, c1, c1 + rw, c1 + rw + ww, rect.right - 24]

        head_y = y
        y += round(small * 1.6)
        lh = round(body * 1.4)
        seats = self.seat_lines()
        extra = self.agari_line()
        guided = self.guided_line()
        bar_h = round(small * 1.5)
        btn_h = round(body * 2.1)

        def footer(bar_rows: int) -> int:
            """Totals (names, this round, totals), bars, notes and the buttons' height."""
            return 3 * lh + 14 + bar_h * bar_rows + (lh if extra else 0) \
                + (lh if guided else 0) + btn_h + 28

        # at least three payment rows stay in view: the bars go two to a line before that
        bar_cols = 1
        if (rect.bottom - footer(len(seats)) - y) // lh < 4 and len(seats) > 1:
            bar_cols = 2
        footer_h = footer(-(-len(seats) // bar_cols))
        # a reason or basis too long for its column takes two lines (never cut at 200 %);
        # the rows take the small size when fewer than three payments would show
        avail = rect.bottom - footer_h - y
        for rsz in (body, small):
            cols = cols_for(rsz)
            laid, lstep, sstep, _lh = self._lay_rows(rows, cols, rsz, small)
            fit_n, used = 0, 0
            for row, *_l, h in laid:
                if used + h > avail - lh:
                    break
                used += h
                fit_n += row[0] == "row"
            if fit_n >= min(3, sum(row[0] == "row" for row in rows)):
                break
        body_row = rsz
        theme.blit_text(surface, "#", small, (cols[0], head_y), theme.TEXT_DIM, True)
        theme.blit_text(surface, _("Reason"), small, (cols[1], head_y), theme.TEXT_DIM, True)
        theme.blit_text(surface, _("From → To"), small, (cols[2], head_y), theme.TEXT_DIM,
                        True)
        theme.blit_text(surface, _("Basis"), small, (cols[3], head_y), theme.TEXT_DIM, True)
        theme.blit_text(surface, _("Amount (mon)"), small, (cols[4], head_y), theme.TEXT_DIM,
                        True, "topright")
        if sum(h for *_r, h in laid) > avail:  # the scroll hint takes the last line
            avail -= lh
            tail, last = 0, len(laid)
            while last > 0 and tail + laid[last - 1][3] <= avail:
                last -= 1
                tail += laid[last][3]
            self.scroll = min(self.scroll, last)
            more = True
        else:
            self.scroll, more = 0, False
        used = 0
        for row, rl, bl, h in laid[self.scroll:]:
            if used + h > avail and used:
                break
            used += h
            if row[0] == "section":
                theme.blit_text(surface, row[1], small, (cols[1], y + 4), theme.GOLD, True)
            elif row[0] == "note":
                theme.blit_text(surface, row[1], body, (cols[1], y), theme.TEXT_DIM)
            else:
                _kind, n, _reason, who, mon, _basis, pair = row
                mine = self.is_mine(pair)
                color = theme.MATCH if mine else theme.TEXT
                theme.blit_text(surface, n, body_row, (cols[0], y), theme.TEXT_DIM)
                for k, part in enumerate(rl):
                    theme.blit_text(surface, part, body_row, (cols[1], y + k * lstep), color)
                theme.blit_text(surface, theme.fit(who, body_row, cols[3] - cols[2] - 10),
                                body_row, (cols[2], y), color)
                for k, part in enumerate(bl):
                    theme.blit_text(surface, part, small,
                                    (cols[3], y + max(0, body_row - small) // 2 + k * sstep),
                                    theme.TEXT_DIM)
                theme.blit_text(surface, mon, body_row, (cols[4], y), color, True, "topright")
            y += h
        if more:
            theme.blit_text(surface, _("↑/↓ or wheel: more rows"), small,
                            (rect.right - 24, y + lh - 4), theme.TEXT_DIM, False,
                            "bottomright")
        y = rect.bottom - footer_h + 6
        pygame.draw.line(surface, theme.PANEL_LINE, (x, y), (rect.right - 20, y))
        y += 8
        pairs = ((_("This round"), r.net), (_("Totals"), self.view.totals))
        # one column per seat under its name (a name and an amount on one line do not fit
        # four seats at 200 %); the columns start after the longer label, end before "Σ = 0"
        cx = x + max(round(rect.w * 0.16),
                     max(theme.text_width(lab, body, True) for lab, _v in pairs) + 16)
        sigma_w = theme.text_width(f"Σ = {amount(sum(r.net))}", body, True) + 16
        n_seats = max(1, len(r.net))
        step = (rect.right - 20 - sigma_w - cx) // n_seats
        for i, name in enumerate(self.names[:n_seats]):
            theme.blit_text(surface, theme.fit(name, body, step - 10, True), body,
                            (cx + i * step, y), theme.TEXT_DIM, True)
        y += lh
        for label, values in pairs:
            theme.blit_text(surface, label, body, (x, y), theme.TEXT_DIM, True)
            for i, v in enumerate(values):
                theme.blit_text(surface, theme.fit(theme.signed(v), body, step - 10, True), body,
                                (cx + i * step, y), theme.signed_color(v), True)
            if values is r.net:  # every mon paid is a mon received
                theme.blit_text(surface, f"Σ = {amount(sum(values))}", body,
                                (rect.right - 24, y), theme.TEXT_DIM, True, "topright")
            y += lh
        bar_w = (rect.w - 40 - 20 * (bar_cols - 1)) // bar_cols
        per = -(-len(seats) // bar_cols)
        for k in range(bar_cols):
            self._draw_bars(surface, seats[k * per:(k + 1) * per],
                            pygame.Rect(x + k * (bar_w + 20), y, bar_w, bar_h), small,
                            seats)
        y += bar_h * per
        if extra:
            for line in theme.wrap(extra, small, rect.w - 40)[:1]:
                theme.blit_text(surface, line, small, (x, y + 4), theme.TEXT_DIM)
            y += lh
        if guided:
            theme.blit_text(surface, theme.fit(guided, body, rect.w - 40), body, (x, y + 4),
                            theme.GOLD, True)
        buttons = self.group.buttons  # Next at the right, then Reveal, then Review
        bw = max(220, round(rect.w * 0.22),
                 *(theme.text_width(b.label, body, True) + 2 * body for b in buttons))
        bw = min(bw, (rect.w - 40 - 12 * (len(buttons) - 1)) // len(buttons))
        right = rect.right - 20
        for b in buttons:
            b.rect = pygame.Rect(0, 0, bw, btn_h)
            b.rect.bottomright = (right, rect.bottom - 14)
            right = b.rect.x - 12
        if self.reveal:
            self._draw_reveal(surface, pygame.Rect(rect.x + 20, top_y + 8,
                                                   rect.w - 40, rect.h // 2))
        self.group.draw(surface, body)

    def _lay_rows(self, rows: list, cols: list[int], rsz: int,
                  small: int) -> tuple[list, int, int, int]:
        """(row, reason lines, basis lines, height) of each ledger row at type size `rsz`,
        with the line steps: a reason or basis too long for its column wraps, never cut."""
        lh = round(rsz * 1.4)
        mw = max([theme.text_width(row[4], rsz, True) for row in rows if row[0] == "row"]
                 + [0]) + 16
        lstep, sstep = round(rsz * 1.15), round(small * 1.2)
        laid: list = []
        for row in rows:
            if row[0] != "row":
                laid.append((row, [], [], lh))
                continue
            rl = theme.wrap(row[2], rsz, cols[2] - cols[1] - 10)
            bl = theme.wrap(row[5], small, cols[4] - cols[3] - mw) if row[5] else []
            laid.append((row, rl, bl, max(lh, len(rl) * lstep + (lh - lstep),
                                          len(bl) * sstep + (lh - lstep))))
        return laid, lstep, sstep, lh

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
        cw = max(12, min(round((cell_h - 6) / 1.62), (cell_w - label_w - 12) // HAND_SIZE - 3))
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
