"""The compiled kernel (game/engine/_ckernel.c) against the pure-Python code it mirrors: the
same generator draws bit for bit, the same rollouts (actions, results, totals) for every
ruleset and policy, and the C kernel really in use when it was built.

Both kernels run in this process whatever ``HACHI_PURE_PYTHON`` says: the tests import the
extension directly and switch ``rollout._CK_TURNS`` themselves. The extension is optional (an
install without a C compiler runs the Python kernel), so without a build these tests skip,
as CPython's ``test_heapq`` skips its C half; ``HACHI_REQUIRE_CKERNEL=1`` (set by ``.ci/run``)
makes a missing build a failure instead, so CI proves it builds.
"""

from __future__ import annotations

import array
import copy
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import game.engine.rollout as RO
import game.engine.state as S
from game.engine import kernel_name, rulesets
from game.engine import rng as R
from game.engine.actions import PLAY1, play2, take_action
from game.engine.kernel import compiled_extension, dek_gate
from game.engine.rollout import CAREFUL
from game.engine.state import DECIDE, GREEDY, KERNEL_SLOTS, OVER, RANDOM, State
from game.engine.view import PlayerView

_ckernel = compiled_extension()
if _ckernel is None:
    if os.environ.get("HACHI_REQUIRE_CKERNEL", "").strip() not in ("", "0"):
        raise ImportError("game.engine._ckernel is not built (pip install -e . builds it) "
                          "and HACHI_REQUIRE_CKERNEL is set")
    pytest.skip("game.engine._ckernel is not built (no C compiler at install time)",
                allow_module_level=True)

# The compiled generator, also when HACHI_PURE_PYTHON keeps rng.Rng pure.
CRng = R.CRng or type("CRng", (R._RngApi, _ckernel.Rng), {"__slots__": ()})
_ckernel.set_big_below(R.PyRng.below)


def _pure_env() -> bool:
    return os.environ.get("HACHI_PURE_PYTHON", "").strip() not in ("", "0")


@pytest.fixture
def use_kernel(monkeypatch):  # noqa: ANN001, ANN201
    """use_kernel("c" | "python") -> the generator class to pair with that kernel."""
    def use(name: str) -> type:
        if name == "c":
            _ckernel.setup(PLAY1, play2, take_action, DECIDE, KERNEL_SLOTS)
            monkeypatch.setattr(RO, "_CK_TURNS", _ckernel.rollout_turns)
            return CRng
        monkeypatch.setattr(RO, "_CK_TURNS", None)
        return R.PyRng
    return use


def _snap(g) -> tuple[int, int, int]:  # noqa: ANN001
    return g._state, g._pool, g._range


# ------------------------------------------------------------------ the generator

@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1, 2**64 + 5, -1, -(2**70) + 3])
def test_next64_streams_are_identical(seed):
    a, b = CRng(seed), R.PyRng(seed)
    assert [a.next64() for _ in range(500)] == [b.next64() for _ in range(500)]
    assert _snap(a) == _snap(b)


SIZES = [1, 2, 3, 4, 5, 7, 12, 47, 48, 100, 255, 256, 257, 1000, 10**6, 2**31 - 1, 2**32 + 1,
         2**40 + 7, 2**55, 2**56 - 1, 2**56, 2**56 + 1, 2**63, 2**64 - 1, 2**64, 2**64 + 1,
         2**70 + 3, 3 * 2**100, 10**40]


@pytest.mark.parametrize("seed", range(6))
def test_below_draws_are_identical_for_many_ranges(seed):
    """The pool is kept in 128 bits in C (and handed to the Python code above 2**56): every
    draw and the pool after it are the Python ones, small ranges and huge ones mixed."""
    pick = random.Random(seed)
    a, b = CRng(seed), R.PyRng(seed)
    for _ in range(3000):
        n = pick.choice(SIZES) if pick.random() < 0.3 else pick.randrange(1, 60)
        assert a.below(n) == b.below(n), n
        assert _snap(a) == _snap(b), n
    assert a.next64() == b.next64()


def test_shuffles_are_identical_for_every_length_and_sequence_type():
    a, b = CRng(7), R.PyRng(7)
    for length in [*range(0, 49), 60, 100, 127, 128, 129, 300]:
        for make in (list, bytearray, lambda r: array.array("H", r)):
            x, y = make(range(length % 256 if make is bytearray else length)), None
            y = copy.copy(x)
            a.shuffle(x)
            b.shuffle(y)
            assert x == y, (length, make)
        assert a.below(length + 1) == b.below(length + 1)
        assert _snap(a) == _snap(b)
    deck = list(range(48))
    a.shuffle(deck)
    assert sorted(deck) == list(range(48)) and deck != list(range(48))


def test_choice_fork_pickle_and_copy_keep_the_stream():
    a, b = CRng(3), R.PyRng(3)
    for seq in (list("abcdefg"), ("x",), "hanafuda", range(48), tuple(range(300))):
        assert [a.choice(seq) for _ in range(50)] == [b.choice(seq) for _ in range(50)]
    fa, fb = a.fork(), b.fork()
    assert type(fa) is CRng and type(fb) is R.PyRng
    assert [fa.below(10) for _ in range(20)] == [fb.below(10) for _ in range(20)]
    for g in (a, b):
        g.below(1000)  # a pool in use
        for twin in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g), copy.copy(g)):
            assert _snap(twin) == _snap(g)
            assert twin.below(7919) == copy.deepcopy(g).below(7919)
            assert isinstance(twin, R.Rng)


def test_the_generators_reject_the_same_arguments():
    for cls in (CRng, R.PyRng):
        for bad in (True, 1.5, "1", None):
            with pytest.raises(ValueError, match="seed must be an integer"):
                cls(bad)
        for n in (0, -1, -(2**80)):
            with pytest.raises(ValueError, match="needs n > 0"):
                cls(1).below(n)
        with pytest.raises(TypeError):
            cls(1).shuffle((1, 2, 3))
        with pytest.raises(ValueError, match="needs n > 0"):
            cls(1).choice([])


# ------------------------------------------------------------------ the rollout kernel

def _seat_counts(rs) -> list[int]:  # noqa: ANN001
    return sorted({rs.min_seats, min(max(3, rs.min_seats), rs.max_seats)})


CASES = [(name, seats) for name in rulesets.names()
         for seats in _seat_counts(rulesets.get(name))]
WEIGHTS = {
    "points": None,
    "judgement": tuple(random.Random(5).randrange(-20, 60) for _ in range(48)),
    "list": [random.Random(6).randrange(0, 30) for _ in range(48)],
    "huge": tuple(2**60 + c for c in range(48)),  # beyond the C kernel: the Python code runs
}


def _rounds(name: str, seats: int, policy: str, seed: int, rng_cls: type,
            weights: tuple[int, ...] | list[int] | None = None, rounds: int = 40) -> list:
    rs = rulesets.get(name)
    rng = rng_cls(seed)
    st = rs.new_state(seats, seed % seats, events=False)
    out = []
    for _ in range(rounds):
        if st.phase == OVER:
            out.append(("game", tuple(st.totals)))
            st = rs.new_state(seats, 0, events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        st.playout(rng, policy, weights)
        out.append((tuple(st.actions), st.results[-1], tuple(st.totals), tuple(st.captured),
                    st.field))
    out.append(_snap(rng))
    return out


@pytest.mark.parametrize("name, seats", CASES)
@pytest.mark.parametrize("policy", [RANDOM, GREEDY, CAREFUL])
def test_c_and_python_kernels_play_the_same_rounds(use_kernel, name, seats, policy):
    """Hundreds of seeded rounds per ruleset and seat count: same actions (the same Action
    values recorded), results, totals, piles and generator state afterwards."""
    for seed in range(3):
        c = _rounds(name, seats, policy, seed, use_kernel("c"))
        py = _rounds(name, seats, policy, seed, use_kernel("python"))
        assert c == py, (name, seats, policy, seed)


@pytest.mark.parametrize("name, seats", CASES)
@pytest.mark.parametrize("weights", list(WEIGHTS))
@pytest.mark.parametrize("policy", [GREEDY, CAREFUL])
def test_c_and_python_kernels_agree_on_greedy_with_weights(use_kernel, name, seats, weights,
                                                           policy):
    w = WEIGHTS[weights]
    for seed in range(2):
        c = _rounds(name, seats, policy, seed, use_kernel("c"), w)
        py = _rounds(name, seats, policy, seed, use_kernel("python"), w)
        assert c == py, (name, seats, weights, policy, seed)


def _set_values(name: str, seats: int, w: float, repeat: int = 1) -> RO.SetValues:
    """Each seat's yaku sets (by its position), ``repeat`` times over (past the C kernel's
    64 entries, the Python code runs)."""
    rs = rulesets.get(name)
    entries = tuple((s, mask, value) for _ in range(repeat) for s in range(seats)
                    for _, mask, value in rs.yaku_sets(min(s, 2)))
    return RO.SetValues(rs.values, w, entries)


@pytest.mark.parametrize("name, seats", CASES)
@pytest.mark.parametrize("policy", [GREEDY, CAREFUL])
@pytest.mark.parametrize("w, repeat", [(2.0, 1), (0.5, 1), (2.0, 40)])
def test_c_and_python_kernels_agree_on_card_values_that_follow_the_sets(use_kernel, name,
                                                                         seats, policy, w,
                                                                         repeat):
    """Master's rollouts (``rollout.SetValues``): the values change as the piles do, in C
    and in Python alike; a spec the C kernel cannot hold falls back to the Python code."""
    for seed in range(2):
        c = _rounds(name, seats, policy, seed, use_kernel("c"), _set_values(name, seats, w,
                                                                            repeat))
        py = _rounds(name, seats, policy, seed, use_kernel("python"),
                     _set_values(name, seats, w, repeat))
        assert c == py, (name, seats, policy, w, repeat, seed)


def test_weights_change_the_greedy_choice_and_default_to_the_card_points(use_kernel):
    rs = rulesets.get("hachihachi")
    for kernel in ("c", "python"):
        rng_cls = use_kernel(kernel)
        plain = _rounds("hachihachi", 3, GREEDY, 1, rng_cls, None, 10)
        assert _rounds("hachihachi", 3, GREEDY, 1, rng_cls, rs.values, 10) == plain
        assert _rounds("hachihachi", 3, GREEDY, 1, rng_cls, WEIGHTS["judgement"], 10) != plain
        with pytest.raises(ValueError, match="48 card values"):
            _rounds("hachihachi", 3, GREEDY, 1, rng_cls, (1, 2, 3), 1)


def test_c_kernel_with_the_python_generator_draws_the_same(use_kernel):
    """The C kernel also takes a generator of another type (through its ``below``)."""
    use_kernel("c")
    c_with_py = _rounds("hachihachi", 3, RANDOM, 4, R.PyRng)
    use_kernel("python")
    assert c_with_py == _rounds("hachihachi", 3, RANDOM, 4, R.PyRng)


def _views(name: str, seats: int, count: int) -> list[PlayerView]:
    rs, rng, views = rulesets.get(name), R.PyRng(11), []
    while len(views) < count:
        st = rs.new_state(seats, 0)
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase in ("play", "take", "decide") and len(view.legal) > 1:
                views.append(view)
            st.apply(rng.choice(st.legal_actions()))
    return views[:count]


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachi", 2), ("nuki-hachihachi", 2)])
def test_search_leaves_are_identical(use_kernel, name, seats):
    """What the search runs: resample a view, clone, apply a move, greedy playout."""
    views = _views(name, seats, 25)

    def leaves(kernel: str) -> list:
        rng_cls = use_kernel(kernel)
        out = []
        for i, view in enumerate(views):
            world = State.resample(view, rng_cls(i))
            for a in view.legal:
                st = world.clone()
                st.apply(a, check=False)
                st.playout(rng_cls(i), GREEDY)
                out.append((tuple(st.actions), st.results[-1]))
        return out

    assert leaves("c") == leaves("python")


def test_setup_takes_the_slot_names_from_python():
    """The kernel names no State slot itself: setup() takes them (state.KERNEL_SLOTS) and
    refuses a tuple of another length or of non-strings."""
    source = (Path(S.__file__).parent / "_ckernel.c").read_text(encoding="utf-8")
    for name in KERNEL_SLOTS:
        assert f'"{name}"' not in source, name
    with pytest.raises(TypeError, match="State slots"):
        _ckernel.setup(PLAY1, play2, take_action, DECIDE, KERNEL_SLOTS[:-1])
    with pytest.raises(TypeError, match="strings"):
        _ckernel.setup(PLAY1, play2, take_action, DECIDE, (1,) * len(KERNEL_SLOTS))
    _ckernel.setup(PLAY1, play2, take_action, DECIDE, KERNEL_SLOTS)  # as the engine set it


def test_the_dekiyaku_gate_never_hides_a_scoring_pile():
    """kernel.dek_gate: V is 0 on every pile the gate closes (piles rich in yaku cards)."""
    pick = random.Random(3)
    for name in rulesets.names():
        rs = rulesets.get(name)
        vfn = rs.dek_value_fn()
        gate = dek_gate(rs, vfn)
        if gate is None:
            continue
        yaku = [c for c in range(48) if rs.yaku_cards >> c & 1]
        for _ in range(4000):
            pile = sum(1 << c for c in pick.sample(yaku, pick.randrange(0, len(yaku) + 1)))
            pile |= sum(1 << c for c in pick.sample(range(48), pick.randrange(0, 8)))
            if not any((pile & m).bit_count() >= need for m, need in gate):
                assert vfn(pile) == 0, (name, pile)
    assert dek_gate(rulesets.get("hachihachi"), lambda pile: 0) is None


# ------------------------------------------------------------------ which kernel runs

def test_the_compiled_kernel_is_the_one_in_use_when_built():
    if _pure_env():
        assert kernel_name() == "python" and R.Rng is R.PyRng and RO._CK_TURNS is None
    else:
        assert kernel_name() == "c"
        assert R.Rng is R.CRng and issubclass(R.Rng, _ckernel.Rng)
        assert RO._CK_TURNS is _ckernel.rollout_turns


def test_hachi_pure_python_forces_the_python_kernel():
    code = ("import game.engine as e, game.engine.rng as r, game.engine.rollout as s;"
            "print(e.kernel_name(), r.Rng.__name__, s._CK_TURNS)")
    env = dict(os.environ, HACHI_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["python", "PyRng", "None"]
