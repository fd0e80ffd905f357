"""Facts the table shows as cues about the game being played (issue 23, minor 13; TABLE.md
§11): which months a card of each month takes (Hachi's month sums), the months a deck lacks
(Nuki's 34 cards), the points in the deck and the card-point target, how a match ends by
agari, and what each curriculum tier adds to the one before. All from the rulesets' own
data: the capture relation, the deck, the options, the catalogue. Pure; no pygame.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import CARD_MONTH_MASK, MONTH_MASK


def partner_months(rs: object) -> tuple[tuple[int, ...], ...]:
    """For each month 1..12 (index 0..11), the months whose cards a card of it takes under
    the ruleset's capture rule (same month; Hachi: months adding up to 3, 8, 13, 18 ...)."""
    rel = rs.capture_rel  # type: ignore[attr-defined]
    return tuple(tuple(t + 1 for t in range(12) if rel[m * 4] & MONTH_MASK[t])
                 for m in range(12))


def missing_months(rs: object) -> tuple[int, ...]:
    """The months (1..12) with no card in the ruleset's deck (Nuki: 4, 5 and 7)."""
    deck = rs.deck_mask  # type: ignore[attr-defined]
    return tuple(m + 1 for m in range(12) if not deck & CARD_MONTH_MASK[m * 4])


def deck_points(rs: object) -> int:
    """The card points of the whole deck (Nuki's 34 cards: 211)."""
    return rs.points(rs.deck_mask)  # type: ignore[attr-defined]


def card_point_target(rs: object) -> int | None:
    """The card points that win a two-player count outright: a strict majority of the
    deck's points (Nuki: 106 of 211), for a ruleset whose rounds two players settle by
    card points and which names that mark as its achievement threshold; else None."""
    threshold = getattr(rs, "ach_threshold", None)
    if getattr(rs, "active_count", 0) != 2 or threshold is None:
        return None
    return threshold if threshold * 2 > deck_points(rs) else None


class AgariGoal(NamedTuple):
    agari: int  # agari that win the match
    margin: int  # card-point lead that makes a round win decisive


def agari_goal(rs: object) -> AgariGoal | None:
    """How a match that ends by agari is won (hachi.md §6), or None for any other ending."""
    from .rulesets.hachi import DECISIVE, Hachi

    if not isinstance(rs, Hachi) or rs.options["match_end"] != "agari":
        return None
    return AgariGoal(rs.options["agari_count"], DECISIVE)


def tier_additions(tier: int) -> tuple[str, ...]:
    """The catalogue ids curriculum tier `tier` pays for that the tier below did not (tier 1:
    all of its own), in catalogue order."""
    from . import rulesets

    now = [str(e.id) for e in rulesets.get("curriculum", tier=tier).entries]
    if tier <= 1:
        return tuple(now)
    before = {str(e.id) for e in rulesets.get("curriculum", tier=tier - 1).entries}
    return tuple(i for i in now if i not in before)


__all__ = ["AgariGoal", "agari_goal", "card_point_target", "deck_points", "missing_months",
           "partner_months", "tier_additions"]
