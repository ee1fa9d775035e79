"""The audit of one case, stage by stage: the verdicts (``audit.Auditor``), then the search for why
(``explain.Explainer``, unless it is turned off), then the report of both. The stages import nothing from this
module and ``audit`` nothing from ``explain``: the order of the stages is written here, once."""

from __future__ import annotations

from ..model.values import Case
from ..numeric.engine import Engine
from .audit import Auditor
from .findings import Report


def audit(case: Case, engine: Engine | None = None, progress=None, *, explain: bool = True) -> Report:
    """The report of ``case``'s claims under its model (``engine``: the case's own unless given); ``explain``:
    search for the cause of each claim that is off (a convention, a slip, another value). A document of several
    computations (``case.parts``) is audited a computation at a time, into one report."""
    first = _audit(case, engine, progress, explain)
    return Report.joined(first, [_audit(part, None, progress, explain) for part in case.parts])


def _audit(case: Case, engine: Engine | None, progress, explain: bool) -> Report:
    au = Auditor(case, engine, progress)
    au.judge_all()
    if not explain:
        return au.report()
    from .explain import Explainer, not_searched_text  # the search for why, only when asked for

    ex = Explainer(au)
    conventions = ex.run()
    return au.report(conventions, not_searched_text(ex.not_searched), frozenset(au.matched_by_convention(ex.fitted)))
