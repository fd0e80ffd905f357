"""A game review in words (ai.review weighs the decisions; this says them).

The marks' names, a decision's line ("Round 2: you played the Phoenix — Mistake, 8 mon given
away"), and the one sentence on what the better choice does, from the advisor's own reasons
(game/play/advice.py: the cards it takes, the yaku it completes or keeps from another seat,
what a decision pays). Every amount is the review's, every card and yaku name the engine's.
"""

from __future__ import annotations

import math

from ai.review import Decision, Review
from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS
from game.i18n import N_, _, language, ngettext
from game.play.advice import choice_name, compared, gather, reason
from game.play.narrate import is_you
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
    """What the recommended choice does, in one sentence (the advisor's reasons): the best
    one, or the one made when it was as good (`Decision.recommended`), so a choice marked
    "Best" is never followed by advice to play another card."""
    values = {c.action: c.value for c in d.choices}
    best = d.recommended
    try:
        facts = gather(d.view, best, values)
        return reason(best, d.phase, facts, compared(best, values), names)
    except Exception:  # noqa: BLE001 - a missing reason must not cost the review
        if best == d.chosen:
            return _("{choice}: as good as the best choice over the sampled deals.").format(
                choice=move_name(best, d.phase))
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


def verdict_line(d: Decision) -> str:
    """A practice answer's verdict: the best play found, a play as good as the best (within
    the review's tolerance: said so, so the advice that follows, on that same play, never
    contradicts it), or the mon given away."""
    mark = mark_name(d.mark)
    if d.mark != "best":
        return _("{mark}: {loss} mon less than the best play.").format(
            mark=mark, loss=tenths(d.loss))
    if d.chosen == d.best.action:
        return _("{mark}: you found the best play.").format(mark=mark)
    return _("{mark}: your play is as good as the best one.").format(mark=mark)


def values_line(d: Decision) -> str:
    """Every choice with its expected round result, best first."""
    return " · ".join(_("{choice} {value}").format(
        choice=move_name(c.action, d.phase), value=tenths(c.value, sign=True))
        for c in d.choices)


def accuracy_line(rv: Review) -> str:
    """The accuracy and what it is made of: the mon given away against the best choices,
    out of the mon the choices could change (the figure reads the same when every value is
    negative: it is made of differences)."""
    acc = rv.accuracy
    if acc is None:
        return _("Accuracy: none of these decisions changed the expected result.")
    pct = math.floor(acc * 100) if acc < 1 else 100  # 99.6 % is not "100 %": mon was lost
    if rv.given <= 0:
        return _("Accuracy: {pct} % — the best choice at every decision that mattered").format(
            pct=pct)
    return _("Accuracy: {pct} % — {lost} mon given away against the best choices, "
             "of {stake} at stake").format(pct=pct, lost=tenths(rv.given),
                                           stake=tenths(rv.stake))


def summary_lines(rv: Review, name: str) -> list[str]:
    """The review's head: whose, the accuracy, the count of each mark."""
    lines = [_("Review of your decisions") if is_you(name)  # not "You's" (issue 45)
             else _("Review of {name}'s decisions").format(name=name)]
    lines.append(accuracy_line(rv))
    marks = " · ".join(_("{mark} {n}").format(mark=mark_name(m), n=rv.count(m))
                       for m in MARK_WORDS)
    lines.append(marks)
    if rv.skipped:
        lines.append(ngettext("{n} decision could not be weighed.",
                              "{n} decisions could not be weighed.", rv.skipped).format(
            n=rv.skipped))
    return lines


__all__ = ["MARK_WORDS", "accuracy_line", "better_sentence", "decision_line", "mark_name",
           "move_name", "summary_lines", "values_line", "verdict_line"]
