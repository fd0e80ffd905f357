"""The seed a player types in New game: only what the record and the statistics can hold.

A game's chance comes from a 64-bit generator (the session masks a seed to 64 bits, so a
longer number would silently become another one), the record keeps the seed as a JSON
number, and the statistics keep it in a 64-bit column (game.stats.seed_to_db). So a typed
seed is ASCII digits for a whole number from 0 to 2**64 - 1: every such seed is played as
typed, recorded and counted. Anything else is refused with the reason, and checked before
any int(): a 5,000-digit paste is beyond what int() parses, and "²" is a digit to
str.isdigit() but not to int().
"""

from __future__ import annotations

from game.i18n import _

MAX_SEED = 2**64 - 1


def parse_seed(text: str) -> tuple[int | None, str | None]:
    """(the seed, None); (None, None) for an empty field (a random seed); (None, the reason
    for the player) for anything a game cannot be recorded and counted with."""
    t = text.strip()
    if not t:
        return None, None
    if not (t.isascii() and t.isdigit()):
        return None, _("The seed must be a whole number written with the digits 0 to 9 "
                       "(or empty for random).")
    digits = t.lstrip("0") or "0"
    if len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:
        return None, _("The seed must be at most {max} (the largest a record and the "
                       "statistics keep).").format(max=MAX_SEED)
    return int(digits), None


__all__ = ["MAX_SEED", "parse_seed"]
