"""The audit report as ``render_text`` prints it to a pipe or a file, laid out without rich's console.

Piped, the report is plain text 160 columns wide (``term.console``: no colour, soft wrap). Building rich's
``Text`` and ``Table`` objects and measuring them through its console cost more than the rest of a small
audit (importing ``rich.console`` alone is about 25 ms). This module lays the same report out with rich's own
primitives (``cell_len``, ``set_cell_size``, ``divide_line``, ``ratio_reduce``) and the same steps as rich's
``Table`` with ``box=None``: the columns measured, the wrapping ones collapsed to fit, each cell wrapped,
justified and padded. ``render_plain`` returns None where its layout might differ from rich's (a tab, a
line break, a column too narrow for its padding); the caller then prints through rich. It must print what
``render_text`` prints, byte for byte: a test compares the two on every bundled case and document.
"""

from __future__ import annotations

from rich._ratio import ratio_reduce
from rich._wrap import divide_line
from rich.cells import cell_len, set_cell_size

from ..audit.findings import Report, Severity
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
from .escape import safe

WIDTH = 160  # term.console's width when the output is not a terminal
# the wide layout's columns (text.render_text at WIDTH >= text.WIDE): header, justify, no_wrap
COLUMNS = (("", "left", True), ("quantity", "left", True), ("reported", "right", True), ("exact", "right", True),
           (OFF_HEADER, "right", True), ("why", "left", False), ("closed form", "left", False))


class _Differs(Exception):
    """The plain layout cannot promise rich's output here."""


def _measure(s: str, max_width: int) -> tuple[int, int]:
    """``Measurement.get`` of ``Text(s)``: the longest word and the longest line, at most max_width."""
    longest = cell_len(s) if s else 0
    words = s.split()
    shortest = max(cell_len(w) for w in words) if words else longest
    lo, hi = _normalize(shortest, longest)
    lo, hi = min(lo, max_width), min(hi, max_width)
    if hi < 1:
        return 0, 0
    return _normalize(lo, hi)


def _normalize(lo: int, hi: int) -> tuple[int, int]:
    lo = min(max(0, lo), hi)
    return max(0, lo), max(0, max(lo, hi))


def _measure_cell(s: str, pad: int, max_width: int) -> tuple[int, int]:
    """``Measurement.get`` of ``Padding(Text(s))`` with ``pad`` cells of padding left and right together."""
    if max_width - pad < 1:
        lo, hi = max_width, max_width
    else:
        lo, hi = _measure(s, max_width)
        lo, hi = min(lo + pad, max_width), min(hi + pad, max_width)
    lo, hi = _normalize(lo, hi)
    lo, hi = min(lo, max_width), min(hi, max_width)
    if hi < 1:
        return 0, 0
    return _normalize(lo, hi)


def _measure_column(cells: list[str], pad: int, max_width: int) -> int:
    """The column's maximum width (``Table._measure_column``), padding included."""
    if max_width < 1:
        return 0
    return min(max(_measure_cell(s, pad, max_width)[1] for s in cells), max_width)


def _collapse(widths: list[int], wrapable: list[bool], max_width: int) -> list[int]:
    """``Table._collapse_widths``: the widest wrapping columns narrowed in turn until the table fits."""
    total = sum(widths)
    excess = total - max_width
    if any(wrapable):
        while total and excess > 0:
            widest = max(w for w, ok in zip(widths, wrapable) if ok)
            second = max(w if ok and w != widest else 0 for w, ok in zip(widths, wrapable))
            difference = widest - second
            ratios = [(1 if (w == widest and ok) else 0) for w, ok in zip(widths, wrapable)]
            if not any(ratios) or not difference:
                break
            widths = ratio_reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
            total = sum(widths)
            excess = total - max_width
    return widths


def _truncate(s: str, width: int, pad: bool = False) -> str:
    """``Text.truncate`` with overflow fold (crop)."""
    length = cell_len(s)
    if length > width:
        s = set_cell_size(s, width)
    if pad and length < width:
        s = s + " " * (width - length)
    return s


def _wrap(s: str, width: int, justify: str, no_wrap: bool) -> list[str]:
    """``Text.wrap`` of a cell's text (overflow fold), each line then padded to ``width`` as ``render_lines`` pads."""
    if no_wrap:
        lines = [s]
    else:
        offsets = divide_line(s, width, fold=True)
        if offsets:
            bounds = [0, *offsets, len(s)]
            lines = [s[a:b] for a, b in zip(bounds, bounds[1:])]
        else:
            lines = [s]
        for k, line in enumerate(lines):  # Text.rstrip_end: whitespace beyond the width
            if len(line) > width:
                excess = len(line) - width
                spaces = len(line) - len(line.rstrip())
                if spaces:
                    lines[k] = line[:-min(spaces, excess)]
    out = []
    for line in lines:
        if justify == "left":
            line = _truncate(line, width, pad=True)
        else:
            line = _truncate(line.rstrip(), width)
            line = " " * max(0, width - cell_len(line)) + line
        line = _truncate(line, width)
        length = cell_len(line)
        if length < width:
            line += " " * (width - length)
        elif length > width:
            line = set_cell_size(line, width)
        out.append(line)
    return out


def _table(rows: list[list[str]]) -> str:
    """rich's ``Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))`` of the wide columns, printed."""
    n = len(COLUMNS)
    pads = [(0 if i == 0 else 1, 0 if i == n - 1 else 1) for i in range(n)]
    cols = [[COLUMNS[i][0], *(row[i] for row in rows)] for i in range(n)]
    if any("\t" in s or len(s.splitlines()) > 1 for col in cols for s in col):
        raise _Differs
    widths = [_measure_column(cols[i], sum(pads[i]), WIDTH) or 1 for i in range(n)]
    if sum(widths) > WIDTH:
        widths = _collapse(widths, [not c[2] for c in COLUMNS], WIDTH)
        if sum(widths) > WIDTH:
            widths = ratio_reduce(sum(widths) - WIDTH, [1] * n, widths, widths)
        widths = [_measure_column(cols[i], sum(pads[i]), widths[i]) for i in range(n)]
    if any(w - sum(p) < 1 for w, p in zip(widths, pads)):
        raise _Differs
    out = []
    for k in range(len(rows) + 1):
        cells = []
        for i, (_, justify, no_wrap) in enumerate(COLUMNS):
            left, right = pads[i]
            inner = widths[i] - left - right
            cells.append([" " * left + line + " " * right for line in _wrap(cols[i][k], inner, justify, no_wrap)])
        height = max(len(c) for c in cells)
        for i, c in enumerate(cells):
            blank = [" " * widths[i]] * (height - len(c))
            cells[i] = blank + c if k == 0 else c + blank  # the header row aligns to the bottom, the others to the top
        out += ["".join(c[line] for c in cells) + "\n" for line in range(height)]
    return "".join(out)


def render_plain(r: Report, *, everything: bool = False) -> str | None:
    """What ``text.render_text`` prints for the report on a console of WIDTH columns without colour and with
    soft wrap (``term.console`` when the output is not a terminal); None where the two might differ."""
    try:
        return _render(r, everything)
    except _Differs:
        return None


def _line(s: str) -> str:
    if "\t" in s:  # rich expands tabs
        raise _Differs
    return s + "\n"


def _render(r: Report, everything: bool) -> str:
    out = [_line(f"{safe(r.case.title)}  {safe(r.case.path)}"), _line(safe(summary_line(r)))]
    status = {Severity.OK: "no errors", Severity.NOTE: "no errors", Severity.WARNING: "warnings only",
              Severity.ERROR: "errors"}
    out.append(_line(f"status: {status[r.worst()]}"))
    out += [_line(safe(line)) for line in reading_lines(r)]
    if r.not_searched:
        out.append(_line(safe(r.not_searched)))
    rounded = rounded_note(r)
    if rounded:
        out.append(_line(safe(rounded)))
    if r.conventions:
        out += ["\n", _line("One convention fits a whole group of numbers")]
        for e, qs in r.conventions:
            out.append(_line("  " + safe(e.detail) + safe(f"  ({len(qs)} numbers: {', '.join(qs[:6])}"
                                                          f"{', …' if len(qs) > 6 else ''})")))
    for title, errors in ((ROOTS_TITLE, True), (WARNINGS_TITLE, False)):
        lines = root_lines(r, errors)
        if not lines:
            continue
        out += ["\n", _line(title)]
        for root, _, effects in lines:
            c = root.claim
            out.append(_line(f"  {root.mark:>2} " + safe(f"{root.shown} = {c.number.text}") + safe(f"  at {c.at}")))
            why = root.explained_by[0].detail if root.explained_by else (root.why_not or "")
            if why:
                out.append(_line("       why " + safe(why)))
            if effects:
                out.append(_line("       causes " + safe(effects_text(effects))))
    for g in groups(r):
        shown = [f for f in g.findings if everything or f.kind != "correct"]
        out += ["\n", _line(safe(g.at) + "  " + safe(g.counts_text()))]
        if not shown:
            continue
        rows = []
        for f in shown:
            q, rep, exact, off, why, closed = f.row(r)
            rows.append([f"{f.mark} {f.kind.label}", *map(safe, (q, rep, exact, off, why, closed))])
        out.append(_table(rows))
    return "".join(out)
