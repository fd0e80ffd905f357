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

from ..cards import ANIMAL, CARD_IDS, CHAFF, KINDS, RIBBON, mask_of_names, names_of
from ..catalogue import Entry, card_set
from ..ledger import Basis
from ..options import Option
from ..vocab import N_, Category, Ending
from .base import Ruleset

if TYPE_CHECKING:
    from ..ledger import RoundResult
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

# koikoi.md §4.2: the brights and the ribbon sets by `points_scale`: (goko, shiko,
# ame_shiko, sanko, one ribbon set)
POINT_SCALES = {"nintendo": (10, 8, 7, 5, 5), "fudawiki": (15, 8, 7, 6, 5),
                "high": (15, 10, 8, 6, 6)}
INOSHIKACHO = 5
TANE, TAN, KASU = 5, 5, 10  # cards of a kind the yaku needs (1 point, +1 for each more)
TEYAKU_HANDS = ("teshi", "four_pairs")  # koikoi.md §2.2 (88's kuttsuki is another hand)
MONTHS = tuple(0xF << 4 * m for m in range(12))  # each month's four cards
TSUKIFUDA = 4  # koikoi.md §4.5: the four cards of the round's month
WILLOW, PAULOWNIA = MONTHS[10], MONTHS[11]  # koikoi.md §4.4: the weather's months
FIELD_FOUR_POINTS = 6  # koikoi.md §2.1: field_four=dealer_wins
# koi_trigger=new_only (koikoi.md §5.1): the yaku counted as made, each family once (a fourth
# bright improves the brights; both ribbon sets are two yaku)
FAMILY = {"goko": ("brights",), "shiko": ("brights",), "ame_shiko": ("brights",),
          "sanko": ("brights",), "akatan_aotan": ("akatan", "aotan")}


def four_of_a_month(mask: int) -> int:
    """The four cards of the first month whose four ``mask`` holds; 0 when none."""
    return next((m for m in MONTHS if mask & m == m), 0)


def month_counts(mask: int) -> list[int]:
    """How many cards of each month a mask holds."""
    return [(mask & m).bit_count() for m in MONTHS]


class KoiKoi(Ruleset):
    name = "koikoi"
    title = N_("Koi-Koi")
    summary = N_("Two players; eight cards each; after each new yaku, stop and score or call "
                 "koi-koi and play on for more.")
    OPTIONS = (
        Option("rounds", int, 12, minimum=1, maximum=12,
               help=N_("rounds (months) in the game: 12 for a year; 3 or 6 for a short one")),
        Option("points_scale", str, "nintendo", ("nintendo", "fudawiki", "high"),
               help=N_("the brights' and ribbon sets' points: Nintendo's 10/8/7/5, "
                       "FudaWiki's 15/8/7/6, or the high 15/10/8/6")),
        Option("set_scoring", str, "exclusive_plus", ("exclusive_plus", "stack_plus", "stack"),
               help=N_("within the animals and the ribbons: only the best yaku (sets +1 per "
                       "extra card); sets and counts both; or fixed sets and counts")),
        Option("sake_cup_chaff", bool, True,
               help=N_("the sake cup counts as a chaff too, for the chaff yaku")),
        Option("viewing_sake", str, "on", ("on", "with_yaku", "off"),
               help=N_("flower- and moon-viewing sake: scored, only beside another yaku, or "
                       "not at all")),
        Option("viewing_points", int, 5, (5, 3), help=N_("points of each viewing sake")),
        Option("rain_spoils_sake", bool, False,
               help=N_("the rain man in the pile cancels flower- and moon-viewing sake")),
        Option("field_weather", bool, False,
               help=N_("a Willow card on the field rains off flower-viewing sake, a "
                       "Paulownia card fogs off moon-viewing sake")),
        Option("tsukifuda", bool, False,
               help=N_("Cards of the Month: all four cards of the round's month score 4")),
        Option("teyaku", str, "win", ("win", "redeal", "off"),
               help=N_("a hand dealt four of a month or four pairs: wins the round, is dealt "
                       "again, or counts for nothing")),
        Option("teyaku_points", int, 6, (6, 8), help=N_("points of a hand that wins as dealt")),
        Option("teyaku_stack", bool, False,
               help=N_("a hand that is both four of a month and four pairs pays both")),
        Option("teyaku_both", str, "draw", ("draw", "ignore"),
               help=N_("both players dealt such a hand: a draw, or both hands ignored")),
        Option("field_four", str, "redeal", ("redeal", "dealer_takes", "dealer_wins"),
               help=N_("four of a month dealt to the field: dealt again, the dealer takes "
                       "them, or the dealer wins the round")),
        Option("field_pairs", str, "redeal", ("redeal", "play"),
               help=N_("four pairs dealt to the field: dealt again, or played")),
        Option("koi_limit", int, 0, (0, 1),
               help=N_("koi-koi calls a player may make in a round (0: no limit)")),
        Option("koi_trigger", str, "new_or_improved", ("new_or_improved", "new_only"),
               help=N_("what asks koi-koi or stop: a new or improved yaku, or only a new one")),
        Option("koi_minimum", int, 0, minimum=0, maximum=7,
               help=N_("a player whose yaku are worth less than this must stop (0: never)")),
        Option("seven_double", bool, True,
               help=N_("a stop worth 7 points or more is doubled")),
        Option("koi_bonus", str, "opponent_called",
               ("opponent_called", "per_call", "self_called", "any_called", "none"),
               help=N_("the stop doubled when the other player had called koi-koi; x2, x3 ... "
                       "for each of their calls; doubled when the stopper had called; when "
                       "either had; or never")),
        Option("field_brights", str, "off", ("off", "double", "per_bright"),
               help=N_("brights dealt to the field: nothing; a stop doubled; or multiplied by "
                       "one more for each")),
        Option("exhausted", str, "nobody", ("nobody", "dealer", "last_yaku"),
               help=N_("hands run out without a stop: nobody scores, the dealer wins (the "
                       "dealer's privilege), or the last to make a yaku is paid it")),
        Option("oyaken_points", int, 6, (6, 1), help=N_("points of the dealer's privilege")),
        Option("draw_dealer", str, "same", ("same", "other"),
               help=N_("who deals after a round nobody won: the same player or the other")),
    )

    min_seats = max_seats = 2
    active_count = 2
    hand_size = HAND
    field_size = FIELD
    field_check = "misdeal"  # four of a month on the field: dealt again by default (koikoi.md
    # §2.1); another field_four leaves it to before_play (configure)
    decision = "sage"  # koi-koi (the engine's sage) or stop (its shoubu)
    cancel_after_sage = False
    counts_card_points = False
    decision_words = "koikoi"
    teyaku_stand_in_play = False  # a hand that scores as dealt wins before the first turn
    settles_multiplier = True
    # No card points are ever scored (counts_card_points is False). These are the cards'
    # traditional worths (bright 20, animal 10, ribbon 5, chaff 1): the engine's greedy
    # playout and the computer players' rollouts judge a card by them, as a player first
    # reaches for a bright; the table never shows them.
    values = tuple({"bright": 20, "animal": 10, "ribbon": 5, "chaff": 1}[k] for k in KINDS)

    def configure(self) -> None:
        o = self.options
        self._scale = POINT_SCALES[o["points_scale"]]
        self._scoring = o["set_scoring"]
        self._sake = o["viewing_sake"]
        self._viewing = o["viewing_points"]
        self._rain_spoils = o["rain_spoils_sake"]
        self._chaffs = CHAFFS | (SAKE if o["sake_cup_chaff"] else 0)
        self._tsuki = o["tsukifuda"]
        self._weather = o["field_weather"]
        self.yaku_context = self._tsuki or self._weather
        self.yaku_reads_field = self._weather
        self._new_only = o["koi_trigger"] == "new_only"
        # four of a month on the field: thrown in at the deal, or left to before_play
        self.field_check = "misdeal" if o["field_four"] == "redeal" else "none"
        # every card counts for some yaku (the chaff yaku counts the plain ones): every
        # capture is checked for a rise
        self.yaku_cards = BRIGHTS | ANIMALS | RIBBONS | self._chaffs

    # ------------------------------------------------------------------ the yaku
    def context_of(self, round_no: int, field: int) -> tuple[int, int] | None:
        """(the round's month's four cards, the field) for Cards of the Month and the
        weather; round r is month r (koikoi.md §4.5)."""
        if not self.yaku_context:
            return None
        return (MONTHS[(round_no - 1) % 12] if self._tsuki else 0,
                field if self._weather else 0)

    def yaku_items(self, pile: int, position: int = 0,
                   ctx: object | None = None) -> dict[str, int]:
        """The yaku a pile scores now, with their points (koikoi.md §4, every option).
        ``ctx`` (``context_of``): the round's month and the field, which Cards of the Month
        and the weather read; without it they score nothing and rain nothing off."""
        out: dict[str, int] = {}
        rain = bool(pile & RAIN)
        self._brights(pile, rain, out)
        self._animals(pile, out)
        self._ribbons(pile, out)
        n = (pile & self._chaffs).bit_count()
        if n >= KASU:
            out["kasu"] = n - KASU + 1
        month, field = ctx if isinstance(ctx, tuple) else (0, 0)
        if month and pile & month == month:
            out["tsukifuda"] = TSUKIFUDA
        if pile & SAKE and self._sake != "off" and not (self._rain_spoils and rain):
            viewing = {}
            if pile & CURTAIN and not field & WILLOW:  # field & WILLOW: rained off
                viewing["hanami_zake"] = self._viewing
            if pile & MOON and not field & PAULOWNIA:  # field & PAULOWNIA: fogged off
                viewing["tsukimi_zake"] = self._viewing
            if viewing and (self._sake == "on" or out):
                out.update(viewing)
        return out

    def _brights(self, pile: int, rain: bool, out: dict[str, int]) -> None:
        """Only the best bright yaku, in every rule set (koikoi.md §4.3)."""
        goko, shiko, ame_shiko, sanko, _set = self._scale
        n = (pile & BRIGHTS).bit_count()
        if n == 5:
            out["goko"] = goko
        elif n == 4:
            out["ame_shiko" if rain else "shiko"] = ame_shiko if rain else shiko
        elif n == 3 and not rain:
            out["sanko"] = sanko

    def _animals(self, pile: int, out: dict[str, int]) -> None:
        n = (pile & ANIMALS).bit_count()
        set_made = pile & BOAR_DEER_BUTTERFLY == BOAR_DEER_BUTTERFLY
        plus = self._scoring != "stack"
        if set_made:
            out["inoshikacho"] = INOSHIKACHO + (n - 3 if plus else 0)
        if n >= TANE and not (set_made and self._scoring == "exclusive_plus"):
            out["tane"] = n - TANE + 1

    def _ribbons(self, pile: int, out: dict[str, int]) -> None:
        n = (pile & RIBBONS).bit_count()
        one = self._scale[4]
        poetry, blue = pile & POETRY == POETRY, pile & BLUE == BLUE
        if self._scoring == "stack":
            if poetry:
                out["akatan"] = one
            if blue:
                out["aotan"] = one
        elif poetry and blue:
            out["akatan_aotan"] = 2 * one + n - 6
        elif poetry or blue:
            out["akatan" if poetry else "aotan"] = one + n - 3
        set_made = poetry or blue
        if n >= TAN and not (set_made and self._scoring == "exclusive_plus"):
            out["tan"] = n - TAN + 1

    def dek_items(self, pile: int, ctx: object | None = None) -> dict[str, int]:
        return self.yaku_items(pile, 0, ctx)

    def dek_value(self, pile: int, ctx: object | None = None) -> int:
        """The pile's yaku points before any doubling: a rise asks koi-koi or stop."""
        return sum(self.yaku_items(pile, 0, ctx).values())

    def trigger_level(self, pile: int, ctx: object | None = None) -> int:
        """koi_trigger=new_only: the number of yaku made (a rise is a new one); else the
        points (a rise is a new or improved yaku: koikoi.md §4.6, §5.1)."""
        items = self.yaku_items(pile, 0, ctx)
        if not self._new_only:
            return sum(items.values())
        return len({f for k in items for f in FAMILY.get(k, (k,))})

    def dek_value_fn(self):  # noqa: ANN201 - a callable int -> int
        return self.trigger_level if self._new_only else self.dek_value

    def entries_in(self, ctx: object | None) -> tuple[Entry, ...]:
        """Cards of the Month follows this round's four cards (an entry without cards in
        ``entries``: the month is the round's)."""
        if not self._tsuki or not isinstance(ctx, tuple) or not ctx[0]:
            return self.entries
        return tuple(card_set("tsukifuda", ctx[0], TSUKIFUDA) if e.id == "tsukifuda" else e
                     for e in self.entries)

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        one = self._scale[4]
        sets = [("inoshikacho", BOAR_DEER_BUTTERFLY, INOSHIKACHO), ("akatan", POETRY, one),
                ("aotan", BLUE, one)]
        if self._sake != "off":
            sets += [("hanami_zake", CURTAIN | SAKE, self._viewing),
                     ("tsukimi_zake", MOON | SAKE, self._viewing)]
        return tuple(sets)

    def catalogue(self) -> tuple[Entry, ...]:
        goko, shiko, ame_shiko, sanko, one = self._scale
        entries = [
            card_set("goko", BRIGHTS, goko),
            card_set("shiko", BRIGHTS & ~RAIN, shiko),
            card_set("ame_shiko", BRIGHTS, ame_shiko, need=4),
            card_set("sanko", BRIGHTS & ~RAIN, sanko, need=3),
            card_set("inoshikacho", BOAR_DEER_BUTTERFLY, INOSHIKACHO),
            card_set("tane", ANIMALS, 1, need=TANE),
        ]
        if self._scoring != "stack":
            entries.append(card_set("akatan_aotan", POETRY | BLUE, 2 * one))
        entries += [card_set("akatan", POETRY, one), card_set("aotan", BLUE, one),
                    card_set("tan", RIBBONS, 1, need=TAN),
                    card_set("kasu", self._chaffs, 1, need=KASU)]
        if self._sake != "off":
            entries += [card_set("hanami_zake", CURTAIN | SAKE, self._viewing),
                        card_set("tsukimi_zake", MOON | SAKE, self._viewing)]
        if self._tsuki:  # its cards are the round's month's (entries_in)
            entries.append(Entry("tsukifuda", Category.DEKIYAKU, TSUKIFUDA, need=4))
        if self.options["field_four"] == "dealer_wins":
            entries.append(Entry("field_four", Category.SPECIAL, FIELD_FOUR_POINTS))
        if self.options["teyaku"] == "win":
            points = self.options["teyaku_points"]
            entries += [Entry(k, Category.TEYAKU, points) for k in TEYAKU_HANDS]
        if self.options["exhausted"] == "dealer":
            entries.append(Entry("oyaken", Category.SPECIAL, self.options["oyaken_points"]))
        return tuple(entries)

    # ------------------------------------------------------------------ before play
    def before_play(self, st: State) -> None:
        """koikoi.md §2: the field's four of a month (with field_four other than redeal: the
        deal threw it in otherwise) and four pairs (a misdeal by default), then the hands
        dealt four of a month or four pairs: the holder wins at once (or the deal is thrown
        in)."""
        o = self.options
        if self.field_check == "none" and self._field_four(st):
            return
        if o["field_pairs"] == "redeal" and month_counts(st.field).count(2) == 4:
            self._misdeal(st, "field_pairs")
            return
        if o["teyaku"] == "off":
            return
        holders = {s: k for s in st.active if (k := self.dealt_teyaku(st.hands[s]))}
        if not holders or len(holders) == 2 and o["teyaku_both"] == "ignore":
            return
        if o["teyaku"] == "redeal":
            self._misdeal(st, "teyaku")
            return
        if len(holders) == 2:  # both: a draw (koikoi.md §2.2)
            st.drawn = st.caller = -1
            st._finish(Ending.DRAW, None)
            return
        (holder, kind), = holders.items()
        points = o["teyaku_points"]
        kinds = [kind]
        if kind == "teshi" and o["teyaku_stack"] and self.is_four_pairs(st.hands[holder]):
            kinds.append("four_pairs")  # 4 + 2 + 2: both, when the option says so
        self._won_as_dealt(st, holder, dict.fromkeys(kinds, points), st.hands[holder])

    @staticmethod
    def _misdeal(st: State, reason: str) -> None:
        """The deal thrown in before play (no round counted, nobody paid)."""
        if st.events_on:
            st.emit("misdeal", st.dealer, reason=reason)
        st._finish("misdeal", None)

    @staticmethod
    def _won_as_dealt(st: State, winner: int, items: dict[str, int], cards: int) -> None:
        """The round won before the first turn (a hand dealt four of a month or four pairs,
        the field's four with field_four=dealer_wins): ``cards`` shown to both as a teyaku
        claim, each item paid by the other player, the round ended as ``teyaku``."""
        st.drawn = st.caller = -1
        st.ending = Ending.TEYAKU
        if st.events_on:
            st.emit("teyaku", winner, items=items, cards=names_of(cards))
        other = next(s for s in st.active if s != winner)
        for k, v in items.items():
            st.pay(other, winner, v, k, Basis("mon", v) if st.events_on else None)
        st._finish(Ending.TEYAKU, winner)

    def _field_four(self, st: State) -> bool:
        """Four of a month on the field (koikoi.md §2.1): ``dealer_wins`` ends the round, the
        dealer paid 6; ``dealer_takes``: the dealer captures the four and four cards from
        the top of the pile fill the field, as often as a four lies there. True when the
        round ended."""
        four = four_of_a_month(st.field)
        if four and self.options["field_four"] == "dealer_wins":
            self._won_as_dealt(st, st.dealer, {"field_four": FIELD_FOUR_POINTS}, four)
            return True
        while four:  # dealer_takes
            st.field &= ~four
            st.captured[st.dealer] |= four
            if st.events_on:
                cards = names_of(four)
                st.emit("captured", st.dealer, card=cards[0], cards=cards, rule="field_four")
            for card in st.pile[st.pile_pos:st.pile_pos + 4]:
                st.field |= 1 << card
                if st.events_on:  # from the pile to the field, no turn's draw
                    st.emit("placed", st.dealer, card=CARD_IDS[card], rule="field_four")
            st.pile_pos += 4
            four = four_of_a_month(st.field)
        return False

    @staticmethod
    def dealt_teyaku(hand: int) -> str | None:
        """"teshi" (four of a month) or "four_pairs" (kuttsuki) for an 8-card hand."""
        counts = [c for c in month_counts(hand) if c]
        if 4 in counts:
            return "teshi"
        if KoiKoi.is_four_pairs(hand):
            return "four_pairs"
        return None

    @staticmethod
    def is_four_pairs(hand: int) -> bool:
        """Every month of the hand appears two or four times (koikoi.md §2.2)."""
        counts = [c for c in month_counts(hand) if c]
        return sum(c // 2 for c in counts) == 4 and all(c in (2, 4) for c in counts)

    # ------------------------------------------------------------------ the round's end
    def koi_calls(self, st: State, seat: int) -> int:
        """How many times ``seat`` called koi-koi this round (its sage actions since the
        round's first play)."""
        from ..actions import SAGE

        start = max(st.play_at, 0)  # -1: a position set up mid-round, every action its own
        return sum(1 for a in st.actions[start:] if a.seat == seat and a.verb == SAGE)

    def multiplier(self, st: State, winner: int, points: int) -> int:
        """What a stop's points are multiplied by (koikoi.md §5.3)."""
        m = 2 if self.options["seven_double"] and points >= 7 else 1
        bonus = self.options["koi_bonus"]
        loser = next(s for s in st.active if s != winner)
        called = {s: bool(st.sagers >> s & 1) for s in st.active}
        if bonus == "opponent_called" and called[loser] or bonus == "self_called" and \
                called[winner] or bonus == "any_called" and any(called.values()):
            m *= 2
        elif bonus == "per_call":
            m *= 1 + self.koi_calls(st, loser)
        brights = (st.play_field & BRIGHTS).bit_count() if st.play_field >= 0 else 0
        if brights and self.options["field_brights"] == "double":
            m *= 2
        elif brights and self.options["field_brights"] == "per_bright":
            m *= 1 + brights
        return m

    def must_stop(self, st: State, seat: int) -> bool:
        """koi_limit=1: a player who called koi-koi once this round stops at the next yaku;
        koi_minimum: a player whose yaku are worth less than it stops (koikoi.md §5.1)."""
        if self.options["koi_limit"] and st.sagers >> seat & 1:
            return True
        least = self.options["koi_minimum"]
        return bool(least) and self.dek_value(st.captured[seat], st.yaku_ctx()) < least

    def settle(self, st: State) -> None:
        """A stop: the caller's yaku, multiplied, paid by the other player. Hands run out:
        nobody scores, or the dealer's privilege (koikoi.md §5)."""
        a, b = st.active
        if st.ending == Ending.SHOUBU and st.caller in (a, b):
            winner = st.caller
            loser = b if winner == a else a
            items = self.yaku_items(st.captured[winner], 0, st.yaku_ctx())
            m = self.multiplier(st, winner, sum(items.values()))
            st.m = m
            for k, v in items.items():
                st.pay(loser, winner, v * m, k, Basis("mon", v, m) if st.events_on else None)
            st.winner = winner
            return
        last = self.last_caller(st) if self.options["exhausted"] == "last_yaku" else None
        if last is not None:  # paid as if it had stopped (koikoi.md §5.4)
            st.caller = last
            st.ending = Ending.SHOUBU
            self.settle(st)
            st.ending = Ending.EXHAUSTED
            return
        if self.options["exhausted"] == "dealer" and st.dealer in (a, b):
            other = b if st.dealer == a else a
            points = self.options["oyaken_points"]
            st.pay(other, st.dealer, points, "oyaken",
                   Basis("mon", points) if st.events_on else None)
            st.ending, st.winner = Ending.EXHAUSTED, st.dealer
            return
        st.ending, st.winner = Ending.DRAW, None

    def last_caller(self, st: State) -> int | None:
        """The last player who made or improved a yaku this round: who last called koi-koi
        (a player who made one and did not call it stopped, and the round ended then)."""
        from ..actions import SAGE

        start = max(st.play_at, 0)
        calls = [a.seat for a in st.actions[start:] if a.verb == SAGE]
        return calls[-1] if calls else None

    def after_round(self, st: State, result: RoundResult) -> None:
        """draw_dealer=other: after a round nobody won, the other player deals."""
        if result.winner is None and self.options["draw_dealer"] == "other":
            st.dealer = next(s for s in range(st.n) if s != st.dealer)

    @classmethod
    def option_applies(cls, name: str, options: Mapping[str, object],
                       seats: int) -> str | None:
        """The rain's rule matters only while the viewing sake scores."""
        if name == "rain_spoils_sake" and options.get("viewing_sake", "on") == "off":
            return "viewing_sake_off"
        if name in ("teyaku_points", "teyaku_stack", "teyaku_both") and \
                options.get("teyaku", "win") != "win":
            return "teyaku_not_win"
        if name == "oyaken_points" and options.get("exhausted", "nobody") != "dealer":
            return "exhausted_not_dealer"
        return super().option_applies(name, options, seats)
