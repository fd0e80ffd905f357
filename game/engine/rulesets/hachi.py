"""Ruleset ``hachi`` (docs/rules/hachi.md): two players, month-sum captures, 21 yaku, agari.

No teyaku, no field multiplier, no sage: the hands are played out and each round is scored by
card points plus yaku. The match ends by agari (two decisive wins in a row), rounds or points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from ..cardpoints import pay_difference
from ..cards import KINDS, mask_of_names
from ..catalogue import CARD_POINTS_ENTRY, Entry, card_set
from ..ledger import Basis
from ..options import MAX_ROUNDS, Option
from ..vocab import N_, Ending
from .base import Ruleset

if TYPE_CHECKING:
    from ..ledger import RoundResult
    from ..state import State

# (id, points, cards): hachi.md §4. One card may count in several yaku; each scores once.
YAKU = (
    ("kirishima", 10, "phoenix cuckoo rain_man"),
    ("kirishima_tan", 20, "paulownia_yellow wisteria_ribbon willow_ribbon"),
    ("goroju", 10, "bridge butterflies deer"),
    ("goroju_tan", 20, "iris_ribbon peony_ribbon maple_ribbon"),
    ("goshiroku", 10, "bridge cuckoo butterflies"),
    ("goshiroku_tan", 20, "iris_ribbon wisteria_ribbon peony_ribbon"),
    ("shichigosan", 10, "boar bridge curtain"),
    ("shichigosan_tan", 20, "clover_ribbon iris_ribbon cherry_ribbon"),
    ("kumanosan", 10, "sake_cup rain_man curtain"),
    ("kumanosan_tan", 20, "chrysanthemum_ribbon willow_ribbon cherry_ribbon"),
    ("yashima", 10, "moon cuckoo rain_man"),
    ("yashima_tan", 20, "geese wisteria_ribbon willow_ribbon"),
    ("nakazo", 10, "boar moon sake_cup"),
    ("nakazo_tan", 20, "clover_ribbon geese chrysanthemum_ribbon"),
    ("ichinisan", 10, "crane warbler curtain"),
    ("ichinisan_tan", 20, "pine_ribbon plum_ribbon cherry_ribbon"),
    ("den", 10, "warbler rain_man phoenix"),
    ("den_tan", 20, "plum_ribbon willow_ribbon paulownia_yellow"),
    ("sangoro", 10, "curtain bridge butterflies"),
    ("sangoro_tan", 20, "cherry_ribbon iris_ribbon peony_ribbon"),
    ("jushichihachi", 20, "maple_ribbon clover_ribbon geese"),
)
YAKU_MASKS = tuple((k, v, mask_of_names(*cards.split())) for k, v, cards in YAKU)
HACHI_VALUES = tuple(1 if k == "ribbon" else 10 for k in KINDS)
DECISIVE = 20  # a win by 20 or more is decisive (hachi.md §6)
AGARI_WINS = 2  # decisive wins in a row by one player that make an agari (agari_step)
# The points target is capped where a whole match fits in a record (issue 43; hachi.md,
# "Why the points target stops at 500"):
# between equal players the cumulative net is a random walk of about +-60 a round, so a
# match needs about (target / 60)^2 rounds, while a record holds at most about 2,600 Hachi
# rounds (game.storage.RECORD_LIMITS: 4 MB at ~1,500 bytes a round). Measured with
# computer players (benchmarks/hachi_target.py): at 500 a match took 56-78 rounds on
# average and at most 358 in 50 games (538 KB), and the chance that one outgrows its
# record is about 1e-20; at 1000 it is 1e-5 to 2e-4, at 2000 one match in 14 (one of 40
# played ran 2,775 rounds, 4.2 MB), and the old maximum of 10,000 needed ~28,000 rounds
# (40 MB) on average. So the target is capped rather than the record let grow: the limit
# also bounds what a hostile file can cost. Records and saved games of matches to a larger
# target, which the old maximum allowed, still replay (recorded_maximum); no new match
# may use one.
TARGET_POINTS_MAX = 500
TARGET_POINTS_RECORDED_MAX = 10_000  # the maximum before issue 43


class Hachi(Ruleset):
    name = "hachi"
    title = N_("Hachi")
    summary = N_("Two players; cards pair when their months sum to 3 or 8; 21 yaku.")
    OPTIONS = (
        Option("match_end", str, "agari", ("agari", "rounds", "points"),
               help=N_("end on agari (decisive wins in a row), after rounds, or at a points "
                       "target")),
        Option("agari_count", int, 1, minimum=1, maximum=12,
               help=N_("agari needed to win the match")),
        Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS,
               help=N_("rounds in the match (match_end=rounds)")),
        Option("target_points", int, 100, minimum=1, maximum=TARGET_POINTS_MAX,
               help=N_("cumulative net that wins (match_end=points); at most 500, so that "
                       "the whole match always fits in its record"),
               recorded_maximum=TARGET_POINTS_RECORDED_MAX),
    )
    # match_end value each option belongs to: the others are ignored by that ending
    MATCH_END_OF: ClassVar[dict[str, str]] = {
        "agari_count": "agari", "rounds": "rounds", "target_points": "points"}

    @classmethod
    def option_applies(cls, name: str, options: Mapping[str, object],
                       seats: int) -> str | None:
        """The agari count, rounds and points target each serve one way of ending."""
        end = cls.MATCH_END_OF.get(name)
        if end is not None and options.get("match_end", "agari") != end:
            return f"match_end_{end}"
        return super().option_applies(name, options, seats)

    values = HACHI_VALUES
    min_seats = max_seats = 2
    active_count = 2
    capture_sum = True
    field_check = "none"
    decision = None

    def yaku_items(self, pile: int, position: int = 0,
                   ctx: object | None = None) -> dict[str, int]:
        return {k: v for k, v, mask in YAKU_MASKS if pile & mask == mask}

    def catalogue(self) -> tuple[Entry, ...]:
        return (*(card_set(k, mask, v) for k, v, mask in YAKU_MASKS), CARD_POINTS_ENTRY)

    decisive_margin = DECISIVE  # for the rules reference: a decisive win, and an agari
    agari_wins = AGARI_WINS

    @property
    def match_goal(self) -> tuple[str, int]:
        """How this match ends and its number (hachi.md §6): ("agari", agari needed),
        ("rounds", rounds) or ("points", the cumulative net that wins)."""
        o = self.options
        end = o["match_end"]
        return end, o[{"agari": "agari_count", "rounds": "rounds",
                       "points": "target_points"}[end]]

    @property
    def rounds_planned(self) -> int | None:
        """Only a match of ``match_end=rounds`` has a planned length; agari and points
        matches end when they are won."""
        return self.options["rounds"] if self.options["match_end"] == "rounds" else None

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        return tuple((k, mask, v) for k, v, mask in YAKU_MASKS)

    def settle(self, st: State) -> None:
        """hachi.md §5: card-point difference and each yaku paid by the opponent."""
        a, b = st.active
        ca, cb = self.points(st.captured[a]), self.points(st.captured[b])
        ya, yb = self.yaku_items(st.captured[a]), self.yaku_items(st.captured[b])
        pay_difference(st, a, b, ca, cb)
        for holder, other, items in ((a, b, ya), (b, a, yb)):
            for k, v in items.items():
                st.pay(other, holder, v, k, Basis("mon", v) if st.events_on else None)
        sa, sb = ca + sum(ya.values()), cb + sum(yb.values())
        if sa == sb:
            st.ending, st.winner = Ending.DRAW, None
        else:
            st.ending, st.winner = Ending.CARD_POINTS, (a if sa > sb else b)

    # ------------------------------------------------------------------ match end

    def new_game_data(self, seats: int) -> dict:
        return {"streak": None, "agari": [0] * seats}

    def copy_game_data(self, data: dict) -> dict:
        return {"streak": data["streak"], "agari": data["agari"][:]}

    def agari_of(self, game_data: object) -> tuple[tuple[int, ...], int | None]:
        if not isinstance(game_data, dict):
            return (), None
        return tuple(game_data.get("agari", ())), game_data.get("streak")

    @staticmethod
    def agari_step(streak: int | None, winner: int | None,
                   margin: int) -> tuple[int | None, bool]:
        """One round of the agari count (hachi.md §6): (new streak holder, agari scored).

        A decisive win by the player who also won the previous round decisively scores an
        agari; a non-decisive win, a draw, a win by the other player and an agari reset it.
        """
        if winner is None or margin < DECISIVE:
            return None, False
        if streak == winner:
            return None, True
        return winner, False

    def after_round(self, st: State, result: RoundResult) -> None:
        data = st.game_data
        margin = abs(result.net[0])
        data["streak"], scored = self.agari_step(data["streak"], result.winner, margin)
        if scored:
            data["agari"][result.winner] += 1

    def game_over(self, st: State) -> bool:
        o = self.options
        if o["match_end"] == "agari":
            return max(st.game_data["agari"]) >= o["agari_count"]
        if o["match_end"] == "rounds":
            return st.rounds_played >= o["rounds"]
        return max(st.totals) >= o["target_points"]

    def game_winners(self, st: State) -> list[int]:
        o = self.options
        if o["match_end"] == "agari" and max(st.game_data["agari"]) >= o["agari_count"]:
            return [s for s, n in enumerate(st.game_data["agari"]) if n >= o["agari_count"]]
        return super().game_winners(st)
