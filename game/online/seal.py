"""Sealed frames between an online seat's page and the host (issue 46, items 8-9), so a relay
in between forwards them and reads nothing. The page's twin is `game/party/client/seal.js`;
the reasons and the limits are in docs/design/SEALING.md.

Each online seat has its own random 256-bit key (`new_seat_key`), carried to the page in the
link's fragment (`#<key text>`, base64url without padding: `key_text`), which browsers never
send to a server. One key serves both directions of one seat; the direction is in every
nonce, so the two directions never share one.

A frame, as bytes on the wire::

    version (1) | counter (8, big-endian) | AES-256-GCM ciphertext and its 16-byte tag

- version: `VERSION` (1). A frame of another version is refused.
- counter: 1, 2, 3... per sealer. The opener accepts a frame only if its counter is above
  the last one it accepted, which refuses a replayed frame and one that arrives out of order
  (the relay's socket keeps order, so a frame out of order was tampered with).
- nonce (12 bytes, not sent): direction code (1) | three zero bytes | counter (8,
  big-endian). The codes are 1 for "h2p" (host to page) and 2 for "p2h" (page to host).
- associated data (not sent): version (1) | direction code (1) | seat (1) | room id (UTF-8,
  the rest). A frame sealed for one room, seat or direction fails its tag in any other.

The header is authenticated too: it is part of the associated data (the version) and of the
nonce (the counter), so changing either fails the tag. A sealer or an opener belongs to one
owner (the host's event loop, or the page); neither is thread-safe.
"""

from __future__ import annotations

import base64
import binascii
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

VERSION = 1
KEY_BYTES = 32  # AES-256
HEADER_BYTES = 9  # version and counter
TAG_BYTES = 16  # GCM's full tag: WebCrypto's default, and no reason to shorten it
MIN_FRAME = HEADER_BYTES + TAG_BYTES  # an empty plaintext's frame
MAX_COUNTER = 2**64 - 1
H2P = "h2p"  # the host to the seat's page
P2H = "p2h"  # the seat's page to the host
DIRECTIONS = {H2P: 1, P2H: 2}
CONN_ID_BYTES = 16  # the page's random id for one socket (b"C" frame), and the host's nonce
# in answer (b"S" frame): each is this many bytes
CONN_INFO = b"hachihachi seat v1"  # HKDF's info: binds the derived key to this use


class SealError(ValueError):
    """A frame that cannot be trusted (forged, cut, replayed, out of order, for another room,
    seat or direction, or under another key), or a key or binding that is not valid."""


def new_seat_key() -> bytes:
    """A fresh random key for one online seat (256 bits from the system's generator)."""
    return secrets.token_bytes(KEY_BYTES)


def key_text(key: bytes) -> str:
    """The key as a link carries it after the '#': base64url without padding (43 chars)."""
    return base64.urlsafe_b64encode(_check_key(key)).rstrip(b"=").decode("ascii")


def key_from_text(text: str) -> bytes:
    """The key back from `key_text`'s form (a leading '#' is allowed); SealError if it is not
    exactly one key."""
    text = text.removeprefix("#")
    if len(text) != 43 or not text.isascii() or "=" in text:
        raise SealError("a seat key is 43 base64url characters")
    try:
        key = base64.b64decode(text + "=", altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:
        raise SealError("a seat key is 43 base64url characters") from exc
    if key_text(key) != text:  # stray low bits in the last character: not our encoding
        raise SealError("a seat key is 43 base64url characters")
    return key


def derive(key: bytes, conn_id: bytes, host_nonce: bytes) -> bytes:
    """The key one page socket seals with: HKDF-SHA256 of the seat key, salted with the
    connection id the page picked for that socket and the nonce the host picked in answer.
    A reloaded page, or a second device, picks a new id, so its counters can start at 1 again
    without ever reusing a nonce under one key; the host's part makes every socket's key new
    to this run of the host too, so a whole old connection replayed by a relay (after the
    host restarted and forgot the ids it had seen) opens under no key of this run."""
    for part, what in ((conn_id, "a connection id"), (host_nonce, "a host nonce")):
        if not isinstance(part, (bytes, bytearray, memoryview)) or len(part) != CONN_ID_BYTES:
            raise SealError(f"{what} is {CONN_ID_BYTES} bytes")
    return HKDF(algorithm=hashes.SHA256(), length=KEY_BYTES,
                salt=bytes(conn_id) + bytes(host_nonce),
                info=CONN_INFO).derive(_check_key(key))


def nonce(direction: str, counter: int) -> bytes:
    """The 96-bit GCM nonce of one frame: the direction's code, three zeros, the counter."""
    return bytes([_code(direction), 0, 0, 0]) + counter.to_bytes(8, "big")


def associated_data(room: str, seat: int, direction: str) -> bytes:
    """What every frame is bound to besides its key: version, direction, seat, room."""
    if not isinstance(room, str) or not room:
        raise SealError("a room id is a non-empty string")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 255:
        raise SealError("a seat number is an int in 0..255")
    return bytes([VERSION, _code(direction), seat]) + room.encode("utf-8")


class Sealer:
    """Seals one direction of one seat's frames. `after` is the last counter this direction
    used (0 for a new key): the next frame carries after + 1."""

    def __init__(self, key: bytes, room: str, seat: int, direction: str, *,
                 after: int = 0) -> None:
        self._aead = AESGCM(_check_key(key))
        self._direction = direction
        self._ad = associated_data(room, seat, direction)
        self._counter = _check_counter(after)

    @property
    def counter(self) -> int:
        """The counter of the last frame sealed (0 before the first)."""
        return self._counter

    def seal(self, plaintext: bytes) -> bytes:
        """The frame that carries `plaintext`; each call uses the next counter."""
        if self._counter >= MAX_COUNTER:  # never reached in practice, never a reused nonce
            raise SealError("this key has sealed all the frames it may; make a new one")
        self._counter += 1
        body = self._aead.encrypt(nonce(self._direction, self._counter), bytes(plaintext),
                                  self._ad)
        return bytes([VERSION]) + self._counter.to_bytes(8, "big") + body


class Opener:
    """Opens one direction of one seat's frames, each once and in order. `last` is the last
    counter already accepted (0 for a new key)."""

    def __init__(self, key: bytes, room: str, seat: int, direction: str, *,
                 last: int = 0) -> None:
        self._aead = AESGCM(_check_key(key))
        self._direction = direction
        self._ad = associated_data(room, seat, direction)
        self._last = _check_counter(last)

    @property
    def last(self) -> int:
        """The counter of the last frame accepted (0 before the first)."""
        return self._last

    def open(self, frame: bytes) -> bytes:
        """The plaintext `frame` carries, or SealError. A refused frame changes nothing, so
        a forgery cannot make the opener refuse the genuine frames after it."""
        frame = bytes(frame)
        if len(frame) < MIN_FRAME:
            raise SealError("frame too short")
        if frame[0] != VERSION:
            raise SealError("unknown frame version")
        counter = int.from_bytes(frame[1:HEADER_BYTES], "big")
        if counter <= self._last:
            raise SealError("frame replayed or out of order")
        try:
            plain = self._aead.decrypt(nonce(self._direction, counter), frame[HEADER_BYTES:],
                                       self._ad)
        except InvalidTag as exc:
            raise SealError("frame forged, or not for this key, room, seat or direction") \
                from exc
        self._last = counter
        return plain


def _code(direction: str) -> int:
    try:
        return DIRECTIONS[direction]
    except (KeyError, TypeError) as exc:
        raise SealError(f"direction is {H2P!r} or {P2H!r}") from exc


def _check_key(key: bytes) -> bytes:
    if not isinstance(key, (bytes, bytearray, memoryview)) or len(key) != KEY_BYTES:
        raise SealError(f"a seat key is {KEY_BYTES} bytes")
    return bytes(key)


def _check_counter(counter: int) -> int:
    if isinstance(counter, bool) or not isinstance(counter, int) \
            or not 0 <= counter <= MAX_COUNTER:
        raise SealError("a counter is an int in 0..2**64-1")
    return counter


__all__ = ["CONN_ID_BYTES", "CONN_INFO", "DIRECTIONS", "H2P", "KEY_BYTES", "MAX_COUNTER",
           "MIN_FRAME", "P2H", "VERSION", "Opener", "SealError", "Sealer", "associated_data",
           "derive", "key_from_text", "key_text", "new_seat_key", "nonce"]
