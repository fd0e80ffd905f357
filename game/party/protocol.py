"""The party mode's messages (issue 28): what a phone may send, and what it is sent.

A phone sends small JSON objects, checked here before anything reads them:

    {"t": "hello", "token": "<its seat's token>", "lang": "ja"}   claim (or reclaim) a seat
    {"t": "act", "a": "<an action in the record notation>", "n": <the view it answers>}
    {"t": "ping"}

and receives its seat's view only (`view_message`: built from `session.view(seat)`, never the
true state), a read-only table page receives the public part (`table_message`), and either may
receive {"t": "refused" | "replaced" | "error", "why": "..."}. Words are rendered here, in the
phone's language, from the same catalogs and engine previews as the desktop table.
"""

from __future__ import annotations

import json
from typing import Any

from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS, names_of
from game.engine.errors import NotationError
from game.engine.preview import preview
from game.engine.view import PlayerView
from game.i18n import LANGUAGES, _, ngettext, speaking

MAX_MESSAGE = 2048  # bytes: a phone's messages are tiny; anything longer is refused
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
TOKEN_LENGTH = (20, 64)


class BadMessage(ValueError):
    """A message that is not one of ours (dropped with a log line, never acted on)."""


def parse_client(raw: str | bytes) -> dict[str, Any]:
    """A phone's message, checked: a small JSON object of a known kind with the right fields.
    BadMessage otherwise."""
    if isinstance(raw, bytes):
        raise BadMessage("binary message")
    if len(raw) > MAX_MESSAGE:
        raise BadMessage(f"message of {len(raw)} characters")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError) as e:
        raise BadMessage(f"not JSON ({type(e).__name__})") from None
    if not isinstance(msg, dict):
        raise BadMessage("not an object")
    kind = msg.get("t")
    if kind == "hello":
        token = msg.get("token")
        if not valid_token(token):
            raise BadMessage("hello without a valid token")
        lang = msg.get("lang")
        return {"t": "hello", "token": token,
                "lang": lang if isinstance(lang, str) and lang in LANGUAGES else None}
    if kind == "act":
        text, n = msg.get("a"), msg.get("n")
        if not isinstance(text, str) or len(text) > 80:
            raise BadMessage("act without an action")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < 2**53:
            raise BadMessage("act without the view it answers")
        try:
            action = Action.parse(text)
        except (NotationError, ValueError) as e:
            raise BadMessage(f"bad action notation: {e}") from None
        return {"t": "act", "action": action, "n": n}
    if kind == "ping":
        return {"t": "ping"}
    raise BadMessage(f"unknown kind {str(kind)[:20]!r}")


def valid_token(token: object) -> bool:
    return (isinstance(token, str) and TOKEN_LENGTH[0] <= len(token) <= TOKEN_LENGTH[1]
            and set(token) <= TOKEN_CHARS)


# --- words ---------------------------------------------------------------------------
def _action_entry(view: PlayerView, a: Action, previews: dict[Action, object]) -> dict:
    """One legal action as the phone shows it."""
    from game.ui.choices import choice_words
    from game.ui.panels import label

    entry: dict[str, Any] = {"a": str(a), "verb": a.verb}
    if a.verb == PLAY and a.args:
        entry["card"] = CARD_IDS[a.args[0]]
        if len(a.args) > 1:
            entry["target"] = CARD_IDS[a.args[1]]
    elif a.verb == TAKE and a.args:
        entry["target"] = CARD_IDS[a.args[0]]
    else:
        entry["label"] = label(a.verb, view.phase)
        p = previews.get(a)
        if p is not None:
            pays, risks = choice_words(p)  # type: ignore[arg-type]
            entry["pays"], entry["risks"] = pays, risks
    return entry


def _public(view: PlayerView, names: list[str],
            events: list[tuple[object, int]] | None) -> dict[str, Any]:
    """What every seat may see: the field, the captures, the counts, the scores, the log."""
    from game.ui.terms import term

    return {
        "names": names,
        "field": view.field,
        "captured": [names_of(m) for m in view.captured_masks],
        "hand_counts": list(view.hand_counts),
        "pile": view.pile_count,
        "drawn": CARD_IDS[view.drawn] if view.drawn >= 0 else None,
        "to_move": view.to_move,
        "phase": view.phase,
        "round": view.round,
        "dealer": view.dealer,
        "active": list(view.active),
        "totals": list(view.totals),
        "multiplier": view.multiplier,
        "yaku": [[term(k) for k in y] for y in view.yaku],
        "log": log_lines(events or [], names),
        "seat_lines": [seat_line(view, s) for s in range(len(names))],
    }


def seat_line(view: PlayerView, seat: int) -> str:
    """A seat's line under its name: its total, its cards in hand, its yaku now."""
    from game.ui.choices import money
    from game.ui.terms import term

    parts = [money(view.totals[seat]) if seat < len(view.totals) else "",
             _("{n} in hand").format(n=view.hand_counts[seat])
             if seat < len(view.hand_counts) else ""]
    if seat < len(view.yaku) and view.yaku[seat]:
        parts.append(", ".join(term(k) for k in view.yaku[seat]))
    return " · ".join(p for p in parts if p)


def log_lines(events: list[tuple[object, int]], names: list[str], last: int = 10) -> list[str]:
    """The table's log in words (the same narration as the window's log, public events
    only), its last lines."""
    from game.ui.narrate import narrate

    out = []
    for ev, rnd in events[-4 * last:]:
        line = narrate(ev, names, rnd)  # type: ignore[arg-type]
        if line:
            out.append(line)
    return out[-last:]


def view_message(view: PlayerView, names: list[str], serial: int, lang: str | None = None,
                 *, hints: bool = False, away: tuple[int, ...] = (),
                 events: list[tuple[object, int]] | None = None) -> dict[str, Any]:
    """A phone's message: its seat's view (its own hand, its own legal actions with what each
    decision pays), the public table, and the words the page shows."""
    from game.ui.hints import watch_lines
    from game.ui.terms import card_name

    with speaking(lang):
        previews = {p.action: p for p in preview(view)} if view.legal else {}
        me = view.seat
        mine = bool(view.legal)
        if mine and view.phase == "play":
            prompt = _("Your turn — play a card")
        elif mine and view.phase == "take":
            prompt = _("Choose which card the drawn card takes (1–{n})").format(
                n=len(view.legal))
        elif mine:
            prompt = _("Your decision — see the panel")
        elif view.to_move >= 0:
            prompt = _("{name}'s turn").format(name=names[view.to_move])
        else:
            prompt = ""
        msg = {"t": "view", "n": serial, "seat": me, **_public(view, names, events),
               "hand": view.hand,
               "legal": [_action_entry(view, a, previews) for a in view.legal],
               "prompt": prompt, "away": list(away),
               "card_names": {c: card_name(c) for c in
                              set(view.hand) | set(view.field) | {*names_of(
                                  sum(view.captured_masks))}},
               "words": page_words()}
        if hints:
            msg["watch"] = [text for text, _colour in watch_lines(view, names)]
    return msg


def table_message(view: PlayerView, names: list[str], serial: int,
                  away: tuple[int, ...] = (),
                  events: list[tuple[object, int]] | None = None) -> dict[str, Any]:
    """The read-only table page's message: the public part of a view, never a hand."""
    from game.ui.terms import card_name

    msg = {"t": "table", "n": serial, **_public(view, names, events), "away": list(away),
           "card_names": {c: card_name(c) for c in set(view.field) | {*names_of(
               sum(view.captured_masks))}},
           "words": page_words()}
    return msg


def waiting_message(names: list[str], seat: int, joined: list[int], phones: list[int],
                    lang: str | None = None) -> dict[str, Any]:
    """Before the game starts (the host's lobby): who this phone is, who has joined."""
    with speaking(lang):
        here = len([s for s in phones if s in joined])
        return {"t": "waiting", "joined": joined, "seat": seat,
                "prompt": _("You are {name}. Waiting for the game to start…").format(
                    name=names[seat]),
                "status": ngettext("{n} of {total} phone has joined",
                                   "{n} of {total} phones have joined", len(phones)).format(
                    n=here, total=len(phones)),
                "words": page_words()}


def page_words() -> dict[str, str]:
    """The page's own words in the language in use (the same catalogs as the window)."""
    return {
        "hand": _("Your hand"), "field": _("Field"), "took": _("You took"),
        "waiting": _("Waiting for the game to start…"),
        "away": _("away"), "pile": _("Draw pile"),
        "target": _("Choose which card it takes"), "cancel": _("Back"),
        "refused": _("This link is not a seat of the game on this table."),
        "replaced": _("This seat was opened on another screen."),
        "retired": _("A computer plays this seat now."),
        "lost": _("Connection lost — trying again…"),
        "yourturn": _("Your turn"),
    }


def encode(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


__all__ = ["MAX_MESSAGE", "BadMessage", "encode", "page_words", "parse_client",
           "table_message", "valid_token", "view_message", "waiting_message"]
