"""Game result (TABLE.md §5.9): ranking with shared places, the seed, the saved record."""

from __future__ import annotations

import random

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.scene import Scene


def ranking(totals: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """(place, seat) best first; equal totals share a place (1, 1, 3)."""
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    out = []
    for i, s in enumerate(order):
        place = out[-1][0] if i and totals[s] == totals[order[i - 1]] else i + 1
        out.append((place, s))
    return out


def saved_words(path: object) -> str:
    """Where the record went, in plain words: the folder is the game's own records folder,
    so only the file's name is worth showing (issue 12: no raw paths on screen)."""
    name = getattr(path, "name", None) or str(path).replace("\\", "/").rsplit("/", 1)[-1]
    return _("This game was saved with your game records as \u201c{name}\u201d.").format(
        name=name)


def rounds_won(results, seats: int) -> list[int]:  # noqa: ANN001 - RoundResult sequence
    """Rounds each seat won: those where it gained the most (and gained at all). The
    engine's round winner takes the deal and may still have lost money (issue 11)."""
    wins = [0] * seats
    for r in results:
        best = max(r.net, default=0)
        for s, v in enumerate(r.net):
            if best > 0 and v == best:
                wins[s] += 1
    return wins


class ResultScene(Scene):
    name = "result"

    def __init__(self, app, session, record_path=None) -> None:  # noqa: ANN001
        super().__init__(app)
        self.session = session
        self.record_path = record_path
        self.group = ButtonGroup([], vertical=False)
        if session.ruleset == "curriculum":  # Learn 88: a finished tier, and the next one
            from game import progress

            progress.mark_finished(app.paths, int(session.options.get("tier", 1)))
        self.group.set(self._buttons())
        self.app.audio.play("game_end")

    def resume(self) -> None:
        from game import progress

        notice = progress.take_notice(self.app.paths)  # the tier could not be saved: told once
        if notice:
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Learn 88"), notice))

    def _buttons(self) -> list[Button]:
        """Play again, New game, Title; first the next tier after a Learn 88 game."""
        buttons = [Button(_("Play again"), self.play_again, "primary"),
                   Button(_("New game"), self.new_game),
                   Button(_("Title"), self.title)]
        if self.session.ruleset == "curriculum":
            from game.ui.scenes.learn import next_tier_words

            tier = int(self.session.options.get("tier", 1))
            words = next_tier_words(tier)
            if words:
                buttons.insert(0, Button(words, lambda: self.next_tier(tier + 1), "primary"))
                buttons[1].style = "secondary"
        return buttons

    def relabel(self) -> None:
        index, shown = self.group.index, self.group.show_focus
        self.group.set(self._buttons())
        self.group.index, self.group.show_focus = index, shown

    def next_tier(self, tier: int) -> None:
        from game.ui.scenes.tour import start_tier

        start_tier(self.app, tier)

    def play_again(self) -> None:
        from game.ui.scenes.new_game import start_new_game
        from game.ui.scenes.table import TableScene
        from game.ui.session import GameSession

        s = self.session
        new = GameSession(s.ruleset, s.options, s.seats, random.getrandbits(48))
        start_new_game(self.app, lambda: self.app.stack.reset(TableScene(self.app, new)))

    def new_game(self) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.stack.reset(SetupScene(self.app))

    def title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.stack.reset(TitleScene(self.app))

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            self.title()
            return True
        return self.group.handle(event, intent)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        surface.fill(theme.FELT)
        head = theme.size_of("heading", H)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        st = self.session.st
        view = self.session.view(0)  # public parts only: totals and results
        totals = view.totals
        big = theme.effective_scale() > 150  # large UI scale: the box takes the window
        rect = pygame.Rect(0, 0, min(W - 40, max(640, round(W * 0.6))),
                           H - 16 if big else round(H * 0.8))
        rect.center = (W // 2, H // 2)
        theme.panel(surface, rect, line=theme.GOLD)
        x, y = rect.x + 28, rect.y + 20
        winners = self.session.rs.game_winners(st)
        names = self.session.names()
        who = ", ".join(names[w] for w in winners)
        head_text = (_("Winner: {name}").format(name=who) if len(winners) == 1 else
                     _("Shared win: {names}").format(names=who))
        theme.blit_text(surface, _("Game over"), head, (x, y), theme.TEXT_DIM, True)
        y += round(head * (1.3 if big else 1.4))
        theme.blit_text(surface, theme.fit(head_text, head, rect.w - 56, True), head, (x, y),
                        theme.GOLD, True)
        y += round(head * (1.5 if big else 1.8))
        wins = rounds_won(view.results, len(names))
        amounts = {seat: _("{amount} mon").format(amount=theme.signed(totals[seat]))
                   for seat in range(len(names))}
        amount_w = max(theme.text_width(a, body, True) for a in amounts.values()) + 12
        # one line per seat while kind and rounds won fit their columns; at a large UI scale
        # they move to a second, smaller line under the name (issue 15)
        one_line = all(
            theme.text_width(self.session.seats[s].describe(), small) <= rect.w * 0.25 - 8
            and x + rect.w * 0.6 + theme.text_width(_("rounds won {n}").format(n=wins[s]),
                                                    small) <= rect.right - 28 - amount_w
            for s in range(len(names)))
        for place, seat in ranking(totals):
            spec = self.session.seats[seat]
            theme.blit_text(surface, _("{place}.").format(place=place), body, (x, y),
                            theme.TEXT, True)
            name_w = rect.w * 0.3 if one_line else rect.w - 56 - 40 - amount_w
            theme.blit_text(surface, theme.fit(names[seat], body, name_w, True), body,
                            (x + 40, y), theme.TEXT, True)
            theme.blit_text(surface, amounts[seat], body, (rect.right - 28, y),
                            theme.signed_color(totals[seat]), True, "topright")
            if one_line:
                theme.blit_text(surface, spec.describe(), small,
                                (x + round(rect.w * 0.35), y + 2), theme.TEXT_DIM)
                theme.blit_text(surface, _("rounds won {n}").format(n=wins[seat]), small,
                                (x + round(rect.w * 0.6), y + 2), theme.TEXT_DIM)
                y += round(body * 1.6)
                continue
            y += round(body * 1.4)
            line = f"{spec.describe()} · " + _("rounds won {n}").format(n=wins[seat])
            theme.blit_text(surface, theme.fit(line, small, rect.w - 56 - 40), small,
                            (x + 40, y), theme.TEXT_DIM)
            y += round(small * 1.6)
        y += 10
        theme.blit_text(surface, _("Rounds played: {n} · seed {seed}").format(
                            n=st.rounds_played, seed=self.session.seed),
                        small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.5)
        if self.record_path:
            theme.blit_text(surface, theme.fit(saved_words(self.record_path), small,
                                               rect.w - 56), small, (x, y), theme.TEXT_DIM)
        n = len(self.group.buttons)
        bw = (rect.w - 56 - 10 * (n - 1)) // n
        for i, b in enumerate(self.group.buttons):
            b.rect = pygame.Rect(x + i * (bw + 10), rect.bottom - 20 - round(body * 2.2), bw,
                                 round(body * 2.2))
        self.group.draw(surface, body)
