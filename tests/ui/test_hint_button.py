"""Help where a learner looks (issue 45, items 1-3), driven by real pygame events: "Teach me
to play" leaves the advisor on for the games after it; the Hint button is in sight beside
the prompt at every window size and text scale; hand cards that can take something carry a
notch without hovering; a hint says its reason and a verdict in words, and its figures only
to a player who turned them on; the tour's hints step points at the Hint button; the first
Enter after a hint focuses what it marked."""

from __future__ import annotations

import random

import pygame
import pytest

from game import settings as settings_mod
from game.engine.actions import PLAY, SAGE, SHOUBU, TAKE, Action
from game.engine.cards import INDEX
from game.engine.effects import MoveEffect
from game.play import advice
from game.play.advice import Facts
from game.settings import Settings
from game.ui.cards import CardState
from game.ui.scenes.settings_menu import SettingsScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tour import HINT_TARGET, TourScene, WelcomeScene
from tests.ui.driver import click, frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, my_turn, sage_table, start_table

SEATS = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]


def _turn(app, seed: int = 5) -> TableScene:  # noqa: ANN001
    table = start_table(app, SEATS, seed=seed)
    assert run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app))
    frames(app, 2)
    return table


def _hint(app, table: TableScene):  # noqa: ANN001, ANN202
    click(app, table.hints.buttons["hint"].center)
    view = table.session.view(table.viewer)
    assert run_until(app, lambda: table.hints.advisor.current(view) is not None, 3000)
    frames(app, 2)
    return table.hints.advisor.current(view)


def _welcome(tmp_path, label: str):  # noqa: ANN001, ANN202
    app = make_app(tmp_path, welcome_seen=False)  # the default hints: matches + watch
    app.stack.push(TitleScene(app))
    frames(app, 2)
    welcome = app.stack.top
    assert isinstance(welcome, WelcomeScene)
    click(app, next(b for b in welcome.group.buttons if b.label == label).rect.center)
    frames(app, 2)
    return app


# --- item 1: the button, the advisor after the welcome, the notch ------------------------


def test_teach_me_to_play_leaves_the_advisor_on_until_settings_turn_it_off(tmp_path):
    random.seed(3)
    app = _welcome(tmp_path, "Teach me to play")
    assert app.settings.hints == "advisor"
    assert settings_mod.load(app.paths)[0].hints == "advisor"  # kept for the next run
    table = _turn(app)  # an ordinary game after the lesson: the advisor is there
    assert "hint" in table.hints.buttons
    assert table.hints.allows("advisor") and not table.hints.teaching()
    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 1)
    row = scene.row_keys.index("hints")
    scene.group.index = row
    key(app, pygame.K_LEFT)  # + advisor -> Matches + yaku watch
    assert app.settings.hints == "watch"
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert "hint" not in table.hints.buttons  # hidden: the setting excludes the advisor
    app.close()


def test_i_know_hanafuda_keeps_the_default_hints(tmp_path):
    app = _welcome(tmp_path, "I know hanafuda")
    assert app.settings.hints == Settings().hints == "watch"
    app.close()


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 100), ((1280, 720), 150),
                                             ((1024, 640), 100), ((1024, 640), 150),
                                             ((1024, 640), 200)])
def test_the_hint_button_fits_beside_the_prompt(tmp_path, size, scale):
    app = make_app(tmp_path, size, hints="advisor", ui_scale=scale)
    app.apply_settings()
    table = _turn(app)
    L, _seating = table.current_layout()
    button = table.hints.buttons["hint"]
    assert L.window.contains(button) and L.prompt.contains(button), (button, L.prompt)
    assert button.w >= 40 and button.h >= 16  # a target, not a speck
    for card in table.input.hand_cards():
        assert not button.colliderect(table.tv.card_rects[card]), card
    assert button.right <= L.prompt.right and \
        L.prompt.right - table.tv.prompt_reserve <= button.x  # the prompt ends before it
    colour = app.screen.get_at(button.center)[:3]
    assert colour != app.screen.get_at((L.prompt.x + 2, L.prompt.centery))[:3]  # it stands out
    app.close()


def test_hand_cards_that_can_take_are_notched_without_hovering(tmp_path):
    app = make_app(tmp_path, hints="matches")
    table = _turn(app)
    assert table.input.hover is None and not table.input.show_focus
    rs, field = table.session.rs, table.tv.model.field_cards
    takers = {c for c in table.input.hand_cards() if any(rs.can_capture(c, f) for f in field)}
    assert takers and takers != set(table.input.hand_cards())  # the seed shows both kinds
    states = table.input.states()
    assert {c for c, s in states.items() if s is CardState.CAN_TAKE} == takers
    card = next(iter(takers))  # hovered, a card shows its own state and the field its matches
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, rel=(0, 0), buttons=(0, 0, 0),
                                         pos=table.tv.card_rects[card].center))
    frames(app, 2)
    states = table.input.states()
    assert states[card] is CardState.HOVER and CardState.MATCH in states.values()
    assert {c for c, s in states.items() if s is CardState.CAN_TAKE} == takers - {card}
    app.settings.hints = "off"
    frames(app, 1)
    assert CardState.CAN_TAKE not in table.input.states().values()
    app.close()


def test_the_notch_is_drawn_on_the_card(tmp_path):
    app = make_app(tmp_path, hints="matches")
    table = _turn(app)
    card = table.input.takers()[0]
    rect = table.tv.card_rects[card]
    plain = pygame.Surface(app.screen.get_size())
    app.settings.hints = "off"
    table.draw(plain)
    app.settings.hints = "matches"
    marked = pygame.Surface(app.screen.get_size())
    table.draw(marked)
    top = pygame.Rect(rect.x, rect.y - 6, rect.w, 12)
    assert any(plain.get_at((x, y)) != marked.get_at((x, y))
               for x in range(top.x, top.right) for y in range(top.y, top.bottom))
    app.close()


# --- item 2: words before numbers ---------------------------------------------------------


def test_a_hint_says_why_then_a_verdict_and_figures_only_when_asked(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = _turn(app)
    s = _hint(app, table)
    lines = table.hints.banner
    assert lines[0].startswith(("Hint: Play the", "Hint: Take the")), lines
    assert not any("mon" in line or "Expected" in line for line in lines), lines
    assert len(lines) == 1 or "of your choices" in lines[1]
    scene = SettingsScene(app)  # the player asks for figures
    app.stack.push(scene)
    frames(app, 1)
    button = scene.group.buttons[scene.row_keys.index("hint_figures")]
    assert button.label == "Show figures in hints: Off"
    click(app, button.rect.center)
    assert app.settings.hint_figures and settings_mod.load(app.paths)[0].hint_figures
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert table.hints.current() == s
    assert table.hints.banner[0] == lines[0]  # the reason still comes first
    assert any("Expected for you this round" in line for line in table.hints.banner[1:])
    app.close()


def test_hint_figures_is_a_setting_that_falls_back_alone():
    assert Settings().hint_figures is False
    assert Settings(hint_figures="yes", hints="advisor").cleaned().hint_figures is False
    assert Settings(hint_figures="yes", hints="advisor").cleaned().hints == "advisor"


def _effect() -> MoveEffect:
    return MoveEffect("crane", ("pine_chaff_1",), 21, (), (), (), ())


def test_the_verdict_is_words_never_figures():
    play = Action(0, PLAY, (INDEX["crane"], INDEX["pine_chaff_1"]))
    far = Facts(_effect(), runner_up=("moon", -40.0))
    assert advice.verdict(play, far, (), 12.0) == "The best of your choices."
    assert advice.verdict(play, far, (), -5.0).startswith("The safest of your choices")
    near = Facts(_effect(), runner_up=("moon", 11.0))
    assert "Moon is almost as good" in advice.verdict(play, near, (), 12.0)
    assert advice.verdict(play, Facts(_effect()), (), 12.0) is None  # nothing compared
    take = Action(0, TAKE, (INDEX["crane"],))
    assert advice.verdict(take, far, (), 3.0) == "The best of your choices."
    sage = Action(0, SAGE)
    values = (("sage", 4.0), ("shoubu", 2.0))
    assert advice.verdict(sage, Facts(choices=2), values, None) == "The best of your choices."
    losing = (("sage", -1.0), ("shoubu", -6.0))
    assert advice.verdict(sage, Facts(choices=2), losing, None).startswith("The safest")
    assert advice.verdict(Action(0, SHOUBU), Facts(choices=1), (), None) is None
    for text in (advice.verdict(play, far, (), -5.0), advice.verdict(play, near, (), 12.0)):
        assert not any(ch.isdigit() for ch in text), text


# --- item 3: the tour points at the button; Enter goes to the hint ------------------------


def test_the_tours_hints_step_points_at_the_hint_button(tmp_path):
    random.seed(2)
    app = _welcome(tmp_path, "Teach me to play")
    tour = app.stack.top
    assert isinstance(tour, TourScene)
    for _step in range(4):
        key(app, pygame.K_RETURN)
    frames(app, 2)
    assert tour.step == 4 and tour.steps()[4][0] == HINT_TARGET
    button = tour.table.hints.buttons["hint"]
    assert tour.target() == button
    assert "Hint button" in tour.steps()[4][2]
    key(app, pygame.K_RETURN)  # Done
    assert app.stack.find(TourScene) is None
    app.close()


def test_the_first_enter_after_a_hint_focuses_the_hinted_card(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = _turn(app)
    s = _hint(app, table)
    hand = table.input.hand_cards()
    assert s.card in hand
    key(app, pygame.K_LEFT if hand.index(s.card) == 0 else pygame.K_RIGHT)  # focus another
    other = hand[table.input.focus_i]
    assert other != s.card and table.input.show_focus
    key(app, pygame.K_RETURN)  # the first Enter: the hinted card, not the focused one
    assert table.input.hand_cards() == hand and table.input.selected is None
    assert hand[table.input.focus_i] == s.card
    assert table.input.states()[s.card] is CardState.FOCUS
    key(app, pygame.K_RETURN)  # the second plays it (or asks its target, the hint's first)
    assert s.card not in table.input.hand_cards() or table.input.selected == s.card
    if table.input.selected == s.card and s.target is not None:
        assert table.input.candidates()[table.input.focus_i] == s.target
    app.close()


def _decide_table(app) -> TableScene:  # noqa: ANN001
    return sage_table(app)


def test_the_first_enter_after_a_decision_hint_focuses_the_suggested_button(tmp_path):
    app = make_app(tmp_path, hints="advisor")
    table = _decide_table(app)
    s = _hint(app, table)
    group = table.panel.group
    verbs = [getattr(b, "action_verb", None) for b in group.buttons]
    assert s.action.verb in verbs
    group.index = next(i for i, v in enumerate(verbs) if v not in (None, s.action.verb))
    key(app, pygame.K_RETURN)  # focuses the suggestion instead of pressing the other
    assert table.shown_view.phase == "decide"
    assert verbs[group.index] == s.action.verb and group.show_focus
    key(app, pygame.K_RETURN)  # now it presses it
    assert run_until(app, lambda: table.session.view(0).phase != "decide"
                     or table.session.view(0).results, 600)
    app.close()


def test_a_twin_of_the_same_name_is_not_called_almost_as_good():
    twin = MoveEffect("susuki_chaff_1", ("moon",), 21, (), (), (), ())
    play = Action(0, PLAY, (INDEX["susuki_chaff_1"],))
    facts = Facts(twin, runner_up=("susuki_chaff_2", 11.5))
    assert advice.verdict(play, facts, (), 12.0) == "The best of your choices."
