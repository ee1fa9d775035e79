"""The audit as one self-contained HTML page: the document's tables, each cell coloured by its verdict.

Every claimed step is drawn as a table the way documents lay it out (rows by token, columns by token or
component; a three-index step as one table per leading token). A claimed cell shows the document's number,
its verdict as a colour, a symbol and a word (for screen readers too); a cell the document does not state
shows the exact value faintly. Each claim's derivation (formula, numbers substituted, closed form,
certified decimal, the document's recomputation, why, what it depends on and what it causes) is in the page:
under its table when scripts are off or the page is printed, in a panel beside the tables when a cell is
clicked or focused, with the causal chain marked in the tables.

Mathematics is MathML, printed by the same printer as the LaTeX (``LatexPrinter(markup=MathMLMarkup)``).
User text (token names, titles, document text) is escaped for HTML text and attributes by ``html_text``;
the page's only script and style are inline and allowed by hash in a Content-Security-Policy that forbids
every network access, inline event handlers and any other script.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache, cached_property
from importlib import resources
from itertools import product

from ..audit.findings import ClaimFinding, FindingKind, LineFinding, Report, Severity, Verdict
from ..derive.names import quantity_mathml
from ..errors import ExactformerError
from ..exact import expr as X
from ..exact.latex import LatexPrinter
from ..model import kinds as K
from ..model.address import Address, axis_label
from .data import groups, reading_lines, root_lines, rounded_note, summary_line
from .decimals import units
from .escape import html_text as h
from .mathml import MathMLMarkup, decimal_mathml, math
from .scripts import glyph_warnings, language, uncovered

OK = (Verdict.CORRECT, Verdict.ROUNDING)

CLOSED_NODES = 60  # a closed form in the page: past this size, in terms of named quantities
FULL_CORRECT = 400  # correct claims whose derivation carries its mathematics (every other claim's always does)
LINKS = 12  # "depends on" and "causes" list this many cells, then a count
FAINT_DIGITS = 4  # significant digits of an unstated cell's exact value


@cache
def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


class _Page:
    def __init__(self, r: Report, prefix: str = "") -> None:
        self.r = r
        self.prefix = prefix  # of the ids of its tables: a document of several computations has a page part each
        self.e = r.engine
        self.g = self.e.graph
        self.by_addr: dict[Address, list[ClaimFinding]] = {}
        self.effects: dict[int, list[int]] = {}  # claim seq -> the claims it causes (they name it as a cause)
        for f in r.findings:
            if isinstance(f, ClaimFinding):
                self.by_addr.setdefault(f.claim.address, []).append(f)
                for c in f.caused_by:
                    self.effects.setdefault(c.seq, []).append(f.claim.seq)
        self.names = LatexPrinter(refs=lambda ref: quantity_mathml(self.g, ref.key), markup=MathMLMarkup)
        # a large document's page stays small: past FULL_CORRECT correct claims (in document order), a correct
        # claim's derivation gives its numbers and links but not its formula, which `show` prints
        correct = [f.claim.seq for f in r.findings if isinstance(f, ClaimFinding) and f.verdict in OK]
        self.full = set(sorted(correct)[:FULL_CORRECT])
        self.numbers = LatexPrinter(refs=self._operand, markup=MathMLMarkup, dot=True)
        self.warnings: list[str] = []

    # ---- mathematics ---------------------------------------------------------------------------
    def _operand(self, ref: X.Ref) -> str:
        text = self.e.operand_text(ref.key, 6)
        got = f"<mn>{h(text)}</mn>"
        return f"<mrow><mo>(</mo>{got}<mo>)</mo></mrow>" if text.startswith("-") else got

    def formula_rows(self, a: Address) -> list[tuple[str, str]]:
        """(what, MathML) rows: the formula, the numbers substituted, the closed form."""
        name = quantity_mathml(self.g, a)
        rows = []
        if self.g.formula(a).kind is not K.GIVEN:
            pattern = self.g.symbolic_formula(a)
            rows.append(("formula", math(name + "<mo>=</mo>" + self.names.doprint(pattern), True)))
            rows.append(("numbers", math("<mo>=</mo>" + self.numbers.doprint(pattern), True)))
        else:
            rows.append(("given", math(name, True)))
        try:
            if not self.e.symbols(a):
                closed = self.e.bounded(a, CLOSED_NODES)
                rows.append(("exact", math("<mo>=</mo>" + self.names.doprint(closed), True)))
        except ExactformerError:
            pass
        return rows

    # ---- cells ---------------------------------------------------------------------------------
    def cell_id(self, seq: int) -> str:
        return f"c{seq}"

    def claim_ids(self, a: Address) -> list[str]:
        return [self.cell_id(f.claim.seq) for f in self.by_addr.get(a, [])]

    def claim_link(self, f: ClaimFinding) -> str:
        seq, k = f.claim.seq, f.kind
        deps = [i for b in self._inputs(f.claim.address) for i in self.claim_ids(b)]
        blame = [self.cell_id(c.seq) for c in f.caused_by]
        effects = [self.cell_id(s) for s in self.effects.get(seq, [])]
        return (f'<a class="claim v-{k}" id="{self.cell_id(seq)}" href="#d{seq}" data-name="{h(f.shown)}" '
                f'data-deps="{" ".join(deps)}" data-blame="{" ".join(blame)}" data-effects="{" ".join(effects)}">'
                f'<span class="mark" aria-hidden="true">{h(f.mark)}</span>{h(f.claim.number.text)}'
                f'<span class="sr"> {h(k.label)}</span></a>')

    def _inputs(self, a: Address) -> tuple[Address, ...]:
        try:
            return self.g.formula(a).args
        except ExactformerError:
            return ()

    def faint(self, a: Address) -> str:
        step = self.g.step(a.step)
        if not step.op.exists(step, a.idx):  # a masked score, a position without a target
            return ""
        try:
            text = self.e.decimal(a, FAINT_DIGITS)
        except ExactformerError:
            text = "—"
        return f'<span class="value" title="not stated in the document">{h(text)}</span>'

    def td(self, a: Address) -> str:
        fs = self.by_addr.get(a)
        return "<td>" + ("".join(self.claim_link(f) for f in fs) if fs else self.faint(a)) + "</td>"

    # ---- a step as tables ----------------------------------------------------------------------
    def labels(self, step, axis: int) -> list[str]:
        return [axis_label(step.spec.axes, step.labels, axis, i)[0] for i in range(step.dims[axis])]

    def grid(self, step, head: tuple[int, ...], grad: bool, t: int) -> str:
        """The table of the last two (or fewer) axes of a step, the leading indices fixed to ``head``."""
        rest = step.dims[len(head):]
        at = lambda idx: Address(step.key, head + idx, grad, t)  # noqa: E731
        if not rest:
            return f'<table class="step"><tr>{self.td(at(()))}</tr></table>'
        cols_axis = len(step.dims) - 1
        cols = self.labels(step, cols_axis)
        head_row = "<tr><th></th>" + "".join(f'<th scope="col">{h(c)}</th>' for c in cols) + "</tr>"
        if len(rest) == 1:
            return (f'<table class="step">{head_row}<tr><th scope="row"></th>'
                    + "".join(self.td(at((j,))) for j in range(rest[0])) + "</tr></table>")
        rows = self.labels(step, cols_axis - 1)
        body = "".join(f'<tr><th scope="row">{h(rows[i])}</th>' + "".join(self.td(at((i, j)))
                                                                         for j in range(rest[1])) + "</tr>"
                       for i in range(rest[0]))
        return f'<table class="step">{head_row}{body}</table>'

    def step_section(self, key: tuple[str, bool, int], n: int) -> str:
        step_key, grad, t = key
        step = self.g.step(step_key)
        title = self.title(key)
        lead = len(step.dims) - 2 if len(step.dims) > 2 else 0
        parts = [f'<section class="step-part" id="step-{self.prefix}{n}"><h2>{h(title)} '
                 f'<span class="faint">{h(step.spec.label)}</span></h2>']
        for head in product(*(range(d) for d in step.dims[:lead])):
            if lead:
                where = ", ".join(self.labels(step, k)[i] for k, i in enumerate(head))
                parts.append(f"<h3>{h(title)}[{h(where)}]</h3>")
            parts.append(f'<div class="scroll">{self.grid(step, head, grad, t)}</div>')
        claims = [f for a in sorted(self.by_addr, key=lambda a: a.idx) if (a.step, a.grad, a.t) == key
                  for f in self.by_addr[a]]
        parts.append('<div class="derivations">' + "".join(self.derivation(f) for f in claims) + "</div>")
        return "".join(parts) + "</section>"

    # ---- a claim's derivation ------------------------------------------------------------------
    def derivation(self, f: ClaimFinding) -> str:
        c, k = f.claim, f.kind
        rows: list[tuple[str, str]] = []
        if f.verdict not in OK and f.verdict is not Verdict.UNDEFINED or c.seq in self.full:
            rows += self.formula_rows(c.address)
        elif f.verdict is not Verdict.UNDEFINED:
            rows.append(("formula", f"<code>exactformer show {h(self.r.case.path)} {h(repr(f.quantity))}</code> "
                                    "prints it (the page shows the mathematics of 400 correct claims)"))
        rows.append(("certified", math(decimal_mathml(f.exact)) if f.exact != "undefined" else "undefined"))
        off = units(f.off_by)
        rows.append(("document", h(c.number.text) + (f" ({h(off)} units of the last digit off)" if off else "")))
        if f.recomputed:
            rows.append(("recomputed", "from the document's own numbers: " + h(f.recomputed)))
        why = f.why_text()
        if why:
            rows.append(("why", f'<span class="why">{h(why)}</span>'))
        deps = self._links(list(self._inputs(c.address)))
        if deps:
            rows.append(("depends on", deps))
        effects = [self.r.by_seq[s].claim.address for s in self.effects.get(c.seq, [])]
        if effects:
            rows.append(("causes", self._links(effects)))
        body = "".join(f"<dt>{h(w)}</dt><dd>{v}</dd>" for w, v in rows)
        return (f'<section class="derivation v-{k}" id="d{c.seq}"><h3><span class="mark">{h(f.mark)}</span> '
                f'{h(k.label)}: {h(f.shown)} = {h(c.number.text)} <span class="at">at {h(c.at)}</span></h3>'
                f"<dl>{body}</dl></section>")

    def _links(self, addrs: list[Address]) -> str:
        out = []
        for a in dict.fromkeys(addrs):
            name = h(self.g.name(a))
            ids = self.claim_ids(a)
            out.append(f'<a class="to-cell" href="#{ids[0]}">{name}</a>' if ids else name)
        more = len(out) - LINKS
        return ", ".join(out[:LINKS]) + (f" and {more} more" if more > 0 else "")

    # ---- the page ------------------------------------------------------------------------------
    def header(self) -> str:
        """A few lines, so that the first screen is the tables: the title, the counts (coloured as the cells
        are, so they are the legend too), the status, and the root causes folded into one line that opens."""
        r = self.r
        s = r.summary()
        worst = r.worst()
        status = {Severity.ERROR: ("errors", "errors"), Severity.WARNING: ("warnings only", "warnings")}.get(
            worst, ("no errors", "ok"))
        items = "".join(f'<li class="{"v-" + k if k.of_claim else "other"}"><span class="mark">{h(k.mark)}'
                        f"</span> {s[k]} {h(k.label)}</li>" for k in FindingKind if s.get(k) or k in ("correct", "wrong"))
        out = [f'<header><h1>{h(r.case.title)}</h1><p class="source">{h(r.case.path)}</p>',
               f'<p class="status {status[1]}">status: {h(status[0])} <span class="faint">({h(summary_line(r))})'
               f'</span></p><ul class="summary" aria-label="verdicts">{items}</ul>']
        out += [f'<p class="warnings">{h(w)}</p>' for w in self.warnings]
        if r.not_searched:
            out.append(f'<p class="warnings">{h(r.not_searched)}</p>')
        rounded = rounded_note(r)
        if rounded:
            out.append(f'<p class="warnings">{h(rounded)}</p>')
        for title, errors in (("root causes", True), ("last digits off by one (warnings)", False)):
            found = root_lines(r, errors)
            if found:
                out.append(self.roots(title, found))
        notes = [f"<li>{h(line.strip())}</li>" for line in reading_lines(r)]
        notes += [f"<li>one convention fits a whole group of numbers: {h(e.detail)} "
                  f'<span class="faint">({len(qs)} numbers)</span></li>' for e, qs in r.conventions]
        if notes:
            out.append(f'<details class="notes"><summary>how the numbers were read</summary><ul>{"".join(notes)}'
                       "</ul></details>")
        nav = "".join(f'<a href="#step-{p.prefix}{n}">{h(p.title(k))}</a>' for p in self.pages
                      for n, k in enumerate(p.steps))
        if nav:
            out.append(f'<nav class="steps" aria-label="tables">{nav}</nav>')
        return "".join(out) + "</header>"

    def roots(self, title: str, found) -> str:
        """Root causes as one line that opens into a list: each a link to its cell (whose derivation says the
        rest), with why in a few words and how many later numbers it carries into."""
        carried = len({e.claim.seq for _, _, effects in found for e in effects})
        head = f"{len(found)} {title}" + (f", carried into {carried} later numbers" if carried else "")
        rows = []
        for root, seqs, effects in found:
            why = root.explained_by[0].detail if root.explained_by else (root.why_not or "")
            rows.append(f'<li><a class="to-cell" href="#c{seqs[0]}">{h(root.mark)} {h(root.shown)} = '
                        f'{h(root.claim.number.text)}</a>' + (f' <span class="why">{h(why)}</span>' if why else "")
                        + (f' <span class="faint">→ {len(effects)}</span>' if effects else "") + "</li>")
        return f'<details class="roots"><summary>{h(head)}</summary><ul>{"".join(rows)}</ul></details>'

    def others(self) -> str:
        """Findings that are not a number in a table: false lines of working, conflicts, trends, …"""
        rows = []
        for g in groups(self.r):
            for f in g.findings:
                if isinstance(f, ClaimFinding):
                    continue
                k = f.kind
                line = f' <code>{h(f.line)}</code>' if isinstance(f, LineFinding) else ""
                rows.append(f'<li class="v-{"correct" if f.severity is Severity.OK else "wrong"}">'
                            f'<span class="mark">{h(f.mark)}</span> {h(k.label)} '
                            f'<span class="at">at {h(g.at)}</span>{line}: {h(f.why_text())}</li>')
        return ('<section><h2>Lines of working, conflicts and other findings</h2><ul class="other">'
                + "".join(rows) + "</ul></section>") if rows else ""

    def title(self, key: tuple[str, bool, int]) -> str:
        return self.g.name(Address(key[0], (), key[1], key[2]))

    @cached_property
    def steps(self) -> list[tuple[str, bool, int]]:
        return list(dict.fromkeys((a.step, a.grad, a.t) for a in sorted(
            self.by_addr, key=lambda a: (a.t, a.grad, self.g.order[self.g.step(a.step).key]))))

    @cached_property
    def pages(self) -> list[_Page]:
        """A page part per computation of the document, each over its own model (the one, for most)."""
        return [_Page(p, f"p{k}-") for k, p in enumerate(self.r.parts)] if self.r.parts else [self]

    def tables(self) -> str:
        return "".join(self.step_section(k, n) for n, k in enumerate(self.steps))

    def page(self) -> str:
        if len(self.pages) > 1:
            main = "".join(f'<h2 class="part">{h(p.r.case.title if k else "part 1")}</h2>' + p.tables()
                           for k, p in enumerate(self.pages))
        else:
            main = self.tables()
        main += self.others()
        self.warnings = page_warnings(self.r)
        header = self.header()
        css, js = _asset("html.css"), _asset("html.js")
        csp = (f"default-src 'none'; style-src {_sha256(css)}; script-src {_sha256(js)}; img-src data:; "
               "base-uri 'none'; form-action 'none'")
        return (f'<!DOCTYPE html>\n<html lang="{h(page_language(self.r))}"><head><meta charset="utf-8">'
                f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<meta name="generator" content="exactformer"><title>{h(self.r.case.title)} — exactformer audit'
                f"</title><style>{css}</style></head><body><div class=\"content\">{header}<main>{main}</main></div>"
                '<aside id="pane"><p class="hint">Click or focus a coloured cell: its derivation shows here, and the '
                'cells it depends on and causes are marked in the tables.</p>'
                '<div id="panel" aria-live="polite"><button id="panel-close" type="button">close</button>'
                f'<div id="panel-body"></div></div></aside><script>{js}</script></body></html>\n')


def page_language(r: Report) -> str:
    """The language of the audited document: what the reader found (an HTML document's own ``lang``, or the
    script of its text); for a case file, the script of its title, tokens and places."""
    if r.case.reading is not None:
        return r.case.reading.lang
    m = r.case.model
    return language(" ".join([r.case.title, *(p.token for p in m.positions), *(c.at for c in r.case.claims)]))


def page_warnings(r: Report) -> list[str]:
    """The glyphs none of the page's fonts has, in the text the document gives it: its title and path, token
    names, places, numbers and what each finding says."""
    c = r.case
    text = [c.title, c.path, *(p.token for p in c.model.positions)]
    text += [piece for cl in c.claims for piece in (cl.at, cl.number.text)]
    text += [f.why_text() for f in r.findings]
    return glyph_warnings(uncovered("".join(text)), "the page's fonts")


def render_html(r: Report) -> str:
    """The whole page (one string, no external resource)."""
    return _Page(r).page()
