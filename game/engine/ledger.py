"""Payments and round results: every transfer has a payer, a payee and a reason id."""

from __future__ import annotations

from typing import NamedTuple

POT = -1  # payer or payee "pot" (drop-out fees, the pot going to the winner)


class Payment(NamedTuple):
    frm: int  # seat, or POT
    to: int  # seat, or POT
    amount: int  # mon, > 0
    reason: str

    def as_json(self) -> dict:
        return {"from": "pot" if self.frm == POT else self.frm,
                "to": "pot" if self.to == POT else self.to,
                "amount": self.amount, "reason": self.reason}


class RoundResult(NamedTuple):
    ending: str
    winner: int | None
    multiplier: int
    net: tuple[int, ...]
    payments: tuple[Payment, ...]
    dealer: int

    def as_json(self) -> dict:
        return {"ending": self.ending, "winner": self.winner, "multiplier": self.multiplier,
                "net": list(self.net), "payments": [p.as_json() for p in self.payments]}


def scaled(num: int, den: int, m: int) -> int:
    """num/den mon times m, rounded up to a whole mon (docs/rules/README.md §3.3)."""
    return -(-num * m // den)
