"""Round scoring (TABLE.md §5.8): the ledger that explains every payment.

Each row: reason (Japanese term and translation), payer → payee, amount; grouped in
settlement order; then this round's net per player, the totals and the card points. All
numbers come from the view's RoundResult; the UI only sorts and labels them.
"""

from __future__ import annotations

import pygame

from game.engine.ledger import POT
from game.ui import theme
from game.ui.intents import Intent
from game.ui.narrate import agrees
from game.ui.numbers import amount
from game.ui.scene import Scene
from game.ui.terms import SECTION_ORDER, ending_text, section_of, term
from game.ui.theme import Button, ButtonGroup

AUTO = 2.5


class ScoringScene(Scene):
    transparent = True
    name = "scoring"

    def __init__(self, app, table) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        view = table.session.view(table.viewer)  # public: results, totals, captures
        self.view = view
        self.result = view.results[-1]
        self.names = [s.name for s in table.session.seats]
        last = table.session.next_step() == "over"
        self.group = ButtonGroup([Button("See results ⏎" if last else "Next round ⏎",
                                         self.next, "primary")])
        self.t = 0.0
        self.scroll = 0
        self.auto = not table.session.humans
        self.app.audio.play("coins")

    def next(self) -> None:
        self.app.stack.pop(self)
        self.table.next_round()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.auto and self.t >= AUTO * max(0.1, self.app.settings.speed_factor):
            self.next()

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
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
        if intent is Intent.BACK:
            self.table.open_pause()
            return True
        if self.group.handle(event, intent):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def headline(self) -> str:
        """'Round 3 · ×2 · decided by card points · Ren +24 · Ren deals next'.

        The engine's round winner is whoever takes the deal (the caller, the most card
        points), who may still have lost money to others' yaku, so the headline names the
        round's biggest gain and the next dealer, never "winner" for a loser."""
        r = self.result
        over = self.view.phase == "over" or r.ending == "misdeal"
        rnd = self.view.round if over else self.view.round - 1
        parts = [f"Round {max(1, rnd)}", f"×{r.multiplier}", ending_text(r.ending)]
        best = max(r.net, default=0)
        if best > 0:
            top = [self.names[i] for i, v in enumerate(r.net) if v == best]
            parts.append(f"{' and '.join(top)} {amount(best, sign=True)}")
        if r.ending != "misdeal" and self.view.phase != "over":
            parts.append(agrees(self.names[self.view.dealer], "deal") + " next")
        return " · ".join(parts)

    def _who(self, seat: int) -> str:
        return "Pot" if seat == POT else self.names[seat]

    def rows(self) -> list[tuple[str, ...]]:
        """('section', title) or ('row', n, reason, from → to, amount) in settlement order."""
        by: dict[str, list] = {}
        for p in self.result.payments:
            by.setdefault(section_of(self.table.session.rs.category(p.reason)), []).append(p)
        out: list[tuple[str, ...]] = []
        n = 0
        for sec in SECTION_ORDER:
            if sec not in by:
                continue
            out.append(("section", sec))
            for p in by[sec]:
                n += 1
                out.append(("row", str(n), term(p.reason),
                            f"{self._who(p.frm)} → {self._who(p.to)}", amount(p.amount)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 120)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        head = theme.size_of("heading", H)
        rect = pygame.Rect(0, 0, round(W * 0.86), round(H * 0.86))
        rect.center = (W // 2, H // 2)
        theme.panel(surface, rect, alpha=245, line=theme.GOLD)
        r = self.result
        title = self.headline()
        x, y = rect.x + 20, rect.y + 14
        theme.blit_text(surface, theme.fit(title, head, rect.w - 40, True), head, (x, y),
                        theme.TEXT, True)
        y += round(head * 1.5)
        cols = [x, x + round(rect.w * 0.05), x + round(rect.w * 0.50), rect.right - 24]
        theme.blit_text(surface, "#", small, (cols[0], y), theme.TEXT_DIM, True)
        theme.blit_text(surface, "Reason", small, (cols[1], y), theme.TEXT_DIM, True)
        theme.blit_text(surface, "From → To", small, (cols[2], y), theme.TEXT_DIM, True)
        theme.blit_text(surface, "Amount (mon)", small, (cols[3], y), theme.TEXT_DIM, True,
                        "topright")
        y += round(small * 1.6)
        lh = round(body * 1.4)
        footer_h = 4 * lh + round(body * 2.6) + 20
        rows = self.rows() or [("note", "No payments this round.")]
        room = max(1, (rect.bottom - footer_h - y) // lh)
        self.scroll = min(self.scroll, max(0, len(rows) - room))
        viewer = self.table.viewer if self.table.session.humans else -1
        for row in rows[self.scroll:self.scroll + room]:
            if row[0] == "section":
                theme.blit_text(surface, row[1], small, (cols[1], y + 4), theme.GOLD, True)
            elif row[0] == "note":
                theme.blit_text(surface, row[1], body, (cols[1], y), theme.TEXT_DIM)
            else:
                _, n, reason, who, mon = row
                mine = viewer >= 0 and self.names[viewer] in who.split(" → ")
                color = theme.MATCH if mine else theme.TEXT
                theme.blit_text(surface, n, body, (cols[0], y), theme.TEXT_DIM)
                theme.blit_text(surface, theme.fit(reason, body, cols[2] - cols[1] - 10), body,
                                (cols[1], y), color)
                theme.blit_text(surface, theme.fit(who, body, cols[3] - cols[2] - 120), body,
                                (cols[2], y), color)
                theme.blit_text(surface, mon, body, (cols[3], y), color, True, "topright")
            y += lh
        if len(rows) > room:
            theme.blit_text(surface, "↑/↓ or wheel: more rows", small,
                            (rect.right - 24, rect.bottom - footer_h), theme.TEXT_DIM, False,
                            "bottomright")
        y = rect.bottom - footer_h + 6
        pygame.draw.line(surface, theme.PANEL_LINE, (x, y), (rect.right - 20, y))
        y += 8
        rs = self.table.session.rs
        for label, values in (("This round", r.net), ("Totals", self.view.totals)):
            theme.blit_text(surface, label, body, (x, y), theme.TEXT_DIM, True)
            cx = x + round(rect.w * 0.16)
            step = (rect.right - 20 - cx) // max(1, len(values))
            for i, v in enumerate(values):
                txt = f"{self.names[i]} {theme.signed(v)}"
                theme.blit_text(surface, theme.fit(txt, body, step - 10, True), body,
                                (cx + i * step, y), theme.signed_color(v), True)
            y += lh
        pts = " · ".join(f"{self.names[i]} {amount(rs.points(m))}"
                         for i, m in enumerate(self.view.captured_masks) if m)
        if pts:
            theme.blit_text(surface, theme.fit(f"Card points: {pts}", small, rect.w - 40), small,
                            (x, y), theme.TEXT_DIM)
        btn = self.group.buttons[0]
        btn.rect = pygame.Rect(0, 0, max(220, round(rect.w * 0.22)), round(body * 2.1))
        btn.rect.bottomright = (rect.right - 20, rect.bottom - 14)
        self.group.draw(surface, body)
