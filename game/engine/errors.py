"""Error types of the engine. All are ValueErrors, so callers can catch bad input in one place."""


class RulesError(ValueError):
    """A bad argument to the rules API: unknown ruleset, option, value or card."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state."""


class RecordError(ValueError):
    """A game record that cannot be loaded or replayed; the message says where."""
