"""One plain-language log line per event (TABLE.md §10: the log is the narration channel).

Every line is one message of the catalog with named fields (issue 15), so a translation can
order the sentence its own way. A seat named "You" takes the second person ("You deal",
"Ren deals"); in English that is only the verb, but French or Ukrainian change the whole
sentence, so each line whose subject is a seat has its own "You …" message (YOU_LINES).

The calls after a yaku speak the game's decision words (issue 47: the ruleset's
`decision_words`): the 88 family's sage and shoubu, or Koi-Koi's koi-koi and stop
(KOIKOI_LINES), whose stop says the points the stopper's yaku are worth.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable

from game import i18n
from game.engine.events import Event
from game.engine.vocab import Ending, EventKind
from game.i18n import N_, _, ngettext, pgettext
from game.play.numbers import amount
from game.play.terms import RULE_CAPTURES, card_name, ending_text, month_name, plain, term

log = logging.getLogger(__name__)


@functools.cache
def _you_words() -> frozenset[str]:
    """"You" in every language of the game: a setup saved in one language and played in
    another still names the same seat."""
    words = {"You"}
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE:
            continue
        try:
            words.update(e.msgstr[0] for e in i18n.catalog_entries(code)
                         if e.msgid == "You" and e.msgctxt is None and e.msgstr[0])
        except (OSError, ValueError) as e:  # a damaged catalog: English still works
            log.warning("catalog %s unread for the word 'You': %s", code, e)
    return frozenset(words)


def is_you(name: str) -> bool:
    """A seat named "You" (the first human's default name, in any of the game's languages)
    is spoken to in the second person. A name is data, not a translated label."""
    return name in _you_words() or name == _("You")


def seat_names(names: Iterable[str], humans: Iterable[int], shared: bool | None = None
               ) -> list[str]:
    """Seat names as the table shows them (issue 23). A seat named "You" in any language
    is "You" in the player's language; with two or more humans at the table nobody is
    "You" (the hand-over would say "Pass to You · I am You"): such a seat is "Player N",
    and so is a computer left with the default name (never "You is thinking", "You's turn").
    `shared`: the screen is everybody's whatever the humans (a party game's shared table)."""
    humans = list(humans)
    if shared is None:
        shared = len(humans) >= 2
    out = []
    for i, name in enumerate(names):
        if is_you(name):
            name = _("Player {n}").format(n=i + 1) if shared or i not in humans else _("You")
        out.append(name)
    return out


def joined(items: Iterable[str]) -> str:
    """A list in a sentence: "Aotan, Akatan" ("、" in Japanese)."""
    return pgettext("list separator", ", ").join(items)


def _who(names: list[str], seat: object) -> str:
    if seat == "pot" or seat == -1:
        return _("the pot")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(seat)


def _mon(v: object) -> str:
    return amount(v) if isinstance(v, int) else str(v)


# One template per event kind (TABLE.md §10); the fields are prepared by ``_fields``.
# Marked with N_ (built at import) and translated where a line is made.
LINES: dict[EventKind, str] = {
    EventKind.DEALT: N_("Dealt: {n_field} cards on the field, {pile} in the pile."),
    EventKind.BLANK: N_("{who} drew the blank card and sits out."),
    EventKind.SWAP: N_("{who} swapped hands with {holder}."),
    EventKind.MIZUTEN: N_("{who} declared 不見転 Mizuten (plays blind)."),
    EventKind.JOIN: N_("{who} joined."),
    EventKind.DROP: N_("{who} dropped out."),
    EventKind.FORCED_OUT: N_("{who} was forced out (the table was full)."),
    EventKind.WALKOVER: N_("{who} is the only player left: walkover."),
    EventKind.RESHUFFLE: N_("The draw pile was reshuffled ({pile} cards)."),
    EventKind.TEYAKU: N_("{who} shows teyaku: {items}."),
    EventKind.PLAYED: N_("{who} played {card}."),
    EventKind.DREW: N_("{who} drew {card}."),
    EventKind.PLACED: N_("{card} stays on the field."),
    EventKind.CAPTURED: N_("{who}: {card} took {taken}."),
    EventKind.YAKU: N_("{who} made {items}."),
    EventKind.SAGE: N_("{who}: 下げ Sage! (plays on)"),
    EventKind.SHOUBU: N_("{who}: 勝負 Shoubu! (stops the round)"),
    EventKind.CANCEL: N_("{who}: 取消 Cancel!"),
    EventKind.PAYMENT: N_("Payment: {frm} → {to} {amount} mon · {reason}"),
    EventKind.ROUND_END: N_("Round over: {ending}."),
}
# The same lines when the seat is "You" (second person; identical in English but for verbs).
YOU_LINES: dict[EventKind, str] = {
    EventKind.BLANK: N_("You drew the blank card and sit out."),
    EventKind.SWAP: N_("You swapped hands with {holder}."),
    EventKind.MIZUTEN: N_("You declared 不見転 Mizuten (plays blind)."),
    EventKind.JOIN: N_("You joined."),
    EventKind.DROP: N_("You dropped out."),
    EventKind.FORCED_OUT: N_("You were forced out (the table was full)."),
    EventKind.WALKOVER: N_("You are the only player left: walkover."),
    EventKind.TEYAKU: N_("You show teyaku: {items}."),
    EventKind.PLAYED: N_("You played {card}."),
    EventKind.DREW: N_("You drew {card}."),
    EventKind.YAKU: N_("You made {items}."),
}
# Koi-Koi's calls (the engine's sage is its koi-koi, its shoubu a stop): (someone, you)
KOIKOI = "koikoi"
KOIKOI_CALL = (N_("{who} calls koi-koi!"), N_("You call koi-koi!"))
KOIKOI_STOP = (N_("{who} stops."), N_("You stop."))
KOIKOI_ENDINGS = {Ending.SHOUBU: N_("ended by a stop")}
FIELDS = {1: N_("小場 Small field ×1"), 2: N_("大場 Large field ×2"),
          4: N_("絶場 Grand field ×4")}


def _fields(ev: Event, names: list[str]) -> dict[str, str]:
    d = ev.data
    cards = [str(c) for c in d.get("cards", [])]
    card = d.get("card")
    who = _who(names, ev.seat)
    return {
        "who": who, "holder": _who(names, d.get("holder")),
        "n_field": str(len(d.get("field", []))), "pile": str(d.get("pile", 0)),
        "items": joined(term(i) for i in d.get("items", {})),
        "card": card_name(card) if card else "",
        "taken": joined(card_name(c) for c in cards if c != card),
        "cards": joined(card_name(c) for c in cards),
        "month": month_name(cards[0]) if cards else "",
        "frm": _who(names, d.get("from")), "to": _who(names, d.get("to")),
        "amount": _mon(d.get("amount")), "reason": term(str(d.get("reason"))),
        "ending": ending_text(str(d.get("ending"))),
    }


def ending_words(ending: str, words: str = "sage") -> str:
    """How a round ended, in the game's decision words ("ended by shoubu"; Koi-Koi: "ended
    by a stop")."""
    if words == KOIKOI and ending in KOIKOI_ENDINGS:
        return _(KOIKOI_ENDINGS[Ending(ending)])
    return ending_text(ending)


def no_payments(ending: str, words: str = "sage") -> str:
    """The ledger's line for a round that paid nothing: Koi-Koi's hands that ran out without
    a stop say that nobody scored."""
    if words == KOIKOI and ending == Ending.DRAW:
        return _("Nobody scored: the hands ran out without a stop.")
    return _("No payments this round.")


def yaku_points(ev: Event) -> int | None:
    """The points of a yaku event: the engine repeats every combination the seat holds with
    its value at m = 1, so their sum is what a stop right after it is worth before the
    multiplier. None for any other event."""
    if ev.kind != EventKind.YAKU:
        return None
    return sum(v for v in dict(ev.data.get("items", {})).values() if isinstance(v, int))


def stop_line(who: str, points: int | None) -> str:
    """Koi-Koi's stop: "Ren stops: 6 points." (`points`: the stopper's yaku before the
    multiplier, from its last yaku event; None when the log has not seen it)."""
    you = is_you(who)
    if points is None:
        return _(KOIKOI_STOP[1]) if you else _(KOIKOI_STOP[0]).format(who=who)
    if you:
        return ngettext("You stop: {n} point.", "You stop: {n} points.", points).format(
            n=points)
    return ngettext("{who} stops: {n} point.", "{who} stops: {n} points.", points).format(
        who=who, n=points)


def _koikoi_line(ev: Event, names: list[str], points: int | None) -> str | None:
    """Koi-Koi's words for a call or a round's end; None for every other event."""
    k = ev.kind
    who = _who(names, ev.seat)
    if k == EventKind.SAGE:
        return _(KOIKOI_CALL[1]) if is_you(who) else _(KOIKOI_CALL[0]).format(who=who)
    if k == EventKind.SHOUBU:
        return stop_line(who, points)
    if k == EventKind.ROUND_END:
        return plain(_(LINES[k])).format(ending=ending_words(str(ev.data.get("ending")),
                                                             KOIKOI))
    return None


def dealer_line(rnd: object, name: str) -> str:
    """ "Round 2 — Ren deals." """
    if is_you(name):
        return _("Round {round} — You deal.").format(round=rnd)
    return _("Round {round} — {who} deals.").format(round=rnd, who=name)


def _multiplier(d: dict) -> str:
    m = d.get("m", 1)
    line = plain(_(FIELDS[m])) if m in FIELDS else _("Field ×{m}").format(m=m)
    carry = d.get("carry") or []
    if carry:
        line = _("{field} · carried: {carry}").format(
            field=line, carry=joined(f"×{c}" for c in carry))
    return line


def _line(ev: Event, names: list[str], words: str = "sage",
          points: int | None = None) -> str | None:
    """The sentence for one event inside a round (without its round label)."""
    d = ev.data
    k = ev.kind
    if words == KOIKOI:
        said = _koikoi_line(ev, names, points)
        if said is not None:
            return said
    if k == EventKind.MISDEAL:
        reason = d.get("reason")
        if reason == "field_pairs":  # Koi-Koi (koikoi.md §2.1)
            return _("Misdeal — four pairs on the field: dealt again.")
        if reason == "teyaku":  # Koi-Koi's teyaku=redeal (koikoi.md §2.2)
            return _("Misdeal — a hand dealt four of a month or four pairs: dealt again.")
        if reason:
            return _("Nobody was willing to play: misdeal.")
        return _("Misdeal — four cards of month {month} on the field.").format(
            month=d.get("month"))
    if k == EventKind.MULTIPLIER:
        return _multiplier(d)
    if k == EventKind.PLACED and d.get("rule") == "field_four":
        return _("{card} is dealt to the field in their place.").format(
            card=card_name(str(d.get("card"))))
    fields = _fields(ev, names)
    you = is_you(fields["who"])
    template = (RULE_CAPTURES.get((d.get("rule", ""), you)) if k == EventKind.CAPTURED
                else None)
    if template is None and you:
        template = YOU_LINES.get(k)
    template = template or LINES.get(k)
    return plain(_(template)).format(**fields) if template else None


def narrate(ev: Event, names: list[str], rnd: int, words: str = "sage",
            points: int | None = None) -> str | None:
    """A log line for an event, or None for events that need no line (turn markers).
    `words`: the game's decision words (the ruleset's `decision_words`); `points`: for
    Koi-Koi's stop, the stopper's yaku points (its last yaku event's)."""
    k = ev.kind
    if k == EventKind.ROUND_START:
        return dealer_line(ev.data.get("round", rnd), _who(names, ev.seat))
    if k == EventKind.GAME_END:
        return _("The game is over.")
    line = _line(ev, names, words, points)
    if line is None:
        return None
    # "R1 " before each line: which round it belongs to
    return pgettext("log line", "R{round} {line}").format(round=rnd, line=line)
