"""Each rule, name and helper has one home (issue 25, item 7): the drop-out fee formula, card
masks by name, the teyaku table Sudaoshi borrows, the card-id error, the catalog marker,
the engine's stated public surface, and a docstring for every event kind and ending."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import game.engine as engine
from game.engine import rulesets
from game.engine.cards import INDEX, mask_of, mask_of_names, parse_card
from game.engine.dropout import BY_ORDER, dropout_fee
from game.engine.errors import CardError, RulesError
from game.engine.rng import Rng
from game.engine.rulesets.hachihachi import HachiHachi

ENGINE = Path(engine.__file__).resolve().parent
AI = ENGINE.parent.parent / "ai"


@pytest.mark.parametrize("name, options", [
    ("nuki-hachihachi", {"dropout_fees": True}), ("sudaoshi", {"more_seats": True}),
    ("sudaoshi", {"more_seats": True, "yaku_unit": 12}), ("hachihachi", {}),
])
def test_by_order_fees_are_the_dropout_modules(name, options):
    rs = rulesets.get(name, **options)
    for k in range(1, 6):
        for p in range(6):
            assert rs.fee(k, p) == dropout_fee(BY_ORDER, rs.kan, k, p)
    assert rulesets.get("nuki-hachihachi").fee(2, 1) == 0  # dropout_fees off: free


def test_the_fee_formula_is_written_once():
    """``kan * (k + 1) // 2`` lives in dropout.py only."""
    found = [p.name for p in ENGINE.rglob("*.py")
             if "(k + 1) // 2" in p.read_text(encoding="utf-8")]
    assert found == ["dropout.py"]


def test_card_masks_by_name_have_one_builder():
    assert mask_of_names("moon", "geese") == mask_of([INDEX["moon"], INDEX["geese"]])
    assert mask_of_names() == 0
    with pytest.raises(KeyError):
        mask_of_names("no_such_card")
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "1 << INDEX[" not in text, path.name
        assert "_mask_names" not in text and "def _m(" not in text, path.name


@pytest.mark.parametrize("options", [{}, {"yaku_unit": 12}])
def test_sudaoshi_claims_with_the_88_table_without_a_whole_ruleset(options):
    rs = rulesets.get("sudaoshi", **options)
    assert not any(isinstance(v, rulesets.Ruleset) for v in vars(rs).values())
    hh = HachiHachi(kan=rs.kan, mizuten=False)
    assert rs.teyaku_table.values == hh.teyaku_table.values
    rng, deck = Rng(4), list(rs.deck_cards)
    for _ in range(3000):
        rng.shuffle(deck)
        hand = mask_of(deck[:7])
        for pos in range(3):
            assert rs.claim(hand, pos) == hh.claim(hand, pos)
    assert rulesets.get("sudaoshi", teyaku="1921").teyaku_table is None


def test_a_bad_card_id_is_a_card_error():
    for bad in ("no_such_card", 3, None, "Crane"):
        with pytest.raises(CardError, match="unknown card id"):
            parse_card(bad)
        with pytest.raises(CardError):
            rulesets.get("hachihachi").card_points([bad])
    assert issubclass(CardError, RulesError) and issubclass(CardError, ValueError)
    assert parse_card("crane") == 0


def _defines(path: Path, name: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.FunctionDef) and node.name == name
               for node in ast.walk(tree))


def test_the_catalog_marker_is_defined_once_for_engine_and_ai():
    homes = [p.relative_to(ENGINE.parent.parent).as_posix()
             for root in (ENGINE, AI) for p in root.rglob("*.py") if _defines(p, "N_")]
    assert homes == ["game/engine/vocab.py"]


def test_the_public_surface_is_stated_and_resolves():
    assert "kernel_name" in engine.__all__ and "State" in engine.__all__
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
    assert engine.rulesets is importlib.import_module("game.engine.rulesets")
    with pytest.raises(AttributeError):
        engine.no_such_name  # noqa: B018


@pytest.mark.parametrize("enum_name", ["EventKind", "Ending"])
def test_every_member_has_its_own_docstring(enum_name):
    """python-chess's ``Termination`` style: a string right after each member."""
    tree = ast.parse((ENGINE / "vocab.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == enum_name)
    body = cls.body
    members = [i for i, n in enumerate(body) if isinstance(n, ast.Assign)]
    assert len(members) == len(getattr(importlib.import_module("game.engine.vocab"),
                                       enum_name))
    for i in members:
        doc = body[i + 1] if i + 1 < len(body) else None
        assert isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) \
            and isinstance(doc.value.value, str) and doc.value.value.strip(), \
            ast.unparse(body[i])
