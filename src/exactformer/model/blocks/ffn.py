"""Feed-forward: act(h·W1 + b1)·W2 + b2, per position."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import kinds as K
from ..build import Alternative, BlockKind, Builder, Place, ReadContext, square
from ..kinds import Activation
from ..steps import C, P, Step, StepSpec
from ..values import Matrix, Vector

STEPS = (
    StepSpec("W1", (C, C), "W_1{sup}", "first weights"),
    StepSpec("b1", (C,), "b_1{sup}", "first bias"),
    StepSpec("W2", (C, C), "W_2{sup}", "second weights"),
    StepSpec("b2", (C,), "b_2{sup}", "second bias"),
    StepSpec("hidden", (P, C), "u", "pre-activations"),
    StepSpec("act", (P, C), "g", "activations"),
    StepSpec("gelu_arg", (P, C), "a", "GELU's tanh argument √(2/π)(u + 0.044715u³)"),
    StepSpec("gelu_tanh", (P, C), r"\tanh a", "the tanh of GELU's argument"),
    StepSpec("", (P, C), "f", "feed-forward output"),
)
_SPEC = {s.name: s for s in STEPS}
ACT_TEX = {Activation.RELU: r"\max(0, u)", Activation.GELU: r"u\,\Phi(u)",
           Activation.GELU_TANH: r"\tfrac12 u\left(1 + \tanh\left(\sqrt{2/\pi}\,(u + 0.044715\,u^3)\right)\right)",
           Activation.SIGMOID: r"1/(1 + e^{-u})", Activation.TANH: r"\tanh u", Activation.IDENTITY: "u"}


@dataclass(frozen=True)
class FFNCfg:
    W1: tuple[Matrix, bool]
    W2: tuple[Matrix, bool]
    b1: Vector | None
    b2: Vector | None
    activation: Activation


def read_activation(r, table, key, default: str | None):
    if "activation" not in table and default is None:
        raise r.fail("a feed-forward block needs its activation", key,
                     expected=", ".join(f'"{a.value}"' for a in Activation), found="none given")
    return r.choice(table.get("activation", default), key + ("activation",), Activation)


class FFN(BlockKind):
    name = "ffn"
    prefix = "ffn"
    steps = STEPS
    params = ("W1", "b1", "W2", "b2")

    def read(self, r, table, key, ctx: ReadContext):
        r.table(table, key, {"kind", "W1", "b1", "W2", "b2", "activation"}, "W1, W2, activation (b1, b2)")
        d = ctx.stream
        for name in ("W1", "W2"):
            if name not in table:
                raise r.fail(f"the feed-forward block has no {name}", key, expected="W1 and W2",
                             found=", ".join(table) or "nothing")
        W1 = r.weight(table["W1"], key + ("W1",), d, None, ctx.layout, "W1")
        hidden = len(W1[0]) if W1[1] else len(W1[0][0])
        W2 = r.weight(table["W2"], key + ("W2",), hidden, None, ctx.layout, f"W2 (rows: the hidden width {hidden})")
        out = len(W2[0]) if W2[1] else len(W2[0][0])
        b1 = r.vector(table["b1"], key + ("b1",), hidden, "one number per hidden unit") if "b1" in table else None
        b2 = r.vector(table["b2"], key + ("b2",), out, "one number per output component") if "b2" in table else None
        return FFNCfg(W1, W2, b1, b2, read_activation(r, table, key, None)), out

    def build(self, b: Builder, cfg: FFNCfg, place: Place, x: Step, outputs) -> Step:
        w1 = b.given(_SPEC["W1"], place, cfg.W1[0])
        b1 = b.given(_SPEC["b1"], place, cfg.b1) if cfg.b1 is not None else None
        w2 = b.given(_SPEC["W2"], place, cfg.W2[0])
        b2 = b.given(_SPEC["b2"], place, cfg.b2) if cfg.b2 is not None else None
        hidden = b.contract(_SPEC["hidden"], place, x, w1, b1, transpose=cfg.W1[1])
        act = b.elementwise(_SPEC["act"], place, K.Act(cfg.activation), (hidden,))
        if cfg.activation is Activation.GELU_TANH:  # the working a lesson writes: the argument, then its tanh
            arg = b.elementwise(_SPEC["gelu_arg"], place, K.GeluArg(), (hidden,), lazy=True)
            b.elementwise(_SPEC["gelu_tanh"], place, K.Act(Activation.TANH), (arg,), lazy=True)
        return b.contract(_SPEC[""], place, act, w2, b2, transpose=cfg.W2[1])

    def general_tex(self, cfg, place, model):
        return [r"u_t = h_t W_1" + (" + b_1" if cfg.b1 else "") + rf",\quad g_t = {ACT_TEX[cfg.activation]},\quad "
                r"f_t = g_t W_2" + (" + b_2" if cfg.b2 else "")]

    def alternatives(self, cfg: FFNCfg):
        out = activation_alternatives(cfg)
        for name in ("W1", "W2"):
            w = getattr(cfg, name)
            if square(w):
                flipped = replace(cfg, W1=(w[0], not w[1])) if name == "W1" else replace(cfg, W2=(w[0], not w[1]))
                out.append(Alternative(f"convention.transposed={name}", f"{name} used transposed (h·{name}ᵀ)",
                                       flipped))
        return out


def activation_alternatives(cfg) -> list[Alternative]:
    """The other GELU: erf (PyTorch's default) against GPT-2's tanh approximation."""
    swap = {Activation.GELU: Activation.GELU_TANH, Activation.GELU_TANH: Activation.GELU}
    if cfg.activation not in swap:
        return []
    other = swap[cfg.activation]
    what = "GELU with the tanh approximation" if other is Activation.GELU_TANH else "GELU with erf (exact)"
    return [Alternative(f"convention.activation={other.value}", f"{what} instead of {cfg.activation.value}",
                        replace(cfg, activation=other))]


KIND = FFN()
