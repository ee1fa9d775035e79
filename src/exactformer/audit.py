"""The audit (audit.md): every claim judged against the exact value and the document's own numbers.

For a claim of q stated as r with k decimals, I(r) = [r − ½·10^−k, r + ½·10^−k].
R is q recomputed from the *document's values* of its inputs: a stated input's
latest claim before this one (else its first after), as written, widened to
include the exact value when that claim is itself correct; an unstated input
recomputed the same way, down to the givens. Verdicts, first that holds:
correct (E ∈ I), rounding / propagated (R meets I), last_digit (within 1.5
units of E or R), wrong.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from flint import ctx

from . import exact as X
from . import grammar as G
from .address import Address
from .engine import Engine
from .errors import CaseError
from .findings import (
    OK,
    SEVERITY,
    ArithmeticFinding,
    ClaimFinding,
    ConflictFinding,
    Finding,
    Report,
    UnmatchedFinding,
)
from .intervals import Interval, total
from .model import Case, Claim
from .numeric import PRECISIONS, SymbolicValue, compare, decimal_text, expr_ball, precision


class Auditor:
    """Judges the claims of one case, in pipeline order so that inputs are judged first."""

    def __init__(self, case: Case, engine: Engine | None = None) -> None:
        self.case = case
        self.engine = engine or Engine(case.model)
        self.g = self.engine.graph
        self.by_addr: dict[Address, list[Claim]] = {}
        for c in case.claims:
            self.by_addr.setdefault(c.address, []).append(c)
        self.seqs = {a: [c.seq for c in cs] for a, cs in self.by_addr.items()}  # for bisecting by position
        self.verdict: dict[int, ClaimFinding] = {}

    # ---- the document's values --------------------------------------------------------
    def stated(self, p: Address, seq: int) -> Claim | None:
        """p's latest claim before position seq, or failing that its first one after."""
        cs = self.by_addr.get(p)
        if not cs:
            return None
        k = bisect_left(self.seqs[p], seq)  # p is an input of the claim's quantity: no claim of p is at seq
        return cs[k - 1] if k > 0 else cs[0]

    def exact_end(self, p: Address):
        """E(p) as an interval end: exact when it is a cheap rational, else its ball at this precision."""
        r = self.engine.rational(p)
        return r if r is not None else self.engine.numeric.ball(p, _current_prec())

    def docval(self, p: Address, seq: int, used: set[int]) -> Interval | None:
        s = self.stated(p, seq)
        if s is None:
            return self.recompute(p, seq, used)
        used.add(s.seq)
        iv = Interval.point(_claim_value(s))
        f = self.verdict.get(s.seq)
        return iv.hull(self.exact_end(p)) if f is not None and f.verdict == "correct" else iv

    def recompute(self, a: Address, seq: int, used: set[int]) -> Interval | None:
        """R: a recomputed from the document's values of its direct inputs."""
        f = self.g.formula(a)
        if f.kind == "given":
            return Interval.point(self.exact_end(a))
        if f.kind == "zero":
            return Interval.point(Fraction(0))
        ins: list[Interval] = []
        for b in f.args:
            v = self.docval(b, seq, used)
            if v is None:
                return None
            ins.append(v)
        if f.kind == "dot":
            return total([p * q for p, q in zip(ins[::2], ins[1::2])])
        if f.kind == "sum":
            return total(ins)
        if f.kind == "mul":
            return ins[0] * ins[1]
        if f.kind == "div":
            return ins[0] / ins[1]
        if f.kind == "exp":
            return ins[0].exp()
        raise AssertionError(f.kind)

    # ---- verdicts ---------------------------------------------------------------------
    def in_interval(self, a: Address, lo: Fraction, hi: Fraction) -> bool:
        return self.engine.compare(a, lo) >= 0 and self.engine.compare(a, hi) <= 0

    def judge(self, c: Claim) -> ClaimFinding:
        a, num = c.address, c.number
        r = num.rational
        if r is None:  # an exact claim such as √2/2: equal or not
            ok = _exact_equal(self.g.expr(a), num.value)
            return self._finding(c, "correct" if ok else "wrong", 0.0)
        lo, hi = num.interval() if num.decimals is not None else (r, r)
        if self.in_interval(a, lo, hi):
            return self._finding(c, "correct", self._off(c))
        u = Fraction(10) ** -(num.decimals if num.decimals is not None else 0)
        near_e = num.decimals is not None and self.in_interval(a, r - 3 * u / 2, r + 3 * u / 2)
        R, meets, near_r = None, None, None
        used: set[int] = set()
        for prec in PRECISIONS:
            with precision(prec):
                used = set()
                R = self.recompute(a, c.seq, used)
                if R is None:
                    break
                meets = R.meets(lo, hi)
                near_r = R.meets(r - 3 * u / 2, r + 3 * u / 2) if num.decimals is not None else False
                rtext = R.text()
                if meets is not None and near_r is not None:
                    break
        bad = tuple(sorted((self.verdict[s] for s in used if self.verdict[s].verdict not in OK),
                           key=lambda f: f.claim.seq))
        if R is not None and meets is not False:  # undecided at the cap: the boundary is touched
            if not bad:
                return self._finding(c, "rounding", self._off(c), recomputed=rtext)
            sev = "error" if any(b.severity == "error" for b in bad) else "warning"
            return self._finding(c, "propagated", self._off(c), tuple(b.claim for b in bad), rtext, sev)
        if near_e or near_r:
            # off by one in the last digit; when only against R, its inputs are also to blame
            blamed = tuple(b.claim for b in bad) if not near_e else ()
            return self._finding(c, "last_digit", self._off(c), blamed, rtext if R is not None else None)
        return self._finding(c, "wrong", self._off(c), recomputed=rtext if R is not None else None)

    def _off(self, c: Claim) -> float:
        if c.number.decimals is None:
            return 0.0
        e = self.engine.numeric.ball(c.address)
        off = abs(float((e - expr_ball(c.number.value)).mid())) * 10.0 ** c.number.decimals
        return round(off, 2) if off < 1e300 else float("inf")

    def _finding(self, c: Claim, verdict: str, off: float, caused=(), recomputed=None, sev=None) -> ClaimFinding:
        a = c.address
        return ClaimFinding(c, self.g.name(a), verdict, self.engine.decimal(a, 12), self.engine.closed_form(a), off,
                            caused, recomputed, sev or SEVERITY[verdict],
                            {b.seq: self.g.name(b.address) for b in caused})

    def run(self) -> Report:
        for c in sorted(self.case.claims, key=lambda c: (self.g.depth(c.address), c.seq)):
            try:
                self.verdict[c.seq] = self.judge(c)
            except SymbolicValue as e:
                raise CaseError(f"{self.g.name(c.address)} depends on the symbolic given(s) "
                                f"{', '.join(sorted(e.symbols))}: a claim about it cannot be judged",
                                file=self.case.path, line=c.line, hint="give numbers for the symbols to audit") from None
        found: list[Finding] = list(self.verdict.values())
        found.extend(self.conflicts())
        found.extend(self.arithmetic())
        found.extend([UnmatchedFinding(k, w.at, w.text, _work_seq(self.case, k), self.g.name(w.of))
                      for k, w in enumerate(self.case.work) if k in self.case.unmatched])
        names = {c.seq: self.g.name(c.address) for c in self.case.claims}
        return Report(self.case, tuple(_order(found)), self.root_causes(), names)

    def conflicts(self) -> list[ConflictFinding]:
        out = []
        for a, cs in self.by_addr.items():
            ivs = [_interval_of(c) for c in cs]
            if any(_sign(X.sub(x[1], y[0])) < 0 for x in ivs for y in ivs):  # some x lies wholly below some y
                out.append(ConflictFinding(self.g.name(a), tuple(cs)))
        return out

    def arithmetic(self) -> list[ArithmeticFinding]:
        out = []
        for k, w in enumerate(self.case.work):
            got = G.evaluate(w.items[0])
            vals = got if isinstance(got, tuple) else (got,)
            for node in w.items[1:]:
                lits = _literals(node)
                if lits is None or len(lits) != len(vals):
                    continue
                if not all(_rounds_to(v, lit) for v, lit in zip(vals, lits)):
                    ev = [_expr_decimal(v, 8) for v in vals]
                    rep = [lit.text for lit in lits]
                    out.append(ArithmeticFinding(k, w.at, w.text, _work_seq(self.case, k), _vec(ev, got),
                                                 _vec(rep, got)))
                    break
        return out

    def root_causes(self) -> dict[int, tuple[ClaimFinding, ...]]:
        roots: dict[int, list[ClaimFinding]] = {}
        for f in sorted(self.verdict.values(), key=lambda f: f.claim.seq):
            if f.verdict in ("wrong", "last_digit"):
                roots.setdefault(f.claim.seq, [])
            if f.verdict == "propagated" or f.caused_by:
                for r in sorted(self._roots(f) - {f.claim.seq}):
                    roots.setdefault(r, []).append(f)
        return {k: tuple(v) for k, v in roots.items()}

    def _roots(self, f: ClaimFinding) -> set[int]:
        """The wrong or last-digit claims that f's error comes from (f itself when it is one)."""
        own = {f.claim.seq} if f.verdict != "propagated" else set()
        return own.union(*(self._roots(self.verdict[c.seq]) for c in f.caused_by))


def _current_prec() -> int:
    return max(ctx.prec, PRECISIONS[0])


def _claim_value(c: Claim):
    r = c.number.rational
    return r if r is not None else expr_ball(c.number.value)


def _interval_of(c: Claim) -> tuple[X.Expr, X.Expr]:
    """I(r) as exact endpoints; a claim such as "√2/2" is the point itself."""
    if c.number.decimals is None:
        return c.number.value, c.number.value
    lo, hi = c.number.interval()
    return X.const(lo), X.const(hi)


def _sign(e: X.Expr) -> int:
    """The sign of an exact constant, certain (exact for rationals, balls and SymPy otherwise)."""
    r = X.rational_of(e)
    if r is not None:
        return (r > 0) - (r < 0)
    return compare(lambda p: expr_ball(e), lambda: e, Fraction(0))


def _exact_equal(e: X.Expr, v: X.Expr) -> bool:
    return _sign(X.sub(e, v)) == 0


def _literals(node) -> list[G.Num] | None:
    if isinstance(node, G.Vec):
        lits = [lit for i in node.items if (lit := G.literal_of(i)) is not None]
        return lits if len(lits) == len(node.items) else None
    lit = G.literal_of(node)
    return [lit] if lit is not None else None


def _rounds_to(v: X.Expr, lit: G.Num) -> bool:
    h = Fraction(1, 2) * Fraction(10) ** -lit.decimals
    ball, ex = (lambda p: expr_ball(v)), (lambda: v)
    return compare(ball, ex, lit.value - h) >= 0 and compare(ball, ex, lit.value + h) <= 0


def _expr_decimal(v: X.Expr, sig: int) -> str:
    return decimal_text(lambda p: expr_ball(v), lambda: v, sig, exact_first=True)


def _vec(items: list[str], like) -> str:
    return f"[{', '.join(items)}]" if isinstance(like, tuple) else items[0]


def _work_seq(case: Case, k: int) -> int:
    seqs = [c.seq for c in case.claims if c.work == k]
    return max(seqs) if seqs else 0


def _order(found: list[Finding]) -> list[Finding]:
    """Group by place in the document (first seq of each `at`), root causes before what they cause."""
    def seq(f: Finding) -> int:
        if isinstance(f, ClaimFinding):
            return f.claim.seq
        if isinstance(f, ConflictFinding):
            return max(c.seq for c in f.claims)
        return f.seq

    def at(f: Finding) -> str:
        return f.claim.at if isinstance(f, ClaimFinding) else (
            max(f.claims, key=lambda c: c.seq).at if isinstance(f, ConflictFinding) else f.at)

    first: dict[str, int] = {}
    for f in sorted(found, key=seq):
        first.setdefault(at(f), seq(f))
    rank = {"error": 0, "warning": 0, "ok": 2}

    def key(f: Finding):
        r = rank[f.severity]
        if isinstance(f, ClaimFinding) and f.verdict == "propagated":
            r = 1
        return (first[at(f)], r, seq(f))

    return sorted(found, key=key)
