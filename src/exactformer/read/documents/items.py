"""What a document holds, format aside: named arrays, tables, lines of working, token lists, in order.

Every front end (plain text, Markdown, HTML, notebook) produces these items; ``scan`` reads the text
parts line by line, the way a post copied from a blog prints them:

    鬼 = [0.9, 0.2, 0.1]                 a named vector (a token's embedding, or a weight row)
    Wq = [[0.1, 0.2],                    a named matrix (brackets may span lines)
    [0.3, 0.4]]
    鬼(K) 金棒(K) 猫(K)                  a header, then rows of a table:
    鬼(Q) 0.0504 0.088 0.1128            a label, then numbers or [vectors]
    鬼→鬼:                               a label for the line of working below it
    0.20×0.22+0.32×0.02=0.0504           a line of working (a continuation may start with ≈ or =)
    [鬼,金棒,猫,小判]                    the tokens of the sentence

Each item carries its line in the document and ``at``: the nearest heading-like line and the sentence
before it, so a reader can find it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import islice
from typing import NamedTuple

from ...errors import ParseError
from .. import grammar as G
from ..notes import Note, NoteKind
from . import displays as D
from . import values as V
from .names import result_name, role, step_hint, without_remark
from .symbols import derivative

Cell = str | list | None  # a number's text, a vector of them, or None: a blank or masked cell (−∞)


@dataclass
class Named:
    name: str
    array: V.Array
    line: int
    at: str
    row_labels: list[str] | None = None  # a matrix's rows named by comments (``[0.1, 0.2],  # "cat"``)
    label: str | None = None  # a vector's token from its comment (``x = [0.1, 0.3]  # "Hello"``)
    row_lines: list[int] | None = None  # the line of each row, when a matrix is printed one row a line
    col_labels: list[str] | None = None  # the words above a matrix's columns (a vocabulary)
    literal: bool = False  # built by a constructor in code (np.array([…]), torch.tensor([…])): an input, as a rule
    tail: bool = False  # the last rows of a longer table, the print eliding the rows before them (``...,``)
    alias: str | None = None  # the earlier array it names again (``Q = X``, ``W_K = W_Q``): no new number
    batch: list | None = None  # on each matrix of a rank-3 print of like matrices: all of them, in order
    single: bool = False  # its print says dtype=float32: a program's float32 values (judged in float32's ulps)
    programmed: bool = False  # a notebook's output whose every number the program's code accounts for
    echo: bool = False  # a program's print of numbers its code writes (print(y) after y = [0., 1.]): no result
    rounded_to: int | None = None  # its code rounded it to these decimals before printing (0.9810 is 0.981)


@dataclass
class Table:
    rows: list[list[Cell]]
    row_labels: list[str] | None
    col_labels: list[str] | None
    line: int
    at: str
    name: str = ""  # what the document calls it (a printed dict's variable)
    row_lines: list[int] | None = None  # the line of each row
    texts: dict[str, list[str]] | None = None  # its columns of words, by heading (| input | target |)
    programmed: bool = False  # a notebook's output whose every number the program's code accounts for


@dataclass
class Work:
    text: str
    label: tuple[str, str] | None  # ("鬼", "金棒") from "鬼→金棒:"
    line: int
    at: str
    name: str = ""  # what the document calls its result ("σ^2" in "σ^2 = 0.527 / 3 = 0.1757")
    computed: bool = False  # a program's value of an expression written in its code: a claim of that arithmetic


class Labelled(NamedTuple):
    """A line of working with a name in front, as a sentence holds it."""

    name: str
    text: str


@dataclass
class LogRow:
    """One line of a training log: the step it counts (``epoch 3``), then each printed name and its number
    (``loss 0.0077 | w 1.3225``)."""

    step: int
    values: list[tuple[str, str]]
    line: int
    at: str


@dataclass
class Tokens:
    tokens: list[str]
    line: int


@dataclass
class Items:
    found: list = field(default_factory=list)
    skipped: list[Note] = field(default_factory=list)  # what could not be read, with its line
    prose: list[str] = field(default_factory=list)  # the text (for stated conventions: "causal", "√2")
    title: str | None = None  # the first heading, when the format marks headings
    diagram: list[tuple[str, int]] = field(default_factory=list)  # lone numbers on a drawing (SVG text), by line
    loose: list[tuple[str, int]] = field(default_factory=list)  # numbers in prose no item took ("puis 0.3135"), by line
    written: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # a decimal-comma page's numbers
    # ("0.7071": [(12, "0,7071"), (40, "0.7071")]): each as the page writes it, by line, to report it so
    single: bool = False  # a notebook whose program computes in float32 (TensorFlow, PyTorch, dtype=float32): its
    # printed outputs carry float32's rounding, and are judged in its ulps (precision = "float32")
    code: list[tuple[int, int]] = field(default_factory=list)  # the lines (first, last) of a program's text and
    # what it printed: a fence, <pre>, a notebook's code cell and its outputs
    earlier: list | None = None  # a further reading's: the items other computations explain (an array a later one
    # is computed from may be among them); None when the document is read first
    slipped: set[int] = field(default_factory=set)  # a further reading's: ids of the items the first computation
    # matched without most of their cells agreeing (a slip upstream): what follows from them is its (propagated)

    def in_code(self, line: int) -> bool:
        """Whether a line is a program's text or output (a fence, <pre>, a notebook's code cell)."""
        return any(a <= line <= b for a, b in self.code)

    def heading(self, text: str, line: int | None = None) -> None:
        self.prose.append(text)
        if line is not None and (root := _said_root(text)) is not None:  # ## Scaled by √2 ≈ 1.4142: the divisor
            self.found.append(Table([[root]], None, None, line, f"{G.clip(text, 60)} ({where(line)})", "√dk",
                                    [line]))
        if self.title is None and text.strip():
            self.title = text.strip()


_ASSIGN = re.compile(r"^\s*(?:(?:let|var|const)\s+)?([^\s=:：→]{1,40}?)\s*(?:=|:=|：|:)\s*(.+)$")
_JULIA_VECTOR = re.compile(r"^(\d{1,4})-element (?:Vector|Array)\{[^{}]*\}(?:\([^()]*\))?:?$")
_COPY = re.compile(r"^([A-Za-z_][\w.]{0,60}?)\.(?:data\.)?copy_\((.+)$")
_NAME_ALONE = re.compile(r"^\s*([^\W\d](?:[\w^'.()]|[_^]\{[\w,]{1,12}\}){0,30})\s*(?:=|:|：)\s*$")  # "Q =", "W_{out} =" above its printed matrix
_LABEL_ABOVE = re.compile(r"^\s*([^\W\d][^=:：\[\]{}]{0,58}?\s[^=:：\[\]{}]{0,58}?)\s*[:：]\s*$")  # words, a colon
_INT_SETTING = re.compile(r"^\s*([A-Za-z_]\w{0,30})\s*=\s*(\d{1,3})\s*(?:#.*)?$")
MAX_ROWS_BRACKETED = 64  # rows of a matrix written a row per line (bracketed, or lists side by side)
MAX_EYE = 64  # the size of an identity matrix built in code that is read as one
_FACTOR = r"(" + V.NUMBER.pattern + r")"
_EYE = re.compile(r"(?:" + _FACTOR + r"\s*\*\s*)?(?:torch|np|numpy|jnp|tf)\.(?:eye|identity)\(\s*(?:(\d{1,3})|([A-Za-z_]\w{0,30}))"
                  r"\s*(?:,[^()]*)?\)(?:\s*\*\s*" + _FACTOR + r")?")  # torch.eye(4), np.identity(n) * 2, 2 * np.eye(3)


_ARANGE = re.compile(r"(?:torch|np|numpy|jnp)\.arange\(\s*(-?\d{1,4}\.?)\s*(?:,\s*(-?\d{1,4}\.?)\s*)?"
                     r"(?:,\s*(\d{1,3}\.?)\s*)?(?:,\s*dtype\s*=\s*[\w.]+\s*)?\)"
                     r"(?:\.(?:reshape|view)\(\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*\))?"
                     r"(?:\.(?:float|double)\(\)|\.(?:to|type|astype)\([\w.\s=]*\))*\s*;?")
MAX_ARANGE = 4096  # numbers an arange of the code may give: a worked example's input, not a data set


def _arange(expr: str) -> V.Array | None:
    """The numbers ``torch.arange(0, 10).reshape(5, 2)`` (or NumPy's) gives, as the array it builds, or None."""
    m = _ARANGE.fullmatch(expr.strip())
    if not m:
        return None
    a, b, step = m.group(1), m.group(2), m.group(3) or "1"
    start, stop = (int(float(a)), int(float(b))) if b is not None else (0, int(float(a)))
    inc = int(float(step))
    if inc <= 0 or not 0 < (stop - start) / inc <= MAX_ARANGE:
        return None
    values = [str(v) for v in range(start, stop, inc)]
    if m.group(4) is None:
        return values  # type: ignore[return-value]
    rows, cols = int(m.group(4)), int(m.group(5))
    rows = len(values) // cols if rows == -1 and cols > 0 else rows
    cols = len(values) // rows if cols == -1 and rows > 0 else cols
    if rows <= 0 or cols <= 0 or rows * cols != len(values):
        return None
    return [values[r * cols:(r + 1) * cols] for r in range(rows)]


def _size(text: str, sizes: dict[str, int]) -> int | None:
    """A matrix's size as the code writes it: a number, or a name the code set to one above."""
    size = int(text) if text.isdigit() else sizes.get(text)
    return size if size is not None and 1 <= size <= MAX_EYE else None


_TIMES = re.compile(r"^\s*(?:\\cdot|\\times|·|⋅|×|\*|@|\\begin\{)")


def _operand(lines: list[str], k: int) -> bool:
    """Whether the next line that says something, from line k on, multiplies what stands above it (``\\cdot``, ×,
    another matrix): the matrix above is an operand of a product, not what the name before it is."""
    for line in lines[k:k + 3]:
        if line.strip():
            return bool(_TIMES.match(V.clean(line)))
    return False


_IDENT = re.compile(r"[^\W\d][\w^{}']{0,20}")  # a symbol's name: W_Q1, W^O, q_{1}
# two names or more set equal, perhaps said in words, the matrix they share on the lines below ("W_Q = W_K = I")
_NAMES_ABOVE = re.compile(r"^\s*((?:" + _IDENT.pattern + r"\s*=\s*){2,})(?:[^\W\d][^=\d]{0,40})?$")


_GROUP = re.compile(r"\[[^\[\]]*\]")
_BETWEEN = re.compile(r"[\s]*(?:[x×*@·=][\s]*)*")


def _drawn_product(lines: list[str], k: int) -> tuple[list[tuple[list, int]], int] | None:
    """A matrix product drawn in plain text, its matrices side by side a row a line, the operator and = on one
    of them::

                       [0, 0, 1]
        [1, 0, 1, 0]   [1, 1, 0]   [0, 1, 1]
        [0, 2, 0, 2] x [0, 1, 0] = [4, 4, 0]

    Each matrix (its rows, by column position; one row is a vector) with the line of its first row, in order;
    the lines used. None unless a line holds an = with a matrix after it and one before."""
    run: list[list[tuple[int, list]]] = []
    eq = None
    while k + len(run) < len(lines) and len(run) < MAX_JOIN:
        text = V.clean(lines[k + len(run)]).rstrip()
        groups = [(m.start(), V.array(m.group(0))) for m in _GROUP.finditer(text)]
        if not groups or any(a is None or not a or isinstance(a[0], list) for _, a in groups) or \
                not _BETWEEN.fullmatch(_GROUP.sub("", text)):
            break
        outside = _GROUP.sub(lambda m: " " * len(m.group(0)), text)  # the text between the brackets, in place
        if "=" in outside:
            eq = (len(run), outside.index("="))
        run.append(groups)  # type: ignore[arg-type]
    if len(run) < 2 or eq is None or sum(1 for g in run for _ in g) < 4:
        return None
    starts: list[int] = []
    for col in sorted(c for g in run for c, _ in g):
        if not starts or col - starts[-1] > 2:
            starts.append(col)
    if not any(c > eq[1] for c in starts) or not any(c < eq[1] for c in starts) or len(starts) < 2:
        return None
    mats = []
    for c in starts:
        rows = [(j, a) for j, g in enumerate(run) for col, a in g if abs(col - c) <= 2]
        if len({len(a) for _, a in rows}) != 1 or [j for j, _ in rows] != list(range(rows[0][0], rows[-1][0] + 1)):
            return None
        mats.append(([a for _, a in rows] if len(rows) > 1 else rows[0][1], rows[0][0]))
    return mats, len(run)


_COMMENTED = re.compile(r"^\s*#\s?")


def _comment_run(lines: list[str], k: int) -> list[str]:
    """The lines from k on that are comments (``# tensor([[0., 1.],`` then ``#         [2., 3.]])``): a printed
    result the code's author wrote below the line that prints it."""
    end = k
    while end < len(lines) and end - k < MAX_JOIN and V.clean(lines[end]).lstrip().startswith("#"):
        end += 1
    return lines[k:end]


# print("weights", w) as NumPy prints it: a step's name, a space, the vector (no "="); a token's vector is a row
_PRINTED_NAMED = re.compile(r"^([A-Za-z_][\w.]{0,30})\s+(\[[^\[\]=]*\])\s*$")
# print("Q\n", q) as JAX, NumPy and PyTorch notebooks label a result: the name alone on its line, the array below
# … or with its shape after it, as a loop prints it (print(name, x.shape) gives "x_1 (4, 1)")
_LABEL_ALONE = re.compile(r"^\s*([A-Za-z_]\w{0,30}(?: [A-Za-z_]\w{0,15})?)\s*(?:\(\s*\d{1,4}(?:\s*,\s*\d{1,4}){0,3}\s*,?\s*\))?\s*$")
_LABEL = re.compile(r"^\s*([^\s→:：]{1,20}?)\s*(?:→|->|⇒|➡)\s*([^\s→:：]{1,20}?)\s*[:：]?\s*$")
_INLINE_LABEL = re.compile(r"^\s*([^\s→:：]{1,20}?)\s*(?:→|->|⇒)\s*([^\s→:：]{1,20}?)\s*[:：]\s*(.+)$")
_TOKEN_LIST = re.compile(r"\[([^\[\]\d]{1,200})\]")
_CODE_INDEX = re.compile(r"\.\.\.|…|:|None|True|False|-?\s*\w*\s*:\s*\w*|.*[()=].*")  # x[..., None], m[:, i]: an index
_VOCAB_LIST = re.compile(r"(?<!\w)(?:vocab(?:ulary)?|vocabul[aá]rio|vocabulario|vocabulaire|vokabular|wortschatz|kosakata|"
                         r"từ vựng|語彙|词表|词汇表|어휘)\s*(?:\([^()]{0,40}\))?\s*[:：]\s*(.{1,400})", re.IGNORECASE)
_VOCAB_ITEM = re.compile(r"[^\s,;、，：:]+")
_VOCAB_SEP = re.compile(r"\s*[,、，]\s*(?:(?:and|und|e|et|y|và)\s+)?|\s+(?:and|und|e|et|y|và)\s+")
_CELL = re.compile(r"\[[^\[\]]*\]|" + V.NUMBER.pattern + r"|\S+")
_HEADING_END = tuple("。．.！!？?、，,：:")
MAX_LINES = 200_000
MAX_JOIN = 200  # lines a bracketed array may span
MAX_STARTS = 8  # places a line of working may start at after its first (each try parses the rest of the line)


def _vocab_list(s: str) -> list[str] | None:
    """The words of a vocabulary listed after its label ("Vocabulary: the, cat, sat, ." "Vokabular: Der, Hund und
    laut; …"): comma-separated words, up to the first other separator; a sentence's full stop is no part of the last
    word (a lone "." is a word)."""
    m = _VOCAB_LIST.search(s)
    if m is None:
        return None
    rest, words = m.group(1), []
    while (w := _VOCAB_ITEM.match(rest)) is not None:
        words.append(w.group(0))
        rest = rest[w.end():]
        sep = _VOCAB_SEP.match(rest)
        if sep is None:
            break
        rest = rest[sep.end():]
    words = [w[:-1] if len(w) > 1 and w.endswith((".", "。")) else w for w in words]
    words = [w.strip("'\"“”‘’`*_") or w for w in words]
    if len(words) < 2 or len(set(words)) < len(words) or \
            any(len(w) > 30 or V.number(w) is not None or any(ch.isdigit() for ch in w) for w in words):
        return None
    return words


def scan(text: str, first_line: int, out: Items, context: list[str]) -> None:
    """Read a text's lines into ``out``; ``context`` is [heading, sentence], updated as lines pass. An array whose
    print says ``dtype=float32`` is marked ``single``: a program's float32 values, in a post as in a notebook."""
    start = len(out.found)
    _scan(text, first_line, out, context)
    if not _SINGLE_DTYPE.search(text):
        return
    lines = text.splitlines()
    for x in out.found[start:]:
        if not isinstance(x, Named):
            continue
        first = x.line - first_line
        for j in range(first, min(len(lines), first + 2 * max(len(x.array), 1) + 2)):
            if j > first and _PRINT_START.search(lines[j]):
                break  # the next print: its dtype is its own
            if _SINGLE_DTYPE.search(lines[j]):
                x.single = True
                break


_SINGLE_DTYPE = re.compile(r"dtype\s*=\s*(?:tf\.|torch\.|np\.)?(?:float32|float16|bfloat16|half)\b")
_PRINT_START = re.compile(r"(?:tf\.Tensor|tensor|array)\(")


def _scan(text: str, first_line: int, out: Items, context: list[str]) -> None:
    raw_lines = text.splitlines()
    prompted = {j for j, x in enumerate(raw_lines[:MAX_LINES]) if x.lstrip()[:1] in ">.I" and _PROMPT.match(x.lstrip())}
    lines = [_unprompt(x.lstrip()) if x.lstrip()[:1] in ">.IO" else x for x in _uncsv(_unknit(_unquote(raw_lines)))]
    if len(lines) > MAX_LINES:
        out.skipped.append(Note(f"{where(first_line + MAX_LINES)} on: not read (at most {MAX_LINES:,} lines are read)",
                                NoteKind.NOT_READ))
        lines = lines[:MAX_LINES]
    label: tuple[str, str] | None = None
    sizes: dict[str, int] = {}  # the whole numbers the code sets (d_model = 4), for torch.eye(d_model)
    in_align = False  # inside an align (aligned, eqnarray, gather) environment, whose rows end in \\
    in_cases = False  # inside a cases environment: rows of a value and its condition (0 & z < 0), no results
    k = 0
    display = -1  # the last line of the display last looked at (its closing $$ opens no other)
    while k < len(lines):
        raw = lines[k]
        if k > display and ("$" in raw or "\\" in raw) and (end := D.display_end(lines, k)) is not None:
            display = end
            chain = D.chain("\n".join(V.clean(x) for x in lines[k:end + 1]), first_line + k)
            if chain is not None:  # Q = X W_Q = […][…] = […]: the last matrix is what the first side names
                for shown in chain.operands + [chain.result]:
                    result = shown is chain.result
                    out.found.append(Named(chain.name if result else "", shown.array or [], shown.line,
                                           _at(context, shown.line), chain.rows if result else None, None,
                                           shown.row_lines))
                k = end + 1
                continue
        s, comment = _comment(_unwrap_math(V.tex_plain(_unbroken(_unalign(V.clean(raw).strip())))))
        if in_align or _ALIGN_OPEN.search(raw):  # w_6^{+} &= 0.408666186 \\ \\: an align row, its breaks off
            s = _unbroken(s, aligned=True)
            in_align = not _ALIGN_CLOSE.search(raw)
        if in_cases or "\\begin{cases}" in raw:
            in_cases = "\\end{cases}" not in raw
            if "&" in raw:  # 1 & z > 0 \\ … & z = 0: a piecewise definition's rows
                out.prose.append(s)
                k += 1
                continue
        if "<-" in s:  # R: x1 <- 0.5; w1 <- 0.4
            s = _R_ASSIGN.sub(r"\1\2 = ", s)
        s = _ANNOTATED.sub(r"\1", s)  # "= 0.4367  ← divided by 3, not 4!": a remark after the result
        if "Size" in s or "Shape" in s:  # torch.Size([1, 3, 2]), TensorShape([2, 4]): a shape, no numbers of the example
            s = _SHAPE_PRINT.sub("Size", s)
        s = _MARKED.sub("", s)  # "≈ 0.000 ✅": the mark a lesson puts after a checked result
        if "," in s and "=" in s and not any(b in s for b in "[{") and _THOUSANDS.search(s):
            s = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), s)  # 512 × 512 = 262,144: a whole number
        if "|" in s:
            s = _GIVEN_CONTEXT.sub(r"\1(\2)", s)  # P(king | once upon a) = 0.2420: the probability of a word
        if "%" in s and (pct := _PERCENT_AFTER.search(s)):  # = 0.2420 (24.2 %): the value, then in percent
            out.loose.append((pct.group(2).replace(" ", ""), first_line + k))
            s = s[:pct.start()] + pct.group(1)
        n = first_line + k
        if s[:1] == "[" and (ref := _REFERENCE_MARK.match(s)):  # [1] Author, Title: a reference list's entry
            s = s[ref.end():]
        if not s:
            k += 1
            continue
        out.prose.append(s)
        applied = _applied(s) if "(" in s else None
        if applied is not None:  # softmax([1, 2, 3]) = [0.09, 0.24, 0.67]: its input, then what the function gives
            fn, arg, res = applied
            out.found += [Named("", [arg], n, _at(context, n)), Named(fn, [res], n, _at(context, n))]  # (rows:
            # a masked −∞ cell is None, as in a matrix)
            k += 1
            continue
        if "=" in s and (same := _aliased(s, out, n, context)) is not None:  # W_K = W_Q  # the same weights
            out.found.append(same)
            k += 1
            continue
        if _INDEX_LINE.fullmatch(s):  # "[0]   [1]   [2]": the columns' indices above a printed matrix
            k += 1
            continue
        log = _log_row(s)
        if log is not None:  # epoch 3 | loss 0.0077 | w 1.3225 | b 0.5457: a training log's line
            out.found.append(LogRow(log[0], log[1], n, _at(context, n)))
            k += 1
            continue
        arrows = _arrow_rows(lines, k)
        above = _LABEL_ABOVE.match(V.clean(lines[k - 1]).strip()) or _NAME_ALONE.match(V.clean(lines[k - 1]).strip()) \
            if arrows is not None and arrows[2] >= 2 and k > 0 else None
        if arrows is not None and above is not None:  # "Attention weights:" over "cat → [0.52, 0.48]", "sat → […]":
            out.found.append(Named(_name(above.group(1)), arrows[1], n, _at(context, n), arrows[0], None,  # type: ignore[arg-type]
                                   [n + j for j in range(arrows[2])]))  # one matrix, a row per token
            k += arrows[2]
            continue
        if arrows is not None:  # - eu → [1.0, 0.5] / - amo → [0.2, 1.0]: a vector named by its token each
            for j, (lab, vec) in enumerate(zip(*arrows[:2])):
                out.found.append(Named(lab, vec, n + j, _at(context, n + j), None, lab))
            k += arrows[2]
            continue
        beside = _side_by_side(lines, k)
        if beside is not None:  # W_Q = [[1, 0.5],     W_K = [[0.5, 1],  (the next rows below each)
            arrays, used = beside
            for name, arr in arrays:
                out.found.append(Named(name, arr, n, _at(context, n)))
            k += used
            continue
        opened = _TEX_FORMULA_OPEN.match(s) if "\\end{" not in s else None
        if opened:  # \frac{Q_1 K_1^T}{\sqrt{2}} = \begin{bmatrix} with its rows below (% eu): named by its formula
            got = _array_at(lines, k, opened.group(2), comment)
            if got is not None and not isinstance(got[0], tuple) and isinstance(got[0][0], list):
                arr, rows, used, offsets = got
                out.found.append(Named(opened.group(1).strip(), arr, n, _at(context, n), rows, None,
                                       [n + j for j in offsets] if offsets else None))
                _after_matrix(lines, k, used, n, context, out)
                k += used
                continue
        one = _tex_formula_assignment(s)  # (XX^T)/(\sqrt 3) = \begin{pmatrix}…: a matrix named by its formula
        several = [one] if one is not None else _tex_assignments(s)
        trailing = _TAIL_SCALAR.search(s[s.rindex("\\end{"):]) if several else None
        if several and (len(several) > 1 or one is not None or _INLINE_NAMED.search(s[s.rindex("\\end{"):]) or trailing):
            # W_Q = \begin{bmatrix}…\end{bmatrix}, \qquad W_K = \begin{bmatrix}…, or W_1 = …, b_1 = (0.1, …)
            for name, arr in several:
                out.found.append(Named(name, arr, n, _at(context, n)))
            for name, vec in _inline_named(s[s.rindex("\\end{"):]):
                out.found.append(Named(name, vec, n, _at(context, n)))
            if trailing:  # W^{(2)} = \begin{bmatrix}…\end{bmatrix}, \quad b^{(2)} = 0.2: the number named after it
                out.found.append(Named(_name(trailing.group(1)), [trailing.group(2)], n, _at(context, n)))
            k += 1
            continue
        if len(vecs := _inline_named(s)) > 1 and len(vecs) == s.count("="):  # k1 = [0.5, 0.1]    v1 = [1.2, 0.4]
            lead = _TOKEN_LEAD.match(s)  # "dog": Query = […], Key = […]: the rows of its word
            for name, arr in vecs:
                out.found.append(Named(name, arr, n, _at(context, n), label=lead.group(1) if lead else None))
            k += 1
            continue
        drawn = _drawn_product(lines, k)
        if drawn is not None:  # [1, 0] x [0, 1] = [0, 1] drawn over lines: the matrices, the result after =
            for mat, first_row in drawn[0]:
                at = n + first_row
                out.found.append(Named("", mat, at, _at(context, at), None, None,
                                       [at + j for j in range(len(mat))] if isinstance(mat[0], list) else None))
            k += drawn[1]
            continue
        if s[:1] == "#" and _starts_array(body := s.lstrip("#").strip()) and V.array(body) is None:
            rest = [_COMMENTED.sub("", V.clean(x)) for x in _comment_run(lines, k)]  # the output a comment shows
            got = _array_at(rest, 0, body, None, slices=True)
            if got is not None and not isinstance(got[0], tuple) and got[2] > 1:
                out.found += _arrays("", got, n, _at(context, n), None)
                k += got[2]
                continue
        said_vec = _PRINTED_NAMED.match(s)
        if said_vec and (step_hint(said_vec.group(1)) or step_hint(said_vec.group(1).replace("_", " ")) or
                         role(said_vec.group(1))) and \
                (cells := V.array(said_vec.group(2))) and not isinstance(cells[0], list):
            out.found.append(Named(said_vec.group(1), cells, n, _at(context, n)))  # print("weights", w): a step's name
            k += 1
            continue
        printed = _printed_rows(lines, k)
        if printed is not None:  # row 0: e=[…], total=5.9594, p=[…] on each line: a table, a column per name
            out.found.append(Table(printed[1], printed[2], printed[0], n, _at(context, n), "",
                                   [n + j for j in range(len(printed[1]))]))
            k += len(printed[1])
            continue
        pairs = _PAIRS.fullmatch(s)
        if pairs:  # p1=0.9600 p2=0.5500 z=1.3100 y=0.7875: a print of several named numbers
            for pair in _PAIR.finditer(s):
                out.found.append(Named(_name(pair.group(1)), [V.number(pair.group(2))], n, _at(context, n)))
            k += 1
            continue
        julia = _JULIA_VECTOR.match(s)
        if julia and k + int(julia.group(1)) < len(lines):  # 4-element Vector{Float64}: then one number a line
            size = int(julia.group(1))
            cells = [V.number(lines[k + 1 + j]) for j in range(min(size, MAX_JOIN))]
            if size <= MAX_JOIN and all(cells):
                out.found.append(Named("", cells, n + 1, _at(context, n + 1), None, None,  # type: ignore[arg-type]
                                       [n + 1 + j for j in range(size)]))
                k += 1 + size
                continue
        if s[:1] in ("=", "≈", "≒") and s[1:].lstrip().startswith("[["):  # a step's line, "= [[0.5, 0.5, 1.0]," and
            rest = [_ROW_ASIDE.sub("", V.clean(x)) for x in lines[k:k + MAX_JOIN]]  # its rows below (asides off)
            got = _array_at(rest, 0, _ROW_ASIDE.sub("", s[1:]).strip(), None)
            if got is not None and not isinstance(got[0], tuple) and isinstance(got[0][0], list):
                out.found.append(Named("", got[0], n, _at(context, n), None, None, [n + j for j in range(got[2])]))
                k += got[2]
                continue
        beside = _lists_side_by_side(lines, k) if s.count("[[") >= 2 else None
        if beside is not None:  # Q = [[1,0],     K = [[1,1],  … a row of each on every line: each by its columns
            for name, rows in beside[0]:
                out.found.append(Named(name, rows, n, _at(context, n), None, None, [n + j for j in range(len(rows))]))
            k += beside[1]
            continue
        beside_pdf = _aligned_side_by_side(lines, k)
        if beside_pdf is not None:  # X = 0.5 0.1 …    W_Q = 0.6 0.2 …: matrices side by side, named in a middle row
            for name, rows, at in beside_pdf[0]:
                out.found.append(Named(name, rows, first_line + at, _at(context, first_line + at), None, None,
                                       [first_line + k + j for j in range(len(rows))]))
            k += beside_pdf[1]
            continue
        aligned = _aligned_matrix(lines, k)
        if aligned is not None:  # a matrix copied from a PDF: rows of numbers, "W_out =" before the middle one
            name, rows, heads, used, row_words = aligned
            out.found.append(Named(name, rows, n, _at(context, n), row_words, None, [n + j for j in range(used)],
                                   heads))
            k += used
            continue
        bare = _PLAIN_ROW.match(s)
        if bare and bare.group(1) and not (k + 1 < len(lines) and _PLAIN_ROW.match(V.clean(lines[k + 1]))):
            out.found.append(Named(_name(bare.group(1)), bare.group(2).split(), n, _at(context, n)))
            k += 1  # "b1 = 0.1  -0.2  0.2": a vector written out bare, its numbers spaced apart
            continue
        blocks = _headed_blocks(lines, k)
        if blocks is not None:  # ① scores  ② masked: matrices side by side under their columns' words
            for caption, heads, row_names, cells in blocks:
                said = _CAPTION.fullmatch(without_remark(_CIRCLED.sub("", caption), most=30))
                out.found.append(Named(_name(said.group(1)) if said else "", cells, n + 1, _at(context, n + 1),  # type: ignore[arg-type]
                                       row_names, None, [n + 1 + j for j in range(len(cells))], heads))
            k += 1 + len(blocks[0][3])
            continue
        headed = _headed_vectors(lines, k)
        if headed is not None:  # "      a     b", then "a  [2.0  1.0]", "b  [1.0  3.0]": a matrix under its columns' words
            heads, row_names, below = headed
            caption = V.clean(lines[k - 1]).strip() if k > 0 else ""  # its name on the line above ("scores", "スコア")
            said = _NAME_ALONE.match(caption) or _LABEL_ALONE.match(caption) or _CAPTION.fullmatch(caption)
            out.found.append(Named(_name(said.group(1)) if said else "", below, n + 1, _at(context, n + 1),  # type: ignore[arg-type]
                                   row_names, None, [n + 1 + j for j in range(len(below))], heads))
            k += 1 + len(below)
            continue
        alone = _NAME_ALONE.match(s)
        echo = _echo(lines, k) if alone else None
        if echo is not None and alone is not None:  # MATLAB's and Octave's "A =", a blank line, the rows (in blocks
            rows, at_row, used = echo  # of Columns 1 through 3)
            name = _echo_name(_name(alone.group(1)), lines, k, prompted)
            arr = rows[0] if len(rows) == 1 else [r[0] for r in rows] if len(rows[0]) == 1 else rows
            out.found.append(Named(name, arr, n + at_row, _at(context, n + at_row), None, None,
                                   [n + at_row + j for j in range(len(rows))] if len(rows) > 1 else None))
            k += used
            continue
        if not alone and s.strip() != "Size":  # "Q" alone above its printed array names it too (a shape printed,
            alone = _LABEL_ALONE.match(s)  # torch.Size([1, 3, 6]), names nothing)
        chained = _NAMES_ABOVE.match(s) if not alone else None
        names = [_name(alone.group(1))] if alone else _given_names(_IDENT.findall(chained.group(1))) if chained else []
        if not names and (said_above := _LABEL_ABOVE.match(s)):  # print("Attention Weights (softmax):") over it
            names = [said_above.group(1).strip()]
        if names and len(names) == 1 and (rows_under := _bracket_rows(lines, k + 1)) is not None:
            k = _add_bracket_rows(names[0], rows_under, lines, k + 1, first_line, context, out)
            continue
        if s in ("≈", "=", "≒") and (rows_under := _bracket_rows(lines, k + 1)) is not None and \
                (above := next((m for j in range(k - 1, max(-1, k - 12), -1)
                                if (m := _NAME_ALONE.match(V.clean(lines[j]).strip()))), None)) is not None:
            k = _add_bracket_rows(_name(above.group(1)), rows_under, lines, k + 1, first_line, context, out)
            continue  # S = / [ 1/√2  0 ] / … / ≈ / [ 0.707  0 ]: the decimals the exact rows come to
        if names and k + 1 < len(lines) and _starts_array(nxt := _comment(V.clean(lines[k + 1]).strip())[0]):
            got = _array_at(lines, k + 1, nxt, None, slices=True)  # print("Q =\n", Q): the name, the array below
            if got is not None and not isinstance(got[0], tuple):  # "W_Q = W_K = W_V = identity" over it: each
                if _operand(lines, k + 1 + got[2]):  # Q = [X] · [W_Q] = […]: X is no Q, the result after = is
                    names = [""]
                for name in names:
                    out.found += _arrays(name, got, n + 1, _at(context, n + 1), None)
                k += 1 + got[2]
                continue
        if alone and k + 1 < len(lines):  # Q = / dogs [0.9, 0.2] / chase [0.3, 1.0]: a vector per labelled row
            rows_below = _labelled_vectors(lines, k + 1)
            if rows_below is not None:
                row_names, below = rows_below
                out.found.append(Named(_name(alone.group(1)), below, n + 1, _at(context, n + 1), row_names, None,  # type: ignore[arg-type]
                                       [n + 1 + j for j in range(len(below))]))
                k += 1 + len(below)
                continue
        if (cp := _COPY.match(s)) is not None:  # layer.weight.copy_(torch.tensor([[…]])): PyTorch's in-place form
            s = f"{cp.group(1)} = {cp.group(2)}"
        said = (_LABELLED_DICT.match(s) or _SAID_DICT.match(s)) if "{" in s else None
        if said:  # print('Q', show(Q)) gives "Q {'the': [0.21, 0.32], …}"; "the scaled {'the': 0.0752, …}"
            got = _array_at(lines, k, said.group(3), comment)
            if got is not None and isinstance(got[0], tuple):
                one_row = said.group(2) and got[0][1] and not isinstance(got[0][1][0], list)
                if one_row or not said.group(2):
                    name = f"{said.group(2)}[{said.group(1)}]" if one_row else said.group(1)
                    out.found.append(_dict_table(name, got[0], n, _at(context, n)))
                    k += got[2]
                    continue
        if s.startswith("{"):  # a printed dict: {'cat': 0.243, 'dog': 0.101}
            got = _array_at(lines, k, s, comment)
            if got is not None and isinstance(got[0], tuple):
                out.found.append(_dict_table("", got[0], n, _at(context, n)))
                k += got[2]
                continue
        rows_said = _LABELLED_ROWS.match(s) if s.count("[") >= 2 else None
        if rows_said:  # "Keys: [1, 0] and [0, 1]": the rows of one matrix, named by the label (its aside left off)
            listed = [V.array(v) or [] for v in re.findall(r"\[[^\[\]]*\]", rows_said.group(2))]
            if all(v and not isinstance(v[0], list) and len(v) == len(listed[0]) for v in listed):
                out.found.append(Named(_name(rows_said.group(1)), listed, n, _at(context, n)))
                k += 1
                continue
        one_said = _LABELLED_VECTOR.match(s) if " " in s.split(":")[0].split("：")[0].strip() else None
        if one_said:  # "Before softmax: [2.4, 1.2, 0.3]", "3. Softmax: [0.3, 0.5, 0.2]  (sum = 1.0)": a vector
            out.found.append(Named(_name(one_said.group(1)), V.array(one_said.group(2)) or [], n, _at(context, n)))
            k += 1  # named by the words of its label (one word is an assignment's name, read below)
            continue
        called = _SOFTMAX_OF.search(s)
        if called and (gives := V.array(called.group(1))) and not isinstance(gives[0], list):
            out.found.append(Named("softmax", gives, n, _at(context, n)))  # softmax([1, 0]) ≈ [0.73, 0.27]: its value
            k += 1
            continue
        said_as = _NAME_AND_TOKEN.match(s)
        if said_as:  # h1 (“the”) = [0.6, -0.1, 0.3]: a vector's name, and the token it belongs to
            got = _array_at(lines, k, said_as.group(3), comment) if _starts_array(said_as.group(3)) else None
            if got is not None and not isinstance(got[0], tuple) and len(V.shape(got[0])) == 1:
                out.found.append(Named(_name(said_as.group(1)), got[0], n, _at(context, n), None, said_as.group(2)))
                k += got[2]
                continue
        if (setting := _INT_SETTING.match(s)) is not None:  # d_model = 4: a size the code uses below
            sizes[setting.group(1)] = int(setting.group(2))
        m = _ASSIGN.match(s) or _APPROX_ARRAY.match(s) or (_SPACED_PRINT.match(s) if out.in_code(n) else None)
        eye = _EYE.match(m.group(2).strip()) if m and ("eye" in s or "identity" in s) else None
        if eye and m and m.group(2).strip()[eye.end():].strip() not in ("", ")"):  # …copy_(torch.eye(4)): its )
            eye = None
        if m and eye and (order := _size(eye.group(2) or eye.group(3), sizes)) is not None:
            factor = _scalar(eye.group(1) or eye.group(4) or "1")  # torch.eye(d_model) * 2: the identity, scaled
            ident = V.scaled([["1" if i == j else "0" for j in range(order)] for i in range(order)], factor or 0)
            if ident is not None and factor:
                out.found.append(Named(_name(m.group(1)), ident, n, _at(context, n)))
                k += 1
                continue
        ranged = _arange(m.group(2)) if m and "arange" in s else None
        if m and ranged is not None:  # data = torch.arange(0, 10).reshape(5, 2).float(): the code's own input
            out.found.append(Named(_name(m.group(1)), ranged, n, _at(context, n), literal=True))
            k += 1
            continue
        # a named array, possibly over several lines
        value = _last_array(m.group(2)) if m else ""
        if m and (_starts_array(value) or value.lstrip().startswith("{")):
            got = _array_at(lines, k, value, comment, slices=True)
            under = _comment(V.clean(lines[k + 1]).strip()) if k + 1 < len(lines) else ("", None)
            if got is None and value.rstrip().endswith("(") and under[0].startswith("["):
                # W = np.array(\n    [\n        [0.2, …],: black's layout of a long array literal, its [ a line
                # below; inputs = torch.tensor(\n  [[0.43, 0.15, 0.89], # Your: its rows and their words below
                got = _array_at(lines, k + 1, value + under[0], under[1], slices=True)
                if got is not None:
                    arr, rows, used, offsets = got
                    got = (arr, rows, used + 1, [j + 1 for j in offsets] if offsets else offsets)
            if got is not None:
                arr, rows, used, offsets = got
                name = _name(m.group(1))
                if isinstance(arr, tuple):  # a dict keyed by token
                    out.found.append(_dict_table(name, arr, n, _at(context, n)))
                else:
                    also = _chained_names(m.group(2))  # a = b = [[…]]: each name the same array
                    if sorted(role(x) or "" for x in [name, *also]) == ["K", "Q", "V"]:
                        also, name = [], " = ".join([name, *also])  # Q = K = V = [[…]]: the inputs themselves
                    for alias in [name, *also]:
                        made = _arrays(alias, got, n, _at(context, n), comment)
                        for x in made if V.wrapped(value) else ():  # a = np.array([1, 2, 3]): the code's own input
                            x.literal = True
                        out.found += made
                _after_matrix(lines, k, used, n, context, out)
                k += used
                continue
        lm = _LABEL.match(s)
        if lm and not any(ch.isdigit() for ch in s):
            label = (_label(lm.group(1)), _label(lm.group(2)))
            k += 1
            continue
        work, used = _work(lines, k, s) if not _COLUMNS_OF_WORK.search(s) else (None, 1)
        if work is None and m and re.match(r"[^=]*?[:：]", s[:m.start(2)]):  # "平均: (2.0 + 0.5)/2 = 1.25"
            work, used = _work(lines, k, m.group(2))
        left, then, after = s.partition(" → ")
        tup = (_LABELLED_TUPLE.match(s) or _LABELLED_LIST.match(s) or (then and _LABELLED_TUPLE.match(left))) \
            if work is None else None
        if tup:  # "正規化: (1.091, -0.218, -1.527, 0.654)", "제곱: (0.1225, …) → 합 3.07"
            out.found.append(Named(_name(tup.group(1)), [V.number(x) for x in tup.group(2).split(",")], n,
                                   _at(context, n)))
            named_after = _WORD_NUMBER.fullmatch(after.strip()) if then else None
            if named_after:  # → 합 3.07: the next quantity, named
                out.found.append(Named(_name(named_after.group(1)), [V.number(named_after.group(2))], n,
                                       _at(context, n)))
            k += 1
            continue
        said = _QUOTED_ROW.match(s) if work is None else None
        if said:  # **Output for "barked": (0.31188, 0.44051, 0.23271)**: the row of the quoted token
            out.found.append(Named("", [V.number(x) for x in said.group(2).split(",")], n, _at(context, n), None,
                                   said.group(1).strip() or said.group(1)))  # " how": a token and its space
            k += 1
            continue
        if work is None and _RULES.match(s) and k + 1 < len(lines):  # ------   ------: a vertical sum per column
            nums = V.clean(lines[k + 1]).split()
            if len(nums) == len(s.split()) and all(V.number(x) for x in nums):
                out.found.append(Named("", [V.number(x) for x in nums], n + 1, _at(context, n + 1), None, label[0]
                                       if label else None))
                k += 2
                continue
        if work is None and _RULE.match(s) and k + 1 < len(lines) and \
                (summed := _vector_sum(lines, k)) is not None:  # [1.8, -0.3] / + [1.36, 0.91] / ---- / = [3.16, 0.61]
            out.found += [Work(w, label, n + 1, _at(context, n + 1)) for w in summed]  # a line of working per cell
            k += 2
            continue
        if work is None and _RULE.match(s) and k + 1 < len(lines):  # a vertical sum: the lines above, a rule, a total
            total = _TOTAL.match(V.clean(lines[k + 1]).strip())
            terms = _terms_above(lines, k)
            if total and len(terms) >= 2:
                line = " + ".join(terms) + " = " + total.group(1)
                out.found.append(Work(line, label, n + 1, _at(context, n + 1)))
                k += 2
                continue
        name = ""
        if work is None and not m and (_lhs(s) or _NAME_ROW.match(s) and k + 1 < len(lines) and
                                       _next_row(lines[k + 1])[:1] == "="):
            # "q3 · k1 = (1.0)(0.6) + …" with "= 1.72," below it; a name alone on an align row, "&= …" below it
            joined, more = _continued(lines, k, s)
            got = labelled(joined) if more > 1 else None
            if got is not None:
                (name, work), used = got, more
            elif more > 1 and _named_chain(joined):  # ∂L/∂w_5 ⏎ &= −2(y − ŷ)·a_1 ⏎ &= −0.4801: read as one line
                lines[k:k + more] = [joined] + [""] * (more - 1)
                out.prose.pop()
                continue
        if work is None and m and not _two_results(s):  # "g = … = 0.0026  →  w⁺ = … = 0.2987": the pieces below
            joined, spans = _continued(lines, k, s)
            used = spans
            got = labelled(joined)
            if got is not None:
                name, work = got
                sub = re.search(r"\[([^\[\],]{1,30})\]|_\{?\\?(?:text\{)?([^{}_\s]{1,30}?)\}?\}?$", got[0])
                token = (sub.group(1) or sub.group(2)) if sub else None
                label = (token, "") if token else label
            else:
                used = 1
                tok = _TOKEN_RESULT.match(s)
                if tok:  # z["the"] = h @ W_out[:, 0] = 0.0854: the named result for one token, its working in names
                    out.found.append(Table([[V.number(tok.group(3)) or ""]], [tok.group(2)], None, n, _at(context, n),
                                           tok.group(1), [n]))
                    k += 1
                    continue
                if _named_result(m.group(1), m.group(2).strip().rstrip(".。")):  # "sum = 4.4872", "y = 0.7109"
                    out.found.append(Named(_name(m.group(1)), [V.number(m.group(2).strip().rstrip(".。"))], n,
                                           _at(context, n)))
                    k += 1
                    continue
                row_vec = _vector_result(joined)
                if row_vec is not None:  # z3 = 0.4671 v1 + 0.2037 v2 + 0.3292 v3 = (0.4267, …): the named row
                    out.found.append(Named(_name(m.group(1)), row_vec, n, _at(context, n)))
                    out.loose += [(x, n) for x in loose_numbers(joined, row_vec)]  # its weights, stated again
                    k += spans
                    continue
        if work is not None:
            im = _INLINE_LABEL.match(work)
            if im:
                label, work = (_label(im.group(1)), _label(im.group(2))), im.group(3)
            last = n + used - 1 if in_align else n  # an align's rows: placed where the result is written
            out.found += _works(work, label, last, _at(context, last), name)
            if used > 1:  # the text keeps the rows joined: the formula in symbols beside the numbers worked in it
                out.prose[-1] = " ".join([_unbroken(out.prose[-1], aligned=True)] +
                                         [_next_row(lines[k + j]) for j in range(1, used)])
            k += used
            continue
        taken = []
        for said in _GRADIENT_OF.finditer(s):  # "the gradient for w2: 0.069": ∂L/∂w2, as the sentence names it
            taken.append(said.group(2))
            out.found.append(Table([[V.number(said.group(2)) or ""]], None, None, n, _at(context, n),
                                   f"∂L/∂{said.group(1)}", [n]))
        for said in _IS_RESULT.finditer(s):  # "the variance is 0.625", "whose sum is 5.0589", "平均は 0.45"
            if step_hint(said.group(1)) is not None and re.search(r"\.\d", said.group(2)):  # "方差为 1", "a variance of 1.": a fact
                taken.append(said.group(2))
                out.found.append(Table([[V.number(said.group(2)) or ""]], None, None, n, _at(context, n),
                                       said.group(1), [n]))
        if "→" in s and (upd := _UPDATE_ARROW.fullmatch(s)):  # "w_2 → 0.8624": the weight after the step
            s = f"{upd.group(1)} ← {upd.group(2)}"
        pieces = _fragments(s) if any(r in s for r in "=≈≒←") and any(ch.isdigit() for ch in s) else []
        row = _ROW_LABEL.match(s)
        subject = row or _FOR_ROW.match(s)  # "For *salt* the mean is 1.0 and … σ^2 = 8.5/3 = 2.8333": its row
        for piece in pieces:  # "For cat: 0.20 × 0.21 + 0.37 × 0.13 = 0.0901, and 0.0901 / 1.4142 = 0.0637."
            if isinstance(piece, Labelled):  # "σ^2 = 0.527 / 3 = 0.1757": working, and what it computes
                out.found += _works(piece.text, label or ((subject.group(1), "") if subject else None), n,
                                    _at(context, n), piece.name)
            elif isinstance(piece, tuple):  # "- 我：μ = 0.47，σ = 0.2426": one number, named, of the row's token
                if piece[1] in _keyword_arguments(s):
                    continue  # MaskedSelfAttention(d_model=2, …): a setting passed to a call, no result
                out.found.append(Table([[piece[1]]], [row.group(1)] if row else None, None, n, _at(context, n),
                                       piece[0], [n]))
            else:
                out.found += _works(piece, label, n, _at(context, n))
        r_print = _R_VECTOR_PRINT.fullmatch(s)
        if r_print and not any(0 <= j < len(lines) and _INDEX_CELL.match(V.clean(lines[j]).strip()) for j in (k - 1, k + 1)):
            out.found.append(Named("", s.split()[1:], n, _at(context, n)))  # R's print of a vector: [1] 0.0120191
            k += 1
            continue
        table, used = _table(lines, k, first_line, context)
        if table is not None:
            table = vector_column(table)
            out.found += _by_heads(table, _heads_above(lines, k)) or _by_stems(table)
            label = None
            k += used
            continue
        if s[:1] == "(" and _tuple_of_arrays(s):  # (array([[1, 2], …]),\n array(…)): a tuple of arrays printed,
            s = s[1:]  # each read in turn (a cell ending in Q, K, V shows its three arrays so)
            each = _arrays_on_line(s)
            if each:  # (array([1, 2]), array([3, 4])) on one line
                out.found += [Named("", arr, n, _at(context, n)) for arr in each]
                k += 1
                continue
        if V.wrapped(s) and len(two := _arrays_on_line(s)) >= 2:  # print(inputs, target): "tensor([-1.77, …],
            out.found += [Named("", arr, n, _at(context, n)) for arr in two]  # requires_grad=True) tensor([0., 1.])"
            k += 1
            continue
        if _starts_array(s):  # an array printed without a name: tensor([[…]]), array([…]), [[…]]
            got = _array_at(lines, k, s, comment, slices=True)
            if got is not None and not isinstance(got[0], tuple):
                out.found += _arrays("", got, n, _at(context, n), comment)
                k += got[2]
                continue
        named = _inline_named(s)
        inline = [] if named else [a for a in _inline_arrays(s) if len(a) >= 2]
        if named:  # "Embeddings: $x_{sun} = (0.5, 0.2)$, $x_{moon} = (0.1, 0.9)$."
            out.found += [Named(name, arr, n, _at(context, n), label=comment if len(named) == 1 else None)
                          for name, arr in named]  # x_{1} = (…) % io: one vector, its word in the remark
        elif len(inline) == 1:  # "The context vector of sat is [0.3809, 0.4077]."
            out.found.append(Named("", inline[0], n, _at(context, n)))
        elif inline and "=" not in s:  # "scores [0.707, 0.707, 1.414] give weights [0.248, 0.248, 0.503]": each array
            out.found += [Named("", arr, n, _at(context, n)) for arr in inline if all(  # of a sentence that states
                len(x.partition(".")[2]) >= 2 for x in _flat(arr))]  # its places (not "[1.0, 0.5] became …")
        taken += [x for piece in pieces for x in _piece_numbers(piece)] + \
            [x for _, arr in named for x in _flat(arr)] + (_flat(inline) if "=" not in s else _flat(inline[:1]))
        if (root := _said_root(s)) is not None and root not in taken:  # "divided by √2 ≈ 1.4142": the divisor
            out.found.append(Table([[root]], None, None, n, _at(context, n), "√dk", [n]))
            taken.append(root)
        out.loose += [(x, n) for x in loose_numbers(s, taken)]
        tm = _TOKEN_LIST.search(s)
        if tm:
            toks = [t.strip().strip("'\"“”‘’`") for t in re.split(r"[,、，]", tm.group(1))]
            if len(toks) >= 2 and all(t and len(t) <= 30 and V.number(t) is None and not _CODE_INDEX.fullmatch(t)
                                      for t in toks):
                out.found.append(Tokens(toks, n))
        elif (vocab := _vocab_list(s)) is not None:  # "Vocabulary: the, cat, sat, ." (quotes already cleaned)
            out.found.append(Tokens(vocab, n))
        nxt = V.clean(lines[k + 1]).strip() if k + 1 < len(lines) else ""
        if not any(ch.isdigit() for ch in s) and _row(nxt) is None:  # (a table's header is not a heading)
            _context(context, s)
            label = None if not s.endswith((":", "：")) else label
        k += 1


_SHAPE_PRINT = re.compile(r"(?:torch\.)?Size\(\s*\[[\d,\s]*\]\s*\)|TensorShape\(\s*\[[\w,\s]*\]\s*\)")
# a whole number in groups of three (262,144), in a line of working: no list (1,2 and 0.25,0.5 are none)
_THOUSANDS = re.compile(r"(?<![\w.,])[1-9]\d{0,2}(?:,\d{3})+(?![\w.,])")
# (possessive: a line of spaces after \end{…} is one pass, not cubic)
_TAIL_SCALAR = re.compile(r"\\end\{[a-zA-Z]*\}(?:\s*+[,;])?(?:\\q?quad|\\,|\\;|~|\s)++([A-Za-z][\w^{}()]{0,12}?)\s*=\s*("
                          + V.NUMBER.pattern + r")\s*+[,.;]?\s*$")
_TOKEN_LEAD = re.compile(r"^\s*(?:[-*+]\s+)?[\"“'‘「]([^\"”'’」]{1,30})[\"”'’」]\s*[:：]")  # "dog": before its vectors
# print("Values", values) shows "Values [[-0.42 -0.39 …": a label, a space, then the array NumPy prints (its rows
# without commas), in a program's output
_SPACED_PRINT = re.compile(r"^([A-Za-z_]\w{0,30}(?: [A-Za-z_]\w{0,15})?)\s+(\[\[?\s*[-+]?(?:\d|\.\d)[^,]*)$")
_APPROX_ARRAY = re.compile(r"^\s*([^\s=:：→≈≒]{1,40}?)\s*[≈≒]\s*(\[\s*\[.*)$")  # A ≈ [[0.40, 0.20, 0.40], …: the decimals
_R_ASSIGN = re.compile(r"(^|;\s*)([A-Za-z][\w.]{0,30})\s*<-\s*(?=[-\d.(]|c\s*\(|matrix\s*\()")
# softmax of a vector written out, then what it gives (≈, →): the weights of those scores
_SOFTMAX_OF = re.compile(r"(?<![\w\\])softmax\s*\(\s*\[[^\[\]()]*\]\s*\)\s*(?:=|≈|≒|→|->|⇒)\s*(\[[^\[\]]*\])\s*[.,;]?\s*$",
                         re.IGNORECASE)
_NAME_AND_TOKEN = re.compile(r"^\s*(?:[-*+]\s+)?\$?([^\W\d][\w^'{}]{0,20})\$?\s*[(（]\s*[\"“”'‘’「]?"
                             r"([^()（）\"“”'‘’「」$]{1,30}?)[\"“”'‘’」]?\s*[)）]\s*\$?\s*(?:=|:)\s*(.+?)\$?\s*$")
# a letter of a script written without spaces (kana, han, hangul): a particle may follow a number at once (0.515다)
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_LOOSE = re.compile(r"(?<![^\W" + CJK + r"]|[.^/])([-−]?\d+\.\d+|\d{1,3}(?=\s?%))(?![^\W" + CJK + r"]|\.\d)(\s?%)?")
# 0.3135, 52.9 %, 39%, 平均は0.45です; not 3.11.4, e^0.5, x0.5


def _after_matrix(lines: list[str], k: int, used: int, n: int, context: list[str], out: Items) -> None:
    """``\\end{bmatrix},\\quad b_1 = [0.1, -0.2]``: the vectors named after a matrix on its last line; and the
    sentence after its display on that line (``\\end{bmatrix}.$$ So "sat" looks at "cat" most (0.398).``, as a
    page whose Markdown keeps a paragraph's display inline has it), its numbers as the prose's."""
    last = _unwrap_math(V.tex_plain(V.clean(lines[k + used - 1]).strip())) if used > 1 else ""
    if "\\end{" in last:
        tail = last[last.rindex("\\end{"):]
        named = _inline_named(tail)
        out.found += [Named(nm, vec, n + used - 1, _at(context, n + used - 1)) for nm, vec in named]
        close = _DISPLAY_END.search(tail)
        if close and not named:
            out.loose += [(x, n + used - 1) for x in loose_numbers(tail[close.end():], [])]


_DISPLAY_END = re.compile(r"\$\$|\\\]")


def loose_numbers(s: str, taken: list[str]) -> list[str]:
    """The decimals of a line of prose that no item took (``taken``: the items' number texts, each taking one),
    a percentage as ``52.9%``; versions, powers and the ends of fractions are not numbers of their own."""
    left = [V.number(t) or t for t in taken]
    out = []
    for m in _LOOSE.finditer(s):
        text = m.group(1).replace("−", "-")
        if text in left:
            left.remove(text)
            continue
        out.append(text + "%" if m.group(2) else text)
    return out


def _piece_numbers(piece) -> list[str]:
    text = piece.text if isinstance(piece, Labelled) else piece[1] if isinstance(piece, tuple) else piece
    return [m.group(0) for m in V.NUMBER.finditer(text or "")]


def _flat(arr) -> list[str]:
    """The number texts of an array, at any depth."""
    return [arr] if isinstance(arr, str) else [x for r in arr or () for x in _flat(r)]


_COMMENT = re.compile(r"(?:(?<=\s)#|//|(?<!\\)(%))\s*(.*)$")
_QUOTED = re.compile(r"[\"'“「『]([^\"'”」』]{1,30})[\"'”」』]")


_BRACKETS = "⎡⎢⎣⎤⎥⎦⎛⎜⎝⎞⎟⎠|[]()"
_PLAIN_ROW = re.compile(r"^\s*(?:([^\W\d][\w^'./√]{0,20}(?:\([A-Za-z]\))?)\s*=\s*)?[" + re.escape(_BRACKETS) + r"]?\s*((?:" +
                        V.NUMBER.pattern + r"\s+){1,31}" + V.NUMBER.pattern + r")\s*[" + re.escape(_BRACKETS) +
                        r"]?\s*$")


_ALIGNED_NAME = re.compile(r"([^\W\d][\w^'{}]{0,15})\s*=\s*(?=[-−]?\d)")
# numbers apart, a name (``W_Q =``) before any of them; written so that no line has two parses (a nested repeat
# split ``123`` into ``1 23`` and took minutes on a long line that did not match)
_ALIGNED_LINE = re.compile(r"^\s*(?:[^\W\d][\w^'{}]{0,15}\s*=\s*)?[-−]?\d[\d.]*"
                           r"(?:\s+(?:[^\W\d][\w^'{}]{0,15}\s*=\s*)?[-−]?\d[\d.]*)*\s*$")


_PRINTED_VALUE = re.compile(r"([^\W\d]\w{0,15})\s*=\s*(\[[^\[\]=]*\]|" + V.NUMBER.pattern + r")")
_PRINTED_LEAD = re.compile(r"^\s*(?:[^=:：\[\]]{1,30}[:：]\s*)?")


_LOG_STEP = re.compile(r"(?:epoch|step|iter(?:ation)?|época|epoche|époque|эпоха|エポック|에폭)\s*[#:=]?\s*(\d{1,7})"
                       r"(?:\s*/\s*\d{1,7})?\s*[|:,;-]?\s*", re.IGNORECASE)
_LOG_FIELD = re.compile(r"([^\W\d][\w.^']{0,20})\s*[:=]?\s*(" + V.NUMBER.pattern + r")(?![\w.])")


def _log_row(s: str) -> tuple[int, list[tuple[str, str]]] | None:
    """A training log's line as a program prints it each step (``epoch 1 | loss 4.4100 | w 1.4067``, ``Epoch 2/6 -
    loss: 0.0599``, ``step 3, loss=0.41, w=1.32``): the step's number and each name with its number; else None."""
    m = _LOG_STEP.match(s)
    if m is None:
        return None
    rest, fields = s[m.end():], []
    k = 0
    for f in _LOG_FIELD.finditer(rest):
        if rest[k:f.start()].strip(" |,;-\t"):
            return None  # words between the fields: a sentence about an epoch, not a log
        fields.append((f.group(1), f.group(2)))
        k = f.end()
    if rest[k:].strip(" |,;.\t") or len(fields) < (1 if "/" in m.group(0) else 2):
        return None  # one name after "Step 2:" is a line of working; Keras' "Epoch 2/6 - loss: …" a log
    return int(m.group(1)), fields


def _printed_line(s: str) -> tuple[list[str], list] | None:
    """``row 1: e=[2.1325, 1.9159], total=4.0484, p=[0.5268, 0.4732]``, as an f-string prints each row of a loop: an
    optional label, then two or more ``name=value`` (a number or a [list]) apart by commas or spaces."""
    got = _printed_labelled(s)
    return None if got is None else got[1:]


def _printed_labelled(s: str) -> tuple[str, list[str], list] | None:
    """``_printed_line`` with the line's label as written (``row 1``, ``"Hello"``; "" for none) in front."""
    lead = _PRINTED_LEAD.match(s)
    k = label_end = lead.end() if lead else 0
    names: list[str] = []
    vals: list = []
    while k < len(s):
        m = _PRINTED_VALUE.match(s, k)
        if m is None:
            return None
        v = V.number(m.group(2)) if not m.group(2).startswith("[") else V.array(m.group(2))
        if v is None or (isinstance(v, list) and (not v or isinstance(v[0], list))):
            return None
        names.append(m.group(1))
        vals.append(v)
        k = m.end()
        sep = re.match(r"\s*[,;]?\s*", s[k:])
        k += sep.end() if sep else 0
    if len(names) < 2 or len(set(names)) != len(names):
        return None
    return s[:label_end].strip(), names, vals


_QUOTED_LEAD = re.compile(r"[\"'“]([^\"'”]{1,30})[\"'”]\s*[:：]")


def _printed_rows(lines: list[str], k: int) -> tuple[list[str], list[list], list[str] | None] | None:
    """Two or more lines printed by one f-string in a loop (the same names, values of the same shapes): the names,
    a line each the values, and the rows' tokens when every line is labelled by one in quotes (``"Hello": mean=0.25,
    std=0.364``, a summary per token); None for anything else."""
    first = _printed_labelled(_comment(V.clean(lines[k]).strip())[0])
    if first is None:
        return None
    shape = [len(v) if isinstance(v, list) else 0 for v in first[2]]
    rows = [first[2]]
    leads = [first[0]]
    while k + len(rows) < len(lines) and len(rows) < 256:
        got = _printed_labelled(_comment(V.clean(lines[k + len(rows)]).strip())[0])
        if got is None or got[1] != first[1] or [len(v) if isinstance(v, list) else 0 for v in got[2]] != shape:
            break
        rows.append(got[2])
        leads.append(got[0])
    if len(rows) < 2:
        return None
    quoted = [m.group(1).strip() or m.group(1) if (m := _QUOTED_LEAD.fullmatch(lead)) else None for lead in leads]
    tokens = [t for t in quoted if t]
    return first[1], rows, tokens if len(tokens) == len(rows) and len(set(tokens)) == len(tokens) else None


_CIRCLED = re.compile(r"^\s*(?:[\u2460-\u2473\u2776-\u277f]|\d{1,2}[.)]?(?=\s))\s*")  # ① (1 once clean), 2.: a
# figure's numbering before its caption
_CAPTION = re.compile(r"([^\d=:：.。,、;!?！？]{1,30})")  # a few words alone on a line, over what they name


def _headed_vectors(lines: list[str], k: int) -> tuple[list[str], list[str], list[list[str]]] | None:
    """Line k the words over the columns, then rows ``label [n n …]`` as wide as there are words: (the words, the
    labels, the vectors); None for anything else."""
    if k + 2 >= len(lines) or re.search(r"[=:：{}()\[\]]", lines[k]) or (heads := _heads_above(lines, k + 1)) is None:
        return None
    got = _labelled_vectors(lines, k + 1)
    return (heads, *got) if got is not None and len(got[1][0]) == len(heads) else None


_BRACKETED_ROW = re.compile(r"([^\s\[\]→←|]{1,16})\s*\[([^\[\]]{1,400})\]")  # 今日は [ 2.0  1.0 … ]
_ROW_REMARK = re.compile(r"\s+(?:←|<-)\s.*$")  # "← 自分しか見えない": a remark after a row


def _applied(s: str) -> tuple[str, V.Array, V.Array] | None:
    """``softmax([1, 2, −∞, 3]) = [0.09, 0.24, 0, 0.67]``: a function written on a vector of numbers and what it
    gives, of the same length (a −∞ cell masked: None); else None."""
    m = _APPLIED.search(s)
    if m is None:
        return None
    written = m.group(2).split(",")
    arg = [None if _MINUS_INFINITY.fullmatch(c.strip()) else V.number(c.strip()) for c in written]
    res = V.array(m.group(3))
    if len(arg) < 2 or any(a is None and not _MINUS_INFINITY.fullmatch(c.strip()) for a, c in zip(arg, written)) or \
            not isinstance(res, list) or len(res) != len(arg) or any(isinstance(x, list) for x in res):
        return None
    return m.group(1), arg, res  # type: ignore[return-value]


_APPLIED = re.compile(r"(?<![\w.])((?i:softmax|sigmoid|relu|tanh|exp)|σ)\s*\(\s*\[([^\[\]()]{1,400})\]\s*\)\s*"
                      r"(?:=|≈|≒|→)\s*(\[[^\[\]]{1,400}\])")  # (σ as written: Σ is a sum)
_MINUS_INFINITY = re.compile(r"[-−–]\s*(?:∞|\\infty|inf|np\.inf|float\(['\"]-?inf['\"]\))", re.IGNORECASE)


def _headed_blocks(lines: list[str], k: int) -> list[tuple[str, list[str], list[str], list[list[str | None]]]] | None:
    """Line k the words over the columns of matrices printed side by side (the same words once per matrix, or a
    matrix's words then a check column's, 合計), then rows ``label [n n …]  →  label [n n …]`` (a masked cell −∞,
    a check after the last bracket, a remark after ←): (caption, words, row labels, rows) a matrix, the
    captions from the line above (① scores   ② masked, apart by wide spaces); None for anything else."""
    if k + 2 >= len(lines) or (heads := _heads_above(lines, k + 1)) is None:
        return None
    rows: list[list[list[str | None]]] = []
    labels: list[str] = []
    checks: list[list[str | None]] = []
    while k + 1 + len(rows) < len(lines) and len(rows) < 64:
        t = _ROW_REMARK.sub("", V.clean(lines[k + 1 + len(rows)]).rstrip())
        ms = list(_BRACKETED_ROW.finditer(t))
        if not ms or t[:ms[0].start()].strip() or len({m.group(1) for m in ms}) != 1:
            break
        between = [t[a.end():b.start()] for a, b in zip(ms, ms[1:])]
        tail = t[ms[-1].end():].split()
        if any(x.strip() not in ("", "→", "->", "⇒") for x in between) or \
                any(V.number(x) is None for x in tail):
            break
        blocks = []
        for m in ms:
            written = m.group(2).replace(",", " ").split()
            cells = [V.number(c) for c in written]  # (a masked −∞: None)
            if not cells or any(x is None and not V.blank(c) for x, c in zip(cells, written)):
                return None
            blocks.append(cells)
        if rows and ([len(b) for b in blocks], len(tail)) != ([len(b) for b in rows[0]], len(checks[0])):
            break
        labels.append(_label(ms[0].group(1)))
        rows.append(blocks)
        checks.append([V.number(x) or "" for x in tail])
    if len(rows) < 2 or len(set(labels)) != len(labels):
        return None
    widths = [len(b) for b in rows[0]]
    if len(widths) < 2 and not checks[0]:
        return None  # one matrix alone, no check column: _headed_vectors reads it
    once = len(set(widths)) == 1 and len(heads) == widths[0] + len(checks[0])  # the words over the first only
    if len(heads) != sum(widths) + len(checks[0]) and not once:
        return None  # (two words over matrices of three columns: no heads of these)
    captions = [c.strip() for c in re.split(r"\s{3,}", V.clean(lines[k - 1]).strip())] if k > 0 else []
    if len(captions) != len(widths):
        captions = [captions[0] if len(captions) == 1 else ""] + [""] * (len(widths) - 1)
    out = []
    at = 0
    for j, w in enumerate(widths):
        out.append((captions[j], heads[:w] if once else heads[at:at + w], labels, [r[j] for r in rows]))
        at += w
    if checks[0]:  # 合計: a column of checks after the last matrix (a row sum), under its own word
        word = heads[-1] if len(heads) == sum(widths) + 1 else ""
        out.append((word, [word], labels, checks))
    return out


def _labelled_vectors(lines: list[str], k: int) -> tuple[list[str], list[list[str]]] | None:
    """Rows ``label [n, n, …]`` from line k on, all of one width: (labels, vectors); None for fewer than two."""
    labels: list[str] = []
    vecs: list[list[str]] = []
    while k + len(vecs) < len(lines) and len(vecs) < 64:
        r = _row(V.clean(lines[k + len(vecs)]).strip())
        if r is None or r[0] is None or len(r[1]) != 1 or not isinstance(r[1][0], list):
            break
        if vecs and len(r[1][0]) != len(vecs[0]):
            break
        labels.append(_label(r[0]))
        vecs.append(list(r[1][0]))
    return (labels, vecs) if len(vecs) >= 2 and len(set(labels)) == len(labels) else None


_LIST_START = re.compile(r"([A-Za-z_]\w{0,20})\s*=\s*\[\[")


def _lists_side_by_side(lines: list[str], k: int) -> tuple[list[tuple[str, list]], int] | None:
    """Nested lists written side by side, a row of each per line (``Q = [[1,0,1,0],     K = [[1,1,0,0],`` then
    ``     [0,1,0,1],          [0,0,1,1],``): each matrix from its own columns, from its name's column to the next
    name's. ((name, rows) each, lines used), or None."""
    first = V.clean(lines[k])
    starts = list(_LIST_START.finditer(first))
    if len(starts) < 2:
        return None
    bounds = [m.start() for m in starts] + [10 ** 6]
    texts = ["" for _ in starts]
    used = 0
    while k + used < len(lines) and used < MAX_ROWS_BRACKETED:
        line = V.clean(lines[k + used])
        for i in range(len(starts)):
            texts[i] += " " + line[bounds[i]:bounds[i + 1]]
        used += 1
        if all(t.count("[") and t.count("[") == t.count("]") for t in texts):
            break
    out = []
    for m, t in zip(starts, texts):
        a = V.array(t.split("=", 1)[1].strip().rstrip(","))
        if a is None or not a or not isinstance(a[0], list) or len({len(r) for r in a}) != 1:
            return None
        out.append((_name(m.group(1)), a))
    return out, used


def _aligned_side_by_side(lines: list[str], k: int) -> tuple[list[tuple[str, list, int]], int] | None:
    """Matrices printed side by side as a PDF lays them out: rows of numbers under each other, one row holding
    ``X =`` and ``W_Q =`` before their matrices' middle rows; each matrix's numbers are those between its name's
    column and the next name's. ((name, rows, the line of its name), lines used), or None."""
    block: list[str] = []
    j = k
    while j < len(lines) and len(block) < 12:
        t = _EQ_NUMBER.sub("", V.clean(lines[j])).rstrip()
        if not t.strip() or not _ALIGNED_LINE.match(t):
            break
        block.append(t)
        j += 1
    named = [(r, list(_ALIGNED_NAME.finditer(t))) for r, t in enumerate(block)]
    heads = [(r, ms) for r, ms in named if len(ms) >= 2]
    if len(block) < 2 or len(heads) != 1 or any(ms for r, ms in named if r != heads[0][0]):
        return None
    row_of_names, names = heads[0]
    bounds = [m.start() for m in names] + [10 ** 6]
    out: list[tuple[str, list, int]] = []
    for i, m in enumerate(names):
        rows = []
        for r, t in enumerate(block):
            cells = [x for x in re.finditer(r"[-−]?\d[\d.]*", t) if bounds[i] <= x.start() < bounds[i + 1] and
                     (r != row_of_names or x.start() >= m.end())]
            if cells:
                rows.append([V.number(x.group(0)) or x.group(0) for x in cells])
        if len(rows) < 2 or len({len(x) for x in rows}) != 1 or any(c is None for x in rows for c in x):
            return None
        out.append((_name(m.group(1)), rows, k + row_of_names))
    return out, len(block)


_ROW_WORD_BEFORE = re.compile(r"^(\s*(?:[^\W\d][\w^'.()]{0,20}\s*=\s*)?)([^\W\d][\w'’-]{0,20})\s+(?=[-−+.\d])")
_ROW_WORD_AFTER = re.compile(r"\s+\(([^\W\d][\w'’-]{0,20})\)\s*$")


def _row_word(line: str) -> tuple[str, str | None]:
    """A plain-text matrix row without the word naming it (``E =  flies  0.2 0.9``, ``0.69 0.75  (flies)``):
    the row, and the word."""
    if (m := _ROW_WORD_AFTER.search(line)) is not None:
        return line[:m.start()], m.group(1)
    if (m := _ROW_WORD_BEFORE.match(line)) is not None and role(m.group(2)) is None:
        return m.group(1) + line[m.end():], m.group(2)
    return line, None


def _aligned_matrix(lines: list[str], k: int) -> tuple[str, V.Array, list[str] | None, int, list[str] | None] | None:
    """A matrix laid out in plain text, rows of numbers under each other with its name before one of them
    (``W_out =   0.6  0.2 …`` in the middle, as a PDF prints it), and the words above its columns if a line of
    as many words stands right above; each row may be named by a word, before its numbers or after them in
    parentheses, when every row is: (name, rows, column words, lines used, row words); else None."""
    plain = _EQ_NUMBER.sub("", V.clean(lines[k]))
    first = _PLAIN_ROW.match(plain) or _PLAIN_ROW.match(_row_word(plain)[0])
    if first is None or (k > 0 and _NAME_ALONE.match(V.clean(lines[k - 1]))):
        return None  # "W1 =" alone above the rows names them: "b1 = 0.1 …" below is a vector of its own
    rows: list[list[str]] = []
    words: list[str | None] = []
    name, j = None, k
    width = 0
    while j < len(lines) and len(rows) < 64:
        line, word = _row_word(_EQ_NUMBER.sub("", V.clean(lines[j])))
        rest = line.split()
        if words and words[0] is not None and word is None and rest and len(rest) < width and \
                all(V.NUMBER.fullmatch(x) for x in rest):  # a labelled row the PDF broke: its last cells below it
            rows[-1] = rows[-1] + rest
            j += 1
            continue
        m = _PLAIN_ROW.match(line)
        if m is None or (words and (word is None) != (words[0] is None)):
            break
        cells = m.group(2).split()
        if rows and len(cells) != width:
            break
        width = len(cells)
        if m.group(1):
            if name is not None:
                break
            name = m.group(1)
        rows.append(cells)
        words.append(word)
        j += 1
    above = V.clean(lines[k - 1]).split() if k > 0 else []
    heads = above if len(above) == len(rows[0]) and all(V.number(w) is None for w in above) else None
    if name is None or (len(rows) < 2 and heads is None) or (first.group(1) and len(rows) > 1 and heads is None):
        return None  # named on the first of its rows: an assignment reads it; "p = 0.2 0.3" under words: a row
    row_words = [w for w in words if w is not None]
    if row_words and (len(rows) < 2 or len(set(row_words)) != len(rows) or len({len(r) for r in rows}) != 1):
        return None
    return name, rows if len(rows) > 1 else rows[0], heads, j - k, row_words or None


_R_VECTOR_PRINT = re.compile(r"\[1\](?:\s+" + V.NUMBER.pattern + r")+")  # a line alone, no [2] row beside it
_ECHO_COLUMNS = re.compile(r"^\s*Columns?\s+(\d+)(?:\s*(?:through|to|and|-|:)\s*(\d+))?\s*$", re.IGNORECASE)


def _echo(lines: list[str], k: int) -> tuple[list[list[str]], int, int] | None:
    """What MATLAB and Octave print for a result (``format short``/``loose``): ``A =`` alone, a blank line, rows
    of numbers without brackets, each of one width; a wide matrix in blocks, each under ``Columns 1 through 3``
    and set beside the one before. (rows, the first row's offset from k, lines used), or None."""
    j = k + 1
    if j >= len(lines) or lines[j].strip():
        return None
    rows: list[list[str]] = []
    first = None
    block: list[list[str]] = []
    while j < len(lines):
        t = V.clean(lines[j]).strip()
        if not t:
            if block and j + 1 < len(lines) and _ECHO_COLUMNS.match(V.clean(lines[j + 1])):
                j += 1
                continue
            if block and rows:
                break
            j += 1
            if block:
                rows, block = block, []
            continue
        cols = _ECHO_COLUMNS.match(t)
        if cols:
            if block:
                if rows and len(rows) != len(block):
                    return None
                rows = [a + b for a, b in zip(rows, block)] if rows else block
                block = []
            j += 1
            continue
        cells = t.split()
        if not all(V.number(c) for c in cells) or (block and len(cells) != len(block[0])) or len(block) >= 256:
            if block or rows:
                break
            return None
        if first is None:
            first = j - k
        block.append([V.number(c) for c in cells])  # type: ignore[misc]
        j += 1
    if block:
        if rows and len(rows) != len(block):
            return None
        rows = [a + b for a, b in zip(rows, block)] if rows else block
    if not rows or first is None:
        return None
    return rows, first, j - k


_COMMAND = re.compile(r"^\s*([^\W\d][\w.]{0,30})\s*=\s*(.+?)\s*;?\s*$")


def _echo_name(name: str, lines: list[str], k: int, prompted: set[int]) -> str:
    """An echoed result's name: ``ans`` is the command above it (``sum(E, 2)``); a letter that names a given (``E``)
    after ``>> E = exp(S)`` is named by its command when the command names a step (``exp(S)``), else by itself."""
    j = k - 1
    while j >= 0 and not lines[j].strip():
        j -= 1
    if j < 0 or j not in prompted:
        return name
    command = V.clean(lines[j]).strip().rstrip(";").strip()
    if name == "ans":
        return command if len(command) <= 40 and "=" not in command else name
    m = _COMMAND.match(command)
    if m and m.group(1) == name and role(name) is not None and step_hint(m.group(2)) is not None:
        return m.group(2)  # E = exp(S): the exps, not the embeddings E would name
    return name


_BRACKET_ROW = re.compile(r"\[\s*(" + V.NUMBER.pattern + r"(?:\s*,?\s+" + V.NUMBER.pattern + r"){0,31})\s*\]")
_ROW_ASIDE = re.compile(r"\s*(?:←|<-|⟵|#|//|%)\s*(.*)$")


def _bracket_rows(lines: list[str], k: int) -> tuple[list[list[str]], list[str | None]] | None:
    """A matrix written a row per line in brackets, as on a whiteboard (``[ 1  0 ]``, ``[ 0  1 ]``, each perhaps
    with an aside ``← token 1 ("I")``), from line k on: its rows and each row's quoted word; None for fewer than
    two rows of one width."""
    rows: list[list[str]] = []
    words: list[str | None] = []
    while k + len(rows) < len(lines) and len(rows) < MAX_ROWS_BRACKETED:
        line = V.clean(lines[k + len(rows)]).strip()
        aside = _ROW_ASIDE.search(line)
        m = _BRACKET_ROW.fullmatch(line[:aside.start()] if aside else line)
        cells = m.group(1).replace(",", " ").split() if m else None
        if cells is None or (rows and len(cells) != len(rows[0])):
            break
        rows.append(cells)
        q = _QUOTED.search(aside.group(1)) if aside else None
        words.append(q.group(1).strip() if q else None)
    return (rows, words) if len(rows) >= 2 else None


def _add_bracket_rows(name: str, got: tuple[list[list[str]], list[str | None]], lines: list[str], k: int,
                      first_line: int, context: list[str], out: Items) -> int:
    """Add the matrix ``_bracket_rows`` read at line k under its name; the line after it."""
    rows, words = got
    n = first_line + k
    labels = [w for w in words if w]
    out.found.append(Named(name, rows, n, _at(context, n),
                           labels if len(labels) == len(rows) and len(set(labels)) == len(labels) else None, None,
                           [n + j for j in range(len(rows))]))
    return k + len(rows)


def _comment(s: str) -> tuple[str, str | None]:
    """A line of code and the token its comment names: ``x = [0.1, 0.3]  # "Hello"`` → (``x = [0.1, 0.3]``,
    ``Hello``); ``[0.1, 0.2], % 어제`` → (…, ``어제``). Only after code (a bracket, a digit or ``=``), so a Markdown
    heading or a sentence with # is left alone."""
    m = _COMMENT.search(s)
    if m is None or not re.search(r"[\[\]\d=&]", s[:m.start()]):
        return s, None
    if m.group(1) and not re.search(r"&|\\\\|\\begin", s[:m.start()]):  # % only ends a LaTeX matrix row
        return s, None
    body = m.group(2).strip()
    q = _QUOTED.search(body)
    word = q.group(1).strip() if q else (body.split()[0] if body and len(body.split()) <= 3 else "")
    word = word.strip(",.;:()") or (word if q else "")  # # ",": a quoted punctuation mark is the token itself
    return s[:m.start()].rstrip(), (word if word and len(word) <= 30 and V.number(word) is None else None)


_ARROW = re.compile(r"^\s*[-*•+]?\s*([^\s→:=\[\]]{1,30})\s*(?:→|->|⟶|=>)\s*(\[[^\[\]]*\]|\([^()]*\))"
                    r"\s*(?:\((?=[^()]*[^\W\d_])[^()]{0,80}\))?\s*$")  # (an aside in words after it: "(52% to itself)")


def _arrow_rows(lines: list[str], k: int) -> tuple[list[str], list[list[str]], int] | None:
    """Consecutive lines ``token → [a, b]`` of one width (a Markdown list gives them one by one): their tokens
    and rows."""
    labels: list[str] = []
    rows: list[list[str]] = []
    while k + len(rows) < len(lines):
        m = _ARROW.match(V.clean(lines[k + len(rows)]).strip())
        a = V.array("[" + m.group(2)[1:-1] + "]") if m else None
        if m is None or a is None or not a or isinstance(a[0], list) or (rows and len(a) != len(rows[0])):
            break
        labels.append(m.group(1).strip("*_`"))
        rows.append(list(a))
    return (labels, rows, len(rows)) if rows and len(set(labels)) == len(labels) else None


_BESIDE = re.compile(r"([^\s=,;]{1,20})\s*=\s*\[\[")


def _side_by_side(lines: list[str], k: int) -> tuple[list[tuple[str, list]], int] | None:
    """Matrices printed beside each other (``W_Q = [[…],   W_K = [[…],`` and their next rows below, at the same
    columns): each read from its own columns of the lines."""
    first = V.clean(lines[k])
    starts = [m.start() for m in _BESIDE.finditer(first)]
    if len(starts) < 2:
        return None
    bounds = list(zip(starts, starts[1:] + [None]))
    out: list[tuple[str, list]] = []
    used = 1
    for a, b in bounds:
        name = _BESIDE.match(first, a).group(1)  # type: ignore[union-attr]
        body, j = first[a:b].split("=", 1)[1].strip(), 1
        while body.count("[") > body.count("]") and k + j < len(lines) and j < MAX_JOIN:
            body += " " + V.clean(lines[k + j])[a:b].strip()
            j += 1
        arr = V.array(body.rstrip(","))  # "W_Q = [[1, 0.5],     W_K = …": the comma between matrices
        if arr is None or not arr or not isinstance(arr[0], list):
            return None
        out.append((_name(name), arr))
        used = max(used, j)
    return out, used


def _arrays(name: str, got: tuple, n: int, at: str, comment: str | None) -> list[Named]:
    """The items of an array ``_array_at`` read at line n: one, or one per matrix of a tensor of rank 3 or 4
    (each with its own rows' lines and labels)."""
    arr, rows, _used, offsets = got
    if isinstance(arr, Elided):  # a summarised print: its first rows, and its last (a tail of the table)
        head, tail = arr
        lines = [n + j for j in offsets] if offsets else None
        return [Named(name, head, lines[0] if lines else n, at, rows[:len(head)] if rows else None, None,
                      lines[:len(head)] if lines else None),
                Named(name, tail, lines[len(head)] if lines else n, at, rows[len(head):] if rows else None, None,
                      lines[len(head):] if lines else None, tail=True)]
    if isinstance(arr, Slices) and all(len(mat) == 1 for mat in arr):  # shape (S, 1, d): S rows of one matrix
        arr = [mat[0] for mat in arr]
    if not isinstance(arr, Slices):
        return [Named(name, arr, n, at, rows, None if rows else comment, [n + j for j in offsets] if offsets else None)]
    out, start = [], 0
    for mat in arr:
        end = start + len(mat)
        lines = [n + j for j in offsets[start:end]] if offsets else None
        out.append(Named(name, mat, lines[0] if lines else n, at, rows[start:end] if rows else None, None, lines))
        start = end
    if len({V.shape(m) for m in arr}) == 1:  # [B, T, d]: a batch of inputs, or heads; which, the model says
        for x in out:
            x.batch = out
    return out


class Slices(list):
    """The matrices of a tensor of rank 3 or 4 (a head each), in order."""


def _array_at(lines: list[str], k: int, first: str, comment: str | None, slices: bool = False):
    """The array (or dict) starting at line k: (array, row labels from the rows' comments, lines used), or None;
    with ``slices``, a tensor of rank 3 or 4 too (its matrices as ``Slices``, their row labels and row offsets
    one list over all of them)."""
    if first.lstrip().startswith("{"):
        body, used = _join(lines, k, first, "{}")
        d = V.mapping(body)
        return (d, None, used, None) if d is not None else None
    body, used, labels = _join_commented(lines, k, first, comment)
    if "..." in body and slices:  # [[…], […], ..., […]]: the first rows and the last, the middle left out
        return _elided(body, used, labels)
    arr = V.array(body)
    mats = V.slices(body) if arr is None and slices else None
    if mats is not None and len(mats) == 1:  # tensor([[[…]]]) of shape [1, T, d]: the batch of one, a matrix
        arr = mats[0]
    elif mats is not None:
        rows = [lab for _, lab in labels]
        total = sum(len(x) for x in mats)
        return (Slices(mats), rows if len(rows) == total and all(rows) else None, used,
                [j for j, _ in labels] if len(labels) == total else None)
    if arr is None:
        return None
    if arr and isinstance(arr[0], list) and _TRANSPOSED.search(body):  # torch.tensor([[…]]).T: the matrix it gives
        return [list(col) for col in zip(*arr)], None, used, None
    rows = [lab for _, lab in labels]
    named = rows if arr and isinstance(arr[0], list) and len(rows) == len(arr) and all(rows) else None
    offsets = [j for j, _ in labels] if arr and isinstance(arr[0], list) and len(labels) == len(arr) else None
    if named is None and arr and isinstance(arr[0], list):
        beside = _tex_row_words(body)
        named = beside if beside is not None and len(beside) == len(arr) else None
    return arr, named, used, offsets


# the literal's transpose, as code writes it after the constructor's closing bracket (and its keyword arguments)
_TRANSPOSED = re.compile(r"\]\s*(?:,[^\[\]()]*(?:\([^()]*\)[^\[\]()]*)*)?\)?\s*\.\s*(?:T\b(?!\s*\()|t\(\s*\)|"
                         r"transpose\(\s*(?:0\s*,\s*1|1\s*,\s*0|-2\s*,\s*-1|-1\s*,\s*-2)\s*\))\s*[;,]?\s*$")


class Elided(list):
    """A summarised tensor's rows before its elision and after it (two matrices): the second are the last rows of a
    longer table."""


def _elided(body: str, used: int, labels: list):
    """A summarised print as ``Elided`` [head, tail] (with their row labels and offsets, one list over both), or None
    when it is not one row-level elision of a matrix."""
    parts = V.elided(body)
    if parts is None:
        return None
    mats = []
    for text in parts:
        got = V.slices(text)
        arr = got[0] if got is not None and len(got) == 1 else V.array(text)
        if arr is None or not arr or not isinstance(arr[0], list):
            return None
        mats.append(arr)
    rows = [lab for _, lab in labels]
    total = sum(len(x) for x in mats)
    return (Elided(mats), rows if len(rows) == total and all(rows) else None, used,
            [j for j, _ in labels] if len(labels) == total else None)


_ROW_WORDS = re.compile(r"\\end\{[pbBvV]?matrix\}\s*\\begin\{matrix\}(.*?)\\end\{matrix\}", re.DOTALL)
_ROW_ARROW = re.compile(r"^(?:\\leftarrow|\\gets|←|<-)\s*")


def _tex_row_words(body: str) -> list[str] | None:
    r"""The words a TeX matrix's rows are labelled with beside it: ``\begin{bmatrix}…\end{bmatrix}
    \begin{matrix} \leftarrow \text{Time} \\ \leftarrow \text{Machine} \end{matrix}`` (a row each, one word
    after an arrow); else None."""
    m = _ROW_WORDS.search(body)
    if m is None:
        return None
    words = []
    for row in m.group(1).split("\\\\"):
        w = re.sub(r"\\(?:text|mathrm|textbf|mathbf)\s*\{([^{}]*)\}", r"\1", row.strip())
        w = _ROW_ARROW.sub("", w).strip()
        if not w or not re.fullmatch(r"[^\W\d][\w'’-]{0,20}", w):
            return None
        words.append(w)
    return words


def _join_commented(lines: list[str], k: int, first: str, comment: str | None) -> tuple[str, int, list]:
    """Like ``_join``, with each line's comment taken off and kept: the tokens of the rows on those lines."""
    parts, labels = [first], [comment]

    def strip(line: str) -> str:
        code, lab = _comment(V.clean(line).strip())
        parts.append(code)
        labels.append(lab)
        return code

    body, used = _join(lines, k, first, strip=strip)
    return body, used, [(j, lab) for j, (line, lab) in enumerate(zip(parts, labels)) if re.search(r"\d", line)]


def _dict_table(name: str, d: tuple, line: int, at: str) -> Table:
    """A dict keyed by token as a table: vectors by row, or one row of numbers by column."""
    keys, vals = d
    m = re.fullmatch(r"(.+?)\[\s*['\"]?([^'\"\[\]]+?)['\"]?\s*\]", name)
    if m and not (vals and isinstance(vals[0], list)):  # weights['sun'] = {'sun': 0.31, …}: one row, by its token
        return Table([list(vals)], [m.group(2)], [strip_role(x) for x in keys], line, at, m.group(1))
    if vals and isinstance(vals[0], list):
        return Table([list(v) for v in vals], [strip_role(x) for x in keys], None, line, at, name)
    return Table([list(vals)], None, [strip_role(x) for x in keys], line, at, name)


def _names_in(node) -> bool:
    """Whether a parsed expression uses a name (``d_k``, ``Mean``, ``x5``): prose or a formula, not working."""
    return any(isinstance(n, G.Name) for n in G.nodes(node))


_DELIMS = re.compile(r"^(?:\\\[|\\\(|\$\$|\$)\s*|\s*(?:\\\]|\\\)|\$\$|\$)[\s.,。]*$")
_TEX_ASSIGN = re.compile(r"([^\s=,;]{1,40}?)\s*=\s*(\\begin\{([pbBvV]?matrix|array)\}(?:(?!\\begin\{\3\}).)*?\\end\{\3\})")


_KNITR = re.compile(r"^(?:##|#>)(?: |$)")
_KNITR_ROW = re.compile(r"(?:\s+" + V.NUMBER.pattern + r"){1,}\s*$")


def _unknit(lines: list[str]) -> list[str]:
    """Lines of R output as knitr and reprex print them, each after ``## `` or ``#> ``, without that prefix: a run of
    such lines whose any line ends in numbers (``## [1,] 0.67 0.44``); a run of comments in code stays."""
    out = list(lines)
    k = 0
    while k < len(lines):
        if not _KNITR.match(lines[k]):
            k += 1
            continue
        j = k
        while j < len(lines) and _KNITR.match(lines[j]):
            j += 1
        if any(_KNITR_ROW.search(x[2:]) for x in lines[k:j]):
            out[k:j] = [x[3:] for x in lines[k:j]]
        k = j
    return out


_CSV_LINE = re.compile(r"[^\s,\[\](){}=]+(?:,[^\s,\[\](){}=]*)+")


def _uncsv(lines: list[str]) -> list[str]:
    """Comma-separated rows (a CSV file, a spreadsheet saved as one) as rows of cells apart: a run of two or more
    lines of one count of commas and no spaces, one of them numbers after its first field. Prose and Python's
    lists put a space after a comma, and stay."""
    out = list(lines)
    k = 0
    while k < len(lines):
        if not _CSV_LINE.fullmatch(lines[k].strip()):
            k += 1
            continue
        width = lines[k].count(",")
        j = k
        while j < len(lines) and _CSV_LINE.fullmatch(lines[j].strip()) and lines[j].count(",") == width:
            j += 1
        fields = [x.strip().split(",") for x in lines[k:j]]
        if j - k >= 2 and any(all(V.number(c) for c in f[1:]) for f in fields):
            out[k:j] = ["\t".join(c if c else "-" for c in f) for f in fields]
        k = j
    return out


_PROMPT = re.compile(r"^(?:>>>|>>(?=\s)|\.\.\.:?(?!\s*,\s*$)|In\s*\[\d*\]:|Out\s*\[\d*\]:)\s?")  # >> : MATLAB's,
# Octave's; a line "...," is no continuation prompt but the rows a summarised tensor leaves out


_ALIGN_EQ = re.compile(r"^([^&=]{1,80}?)\s*&\s*(?==)")  # x_{1} &= …: an align environment's row, its name before &
_ALIGN_NOTE = re.compile(r"\s*&&?\s*\\text\s*\{\s*\(?\s*([^{}()&]{1,30}?)\s*\)?\s*\}\s*(?:\\\\)?\s*[,.]?\s*$")


def _unalign(s: str) -> str:
    """A LaTeX ``align`` row as a plain line: ``x_{1} &= (0.6, 0.2) && \\text{(io)} \\\\`` → ``x_{1} = (0.6, 0.2) \\\\
    % io`` (the remark after ``&&`` names the row, as a comment would)."""
    if "&" not in s or "=" not in s:
        return s
    t = _ALIGN_EQ.sub(r"\1 ", s, count=1)
    if t == s:
        return s
    return _ALIGN_NOTE.sub(r" \\\\ % \1", t, count=1)  # a LaTeX row's break, then its remark as a comment


_ROW_BREAK = re.compile(r"(?:\s*\\\\)*\s*(?<!\\)(\\\\|\\)\s*$")  # \\ (or \\ \\), or Goldmark's half of it
_TEX_COMMAND = re.compile(r"\\[A-Za-z]")
ROW_SPACE = r"\[\s*-?\d*\.?\d+\s*(?:pt|em|ex|mm|cm|in|px|mu|bp)\s*\]"  # the space after a row break: \\[10pt], \\[0.5em]
_SPACED_BREAK = re.compile(r"\\\\" + ROW_SPACE + r"\s*$")


def _works(text: str, label, line: int, at: str, name: str = "") -> list[Work]:
    """A line of working as read: one per cell when it works a vector out cell by cell (``h = [σ(0.25), σ(0.3)] ≈
    [0.562, 0.575]``: each cell's arithmetic, unnamed), else the line itself under its name."""
    per_cell = _elementwise(text)
    return [Work(w, label, line, at) for w in per_cell] if per_cell else [Work(text, label, line, at, name)]


def _elementwise(work: str) -> list[str] | None:
    """``[0.2+0.141, 0.2+0.990] = [0.341, 1.19]``: a vector worked cell by cell, as a line of working per cell
    (``0.2+0.141 = 0.341``, …); None for any other line."""
    m = _VECTOR_WORK.fullmatch(work)
    if m is None:
        return None
    terms, values = top_level(m.group(1)), [x.strip() for x in m.group(2).split(",")]
    if len(terms) != len(values) or len(terms) < 2 or any(V.number(x) is None for x in values) or \
            all(V.number(t) is not None for t in terms):
        return None
    return [f"{t} = {v}" for t, v in zip(terms, values)]


_VECTOR_WORK = re.compile(r"(?:[^\[\]=≈]*(?:=|≈))?\s*\[([^\[\]]+)\]\s*(?:=|≈)\s*\[([^\[\]]+)\]\s*[.,]?\s*")
# (W_1·x + b_1 = [0.2*1 + 0.1, …] = [0.3, …]: a formula in symbols before it is its name's)


def top_level(s: str) -> list[str]:
    """The parts of ``s`` between its commas outside brackets and quotes (a call's arguments; ``max(0, x), y`` is
    two cells of a vector)."""
    out, depth, cur, quote = [], 0, "", ""
    for ch in s:
        if quote:
            cur += ch
            quote = "" if ch == quote else quote
            continue
        if ch in "\"'":
            quote = ch
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + [cur.strip()]


def _unbroken(s: str, aligned: bool = False) -> str:
    """A line of working without the LaTeX row break that ends it in an ``aligned`` display (``q_1 = 0.5 \\cdot
    0.3 = 0.15 \\\\``), or the one backslash a Markdown renderer left of it (Hugo's Goldmark): its result is a
    number. A matrix's row (with its ``&``) keeps it, and so does a line with no TeX in it (Python's ``\\``
    continues a line). Inside an align environment (``aligned``) the breaks go whatever the row ends in (``&=
    \\frac{…}{…} \\\\``): its rows are read as one line."""
    s = _SPACED_BREAK.sub(r"\\\\", s)  # \\[10pt]: a break with space after it
    if "=" not in s or "&" in s or "\\begin" in s or not s.rstrip().endswith("\\"):
        return s
    m = _ROW_BREAK.search(s)
    if m is None:
        return s
    vector = re.search(r"=\s*\[[^\[\]]*\d\s*\]\s*$", s[:m.start()]) is not None  # … = [0.341, 1.19]: a vector's value
    if not aligned and ("\\end" in s or not (s[:m.start()][-1:].isdigit() or vector) or
                        (m.group(1) == "\\" and not _TEX_COMMAND.search(s[:m.start()]))):
        return s  # (a line ending in a number: a vector's row of another sentence stays as it was)
    return s[:m.start()]


_QUOTE_MARK = re.compile(r"^[ \t]*(?:>[ \t])+|^[ \t]*:(?:[ \t]|$)")  # "> > ": a quoted mail's; ": ": Org's fixed width


def _unquote(lines: list[str]) -> list[str]:
    """The lines without the marks that quote them: an e-mail reply's ``> `` (``> > `` for a mail quoted in
    it) and Org mode's fixed-width ``: `` (its ``#+RESULTS:``). A ``>>>`` prompt is not a quote."""
    return [_QUOTE_MARK.sub("", x, count=1) if x.lstrip()[:1] in ">:" else x for x in lines]


def _unprompt(s: str) -> str:
    """A line without the prompt of a Python, MATLAB or Octave session or an exported notebook (``>>>``, ``>>``,
    ``...``, ``Out[3]:``)."""
    return _PROMPT.sub("", s, count=1) if s[:1] in ">.IO" else s


def _unwrap_math(s: str) -> str:
    """A line without the maths delimiters around it: ``\\[W = …\\]``, ``$$…$$``, ``$x = [1, 2]$``."""
    if "$" in s and "=" in s and _FORMULA_OUTSIDE.fullmatch(outside := _INLINE_MATH.sub(" ", s)) and \
            ("=" in outside or "≈" in outside) and sum(ch.isalpha() for ch in outside) <= MAX_NAME_LETTERS:
        # oh1 = $\frac{1}{1 + e^{-0.55}}$ = 0.6341: a working, part in maths, its = signs outside them (and a name
        # or two at most: no sentence)
        return _INLINE_MATH.sub(lambda m: f" {m.group(1)} ", s).strip()
    return _DELIMS.sub("", s) if s[:1] in "\\$" or s[-1:] in "]$)" else s


_INLINE_MATH = re.compile(r"\$([^$\n]+)\$")
_FORMULA_OUTSIDE = re.compile(r"[\w\s=≈+\-−*/×·().,^²³']*")  # what a line of working writes outside its maths
MAX_NAME_LETTERS = 10


def _tex_formula_assignment(s: str) -> tuple[str, V.Array] | None:
    """``(XX^T)/(√3) = \\begin{pmatrix}…\\end{pmatrix}`` or ``N_1 W_1 + b_1 = \\begin{pmatrix}…``: one matrix after
    a formula (a name with spaces or operators), named by that formula; None for anything else."""
    m = _TEX_FORMULA.match(s)
    if m is None or s.count("\\begin") != 1:
        return None
    arr = V.latex_matrix(m.group(2))
    return (m.group(1).strip(), arr) if arr is not None else None


_TEX_FORMULA_OPEN = re.compile(r"^\s*([^=]{1,40}?[\s+*/()^\\][^=]{0,40}?)\s*=\s*(\\begin\{[pbBvV]?matrix\}.*)$")
_TEX_FORMULA = re.compile(r"^\s*([^=]{1,40}?[\s+*/()^\\][^=]{0,40}?)\s*=\s*(\\begin\{([pbBvV]?matrix|array)\}(?:(?!\\begin\{\3\}).)*?\\end\{\3\})\s*[,.]?\s*$")


def _tex_assignments(s: str) -> list[tuple[str, V.Array]]:
    """Every ``NAME = \\begin{bmatrix}…\\end{bmatrix}`` on one line: all of them when there are several, the one
    when a named tuple follows it (``W_1 = \\begin{pmatrix}…\\end{pmatrix}, b_1 = (0.1, 0.2)``)."""
    if s.count("\\begin") < 1:
        return []
    out = []
    for m in _TEX_ASSIGN.finditer(s):
        arr = V.latex_matrix(m.group(2))
        if arr is not None:
            out.append((_name(_unwrap_math(m.group(1))), arr))
    return out


_LABELLED_TUPLE = re.compile(r"^([^\s:：=$()\[\]]{1,30})\s*[:：]\s*\$?\s*[(\[]\s*(" + V.NUMBER.pattern +
                             r"(?:\s*,\s*" + V.NUMBER.pattern + r")+)\s*[)\]]\s*\$?\s*[.。]?$")
_VEC = r"\[\s*" + V.NUMBER.pattern + r"(?:\s*,\s*" + V.NUMBER.pattern + r")+\s*\]"
_LABELLED_ROWS = re.compile(r"^((?=[^:：=]*[^\W\d_])[^:：=()\[\]]{1,30}?)\s*(?:\([^()]{0,40}\))?\s*[:：]\s*(" + _VEC +
                            r"(?:\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b|\be\b|和|と|및|và)\s*" + _VEC + r")+)\s*[.。]?$")
# a list item's number, then a label of words, a colon and one vector, an aside in parentheses after it
_LABELLED_VECTOR = re.compile(r"^(?:\d{1,2}[.)]\s+)?((?=[^:：=]*[^\W\d_])[^:：=()\[\]]{1,40}?)\s*[:：]\s*(" + _VEC +
                              r")\s*(?:\([^()]{0,60}\))?\s*[.。]?$")
_ROW_LABEL = re.compile(r"^[-*•\s]*\**([^\s:：*]{1,20}?)\**\s*[:：]")
_FOR_ROW = re.compile(r"^(?:For|Pour|Für|Para|Per)\s+[*_`]{0,2}([^\W\d][^\s:：*_`,]{0,19})[*_`]{0,2}[\s,:：]")  # "For *cat*, …"
_TOKEN_RESULT = re.compile(r"^([A-Za-z_]\w{0,20})\s*\[\s*['\"]([^'\"\[\]]{1,30})['\"]\s*\]\s*=.*[=≈]\s*(" + V.NUMBER.pattern +
                           r")\s*[.。]?$")
_LABELLED_LIST = re.compile(r"^((?=[^:：=]*[^\W\d_])[^:：=]{1,40}?)\s*[:：]\s*(" + V.NUMBER.pattern + r"(?:\s*,\s*" +
                            V.NUMBER.pattern + r"){2,})\s*(?:\([^()]*\))?\s*(?:[;；.。]|$)")  # "Softmax: a, b, c (…)."
_RULE = re.compile(r"^[-─━=＿_]{3,}$")
_COLUMNS_OF_WORK = re.compile(r"=\s*\S+\s{3,}\S[^=]*=")  # a × b = c   d × e = f: working side by side
_LABELLED_DICT = re.compile(r"([^\W\d][\w.']{0,19})(?:\s+([^\W\d][\w.']{0,19}))?:?\s+(\{.*)$")
# "다음 토큰 확률: {'를': 0.243, …}", "next token probabilities: {…}": a label of a few words and a colon
_SAID_DICT = re.compile(r"([^\W\d][^\W\d_]*(?:[ \t][^\W\d_]+){0,4})()\s*[:：]\s*(\{.*)$")
_PERCENT_AFTER = re.compile(r"(=\s*[-−]?\d+\.\d+)\s*[(（]\s*(\d+(?:\.\d+)?\s?%)\s*[)）]\s*[.,;]?\s*$")
_GIVEN_CONTEXT = re.compile(r"\b([Pp])\s*\(\s*([^\s|()]{1,20})\s*\|[^()|]{1,60}\)")
_ANNOTATED = re.compile(r"(=\s*" + V.NUMBER.pattern + r")\s+(?:←|<-|<--|⇐)\s+(?=.*[^\W\d_]).*$")
_MARKED = re.compile(r"(?<=[\d)\]])\s*[✅✓✔☑❌✗✘💥💨🎯🚀]+\s*$")
_RULES = re.compile(r"^[-─━=＿_]{3,}(?:\s+[-─━=＿_]{3,})+$")
_QUOTED_ROW = re.compile(r"^[*_\s]*[^:：=]{0,40}?[\"“「«]([^\"”」»]{1,30})[\"”」»][*_\s]*[:：]\s*\$?\s*[(\[]\s*(" +
                         V.NUMBER.pattern + r"(?:\s*,\s*" + V.NUMBER.pattern + r")+)\s*[)\]]\s*\$?[*_\s.。]*$")
_TOTAL = re.compile(r"^(?:[^\d\s-]{1,12}\s*[:：]?\s*)?(" + V.NUMBER.pattern + r")\s*$")
_TRAILING = re.compile(r"(?:^|[\s=+])(" + V.NUMBER.pattern + r")\s*$")


def _vector_sum(lines: list[str], k: int) -> list[str] | None:
    """Vectors added (or subtracted) one above the other, a rule at line k, then ``= [sum]`` below it (an aside in
    parentheses after each allowed): the working of each cell (``1.8 + 1.36 = 3.16``), or None."""
    total = _VECTOR_TOTAL.match(V.clean(lines[k + 1]).strip())
    if total is None:
        return None
    terms: list[tuple[str, list]] = []  # from the rule up: each signed term, then the first one, unsigned
    for j in range(k - 1, max(-1, k - 17), -1):
        m = _VECTOR_TERM.match(V.clean(lines[j]).strip())
        if m is None:
            return None
        terms.append((m.group(1).replace("−", "-"), V.array(m.group(2)) or []))
        if not m.group(1):
            break
    sums = V.array(total.group(1)) or []
    if len(terms) < 2 or terms[-1][0] or len(sums) < 2 or \
            any(len(v) != len(sums) or any(not isinstance(c, str) for c in v) for _, v in terms) or \
            any(not isinstance(c, str) for c in sums):
        return None
    terms.reverse()
    return [" ".join([terms[0][1][i]] + [f"{sign} {v[i]}" for sign, v in terms[1:]]) + f" = {sums[i]}"
            for i in range(len(sums))]


_VECTOR_TERM = re.compile(r"^([-+−]?)\s*(\[[^\[\]]+\])\s*(?:\([^()]{0,40}\))?$")
_VECTOR_TOTAL = re.compile(r"^=\s*(\[[^\[\]]+\])\s*(?:\([^()]{0,40}\))?$")


def _terms_above(lines: list[str], k: int) -> list[str]:
    """The numbers that end the lines just above a rule (``(1.25)² = 1.5625``), the first line first."""
    out: list[str] = []
    j = k - 1
    while j >= 0 and len(out) < 64:
        m = _TRAILING.search(V.clean(lines[j]).strip())
        if m is None:
            break
        out.append(m.group(1).lstrip("+"))
        j -= 1
    return out[::-1]


# Q = K = V = [[…]]: a chained assignment gives every name the same array
_CHAINED_NAMES = re.compile(r"^\s*(?:[A-Za-z_]\w{0,30}\s*=\s*)+(?=[\[(]|np\.|torch\.)")
_CHAINED_NAME = re.compile(r"([A-Za-z_]\w{0,30})\s*=")


def _chained_names(rhs: str) -> list[str]:
    """The further names of a chained assignment's right-hand side (``K``, ``V`` of ``K = V = [[…]]``)."""
    head = _CHAINED_NAMES.match(rhs)
    if head is None or "=" in rhs[head.end():] or not _starts_array(rhs[head.end():]):
        return []  # S = (QK^T)/(√2) = [[…]]: a formula between, not names
    return _given_names(_CHAINED_NAME.findall(head.group(0)))  # Z = AV = [[…]]: a product, not a name


def _last_array(v: str) -> str:
    """What an assignment gives: ``H = X + Attention(X) = \\begin{bmatrix}…`` gives the matrix after its last =."""
    if "=" not in v:
        if "≈" in v and _starts_array(v) and V.array(v) is None and _starts_array(tail := v[v.rindex("≈") + 1:]):
            return tail.strip()  # S = [[3/1.7, 0/1.7], …] ≈ [[1.76, 0], …]: the numbers the working comes to
        return v
    tail = v[v.rindex("=") + 1:].strip()
    if _starts_array(v) and not re.search(r"[\])]\s*[·@*×]\s*[^\W\d_]", v[:v.rindex("=")]):
        return v  # [0.7, 0.2, 0.5]·Wq = [0.65, 0.11, 0.46] gives the product; [1, 2] alone gives itself
    return tail if _starts_array(tail) else v


def _continued(lines: list[str], k: int, s: str) -> tuple[str, int]:
    """A line with the lines that continue it (starting with + or =), joined."""
    text, used = s, 1
    while k + used < len(lines) and used < MAX_JOIN:
        nxt = _next_row(lines[k + used])
        if nxt[:1] in ("=", "≈", "≒") and nxt[1:].lstrip().startswith("[["):
            break  # "≈ [[0.26, 0.26, 0.48]," starts a matrix of its own, read on its line
        if nxt[:1] in ("=", "≈", "≒", "+", "×", "*", "·") or (text.rstrip()[-1:] in _GOES_ON and nxt):
            text += " " + nxt  # (a row that ends "&=" or "·" goes on below: ∂E/∂out_o1 &= ⏎ 2·½(t − o) …)
            used += 1
        else:
            break
    return _unpunctuated(text), used


_GOES_ON = "=≈·×*+"  # a row that ends so goes on on the next one
_CHAIN_RESULT = re.compile(r"=\s*(" + V.NUMBER.pattern + r")\s*$")


def _named_chain(text: str) -> bool:
    """A name, its formula in symbols, then its value: ``∂L/∂w_5 = −2(y − ŷ)·a_1 = −0.4801``."""
    return text.count("=") >= 2 and _CHAIN_RESULT.search(text) is not None

# the breaks that end a row of a LaTeX align or aligned environment: \\, or \\ \\ for a blank row between
_ALIGN_OPEN = re.compile(r"\\begin\{(?:align|aligned|eqnarray|gather|gathered|split|multline)\*?\}")
_ALIGN_CLOSE = re.compile(r"\\end\{(?:align|aligned|eqnarray|gather|gathered|split|multline)\*?\}")


def _next_row(raw: str) -> str:
    """A line as the continuation of the one above reads it: an ``align`` row that goes on with ``&= 0.3775`` (its
    ``&`` dropped, its TeX read as the first row's is), without the row breaks at its end. Serves documents that
    work a formula in a LaTeX ``align`` block (Typora, MathJax), the name and formula on the first row, its
    numbers and result on the rows below."""
    t = _comment(_unwrap_math(V.tex_plain(_unalign(V.clean(raw).strip()))))[0]
    if t[:1] == "&" and t[1:].lstrip()[:1] in ("=", "≈"):
        t = t[1:].strip()
    return _unbroken(t, aligned=True)


_UPDATE_ARROW = re.compile(r"\s*(?:[-*•]\s+)?([A-Za-zα-ω](?:_\{?\w{1,4}\}?|\d{1,2}))\s*→\s*(-?\d+(?:\.\d+)?)[\s.]*")
_TWO_RESULTS = re.compile(r"=[^=→⇒]*\d[^=→⇒]*\s(?:→|⇒|->)\s[^=]*=")  # a result, an arrow, the next one worked


def _two_results(s: str) -> bool:
    """``_TWO_RESULTS`` in the line; asked only of a line with an arrow, as it needs one (the search backtracks in
    time quadratic in the line: 18 s for a code line of 20,000 terms, ``x = 0.5+0.5+…``)."""
    return ("→" in s or "⇒" in s or "->" in s) and _TWO_RESULTS.search(s) is not None
_EQ_NUMBER = re.compile(r"\s{2,}(?:\(\d+(?:\.\d+)*[a-z]?\)|[(\[]\s*\d+(?:[.,]\d+)?\s*(?i:đ|điểm|pts?\.?|points?|marks?|"
                        r"punkte?|p\.|балл\w*|分|점)\s*[)\]])\s*$")
# "= (0.43, 0.49).      (11.6)": an equation's number; "= 0.0976      (0,25 đ)", "[2 marks]": an exam's points


def _unpunctuated(text: str) -> str:
    """A line of working without what ends its sentence: ``= 1.72,``, ``= (0.43, 0.49).``, an equation number."""
    text = _EQ_NUMBER.sub("", text).rstrip()
    text = re.sub(r"[,;，；:]$", "", text)
    return re.sub(r"(\.\d+|[)\]])\.$", r"\1", text)


def _tuple_of_arrays(s: str) -> bool:
    """Whether a line opens a printed tuple of arrays: ``(array([[1, 2],`` (the first array goes on below) or
    ``(array([1, 2]), array([3, 4]))``; not ``(tensor([3]), 'sat')`` nor ``(array([0.7]), 0.2850)``."""
    t = V.unwrapped(s[1:])
    if t is None or t[:1] != "[":
        return False
    end = V.closing(t, 0)
    return end is None or V.wrapped(t[end + 1:].lstrip(" )").lstrip(",").lstrip())


def _arrays_on_line(s: str) -> list[V.Array]:
    """The arrays of a tuple printed on one line (``array([1, 2]), array([3, 4]))``), or [] when one goes on below."""
    got: list[V.Array] = []
    while (t := V.unwrapped(s)) is not None and t[:1] == "[" and (end := V.closing(t, 0)) is not None:
        arr = V.array(t[:end + 1])
        if arr is None:
            return []
        got.append(arr)
        s = _PRINT_KEYWORDS.sub("", t[end + 1:]).lstrip(" )").lstrip(",").lstrip()
    return got if not s.strip(" )") else []


_PRINT_KEYWORDS = re.compile(r"^(?:\s*,\s*(?:requires_grad|grad_fn|dtype|device)\s*=\s*[^,()]*(?:\([^()]*\))?[^,()]*)+")


def _starts_array(v: str) -> bool:
    v = V.clean(v).strip()
    return v.startswith(("[", "\\begin")) or V.wrapped(v) or bool(re.match(r"\(\s*\\begin\{", v)) or bool(re.match(r"c\s*\(\s*[-\d.]", v))  # R's c(0.1, …)


def _join(lines: list[str], k: int, first: str, brackets: str = "[]", strip=None) -> tuple[str, int]:
    """The array's text from ``first`` on, joined over lines until its brackets close (or \\end{…}); ``strip``
    takes each further line's comment off."""
    body = first
    used = 1
    while used < MAX_JOIN and k + used < len(lines):
        t = V.clean(body)
        if "\\begin" in t and "\\end" in t:
            break
        if "\\begin" not in t and t.count(brackets[0]) <= t.count(brackets[1]):
            break
        body += "\n" + (strip(lines[k + used]) if strip else lines[k + used])
        used += 1
    return body, used


def _name(raw: str) -> str:
    return raw.strip().strip("$`*").strip()


def _label(raw: str) -> str:
    return strip_role(raw.strip().strip("$`*"))


def strip_role(label: str) -> str:
    """``鬼(Q)`` → ``鬼``: a table's label with its role in parentheses dropped."""
    label = re.sub(r"\s*[✅✓✔☑★⭐←⬅👈]+\s*$", "", label)  # "cats ✅": the row a document marks (the target)
    of = _INPUT_OF.fullmatch(label.strip())
    if of:  # "$x$ (Hund)": the input row of a token, named by the token
        return of.group(1).strip()
    return without_remark(label)


_INPUT_OF = re.compile(r"\$?\s*(?:x|h|\\mathbf\{x\})\s*\$?\s*[(（]\s*[\"“「']?([^()（）\"“”「」']{1,20}?)[\"”」']?\s*[)）]")
_EQUALS = re.compile(r"[=≈≒]")


def _work(lines: list[str], k: int, s: str) -> tuple[str | None, int]:
    if not any(ch.isdigit() for ch in s):
        return None, 1
    text, used = s, 1
    while k + used < len(lines) and used < MAX_JOIN:  # "[…] + […]" then "≈ [0.65, 0.57]" on the next line
        nxt = _next_row(lines[k + used])
        if text.rstrip()[-1:] in _GOES_ON and nxt:  # ∂E/∂out_o1 &= ⏎ 2·½(t − o) …: the row goes on below
            text += " " + nxt
            used += 1
            continue
        if nxt[:1] not in "=≈≒" and _EQUALS.search(text) and _EQUALS.search(nxt):
            break  # "+ 0.33 * [0.3, 0.6] = [0.10, 0.20]" a line, twice: two lines of working, not one
        if nxt[:1] in ("=", "≈", "≒", "+", "×", "*", "·") or (nxt[:2] == "- " and text.rstrip()[-1:] in "])"):
            text += " " + nxt
            used += 1
        else:
            break
    text = _unpunctuated(text)
    if not any(r in text for r in "=≈≒"):
        return None, 1
    if text.count("(") != text.count(")"):
        text = _closed(text)
    body = _INLINE_LABEL.match(text)
    expr = body.group(3) if body else text
    if _chain(expr) is None:
        return None, 1
    return text, used


def _closed(expr: str) -> str:
    """A line of working whose brackets do not balance, each side closed at its end (or opened at its start):
    ``(-2 × (0 - 0.97) × 0.03 × (0.83) = 0.05`` as its author meant it, a bracket short."""
    sides = re.split(r"([=≈≒])", expr)
    for j in range(0, len(sides), 2):
        opened = sides[j].count("(") - sides[j].count(")")
        if opened > 0:
            sides[j] = sides[j].rstrip() + ")" * opened + " "
        elif opened < 0:
            sides[j] = " " + "(" * -opened + sides[j].lstrip()
    return "".join(sides)


_NAME_ROW = re.compile(r"^\s*[^=≈≒\d\s][^=≈≒]{0,59}$")  # (∂out_o1)/(∂net_o1) alone: an align row's name
_LHS = re.compile(r"^\s*([^=≈≒]{1,40}?)\s*(?:=|≈|≒)\s*(?=\S|$)")
# a derivative's name may be longer: (\partial E_{total})/(\partial out_{o1}) = …
_DERIVATIVE_LHS = re.compile(r"^\s*(\(\s*(?:\\partial|∂|\\delta|δ|d)[^=≈≒]{1,70}?)\s*(?:=|≈|≒)\s*(?=\S|$)")


def _lhs(text: str) -> re.Match | None:
    """The name before a line's first = (≈): a short one, or a derivative."""
    m = _LHS.match(text)
    if m is None or (len(m.group(1)) > 30 and not derivative(m.group(1))):
        d = _DERIVATIVE_LHS.match(text)
        if d is not None and derivative(d.group(1)):
            return d
    return m


def _chain(expr: str) -> list | None:
    """The expressions of a line of working, or None: "0.5 = 0.50" computes nothing; "d_k = 64" or
    "Mean ≈ 0 (…)" is a setting or prose."""
    try:
        items, _ = G.parse_chain(expr)
    except ParseError:
        return None
    lits = [G.literal_of(x) is not None or (isinstance(x, G.Vec) and all(G.literal_of(i) is not None for i in x.items))
            for x in items]  # [0.12 + 0.05, …] = [0.17, …] works a vector out
    if len(items) < 2 or all(lits) or any(_names_in(x) for x in items):
        return None
    return items


_POWER = re.compile(r"(?<=[\w)\]])\*\*(?=[\w(\[]|[-.]\d)")  # (a bold's close is followed by a stop, a space)


def labelled(text: str) -> tuple[str, str] | None:
    """A line of working with a name in front (``μ = (1.2 + 0.8)/2 = 1.0``, ``PE(1, 0) = sin(1) = 0.8415``,
    ``context[The] = 0.39 * […] + … = […]``): the name and the working."""
    m = _lhs(text)
    if m is None or not re.search(r"[^\W\d]", m.group(1)):
        return None
    rest = text[m.end():]
    # dw0 = x0 · dz = 2.0 · 0.2253 = 0.4507: the formula in names, then its numbers (a bracket short, closed)
    for part in [rest] + [rest[r.end():] for r in islice(_EQUALS.finditer(rest), MAX_STARTS)]:
        for working in (part, _closed(part)) if part.count("(") != part.count(")") else (part,):
            if _chain(working) is not None:
                return m.group(1).strip(), working
    return None


_MATH_START = re.compile(r"-?\s*(?:exp\s*\(|ln\s*\(|log\s*\(|sqrt\s*\(|σ\s*\(|(?:sin|cos|tanh|tan)\s*\(|√)|\(|\[|-?\d|"
                         r"\.\d")  # a minus before a function is the working's own (−ln 0.5433)


def _tuples_as_vectors(s: str) -> str:
    """``(0.12 + 0.05, 0.5 + (-0.1)) = (0.17, 0.4)``: a bracket of comma-separated parts is a vector, written as the
    grammar reads one ([…]); a function's arguments (max(0, x)) stay as they are."""
    if "(" not in s or "," not in s or "=" not in s:
        return s
    out = list(s)
    stack: list[tuple[int, bool]] = []  # (where it opened, whether a comma stands at its own depth)
    for k, ch in enumerate(s):
        if ch == "(":
            stack.append((k, False))
        elif ch == "," and stack:
            stack[-1] = (stack[-1][0], True)
        elif ch == ")" and stack:
            start, comma = stack.pop()
            if comma and not (start > 0 and (s[start - 1].isalnum() or s[start - 1] == "_")):
                out[start], out[k] = "[", "]"
    return "".join(out)


_ENDS_IN_RESULT = re.compile(r"=\s*" + V.NUMBER.pattern + r"$")


def _columns(s: str) -> list[str]:
    """A line cut where a result is followed by a wide gap: ``a × b =   c   d × e = f`` is two lines of working."""
    out, start = [], 0
    for gap in re.finditer(r"\s{3,}", s):
        if _ENDS_IN_RESULT.search(s[start:gap.start()]):
            out.append(s[start:gap.start()])
            start = gap.end()
    return out + [s[start:]]


_KEYWORD = re.compile(r"[(,]\s*[A-Za-z_]\w{0,40}\s*=\s*([-+]?\d[\d.eE+-]*)\s*(?=[,)]|$)")


def _keyword_arguments(s: str) -> set[str]:
    """The numbers a line of code passes as keyword arguments (``f(d_model=2, eps=1e-5``), as the reader writes
    them."""
    return {n for m in _KEYWORD.finditer(s) if (n := V.number(m.group(1))) is not None} if "(" in s else set()


def _fragments(s: str) -> list[str | tuple[str, str] | Labelled]:
    """The lines of working inside a sentence: split where a clause ends (outside brackets), each cut to where
    its mathematics starts; the pieces that read as a chain ``a = b``."""
    parts, depth, cur = [], 0, ""
    for k, ch in enumerate(s):
        depth += ch in "([{"
        depth -= ch in ")]}"
        end = ch in ";；。，、" or (ch in ",." and s[k + 1:k + 2] == " " and not s[k + 2:k + 3].isdigit()) or \
            (ch in "—–" and s[k - 1:k] == " " and s[k + 1:k + 2] == " ") or \
            (ch in ":：" and s[k + 1:k + 2] == " ") or (ch == " " and s[k + 1:k + 5] in ("and ", "und ", "then"))
        if depth <= 0 and end:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    parts = [_tuples_as_vectors(p) for p in parts]
    columns = [c for p in parts for c in _columns(p.strip())]
    if sum("=" in c for c in columns) >= 2:  # a × b = c   d × e = f   (dog): working printed in columns
        parts = [c for c in columns if "=" in c]
    if s.count("$") >= 2:  # each $…$ span is a clause of its own: "我:$μ = 0.47$,$σ = 0.2426$"
        parts = [x for p in parts for x in re.split(r"\$+", p)]
    split: list[str] = []
    for p in parts:  # "h1 - μ = 0.35 → 二乗 0.1225": the value, then another named after an arrow
        m = _THEN_NAMED.search(p)
        if m and "=" in p[:m.start()]:
            split += [p[:m.start()], f"{m.group(1)} = {m.group(2)}"]
        else:  # "p(cats) = 0.4922 → −ln p = 0.7089": two results, one after the other
            split += [x for x in re.split(r"\s+(?:→|⇒|->)\s+", p)] if p.count("=") >= 2 else [p]
    parts = split
    out: list[str | tuple[str, str] | Labelled] = []
    for p0 in parts:
        p0 = _POWER.sub("^", p0)  # 0.1**2: a program's power; any other ** is bold
        tries = [p0] + ([_closed(p0)] if p0.count("(") != p0.count(")") else [])  # as written; then, when that
        for p in tries:  # reads nothing, a bracket left open closed (loss = −(0×log(0.3) + … = 0.91)
            before = len(out)
            p = re.sub(r"\s+(?:and|und|et|then|so)$", "", p.replace("$", " ").replace("**", "").strip().rstrip(".。,， "))
            p = re.sub(r"^([^\s=≈≒←]{1,20})\s*←\s*", r"\1_new = ", p)  # "w₂ ← 0.3852": the updated value, named
            aside = _ASIDE.search(p)
            if aside and re.search(r"[^\W\d_]{3,}", aside.group(1)) and not _CALL.match(aside.group(1)):
                p = p[:aside.start()]  # "√2 ≈ 1.4142 (dans le vrai modèle ce serait √64 = 8)": a remark after it
            if not any(r in p for r in "=≈≒"):
                continue
            m = _MATH_START.search(p)
            if m is None:
                continue
            piece = p[m.start():].strip()
            lhs = _lhs(p)
            got = labelled(p) if lhs else None  # "For sea: μ = (1.2 + 0.8)/2 = 1.0"
            whole = lhs.group(1).strip() if lhs else ""  # ∂net_o1/∂out_h1 = w_5 = 0.40: a derivative names it whole
            name = whole if derivative(whole) or (_CALL_NAME.fullmatch(whole) and not _CALL.match(whole)) else \
                re.split(r"[\s:：*]+", whole)[-1] if lhs else ""  # ScaledScore(Q_cat, K_The): a call names it whole
            cut = m.start() == 0 or not re.match(r"[\w^_]", p[m.start() - 1])  # "σ^2 = …" is no "2 = …"
            if _chain(p) is not None:
                out.append(p)
            elif got is not None:
                out.append(Labelled(*got))
            elif cut and _chain(piece) is not None:  # "tea → green is 0.8157 / 1.4142 = 0.5768"
                out.append(piece)
            elif (later := _later_start(p, m.start())) is not None:  # "position 1: the pair is sin(1) ≈ 0.8415"
                out.append(later)
            elif (after := _after_symbols(p)) is not None:  # "the loss is −ln p(divano) = −ln 0.5433 = 0.6101"
                out.append(Labelled(*after))
            elif lhs and _named_result(name, p[lhs.end():]) and not _ideal(lhs.group(0), p[lhs.end():]):
                whole = lhs.group(1).strip()  # "h1 - μ = 0.35" is named by its formula, "For cat: σ = 0.24" by σ
                out.append((whole if step_hint(whole) else name, V.number(p[lhs.end():]) or ""))
            elif lhs and (sym := _symbolic_result(p[lhs.end():])) is not None and _named_result(name, sym):
                out.append((name, V.number(sym) or ""))  # "∂L/∂y = y − t = −0.2891": its formula, then its value
            if len(out) > before:
                break
    return out


_CALL_NAME = re.compile(r"[^\W\d][\w{}\\]{1,30}\([^()=]{1,40}\)")  # score(q_cat, k_the): a step of two rows
_WORD_NUMBER = re.compile(r"([^\W\d][^\s=:：]{0,15})\s*[:：=]?\s*(" + V.NUMBER.pattern + r")")
_ASIDE = re.compile(r"\s+\(([^()]*)\)\s*$")
_CALL = re.compile(r"\s*(?:exp|ln|log|sqrt|sin|cos|tanh|softmax|sigmoid|max)\b", re.IGNORECASE)
_IS_RESULT = re.compile(r"(?<![\w-])(mean|variance|std|sum|loss|total|average|平均|分散|合計|平均值|均值|方差|평균|분산|합계|"
                        r"总和|總和|tổng)(?:\s+(?:of(?: the)?|các|của)\s+\$?[\w^{}]{1,8}\$?)?"  # "the sum of e^z is",
                        # "tổng các e^z là", "a loss of 0.0360"; 总和 6.8: a Chinese word needs no verb
                        r"(?:\s*(?:is|was|equals|comes to|of|là|は|为|是|은|는|이|가)|(?<=[\u4e00-\u9fff]))\s*[$`*]*\s*(" +
                        V.NUMBER.pattern + r")(?![\d.]*\s*[-+*/×·^(])", re.IGNORECASE)
_GRADIENT_OF = re.compile(r"(?i:gradient|derivative)\s+(?:for|of|w\.\s?r\.\s?t\.?|with respect to)\s+[`$*]*"
                          r"([A-Za-z](?:_?\{?\w{1,6}\}?)?)[`$*]*\s*(?:[:=]|is|was|equals|comes to)\s*[`$*]*(" +
                          V.NUMBER.pattern + r")(?![\d.]*\s*[-+*/×·^(])")
_THEN_NAMED = re.compile(r"\s*(?:→|->|⇒)\s*([^\W\d][^\s=]{0,15})\s+(" + V.NUMBER.pattern + r")\s*$")


def _ideal(lhs: str, value: str) -> bool:
    """``mean ≈ 0, std ≈ 1``: a whole number said to be only near a step is what the step aims at, no result (a result
    is stated with its decimals, ``≈ 0.000``)."""
    num = V.number(value)
    return "=" not in lhs and num is not None and re.fullmatch(r"-?\d+", num) is not None


def _named_result(name: str, value: str) -> bool:
    """``sum = 4.4872`` or ``y = 0.7109``: one number under a name that suggests a step, or under a symbol that
    may carry a result when the number has decimals (settings are whole numbers or names of their own); a
    derivative (∂L/∂w = −16) is a result whatever its number."""
    num = V.number(value)
    if num is None:
        return False
    d = derivative(name)
    return step_hint(name) is not None or d is not None and d[0] != d[1] or (  # (∂L/∂L = 1: the seed, no result)
        result_name(name) and ("." in num or "e" in num.lower()))


def _vector_result(line: str) -> list[str] | None:
    """The vector ending ``z3 = 0.47 v1 + 0.20 v2 = (0.43, 0.49)`` when the working before it is written in the
    document's names (rows it does not print again), else None."""
    parts = re.split(r"\s*[=≈≒]\s*", _unpunctuated(line))
    if len(parts) == 2 and re.match(r"[^:：]{1,30}[:：]", parts[0]):  # la : 0.32·v_la + 0.30·v_pluie = (…)
        parts = re.split(r"\s*[:：]\s*", parts[0], maxsplit=1) + parts[1:]
    if len(parts) < 3:
        return None
    tail = parts[-1].strip()
    arr = V.array("[" + tail[1:-1] + "]") if tail[:1] in "([" and tail[-1:] in ")]" else None
    if arr is None or not arr or isinstance(arr[0], list) or len(arr) < 2:
        return None
    return arr if re.search(r"[^\W\d_]", " ".join(parts[1:-1])) else None


def _symbolic_result(rest: str) -> str | None:
    """The number ending ``y − t = −0.2891`` when what comes before it is a formula in names only (no number to
    check): the value the line names; else None."""
    parts = re.split(r"\s*[=≈≒]\s*", rest)
    if len(parts) < 2 or V.number(parts[-1]) is None:
        return None
    formula = " ".join(parts[:-1])
    return parts[-1] if re.search(r"[^\W\d_]", formula) and not re.search(r"(?<![\w^_])\d*\.\d|(?<![\w^_])\d{2,}", formula) \
        else None


def _after_symbols(p: str) -> tuple[str, str] | None:
    """A chain whose first parts are written in symbols: the working after them, named by the last of them
    (``−ln p(divano) = −ln 0.5433 = 0.6101``)."""
    parts = re.split(r"\s*[=≈≒]\s*", p)
    for i in range(1, min(len(parts) - 1, MAX_STARTS + 1)):
        rest = p[p.index(parts[i], sum(len(x) for x in parts[:i])):]
        if re.match(r"-?\s*(?:ln|log|exp|sqrt|√|\(|\d|\.\d)", parts[i]) and _chain(rest) is not None:
            got = re.search(r"(?:-?\s*(?:ln|log)\s+)?\S+$", parts[i - 1].strip())  # −ln p(divano), L
            name = got.group(0) if got else ""
            return name, rest
    return None


def _later_start(p: str, first: int) -> str | None:
    """The working that starts at a later place where mathematics may start, before the first relation sign."""
    rel = min((p.find(r) for r in "=≈≒" if r in p), default=-1)
    for m in islice(_MATH_START.finditer(p, first + 1), MAX_STARTS):
        if m.start() >= rel:
            return None
        if re.match(r"[\w^_]", p[m.start() - 1]):
            continue
        if _chain(p[m.start():]) is not None:
            return p[m.start():]
    return None


_INLINE_NAMED = re.compile(r"(?:^|(?<=[\s$(,;:]))([^\s=,;:$()\[\]]{1,40}?(?:\([^()\s=]{1,30}\))?)\s*=\s*([(\[])\s*(" +
                           V.NUMBER.pattern +
                           r"(?:\s*,\s*" + V.NUMBER.pattern + r")+)\s*[)\]]")


_INLINE_APPROX = re.compile(_INLINE_NAMED.pattern.replace(r"\s*=\s*([(\[])", r"\s*≈\s*([(\[])", 1))
_KEYWORD_ARG = re.compile(r"[\w.]\((?:[^()]|\([^()]*\))*$")  # inside a call still open: its keyword arguments
_CHAIN_VECTOR = re.compile(r"^\s*([^\s=,;:$\d][^=,;:$]{0,39}?)\s*=((?:[^=]+=)+)\s*([(\[])\s*(" + V.NUMBER.pattern +
                           r"(?:\s*,\s*" + V.NUMBER.pattern + r")+)\s*[)\]]\s*[.。]?\s*$")
# a chain whose last side is a vector and whose side before it is a formula: the vector is the first side's
_PROSE_WORD = re.compile(r"(?<![\\\w])[^\W\d_]{3,}")  # "with", "and": a sentence, not a formula (\partial is TeX)
_TERM_BEFORE = re.compile(r"(?:\d|[+*·×/]|\d\s*-)\s*(?:\\,)?\s*$")  # a coefficient or an operator: the name is a term, not an lhs
_PRODUCT_BEFORE = re.compile(r"(?:[⊙∘]|\\(?:odot|circ))\s*$")  # ∂L/∂x̂ = ∂L/∂y ⊙ γ = (…): a product's result, unnamed
_NAME_TIMES = re.compile(r"(?:^|(?<=[\s(,;:]))([^\W\d][^\s=,;:$()\[\]·⋅*×]{0,10})\s*[·⋅]\s*$")
_INLINE_MATRIX = re.compile(r"(?:^|(?<=[\s(,;:]))([^\s=,;:()\[\]]{1,40}?)\s*=\s*(?:(\(?\s*" + V.NUMBER.pattern +
                            r"\s*\)?(?:\s*/\s*\(?\s*" + V.NUMBER.pattern + r"\s*\)?)?)\s*[·⋅×*]\s*)?(?=\[\s*\[)")
# W = [[…]], or a number times the matrix: W^O = (1)/(2) · [[1, 0, 1, 0], …] (\frac{1}{2} \cdot, as TeX writes it)


def _scalar(text: str) -> Fraction | None:
    """A factor written before a matrix: 0.5, (1)/(2), 1/2 (None when it divides by zero)."""
    parts = [V.number(p.strip().strip("()").strip()) for p in text.split("/")]
    if any(p is None for p in parts):
        return None
    num = Fraction(parts[0])  # type: ignore[arg-type]
    den = Fraction(parts[1]) if len(parts) > 1 else Fraction(1)  # type: ignore[arg-type]
    return num / den if den else None


def _inline_named(s: str) -> list[tuple[str, list]]:
    """The vectors and matrices a sentence names: ``x_{sun} = (0.5, 0.2)``, ``q = [0.44, 0.25]`` (tuples need
    commas), ``W1 = [[0.7, -0.5], [0.4, 0.6]]``, in the order written; a step's name before ≈ too."""
    if "=" not in s and "≈" not in s:
        return []
    s = s.replace("$", " ").replace("`", " ")
    found = [(m.start(), "" if _PRODUCT_BEFORE.search(s[:m.start()]) else _name(m.group(1)),
              [V.number(x) for x in m.group(3).split(",")])
             for m in _INLINE_APPROX.finditer(s) if step_hint(_name(m.group(1)))  # 权重 ≈ [0.85, 0.15]: a step's
             ] + [(m.start(), "" if _PRODUCT_BEFORE.search(s[:m.start()]) else _name(m.group(1)),
                   [V.number(x) for x in m.group(3).split(",")])
             for m in _INLINE_NAMED.finditer(s) if not _TERM_BEFORE.search(s[:m.start()])  # "+ 0.1440 v_1 = (…)"
             and not _KEYWORD_ARG.search(s[:m.start()])]  # plt.figure(figsize=(1.5, 4.5)): a call's setting
    chain = _CHAIN_VECTOR.match(s)
    if chain and re.search(r"[-+−/()]", chain.group(2).rsplit("=", 1)[0]) and \
            not _PROSE_WORD.search(chain.group(1) + chain.group(2)) and not re.search(r"[\[\],]", chain.group(2)):
        # ∂L/∂u = p − y = (0.70, −0.77, …); not k = [0.2, -0.3]   v = [0.1, 0.8], two vectors side by side
        found = [f for f in found if f[0] < chain.start(2)]  # the chain's first side names it, not y of p − y
        found.append((chain.start(1), _name(chain.group(1)), [V.number(x) for x in chain.group(4).split(",")]))
    for m in _INLINE_NAMED.finditer(s):  # q₃ · kⱼ = [-0.03, 0.51]: a product of two names, a step's name
        left = _NAME_TIMES.search(s[:m.start()])
        if left and step_hint(f"{left.group(1)}·{_name(m.group(1))}") is not None:
            found.append((left.start(1), f"{left.group(1)}·{_name(m.group(1))}",
                          [V.number(x) for x in m.group(3).split(",")]))
    for m in _INLINE_MATRIX.finditer(s):
        if _TERM_BEFORE.search(s[:m.start()]):
            continue
        end = V.closing(s, m.end())
        a = V.array(s[m.end():end + 1]) if end is not None else None
        factor = _scalar(m.group(2)) if m.group(2) else 1
        if a is not None and a and isinstance(a[0], list) and factor is not None:
            scaled = a if factor == 1 else V.scaled(a, factor)
            if scaled is not None:
                found.append((m.start(), _name(m.group(1)), scaled))
    found += [(at, name, a) for start, name0, a in found
              for at, name in _names_before(s, start, name0)]  # W_Q = W_K = W_V = [[1, 0], [0, 1]]
    return [(name, a) for _, name, a in sorted(found, key=lambda f: f[0])]


_CHAINED = re.compile(r"(?:^|(?<=[\s$(,;:]))(" + _IDENT.pattern + r")\s*=\s*$")


def _names_before(s: str, start: int, name: str) -> list[tuple[int, str]]:
    """The names set equal to the one at ``start`` before it (``W_Q = W_K = W_V = [[0, 1], [1, 0]]``): each names
    the same array, when every one of them names a given (``Z = AV = […]`` is a product's result, not two names)."""
    out = []
    while (m := _CHAINED.search(s[:start])) is not None:
        out.append((m.start(1), _name(m.group(1))))
        start = m.start(1)
    return out if _given_names([name] + [n for _, n in out]) else []


_LABEL_PREFIX = re.compile(r"([^\W\d_]{1,8})\s*[:：]\s*(\S.{0,40})")


def unprefixed_labels(found: Items) -> None:
    """A table's labels that all say their role before the word (pandas' ``q:Paris``, ``k:Paris``; ``Query: cat``)
    are the words themselves: the tokens a model's rows and columns are named by."""
    def plain(labels: list[str] | None) -> list[str] | None:
        got = [_LABEL_PREFIX.fullmatch(lab.strip()) for lab in labels or []]
        if len(got) < 2 or None in got or len({m.group(1) for m in got if m}) != 1:
            return labels
        words = [m.group(2).strip() for m in got if m]
        return words if len(set(words)) == len(words) else labels

    for x in found.found:
        if isinstance(x, Table):
            x.row_labels, x.col_labels = plain(x.row_labels), plain(x.col_labels)


def rebound_names(found: Items) -> None:
    """A name the code binds to an input of its own and then to a result (``x = np.array([[2, 2, 3]])``, then
    ``x = layer_norm(x, …)``, as a REPL session writes it): the result's name is the variable's, which says
    nothing of its role; it is read as an unnamed array."""
    inputs: dict[str, list] = {}
    for x in found.found:
        if not isinstance(x, Named) or not x.name:
            continue
        if x.literal and not is_output(x.line):  # (a notebook's printed "Mean: tensor(…)" is no input typed)
            inputs[x.name] = x.array
        elif x.name in inputs and V.shape(x.array) == V.shape(inputs[x.name]) and \
                _values(x.array) != _values(inputs[x.name]):
            x.name = ""


def _values(arr) -> list:
    """An array's numbers, as floats (1 and 1. alike), in order."""
    out = []
    for c in arr:
        if isinstance(c, list):
            out += _values(c)
        else:
            n = V.number(c) if isinstance(c, str) else None
            out.append(float(n) if n is not None else c)
    return out


MAX_ALIAS_LOOKBACK = 256  # items looked back through for the array an alias (W_K = W_Q) names
_ALIAS = re.compile(r"([A-Za-z_]\w{0,30})\s*=\s*([A-Za-z_]\w{0,30})\s*;?")


def _aliased(s: str, out: Items, n: int, context: list[str]) -> Named | None:
    """``W_K = W_Q``: a given named again for another role, in code: the earlier array under the new name;
    None unless both names are givens' and the earlier one is read."""
    m = _ALIAS.fullmatch(s)
    if m is None or m.group(1) == m.group(2) or not _given_names([m.group(1), m.group(2)]):
        return None
    recent = islice(reversed(out.found), MAX_ALIAS_LOOKBACK)  # (a bounded look: thousands of alias lines stay linear)
    earlier = next((x for x in recent if isinstance(x, Named) and x.name == m.group(2)), None)
    if earlier is None:
        return None
    return replace(earlier, name=m.group(1), line=n, at=_at(context, n), row_lines=None, alias=m.group(2))


def _given_names(names: list[str]) -> list[str]:
    """Names set equal, when each names a given (W_Q1 = W_K1 = W_V1 = …), else none."""
    return names if all(role(n) is not None for n in names) else []


def _inline_arrays(s: str) -> list:
    """The numeric arrays inside a sentence ("is [0.38, 0.41]", "matrix: [[1, 2], [3, 4]]")."""
    out: list = []
    k = 0
    while True:
        k = s.find("[", k)
        if k < 0:
            return out
        end = V.closing(s, k)
        if end is None:
            return out
        a = V.array(s[k:end + 1])
        if a is not None:
            out.append(a)
        k = end + 1


def _cells(s: str) -> list[str]:
    return [c for c in _CELL.findall(s) if c not in ("|", ",")]


def _kind(cell: str) -> str:
    if V.number(cell) is not None:
        return "n"
    if V.blank(cell) and cell not in (".", "·"):
        return "b"
    if cell.startswith("[") and V.array(cell) is not None:
        return "v"
    return "w"


_PAIR = re.compile(r"([^\W\d]\w{0,15})\s*=\s*([-+]?" + V.NUMBER.pattern + r")")
_PAIRS = re.compile(r"\s*(?:" + _PAIR.pattern + r"[,;]?\s+)+" + _PAIR.pattern + r"[,;.]?\s*")
_INDEX_LINE = re.compile(r"(?:\[\d{1,3}\]\s*){2,}|(?:\[,\d{1,4}\]\s*)+")  # [0] [1] …; R's [,1] [,2] …
_REFERENCE_MARK = re.compile(r"\[\d{1,3}\]\s+(?=[^\W\d_])")  # [1] 斋藤康毅, [2] Vaswani et al.: not R's [1] 0.5
_INDEX_CELL = re.compile(r"\[\d{1,3},?\]")  # [2]; R's [2,] before a matrix's row


def _row(s: str) -> tuple[str | None, list[Cell]] | None:
    """(label, numeric cells) when the line is a table row: an optional label (a word, or an index ``[2]``), then
    numbers or vectors. A line of indices only (``[0] [1] [2]``) is a header, no row."""
    cells = _cells(s)
    if not cells or all(_INDEX_CELL.fullmatch(c) for c in cells):
        return None
    if len(cells) >= 2 + (not cells[0].endswith(",]")) and _INDEX_CELL.fullmatch(cells[0]) and \
            all(V.number(c) is not None for c in cells[1:]):
        label = None if cells[0].endswith(",]") else cells[0][1:-1]  # R's [2,] only counts the rows
        return label, [V.number(c) for c in cells[1:]]
    kinds = [_kind(c) for c in cells]
    label = None
    if len(cells) >= 3 and kinds[:2] == ["n", "w"] and cells[0].isdigit() and len(cells[0]) <= 3:
        cells, kinds = cells[1:], kinds[1:]  # "2   çok   0.9093 …": a position's number, then its word
    if kinds[0] == "w" or kinds == ["n", "v"]:  # "▁cat [0.1 0.2]"; print(T, p) in a loop: "0.5 [0.76 0.03]"
        label, cells, kinds = cells[0], cells[1:], kinds[1:]
    if not cells or any(x == "w" for x in kinds) or (label is None and len(cells) < 2):
        return None
    if all(kd == "b" for kd in kinds):
        return None
    out: list[Cell] = [V.number(c) if kd == "n" else None if kd == "b" else V.array(c)  # type: ignore[misc]
                       for c, kd in zip(cells, kinds)]
    if any(isinstance(c, list) and c and isinstance(c[0], list) for c in out):
        return None
    return label, out


def _heads_above(lines: list[str], k: int) -> list[str] | None:
    """The words of the line above row k when it holds two or more short words and nothing else (not a
    sentence's end): the heads of the columns below it."""
    k = _over_rule(lines, k)
    if k == 0:
        return None
    prev = V.clean(lines[k - 1]).strip()
    cells = _cells(prev)
    head = [_label(c) for c in cells]
    ends = prev.endswith(_HEADING_END) and not (len(cells) >= 3 and cells[-1] in (".", "。"))  # "… pescado  .":
    ok = len(head) >= 2 and all(_kind(c) == "w" and len(c) <= 24 for c in head) and not ends and \
        not prev.endswith("=")  # the full stop is a word of the vocabulary; "W_Q =": the rows' name, no heads
    return head if ok else None


_PIPE_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(?:[+|]\s*:?-{3,}:?\s*)+\|?")  # |-----+-----| (Org), |---|---|


def _over_rule(lines: list[str], k: int) -> int:
    """Row k, or the rule's line when a pipe table's rule (Org's ``|----+----|``, Markdown's ``|---|---|``)
    stands between row k and its header: the lines above that are the table's header and name."""
    return k - 1 if k > 0 and _PIPE_RULE.fullmatch(V.clean(lines[k - 1]).strip()) else k


def _signature(cells: list[Cell]) -> tuple:
    return tuple(len(c) if isinstance(c, list) else 0 for c in cells)  # a blank cell has a number's shape


def _table(lines: list[str], k: int, first_line: int, context: list[str]) -> tuple[Table | None, int]:
    line = V.clean(lines[k]).strip()
    first = _row(line) if not V.wrapped(line) else None  # tensor([[[-1.2955e+00,  2.0290e+00, (a row wrapped)
    if first is None:
        return None, 1
    sig = _signature(first[1])
    rows = [first]
    used = 1
    while k + used < len(lines):
        r = _row(V.clean(lines[k + used]).strip())
        if r is None or _signature(r[1]) != sig or (r[0] is None) != (first[0] is None):
            break
        rows.append(r)
        used += 1
    if len(rows) < 2 and not (first[0] is not None and len(first[1]) >= 2) and \
            not (len(first[1]) >= 2 and len(_heads_above(lines, k) or ()) == len(sig)):
        return None, 1  # one row of numbers is a table only under as many words (| time | king | … |)
    if first[0] is not None and len(rows) >= 2 and len(sig) >= 3 and len({r[0] for r in rows}) == 1 and \
            V.counting([r[1][0] for r in rows]):  # riga 1 … riga 4: the row's name is the word and its number
        rows = [(f"{r[0]} {r[1][0]}", r[1][1:]) for r in rows]
        sig = sig[1:]
        while k + used < len(lines):  # then a row of the same width under a name of its own (bias)
            r = _row(V.clean(lines[k + used]).strip())
            if r is None or r[0] is None or _signature(r[1]) != sig:
                break
            rows.append(r)
            used += 1
    col_labels = None
    head = _heads_above(lines, k)
    if head is not None:
        if len(head) == len(sig):
            col_labels = head
        elif len(head) in (len(sig) + 1, len(sig) + 2):  # "p  kelime  p/w_0 …": the rows' heads, then theirs
            col_labels = head[len(head) - len(sig):]
    labels = [_label(r[0] or "") for r in rows] if first[0] is not None else None
    n = first_line + k
    name = ""
    ruled = head is not None and _over_rule(lines, k) < k  # a pipe table's header and rule: its name is above
    top = k - 2 if ruled else k
    j = top - 1 if top > 0 and V.clean(lines[top - 1]).strip() else top - 2  # the line above, or above a gap
    if (col_labels is None or ruled) and j >= 0:  # "Verilen gömmeler (x):" or "x + PE:" above the rows: their name
        above = _TABLE_NAME.fullmatch(V.clean(lines[j]).strip())
        name = above.group(1).strip() if above and len(above.group(1).split()) <= 3 else ""  # not a sentence
    return Table([r[1] for r in rows], labels, col_labels, n, _at(context, n), name,
                 [n + r for r in range(len(rows))]), used


_STEM = re.compile(r"(.{1,12}?)_?(\d{1,2})")


def vector_column(table: Table) -> Table:
    """``| Token | $E_i$ |`` over ``| The | [0.1, 0.2, 0.3] |``: a table of one column whose every cell is a vector
    of one length is a matrix, a row per label (a column headed as a weight, Q, K, V or the input, or one whose
    rows are numbered positions, is read as such where those are gathered)."""
    cells = [r[0] if len(r) == 1 else None for r in table.rows]
    if not (table.col_labels and len(table.col_labels) == 1 and len(cells) >= 2 and
            role(table.col_labels[0]) is None and
            not any(role(w) == "X" for w in re.split(r"[\s()（）:]+", table.col_labels[0]) if w) and
            table.row_labels is not None and all(V.number(lab) is None for lab in table.row_labels) and
            all(isinstance(c, list) and len(c) >= 2 and all(isinstance(x, str) for x in c) for c in cells) and
            len({len(c) for c in cells if c is not None}) == 1):
        return table
    return replace(table, rows=[list(c) for c in cells if c is not None], col_labels=None,
                   name=table.name)


def _by_stems(table: Table) -> list[Table]:
    """A spreadsheet's matrices side by side, their columns headed by a given's name and the column's number
    (``Wq1 Wq2 Wk1 Wk2 Wv1 Wv2``, ``Q1 Q2 K1 K2``): a table per name, each over the same rows. Any other table
    is itself."""
    cols = table.col_labels
    got = [_STEM.fullmatch(c) for c in cols or ()]
    if not cols or not all(got) or any(isinstance(c, list) for r in table.rows for c in r):
        return [table]
    stems: list[str] = []
    for m in got:
        if not stems or stems[-1] != m.group(1):  # type: ignore[union-attr]
            stems.append(m.group(1))  # type: ignore[union-attr]
    if len(stems) < 2 or len(set(stems)) != len(stems) or any(role(x) is None for x in stems):
        return [table]
    out, j = [], 0
    for stem in stems:
        width = sum(1 for m in got if m is not None and m.group(1) == stem)
        numbers = [m.group(2) for m in got[j:j + width]]  # type: ignore[union-attr]
        if width < 2 or not V.counting(numbers):  # Wq_1 Wk_1 Wv_1: the first head's, no columns of one matrix
            return [table]
        out.append(Table([r[j:j + width] for r in table.rows], table.row_labels, None, table.line, table.at, stem,
                         table.row_lines))
        j += width
    return out


_ROOT_SAID = re.compile(r"(?:√|\bsqrt)\s*[({]?\s*(?:d_?\{?k\}?\s*=\s*)?(\d{1,4})\s*[)}]?\s*(?:≈|≃|=|~)\s*\$?\s*"
                        r"(\d+\.\d{2,})(?![\d.])")


def _said_root(s: str) -> str | None:
    """The number a sentence gives a square root of a whole number as (``√2 ≈ 1.4142``, ``sqrt(d_k = 3) =
    1.732``), when it is that root to its digits (a scale's divisor, a claim as the scale); else None."""
    m = _ROOT_SAID.search(V.tex_plain(V.clean(s)))
    if m is None:
        return None
    n, text = int(m.group(1)), m.group(2)
    dec = len(text.split(".")[1])
    return text if n >= 2 and abs(float(text) - n ** 0.5) <= 0.5 * 10 ** -dec * (1 + 1e-9) else None


def _by_heads(table: Table, head: list[str] | None) -> list[Table | Named] | None:
    """Matrices side by side in a plain-text block, each named once above its own columns (``Wquery  Wkey
    Wvalue`` over six columns of numbers): a table per name, as many columns each, over the same rows; and one
    block under a word for its rows and the block's name (``word  inputs``): that name's table. Else None."""
    if head is None or table.col_labels is not None or any(isinstance(c, list) for r in table.rows for c in r):
        return None
    width = len(table.rows[0])
    if table.row_labels is not None and len(head) == 2 and width >= 2 and role(head[1]) == "X" and not table.name:
        return [Named(head[1], [list(r) for r in table.rows], table.line, table.at, table.row_labels, None,
                      table.row_lines)]
    if len(head) < 2 or width % len(head) or width // len(head) < 2 or any(role(h) is None for h in head) or \
            len({role(h) for h in head}) != len(head):
        return None
    w = width // len(head)
    return [Named(h, [list(r[j * w:(j + 1) * w]) for r in table.rows], table.line, table.at, table.row_labels, None,
                  table.row_lines) for j, h in enumerate(head)]


_TABLE_NAME = re.compile(r"([^\d:：=]{1,40}?|[^\W\d][\w^']{0,15})\s*[:：=]")  # a short line without numbers, ending
# in a colon (W_Q =), or a symbol's name with its index (W1 =)


def _context(context: list[str], s: str) -> None:
    """A short line without sentence punctuation is a heading; any other line (a speaker's line in a dialogue,
    marked by an emoji, included) is the sentence before what follows."""
    t = re.sub(r"^[^\w\[(（「#]+", "", s).strip().lstrip("#").strip()
    if not t:
        return
    if t == s.lstrip("#").strip() and len(t) <= 30 and not t.endswith(_HEADING_END) and not re.search(r"[、。，！？]", t):
        context[0], context[1] = t, ""
    else:
        context[1] = t


def _at(context: list[str], line: int) -> str:
    head, sentence = context
    what = head or G.clip(sentence, 50) or "the document"
    return f"{G.clip(what, 60)} ({where(line)})"


CELL = 1_000_000  # a notebook's cell k, line j is k·CELL + j (its outputs from k·CELL + OUTPUT); past MAX_LINES
OUTPUT = 500_000  # no text document reaches these numbers (at most MAX_LINES lines are read)


def cell_line(cell: int, line: int, output: bool = False) -> int:
    """The number a notebook's line is carried as: ``where`` shows it as ``cell 3, line 2``."""
    return cell * CELL + (OUTPUT if output else 0) + line


def is_output(line: int) -> bool:
    """Whether a notebook's line is one its code printed (not code or Markdown)."""
    return line >= CELL and line % CELL > OUTPUT


def where(line: int) -> str:
    """A line as a reader finds it: ``line 12``, or in a notebook ``cell 3, line 2`` (``output line``)."""
    if line < CELL:
        return f"line {line}"
    cell, rest = divmod(line, CELL)
    if rest > OUTPUT:
        return f"cell {cell}, output line {rest - OUTPUT}"
    return f"cell {cell}, line {rest}"
