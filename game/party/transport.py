"""What a party host needs of the thing that carries its seats' messages (issue 46).

`PartyHost` drives the game and speaks the party protocol (game.party.protocol); how the
messages reach a seat's page is the transport's business. Today there is one, the home
network's `PartyServer` (game.party.server): the page, the pictures and one WebSocket on an
address of this machine. Online seats add a second, `RelayTransport` (game.online), which
opens one connection out to a relay and seals each seat's messages with that seat's key.
Both give the host this surface, so the host, the window's table and the headless host need
not know which one carries a seat.

Threads: the host calls these from its own thread (the window's or the headless host's
loop); a transport runs its network on its own and hands what arrives over the two queues.
"""

from __future__ import annotations

import queue
from collections.abc import Mapping
from typing import Protocol

from game.party.server import Seat


class SeatTransport(Protocol):
    """Carries one party game's messages to and from its seats' pages."""

    # ("join" | "leave", seat): who is here changed
    events: queue.Queue[tuple[str, int]]
    # (seat, action, serial): an action a page sent, for the host to check and apply
    actions: queue.Queue[tuple[int, object, int]]
    table_token: str

    @property
    def seats(self) -> Mapping[int, Seat]:
        """Each seat as it stands: its token, here or not, joined once, its language."""
        ...

    def start(self) -> object:
        """Begin carrying (OSError when it cannot)."""
        ...

    def stop(self) -> None: ...

    def joined(self) -> dict[int, bool]: ...

    def kept(self) -> dict:
        """What a continued game needs to open the same links, kept beside its autosave
        (game.party.keep): secrets, so that file is the player's alone."""
        ...

    def link(self, seat: int) -> str:
        """The address a seat's player opens."""
        ...

    def reissue(self, seat: int) -> str:
        """A new link for the seat; the old one stops working (its page is told)."""
        ...

    def retire(self, seat: int) -> None:
        """The seat goes to a computer: its page is told and its link stops."""
        ...

    def publish(self, seat: int, message: dict) -> None:
        """The seat's current message (kept, and sent again when its page comes back)."""
        ...

    def tell(self, seat: int, message: dict) -> None:
        """A one-off message to the seat's page (a refused action)."""
        ...

    def publish_table(self, message: dict) -> None:
        """The read-only table page's message (public facts only)."""
        ...

    def broadcast(self, message: dict, *, tables: bool = True) -> None: ...

    def game_over(self) -> None:
        """The game ended: the pages are told and their connections closed."""
        ...


__all__ = ["SeatTransport"]
