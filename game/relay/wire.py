"""What a relay connection says (issue 46, items 4 and 6): the opening messages, the frame
headers and the close codes, kept apart from the server so the host's side and the page can
share them. The whole format, in words, is in docs/design/RELAY.md and `game.relay`.

Control messages are JSON text frames, small (at most `MAX_CONTROL` bytes); payloads are
binary frames the relay never looks into. A seat is one byte on the wire (0..`MAX_SEATS`-1).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

MAX_SEATS = 8  # the family is played by three to seven; a seat is one byte in a frame
MAX_CONTROL = 1024  # bytes of one JSON control message
TOTAL = 4096  # connections one instance holds at most, by default (--max-connections)
PER_ADDRESS = 32  # and from one address (--per-address)
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")  # a room id: URL-safe, as a link carries it
SECRET_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,128}")  # a host secret or a seat token

# close codes (the 4000s are ours; 1009 "too big" is the WebSocket library's own)
CLOSE_HELLO = 4000  # no valid opening message in time, or a frame before it
CLOSE_REPLACED = 4002  # the same seat (or the host) connected again elsewhere
CLOSE_REFUSED = 4003  # unknown room, bad secret or bad token: one code, one word, never which
CLOSE_REVOKED = 4004  # the host made the seat a new link, or gave it to a computer
CLOSE_EXPIRED = 4005  # the host has been away longer than the grace period: the room is gone
CLOSE_TOO_FAST = 4008  # more messages a second than allowed
CLOSE_FULL = 4009  # the room has as many connections as it may
CLOSE_SLOW = 4011  # the connection did not read its frames: it may come back and catch up
REFUSED_WORDS = "refused"  # the one reason given for every refusal of a room


class BadHello(ValueError):
    """An opening message the relay does not take (said to nobody: the connection closes)."""


@dataclass(frozen=True)
class HostHello:
    """`{"t":"host","room":R,"secret":S,"seats":{"0":T0,"2":T2}}`: registers (or takes
    back) room R; `seats` gives each seat a page may join and its token."""

    room: str
    secret: str
    seats: dict[int, str]


@dataclass(frozen=True)
class JoinHello:
    """`{"t":"join","room":R,"seat":N,"token":T}`: a page takes seat N of room R."""

    room: str
    seat: int
    token: str


def parse_hello(raw: str | bytes) -> HostHello | JoinHello:
    """The first message of a connection, checked field by field (BadHello otherwise)."""
    msg = _object(raw)
    kind = msg.get("t")
    if kind == "host":
        return HostHello(_text(msg, "room", ID_PATTERN), _text(msg, "secret", SECRET_PATTERN),
                         parse_seats(msg.get("seats")))
    if kind == "join":
        seat = msg.get("seat")
        if not _is_seat(seat):
            raise BadHello("seat")
        return JoinHello(_text(msg, "room", ID_PATTERN), seat, _text(msg, "token",
                                                                     SECRET_PATTERN))
    raise BadHello("kind")


def parse_host_control(raw: str | bytes) -> tuple[str, dict[int, str] | None]:
    """A control message from a registered host: `{"t":"seats","seats":{...}}` (the seats
    and tokens from now on: a changed or missing token closes that seat's page) or
    `{"t":"end"}` (the game is over: the room goes at once)."""
    msg = _object(raw)
    if msg.get("t") == "seats":
        return "seats", parse_seats(msg.get("seats"))
    if msg.get("t") == "end":
        return "end", None
    raise BadHello("kind")


def parse_seats(value: object) -> dict[int, str]:
    if not isinstance(value, dict) or len(value) > MAX_SEATS:
        raise BadHello("seats")
    out: dict[int, str] = {}
    for key, token in value.items():
        if not (isinstance(key, str) and key.isdigit() and _is_seat(int(key))):
            raise BadHello("seats")
        if not (isinstance(token, str) and SECRET_PATTERN.fullmatch(token)):
            raise BadHello("seats")
        out[int(key)] = token
    return out


def encode(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"))


def to_host(seat: int, payload: bytes) -> bytes:
    """A player's payload as the host receives it: the seat byte, then the payload."""
    return bytes((seat,)) + payload


def from_host(frame: bytes) -> tuple[int, bytes] | None:
    """A host's frame split into its target seat and payload (None: no valid seat byte)."""
    if not frame or not _is_seat(frame[0]):
        return None
    return frame[0], frame[1:]


def _object(raw: str | bytes) -> dict:
    if not isinstance(raw, str) or len(raw.encode()) > MAX_CONTROL:
        raise BadHello("not a small text message")
    try:
        msg = json.loads(raw)
    except ValueError:
        raise BadHello("not JSON") from None
    if not isinstance(msg, dict):
        raise BadHello("not an object")
    return msg


def _text(msg: dict, key: str, pattern: re.Pattern[str]) -> str:
    value = msg.get(key)
    if not (isinstance(value, str) and pattern.fullmatch(value)):
        raise BadHello(key)
    return value


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_SEATS


__all__ = ["CLOSE_EXPIRED", "CLOSE_FULL", "CLOSE_HELLO", "CLOSE_REFUSED", "CLOSE_REPLACED",
           "CLOSE_REVOKED", "CLOSE_SLOW", "CLOSE_TOO_FAST", "MAX_SEATS", "REFUSED_WORDS",
           "BadHello", "HostHello", "JoinHello", "encode", "from_host", "parse_hello",
           "parse_host_control", "parse_seats", "to_host"]
