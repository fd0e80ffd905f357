"""The setup screen driven by real pygame events (issue 11, defects 5 and 6).

The drop-down list is drawn above every row and takes its own clicks; Esc closes only the
list; a saved game is replaced only after a confirm whose default is Cancel; and a whole
setup can be made with the keyboard alone, Enter starting the game only on Start.
"""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.confirm_dialog import ConfirmScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene

from .driver import click, frames, key, make_app
from .table_helpers import open_setup


def _setup(app, ruleset: str, options: dict | None = None) -> SetupScene:  # noqa: ANN001
    return open_setup(app, ruleset, options, names=("Ana", "Ren", "Yui"))


def _widget(scene: SetupScene, key_: tuple):  # noqa: ANN202
    return next(el for el, k in scene.widgets.items() if k == key_)


def _item(scene: SetupScene, value: str) -> pygame.Rect:
    picker = scene.picker
    assert picker is not None, "the list did not open"
    rect = picker.item_rect(picker.values.index(value))
    assert rect is not None
    return rect


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_preset_list_is_drawn_above_the_rows_and_takes_its_clicks(tmp_path, size):
    app = make_app(tmp_path, size)
    scene = _setup(app, "hachihachi")
    click(app, _widget(scene, ("preset", None)).rect.center)
    frames(app, 2)
    picker = scene.picker
    assert picker is not None
    # what is on screen inside the list is exactly the list: no row draws over it
    ref = pygame.Surface(app.screen.get_size())
    ref.fill((255, 0, 255))
    picker.draw(ref)
    inner = picker.rect.inflate(-8, -8)  # inside the rounded corners
    shown = pygame.image.tobytes(app.screen.subsurface(inner), "RGB")
    assert shown == pygame.image.tobytes(ref.subsurface(inner), "RGB")
    # "Kansai" lies over a control of the rules; a click on it chooses the preset only
    kansai = _item(scene, "Kansai")
    beneath = [el for el, k in scene.widgets.items()
               if k[0] in ("option", "house") and kansai.colliderect(el.rect)]
    assert beneath
    click(app, (kansai.x + 8, kansai.centery))
    assert scene.picker is None
    assert scene.opts() == {"kan": 10, "dropout_fee": "by_seat", "sage_failure": "void"}
    assert scene.choices[("preset", None)][1] == "Kansai"
    frames(app, 3)
    assert scene.picker is None  # the control beneath did not open
    assert app.stack.top is scene


def test_curriculum_tier_list_takes_its_clicks(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "curriculum")
    click(app, _widget(scene, ("preset", None)).rect.center)
    # Tier 3 lies over the Rounds field: the click chooses the tier and never reaches it
    tier3 = next(v for v in scene.picker.values if v.startswith("Tier 3"))
    r = _item(scene, tier3)
    rounds = _widget(scene, ("option", "rounds")).rect
    assert r.colliderect(rounds)
    click(app, (rounds.centerx, r.centery))
    assert scene.opts()["tier"] == 3
    assert scene.choices[("option", "tier")][1] == "3"
    assert not any(getattr(el, "is_focused", False) for el in scene.widgets)
    # the last tier, clicked at the list's far end
    click(app, _widget(scene, ("preset", None)).rect.center)
    r = _item(scene, scene.picker.values[-1])
    click(app, (r.right - 20, r.centery))
    assert scene.opts()["tier"] == 9


def test_a_click_outside_the_open_list_only_closes_it(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi")
    click(app, _widget(scene, ("preset", None)).rect.center)
    assert scene.picker is not None
    click(app, scene.back_button.rect.center)
    assert scene.picker is None
    assert app.stack.top is scene  # Back under the click was not pressed


def test_escape_closes_the_list_and_only_then_leaves(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi")
    click(app, _widget(scene, ("preset", None)).rect.center)
    assert scene.picker is not None
    key(app, pygame.K_ESCAPE)
    assert scene.picker is None
    assert app.stack.top is scene
    assert scene.opts() == {}  # closing chose nothing
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def _save_a_game(app) -> str:  # noqa: ANN001
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    session = GameSession("hachihachi", {"rounds": 3}, seats, 11)
    storage.save_autosave(app.paths, session.record())
    return session.summary()


def test_starting_over_a_saved_game_asks_first_and_cancel_is_the_default(tmp_path):
    app = make_app(tmp_path)
    summary = _save_a_game(app)
    before = app.paths.autosave.read_bytes()
    scene = _setup(app, "hachi")
    click(app, scene.start_button.rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    assert confirm.title == "Start a new game?"
    assert confirm.lines == [f"The saved game ({summary}) will be replaced."]
    assert confirm.group.focused.label == "Cancel"
    key(app, pygame.K_RETURN)  # Enter presses the default: Cancel
    assert app.stack.top is scene
    assert app.paths.autosave.read_bytes() == before
    click(app, scene.start_button.rect.center)
    key(app, pygame.K_ESCAPE)  # Esc cancels too
    assert app.stack.top is scene
    click(app, scene.start_button.rect.center)
    frames(app, 1)  # the dialog lays out its buttons when drawn
    yes = next(b for b in app.stack.top.group.buttons if b.label == "Start new game")
    click(app, yes.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.ruleset == "hachi"


def test_without_a_saved_game_start_does_not_ask(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachi")
    click(app, scene.start_button.rect.center)
    assert isinstance(app.stack.top, TableScene)


def _tab_to(app, scene: SetupScene, target: tuple, limit: int = 80, shift: bool = False
            ) -> None:  # noqa: ANN001
    for _ in range(limit):
        if scene.focus_key == target and scene.show_focus:
            return
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT if shift else 0)
    raise AssertionError(f"Tab never reached {target} (at {scene.focus_key})")


def test_a_whole_setup_by_keyboard(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    key(app, pygame.K_n, unicode="n")  # the first letter jumps to New game
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    scene.ruleset = "hachihachi"
    scene.options = {}
    scene.build()
    frames(app, 2)
    key(app, pygame.K_RETURN)  # Enter away from Start never starts the game
    assert app.stack.top is scene
    assert scene.show_focus  # it showed where the focus is
    # Tab to House rules, Enter unfolds them; Tab to Kan value, change it with →
    _tab_to(app, scene, ("house", None))
    key(app, pygame.K_RETURN)
    assert scene.house_open
    _tab_to(app, scene, ("option", "kan"))
    key(app, pygame.K_RIGHT)
    assert scene.opts()["kan"] == 10
    assert scene.choices[("preset", None)][1] == "Custom"
    # Shift+Tab back to the preset; Enter opens its list, Esc closes only the list
    _tab_to(app, scene, ("preset", None), shift=True)
    key(app, pygame.K_RETURN)
    assert scene.picker is not None
    key(app, pygame.K_ESCAPE)
    assert scene.picker is None and app.stack.top is scene
    # Enter opens it again, Home and ↓ move, Enter chooses
    key(app, pygame.K_RETURN)
    assert scene.picker is not None
    key(app, pygame.K_HOME)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.picker is None
    assert scene.choices[("preset", None)][1] == "Kansai"
    assert scene.opts()["sage_failure"] == "void"
    # a far option scrolls into view when it gets the focus
    last = scene.configured().OPTIONS[-1].name
    _tab_to(app, scene, ("option", last))
    frames(app, 1)
    assert scene.rules_box.contains(_widget(scene, ("option", last)).rect)
    # four seats with ←/→ on the seat count; the new seat is a computer
    _tab_to(app, scene, ("count", None))
    key(app, pygame.K_RIGHT)
    assert len(scene.seats) == 4
    # a seat's name: Tab into the field and type
    _tab_to(app, scene, ("name", 0))
    assert scene.editing()
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Kim"))  # replaces "You"
    frames(app, 2)
    assert scene.seats[0]["name"] == "Kim"
    key(app, pygame.K_ESCAPE)  # Esc leaves the field, not the screen
    assert app.stack.top is scene and not scene.editing()
    # a field clicked with the mouse: one Tab goes on to the next control
    click(app, _widget(scene, ("name", 2)).rect.center)
    assert scene.editing() and scene.focus_key == ("name", 2)
    key(app, pygame.K_TAB)
    assert scene.focus_key == ("kind", 2) and not scene.editing()
    # the second seat becomes Human with ←
    _tab_to(app, scene, ("kind", 1))
    for _ in range(6):
        key(app, pygame.K_LEFT)
    assert scene.seats[1]["kind"] == "human"
    # Tab to Start; Enter starts the game
    _tab_to(app, scene, ("start", None))
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.rs.options["kan"] == 10
    assert [s.name for s in table.session.seats][:2] == ["Kim", "Ren"]
    assert len(table.session.seats) == 4


def _ring_at(app, rect: pygame.Rect) -> bool:  # noqa: ANN001
    """The TABLE.md §6.3 ring: 2 px white, 3 px outside the widget (on its left side)."""
    return all(app.screen.get_at((rect.left - d, rect.centery))[:3] == (255, 255, 255)
               for d in (4, 5))


def test_the_focus_ring_shows_after_the_first_key_and_hides_after_the_mouse(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi")
    game = _widget(scene, ("ruleset", "hachihachi")).rect
    assert not _ring_at(app, game)
    key(app, pygame.K_TAB)  # the first press shows where the focus is
    assert scene.focus_key == ("ruleset", "hachihachi")
    assert _ring_at(app, game)
    key(app, pygame.K_TAB)
    nxt = _widget(scene, ("ruleset", "hachihachi-nintendo")).rect
    assert _ring_at(app, nxt) and not _ring_at(app, game)
    click(app, (5, 5))  # mouse use hides it
    assert not _ring_at(app, nxt)


def test_space_presses_the_focused_ruleset_and_focus_survives_the_rebuild(tmp_path):
    app = make_app(tmp_path)
    scene = _setup(app, "hachihachi")
    _tab_to(app, scene, ("ruleset", "hachi"))
    key(app, pygame.K_SPACE)
    assert scene.ruleset == "hachi"
    assert scene.focus_key == ("ruleset", "hachi") and scene.show_focus
    key(app, pygame.K_DOWN)
    assert scene.focus_key != ("ruleset", "hachi")


def _down(app, k: int) -> None:  # noqa: ANN001
    """A key press without its release: what the window sends while a key is held."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="\r",
                                         scancode=0))
    frames(app, 1)


def test_a_held_enter_from_the_screen_before_never_acts(tmp_path):
    app = make_app(tmp_path)
    _save_a_game(app)
    scene = _setup(app, "hachi")
    _tab_to(app, scene, ("start", None), shift=True)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ConfirmScene)
    _down(app, pygame.K_RETURN)  # Cancel, and the key stays down: the window repeats it
    assert app.stack.top is scene
    for _ in range(4):
        _down(app, pygame.K_RETURN)
        assert app.stack.top is scene  # the repeats do not press Start again
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    frames(app, 1)
    key(app, pygame.K_RETURN)  # a new press on Start acts
    assert isinstance(app.stack.top, ConfirmScene)


@pytest.mark.parametrize("typed,told", [
    ("²", "The seed must be a whole number (or empty for random)."),
    ("9" * 5000, "The seed must be at most 18446744073709551615."),
])
def test_a_seed_start_cannot_take_is_told_and_the_setup_kept(tmp_path, typed, told):
    """Issue 24 item 12: "²" (a digit to isdigit, not to int) or a pasted 5,000-digit number
    crashed Start and lost the setup; now Start is refused with the reason."""
    from pygame_gui.core.utility import clipboard_copy

    app = make_app(tmp_path)
    scene = _setup(app, "hachi")
    click(app, _widget(scene, ("seed", None)).rect.center)
    clipboard_copy(typed)  # a paste, as a player brings a long number
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    frames(app, 2)
    assert scene.seed_text == typed
    assert scene.error_label.text == told and not scene.start_button.is_enabled
    scene.start()  # Start itself refuses it too (a press that beat the greying)
    click(app, scene.start_button.rect.center)
    assert app.stack.top is scene and not app.errors
    assert scene.seats[0]["name"] == "Ana" and scene.ruleset == "hachi"
    entry = _widget(scene, ("seed", None))
    click(app, entry.rect.center)
    entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="42"))
    frames(app, 2)
    assert scene.seed_text == "42" and scene.start_button.is_enabled
    click(app, scene.start_button.rect.center)
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session.seed == 42


@pytest.mark.parametrize("language", ["en", "fr", "uk", "ja"])
def test_the_seed_limit_is_told_whole_in_the_smallest_window(tmp_path, language):
    from game import i18n

    app = make_app(tmp_path, (1024, 640), language=language)
    try:
        scene = _setup(app, "hachihachi")
        click(app, _widget(scene, ("seed", None)).rect.center)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="9" * 21))
        frames(app, 2)
        label = scene.error_label
        assert "18446744073709551615" in label.text
        assert label.font.size(label.text)[0] <= label.rect.w - 8, label.text
    finally:
        i18n.set_language(i18n.SOURCE)
