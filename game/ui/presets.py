"""Named option presets per ruleset (TABLE.md §5.3): data, in one table the rules team extends.

A preset lists only the options it changes from the ruleset's defaults. ``preset_name``
finds the preset that matches a choice of options exactly, or None ("Custom"). The names
are ids (in English, marked N_); ``preset_label`` gives the words to show.
"""

from __future__ import annotations

from game.engine import rulesets
from game.engine.rulesets.curriculum import TIER_NAMES
from game.i18n import N_, _

PRESETS: dict[str, tuple[tuple[str, dict], ...]] = {
    "hachihachi": (
        (N_("Standard (FudaWiki)"), {}),
        (N_("Kansai"), {"kan": 10, "dropout_fee": "by_seat", "sage_failure": "void"}),
        (N_("Kanto (half on failed sage)"), {"sage_failure": "half"}),
        (N_("Close to Shiragiku"), {"multiplier_carry": "one_round",
                                    "sage_failure": "half_double",
                                    "goko_after_shiko": "cumulative",
                                    "two_player_payment": "capped"}),
        (N_("All house rules"), {"bdb": True, "nanatan_extra": True, "hatto_liability": True,
                                 "tobikomi_liability": True, "hand_swap": True,
                                 "year_extension": True}),
    ),
    "hachihachi-nintendo": ((N_("Nintendo leaflet"), {}),),
    "nuki-hachihachi": (
        (N_("Standard"), {}),
        (N_("With fees"), {"dropout_fees": True, "forced_out_comp": "non_dealers"}),
    ),
    "hachi": (
        (N_("One agari wins"), {}),
        (N_("Two agari (Shiragiku)"), {"agari_count": 2}),
        (N_("Twelve rounds"), {"match_end": "rounds"}),
    ),
    "sudaoshi": (
        (N_("Standard"), {}),
        (N_("Shiragiku units"), {"yaku_unit": 12, "field_four": "dealer_takes"}),
        (N_("1921 hand combinations"), {"teyaku": "1921"}),
    ),
    "koikoi": (  # docs/rules/koikoi.md §7: Nintendo's Clubhouse Games (DS)
        (N_("Standard"), {}),
        (N_("Nintendo (Clubhouse Games)"), {"set_scoring": "stack_plus", "koi_limit": 1,
                                            "draw_dealer": "other"}),
    ),
    "curriculum": tuple((f"Tier {t}: {name}", {"tier": t}) for t, name in TIER_NAMES.items()),
}


def preset_label(ruleset: str, name: str) -> str:
    """A preset's name (its id, in English) in the player's language, for the screen."""
    if ruleset == "curriculum":
        for t, tier in TIER_NAMES.items():
            if name == f"Tier {t}: {tier}":
                return _("Tier {n}: {name}").format(n=t, name=_(tier))
    return _(name)


def presets_for(ruleset: str) -> tuple[tuple[str, dict], ...]:
    return PRESETS.get(ruleset, ())


def _effective(ruleset: str, options: dict) -> dict:
    cls = rulesets.ruleset_class(ruleset)
    out = {o.name: o.default for o in cls.OPTIONS}
    out.update(options)
    return out


def preset_name(ruleset: str, options: dict) -> str | None:
    """The preset whose values equal these options (the game length aside), or None."""
    mine = _effective(ruleset, options)
    mine.pop("rounds", None)
    for name, changes in presets_for(ruleset):
        theirs = _effective(ruleset, changes)
        theirs.pop("rounds", None)
        if theirs == mine:
            return name
    return None


def apply_preset(ruleset: str, name: str, options: dict) -> dict:
    """The options after choosing a preset: its changes over the defaults, keeping the
    game length the player chose."""
    changes = dict(presets_for(ruleset))[name]
    out = dict(changes)
    if "rounds" in options and "rounds" not in changes:
        out["rounds"] = options["rounds"]
    return out
