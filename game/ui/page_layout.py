"""Where a page's row of buttons goes: the one arithmetic the list and page screens (records,
history, statistics, practice, review, the lobby, the file chooser) each wrote again.
No pygame: boxes are (x, y, width, height) tuples, tested without a window
(tests/ui/test_list_focus.py); game/ui/scenes/page.py turns them into the buttons' rects.
"""

from __future__ import annotations

Box = tuple[int, int, int, int]  # x, y, width, height


def button_row(n: int, x: int, y: int, width: int, height: int, *, gap: int = 10,
               most: int | None = None, slots: int | None = None,
               right: bool = False) -> list[Box]:
    """`n` equal buttons side by side in `width`, `gap` apart: as wide as `slots` buttons
    would be (at least `n`: a lone Back never stretches across a page that keeps room for
    two), at most `most` pixels; from the left edge, or against the right one (`right`:
    the pages whose keys line sits at the left of the buttons)."""
    if n <= 0:
        return []
    share = max(n, slots or n)
    w = (width - gap * (share - 1)) // share
    if most is not None:
        w = min(most, w)
    left = x + width - n * w - (n - 1) * gap if right else x
    return [(left + i * (w + gap), y, w, height) for i in range(n)]


def button_grid(n: int, per_row: int, x: int, y: int, width: int, height: int, *,
                gap: int = 8) -> list[Box]:
    """`n` buttons in rows of `per_row` (the file chooser's six on a narrow window), each
    row laid as `button_row` lays `per_row` buttons, the last row left-aligned."""
    per_row = max(1, per_row)
    slots = button_row(per_row, x, 0, width, height, gap=gap)
    return [(slots[i % per_row][0], y + (i // per_row) * (height + gap), slots[0][2], height)
            for i in range(n)]


__all__ = ["Box", "button_grid", "button_row"]
