"""A game review in words (ai.review weighs the decisions; this says them).

The marks' names, a decision's line ("Round 2: you played the Phoenix — Mistake, 8 mon given
away"), and the one sentence on what the better choice does, from the advisor's own reasons
(game/play/advice.py: the cards it takes, the yaku it completes or keeps from another seat,
what a decision pays). Every amount is the review's, every card and yaku name the engine's.
"""

from __future__ import annotations

from ai.review import Decision, Review
from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS
from game.i18n import N_, _, language, ngettext
from game.play.advice import choice_name, compared, gather, reason
from game.play.numbers import amount
from game.play.terms import card_name

MARK_WORDS = {
    "best": N_("Best"),
    "good": N_("Good"),
    "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"),
    "blunder": N_("Blunder"),
}


def tenths(x: float, sign: bool = False) -> str:
    """A mon figure to a tenth ("8.2", "−0.4"; a decimal comma in French and Ukrainian), with
    the real minus of every amount (game.play.numbers)."""
    text = amount(round(x * 10), sign)
    head, digits = text[:-1] or "0", text[-1]
    if head in ("−", "+", ""):
        head += "0"
    return f"{head}{',' if language() in ('fr', 'uk') else '.'}{digits}"


def mark_name(mark: str) -> str:
    return _(MARK_WORDS[mark]) if mark in MARK_WORDS else mark


def move_name(action: Action, phase: str) -> str:
    """A choice as a player would say it: "play the Crane", "take the Moon", "Shoubu"."""
    if action.verb == PLAY and action.args:
        if len(action.args) > 1:
            return _("play the {card} onto the {target}").format(
                card=card_name(CARD_IDS[action.args[0]]),
                target=card_name(CARD_IDS[action.args[1]]))
        return _("play the {card}").format(card=card_name(CARD_IDS[action.args[0]]))
    if action.verb == TAKE and action.args:
        return _("take the {card}").format(card=card_name(CARD_IDS[action.args[0]]))
    return choice_name(action.verb, phase)


def better_sentence(d: Decision, names: list[str]) -> str:
    """What the best choice does, in one sentence (the advisor's reasons)."""
    values = {c.action: c.value for c in d.choices}
    best = d.best.action
    try:
        facts = gather(d.view, best, values)
        return reason(best, d.phase, facts, compared(best, values), names)
    except Exception:  # noqa: BLE001 - a missing reason must not cost the review
        return _("{choice}: it did better over the sampled deals.").format(
            choice=move_name(best, d.phase))


def decision_line(d: Decision, round_no: int) -> str:
    """One decision: where, what was chosen, its mark and the mon it gave away."""
    mine = d.mine
    head = _("Round {round}, move {move}: {choice}").format(
        round=round_no, move=d.index + 1, choice=move_name(d.chosen, d.phase))
    if d.mark == "best":
        return _("{head} — {mark}").format(head=head, mark=mark_name(d.mark))
    return _("{head} — {mark}: {loss} mon given away (± {se})").format(
        head=head, mark=mark_name(d.mark), loss=tenths(mine.loss), se=tenths(mine.se))


def values_line(d: Decision) -> str:
    """Every choice with its expected round result, best first."""
    return " · ".join(_("{choice} {value}").format(
        choice=move_name(c.action, d.phase), value=tenths(c.value, sign=True))
        for c in d.choices)


def summary_lines(rv: Review, name: str) -> list[str]:
    """The review's head: whose, the accuracy, the count of each mark."""
    acc = rv.accuracy
    lines = [_("Review of {name}'s decisions").format(name=name)]
    if acc is None:
        lines.append(_("Accuracy: none of these decisions changed the expected result."))
    else:
        lines.append(_("Accuracy: {pct} % of the mon the best choices would have kept").format(
            pct=round(acc * 100)))
    marks = " · ".join(_("{mark} {n}").format(mark=mark_name(m), n=rv.count(m))
                       for m in MARK_WORDS)
    lines.append(marks)
    if rv.skipped:
        lines.append(ngettext("{n} decision could not be weighed.",
                              "{n} decisions could not be weighed.", rv.skipped).format(
            n=rv.skipped))
    return lines


__all__ = ["MARK_WORDS", "better_sentence", "decision_line", "mark_name", "move_name",
           "summary_lines", "values_line"]
