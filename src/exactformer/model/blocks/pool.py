"""Pool: the stream's rows made one (a sentence vector): their mean, or the first or the last row.

A classifier after attention averages its positions' vectors and feeds that one vector to a small network
(``blocks = ["attn", "pool", "hid", "out"]``). After a pool the stream has one row, named ``mean`` (or
the position it keeps), and the blocks after it compute on that row alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import kinds as K
from ..build import BlockKind, Builder, Place, ReadContext
from ..steps import C, P, Step, StepSpec

STEPS = (StepSpec("", (P, C), r"\bar h", "pooled vector"),)
HOW = ("mean", "first", "last")


@dataclass(frozen=True)
class PoolCfg:
    how: str  # one of HOW


class Pool(BlockKind):
    name = "pool"
    prefix = "pool"
    steps = STEPS

    def read(self, r, table, key, ctx: ReadContext):
        from ...read.toml import show

        r.table(table, key, {"kind", "how"}, 'how = "mean" (or "first", "last")')
        how = table.get("how", "mean")
        if how not in HOW:
            raise r.fail("how must say which rows make the pooled vector", key + ("how",),
                         expected=" or ".join(f'"{h}"' for h in HOW), found=show(how))
        return PoolCfg(how), ctx.stream

    def build(self, b: Builder, cfg: PoolCfg, place: Place, x: Step, outputs) -> Step:
        n, d = x.dims
        labels = x.labels[0] or b.labels
        if cfg.how == "mean":
            b.labels = ("mean",)
            mean = K.Mean()
            return b.map(STEPS[0], place, (1, d), (x,), lambda idx: (mean, tuple((0, (i, idx[1])) for i in range(n))))
        row = 0 if cfg.how == "first" else n - 1
        b.labels = (labels[row],)
        return b.map(STEPS[0], place, (1, d), (x,), lambda idx: (K.COPY, ((0, (row, idx[1])),)))

    def general_tex(self, cfg: PoolCfg, place, model):
        if cfg.how == "mean":
            return [r"\bar h = \frac{1}{n} \sum_{i=1}^{n} h_i"]
        return [r"\bar h = h_1" if cfg.how == "first" else r"\bar h = h_n"]


KIND = Pool()
