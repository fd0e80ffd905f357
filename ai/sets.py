"""Capture combinations as the rule-based players see them: the engine's catalogue, in masks.

Every fact comes from the ruleset's catalogue (``rs.catalogue()``: each card set's cards, how
many of them it takes, its value and the positions that may make it), so Seven Ribbons (any 7
of 9) and the seat-bound Willow sets of Sudaoshi need no special case here. ``credit`` is
the one progress measure both ``greedy_sets`` and ``rules`` use; ``effects`` says what a
capture does to everybody's sets, for the players' one-sentence explanations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engine import rulesets


@dataclass(frozen=True)
class CardSet:
    id: str
    cards: int  # mask of the cards that can make it (in this deck)
    need: int  # how many of them it takes
    value: int  # mon at m = 1 from each opponent


@lru_cache(maxsize=256)
def _sets(name: str, options: tuple, position: int) -> tuple[CardSet, ...]:
    rs = rulesets.get(name, **dict(options))
    return tuple(CardSet(e.id, e.cards & rs.deck_mask, e.need, e.value or 0)
                 for e in rs.catalogue() if e.is_card_set and e.open_to(position))


def card_sets(ruleset: str, options: dict, position: int) -> tuple[CardSet, ...]:
    """The card sets a seat at ``position`` (0 = acting dealer) may make in this game."""
    return _sets(ruleset, tuple(sorted(options.items())), max(0, position))


def alive(s: CardSet, others: int) -> bool:
    """Whether a seat can still make ``s``: enough of its cards are outside the other
    seats' piles (``others``)."""
    return (s.cards & ~others).bit_count() >= s.need


def credit(sets: tuple[CardSet, ...], pile: int, others: int) -> float:
    """Progress towards the sets still alive, in mon: each set's value times the square of
    the share of its cards in ``pile`` (a set one card from done counts far more than one
    just begun; a made set counts its whole value)."""
    total = 0.0
    for s in sets:
        have = (pile & s.cards).bit_count()
        if have and alive(s, others):
            share = min(have, s.need) / s.need
            total += s.value * share * share
    return total


def missing(s: CardSet, pile: int) -> int:
    """How many more cards ``pile`` needs for ``s`` (0: made)."""
    return max(0, s.need - (pile & s.cards).bit_count())


@dataclass(frozen=True)
class Block:
    """An opponent's set that a capture takes a card from."""

    seat: int
    set_id: str
    card: int  # the card it takes from that set
    short: int  # how many cards the set still lacked (1: it was one card from done)


@dataclass(frozen=True)
class Effects:
    """What a capture does to the sets, for an explanation."""

    completes: tuple[str, ...] = ()  # sets of mine it makes
    builds: tuple[str, ...] = ()  # sets of mine it brings closer, the closest first
    blocks: tuple[Block, ...] = ()  # opponents' sets it takes a card from, closest first


def effects(mine: tuple[CardSet, ...], pile: int, others: int, got: int,
            rivals: dict[int, tuple[tuple[CardSet, ...], int, int]]) -> Effects:
    """``got`` captured into ``pile`` (``others``: the other seats' piles together);
    ``rivals``: seat -> (its sets, its pile, the piles of everyone else but it)."""
    completes, builds = [], []
    for s in mine:
        if not got & s.cards or not alive(s, others):
            continue
        before, after = missing(s, pile), missing(s, pile | got)
        if before and not after:
            completes.append((-s.value, s.id))
        elif after < before:
            builds.append((after, -s.value, s.id))
    blocks = []
    for seat, (sets, their, rest) in rivals.items():
        for s in sets:
            hit = got & s.cards & ~their
            if hit and their & s.cards and alive(s, rest):
                short = missing(s, their)
                card = (hit & -hit).bit_length() - 1
                blocks.append((short, -s.value, seat, s.id, card))
    return Effects(tuple(i for _, i in sorted(completes)),
                   tuple(i for *_, i in sorted(builds)),
                   tuple(Block(seat, i, card, short)
                         for short, _, seat, i, card in sorted(blocks)))
