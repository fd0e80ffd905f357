"""The party client's files, as a fixed list (issues 28 and 46): the page, its script, its
style sheet, its sealing script and the 49 card pictures. The party server serves them to the
phones on the home network and the relay to online seats; both ask here, so neither ever
turns a path from a client into a path on the file system: a request names an entry of this
list or gets nothing.

It stands on the standard library and `game.resources` only: the relay, which knows rooms,
seats and bytes and nothing of the game, serves these files too. So the card pictures are
named by the art folder itself (the 48 cards and the back, listed once when the list is made),
not by the engine's card table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PAGE = "index.html"
CLIENT_FILES = {"party.js": "text/javascript; charset=utf-8",
                "party.css": "text/css; charset=utf-8",
                "seal.js": "text/javascript; charset=utf-8"}
HTML = "text/html; charset=utf-8"
SVG = "image/svg+xml"


def client_dir() -> Path:
    from game.resources import resource_dir

    return resource_dir("game", "party", "client", holding=PAGE)


def cards_dir() -> Path:
    from game.resources import resource_dir

    return resource_dir("art", "cards", holding="back.svg")


SCRIPTED = (PAGE, *sorted(CLIENT_FILES))  # the files a fingerprint covers, in its order


def fingerprint(files: Mapping[str, bytes]) -> str:
    """The page's fingerprint (issue 46, item 9): SHA-256 over the page and its scripts and
    style sheet (each name, its length and its bytes, in `SCRIPTED` order), its first 80 bits
    as five groups of four hex digits, short enough to read aloud. The card pictures are left
    out: a page shows them as <img>, where an SVG runs no script. `files` must hold every
    name of `SCRIPTED` (KeyError otherwise)."""
    h = hashlib.sha256()
    for name in SCRIPTED:
        body = files[name]
        h.update(name.encode() + b"\0" + len(body).to_bytes(8, "big") + body)
    digest = h.hexdigest()[:20]
    return " ".join(digest[i:i + 4] for i in range(0, 20, 4))


@dataclass(frozen=True)
class Found:
    """One file to answer with: its bytes, its content type, and whether a browser may keep
    it (the card pictures never change within a version; the page and scripts may)."""

    body: bytes
    kind: str
    cache: bool = False


class ClientFiles:
    """The page and its files, read once when made; a card picture read when asked for, by a
    name looked up in the pictures listed when this was made."""

    def __init__(self) -> None:
        folder = client_dir()
        self._files = {name: (folder / name).read_bytes() for name in (PAGE, *CLIENT_FILES)}
        cards = cards_dir()
        self._cards = {p.stem: p for p in cards.glob("*.svg") if p.is_file()}

    def fingerprint(self) -> str:
        """This program's page, fingerprinted (`fingerprint`): what the lobby shows and
        `python -m game check-page` compares a relay's page with."""
        return fingerprint(self._files)

    @property
    def card_names(self) -> frozenset[str]:
        return frozenset(self._cards)

    def page(self) -> Found:
        return Found(self._files[PAGE], HTML)

    def asset(self, path: str) -> Found | None:
        """What `/c/<file>` or `/cards/<card>.svg` names, or None for any other path."""
        if path.startswith("/c/") and path[3:] in CLIENT_FILES:
            return Found(self._files[path[3:]], CLIENT_FILES[path[3:]])
        if path.startswith("/cards/") and path.endswith(".svg"):
            picture = self._cards.get(path[len("/cards/"):-len(".svg")])
            if picture is not None:
                return Found(picture.read_bytes(), SVG, cache=True)
        return None


__all__ = ["CLIENT_FILES", "PAGE", "SCRIPTED", "ClientFiles", "Found", "cards_dir", "client_dir",
           "fingerprint"]
