"""Practice (issue 27, item 4): "What would you play?" positions (from your reviewed mistakes,
else generated), today's position, and the teyaku and yaku drill; for a Koi-Koi player, the
Koi-Koi drill (a capture pile under the koikoi ruleset) and "Koi-koi or stop?" (a decision
after a yaku, answered with the table's own words for it). The positions, answers and values
are game.practice's (the review's search, the engine's yaku); this module lays them out and
takes the answer by mouse or keys.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from collections.abc import Callable

import pygame

from ai.review import Decision
from game import practice
from game.engine.actions import PLAY, Action
from game.engine.cards import CARD_IDS, names_of
from game.i18n import _, ngettext, pgettext
from game.play import decisions
from game.play.advice import choice_name
from game.play.choices import choice_words
from game.play.numbers import amount
from game.play.terms import card_name, term
from game.play.worker import Background
from game.ui import review_words as words
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.cards import card_height
from game.ui.intents import Intent, select_number
from game.ui.scenes.page import PageScene

log = logging.getLogger(__name__)

# the exercises of the menu, in its order; each is also its score's key in practice.json
KINDS = ("positions", "drill", "daily", "koikoi_drill", "koikoi_stop")


def _points(n: int) -> str:
    """ "5 points": Koi-Koi scores yaku in points (the decision panel's words for them)."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def answer_words(answer: tuple[tuple[str, int], ...], kind: str,
                 ruleset: str = practice.PUZZLE_RULESET) -> str:
    """A drill's answer in words: "三本 Sanbon · Triplet, 24 mon from each other player"; in
    Koi-Koi, where the other player pays the stopper's yaku in points, "三光 Sankō · Three
    Brights: 5 points" (and the sum when the pile makes several)."""
    if not answer:
        return _("No teyaku") if kind == "teyaku" else _("No yaku")
    if ruleset == practice.KOIKOI:
        items = ", ".join(_("{name}: {points}").format(name=term(k), points=_points(v))
                          for k, v in answer)
        if len(answer) == 1:
            return items
        return _("{items} ({points} in all)").format(
            items=items, points=_points(sum(v for _k, v in answer)))
    parts = [_("{name}: {n} mon").format(name=term(k), n=amount(v)) for k, v in answer]
    return _("{items} (from each other player)").format(items=", ".join(parts))


def tell_unsaved(app) -> None:  # noqa: ANN001 - App
    """A practice save that failed (a full disk), said once in a message over the screen,
    as Learn 88 and Settings say theirs (game.practice.take_notice)."""
    notice = practice.take_notice(app.paths.data_dir if app.paths is not None else None)
    if notice:
        from game.ui.scenes.message import MessageScene

        app.stack.push(MessageScene(app, _("Practice"), notice))


class _Loader:
    """Makes a puzzle in the background (a generated one takes about a second; the one way
    to work off the window's thread, game.play.worker), polled by the scene each frame."""

    def __init__(self, make: Callable[[], object]) -> None:
        background = Background("practice")
        self._task = background.submit(make)
        background.shutdown()  # one puzzle a loader: its thread ends with it

    @property
    def done(self) -> bool:
        return self._task.done

    @property
    def result(self) -> object:
        return self._task.value

    @property
    def failed(self) -> bool:
        """The puzzle could not be made (said, never raised; the cause is logged once)."""
        error = self._task.error
        if error is not None and not getattr(self, "_logged", False):
            self._logged = True
            log.error("practice puzzle failed", exc_info=error)
        return self._task.done and error is not None


class PracticeScene(PageScene):
    """The Practice menu: three exercises and their scores."""

    name = "practice"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.progress, self.message = self._load()
        self.group = ButtonGroup(self._buttons(), vertical=True)

    def _load(self) -> tuple[practice.Progress, str | None]:
        if self.app.paths is None:
            return practice.Progress(), None
        return practice.load(self.app.paths.data_dir)

    def _buttons(self) -> list[Button]:
        return [Button(_("What would you play?"), lambda: self.open("positions"), "primary"),
                Button(_("Teyaku and yaku drill"), lambda: self.open("drill")),
                Button(_("Today's position"), lambda: self.open("daily")),
                Button(_("Koi-Koi drill"), lambda: self.open("koikoi_drill")),
                Button(_("Koi-koi or stop?"), lambda: self.open("koikoi_stop")),
                Button(pgettext("button", "Back"), self.back)]

    def relabel(self) -> None:
        self.group.set(self._buttons())  # the focus ring stays where it was

    def resume(self) -> None:
        self.progress, message = self._load()
        self.message = self.message or message
        tell_unsaved(self.app)  # a review's mistakes that could not be kept, say

    def open(self, kind: str) -> None:
        if kind == "drill":
            self.app.stack.push(DrillScene(self.app))
        elif kind == "koikoi_drill":
            self.app.stack.push(DrillScene(self.app, ruleset=practice.KOIKOI))
        else:
            self.app.stack.push(PuzzleScene(self.app, kind))

    def score_line(self, kind: str) -> str:
        got, tried = self.progress.scores.get(kind, [0, 0])
        if not tried:
            return _("Not tried yet")
        return _("{got} of {tried} right").format(got=got, tried=tried)

    def draw(self, surface: pygame.Surface) -> None:
        rect, x, y, tw, head, body, small = theme.framed_page(surface, _("Practice"))
        y += round(head * 1.6)
        waiting = len(self.progress.mistakes)
        notes = {
            "positions": ngettext(
                "A position where one choice is clearly best: {n} from your reviewed games, "
                "then new ones. {score}.",
                "A position where one choice is clearly best: {n} from your reviewed games, "
                "then new ones. {score}.", waiting).format(
                n=waiting, score=self.score_line("positions")),
            "drill": _("A hand or a capture pile: say what it claims and what it is worth. "
                       "{score}.").format(score=self.score_line("drill")),
            "daily": _("The same position for everyone today ({date}). {done}").format(
                date=dt.date.today().isoformat(),
                done=(_("You answered it: {mark}.").format(mark=words.mark_name(
                    self.progress.daily[dt.date.today().isoformat()]))
                    if dt.date.today().isoformat() in self.progress.daily else "")),
            "koikoi_drill": _("Koi-Koi: a capture pile; say which yaku it scores and how many "
                              "points. {score}.").format(score=self.score_line("koikoi_drill")),
            "koikoi_stop": _("Koi-Koi: you made a yaku; play on or stop? One choice is clearly "
                             "better. {score}.").format(score=self.score_line("koikoi_stop")),
        }
        bh = round(body * 2.3)
        bw = min(360, round(tw * 0.36))
        for i, b in enumerate(self.group.buttons):
            b.rect = pygame.Rect(x, y + i * round(bh * 1.6), bw, bh)
            if i < len(KINDS):
                lines = theme.wrap(notes[KINDS[i]], small, tw - bw - 24)[:2]
                for k, line in enumerate(lines):
                    theme.blit_text(surface, line, small,
                                    (x + bw + 20, b.rect.y + 4 + k * round(small * 1.35)),
                                    theme.TEXT_DIM)
        self.group.draw(surface, body)
        if self.message:
            theme.blit_text(surface, theme.fit(self.message, small, tw), small,
                            (x, rect.bottom - 20), theme.TEXT_DIM, False, "bottomleft")


class PuzzleScene(PageScene):
    """One position at a time: choose a play (a card, then its target when it has several),
    or, at a decision ("Koi-koi or stop?"), one of its choices, worded as the table's panel
    words them; then see the verdict, the better choice and every choice's value."""

    name = "puzzle"

    def __init__(self, app, kind: str = "positions") -> None:  # noqa: ANN001
        super().__init__(app)
        self.kind = kind
        self.puzzle: practice.Puzzle | None = None
        self.loader: _Loader | None = None
        self.problem: str | None = None
        self.picked: str | None = None  # a hand card whose target is being chosen
        self.answer: Action | None = None
        self.hand_rects: list[tuple[pygame.Rect, str]] = []
        self.field_rects: list[tuple[pygame.Rect, str]] = []
        self.choice_rects: list[tuple[pygame.Rect, Action]] = []
        self.group = ButtonGroup(self._buttons(), vertical=False)
        self.next_puzzle()

    def _buttons(self) -> list[Button]:
        out = [Button(pgettext("button", "Back"), self.back)]
        if self.answer is not None and self.kind != "daily":
            out.insert(0, Button(_("Next position"), self.next_puzzle, "primary"))
        return out

    def _make(self) -> practice.Puzzle | None:
        paths = self.app.paths
        if self.kind == "daily":
            return practice.daily_puzzle(dt.date.today())
        if self.kind == "koikoi_stop":
            return practice.koikoi_puzzle(secrets.randbits(63))
        if self.kind == "positions" and paths is not None:
            progress, _msg = practice.load(paths.data_dir)
            while progress.mistakes:  # the oldest remembered mistake first, used once
                ref = progress.mistakes.pop(0)
                practice.save(paths.data_dir, progress)
                found = practice.mistake_puzzle(paths.records_dir, ref)
                if found is not None:
                    return found
        return practice.generated_puzzle(secrets.randbits(63))

    def next_puzzle(self) -> None:
        self.puzzle, self.answer, self.picked, self.problem = None, None, None, None
        self.loader = _Loader(self._make)
        self.group.set(self._buttons())

    def update(self, dt_: float) -> None:
        if self.loader is not None and self.loader.done:
            result, failed = self.loader.result, self.loader.failed
            self.loader = None
            if failed or result is None:
                self.problem = _("No position could be made this time; try again.")
            else:
                self.puzzle = result  # type: ignore[assignment]

    # --- answering ---------------------------------------------------------------------
    @property
    def deciding(self) -> bool:
        """The position is a decision (koi-koi or stop), answered by its choices, not by a
        card of the hand."""
        return self.puzzle is not None and self.puzzle.view.phase != "play"

    def decision_choices(self) -> list[Action]:
        """A decision's choices in the engine's order (the order of the table's panel)."""
        return list(self.puzzle.view.legal) if self.deciding else []  # type: ignore[union-attr]

    def plays_of(self, card: str) -> list[Action]:
        if self.puzzle is None or card not in CARD_IDS:
            return []
        c = CARD_IDS.index(card)
        return [a for a in self.puzzle.view.legal if a.verb == PLAY and a.args[0] == c]

    def choose_card(self, card: str) -> None:
        plays = self.plays_of(card)
        if len(plays) == 1:
            self.submit(plays[0])
        elif plays:
            self.picked = card

    def choose_target(self, target: str) -> None:
        t = CARD_IDS.index(target)
        for a in self.plays_of(self.picked or ""):
            if len(a.args) > 1 and a.args[1] == t:
                self.submit(a)
                return

    def targets(self) -> list[str]:
        return [CARD_IDS[a.args[1]] for a in self.plays_of(self.picked or "") if len(a.args) > 1]

    def submit(self, action: Action) -> None:
        p = self.puzzle
        if p is None or self.answer is not None:
            return
        self.answer, self.picked = action, None
        mark, _c = p.verdict(action)
        if self.app.paths is not None:
            daily = self.kind == "daily"
            kind = "daily" if daily else "koikoi_stop" if self.kind == "koikoi_stop" \
                else "positions"
            practice.record_score(self.app.paths.data_dir, kind,
                                  mark == "best", dt.date.today().isoformat() if daily
                                  else None, mark)
            tell_unsaved(self.app)
        self.group.set(self._buttons())

    def escape(self) -> None:
        """Esc puts a picked-up card back first; then it leaves."""
        if self.picked is not None:
            self.picked = None
        else:
            self.back()

    def page_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """A number chooses a card of the hand (or, a card picked, its target), never a
        button; a click on one does the same."""
        if intent is Intent.SELECT:
            n = select_number(event)
            if n is not None and self.answer is None:
                self._number(n)
            return True
        if self.puzzle is not None and self.answer is None \
                and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        return False

    def _number(self, n: int) -> None:
        """Number ``n`` pressed: that decision, else that card of the hand (or, a card
        picked up, that target)."""
        if self.deciding:
            choices = self.decision_choices()
            if 1 <= n <= len(choices):
                self.submit(choices[n - 1])
            return
        pool = self.targets() if self.picked else [c for _r, c in self.hand_rects]
        if 1 <= n <= len(pool):
            self._take_card(pool[n - 1])

    def _click(self, pos: tuple[int, int]) -> bool:
        """A click on a decision's row, a hand card, or (a card picked up) its target."""
        if self.deciding:
            a = next((a for r, a in self.choice_rects if r.collidepoint(pos)), None)
            if a is not None:
                self.submit(a)
            return a is not None
        rects = self.field_rects if self.picked else self.hand_rects
        for r, c in rects:
            if r.collidepoint(pos) and (not self.picked or c in self.targets()):
                self._take_card(c)
                return True
        return False

    def _take_card(self, card: str) -> None:
        """The card chosen: the play's target when a card is picked up, else a hand card."""
        (self.choose_target if self.picked else self.choose_card)(card)

    # --- drawing -----------------------------------------------------------------------
    def _title(self) -> str:
        if self.kind == "daily":
            return _("Today's position")
        if self.kind == "koikoi_stop":
            return _("Koi-koi or stop?")
        if self.puzzle is not None and self.puzzle.source == "mistake":
            return _("From your game: what would you play?")
        return _("What would you play?")

    def draw(self, surface: pygame.Surface) -> None:
        rect, x, y, tw, head, body, small = theme.framed_page(surface, self._title())
        y += round(head * 1.5)
        btn_h = round(body * 2.1)
        bottom = rect.bottom - 16 - btn_h - 10
        if self.problem:
            theme.blit_text(surface, self.problem, body, (x, y), theme.TEXT)
        elif self.puzzle is None:
            theme.blit_text(surface, _("Finding a position…"), body, (x, y), theme.TEXT_DIM)
        else:
            self._draw_position(surface, x, y, tw, bottom, body, small)
        self.place_buttons(x, rect.bottom - 16 - btn_h, tw, btn_h, most=260, right=True)
        self.group.draw(surface, body)

    def _row(self, surface: pygame.Surface, cards: list[str], x: int, y: int, w: int,
             numbered: bool = False, dim: set[str] | None = None) -> list[tuple[pygame.Rect,
                                                                                 str]]:
        out = []
        for i, c in enumerate(cards):
            img = self.app.renderer.face(c, w)
            r = img.get_rect(topleft=(x + i * (w + 6), y))
            surface.blit(img, r)
            if dim and c in dim:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 130))
                surface.blit(shade, r)
            if numbered:
                theme.blit_text(surface, str(i + 1), max(12, w // 4),
                                (r.centerx, r.bottom + 2), theme.GOLD, True, "midtop")
            out.append((r, c))
        return out

    def seat_names(self) -> list[str]:
        """The seats as the page names them: a made-up game's computer players, nameless in
        the puzzle, are "Player N" here and in the advice alike (the advice had said "the
        risk:  is 2 cards from ..." with the name left out)."""
        p = self.puzzle
        assert p is not None
        return [n or _("Player {n}").format(n=i + 1) for i, n in enumerate(p.names)]

    def ringed(self) -> str | None:
        """The hand card ringed in gold: the one picked up, else the one answered (so the
        verdict below can be read against the card the player chose)."""
        if self.picked:
            return self.picked
        if self.answer is not None and self.answer.args:
            return CARD_IDS[self.answer.args[0]]
        return None

    @staticmethod
    def label_column(took: list[str], small: int, tw: int) -> int:
        """Where the rows of cards start: after the widest row label (a longer language or a
        larger text size must not cut "Player 2 took (6 in hand)"), at most two fifths of
        the page, at least the 220 pixels the page always gave them."""
        labels = [*took, _("Field"), _("You took")]
        widest = max([theme.text_width(t, small) for t in labels]
                     + [theme.text_width(_("Your hand"), small, True)])
        return max(220, min(widest + 20, tw * 2 // 5))

    def _draw_position(self, surface: pygame.Surface, x: int, y: int, tw: int, bottom: int,
                       body: int, small: int) -> None:
        p = self.puzzle
        assert p is not None
        v = p.view
        me = v.seat
        names = self.seat_names()
        theme.blit_text(surface, theme.fit(_("You are {name}; {n} cards left in the draw "
                                             "pile. Every value is the round's expected "
                                             "result for you, in mon.").format(
            name=names[me], n=v.pile_count), small, tw), small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.8)
        answered = self.answer is not None
        others = [s for s in v.active if s != me]
        reserve = round(body * 1.5 + small * 1.35 * 4)  # the verdict's lines below the cards
        if self.deciding:  # and, above them, a row for each choice
            reserve += self.choice_row_height(body, small) * len(self.decision_choices())
        room = bottom - y - reserve
        cap_w = max(20, min(40, round(room * 0.055)))
        cap_h = card_height(cap_w) + 8
        left = room - cap_h * (len(others) + 1) - round(small * 3.6) - 10
        took = {s: _("{name} took ({n} in hand)").format(name=names[s], n=v.hand_counts[s])
                for s in v.active if s != me}
        col = self.label_column(list(took.values()), small, tw)
        most = max(len(v.field), len(v.hand), 1)  # the widest row fits beside the labels
        big_w = max(36, min(90, round(left / 2 / (card_height(100) / 100)),
                            (tw - col) // most - 6))
        for s, label in took.items():
            pile = names_of(v.captured_masks[s])
            theme.blit_text(surface, theme.fit(label, small, col - 20), small, (x, y + 4),
                            theme.TEXT)
            self._row(surface, pile[:max(1, (tw - col) // (cap_w + 6))], x + col, y, cap_w)
            y += card_height(cap_w) + 8
        theme.blit_text(surface, _("Field"), small, (x, y + 4), theme.TEXT)
        targets = set(self.targets())
        dim = {c for c in v.field if targets and c not in targets}
        self.field_rects = self._row(surface, v.field, x + col, y, big_w, bool(targets), dim)
        y += card_height(big_w) + round(small * 1.8)
        theme.blit_text(surface, _("Your hand"), small, (x, y + 4), theme.GOLD, True)
        self.hand_rects = self._row(surface, v.hand, x + col, y, big_w,
                                    not answered and not self.deciding)
        for r, c in self.hand_rects:
            if c == self.ringed():
                pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), 3, border_radius=6)
        y += card_height(big_w) + round(small * 1.8)
        pile = names_of(v.captured_masks[me])
        theme.blit_text(surface, _("You took"), small, (x, y + 4), theme.TEXT)
        self._row(surface, pile[:max(1, (tw - col) // (cap_w + 6))], x + col, y, cap_w)
        y += card_height(cap_w) + 10
        if self.deciding:
            y = self._draw_choices(surface, x, y, tw, body, small)
            if not answered:
                theme.blit_text(surface, _("Click a choice, or press its number."), body,
                                (x, y), theme.GOLD)
            else:
                self._draw_verdict(surface, x, y, tw, bottom, body, small)
        elif self.picked:
            theme.blit_text(surface, _("Choose which card the {card} takes (1–{n})").format(
                card=card_name(self.picked), n=len(targets)), body, (x, y), theme.GOLD)
        elif not answered:
            theme.blit_text(surface, _("Click a card of your hand, or press its number."),
                            body, (x, y), theme.GOLD)
        else:
            self._draw_verdict(surface, x, y, tw, bottom, body, small)

    def _draw_verdict(self, surface: pygame.Surface, x: int, y: int, tw: int, bottom: int,
                      body: int, small: int) -> None:
        p, a = self.puzzle, self.answer
        assert p is not None and a is not None
        d = p.decision(a)
        theme.blit_text(surface, words.verdict_line(d), body, (x, y),
                        theme.GOLD if d.mark == "best" else theme.TEXT, True)
        y += round(body * 1.4)
        for line in theme.wrap(words.better_sentence(d, self.seat_names()), small, tw)[:2]:
            theme.blit_text(surface, line, small, (x, y), theme.TEXT)
            y += round(small * 1.35)
        if p.played is not None and p.played != p.best.action:
            theme.blit_text(surface, theme.fit(_("In your game you chose: {choice}.").format(
                choice=words.move_name(p.played, p.view.phase)), small, tw), small, (x, y),
                theme.TEXT_DIM)
            y += round(small * 1.35)
        if y + small < bottom:
            theme.blit_text(surface, theme.fit(self.values_line(d), small, tw), small,
                            (x, y), theme.TEXT_DIM)

    @staticmethod
    def values_line(d: Decision) -> str:
        """Every choice with its expected round result, best first: the review's line, with
        a decision's choices named in its game's words (Koi-Koi's "Koi-koi" and "Stop", as
        the table's panel says them, not the 88 family's sage and shoubu)."""
        said = d.view.decision_words
        return " · ".join(_("{choice} {value}").format(
            choice=choice_name(c.action.verb, d.phase, said)
            if c.action.verb in decisions.DECISION_VERBS else words.move_name(c.action, d.phase),
            value=words.tenths(c.value, sign=True)) for c in d.choices)

    @staticmethod
    def choice_row_height(body: int, small: int) -> int:
        """A decision's row: its button words, and below them what it pays and what it
        risks, a line each (as the table's panel says them)."""
        return round(body * 1.45 + small * 1.4 * 2 + 16)

    def _previews(self) -> dict:
        """The engine's preview of each choice (what it pays, what it risks), as the table's
        panel has them; none when the preview fails (the choices are still offered)."""
        from game.engine.preview import preview

        try:
            return {p.action: p for p in preview(self.puzzle.view)}  # type: ignore[union-attr]
        except Exception:  # noqa: BLE001 - a preview bug must not cost the position
            log.exception("decision preview failed")
            return {}

    def _draw_choices(self, surface: pygame.Surface, x: int, y: int, tw: int, body: int,
                      small: int) -> int:
        """The decision's choices as numbered rows (a click or a number answers): the
        panel's words for each ("こいこい Koi-koi — play on for more"), what it pays and
        risks below; once answered, the best choices green, a worse answer red. The y
        below the rows."""
        p = self.puzzle
        assert p is not None
        v, lh = p.view, self.choice_row_height(body, small)
        previews = self._previews()
        self.choice_rects = []
        for i, a in enumerate(self.decision_choices()):
            r = pygame.Rect(x, y, tw, lh - 6)
            self.choice_rects.append((r, a))
            right = self.answer is not None and p.verdict(a)[0] == "best"
            wrong = self.answer == a and not right
            lit = right or wrong
            pygame.draw.rect(surface, (theme.GAIN if right else theme.LOSS) if lit
                             else theme.PANEL_LINE, r, 0 if lit else 1, border_radius=6)
            label = f"{i + 1}. {decisions.label(a.verb, v.phase, v.decision_words)}"
            theme.blit_text(surface, theme.fit(label, body, tw - 20), body, (r.x + 10, r.y + 5),
                            theme.INK if lit else theme.TEXT)
            preview = previews.get(a)
            if preview is not None:
                pays, risk = choice_words(preview, v.decision_words)
                lines = [pays, _("Risk: {risk}").format(risk=risk) if risk else ""]
                for k, line in enumerate(lines):
                    theme.blit_text(surface, theme.fit(line, small, tw - 20), small,
                                    (r.x + 10, r.y + 6 + round(body * 1.35 + k * small * 1.4)),
                                    theme.INK if lit else theme.TEXT_DIM)
            y += lh
        return y + 4


class DrillScene(PageScene):
    """A hand or a capture pile and four answers; the engine's answer after each. With the
    koikoi ruleset (the Koi-Koi drill) every drill is a Koi-Koi capture pile, scored apart
    ("koikoi_drill" in practice.json) so a Koi-Koi player's score is their own."""

    name = "drill"

    def __init__(self, app, seed: int | None = None,  # noqa: ANN001
                 ruleset: str = practice.PUZZLE_RULESET) -> None:
        super().__init__(app)
        self.ruleset = ruleset
        self.seed = seed if seed is not None else secrets.randbits(48)
        self.count = 0
        self.drill: practice.Drill = self._make()
        self.chosen: int | None = None
        self.answer_rects: list[pygame.Rect] = []
        self.group = ButtonGroup(self._buttons(), vertical=False)

    def _make(self) -> practice.Drill:
        self.count += 1
        seed = self.seed + self.count
        if self.ruleset == practice.KOIKOI:
            return practice.koikoi_drill(seed)
        return practice.teyaku_drill(seed) if self.count % 2 else practice.pile_drill(seed)

    def _buttons(self) -> list[Button]:
        out = [Button(_("Rules"), self.rules), Button(pgettext("button", "Back"), self.back)]
        if self.chosen is not None:
            out.insert(0, Button(_("Next"), self.next, "primary"))
        return out

    def next(self) -> None:
        self.drill, self.chosen = self._make(), None
        self.group.set(self._buttons())

    def rules(self) -> None:
        from game.ui.scenes.reference import ReferenceScene

        page = "teyaku" if self.drill.kind == "teyaku" else "yaku"
        self.app.stack.push(ReferenceScene(self.app, self.drill.ruleset, page))

    def pick(self, i: int) -> None:
        if self.chosen is not None or not 0 <= i < len(self.drill.options):
            return
        self.chosen = i
        if self.app.paths is not None:
            practice.record_score(self.app.paths.data_dir, self.score_kind,
                                  i == self.drill.correct)
            tell_unsaved(self.app)
        self.group.set(self._buttons())

    @property
    def score_kind(self) -> str:
        """The practice file's key of this drill's score."""
        return "koikoi_drill" if self.ruleset == practice.KOIKOI else "drill"

    def page_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """A number answers, never a button (a double tap would skip past the engine's
        answer); a click on an answer does the same."""
        if intent is Intent.SELECT:
            n = select_number(event)
            if self.chosen is None and n is not None:
                self.pick(n - 1)
            return True
        if self.chosen is None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.answer_rects):
                if r.collidepoint(event.pos):
                    self.pick(i)
                    return True
        return False

    def _draw_answers(self, surface: pygame.Surface, x: int, y: int, tw: int, body: int,
                      small: int, kind: str) -> int:
        """The four answers as rows (the chosen one and the right one coloured once
        answered), their rects kept for clicks; the y below them."""
        d = self.drill
        self.answer_rects = []
        lh = round(body * 2.0)
        labels = [f"{i + 1}. {answer_words(option, kind, d.ruleset)}"
                  for i, option in enumerate(d.options)]
        # one size for every answer, the largest at which the longest fits its row in one
        # line, else in two (a Koi-Koi pile of three yaku, each named in kanji, reading and
        # translation, is long); the rows grow to hold two lines
        size = min(theme.fit_label(label, body, tw - 20, max_lines=2, minimum=small)[0]
                   for label in labels)
        wrapped = [theme.fit_label(label, size, tw - 20, max_lines=2, minimum=size)[1]
                   for label in labels]
        step = theme.line_step(size)
        lh = max(lh, max(len(lines) for lines in wrapped) * step + 16)
        for i, lines in enumerate(wrapped):
            r = pygame.Rect(x, y, tw, lh - 6)
            self.answer_rects.append(r)
            right = self.chosen is not None and i == d.correct
            wrong = self.chosen == i and i != d.correct
            pygame.draw.rect(surface, theme.PANEL_LINE if not (right or wrong) else
                             (theme.GAIN if right else theme.LOSS), r, 0 if right or wrong
                             else 1, border_radius=6)
            top = r.centery - (len(lines) - 1) * step // 2
            for k, line in enumerate(lines):
                theme.blit_text(surface, line, size, (r.x + 10, top + k * step),
                                theme.INK if right or wrong else theme.TEXT, False, "midleft")
            y += lh
        return y

    def draw(self, surface: pygame.Surface) -> None:
        d = self.drill
        title = _("What does this hand claim?") if d.kind == "teyaku" else \
            _("Koi-Koi: what does this capture pile score?") if d.ruleset == practice.KOIKOI \
            else _("What does this capture pile score?")
        rect, x, y, tw, head, body, small = theme.framed_page(surface, title)
        y += round(head * 1.5)
        sub = _("Teyaku: a hand of seven cards as dealt, before play.") if d.kind == "teyaku" \
            else _("Yaku: the capture combinations in a pile of cards taken.")
        theme.blit_text(surface, theme.fit(sub, small, tw), small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.8)
        w = max(44, min(96, (tw - 6 * len(d.cards)) // max(7, len(d.cards))))
        for i, c in enumerate(d.cards):
            img = self.app.renderer.face(c, w)
            surface.blit(img, (x + i * (w + 6), y))
        y += card_height(w) + round(small * 1.5)
        kind = "teyaku" if d.kind == "teyaku" else "pile"
        y = self._draw_answers(surface, x, y, tw, body, small, kind)
        if self.chosen is not None:
            said = _("Right.") if self.chosen == d.correct else \
                _("Not quite: the right answer is {answer}.").format(
                    answer=answer_words(d.answer, kind, d.ruleset))
            for line in theme.wrap(said, body, tw, True)[:3]:  # measured as drawn: bold
                theme.blit_text(surface, line, body, (x, y), theme.GOLD, True)
                y += round(body * 1.35)
        else:
            theme.blit_text(surface, _("Click an answer, or press 1–4."), small, (x, y),
                            theme.TEXT_DIM)
        btn_h = round(body * 2.1)
        self.place_buttons(x, rect.bottom - 16 - btn_h, tw, btn_h, most=240, right=True)
        self.group.draw(surface, body)


__all__ = ["DrillScene", "PracticeScene", "PuzzleScene", "answer_words"]
