"""Short rules help per ruleset (F1). The full rules live in the project's rules documents;
this is the page a player needs at the table: how a turn goes and how a round is scored."""

from __future__ import annotations

from game.engine import rulesets
from game.ui.scenes.overlay import OverlayScene
from game.ui.theme import Button

COMMON = [
    "A turn: play one card from your hand. If a field card has the same month (the same "
    "plant), your card takes it; with two of that month you choose which one, with three "
    "you take all. Otherwise your card stays on the field. Then the top card of the draw "
    "pile is turned over and does the same.",
    "Your captures are sorted by kind: 光 Brights, 種 Animals, 短 Ribbons, カス Chaff.",
    "Keys: 1–7 pick a hand card (the same number again plays it), ←/→ move, Enter plays, "
    "Tab changes row, Escape pauses, M mutes, F1 opens this page.",
]

TEXTS = {
    "hachihachi": [
        "八八 Hachi-Hachi: three play. Card points: Bright 20, Animal 10, Ribbon 5, Chaff 1; "
        "264 in all, 88 each on average. After the round, each player's points above or below "
        "88 are paid in kan (1 kan = 12 mon by default).",
        "手役 Teyaku (hand combinations) are claimed from the dealt hand and paid at round "
        "end. 出来役 Dekiyaku (capture combinations) such as 青短 Aotan or 赤短 Akatan: when "
        "you make one you choose 勝負 Shoubu (stop now and collect) or 下げ Sage (play on; "
        "you may 取消 cancel later for half). If someone else calls shoubu after your sage, "
        "your yaku is void and you may pay double.",
        "大場 Large field (×2) and 絶場 Grand field (×4): Brights dealt to the field multiply "
        "every payment of the round. With 4 to 7 at the table, players join or drop out "
        "before play; fees go to the pot.",
    ],
    "hachihachi-nintendo": ["Hachi-Hachi with the points of Nintendo's leaflet: the single "
                            "best teyaku counts, flat drop-out fees, 3 to 6 at the table."],
    "nuki-hachihachi": ["Nuki Hachi-hachi: 34 cards, two active players. The months Wisteria, "
                        "Iris and Bush clover are removed. Phoenix and Paulownia chaff go to "
                        "the dealer (the Paulownia rule)."],
    "hachi": ["Hachi: two players. A card takes a card whose month adds up to a number ending "
              "in 3 or 8 (for example 1 + 2, 5 + 3, 7 + 1); one card is taken at a time. "
              "Ribbons are worth 1 point, every other card 10. 21 yaku; two decisive wins in "
              "a row make an agari."],
    "sudaoshi": ["Sudaoshi: three players. Chaff is worth the most (10), Brights and Animals "
                 "5, Ribbons 1. Each seat carries a burden (dealer 100, right 110, left 120); "
                 "a round scores card points + 2 × own yaku − opponents' yaku − burden."],
    "curriculum": ["The curriculum of 88: the rules one layer at a time. Tier 1 is the core: "
                   "capture by month and beat 88 points. Each tier adds one rule; tier 9 is "
                   "full Hachi-Hachi."],
}


def help_lines(ruleset: str) -> list[str]:
    try:
        cls = rulesets.ruleset_class(ruleset)
        head = [f"{cls.title}: {cls.summary}", ""]
    except ValueError:
        head = []
    body: list[str] = []
    for para in TEXTS.get(ruleset, []):
        body += [para, ""]
    for para in COMMON:
        body += [para, ""]
    return head + body


class RulesHelpScene(OverlayScene):
    name = "rules_help"
    width_frac = 0.62
    height_frac = 0.82

    def __init__(self, app, ruleset: str = "hachihachi") -> None:  # noqa: ANN001
        super().__init__(app, "Rules", help_lines(ruleset),
                         [Button("Close", self.close, "primary")])
