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
from types import MappingProxyType
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


class PartFailed(OSError):
    """One part of a `Combined` transport could not start: `part` says which ("online":
    the relay could not be reached; "home": no place on the home network), so a front end
    can say the right sentence and not retry what cannot work."""

    def __init__(self, part: str, error: BaseException) -> None:
        super().__init__(str(error))
        self.part = part


class Combined:
    """One game's seats on several transports (issue 46): phones on the home network
    (PartyServer) and online seats through a relay (RelayTransport), given to `PartyHost`
    as one SeatTransport. Each seat's calls go to the part that holds it; the pages' events
    and actions arrive on one pair of queues, which every part was built with (their
    constructors take `events=` and `actions=`), so the host reads them in arrival order.

    `parts` maps a name ("home", "online") to a transport: the names nest `kept()`
    ({"parts": {name: that part's kept()}}, game.party.keep) and `PartFailed`. Parts start
    in the dict's order (put the one most likely to fail first: the relay), and a failure
    stops those already started."""

    def __init__(self, parts: Mapping[str, SeatTransport]) -> None:
        if not parts:
            raise ValueError("a combined transport needs at least one part")
        self.parts = dict(parts)
        first = next(iter(self.parts.values()))
        self.events = first.events
        self.actions = first.actions
        if any(p.events is not self.events or p.actions is not self.actions
               for p in self.parts.values()):
            raise ValueError("the parts of a combined transport must share their events "
                             "and actions queues (build them with events=, actions=)")
        # which part holds each seat, fixed at the start: a seat retired to a computer
        # leaves its part's seats, and a late call for it still reaches that part (a no-op)
        self._route = {seat: name for name, part in self.parts.items() for seat in part.seats}
        home = self.parts.get("home")
        self.table_token = (home or first).table_token

    def part_of(self, seat: int) -> str | None:
        """The name of the part carrying `seat` (None: no part has had it)."""
        return self._route.get(seat)

    def _part(self, seat: int) -> SeatTransport:
        name = self._route.get(seat)
        if name is None:
            raise KeyError(f"no transport carries seat {seat}")
        return self.parts[name]

    # --- the seats, merged ---------------------------------------------------------------
    @property
    def seats(self) -> Mapping[int, Seat]:
        merged: dict[int, Seat] = {}
        for part in self.parts.values():
            merged.update(part.seats)
        return MappingProxyType(dict(sorted(merged.items())))

    def joined(self) -> dict[int, bool]:
        merged: dict[int, bool] = {}
        for part in self.parts.values():
            merged.update(part.joined())
        return dict(sorted(merged.items()))

    def kept(self) -> dict:
        return {"parts": {name: part.kept() for name, part in self.parts.items()}}

    def table_link(self) -> str | None:
        """The read-only table page's address, if a part serves one (the home network's)."""
        for part in self.parts.values():
            table_link = getattr(part, "table_link", None)
            if callable(table_link):
                return table_link()
        return None

    # --- running -------------------------------------------------------------------------
    def start(self) -> Combined:
        started: list[SeatTransport] = []
        for name, part in self.parts.items():
            try:
                part.start()
            except OSError as e:
                for done in reversed(started):
                    done.stop()
                raise PartFailed(name, e) from e
            started.append(part)
        return self

    def stop(self) -> None:
        for part in self.parts.values():
            part.stop()

    # --- one seat: its part -------------------------------------------------------------
    def link(self, seat: int) -> str:
        return self._part(seat).link(seat)

    def reissue(self, seat: int) -> str:
        return self._part(seat).reissue(seat)

    def retire(self, seat: int) -> None:
        self._part(seat).retire(seat)

    def publish(self, seat: int, message: dict) -> None:
        self._part(seat).publish(seat, message)

    def tell(self, seat: int, message: dict) -> None:
        self._part(seat).tell(seat, message)

    # --- every part ---------------------------------------------------------------------
    def publish_table(self, message: dict) -> None:
        for part in self.parts.values():
            part.publish_table(message)

    def broadcast(self, message: dict, *, tables: bool = True) -> None:
        for part in self.parts.values():
            part.broadcast(message, tables=tables)

    def game_over(self) -> None:
        for part in self.parts.values():
            part.game_over()


__all__ = ["Combined", "PartFailed", "SeatTransport"]
