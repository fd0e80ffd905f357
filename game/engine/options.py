"""Option tables: each ruleset declares every option it accepts; anything else is a ValueError."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import RulesError

# Ten years of twelve rounds: longer games are a typo, and a huge value would never end.
MAX_ROUNDS = 120


@dataclass(frozen=True)
class Option:
    name: str
    kind: type  # bool, int or str
    default: object
    values: tuple = ()  # allowed values; empty for "int >= minimum"
    minimum: int | None = None
    maximum: int | None = None  # a sane cap, so no option can make a game run forever
    help: str = ""
    # the most a game already played may hold, when an earlier version allowed more than
    # `maximum` (None: `maximum`): its records and saved games still replay, but a new game
    # is held to `maximum` (`check(value, new=True)`, rulesets.check_new_game)
    recorded_maximum: int | None = None

    def check(self, value: object, new: bool = False) -> object:
        """The value, checked (RulesError otherwise). `new`: for a game about to start,
        which may not go above `maximum` even where a recorded game may
        (`recorded_maximum`)."""
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RulesError(f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if self.kind is int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"option {self.name!r} must be an integer, not {value!r}")
        elif not isinstance(value, self.kind):
            raise RulesError(f"option {self.name!r} must be a string, not {value!r}")
        if self.values and value not in self.values:
            allowed = ", ".join(repr(v) for v in self.values)
            raise RulesError(f"option {self.name!r} cannot be {value!r} (allowed: {allowed})")
        if self.minimum is not None and value < self.minimum:  # type: ignore[operator]
            raise RulesError(f"option {self.name!r} must be at least {self.minimum}, not {value!r}")
        top = self.maximum if new or self.recorded_maximum is None else self.recorded_maximum
        if top is not None and value > top:  # type: ignore[operator]
            raise RulesError(f"option {self.name!r} must be at most {top}, not {value!r}")
        return value


def resolve(ruleset: str, table: tuple[Option, ...], given: Mapping[str, object],
            new: bool = False) -> dict:
    """Defaults overlaid with the given options, every name and value checked (`new`: as
    for a game about to start, `Option.check`)."""
    by_name = {o.name: o for o in table}
    out = {o.name: o.default for o in table}
    for name, value in given.items():
        opt = by_name.get(name)
        if opt is None:
            raise RulesError(f"unknown option {name!r} for ruleset {ruleset!r}")
        out[name] = opt.check(value, new)
    return out
