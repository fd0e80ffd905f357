"""The records list as words: each record's game, players and levels, date, rounds and
result, sorted and filtered (the Replays & records page, docs/design/TABLE.md §1's
"Replays & records"). No pygame: tested without a window.

Facts come from game.records_index (the engine's totals and winners, the record's seats and
finish time); this module only chooses words for them. The player's placing is the rank of
the viewer's total among the engine's totals; a game with no human seat names its winners.
A file that is not a usable record is one row with its sentence (game.replays), listed
after the games whatever the order, so it never hides the others.
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
from dataclasses import dataclass

from game import i18n, replays
from game.i18n import N_, _, ngettext
from game.play.narrate import is_you
from game.play.numbers import amount
from game.records_index import Summary
from game.seats import clean_name
from game.text import file_name_words


class Order(enum.StrEnum):
    DATE = "date"
    GAME = "game"
    RESULT = "result"


ORDER_WORDS = {Order.DATE: N_("Sort: newest first"), Order.GAME: N_("Sort: by game"),
               Order.RESULT: N_("Sort: best result first")}


def signed(v: int) -> str:
    """A total by sign and arrow as well as colour, as the table writes it (TABLE.md §3)."""
    if v > 0:
        return f"▲ {amount(v, sign=True)}"
    return f"▼ {amount(v)}" if v < 0 else "0"


def game_words(ruleset: str) -> str:
    """The game's name in words (the engine's title, translated)."""
    from game.engine import rulesets

    try:
        title = rulesets.ruleset_class(ruleset).title
        return _(title) if title else ruleset
    except (KeyError, ValueError):
        return file_name_words(ruleset, 40)


def level_words(kind: str) -> str:
    """'Human', or the computer player's level ('Beginner' ... 'Master'), or the name of
    a computer player that has no level (the arena's players), as the table's plates say."""
    import ai

    if kind == "human":
        return _("Human")
    if not kind.startswith("ai:"):
        return _("Unknown player")
    aid = kind[3:]
    level = next((lv for lv, agent, _d in ai.LEVELS if agent == aid), None)
    if level is not None:
        return _(level)
    if aid in ai.AGENT_NAMES:
        return _(ai.AGENT_NAMES[aid])
    return _("Unknown player")


@functools.lru_cache(maxsize=4096)
def _name(name: str, fallback: str) -> str:
    """clean_name, kept: a thousand records hold a few names many times, and making one
    drawable costs tens of microseconds."""
    return clean_name(name, fallback)


@functools.lru_cache(maxsize=256)
def _level(kind: str, language: str) -> str:
    return level_words(kind)


def seat_names(s: Summary) -> list[str]:
    """The seats' names; the default "You" in the player's language (issue 45)."""
    return [_("You") if is_you(seat.name) else _name(seat.name, _("Seat {n}").format(n=i + 1))
            for i, seat in enumerate(s.seats)]


def players_words(s: Summary) -> str:
    """'Mia (Human) · Ren (Beginner) · Yui (Expert)'."""
    lang = i18n.language()
    return " · ".join(_("{name} ({level})").format(name=n, level=_level(seat.kind, lang))
                      for n, seat in zip(seat_names(s), s.seats, strict=True))


def when_words(s: Summary) -> str:
    """The finish time in the player's local time, numbers only; the file's time when the
    record keeps none."""
    try:
        if s.finished_at:
            return dt.datetime.fromisoformat(s.finished_at).astimezone().strftime(
                "%Y-%m-%d %H:%M")
        return dt.datetime.fromtimestamp(s.mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return ""


def sort_time(s: Summary) -> float:
    try:
        if s.finished_at:
            return dt.datetime.fromisoformat(s.finished_at).timestamp()
    except (ValueError, OverflowError, OSError):
        pass
    return s.mtime_ns / 1e9


def placing(s: Summary, seat: int) -> int:
    """1 for a game winner (the engine's), else 1 + the seats with a higher total."""
    if seat in s.winners:
        return 1
    better = sum(1 for t in s.totals if t > s.totals[seat])
    return max(2 if s.winners else 1, 1 + better)


def result_words(s: Summary) -> str:
    """The viewer's placing and total, or who won; an unfinished game says so."""
    names = seat_names(s)
    me = s.viewer
    if me is not None and me < len(s.totals):
        total = signed(s.totals[me])
        if not s.finished:
            return _("Unfinished · you {total}").format(total=total)
        place = placing(s, me)
        if place == 1:
            return _("Won · {total}").format(total=total) if len(s.winners) <= 1 else \
                _("Shared win · {total}").format(total=total)
        return _("Place {place} of {n} · {total}").format(place=place, n=len(s.totals),
                                                          total=total)
    if not s.totals:
        return ""
    if not s.finished:
        best = max(range(len(s.totals)), key=lambda i: s.totals[i])
        return _("Unfinished · ahead: {name} {total}").format(
            name=names[best], total=signed(s.totals[best]))
    return ngettext("Winner: {names}", "Winners: {names}", len(s.winners)).format(
        names=", ".join(f"{names[w]} {signed(s.totals[w])}" for w in s.winners))


def result_value(s: Summary) -> int | None:
    """The viewer's total, or None (no human seat): 'best result first' sorts on it."""
    me = s.viewer
    return s.totals[me] if me is not None and me < len(s.totals) else None


@dataclass(frozen=True)
class Row:
    summary: Summary
    title: str  # "Hachi-Hachi · 2026-11-23 21:05 · 12 rounds", or the file's name
    players: str  # "Mia (Human) · Ren (Beginner)", or the problem in words
    result: str
    tone: int  # >0 good, <0 bad, 0 neutral (the colour of the result)
    names: tuple[str, ...] = ()  # the seats' names as drawn (the search looks in them)
    game: str = ""  # the game in words (the order by game)

    @property
    def ok(self) -> bool:
        return self.summary.ok


def row_of(s: Summary) -> Row:
    if not s.ok:
        return Row(s, file_name_words(s.file, 120), replays.problem_words(s.problem or ""),
                   "", 0)
    game = game_words(s.ruleset)
    title = ngettext("{game} · {when} · {n} round", "{game} · {when} · {n} rounds",
                     s.rounds).format(game=game, when=when_words(s), n=s.rounds)
    value = result_value(s)
    # a win is good news, a loss in mon bad news, a place with a gain neither
    tone = 0 if value is None or not s.finished else (
        1 if s.viewer in s.winners else (-1 if value < 0 else 0))
    return Row(s, title, players_words(s), result_words(s), tone,
               tuple(n.casefold() for n in seat_names(s)), game.casefold())


class RecordsModel:
    """The rows on screen: every summary, sorted by `order`, filtered by game and by a
    player's name (case-insensitive, anywhere in a name). Each summary's words are made
    once and kept (a thousand rows: making them costs about half a second; sorting and
    filtering the kept ones, a few milliseconds); `forget_words` after a language change."""

    def __init__(self) -> None:
        self.summaries: list[Summary] = []
        self.order = Order.DATE
        self.game: str | None = None
        self.search = ""
        self.rows: list[Row] = []
        self._words: dict[Summary, Row] = {}

    def forget_words(self) -> None:
        self._words.clear()
        self.refresh()

    def _row(self, s: Summary) -> Row:
        row = self._words.get(s)
        if row is None:
            row = self._words[s] = row_of(s)
        return row

    def set(self, summaries: list[Summary]) -> None:
        self.summaries = list(summaries)
        if self.game is not None and self.game not in self.games():
            self.game = None
        self.refresh()

    def games(self) -> list[str]:
        """The rulesets among the records, in the order of their words."""
        return sorted({s.ruleset for s in self.summaries if s.ok},
                      key=lambda r: game_words(r).casefold())

    def next_game(self, step: int = 1) -> None:
        choices: list[str | None] = [None, *self.games()]
        i = choices.index(self.game) if self.game in choices else 0
        self.game = choices[(i + step) % len(choices)]
        self.refresh()

    def next_order(self, step: int = 1) -> None:
        orders = list(Order)
        self.order = orders[(orders.index(self.order) + step) % len(orders)]
        self.refresh()

    def set_search(self, text: str) -> None:
        self.search = text
        self.refresh()

    def game_filter_words(self) -> str:
        return _("Game: {game}").format(game=game_words(self.game)) if self.game \
            else _("Game: all")

    def order_words(self) -> str:
        return _(ORDER_WORDS[self.order])

    def _keep(self, row: Row, needle: str) -> bool:
        s = row.summary
        if not s.ok:  # a damaged file stays in sight unless a filter is chosen
            return self.game is None and not needle
        if self.game is not None and s.ruleset != self.game:
            return False
        return not needle or any(needle in n for n in row.names)

    def refresh(self) -> None:
        if len(self._words) > 4 * len(self.summaries) + 100:  # files gone: drop their words
            keep = set(self.summaries)
            self._words = {s: r for s, r in self._words.items() if s in keep}
        needle = self.search.strip().casefold()
        shown = [r for r in map(self._row, self.summaries) if self._keep(r, needle)]
        good = [r for r in shown if r.ok]
        bad = sorted((r for r in shown if not r.ok), key=lambda r: r.summary.file)
        good.sort(key=lambda r: sort_time(r.summary), reverse=True)  # newest first, then
        if self.order is Order.GAME:  # the chosen key (a stable sort keeps the dates')
            good.sort(key=lambda r: r.game)
        elif self.order is Order.RESULT:
            good.sort(key=lambda r: (result_value(r.summary) is None,
                                     -(result_value(r.summary) or 0)))
        self.rows = good + bad

    def count_words(self) -> str:
        n = len(self.rows)
        total = len(self.summaries)
        if n == total:
            return ngettext("{n} record", "{n} records", n).format(n=n)
        return ngettext("{n} of {total} record", "{n} of {total} records", total).format(
            n=n, total=total)


__all__ = ["ORDER_WORDS", "Order", "RecordsModel", "Row", "level_words", "placing",
           "players_words", "result_words", "row_of", "when_words"]
