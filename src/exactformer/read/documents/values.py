"""Numbers, vectors and matrices as documents print them, read with a small grammar (never ``eval``).

    [0.9, 0.2, 0.1]            [[0.1, 0.2], [0.3, 0.4]]       (a line break inside brackets is fine)
    tensor([[0.2, 0.3], …])    array([…])   np.array([…])    torch.tensor([…], requires_grad=True)
    \\begin{bmatrix} 0.1 & 0.2 \\\\ 0.3 & 0.4 \\end{bmatrix}   (also pmatrix, matrix, array)
    [0.1 0.2 0.3]              (NumPy's own printing: spaces, no commas)

A number keeps the digits it was written with (``0.20`` stays ``0.20``); a minus sign may be ``−``.
"""

from __future__ import annotations

import re
import unicodedata

NUMBER = re.compile(r"[-−‐–]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_NUMBER_FULL = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_WRAPPER = re.compile(r"^(?:(?:np|numpy|torch|jnp|tf)\.)?(?:tensor|array|asarray|matrix|Tensor|constant)\s*\(",
                      re.IGNORECASE)
_LATEX = re.compile(r"\\begin\{([pbBvV]?matrix|array)\}(?:\{[^}]*\})?(.*?)\\end\{\1\}", re.DOTALL)
MAX_CELLS = 100_000
MAX_DEPTH = 8

Array = list  # nested lists of number texts


def clean(text: str) -> str:
    """NFKC (full-width digits and brackets), one kind of minus."""
    t = unicodedata.normalize("NFKC", text)
    return t.replace("−", "-").replace("‐", "-").replace("–", "-")


def number(text: str) -> str | None:
    """The text of one number (``-0.20``), or None when the text is not exactly one number."""
    t = clean(text).strip()
    return t if _NUMBER_FULL.fullmatch(t) else None


def array(text: str) -> Array | None:
    """A bracketed vector or matrix (optionally wrapped as tensor(…) / array(…)), or a LaTeX matrix."""
    t = clean(text).strip()
    m = _WRAPPER.match(t)
    if m:
        t = t[m.end():]
    if t.startswith("\\begin"):
        return latex_matrix(t)
    if not t.startswith("["):
        return None
    end = closing(t, 0)
    if end is None:
        return None
    return _nested(t[: end + 1])


def closing(t: str, start: int) -> int | None:
    """Index of the bracket closing the one at ``start``."""
    depth = 0
    for k in range(start, len(t)):
        ch = t[k]
        if ch == "[":
            depth += 1
            if depth > MAX_DEPTH:
                return None
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return k
    return None


def _nested(t: str) -> Array | None:
    """Parse brackets of numbers separated by commas or spaces."""
    stack: list[list] = []
    out: Array | None = None
    k, count = 0, 0
    while k < len(t):
        ch = t[k]
        if ch == "[":
            stack.append([])
            k += 1
        elif ch == "]":
            if not stack:
                return None
            done = stack.pop()
            if stack:
                stack[-1].append(done)
            else:
                out = done
            k += 1
        elif ch in ", \t\r\n":
            k += 1
        else:
            m = NUMBER.match(t, k)
            if m is None or not stack:
                return None
            stack[-1].append(m.group(0))
            count += 1
            if count > MAX_CELLS:
                return None
            k = m.end()
    if stack or out is None:
        return None
    return out if _regular(out) else None


def _regular(a: Array) -> bool:
    """A vector of numbers, or a matrix whose rows are vectors of one length."""
    if not a:
        return False
    if all(isinstance(x, str) for x in a):
        return True
    if all(isinstance(x, list) and x and all(isinstance(y, str) for y in x) for x in a):
        return len({len(x) for x in a}) == 1
    return False


def latex_matrix(text: str) -> Array | None:
    m = _LATEX.search(text)
    if m is None:
        return None
    body = m.group(2)
    rows = []
    for raw in re.split(r"\\\\", body):
        raw = raw.strip()
        if not raw or raw.startswith("\\hline"):
            continue
        cells = [number(_strip_tex(c)) for c in raw.split("&")]
        if any(c is None for c in cells):
            return None
        rows.append(cells)
    if not rows or len({len(r) for r in rows}) != 1:
        return None
    return rows if len(rows) > 1 or len(rows[0]) > 1 else rows[0]


def _strip_tex(cell: str) -> str:
    return re.sub(r"\\[,;:! ]|\{|\}|\\mathbf|\\text|\$", "", cell).strip()


def shape(a: Array) -> tuple[int, ...]:
    if a and isinstance(a[0], list):
        return (len(a), len(a[0]))
    return (len(a),)
