"""Numbers, vectors and matrices as documents print them, read with a small grammar (never ``eval``).

    [0.9, 0.2, 0.1]            [[0.1, 0.2], [0.3, 0.4]]       (a line break inside brackets is fine)
    tensor([[0.2, 0.3], …])    array([…])   np.array([…])    torch.tensor([…], requires_grad=True)
    np.float64(1.2668147)      (NumPy 2's repr of a scalar: one number)
    \\begin{bmatrix} 0.1 & 0.2 \\\\ 0.3 & 0.4 \\end{bmatrix}   (also pmatrix, matrix, array)
    [0.1 0.2 0.3]              (NumPy's own printing: spaces, no commas)
    c(0.1, 0.2)                matrix(c(…), nrow = 2, byrow = TRUE)   (R's, filled by column unless byrow)

A number keeps the digits it was written with (``0.20`` stays ``0.20``); a minus sign may be ``−``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from fractions import Fraction

NUMBER = re.compile(r"[-−‐–]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_NUMBER_FULL = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_WRAPPER = re.compile(r"(?:(?:np|numpy|torch|jnp|tf)\.)?(?:tensor|array|asarray|matrix|Tensor|constant|Variable|"
                      r"float(?:16|32|64))\s*\(", re.IGNORECASE)
_TRANSPOSE = re.compile(r"(?:np|numpy|jnp|torch|tf)\.transpose\s*\(\s*")
LATEX_MATRIX = re.compile(r"\\begin\{([pbBvV]?matrix|array)\}(?:\{[^}]*\}|(?<=\{array\})[lcr|]+(?=\s))?((?:(?!\\begin\{\1\}).)*?)\\end\{\1\}",
                    re.DOTALL)  # an array's column spec, {cccc} (or cccc once its braces are read off)
MAX_CELLS = 100_000
MAX_DEPTH = 8

Array = list  # nested lists of number texts


_SUPER = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_SUPER_PLAIN = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SUPER_DIGIT = re.compile("[\u2070\u2071\u2074-\u2079\u00b9\u00b2\u00b3]")  # what the cheap test looked for


MAX_SPACES = 64  # a longer run of blanks aligns nothing a reader needs; left as it is, a few patterns cost its square


def tame(text: str) -> str:
    """A run of more than ``MAX_SPACES`` blanks (spaces, tabs, ideographic, no-break and every other Unicode space) cut to its first
    ``MAX_SPACES``: the lines and their order stay, only such a run is shorter, so that reading a line costs
    time linear in its length (a line of 50,000 spaces took minutes)."""
    return _LONG_BLANK.sub(lambda m: m.group(0)[:MAX_SPACES], text)


_LONG_BLANK = re.compile(rf"[^\S\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]{{{MAX_SPACES + 1},}}")  # any blank that ends
# no line (NFKC makes an em space a space)


def clean(text: str) -> str:
    """NFKC (full-width digits and brackets), one kind of minus; a superscript is a power (``(y − t)²`` is
    ``(y - t)^2``, which NFKC alone would make ``(y - t)2``)."""
    if _SUPER_DIGIT.search(text):
        text = _SUPER.sub(lambda m: "^" + m.group(0).translate(_SUPER_PLAIN), text)
    t = unicodedata.normalize("NFKC", text)
    if "np." in t or "numpy." in t:  # NumPy 2 prints a list of its scalars as [np.float64(0.25), …]: the numbers
        t = _NP_SCALAR.sub(r"\1\2", t)
    return t.replace("−", "-").replace("‐", "-").replace("–", "-")


_NP_SCALAR = re.compile(r"([\[,]\s*)(?:np|numpy)\.(?:float|int|uint)(?:16|32|64)\(\s*([^()]*?)\s*\)")


_BLANK = re.compile(r"(?:[-−]?\s*(?:∞|inf|infinity)|-inf|masked|mask|[—–\-…·.]|n/?a|)", re.IGNORECASE)


def blank(text: str) -> bool:
    """A table cell that states nothing: empty, a dash, ``−∞`` or ``-inf`` (a masked score), ``masked``, a mask's
    fill value (``-1e9``)."""
    t = clean(text).strip().strip("$").replace("\\infty", "∞").strip()
    return _BLANK.fullmatch(t) is not None or fill(t)


def fill(text: str) -> bool:
    """A mask's fill value as code writes it for a masked score: −10⁴ or below, a power of ten (``-1e9``,
    ``-1.00000000e+09``, ``-10000.0``); it stands for −∞."""
    if not text.startswith("-") or _NUMBER_FULL.fullmatch(text) is None:
        return False
    v = -float(text)
    return v >= 1e4 and (v == math.inf or float(f"{v:.0e}") == v and f"{v:.0e}".startswith("1"))


BIT = re.compile(r"[01](?:\.0*)?")  # a cell of a mask or of a one-hot row: 0, 1., 1.00


def one_hot(cells: list) -> int | None:
    """Where the 1 is in a row of 0s and one 1 (``y = (0, 0, 1, 0)``: a target, not a claim), else None."""
    if len(cells) < 2 or not all(isinstance(c, str) and _NUMBER_FULL.fullmatch(c) for c in cells):
        return None
    values = [float(c) for c in cells]
    return values.index(1.0) if sorted(values) == [0.0] * (len(values) - 1) + [1.0] else None


def counting(cells: list) -> bool:
    """Whether cells number their rows or columns: 0, 1, 2 … or 1, 2, 3 …"""
    texts = [c.strip() if isinstance(c, str) else c for c in cells]
    return texts in ([str(k) for k in range(len(texts))], [str(k + 1) for k in range(len(texts))])


FLOAT_SLACK = 1e-12  # relative: a program's full float repr is within this of the exact value (its arithmetic's noise)
FULL_REPR = 15  # significant digits from which a printed number is a float's full repr
SINGLE_SLACK = 1e-6  # relative: … and a float32 printed in full (TensorFlow's 7.2876644e-01, 0.096115246)
SINGLE_REPR = (8, 9)  # its significant digits


def reach(text: str) -> float:
    """One unit of a printed number's last digit, as the reader counts agreement (floats choose a reading, never a
    verdict): for a program's full float repr (0.031472858344688034, or a float32's 7.2876644e-01) its
    arithmetic's noise, which passes that unit."""
    u = unit(text)
    mant = text.lower().partition("e")[0]
    sig = len(mant.lstrip("+-").replace(".", "").lstrip("0"))
    slack = FLOAT_SLACK if sig >= FULL_REPR else SINGLE_SLACK if sig in SINGLE_REPR else None
    if slack is None or text.endswith("%"):
        return u
    try:
        return max(u, slack * abs(float(text)))
    except ValueError:
        return u


def as_float(q: Fraction) -> float:
    """A rational as a float, for choosing a reading only: one too small or too large for a float (a document's
    1e-10000) is 0 or ±inf, never an OverflowError."""
    try:
        return float(q)
    except OverflowError:
        return 0.0 if abs(q) < 1 else math.copysign(math.inf, q)


def unit(text: str) -> float:
    """One unit of a printed number's last digit: 0.01 for 0.25, 1e-8 for 4.7567697e-01, 0.001 for 29.1%."""
    if text.endswith("%"):
        return unit(text[:-1]) / 100
    mant, _, exp = text.lower().partition("e")
    d = len(mant.split(".")[1]) if "." in mant else 0
    try:
        e = int(exp) - d if exp else -d
    except ValueError:
        e = -d
    return 10.0 ** max(-300, min(300, e))  # 1e10000 has no float unit: clamped, it fits no value anyway


def significant(text: str) -> int:
    """Significant digits of a decimal as written: 0.0751 has 3, 52.90 has 4."""
    return len(text.lstrip("-−+").replace(".", "").lstrip("0"))


def number(text: str) -> str | None:
    """The text of one number (``-0.20``), or None when the text is not exactly one number."""
    t = clean(text).strip()
    if t.startswith("+") and (t[1:2].isdigit() or t[1:2] == "."):  # f"{v:+.4f}" prints +0.2008
        t = t[1:]
    return t if _NUMBER_FULL.fullmatch(t) else None


def array(text: str) -> Array | None:
    """A bracketed vector or matrix (optionally wrapped as tensor(…) / array(…)), or a LaTeX matrix;
    ``np.transpose(…)`` of one is its transpose (a matrix whose columns the code writes as rows)."""
    t = clean(text).strip()
    turned = _TRANSPOSE.match(t)
    if turned:
        a = array(t[turned.end():])
        if a is None or not a or not isinstance(a[0], list) or not _regular(a):
            return None
        return [list(col) for col in zip(*a)]
    if t[:1] in "cm" and _R_CALL.match(t) and (r := r_call(t)) is not None:
        return r
    m = _WRAPPER.match(t)
    if m:
        t = t[m.end():].lstrip()
        one = re.match(NUMBER.pattern + r"(?=\s*[,)])", t)
        if one is not None:  # tensor(0.3677, grad_fn=<MseLossBackward0>): a scalar, printed alone
            return [one.group(0)]
    if t[:1] in "[(" and _LEFT_BEGIN.match(t):  # \left[ \begin{array}{cc} … \end{array} \right]: the array inside
        t = t[1:].lstrip()
    if t.startswith("\\begin"):
        return latex_matrix(t)
    if not t.startswith("["):
        return None
    end = closing(t, 0)
    if end is None:
        return None
    if ";" in t[:end] and "[" not in t[1:end]:
        return _semicolon_rows(t[1:end])
    if "(" in t[:end] and _TUPLES.fullmatch(t[: end + 1]):  # Python's list of tuples: [(0.75, 0.76), (0.75, 0.76)]
        return _nested(t[: end + 1].replace("(", "[").replace(")", "]"))
    return _nested(t[: end + 1])


_R_CALL = re.compile(r"(?:c|matrix)\s*\(")
_R_VECTOR = re.compile(r"c\s*\(([^()]*)\)")
_R_ARG = re.compile(r"\s*(?:(nrow|ncol|byrow)\s*=\s*)?([^,()=\s]+)\s*")


def r_call(text: str) -> Array | None:
    """R's ``c(0.1, 0.2, 0.3)`` (a vector) and ``matrix(c(…), nrow = 2, byrow = TRUE)`` (also ``ncol =``, or
    ``nrow`` and ``ncol`` by position): the numbers filled by column, as R fills them, unless ``byrow``."""
    t = text.strip().rstrip(";").strip()
    m = _R_VECTOR.match(t)
    if m and m.end() == len(t):
        return _r_numbers(m.group(1))
    if not t.startswith("matrix") or not t.endswith(")"):
        return None
    inner = t[t.index("(") + 1:-1].strip()
    m = _R_VECTOR.match(inner)
    if m is None:
        return None
    cells = _r_numbers(m.group(1))
    rest = inner[m.end():].strip()
    if cells is None or (rest and not rest.startswith(",")):
        return None
    named: dict[str, str] = {}
    position = ["nrow", "ncol", "byrow"]
    for arg in rest[1:].split(",") if rest else []:
        a = _R_ARG.fullmatch(arg)
        if a is None or not position:
            return None
        key = a.group(1) or position[0]
        if key not in position:
            return None
        position.remove(key)
        named[key] = a.group(2)
    byrow = named.get("byrow", "FALSE") in ("TRUE", "T")
    if named.get("byrow", "FALSE") not in ("TRUE", "T", "FALSE", "F"):
        return None
    try:
        nrow = int(named["nrow"]) if "nrow" in named else None
        ncol = int(named["ncol"]) if "ncol" in named else None
    except ValueError:
        return None
    size = len(cells)
    nrow = nrow or (size // ncol if ncol else size)
    ncol = ncol or size // nrow
    if nrow < 1 or ncol < 1 or nrow * ncol != size:
        return None
    if ncol == 1:
        return cells
    if byrow:
        return [cells[r * ncol:(r + 1) * ncol] for r in range(nrow)]
    return [[cells[c * nrow + r] for c in range(ncol)] for r in range(nrow)]


def _r_numbers(body: str) -> list[str] | None:
    cells = [c.strip() for c in body.split(",")]
    if not cells or len(cells) > MAX_CELLS or not all(_NUMBER_FULL.fullmatch(c) for c in cells):
        return None
    return cells


_TUPLES = re.compile(r"\[\s*\([^()\[\]]*\)(?:\s*,\s*\([^()\[\]]*\))*\s*,?\s*\]")
_LEFT_BEGIN = re.compile(r"[\[(]\s*\\begin\{")


def _semicolon_rows(body: str) -> Array | None:
    """Julia's and MATLAB's ``[0.9 0.1; -0.2 0.7]``: rows split by ``;``, numbers by spaces (or commas); a column
    ``[1.0; 2.0;;]`` is a vector."""
    rows = []
    for raw in body.split(";"):
        cells = [c for c in re.split(r"[\s,]+", raw.strip()) if c]
        if not cells:
            continue
        if not all(_NUMBER_FULL.fullmatch(c) for c in cells):
            return None
        rows.append(cells)
    if not rows or len({len(r) for r in rows}) != 1 or sum(map(len, rows)) > MAX_CELLS:
        return None
    return [r[0] for r in rows] if len(rows[0]) == 1 else rows


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


def _nested(t: str, regular: bool = True) -> Array | None:
    """Parse brackets of numbers separated by commas or spaces (any depth when not ``regular``)."""
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
        elif ch in ", \t\r\n'\"":  # JavaScript's console.log quotes each toFixed string: [ '0.0751', … ]
            k += 1
        else:
            inf = _INFINITE.match(t, k)
            if inf is not None and stack:  # a masked score printed as -inf / -Infinity: a cell stating nothing
                stack[-1].append(None)
                k = inf.end()
                continue
            m = NUMBER.match(t, k)
            if m is None or not stack:
                return None
            stack[-1].append(None if fill(m.group(0)) else m.group(0))  # -1e9: a masked score, like -inf
            count += 1
            if count > MAX_CELLS:
                return None
            k = m.end()
    if stack or out is None:
        return None
    while len(out) == 1 and isinstance(out[0], list) and out[0] and all(isinstance(r, list) for r in out[0]):
        out = out[0]  # tensor([[[…], […]]]) of shape [1, T, C]: a batch of one, its matrix
    return out if not regular or _regular(out) else None


_ELISION = re.compile(r"\.\.\.\s*,?\s*")


def elided(text: str) -> tuple[str, str] | None:
    """A summarised print of a long tensor (PyTorch's and NumPy's ``[[…], […], ..., […]]``, its middle rows left out
    for a ``...,`` row) as two arrays' texts: the rows before the elision and the rows after it, each closed as the
    print's brackets have it. None when the text elides nothing, elides within a row (the cells' columns are then
    unknown) or more than once."""
    t = clean(text).strip()
    if "..." not in t:
        return None
    start = t.find("[")
    end = t.rfind("]")
    if start < 0 or end < start:
        return None
    hits = list(_ELISION.finditer(t, start, end))
    if len(hits) != 1:
        return None
    m = hits[0]
    before = t[start:m.start()].rstrip()
    depth = before.count("[") - before.count("]")
    if not before.endswith(("],", "]")) or depth < 1 or t[m.end():end + 1][:1] != "[":  # [0.1, ..., 0.9]: a row's
        return None  # middle cells, or no row on one side
    head = t[:m.start()].rstrip().rstrip(",") + "]" * depth + t[end + 1:]
    tail = t[:start] + "[" * depth + t[m.end():]
    return head, tail


def slices(text: str) -> list[Array] | None:
    """A tensor of rank 3 or 4 as its matrices (``tensor([[[…]]])`` of shape [1, T, d] is one matrix; [1, h, T, d]
    and [h, T, d] are h of them, a head each), its leading dimensions of size 1 dropped; None for any other text."""
    t = clean(text).strip()
    m = _WRAPPER.match(t)
    if m:
        t = t[m.end():].lstrip()
    if not re.match(r"\[\s*\[\s*\[", t) or (end := closing(t, 0)) is None:
        return None
    a = _nested(t[: end + 1], regular=False)  # its batch of one already dropped
    if a is None or not a:
        return None
    mats = a if isinstance(a[0], list) and a[0] and isinstance(a[0][0], list) else [a]
    if not all(isinstance(x, list) and _regular(x) and x and isinstance(x[0], list) for x in mats) or \
            len({shape(x) for x in mats}) != 1:
        return None
    return mats


_INFINITE = re.compile(r"-(?:inf(?:inity)?|∞)(?![\w.])", re.IGNORECASE)


def _regular(a: Array) -> bool:
    """A vector of numbers, or a matrix whose rows are vectors of one length (a masked −∞ cell is None, in
    a matrix only, and never a whole row)."""
    if not a:
        return False
    if all(isinstance(x, str) for x in a):
        return True
    if all(isinstance(x, list) and x and all(isinstance(y, str) or y is None for y in x) and
           any(isinstance(y, str) for y in x) for x in a):
        return len({len(x) for x in a}) == 1
    return False


_EATEN_BREAK = re.compile(r"(?<!\\)\\(?=[ \t]*\n)")  # a backslash alone at a line's end


def latex_cells(m: re.Match) -> list[list[str]]:
    """A TeX matrix's cells as written (a ``LATEX_MATRIX`` match), row by row; a rule (``\\hline``) is no row."""
    body = m.group(2)
    if "\\\\" not in body:  # rows ending in one backslash (0.209\): a row break half eaten by a Markdown renderer
        body = _EATEN_BREAK.sub(r"\\\\", body)  # that read \\ as an escape (Hugo's Goldmark, maths not passed through)
    return [[c.strip() for c in raw.split("&")] for raw in map(str.strip, re.split(r"\\\\", body))
            if raw and not raw.startswith("\\hline")]


def latex_matrix(text: str) -> Array | None:
    m = LATEX_MATRIX.search(text)
    if m is None:
        return None
    rows = []
    for written in latex_cells(m):
        cells = [number(_strip_tex(c)) for c in written]
        if any(c is None for c in cells):
            return None
        rows.append(cells)
    if not rows or len({len(r) for r in rows}) != 1:
        return None
    if len(rows) == 1:
        return rows[0]  # a row vector
    if all(len(r) == 1 for r in rows):
        return [r[0] for r in rows]  # a column vector
    return rows


def _strip_tex(cell: str) -> str:
    return re.sub(r"\\[,;:! ]|\{|\}|\\mathbf|\\text|\$", "", cell).strip()


_KEY = re.compile(r"""\s*(?:(['"])(.{1,40}?)\1|([^\s'":,{}\[\]]{1,40}))\s*:\s*""")


def mapping(text: str) -> tuple[list[str], list] | None:
    """A printed dict keyed by token (``{'cat': 0.243, 'dog': 0.101}``, values numbers or vectors, maybe wrapped
    as tensor(…)): its keys and values in order, or None when it is not one."""
    t = clean(text).strip()
    if not (t.startswith("{") and t.rstrip().endswith("}")):
        return None
    body, k = t[1:t.rstrip().rindex("}")].rstrip(), 0
    body = body[:-1] if body.endswith(",") else body  # {"the": [0.1, 0.4],\n}: Python's trailing comma
    keys: list[str] = []
    vals: list = []
    while k < len(body):
        m = _KEY.match(body, k)
        if m is None:
            return None
        keys.append(m.group(2) if m.group(1) else m.group(3))
        k = m.end()
        w = _WRAPPER.match(body, k)
        k = w.end() if w else k
        if body[k:k + 1] == "[":
            end = closing(body, k)
            if end is None:
                return None
            v = _nested(body[k:end + 1])
            if v is None or (v and isinstance(v[0], list)):
                v = v[0] if v and isinstance(v[0], list) and len(v) == 1 else None
            if v is None:
                return None
            vals.append(v)
            k = end + 1
        else:
            n = NUMBER.match(body, k)
            if n is None:
                return None
            vals.append(n.group(0))
            k = n.end()
        if w:  # the wrapper's other arguments and its closing parenthesis
            close = body.find(")", k)
            if close < 0:
                return None
            k = close + 1
        k = len(body) if body.find(",", k) < 0 and not body[k:].strip() else k
        comma = body.find(",", k)
        if comma < 0:
            if body[k:].strip():
                return None
            break
        if body[k:comma].strip():
            return None
        k = comma + 1
    if len(keys) < 2 or len(set(keys)) != len(keys):
        return None
    kinds = {isinstance(v, list) for v in vals}
    if len(kinds) != 1 or (vals and isinstance(vals[0], list) and len({len(v) for v in vals}) != 1):
        return None
    return keys, vals


def scaled(a: Array, factor) -> Array | None:
    """A matrix (or vector) of number texts times an exact factor (a Fraction), each product written as the
    decimal it is; None when one is no finite decimal (a third)."""
    out: list = []
    for c in a:
        if isinstance(c, list):
            row = scaled(c, factor)
            if row is None:
                return None
            out.append(row)
            continue
        x = Fraction(c) * factor
        den, twos, fives = x.denominator, 0, 0
        while den % 2 == 0:
            den, twos = den // 2, twos + 1
        while den % 5 == 0:
            den, fives = den // 5, fives + 1
        if den != 1:
            return None
        places = max(twos, fives)
        digits = str(abs(x.numerator) * 10 ** places // x.denominator).rjust(places + 1, "0")
        out.append(("-" if x < 0 else "") + (digits[:-places] + "." + digits[-places:] if places else digits))
    return out


def shape(a: Array) -> tuple[int, ...]:
    if a and isinstance(a[0], list):
        return (len(a), len(a[0]))
    return (len(a),)


def column(a: Array) -> list | None:
    """A column vector as NumPy and TensorFlow print one, ``[[0.1] [0.3] [-0.2]]`` (shape (d, 1), d ≥ 2): its d
    numbers; None for anything else."""
    if len(a) >= 2 and all(isinstance(r, list) and len(r) == 1 and not isinstance(r[0], list) for r in a):
        return [r[0] for r in a]
    return None


def wrapped(text: str) -> bool:
    """Whether the text starts with an array constructor: ``tensor(``, ``np.array(``, ``tf.Tensor(`` …"""
    t = clean(text).lstrip()
    return _WRAPPER.match(t) is not None or _TRANSPOSE.match(t) is not None


def unwrapped(text: str) -> str | None:
    """What follows the array constructor a text starts with (``[[1, 2], …`` of ``np.array([[1, 2], …``), or None."""
    t = clean(text).lstrip()
    m = _WRAPPER.match(t)
    return t[m.end():].lstrip() if m else None


_TEX_WORDS = {r"\cdot": "·", r"\times": "×", r"\approx": "≈", r"\simeq": "≈", r"\div": "÷", r"\exp": "exp",
              r"\ln": "ln", r"\log": "log", r"\sigma": "σ", r"\mu": "μ", r"\varepsilon": "ε", r"\epsilon": "ε",
              r"\infty": "∞", r"\to": "→", r"\rightarrow": "→", r"\quad": " ", r"\qquad": " ", r"\left": "",
              r"\right": "", r"\big": "", r"\Big": "", r"\bigl": "", r"\bigr": "", r"\displaystyle": "",
              r"\sin": "sin", r"\cos": "cos", r"\tanh": "tanh", r"\max": "max", r"\mathrm": "", r"\mathbf": "",
              r"\boldsymbol": "", r"\operatorname": "", r"\dfrac": r"\frac", r"\tfrac": r"\frac"}
_TEX_WORD = re.compile(r"\\[A-Za-z]+")
_BRACED = r"\{((?:[^{}]|\{[^{}]*\})*)\}"
_FRAC = re.compile(r"\\frac\s*" + _BRACED + r"\s*" + _BRACED)
_FRAC_DIGITS = re.compile(r"\\frac\s*(\d)\s*(\d)(?![\d.])")  # \tfrac12: TeX takes one digit each without braces
_SQRT = re.compile(r"\\sqrt\s*" + _BRACED)
_TEXT = re.compile(r"\\(?:text|textrm|mathit|textbf)\s*\{([^{}]*)\}")
_BARE_CALL = re.compile(r"\b(sin|cos|tan|tanh|exp|ln|log)\s+(-?\d+(?:\.\d+)?)(?![\d.(])")
_POWER = re.compile(r"\^\s*" + _BRACED)
_NORM_BARS = re.compile(r"\\\|((?:[^|\\]|\\(?!\|)){1,200}?)\\\|")  # \|x\| (Markdown's escaped bars): |x|


def tex_plain(s: str) -> str:
    """Inline TeX as the grammar reads it: ``\\frac{a}{b}`` (and ``\\tfrac12``) → (a)/(b), ``\\sqrt{x}`` → sqrt(x),
    ``\\cdot`` → ·, ``e^{x}`` → e^(x); spacing commands dropped. Matrices (``\\begin{…}``, ``&``, ``\\\\``) are left alone."""
    if "\\" not in s and "{" not in s:
        return _BARE_CALL.sub(r"\1(\2)", s) if " " in s else s  # −ln 0.3143 = 1.1574 in prose too
    t = re.sub(r"\\[()]|(?<!\\)\\[\[\]]", " ", s)  # MathJax's inline and display delimiters
    t = _TEXT.sub(r"\1", t.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac"))
    t = _FRAC_DIGITS.sub(r"(\1)/(\2)", t)
    t = _NORM_BARS.sub(r"abs(\1)", t)  # \|t − o\|: an absolute value, as a translation of a derivative writes it
    for _ in range(4):  # nested fractions, and powers inside them (\frac{1}{1+e^{-net_{h1}}})
        t2 = _FRAC.sub(r"(\1)/(\2)", t)
        t2 = _SQRT.sub(r"sqrt(\1)", t2)
        t2 = _POWER.sub(r"^(\1)", t2)
        if t2 == t:
            break
        t = t2
    t = re.sub(r"(?<!\\)\\[,;:! ]", " ", t)
    t = _TEX_WORD.sub(lambda m: m.group(0) if m.group(0) in (r"\begin", r"\end", r"\frac", r"\sqrt", r"\hline")
                      else _TEX_WORDS.get(m.group(0), m.group(0)), t)
    t = re.sub(r"(?<![_^A-Za-z\\])\{(?!\s*['\"])([^{}\\]*)\}", r"\1", t)  # {Attention}(X) → Attention(X); a dict stays
    return _BARE_CALL.sub(r"\1(\2)", t)  # sin 1 → sin(1)
