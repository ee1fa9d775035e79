"""Computation graphs drawn as text: a Mermaid flowchart or a Graphviz digraph whose edges carry the numbers
that flow along them (the shopping-bill graphs of backpropagation lessons, a neuron's circuit).

    A[walnut] -- 100 --> M1((×))        forward: the values into an operator node, and the value out of it,
    B[count] -- 2 --> M1                are a line of working: 100 × 2 = 200
    M1 -- 200 --> M2((×))
    M2 -- 1 --> M1 …                    backward: an edge against a forward edge carries a gradient; into a
                                        product node from its output, out of it to an input: u × (the other
                                        inputs' values) = g; through a sum, g = u

An operator node is labelled with its operation alone (``×``, ``*``, ``+``, ``mul``, ``add``) or with the
operation and a constant (``x 2``, ``× 1.1``: one input, multiplied). Every other node is a value. Only edges
whose label is a number take part; a graph states nothing the lines below can check otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import values as V

# a node: its id, then an optional shape holding its label ([…], ((…)), (…), ([…]), {…}, >…])
_NODE = r"([A-Za-z_][\w]*)\s*(?:\[\[?\"?([^\]\"]*)\"?\]?\]|\(\(\"?([^)\"]*)\"?\)\)|\(\[?\"?([^)\]\"]*)\"?\]?\)|\{\"?([^}\"]*)\"?\}|>\"?([^\]\"]*)\"?\])?(?::::[\w-]+)?"
# an edge with its label: A -- 100 --> B, A -->|100| B, A == 100 ==> B, A -. 100 .-> B
_EDGE = re.compile(r"^\s*" + _NODE + r"\s*(?:--\s*\"?([^\"\->|]+?)\"?\s*-->|-->\s*\|\s*\"?([^|\"]+?)\"?\s*\||"
                   r"==\s*\"?([^\"=>]+?)\"?\s*==>|-\.\s*\"?([^\".]+?)\"?\s*\.->)\s*" + _NODE + r"\s*;?\s*$")
_MERMAID_NODE = re.compile(r"^\s*" + _NODE + r"\s*;?\s*$")
# Graphviz: a -> b [label="100"]; m1 [label="×"]
_DOT_EDGE = re.compile(r"^\s*\"?(\w+)\"?\s*->\s*\"?(\w+)\"?\s*\[[^\]]*\blabel\s*=\s*\"?([^\",\]]+?)\"?\s*[,\]]")
_DOT_NODE = re.compile(r"^\s*\"?(\w+)\"?\s*\[[^\]]*\blabel\s*=\s*\"?([^\",\]]+?)\"?\s*[,\]]")
_PRODUCT = {"×", "x", "*", "·", "⋅", "✕", "mul", "multiply", "乗算", "곱셈", "乘", "乘法"}
_SUM = {"+", "add", "sum", "加算", "덧셈", "加", "加法"}
_SCALED = re.compile(r"^\s*([×x*·⋅✕])\s*(" + V.NUMBER.pattern + r")\s*$")  # x 2, × 1.1: times a constant


@dataclass
class _Edge:
    a: str
    b: str
    value: str
    line: int


def is_graph(info: str) -> bool:
    """Whether a fenced block's info string names a graph language this module reads."""
    return info.strip().lower().split(" ")[0] in ("mermaid", "dot", "graphviz")


def working(text: str, first_line: int) -> list[tuple[str, int]]:
    """The lines of working a drawn graph states, each with the document line of the edge that carries its
    result; [] when it states none."""
    labels: dict[str, str] = {}
    edges: list[_Edge] = []
    for j, raw in enumerate(text.splitlines()):
        line = first_line + j
        s = raw.split("%%")[0]
        if (m := _EDGE.match(s)) is not None:
            g = m.groups()
            a, b = g[0], g[10]
            for node, shapes in ((a, g[1:6]), (b, g[11:16])):
                label = next((x for x in shapes if x is not None), None)
                if label is not None:
                    labels[node] = label.strip()
            value = next(x for x in g[6:10] if x is not None).strip()
            if V.number(value) is not None:
                edges.append(_Edge(a, b, value, line))
        elif (m := _DOT_EDGE.match(s)) is not None:
            if V.number(m.group(3).strip()) is not None:
                edges.append(_Edge(m.group(1), m.group(2), m.group(3).strip(), line))
        elif (m := _DOT_NODE.match(s)) is not None or (m := _MERMAID_NODE.match(s)) is not None:
            label = next((x for x in m.groups()[1:] if x is not None), None)
            if label is not None:
                labels[m.group(1)] = label.strip()
    return _worked(labels, edges)


def _op(label: str | None) -> tuple[str, str | None] | None:
    """A node's operation and its constant (``("×", "2")`` for ``x 2``), or None for a value's node."""
    if label is None:
        return None
    plain = re.sub(r"<[^>]*>", "", label).strip().lower()
    if plain in _PRODUCT:
        return "×", None
    if plain in _SUM:
        return "+", None
    if (m := _SCALED.match(plain)) is not None:
        return "×", m.group(2)
    return None


def _worked(labels: dict[str, str], edges: list[_Edge]) -> list[tuple[str, int]]:
    forward: list[_Edge] = []
    backward: list[_Edge] = []
    for e in edges:  # the first edge between two nodes runs forward; one against it later carries a gradient
        if any(f.a == e.b and f.b == e.a for f in forward):
            backward.append(e)
        elif not any(f.a == e.a and f.b == e.b for f in forward):
            forward.append(e)
    out: list[tuple[str, int]] = []
    for node, label in labels.items():
        op = _op(label)
        if op is None:
            continue
        kind, constant = op
        ins = [e for e in forward if e.b == node]
        outs = [e for e in forward if e.a == node]
        operands = [e.value for e in ins] + ([constant] if constant is not None else [])
        if len(operands) >= 2:
            for e in outs:
                out.append((f" {kind} ".join(operands) + f" = {e.value}", e.line))
        ups = [e for e in backward if e.b == node and any(f.a == node and f.b == e.a for f in outs)]
        if len(ups) != 1 or len(operands) < 2:
            continue
        u = ups[0].value
        for e in backward:
            if e.a != node or not any(f.a == e.b for f in ins):
                continue
            others = [f.value for f in ins if f.a != e.b] + ([constant] if constant is not None else [])
            out.append(((f"{u} × " + " × ".join(others) if kind == "×" else u) + f" = {e.value}", e.line))
    return sorted(out, key=lambda t: t[1])
