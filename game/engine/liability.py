"""Liability (docs/rules/hachihachi.md §10, and
§12 for tobikomi): a player who feeds an opponent the card that
completes a combination pays for both opponents.

- hatto: the feeder left on the field the last missing card of an opponent's dekiyaku
  (option ``hatto_liability``);
- tobikomi: the feeder left the fourth card of a diver's claimed triplet (option
  ``tobikomi_liability``).

A play that captures nothing opens a ``Watch``; at the end of the watched player's turn it
becomes a liability if that player took the fed card together with the card it needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .cards import MONTH_MASK, month

if TYPE_CHECKING:
    from .state import State

HATTO, TOBIKOMI = "hatto", "tobikomi"


class Watch(NamedTuple):
    """One open liability watch."""

    kind: str  # HATTO or TOBIKOMI
    seat: int  # the player who may complete the combination
    key: object  # the dekiyaku id (hatto) or the triplet's month (tobikomi)
    feeder: int  # the player who left the card on the field
    card: int  # the card left on the field
    needed: int  # the card that completes the combination


def open_watches(st: State, seat: int, card: int, hatto_sets: tuple[tuple[str, int], ...],
                 tobikomi: bool) -> None:
    """``seat`` played ``card`` and it stayed on the field: watch who it may feed."""
    if len(st.active) != 3:
        return
    for y in st.active:
        if y == seat:
            continue
        pile = st.captured[y]
        for key, mask in hatto_sets:
            if pile & mask == mask:
                continue
            missing = mask & ~pile
            if missing.bit_count() == 1:
                k = missing.bit_length() - 1
                if k == card or month(k) == month(card):
                    st.watch.append(Watch(HATTO, y, key, seat, card, k))
        if tobikomi:
            claim = st.claims.get(y)
            if claim:
                for mo in claim.triplets:
                    fourth = MONTH_MASK[mo - 1] & ~claim.reveal
                    if fourth == 1 << card:
                        st.watch.append(Watch(TOBIKOMI, y, mo, seat, card, card))


def resolve_watches(st: State, seat: int, hatto_sets: tuple[tuple[str, int], ...]) -> None:
    """End of ``seat``'s turn: its watches become liabilities or close."""
    keep = []
    sets = dict(hatto_sets)
    for w in st.watch:
        if w.seat != seat:
            keep.append(w)
            continue
        for cap in st.turn_caps:
            if cap >> w.card & 1 and cap >> w.needed & 1:
                if w.kind == TOBIKOMI:
                    st.liable[(TOBIKOMI, w.seat, w.key)] = w.feeder
                else:
                    mask = sets[w.key]
                    if st.captured[w.seat] & mask == mask:
                        st.liable[(HATTO, w.seat, w.key)] = w.feeder
    st.watch = keep


def liable_for(st: State, kind: str, seat: int, key: object) -> int | None:
    """The feeder liable for ``seat``'s combination ``key``, if any."""
    return st.liable.get((kind, seat, key)) if st.liable else None
