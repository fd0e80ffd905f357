"""The rules help's common words (keys, undo, how captures are sorted) and the plain-text
help of a ruleset (``help_lines``: the reference's pages one after another, for tests and
any text-only use). F1 opens the reference itself (game/ui/scenes/reference.py)."""

from __future__ import annotations

from game.engine import rulesets
from game.engine.rulesets import Ruleset
from game.i18n import N_, _
from game.play.terms import kind_glyph
from game.ui.rule_words import kind_names, listing
from game.ui.scenes.reference import ReferenceScene, page_ids, page_text

COMMON = [
    N_("Keys: 1–7 pick a hand card (the same number again plays it), ←/→ move, Enter plays, "
       "Tab changes row, Escape pauses, M mutes, F1 opens this page, H asks for a hint for "
       "this decision (with hints at + advisor), W shows the yaku watch over the table (on "
       "narrow windows; wide ones keep it in the sidebar)."),
    N_("Against computer players only, Ctrl+Z (or Undo in the top bar) takes back your last "
       "move; the cards still to come stay the same."),
]


def common_lines() -> list[str]:
    """How captures are sorted (the kinds' glyphs by the term style), then the keys."""
    names = kind_names()
    kinds = listing([f"{kind_glyph(k)} {names[k]}".strip()
                     for k in ("bright", "animal", "ribbon", "chaff")])
    return [_("Your captures are sorted by kind: {kinds}.").format(kinds=kinds)] + [
        _(t) for t in COMMON]


def help_lines(ruleset: str | Ruleset) -> list[str]:
    """Every page of the reference for a configured ruleset (a name means its default
    options), as paragraphs."""
    try:
        rs = rulesets.get(ruleset) if isinstance(ruleset, str) else ruleset
    except ValueError:
        return common_lines()
    lines: list[str] = []
    for page in page_ids(rs):
        lines += page_text(rs, page) + [""]
    return lines


class RulesHelpScene(ReferenceScene):
    """The Rules & cards reference under its old name (title, pause and table open it)."""
