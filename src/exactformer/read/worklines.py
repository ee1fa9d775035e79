"""Match a line of working's operands to the formula of the quantity it computes.

The formula comes from the quantity's kind (``Graph.symbolic_formula``: named slots,
the structure a document writes). ``1.0704 / 4.3752 ≈ 0.2432`` of ``weights[鬼,金棒]``
fits ``exp[鬼,金棒] / expsum[鬼]``, so it claims ``exp[鬼,金棒] = 1.0704`` and
``expsum[鬼] = 4.3752``. Matching recurses into a slot's own formula (``exp(0.0623)``
for an exponential, a product for a gradient), sums and products match in any
order (K·Q as well as Q·K; a minus sign belongs to whichever factor makes the line
fit), a literal where the formula has an unnamed subexpression (a tutorial's
``∂out/∂net = 0.1868``) claims nothing, and a factor that is exactly 1 may be left
out. Among the readings that fit, the one whose numbers agree with the most exact
values wins; ties keep the order the document wrote. A line that fits nothing is
still checked as arithmetic and reported ``unmatched``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import permutations, product

from ..exact import expr as X
from ..exact.text import text
from ..model.address import Address
from ..model.steps import TERMS, Step
from . import grammar as G

Operands = list[tuple[Address, G.Num]]
Candidate = tuple[int, tuple[tuple[Address, G.Num], ...]]
MAX_DEPTH = 6
NAMED_PARTS = ("sum", "centered", "sq", "sqsum", "slope")  # working steps a formula writes inline, by the step's name
PART_TEXT = 400  # characters of a formula's text compared
KEEP = 3  # candidates kept per sub-match


def _terms(node) -> list:
    """The terms of a sum, a subtracted term wrapped in Neg."""
    if isinstance(node, G.Bin) and node.op == "+":
        return _terms(node.a) + _terms(node.b)
    if isinstance(node, G.Bin) and node.op == "-":
        return _terms(node.a) + [_negate(t) for t in _terms(node.b)]
    return [node]


def _negate(node):
    return node.x if isinstance(node, G.Neg) else G.Neg(node)


def _sigmoid(z) -> G.Bin:
    one = G.Num("1", Fraction(1), 0)
    return G.Bin("/", one, G.Bin("+", one, G.Bin("^", G.EulerE(), G.Neg(z))))


def _factors(node) -> list:
    if isinstance(node, G.Bin) and node.op == "*":
        return _factors(node.a) + _factors(node.b)
    return [node]


def _best(cands: list[Candidate]) -> list[Candidate]:
    """The KEEP best candidates, stable (earlier readings win ties)."""
    seen, out = set(), []
    for c in sorted(cands, key=lambda c: -c[0]):
        if c[1] not in seen:
            seen.add(c[1])
            out.append(c)
        if len(out) >= KEEP:
            break
    return out


def _join(parts: list[Candidate]) -> Candidate:
    claims: list = []
    for _, cs in parts:
        claims += [c for c in cs if c not in claims]
    return sum(p[0] for p in parts), tuple(claims)


class Matcher:
    """Matches lines of working against a graph's formulas; ``score`` says how well a number fits a quantity."""

    def __init__(self, graph, score: Callable[[Address, G.Num], int] | None = None, log_base=None,
                 near: Callable[[Address, G.Num], bool] | None = None, ball: Callable | None = None) -> None:
        self.g = graph
        self.ball = ball  # a quantity's certified ball, when the caller has an engine (``_is_one``)
        self.score = score or (lambda a, n: 0)
        self.near = near or (lambda a, n: False)
        self.log_base = log_base
        self._parts: dict[str, Address] | None = None
        self._terms: dict[tuple[str, str], Step] | None = None
        # each (quantity, parsed node, depth) matched once: a line is read against the same formulas by each
        # candidate quantity, by ``fit`` and ``operands``, and again when its claims are read (the same scores)
        self._matched: dict[tuple, list[Candidate]] = {}

    # ---- entry points ----------------------------------------------------------------------------
    def operands(self, of: Address, node) -> Operands | None:
        """Operand claims of node read as the value of ``of`` (a scalar or a row), or None if it does not fit."""
        if self.g.is_scalar(of):
            if G.literal_of(node) is not None:
                return None  # a bare number is not a working
            got = self._formula(of, node, 0)
            return list(got[0][1]) if got else None
        comps = self.g.scalars(of)
        out: list = []
        for m, c in enumerate(comps):
            proj = project(node, m, len(comps))
            if proj is None:
                return None
            got = self._formula(c, proj, 0)
            if not got:
                return None
            out += [x for x in got[0][1] if x not in out]
        return out

    def fit(self, of: Address, node) -> int | None:
        """How well a scalar's formula fits the line's operands (2 for each operand agreeing to its last digit,
        1 for each close); None when the shape does not fit."""
        if not self.g.is_scalar(of) or G.literal_of(node) is not None:
            return None
        got = self._formula(of, node, 0)
        return got[0][0] if got else None

    def results(self, of: Address, node) -> Operands | None:
        """The claims a stated result makes: a literal for a scalar, a vector of literals for a row."""
        if self.g.is_scalar(of):
            lit = G.literal_of(node)
            return [(of, lit)] if lit is not None else None
        comps = self.g.scalars(of)
        if not isinstance(node, G.Vec) or len(node.items) != len(comps):
            return None
        lits = [lit for i in node.items if (lit := G.literal_of(i)) is not None]
        return list(zip(comps, lits)) if len(lits) == len(comps) else None

    # ---- matching ------------------------------------------------------------------------------------
    def _formula(self, a: Address, node, depth: int) -> list[Candidate]:
        key = (a, node, depth)
        got = self._matched.get(key)
        if got is None:
            got = self._matched[key] = self._formula_of(a, node, depth)
        return list(got)

    def _formula_of(self, a: Address, node, depth: int) -> list[Candidate]:
        pattern = self.g.symbolic_formula(a)
        if isinstance(pattern, X.Ref) and pattern.key == a:  # a given: only its own value fits
            lit = G.literal_of(node)
            if lit is not None:
                return [(self.score(a, lit), ((a, lit),))]
            return [(0, ())] if self._constant(node) is not None else []
        return self.match(pattern, node, depth)

    def match(self, p: X.Expr, node, depth: int) -> list[Candidate]:
        if isinstance(node, G.Call) and node.fn == "sigmoid" and len(node.args) == 1 and isinstance(p, X.Div):
            node = _sigmoid(node.args[0])  # σ(z) written for the 1/(1 + e^(−z)) the formula has
        lit = G.literal_of(node)
        if isinstance(p, X.Ref):
            b = p.key
            if b is None:
                return [(0, ())] if lit is not None else []
            if lit is not None:
                return [(self.score(b, lit), ((b, lit),))]
            if depth < MAX_DEPTH:
                return self._formula(b, node, depth + 1)
            return []
        if isinstance(p, X.Const):
            v = self._constant(node)
            if v is None:
                return []
            return [(0, ())] if _close(p, v, lit) else []
        if isinstance(node, G.Neg) and lit is None:
            return self._neg(p, node.x, depth)
        out: list[Candidate] = []
        if isinstance(p, X.Add):
            out = self._assign(list(p.terms), _terms(node), depth)
        elif isinstance(p, X.Mul):
            out = self._mul(p, node, depth)
            if out and lit is not None:
                # q·k written as its value where one factor is exactly 1 (1.0 × 0.4 = 0.4): the product of a dot
                # product's terms, not the other factor restated
                b = self._named_part(p)
                if b is not None and self.g.step(b.step).spec.name == TERMS:
                    sc = self.score(b, lit)
                    if sc and sc >= out[0][0]:
                        return [(sc, ((b, lit),))]
        elif isinstance(p, X.Div):
            if isinstance(node, G.Bin) and node.op == "/":
                out = self._all([self.match(p.num, node.a, depth), self.match(p.den, node.b, depth)])
        elif isinstance(p, X.Apply):
            out = self._apply(p, node, depth)
        elif isinstance(p, X.Max) and isinstance(node, G.Call) and node.fn == "max":
            out = self._assign(list(p.args), list(node.args), depth)
        if not out and lit is not None:  # an intermediate written as its value: a claim if a step names it
            b = self._named_part(p)
            if b is None:
                return [(0, ())]
            sc = self.score(b, lit)
            # a product inside a dot product is claimed only where its value is near: "0.20 + 0.22" is no
            # reading of Σ q·k's products unless they are about 0.20 and 0.22
            ok = sc or self.g.step(b.step).spec.name != TERMS or self.near(b, lit)
            return [(sc, ((b, lit),))] if ok else [(0, ())]
        return out

    def _named_part(self, p: X.Expr) -> Address | None:
        """The working step whose formula ``p`` is: (x − μ) is centered[t][m], Σx is sum[t] (a LayerNorm's
        steps that its variance and mean write inline)."""
        if self._parts is None:
            self._parts = {}
            for st in self.g.steps.values():
                if st.lazy and st.spec.name in NAMED_PARTS:
                    for idx in product(*(range(d) for d in st.dims)):
                        a = Address(st.key, idx)
                        self._parts.setdefault(text(self._inline(a), limit=PART_TEXT), a)
        refs = [f for f in p.factors if isinstance(f, X.Ref)] if isinstance(p, X.Mul) else []
        if len(refs) == 2 and len(p.factors) == 2:  # type: ignore[attr-defined]
            got = self._term(refs[0].key, refs[1].key) or self._term(refs[1].key, refs[0].key)
            if got is not None:
                return got
        if not self._parts or not isinstance(p, (X.Add, X.Mul, X.Pow)):
            return None
        return self._parts.get(text(p, limit=PART_TEXT))

    def _inline(self, a: Address) -> X.Expr:
        """A working step's formula as the formula of a later step writes it: the working steps it reads written
        out too ((x − μ)² for sq, not centered², as a variance's formula has it)."""
        from ..numeric.backends import PATTERN

        f = self.g.formula(a)
        args = [self._inline(b) if self.g.step(b.step).lazy and self.g.step(b.step).spec.name in NAMED_PARTS
                else X.Ref(self.g.name(b), b) for b in f.args]
        return f.kind.f(PATTERN, args)

    def _term(self, a: Address | None, w: Address | None) -> Address | None:
        """The product a[i][k]·W[k][j] of a contraction (its ``terms`` sub-step), written inside a dot product."""
        if a is None or w is None or a.grad or w.grad or a.t != w.t:
            return None
        if self._terms is None:
            self._terms = {}
            for st in self.g.steps.values():
                if st.spec.name == TERMS:
                    self._terms[(st.inputs[0].key, st.inputs[1].key)] = st
        st = self._terms.get((a.step, w.step))
        if st is None or len(a.idx) != 2 or len(w.idx) != 2:
            return None
        out = [0, 0, 0]
        ax_a, ax_w = st.op.axes  # type: ignore[attr-defined]  # output (i, j, k) from a[i][k] and W[k][j] (or W[j][k], read transposed)
        for axis, v in list(zip(ax_a, a.idx)) + list(zip(ax_w, w.idx)):
            out[axis] = v
        if tuple(out[x] for x in ax_a) == a.idx and tuple(out[x] for x in ax_w) == w.idx:
            return Address(st.key, tuple(out), False, a.t)
        return None

    def _neg(self, p: X.Expr, x, depth: int) -> list[Candidate]:
        """−x against p: strip a leading −1 from p, or give the minus to one factor of x."""
        if isinstance(p, X.Mul) and isinstance(p.factors[0], X.Const) and p.factors[0].value.q < 0:
            c = X.neg(p.factors[0])
            rest = p.factors[1:]
            inner = X.Mul((c,) + rest) if X.rational_of(c) != 1 else (rest[0] if len(rest) == 1 else X.Mul(rest))
            got = self.match(inner, x, depth)
            if got:
                return got
        if isinstance(x, G.Bin) and x.op in "*/":
            return _best(self.match(p, G.Bin(x.op, G.Neg(x.a), x.b), depth) +
                         (self.match(p, G.Bin(x.op, x.a, G.Neg(x.b)), depth) if x.op == "*" else []))
        if isinstance(x, G.Bin) and x.op in "+-":
            return self.match(p, _sum([_negate(t) for t in _terms(x)]), depth)
        return []

    def _mul(self, p: X.Mul, node, depth: int) -> list[Candidate]:
        fs = list(p.factors)
        if len(fs) == 2 and fs[0] is fs[1] and isinstance(node, G.Bin) and node.op == "^" and \
                _int(node.b) == 2:
            return self.match(fs[0], node.a, depth)  # (x − μ)²
        out: list[Candidate] = []
        if isinstance(node, G.Bin) and node.op == "/":
            for k, f in enumerate(fs):  # a·(1/s) written a / s
                inv = self._reciprocal(f)
                if inv is None:
                    continue
                rest = fs[:k] + fs[k + 1:]
                num = rest[0] if len(rest) == 1 else (X.Mul(tuple(rest)) if rest else X.ONE)
                out += self._all([self.match(num, node.a, depth), self.match(inv, node.b, depth)])
            if out:
                return _best(out)
        nf = _factors(node)
        lit = G.literal_of(node)
        if lit is not None and lit.value < 0 and isinstance(fs[0], X.Const) and fs[0].value.q < 0:
            # −0.75 against −1·o: the minus is the formula's, the number is o
            flipped = [X.neg(fs[0])] + fs[1:] if X.rational_of(fs[0]) != -1 else fs[1:]
            pos = G.Num(lit.text.lstrip("-"), -lit.value, lit.decimals)
            return self.match(flipped[0] if len(flipped) == 1 else X.Mul(tuple(flipped)), pos, depth)
        if isinstance(node, G.Bin) and node.op == "*" or len(fs) > 1:
            for variant in self._variants(fs):
                for parts in _groupings(nf, len(variant)):
                    out += self._assign(variant, parts, depth)
                    if len(parts) == 2:  # (−a)·(−b) is written a·b: both signs dropped is a reading too
                        out += self._assign(variant, [_negate(x) for x in parts], depth)
                if len(variant) == 1:
                    out += self.match(variant[0], node, depth)
        return _best(out)

    def _variants(self, fs: list[X.Expr]) -> list[list[X.Expr]]:
        """The factor lists a document may write: as is, without factors equal to exactly 1, flattened."""
        out = [fs]
        ones = [f for f in fs if not self._is_one(f)]
        if len(ones) != len(fs) and ones:
            out.append(ones)
        for base in list(out):
            flat = [x for f in base for x in (f.factors if isinstance(f, X.Mul) else (f,))]
            if len(flat) != len(base):
                out.append(flat)
        c = [f for f in fs if not isinstance(f, X.Const)]
        if len(c) != len(fs) and c:
            out.append(c)  # a coefficient a document folded into a neighbour
        return out

    def _is_one(self, f: X.Expr) -> bool:
        if isinstance(f, X.Ref) and f.key is not None:
            if self.ball is not None and not (f.key.grad or f.key.t):
                try:  # a forward value whose certified ball leaves out 1 is not 1: no exact form needs building
                    b = self.ball(f.key)
                except Exception:  # noqa: BLE001 - undefined or symbolic: the exact form decides, as below
                    b = None
                if b is not None and b.is_finite() and not b.contains(1):
                    return False
            try:
                return X.rational_of(self.g.expr(f.key)) == 1
            except Exception:  # noqa: BLE001 - a value that cannot be built exactly is not 1
                return False
        return X.rational_of(f) == 1

    def _reciprocal(self, f: X.Expr) -> X.Expr | None:
        if isinstance(f, X.Const) and X.rational_of(f):
            return X.div(X.ONE, f)
        if isinstance(f, X.Div) and X.rational_of(f.num) == 1:
            return f.den
        if isinstance(f, X.Ref) and f.key is not None and not f.key.grad:
            inner = self.g.symbolic_formula(f.key)
            if isinstance(inner, X.Div) and X.rational_of(inner.num) == 1:
                return inner.den
        return None

    def _apply(self, p: X.Apply, node, depth: int) -> list[Candidate]:
        fn = p.fn
        if isinstance(node, G.Call) and node.fn == fn.grammar:  # exp(…), sqrt(…), ln(…), tanh(…), relu(…), …
            return self.match(p.arg, node.arg, depth)
        if fn is X.Func.EXP and isinstance(node, G.Bin) and node.op == "^" and isinstance(node.a, G.EulerE):
            return self.match(p.arg, node.b, depth)  # e^(…)
        if fn is X.Func.LOG and isinstance(node, G.Call) and node.fn == "log" and self.log_base is None:
            return self.match(p.arg, node.arg, depth)  # log(…) of a case whose log is natural
        if fn is X.Func.RELU and isinstance(node, G.Call) and node.fn == "max" and len(node.args) == 2:
            for zero, x in ((node.args[0], node.args[1]), (node.args[1], node.args[0])):  # max(0, …)
                v = self._constant(zero)
                if v is not None and X.rational_of(v) == 0:
                    return self.match(p.arg, x, depth)
        return []

    def _assign(self, ps: list[X.Expr], ns: list, depth: int) -> list[Candidate]:
        """Match pattern parts to node parts one to one, in any order; the best-agreeing order wins."""
        n = len(ps)
        if n != len(ns):
            return []
        cells = [[self.match(ps[i], ns[j], depth) for j in range(n)] for i in range(n)]
        if n > 6:  # large sums: in the written order, or not at all
            order = [list(range(n))] if all(cells[i][i] for i in range(n)) else []
        else:
            order = [list(range(n))] + [list(q) for q in permutations(range(n)) if list(q) != list(range(n))]
        best: list[Candidate] = []
        best_score = None
        for perm in order:
            if not all(cells[i][perm[i]] for i in range(n)):
                continue
            cand = _join([cells[i][perm[i]][0] for i in range(n)])
            if best_score is None or cand[0] > best_score:
                best, best_score = [cand], cand[0]
        return best

    def _all(self, parts: list[list[Candidate]]) -> list[Candidate]:
        if any(not p for p in parts):
            return []
        return [_join([p[0] for p in parts])]

    def _constant(self, node) -> X.Expr | None:
        """The exact value of a node made only of numbers (no operand slots), else None."""
        from ..errors import ParseError
        from ..numeric.backends import ExactBackend

        try:
            v = G.evaluate(node, ExactBackend(), log_base=self.log_base)
        except (ParseError, ZeroDivisionError, ValueError, ArithmeticError):
            return None
        return None if isinstance(v, tuple) else v


def _close(p: X.Const, v: X.Expr, lit: G.Num | None) -> bool:
    """Does a written constant stand for p's value (within its written digits)?"""
    q, r = X.rational_of(p), X.rational_of(v)
    if q is not None and r is not None:
        if lit is not None and lit.decimals > 0:
            return abs(q - r) <= Fraction(1, 2) * Fraction(10) ** -lit.decimals
        return q == r
    from ..numeric.ball import expr_ball, q2arb

    d = expr_ball(X.sub(p, v))
    if d.contains(0):
        return True
    return lit is not None and bool(abs(d) <= q2arb(Fraction(1, 2) * Fraction(10) ** -lit.decimals))


def _int(node) -> int | None:
    lit = G.literal_of(node)
    return int(lit.value) if lit is not None and lit.value.denominator == 1 else None


def _groupings(factors: list, k: int) -> list[list]:
    """The ways to read a product of factors as k factors: itself, or contiguous runs multiplied together
    (``a × b × c`` as ``(a × b) × c`` or ``a × (b × c)``, as a chain-rule line groups them)."""
    n = len(factors)
    if k == n:
        return [factors]
    if k < 1 or k > n or n > 6:
        return []
    from itertools import combinations

    out = []
    for cuts in combinations(range(1, n), k - 1):
        bounds = (0, *cuts, n)
        out.append([_product(factors[bounds[i]:bounds[i + 1]]) for i in range(k)])
    return out


def _product(fs: list):
    out = fs[0]
    for f in fs[1:]:
        out = G.Bin("*", out, f)
    return out


def _sum(terms: list):
    out = terms[0]
    for t in terms[1:]:
        out = G.Bin("+", out, t)
    return out


def _has_vec(node) -> bool:
    if isinstance(node, G.Vec):
        return True
    if isinstance(node, G.Bin):
        return _has_vec(node.a) or _has_vec(node.b)
    if isinstance(node, G.Neg):
        return _has_vec(node.x)
    if isinstance(node, G.Call):
        return any(_has_vec(a) for a in node.args)
    return False


def project(node, m: int, width: int):
    """Component m of a vector-valued line (``0.2368 × [0.43, 0.68]`` → ``0.2368 × 0.43``), or None."""
    if isinstance(node, G.Vec):
        return node.items[m] if len(node.items) == width else None
    if isinstance(node, G.Neg):
        x = project(node.x, m, width)
        return None if x is None else G.Neg(x)
    if isinstance(node, G.Bin):
        va, vb = _has_vec(node.a), _has_vec(node.b)
        if node.op in "+-" and va and vb:
            a, b = project(node.a, m, width), project(node.b, m, width)
            return None if a is None or b is None else G.Bin(node.op, a, b)
        if node.op == "*" and va != vb:
            a = project(node.a, m, width) if va else node.a
            b = project(node.b, m, width) if vb else node.b
            return None if a is None or b is None else G.Bin("*", a, b)
        if node.op == "/" and va and not vb:
            a = project(node.a, m, width)
            return None if a is None else G.Bin("/", a, node.b)
    if isinstance(node, G.Call) and len(node.args) == 1 and node.fn != "max":  # exp([0.71, 0])[m]: exp(0.71)
        x = project(node.args[0], m, width)
        return None if x is None else G.Call(node.fn, (x,))
    return None
