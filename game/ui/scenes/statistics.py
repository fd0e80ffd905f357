"""Statistics (issue 14): per game and kind of opponent, your games, wins, average net per
round, best round, undos and the yaku you made most, and a chart of your results over time
drawn with pygame's own drawing (no plotting library).

The figures come from game.stats (the same ones `python -m game stats` prints); this scene
only lays them out. A damaged database was set aside by game.stats: its sentence is shown.
"""

from __future__ import annotations

import logging

import pygame

from game import stats
from game.engine import rulesets
from game.i18n import N_, _, ngettext, pgettext
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.scene import Scene
from game.ui.terms import term

log = logging.getLogger(__name__)

CHART_GAMES = 40
# column starts as fractions of the table's width: label, games, won, avg, best, undos, yaku
COLUMNS = (0.0, 0.30, 0.38, 0.46, 0.58, 0.67, 0.75)
HEADERS = (N_("Game · opponents"), N_("Games"), N_("Won"), N_("Avg / round"),
           N_("Best round"), N_("Undos"), N_("Yaku you made most"))


def opponents_words(label: str) -> str:
    """game.stats' opponents label (stored in English: "Hot seat", "Computers only" or the
    AI levels joined with " + ") in the player's language."""
    return " + ".join(_(part) for part in label.split(" + "))


def game_title(ruleset: str) -> str:
    try:
        title = rulesets.ruleset_class(ruleset).title  # the engine's words (N_)
        return _(title) if title else ruleset
    except (KeyError, ValueError):
        return ruleset


def figure_cells(f: stats.Figures) -> tuple[str, ...]:
    """One statistics row as the words in its columns ('—' where there is no figure)."""
    alone = f.opponents == "Computers only"
    yaku = ", ".join(f"{term(y).split(' · ')[-1]} ×{n}" for y, n in f.top_yaku) or "—"
    return (_("{game} · {opponents}").format(game=game_title(f.ruleset),
                                             opponents=opponents_words(f.opponents)),
            str(f.games),
            "—" if alone else str(f.wins),
            "—" if f.avg_net is None else f"{f.avg_net:+.1f}",
            "—" if f.best_round is None else f"{f.best_round:+d}",
            str(f.undos), yaku)


def load(paths) -> tuple[list[stats.Figures], list[int], int, str | None]:  # noqa: ANN001
    """(figures, the chart's results, games, a sentence for the player or None)."""
    if paths is None:
        return [], [], 0, None
    try:  # game.stats checks every value read; a file found damaged is set aside
        (figs, line, n), msg = stats.read(paths.stats_db, lambda db: (
            db.summary(), db.timeline(CHART_GAMES), db.count()))
        return figs, line, n, msg
    except stats.StatsError as e:
        return [], [], 0, str(e)
    except Exception as e:  # sqlite surprises: the screen still opens
        log.exception("statistics could not be read")
        return [], [], 0, _("The statistics could not be read ({reason}).").format(
            reason=type(e).__name__)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, values: list[int],
               size: int) -> None:
    """Bars of each game's result (gain green, loss red) around a zero line, oldest at the
    left, and a gold line of the running total."""
    theme.panel(surface, rect, alpha=200)
    if not values:
        theme.blit_text(surface, _("Your results appear here after your first finished game."),
                        size, rect.center, theme.TEXT_DIM, False, "center")
        return
    inner = rect.inflate(-24, -24)
    running, total = [], 0
    for v in values:
        total += v
        running.append(total)
    top = max(0, *values, *running)
    bottom = min(0, *values, *running)
    span = max(1, top - bottom)

    def y_of(v: int) -> int:
        return round(inner.bottom - (v - bottom) * inner.h / span)

    zero = y_of(0)
    n = len(values)
    step = inner.w / max(n, 1)
    bar = max(2, round(step * 0.6))
    for i, v in enumerate(values):
        x = round(inner.x + i * step + (step - bar) / 2)
        y = y_of(v)
        r = pygame.Rect(x, min(y, zero), bar, max(1, abs(y - zero)))
        pygame.draw.rect(surface, theme.signed_color(v) if v else theme.TEXT_DIM, r)
    pygame.draw.line(surface, theme.TEXT_DIM, (inner.x, zero), (inner.right, zero), 1)
    if n > 1:
        pts = [(round(inner.x + i * step + step / 2), y_of(t)) for i, t in enumerate(running)]
        pygame.draw.lines(surface, theme.GOLD, False, pts, 2)
    small = max(12, round(size * 0.85))
    theme.blit_text(surface, f"{theme.signed(top)}", small, (inner.x + 2, inner.y),
                    theme.TEXT_DIM)
    theme.blit_text(surface, f"{theme.signed(bottom)}", small, (inner.x + 2, inner.bottom),
                    theme.TEXT_DIM, False, "bottomleft")


def load_accuracy(paths) -> list[float]:  # noqa: ANN001
    """The accuracy of each reviewed game, oldest first (the progress chart); [] when none
    or unreadable (the figures above already say why)."""
    if paths is None:
        return []
    try:
        line, _msg = stats.read(paths.stats_db, lambda db: db.accuracy_timeline(CHART_GAMES))
        return [a for _when, _rs, a in line]
    except Exception:  # noqa: BLE001 - the chart is a bonus: the screen opens without it
        log.warning("accuracy timeline could not be read", exc_info=True)
        return []


def draw_accuracy(surface: pygame.Surface, rect: pygame.Rect, values: list[float],
                  size: int) -> None:
    """Your accuracy in each reviewed game (0–100 %), oldest at the left, with the average
    of the last five as a gold line: the progress chart of the game review."""
    theme.panel(surface, rect, alpha=200)
    small = max(12, round(size * 0.85))
    label_w = theme.text_width("100 %", small) + 8
    inner = rect.inflate(-24, -24)
    for pct in (0, 50, 100):
        y = round(inner.bottom - pct / 100 * inner.h)
        pygame.draw.line(surface, theme.PANEL_LINE, (inner.x + label_w, y), (inner.right, y), 1)
        theme.blit_text(surface, f"{pct} %", small, (inner.x, y), theme.TEXT_DIM, False,
                        "midleft")
    inner = pygame.Rect(inner.x + label_w, inner.y, inner.w - label_w, inner.h)
    n = len(values)
    step = inner.w / max(n, 1)
    pts = [(round(inner.x + (i + 0.5) * step), round(inner.bottom - v * inner.h))
           for i, v in enumerate(values)]
    for p in pts:
        pygame.draw.circle(surface, theme.TEXT, p, 4)
    if n > 1:
        avg = [sum(values[max(0, i - 4):i + 1]) / len(values[max(0, i - 4):i + 1])
               for i in range(n)]
        pygame.draw.lines(surface, theme.GOLD, False,
                          [(x, round(inner.bottom - a * inner.h))
                           for (x, _y), a in zip(pts, avg, strict=True)], 2)


class StatisticsScene(Scene):
    name = "statistics"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.figures, self.timeline, self.games, self.message = load(app.paths)
        self.accuracy = load_accuracy(app.paths)  # reviewed games, oldest first
        self._told = False
        self.group = ButtonGroup(self._buttons(), vertical=False)

    def _buttons(self) -> list[Button]:
        return [Button(_("History"), self.history, "primary"),
                Button(pgettext("button", "Back"), self.back)]

    def relabel(self) -> None:
        index, shown = self.group.index, self.group.show_focus
        self.group.set(self._buttons())
        self.group.index, self.group.show_focus = index, shown

    def resume(self) -> None:
        if self.message and not self._told:
            self._told = True
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Statistics"), self.message))

    def history(self) -> None:
        from game.ui.scenes.history import HistoryScene

        self.app.stack.replace(HistoryScene(self.app))

    def back(self) -> None:
        self.app.stack.pop(self)

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent is Intent.BACK:
            self.back()
            return True
        if self.group.handle(event, intent):
            self.app.audio.play("button")
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        rect, x, y, tw, head, body, small = theme.framed_page(surface, _("Statistics"))
        y += round(head * 1.45)
        undos = sum(f.undos for f in self.figures)
        hints = sum(f.hints for f in self.figures)
        sub = ngettext("{n} finished game · undos {undos} · hints {hints} · figures for you "
                       "(the first human seat), in mon; misdeals not counted",
                       "{n} finished games · undos {undos} · hints {hints} · figures for you "
                       "(the first human seat), in mon; misdeals not counted",
                       self.games).format(n=self.games, undos=undos, hints=hints)
        theme.blit_text(surface, theme.fit(sub, small, tw), small, (x, y), theme.TEXT_DIM)
        y += round(small * 1.8)
        btn_h = round(body * 2.1)
        bottom = rect.bottom - 16 - btn_h - 12
        lh = round(body * 1.5)
        table_h = round(small * 1.5) + 6 + lh * max(1, len(self.figures)) + lh
        # the chart takes what the table leaves, between a quarter and almost half the window
        chart_h = max(80, round(H * 0.26), min(round(H * 0.45),
                                              bottom - y - table_h - round(small * 2.2)))
        rows_bottom = bottom - chart_h - round(small * 2.2)
        # each heading within its column: smaller, then on two lines (large UI scale)
        ends = (*COLUMNS[1:], 1.0)
        heads = [theme.fit_label(_(words), small, round((end - col) * tw) - 8,
                                 minimum=max(13, round(small * 0.85)))
                 for col, end, words in zip(COLUMNS, ends, HEADERS, strict=True)]
        for col, (sz, lines) in zip(COLUMNS, heads, strict=True):
            for k, line in enumerate(lines):
                theme.blit_text(surface, line, sz, (x + round(col * tw), y + k * round(
                    small * 1.15)), theme.TEXT_DIM)
        y += round(small * 1.5) + round(small * 1.15) * (max(len(ln) for _s, ln in heads) - 1)
        pygame.draw.line(surface, theme.PANEL_LINE, (x, y), (x + tw, y), 1)
        y += 6
        if not self.figures:
            theme.blit_text(surface, _("No finished games yet: play one and it is counted "
                                       "here."),
                            body, (x, y), theme.TEXT_DIM)
        shown = max(1, (rows_bottom - y) // lh)
        for f in self.figures[:shown]:
            cells = figure_cells(f)
            signs = (None, None, None, f.avg_net, f.best_round)
            for i, (col, words) in enumerate(zip(COLUMNS, cells, strict=True)):
                end = COLUMNS[i + 1] if i + 1 < len(COLUMNS) else 1.0
                width = round((end - col) * tw) - 8
                color = theme.TEXT
                if i < len(signs) and signs[i] is not None:
                    color = theme.signed_color(signs[i])
                theme.blit_text(surface, theme.fit(words, body if i else body, width), body,
                                (x + round(col * tw), y), color, i == 0)
            y += lh
        if len(self.figures) > shown:
            more = len(self.figures) - shown
            theme.blit_text(surface, ngettext(
                "and {n} more (python -m game stats lists them all)",
                "and {n} more (python -m game stats lists them all)", more).format(n=more),
                small, (x, y), theme.TEXT_DIM)
        cy = bottom - chart_h
        theme.blit_text(surface, theme.fit(_("Your result in each game (last {n}; gold: the "
                                             "running total)").format(n=CHART_GAMES), small,
                                           tw if not self.accuracy else round(tw * 0.62) - 8),
                        small, (x, cy - round(small * 1.5)), theme.TEXT_DIM)
        results_w = tw if not self.accuracy else round(tw * 0.62)
        draw_chart(surface, pygame.Rect(x, cy, results_w, chart_h), self.timeline, small)
        if self.accuracy:  # the game review's progress chart beside the results
            ax = x + results_w + 12
            theme.blit_text(surface, theme.fit(_("Your accuracy in reviewed games (gold: the "
                                                 "last five)"), small, tw - results_w - 12),
                            small, (ax, cy - round(small * 1.5)), theme.TEXT_DIM)
            draw_accuracy(surface, pygame.Rect(ax, cy, tw - results_w - 12, chart_h),
                          self.accuracy, small)
        bw = min(260, (tw - 10) // 2)
        for i, b in enumerate(self.group.buttons):
            b.rect = pygame.Rect(x + tw - 2 * bw - 10 + i * (bw + 10), rect.bottom - 16 - btn_h,
                                 bw, btn_h)
        self.group.draw(surface, body)
        theme.blit_text(surface, _("←/→ choose · Enter open · Esc back"), small,
                        (x, rect.bottom - 16 - btn_h // 2), theme.TEXT_DIM, False, "midleft")
