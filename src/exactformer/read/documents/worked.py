"""A small network worked by hand, read from its formulas: the candidate model of a backpropagation example.

Serves documents that work a tiny network scalar by scalar (Mazur's 2-2-2 example and its many copies and
translations, a lesson's one neuron, a chain of two neurons, a ReLU unit then a sigmoid one). Such a document
states its givens in sentences ("given inputs 0.05 and 0.10", "$w = 0.3$", "`x = 1.0`") or only as the
operands of its working: a formula in symbols, then the same formula with numbers
(``net_h1 = w_1·i_1 + w_2·i_2 + b_1·1 = 0.15·0.05 + 0.2·0.1 + 0.35·1 = 0.3775``). Its formulas say how the units
connect (``net_o1 = w_5·out_h1 + …``), which activation each applies (``out_h1 = 1/(1 + e^(−net_h1))``,
``a_1 = ReLU(z_1)``) and the loss (``E_o1 = ½(target_o1 − out_o1)²``, a binary cross-entropy); the numbers set
beside them give each symbol its value. A unit the document does not write out (``out_h2 = 0.596884378``: "the
same for h2", its weights only in a figure) is the sibling of one it does, its weights numbered as that one's
are; when they are stated nowhere, its stated output stands in for it (``stated``) and every number that needs
them is left unclaimed (they are symbols). A second example that defines its output anew is a computation of
its own (a network each). The case names every symbol the document uses (``[names]``), so that a line named
``∂E_total/∂w_5`` or ``w_5⁺`` is read as that quantity (``resolve``), whatever its value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import AddressError, ExactformerError
from ...model.address import Address
from ...model.steps import BACK
from .. import grammar as G
from . import items as I
from . import symbols as S
from . import values as V

MAX_UNITS = 16  # a network worked by hand has a handful of units
MAX_LAYERS = 4


@dataclass
class _Unit:
    out: str  # its output's symbol (a key)
    act: str  # sigmoid, relu, tanh
    net: str | None = None  # its net input's symbol
    terms: list[tuple[str, str]] | None = None  # (weight, input) in the formula's order; None: not written out
    bias: str | None = None
    depth: int = 0
    index: int = 0  # within its layer, 1-based
    stated: str | None = None  # the document's value for its output, when its weights are not all stated


@dataclass
class Network:
    """What one computation's formulas say: the layers of units, the symbols' values, the loss and the rate."""

    inputs: list[str]  # symbols of the network's inputs, in order
    layers: list[list[_Unit]]
    values: dict[str, str]  # symbol → the number the document gives it (the first, when it gives several)
    target_choices: list[list[str]]  # the targets; then other values the document gives them (y = 1 said, 1.5 worked)
    loss: str  # "squared_error" (½(t − o)²), "mse" (one output's (t − o)²) or "bce"
    lr: str | None
    biases_step: bool  # the document updates a bias too
    aliases: dict[str, str] = field(default_factory=dict)  # symbol → the symbol it is another name of
    loss_names: dict[str, str] = field(default_factory=dict)  # symbol → "loss" or "loss[x][j]"
    ambiguous: set[str] = field(default_factory=set)  # symbols that name no one quantity
    givens: set[str] = field(default_factory=set)  # symbols of the givens (and of the outputs taken as stated)
    mentioned: set[str] = field(default_factory=set)  # every symbol its equations use
    own: set[str] = field(default_factory=set)  # the symbols of its own computation (not of the data before it)

    @property
    def targets(self) -> list[str]:
        return self.target_choices[0]


# ---- the equations ---------------------------------------------------------------------------------------------
_INLINE_MATH = re.compile(r"\$([^$]{1,300})\$|`([^`]{1,120})`")
_ROW_BREAKS = re.compile(r"(?:\s*\\\\(?:" + I.ROW_SPACE + r")?)+\s*$")  # an align row's \\ (or \\ \\, \\[10pt]) at its end
_OPEN_END = re.compile(r"(?:=|≈|·|×|\*|\+)\s*$")


def _lines(found: I.Items) -> list[tuple[str, int]]:
    """The document's lines that may hold an equation, each with its place: a row that goes on below (``&= …`` on
    the next row, or a row ending in an operator) joined with it, and each ``$…$`` or code span of a sentence on
    its own."""
    out: list[tuple[str, int]] = []
    open_end = False
    for k, raw in enumerate(found.prose):
        t = _ROW_BREAKS.sub("", raw.strip())
        if not t:
            continue
        goes_on = t[:1] in "&=≈" and t.lstrip("&").lstrip()[:1] in ("=", "≈")
        if out and (goes_on or open_end):
            out[-1] = (out[-1][0] + " " + t.lstrip("&").strip(), out[-1][1])
        elif "$" in t or "`" in t:
            if "=" in t.split("$", 1)[0]:  # "z = w·x + b$ and $ŷ = σ(z)": the line's outer dollars taken off
                t = f"${t}$"
            out += [(m.group(1) or m.group(2), k) for m in _INLINE_MATH.finditer(t)]
        else:
            out.append((t, k))
        open_end = "=" in t and bool(_OPEN_END.search(t))
    return out


def _equations(found: I.Items) -> list[S.Equation]:
    """The document's equations, in order, a name of letters that are symbols of their own split (σ(wx + b)); a
    matrix of symbols set equal to one of numbers (``W = (w_1 w_2; w_3 w_4) = (0.3 0.2; 0.2 0.3)``) is an equation
    a cell."""
    out = []
    for text, k in _lines(found):
        if len(text) > 2000 or not re.search(r"[=≈]", text):
            continue
        out += [e for t in _cellwise(text) + S.assignments(text) if (e := S.equation(t, k)) is not None]
    return _unjuxtaposed(out)


_SYMBOL_CELL = re.compile(r"[A-Za-z](?:_\{?[A-Za-z0-9]{1,4}\}?|[0-9]{1,3})")


def _cellwise(text: str) -> list[str]:
    """``sym = num`` for each cell of a matrix of symbols set equal to a matrix of numbers of its shape."""
    out: list[str] = []
    ms = list(V.LATEX_MATRIX.finditer(text))
    for a, b in zip(ms, ms[1:]):
        if not re.fullmatch(r"\s*=\s*", text[a.end():b.start()]):
            continue
        syms = V.latex_cells(a)
        nums = V.latex_matrix(b.group(0))
        if nums is None or not all(_SYMBOL_CELL.fullmatch(c) for row in syms for c in row):
            continue
        rows = nums if isinstance(nums[0], list) else [nums] if len(syms) == 1 else [[x] for x in nums]
        if len(rows) == len(syms) and all(isinstance(r, list) and len(r) == len(q) for r, q in zip(rows, syms)):
            out += [f"{c} = {x}" for r, q in zip(rows, syms) for c, x in zip(q, r)]
    return out


def _symbols_of(e: S.Equation) -> set[str]:
    """The symbols an equation uses: its name's (a derivative's two) and its sides'."""
    out = set(e.deriv) if e.deriv else {e.name} if e.name else set()
    for s in e.sides:
        for n in G.nodes(s.node):
            if isinstance(n, G.Name):
                out |= set(n.name[2:].split("/")) if n.name.startswith("d:") else {n.name}
    return out


def _mentioned(eqs: list[S.Equation]) -> set[str]:
    return set().union(*(_symbols_of(e) for e in eqs)) if eqs else set()


def _unjuxtaposed(eqs: list[S.Equation]) -> list[S.Equation]:
    """``σ(wx + b)``: a name of two or three letters each of which is a symbol of its own is their product."""
    known = _mentioned(eqs)
    joined = {k for k in known if re.fullmatch(r"[a-z]{2,3}", k) and all(ch in known for ch in k)}
    if not joined:
        return eqs

    def split(node):
        if isinstance(node, G.Name) and node.name in joined:
            out = G.Name(node.name[0])
            for ch in node.name[1:]:
                out = G.Bin("*", out, G.Name(ch))
            return out
        if isinstance(node, G.Neg):
            return G.Neg(split(node.x))
        if isinstance(node, G.Bin):
            return G.Bin(node.op, split(node.a), split(node.b))
        if isinstance(node, G.Call):
            return G.Call(node.fn, tuple(split(a) for a in node.args))
        return node
    return [S.Equation(e.name, e.spelled, e.deriv, tuple(S.Side(s.text, split(s.node), s.spelled) for s in e.sides),
                       e.line) for e in eqs]


# ---- the numbers set beside the symbols ------------------------------------------------------------------------
def _flat(node, op: str) -> list:
    """The operands of a chain of one associative operator (a sum's terms, signed; a product's factors)."""
    if isinstance(node, G.Bin) and node.op == op:
        return _flat(node.a, op) + _flat(node.b, op)
    if op == "+" and isinstance(node, G.Bin) and node.op == "-":
        return _flat(node.a, op) + [G.Neg(x) for x in _flat(node.b, op)]
    return [node]


def _num(node) -> str | None:
    """A number as written (a negative one with its sign), else None."""
    if isinstance(node, G.Num):
        return node.text
    if isinstance(node, G.Neg) and isinstance(node.x, G.Num):
        return "-" + node.x.text
    return None


def _zip(sym, num, pairs: list[tuple[str, str]], beside: dict[int, str],
         products: list[tuple[int, int, int]] | None = None) -> None:
    """Each symbol of a formula with the number written in its place when the formula is written again in
    numbers (the same shape: sums term by term, products factor by factor); ``beside`` keeps the number of each
    occurrence (by its node); ``products`` where a product of two symbols got two numbers (their pairs' place and
    their nodes), in case they were written in the other order."""
    if isinstance(sym, G.Name):
        n = _num(num)
        if n is not None:
            pairs.append((sym.name, n))
            beside[id(sym)] = n
        return
    if isinstance(sym, G.Neg) and isinstance(num, G.Neg):
        _zip(sym.x, num.x, pairs, beside, products)
        return
    for op, ops in (("+", ("+", "-")), ("*", ("*",))):
        if isinstance(sym, G.Bin) and sym.op in ops:
            a, b = _flat(sym, op), _flat(num, op)
            if len(a) == len(b) > 1:
                at = len(pairs)
                for x, y in zip(a, b):
                    _zip(x, y, pairs, beside, products)
                if op == "*" and len(a) == 2 and len(pairs) == at + 2 and products is not None:
                    products.append((at, id(a[0]), id(a[1])))
            return
    if isinstance(sym, G.Bin) and isinstance(num, G.Bin) and sym.op == num.op:
        _zip(sym.a, num.a, pairs, beside, products)
        _zip(sym.b, num.b, pairs, beside, products)
    elif isinstance(sym, G.Call) and isinstance(num, G.Call) and sym.fn == num.fn and len(sym.args) == len(num.args):
        for x, y in zip(sym.args, num.args):
            _zip(x, y, pairs, beside, products)


def _values(eqs: list[S.Equation]) -> tuple[dict[str, list[str]], dict[int, str]]:
    """Each symbol's numbers in these equations: those the working sets beside it (a formula, then the same in
    numbers: on one line, or its name's next line), then those a chain ends on (``out_h2 = 0.596884378``,
    ``w = 0.3``); and the number beside each of its occurrences."""
    pairs: list[tuple[str, str]] = []
    beside: dict[int, str] = {}
    ended: list[tuple[str, str]] = []
    direct: list[tuple[str, str]] = []  # a given's value set outright (no formula defines it)
    products: list[tuple[int, int, int]] = []
    defined = {e.name for e in eqs if any(s.symbolic for s in e.sides)}
    prev: S.Equation | None = None
    for e in eqs:
        sides = e.sides
        if prev is not None and prev.name and prev.name == e.name and prev.sides[-1].symbolic and sides[0].numeric:
            _zip(prev.sides[-1].node, sides[0].node, pairs, beside, products)  # z1 = (w1 × x1 + …) ⏎ z1 = (0.15 × 0.05 + …)
        for s, t in zip(sides, sides[1:]):
            if s.symbolic and t.numeric:
                _zip(s.node, t.node, pairs, beside, products)
        last = _num(sides[-1].node)
        if e.name and not e.deriv and last is not None and _updates(e) is None:
            (direct if len(sides) == 1 and e.name not in defined else ended).append((e.name, last))
        prev = e
    given = dict(reversed(direct))
    for at, x, y in products:  # w_5·a_1 worked as 0.552 × 0.4 where w_5 = 0.4 was given: the other order
        (p, m), (q, n) = pairs[at], pairs[at + 1]
        if m != n and (given.get(p) == n or given.get(q) == m) and given.get(p) != m and given.get(q) != n:
            pairs[at], pairs[at + 1] = (p, n), (q, m)
            beside[x], beside[y] = n, m
    values: dict[str, list[str]] = {}
    for sym, num in direct:  # w_5 = 0.4 gives a given outright; w_5·a_1 = 0.552 × 0.4 may have its factors swapped
        if num not in values.setdefault(sym, []):
            values[sym].append(num)
    for sym, num in pairs:
        values.setdefault(sym, []).append(num)
    for sym, num in ended:
        if num not in values.setdefault(sym, []):
            values[sym].append(num)
    return values, beside


# ---- the formulas' shapes --------------------------------------------------------------------------------------
_ACTS = {"sigmoid": "sigmoid", "σ": "sigmoid", "relu": "relu", "tanh": "tanh"}


def _activation(node) -> tuple[str, object] | None:
    """``σ(z)``, ``ReLU(z)``, ``tanh(z)``, ``max(0, z)`` or ``1/(1 + e^(−z))``: the activation and its argument."""
    if isinstance(node, G.Call) and node.fn in _ACTS and len(node.args) == 1:
        return _ACTS[node.fn], node.args[0]
    if isinstance(node, G.Call) and node.fn == "max" and len(node.args) == 2 and _num(node.args[0]) == "0":
        return "relu", node.args[1]
    if isinstance(node, G.Bin) and node.op == "/" and _num(node.a) == "1" and isinstance(node.b, G.Bin) and \
            node.b.op == "+" and _num(node.b.a) == "1":
        p = node.b.b
        if isinstance(p, G.Bin) and p.op == "^" and isinstance(p.a, G.EulerE) and isinstance(p.b, G.Neg):
            return "sigmoid", p.b.x
        if isinstance(p, G.Call) and p.fn == "exp" and len(p.args) == 1 and isinstance(p.args[0], G.Neg):
            return "sigmoid", p.args[0].x
    return None


def _named_activation(node, sides) -> tuple[str, object] | None:
    """``a = f(z) = 1/(1 + e^(−0.95))``: an activation under a letter of its own (f, g, φ), applied to a symbol,
    whose kind a numeric side of the same line shows; else None."""
    if not (isinstance(node, G.Bin) and node.op == "*" and isinstance(node.a, G.Name) and
            node.a.name in _GENERIC_ACTS and isinstance(node.b, G.Name)):
        return None
    kinds = {got[0] for s in sides if not s.symbolic and (got := _activation(s.node)) is not None}
    return (kinds.pop(), node.b) if len(kinds) == 1 else None


_GENERIC_ACTS = {"f", "g", "φ", "ϕ"}  # letters documents name an activation by (f(z) = 1/(1 + e^(−z)))


def _linear(node) -> tuple[list[tuple[G.Name, G.Name]], str | None] | None:
    """A sum of products of two symbols and at most one lone symbol (or a symbol times 1): the terms in the
    formula's order, as their symbols' nodes, and the bias; None for anything else."""
    terms: list[tuple[G.Name, G.Name]] = []
    bias = None
    for t in _flat(node, "+"):
        if isinstance(t, G.Neg):
            return None
        fs = [f for f in _flat(t, "*") if _num(f) != "1"]
        if len(fs) == 2 and isinstance(fs[0], G.Name) and isinstance(fs[1], G.Name):
            terms.append((fs[0], fs[1]))
        elif len(fs) == 1 and isinstance(fs[0], G.Name) and bias is None:
            bias = fs[0].name
        else:
            return None
    return (terms, bias) if terms else None


TARGET_SAID = "#"  # before a target a loss writes as a number, (1 − y)², among the loss's symbols: "#1"


def _loss_kind(node) -> tuple[str, list[str]] | None:
    """A loss written on its symbols, ½(t − o)² (or |t − o|², or (1 − y)² on a target's number): squared error
    (``squared`` without the ½);
    −[y log a + (1 − y) log(1 − a)]: the binary cross-entropy; with the symbols it is written on."""
    names = [n.name for n in G.nodes(node) if isinstance(n, G.Name)]
    if any(isinstance(n, G.Call) and n.fn in ("log", "ln") for n in G.nodes(node)):
        return "bce", names
    for n in G.nodes(node):
        if isinstance(n, G.Bin) and n.op == "^" and _num(n.b) == "2":
            inner = n.a.args[0] if isinstance(n.a, G.Call) and n.a.fn == "abs" else n.a
            sides = (inner.a, inner.b) if isinstance(inner, G.Bin) and inner.op == "-" else ()
            said = [_num(x) for x in sides if not isinstance(x, G.Name)]  # (1 − y)²: a target written as a number
            if sides and any(isinstance(x, G.Name) for x in sides) and all(x is not None for x in said):
                halved = any(isinstance(m, G.Bin) and m.op == "/" and _num(m.b) == "2" or _num(m) in ("0.5", "½")
                             for m in G.nodes(node))
                return "squared_error" if halved else "squared", names + [TARGET_SAID + x for x in said if x]
    return None


def _updates(e: S.Equation) -> str | None:
    """The weight an equation updates: ``w_5^+ = …``, or ``w5 = w5 − α·∂E/∂w5`` (under its own name); else None."""
    if e.deriv:
        return None
    base = S.updated(e.name)
    if base is None and any(s.symbolic and any(isinstance(n, G.Name) and n.name == e.name for n in G.nodes(s.node))
                            for s in e.sides):
        base = e.name
    return base


@dataclass
class _Net:
    """A net input's formula: (weight or input, input or weight, the number written in the second's place) per
    term, and the bias."""

    terms: list[tuple[str, str, str | None]]
    bias: str | None

    def same(self, other: _Net) -> bool:
        return [t[:2] for t in self.terms] == [t[:2] for t in other.terms] and self.bias == other.bias


class _Formulas:
    """What a computation's equations define, symbol by symbol: activations, net inputs, losses, sums of losses,
    aliases, the learning rate's symbol and the weights updated."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}
        self.acts: dict[str, tuple[str, str]] = {}  # output → (activation, its net's symbol)
        self.nets: dict[str, _Net] = {}
        self.losses: dict[str, tuple[str, list[str]]] = {}
        self.totals: dict[str, list[str]] = {}
        self.rates: list[str] = []
        self.updates: set[str] = set()

    def canon(self, s: str) -> str:
        seen = set()
        while s in self.aliases and s not in seen:
            seen.add(s)
            s = self.aliases[s]
        return s

    def alias(self, a: str, b: str, keep: bool = False) -> None:
        """a and b name one quantity: b's name is kept when ``keep`` or when a is the one defined already."""
        a, b = self.canon(a), self.canon(b)
        if a == b:
            return
        if not keep and (a in self.acts or a in self.nets):
            a, b = b, a
        self.aliases[a] = b

    def read(self, e: S.Equation, beside: dict[int, str]) -> None:
        base = _updates(e)
        if base is not None:
            self.updates.add(base)
            for s in e.sides:  # w_5⁺ = w_5 − η·∂E/∂w_5: the rate is the derivative's factor
                for t in _flat(s.node, "+"):
                    fs = _flat(t.x if isinstance(t, G.Neg) else t, "*")
                    names = [f.name for f in fs if isinstance(f, G.Name)]
                    if len(fs) == 2 and len(names) == 2 and sum(n.startswith("d:") for n in names) == 1:
                        self.rates.append(next(n for n in names if not n.startswith("d:")))
            return
        subject = e.name
        prev: _Net | None = None  # the net input the side before wrote (σ(w·a + b) = σ(w·x + b): a is x)
        for s in e.sides:
            node = s.node
            if isinstance(node, G.Name):  # ŷ = a^(3): another name of it
                if not node.name.startswith("d:"):
                    self.alias(subject, node.name)
                continue
            if not s.symbolic:
                continue
            act = _activation(node) or _named_activation(node, e.sides)
            got = self._net(act[1] if act is not None else node, beside)
            if prev is not None and got is not None:
                self._same_but_one(prev, got)
            prev = got or prev
            if act is not None:
                if subject in self.nets:  # z^(3) = w·a + b = σ(…): a net input is no unit's output
                    continue
                net = act[1].name if isinstance(act[1], G.Name) else None
                mine = self.acts.get(self.canon(subject))
                if net is None and got is not None:  # σ(w·x + b): the net input written inside
                    net = mine[1] if mine is not None and mine[1] not in self.nets else \
                        next((n for n, v in self.nets.items() if v.same(got)), f"net#{len(self.nets) + 1}")
                    self.nets.setdefault(net, got)
                if net is not None and net != subject and (mine is None or _numbered_as(subject, net, mine[1])):
                    self.acts[self.canon(subject)] = (act[0], net)
            elif got is not None:
                self.nets.setdefault(subject, got)
            elif (kind := _loss_kind(node)) is not None:
                self.losses.setdefault(subject, kind)
            elif len(parts := _flat(node, "+")) > 1 and all(isinstance(p, G.Name) for p in parts):
                self.totals.setdefault(subject, [p.name for p in parts])  # E_total = E_o1 + E_o2

    def _net(self, node, beside: dict[int, str]) -> _Net | None:
        lin = _linear(node)
        if lin is None:
            return None
        return _Net([(a.name, b.name, beside.get(id(b)) or beside.get(id(a))) for a, b in lin[0]], lin[1])

    def _same_but_one(self, a: _Net, b: _Net) -> None:
        """Two sides that write one net input, one symbol apart (w·a^(1) + b = w·x + b): that symbol's two names."""
        xs = [y for t in a.terms for y in t[:2]] + [a.bias]
        ys = [y for t in b.terms for y in t[:2]] + [b.bias]
        diff = [(x, y) for x, y in zip(xs, ys) if x != y]
        if len(xs) == len(ys) and len(diff) == 1 and diff[0][0] and diff[0][1]:
            self.alias(diff[0][0], diff[0][1])  # type: ignore[arg-type]


# ---- the networks ----------------------------------------------------------------------------------------------
def read(found: I.Items) -> list[Network]:
    """The networks the document's formulas describe, one per computation it works (a second example that
    defines its output anew starts one), each read with the equations before the first (the loss, the data);
    none when they describe none (or one too large)."""
    eqs = _equations(found)
    parts = _parts(eqs)
    defined: dict[str, int] = {}
    for _, part in parts:
        for sym in {e.name for e in part if e.name and not e.deriv and any(s.symbolic for s in e.sides)}:
            defined[sym] = defined.get(sym, 0) + 1
    redefined = {sym for sym, n in defined.items() if n > 1}  # ŷ of one example and of another: no one quantity
    anywhere = _values(eqs)[0]  # (a rate another computation of the same post states)
    out = []
    before: list[S.Equation] = []  # the example before, with what it took from its own example before
    for k, (prologue, part) in enumerate(parts):
        if k and not any(_loss_kind(s.node) for e in part for s in e.sides if s.symbolic):
            # "now with ReLU": of the example before, the formulas this one does not write again (ŷ = w_2·h, the loss)
            mine = {e.name for e in part if e.name and any(s.symbolic for s in e.sides)}
            part = [e for e in before if e.name and not e.deriv and e.name not in mine and
                    all(s.symbolic for s in e.sides)] + part
        before = part
        if k:  # the data before the first computation, where this one does not state its own (x = 1 again)
            stated = {e.name for e in part}
            prologue = [e for e in prologue if e.name not in stated]
        net = _network(found, prologue + part, anywhere)
        if net is not None:
            net.ambiguous |= redefined
            net.own = _mentioned(part)
            out.append(net)
    return out


MAX_REWIND = 8  # formulas before a redefinition taken into the new computation (a few lines, never the document)


def _parts(eqs: list[S.Equation]) -> list[tuple[list[S.Equation], list[S.Equation]]]:
    """The computations the equations work, each as (the equations before the first one, its own): a new one
    starts where a unit's output already defined is defined again on symbols not seen since the last start (ŷ =
    σ(z) of one neuron, later ŷ = a^(3) = σ(z^(3)) of two)."""
    starts: list[int] = []
    seen: set[str] = set()
    outs: dict[str, tuple[str, int]] = {}  # each output defined since the last start → its formula's form, where
    k = 0
    while k < len(eqs):
        e = eqs[k]
        syms, form = _symbols_of(e), _form(e)
        if form and (not starts or (e.name in outs and (
                syms - seen or form != outs[e.name][0] and "alias" not in (form, outs[e.name][0])))):
            j = k  # the new computation's formulas just before (h = σ(w_1·x) before ŷ = w_2·h) are its own
            while starts and j > max(starts[-1] + 1, k - MAX_REWIND) and (
                    not eqs[j - 1].name or outs.get(eqs[j - 1].name, ("", -1))[1] == j - 1):
                j -= 1
            starts.append(j)
            seen, outs, k = set(), {}, j
            e = eqs[k]
            syms, form = _symbols_of(e), _form(e)
        seen |= syms
        if form:
            outs.setdefault(e.name, (form, k))
        k += 1
    bounds = starts + [len(eqs)]
    return [(eqs[:starts[0]], eqs[a:b]) for a, b in zip(bounds, bounds[1:])]


def _form(e: S.Equation) -> str:
    """What an equation defines its name as: ``act:σ`` (an activation), ``linear`` (a net input, a linear unit) or
    ``alias`` (another name); "" when it defines nothing (a number, a derivative, an update)."""
    if not e.name or e.deriv or _updates(e) is not None:
        return ""
    for s in e.sides:
        if s.symbolic and (act := _activation(s.node)) is not None:
            return "act:" + act[0]
    if any(s.symbolic and _linear(s.node) for s in e.sides):
        return "linear"
    return "alias" if any(s.symbolic and isinstance(s.node, G.Name) for s in e.sides) else ""


def _network(found: I.Items, eqs: list[S.Equation], anywhere: dict[str, list[str]]) -> Network | None:
    """The network of one computation's equations, or None when they describe none (or one too large)."""
    values, beside = _values(eqs)
    f = _Formulas()
    for e in eqs:
        if e.name and not e.deriv:
            f.read(e, beside)
    if not (f.acts or f.losses) or len(f.acts) > MAX_UNITS:
        return None
    units, formulas = _units(f)
    if not units:
        return None
    order = _layers(f, units, formulas, values, _mentioned(eqs))
    if order is None:
        return None
    inputs = order.pop(0)
    vals = {s: v[0] for s, v in values.items() if v}
    for layer in order:
        for u in layer:
            if any(w not in vals for w, _ in u.terms or ()) or (u.bias and u.bias not in vals):
                u.stated = _first(values.get(u.out))  # its weights in a figure: its output as the document has it
                if u.stated is None:
                    return None
    if any(i not in vals for i in inputs):
        said = _said_list(found.prose, _INPUT_WORDS, len(inputs))
        if said is None:
            return None
        vals |= {s: v for s, v in zip(inputs, said) if s not in vals}
    _one_output(f, order[-1])
    canon = f.canon
    kind = "bce" if any(k == "bce" for k, _ in f.losses.values()) or (
        not f.losses and _BCE_WORDS.search(" ".join(found.prose).lower())) else "squared_error"
    if kind != "bce" and f.losses and all(k == "squared" for k, _ in f.losses.values()) and len(order[-1]) == 1:
        kind = "mse"  # (t − o)² with no ½ before it: of one output, the mean of its squared error
    choices = _targets(order[-1], f.losses, values, found.prose, canon)
    if not choices:
        return None
    lr = _first([vals[r] for r in f.rates if r in vals] + [anywhere[r][0] for r in f.rates if anywhere.get(r)])
    if lr is None:
        from .models import stated_rate

        lr = stated_rate(" ".join(found.prose))
    updated = f.updates | _worked_updates(eqs, values)
    net = Network(inputs, order, vals, choices, kind, lr, bool(updated & _biases(order)),
                  {a: canon(a) for a in f.aliases}, ambiguous=_ambiguous(values), mentioned=_mentioned(eqs))
    net.givens = set(inputs) | {x for layer in order for u in layer for w, _ in u.terms or () for x in (w, u.bias)
                                if x} | {u.out for layer in order for u in layer if u.stated} | set(f.rates) | \
        {s for _k, syms in f.losses.values() for s in syms if canon(s) not in units}
    for name, (_k, syms) in f.losses.items():
        mine = [u for u in order[-1] if u.out in {canon(s) for s in syms}]
        net.loss_names[name] = f"loss[x][{mine[0].index}]" if len(mine) == 1 and len(order[-1]) > 1 else "loss"
    for name, parts in f.totals.items():  # E_total = E_o1 + E_o2: the loss, whatever a part worked alone says
        if any(p in net.loss_names for p in parts):
            net.loss_names[name] = "loss"
    return net


def _one_output(f: _Formulas, outs: list[_Unit]) -> None:
    """The loss written on ŷ of the one output unit the formulas call ŷ_1: the same quantity."""
    if len(outs) != 1:
        return
    out = outs[0].out
    for _kind, syms in f.losses.values():
        for s in syms:
            if f.canon(s) != out and out == f"{s}1" and s not in f.acts and s not in f.nets:
                f.alias(s, out, keep=True)


def _units(f: _Formulas) -> tuple[dict[str, _Unit], dict[str, _Net]]:
    """Each activation's output as a unit, with its net input's formula; a unit written twice under two names (out_h1
    and a_h1, net_o1 and y1) is one. A function defined in general (f(x) = 1/(1 + e^(−x))) is no unit."""
    units: dict[str, _Unit] = {}
    formulas: dict[str, _Net] = {}
    for out, (fn, net) in f.acts.items():
        out = f.canon(out)
        formula = f.nets.get(net) or f.nets.get(f.canon(net))
        if formula is None:
            continue
        same = next((o for o, x in formulas.items() if x.same(formula) and units[o].act == fn), None)
        if same is not None:
            f.alias(out, same, keep=True)
            if units[same].net and net != units[same].net:
                f.alias(net, units[same].net, keep=True)  # type: ignore[arg-type]
            continue
        units[out] = _Unit(out, fn, net)
        formulas[out] = formula
    nets = {f.canon(net) for _fn, net in f.acts.values()}
    judged = {f.canon(x) for _kind, syms in f.losses.values() for x in syms}
    for out, formula in f.nets.items():  # ŷ = w_5·a_1 + w_6·a_2, no activation after it: a linear output unit (or
        # ŷ = w·x, the network's one unit, when the loss is written on it)
        if out not in nets and f.canon(out) not in units and not out.startswith("net#") and \
                (any(f.canon(x) in units for t in formula.terms for x in t[:2]) or not f.acts and out in judged):
            units[f.canon(out)] = _Unit(f.canon(out), "identity", None)
            formulas[f.canon(out)] = formula
    return units, formulas


def _layers(f: _Formulas, units: dict[str, _Unit], formulas: dict[str, _Net], values: dict[str, list[str]],
            mentioned: set[str]) -> list[list] | None:
    """The network's inputs, then its layers of units (each taking every output of the one before), their weights
    told from their inputs; the siblings the document only names added (``out_h2`` beside ``out_h1``), their
    weights numbered as the written unit's. None when the units make no layers. A number written beside an
    input that the numbers say is another (w_6 × a_h1 worked as 0.45 × 0.5842) leaves ``values`` of the first."""
    canon = f.canon
    names = set(units) | {a for a in f.aliases if canon(a) in units}

    def split(formula: _Net) -> list[tuple[str, str, str | None]]:
        """(weight, input, number) per term, the weight told from the input by name."""
        return [(a, canon(b), n) if _weight_first(a, b, names) else (b, canon(a), n) for a, b, n in formula.terms]

    def deepen() -> bool:
        """Each unit's depth: a unit whose inputs are units' outputs comes after them (False: no order)."""
        terms = {o: split(x) for o, x in formulas.items()}
        for _ in range(MAX_LAYERS + 1):
            changed = False
            for o, ts in terms.items():
                d = 1 + max((units[i].depth if i in units else 0 for _w, i, _n in ts), default=0)
                if d != units[o].depth:
                    units[o].depth, changed = d, True
            if not changed:
                return True
        return False

    if not deepen():
        return None
    _siblings(f, units, mentioned)
    names |= set(units) | {a for a in f.aliases if canon(a) in units}
    if not deepen():
        return None
    layers: dict[int, list[_Unit]] = {}
    for u in units.values():
        layers.setdefault(u.depth, []).append(u)
    if len(layers) > MAX_LAYERS or sorted(layers) != list(range(1, len(layers) + 1)):
        return None
    order = [sorted(layers[d], key=lambda u: (_index(u.out) or ("", 0))[1]) for d in sorted(layers)]
    for layer in order:
        for k, u in enumerate(layer, start=1):
            u.index = k
    inputs = sorted(dict.fromkeys(i for u in order[0] if u.out in formulas for _w, i, _n in split(formulas[u.out])),
                    key=lambda s: (_index(s) or (s, 0))[1])
    prev = inputs
    for layer in order:
        for u in layer:
            if u.out in formulas:
                ts = [(w, _by_value(i, n, prev, values), n) for w, i, n in split(formulas[u.out])]
                for (_w, i, n), (_v, j, _m) in zip(split(formulas[u.out]), ts):
                    if i != j and n is not None and n in values.get(i, []):
                        values[i].remove(n)  # (that number was the other input's: no second value of this one)
                if sorted(i for _w, i, _n in ts) != sorted(prev):
                    return None
                u.terms, u.bias = [(w, i) for w, i, _n in ts], formulas[u.out].bias
        prev = [u.out for u in layer]
    for d, layer in enumerate(order):
        done = [u for u in layer if u.terms is not None]
        if not done:
            return None
        for u in layer:
            if u.terms is None:
                u.terms = _sibling_terms(done[0], u, inputs if d == 0 else [x.out for x in order[d - 1]])
                u.bias = _sibling_bias(done, u, order, d)
    for name, formula in f.nets.items():  # net_o1 = w_5·out_h1 + w_6·out_h2 + b_2: a written unit's net again
        mine = sorted((w, i) for w, i, _n in split(formula))
        for u in (u for layer in order for u in layer if u.net and u.out in formulas):
            if u.net and name != u.net and not name.startswith("net#") and canon(name) != canon(u.net) and \
                    mine == sorted(u.terms or ()) and formula.bias == u.bias:
                f.alias(name, u.net, keep=True)
    return [inputs] + order


def _siblings(f: _Formulas, units: dict[str, _Unit], mentioned: set[str]) -> None:
    """out_h2 beside out_h1 (the same stem, another number): another spelling of a written unit (a_h2, when out_h1
    is a_h1), or a unit the document only names; not the a^(1), a^(2), a^(3) of one unit a layer."""
    for m in sorted(mentioned):
        got = _index(m)
        if got is None or got[1] > 8 or f.canon(m) in units or m in f.aliases:
            continue
        for u in list(units.values()):
            own = _index(u.out)
            spelled = [x for x in [u.out] + [a for a in f.aliases if f.canon(a) == u.out]
                       if (i := _index(x)) and i[0] == got[0] and i[1] != got[1]]
            if not spelled or own is None or len({v.depth for v in units.values()
                                                  if (i := _index(v.out)) and i[0] == own[0]}) > 1:
                continue
            twin = next((v for v in units.values() if _index(v.out) == (own[0], got[1])), None)
            if twin is not None:
                f.alias(m, twin.out, keep=True)
            elif not any(_index(x.out) == got for x in units.values()):
                units[m] = _Unit(m, u.act, _sibling(u.net, got[1]) if u.net else None, depth=u.depth)
            break


def _index(sym: str) -> tuple[str, int] | None:
    """A symbol's stem and trailing number: ``outh2`` → (``outh``, 2), ``w^2`` → (``w^``, 2)."""
    m = re.fullmatch(r"(.*?[^\d])(\d{1,2})", sym)
    return (m.group(1), int(m.group(2))) if m else None


def _numbered_as(out: str, net: str, other: str) -> bool:
    """Is ``net`` numbered as the unit's output and ``other`` not (a_2 = σ(z_1) = 1/(1 + e^(−z_2)): a slip of the
    pen in the first side, the second numbered as a_2)?"""
    k = _index(out)
    return k is not None and (_index(net) or ("", -1))[1] == k[1] != (_index(other) or ("", -1))[1]


def _sibling(sym: str, n: int) -> str:
    idx = _index(sym)
    return f"{idx[0]}{n}" if idx else f"{sym}#{n}"


_WEIGHTY = re.compile(r"[wWθv]")
_INPUTY = re.compile(r"x|i\d|in|a|h|out|o\d|yhat")


def _weight_first(a: str, b: str, units: set[str]) -> bool:
    """Whether, of a product of two symbols, the first is the weight (``w_1·i_1``) rather than the second
    (``x·w_1``, ``a_1·w_2``): a unit's output or an input's name is the input."""
    if b in units or _WEIGHTY.match(a) and not _WEIGHTY.match(b):
        return True
    if a in units or _WEIGHTY.match(b) and not _WEIGHTY.match(a):
        return False
    return not _INPUTY.match(a)


def _by_value(sym: str, num: str | None, prev: list[str], values: dict[str, list[str]]) -> str:
    """The input a formula's symbol stands for: itself, unless the number written in its place is another
    input's value and not its own (``w_6 × a_h1`` worked as 0.45 × 0.5842, which is a_h2's)."""
    if num is None or sym not in prev or num in values.get(sym, [])[:1]:
        return sym
    return next((o for o in prev if o != sym and num in values.get(o, [])[:1]), sym)


def _sibling_terms(written: _Unit, u: _Unit, ins: list[str]) -> list[tuple[str, str]]:
    """A unit's weights, numbered as its written sibling's are: one after the other into each unit (w1, w2 into
    h1, w3, w4 into h2) or one after the other from each input (w1, w3 into h1, w2, w4 into h2)."""
    assert written.terms is not None
    nums = {i: got for w, i in written.terms if (got := _index(w)) is not None}
    if len(nums) != len(written.terms) or len({n[0] for n in nums.values()}) != 1:
        return [(f"{w}#{u.index}", i) for w, i in written.terms]
    stem = next(iter(nums.values()))[0]
    k = [nums[i][1] for i in ins if i in nums]
    shift = (u.index - written.index) * (len(ins) if len(k) < 2 or k[1] - k[0] == 1 else 1)
    return [(f"{stem}{nums[i][1] + shift}", i) for i in ins if i in nums]


def _sibling_bias(written: list[_Unit], u: _Unit, order: list[list[_Unit]], d: int) -> str | None:
    """A sibling's bias: the layer's one bias (Mazur's b1 for every hidden unit) unless the written units of the
    layer each have their own (b1, b2), or the next layer's takes a number further on; then numbered so."""
    biases = [w.bias for w in written if w.bias]
    if not biases:
        return None
    idx = _index(biases[0])
    if idx is not None and (len(set(biases)) > 1 or (len(written) == 1 and _later_bias(idx, order, d))):
        return f"{idx[0]}{idx[1] + u.index - written[0].index}"
    return biases[0]


def _later_bias(idx: tuple[str, int], order: list[list[_Unit]], d: int) -> bool:
    """Whether the next layer's bias takes a number further on (b1 here, b3 there: a bias per unit)."""
    nxt = [u.bias for u in order[d + 1] if u.bias and u.terms is not None] if d + 1 < len(order) else []
    got = _index(nxt[0]) if nxt else None
    return got is not None and got[0] == idx[0] and got[1] > idx[1] + 1


def _worked_updates(eqs: list[S.Equation], values: dict[str, list[str]]) -> set[str]:
    """The symbols a line of working updates in numbers: ``b_2 = 0.2 − 0.5·(−0.0742) ≈ 0.2371``, its first
    side its first value less a product (the step)."""
    out = set()
    for e in eqs:
        first = values.get(e.name) if e.name and not e.deriv else None
        if not first or not e.sides or not e.sides[0].numeric:
            continue
        node = e.sides[0].node
        if not (isinstance(node, G.Bin) and node.op in ("-", "+")):
            continue
        start = _num(node.a)
        if start is not None and V.number(start) == V.number(first[0]) and isinstance(node.b, (G.Bin, G.Neg)):
            out.add(e.name)
    return out


def _biases(order: list[list[_Unit]]) -> set[str]:
    return {u.bias for layer in order for u in layer if u.bias}


def _first(xs) -> str | None:
    return xs[0] if xs else None


def _ambiguous(values: dict[str, list[str]]) -> set[str]:
    """The symbols the document sets beside numbers more than 5 % apart (out_y1 worked as a net input, 1.196, and
    later as an output, 0.7676): their name says no one quantity."""
    out = set()
    for sym, nums in values.items():
        xs = [float(n) for n in nums if V.number(n) is not None]
        if xs and max(xs) - min(xs) > 0.05 * max(abs(x) for x in xs):
            out.add(sym)
    return out


_BCE_WORDS = re.compile(r"binary cross|\bbce\b|log ?loss|二值交叉|二元交叉|二値交差|이진 교차")
_NUM = V.NUMBER.pattern
_LIST = r"(" + _NUM + r"(?:\s*(?:,|and|und|et|y|e|与|和|及|、|와|과)\s*" + _NUM + r")+)"
_INPUT_WORDS = r"inputs?|输入|入力|입력|entradas?|entrées?|eingaben?|ingressi|входы?"
_OUTPUT_WORDS = (r"targets?|desired outputs?|outputs?|labels?|输出|目标|出力|目標|正解|출력|목표|salidas?|objetivos?|"
                 r"sorties?|cibles?|ausgaben?|zielwerte?")


def _said_list(prose: list[str], words: str, n: int) -> list[str] | None:
    """The numbers a sentence lists after its word ("given inputs 0.05 and 0.10", "we want it to output 0.01 and
    0.99", "输入为 0.05 与 0.10"), when there are n of them."""
    rx = re.compile(r"(?i:" + words + r")[^.。\d=]{0,30}?(?<![\w.])" + (_LIST if n > 1 else r"(" + _NUM + r")"))
    for line in prose:
        for m in rx.finditer(V.clean(line)):
            nums = re.findall(_NUM, m.group(1))
            if len(nums) == n:
                return nums
    return None


_TARGET_SYMBOLS = re.compile(r"(?:t|target|y|ytrue|label|yt|d)\w{0,4}")


def _targets(outs: list[_Unit], losses, values: dict[str, list[str]], prose: list[str], canon) -> list[list[str]]:
    """Each output's target: the symbol its loss is written against (target_o1 = 0.01 in ½(target_o1 − out_o1)²),
    else the list a sentence states, else y, t or target given one by one. Several ways when the document gives
    one output's target two values (y = 1 said, 1.5 worked): the first, then the others; none when it gives
    none."""
    per: dict[int, str] = {}
    sym: dict[int, str] = {}
    outs_of = {u.out for u in outs}
    for _k, syms in losses.values():
        mine = [u for u in outs if u.out in {canon(s) for s in syms}]
        other = list(dict.fromkeys(s for s in syms if canon(s) not in outs_of and s in values and
                                   _TARGET_SYMBOLS.fullmatch(s)))
        written = [s[len(TARGET_SAID):] for s in syms if s.startswith(TARGET_SAID)]
        if len(mine) == 1 and len(written) == 1:
            per.setdefault(mine[0].index, written[0])
        elif len(mine) == 1 and len(other) == 1:
            per.setdefault(mine[0].index, values[other[0]][0])
            sym.setdefault(mine[0].index, other[0])
    if len(per) < len(outs):
        said = _said_list(prose, _OUTPUT_WORDS, len(outs))
        if said is not None:
            per = {u.index: per.get(u.index, v) for u, v in zip(outs, said)}
        elif len(outs) == 1 and (got := next((s for s in ("y", "t", "target", "ytrue", "label", "yt")
                                              if s in values and canon(s) not in outs_of), None)) is not None:
            per, sym = {1: values[got][0]}, {1: got}
    if len(per) < len(outs):
        return []
    first = [per[u.index] for u in outs]
    if len(outs) > 1 or 1 not in sym:
        return [first]
    out, seen = [first], {V.number(first[0])}
    for v in values[sym[1]]:
        if V.number(v) not in seen:
            seen.add(V.number(v))
            out.append([v])
    return out


# ---- the case --------------------------------------------------------------------------------------------------
def spec(net: Network) -> tuple[dict, list[str]]:
    """The network as a case's tables (model, train, names) and the notes on it."""
    blocks = _block_names(len(net.layers), net.mentioned | set(net.values) | set(net.loss_names))
    ins = net.inputs
    layer_spec: dict = {"blocks": blocks}
    names: dict[str, str] = {}
    params: list[str] = []
    for name, layer in zip(blocks, net.layers):
        W = [[_given(net, w) for w, _ in sorted(u.terms or [], key=lambda t: ins.index(t[1]))] for u in layer]
        cfg: dict = {"kind": "linear", "W": [list(col) for col in zip(*W)], "activation": layer[0].act}
        if any(u.bias for u in layer):
            cfg["b"] = [_given(net, u.bias) if u.bias else "0" for u in layer]
        if any(u.stated for u in layer):
            cfg["stated"] = [u.stated or "" for u in layer]
        layer_spec[name] = cfg
        params += [f"L1.{name}.W"] + ([f"L1.{name}.b"] if net.biases_step and "b" in cfg else [])
        for u in layer:
            names.setdefault(u.out, f"L1.{name}[x][{u.index}]")
            if u.net and not u.net.startswith("net#"):
                names.setdefault(u.net, f"L1.{name}.net[x][{u.index}]")
            for w, i in u.terms or []:
                names.setdefault(w, f"L1.{name}.W[{ins.index(i) + 1}][{u.index}]")
            if u.bias and u.bias in net.values:
                names.setdefault(u.bias, f"L1.{name}.b[{u.index}]")
        ins = [u.out for u in layer]
    for k, s in enumerate(net.inputs, start=1):
        names.setdefault(s, f"X[x][{k}]")
    for a, b in net.aliases.items():
        if b in names:
            names.setdefault(a, names[b])
    names |= {k: v for k, v in net.loss_names.items() if k not in names}
    names |= _errors(net, names, blocks[-1])
    model: dict = {"tokens": ["x"], "embeddings": {"x": [net.values[s] for s in net.inputs]}, "layers": [layer_spec],
                   "loss": {"kind": net.loss, "targets": {"x": net.targets}} |
                   ({"reduction": "sum"} if net.loss == "squared_error" else {})}
    out: dict = {"model": model}
    if net.lr is not None:
        out["train"] = {"lr": net.lr, "steps": 1, "params": params}
    out["names"] = {k: v for k, v in names.items() if _NAME_KEY.fullmatch(k) and k not in net.ambiguous}
    shape = "-".join(str(len(x)) for x in [net.inputs] + net.layers)
    acts = "/".join(dict.fromkeys(layer[0].act for layer in net.layers))
    unknown = sorted({w for layer in net.layers for u in layer for w, _ in u.terms or [] if w not in net.values})
    notes = [f"a {shape} {acts} network from the document's formulas and the numbers worked in them (inputs "
             f"{', '.join(net.values[s] for s in net.inputs)}, targets {', '.join(net.targets)}, loss "
             f"{_LOSS_WORDS[net.loss]}"
             + (f", one step at learning rate {net.lr}" if net.lr else "") + ")"]
    if unknown:
        notes.append(f"weights stated nowhere in the text ({', '.join(unknown)}): the units they feed are taken at "
                     "the outputs the document states, and what needs those weights is not claimed")
    return out, notes


def _block_names(n: int, symbols: set[str]) -> list[str]:
    """The layers' names in the case: h and o (n for a lone unit, h1, h2, … for more hidden layers), unless the
    document's own symbols use them (h = σ(z_1)), whose names would shadow them."""
    for lone, hidden, out in (("n", "h", "o"), ("output", "hidden", "output"), ("top", "layer", "top")):
        names = [lone] if n == 1 else [hidden, out] if n == 2 else [f"{hidden}{k}" for k in range(1, n)] + [out]
        if not set(names) & symbols:
            return names
    return [f"L{k}_" for k in range(1, n + 1)]


_LOSS_WORDS = {"bce": "binary cross-entropy", "squared_error": "½Σ(t − o)²", "mse": "(t − o)²"}
_NAME_KEY = re.compile(r"[^\W\d_][\w^]{0,15}")


def _errors(net: Network, names: dict[str, str], last: str) -> dict[str, str]:
    """E_o1 where o1 tags output 1's other symbols (net_o1, out_o1): that output's error, though the document
    defines it under another name (E_y1)."""
    out: dict[str, str] = {}
    if len(net.layers[-1]) < 2:
        return out
    for sym in sorted(net.mentioned - set(names)):
        m = re.fullmatch(r"[EL](\w{1,4})", sym)
        if m is None:
            continue
        owners = {names[k].rsplit("[", 1)[1] for k in names if k != sym and
                  re.fullmatch(r"[^\W\d]+" + re.escape(m.group(1)), k) and
                  re.fullmatch(rf"L1\.{last}(?:\.net)?\[x\]\[\d+\]", names[k])}
        if len(owners) == 1:
            out[sym] = f"loss[x][{owners.pop()}"
    return out


def _given(net: Network, sym: str) -> str:
    """A given's number, or the symbol itself when the document states it nowhere (a weight only in a figure)."""
    return net.values.get(sym) or re.sub(r"\W", "_", sym)


# ---- the document's names for the model's quantities ----------------------------------------------------------
def symbols_named(name: str) -> set[str]:
    """The symbols a document's name for a number is written with: ``w_5^+`` → {w5}, ``∂E/∂w_5`` → {E, w5}."""
    d = S.derivative(name)
    if d is not None:
        return set(d)
    call = S.CALL_NAME.match(name)
    k = S.key(call.group(1) if call else name)
    return {S.updated(k) or k} if k else set()


_LOSS_SYMBOLS = ("L", "E", "J", "C", "loss", "Loss", "Etotal")  # ∂L/∂w2 where the document's loss has no name


def resolve(name: str, g) -> Address | None:
    """The quantity a document's name for a number stands for, in a model whose ``[names]`` are the document's
    symbols: a symbol (``out_{h1}`` → L1.h[x][1]); a weight after the step (``w_5^+``, ``w_{new}`` → step1.…); or a
    derivative: of the loss (``∂E_total/∂w_5``, ``dL/da_2``) → that gradient; of one output's error by a hidden
    unit's output (``∂E_o1/∂out_h1``) → that output's share of its gradient (δ_o1·w_5); of an output by its own
    net input → its slope; of a net input by a weight → the input the weight multiplies; by an input → the
    weight (a given). None when the name says none of these."""
    names = dict(g.model.names)
    if not names or not name:
        return None
    d = S.derivative(name)
    loss = g.loss_step
    try:
        if d is None:
            call = S.CALL_NAME.match(name)
            k = S.key(call.group(1) if call else name)
            if k in names:
                return g.parse(names[k])
            base = S.updated(k)
            if base is not None and base in names and g.model.train is not None:
                a = g.parse(names[base])
                return a.at(t=1) if g.trainable(a) else None
            return None
        if d[1] not in names or (d[0] not in names and not (d[0] in _LOSS_SYMBOLS and loss is not None)):
            return None
        a = g.parse(names[d[0]]) if d[0] in names else Address(loss.key, ())
        b = g.parse(names[d[1]])
    except (AddressError, ExactformerError):
        return None
    sa, sb = g.step(a.step), g.step(b.step)
    if sa is loss:
        return b.at(grad=True)
    if sa.spec.name == "loss.comp":  # one output's error
        out = sa.inputs[0]
        net = next((i for i in out.inputs if i.spec.name == "net"), None)
        if sb in (out, net) and b.idx[-1] == a.idx[-1]:
            return b.at(grad=True)
        back = g.steps.get(f"{out.key}.{BACK}") if net is not None else None
        if back is not None and net is not None and sb is net.inputs[0] and len(b.idx) == 2:
            return Address(back.key, (a.idx[0], b.idx[1], a.idx[-1]))
        return None
    if sa.spec.name == "" and sb.spec.name == "net" and sa.block == sb.block and a.idx == b.idx:
        slope = g.steps.get(f"{sa.key}.slope")  # ∂out_o1/∂net_o1 = out_o1(1 − out_o1)
        return Address(slope.key, a.idx) if slope is not None else None
    if sa.spec.name == "net" and len(sa.inputs) >= 2:
        x, w = sa.inputs[0], sa.inputs[1]
        if sb is w and b.idx[1] == a.idx[1]:  # ∂net_o1/∂w_5 = out_h1
            return Address(x.key, (a.idx[0], b.idx[0]))
        if sb is x and b.idx[0] == a.idx[0]:  # ∂net_o1/∂out_h1 = w_5, a given
            return Address(w.key, (b.idx[1], a.idx[1]))
    return None
