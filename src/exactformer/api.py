"""The Python API, for notebooks and scripts.

    >>> import exactformer
    >>> c = exactformer.load("derivations/oni-ni-kanabou.toml")
    >>> q = c["scores[金棒,金棒]"]
    >>> q.exact, q.closed_form, q.decimal(6)
    (131/1000, '131/1000', '0.131')
    >>> a = exactformer.audit_file("tests/documents/causal-cat.md")
    >>> a.status, a.summary()["wrong"]
    ('errors', 1)

In Jupyter an ``Audit`` shows as its HTML page (``_repr_html_``); ``%load_ext exactformer`` adds the
``%exactformer audit PATH`` and ``%%exactformer audit`` magics (``exactformer.jupyter``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .model.address import Address
from .model.values import Case
from .numeric.engine import Engine
from .read.case import load as load_case


@dataclass(frozen=True)
class Quantity:
    """One scalar quantity of a computation."""

    computation: Computation
    address: Address

    @property
    def name(self) -> str:
        return self.computation.graph.name(self.address)

    @property
    def exact(self):
        """The exact value as a SymPy expression (imports SymPy)."""
        from .exact.sympy_form import to_sympy

        return to_sympy(self.computation.engine.expr(self.address))

    @property
    def closed_form(self) -> str:
        return self.computation.engine.closed_form(self.address)

    @property
    def symbols(self) -> frozenset[str]:
        """The symbolic givens this value depends on (empty: it has a decimal value)."""
        return self.computation.engine.symbols(self.address)

    def decimal(self, digits: int = 12) -> str:
        """At least ``digits`` correct significant digits (exact when the decimal ends)."""
        return self.computation.engine.decimal(self.address, digits)

    @property
    def formula(self) -> str:
        return self.computation.engine.formula_text(self.address)

    def _repr_latex_(self) -> str:
        """Formula, numbers, closed form and decimal, for Jupyter."""
        from .derive.document import Deriver, mathjax

        return "$$" + mathjax(Deriver(self.computation.case).cell(self.address)) + "$$"

    def __repr__(self) -> str:
        return f"<Quantity {self.name} = {self.closed_form[:200]}>"


class Computation:
    """A loaded case with its graph of quantities: ``c["weights[鬼,金棒]"]``."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.engine: Engine = case.engine or Engine(case.model)
        self.graph = self.engine.graph

    def __getitem__(self, address: str) -> Quantity | list[Quantity]:
        a = self.graph.parse(address)
        if self.graph.is_scalar(a):
            return Quantity(self, a)
        return [Quantity(self, b) for b in self.graph.scalars(a)]

    def derivation(self, *addresses: str, symbolic: bool = False, digits: int = 10):
        """The derivation of these cells (default: the last output); ``.tex`` is the whole document."""
        from .derive.document import Derivation, Deriver, Options

        only = tuple(self.graph.parse(a) for a in addresses) or None
        deriver = Deriver(self.case, Options(digits, only, symbolic))
        cells = [b for a in (only or (Address(self.graph.last.key),)) for b in self.graph.scalars(a)]
        return Derivation(deriver, cells)

    def audit(self) -> Audit:
        """The audit of the case's claims (its ``report`` is an ``exactformer.audit.findings.Report``)."""
        from .audit.pipeline import audit

        return Audit(audit(self.case, self.engine))

    def __repr__(self) -> str:
        return f"<Computation {self.case.title!r}: {self.case.model.n} positions, {len(self.graph.steps)} steps>"


class Audit:
    """An audit's outcome: ``report`` (every finding), ``summary()`` (counts), ``status``; ``html`` is the page
    ``exactformer audit --format html`` writes, which Jupyter shows inline (in an iframe, so that the page's
    style and script stay apart from the notebook's)."""

    def __init__(self, report) -> None:
        self.report = report

    @property
    def findings(self) -> list:
        return self.report.findings

    def summary(self) -> dict[str, int]:
        return self.report.summary()

    @property
    def status(self) -> str:
        """``ok``, ``warnings`` or ``errors``: the worst finding, as the summary table says it."""
        from .report.formats import STATUS

        return STATUS[self.report.worst()]

    @property
    def html(self) -> str:
        from .report.html import render_html

        return render_html(self.report)

    def _repr_html_(self) -> str:
        from html import escape

        return (f'<iframe srcdoc="{escape(self.html, quote=True)}" sandbox="allow-scripts" '
                f'title="{escape(self.report.case.title, quote=True)} — exactformer audit" '
                'style="width: 100%; height: 80vh; border: 1px solid #d0d0d0; border-radius: 4px"></iframe>')

    def __repr__(self) -> str:
        from .report.data import summary_line
        from .report.escape import safe

        return f"<Audit {safe(self.report.case.path)}: {self.status} ({summary_line(self.report)})>"


def audit_file(path: str | Path, givens: str | Path | None = None, *, name: str | None = None) -> Audit:
    """Audit a case file or a document (.txt, .md, .html, .ipynb; ``givens``: a case file with its model),
    as ``exactformer audit PATH`` does; ``name``: the input as its report and messages name it (default:
    ``path``). Raises CaseError (with file, line and key) for an input that cannot be read."""
    from .audit.pipeline import audit
    from .batch import Input
    from .batch import load as load_input

    case = load_input(Input(str(path), name or str(path)), None if givens is None else str(givens))
    return Audit(audit(case))


def load(path: str | Path) -> Computation:
    """Load a case file; raises CaseError (with file, line and key) for any mistake in it."""
    return Computation(load_case(path))
