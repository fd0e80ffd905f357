"""Ruleset ``sudaoshi`` (rules/sudaoshi.md): three players with seat burdens 100/110/120.

Chaff is worth most; four yaku (two for the last seat only); hands are played out and each
player scores card points + 2 x own yaku - opponents' yaku - burden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARD_IDS, INDEX, KINDS, MONTH_MASK, RIBBONS, WILLOW
from ..errors import RulesError
from ..ledger import POT
from ..options import MAX_ROUNDS, Option
from ..teyaku import KUTTSUKI, SHISO, shape
from .base import Claim, Ruleset
from .hachihachi import HachiHachi

if TYPE_CHECKING:
    from ..state import State


def _m(*names: str) -> int:
    return sum(1 << INDEX[n] for n in names)


SUDA_VALUES = tuple(
    10 if name in ("curtain", "phoenix") else {"bright": 5, "animal": 5, "ribbon": 1,
                                               "chaff": 10}[kind]
    for name, kind in zip(CARD_IDS, KINDS, strict=True))
BOZU_KABURI = _m("moon", "geese")
BOZU_ZORO = MONTH_MASK[7]
AME_KABURI = _m("rain_man", "swallow")
AME_ZORO = WILLOW
BURDENS = (100, 110, 120)  # positions D, R, L
NASAKE_CARDS = RIBBONS | WILLOW


class Sudaoshi(Ruleset):
    name = "sudaoshi"
    title = "Sudaoshi"
    summary = "Three players with burdens 100/110/120; chaff is worth most; four yaku."
    OPTIONS = (
        Option("teyaku", str, "hachihachi", ("hachihachi", "1921", "none"),
               help="hand combinations: Hachi-Hachi's, the 1921 set, or none"),
        Option("yaku_unit", int, 10, (10, 12), help="points per kan for yaku, teyaku and fees"),
        Option("top_yaku", bool, True, help="false: only the two full sets score"),
        Option("field_four", str, "misdeal", ("misdeal", "dealer_takes"),
               help="four of a month on the field: redeal, or the dealer takes them"),
        Option("more_seats", bool, False, help="allow 4 to 6 seats (three play each round)"),
        Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS, help="rounds in the game"),
    )
    values = SUDA_VALUES
    min_seats = 3
    active_count = 3
    teyaku_at_claim = True

    def configure(self) -> None:
        o = self.options
        self.unit = o["yaku_unit"]
        self.max_seats = 6 if o["more_seats"] else 3
        self.field_check = o["field_four"]
        self.mode = o["teyaku"]
        self.hh = HachiHachi(kan=self.unit, mizuten=False)

    # ------------------------------------------------------------------ rules API

    def _seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1, 2):
            raise RulesError(f"sudaoshi seats are positions 0, 1 or 2, not {seat!r}")
        return seat

    def claim(self, hand: int, position: int) -> Claim | None:
        if self.mode == "hachihachi":
            return self.hh.claim(hand, position)
        if self.mode == "none":
            return None
        return self._claim_1921(hand, position)

    def _claim_1921(self, hand: int, position: int) -> Claim | None:
        """sudaoshi.md §3, 1921: the shape decides one of shiso/kuttsuki/sanbon; nasake adds."""
        sh = shape(hand)
        items: dict[str, int] = {}
        reveal = 0
        if sh.a == SHISO:
            items["shiso"], reveal = 30, hand
        elif sh.a == KUTTSUKI:
            items["kuttsuki"], reveal = 20, sh.a_cards
        elif sh.a is not None and sh.a != KUTTSUKI:
            items["sanbon"] = 10
            for i in range(12):
                if (hand & MONTH_MASK[i]).bit_count() >= 3:
                    reveal |= hand & MONTH_MASK[i]
        if position == 1 and (hand & NASAKE_CARDS).bit_count() >= 3:
            items["nasake"] = 10
            reveal |= hand & NASAKE_CARDS
        if not items:
            return None
        return Claim(items, reveal, 0, (), None)

    def yaku_items(self, pile: int, position: int = 0) -> dict[str, int]:
        """sudaoshi.md §5: one yaku per category; the Willow ones for position 2 (L) only."""
        u, top = self.unit, self.options["top_yaku"]
        out: dict[str, int] = {}
        if pile & BOZU_ZORO == BOZU_ZORO:
            out["bozu_zoro"] = 2 * u
        elif top and pile & BOZU_KABURI == BOZU_KABURI:
            out["bozu_kaburi"] = u
        if position == 2:
            if pile & AME_ZORO == AME_ZORO:
                out["ame_zoro"] = 2 * u
            elif top and pile & AME_KABURI == AME_KABURI:
                out["ame_kaburi"] = u
        return out

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        u = self.unit
        sets = [("bozu_zoro", BOZU_ZORO, 2 * u)]
        if self.options["top_yaku"]:
            sets.append(("bozu_kaburi", BOZU_KABURI, u))
        if position == 2:
            sets.append(("ame_zoro", AME_ZORO, 2 * u))
            if self.options["top_yaku"]:
                sets.append(("ame_kaburi", AME_KABURI, u))
        return tuple(sets)

    # ------------------------------------------------------------------ engine hooks

    def each(self, st: State, payee: int, amount: int, reason: str) -> None:
        for o in st.active:
            if o != payee:
                st.pay(o, payee, amount, reason)

    def pay_teyaku(self, st: State) -> None:
        for s in st.active:
            claim = st.claims.get(s)
            if claim:
                for k, v in claim.items.items():
                    self.each(st, s, v, k)

    def pay_fee(self, st: State, seat: int, k: int, p: int) -> None:
        st.pay(seat, POT, self.unit * (k + 1) // 2, "dropout_fee")

    def pay_compensation(self, st: State) -> None:
        """Half the teyaku value of a forced-out hand, from each active non-dealer."""
        for f in st.forced:
            claim = self.claim(st.hands[f], 0)
            amount = -(-claim.total // 2) if claim else 0
            for p in st.active:
                if p != st.acting:
                    st.pay(p, f, amount, "compensation")

    def before_play(self, st: State) -> None:
        """field_four=dealer_takes: the acting dealer captures four of a month on the field."""
        if self.field_check != "dealer_takes":
            return
        for mm in MONTH_MASK:
            if st.field & mm == mm:
                st.field &= ~mm
                st.captured[st.acting] |= mm
                if st._ev is not None:
                    st._emit("captured", st.acting, card="", cards=[], rule="field_four")

    def settle(self, st: State) -> None:
        """sudaoshi.md §6: scores, card-point transfers against the burdens, yaku."""
        act = st.active
        c = [self.points(st.captured[s]) for s in act]
        y = [self.yaku_items(st.captured[s], pos) for pos, s in enumerate(act)]
        d = [c[i] - BURDENS[i] for i in range(3)]
        below = [i for i in range(3) if d[i] < 0]
        above = [i for i in range(3) if d[i] > 0]
        if len(below) == 1:
            for i in above:
                st.pay(act[below[0]], act[i], d[i], "card_points")
        else:
            for i in above:
                for j in below:
                    st.pay(act[j], act[i], -d[j], "card_points")
        for i, items in enumerate(y):
            for k, v in items.items():
                self.each(st, act[i], v, k)
        ysum = [sum(items.values()) for items in y]
        total = sum(ysum)
        score = [c[i] + 3 * ysum[i] - total - BURDENS[i] for i in range(3)]
        best = max(range(3), key=lambda i: (score[i], -i))
        st.ending, st.winner = "card_points", act[best]
