"""What every player saw this round, turn by turn (issue 30, item 1): the public history.

For each turn of play: who played, the field before it, the hand card played and what it
took, the card drawn and what that took. All of it was on the table for everyone to see, so
it belongs in every seat's view; it lets a computer player (and the replay, and the review)
rebuild what an opponent faced at each turn: a card an opponent did not take when it could
have says something about its hand.

Nothing is stored turn by turn (the hot path stays as it was): the state remembers where play
began (the field then, and the index of the first action of play), and the turns are replayed
here from the round's public actions and the cards drawn so far (the first ``pile_pos`` cards
of the pile, each turned face up as it was drawn), with the one capture rule of the engine
(``capture.arrive``). A position built by hand (``State.from_position``, ``resample``) has no
recorded play, so no history. No pygame, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import PLAY, TAKE
from .capture import arrive, choices


@dataclass(frozen=True)
class TurnRecord:
    """One turn of play as everyone saw it. Masks are of card indices (game.engine.cards)."""

    seat: int
    field_before: int  # the field when the turn began
    played: int  # the hand card played
    took: int  # what it took (itself included), 0 when it stayed on the field
    drawn: int = -1  # the card turned from the pile, -1 when the pile was empty
    drawn_took: int = 0  # what the drawn card took (itself included), 0 when it stayed
    pending: bool = False  # the drawn card waits for its player's choice of target

    @property
    def captured(self) -> int:
        """Everything the turn took."""
        return self.took | self.drawn_took


def public_turns(st: object) -> tuple[TurnRecord, ...]:
    """This round's turns of play so far, replayed from public information only."""
    start = st.play_at  # type: ignore[attr-defined]
    if start < 0:
        return ()
    rel, month_sum = st._rel, st._sum  # type: ignore[attr-defined]
    pile, drawn_count = st.pile, st.pile_pos  # type: ignore[attr-defined]
    field = st.play_field  # type: ignore[attr-defined]
    pos = 0
    out: list[TurnRecord] = []
    waiting: TurnRecord | None = None  # a drawn card whose target came in a TAKE action
    for a in st.actions[start:]:  # type: ignore[attr-defined]
        if a.verb == TAKE and waiting is not None:
            field, got = arrive(rel, month_sum, field, waiting.drawn, a.args[0])
            out.append(TurnRecord(waiting.seat, waiting.field_before, waiting.played,
                                  waiting.took, waiting.drawn, got))
            waiting = None
            continue
        if a.verb != PLAY:
            continue  # sage, shoubu, cancel: no card moves
        card = a.args[0]
        before = field
        field, took = arrive(rel, month_sum, field, card, a.args[1] if len(a.args) > 1 else -1)
        if pos >= drawn_count:  # the pile was empty (or the draw is not public yet)
            out.append(TurnRecord(a.seat, before, card, took))
            continue
        drawn = pile[pos]
        pos += 1
        if choices(rel, month_sum, field, drawn):  # the player chooses: the next TAKE says which
            waiting = TurnRecord(a.seat, before, card, took, drawn, 0, True)
            continue
        field, got = arrive(rel, month_sum, field, drawn)
        out.append(TurnRecord(a.seat, before, card, took, drawn, got))
    if waiting is not None:
        out.append(waiting)
    return tuple(out)


__all__ = ["TurnRecord", "public_turns"]
