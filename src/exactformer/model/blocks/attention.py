"""Attention: heads of scaled dot-product attention, their concatenation, and the output projection.

Per head (row vectors, as the seed writes them):

    Q = x·W^Q + b^Q      K = x·W^K + b^K      V = x·W^V + b^V      # (n, d_k), (n, d_k), (n, d_v)
    scores = Q·Kᵀ        scaled = scores / √d_k                    # (n, n)
    exp = e^scaled       expsum_i = Σ_j exp_ij   weights = exp / expsum   (masked cells: weight 0, no exp)
    weighted_v_ij = weights_ij · v_j            context_i = Σ_j weighted_v_ij      # (n, d_v)

Q, K and V may be given directly (no embeddings), or some of them with the others computed from the
embeddings by their weights (a post that states W^Q and assumes K and V). A head's ``weights`` may be stated
too (rows keyed by token): the weights the document types in instead of the softmax ("for readability"),
which the weighted values and the context then use; the scores are still computed, the softmax is not.

then ``concat`` (head 1 first) and ``attn = concat·W^O + b^O``. With several heads, ``avg_weights_ij =
(1/H) Σ_h weights^(h)_ij`` is the weights averaged over the heads, as ``nn.MultiheadAttention`` returns them (a
result of its own: nothing later uses it). With ``softmax =
"max_shifted"`` the exponentials are of ``scaled − max_j scaled``, as code computes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from flint import arb, arb_mat

from ...exact import expr as X
from .. import kinds as K
from ..build import Alternative, BlockKind, Builder, Place, ReadContext, square
from ..steps import C, Op, P, Step, StepSpec, accumulate
from ..values import PAD_TOKEN, Mask, Matrix, Number, Scale, ScaleKind, Softmax, SoftmaxOver, Vector

STEPS = (
    StepSpec("Wq", (C, C), "W^{Q{sup}}", "query weights"),
    StepSpec("Wk", (C, C), "W^{K{sup}}", "key weights"),
    StepSpec("Wv", (C, C), "W^{V{sup}}", "value weights"),
    StepSpec("bq", (C,), "b^{Q{sup}}", "query bias"),
    StepSpec("bk", (C,), "b^{K{sup}}", "key bias"),
    StepSpec("bv", (C,), "b^{V{sup}}", "value bias"),
    StepSpec("Q", (P, C), "q", "queries"),
    StepSpec("K", (P, C), "k", "keys"),
    StepSpec("V", (P, C), "v", "values"),
    StepSpec("sqrt_dk", (), r"\sqrt{d_k}{sup}", "scale divisor"),
    StepSpec("scores", (P, P), "s", "scores q·k"),
    StepSpec("scaled", (P, P), r"\tilde{s}", "scaled scores"),
    StepSpec("max", (P,), r"\mu", "row maximum"),
    StepSpec("exp", (P, P), r"\varepsilon", "exponentials"),
    StepSpec("expsum", (P,), r"\Sigma", "sums of exponentials"),
    StepSpec("weights", (P, P), r"\alpha", "attention weights"),
    StepSpec("weighted_v", (P, P, C), r"(\alpha v)", "weighted values"),
    StepSpec("context", (P, C), "c", "context vectors"),
    StepSpec("avg_weights", (P, P), r"\bar{\alpha}", "attention weights averaged over the heads"),
    StepSpec("concat", (P, C), r"\hat{c}", "heads side by side"),
    StepSpec("Wo", (C, C), "W^{O{sup}}", "output projection"),
    StepSpec("bo", (C,), "b^{O{sup}}", "output bias"),
    StepSpec("", (P, C), "a", "attention output"),
)
_SPEC = {s.name: s for s in STEPS}


@dataclass(frozen=True)
class HeadCfg:
    """One head: its weights as written (matrix, written out×in?) and biases, or Q/K/V given directly (with
    both, each of Q, K, V is one or the other: its weight None where it is given, its rows None where computed), or
    its scores given directly (with V, perhaps, and the d_k they were computed with, when stated); its attention
    weights may be stated (typed in instead of the softmax)."""

    W: tuple[tuple[Matrix, bool] | None, ...] = ()  # q, k, v
    b: tuple[Vector | None, ...] = (None, None, None)
    direct: tuple[Matrix | None, ...] = ()  # Q, K, V rows by position
    scores: Matrix | None = None  # q·k by query and key position, as a program printed them
    values: Matrix | None = None  # V beside given scores
    dk: int | None = None  # the width of the queries the given scores came from (d_k), when stated
    weights: Matrix | None = None  # the weights as stated (instead of the softmax), rows by position

    def given(self, which: int) -> Matrix | None:
        """Q, K or V (0, 1, 2) as given directly, or None when its weight computes it."""
        return self.direct[which] if self.direct else None

    def weight(self, which: int) -> tuple[Matrix, bool] | None:
        """W_Q, W_K or W_V (0, 1, 2) as read, or None when Q, K or V is given directly."""
        return self.W[which] if self.W and self.given(which) is None else None

    def width(self, which: int) -> int | None:
        if self.scores is not None:
            return (len(self.values[0]) if self.values is not None else None) if which == 2 else self.dk
        rows = self.given(which)
        if rows is not None:
            return len(rows[0])
        m, t = self.W[which]  # type: ignore[misc]
        return len(m) if t else len(m[0])


@dataclass(frozen=True)
class AttentionCfg:
    heads: tuple[HeadCfg, ...]
    Wo: tuple[Matrix, bool] | None = None
    bo: Vector | None = None
    scale: Scale = Scale()
    mask: Mask = Mask.NONE
    softmax: Softmax = Softmax.PLAIN
    padded: frozenset[int] = frozenset()  # the padding positions a padding mask hides from every query
    kt_q: bool = False  # an alternative only: scores computed as K·Qᵀ (the other axis)
    softmax_cols: bool = False  # an alternative only: each column of exp normalised instead of each row
    softmax_all: bool = False  # the whole matrix normalised at once (one sum, one max): code summing with no axis

    @property
    def d_k(self) -> int | None:
        return self.heads[0].width(0)

    @property
    def d_v(self) -> int | None:
        return self.heads[0].width(2)

    @property
    def d_model(self) -> int | None:
        """The width of the block's input, read from W_Q (or the first weight given; None for Q, K, V or the scores
        given directly)."""
        w = next((w for k in range(3) if (w := self.heads[0].weight(k)) is not None), None)
        if w is None or self.heads[0].scores is not None:
            return None
        m, t = w
        return len(m[0]) if t else len(m)


def masked(cfg: AttentionCfg, i: int, j: int) -> bool:
    """Whether query i may not look at key j: a later key (causal), itself (no_self), a padding token (padding)."""
    return (cfg.mask is Mask.CAUSAL and j > i) or (cfg.mask is Mask.NO_SELF and j == i) or \
        (cfg.mask is Mask.PADDING and j in cfg.padded)


DIRECT = ("Q", "K", "V", "scores")  # what a first layer may give directly, instead of embeddings and weights
KEYS = {"kind", "heads", "Wq", "Wk", "Wv", "Wq_all", "Wk_all", "Wv_all", "bq", "bk", "bv", "bq_all", "bk_all",
        "bv_all", "Wo", "bo", "scale", "mask", "Q", "K", "V", "scores", "d_k", "weights"}


def read_scale(r, v, key: tuple) -> Scale:
    if v in ("sqrt_dk", "none"):
        return Scale(ScaleKind(v))
    from ...errors import CaseError

    expected = '"sqrt_dk", "none" or a positive number'
    try:
        n = r.number(v, key, symbols=False)
    except CaseError:
        raise r.fail("unknown scale", key, expected=expected, found=_show(v)) from None
    if n.rational is not None and n.rational <= 0:
        raise r.fail("the scale must be positive", key, expected=expected, found=n.text)
    return Scale(ScaleKind.NUMBER, n)


def _show(v) -> str:
    from ...read.toml import show

    return show(v)


class Attention(BlockKind):
    name = "attention"
    prefix = "attn"
    steps = STEPS
    params = ("Wq", "Wk", "Wv", "bq", "bk", "bv", "Wo", "bo")

    # ---- reading --------------------------------------------------------------------------
    def read(self, r, table, key, ctx: ReadContext):
        r.table(table, key, KEYS, "an attention block's weights")
        if "scores" in table:
            return self._read_scores(r, table, key, ctx)
        if "weights" in table:
            cfg, width = self.read(r, {k: v for k, v in table.items() if k != "weights"}, key, ctx)
            if len(cfg.heads) != 1:
                raise r.fail("weights can be stated for one head only", key + ("weights",),
                             expected="an attention block of one head", found=f"{len(cfg.heads)} heads")
            rows = self._rows(r, table, key, "weights", ctx)
            if any(len(row) != len(rows) for row in rows):
                raise r.fail("stated weights must have a column per position", key + ("weights",),
                             expected=f"{len(rows)} numbers a row", found=f"{len(rows[0])}")
            return replace(cfg, heads=(replace(cfg.heads[0], weights=rows),)), width
        if any(k in table for k in "QKV") and any(f"W{w}" in table for w in "qkv"):
            return self._read_mixed(r, table, key, ctx)
        if any(k in table for k in "QKV"):
            return self._read_direct(r, table, key, ctx)
        d_in = ctx.stream
        H = r.integer(table.get("heads", 1), key + ("heads",), 1, "the number of heads, e.g. heads = 2")
        per: list[list] = [[None] * 3 for _ in range(H)]
        for w, which in (("q", 0), ("k", 1), ("v", 2)):
            mats = self._weights(r, table, key, f"W{w}", H, d_in, ctx)
            for h in range(H):
                per[h][which] = mats[h]
        biases: list[list[Vector | None]] = [[None] * 3 for _ in range(H)]
        for w, which in (("q", 0), ("k", 1), ("v", 2)):
            widths = [len(m) if t else len(m[0]) for m, t in (per[h][which] for h in range(H))]
            vecs = self._biases(r, table, key, f"b{w}", H, widths)
            for h in range(H):
                biases[h][which] = vecs[h]
        heads = tuple(HeadCfg(W=tuple(per[h]), b=tuple(biases[h])) for h in range(H))
        for h, hc in enumerate(heads):
            if hc.width(0) != hc.width(1):
                raise r.fail(f"head {h + 1}: Wq and Wk must have the same number of columns (d_k)", key + ("Wk",),
                             expected=f"{hc.width(0)} columns (d_k of Wq)", found=f"{hc.width(1)} columns")
            if (hc.width(0), hc.width(2)) != (heads[0].width(0), heads[0].width(2)):
                raise r.fail("heads of different shapes", key, expected=f"every head with d_k = {heads[0].width(0)}, "
                             f"d_v = {heads[0].width(2)} (as head 1)",
                             found=f"head {h + 1}: d_k = {hc.width(0)}, d_v = {hc.width(2)}")
        concat_width = H * heads[0].width(2)
        Wo = bo = None
        out_width = concat_width
        if "Wo" in table:
            Wo = r.weight(table["Wo"], key + ("Wo",), concat_width, None, ctx.layout,
                          f"Wo (rows: heads·d_v = {len(heads)}·{heads[0].width(2)})")
            out_width = len(Wo[0]) if Wo[1] else len(Wo[0][0])
        if "bo" in table:
            if Wo is None:
                raise r.fail("bo without Wo", key + ("bo",), expected="an output projection Wo with its bias bo")
            bo = r.vector(table["bo"], key + ("bo",), out_width, "one number per output component")
        return self._cfg(heads, r, table, key, ctx, Wo, bo), out_width

    def _conventions(self, r, table, key, ctx: ReadContext):
        scale = read_scale(r, table["scale"], key + ("scale",)) if "scale" in table else ctx.scale
        mask = r.choice(table["mask"], key + ("mask",), Mask) if "mask" in table else ctx.mask
        padded = frozenset(p.index for p in ctx.positions if PAD_TOKEN.fullmatch(p.token)) \
            if mask is Mask.PADDING else frozenset()
        if mask is Mask.PADDING and (not padded or len(padded) == len(ctx.positions)):
            raise r.fail("a padding mask needs padding tokens and others", key + ("mask",) if "mask" in table else
                         ("model", "mask"), expected="tokens such as <pad> or [PAD] among real ones",
                         found=", ".join(p.token for p in ctx.positions))
        return scale, mask, ctx.softmax, padded

    def _weights(self, r, table, key, name, H, d_in, ctx):
        if f"{name}_all" in table:
            if name in table:
                raise r.fail(f"give {name} or {name}_all, not both", key + (f"{name}_all",))
            m, t = r.weight(table[f"{name}_all"], key + (f"{name}_all",), d_in, None, ctx.layout, f"{name}_all")
            total = len(m) if t else len(m[0])
            if total % H:
                raise r.fail(f"{name}_all cannot be split into {H} heads", key + (f"{name}_all",),
                             expected=f"a number of columns divisible by heads = {H}", found=f"{total} columns")
            w = total // H
            if t:  # out×in: heads are contiguous row blocks
                return [(m[h * w:(h + 1) * w], True) for h in range(H)]
            return [(tuple(row[h * w:(h + 1) * w] for row in m), False) for h in range(H)]
        if name not in table:
            raise r.fail(f"the attention block has no {name}", key,
                         expected=f"Wq, Wk and Wv (or {name}_all for all heads at once)",
                         found=", ".join(table) or "nothing")
        v = table[name]
        if H == 1:
            return [r.weight(v, key + (name,), d_in, None, ctx.layout, name)]
        if not (isinstance(v, list) and v and isinstance(v[0], list) and v[0] and isinstance(v[0][0], list)):
            raise r.fail(f"{name} must give one matrix per head", key + (name,),
                         expected=f"a list of {H} matrices, or {name}_all split into heads by columns", found=_show(v))
        if len(v) != H:
            raise r.fail(f"{name} gives {len(v)} matrices", key + (name,), expected=f"{H} (one per head)")
        return [r.weight(m, key + (name, h), d_in, None, ctx.layout, f"{name} of head {h + 1}")
                for h, m in enumerate(v)]

    def _biases(self, r, table, key, name, H, widths):
        if f"{name}_all" in table:
            vec = r.vector(table[f"{name}_all"], key + (f"{name}_all",), sum(widths), "the heads' biases side by side")
            out, p = [], 0
            for w in widths:
                out.append(vec[p:p + w])
                p += w
            return out
        if name not in table:
            return [None] * H
        v = table[name]
        if H == 1:
            return [r.vector(v, key + (name,), widths[0], "one number per column")]
        if not (isinstance(v, list) and len(v) == H and all(isinstance(x, list) for x in v)):
            raise r.fail(f"{name} must give one vector per head", key + (name,), expected=f"a list of {H} vectors",
                         found=_show(v))
        return [r.vector(x, key + (name, h), widths[h], "one number per column") for h, x in enumerate(v)]

    def _read_direct(self, r, table, key, ctx: ReadContext):
        if not ctx.direct_allowed:
            raise r.fail("Q, K, V can be given directly only in the first layer of a case without embeddings",
                         key + ("Q",), hint="give embeddings and Wq/Wk/Wv, or put Q/K/V in a first layer of one block")
        extra = [k for k in table if k not in ("Q", "K", "V", "scale", "mask", "kind", "weights")]
        if extra:
            raise r.fail(f"{extra[0]!r} does not go with Q/K/V given directly", key + (extra[0],),
                         expected="Q, K and V tables (and scale, mask)")
        mats = [self._rows(r, table, key, name, ctx) for name in "QKV"]
        if len(mats[0][0]) != len(mats[1][0]):
            raise r.fail("Q and K must have the same width d_k", key + ("K",), expected=f"{len(mats[0][0])} columns",
                         found=f"{len(mats[1][0])}")
        return self._cfg((HeadCfg(direct=tuple(mats)),), r, table, key, ctx), len(mats[2][0])

    def _cfg(self, heads: tuple[HeadCfg, ...], r, table, key, ctx: ReadContext, Wo=None, bo=None) -> AttentionCfg:
        scale, mask, softmax, padded = self._conventions(r, table, key, ctx)
        return AttentionCfg(heads, Wo, bo, scale, mask, softmax, padded,
                            softmax_all=ctx.softmax_over is SoftmaxOver.ALL)

    def _rows(self, r, table, key, name: str, ctx: ReadContext, width: int | None = None) -> Matrix:
        """A table of rows keyed by token, a row for every position, each ``width`` long (when given)."""
        labels = [p.label for p in ctx.positions]
        t = table.get(name)
        if not isinstance(t, dict):
            raise r.fail(f"{name} must be a table of rows keyed by token", key + (name,),
                         expected=f'{name} = {{ "{labels[0]}" = [..], ... }}', found=_show(t))
        for lab in t:
            if lab not in labels:
                raise r.fail(f"unknown token {lab!r} in {name}", key + (name, lab),
                             expected=f"one of: {', '.join(labels)}", found=_show(lab))
        rows = []
        for lab in labels:
            if lab not in t:
                raise r.fail(f"{name} has no row for {lab!r}", key + (name,), expected="a row for every position",
                             found=f"rows for {', '.join(t)}")
            row = r.vector(t[lab], key + (name, lab), width)
            width = len(row)
            rows.append(row)
        return tuple(rows)

    def _read_scores(self, r, table, key, ctx: ReadContext):
        """The scores given directly (a notebook printed Q·Kᵀ, then its softmax), a row per query position and a
        column per key position; V beside them when given (else the block's output is the weights); d_k when
        stated (the scale √d_k needs it; else the scale is a number or none)."""
        if not ctx.direct_allowed:
            raise r.fail("the scores can be given directly only in the first layer of a case without embeddings",
                         key + ("scores",), hint="put the scores in a first layer of one block")
        extra = [k for k in table if k not in ("scores", "V", "d_k", "scale", "mask", "kind")]
        if extra:
            raise r.fail(f"{extra[0]!r} does not go with the scores given directly", key + (extra[0],),
                         expected="a scores table (and V, d_k, scale, mask)")
        n = len(ctx.positions)
        scores = self._rows(r, table, key, "scores", ctx, n)
        values = self._rows(r, table, key, "V", ctx) if "V" in table else None
        dk = r.integer(table["d_k"], key + ("d_k",), 1, "the width of the queries, e.g. d_k = 64") \
            if "d_k" in table else None
        cfg = self._cfg((HeadCfg(scores=scores, values=values, dk=dk),), r, table, key, ctx)
        if cfg.scale.kind is ScaleKind.SQRT_DK and dk is None:
            raise r.fail("the scale √d_k needs d_k beside the scores given directly", key + ("scale",),
                         expected='d_k = 64, or scale = "none" or a number', hint="say d_k, or the divisor itself")
        return cfg, len(values[0]) if values is not None else n

    def _read_mixed(self, r, table, key, ctx: ReadContext):
        """Some of Q, K, V given directly, the others computed from the embeddings by their weights (one head)."""
        if ctx.layer != 1 or not ctx.stream:
            raise r.fail("Q, K or V can be given beside weights only in the first layer of a case with embeddings",
                         key, hint="give the embeddings, and Wq or Q, Wk or K, Wv or V")
        extra = [k for k in table if k in ("heads", "Wo", "bo") or k.endswith("_all")]
        if extra:
            raise r.fail(f"{extra[0]!r} does not go with Q, K or V given directly", key + (extra[0],),
                         expected="Wq or Q, Wk or K, Wv or V (with bq, bk, bv), and scale, mask")
        direct: list[Matrix | None] = []
        weights: list[tuple[Matrix, bool] | None] = []
        biases: list[Vector | None] = []
        for name, w in (("Q", "Wq"), ("K", "Wk"), ("V", "Wv")):
            b = "b" + w[1]
            if (name in table) == (w in table):
                raise r.fail(f"give {name} or {w}", key + (name if name in table else w,),
                             expected=f"{name} given directly or computed by {w}, one of them",
                             found="both" if name in table else "neither")
            if name in table and b in table:
                raise r.fail(f"{b} does not go with {name} given directly", key + (b,))
            direct.append(self._rows(r, table, key, name, ctx) if name in table else None)
            m = r.weight(table[w], key + (w,), ctx.stream, None, ctx.layout, w) if w in table else None
            weights.append(m)
            width = None if m is None else len(m[0]) if m[1] else len(m[0][0])
            biases.append(r.vector(table[b], key + (b,), width, "one number per column") if b in table else None)
        hc = HeadCfg(W=tuple(weights), b=tuple(biases), direct=tuple(direct))
        if hc.width(0) != hc.width(1):
            raise r.fail("Q and K must have the same width d_k", key + ("K" if "K" in table else "Wk",),
                         expected=f"{hc.width(0)} columns", found=f"{hc.width(1)}")
        return self._cfg((hc,), r, table, key, ctx), hc.width(2)

    # ---- building ---------------------------------------------------------------------------
    def build(self, b: Builder, cfg: AttentionCfg, place: Place, x: Step, outputs) -> Step:
        contexts = [self._head(b, cfg, place, x, h + 1, hc) for h, hc in enumerate(cfg.heads)]
        if len(contexts) == 1:
            concat = contexts[0]
            b.alias(place.key("concat"), concat)
        else:
            dv = cfg.d_v
            assert dv is not None  # (several heads: each with its V)

            def fn(idx):
                t, m = idx
                return K.COPY, ((m // dv, (t, m % dv)),)

            concat = b.map(_SPEC["concat"], place, (x.dims[0], dv * len(contexts)), tuple(contexts), fn)
            heads = tuple(b.steps[place.key("weights", h + 1)] for h in range(len(contexts)))
            mean = K.Mean()
            b.map(_SPEC["avg_weights"], place, heads[0].dims, heads,
                  lambda idx: (mean, tuple((h, idx) for h in range(len(heads)))), lazy=True)
        if cfg.Wo is None:
            b.alias(place.key(""), concat)
            return concat
        wo = b.given(_SPEC["Wo"], place, cfg.Wo[0])
        bo = b.given(_SPEC["bo"], place, cfg.bo) if cfg.bo is not None else None
        return b.contract(_SPEC[""], place, concat, wo, bo, transpose=cfg.Wo[1])

    def _head(self, b: Builder, cfg: AttentionCfg, place: Place, x: Step, h: int, hc: HeadCfg) -> Step:
        n = len(b.labels)
        v: Step | None
        if hc.scores is not None:  # the scores as a program printed them: no Q, no K
            scores = b.given(_SPEC["scores"], place, hc.scores, head=h, param=False)
            v = b.given(_SPEC["V"], place, hc.values, head=h, param=False) if hc.values is not None else None
            dk = hc.dk
        else:
            qkv = []
            for which, name in enumerate("QKV"):
                rows, weight = hc.given(which), hc.weight(which)
                if rows is not None or weight is None:
                    qkv.append(b.given(_SPEC[name], place, rows, head=h, param=False))
                    continue
                w = b.given(_SPEC["W" + name.lower()], place, weight[0], head=h)
                bias = hc.b[which]
                bs = b.given(_SPEC["b" + name.lower()], place, bias, head=h) if bias is not None else None
                qkv.append(b.contract(_SPEC[name], place, x, w, bs, transpose=weight[1], head=h))
            q, k, v = qkv
            dk = q.dims[1]
        divisor = {ScaleKind.SQRT_DK: X.sqrt(X.const(dk)) if dk is not None else None,
                   ScaleKind.NONE: X.ONE}.get(cfg.scale.kind)
        sqrt_dk = b.given(_SPEC["sqrt_dk"], place, cfg.scale.number if divisor is None else divisor, head=h,
                          param=False)
        if hc.scores is None:
            first, second = (k, q) if cfg.kt_q else (q, k)
            scores = b.contract(_SPEC["scores"], place, first, second, transpose=True, head=h)
        scaled = b.elementwise(_SPEC["scaled"], place, K.DIV, (scores, sqrt_dk), head=h)
        shown = lambda i: [j for j in range(n) if not masked(cfg, i, j)]  # noqa: E731
        if hc.weights is not None:  # the weights as the document types them in: no softmax
            weights = b.given(_SPEC["weights"], place, hc.weights, head=h, param=False)
        else:
            weights = self._softmax(b, cfg, place, scaled, n, h)
        if v is None:  # scores given without V: the weights are what the block gives
            return weights
        dv = v.dims[1]
        wv = b.broadcast(_SPEC["weighted_v"], place, (n, n, dv), K.MUL, ((weights, (0, 1)), (v, (1, 2))), head=h,
                         lazy=True, kind_of=None if cfg.mask is Mask.NONE else
                         (lambda idx: K.ZERO if masked(cfg, idx[0], idx[1]) else K.MUL))
        ctx = b.map(_SPEC["context"], place, (n, dv), (weights, v, wv), None, head=h,
                    op=WeightedSum(tuple(shown(i) for i in range(n))))
        return ctx

    def _softmax(self, b: Builder, cfg: AttentionCfg, place: Place, scaled: Step, n: int, h: int) -> Step:
        """exp, their sums and the weights of one head (the masked cells: no exp, weight 0)."""
        shown = lambda i: [j for j in range(n) if not masked(cfg, i, j)]  # noqa: E731
        present = lambda idx: not masked(cfg, idx[0], idx[1])  # noqa: E731
        every = tuple((0, (i, j)) for i in range(n) for j in shown(i))  # the whole matrix's unmasked cells
        if cfg.softmax is Softmax.MAX_SHIFTED and cfg.softmax_all:  # one max over the whole matrix, each row's
            mx = b.map(_SPEC["max"], place, (n,), (scaled,), lambda idx: (K.MAX, every), head=h)
            exp = b.broadcast(_SPEC["exp"], place, (n, n), K.EXP_SHIFT, ((scaled, (0, 1)), (mx, (0,))),
                              present=present, head=h)
        elif cfg.softmax is Softmax.MAX_SHIFTED:
            mx = b.rows(_SPEC["max"], place, scaled, K.MAX, cols=shown, head=h)
            exp = b.broadcast(_SPEC["exp"], place, (n, n), K.EXP_SHIFT, ((scaled, (0, 1)), (mx, (0,))),
                              present=present, head=h)
        else:
            exp = b.broadcast(_SPEC["exp"], place, (n, n), K.EXP, ((scaled, (0, 1)),), present=present, head=h)
        if cfg.softmax_all:  # one sum over the whole matrix, each row's
            expsum = b.map(_SPEC["expsum"], place, (n,), (exp,), lambda idx: (K.SUM, every), head=h)
        elif cfg.softmax_cols:
            column = lambda j: [i for i in range(n) if not masked(cfg, i, j)]  # noqa: E731
            expsum = b.map(_SPEC["expsum"], place, (n,), (exp,),
                           lambda idx: (K.SUM, tuple((0, (i, idx[0])) for i in column(idx[0]))), head=h)
        else:
            expsum = b.rows(_SPEC["expsum"], place, exp, K.SUM, cols=shown, head=h)
        return b.broadcast(_SPEC["weights"], place, (n, n), K.DIV,
                           ((exp, (0, 1)), (expsum, (1,) if cfg.softmax_cols else (0,))), head=h,
                           kind_of=None if cfg.mask is Mask.NONE else
                           (lambda idx: K.ZERO if masked(cfg, *idx) else K.DIV))

    # ---- printing -----------------------------------------------------------------------------
    def general_tex(self, cfg: AttentionCfg, place: Place, model) -> list[str]:
        js = {Mask.CAUSAL: r"j \le i", Mask.NO_SELF: r"j \ne i", Mask.PADDING: r"j \notin \mathrm{pad}"}.get(cfg.mask, "j")
        divisor = {ScaleKind.SQRT_DK: r"\sqrt{d_k}", ScaleKind.NONE: "1"}.get(cfg.scale.kind)
        if divisor is None:
            from ...exact.latex import tex_escape

            divisor = tex_escape(cfg.scale.number.text)  # type: ignore[union-attr]
        x = "x_i" if place.layer <= 1 else r"h^{(" + str(place.layer - 1) + ")}_i"
        H = len(cfg.heads)
        hs = "^{(h)}" if H > 1 else ""
        lines = []
        if not cfg.heads[0].direct and cfg.heads[0].scores is None:
            bias = any(b is not None for b in cfg.heads[0].b)
            lines.append(rf"q{hs}_i = {x} W^{{Q{hs[1:-1] if H > 1 else ''}}}" + (r" + b^Q" if bias else "") +
                         rf",\quad k{hs}_i = {x} W^{{K}},\quad v{hs}_i = {x} W^{{V}}")
        elif any(w is not None for w in cfg.heads[0].W):  # some given directly, the others by their weights
            lines.append(r",\quad ".join(rf"{n.lower()}_i = {x} W^{{{n}}}" for k, n in enumerate("QKV")
                                         if cfg.heads[0].weight(k) is not None) + r"\ \text{(the others given)}")
        lines += [
            r"s_{ij}\ \text{(given)}" if cfg.heads[0].scores is not None else
            r"s_{ij} = q_i \cdot k_j = \textstyle\sum_m q_{i,m} k_{j,m}",
            rf"\tilde{{s}}_{{ij}} = s_{{ij}} / {divisor}" if divisor != "1" else
            r"\tilde{s}_{ij} = s_{ij}\ \text{(no scaling)}",
        ]
        over = "k," if cfg.softmax_all else ""  # the whole matrix at once: every row's sum (and max) the same
        sub = "kj" if cfg.softmax_all else "ij"
        if cfg.heads[0].weights is not None:
            lines.append(r"\alpha_{ij}\ \text{as the document states them (no softmax)}")
        elif cfg.softmax is Softmax.MAX_SHIFTED:
            lines.append(rf"\mu_i = \max_{{{over}{js}}} \tilde{{s}}_{{{sub}}},\quad \varepsilon_{{ij}} = "
                         r"e^{\tilde{s}_{ij} - \mu_i}")
        else:
            lines.append(r"\varepsilon_{ij} = e^{\tilde{s}_{ij}}")
        lines += [
            rf"\Sigma_i = \textstyle\sum_{{{over}{js}}} \varepsilon_{{{sub}}},\quad \alpha_{{ij}} = \varepsilon_{{ij}} / \Sigma_i"
            + {Mask.CAUSAL: r"\ (\alpha_{ij} = 0 \text{ for } j > i)",
               Mask.NO_SELF: r"\ (\alpha_{ii} = 0)"}.get(cfg.mask, ""),
        ] if cfg.heads[0].weights is None else []
        if cfg.d_v is not None:
            lines.append(rf"(\alpha v)_{{ij}} = \alpha_{{ij}}\, v_j,\quad c_i = \textstyle\sum_{{{js}}} \alpha_{{ij}}\, v_j")
        if H > 1:
            lines.append(r"\hat{c}_i = [c^{(1)}_i, \ldots, c^{(" + str(H) + r")}_i]")
        if cfg.Wo is not None:
            lines.append(r"a_i = \hat{c}_i W^O" + (" + b^O" if cfg.bo is not None else ""))
        return lines

    def alternatives(self, cfg: AttentionCfg) -> list[Alternative]:
        out = []
        dk = cfg.d_k
        for kind, what in ((ScaleKind.NONE, "no scaling (scores not divided by √d_k)"),
                           (ScaleKind.SQRT_DK, "scores divided by √d_k")):
            if cfg.scale.kind is not kind and (dk is not None or kind is not ScaleKind.SQRT_DK):
                out.append(Alternative(f"convention.scale={kind.value}", what, replace(cfg, scale=Scale(kind))))
        if cfg.scale.kind is not ScaleKind.NUMBER and dk is not None:
            out.append(Alternative("convention.scale=d_k", f"scores divided by d_k = {dk} instead of √d_k",
                                   replace(cfg, scale=Scale(ScaleKind.NUMBER, Number.of(dk)))))
            d = cfg.d_model
            if d is not None and d != dk:
                root = Number(X.sqrt(X.const(d)), f"√{d}", None)
                out.append(Alternative("convention.scale=sqrt_dmodel",
                                       f"scores divided by √d_model = √{d} instead of √d_k = √{dk}",
                                       replace(cfg, scale=Scale(ScaleKind.NUMBER, root))))
        other = Mask.NONE if cfg.mask is Mask.CAUSAL else Mask.CAUSAL
        out.append(Alternative(f"convention.mask={other.value}",
                               "the causal mask left out" if other is Mask.NONE else "a causal mask applied",
                               replace(cfg, mask=other)))
        if cfg.heads[0].scores is None:
            out.append(Alternative("convention.scores=KQ", "scores computed as K·Qᵀ instead of Q·Kᵀ",
                                   replace(cfg, kt_q=not cfg.kt_q)))
        if cfg.softmax is Softmax.PLAIN and not cfg.softmax_all:
            out.append(Alternative("convention.softmax_axis=columns",
                                   "the softmax taken down each column instead of along each row",
                                   replace(cfg, softmax_cols=not cfg.softmax_cols)))
        out.append(Alternative("convention.softmax_axis=" + ("rows" if cfg.softmax_all else "all"),
                               "the softmax taken along each row instead of over the whole matrix" if cfg.softmax_all
                               else "the softmax taken over the whole matrix at once instead of along each row",
                               replace(cfg, softmax_all=not cfg.softmax_all)))
        if cfg.heads[0].W:  # (none for Q, K, V or the scores given directly)
            for which, name in enumerate(("Wq", "Wk", "Wv")):
                w = cfg.heads[0].weight(which)
                if w is not None and square(w):
                    heads = tuple(replace(hc, W=tuple((ww[0], not ww[1]) if k == which and ww is not None else ww
                                                      for k, ww in enumerate(hc.W))) for hc in cfg.heads)
                    out.append(Alternative(f"convention.transposed={name}", f"{name} used transposed (x·{name}ᵀ)",
                                           replace(cfg, heads=heads)))
        if cfg.Wo is not None and square(cfg.Wo):
            out.append(Alternative("convention.transposed=Wo", "Wo used transposed (c·Woᵀ)",
                                   replace(cfg, Wo=(cfg.Wo[0], not cfg.Wo[1]))))
        return out


class WeightedSum(Op):
    """context_i = Σ_j weighted_v_ij (the spec's formula); computed as the ball matrix product weights·V.

    Inputs: weights, V, weighted_v (the last only for the formula: it is evaluated on demand).
    """

    def __init__(self, shown: tuple[list[int], ...]) -> None:
        self.shown = shown

    def scalar(self, step, idx):
        i, m = idx
        return K.SUM, tuple((2, (i, j, m)) for j in self.shown[i])

    def exactness(self, step):
        return max(s.exactness for s in step.inputs[:2])

    def forward(self, step, ins, M):
        w, v = step.inputs[0], step.inputs[1]
        W = arb_mat(w.dims[0], w.dims[1], ins[0])
        V = arb_mat(v.dims[0], v.dims[1], ins[1])
        return (W * V).entries()

    def backward(self, step, ins, out, g, M, acc, which=None):
        w, v = step.inputs[0], step.inputs[1]
        W = arb_mat(w.dims[0], w.dims[1], ins[0])
        V = arb_mat(v.dims[0], v.dims[1], ins[1])
        G = arb_mat(step.dims[0], step.dims[1], [x if x is not None else arb(0) for x in g])
        if which is None or 0 in which:
            gw = (G * V.transpose()).entries()
            n = w.dims[1]
            for k, c in enumerate(gw):  # masked weights are constants: no gradient flows into them
                i, j = divmod(k, n)
                if j in self.shown[i]:
                    acc[0][k] = c if acc[0][k] is None else acc[0][k] + c
        if which is None or 1 in which:
            accumulate(acc[1], (W.transpose() * G).entries())


KIND = Attention()
