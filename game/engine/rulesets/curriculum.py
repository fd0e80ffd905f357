"""Ruleset ``curriculum`` (docs/rules/curriculum.md): tiers 1 to 9 from the core game to full 88.

Each tier is ``hachihachi`` with defaults and some of its features switched off, so the tiers
nest and tier 9 is exactly ``hachihachi``.
"""

from __future__ import annotations

from ..options import MAX_ROUNDS, Option
from ..vocab import N_
from .hachihachi import OPTIONS as HH_OPTIONS
from .hachihachi import HachiHachi

# Shown by the UI (game/ui/scenes/learn.py, game/ui/presets.py), which translates them.
TIER_NAMES = {
    1: N_("Core rules"), 2: N_("Dekiyaku"), 3: N_("Round-end specials"),
    4: N_("Continuing (sage)"), 5: N_("Teyaku"), 6: N_("Field multipliers"),
    7: N_("Seven Ribbons and standard specials"), 8: N_("Achievements"),
    9: N_("The full table"),
}
TIER_PRACTICE = {
    1: N_("matching by month and judging card values, so that you finish above 88"),
    2: N_("watching every capture pile, chasing the four yaku and denying their cards"),
    3: N_("noticing when a hand can only win by quantity: chaff or points"),
    4: N_("weighing the risk of continuing before you call sage"),
    5: N_("reading the dealt hand at a glance, and using what an opponent's teyaku reveals"),
    6: N_("adjusting to the stakes: play safer on a x4 field and remember what is carried"),
    7: N_("collecting ribbons across months and spotting the ribbon that completes several "
          "yaku"),
    8: N_("playing for the bonus after a claim: the fourth card of a triplet, 89 points"),
    9: N_("the drop-out decision: your hand against the field, the fee and the multiplier"),
}


class Curriculum(HachiHachi):
    name = "curriculum"
    title = N_("Curriculum of 88")
    summary = N_("88 learned in nine tiers, from a simple fishing game to the full table.")
    OPTIONS = (
        Option("tier", int, 1, tuple(range(1, 10)), help=N_("1 = core rules ... 9 = full 88")),
        Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS, help=N_("rounds in the game")),
    )

    def rule_options(self) -> dict:
        """hachihachi's defaults (the tiers nest into it), with this game's length."""
        o = {opt.name: opt.default for opt in HH_OPTIONS}
        o["rounds"] = self.options["rounds"]
        if self.options["tier"] < 9:
            o["mizuten"] = False
        return o

    def configure(self) -> None:
        tier = self.tier = self.options["tier"]
        self.has_teyaku = tier >= 5
        self.has_multiplier = tier >= 6
        self.has_specials = tier >= 3
        self.nihachi_flat = tier < 7
        self.has_achievements = tier >= 8
        self.decision = None if tier == 1 else "stop" if tier < 4 else "sage"
        if tier < 9:
            self.min_seats = self.max_seats = 3
        super().configure()

    def dekiyaku_values(self) -> dict[str, int]:
        if self.tier == 1:
            return {}
        vals = super().dekiyaku_values()
        if self.tier < 7:
            del vals["nanatan"]
        return vals
