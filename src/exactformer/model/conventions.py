"""The conventions a document may have used instead of the case's: every model they make, in one list.

Each block kind declares its own alternatives (``BlockKind.alternatives``), and the
model-level modules theirs (``embedding``, ``head``, ``loss``); training's update
order is declared here. This module only gathers them: per block, and for the
whole case when several blocks of one kind share an alternative (a document that
used unbiased variance did so in every LayerNorm).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .blocks import KINDS
from .blocks import embedding as EMB
from .blocks import head as HEAD
from .blocks import loss as LOSS
from .build import Alternative
from .values import Block, Layer, Model, Update


@dataclass(frozen=True)
class Convention:
    """One model under another convention, and where its values start to differ."""

    id: str  # convention.variance=unbiased
    detail: str  # "LayerNorm with unbiased variance (÷d − 1) in every LayerNorm"
    model: Model
    since: tuple[str, ...]  # step-key prefixes from which values change ("" everything, "grad." gradients)


@dataclass(frozen=True)
class _Slot:
    """A block's config somewhere in the model, and how to put another one in its place."""

    kind: str
    cfg: Any
    where: str  # L1.ln1, head.ln
    put: Callable[[Model, Any], Model]


def block_slots(model: Model) -> Iterator[_Slot]:
    """Every block's config in the model (the head's LayerNorm too): where it is, and how to replace it."""
    for li, layer in enumerate(model.layers, start=1):
        for bi, blk in enumerate(layer.blocks):
            yield _Slot(blk.kind, blk.config, f"L{li}.{blk.name}", _block_setter(li - 1, bi))
    hd = model.head
    if hd is not None and hd.ln is not None:
        yield _Slot("layernorm", hd.ln, "head.ln", lambda m, cfg: replace(m, head=replace(hd, ln=cfg)))


def _block_setter(li: int, bi: int) -> Callable[[Model, Any], Model]:
    def put(m: Model, cfg: Any) -> Model:
        layer = m.layers[li]
        blocks = tuple(Block(b.name, b.kind, cfg) if k == bi else b for k, b in enumerate(layer.blocks))
        return replace(m, layers=m.layers[:li] + (Layer(blocks),) + m.layers[li + 1:])
    return put


def conventions(model: Model) -> list[Convention]:
    """Every single change of convention: whole-case ones first, then per block, then model-level."""
    slots = list(block_slots(model))
    per_kind: dict[str, int] = {}
    for s in slots:
        per_kind[s.kind] = per_kind.get(s.kind, 0) + 1
    by_id: dict[tuple[str, str], list[tuple[_Slot, Alternative]]] = {}
    single: list[Convention] = []
    for s in slots:
        for alt in KINDS[s.kind].alternatives(s.cfg):
            where = f" in {s.where}" if per_kind[s.kind] > 1 else ""
            single.append(Convention(alt.id, alt.detail + where, s.put(model, alt.replace), (s.where + ".",)))
            by_id.setdefault((s.kind, alt.id), []).append((s, alt))
    whole: list[Convention] = []
    for (kind, cid), found in by_id.items():
        if len(found) < 2:
            continue
        m = model
        for s, alt in found:
            m = s.put(m, alt.replace)
        whole.append(Convention(cid, f"{found[0][1].detail} in every {kind} block", m,
                                tuple(s.where + "." for s, _ in found)))
    model_level = [Convention(a.id, a.detail, a.replace, (a.since,))
                   for a in EMB.alternatives(model) + HEAD.alternatives(model) + LOSS.alternatives(model)]
    tr = model.train
    if tr is not None and model.loss is not None:
        other = Update.SEQUENTIAL if tr.update is Update.SIMULTANEOUS else Update.SIMULTANEOUS
        what = ("each layer's weights updated as soon as their gradient is known, so the earlier layers' "
                "gradients use the already-updated weights" if other is Update.SEQUENTIAL
                else "every weight updated at once, from the gradients of the weights before the step")
        model_level.append(Convention(f"convention.update={other.value}", what,
                                      replace(model, train=replace(tr, update=other)), ("grad.",)))
    return whole + single + model_level
