"""``exactformer derive``: the whole computation as a LaTeX document, in the order it is computed.

Each block's general formulas once, then worked cells: the formula, the numbers
substituted, the exact closed form, the decimal; the rest of a step as tables.
Every decimal the engine prints goes through ``\\EFdec{id}{…}`` and the id's address
is listed (ASCII, JSON-quoted) in comments at the end, so a test can read each one
back and check it. Numbers a document states go through ``\\EFdoc`` and givens as
written through ``\\EFgiven``.

Large cases degrade gracefully: a step works its first row and the cells a document states in full
(``--only`` chooses them), tables split into column blocks and stop after
``TABLE_ROWS`` rows, closed forms are bounded (past a size, in named quantities),
and long formulas break across lines, so the .tex grows with what it shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..audit.findings import (
    ArithmeticFinding,
    CarriedDigitsFinding,
    ClaimFinding,
    ConflictFinding,
    LineFinding,
    Report,
    Verdict,
)
from ..exact import expr as X
from ..exact.latex import LatexPrinter, break_lines, decimal_tex, short, tex_escape, tex_number
from ..model import kinds as K
from ..model.address import Address, axis_label
from ..model.blocks import KINDS
from ..model.blocks import embedding as EMB
from ..model.blocks import head as HEAD
from ..model.blocks import loss as LOSS
from ..model.build import Place
from ..model.graph import Graph
from ..model.kinds import Exactness
from ..model.steps import Given, Step
from ..model.values import Case, Number
from ..numeric.ball import SymbolicValue, fraction_text
from ..numeric.engine import Engine, UndefinedValue
from .names import quantity_tex

CLOSED_FORM_LIMIT = 120  # tree nodes printed per closed form (past it: in terms of named quantities)
LINE_CHARS = 150  # LaTeX characters per align line before a formula breaks at + and −
ROW_CELLS = 4  # cells of a step's first row worked in full (besides those the document states)
TABLE_COLS = 8  # columns per table block
TABLE_ROWS = 40  # rows shown per table; the rest are counted
MARKS = {Verdict.CORRECT: r"\checkmark", Verdict.ROUNDING: r"\approx\ \text{rounding}",
         Verdict.PROPAGATED: r"\hookrightarrow\ \text{propagated}", Verdict.LAST_DIGIT: r"\pm 1\ \text{last digit}",
         Verdict.WRONG: r"\times\ \text{wrong}", Verdict.UNDEFINED: r"\emptyset\ \text{undefined}",
         Verdict.COARSE: r"\sim\ \text{coarse}"}

PREAMBLE = r"""\documentclass[a4paper,11pt]{article}
\usepackage{luatexja}
\usepackage{amsmath,amssymb}
\usepackage[margin=18mm]{geometry}
\allowdisplaybreaks
\setlength{\parindent}{0pt}
\setlength{\tabcolsep}{4pt}
\newcommand{\EFdec}[2]{#2}
\newcommand{\EFdoc}[1]{#1}
\newcommand{\EFgiven}[1]{#1}
"""


@dataclass(frozen=True)
class Options:
    digits: int = 10
    only: tuple[Address, ...] | None = None  # cells worked in full; the rest appear as tables
    symbolic: bool = False
    grad: bool = False


def symbolic_graph(model) -> tuple[Graph, dict[str, str]]:
    """The same model with every written given replaced by a symbol, and each symbol's LaTeX name."""
    g = Graph(model)
    names: dict[str, str] = {}
    for s in g.steps.values():
        if not isinstance(s.op, Given) or not (s.param or s.spec.name in ("Q", "K", "V")):
            continue
        syms = []
        for o in range(s.size):
            a = Address(s.key, s.unflat(o))
            sym = f"g_{len(names)}"  # a neutral identifier: no user text reaches SymPy or the printer
            names[sym] = quantity_tex(g, a)
            syms.append(X.Sym(sym))
        s.op = Given(tuple(syms))
    return g, names


class Deriver:
    """Builds the LaTeX of one case, numeric or symbolic, with the audit's marks when it has claims."""

    def __init__(self, case: Case, options: Options = Options(), report: Report | None = None) -> None:
        self.case, self.opt = case, options
        if options.symbolic:
            g, symbols = symbolic_graph(case.model)
            g.has_symbols = True
            self.engine = Engine(g)
        else:
            self.engine, symbols = case.engine or Engine(case.model), {}
        self.g = self.engine.graph
        refs = lambda r: self.name(r.key) if r.key is not None else tex_escape(r.label)  # noqa: E731
        self.printer = LatexPrinter(symbols, refs)
        self.linear = LatexPrinter(symbols, refs, linear=True)
        self.report = None if options.symbolic else report
        self.ids: list[Address] = []
        self._operands: dict[Address, str] = {}
        self.by_addr: dict[Address, list[ClaimFinding]] = {}
        if self.report:
            for f in self.report.findings:
                if isinstance(f, ClaimFinding):
                    self.by_addr.setdefault(f.claim.address, []).append(f)
        self.chosen = None if options.only is None else {b for a in options.only for b in self.g.scalars(a)}

    # ---- pieces -----------------------------------------------------------------------
    def dec(self, a: Address, sig: int) -> str:
        try:
            text = self.engine.decimal(a, sig)
        except UndefinedValue:
            return r"\text{undefined}"
        self.ids.append(a)
        return rf"\EFdec{{{len(self.ids) - 1}}}{{{decimal_tex(text)}}}"

    def name(self, a: Address) -> str:
        return quantity_tex(self.g, a)

    def operand(self, a: Address) -> str:
        """How an input is shown once substituted: as written, exact when short, else a decimal (each once)."""
        got = self._operands.get(a)
        if got is None:
            got = self._operand(a)
            self._operands[a] = got
        return got

    def _operand(self, a: Address) -> str:
        f = self.g.formula(a)
        s = self.g.step(a.step)
        if f.kind is K.GIVEN and not a.grad and not self.opt.symbolic:
            v = s.op.values[s.flat(a.idx)]  # type: ignore[attr-defined]
            if isinstance(v, Number):
                return _paren_neg(rf"\EFgiven{{{tex_number(v.text)}}}", v.text)
            return self.printer.doprint(v)
        e = self.g.expr(a)
        if self.opt.symbolic:
            return _paren_neg(self.printer.doprint(self.engine.bounded(a, 20)), "")
        r = X.rational_of(e) if self.engine.cheap(a) else None
        if r is not None and _terminates(r):
            text = fraction_text(r, 40)
            return _paren_neg(text, text)
        if isinstance(e, X.Const):
            return _paren_neg(self.printer.doprint(e), "-" if e.value.q < 0 else "")
        try:
            if self.engine.symbols(a):
                return rf"\left({self.printer.doprint(self.engine.bounded(a, 30))}\right)"
        except UndefinedValue:
            return r"\text{undefined}"
        d = self.dec(a, min(self.opt.digits, 6))
        return rf"\left({d}\right)" if "{-" in d else d

    def closed(self, a: Address) -> list[str] | None:
        """The closed form as align lines (long forms break at + and −), or None when it cannot be printed."""
        try:
            e = self.engine.bounded(a, CLOSED_FORM_LIMIT)
        except (UndefinedValue, X.SizeError):  # no value, or exact digits too many to write (1e10000·1e10000)
            return None
        return self._lines(e, self.printer, self.linear)

    @staticmethod
    def _lines(e: X.Expr, printer: LatexPrinter, linear: LatexPrinter) -> list[str]:
        whole = printer.doprint(e)
        return [whole] if len(whole) <= LINE_CHARS else break_lines(linear.doprint(e), LINE_CHARS)

    def cell(self, a: Address) -> str:
        """formula, substituted, closed form, decimal — then the document's values and their verdicts."""
        f = self.g.formula(a)
        parts: list[list[str]] = []  # each a formula broken into lines; parts are joined by "="
        if f.kind is not K.GIVEN:
            pattern = self.g.symbolic_formula(a)
            parts.append(self._lines(pattern, self.printer, self.linear))
            if not self.opt.symbolic and not isinstance(pattern, X.Ref):  # s̃ = s: its closed form follows
                sub = X.substitute(pattern, self._slot, structural=True)
                parts.append(self._lines(sub, LatexPrinter(self.printer.symbols, self._sub_ref, dot=True),
                                         LatexPrinter(self.printer.symbols, self._sub_ref, linear=True,
                                                      dot=True)))
        cf = self.closed(a)
        if cf is not None:
            parts.append(cf)
        seen: list[list[str]] = []
        for p in parts:
            if p not in seen:
                seen.append(p)
        body = self.name(a) + " &"
        for k, lines in enumerate(seen):
            body += ("" if k == 0 else r" \\ &") + "= " + lines[0]
            body += "".join(r" \\ &\quad " + x for x in lines[1:])
        if not self.opt.symbolic:
            try:
                syms = X.natural_order(self.engine.symbols(a))
            except UndefinedValue as e:
                syms, body = [], body + rf" \\ & \text{{undefined: {tex_escape(e.why)}}}"
            if syms:
                body += r" \\ & \text{(no decimal: depends on }" + ", ".join(
                    rf"\mathit{{{tex_escape(n)}}}" for n in syms) + r"\text{)}"
            elif not (cf and len(cf) == 1 and cf[0] == self._plain_decimal(a)):
                d = self.dec(a, self.opt.digits)
                body += (r" \\ &\approx " if "ldots" in d else r" \\ &= ") + d
            for f_ in self.by_addr.get(a, []):
                body += (rf" \\ & \text{{document: \EFdoc{{{tex_number(f_.claim.number.text)}}}}}\ \ {MARKS[f_.verdict]}"
                         rf"\ \ \text{{\footnotesize {tex_escape(short(f_.claim.at, 60))}}}")
                if f_.explained_by:
                    body += rf" \\ & \text{{\footnotesize why: {tex_escape(f_.explained_by[0].detail)}}}"
        return "\\begin{align*}\n" + body + "\n\\end{align*}\n" + self.notes(a)

    def _plain_decimal(self, a: Address) -> str:
        try:
            return self.engine.decimal(a, self.opt.digits)
        except (SymbolicValue, UndefinedValue):
            return ""

    def _slot(self, r: X.Ref) -> X.Expr:
        """A formula's slot filled for the substituted line: a surd stays exact (printed in place, so inline
        in an exponent); anything else is a named operand printed as written or as a decimal."""
        a = r.key
        if not a.grad and self.g.formula(a).kind is not K.GIVEN and self.engine.cheap(a) is False:
            try:
                e = self.g.expr(a) if self.engine.exactness(a) is not Exactness.TRANSCENDENTAL else None
            except Exception:  # noqa: BLE001 - an undefined input is shown by its operand text
                e = None
            if isinstance(e, X.Const) and e.value.n != 1:
                return e
        return X.Ref(r.label, ("operand", a))

    def _sub_ref(self, r: X.Ref) -> str:
        return self.operand(r.key[1])

    def notes(self, a: Address) -> str:
        """Conflicts and false lines of working, where the quantity stands (kept with the cell)."""
        if not self.report:
            return ""
        out = []
        for f in self.report.findings:
            if isinstance(f, ConflictFinding) and any(c.address == a for c in f.claims):
                vals = "; ".join(f"{c.number.text} ({c.at})" for c in f.claims)
                out.append(r"$\neq$ \textbf{conflict}: stated as " + tex_escape(vals))
            elif isinstance(f, LineFinding):
                w = self.case.work[f.work]
                if w.of is not None and a in self.g.scalars(w.of)[:1]:
                    if isinstance(f, ArithmeticFinding):
                        what = f"evaluates to {f.evaluates_to}, not {f.reported}"
                    elif isinstance(f, CarriedDigitsFinding):
                        what = f"true only with more digits than written (as written: {f.evaluates_to})"
                    else:
                        what = "operands do not fit the formula"
                    out.append(rf"$\times$ \textbf{{line of working}} ({tex_escape(short(w.at))}): "
                               rf"\texttt{{{tex_escape(w.text)}}} — {tex_escape(what)}")
        return "".join(f"\\nopagebreak{{\\small {o}}}\\par\n" for o in out)

    def table(self, s: Step, *, grad: bool = False, t: int = 0) -> str:
        """A whole step as tables of values: column blocks of TABLE_COLS, at most TABLE_ROWS rows."""
        cells = self.g.scalars(Address(s.key, (), grad, t))
        if not s.dims:
            return "".join(rf"${self.name(a)} = {self._val(a)}$\par" + "\n" for a in cells)
        if len(s.dims) == 1:
            shown = cells[:TABLE_ROWS * 4]
            body = r"\quad ".join(rf"${self.name(a)} = {self._val(a)}$" for a in shown)
            more = len(cells) - len(shown)
            return body + (rf"\quad \ldots\ ({more} more)" if more else "") + "\\par\n"
        last = len(s.dims) - 1
        rows: dict[tuple, dict[int, Address]] = {}
        for a in cells:
            rows.setdefault(a.idx[:last], {})[a.idx[last]] = a
        cols = sorted({c for r in rows.values() for c in r})
        keys = list(rows)
        out = []
        head = self.name(Address(s.key, (), grad, t))
        for c0 in range(0, len(cols), TABLE_COLS):
            block = cols[c0:c0 + TABLE_COLS]
            spec = "l" + "r" * len(block)
            hdr = " & ".join([f"${head}$"] + [self._label(s, last, c) for c in block])
            lines = []
            for key in keys[:TABLE_ROWS]:
                lab = ",".join(self._label(s, k, i) for k, i in enumerate(key))
                lines.append(" & ".join([lab] + [f"${self._val(rows[key][c])}$" if c in rows[key] else "--"
                                                 for c in block]))
            more = len(keys) - TABLE_ROWS
            tail = rf"\\ \multicolumn{{{len(block) + 1}}}{{l}}{{\ldots\ {more} more rows}}" if more > 0 else ""
            out.append(f"\\begin{{center}}\\small\\begin{{tabular}}{{{spec}}}\n{hdr}\\\\\\hline\n"
                       + "\\\\\n".join(lines) + tail + "\n\\end{tabular}\\end{center}\n")
        return "".join(out)

    def _label(self, s: Step, axis: int, i: int) -> str:
        text, label = axis_label(s.spec.axes, s.labels, axis, i)
        return tex_escape(short(text)) if label else text

    def _val(self, a: Address) -> str:
        f = self.g.formula(a)
        if f.kind is K.GIVEN and not self.opt.symbolic and not a.grad:
            s = self.g.step(a.step)
            v = s.op.values[s.flat(a.idx)]  # type: ignore[attr-defined]
            if isinstance(v, Number):  # a table cell stands alone: −0.1, not the substitution's (−0.1)
                return rf"\EFgiven{{{tex_number(v.text)}}}"
            return self.operand(a)
        if self.opt.symbolic:
            return self.printer.doprint(self.engine.bounded(a, 24))
        try:
            if self.engine.symbols(a):
                return self.printer.doprint(self.engine.bounded(a, 24))
        except UndefinedValue:
            return r"\text{undef.}"
        return self.dec(a, 6)

    # ---- the document -----------------------------------------------------------------
    def worked(self, s: Step, grad: bool = False) -> list[Address]:
        """The cells worked in full: those chosen with --only; else the first row's (at most ROW_CELLS) and
        every cell the document states, so each verdict stands beside its working."""
        cells = self.g.scalars(Address(s.key, (), grad))
        if self.chosen is not None:
            return [a for a in cells if a.at(grad=False) in self.chosen or a in self.chosen]
        first = cells[:1]
        row = [a for a in cells if a.idx[:1] == first[0].idx[:1]][:ROW_CELLS] if first and len(s.dims) > 1 else \
            cells[:1]
        return [a for a in cells if a in row or a in self.by_addr]

    def section(self, title: str, steps: list[Step], general: list[str], level: str = "subsection") -> str:
        out = [rf"\{level}*{{{tex_escape(title)}}}" + "\n"]
        if general:
            out.append("\\begin{gather*}\n" + " \\\\\n".join(general) + "\n\\end{gather*}\n")
        for s in steps:
            out.append(self.step_part(s))
        return "".join(out)

    def step_part(self, s: Step) -> str:
        title = f"{s.spec.label} ({self.g.name(Address(s.key))})"
        out = [r"\paragraph{" + tex_escape(title) + "}\n"]
        first = self.g.scalars(Address(s.key))[:1]
        if s.is_given or (first and self.g.formula(first[0]).kind is K.COPY):  # givens and lookups: a table
            return "".join(out) + self.table(s)
        cells = self.worked(s)
        if cells:
            out.append("".join(self.cell(a) for a in cells))
        if len(cells) < len(self.g.scalars(Address(s.key))):
            out.append(self.table(s))
        return "".join(out)

    def body(self) -> str:
        m, g, out = self.case.model, self.g, []
        out.append(r"\section*{" + tex_escape(self.case.title) + "}\n")
        if self.case.source:
            out.append(r"Source: " + tex_escape(self.case.source, breakable=True) + "\\par\n")
        if self.report:
            from ..report.data import summary_line

            out.append(r"\textbf{Audit:} " + tex_escape(summary_line(self.report)) + "\\par\n")
        if self.opt.symbolic:
            out.append(r"Every given is a symbol: the closed forms below hold for any numbers.\par" + "\n")
        out.append(r"\section*{Givens}" + "\nPositions: " + ", ".join(
            f"{k + 1}.~{tex_escape(p.label, breakable=True)}" for k, p in enumerate(m.positions)) + "\\par\n")
        steps = [s for s in g.steps.values() if s.listed]
        by_place: dict[tuple, list[Step]] = {}
        for s in steps:
            by_place.setdefault((s.layer, s.block, s.block_kind), []).append(s)
        emb = [s for s in steps if s.block_kind == "embedding"]
        if emb:
            out.append(self.section("Input", emb, EMB.general_tex(m)))
        for li, layer in enumerate(m.layers, start=1):
            out.append(rf"\section*{{Layer {li}}}" + "\n")
            for blk in layer.blocks:
                place = Place(li, blk.name, blk.kind)
                kind = KINDS[blk.kind]
                out.append(self.section(f"{blk.name} ({kind.name})", by_place.get((li, blk.name, blk.kind), []),
                                        kind.general_tex(blk.config, place, m)))
        head = [s for s in steps if s.block_kind in ("head",) or (s.block or "").startswith("head")]
        if head:
            out.append(self.section("Output head", head, HEAD.general_tex(m), "section"))
        loss = [s for s in steps if s.block_kind == "loss"]
        if loss:
            out.append(self.section("Loss", loss, LOSS.general_tex(m), "section"))
        if self.opt.grad and g.loss_step is not None:
            out.append(self.backward(steps))
        return "".join(out)

    def backward(self, steps: list[Step]) -> str:
        """The backward pass: the chain rule once, then per step worked gradients, then the updates."""
        out = [r"\section*{Backward pass}" + "\n",
               r"$\overline{x}$ is $\partial L/\partial x$: for every quantity $x$, the sum over the quantities $c$ "
               r"that use it," + "\n\\begin{gather*}\n"
               r"\overline{x} = \textstyle\sum_{c} \overline{c}\,\frac{\partial c}{\partial x}" + "\n\\end{gather*}\n"]
        for s in reversed(steps):
            if s.lazy or (s.is_given and not s.param):
                continue
            cells = self.worked(s, grad=True)
            out.append(r"\paragraph{" + tex_escape(f"∂L/∂ {s.spec.label} ({self.g.name(Address(s.key, (), True))})")
                       + "}\n")
            out.append("".join(self.cell(a) for a in cells))
            if len(cells) < len(self.g.scalars(Address(s.key, (), True))):
                out.append(self.table(s, grad=True))
        train = self.case.model.train
        if train is not None and self.g.params:
            out.append(r"\section*{Update (step 1)}" + "\n" + rf"$p \leftarrow p - \eta\,\overline{{p}}$ with "
                       rf"$\eta = {tex_escape(train.lr.text)}$"
                       + (", blocks updated from the output back" if train.update.value == "sequential" else "")
                       + "\\par\n")
            for s in self.g.params:
                cells = [a.at(t=1) for a in self.g.scalars(Address(s.key)) if self.g.trainable(a)][:ROW_CELLS]
                out.append("".join(self.cell(a) for a in cells))
        return "".join(out)

    def document(self) -> str:
        body = self.body()
        index = "".join(f"% EFDEC {k} {json.dumps(self.g.name(a))}\n" for k, a in enumerate(self.ids))
        return PREAMBLE + "\\begin{document}\n" + body + "\\end{document}\n" + index


def _paren_neg(tex: str, text: str) -> str:
    return rf"\left({tex}\right)" if text.startswith("-") else tex


def _terminates(r) -> bool:
    d = r.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1 and r.numerator.bit_length() <= 40 and len(str(r.numerator)) <= 12


def mathjax(tex: str) -> str:
    """A cell's align* as MathJax-ready LaTeX for a notebook (the bookkeeping macros unwrapped)."""
    import re

    tex = re.sub(r"\\EFdec\{\d+\}\{([^{}]*)\}", r"\1", tex)
    tex = re.sub(r"\\EF(?:doc|given)\{([^{}]*)\}", r"\1", tex)
    tex = tex.replace("\\begin{align*}", "\\begin{aligned}").replace("\\end{align*}", "\\end{aligned}")
    return tex.split("\\end{aligned}")[0] + "\\end{aligned}"


class Derivation:
    """A derivation for notebooks and scripts: ``.tex`` is the document; it renders in Jupyter."""

    def __init__(self, deriver: Deriver, cells: list[Address]) -> None:
        self.deriver = deriver
        self.cells = cells

    @property
    def tex(self) -> str:
        return self.deriver.document()

    def _repr_latex_(self) -> str:
        return "$$" + r" \\[1em] ".join(mathjax(self.deriver.cell(a)) for a in self.cells) + "$$"

