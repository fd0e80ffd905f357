"""The words of a decision at the table, for every front end (issue 44): each choice's label
and short name, the drop-out window's line and what it adds to Join and Drop, what sage
risks (the opponents' yaku in reach), the footer's keys. No pygame: the window's panel
(game/ui/panels.py) and the phone's page (game/party/protocol.py) both say these.

Every amount and fact is the engine's (`view.dropout`, `view.watch`, `view.turns_left`);
tables of words are marked with N_ and translated where they are shown.
"""

from __future__ import annotations

from game.engine.actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP
from game.engine.view import PlayerView
from game.i18n import N_, _, ngettext, pgettext
from game.play.choices import money
from game.play.narrate import joined
from game.play.terms import plain, term

DECISION_VERBS = {SAGE, SHOUBU, CANCEL, JOIN, DROP, MIZUTEN, SWAP, PASS}
# Tables of words built at import: marked with N_, translated where they are shown (label())
LABELS = {SAGE: N_("下げ Sage — play on"), SHOUBU: N_("勝負 Shoubu — stop now"),
          CANCEL: N_("取消 Cancel — end the round now"), JOIN: N_("Join this round"),
          DROP: N_("Drop out"), MIZUTEN: N_("不見転 Declare Mizuten — play blind"),
          SWAP: N_("Swap with the dealer's hand (unseen)")}
TITLES = {"decide": N_("You made a yaku: sage or shoubu?"), "dropout": N_("Join this round?"),
          "mizuten": N_("Mizuten? (you are the dealer)"),
          "swap": N_("Swap hands with the dealer?"),
          "play": N_("You may cancel (you called sage)")}
PASS_LABEL = {"mizuten": N_("Look at my hand — no bonus, no penalty"),
              "swap": N_("Keep my hand")}
SHORT = {SAGE: N_("Sage"), SHOUBU: N_("Shoubu"), CANCEL: N_("Cancel"), JOIN: N_("Join"),
         DROP: N_("Drop out"), MIZUTEN: N_("Mizuten"), SWAP: N_("Swap")}
SHORT_PASS = {"mizuten": N_("Look at my hand"), "swap": N_("Keep my hand")}
NO_DEFAULT = frozenset({"decide"})  # phases where Enter alone must not choose


def label(verb: str, phase: str) -> str:
    """A decision button's words, in the player's language."""
    if verb == PASS:
        return _(PASS_LABEL[phase]) if phase in PASS_LABEL else pgettext("decision", "Pass")
    return plain(_(LABELS[verb]))


def short(verb: str, phase: str) -> str:
    """The short name of a decision in the footer's key list ("1 Sage · 2 Shoubu")."""
    if verb == PASS:
        return _(SHORT_PASS[phase]) if phase in SHORT_PASS else pgettext("decision", "Pass")
    return _(SHORT[verb])


def _names(names: list[str], seats: tuple[int, ...]) -> str:
    return joined(names[s] if s < len(names) else _("Seat {n}").format(n=s + 1) for s in seats)


def dropout_line(view: PlayerView, names: list[str]) -> str | None:
    """The drop-out phase line (issue 23, minor 15): "Drop-out · joined 2 of 3 · pot 24 mon
    · Ren decides" (the prompt says when the viewer decides), from the engine's view of the
    window; None outside it."""
    w = view.dropout
    if w is None:
        return None
    line = _("Drop-out · joined {k} of {n}").format(k=len(w.joined), n=w.target)
    if w.pot:
        line = _("{line} · pot {money}").format(line=line, money=money(w.pot))
    if w.deciding >= 0 and w.deciding != view.seat:  # the prompt says when it is yours
        return _("{line} · {name} decides").format(line=line, name=_names(names,
                                                                            (w.deciding,)))
    return line


def window_words(view: PlayerView, verb: str, names: list[str]) -> list[str]:
    """What the drop-out window adds to a Join or Drop button: the pot, who a join would
    force out, why a join is compulsory (issue 23, minor 15). All from `view.dropout`."""
    w = view.dropout
    if w is None or w.deciding != view.seat or verb not in (JOIN, DROP):
        return []
    out = []
    if verb == JOIN:
        if w.must_join == "mizuten":
            out.append(_("You declared mizuten: the dealer must play."))
        elif w.must_join == "compulsory":
            out.append(ngettext("Only {n} seat is left for a round of {n}: you must play.",
                                "Only {n} seats are left for a round of {n}: you must play.",
                                w.target).format(n=w.target))
        if w.forced_if_join:
            out.append(ngettext(
                "If you join, the table is full: {names} is forced out.",
                "If you join, the table is full: {names} are forced out.",
                len(w.forced_if_join)).format(names=_names(names, w.forced_if_join)))
        out.append(_("The pot holds {money} now.").format(money=money(w.pot)))
    return out


MOST_THREATS = 2  # per opponent, the nearest first: the panel keeps room for its buttons
NO_THREAT = N_("No opponent can still make a yaku this round.")


def threat_lines(view: PlayerView, names: list[str], most: int = MOST_THREATS) -> list[str]:
    """What sage risks: each opponent's combinations in reach (the engine's `view.watch`,
    not yet made, nearest first) and the turns that opponent has left (`view.turns_left`).
    One line per opponent with any (`most` yaku each); a line saying so when none has."""
    out = []
    for s in view.active:
        if s == view.seat or s >= len(view.watch):
            continue
        turns = view.turns_left[s] if s < len(view.turns_left) else 0
        near = sorted((p for p in view.watch[s] if not p.made and p.reachable),
                      key=lambda p: p.need - p.have)[:most]
        if not near or turns <= 0:
            continue
        yaku = joined(_("{yaku} {have}/{need}").format(yaku=term(p.id), have=p.have,
                                                        need=p.need) for p in near)
        out.append(ngettext("{name} ({n} turn left): {yaku}",
                            "{name} ({n} turns left): {yaku}", turns).format(
            name=_names(names, (s,)), yaku=yaku, n=turns))
    return out or [_(NO_THREAT)]


def footer(phase: str, keys: list[str], no_default: bool) -> str:
    """What each number key does, and what Enter does (or that it does nothing).
    `keys` are "1 Sage", "2 Shoubu": the number first (the only choice's key is 1)."""
    if phase == "play":
        return _("Or play a card to continue.")
    if len(keys) == 1:
        return _("The only choice here: press {key} or Enter.").format(key=1)
    if no_default:
        return _("Press {keys} (no default: Enter alone does nothing)").format(
            keys=" · ".join(keys))
    return _("Press {keys} · Enter = 1").format(keys=" · ".join(keys))


__all__ = ["DECISION_VERBS", "LABELS", "MOST_THREATS", "NO_DEFAULT", "NO_THREAT",
           "PASS_LABEL", "SHORT", "SHORT_PASS", "TITLES", "dropout_line", "footer", "label",
           "short", "threat_lines", "window_words"]
