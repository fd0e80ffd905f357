"""Short rules help per ruleset (F1). The full rules live in the project's rules documents;
this is the page a player needs at the table: how a turn goes and how a round is scored."""

from __future__ import annotations

from game.engine import rulesets
from game.engine.cards import CARD_IDS, KINDS
from game.engine.rulesets import Ruleset
from game.engine.vocab import Category
from game.i18n import N_, _
from game.ui.scenes.reference import ReferenceScene
from game.ui.terms import CAPTURE_RULES, card_name, term

COMMON = [
    N_("Your captures are sorted by kind: 光 Brights, 種 Animals, 短 Ribbons, カス Chaff."),
    N_("Keys: 1–7 pick a hand card (the same number again plays it), ←/→ move, Enter plays, "
       "Tab changes row, Escape pauses, M mutes, F1 opens this page, H asks for a hint for "
       "this decision (with hints at + advisor), W shows the yaku watch over the table (on "
       "narrow windows; wide ones keep it in the sidebar)."),
    N_("Against computer players only, Ctrl+Z (or Undo in the top bar) takes back your last "
       "move; the cards still to come stay the same."),
]

# Words about each game that carry no amount: every number below comes from the engine.
TEXTS = {
    "hachihachi": [
        N_("手役 Teyaku (hand combinations) are claimed from the dealt hand. 出来役 Dekiyaku "
           "(capture combinations): when you make one you choose 勝負 Shoubu (stop now and "
           "collect) or 下げ Sage (play on; you may 取消 cancel later for half). If someone else "
           "calls shoubu after your sage, your yaku may be void."),
        N_("大場 Large field and 絶場 Grand field: Brights dealt to the field multiply every "
           "payment of the round. With more seats than players, seats join or drop out before "
           "play; drop-out fees go to the pot."),
    ],
    "nuki-hachihachi": [N_("Phoenix and a Paulownia chaff both dealt to the field go to the "
                           "dealer (the Paulownia rule).")],
    "hachi": [N_("One card is taken at a time. Two decisive wins in a row make an agari.")],
    "sudaoshi": [N_("Each seat carries a burden; a round scores card points + 2 × own yaku − "
                 "opponents' yaku − burden.")],
    "curriculum": [N_("The rules one layer at a time: each tier adds one rule; the last "
                   "tier is full Hachi-Hachi.")],
}
TEXTS["hachihachi-nintendo"] = TEXTS["hachihachi"]
KIND_WORDS = {"bright": N_("Brights"), "animal": N_("Animals"), "ribbon": N_("Ribbons"),
              "chaff": N_("Chaff")}


def card_values_line(rs: Ruleset) -> str:
    """'Card points: Brights 20, Animals 10, ...' from the ruleset's own card values."""
    parts = []
    for kind, mark in KIND_WORDS.items():
        word = _(mark)
        vals = sorted({rs.values[c] for c in rs.deck_cards if KINDS[c] == kind}, reverse=True)
        if len(vals) == 1:
            parts.append(_("{kind} {points}").format(kind=word, points=vals[0]))
        else:
            odd = [_("{card} {points}").format(card=card_name(CARD_IDS[c]),
                                               points=rs.values[c])
                   for c in rs.deck_cards if KINDS[c] == kind and rs.values[c] != vals[-1]]
            parts.append(_("{kind} {points} ({cards})").format(
                kind=word, points=vals[-1], cards=", ".join(odd)))
    total = rs.points(rs.deck_mask)
    line = _("Card points: {values}. {total} in the deck.").format(values="; ".join(parts),
                                                                    total=total)
    par = rs.par(0, rs.active_count)
    if par is not None and rs.active_count == 3 and all(
            rs.par(p, 3) == par for p in range(3)):
        line += " " + _("Each of three players needs {par} to break even.").format(par=par)
    elif par is not None:
        line += " " + _("To break even: {pars}.").format(pars=", ".join(
            _("seat {n} {par}").format(n=p + 1, par=rs.par(p, 3))
            for p in range(rs.active_count)))
    return line


def catalogue_lines(rs: Ruleset) -> list[str]:
    """What the game pays for, by category, with its value at ×1 from each opponent."""
    out = []
    for cat, title in ((Category.TEYAKU, _("手役 Teyaku")), (Category.DEKIYAKU, _("役 Yaku")),
                       (Category.SPECIAL, _("Round-end specials")),
                       (Category.ACHIEVEMENT, _("Achievements"))):
        items = [_("{yaku} {value}").format(yaku=term(e.id), value=e.value)
                 if e.value is not None else term(e.id)
                 for e in rs.entries if e.category == cat]
        if items:
            out.append(_("{category} (mon from each opponent): {items}.").format(
                category=title, items="; ".join(items)))
    return out


def help_lines(ruleset: str | Ruleset) -> list[str]:
    """The F1 page for a configured ruleset (a name means its default options)."""
    try:
        rs = rulesets.get(ruleset) if isinstance(ruleset, str) else ruleset
    except ValueError:
        return [_(line) for line in COMMON]
    lines = [_("{game}: {summary}").format(game=_(rs.title), summary=_(rs.summary)), "",
             _(CAPTURE_RULES[rs.capture_rule]), "", card_values_line(rs), ""]
    if rs.kan > 1 and any(e.category == Category.TEYAKU for e in rs.entries):
        lines += [_("1 kan = {mon} mon.").format(mon=rs.kan), ""]
    for para in [_(t) for t in TEXTS.get(rs.name, [])] + catalogue_lines(rs) + [
            _(t) for t in COMMON]:
        lines += [para, ""]
    return lines


class RulesHelpScene(ReferenceScene):
    """The Rules & cards reference under its old name (title, pause and table open it)."""

    def __init__(self, app, ruleset: str | Ruleset = "hachihachi",  # noqa: ANN001
                 page: str | None = None) -> None:
        super().__init__(app, ruleset, page)
