"""The table's phases and the one place that decides the next one. No pygame here.

Modelled on Tuxemon's combat phases (determine the next phase, transition once on entry,
update every frame): `decide` only answers which phase comes next, from the phase, what just
happened (a `Cue`) and a few `Facts` the table gathers; the table scene then runs the new
phase's entry once (`TableScene._enter`: open the reveal, the ledger, the hand-over...) and
its update every still frame (`TableScene._update_phase`: in PLAY, the driver's next step).

Fast-forward is not a phase: it is a pace (`PlayDriver.fast`) that runs beside PLAY, REVEAL
and LEDGER_DUE until the ledger opens, and changes only how long things take (and that the
reveal is not opened: its facts stay in the log).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.play.session import Step


class TablePhase(enum.Enum):
    """What the table is doing."""

    START = "start"  # just opened, on a new or a continued game
    PLAY = "play"  # the driver moves the game on; the human on screen acts
    REVEAL_DUE = "reveal_due"  # the round's first turn was shown: the teyaku reveal is next
    REVEAL = "reveal"  # the teyaku reveal was opened (or skipped by fast-forward)
    LEDGER_DUE = "ledger_due"  # the round's end was shown: its ledger is next
    LEDGER = "ledger"  # the round's ledger is open, until its Next (TableScene.next_round)
    GUIDED_STOP = "guided_stop"  # the guided game asks, once, whether to play on
    HANDOVER = "handover"  # hot-seat: the hand-over waits for the next human
    OVER = "over"  # the game ended: the result screen has taken over


class Cue(enum.Enum):
    """What just happened at the table."""

    STILL = "still"  # nothing moves and no event waits to be shown: the table may move on
    FIRST_TURN = "first_turn"  # the round's first turn was shown (play begins)
    ROUND_END = "round_end"  # the round's end was shown
    LEDGER_CLOSED = "ledger_closed"  # the ledger's Next
    UNDONE = "undone"  # the human took a decision back


@dataclass(frozen=True)
class Facts:
    """What the decision reads about the game, gathered by the table when it asks."""

    step: Step = Step.HUMAN  # the driver's next step
    teyaku: bool = True  # the ruleset has teyaku: play opens with their reveal
    reveal_due: bool = False  # a continued game stopped under the reveal (START only)
    ledger_open: bool = False  # a settled round's ledger has not been dismissed
    guided_stop: bool = False  # the guided game's rounds are played (it asks once)
    handover: bool = False  # hot-seat: the seat to move is not the confirmed viewer
    moment: bool = False  # a big moment plays (a cut-in, the round-end beat: issue 26)


def decide(phase: TablePhase, cue: Cue, facts: Facts) -> TablePhase:
    """The next phase (the same one when nothing changes). Changes nothing itself."""
    if phase is TablePhase.OVER:
        return phase
    if cue is Cue.FIRST_TURN:
        return TablePhase.REVEAL_DUE if facts.teyaku else phase
    if cue is Cue.ROUND_END:
        return TablePhase.LEDGER_DUE
    if cue is Cue.UNDONE:  # back inside the round: whatever was due is gone
        return TablePhase.PLAY
    if cue is Cue.LEDGER_CLOSED:
        return TablePhase.OVER if facts.step is Step.OVER else TablePhase.PLAY
    # the table is still
    if facts.moment and phase in (TablePhase.REVEAL_DUE, TablePhase.LEDGER_DUE):
        return phase  # the reveal and the ledger open once the moment has played
    if phase is TablePhase.REVEAL_DUE or (phase is TablePhase.START and facts.reveal_due
                                          and facts.teyaku):
        return TablePhase.REVEAL  # a continued game reopens what was open when it stopped
    if phase is TablePhase.LEDGER_DUE or (
            phase in (TablePhase.START, TablePhase.LEDGER) and facts.ledger_open):
        return TablePhase.LEDGER
    if facts.step is Step.OVER:
        return TablePhase.OVER
    if facts.step is Step.DEAL and facts.guided_stop:
        return TablePhase.GUIDED_STOP
    if facts.step is Step.HUMAN and facts.handover:
        return TablePhase.HANDOVER
    return TablePhase.PLAY


__all__ = ["Cue", "Facts", "TablePhase", "decide"]
