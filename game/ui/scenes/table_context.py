"""What the table's seven parts share, and what they may ask of the table (issue 44, item 2).

The parts (input, chrome, hints, cues, moments, card info, stage) once each held the whole
`TableScene` and reached one another through it, so none could be built or tested without
a whole table. Now each is given:

- a `TableContext`: the app, the session, the view object (`TableView`), the decision panel,
  and the one state every part reads: whose hand is face up (`viewer`, `confirmed`), the
  view on screen (`shown_view`), whether a hand-over is open. Its questions (`face_up_seat`,
  `live_view`, `human_to_move`, `sitting_out`) are answered here, from that state alone;
- the peers it calls, by name, at construction or by `wire` where two parts call each
  other (the input and the chrome, the input and the card popover);
- where it must move the game or open a screen, the `TableVerbs` the table gives it: the
  few verbs, not the scene.

`tests/ui/test_table_parts.py` builds parts alone on a context and fakes for their peers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.engine.actions import Action
from game.engine.view import PlayerView
from game.play.session import GameSession, Step
from game.ui.model import sits_out

if TYPE_CHECKING:
    from game.ui.panels import DecisionPanel
    from game.ui.table_view import TableInfo, TableView


class TableVerbs(Protocol):
    """What a part may ask the table to do: move the game, open a screen, be drawn."""

    def act(self, action: Action) -> bool: ...
    def undo(self) -> bool: ...
    def skip(self) -> None: ...
    def fast_forward(self) -> None: ...
    def busy(self) -> bool: ...
    def open_pause(self) -> None: ...
    def open_inspect(self) -> None: ...
    def info(self) -> TableInfo: ...
    def on_top(self) -> bool: ...


class TableContext:
    """The shared state of one table and the questions every part asks of it."""

    def __init__(self, app, session: GameSession, tv: TableView,  # noqa: ANN001
                 panel: DecisionPanel, *, speed: Callable[[], float],
                 trial: bool = False) -> None:
        self.app = app
        self.session = session
        self.tv = tv
        self.panel = panel
        self._speed = speed  # 0 while the driver fast-forwards, else the setting's factor
        self.trial = trial  # a "Try it" from the review: this round only, nothing kept
        humans = session.local_humans  # the humans at this screen (not the phones)
        self.hotseat = len(humans) >= 2
        self.viewer = humans[0] if humans else 0  # the seat at the bottom of the screen
        self.confirmed = not self.hotseat  # hot-seat: the viewer confirmed the hand-over
        self.handing_over = False  # the flow is in its hand-over phase
        self.shown_view: PlayerView | None = None  # set by the table before any part reads

    @property
    def speed(self) -> float:
        return self._speed()

    def face_up_seat(self) -> int | None:
        """The seat whose hand is face up on this screen now, or None. It is the one human
        at the screen, or in hot-seat the human who confirmed the hand-over, until the hand
        passes on; never a phone's or a computer's seat (nobody here: None throughout). What
        the table says to "you" is this seat's; with None it draws public facts only."""
        if not self.session.local_humans:  # computers and phones only: every hand hidden
            return None
        return self.viewer if self.confirmed else None

    def live_view(self) -> PlayerView:
        """The game as it stands now, as the table may show it: the face-up seat's own view,
        else the engine's public view (seat -1: no hand, no legal action, a yaku watch that
        places only revealed teyaku). The one place the table asks the engine for a view."""
        seat = self.face_up_seat()
        return self.session.public_view() if seat is None else self.session.view(seat)

    def human_to_move(self) -> bool:
        """The human on screen may act now: their turn, their hand face up, and the table
        past any hand-over (a click that arrives in the frame a hand-over is confirmed,
        before the flow is back in play, must not move the game: the next hand-over would
        then never open)."""
        return (self.session.next_step() is Step.HUMAN and self.confirmed
                and self.session.st.to_move == self.viewer and not self.handing_over)

    def sitting_out(self) -> bool:
        """The humans here sit this round out (public facts: who is active)."""
        return sits_out(self.live_view(), self.session.humans)


__all__ = ["TableContext", "TableVerbs"]
