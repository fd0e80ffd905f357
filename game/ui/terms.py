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


# One line per option VALUE (setup): what choosing it does. Key (option, str(value)); a free
# number uses (option, "*") with {v}. Words only: what an option does is the engine's.
_B = {True: "True", False: "False"}
VALUE_EXPLAINED: dict[tuple[str, str], str] = {
    ("kan", "12"): "1 kan = 12 mon, the traditional (Kanto) count.",
    ("kan", "10"): "1 kan = 10 mon, the modern count.",
    ("payment_model", "per_opponent"): "Each opponent pays the full amount.",
    ("payment_model", "split"): "With two opponents, an amount 'from each' is halved.",
    ("teyaku_combine", "a_plus_b"): "A set teyaku and a chaff teyaku both score.",
    ("teyaku_combine", "best_one"): "Only the better of the two teyaku scores.",
    ("aka_value", "2"): "Red (aka) is worth 2 kan.",
    ("aka_value", "3"): "Red (aka) is worth 3 kan.",
    ("bdb", "True"): "Boar–Deer–Butterflies (猪鹿蝶) scores as a yaku.",
    ("bdb", "False"): "Boar–Deer–Butterflies is no yaku.",
    ("nanatan_extra", "True"): "Seven Ribbons pays 1 kan more for each ribbon beyond seven.",
    ("nanatan_extra", "False"): "Seven Ribbons pays its value, however many ribbons.",
    ("goko_after_shiko", "replace"): "Five Brights replaces Four Brights.",
    ("goko_after_shiko", "cumulative"): "Five Brights and Four Brights both score.",
    ("sage_failure", "void_double"): "A failed sage caller's yaku are void; they pay double.",
    ("sage_failure", "half_double"): "A failed sage caller's yaku count half; they pay double.",
    ("sage_failure", "void"): "A failed sage caller's yaku are void.",
    ("sage_failure", "half"): "A failed sage caller's yaku count half.",
    ("multiplier_carry", "queue"): "Each extra field multiplier waits its turn in later rounds.",
    ("multiplier_carry", "one_round"): "An extra field multiplier counts in the next round only.",
    ("multiplier_carry", "stack"): "Extra field multipliers all multiply the next round.",
    ("year_extension", "True"): "After the last round, play on while a multiplier is carried.",
    ("year_extension", "False"): "The game ends after the last round.",
    ("hatto_liability", "True"): "Feeding an opponent's last yaku card pays for both.",
    ("hatto_liability", "False"): "No liability for feeding a yaku card.",
    ("tobikomi_liability", "True"): "Feeding a diver's fourth card pays the whole tobikomi.",
    ("tobikomi_liability", "False"): "No liability for feeding a diver.",
    ("mizuten", "True"): "The dealer may declare mizuten (play blind).",
    ("mizuten", "False"): "Nobody plays blind.",
    ("hand_swap", "True"): "Seats may swap for the dealer's hand.",
    ("hand_swap", "False"): "Every seat keeps its own hand.",
    ("dropout_fee", "by_order"): "A seat that drops pays 1, 1.5, 2 kan in order of dropping.",
    ("dropout_fee", "by_seat"): "A seat that drops pays 1, 1.5, 2 kan by its seat.",
    ("dropout_fee", "flat"): "A seat that drops pays 1 kan.",
    ("compulsory_three", "True"): "Once all but three have dropped, the rest must play.",
    ("compulsory_three", "False"): "Any seat may drop while more than three remain.",
    ("compulsory_two", "True"): "Once all but two have dropped, the rest must play.",
    ("compulsory_two", "False"): "Any seat may drop while more than two remain.",
    ("dropout_fees", "True"): "A seat that drops pays 1, 1.5, 2 kan.",
    ("dropout_fees", "False"): "Dropping out is free.",
    ("forced_out_comp", "non_dealers"): "The non-dealers compensate a seat forced out.",
    ("forced_out_comp", "all_active"): "Every player compensates a seat forced out.",
    ("forced_out_comp", "none"): "A seat forced out gets nothing.",
    ("two_player_payment", "difference"): "Two players: the lower pays the card-point "
                                          "difference, in mon.",
    ("two_player_payment", "capped"): "Two players: a difference of 30 or more is paid as "
                                      "1 kan per 10 points, at most 5 kan.",
    ("match_end", "agari"): "The match ends on agari (decisive wins in a row).",
    ("match_end", "rounds"): "The match ends after the rounds.",
    ("match_end", "points"): "The match ends when a player reaches the points target.",
    ("teyaku", "hachihachi"): "Hachi-Hachi's hand combinations score.",
    ("teyaku", "1921"): "The 1921 set of hand combinations scores.",
    ("teyaku", "none"): "No hand combinations.",
    ("yaku_unit", "10"): "1 kan = 10 points.", ("yaku_unit", "12"): "1 kan = 12 points.",
    ("top_yaku", "True"): "The small yaku score too.",
    ("top_yaku", "False"): "Only the two full sets score.",
    ("field_four", "misdeal"): "Four of a month on the field: the hand is redealt.",
    ("field_four", "dealer_takes"): "Four of a month on the field: the dealer takes them.",
    ("more_seats", "True"): "4 to 6 seats; three play each round.",
    ("more_seats", "False"): "Exactly three seats.",
    ("rounds", "*"): "{v} rounds in the game (12 = a year).",
    ("agari_count", "*"): "{v} agari needed to win the match.",
    ("target_points", "*"): "The first to {v} points wins.",
    ("tier", "*"): "Tier {v}: 1 = the core rules ... 9 = full Hachi-Hachi.",
}

# Why an option does nothing now (ids from Ruleset.option_applies)
NOT_APPLIES: dict[str, str] = {
    "no_dropouts": "Applies only with more seats than players in a round (nobody drops out).",
    "match_end_rounds": "Applies only when the match ends after the rounds.",
    "match_end_points": "Applies only when the match ends at a points target.",
    "match_end_agari": "Applies only when the match ends on agari.",
}


def value_explained(option: str, value: object) -> str:
    """One line saying what this value of an option does ('' when no words are known)."""
    key = _B.get(value, str(value)) if isinstance(value, bool) else str(value)
    text = VALUE_EXPLAINED.get((option, key))
    if text is None and (fmt := VALUE_EXPLAINED.get((option, "*"))) is not None:
        text = fmt.format(v=value)
    return text or ""


def not_applies(reason: str) -> str:
    """Words for a reason id of Ruleset.option_applies."""
    return NOT_APPLIES.get(reason, "Does not apply to this game.")


def round_label(rnd: int, planned: int | None) -> str:
    """'Round 3 / 12', or 'Round 3' when the engine plans no length (agari, extension)."""
    return f"Round {rnd} / {planned}" if planned else f"Round {rnd}"


SUDAOSHI_ROLES = ("Dealer", "Second", "Third")  # order of play: burdens 100, 110, 120


def seat_role(ruleset: str, position: int, par: int | None) -> str:
    """Sudaoshi: a seat's role this round and its burden ("Second · burden 110"), from the
    view's position and par; "" elsewhere."""
    if ruleset != "sudaoshi" or not 0 <= position < len(SUDAOSHI_ROLES) or par is None:
        return ""
    return f"{SUDAOSHI_ROLES[position]} · burden {par}"


def basis_text(b: object) -> str:
    """A payment's formula in words (TABLE.md §5.8): every number from the engine's Basis,
    e.g. "2 kan × 12 mon × 2 (multiplier)" or "card points 63 against par 88: 25"."""
    kind = getattr(b, "kind", None)
    if kind is None:
        return ""
    base, m, den, share = b.base, b.m, b.den, b.share
    if kind == "card_points":
        side = "above" if b.points > b.par else "below"
        text = f"{b.points} card points, {base} {side} par {b.par}"
    elif kind == "difference":
        text = f"card points {b.points} − {b.par} = {base}"
    elif kind == "capped":
        text = f"card points {b.points} − {b.par} ≥ 30: {b.kan} kan × {b.unit} mon"
    elif kind == "fee":
        text = f"drop-out fee {base} mon"
    elif kind == "compensation":
        text = f"half of the hand's {base} mon"
    elif kind == "pot":
        return f"the pot: {base} mon"
    elif kind == "kan":
        text = f"{b.kan} kan × {b.unit} mon"
    else:
        text = f"{base} mon"
    if share > 1:
        text += f" × {share} (pays both shares)"
    if den > 1:
        text += f" ÷ {den}"
    if m > 1:
        text += f" × {m} (multiplier)"
    return text


def ending_text(ending: str) -> str:
    return ENDINGS.get(ending, ending.replace("_", " "))


# Hand shapes of the teyaku, by id (the reference shows these beside the amount)
TEYAKU_SHAPES: dict[str, str] = {
    "shiso": "Four of one month and three of another.",
    "ichinishi": "Four of one month, two of another and one more card.",
    "futatatesanbon": "Two standing triplets (three of a month, the fourth on the field).",
    "sanbon_tatesanbon": "A triplet and a standing triplet.",
    "haneken": "A triplet and two pairs.", "futasanbon": "Two triplets.",
    "teshi": "All four cards of one month; the other three of three months.",
    "kuttsuki": "Three pairs and one odd card.",
    "tatesanbon": "Three of a month whose fourth card lies on the field.",
    "sanbon": "Three cards of one month.",
    "karasu": "Nothing but chaff (Willow cards count as chaff).",
    "pikaichi": "One Bright, the other six chaff.", "toichi": "One Animal, the other six chaff.",
    "tanichi": "One Ribbon, the other six chaff.", "aka": "Two or more ribbons, the rest chaff.",
}

# How a round ends and who pays whom, per capture rule family (words only, no amounts)
ROUND_WORDS: dict[str, list[str]] = {
    "decide": [
        "下げ Sage / 勝負 Shoubu: when your captures make a dekiyaku you choose. Shoubu ends the "
        "round now: every opponent pays you your yaku. Sage plays on to build more; later you "
        "may 取消 cancel (the round ends, you collect half), and if someone else calls shoubu "
        "after your sage, your yaku may be void.",
    ],
    "end": [
        "When every hand is played out, card points decide: each player's captured card "
        "points are compared with par, and the difference is paid in mon.",
        "Teyaku are claimed from the dealt hand at the start and paid by each opponent.",
    ],
}

# Japanese words the table uses: id -> (term, reading, translation)
GLOSSARY: dict[str, tuple[str, str, str]] = {
    "oya": ("親", "oya", "the dealer; plays first"),
    "sage": ("下げ", "sage", "play on after making a dekiyaku"),
    "shoubu": ("勝負", "shōbu", "stop and collect now"),
    "torikeshi": ("取消", "torikeshi", "cancel a sage: end the round for half"),
    "teyaku": ("手役", "teyaku", "hand combinations, claimed from the dealt hand"),
    "dekiyaku": ("出来役", "dekiyaku", "capture combinations, made during play"),
    "yaku": ("役", "yaku", "a scoring combination"),
    "kan": ("貫", "kan", "a unit of payment worth several mon"),
    "mon": ("文", "mon", "the unit of payment"),
    "mizuten": ("不見転", "mizuten", "the dealer plays a hand without looking at it"),
    "hikari": ("光", "hikari", "Brights"),
    "tane": ("種", "tane", "Animals"), "tanzaku": ("短冊", "tanzaku", "Ribbons"),
    "kasu": ("カス", "kasu", "Chaff"),
    "ooba": ("大場", "ōba", "large field: payments ×2 this round"),
    "zeppa": ("絶場", "zeppa", "grand field: payments ×4"),
    "agari": ("上がり", "agari", "going out: the game's winning state"),
    "hanafuda": ("花札", "hanafuda", "flower cards: 48 cards, 4 per month"),
}

__all__ = ["CARD_IDS", "card_name", "ending_text", "month_name", "section_of", "term"]


def guided_words(result: object, view: object, rs: object, viewer: int,
                 names: list[str]) -> str:
    """The guided game's one line under the first round's ledger (TABLE.md §5.1): what
    mattered for the viewer, e.g. "You captured 96 card points: 96 − 88 = +8 above the par;
    you receive 16 mon this round." The captures' points, the par and the net come
    from the engine (view, ruleset, result); a yaku or a misdeal is said in the ending's
    words."""
    from game.ui.numbers import amount

    net = result.net[viewer] if viewer < len(result.net) else 0
    mine = (f"you receive {amount(net)} mon this round" if net > 0 else
            f"you pay {amount(-net)} mon this round" if net < 0 else
            "nothing is paid to or by you")
    par = view.par[viewer] if viewer < len(view.par) else None
    if result.ending == Ending.CARD_POINTS and par is not None:
        pts = rs.points(view.captured_masks[viewer])
        d = pts - par
        how = "above the par" if d > 0 else "below the par" if d < 0 else "exactly the par"
        return (f"You captured {pts} card points: {pts} − {par} = {amount(d, sign=True)} "
                f"{how}; {mine}.")
    ended = ending_text(result.ending)
    ended = ended[:1].upper() + ended[1:]
    if result.ending == Ending.MISDEAL:
        return f"{ended}: no cards were played and nothing is paid."
    made = []
    for p in result.payments:
        if rs.category(p.reason) in (Category.DEKIYAKU, Category.SPECIAL,
                                      Category.TEYAKU) and (term(p.reason), p.to) not in made:
            made.append((term(p.reason), p.to))
    if made:
        who = "; ".join(f"{'you' if s == viewer else names[s] if 0 <= s < len(names) else '?'}"
                        f" made {t}" for t, s in made)
        return f"{ended}: {who}: {mine}."
    return f"{ended}: {mine}."
