"""The yaku watch in words, for every front end (issue 44): per seat its made yaku, then what
it can still make, closest first, with where the missing cards are as the view knows it.
Everything comes from the engine's `view.yaku` and `view.watch` (public information, plus
the viewer's own hand); the window colours each row by its `Row` kind (game/ui/hints.py),
the phone shows the words. No pygame here.
"""

from __future__ import annotations

from enum import StrEnum

from game.engine.view import PlayerView, YakuProgress
from game.i18n import _
from game.play.terms import card_name, term


class Row(StrEnum):
    """What a row of the watch is (its colour on the window)."""

    SEAT = "seat"  # a seat's name, heading its rows
    MADE = "made"  # a yaku the seat has made
    NEAR = "near"  # a yaku in reach, with where its missing cards are
    NONE = "none"  # nobody has a yaku in reach


def watch_rows(view: PlayerView, names: list[str],
               addressed: bool = True) -> list[tuple[str, Row]]:
    """(text, kind) rows of the yaku watch: per seat its made yaku, then what it can still
    make, closest first, with where the missing cards are as the viewer knows it.

    `addressed`: the view's own hand is "in your hand" (one player reads this screen); False
    names it like any other ("Ren holds: …"), for a screen the players share (hot-seat),
    where "your" under another seat's heading read as that seat's hand (issue 42)."""
    you = view.seat if addressed else -1
    rows: list[tuple[str, Row]] = []
    for seat in range(view.seats):
        made = view.yaku[seat] if seat < len(view.yaku) else {}
        progress = [p for p in (view.watch[seat] if seat < len(view.watch) else ())
                    if not p.made and p.reachable]
        if not made and not progress:
            continue
        rows.append((_name(names, seat), Row.SEAT))
        for yid in made:
            rows.append((f"  ✓ {term(yid)}", Row.MADE))
        for p in sorted(progress, key=_closeness):
            rows.append((f"  {term(p.id)} {p.have}/{p.need} — {_where(p, you, names)}",
                         Row.NEAR))
    if not rows:
        rows.append((_("No yaku in reach yet."), Row.NONE))
    return rows


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) else _("Seat {n}").format(n=seat + 1)


def _closeness(p: YakuProgress) -> tuple:
    return (p.need - p.have, -len(p.on_field), -(p.value or 0), p.id)


def _where(p: YakuProgress, viewer: int = -1, names: list[str] | None = None) -> str:
    """Where the missing cards are: on the field, in the viewer's hand, held by a seat
    that revealed them for teyaku, unseen, or gone to another pile."""
    parts = []
    if p.on_field:
        parts.append(_("field: {cards}").format(cards=", ".join(card_name(c)
                                                                 for c in p.on_field)))
    mine = [c for s, c in p.held if s == viewer]
    if mine:
        parts.append(_("in your hand: {cards}").format(cards=", ".join(card_name(c)
                                                                       for c in mine)))
    for seat in sorted({s for s, _c in p.held if s != viewer}):
        cards = ", ".join(card_name(c) for s, c in p.held if s == seat)
        parts.append(_("{name} holds: {cards}").format(name=_name(names or [], seat),
                                                       cards=cards))
    if p.unseen:
        parts.append(_("{n} unseen").format(n=p.unseen))
    if p.gone:
        parts.append(_("{n} gone").format(n=p.gone))
    return "; ".join(parts) or "—"


__all__ = ["Row", "watch_rows"]
