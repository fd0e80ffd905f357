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

import functools
import json
from typing import Any

from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS, names_of
from game.engine.errors import NotationError
from game.engine.preview import preview
from game.engine.view import PlayerView
from game.i18n import LANGUAGES, _, language, ngettext, pgettext, speaking

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
    from game.play.choices import choice_words
    from game.play.decisions import label

    entry: dict[str, Any] = {"a": str(a), "verb": a.verb}
    if a.verb == PLAY and a.args:
        entry["card"] = CARD_IDS[a.args[0]]
        if len(a.args) > 1:
            entry["target"] = CARD_IDS[a.args[1]]
    elif a.verb == TAKE and a.args:
        entry["target"] = CARD_IDS[a.args[0]]
    else:
        entry["label"] = label(a.verb, view.phase, view.decision_words)
        p = previews.get(a)
        if p is not None:
            pays, risks = choice_words(p, view.decision_words)  # type: ignore[arg-type]
            entry["pays"], entry["risks"] = pays, risks
    return entry


def _public(view: PlayerView, names: list[str],
            events: list[tuple[object, int]] | None) -> dict[str, Any]:
    """What every seat may see: the field, the captures, the counts, the scores, the log."""
    from game.play.terms import term

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
        "log": log_lines(events or [], names, words=view.decision_words),
        "seat_lines": [seat_line(view, s) for s in range(len(names))],
        **whole_table(view, names),
    }


def whole_table(view: PlayerView, names: list[str]) -> dict[str, Any]:
    """What a seat that does not see the host's window needs besides (issue 46, item 2): each
    seat's plate facts (card points against its par, dealer, Sudaoshi's role), the teyaku
    shown this round with their cards, and the game's standings now. Public facts only, in
    words the page shows as they are."""
    from game.engine.vocab import Category
    from game.play.choices import money
    from game.play.present import claim_lines, points_text
    from game.play.standings import ranking
    from game.play.terms import seat_role

    rs = _ruleset(view.ruleset, tuple(sorted(view.options.items())))
    plates = []
    for s in range(len(names)):
        par = view.par[s] if s < len(view.par) else None
        points = rs.points(view.captured_masks[s]) if rs is not None and s < len(
            view.captured_masks) and rs.counts_card_points else None  # Koi-Koi: none
        position = view.positions[s] if s < len(view.positions) else -1
        plates.append({"points": points_text(points, par), "dealer": s == view.dealer,
                       "role": seat_role(view.ruleset, position, par)})
    voidable = rs is not None and Category.TEYAKU in rs.special_voids()
    shown = [{"seat": s, "text": text, "cards": cards}
             for s, text, cards in claim_lines(view, names, voidable) if cards] \
        if view.phase in ("play", "take", "decide") else []
    standings = [{"place": place, "name": names[s], "total": money(view.totals[s]),
                  "me": s == view.seat}
                 for place, s in ranking(view.totals[:len(names)])]
    return {"plates": plates, "teyaku": shown, "standings": standings}


def seat_line(view: PlayerView, seat: int) -> str:
    """A seat's line under its name: its total, its cards in hand, its yaku now."""
    from game.play.choices import money
    from game.play.terms import term

    parts = [money(view.totals[seat]) if seat < len(view.totals) else "",
             _("{n} in hand").format(n=view.hand_counts[seat])
             if seat < len(view.hand_counts) else ""]
    if seat < len(view.yaku) and view.yaku[seat]:
        parts.append(", ".join(term(k) for k in view.yaku[seat]))
    return " · ".join(p for p in parts if p)


def log_lines(events: list[tuple[object, int]], names: list[str], last: int = 10,
              words: str = "sage") -> list[str]:
    """The table's log in words (the same narration as the window's log, public events
    only), its last lines; `words`: the game's decision words (Koi-Koi's stop names the
    points of the stopper's last yaku event)."""
    from game.play.narrate import narrate, yaku_points

    out = []
    points: dict[int, int] = {}
    for ev, rnd in events[-4 * last:]:
        got = yaku_points(ev)  # type: ignore[arg-type]
        if got is not None:
            points[ev.seat] = got  # type: ignore[attr-defined]
        line = narrate(ev, names, rnd, words,  # type: ignore[arg-type]
                       points.get(ev.seat))  # type: ignore[attr-defined]
        if line:
            out.append(line)
    return out[-last:]


def _you(view: PlayerView, names: list[str]) -> dict[str, Any]:
    """The phone's own seat: its name, its number (from 1, as the table counts seats) and
    its total, so the page says whose hand it is."""
    from game.play.choices import money

    me = view.seat
    return {"seat": me, "number": me + 1, "name": names[me] if me < len(names) else "",
            "total": money(view.totals[me]) if me < len(view.totals) else ""}


def _takes(view: PlayerView, a: Action) -> list[str]:
    """The field cards a play would take, by the engine's capture rule (`Ruleset.arrive`):
    a tap shows them before the second tap plays."""
    if a.verb != PLAY or not a.args:
        return []
    try:
        rs = _ruleset(view.ruleset, tuple(sorted(view.options.items())))
        target = a.args[1] if len(a.args) > 1 else -1
        _field, took = rs.arrive(view.field_mask, a.args[0], target)
    except (TypeError, ValueError, AttributeError):  # no ruleset, or a choice still open
        return []
    return [c for c in names_of(took) if c != CARD_IDS[a.args[0]]]


@functools.lru_cache(maxsize=16)
def _ruleset(name: str, options: tuple) -> Any:
    """The view's ruleset (its options are a view's: hashable once sorted)."""
    from game.engine import rulesets
    from game.engine.errors import RulesError

    try:
        return rulesets.get(name, **dict(options))
    except (RulesError, TypeError, ValueError):
        return None  # _takes then offers nothing to show


def round_end(view: PlayerView, names: list[str]) -> dict[str, Any] | None:
    """The last round's result in short, for the phone's round-end sheet: its headline, its
    payments (reason, payer → payee, amount), each seat's net and total, and this seat's
    own net. Every amount is the engine's (the view's `results`)."""
    from game.engine.ledger import POT
    from game.play.narrate import ending_words, no_payments
    from game.play.numbers import amount
    from game.play.terms import term

    if not view.results:
        return None
    r = view.results[-1]
    count = len(view.results)
    number = view.round if view.phase == "over" or r.ending == "misdeal" else view.round - 1

    def who(seat: int) -> str:
        if seat == POT:
            return pgettext("ledger", "Pot")
        return names[seat] if 0 <= seat < len(names) else "?"

    ending = ending_words(r.ending, view.decision_words)
    if r.winner is not None and 0 <= r.winner < len(names) and r.ending not in (
            "draw", "misdeal", "exhausted"):
        ending = _("{ending}: {name}").format(ending=ending, name=names[r.winner])
    title = " · ".join([_("Round {n}").format(n=max(1, number)), f"×{r.multiplier}", ending])
    lines = [{"reason": term(p.reason), "who": f"{who(p.frm)} → {who(p.to)}",
              "amount": amount(p.amount), "mine": view.seat in (p.frm, p.to)}
             for p in r.payments]
    me = view.seat
    mine = r.net[me] if 0 <= me < len(r.net) else 0
    you = "" if not 0 <= me < len(r.net) else (  # the table page (no seat): no "you"
        _("You won {money} this round.") if mine > 0 else
        _("You paid {money} this round.") if mine < 0 else
        _("You neither won nor paid this round.")).format(
            money=_("{amount} mon").format(amount=amount(abs(mine))))
    return {
        "k": count, "title": title, "lines": lines,
        "net": [{"name": who(s), "net": amount(v, sign=True), "total": amount(view.totals[s])
                 if s < len(view.totals) else "", "gain": v > 0, "loss": v < 0, "me": s == me}
                for s, v in enumerate(r.net)],
        "mine": you,
        "none": no_payments(r.ending, view.decision_words) if not lines else "",
    }


def view_message(view: PlayerView, names: list[str], serial: int, lang: str | None = None,
                 *, hints: bool = False, away: tuple[int, ...] = (),
                 events: list[tuple[object, int]] | None = None) -> dict[str, Any]:
    """A phone's message: its seat's view (its own hand, its own legal actions with what each
    decision pays and what each play would take), the public table, the last round's result,
    and the words the page shows."""
    from game.play.terms import card_name
    from game.play.watch import watch_rows

    with speaking(lang):
        previews = {p.action: p for p in preview(view)} if view.legal else {}
        me = view.seat
        mine = bool(view.legal)
        if mine and view.phase == "play":
            prompt = _("Your turn: play a card")
        elif mine and view.phase == "take":
            prompt = _("Your turn: choose the card the drawn card takes")
        elif mine:
            prompt = _("Your decision: choose below")
        elif view.to_move >= 0 and view.to_move < len(names):
            prompt = _("{name}'s turn").format(name=names[view.to_move])
        else:
            prompt = ""
        legal = []
        for a in view.legal:
            entry = _action_entry(view, a, previews)
            if a.verb == PLAY:
                entry["takes"] = _takes(view, a)
            legal.append(entry)
        msg = {"t": "view", "n": serial, "seat": me, **_public(view, names, events),
               "hand": view.hand, "legal": legal, "turn": mine,
               "prompt": prompt, "away": list(away), "me": _you(view, names),
               "round_end": round_end(view, names),
               "card_names": {c: card_name(c) for c in
                              set(view.hand) | set(view.field) | {*names_of(
                                  sum(view.captured_masks))}},
               "words": page_words(), "lang": language()}
        if view.drawn >= 0:
            msg["card_names"][CARD_IDS[view.drawn]] = card_name(CARD_IDS[view.drawn])
        for claim in msg["teyaku"]:  # shown cards still in a hand: public, and named
            for c in claim["cards"]:
                msg["card_names"].setdefault(c, card_name(c))
        if hints:
            msg["watch"] = [text for text, _kind in watch_rows(view, names)]
    return msg


def table_message(view: PlayerView, names: list[str], serial: int,
                  away: tuple[int, ...] = (),
                  events: list[tuple[object, int]] | None = None) -> dict[str, Any]:
    """The read-only table page's message, from the engine's public view (no seat: no
    hand, no legal action), never a hand."""
    from game.play.terms import card_name

    shown = set(view.field) | {*names_of(sum(view.captured_masks))}
    if view.drawn >= 0:
        shown.add(CARD_IDS[view.drawn])
    turn = (_("{name}'s turn").format(name=names[view.to_move])
            if 0 <= view.to_move < len(names) else "")
    msg = {"t": "table", "n": serial, **_public(view, names, events), "away": list(away),
           "prompt": turn,
           "round_end": round_end(view, names),
           "card_names": {c: card_name(c) for c in shown},
           "words": page_words(), "lang": language()}
    for claim in msg["teyaku"]:
        for c in claim["cards"]:
            msg["card_names"].setdefault(c, card_name(c))
    return msg


def status_message(away: tuple[int, ...], joined: list[int] | None = None) -> dict[str, Any]:
    """Who is away now (a phone came or went): the other pages change only that."""
    msg: dict[str, Any] = {"t": "status", "away": list(away)}
    if joined is not None:
        msg["joined"] = list(joined)
    return msg


def over_message(view: PlayerView, names: list[str], winners: list[int], serial: int,
                 lang: str | None = None, *, window: bool = False) -> dict[str, Any]:
    """The game's end on a phone: the standings (place, name, total), the winner, this
    seat's own place, and what happens next (the game is kept on the host; the page can be
    closed). `window`: the host is the desktop window, whose screen offers the next game."""
    from game.play.numbers import amount
    from game.play.standings import ranking

    with speaking(lang):
        me = view.seat
        totals = list(view.totals)
        table = [{"place": place, "name": names[s] if s < len(names) else "?",
                  "total": _("{amount} mon").format(amount=amount(totals[s], sign=True)),
                  "me": s == me, "winner": s in winners}
                 for place, s in ranking(totals)]
        place = next((row["place"] for row in table if row["me"]), None)
        won = [names[s] for s in winners if s < len(names)]
        if me in winners:
            headline = _("You won the game!") if len(winners) == 1 else \
                _("You share the win!")
        elif won:
            headline = ngettext("{names} wins the game.", "{names} win the game.",
                                len(won)).format(names=pgettext("list separator", ", ").join(won))
        else:
            headline = _("The game is over.")
        mine = (_("You finish in place {place} of {n}.").format(place=place, n=len(totals))
                if place is not None else "")
        after = (_("The game is kept on the host's computer. The next game starts there; "
                   "you can close this page.") if window else
                 _("The game is kept on the host's computer. You can close this page."))
        return {"t": "over", "n": serial, "seat": me, "headline": headline, "mine": mine,
                "standings": table, "next": after, "round_end": round_end(view, names),
                "words": page_words(), "lang": language()}


def notice(kind: str, lang: str | None = None) -> dict[str, Any]:
    """A page's last word on a closed seat, in its language: `replaced` (opened on another
    screen), `new_link` (the host made a new link for this seat), `retired` (a computer
    plays it now), `refused` (a link that is no seat of this game)."""
    with speaking(lang):
        texts = {
            "replaced": _("This seat was opened on another screen. Play there, or reload "
                          "this page to take it back."),
            "new_link": _("The host made a new link for this seat, so this one no longer "
                          "works. Ask the host for the new link or scan the new code."),
            "retired": _("A computer plays this seat now. Thank you for playing!"),
            "refused": _("This link is not a seat of the game on this table. Ask the host "
                         "for your seat's link."),
            "closed": _("The host closed the game. It is kept on the host's computer."),
        }
        return {"t": kind if kind != "new_link" else "replaced", "why": kind,
                "text": texts[kind], "words": page_words(), "lang": language()}


def rejected_message(serial: int, lang: str | None = None) -> dict[str, Any]:
    """A move the table did not take (it answered an older view, or came out of turn): the
    page says so instead of dropping the tap without a word."""
    with speaking(lang):
        return {"t": "rejected", "n": serial,
                "text": _("That move was not taken: the table had moved on. Look again and "
                          "choose.")}


def waiting_message(names: list[str], seat: int, joined: list[int], phones: list[int],
                    lang: str | None = None) -> dict[str, Any]:
    """Before the game starts (the host's lobby): who this phone is, who has joined."""
    with speaking(lang):
        here = len([s for s in phones if s in joined])
        return {"t": "waiting", "joined": joined, "seat": seat,
                "me": {"seat": seat, "number": seat + 1,
                       "name": names[seat] if seat < len(names) else "", "total": ""},
                "names": names,
                "prompt": _("You are {name}. Waiting for the game to start…").format(
                    name=names[seat]),
                "status": ngettext("{n} of {total} phone has joined",
                                   "{n} of {total} phones have joined", len(phones)).format(
                    n=here, total=len(phones)),
                "words": page_words(), "lang": language()}


def page_words() -> dict[str, str]:
    """The page's own words in the language in use (the same catalogs as the window)."""
    from game.engine.vocab import Category
    from game.play.terms import category_short, category_term

    return {
        "take_back": _("Play on this screen"),
        "list_sep": pgettext("list separator", ", "),
        "hand": _("Your hand"), "field": _("Field"), "took": _("You took"),
        "waiting": _("Waiting for the game to start…"),
        "away": _("away"), "pile": _("Draw pile"),
        "target": _("Choose which card it takes"), "cancel": _("Back"),
        "refused": _("This link is not a seat of the game on this table."),
        "replaced": _("This seat was opened on another screen."),
        "retired": _("A computer plays this seat now."),
        "lost": _("Connection lost — trying again…"),
        "offline": _("Offline: your cards wait until the connection is back."),
        "back_online": _("Connected again."),
        "yourturn": _("Your turn"),
        "play": _("Play"), "takes": _("Takes: {cards}"), "takes_nothing": _(
            "Takes nothing: it stays on the field."),
        "tap_again": _("Tap again or press Play."),
        "round_over": _("Round over"), "ok": _("OK"), "net": _("This round"),
        "total": _("Total"), "game_over": _("Game over"), "you": _("You"),
        "seat": _("Seat {n}"), "sent": _("Sent…"),
        "standings": _("Standings"), "log": _("What happened"), "others": _("Players"),
        "dealer": _("Dealer"), "last_round": _("Last round"), "watch": _("Yaku watch"),
        "teyaku": category_term(Category.TEYAKU), "teyaku_badge": category_short(
            Category.TEYAKU),
    }


def encode(msg: dict[str, Any]) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


__all__ = ["MAX_MESSAGE", "BadMessage", "encode", "notice", "over_message", "page_words",
           "parse_client", "rejected_message", "round_end", "status_message", "table_message",
           "valid_token", "view_message", "waiting_message"]
