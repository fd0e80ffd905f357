"""The game-end screen's model (issue 26, item 4), without a window: every figure equals
the engine's (totals, nets, payments, winners), the celebration's clock and its skip."""

from __future__ import annotations

import subprocess
import sys

from game.engine import record as records
from game.simulate import simulate
from game.ui import result_model as rm
from game.ui.result_model import Celebration, Mood


def _finished(seats: int = 3, seed: int = 7):  # noqa: ANN202 - the replayed state
    rec = simulate("hachihachi", {"rounds": 4}, seats, ["rules"], seed)
    return records.replay(rec).state


def test_running_totals_end_on_the_engines_totals_and_step_by_its_nets() -> None:
    st = _finished()
    series = rm.running_totals(st.results, st.totals)
    assert len(series) == 3 and all(len(c) == len(st.results) + 1 for c in series)
    for s in range(3):
        assert series[s][-1] == st.totals[s]
        for k, r in enumerate(st.results):
            assert series[s][k + 1] - series[s][k] == r.net[s]


def test_best_round_and_best_yaku_are_the_engines_payments() -> None:
    st = _finished()
    best = rm.best_round(st.results)
    assert best is not None
    assert best.net == max(v for r in st.results for v in r.net)
    assert st.results[best.round - 1].net[best.seat] == best.net
    y = rm.best_yaku(st.results, st.rs)
    sums = {}
    for k, r in enumerate(st.results):
        for p in r.payments:
            if p.to >= 0 and st.rs.category(p.reason) in rm.YAKU_CATEGORIES:
                sums[k, p.to, p.reason] = sums.get((k, p.to, p.reason), 0) + p.amount
    if sums:
        assert y is not None and y.amount == max(sums.values())
        assert sums[y.round - 1, y.seat, y.yaku] == y.amount
    else:
        assert y is None


def test_no_gain_no_best_round() -> None:
    class R:
        net = (0, 0, 0)
        payments = ()

    assert rm.best_round([R(), R()]) is None


def test_the_viewer_decides_the_mood() -> None:
    assert rm.mood([0], [0]) is Mood.WIN
    assert rm.mood([0], [0, 2]) is Mood.WIN  # a shared win is a win
    assert rm.mood([0], [1]) is Mood.LOSS
    assert rm.mood([0, 1], [1]) is Mood.NAMED  # hot seat: the winner by name
    assert rm.mood([], [2]) is Mood.NAMED


def test_build_ranks_with_shared_places_and_seven_seats() -> None:
    st = _finished(7, seed=3)
    m = rm.build(st, st.rs, [0])
    assert [p.seat for p in m.placings] == sorted(range(7), key=lambda s: -st.totals[s])
    assert [p.total for p in m.placings] == sorted(st.totals, reverse=True)
    assert m.winners == list(st.rs.game_winners(st))
    assert m.mood is (Mood.WIN if 0 in m.winners else Mood.LOSS)
    assert m.rounds_played == st.rounds_played
    assert rm.ranking([5, 9, 5]) == [(1, 1), (2, 0), (2, 2)]


def test_chart_scale_holds_every_point_and_zero() -> None:
    lo, hi, step = rm.chart_scale([[0, 120, -35], [0, -80, 300]])
    assert lo <= -80 and hi >= 300 and lo % step == 0 and hi % step == 0 and lo <= 0 <= hi
    assert rm.chart_scale([[0, 0]])[1] > rm.chart_scale([[0, 0]])[0]
    assert rm.nice_step(1000) in (200, 250, 500)


def test_the_celebration_runs_ends_and_is_skipped() -> None:
    c = Celebration(Mood.WIN, motion=True)
    assert not c.done and c.flakes_on() and c.heading_alpha() == 255
    c.advance(1.0)
    assert not c.done
    c.skip()
    assert c.done and not c.flakes_on()
    c2 = Celebration(Mood.WIN, motion=True)
    c2.advance(rm.CELEBRATION + 1)
    assert c2.done


def test_reduced_motion_is_a_fade_and_no_confetti() -> None:
    c = Celebration(Mood.WIN, motion=False)
    assert not c.flakes_on() and c.heading_alpha() == 0
    c.advance(rm.FADE / 2)
    assert 0 < c.heading_alpha() < 255 and not c.flakes_on()
    c.advance(rm.FADE)
    assert c.done and c.heading_alpha() == 255


def test_confetti_is_the_same_for_the_same_seed() -> None:
    assert rm.flakes(20, 4, 7) == rm.flakes(20, 4, 7)
    assert all(0 <= f.x <= 1 and 0 <= f.color < 7 for f in rm.flakes(50, 1, 7))


def test_the_model_loads_no_pygame() -> None:
    code = "import sys, game.ui.result_model; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
