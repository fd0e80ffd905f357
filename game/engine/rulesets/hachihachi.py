"""Ruleset ``hachihachi``: standard Hachi-Hachi (docs/rules/hachihachi.md).

The family's mechanics live in engine modules (payments, card points against a par, specials,
the field multiplier, drop-out fees, liability, the teyaku and dekiyaku tables); this class
configures them from the options. ``curriculum``, ``nuki-hachihachi`` and
``hachihachi-nintendo`` configure it in turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cardpoints import PAR_88, pay_difference, settle_against_par
from ..cards import AKATAN, AOTAN, CHAFF_EQUIV, GOKO, INOSHIKACHO, KINDS, MONTH_MASK, RIBBONS, SHIKO
from ..catalogue import (
    CARD_POINTS_ENTRY,
    FEE_ENTRIES,
    POT_ENTRY,
    AchievementRule,
    Entry,
    teyaku_entries,
)
from ..dekiyaku import DekiyakuTable
from ..dropout import dropout_fee, half_up
from ..ledger import Basis
from ..liability import HATTO, TOBIKOMI, liable_for, open_watches, resolve_watches
from ..multiplier import MultiplierCarry
from ..options import MAX_ROUNDS, Option
from ..payments import from_each_opponent, from_every_seat, to_each_opponent
from ..specials import (
    NIHACHI_POINTS,
    SOHACHI_POINTS,
    SUJUROKU_CHAFF,
    SpecialRule,
    SpecialValues,
    settle_special,
    special_rules,
)
from ..teyaku import GROUP_B_IDS, TRIPLET_IDS, TeyakuTable, standard_a_id
from ..vocab import N_, Category, Ending, Reason
from .base import Ruleset, points_and_count_tables

if TYPE_CHECKING:
    from ..state import State

HH_VALUES = tuple({"bright": 20, "animal": 10, "ribbon": 5, "chaff": 1}[k] for k in KINDS)

TEYAKU_KAN = {
    "shiso": 20, "ichinishi": 8, "futatatesanbon": 8, "sanbon_tatesanbon": 7, "haneken": 7,
    "futasanbon": 6, "teshi": 6, "kuttsuki": 4, "tatesanbon": 3, "sanbon": 2,
    "karasu": 4, "pikaichi": 4, "toichi": 3, "tanichi": 3, "aka": 2,
}
DEKIYAKU_KAN = {"goko": 12, "shiko": 10, "nanatan": 10, "akatan": 7, "aotan": 7,
                "inoshikacho": 7}
# Nukeyaku (§12): a Group-B teyaku holder who still reaches the achievement threshold.
NUKEYAKU_IDS = frozenset({"aka", "tanichi", "toichi", "karasu"})
HATTO_SETS = (("shiko", SHIKO), ("akatan", AKATAN), ("aotan", AOTAN),
              ("inoshikacho", INOSHIKACHO))
PARS_88 = (PAR_88,) * 3  # three active players, each against 88
ACHIEVEMENT_POINTS = 89  # §12: a pile of 89 card points or more (one more than the par)

OPTIONS = (
    Option("kan", int, 12, (12, 10), help=N_("mon per kan: 12 traditional (Kanto), 10 modern")),
    Option("payment_model", str, "per_opponent", ("per_opponent", "split"),
           help=N_("split: amounts 'from each opponent' are halved when there are two")),
    Option("teyaku_combine", str, "a_plus_b", ("a_plus_b", "best_one"),
           help=N_("score the set teyaku plus the chaff teyaku, or only the better one")),
    Option("aka_value", int, 2, (2, 3), help=N_("kan of the Red teyaku (aka)")),
    Option("bdb", bool, False, help=N_("enable Boar-Deer-Butterflies (inoshikacho, 7 kan)")),
    Option("nanatan_extra", bool, False,
           help=N_("Seven Ribbons: +1 kan per ribbon beyond seven, Willow ribbon included")),
    Option("goko_after_shiko", str, "replace", ("replace", "cumulative"),
           help=N_("Five Brights replaces Four Brights, or both score")),
    Option("sage_failure", str, "void_double", ("void_double", "half_double", "void", "half"),
           help=N_("what a player who called sage pays or gets when another calls shoubu")),
    Option("multiplier_carry", str, "queue", ("queue", "one_round", "stack"),
           help=N_("how extra field brights carry their multiplier to later rounds")),
    Option("year_extension", bool, False,
           help=N_("after the last round, play on while a multiplier is carried")),
    Option("hatto_liability", bool, False,
           help=N_("a player who feeds an opponent's last yaku card pays for both")),
    Option("tobikomi_liability", bool, False,
           help=N_("a player who feeds a diver's fourth card pays the whole tobikomi")),
    Option("mizuten", bool, True, help=N_("the dealer may declare mizuten (play blind)")),
    Option("hand_swap", bool, False, help=N_("seats may swap for the dealer's hand (dealer_hand)")),
    Option("dropout_fee", str, "by_order", ("by_order", "by_seat", "flat"),
           help=N_("fee of a seat that drops: 1, 1.5, 2 kan by order or by seat, or flat 1 kan")),
    Option("compulsory_three", bool, True,
           help=N_("once all but three have dropped, the rest must play")),
    Option("forced_out_comp", str, "non_dealers", ("non_dealers", "all_active", "none"),
           help=N_("who compensates a seat forced out of the round")),
    Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS,
           help=N_("rounds in the game (12 = a year)")),
    Option("two_player_payment", str, "difference", ("difference", "capped"),
           help=N_("two active players: pay the card-point difference, or capped in kan")),
)



class HachiHachi(Ruleset):
    name = "hachihachi"
    title = N_("Hachi-Hachi")
    summary = N_("Standard 88 for 3 active players, 2 to 7 at the table (FudaWiki rules).")
    OPTIONS = OPTIONS
    values = HH_VALUES
    min_seats, max_seats = 2, 7
    active_count = 3
    decision = "sage"

    # feature switches (curriculum tiers turn them off)
    has_teyaku = True
    has_multiplier = True
    has_specials = True
    has_achievements = True
    nihachi_flat = False
    grand_field = True  # Nuki: only the Large field counts
    ach_threshold = ACHIEVEMENT_POINTS
    nukeyaku_ids = NUKEYAKU_IDS
    tobikomi_once = False  # Nuki: tobikomi pays once a round, whichever triplet dived

    def rule_options(self) -> dict:
        """The hachihachi options this configuration follows (a preset may fix some)."""
        return self.options

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        # settlement's points and chaff of a pile in one looked-up sum (no points() frame,
        # no chaff popcount): the card values of every configuration fit the packed tables
        pc = points_and_count_tables(self.value_masks, CHAFF_EQUIV)
        if pc is None or type(self).points is not Ruleset.points:
            raise TypeError(f"{type(self).__name__}: settle reads the card points from packed "
                            f"tables of the card values; a ruleset with its own points() or "
                            f"values past them needs its own settle")
        self._pc = pc

    def configure(self) -> None:
        o = self.rule_options()
        self.kan = o.get("kan", 12)
        self.split = o.get("payment_model") == "split"
        self.sage_failure = o.get("sage_failure", "void_double")
        self.fee_mode = o.get("dropout_fee", "by_order")
        self.comp_mode = o.get("forced_out_comp", "none")
        self.capped = o.get("two_player_payment") == "capped"
        self.hand_swap = o.get("hand_swap", False)
        self.mizuten_min_seats = 3 if o.get("mizuten", False) else 0
        self.compulsory = o.get("compulsory_three", True)
        self.bdb = o.get("bdb", False)
        self.teyaku_table = TeyakuTable(
            self.teyaku_values() if self.has_teyaku else {},
            best_one=o.get("teyaku_combine") == "best_one",
            # the standard naming itself unless a subclass renames (one frame less per shape)
            a_id=standard_a_id if type(self).a_id is HachiHachi.a_id else self.a_id)
        self.dek = self.make_dekiyaku()
        self.carry_rule = MultiplierCarry(o.get("multiplier_carry", "queue"),
                                          grand=self.grand_field) \
            if self.has_multiplier else None
        self.specials = self.special_values()
        hatto = o.get("hatto_liability", False)
        self.hatto_sets = tuple((k, m) for k, m in HATTO_SETS if hatto and k in self.dek.values)
        self.tobikomi_liab = o.get("tobikomi_liability", False)
        self.watch_liability = bool(self.hatto_sets) or self.tobikomi_liab
        self.comp_cards = GOKO | AKATAN | AOTAN | (INOSHIKACHO if self.bdb else 0)
        self.yaku_cards = GOKO | RIBBONS | (INOSHIKACHO if "inoshikacho" in self.dek.values
                                            else 0)

    # ------------------------------------------------------------------ tables

    def teyaku_values(self) -> dict[str, int]:
        vals = {k: v * self.kan for k, v in TEYAKU_KAN.items()}
        vals["aka"] = self.rule_options().get("aka_value", 2) * self.kan
        return vals

    def a_id(self, a: str | None, standing: int) -> str | None:
        return standard_a_id(a, standing)

    def dekiyaku_values(self) -> dict[str, int]:
        vals = {k: v * self.kan for k, v in DEKIYAKU_KAN.items()}
        if not self.bdb:
            del vals["inoshikacho"]
        return vals

    def make_dekiyaku(self) -> DekiyakuTable:
        o = self.rule_options()
        return DekiyakuTable(self.dekiyaku_values(),
                             goko_cumulative=o.get("goko_after_shiko") == "cumulative",
                             nanatan_extra=o.get("nanatan_extra", False), unit=self.kan)

    def special_values(self) -> SpecialValues:
        """Round-end specials (§11), in kan x K: All Eights 10; Double Eights 10 + points
        over 168 (flat 10 in the early curriculum tiers); Sixteen Chaff 12 + 2 a chaff."""
        if not self.has_specials:
            return SpecialValues(None, None, None)
        k = self.kan
        nihachi = (lambda pts: 10 * k) if self.nihachi_flat else \
            (lambda pts: (10 + pts - 168) * k)
        return SpecialValues(10 * k, nihachi, lambda ch: (12 + 2 * (ch - 16)) * k)

    def catalogue(self) -> tuple[Entry, ...]:
        entries = [*FEE_ENTRIES] if self.max_seats > self.active_count else []
        entries += teyaku_entries(self.teyaku_table.values)
        entries += self.dek.entries()
        entries.append(CARD_POINTS_ENTRY)
        entries += [Entry(r, Category.SPECIAL, None) for r, v in
                    zip((Reason.SOHACHI, Reason.NIHACHI, Reason.SUJUROKU), self.specials,
                        strict=True) if v is not None]
        entries += [Entry(r, Category.ACHIEVEMENT, self.kan) for r in self.achievement_ids()]
        if self.max_seats > self.active_count:
            entries.append(POT_ENTRY)
        return tuple(entries)

    def achievement_ids(self) -> tuple[str, ...]:
        if not self.has_achievements:
            return ()
        ids = [Reason.NUKEYAKU, Reason.TOBIKOMI] if self.has_teyaku else []
        if self.mizuten_min_seats:
            ids.insert(0, Reason.MIZUTEN)
        if self.hand_swap:
            ids.append(Reason.DEALER_HAND)
        return tuple(ids)

    def par(self, position: int, n_active: int) -> int | None:
        return PAR_88 if n_active == 3 else None

    # ------------------------------------------------------------------ rules as data

    def in_kan(self, entry_id: str) -> int | None:
        """Amounts in kan wherever 1 kan is more than 1 mon (the Nintendo points: never)."""
        if self.kan <= 1:
            return None
        value = next((e.value for e in self.entries if e.id == entry_id), None)
        if value is None or value % self.kan:
            return None
        return value // self.kan

    def special_rules(self) -> tuple[SpecialRule, ...]:
        return special_rules(self.specials, self.points(self.deck_mask),
                             (self.deck_mask & CHAFF_EQUIV).bit_count())

    def special_voids(self) -> tuple[Category, ...]:
        """§11: a special cancels the teyaku paid at round end and the achievements."""
        return tuple(c for c, on in ((Category.TEYAKU, self.has_teyaku
                                      and not self.teyaku_at_claim),
                                     (Category.ACHIEVEMENT, self.has_achievements)) if on)

    def achievement_rules(self) -> tuple[AchievementRule, ...]:
        """§12: mizuten and the dealer's hand need the threshold; nukeyaku and tobikomi need
        a claimed teyaku of theirs (the ids the settlement checks)."""
        scored = tuple(self.teyaku_table.values)
        value = {e.id: e.value for e in self.entries}
        out = []
        for rid in self.achievement_ids():
            v, thr = value[rid] or 0, self.ach_threshold or 0
            if rid == Reason.MIZUTEN:
                out.append(AchievementRule(rid, v, thr, seats=self.mizuten_min_seats))
            elif rid == Reason.NUKEYAKU:
                out.append(AchievementRule(rid, v, thr, tuple(
                    k for k in scored if k in self.nukeyaku_ids)))
            elif rid == Reason.TOBIKOMI:
                out.append(AchievementRule(rid, v, 0, tuple(  # no card points needed
                    k for k in scored if k in TRIPLET_IDS), once=self.tobikomi_once))
            else:
                out.append(AchievementRule(rid, v, thr))
        return tuple(out)

    # ------------------------------------------------------------------ rules API

    def yaku_items(self, pile: int, position: int = 0,
                   ctx: object | None = None) -> dict[str, int]:
        return self.dek.items(pile)

    def dek_items(self, pile: int, ctx: object | None = None) -> dict[str, int]:
        return self.dek.items(pile)

    def dek_value(self, pile: int, ctx: object | None = None) -> int:
        return self.dek.value(pile)

    def dek_value_fn(self):  # noqa: ANN201
        return self.dek.value_fn

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        return tuple((e.id, e.cards & self.deck_mask, e.value) for e in self.dek.entries()
                     if e.need == e.cards.bit_count())

    # ------------------------------------------------------------------ drop-out (§5)

    def fee(self, k: int, p: int) -> int:
        return dropout_fee(self.fee_mode, self.kan, k, p)

    def compensation2(self, hand: int) -> int:
        """2 x c(f) in mon (§5.3): T/2 + D/2 + 3n, doubled to stay whole."""
        claim = self.claim(hand, 0)
        t = claim.total if claim else 0
        a_cards = claim.a_cards if claim else 0
        d = self.dek.value(hand)
        n = (hand & self.comp_cards & ~a_cards & ~self.dek.cards(hand)).bit_count()
        return t + d + 6 * n

    def pay_compensation(self, st: State) -> None:
        """Forced-out compensation (§5.3), from the active non-dealers or every active seat."""
        if self.comp_mode == "none":
            return
        payers = [s for s in st.active if self.comp_mode == "all_active" or s != st.acting]
        for f in st.forced:
            base = self.compensation2(st.hands[f])
            amount = half_up(base * st.m)
            for p in payers:
                st.pay(p, f, amount, Reason.COMPENSATION, Basis("compensation", base, st.m)
                       if st.events_on else None)

    # ------------------------------------------------------------------ liability (§10)

    def watch_play(self, st: State, seat: int, card: int) -> None:
        open_watches(st, seat, card, self.hatto_sets, self.tobikomi_liab)

    def check_liability(self, st: State, seat: int) -> None:
        resolve_watches(st, seat, self.hatto_sets)

    # ------------------------------------------------------------------ settlement

    def each(self, st: State, payee: int, base: int, den: int, reason: str,
             liable: int | None = None) -> None:
        from_each_opponent(st, payee, base, den, reason, split=self.split, liable=liable,
                           unit=self.kan)

    def settle(self, st: State) -> None:
        """The round-end procedure (§11)."""
        act = st.active
        captured = st.captured
        three = len(act) == 3
        if three:  # written out: no frame on the hot path
            # fastpath: packed-points
            a0, a1, a2 = act
            t0, t1, t2, t3 = self._pc  # points + (chaff << 10) per 12-card chunk
            c = captured[a0]
            v0 = t0[c & 0xFFF] + t1[c >> 12 & 0xFFF] + t2[c >> 24 & 0xFFF] + t3[c >> 36]
            c = captured[a1]
            v1 = t0[c & 0xFFF] + t1[c >> 12 & 0xFFF] + t2[c >> 24 & 0xFFF] + t3[c >> 36]
            c = captured[a2]
            v2 = t0[c & 0xFFF] + t1[c >> 12 & 0xFFF] + t2[c >> 24 & 0xFFF] + t3[c >> 36]
            p0, p1, p2 = v0 & 0x3FF, v1 & 0x3FF, v2 & 0x3FF
            pts = {a0: p0, a1: p1, a2: p2}
        else:
            pts = {s: self.points(captured[s]) for s in act}
        # V never falls and every rise passes through the trigger, so vcache holds V(X)
        # fastpath: vcache
        vc = st.vcache
        if st.ending is not None or (vc[a0] or vc[a1] or vc[a2] if three
                                     else any(map(vc.__getitem__, act))):
            dek_items = self.dek.items
            if three:  # written out: no comprehension frame
                items = {a0: dek_items(captured[a0]), a1: dek_items(captured[a1]),
                         a2: dek_items(captured[a2])}
            else:
                items = {s: dek_items(captured[s]) for s in act}
            if not self.teyaku_at_claim:
                self.pay_teyaku(st)
            self.settle_dekiyaku(st, items)
            if st.ending is None:
                st.ending = Ending.EXHAUSTED
                st.winner = st.sage_order[0] if st.sage_order else max(
                    act, key=lambda s: (sum(items[s].values()), -act.index(s)))
            else:
                st.winner = st.caller
            if (three and self.has_achievements
                    and (st.mizuten or self.hand_swap or st.claims)):
                self.achievements(st, pts)  # (nothing to pay without these three)
            return
        if three:
            # settle_special only when one could apply (all 88, 168 or more, 16 chaff)
            # fastpath: specials-gate
            if ((p0 == p1 == p2 == SOHACHI_POINTS or p0 >= NIHACHI_POINTS
                 or p1 >= NIHACHI_POINTS or p2 >= NIHACHI_POINTS
                 or v0 >> 10 >= SUJUROKU_CHAFF or v1 >> 10 >= SUJUROKU_CHAFF
                 or v2 >> 10 >= SUJUROKU_CHAFF)
                    and settle_special(st, pts, self.specials, split=self.split)):
                return  # a special voids teyaku and achievements (paid-at-claim stay)
            if st.claims and not self.teyaku_at_claim:
                self.pay_teyaku(st)
            settle_against_par(st, act, (p0, p1, p2), PARS_88)
            st.ending = Ending.CARD_POINTS
            # the most points; among equals, the first active player
            st.winner = (a0 if p0 >= p1 and p0 >= p2 else a1 if p1 >= p2 else a2)
            # achievements pay nothing without mizuten, a hand swap or a claim
            if self.has_achievements and (st.mizuten or self.hand_swap or st.claims):
                self.achievements(st, pts)
            return
        if not self.teyaku_at_claim:
            self.pay_teyaku(st)
        self.two_player_card_points(st, pts)

    def two_player_card_points(self, st: State, pts: dict[int, int]) -> None:
        """Two active players (§14): the difference, optionally capped in kan; on equal
        points nobody pays and the first active player keeps the deal."""
        a, b = st.active
        st.ending = Ending.CARD_POINTS
        hi = pay_difference(st, a, b, pts[a], pts[b],
                            cap_kan=self.kan if self.capped else None)
        st.winner = a if hi is None else hi

    def settle_dekiyaku(self, st: State, items: dict[int, dict[str, int]]) -> None:
        """Sage, shoubu and cancel (§9), with hatto liability (§10)."""
        p = st.caller
        if st.ending == Ending.SHOUBU:
            opps = [o for o in st.active if o != p]
            redirect = None
            if self.sage_failure in ("void_double", "half_double") and len(opps) == 2:
                in_s = [o for o in opps if st.sagers >> o & 1]
                if len(in_s) == 1:
                    redirect = in_s[0]
            for k, v in items[p].items():
                who = redirect if redirect is not None else liable_for(st, HATTO, p, k)
                self.each(st, p, v, 1, k, who)
            if self.sage_failure in ("half_double", "half"):
                for y in st.sage_order:
                    if y != p:
                        for k, v in items[y].items():
                            self.each(st, y, v, 2, k, liable_for(st, HATTO, y, k))
        elif st.ending == Ending.CANCEL:
            for k, v in items[p].items():
                self.each(st, p, v, 2, k, liable_for(st, HATTO, p, k))
        else:
            for x in st.active:
                for k, v in items[x].items():
                    self.each(st, x, v, 2, k, liable_for(st, HATTO, x, k))

    # ------------------------------------------------------------------ achievements (§12)

    def achievements(self, st: State, pts: dict[int, int]) -> None:
        thr, k = self.ach_threshold, self.kan
        if st.mizuten:
            self.mizuten_achievement(st, pts)
        if self.hand_swap and st.holder in pts and pts[st.holder] >= thr:
            from_every_seat(st, st.holder, k, Reason.DEALER_HAND, unit=k)
        claims = st.claims
        if not claims:  # no teyaku: no nukeyaku, no tobikomi
            return
        if len(claims) == 1:  # the usual claim: visit its seat only (same payments, order)
            (one,) = claims
            seats = (one,) if one in pts else ()
        else:
            seats = st.active
        for s in seats:
            claim = claims.get(s)
            if claim and claim.b in self.nukeyaku_ids and pts[s] >= thr:
                self.each(st, s, k, 1, Reason.NUKEYAKU)
        for s in seats:
            claim = claims.get(s)
            if claim and claim.triplets:
                for mo in claim.triplets:
                    mm = MONTH_MASK[mo - 1]
                    if st.captured[s] & mm == mm:
                        self.each(st, s, k, 1, Reason.TOBIKOMI,
                                  liable_for(st, TOBIKOMI, s, mo))
                        if self.tobikomi_once:
                            break

    def mizuten_achievement(self, st: State, pts: dict[int, int]) -> None:
        """The dealer who declared mizuten: 1 kan from every other seat at the table when
        the pile reaches the threshold, else 1 kan to each other active player (§12)."""
        if st.mizuten:
            d = st.dealer
            if pts[d] >= self.ach_threshold:
                from_every_seat(st, d, self.kan, Reason.MIZUTEN, unit=self.kan)
            else:
                to_each_opponent(st, d, self.kan, Reason.MIZUTEN, split=self.split,
                                 unit=self.kan)

    # ------------------------------------------------------------------ game end (§15)

    @property
    def rounds_planned(self) -> int | None:
        return self.options["rounds"]

    def game_over(self, st: State) -> bool:
        """After the planned rounds; with year_extension, play on while a multiplier is
        carried."""
        if st.rounds_played < self.options["rounds"]:
            return False
        return not (self.rule_options().get("year_extension") and self.carry_list(st.carry))


__all__ = ["GROUP_B_IDS", "HachiHachi", "OPTIONS"]
