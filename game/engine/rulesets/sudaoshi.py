"""Ruleset ``sudaoshi`` (docs/rules/sudaoshi.md): three players with seat burdens 100/110/120.

Chaff is worth most; four yaku (two for the last seat only); hands are played out and each
player scores card points + 2 x own yaku - opponents' yaku - burden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cardpoints import settle_against_par
from ..cards import CARD_IDS, KINDS, MONTH_MASK, RIBBONS, WILLOW, mask_of_names, names_of
from ..catalogue import (
    CARD_POINTS_ENTRY,
    FEE_ENTRIES,
    POT_ENTRY,
    Entry,
    card_set,
    teyaku_entries,
)
from ..dropout import BY_ORDER, dropout_fee, half_up
from ..errors import RulesError
from ..ledger import Basis
from ..options import MAX_ROUNDS, Option
from ..payments import from_each_opponent
from ..teyaku import KUTTSUKI, SHISO, Claim, HandRule, TeyakuTable, set_rules, shape
from ..vocab import N_, Ending, Reason
from .base import Ruleset
from .hachihachi import TEYAKU_KAN

if TYPE_CHECKING:
    from ..state import State


SUDA_VALUES = tuple(
    10 if name in ("curtain", "phoenix") else {"bright": 5, "animal": 5, "ribbon": 1,
                                               "chaff": 10}[kind]
    for name, kind in zip(CARD_IDS, KINDS, strict=True))
BOZU_KABURI = mask_of_names("moon", "geese")
BOZU_ZORO = MONTH_MASK[7]
AME_KABURI = mask_of_names("rain_man", "swallow")
AME_ZORO = WILLOW
BURDENS = (100, 110, 120)  # the seat burdens of positions D, R, L (§6)
NASAKE_CARDS = RIBBONS | WILLOW
WILLOW_POSITION = 2  # the Willow yaku (ame) are the last seat's only (§5)
NASAKE_POSITION = 1  # the 1921 nasake teyaku is the next player's only (§3)
# The 1921 set in points, not scaled by yaku_unit (§3)
TEYAKU_1921 = {"shiso": 30, "kuttsuki": 20, "sanbon": 10, "nasake": 10}
NASAKE_NEED = 3  # nasake: at least three ribbons or Willow cards


def id_1921(a: str | None) -> str | None:
    """The 1921 set names a hand by its shape alone: Four-Three, Three Pairs, or Triplet for
    every other shape with a month of three or four cards."""
    if a is None:
        return None
    return {SHISO: "shiso", KUTTSUKI: "kuttsuki"}.get(a, "sanbon")


class Sudaoshi(Ruleset):
    name = "sudaoshi"
    title = N_("Sudaoshi")
    summary = N_("Three players with burdens 100/110/120; chaff is worth most; four yaku.")
    OPTIONS = (
        Option("teyaku", str, "hachihachi", ("hachihachi", "1921", "none"),
               help=N_("hand combinations: Hachi-Hachi's, the 1921 set, or none")),
        Option("yaku_unit", int, 10, (10, 12), help=N_("points per kan for yaku, teyaku and fees")),
        Option("top_yaku", bool, True, help=N_("false: only the two full sets score")),
        Option("field_four", str, "misdeal", ("misdeal", "dealer_takes"),
               help=N_("four of a month on the field: redeal, or the dealer takes them")),
        Option("more_seats", bool, False, help=N_("allow 4 to 6 seats (three play each round)")),
        Option("rounds", int, 12, minimum=1, maximum=MAX_ROUNDS, help=N_("rounds in the game")),
    )
    values = SUDA_VALUES
    min_seats = 3
    active_count = 3
    teyaku_at_claim = True
    comp_mode = "non_dealers"  # §7: the two players besides the acting dealer compensate

    def configure(self) -> None:
        o = self.options
        self.kan = o["yaku_unit"]
        self.max_seats = 6 if o["more_seats"] else 3
        self.field_check = o["field_four"]
        self.mode = o["teyaku"]
        # teyaku=hachihachi: Hachi-Hachi's table (its default values, in this yaku unit)
        self.teyaku_table = (TeyakuTable({k: v * self.kan for k, v in TEYAKU_KAN.items()})
                             if self.mode == "hachihachi" else None)
        self._sets: dict[int, tuple[tuple[str, int, int], ...]] = {}

    # ------------------------------------------------------------------ rules as data

    def teyaku_rules(self) -> tuple[HandRule, ...]:
        """Hachi-Hachi's definitions, or the 1921 set's (the shape's id, nasake's cards)."""
        if self.mode == "hachihachi":
            return self.teyaku_table.rules()
        if self.mode == "none":
            return ()
        sets = set_rules(lambda a, _standing: id_1921(a), lambda _k: True)
        return (*(HandRule(k, shapes=tuple(sets[k])) for k in ("shiso", "kuttsuki", "sanbon")),
                HandRule("nasake", cards=NASAKE_CARDS, need=NASAKE_NEED,
                         positions=(NASAKE_POSITION,)))

    @property
    def teyaku_best_one(self) -> bool:
        return self.teyaku_table is not None and self.teyaku_table.best_one

    def in_kan(self, entry_id: str) -> int | None:
        """Yaku and Hachi-Hachi's teyaku count in kan of ``yaku_unit`` points; the 1921
        set in points (§3)."""
        e = next((e for e in self.entries if e.id == entry_id), None)
        if e is None or e.value is None or e.value % self.kan or (
                self.mode == "1921" and e.id in TEYAKU_1921):
            return None
        return e.value // self.kan

    def fee(self, k: int, p: int) -> int:
        """more_seats: the drop-out fee is 1, 1.5, 2 ... yaku units by order."""
        return dropout_fee(BY_ORDER, self.kan, k, p)

    def par(self, position: int, n_active: int) -> int | None:
        return BURDENS[position]

    def catalogue(self) -> tuple[Entry, ...]:
        entries: list[Entry] = [*FEE_ENTRIES] if self.max_seats > 3 else []
        if self.mode == "hachihachi":
            entries += teyaku_entries(self.teyaku_table.values)
        elif self.mode == "1921":
            entries += [e for e in teyaku_entries(TEYAKU_1921) if e.id != "nasake"]
            entries += teyaku_entries({"nasake": TEYAKU_1921["nasake"]},
                                      positions=(NASAKE_POSITION,))
        u, top = self.kan, self.options["top_yaku"]
        entries.append(card_set("bozu_zoro", BOZU_ZORO, 2 * u))
        if top:
            entries.append(card_set("bozu_kaburi", BOZU_KABURI, u))
        entries.append(card_set("ame_zoro", AME_ZORO, 2 * u, positions=(WILLOW_POSITION,)))
        if top:
            entries.append(card_set("ame_kaburi", AME_KABURI, u, positions=(WILLOW_POSITION,)))
        entries.append(CARD_POINTS_ENTRY)
        if self.max_seats > 3:
            entries.append(POT_ENTRY)
        return tuple(entries)

    # ------------------------------------------------------------------ rules API

    def _seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1, 2):
            raise RulesError(f"sudaoshi seats are positions 0, 1 or 2, not {seat!r}")
        return seat

    def claim(self, hand: int, position: int) -> Claim | None:
        if self.teyaku_table is not None:  # teyaku=hachihachi
            return self.teyaku_table.claim(hand)
        if self.mode == "none":
            return None
        return self._claim_1921(hand, position)

    def _claim_1921(self, hand: int, position: int) -> Claim | None:
        """sudaoshi.md §3, 1921: the shape decides one of shiso/kuttsuki/sanbon; nasake adds."""
        sh = shape(hand)
        items: dict[str, int] = {}
        reveal = 0
        a = id_1921(sh.a)
        if a == "shiso":
            items["shiso"], reveal = TEYAKU_1921["shiso"], hand
        elif a == "kuttsuki":
            items["kuttsuki"], reveal = TEYAKU_1921["kuttsuki"], sh.a_cards
        elif a == "sanbon":
            items["sanbon"] = TEYAKU_1921["sanbon"]
            for i in range(12):
                if (hand & MONTH_MASK[i]).bit_count() >= 3:
                    reveal |= hand & MONTH_MASK[i]
        if position == NASAKE_POSITION and (hand & NASAKE_CARDS).bit_count() >= NASAKE_NEED:
            items["nasake"] = TEYAKU_1921["nasake"]
            reveal |= hand & NASAKE_CARDS
        if not items:
            return None
        return Claim(items, reveal, 0, (), None)

    def yaku_items(self, pile: int, position: int = 0,
                   ctx: object | None = None) -> dict[str, int]:
        """§5: one yaku per category (the full set replaces the top one); the Willow ones
        for the last seat only."""
        out: dict[str, int] = {}
        for k, cards, v in self.yaku_sets(position):
            if pile & cards == cards:
                if k == "bozu_kaburi" and "bozu_zoro" in out:
                    continue
                if k == "ame_kaburi" and "ame_zoro" in out:
                    continue
                out[k] = v
        return out

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        """The catalogue's yaku open to this position, as (id, cards, value); cached, since
        settlement asks for them every round."""
        got = self._sets.get(position)
        if got is None:
            got = self._sets[position] = tuple(
                (e.id, e.cards, e.value) for e in self.entries  # type: ignore[misc]
                if e.is_card_set and e.open_to(position))
        return got

    # ------------------------------------------------------------------ engine hooks

    def pay_compensation(self, st: State) -> None:
        """more_seats: half the teyaku value of a forced-out hand (rounded up), from each
        active non-dealer."""
        for f in st.forced:
            claim = self.claim(st.hands[f], 0)
            amount = half_up(claim.total) if claim else 0
            for p in st.active:
                if p != st.acting:
                    st.pay(p, f, amount, Reason.COMPENSATION,
                           Basis("compensation", claim.total) if claim and st.events_on else None)

    def before_play(self, st: State) -> None:
        """field_four=dealer_takes: the acting dealer captures four of a month on the field."""
        if self.field_check != "dealer_takes":
            return
        for mm in MONTH_MASK:
            if st.field & mm == mm:
                st.field &= ~mm
                st.captured[st.acting] |= mm
                if st.reporting:
                    four = names_of(mm)
                    st.emit("captured", st.acting, card=four[0], cards=four, rule="field_four")

    def settle(self, st: State) -> None:
        """§6: scores, card-point transfers against the burdens, yaku."""
        act = st.active
        c = [self.points(st.captured[s]) for s in act]
        y = [self.yaku_items(st.captured[s], pos) for pos, s in enumerate(act)]
        settle_against_par(st, act, c, BURDENS)
        for i, items in enumerate(y):
            for k, v in items.items():
                from_each_opponent(st, act[i], v, 1, k)
        ysum = [sum(items.values()) for items in y]
        total = sum(ysum)
        score = [c[i] + 3 * ysum[i] - total - BURDENS[i] for i in range(3)]
        best = max(range(3), key=lambda i: (score[i], -i))
        st.ending, st.winner = Ending.CARD_POINTS, act[best]
