"""Every path that starts a game over a saved one asks first (issues 23 and 24).

New game's Start, Learn 88's "Start tier N", the welcome's "Teach me to play", the result
screen's "Play again" and "Next tier" all come through `start_new_game`: when the autosave
holds a game, the player is asked, with Cancel focused, before it is replaced. One home for
the question, so no new way to start a game can forget it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from game import storage
from game.i18n import _

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)


def saved_game(app: App) -> tuple[str, bool] | None:
    """(summary, finished) of the game the autosave holds, or None when there is none.

    ``finished``: the game is over but its record could not be written yet (a full disk);
    the autosave is then all that is left of it."""
    if app.paths is None:
        return None
    rec, _msg = storage.load_autosave(app.paths)
    if rec is None:
        return None
    try:
        from game.play.session import GameSession

        session = GameSession.from_record(rec)
        return session.summary(), session.next_step() == "over"
    except Exception:  # load_autosave replayed it; a summary is never worth a crash
        log.warning("saved game summary unavailable", exc_info=True)
        return _("a saved game"), False


def start_new_game(app: App, begin: Callable[[], None]) -> None:
    """Call `begin` (which starts the new game) now, or after the player confirms that the
    saved game may be replaced."""
    saved = saved_game(app)
    if saved is None:
        begin()
        return
    from game.ui.scenes.confirm_dialog import ConfirmScene

    summary, finished = saved
    if finished:
        # game.storage moves it aside rather than let a new game's save replace it
        line = _("The last game ({summary}) is over but its record could not be written "
                 "yet; it is kept aside and written the next time the program "
                 "starts.").format(summary=summary)
    else:
        line = _("The saved game ({summary}) will be replaced.").format(summary=summary)
    app.stack.push(ConfirmScene(app, _("Start a new game?"), [line], _("Start new game"),
                                begin))
