"""What the table shows, as public events and one seat's view describe it (no pygame).

`TableModel` is updated event by event (so each event can be animated on its own) and then
`sync`ed to the view the table reads, which is authoritative: whatever the animations did,
the resting table equals the view. Hidden cards have no id here, only a count, so nothing
private can leak into a drawing. `targets()` turns the model into card placements for a
`Layout` (pure; the Animator moves sprites between successive placements).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import INDEX, KINDS
from game.engine.events import Event
from game.engine.view import PlayerView
from game.ui.layout import (
    LABEL_W,
    Layout,
    group_positions,
    hand_positions,
    points_room,
    slot_positions,
    top_group_positions,
    top_label_h,
    top_label_least,
    top_label_w,
)

KIND_ORDER = ("bright", "animal", "ribbon", "chaff")
PRE_PLAY = frozenset({"deal", "blank", "swap", "mizuten", "dropout"})


@dataclass(frozen=True)
class Place:
    x: int
    y: int
    w: int
    face: bool  # face up
    z: int = 0


@dataclass
class Seating:
    """Who sits where on screen: the bottom seat, the opponent panels, the bench."""

    bottom: int
    others: list[int]  # others[0] = next after the bottom seat (top right)
    bench: list[int]
    phase: str  # "play" or "dropout" (layout mode)
    active: int  # number of active players drawn as panels (bottom included)


def seating(view: PlayerView, viewer: int, active_count: int) -> Seating:
    n = view.seats
    if n <= active_count:
        others = [(viewer + i) % n for i in range(1, n)]
        return Seating(viewer, others, [], "play", n)
    if view.active and view.phase not in PRE_PLAY:
        act = sorted(view.active)
        # the viewer keeps the bottom even when sitting out: no one else's hand shows there
        others = [(viewer + i) % n for i in range(1, n) if (viewer + i) % n in act]
        bench = [s for s in range(n) if s not in act and s != viewer]
        return Seating(viewer, others, bench, "play", len(others) + 1)
    others = [(viewer + i) % n for i in range(1, n)]
    return Seating(viewer, others, [], "dropout", active_count)


def sits_out(view: PlayerView, humans: list[int]) -> bool:
    """Every human at the table sat this round out (dropped, blank card, forced out) while
    the others play it: the table has no hand to show and offers to fast-forward."""
    return (bool(humans) and bool(view.active) and view.phase not in PRE_PLAY
            and view.phase not in ("deal", "over")
            and not any(h in view.active for h in humans))


@dataclass
class TableModel:
    seats: int
    hands: list[list[str | None]] = field(default_factory=list)
    field_cards: list[str] = field(default_factory=list)
    captured: list[list[str]] = field(default_factory=list)
    pile: int = 0
    reveal: str | None = None
    claims: dict[int, list[str]] = field(default_factory=dict)
    origins: dict[str, tuple] = field(default_factory=dict)  # new key -> where it comes from
    deal_order: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.hands:
            self.hands = [[] for _ in range(self.seats)]
            self.captured = [[] for _ in range(self.seats)]

    # --- keys -------------------------------------------------------------------------
    @staticmethod
    def hidden_key(seat: int, i: int) -> str:
        return f"h{seat}:{i}"

    def hand_keys(self, seat: int) -> list[tuple[str, str | None]]:
        """(sprite key, card id or None) for a seat's hand, left to right."""
        out = []
        hidden = 0
        for c in self.hands[seat]:
            if c is None:
                out.append((self.hidden_key(seat, hidden), None))
                hidden += 1
            else:
                out.append((c, c))
        return out

    # --- events -----------------------------------------------------------------------
    def _take_from_hand(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
            return
        if None in hand:
            # the card leaves a face-down hand: it starts where that hand's last back was
            self.origins[card] = ("hand", seat, len(hand) - 1)
            hand.remove(None)

    def _remove_everywhere(self, card: str) -> None:
        if card in self.field_cards:
            self.field_cards.remove(card)
        if self.reveal == card:
            self.reveal = None

    def apply(self, ev: Event) -> None:
        """Move cards as one public event says (never needs a hidden card's id)."""
        self.origins = {}
        self.deal_order = []
        k, d = ev.kind, ev.data
        if k == "round_start":
            self.hands = [[] for _ in range(self.seats)]
            self.captured = [[] for _ in range(self.seats)]
            self.field_cards = []
            self.reveal = None
            self.claims = {}
            self.pile = 0
        elif k == "dealt":
            seats = list(d.get("seats", []))
            for s in seats:
                self.hands[s] = [None] * 7
                for i in range(7):
                    key = self.hidden_key(s, i)
                    self.origins[key] = ("pile",)
                    self.deal_order.append(key)
            self.field_cards = list(d.get("field", []))
            for c in self.field_cards:
                self.origins[c] = ("pile",)
                self.deal_order.append(c)
            self.pile = int(d.get("pile", 0))
        elif k == "played":
            self._take_from_hand(ev.seat, d["card"])
            self.field_cards.append(d["card"])
        elif k == "placed":
            card = d["card"]
            if self.reveal == card:
                self.reveal = None
            if d.get("rule"):  # dealt from the pile to the field, not a turn's draw
                self.pile = max(0, self.pile - 1)
                self.origins[card] = ("pile",)
            if card not in self.field_cards:
                self.field_cards.append(card)
        elif k == "captured":
            for c in d.get("cards", []):
                self._remove_everywhere(c)
                if c not in self.captured[ev.seat]:
                    self.captured[ev.seat].append(c)
        elif k == "drew":
            self.pile = max(0, self.pile - 1)
            self.reveal = d["card"]
            self.origins[d["card"]] = ("pile",)
        elif k == "teyaku":
            self.claims[ev.seat] = list(d.get("cards", []))
        elif k == "reshuffle":
            self.pile = int(d.get("pile", self.pile))

    def hide_hand(self, seat: int) -> None:
        """Turn a seat's hand face down now, as `sync` would show it to nobody: the cards it
        revealed for teyaku stay face up, the rest become backs. A hot-seat hand passes on
        the moment its move is made, before that move is animated (issue 42)."""
        shown = [c for c in self.claims.get(seat, []) if c in self.hands[seat]]
        self.hands[seat] = shown + [None] * (len(self.hands[seat]) - len(shown))

    def resort_hands(self, order: str) -> None:
        """Put every hand shown face up in `order` now (the setting changed mid-round)."""
        for s, hand in enumerate(self.hands):
            if hand and None not in hand:
                self.hands[s] = sort_hand(hand, order)  # type: ignore[arg-type]

    def sync(self, view: PlayerView, show_hand_of: int | None) -> None:
        """Make the model equal to the view. `show_hand_of` is the seat whose own hand the
        table may show face up (None: every hand face down, e.g. between hot-seat humans)."""
        self.origins = {k: v for k, v in self.origins.items()}
        self.field_cards = [c for c in self.field_cards if c in set(view.field)] + [
            c for c in view.field if c not in self.field_cards]
        for s in range(view.seats):
            pile = view.captured(s)
            self.captured[s] = [c for c in self.captured[s] if c in pile] + [
                c for c in pile if c not in self.captured[s]]
        self.pile = view.pile_count
        self.reveal = None if view.drawn < 0 else _card_id(view.drawn)
        self.claims = {s: list(c.cards) for s, c in view.claims.items()}
        public = set(view.field) | {c for s in range(view.seats) for c in view.captured(s)}
        for s in range(view.seats):
            count = view.hand_counts[s]
            if s == view.seat and s == show_hand_of and view.hand_mask:
                hand = sort_hand(view.hand, _hand_sort)
            else:
                shown = [c for c in self.claims.get(s, []) if c not in public]
                hand = shown + [None] * max(0, count - len(shown))
                hand = hand[:count]
            self.hands[s] = list(hand)


HAND_SORTS = ("month", "kind")
_hand_sort = "month"  # Settings → Sort my hand (issue 26, item 7)


def set_hand_sort(order: str) -> None:
    """The order the player's own hand is shown in, from the next sync on."""
    global _hand_sort
    if order not in HAND_SORTS:
        raise ValueError(f"unknown hand order {order!r}")
    _hand_sort = order


def sort_hand(cards: list[str], order: str = "month") -> list[str]:
    """A hand left to right: by month (the cards' order), or by kind (Brights, Animals,
    Ribbons, Chaff), each kind by month. The number keys follow the order shown."""
    if order == "kind":
        return sorted(cards, key=lambda c: (KIND_ORDER.index(KINDS[INDEX[c]]), INDEX[c]))
    return sorted(cards, key=INDEX.__getitem__)


def _card_id(c: int) -> str:
    from game.engine.cards import CARD_IDS

    return CARD_IDS[c]


def groups_of(cards: list[str]) -> list[list[str]]:
    """Captures by kind (Brights, Animals, Ribbons, Chaff), each sorted by month."""
    out: list[list[str]] = [[] for _ in KIND_ORDER]
    for c in sorted(cards, key=INDEX.__getitem__):
        out[KIND_ORDER.index(KINDS[INDEX[c]])].append(c)
    return out


FACE_STEP = 1.06  # a revealed teyaku card in an opponent's fan shows whole (issue 23)
BACK_STEP = 0.25  # the backs overlap to a quarter of their width (TABLE.md §4.3)


def face_width(L: Layout) -> int:
    """Width of a revealed card in an opponent's fan: a back's, or a capture's if wider."""
    return max(L.back_w, L.opp_cap_w)


def face_step(L: Layout, panel_w: int, shown: int) -> float:
    """The fan step of `shown` revealed cards: whole (FACE_STEP) while the fan (with the
    backs of the rest of a 7-card hand) takes at most half the panel and leaves the
    captures room for four groups, else overlapping, never below 40 % of a card (the
    corner mark and the plant still show)."""
    if not shown:
        return FACE_STEP
    w = L.opp_cap_w  # the captures keep room for four groups of one card
    room = min(0.5 * panel_w, panel_w - 32 - 4 * w - 3 * max(4, round(0.15 * w)) - 8)
    fits = (room - _backs_w(L, shown)) / (shown * face_width(L))
    return max(0.4, min(FACE_STEP, fits))


def _backs_w(L: Layout, shown: int) -> int:
    """Width of the backs beside `shown` revealed cards (of a hand of at most 7)."""
    backs = 7 - shown
    return round(L.back_w * (1 + BACK_STEP * (backs - 1))) if backs > 0 else 0


def fan_width(L: Layout, shown: int = 0, panel_w: int = 0) -> int:
    """Width of an opponent's hand fan: seven backs, and `shown` revealed cards."""
    if not shown:
        return round(L.back_w * 2.6)
    step = face_step(L, panel_w, shown) if panel_w else FACE_STEP
    return max(round(L.back_w * 2.6), round(shown * step * face_width(L)) + _backs_w(L, shown))


def opponent_parts(rect, L: Layout, shown: int = 0) -> tuple:
    """(name row, fan origin, capture area) inside an opponent panel. The fan widens for
    `shown` revealed teyaku cards; the seat's points are in the name row, so the captures
    take the rest of the row (issue 23: they overlapped to one card beside free room)."""
    from pygame import Rect

    row1 = L.opp_row  # as tall as the name text at this UI scale (layout)
    fan_y = rect.y + row1 + 2
    fan = Rect(rect.x + 8, fan_y, fan_width(L, shown, rect.w), rect.bottom - fan_y - 2)
    caps = Rect(fan.right + 10, fan_y, rect.right - fan.right - 14, fan.h)
    return Rect(rect.x, rect.y, rect.w, row1), fan, caps


def opponent_groups(caps, L: Layout, groups: list[list[str]]) -> list:
    """(label rect, card positions) of an opponent's four capture groups in `caps`."""
    return top_group_positions(caps, [len(g) for g in groups], L.opp_cap_w,
                               top_label_h(L.opp_label), top_label_w(L.opp_label),
                               top_label_least(L.opp_label))


def shown_cards(model: TableModel, seat: int) -> int:
    """Face-up cards in a seat's hand on screen (an opponent's revealed teyaku)."""
    return sum(1 for c in model.hands[seat] if c is not None)


def label_width(L: Layout, size: int | None = None) -> int:
    """Width of a capture group's label drawn at `size` (the layout's small size if None)."""
    return round((size or L.small) * LABEL_W)


def points_width(L: Layout, size: int | None = None) -> int:
    """Room kept at the right of the own capture row for its "48 / 88 pts" label."""
    return points_room(size or L.small)


def own_caps_rect(L: Layout):  # noqa: ANN201 - pygame.Rect
    r = L.captures.inflate(-12, -8)
    r.w -= points_width(L, L.cap_label)
    return r


def targets(model: TableModel, L: Layout, seat: Seating) -> dict[str, Place]:
    """Where every visible card rests for this model and layout."""
    out: dict[str, Place] = {}
    # field: month slots
    by_month: dict[int, list[str]] = {}
    for c in model.field_cards:
        by_month.setdefault(INDEX[c] // 4, []).append(c)
    for m, cards in by_month.items():
        for c, (x, y) in zip(cards, slot_positions(L.slots[m], len(cards), L.field_w,
                                                   L.slot_step), strict=True):
            out[c] = Place(x, y, L.field_w, True, 0)
    if model.reveal is not None:
        out[model.reveal] = Place(L.reveal.x, L.reveal.y, L.field_w, True, 5)
    lw = label_width(L, L.cap_label)
    # the bottom seat
    b = seat.bottom
    keys = model.hand_keys(b)
    for (key, cid), (x, y) in zip(keys, hand_positions(L.hand, len(keys), L.hand_w),
                                  strict=True):
        out[key] = Place(x, y, L.hand_w, cid is not None, 3)
    for (_, pos), cards in zip(group_positions(own_caps_rect(L),
                                               [len(g) for g in groups_of(model.captured[b])],
                                               L.cap_w, lw),
                               groups_of(model.captured[b]), strict=True):
        for c, (x, y) in zip(cards, pos, strict=True):
            out[c] = Place(x, y, L.cap_w, True, 1)
    # opponents
    for s, rect in zip(seat.others, L.opponents, strict=False):
        shown = shown_cards(model, s)
        _, fan, caps = opponent_parts(rect, L, shown)
        keys = model.hand_keys(s)
        step = BACK_STEP if seat.phase == "play" else 0.2
        fw, fstep = face_width(L), face_step(L, rect.w, shown)
        x = fan.x
        for i, (key, cid) in enumerate(keys):
            if cid is not None:  # a revealed teyaku card: readable (issue 23)
                out[key] = Place(x, fan.y, fw, True, 2 + i)
                x += round(fstep * fw)
            else:
                out[key] = Place(x, fan.y, L.back_w, False, 2 + i)
                x += round(step * L.back_w)
        if seat.phase == "play":
            groups = groups_of(model.captured[s])
            for (_, pos), cards in zip(opponent_groups(caps, L, groups), groups, strict=True):
                for c, (x, y) in zip(cards, pos, strict=True):
                    out[c] = Place(x, y, L.opp_cap_w, True, 1)
    return out
