"""How one scalar is computed from its inputs: each kind's formula and local derivative, once.

A kind is written against a backend ``M`` (``numeric.backends``), so the same two
methods give the exact value, the certified ball, the recomputation from the
document's own numbers, the formula as text and LaTeX (fed ``Ref`` nodes), and
the pattern a line of working is matched against:

    f(M, xs)            the value from the inputs xs
    d(M, k, xs, out)    ∂f/∂xs[k], for the chain rule (``out`` is f's own value)

``exactness`` says what the kind can make of rational inputs: a rational
(rational ops), an algebraic number (square roots), or a transcendental one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..exact import expr as X


class Exactness(enum.IntEnum):
    """What a quantity's exact value can be: rational ⊂ algebraic ⊂ transcendental."""

    RATIONAL = 0
    ALGEBRAIC = 1
    TRANSCENDENTAL = 2


class Activation(enum.Enum):
    RELU = "relu"
    GELU = "gelu"  # x·Φ(x) with the erf (PyTorch's default)
    GELU_TANH = "gelu_tanh"  # GPT-2's tanh approximation
    SIGMOID = "sigmoid"
    TANH = "tanh"
    IDENTITY = "identity"


class Kind:
    """One way of computing a scalar. Subclasses define ``f`` and ``d``."""

    name = "kind"
    exactness = Exactness.RATIONAL
    uses_out = False  # d() reads the output value (e^x's derivative is e^x itself)

    def f(self, M, xs: list) -> Any:
        raise NotImplementedError

    def d(self, M, k: int, xs: list, out) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<kind {self.name}>"


class _Given(Kind):
    name = "given"


class _Zero(Kind):
    """A masked cell: exactly 0."""

    name = "zero"

    def f(self, M, xs):
        return M.zero


class _Copy(Kind):
    """The same value under another name (an embedding row for a position, a head's context in concat)."""

    name = "copy"

    def f(self, M, xs):
        return xs[0]

    def d(self, M, k, xs, out):
        return M.one


class _Sum(Kind):
    name = "sum"

    def f(self, M, xs):
        return M.add(*xs)

    def d(self, M, k, xs, out):
        return M.one


@dataclass(frozen=True, eq=False)
class Dot(Kind):
    """Σ_k a_k·b_k (+ b): args a₁, b₁, a₂, b₂, …, then the bias when there is one."""

    bias: bool = False
    name = "dot"

    def f(self, M, xs):
        n = len(xs) - (1 if self.bias else 0)
        terms = [M.mul(xs[i], xs[i + 1]) for i in range(0, n, 2)]
        return M.add(*terms, xs[-1]) if self.bias else M.add(*terms)

    def d(self, M, k, xs, out):
        if self.bias and k == len(xs) - 1:
            return M.one
        return xs[k + 1] if k % 2 == 0 else xs[k - 1]


class _Mul(Kind):
    name = "mul"

    def f(self, M, xs):
        return M.mul(xs[0], xs[1])

    def d(self, M, k, xs, out):
        return xs[1 - k]


class _Div(Kind):
    name = "div"

    def f(self, M, xs):
        return M.div(xs[0], xs[1])

    def d(self, M, k, xs, out):
        if k == 0:
            return M.div(M.one, xs[1])
        return M.neg(M.div(xs[0], M.square(xs[1])))  # ∂(a/b)/∂b = −a/b²


@dataclass(frozen=True, eq=False)
class Scale(Kind):
    """c·x for a constant c (√d_model on the embeddings)."""

    c: X.Expr
    name = "scale"

    @property
    def exactness(self):  # type: ignore[override]
        return Exactness.RATIONAL if X.rational_of(self.c) is not None else Exactness.ALGEBRAIC

    def f(self, M, xs):
        return M.mul(M.value(self.c), xs[0])

    def d(self, M, k, xs, out):
        return M.value(self.c)


class _Exp(Kind):
    name = "exp"
    exactness = Exactness.TRANSCENDENTAL
    uses_out = True

    def f(self, M, xs):
        return M.exp(xs[0])

    def d(self, M, k, xs, out):
        return out


class _Log(Kind):
    """ln x (a log-probability)."""

    name = "log"
    exactness = Exactness.TRANSCENDENTAL

    def f(self, M, xs):
        return M.log(xs[0])

    def d(self, M, k, xs, out):
        return M.div(M.one, xs[0])


class _Sin(Kind):
    """sin θ: a sinusoidal encoding's even component, of its angle."""

    name = "sin"
    exactness = Exactness.TRANSCENDENTAL

    def f(self, M, xs):
        return M.sin(xs[0])

    def d(self, M, k, xs, out):
        return M.cos(xs[0])


class _Cosine(Kind):
    """cos θ: a sinusoidal encoding's odd component, of its angle."""

    name = "cosine"
    exactness = Exactness.TRANSCENDENTAL

    def f(self, M, xs):
        return M.cos(xs[0])

    def d(self, M, k, xs, out):
        return M.neg(M.sin(xs[0]))


class _ExpShift(Kind):
    """e^(x − m): the exponential of a score minus its row's maximum, as code computes softmax."""

    name = "exp_shift"
    exactness = Exactness.TRANSCENDENTAL
    uses_out = True

    def f(self, M, xs):
        return M.exp(M.sub(xs[0], xs[1]))

    def d(self, M, k, xs, out):
        return out if k == 0 else M.neg(out)


class _Max(Kind):
    name = "max"

    def f(self, M, xs):
        return M.max(list(xs))

    def d(self, M, k, xs, out):
        return M.is_max(k, list(xs))


@dataclass(frozen=True, eq=False)
class Mean(Kind):
    """(Σ x)/n."""

    name = "mean"

    def f(self, M, xs):
        return M.mul(M.const(Fraction(1, len(xs))), M.add(*xs))

    def d(self, M, k, xs, out):
        return M.const(Fraction(1, len(xs)))


@dataclass(frozen=True, eq=False)
class Var(Kind):
    """Σ (x − μ)²/D: args x₁ … x_n, μ; D = n (biased) or n − 1 (unbiased)."""

    unbiased: bool = False
    name = "var"

    def _d(self, n: int) -> Fraction:
        return Fraction(1, n - 1 if self.unbiased else n)

    def f(self, M, xs):
        mu, n = xs[-1], len(xs) - 1
        return M.mul(M.const(self._d(n)), M.add(*(M.square(M.sub(x, mu)) for x in xs[:-1])))

    def d(self, M, k, xs, out):
        mu, n = xs[-1], len(xs) - 1
        c = M.const(2 * self._d(n))
        if k < n:
            return M.mul(c, M.sub(xs[k], mu))
        return M.neg(M.mul(c, M.add(*(M.sub(x, mu) for x in xs[:-1]))))


@dataclass(frozen=True, eq=False)
class Std(Kind):
    """The LayerNorm divisor: √(var + eps) (eps at var, PyTorch) or √var + eps (eps at std)."""

    eps: X.Expr
    at_std: bool = False
    name = "std"
    exactness = Exactness.ALGEBRAIC

    def f(self, M, xs):
        if self.at_std:
            return M.add(M.sqrt(xs[0]), M.value(self.eps))
        return M.sqrt(M.add(xs[0], M.value(self.eps)))

    def d(self, M, k, xs, out):
        root = M.sqrt(xs[0]) if self.at_std else M.sqrt(M.add(xs[0], M.value(self.eps)))
        return M.div(M.one, M.mul(M.const(2), root))


class _Sub(Kind):
    """a − b (a LayerNorm lesson's differences x − μ)."""

    name = "sub"

    def f(self, M, xs):
        return M.sub(xs[0], xs[1])

    def d(self, M, k, xs, out):
        return M.one if k == 0 else M.neg(M.one)


class _Square(Kind):
    """x² (a LayerNorm lesson's squared differences)."""

    name = "square"

    def f(self, M, xs):
        return M.square(xs[0])

    def d(self, M, k, xs, out):
        return M.mul(M.const(2), xs[0])


class _SigmoidSlope(Kind):
    """σ'(z) written from the output o = σ(z): o(1 − o), the slope a backpropagation example multiplies by."""

    name = "sigmoid_slope"

    def f(self, M, xs):
        return M.mul(xs[0], M.sub(M.one, xs[0]))

    def d(self, M, k, xs, out):
        return M.sub(M.one, M.mul(M.const(2), xs[0]))  # ∂(o(1 − o))/∂o = 1 − 2o


class _NegMul(Kind):
    """−a·b (an off-diagonal entry of the softmax's Jacobian, −p_i p_j)."""

    name = "negmul"

    def f(self, M, xs):
        return M.neg(M.mul(xs[0], xs[1]))

    def d(self, M, k, xs, out):
        return M.neg(xs[1 - k])


class _Recip(Kind):
    name = "recip"

    def f(self, M, xs):
        return M.div(M.one, xs[0])

    def d(self, M, k, xs, out):
        return M.neg(M.div(M.one, M.square(xs[0])))


class _Norm(Kind):
    """(x − μ)·rstd: args x, μ, rstd."""

    name = "norm"

    def f(self, M, xs):
        return M.mul(M.sub(xs[0], xs[1]), xs[2])

    def d(self, M, k, xs, out):
        return (xs[2], M.neg(xs[2]), M.sub(xs[0], xs[1]))[k]


class _Affine(Kind):
    """γ·x̂ + β: args γ, x̂, β."""

    name = "affine"

    def f(self, M, xs):
        return M.add(M.mul(xs[0], xs[1]), xs[2])

    def d(self, M, k, xs, out):
        return (xs[1], xs[0], M.one)[k]


_GELU_C = Fraction(44715, 1000000)  # GPT-2's 0.044715
HALF = Fraction(1, 2)


@dataclass(frozen=True, eq=False)
class Act(Kind):
    """An activation function, elementwise."""

    fn: Activation
    name = "act"

    @property
    def exactness(self):  # type: ignore[override]
        return Exactness.RATIONAL if self.fn in (Activation.RELU, Activation.IDENTITY) else Exactness.TRANSCENDENTAL

    @property
    def uses_out(self):  # type: ignore[override]
        return self.fn in (Activation.SIGMOID, Activation.TANH)

    def f(self, M, xs):
        x, fn = xs[0], self.fn
        if fn is Activation.RELU:
            return M.relu(x)
        if fn is Activation.IDENTITY:
            return x
        if fn is Activation.SIGMOID:
            return M.div(M.one, M.add(M.one, M.exp(M.neg(x))))
        if fn is Activation.TANH:
            return M.tanh(x)
        half = M.const(HALF)
        if fn is Activation.GELU:  # x·(1 + erf(x/√2))/2
            return M.mul(half, x, M.add(M.one, M.erf(M.div(x, M.sqrt(M.const(2))))))
        return M.mul(half, x, M.add(M.one, M.tanh(self._tanh_arg(M, x))))

    def _tanh_arg(self, M, x):
        # √(2/π)·(x + 0.044715·x³)
        return M.mul(M.sqrt(M.div(M.const(2), M.pi())), M.add(x, M.mul(M.const(_GELU_C), x, x, x)))

    def d(self, M, k, xs, out):
        x, fn = xs[0], self.fn
        if fn is Activation.RELU:
            return M.step(x)
        if fn is Activation.IDENTITY:
            return M.one
        if fn is Activation.SIGMOID:
            return M.mul(out, M.sub(M.one, out))  # σ(1 − σ)
        if fn is Activation.TANH:
            return M.sub(M.one, M.square(out))
        half = M.const(HALF)
        if fn is Activation.GELU:  # Φ(x) + x·φ(x)
            phi = M.div(M.exp(M.neg(M.mul(half, x, x))), M.sqrt(M.mul(M.const(2), M.pi())))
            return M.add(M.mul(half, M.add(M.one, M.erf(M.div(x, M.sqrt(M.const(2)))))), M.mul(x, phi))
        t = M.tanh(self._tanh_arg(M, x))
        inner = M.mul(M.sqrt(M.div(M.const(2), M.pi())), M.add(M.one, M.mul(M.const(3 * _GELU_C), x, x)))
        return M.add(M.mul(half, M.add(M.one, t)), M.mul(half, x, M.sub(M.one, M.square(t)), inner))


@dataclass(frozen=True, eq=False)
class GeluArg(Kind):
    """The argument of GELU's tanh form, √(2/π)·(x + 0.044715·x³): the working a document writes before tanh."""

    name = "gelu_arg"
    exactness = Exactness.TRANSCENDENTAL

    def f(self, M, xs):
        return Act(Activation.GELU_TANH)._tanh_arg(M, xs[0])

    def d(self, M, k, xs, out):
        return M.mul(M.sqrt(M.div(M.const(2), M.pi())), M.add(M.one, M.mul(M.const(3 * _GELU_C), xs[0], xs[0])))


@dataclass(frozen=True, eq=False)
class CrossEntropy(Kind):
    """−log_b(p) of the target's probability."""

    base: X.Expr | None = None  # None: natural log
    name = "xent"
    exactness = Exactness.TRANSCENDENTAL

    def _lnb(self, M):
        return None if self.base is None else M.log(M.value(self.base))

    def f(self, M, xs):
        v = M.neg(M.log(xs[0]))
        lnb = self._lnb(M)
        return v if lnb is None else M.div(v, lnb)

    def d(self, M, k, xs, out):
        lnb = self._lnb(M)
        return M.neg(M.div(M.one, xs[0] if lnb is None else M.mul(xs[0], lnb)))


@dataclass(frozen=True, eq=False)
class SoftmaxXent(Kind):
    """The gradient of cross-entropy after a softmax, as documents write it: c·(p − y) (÷ ln b)."""

    y: int
    c: Fraction
    base: X.Expr | None = None
    name = "softmax_xent"
    exactness = Exactness.TRANSCENDENTAL

    def f(self, M, xs):
        g = M.sub(xs[0], M.const(self.y))
        if self.c != 1:
            g = M.mul(M.const(self.c), g)
        return g if self.base is None else M.div(g, M.log(M.value(self.base)))


@dataclass(frozen=True, eq=False)
class Stated(Kind):
    """A unit's output as the document states it, its weights stated nowhere (a figure holds them): that number,
    whatever its net input; the slope through it is the activation's at that output (σ: o(1 − o), tanh: 1 − o²),
    so the gradients that pass through it are known though the net input is not."""

    value: X.Expr
    fn: Activation
    name = "stated"
    uses_out = True

    def f(self, M, xs):
        return M.value(self.value)

    def d(self, M, k, xs, out):
        if self.fn is Activation.SIGMOID:
            return M.mul(out, M.sub(M.one, out))
        if self.fn is Activation.TANH:
            return M.sub(M.one, M.square(out))
        if self.fn is Activation.RELU:
            return M.step(out)
        if self.fn is Activation.IDENTITY:
            return M.one
        raise ArithmeticError(f"no slope of {self.fn.value} from its output alone")


@dataclass(frozen=True, eq=False)
class SquaredError(Kind):
    """c·(t − o)² against a constant target t: c = ½ (the textbook's loss), or 1 (a mean squared error's terms)."""

    target: X.Expr
    c: Fraction = HALF
    name = "sq_err"

    def f(self, M, xs):
        sq = M.square(M.sub(M.value(self.target), xs[0]))
        return M.mul(M.const(self.c), sq) if self.c != 1 else sq

    def d(self, M, k, xs, out):
        diff = M.sub(xs[0], M.value(self.target))  # o − t
        return diff if self.c == HALF else M.mul(M.const(2 * self.c), diff)


@dataclass(frozen=True, eq=False)
class BinaryXent(Kind):
    """−[t·ln o + (1 − t)·ln(1 − o)] against a constant target t (0 or 1, or a soft label between): a sigmoid
    output's binary cross-entropy. Its derivative (o − t)/(o(1 − o)) times σ′ = o(1 − o) is the p − y of the
    textbooks."""

    target: X.Expr
    name = "bce"
    exactness = Exactness.TRANSCENDENTAL

    def f(self, M, xs):
        t, o = X.rational_of(self.target), xs[0]
        if t == 1:
            return M.neg(M.log(o))
        if t == 0:
            return M.neg(M.log(M.sub(M.one, o)))
        y = M.value(self.target)
        return M.neg(M.add(M.mul(y, M.log(o)), M.mul(M.sub(M.one, y), M.log(M.sub(M.one, o)))))

    def d(self, M, k, xs, out):
        o = xs[0]
        return M.div(M.sub(o, M.value(self.target)), M.mul(o, M.sub(M.one, o)))


@dataclass(frozen=True, eq=False)
class Reduce(Kind):
    """c·Σ x: a loss's mean (c = 1/N) or sum (c = 1)."""

    c: Fraction = Fraction(1)
    name = "reduce"

    def f(self, M, xs):
        s = M.add(*xs)
        return s if self.c == 1 else M.mul(M.const(self.c), s)

    def d(self, M, k, xs, out):
        return M.const(self.c)


@dataclass(frozen=True, eq=False)
class Weighted(Kind):
    """Σ w·x for constant weights w (a given upstream gradient dy)."""

    w: tuple[X.Expr, ...]
    name = "weighted"

    def f(self, M, xs):
        return M.add(*(M.mul(M.value(w), x) for w, x in zip(self.w, xs)))

    def d(self, M, k, xs, out):
        return M.value(self.w[k])


@dataclass(frozen=True, eq=False)
class SGD(Kind):
    """p − lr·g: one step of gradient descent (args p, g)."""

    lr: X.Expr
    name = "sgd"

    def f(self, M, xs):
        return M.sub(xs[0], M.mul(M.value(self.lr), xs[1]))

    def d(self, M, k, xs, out):
        return M.one if k == 0 else M.neg(M.value(self.lr))


class _Cos(Kind):
    """Cosine similarity of two rows: args a₁ … a_n, b₁ … b_n."""

    name = "cos"
    exactness = Exactness.ALGEBRAIC

    def f(self, M, xs):
        n = len(xs) // 2
        a, b = xs[:n], xs[n:]
        dot = M.add(*(M.mul(x, y) for x, y in zip(a, b)))
        return M.div(dot, M.mul(M.sqrt(M.add(*(M.square(x) for x in a))), M.sqrt(M.add(*(M.square(y) for y in b)))))


class _CosSelf(Kind):
    """The cosine of a row with itself: exactly 1 (its args are the row, twice)."""

    name = "cos"

    def f(self, M, xs):
        return M.one


@dataclass(frozen=True, eq=False)
class Chain(Kind):
    """A gradient: Σ over the quantities c that use a, grad.c · ∂c/∂a.

    Args, per term: grad.c, c's inputs, and c itself when its derivative reads it.
    ``terms`` holds (c's kind, its arity, which of its inputs a is, whether c is included).
    """

    terms: tuple[tuple[Kind, int, int, bool], ...] = field(default=())
    name = "chain"

    def split(self, xs: list) -> list[tuple[Any, list, Any, Kind, int]]:
        """Per term: (grad.c, c's inputs, c, c's kind, position of a)."""
        out, p = [], 0
        for kind, arity, k, with_out in self.terms:
            g, ins = xs[p], list(xs[p + 1: p + 1 + arity])
            c = xs[p + 1 + arity] if with_out else None
            p += 1 + arity + (1 if with_out else 0)
            out.append((g, ins, c, kind, k))
        return out

    def f(self, M, xs):
        if not self.terms:
            return M.zero
        return M.add(*(M.mul(g, kind.d(M, k, ins, c)) for g, ins, c, kind, k in self.split(xs)))


GIVEN, ZERO, COPY, SUM, MUL, DIV = _Given(), _Zero(), _Copy(), _Sum(), _Mul(), _Div()
SUB, SQUARE, SIGMOID_SLOPE, NEG_MUL = _Sub(), _Square(), _SigmoidSlope(), _NegMul()
EXP, LOG, EXP_SHIFT, MAX, RECIP, NORM, AFFINE, COS, COS_SELF = (_Exp(), _Log(), _ExpShift(), _Max(), _Recip(),
                                                               _Norm(), _Affine(), _Cos(), _CosSelf())
SIN, COSINE = _Sin(), _Cosine()
DOT, DOT_BIAS = Dot(False), Dot(True)
