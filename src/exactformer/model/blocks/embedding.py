"""The layer-one input: embeddings by token, positional encodings, and their sum.

    X[t] = E[token of t]          in[t] = s·X[t] + PE[t]      (s = √d_model with embed_scale)

Sinusoidal encodings (the paper): PE[pos, 2i] = sin(pos / base^(2i/d)), PE[pos, 2i+1] = cos(…),
interleaved (components 1, 3, … are sines) or in halves (sines first); exact: the sine of a
rational times an exact root, evaluated with certainty.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...exact import expr as X
from .. import kinds as K
from ..build import Alternative, Builder, Place
from ..steps import C, P, Step, StepSpec, T
from ..values import EmbedScale, Model, Number, PositionKind, PositionOrder

STEPS = (
    StepSpec("E", (T, C), "E", "embedding table"),
    StepSpec("X", (P, C), "x", "embeddings"),
    StepSpec("PE", (P, C), "p", "positional encodings"),
    StepSpec("PE.div", (C,), r"\beta^{2i/d}", "the encodings' divisors base^(2i/d)"),
    StepSpec("PE.angle", (P, C), r"\theta", "the encodings' angles pos / base^(2i/d)"),
    StepSpec("embed_scale", (), r"\sqrt{d}", "embedding scale"),
    StepSpec("in", (P, C), "h^{(0)}", "layer input"),
)
_SPEC = {s.name: s for s in STEPS}
MODEL = Place(0, None, "embedding")
LAYER1 = Place(1, None, "embedding")


def _frequency(model: Model, m: int, d: int) -> tuple[int, bool]:
    """Component m's frequency i, and whether it is a sine: interleaved (sin, cos, sin, …) or in halves."""
    pe = model.pos_enc
    assert pe is not None
    if pe.order is PositionOrder.INTERLEAVED:
        return m // 2, m % 2 == 0
    half = (d + 1) // 2
    return (m, True) if m < half else (m - half, False)


def build(b: Builder, model: Model) -> Step | None:
    """E, X, PE and L1.in; None for a case without embeddings (Q/K/V given directly)."""
    if not model.embeddings:
        return None
    tokens = model.vocabulary
    E = b.given(_SPEC["E"], MODEL, tuple(model.embeddings[t] for t in tokens), tokens=tokens)
    row = {t: k for k, t in enumerate(tokens)}
    n, d = model.n, E.dims[1]
    xs = b.map(_SPEC["X"], MODEL, (n, d), (E,),
               lambda idx: (K.COPY, ((0, (row[model.positions[idx[0]].token], idx[1])),)))
    pe = None
    if model.pos_enc is not None:
        if model.pos_enc.kind is PositionKind.LEARNED:
            pe = b.given(_SPEC["PE"], MODEL, model.pos_enc.table)
        else:
            # the working of the encodings, one number per frequency i: base^(2i/d), and pos / base^(2i/d);
            # each encoding is the sine or cosine of its angle (a document rounding the angle first carries that)
            enc = model.pos_enc
            assert enc.base is not None
            nf = (d + 1) // 2
            b.given(_SPEC["PE.div"], MODEL, tuple(X.rational_power(enc.base.value, Fraction(2 * i, d))
                                                   for i in range(nf)), param=False)
            angle = b.given(_SPEC["PE.angle"], MODEL, tuple(tuple(
                X.mul(X.const(enc.start + t), X.rational_power(enc.base.value, Fraction(-2 * i, d)))
                for i in range(nf)) for t in range(n)), param=False)
            def trig(idx: tuple[int, ...]):
                i, sine = _frequency(model, idx[1], d)
                return K.SIN if sine else K.COSINE, ((0, (idx[0], i)),)

            pe = b.map(_SPEC["PE"], MODEL, (n, d), (angle,), trig)
    if model.embed_scale is EmbedScale.NONE and pe is None:
        b.alias(LAYER1.key("in"), xs)
        return xs
    if model.embed_scale is EmbedScale.NONE:
        return b.elementwise(_SPEC["in"], LAYER1, K.SUM, (xs, pe))  # type: ignore[arg-type]
    s = b.given(_SPEC["embed_scale"], MODEL, X.sqrt(X.const(d)), param=False)
    if pe is None:
        return b.map(_SPEC["in"], LAYER1, (n, d), (s, xs), lambda idx: (K.MUL, ((0, ()), (1, idx))))
    return b.map(_SPEC["in"], LAYER1, (n, d), (s, xs, pe), lambda idx: (K.AFFINE, ((0, ()), (1, idx), (2, idx))))


def general_tex(model: Model) -> list[str]:
    if not model.embeddings:
        return []
    s = r"\sqrt{d}\, " if model.embed_scale is EmbedScale.SQRT_DMODEL else ""
    lines = [r"x_t = E_{\text{token}(t)}"]
    if model.pos_enc is not None:
        if model.pos_enc.kind is PositionKind.SINUSOIDAL:
            lines.append(r"p_{t,2i} = \sin\left(t / b^{2i/d}\right),\quad p_{t,2i+1} = \cos\left(t / b^{2i/d}\right)")
        lines.append(rf"h^{{(0)}}_t = {s}x_t + p_t")
    elif s:
        lines.append(rf"h^{{(0)}}_t = {s}x_t")
    return lines


def alternatives(model: Model) -> list[Alternative]:
    """Model-level conventions of the input: positional encodings and the embedding scale."""
    out: list[Alternative] = []
    if not model.embeddings:
        return out
    pe = model.pos_enc
    if pe is not None and pe.kind is PositionKind.SINUSOIDAL:
        assert pe.base is not None
        for base in (10000, 1000, 100):
            if pe.base.rational != base:
                out.append(Alternative(f"convention.pos_base={base}", f"positional encodings with base {base}",
                                       replace(model, pos_enc=replace(pe, base=Number.of(base)))))
        other = PositionOrder.HALVES if pe.order is PositionOrder.INTERLEAVED else PositionOrder.INTERLEAVED
        what = "sines in the first half, cosines in the second" if other is PositionOrder.HALVES \
            else "sines and cosines interleaved"
        out.append(Alternative(f"convention.pos_order={other.value}", f"positional encodings with {what}",
                               replace(model, pos_enc=replace(pe, order=other))))
        start = 1 - pe.start if pe.start in (0, 1) else 0
        out.append(Alternative(f"convention.pos_start={start}", f"positions counted from {start}",
                               replace(model, pos_enc=replace(pe, start=start))))
    if pe is not None:
        out.append(Alternative("convention.positions=none", "the positional encodings left out",
                               replace(model, pos_enc=None)))
    other_scale = EmbedScale.NONE if model.embed_scale is EmbedScale.SQRT_DMODEL else EmbedScale.SQRT_DMODEL
    out.append(Alternative(f"convention.embed_scale={other_scale.value}",
                           "embeddings not multiplied by √d_model" if other_scale is EmbedScale.NONE
                           else "embeddings multiplied by √d_model", replace(model, embed_scale=other_scale)))
    return out
