"""Ruleset ``koikoi`` (docs/rules/koikoi.md): two players, eight cards each and eight on the
field, the koi-koi or stop decision after every new or improved yaku.

It rides the engine's decision machinery as the 88 family's *sage* / *shoubu* does
(State._end_turn): a turn that raises the pile's yaku value asks its player to go on
(koi-koi: the engine's ``sage``) or to stop (``shoubu``), and a stop settles the round. A round
whose hands run out without a stop pays nobody (or the dealer, with the dealer's privilege).
Points are paid by the loser to the winner, doubled at seven or more and when the loser had
called koi-koi (each as an option). No card points, teyaku, field multiplier or drop-out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..cards import ANIMAL, CHAFF, KINDS, RIBBON, mask_of_names
from ..catalogue import Entry, card_set
from ..ledger import Basis
from ..options import Option
from ..vocab import N_, Category, Ending
from .base import Ruleset

if TYPE_CHECKING:
    from ..state import State

HAND, FIELD = 8, 8  # koikoi.md §1: 8 to each hand, 8 to the field, 24 in the pile

BRIGHTS = mask_of_names("crane", "curtain", "moon", "rain_man", "phoenix")
RAIN = mask_of_names("rain_man")
SAKE = mask_of_names("sake_cup")
CURTAIN = mask_of_names("curtain")
MOON = mask_of_names("moon")
BOAR_DEER_BUTTERFLY = mask_of_names("boar", "deer", "butterflies")
POETRY = mask_of_names("pine_ribbon", "plum_ribbon", "cherry_ribbon")
BLUE = mask_of_names("peony_ribbon", "chrysanthemum_ribbon", "maple_ribbon")
ANIMALS = sum(1 << c for c, k in enumerate(KINDS) if k == ANIMAL)
RIBBONS = sum(1 << c for c, k in enumerate(KINDS) if k == RIBBON)
CHAFFS = sum(1 << c for c, k in enumerate(KINDS) if k == CHAFF)

# koikoi.md §4: (id, points) of the fixed sets and the counted kinds
GOKO, SHIKO, AME_SHIKO, SANKO = 10, 8, 7, 5
INOSHIKACHO = 5
AKATAN = AOTAN = 5
AKATAN_AOTAN = 10
TANE, TAN, KASU = 5, 5, 10  # cards of a kind the yaku needs (1 point, +1 for each more)
VIEWING = 5  # hanami-zake, tsukimi-zake
EXHAUSTED_DEALER = 6  # the dealer's privilege when the hands run out (option)


class KoiKoi(Ruleset):
    name = "koikoi"
    title = N_("Koi-Koi")
    summary = N_("Two players; eight cards each; after each new yaku, stop and score or call "
                 "koi-koi and play on for more.")
    OPTIONS = (
        Option("rounds", int, 12, (3, 6, 12), help=N_("rounds (months) in the game")),
        Option("seven_double", bool, True,
               help=N_("a stop worth 7 points or more is doubled")),
        Option("koi_bonus", str, "opponent_called", ("opponent_called", "per_call", "none"),
               help=N_("doubling when the loser had called koi-koi; or x2, x3 ... for each "
                       "koi-koi the winner called; or none")),
        Option("viewing_sake", str, "on", ("on", "with_yaku", "off"),
               help=N_("flower- and moon-viewing sake: scored, only beside another yaku, or "
                       "not at all")),
        Option("rain_spoils_sake", bool, False,
               help=N_("the rain man in the pile cancels flower- and moon-viewing sake")),
        Option("sake_cup_chaff", bool, True,
               help=N_("the sake cup counts as a chaff too, for the chaff yaku")),
        Option("exhausted", str, "nobody", ("nobody", "dealer"),
               help=N_("hands run out without a stop: nobody scores, or the dealer scores 6 "
                       "(the dealer's privilege)")),
    )

    min_seats = max_seats = 2
    active_count = 2
    hand_size = HAND
    field_size = FIELD
    field_check = "misdeal"  # four of a month on the field: dealt again (koikoi.md §2)
    decision = "sage"  # koi-koi (the engine's sage) or stop (its shoubu)
    cancel_after_sage = False
    counts_card_points = False
    decision_words = "koikoi"
    values = (0,) * 48  # no card points

    def configure(self) -> None:
        o = self.options
        self._sake = o["viewing_sake"]
        self._rain_spoils = o["rain_spoils_sake"]
        self._chaffs = CHAFFS | (SAKE if o["sake_cup_chaff"] else 0)
        # every card counts for some yaku (the chaff yaku counts the plain ones): every
        # capture is checked for a rise
        self.yaku_cards = BRIGHTS | ANIMALS | RIBBONS | self._chaffs

    # ------------------------------------------------------------------ the yaku
    def yaku_items(self, pile: int, position: int = 0) -> dict[str, int]:
        """The yaku a pile scores now, with their points (koikoi.md §4)."""
        out: dict[str, int] = {}
        brights = (pile & BRIGHTS).bit_count()
        rain = bool(pile & RAIN)
        if brights == 5:
            out["goko"] = GOKO
        elif brights == 4:
            out["ame_shiko" if rain else "shiko"] = AME_SHIKO if rain else SHIKO
        elif brights == 3 and not rain:
            out["sanko"] = SANKO
        if pile & BOAR_DEER_BUTTERFLY == BOAR_DEER_BUTTERFLY:
            out["inoshikacho"] = INOSHIKACHO
        poetry, blue = pile & POETRY == POETRY, pile & BLUE == BLUE
        if poetry and blue:
            out["akatan_aotan"] = AKATAN_AOTAN
        elif poetry:
            out["akatan"] = AKATAN
        elif blue:
            out["aotan"] = AOTAN
        n = (pile & ANIMALS).bit_count()
        if n >= TANE:
            out["tane"] = n - TANE + 1
        n = (pile & RIBBONS).bit_count()
        if n >= TAN:
            out["tan"] = n - TAN + 1
        n = (pile & self._chaffs).bit_count()
        if n >= KASU:
            out["kasu"] = n - KASU + 1
        if pile & SAKE and self._sake != "off" and not (self._rain_spoils and rain):
            viewing = {}
            if pile & CURTAIN:
                viewing["hanami_zake"] = VIEWING
            if pile & MOON:
                viewing["tsukimi_zake"] = VIEWING
            if viewing and (self._sake == "on" or out):
                out.update(viewing)
        return out

    def dek_items(self, pile: int) -> dict[str, int]:
        return self.yaku_items(pile)

    def dek_value(self, pile: int) -> int:
        """The pile's yaku points before any doubling: a rise asks koi-koi or stop."""
        return sum(self.yaku_items(pile).values())

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        sets = [("inoshikacho", BOAR_DEER_BUTTERFLY, INOSHIKACHO), ("akatan", POETRY, AKATAN),
                ("aotan", BLUE, AOTAN)]
        if self._sake != "off":
            sets += [("hanami_zake", CURTAIN | SAKE, VIEWING),
                     ("tsukimi_zake", MOON | SAKE, VIEWING)]
        return tuple(sets)

    def catalogue(self) -> tuple[Entry, ...]:
        entries = [
            card_set("goko", BRIGHTS, GOKO),
            card_set("shiko", BRIGHTS & ~RAIN, SHIKO),
            card_set("ame_shiko", BRIGHTS, AME_SHIKO, need=4),
            card_set("sanko", BRIGHTS & ~RAIN, SANKO, need=3),
            card_set("inoshikacho", BOAR_DEER_BUTTERFLY, INOSHIKACHO),
            card_set("akatan_aotan", POETRY | BLUE, AKATAN_AOTAN),
            card_set("akatan", POETRY, AKATAN),
            card_set("aotan", BLUE, AOTAN),
            card_set("tane", ANIMALS, 1, need=TANE),
            card_set("tan", RIBBONS, 1, need=TAN),
            card_set("kasu", self._chaffs, 1, need=KASU),
        ]
        if self._sake != "off":
            entries += [card_set("hanami_zake", CURTAIN | SAKE, VIEWING),
                        card_set("tsukimi_zake", MOON | SAKE, VIEWING)]
        if self.options["exhausted"] == "dealer":
            entries.append(Entry("oyaken", Category.SPECIAL, EXHAUSTED_DEALER))
        return tuple(entries)

    # ------------------------------------------------------------------ the round's end
    def koi_calls(self, st: State, seat: int) -> int:
        """How many times ``seat`` called koi-koi this round (its sage actions since the
        round's first play)."""
        from ..actions import SAGE

        return sum(1 for a in st.actions[st.play_at:] if a.seat == seat and a.verb == SAGE)

    def multiplier(self, st: State, winner: int, points: int) -> int:
        """What a stop's points are multiplied by (koikoi.md §5)."""
        m = 2 if self.options["seven_double"] and points >= 7 else 1
        bonus = self.options["koi_bonus"]
        loser = next(s for s in st.active if s != winner)
        if bonus == "opponent_called" and st.sagers >> loser & 1:
            m *= 2
        elif bonus == "per_call":
            m *= 1 + self.koi_calls(st, winner)
        return m

    def settle(self, st: State) -> None:
        """A stop: the caller's yaku, multiplied, paid by the other player. Hands run out:
        nobody scores, or the dealer's privilege."""
        a, b = st.active
        if st.ending == Ending.SHOUBU and st.caller in (a, b):
            winner = st.caller
            loser = b if winner == a else a
            items = self.yaku_items(st.captured[winner])
            m = self.multiplier(st, winner, sum(items.values()))
            st.m = m
            for k, v in items.items():
                st.pay(loser, winner, v * m, k, Basis("mon", v, m) if st.events_on else None)
            st.winner = winner
            return
        if self.options["exhausted"] == "dealer" and st.dealer in (a, b):
            other = b if st.dealer == a else a
            st.pay(other, st.dealer, EXHAUSTED_DEALER, "oyaken",
                   Basis("mon", EXHAUSTED_DEALER) if st.events_on else None)
            st.ending, st.winner = Ending.EXHAUSTED, st.dealer
            return
        st.ending, st.winner = Ending.DRAW, None

    @classmethod
    def option_applies(cls, name: str, options: Mapping[str, object],
                       seats: int) -> str | None:
        """The rain's rule matters only while the viewing sake scores."""
        if name == "rain_spoils_sake" and options.get("viewing_sake", "on") == "off":
            return "viewing_sake_off"
        return super().option_applies(name, options, seats)
