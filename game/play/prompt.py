"""The table's prompt row in words: whose turn it is and what the human on screen is asked
(TABLE.md §5.6), and the sitting-out banner's line. No pygame here: the table gathers the
facts, these functions say them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.view import PlayerView
from game.i18n import _
from game.play.narrate import joined
from game.play.session import Step
from game.play.terms import card_name, month_name, target_prompt


@dataclass(frozen=True)
class Turn:
    """Where the turn stands, as the table sees it."""

    step: Step  # the game's next step
    to_move: int  # the seat to act
    viewer: int  # the seat on screen
    mine: bool  # the human on screen is to act (and may see their hand)
    hotseat: bool  # several humans share the screen: they are named
    thinking: bool = False  # the computer to move has been thinking a while
    candidates: int = 0  # cards to choose between (a choice of target)
    selected: str | None = None  # the hand card whose target is being chosen
    drawn: str | None = None  # the drawn card whose target is being chosen
    away: bool = False  # the phone to move has no page open (a party game, issue 28)


def turn_prompt(view: PlayerView, names: list[str], t: Turn) -> str:
    """The prompt row's sentence; "" when nobody is asked anything."""
    if t.step is Step.AI:
        return (_("{name} is thinking…") if t.thinking else _("{name}'s turn")).format(
            name=names[t.to_move])
    if t.step is Step.PHONE:
        if t.away:
            return _("{name}'s phone is away — waiting (Esc → Phones)").format(
                name=names[t.to_move])
        return _("{name}'s turn — on their phone").format(name=names[t.to_move])
    if t.step is not Step.HUMAN:
        return ""
    if not t.mine:
        return _("{name}'s turn").format(name=names[t.to_move])
    if view.phase == "take":
        if t.drawn:
            return _("Choose which card the {card} takes (1–{n})").format(
                card=card_name(t.drawn), n=t.candidates)
        return _("Choose which card the drawn card takes (1–{n})").format(n=t.candidates)
    if t.selected is not None:
        ask = target_prompt(view.capture_rule).format(month=month_name(t.selected),
                                                      card=card_name(t.selected))
        return _("{prompt} (1–{n})").format(prompt=ask, n=t.candidates)
    name = names[t.viewer]
    if view.phase == "play":
        return _("{name}, your turn — play a card").format(name=name) if t.hotseat \
            else _("Your turn — play a card")
    return _("{name}, your decision — see the panel").format(name=name) if t.hotseat \
        else _("Your decision — see the panel")


def sit_out_text(names: list[str], humans: list[int], hotseat: bool) -> str:
    """The sitting-out banner: who sits this round out."""
    if not hotseat:
        return _("You sit out")
    who = [names[h] for h in humans]
    if len(who) < 2:
        return _("{names} sit out").format(names=joined(who))
    return _("{names} and {last} sit out").format(names=joined(who[:-1]), last=who[-1])
