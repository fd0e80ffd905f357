"""Shared steps for the table-behaviour tests: start a table, dismiss overlays, play a turn."""

from __future__ import annotations

import pygame

from game.play.session import GameSession, SeatSpec
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, idle, key, run_until


def start_table(app, seats: list[tuple[str, str]], seed: int = 7,  # noqa: ANN001
                first_dealer: int | None = None, ruleset: str = "hachihachi",
                **options: object) -> TableScene:
    specs = [SeatSpec(name, kind) for name, kind in seats]
    session = GameSession(ruleset, {"rounds": 2, **options}, specs, seed, first_dealer)
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 2)
    return table


def dismiss(app) -> bool:  # noqa: ANN001
    """Close the teyaku reveal, confirm a hand-over (past its guard) or answer a pre-round
    window with its first (safe) choice; True if one was up."""
    top = app.stack.top
    if top.name == "table" and top.human_to_move() and top.panel.blocking and idle(top) \
            and top.shown_view.phase in ("mizuten", "swap", "dropout"):
        key(app, pygame.K_1)
        return True
    if top.name in ("teyaku", "tier_card"):  # the reveal; a curriculum game's first card
        key(app, pygame.K_RETURN)
        return True
    if top.name == "handover":
        top.opened -= 1.0
        key(app, pygame.K_RETURN)
        return True
    return False


def my_turn(app, table: TableScene) -> bool:  # noqa: ANN001
    """The human on screen may play a hand card now (no overlay, nothing moving)."""
    return (app.stack.top is table and table.human_to_move() and idle(table)
            and table.shown_view.phase == "play" and not table.panel.blocking)


def simple_card(table: TableScene) -> int | None:
    """The number key of a hand card that plays without a choice of target (a card keeps
    its number while the hand closes up: TableScene.hand_numbers)."""
    plays = table.input.plays()
    for c, n in table.input.hand_numbers().items():
        if c in plays and len(plays[c]) <= 1:
            return n
    return None


def free_card(table: TableScene) -> int | None:
    """The number key of a hand card that matches nothing: it plays with no question."""
    plays = table.input.plays()
    for c, n in table.input.hand_numbers().items():
        if c in plays and not plays[c]:
            return n
    return None


def turn_with_free_card(app, table: TableScene) -> bool:  # noqa: ANN001
    """Play on (by keys) until the human's turn offers a card that matches nothing."""
    for _ in range(8):
        if not run_until(app, lambda: my_turn(app, table), 3000, lambda: dismiss(app)):
            return False
        if free_card(table) is not None:
            return True
        play_by_keys(app, table)
        if table.input.candidates():
            key(app, pygame.K_1)
    return False


def play_by_keys(app, table: TableScene) -> None:  # noqa: ANN001
    """One human input by keys: the panel's first choice, a target, or a card (n, n)."""
    if table.panel.visible and table.panel.blocking:
        key(app, pygame.K_1)
        return
    if table.input.candidates():
        key(app, pygame.K_1)
        return
    n = simple_card(table)
    if n is None:
        n = next(k for c, k in table.input.hand_numbers().items() if c in table.input.plays())
    key(app, pygame.K_0 + n)
    key(app, pygame.K_0 + n)


def open_setup(app, ruleset: str, options: dict | None = None, seats: int = 3,  # noqa: ANN001
               house_open: bool = True, names: tuple[str, ...] = ()) -> object:
    """The New game screen on `ruleset` with these options: seat 0 human, the others random
    computers (named `names`, else P0, P1, ...); House rules unfolded unless asked."""
    from game.ui.scenes.setup import SetupScene

    app.stack.push(SetupScene(app))
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    scene.ruleset = ruleset
    scene.options = {ruleset: dict(options or {})}
    scene.seats = [{"name": names[i] if i < len(names) else f"P{i}",
                    "kind": "human" if i == 0 else "ai:random"} for i in range(seats)]
    scene.house_open = house_open
    scene.build()
    frames(app, 2)
    return scene


def choice_session(names: tuple[str, ...] = ("Ana", "Ren", "Yui")) -> GameSession:
    """Seat 0 (a human) to play with a real choice: its Cherry ribbon takes the Curtain or
    the chaff, its Moon matches nothing; Ren holds a Peony ribbon (tests/ui/test_card_info.py,
    test_table_alone.py)."""
    from game.engine import rulesets
    from game.engine.state import State

    st = State.from_position(
        rulesets.get("hachihachi"), 3, dealer=0,
        hands={0: "cherry_ribbon pine_chaff_1 iris_chaff_1 moon",
               1: "plum_chaff_1 iris_chaff_2 peony_chaff_1 clover_chaff_1",
               2: "peony_chaff_2 clover_chaff_2 lightning boar"},
        field="cherry_chaff_1 curtain pine_ribbon crane",
        pile="pine_chaff_2 plum_chaff_2 susuki_chaff_2 cherry_chaff_2",
        captured={1: "peony_ribbon"}, to_move=0)
    return GameSession("hachihachi", {}, [SeatSpec(n, "human" if i == 0 else "ai:random")
                                         for i, n in enumerate(names)], 1, 0, st)


def sage_session(multiplier: int = 1) -> GameSession:
    """Seat 0 (a human) has just made a yaku and must choose sage or shoubu, on a field
    multiplied by `multiplier` (test_hints, test_hint_reasons, test_hint_button)."""
    from game.engine import rulesets
    from game.engine.state import State

    st = State.from_position(
        rulesets.get("hachihachi"), 3, dealer=0,
        hands={0: "pine_chaff_1 cherry_chaff_1 iris_chaff_1 peony_chaff_1 maple_chaff_1 "
                  "clover_chaff_1",
               1: "plum_chaff_2 cherry_chaff_2 iris_chaff_2 peony_chaff_2 clover_chaff_2 "
                  "susuki_chaff_1 boar",
               2: "susuki_chaff_2 chrysanthemum_chaff_1 chrysanthemum_chaff_2 maple_chaff_2 "
                  "lightning paulownia_chaff_1 deer"},
        field="crane warbler curtain cuckoo bridge butterflies",
        pile="moon geese sake_cup rain_man swallow phoenix pine_chaff_2 paulownia_chaff_2",
        captured={0: "pine_ribbon plum_ribbon cherry_ribbon plum_chaff_1"}, phase="decide",
        to_move=0, multiplier=multiplier)
    return GameSession("hachihachi", {}, [SeatSpec(n, "human" if i == 0 else "ai:random")
                                         for i, n in enumerate(["Ana", "Ren", "Yui"])], 1, 0, st)


def sage_table(app, multiplier: int = 2) -> TableScene:  # noqa: ANN001
    """The table on `sage_session`'s position, drawn."""
    table = TableScene(app, sage_session(multiplier))
    app.stack.reset(table)
    frames(app, 3)
    return table
