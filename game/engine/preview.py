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
    points: int = 0  # shoubu, sage: this seat's yaku before the multiplier (Koi-Koi's points)
    # sage: the multiplier a stop by an opponent would carry after this call, over the one it
    # carries now (Koi-Koi: 2 when a call doubles the opponent's stop); 1 when unchanged
    their_factor: int = 1


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


def _from_opponents(view: PlayerView, rs: rulesets.Ruleset, value: int, den: int,
                    m: int | None = None) -> int:
    """What all opponents together pay for one amount 'from each opponent' (value/den), at
    the round's multiplier or at ``m``."""
    n = len(_opponents(view))
    m = view.multiplier if m is None else m
    return each_opponent_pays(value, den, m, n, rs.split) * n


def _mine(view: PlayerView) -> dict[str, int]:
    # a spectator's view (seat -1) has no yaku of its own: never the last seat's
    return view.yaku[view.seat] if view.yaku and 0 <= view.seat < len(view.yaku) else {}


def _shoubu(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    """A stop now: this seat's yaku from every opponent at the multiplier the stop is
    settled at (the view's stakes: Koi-Koi doubles at settlement), less what it pays for
    the other sage calls (the 88 family's half_double and half)."""
    mine = _mine(view)
    m = view.stakes.stop if view.stakes is not None else view.multiplier
    got = sum(_from_opponents(view, rs, v, 1, m) for v in mine.values())
    paid = 0
    if rs.sage_failure in ("half_double", "half"):
        for y in view.sage_order:
            if y != view.seat:
                paid += sum(scaled(v, 2, view.multiplier) for v in view.yaku[y].values())
    return ChoicePreview(a, view.phase, got - paid, tuple(mine), others_paid=paid,
                         multiplier=m, points=sum(mine.values()))


def _sage(view: PlayerView, rs: rulesets.Ruleset, a: Action) -> ChoicePreview:
    """Playing on: what it may cost (a void yaku; the 88 family's double payment; Koi-Koi's
    doubled stop for the opponent), and the multiplier of this seat's own later stop."""
    double = rs.sage_failure in ("void_double", "half_double") \
        and len(_opponents(view)) == 2
    mine = _mine(view)
    m, factor = view.multiplier, 1
    if view.stakes is not None:
        m = view.stakes.stop_after_call
        factor = max((after // max(1, now) for _s, now, after in view.stakes.opponents),
                     default=1)
    return ChoicePreview(a, view.phase, None, tuple(mine), void_and_double=double,
                         multiplier=m, points=sum(mine.values()), their_factor=factor)


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
