"""Drawing for the game-end screen: each seat's running total by round, and the confetti.

Drawn by our code (no chart library): one line per seat in the seat's colour, each with its
own marker shape as well, so the lines stay apart for a reader who cannot tell the colours
(the placings list repeats colour and marker as the legend). The scale is the model's
(`result_model.chart_scale`): it always holds zero and every point. The confetti reads the
model's `Flake`s and the celebration's clock; it never changes what stays on screen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.i18n import _
from game.play.numbers import amount
from game.ui import theme
from game.ui.result_model import Flake, chart_scale

# Okabe-Ito's colour-blind-safe hues, lightened to stand on the dark felt (its vermilion
# became a lavender: lightened, it was too near the orange), and a pale stone for an
# eighth: one per seat (seven at most), in seat order.
SEAT_COLORS: tuple[tuple[int, int, int], ...] = (
    (0xF0, 0xA8, 0x30), (0x6C, 0xC4, 0xF5), (0x3C, 0xD0, 0xA0), (0xF0, 0xE4, 0x60),
    (0x5A, 0x9C, 0xF0), (0xB4, 0x98, 0xF4), (0xE8, 0x90, 0xC0), (0xE8, 0xE0, 0xD0))
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross", "ring")
PETALS = ((0xF6, 0xC6, 0xD2), (0xF9, 0xDD, 0xE4), (0xE8, 0xB0, 0xC0))  # a gentle end


def seat_color(seat: int) -> tuple[int, int, int]:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def marker(surface: pygame.Surface, seat: int, center: tuple[float, float], r: float) -> None:
    """The seat's marker: a shape of its own, in its colour, outlined for the felt."""
    x, y = center
    color, edge = seat_color(seat), theme.INK
    shape = MARKERS[seat % len(MARKERS)]
    r = max(3.0, r)
    if shape in ("circle", "ring"):
        pygame.draw.circle(surface, color, (round(x), round(y)), round(r))
        pygame.draw.circle(surface, edge, (round(x), round(y)), round(r), 1)
        if shape == "ring":
            pygame.draw.circle(surface, edge, (round(x), round(y)), max(1, round(r * 0.45)))
        return
    if shape == "square":
        pts = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    elif shape == "triangle":
        pts = [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    elif shape == "down":
        pts = [(x, y + r * 1.2), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)]
    elif shape == "diamond":
        pts = [(x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y)]
    else:  # a cross: a plus of two bars
        w = r * 0.45
        pts = [(x - w, y - r), (x + w, y - r), (x + w, y - w), (x + r, y - w), (x + r, y + w),
               (x + w, y + w), (x + w, y + r), (x - w, y + r), (x - w, y + w), (x - r, y + w),
               (x - r, y - w), (x - w, y - w)]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.polygon(surface, edge, pts, 1)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Sequence[int]],
               size: int, on_top: Sequence[int] = ()) -> None:
    """Each seat's total after every round, in `rect`: a title, the amounts at the grid
    lines on the left, the round numbers below; `on_top` (the winners) drawn last."""
    theme.panel(surface, rect, alpha=200)
    pad = max(6, size // 2)
    theme.blit_text(surface, theme.fit(_("Totals by round"), size, rect.w - 2 * pad, True),
                    size, (rect.x + pad, rect.y + pad // 2), theme.TEXT, True)
    lo, hi, step = chart_scale(series)
    ticks = list(range(lo, hi + 1, step))
    labels = [amount(v, sign=v > 0) for v in ticks]  # the grid's figures: no arrows
    left = max(theme.text_width(t, size) for t in labels) + pad
    top = rect.y + pad // 2 + round(size * 1.5)
    plot = pygame.Rect(rect.x + pad + left, top + size // 2,
                       rect.w - 2 * pad - left - size // 2,
                       rect.bottom - top - size // 2 - round(size * 1.6))
    if plot.w < 20 or plot.h < 20:
        return
    n = max(1, max(len(c) for c in series) - 1)  # rounds

    def at(i: int, v: int) -> tuple[float, float]:
        return (plot.x + plot.w * i / n, plot.bottom - plot.h * (v - lo) / (hi - lo))

    for v, text in zip(ticks, labels, strict=True):
        y = round(at(0, v)[1])
        pygame.draw.line(surface, theme.TEXT_DIM if v == 0 else theme.PANEL_LINE,
                         (plot.x, y), (plot.right, y), 2 if v == 0 else 1)
        theme.blit_text(surface, text, size, (plot.x - pad // 2, y), theme.TEXT_DIM, False,
                        "midright")
    every = max(1, math.ceil(n / max(1, plot.w // max(1, theme.text_width(str(n), size) * 2))))
    for i in range(1, n + 1):
        if i % every == 0 or i == n:
            theme.blit_text(surface, str(i), size, (round(at(i, lo)[0]), plot.bottom + 2),
                            theme.TEXT_DIM, False, "midtop")
    width = max(2, size // 6)
    r = max(3.5, size / 3) if n <= 24 else 0
    order = [s for s in range(len(series)) if s not in on_top] + list(on_top)
    for s in order:
        pts = [at(i, v) for i, v in enumerate(series[s])]
        if len(pts) > 1:
            pygame.draw.lines(surface, seat_color(s), False, pts, width)
        for p in pts[1:] if r else pts[-1:]:
            marker(surface, s, p, r or max(3.5, size / 3))


def draw_flakes(surface: pygame.Surface, flakes: Sequence[Flake], t: float, gentle: bool,
                colors: Sequence[tuple[int, int, int]]) -> None:
    """The confetti at time `t` (seconds since the screen opened): paper of the winners'
    colours and gold for a win, a few slow pale petals for a loss."""
    W, H = surface.get_size()
    unit = max(4, H // 90)
    for f in flakes:
        run = t - f.delay
        if run <= 0:
            continue
        y = -unit * 2 + run * f.speed * H * (0.45 if gentle else 1.0)
        if y > H + unit * 2:
            continue
        x = (f.x + math.sin(f.phase + run * (1.5 if gentle else 3.0)) * f.sway) * W
        if gentle:
            color = PETALS[f.color % len(PETALS)]
            s = unit * f.size
            pygame.draw.ellipse(surface, color, pygame.Rect(round(x), round(y), round(s * 1.4),
                                                            round(s)))
            continue
        color = colors[f.color % len(colors)]
        turn = abs(math.cos(f.phase + run * 6.0))
        w, h = max(1, round(unit * f.size * turn)), round(unit * f.size * 1.6)
        pygame.draw.rect(surface, color, pygame.Rect(round(x - w / 2), round(y), w, h))


__all__ = ["MARKERS", "SEAT_COLORS", "draw_chart", "draw_flakes", "marker", "seat_color"]
