"""Why the advisor suggests a move, in words (issue 23, minor 7).

The Expert only scores moves; a number is not a reason. So the advisor gathers the move's
facts from the viewer's view (``gather``, in its worker thread): what a play or take does
(`game.engine.effects`: the cards it takes, the yaku it completes, nears or keeps from
another seat, or that it is a safe discard), what a decision pays (the engine's preview: the
very amount the decision panel shows), the nearest threat, the turns left, the join estimate
against the drop-out fee. ``reason`` words them, one catalog message per clause, in the
language in use at each frame; every amount goes through `numbers.amount` (a real minus).

Words before numbers (issue 45): a hint says the reason first, then a ``verdict`` in words
(the best of the choices, the safest one); the expected mon (``values_line``) is a figure for
players who asked for figures (Settings → Show figures in hints), never a learner's first line.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import (
    CANCEL,
    DROP,
    JOIN,
    MIZUTEN,
    PASS,
    PLAY,
    SAGE,
    SHOUBU,
    SWAP,
    TAKE,
    Action,
)
from game.engine.cards import CARD_IDS
from game.engine.effects import MoveEffect, move_effect
from game.engine.preview import ChoicePreview, preview
from game.engine.view import PlayerView
from game.i18n import _, ngettext
from game.play.choices import money
from game.play.decisions import DECISION_VERBS
from game.play.decisions import short as decision_name
from game.play.narrate import joined
from game.play.numbers import amount
from game.play.terms import card_name, term


@dataclass(frozen=True)
class Facts:
    """What the reason for one suggestion says, gathered from the viewer's view."""

    effect: MoveEffect | None = None  # a play or take: what it does
    runner_up: tuple[str, float] | None = None  # (card id, expected mon): the next best card
    preview: ChoicePreview | None = None  # a decision: the panel's facts for this choice
    choices: int = 1  # how many choices the decision panel offers
    estimate: float | None = None  # join/drop: the expected mon of joining with this hand
    fee: int = 0  # join/drop: the drop-out fee (mon, with the multiplier)
    threat: tuple[int, str, int] | None = None  # (seat, yaku id, cards it still needs)
    turns: int = 0  # the viewer's turns left this round (cards in hand)
    others: int = 0  # mizuten: the other seats at the table
    missing: tuple[tuple[int, str, int], ...] = ()  # (seat, yaku id, cards it still needs)
    words: str = "sage"  # the game's words for the decision (the view's decision_words)


def nearest_threat(view: PlayerView) -> tuple[int, str, int] | None:
    """The other active seat closest to a yaku it has not made: (seat, id, missing)."""
    best = None
    for seat in view.active:
        if seat == view.seat or seat >= len(view.watch):
            continue
        for p in view.watch[seat]:
            if p.made or not p.reachable:
                continue
            key = (p.need - p.have, -(p.value or 0))
            if best is None or key < best[0]:
                best = (key, (seat, p.id, p.need - p.have))
    return best[1] if best else None


def gather(view: PlayerView, action: Action, values: dict[Action, float]) -> Facts:
    """The facts of the suggested `action` (`values`: the search's expected mon per move)."""
    decisions = [a for a in view.legal if a.verb in DECISION_VERBS]
    effect = move_effect(view, action) if action.verb in (PLAY, TAKE) else None
    runner = None
    if action.verb in (PLAY, TAKE) and len(values) > 1:
        others = [(v, a) for a, v in values.items() if a != action and a.verb == action.verb]
        if others:
            v, a = max(others, key=lambda x: x[0])
            if a.args and (action.verb != PLAY or a.args[0] != action.args[0]):
                runner = (CARD_IDS[a.args[0]], v)
    chosen = None
    if action.verb in DECISION_VERBS:
        try:
            chosen = next((p for p in preview(view) if p.action == action), None)
        except Exception:  # noqa: BLE001 - a preview bug must not cost the hint
            chosen = None
    estimate, fee = None, 0
    if action.verb in (JOIN, DROP) and len(decisions) > 1:
        from ai import windows

        estimate, fee = windows.join_estimate(view), windows.drop_fee(view)
    me = view.seat
    turns = view.hand_counts[me] if 0 <= me < len(view.hand_counts) else 0  # -1: nobody
    others = sum(1 for s in range(view.seats) if s != me and s != view.blank)
    missing = tuple((seat, p.id, p.need - p.have) for seat in view.active
                    if seat != me and seat < len(view.watch)
                    for p in view.watch[seat] if not p.made and p.reachable)
    return Facts(effect, runner, chosen, max(1, len(decisions)), estimate, fee,
                 nearest_threat(view), turns, others, missing,
                 getattr(view, "decision_words", "sage"))


def _seat(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("Seat {n}").format(n=seat + 1)


CLOSE = 2  # a yaku another seat is at most this many cards from is worth keeping from it
MOST_CLAUSES = 3  # a reason says the move's main facts, not all of them


def effect_clauses(e: MoveEffect, names: list[str],
                   missing: dict[tuple[int, str], int] | None = None) -> list[str]:
    """What a play or take does, most telling first, at most MOST_CLAUSES: the yaku it
    completes, what it takes, the yaku it keeps from a seat close to it (`missing`: cards
    each seat's yaku still needs), the own yaku it brings closest; or a safe discard."""
    out = []
    for yid in e.completes:
        out.append(_("it completes {yaku}").format(yaku=term(yid)))
    if e.taken:
        cards = joined(card_name(c) for c in e.taken)
        out.append(ngettext("it takes the {cards} (+{points} card point)",
                            "it takes the {cards} (+{points} card points)", e.points).format(
            cards=cards, points=e.points))
    by_seat: dict[int, list[str]] = {}
    for seat, yid in e.denies:
        if missing is None or missing.get((seat, yid), CLOSE + 1) <= CLOSE:
            by_seat.setdefault(seat, []).append(term(yid))
    for seat, items in by_seat.items():
        out.append(_("it keeps {yaku} from {name}").format(yaku=joined(items[:2]),
                                                            name=_seat(names, seat)))
    if e.advances:
        yid, have, need = min(e.advances, key=lambda a: (a[2] - a[1], -a[1]))
        out.append(_("{yaku} goes to {have}/{need}").format(yaku=term(yid), have=have,
                                                            need=need))
    if e.safe:
        out.append(_("a safe discard: it stays on the field and no yaku in reach needs it"))
    elif e.placed:
        exposed: dict[int, list[str]] = {}
        for seat, yid in e.exposes:
            exposed.setdefault(seat, []).append(term(yid))
        for seat, items in exposed.items():
            out.append(_("it stays on the field, where {name} could use it for {yaku}: the "
                         "other cards would give away more").format(
                name=_seat(names, seat), yaku=joined(items[:2])))
    return out[:MOST_CLAUSES]


def threat_clause(f: Facts, names: list[str]) -> str | None:
    if f.threat is None:
        return None
    seat, yid, missing = f.threat
    return ngettext("{name} is {n} card from {yaku}", "{name} is {n} cards from {yaku}",
                    missing).format(name=_seat(names, seat), n=missing, yaku=term(yid))


def reason(action: Action, phase: str, f: Facts, values: tuple[tuple[str, float], ...],
           names: list[str]) -> str:
    """The advice in one sentence: what the move does, never only how much it scored."""
    verb = action.verb
    if verb in (PLAY, TAKE) and f.effect is not None:
        e = f.effect
        if verb == TAKE:
            head = _("Take the {card}").format(card=card_name(e.taken[0]) if e.taken
                                               else card_name(e.card))
        else:
            head = _("Play the {card}").format(card=card_name(e.card))
        clauses = effect_clauses(e, names, {(a, b): n for a, b, n in f.missing})
        if not clauses:
            return _("{move}.").format(move=head)
        return _("{move}: {what}.").format(move=head, what=joined(clauses))
    choice = choice_name(verb, phase, f.words)
    if f.choices <= 1:
        if verb == JOIN:
            return _("{choice}: you must play this round — the panel's only choice.").format(
                choice=choice)
        return _("{choice}: the only choice here.").format(choice=choice)
    p = f.preview
    compared = dict(values)
    if verb == SHOUBU and p is not None:
        line = _("{choice}: the round ends now and you collect {money}, as the panel "
                 "says").format(choice=choice, money=money(p.amount or 0))
        if SAGE in compared and compared[SAGE] < compared.get(SHOUBU, compared[SAGE]):
            line = _("{line}; playing on is expected to bring less").format(line=line)
        return _("{line}.").format(line=line)
    if verb == SAGE:
        line = ngettext("{choice}: playing on is expected to bring more than stopping now, "
                        "with {n} turn left",
                        "{choice}: playing on is expected to bring more than stopping now, "
                        "with {n} turns left", f.turns).format(choice=choice, n=f.turns)
        threat = threat_clause(f, names)
        if threat:
            line = _("{line}; the risk: {threat}").format(line=line, threat=threat)
        return _("{line}.").format(line=line)
    if verb == CANCEL and p is not None:
        line = _("{choice}: end the round now for half your yaku, {money}").format(
            choice=choice, money=money(p.amount or 0))
        threat = threat_clause(f, names)
        if threat:
            line = _("{line} — {threat}").format(line=line, threat=threat)
        return _("{line}.").format(line=line)
    if verb in (JOIN, DROP) and f.estimate is not None:
        return _join_reason(verb, choice, f)
    if verb == SWAP:
        return _("{choice}: nobody has looked at either hand yet, so the dealer's is as good "
                 "as yours, and only its holder can earn {term}.").format(
            choice=choice, term=term("dealer_hand"))
    if verb == PASS and phase == "mizuten" and p is not None:
        return _("{choice}: playing blind costs {money} to each other player below "
                 "{points} points, and over many simulated deals it lost more than it won "
                 "at a table of this size.").format(choice=choice, money=money(p.kan),
                                                    points=p.threshold)
    if verb == MIZUTEN and p is not None:
        return _("{choice}: {n} other seats would pay you {money} if your pile reaches "
                 "{points} points.").format(choice=choice, n=f.others, money=money(p.kan),
                                            points=p.threshold)
    if len(values) > 1:
        return _("{choice}: it promises more than the alternative.").format(choice=choice)
    return _("{choice}.").format(choice=choice)


def _join_reason(verb: str, choice: str, f: Facts) -> str:
    """Join or drop out, weighed against the fee in words: the estimate itself is a figure
    (`values_line`), shown only to a player who asked for figures (issue 45)."""
    fee = money(f.fee)
    if verb == JOIN:
        return _("{choice}: from its cards and how they match the field, your hand is "
                 "expected to bring more than the drop-out fee of {fee}.").format(
            choice=choice, fee=fee)
    if f.fee:
        return _("{choice}: from its cards and how they match the field, your hand is "
                 "expected to bring less than the drop-out fee of {fee}.").format(
            choice=choice, fee=fee)
    return _("{choice}: your hand is expected to cost you more than it brings, and "
             "dropping is free.").format(choice=choice)


NEAR = 2.0  # mon: a runner-up this close is "almost as good" (the search's noise is wider)


def verdict(action: Action, f: Facts, values: tuple[tuple[str, float], ...],
            expected: float | None) -> str | None:
    """The second thing a hint says, after its reason, in words and never a figure (issue
    45): the best of the choices, the safest when every choice is expected to cost
    something, a near second named; None when the search weighed nothing to compare."""
    if action.verb in (PLAY, TAKE):
        if expected is None or f.runner_up is None:
            return None
        card, other = f.runner_up
        e = f.effect
        mine = (e.taken[0] if action.verb == TAKE and e.taken else e.card) if e else None
        twin = mine is not None and card_name(card) == card_name(mine)
        if expected - other < NEAR and not twin:  # a twin of the same name: no real choice
            return _("The best of your choices, though the {card} is almost as good.").format(
                card=card_name(card))
        if expected < 0:
            return _("The safest of your choices: the others are expected to cost you "
                     "more.")
        return _("The best of your choices.")
    if f.choices <= 1:
        return None  # the reason says it is the only one
    chosen = dict(values).get(action.verb)
    if chosen is not None and chosen < 0:
        return _("The safest of your choices: the others are expected to cost you more.")
    if values or f.estimate is not None:
        return _("The best of your choices.")
    return None


def choice_name(verb: str, phase: str, words: str = "sage") -> str:
    """A choice as its panel button names it (a play, beside a cancel: "Play on"); `words`:
    the game's decision words ("Koi-koi" and "Stop" in Koi-Koi)."""
    if verb in DECISION_VERBS:
        return decision_name(verb, phase, words)
    return _("Play on") if verb == PLAY else verb


def values_line(action: Action, phase: str, f: Facts,
                values: tuple[tuple[str, float], ...], expected: float | None) -> str | None:
    """The numbers under the reason, said for what they are: the round's expected result
    for the viewer (all payments counted, which is why a shoubu's may differ from the
    panel's amount when teyaku or earlier payments count in the round)."""
    if values:
        each = " · ".join(_("{choice} {n} mon").format(
            choice=choice_name(v, phase, f.words), n=amount(round(x), sign=True))
            for v, x in values)
        return _("Expected for you this round, every payment counted: {values}").format(
            values=each)
    if f.estimate is not None:
        return _("Join: about {join} mon · Drop out: {drop} mon").format(
            join=amount(round(f.estimate), sign=True), drop=amount(-f.fee, sign=True))
    if expected is not None:
        n = amount(round(expected), sign=True)
        if f.runner_up is not None:
            card, v = f.runner_up
            return _("Expected for you this round: {n} mon (next best, {card}: {m})").format(
                n=n, card=card_name(card), m=amount(round(v), sign=True))
        return _("Expected for you this round: {n} mon").format(n=n)
    return None


def compared(action: Action, values: dict[Action, float]) -> tuple[tuple[str, float], ...]:
    """The values a decision is weighed by, one per choice: each decision's own, and for a
    cancel (offered beside the plays) the best play as "play on"."""
    if action.verb in (PLAY, TAKE) or len(values) < 2:
        return ()
    out = [(a.verb, v) for a, v in values.items() if a.verb in DECISION_VERBS]
    plays = [v for a, v in values.items() if a.verb == PLAY]
    if plays:
        out.append((PLAY, max(plays)))
    return tuple(out) if len(out) > 1 else ()


__all__ = ["Facts", "choice_name", "compared", "effect_clauses", "gather", "nearest_threat",
           "reason", "values_line", "verdict"]
