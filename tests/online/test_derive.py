"""The handshake's per-connection key (seal.derive): pinned by known answers the page's
`HachiSeal.deriveConnKey` is held to as well; a different connection id or seat key gives a
different key; a bad connection id or key is refused."""

from __future__ import annotations

import pytest

from game.online.seal import H2P, Opener, Sealer, SealError, derive
from tests.online.vectors import CONN_VECTORS


@pytest.mark.parametrize(("key", "conn_id", "host_nonce", "derived"), CONN_VECTORS)
def test_derive_matches_known_answers(key: str, conn_id: str, host_nonce: str,
                                      derived: str) -> None:
    assert derive(bytes.fromhex(key), bytes.fromhex(conn_id),
                  bytes.fromhex(host_nonce)).hex() == derived


def test_derive_separates_connections_and_seats() -> None:
    key = bytes(range(32))
    n = bytes(range(16))
    a, b = derive(key, bytes(16), n), derive(key, bytes([1]) + bytes(15), n)
    assert a != b and a != key
    assert derive(bytes(32), bytes(16), n) != a
    assert derive(key, bytes(16), bytes(16)) != a  # the host's part changes it too
    frame = Sealer(a, "room-A", 1, H2P).seal(b"view")
    with pytest.raises(SealError):
        Opener(b, "room-A", 1, H2P).open(frame)
    assert Opener(a, "room-A", 1, H2P).open(frame) == b"view"


@pytest.mark.parametrize("part", [b"", bytes(15), bytes(17), "0" * 16])
def test_derive_refuses_a_bad_connection_id_or_host_nonce(part: object) -> None:
    with pytest.raises(SealError):
        derive(bytes(32), part, bytes(16))  # type: ignore[arg-type]
    with pytest.raises(SealError):
        derive(bytes(32), bytes(16), part)  # type: ignore[arg-type]


def test_derive_refuses_a_bad_key() -> None:
    with pytest.raises(SealError):
        derive(bytes(31), bytes(16), bytes(16))
