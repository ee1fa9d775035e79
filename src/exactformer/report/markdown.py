"""The audit report as GitHub-flavoured Markdown, for an issue or a pull request.

User text is either escaped for prose (no HTML, links, emphasis, table breaks) or
put in a code span whose fence is longer than any run of backticks inside it, so
it is always shown literally; control characters are shown as escapes everywhere.
"""

from __future__ import annotations

import re

from ..audit.findings import Report
from .data import OFF_HEADER, groups, reading_lines, root_lines, rounded_note, summary_line
from .escape import safe


def md(s: str) -> str:
    """Escape user text for Markdown prose: no HTML, links, emphasis or table breaks."""
    out = []
    for ch in safe(s):
        if ch in "<>|&":
            out.append(f"&#{ord(ch)};")
        elif ch in "\\`*_[]~#!":
            out.append("\\" + ch)
        elif ch in "\r\n":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def code(s: str) -> str:
    """User text as an inline code span, shown literally (only the table's | needs escaping inside)."""
    if not s:
        return ""
    s = safe(s).replace("\r", " ").replace("\n", " ").replace("|", "\\|")
    longest = max((len(m) for m in re.findall(r"`+", s)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest or s.startswith(" ") or s.endswith(" ") else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def render_markdown(r: Report, *, everything: bool = False) -> str:
    """The report as GitHub-flavoured Markdown."""
    lines = [f"## exactformer audit: {md(r.case.title)}", "", f"{code(r.case.path)} — {md(summary_line(r))}", ""]
    read = reading_lines(r)
    if read:
        lines += [md(read[0]), ""] + [f"- {md(x.strip())}" for x in read[1:]] + ([""] if read[1:] else [])
    if r.not_searched:
        lines += [md(r.not_searched), ""]
    rounded = rounded_note(r)
    if rounded:
        lines += [md(rounded), ""]
    if r.conventions:
        lines += ["### One convention fits a group", ""]
        lines += [f"- {md(e.detail)} ({len(qs)} numbers)" for e, qs in r.conventions]
        lines.append("")
    for title, errors in (("Root causes", True), ("Last digits off by one (warnings)", False)):
        found = root_lines(r, errors)
        if not found:
            continue
        lines += [f"### {title}", ""]
        for root, _, effects in found:
            c = root.claim
            line = f"- {root.mark} {code(f'{root.shown} = {c.number.text}')} at {md(c.at)}"
            if root.explained_by:
                line += f" — {md(root.explained_by[0].detail)}"
            if effects:
                line += " — causes " + ", ".join(code(e.shown) for e in effects)
            lines.append(line)
        lines.append("")
    for g in groups(r):
        shown = [f for f in g.findings if everything or f.kind != "correct"]
        lines += [f"### {md(g.at)}", "", g.counts_text(), ""]
        if not shown:
            continue
        lines += [f"| | quantity | reported | exact | {OFF_HEADER} | why | closed form |", "|---|---|--:|--:|--:|---|---|"]
        for f in shown:
            k = f.kind
            q, rep, exact, off, why, closed = f.row(r)
            cells = [code(q), code(rep), code(exact), off, md(why), code(closed)]
            lines.append(f"| {f.mark} {k.label} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)
