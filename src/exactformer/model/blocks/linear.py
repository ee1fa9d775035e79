"""Linear: act(h·W + b), one layer of a plain network (a backpropagation example's hidden or output layer)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import kinds as K
from ..build import Alternative, BlockKind, Builder, Place, ReadContext, square
from ..kinds import Activation
from ..steps import C, P, Step, StepSpec
from ..values import Matrix, Vector
from .ffn import ACT_TEX, activation_alternatives, read_activation

STEPS = (
    StepSpec("W", (C, C), "W{sup}", "weights"),
    StepSpec("b", (C,), "b{sup}", "bias"),
    StepSpec("net", (P, C), "z", "net inputs"),
    StepSpec("", (P, C), "o", "outputs"),
)
_SPEC = {s.name: s for s in STEPS}


@dataclass(frozen=True)
class LinearCfg:
    W: tuple[Matrix, bool]
    b: Vector | None
    activation: Activation


class Linear(BlockKind):
    name = "linear"
    prefix = "lin"
    steps = STEPS
    params = ("W", "b")

    def read(self, r, table, key, ctx: ReadContext):
        r.table(table, key, {"kind", "W", "b", "activation"}, "W (b, activation)")
        if "W" not in table:
            raise r.fail("the linear block has no W", key, expected="W (and b, activation)",
                         found=", ".join(table) or "nothing")
        W = r.weight(table["W"], key + ("W",), ctx.stream, None, ctx.layout, "W")
        out = len(W[0]) if W[1] else len(W[0][0])
        b = r.vector(table["b"], key + ("b",), out, "one number per output") if "b" in table else None
        return LinearCfg(W, b, read_activation(r, table, key, "identity")), out

    def build(self, b: Builder, cfg: LinearCfg, place: Place, x: Step, outputs) -> Step:
        w = b.given(_SPEC["W"], place, cfg.W[0])
        bias = b.given(_SPEC["b"], place, cfg.b) if cfg.b is not None else None
        net = b.contract(_SPEC["net"], place, x, w, bias, transpose=cfg.W[1])
        return b.elementwise(_SPEC[""], place, K.Act(cfg.activation), (net,))

    def general_tex(self, cfg, place, model):
        return [r"z_t = h_t W" + (" + b" if cfg.b else "") + rf",\quad o_t = {ACT_TEX[cfg.activation].replace('u', 'z')}"]

    def alternatives(self, cfg: LinearCfg) -> list[Alternative]:
        out = activation_alternatives(cfg)
        if square(cfg.W):
            out.append(Alternative("convention.transposed=W", "W used transposed (h·Wᵀ)",
                                   replace(cfg, W=(cfg.W[0], not cfg.W[1]))))
        return out


KIND = Linear()
