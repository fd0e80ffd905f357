"""Words for the engine's decision previews (game/engine/preview.py): what a choice pays and
what it risks. Only phrasing lives here; every amount and condition is the engine's.
Each sentence is one message of the catalog with named fields (issue 15).
"""

from __future__ import annotations

from game.engine.actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP
from game.engine.preview import ChoicePreview
from game.i18n import _, ngettext
from game.play.numbers import amount
from game.play.terms import term


def money(v: int) -> str:
    """ "6 mon" """
    return _("{amount} mon").format(amount=amount(v))


def _yaku(items: tuple[str, ...]) -> str:
    return " + ".join(term(k) for k in items) or _("nothing")


def _points(n: int) -> str:
    """ "5 points" """
    return ngettext("{n} point", "{n} points", n).format(n=n)


def koikoi_words(p: ChoicePreview) -> tuple[str, str]:
    """Koi-Koi's stop and koi-koi (the engine's shoubu and sage): the yaku's points, the
    multiplier the stop is settled at, and what a call risks (the view's stakes)."""
    if p.action.verb == SHOUBU:
        said = _points(p.points)
        if p.multiplier > 1:
            said = _("{points} × {m}").format(points=said, m=p.multiplier)
        return (_("Stop and score {yaku}: {points}.").format(yaku=_yaku(p.items),
                                                             points=said),
                _("None: the round ends now."))
    later = _("Play on with {yaku}: make more, and stop at a later yaku.").format(
        yaku=_yaku(p.items))
    if p.their_factor > 1:
        risk = _("If your opponent stops first, you score nothing and their points are "
                 "multiplied by {n}.").format(n=p.their_factor)
    else:
        risk = _("If your opponent stops first, you score nothing.")
    return later, risk


def choice_words(p: ChoicePreview, words: str = "sage") -> tuple[str, str]:
    """(what it pays, what it risks) for one decision; `words`: the game's decision words
    (the view's `decision_words`: Koi-Koi speaks of koi-koi and stop)."""
    verb = p.action.verb
    if words == "koikoi" and verb in (SAGE, SHOUBU):
        return koikoi_words(p)
    if verb == SHOUBU:
        risk = _("None: the round ends now.")
        if p.others_paid:
            risk = _("You also pay {money} for the other sage calls.").format(
                money=money(p.others_paid))
        return (_("End the round and collect {yaku}: {money}.").format(
            yaku=_yaku(p.items), money=money((p.amount or 0) + p.others_paid)), risk)
    if verb == SAGE:
        if p.void_and_double:
            risk = _("If another player ends the round with a yaku, your yaku may be void and "
                     "you may pay their whole yaku twice.")
        else:
            risk = _("If another player ends the round with a yaku, yours may be void.")
        return (_("Play on with {yaku}: improve it and call shoubu later, "
                  "or receive half at the end.").format(yaku=_yaku(p.items)), risk)
    if verb == CANCEL:
        return (_("End the round now for half of {yaku}: {money}.").format(
            yaku=_yaku(p.items), money=money(p.amount or 0)),
                _("None: the round ends now."))
    if verb == DROP:
        if p.fee:
            return (_("Sit this round out for a drop-out fee of {money} into the pot.").format(
                money=money(p.fee)),
                    _("None beyond the fee: your hand goes back to the pile."))
        return (_("Sit this round out; dropping is free in this game."),
                _("None: your hand goes back to the pile."))
    if verb == JOIN:
        why = _("You must play this round.") if p.forced else _(
            "Play this round with this hand.")
        if p.multiplier > 1:
            return why, _("Every payment of the round is multiplied by {m}.").format(
                m=p.multiplier)
        return why, _("You win or lose by this round's play.")
    if verb == MIZUTEN:
        return (_("Play blind: with {points} card points or more, every other seat "
                  "pays you {money}.").format(points=p.threshold, money=money(p.kan)),
                _("Below {points} you pay {money} to each other active player, "
                  "and you cannot drop out.").format(points=p.threshold, money=money(p.kan)))
    if verb == SWAP:
        return (_("Take the dealer's hand, unseen; with {points} card points or more, every "
                  "other seat pays you {money} ({term}).").format(
                      points=p.threshold, money=money(p.kan), term=term("dealer_hand")),
                _("The dealer's hand may be worse than yours."))
    if verb == PASS and p.phase == "mizuten":
        return _("Decline mizuten and see your hand."), _("None.")
    if verb == PASS:
        return _("Keep your own hand."), _("None.")
    return "", ""
