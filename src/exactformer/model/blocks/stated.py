"""Stated: a sublayer's output that the document gives as numbers without showing how it was made
(``Attention(X) = […]`` before a residual and a LayerNorm). Its value is the block's output; its input is
not used. It lets an Add & Norm lesson be a case: ``blocks = ["sub", "resid", "ln"]``."""

from __future__ import annotations

from dataclasses import dataclass

from ..build import BlockKind, Builder, Place, ReadContext
from ..steps import C, P, Step, StepSpec
from ..values import Matrix

STEPS = (StepSpec("", (P, C), "s", "stated sublayer output"),)


@dataclass(frozen=True)
class StatedCfg:
    value: Matrix  # one row per position


class Stated(BlockKind):
    name = "stated"
    prefix = "sub"
    steps = STEPS

    def read(self, r, table, key, ctx: ReadContext):
        r.table(table, key, {"kind", "value"}, "value = one row per position")
        if "value" not in table:
            raise r.fail("a stated block needs its value", key, expected="value = [[…], …] (one row per position)",
                         found=", ".join(table) or "nothing")
        m = r.matrix(table["value"], key + ("value",), "one row per position")
        if len(m) != len(ctx.positions):
            raise r.fail(f"the stated value has {len(m)} rows", key + ("value",),
                         expected=f"one row per position ({len(ctx.positions)})", found=f"{len(m)} rows")
        return StatedCfg(m), len(m[0])

    def build(self, b: Builder, cfg: StatedCfg, place: Place, x: Step, outputs) -> Step:
        return b.given(STEPS[0], place, cfg.value, param=True, sub="")

    def general_tex(self, cfg, place, model):
        return [r"s_i \text{ as stated}"]


KIND = Stated()
