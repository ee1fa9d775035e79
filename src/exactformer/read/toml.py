"""Reading values out of a parsed case file, with errors that know their file, line and key.

Every message speaks the case file's language: what was found is shown as TOML
(``[0.1, 0.2]``, ``true``), never as Python's repr, and long values are cut.
"""

from __future__ import annotations

import copy
import enum
import json
import re
import tomllib
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TypeVar

from ..errors import CaseError, ParseError
from ..exact import expr as X
from ..files import MAX_CASE_BYTES, read_bytes
from ..model.values import Layout, Matrix, Number, Vector
from . import grammar
from .locate import Locator

E = TypeVar("E", bound=enum.Enum)


def show(v, limit: int = 80) -> str:
    """A value as the case file writes it (TOML), cut to ``limit`` characters."""
    def go(x) -> str:
        if isinstance(x, bool):
            return "true" if x else "false"
        if isinstance(x, (int, Decimal)):
            return str(x)
        if isinstance(x, str):
            return json.dumps(x, ensure_ascii=False)
        if isinstance(x, list):
            return "[" + ", ".join(go(i) for i in x[:20]) + (", …" if len(x) > 20 else "") + "]"
        if isinstance(x, dict):
            items = list(x.items())
            return "{ " + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)} = {go(w)}" for k, w in items[:10]) + \
                (", …" if len(items) > 10 else "") + " }"
        if x is None:
            return "nothing"
        return str(x)
    return grammar.clip(go(v), limit)


CASE_NEEDS = ("a TOML case file with a [model] table", "see derivations/oni-ni-kanabou.toml for a complete case")


def read_text(path: str, what: str = "case file", limit: int = MAX_CASE_BYTES,
              needs: tuple[str, str] = CASE_NEEDS) -> str:
    """The file as text; ``needs`` is what it must hold and where to see an example (said when it is empty)."""
    data = read_bytes(path, what, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise CaseError(f"the {what} is not UTF-8 text", file=path, line=line,
                        expected="a file in UTF-8", found=f"byte 0x{data[e.start]:02x}") from None
    if not text.strip():
        raise CaseError(f"the {what} is empty", file=path, expected=needs[0], found="no content", hint=needs[1])
    return text.removeprefix("\ufeff")


def parse_toml(path: str, text: str) -> dict:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line = None
        if "(at line " in msg:
            line = int(msg.split("(at line ", 1)[1].split(",", 1)[0])
            msg = msg.split(" (at line ", 1)[0]
        raise CaseError(f"not valid TOML: {msg}", file=path, line=line) from None
    except (ValueError, RecursionError) as e:  # an integer past Python's digit limit, arrays nested thousands deep
        what = "a number too long to read" if isinstance(e, ValueError) else "values nested too deeply"
        raise CaseError(f"not a case file a person wrote: {what}", file=path,
                        expected="numbers of at most a few thousand digits, arrays of matrices") from None


NUMBER_EXPECTED = 'a number such as 0.25, "1/3", "√2" or "6.3e-02"'


class Reader:
    """Reads values out of a parsed case, raising errors that know their file and line."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.loc = Locator(text)
        self._numbers: dict[str, Number] = {}  # numbers are immutable: one per distinct text
        self.prefix: tuple = ()  # the table its keys are under (a part's: ("parts", 0))

    def within(self, prefix: tuple) -> Reader:
        """This reader for the keys of a table further down (``[[parts]]``): its errors name the whole path."""
        out = copy.copy(self)
        out.prefix = self.prefix + prefix
        return out

    def fail(self, message: str, key: tuple, *, expected=None, found=None, hint=None) -> CaseError:
        key = self.prefix + tuple(key)
        dotted = ".".join(str(k) if not isinstance(k, int) else f"[{k + 1}]" for k in key).replace(".[", "[")
        return CaseError(message, file=self.path, line=self.loc.line_of(*key), key=dotted or None,
                         expected=expected, found=found, hint=hint)

    def number(self, v, key: tuple, *, symbols: bool = True, percent: bool = False) -> Number:
        """A number exactly as written: TOML int/float (read as Decimal) or a number string; with ``percent``,
        a decimal followed by % ("52.9%": 0.529, judged to 3 places)."""
        expected = NUMBER_EXPECTED + (", or a symbol name" if symbols else "")
        if percent and isinstance(v, str) and v.strip().endswith("%"):
            try:
                lit = grammar.literal_of(grammar.parse_expression(v.strip()[:-1].strip()))
            except ParseError:
                lit = None
            if lit is None:
                raise self.fail("cannot read this percentage", key, expected="a decimal followed by %, e.g. \"52.9%\"",
                                found=show(v))
            return Number(X.const(lit.value / 100), v.strip(), lit.decimals + 2)
        if isinstance(v, bool) or not isinstance(v, (int, Decimal, str)):
            raise self.fail("not a number", key, expected=expected, found=show(v))
        if isinstance(v, int):
            if abs(v) >= 10 ** grammar.MAX_DIGITS:
                raise self.fail("integer too large", key, expected=expected, found=show(v))
            try:
                return Number(X.const(v), str(v), 0)
            except X.SizeError as e:
                raise self.fail(f"cannot read this number: {e}", key, expected=expected, found=show(v)) from None
        if isinstance(v, Decimal):
            if not v.is_finite():
                raise self.fail("not a finite number", key, expected=expected, found=str(v).lower())
            text = str(v)
            got = self._numbers.get(text)
            if got is not None:
                return got
            _, digits, exp = v.as_tuple()
            if len(digits) <= grammar.MAX_DIGITS and abs(int(exp)) <= grammar.MAX_EXPONENT:
                try:  # the common case, read directly: the same Number the grammar would make of str(v)
                    got = self._numbers[text] = Number(X.const(Fraction(v)), text, -int(exp))
                    return got
                except X.SizeError as e:
                    raise self.fail(f"cannot read this number: {e}", key, expected=expected, found=text) from None
            v = str(v)
        text = v.strip()
        got = self._numbers.get(text)
        if got is not None:  # a string already read here (a document's case states thousands of decimals)
            return got
        if _COMMA_DECIMAL.fullmatch(text):  # "0,7071": a decimal comma as the document wrote it (its text kept)
            point = self.number(text.replace(",", "."), key, symbols=False)
            got = self._numbers[text] = Number(point.value, text, point.decimals)
            return got
        if text.lower() in grammar.NOT_NUMBERS:
            raise self.fail("not a finite number", key, expected=expected, found=show(v))
        if grammar.IDENTIFIER.match(text) and text not in grammar.RESERVED:
            if not symbols:
                raise self.fail("a symbol is not allowed here", key, expected=NUMBER_EXPECTED, found=show(v))
            return Number(X.Sym(text), text, None)
        from ..numeric.backends import ExactBackend

        try:
            node = grammar.parse_expression(text)
            value = grammar.evaluate(node, ExactBackend())
        except ParseError as e:
            raise self.fail(f"cannot read this number: {e.message}", key, expected=expected, found=show(v)) from None
        except (ZeroDivisionError, ValueError, InvalidOperation, X.SizeError) as e:
            raise self.fail(f"cannot read this number: {e}", key, expected=expected, found=show(v)) from None
        if isinstance(value, tuple):
            raise self.fail("a vector where a number belongs", key, expected=expected, found=show(v))
        if not isinstance(value, X.Const):
            raise self.fail("a given must be a rational or a surd such as 2√3", key, expected=expected,
                            found=show(v), hint="exp(…) and sums of surds belong in lines of working, not in givens")
        lit = grammar.literal_of(node)
        got = self._numbers[text] = Number(value, grammar.clip(text, 200), lit.decimals if lit else None)
        return got

    def vector(self, v, key: tuple, length: int | None = None, what: str = "a list of numbers") -> Vector:
        if not isinstance(v, list) or not v:
            raise self.fail("not a list of numbers", key, expected=what, found=show(v))
        if length is not None and len(v) != length:
            raise self.fail(f"wrong length {len(v)}", key, expected=f"{length} numbers ({what})", found=show(v))
        return tuple(self.number(x, key + (k,)) for k, x in enumerate(v))

    def matrix(self, v, key: tuple, what: str) -> Matrix:
        if not isinstance(v, list) or not v or not all(isinstance(r, list) for r in v):
            raise self.fail("not a matrix", key, expected=f"a list of rows ({what})", found=show(v))
        width = len(v[0])
        out = []
        for k, row in enumerate(v):
            if len(row) != width or not row:
                raise self.fail("ragged matrix: rows of different lengths", key,
                                expected=f"every row with {width} numbers", found=f"row {k + 1} has {len(row)}")
            out.append(self.vector(row, key + (k,)))
        return tuple(out)

    def weight(self, v, key: tuple, d_in: int | None, d_out: int | None, layout: Layout, what: str,
               ) -> tuple[Matrix, bool]:
        """A weight matrix as written and whether it is written out×in (column layout).

        Shapes are checked: in×out for the row layout, out×in for the column layout; a matrix
        that fits only the other way round says "did you mean layout = …?". ``d_out`` None: any width.
        """
        if isinstance(v, dict):  # { layout = "column", value = [[…]] }
            self.table(v, key, {"layout", "value"}, "layout and value")
            layout = self.choice(v.get("layout", layout.value), key + ("layout",), Layout)
            if "value" not in v:
                raise self.fail("a matrix table needs value", key, expected='{ layout = "column", value = [[…]] }',
                                found=show(v))
            v = v["value"]
            key = key + ("value",)
        if v == "identity":  # Q = K = V = X (model.md 6b): the identity of the input's width
            if d_in is None or (d_out is not None and d_out != d_in):
                raise self.fail("an identity weight needs a square shape", key,
                                expected=f"{what} of {d_in}×{d_in}", found=f"{d_in}×{d_out}")
            v = [[1 if i == j else 0 for j in range(d_in)] for i in range(d_in)]
        m = self.matrix(v, key, what)
        rows, cols = len(m), len(m[0])
        want = (d_in, d_out) if layout is Layout.ROW else (d_out, d_in)
        fits = all(w is None or w == got for w, got in zip(want, (rows, cols)))
        if not fits:
            flipped = all(w is None or w == got for w, got in zip(want, (cols, rows)))
            shape = "×".join("?" if w is None else str(w) for w in want)
            other = "column" if layout is Layout.ROW else "row"
            hint = (f'did you mean layout = "{other}"? (the matrix fits transposed)' if flipped else None)
            if layout is Layout.ROW:
                order = f"{d_in} rows, one per input component (x·W)" if d_in else "in×out (x·W)"
            else:
                order = f"{d_in} columns, one per input component (W·x)" if d_in else "out×in (W·x)"
            raise self.fail(f"{what} has the wrong shape ({rows}×{cols})", key,
                            expected=f"{shape}: {order}, layout = \"{layout.value}\"", found=f"{rows}×{cols}",
                            hint=hint)
        return m, layout is Layout.COLUMN

    def table(self, v, key: tuple, allowed: set[str], what: str) -> dict:
        if not isinstance(v, dict):
            raise self.fail(f"[{'.'.join(map(str, key))}] is not a table", key, expected=what, found=show(v))
        for k in v:
            if k not in allowed:
                raise self.fail(f"unknown key {k!r}", key + (k,), expected=f"one of: {', '.join(sorted(allowed))}",
                                found=show(k))
        return v

    def choice(self, v, key: tuple, enum_cls: type[E], allowed: tuple[E, ...] | None = None) -> E:
        options = allowed or tuple(enum_cls)
        for e in options:
            if v == e.value:
                return e
        raise self.fail(f"unknown {key[-1] if key else 'value'}", key,
                        expected=" or ".join(f'"{e.value}"' for e in options), found=show(v))

    def integer(self, v, key: tuple, lo: int, what: str, hi: int | None = None) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < lo or (hi is not None and v > hi):
            bound = f"≥ {lo}" if hi is None else f"≥ {lo} and ≤ {hi:,}"
            raise self.fail(f"{key[-1]} must be an integer {bound}", key, expected=what, found=show(v))
        return v


_COMMA_DECIMAL = re.compile(r"-?\d+,\d+")
