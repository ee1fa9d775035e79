"""``exactformer derive``: the whole computation as a LaTeX document, in the paper's order.

For every cell: the formula, the numbers substituted, the exact closed form, the
decimal. Every decimal the engine prints goes through ``\\EFdec{id}{…}`` and the
id's address is listed (ASCII, JSON-quoted) in comments at the end, so a test can
read each one back and check it. Numbers a document states go through ``\\EFdoc``
and givens as written through ``\\EFgiven``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from . import exact as X
from .address import Address
from .engine import Engine
from .findings import ArithmeticFinding, ClaimFinding, ConflictFinding, LineFinding, Report
from .latex import LatexPrinter, decimal_tex, formula_tex, quantity_tex, tex_escape, tok
from .model import Case, Layer, Number
from .numeric import fraction_text

CLOSED_FORM_LIMIT = 400  # tree nodes; a longer closed form is described, not printed
SYMBOLIC_LIMIT = 60  # general closed forms grow fast; past this the formula line says it better
LINE_CHARS = 260  # LaTeX characters; a longer sum is broken a term per line
FULL_LIMIT = 64  # cells of a step worked in full when --only is not given
MARKS = {"correct": r"\checkmark", "rounding": r"\approx\ \text{rounding}", "propagated": r"\hookrightarrow\ \text{propagated}",
         "last_digit": r"\pm 1\ \text{last digit}", "wrong": r"\times\ \text{wrong}"}
def general(model, layer: int) -> list[str]:
    """Each step's general formula once, as this case computes it (direct Q/K/V, scale, mask)."""
    js = r"j \le i" if model.mask == "causal" else "j"
    divisor = {"sqrt_dk": r"\sqrt{d_k}", "none": "1"}.get(model.scale) or tex_escape(_text(model.scale_number))
    x = "x_i" if layer == 1 else f"c^{{({layer - 1})}}_i"
    lines = [] if model.layers[layer - 1].direct else [
        rf"q_i = {x} W^Q,\quad k_i = {x} W^K,\quad v_i = {x} W^V"]
    lines += [
        r"s_{ij} = q_i \cdot k_j = \textstyle\sum_m q_{i,m} k_{j,m}",
        rf"\tilde{{s}}_{{ij}} = s_{{ij}} / {divisor}",
        rf"\varepsilon_{{ij}} = e^{{\tilde{{s}}_{{ij}}}},\quad \Sigma_i = \textstyle\sum_{{{js}}} \varepsilon_{{ij}},\quad "
        r"\alpha_{ij} = \varepsilon_{ij} / \Sigma_i" + (r"\ (\alpha_{ij} = 0 \text{ for } j > i)" if js != "j" else ""),
        rf"(\alpha v)_{{ij}} = \alpha_{{ij}}\, v_j,\quad c_i = \textstyle\sum_{{{js}}} \alpha_{{ij}}\, v_j",
    ]
    return lines
PREAMBLE = r"""\documentclass[a4paper,10pt]{article}
\usepackage{luatexja}
\usepackage{amsmath,amssymb}
\usepackage[margin=16mm]{geometry}
\allowdisplaybreaks
\setcounter{MaxMatrixCols}{64}
\setlength{\parindent}{0pt}
\newcommand{\EFdec}[2]{#2}
\newcommand{\EFdoc}[1]{#1}
\newcommand{\EFgiven}[1]{#1}
"""


@dataclass(frozen=True)
class Options:
    digits: int = 10
    only: tuple[Address, ...] | None = None  # cells worked in full; the rest appear as tables
    symbolic: bool = False


class Deriver:
    """Builds the LaTeX of one case, numeric or symbolic, with the audit's marks when it has claims."""

    def __init__(self, case: Case, options: Options = Options(), report: Report | None = None) -> None:
        self.case = case if not options.symbolic else replace(case, model=_symbolic(case.model))
        self.opt = options
        self.engine = Engine(self.case.model)
        self.g = self.engine.graph
        self.labels = self.g.labels
        self.printer = LatexPrinter(_symbol_tex(self.case.model) if options.symbolic else None,
                                    refs=lambda label: quantity_tex(self.g.parse(label), self.labels))
        self.report = None if options.symbolic else report
        self.ids: list[Address] = []
        self.by_addr: dict[Address, list[ClaimFinding]] = {}
        if self.report:
            for f in self.report.findings:
                if isinstance(f, ClaimFinding):
                    self.by_addr.setdefault(f.claim.address, []).append(f)

    # ---- pieces -----------------------------------------------------------------------
    def dec(self, a: Address, sig: int) -> str:
        self.ids.append(a)
        return rf"\EFdec{{{len(self.ids) - 1}}}{{{decimal_tex(self.engine.decimal(a, sig))}}}"

    def name(self, a: Address) -> str:
        return quantity_tex(a, self.labels)

    def operand(self, a: Address) -> str:
        f = self.g.formula(a)
        if f.kind == "given" and not self.opt.symbolic:
            v = self.g.given(a)
            return rf"\EFgiven{{{tex_escape(v.text)}}}" if isinstance(v, Number) else self.printer.doprint(v)
        e = self.g.expr(a)
        r = X.rational_of(e)
        if not self.opt.symbolic and self.engine.symbols(a):  # no decimal: show what it is made of
            s = self.printer.doprint(e)
            return s if isinstance(e, (X.Sym, X.Const)) else rf"\left({s}\right)"
        if r is not None and not self.opt.symbolic and _terminates(r):
            s = fraction_text(r, 40)  # an exact short decimal reads as the document writes it
            return s if not s.startswith("-") else rf"\left({s}\right)"
        if self.opt.symbolic or isinstance(e, X.Const):
            s = self.printer.doprint(e)
            return s if not s.startswith("-") else rf"\left({s}\right)"
        s = self.dec(a, min(self.opt.digits, 6))
        return s if "{-" not in s else rf"\left({s}\right)"

    def closed(self, a: Address) -> list[str] | None:
        """The closed form as align lines (a long sum: a term per line), or None when too long to read."""
        e = self.g.expr(a)
        limit = SYMBOLIC_LIMIT if self.opt.symbolic else CLOSED_FORM_LIMIT
        if a.layer > 1 and X.tree_size(e) > limit:
            e = self.g.expr(a, cut=a.layer)
        if X.tree_size(e) > limit:
            return None
        whole = self.printer.doprint(e)
        if not isinstance(e, X.Add) or len(whole) < LINE_CHARS:
            return [whole]
        terms = [self.printer.doprint(t) for t in e.terms]
        return [terms[0]] + [(r"\quad " + t) if t.startswith("-") else (r"\quad + " + t) for t in terms[1:]]

    def cell(self, a: Address) -> str:
        """formula, substituted, closed form, decimal — then the document's values and their verdicts."""
        f = self.g.formula(a)
        lines = [self.name(a)]
        if f.kind != "given":
            lines.append(formula_tex(f.kind, [self.name(b) for b in f.args]))
            if not self.opt.symbolic:
                lines.append(formula_tex(f.kind, [self.operand(b) for b in f.args], r"\cdot"))
        cf = self.closed(a)
        tail = cf[1:] if cf else []
        lines.append(cf[0] if cf else r"\text{(closed form too long to print; see the lines above)}")
        body = rf"{lines[0]} &= " + r" \\ &= ".join(dict.fromkeys(lines[1:]))
        body += "".join(rf" \\ &\phantom{{=}}{t}" for t in tail)
        syms = sorted(self.engine.symbols(a)) if not self.opt.symbolic else []
        if syms:
            body += r" \\ & \text{(no decimal: depends on }" + ", ".join(f"\\mathit{{{n}}}" for n in syms).replace(
                "_", r"\_") + r"\text{)}"
        elif not self.opt.symbolic:
            if not (cf and len(cf) == 1 and cf[0] == self.engine.decimal(a, self.opt.digits)):  # 0 = 0: once
                d = self.dec(a, self.opt.digits)
                body += (r" \\ &\approx " if "ldots" in d else r" \\ &= ") + d
            for f_ in self.by_addr.get(a, []):
                body += (rf" \\ & \text{{document: \EFdoc{{{tex_escape(f_.claim.number.text)}}}}}\ \ {MARKS[f_.verdict]}"
                         rf"\ \ \text{{\footnotesize {tex_escape(f_.claim.at)}}}")
        return "\\begin{align*}\n" + body + "\n\\end{align*}\n" + self.notes(a)

    def notes(self, a: Address) -> str:
        """Conflicts and false lines of working, where the quantity stands."""
        if not self.report:
            return ""
        out = []
        for f in self.report.findings:
            if isinstance(f, ConflictFinding) and any(c.address == a for c in f.claims):
                vals = "; ".join(f"{c.number.text} ({c.at})" for c in f.claims)
                out.append(r"$\neq$ \textbf{conflict}: stated as " + tex_escape(vals))
            elif isinstance(f, LineFinding):
                w = self.case.work[f.work]
                if a in self.g.scalars(w.of)[:1]:
                    what = (f"evaluates to {f.evaluates_to}, not {f.reported}" if isinstance(f, ArithmeticFinding)
                            else "operands do not fit the formula")
                    out.append(rf"$\times$ \textbf{{line of working}} ({tex_escape(w.at)}): "
                               rf"\texttt{{{tex_escape(w.text)}}} — {tex_escape(what)}")
        return "".join(f"{{\\small {o}}}\\par\n" for o in out)

    def table(self, layer: int, step: str) -> str:
        """A whole step as tables of decimals (8 columns a block), for the cells not worked in full."""
        dims = self.g.shape(layer, step)
        head = self.name(Address(layer, step)) if step != "sqrt_dk" else ""
        if step in ("expsum", "sqrt_dk") or len(dims) == 3:
            cells = " ".join(rf"${self.name(a)} = {self._val(a)}$\quad" for a in self.g.scalars(Address(layer, step)))
            return f"{cells}\\par\n"
        rows, cols = dims
        rlab = self.labels if step != "Wq" and not step.startswith("W") else [str(k + 1) for k in range(rows)]
        clab = self.labels if len(dims) == 2 and step in ("scores", "scaled", "exp", "weights") else \
            [str(k + 1) for k in range(cols)]
        out = []
        for c0 in range(0, cols, 8):
            cs = range(c0, min(cols, c0 + 8))
            spec = "l" + "r" * len(cs)
            hdr = " & ".join([f"${head}$"] + [tex_escape(clab[c]) for c in cs])
            body = "\\\\\n".join(" & ".join([tex_escape(rlab[r])] + [f"${self._val(Address(layer, step, (r, c)))}$"
                                                                     for c in cs]) for r in range(rows))
            out.append(f"\\begin{{center}}\\scriptsize\\begin{{tabular}}{{{spec}}}\n{hdr}\\\\\\hline\n{body}\n"
                       "\\end{tabular}\\end{center}\n")
        return "".join(out)

    def _val(self, a: Address) -> str:
        if a.step == "exp" and self.g.model.masked(*a.idx):
            return "-"
        if self.g.formula(a).kind == "given" and not self.opt.symbolic:
            return self.operand(a)
        if self.opt.symbolic or self.engine.symbols(a):
            return self.printer.doprint(self.g.expr(a))
        return self.dec(a, 6)

    # ---- the document -----------------------------------------------------------------
    def worked(self, layer: int, step: str) -> list[Address] | None:
        cells = self.g.scalars(Address(layer, step))
        if self.opt.only is not None:
            chosen = {b for a in self.opt.only for b in self.g.scalars(a)}
            return [a for a in cells if a in chosen]
        return cells if len(cells) <= FULL_LIMIT else []

    def body(self) -> str:
        m, out = self.case.model, []
        out.append(r"\section*{" + tex_escape(self.case.title) + "}\n")
        if self.case.source:
            out.append(r"Source: " + tex_escape(self.case.source) + "\\par\n")
        if self.report:
            from .render import summary_line

            out.append(r"\textbf{Audit:} " + tex_escape(summary_line(self.report)) + "\\par\n")
        out.append(r"\section*{Givens}" + "\nTokens: " + ", ".join(f"{k + 1}.~{tex_escape(p.label)}"
                                                                    for k, p in enumerate(m.positions)) + "\\par\n")
        scale = {"sqrt_dk": r"$\sqrt{d_k}$", "none": "none (1)"}.get(m.scale) or tex_escape(_text(m.scale_number))
        out.append(f"Scale: {scale}. Mask: {tex_escape(m.mask)}.\\par\n")
        for layer in range(1, self.g.n_layers + 1):
            out.append(rf"\section*{{Layer {layer}}}" + "\n")
            out.append("\\begin{gather*}\n" + " \\\\\n".join(general(m, layer)) + "\n\\end{gather*}\n")
            for step in self.g.steps(layer):
                out.append(rf"\subsection*{{{step.replace('_', ' ')}}}" + "\n")
                if self.g.formula(self.g.scalars(Address(layer, step))[0]).kind == "given" and step != "sqrt_dk":
                    out.append(self.table(layer, step))
                    continue
                cells = self.worked(layer, step)
                if cells:
                    out.append("{\\small\n" + "".join(self.cell(a) for a in cells) + "}\n")
                if len(cells or []) < len(self.g.scalars(Address(layer, step))):
                    out.append(self.table(layer, step))
        return "".join(out)

    def document(self) -> str:
        body = self.body()
        index = "".join(f"% EFDEC {k} {json.dumps(self.g.name(a))}\n" for k, a in enumerate(self.ids))
        return PREAMBLE + "\\begin{document}\n" + body + "\\end{document}\n" + index


def _text(n: Number | None) -> str:
    assert n is not None  # scale == "number" always carries its number
    return n.text


def _terminates(r) -> bool:
    d = r.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1 and len(str(r.numerator)) <= 12


def _given_name(step: str, layer: int, idx: tuple[int, ...]) -> str:
    return f"{step}_{layer}_" + "_".join(str(i) for i in idx)


def _symbolic(model):
    """The same model with every given replaced by a symbol (x_{鬼,1}, W^Q_{1,2}, …)."""
    sym = lambda step, layer, idx: Number(X.Sym(_given_name(step, layer, idx)), "", None)  # noqa: E731
    emb = {t: tuple(sym("X", 1, (k, m)) for m in range(len(v)))
           for k, (t, v) in enumerate(model.embeddings.items())}
    layers = []
    for li, L in enumerate(model.layers, start=1):
        mats = {}
        for s in ("Wq", "Wk", "Wv", "Q", "K", "V"):
            M = getattr(L, s)
            if M is not None:
                mats[s] = tuple(tuple(sym(s, li, (r, c)) for c in range(len(row))) for r, row in enumerate(M))
        layers.append(Layer(**mats))
    return replace(model, embeddings=emb, layers=tuple(layers))


def _symbol_tex(model) -> dict[str, str]:
    out = {}
    tokens = list(model.embeddings)
    for k, t in enumerate(tokens):
        for m in range(len(model.embeddings[t])):
            out[_given_name("X", 1, (k, m))] = f"x_{{{tok(t)},{m + 1}}}"
    for li, L in enumerate(model.layers, start=1):
        sup = "" if li == 1 else f"({li})"
        for s in ("Wq", "Wk", "Wv", "Q", "K", "V"):
            M = getattr(L, s)
            for r, row in enumerate(M or ()):
                for c in range(len(row)):
                    if s.startswith("W"):
                        out[_given_name(s, li, (r, c))] = f"W^{{{s[1].upper()}{sup}}}_{{{r + 1},{c + 1}}}"
                    else:
                        lab = model.positions[r].label
                        out[_given_name(s, li, (r, c))] = f"{s.lower()}{'^{' + sup + '}' if sup else ''}_{{{tok(lab)},{c + 1}}}"
    return out


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
