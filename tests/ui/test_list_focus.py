"""The list pages' one focus model and button arithmetic, without a window (issue 44, item 6).

game.ui.list_focus and game.ui.page_layout import no pygame: these tests run in any
interpreter and say what an arrow, a page key, the wheel and a click do to a list.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.ui import page_layout
from game.ui.list_focus import DOUBLE_CLICK, Jump, ListFocus, cycle

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["game/ui/list_focus.py", "game/ui/page_layout.py"])
def test_the_list_model_is_pygame_free(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(n.split(".")[0] == "pygame" for n in names), names


def test_arrows_stop_at_either_end_and_the_window_follows() -> None:
    f = ListFocus(count=20)
    assert list(f.fit(5)) == [0, 1, 2, 3, 4]
    assert f.move(-1) and f.index == 0  # stops at the top
    for _ in range(7):
        f.move(1)
    assert f.index == 7 and list(f.fit(5)) == [3, 4, 5, 6, 7]  # the choice stays on screen
    for _ in range(30):
        f.move(1)
    assert f.index == 19 and list(f.fit(5)) == [15, 16, 17, 18, 19]


def test_page_keys_move_a_screenful_and_home_end_to_the_ends() -> None:
    f = ListFocus(count=40)
    f.fit(8)
    f.jump(Jump.PAGE_DOWN)
    assert f.index == 8
    f.jump(Jump.END)
    assert f.index == 39
    f.jump(Jump.PAGE_UP)
    assert f.index == 31
    f.jump(Jump.HOME)
    assert f.index == 0 and list(f.fit(8))[0] == 0


def test_an_empty_list_moves_nowhere_and_chooses_nothing() -> None:
    f = ListFocus()
    assert not f.move(1) and f.chosen is None and list(f.fit(6)) == []
    assert f.span_words() is None


def test_the_wheel_scrolls_the_rows_and_brings_the_choice_along_only_at_the_edge() -> None:
    f = ListFocus(count=30)
    f.fit(10)
    f.choose(5)
    f.wheel(-3)  # towards the player: down the list
    assert f.top == 3 and f.index == 5  # still on screen: the choice stays
    f.wheel(-10)
    assert f.top == 13 and f.index == 13  # it would have left the screen: it comes along
    assert list(f.fit(10))[0] == 13  # and the next frame keeps the scrolled window
    f.wheel(-100)
    assert f.top == 20  # never past the last screenful
    f.wheel(100)
    assert f.top == 0 and f.index == 9


def test_a_second_click_on_the_chosen_row_opens_it() -> None:
    f = ListFocus(count=5)
    assert not f.click(2, now=1.0)  # chooses
    assert f.index == 2
    assert f.click(2, now=1.0 + DOUBLE_CLICK / 2)  # a double click opens
    assert not f.click(2, now=5.0)  # the next click starts again
    assert f.click(2, now=50.0)  # a while later, still chosen and armed: opens
    assert not f.click(3, now=51.0)
    assert not f.click(2, now=51.1)  # another row in between: only chooses


def test_a_key_between_two_clicks_forgets_the_first() -> None:
    f = ListFocus(count=5)
    f.click(1, now=0.0)
    f.move(1)
    f.move(-1)
    assert not f.click(1, now=0.1)
    f.forget_click()
    assert not f.click(1, now=0.2)
    g = ListFocus(count=5)
    g.click(1, now=0.0)
    assert not g.click(1, now=10.0, armed=False)  # a text field took the keys: no open


def test_a_shorter_list_keeps_the_choice_inside_it() -> None:
    f = ListFocus(count=30)
    f.fit(10)
    f.choose(25)
    f.fit(10)
    f.resize(12)
    assert f.index == 11 and f.top == 2
    f.reset(4, index=2)
    assert (f.count, f.index, f.top) == (4, 2, 0)


def test_span_words_count_from_one() -> None:
    f = ListFocus(count=40)
    f.choose(20)
    f.fit(9)
    assert f.span_words() == (13, 21)


def test_tab_cycles_through_the_regions() -> None:
    regions = [None, "name", "buttons"]
    assert cycle(regions, None, 1) == "name"
    assert cycle(regions, "buttons", 1) is None
    assert cycle(regions, None, -1) == "buttons"
    assert cycle(regions, "gone", 1) == "name"  # an unknown region starts from the first


def test_a_button_row_fills_its_width_or_keeps_its_slots() -> None:
    boxes = page_layout.button_row(3, 10, 100, 320, 40, gap=10)
    assert [b[0] for b in boxes] == [10, 120, 230] and {b[2] for b in boxes} == {100}
    lone = page_layout.button_row(1, 0, 0, 410, 40, gap=10, slots=2)
    assert lone[0][2] == 200  # a lone Back keeps the width of one of two
    right = page_layout.button_row(2, 0, 0, 1000, 40, gap=10, most=120, right=True)
    assert right[-1][0] + right[-1][2] == 1000 and right[0][2] == 120
    assert page_layout.button_row(0, 0, 0, 100, 40) == []


def test_a_button_grid_wraps_rows_left_aligned() -> None:
    boxes = page_layout.button_grid(5, 3, 0, 0, 320, 30, gap=10)
    assert len(boxes) == 5
    assert [b[1] for b in boxes] == [0, 0, 0, 40, 40]
    assert boxes[3][0] == boxes[0][0] and boxes[4][0] == boxes[1][0]
