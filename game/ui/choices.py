"""Words for the engine's decision previews (game/engine/preview.py): what a choice pays and
what it risks. Only phrasing lives here; every amount and condition is the engine's.
"""

from __future__ import annotations

from game.engine.actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP
from game.engine.preview import ChoicePreview
from game.ui.numbers import amount
from game.ui.terms import term


def money(v: int) -> str:
    return f"{amount(v)} mon"


def _yaku(items: tuple[str, ...]) -> str:
    return " + ".join(term(k) for k in items) or "nothing"


def choice_words(p: ChoicePreview) -> tuple[str, str]:
    """(what it pays, what it risks) for one decision."""
    verb = p.action.verb
    if verb == SHOUBU:
        risk = "None: the round ends now."
        if p.others_paid:
            risk = f"You also pay {money(p.others_paid)} for the other sage calls."
        return (f"End the round and collect {_yaku(p.items)}: "
                f"{money((p.amount or 0) + p.others_paid)}.", risk)
    if verb == SAGE:
        if p.void_and_double:
            risk = ("If another player ends the round with a yaku, your yaku may be void and "
                    "you may pay their whole yaku twice.")
        else:
            risk = "If another player ends the round with a yaku, yours may be void."
        return (f"Play on with {_yaku(p.items)}: improve it and call shoubu later, "
                "or receive half at the end.", risk)
    if verb == CANCEL:
        return (f"End the round now for half of {_yaku(p.items)}: {money(p.amount or 0)}.",
                "None: the round ends now.")
    if verb == DROP:
        if p.fee:
            return (f"Sit this round out for a drop-out fee of {money(p.fee)} into the pot.",
                    "None beyond the fee: your hand goes back to the pile.")
        return ("Sit this round out; dropping is free in this game.",
                "None: your hand goes back to the pile.")
    if verb == JOIN:
        why = "You must play this round." if p.forced else "Play this round with this hand."
        if p.multiplier > 1:
            return why, f"Every payment of the round is multiplied by {p.multiplier}."
        return why, "You win or lose by this round's play."
    if verb == MIZUTEN:
        return (f"Play blind: with {p.threshold} card points or more, every other seat "
                f"pays you {money(p.kan)}.",
                f"Below {p.threshold} you pay {money(p.kan)} to each other active player, "
                "and you cannot drop out.")
    if verb == SWAP:
        return (f"Take the dealer's hand, unseen; with {p.threshold} card points or more, every "
                f"other seat pays you {money(p.kan)} ({term('dealer_hand')}).",
                "The dealer's hand may be worse than yours.")
    if verb == PASS and p.phase == "mizuten":
        return "Decline mizuten and see your hand.", "None."
    if verb == PASS:
        return "Keep your own hand.", "None."
    return "", ""
