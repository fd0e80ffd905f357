"""Known-answer frames of the sealed format (game/online/seal.py, docs/design/SEALING.md §2),
shared by the Python tests and the page's (tests/online/test_seal_page.py), so both twins
are held to the same bytes. Each: key, room, seat, direction, the frame's counter, the
plaintext, and the exact frame. Fixed here once; never regenerate them from the code."""

from __future__ import annotations

from typing import NamedTuple


class Vector(NamedTuple):
    key: str  # hex
    room: str
    seat: int
    direction: str
    counter: int
    plaintext: str  # hex
    frame: str  # hex


VECTORS = (
    Vector("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "room-A", 1,
           "p2h", 1, b'{"a":"play","card":"crane"}'.hex(),
           "010000000000000001aac6e0ce551a47ffeb0324fbae310c1aa91580552de16f19d266241670f665"
           "1432140b73e3fcf95ade0b50"),
    Vector("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "room-A", 1,
           "h2p", 1, "",
           "010000000000000001fff22af9812c6b527cdef55cb20e87e1"),
    Vector("a5" * 32, "部屋-7", 6, "h2p", 2**40 + 5, "菊に盃".encode().hex(),
           "0100000100000000058f502fe814b7420f6a0adf6a0434596b002870bd5f07ba5769"),
    Vector("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0", "x", 0, "p2h",
           2**64 - 1, bytes(range(64)).hex(),
           "01ffffffffffffffff22f5183e2a103be64490a7f30e391aec60a91c9013ca77a34318d8ddc5eadc"
           "3d60ec38e3bca86f150a8dc5f2d6923c7bd0991e1407e19f0ac2ae4271d689f18cad861ec33cb4e4"
           "b37ccb1ae6a658b348"),
)

# key_text of the first and last keys above: what a link's fragment carries
KEY_TEXTS = {
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f":
        "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
    "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0":
        "__79_Pv6-fj39vX08_Lx8O_u7ezr6uno5-bl5OPi4eA",
}

# The per-connection key of the handshake (seal.derive, the page's HachiSeal.deriveConnKey):
# HKDF-SHA256(ikm = seat key, salt = conn_id ‖ host nonce, info = b"hachihachi seat v1",
# length 32). Each: (seat key hex, conn_id hex, host nonce hex, derived key hex), computed
# with an HMAC-SHA256 written out by hand from RFC 5869, not with the code under test.
CONN_VECTORS = [
    ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "000102030405060708090a0b0c0d0e0f",
     "f0e0d0c0b0a090807060504030201000",
     "f280d136092cba8e22b4787cc2cecaf7c919fab5bf1c095dc4c66d25b99d7f77"),
    ("a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5",
     "00ff00ff00ff00ff00ff00ff00ff00ff",
     "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a",
     "fe66f29530d747fdedfcb3d8ebf6d9b80341561e7511ef37ce486ca3f4bcdebb"),
    ("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0",
     "00000000000000000000000000000000",
     "ffffffffffffffffffffffffffffffff",
     "6a5abd028dc48b97f2230d6e2d43c3faffadfe1bdbf46aa438272e9c8ed658ba"),
]
