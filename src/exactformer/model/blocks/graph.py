"""Graph: a computation written scalar by scalar, each value a node, as micrograd's ``Value`` graphs are
(a = 2.0, e = a·b, d = e + c, L = d·f; n = x1·w1 + x2·w2 + b, o = tanh(n)).

    nodes = [["a", "2.0"], ["b", "-3.0"], ["e", "*", "a", "b"], ["o", "tanh", "n"], ["L", "**", "d", "2"]]
    roots = ["L"]

A node is a leaf (its name and its value: a given, trained by [train]) or an operation on earlier nodes or numbers:
``+`` and ``*`` (two or more), ``-``, ``/``, ``**`` with a whole exponent (2, −1), ``tanh``, ``exp``, ``relu``,
``sigmoid``, ``neg``. The block's output is its roots, one column each; with a loss of given gradient 1 on each
(``kind = "given_gradient"``) every node's gradient is its root's derivative in it, what micrograd's
``backward()`` leaves in ``.grad``. Graphs with no node in common are independent: one case holds them side by
side. Its input is not used. Each node is the step ``L1.<block>.<name>`` (one position, one column).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...exact import expr as X
from .. import kinds as K
from ..build import BlockKind, Builder, Place, ReadContext
from ..kinds import Activation
from ..steps import C, Map, P, Step, StepSpec
from ..values import Number

STEPS = (StepSpec("node", (P, C), "v", "values of the graph"), StepSpec("", (P, C), "r", "the graph's roots"))
_SPEC = {s.name: s for s in STEPS}
OPS = {"+": K.SUM, "*": K.MUL, "-": K.SUB, "/": K.DIV, "tanh": K.Act(Activation.TANH), "exp": K.EXP,
       "relu": K.Act(Activation.RELU), "sigmoid": K.Act(Activation.SIGMOID), "neg": K.Scale(X.const(-1))}
ARITY = {"-": 2, "/": 2, "tanh": 1, "exp": 1, "relu": 1, "sigmoid": 1, "neg": 1, "**": 2}
POWERS = {2: K.SQUARE, -1: K.RECIP, 1: K.COPY}


@dataclass(frozen=True)
class GraphCfg:
    # (name, op or "" for a leaf, inputs: a node's name or a number, the leaf's value)
    nodes: tuple[tuple[str, str, tuple[str | Number, ...], Number | None], ...]
    roots: tuple[str, ...]


class Graph(BlockKind):
    name = "graph"
    prefix = "graph"
    steps = STEPS
    params = ("node",)

    def read(self, r, table, key, ctx: ReadContext):
        r.table(table, key, {"kind", "nodes", "roots"}, "nodes, roots")
        raw = table.get("nodes")
        if not isinstance(raw, list) or not raw:
            raise r.fail("a graph needs its nodes", key + ("nodes",),
                         expected='nodes = [["a", "2.0"], ["e", "*", "a", "b"], …]', found=repr(raw))
        nodes: list[tuple[str, str, tuple[str | Number, ...], Number | None]] = []
        seen: set[str] = set()
        for k, n in enumerate(raw):
            at = key + ("nodes", k)
            if not isinstance(n, list) or len(n) < 2 or not all(isinstance(x, str) for x in n) or n[0] in seen or \
                    not n[0] or n[0][:1].isdigit() or "." in n[0] or "[" in n[0]:
                raise r.fail("a node is [name, value] or [name, op, input, …], its name new", at,
                             expected='["a", "2.0"] or ["e", "*", "a", "b"]', found=repr(n))
            if len(n) == 2:
                nodes.append((n[0], "", (), r.number(n[1], at + (1,))))
            else:
                op, ins = n[1], n[2:]
                if (op not in OPS and op != "**") or (op in ARITY and len(ins) != ARITY[op]) or \
                        (op in ("+", "*") and len(ins) < 2) or \
                        (op == "**" and (_whole(ins[1]) not in POWERS or ins[0] not in seen)):
                    raise r.fail(f"the node {n[0]!r} has no operation this block knows", at,
                                 expected="+ * (two or more), - /, ** 2 or ** -1, tanh, exp, relu, sigmoid, neg",
                                 found=repr(n))
                args: list[str | Number] = []
                for j, x in enumerate(ins):
                    if x in seen or op == "**" and j == 1:
                        args.append(x)
                    else:
                        args.append(r.number(x, at + (j + 2,)))  # a number in the operation: a constant
                nodes.append((n[0], op, tuple(args), None))
            seen.add(n[0])
        if len(ctx.positions) != 1:
            raise r.fail("a graph is computed once: the model has one position", key,
                         expected='tokens = ["x"]', found=f"{len(ctx.positions)} positions")
        roots = table.get("roots")
        if not isinstance(roots, list) or not roots or not all(isinstance(x, str) and x in seen for x in roots):
            raise r.fail("a graph's roots are some of its nodes", key + ("roots",), expected='roots = ["L"]',
                         found=repr(roots))
        return GraphCfg(tuple(nodes), tuple(roots)), len(roots)

    def build(self, b: Builder, cfg: GraphCfg, place: Place, x: Step, outputs) -> Step:
        steps: dict[str, Step] = {}
        n_pos = x.dims[0]
        for name, op, ins, value in cfg.nodes:
            if not op:
                assert value is not None
                steps[name] = b.given(_SPEC["node"], place, ((value,),), sub=name)
                continue
            if op == "**":
                kind = POWERS[_whole(ins[1])]  # type: ignore[index]
                inputs: tuple[Step, ...] = (steps[ins[0]],)  # type: ignore[index]
            else:
                kind = OPS[op]
                inputs = tuple(steps[i] if isinstance(i, str) else
                               b.given(_SPEC["node"], place, ((i,),), param=False, sub=f"{name}.c{k + 1}")
                               for k, i in enumerate(ins))
            if op == "*" and len(inputs) > 2:
                head = inputs[0]  # a product of three: (a·b)·c, each product a node of its own
                for k, nxt in enumerate(inputs[1:-1], start=1):
                    head = self._node(b, place, f"{name}.p{k}", K.MUL, (head, nxt), n_pos)
                inputs, kind = (head, inputs[-1]), K.MUL
            steps[name] = self._node(b, place, name, kind, inputs, n_pos)
        roots = [steps[r] for r in cfg.roots]
        return b.add(place.key(""), _SPEC[""], (n_pos, len(roots)),
                     Map(lambda idx: (K.COPY, ((idx[1], (0, 0)),))), tuple(roots), place=place)

    def _node(self, b: Builder, place: Place, name: str, kind: K.Kind, inputs: tuple[Step, ...], n_pos: int) -> Step:
        return b.add(place.key(name), _SPEC["node"], (1, 1), Map(lambda idx: (kind, tuple((k, (0, 0)) for k in
                                                                                       range(len(inputs))))),
                     inputs, place=place)

    def general_tex(self, cfg, place, model):
        return [r"v_i = \mathrm{op}_i(v_j, \dots)"]


def _whole(text) -> int | None:
    try:
        f = Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        return None
    return int(f) if f.denominator == 1 else None


KIND = Graph()
