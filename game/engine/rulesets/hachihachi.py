"""Ruleset ``hachihachi`` (standard Hachi-Hachi, rules/hachihachi.md) and its preset
``hachihachi-nintendo`` (§17).

Everything the Hachi-Hachi family shares lives here as options and class attributes, so
``curriculum`` and ``nuki-hachihachi`` configure this class rather than copy it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards import (
    AKATAN,
    AOTAN,
    CHAFF_EQUIV,
    GOKO,
    GRAND_BRIGHTS,
    INOSHIKACHO,
    KINDS,
    LARGE_BRIGHTS,
    MONTH_MASK,
    RIBBONS,
    SHIKO,
    month,
)
from ..dekiyaku import DekiyakuTable
from ..ledger import POT, scaled
from ..options import MAX_ROUNDS, Option
from ..teyaku import TRIPLET, TWO_TRIPLETS, has_teyaku_shape, shape
from .base import Claim, Ruleset

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
TRIPLET_IDS = frozenset({"sanbon", "tatesanbon", "futasanbon", "sanbon_tatesanbon",
                         "futatatesanbon", "haneken"})
NUKEYAKU_IDS = frozenset({"aka", "tanichi", "toichi", "karasu"})

OPTIONS = (
    Option("kan", int, 12, (12, 10), help="mon per kan: 12 traditional (Kanto), 10 modern"),
    Option("payment_model", str, "per_opponent", ("per_opponent", "split"),
           help="split: amounts 'from each opponent' are halved when there are two"),
    Option("teyaku_combine", str, "a_plus_b", ("a_plus_b", "best_one"),
           help="score the set teyaku plus the chaff teyaku, or only the better one"),
    Option("aka_value", int, 2, (2, 3), help="kan of the Red teyaku (aka)"),
    Option("bdb", bool, False, help="enable Boar-Deer-Butterflies (inoshikacho, 7 kan)"),
    Option("nanatan_extra", bool, False,
           help="Seven Ribbons: +1 kan per ribbon beyond seven, Willow ribbon included"),
    Option("goko_after_shiko", str, "replace", ("replace", "cumulative"),
           help="Five Brights replaces Four Brights, or both score"),
    Option("sage_failure", str, "void_double", ("void_double", "half_double", "void", "half"),
           help="what a player who called sage pays or gets when another calls shoubu"),
    Option("multiplier_carry", str, "queue", ("queue", "one_round", "stack"),
           help="how extra field brights carry their multiplier to later rounds"),
    Option("year_extension", bool, False,
           help="after the last round, play on while a multiplier is carried"),
    Option("hatto_liability", bool, False,
           help="a player who feeds an opponent's last yaku card pays for both"),
    Option("tobikomi_liability", bool, False,
           help="a player who feeds a diver's fourth card pays the whole tobikomi"),
    Option("mizuten", bool, True, help="the dealer may declare mizuten (play blind)"),
    Option("hand_swap", bool, False, help="seats may swap for the dealer's hand (dealer_hand)"),
    Option("dropout_fee", str, "by_order", ("by_order", "by_seat", "flat"),
           help="fee of a seat that drops: 1, 1.5, 2 kan by order or by seat, or flat 1 kan"),
    Option("compulsory_three", bool, True,
           help="once all but three have dropped, the rest must play"),
    Option("forced_out_comp", str, "non_dealers", ("non_dealers", "all_active", "none"),
           help="who compensates a seat forced out of the round"),
    Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS,
           help="rounds in the game (12 = a year)"),
    Option("two_player_payment", str, "difference", ("difference", "capped"),
           help="two active players: pay the card-point difference, or capped in kan"),
)


class HachiHachi(Ruleset):
    name = "hachihachi"
    title = "Hachi-Hachi"
    summary = "Standard 88 for 3 active players, 2 to 7 at the table (FudaWiki rules)."
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
    nintendo = False
    ach_threshold = 89

    def rule_options(self) -> dict:
        """The hachihachi options this configuration follows (a preset may fix some)."""
        return self.options

    def configure(self) -> None:
        o = self.rule_options()
        self.K = o.get("kan", 12)
        self.split = o.get("payment_model") == "split"
        self.best_one = o.get("teyaku_combine") == "best_one"
        self.sage_failure = o.get("sage_failure", "void_double")
        self.carry_mode = o.get("multiplier_carry", "queue")
        self.fee_mode = o.get("dropout_fee", "by_order")
        self.comp_mode = o.get("forced_out_comp", "none")
        self.capped = o.get("two_player_payment") == "capped"
        self.hand_swap = o.get("hand_swap", False)
        self.mizuten_min_seats = 3 if o.get("mizuten", False) else 0
        self.compulsory = o.get("compulsory_three", True)
        self.bdb = o.get("bdb", False)
        self.teyaku_values = self.make_teyaku_values()
        self.dek = self.make_dekiyaku()
        hatto = o.get("hatto_liability", False)
        self.hatto_sets = tuple((k, m) for k, m in (
            ("shiko", SHIKO), ("akatan", AKATAN), ("aotan", AOTAN),
            ("inoshikacho", INOSHIKACHO)) if hatto and k in self.dek.values)
        self.tobikomi_liab = o.get("tobikomi_liability", False)
        self.watch_liability = bool(self.hatto_sets) or self.tobikomi_liab
        comp_cards = GOKO | AKATAN | AOTAN | (INOSHIKACHO if self.bdb else 0)
        self.comp_cards = comp_cards
        self.yaku_cards = GOKO | RIBBONS | (INOSHIKACHO if "inoshikacho" in self.dek.values
                                            else 0)

    def make_teyaku_values(self) -> dict[str, int]:
        vals = {k: v * self.K for k, v in TEYAKU_KAN.items()}
        vals["aka"] = self.rule_options().get("aka_value", 2) * self.K
        return vals

    def dekiyaku_values(self) -> dict[str, int]:
        vals = {k: v * self.K for k, v in DEKIYAKU_KAN.items()}
        if not self.bdb:
            del vals["inoshikacho"]
        return vals

    def make_dekiyaku(self) -> DekiyakuTable:
        o = self.rule_options()
        return DekiyakuTable(self.dekiyaku_values(),
                             goko_cumulative=o.get("goko_after_shiko") == "cumulative",
                             nanatan_extra=o.get("nanatan_extra", False), unit=self.K)

    # ------------------------------------------------------------------ rules API

    def api_amounts(self, items: dict[str, int]) -> dict[str, int]:
        if self.split:
            return {k: -(-v // 2) for k, v in items.items()}
        return dict(items)

    def yaku_items(self, pile: int, position: int = 0) -> dict[str, int]:
        return self.dek.items(pile)

    def dek_items(self, pile: int) -> dict[str, int]:
        return self.dek.items(pile)

    def dek_value(self, pile: int) -> int:
        return self.dek.value(pile)

    def dek_value_fn(self):  # noqa: ANN201
        return self.dek.value

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        v = self.dek.values
        sets = (("goko", GOKO), ("shiko", SHIKO), ("akatan", AKATAN), ("aotan", AOTAN),
                ("inoshikacho", INOSHIKACHO))
        return tuple((k, mask & self.deck_mask, v[k]) for k, mask in sets if k in v)

    def a_id(self, a: str | None, standing: int) -> str | None:
        if a == TWO_TRIPLETS:
            return ("futasanbon", "sanbon_tatesanbon", "futatatesanbon")[standing]
        if a == TRIPLET:
            return "tatesanbon" if standing else "sanbon"
        return a

    def claim(self, hand: int, position: int) -> Claim | None:
        if not self.has_teyaku or not has_teyaku_shape(hand):
            return None
        sh = shape(hand)
        vals = self.teyaku_values
        a = self.a_id(sh.a, sh.standing)
        b = sh.b
        av = vals.get(a, 0) if a else 0
        bv = vals.get(b, 0) if b else 0
        if not av:
            a = None
        if not bv:
            b = None
        if a and b and self.best_one:
            if bv > av:
                a = None
            else:
                b = None
        if not a and not b:
            return None
        items = {}
        reveal = 0
        if a:
            items[a] = av
            reveal |= sh.a_cards
        if b:
            items[b] = bv
            reveal |= sh.b_cards
        triplets = sh.triplets if a in TRIPLET_IDS else ()
        return Claim(items, reveal, sh.a_cards if a else 0, triplets, b)

    # ------------------------------------------------------------------ multiplier

    def initial_carry(self) -> object:
        return {"queue": (), "one_round": 1, "stack": None}[self.carry_mode] \
            if self.has_multiplier else None

    def carry_list(self, carry: object) -> tuple[int, ...]:
        if self.carry_mode == "queue" and carry:
            return tuple(carry)  # type: ignore[arg-type]
        if self.carry_mode == "one_round" and isinstance(carry, int) and carry > 1:
            return (carry,)
        return ()

    def field_brights(self, field: int) -> list[int]:
        f = [4] * (field & GRAND_BRIGHTS).bit_count() + [2] * (field & LARGE_BRIGHTS).bit_count()
        return f

    def field_multiplier(self, field: int, carry: object) -> tuple[int, object]:
        if not self.has_multiplier:
            return 1, carry
        f = self.field_brights(field)
        mode = self.carry_mode
        if mode == "queue":
            q = list(carry)  # type: ignore[arg-type]
            if not q:
                m = f[0] if f else 1
                q.extend(f[1:])
            else:
                m = q.pop(0)
                q.extend(f)
            return m, tuple(q)
        if mode == "one_round":
            fv = 4 if field & GRAND_BRIGHTS else 2 if field & LARGE_BRIGHTS else 1
            m = max(fv, carry)  # type: ignore[type-var]
            if field & GRAND_BRIGHTS == GRAND_BRIGHTS:
                new = 4
            elif (field & LARGE_BRIGHTS).bit_count() >= 2:
                new = 2
            else:
                new = 1
            return m, new
        m = 1
        for v in f:
            m *= v
        return m, None

    # ------------------------------------------------------------------ payments

    def each(self, st: State, payee: int, base: int, den: int, reason: str,
             liable: int | None = None) -> None:
        """Each opponent of ``payee`` pays base/den x m; a liable one pays both shares."""
        opps = [o for o in st.active if o != payee]
        d = den * 2 if self.split and len(opps) == 2 else den
        if liable is not None and liable in opps:
            st.pay(liable, payee, scaled(2 * base, d, st.m), reason)
            return
        amount = scaled(base, d, st.m)
        for o in opps:
            st.pay(o, payee, amount, reason)

    def each_to(self, st: State, payer: int, base: int, reason: str) -> None:
        """``payer`` pays base x m to each other active player (a 'to each' penalty)."""
        opps = [o for o in st.active if o != payer]
        d = 2 if self.split and len(opps) == 2 else 1
        amount = scaled(base, d, st.m)
        for o in opps:
            st.pay(payer, o, amount, reason)

    def from_table(self, st: State, payee: int, base: int, reason: str) -> None:
        """Every other seat at the table, active or not (not the blank holder), pays."""
        amount = base * st.m
        for s in range(st.n):
            if s != payee and s != st.blank:
                st.pay(s, payee, amount, reason)

    def fee(self, k: int, p: int) -> int:
        if self.fee_mode == "by_order":
            return self.K * (k + 1) // 2
        if self.fee_mode == "by_seat":
            return self.K * (p + 2) // 2
        return self.K

    def pay_fee(self, st: State, seat: int, k: int, p: int) -> None:
        st.pay(seat, POT, self.fee(k, p) * st.m, "dropout_fee")

    def compensation2(self, hand: int) -> int:
        """2 x c(f) in mon (hachihachi.md §5.3): T/2 + D/2 + 3n, doubled to stay whole."""
        claim = self.claim(hand, 0)
        t = claim.total if claim else 0
        a_cards = claim.a_cards if claim else 0
        d = self.dek.value(hand)
        n = (hand & self.comp_cards & ~a_cards & ~self.dek.cards(hand)).bit_count()
        return t + d + 6 * n

    def pay_compensation(self, st: State) -> None:
        if self.comp_mode == "none":
            return
        payers = [s for s in st.active if self.comp_mode == "all_active" or s != st.acting]
        for f in st.forced:
            amount = scaled(self.compensation2(st.hands[f]), 2, st.m)
            for p in payers:
                st.pay(p, f, amount, "compensation")

    def pay_teyaku(self, st: State) -> None:
        for s in st.active:
            claim = st.claims.get(s)
            if claim:
                for k, v in claim.items.items():
                    self.each(st, s, v, 1, k)

    # ------------------------------------------------------------------ liability

    def watch_play(self, st: State, seat: int, card: int) -> None:
        if len(st.active) != 3:
            return
        for y in st.active:
            if y == seat:
                continue
            pile = st.captured[y]
            for key, mask in self.hatto_sets:
                if pile & mask == mask:
                    continue
                missing = mask & ~pile
                if missing.bit_count() == 1:
                    k = missing.bit_length() - 1
                    if k == card or month(k) == month(card):
                        st.watch.append(("hatto", y, key, seat, card, k))
            if self.tobikomi_liab:
                claim = st.claims.get(y)
                if claim:
                    for mo in claim.triplets:
                        fourth = MONTH_MASK[mo - 1] & ~claim.reveal
                        if fourth == 1 << card:
                            st.watch.append(("tobikomi", y, mo, seat, card, card))

    def check_liability(self, st: State, seat: int) -> None:
        keep = []
        for w in st.watch:
            kind, y, key, x, c, k = w
            if y != seat:
                keep.append(w)
                continue
            for cap in st.turn_caps:
                if cap >> c & 1 and cap >> k & 1:
                    if kind == "tobikomi":
                        st.liable[("tobikomi", y, key)] = x
                    else:
                        mask = dict(self.hatto_sets)[key]
                        if st.captured[y] & mask == mask:
                            st.liable[("hatto", y, key)] = x
        st.watch = keep

    # ------------------------------------------------------------------ settlement

    def settle(self, st: State) -> None:
        act = st.active
        pts = {s: self.points(st.captured[s]) for s in act}
        # V never falls and every rise passes through the trigger, so vcache holds V(X)
        if st.ending is not None or any(st.vcache[s] for s in act):
            items = {s: self.dek.items(st.captured[s]) for s in act}
            if not self.teyaku_at_claim:
                self.pay_teyaku(st)
            self.settle_dekiyaku(st, items)
            if st.ending is None:
                st.ending = "exhausted"
                st.winner = st.sage_order[0] if st.sage_order else max(
                    act, key=lambda s: (sum(items[s].values()), -act.index(s)))
            else:
                st.winner = st.caller
            if len(act) == 3 and self.has_achievements:
                self.achievements(st, pts)
            return
        if len(act) == 3:
            if self.has_specials and self.special(st, pts):
                return  # a special voids teyaku and achievements (paid-at-claim stay)
            if not self.teyaku_at_claim:
                self.pay_teyaku(st)
            self.card_points3(st, pts)
            if self.has_achievements:
                self.achievements(st, pts)
            return
        if not self.teyaku_at_claim:
            self.pay_teyaku(st)
        self.card_points2(st, pts)

    def liable(self, st: State, kind: str, seat: int, key: object) -> int | None:
        return st.liable.get((kind, seat, key)) if st.liable else None

    def settle_dekiyaku(self, st: State, items: dict[int, dict[str, int]]) -> None:
        p = st.caller
        if st.ending == "shoubu":
            opps = [o for o in st.active if o != p]
            redirect = None
            if self.sage_failure in ("void_double", "half_double") and len(opps) == 2:
                in_s = [o for o in opps if st.sagers >> o & 1]
                if len(in_s) == 1:
                    redirect = in_s[0]
            for k, v in items[p].items():
                who = redirect if redirect is not None else self.liable(st, "hatto", p, k)
                self.each(st, p, v, 1, k, who)
            if self.sage_failure in ("half_double", "half"):
                for y in st.sage_order:
                    if y != p:
                        for k, v in items[y].items():
                            self.each(st, y, v, 2, k, self.liable(st, "hatto", y, k))
        elif st.ending == "cancel":
            for k, v in items[p].items():
                self.each(st, p, v, 2, k, self.liable(st, "hatto", p, k))
        else:
            for x in st.active:
                for k, v in items[x].items():
                    self.each(st, x, v, 2, k, self.liable(st, "hatto", x, k))

    # specials -----------------------------------------------------------

    def sohachi_value(self) -> int:
        return 10 * self.K

    def nihachi_value(self, pts: int) -> int:
        if self.nihachi_flat:
            return 10 * self.K
        return (10 + pts - 168) * self.K

    def sujuroku_value(self, ch: int) -> int:
        return (12 + 2 * (ch - 16)) * self.K

    def special(self, st: State, pts: dict[int, int]) -> bool:
        act = st.active
        if all(pts[s] == 88 for s in act):
            self.each(st, st.acting, self.sohachi_value(), 1, "sohachi")
            st.ending, st.winner = "sohachi", st.acting
            return True
        for s in act:
            if pts[s] >= 168:
                self.each(st, s, self.nihachi_value(pts[s]), 1, "nihachi")
                st.ending, st.winner = "nihachi", s
                return True
        for s in act:
            ch = (st.captured[s] & CHAFF_EQUIV).bit_count()
            if ch >= 16:
                self.each(st, s, self.sujuroku_value(ch), 1, "sujuroku")
                st.ending, st.winner = "sujuroku", s
                return True
        return False

    def card_points3(self, st: State, pts: dict[int, int]) -> None:
        act = st.active
        diff = {s: pts[s] - 88 for s in act}
        below = [s for s in act if diff[s] < 0]
        above = [s for s in act if diff[s] > 0]
        if len(below) == 1:
            for a in above:
                st.pay(below[0], a, diff[a] * st.m, "card_points")
        else:
            for a in above:
                for b in below:
                    st.pay(b, a, -diff[b] * st.m, "card_points")
        st.ending = "card_points"
        st.winner = max(act, key=lambda s: (pts[s], -act.index(s)))

    def card_points2(self, st: State, pts: dict[int, int]) -> None:
        a, b = st.active
        pa, pb = pts[a], pts[b]
        st.ending = "card_points"
        if pa == pb:
            st.winner = a
            return
        hi, lo = (a, b) if pa > pb else (b, a)
        d = abs(pa - pb)
        if self.capped and d >= 30:
            d = min(5, d // 10) * self.K
        st.pay(lo, hi, d * st.m, "card_points")
        st.winner = hi

    # achievements ---------------------------------------------------------

    def achievements(self, st: State, pts: dict[int, int]) -> None:
        thr, k = self.ach_threshold, self.K
        self.mizuten_achievement(st, pts)
        if self.hand_swap and st.holder in pts and pts[st.holder] >= thr:
            self.from_table(st, st.holder, k, "dealer_hand")
        for s in st.active:
            claim = st.claims.get(s)
            if claim and claim.b in NUKEYAKU_IDS and pts[s] >= thr:
                self.each(st, s, k, 1, "nukeyaku")
        for s in st.active:
            claim = st.claims.get(s)
            if claim:
                for mo in claim.triplets:
                    mm = MONTH_MASK[mo - 1]
                    if st.captured[s] & mm == mm:
                        self.each(st, s, k, 1, "tobikomi", self.liable(st, "tobikomi", s, mo))

    def mizuten_achievement(self, st: State, pts: dict[int, int]) -> None:
        """The dealer who declared mizuten: 1 kan from every other seat at the table when
        the pile reaches the threshold, else 1 kan to each other active player (§12)."""
        if st.mizuten:
            d = st.dealer
            if pts[d] >= self.ach_threshold:
                self.from_table(st, d, self.K, "mizuten")
            else:
                self.each_to(st, d, self.K, "mizuten")

    # ------------------------------------------------------------------ game end

    def game_over(self, st: State) -> bool:
        if st.rounds_played < self.options["rounds"]:
            return False
        return not (self.rule_options().get("year_extension") and self.carry_list(st.carry))


NINTENDO_TEYAKU = {
    "shiso": 50, "ichinishi": 35, "teshi": 30, "haneken": 30, "karasu": 25, "kuttsuki": 20,
    "pikaichi": 20, "toichi": 20, "tanichi": 20, "aka": 15, "tatesanbon": 15, "sanbon": 10,
}
NINTENDO_DEKIYAKU = {"goko": 75, "shiko": 50, "nanatan": 50, "akatan": 35, "aotan": 35,
                     "inoshikacho": 35}


class HachiHachiNintendo(HachiHachi):
    """The points schedule of the Nintendo leaflet ([S004]); hachihachi.md §17."""

    name = "hachihachi-nintendo"
    title = "Hachi-Hachi (Nintendo points)"
    summary = "88 with the Nintendo leaflet's points: single best teyaku, flat fees, 3 to 6 seats."
    OPTIONS = (
        Option("bdb", bool, True, help="enable Boar-Deer-Butterflies (inoshikacho, 35)"),
        *(replace(o, default={"sage_failure": "half_double", "multiplier_carry": "one_round",
                              "forced_out_comp": "none"}.get(o.name, o.default))
          for o in OPTIONS if o.name in ("sage_failure", "multiplier_carry", "year_extension",
                                         "compulsory_three", "forced_out_comp", "rounds")),
    )
    min_seats, max_seats = 3, 6
    nintendo = True
    has_achievements = False
    teyaku_at_claim = True

    def configure(self) -> None:
        super().configure()
        self.K = 1
        self.best_one = True
        self.mizuten_min_seats = 0
        self.hand_swap = False

    def make_teyaku_values(self) -> dict[str, int]:
        return dict(NINTENDO_TEYAKU)

    def dekiyaku_values(self) -> dict[str, int]:
        vals = dict(NINTENDO_DEKIYAKU)
        if not self.options["bdb"]:
            del vals["inoshikacho"]
        return vals

    def a_id(self, a: str | None, standing: int) -> str | None:
        if a in (TWO_TRIPLETS, TRIPLET):
            return "tatesanbon" if standing else "sanbon"
        return a

    def fee(self, k: int, p: int) -> int:
        return 10

    def sohachi_value(self) -> int:
        return 50

    def nihachi_value(self, pts: int) -> int:
        return 50

    def sujuroku_value(self, ch: int) -> int:
        return {16: 50, 17: 60, 18: 75}.get(ch, 100)
