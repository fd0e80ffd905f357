"""The seat presenter: what each seat's plate shows, from the view the table draws.

One pure function for every screen that draws the table's plates (the table scene and the
replay viewer), so a plate shows the same facts wherever it is drawn: before there was a copy
in each scene, and the replay's copy had lost Sudaoshi's roles. It reads only a `PlayerView`,
the ruleset (card points of a capture pile) and words the caller already has (names, kinds,
the chronicle's statuses, the stamps on show); it imports no pygame, so it is tested without
a window. Time is the caller's business: it passes the stamps that are still showing and the
seat that is thinking, if any.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.i18n import _
from game.play.decisions import call_badge
from game.play.numbers import amount
from game.play.terms import paid_at, seat_role, term

if TYPE_CHECKING:
    from game.engine.rulesets.base import Ruleset
    from game.engine.view import PlayerView


@dataclass
class SeatInfo:
    """One seat's plate, in words already translated (table_view draws it as it is)."""

    name: str
    kind: str
    total: int
    points: int | None = None
    yaku: list[str] = field(default_factory=list)
    dealer: bool = False
    sage: bool = False
    status: str = ""
    stamp: str = ""
    thinking: bool = False
    par: int | None = None  # card points this seat needs to break even (the view's fact)
    role: str = ""  # Sudaoshi: "Dealer · burden 100" (terms.seat_role)
    short_kind: str = ""  # the kind when a plate is crowded ("Beginner" for "Computer · …")
    # the badge of a seat that played on: "下げ", or Koi-Koi's "こいこい ×2" with this round's
    # count of calls (the view's sage_calls, issue 47); "" for a seat that did not
    call_badge: str = ""


def seat_infos(view: PlayerView, names: Sequence[str], kinds: Sequence[str], rs: Ruleset,
               statuses: Mapping[int, str] | None = None,
               stamps: Mapping[int, str] | None = None, thinking: int | None = None,
               short_kinds: Sequence[str] | None = None) -> list[SeatInfo]:
    """Each seat's plate, seat by seat (one per name).

    `kinds` (and `short_kinds`, the kind on a crowded plate) are the caller's words for the
    seat ("Computer · Expert", "Human"); `statuses` the chronicle's lasting notes ("dropped
    out"); `stamps` the short-lived words on show now ("Sage!"); `thinking` the seat whose
    plate says it is thinking (None: nobody). Everything else is the view's: totals, card
    points of the capture pile, yaku, dealer, sage, par, and Sudaoshi's role with its burden.
    """
    statuses = statuses or {}
    stamps = stamps or {}
    out = []
    for i, name in enumerate(names):
        par = view.par[i] if i < len(view.par) else None
        position = view.positions[i] if i < len(view.positions) else -1
        sage = i in view.sage_order
        calls = view.sage_calls[i] if i < len(view.sage_calls) else 0
        out.append(SeatInfo(
            name=name, kind=kinds[i], short_kind=short_kinds[i] if short_kinds else "",
            total=view.totals[i],
            # a game whose score reads no card points shows none (Koi-Koi, issue 47)
            points=rs.points(view.captured_masks[i]) if rs.counts_card_points else None,
            yaku=[term(k) for k in view.yaku[i]] if view.yaku else [],
            dealer=i == view.dealer, sage=sage,
            status=statuses.get(i, ""), stamp=stamps.get(i, ""),
            thinking=thinking == i, par=par, role=seat_role(rs.name, position, par),
            call_badge=call_badge(view.decision_words, calls) if sage else ""))
    return out


def name_lines(view: PlayerView, rs: Ruleset) -> int:
    """Lines an opponent's name row needs (layout's `name_lines`): 2 when a seat has a role
    this round (Sudaoshi's role and burden do not fit beside a name and points), else 1."""
    return 2 if any(seat_role(rs.name, p, par)
                    for p, par in zip(view.positions, view.par, strict=False)) else 1


def claim_lines(view: PlayerView, names: Sequence[str], voidable: bool) -> list[
        tuple[int, str, list[str]]]:
    """The teyaku reveal in words, seat by seat in turn order: (seat, line, cards shown).

    One source for the window's reveal (game/ui/scenes/teyaku.py) and the page of a seat
    that does not see the window (issue 46: a friend online). Amounts and timing are the
    engine's: what ONE opponent pays, multiplier and payment model applied, and whether it
    is paid now or at the round's end; `voidable`: a round-end special cancels a claim in
    this ruleset (the engine's ``special_voids``)."""
    out = []
    for s in list(view.active) or list(range(view.seats)):
        c = view.claims.get(s)
        name = names[s] if 0 <= s < len(names) else "?"
        if c is None or not c.items:
            out.append((s, _("{name}: no teyaku").format(name=name), []))
            continue
        items = ", ".join(_("{teyaku}: {amount} mon from each opponent").format(
                              teyaku=term(k), amount=amount(c.pays.get(k, amt)))
                          for k, amt in c.items.items())
        out.append((s, _("{name} — {items} ({when})").format(
            name=name, items=items, when=paid_at(c.paid_at, voidable)), list(c.cards)))
    return out


def points_text(points: int | None, par: int | None) -> str:
    """A seat's card points as its plate says them: "31 / 88 pts" when the view names a
    target (the par), "31 pts" otherwise, "" when the ruleset counts none."""
    if points is None:
        return ""
    if par is not None:
        return _("{points} / {par} pts").format(points=points, par=par)
    return _("{points} pts").format(points=points)


__all__ = ["SeatInfo", "claim_lines", "name_lines", "points_text", "seat_infos"]
