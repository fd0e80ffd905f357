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

    def check(self, value: object) -> object:
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
        if self.maximum is not None and value > self.maximum:  # type: ignore[operator]
            raise RulesError(f"option {self.name!r} must be at most {self.maximum}, not {value!r}")
        return value


def resolve(ruleset: str, table: tuple[Option, ...], given: Mapping[str, object]) -> dict:
    """Defaults overlaid with the given options, every name and value checked."""
    by_name = {o.name: o for o in table}
    out = {o.name: o.default for o in table}
    for name, value in given.items():
        opt = by_name.get(name)
        if opt is None:
            raise RulesError(f"unknown option {name!r} for ruleset {ruleset!r}")
        out[name] = opt.check(value)
    return out
