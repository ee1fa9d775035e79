"""Read a case's ``[[claims]]``: tables, single values and lines of working, as scalar claims."""

from __future__ import annotations

import re

from . import exact as X
from . import grammar as G
from .address import Address
from .errors import AddressError, ParseError
from .graph import Graph
from .model import Claim, Number, WorkLine
from .worklines import operands, results

TABLE_STEPS = ("Q", "K", "V", "scores", "scaled", "exp", "expsum", "weights", "context")
_TABLE_KEY = re.compile(r"(?:[Ll](\d+)\.)?([A-Za-z_]+)\Z")


class _Claims:
    def __init__(self, r, g: Graph) -> None:
        self.r, self.g = r, g
        self.claims: list[Claim] = []
        self.work: list[WorkLine] = []
        self.unmatched: list[int] = []

    def add(self, a: Address, number: Number, at: str, key: tuple, **kw) -> None:
        self.claims.append(Claim(a, number, at, len(self.claims), self.r.loc.line_of(*key), **kw))

    def address(self, text, key: tuple) -> Address:
        if not isinstance(text, str):
            raise self.r.fail("an address must be a string", key, expected='e.g. "weights[鬼,金棒]"', found=repr(text))
        try:
            return self.g.parse(text)
        except AddressError as e:
            raise self.r.fail(str(e), key, expected="an address of case-format.md", found=repr(text),
                              hint=f"tokens are: {', '.join(self.g.labels)}") from None

    def claim_number(self, v, key: tuple) -> Number:
        """A claimed number: a decimal (judged to its places) or an exact form such as "√2/2"."""
        return self.r.number(v, key, symbols=False)


def read_claims(r, raw, g: Graph) -> tuple[tuple[Claim, ...], tuple[WorkLine, ...], tuple[int, ...]]:
    """Every claim of the case in file order; a work line's operands come before its result."""
    c = _Claims(r, g)
    if not isinstance(raw, list):
        raise r.fail("claims must be [[claims]] tables", ("claims",), found=repr(raw)[:80])
    for k, group in enumerate(raw):
        key = ("claims", k)
        if not isinstance(group, dict):
            raise r.fail("a [[claims]] entry must be a table", key)
        at = group.get("at", f"claims #{k + 1}")
        if not isinstance(at, str):
            raise r.fail("at must be a string (where a reader finds these numbers)", key + ("at",), found=repr(at))
        for name, value in group.items():
            if name == "at":
                continue
            if name == "values":
                _values(c, value, at, key + ("values",))
            elif name == "work":
                _work(c, value, at, key + ("work",))
            else:
                _table(c, name, value, at, key + (name,))
    return tuple(c.claims), tuple(c.work), tuple(c.unmatched)


def _table(c: _Claims, name: str, rows, at: str, key: tuple) -> None:
    m = _TABLE_KEY.match(name)
    if not m or m.group(2) not in TABLE_STEPS:
        raise c.r.fail(f"unknown key {name!r} in [[claims]]", key,
                       expected=f"at, values, work, or a table: {', '.join(TABLE_STEPS)} (L2.scores for layer 2)",
                       found=repr(name))
    layer, step = int(m.group(1) or 1), m.group(2)
    if not 1 <= layer <= c.g.n_layers:
        raise c.r.fail(f"layer {layer} does not exist", key, expected=f"layers 1..{c.g.n_layers}", found=name)
    if not isinstance(rows, dict):
        raise c.r.fail(f"{name} must be a table of rows keyed by token", key,
                       expected=f'{name} = {{ "{c.g.labels[0]}" = [...] }}', found=repr(rows)[:80])
    width = c.g.shape(layer, step)[-1]  # (expsum has no columns: its rows are single numbers)
    for label, row in rows.items():
        a = c.address(f"{step}[{label}]" if layer == 1 else f"L{layer}.{step}[{label}]", key + (label,))
        if step == "expsum":
            c.add(a, c.claim_number(row, key + (label,)), at, key + (label,))
            continue
        if not isinstance(row, list):
            raise c.r.fail("a row must be a list of numbers", key + (label,), found=repr(row)[:80])
        if len(row) > width:
            raise c.r.fail(f"row too long: {len(row)} values", key + (label,), expected=f"at most {width}",
                           found=repr(row)[:80])
        for col, v in enumerate(row):
            b = a.with_idx(col)
            if step == "exp" and c.g.model.masked(*b.idx):
                raise c.r.fail(f"{c.g.name(b)} is masked: it has no exp", key + (label,),
                               expected="a shorter row (masked cells have no exp)", found=repr(row)[:80])
            c.add(b, c.claim_number(v, key + (label, col)), at, key + (label,))


def _values(c: _Claims, values, at: str, key: tuple) -> None:
    if not isinstance(values, dict):
        raise c.r.fail("values must be a table of address = number", key, found=repr(values)[:80])
    for text, v in values.items():
        a = c.address(text, key + (text,))
        comps = c.g.scalars(a)
        if isinstance(v, list):
            if len(v) != len(comps):
                raise c.r.fail(f"{len(v)} values for {text}", key + (text,), expected=f"{len(comps)}")
            for b, x in zip(comps, v):
                c.add(b, c.claim_number(x, key + (text,)), at, key + (text,))
        elif a.is_scalar:
            c.add(a, c.claim_number(v, key + (text,)), at, key + (text,))
        else:
            raise c.r.fail(f"{text} is a row: give a list", key + (text,), expected=f"{len(comps)} numbers", found=repr(v))


def _work(c: _Claims, lines, at: str, key: tuple) -> None:
    if not isinstance(lines, list):
        raise c.r.fail("work must be a list of { of = ADDRESS, line = TEXT }", key, found=repr(lines)[:80])
    for k, item in enumerate(lines):
        ik = key + (k,)
        if not isinstance(item, dict) or set(item) != {"of", "line"} or not isinstance(item.get("line"), str):
            raise c.r.fail("a work entry needs exactly 'of' and 'line'", ik,
                           expected='{ of = "weights[鬼,金棒]", line = "1.0704 / 4.3752 ≈ 0.2432" }',
                           found=repr(item)[:80])
        of = c.address(item["of"], ik + ("of",))
        text = item["line"]
        try:
            items, rels = G.parse_chain(text)
            for node in items:
                G.evaluate(node)  # refuse now what cannot be evaluated (a vector to a power, …)
        except ParseError as e:
            raise c.r.fail(f"cannot read this line of working: {e}", ik + ("line",),
                           expected="numbers, + - × ÷ / ^, ( ), exp(…), e^(…), √, [a, b]; then = or ≈ and the result",
                           found=repr(text)) from None
        if results(c.g, of, items[-1]) is None and results(c.g, of, items[0]) is not None:
            items = items[::-1]  # written result first: "0.0504 = 0.20×0.22 + 0.32×0.02"
        stated = [results(c.g, of, node) for node in items[1:]]
        if stated[-1] is None:
            raise c.r.fail("a line of working must end with its stated result", ik + ("line",),
                           expected=f"… ≈ a number{' or [a, b, …]' if not of.is_scalar else ''} (the value of {item['of']})",
                           found=repr(text))
        wi = len(c.work)
        line = c.r.loc.line_of(*ik) or c.r.loc.line_of(*key)
        c.work.append(WorkLine(of, text, tuple(items), tuple(rels), at, line))
        ops = operands(c.g, of, items[0])
        if ops is None:
            c.unmatched.append(wi)
            ops = []
        for a, lit in ops:
            c.claims.append(Claim(a, _num(lit), at, len(c.claims), line, wi, "operand"))
        for group in stated:
            for a, lit in group or []:
                c.claims.append(Claim(a, _num(lit), at, len(c.claims), line, wi, "result"))


def _num(lit: G.Num) -> Number:
    return Number(X.const(lit.value), lit.text, lit.decimals)


def claims_from_items(g: Graph, items: list[str], of: str | None, where: str = "<arguments>"):
    """``check``'s items as claims: "ADDRESS = NUMBER", or with ``of`` (or "ADDRESS: LINE") a line of working."""
    from .case import Reader

    groups: list[dict[str, object]] = []
    for k, item in enumerate(items, start=1):
        item = item.strip()
        at = f"item {k}: {item}"
        if of is not None:
            groups.append({"at": at, "work": [{"of": of, "line": item}]})
            continue
        head, sep, tail = _split_value(item)
        if sep and _is_address(g, head):
            groups.append({"at": at, "values": {head.strip(): tail.strip()}})
            continue
        head, sep, tail = item.partition(":")
        if sep and _is_address(g, head.strip()):
            groups.append({"at": at, "work": [{"of": head.strip(), "line": tail}]})
            continue
        raise ParseError('expected "ADDRESS = NUMBER", "ADDRESS: LINE OF WORKING", or --of ADDRESS with lines', item)
    return read_claims(Reader(where, ""), groups, g)


def _split_value(item: str) -> tuple[str, str, str]:
    for sep in ("=", "≈", "≒"):
        head, s, tail = item.rpartition(sep)
        if s:
            return head.rstrip("≈≒= "), s, tail
    return item, "", ""


def _is_address(g: Graph, text: str) -> bool:
    try:
        g.parse(text.strip())
    except AddressError:
        return False
    return True
