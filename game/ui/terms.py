"""Readable names for the engine's ids (TABLE.md §0.7: every term with its translation).

Only words live here, never rules: amounts, legality and yaku membership come from the engine.
"""

from __future__ import annotations

from game.engine.cards import CARD_IDS, INDEX, KINDS, MONTH_NAMES
from game.engine.vocab import CaptureRule, Category, Ending, PaidAt

# reason / teyaku / dekiyaku id -> "Japanese · English"
TERMS: dict[str, str] = {
    # teyaku (hand combinations)
    "shiso": "四三 Shisō · Four-Three", "ichinishi": "一二四 · One-Two-Four",
    "futatatesanbon": "二立三本 · Two Standing Triplets",
    "sanbon_tatesanbon": "三本立三本 · Triplet and Standing Triplet",
    "haneken": "跳剣 Haneken · Triplet and Two Pairs", "futasanbon": "二三本 · Two Triplets",
    "teshi": "手四 Teshi · Four of a Kind", "kuttsuki": "喰付 Kuttsuki · Three Pairs",
    "tatesanbon": "立三本 Tatesanbon · Standing Triplet", "sanbon": "三本 Sanbon · Triplet",
    "karasu": "空素 Karasu · Empty Hand", "pikaichi": "光一 Pikaichi · One Bright",
    "toichi": "十一 Toichi · One Animal", "tanichi": "短一 Tanichi · One Ribbon",
    "aka": "赤 Aka · Red",
    # dekiyaku (capture combinations)
    "goko": "五光 Gokō · Five Brights", "shiko": "四光 Shikō · Four Brights",
    "nanatan": "七短 Nanatan · Seven Ribbons", "akatan": "赤短 Akatan · Poetry Ribbons",
    "aotan": "青短 Aotan · Blue Ribbons",
    "inoshikacho": "猪鹿蝶 Inoshikachō · Boar-Deer-Butterflies",
    # Sudaoshi
    "bozu_kaburi": "坊主被り · Moon and Geese", "bozu_zoro": "坊主揃い · All Susuki",
    "ame_kaburi": "雨被り · Rain Man and Swallow", "ame_zoro": "雨揃い · All Willow",
    "nasake": "情け Nasake · Mercy (ribbons and Willow)",
    # Hachi
    "kirishima": "霧島 · Mist Island", "kirishima_tan": "短の霧島 · Mist Island Ribbons",
    "goroju": "御老中 · Elder", "goroju_tan": "御老中 短 · Elder Ribbons",
    "goshiroku": "五四六 · Five Four Six", "goshiroku_tan": "五四六 短 · Five Four Six Ribbons",
    "shichigosan": "七五三 · Seven Five Three",
    "shichigosan_tan": "七五三 短 · Seven Five Three Ribbons",
    "kumanosan": "熊野サン · Kumano Shrines", "kumanosan_tan": "熊野サン 短 · Kumano Ribbons",
    "yashima": "八島 · Eight Islands", "yashima_tan": "八島 短 · Eight Islands' Ribbons",
    "nakazo": "仲蔵 · Nakazō", "nakazo_tan": "仲蔵 短 · Nakazō Ribbons",
    "ichinisan": "一二三 · One Two Three", "ichinisan_tan": "一二三 短 · One Two Three Ribbons",
    "den": "デン · Den", "den_tan": "デン 短 · Den Ribbons",
    "sangoro": "三五六 · Three Five Six", "sangoro_tan": "三五六 短 · Three Five Six Ribbons",
    "jushichihachi": "十七八 · Ten Seven Eight",
    # specials, achievements, fees
    "sohachi": "総八 · All Eights", "nihachi": "二八 · Double Eights",
    "sujuroku": "素十六 · Sixteen Chaff", "mizuten": "不見転 Mizuten · Played blind",
    "dealer_hand": "親手 · Dealer's hand", "nukeyaku": "抜け役 Nukeyaku · Escape",
    "tobikomi": "飛び込み Tobikomi · Diving", "card_points": "Card points",
    "dropout_fee": "Drop-out fee", "compensation": "Compensation for being forced out",
    "pot": "The pot", "hatto": "Liability (hatto)",
}

# ledger sections in settlement order (TABLE.md §5.8), keyed by the engine's categories
SECTIONS: dict[Category, str] = {
    Category.FEE: "Drop-out fees and compensation",
    Category.TEYAKU: "Teyaku (hand combinations)",
    Category.DEKIYAKU: "Yaku (capture combinations)",
    Category.CARD_POINTS: "Card points",
    Category.SPECIAL: "Round-end specials",
    Category.ACHIEVEMENT: "Achievements",
    Category.POT: "Pot",
}
SECTION_ORDER = tuple(SECTIONS.values())


def section_of(category: Category) -> str:
    """The ledger section of a payment, from the category the engine gives its reason."""
    return SECTIONS[category]


def term(key: str) -> str:
    """'三本 Sanbon · Triplet' for an id; unknown ids are shown tidied, never hidden."""
    return TERMS.get(key, key.replace("_", " ").capitalize())


ENDINGS: dict[Ending, str] = {
    Ending.SHOUBU: "ended by shoubu", Ending.CANCEL: "ended by a cancel",
    Ending.EXHAUSTED: "hands played out", Ending.CARD_POINTS: "decided by card points",
    Ending.MISDEAL: "misdeal — the same dealer deals again",
    Ending.WALKOVER: "walkover — only one player stayed in", Ending.DRAW: "a draw",
    Ending.SOHACHI: "All Eights", Ending.NIHACHI: "Double Eights",
    Ending.SUJUROKU: "Sixteen Chaff"}

# When a teyaku claim is paid (the teyaku reveal)
PAID_AT: dict[PaidAt, str] = {PaidAt.CLAIM: "paid now",
                              PaidAt.ROUND_END: "paid at the round's end, unless a special "
                                                "voids it"}

# How a card captures, in words (the rules help, the target prompt)
CAPTURE_RULES: dict[CaptureRule, str] = {
    CaptureRule.SAME_MONTH: (
        "A turn: play one card from your hand. If a field card has the same month (the same "
        "plant), your card takes it; with two of that month you choose which one, with three "
        "you take all three. Then turn up the top card of the pile and do the same with it."),
    CaptureRule.MONTH_SUM: (
        "A turn: play one card from your hand. It takes one field card whose month adds up "
        "with its own to a number ending in 3 or 8 (January + February = 3, March + May = 8, "
        "June + December = 18 ...); with several such cards you choose one. Then turn up the "
        "top card of the pile and do the same with it."),
}
# What the target prompt asks, per capture rule
TARGET_PROMPTS: dict[CaptureRule, str] = {
    CaptureRule.SAME_MONTH: "Choose which {month} card your {card} takes",
    CaptureRule.MONTH_SUM: "Choose which card your {card} takes (months adding to 3 or 8)",
}
# A capture made by a rule rather than a play (event data "rule")
RULE_CAPTURES = {
    "paulownia": "{who} {takes} {cards} by the Paulownia rule.",
    "field_four": "{who} {takes} the four {month} cards dealt to the field.",
}

KIND_GLYPH = {"bright": "光", "animal": "種", "ribbon": "短", "chaff": "カス"}
KIND_NAMES = {"bright": "Bright", "animal": "Animal", "ribbon": "Ribbon", "chaff": "Chaff"}

_SPECIAL_NAMES = {
    "crane": "Crane", "curtain": "Curtain", "moon": "Moon", "rain_man": "Rain Man",
    "phoenix": "Phoenix", "warbler": "Warbler", "cuckoo": "Cuckoo", "bridge": "Bridge",
    "butterflies": "Butterflies", "boar": "Boar", "geese": "Geese", "sake_cup": "Sake cup",
    "deer": "Deer", "swallow": "Swallow", "lightning": "Lightning",
    "paulownia_yellow": "Paulownia yellow chaff",
}


def card_name(card_id: str) -> str:
    """'Maple ribbon', 'Pine chaff', 'Crane' for a card id."""
    if card_id in _SPECIAL_NAMES:
        return _SPECIAL_NAMES[card_id]
    idx = INDEX[card_id]
    month = MONTH_NAMES[idx // 4]
    return f"{month} {KINDS[idx]}"


def month_name(card_id: str) -> str:
    return MONTH_NAMES[INDEX[card_id] // 4]


# Words for option values (setup); keyed by (option, value) where one id means two things.
VALUE_WORDS: dict[str, str] = {
    "per_opponent": "Full from each", "split": "Split between two",
    "a_plus_b": "Set + chaff teyaku", "best_one": "The better one only",
    "replace": "Five replaces Four", "cumulative": "Both score",
    "void_double": "Void, pays double", "half_double": "Half, pays double",
    "void": "Void", "half": "Half",
    "queue": "Carried in turn", "one_round": "Next round only", "stack": "All multiply now",
    "by_order": "By order of dropping", "by_seat": "By seat", "flat": "Flat 1 kan",
    "non_dealers": "The non-dealers pay", "all_active": "Every player pays", "none": "Nobody",
    "difference": "The difference", "capped": "Capped in kan",
    "hachihachi": "Hachi-Hachi's", "1921": "The 1921 set",
    "misdeal": "Redeal", "dealer_takes": "The dealer takes them",
    "agari": "Agari", "rounds": "After the rounds", "points": "Points target",
}
OPTION_VALUE_WORDS: dict[tuple[str, str], str] = {("teyaku", "none"): "None"}


def value_words(option: str, value: object) -> str:
    """How setup shows one value of an engine option ('void_double' -> 'Void, pays double')."""
    v = str(value)
    return OPTION_VALUE_WORDS.get((option, v), VALUE_WORDS.get(v, v))


def round_label(rnd: int, planned: int | None) -> str:
    """'Round 3 / 12', or 'Round 3' when the engine plans no length (agari, extension)."""
    return f"Round {rnd} / {planned}" if planned else f"Round {rnd}"


def ending_text(ending: str) -> str:
    return ENDINGS.get(ending, ending.replace("_", " "))


__all__ = ["CARD_IDS", "card_name", "ending_text", "month_name", "section_of", "term"]
