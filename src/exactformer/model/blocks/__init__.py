"""Block kinds: one module each, registered here by kind name and by name prefix."""

from __future__ import annotations

from ..build import BlockKind
from . import attention, ffn, fn, graph, layernorm, linear, pool, residual, stated

KINDS: dict[str, BlockKind] = {m.KIND.name: m.KIND for m in (attention, residual, layernorm, ffn, linear, pool, stated,
                                                                graph, fn)}
BY_PREFIX: dict[str, str] = {k.prefix: k.name for k in KINDS.values()}

PRESETS: dict[str, tuple[tuple[str, str | None], ...]] = {
    # (block name, what a residual adds)
    "post_ln": (("attn", None), ("resid1", "in"), ("ln1", None), ("ffn", None), ("resid2", "ln1"), ("ln2", None)),
    "pre_ln": (("ln1", None), ("attn", None), ("resid1", "in"), ("ln2", None), ("ffn", None), ("resid2", "resid1")),
    "attention": (("attn", None),),
}


def kind_of(name: str, table: dict | None) -> str | None:
    """A block's kind: its table's ``kind`` key, else its name's prefix."""
    if table and isinstance(table.get("kind"), str):
        return table["kind"] if table["kind"] in KINDS else None
    for prefix, kind in sorted(BY_PREFIX.items(), key=lambda kv: -len(kv[0])):
        if name.startswith(prefix):
            return kind
    return None
