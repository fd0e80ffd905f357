"""The pure rules engine: no pygame, no clock, no global random, no I/O.

The public surface (``__all__``; everything else is internal and may change):

- the rules API of docs/rules/README.md §6: ``rulesets`` (``rulesets.get(name, **options)``,
  ``rulesets.names()``) and the ``Ruleset`` it returns;
- a game: ``State`` (``Ruleset.new_state``, ``State.from_position``, ``State.resample``;
  ``apply``, ``legal_actions``, ``view``, ``playout`` with the ``GREEDY``, ``CAREFUL`` and
  ``RANDOM`` policies), ``Action`` and its notation, ``Event``, ``PlayerView``, the ledger's
  ``Payment``, ``Basis`` and ``RoundResult``, the decision ``preview``;
- chance: ``Rng`` (the seeded generator every game and search uses);
- records: the ``record`` module (``loads``, ``replay``, ``from_state``);
- the vocabulary: ``EventKind``, ``Ending``, ``Category``, ``Reason``, ``CaptureRule``,
  ``PaidAt`` and the catalog marker ``N_``;
- errors, all ValueErrors: ``RulesError`` (and ``CardError``), ``IllegalAction``,
  ``NotationError``, ``RecordError``, ``PositionError``;
- ``kernel_name()``: which rollout kernel runs ("c" or "python").

Names are loaded on first use (PEP 562), so ``import game.engine`` stays cheap and the
submodules keep importing each other freely. The fast paths and their references are listed
in FASTPATHS.md next to this file.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .kernel import kernel_name

# public name -> the submodule that defines it
_EXPORTS = {
    "rulesets": None, "record": None,
    "Ruleset": "rulesets", "State": "state", "GREEDY": "rollout", "RANDOM": "rollout",
    "CAREFUL": "rollout",
    "Action": "actions", "Event": "events", "PlayerView": "view", "Payment": "ledger",
    "Basis": "ledger", "RoundResult": "ledger", "preview": "preview", "Rng": "rng",
    "EventKind": "vocab", "Ending": "vocab", "Category": "vocab", "Reason": "vocab",
    "CaptureRule": "vocab", "PaidAt": "vocab", "N_": "vocab",
    "RulesError": "errors", "CardError": "errors", "IllegalAction": "errors",
    "NotationError": "errors", "RecordError": "errors", "PositionError": "positions",
}

__all__ = [
    "CAREFUL", "GREEDY", "N_", "RANDOM", "Action", "Basis", "CaptureRule", "CardError", "Category",
    "Ending", "Event", "EventKind", "IllegalAction", "NotationError", "PaidAt", "Payment",
    "PlayerView", "PositionError", "Reason", "RecordError", "Rng", "RoundResult", "Ruleset",
    "RulesError", "State", "kernel_name", "preview", "record", "rulesets",
]
assert set(__all__) == {"kernel_name", *_EXPORTS}

if TYPE_CHECKING:
    from . import record, rulesets
    from .actions import Action
    from .errors import CardError, IllegalAction, NotationError, RecordError, RulesError
    from .events import Event
    from .ledger import Basis, Payment, RoundResult
    from .positions import PositionError
    from .preview import preview
    from .rng import Rng
    from .rollout import CAREFUL, GREEDY, RANDOM
    from .rulesets import Ruleset
    from .state import State
    from .view import PlayerView
    from .vocab import N_, CaptureRule, Category, Ending, EventKind, PaidAt, Reason


def __getattr__(name: str) -> object:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'game.engine' has no attribute {name!r}")
    where = _EXPORTS[name]
    if where is None:  # a submodule
        return importlib.import_module(f"{__name__}.{name}")
    return getattr(importlib.import_module(f"{__name__}.{where}"), name)
