"""The view as a settled round's ledger shows it, for every front end (the window's table
under its ledger, the Continue button's summary, the replay): the engine has already moved
on to the next round when a round ends. No pygame here.
"""

from __future__ import annotations

import dataclasses

from game.engine.view import PlayerView


def round_end_view(live: PlayerView, during: PlayerView | None = None) -> PlayerView:
    """The view as it stood at the end of the round just settled, for the table under the
    ledger: that round's number, dealer and multiplier, and the totals before its payments
    (the engine has already moved on to the next round's dealer and totals; showing those
    before the ledger is dismissed would spoil the result). `during` is a view from inside
    that round, for the public values the result does not carry (carry, pot)."""
    r = live.results[-1]
    ended = live.round if live.phase == "over" or r.ending == "misdeal" else live.round - 1
    totals = tuple(t - n for t, n in zip(live.totals, r.net, strict=True))
    kw: dict = {"round": max(1, ended), "dealer": r.dealer, "multiplier": r.multiplier,
                "totals": totals}
    if during is not None and during.round == ended:
        # and the round's own seating: no drop-out layout of the next round under the ledger
        kw.update(carry=during.carry, pot=during.pot, phase=during.phase)
    return dataclasses.replace(live, **kw)


__all__ = ["round_end_view"]
