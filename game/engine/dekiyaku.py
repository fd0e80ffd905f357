"""Dekiyaku of the Hachi-Hachi family (hachihachi.md §8, nuki.md §6, curriculum tiers).

One table object per ruleset configuration, with a fast ``value(pile)`` for the per-turn
trigger and ``items(pile)`` for settlement and the rules API. Values are in mon at m = 1.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import AKATAN, AOTAN, GOKO, INOSHIKACHO, RIBBONS, SHIKO, WILLOW, WILLOW_RIBBON
from .catalogue import Entry, card_set

SEVEN_RIBBONS = 7  # nanatan: seven ribbons of the pool
_NEVER = 1 << 60  # a mask no pile can complete (a disabled dekiyaku in the fast reject)


class DekiyakuTable:
    __slots__ = ("values", "goko_cumulative", "nanatan_pool", "nanatan_extra", "unit", "_sets",
                 "value_fn")

    def __init__(self, values: dict[str, int], *, goko_cumulative: bool = False,
                 nanatan_pool: int = RIBBONS & ~WILLOW, nanatan_extra: bool = False,
                 unit: int = 12) -> None:
        self.values = dict(values)  # enabled ids only
        self.goko_cumulative = goko_cumulative
        self.nanatan_pool = nanatan_pool
        self.nanatan_extra = nanatan_extra
        self.unit = unit  # mon per kan, for nanatan_extra
        self._sets = tuple((k, mask) for k, mask in (
            ("akatan", AKATAN), ("aotan", AOTAN), ("inoshikacho", INOSHIKACHO))
            if k in self.values)
        self.value_fn = self._make_value_fn()

    def entries(self) -> list[Entry]:
        """The catalogue entries of the enabled dekiyaku, with their cards."""
        v = self.values
        out = []
        for k, mask, need in (("goko", GOKO, 0), ("shiko", SHIKO, 0),
                              ("nanatan", self.nanatan_pool, SEVEN_RIBBONS),
                              ("akatan", AKATAN, 0), ("aotan", AOTAN, 0),
                              ("inoshikacho", INOSHIKACHO, 0)):
            if k in v:
                out.append(card_set(k, mask, v[k], need=need))
        return out

    def items(self, pile: int) -> dict[str, int]:
        v = self.values
        out: dict[str, int] = {}
        if pile & GOKO == GOKO and "goko" in v:
            out["goko"] = v["goko"]
            if self.goko_cumulative and "shiko" in v:
                out["shiko"] = v["shiko"]
        elif pile & SHIKO == SHIKO and "shiko" in v and (
                self.goko_cumulative or pile & GOKO != GOKO):
            out["shiko"] = v["shiko"]
        if "nanatan" in v:
            n = (pile & self.nanatan_pool).bit_count()
            if n >= SEVEN_RIBBONS:
                extra = 0
                if self.nanatan_extra:
                    extra = (n - SEVEN_RIBBONS + (1 if pile & WILLOW_RIBBON else 0)) * self.unit
                out["nanatan"] = v["nanatan"] + extra
        for k, mask in self._sets:
            if pile & mask == mask:
                out[k] = v[k]
        return out

    def value(self, pile: int) -> int:
        """V(pile): the sum of the scored values (the sage/shoubu trigger compares it)."""
        return self.value_fn(pile)

    def _make_value_fn(self) -> Callable[[int], int]:
        """V as a closure over this table's masks: the engine calls it after every turn that
        captures a yaku card, so it first rules out, in a few mask tests, piles that complete
        no enabled dekiyaku (Five Brights holds the Four Brights' cards)."""
        # fastpath: dekiyaku-reject
        v = self.values
        shiko = SHIKO if "goko" in v or "shiko" in v else _NEVER
        akatan, aotan, ino = (m if k in v else _NEVER for k, m in (
            ("akatan", AKATAN), ("aotan", AOTAN), ("inoshikacho", INOSHIKACHO)))
        pool = self.nanatan_pool if "nanatan" in v else 0
        items = self.items

        def value(pile: int) -> int:
            if (pile & shiko != shiko and pile & akatan != akatan and pile & aotan != aotan
                    and pile & ino != ino and (pile & pool).bit_count() < SEVEN_RIBBONS):
                return 0
            return sum(items(pile).values())

        return value

    def cards(self, pile: int) -> int:
        """The cards of the pile that belong to a scored dekiyaku (for compensation's n(f))."""
        got = self.items(pile)
        m = 0
        if "goko" in got:
            m |= GOKO
        elif "shiko" in got:
            m |= SHIKO
        if "nanatan" in got:
            m |= pile & self.nanatan_pool
        for k, mask in self._sets:
            if k in got:
                m |= mask
        return m

