"""The values a statistics file may hold, and the checks every value read passes first.

A file can pass SQLite's own integrity check and still hold anything where a figure belongs
(text for a number, a float for a count, a list as long as the file), so nothing read is
trusted: each value goes through one of these checks before it is used, and a value that
fails is left out (and, for a whole game, counted as damaged: `game.stats.db`). The limits
are far above anything a real game reaches and far below what would slow a screen.

Ground floor of the package: it imports nothing of the statistics.
"""

from __future__ import annotations

import datetime as dt
import math

from game import files
from game.engine.vocab import Ending

# SQLite keeps signed 64-bit integers; a game's seed is any 64-bit value (the session masks
# it so), so seeds from 2**63 up are kept as their two's complement and read back.
SEED_BITS = 64
MAX_COUNT = 10**7  # undos, hints, times a yaku was made: beyond this, not a real figure
AMOUNT_DIGITS = 12  # mon in a round or a game: more digits than this is not a real figure
MAX_AMOUNT = 10**AMOUNT_DIGITS - 1
MAX_LIST = 63  # values in a row's JSON list (seats): far more than any table has
MAX_LEDGER = 10**15  # a yaku's times in the ledger: beyond this, a damaged value
MISDEAL = str(Ending.MISDEAL)  # a round that is no one's: left out of the round figures


def seed_to_db(seed: object) -> int | None:
    """A seed as the database keeps it (None: no seed, or one no 64-bit game has)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << SEED_BITS:
        return None
    return seed - (1 << SEED_BITS) if seed >= 1 << (SEED_BITS - 1) else seed


def seed_from_db(value: object) -> int | None:
    """The seed a stored value stands for (the inverse of `seed_to_db`)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    return value + (1 << SEED_BITS) if value < 0 else value


def share(value: object) -> float | None:
    """A stored accuracy, checked: a float from 0 to 1, else None."""
    if isinstance(value, float) and math.isfinite(value) and 0.0 <= value <= 1.0:
        return value
    return None


def count_of(value: object) -> int:
    """A count from a record or the database: a whole number 0..MAX_COUNT, else 0."""
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT
    return value if ok else 0  # type: ignore[return-value]


def is_amount(value: object) -> bool:
    """True for mon a round or a game can really be worth (a whole number, MAX_AMOUNT)."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_AMOUNT


def whole(value: object) -> int | None:
    """A figure SQLite summed or chose, as a whole number (None when there is none)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return round(value) if math.isfinite(value) else None


# the JSON lists a row keeps: short, flat, whole numbers
_LIST_LIMITS = files.Limits(max_bytes=4096, max_depth=1, max_int_digits=13, max_str_len=0,
                            max_items=64)


def int_list(text: object) -> list[int] | None:
    """A JSON list of whole numbers within `MAX_AMOUNT`, or None. The same check as the
    SQL of `game.stats.schema.int_list_sql` (a test holds them equal)."""
    if not isinstance(text, str):
        return None
    try:
        value = files.parse_json(text, _LIST_LIMITS)
    except files.FileRejected:
        return None
    if not isinstance(value, list) or not all(is_amount(v) for v in value):
        return None
    return value


def record_name(value: object) -> str | None:
    """A statistics row's record file as a bare name inside the records folder, or None:
    no folder, no `..`, nothing absolute, nothing that is not a plain .json name."""
    if not isinstance(value, str) or not value or len(value) > 255:
        return None
    if any(sep in value for sep in ("/", "\\", "\x00")) or value in (".", "..") \
            or value.startswith(".") or ":" in value or not value.endswith(".json"):
        return None
    return value


def now_utc() -> str:
    """Now, as a finish time is kept: UTC, ISO 8601, whole seconds."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


def is_iso_time(text: str) -> bool:
    """True for an ISO 8601 time as `now_utc` writes it (with its zone): a finish time a
    record's `app` facts may carry, which the statistics and the records list trust."""
    if len(text) > 40:
        return False
    try:
        return dt.datetime.fromisoformat(text).tzinfo is not None
    except ValueError:
        return False
