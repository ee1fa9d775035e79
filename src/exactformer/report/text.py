"""The audit report for a terminal (rich): aligned for Japanese, coloured on a terminal, user text never markup.

On a wide console the findings of a place are one table; on a narrow one (an
80-column terminal) the short columns stay a table and ``why`` and the closed form
fold below each row instead of being squeezed to a few characters.
"""

from __future__ import annotations

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from ..audit.findings import ClaimFinding, Report, Severity, Verdict
from ..model.values import Role
from .data import (
    OFF_HEADER,
    ROOTS_TITLE,
    WARNINGS_TITLE,
    effects_text,
    groups,
    reading_lines,
    root_lines,
    rounded_note,
    summary_line,
)
from .term import text

STYLE = {"correct": "green", "rounding": "green", "propagated": "yellow", "last_digit": "yellow",
         "wrong": "bold red", "undefined": "bold red", "conflict": "bold red", "arithmetic": "bold red",
         "carried_digits": "cyan", "unmatched": "yellow", "coarse": "yellow", "trend": "green"}
WIDE = 140  # columns from which why and the closed form are table columns


def _style(f) -> str:
    k = f.kind
    if k == "trend":
        return "green" if f.severity is Severity.OK else "bold red"
    return STYLE[k]


def _shown(f, everything: bool) -> bool:
    return everything or f.kind != "correct"


def render_text(r: Report, out: Console, *, everything: bool = False) -> None:
    """Summary, root causes with what they cause, then findings grouped by place in the document."""
    out.print(Text.assemble(text(r.case.title, "bold"), "  ", text(r.case.path, "dim")))
    out.print(text(summary_line(r)))
    status = {Severity.OK: ("no errors", "green"), Severity.NOTE: ("no errors", "green"),
              Severity.WARNING: ("warnings only", "yellow"), Severity.ERROR: ("errors", "bold red")}
    msg, style = status[r.worst()]
    out.print(Text(f"status: {msg}", style=style))
    for line in reading_lines(r):
        out.print(text(line, "dim"))
    if r.not_searched:
        out.print(text(r.not_searched, "yellow"))
    rounded = rounded_note(r)
    if rounded:
        out.print(text(rounded, "yellow"))
    if r.conventions:
        out.print()
        out.print(Text("One convention fits a whole group of numbers", style="bold"))
        for e, qs in r.conventions:
            out.print(Text.assemble("  ", text(e.detail, "cyan"), text(f"  ({len(qs)} numbers: {', '.join(qs[:6])}"
                                                                         f"{', …' if len(qs) > 6 else ''})", "dim")))
    for title, errors in ((ROOTS_TITLE, True), (WARNINGS_TITLE, False)):
        lines = root_lines(r, errors)
        if not lines:
            continue
        out.print()
        out.print(Text(title, style="bold"))
        for root, _, effects in lines:
            c = root.claim
            v = root.verdict.value
            out.print(Text.assemble("  ", (f"{root.mark:>2}", STYLE[v]), " ", text(f"{root.shown} = {c.number.text}"),
                                    text(f"  at {c.at}", "dim")))
            why = root.explained_by[0].detail if root.explained_by else (root.why_not or "")
            if why:
                out.print(Text.assemble("       why ", text(why, "cyan")))
            if effects:
                out.print(Text.assemble("       causes ", text(effects_text(effects), "yellow")))
    wide = out.width >= WIDE
    for g in groups(r):
        shown = [f for f in g.findings if _shown(f, everything)]
        out.print()
        out.print(Text.assemble(text(g.at, "bold"), "  ", text(g.counts_text(), "dim")))
        if not shown:
            continue
        t = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
        columns: list[tuple[str, JustifyMethod]] = [("", "left"), ("quantity", "left"), ("reported", "right"),
                                                    ("exact", "right"), (OFF_HEADER, "right")]
        if wide:
            columns += [("why", "left"), ("closed form", "left")]
            for col, just in columns:
                t.add_column(col, justify=just, no_wrap=col not in ("why", "closed form"), overflow="fold")
        else:  # narrow: the verdict, the numbers and the exact value's … keep their width; a long quantity folds
            rows = [f.row(r) for f in shown]
            keep = {"": max(len(f"{f.mark} {f.kind.label}") for f in shown), "reported": max(len(x[1]) for x in rows),
                    "exact": max(len(x[2]) for x in rows), "off": max(len(x[3]) for x in rows)}
            for col, just in columns:
                t.add_column(col, justify=just, no_wrap=col != "quantity", overflow="fold",
                             min_width=max(keep.get(col, 0), len(col)) if col in keep else None)
        for f in shown:
            k = f.kind
            q, rep, exact, off, why, closed = f.row(r)
            cells = [Text(f"{f.mark} {k.label}", style=_style(f)), text(q), text(rep), text(exact), text(off)]
            if wide:
                t.add_row(*cells, text(why), text(closed, "dim"))
            else:
                t.add_row(*cells)
        out.print(t)
        if not wide:
            for f in shown:
                _, _, _, _, why, closed = f.row(r)
                name = f.row(r)[0]
                if why or closed:
                    out.print(Text.assemble("  ", text(name, "bold"), ": ", text(why), ("  " if why else ""),
                                            text(closed, "dim")))


def render_check(r: Report, out: Console) -> None:
    """``check``: every item judged, the reason first; for a line, its operands and its own arithmetic;
    for a miss, the exact working."""
    for g in groups(r):
        out.print(text(g.at, "bold"))
        for f in g.findings:
            k = f.kind
            q, rep, exact, off, why, closed = f.row(r)
            head = Text.assemble("  ", (f"{f.mark} {k.label:<14}", _style(f)), " ")
            if isinstance(f, ClaimFinding):
                if f.explained_by and k not in ("correct", "rounding"):
                    out.print(Text.assemble("  ", text(f.explained_by[0].detail, "cyan")))
                role = {Role.OPERAND: "operand ", Role.RESULT: "result  "}.get(f.claim.role, "")
                head.append_text(text(f"{role}{q} = {rep}"))
                units = f" ({off} units of the last digit off)" if off and k not in ("correct", "rounding") else ""
                head.append_text(text(f"   exact {exact}{units}", "dim"))
                out.print(head)
                working = ""
                engine = r.engine_of(f.claim.seq)
                if engine is not None and k not in ("correct", "rounding") and f.verdict is not Verdict.UNDEFINED:
                    a = f.claim.address
                    if engine.graph.formula(a).kind.name != "given":
                        working = (f"exact working: {engine.formula_text(a)} = "
                                   f"{engine.substituted_text(a, 8)}")
                rest = f.why_text() if not f.explained_by else "; ".join(x for x in why.split("; ")[1:])
                for extra in (rest, working, f"closed form {closed}" if closed else ""):
                    if extra:
                        out.print(text(f"      {extra}", "dim"))
            else:
                head.append_text(text(why))
                out.print(head)
        out.print()
    out.print(text(summary_line(r)))
