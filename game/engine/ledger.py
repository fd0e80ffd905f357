"""Payments and round results: every transfer has a payer, a payee and a reason id."""

from __future__ import annotations

from typing import NamedTuple

POT = -1  # payer or payee "pot" (drop-out fees, the pot going to the winner)


class Basis(NamedTuple):
    """The formula behind one payment, as data (TABLE.md §5.8 "the ledger explains").

    The amount is ``scaled(base * share, den, m)``; the other fields say where ``base`` came
    from: ``kan`` x ``unit`` (amounts named in kan), ``points`` against ``par`` (card points
    against a par or, for two players, the other's points). Only recorded when events are
    on, so the rollout kernel pays nothing for it.
    """

    kind: str  # "mon", "kan", "card_points", "difference", "capped", "fee", "compensation", "pot"
    base: int  # mon at m = 1 (before den and share)
    m: int = 1
    den: int = 1
    share: int = 1  # 2: a liable opponent pays both opponents' shares
    kan: int = 0
    unit: int = 0
    par: int = 0
    points: int = 0

    def amount(self) -> int:
        """The amount this formula gives; equals the payment's amount."""
        if self.kind == "compensation":
            return -(-self.base * self.m // 2)
        return scaled(self.base * self.share, self.den, self.m)


class Payment(NamedTuple):
    frm: int  # seat, or POT
    to: int  # seat, or POT
    amount: int  # mon, > 0
    reason: str
    basis: Basis | None = None  # the formula, when events are on (not part of as_json)

    # The basis explains a transfer, it is not part of it: a game played with events off
    # (rollouts, resampled worlds) holds the same payments as one played with them on.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Payment):
            return self[:4] == other[:4]
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:4])

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
