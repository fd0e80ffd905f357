"""What each decision pays and risks, computed from one seat's view (never the true state).

The table's decision panels show these lines; the UI never does rules arithmetic itself.
Amounts are in mon with the round's multiplier, from the deciding seat's side (positive:
it receives).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import rulesets
from .actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP, Action
from .ledger import scaled
from .view import PlayerView

NAMES = {"goko": "Five Brights", "shiko": "Four Brights", "nanatan": "Seven Ribbons",
         "akatan": "Poetry Ribbons", "aotan": "Blue Ribbons",
         "inoshikacho": "Boar-Deer-Butterflies"}


@dataclass(frozen=True)
class ChoicePreview:
    action: Action
    title: str
    amount: int | None  # mon this seat nets from the choice now, when it is known
    summary: str  # what it pays
    risk: str  # what it risks


@lru_cache(maxsize=32)
def _ruleset(name: str, options: tuple) -> rulesets.Ruleset:
    return rulesets.get(name, **dict(options))


def ruleset_of(view: PlayerView) -> rulesets.Ruleset:
    return _ruleset(view.ruleset, tuple(sorted(view.options.items())))


def _yaku_text(items: dict[str, int]) -> str:
    return " + ".join(NAMES.get(k, k) for k in items) or "nothing"


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


def _dekiyaku_share(view: PlayerView, rs, value: int, den: int) -> int:
    """What all opponents together pay for one amount 'from each opponent' (value/den)."""
    opps = _opponents(view)
    d = den * 2 if getattr(rs, "split", False) and len(opps) == 2 else den
    return scaled(value, d, view.multiplier) * len(opps)


def _shoubu(view: PlayerView, rs, a: Action) -> ChoicePreview:
    mine = rs.dek_items(view.captured_masks[view.seat])
    got = sum(_dekiyaku_share(view, rs, v, 1) for v in mine.values())
    paid = 0
    failure = getattr(rs, "sage_failure", "void")
    if failure in ("half_double", "half"):
        for y in view.sage_order:
            if y != view.seat:
                theirs = rs.dek_items(view.captured_masks[y])
                paid += sum(scaled(v, 2, view.multiplier) for v in theirs.values())
    risk = "None: the round ends now."
    if paid:
        risk = f"You also pay {paid} mon for the other sage calls."
    return ChoicePreview(a, "Shoubu", got - paid,
                         f"End the round and collect {_yaku_text(mine)}: {got} mon.", risk)


def _sage(view: PlayerView, rs, a: Action) -> ChoicePreview:
    mine = rs.dek_items(view.captured_masks[view.seat])
    failure = getattr(rs, "sage_failure", "void")
    if failure in ("void_double", "half_double") and len(_opponents(view)) == 2:
        risk = ("If another player ends the round with a yaku, your yaku may be void and "
                "you may pay their whole yaku twice.")
    else:
        risk = "If another player ends the round with a yaku, yours may be void."
    return ChoicePreview(a, "Sage", None,
                         f"Play on with {_yaku_text(mine)}: improve it and call shoubu later, "
                         "or receive half at the end.", risk)


def _cancel(view: PlayerView, rs, a: Action) -> ChoicePreview:
    mine = rs.dek_items(view.captured_masks[view.seat])
    got = sum(_dekiyaku_share(view, rs, v, 2) for v in mine.values())
    return ChoicePreview(a, "Cancel", got,
                         f"End the round now for half of {_yaku_text(mine)}: {got} mon.",
                         "None: the round ends now.")


def _drops_so_far(view: PlayerView) -> int:
    return sum(1 for line in view.log if line.endswith(" drop"))


def _drop(view: PlayerView, rs, a: Action) -> ChoicePreview:
    k = _drops_so_far(view) + 1
    n = view.seats
    p = (view.seat - view.dealer) % n
    if view.blank >= 0 and (view.blank - view.dealer) % n < p:
        p -= 1
    fee_fn = getattr(rs, "fee", None)
    if fee_fn is not None:
        fee = fee_fn(k, p) * view.multiplier
    else:  # sudaoshi's more_seats fees
        fee = rs.unit * (k + 1) // 2
    return ChoicePreview(a, "Drop", -fee,
                         f"Sit this round out for a fee of {fee} mon into the pot.",
                         "None beyond the fee: your hand goes back to the pile.")


def _join(view: PlayerView, rs, a: Action) -> ChoicePreview:
    forced = len(view.legal) == 1
    why = "You must play this round." if forced else "Play this round with this hand."
    return ChoicePreview(a, "Join", None, why,
                         f"Every payment of the round is multiplied by {view.multiplier}.")


def _mizuten(view: PlayerView, rs, a: Action) -> ChoicePreview:
    k = getattr(rs, "K", 10) * view.multiplier
    thr = getattr(rs, "ach_threshold", 89)
    return ChoicePreview(a, "Mizuten", None,
                         f"Play blind: with {thr} card points or more, every other seat "
                         f"pays you {k} mon.",
                         f"Below {thr} you pay {k} mon to each other active player, "
                         "and you cannot drop out.")


def _swap(view: PlayerView, rs, a: Action) -> ChoicePreview:
    return ChoicePreview(a, "Swap", None,
                         "Take the dealer's hand, unseen; with 89 card points or more, every "
                         "other seat pays you 1 kan (dealer_hand).",
                         "The dealer's hand may be worse than yours.")


def _pass(view: PlayerView, rs, a: Action) -> ChoicePreview:
    if view.phase == "mizuten":
        return ChoicePreview(a, "Look at the hand", None, "Decline mizuten and see your hand.",
                             "None.")
    return ChoicePreview(a, "Keep", None, "Keep your own hand.", "None.")


_PREVIEWS = {SHOUBU: _shoubu, SAGE: _sage, CANCEL: _cancel, DROP: _drop, JOIN: _join,
             MIZUTEN: _mizuten, SWAP: _swap, PASS: _pass}
