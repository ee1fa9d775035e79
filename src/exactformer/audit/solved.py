"""A hyper-parameter with another value than the case states: solved for, then checked (issue 17.6).

A document may have computed a LayerNorm with another ε than the one it states (``eps = 1e-5`` stated, its
1/σ printed as with 2.5·10⁻⁵), trained with another learning rate, or divided an attention's scores by another
number (1.41 for √2). For each such **knob** (one LayerNorm's eps, every LayerNorm's eps at once, the learning
rate, one attention's scale divisor, the head's sampling temperature) and a wrong number it sets (a number of
that LayerNorm; a value after training; a scaled score, a weight or a context of that attention; a probability of
the head), the search

1. brackets the value q that reproduces the number, walking a grid outward from the stated value until
   E_q(claim) − r changes sign (each point a certified ball of the claim under the model with that value);
2. narrows the bracket (regula falsi, Illinois) until E_q lies within the claim's digits;
3. offers the simplest decimal there (fewest significant digits, at most ``MAX_DIGITS``), and only when the
   values that reproduce the claim are narrow beside the spacing of such decimals: E at that decimal plus or
   minus ``1/CHANCE`` of a unit of its last digit certainly misses the claim. A number with few digits is
   fitted by some value of almost any knob; that is chance, not an explanation. The value must also be one
   someone would set (a LayerNorm's eps at most 0.01, a learning rate at most 10);
4. failing a short decimal, when the claim pins the value to 0.1 % and it lies ``FAR`` times away from the
   stated one or more, offers the shortest decimal that reproduces the claim as a *fitted* value
   (``value.eps.fitted``: "eps ≈ 2.5064e-5", the issue's 0.447212474619866), ranked after the slips in the
   printed digits (nearer the stated value a slip in the number's own digits moves it as much).

The decimal found is then checked as a convention is (``Explainer._tried``): certified on exact intervals, and
not offered as the case's habit when it breaks numbers the document has right. Balls only steer the search;
they decide no verdict.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from flint import arb

from ..errors import ExactformerError
from ..exact import expr as X
from ..model.address import Address
from ..model.conventions import Convention, block_slots
from ..model.graph import Graph
from ..model.values import Model, Number, Scale, ScaleKind
from ..numeric.ball import PRECISIONS, expr_ball, precision, q2arb
from ..numeric.engine import Engine

MAX_DIGITS = 3  # the value offered has at most this many significant digits
CHANCE = 20  # …and E moves out of the claim's digits within 1/CHANCE of a unit of that value's last digit
ITERATIONS = 40  # narrowing steps at most
FAR = 2  # a value no short decimal gives is offered only this many times away from the stated one, or more
FITTED_DIGITS = 20  # …written with at most this many significant digits (the ones its number pins)
SHOWN_DIGITS = 5  # …and shown with this many
TARGETS = 2  # wrong numbers a knob is solved from, at most (the first that its search settles is enough)


@dataclass(frozen=True)
class Knob:
    """One number of the case a document may have used with another value."""

    hid: str  # the hypothesis's identifier (explain.SIMPLICITY)
    name: str  # "eps", "the learning rate"
    where: str  # " in L1.ln", " in every LayerNorm", ""
    value: Fraction  # as the case states it
    text: str  # … written as the case writes it
    put: Callable[[Fraction], Model]  # the case's model with another value
    since: tuple[str, ...]  # step-key prefixes from which values change (as a convention's)
    owns: Callable[[Address], bool]  # the numbers it is solved from
    grid: tuple[Fraction, ...]  # where the bracket is looked for, increasing
    most: Fraction = Fraction(1)  # a value above this is no one's setting (a LayerNorm's eps of 0.3): not offered
    covered: frozenset[Fraction] = frozenset()  # values a declared convention already tries
    training: bool = False  # its numbers are computed through training (every step of the graph, costed so)
    says: str = "trained with {name} {value} instead of {stated}{where}"  # the explanation, in words

    def detail(self, shown: str) -> str:
        """The explanation in words, ``shown`` the value found ("= 2.5e-5", "≈ 2.5064e-5")."""
        return self.says.format(name=self.name, value=shown, stated=self.text, where=self.where)


_EPS_STEPS = (".std", ".rstd", ".norm", "")  # a LayerNorm's steps that eps changes, after its key
_EPS_GRID = (Fraction(0),) + tuple(Fraction(1, 10 ** k) for k in range(15, 0, -1))
_EPS_MOST = Fraction(1, 100)
_EPS_COVERED = frozenset({Fraction(0), Fraction(1, 10 ** 5), Fraction(1, 10 ** 6), Fraction(1, 10 ** 12)})
_EPS_SAYS = "LayerNorm computed with eps {value} instead of {stated}{where}"
# an attention's scale divisor: the steps it sets (after its head's key), and where its bracket is looked for
_SCALE_STEPS = frozenset({"scaled", "exp", "expsum", "weights", "weighted_v", "context"})
_SCALE_FACTORS = (Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(9, 10), Fraction(99, 100),
                  Fraction(101, 100), Fraction(11, 10), Fraction(2), Fraction(4), Fraction(10))
_SCALE_MOST = Fraction(100)  # a divisor of the scores above this is no one's setting


def knobs(model: Model) -> list[Knob]:
    """The knobs of a model: every LayerNorm's eps at once (when several state the same), each LayerNorm's,
    and the learning rate of training."""
    out: list[Knob] = []
    lns = [s for s in block_slots(model) if s.kind == "layernorm" and X.rational_of(s.cfg.eps.value) is not None]

    def eps_put(slots) -> Callable[[Fraction], Model]:
        def put(q: Fraction) -> Model:
            m = model
            for s in slots:
                m = s.put(m, replace(s.cfg, eps=Number(X.const(q), decimal_text(q), None)))
            return m
        return put

    def in_block(wheres: tuple[str, ...]) -> Callable[[Address], bool]:
        """The block's numbers that eps sets: σ, 1/σ, x̂ and the output (not the mean and the variance)."""
        keys = {w + tail for w in wheres for tail in _EPS_STEPS}

        def owns(a: Address) -> bool:
            return not a.grad and a.t == 0 and a.step in keys
        return owns

    stated = {X.rational_of(s.cfg.eps.value) for s in lns}
    if len(lns) > 1 and len(stated) == 1:
        q = stated.pop()
        assert q is not None
        wheres = tuple(s.where for s in lns)
        out.append(Knob("value.eps", "eps", " in every LayerNorm", q, lns[0].cfg.eps.text, eps_put(lns),
                        tuple(w + "." for w in wheres), in_block(wheres), _EPS_GRID, _EPS_MOST, _EPS_COVERED,
                        says=_EPS_SAYS))
    for s in lns:
        q = X.rational_of(s.cfg.eps.value)
        assert q is not None
        out.append(Knob("value.eps", "eps", f" in {s.where}" if len(lns) > 1 else "", q, s.cfg.eps.text,
                        eps_put([s]), (s.where + ".",), in_block((s.where,)), _EPS_GRID, _EPS_MOST, _EPS_COVERED,
                        says=_EPS_SAYS))
    out += _scale_knobs(model)
    out += _temperature_knobs(model)
    tr = model.train
    lr = X.rational_of(tr.lr.value) if tr is not None else None
    if tr is not None and model.loss is not None and lr is not None and lr > 0:
        def put_lr(q: Fraction) -> Model:
            assert tr is not None
            return replace(model, train=replace(tr, lr=Number(X.const(q), decimal_text(q), None)))

        grid = tuple(sorted({lr * Fraction(10) ** k for k in range(-3, 3)} | {lr * 2, lr / 2}))
        out.append(Knob("value.lr", "the learning rate", "", lr, tr.lr.text, put_lr, ("grad.",),
                        lambda a: not a.grad and a.t >= 1, grid, Fraction(10), training=True))
    return out


def _scale_knobs(model: Model) -> list[Knob]:
    """Each attention's scale divisor (the scores divided by 1.41 where √2 is stated: a rounded √d_k, or another
    number), one knob per attention block."""
    out: list[Knob] = []
    atts = [s for s in block_slots(model) if s.kind == "attention"]
    for s in atts:
        cfg = s.cfg
        dk = cfg.d_k
        kind = cfg.scale.kind
        if kind is ScaleKind.SQRT_DK and len({h.width(0) for h in cfg.heads}) > 1:
            continue  # heads of different widths, each divided by its own √d_k: no one stated divisor
        if kind is ScaleKind.SQRT_DK:
            assert dk is not None  # (the scores given directly need d_k for √d_k)
            stated, text = X.sqrt(X.const(dk)), f"√d_k = √{dk}"
        elif kind is ScaleKind.NONE:
            stated, text = X.ONE, "1 (no scaling)"
        else:
            assert cfg.scale.number is not None
            stated, text = cfg.scale.number.value, cfg.scale.number.text
        anchor = _anchor(stated)
        if anchor is None or anchor <= 0:
            continue
        # values the declared conventions try (no scaling, d_k, √d_k, √d_model where these are rational)
        covered = {Fraction(1)} | ({Fraction(dk)} if dk is not None else set()) | \
            {Fraction(r) for r in (_isqrt(dk), _isqrt(cfg.d_model)) if r}

        def put(q: Fraction, s=s) -> Model:
            return s.put(model, replace(s.cfg, scale=Scale(ScaleKind.NUMBER, Number(X.const(q), decimal_text(q),
                                                                                   None))))

        def owns(a: Address, where=s.where + ".") -> bool:
            return not a.grad and a.t == 0 and a.step.startswith(where) and a.step.rsplit(".", 1)[-1] in _SCALE_STEPS

        grid = tuple(sorted({_round(anchor * f, 3) for f in _SCALE_FACTORS}))
        out.append(Knob("value.scale", "the scale divisor", f" in {s.where}" if len(atts) > 1 else "", anchor,
                        text, put, (s.where + ".",), owns, grid, _SCALE_MOST, frozenset(covered),
                        says="scores divided by {value} instead of {stated}{where}"))
    return out


_TEMPERATURE_STEPS = frozenset({"head.scaled", "head.exp", "head.expsum", "probs", "loss"})


def _temperature_knobs(model: Model) -> list[Knob]:
    """The head's sampling temperature, when one T is stated for every row (a document that multiplied the logits
    by T = 0.5 divided them by 2)."""
    hd = model.head
    if hd is None or hd.temperature is None:
        return []
    Ts = {X.rational_of(T.value) for T in hd.temperature}
    if len(Ts) != 1:
        return []  # one per row: the rows are the same logits at several temperatures, each its own
    T = Ts.pop()
    if T is None or T <= 0:
        return []

    def put(q: Fraction) -> Model:
        assert hd is not None and hd.temperature is not None
        one = Number(X.const(q), decimal_text(q), None)
        return replace(model, head=replace(hd, temperature=(one,) * len(hd.temperature)))

    def owns(a: Address) -> bool:
        return not a.grad and a.t == 0 and a.step in _TEMPERATURE_STEPS

    grid = tuple(sorted({_round(T * f, 3) for f in _SCALE_FACTORS}))
    return [Knob("value.temperature", "the temperature", "", T, hd.temperature[0].text, put, ("head.temperature",),
                 owns, grid, _SCALE_MOST,
                 says="logits divided by the temperature {value} instead of {stated}{where}")]


def _anchor(e: X.Expr) -> Fraction | None:
    """A stated value as the solver's starting point: exact where rational, else to 30 significant digits (the
    bracket is only looked for from there; every value offered is checked as a convention is)."""
    q = X.rational_of(e)
    if q is not None:
        return q
    with precision(PRECISIONS[0]):
        b = expr_ball(e)
        return _round(_fraction(b), 30) if b.is_finite() else None


def _isqrt(n: int | None) -> int | None:
    """√n where it is a whole number."""
    if not n or n < 0:
        return None
    r = math.isqrt(n)
    return r if r * r == n else None



@dataclass(frozen=True)
class Candidate:
    """A model the search checks as it checks a convention (``Explainer._tried``)."""

    hid: str
    detail: str
    convention: Convention
    keep: int  # leading layers shared with the case's graph
    since: int  # the first depth whose values may change (claims before it are not looked at)
    changed: Callable[[Address], bool] | None = None  # which claims it changes (None: the steps whose balls differ)
    training: bool = False  # with changed None: every gradient and value after training counts as changed


def hypotheses(ex, targets, cells) -> list[Candidate]:
    """Each knob solved from the first wrong numbers it sets; the decimal that reproduces one, as a model."""
    out = []
    for knob in knobs(ex.g.model):
        since = cells.since(knob.since)
        # a number a declared convention already reproduces is told by it, the simpler story
        mine = [f for f in targets if f.claim.number.rational is not None and f.claim.number.decimals is not None
                and knob.owns(f.claim.address) and f.claim.seq not in ex.fitted]
        cost = (cells.total if knob.training else cells.after(since)) + CLAIM_COST
        keep = cells.keep(since)
        for f in mine[:TARGETS]:
            solver = _Solver(ex, knob, keep, cost)
            q = solver.solve(f.claim)
            if solver.out_of_budget:
                break  # said in the report (not_searched); the next claim would cost the same
            if q is None:
                continue
            shown = decimal_text(q) if not solver.fitted else "≈ " + decimal_text(_round(q, SHOWN_DIGITS))
            why = (f" (the value {ex.names[f.claim.seq]} = {f.claim.number.text} pins; no value of at most "
                   f"{MAX_DIGITS} digits reproduces it)" if solver.fitted else "")
            detail = knob.detail(shown if solver.fitted or knob.hid != "value.eps" else "= " + shown) + why
            hid = knob.hid + (".fitted" if solver.fitted else "")
            out.append(Candidate(hid, detail, Convention(hid, detail, knob.put(q), knob.since), keep, since,
                                 training=knob.training))
            break
    return out


CLAIM_COST = 40  # one certified ball of one claim, beyond the model it is computed in


class _OutOfBudget(Exception):
    pass


class _Solver:
    """E of one claim as a function of one knob's value: certified balls, one model per value tried."""

    def __init__(self, ex, knob: Knob, keep: int, cost: int) -> None:
        self.ex, self.knob, self.keep, self.cost = ex, knob, keep, cost
        self._at: dict[Fraction, arb | None] = {}
        self.out_of_budget = False
        self.fitted = False  # the value solved is no short decimal, only the one the number pins (``_fitted``)

    def value(self, q: Fraction, a: Address) -> arb | None:
        if q in self._at:
            return self._at[q]
        if not self.ex._spend(self.cost):
            raise _OutOfBudget
        got = None
        try:
            e = Engine(Graph(self.knob.put(q), like=self.ex.g, keep=self.keep))
            e.graph.check(a)
            b = e.ball(a, PRECISIONS[0])
            got = b if b.is_finite() else None
        except (ArithmeticError, ExactformerError, AssertionError, KeyError, ValueError):
            got = None
        self._at[q] = got
        return got

    def solve(self, c) -> Fraction | None:
        try:
            return self._solve(c)
        except _OutOfBudget:
            self.out_of_budget = True
            self.ex.not_searched.append(f"{self.knob.name}{self.knob.where}, solved from {self.ex.names[c.seq]}")
            return None

    def _solve(self, c) -> Fraction | None:
        a, r = c.address, c.number.rational
        lo, hi = c.number.interval()
        with precision(PRECISIONS[0]):
            blo, bhi, br = q2arb(lo), q2arb(hi), q2arb(r)

            def sign(q: Fraction) -> int | None:
                """+1 or −1 where E_q certainly lies above or below r; 0 inside the claim's digits; None unknown."""
                b = self.value(q, a)
                if b is None:
                    return None
                if b >= blo and b <= bhi:
                    return 0
                if b > br:
                    return 1
                if b < br:
                    return -1
                return None

            # outward from the stated value along the grid, both ways, to the first change of sign
            grid = sorted(set(self.knob.grid) | {self.knob.value})
            i0 = grid.index(self.knob.value)
            s0 = sign(self.knob.value)
            if s0 is None or s0 == 0:
                return None
            found = None
            inner = {1: (self.knob.value, s0), -1: (self.knob.value, s0)}
            for k in range(1, len(grid)):
                for way in (1, -1):
                    if way not in inner or not 0 <= i0 + way * k < len(grid):
                        continue
                    q = grid[i0 + way * k]
                    sq = sign(q)
                    if sq is None:
                        del inner[way]
                    elif sq == 0:
                        found = q
                    elif sq != s0:
                        found = self._narrow(inner[way][0], q, s0, a, br, sign)
                        if found is None:
                            del inner[way]
                    else:
                        inner[way] = (q, sq)
                    if found is not None:
                        break
                if found is not None or not inner:
                    break
            label = f"{self.knob.name}{self.knob.where}"
            if found is None:
                self._note(c, label)
                return None
            best = self._simplest(found, sign)
            if best is None or not 0 < best <= self.knob.most:
                # no short value: one the digits pin (to 0.1 %), far from the stated one, is offered as fitted
                pinned = 0 < found <= self.knob.most and sign(found * Fraction(999, 1000)) in (1, -1) \
                    and sign(found * Fraction(1001, 1000)) in (1, -1)
                best = self._fitted(found, sign) if pinned and self._far(found) else None
                if best is None:
                    self._note(c, f"{label} (≈ {decimal_text(_round(found, 5))} would reproduce it, no value of at "
                                  f"most {MAX_DIGITS} digits)" if pinned else label)
                    return None
                self.fitted = True
        if best == self.knob.value or best in self.knob.covered:
            return None  # the case's own value, or a declared convention's (tried as such)
        return best

    def _far(self, q: Fraction) -> bool:
        """A fitted value is offered only FAR times away from the stated one or more: nearer, a slip in the
        number's own digits moves it as much (one digit of 1/σ is a few per cent of eps)."""
        v = self.knob.value
        return v == 0 or q >= v * FAR or q * FAR <= v

    def _fitted(self, q: Fraction, sign) -> Fraction | None:
        """The shortest decimal near q that reproduces the claim (more than MAX_DIGITS digits: the value the
        number pins, which no one wrote down as such)."""
        for digits in range(MAX_DIGITS + 1, FITTED_DIGITS + 1):
            s = _round(q, digits)
            if 0 < s <= self.knob.most and sign(s) == 0:
                return s
        return q if sign(q) == 0 else None

    def _note(self, c, what: str) -> None:
        """What the search tried, for the claim's "checked: …" when nothing explains it."""
        got = self.ex.checked.setdefault(c.seq, [])
        if what not in got:
            got.append(what)

    def _narrow(self, x0: Fraction, x1: Fraction, s0: int, a: Address, br: arb, sign) -> Fraction | None:
        """Regula falsi (Illinois) on E_q − r between x0 and x1, until E_q lies within the claim's digits."""
        def g(q: Fraction) -> Fraction:
            b = self.value(q, a)
            assert b is not None
            return _fraction(b - br)

        g0, g1 = g(x0), g(x1)
        side = 0
        for _ in range(ITERATIONS):
            if g1 == g0:
                m = (x0 + x1) / 2
            else:
                m = x1 - g1 * (x1 - x0) / (g1 - g0)
                if not min(x0, x1) < m < max(x0, x1):
                    m = (x0 + x1) / 2
            m = _round(m, 30)
            s = sign(m)
            if s is None:
                return None
            if s == 0:
                return m
            gm = g(m)
            if s == s0:
                x0, g0 = m, gm
                if side == -1:
                    g1 /= 2
                side = -1
            else:
                x1, g1 = m, gm
                if side == 1:
                    g0 /= 2
                side = 1
        return None

    def _simplest(self, q: Fraction, sign) -> Fraction | None:
        """The decimal with the fewest significant digits that reproduces the claim, where a step of
        1/CHANCE of its last digit either way certainly does not (else any value would do: chance)."""
        if q == 0:
            return None
        for digits in range(1, MAX_DIGITS + 1):
            s = _round(q, digits)
            if s <= 0 < q or sign(s) != 0:
                continue
            step = _unit(s, digits) / CHANCE
            if sign(s - step) in (1, -1) and sign(s + step) in (1, -1):
                return s
            return None  # the claim pins the value no better than this: more digits would only be chance
        return None


def _fraction(b: arb) -> Fraction:
    man, exp = b.mid().man_exp()
    return Fraction(int(man)) * (Fraction(2) ** int(exp))


def _unit(q: Fraction, digits: int) -> Fraction:
    """A unit of the last of ``digits`` significant digits of q (q ≠ 0)."""
    return Fraction(10) ** (_exponent(q) - digits + 1)


def _exponent(q: Fraction) -> int:
    """⌊log10 |q|⌋, exactly."""
    q = abs(q)
    e = len(str(q.numerator)) - len(str(q.denominator))
    while Fraction(10) ** e > q:
        e -= 1
    while Fraction(10) ** (e + 1) <= q:
        e += 1
    return e


def _round(q: Fraction, digits: int) -> Fraction:
    """q rounded to ``digits`` significant digits."""
    if q == 0:
        return q
    u = _unit(q, digits)
    return round(q / u) * u


def decimal_text(q: Fraction) -> str:
    """A terminating decimal as a case writes it, exactly: 2.5e-5, 0.05, 3, -1.25."""
    if q == 0:
        return "0"
    sign, q = ("-" if q < 0 else ""), abs(q)
    k = 0
    while (q * 10 ** k).denominator != 1:
        k += 1
        if k > 400:
            raise ValueError(f"{q} is not a terminating decimal")
    n = int(q * 10 ** k)
    digits = str(n).rstrip("0")
    e = _exponent(q)
    if -4 <= e <= 6:
        whole, frac = divmod(n, 10 ** k)
        return sign + str(whole) + (f".{frac:0{k}d}".rstrip("0") if frac else "")
    return sign + digits[0] + (f".{digits[1:]}" if len(digits) > 1 else "") + f"e{e}"
