"""Fn: one function a document applies to an array it printed, row by row or cell by cell.

Tutorials print an array and then a function of it: the softmax of a row of scores (divided by √d_k or by a
temperature first), the scores with −∞ above the diagonal and then their softmax, the weights times a 0/1 mask
and then renormalised by their row sums, −ln of probabilities, e^x, the mean of log-probabilities. A case of
such a step takes the printed array as its embeddings (one row per position, ``givens = "rounded"``) and one
``fn`` block per step:

    softmax:    scaled = x / c (when a scale c is given)   exp = e^scaled   sum_i = Σ_j exp_ij   out = exp / sum
                (masked cells: no exp, out 0)
    normalize:  sum_i = Σ_j x_ij    out = x / sum
    tril:       out_ij = x_ij for j ≤ i, 0 above the diagonal (the weights times a causal 0/1 mask)
    mul:        out = x · by (cell by cell; ``by`` a stated array: a printed mask, a dropout pattern)
    scale:      out = c · x
    log, neglog, exp:   out = ln x, −ln x, e^x
    sigmoid, tanh, relu:   out = σ(x), tanh x, max(0, x) (an activation printed of a pre-activation printed)
    sum, mean:  out_i1 = Σ_j x_ij, (1/m) Σ_j x_ij (one column)
    shift:      max_i = max_j x_ij   out = x − max (the max-subtraction trick)
    gram:       out_ij = Σ_k x_ik x_jk (x·xᵀ: the scores of attention with Q = K = x, one row per position)
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import kinds as K
from ..build import BlockKind, Builder, Place, ReadContext
from ..steps import C, P, Step, StepSpec
from ..values import Matrix, Number

STEPS = (
    StepSpec("scale", (), "c", "the scale"),
    StepSpec("scaled", (P, C), r"\tilde{x}", "the array divided by the scale"),
    StepSpec("max", (P,), r"\mu", "row maximum"),
    StepSpec("exp", (P, C), r"\varepsilon", "exponentials"),
    StepSpec("sum", (P,), r"\Sigma", "row sums"),
    StepSpec("", (P, C), "y", "the function's values"),
)
_SPEC = {s.name: s for s in STEPS}
OPS = ("softmax", "normalize", "tril", "mul", "scale", "log", "neglog", "exp", "sigmoid", "tanh", "relu", "sum", "mean",
       "shift", "gram")
ACTIVATIONS = {"sigmoid": K.Activation.SIGMOID, "tanh": K.Activation.TANH, "relu": K.Activation.RELU}  # of each cell
ROWS = ("sum", "mean")  # one value per row


@dataclass(frozen=True)
class FnCfg:
    op: str  # one of OPS
    scale: Number | None = None  # softmax: the divisor; scale: the factor
    masked: frozenset[tuple[int, int]] = frozenset()  # softmax: the cells that take no part (0-based)
    by: Matrix | None = None  # mul: one row per position


class Fn(BlockKind):
    name = "fn"
    prefix = "fn"
    steps = STEPS

    def read(self, r, table, key, ctx: ReadContext):
        from ...read.toml import show

        r.table(table, key, {"kind", "op", "scale", "mask", "by"}, 'op = "softmax" (scale, mask), "normalize", '
                "\"tril\", \"mul\" (by), \"scale\" (scale), \"log\", \"neglog\", \"exp\", \"sum\", \"mean\" or \"shift\"")
        op = table.get("op")
        if op not in OPS:
            raise r.fail("unknown fn op", key + ("op",), expected=" or ".join(f'"{o}"' for o in OPS), found=show(op))
        n, d = len(ctx.positions), ctx.stream
        scale = None
        if "scale" in table:
            if op not in ("softmax", "scale"):
                raise r.fail(f"op {op!r} takes no scale", key + ("scale",), expected='op = "softmax" or "scale"')
            scale = r.number(table["scale"], key + ("scale",), symbols=False)
            if op == "softmax" and (scale.rational is not None and scale.rational <= 0):
                raise r.fail("the softmax's scale must be positive", key + ("scale",), expected="e.g. \"√2\" or 0.5",
                             found=scale.text)
        elif op == "scale":
            raise r.fail("op \"scale\" needs its factor", key, expected='scale = 2 (out = 2·x)')
        masked = _masked(r, table.get("mask"), key + ("mask",), n, d) if "mask" in table else frozenset()
        if masked and op != "softmax":
            raise r.fail(f"op {op!r} takes no mask", key + ("mask",), expected='op = "softmax"')
        if any(len([j for j in range(d) if (i, j) not in masked]) == 0 for i in range(n)):
            raise r.fail("a row with every cell masked has no softmax", key + ("mask",),
                         expected="at least one cell of each row left", found=show(table.get("mask")))
        by = None
        if op == "mul":
            if "by" not in table:
                raise r.fail("op \"mul\" needs the array it multiplies by", key, expected="by = [[…], …]")
            by = r.matrix(table["by"], key + ("by",), "one row per position")
            if len(by) != n or len(by[0]) != d:
                raise r.fail("by must have the stream's shape", key + ("by",), expected=f"{n} rows of {d}",
                             found=f"{len(by)} rows of {len(by[0])}")
        elif "by" in table:
            raise r.fail(f"op {op!r} takes no by", key + ("by",), expected='op = "mul"')
        return FnCfg(op, scale, masked, by), 1 if op in ROWS else n if op == "gram" else d

    def build(self, b: Builder, cfg: FnCfg, place: Place, x: Step, outputs) -> Step:
        n, d = x.dims
        op = cfg.op
        out_spec = _SPEC[""]
        if op == "softmax":
            if cfg.scale is not None:
                c = b.given(_SPEC["scale"], place, cfg.scale, param=False)
                x = b.elementwise(_SPEC["scaled"], place, K.DIV, (x, c))
            shown = lambda i: [j for j in range(d) if (i, j) not in cfg.masked]  # noqa: E731
            present = (lambda idx: (idx[0], idx[1]) not in cfg.masked) if cfg.masked else None
            exp = b.broadcast(_SPEC["exp"], place, (n, d), K.EXP, ((x, (0, 1)),), present=present)
            total = b.rows(_SPEC["sum"], place, exp, K.SUM, cols=shown)
            out = b.broadcast(out_spec, place, (n, d), K.DIV, ((exp, (0, 1)), (total, (0,))),
                              kind_of=(lambda idx: K.ZERO if (idx[0], idx[1]) in cfg.masked else K.DIV)
                              if cfg.masked else None)
        elif op == "normalize":
            total = b.rows(_SPEC["sum"], place, x, K.SUM)
            out = b.broadcast(out_spec, place, (n, d), K.DIV, ((x, (0, 1)), (total, (0,))))
        elif op == "tril":
            out = b.broadcast(out_spec, place, (n, d), K.COPY, ((x, (0, 1)),),
                              kind_of=lambda idx: K.ZERO if idx[1] > idx[0] else K.COPY)
        elif op == "mul":
            by = cfg.by
            assert by is not None  # constants of the step (a mask is no quantity a printed table could be)
            out = b.map(out_spec, place, (n, d), (x,), lambda idx: (K.Scale(by[idx[0]][idx[1]].value), ((0, idx),)))
        elif op == "scale":
            assert cfg.scale is not None
            out = b.elementwise(out_spec, place, K.Scale(cfg.scale.value), (x,))
        elif op in ("log", "neglog", "exp"):
            kind = {"log": K.LOG, "neglog": K.CrossEntropy(None), "exp": K.EXP}[op]
            out = b.elementwise(out_spec, place, kind, (x,))
        elif op in ACTIVATIONS:
            out = b.elementwise(out_spec, place, K.Act(ACTIVATIONS[op]), (x,))
        elif op in ROWS:
            kind = K.SUM if op == "sum" else K.Mean()
            out = b.map(out_spec, place, (n, 1), (x,), lambda idx: (kind, tuple((0, (idx[0], j)) for j in range(d))))
        elif op == "gram":
            out = b.contract(out_spec, place, x, x, transpose=True)
        else:  # shift
            mx = b.rows(_SPEC["max"], place, x, K.MAX)
            out = b.broadcast(out_spec, place, (n, d), K.SUB, ((x, (0, 1)), (mx, (0,))))
        return out

    def general_tex(self, cfg: FnCfg, place, model):
        from ...exact.latex import tex_escape

        c = tex_escape(cfg.scale.text) if cfg.scale is not None else ""
        return {
            "softmax": ([rf"\tilde{{x}}_{{ij}} = x_{{ij}} / {c}"] if c else []) +
            [r"\varepsilon_{ij} = e^{" + (r"\tilde{x}_{ij}" if c else "x_{ij}") + "}",
             r"y_{ij} = \varepsilon_{ij} / \textstyle\sum_k \varepsilon_{ik}" +
             (r"\ (\text{masked cells: } 0)" if cfg.masked else "")],
            "normalize": [r"y_{ij} = x_{ij} / \textstyle\sum_k x_{ik}"],
            "tril": [r"y_{ij} = x_{ij}\ (j \le i),\quad 0\ (j > i)"],
            "mul": [r"y_{ij} = x_{ij}\, m_{ij}"],
            "scale": [rf"y_{{ij}} = {c}\, x_{{ij}}"],
            "log": [r"y_{ij} = \ln x_{ij}"],
            "neglog": [r"y_{ij} = -\ln x_{ij}"],
            "exp": [r"y_{ij} = e^{x_{ij}}"],
            "sigmoid": [r"y_{ij} = 1 / (1 + e^{-x_{ij}})"],
            "tanh": [r"y_{ij} = \tanh x_{ij}"],
            "relu": [r"y_{ij} = \max(0, x_{ij})"],
            "sum": [r"y_i = \textstyle\sum_j x_{ij}"],
            "mean": [r"y_i = \tfrac1m \textstyle\sum_j x_{ij}"],
            "shift": [r"y_{ij} = x_{ij} - \max_k x_{ik}"],
            "gram": [r"y_{ij} = \textstyle\sum_k x_{ik}\, x_{jk}"],
        }[cfg.op]


def _masked(r, v, key: tuple, n: int, d: int) -> frozenset[tuple[int, int]]:
    """``"causal"`` (every cell above the diagonal), ``"none"``, or a list of 1-based [row, column] cells."""
    from ...read.toml import show

    if v == "none":
        return frozenset()
    if v == "causal":
        return frozenset((i, j) for i in range(n) for j in range(d) if j > i)
    expected = '"causal", "none", or the masked cells as [[row, column], …] (1-based)'
    if not isinstance(v, list) or not all(isinstance(c, list) and len(c) == 2 and all(
            isinstance(k, int) and not isinstance(k, bool) for k in c) for c in v):
        raise r.fail("unknown mask", key, expected=expected, found=show(v))
    cells = frozenset((i - 1, j - 1) for i, j in v)
    if any(not (0 <= i < n and 0 <= j < d) for i, j in cells):
        raise r.fail("a masked cell lies outside the array", key, expected=f"rows 1–{n}, columns 1–{d}", found=show(v))
    return cells

KIND = Fn()
