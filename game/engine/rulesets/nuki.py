"""Ruleset ``nuki-hachihachi`` (rules/nuki.md): 34 cards, two active players, 2 to 4 seats.

Written as differences from ``hachihachi``: its own deck, teyaku values, Large-only field,
the Paulownia rule, and its own round end and achievements (thresholds at 106).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CHAFF_EQUIV, INDEX, LARGE_BRIGHTS, MONTH_MASK, NUKI_DECK, RIBBONS
from ..dekiyaku import DekiyakuTable
from ..ledger import POT
from ..options import MAX_ROUNDS, Option
from ..teyaku import TRIPLET, TWO_TRIPLETS
from .hachihachi import HachiHachi

if TYPE_CHECKING:
    from ..state import State

NUKI_TEYAKU_KAN = {
    "shiso": 20, "ichinishi": 8, "haneken": 8, "teshi": 4, "kuttsuki": 4, "sanbon": 2,
    "karasu": 4, "pikaichi": 4, "toichi": 3, "tanichi": 3, "aka": 2,
}
NUKI_DEKIYAKU_KAN = {"goko": 12, "shiko": 10, "nanatan": 10, "akatan": 7, "aotan": 7}
NUKEYAKU_IDS = frozenset({"karasu", "pikaichi", "toichi", "tanichi", "aka"})
PAULOWNIA_PAIR = (1 << INDEX["phoenix"]) | (1 << INDEX["paulownia_chaff_1"])


class NukiHachiHachi(HachiHachi):
    name = "nuki-hachihachi"
    title = "Nuki Hachi-hachi"
    summary = "Stripped 88: 34 cards, two active players, 2 to 4 at the table."
    OPTIONS = (
        Option("mizuten", bool, True, help="the dealer may declare mizuten (play blind)"),
        Option("compulsory_two", bool, True,
               help="once all but two have dropped, the rest must play"),
        Option("dropout_fees", bool, False, help="a seat that drops pays 1, 1.5, 2 kan"),
        Option("forced_out_comp", str, "none", ("none", "non_dealers", "all_active"),
               help="who compensates a seat forced out of the round"),
        Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS, help="rounds in the game"),
    )
    deck_mask = NUKI_DECK
    min_seats, max_seats = 2, 4
    active_count = 2
    ach_threshold = 106

    def rule_options(self) -> dict:
        o = self.options
        return {"kan": 10, "mizuten": o["mizuten"], "compulsory_three": o["compulsory_two"],
                "forced_out_comp": o["forced_out_comp"], "sage_failure": "void",
                "multiplier_carry": "queue", "rounds": o["rounds"]}

    def configure(self) -> None:
        super().configure()
        self.mizuten_min_seats = 2 if self.options["mizuten"] else 0

    def make_teyaku_values(self) -> dict[str, int]:
        return {k: v * self.K for k, v in NUKI_TEYAKU_KAN.items()}

    def make_dekiyaku(self) -> DekiyakuTable:
        # Seven Ribbons may use the Willow ribbon: the deck holds exactly seven ribbons.
        vals = {k: v * self.K for k, v in NUKI_DEKIYAKU_KAN.items()}
        return DekiyakuTable(vals, nanatan_pool=RIBBONS & NUKI_DECK, unit=self.K)

    def a_id(self, a: str | None, standing: int) -> str | None:
        """No standing triplets; two triplets count as one sanbon (nuki.md §5)."""
        return "sanbon" if a in (TWO_TRIPLETS, TRIPLET) else a

    def field_brights(self, field: int) -> list[int]:
        """Large field only: rain_man and phoenix do nothing (nuki.md §2)."""
        return [2] * (field & LARGE_BRIGHTS).bit_count()

    def fee(self, k: int, p: int) -> int:
        return self.K * (k + 1) // 2 if self.options["dropout_fees"] else 0

    def pay_fee(self, st: State, seat: int, k: int, p: int) -> None:
        fee = self.fee(k, p)
        if fee:
            st.pay(seat, POT, fee * st.m, "dropout_fee")

    def before_play(self, st: State) -> None:
        """The Paulownia rule: phoenix and paulownia_chaff_1 both on the field go to the
        acting dealer before the first turn (no sage/shoubu decision)."""
        if st.field & PAULOWNIA_PAIR == PAULOWNIA_PAIR:
            st.field &= ~PAULOWNIA_PAIR
            st.captured[st.acting] |= PAULOWNIA_PAIR
            if st._ev is not None:
                st._emit("captured", st.acting, card="phoenix",
                         cards=["phoenix", "paulownia_chaff_1"], rule="paulownia")

    def settle(self, st: State) -> None:
        """nuki.md §7: dekiyaku, else Sixteen Chaff, else card points; then achievements."""
        act = st.active
        pts = {s: self.points(st.captured[s]) for s in act}
        if st.ending is not None or any(st.vcache[s] for s in act):
            super().settle(st)  # teyaku, then dekiyaku with one opponent (hachihachi §9)
            self.achievements(st, pts)
            return
        self.pay_teyaku(st)
        for s in act:
            ch = (st.captured[s] & CHAFF_EQUIV).bit_count()
            if ch >= 16:
                self.each(st, s, self.sujuroku_value(ch), 1, "sujuroku")
                st.ending, st.winner = "sujuroku", s
                break
        else:
            a, b = act
            pa, pb = self.points(st.captured[a]), self.points(st.captured[b])
            st.ending = "card_points"
            if pa == pb:
                st.winner = st.acting  # equal totals: no payment, the acting dealer wins
            else:
                hi, lo = (a, b) if pa > pb else (b, a)
                st.pay(lo, hi, abs(pa - pb) * st.m, "card_points")
                st.winner = hi
        self.achievements(st, pts)

    def achievements(self, st: State, pts: dict[int, int]) -> None:
        """nuki.md §8, after every round played: mizuten, nukeyaku, tobikomi (1 kan)."""
        thr, k = self.ach_threshold, self.K
        self.mizuten_achievement(st, pts)
        for s in st.active:
            claim = st.claims.get(s)
            if not claim:
                continue
            if claim.b in NUKEYAKU_IDS and pts[s] >= thr:
                self.each(st, s, k, 1, "nukeyaku")
            if any(st.captured[s] & MONTH_MASK[mo - 1] == MONTH_MASK[mo - 1]
                   for mo in claim.triplets):
                self.each(st, s, k, 1, "tobikomi")  # either triplet month; at most once
