"""How the player reads a number of mon or points (no pygame: the log and tests use it too)."""

from __future__ import annotations

MINUS = "\u2212"  # the minus sign: "−98", never the hyphen-minus "-98"


def amount(v: int, sign: bool = False) -> str:
    """Every amount the player reads: "−98" (U+2212); with `sign`, gains get "+" too.
    The one formatting function for amounts (issue 11): theme, log and ledger use it."""
    if v < 0:
        return f"{MINUS}{-v}"
    return f"+{v}" if sign and v > 0 else str(v)
