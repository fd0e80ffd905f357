"""The table's big moments (issue 26): what each one shows and how it moves in time.

Four beats, each started by an engine event and filled only with the engine's facts:

- a yaku cut-in when a capture completes a dekiyaku (`yaku`: the event's items and values)
  or a teyaku is revealed (`teyaku`: its items and revealed cards); the cards that make it
  come from the catalogue (`game.engine.view.combination_cards`);
- a field announcement when a Large or Grand field is dealt (`multiplier`: its ``m``);
- the round-end beat: the totals count up by the round's net and the winner's plate shines
  (`round_end`: its ``winner`` and ``net``);
- stamps that stay on a plate while the call holds (`StampBoard`).

Pure: no pygame and no clock (the table passes each frame's dt), so tests run it alone. A
moment never changes the game: skipping drops the queue and nothing else. The durations are
TABLE.md §8's "about 1 s" at Normal speed, scaled by the speed setting (none at Instant);
under reduced motion a moment is a plain fade (no gathering, no counting, no growth).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from game.engine.events import Event
from game.engine.view import combination_cards
from game.engine.vocab import EventKind

# seconds at Normal speed (docs/design/TABLE.md §8: a beat of about a second)
SECONDS = {"yaku": 1.2, "teyaku": 1.0, "field": 1.0, "round_end": 1.1}
COMPUTER = 0.75  # a computer seat's cut-in is shorter (and smaller, at its plate)
FADE = 0.18  # share of a moment spent fading in, and again fading out


@dataclass(frozen=True)
class Moment:
    """One beat to show. `items` are (id, value) as the engine gave them (value in mon at
    m = 1 from each opponent, or None); `fresh` the ids this event formed or raised."""

    kind: str  # "yaku", "teyaku", "field", "round_end"
    seat: int  # whose moment (-1: the table's, or no winner)
    own: bool = True  # the seat on screen: the big cut-in; else a small one at its plate
    items: tuple[tuple[str, int | None], ...] = ()
    fresh: frozenset[str] = frozenset()
    cards: tuple[str, ...] = ()
    multiplier: int = 1
    net: tuple[int, ...] = ()
    seconds: float = 1.0


@dataclass(frozen=True)
class Pose:
    """How a moment looks at one instant; every value 0..1."""

    alpha: float  # opacity (the whole beat fades in and out)
    gather: float  # how far the cards have travelled from their place to the cut-in
    count: float  # share of each value counted up (1: the engine's value)
    glow: float  # the glow around the cards and the winner's plate
    grow: float  # the banner's growth (1: full size)


def _ease(x: float) -> float:
    x = min(1.0, max(0.0, x))
    return 1 - (1 - x) ** 3


def pose(moment: Moment, t: float, reduced: bool = False) -> Pose:
    """The moment `t` seconds in. Reduced motion: a fade only, everything else at rest
    (cards in their final place, values whole, full size)."""
    span = max(1e-6, moment.seconds)
    x = min(1.0, max(0.0, t / span))
    alpha = min(1.0, x / FADE, (1 - x) / FADE) if x < 1 else 0.0
    alpha = max(0.0, alpha)
    if moment.kind == "round_end":  # the plates stay: only the shine fades out
        alpha = min(1.0, x / FADE) if x < 1 else 1.0
    if reduced:
        return Pose(alpha, 1.0, 1.0, alpha, 1.0)
    return Pose(alpha, _ease(x / 0.45), _ease((x - 0.2) / 0.5),
                0.5 + 0.5 * _ease((x - 0.3) / 0.3), _ease(x / 0.25))


def counted(value: int, share: float) -> int:
    """A value counted up to `share` of itself (whole at share 1, sign kept)."""
    if share >= 1:
        return value
    return int(value * max(0.0, share))


def fresh_items(items: Mapping[str, int | None],
                before: Mapping[str, int | None] | None) -> frozenset[str]:
    """The ids of a yaku event that are new or worth more than at the seat's last yaku
    event this round (the engine repeats every combination the seat holds)."""
    before = before or {}
    out = frozenset(k for k, v in items.items()
                    if k not in before or (v or 0) > (before[k] or 0))
    return out or frozenset(items)


def moment_for(ev: Event, *, viewer: int | None, rs: object, pile: Sequence[str] = (),
               before: Mapping[str, int | None] | None = None, speed: float = 1.0,
               field_multiplier: bool = True, ctx: object | None = None) -> Moment | None:
    """The moment an event starts, or None. `pile` is the seat's captures as shown (for a
    yaku's cards), `before` the items of the seat's last yaku event this round, `speed` the
    animation speed factor (0: Instant, no moment), `field_multiplier` whether the game has
    a field multiplier at all (a game without one announces none). `viewer` is the seat
    whose hand is face up on the screen, whose moments are the big cut-in; None when no hand
    is (every seat's moment is then the small one at its plate)."""
    if speed <= 0:
        return None
    kind = ev.kind
    d = ev.data
    own = viewer is not None and ev.seat == viewer
    scale = speed * (1.0 if own else COMPUTER)
    if kind == EventKind.YAKU:
        items = dict(d.get("items", {}))
        if not items:
            return None
        fresh = fresh_items(items, before)
        cards: list[str] = []
        for yid in sorted(fresh):
            cards.extend(c for c in combination_cards(rs, yid, pile, ctx) if c not in cards)
        return Moment("yaku", ev.seat, own, tuple(items.items()), fresh, tuple(cards),
                      seconds=SECONDS["yaku"] * scale)
    if kind == EventKind.TEYAKU:
        items = dict(d.get("items", {}))
        if not items:
            return None
        return Moment("teyaku", ev.seat, own, tuple(items.items()), frozenset(items),
                      tuple(d.get("cards", ())), seconds=SECONDS["teyaku"] * scale)
    if kind == EventKind.MULTIPLIER and field_multiplier and int(d.get("m", 1)) >= 2:
        return Moment("field", -1, True, multiplier=int(d["m"]),
                      seconds=SECONDS["field"] * speed)
    if kind == EventKind.ROUND_END and d.get("ending") != "misdeal":
        return Moment("round_end", ev.seat, True, net=tuple(d.get("net", ())),
                      seconds=SECONDS["round_end"] * speed)
    return None


@dataclass
class MomentQueue:
    """The moments waiting to be shown, one after the other (a turn that makes two yaku
    shows one cut-in listing both: the engine reports them in one event)."""

    queue: list[Moment] = field(default_factory=list)
    t: float = 0.0  # seconds into the first moment

    @property
    def current(self) -> Moment | None:
        return self.queue[0] if self.queue else None

    @property
    def active(self) -> bool:
        return bool(self.queue)

    def push(self, moment: Moment | None) -> bool:
        """Queue a moment; True when it is the one that starts now."""
        if moment is None:
            return False
        self.queue.append(moment)
        if len(self.queue) == 1:
            self.t = 0.0
            return True
        return False

    def update(self, dt: float) -> Moment | None:
        """Advance by dt; returns the moment that started with this step, if any."""
        if not self.queue:
            return None
        self.t += dt
        started = None
        while self.queue and self.t >= self.queue[0].seconds:
            self.t -= self.queue[0].seconds
            self.queue.pop(0)
            if self.queue:
                started = self.queue[0]
        if not self.queue:
            self.t = 0.0
        return started

    def skip(self) -> None:
        """A click or a key: every waiting moment is done at once (the game is untouched)."""
        self.queue.clear()
        self.t = 0.0

    def pose(self, reduced: bool = False) -> Pose | None:
        m = self.current
        return None if m is None else pose(m, self.t, reduced)


# --- stamps that stay ---------------------------------------------------------------------
# a call's stamp holds until one of these events of the same seat replaces it, or the round
# ends (the next round_start): sage until shoubu or cancel, the others for the round
LASTING = frozenset({EventKind.SAGE, EventKind.SHOUBU, EventKind.CANCEL, EventKind.MIZUTEN,
                     EventKind.DROP})


@dataclass
class StampBoard:
    """The calls stamped on the plates: seat -> the event kind of its standing call. Fed
    every event the table shows; cleared when a new round starts (or by undo)."""

    calls: dict[int, str] = field(default_factory=dict)
    fresh: dict[int, float] = field(default_factory=dict)  # seat -> seconds since stamped

    def note(self, ev: Event) -> None:
        if ev.kind == EventKind.ROUND_START:
            self.clear()
        elif ev.kind in LASTING and ev.seat >= 0:
            self.calls[ev.seat] = str(ev.kind)
            self.fresh[ev.seat] = 0.0

    def update(self, dt: float) -> None:
        for s in self.fresh:
            self.fresh[s] += dt

    def clear(self) -> None:
        self.calls.clear()
        self.fresh.clear()


__all__ = ["COMPUTER", "LASTING", "SECONDS", "Moment", "MomentQueue", "Pose", "StampBoard",
           "counted", "fresh_items", "moment_for", "pose"]
