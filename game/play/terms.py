"""Readable names for the engine's ids (TABLE.md §0.7: every term with its translation).

Only words live here, never rules: amounts, legality and yaku membership come from the engine.
"""

from __future__ import annotations

import re

from game import i18n
from game.engine.cards import CARD_IDS, INDEX, KINDS
from game.engine.vocab import CaptureRule, Category, Ending, PaidAt
from game.i18n import N_, _, ngettext, pgettext

STYLES = ("both", "translation", "japanese")  # settings.term_style (TABLE.md §2)
_style = "both"


def set_style(style: str) -> None:
    """The player's term style; App.apply_settings sets it, so this module needs no app."""
    global _style
    _style = style if style in STYLES else "both"


def style() -> str:
    return _style


class M:
    """Marks a reading for the catalog under the context "reading" without translating it
    yet (the extractor reads any call named pgettext); term() translates it when shown."""

    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message


_JAPANESE_WORD = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+ ?")


def plain(template: str, style: str | None = None) -> str:
    """A message that writes a Japanese word beside its reading or translation ("下げ Sage!",
    "大場 ×2 Large field"), by the term style: as it is, but with "Translation only" outside
    the Japanese UI the Japanese script goes (issue 23). Apply it to a message, never to
    text with names in it: a player's name may be written in Japanese."""
    st = style or _style
    if st != "translation" or i18n.is_japanese():
        return template
    return _JAPANESE_WORD.sub("", template).strip() or template


# Plate badges: the word by the term style ("親", or "Dealer" with "Translation only")
BADGES: dict[str, tuple[str, str]] = {"oya": ("親", N_("Dealer")),
                                      "sage": ("下げ", N_("Plays on"))}


def badge(key: str, style: str | None = None) -> str:
    kanji, words = BADGES[key]
    st = style or _style
    return _(words) if st == "translation" and not i18n.is_japanese() else kanji


def styled(kanji: str, reading: str, english: str, style: str | None = None) -> str:
    """A Japanese term written by the term style: both "青短 Aotan · Blue Ribbons" (the
    Japanese UI "青短 あおたん"), translation "Blue Ribbons" (Japanese UI: the kanji),
    japanese "青短 Aotan". Without kanji, just the translation."""
    if not kanji:
        return _(english)
    st = style or _style
    ja = i18n.is_japanese()
    said = pgettext("reading", reading) if reading else ""
    jp = f"{kanji} {said}" if said else kanji
    if st == "translation":
        return kanji if ja else _(english)
    if st == "japanese" or ja:
        return jp
    return f"{jp} · {_(english)}"

# reason / teyaku / dekiyaku id -> (kanji, romaji reading, English translation); term()
# writes them by the player's term style and language. Readings are marked for the catalog
# with the context "reading" (the Japanese catalog gives the kana); "" = none shown.
TERMS: dict[str, tuple[str, str, str]] = {
    "shiso": ("四三", M.pgettext("reading", "Shisō"), N_("Four-Three")),
    "ichinishi": ("一二四", M.pgettext("reading", "Ichinishi"), N_("One-Two-Four")),
    "futatatesanbon": ("二立三本", M.pgettext("reading", "Futatatesanbon"),
                       N_("Two Standing Triplets")),
    "sanbon_tatesanbon": ("三本立三本", M.pgettext("reading", "Sanbon-tatesanbon"),
                          N_("Triplet and Standing Triplet")),
    "haneken": ("跳剣", M.pgettext("reading", "Haneken"), N_("Triplet and Two Pairs")),
    "futasanbon": ("二三本", M.pgettext("reading", "Futasanbon"), N_("Two Triplets")),
    "teshi": ("手四", M.pgettext("reading", "Teshi"), N_("Four of a Kind")),
    "kuttsuki": ("喰付", M.pgettext("reading", "Kuttsuki"), N_("Three Pairs")),
    "tatesanbon": ("立三本", M.pgettext("reading", "Tatesanbon"), N_("Standing Triplet")),
    "sanbon": ("三本", M.pgettext("reading", "Sanbon"), N_("Triplet")),
    "karasu": ("空素", M.pgettext("reading", "Karasu"), N_("Empty Hand")),
    "pikaichi": ("光一", M.pgettext("reading", "Pikaichi"), N_("One Bright")),
    "toichi": ("十一", M.pgettext("reading", "Toichi"), N_("One Animal")),
    "tanichi": ("短一", M.pgettext("reading", "Tanichi"), N_("One Ribbon")),
    "aka": ("赤", M.pgettext("reading", "Aka"), N_("Red")),
    "goko": ("五光", M.pgettext("reading", "Gokō"), N_("Five Brights")),
    "shiko": ("四光", M.pgettext("reading", "Shikō"), N_("Four Brights")),
    "nanatan": ("七短", M.pgettext("reading", "Nanatan"), N_("Seven Ribbons")),
    "akatan": ("赤短", M.pgettext("reading", "Akatan"), N_("Poetry Ribbons")),
    "aotan": ("青短", M.pgettext("reading", "Aotan"), N_("Blue Ribbons")),
    "inoshikacho": ("猪鹿蝶", M.pgettext("reading", "Inoshikachō"), N_("Boar-Deer-Butterflies")),
    "bozu_kaburi": ("坊主被り", M.pgettext("reading", "Bōzu-kaburi"), N_("Moon and Geese")),
    "bozu_zoro": ("坊主揃い", M.pgettext("reading", "Bōzu-zoroi"), N_("All Susuki")),
    "ame_kaburi": ("雨被り", M.pgettext("reading", "Ame-kaburi"), N_("Rain Man and Swallow")),
    "ame_zoro": ("雨揃い", M.pgettext("reading", "Ame-zoroi"), N_("All Willow")),
    "nasake": ("情け", M.pgettext("reading", "Nasake"), N_("Mercy (ribbons and Willow)")),
    "kirishima": ("霧島", M.pgettext("reading", "Kirishima"), N_("Mist Island")),
    "kirishima_tan": ("短の霧島", M.pgettext("reading", "Tan no Kirishima"),
                      N_("Mist Island Ribbons")),
    "goroju": ("御老中", M.pgettext("reading", "Gorōjū"), N_("Elder")),
    "goroju_tan": ("御老中 短", M.pgettext("reading", "Gorōjū tan"), N_("Elder Ribbons")),
    "goshiroku": ("五四六", M.pgettext("reading", "Goshiroku"), N_("Five Four Six")),
    "goshiroku_tan": ("五四六 短", M.pgettext("reading", "Goshiroku tan"),
                      N_("Five Four Six Ribbons")),
    "shichigosan": ("七五三", M.pgettext("reading", "Shichigosan"), N_("Seven Five Three")),
    "shichigosan_tan": ("七五三 短", M.pgettext("reading", "Shichigosan tan"),
                        N_("Seven Five Three Ribbons")),
    "kumanosan": ("熊野サン", M.pgettext("reading", "Kumano-san"), N_("Kumano Shrines")),
    "kumanosan_tan": ("熊野サン 短", M.pgettext("reading", "Kumano-san tan"), N_("Kumano Ribbons")),
    "yashima": ("八島", M.pgettext("reading", "Yashima"), N_("Eight Islands")),
    "yashima_tan": ("八島 短", M.pgettext("reading", "Yashima tan"), N_("Eight Islands' Ribbons")),
    "nakazo": ("仲蔵", M.pgettext("reading", "Nakazō"), N_("Nakazō")),
    "nakazo_tan": ("仲蔵 短", M.pgettext("reading", "Nakazō tan"), N_("Nakazō Ribbons")),
    "ichinisan": ("一二三", M.pgettext("reading", "Ichinisan"), N_("One Two Three")),
    "ichinisan_tan": ("一二三 短", M.pgettext("reading", "Ichinisan tan"),
                      N_("One Two Three Ribbons")),
    "den": ("デン", M.pgettext("reading", "Den"), N_("Den")),
    "den_tan": ("デン 短", M.pgettext("reading", "Den tan"), N_("Den Ribbons")),
    "sangoro": ("三五六", M.pgettext("reading", "Sangoroku"), N_("Three Five Six")),
    "sangoro_tan": ("三五六 短", M.pgettext("reading", "Sangoroku tan"),
                    N_("Three Five Six Ribbons")),
    "jushichihachi": ("十七八", M.pgettext("reading", "Jūshichihachi"), N_("Ten Seven Eight")),
    "sohachi": ("総八", M.pgettext("reading", "Sōhachi"), N_("All Eights")),
    "nihachi": ("二八", M.pgettext("reading", "Nihachi"), N_("Double Eights")),
    "sujuroku": ("素十六", M.pgettext("reading", "Sujūroku"), N_("Sixteen Chaff")),
    "mizuten": ("不見転", M.pgettext("reading", "Mizuten"), N_("Played blind")),
    "dealer_hand": ("親手", M.pgettext("reading", "Oyate"), N_("Dealer's hand")),
    "nukeyaku": ("抜け役", M.pgettext("reading", "Nukeyaku"), N_("Escape")),
    "tobikomi": ("飛び込み", M.pgettext("reading", "Tobikomi"), N_("Diving")),
    # Koi-Koi (docs/rules/koikoi.md §4; goko, shiko, akatan, aotan and inoshikacho above)
    "ame_shiko": ("雨四光", M.pgettext("reading", "Ame-shikō"), N_("Rainy Four Brights")),
    "sanko": ("三光", M.pgettext("reading", "Sankō"), N_("Three Brights")),
    "akatan_aotan": ("赤短青短", M.pgettext("reading", "Akatan-Aotan"),
                     N_("Poetry and Blue Ribbons")),
    "tane": ("タネ", M.pgettext("reading", "Tane"), N_("Animals")),
    "tan": ("タン", M.pgettext("reading", "Tan"), N_("Ribbons")),
    "kasu": ("カス", M.pgettext("reading", "Kasu"), N_("Chaff")),
    "hanami_zake": ("花見酒", M.pgettext("reading", "Hanami-zake"),
                    N_("Flower-Viewing Sake")),
    "tsukimi_zake": ("月見酒", M.pgettext("reading", "Tsukimi-zake"), N_("Moon-Viewing Sake")),
    "oyaken": ("親権", M.pgettext("reading", "Oya-ken"), N_("Dealer's privilege")),
    "tsukifuda": ("月札", M.pgettext("reading", "Tsukifuda"), N_("Cards of the Month")),
    "field_four": ("場札四枚", M.pgettext("reading", "Bafuda yonmai"),
                   N_("Four of a Month on the Field")),
    "four_pairs": ("喰付", M.pgettext("reading", "Kuttsuki"), N_("Four Pairs")),
    "koikoi": ("こいこい", M.pgettext("reading", "Koi-koi"), N_("Koi-Koi")),
    "card_points": ("", "", N_("Card points")),
    "dropout_fee": ("", "", N_("Drop-out fee")),
    "compensation": ("", "", N_("Compensation for being forced out")),
    "pot": ("", "", N_("The pot")),
    "hatto": ("", "", N_("Liability (hatto)")),
}

# ledger sections in settlement order (TABLE.md §5.8), keyed by the engine's categories
SECTIONS: dict[Category, str] = {
    Category.FEE: N_("Drop-out fees and compensation"),
    Category.TEYAKU: N_("Teyaku (hand combinations)"),
    Category.DEKIYAKU: N_("Yaku (capture combinations)"),
    Category.CARD_POINTS: N_("Card points"),
    Category.SPECIAL: N_("Round-end specials"),
    Category.ACHIEVEMENT: N_("Achievements"),
    Category.POT: N_("Pot"),
}
SECTION_ORDER = tuple(SECTIONS.values())  # English ids; section_of() and sections() show them


# Headings that name a category with its Japanese term: (kanji, reading, translation),
# written by the term style like any term ("手役 Teyaku · Hand combinations")
CATEGORY_TERMS: dict[Category, tuple[str, str, str]] = {
    Category.TEYAKU: ("手役", M.pgettext("reading", "Teyaku"), N_("Hand combinations")),
    Category.DEKIYAKU: ("出来役", M.pgettext("reading", "Dekiyaku"),
                        N_("Capture combinations")),
}


def category_term(category: Category, style: str | None = None) -> str:
    """A heading for teyaku or dekiyaku by the term style: "手役 Teyaku · Hand combinations",
    "Hand combinations" (translation only), "手役 Teyaku" (Japanese only), "手役 てやく"
    (Japanese UI)."""
    return styled(*CATEGORY_TERMS[category], style=style)


def category_short(category: Category, style: str | None = None) -> str:
    """The same, shorter where the room is short: the Japanese term with its reading, or
    only the translation with "Translation only"."""
    kanji, reading, english = CATEGORY_TERMS[category]
    st = style or _style
    if st == "translation" and not i18n.is_japanese():
        return _(english)
    return styled(kanji, reading, english, "japanese")


def section_of(category: Category) -> str:
    """The ledger section of a payment, from the category the engine gives its reason."""
    return _(SECTIONS[category])


def sections() -> tuple[str, ...]:
    """The ledger's section headings in settlement order, in the player's language."""
    return tuple(_(s) for s in SECTION_ORDER)


def term(key: str, style: str | None = None) -> str:
    """'三本 Sanbon · Triplet' for an id, by the term style; unknown ids are shown tidied,
    never hidden."""
    t = TERMS.get(key)
    if t is None:
        return key.replace("_", " ").capitalize()
    return styled(*t, style=style)


ENDINGS: dict[Ending, str] = {
    Ending.SHOUBU: N_("ended by shoubu"), Ending.CANCEL: N_("ended by a cancel"),
    Ending.EXHAUSTED: N_("hands played out"), Ending.CARD_POINTS: N_("decided by card points"),
    Ending.MISDEAL: N_("misdeal — the same dealer deals again"),
    Ending.WALKOVER: N_("walkover — only one player stayed in"), Ending.DRAW: N_("a draw"),
    Ending.SOHACHI: N_("All Eights"), Ending.NIHACHI: N_("Double Eights"),
    Ending.SUJUROKU: N_("Sixteen Chaff"),
    Ending.TEYAKU: N_("won as dealt")}

# When a teyaku claim is paid (the teyaku reveal)
PAID_AT: dict[PaidAt, str] = {PaidAt.CLAIM: N_("paid now"),
                              PaidAt.ROUND_END: N_("paid at the round's end, unless a special "
                                                   "voids it")}


PAID_AT_END_KEPT = N_("paid at the round's end")


def paid_at(when: PaidAt, voidable: bool = True) -> str:
    """When a teyaku claim is paid; `voidable`: a round-end special cancels it in this
    ruleset (Nuki's Sixteen Chaff does not: the engine's ``special_voids``)."""
    if when == PaidAt.ROUND_END and not voidable:
        return _(PAID_AT_END_KEPT)
    return _(PAID_AT[when])

# How a card captures, in words (the rules help, the target prompt)
CAPTURE_RULES: dict[CaptureRule, str] = {
    CaptureRule.SAME_MONTH: N_(
        "A turn: play one card from your hand. If a field card has the same month (the same "
        "plant), your card takes it; with two of that month you choose which one, with three "
        "you take all three. Then turn up the top card of the pile and do the same with it."),
    CaptureRule.MONTH_SUM: N_(
        "A turn: play one card from your hand. It takes one field card whose month adds up "
        "with its own to a number ending in 3 or 8 (January + February = 3, March + May = 8, "
        "June + December = 18 ...); with several such cards you choose one. Then turn up the "
        "top card of the pile and do the same with it."),
}
# What the target prompt asks, per capture rule
TARGET_PROMPTS: dict[CaptureRule, str] = {
    CaptureRule.SAME_MONTH: N_("Choose which {month} card your {card} takes"),
    CaptureRule.MONTH_SUM: N_("Choose which card your {card} takes (months adding to 3 or 8)"),
}
# A capture made by a rule rather than a play (event data "rule")
# (rule, said to the player) -> the line; "You" has its own sentence in every language
RULE_CAPTURES = {
    ("paulownia", False): N_("{who} takes {cards} by the Paulownia rule."),
    ("paulownia", True): N_("You take {cards} by the Paulownia rule."),
    ("field_four", False): N_("{who} takes the four {month} cards dealt to the field."),
    ("field_four", True): N_("You take the four {month} cards dealt to the field."),
}

KIND_GLYPH = {"bright": "光", "animal": "種", "ribbon": "短", "chaff": "カス"}
KIND_NAMES = {
    "bright": N_("Bright"),
    "animal": N_("Animal"),
    "ribbon": N_("Ribbon"),
    "chaff": N_("Chaff")}

_SPECIAL_NAMES = {
    "crane": N_("Crane"), "curtain": N_("Curtain"), "moon": N_("Moon"), "rain_man": N_("Rain Man"),
    "phoenix": N_("Phoenix"),
    "warbler": N_("Warbler"),
    "cuckoo": N_("Cuckoo"),
    "bridge": N_("Bridge"),
    "butterflies": N_("Butterflies"),
    "boar": N_("Boar"),
    "geese": N_("Geese"),
    "sake_cup": N_("Sake cup"),
    "deer": N_("Deer"), "swallow": N_("Swallow"), "lightning": N_("Lightning"),
    "paulownia_yellow": N_("Paulownia yellow chaff"),
}


# The engine's month names (game.engine.cards.MONTH_NAMES), marked here for the catalog
MONTHS: tuple[str, ...] = (
    N_("Pine"), N_("Plum"), N_("Cherry"), N_("Wisteria"), N_("Iris"), N_("Peony"),
    N_("Bush clover"), N_("Susuki grass"), N_("Chrysanthemum"), N_("Maple"), N_("Willow"),
    N_("Paulownia"))
# A plain card's kind in its name ("Maple ribbon"): the engine's KINDS ids
CARD_KINDS = {"bright": N_("bright"), "animal": N_("animal"), "ribbon": N_("ribbon"),
              "chaff": N_("chaff")}


def card_name(card_id: str) -> str:
    """'Maple ribbon', 'Pine chaff', 'Crane' for a card id."""
    if card_id in _SPECIAL_NAMES:
        return _(_SPECIAL_NAMES[card_id])
    idx = INDEX[card_id]
    kind = KINDS[idx]
    return _("{month} {kind}").format(month=_(MONTHS[idx // 4]),
                                      kind=_(CARD_KINDS.get(kind, kind)))


def card_names(card_ids: list[str]) -> list[str]:
    """Several cards' names, told apart: cards that share a name carry their number in the
    deck ("Paulownia chaff 1", "Paulownia chaff 2"), so a list of three cards names three
    (issue 45); a name met once stays as the log and hints say it."""
    names = [card_name(c) for c in card_ids]
    out = []
    for cid, name in zip(card_ids, names, strict=True):
        if names.count(name) > 1:
            number = cid.rsplit("_", 1)[-1]
            name = _("{card} {number}").format(card=name, number=number)
        out.append(name)
    return out


def month_name(card_id: str) -> str:
    return _(MONTHS[INDEX[card_id] // 4])


def month_word(month: int) -> str:
    """The name of month 1..12 in the player's language."""
    return _(MONTHS[month - 1])


def kind_name(kind: str) -> str:
    """'Bright', 'Animal', 'Ribbon', 'Chaff' in the player's language."""
    return _(KIND_NAMES.get(kind, kind))


def kind_label(kind: str, style: str | None = None) -> str:
    """A kind's glyph with its translation by the term style ("光 Bright", "Bright", "光")."""
    st = style or _style
    glyph, name = KIND_GLYPH.get(kind, ""), kind_name(kind)
    if not glyph or (st == "translation" and not i18n.is_japanese()):
        return name
    if st == "japanese" or i18n.is_japanese():
        return glyph
    return f"{glyph} {name}"


def kind_glyph(kind: str, style: str | None = None) -> str:
    """A capture group's glyph ("光", "カス"), or "" with "Translation only" outside the
    Japanese UI: the group's translated name, drawn beside it, then says it alone."""
    st = style or _style
    if st == "translation" and not i18n.is_japanese():
        return ""
    return KIND_GLYPH.get(kind, "")


def target_prompt(rule: CaptureRule) -> str:
    """The target prompt's message (fields {month} and {card}) in the player's language."""
    return _(TARGET_PROMPTS[rule])


# Words for option values (setup); keyed by (option, value) where one id means two things.
VALUE_WORDS: dict[str, str] = {
    "per_opponent": N_("Full from each"), "split": N_("Split between two"),
    "a_plus_b": N_("Set + chaff teyaku"), "best_one": N_("The better one only"),
    "replace": N_("Five replaces Four"), "cumulative": N_("Both score"),
    "void_double": N_("Void, pays double"), "half_double": N_("Half, pays double"),
    "void": N_("Void"), "half": N_("Half"),
    "queue": N_("Carried in turn"),
    "one_round": N_("Next round only"),
    "stack": N_("All multiply now"),
    "by_order": N_("By order of dropping"), "by_seat": N_("By seat"), "flat": N_("Flat 1 kan"),
    "non_dealers": N_("The non-dealers pay"),
    "all_active": N_("Every player pays"),
    "none": N_("Nobody"),
    "difference": N_("The difference"), "capped": N_("Capped in kan"),
    "hachihachi": N_("Hachi-Hachi's"), "1921": N_("The 1921 set"),
    "misdeal": N_("Redeal"), "dealer_takes": N_("The dealer takes them"),
    "agari": N_("Agari"), "rounds": N_("After the rounds"), "points": N_("Points target"),
}
OPTION_VALUE_WORDS: dict[tuple[str, str], str] = {
    ("teyaku", "none"): N_("None"),
    # Koi-Koi (docs/rules/koikoi.md §6.3)
    ("points_scale", "nintendo"): N_("Nintendo's (10/8/7/5)"),
    ("points_scale", "fudawiki"): N_("FudaWiki's (15/8/7/6)"),
    ("points_scale", "high"): N_("High (15/10/8/6)"),
    ("set_scoring", "exclusive_plus"): N_("The best of a group, +1 per extra card"),
    ("set_scoring", "stack_plus"): N_("Sets and counts both score"),
    ("set_scoring", "stack"): N_("Fixed sets, and counts besides"),
    ("viewing_sake", "on"): N_("Always"), ("viewing_sake", "with_yaku"): N_(
        "Only beside another yaku"), ("viewing_sake", "off"): N_("Never"),
    ("teyaku", "win"): N_("Wins the round"), ("teyaku", "redeal"): N_("Dealt again"),
    ("teyaku", "off"): N_("Nothing"),
    ("field_pairs", "redeal"): N_("Dealt again"), ("field_pairs", "play"): N_("Played"),
    ("field_four", "redeal"): N_("Dealt again"),
    ("field_four", "dealer_wins"): N_("The dealer wins the round"),
    ("koi_trigger", "new_or_improved"): N_("A new or improved yaku"),
    ("koi_trigger", "new_only"): N_("Only a new yaku"),
    ("koi_bonus", "opponent_called"): N_("x2 if the other player called"),
    ("koi_bonus", "per_call"): N_("x2, x3 … per call of the other player"),
    ("koi_bonus", "self_called"): N_("x2 if the stopper called"),
    ("koi_bonus", "any_called"): N_("x2 if either called"),
    ("koi_bonus", "none"): N_("Never doubled"),
    ("exhausted", "nobody"): N_("Nobody scores"), ("exhausted", "dealer"): N_(
        "The dealer wins (oya-ken)"),
    ("draw_dealer", "same"): N_("The same player"), ("draw_dealer", "other"): N_(
        "The other player"),
    ("exhausted", "last_yaku"): N_("The last to make a yaku is paid"),
    ("field_brights", "off"): N_("No effect"), ("field_brights", "double"): N_(
        "A stop doubled"), ("field_brights", "per_bright"): N_("x2, x3 … by their number"),
    ("teyaku_both", "draw"): N_("A draw"), ("teyaku_both", "ignore"): N_("Both ignored"),
}


def value_words(option: str, value: object) -> str:
    """How setup shows one value of an engine option ('void_double' -> 'Void, pays double')."""
    v = str(value)
    text = OPTION_VALUE_WORDS.get((option, v), VALUE_WORDS.get(v))
    return _(text) if text else v


# One line per option VALUE (setup): what choosing it does. Key (option, str(value)); a free
# number uses (option, "*") with {v}. Words only: what an option does is the engine's.
_B = {True: "True", False: "False"}
VALUE_EXPLAINED: dict[tuple[str, str], str] = {
    ("kan", "12"): N_("1 kan = 12 mon, the traditional (Kanto) count."),
    ("kan", "10"): N_("1 kan = 10 mon, the modern count."),
    ("payment_model", "per_opponent"): N_("Each opponent pays the full amount."),
    ("payment_model", "split"): N_("With two opponents, an amount 'from each' is halved."),
    ("teyaku_combine", "a_plus_b"): N_("A set teyaku and a chaff teyaku both score."),
    ("teyaku_combine", "best_one"): N_("Only the better of the two teyaku scores."),
    ("aka_value", "2"): N_("Red (aka) is worth 2 kan."),
    ("aka_value", "3"): N_("Red (aka) is worth 3 kan."),
    ("bdb", "True"): N_("Boar–Deer–Butterflies (猪鹿蝶) scores as a yaku."),
    ("bdb", "False"): N_("Boar–Deer–Butterflies is no yaku."),
    ("nanatan_extra", "True"): N_("Seven Ribbons pays 1 kan more for each ribbon beyond seven."),
    ("nanatan_extra", "False"): N_("Seven Ribbons pays its value, however many ribbons."),
    ("goko_after_shiko", "replace"): N_("Five Brights replaces Four Brights."),
    ("goko_after_shiko", "cumulative"): N_("Five Brights and Four Brights both score."),
    ("sage_failure", "void_double"): N_("A failed sage caller's yaku are void; they pay double."),
    ("sage_failure", "half_double"): N_("A failed sage caller's yaku count half; they pay double."),
    ("sage_failure", "void"): N_("A failed sage caller's yaku are void."),
    ("sage_failure", "half"): N_("A failed sage caller's yaku count half."),
    ("multiplier_carry", "queue"): N_(
        "Each extra field multiplier waits its turn in later rounds."),
    ("multiplier_carry", "one_round"): N_(
        "An extra field multiplier counts in the next round only."),
    ("multiplier_carry", "stack"): N_("Extra field multipliers all multiply the next round."),
    ("year_extension", "True"): N_("After the last round, play on while a multiplier is carried."),
    ("year_extension", "False"): N_("The game ends after the last round."),
    ("hatto_liability", "True"): N_("Feeding an opponent's last yaku card pays for both."),
    ("hatto_liability", "False"): N_("No liability for feeding a yaku card."),
    ("tobikomi_liability", "True"): N_("Feeding a diver's fourth card pays the whole tobikomi."),
    ("tobikomi_liability", "False"): N_("No liability for feeding a diver."),
    ("mizuten", "True"): N_("The dealer may declare mizuten (play blind)."),
    ("mizuten", "False"): N_("Nobody plays blind."),
    ("hand_swap", "True"): N_("Seats may swap for the dealer's hand."),
    ("hand_swap", "False"): N_("Every seat keeps its own hand."),
    ("dropout_fee", "by_order"): N_("A seat that drops pays 1, 1.5, 2 kan in order of dropping."),
    ("dropout_fee", "by_seat"): N_("A seat that drops pays 1, 1.5, 2 kan by its seat."),
    ("dropout_fee", "flat"): N_("A seat that drops pays 1 kan."),
    ("compulsory_three", "True"): N_("Once all but three have dropped, the rest must play."),
    ("compulsory_three", "False"): N_("Any seat may drop while more than three remain."),
    ("compulsory_two", "True"): N_("Once all but two have dropped, the rest must play."),
    ("compulsory_two", "False"): N_("Any seat may drop while more than two remain."),
    ("dropout_fees", "True"): N_("A seat that drops pays 1, 1.5, 2 kan."),
    ("dropout_fees", "False"): N_("Dropping out is free."),
    ("forced_out_comp", "non_dealers"): N_("The non-dealers compensate a seat forced out."),
    ("forced_out_comp", "all_active"): N_("Every player compensates a seat forced out."),
    ("forced_out_comp", "none"): N_("A seat forced out gets nothing."),
    ("two_player_payment", "difference"): N_("Two players: the lower pays the card-point "
                                          "difference, in mon."),
    ("two_player_payment", "capped"): N_("Two players: a difference of 30 or more is paid as "
                                      "1 kan per 10 points, at most 5 kan."),
    ("match_end", "agari"): N_("The match ends on agari (decisive wins in a row)."),
    ("match_end", "rounds"): N_("The match ends after the rounds."),
    ("match_end", "points"): N_("The match ends when a player reaches the points target."),
    ("teyaku", "hachihachi"): N_("Hachi-Hachi's hand combinations score."),
    ("teyaku", "1921"): N_("The 1921 set of hand combinations scores."),
    ("teyaku", "none"): N_("No hand combinations."),
    ("yaku_unit", "10"): N_("1 kan = 10 points."), ("yaku_unit", "12"): N_("1 kan = 12 points."),
    ("top_yaku", "True"): N_("The small yaku score too."),
    ("top_yaku", "False"): N_("Only the two full sets score."),
    ("field_four", "misdeal"): N_("Four of a month on the field: the hand is redealt."),
    ("field_four", "dealer_takes"): N_("Four of a month on the field: the dealer takes them."),
    ("field_four", "redeal"): N_("Four of a month on the field: the hand is redealt."),
    ("field_four", "dealer_wins"): N_("Four of a month on the field: the dealer wins the "
                                      "round at once."),
    ("more_seats", "True"): N_("4 to 6 seats; three play each round."),
    ("more_seats", "False"): N_("Exactly three seats."),
    ("agari_count", "*"): N_("{v} agari needed to win the match."),
    ("target_points", "*"): N_("The first to {v} points wins."),
    ("tier", "*"): N_("Tier {v}: 1 = the core rules ... 9 = full Hachi-Hachi."),
}

# Why an option does nothing now (ids from Ruleset.option_applies)
NOT_APPLIES: dict[str, str] = {
    "no_dropouts": N_("Applies only with more seats than players in a round (nobody drops out)."),
    "match_end_rounds": N_("Applies only when the match ends after the rounds."),
    "match_end_points": N_("Applies only when the match ends at a points target."),
    "match_end_agari": N_("Applies only when the match ends on agari."),
}


def value_explained(option: str, value: object) -> str:
    """One line saying what this value of an option does ('' when no words are known)."""
    key = _B.get(value, str(value)) if isinstance(value, bool) else str(value)
    text = VALUE_EXPLAINED.get((option, key))
    if text is not None:
        return _(text)
    if option == "rounds" and isinstance(value, int):  # a count: "1 round", "12 rounds"
        return ngettext("{v} round in the game (12 = a year).",
                        "{v} rounds in the game (12 = a year).", value).format(v=value)
    if (fmt := VALUE_EXPLAINED.get((option, "*"))) is not None:
        return _(fmt).format(v=value)
    return ""


def not_applies(reason: str) -> str:
    """Words for a reason id of Ruleset.option_applies."""
    text = NOT_APPLIES.get(reason)
    return _(text) if text else _("Does not apply to this game.")


def round_label(rnd: int, planned: int | None) -> str:
    """'Round 3 / 12', or 'Round 3' when the engine plans no length (agari, extension)."""
    if planned:
        return _("Round {n} / {planned}").format(n=rnd, planned=planned)
    return _("Round {n}").format(n=rnd)


SUDAOSHI_ROLES = (N_("Dealer"), N_("Second"), N_("Third"))  # order of play: burdens 100, 110, 120


def seat_role(ruleset: str, position: int, par: int | None) -> str:
    """Sudaoshi: a seat's role this round and its burden ("Second · burden 110"), from the
    view's position and par; "" elsewhere."""
    if ruleset != "sudaoshi" or not 0 <= position < len(SUDAOSHI_ROLES) or par is None:
        return ""
    return _("{role} · burden {par}").format(role=_(SUDAOSHI_ROLES[position]), par=par)


def basis_text(b: object) -> str:
    """A payment's formula in words (TABLE.md §5.8): every number from the engine's Basis,
    e.g. "2 kan × 12 mon × 2 (multiplier)" or "card points 63 against par 88: 25"."""
    kind = getattr(b, "kind", None)
    if kind is None:
        return ""
    base, m, den, share = b.base, b.m, b.den, b.share
    if kind == "card_points":
        text = (_("{points} card points, {base} above par {par}") if b.points > b.par else
                _("{points} card points, {base} below par {par}")).format(
            points=b.points, base=base, par=b.par)
    elif kind == "difference":
        text = _("card points {points} − {par} = {base}").format(points=b.points, par=b.par,
                                                                base=base)
    elif kind == "capped":
        text = _("card points {points} − {par} ≥ 30: {kan} kan × {unit} mon").format(
            points=b.points, par=b.par, kan=b.kan, unit=b.unit)
    elif kind == "fee":
        text = _("drop-out fee {n} mon").format(n=base)
    elif kind == "compensation":
        text = _("half of the hand's {n} mon").format(n=base)
    elif kind == "pot":
        return _("the pot: {n} mon").format(n=base)
    elif kind == "kan":
        text = _("{kan} kan × {unit} mon").format(kan=b.kan, unit=b.unit)
    else:
        text = _("{n} mon").format(n=base)
    # the formula's factors: each a message of its own, appended in the order they apply
    if share > 1:
        text = _("{formula} × {n} (pays both shares)").format(formula=text, n=share)
    if den > 1:
        text = _("{formula} ÷ {n}").format(formula=text, n=den)
    if m > 1:
        text = _("{formula} × {n} (multiplier)").format(formula=text, n=m)
    return text


def ending_text(ending: str) -> str:
    text = ENDINGS.get(ending)
    return _(text) if text else ending.replace("_", " ")


# How a round ends and who pays whom, per capture rule family (words only, no amounts)
ROUND_WORDS: dict[str, list[str]] = {
    "decide": [N_(
        "{sage} / {shoubu}: when your captures make a dekiyaku you choose. {shoubu} ends the "
        "round now: every opponent pays you your yaku. {sage} plays on to build more; at the "
        "start of a later turn you may {cancel} (the round ends and you collect half)."),
    ],
    "stop": [N_("When your captures make a dekiyaku, the round ends at once ({shoubu}): every "
                "opponent pays you your yaku, and card points pay nothing that round.")],
    "end": [
        N_("When every hand is played out, card points decide: each player's captured card "
           "points are compared with par, and the difference is paid in mon."),
        N_("Teyaku are claimed from the dealt hand at the start and paid by each opponent."),
    ],
}


def round_words(key: str) -> list[str]:
    """The reference's lines on how a round ends, in the player's language, the Japanese
    words in them written by the term style."""
    return [_(line).format(**{k: inline(k) for k in INLINE}) for line in ROUND_WORDS[key]]

# Japanese words the table uses: id -> (term, reading, translation)
GLOSSARY: dict[str, tuple[str, str, str]] = {
    "oya": ("親", M.pgettext("reading", "oya"), N_("the dealer; plays first")),
    "sage": ("下げ", M.pgettext("reading", "sage"), N_("play on after making a dekiyaku")),
    "shoubu": ("勝負", M.pgettext("reading", "shōbu"), N_("stop and collect now")),
    "torikeshi": ("取消", M.pgettext("reading", "torikeshi"),
              N_("cancel a sage: end the round for half")),
    "teyaku": ("手役", M.pgettext("reading", "teyaku"),
              N_("hand combinations, claimed from the dealt hand")),
    "dekiyaku": ("出来役", M.pgettext("reading", "dekiyaku"),
              N_("capture combinations, made during play")),
    "yaku": ("役", M.pgettext("reading", "yaku"), N_("a scoring combination")),
    "kan": ("貫", M.pgettext("reading", "kan"), N_("a unit of payment worth several mon")),
    "mon": ("文", M.pgettext("reading", "mon"), N_("the unit of payment")),
    "mizuten": ("不見転", M.pgettext("reading", "mizuten"),
              N_("the dealer plays a hand without looking at it")),
    "hikari": ("光", M.pgettext("reading", "hikari"), N_("Brights")),
    "tane": ("種", M.pgettext("reading", "tane"), N_("Animals")),
    "tanzaku": ("短冊", M.pgettext("reading", "tanzaku"), N_("Ribbons")),
    "kasu": ("カス", M.pgettext("reading", "kasu"), N_("Chaff")),
    "ooba": ("大場", M.pgettext("reading", "ōba"), N_("large field: payments ×2 this round")),
    "zeppa": ("絶場", M.pgettext("reading", "zeppa"), N_("grand field: payments ×4")),
    "agari": ("上がり", M.pgettext("reading", "agari"), N_("going out: the game's winning state")),
    "hanafuda": ("花札", M.pgettext("reading", "hanafuda"),
              N_("flower cards: 48 cards, 4 per month")),
}



# The glossary words the reference's sentences use, as a short name for "Translation only"
INLINE: dict[str, str] = {
    "sage": N_("play on"), "shoubu": N_("stop"), "cancel": N_("cancel"),
    "mizuten": N_("play blind"), "ooba": N_("Large field"), "zeppa": N_("Grand field"),
}


def inline(key: str, style: str | None = None) -> str:
    """A Japanese word inside a sentence, by the term style: "下げ sage", the short
    translation ("play on") with "Translation only", the word alone in the Japanese UI."""
    kanji, reading, _explained = GLOSSARY["torikeshi" if key == "cancel" else key]
    st = style or _style
    if i18n.is_japanese():
        return kanji
    if st == "translation":
        return _(INLINE[key])
    return f"{kanji} {pgettext('reading', reading)}"


def glossary() -> list[tuple[str, str, str]]:
    """The glossary's (term, reading, translation) in the player's language: the reading
    in kana for the Japanese UI."""
    return [(k, pgettext("reading", r), _(en)) for k, r, en in GLOSSARY.values()]


def glossary_line(key: str, style: str | None = None) -> str:
    """One glossary entry by the term style: "親 oya — the dealer; plays first"; translation
    only the explanation (Japanese UI: term — explanation); japanese: term and reading."""
    k, r, en = GLOSSARY[key]
    st = style or _style
    said = pgettext("reading", r)
    if st == "translation":
        return f"{k} — {_(en)}" if i18n.is_japanese() else _(en)
    if st == "japanese":
        return f"{k} {said}"
    return f"{k} {said} — {_(en)}"

__all__ = ["CARD_IDS", "card_name", "ending_text", "month_name", "section_of", "term"]


def guided_words(result: object, view: object, rs: object, viewer: int,
                 names: list[str]) -> str:
    """The guided game's one line under the first round's ledger (TABLE.md §5.1): what
    mattered for the viewer, e.g. "You captured 96 card points: 96 − 88 = +8 above the par;
    you receive 16 mon this round." The captures' points, the par and the net come
    from the engine (view, ruleset, result); a yaku or a misdeal is said in the ending's
    words."""
    from game.play.numbers import amount

    net = result.net[viewer] if 0 <= viewer < len(result.net) else 0
    mine = (_("you receive {n} mon this round").format(n=amount(net)) if net > 0 else
            _("you pay {n} mon this round").format(n=amount(-net)) if net < 0 else
            _("nothing is paid to or by you"))
    par = view.par[viewer] if 0 <= viewer < len(view.par) else None
    if result.ending == Ending.CARD_POINTS and par is not None:
        pts = rs.points(view.captured_masks[viewer])
        d = pts - par
        what = (_("You captured {points} card points: {points} − {par} = {diff} above the par")
                if d > 0 else
                _("You captured {points} card points: {points} − {par} = {diff} below the par")
                if d < 0 else
                _("You captured {points} card points: {points} − {par} = {diff} exactly the "
                  "par")).format(points=pts, par=par, diff=amount(d, sign=True))
        return _("{what}; {result}.").format(what=what, result=mine)
    ended = ending_text(result.ending)
    ended = ended[:1].upper() + ended[1:]
    if result.ending == Ending.MISDEAL:
        return _("{ending}: no cards were played and nothing is paid.").format(ending=ended)
    made = []
    for p in result.payments:
        if rs.category(p.reason) in (Category.DEKIYAKU, Category.SPECIAL,
                                      Category.TEYAKU) and (term(p.reason), p.to) not in made:
            made.append((term(p.reason), p.to))
    if made:
        who = _("; ").join(
            _("you made {term}").format(term=t) if s == viewer else
            _("{name} made {term}").format(name=names[s] if 0 <= s < len(names) else "?",
                                           term=t) for t, s in made)
        return _("{ending}: {made}: {result}.").format(ending=ended, made=who, result=mine)
    return _("{ending}: {result}.").format(ending=ended, result=mine)
