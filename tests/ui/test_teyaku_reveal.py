"""The teyaku reveal waits for the player only when someone claims (issue 23, minor 3)."""

from __future__ import annotations

from game.play.session import GameSession, SeatSpec
from game.ui.scenes.table import TableScene
from game.ui.scenes.teyaku import TeyakuScene
from tests.ui.driver import frames, make_app, run_until
from tests.ui.table_helpers import dismiss


def _seats() -> list[SeatSpec]:
    return [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]


def _claims_at_play(seed: int) -> bool:
    """Whether anyone claims teyaku in the first round of this seed (engine only)."""
    s = GameSession("hachihachi", {"rounds": 1}, _seats(), seed)
    s.deal()
    while s.view(0).phase != "play":
        if s.next_step() == "chance":
            s.chance()
        else:
            s.apply(s.view(s.st.to_move).legal[0])
    return any(c.items for c in s.view(0).claims.values())


def _reveal(app, seed: int) -> tuple[TableScene, TeyakuScene]:  # noqa: ANN001
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, _seats(), seed))
    app.stack.reset(table)

    def answer() -> None:
        if app.stack.top is table:
            dismiss(app)

    assert run_until(app, lambda: isinstance(app.stack.top, TeyakuScene), 4000, answer)
    return table, app.stack.top


def test_a_reveal_with_no_claim_passes_by_itself(tmp_path):
    seed = next(s for s in range(1, 200) if not _claims_at_play(s))
    app = make_app(tmp_path)
    table, reveal = _reveal(app, seed)
    assert app.stack.top is reveal  # a beat: the player sees that nobody claims
    frames(app, 120)
    assert app.stack.top is not reveal and app.stack.find(TeyakuScene) is None
    app.close()


def test_a_reveal_with_a_claim_waits_for_the_player(tmp_path):
    seed = next(s for s in range(1, 200) if _claims_at_play(s))
    app = make_app(tmp_path)
    table, reveal = _reveal(app, seed)
    frames(app, 240)
    assert app.stack.top is reveal
    app.close()
