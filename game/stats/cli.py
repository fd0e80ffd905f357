"""`python -m game stats`: the statistics as plain lines or JSON, for a terminal.

The screens draw the same figures (`StatsDB.summary`), so what the two say never differs.
This module imports nothing from game.ui: the entry point passes the UI's words for a yaku.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from game.i18n import _, ngettext
from game.stats.counting import newer_waiting_words
from game.stats.errors import NewerStats, StatsError
from game.stats.figures import Figures
from game.stats.store import read


def damaged_words(n: int) -> str:
    """How many games were left out of the figures as damaged (the screens say it too)."""
    return ngettext("{n} damaged game was skipped.", "{n} damaged games were skipped.",
                    n).format(n=n)


def kind_words(f: Figures) -> str:
    """'Hachi-Hachi · Expert': the game and the opponents of one row of figures."""
    from game.engine import rulesets

    title = rulesets.ruleset_class(f.ruleset).title if f.ruleset in rulesets.names() \
        else f.ruleset
    opponents = " + ".join(_(part) for part in f.opponents.split(" + "))
    return _("{game} · {opponents}").format(game=_(title) if title else f.ruleset,
                                            opponents=opponents)


def figures_lines(figs: list[Figures], total: int,
                  yaku_words: Callable[[str], str] = str, damaged: int = 0) -> list[str]:
    """The statistics as plain lines (the command line; the screen draws the same values),
    saying how many damaged games were skipped. `yaku_words` names a yaku id (the entry
    point passes the UI's words: this module imports nothing from game.ui)."""
    if not figs:
        if damaged:
            return [_("No finished game can be shown."), damaged_words(damaged)]
        return [_("No finished games yet.")]
    lines = [ngettext("{n} finished game.", "{n} finished games.", total).format(n=total)]
    if damaged:
        lines.append(damaged_words(damaged))
    for f in figs:
        lines += _kind_lines(f, yaku_words)
    return lines


def _kind_lines(f: Figures, yaku_words: Callable[[str], str]) -> list[str]:
    """The lines of one kind of game: games (and won, when someone played), the rounds,
    the yaku made most, the undos and hints."""
    if f.opponents == "Computers only":
        lines = [ngettext("{kind}: {n} game", "{kind}: {n} games", f.games).format(
            kind=kind_words(f), n=f.games)]
    else:
        lines = [ngettext("{kind}: {n} game, {won} won", "{kind}: {n} games, {won} "
                          "won", f.games).format(kind=kind_words(f), n=f.games, won=f.wins)]
    if f.avg_net is not None:
        lines.append("  " + ngettext(
            "average {average} mon per round over {n} round, best round {best}",
            "average {average} mon per round over {n} rounds, best round {best}",
            f.rounds).format(average=f"{f.avg_net:+.1f}", n=f.rounds,
                             best=f"{f.best_round:+d}"))
    if f.top_yaku:
        lines.append("  " + _("yaku made most: {list}").format(list=", ".join(
            f"{yaku_words(y)} ×{n}" for y, n in f.top_yaku)))
    if f.undos or f.hints:
        lines.append("  " + _("undos {undos}, hints {hints}").format(undos=f.undos,
                                                                      hints=f.hints))
    return lines


def cmd_stats(db_path: str | Path, as_json: bool,
              yaku_words: Callable[[str], str] = str) -> int:
    """`python -m game stats [--json]`: 0, or 2 after one sentence on stderr (a locked,
    unreadable or newer file; the details go to the log, never beside the sentence)."""
    try:
        (figs, total, damaged), message = read(db_path, lambda db: (
            db.summary(), db.count(), db.damaged_games()), thorough=False)
    except NewerStats:
        from game import pending  # the journal is beside the statistics file

        waiting = pending.waiting(Path(db_path).parent)
        print(f"error: {newer_waiting_words(waiting)}", file=sys.stderr)
        return 2
    except StatsError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if message:
        print(message, file=sys.stderr)
    if as_json:
        print(json.dumps({"games": total, "damaged": damaged,
                          "groups": [f.as_json() for f in figs]}, ensure_ascii=False))
    else:
        print("\n".join(figures_lines(figs, total, yaku_words, damaged)))
    return 0
