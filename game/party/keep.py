"""A party game's links, kept beside its autosave (issue 28, item 5): Continue re-opens the
lobby with the same links, so the phones' pages (or their bookmarks, or the QR codes already
scanned) still reach their seats.

The tokens are secrets: they live in this file only (`autosave.party.json`, made readable by
its owner alone where the system allows), never in a record, which the player may share. The
record says which seats were phones (`app.phones`); without this file (lost, damaged, from
another game) a continued party game simply gets new links. No pygame here.

Two shapes (issue 46): a game of phones only keeps its PartyServer's `kept()` at the top
level, as before; a game with online seats keeps its Combined transport's
`{"parts": {"home": <PartyServer's>, "online": <RelayTransport's>}}` (the room, its secret,
each online seat's token and key), each part checked on its own.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game import files
from game.party.protocol import valid_token

log = logging.getLogger(__name__)

SUFFIX = ".party.json"
# depth 6: {"parts": {"online": {"seats": {"3": {"key": ...}}}}}
LIMITS = files.Limits(max_bytes=8192, max_depth=6, max_str_len=256, max_items=64)


@dataclass(frozen=True)
class Links:
    """What `PartyHost.keep` gave: the address, the port, the table's and each phone
    seat's token; and, for a game with online seats, what its RelayTransport kept
    (`online`, given back as its `kept=`, which checks each piece itself). A game whose
    seats are all online has no home part: `bind` "" and `port` 0 then."""

    bind: str
    port: int
    table: str
    tokens: dict[int, str]
    online: Mapping[str, object] | None = None


def path_for(autosave: str | os.PathLike) -> Path:
    p = Path(autosave)
    return p.with_name(p.stem + SUFFIX)


def save(autosave: str | os.PathLike, seed: int, kept: dict) -> None:
    """Write the links of the game with this seed (never fails the game: logged)."""
    path = path_for(autosave)
    try:  # readable by the player alone from the first byte (issue 42, item 14)
        files.atomic_write_text(path, json.dumps({"seed": seed, **kept}), private=True)
    except OSError as e:
        log.warning("party links not kept: %s", e)


def load(autosave: str | os.PathLike, seed: int, seats: list[int],
         online: list[int] | tuple[int, ...] = ()) -> Links | None:
    """The kept links of the game with this seed and these phone seats (`online`: those of
    them played through a relay); None when there are none or the file is damaged or
    belongs to another game (new links are made then)."""
    path = path_for(autosave)
    try:
        data = files.read_json(path, LIMITS)
    except FileNotFoundError:
        return None
    except files.FileRejected as e:
        log.warning("party links %s ignored: %s", path, e)
        return None
    try:
        if not isinstance(data, dict) or data.get("seed") != seed:
            return None
        if online:
            return _combined(data, seats, list(online))
        return _links(data, seats)
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        log.warning("party links %s ignored: %s", path, e)
        return None


def _combined(data: dict, seats: list[int], online: list[int]) -> Links | None:
    """A game with online seats: its home part (if it has phones on the home network) and
    its online part; None when the file is of the other shape or a part does not fit."""
    parts = data["parts"]
    relay = parts["online"]
    if not isinstance(relay, dict) or not isinstance(relay.get("relay"), str):
        return None
    home = [s for s in seats if s not in online]
    if not home:
        return Links("", 0, "", {}, relay)
    links = _links(parts["home"], home)
    return None if links is None else Links(links.bind, links.port, links.table,
                                            links.tokens, relay)


def _links(data: object, seats: list[int]) -> Links | None:
    if not isinstance(data, dict):
        return None
    tokens = {int(k): v for k, v in data["tokens"].items()}
    bind, port, table = data["bind"], data["port"], data["table"]
    if sorted(tokens) != sorted(seats) or not all(valid_token(t) for t in tokens.values()):
        return None
    if not (isinstance(bind, str) and type(port) is int and 0 < port < 65536
            and valid_token(table)):
        return None
    return Links(bind, port, table, tokens)


def forget(autosave: str | os.PathLike) -> None:
    """The party game ended (or a new one began): its links go."""
    try:
        path_for(autosave).unlink(missing_ok=True)
    except OSError as e:
        log.info("party links not removed: %s", e)


__all__ = ["Links", "forget", "load", "path_for", "save"]
