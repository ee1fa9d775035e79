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
from dataclasses import dataclass, field

from ...errors import ParseError
from .. import grammar as G
from . import values as V

Cell = str | list  # a number's text, or a vector of them


@dataclass
class Named:
    name: str
    array: V.Array
    line: int
    at: str


@dataclass
class Table:
    rows: list[list[Cell]]
    row_labels: list[str] | None
    col_labels: list[str] | None
    line: int
    at: str


@dataclass
class Work:
    text: str
    label: tuple[str, str] | None  # ("鬼", "金棒") from "鬼→金棒:"
    line: int
    at: str


@dataclass
class Tokens:
    tokens: list[str]
    line: int


@dataclass
class Items:
    found: list = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # what could not be read, with its line
    prose: list[str] = field(default_factory=list)  # the text (for stated conventions: "causal", "√2")
    title: str | None = None  # the first heading, when the format marks headings

    def heading(self, text: str) -> None:
        self.prose.append(text)
        if self.title is None and text.strip():
            self.title = text.strip()


_ASSIGN = re.compile(r"^\s*(?:(?:let|var|const)\s+)?([^\s=:：→]{1,40}?)\s*(?:=|:=|：|:)\s*(.+)$")
_LABEL = re.compile(r"^\s*([^\s→:：]{1,20}?)\s*(?:→|->|⇒|➡)\s*([^\s→:：]{1,20}?)\s*[:：]?\s*$")
_INLINE_LABEL = re.compile(r"^\s*([^\s→:：]{1,20}?)\s*(?:→|->|⇒)\s*([^\s→:：]{1,20}?)\s*[:：]\s*(.+)$")
_TOKEN_LIST = re.compile(r"\[([^\[\]\d]{1,200})\]")
_CELL = re.compile(r"\[[^\[\]]*\]|" + V.NUMBER.pattern + r"|\S+")
_HEADING_END = tuple("。．.！!？?、，,：:")
MAX_LINES = 200_000
MAX_JOIN = 200  # lines a bracketed array may span


def scan(text: str, first_line: int, out: Items, context: list[str]) -> None:
    """Read a text's lines into ``out``; ``context`` is [heading, sentence], updated as lines pass."""
    lines = text.splitlines()[:MAX_LINES]
    label: tuple[str, str] | None = None
    k = 0
    while k < len(lines):
        raw = lines[k]
        s = V.clean(raw).strip()
        n = first_line + k
        if not s:
            k += 1
            continue
        out.prose.append(s)
        # a named array, possibly over several lines
        m = _ASSIGN.match(s)
        if m and _starts_array(m.group(2)):
            body, used = _join(lines, k, m.group(2))
            arr = V.array(body)
            if arr is not None:
                out.found.append(Named(_name(m.group(1)), arr, n, _at(context, n)))
                k += used
                continue
        lm = _LABEL.match(s)
        if lm and not any(ch.isdigit() for ch in s):
            label = (_label(lm.group(1)), _label(lm.group(2)))
            k += 1
            continue
        work, used = _work(lines, k, s)
        if work is not None:
            im = _INLINE_LABEL.match(work)
            if im:
                label, work = (_label(im.group(1)), _label(im.group(2))), im.group(3)
            out.found.append(Work(work, label, n, _at(context, n)))
            k += used
            continue
        pieces = _fragments(s) if any(r in s for r in "=≈≒") and any(ch.isdigit() for ch in s) else []
        for piece in pieces:  # "For cat: 0.20 × 0.21 + 0.37 × 0.13 = 0.0901, and 0.0901 / 1.4142 = 0.0637."
            out.found.append(Work(piece, label, n, _at(context, n)))
        table, used = _table(lines, k, first_line, context)
        if table is not None:
            out.found.append(table)
            label = None
            k += used
            continue
        if _starts_array(s):  # an array printed without a name: tensor([[…]]), array([…]), [[…]]
            body, used = _join(lines, k, s)
            arr = V.array(body)
            if arr is not None:
                out.found.append(Named("", arr, n, _at(context, n)))
                k += used
                continue
        inline = [a for a in _inline_arrays(s) if len(a) >= 2]
        if len(inline) == 1:  # "The context vector of sat is [0.3809, 0.4077]."
            out.found.append(Named("", inline[0], n, _at(context, n)))
        tm = _TOKEN_LIST.search(s)
        if tm:
            toks = [t.strip() for t in re.split(r"[,、，]", tm.group(1))]
            if len(toks) >= 2 and all(t and len(t) <= 30 and V.number(t) is None for t in toks):
                out.found.append(Tokens(toks, n))
        nxt = V.clean(lines[k + 1]).strip() if k + 1 < len(lines) else ""
        if not any(ch.isdigit() for ch in s) and _row(nxt) is None:  # (a table's header is not a heading)
            _context(context, s)
            label = None if not s.endswith((":", "：")) else label
        k += 1


def _starts_array(v: str) -> bool:
    v = V.clean(v).strip()
    return v.startswith(("[", "\\begin")) or re.match(r"(?:(?:np|numpy|torch|jnp)\.)?(?:tensor|array)\s*\(", v) \
        is not None


def _join(lines: list[str], k: int, first: str) -> tuple[str, int]:
    """The array's text from ``first`` on, joined over lines until its brackets close (or \\end{…})."""
    body = first
    used = 1
    while used < MAX_JOIN and k + used < len(lines):
        t = V.clean(body)
        if "\\begin" in t and "\\end" in t:
            break
        if "\\begin" not in t and t.count("[") <= t.count("]"):
            break
        body += "\n" + lines[k + used]
        used += 1
    return body, used


def _name(raw: str) -> str:
    return raw.strip().strip("$`*").strip()


def _label(raw: str) -> str:
    return strip_role(raw.strip().strip("$`*"))


def strip_role(label: str) -> str:
    """``鬼(Q)`` → ``鬼``: a table's label with its role in parentheses dropped."""
    return re.sub(r"\s*[(（][^()（）]{1,12}[)）]\s*$", "", label).strip()


def _work(lines: list[str], k: int, s: str) -> tuple[str | None, int]:
    if not any(ch.isdigit() for ch in s):
        return None, 1
    text, used = s, 1
    while k + used < len(lines):  # "[…] + […]" then "≈ [0.65, 0.57]" on the next line
        nxt = V.clean(lines[k + used]).strip()
        if nxt[:1] in ("=", "≈", "≒"):
            text += " " + nxt
            used += 1
        else:
            break
    if not any(r in text for r in "=≈≒"):
        return None, 1
    body = _INLINE_LABEL.match(text)
    expr = body.group(3) if body else text
    try:
        items, _ = G.parse_chain(expr)
    except ParseError:
        return None, 1
    lits = [G.literal_of(x) is not None or isinstance(x, G.Vec) for x in items]
    if len(items) < 2 or all(lits):
        return None, 1  # "0.5 = 0.50": nothing computed
    return text, used


_MATH_START = re.compile(r"exp\s*\(|ln\s*\(|log\s*\(|sqrt\s*\(|σ\s*\(|√|\(|\[|-?\d|\.\d")


def _fragments(s: str) -> list[str]:
    """The lines of working inside a sentence: split where a clause ends (outside brackets), each cut to where
    its mathematics starts; the pieces that read as a chain ``a = b``."""
    parts, depth, cur = [], 0, ""
    for k, ch in enumerate(s):
        depth += ch in "([{"
        depth -= ch in ")]}"
        end = ch in ";；。，、" or (ch == "," and s[k + 1:k + 2] == " " and not s[k + 2:k + 3].isdigit()) or \
            (ch in ":：" and s[k + 1:k + 2] == " ")
        if depth <= 0 and end:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        if not any(r in p for r in "=≈≒"):
            continue
        m = _MATH_START.search(p)
        if m is None:
            continue
        piece = p[m.start():].strip().rstrip(".。 ")
        try:
            items, _ = G.parse_chain(piece)
        except ParseError:
            continue
        if len(items) >= 2 and not all(G.literal_of(x) is not None or isinstance(x, G.Vec) for x in items):
            out.append(piece)
    return out


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
    if cell.startswith("[") and V.array(cell) is not None:
        return "v"
    return "w"


def _row(s: str) -> tuple[str | None, list[Cell]] | None:
    """(label, numeric cells) when the line is a table row: an optional label, then numbers or vectors."""
    cells = _cells(s)
    if not cells:
        return None
    kinds = [_kind(c) for c in cells]
    label = None
    if kinds[0] == "w":
        label, cells, kinds = cells[0], cells[1:], kinds[1:]
    if not cells or any(x == "w" for x in kinds) or (label is None and len(cells) < 2):
        return None
    out: list[Cell] = [V.number(c) if kd == "n" else V.array(c) for c, kd in zip(cells, kinds)]  # type: ignore[misc]
    if any(isinstance(c, list) and c and isinstance(c[0], list) for c in out):
        return None
    return label, out


def _signature(cells: list[Cell]) -> tuple:
    return tuple(len(c) if isinstance(c, list) else 0 for c in cells)


def _table(lines: list[str], k: int, first_line: int, context: list[str]) -> tuple[Table | None, int]:
    first = _row(V.clean(lines[k]).strip())
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
    if len(rows) < 2 and not (first[0] is not None and len(first[1]) >= 2):
        return None, 1
    col_labels = None
    if k > 0:
        prev = V.clean(lines[k - 1]).strip()
        head = [_label(c) for c in _cells(prev)]
        if len(head) >= 2 and all(_kind(c) == "w" and len(c) <= 24 for c in head) and \
                not prev.endswith(_HEADING_END):
            if len(head) == len(sig):
                col_labels = head
            elif len(head) == len(sig) + 1:
                col_labels = head[1:]
    labels = [_label(r[0] or "") for r in rows] if first[0] is not None else None
    n = first_line + k
    return Table([r[1] for r in rows], labels, col_labels, n, _at(context, n)), used


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


def where(line: int) -> str:
    """A line as a reader finds it: ``line 12``, or in a notebook ``cell 3, line 2`` (``output line``)."""
    if line < 10_000:
        return f"line {line}"
    cell, rest = divmod(line, 10_000)
    if rest > 5000:
        return f"cell {cell}, output line {rest - 5000}"
    return f"cell {cell}, line {rest}"
