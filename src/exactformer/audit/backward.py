"""Conventions of the backward pass (issue 17.6): a LayerNorm whose backward pass was computed without eps.

A document may compute the forward pass with the case's eps and then write the LayerNorm's backward pass with
x̂ and 1/σ recomputed without it (a from-scratch backward that forgets eps). Its gradients are those of no
single model: the forward values, and the gradient arriving at the LayerNorm's output, are the case's; the
LayerNorm's own derivatives are those of eps = 0. They are exactly the gradients of a shorter model, built
here: the case's layers up to that LayerNorm, its eps 0, and as its loss the upstream gradient the case itself
has at the LayerNorm's output (``given_gradient``, its exact values). The gradients at the LayerNorm and below
it are then the document's; the forward values, and every gradient above the LayerNorm, are not claimed to
change.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import ExactformerError
from ..exact import expr as X
from ..model.address import Address
from ..model.conventions import Convention
from ..model.values import Layer, Loss, LossKind, Number, Update
from .solved import Candidate

MAX_DY_NODES = 2_000  # the upstream gradient is taken exactly only while its closed forms stay this small


def hypotheses(ex, targets, cells) -> list[Candidate]:
    """For each LayerNorm with eps ≠ 0 that a wrong gradient lies at or below: its backward pass without eps."""
    g, model = ex.g, ex.g.model
    if model.loss is None:
        return []
    if model.train is not None and model.train.update is Update.SEQUENTIAL:
        return []  # the gradients would read updated weights above the LayerNorm: not this shorter model
    grads = [f for f in targets if f.claim.address.grad and f.claim.address.t == 0]
    if not grads:
        return []
    out: list[Candidate] = []
    left = 0  # LayerNorms the budget left out
    for li, layer in enumerate(model.layers, start=1):
        for bi, blk in enumerate(layer.blocks):
            if blk.kind != "layernorm" or X.rational_of(blk.config.eps.value) == 0:
                continue
            where = f"L{li}.{blk.name}"
            top = g.order.get(where)
            if top is None:
                continue
            below = [f for f in grads if g.order[g.step(f.claim.address.step).key] <= top]
            if not below:
                continue
            if not ex._spend(cells.total):
                left += 1
                continue
            short = _shorter(ex, model, li, bi, where)
            if short is None:
                continue

            def changed(a: Address, top: int = top) -> bool:
                """A gradient at the LayerNorm or below it (before training): what this backward changes."""
                return bool(a.grad and a.t == 0 and g.order[g.step(a.step).key] <= top)

            out.append(Candidate(
                "convention.backward_eps=0",
                f"the backward pass of the LayerNorm {where} computed without eps (x̂ and 1/σ with eps = 0; "
                "the forward pass with the case's eps)" if len(model.layers) > 1 or _lns(model) > 1
                else "the LayerNorm's backward pass computed without eps (x̂ and 1/σ with eps = 0; the forward "
                     "pass with the case's eps)",
                Convention("convention.backward_eps=0", "", short, ("grad.",)),
                li - 1, g.depth(Address(where, (0, 0), True)),
                changed=changed))
    if left:
        ex.not_searched.append(f"the backward pass without eps of {left:,} LayerNorm{'' if left == 1 else 's'}")
    return out


def _lns(model) -> int:
    return sum(1 for layer in model.layers for b in layer.blocks if b.kind == "layernorm")


def _shorter(ex, model, li: int, bi: int, where: str):
    """The case's layers up to the LayerNorm at (li, bi), its eps 0, its loss the case's gradient there."""
    g = ex.g
    out = g.step(where)
    rows = []
    try:
        for t in range(out.dims[0]):
            row = []
            for m in range(out.dims[1]):
                e = g.expr(Address(where, (t, m), True))
                if X.tree_size(e, None, MAX_DY_NODES) >= MAX_DY_NODES:
                    return None  # too large to carry exactly into another model
                row.append(Number(e, "", None))
            rows.append((t, tuple(row)))
    except (ArithmeticError, ExactformerError):
        return None
    blk = model.layers[li - 1].blocks[bi]
    ln = replace(blk.config, eps=Number(X.const(0), "0", None))
    blocks = model.layers[li - 1].blocks[:bi] + (replace(blk, config=ln),)
    layers = model.layers[:li - 1] + (Layer(blocks),)
    return replace(model, layers=layers, head=None, train=None,
                   loss=Loss(LossKind.GIVEN_GRADIENT, (), dy=tuple(rows)))
