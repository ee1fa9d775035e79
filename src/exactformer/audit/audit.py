"""The audit (audit.md): every claim judged against the exact value and the document's own numbers.

For a claim of q stated as r with k decimals, I(r) = [r − ½·10^−k, r + ½·10^−k].
R is q recomputed from the *document's values* of its inputs: a stated input's
latest claim before this one (else its first after; an earlier claim with more
decimals when the latest is a percentage only rounding it, as "34.2%" rounds 0.3423), as written, widened to
include the exact value when that claim is itself correct, or the value its own
document inputs give when it is propagated (the author may have carried it
unrounded); an unstated input
recomputed the same way, down to the givens. Verdicts, first that holds:
correct (E ∈ I), rounding / propagated (R meets I), last_digit (within 1.5
units of E or R), wrong. The recomputation is each kind's own formula, run on
intervals (``numeric.backends.INTERVAL``), so it is the same formula the exact
value comes from.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction

from flint import arb, ctx

from ..errors import CaseError
from ..exact import expr as X
from ..model import kinds as K
from ..model.address import Address
from ..model.values import Case, Claim, Number, Precision, Role
from ..numeric.backends import BALL, INTERVAL, ExactBackend
from ..numeric.ball import PRECISIONS, SymbolicValue, Undecidable, compare, expr_ball, expr_decimal, precision, q2arb
from ..numeric.engine import Engine, UndefinedValue
from ..numeric.intervals import Interval, Undefined, le
from ..read import grammar as G
from .findings import (
    OK_VERDICTS,
    SEVERITY,
    ArithmeticFinding,
    CarriedDigitsFinding,
    ClaimFinding,
    ConflictFinding,
    Finding,
    LineClaimFinding,
    Report,
    Severity,
    TrendFinding,
    UndefinedFinding,
    UnmatchedFinding,
    Verdict,
)
from .trend import judge_trend

LAST_UNITS = Fraction(3, 2)  # a last digit off by one (a result truncated, or worked from rounded operands)
BLAMED = (Verdict.WRONG, Verdict.PROPAGATED)  # a number stated so makes a line that works from it propagated
ULPS = 4  # a float claim's tolerance, in units in the last place of its largest input


@dataclass(frozen=True)
class Program:
    """R(q) as a straight-line program: the document's values it starts from (a stated claim, or an exact
    value where nothing stated lies below) and the formulas between them and q, inputs first. Values are
    indexed leaves first, then nodes; ``out`` is q's index (a leaf when q is a given)."""

    target: Address
    leaves: list[tuple[Address, Claim | None]]
    nodes: list[tuple[K.Kind, tuple[int, ...]]]
    out: int
    node_addrs: tuple[Address, ...] = ()

    def reads(self, formula_changed, value_changed) -> bool:
        """Does R use a formula, or start from an exact value, that another model changes?"""
        return any(formula_changed(a) for a in self.node_addrs) or \
            any(value_changed(p) for p, s in self.leaves if s is None)

    def run(self, backend, values: list):
        return self.run_all(backend, values)[self.out]

    def run_all(self, backend, values: list) -> list:
        """Every value of the program, leaves first (``rerun``'s base)."""
        vals = list(values)
        for kind, refs in self.nodes:
            vals.append(kind.f(backend, [vals[r] for r in refs]))
        return vals

    def rerun(self, backend, base: list, changed: dict):
        """R with the leaves in ``changed`` (index -> value) replaced, from ``base`` (``run_all`` of the same
        backend and precision): only the formulas that read a changed leaf are evaluated again, the others'
        values are base's (the same operations on the same values). A search for slips changes one or two
        leaves thousands of times."""
        if self.out in changed:
            return changed[self.out]
        n = len(self.leaves)
        cones = self._cones()
        todo = sorted(set().union(*(cones[m] for m in changed))) if len(changed) > 1 else \
            (cones[next(iter(changed))] if changed else ())
        over = dict(changed)
        nodes = self.nodes
        for j in todo:
            kind, refs = nodes[j]
            over[n + j] = kind.f(backend, [over[r] if r in over else base[r] for r in refs])
        return over[self.out] if self.out in over else base[self.out]

    def _cones(self) -> list[tuple[int, ...]]:
        """For each leaf, the nodes that read it (directly or through other nodes), in order."""
        got = self.__dict__.get("_cone_cache")
        if got is None:
            n = len(self.leaves)
            reads: list[set[int]] = [set() for _ in range(n)]
            below: list[frozenset[int]] = []  # node j -> the leaves it reads
            for j, (_, refs) in enumerate(self.nodes):
                ls: set[int] = set()
                for r in refs:
                    if r < n:
                        ls.add(r)
                    else:
                        ls |= below[r - n]
                below.append(frozenset(ls))
                for m in ls:
                    reads[m].add(j)
            got = [tuple(sorted(r)) for r in reads]
            object.__setattr__(self, "_cone_cache", got)
        return got


class Auditor:
    """Judges the claims of one case, in pipeline order so that inputs are judged first."""

    def __init__(self, case: Case, engine: Engine | None = None, progress=None) -> None:
        self.case = case
        self.engine = engine or case.engine or Engine(case.model)
        self.g = self.engine.graph
        self.by_addr: dict[Address, list[Claim]] = {}
        for c in case.claims:
            self.by_addr.setdefault(c.address, []).append(c)
        self.seqs = {a: [c.seq for c in cs] for a, cs in self.by_addr.items()}  # for bisecting by position
        self.verdict: dict[int, ClaimFinding] = {}
        self._below: dict[Address, bool] = {}
        self._lowest: int | None = None
        self.undefined: dict[str, UndefinedFinding] = {}
        self.intended: dict[int, Interval] = {}  # claim seq -> the value its author meant (a typo explained)
        self._carried: dict[tuple[int, int], Interval] = {}  # (claim seq, precision) -> R of that claim
        self._programs: dict[tuple[Address, int], Program] = {}
        self._enclosures: dict[Address, Program] = {}  # a's program from the rounded givens alone
        # per (address, number as written): inside its interval? units off? per address: name and decimal
        self._inside: dict[tuple[Address, Fraction, int | None], bool] = {}
        self._offs: dict[tuple[Address, Fraction | None, int | None], float] = {}
        self._float_errs: dict[tuple[Address, Precision], arb] = {}
        self._shown: dict[Address, tuple[str, str]] = {}
        self.progress = progress or (lambda done, total: None)

    # ---- the document's values --------------------------------------------------------
    def stated(self, p: Address, seq: int) -> Claim | None:
        """p's latest claim before position seq, or failing that its first one after; a percentage restating an
        earlier, finer number (0.3423, then "34.2 %") leaves that number as the document's value."""
        cs = self.by_addr.get(p)
        if not cs:
            return None
        k = bisect_left(self.seqs[p], seq)  # p is an input of the claim's quantity: no claim of p is at seq
        if k == 0:
            return cs[0]
        last = cs[k - 1]
        if last.role is Role.STATED and last.number.text.endswith("%") and last.number.decimals is not None and \
                last.number.rational is not None:
            lo, hi = last.number.interval()
            for e in reversed(cs[max(0, k - 1 - LOOK_BACK):k - 1]):  # 0.3423, then "34.2%": the author carried
                # (a number rounded and then worked with, 7.3891 then 7.39, stays the rounded one)
                n = e.number  # the finer number the later one rounds, not the rounding
                if n.decimals is not None and n.decimals > last.number.decimals and n.rational is not None \
                        and lo <= n.rational <= hi:
                    return e
        return last

    def exact_end(self, p: Address):
        """E(p) as an interval end: exact when it is a cheap rational, else its ball at this precision."""
        r = self.engine.rational(p)
        return r if r is not None else self.engine.ball(p, _current_prec())

    def claim_correct(self, s: Claim) -> bool:
        """Is s right to its digits (correct, or coarse: right to the few it has), so that the author may have
        carried the exact value?"""
        f = self.verdict.get(s.seq)
        return f is not None and f.verdict in (Verdict.CORRECT, Verdict.COARSE)

    def leaf_value(self, p: Address, s: Claim | None) -> Interval:
        """A document's value that a recomputation starts from, at the current precision: a stated claim as
        written (the author's intended number when a typo explains it), widened to E(p) when that claim is
        correct; or E(p) where nothing the document states lies below p."""
        if s is None:
            half = self.g.rounding(p)
            v = self.engine.rational(p) if half is not None else None
            if half is not None and v is not None:  # a given printed rounded: every value its digits allow
                return Interval(v - half, v + half)
            return Interval.point(self.exact_end(p))
        iv = self.intended.get(s.seq)
        if iv is None:
            iv = Interval.point(_claim_value(s))
        if self.claim_correct(s):
            return iv.hull(self.exact_end(p))
        if self.claim_carried(s):
            r = self.carried(s)
            return iv.hull(r.lo).hull(r.hi)
        return iv

    def carried_ball(self, s: Claim) -> arb | None:
        """A ball holding R(s) at the current precision, or None where it cannot be recomputed."""
        try:
            return self.carried(s).mid_ball()
        except (Undefined, ZeroDivisionError, ArithmeticError):
            return None

    def intend(self, seq: int, meant: Interval) -> None:
        """The value the author of claim seq meant (a typo explained): later recomputations start from it."""
        self.intended[seq] = meant
        self._carried.clear()  # the values carried past it change with it

    def claim_carried(self, s: Claim) -> bool:
        """Is s propagated (right for the document's own inputs, one of them wrong), so that the author may have
        carried the value those give, unrounded? (Not a rounding claim: its inputs are right, and a typo's
        intended value, explained later, must stay the one the numbers after it are judged from.)"""
        f = self.verdict.get(s.seq)
        return f is not None and f.verdict is Verdict.PROPAGATED and s.number.decimals is not None

    def carried(self, s: Claim) -> Interval:
        """R(s) at the current precision: the value the document's own inputs give s, before its rounding."""
        key = (s.seq, ctx.prec)
        got = self._carried.get(key)
        if got is None:
            got = self._carried[key] = self.recompute(s.address, s.seq, set())
        return got

    def program(self, a: Address, seq: int) -> Program:
        """How R(a) is computed for the claim at seq: a's formula over the document's values of its inputs,
        recomputed through every input the document does not state (iterative, shared inputs once)."""
        got = self._programs.get((a, seq))
        if got is None:
            got = self._programs[(a, seq)] = self._program(a, seq)
        return got

    def enclosure_meets(self, a: Address, lo: Fraction, hi: Fraction) -> tuple[bool | None, Interval | None]:
        """Does [lo, hi] meet a's values over the intervals of the rounded givens (model.md 6b)? Enclosed from
        the givens alone with certified interval arithmetic, climbing the precisions until that is decided
        (None at the cap: the boundary is touched); the enclosure itself, or None where it is undefined."""
        prog = self._enclosures.get(a)
        if prog is None:
            prog = self._enclosures[a] = self._program(a, -1, givens_only=True)
        meets, iv = None, None
        for prec in PRECISIONS:
            with precision(prec):
                try:
                    iv = prog.run(INTERVAL, [self.leaf_value(p, None) for p, _ in prog.leaves])
                except (Undefined, ZeroDivisionError):
                    return None, None
                meets = iv.meets(lo, hi)
                if meets is not None:
                    break
        return meets, iv

    def _program(self, a: Address, seq: int, givens_only: bool = False) -> Program:
        """One post-order walk from a (iterative): each quantity is looked at once and its inputs once, so the
        program is built in time linear in the part of the graph it covers. ``givens_only``: from the givens,
        whatever the document states on the way."""
        leaves: list[tuple[Address, Claim | None]] = []
        nodes: list[tuple[K.Kind, tuple[tuple[bool, int], ...]]] = []
        ids: dict[Address, tuple[bool, int]] = {}
        addrs: list[Address] = []
        stack: list[tuple[Address, bool]] = [(a, False)]
        while stack:
            p, inputs_done = stack.pop()
            if p in ids:
                continue
            f = self.g.formula(p)
            if inputs_done:
                ids[p] = (False, len(nodes))
                nodes.append((f.kind, tuple(ids[b] for b in f.args)))
                addrs.append(p)
                continue
            s = self.stated(p, seq) if p != a and not givens_only else None
            if f.kind is K.GIVEN or (s is not None and s.seq != seq) or \
                    (p != a and not givens_only and not self.stated_below(p)):
                ids[p] = (True, len(leaves))
                leaves.append((p, s if s is not None and s.seq != seq else None))
                continue
            stack.append((p, True))
            stack.extend((b, False) for b in f.args if b not in ids)
        n = len(leaves)
        flat = [(kind, tuple(k if leaf else n + k for leaf, k in refs)) for kind, refs in nodes]
        leaf, k = ids[a]
        return Program(a, leaves, flat, k if leaf else n + k, tuple(addrs))

    def ball_misses(self, prog: Program, lo: Fraction, hi: Fraction) -> bool:
        """A certified ball pass of R at the first precision: does R certainly miss [lo, hi]? (A quick no before
        exact intervals; a ball that cannot say answers False.)"""
        with precision(PRECISIONS[0]):
            vals = []
            for p, s in prog.leaves:
                if s is None:
                    half = self.g.rounding(p)
                    if half is not None:
                        vals.append(arb.union(self.engine.ball(p) - q2arb(half), self.engine.ball(p) + q2arb(half)))
                        continue
                    vals.append(self.engine.ball(p) if not (p.grad and self.g.formula(p).kind is K.GIVEN) else arb(1))
                else:  # the stated value, widened to E(p) whether or not the claim is correct (and to the value
                    iv = self.intended.get(s.seq)  # carried past it, when it is propagated): a superset
                    v = arb.union(iv.mid_ball() if iv is not None else expr_ball(s.number.value), self.engine.ball(p))
                    if self.claim_carried(s):
                        c = self.carried_ball(s)
                        if c is None:
                            return False
                        v = arb.union(v, c)
                    vals.append(v)
            try:
                b = prog.run(BALL, vals)
            except (ArithmeticError, ValueError):
                return False
            return bool(b.is_finite() and (b < q2arb(lo) or b > q2arb(hi)))

    def recompute(self, a: Address, seq: int, used: set[int]) -> Interval:
        """R: a recomputed from the document's values of its direct inputs (raises Undefined)."""
        prog = self.program(a, seq)
        used.update(s.seq for _, s in prog.leaves if s is not None)
        return prog.run(INTERVAL, [self.leaf_value(p, s) for p, s in prog.leaves])

    def stated_below(self, a: Address) -> bool:
        """Does the document state a or any quantity a is computed from? (memoised; one iterative post-order
        walk, each quantity and its inputs looked at once)"""
        got = self._below.get(a)
        if got is not None:
            return got
        below = self._below
        lowest, depth = self._lowest_stated(), self.g.depth
        stack: list[tuple[Address, bool]] = [(a, False)]
        while stack:
            b, inputs_done = stack.pop()
            if b in below:
                continue
            if b in self.by_addr or self.g.rounding(b) is not None:  # a rounded given is a stated number
                below[b] = True
                continue
            if depth(b) <= lowest:  # b's inputs lie lower than anything stated: the walk stops here (training
                below[b] = False  # makes the graph deep; the claims after 10,000 steps see none of it)
                continue
            args = self.g.formula(b).args
            if inputs_done:
                below[b] = any(below[x] for x in args)
                continue
            stack.append((b, True))
            stack.extend((x, False) for x in args if x not in below)
        return below[a]

    def _lowest_stated(self) -> int:
        """The smallest depth of a stated number (a claim, a rounded given): a quantity at that depth or lower
        has none below it (inputs always lie lower, ``Graph.depth``)."""
        if self._lowest is None:
            ds = [self.g.depth(a) for a in self.by_addr]
            ds += [self.g.depth(Address(s.key)) for s in self.g.rounded_steps()]
            self._lowest = min(ds, default=-1)
        return self._lowest

    # ---- verdicts ---------------------------------------------------------------------
    def symbolic(self, a: Address) -> bool:
        """Whether a quantity's value depends on a symbolic given (it has a closed form and no decimal)."""
        return self.engine.symbolic(a)

    def in_interval(self, a: Address, lo: Fraction, hi: Fraction) -> bool:
        return self.engine.compare(a, lo) >= 0 and self.engine.compare(a, hi) <= 0

    def judge(self, c: Claim) -> ClaimFinding:
        a, num = c.address, c.number
        if c.precision.bits is not None and (num.decimals is None or num.rational is None):
            return self._judge_float(c)
        r = num.rational
        if r is None:  # an exact claim such as √2/2: equal or not
            ok = _sign(X.sub(self.g.expr(a), num.value)) == 0
            return self._finding(c, Verdict.CORRECT if ok else Verdict.WRONG, 0.0)
        if self.is_coarse(c):
            return self._finding(c, Verdict.COARSE, self._off(c))
        key = (a, r, num.decimals)
        inside = self._inside.get(key)
        if inside is None:  # a number stated again at the same address is judged against E once
            inside = self._inside[key] = self.in_interval(a, *num.interval())
        if inside:
            return self._finding(c, Verdict.CORRECT, self._off(c))
        if c.precision.bits is not None:  # a program's print: right to its digits (above), or within the ulps of
            f = self._judge_float(c)  # its arithmetic; else judged by its digits as any claim
            if f.verdict is Verdict.CORRECT:
                return f
        lo, hi = num.interval()
        if self.g.model.rounded_givens:  # right for some values the printed givens allow: rounding
            meets, enc = self.enclosure_meets(a, lo, hi)
            if enc is not None and meets is not False:
                return self._finding(c, Verdict.ROUNDING, self._off(c), recomputed=enc.text())
        u = Fraction(10) ** -(num.decimals if num.decimals is not None else 0)
        near = _near(num, r, u)  # where E or R may lie for r's last digit to be off by one (or r a digit cut)
        near_e = near is not None and _within(lambda x: self.engine.compare(a, x), near)
        R, meets, near_r, rtext = None, None, None, None
        used: set[int] = set()
        for prec in PRECISIONS:
            with precision(prec):
                used = set()
                try:
                    R = self.recompute(a, c.seq, used)
                except (Undefined, ZeroDivisionError):
                    R = None
                    break
                meets = R.meets(lo, hi)
                near_r = _meets_near(R, near) if near is not None else False
                rtext = R.text()
                if meets is not None and near_r is not None:
                    break
        bad = tuple(sorted((self.verdict[s] for s in used if s in self.verdict and
                            self.verdict[s].verdict not in (*OK_VERDICTS, Verdict.COARSE)), key=lambda f: f.claim.seq))
        if R is not None and meets is not False:  # undecided at the cap: the boundary is touched
            if not bad:
                return self._finding(c, Verdict.ROUNDING, self._off(c), recomputed=rtext)
            sev = max(b.severity for b in bad)
            return self._finding(c, Verdict.PROPAGATED, self._off(c), tuple(b.claim for b in bad), rtext, sev)
        if near_e or near_r:
            # off by one in the last digit; when only against R, its inputs are also to blame
            blamed = tuple(b.claim for b in bad) if not near_e else ()
            return self._finding(c, Verdict.LAST_DIGIT, self._off(c), blamed, rtext)
        return self._finding(c, Verdict.WRONG, self._off(c), recomputed=rtext)

    def _judge_float(self, c: Claim) -> ClaimFinding:
        """Within ULPS times the error a float computation of the quantity can carry (``_float_error``)."""
        with precision(PRECISIONS[0]):
            out = self.engine.ball(c.address)
            ulp = _ulp(abs(out).upper(), c.precision)
            d = abs(out - expr_ball(c.number.value))
            tol = self._float_error(c.address, c.precision) * ULPS
            ok = bool(d <= tol)
            off = float((d / ulp).mid()) if ulp > 0 else 0.0
        return self._finding(c, Verdict.CORRECT if ok else Verdict.WRONG, round(off, 2))

    def _float_error(self, target: Address, p: Precision) -> arb:
        """A first-order bound of the error a float computation of a quantity carries, from the givens up: a given,
        half an ulp (its decimal rounded to binary); a formula, one ulp of its value, its inputs' errors times its
        derivative in each, and one ulp of its largest term for each addition between n inputs (a sum's
        cancellation keeps the ulps of its terms; a quotient's or an exponential's error stays relative to its own
        size). Iterative, each quantity once per precision."""
        memo = self._float_errs
        stack = [target]
        while stack:
            a = stack[-1]
            if (a, p) in memo:
                stack.pop()
                continue
            f = self.g.formula(a)
            todo = [b for b in f.args if (b, p) not in memo]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            out = self.engine.ball(a)
            err = _ulp(abs(out).upper(), p)
            if not f.args:
                memo[(a, p)] = err / 2
                continue
            xs = [self.engine.ball(b) for b in f.args]
            try:
                ds = [abs(f.kind.d(BALL, k, xs, out)).upper() for k in range(len(xs))]
            except (NotImplementedError, ZeroDivisionError):  # (no derivative: ulps of its largest input)
                ds = None
            if ds is None or not all(x.is_finite() for x in ds):
                big = max((abs(x).upper() for x in xs), default=arb(0))
                err += _ulp(big, p) * len(xs) + sum((memo[(b, p)] for b in f.args), arb(0))
            else:
                err += sum((dk * memo[(b, p)] for dk, b in zip(ds, f.args)), arb(0))
                if len(xs) > 1:
                    err += _ulp(max(dk * abs(x).upper() for dk, x in zip(ds, xs)), p) * (len(xs) - 1)
            memo[(a, p)] = err
        return memo[(target, p)]

    def _off(self, c: Claim) -> float:
        """|r − E| in units of r's last digit, for reading (no verdict depends on it): certified to 3 digits."""
        if c.number.decimals is None:
            return 0.0
        key = (c.address, c.number.rational, c.number.decimals)
        got = self._offs.get(key)
        if got is None:
            got = self._offs[key] = self._off_of(c)
        return got

    def _off_of(self, c: Claim) -> float:
        assert c.number.decimals is not None
        scale = q2arb(Fraction(10) ** c.number.decimals)
        for prec in PRECISIONS:
            with precision(prec):
                d = abs(self.engine.ball(c.address, prec) - expr_ball(c.number.value)) * scale
                if d.is_finite() and (d.rad() <= abs(d.mid()) / 1000 or d.rad() < arb("0.001")):
                    v = float(d.mid())
                    return round(v, 2) if v < 1e300 else float("inf")
        return float("inf")

    def _finding(self, c: Claim, verdict: Verdict, off: float, caused=(), recomputed=None, sev=None) -> ClaimFinding:
        a = c.address
        shown = self._shown.get(a)
        if shown is None:
            shown = self._shown[a] = (self.g.name(a), self.engine.decimal(a, 12))
        return ClaimFinding(c, shown[0], verdict, shown[1], off, caused, recomputed,
                            sev if sev is not None else SEVERITY[verdict],
                            {b.seq: self.g.name(b.address) for b in caused})

    def _undefined(self, c: Claim, e: UndefinedValue) -> ClaimFinding:
        if e.root not in self.undefined:
            self.undefined[e.root] = UndefinedFinding(e.root, e.why, c.seq, c.at)
        return ClaimFinding(c, self.g.name(c.address), Verdict.UNDEFINED, "undefined", 0.0, (), None,
                            Severity.ERROR)

    def judge_all(self) -> None:
        """Every claim's verdict, inputs first (a claim's blamed inputs are judged before it)."""
        order = sorted(self.case.claims, key=lambda c: (self.g.depth(c.address), c.seq))
        for n, c in enumerate(order):
            self.progress(n, len(order))
            try:
                self.verdict[c.seq] = self.judge(c)
            except UndefinedValue as e:
                self.verdict[c.seq] = self._undefined(c, e)
            except SymbolicValue as e:
                raise CaseError(f"{self.g.name(c.address)} depends on the symbolic given(s) "
                                f"{', '.join(X.natural_order(e.symbols))}: a claim about it cannot be judged",
                                file=self.case.path, line=c.line, hint="give numbers for the symbols to audit") from None
        self.progress(len(order), len(order))

    def report(self, conventions: tuple = (), left: str | None = None, matched: frozenset[int] = frozenset()) -> Report:
        """The report of the verdicts, with what the search for why found (the conventions that fit, what it left
        unsearched, the unmatched lines it matched under another model) and the findings about the whole case:
        undefined values, conflicts, false arithmetic, unmatched lines, trends and root causes."""
        found: list[Finding] = list(self.verdict.values())
        found.extend(self.undefined.values())
        found.extend(self.conflicts())
        found.extend(self.arithmetic())
        found.extend([UnmatchedFinding(k, w.at, w.text, _work_seq(self.case, k), self.g.name(w.of))
                      for k, w in enumerate(self.case.work) if k in self.case.unmatched and k not in matched])
        found.extend(self.trends())
        names = {c.seq: self.g.name(c.address) for c in self.case.claims}
        return Report(self.case, tuple(_order(found)), self.root_causes(), names, self.engine, conventions, left)

    def matched_by_convention(self, fitted) -> set[int]:
        """Unmatched lines whose result is best explained by another model (a convention, a solved value), and
        whose operands fit the formula under that model (``…/2 = 0.4838`` for a variance of three values, unbiased): matched there."""
        from ..read.claims import matcher

        out: set[int] = set()
        for k in self.case.unmatched:
            w = self.case.work[k]
            results = [c for c in self.case.claims if c.work == k and c.role is Role.RESULT]
            if w.of is None or not results:
                continue
            best = [self.verdict[c.seq].explained_by[:1] for c in results]
            if not all(e and e[0].family.another_model for e in best):
                continue
            for g in fitted.get(results[0].seq, []):
                if all(g in fitted.get(c.seq, []) for c in results) and matcher(g).operands(w.of, w.items[0]):
                    out.add(k)
                    break
        return out

    def conflicts(self) -> list[ConflictFinding]:
        """A quantity stated with intervals that cannot all hold: the largest lower end above the smallest
        upper end. One pass per quantity (sort-free sweep), exact on rational ends."""
        out = []
        for a, cs in self.by_addr.items():
            if len(cs) < 2:
                continue
            distinct = {(c.number.rational, c.number.decimals) if c.number.rational is not None else id(c): c
                        for c in cs}  # each number once (a notebook prints its tables again)
            ends = [_interval_of(c) for c in distinct.values()]
            lo = _extreme([e[0] for e in ends], max)
            hi = _extreme([e[1] for e in ends], min)
            if _sign(X.sub(lo, hi)) > 0:
                out.append(ConflictFinding(self.g.name(a), tuple(cs)))
        return out

    def arithmetic(self) -> list[ArithmeticFinding | CarriedDigitsFinding | LineClaimFinding]:
        """Lines whose own arithmetic is false; a note when operands within their written digits make it true.
        A line that claims no quantity states numbers of its own arithmetic only: each is a claim of it."""
        out: list[ArithmeticFinding | CarriedDigitsFinding | LineClaimFinding] = []
        # the numbers claimed of a quantity, by the document line they stand on (a line of working's result that
        # one of them states is that quantity's claim, not another claim of the line's arithmetic), and the digits
        # the document stated wrong with the lines it did so on (a line's operands may repeat them)
        stated = {(c.source_line or c.line, c.number.text) for c in self.case.claims}
        wrong: dict[str, list[int]] = {}
        for c in self.case.claims:
            f, line = self.verdict.get(c.seq), c.source_line or c.line
            if f is not None and f.verdict in BLAMED and line is not None:
                wrong.setdefault(c.number.text, []).append(line)
        exact = ExactBackend()
        loss = self.g.model.loss
        base = loss.log.base if loss is not None else None
        for k, w in enumerate(self.case.work):
            got = G.evaluate(w.items[0], exact, log_base=base)
            vals = got if isinstance(got, tuple) else (got,)
            for node in w.items[1:]:
                lits = _literals(node)
                if lits is None or len(lits) != len(vals):
                    continue
                where = w.source_line or w.line
                if w.own and not all((where, lit.text) in stated for lit in lits):
                    out += self._line_claims(k, w, where, vals, lits, base, stated, wrong)
                    continue
                if all(_rounds_to(v, lit) for v, lit in zip(vals, lits)):
                    continue
                ev = [expr_decimal(v, 8) for v in vals]
                rep = [lit.text for lit in lits]
                args = (k, w.at, w.text, _work_seq(self.case, k), _vec(ev, got), _vec(rep, got))
                if _carried(w.items[0], lits, base):
                    out.append(CarriedDigitsFinding(*args))
                elif not all(_one_off(v, lit) for v, lit in zip(vals, lits)):
                    out.append(ArithmeticFinding(*args))  # (its last digit cut, or one off: no false working;
                    # the claim's own verdict says so)
                break
        return out

    def _line_claims(self, k: int, w, where: int | None, vals, lits: list[G.Num], base,
                     stated: set[tuple[int | None, str]], wrong: dict[str, list[int]]) -> list[LineClaimFinding]:
        """Each number a line of working states for no quantity, judged against the line's own arithmetic (one a
        claim of a quantity states on the same line is that claim only: ``stated``); one whose arithmetic holds on
        an operand the document stated wrong before (a wrong claim, or a wrong line's result, with the same digits:
        ``wrong``, which this adds to) is propagated, not correct: the line is right for that number only."""
        carried = None
        out = []
        blamed = where is not None and w.precision.bits is None and \
            any(any(line <= where for line in wrong.get(n.text, ())) for n in G.numbers_in(w.items[0]))
        # (a program's print, in float64 or float32, computed from the numbers its code writes: copied from no
        # earlier number, blamed on none)
        for v, lit in zip(vals, lits):
            if (where, lit.text) in stated:
                continue  # w₁ = 0.4 − 0.2·0.6589 = 0.2682 read as w₁'s new value too: claimed once, as that
            off = _units_off(v, lit)
            if _rounds_to(v, lit) or (w.precision.bits is not None and _within_ulps(v, lit, w.precision)):
                verdict = Verdict.CORRECT  # (a program's full float repr: a few ulps off the exact value)
            else:  # (a program's numbers are exact as its code writes them: none carried more digits)
                carried = (w.precision.bits is None and _carried(w.items[0], lits, base)) if carried is None else carried
                verdict = Verdict.ROUNDING if carried else Verdict.LAST_DIGIT if _one_off(v, lit) \
                    else Verdict.WRONG  # (0.7737733985 for 0.77377339856: the last digit cut, not rounded)
            if blamed and verdict in OK_VERDICTS:
                verdict = Verdict.PROPAGATED
            out.append(LineClaimFinding(k, w.at, w.text, _work_seq(self.case, k), expr_decimal(v, 12), lit.text,
                                        verdict, off, w.line, w.source_line))
            if verdict in BLAMED and where is not None:
                wrong.setdefault(lit.text, []).append(where)
        return out

    def is_coarse(self, c: Claim) -> bool:
        """Written with too few digits to say anything: a whole number (``0``, ``1.``) for a nonzero value smaller
        in size than 1 (``0`` for 0.0504, ``1`` for 0.2432), within the 1.5 units that would otherwise make it
        correct or off by one. Never correct, never ±1: a warning. A number written with decimals states its
        own precision: ``0.0000`` in a table of four decimals is that table's rounding of 3·10⁻⁷, and correct,
        as ``0.0001`` is of 0.000082."""
        num = c.number
        if num.decimals != 0 or num.rational is None or c.precision.bits is not None:
            return False
        u = Fraction(10) ** -num.decimals
        try:
            if self.engine.compare(c.address, Fraction(0)) == 0:
                return False
        except Undecidable:  # equal to 0 past 2,400 digits (an exact zero too large to prove): not coarse
            return False
        r = num.rational
        if r != 0 and self.in_interval(c.address, r - u / 20, r + u / 20):
            return False  # 1 for 0.99998: 1.0000 with its zeros dropped, the value to a digit more
        return self.engine.compare(c.address, u) < 0 and \
            self.engine.compare(c.address, -u) > 0 and self.in_interval(c.address, r - 3 * u / 2, r + 3 * u / 2)

    def trends(self) -> list[TrendFinding]:
        return [judge_trend(self.engine, t) for t in self.case.trends]

    def root_causes(self) -> dict[int, tuple[ClaimFinding, ...]]:
        """Each wrong or last-digit claim, with the findings whose error comes from it. Roots are computed once
        per claim, inputs first (a claim's blamed inputs lie earlier in the pipeline), so a long chain of
        propagated claims costs one pass, never a walk per path."""
        of: dict[int, frozenset[int]] = {}
        for f in sorted(self.verdict.values(), key=lambda f: (self.g.depth(f.claim.address), f.claim.seq)):
            own = frozenset((f.claim.seq,)) if f.verdict is not Verdict.PROPAGATED else frozenset()
            of[f.claim.seq] = own.union(*(of.get(c.seq, frozenset((c.seq,))) for c in f.caused_by))
        roots: dict[int, list[ClaimFinding]] = {}
        for f in sorted(self.verdict.values(), key=lambda f: f.claim.seq):
            if f.verdict in (Verdict.WRONG, Verdict.LAST_DIGIT):
                roots.setdefault(f.claim.seq, [])
            if f.verdict is Verdict.PROPAGATED or f.caused_by:
                for r in sorted(of[f.claim.seq] - {f.claim.seq}):
                    roots.setdefault(r, []).append(f)
        return {k: tuple(v) for k, v in roots.items()}


def _ulp(x: arb, p: Precision) -> arb:
    """ulp(x) = 2^(⌊log₂|x|⌋ − bits) of a float of precision p near x (at 0, its smallest subnormal step)."""
    assert p.bits is not None
    if x.is_zero():
        return arb(2) ** -p.tiniest
    man, e2 = x.mid().man_exp()
    return arb(2) ** (int(man).bit_length() + int(e2) - 1 - p.bits)


def _current_prec() -> int:
    return max(ctx.prec, PRECISIONS[0])


LOOK_BACK = 8  # earlier claims of an input searched for the finer number a coarse restatement rounds


def _claim_value(c: Claim):
    r = c.number.rational
    return r if r is not None else expr_ball(c.number.value)


def _interval_of(c: Claim) -> tuple[X.Expr, X.Expr]:
    """I(r) as exact endpoints; a claim such as "√2/2" is the point itself."""
    if c.number.decimals is None or c.number.rational is None:
        return c.number.value, c.number.value
    lo, hi = c.number.interval()
    return X.const(lo), X.const(hi)


def _extreme(xs: list[X.Expr], pick) -> X.Expr:
    """The largest (pick=max) or smallest (pick=min) exact constant, certainly."""
    rats = [X.rational_of(x) for x in xs]
    if all(q is not None for q in rats):
        return X.const(pick(rats))  # type: ignore[type-var]
    best = xs[0]
    for x in xs[1:]:
        s = _sign(X.sub(x, best))
        if (pick is max and s > 0) or (pick is min and s < 0):
            best = x
    return best


def _sign(e: X.Expr) -> int:
    """The sign of an exact constant, certain (exact for rationals, balls and SymPy otherwise)."""
    r = X.rational_of(e)
    if r is not None:
        return (r > 0) - (r < 0)
    return compare(lambda p: expr_ball(e), lambda: e, Fraction(0))


def _literals(node) -> list[G.Num] | None:
    if isinstance(node, G.Vec):
        lits = [lit for i in node.items if (lit := G.literal_of(i)) is not None]
        return lits if len(lits) == len(node.items) else None
    lit = G.literal_of(node)
    return [lit] if lit is not None else None


def _rounds_to(v: X.Expr, lit: G.Num) -> bool:
    """Whether the literal is v rounded to its digits (within half a unit of its last digit, exactly)."""
    h = Fraction(1, 2) * Fraction(10) ** -lit.decimals
    ball, ex = (lambda p: expr_ball(v)), (lambda: v)
    return compare(ball, ex, lit.value - h) >= 0 and compare(ball, ex, lit.value + h) <= 0


def _one_off(v: X.Expr, lit: G.Num) -> bool:
    """A line's result whose last digit is off by one (``_near``)."""
    near = _near(lit, lit.value, Fraction(10) ** -lit.decimals)
    ball, ex = (lambda p: expr_ball(v)), (lambda: v)
    return near is not None and _within(lambda x: compare(ball, ex, x), near)


def _within(sign, near: tuple[Fraction, Fraction, tuple[Fraction, ...]]) -> bool:
    """Does a value lie in ``_near``'s range, its listed ends left out? ``sign(x)``: the sign of value − x, certain."""
    lo, hi, out = near
    return sign(lo) >= 0 and sign(hi) <= 0 and all(sign(e) != 0 for e in out)


def _meets_near(R: Interval, near: tuple[Fraction, Fraction, tuple[Fraction, ...]]) -> bool | None:
    """Does R meet ``_near``'s range, its listed ends left out (None when undecided at this precision)?"""
    lo, hi, out = near
    meets = R.meets(lo, hi)
    if meets and ((hi in out and le(hi, R.lo) is True) or (lo in out and le(R.hi, lo) is True)):
        return False  # R lies at the open end or beyond it
    return meets


def _near(n: G.Num | Number, r: Fraction, u: Fraction) -> tuple[Fraction, Fraction, tuple[Fraction, ...]] | None:
    """Where a value may lie for ``n`` (its value r, its last digit's unit u) to be that value with its last digit
    off by one, a warning rather than a slip: the closed range [lo, hi] less the ends listed; None where no value
    may. A decimal of three significant digits or more: within 1.5 units (a digit cut, or worked from rounded
    operands). A whole number, or a decimal of one or two digits: only the value cut to its digits (0.67 for
    0.675, 12 for 12.7, 0.0 for 0.05), never rounded the wrong way (1.9 for 1.84 is a slip, and so is 3 for 2),
    nor a whole unit off (0.1 for 0.2 = 0.5 × 0.4 is half the value)."""
    if n.decimals is None:
        return None
    if n.decimals > 0 and _significant(n) >= 3:
        return r - LAST_UNITS * u, r + LAST_UNITS * u, ()
    return (r, r + u, (r + u,)) if r > 0 else (r - u, r, (r - u,)) if r < 0 else (-u, u, (-u, u))


def _significant(n: G.Num | Number) -> int:
    """The significant digits a literal writes (0.0500: 3; 6.3e-02: 2)."""
    return len(re.split(r"[eE]", n.text)[0].lstrip("+-−").replace(".", "").lstrip("0"))


CARRY_BOXES = 256  # sub-boxes a line with a repeated operand may be split into before it is left undecided


def _rounded(n: G.Num) -> bool:
    """Whether an operand of a line of working may stand for any value within its written digits: a decimal of two
    significant digits or more (0.6457, 0.40). A whole number is the formula's own (the 1 of 1 − out, the 2 of
    2·(t − o)), and a decimal of one digit (0.3, 0.05) is a given as the document states it: 0.3 × 0.1 + 0.4 × 0.3
    = 0.13 is no rounding of 0.21."""
    return n.decimals > 0 and _significant(n) >= 2


def _carried(expr_node, lits: list[G.Num], base) -> bool:
    """Is the stated result reachable with every operand somewhere within its own written digits (a whole number
    is exact)?

    One written number is one quantity: where it stands twice (``exp(2.0)/(exp(2.0)+…)``) it takes one value
    from its interval. A number written once is an interval (a single-use expression's enclosure is its
    range); the repeated ones are fixed to a point of their box (then the line holds for some values) or
    their box is split until its enclosure misses (then no values make it hold). Undecided after
    CARRY_BOXES boxes: a note (the enclosure meets), as for a line no repeated number complicates."""
    counts: dict[tuple[Fraction, int], int] = {}
    for n in G.numbers_in(expr_node):
        if _rounded(n):  # (a whole number is the formula's own: the 1 of 1 − out, the 2 of 2·(t − o), a square)
            counts[_key(n)] = counts.get(_key(n), 0) + 1
    h = {k: Fraction(1, 2) * Fraction(10) ** -k[1] for k in counts}
    repeated = {k: (k[0] - h[k], k[0] + h[k]) for k, m in counts.items() if m > 1}

    def holds(box: dict, prec: int) -> list[bool | None] | None:
        """Does each component of the line meet its stated interval, the repeated numbers in ``box``?"""
        def lit(n: G.Num) -> Interval:
            k = _key(n)
            if k in box:
                return Interval(*box[k])
            return Interval(n.value - h[k], n.value + h[k]) if _rounded(n) else Interval.point(n.value)

        with precision(prec):
            try:
                got = G.evaluate(expr_node, INTERVAL, log_base=base, literal=lit)
            except (Undefined, ZeroDivisionError, ArithmeticError):
                return None
            vals = got if isinstance(got, tuple) else (got,)
            return [v.meets(*_lit_interval(x)) for v, x in zip(vals, lits)]

    if not repeated:
        for prec in PRECISIONS[:2]:
            res = holds({}, prec)
            if res is None or any(r is False for r in res):
                return False
            if all(r is True for r in res) or prec == PRECISIONS[1]:
                return True
        return False
    boxes = [repeated]
    for _ in range(CARRY_BOXES):
        if not boxes:
            return False  # every part of the repeated numbers' range certainly misses
        box = boxes.pop()
        res = holds(box, PRECISIONS[1])
        if res is None or any(r is False for r in res):
            continue
        point = {k: ((lo + hi) / 2, (lo + hi) / 2) for k, (lo, hi) in box.items()}
        at = holds(point, PRECISIONS[1])
        if at is not None and all(r is True for r in at):
            return True  # these values of the repeated numbers, and the others within their digits, give it
        k = max(box, key=lambda k: box[k][1] - box[k][0])
        lo, hi = box[k]
        boxes += [{**box, k: (lo, (lo + hi) / 2)}, {**box, k: ((lo + hi) / 2, hi)}]
    return True


def _key(n: G.Num) -> tuple[Fraction, int]:
    return n.value, n.decimals


def _lit_interval(lit: G.Num) -> tuple[Fraction, Fraction]:
    h = Fraction(1, 2) * Fraction(10) ** -lit.decimals
    return lit.value - h, lit.value + h


def _within_ulps(v: X.Expr, lit: G.Num, p: Precision) -> bool:
    """Whether a printed float is within ULPS ulps (of its precision) of a line's exact value."""
    with precision(PRECISIONS[0]):
        ball = expr_ball(v)
        return bool(abs(ball - q2arb(lit.value)) <= _ulp(abs(ball).upper(), p) * ULPS)


def _units_off(v: X.Expr, lit: G.Num) -> float:
    """|v − lit| in units of the literal's last digit (for reading; no verdict depends on it)."""
    with precision(PRECISIONS[0]):
        d = abs(expr_ball(v) - q2arb(lit.value)) * q2arb(Fraction(10) ** lit.decimals)
        return round(float(d.mid()), 2) if d.is_finite() else float("inf")


def _vec(items: list[str], like) -> str:
    return f"[{', '.join(items)}]" if isinstance(like, tuple) else items[0]


def _work_seq(case: Case, k: int) -> int:
    seqs = [c.seq for c in case.claims if c.work == k]
    return max(seqs) if seqs else 0


def _order(found: list[Finding]) -> list[Finding]:
    """Group by place in the document (first seq of each `at`), root causes before what they cause."""
    first: dict[str, int] = {}
    for f in sorted(found, key=lambda f: f.seq):
        first.setdefault(f.at, f.seq)

    def key(f: Finding):
        r = 0 if f.severity >= Severity.WARNING else 2
        if isinstance(f, ClaimFinding) and f.verdict is Verdict.PROPAGATED:
            r = 1
        return (first[f.at], r, f.seq)

    return sorted(found, key=key)
