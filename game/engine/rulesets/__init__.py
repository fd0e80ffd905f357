"""The rules API (docs/rules/README.md §6): ``rulesets.get(name, **options)`` and
``rulesets.names()``."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import RulesError
from ..options import resolve
from .base import Claim, Ruleset
from .curriculum import Curriculum
from .hachi import Hachi
from .hachihachi import HachiHachi
from .koikoi import KoiKoi
from .nintendo import HachiHachiNintendo
from .nuki import NukiHachiHachi
from .sudaoshi import Sudaoshi

_REGISTRY: dict[str, type[Ruleset]] = {
    cls.name: cls for cls in (HachiHachi, HachiHachiNintendo, NukiHachiHachi, Hachi,
                                Sudaoshi, Curriculum, KoiKoi)
}


def names() -> list[str]:
    """Every ruleset name, in menu order."""
    return list(_REGISTRY)


def get(name: str, /, **options: object) -> Ruleset:
    """A configured ruleset; ValueError naming an unknown ruleset, option or value."""
    cls = _REGISTRY.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RulesError(f"unknown ruleset {name!r} (known: {', '.join(_REGISTRY)})")
    return cls(**options)


def check_new_game(name: str, options: Mapping[str, object]) -> None:
    """RulesError unless a game about to start may use these options: every value within
    the option's `maximum`. A game already played may hold more where an earlier version
    allowed it (`Option.recorded_maximum`): `get` configures it, this refuses to start one."""
    resolve(name, ruleset_class(name).OPTIONS, options, new=True)


def for_new_game(name: str, options: Mapping[str, object]) -> tuple[dict, list[str]]:
    """The options a new game may take, from a game's (a Play again): each value above its
    option's `maximum` (allowed in a game an earlier version began) brought down to it.
    (options, the names of the options lowered)."""
    table = {o.name: o for o in ruleset_class(name).OPTIONS}
    out, lowered = dict(options), []
    for key, value in options.items():
        opt = table.get(key)
        if (opt is not None and opt.maximum is not None and isinstance(value, int)
                and not isinstance(value, bool) and value > opt.maximum):
            out[key] = opt.maximum
            lowered.append(key)
    return out, lowered


def ruleset_class(name: str) -> type[Ruleset]:
    cls = _REGISTRY.get(name)
    if cls is None:
        raise RulesError(f"unknown ruleset {name!r} (known: {', '.join(_REGISTRY)})")
    return cls


__all__ = ["Claim", "Ruleset", "check_new_game", "for_new_game", "get", "names",
           "ruleset_class"]
