"""One plain-language log line per event (TABLE.md §10: the log is the narration channel)."""

from __future__ import annotations

from game.engine.events import Event
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


def narrate(ev: Event, names: list[str], rnd: int) -> str | None:
    """A log line for an event, or None for events that need no line (turn markers)."""
    d = ev.data
    who = _who(names, ev.seat)
    k = ev.kind
    pre = f"R{rnd} "
    if k == "round_start":
        return f"Round {d.get('round', rnd)} — {agrees(who, 'deal')}."
    if k == "dealt":
        return pre + f"Dealt: {len(d.get('field', []))} cards on the field, " \
                     f"{d.get('pile', 0)} in the pile."
    if k == "misdeal":
        if d.get("reason"):
            return pre + "Nobody was willing to play: misdeal."
        return pre + f"Misdeal — four cards of month {d.get('month')} on the field."
    if k == "multiplier":
        m = d.get("m", 1)
        label = {1: "小場 Small field ×1", 2: "大場 Large field ×2", 4: "絶場 Grand field ×4"}
        line = label.get(m, f"Field ×{m}")
        carry = d.get("carry") or []
        if carry:
            line += " · carried: " + ", ".join(f"×{c}" for c in carry)
        return pre + line
    if k == "blank":
        return pre + f"{who} drew the blank card and sits out."
    if k == "swap":
        return pre + f"{who} swapped hands with {_who(names, d.get('holder'))}."
    if k == "mizuten":
        return pre + f"{who} declared 不見転 Mizuten (plays blind)."
    if k == "join":
        return pre + f"{who} joined."
    if k == "drop":
        return pre + f"{who} dropped out."
    if k == "forced_out":
        return pre + f"{who} was forced out (the table was full)."
    if k == "walkover":
        return pre + f"{who} is the only player left: walkover."
    if k == "reshuffle":
        return pre + f"The draw pile was reshuffled ({d.get('pile')} cards)."
    if k == "teyaku":
        items = ", ".join(term(i) for i in d.get("items", {}))
        return pre + f"{who} shows teyaku: {items}."
    if k == "played":
        return pre + f"{who} played {card_name(d['card'])}."
    if k == "drew":
        return pre + f"{who} drew {card_name(d['card'])}."
    if k == "placed":
        return pre + f"{card_name(d['card'])} stays on the field."
    if k == "captured" and d.get("rule") in RULE_CAPTURES:
        cards = list(d.get("cards", []))
        return pre + RULE_CAPTURES[d["rule"]].format(
            who=who, cards=", ".join(card_name(c) for c in cards),
            month=month_name(cards[0]) if cards else "")
    if k == "captured":
        taken = [c for c in d.get("cards", []) if c != d.get("card")]
        return pre + f"{who}: {card_name(d['card'])} took " + \
            ", ".join(card_name(c) for c in taken) + "."
    if k == "yaku":
        items = ", ".join(term(i) for i in d.get("items", {}))
        return pre + f"{who} made {items}."
    if k == "sage":
        return pre + f"{who}: 下げ Sage! (plays on)"
    if k == "shoubu":
        return pre + f"{who}: 勝負 Shoubu! (stops the round)"
    if k == "cancel":
        return pre + f"{who}: 取消 Cancel!"
    if k == "payment":
        return pre + f"Payment: {_who(names, d.get('from'))} → {_who(names, d.get('to'))} " \
                     f"{_mon(d.get('amount'))} mon · {term(str(d.get('reason')))}"
    if k == "round_end":
        return pre + f"Round over: {ending_text(str(d.get('ending')))}."
    if k == "game_end":
        return "The game is over."
    return None
