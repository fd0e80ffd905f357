"""Ruleset ``nuki-hachihachi`` (docs/rules/nuki.md): 34 cards, two active players, 2 to 4
seats.

Hachi-Hachi configured: its own deck and teyaku values, the Large field only, the Paulownia
rule, Sixteen Chaff as its only special, two-player card points, achievements at 106.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cardpoints import pay_difference
from ..cards import NUKI_DECK, RIBBONS, mask_of_names
from ..dekiyaku import DekiyakuTable
from ..dropout import BY_ORDER, dropout_fee
from ..options import MAX_ROUNDS, Option
from ..specials import SpecialValues, settle_special
from ..teyaku import TRIPLET, TWO_TRIPLETS
from ..vocab import N_, Category, Ending
from .hachihachi import HachiHachi

if TYPE_CHECKING:
    from ..state import State

NUKI_TEYAKU_KAN = {
    "shiso": 20, "ichinishi": 8, "haneken": 8, "teshi": 4, "kuttsuki": 4, "sanbon": 2,
    "karasu": 4, "pikaichi": 4, "toichi": 3, "tanichi": 3, "aka": 2,
}
NUKI_DEKIYAKU_KAN = {"goko": 12, "shiko": 10, "nanatan": 10, "akatan": 7, "aotan": 7}
NUKEYAKU_IDS = frozenset({"karasu", "pikaichi", "toichi", "tanichi", "aka"})
# The Paulownia rule (§1): both on the field go to the acting dealer before the first turn.
PAULOWNIA_PAIR = mask_of_names("phoenix", "paulownia_chaff_1")
NUKI_ACHIEVEMENT_POINTS = 106  # §8: the 34-card deck's 211 points, halved and rounded up


class NukiHachiHachi(HachiHachi):
    name = "nuki-hachihachi"
    title = N_("Nuki Hachi-hachi")
    summary = N_("Stripped 88: 34 cards, two active players, 2 to 4 at the table.")
    OPTIONS = (
        Option("mizuten", bool, True, help=N_("the dealer may declare mizuten (play blind)")),
        Option("compulsory_two", bool, True,
               help=N_("once all but two have dropped, the rest must play")),
        Option("dropout_fees", bool, False, help=N_("a seat that drops pays 1, 1.5, 2 kan")),
        Option("forced_out_comp", str, "none", ("none", "non_dealers", "all_active"),
               help=N_("who compensates a seat forced out of the round")),
        Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS, help=N_("rounds in the game")),
    )
    deck_mask = NUKI_DECK
    min_seats, max_seats = 2, 4
    active_count = 2
    ach_threshold = NUKI_ACHIEVEMENT_POINTS
    grand_field = False  # §2: the rain man and the phoenix on the field do nothing
    nukeyaku_ids = NUKEYAKU_IDS
    tobikomi_once = True

    def rule_options(self) -> dict:
        o = self.options
        return {"kan": 10, "mizuten": o["mizuten"], "compulsory_three": o["compulsory_two"],
                "forced_out_comp": o["forced_out_comp"], "sage_failure": "void",
                "multiplier_carry": "queue", "rounds": o["rounds"]}

    def configure(self) -> None:
        super().configure()
        self.mizuten_min_seats = 2 if self.options["mizuten"] else 0

    def teyaku_values(self) -> dict[str, int]:
        return {k: v * self.kan for k, v in NUKI_TEYAKU_KAN.items()}

    def make_dekiyaku(self) -> DekiyakuTable:
        # Seven Ribbons may use the Willow ribbon: the deck holds exactly seven ribbons.
        vals = {k: v * self.kan for k, v in NUKI_DEKIYAKU_KAN.items()}
        return DekiyakuTable(vals, nanatan_pool=RIBBONS & NUKI_DECK, unit=self.kan)

    def special_values(self) -> SpecialValues:
        """Sixteen Chaff is the only special (§7); at most 19 chaff-equivalents here."""
        sv = super().special_values()
        return SpecialValues(None, None, sv.sujuroku)

    def special_voids(self) -> tuple[Category, ...]:
        """§7: Sixteen Chaff replaces card points only; teyaku and achievements still pay."""
        return ()

    def a_id(self, a: str | None, standing: int) -> str | None:
        """No standing triplets; two triplets count as one sanbon (§5)."""
        return "sanbon" if a in (TWO_TRIPLETS, TRIPLET) else a

    def fee(self, k: int, p: int) -> int:
        """Drop-out fees only with ``dropout_fees``: 1, 1.5, 2 kan by order."""
        return dropout_fee(BY_ORDER, self.kan, k, p) if self.options["dropout_fees"] else 0

    def par(self, position: int, n_active: int) -> int | None:
        return None

    def special_masks(self) -> tuple[int, ...]:
        return (*super().special_masks(), PAULOWNIA_PAIR)

    def before_play(self, st: State) -> None:
        """The Paulownia rule: phoenix and paulownia_chaff_1 both on the field go to the
        acting dealer before the first turn (no sage/shoubu decision)."""
        if st.field & PAULOWNIA_PAIR == PAULOWNIA_PAIR:
            st.field &= ~PAULOWNIA_PAIR
            st.captured[st.acting] |= PAULOWNIA_PAIR
            st.emit("captured", st.acting, card="phoenix",
                    cards=["phoenix", "paulownia_chaff_1"], rule="paulownia")

    def settle(self, st: State) -> None:
        """§7: dekiyaku, else Sixteen Chaff, else card points; then achievements."""
        act = st.active
        pts = {s: self.points(st.captured[s]) for s in act}
        if st.ending is not None or any(st.vcache[s] for s in act):
            super().settle(st)  # teyaku, then dekiyaku with one opponent (hachihachi §9)
        else:
            self.pay_teyaku(st)
            if not settle_special(st, pts, self.specials, split=self.split):
                a, b = act
                st.ending = Ending.CARD_POINTS
                hi = pay_difference(st, a, b, pts[a], pts[b])
                # equal totals: no payment, the acting dealer wins
                st.winner = st.acting if hi is None else hi
        self.achievements(st, pts)
