/* The compiled rollout kernel: the SplitMix64 generator and rollout.py's turn loop in C.
 *
 * Optional: game/engine/kernel.py loads it when it was built and HACHI_PURE_PYTHON is not
 * set; otherwise the pure-Python code in rng.py and state.py runs. Both must give
 * bit-identical draws and the same recorded actions (tests/engine/test_ckernel.py).
 *
 * Nothing of the rules lives here except the turn mechanics (capture by the ruleset's
 * relation table, the drawn card's choice, the dekiyaku trigger), which must equal the
 * generic turn code that rollout.py drives without this kernel; the dekiyaku value, the
 * actions and settlement stay in Python and are called back. Its fast paths are registered
 * in game/engine/FASTPATHS.md and tagged "fastpath:" below.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#if defined(_MSC_VER)
#include <intrin.h>
#endif

/* The pool needs 128 bits: a two-word value, divided natively where the compiler has
 * unsigned __int128 (GCC, Clang) and by bytes elsewhere (MSVC; -DHACHI_NO_INT128 tests it). */
typedef struct {
    uint64_t hi, lo;
} U128;

#define SMALL_N ((uint64_t)1 << 56) /* below(n) in C for n < 2**56: n << 8 fits in 64 bits */
#define MAX_SEATS 16
#define MAX_WEIGHT ((int64_t)1 << 50) /* greedy scores (x100, four cards) fit in int64 */

/* ------------------------------------------------------------------ generator */
/* rng.PyRng in C, draw for draw. fastpath: c-generator */

typedef struct {
    PyObject_HEAD
    uint64_t state;
    U128 pool; /* v, uniform on [0, range) */
    U128 range;
} RngObject;

static PyObject *big_below = NULL; /* rng.PyRng.below, for n > 2**56 */

static inline uint64_t sm_next(RngObject *g)
{
    uint64_t z = (g->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* x div n into *q, returns x mod n; n < 2**56. */
static inline uint64_t divmod_small(U128 x, uint64_t n, U128 *q)
{
#if defined(__SIZEOF_INT128__) && !defined(HACHI_NO_INT128)
    unsigned __int128 v = ((unsigned __int128)x.hi << 64) | x.lo, d = v / n;
    q->hi = (uint64_t)(d >> 64);
    q->lo = (uint64_t)d;
    return (uint64_t)(v - d * n);
#else
    uint64_t r = x.hi % n, lo = 0;
    q->hi = x.hi / n;
    for (int s = 56; s >= 0; s -= 8) { /* r < n < 2**56: (r << 8) fits */
        uint64_t cur = (r << 8) | ((x.lo >> s) & 0xFF);
        lo = (lo << 8) | (cur / n);
        r = cur % n;
    }
    q->lo = lo;
    return r;
#endif
}

/* Rng.below for 1 <= n < 2**56, exactly as the Python code: r < n << 8 extends the pool by
 * one 64-bit output (so r stays under 2**128); v < lim (= (r div n) * n) is v div n < r div
 * n, and otherwise v - lim and r - lim are v mod n and r mod n. */
static inline uint64_t below_small(RngObject *g, uint64_t n)
{
    U128 v = g->pool, r = g->range, qv, qr;
    for (;;) {
        if (r.hi == 0 && r.lo < (n << 8)) { /* then v < r < 2**64 too */
            v.hi = v.lo;
            v.lo = sm_next(g);
            r.hi = r.lo;
            r.lo = 0;
        }
        uint64_t rr = divmod_small(r, n, &qr), rv = divmod_small(v, n, &qv);
        if (qv.hi < qr.hi || (qv.hi == qr.hi && qv.lo < qr.lo)) {
            g->pool = qv;
            g->range = qr;
            return rv;
        }
        v.hi = 0;
        v.lo = rv;
        r.hi = 0;
        r.lo = rr;
    }
}

static PyObject *u128_to_py(U128 x)
{
    PyObject *hi = PyLong_FromUnsignedLongLong(x.hi);
    PyObject *lo = PyLong_FromUnsignedLongLong(x.lo);
    PyObject *sh = PyLong_FromLong(64);
    PyObject *out = NULL, *t = NULL;
    if (hi && lo && sh && (t = PyNumber_Lshift(hi, sh)))
        out = PyNumber_Or(t, lo);
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(sh);
    Py_XDECREF(t);
    return out;
}

/* 0 <= x < 2**128, or -1 with an exception set. */
static int py_to_u128(PyObject *x, U128 *out)
{
    if (!PyLong_Check(x)) {
        PyErr_SetString(PyExc_TypeError, "an int is needed");
        return -1;
    }
    PyObject *zero = PyLong_FromLong(0), *sh = PyLong_FromLong(64), *hi = NULL, *top = NULL;
    int rc = -1, neg;
    if (!zero || !sh)
        goto done;
    neg = PyObject_RichCompareBool(x, zero, Py_LT);
    if (neg < 0)
        goto done;
    if (!(hi = PyNumber_Rshift(x, sh)) || !(top = PyNumber_Rshift(hi, sh)))
        goto done;
    if (neg || PyObject_IsTrue(top)) {
        PyErr_SetString(PyExc_OverflowError, "generator pool out of range");
        goto done;
    }
    out->hi = PyLong_AsUnsignedLongLongMask(hi);
    out->lo = PyLong_AsUnsignedLongLongMask(x);
    rc = PyErr_Occurred() ? -1 : 0;
done:
    Py_XDECREF(zero);
    Py_XDECREF(sh);
    Py_XDECREF(hi);
    Py_XDECREF(top);
    return rc;
}

static PyObject *Rng_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    RngObject *g = (RngObject *)type->tp_alloc(type, 0);
    if (g) {
        g->state = 0;
        g->pool.hi = g->pool.lo = g->range.hi = 0;
        g->range.lo = 1;
    }
    return (PyObject *)g;
}

static int Rng_init(RngObject *g, PyObject *args, PyObject *kw)
{
    PyObject *seed;
    static char *kwlist[] = {"seed", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O:Rng", kwlist, &seed))
        return -1;
    if (!PyLong_Check(seed) || PyBool_Check(seed)) {
        PyErr_Format(PyExc_ValueError, "seed must be an integer, not %R", seed);
        return -1;
    }
    g->state = PyLong_AsUnsignedLongLongMask(seed); /* seed & (2**64 - 1) */
    if (PyErr_Occurred())
        return -1;
    g->pool.hi = g->pool.lo = g->range.hi = 0;
    g->range.lo = 1;
    return 0;
}

static PyObject *Rng_next64(RngObject *g, PyObject *unused)
{
    return PyLong_FromUnsignedLongLong(sm_next(g));
}

static PyObject *Rng_below(RngObject *g, PyObject *n)
{
    int overflow;
    long long v;
    if (!PyLong_Check(n))
        goto big; /* whatever Python's arithmetic does with it */
    v = PyLong_AsLongLongAndOverflow(n, &overflow);
    if (v == -1 && PyErr_Occurred())
        return NULL;
    if (overflow < 0 || (!overflow && v < 1)) {
        PyErr_Format(PyExc_ValueError, "below() needs n > 0, not %R", n);
        return NULL;
    }
    if (!overflow && (uint64_t)v < SMALL_N)
        return PyLong_FromUnsignedLongLong(below_small(g, (uint64_t)v));
big:
    if (!big_below) {
        PyErr_SetString(PyExc_RuntimeError, "_ckernel: big_below not set");
        return NULL;
    }
    return PyObject_CallFunctionObjArgs(big_below, (PyObject *)g, n, NULL);
}

/* Rng.choice: seq[0] for one item (no draw), else seq[below(len(seq))]. */
static PyObject *Rng_choice(RngObject *g, PyObject *seq)
{
    Py_ssize_t n = PyObject_Length(seq);
    if (n < 0)
        return NULL;
    if (n == 1) {
        PyObject *zero = PyLong_FromLong(0);
        PyObject *out = zero ? PyObject_GetItem(seq, zero) : NULL;
        Py_XDECREF(zero);
        return out;
    }
    if (n == 0 || (uint64_t)n >= SMALL_N) {
        PyObject *pn = PyLong_FromSsize_t(n);
        PyObject *j = pn ? Rng_below(g, pn) : NULL;
        Py_XDECREF(pn);
        PyObject *out = j ? PyObject_GetItem(seq, j) : NULL;
        Py_XDECREF(j);
        return out;
    }
    Py_ssize_t j = (Py_ssize_t)below_small(g, (uint64_t)n);
    if (PyList_CheckExact(seq))
        return Py_NewRef(PyList_GET_ITEM(seq, j));
    if (PyTuple_CheckExact(seq))
        return Py_NewRef(PyTuple_GET_ITEM(seq, j));
    PyObject *pj = PyLong_FromSsize_t(j); /* seq[j], whatever seq is, as in Python */
    PyObject *out = pj ? PyObject_GetItem(seq, pj) : NULL;
    Py_XDECREF(pj);
    return out;
}

/* Fisher-Yates groups per length (rng._groups): positions length-1 .. 1, cut so that each
 * group's radix product fits in 64 bits (prod * (i + 1) is never exactly 2**64: two
 * consecutive factors hold an odd one). A draw x is kept when x < 2**64 - (2**64 mod prod):
 * rem = 2**64 mod prod, and every x when it is 0. */
#define GROUP_CACHE 128
static inline uint64_t rem64(uint64_t prod) { return (UINT64_MAX % prod + 1) % prod; }
static inline int kept(uint64_t x, uint64_t rem) { return rem == 0 || x < (uint64_t)0 - rem; }

typedef struct {
    int ngroups;
    uint64_t rem[GROUP_CACHE];
    int start[GROUP_CACHE + 1]; /* positions of group k: pos[start[k] .. start[k+1]) */
    int pos[GROUP_CACHE];
} Groups;
static Groups *group_cache[GROUP_CACHE + 1];

static Groups *groups_of(Py_ssize_t length)
{
    if (length <= GROUP_CACHE && group_cache[length])
        return group_cache[length];
    Groups *gr = PyMem_Calloc(1, sizeof(Groups));
    if (!gr)
        return NULL;
    Py_ssize_t i = length - 1;
    int k = 0, p = 0;
    while (i > 0) {
        uint64_t prod = 1;
        gr->start[k] = p;
        while (i > 0 && prod <= UINT64_MAX / (uint64_t)(i + 1)) {
            prod *= (uint64_t)(i + 1);
            gr->pos[p++] = (int)i;
            i--;
        }
        gr->rem[k++] = rem64(prod);
    }
    gr->start[k] = p;
    gr->ngroups = k;
    if (length <= GROUP_CACHE)
        group_cache[length] = gr;
    return gr;
}

static PyObject *shuffle_long(RngObject *g, PyObject *items, Py_ssize_t length);

static PyObject *Rng_shuffle(RngObject *g, PyObject *items)
{
    Py_ssize_t length = PyObject_Length(items);
    if (length < 0)
        return NULL;
    if (length > GROUP_CACHE || !PyList_CheckExact(items))
        return shuffle_long(g, items, length);
    Groups *gr = groups_of(length);
    if (!gr)
        return PyErr_NoMemory();
    PyObject **it = ((PyListObject *)items)->ob_item;
    for (int k = 0; k < gr->ngroups; k++) {
        uint64_t x;
        do
            x = sm_next(g);
        while (!kept(x, gr->rem[k]));
        for (int p = gr->start[k]; p < gr->start[k + 1]; p++) {
            uint64_t i = (uint64_t)gr->pos[p], r = i + 1, j = x % r;
            x /= r;
            PyObject *tmp = it[i];
            it[i] = it[j];
            it[j] = tmp;
        }
    }
    Py_RETURN_NONE;
}

/* Any mutable sequence, any length: the same draws through __getitem__/__setitem__. */
static PyObject *shuffle_long(RngObject *g, PyObject *items, Py_ssize_t length)
{
    Py_ssize_t i = length - 1;
    Py_ssize_t pos[64];
    while (i > 0) {
        uint64_t prod = 1;
        int np = 0;
        while (i > 0 && prod <= UINT64_MAX / (uint64_t)(i + 1)) {
            prod *= (uint64_t)(i + 1);
            pos[np++] = i;
            i--;
        }
        uint64_t rem = rem64(prod), x;
        do
            x = sm_next(g);
        while (!kept(x, rem));
        for (int p = 0; p < np; p++) {
            uint64_t r = (uint64_t)pos[p] + 1;
            Py_ssize_t j = (Py_ssize_t)(x % r);
            x /= r;
            PyObject *a = PySequence_GetItem(items, pos[p]);
            PyObject *b = a ? PySequence_GetItem(items, j) : NULL;
            int bad = !b || PySequence_SetItem(items, pos[p], b) < 0 ||
                      PySequence_SetItem(items, j, a) < 0;
            Py_XDECREF(a);
            Py_XDECREF(b);
            if (bad)
                return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyObject *Rng_get_state(RngObject *g, void *c) { return PyLong_FromUnsignedLongLong(g->state); }
static PyObject *Rng_get_pool(RngObject *g, void *c) { return u128_to_py(g->pool); }
static PyObject *Rng_get_range(RngObject *g, void *c) { return u128_to_py(g->range); }

static int Rng_set_state(RngObject *g, PyObject *v, void *c)
{
    U128 x;
    if (!v || py_to_u128(v, &x) < 0 || x.hi) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_OverflowError, "state is a 64-bit value");
        return -1;
    }
    g->state = x.lo;
    return 0;
}

static int Rng_set_pool(RngObject *g, PyObject *v, void *c)
{
    if (!v) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete");
        return -1;
    }
    return py_to_u128(v, &g->pool);
}

static int Rng_set_range(RngObject *g, PyObject *v, void *c)
{
    U128 x;
    if (!v) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete");
        return -1;
    }
    if (py_to_u128(v, &x) < 0)
        return -1;
    if (x.hi == 0 && x.lo == 0) {
        PyErr_SetString(PyExc_ValueError, "range must be positive");
        return -1;
    }
    g->range = x;
    return 0;
}

static PyMethodDef Rng_methods[] = {
    {"next64", (PyCFunction)Rng_next64, METH_NOARGS, "The next SplitMix64 output."},
    {"below", (PyCFunction)Rng_below, METH_O, "Uniform integer in [0, n), exact."},
    {"shuffle", (PyCFunction)Rng_shuffle, METH_O, "Fisher-Yates in place, exact."},
    {"choice", (PyCFunction)Rng_choice, METH_O, "An item of a sequence, uniformly."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Rng_getset[] = {
    {"_state", (getter)Rng_get_state, (setter)Rng_set_state, NULL, NULL},
    {"_pool", (getter)Rng_get_pool, (setter)Rng_set_pool, NULL, NULL},
    {"_range", (getter)Rng_get_range, (setter)Rng_set_range, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject RngType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "game.engine._ckernel.Rng",
    .tp_basicsize = sizeof(RngObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "SplitMix64 with an exact random pool (see game/engine/rng.py).",
    .tp_new = Rng_new,
    .tp_init = (initproc)Rng_init,
    .tp_methods = Rng_methods,
    .tp_getset = Rng_getset,
};

/* ------------------------------------------------------------------ rollout turns */

static PyObject *PLAY1 = NULL;  /* actions.PLAY1: [seat][card] -> Action */
static PyObject *PLAY2 = NULL;  /* actions.play2(seat, card, target) -> Action */
static PyObject *TAKE = NULL;   /* actions.take_action(seat, target) -> Action */
static PyObject *DECIDE = NULL; /* state.DECIDE */

/* The State slots read and written by name. The names come from Python (state.KERNEL_SLOTS,
 * checked against State.__slots__ at import) through setup(), in this order; nothing here
 * spells a slot's name. */
enum {
    F_HANDS, F_CAPTURED, F_PILE, F_ACTIONS, F_TURNS, F_VCACHE, F_LAST, F_VFN, F_YAKU, F_SAGERS,
    F_REL, F_SUM, F_FIELD, F_PILE_POS, F_TURN_I, F_TURN_CAPS, F_PHASE, F_TO_MOVE, N_SLOTS
};
static PyObject *slot_name[N_SLOTS];
#define s_hands slot_name[F_HANDS]
#define s_captured slot_name[F_CAPTURED]
#define s_pile slot_name[F_PILE]
#define s_actions slot_name[F_ACTIONS]
#define s_turns slot_name[F_TURNS]
#define s_vcache slot_name[F_VCACHE]
#define s_last slot_name[F_LAST]
#define s_vfn slot_name[F_VFN]
#define s_yaku slot_name[F_YAKU]
#define s_sagers slot_name[F_SAGERS]
#define s_rel slot_name[F_REL]
#define s_sum slot_name[F_SUM]
#define s_field slot_name[F_FIELD]
#define s_pile_pos slot_name[F_PILE_POS]
#define s_turn_i slot_name[F_TURN_I]
#define s_turn_caps slot_name[F_TURN_CAPS]
#define s_phase slot_name[F_PHASE]
#define s_to_move slot_name[F_TO_MOVE]
static PyObject *s_below; /* the generator's method, for another generator type */

/* Tables converted once per tuple object (the ruleset's relation table and card values);
 * each call copies them first (callbacks can let another thread's call replace them). */
typedef struct {
    PyObject *src; /* a strong reference, compared by identity */
    int64_t v[48];
} Table;
static Table rel_cache, val_cache;

/* 1 done, 0 not representable (the caller falls back), -1 error. */
static int table_of(PyObject *obj, Table *cache, int64_t *out, int64_t bound)
{
    if (cache && obj == cache->src) {
        memcpy(out, cache->v, sizeof cache->v);
        return 1;
    }
    PyObject *seq = PySequence_Fast(obj, "a table of 48 ints is needed");
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 48) {
        Py_DECREF(seq);
        return 0;
    }
    PyObject **it = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < 48; i++) {
        int overflow;
        if (!PyLong_Check(it[i])) {
            Py_DECREF(seq);
            return 0;
        }
        long long x = PyLong_AsLongLongAndOverflow(it[i], &overflow);
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (overflow || x > bound || x < -bound) {
            Py_DECREF(seq);
            return 0;
        }
        out[i] = x;
    }
    Py_DECREF(seq);
    if (cache && PyTuple_CheckExact(obj)) {
        Py_XSETREF(cache->src, Py_NewRef(obj));
        memcpy(cache->v, out, sizeof cache->v);
    }
    return 1;
}

/* The dekiyaku gate (kernel.dek_gate): V is 0 unless need of some mask are in the pile. */
#define MAX_GATE 16
typedef struct {
    PyObject *src; /* a strong reference, compared by identity */
    int n;
    uint64_t mask[MAX_GATE];
    int need[MAX_GATE];
} Gate;
static Gate gate_cache;

/* 1 a gate, 0 none (always call V), -1 error. kernel.dek_gate's pairs. fastpath: dekiyaku-gate */
static int gate_of(PyObject *obj)
{
    if (obj == Py_None)
        return 0;
    if (obj == gate_cache.src)
        return 1;
    if (!PyTuple_CheckExact(obj) || PyTuple_GET_SIZE(obj) > MAX_GATE)
        return 0;
    Gate g = {NULL, 0, {0}, {0}};
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(obj); i++) {
        PyObject *pair = PyTuple_GET_ITEM(obj, i);
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2)
            return 0;
        uint64_t m = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(pair, 0));
        long need = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        if (PyErr_Occurred()) {
            PyErr_Clear();
            return 0; /* not representable: no gate */
        }
        g.mask[i] = m;
        g.need[i] = need < 0 ? 0 : (need > 64 ? 65 : (int)need);
        g.n++;
    }
    g.src = Py_NewRef(obj);
    Py_XDECREF(gate_cache.src);
    gate_cache = g;
    return 1;
}

#if defined(_MSC_VER)
static inline int ctz64(uint64_t x)
{
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

static inline int popc(uint64_t x)
{
#if defined(__POPCNT__) || defined(__aarch64__)
    return __builtin_popcountll(x);
#else /* without the instruction: a few mask operations beat libgcc's call */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline uint64_t pick(uint64_t mask, uint64_t i)
{
    while (i--)
        mask &= mask - 1;
    return mask & (~mask + 1);
}

/* capture.choices: with k >= 2 field cards to take, whether the player chooses one of them
 * (exactly two of the month; under month sum, any number over one). fastpath: capture-choice */
static inline int is_choice(int k, int summ) { return k == 2 || (summ && k > 2); }

/* rollout.best_target: the most valuable card of matches, the lowest among equals. */
static inline int best_target(uint64_t m, const int64_t *values)
{
    int best = -1;
    int64_t best_v = 0;
    while (m) {
        int c = ctz64(m);
        m &= m - 1;
        if (best < 0 || values[c] > best_v) {
            best = c;
            best_v = values[c];
        }
    }
    return best;
}

/* rollout.greedy_card: (card, target or -1), the hand card taking the most points; with
 * careful, a discard of a month with a card in live (what the seat cannot see) also scores
 * minus its own value and the best live card's.
 * fastpath: greedy-policy */
static inline int greedy_card(uint64_t hand, uint64_t field, const int64_t *rel,
                              const int64_t *values, int summ, int careful, uint64_t live,
                              int *target)
{
    int best = -1, best_t = -1;
    int64_t best_v = 0;
    while (hand) {
        int c = ctz64(hand);
        hand &= hand - 1;
        uint64_t m = field & (uint64_t)rel[c];
        int t = -1;
        int64_t v;
        if (!m) {
            v = -values[c];
            uint64_t lm = live & (uint64_t)rel[c];
            if (careful && lm)
                v -= values[c] + values[best_target(lm, values)];
        } else {
            int k = popc(m);
            if (k == 1) {
                v = 100 * (values[c] + values[ctz64(m)]);
            } else if (is_choice(k, summ)) {
                t = best_target(m, values);
                v = 100 * (values[c] + values[t]);
            } else {
                v = values[c];
                while (m) {
                    v += values[ctz64(m)];
                    m &= m - 1;
                }
                v *= 100;
            }
        }
        if (best < 0 || v > best_v) {
            best = c;
            best_t = t;
            best_v = v;
        }
    }
    *target = best_t;
    return best;
}

static int as_u64(PyObject *o, uint64_t *out)
{
    if (!o)
        return -1;
    *out = PyLong_AsUnsignedLongLong(o);
    return (*out == (uint64_t)-1 && PyErr_Occurred()) ? -1 : 0;
}

static int as_ssize(PyObject *o, Py_ssize_t *out)
{
    if (!o)
        return -1;
    *out = PyLong_AsSsize_t(o);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int getattr_u64(PyObject *o, PyObject *name, uint64_t *out)
{
    PyObject *v = PyObject_GetAttr(o, name);
    int rc = as_u64(v, out);
    Py_XDECREF(v);
    return rc;
}

static int set_u64(PyObject *o, PyObject *name, uint64_t x)
{
    PyObject *v = PyLong_FromUnsignedLongLong(x);
    int rc = v ? PyObject_SetAttr(o, name, v) : -1;
    Py_XDECREF(v);
    return rc;
}

static int set_ssize(PyObject *o, PyObject *name, Py_ssize_t x)
{
    PyObject *v = PyLong_FromSsize_t(x);
    int rc = v ? PyObject_SetAttr(o, name, v) : -1;
    Py_XDECREF(v);
    return rc;
}

/* The card at pile_l[i] (a list of ints), checked to be a card: 0, or -1 with an error set. */
static int pile_card(PyObject *pile_l, Py_ssize_t i, int *card)
{
    Py_ssize_t c = PyLong_AsSsize_t(PyList_GET_ITEM(pile_l, i));
    if (c == -1 && PyErr_Occurred())
        return -1;
    if (c < 0 || c >= 48) {
        PyErr_SetString(PyExc_IndexError, "_ckernel: card out of range");
        return -1;
    }
    *card = (int)c;
    return 0;
}

/* A draw below n from the given generator: ours directly, any other through rng.below. */
static inline int draw(RngObject *g, PyObject *rng, uint64_t n, uint64_t *out)
{
    if (g) {
        if (n == 0) {
            PyErr_SetString(PyExc_ValueError, "below() needs n > 0, not 0");
            return -1;
        }
        *out = below_small(g, n);
        return 0;
    }
    PyObject *pn = PyLong_FromUnsignedLongLong(n);
    PyObject *r = pn ? PyObject_CallMethodOneArg(rng, s_below, pn) : NULL;
    Py_XDECREF(pn);
    int rc = as_u64(r, out);
    Py_XDECREF(r);
    return rc;
}

static int record(PyObject *actions, PyObject *a, int steal)
{
    if (!a)
        return -1;
    int rc = PyList_Append(actions, a);
    if (steal)
        Py_DECREF(a);
    return rc;
}

static int record_play2(PyObject *actions, int seat, int card, int target)
{
    PyObject *s = PyLong_FromLong(seat), *c = PyLong_FromLong(card), *t = PyLong_FromLong(target);
    PyObject *a = (s && c && t) ? PyObject_CallFunctionObjArgs(PLAY2, s, c, t, NULL) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(c);
    Py_XDECREF(t);
    return record(actions, a, 1);
}

static int record_take(PyObject *actions, int seat, int target)
{
    PyObject *s = PyLong_FromLong(seat), *t = PyLong_FromLong(target);
    PyObject *a = (s && t) ? PyObject_CallFunctionObjArgs(TAKE, s, t, NULL) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(t);
    return record(actions, a, 1);
}

static inline PyObject *play1(int seat, int card)
{
    PyObject *row = PyList_GET_ITEM(PLAY1, seat);
    return PyList_GET_ITEM(row, card);
}

enum { STOP_SAGER = 0, STOP_DECIDE = 1, STOP_LAST = 2, NOT_HANDLED = -1 };

/* Card values that follow the yaku sets as they form (rollout.SetValues): the spec
 * (w4, ((seat, mask, value), ...)) converted once per tuple object. fastpath: set-values */
#define MAX_SETS 64
#define MAX_SET_VALUE ((int64_t)1 << 30)
typedef struct {
    PyObject *src; /* a strong reference, compared by identity */
    int64_t w4;
    int n;
    int max_seat; /* the highest seat of the entries (-1 for none) */
    int seat[MAX_SETS];
    uint64_t mask[MAX_SETS];
    int64_t value[MAX_SETS];
    uint64_t all; /* the union of the masks */
} SetSpec;
static SetSpec sets_cache;

/* 1 a spec (in sets_cache), 0 none or not representable (the caller falls back), -1 error */
static int sets_of(PyObject *obj)
{
    if (obj == sets_cache.src)
        return 1;
    if (!PyTuple_CheckExact(obj) || PyTuple_GET_SIZE(obj) != 2)
        return 0;
    PyObject *entries = PyTuple_GET_ITEM(obj, 1);
    if (!PyTuple_CheckExact(entries) || PyTuple_GET_SIZE(entries) > MAX_SETS)
        return 0;
    SetSpec sp;
    memset(&sp, 0, sizeof sp);
    sp.max_seat = -1;
    sp.w4 = PyLong_AsLongLong(PyTuple_GET_ITEM(obj, 0));
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (sp.w4 < 0 || sp.w4 > 1024)
        return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(entries); i++) {
        PyObject *e = PyTuple_GET_ITEM(entries, i);
        if (!PyTuple_CheckExact(e) || PyTuple_GET_SIZE(e) != 3)
            return 0;
        long seat = PyLong_AsLong(PyTuple_GET_ITEM(e, 0));
        uint64_t m = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(e, 1));
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(e, 2));
        if (PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
        if (seat < 0 || seat >= MAX_SEATS || !m || v < 0 || v > MAX_SET_VALUE)
            return 0;
        sp.seat[i] = (int)seat;
        if (seat > sp.max_seat)
            sp.max_seat = (int)seat;
        sp.mask[i] = m;
        sp.value[i] = v;
        sp.all |= m;
        sp.n++;
    }
    sp.src = Py_NewRef(obj);
    Py_XDECREF(sets_cache.src);
    sets_cache = sp;
    return 1;
}

/* rollout.SetValues.of: base plus, for each card of a set still open to a seat (no other
 * seat holds one of its cards), the rounded w4/4 * value * (2h + 1) / n^2 (h the seat's
 * cards of the set, n its size), the largest over the sets and seats. */
static void set_values(const SetSpec *sp, const uint64_t *capt, Py_ssize_t seats,
                       const int64_t *base, int64_t *out)
{
    uint64_t taken = 0;
    int64_t bonus[48] = {0};
    for (Py_ssize_t s = 0; s < seats; s++)
        taken |= capt[s];
    for (int k = 0; k < sp->n; k++) {
        uint64_t pile = capt[sp->seat[k]], m = sp->mask[k];
        if (taken & ~pile & m)
            continue;
        int64_t h = popc(pile & m), nn = popc(m);
        int64_t b = (2 * sp->w4 * sp->value[k] * (2 * h + 1) + 4 * nn * nn) / (8 * nn * nn);
        for (uint64_t free = m & ~taken; free; free &= free - 1) {
            int c = ctz64(free);
            if (b > bonus[c])
                bonus[c] = b;
        }
    }
    for (int c = 0; c < 48; c++)
        out[c] = base[c] + bonus[c];
}

/* rollout_turns(state, rng, policy, values, gate[, sets]) -> 0 a sager's turn (to_move set), 1 a
 * dekiyaku rose (phase DECIDE), 2 the last turn was played (the caller settles), -1 nothing done
 * (values or sets the kernel cannot hold: the caller runs the Python code). With sets
 * (rollout.SetValues.spec, greedy policies), values are the base, and the card values follow
 * the piles: recomputed whenever a capture takes a card of a set.
 * fastpath: c-turns */
static PyObject *rollout_turns(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5 && nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "rollout_turns(state, rng, policy, values, gate[, sets])");
        return NULL;
    }
    if (!PLAY1) {
        PyErr_SetString(PyExc_RuntimeError, "_ckernel.setup() was not called");
        return NULL;
    }
    PyObject *st = args[0], *rng = args[1];
    long mode = PyLong_AsLong(args[2]); /* 0 random, 1 greedy, 2 careful (rollout._MODE) */
    if (mode == -1 && PyErr_Occurred())
        return NULL;
    if (mode < 0 || mode > 2) {
        PyErr_SetString(PyExc_ValueError, "rollout_turns: policy must be 0, 1 or 2");
        return NULL;
    }
    int greedy = mode != 0, careful = mode == 2;
    RngObject *g = PyObject_TypeCheck(rng, &RngType) ? (RngObject *)rng : NULL;

    int64_t rel[48], values[48], base[48];
    PyObject *o;
    int dyn = 0;
    SetSpec spec;
    PyObject *hands_l = NULL, *capt_l = NULL, *pile_l = NULL, *acts = NULL, *turns = NULL,
             *vcache = NULL, *vfn = NULL, *result = NULL;
    int rc;
    if (greedy) {
        rc = table_of(args[3], &val_cache, values, MAX_WEIGHT);
        if (rc <= 0)
            return rc < 0 ? NULL : PyLong_FromLong(NOT_HANDLED);
        if (nargs == 6 && args[5] != Py_None) {
            rc = sets_of(args[5]);
            if (rc <= 0)
                return rc < 0 ? NULL : PyLong_FromLong(NOT_HANDLED);
            /* copied: a callback may let another thread's rollout replace the cache */
            spec = sets_cache;
            dyn = 1;
            memcpy(base, values, sizeof base);
        }
    }
    if (!(o = PyObject_GetAttr(st, s_rel)))
        return NULL;
    rc = table_of(o, &rel_cache, rel, INT64_MAX);
    Py_DECREF(o);
    if (rc <= 0)
        return rc < 0 ? NULL : PyLong_FromLong(NOT_HANDLED);

    uint64_t yaku, sagers, field;
    Py_ssize_t last, pos, t;
    int summ;
    if (!(hands_l = PyObject_GetAttr(st, s_hands)) || !(capt_l = PyObject_GetAttr(st, s_captured)) ||
        !(pile_l = PyObject_GetAttr(st, s_pile)) || !(acts = PyObject_GetAttr(st, s_actions)) ||
        !(vcache = PyObject_GetAttr(st, s_vcache)) || !(vfn = PyObject_GetAttr(st, s_vfn)) ||
        !(o = PyObject_GetAttr(st, s_turns)))
        goto done;
    turns = PySequence_Fast(o, "_ckernel: State._turns must be a sequence"); /* a tuple today */
    Py_DECREF(o);
    if (!turns)
        goto done;
    if (!PyList_CheckExact(hands_l) || !PyList_CheckExact(capt_l) || !PyList_CheckExact(pile_l) ||
        !PyList_CheckExact(acts) || !PyList_CheckExact(vcache)) {
        PyErr_SetString(PyExc_TypeError, "_ckernel: unexpected state layout");
        goto done;
    }
    if (getattr_u64(st, s_yaku, &yaku) < 0 || getattr_u64(st, s_sagers, &sagers) < 0 ||
        getattr_u64(st, s_field, &field) < 0)
        goto done;
    if (!(o = PyObject_GetAttr(st, s_last)) || as_ssize(o, &last) < 0) {
        Py_XDECREF(o);
        goto done;
    }
    Py_DECREF(o);
    if (!(o = PyObject_GetAttr(st, s_pile_pos)) || as_ssize(o, &pos) < 0) {
        Py_XDECREF(o);
        goto done;
    }
    Py_DECREF(o);
    if (!(o = PyObject_GetAttr(st, s_turn_i)) || as_ssize(o, &t) < 0) {
        Py_XDECREF(o);
        goto done;
    }
    Py_DECREF(o);
    if (!(o = PyObject_GetAttr(st, s_sum)))
        goto done;
    summ = PyObject_IsTrue(o);
    Py_DECREF(o);
    if (summ < 0)
        goto done;

    Py_ssize_t n = PyList_GET_SIZE(hands_l);
    if (n > MAX_SEATS || PyList_GET_SIZE(capt_l) != n || PyList_GET_SIZE(vcache) != n ||
        PyList_GET_SIZE(PLAY1) < n || PySequence_Fast_GET_SIZE(turns) <= last) {
        result = PyLong_FromLong(NOT_HANDLED);
        goto done;
    }
    uint64_t hands[MAX_SEATS], capt[MAX_SEATS];
    for (Py_ssize_t s = 0; s < n; s++)
        if (as_u64(PyList_GET_ITEM(hands_l, s), &hands[s]) < 0 ||
            as_u64(PyList_GET_ITEM(capt_l, s), &capt[s]) < 0)
            goto done;
    if (dyn) {
        if (spec.max_seat >= n) { /* a seat beyond the table: the Python code says what */
            result = PyLong_FromLong(NOT_HANDLED);
            goto done;
        }
        set_values(&spec, capt, n, base, values);
    }
    uint64_t dirty = 0; /* seats whose hand or pile changed */
    Py_ssize_t n_pile = PyList_GET_SIZE(pile_l);
    uint64_t all_hands = 0, rest = 0; /* careful: the hands, and the pile still to draw */
    if (careful) {
        for (Py_ssize_t s = 0; s < n; s++)
            all_hands |= hands[s];
        for (Py_ssize_t i = pos; i < n_pile; i++) {
            int c;
            if (pile_card(pile_l, i, &c) < 0)
                goto done;
            rest |= (uint64_t)1 << c;
        }
    }
    int with_vfn = vfn != Py_None;
    int gated = with_vfn ? gate_of(args[4]) : 0;
    if (gated < 0)
        goto done;
    /* copied: a callback may let another thread's rollout replace the cached gate */
    Gate gate = gate_cache;
    int stop = STOP_SAGER;

    for (;;) {
        Py_ssize_t seat = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(turns, t));
        if (seat == -1 && PyErr_Occurred())
            goto done;
        if (seat < 0 || seat >= n) {
            PyErr_SetString(PyExc_IndexError, "_ckernel: seat out of range");
            goto done;
        }
        if (sagers >> seat & 1) /* may cancel: leave it to the generic path */
            break;
        uint64_t h = hands[seat], matches, gained;
        int card, target;
        if (greedy) {
            card = greedy_card(h, field, rel, values, summ, careful, (all_hands & ~h) | rest,
                               &target);
            if (card < 0) {
                PyErr_SetString(PyExc_RuntimeError, "_ckernel: a turn with an empty hand");
                goto done;
            }
            if (target >= 0) {
                matches = (uint64_t)1 << target;
                if (record_play2(acts, (int)seat, card, target) < 0)
                    goto done;
            } else {
                matches = field & (uint64_t)rel[card];
                if (record(acts, play1((int)seat, card), 0) < 0)
                    goto done;
            }
        } else {
            uint64_t r;
            if (draw(g, rng, (uint64_t)popc(h), &r) < 0)
                goto done;
            card = ctz64(pick(h, r));
            matches = field & (uint64_t)rel[card];
            if (matches) {
                int k = popc(matches);
                if (is_choice(k, summ)) { /* the player picks one of the candidates */
                    if (draw(g, rng, (uint64_t)k, &r) < 0)
                        goto done;
                    matches = pick(matches, r);
                    if (record_play2(acts, (int)seat, card, ctz64(matches)) < 0)
                        goto done;
                } else if (record(acts, play1((int)seat, card), 0) < 0) {
                    goto done;
                }
            } else if (record(acts, play1((int)seat, card), 0) < 0) {
                goto done;
            }
        }
        if (matches) {
            gained = ((uint64_t)1 << card) | matches;
            field &= ~gained;
        } else {
            gained = 0;
            field |= (uint64_t)1 << card;
        }
        hands[seat] = h & ~((uint64_t)1 << card);
        all_hands &= ~((uint64_t)1 << card);
        dirty |= (uint64_t)1 << seat;
        if (pos < n_pile) {
            int drawn;
            if (pile_card(pile_l, pos, &drawn) < 0)
                goto done;
            pos++;
            rest &= ~((uint64_t)1 << drawn);
            matches = field & (uint64_t)rel[drawn];
            if (matches) {
                int k = popc(matches);
                if (is_choice(k, summ)) { /* the player picks one of the candidates */
                    if (greedy) {
                        matches = (uint64_t)1 << best_target(matches, values);
                    } else {
                        uint64_t r;
                        if (draw(g, rng, (uint64_t)k, &r) < 0)
                            goto done;
                        matches = pick(matches, r);
                    }
                    if (record_take(acts, (int)seat, ctz64(matches)) < 0)
                        goto done;
                }
                uint64_t got = ((uint64_t)1 << drawn) | matches;
                field &= ~got;
                gained |= got;
            } else {
                field |= (uint64_t)1 << drawn;
            }
        }
        if (gained) {
            capt[seat] |= gained;
            if (dyn && (gained & spec.all))
                set_values(&spec, capt, n, base, values);
            if (with_vfn && (gained & yaku)) { /* fastpath: yaku-cards */
                int open = !gated;
                for (int k = 0; !open && k < gate.n; k++)
                    open = popc(capt[seat] & gate.mask[k]) >= gate.need[k];
                PyObject *v;
                if (open) {
                    PyObject *pile = PyLong_FromUnsignedLongLong(capt[seat]);
                    v = pile ? PyObject_CallOneArg(vfn, pile) : NULL;
                    Py_XDECREF(pile);
                } else {
                    v = PyLong_FromLong(0); /* what V would say */
                }
                if (!v)
                    goto done;
                int up = PyObject_RichCompareBool(v, PyList_GET_ITEM(vcache, seat), Py_GT);
                if (up > 0) {
                    PyList_SetItem(vcache, seat, v); /* steals v */
                    stop = STOP_DECIDE;
                    if (set_ssize(st, s_to_move, seat) < 0 ||
                        PyObject_SetAttr(st, s_phase, DECIDE) < 0)
                        goto done;
                    break;
                }
                Py_DECREF(v);
                if (up < 0)
                    goto done;
            }
        }
        if (t == last) {
            stop = STOP_LAST;
            break;
        }
        t++;
    }
    if (stop == STOP_SAGER && (o = PySequence_Fast_GET_ITEM(turns, t)) &&
        PyObject_SetAttr(st, s_to_move, o) < 0)
        goto done;
    for (Py_ssize_t s = 0; s < n; s++) {
        if (!(dirty >> s & 1))
            continue;
        PyObject *a = PyLong_FromUnsignedLongLong(hands[s]);
        PyObject *b = PyLong_FromUnsignedLongLong(capt[s]);
        if (!a || !b) {
            Py_XDECREF(a);
            Py_XDECREF(b);
            goto done;
        }
        PyList_SetItem(hands_l, s, a);
        PyList_SetItem(capt_l, s, b);
    }
    if (set_u64(st, s_field, field) < 0 || set_ssize(st, s_pile_pos, pos) < 0 ||
        set_ssize(st, s_turn_i, t) < 0)
        goto done;
    if (!(o = PyList_New(0)))
        goto done;
    rc = PyObject_SetAttr(st, s_turn_caps, o);
    Py_DECREF(o);
    if (rc < 0)
        goto done;
    result = PyLong_FromLong(stop);
done:
    Py_XDECREF(hands_l);
    Py_XDECREF(capt_l);
    Py_XDECREF(pile_l);
    Py_XDECREF(acts);
    Py_XDECREF(turns);
    Py_XDECREF(vcache);
    Py_XDECREF(vfn);
    return result;
}

static PyObject *setup(PyObject *mod, PyObject *args)
{
    PyObject *play1, *play2, *take, *decide, *slots;
    if (!PyArg_ParseTuple(args, "O!OOOO!:setup", &PyList_Type, &play1, &play2, &take, &decide,
                          &PyTuple_Type, &slots))
        return NULL;
    if (PyTuple_GET_SIZE(slots) != N_SLOTS) {
        PyErr_Format(PyExc_TypeError, "setup: the kernel uses %d State slots, not %zd",
                     (int)N_SLOTS, PyTuple_GET_SIZE(slots));
        return NULL;
    }
    for (Py_ssize_t i = 0; i < N_SLOTS; i++)
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(slots, i))) {
            PyErr_SetString(PyExc_TypeError, "setup: slot names must be strings");
            return NULL;
        }
    for (Py_ssize_t s = 0; s < PyList_GET_SIZE(play1); s++) {
        PyObject *row = PyList_GET_ITEM(play1, s);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) != 48) {
            PyErr_SetString(PyExc_TypeError, "setup: PLAY1 must be lists of 48 actions");
            return NULL;
        }
    }
    Py_XSETREF(PLAY1, Py_NewRef(play1));
    Py_XSETREF(PLAY2, Py_NewRef(play2));
    Py_XSETREF(TAKE, Py_NewRef(take));
    Py_XSETREF(DECIDE, Py_NewRef(decide));
    for (Py_ssize_t i = 0; i < N_SLOTS; i++) {
        PyObject *name = Py_NewRef(PyTuple_GET_ITEM(slots, i));
        PyUnicode_InternInPlace(&name);
        Py_XSETREF(slot_name[i], name);
    }
    Py_RETURN_NONE;
}

static PyObject *set_big_below(PyObject *mod, PyObject *fn)
{
    Py_XSETREF(big_below, Py_NewRef(fn));
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"rollout_turns", (PyCFunction)(void (*)(void))rollout_turns, METH_FASTCALL,
     "rollout_turns(state, rng, policy, values, gate[, sets]): rollout._turns in C; returns 0 "
     "(a sager's turn), 1 (DECIDE), 2 (settle) or -1 (not done: values out of range)."},
    {"setup", setup, METH_VARARGS,
     "setup(PLAY1, play2, take, DECIDE, slots): the engine's action caches, phase and the "
     "State slot names the kernel uses (state.KERNEL_SLOTS)."},
    {"set_big_below", set_big_below, METH_O, "The Python Rng.below, for n > 2**56."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_ckernel",
    "The compiled rollout kernel and generator (optional; see game/engine/kernel.py).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__ckernel(void)
{
    if (PyType_Ready(&RngType) < 0)
        return NULL;
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_below, "below");
#undef INTERN
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    Py_INCREF(&RngType);
    if (PyModule_AddObject(m, "Rng", (PyObject *)&RngType) < 0) {
        Py_DECREF(&RngType);
        Py_DECREF(m);
        return NULL;
    }
#if defined(__SIZEOF_INT128__) && !defined(HACHI_NO_INT128)
    const int native_int128 = 1;
#else
    const int native_int128 = 0;
#endif
    /* which division the generator's pool uses (CI builds both: -DHACHI_NO_INT128) */
    if (PyModule_AddIntConstant(m, "native_int128", native_int128) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
