"""Linear: act(h·W + b), one layer of a plain network (a backpropagation example's hidden or output layer)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...exact import expr as X
from .. import kinds as K
from ..build import Alternative, BlockKind, Builder, Place, ReadContext, square
from ..kinds import Activation
from ..steps import BACK, C, Map, P, Step, StepSpec
from ..values import Matrix, Number, Vector, exact_of
from .ffn import ACT_TEX, activation_alternatives, read_activation

STEPS = (
    StepSpec("W", (C, C), "W{sup}", "weights"),
    StepSpec("b", (C,), "b{sup}", "bias"),
    StepSpec("net", (P, C), "z", "net inputs"),
    # a sigmoid worked gate by gate, as a circuit diagram draws it (gates = true): −z, e^(−z), 1 + e^(−z), 1/that
    StepSpec("neg", (P, C), "u", "negated net inputs (u = −z)"),
    StepSpec("exp", (P, C), "v", "exponentials (v = e^u)"),
    StepSpec("one", (), "1", "one"),
    StepSpec("den", (P, C), "s", "denominators (s = 1 + v)"),
    StepSpec("", (P, C), "o", "outputs"),
    # a sigmoid's slope o(1 − o) (∂out/∂net), the factor a backpropagation example writes: never listed
    StepSpec("slope", (P, C), "o'", "sigmoid slopes o(1 − o)"),
    # each output's share of the gradient of an input, ∂L/∂net[j]·W[i][j] (δ_o1·w5 = ∂E_o1/∂out_h1), the terms
    # of the sum a backpropagation example adds for a hidden unit: read from lines of working only
    StepSpec(BACK, (P, C, C), r"\delta w", "shares of the input's gradient"),
)
_SPEC = {s.name: s for s in STEPS}


@dataclass(frozen=True)
class LinearCfg:
    W: tuple[Matrix, bool]
    b: Vector | None
    activation: Activation
    gates: bool = False  # a sigmoid as its gates: each gate's value and gradient a quantity
    stated: tuple[Number | None, ...] | None = None  # outputs the document states (their weights are symbols)


class Linear(BlockKind):
    name = "linear"
    prefix = "lin"
    steps = STEPS
    params = ("W", "b")

    def read(self, r, table, key, ctx: ReadContext):
        r.table(table, key, {"kind", "W", "b", "activation", "gates", "stated"}, "W (b, activation, gates, stated)")
        if "W" not in table:
            raise r.fail("the linear block has no W", key, expected="W (and b, activation)",
                         found=", ".join(table) or "nothing")
        W = r.weight(table["W"], key + ("W",), ctx.stream, None, ctx.layout, "W")
        out = len(W[0]) if W[1] else len(W[0][0])
        b = r.vector(table["b"], key + ("b",), out, "one number per output") if "b" in table else None
        act = read_activation(r, table, key, "identity")
        gates = table.get("gates", False)
        if not isinstance(gates, bool) or (gates and act is not Activation.SIGMOID):
            raise r.fail("gates = true works a sigmoid gate by gate", key + ("gates",),
                         expected='true (with activation = "sigmoid") or false', found=repr(gates))
        stated = _read_stated(r, table, key, out, act) if "stated" in table else None
        return LinearCfg(W, b, act, gates, stated), out

    def build(self, b: Builder, cfg: LinearCfg, place: Place, x: Step, outputs) -> Step:
        w = b.given(_SPEC["W"], place, cfg.W[0])
        bias = b.given(_SPEC["b"], place, cfg.b) if cfg.b is not None else None
        net = b.contract(_SPEC["net"], place, x, w, bias, transpose=cfg.W[1])
        if cfg.gates:  # σ(z) = 1/(1 + e^(−z)), each gate a step: its value and its gradient are quantities
            neg = b.elementwise(_SPEC["neg"], place, K.Scale(X.const(-1)), (net,))
            exp = b.elementwise(_SPEC["exp"], place, K.EXP, (neg,))
            one = b.given(_SPEC["one"], place, X.const(1), param=False)
            den = b.elementwise(_SPEC["den"], place, K.SUM, (exp, one))
            out = b.elementwise(_SPEC[""], place, K.RECIP, (den,))
        elif cfg.stated is not None:  # a unit whose weights the document states nowhere: its stated output
            plain = K.Act(cfg.activation)
            said = {j: K.Stated(exact_of(v), cfg.activation) for j, v in enumerate(cfg.stated) if v is not None}
            out = b.broadcast(_SPEC[""], place, net.dims, plain, ((net, (0, 1)),),
                              kind_of=lambda idx: said.get(idx[-1], plain))
        else:
            out = b.elementwise(_SPEC[""], place, K.Act(cfg.activation), (net,))
        if cfg.activation is Activation.SIGMOID:  # ∂out/∂net = o(1 − o), evaluated only when asked for
            b.elementwise(_SPEC["slope"], place, K.SIGMOID_SLOPE, (out,), lazy=True)
        n_in = x.dims[1]
        if b.model.loss is not None:  # (the shares of a gradient: a model with a loss only)
            b.add(place.key(BACK), _SPEC[BACK], (x.dims[0], n_in, net.dims[1]),
                  Map(lambda idx: (K.MUL, ((0, (idx[0], idx[2])), (1, (idx[2], idx[1]) if cfg.W[1] else idx[1:])))),
                  (net, w), place=place, lazy=True, grad_inputs=frozenset({0}))
        return out

    def general_tex(self, cfg, place, model):
        z = r"z_t = h_t W" + (" + b" if cfg.b else "")
        if cfg.gates:
            return [z + r",\quad o_t = \frac{1}{1 + e^{-z_t}}"]
        return [z + rf",\quad o_t = {ACT_TEX[cfg.activation].replace('u', 'z')}"]

    def alternatives(self, cfg: LinearCfg) -> list[Alternative]:
        out = activation_alternatives(cfg)
        if square(cfg.W):
            out.append(Alternative("convention.transposed=W", "W used transposed (h·Wᵀ)",
                                   replace(cfg, W=(cfg.W[0], not cfg.W[1]))))
        return out


def _read_stated(r, table, key, out: int, act: Activation) -> tuple[Number | None, ...]:
    """``stated = ["", "0.7729"]``: per output, the value the document states for it ("" where it is computed)."""
    raw = table["stated"]
    if not isinstance(raw, list) or len(raw) != out or not all(isinstance(v, str) for v in raw) or act not in (
            Activation.SIGMOID, Activation.TANH, Activation.RELU, Activation.IDENTITY):
        raise r.fail("stated gives each output's stated value, or \"\" where it is computed", key + ("stated",),
                     expected=f"{out} strings (with a sigmoid, tanh, ReLU or no activation)", found=repr(raw))
    return tuple(r.number(v, key + ("stated", k)) if v else None for k, v in enumerate(raw))


KIND = Linear()
