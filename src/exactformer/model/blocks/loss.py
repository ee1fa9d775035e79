"""The loss: cross-entropy of the target tokens, squared error, or a given upstream gradient.

    cross_entropy:  loss[t] = −log_b p[t][target_t]             loss = (1/N)·Σ_t loss[t]  (or the sum)
    squared_error:  loss[t][m] = ½(target_tm − o_tm)²   loss[t] = Σ_m loss[t][m]   loss = (1/N)·Σ_t loss[t]
    mse:            loss[t][m] = (target_tm − o_tm)²    loss[t] = (1/d)·Σ_m loss[t][m]   loss = (1/N)·Σ_t loss[t]
                    (PyTorch's MSELoss: the mean over every component)
    bce:            loss[t][m] = −[t·ln o + (1 − t)·ln(1 − o)]   loss[t] = (1/d)·Σ_m loss[t][m]   (BCELoss)
    given_gradient: loss[t] = Σ_m dy[t][m]·out[t][m]   loss = Σ_t loss[t]   (a backward unit test starting
                    from an upstream gradient; no reduction)

With cross-entropy, as language-model write-ups state them (read from the loss, never upstream of it):
    logprob[t] = log_b p[t][target_t] = −loss[t]    loss.sum = Σ_t loss[t] (the mean's numerator)
    ppl = e^loss   (the perplexity, with the natural log)
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...exact import expr as X
from .. import kinds as K
from ..build import Alternative, Builder, Place
from ..steps import C, P, Step, StepSpec
from ..values import LogBase, LossKind, Model, Reduction

STEPS = (
    StepSpec("loss", (), "L", "loss"),
    StepSpec("loss.pos", (P,), "L", "loss per position", spelled="loss"),
    StepSpec("loss.comp", (P, C), "L", "loss per component", spelled="loss"),
    StepSpec("logprob", (P,), r"\ell", "log-probability of each target"),
    StepSpec("loss.sum", (), r"\Sigma L", "loss summed over the positions"),
    StepSpec("ppl", (), r"\mathrm{PPL}", "perplexity"),
)
_SPEC = {s.name: s for s in STEPS}
TOP = Place(0, None, "loss")


def build(b: Builder, model: Model, out: Step) -> Step:
    """The loss over ``out`` (probs with a head, else the last output; logits for given_gradient)."""
    loss = model.loss
    assert loss is not None
    n = out.dims[0]
    if loss.kind is LossKind.GIVEN_GRADIENT:  # loss[t] = Σ_m dy[t][m]·out[t][m] per position, loss = Σ_t loss[t]
        dy = dict(loss.dy)
        d = out.dims[1]
        per = b.map(_SPEC["loss.pos"], TOP, (n,), (out,),
                    lambda idx: (K.Weighted(tuple(dy[idx[0]][m].value for m in range(d))),
                                 tuple((0, (idx[0], m)) for m in range(d))), present=lambda idx: idx[0] in dy)
        rows = sorted(dy)
        return b.map(_SPEC["loss"], TOP, (), (per,), lambda idx: (K.Reduce(Fraction(1)), tuple((0, (t,)) for t in rows)))
    targets = dict(loss.targets)
    N = len(targets)
    c = Fraction(1, N) if loss.reduction is Reduction.MEAN else Fraction(1)
    present = lambda idx: idx[0] in targets  # noqa: E731
    if loss.kind is LossKind.CROSS_ENTROPY:
        col = {v: k for k, v in enumerate(out.labels[1] or ())}
        kind = K.CrossEntropy(loss.log.base)
        per = b.map(_SPEC["loss.pos"], TOP, (n,), (out,),
                    lambda idx: (kind, ((0, (idx[0], col[targets[idx[0]]])),)), present=present)
    else:
        d = out.dims[1]

        def target(t: int, m: int) -> X.Expr:
            tg = targets[t]
            if isinstance(tg, str):  # a token: its one-hot row over the vocabulary
                return X.ONE if (out.labels[1] or ())[m] == tg else X.ZERO
            return tg[m].value

        mse = loss.kind in (LossKind.MSE, LossKind.BCE)
        if loss.kind is LossKind.BCE:
            comp = b.map(_SPEC["loss.comp"], TOP, (n, d), (out,),
                         lambda idx: (K.BinaryXent(target(*idx)), ((0, idx),)), present=present)
        else:
            c_sq = Fraction(1) if mse else Fraction(1, 2)
            comp = b.map(_SPEC["loss.comp"], TOP, (n, d), (out,),
                         lambda idx: (K.SquaredError(target(*idx), c_sq), ((0, idx),)), present=present)
        row = K.Reduce(Fraction(1, d)) if mse else K.SUM  # a mean over the components, or their sum
        per = b.map(_SPEC["loss.pos"], TOP, (n,), (comp,),
                    lambda idx: (row, tuple((0, (idx[0], m)) for m in range(d))), present=present)
    rows = sorted(targets)
    top = b.map(_SPEC["loss"], TOP, (), (per,), lambda idx: (K.Reduce(c), tuple((0, (t,)) for t in rows)))
    if loss.kind is LossKind.CROSS_ENTROPY:
        _language_model(b, loss, per, top, rows)
    return top


def _language_model(b: Builder, loss, per: Step, top: Step, rows: list[int]) -> None:
    """The numbers a language model's evaluation states beside its cross-entropy: each target's log-probability
    (−loss[t]), the sum of the losses a mean divides, and (with the natural log) the perplexity e^loss."""
    neg = K.Scale(X.const(-1))
    b.map(_SPEC["logprob"], TOP, per.dims, (per,), lambda idx: (neg, ((0, idx),)), present=lambda idx: idx[0] in rows)
    if loss.reduction is Reduction.MEAN and len(rows) > 1:
        b.map(_SPEC["loss.sum"], TOP, (), (per,), lambda idx: (K.SUM, tuple((0, (t,)) for t in rows)))
    if loss.log is LogBase.LN:
        b.map(_SPEC["ppl"], TOP, (), (top,), lambda idx: (K.EXP, ((0, ()),)))


def general_tex(model: Model) -> list[str]:
    loss = model.loss
    if loss is None:
        return []
    red = r"\tfrac{1}{N}\textstyle\sum_t L_t" if loss.reduction is Reduction.MEAN else r"\textstyle\sum_t L_t"
    if loss.kind is LossKind.CROSS_ENTROPY:
        log = {"ln": r"\ln", "log2": r"\log_2", "log10": r"\log_{10}"}[loss.log.value]
        return [rf"L_t = -{log} p_{{t,y_t}},\quad L = {red}"]
    if loss.kind is LossKind.SQUARED_ERROR:
        return [rf"L_{{t,m}} = \tfrac12 (y_{{t,m}} - o_{{t,m}})^2,\quad L_t = \textstyle\sum_m L_{{t,m}},\quad L = {red}"]
    if loss.kind is LossKind.MSE:
        return [rf"L_{{t,m}} = (y_{{t,m}} - o_{{t,m}})^2,\quad L_t = \tfrac1d \textstyle\sum_m L_{{t,m}},\quad L = {red}"]
    if loss.kind is LossKind.BCE:
        return [r"L_{t,m} = -\left[y_{t,m} \ln o_{t,m} + (1 - y_{t,m}) \ln (1 - o_{t,m})\right],\quad "
                rf"L_t = \tfrac1d \textstyle\sum_m L_{{t,m}},\quad L = {red}"]
    return [r"L_t = \textstyle\sum_m dy_{t,m}\, o_{t,m},\quad L = \textstyle\sum_t L_t"]


def alternatives(model: Model) -> list[Alternative]:
    """The loss's conventions: the logarithm's base and the reduction over positions."""
    loss = model.loss
    if loss is None or loss.kind is LossKind.GIVEN_GRADIENT:
        return []
    out = []
    if loss.kind is LossKind.CROSS_ENTROPY:
        for base in LogBase:
            if base is not loss.log:
                out.append(Alternative(f"convention.log={base.value}", f"the loss with {LOG_NAME[base]}",
                                       replace(model, loss=replace(loss, log=base)), since="loss"))
    if len(loss.targets) > 1:
        other = Reduction.SUM if loss.reduction is Reduction.MEAN else Reduction.MEAN
        out.append(Alternative(f"convention.reduction={other.value}",
                               "the loss summed over positions instead of averaged" if other is Reduction.SUM
                               else "the loss averaged over positions instead of summed",
                               replace(model, loss=replace(loss, reduction=other)), since="loss"))
    return out


LOG_NAME = {LogBase.LN: "the natural logarithm", LogBase.LOG2: "log base 2", LogBase.LOG10: "log base 10"}
