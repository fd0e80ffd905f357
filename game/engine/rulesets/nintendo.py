"""Ruleset ``hachihachi-nintendo``: 88 with the Nintendo leaflet's points
(docs/rules/hachihachi.md §17).

The standard game configured with another schedule: values in points rather than kan, the
single best teyaku paid at the claim, a flat drop-out fee, no achievements.
"""

from __future__ import annotations

from dataclasses import replace

from ..options import Option
from ..specials import SpecialValues
from ..teyaku import TRIPLET, TWO_TRIPLETS
from ..vocab import N_
from .hachihachi import OPTIONS, HachiHachi

NINTENDO_TEYAKU = {
    "shiso": 50, "ichinishi": 35, "teshi": 30, "haneken": 30, "karasu": 25, "kuttsuki": 20,
    "pikaichi": 20, "toichi": 20, "tanichi": 20, "aka": 15, "tatesanbon": 15, "sanbon": 10,
}
NINTENDO_DEKIYAKU = {"goko": 75, "shiko": 50, "nanatan": 50, "akatan": 35, "aotan": 35,
                     "inoshikacho": 35}
NINTENDO_FEE = 10  # §17: every seat that drops pays 10 points
SUJUROKU_POINTS = {16: 50, 17: 60, 18: 75}  # 19 or more: 100


class HachiHachiNintendo(HachiHachi):
    """The points schedule of the Nintendo leaflet ([S004])."""

    name = "hachihachi-nintendo"
    title = N_("Hachi-Hachi (Nintendo points)")
    summary = N_("88 with the Nintendo leaflet's points: single best teyaku, flat fees, "
                 "3 to 6 seats.")
    OPTIONS = (
        Option("bdb", bool, True, help=N_("enable Boar-Deer-Butterflies (inoshikacho, 35)")),
        *(replace(o, default={"sage_failure": "half_double", "multiplier_carry": "one_round",
                              "forced_out_comp": "none"}.get(o.name, o.default))
          for o in OPTIONS if o.name in ("sage_failure", "multiplier_carry", "year_extension",
                                         "compulsory_three", "forced_out_comp", "rounds")),
    )
    min_seats, max_seats = 3, 6
    has_achievements = False
    teyaku_at_claim = True

    def rule_options(self) -> dict:
        """Points rather than kan: one 'kan' is one point; only the best teyaku scores."""
        return {**self.options, "kan": 1, "teyaku_combine": "best_one", "mizuten": False,
                "hand_swap": False}

    def teyaku_values(self) -> dict[str, int]:
        return dict(NINTENDO_TEYAKU)

    def dekiyaku_values(self) -> dict[str, int]:
        vals = dict(NINTENDO_DEKIYAKU)
        if not self.options["bdb"]:
            del vals["inoshikacho"]
        return vals

    def a_id(self, a: str | None, standing: int) -> str | None:
        """Two triplets score as one (standing) triplet in this schedule."""
        if a in (TWO_TRIPLETS, TRIPLET):
            return "tatesanbon" if standing else "sanbon"
        return a

    def fee(self, k: int, p: int) -> int:
        return NINTENDO_FEE

    def special_values(self) -> SpecialValues:
        return SpecialValues(50, lambda pts: 50, lambda ch: SUJUROKU_POINTS.get(ch, 100))
