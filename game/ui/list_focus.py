"""The chosen row of a list page and the rows on screen: what an arrow, a page key, the wheel
or a click does to them. No pygame: tested without a window (tests/ui/test_list_focus.py).

The records page, the history and the file chooser each kept their own copy of this
(issue 44, item 6), each a little different, and one of them wrong: the wheel moved the
rows on screen, the next frame brought the chosen row back into view, so on the records
page and in the file chooser the wheel did nothing while the chosen row was at the top.
Here it is once, with one set of rules:

- the chosen row is always on screen (`fit` moves the window to it);
- PageUp and PageDown move by a screenful (`rows`, known once the list is drawn), Home and
  End to the ends;
- the wheel scrolls the rows on screen, and the choice comes along only when it would
  leave them (so the page scrolls under the pointer, and Enter opens a row you can see);
- a click chooses a row; a second click on the chosen row opens it, whether it comes at
  once (a double click, `DOUBLE_CLICK` seconds by the app's clock `App.now`, never the wall
  clock) or a while later; a key that moves the choice forgets the first click.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field

DOUBLE_CLICK = 0.4  # seconds between two clicks that make a double click


class Jump(enum.Enum):
    """The keys that move the choice by more than a row."""

    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    HOME = "home"
    END = "end"


@dataclass
class ListFocus:
    """`count` rows, the chosen one (`index`), the first on screen (`top`) and how many fit
    (`rows`, told by the page each time it draws, `fit`)."""

    count: int = 0
    index: int = 0
    top: int = 0
    rows: int = 1
    _click: tuple[int, float] | None = field(default=None, repr=False)

    # --- the rows ----------------------------------------------------------------------
    def resize(self, count: int) -> None:
        """The list now has `count` rows (read again, filtered): the choice stays where it
        was as far as it can."""
        self.count = max(0, count)
        self.index = self._clamp(self.index)
        self.top = max(0, min(self.top, self._last_top()))

    def reset(self, count: int | None = None, index: int = 0) -> None:
        """A new list (another folder, another filter): `index` chosen, the window at the
        top, no click pending."""
        if count is not None:
            self.count = max(0, count)
        self.index = self._clamp(index)
        self.top = 0
        self._click = None

    @property
    def chosen(self) -> int | None:
        """The chosen row, or None when the list is empty."""
        return self.index if 0 <= self.index < self.count else None

    def choose(self, index: int) -> None:
        """Choose a row found by the page (a record just imported, the folder left)."""
        self.index = self._clamp(index)

    # --- keys, wheel, mouse -------------------------------------------------------------
    def move(self, step: int) -> bool:
        """An arrow (±1) or a page (±rows): the choice moves, stopping at either end. False
        when the list is empty (nothing to move)."""
        self._click = None
        if not self.count:
            return False
        self.index = self._clamp(self.index + step)
        return True

    def jump(self, jump: Jump) -> bool:
        """PageUp/PageDown by a screenful, Home/End to the first or the last row."""
        step = {Jump.PAGE_UP: -self.rows, Jump.PAGE_DOWN: self.rows,
                Jump.HOME: -self.count, Jump.END: self.count}[jump]
        return self.move(step)

    def wheel(self, notches: int) -> None:
        """The wheel (pygame's `y`: positive away from the player, up the list): the rows
        on screen scroll a row a notch; the choice stays unless it would leave them."""
        self.top = max(0, min(self._last_top(), self.top - notches))
        if self.count:
            self.index = max(self.top, min(self.top + self.rows - 1, self.index))

    def click(self, index: int, now: float, armed: bool = True) -> bool:
        """A click on row `index` at time `now` (the app's clock, seconds): it chooses the
        row. True when it opens it: the row the last click chose, and still chosen (`armed`:
        nothing else took the keys meanwhile, such as a text field) or clicked again within
        DOUBLE_CLICK seconds."""
        last = self._click
        again = last is not None and last[0] == index and (
            index == self.index and armed or now - last[1] < DOUBLE_CLICK)
        self.index = self._clamp(index)
        self._click = None if again else (index, now)
        return again

    def forget_click(self) -> None:
        """The next click on the chosen row only chooses it again."""
        self._click = None

    # --- the window on screen -------------------------------------------------------------
    def fit(self, rows: int) -> range:
        """The page drew room for `rows` rows: the window moves to hold the choice and never
        shows empty room below the last row while rows above are hidden. The rows on
        screen."""
        self.rows = max(1, rows)
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.rows:
            self.top = self.index - self.rows + 1
        self.top = max(0, min(self.top, self._last_top()))
        return self.visible()

    def visible(self) -> range:
        """The rows on screen, first to last."""
        return range(self.top, min(self.count, self.top + self.rows))

    def span_words(self) -> tuple[int, int] | None:
        """(first, last) rows on screen counted from 1, for "4–12 of 40"; None when the
        whole list is on screen."""
        if self.count <= self.rows:
            return None
        return self.top + 1, min(self.count, self.top + self.rows)

    # --- helpers ---------------------------------------------------------------------------
    def _clamp(self, index: int) -> int:
        return max(0, min(self.count - 1, index)) if self.count else 0

    def _last_top(self) -> int:
        return max(0, self.count - self.rows)


def cycle(regions: Sequence[object], current: object, step: int) -> object:
    """Tab (step 1) and Shift+Tab (-1) through a page's regions in order, wrapping around:
    the list (None), a text field, a row of buttons ... A page whose keys may be anywhere
    names its regions once and asks where the focus goes next."""
    i = regions.index(current) if current in regions else 0
    return regions[(i + step) % len(regions)]


__all__ = ["DOUBLE_CLICK", "Jump", "ListFocus", "cycle"]
