"""The table's memory of public events: the log, plate statuses, where the round stands.

One `Chronicle` is fed every event the table shows, live or replayed from a saved record, so a
continued game rebuilds exactly the log, the plates and the round's progress it had (issue 11:
Continue must be faithful). Each line is labelled with the round its event belongs to (the
engine names it in `round_start` and `round_end`), never with a round counter read from the
state, which has already moved on when the last events of a round are shown. No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.events import Event
from game.i18n import N_, _, ngettext, pgettext
from game.play.decisions import KOIKOI
from game.play.narrate import is_you, joined, narrate, yaku_points
from game.play.numbers import amount
from game.play.terms import plain

# plate statuses that last the whole round (TABLE.md §5.4: the plate says who is in)
# (the same words as the table's stamps, so a plate never shows a status and its stamp twice)
STATUSES = {"join": N_("Joined ✓"), "drop": N_("Dropped"), "forced_out": N_("Forced out"),
            "blank": N_("Blank card"), "sage": N_("下げ Sage!"), "mizuten": N_("不見転 Mizuten!")}
# events of a seat's own turn: the hand-over's summary starts after the last of them
OWN_TURN = frozenset({"played", "placed", "captured", "drew", "sage", "shoubu", "cancel",
                      "join", "drop", "mizuten", "swap"})


class Chronicle:
    """Log lines and per-round facts derived from public events only."""

    def __init__(self, names: list[str], multiplier: bool = True,
                 words: str = "sage") -> None:
        self.names = list(names)
        # a game without a field multiplier (rs.carry_rule None) never logs one (issue 13)
        self.multiplier = multiplier
        # the game's decision words (the ruleset's decision_words): Koi-Koi's calls (issue 47)
        self.words = words
        self.points: dict[int, int] = {}  # seat -> its yaku points at its last yaku event
        self.lines: list[str] = []
        self.statuses: dict[int, str] = {}
        self.reasons: dict[int, tuple[int, ...]] = {}  # forced out: the seats that joined
        self.joined: list[int] = []  # seats that joined this round's drop-out window
        self.events: list[Event] = []  # every event noted: the log is retold from them
        self.since: dict[int, int] = {}  # seat -> index of the first line after its turn
        self.round = 1
        self.play_started = False  # the round's first turn has come (the reveal is due)
        self.card_played = False  # a card has been played this round
        self.round_over = False  # a round_end came and no new round has started

    def note(self, ev: Event) -> str | None:
        """Record one event; returns its log line (None for silent events)."""
        d = ev.data
        self.events.append(ev)
        if ev.kind == "round_start":
            self.round = int(d.get("round", self.round + 1))
            self.statuses.clear()
            self.reasons.clear()
            self.joined = []
            self.points.clear()
            self.play_started = self.card_played = self.round_over = False
        rnd = int(d.get("round", self.round)) if ev.kind == "round_end" else self.round
        points = yaku_points(ev)
        if points is not None and ev.seat >= 0:
            self.points[ev.seat] = points
        line = narrate(ev, self.names, rnd, self.words, self.points.get(ev.seat))
        if ev.kind == "join" and ev.seat >= 0:
            self.joined.append(ev.seat)
        elif ev.kind == "forced_out" and ev.seat >= 0 and self.joined:
            why = forced_out_why(self.names, ev.seat, self.joined)
            self.reasons[ev.seat] = tuple(self.joined)
            line = pgettext("log line", "R{round} {line}").format(round=rnd, line=why)
        if ev.kind == "multiplier" and not self.multiplier:
            line = None
        if line:
            self.lines.append(line)
        if ev.kind == "sage" and self.words == KOIKOI:
            pass  # Koi-Koi: the plate's badge counts the calls ("こいこい ×2", the view's)
        elif ev.kind in STATUSES and ev.seat >= 0:
            self.statuses[ev.seat] = plain(_(STATUSES[ev.kind]))
        elif ev.kind == "cancel" and ev.seat >= 0:
            self.statuses.pop(ev.seat, None)
        elif ev.kind == "payment" and d.get("reason") == "dropout_fee" and \
                isinstance(d.get("from"), int):  # the bench chip names the fee (issue 11)
            self.statuses[d["from"]] = _("Dropped · paid {amount}").format(
                amount=amount(d["amount"]))
        if ev.kind in OWN_TURN and ev.seat >= 0:
            self.since[ev.seat] = len(self.lines)
        if ev.kind == "turn":
            self.play_started = True
        elif ev.kind == "played":
            self.card_played = True
        elif ev.kind == "round_end":
            self.round_over = True
        return line

    def why(self, seat: int, to_them: bool = False) -> str:
        """Why `seat` sits this round out, when the table knows ("" otherwise); `to_them`:
        said to that seat's player ("You were forced out: …")."""
        first = self.reasons.get(seat)
        if not first:
            return ""
        return forced_out_why(self.names, seat, list(first), to_them)

    def replay(self, events: Iterable[Event]) -> None:
        for ev in events:
            self.note(ev)

    def retell(self, names: list[str]) -> None:
        """Tell the whole log again (the language changed, or the names did): the same
        events, today's words. The lists are refilled in place, so whoever holds them
        (the table's log drawer) sees the new lines."""
        events, lines, statuses = self.events, self.lines, self.statuses
        self.__init__(names, self.multiplier, self.words)
        lines.clear()
        statuses.clear()
        self.lines, self.statuses = lines, statuses
        self.replay(events)

    def since_turn_of(self, seat: int) -> list[str]:
        """The public lines since `seat` last acted (all of them before its first turn):
        what a hot-seat player missed while looking away."""
        return self.lines[self.since.get(seat, 0):]

    @property
    def reveal_due(self) -> bool:
        """The teyaku reveal was on screen when play stopped: the round's first turn has
        come and nobody has played yet (afterwards it has certainly been dismissed)."""
        return self.play_started and not self.card_played and not self.round_over


def forced_out_why(names: list[str], seat: int, joined_seats: list[int],
                   to_them: bool = False) -> str:
    """A forced-out seat told why (issue 23, minor 15): the seats that joined before it was
    asked filled the round (the engine's forced_out event follows their join events)."""
    who = names[seat] if seat < len(names) else str(seat)
    first = joined(names[s] if s < len(names) else str(s) for s in joined_seats)
    n = len(joined_seats)
    if to_them or is_you(who):
        return ngettext("You were forced out: {joined} joined before you were asked, and a "
                        "round has {n} player.",
                        "You were forced out: {joined} joined before you were asked, and a "
                        "round has {n} players.", n).format(joined=first, n=n)
    return ngettext("{who} was forced out: {joined} joined before {who} was asked, and a "
                    "round has {n} player.",
                    "{who} was forced out: {joined} joined before {who} was asked, and a "
                    "round has {n} players.", n).format(who=who, joined=first, n=n)
