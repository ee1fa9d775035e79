"""Residual: the stream plus an earlier block's output (or the layer's input), cell by cell."""

from __future__ import annotations

from dataclasses import dataclass

from .. import kinds as K
from ..build import BlockKind, Builder, Place, ReadContext
from ..steps import C, P, Step, StepSpec

STEPS = (StepSpec("", (P, C), "r", "residual sum"),)


@dataclass(frozen=True)
class ResidualCfg:
    adds: str  # a block name of this layer, or "in"


class Residual(BlockKind):
    name = "residual"
    prefix = "resid"
    steps = STEPS

    def read(self, r, table, key, ctx: ReadContext):
        from ...read.toml import show

        r.table(table, key, {"kind", "adds"}, "adds = the block (or \"in\") whose output is added")
        adds = table.get("adds")
        earlier = list(ctx.block_widths)
        if not isinstance(adds, str) or adds not in ctx.block_widths:
            raise r.fail("adds must name an earlier block of this layer, or \"in\"", key + ("adds",),
                         expected=" or ".join(f'"{b}"' for b in earlier), found=show(adds))
        return ResidualCfg(adds), ctx.block_widths[adds]

    def build(self, b: Builder, cfg: ResidualCfg, place: Place, x: Step, outputs) -> Step:
        return b.elementwise(STEPS[0], place, K.SUM, (x, outputs[cfg.adds]))

    def general_tex(self, cfg, place, model):
        return [rf"r_i = h_i + \text{{{cfg.adds}}}_i"]


KIND = Residual()
