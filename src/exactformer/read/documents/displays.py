"""A display of TeX that works a step out in matrices, read as a whole (its lines joined):

    Q = X W_Q = \\begin{bmatrix}1&0\\\\0&2\\end{bmatrix} \\begin{bmatrix}…\\end{bmatrix} = \\begin{bmatrix}1&2\\\\0&4\\end{bmatrix}
    X = \\begin{bmatrix}x_1\\\\x_2\\end{bmatrix} = \\begin{bmatrix}1&0&1\\\\0&2&0\\end{bmatrix}
    \\text{softmax}(QK^T) = \\text{softmax}\\Bigg(\\begin{bmatrix}…\\end{bmatrix}\\Bigg) = \\begin{bmatrix}…\\end{bmatrix}
    y_1 &= \\alpha_{11} v_1 + \\alpha_{12} v_2 \\\\ &= 0.5 \\begin{bmatrix}…\\end{bmatrix} + … \\\\ &= \\begin{bmatrix}…\\end{bmatrix}

The chain's first side names what its last side, one matrix of numbers, is: ``Q``, ``QK^T``, ``softmax(QK^T)``,
``y_1``. A matrix of names right after the first side names the rows (``x_1``, ``x_2``: the tokens). The matrices
in between are the working's operands (the givens restated, or earlier results), read as matrices without a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import values as V

MAX_DISPLAY_LINES = 60  # lines one display may span


@dataclass
class Matrix:
    cells: list[list[str]]  # as written (TeX), a row a list
    array: V.Array | None  # its numbers, when every cell is one
    line: int  # the document line it starts on
    row_lines: list[int]  # the line of each row


@dataclass
class Chain:
    name: str  # the first side, as plain text (``Q``, ``softmax(QK^T)``)
    result: Matrix
    rows: list[str] | None  # the rows' names (a column of names after the first side)
    operands: list[Matrix]


_OPEN = re.compile(r"^\s*(\$\$|\\\[|\\begin\{(?:equation|align|gather|multline)\*?\})")
_CLOSE = {"$$": re.compile(r"\$\$"), "\\[": re.compile(r"\\\]")}
_ENV_CLOSE = re.compile(r"\\end\{(?:equation|align|gather|multline)\*?\}")
_WRAPPERS = re.compile(r"\\(?:begin|end)\{(?:split|aligned|alignedat|gathered|equation|align|gather|multline)\*?\}"
                       r"(?:\{\d+\})?|\\(?:left|right|[Bb]igg?[lr]?)(?![a-zA-Z])|\\(?:q?quad|limits|displaystyle)(?![a-zA-Z])|"
                       r"\\[,;:!]|\$\$|\\\[|\\\]|\\(?:label|tag)\*?\{[^{}]*\}|\\(?:nonumber|notag)(?![a-zA-Z])")
_SUB_RELATION = re.compile(r"[_^]\{[^{}]*=[^{}]*\}")  # \sum_{i=1}: an index's range, no relation of the chain
_BREAK = re.compile(r"\\\\(?:\[[^\]]*\])?|\\q?quad(?![a-zA-Z])")  # between assignments: a row break, a wide space
_SLOT = re.compile(r"\x00(\d+)\x00")
_RELATION = re.compile(r"=|\\approx|≈")
_WORKED = re.compile(r"\d\s*(?:[-+*/×·]|\\(?:times|cdot))\s*\(?-?\d|\\frac\{?-?\d")  # a cell that works a number out
_TRANSPOSED = re.compile(r"\^\s*\{?\s*(?:T|\\top|\\intercal)\s*\}?|ᵀ")
_NAMED_AFTER = re.compile(r",\s*[^\W\d]")  # y_2 = […], y_3 = […]: several assignments, each its own


def display_end(lines: list[str], k: int) -> int | None:
    """The index of the line that closes the display opening on line ``k`` (``$$``, ``\\[``, an equation
    environment), or None when line ``k`` opens none or it does not close within ``MAX_DISPLAY_LINES``."""
    m = _OPEN.match(lines[k])
    if m is None:
        return None
    opener = m.group(1)
    close = _CLOSE.get(opener, _ENV_CLOSE)
    rest = lines[k][m.end():]
    for j in range(k, min(len(lines), k + MAX_DISPLAY_LINES)):
        c = close.search(rest if j == k else lines[j])
        if c is not None:  # a display alone: nothing after it on its last line but a stop
            after = (rest if j == k else lines[j])[c.end():]
            return j if re.fullmatch(r"[\s,.;:。，]*", after) else None
    return None


def _last_assignment(glue: str) -> str:
    """The display from its last assignment on: ``d_k = 2 \\qquad S = QK^T = …`` and an aligned ``S &= QK^T \\\\
    \\text{softmax}(S) &= …`` work the last one out; a row that starts with ``&=`` goes on with the one above."""
    parts = _BREAK.split(glue)
    start = 0
    for k, part in enumerate(parts):
        head = part.replace("&", " ").strip()
        if _RELATION.search(head) and not _RELATION.match(head):
            start = k
    return " ".join(parts[start:])


def chain(text: str, first_line: int) -> Chain | None:
    """The chain a display works out, or None when it is no chain ending in one matrix of numbers (``text``: its
    lines joined by newlines, the first on ``first_line``)."""
    if "\\begin{" not in text or not _RELATION.search(text):
        return None
    found: list[Matrix] = []

    def slot(m: re.Match) -> str:
        cells, lines, at = [], [], m.start(2)
        for row in re.split(r"(\\\\)", m.group(2)):
            if row.strip() and row != "\\\\" and not row.strip().startswith("\\hline"):
                cells.append([c.strip() for c in row.split("&")])
                lines.append(first_line + text.count("\n", 0, at + len(row) - len(row.lstrip())))
            at += len(row)
        found.append(Matrix(cells, V.latex_matrix(m.group(0)), first_line + text.count("\n", 0, m.start()), lines))
        return f"\x00{len(found) - 1}\x00"

    glue = _SUB_RELATION.sub("", _WRAPPERS.sub(" ", _last_assignment(V.LATEX_MATRIX.sub(slot, text))))
    if not found or "\\begin{" in glue:
        return None
    glue = glue.replace("\\\\", " ").replace("&", " ")  # an aligned chain's rows: one chain
    sides = [s.strip() for s in _RELATION.split(glue)]
    if len(sides) < 2 or _NAMED_AFTER.search(glue):
        return None
    for side in sides[1:-1]:
        tail = _TRANSPOSED.sub("", _SLOT.split(side)[-1]) if _SLOT.search(side) else ""
        if re.search(r"[^\W\d_]", tail):
            return None  # W_Q = […] \qquad W_K = […]: one assignment after another, no chain
    last = _SLOT.fullmatch(sides[-1].rstrip(",.;"))
    if last is None or _SLOT.search(sides[0]):
        return None
    result = found[int(last.group(1))]
    if result.array is None or not result.array:
        return None
    name = " ".join(V.tex_plain(sides[0]).split())
    if not name or len(name) > 40:
        return None
    rows = None
    second = _SLOT.fullmatch(sides[1]) if len(sides) > 2 else None
    if second is not None:
        named = found[int(second.group(1))]
        if named.array is None and all(len(r) == 1 for r in named.cells) and isinstance(result.array[0], list) \
                and len(named.cells) == len(result.array):
            rows = [" ".join(V.tex_plain(r[0]).split()) for r in named.cells]
    used = {int(k) for k in _SLOT.findall(glue)}  # (the matrices of the last assignment only)
    if any(m.array is None and _WORKED.search(c) for k, m in enumerate(found) if k in used for r in m.cells for c in r):
        return None  # [1/1.4, 2/1.4] ≈ [0.71, 1.43]: cells worked out, each a line of working for the line reader
    operands = [m for k, m in enumerate(found) if k in used and m is not result and m.array is not None]
    if len(sides) == 2 and not operands:
        return None  # NAME = a matrix: the line reader's, with its rows' comments and labels
    return Chain(name, result, rows, operands)
