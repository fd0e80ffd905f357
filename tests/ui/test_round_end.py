"""Round bookkeeping (issue 11, defect 2): the last plays, the call and the payments of round
N are logged as round N; the table under the ledger still shows round N (its number, dealer
and totals before its payments) until the ledger is dismissed; the headline never calls a
player who lost money that round the winner."""

from __future__ import annotations

import re

import pygame

from game.play.terms import ending_text
from game.ui.scenes.scoring import ScoringScene
from tests.ui.driver import idle, key, make_app, run_until
from tests.ui.table_helpers import dismiss, play_by_keys, start_table


def test_round_end_is_logged_and_shown_as_that_round(tmp_path):
    app = make_app(tmp_path)
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")],
                        seed=3, rounds=3)
    seen = 0
    shown_before = None

    def step() -> None:
        nonlocal shown_before
        if dismiss(app):
            return
        if app.stack.top is table and idle(table):
            shown_before = table.shown_view  # the last view shown inside the round
            if table.human_to_move():
                play_by_keys(app, table)

    while seen < 2:
        assert run_until(app, lambda: isinstance(app.stack.top, ScoringScene), 8000, step)
        ledger = app.stack.top
        st = table.session.st
        result = st.results[-1]
        n = st.rounds_played + (1 if result.ending == "misdeal" else 0)  # the round ended
        # every line of this round, its payments and its end carry this round's number
        start = max(i for i, line in enumerate(table.log) if line.startswith("Round "))
        assert table.log[start].startswith(f"Round {n} ")
        for line in table.log[start + 1:]:
            assert re.match(rf"R{n} ", line), line
        assert any(line.startswith(f"R{n} Payment") for line in table.log[start:]) or \
            not result.payments
        # the table under the ledger: still round n, its dealer, totals before its payments
        v = table.shown_view
        assert v.round == n
        assert v.dealer == result.dealer
        assert list(v.totals) == [t - d for t, d in zip(st.totals, result.net, strict=True)]
        assert shown_before is not None and v.totals == shown_before.totals
        info = table._info()
        assert [s.dealer for s in info.seats].index(True) == result.dealer
        # the headline names no loser as the winner
        head = ledger.headline()
        for i, name in enumerate(ledger.names):
            if result.net[i] <= 0:
                assert f"winner {name}" not in head
        # the ending names the seat that decided it, not the biggest gain (issue 23)
        if result.winner is not None and result.ending not in ("draw", "misdeal", "exhausted"):
            assert f"{ending_text(result.ending)}: {ledger.names[result.winner]}" in head
        seen += 1
        key(app, pygame.K_RETURN)  # dismiss: now the table moves on
        if table.finished:
            break
        assert table.shown_view.totals == tuple(st.totals)
        assert table.shown_view.round == st.rounds_played + 1
    assert not app.errors
    app.close()
