"""Statistics (issue 14): per game and kind of opponent, your games, wins, average net per
round, best round, undos and the yaku you made most, and a chart of your results over time
drawn with pygame's own drawing (no plotting library).

The figures come from game.stats (the same ones `python -m game stats` prints), read in a
background thread (game/ui/stats_worker.py): the page draws at once, "Reading your
statistics…" until they come, so a file another window holds locked is one wait off the
window's thread and one sentence on the page (issue 43, item 5). This scene only lays them
out. A damaged database was set aside by game.stats: its sentence is shown in a message;
damaged games left out are counted in the line under the title; a newer version's file is
explained on the page, with the choice to start new statistics (the newer file kept aside).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game import stats
from game.engine import rulesets
from game.i18n import N_, _, ngettext, pgettext
from game.play.terms import term
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.scenes.page import PageScene, keys_line
from game.ui.stats_worker import CHART_GAMES, Loader, StatisticsData, load_statistics

log = logging.getLogger(__name__)
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


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, values: list[int],
               size: int, empty: str | None = None) -> None:
    """Bars of each game's result (gain green, loss red) around a zero line, oldest at the
    left, and a gold line of the running total; `empty`, else the usual words, when there
    is no game to draw."""
    theme.panel(surface, rect, alpha=200)
    if not values:
        theme.blit_text(surface, theme.fit(empty or _(
            "Your results appear here after your first finished game."), size, rect.w - 16),
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
    small = max(12, round(size * 0.85))
    # the scale's two labels in a margin of their own: a bar never covers them
    label_w = max(theme.text_width(theme.signed(top), small),
                  theme.text_width(theme.signed(bottom), small)) + 8
    labels_x = inner.x + 2
    inner = pygame.Rect(inner.x + label_w, inner.y, inner.w - label_w, inner.h)

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
    theme.blit_text(surface, f"{theme.signed(top)}", small, (labels_x, inner.y),
                    theme.TEXT_DIM)
    theme.blit_text(surface, f"{theme.signed(bottom)}", small, (labels_x, inner.bottom),
                    theme.TEXT_DIM, False, "bottomleft")


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


class StatisticsScene(PageScene):
    name = "statistics"

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.data = StatisticsData()
        self.loader: Loader[StatisticsData] | None = None
        self._told = True
        self.group = ButtonGroup(self._buttons(), vertical=False)
        if app.paths is not None:
            self.load(lambda: load_statistics(app.paths.stats_db))

    # --- the data, read in the background --------------------------------------------
    def load(self, work: Callable[[], StatisticsData]) -> None:
        """Read (or first change) the statistics off the window's thread."""
        self.loader = Loader(work).start()

    @property
    def loading(self) -> bool:
        return self.loader is not None

    @property
    def figures(self) -> list[stats.Figures]:
        return self.data.figures

    @property
    def timeline(self) -> list[int]:
        return self.data.timeline

    @property
    def accuracy(self) -> list[float]:
        return self.data.accuracy

    @property
    def games(self) -> int:
        return self.data.games

    @property
    def problem(self) -> str | None:
        """Why nothing could be read (shown on the page), or None."""
        return self.data.problem

    def update(self, dt: float) -> None:
        if self.loader is not None and self.loader.done:
            self.data = self.loader.result or StatisticsData(problem=_(
                "The statistics could not be read ({reason}).").format(reason="?"))
            self.loader = None
            self._told = not self.data.message
            self.relabel()
        self._tell()

    def _tell(self) -> None:
        """A sentence that came with the figures (a file set aside), once, in a message."""
        if self._told or self.app.stack.top is not self:
            return
        self._told = True
        from game.ui.scenes.message import MessageScene

        self.app.stack.push(MessageScene(self.app, _("Statistics"), self.data.message or ""))

    # --- buttons and keys ------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        buttons = [Button(_("History"), self.history, "primary"),
                   Button(pgettext("button", "Back"), self.back)]
        if self.data.newer and not self.loading:
            buttons.insert(0, Button(_("Start new statistics"), self.ask_afresh))
        return buttons

    def relabel(self) -> None:
        self.group.set(self._buttons())  # the focus ring stays where it was

    def ask_afresh(self) -> None:
        """A newer version's file: ask before starting new statistics beside it."""
        from game.ui.scenes.confirm_dialog import ConfirmScene

        self.app.stack.push(ConfirmScene(
            self.app, _("Start new statistics?"),
            [_("This version starts a new statistics file and counts the games waiting "
               "into it. The newer file is kept aside, unchanged: once you update the game, "
               "you can put it back in its place.")],
            _("Start new statistics"), self.start_afresh, style="primary"))

    def start_afresh(self) -> None:
        from game.ui import stats_worker

        paths = self.app.paths
        if paths is not None:
            self.load(lambda: stats_worker.start_afresh(paths))
            self.relabel()

    def history(self) -> None:
        from game.ui.scenes.history import HistoryScene

        self.app.stack.replace(HistoryScene(self.app))

    # --- drawing -----------------------------------------------------------------------
    def _subtitle(self) -> str:
        """The line under the title: the games counted, what the figures are, and the
        damaged games left out."""
        undos = sum(f.undos for f in self.figures)
        hints = sum(f.hints for f in self.figures)
        sub = ngettext("{n} finished game · undos {undos} · hints {hints} · figures for you "
                       "(the first human seat), in mon; misdeals not counted",
                       "{n} finished games · undos {undos} · hints {hints} · figures for you "
                       "(the first human seat), in mon; misdeals not counted",
                       self.games).format(n=self.games, undos=undos, hints=hints)
        if self.data.damaged:
            sub = f"{stats.damaged_words(self.data.damaged)} {sub}"
        return sub

    def _empty_lines(self) -> list[str]:
        """What the table says when it has no row: what is true of the file."""
        if self.loading:
            return [_("Reading your statistics…")]
        if self.problem:
            return [self.problem]
        if self.data.damaged:
            return [_("No finished game can be shown."), stats.damaged_words(self.data.damaged)]
        return [_("No finished games yet: play one and it is counted here.")]

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        rect, x, y, tw, head, body, small = theme.framed_page(surface, _("Statistics"))
        y += round(head * 1.45)
        if not self.loading and not self.problem and (self.figures or not self.data.damaged):
            theme.blit_text(surface, theme.fit(self._subtitle(), small, tw), small, (x, y),
                            theme.TEXT_DIM)
        y += round(small * 1.8)
        btn_h = round(body * 2.1)
        bottom = rect.bottom - 16 - btn_h - 12
        lh = round(body * 1.5)
        if self.problem and not self.loading:
            for line in theme.wrap(self.problem, body, tw):
                theme.blit_text(surface, line, body, (x, y), theme.TEXT)
                y += lh
        else:
            self._draw_figures(surface, x, y, tw, H, bottom, body, small, lh)
        self._draw_buttons(surface, rect, x, tw, btn_h, body, small)

    def _draw_figures(self, surface: pygame.Surface, x: int, y: int, tw: int, H: int,
                      bottom: int, body: int, small: int, lh: int) -> None:
        """The table of figures and, below it, the charts."""
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
            for line in self._empty_lines():
                theme.blit_text(surface, theme.fit(line, body, tw), body, (x, y),
                                theme.TEXT_DIM)
                y += lh
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
                theme.blit_text(surface, theme.fit(words, body, width), body,
                                (x + round(col * tw), y), color, i == 0)
            y += lh
        if len(self.figures) > shown:
            more = len(self.figures) - shown
            theme.blit_text(surface, ngettext(
                "and {n} more (python -m game stats lists them all)",
                "and {n} more (python -m game stats lists them all)", more).format(n=more),
                small, (x, y), theme.TEXT_DIM)
        if not self.loading:
            self._draw_charts(surface, x, bottom - chart_h, tw, chart_h, small)

    def _draw_charts(self, surface: pygame.Surface, x: int, cy: int, tw: int, chart_h: int,
                     small: int) -> None:
        """Your result in each game and, when games were reviewed, your accuracy."""
        results_w = tw if not self.accuracy else round(tw * 0.62)
        theme.blit_text(surface, theme.fit(_("Your result in each game (last {n}; gold: the "
                                             "running total)").format(n=CHART_GAMES), small,
                                           results_w - (8 if self.accuracy else 0)),
                        small, (x, cy - round(small * 1.5)), theme.TEXT_DIM)
        draw_chart(surface, pygame.Rect(x, cy, results_w, chart_h), self.timeline, small,
                   _("No finished game can be shown.") if self.data.damaged else None)
        if self.accuracy:  # the game review's progress chart beside the results
            ax = x + results_w + 12
            # "last n" as the results' heading says it: 500 reviewed games show 40 dots
            theme.blit_text(surface, theme.fit(_("Accuracy, last {n} reviewed games (gold: "
                                                 "average of five)").format(n=CHART_GAMES),
                                               small, tw - results_w - 12),
                            small, (ax, cy - round(small * 1.5)), theme.TEXT_DIM)
            draw_accuracy(surface, pygame.Rect(ax, cy, tw - results_w - 12, chart_h),
                          self.accuracy, small)

    def _draw_buttons(self, surface: pygame.Surface, rect: pygame.Rect, x: int, tw: int,
                      btn_h: int, body: int, small: int) -> None:
        """The buttons against the right edge, the keys line at their left."""
        left = self.place_buttons(x, rect.bottom - 16 - btn_h, tw, btn_h, most=260, slots=2,
                                  right=True)
        self.group.draw(surface, body)
        keys_line(surface, _("←/→ choose · Enter open · Esc back"), small,
                  (x, rect.bottom - 16 - btn_h // 2), left - x - 12, "midleft")
