"""Error types of the engine. All are ValueErrors, so callers can catch bad input in one place."""


class RulesError(ValueError):
    """A bad argument to the rules API: unknown ruleset, option, value or card."""


class CardError(RulesError):
    """Not a card id (``cards.parse_card``, the rules API's card arguments): a subclass, as
    python-chess's ``InvalidMoveError`` is, so a caller can tell a bad card from other bad
    input or catch every ValueError in one place."""


class IllegalAction(ValueError):
    """A well-formed action that is not legal in the current state."""


class NotationError(ValueError):
    """Text that is not an action in the record notation (docs/rules/README.md §7): a
    different fault from an illegal action, so a record can say which one it holds."""


class RecordError(ValueError):
    """A game record that cannot be loaded or replayed; the message says where."""
