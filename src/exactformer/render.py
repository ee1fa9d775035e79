"""The audit report for people: rich text for a terminal, Markdown for an issue or a pull request."""

from __future__ import annotations

from rich.console import Console, JustifyMethod
from rich.table import Table
from rich.text import Text

from .findings import ClaimFinding, Report
from .report import LABEL, MARK, describe, effects_text, groups, kind_of
from .term import text

STYLE = {"correct": "green", "rounding": "green", "propagated": "yellow", "last_digit": "yellow",
         "wrong": "bold red", "conflict": "bold red", "arithmetic": "bold red", "unmatched": "yellow"}
ORDER = ("correct", "rounding", "propagated", "last_digit", "wrong", "conflict", "arithmetic", "unmatched")


def summary_line(r: Report) -> str:
    s = r.summary()
    claims = ", ".join(f"{s[k]} {LABEL[k]}" for k in ORDER[:5])
    other = ", ".join(f"{s[k]} {LABEL[k]}" for k in ORDER[5:])
    return f"{s['claims']} claim{'' if s['claims'] == 1 else 's'}: {claims}; {other}"


def _shown(f, everything: bool) -> bool:
    return everything or kind_of(f) != "correct"


def render_text(r: Report, out: Console, *, everything: bool = False) -> None:
    """Summary, root causes with what they cause, then findings grouped by place in the document."""
    out.print(Text.assemble(text(r.case.title, "bold"), "  ", text(r.case.path, "dim")))
    out.print(text(summary_line(r)))
    status = {"ok": ("no errors", "green"), "warning": ("warnings only", "yellow"), "error": ("errors", "bold red")}
    msg, style = status[r.worst()]
    out.print(Text(f"status: {msg}", style=style))
    if r.roots:
        out.print()
        out.print(Text("Root causes (an error made here, and what it carries into later numbers)", style="bold"))
        for seq, effects in r.roots.items():
            c, v = r.claim(seq), r.verdict_of(seq)
            out.print(Text.assemble("  ", (f"{MARK[v]:>2}", STYLE[v]), " ", text(f"{r.names[seq]} = {c.number.text}"),
                                    text(f"  at {c.at}", "dim")))
            if effects:
                out.print(Text.assemble("       causes ", text(effects_text(effects), "yellow")))
    for g in groups(r):
        shown = [f for f in g.findings if _shown(f, everything)]
        counts = ", ".join(f"{n} {LABEL[k]}" for k, n in sorted(g.counts().items(), key=lambda kv: ORDER.index(kv[0])))
        out.print()
        out.print(Text.assemble(text(g.at, "bold"), "  ", text(counts, "dim")))
        if not shown:
            continue
        t = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
        columns: list[tuple[str, JustifyMethod]] = [("", "left"), ("quantity", "left"), ("reported", "right"),
                                                    ("exact", "right"), ("off", "right"), ("why", "left"),
                                                    ("closed form", "left")]
        for col, just in columns:
            t.add_column(col, justify=just, no_wrap=col in ("", "quantity", "reported", "exact", "off"),
                         overflow="fold")
        for f in shown:
            k = kind_of(f)
            q, rep, exact, off, why, closed = describe(f)
            t.add_row(Text(f"{MARK[k]} {LABEL[k]}", style=STYLE[k]), text(q), text(rep), text(exact), text(off),
                      text(why), text(closed, "dim"))
        out.print(t)


def md(s: str) -> str:
    """Escape user text for Markdown prose: no HTML, links, emphasis or table breaks."""
    out = []
    for ch in s:
        if ch in "<>|&":
            out.append(f"&#{ord(ch)};")
        elif ch in "\\`*_[]~":
            out.append("\\" + ch)
        elif ch in "\r\n":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def code(s: str) -> str:
    """User text as an inline code span (shown literally; only the table's | needs escaping)."""
    if not s:
        return ""
    s = s.replace("\r", " ").replace("\n", " ").replace("|", "\\|")
    fence = "``" if "`" in s else "`"
    return f"{fence} {s} {fence}" if fence == "``" else f"`{s}`"


def render_markdown(r: Report, *, everything: bool = False) -> str:
    """The report as GitHub-flavoured Markdown."""
    lines = [f"## exactformer audit: {md(r.case.title)}", "", f"{code(r.case.path)} — {md(summary_line(r))}", ""]
    if r.roots:
        lines += ["### Root causes", ""]
        for seq, effects in r.roots.items():
            c = r.claim(seq)
            line = f"- {MARK[r.verdict_of(seq)]} {code(f'{r.names[seq]} = {c.number.text}')} at {md(c.at)}"
            if effects:
                line += " — causes " + ", ".join(code(f.quantity) for f in effects)
            lines.append(line)
        lines.append("")
    for g in groups(r):
        shown = [f for f in g.findings if _shown(f, everything)]
        counts = ", ".join(f"{n} {LABEL[k]}" for k, n in sorted(g.counts().items(), key=lambda kv: ORDER.index(kv[0])))
        lines += [f"### {md(g.at)}", "", f"{counts}", ""]
        if not shown:
            continue
        lines += ["| | quantity | reported | exact | off | why | closed form |", "|---|---|--:|--:|--:|---|---|"]
        for f in shown:
            k = kind_of(f)
            q, rep, exact, off, why, closed = describe(f)
            cells = [code(q), code(rep), code(exact), off, md(why), code(closed)]
            lines.append(f"| {MARK[k]} {LABEL[k]} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def render_check(r: Report, out: Console, engine=None) -> None:
    """``check``: every item judged; for a line, its operands and its own arithmetic; for a miss, the working."""
    from . import forms

    for g in groups(r):
        out.print(text(g.at, "bold"))
        for f in g.findings:
            k = kind_of(f)
            q, rep, exact, off, why, closed = describe(f)
            line = Text.assemble("  ", (f"{MARK[k]} {LABEL[k]:<13}", STYLE[k]), " ")
            if isinstance(f, ClaimFinding):
                role = {"operand": "operand ", "result": "result  "}.get(f.claim.role, "")
                line.append_text(text(f"{role}{q} = {rep}"))
                units = f" ({off} units of the last digit off)" if off and k not in ("correct", "rounding") else ""
                line.append_text(text(f"   exact {exact}{units}", "dim"))
                out.print(line)
                working = ""
                if engine is not None and k not in ("correct", "rounding"):
                    a = f.claim.address
                    if engine.graph.formula(a).kind != "given":
                        working = (f"exact working: {forms.formula_text(engine.graph, a)} = "
                                   f"{forms.substituted_text(engine, a, 8)}")
                for extra in (why, working, f"closed form {closed}"):
                    if extra:
                        out.print(text(f"      {extra}", "dim"))
            else:
                line.append_text(text(why))
                out.print(line)
        out.print()
    out.print(text(summary_line(r)))

