"""What a play or a take does, seen from the moving seat's view: the cards it takes, the card
points they bring, and what that changes for every yaku in reach.

The table's advisor says why a move is suggested in these facts ("it takes the Pine ribbon,
which Ren needs for 赤短") rather than in the search's numbers; the capture comes from the
ruleset's own capture rule and the yaku from its catalogue (``rs.entries``) and the view's
yaku watch, so no rule is written here again. Pure: nothing here changes the view.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import PLAY, TAKE, Action
from .cards import CARD_IDS, names_of
from .positions import ruleset_of
from .view import PlayerView


@dataclass(frozen=True)
class MoveEffect:
    """The facts of one play or take for the seat that makes it."""

    card: str  # the card played, or the drawn card that takes
    taken: tuple[str, ...]  # field cards it takes (empty: it stays on the field)
    points: int  # card points going to the seat's pile (the card and what it takes)
    completes: tuple[str, ...]  # yaku the seat's pile makes (or raises) with them
    advances: tuple[tuple[str, int, int], ...]  # (yaku id, have after, need): yaku it nears
    denies: tuple[tuple[int, str], ...]  # (seat, yaku id): a card another seat needs goes
    # to this seat's pile (taken from the field, or the played card itself capturing)
    exposes: tuple[tuple[int, str], ...]  # (seat, yaku id): the card left on the field is
    # one another seat's yaku in reach needs

    @property
    def placed(self) -> bool:
        """The card captures nothing and stays on the field."""
        return not self.taken

    @property
    def safe(self) -> bool:
        """A discard that gives no other seat a card its yaku in reach needs."""
        return self.placed and not self.exposes


def move_effect(view: PlayerView, action: Action) -> MoveEffect | None:
    """The effect of ``action`` (a play, or a take of the drawn card) for ``view.seat``;
    None for any other action or one this view cannot make."""
    if view.seat < 0:  # a spectator's view (public_view) makes no move: never the last seat's
        return None
    rs = ruleset_of(view)
    if action.verb == PLAY and action.args:
        card = action.args[0]
        target = action.args[1] if len(action.args) > 1 else -1
    elif action.verb == TAKE and action.args and view.drawn >= 0:
        card, target = view.drawn, action.args[0]
    else:
        return None
    try:
        field_after, got = rs.arrive(view.field_mask, card, target)
    except ValueError:  # a choice without its target: not a move of this view
        return None
    me = view.seat
    position = view.positions[me] if me < len(view.positions) else 0
    pile = view.captured_masks[me]
    after = pile | got
    # the round's month and the field before and after (Koi-Koi's tsukifuda and weather)
    ctx = rs.view_context(view)
    before_items = rs.yaku_now(pile, position, ctx)
    after_items = rs.yaku_now(after, position, rs.context_of(view.round, field_after))
    completes = tuple(k for k, v in after_items.items() if before_items.get(k, 0) < v)
    entries = {e.id: e for e in rs.entries_in(ctx) if e.is_card_set}
    advances = []
    for p in view.watch[me] if me < len(view.watch) else ():
        e = entries.get(p.id)
        if e is None or p.made or p.id in completes or not got & e.cards:
            continue
        advances.append((p.id, (after & e.cards & rs.deck_mask).bit_count(), p.need))
    taken = got & ~(1 << card)
    denies, exposes = [], []
    for seat in view.active:
        if seat == me or seat >= len(view.watch):
            continue
        for p in view.watch[seat]:
            e = entries.get(p.id)
            if e is None or p.made or not p.reachable:
                continue
            if got & e.cards & ~view.captured_masks[seat]:
                denies.append((seat, p.id))
            if not got and e.cards >> card & 1:
                exposes.append((seat, p.id))
    return MoveEffect(CARD_IDS[card], tuple(names_of(taken)), rs.points(got), completes,
                      tuple(advances), tuple(denies), tuple(exposes))


__all__ = ["MoveEffect", "move_effect"]
