"""A game kept, or a round tried: the one difference, as an adapter the table holds
(issue 44, item 2).

The review's "Try it" (issue 27) plays one round from a position and goes back to the
review: nothing is written (no autosave, record or statistics), the round's ledger and a
game's end both lead back. It was four `if self.trial` in table.py; now the table asks its
`Keeping` where files go and whether the end of a round or of the game leaves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.storage import Paths


class Keeping:
    """An ordinary game: kept in the app's folders; its rounds go on to the result."""

    trial = False

    def paths(self, app_paths: Paths | None) -> Paths | None:
        """Where the driver keeps the game (None: nowhere)."""
        return app_paths

    def leaves_after_round(self) -> bool:
        """The round's ledger closed: True when the table goes (back to the review)."""
        return False

    def leaves_at_end(self) -> bool:
        """The game ended: True when the table goes without a result screen."""
        return False


class Trying(Keeping):
    """A round tried from the review: nothing written, and its end goes back."""

    trial = True

    def paths(self, app_paths: Paths | None) -> Paths | None:
        return None

    def leaves_after_round(self) -> bool:
        return True

    def leaves_at_end(self) -> bool:
        return True


def keeping_for(trial: bool) -> Keeping:
    return Trying() if trial else Keeping()


__all__ = ["Keeping", "Trying", "keeping_for"]
