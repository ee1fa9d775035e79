"""Read a case's ``[[claims]]``: tables, single values, lines of working and trends, as scalar claims."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from ..errors import AddressError, CaseError, ParseError
from ..exact import expr as X
from ..model.address import Address, format_indices
from ..model.values import Claim, Number, Precision, Role, Trend, TrendSays, WorkLine
from . import grammar as G
from .toml import show
from .worklines import Matcher


class _Claims:
    def __init__(self, r, engine, matcher: Matcher | None = None) -> None:
        self.r, self.engine, self.g = r, engine, engine.graph
        self.claims: list[Claim] = []
        self.work: list[WorkLine] = []
        self.unmatched: list[int] = []
        self.trends: list[Trend] = []
        self.restated: list[tuple[Claim, int]] = []
        self.source_line: int | None = None  # the group's line in the document it was read from
        self.kept: int | None = None  # the group's ``decimals``: what its program kept before printing
        self.seq0 = 0  # the first claim's number (a case's further parts number theirs after the first part's)
        loss = self.g.model.loss
        assert matcher is None or matcher.g is self.g
        # a matcher shared with the reader that chose these lines (the same engine, so the same scores): what it
        # matched is not matched again
        self.matcher = matcher or Matcher(self.g, self.score, loss.log.base if loss is not None else None, self.near)

    def _gap(self, a: Address, lit: G.Num):
        """(|value − number| and the value as certified balls, the number's last unit exactly), or None for a value
        that is undefined or symbolic (it fits no number)."""
        from ..numeric.ball import q2arb

        try:
            b = self.engine.ball(a)
        except Exception:  # noqa: BLE001 - an undefined or symbolic value simply does not score
            return None
        if not b.is_finite():
            return None
        unit = Fraction(10) ** -max(lit.decimals, 0)
        return abs(b - q2arb(lit.value)), unit, b

    def score(self, a: Address, lit: G.Num) -> int:
        """How well a written number fits a quantity (certain, never a float): 2 when the exact value rounds
        to it, 1 when it is within 1.5 units of its last digit, else 0."""
        got = self._gap(a, lit)
        if got is None:
            return 0
        from ..numeric.ball import q2arb

        d, unit, _ = got
        if d <= q2arb(unit / 2):
            return 2
        return int(bool(d <= q2arb(3 * unit / 2)))

    def near(self, a: Address, lit: G.Num) -> bool:
        """Whether a written number is within a fifth of a quantity's value (a product worked from the
        document's own rounded operands): for choosing what a number stands for, never for a verdict."""
        got = self._gap(a, lit)
        if got is None:
            return False
        from ..numeric.ball import q2arb

        d, unit, b = got
        return bool(d <= abs(b) / 5 + q2arb(3 * unit / 2))

    def add(self, a: Address, number: Number, at: str, key: tuple, precision: Precision, written: str | None = None) -> None:
        """``written``: the step as the case or document wrote it (``ln``, ``L1.in``); the claim keeps its
        address in that spelling when it is not the canonical one. In a group whose program kept fewer decimals
        than it printed (``decimals = 3``: 0.9810), a number padded with zeros stands for those decimals."""
        if self.kept is not None and number.decimals is not None and number.decimals > self.kept and \
                set(number.text.rsplit(".", 1)[-1][self.kept:]) <= {"0"}:
            number = Number(number.value, number.text, self.kept)
        self.push(Claim(a, number, at, len(self.claims), self.r.loc.line_of(*key), precision=precision,
                        source_line=self.source_line, written=self.spelled(a, written)))

    def spelled(self, a: Address, written: str | None) -> str | None:
        if written is None:
            return None
        s = self.g.step(a.step)
        text = written.split("[")[0].strip() + format_indices(s.spec.axes, s.labels, a.idx)
        return None if text == self.g.name(a) else text

    def push(self, claim: Claim) -> None:
        self.claims.append(claim)

    def once(self) -> None:
        """Drop the operands of working that only restate givens (as a table restating them is no claim), and
        judge once each operand that repeats a claim of its quantity digit for digit:
        the document using a number it stated (√0.4838 after … = 0.4838, a walkthrough's exponentials divided
        in the next line) is one statement, not two, wherever the statement stands. The repetition is kept in
        ``restated`` beside the claim it repeats (the report lists it with that claim's verdict, and counts it
        apart), so a reader sees every number the document prints. A number the document prints again outside
        working (a walkthrough's weights restated in its table) is a statement of its own, as a reader counts
        it; with other digits it may conflict. Claims and trends are then numbered again in order."""
        stated = {(x.address, x.number.text) for x in self.claims if x.role is not Role.OPERAND}
        first: dict = {}
        kept: list[Claim] = []
        dropped: list[tuple[Claim, tuple]] = []
        for x in self.claims:
            key = (x.address, x.number.text)
            if x.role is Role.OPERAND and self.g.restates_givens(x.address.step):
                continue  # a given the working uses (0.33 · [0.3, 0.6] with V given) states nothing new
            if x.role is Role.OPERAND and self.g.has_symbols and (self.engine.symbolic(x.address) or self.g.stated(x.address)):
                continue  # a number the working uses whose quantity needs a symbol (a weight stated nowhere), or
                # an output the case takes as the document states it
            if x.role is Role.OPERAND and x.number.decimals == 0 and self.g.step(x.address.step).is_given and \
                    x.number.rational is not None and self.engine.compare(x.address, x.number.rational) == 0:
                continue  # sin(1): the angle of position 1 written as the position, exactly: nothing worked out
            if x.role is Role.OPERAND and (key in stated or key in first):
                dropped.append((x, key))
                continue
            if key not in first or first[key].role is Role.OPERAND:
                first[key] = x
            kept.append(x)
        items = sorted([(x.seq, x) for x in kept] + [(t.seq, t) for t in self.trends], key=lambda p: p[0])
        renumbered = {id(x): self.seq0 + k for k, (_, x) in enumerate(items)}
        self.restated = [(x, renumbered[id(first[key])]) for x, key in dropped]
        self.claims = [replace(x, seq=renumbered[id(x)]) for x in kept]
        self.trends = [replace(t, seq=renumbered[id(t)]) for t in self.trends]

    def address(self, text, key: tuple) -> Address:
        if not isinstance(text, str):
            raise self.r.fail("an address must be a string", key, expected='e.g. "weights[鬼,金棒]"', found=show(text))
        try:
            return self.g.parse(text)
        except AddressError as e:
            raise self.r.fail(str(e), key, expected="an address of this case", found=show(text),
                              hint=f"positions are: {', '.join(self.g.labels)}") from None

    def claim_number(self, v, key: tuple) -> Number:
        """A claimed number: a decimal (judged to its places), a percentage ("52.9%") or an exact form such as
        "√2/2"."""
        return self.r.number(v, key, symbols=False, percent=True)


class ReadClaims(NamedTuple):
    claims: tuple[Claim, ...]
    work: tuple[WorkLine, ...]
    unmatched: tuple[int, ...]
    trends: tuple[Trend, ...]
    restated: tuple[tuple[Claim, int], ...]  # an operand repeating a claim, and that claim's seq


def read_claims(r, raw, engine, matcher: Matcher | None = None, seq: int = 0) -> ReadClaims:
    """Every claim of the case in file order, numbered from ``seq``; a work line's operands come before its
    result. ``matcher``: one over ``engine`` (``matcher(graph, engine)``) that has matched lines already."""
    c = _Claims(r, engine, matcher)
    c.seq0 = seq
    if not isinstance(raw, list):
        raise r.fail("claims must be [[claims]] tables", ("claims",), found=show(raw))
    for k, group in enumerate(raw):
        read_group(c, group, ("claims", k), f"claims #{k + 1}")
    c.once()
    return ReadClaims(tuple(c.claims), tuple(c.work), tuple(c.unmatched), tuple(c.trends), tuple(c.restated))


def read_group(c: _Claims, group, key: tuple, default_at: str) -> None:
    if not isinstance(group, dict):
        raise c.r.fail("a [[claims]] entry must be a table", key, found=show(group))
    at = group.get("at", default_at)
    if not isinstance(at, str):
        raise c.r.fail("at must be a string (where a reader finds these numbers)", key + ("at",), found=show(at))
    precision = group.get("precision", "exact")
    if precision not in [p.value for p in Precision]:
        raise c.r.fail("unknown precision", key + ("precision",),
                       expected='"exact", "float64" or "float32" (numbers a program printed in that arithmetic)',
                       found=show(precision))
    prec = Precision(precision)
    kept = group.get("decimals")
    if kept is not None and (not isinstance(kept, int) or isinstance(kept, bool) or not 0 <= kept <= MAX_KEPT):
        raise c.r.fail("decimals must be how many decimals the program kept before printing", key + ("decimals",),
                       expected=f"a whole number from 0 to {MAX_KEPT} (torch.round(x * 1000) / 1000 keeps 3)",
                       found=show(kept))
    c.kept = kept
    line = group.get("line")
    if line is not None and (not isinstance(line, int) or isinstance(line, bool) or line < 1):
        raise c.r.fail("line must be a line number of the document (1, 2, …)", key + ("line",), found=show(line))
    c.source_line = line
    for name, value in group.items():
        if name in ("at", "precision", "line", "decimals"):
            continue
        if name == "values":
            _values(c, value, at, key + ("values",), prec)
        elif name == "work":
            _work(c, value, at, key + ("work",), prec)
        elif name == "trend":
            _trend(c, value, at, key + ("trend",))
        else:
            _table(c, name, value, at, key + (name,), prec)


def _table(c: _Claims, name: str, rows, at: str, key: tuple, prec: Precision) -> None:
    try:
        top = c.g.parse(name)
    except AddressError as e:
        raise c.r.fail(f"unknown key {name!r} in [[claims]]: {e}", key,
                       expected="at, values, work, trend, precision, or a step's table (scores, \"L2.scores\", "
                                "\"ln1.mean\", \"grad.logits\")", found=show(name)) from None
    if top.idx:
        raise c.r.fail(f"a table is keyed by a step, not a cell: {name!r}", key, expected="e.g. scores or \"L2.scores\"",
                       found=show(name))
    step = c.g.step(top.step)
    if not step.dims:  # a single number: loss = 0.52
        c.add(top, c.claim_number(rows, key), at, key, prec, name)
        return
    if not isinstance(rows, dict):
        first = (step.labels[0] or ("1",))[0]
        raise c.r.fail(f"{name} must be a table of rows keyed by {'token' if step.labels[0] else 'row number'}", key,
                       expected=f'{name} = {{ "{first}" = [...] }}', found=show(rows))
    for label, row in rows.items():
        a = c.address(f"{name}[{label}]", key + (label,))
        cells = c.g.scalars(a)
        if c.g.is_scalar(a):
            c.add(a, c.claim_number(row, key + (label,)), at, key + (label,), prec, name)
            continue
        if not isinstance(row, list):
            raise c.r.fail("a row must be a list of numbers", key + (label,), found=show(row))
        if len(row) > len(cells):
            what = "unmasked cells" if step.spec.name == "exp" else "cells"
            raise c.r.fail(f"row too long: {len(row)} values", key + (label,), expected=f"at most {len(cells)} ({what})",
                           found=show(row))
        for b, v in zip(cells, row):
            c.add(b, c.claim_number(v, key + (label, cells.index(b))), at, key + (label,), prec, name)


def _values(c: _Claims, values, at: str, key: tuple, prec: Precision) -> None:
    if not isinstance(values, dict):
        raise c.r.fail("values must be a table of address = number", key, found=show(values))
    for text, v in values.items():
        a = c.address(text, key + (text,))
        comps = c.g.scalars(a)
        if isinstance(v, list):
            if len(v) != len(comps):
                raise c.r.fail(f"{len(v)} values for {text}", key + (text,), expected=f"{len(comps)}", found=show(v))
            for b, x in zip(comps, v):
                c.add(b, c.claim_number(x, key + (text,)), at, key + (text,), prec, text)
        elif c.g.is_scalar(a):
            c.add(a, c.claim_number(v, key + (text,)), at, key + (text,), prec, text)
        else:
            raise c.r.fail(f"{text} is a row: give a list", key + (text,), expected=f"{len(comps)} numbers",
                           found=show(v))


def _work(c: _Claims, lines, at: str, key: tuple, prec: Precision) -> None:
    if not isinstance(lines, list):
        raise c.r.fail("work must be a list of { of = ADDRESS, line = TEXT }", key, found=show(lines))
    for k, item in enumerate(lines):
        ik = key + (k,)
        if not isinstance(item, dict) or not set(item) <= {"of", "line"} or not isinstance(item.get("line"), str):
            raise c.r.fail("a work entry needs 'line' (and 'of', the quantity it computes)", ik,
                           expected='{ of = "weights[鬼,金棒]", line = "1.0704 / 4.3752 ≈ 0.2432" }', found=show(item))
        add_line(c, item.get("of"), item["line"], at, ik, prec)


MAX_KEPT = 20  # decimals a group may say its program kept
ARITHMETIC = "arithmetic"  # of = "arithmetic": a line whose numbers are claims of its own arithmetic


def add_line(c: _Claims, of_text, text: str, at: str, ik: tuple, prec: Precision = Precision.EXACT) -> None:
    own = of_text == ARITHMETIC
    of = c.address(of_text, ik + ("of",)) if of_text is not None and not own else None
    loss = c.g.model.loss
    log_base = loss.log.base if loss is not None else None
    from ..numeric.backends import ExactBackend

    try:
        items, rels = G.parse_chain(text)
        for node in items:
            G.evaluate(node, ExactBackend(), log_base=log_base)  # refuse now what cannot be evaluated
    except ParseError as e:
        raise c.r.fail(f"cannot read this line of working: {e}", ik + ("line",),
                       expected="numbers, + - × ÷ / ^ ², ( ), exp ln log √ max tanh …, [a, b]; then = or ≈ and "
                                "the result", found=show(text)) from None
    except (ZeroDivisionError, ValueError, ArithmeticError) as e:
        raise c.r.fail(f"cannot evaluate this line of working: {e}", ik + ("line",), found=show(text)) from None
    m = c.matcher
    if of is not None and m.results(of, items[-1]) is None and m.results(of, items[0]) is not None:
        items, rels = items[::-1], rels[::-1]  # written result first: "0.0504 = 0.20×0.22 + 0.32×0.02"
    stated = [m.results(of, node) for node in items[1:]] if of is not None else []
    if of is not None and stated[-1] is None:
        row = not c.g.is_scalar(of)
        raise c.r.fail("a line of working must end with its stated result", ik + ("line",),
                       expected=f"… ≈ a number{' or [a, b, …]' if row else ''} (the value of {of_text})",
                       found=show(text))
    wi = len(c.work)
    line = c.r.loc.line_of(*ik) or c.r.loc.line_of(*ik[:-1])
    c.work.append(WorkLine(of, text, tuple(items), tuple(rels), at, line, prec, c.source_line, own=own))
    if of is None:
        return
    ops = m.operands(of, items[0])
    if not ops:  # fits nothing, or only as numbers standing for unnamed parts (0.20 + 0.22 for Σ Q·K): unmatched
        c.unmatched.append(wi)
        ops = []
    seen = {(a, lit.text) for a, lit in ops}
    for node, res in zip(items[1:-1], stated[:-1]):  # "(1.1 + … + 1.3) / 4 = 3 / 4 = 0.75": 3 is the sum
        if res is None:
            for a, lit in m.operands(of, node) or []:
                if (a, lit.text) not in seen and not c.g.restates_givens(a.step):
                    seen.add((a, lit.text))
                    ops.append((a, lit))
    if c.source_line is not None:  # "g = … = 0.0079  →  w⁺ = 0.10 − 0.5 · 0.0079": the result just stated, not
        # another quantity far from it
        said = {(x.number.text, x.address) for x in c.claims if x.role is Role.RESULT and x.source_line == c.source_line}
        ops = [(a, lit) for a, lit in ops if c.near(a, lit) or not any(t == lit.text and b != a for t, b in said)]
    for a, lit in ops:
        c.push(Claim(a, _num(lit), at, len(c.claims), line, wi, Role.OPERAND, prec, c.source_line))
    for group in stated:
        for a, lit in group or []:
            c.push(Claim(a, _num(lit), at, len(c.claims), line, wi, Role.RESULT, prec, c.source_line,
                         written=c.spelled(a, of_text)))


def _trend(c: _Claims, items, at: str, key: tuple) -> None:
    if not isinstance(items, list):
        raise c.r.fail("trend must be a list of { of, from, to, says }", key, found=show(items))
    if c.g.model.train is None:
        raise c.r.fail("a trend claim needs training", key, expected="a [train] table with lr and steps")
    for k, item in enumerate(items):
        ik = key + (k,)
        if not isinstance(item, dict) or set(item) != {"of", "from", "to", "says"}:
            raise c.r.fail("a trend entry needs of, from, to and says", ik,
                           expected='{ of = "cos(L3.out[鬼], L3.out[金棒])", from = 0, to = 10, says = "increases" }',
                           found=show(item))
        of = c.address(item["of"], ik + ("of",))
        if not c.g.is_scalar(of) or of.t or of.grad is None:
            raise c.r.fail("a trend follows one scalar quantity", ik + ("of",), expected="a scalar address without stepN.",
                           found=show(item["of"]))
        start = c.r.integer(item["from"], ik + ("from",), 0, "a training step ≥ 0")
        end = c.r.integer(item["to"], ik + ("to",), 0, "a training step after from")
        if end <= start:
            raise c.r.fail("to must come after from", ik + ("to",), expected=f"a step after {start}", found=show(end))
        says = c.r.choice(item["says"], ik + ("says",), TrendSays)
        c.trends.append(Trend(of, start, end, says, at, len(c.claims) + len(c.trends), c.r.loc.line_of(*ik)))


def _num(lit: G.Num) -> Number:
    return Number(X.const(lit.value), lit.text, lit.decimals)


def claims_from_items(engine, items: list[str], of: str | None):
    """``check``'s items as claims: "ADDRESS = NUMBER", or with ``of`` (or "ADDRESS: LINE") a line of working.

    Returns (claims, work, unmatched, errors): an item that cannot be read is reported by its number
    (``errors``), and the others are still judged.
    """
    from .toml import Reader

    c = _Claims(Reader("<arguments>", ""), engine)
    errors: list[tuple[int, str]] = []
    for k, item in enumerate(items, start=1):
        item = item.strip()
        at = f"item {k}: {G.clip(item, 120)}"
        try:
            _item(c, item, of, at)
        except (CaseError, ParseError) as e:
            msg = e.message
            detail = f" (expected {e.expected})" if isinstance(e, CaseError) and e.expected else ""
            errors.append((k, f"{msg}{detail}"))
    return tuple(c.claims), tuple(c.work), tuple(c.unmatched), errors


def _item(c: _Claims, item: str, of: str | None, at: str) -> None:
    if of is not None:
        add_line(c, of, item, at, ())
        return
    head, sep, tail = _split_value(item)
    if sep and _is_address(c.g, head):
        a = c.address(head.strip(), ())
        v = tail.strip()
        if c.g.is_scalar(a):
            c.add(a, c.claim_number(v, ()), at, (), Precision.EXACT, head)
            return
        if v.startswith("[") and v.endswith("]"):
            parts = [x.strip() for x in v[1:-1].split(",")]
            comps = c.g.scalars(a)
            if len(parts) != len(comps):
                raise CaseError(f"{len(parts)} values for {head.strip()}", expected=f"{len(comps)} numbers")
            for b, x in zip(comps, parts):
                c.add(b, c.claim_number(x, ()), at, (), Precision.EXACT, head)
            return
        raise CaseError(f"{head.strip()} is a row", expected=f"[{', '.join(['…'] * len(c.g.scalars(a)))}]")
    head, sep, tail = item.partition(":")
    if sep and _is_address(c.g, head.strip()):
        add_line(c, head.strip(), tail, at, ())
        return
    if sep == "" and any(r in item for r in "=≈≒"):
        add_line(c, ARITHMETIC, item, at, ())  # a line of arithmetic with no quantity named: a claim of its own
        return
    raise ParseError('expected "ADDRESS = NUMBER", "ADDRESS: LINE OF WORKING", or --of ADDRESS with lines',
                     G.clip(item))


def _split_value(item: str) -> tuple[str, str, str]:
    for sep in ("=", "≈", "≒"):
        head, s, tail = item.rpartition(sep)
        if s:
            return head.rstrip("≈≒= "), s, tail
    return item, "", ""


def _is_address(g, text: str) -> bool:
    try:
        g.parse(text.strip())
    except AddressError:
        return False
    return True


def matcher(graph, engine=None) -> Matcher:
    """A Matcher over a graph whose readings are scored against the exact values (for tests and readers);
    ``engine``: the graph's engine when the caller has one (its balls are computed once, not again)."""
    from ..numeric.engine import Engine
    from .toml import Reader

    assert engine is None or engine.graph is graph
    return _Claims(Reader("<matcher>", ""), engine if engine is not None else Engine(graph)).matcher
