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

A graph Graphviz drew to SVG with its values in the nodes (micrograd's ``draw_dot``: a record ``a | data 2.0000 |
grad 6.0000`` per value, an operator node ``*`` between) states the same working from its nodes: the operator
applied to its inputs' data gives its output's data, and an input used once has the output's gradient through the
operator's derivative (``*``: times the other input's data; ``+``: the same; ``tanh``: times 1 − out²).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from fractions import Fraction
from math import prod

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
    return _worked(*_parsed(text, first_line))


def numbers_on_edges(text: str) -> int:
    """How many of a drawn graph's edges carry a number (when ``working`` finds none in them: sizes, counts)."""
    return len(_parsed(text, 1)[1])


def _parsed(text: str, first_line: int) -> tuple[dict[str, str], list[_Edge]]:
    """A Mermaid or Graphviz graph's node labels and its edges that carry numbers."""
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
    return labels, edges


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
    pairs: set[tuple[str, str]] = set()
    for e in edges:  # the first edge between two nodes runs forward; one against it later carries a gradient
        if (e.b, e.a) in pairs:
            backward.append(e)
        elif (e.a, e.b) not in pairs:
            forward.append(e)
            pairs.add((e.a, e.b))
    into: dict[str, list[_Edge]] = {}
    out_of: dict[str, list[_Edge]] = {}
    for e in forward:
        into.setdefault(e.b, []).append(e)
        out_of.setdefault(e.a, []).append(e)
    back_into: dict[str, list[_Edge]] = {}
    back_out: dict[str, list[_Edge]] = {}
    for e in backward:
        back_into.setdefault(e.b, []).append(e)
        back_out.setdefault(e.a, []).append(e)
    out: list[tuple[str, int]] = []
    held = stated = 0
    for node, label in labels.items():
        op = _op(label)
        if op is None:
            continue
        kind, constant = op
        ins, outs = into.get(node, []), out_of.get(node, [])
        operands = [e.value for e in ins] + ([constant] if constant is not None else [])
        if len(operands) >= 2:
            for e in outs:
                out.append((f" {kind} ".join(operands) + f" = {e.value}", e.line))
                stated, held = stated + 1, held + _holds(kind, operands, e.value)
        targets = {f.b for f in outs}
        ups = [e for e in back_into.get(node, []) if e.a in targets]
        if len(ups) != 1 or len(operands) < 2:
            continue
        u = ups[0].value
        sources = {f.a for f in ins}
        for e in back_out.get(node, []):
            if e.b not in sources:
                continue
            others = [f.value for f in ins if f.a != e.b] + ([constant] if constant is not None else [])
            out.append(((f"{u} × " + " × ".join(others) if kind == "×" else u) + f" = {e.value}", e.line))
    if 2 * held < stated:  # an architecture drawn with its widths (512 → (+) → 512): sizes, not arithmetic
        return []
    return sorted(out, key=lambda t: t[1])


def _holds(kind: str, operands: list[str], result: str) -> bool:
    """Whether an operator node's stated output is its inputs' sum or product, to the output's last digit (exactly,
    in rationals: whether the graph works numbers at all, not a verdict on any of them)."""
    try:
        vals = [Fraction(V.number(x) or "nan") for x in operands + [result]]
    except (ValueError, ZeroDivisionError):
        return False  # (1e400, nan: no number to work with)
    got = sum(vals[:-1], Fraction(0)) if kind == "+" else prod(vals[:-1], start=Fraction(1))
    decimals = len(result.split(".")[1]) if "." in result and "e" not in result.lower() else 0
    return 2 * abs(got - vals[-1]) * 10 ** decimals <= 1


@dataclass
class _Drawn:
    texts: list[tuple[str, int]] = field(default_factory=list)  # each text of the node, with its line


def svg_working(svg: str) -> list[tuple[str, int]]:
    """The lines of working a Graphviz SVG of values and operators states, each with the line (1-based, within
    the SVG text) of the number it computes; [] when it states none."""
    nodes: dict[str, _Drawn] = {}
    edges: list[tuple[str, str]] = []
    kind = title = None
    for k, raw in enumerate(svg.splitlines(), start=1):
        if (m := _SVG_GROUP.search(raw)) is not None:
            kind, title = m.group(1), None
        if kind is not None and title is None and (m := _SVG_TITLE.search(raw)) is not None:
            title = html.unescape(m.group(1)).strip()
            if kind == "edge" and "->" in title:
                a, b = title.split("->", 1)
                edges.append((a.strip(), b.strip()))
            elif kind == "node":
                nodes[title] = _Drawn()
        elif kind == "node" and title is not None and (m := _SVG_TEXT.search(raw)) is not None:
            nodes[title].texts.append((html.unescape(m.group(1)).strip(), k))
    data = {n: _field(d, "data") for n, d in nodes.items()}
    grad = {n: _field(d, "grad") for n, d in nodes.items()}
    uses: dict[str, int] = {}
    into: dict[str, list[str]] = {}
    out_of: dict[str, list[str]] = {}
    for a, b in edges:
        uses[a] = uses.get(a, 0) + 1
        into.setdefault(b, []).append(a)
        out_of.setdefault(a, []).append(b)
    out: list[tuple[str, int]] = []
    for op_node, d in nodes.items():
        op = d.texts[0][0] if len(d.texts) == 1 else None
        if op is None or data.get(op_node) is not None:
            continue
        ins = [a for a in into.get(op_node, []) if data.get(a) is not None]
        outs = [b for b in out_of.get(op_node, []) if data.get(b) is not None]
        if len(outs) != 1 or not ins:
            continue
        o = outs[0]
        value, line = data[o]  # type: ignore[misc]
        x = [data[a][0] for a in ins]  # type: ignore[index]
        formula = _FORWARD.get(op.lower()) if len(x) == (2 if op in "+*" else 1) else None
        power = _POWER_OP.fullmatch(op)
        if formula is None and power is not None and len(x) == 1:
            formula = "({0})^" + power.group(1)
        if formula is None:
            continue
        out.append((formula.format(*x) + f" = {value}", line))
        g_out = grad.get(o)
        if g_out is None:
            continue
        for j, a in enumerate(ins):
            if grad.get(a) is None or uses.get(a) != 1:
                continue  # (a value used twice sums its gradients: no one line says so)
            other = x[1 - j] if len(x) == 2 else ""
            back = "{g}" if op == "+" else "{other} × {g}" if op == "*" else \
                "(1 - ({y})^2) × {g}" if op.lower() == "tanh" else "{y} × {g}" if op.lower() == "exp" else \
                f"{power.group(1)} × ({{x}})^({power.group(1)} - 1) × {{g}}" if power is not None else None
            if back is not None:
                g_in, g_line = grad[a]  # type: ignore[misc]
                out.append((back.format(g=g_out[0], other=other, y=value, x=x[j]) + f" = {g_in}", g_line))
    return sorted(out, key=lambda t: t[1])


def _field(d: _Drawn, name: str) -> tuple[str, int] | None:
    """A record's ``data 2.0000`` (or ``grad``) number and its line."""
    for text, line in d.texts:
        m = re.fullmatch(name + r"\s+(" + V.NUMBER.pattern + r")", text)
        if m is not None:
            return m.group(1), line
    return None


_SVG_GROUP = re.compile(r'<g\s[^>]*class="(node|edge)"')
_SVG_TITLE = re.compile(r"<title>([^<]*)</title>")
_SVG_TEXT = re.compile(r"<text\b[^>]*>([^<]*)</text>")
_FORWARD = {"+": "{0} + {1}", "*": "{0} × {1}", "tanh": "tanh({0})", "exp": "exp({0})", "relu": "max(0, {0})"}
_POWER_OP = re.compile(r"\*\*\s*(-?\d+(?:\.\d+)?)")  # **2, **-1: a power of one input
