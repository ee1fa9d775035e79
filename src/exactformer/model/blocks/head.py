"""The output head: an optional final LayerNorm, logits over the vocabulary, and their softmax.

    logits[t] = h_t·W + b     (W is d_model×|vocab|, or tied: W = Eᵀ)
    head.scaled[t][v] = logits[t][v] / T[t]   (only with a sampling temperature T; the exponentials are then of it)
    head.exp[t][v] = e^{logits[t][v]}   head.expsum[t] = Σ_v head.exp[t][v]   probs = head.exp / head.expsum
    head.jacobian[t][v][u] = ∂probs[t][v]/∂logits[t][u] = p_v(δ_vu − p_u)   (the softmax's Jacobian, as a lesson on
    its derivative prints it: of logits given directly, over at most MAX_JACOBIAN words)
"""

from __future__ import annotations

from dataclasses import replace

from .. import kinds as K
from ..build import Alternative, Builder, Place
from ..steps import C, P, Step, StepSpec, T
from ..values import Model, Softmax
from . import layernorm

STEPS = (
    StepSpec("W", (C, T), "W^{\\mathrm{out}}", "output weights"),
    StepSpec("b", (T,), "b^{\\mathrm{out}}", "output bias"),
    StepSpec("logits", (P, T), "z", "logits"),
    StepSpec("temperature", (P,), "T", "sampling temperature (of each row)"),
    StepSpec("scaled", (P, T), r"\tilde{z}", "logits divided by the temperature"),
    StepSpec("max", (P,), r"\mu^{\mathrm{out}}", "row maximum"),
    StepSpec("exp", (P, T), r"\varepsilon^{\mathrm{out}}", "exponentials of the logits"),
    StepSpec("expsum", (P,), r"\Sigma^{\mathrm{out}}", "sums of exponentials"),
    StepSpec("probs", (P, T), "p", "next-token probabilities"),
    StepSpec("jacobian", (P, T, T), "J", "the softmax's Jacobian ∂p_v/∂z_u"),
)
_SPEC = {s.name: s for s in STEPS}
MAX_JACOBIAN = 64  # words of a vocabulary whose softmax Jacobian is a quantity (a lesson prints a few by a few)
W_COLUMN = StepSpec("W", (T, C), "W^{\\mathrm{out}}", "output weights")
HEAD = Place(0, "head", "head")
TOP = Place(0, None, "head")


def build(b: Builder, model: Model, h: Step) -> Step:
    """The head's steps over the stream h; returns probs."""
    hd = model.head
    assert hd is not None
    vocab = hd.vocab
    if hd.ln is not None:
        h = layernorm.build_norm(b, hd.ln, Place(0, "head.ln", "layernorm"), h)
    d = h.dims[1]
    if hd.tied:
        E = b.steps["E"]
        row = {t: k for k, t in enumerate(E.labels[0] or ())}
        W = b.map(_SPEC["W"], HEAD, (d, len(vocab)), (E,),
                  lambda idx: (K.COPY, ((0, (row[vocab[idx[1]]], idx[0])),)), tokens=vocab)
        transpose = False
    else:
        assert hd.W is not None
        W = b.given(W_COLUMN if hd.transpose else _SPEC["W"], HEAD, hd.W, tokens=vocab)
        transpose = hd.transpose
    bias = b.given(_SPEC["b"], HEAD, hd.b, tokens=vocab) if hd.b is not None else None
    logits = b.contract(_SPEC["logits"], TOP, h, W, bias, transpose=transpose, tokens=vocab)
    if hd.temperature is not None:  # a T per position: one for all, or the same logits at several temperatures
        T = b.given(_SPEC["temperature"], HEAD, hd.temperature, param=False)
        logits = b.broadcast(_SPEC["scaled"], HEAD, logits.dims, K.DIV, ((logits, (0, 1)), (T, (0,))), tokens=vocab)
    n, V = logits.dims
    if model.softmax is Softmax.MAX_SHIFTED:
        mx = b.rows(_SPEC["max"], HEAD, logits, K.MAX)
        exp = b.broadcast(_SPEC["exp"], HEAD, (n, V), K.EXP_SHIFT, ((logits, (0, 1)), (mx, (0,))), tokens=vocab)
    else:
        exp = b.broadcast(_SPEC["exp"], HEAD, (n, V), K.EXP, ((logits, (0, 1)),), tokens=vocab)
    expsum = b.rows(_SPEC["expsum"], HEAD, exp, K.SUM)
    probs = b.broadcast(_SPEC["probs"], TOP, (n, V), K.DIV, ((exp, (0, 1)), (expsum, (0,))), tokens=vocab)
    if V <= MAX_JACOBIAN and logits_given(model):
        b.map(_SPEC["jacobian"], HEAD, (n, V, V), (probs,), lambda idx: (K.SIGMOID_SLOPE, ((0, idx[:2]),))
              if idx[1] == idx[2] else (K.NEG_MUL, ((0, idx[:2]), (0, (idx[0], idx[2])))), tokens=vocab, lazy=True)
    return probs


def logits_given(model: Model) -> bool:
    """Whether the head is the softmax of logits the document gives: W the identity, no bias, no LayerNorm, no
    layers before it."""
    h = model.head
    if h is None or h.W is None or h.b is not None or h.ln is not None or model.layers:
        return False
    return all(w.rational == (1 if i == j else 0) for i, row in enumerate(h.W) for j, w in enumerate(row))


def general_tex(model: Model) -> list[str]:
    hd = model.head
    if hd is None:
        return []
    W = r"E^{\top}" if hd.tied else r"W^{\mathrm{out}}"
    lines = [rf"z_t = h_t {W}" + (r" + b^{\mathrm{out}}" if hd.b is not None else "")]
    if hd.temperature is not None:
        lines.append(r"\tilde{z}_{t,v} = z_{t,v} / T")
        lines.append(r"p_{t,v} = e^{\tilde{z}_{t,v}} / \textstyle\sum_u e^{\tilde{z}_{t,u}}")
    else:
        lines.append(r"p_{t,v} = e^{z_{t,v}} / \textstyle\sum_u e^{z_{t,u}}")
    return lines


def alternatives(model: Model) -> list[Alternative]:
    """The head's own conventions (its final LayerNorm's are gathered with the other LayerNorms)."""
    hd = model.head
    if hd is None or hd.tied or hd.W is None or len(hd.W) != len(hd.W[0]):
        return []
    return [Alternative("convention.transposed=head.W", "the output weights used transposed (h·Wᵀ)",
                        replace(model, head=replace(hd, transpose=not hd.transpose)), since="logits")]
