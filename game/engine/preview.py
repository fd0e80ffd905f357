"""What each decision pays and risks, computed from one seat's view (never the true state).

The table's decision panels put these facts into words (game/play/choices.py); the UI never
does rules arithmetic itself, and the engine holds no sentences. Amounts are in mon with the
round's multiplier, from the deciding seat's side (positive: it receives).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rulesets
from .actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP, Action
from .deal import dealt_seats
from .ledger import scaled
from .payments import each_opponent_pays
from .positions import ruleset_of
from .view import PlayerView


@dataclass(frozen=True)
class ChoicePreview:
    """The facts of one decision; which fields matter depends on ``action.verb``."""

    action: Action
    phase: str  # the decision's phase (a pass declines mizuten or the swap)
    amount: int | None  # mon this seat nets from the choice now, when it is known
    items: tuple[str, ...] = ()  # shoubu, sage, cancel: this seat's dekiyaku ids
    others_paid: int = 0  # shoubu: what this seat pays for the other sage calls
    void_and_double: bool = False  # sage: a failed sage may be void and pay double
    fee: int = 0  # drop: the drop-out fee into the pot (x m); 0 when dropping is free
    forced: bool = False  # join: this seat must play
    multiplier: int = 1
    threshold: int | None = None  # mizuten, swap: the achievement's card points
    kan: int = 0  # mizuten, swap: one kan x m


def preview(view: PlayerView) -> list[ChoicePreview]:
    """One entry per legal decision of this seat (plays and takes are not decisions)."""
    rs = ruleset_of(view)
    out = []
    for a in view.legal:
        fn = _PREVIEWS.get(a.verb)
        if fn is not None:
            out.append(fn(view, rs, a))
    return out


def _opponents(view: PlayerView) -> list[int]:
    return [s for s in view.active if s != view.seat]


def _from_opponents(view: PlayerView, rs: rulesets.Ruleset, value: int, den: int) -> int:
    """What all opponents together pay for one amount 'from each opponent' (value/den)."""
    n = len(_opponents(view))
    return each_opponent_pays(value, den, view.multiplier, n, rs.split) * n


def _mine(view: PlayerView) -> dict[str, int]:
    # a spectator's view (seat -1) has no yaku of its own: never the last seat's
    return view.yaku[view.seat] if view.yaku and 0 <= view.seat < len(view.yaku) else {}


def _shoubu(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    mine = _mine(view)
    got = sum(_from_opponents(view, rs, v, 1) for v in mine.values())
    paid = 0
    if rs.sage_failure in ("half_double", "half"):
        for y in view.sage_order:
            if y != view.seat:
                paid += sum(scaled(v, 2, view.multiplier) for v in view.yaku[y].values())
    return ChoicePreview(a, view.phase, got - paid, tuple(mine), others_paid=paid,
                         multiplier=view.multiplier)


def _sage(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    double = rs.sage_failure in ("void_double", "half_double") \
        and len(_opponents(view)) == 2
    return ChoicePreview(a, view.phase, None, tuple(_mine(view)), void_and_double=double,
                         multiplier=view.multiplier)


def _cancel(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    mine = _mine(view)
    got = sum(_from_opponents(view, rs, v, 2) for v in mine.values())
    return ChoicePreview(a, view.phase, got, tuple(mine), multiplier=view.multiplier)


def _drop(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    # p: this seat's place in the drop-out order; every seat before it has answered, and
    # those that did not join dropped, so this drop would be the k-th
    p = dealt_seats(view.seats, view.dealer, view.blank).index(view.seat)
    k = p - len(view.active) + 1
    fee = rs.fee(k, p) * view.multiplier
    return ChoicePreview(a, view.phase, -fee, fee=fee, multiplier=view.multiplier)


def _join(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    return ChoicePreview(a, view.phase, None, forced=len(view.legal) == 1,
                         multiplier=view.multiplier)


def _achievement(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    """Mizuten and the hand swap both pay 1 kan x m at the achievement threshold (§12)."""
    return ChoicePreview(a, view.phase, None, multiplier=view.multiplier,
                         threshold=rs.ach_threshold, kan=rs.kan * view.multiplier)


def _pass(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    return ChoicePreview(a, view.phase, None, multiplier=view.multiplier)


_PREVIEWS = {SHOUBU: _shoubu, SAGE: _sage, CANCEL: _cancel, DROP: _drop, JOIN: _join,
             MIZUTEN: _achievement, SWAP: _achievement, PASS: _pass}
