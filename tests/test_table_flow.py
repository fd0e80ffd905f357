"""The table's phases (issue 25, item 1): one place decides the next phase, here read as a
table without a window. Each row is a situation the table meets in a game."""

from __future__ import annotations

import pytest

from game.play.session import Step
from game.ui.table_flow import Cue, Facts, TablePhase, decide

P = TablePhase
DEAL, CHANCE, HUMAN, AI, OVER = Step.DEAL, Step.CHANCE, Step.HUMAN, Step.AI, Step.OVER

ROWS = [
    # (phase, cue, facts, next phase, what it is)
    (P.START, Cue.STILL, Facts(step=DEAL), P.PLAY, "a new game deals"),
    (P.START, Cue.STILL, Facts(step=HUMAN, reveal_due=True), P.REVEAL,
     "a game continued under the reveal reopens it"),
    (P.START, Cue.STILL, Facts(step=HUMAN, reveal_due=True, teyaku=False), P.PLAY,
     "no teyaku in the game: no reveal"),
    (P.START, Cue.STILL, Facts(step=DEAL, ledger_open=True), P.LEDGER,
     "a game continued after a round reopens its ledger"),
    (P.START, Cue.STILL, Facts(step=OVER), P.OVER, "a finished game goes to its result"),
    (P.START, Cue.STILL, Facts(step=HUMAN, handover=True), P.HANDOVER,
     "hot-seat: the first human confirms first"),
    (P.PLAY, Cue.FIRST_TURN, Facts(step=AI), P.REVEAL_DUE, "play begins: the reveal is due"),
    (P.PLAY, Cue.FIRST_TURN, Facts(step=AI, teyaku=False), P.PLAY,
     "curriculum tier 1 has no teyaku to reveal"),
    (P.REVEAL_DUE, Cue.STILL, Facts(step=AI), P.REVEAL, "the table is still: reveal"),
    (P.REVEAL, Cue.STILL, Facts(step=AI), P.PLAY, "the reveal closed: play on"),
    (P.REVEAL, Cue.STILL, Facts(step=HUMAN, handover=True), P.HANDOVER,
     "hot-seat after the reveal: the hand-over"),
    (P.PLAY, Cue.ROUND_END, Facts(step=DEAL, ledger_open=True), P.LEDGER_DUE,
     "the round ended: its ledger is due"),
    (P.REVEAL_DUE, Cue.ROUND_END, Facts(step=DEAL), P.LEDGER_DUE,
     "the round's end wins over a reveal never opened"),
    (P.LEDGER_DUE, Cue.STILL, Facts(step=DEAL, ledger_open=True), P.LEDGER, "ledger"),
    (P.LEDGER, Cue.STILL, Facts(step=DEAL, ledger_open=True), P.LEDGER,
     "the ledger stays until its Next"),
    (P.LEDGER, Cue.LEDGER_CLOSED, Facts(step=DEAL), P.PLAY, "Next round"),
    (P.LEDGER, Cue.LEDGER_CLOSED, Facts(step=OVER), P.OVER, "See results"),
    (P.PLAY, Cue.STILL, Facts(step=DEAL, guided_stop=True), P.GUIDED_STOP,
     "the guided game's rounds are played: it asks"),
    (P.PLAY, Cue.STILL, Facts(step=HUMAN, guided_stop=True), P.PLAY,
     "the guided game asks only between rounds"),
    (P.GUIDED_STOP, Cue.STILL, Facts(step=DEAL), P.PLAY, "asked: the next round is dealt"),
    (P.PLAY, Cue.STILL, Facts(step=CHANCE), P.PLAY, "a chance outcome"),
    (P.PLAY, Cue.STILL, Facts(step=HUMAN, handover=True), P.HANDOVER,
     "hot-seat: the next human"),
    (P.HANDOVER, Cue.STILL, Facts(step=HUMAN, handover=True), P.HANDOVER,
     "the hand-over waits for its confirmation"),
    (P.HANDOVER, Cue.STILL, Facts(step=HUMAN), P.PLAY, "confirmed: the human plays"),
    (P.PLAY, Cue.STILL, Facts(step=AI, handover=True), P.PLAY,
     "a computer moves without a hand-over"),
    (P.REVEAL_DUE, Cue.UNDONE, Facts(step=HUMAN), P.PLAY, "undo: nothing is due any more"),
    (P.PLAY, Cue.STILL, Facts(step=OVER), P.OVER, "the game is over"),
    (P.OVER, Cue.STILL, Facts(step=DEAL), P.OVER, "over stays over"),
    (P.OVER, Cue.UNDONE, Facts(step=HUMAN), P.OVER, "nothing leaves the end"),
]


@pytest.mark.parametrize(("phase", "cue", "facts", "expected", "what"), ROWS,
                         ids=[row[-1] for row in ROWS])
def test_decide(phase, cue, facts, expected, what):
    assert decide(phase, cue, facts) is expected, what


def test_every_phase_is_reached_by_some_row():
    reached = {row[3] for row in ROWS}
    assert reached == set(TablePhase) - {TablePhase.START}


def test_a_moment_holds_the_reveal_and_the_ledger_until_it_has_played():
    """Issue 26: the round-end beat and the teyaku cut-ins play before the ledger and the
    reveal open; decide stays the one place that changes phase."""
    from game.ui.table_flow import Cue, Facts, TablePhase, decide

    playing = Facts(moment=True)
    assert decide(TablePhase.LEDGER_DUE, Cue.STILL, playing) is TablePhase.LEDGER_DUE
    assert decide(TablePhase.REVEAL_DUE, Cue.STILL, playing) is TablePhase.REVEAL_DUE
    assert decide(TablePhase.LEDGER_DUE, Cue.STILL, Facts()) is TablePhase.LEDGER
    assert decide(TablePhase.REVEAL_DUE, Cue.STILL, Facts()) is TablePhase.REVEAL
    assert decide(TablePhase.PLAY, Cue.ROUND_END, playing) is TablePhase.LEDGER_DUE
