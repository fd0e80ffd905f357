"""The words of a decision at the table, for every front end (issue 44): each choice's label
and short name, the drop-out window's line and what it adds to Join and Drop, what sage
risks (the opponents' yaku in reach), the footer's keys. No pygame: the window's panel
(game/ui/panels.py) and the phone's page (game/party/protocol.py) both say these.

Every amount and fact is the engine's (`view.dropout`, `view.watch`, `view.turns_left`);
tables of words are marked with N_ and translated where they are shown.

The decision after a yaku has the words of its game (issue 47): the ruleset's
`decision_words` (the view's `decision_words`) picks "sage" (下げ Sage or 勝負 Shoubu, the 88
family) or "koikoi" (こいこい Koi-koi or Stop); each function takes it, "sage" by default.
"""

from __future__ import annotations

from game import i18n
from game.engine.actions import CANCEL, DROP, JOIN, MIZUTEN, PASS, SAGE, SHOUBU, SWAP
from game.engine.view import PlayerView
from game.i18n import N_, _, ngettext, pgettext
from game.play.choices import money
from game.play.narrate import joined
from game.play.terms import badge, plain, style, term

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
# Koi-Koi's words for the same decision (the engine's sage is its koi-koi, shoubu its stop)
KOIKOI = "koikoi"
KOIKOI_LABELS = {SAGE: N_("こいこい Koi-koi — play on for more"),
                 SHOUBU: N_("Stop — score now")}
KOIKOI_SHORT = {SAGE: N_("Koi-koi"), SHOUBU: N_("Stop")}
KOIKOI_TITLES = {"decide": N_("You made a yaku: koi-koi or stop?")}
LAST_TURN = {"sage": N_("Last turn — shoubu (sage cannot gain)"),
             KOIKOI: N_("Last turn — stop (koi-koi cannot gain)")}
# a call as the table stamps it, and as a plate keeps it (the chronicle's status)
CALLS = {"sage": {SAGE: N_("下げ Sage!"), SHOUBU: N_("勝負 Shoubu!")},
         KOIKOI: {SAGE: N_("こいこい Koi-koi!"), SHOUBU: N_("Stop!")}}


def label(verb: str, phase: str, words: str = "sage") -> str:
    """A decision button's words, in the player's language (`words`: the game's decision
    words, the view's `decision_words`)."""
    if verb == PASS:
        return _(PASS_LABEL[phase]) if phase in PASS_LABEL else pgettext("decision", "Pass")
    if words == KOIKOI and verb in KOIKOI_LABELS:
        return plain(_(KOIKOI_LABELS[verb]))
    return plain(_(LABELS[verb]))


def short(verb: str, phase: str, words: str = "sage") -> str:
    """The short name of a decision in the footer's key list ("1 Sage · 2 Shoubu",
    "1 Koi-koi · 2 Stop")."""
    if verb == PASS:
        return _(SHORT_PASS[phase]) if phase in SHORT_PASS else pgettext("decision", "Pass")
    if words == KOIKOI and verb in KOIKOI_SHORT:
        return _(KOIKOI_SHORT[verb])
    return _(SHORT[verb])


def title(phase: str, words: str = "sage", only_stop: bool = False) -> str:
    """The decision panel's title; `only_stop`: the last turn, where playing on cannot
    gain (the engine offers the stop alone)."""
    if phase == "decide" and only_stop:
        return _(LAST_TURN[KOIKOI if words == KOIKOI else "sage"])
    if words == KOIKOI and phase in KOIKOI_TITLES:
        return _(KOIKOI_TITLES[phase])
    return _(TITLES[phase]) if phase in TITLES else _("Your decision")


def call_words(verb: str, words: str = "sage", calls: int = 0) -> str:
    """A call as the table stamps it on its caller's plate ("下げ Sage!", "こいこい Koi-koi!"),
    by the term style; a second koi-koi and later ones say how many this round ("こいこい
    Koi-koi ×2!", `calls` from the view's `sage_calls`). "" for a verb that is no call."""
    said = CALLS[KOIKOI if words == KOIKOI else "sage"].get(verb)
    if said is None:
        return ""
    if words == KOIKOI and verb == SAGE and calls >= 2:
        return plain(_("こいこい Koi-koi ×{n}!")).format(n=calls)
    return plain(_(said))


def call_badge(words: str, calls: int) -> str:
    """The badge of a seat that played on, beside its name: 88's "下げ" (terms.badge), or
    Koi-Koi's call with the count this round ("こいこい ×2"; "Koi-koi ×2" with the
    translation style)."""
    if words != KOIKOI:
        return badge("sage")
    translated = style() == "translation" and not i18n.is_japanese()
    name = _(KOIKOI_SHORT[SAGE]) if translated else "こいこい"
    return name if calls <= 1 else _("{call} ×{n}").format(call=name, n=calls)


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


__all__ = ["CALLS", "DECISION_VERBS", "KOIKOI", "KOIKOI_LABELS", "KOIKOI_SHORT",
           "KOIKOI_TITLES", "LABELS", "LAST_TURN", "MOST_THREATS", "NO_DEFAULT", "NO_THREAT",
           "PASS_LABEL", "SHORT", "SHORT_PASS", "TITLES", "call_badge", "call_words",
           "dropout_line", "footer", "label", "short", "threat_lines", "title",
           "window_words"]
