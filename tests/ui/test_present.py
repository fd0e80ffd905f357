"""The seat presenter (issue 25, item 2): one pure function from a view to what each plate
shows, for the table and the replay viewer alike; tested without a window."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

from game.engine import record as records
from game.play.present import SeatInfo, name_lines, seat_infos
from game.play.terms import seat_role, term

NAMES = ["Ana", "Ren", "Yui"]
KINDS = ["Human", "Computer · Expert", "Computer · Beginner"]


def dealt_view(ruleset: str, seat: int = 0, dealer: int = 0, seed: int = 1) -> tuple:
    """(ruleset, view of `seat`) right after a shuffled deal of three seats."""
    rs = records.configure(ruleset, {})
    st = rs.new_state(3, dealer)
    deck = list(rs.deck_cards)
    random.Random(seed).shuffle(deck)
    st.start_round(deck)
    return rs, st.view(seat)


def test_the_presenter_loads_no_pygame():
    code = "import sys, game.play.present; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_each_plate_shows_the_views_facts():
    rs, v = dealt_view("hachihachi", dealer=1)
    v = dataclasses.replace(v, totals=(30, -10, -20))
    seats = seat_infos(v, NAMES, KINDS, rs)
    assert [s.name for s in seats] == NAMES and [s.kind for s in seats] == KINDS
    assert [s.total for s in seats] == list(v.totals)
    assert [s.points for s in seats] == [rs.points(m) for m in v.captured_masks]
    assert [s.dealer for s in seats] == [False, True, False]
    assert [s.sage for s in seats] == [i in v.sage_order for i in range(3)]
    assert [s.yaku for s in seats] == [[term(k) for k in y] for y in v.yaku]
    assert all(s.role == "" for s in seats)  # no roles outside Sudaoshi
    assert name_lines(v, rs) == 1


def test_sudaoshi_plates_name_each_seats_role_and_burden():
    rs, v = dealt_view("sudaoshi", dealer=2)
    seats = seat_infos(v, NAMES, KINDS, rs)
    assert [s.role for s in seats] == [seat_role("sudaoshi", p, par)
                                       for p, par in zip(v.positions, v.par, strict=True)]
    assert all(s.role for s in seats)
    assert seats[2].role.startswith("Dealer") and seats[2].dealer
    assert [s.par for s in seats] == list(v.par)
    assert name_lines(v, rs) == 2


def test_statuses_stamps_and_thinking_go_to_their_own_seat():
    rs, v = dealt_view("hachihachi")
    seats = seat_infos(v, NAMES, KINDS, rs, statuses={2: "dropped out"}, stamps={1: "Sage!"},
                       thinking=1, short_kinds=["Human", "Expert", "Beginner"])
    assert [s.status for s in seats] == ["", "", "dropped out"]
    assert [s.stamp for s in seats] == ["", "Sage!", ""]
    assert [s.thinking for s in seats] == [False, True, False]
    assert [s.short_kind for s in seats] == ["Human", "Expert", "Beginner"]
    assert not any(s.thinking for s in seat_infos(v, NAMES, KINDS, rs))  # nobody by default


def test_seat_info_is_still_importable_from_the_table_view():
    from game.ui import table_view

    assert table_view.SeatInfo is SeatInfo
