"""The rules API (docs/rules/README.md §6): ``rulesets.get(name, **options)`` and
``rulesets.names()``."""

from __future__ import annotations

from ..errors import RulesError
from .base import Claim, Ruleset
from .curriculum import Curriculum
from .hachi import Hachi
from .hachihachi import HachiHachi
from .nintendo import HachiHachiNintendo
from .nuki import NukiHachiHachi
from .sudaoshi import Sudaoshi

_REGISTRY: dict[str, type[Ruleset]] = {
    cls.name: cls for cls in (HachiHachi, HachiHachiNintendo, NukiHachiHachi, Hachi,
                                Sudaoshi, Curriculum)
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


def ruleset_class(name: str) -> type[Ruleset]:
    cls = _REGISTRY.get(name)
    if cls is None:
        raise RulesError(f"unknown ruleset {name!r} (known: {', '.join(_REGISTRY)})")
    return cls


__all__ = ["Claim", "Ruleset", "get", "names", "ruleset_class"]
