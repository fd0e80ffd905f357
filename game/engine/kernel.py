"""Which rollout kernel runs: the compiled one (``_ckernel``, built from _ckernel.c) or the
pure-Python code it mirrors.

The extension is optional (``setup.py`` builds it when a C compiler is there) and the Python
code stays the reference: the generator in ``rng.py``, and the generic turn code that
``rollout._turns`` drives, give bit-identical draws and the same recorded actions either way
(tests/engine/test_ckernel.py). The State slots the kernel uses are named in
``state.KERNEL_SLOTS`` and handed to it by ``setup``.
``HACHI_PURE_PYTHON=1``, read once at import, forces the Python code.
"""

from __future__ import annotations

import os
from types import ModuleType


def _load() -> ModuleType | None:
    if os.environ.get("HACHI_PURE_PYTHON", "").strip() not in ("", "0"):
        return None
    try:
        from . import _ckernel
    except ImportError:  # not built (no compiler at install time): the Python kernel runs
        return None
    return _ckernel


ckernel = _load()


def compiled_extension() -> ModuleType | None:
    """The compiled extension whether or not it runs (the tests compare both kernels in one
    process, whatever ``HACHI_PURE_PYTHON`` says); None when it was not built."""
    try:
        from . import _ckernel
    except ImportError:
        return None
    return _ckernel


def kernel_name() -> str:
    """``"c"`` when the compiled kernel and generator run, ``"python"`` otherwise."""
    return "python" if ckernel is None else "c"


_GATES: dict[int, tuple[object, tuple[tuple[int, int], ...] | None]] = {}


def dek_gate(rs: object, vfn: object) -> tuple[tuple[int, int], ...] | None:
    """When ``vfn`` is the value of the ruleset's ``DekiyakuTable``: its enabled dekiyaku as
    (cards, need) pairs, from the table's own catalogue entries. V(pile) is 0 unless ``need``
    of some entry's ``cards`` are in the pile, so the compiled kernel calls V only then (it
    ran on about 11 piles a round, of which one in 50 scored). None for any other value
    function: always called. Cached per function."""
    # fastpath: dekiyaku-gate
    got = _GATES.get(id(vfn))
    if got is None or got[0] is not vfn:
        from .dekiyaku import DekiyakuTable

        table = getattr(rs, "dek", None)
        gate = None
        if isinstance(table, DekiyakuTable) and (
                vfn == table.value or vfn is getattr(table, "value_fn", None)):
            gate = tuple((e.cards, e.need) for e in table.entries())
        if len(_GATES) > 256:  # bound methods are new per state: keep the cache small
            _GATES.clear()
        got = _GATES[id(vfn)] = (vfn, gate)
    return got[1]
