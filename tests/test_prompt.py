"""The prompt row's words (game.play.prompt), without a window: whose turn, what the human on
screen is asked, hot-seat names, the sitting-out line."""

from __future__ import annotations

import dataclasses

from game.engine import rulesets
from game.play.prompt import Turn, sit_out_text, turn_prompt
from game.play.session import Step

NAMES = ["You", "Ren", "Yui"]


def view(phase: str = "play"):  # noqa: ANN201
    st = rulesets.get("hachihachi").new_state(3, 0, events=False)
    return dataclasses.replace(st.view(0), phase=phase)


def test_a_computer_is_named_and_said_to_think_after_a_while():
    t = Turn(Step.AI, 1, 0, False, False)
    assert turn_prompt(view(), NAMES, t) == "Ren's turn"
    assert turn_prompt(view(), NAMES, dataclasses.replace(t, thinking=True)) == \
        "Ren is thinking…"


def test_nobody_is_asked_between_steps():
    for step in (Step.DEAL, Step.CHANCE, Step.OVER):
        assert turn_prompt(view(), NAMES, Turn(step, 1, 0, False, False)) == ""


def test_the_human_on_screen_is_asked_by_name_only_in_hot_seat():
    mine = Turn(Step.HUMAN, 0, 0, True, False)
    assert turn_prompt(view(), NAMES, mine) == "Your turn — play a card"
    assert turn_prompt(view(), ["Ana", "Ben", "Yui"], dataclasses.replace(mine, hotseat=True)) \
        == "Ana, your turn — play a card"
    assert turn_prompt(view("dropout"), NAMES, mine) == "Your decision — see the panel"
    other = Turn(Step.HUMAN, 1, 0, False, True)  # before the hand-over: the other's turn
    assert turn_prompt(view(), ["Ana", "Ben", "Yui"], other) == "Ben's turn"


def test_a_choice_of_target_names_the_card_and_counts_the_candidates():
    t = Turn(Step.HUMAN, 0, 0, True, False, candidates=2, drawn="crane")
    assert turn_prompt(view("take"), NAMES, t) == \
        "Choose which card the Crane takes (1–2)"
    t = dataclasses.replace(t, drawn=None)
    assert turn_prompt(view("take"), NAMES, t) == \
        "Choose which card the drawn card takes (1–2)"
    t = dataclasses.replace(t, selected="cherry_ribbon")
    line = turn_prompt(view(), NAMES, t)
    assert line.endswith("(1–2)") and "Cherry" in line


def test_who_sits_out():
    assert sit_out_text(NAMES, [0], False) == "You sit out"
    assert sit_out_text(["Ana", "Ben", "Kai"], [0], True) == "Ana sit out"
    assert sit_out_text(["Ana", "Ben", "Kai"], [0, 1], True) == "Ana and Ben sit out"
