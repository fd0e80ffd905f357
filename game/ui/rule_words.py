"""The rules reference's sentences, written from the engine's rules as data (issue 23).

Every shape, count, amount and name below is read from the configured ruleset: its teyaku
definitions (``teyaku_rules``, with the standing months and the Paulownia chaff the engine
decides by), its catalogue amounts (in kan and mon where it counts in kan), its specials,
achievements, drop-out fees and match end. Only the sentence around them is ours, so the
reference cannot state another rule than the one the game plays; the contract test builds
hands and piles from these same data and asks the engine. No pygame here.
"""

from __future__ import annotations

from game.engine.cards import (
    ANIMALS,
    BRIGHTS,
    CARD_IDS,
    KINDS,
    MONTH_MASK,
    PAULOWNIA_CHAFF3,
    RIBBONS,
    STANDING_MONTHS,
    cards_of,
)
from game.engine.catalogue import AchievementRule
from game.engine.rulesets import Ruleset
from game.engine.specials import SpecialRule
from game.engine.teyaku import NO_MORE, HandRule
from game.engine.vocab import Category, PaidAt, Reason
from game.i18n import N_, _, ngettext, pgettext
from game.play import yaku_facts
from game.play.numbers import amount
from game.play.terms import (
    SUDAOSHI_ROLES,
    card_name,
    card_names,
    month_word,
    round_words,
    term,
    value_explained,
)

ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"),
            N_("seventh"))


def positions_words(positions: tuple[int, ...]) -> str:
    """'first or second': the turn-order places that can make a combination."""
    return pgettext("either", " or ").join(_(ORDINALS[p]) for p in positions)


# --- amounts -----------------------------------------------------------------------------
def counts_in_kan(rs: Ruleset) -> bool:
    """The ruleset states some amount in kan (then 1 kan = rs.kan mon is said too)."""
    return any(rs.in_kan(e.id) is not None for e in rs.entries)


def mon_words(rs: Ruleset, mon: int) -> str:
    """'2 kan · 24 mon' where the ruleset counts in kan and the amount is whole kan, else
    '15 mon'; kept on one line inside a sentence (no-break spaces)."""
    if counts_in_kan(rs) and rs.kan > 1 and mon % rs.kan == 0:
        words = _("{kan} kan · {mon} mon").format(kan=amount(mon // rs.kan), mon=amount(mon))
    else:
        words = _("{amount} mon").format(amount=amount(mon))
    return words.replace(" ", NBSP)


NBSP = "\u00a0"


def entry_amount(rs: Ruleset, entry_id: str, value: int | None) -> str:
    """A catalogue amount as the reference shows it: in kan and mon where the engine states
    it in kan (teyaku and yaku alike), else in mon; 'varies' where it depends on the round."""
    if value is None:
        return _("varies")
    kan = rs.in_kan(entry_id)
    if kan is not None:
        return _("{kan} kan · {mon} mon").format(kan=amount(kan), mon=amount(value))
    return _("{amount} mon").format(amount=amount(value))


def kan_line(rs: Ruleset) -> str | None:
    """'1 kan = 12 mon.' where the ruleset counts in kan."""
    if not counts_in_kan(rs):
        return None
    return _("1 kan = {mon} mon.").format(mon=rs.kan)


# --- teyaku ------------------------------------------------------------------------------
STANDING_WORDS = {
    "none": N_("no triplet stands"),
    "some": N_("at least one triplet stands"),
    "one": N_("exactly one of the two triplets stands"),
    "both": N_("both triplets stand"),
}


def standing_key(hist: tuple[int, ...], allowed: frozenset[int] | None) -> str | None:
    """Which of STANDING_WORDS says how many triplets of this shape stand (None: any)."""
    if allowed is None:
        return None
    n = hist.count(3)
    if allowed == frozenset({0}):
        return "none"
    if allowed == frozenset(range(1, n + 1)):
        return "some"
    if n == 2 and allowed == frozenset({1}):
        return "one"
    if n == 2 and allowed == frozenset({2}):
        return "both"
    raise ValueError(f"no words for {allowed} standing triplets of {hist}")


def counts_text(hist: tuple[int, ...]) -> str:
    """'4 + 2 + 1': cards per month, largest first."""
    return " + ".join(str(k) for k in hist)


def shape_lines(rule: HandRule) -> list[str]:
    """'Cards by month: 3 + 2 + 1 + 1 or 3 + 1 + 1 + 1 + 1 — at least one triplet stands.'
    One line per standing condition, the shapes largest first."""
    groups: dict[str | None, list[tuple[int, ...]]] = {}
    for hist, allowed in rule.shapes:
        groups.setdefault(standing_key(hist, allowed), []).append(hist)
    out = []
    for key, hists in groups.items():
        counts = pgettext("either", " or ").join(counts_text(h)
                                                  for h in sorted(hists, reverse=True))
        if key is None:
            out.append(_("Cards by month: {counts}.").format(counts=counts))
        else:
            out.append(_("Cards by month: {counts} — {condition}.").format(
                counts=counts, condition=_(STANDING_WORDS[key])))
    return out


KIND_COUNT = (  # (exactly n, n or more) per kind: brights, animals, ribbons
    (lambda n: ngettext("{n} Bright", "{n} Brights", n),
     lambda n: ngettext("{n} or more Bright", "{n} or more Brights", n)),
    (lambda n: ngettext("{n} Animal", "{n} Animals", n),
     lambda n: ngettext("{n} or more Animal", "{n} or more Animals", n)),
    (lambda n: ngettext("{n} Ribbon", "{n} Ribbons", n),
     lambda n: ngettext("{n} or more Ribbon", "{n} or more Ribbons", n)),
)


def kinds_line(rule: HandRule) -> str:
    """'1 Bright; every other card chaff (Willow cards count as chaff).'"""
    parts = []
    for (least, most), (exact, more) in zip(rule.kinds, KIND_COUNT, strict=True):
        if least == most == 0:
            continue
        if least == most:
            parts.append(exact(least).format(n=least))
        elif most >= NO_MORE:
            parts.append(more(least).format(n=least))
        else:
            raise ValueError(f"no words for {least}..{most} of a kind")
    if not parts:
        return _("Seven chaff cards (Willow cards count as chaff).")
    return _("{cards}; every other card chaff (Willow cards count as chaff).").format(
        cards=listing(parts))


KIND_PLURAL = {"bright": N_("Brights"), "animal": N_("Animals"), "ribbon": N_("Ribbons"),
               "chaff": N_("Chaff")}
KIND_ONE = {"bright": N_("Bright"), "animal": N_("Animal"), "ribbon": N_("Ribbon"),
            "chaff": N_("Chaff")}


def cards_words(mask: int, deck: int) -> str:
    """A set of cards in words: whole kinds ('Ribbons'), whole months ('the Willow cards'),
    then single card names."""
    mask &= deck
    parts, left = [], mask
    for kind, kmask in (("bright", BRIGHTS), ("animal", ANIMALS), ("ribbon", RIBBONS)):
        if kmask & deck and kmask & deck & ~mask == 0:
            parts.append(_(KIND_PLURAL[kind]))
            left &= ~kmask
    for m, mm in enumerate(MONTH_MASK):
        if mm & deck and mm & deck & ~mask == 0 and left & mm:
            parts.append(_("the {month} cards").format(month=month_word(m + 1)))
            left &= ~mm
    parts += [card_name(CARD_IDS[c]) for c in cards_of(left)]
    return listing(parts)


def teyaku_lines(rs: Ruleset, rule: HandRule) -> list[str]:
    """What makes one teyaku, in words from its definition."""
    if rule.shapes:
        lines = shape_lines(rule)
    elif rule.kinds:
        lines = [kinds_line(rule)]
    else:
        lines = [_("At least {n} of: {cards}.").format(n=rule.need,
                                                       cards=cards_words(rule.cards,
                                                                         rs.deck_mask))]
    if rule.positions is not None:
        lines.append(_("Only the {places} player in turn order.").format(
            places=positions_words(rule.positions)))
    return lines


def standing_line(rs: Ruleset) -> str | None:
    """What a standing triplet is, from the months and cards the engine decides by (None
    when no teyaku of this ruleset asks)."""
    if not any(allowed is not None for r in rs.teyaku_rules() for _h, allowed in r.shapes):
        return None
    months = [m for m in STANDING_MONTHS if rs.deck_mask & MONTH_MASK[m - 1]]
    paulownia = MONTH_MASK[11] & rs.deck_mask
    words = either_list([month_word(m) for m in months])
    if PAULOWNIA_CHAFF3 & rs.deck_mask == PAULOWNIA_CHAFF3:
        other = paulownia & ~PAULOWNIA_CHAFF3
        return _("A triplet stands when it is any three cards of {months}, or the three chaff "
                 "of {month} ({cards}; not with {other}).").format(
            months=words, month=month_word(12),
            cards=listing(card_names([CARD_IDS[c] for c in cards_of(PAULOWNIA_CHAFF3)])),
            other=listing([card_name(CARD_IDS[c]) for c in cards_of(other)]))
    return _("A triplet stands when it is any three cards of {months}.").format(months=words)


def teyaku_head(rs: Ruleset) -> list[str]:
    """The teyaku page's opening lines: how to read a shape, standing triplets, how two
    teyaku combine, when they are paid."""
    lines = [_("Teyaku are shapes of the seven dealt cards, claimed before the first turn; "
               "“4 + 2 + 1” means four cards of one month, two of another, one of a third.")]
    standing = standing_line(rs)
    if standing:
        lines.append(standing)
    rules = rs.teyaku_rules()
    if any(r.shapes for r in rules) and any(r.kinds for r in rules):
        lines.append(value_explained("teyaku_combine",
                                     "best_one" if rs.teyaku_best_one else "a_plus_b"))
    if rs.teyaku_paid_at == PaidAt.CLAIM:
        lines.append(_("Each opponent pays the amount shown as soon as the teyaku is claimed."))
    elif Category.TEYAKU in rs.special_voids():
        lines.append(_("Each opponent pays the amount shown at the round's end, unless a "
                       "round-end special cancels it."))
    else:
        lines.append(_("Each opponent pays the amount shown at the round's end."))
    return lines


# --- dekiyaku ----------------------------------------------------------------------------
def yaku_note(need: int, size: int, positions: tuple[int, ...] | None) -> str:
    """'Any 7 of these' / 'All of these', and who may make it."""
    words = (_("All of these cards in your captures.") if need >= size else
             _("Any {n} of these cards in your captures.").format(n=need))
    if positions is not None:
        words += " " + _("Only the {places} player in turn order.").format(
            places=positions_words(positions))
    return words


def decide_lines(rs: Ruleset) -> list[str]:
    """What happens when a capture makes a yaku: sage and shoubu, koi-koi or stop, a forced
    stop, or nothing until the round's end (from the ruleset's ``decision`` and the words
    the table names it by, ``decision_words``)."""
    decision = rs.decision
    if decision == "sage" and rs.decision_words == "koikoi":
        return yaku_facts.decide_lines(rs)
    if decision == "sage":
        return [*round_words("decide"), value_explained("sage_failure", rs.sage_failure)]
    if decision == "stop":
        return round_words("stop")
    return [_("Yaku count only when the hands are played out; nobody stops a round early.")]


def yaku_lines(rs: Ruleset, f: yaku_facts.YakuFacts,
               positions: tuple[int, ...] | None = None) -> list[str]:
    """What makes one capture yaku and what it does beside the others, as the engine scores
    it (game.play.yaku_facts): the card it cannot do without, what each card more adds,
    the yaku it is paid in place of, a card of its kind it leaves out, another yaku it needs
    beside it, a card that spoils it. Empty when there is nothing beyond "all of these"
    or "any n of these" (then ``yaku_note`` says that)."""
    lines: list[str] = []
    if f.required and f.need < len(f.cards):
        words = _("{cards} and any {n} of the other cards in your captures.").format(
            cards=listing([card_name(c) for c in f.required]), n=f.need - len(f.required))
        if positions is not None:
            words += " " + _("Only the {places} player in turn order.").format(
                places=positions_words(positions))
        lines.append(words)
    if f.step and f.step_kind:
        lines.append(_("Each other {kind} card in your captures adds {amount}.").format(
            kind=_(KIND_ONE[f.step_kind]), amount=mon_words(rs, f.step)))
    elif f.step:
        lines.append(_("Each card of these beyond {n} adds {amount}.").format(
            n=f.need, amount=mon_words(rs, f.step)))
    if f.replaces:
        lines.append(_("Paid in place of {names}.").format(
            names=listing([term(y) for y in f.replaces])))
    if f.left_out:
        lines.append(_("{cards} does not count toward it.").format(
            cards=listing([card_name(c) for c in f.left_out])))
    if yaku_facts.needs_company(rs, f.id):
        lines.append(_("Paid only beside another yaku."))
    spoilers = yaku_facts.spoiled_by(rs, f.id)
    if spoilers:
        lines.append(_("Not paid while {cards} is in your captures.").format(
            cards=either_list([card_name(c) for c in spoilers])))
    if not lines:
        return []
    if f.required and f.need < len(f.cards):  # its first line says which cards
        return lines
    return [yaku_note(f.need, len(f.cards), positions), *lines]


def replace_lines(rs: Ruleset) -> list[str]:
    """Yaku that are not paid together (only the better one is), where the engine scores so:
    one line for the page's head, the cells say each one's own."""
    if not any(f.replaces for f in yaku_facts.yaku_facts(rs).values()):
        return []
    return [_("Where one yaku is paid in place of others, only it is paid, even when the "
              "cards make both.")]


GLOSSARY_NEEDS = {  # a glossary word shown only where the game has what it names
    "sage": lambda rs: rs.decision == "sage" and rs.decision_words == "sage",
    "torikeshi": lambda rs: rs.decision == "sage" and rs.decision_words == "sage",
    "mizuten": lambda rs: bool(rs.mizuten_min_seats),
    "ooba": lambda rs: rs.carry_rule is not None,
    "zeppa": lambda rs: rs.carry_rule is not None and bool(rs.carry_rule.grand),
    "kan": counts_in_kan,
    "teyaku": lambda rs: any(e.category == Category.TEYAKU for e in rs.entries),
    "dekiyaku": lambda rs: any(e.category == Category.DEKIYAKU for e in rs.entries),
}


def glossary_applies(rs: Ruleset, key: str) -> bool:
    """Whether the glossary's word `key` names something this game has (Koi-Koi has no
    sage, no kan, no field multiplier ...); the other words always apply."""
    need = GLOSSARY_NEEDS.get(key)
    return need is None or bool(need(rs))


def listing(items: list[str]) -> str:
    """'a, b, c' with the language's list separator (Japanese: 、)."""
    return pgettext("list", ", ").join(items)


def either_list(items: list[str]) -> str:
    """'Wisteria, Iris or Bush clover'."""
    either = pgettext("either", " or ")
    if len(items) <= 2:
        return either.join(items)
    return either.join([listing(items[:-1]), items[-1]])


# --- before play -------------------------------------------------------------------------
def kan_count(value: int, kan: int) -> str:
    """A number of kan, with a decimal where it is a half ('1.5')."""
    whole, rest = divmod(value * 10 // kan, 10)
    return str(whole) if not rest else _("{whole}.{tenth}").format(whole=whole, tenth=rest)


def fee_words(rs: Ruleset, fees: tuple[int, ...]) -> str:
    """'1, 1.5, 2, 2.5 kan (12, 18, 24, 30 mon)' where the ruleset counts in kan and every
    fee is a whole number of tenths of a kan; else '10 mon'."""
    mons = listing([amount(f) for f in fees])
    if counts_in_kan(rs) and rs.kan > 1 and all(f * 10 % rs.kan == 0 for f in fees):
        return _("{kan} kan ({mon} mon)").format(
            kan=listing([kan_count(f, rs.kan) for f in fees]), mon=mons)
    return _("{amount} mon").format(amount=mons)

def before_lines(rs: Ruleset) -> list[str]:
    """Hands that win as dealt (Koi-Koi), mizuten, the hand swap and the drop-out phase,
    where this ruleset has them."""
    lines = yaku_facts.dealt_hand_lines(rs)
    if rs.mizuten_min_seats:
        lines.append(_("{mizuten}: with {n} or more seats at the table, the dealer may declare "
                       "it before anyone looks at a hand, and must then play the round without "
                       "looking at their own hand.").format(
            mizuten=term("mizuten"), n=rs.mizuten_min_seats))
    if rs.hand_swap:
        lines.append(_("Hand swap: before the drop-out, each seat in turn may take the dealer's "
                       "hand, unseen, in exchange for its own."))
    n = rs.active_count
    if rs.max_seats > n:
        lines.append(_("With more than {n} seats at the table, each seat in turn from the "
                       "dealer joins the round or drops out; once {n} have joined, the seats "
                       "not yet asked are forced out.").format(n=n))
        if rs.compulsory:
            lines.append(_("Once all but {n} seats have dropped, the rest must play.").format(
                n=n))
        mode, fees = rs.fee_schedule()
        money = fee_words(rs, fees)
        if mode == "by_order":
            lines.append(_("A seat that drops pays a drop-out fee into the pot, times the field "
                           "multiplier: {fees} for the first, second … seat to drop.").format(
                fees=money))
        elif mode == "by_seat":
            lines.append(_("A seat that drops pays a drop-out fee into the pot, times the field "
                           "multiplier, by its seat from the dealer on: {fees}.").format(
                fees=money))
        elif mode == "flat":
            lines.append(_("A seat that drops pays a drop-out fee of {fee} into the pot, times "
                           "the field multiplier.").format(fee=money))
        else:
            lines.append(_("Dropping out is free."))
        lines.append(value_explained("forced_out_comp", rs.comp_mode))
        if mode != "none":
            lines.append(_("The round's winner takes the pot."))
    return lines


# --- scoring -----------------------------------------------------------------------------
SPECIAL_WORDS = {
    Reason.SOHACHI: N_("{name}: every player ends the round with exactly {n} card points; the "
                       "dealer receives from each opponent {amount}."),
    Reason.NIHACHI: N_("{name}: a player ends the round with {n} card points or more and "
                       "receives from each opponent {amount}."),
    Reason.SUJUROKU: N_("{name}: a player ends the round with {n} or more chaff cards (Willow "
                        "cards count as chaff) and receives from each opponent {amount}."),
}


def special_amount(rs: Ruleset, rule: SpecialRule) -> str:
    """'10 kan · 120 mon, plus 1 kan · 12 mon for each card point above 168', or a table
    '50 mon (16), 60 mon (17), 75 mon (18), 100 mon (19 or more)'."""
    if len(rule.amounts) > 1:
        last = len(rule.amounts) - 1
        return listing([
            (_("{amount} ({n} or more)") if i == last and not rule.step else
             _("{amount} ({n})")).format(amount=mon_words(rs, v), n=n)
            for i, (n, v) in enumerate(rule.amounts)])
    first, value = rule.amounts[0]
    words = mon_words(rs, value)
    if rule.step:
        text = (_("{amount}, plus {step} for each chaff card above {n}")
                if rule.id == Reason.SUJUROKU else
                _("{amount}, plus {step} for each card point above {n}"))
        words = text.format(amount=words, step=mon_words(rs, rule.step), n=first)
    return words


def special_lines(rs: Ruleset) -> list[str]:
    rules = rs.special_rules()
    if not rules:
        return []
    lines = [_("Round-end specials: when the hands are played out and nobody made a "
               "dekiyaku, the first of these that applies settles the round in place of card "
               "points.")]
    for r in rules:
        lines.append(_(SPECIAL_WORDS[r.id]).format(name=term(r.id), n=r.threshold,
                                                   amount=special_amount(rs, r)))
    voids = rs.special_voids()
    if Category.TEYAKU in voids and Category.ACHIEVEMENT in voids:
        lines.append(_("A special cancels the round's teyaku and achievements."))
    elif Category.TEYAKU in voids:
        lines.append(_("A special cancels the round's teyaku."))
    elif Category.ACHIEVEMENT in voids:
        lines.append(_("A special cancels the round's achievements."))
    return lines


ACHIEVEMENT_WORDS = {
    Reason.MIZUTEN: N_("{name}: the dealer who declared it receives {amount} from every other "
                       "seat with {points} card points or more; below that, the dealer pays "
                       "{amount} to each other player."),
    Reason.DEALER_HAND: N_("{name}: whoever holds the dealer's hand after the swaps receives "
                           "{amount} from every other seat with {points} card points or more."),
    Reason.NUKEYAKU: N_("{name}: a player who claimed {teyaku} and still ends with {points} "
                        "card points or more receives {amount} from each opponent."),
    Reason.TOBIKOMI: N_("{name}: a player who claimed {teyaku} and captures all four cards of "
                        "a claimed triplet's month receives {amount} from each opponent, for "
                        "each such month."),
}
TOBIKOMI_ONCE = N_("{name}: a player who claimed {teyaku} and captures all four cards of a "
                   "claimed triplet's month receives {amount} from each opponent, once a "
                   "round.")


def achievement_line(rs: Ruleset, rule: AchievementRule) -> str:
    words = TOBIKOMI_ONCE if rule.id == Reason.TOBIKOMI and rule.once else \
        ACHIEVEMENT_WORDS.get(rule.id, N_("{name}: {amount}."))
    teyaku = either_list([term(k) for k in rule.teyaku])
    return _(words).format(name=term(rule.id), amount=mon_words(rs, rule.value),
                           points=rule.points, teyaku=teyaku)


def achievement_lines(rs: Ruleset) -> list[str]:
    rules = rs.achievement_rules()
    if not rules:
        return []
    return [_("Achievements: bonuses for a goal set before play, paid after the round's other "
              "payments.")] + [achievement_line(rs, r) for r in rules]


def card_point_lines(rs: Ruleset) -> list[str]:
    """How card points are paid: against a par (88), against the seats' burdens
    (Sudaoshi), or as the difference between two players."""
    total = rs.points(rs.deck_mask)
    lines = [_("The deck holds {total} card points.").format(total=total)]
    n = rs.active_count
    pars = [rs.par(p, n) for p in range(n)]
    if all(p is not None for p in pars) and len(set(pars)) == 1:
        lines.append(_("Par: each of the {n} players needs {par} card points to break even; "
                       "the difference from par is paid in mon.").format(n=n, par=pars[0]))
    elif all(p is not None for p in pars):
        roles = [_(SUDAOSHI_ROLES[p]) if rs.name == "sudaoshi" and p < len(SUDAOSHI_ROLES)
                 else _("seat {n}").format(n=p + 1) for p in range(n)]
        lines.append(_("Each position carries a burden it must reach: {burdens}.").format(
            burdens=listing([f"{r} {b}" for r, b in zip(roles, pars, strict=True)])))
    else:
        lines.append(_("There is no par: the lower card total pays the difference to the "
                       "higher, in mon."))
    return lines


def hachi_lines(rs: Ruleset) -> list[str]:
    """Hachi's round score, its decisive win and agari, and how its match ends."""
    margin = rs.decisive_margin
    if margin is None:
        return []
    lines = [_("A player's round score is their card points plus the points of their yaku; "
               "each yaku is paid by the opponent, and the higher score wins the round."),
             _("A round won by {margin} points or more is a decisive win.").format(
                 margin=margin),
             ngettext("{n} decisive win in a row by the same player makes an agari.",
                      "{n} decisive wins in a row by the same player make an agari.",
                      rs.agari_wins).format(n=rs.agari_wins)]
    end, n = rs.match_goal
    if end == "agari":
        lines.append(ngettext("The match ends when a player has {n} agari.",
                              "The match ends when a player has {n} agari.", n).format(n=n))
    elif end == "rounds":
        lines.append(ngettext("The match ends after {n} round.", "The match ends after {n} "
                              "rounds.", n).format(n=n))
    else:
        lines.append(_("The match ends when a player's total reaches {n} points.").format(n=n))
    return lines


def kind_names() -> dict[str, str]:
    """The card kinds' plural names, translated (the cards page's legend)."""
    return {k: _(v) for k, v in KIND_PLURAL.items()}


__all__ = ["KINDS", "achievement_lines", "before_lines", "card_point_lines", "decide_lines",
           "entry_amount", "hachi_lines", "kan_line", "special_lines", "teyaku_head",
           "teyaku_lines", "yaku_note"]
