""""Try it" (issue 27): play on from a reviewed decision, against the same computer players,
with the same cards still to come.

The session is the recorded game up to that decision: the round's deck is the recorded one,
so every draw after it is the one the game had; the computer seats are the same players (the
same levels, seeded from the game's seed). Nothing of it is kept: the table runs it without
files (no autosave, no record, no statistics) and for this round only.
"""

from __future__ import annotations

import dataclasses

from game.engine import record as records
from game.engine.actions import PASS, Action
from game.play.session import GameSession


def try_session(record: records.Record, round_index: int, action_index: int,
                seat: int, chosen: Action) -> GameSession:
    """A session standing where `seat` was asked the decision it answered with `chosen`
    before recorded action `action_index` of round `round_index` (the windows the record
    passed by implicitly are passed here too, as ai.review.moments walks them). RecordError
    (a ValueError) when the record does not reach that decision."""
    if not 0 <= round_index < len(record.rounds):
        raise records.RecordError(f"the record has no round {round_index + 1}")
    rnd = record.rounds[round_index]
    actions = list(rnd.get("actions", []))
    if not 0 <= action_index < len(actions):
        raise records.RecordError(f"round {round_index + 1} has no action {action_index + 1}")
    # the reviewed seat is the person at the screen; any other person's seat is played by
    # a computer (Intermediate) for the try, the computer seats by their own players
    seats = [dict(s, kind="human") if i == seat else
             (dict(s, kind="ai:rules") if s.get("kind") == "human" else dict(s))
             for i, s in enumerate(record.seats)]
    cut = dataclasses.replace(
        record, seats=seats,
        rounds=[*record.rounds[:round_index],
                {"deck": rnd["deck"], "actions": actions[:action_index]}],
        app={})
    session = GameSession.from_record(cut)
    action = Action.parse(actions[action_index])
    st = session.st
    while True:
        legal = st.legal_actions()
        took = action if action in legal else Action(st.to_move, PASS)
        if st.to_move == seat and len(legal) >= 2 and took == chosen:
            return session
        if took not in legal or took == action:
            raise records.RecordError("the record does not reach that decision")
        session.apply(took)


__all__ = ["try_session"]
