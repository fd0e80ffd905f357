"""What a ruleset's yaku do, learnt by asking the engine (issue 47): the rules reference, the
card pages and the Koi-Koi lessons say these facts, so they are found, never restated.

The catalogue says which cards make a yaku and its base amount; how the yaku behave beside
each other is in the ruleset's scoring alone. So each fact here is a question put to the
rules API (``Ruleset.dekiyaku`` on a pile of card ids, a stop settled from a position made by
``State.from_position``): which cards a yaku cannot do without (the Rain Man in Rainy Four
Brights), how much each card more adds (Koi-Koi's counted yaku), which yaku take the place
of others (Five Brights over Four), from what a stop is doubled, whether the viewing sakes
need another yaku or are spoilt by rain. A ruleset whose scoring changes changes these
answers with it. No pygame; results are cached per ruleset and options.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import CARD_IDS, INDEX, KINDS, names_of
from game.engine.rulesets import Ruleset
from game.engine.vocab import Category
from game.i18n import N_, _


@dataclass(frozen=True)
class YakuFacts:
    """One capture yaku as the engine scores it."""

    id: str
    cards: tuple[str, ...]  # the catalogue's cards, in this deck
    need: int  # how many of them it takes
    value: int | None  # the catalogue's amount for `need` cards
    required: tuple[str, ...] = ()  # cards no pile making it can lack (need < len(cards))
    step: int = 0  # what each card more adds (0: a fixed amount)
    step_kind: str = ""  # "" : each more of its own cards; else each other card of this kind
    replaces: tuple[str, ...] = ()  # yaku not paid beside this one when both are made
    left_out: tuple[str, ...] = ()  # cards of its kind that do not count toward it


_CACHE: dict[tuple, object] = {}  # per ruleset and options: the answers never change


def _key(rs: Ruleset) -> tuple[str, tuple]:
    return rs.name, tuple(sorted((k, repr(v)) for k, v in rs.options.items()))


def _score(rs: Ruleset, cards: list[str] | tuple[str, ...]) -> dict[str, int]:
    return rs.dekiyaku(list(dict.fromkeys(cards)))


def _minimal(rs: Ruleset, cards: tuple[str, ...], need: int, yid: str) -> tuple[str, ...] | None:
    """A pile of exactly `need` of the yaku's cards that makes it (tried from each start)."""
    for i in range(len(cards)):
        pile = (cards[i:] + cards[:i])[:need]
        if yid in _score(rs, pile):
            return pile
    return None


def _one_kind(cards: tuple[str, ...]) -> str | None:
    kinds = {KINDS[INDEX[c]] for c in cards}
    return kinds.pop() if len(kinds) == 1 else None


def _facts(rs: Ruleset) -> dict[str, YakuFacts]:
    deck = [CARD_IDS[c] for c in rs.deck_cards]
    entries = [e for e in rs.entries if e.category == Category.DEKIYAKU and e.is_card_set]
    minimal: dict[str, tuple[str, ...] | None] = {}
    base: dict[str, tuple[str, tuple[str, ...], int]] = {}
    for e in entries:
        cards = tuple(names_of(e.cards & rs.deck_mask))
        need = e.need or len(cards)
        base[e.id] = (e.id, cards, need)
        minimal[e.id] = _minimal(rs, cards, need, e.id) if cards else None
    out: dict[str, YakuFacts] = {}
    for e in entries:
        _id, cards, need = base[e.id]
        pile = minimal[e.id]
        required: list[str] = []
        step, step_kind = 0, ""
        kind = _one_kind(cards) if cards else None
        left_out: tuple[str, ...] = ()
        if pile is not None:
            if need < len(cards):
                for c in cards:
                    rest = tuple(x for x in cards if x != c)
                    if len(rest) >= need and _minimal(rs, rest, need, e.id) is None:
                        required.append(c)
            v0 = _score(rs, pile)[e.id]
            extras = [(c, "") for c in cards if c not in pile]
            if kind is not None:
                extras += [(c, kind) for c in deck if c not in cards and KINDS[INDEX[c]] == kind]
            for c, how in extras:
                got = _score(rs, (*pile, c))
                if e.id in got and got[e.id] > v0:
                    step, step_kind = got[e.id] - v0, how
                    break
            if kind is not None and need < len(cards):
                # a card of the yaku's kind it leaves out (Koi-Koi's Rain Man and Three
                # Brights): only where the yaku takes any `need` of its kind
                outside = [c for c in deck if c not in cards and KINDS[INDEX[c]] == kind]
                if len(outside) == 1:
                    left_out = tuple(outside)
        out[e.id] = YakuFacts(e.id, cards, need, e.value, tuple(required), step, step_kind,
                              (), left_out)
    # which yaku take the place of which: both piles together pay the one, not the other,
    # and the one is what stands in its way: of the yaku paid there, the one holding all
    # its cards with the fewest cards (both ribbon sets over one set; not the Ribbons count
    # paid beside them), else the only one sharing a card with it
    for e in entries:
        gone = []
        for other in entries:
            a, b = minimal[e.id], minimal[other.id]
            if other.id == e.id or a is None or b is None:
                continue
            got = [k for k in _score(rs, (*a, *b)) if k in base]
            if e.id not in got or other.id in got:
                continue
            covering = [k for k in got if set(b) <= set(base[k][1])]
            sharing = [k for k in got if set(b) & set(base[k][1])]
            if covering and min(covering, key=lambda k: len(base[k][1])) == e.id or \
                    not covering and sharing == [e.id]:
                gone.append(other.id)
        if gone:
            f = out[e.id]
            out[e.id] = YakuFacts(f.id, f.cards, f.need, f.value, f.required, f.step,
                                  f.step_kind, tuple(gone), f.left_out)
    return out


def yaku_facts(rs: Ruleset) -> dict[str, YakuFacts]:
    """Every capture yaku of the catalogue with what the engine does with it (cached)."""
    key = ("facts", *_key(rs))
    if key not in _CACHE:
        _CACHE[key] = _facts(rs)
    return _CACHE[key]  # type: ignore[return-value]


def left_out_of(rs: Ruleset, card: str) -> tuple[str, ...]:
    """The yaku of `card`'s kind that do not count it (the Rain Man: Three Brights)."""
    return tuple(f.id for f in yaku_facts(rs).values() if card in f.left_out)


def also_counts(rs: Ruleset, card: str) -> tuple[tuple[str, str], ...]:
    """(yaku, kind) of the yaku of another kind that count `card` too (Koi-Koi's sake cup:
    the Chaff yaku, as a chaff)."""
    kind = KINDS[INDEX[card]]
    out = []
    for f in yaku_facts(rs).values():
        if card not in f.cards or len(f.cards) < 4:
            continue
        kinds = [KINDS[INDEX[c]] for c in f.cards]
        main = max(set(kinds), key=kinds.count)
        if main != kind and kinds.count(main) == len(kinds) - 1:
            out.append((f.id, main))
    return tuple(out)


# --- a stop's settlement -----------------------------------------------------------------
def _stop_net(rs: Ruleset, pile: list[str], called: tuple[int, ...] = ()) -> int | None:
    """What seat 0 receives for stopping with `pile` (the engine's settlement of a position
    made for it), or None when no such position can be made."""
    from game.engine import State

    rest = [CARD_IDS[c] for c in rs.deck_cards if CARD_IDS[c] not in pile]
    if len(rest) < 10:
        return None
    try:
        st = State.from_position(rs, 2, dealer=0, hands={0: rest[0:2], 1: rest[2:4]},
                                 field=rest[4:6], pile=rest[6:10], captured={0: pile},
                                 to_move=0, **({"sage_order": list(called)} if called else {}))
        return st.settle_now("shoubu", 0).net[0]
    except ValueError:
        return None


def _doubled_from(rs: Ruleset) -> int | None:
    counted = [f for f in yaku_facts(rs).values() if f.step and not f.step_kind]
    if not counted:
        return None
    f = max(counted, key=lambda f: len(f.cards))  # the longest count reaches the most values
    for n in range(f.need, len(f.cards) + 1):
        pile = list(f.cards[:n])
        value = sum(_score(rs, pile).values())
        net = _stop_net(rs, pile)
        if net is None or not value:
            return None
        if net >= 2 * value:
            return value
    return None


def doubled_from(rs: Ruleset) -> int | None:
    """The yaku points from which a stop is doubled (Koi-Koi: 7), found by settling stops
    of rising value; None when no stop is doubled for its size."""
    if rs.decision_words != "koikoi":
        return None
    key = ("doubled", *_key(rs))
    if key not in _CACHE:
        _CACHE[key] = _doubled_from(rs)
    return _CACHE[key]  # type: ignore[return-value]


# --- the viewing sakes -------------------------------------------------------------------
def needs_company(rs: Ruleset, yid: str) -> bool:
    """The yaku is paid only beside another (Koi-Koi's viewing sakes with viewing_sake=
    with_yaku): its own cards alone score nothing, with another yaku's cards it scores."""
    facts = yaku_facts(rs)
    f = facts.get(yid)
    if f is None or yid in _score(rs, f.cards):
        return False
    for other in facts.values():
        if other.id != yid and not set(other.cards) & set(f.cards):
            if yid in _score(rs, (*f.cards, *other.cards[:other.need])):
                return True
    return False


def spoiled_by(rs: Ruleset, yid: str) -> tuple[str, ...]:
    """Cards whose capture stops the yaku from paying though all its cards are there
    (Koi-Koi's Rain Man and the viewing sakes, as an option)."""
    facts = yaku_facts(rs)
    f = facts.get(yid)
    if f is None:
        return ()
    company = () if not needs_company(rs, yid) else next(
        (o.cards[:o.need] for o in facts.values()
         if o.id != yid and not set(o.cards) & set(f.cards)), ())
    pile = (*f.cards, *company)
    if yid not in _score(rs, pile):
        return ()
    out = []
    for c in (CARD_IDS[i] for i in rs.deck_cards):
        if c in pile:
            continue
        got = _score(rs, (*pile, c))
        if yid not in got and not any(yid in facts[k].replaces for k in got if k in facts):
            out.append(c)
    return tuple(out)




# --- the sentences (the reference's yaku and scoring pages, the Koi-Koi lessons) ----------
def koi_word() -> str:
    """'こいこい Koi-koi' by the term style, as inline() writes the 88 family's words."""
    from game import i18n
    from game.i18n import pgettext
    from game.play.terms import TERMS, style

    kanji, reading, english = TERMS["koikoi"]
    if i18n.is_japanese():
        return kanji
    if style() == "translation":
        return _(english)
    return f"{kanji} {pgettext('reading', reading)}"


KOI_DECIDE = N_(
    "{koikoi} or stop: when a capture makes a new yaku, or makes one worth more, you choose. "
    "Stop ({shoubu}) ends the round now: the other player pays you your yaku. {koikoi} plays "
    "on for more: you may stop at a later turn that makes or improves a yaku again, but if "
    "the other player stops first, your yaku pay nothing.")
KOI_LIMIT = N_("Each player may call {koikoi} once a round; their next yaku ends the round.")
KOI_BONUS = {
    "opponent_called": N_("A stop is doubled when the other player had called {koikoi} this "
                          "round."),
    "per_call": N_("A stop is multiplied by 2, 3 …: one more for each {koikoi} the other "
                   "player called this round."),
    "self_called": N_("A stop is doubled when the player who stops had called {koikoi} this "
                      "round."),
    "any_called": N_("A stop is doubled when either player had called {koikoi} this round."),
}
SEVEN = N_("A stop worth {amount} or more is doubled.")
BOTH_DOUBLINGS = N_("The doublings multiply: both at once pay four times.")
ONLY_STOPPER = N_("Only the player who stops scores; the other player's yaku pay nothing that "
                  "round.")
EXHAUSTED = {
    "nobody": N_("When both hands are played out and nobody stopped, nobody scores."),
    "dealer": N_("When both hands are played out and nobody stopped, the dealer wins the "
                 "round and receives {amount} ({name})."),
}
DEALT = {
    "teshi": N_("{name}: all four cards of one month in the dealt hand."),
    "four_pairs": N_("{name}: the dealt hand is four pairs, two cards of each of four months."),
}
FIELD_FOUR = {
    "dealer_wins": N_("{name}: all four cards of one month dealt to the field. The dealer wins "
                      "the round before the first turn, and the other player pays {amount}."),
    "dealer_takes": N_("All four cards of one month dealt to the field go to the dealer's "
                       "captures, and four cards from the pile take their place."),
}
KOI_DECIDE_NEW = N_(
    "{koikoi} or stop: when a capture makes a new yaku, you choose. Stop ({shoubu}) ends the "
    "round now: the other player pays you your yaku. {koikoi} plays on for more: you may stop "
    "at a later turn that makes another new yaku, but if the other player stops first, your "
    "yaku pay nothing.")
KOI_NEW_ONLY = N_("Only a new yaku gives the choice; a yaku that only becomes worth more does "
                  "not.")
TSUKIFUDA = N_("{name}: all four cards of the round's month (round 1 Pine, round 2 Plum … "
               "round 12 Paulownia) pay {amount}.")
WEATHER = N_("While a Willow card lies on the field, {hanami} is rained off; while a "
             "Paulownia card lies there, {tsukimi} is fogged off. Each counts again once "
             "those cards are captured.")
DEALT_PAYS = N_("A hand dealt like this wins the round before the first turn: the other player "
                "pays {amount}. When both players are dealt one, nobody scores.")


def _mon(value: int) -> str:
    from game.play.numbers import amount

    return _("{amount} mon").format(amount=amount(value)).replace(" ", "\u00a0")


def decide_lines(rs: Ruleset) -> list[str]:
    """Koi-koi or stop, in words, with the call's limit where the engine sets one."""
    from game.play.terms import inline

    koi = koi_word()
    new_only = rs.options.get("koi_trigger") == "new_only"
    lines = [_(KOI_DECIDE_NEW if new_only else KOI_DECIDE).format(koikoi=koi,
                                                                  shoubu=inline("shoubu"))]
    if rs.options.get("koi_limit"):
        lines.append(_(KOI_LIMIT).format(koikoi=koi))
    if new_only:
        lines.append(_(KOI_NEW_ONLY))
    return lines


def month_line(rs: Ruleset) -> str | None:
    """Cards of the Month in words, with the catalogue's amount; None where it is off. Its
    cards are the round's, so the catalogue gives it none: this sentence says which."""
    from game.play.terms import term

    month = next((e for e in rs.entries if e.id == "tsukifuda"), None)
    if month is None or month.value is None:
        return None
    return _(TSUKIFUDA).format(name=term("tsukifuda"), amount=_mon(month.value))


def round_yaku_lines(rs: Ruleset) -> list[str]:
    """Yaku that read the round as well as the captures (Koi-Koi's Cards of the Month, its
    weather): the catalogue's amount, the options' rule."""
    from game.play.terms import term

    lines = []
    month = month_line(rs)
    if month:
        lines.append(month)
    ids = {e.id for e in rs.entries}
    if rs.options.get("field_weather") and {"hanami_zake", "tsukimi_zake"} <= ids:
        lines.append(_(WEATHER).format(hanami=term("hanami_zake"),
                                       tsukimi=term("tsukimi_zake")))
    return lines


def doubling_lines(rs: Ruleset) -> list[str]:
    """How a stop is doubled: from the engine's own settlement (the seven) and the koi-koi
    bonus this game is set to."""
    lines = []
    seven = doubled_from(rs)
    if seven:
        lines.append(_(SEVEN).format(amount=_mon(seven)))
    bonus = KOI_BONUS.get(str(rs.options.get("koi_bonus", "")))
    if bonus:
        lines.append(_(bonus).format(koikoi=koi_word()))
        if seven and rs.options.get("koi_bonus") != "per_call":
            lines.append(_(BOTH_DOUBLINGS))
    return lines


def round_end_lines(rs: Ruleset) -> list[str]:
    """Who scores, and what happens when the hands run out (the dealer's privilege is the
    catalogue's amount)."""
    from game.play.terms import term

    lines = [_(ONLY_STOPPER)]
    how = str(rs.options.get("exhausted", "nobody"))
    oyaken = next((e for e in rs.entries if e.id == "oyaken"), None)
    if how == "dealer" and oyaken is not None and oyaken.value is not None:
        lines.append(_(EXHAUSTED["dealer"]).format(amount=_mon(oyaken.value),
                                                   name=term("oyaken")))
    elif how in EXHAUSTED and how != "dealer":
        lines.append(_(EXHAUSTED[how]))
    return lines


def dealt_hand_lines(rs: Ruleset) -> list[str]:
    """Hands that win as dealt (Koi-Koi's teshi and kuttsuki): teyaku of the catalogue the
    88 family's hand rules do not describe, with their amount."""
    from game.play.terms import term

    described = {r.id for r in rs.teyaku_rules()}
    entries = [e for e in rs.entries if e.category == Category.TEYAKU
               and e.id not in described and e.id in DEALT]
    lines = [_(DEALT[e.id]).format(name=term(e.id)) for e in entries]
    values = {e.value for e in entries}
    if len(values) == 1 and None not in values:
        lines.append(_(DEALT_PAYS).format(amount=_mon(values.pop())))
    return lines + field_four_lines(rs)


def field_four_lines(rs: Ruleset) -> list[str]:
    """Four of a month dealt to the field where it is not simply dealt again (Koi-Koi's
    field_four): the dealer's win at the catalogue's amount, or the dealer's capture."""
    from game.play.terms import term

    how = str(rs.options.get("field_four", ""))
    won = next((e for e in rs.entries if e.id == "field_four"), None)
    if how == "dealer_wins" and won is not None and won.value is not None:
        return [_(FIELD_FOUR[how]).format(name=term("field_four"), amount=_mon(won.value))]
    if how == "dealer_takes" and rs.field_check == "none" and rs.decision_words == "koikoi":
        return [_(FIELD_FOUR[how])]
    return []


__all__ = ["YakuFacts", "also_counts", "dealt_hand_lines", "decide_lines", "doubled_from",
           "doubling_lines", "field_four_lines", "koi_word", "left_out_of", "month_line",
           "needs_company", "round_end_lines", "round_yaku_lines", "spoiled_by", "yaku_facts"]
