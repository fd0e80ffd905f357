"""The phases of a round (``State.phase``), as small ints for the hot path.

DEAL (chance: a new deck), BLANK_PH (chance: ``* blank S``), SWAP_PH, MIZUTEN_PH, DROPOUT,
RESHUFFLE (chance: ``* deck``), PLAY_PH, TAKE_PH (the drawn card has a choice), DECIDE
(sage/shoubu), OVER (the game has ended). ``PHASE_NAMES`` gives the name a view shows.

A module of its own so that the state and the rollout code (``rollout.py``) share them
without importing each other; ``state.py`` re-exports them for its callers.
"""

from __future__ import annotations

DEAL, BLANK_PH, SWAP_PH, MIZUTEN_PH, DROPOUT, RESHUFFLE, PLAY_PH, TAKE_PH, DECIDE, OVER = range(10)
PHASE_NAMES = ("deal", "blank", "swap", "mizuten", "dropout", "reshuffle", "play", "take",
               "decide", "over")
