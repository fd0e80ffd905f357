"""The handshake's per-connection key (seal.derive): pinned by known answers the page's
`HachiSeal.deriveConnKey` is held to as well; a different connection id or seat key gives a
different key; a bad connection id or key is refused."""

from __future__ import annotations

import pytest

from game.online.seal import H2P, Opener, Sealer, SealError, derive
from tests.online.vectors import CONN_VECTORS


@pytest.mark.parametrize(("key", "conn_id", "derived"), CONN_VECTORS)
def test_derive_matches_known_answers(key: str, conn_id: str, derived: str) -> None:
    assert derive(bytes.fromhex(key), bytes.fromhex(conn_id)).hex() == derived


def test_derive_separates_connections_and_seats() -> None:
    key = bytes(range(32))
    a, b = derive(key, bytes(16)), derive(key, bytes([1]) + bytes(15))
    assert a != b and a != key
    assert derive(bytes(32), bytes(16)) != a
    frame = Sealer(a, "room-A", 1, H2P).seal(b"view")
    with pytest.raises(SealError):
        Opener(b, "room-A", 1, H2P).open(frame)
    assert Opener(a, "room-A", 1, H2P).open(frame) == b"view"


@pytest.mark.parametrize("conn_id", [b"", bytes(15), bytes(17), "0" * 16])
def test_derive_refuses_a_bad_connection_id(conn_id: object) -> None:
    with pytest.raises(SealError):
        derive(bytes(32), conn_id)  # type: ignore[arg-type]


def test_derive_refuses_a_bad_key() -> None:
    with pytest.raises(SealError):
        derive(bytes(31), bytes(16))
