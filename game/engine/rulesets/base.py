"""The ruleset base class: the rules API (rules/API.md §2) and the engine's hooks.

A ruleset is configured once from its options; ``State`` reads its attributes and calls its
hooks. The defaults here are "nothing happens" so that a ruleset only writes what it has.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from ..cards import ALL_MASK, CARD_IDS, CARD_MONTH_MASK, INDEX, cards_of
from ..errors import RulesError
from ..options import Option, resolve

if TYPE_CHECKING:
    from ..ledger import RoundResult
    from ..state import State


class Claim(NamedTuple):
    """The teyaku a player scores at the claim (hachihachi.md §6.4)."""

    items: dict[str, int]  # scored id -> mon at m = 1 per opponent, before payment_model
    reveal: int  # cards made public (mask)
    a_cards: int  # cards of the scored Group-A combination (0 if none scored)
    triplets: tuple[int, ...]  # months of a scored triplet teyaku (for tobikomi)
    b: str | None  # the scored Group-B id (for nukeyaku)

    @property
    def total(self) -> int:
        return sum(self.items.values())


class Ruleset:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    # --- configuration read by State (overridden per ruleset or in configure())
    deck_mask: int = ALL_MASK
    values: tuple[int, ...] = (0,) * 48
    min_seats = 2
    max_seats = 7
    active_count = 3
    capture_sum = False
    field_check = "misdeal"  # "misdeal" | "none" | "dealer_takes"
    hand_swap = False
    mizuten_min_seats = 0  # 0: no mizuten declaration
    compulsory = True
    decision: str | None = None  # None | "stop" | "sage"
    teyaku_at_claim = False
    watch_liability = False
    yaku_cards = ALL_MASK  # cards that can raise dek_value (the engine skips V otherwise)

    def __init__(self, **options: object) -> None:
        self.options = resolve(self.name, self.OPTIONS, options)
        self.configure()
        self.deck_cards = tuple(cards_of(self.deck_mask))
        self.deck_set = frozenset(self.deck_cards)
        by_value: dict[int, int] = {}
        for c in self.deck_cards:
            by_value[self.values[c]] = by_value.get(self.values[c], 0) | 1 << c
        self.value_masks = tuple(by_value.items())

    def configure(self) -> None:
        """Derive the engine configuration from self.options."""

    def __repr__(self) -> str:
        return f"rulesets.get({self.name!r}, **{self.options!r})"

    # ------------------------------------------------------------------ rules API

    @property
    def deck(self) -> tuple[str, ...]:
        return tuple(CARD_IDS[c] for c in self.deck_cards)

    def _card(self, name: object) -> int:
        if not isinstance(name, str) or name not in INDEX:
            raise RulesError(f"unknown card id: {name!r}")
        c = INDEX[name]
        if not self.deck_mask >> c & 1:
            raise RulesError(f"card {name!r} is not in the deck of ruleset {self.name!r}")
        return c

    def _mask(self, cards: Iterable[str]) -> int:
        if isinstance(cards, str):
            raise RulesError(f"expected a list of card ids, not the string {cards!r}")
        m = 0
        for name in cards:
            c = self._card(name)
            if m >> c & 1:
                raise RulesError(f"duplicate card {name!r}")
            m |= 1 << c
        return m

    def _seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise RulesError(f"seat must be a position >= 0, not {seat!r}")
        return seat

    def card_points(self, cards: Iterable[str]) -> int:
        return self.points(self._mask(cards))

    def points(self, mask: int) -> int:
        """Card points of a mask: one popcount per distinct card value."""
        total = 0
        for value, vm in self.value_masks:
            total += value * (mask & vm).bit_count()
        return total

    def can_capture(self, card: str, target: str) -> bool:
        a, b = self._card(card), self._card(target)
        if a == b:
            raise RulesError(f"a card cannot capture itself: {card!r}")
        if self.capture_sum:
            return ((a >> 2) + (b >> 2) + 2) % 5 == 3
        return bool(CARD_MONTH_MASK[a] >> b & 1)

    def teyaku(self, hand: Iterable[str], seat: int = 0) -> dict[str, int]:
        m = self._mask(hand)
        if m.bit_count() != 7:
            raise RulesError(f"a teyaku hand has exactly 7 cards, not {m.bit_count()}")
        claim = self.claim(m, self._seat(seat))
        return self.api_amounts(claim.items) if claim else {}

    def dekiyaku(self, pile: Iterable[str], seat: int = 0) -> dict[str, int]:
        m = self._mask(pile)
        self._seat(seat)
        return self.api_amounts(self.yaku_items(m, seat))

    def api_amounts(self, items: dict[str, int]) -> dict[str, int]:
        """Per-opponent amounts as the API reports them (payment_model may halve them)."""
        return dict(items)

    # ------------------------------------------------------------------ engine hooks

    def new_state(self, seats: int, first_dealer: int = 0, *, events: bool = True) -> State:
        from ..state import State

        return State(self, seats, first_dealer, events=events)

    def initial_carry(self) -> object:
        return None

    def field_multiplier(self, field: int, carry: object) -> tuple[int, object]:
        return 1, carry

    def carry_list(self, carry: object) -> tuple[int, ...]:
        """Carried multipliers still waiting, for views and year_extension."""
        return ()

    def claim(self, hand: int, position: int) -> Claim | None:
        return None

    def yaku_items(self, pile: int, position: int = 0) -> dict[str, int]:
        return {}

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        """The fixed card sets that score, as (id, mask, mon at m = 1), for this position:
        what a player can aim for or deny (AIs, the yaku watch). Count-based yaku such as
        Seven Ribbons are not listed."""
        return ()

    def dek_items(self, pile: int) -> dict[str, int]:
        return self.yaku_items(pile)

    def dek_value(self, pile: int) -> int:
        return 0

    def dek_value_fn(self):  # noqa: ANN201 - a callable int -> int
        """The fastest callable computing dek_value (the engine calls it every turn)."""
        return self.dek_value

    def pay_fee(self, st: State, seat: int, k: int, p: int) -> None:
        """A seat dropped: its fee into the pot (k-th to drop, p = index in the order)."""

    def pay_compensation(self, st: State) -> None:
        """Pay forced-out seats (st.forced) once the active players are known."""

    def pay_teyaku(self, st: State) -> None:
        pass

    def before_play(self, st: State) -> None:
        """Anything that happens between the claim and the first turn."""

    def watch_play(self, st: State, seat: int, card: int) -> None:
        """A hand card captured nothing: note liabilities it may create."""

    def check_liability(self, st: State, seat: int) -> None:
        """End of ``seat``'s turn: resolve the liabilities waiting on it."""

    def settle(self, st: State) -> None:
        raise NotImplementedError

    def new_game_data(self, seats: int) -> object:
        return None

    def copy_game_data(self, data: object) -> object:
        return data

    def after_round(self, st: State, result: RoundResult) -> None:
        pass

    def game_over(self, st: State) -> bool:
        return st.rounds_played >= self.options["rounds"]

    def game_winners(self, st: State) -> list[int]:
        best = max(st.totals)
        return [s for s, t in enumerate(st.totals) if t == best]
