"""One plain-language log line per event (TABLE.md §10: the log is the narration channel)."""

from __future__ import annotations

from game.engine.events import Event
from game.engine.vocab import EventKind
from game.ui.numbers import amount
from game.ui.terms import RULE_CAPTURES, card_name, ending_text, month_name, term


def _who(names: list[str], seat: object) -> str:
    if seat == "pot" or seat == -1:
        return "the pot"
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(seat)


def agrees(name: str, verb: str) -> str:
    """'Ren deals', 'You deal': the verb agrees with a seat named "You"."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def _mon(v: object) -> str:
    return amount(v) if isinstance(v, int) else str(v)


# One template per event kind (TABLE.md §10); the fields are prepared by ``_fields``.
LINES: dict[EventKind, str] = {
    EventKind.DEALT: "Dealt: {n_field} cards on the field, {pile} in the pile.",
    EventKind.BLANK: "{who} drew the blank card and {sits} out.",
    EventKind.SWAP: "{who} swapped hands with {holder}.",
    EventKind.MIZUTEN: "{who} declared 不見転 Mizuten (plays blind).",
    EventKind.JOIN: "{who} joined.",
    EventKind.DROP: "{who} dropped out.",
    EventKind.FORCED_OUT: "{who} {was} forced out (the table was full).",
    EventKind.WALKOVER: "{who} {is} the only player left: walkover.",
    EventKind.RESHUFFLE: "The draw pile was reshuffled ({pile} cards).",
    EventKind.TEYAKU: "{who} {shows} teyaku: {items}.",
    EventKind.PLAYED: "{who} played {card}.",
    EventKind.DREW: "{who} drew {card}.",
    EventKind.PLACED: "{card} stays on the field.",
    EventKind.CAPTURED: "{who}: {card} took {taken}.",
    EventKind.YAKU: "{who} made {items}.",
    EventKind.SAGE: "{who}: 下げ Sage! (plays on)",
    EventKind.SHOUBU: "{who}: 勝負 Shoubu! (stops the round)",
    EventKind.CANCEL: "{who}: 取消 Cancel!",
    EventKind.PAYMENT: "Payment: {frm} → {to} {amount} mon · {reason}",
    EventKind.ROUND_END: "Round over: {ending}.",
}
FIELDS = {1: "小場 Small field ×1", 2: "大場 Large field ×2", 4: "絶場 Grand field ×4"}


def _fields(ev: Event, names: list[str]) -> dict[str, str]:
    d = ev.data
    cards = [str(c) for c in d.get("cards", [])]
    card = d.get("card")
    who = _who(names, ev.seat)
    you = who == "You"  # verbs agree with a seat named "You": "You show", "Ren shows"
    return {
        "who": who, "holder": _who(names, d.get("holder")),
        "shows": "show" if you else "shows", "sits": "sit" if you else "sits",
        "takes": "take" if you else "takes", "is": "are" if you else "is",
        "was": "were" if you else "was",
        "n_field": str(len(d.get("field", []))), "pile": str(d.get("pile", 0)),
        "items": ", ".join(term(i) for i in d.get("items", {})),
        "card": card_name(card) if card else "",
        "taken": ", ".join(card_name(c) for c in cards if c != card),
        "cards": ", ".join(card_name(c) for c in cards),
        "month": month_name(cards[0]) if cards else "",
        "frm": _who(names, d.get("from")), "to": _who(names, d.get("to")),
        "amount": _mon(d.get("amount")), "reason": term(str(d.get("reason"))),
        "ending": ending_text(str(d.get("ending"))),
    }


def narrate(ev: Event, names: list[str], rnd: int) -> str | None:
    """A log line for an event, or None for events that need no line (turn markers)."""
    d = ev.data
    k = ev.kind
    pre = f"R{rnd} "
    if k == EventKind.ROUND_START:
        return f"Round {d.get('round', rnd)} — {agrees(_who(names, ev.seat), 'deal')}."
    if k == EventKind.GAME_END:
        return "The game is over."
    if k == EventKind.MISDEAL:
        if d.get("reason"):
            return pre + "Nobody was willing to play: misdeal."
        return pre + f"Misdeal — four cards of month {d.get('month')} on the field."
    if k == EventKind.MULTIPLIER:
        m = d.get("m", 1)
        line = FIELDS.get(m, f"Field ×{m}")
        carry = d.get("carry") or []
        if carry:
            line += " · carried: " + ", ".join(f"×{c}" for c in carry)
        return pre + line
    template = RULE_CAPTURES.get(d.get("rule", "")) if k == EventKind.CAPTURED else None
    template = template or LINES.get(k)
    return pre + template.format(**_fields(ev, names)) if template else None
