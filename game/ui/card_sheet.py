"""The card review sheet of CARDS.md §14: every face, both backs, every state and mark.

``python -m game.ui.card_sheet --sheet out.png [--width N] [--marks] [--grey]`` writes one
PNG, headless with ``SDL_VIDEODRIVER=dummy``. A tool for whoever draws or checks the art, kept
apart from the renderer (``game.ui.cards``) that the game itself loads.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.engine.cards import CARD_IDS, MONTH_NAMES
from game.ui.cards import (
    CardRenderer,
    CardState,
    card_size,
    mark_kind,
    state_margin,
    table_surface,
)


def _label(text: str, size: int, color: tuple[int, int, int] = (235, 230, 215)) -> pygame.Surface:
    from game.ui import fonts

    return fonts.get_font(fonts.LATIN, size).render(text, True, color)


def _grid(r: CardRenderer, ids: Sequence[str | None], cols: int, width: int, marks: bool,
          labels: bool, title: str) -> pygame.Surface:
    w, h = card_size(width)
    gap = max(8, width // 10)
    lab = 14 if labels else 0
    rows = math.ceil(len(ids) / cols)
    head = 28
    panel = pygame.Surface((cols * (w + gap) + gap, head + rows * (h + gap + lab) + gap),
                           pygame.SRCALPHA)
    panel.blit(_label(title, 18), (gap, 4))
    for i, cid in enumerate(ids):
        x = gap + (i % cols) * (w + gap)
        y = head + (i // cols) * (h + gap + lab)
        r.draw(panel, cid, (x, y), width, marks=marks)
        if labels:
            panel.blit(_label(cid or "back", 11), (x, y + h + 2))
    return panel


def _states_panel(width: int) -> pygame.Surface:
    w, h = card_size(width)
    m = state_margin(width)
    cells: list[tuple[CardRenderer, str | None, CardState, bool, str]] = []
    red, black = CardRenderer("red"), CardRenderer("black")
    cells += [(red, None, CardState.NORMAL, False, "back red"),
              (black, None, CardState.NORMAL, False, "back black")]
    for st in CardState:
        cells.append((red, "maple_ribbon", st, False, st.value))
    for cid in ("crane", "warbler", "pine_ribbon", "maple_ribbon", "wisteria_ribbon",
                "lightning", "paulownia_yellow"):
        cells.append((red, cid, CardState.NORMAL, True, f"marks {mark_kind(cid)}"))
    cols = 9
    cw, chh = w + 2 * m, h + 2 * m + 14
    rows = math.ceil(len(cells) / cols)
    panel = pygame.Surface((cols * cw, 28 + rows * chh), pygame.SRCALPHA)
    panel.blit(_label(f"C: backs, states, corner marks at {width} px", 18), (8, 4))
    for i, (rend, cid, st, mk, text) in enumerate(cells):
        x = (i % cols) * cw + m
        y = 28 + (i // cols) * chh + m
        rend.draw(panel, cid, (x, y), width, st, marks=mk)
        panel.blit(_label(text, 11), (x, y + h + m // 2))
    return panel


def build_sheet(extra_width: int | None = None, marks: bool = False,
                grey: bool = False) -> pygame.Surface:
    """Panels A (200 px, months in rows), B (80 px, months in columns), C, optional extra."""
    r = CardRenderer("red", marks)
    by_col = [CARD_IDS[m * 4 + k] for k in range(4) for m in range(12)]
    panels = [
        _grid(r, CARD_IDS, 4, 200, marks, True, "A: 200 px, one month per row"),
        _grid(r, by_col, 12, 80, marks, False,
              "B: 80 px, months 1-12 in columns (" + ", ".join(MONTH_NAMES[:4]) + ", ...)"),
        _states_panel(120),
    ]
    if extra_width:
        panels.append(_grid(r, [*by_col, None], 12, extra_width, marks, False,
                            f"Extra: {extra_width} px"))
    a = panels[0]
    right = panels[1:]
    width = a.get_width() + max(p.get_width() for p in right)
    height = max(a.get_height(), sum(p.get_height() for p in right))
    sheet = table_surface((width, height), "felt")
    sheet.blit(a, (0, 0))
    y = 0
    for p in right:
        sheet.blit(p, (a.get_width(), y))
        y += p.get_height()
    if grey:
        sheet = pygame.transform.grayscale(sheet)
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.card_sheet",
                                     description="Export the card review sheet (CARDS.md §14).")
    parser.add_argument("--sheet", required=True, type=Path, help="output PNG path")
    parser.add_argument("--width", type=int, default=None, help="extra panel at this width")
    parser.add_argument("--marks", action="store_true", help="draw the corner marks")
    parser.add_argument("--grey", action="store_true", help="greyscale sheet")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))  # convert_alpha needs a display surface
    sheet = build_sheet(args.width, args.marks, args.grey)
    pygame.image.save(sheet, str(args.sheet))
    print(f"wrote {args.sheet} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
