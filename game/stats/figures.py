"""What the screens read: a row of figures per kind of game, a past game of the History list,
and the checks that turn a row SQLite gives back into one of them.

Every value SQLite gives back is checked before it is drawn (`valid_game`, `values.whole`):
a row that is not what this program writes is left out, never drawn half-read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.stats.schema import DAMAGED_IDS, ROUNDS_OK
from game.stats.values import MAX_COUNT, count_of, int_list, record_name, share, whole
from game.text import clean_line


@dataclass
class Figures:
    """One row of the statistics: a ruleset against one kind of opponent."""

    ruleset: str
    opponents: str
    games: int = 0
    wins: int = 0
    rounds: int = 0
    avg_net: float | None = None  # per round (misdeals not counted), the player's seat
    best_round: int | None = None
    top_yaku: list[tuple[str, int]] = field(default_factory=list)
    hints: int = 0
    undos: int = 0

    def as_json(self) -> dict:
        return {"ruleset": self.ruleset, "opponents": self.opponents, "games": self.games,
                "wins": self.wins, "rounds": self.rounds,
                "avg_net_per_round": None if self.avg_net is None else round(self.avg_net, 2),
                "best_round": self.best_round,
                "top_yaku": [{"yaku": y, "times": n} for y, n in self.top_yaku],
                "hints": self.hints, "undos": self.undos}


@dataclass
class HistoryItem:
    """One past game in the History list."""

    id: int
    ruleset: str
    finished_at: str
    opponents: str
    names: list[str]
    player_seat: int | None
    won: bool | None  # None: no human seat
    net: int | None  # the player's total
    rounds: int
    record_file: str | None
    undos: int
    hints: int
    accuracy: float | None = None  # the latest game review's, 0..1 (None: not reviewed)


def _counted_sql(column: str) -> str:
    """SQL: the column's value when it is a count this program writes, else NULL."""
    return f"CASE WHEN {column} BETWEEN 0 AND {MAX_COUNT} THEN {column} END"


# one row per kind of game (ruleset, opponents), read from the games_figures index alone
FIGURES_SQL = (
    "SELECT ruleset, opponents, COUNT(*), TOTAL(won = 1),"
    f" TOTAL({_counted_sql('hints')}), TOTAL({_counted_sql('undos')}),"
    f" TOTAL(CASE WHEN {ROUNDS_OK} THEN player_rounds END),"
    f" TOTAL(CASE WHEN {ROUNDS_OK} THEN player_net END),"
    f" MAX(CASE WHEN {ROUNDS_OK} THEN player_best END)"
    f" FROM games INDEXED BY games_figures WHERE id NOT IN ({DAMAGED_IDS})"
    " GROUP BY ruleset, opponents")
def valid_game(gid: object, rs: object, opp: object, seat: object, winners: object,
               totals: object) -> tuple | None:
    """A game row's values, checked: (id, ruleset, opponents, seat, winners, totals) with
    text made drawable, or None when any of them is not what the program writes."""
    if not isinstance(gid, int) or not isinstance(rs, str) or not isinstance(opp, str):
        return None
    won = int_list(winners)
    tot = int_list(totals)
    if won is None or not tot:
        return None
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(tot)):
        return None
    rs, opp = clean_line(rs, 60), clean_line(opp, 120)
    if not rs or not opp:
        return None
    return gid, rs, opp, seat, won, tot


def add_group_row(f: Figures, n: int, wins: object, hints: object, undos: object,
                   rounds: object, net: float, best: object) -> float | None:
    """Add one row of FIGURES_SQL (the same names made drawable may share a group) to
    `f`; the net of its rounds when it has real round figures, else None."""
    f.games += n
    f.wins += whole(wins) or 0
    f.hints += whole(hints) or 0
    f.undos += whole(undos) or 0
    best = whole(best)
    if not whole(rounds) or best is None:
        return None
    f.rounds += whole(rounds) or 0
    f.best_round = best if f.best_round is None else max(f.best_round, best)
    return net


def history_item(game: tuple, when: object, names: list[str], rf: object, undos: object,
                  hints: object, rounds: object, acc: object) -> HistoryItem:
    """A History row from a checked game (`valid_game`) and the row's other values."""
    gid, rs, opp, seat, won_by, tot = game
    return HistoryItem(gid, rs, clean_line(when, 40), opp, names, seat,
                       None if seat is None else seat in won_by,
                       None if seat is None else tot[seat], count_of(rounds),
                       record_name(rf), count_of(undos), count_of(hints), share(acc))
