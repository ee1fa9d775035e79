"""Programs: what a notebook's code computes from the numbers written in it, and which printed number shows it.

A notebook that defines ``sigmoid``, ``cosine`` or ``forward`` and applies them to arrays typed in its cells
states its results only in its outputs. Each printed number is a claim of the arithmetic that produced it:
``print(sigmoid(np.array([-1.0, 0.0])))`` showing ``[0.26894142 0.5 ]`` is the two lines of working
``sigmoid(-1.0) = 0.26894142`` and ``sigmoid(0.0) = 0.5``.

Nothing is run. The code is parsed with :func:`ast.parse` (which executes nothing), and a small part of Python
and NumPy is interpreted on expressions in the work-line grammar: numbers as the code writes them, the four
operations and powers, ``exp``, ``log``, ``sqrt``, ``tanh``, ``maximum``, sums, means, dot products and matrix
products over arrays, indexing, ``len``, user functions, ``if`` (when floats settle the test beyond doubt),
``for`` over a range or an array, and list comprehensions (a generator expression too, as its list). Anything else (a random draw, a file, a library
model, a string method) makes the names it assigns unknown, and a cell whose prints cannot all be accounted
for is left to the other readers. A budget of steps bounds the work on any notebook.

A print is paired with its output by counting numbers: the numbers its strings write, then one per scalar of
each value it prints. When a cell's prints account for exactly the numbers its output shows, each printed
number is paired with its value, in order; a pair counts only where the float of the interpreted expression
agrees with the printed digits (else the output is stale, or the code does what we do not read).
"""

from __future__ import annotations

import ast
import io
import math
import re
import tokenize
from dataclasses import dataclass
from functools import lru_cache

from ...errors import ExactformerError, ParseError
from .. import grammar as G
from . import values as V

MAX_STEPS = 200_000  # interpreted operations per notebook
MAX_TEXT = 2_000  # characters of one scalar's expression (longer: a value without working, not a claim)
MAX_ITERATIONS = 200  # turns of one loop
MAX_ELEMENTS = 4_096  # scalars in one array
MAX_DEPTH = 24  # nested calls of user functions


class Unknown(Exception):
    """A value the interpreter does not know (a random draw, a library call, a budget spent)."""


class _Spent(Unknown):
    """The notebook's budget of steps is spent: nothing more is interpreted."""


@dataclass(frozen=True)
class S:
    """A scalar: its expression in the work-line grammar (None past MAX_TEXT), its float, whether the text is one
    token (a number, a call: no parentheses needed), whether the code wrote it as it is (a given, never a claim),
    and whether it counts things (a length, a loop counter: never a claim); ``rounded``: the working of a value the
    code rounded (``np.round(x, 4)``), which a print states at its own digits but no further working may use."""

    text: str | None
    value: float
    atom: bool = True
    given: bool = False
    count: bool = False
    rounded: str | None = None

    @property
    def working(self) -> str | None:
        """The expression a print of this value claims: its own, or the one it rounds."""
        return self.text if self.text is not None else self.rounded


def _round(a: S, digits: int) -> S:
    """A value the code rounds: printed, it claims the unrounded working at the digits it shows."""
    if not -1 <= digits <= 20:
        raise Unknown("digits")
    return S(None, round(a.value, digits), False, a.given, a.count, a.working)


class Arr(list):
    """A NumPy array: a list of scalars or of arrays (its rows), arithmetic elementwise."""


class Text(str):
    """A string value (a label the program prints)."""


def _wrap(a: S) -> str | None:
    if a.text is None:
        return None
    return a.text if a.atom and not a.text.startswith("-") else f"({a.text})"


def _op(a: S, b: S, sym: str, value: float) -> S:
    if not math.isfinite(value):
        raise Unknown("not finite")
    x, y = _wrap(a), _wrap(b)
    text = None if x is None or y is None else f"{x} {sym} {y}"
    count = (a.count or b.count) and sym in "+-*" and all(x.count or (x.given and x.value.is_integer()) for x in (a, b))
    return S(text if text is None or len(text) <= MAX_TEXT else None, value, False, False, count)


def _call(fn: str, a: S, value: float) -> S:
    if not math.isfinite(value):
        raise Unknown("not finite")
    text = None if a.text is None else f"{fn}({a.text})"
    return S(text if text is None or len(text) <= MAX_TEXT else None, value)


def _number(text: str) -> S:
    v = float(text)
    if v.is_integer() and re.fullmatch(r"\d+", text):
        return S(text, v, True, True)
    return S(text, v, not text.startswith("-"), True)


def _scalar(x) -> S:
    if isinstance(x, S):
        return x
    raise Unknown("not a number")


def _shape(x) -> tuple[int, ...]:
    if isinstance(x, list):
        return (len(x),) + (_shape(x[0]) if x else ())
    return ()


def _elementwise(f, a, b):
    """``f`` on scalars, broadcast as NumPy does for arrays of the same shape, a scalar, or a row."""
    if isinstance(a, Arr) and isinstance(b, Arr):
        if len(a) == len(b):
            return Arr(_elementwise(f, x, y) for x, y in zip(a, b))
        if len(_shape(a)) > len(_shape(b)):
            return Arr(_elementwise(f, x, b) for x in a)
        if len(_shape(b)) > len(_shape(a)):
            return Arr(_elementwise(f, a, y) for y in b)
        if len(a) == 1:
            return Arr(_elementwise(f, a[0], y) for y in b)
        if len(b) == 1:
            return Arr(_elementwise(f, x, b[0]) for x in a)
        raise Unknown("shapes do not broadcast")
    if isinstance(a, Arr):
        return Arr(_elementwise(f, x, b) for x in a)
    if isinstance(b, Arr):
        return Arr(_elementwise(f, a, y) for y in b)
    return f(_scalar(a), _scalar(b))


def _map(f, a):
    if isinstance(a, list):
        return Arr(_map(f, x) for x in a)
    return f(_scalar(a))


def _flat(a) -> list[S]:
    if isinstance(a, list):
        return [s for x in a for s in _flat(x)]
    return [_scalar(a)]


def _sum(xs: list[S]) -> S:
    if not xs:
        return S("0", 0.0, True, True)
    out = xs[0]
    for x in xs[1:]:
        out = _op(out, x, "+", out.value + x.value)
    return out


def _add(a: S, b: S) -> S:
    return _op(a, b, "+", a.value + b.value)


def _sub(a: S, b: S) -> S:
    return _op(a, b, "-", a.value - b.value)


def _mul(a: S, b: S) -> S:
    return _op(a, b, "*", a.value * b.value)


def _div(a: S, b: S) -> S:
    if b.value == 0:
        raise Unknown("division by zero")
    return _op(a, b, "/", a.value / b.value)


def _pow(a: S, b: S) -> S:
    try:
        v = a.value ** b.value
    except (OverflowError, ZeroDivisionError):
        raise Unknown("power") from None
    if isinstance(v, complex):
        raise Unknown("complex")
    return _op(a, b, "^", float(v))


def _exp(a: S) -> S:
    try:
        return _call("exp", a, math.exp(a.value))
    except OverflowError:
        raise Unknown("overflow") from None


def _log(a: S) -> S:
    if a.value <= 0:
        raise Unknown("log of a nonpositive number")
    return _call("ln", a, math.log(a.value))


def _sqrt(a: S) -> S:
    if a.value < 0:
        raise Unknown("square root of a negative number")
    return _call("sqrt", a, math.sqrt(a.value))


def _max2(a: S, b: S) -> S:
    value = max(a.value, b.value)
    text = None if a.text is None or b.text is None else f"max({a.text}, {b.text})"
    return S(text if text is None or len(text) <= MAX_TEXT else None, value)


def _dot(a, b):
    """``a @ b`` / ``np.dot``: vector·vector, matrix·vector, vector·matrix, matrix·matrix."""
    sa, sb = _shape(a), _shape(b)
    if not sa or not sb:
        return _elementwise(_mul, a, b)
    if len(sa) == 1 and len(sb) == 1:
        if sa != sb:
            raise Unknown("lengths differ")
        return _sum([_mul(x, y) for x, y in zip(a, b)])
    if len(sa) == 2 and len(sb) == 1:
        return Arr(_dot(row, b) for row in a)
    if len(sa) == 1 and len(sb) == 2:
        return Arr(_dot(a, col) for col in _transpose(b))
    if len(sa) == 2 and len(sb) == 2:
        cols = _transpose(b)
        return Arr(Arr(_dot(row, col) for col in cols) for row in a)
    raise Unknown("rank above 2")


def _transpose(a):
    s = _shape(a)
    if len(s) == 1:
        return a
    if len(s) != 2:
        raise Unknown("transpose of rank above 2")
    return Arr(Arr(row[j] for row in a) for j in range(s[1]))


def _reduce(a, axis, f):
    """``f`` (a function of a list of scalars) over all of ``a`` or along an axis of a matrix."""
    if axis is None:
        return f(_flat(a))
    s = _shape(a)
    if len(s) == 1 and axis in (0, -1):
        return f(_flat(a))
    if len(s) == 2 and axis in (1, -1):
        return Arr(f(_flat(row)) for row in a)
    if len(s) == 2 and axis == 0:
        return Arr(f(_flat(col)) for col in _transpose(a))
    raise Unknown("axis")


def _mean(xs: list[S]) -> S:
    return _div(_sum(xs), S(str(len(xs)), float(len(xs)), True, True, True))


def _max_of(xs: list[S]) -> S:
    if not xs:
        raise Unknown("max of nothing")
    out = xs[0]
    for x in xs[1:]:
        out = _max2(out, x)
    return out


def _logb(fn: str, base: float):
    def f(a: S) -> S:
        if a.value <= 0:
            raise Unknown("log of a nonpositive number")
        return _call(fn, a, math.log(a.value, base))
    return f


_UNARY = {"exp": _exp, "log": _log, "sqrt": _sqrt, "tanh": lambda a: _call("tanh", a, math.tanh(a.value)),
          "abs": lambda a: _call("abs", a, abs(a.value)), "fabs": lambda a: _call("abs", a, abs(a.value)),
          "sin": lambda a: _call("sin", a, math.sin(a.value)), "cos": lambda a: _call("cos", a, math.cos(a.value)),
          "log2": _logb("log2", 2), "log10": _logb("log10", 10)}
_CONSTANTS = {"pi": S("pi", math.pi, True, True), "e": S("e", math.e, True, True)}  # written, no claims
_MODULES = {"np", "numpy", "math", "torch", "jnp", "F", "tf"}
_REDUCERS = {"sum": _sum, "mean": _mean, "max": _max_of, "amax": _max_of}
_COUNTERS = {"shape", "size", "ndim"}


class _Return(Exception):
    def __init__(self, value) -> None:
        self.value = value


@dataclass
class Shown:
    """What a print (or a cell's last expression) shows: its values in order, each a string (its numbers are no
    claims) or a value (a scalar or array) with a factor (100 for a percent format)."""

    parts: list | None  # None: a print we could not read


@dataclass
class _Function:
    node: ast.FunctionDef
    source: str  # the cell it is written in (its numbers are read from there)


@dataclass
class _Class:
    """A class the notebook defines (``MulLayer`` with ``forward`` and ``backward``): its methods."""

    methods: dict[str, _Function]


class _Object:
    """An instance of a notebook's class: its attributes (``self.x``)."""

    def __init__(self, cls: _Class) -> None:
        self.cls = cls
        self.attrs: dict[str, object] = {}


class Interpreter:
    """One notebook's names and functions, carried from cell to cell."""

    def __init__(self) -> None:
        self.env: dict[str, object] = {}
        self.steps = 0
        self.depth = 0
        self.shown: list[Shown] = []
        self.commented: list[tuple[int, str, object]] = []  # a statement's comment stating its value: (line, text,
        self.source = ""  # value), the cell's lines counted from 1

    # statements ------------------------------------------------------------------------------------------
    def cell(self, src: str) -> list[Shown] | None:
        """Interpret a code cell; what it shows, in order, or None when some print could not be read."""
        code = "\n".join("" if re.match(r"\s*[%!]", ln) else ln for ln in src.splitlines())
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        self.source, self.shown, self.commented = code, [], []
        comments = _comments(code)
        complete = True
        body = tree.body
        for k, st in enumerate(body):
            try:
                shown = len(self.shown)
                if k == len(body) - 1 and isinstance(st, ast.Expr) and not _is_print(st.value):
                    self.shown.append(Shown([self.expr(st.value)]))  # the cell's value, shown as its result
                else:
                    self.stmt(st)
                self._commented(st, comments, self.shown[shown:])
            except _Spent:
                return None
            except (Unknown, _Return, RecursionError, ValueError, TypeError, IndexError, KeyError, ZeroDivisionError,
                    OverflowError, AttributeError):
                if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and _is_print(st.value) and \
                        not st.value.keywords:
                    self.shown.append(Shown(None))  # a print we do not read: one line, so far as we know
                else:
                    complete = complete and not _prints(st) and not (k == len(body) - 1 and isinstance(st, ast.Expr))
                self._forget(st)
        return self.shown if complete else None

    def _commented(self, st: ast.stmt, comments: dict[int, str], shown: list[Shown]) -> None:
        """The value a statement's comment states (``print(a @ b)  # -> 32``, ``c = A @ B  # [[19 22] [43 50]]``,
        or ``# output: 0.3133`` on the line above it): what it printed, shows or assigns."""
        value: object = None
        if len(shown) == 1 and shown[0].parts is not None:
            value = [p for p in shown[0].parts if not isinstance(p, Text)]
        elif isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            value = self.env.get(st.targets[0].id)
        if value is None:
            return
        end = st.end_lineno or st.lineno
        lines = self.source.splitlines()
        for line in (end, st.lineno - 1):
            said = comments.get(line)
            alone = 0 < line <= len(lines) and lines[line - 1].lstrip().startswith("#")  # a comment line of its own
            if said is not None and (line == end or (alone and _OUTPUT_SAID.search(said))):
                self.commented.append((line, said, value))
                return

    def _forget(self, st: ast.AST) -> None:
        for node in ast.walk(st):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self.env.pop(node.id, None)

    def _tick(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > MAX_STEPS:
            raise _Spent("budget")

    def block(self, body: list[ast.stmt]) -> None:
        for st in body:
            self.stmt(st)

    def stmt(self, st: ast.stmt) -> None:
        self._tick()
        if isinstance(st, ast.Expr):
            if isinstance(st.value, ast.Call) and _is_print(st.value):
                self.print_(st.value)
            elif isinstance(st.value, ast.Constant):
                return  # a docstring
            else:
                raise Unknown("an expression statement")
        elif isinstance(st, ast.Assign) and isinstance(st.value, ast.Lambda) and len(st.targets) == 1 and \
                isinstance(st.targets[0], ast.Name):  # sigmoid = lambda x: 1/(1 + np.exp(-x)): a function
            fn = ast.FunctionDef(name=st.targets[0].id, args=st.value.args, body=[ast.Return(value=st.value.body)],
                                 decorator_list=[], returns=None, type_comment=None)
            self.env[fn.name] = _Function(ast.fix_missing_locations(ast.copy_location(fn, st)), self.source)
        elif isinstance(st, ast.Assign):
            value = self.expr(st.value)
            for target in st.targets:
                self.assign(target, value)
        elif isinstance(st, ast.AugAssign):
            target = st.target
            if not isinstance(target, (ast.Name, ast.Subscript, ast.Attribute)):
                raise Unknown("augmented assignment")
            current = self.name(target.id) if isinstance(target, ast.Name) else self.expr(target)
            self.assign(target, self.binop(st.op, current, self.expr(st.value)))
        elif isinstance(st, ast.AnnAssign) and st.value is not None:
            self.assign(st.target, self.expr(st.value))
        elif isinstance(st, ast.FunctionDef):
            self.env[st.name] = _Function(st, self.source)
        elif isinstance(st, ast.ClassDef):
            methods = {n.name: _Function(n, self.source) for n in st.body if isinstance(n, ast.FunctionDef)}
            if st.bases or st.decorator_list or any(not isinstance(n, (ast.FunctionDef, ast.Pass)) and not (
                    isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)) for n in st.body):
                raise Unknown("a class")
            self.env[st.name] = _Class(methods)
        elif isinstance(st, ast.Return):
            raise _Return(self.expr(st.value) if st.value is not None else None)
        elif isinstance(st, ast.If):
            self.block(st.body if self.truth(st.test) else st.orelse)
        elif isinstance(st, ast.For):
            items = self.expr(st.iter)
            if not isinstance(items, list) or len(items) > MAX_ITERATIONS:
                raise Unknown("a loop")
            for x in list(items):
                self.assign(st.target, x)
                self.block(st.body)
            self.block(st.orelse)
        elif isinstance(st, (ast.Import, ast.ImportFrom, ast.Pass)):
            return
        else:
            raise Unknown(type(st).__name__)

    def assign(self, target: ast.expr, value) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (list, tuple)) or len(value) != len(target.elts):
                raise Unknown("unpacking")
            for t, v in zip(target.elts, value):
                self.assign(t, v)
        elif isinstance(target, ast.Attribute):  # self.x = x
            owner = self.expr(target.value)
            if not isinstance(owner, _Object):
                raise Unknown("an attribute")
            owner.attrs[target.attr] = value
        elif isinstance(target, ast.Subscript):  # x[i] = v, m[i, j] = v, m[i][j] = v (a list or an array)
            index = target.slice.elts if isinstance(target.slice, ast.Tuple) else [target.slice]
            if any(isinstance(k, ast.Slice) for k in index):
                raise Unknown("assignment to a slice")
            base = self.expr(target.value)
            for k in index[:-1]:
                base = self.subscript(base, k)
            if not isinstance(base, list) or isinstance(value, (Text, dict)):
                raise Unknown("assignment to a part")
            at = self._int(index[-1])
            if isinstance(base, Arr) and isinstance(base[at], S) and not isinstance(value, S):
                raise Unknown("an array element set to an array")
            base[at] = value
        else:
            raise Unknown("assignment to a part")

    def print_(self, call: ast.Call) -> None:
        sep, end = " ", "\n"
        for kw in call.keywords:
            v = kw.value
            if kw.arg in ("sep", "end") and isinstance(v, ast.Constant) and isinstance(v.value, str):
                if kw.arg == "sep":
                    sep = v.value
                else:
                    end = v.value
            elif kw.arg == "flush":
                continue
            else:
                raise Unknown("print to a file")
        parts: list = []
        for k, a in enumerate(call.args):
            if k:
                parts.append(Text(sep))
            parts.extend(self.shown_parts(a))
        parts.append(Text(end))
        self.shown.append(Shown(parts))

    def shown_parts(self, a: ast.expr) -> list:
        if isinstance(a, ast.JoinedStr):
            out: list = []
            for v in a.values:
                if isinstance(v, ast.Constant):
                    out.append(Text(str(v.value)))
                elif isinstance(v, ast.FormattedValue):
                    spec = "".join(str(c.value) for c in v.format_spec.values if isinstance(c, ast.Constant)) \
                        if isinstance(v.format_spec, ast.JoinedStr) else ""
                    if spec and not re.fullmatch(r":?[+ ]?\.?\d*[fegFEG%]?", spec):
                        raise Unknown("a format")
                    value = self.expr(v.value)
                    if isinstance(value, Text):
                        out.append(value)
                        continue
                    if spec.endswith("%"):
                        value = _map(lambda s: _mul(s, S("100", 100.0, True, True)), value)
                    out.append(value)
                else:
                    raise Unknown("a format")
            return out
        value = self.expr(a)
        return [value]

    def truth(self, test: ast.expr) -> bool:
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            a, b = self.expr(test.left), self.expr(test.comparators[0])
            if not isinstance(a, S) or not isinstance(b, S):
                raise Unknown("a comparison of arrays")
            if abs(a.value - b.value) <= 1e-9 * max(1.0, abs(a.value), abs(b.value)):
                raise Unknown("too close to tell")  # a float never decides a near tie
            op = test.ops[0]
            if isinstance(op, (ast.Gt, ast.GtE)):
                return a.value > b.value
            if isinstance(op, (ast.Lt, ast.LtE)):
                return a.value < b.value
            if isinstance(op, ast.NotEq):
                return True
            if isinstance(op, ast.Eq):
                return False
        raise Unknown("a test")

    # expressions -----------------------------------------------------------------------------------------
    def name(self, n: str):
        if n not in self.env:
            raise Unknown(n)
        return self.env[n]

    def expr(self, e: ast.expr):
        self._tick()
        if isinstance(e, ast.Constant):
            if e.value is None:
                return None
            if isinstance(e.value, bool):
                raise Unknown("a constant")
            if isinstance(e.value, (int, float)):
                text = _written(self.source, e) or repr(e.value)
                if not re.fullmatch(r"\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?", text):
                    text = repr(e.value)
                if not math.isfinite(float(e.value)):
                    raise Unknown("infinity")
                return _number(text)
            if isinstance(e.value, str):
                return Text(e.value)
            raise Unknown("a constant")
        if isinstance(e, ast.Name):
            return self.name(e.id)
        if isinstance(e, ast.UnaryOp):
            v = self.expr(e.operand)
            if isinstance(e.op, ast.USub):
                return _map(_negate, v)
            if isinstance(e.op, ast.UAdd):
                return v
            raise Unknown("an operator")
        if isinstance(e, ast.BinOp):
            return self.binop(e.op, self.expr(e.left), self.expr(e.right))
        if isinstance(e, ast.Dict):
            keys = [self.expr(k) if k is not None else None for k in e.keys]
            if not all(isinstance(k, Text) for k in keys):
                raise Unknown("a dict")
            return {k: self.expr(v) for k, v in zip(keys, e.values)}
        if isinstance(e, (ast.List, ast.Tuple)):
            items = [self.expr(x) for x in e.elts]
            return tuple(items) if isinstance(e, ast.Tuple) else list(items)
        if isinstance(e, ast.Subscript):
            return self.subscript(self.expr(e.value), e.slice)
        if isinstance(e, ast.Attribute):
            if _module_of(e.value) is not None and e.attr in _CONSTANTS:
                return _CONSTANTS[e.attr]
            base = self.expr(e.value)
            if isinstance(base, _Object):
                if e.attr not in base.attrs:
                    raise Unknown("an attribute")
                return base.attrs[e.attr]
            if e.attr == "T":
                return _transpose(base)
            if e.attr in _COUNTERS and isinstance(base, list):
                s = _shape(base)
                if e.attr == "shape":
                    return tuple(S(str(n), float(n), True, True, True) for n in s)
                n = len(s) if e.attr == "ndim" else math.prod(s)
                return S(str(n), float(n), True, True, True)
            raise Unknown("an attribute")
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, (ast.ListComp, ast.GeneratorExp)) and len(e.generators) == 1 and \
                not e.generators[0].is_async:  # (a generator, as sum((x - m) ** 2 for x in row) takes it: its list)
            gen = e.generators[0]
            items = self.expr(gen.iter)
            if not isinstance(items, list) or len(items) > MAX_ELEMENTS:
                raise Unknown("a comprehension")
            out = []
            saved = self.env.copy()
            try:
                for x in list(items):
                    self.assign(gen.target, x)
                    if all(self.truth(c) for c in gen.ifs):
                        out.append(self.expr(e.elt))
            finally:
                self.env = saved
            return out
        raise Unknown(type(e).__name__)

    def binop(self, op: ast.operator, a, b):
        if isinstance(op, ast.Mult) and (isinstance(a, Text) or isinstance(b, Text)):  # "=" * 50: a rule
            text, times = (a, b) if isinstance(a, Text) else (b, a)
            if isinstance(times, S) and times.value.is_integer() and 0 <= times.value * len(text) <= MAX_TEXT:
                return Text(text * int(times.value))
            raise Unknown("a string")
        if isinstance(a, Text) or isinstance(b, Text):
            raise Unknown("a string")
        if (type(a) is list or type(b) is list or isinstance(a, tuple) or isinstance(b, tuple)) and \
                not (isinstance(op, ast.MatMult)):
            raise Unknown("arithmetic on a Python list")  # [1, 2] + [3] joins lists
        if isinstance(op, ast.MatMult):
            return self.dot(_array(a), _array(b))
        f = {ast.Add: _add, ast.Sub: _sub, ast.Mult: _mul, ast.Div: _div, ast.Pow: _pow}.get(type(op))
        if f is None:
            raise Unknown("an operator")
        n = len(_flat(a)) if isinstance(a, list) else 1
        self._tick(n)
        return _elementwise(f, a, b)

    def subscript(self, base, index: ast.expr):
        if isinstance(index, ast.Tuple) and len(index.elts) == 2 and isinstance(base, list) and \
                not any(isinstance(k, ast.Slice) for k in index.elts) and \
                isinstance(rows := self.expr(index.elts[0]), list):  # x[range(n), y]: one element of each row
            cols = self.expr(index.elts[1])
            if not isinstance(cols, list) or len(cols) != len(rows):
                raise Unknown("an index")
            got = []
            for r, c in zip(rows, cols):
                row = base[self._index(r)]
                if not isinstance(row, list):
                    raise Unknown("an index")
                got.append(row[self._index(c)])
            return Arr(got)
        if isinstance(index, ast.Tuple):  # x[i, j]
            for k in index.elts:
                base = self.subscript(base, k)
            return base
        if isinstance(base, dict):
            key = self.expr(index)
            if not isinstance(key, Text) or key not in base:
                raise Unknown("a key")
            return base[key]
        if not isinstance(base, (list, tuple)):
            raise Unknown("indexing")
        if isinstance(index, ast.Slice):
            lo = self._int(index.lower) if index.lower else None
            hi = self._int(index.upper) if index.upper else None
            if index.step is not None:
                raise Unknown("a step")
            part = base[lo:hi]
            return Arr(part) if isinstance(base, Arr) else list(part)
        return base[self._int(index)]

    def _int(self, e: ast.expr) -> int:
        return self._index(self.expr(e))

    @staticmethod
    def _index(v) -> int:
        if not isinstance(v, S) or not float(v.value).is_integer():
            raise Unknown("an index")
        return int(v.value)

    def call(self, e: ast.Call):
        f = e.func
        kwargs = {kw.arg: kw.value for kw in e.keywords if kw.arg}
        if isinstance(f, ast.Name) and isinstance(self.env.get(f.id), _Function):
            return self.user(self.env[f.id], e)  # type: ignore[arg-type]
        if isinstance(f, ast.Name) and isinstance(self.env.get(f.id), _Class):
            cls: _Class = self.env[f.id]  # type: ignore[assignment]
            obj = _Object(cls)
            if "__init__" in cls.methods:
                self.user(cls.methods["__init__"], e, obj)
            elif e.args or e.keywords:
                raise Unknown("arguments")
            return obj
        if isinstance(f, ast.Attribute) and not _from_module(f.value):
            owner = self.expr(f.value)
            if isinstance(owner, _Object):
                method = owner.cls.methods.get(f.attr)
                if method is None:
                    raise Unknown("a method")
                return self.user(method, e, owner)
        if isinstance(f, ast.Name):
            return self.builtin(f.id, e, kwargs)
        if isinstance(f, ast.Attribute):
            owner = f.value
            module = _module_of(owner)
            if module is not None:
                return self.library(f.attr, e, kwargs)
            if isinstance(owner, ast.Attribute) and _module_of(owner.value) is not None and owner.attr == "linalg" \
                    and f.attr == "norm" and len(e.args) == 1 and not kwargs:
                return _sqrt(_sum([_mul(x, x) for x in _flat(self.expr(e.args[0]))]))
            base = self.expr(owner)  # a method: x.sum(), x.mean(), x.item()
            if f.attr in _REDUCERS and isinstance(base, list) and len(e.args) <= 1:
                return self.reduction(f.attr, base, e.args, kwargs)
            if f.attr == "reshape" and isinstance(base, list) and e.args and not kwargs:
                dims = [self.expr(a) for a in e.args]
                return _reshape(_flat(base), _dims(dims[0] if len(dims) == 1 else tuple(dims)))
            if f.attr == "item" and isinstance(base, S):
                return base
            if f.attr in _AS_IS and not e.args and not kwargs and isinstance(base, (S, list)):
                return _copy(base)  # x.numpy(), x.copy(): the same numbers, in an array of its own
            if f.attr == "round" and len(e.args) <= 1 and set(kwargs) <= {"decimals"}:
                return self.rounded(base, [self.expr(a) for a in e.args], kwargs)
            if f.attr == "item" and isinstance(base, list) and not e.args:
                return _flat(base)[0]
            if f.attr in ("dot", "matmul") and isinstance(base, list) and len(e.args) == 1 and not kwargs:
                return self.dot(_array(base), _array(self.expr(e.args[0])))  # X.dot(W1): np.dot(X, W1)
            if f.attr == "append" and type(base) is list and len(e.args) == 1:
                base.append(self.expr(e.args[0]))
                return None
            raise Unknown("a method")
        raise Unknown("a call")

    def rounded(self, x, args: list, kwargs: dict):
        """``np.round(x, 4)``, ``torch.round(x, decimals=4)``, ``x.round(4)``: each element rounded."""
        given = args[0] if args else self.expr(kwargs["decimals"]) if "decimals" in kwargs else _number("0")
        if not isinstance(given, S) or not given.value.is_integer():
            raise Unknown("digits")
        return _map(lambda a: _round(a, int(given.value)), x)

    def dot(self, a, b):
        """A matrix product, its multiplications counted first (the budget bounds a product of large arrays)."""
        sa, sb = _shape(a), _shape(b)
        self._tick(max(1, math.prod(sa)) * (sb[-1] if len(sb) == 2 else 1))
        return _dot(a, b)

    def reduction(self, fn: str, base, args: list, kwargs: dict):
        """``np.sum(x, axis=1, keepdims=True)``, ``x.max(axis=0)``, ``torch.sum(x, dim=-1, keepdim=True)``."""
        if not set(kwargs) <= {"axis", "dim", "keepdims", "keepdim"}:
            raise Unknown("a keyword")
        self._tick(len(_flat(base)))
        axis = self._axis(kwargs, args)
        got = _reduce(base, axis, _REDUCERS[fn])
        keep = kwargs.get("keepdims") or kwargs.get("keepdim")
        if keep is None or (isinstance(keep, ast.Constant) and keep.value is False):
            return got
        if not (isinstance(keep, ast.Constant) and keep.value is True):
            raise Unknown("keepdims")
        return _kept(got, axis, len(_shape(base)))

    def _axis(self, kwargs: dict, args: list | None = None):
        node = kwargs.get("axis") or kwargs.get("dim")
        if node is None and args:
            node = args[0]
        return None if node is None else self._int(node)

    def user(self, fn: _Function, e: ast.Call, this: _Object | None = None):
        node = fn.node
        params = [a.arg for a in node.args.args]
        if node.args.vararg or node.args.kwarg or node.args.kwonlyargs or (this is not None and not params):
            raise Unknown("arguments")
        bound: dict[str, object] = {}
        if this is not None:  # a method: its first parameter is the instance
            bound[params[0]] = this
        free = params[len(bound):]
        if len(e.args) > len(free):
            raise Unknown("arguments")
        bound.update(zip(free, [self.expr(a) for a in e.args]))
        for kw in e.keywords:
            if kw.arg not in params or kw.arg in bound:
                raise Unknown("arguments")
            bound[kw.arg] = self.expr(kw.value)
        defaults = node.args.defaults
        for p, d in zip(params[len(params) - len(defaults):], defaults):
            if p not in bound:
                bound[p] = self.expr(d)
        if set(bound) != set(params) or self.depth >= MAX_DEPTH:
            raise Unknown("arguments")
        saved, source = self.env, self.source
        self.env, self.source = {**saved, **bound}, fn.source
        self.depth += 1
        try:
            self.block(node.body)
        except _Return as r:
            return r.value
        finally:
            self.env, self.source = saved, source
            self.depth -= 1
        return None

    def builtin(self, name: str, e: ast.Call, kwargs: dict):
        args = [self.expr(a) for a in e.args]
        if name in ("float", "abs", "round", "int", "sum", "len", "max", "min", "range", "list", "enumerate",
                    "zip") and kwargs and name != "round":
            raise Unknown("keywords")
        if name == "float" and len(args) == 1 and isinstance(args[0], S):
            return args[0]
        if name == "round" and len(args) in (1, 2) and isinstance(args[0], S) and not kwargs:
            digits = int(args[1].value) if len(args) == 2 and isinstance(args[1], S) else 0
            return _round(args[0], digits)
        if name == "abs" and len(args) == 1:
            return _map(_UNARY["abs"], args[0])
        if name == "sum" and len(args) == 1 and isinstance(args[0], list):
            return _sum(_flat(args[0]))
        if name == "len" and len(args) == 1 and isinstance(args[0], (list, tuple, Text)):
            n = len(args[0])
            return S(str(n), float(n), True, True, True)
        if name == "max" and len(args) == 2 and all(isinstance(a, S) for a in args):
            return _max2(args[0], args[1])
        if name == "max" and len(args) == 1 and isinstance(args[0], list):
            return _max_of(_flat(args[0]))
        if name == "range" and 1 <= len(args) <= 3 and all(isinstance(a, S) and a.value.is_integer() for a in args):
            r = range(*(int(a.value) for a in args))
            if len(r) > MAX_ITERATIONS:
                raise Unknown("a long range")
            return [S(str(i), float(i), i >= 0, True, True) for i in r]
        if name == "list" and len(args) == 1 and isinstance(args[0], (list, tuple)):
            return list(args[0])
        if name == "enumerate" and len(args) == 1 and isinstance(args[0], list):
            return [(S(str(i), float(i), True, True, True), x) for i, x in enumerate(args[0])]
        if name == "zip" and args and all(isinstance(a, list) for a in args):
            return [tuple(xs) for xs in zip(*args)]
        if name == "str" and len(args) == 1 and isinstance(args[0], Text):
            return args[0]
        raise Unknown(name)

    def library(self, attr: str, e: ast.Call, kwargs: dict):
        """``np.exp``, ``np.array``, ``math.sqrt``, ``torch.tensor`` … (the module is NumPy, math, torch or jax)."""
        if attr in ("array", "asarray", "tensor", "Tensor", "constant") and e.args:
            v = self.expr(e.args[0])
            dtype = kwargs.get("dtype")
            if dtype is not None and "int" in (ast.get_source_segment(self.source, dtype) or ""):
                raise Unknown("an integer array")
            return _array(v)
        args = [self.expr(a) for a in e.args]
        self._tick(sum(len(_flat(a)) for a in args if isinstance(a, list)))  # an elementwise call's work
        if attr in ("zeros", "ones") and len(args) == 1 and set(kwargs) <= {"dtype"}:
            return _filled(_dims(args[0]), "0" if attr == "zeros" else "1")
        if attr in ("zeros_like", "ones_like") and len(args) == 1 and not kwargs:
            return _filled(_shape(args[0]), "0" if attr == "zeros_like" else "1")
        if attr == "arange" and 1 <= len(args) <= 3 and not kwargs and \
                all(isinstance(a, S) and a.value.is_integer() for a in args):
            r = range(*(int(a.value) for a in args))
            if len(r) > MAX_ELEMENTS:
                raise Unknown("a long range")
            return Arr(S(str(i), float(i), i >= 0, True) for i in r)
        if attr in _UNARY and len(args) == 1 and not kwargs:
            return _map(_UNARY[attr], args[0])
        if attr in _BINARY and len(args) == 2 and not kwargs:
            return _elementwise(_BINARY[attr], args[0], args[1])
        if attr == "square" and len(args) == 1 and not kwargs:
            return _map(_square, args[0])
        if attr in ("dot", "matmul") and len(args) == 2 and not kwargs:
            return self.dot(_array(args[0]), _array(args[1]))
        if attr in _REDUCERS and len(args) in (1, 2):
            return self.reduction(attr, _array(args[0]), e.args[1:], kwargs)
        if attr in ("softmax", "log_softmax") and len(args) in (1, 2) and set(kwargs) <= {"axis", "dim"}:
            x = _array(args[0])
            axis = self._axis(kwargs, e.args[1:])
            rank = len(_shape(x))
            if axis is None and rank > 1:
                raise Unknown("softmax over all axes")
            rows = [x] if rank == 1 else list(x) if axis in (1, -1) else list(_transpose(x)) if axis == 0 else None
            if rows is None or rank > 2:
                raise Unknown("softmax axis")
            done = [_softmax(_flat(r), attr == "log_softmax") for r in rows]
            return done[0] if rank == 1 else Arr(done) if axis in (1, -1) else _transpose(Arr(done))
        if attr in _LOSSES and len(args) == 2 and set(kwargs) <= {"reduction"}:
            reduction = kwargs.get("reduction")
            how = reduction.value if isinstance(reduction, ast.Constant) else "mean" if reduction is None else None
            if how not in ("mean", "sum", "none"):
                raise Unknown("a reduction")
            each = _LOSSES[attr](_array(args[0]), _array(args[1]))
            return each if how == "none" else _sum(each) if how == "sum" else _mean(each)
        if attr in ("sigmoid", "relu") and len(args) == 1 and not kwargs:
            return _map(_sigmoid if attr == "sigmoid" else lambda a: _max2(S("0", 0.0, True, True), a), args[0])
        if attr == "transpose" and len(args) == 1:
            return _transpose(args[0])
        if attr in ("round", "around", "round_") and len(args) in (1, 2) and set(kwargs) <= {"decimals"}:
            return self.rounded(args[0], args[1:], kwargs)
        if attr == "pi" and not args:
            raise Unknown("pi")
        raise Unknown(attr)


def _copy(v):
    """A value with lists of its own (its scalars are immutable), a NumPy array still one, a list still a list."""
    if isinstance(v, list):
        return type(v)(_copy(x) for x in v) if isinstance(v, Arr) else [_copy(x) for x in v]
    return v


_AS_IS = {"numpy", "detach", "cpu", "clone", "copy", "float", "double", "tolist", "squeeze"}


def _binary_cross_entropy(p, t) -> list[S]:
    """Each term −(t·ln p + (1 − t)·ln(1 − p)) of ``F.binary_cross_entropy(p, t)``."""
    one = _number("1")
    ps, ts = _flat(p), _flat(t)
    if len(ps) != len(ts):
        raise Unknown("shapes")
    return [_negate(_add(_mul(b, _log(a)), _mul(_sub(one, b), _log(_sub(one, a))))) for a, b in zip(ps, ts)]


def _at_classes(z, t) -> list[tuple[list[S], int]]:
    """Each row of ``z`` (one row or a matrix) with its class from ``t`` (whole numbers, one per row)."""
    rows = list(z) if len(_shape(z)) == 2 else [z] if len(_shape(z)) == 1 else None
    classes = _flat(t)
    if rows is None or len(rows) != len(classes) or not all(c.value.is_integer() and 0 <= c.value < len(rows[0])
                                                            for c in classes):
        raise Unknown("targets")
    return [(_flat(r), int(c.value)) for r, c in zip(rows, classes)]


def _cross_entropy(z, t) -> list[S]:
    """Each row's −log_softmax at its class (``F.cross_entropy(logits, classes)``, classes as whole numbers)."""
    return [_negate(_softmax(r, True)[c]) for r, c in _at_classes(z, t)]


def _square(a: S) -> S:
    return _pow(a, _number("2"))


def _squared_errors(a, b) -> list[S]:
    xs, ys = _flat(a), _flat(b)
    if len(xs) != len(ys):
        raise Unknown("shapes")
    return [_square(_sub(x, y)) for x, y in zip(xs, ys)]


def _nll(logp, t) -> list[S]:
    """Each row's −log p at its class (``F.nll_loss(log_probs, classes)``): the row is taken as written (log
    probabilities, or whatever was passed: nll_loss of probabilities is −p)."""
    return [_negate(r[c]) for r, c in _at_classes(logp, t)]


_LOSSES = {"binary_cross_entropy": _binary_cross_entropy, "cross_entropy": _cross_entropy,
           "mse_loss": _squared_errors, "nll_loss": _nll}


def _softmax(xs: list[S], log: bool) -> Arr:
    exps = [_exp(x) for x in xs]
    total = _sum(exps)
    if log:
        return Arr(_sub(x, _log(total)) for x in xs)
    return Arr(_div(x, total) for x in exps)


def _sigmoid(a: S) -> S:
    try:
        return _call("sigmoid", a, 1 / (1 + math.exp(-a.value)))
    except OverflowError:
        raise Unknown("overflow") from None


def _dims(v) -> tuple[int, ...]:
    """A shape as the code writes it: ``3``, ``(2, 3)``, ``[2, 3]`` (``-1`` taken from the rest by reshape)."""
    items = v if isinstance(v, (list, tuple)) else [v]
    if not all(isinstance(x, S) and x.value.is_integer() for x in items) or len(items) > 3:
        raise Unknown("a shape")
    dims = tuple(int(x.value) for x in items)
    if math.prod(abs(d) for d in dims) > MAX_ELEMENTS:
        raise Unknown("a large array")
    return dims


def _filled(dims: tuple[int, ...], text: str):
    if not dims:
        return S(text, float(text), True, True)
    return Arr(_filled(dims[1:], text) for _ in range(dims[0]))


def _reshape(flat: list[S], dims: tuple[int, ...]):
    if dims.count(-1) == 1:
        rest = math.prod(d for d in dims if d != -1)
        if rest <= 0 or len(flat) % rest:
            raise Unknown("a shape")
        dims = tuple(len(flat) // rest if d == -1 else d for d in dims)
    if math.prod(dims) != len(flat) or any(d <= 0 for d in dims):
        raise Unknown("a shape")
    if len(dims) == 1:
        return Arr(flat)
    step = len(flat) // dims[0]
    return Arr(_reshape(flat[k * step:(k + 1) * step], dims[1:]) for k in range(dims[0]))


def _kept(got, axis: int | None, rank: int):
    """A reduction's result with its reduced axis kept, of length 1 (``keepdims=True``)."""
    if axis is None:
        for _ in range(rank):
            got = Arr([got])
        return got
    if rank == 2 and axis in (1, -1):
        return Arr(Arr([x]) for x in got)
    if rank == 2 and axis == 0:
        return Arr([got])
    if rank == 1:
        return Arr([got])
    raise Unknown("keepdims")


_BINARY = {"divide": _div, "true_divide": _div, "multiply": _mul, "add": _add, "subtract": _sub, "power": _pow,
           "maximum": _max2, "fmax": _max2}


def _negate(a: S) -> S:
    if a.text is None:
        return S(None, -a.value, False)
    if a.given and not a.text.startswith("-"):
        return S("-" + a.text, -a.value, False, True)
    return S(f"-{_wrap(a)}", -a.value, False)


def _array(v):
    """A value as a NumPy array (a Python list of numbers or of lists becomes one)."""
    if isinstance(v, Text):
        raise Unknown("a string")
    if isinstance(v, (list, tuple)):
        out = Arr(_array(x) for x in v)
        if len(out) > MAX_ELEMENTS:
            raise Unknown("a large array")
        return out
    return _scalar(v)


def _module_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute) and node.attr == "functional" and isinstance(node.value, ast.Attribute) and \
            node.value.attr == "nn" and _module_of(node.value.value) == "torch":
        return "F"  # torch.nn.functional.softmax(…): F's
    return node.id if isinstance(node, ast.Name) and node.id in _MODULES else None


@lru_cache(maxsize=64)
def _source_lines(source: str) -> list[bytes]:
    return [ln.encode("utf-8") for ln in source.replace("\r\n", "\n").replace("\r", "\n").split("\n")]


def _written(source: str, node: ast.Constant) -> str | None:
    """A number as the code writes it (``0.10``, ``1e-7``): its one line's text (ast's own
    ``get_source_segment`` splits the whole source at each call)."""
    if node.end_lineno != node.lineno or node.end_col_offset is None:
        return None
    lines = _source_lines(source)
    if not 0 < node.lineno <= len(lines):
        return None
    try:
        return lines[node.lineno - 1][node.col_offset:node.end_col_offset].decode("utf-8")
    except UnicodeDecodeError:
        return None


def _from_module(node: ast.expr) -> bool:
    """``np``, ``np.linalg``, ``torch.nn.functional``: a name of a module we model, or an attribute of one."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return _module_of(node) is not None


def _is_print(e: ast.expr) -> bool:
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "print"


def _prints(st: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and _is_print(n) for n in ast.walk(st))


def _comments(code: str) -> dict[int, str]:
    """Each line's comment (its text after ``#``), found by Python's own tokenizer (a ``#`` in a string is none)."""
    out: dict[int, str] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type == tokenize.COMMENT:
                out[tok.start[0]] = tok.string.lstrip("#").strip()
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return out


# a comment that states an output: after its last arrow, "output", "=", or such (its numbers are the value's)
_OUTPUT_SAID = re.compile(r"->|=>|→|⇒|\b(?:output|outputs|prints?|result|returns?|gives?)\b|输出|结果|出力|結果|결과|출력|"
                          r"résultat|resultado|ausgabe|=", re.IGNORECASE)


def comment_claims(commented: list[tuple[int, str, object]]) -> list[tuple[int, str]]:
    """The lines of working a cell's comments state: the numbers after a comment's last arrow or equals sign (or
    all of them), one per scalar of the value its statement shows, when at least half of them agree with the
    value (a comment about something else is no claim; one that states the value wrong is a wrong claim)."""
    out = []
    for line, said, value in commented:
        tail = re.split(r"->|=>|→|⇒|=|:", said)[-1]
        texts = [m.group(0) for m in TOKEN.finditer(tail) if m.group(0) not in ("nan", "inf")]
        want = _tokens_of(value)
        if not texts or want is None or len(texts) != len(want) or any(w is None for w in want):
            continue
        pairs_ = [(t, w) for t, w in zip(texts, want) if w is not None]
        if 2 * sum(_roughly(w.value, t) for t, w in pairs_) < len(pairs_):
            continue
        for t, w in pairs_:
            if w.working is None or w.given or w.count:
                continue
            try:
                G.parse_expression(w.working)
            except (ParseError, ValueError, RecursionError):
                continue
            out.append((line, f"{w.working} = {t.lstrip('+')}"))
    return out


def _roughly(value: float, text: str) -> bool:
    """A hand-typed number for a value: within 1.5 units of its last digit, or a millionth of it."""
    printed = float(text)
    return abs(value - printed) <= 1.5 * V.unit(text) or abs(value - printed) <= 1e-6 * abs(printed)


# pairing -------------------------------------------------------------------------------------------------------
TOKEN = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.])|\b(?:nan|inf)\b")


def _tokens_of(value) -> list[S | None] | None:
    """The numbers a value shows when printed: one per scalar (None for a string's numbers), or None when its
    print is not one we can count (a dict, None, a bool)."""
    if isinstance(value, Text):
        return [None] * len(TOKEN.findall(value))
    if isinstance(value, S):
        return [value]
    if isinstance(value, (list, tuple)):
        out: list[S | None] = []
        for x in value:
            t = _tokens_of(x)
            if t is None:
                return None
            out += t
        return out
    return None


def pairs(shown: list[Shown], output: list[tuple[int, str]]) -> tuple[list[tuple[int, str, S]], bool] | None:
    """Each printed number of a cell's output (``output``: its lines, numbered) with the scalar it shows, and
    whether every number shown is paired (the prints account for all of them); None when none can be paired."""
    wants = [_wanted(s) for s in shown]
    if all(w is not None for w in wants):
        want = [t for w in wants for t in w]  # type: ignore[union-attr]
        got = [(k, m.group(0)) for k, line in output for m in TOKEN.finditer(line)]
        if len(got) == len(want) and got:
            return [(k, text, w) for (k, text), w in zip(got, want) if w is not None], True
    by_lines = _by_lines(shown, wants, output)
    return (by_lines, False) if by_lines else None


def _wanted(s: Shown) -> list[S | None] | None:
    """The numbers a print shows, in order (None for a number its strings write), or None when unknown."""
    if s.parts is None:
        return None
    want: list[S | None] = []
    for p in s.parts:
        t = _tokens_of(p)
        if t is None:
            return None
        want += t
    return want


def _by_lines(shown: list[Shown], wants: list, output: list[tuple[int, str]]) -> list[tuple[int, str, S]] | None:
    """Pairs by lines, where numbers alone cannot say: a print of scalars and strings shows as many lines as its
    strings end, and a matrix a line a row; a print we could not read shows an unknown number of lines. The prints
    before the first unknown one are paired from the first line on, those after the last from the last line back.
    Each print's numbers are paired only when its lines show as many (else, an array that wrapped, the pairing
    stops there)."""
    counts = [_lines_shown(s) for s in shown]
    if all(n is not None or s.parts is None for n, s in zip(counts, shown)) and \
            sum(n if n is not None else 1 for n in counts) == len(output):  # a print not read: one line, it seems
        counts = [n if n is not None else 1 for n in counts]
    out: list[tuple[int, str, S]] = []

    def take(k: int, lines: list[tuple[int, str]]) -> bool:
        got = [(at, m.group(0)) for at, line in lines for m in TOKEN.finditer(line)]
        want = wants[k]
        if want is None or len(got) != len(want):
            return False
        out.extend((at, text, w) for (at, text), w in zip(got, want) if w is not None)
        return True

    start, k = 0, 0
    while k < len(shown) and counts[k] is not None:
        n = counts[k]
        assert n is not None
        if start + n > len(output) or (shown[k].parts is not None and not take(k, output[start:start + n])):
            return out or None
        start, k = start + n, k + 1
    end, j = len(output), len(shown) - 1
    while j > k and counts[j] is not None:
        n = counts[j]
        assert n is not None
        if end - n < start or (shown[j].parts is not None and not take(j, output[end - n:end])):
            break
        end, j = end - n, j - 1
    return out or None


def _lines_shown(s: Shown) -> int | None:
    """The lines a print shows: its strings' line ends, and a row a line for a matrix; None when unknown."""
    if s.parts is None or any(isinstance(p, list) and len(_shape(p)) > 2 for p in s.parts):
        return None
    return sum(p.count("\n") for p in s.parts if isinstance(p, Text)) + \
        sum(len(p) - 1 for p in s.parts if isinstance(p, list) and len(_shape(p)) == 2)


def explains(pairs_: list[tuple[int, str, S]]) -> bool:
    """Whether the pairs explain every number they pair: each a number the code wrote, a count, or a value whose
    working we have and whose float agrees with the printed digits."""
    return all(s.given or s.count or (s.working is not None and _agrees(s.value, text)) for _, text, s in pairs_)


def claims(pairs_: list[tuple[int, str, S]], noise: list[tuple[int, str]] | None = None) -> list[tuple[int, str]]:
    """The lines of working the pairs are: a computed scalar (not a number the code wrote, not a count) whose
    expression the grammar reads and whose float agrees with the printed digits; a print that is float noise of
    its own arithmetic is added to ``noise`` instead."""
    out = []
    for k, text, s in pairs_:
        if s.working is None or s.given or s.count or text in ("nan", "inf"):
            continue
        if not _agrees(s.value, text):
            continue
        work = f"{s.working} = {text.lstrip('+')}"
        try:
            node = G.parse_expression(s.working)
        except (ParseError, ValueError, RecursionError):
            continue
        if _float_noise(node, text):
            if noise is not None:
                noise.append((k, text))
            continue
        out.append((k, work))
    return out


def _float_noise(node, text: str) -> bool:
    """Whether a full float repr the program printed (13 digits or more) is its float arithmetic's own noise: the
    code's exact value is more than a few ulps from it (a central difference, 0.1999999999990898 for 0.2). The
    interpreter's float agrees with it, so it is what the program computes; claimed, its exact value would call
    it wrong. Such a print is no claim of the working."""
    if V.significant(text.lower().partition("e")[0]) < 13:
        return False
    from ...numeric.backends import ExactBackend
    from ...numeric.ball import TooLarge, Undecidable, expr_decimal

    try:
        got = G.evaluate(node, ExactBackend())
        exact = float(expr_decimal(got[0] if isinstance(got, tuple) else got, 20))
    except (TooLarge, Undecidable, ArithmeticError, ValueError, ExactformerError):
        return False
    printed = float(text)
    return abs(exact - printed) > 4 * math.ulp(printed)


def _agrees(value: float, text: str) -> bool:
    """Whether a float agrees with a printed number to its digits: within half a unit of its last (a program's
    print rounds), or float32's relative noise."""
    try:
        printed = float(text)
    except ValueError:
        return False
    return abs(value - printed) <= 0.5 * V.unit(text) * (1 + 1e-9) or abs(value - printed) <= 2e-7 * abs(printed)
