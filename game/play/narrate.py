"""One plain-language log line per event (TABLE.md §10: the log is the narration channel).

Every line is one message of the catalog with named fields (issue 15), so a translation can
order the sentence its own way. A seat named "You" takes the second person ("You deal",
"Ren deals"); in English that is only the verb, but French or Ukrainian change the whole
sentence, so each line whose subject is a seat has its own "You …" message (YOU_LINES).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable

from game import i18n
from game.engine.events import Event
from game.engine.vocab import EventKind
from game.i18n import N_, _, pgettext
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


def _line(ev: Event, names: list[str]) -> str | None:
    """The sentence for one event inside a round (without its round label)."""
    d = ev.data
    k = ev.kind
    if k == EventKind.MISDEAL:
        if d.get("reason"):
            return _("Nobody was willing to play: misdeal.")
        return _("Misdeal — four cards of month {month} on the field.").format(
            month=d.get("month"))
    if k == EventKind.MULTIPLIER:
        return _multiplier(d)
    fields = _fields(ev, names)
    you = is_you(fields["who"])
    template = (RULE_CAPTURES.get((d.get("rule", ""), you)) if k == EventKind.CAPTURED
                else None)
    if template is None and you:
        template = YOU_LINES.get(k)
    template = template or LINES.get(k)
    return plain(_(template)).format(**fields) if template else None


def narrate(ev: Event, names: list[str], rnd: int) -> str | None:
    """A log line for an event, or None for events that need no line (turn markers)."""
    k = ev.kind
    if k == EventKind.ROUND_START:
        return dealer_line(ev.data.get("round", rnd), _who(names, ev.seat))
    if k == EventKind.GAME_END:
        return _("The game is over.")
    line = _line(ev, names)
    if line is None:
        return None
    # "R1 " before each line: which round it belongs to
    return pgettext("log line", "R{round} {line}").format(round=rnd, line=line)
