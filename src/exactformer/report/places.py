"""Where a finding stands in the file its author edits: the path, line and column that CI annotations,
SARIF regions and JUnit test cases point to (one rule for every machine-readable format).

- A claim (or a line of working, a trend) that carries ``source_line`` is placed there: the document
  reader fills it with the line in the post or notebook the number was read from.
- Otherwise, for a case read from a document, the place is taken from the claim group's ``at`` text,
  where the reader writes it today: ``"Scaled scores (line 36)"`` is line 36 of the post; ``"… (cell 5,
  output line 1)"`` is that cell of the notebook, found in the notebook's JSON text. From there on, the
  first line that writes the stated number (``0.3120``, not ``10.3120``) gives the line and the column:
  a table's row below its header. (Until the reader records each claim's own line, a number written
  twice in one table may point to its first occurrence.)
- Otherwise (a case file) it is the claim's line in the TOML, at the column where its address is written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..audit.findings import (
    ClaimFinding,
    ConflictFinding,
    Finding,
    LineFinding,
    Report,
    TrendFinding,
)

_AT_LINE = re.compile(r"\(line (\d+)\)\s*$")
_AT_CELL = re.compile(r"\(cell (\d+), (output )?line (\d+)\)\s*$")
_CELL_START = re.compile(r'^\s*"cell_type"\s*:')
_SOURCE = re.compile(r'^\s*"source"\s*:\s*(\[)?')
_OUTPUT = re.compile(r'^\s*"(?:text|text/plain|image/svg\+xml)"\s*:\s*(\[)?')


@dataclass(frozen=True)
class Place:
    path: str
    line: int | None = None  # 1-based; None: the file as a whole
    col: int | None = None  # 1-based; None: the line as a whole


class Places:
    """The places of one report's findings (the file is read at most once, and only when a column or a
    notebook cell needs it)."""

    def __init__(self, r: Report, source: str | None = None) -> None:
        self.r = r
        self.path = r.case.path
        self.source = source or r.case.path
        self.document = r.case.reading is not None
        self._lines: list[str] | None = None
        self._starts: list[int] | None = None  # a notebook's line of each cell's start

    def lines(self) -> list[str]:
        if self._lines is None:
            try:
                self._lines = Path(self.source).read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                self._lines = []
        return self._lines

    def of(self, f: Finding) -> Place:
        item = _item(f, self.r)
        if item is not None and getattr(item, "source_line", None):
            if item.source_col is not None:
                return Place(self.path, item.source_line, item.source_col)
            return self._refine(Place(self.path, item.source_line), _stated(f, item), 1)
        if self.document:
            return self._refine(self._from_at(f.at), _stated(f, item))
        line = getattr(item, "line", None) if item is not None else None
        if line is None:
            return Place(self.path)
        return Place(self.path, line, self._column(line, getattr(f, "quantity", None)))

    def _column(self, line: int, quantity: str | None) -> int:
        lines = self.lines()
        if not 0 < line <= len(lines):
            return 1
        text = lines[line - 1]
        k = text.find(f'"{quantity}"') if quantity else -1
        if k < 0:
            k = len(text) - len(text.lstrip())
        return k + 1

    def _from_at(self, at: str) -> Place:
        m = _AT_LINE.search(at)
        if m:
            return Place(self.path, int(m.group(1)))
        m = _AT_CELL.search(at)
        if m:
            return Place(self.path, self._notebook_line(int(m.group(1)), bool(m.group(2)), int(m.group(3))))
        return Place(self.path)

    def _refine(self, p: Place, literal: str | None, within: int = 0) -> Place:
        """The line and column, from the group's first line on, where the number is written as stated (a table's
        cell below its header; a notebook output inside its JSON string)."""
        if p.line is None or not literal:
            return p
        pattern = re.compile(r"(?<![\d.])" + re.escape(literal) + r"(?![\d])")
        lines = self.lines()
        for k in range(p.line - 1, min(len(lines), p.line - 1 + (within or SEARCH_LINES))):
            m = pattern.search(lines[k])
            if m:
                return Place(p.path, k + 1, m.start() + 1)
        return p

    def _notebook_line(self, cell: int, output: bool, line: int) -> int | None:
        """The JSON line of a notebook cell's source (or output) line: the cell's ``"source"`` (or output
        text) key, plus the line when the text is a list of lines. None when the cell is not found."""
        lines = self.lines()
        if self._starts is None:
            self._starts = [k for k, s in enumerate(lines) if _CELL_START.match(s)]
        starts = self._starts
        if not 0 < cell <= len(starts):
            return None
        start = starts[cell - 1]
        end = starts[cell] if cell < len(starts) else len(lines)
        key = _OUTPUT if output else _SOURCE
        for k in range(start, end):
            m = key.match(lines[k])
            if m:
                return k + 1 + (line if m.group(1) else 0)
        return start + 1


SEARCH_LINES = 80  # how far below a group's first line its numbers are looked for


def _stated(f: Finding, item) -> str | None:
    """The number as the document writes it, to find it on its line."""
    number = getattr(item, "number", None)
    if number is not None:
        return number.text
    return getattr(f, "reported", None) or None


def _item(f: Finding, r: Report):
    """The claim, line of working or trend a finding is about (the latest, for a conflict)."""
    if isinstance(f, ClaimFinding):
        return f.claim
    if isinstance(f, ConflictFinding):
        return max(f.claims, key=lambda c: c.seq)
    if isinstance(f, LineFinding):
        return r.case.work[f.work] if 0 <= f.work < len(r.case.work) else None
    if isinstance(f, TrendFinding):
        return f.trend
    return None
