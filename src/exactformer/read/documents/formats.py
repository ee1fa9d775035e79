"""Front ends: plain text, Markdown (markdown-it-py), HTML (the standard library's parser), Jupyter notebooks
(json). Each turns a document into ``items.Items``; text inside them is read by ``items.scan``."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from ...errors import CaseError
from . import items as I
from . import values as V


def plain(text: str) -> I.Items:
    out = I.Items()
    I.scan(text, 1, out, ["", ""])
    return out


# ---- Markdown ---------------------------------------------------------------------------------------------
def markdown(text: str, first_line: int = 1, out: I.Items | None = None, context: list[str] | None = None) -> I.Items:
    from markdown_it import MarkdownIt

    out = out if out is not None else I.Items()
    context = context if context is not None else ["", ""]
    md = MarkdownIt("commonmark").enable("table")
    tokens = md.parse(text)
    k = 0
    while k < len(tokens):
        t = tokens[k]
        line = first_line + (t.map[0] if t.map else 0)
        if t.type == "heading_open":
            inline = tokens[k + 1]
            context[0], context[1] = I.G.clip(_plain_inline(inline.content), 60), ""
            out.heading(_plain_inline(inline.content))
            k += 3
            continue
        if t.type == "inline" and t.map is not None:
            I.scan(_markdown_text(t.content), line, out, context)
        elif t.type in ("fence", "code_block"):
            I.scan(t.content, line + (1 if t.type == "fence" else 0), out, context)
        elif t.type == "table_open":
            k = _md_table(tokens, k, line, out, context)
            continue
        k += 1
    return out


def _plain_inline(s: str) -> str:
    return re.sub(r"[*_`]", "", s).strip()


def _markdown_text(s: str) -> str:
    """Inline Markdown as the text a reader sees: emphasis marks and escapes dropped, maths kept."""
    s = s.replace("\\*", "×").replace("\\_", "_")
    return re.sub(r"(?<![\w$])[*_]{1,2}|[*_]{1,2}(?![\w$])|`", "", s)


def _md_table(tokens, k: int, line: int, out: I.Items, context: list[str]) -> int:
    rows: list[list[str]] = []
    header: list[str] = []
    while k < len(tokens) and tokens[k].type != "table_close":
        t = tokens[k]
        if t.type == "tr_open":
            rows.append([])
        elif t.type == "inline":
            rows[-1].append(_markdown_text(t.content).strip())
        k += 1
    if rows and not any(_cell(c) is not None for c in rows[0]):
        header, rows = rows[0], rows[1:]
    _add_table(header, rows, line, out, context)
    return k + 1


def _cell(text: str):
    t = V.clean(text).strip().strip("$").strip()
    n = V.number(t)
    if n is not None:
        return n
    a = V.array(t)
    if a is not None and a and not isinstance(a[0], list):
        return a
    return None


def _add_table(header: list[str], rows: list[list[str]], line: int, out: I.Items, context: list[str]) -> None:
    """A table from cells: a label column (when its cells are not numbers), then numbers or [vectors]."""
    if not rows:
        return
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    parsed = [[_cell(c) for c in r] for r in rows]
    label_col = all(p[0] is None for p in parsed)
    start = 1 if label_col else 0
    body = [p[start:] for p in parsed]
    if not body or not body[0]:
        return
    for r, raw in zip(body, rows):
        if any(c is None for c in r):
            out.skipped.append(f"line {line}: a table row with a cell that is not a number or a vector: "
                               f"{I.G.clip(' | '.join(raw), 80)}")
            return
    sig = {tuple(len(c) if isinstance(c, list) else 0 for c in r) for r in body}
    if len(sig) != 1:
        out.skipped.append(f"line {line}: a table whose rows have different shapes")
        return
    labels = [I.strip_role(r[0]) for r in rows] if label_col else None
    cols = [I.strip_role(h) for h in header[start:]] if header and len(header) - start == len(body[0]) else None
    out.found.append(I.Table(body, labels, cols, line, I._at(context, line)))  # type: ignore[arg-type]


# ---- HTML ---------------------------------------------------------------------------------------------------
_BLOCK = {"p", "div", "li", "pre", "br", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article",
          "blockquote", "dd", "dt", "figcaption"}
_SKIP = {"script", "style", "template", "noscript", "svg", "iframe", "object", "head"}


class _Html(HTMLParser):
    """Text by blocks (with their line), tables as cells, MathML tables as matrices, TeX annotations as text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, int, str]] = []  # (kind, line, text): kind "h", "t", "table", "math"
        self.buf: list[str] = []
        self.buf_line = 1
        self.skip = 0
        self.table: list[list[str]] | None = None
        self.table_line = 0
        self.cell: list[str] | None = None
        self.math: list[list[str]] | None = None
        self.math_cell: list[str] | None = None
        self.math_line = 0
        self.math_text: list[str] = []  # MathML text outside the table: "W", "Q", "=" names the matrix
        self.annotation: list[str] | None = None
        self.heading = False

    def flush(self) -> None:
        text = "".join(self.buf).strip()
        if text:
            self.blocks.append(("h" if self.heading else "t", self.buf_line, text))
        self.buf = []

    def handle_starttag(self, tag, attrs):
        if tag in _SKIP:
            self.skip += 1
            return
        if self.skip:
            return
        line = self.getpos()[0]
        if tag == "annotation" and dict(attrs).get("encoding", "").startswith("application/x-tex"):
            self.annotation = []
            return
        if tag == "math":
            self.math, self.math_line, self.math_text = [], line, []
        elif tag == "mtr" and self.math is not None:
            self.math.append([])
        elif tag == "mtd" and self.math is not None:
            self.math_cell = []
        elif tag == "table":
            self.flush()
            self.table, self.table_line = [], line
        elif tag == "tr" and self.table is not None:
            self.table.append([])
        elif tag in ("td", "th") and self.table is not None:
            self.cell = []
        elif tag in _BLOCK:
            self.flush()
            self.buf_line = line
            self.heading = tag in ("h1", "h2", "h3", "h4", "h5", "h6")

    def handle_endtag(self, tag):
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
            return
        if self.skip:
            return
        if tag == "annotation" and self.annotation is not None:
            self.buf.append(" " + "".join(self.annotation) + " ")
            self.annotation = None
        elif tag == "mtd" and self.math is not None and self.math_cell is not None:
            if self.math:
                self.math[-1].append("".join(self.math_cell))
            self.math_cell = None
        elif tag == "math" and self.math is not None:
            rows = [r for r in self.math if r]
            if rows:
                name = "".join(self.math_text).strip()
                self.blocks.append(("math", self.math_line, json.dumps({"name": name, "rows": rows})))
            self.math = None
        elif tag in ("td", "th") and self.table is not None and self.cell is not None:
            if self.table:
                self.table[-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "table" and self.table is not None:
            self.blocks.append(("table", self.table_line, json.dumps(self.table)))
            self.table = None
        elif tag in _BLOCK:
            self.flush()
            self.heading = False

    def handle_data(self, data):
        if self.skip:
            return
        if self.annotation is not None:
            self.annotation.append(data)
        elif self.math_cell is not None:
            self.math_cell.append(data)
        elif self.math is not None:
            if not self.math:  # before the table: the matrix's name (W, Q, =)
                self.math_text.append(data)
        elif self.cell is not None:
            self.cell.append(data)
        else:
            if not self.buf:
                self.buf_line = self.getpos()[0]
            self.buf.append(data)


def html(text: str) -> I.Items:
    p = _Html()
    p.feed(text)
    p.close()
    p.flush()
    out = I.Items()
    context = ["", ""]
    for kind, line, body in p.blocks:
        if kind == "h":
            context[0], context[1] = I.G.clip(" ".join(body.split()), 60), ""
            out.heading(" ".join(body.split()))
        elif kind == "t":
            I.scan(body, line, out, context)
        elif kind == "table":
            rows = json.loads(body)
            rows = [r for r in rows if r]
            header = rows[0] if rows and not any(_cell(c) is not None for c in rows[0]) else []
            _add_table(header, rows[1:] if header else rows, line, out, context)
        elif kind == "math":
            got = json.loads(body)
            cells = [[V.number(c) for c in r] for r in got["rows"]]
            if cells and all(c is not None for r in cells for c in r) and len({len(r) for r in cells}) == 1:
                arr = cells if len(cells) > 1 else cells[0]
                m = re.match(r"\s*(.{1,20}?)\s*=\s*[\[(]?\s*$", got["name"])
                out.found.append(I.Named(m.group(1) if m else _math_name(out), arr, line, I._at(context, line)))
    return out


def _math_name(out: I.Items) -> str:
    """A MathML matrix is named by the text just before it ("W_Q =")."""
    last = out.prose[-1] if out.prose else ""
    m = re.search(r"([^\s=]{1,20})\s*=\s*$", last)
    return m.group(1) if m else ""


# ---- notebooks -------------------------------------------------------------------------------------------
def without_binary_outputs(text: str) -> str:
    """The notebook without what cannot hold a worked example's numbers: outputs' images and other binary data
    (base64 ``image/png``, PDFs, widget state) and cells' attachments; only ``text/…`` outputs are kept. Text that
    is not a notebook's JSON is returned as it is (the reader says what is wrong with it)."""
    try:
        nb = json.loads(text)
    except json.JSONDecodeError:
        return text
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        return text
    for cell in nb["cells"]:
        if not isinstance(cell, dict):
            continue
        cell.pop("attachments", None)
        for o in cell.get("outputs", []) if isinstance(cell.get("outputs"), list) else []:
            if isinstance(o, dict) and isinstance(o.get("data"), dict):
                o["data"] = {k: v for k, v in o["data"].items() if isinstance(k, str) and k.startswith("text/")}
    if isinstance(nb.get("metadata"), dict):
        nb["metadata"].pop("widgets", None)
    return json.dumps(nb, ensure_ascii=False, indent=1)


def notebook(text: str, path: str) -> I.Items:
    try:
        nb = json.loads(text)
    except json.JSONDecodeError as e:
        raise CaseError(f"not a notebook: {e.msg}", file=path, line=e.lineno,
                        expected="a Jupyter notebook (JSON with a \"cells\" list)") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise CaseError("not a notebook", file=path, expected='a JSON object with a "cells" list',
                        found=type(nb).__name__)
    out = I.Items()
    context = ["", ""]
    for number, cell in enumerate(nb["cells"], start=1):
        if not isinstance(cell, dict):
            continue
        src = _joined(cell.get("source", ""))
        base = number * 10_000  # cell 3, line 2 → 30002: shown as "cell 3, line 2" by the caller
        if cell.get("cell_type") == "markdown":
            markdown(src, base + 1, out, context)
        elif cell.get("cell_type") == "code":
            I.scan(src, base + 1, out, list(context))  # code's own lines are not headings
            for o in cell.get("outputs", []) if isinstance(cell.get("outputs"), list) else []:
                if not isinstance(o, dict):
                    continue
                txt = _joined(o.get("text", "")) or _joined((o.get("data") or {}).get("text/plain", ""))
                if txt:
                    I.scan(txt, base + 5001, out, list(context))
    return out


def _joined(v) -> str:
    if isinstance(v, list):
        return "".join(x for x in v if isinstance(x, str))
    return v if isinstance(v, str) else ""
