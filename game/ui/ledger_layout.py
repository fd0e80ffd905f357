"""Where everything on the round's ledger goes (game/ui/scenes/scoring.py), worked out before
anything is painted. No pygame: text is measured through a `Measure` (the theme in the game,
a fixed-width stand-in in tests/ui/test_ledger_layout.py), boxes are (x, y, w, h) tuples.

`ScoringScene.draw` once computed this and painted in one pass of 150 lines (radon F 41,
issue 44 item 6), so "add a column to the ledger" meant reading all of it. The decisions
are these, each a function below and `plan` the whole of them:

- the columns fit their words: the reason and "payer → payee" as wide as their widest
  entry, within a share of the panel (`columns`);
- a reason or a basis too long for its column takes more lines, never cut (`lay_rows`);
- at least three payment rows stay in view: first the capture bars go two to a line, then
  the rows take the small type size (`plan`);
- rows that still do not fit scroll, the scroll never past the point where the last row
  shows, and a line says there is more;
- the totals' columns start after the longer label and end before "Σ = 0"
  (`totals_columns`); the buttons sit at the bottom right, Next the rightmost
  (`button_boxes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

Box = tuple[int, int, int, int]  # x, y, width, height
Row = tuple  # ("section", title) | ("note", words) | ("row", n, reason, who, mon, basis, seats)


class Measure(Protocol):
    """How wide text is and how it wraps (game.ui.theme answers both)."""

    def text_width(self, s: str, size: int, bold: bool = False) -> int: ...

    def wrap(self, s: str, size: int, width: int, bold: bool = False) -> list[str]: ...


@dataclass(frozen=True)
class LaidRow:
    """One ledger row at its type size: the reason's and the basis' lines, its height."""

    row: Row
    reason: tuple[str, ...] = ()
    basis: tuple[str, ...] = ()
    height: int = 0


@dataclass(frozen=True)
class LedgerPlan:
    """What the ledger shows and where: everything `ScoringScene` paints, decided."""

    cols: tuple[int, int, int, int, int]  # x of #, reason, from → to, basis; amounts' right
    head_y: int  # the column headings' line
    size: int  # the payment rows' type size (body, or small when few rows would show)
    reason_step: int  # between the lines of a wrapped reason
    basis_step: int  # between the lines of a wrapped basis
    shown: tuple[tuple[LaidRow, int], ...]  # the rows on screen, each with its y
    scroll: int  # the first row on screen (the asked scroll, held in range)
    more_y: int | None  # the "more rows" line's bottom, None when every row shows
    footer_y: int  # the rule above the totals
    line: int  # the body's line height
    bar_cols: int  # capture bars side by side (1, or 2 when rows need the room)
    bar_h: int  # one bar's line


def panel_box(width: int, height: int, big: bool) -> Box:
    """The ledger's panel, centred: 86 % of the window, all of it at a large UI scale
    (issue 15: nothing cut)."""
    frac = 0.98 if big else 0.86
    w, h = round(width * frac), round(height * frac)
    return (width // 2 - w // 2, height // 2 - h // 2, w, h)


def columns(box: Box, rows: Sequence[Row], size: int, m: Measure, heads: tuple[str, str]
            ) -> tuple[int, int, int, int, int]:
    """The columns' x at type size `size`: the number, the reason and "payer → payee" as
    wide as their widest entry or heading (`heads`), within 42 % and 30 % of the panel, the
    basis, and the amounts' right edge."""
    bx, _y, bw, _h = box
    x = bx + 20
    reasons = [row[2] for row in rows if row[0] == "row"] + [heads[0]]
    whos = [row[3] for row in rows if row[0] == "row"] + [heads[1]]
    c1 = x + max(round(bw * 0.05), m.text_width("00", size) + 12)
    rw = min(round(bw * 0.42), max(m.text_width(t, size) for t in reasons) + 14)
    ww = min(round(bw * 0.3), max(m.text_width(t, size) for t in whos) + 14)
    return (x, c1, c1 + rw, c1 + rw + ww, bx + bw - 24)


def lay_rows(rows: Sequence[Row], cols: Sequence[int], size: int, small: int,
             m: Measure) -> tuple[list[LaidRow], int, int]:
    """Each row at type size `size` (the basis always small), with the line steps: a reason
    or a basis too long for its column wraps, never cut; a row is as tall as its longer
    column."""
    lh = round(size * 1.4)
    mw = max([m.text_width(row[4], size, True) for row in rows if row[0] == "row"] + [0]) + 16
    lstep, sstep = round(size * 1.15), round(small * 1.2)
    laid: list[LaidRow] = []
    for row in rows:
        if row[0] != "row":
            laid.append(LaidRow(row, height=lh))
            continue
        rl = tuple(m.wrap(row[2], size, cols[2] - cols[1] - 10))
        bl = tuple(m.wrap(row[5], small, cols[4] - cols[3] - mw)) if row[5] else ()
        laid.append(LaidRow(row, rl, bl, max(lh, len(rl) * lstep + (lh - lstep),
                                             len(bl) * sstep + (lh - lstep))))
    return laid, lstep, sstep


def footer_height(line: int, bar_h: int, bar_rows: int, btn_h: int, notes: int) -> int:
    """The bottom part's height: the rule, the names and the two lines of totals, the bars,
    the notes under them (the agari line, the guided line) and the buttons."""
    return 3 * line + 14 + bar_h * bar_rows + line * notes + btn_h + 28


def _fitting(laid: Sequence[LaidRow], room: int) -> int:
    """How many payment rows show, from the top, in `room`."""
    shown, used = 0, 0
    for lr in laid:
        if used + lr.height > room:
            break
        used += lr.height
        shown += lr.row[0] == "row"
    return shown


def _last_scroll(laid: Sequence[LaidRow], room: int) -> int:
    """The furthest scroll: the first row of the longest tail that fits in `room`."""
    tail, last = 0, len(laid)
    while last > 0 and tail + laid[last - 1].height <= room:
        last -= 1
        tail += laid[last].height
    return last


def plan(box: Box, top: int, rows: Sequence[Row], *, body: int, small: int, seats: int,
         notes: int, scroll: int, m: Measure, heads: tuple[str, str]) -> LedgerPlan:
    """The whole ledger below the headline (which ends at `top`): `rows` in settlement order,
    `seats` capture bars, `notes` lines under them, the scroll the player asked for."""
    bx, by, bw, bh = box
    bottom = by + bh
    line = round(body * 1.4)
    bar_h, btn_h = round(small * 1.5), round(body * 2.1)
    y = top + round(small * 1.6)
    # at least three payment rows stay in view: the bars go two to a line before that
    bar_cols = 2 if seats > 1 and (bottom - footer_height(line, bar_h, seats, btn_h, notes)
                                   - y) // line < 4 else 1
    footer_h = footer_height(line, bar_h, -(-seats // bar_cols), btn_h, notes)
    avail = bottom - footer_h - y
    payments = sum(row[0] == "row" for row in rows)
    for size in (body, small):  # the small size when fewer than three payments would show
        cols = columns(box, rows, size, m, heads)
        laid, lstep, sstep = lay_rows(rows, cols, size, small, m)
        if _fitting(laid, avail - line) >= min(3, payments):
            break
    more = sum(lr.height for lr in laid) > avail
    if more:  # the "more rows" line takes the last line
        avail -= line
        scroll = max(0, min(scroll, _last_scroll(laid, avail)))
    else:
        scroll = 0
    shown, used = [], 0
    for lr in laid[scroll:]:
        if used + lr.height > avail and used:
            break
        shown.append((lr, y + used))
        used += lr.height
    more_y = y + used + line - 4 if more else None
    return LedgerPlan(cols, top, size, lstep, sstep, tuple(shown), scroll, more_y,
                      bottom - footer_h + 6, line, bar_cols, bar_h)


def totals_columns(box: Box, labels: Sequence[str], sigma: str, seats: int, body: int,
                   m: Measure) -> tuple[int, int]:
    """(x, step) of the seats' columns under the totals: one per seat under its name,
    after the longer label ("This round", "Totals"), before "Σ = 0" (a name and an amount
    on one line do not fit four seats at 200 %)."""
    bx, _y, bw, _h = box
    x = bx + 20
    cx = x + max(round(bw * 0.16), max(m.text_width(lab, body, True) for lab in labels) + 16)
    sigma_w = m.text_width(sigma, body, True) + 16
    return cx, (bx + bw - 20 - sigma_w - cx) // max(1, seats)


def button_boxes(box: Box, labels: Sequence[str], body: int, m: Measure) -> list[Box]:
    """The buttons at the bottom right, the first (Next) rightmost, 12 px apart: as wide as
    the widest label needs (at least 220 px or 22 % of the panel), all the same width, and
    never wider than the panel allows."""
    if not labels:
        return []
    bx, by, bw, bh = box
    btn_h = round(body * 2.1)
    w = max(220, round(bw * 0.22), *(m.text_width(t, body, True) + 2 * body for t in labels))
    w = min(w, (bw - 40 - 12 * (len(labels) - 1)) // len(labels))
    right, out = bx + bw - 20, []
    for _t in labels:
        out.append((right - w, by + bh - 14 - btn_h, w, btn_h))
        right -= w + 12
    return out


__all__ = ["Box", "LaidRow", "LedgerPlan", "Measure", "button_boxes", "columns",
           "footer_height", "lay_rows", "panel_box", "plan", "totals_columns"]
