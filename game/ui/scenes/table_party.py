"""The phones at a table, as one adapter the table holds (issue 44, item 2).

A party game (issue 28) adds a few hooks to the table's frame: the phones' log is fed every
event shown, the host syncs every frame, a phone's move is taken when the table is still, a
closed page marks its plate "phone away", and the game's end forgets the links. These were
eighteen `if self.party` threads through table.py; now the table always holds a `Phones`
and calls it without asking: `NoPhones` for a game without them does nothing, and
`PartyPhones` passes each hook to the `PartyHost` (game.party.host) the lobby started.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.engine.events import Event

if TYPE_CHECKING:
    from game.party.host import PartyHost
    from game.play.driver import PlayDriver


class NoPhones:
    """A table without phones: every hook is a no-op, `host` is None."""

    host: PartyHost | None = None

    def note(self, events: list[Event]) -> None:
        """Events shown at the table (the phones' log)."""

    def sync(self) -> None:
        """Once a frame: the phones see every move at once, animated here or not."""

    def take(self) -> list[Event] | None:
        """A phone's move, when one waits (taken when the table is still)."""
        return None

    def away(self) -> tuple[int, ...]:
        """The phone seats whose page is closed."""
        return ()

    def stop(self) -> None:
        """The table closes: the server stops listening."""

    def game_over(self) -> None:
        """The game ended: its links are forgotten."""

    def seat_left(self) -> bool:
        """A phone seat went to a computer; True when no phone is left (the adapter is
        done: the table holds a `NoPhones` from then on)."""
        return False


class PartyPhones(NoPhones):
    """The phones of a party game, driven through the table's own driver."""

    def __init__(self, host: PartyHost, driver: PlayDriver, autosave: Path | None) -> None:
        self.host = host
        self._autosave = autosave  # the links are kept beside it (game.party.keep)
        host.attach(driver)

    def note(self, events: list[Event]) -> None:
        self.host.note(events)

    def sync(self) -> None:
        self.host.sync()

    def take(self) -> list[Event] | None:
        return self.host.take()

    def away(self) -> tuple[int, ...]:
        return self.host.away()

    def stop(self) -> None:
        self.host.stop()

    def game_over(self) -> None:
        self._forget()

    def seat_left(self) -> bool:
        if self.host.phones:
            return False
        self.host.stop()  # no phone left: the server closes, its links are forgotten
        self._forget()
        return True

    def _forget(self) -> None:
        if self._autosave is not None:
            from game.party import keep

            keep.forget(self._autosave)


def phones_for(host: PartyHost | None, driver: PlayDriver, autosave: Path | None) -> NoPhones:
    """The adapter for a table: the host's phones, or none."""
    return NoPhones() if host is None else PartyPhones(host, driver, autosave)


__all__ = ["NoPhones", "PartyPhones", "phones_for"]
