"""Why a number is wrong: the single slips and conventions that reproduce it.

For every root cause (``wrong``, and ``last_digit`` for the slips that can cause
one) the audit searches hypotheses, each a recomputation of the quantity under
one change, and keeps those that reproduce the stated digits:

- another **convention** for one block or the whole case (each block kind and
  model-level module declares its own, ``model.conventions``): the claim fits the
  model rebuilt under it, and no number the document has right stops fitting;
- a **hyper-parameter with another value** (``audit.solved``): a LayerNorm's eps or the learning rate, solved
  for from a wrong number it sets and offered as the simplest decimal that reproduces it, when the number pins
  it; and the **backward pass's own conventions** (``audit.backward``): a LayerNorm's backward without eps.
  Both are checked as a convention is;
- a **slip in one operand** of the recomputation R (the document's values it
  starts from, ``Auditor.program``): another row or cell of the same step, the
  same cells of a neighbouring step, a sign dropped, a digit wrong or two
  adjacent digits swapped (not searched for a number a convention already
  reproduces with other wrong numbers: ``_told``);
- a **slip in the result**: adjacent digits swapped, a decimal point shifted, a
  sign lost, truncation instead of rounding, a neighbouring cell's value copied,
  one digit wrong.

Acceptance is always certified: the recomputation runs on exact intervals (a
ball pass only rejects what certainly misses). The same slip seen in several
claims (``V[猫]`` used for ``K[猫]`` in a whole table) is one hypothesis that
explains them all. Hypotheses are ranked by how many of the document's wrong
numbers they explain, then by simplicity. When a typo in a stated result explains
it, the claims computed after it from the intended value are judged against that
value (``intended``) and blame the typo.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction

from flint import arb

from ..errors import ExactformerError
from ..model.address import Address
from ..model.conventions import Convention, conventions
from ..model.graph import Graph
from ..model.steps import TERMS
from ..model.values import Case, Claim, Number, Precision
from ..numeric.backends import BALL, INTERVAL
from ..numeric.ball import PRECISIONS, precision, q2arb
from ..numeric.engine import Engine
from ..numeric.intervals import Interval, Undefined, ball
from . import backward, solved
from .audit import Auditor, Program
from .findings import OK_VERDICTS, ClaimFinding, Explanation, Family, Verdict

SHOWN = 3  # explanations kept per finding, best first
MAX_LEAVES = 64  # operand slips are searched in recomputations that start from at most this many values
MAX_NODES = 400
# The search for why is bounded by construction. Its work is counted in cells (evaluating one cell of a step,
# about 2 µs): a convention costs the cells it rebuilds and evaluates and the claims it checks, a claim's search
# for slips a fixed amount. It may spend BUDGET_FLOOR plus what the audit itself costs (the case's cells and
# CLAIM_CELLS per claim), so with explanations an audit takes about twice as long as without, at most.
BUDGET_FLOOR = 500_000  # always allowed (every bundled case and test document is searched whole, with room)
STEP_CELLS = 20  # a step costs this many cells beyond its own (building it, comparing it)
CLAIM_CELLS = 40  # judging or checking one claim
RESULT_CELLS = 2_000  # slips in one claim's printed digits
OPERAND_CELLS = 500  # slips in one claim's operands, per value or formula of its recomputation
ALT_R_NODES = 64  # a recomputation redone under each convention has at most this many formulas
DIGIT_SIG = 3  # slips in operands or neighbouring cells are only offered for a claim with this many significant digits
READY_WIDTHS = 4  # operand slips need the document's own inputs to pin R to this many widths of I(r)
SPACING = 20  # a digit of an operand counts only when each step of it moves R by this many widths of I(r)

# lower is simpler; ties in how many numbers a hypothesis explains are broken by this
SIMPLICITY = {
    "result.digits_swapped": 1, "result.decimal_shift": 1, "result.sign": 1, "result.truncated": 1,
    "result.neighbour_copied": 2, "operand.other_step": 2, "operand.other_cell": 2, "convention": 2,
    "convention.backward_eps=0": 2,  # the backward pass's own convention (audit.backward)
    # a hyper-parameter with another value, solved for (audit.solved)
    "value.eps": 3, "value.lr": 3, "value.scale": 3, "value.temperature": 3,
    # … with a value no short decimal gives, only the one the number pins: after a slip in the printed digits
    "value.eps.fitted": 5, "value.lr.fitted": 5, "value.scale.fitted": 5, "value.temperature.fitted": 5,
    "operand.sign": 3, "operand.digits_swapped": 3,
    "result.digit": 4, "operand.digit": 5,
}
FAMILIES = list(Family)  # equal counts and simplicity: the earlier family first
_DECIMAL = re.compile(r"(-?)(\d+)(?:\.(\d+))?")


@dataclass
class Hypothesis:
    """One change, and every claim it reproduces."""

    hypothesis: str
    detail: str  # for the first claim it explains; ``general`` when it explains several
    recomputed: str
    group: tuple  # the same change seen in several claims shares this key
    claims: list[int] = field(default_factory=list)  # claim seqs it explains
    simplicity: int = 9
    intended: tuple[Interval, str] | None = None  # a result typo: the value the author meant
    general: str | None = None  # the change in words that fit every claim of the group
    details: dict[int, tuple[str, str]] = field(default_factory=dict)  # seq -> (detail, recomputed)

    def explanation(self, names: dict[int, str], seq: int | None = None) -> Explanation:
        qs = tuple(dict.fromkeys(names[s] for s in self.claims))
        detail, got = self.details.get(seq, (self.detail, self.recomputed)) if seq is not None else \
            (self.detail, self.recomputed)
        if len(qs) > 1 and self.general and seq is None:
            detail = self.general
        return Explanation(self.hypothesis, detail, got, qs)


class Explainer:
    """Searches explanations for the root causes of one audit (``Auditor.run`` calls it)."""

    def __init__(self, auditor) -> None:
        self.au = auditor
        self.g = auditor.g
        self.engine: Engine = auditor.engine
        self.names = {c.seq: self.g.name(c.address) for c in auditor.case.claims}
        self.checked: dict[int, list[str]] = {}  # what the search tried for each root cause, in words
        self.conventions_tried: dict[int, int] = {}
        self.not_searched: list[str] = []  # conventions the search's budget left out, in words
        self.fitted: dict[int, list[Graph]] = {}  # claim seq -> the models of the conventions that reproduce it
        self._balls: dict = {}

    # ---- the whole search ------------------------------------------------------------------
    def run(self) -> tuple[tuple[Explanation, tuple[str, ...]], ...]:
        v = self.au.verdict
        targets = sorted((f for f in v.values() if f.verdict in (Verdict.WRONG, Verdict.LAST_DIGIT)
                          and f.claim.precision is not Precision.FLOAT64 and f.claim.number.decimals is not None),
                         key=lambda f: (self.g.depth(f.claim.address), f.claim.seq))
        if not targets:
            return ()
        hyps: list[Hypothesis] = []
        cells = _Cells(self.g, max((f.claim.address.t for f in v.values()), default=0),
                       any(f.claim.address.grad or f.claim.address.t for f in v.values()))
        # the whole search spends at most about what the audit itself did (its cells and its claims), or a floor
        self.budget = BUDGET_FLOOR + cells.total + CLAIM_CELLS * len(v)
        skipped: dict[str, int] = {}
        for n, f in enumerate(targets):  # the printed digits first: the cheapest and most often the answer
            self.au.progress(n, len(targets))
            if self._spend(RESULT_CELLS):
                hyps += self.result_slips(f)
            else:
                skipped["the printed digits"] = skipped.get("the printed digits", 0) + 1
        convs = self.conventions(targets, cells)
        hyps += convs
        told = _told(convs, {f.claim.seq for f in targets if f.verdict is Verdict.WRONG})
        for f in targets:
            if f.verdict is Verdict.WRONG and f.claim.seq not in told:
                prog = self.au.program(f.claim.address, f.claim.seq)
                if not _searchable(prog) or self._spend(OPERAND_CELLS * (len(prog.leaves) + len(prog.nodes))):
                    hyps += self.operand_slips(f)
                else:
                    skipped["slips in operands"] = skipped.get("slips in operands", 0) + 1
        for what, k in skipped.items():
            self.not_searched.append(f"{what} of {_count(k, 'claim')}")
        merged = _merge(hyps)
        by_claim: dict[int, list[Hypothesis]] = {}
        for h in merged:
            for s in h.claims:
                by_claim.setdefault(s, []).append(h)
        for seq, hs in by_claim.items():
            hs.sort(key=lambda h: (-len(h.claims), h.simplicity, FAMILIES.index(Family.of(h.hypothesis)),
                                   h.hypothesis, h.detail))
            f = v[seq]
            if f.verdict in OK_VERDICTS:
                continue
            v[seq] = replace(f, explained_by=tuple(h.explanation(self.names, seq) for h in hs[:SHOWN]))
        for f in targets:  # a last digit off by one needs no "nothing explains it": the verdict says what it is
            if f.claim.seq not in by_claim and f.verdict is Verdict.WRONG:
                v[f.claim.seq] = replace(v[f.claim.seq], why_not=self.why_not(f))
        self.carry_intended(targets, by_claim)
        summary = []
        for h in convs:
            # merged (``_merge``): the one ranked first for a claim is the merged copy of h, with h's group key
            if h.general and len(h.claims) >= 2 and any(by_claim[s][0].group == h.group for s in h.claims if s in by_claim):
                e = h.explanation(self.names)
                summary.append((e, e.explains))
        return tuple(summary)

    # ---- conventions -----------------------------------------------------------------------
    def _spend(self, cost: int) -> bool:
        """Take cost from the search's budget if it is still there."""
        if cost > self.budget:
            return False
        self.budget -= cost
        return True

    def conventions(self, targets: list[ClaimFinding], cells: _Cells) -> list[Hypothesis]:
        """Each convention as a whole model: the root causes it reproduces, provided no number the document
        has right stops fitting where the convention changes how that number is computed.

        Bounded by construction: each convention costs about the cells it rebuilds and evaluates (the steps
        from the first one it changes; the steps before it are the case's, shared) and the claims it checks,
        taken from the search's budget (``run``). A convention that no longer fits the budget is left out, and
        said so (``not_searched``), never silently. Then the hypotheses that need the case's values to be
        built: a hyper-parameter with another value, solved for (``solved``), and the backward pass's own
        conventions (``backward``); each is checked as a convention is."""
        out = []
        depth = {f.claim.seq: self.g.depth(f.claim.address) for f in self.au.verdict.values()}
        deepest = max(depth[f.claim.seq] for f in targets)
        findings = [f for f in self.au.verdict.values() if f.claim.precision is not Precision.FLOAT64 and f.claim.number.decimals is not None
                    and f.claim.number.rational is not None and f.verdict is not Verdict.UNDEFINED]
        every = conventions(self.g.model)
        left = 0
        starts = [cells.since(conv.since) for conv in every]
        # the whole case's conventions first (a document's habit), then one block's, nearest the claims first
        for n in sorted(range(len(every)), key=lambda n: (_one_block(every[n]), -starts[n], n)):
            conv, since = every[n], starts[n]
            if since > deepest:
                continue
            reach = [f for f in targets if depth[f.claim.seq] >= since]
            if not reach:
                continue
            later = [f for f in findings if depth[f.claim.seq] >= since]
            if not self._spend(cells.after(since) + CLAIM_CELLS * len(later)):
                left += 1
                continue
            alt = _alternative(self.au, conv, cells.keep(since))
            if alt is None:
                continue
            steps = _changed_steps(self.engine, alt.engine, since)
            training = "grad." in conv.since or bool(steps)

            def changed(a: Address, steps=steps, training=training) -> bool:
                return training if (a.grad or a.t) else self.g.step(a.step).key in steps

            h = self._tried(conv.id, conv.detail, alt, changed, reach, later, SIMPLICITY["convention"])
            if h is not None:
                out.append(h)
        for family in (solved, backward):
            for cand in family.hypotheses(self, targets, cells):
                alt = _alternative(self.au, cand.convention, cand.keep)
                if alt is None:
                    continue
                if cand.changed is not None:
                    changed = cand.changed
                else:
                    steps = _changed_steps(self.engine, alt.engine, cells.since(cand.convention.since))

                    def changed(a: Address, steps=steps, training=cand.training) -> bool:
                        return training if (a.grad or a.t) else self.g.step(a.step).key in steps

                reach = [f for f in targets if depth[f.claim.seq] >= cand.since]
                later = [f for f in findings if depth[f.claim.seq] >= cand.since]
                h = self._tried(cand.hid, cand.detail, alt, changed, reach, later, SIMPLICITY[cand.hid])
                if h is not None:
                    out.append(h)
        if left:
            self.not_searched.insert(0, _count(left, "convention"))
        return out

    def _tried(self, hid: str, detail: str, alt, changed, reach: list[ClaimFinding], later: list[ClaimFinding],
               simplicity: int) -> Hypothesis | None:
        """One other model (a convention's, a solved value's): the root causes in ``reach`` it reproduces, unless
        it breaks numbers the document has right (then it is offered for this place only, as less simple)."""
        for f in reach:
            self.conventions_tried[f.claim.seq] = self.conventions_tried.get(f.claim.seq, 0) + 1
        reach = [f for f in reach if changed(f.claim.address)]
        fits = [f for f in reach if alt.fits(f.claim, self._reads(f.claim, changed))]
        if not fits:
            return None
        for f in fits:
            self.fitted.setdefault(f.claim.seq, []).append(alt.g)
        reached = {f.claim.seq for f in reach}
        later = [f for f in later if f.claim.seq not in reached]
        broken = sum(1 for f in later if f.verdict is Verdict.CORRECT and changed(f.claim.address)
                     and self._reads(f.claim, changed) and not alt.fits(f.claim))
        first = min(fits, key=lambda f: f.claim.seq).claim
        got = alt.engine.decimal(first.address, 8)
        if broken:
            # numbers the document has right follow the case's convention: this one applies here only
            fits = [f for f in fits if _significant(f.claim.number.text) >= DIGIT_SIG]
            if not fits:
                return None
            return Hypothesis(hid, f"{detail}, here only ({broken} other number"
                              f"{'s' if broken > 1 else ''} the document has right follow the case)",
                              got, ("convention", hid, detail), [f.claim.seq for f in fits], simplicity + 1)
        more = [f for f in later if f.verdict in (Verdict.PROPAGATED, Verdict.LAST_DIGIT)
                and changed(f.claim.address) and alt.exact_fits(f.claim)]
        claims = sorted({f.claim.seq for f in fits + more})
        return Hypothesis(hid, detail, got, ("convention", hid, detail), claims, simplicity, general=detail)

    def _reads(self, c: Claim, changed) -> bool:
        """Must R be redone under a convention? Only when it reads what the convention changes, and only for a
        recomputation of at most ALT_R_NODES formulas: a longer one starts mostly from exact values, so the
        convention shows in the exact value already (``AltAuditor.exact_fits``)."""
        try:
            prog = self.au.program(c.address, c.seq)
        except (ArithmeticError, ExactformerError):
            return True
        return len(prog.nodes) <= ALT_R_NODES and prog.reads(changed, changed)

    def _checked_all(self, fs: list[ClaimFinding], what: str) -> None:
        for f in fs:
            got = self.checked.setdefault(f.claim.seq, [])
            if what not in got:
                got.append(what)

    # ---- slips in the result ---------------------------------------------------------------
    def result_slips(self, f: ClaimFinding) -> list[Hypothesis]:
        c = f.claim
        a, text = c.address, c.number.text
        k = c.number.decimals
        assert k is not None
        R = self._own_r(c)
        out: list[Hypothesis] = []

        with precision(PRECISIONS[0]):
            eball = self.engine.ball(a)
            u = Fraction(10) ** -k
            if R is not None and not (R.mid_ball().rad() * 2 <= q2arb(u * READY_WIDTHS)):
                R = None  # the document's own inputs are too coarse to say which digits they give
            rball = R.mid_ball() if R is not None else None

        def outside(b: arb | None, lo: Fraction, hi: Fraction) -> bool:
            if b is None:
                return True
            with precision(PRECISIONS[0]):
                return bool(b.is_finite() and (b < q2arb(lo) or b > q2arb(hi)))

        halves: dict[int, Fraction] = {}  # ½·10^−kk, for each kk asked (nearly always k)

        def fits(v: Fraction, kk: int) -> str | None:
            """The value the author meant, as a decimal, if v written with kk decimals holds E or meets R."""
            h = halves.get(kk)
            if h is None:
                h = halves[kk] = Fraction(1, 2) * Fraction(10) ** -kk
            if outside(eball, v - h, v + h) and outside(rball, v - h, v + h):
                return None  # certainly neither (the balls enclose E and R)
            if self.au.in_interval(a, v - h, v + h):
                return self.engine.decimal(a, 8)
            if R is not None and _meets(R, v - h, v + h):
                return R.text()
            return None

        def add(hid: str, detail: str, got: str, v: Fraction | None = None, kk: int = 0, meant: str = "") -> None:
            intended = None
            if v is not None:
                h = Fraction(1, 2) * Fraction(10) ** -kk
                iv = Interval.point(v)
                intended = (iv.hull(self.au.exact_end(a)) if self.au.in_interval(a, v - h, v + h) else iv, meant)
            out.append(Hypothesis(hid, detail, got, (hid, c.seq, detail), [c.seq], SIMPLICITY[hid], intended))

        parsed = _parse(text)
        u = Fraction(10) ** -k
        r = c.number.rational
        assert r is not None
        # truncated instead of rounded: E (or R) lies in [r, r + u) for r ≥ 0, (r − u, r] for r < 0
        lo, hi = (r, r + u) if r >= 0 else (r - u, r)
        if self.au.in_interval(a, lo, hi) or (R is not None and _meets(R, lo, hi)):
            exact = self.engine.decimal(a, max(k + 3, 8))
            add("result.truncated", f"truncated instead of rounded: {exact} rounds to "
                f"{_fixed(self.engine, a, k) or 'another value'}", exact)
        if f.verdict is Verdict.LAST_DIGIT or parsed is None:
            self._checked_all([f], "truncation")
            return out
        for new, x, y in _swaps(parsed):
            got = fits(_value(new), k)
            if got is not None:
                t = _text(new)
                add("result.digits_swapped", f"the digits {x} and {y} are swapped: {t} was meant", got, _value(new), k, t)
        for new, kk in _shifts(parsed):
            got = fits(_value(new), kk)
            if got is not None:
                t = _text(new)
                add("result.decimal_shift", f"the decimal point is shifted: {t} was meant", got, _value(new), kk, t)
        neg = _negate(parsed)
        got = fits(_value(neg), k)
        if got is not None and r != 0:
            t = _text(neg)
            add("result.sign", f"the sign is wrong: {t} was meant", got, _value(neg), k, t)
        last = len(parsed[1]) + len(parsed[2]) - 1
        for new, pos, old, d in _one_digit(parsed):
            if pos == last:
                continue  # a last digit off is what last_digit and off_by say; as a slip it explains nothing
            got = fits(_value(new), k)
            if got is not None:
                t = _text(new)
                add("result.digit", f"one digit is wrong: {t} was meant ({d} printed as {old})", got, _value(new), k, t)
        for n in self._neighbours(a) if _significant(text) >= DIGIT_SIG else ():
            if not self.au.symbolic(n) and self.au.in_interval(n, r - u / 2, r + u / 2):
                add("result.neighbour_copied", f"the value of {self.g.name(n)} ({self.engine.decimal(n, 8)}) "
                    "written here", self.engine.decimal(a, 8))
        self._checked_all([f], "the printed digits")
        return out

    def _own_r(self, c: Claim) -> Interval | None:
        for prec in PRECISIONS[:3]:
            with precision(prec):
                try:
                    return self.au.recompute(c.address, c.seq, set())
                except (Undefined, ZeroDivisionError, ArithmeticError):
                    return None
        return None

    def _neighbours(self, a: Address) -> Iterator[Address]:
        """Cells of a's step in the same row or column (one index different)."""
        s = self.g.step(a.step)
        for ax, i in enumerate(a.idx):
            for j in range(s.dims[ax]):
                if j != i:
                    idx = a.idx[:ax] + (j,) + a.idx[ax + 1:]
                    if s.op.exists(s, idx):
                        yield Address(a.step, idx, a.grad, a.t)

    # ---- slips in an operand -------------------------------------------------------------------
    def operand_slips(self, f: ClaimFinding) -> list[Hypothesis]:
        c = f.claim
        prog = self.au.program(c.address, c.seq)
        if not _searchable(prog):
            return []
        k = c.number.decimals
        assert k is not None and c.number.rational is not None
        if _significant(c.number.text) < DIGIT_SIG:
            self._checked_all([f], "no operand slips (too few digits to tell one from chance)")
            return []
        lo, hi = c.number.interval()
        trial = _Trial(self.au, prog, lo, hi, self._balls)
        if not trial.ready:
            return []
        out: list[Hypothesis] = []
        groups: dict[tuple, list[int]] = {}
        for n, (p, _) in enumerate(prog.leaves):
            groups.setdefault((p.step, p.grad, p.t), []).append(n)
        named = []
        for (step, _grad, _t), members in groups.items():
            s = self.g.step(step)
            addrs = [prog.leaves[m][0] for m in members]
            fixed = [ax for ax in range(len(s.dims)) if len({x.idx[ax] for x in addrs}) == 1]
            old = _partial(self.g, addrs, fixed)
            named.append(old)
            # another row (or cell) of the same step
            for ax in fixed:
                for j in range(s.dims[ax]):
                    if j == addrs[0].idx[ax]:
                        continue
                    moved = [Address(x.step, x.idx[:ax] + (j,) + x.idx[ax + 1:], x.grad, x.t) for x in addrs]
                    got = trial.replaced(members, moved, c.seq)
                    if got is not None:
                        new = _partial(self.g, moved, fixed)
                        out.append(Hypothesis("operand.other_cell", self._instead(prog, members, old, new),
                                              got, ("operand.other_cell", c.address.step, step, ax, addrs[0].idx[ax], j),
                                              [c.seq], SIMPLICITY["operand.other_cell"],
                                              general=f"{new} used where {old} belongs"))
            # the same cells of a neighbouring step
            for other in self._neighbour_steps(s):
                moved = [Address(other.key, x.idx, x.grad, x.t) for x in addrs]
                got = trial.replaced(members, moved, c.seq)
                if got is not None:
                    new = _partial(self.g, moved, fixed)
                    out.append(Hypothesis("operand.other_step", self._instead(prog, members, old, new), got,
                                          ("operand.other_step", c.address.step, step, other.key), [c.seq],
                                          SIMPLICITY["operand.other_step"],
                                          general=f"{other.short} used where {s.short} belongs in "
                                                  f"{self.g.step(c.address.step).short}"))
        for m, (p, s_) in enumerate(prog.leaves):
            name = self.g.name(p)
            base = trial.values[m]
            written = self._written(p, s_, max(k, 2))
            got = trial.with_values({m: -base})
            if got is not None and not _is_zero(base):
                shown = written or name
                out.append(Hypothesis("operand.sign", f"the sign of {name} dropped ({_flip(shown)} used for "
                                      f"{shown})", got, ("operand.sign", p), [c.seq], SIMPLICITY["operand.sign"]))
            parsed = _parse(written) if written else None
            if parsed is None:
                continue
            spans = list(_digit_spans(parsed))
            live = trial.live_places(m, spans)  # a swap at place i lies in place i's span: past live, R misses
            for place, (cand, x, y) in _swaps_at(parsed):
                if place >= live:
                    continue
                got = trial.with_values({m: Interval.point(_value(cand))})
                if got is not None:
                    out.append(Hypothesis("operand.digits_swapped", f"{name} used as {_text(cand)} instead of "
                                          f"{written} (the digits {x} and {y} swapped)", got,
                                          ("operand.digits_swapped", p, _text(cand)), [c.seq],
                                          SIMPLICITY["operand.digits_swapped"]))
            for pos, span in spans[:live]:
                # (no test of the place's whole range first: below the first place that certainly misses, it
                # almost never does, and trial.digits tries the digits below and above the written one as ranges)
                if not trial.spaced(m, span, (hi - lo) * SPACING):
                    continue  # the digits at this place move R by less than SPACING widths of I(r): any would do
                for cand, got in trial.digits(m, [c_ for c_, *_ in _one_digit(parsed, only=pos)]):
                    if got is not None:
                        out.append(Hypothesis("operand.digit", f"{name} used as {_text(cand)} instead of {written}",
                                              got, ("operand.digit", p, _text(cand)), [c.seq],
                                              SIMPLICITY["operand.digit"]))
        self._checked_all([f], "slips in " + ", ".join(named))
        return out

    def _written(self, p: Address, s: Claim | None, k: int) -> str | None:
        """An operand's digits: as the document states it, as the case gives it, or its exact value to k places."""
        if s is not None:
            return s.number.text
        step = self.g.step(p.step)
        if step.is_given and not p.grad and not p.t:
            v = step.op.values[step.flat(p.idx)]  # type: ignore[attr-defined]
            if isinstance(v, Number) and v.decimals is not None:
                return v.text
        return _fixed(self.engine, p, k)

    def _neighbour_steps(self, s):
        """Steps a document may confuse with s: the same shape in the same block and head, or s's own input
        or output of the same shape (scaled for scores)."""
        for o in self.g.steps.values():
            if o is s or o.dims != s.dims or o.lazy or o.spec.name == "cos":
                continue
            same_place = (o.layer, o.block, o.head) == (s.layer, s.block, s.head) and not (o.is_given and o.param)
            if same_place or o in s.inputs or s in o.inputs:
                yield o

    def _instead(self, prog, members: list[int], old: str, new: str) -> str:
        """"Q[金棒]·V[猫] instead of Q[金棒]·K[猫]" for a dot product of two rows; else "V[猫] used where
        K[猫] belongs"."""
        if len(prog.nodes) == 1 and prog.nodes[0][0].name == "dot":
            steps: dict[tuple, list[int]] = {}
            for n, (p, _) in enumerate(prog.leaves):
                steps.setdefault((p.step, p.grad, p.t), []).append(n)
            if len(steps) == 2:
                other = next(ms for ms in steps.values() if ms != members)
                addrs = [prog.leaves[m][0] for m in other]
                o = _partial(self.g, addrs, _fixed_axes(self.g, addrs))
                if prog.nodes[0][1][0] in other:
                    return f"{o}·{new} instead of {o}·{old}"
                return f"{new}·{o} instead of {old}·{o}"
        return f"{new} used where {old} belongs"

    # ---- what nothing explains --------------------------------------------------------------
    def why_not(self, f: ClaimFinding) -> str:
        n = self.conventions_tried.get(f.claim.seq, 0)
        checked = ([f"{n} convention{'s' if n != 1 else ''}"] if n else []) + self.checked.get(f.claim.seq, [])
        what = "; ".join(checked) if checked else "nothing could be recomputed"
        left = f"; not searched: {'; '.join(self.not_searched)}" if self.not_searched else ""
        return f"no single slip or convention reproduces {f.claim.number.text} (checked: {what}{left})"

    # ---- the author's intended value, carried forward -------------------------------------
    def carry_intended(self, targets: list[ClaimFinding], by_claim: dict[int, list[Hypothesis]]) -> None:
        """A result typo's intended value replaces the printed one for the claims computed after it; a later
        root cause that fits that value follows the typo (propagated, caused by it)."""
        au, v = self.au, self.au.verdict
        for f in targets:  # inputs first: a typo is registered before the claims computed from it
            seq = f.claim.seq
            got = self._follows(f) if au.intended and f.verdict is Verdict.WRONG else None
            if got is not None:
                R, typos = got
                typo = min(typos, key=lambda c: c.seq)
                meant = by_claim[typo.seq][0].intended
                assert meant is not None
                e = Explanation("result.intended", f"follows {self.names[typo.seq]} = {meant[1]}, the value meant "
                                f"where {typo.number.text} is printed", R, (self.names[seq],))
                cur = v[seq]
                bad = tuple(sorted(set(typos) | set(cur.caused_by), key=lambda c: c.seq))
                v[seq] = replace(cur, verdict=Verdict.PROPAGATED, caused_by=bad, recomputed=R,
                                 severity=max(v[c.seq].severity for c in typos), explained_by=(e,),
                                 why_not=None, intended=None,
                                 names={**cur.names, **{c.seq: self.names[c.seq] for c in bad}})
                continue
            best = by_claim.get(seq, [None])[0]
            if best is not None and best.intended is not None and len(best.claims) == 1:
                au.intend(seq, best.intended[0])
                v[seq] = replace(v[seq], intended=best.intended[1])

    def _follows(self, f: ClaimFinding) -> tuple[str, list[Claim]] | None:
        c = f.claim
        lo, hi = c.number.interval()
        for prec in PRECISIONS[:3]:
            with precision(prec):
                used: set[int] = set()
                try:
                    R = self.au.recompute(c.address, c.seq, used)
                except (Undefined, ZeroDivisionError, ArithmeticError):
                    return None
                typos = [self.au.case.claim(s) for s in used if s in self.au.intended]
                if not typos:
                    return None
                m = R.meets(lo, hi)
                if m is False:
                    return None
                if m:
                    return R.text(), typos
        return None


class _Trial:
    """Recomputations of one claim's R with some of its starting values changed: a certified ball pass that
    rejects what certainly misses I(r), then exact intervals that accept."""

    def __init__(self, auditor, prog, lo: Fraction, hi: Fraction, balls: dict) -> None:
        self.au, self.prog, self.lo, self.hi = auditor, prog, lo, hi
        self.ready = True
        self._ball_base: list = []
        with precision(PRECISIONS[0]):
            try:
                self.values = [auditor.leaf_value(p, s) for p, s in prog.leaves]
                self.balls = [iv.mid_ball() for iv in self.values]
                self.blo, self.bhi = q2arb(lo), q2arb(hi)
                self._ball_base = prog.run_all(BALL, self.balls)  # what each change re-evaluates from
                base = self._ball_base[prog.out]
                # the document's own inputs too coarse to tell one slip from another: no operand slips
                self.ready = bool(base.is_finite() and base.rad() * 2 <= (self.bhi - self.blo) * READY_WIDTHS)
            except (ArithmeticError, ExactformerError, ValueError):
                self.ready = False
        self._iv_base: list | None = None  # every value of R on exact intervals at the first precision, once
        self._other: dict[tuple[Address, int], Interval | None] = {}
        self._balls = balls  # shared by every trial of one audit: (address, claim seq) -> ball

    def with_values(self, changed: dict[int, Interval], family: bool = False) -> str | None:
        """R with leaves changed, as text, if it meets I(r) (``family``: the ball pass alone, a range)."""
        with precision(PRECISIONS[0]):
            try:
                b = self.prog.rerun(BALL, self._ball_base, {m: iv.mid_ball() for m, iv in changed.items()})
            except (ArithmeticError, ValueError):
                b = None
            if isinstance(b, arb) and b.is_finite() and (b < self.blo or b > self.bhi):
                return None
            if family:
                return ""
        for prec in PRECISIONS[:3]:
            with precision(prec):
                try:
                    if prec == PRECISIONS[0] and self._first_intervals() is not None:
                        R = self.prog.rerun(INTERVAL, self._iv_base, changed)
                    else:
                        vals = list(self.values) if prec == PRECISIONS[0] else \
                            [self.au.leaf_value(p, s) for p, s in self.prog.leaves]
                        for m, iv in changed.items():
                            vals[m] = iv
                        R = self.prog.run(INTERVAL, vals)
                except (Undefined, ZeroDivisionError, ArithmeticError):
                    return None
                got = R.meets(self.lo, self.hi)
                if got is False:
                    return None
                if got:
                    return R.text()
        return None

    def live_places(self, m: int, spans: list[tuple[int, Interval]]) -> int:
        """How many leading digit places of leaf m may hold a slip: the places from the one returned on all lie
        within one range (the hull of their spans) over which R certainly misses I(r), found by bisection
        (each place's own test would reject them one by one)."""
        tails: list[Interval] = []
        for _, span in reversed(spans):
            tails.append(span if not tails else Interval(min(span.lo, tails[-1].lo), max(span.hi, tails[-1].hi)))
        tails.reverse()
        lo, hi = 0, len(spans)  # every place from hi on is rejected; the first lo places are not
        while lo < hi:
            mid = (lo + hi) // 2
            if self.with_values({m: tails[mid]}, family=True) is None:
                hi = mid
            else:
                lo = mid + 1
        return hi

    def digits(self, m: int, cands: list[Parsed]) -> list[tuple[Parsed, str | None]]:
        """Each candidate value of leaf m (one digit changed, in order) with R's text where it meets I(r):
        groups of neighbouring digits are tried as one range first, and a group whose range certainly misses
        is not tried digit by digit (the same answers, fewer passes)."""
        vals = [_value(c) for c in cands]
        got: dict[int, str | None] = {}

        def walk(a: int, b: int, whole: bool) -> None:  # candidates a … b − 1, consecutive digits
            if b - a == 1:
                got[a] = self.with_values({m: Interval.point(vals[a])})
                return
            if not whole and self.with_values({m: Interval(min(vals[a:b]), max(vals[a:b]))}, family=True) is None:
                return
            k = (a + b) // 2
            walk(a, k, False)
            walk(k, b, False)

        # the digits below the written one and those above it: two runs of consecutive values
        cut = next((n for n in range(1, len(vals)) if (vals[n] > vals[n - 1]) != (vals[1] > vals[0])
                    or abs(vals[n] - vals[n - 1]) != abs(vals[1] - vals[0])), len(vals)) if len(vals) > 1 else 1
        for a, b in ((0, cut), (cut, len(vals))):
            if b > a:
                walk(a, b, False)
        return [(c, got.get(n)) for n, c in enumerate(cands)]

    def _first_intervals(self) -> list | None:
        """Every value of R on exact intervals from the document's values, at the first precision (None where
        that is undefined: each change is then run whole)."""
        if self._iv_base is None:
            try:
                self._iv_base = self.prog.run_all(INTERVAL, self.values)
            except (Undefined, ZeroDivisionError, ArithmeticError):
                self._iv_base = []
        return self._iv_base or None

    def spaced(self, m: int, span: Interval, width: Fraction) -> bool:
        """Does one step of the digit at this place (span: its whole range) move R by at least ``width``?"""
        with precision(PRECISIONS[0]):
            ends = []
            for x in (span.lo, span.hi):
                try:
                    ends.append(self.prog.rerun(BALL, self._ball_base, {m: ball(x)}))
                except (ArithmeticError, ValueError):
                    return False
            step = abs(ends[1] - ends[0]) / 9
            return bool(step.is_finite() and step >= q2arb(width))

    def replaced(self, members: list[int], moved: list[Address], seq: int) -> str | None:
        """R with the leaves ``members`` read from the addresses ``moved`` (the document's values there)."""
        balls = [self._ball_at(x, seq) for x in moved]
        if all(b is not None for b in balls) and self._misses(dict(zip(members, balls))):  # type: ignore[arg-type]
            return None  # certainly not, from balls that hold every value the document's numbers allow there
        changed = {}
        for m, x in zip(members, moved):
            iv = self._value_at(x, seq)
            if iv is None:
                return None
            changed[m] = iv
        return self.with_values(changed)

    def _misses(self, changed: dict[int, arb]) -> bool:
        with precision(PRECISIONS[0]):
            try:
                b = self.prog.rerun(BALL, self._ball_base, changed)
            except (ArithmeticError, ValueError):
                return False
            return bool(isinstance(b, arb) and b.is_finite() and (b < self.blo or b > self.bhi))

    def _ball_at(self, x: Address, seq: int) -> arb | None:
        """A ball holding the document's value of x at seq (its stated number and E(x) both; E(x) alone where
        nothing stated lies below x); None where that value must be recomputed. Cached by the claim used."""
        s = self.au.stated(x, seq)
        s = s if s is not None and s.seq != seq else None
        key = (x, s.seq if s is not None else None)
        got = self._balls.get(key, False)
        if got is not False:
            return got  # type: ignore[return-value]
        got = None
        try:
            self.au.g.check(x)
            with precision(PRECISIONS[0]):
                e = self.au.engine.ball(x)
                if s is not None:
                    iv = self.au.intended.get(s.seq)
                    if iv is not None:
                        got = arb.union(iv.mid_ball(), e)
                    elif s.number.rational is not None:
                        got = arb.union(q2arb(s.number.rational), e)
                    if got is not None and self.au.claim_carried(s):  # and the value carried past it
                        c = self.au.carried_ball(s)
                        got = arb.union(got, c) if c is not None else None
                elif not self.au.stated_below(x):
                    got = e
        except (ArithmeticError, ExactformerError):
            got = None
        self._balls[key] = got
        return got

    def _value_at(self, x: Address, seq: int) -> Interval | None:
        key = (x, seq)
        if key not in self._other:
            got = None
            try:
                self.au.g.check(x)
                with precision(PRECISIONS[0]):
                    s = self.au.stated(x, seq)
                    if s is not None and s.seq != seq:
                        got = self.au.leaf_value(x, s)
                    elif not self.au.stated_below(x):
                        got = self.au.leaf_value(x, None)
                    else:
                        got = self.au.recompute(x, seq, set())
            except (ArithmeticError, ExactformerError):
                got = None
            self._other[key] = got
        return self._other[key]


_BLOCK = re.compile(r"(L\d+\.|head\.)")


def _one_block(conv: Convention) -> bool:
    """Does the convention change one block only (not the whole case, nor a model-level module)?"""
    return len(conv.since) == 1 and _BLOCK.match(conv.since[0]) is not None


def _told(convs: list[Hypothesis], wrong: set[int]) -> set[int]:
    """The wrong numbers a convention (or a solved value, or the backward pass's convention) reproduces together
    with another wrong number, checked on exact intervals and breaking no number the document has right: one
    story for several numbers. Their operands are not searched for slips: a slip in one operand is the story of
    the numbers that read that operand, and this search is the costliest of all (thousands of ball passes for
    a gradient of 12 digits)."""
    out: set[int] = set()
    for h in convs:
        mine = wrong.intersection(h.claims)
        if h.general is not None and len(mine) >= 2:
            out.update(mine)
    return out


def _searchable(prog) -> bool:
    """Are operand slips searched in this recomputation (it starts from few values, through few formulas)?"""
    return bool(prog.nodes) and len(prog.leaves) <= MAX_LEAVES and len(prog.nodes) <= MAX_NODES


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}{'' if n == 1 else 's'}"


def not_searched_text(left: list[str]) -> str | None:
    """The report's line for what the budget left out (None when everything was searched)."""
    if not left:
        return None
    return f"not searched (the search for why ran out of its budget): {'; '.join(left)}"


class _Cells:
    """What trying a convention costs, in cells of the case's graph, and where it starts: one pass over the
    steps, so that every question below is a look-up (a model of 200 layers has 1,600 conventions)."""

    def __init__(self, g: Graph, steps: int, backward: bool) -> None:
        self.g = g
        order = list(g.steps)
        self.n = len(order)
        # a claim after training or about a gradient is computed through every step's forward and backward
        # pass, steps times over
        per = 2 * (2 * steps + 1) * (2 if backward else 1)  # built and evaluated
        sizes = [0 if g.steps[k].lazy else g.steps[k].size * per for k in order]
        looks = [STEP_CELLS if g.steps[k].spec.name != TERMS else 0 for k in order]  # products: never rebuilt
        self._looked = sum(looks)
        self._after = [0] * (self.n + 1)
        for k in range(self.n - 1, -1, -1):
            self._after[k] = self._after[k + 1] + sizes[k] + looks[k]
        self.total = self._after[0]
        self._first: dict[str, int] = {}  # every leading part of a step key -> the first step that has it
        for k, key in enumerate(order):
            for m in range(len(key) + 1):
                self._first.setdefault(key[:m], k)
        self._layers = [(li, g.layer_end(li)) for li in range(1, len(g.model.layers) + 1)]

    def since(self, prefixes: tuple[str, ...]) -> int:
        """The first step a convention changes (its step-key prefixes; "" everything, "grad." none forward)."""
        best = self.n + 1
        for prefix in prefixes:
            if prefix == "grad.":
                d = self.n
            else:
                d = min(self._first.get(prefix, self.n), self.g.order.get(prefix.rstrip("."), self.n))
            best = min(best, d)
        return best

    def after(self, since: int) -> int:
        """What trying a convention that changes step ``since`` on costs: the cells from there on (rebuilt and
        evaluated), and a look at every step of the model (taking the shared ones, comparing)."""
        return self._after[min(since, self.n)] + self._looked + STEP_CELLS

    def keep(self, since: int) -> int:
        """How many leading layers a convention leaves as they are (they are shared, not rebuilt)."""
        keep = 0
        for li, end in self._layers:
            if end < since:
                keep = li
        return keep


def _changed_steps(main: Engine, alt: Engine, since: int = 0) -> set[str]:
    """The case's steps whose values another model changes: a step the other model lacks, or one with a cell
    whose certified ball differs (a derived step, such as weighted_v, when one of its inputs changed). This
    only prunes the search (a quantity with the very same ball is not recomputed); it decides no verdict."""
    prec = PRECISIONS[0]
    order = main.graph.order
    a = main.numeric.forward(prec)
    # the steps before the first one the convention changes have the case's values: taken, not recomputed
    same = {k: v for k, v in a.items() if order.get(k, 0) < since and k in alt.graph.steps
            and not main.graph.steps[k].lazy}
    b = alt.numeric.forward(prec, same=same)
    out: set[str] = set()
    for key, st in main.graph.steps.items():  # in model order: a derived step after its inputs
        if order.get(key, 0) < since:
            continue  # computed before anything the convention changes
        try:
            other = alt.graph.step(key)
        except KeyError:
            out.add(key)
            continue
        if st.lazy:
            if any(i.key in out for i in st.inputs):
                out.add(key)
        elif other.key not in b or len(a[key]) != len(b[other.key]) or any(
                x is not y and (x is None or y is None or x.mid() != y.mid() or x.rad() != y.rad())
                for x, y in zip(a[key], b[other.key])):
            out.add(key)
    return out


class AltAuditor(Auditor):
    """The same claims judged under another model (a convention the document may have used): a claim is taken
    as correct there when its exact value under that model lies in I(r). Which quantities have a stated claim
    below them is taken from the case's own model (a convention changes formulas, not what is stated)."""

    def __init__(self, case: Case, engine: Engine, main: Auditor) -> None:
        super().__init__(case, engine)
        self._ok: dict[int, bool] = {}
        self._below = main._below

    def claim_correct(self, s: Claim) -> bool:
        got = self._ok.get(s.seq)
        if got is None:
            got = self._ok[s.seq] = self.exact_fits(s)
        return got

    def exact_fits(self, c: Claim) -> bool:
        """E under this model lies in I(r)."""
        if c.number.rational is None or c.number.decimals is None:
            return False
        try:
            self.g.check(c.address)
            lo, hi = c.number.interval()
            return self.in_interval(c.address, lo, hi)
        except (ArithmeticError, ExactformerError):
            return False

    def fits(self, c: Claim, reads_change: bool = True) -> bool:
        """E or R under this model meets I(r). ``reads_change``: the recomputation reads a value this model
        changes (when it does not, R is the same as under the case's model and need not be redone)."""
        if self.exact_fits(c):
            return True
        if not reads_change:
            return False
        lo, hi = c.number.interval()
        try:
            prog = self.program(c.address, c.seq)
            if self.ball_misses(prog, lo, hi) or self._values_miss(prog, lo, hi):
                return False
        except (ArithmeticError, ExactformerError):
            return False
        for prec in PRECISIONS[:3]:
            with precision(prec):
                try:
                    m = self.recompute(c.address, c.seq, set()).meets(lo, hi)
                except (Undefined, ArithmeticError, ExactformerError):
                    return False
                if m is not None:
                    return m
        return False

    def _values_miss(self, prog: Program, lo: Fraction, hi: Fraction) -> bool:
        """A certified ball pass of R from the very values the exact recomputation starts from (``leaf_value``,
        each interval as a ball that holds it): does R certainly miss [lo, hi]? ``ball_misses`` widens every
        stated value to E(p), which under another convention lies far from it, so it seldom says no there; this
        pass does, before the exact intervals (a ball that cannot say answers False)."""
        with precision(PRECISIONS[0]):
            try:
                b = prog.run(BALL, [self.leaf_value(p, s).mid_ball() for p, s in prog.leaves])
            except (Undefined, ZeroDivisionError, ArithmeticError, ExactformerError, ValueError):
                return False
            return bool(isinstance(b, arb) and b.is_finite() and (b < q2arb(lo) or b > q2arb(hi)))


def _alternative(main, conv: Convention, keep: int = 0):
    """An auditor of the same claims under another model (None when the model cannot be built); its first
    ``keep`` layers are the case's own steps."""
    try:
        return AltAuditor(main.case, Engine(Graph(conv.model, like=main.g, keep=keep)), main)
    except (ExactformerError, ArithmeticError, AssertionError, KeyError):
        return None


# ---- digits of a written decimal ------------------------------------------------------------------
Parsed = tuple[str, str, str]  # sign, integer digits, fraction digits


def _parse(text: str | None) -> Parsed | None:
    m = _DECIMAL.fullmatch(text.strip()) if text else None
    if m is None or len(m.group(2)) + len(m.group(3) or "") > 30:
        return None
    return m.group(1), m.group(2), m.group(3) or ""


def _value(p: Parsed) -> Fraction:
    sign, ip, fp = p
    v = Fraction(int(ip + fp), 10 ** len(fp))
    return -v if sign else v


def _text(p: Parsed) -> str:
    sign, ip, fp = p
    ip = ip.lstrip("0") or "0"
    return f"{sign}{ip}" + (f".{fp}" if fp else "")


def _swaps(p: Parsed) -> Iterator[tuple[Parsed, str, str]]:
    for _, got in _swaps_at(p):
        yield got


def _swaps_at(p: Parsed) -> Iterator[tuple[int, tuple[Parsed, str, str]]]:
    """Each swap of two adjacent digits with the place of the first (as ``_digit_spans`` counts places): the
    value swapped lies within that place's span (only it and the next digit change, by (y − x)·0.9 of its
    unit)."""
    sign, ip, fp = p
    for part in (0, 1):
        ds = (ip, fp)[part]
        for i in range(len(ds) - 1):
            x, y = ds[i], ds[i + 1]
            if x != y:
                new = ds[:i] + y + x + ds[i + 2:]
                yield i + (len(ip) if part else 0), (((sign, new, fp) if part == 0 else (sign, ip, new)), x, y)


def _one_digit(p: Parsed, only: int | None = None) -> Iterator[tuple[Parsed, int, str, str]]:
    sign, ip, fp = p
    ds = ip + fp
    for i, old in enumerate(ds):
        if only is not None and i != only:
            continue
        for d in "0123456789":
            if d != old:
                new = ds[:i] + d + ds[i + 1:]
                yield (sign, new[:len(ip)], new[len(ip):]), i, old, d


def _digit_spans(p: Parsed) -> Iterator[tuple[int, Interval]]:
    """For each digit place, the range of values with any digit there (for pruning a whole place)."""
    sign, ip, fp = p
    ds = ip + fp
    v = abs(_value(p))
    for i, d in enumerate(ds):
        w = Fraction(10) ** (len(ip) - 1 - i)
        lo, hi = v - int(d) * w, v + (9 - int(d)) * w
        yield i, (Interval(-hi, -lo) if sign else Interval(lo, hi))


def _shifts(p: Parsed) -> Iterator[tuple[Parsed, int]]:
    """The written value with its decimal point one place left or right (the value meant, and its places)."""
    sign, ip, fp = p
    ds = ip + fp
    k = len(fp)
    yield (sign, ds[:len(ip) - 1] or "0", ds[len(ip) - 1:]), k + 1
    if k >= 1:
        yield (sign, ip + fp[0], fp[1:]), k - 1


def _negate(p: Parsed) -> Parsed:
    return ("" if p[0] else "-", p[1], p[2])


def _flip(text: str) -> str:
    return text[1:] if text.startswith("-") else "-" + text


def _significant(text: str) -> int:
    return len(re.sub(r"^[-0.]+", "", text).replace(".", ""))


def _is_zero(iv: Interval) -> bool:
    return isinstance(iv.lo, Fraction) and iv.lo == 0 and isinstance(iv.hi, Fraction) and iv.hi == 0


def _meets(R: Interval, lo: Fraction, hi: Fraction) -> bool:
    return R.meets(lo, hi) is True


def _fixed(engine: Engine, a: Address, k: int) -> str | None:
    """E(a) rounded to k decimals, certainly (None when too close to a tie to say at 512 bits)."""
    for prec in PRECISIONS[:4]:
        with precision(prec):
            b = engine.ball(a, prec) * q2arb(Fraction(10) ** k) + arb("0.5")
            fl = b.floor().unique_fmpz() if b.is_finite() else None
            if fl is not None:
                q = Fraction(int(fl), 10 ** k)
                sign = "-" if q < 0 else ""
                q = abs(q)
                whole, frac = divmod(q.numerator * 10 ** k // q.denominator, 10 ** k)
                return f"{sign}{whole}" + (f".{frac:0{k}d}" if k else "")
    return None


def _fixed_axes(g, addrs: list[Address]) -> list[int]:
    s = g.step(addrs[0].step)
    return [ax for ax in range(len(s.dims)) if len({x.idx[ax] for x in addrs}) == 1]


def _partial(g, addrs: list[Address], fixed: list[int]) -> str:
    """The cells as one name: ``K[猫]`` for a row, ``V[·][2]`` for a column, ``K[猫][2]`` for one cell."""
    a = addrs[0]
    if len(addrs) == 1:
        return g.name(a)
    s = g.step(a.step)
    prefix = 0
    while prefix < len(a.idx) and prefix in fixed:
        prefix += 1
    if prefix and all(ax < prefix for ax in fixed):
        return g.name(Address(a.step, a.idx[:prefix], a.grad, a.t))
    head = g.name(Address(a.step, (), a.grad, a.t))
    parts = []
    for ax, i in enumerate(a.idx):
        if ax not in fixed:
            parts.append("·")
        elif s.labels[ax] is not None:
            parts.append(s.labels[ax][i])
        else:
            parts.append(str(i + 1))
    return head + "".join(f"[{p}]" for p in parts)


def _merge(hyps: list[Hypothesis]) -> list[Hypothesis]:
    """One hypothesis per group key, explaining the union of its claims (each keeps its own detail)."""
    out: dict[tuple, Hypothesis] = {}
    for h in hyps:
        got = out.get(h.group)
        if got is None:
            got = out[h.group] = replace(h, claims=list(h.claims), details={})
        else:
            got.claims += [s for s in h.claims if s not in got.claims]
        for s in h.claims:
            got.details.setdefault(s, (h.detail, h.recomputed))
    return list(out.values())
