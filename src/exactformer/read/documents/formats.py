"""Front ends: plain text, Markdown (markdown-it-py), HTML (the standard library's parser), Jupyter notebooks
(json). Each turns a document into ``items.Items``; text inside them is read by ``items.scan``."""

from __future__ import annotations

import html as html_lib
import json
import re
from html.parser import HTMLParser

from ...errors import CaseError, ParseError
from .. import grammar as G
from ..notes import Note, NoteKind
from . import graphs
from . import items as I
from . import program as P
from . import values as V
from .names import role, step_hint


def plain(text: str) -> I.Items:
    out = I.Items()
    I.scan(text, 1, out, ["", ""])
    return out


# ---- Markdown ---------------------------------------------------------------------------------------------
def markdown(text: str, first_line: int = 1, out: I.Items | None = None, context: list[str] | None = None) -> I.Items:
    from markdown_it import MarkdownIt

    out = out if out is not None else I.Items()
    context = context if context is not None else ["", ""]
    if first_line == 1:
        text = _front_matter(text, out)
    text = _IAL.sub("", text)  # kramdown's {: .table .table-sm} after a table (Jekyll): no row of it
    text = _in_display(text)
    md = MarkdownIt("commonmark").enable("table")
    run: P.Interpreter | None = None  # the post's Python, block after block, as a notebook's cells
    tokens = md.parse(_CODE_PIPE_ROW.sub(_code_pipes, text))
    for t in tokens:
        t.content = t.content.replace(_PIPE, "|")
    _join_continued(tokens)
    k = 0
    while k < len(tokens):
        t = tokens[k]
        line = first_line + (t.map[0] if t.map else 0)
        if t.type == "heading_open":
            inline = tokens[k + 1]
            context[0], context[1] = I.G.clip(_plain_inline(inline.content), 60), ""
            out.heading(_plain_inline(inline.content), line)
            k += 3
            continue
        if t.type == "inline" and t.map is not None:
            I.scan(_markdown_text(_image_maths(t.content)), line, out, context)
        elif t.type == "html_block" and (_HTML_TABLE.search(t.content) or _works_numbers(t.content)):
            html(t.content, line, out, context)  # a README's <table> of numbers; a post's <div> holding its maths
        elif t.type == "html_block":  # <p align="center"><img src="https://latex.codecogs.com/…?Q=\begin{bmatrix}…">
            for j, row in enumerate(t.content.splitlines()):
                tex = " ".join(_image_tex(html_lib.unescape(v)) for v in _IMG_ATTR.findall(row))
                if tex.strip():
                    I.scan(tex, line + j, out, context)
        elif t.type == "fence" and graphs.is_graph(t.info):  # ```mermaid: a computation graph, its edges' numbers
            at = line + 1
            drawn = graphs.working(t.content, at)
            out.found += [I.Work(w, None, n, I._at(context, n)) for w, n in drawn]
            out.code.append((line, first_line + (t.map[1] if t.map else 0)))
            if not drawn and graphs.numbers_on_edges(t.content):
                out.skipped.append(Note(f"{I.where(line)}: a graph whose edges' numbers its operators do not work "
                                        "(sizes or counts, as an architecture is drawn): not read", NoteKind.NOT_READ))
        elif t.type in ("fence", "code_block"):
            before = len(out.found)
            I.scan(t.content, line + (1 if t.type == "fence" else 0), out, context)
            out.code.append((line, first_line + (t.map[1] if t.map else 0)))
            if t.type == "fence" and _PYTHON_FENCE.fullmatch(t.info.strip().lower()):
                run = run or P.Interpreter()
                out.single = out.single or _in_float32(t.content)  # (a post of PyTorch prints float32 values)
                after = tokens[k + 1] if k + 1 < len(tokens) and tokens[k + 1].type == "fence" and \
                    _OUTPUT_FENCE.fullmatch(tokens[k + 1].info.strip().lower()) else None
                if after is not None:  # ```python, then ``` the output it printed
                    k += 1
                    at = first_line + (after.map[0] if after.map else 0) + 1
                    start = len(out.found)
                    I.scan(after.content, at, out, context)
                    out.code.append((at - 1, first_line + (after.map[1] if after.map else 0)))
                    _post_program(run, t.content, [(at + j, ln) for j, ln in enumerate(after.content.splitlines())],
                                  out, start, context)
                elif _REPL.search(t.content):  # >>> f(x), then what it shows, line by line
                    _repl(run, t.content, line + 1, out, before, context)
                else:
                    run.cell(t.content)
                _commented(run, lambda j, line=line: line + j, out, before, context)
        elif t.type == "table_open":
            k = _md_table(tokens, k, line, out, context)
            continue
        k += 1
    return out


# a paragraph that goes on with the working of the one before it: "= 0.05 * 2 + 0.25", "≈ 0.83", "$= \frac{1}{…}$"
_CONTINUED = re.compile(r"\s*\$*\s*(?:=|≈|\\approx)(?!=)")
_FORMULA = re.compile(r"[^\n]{0,300}[=≈][^\n]{0,300}")  # a line of working the next paragraph can go on with
MAX_CONTINUED = 12  # paragraphs one line of working runs over


def _join_continued(tokens) -> None:
    """A line of working written a step a paragraph (``neth1 = w11 * x1 + b``, then ``= 0.05 * 2 + 0.25``, then
    ``= 0.35``): the paragraphs that go on with it join the one that starts it, read as one line at the line of
    its last part (where its result is)."""
    k = 0
    while k < len(tokens):
        t = tokens[k]
        if t.type != "inline" or t.map is None or not _FORMULA.fullmatch(t.content.replace("\n", " ").strip()):
            k += 1
            continue
        parts, last, start = [t.content], k, k + 2  # (the next block starts after the paragraph's close)
        while len(parts) <= MAX_CONTINUED and (got := _continued(tokens, start, parts)) is not None:
            last, start, text = got
            parts.append(text)
        if last > k:
            t.content = " ".join(" ".join(p.split("\n")) for p in parts)
            t.map = tokens[last].map
            for x in tokens[k + 1:last + 1]:
                if x.type == "inline":
                    x.content, x.map = "", None
        k = last + 1


def _continued(tokens, i: int, parts: list[str]) -> tuple[int, int, str] | None:
    """The block starting at ``i`` as the next part of a line of working (its inline token, where the block after
    it starts, its text), or None: a paragraph that starts with = or ≈, or a one-item list that is the rest of a
    bracket left open (``(1`` then ``- out)) * oh1``: a line break before a minus makes a list)."""
    at = lambda j, kind: j < len(tokens) and tokens[j].type == kind  # noqa: E731
    if at(i, "paragraph_open") and at(i + 1, "inline") and tokens[i + 1].map is not None and \
            _CONTINUED.match(tokens[i + 1].content):
        return i + 1, i + 3, tokens[i + 1].content
    so_far = " ".join(parts)
    if at(i, "bullet_list_open") and tokens[i].markup == "-" and so_far.count("(") > so_far.count(")") and \
            at(i + 1, "list_item_open") and at(i + 2, "paragraph_open") and at(i + 3, "inline") and \
            at(i + 4, "paragraph_close") and at(i + 5, "list_item_close") and at(i + 6, "bullet_list_close"):
        return i + 3, i + 7, "- " + tokens[i + 3].content
    return None


_PYTHON_FENCE = re.compile(r"(?:python3?|py|ipython3?|pycon|jupyter|numpy|torch)(?:\s.*)?")
_OUTPUT_FENCE = re.compile(r"(?:text|txt|output|out|plaintext|console|result|)(?:\s.*)?")
_REPL = re.compile(r"^\s*>>> ", re.MULTILINE)


def _post_program(run: P.Interpreter, src: str, lines: list[tuple[int, str]], out: I.Items, start: int,
                  context: list[str]) -> None:
    """A post's Python block and the block of what it printed below it: each printed number the code computed,
    as the line of working it is (``program``); the arrays read from the output block are the program's when it
    accounts for all their numbers."""
    shown = run.cell(src)
    paired = P.pairs(shown, lines) if shown else None
    if not paired:
        return
    noise: list[tuple[int, str]] = []
    works = P.claims(paired[0], noise)
    out.skipped += [_noise_note(at, text) for at, text in noise]
    if paired[1] and works and P.explains(paired[0]):
        _mark_programmed(out.found[start:])
    _mark_echoes(out.found[start:], _literal_lines(paired[0]))
    _add_works(out, start, works, context)


def _literal_lines(pairs: list) -> set:
    """The output lines whose every printed number is a literal the code wrote (``y = np.array([0., 1.])`` then
    ``print(y)``), by each pair's line."""
    given: set = set()
    computed: set = set()
    for k, _, s in pairs:
        (given if s.given or s.count else computed).add(k)
    return given - computed


def _mark_echoes(items: list, lines: set, where=lambda k: k) -> None:
    """The arrays a program printed from numbers its code writes: an input restated, as a rule, not a result."""
    at = {where(k) for k in lines}
    for x in items:
        if isinstance(x, I.Named) and at and all(n in at for n in (x.row_lines or [x.line])):
            x.echo = True


def _commented(run: P.Interpreter, where, out: I.Items, start: int, context: list[str]) -> None:
    """The values the comments of the code just interpreted state (``print(a @ b)  # -> 32``): each a line of
    working at its comment's line (``where`` maps the code's line to the document's), unless the line is read as
    working already."""
    _add_works(out, start, P.comment_claims(run.commented), context, where)
    run.commented = []


def _add_works(out: I.Items, start: int, works: list[tuple[int, str]], context: list[str], where=None) -> None:
    """A program's lines of working (its line, the working; ``where`` maps that line to the document's), each a
    claim of its arithmetic, except on a line the items read since ``start`` already read as working (a line that
    prints its own formula is read as it prints it)."""
    written = {x.line for x in out.found[start:] if isinstance(x, I.Work)}
    for k, work in works:
        at = where(k) if where is not None else k
        if at not in written:
            out.found.append(I.Work(work, None, at, I._at(list(context), at), computed=True))


def _mark_programmed(items: list) -> None:
    """The arrays and tables read from an output every number of which the program accounts for."""
    for x in items:
        if isinstance(x, (I.Named, I.Table)):
            x.programmed = True


def _noise_note(at: int, text: str) -> Note:
    return Note(f"not read: {I.where(at)} {text}: float noise of the program's own arithmetic (its exact value is "
                "further off than float64's last places)", NoteKind.NOT_READ)


def _repl(run: P.Interpreter, text: str, first: int, out: I.Items, start: int, context: list[str]) -> None:
    """A REPL session in a post (``>>> x = np.array([1.0, 2.0])``, ``>>> softmax(x)``, then what it shows):
    each statement a cell, the lines below it its output."""
    src: list[str] = []
    shown: list[tuple[int, str]] = []

    def flush() -> None:
        if src:
            _post_program(run, "\n".join(src), shown, out, start, context)

    for j, ln in enumerate(text.splitlines()):
        m = re.match(r"\s*(>>>|\.\.\.)(?: |$)(.*)", ln)
        if m and m.group(1) == ">>>":
            flush()
            src, shown = [m.group(2)], []
        elif m:
            src.append(m.group(2))
        elif src:
            shown.append((first + j, ln))
    flush()


_UNDERLINE = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")


def _in_display(text: str) -> str:
    """A ``$$`` display whose product is written over lines, ``=`` alone on a line before the result: the ``=`` (or a
    ``-``) is maths, not the underline of a heading (CommonMark's setext) that would swallow the lines above it;
    indented, it stays a line of the paragraph (the document's line numbers are kept)."""
    if "$$" not in text:
        return text
    lines = text.split("\n")
    inside = False
    for k, line in enumerate(lines):
        if inside and _UNDERLINE.match(line):
            lines[k] = "    " + line.strip()
        inside ^= line.count("$$") % 2 == 1
    return "\n".join(lines)


_HTML_TABLE = re.compile(r"<table[\s>]", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")


def _works_numbers(block: str) -> bool:
    """Whether a block of HTML holds text, outside its tags, that works numbers: a line with = (or ≈) and a digit
    after it (``\\( z_1 = 0.1 \\times 0.4 = 0.04 \\)`` in a ``<div>``). Linear in the block."""
    for line in _TAG.sub(" ", block).splitlines():
        at = min((i for i in (line.find("="), line.find("≈")) if i >= 0), default=-1)
        if at >= 0 and any(ch.isdigit() for ch in line[at:]):
            return True
    return False
_CODE_PIPE_ROW = re.compile(r"(?m)^[ \t]*\|.*`[^`\n]*\|[^`\n]*`.*$")  # a table row with | inside a `code span`
_PIPE = "\ue000"  # a pipe kept inside a code span while the table is split into cells


def _code_pipes(m: re.Match) -> str:
    """A table row's code spans with their pipes kept (`<|endoftext|>` is one token in one cell, as its author
    meant it, not three cells)."""
    return re.sub(r"`[^`\n]*`", lambda c: c.group(0).replace("|", _PIPE), m.group(0))
_IAL = re.compile(r"(?m)^[ \t]*\{:[^{}\n]*\}[ \t]*$")
_FRONT = re.compile(r"\A(---|\+\+\+)[ \t]*\n(.*?)\n\1[ \t]*(?:\n|\Z)", re.DOTALL)


def _front_matter(text: str, out: I.Items) -> str:
    """Jekyll's YAML (``---``) or Hugo's TOML (``+++``) front matter: its title kept, its lines blanked (so the
    document's line numbers stay right)."""
    m = _FRONT.match(text)
    if m is None:
        return text
    t = re.search(r"(?m)^title\s*[:=]\s*(.+?)\s*$", m.group(2))
    if t:
        out.title = t.group(1).strip().strip("'\"")
    return "\n" * m.group(0).count("\n") + text[m.end():]


def _plain_inline(s: str) -> str:
    return re.sub(r"[*_`]", "", s).strip()


# maths kept as written: $…$, $$…$$, and a LaTeX environment written without dollars (docsify and MathJax pages
# render \begin{align} … \end{align} in the Markdown's own text: its _ and * are TeX's, not emphasis)
_MATH_SPAN = re.compile(r"(\$\$?)(?:[^$]|\\\$)+?\1|\\begin\{([a-z]+\*?)\}(?:(?!\\begin\{\2\}).)*?\\end\{\2\}", re.DOTALL)


_IMG_ATTR = re.compile(r"<img\b[^>]*?\bsrc\s*=\s*[\"']([^\"']*)[\"']", re.IGNORECASE)


def _image_maths(s: str) -> str:
    """Markdown images of equations (``![A](https://latex.codecogs.com/svg.latex?A%20%3D%20…)``) as the LaTeX they
    are made from, between $$; an image of anything else stays as it is."""
    out, k = [], 0
    while (start := s.find("![", k)) >= 0:
        mid = s.find("](", start)
        if mid < 0:
            break
        depth, end = 0, None
        for j in range(mid + 1, len(s)):
            depth += s[j] == "("
            depth -= s[j] == ")"
            if depth == 0:
                end = j
                break
        if end is None:
            break
        tex = _image_tex(s[mid + 2:end].split(" ")[0])
        out.append(s[k:start] + (f" $${tex}$$ " if tex else s[start:end + 1]))
        k = end + 1
    s = "".join(out) + s[k:]

    def html_image(m: re.Match) -> str:  # <img src="…svg.image?W_Q=…"> inside a paragraph, several on a line
        tex = _image_tex(html_lib.unescape(m.group(1)))
        return f" $${tex}$$ " if tex else m.group(0)
    return _IMG_TAG.sub(html_image, s) if "<img" in s.lower() else s


_IMG_TAG = re.compile(r"<img\b[^>]*?\bsrc\s*=\s*[\"']([^\"']*)[\"'][^>]*>", re.IGNORECASE)


def _markdown_text(s: str) -> str:
    """Inline Markdown as the text a reader sees: emphasis marks and escapes dropped, maths ($…$) kept as written."""
    out, k = [], 0
    for m in _MATH_SPAN.finditer(s):
        out += [_plain_markdown(s[k:m.start()]), m.group(0)]
        k = m.end()
    return "".join(out + [_plain_markdown(s[k:])])


def _plain_markdown(s: str) -> str:
    s = s.replace("\\*", "×").replace("\\_", "_")
    if "<su" in s:  # (0 - 0.966)<sup>2</sup>, w<sub>11</sub>: inline HTML a converted post keeps
        s = _HTML_SCRIPT.sub(lambda m: ("^(" if m.group(1) == "sup" else "_{") + m.group(2) +
                             (")" if m.group(1) == "sup" else "}"), s)
    if "\\[" in s:  # \[1, 0] · \[0, 1]: a bracket escaped (as an editor saves it), not MathJax's display maths
        s = "\n".join(_ESCAPED_OPEN.sub("[", _ESCAPED_CLOSE.sub("]", line)) if _ESCAPED_OPEN.search(line) else line
                      for line in s.split("\n"))
    # a * with a space on both sides is no emphasis (CommonMark's flanking rule): 0.1352 * 0.4 multiplies
    return re.sub(r"(?<![\w$\s])[*_]{1,2}|(?<=\s)[*_]{1,2}(?=[^\s*_])|[*_]{1,2}(?![\w$\s*_])|(?<!\s)[*_]{1,2}(?=\s)|`",
                  "", s)


_HTML_SCRIPT = re.compile(r"(?<=[\w)\]])<(sup|sub)>([^<>\[\]]{1,20})</\1>")
# \[0.5, …] or \[\[0, 1], …: a vector's bracket, closed on its line (\[ alone on a line opens MathJax's display)
_ESCAPED_OPEN = re.compile(r"\\\[(?=[ \t]*(?:[-−]?\d|\.\d|\\\[)[^\n]*\])")
_ESCAPED_CLOSE = re.compile(r"(?<=[\d\]])[ \t]*\\\]")


def _md_table(tokens, k: int, line: int, out: I.Items, context: list[str]) -> int:
    rows: list[list[str]] = []
    lines: list[int] = []
    header: list[str] = []
    first = line - (tokens[k].map[0] if tokens[k].map else 0)  # the line of the Markdown text's first line
    while k < len(tokens) and tokens[k].type != "table_close":
        t = tokens[k]
        if t.type == "tr_open":
            rows.append([])
            lines.append(first + t.map[0] if t.map else line)
        elif t.type == "inline":
            rows[-1].append(_markdown_text(t.content).strip())
        k += 1
    if rows and _header_row(rows[0]):
        header, rows, lines = rows[0], rows[1:], lines[1:]
    # **Q** (or a heading Q) just above the table names it: a given printed as a table; **W_Q** names weights;
    # **W1** (its digit keeps it out of the context) too, and a table right after another has no sentence of its own
    opened = k - 1
    while opened >= 0 and tokens[opened].type != "table_open":
        opened -= 1
    caption = _caption_above(tokens, opened)
    before = tokens[opened - 1].type if opened > 0 else ""
    after_table = before == "table_close"
    above = caption if caption is not None else context[1].strip("*:： $")
    heading = context[0].strip("*: ") if before in ("heading_close", "paragraph_close") else ""  # (not a note's)
    name = above if len(above) <= 24 and role(above) not in (None, "X") else \
        heading if not context[1] and role(heading) not in (None, "X") else ""
    if not name:  # "The output matrix W_U (one column per word):": a sentence that ends on a weight's name
        name = _sentence_name(context[1])
    if not name and before == "heading_close" and tokens[opened - 1].tag != "h1" and not context[1]:
        # ### Q @ K^T (### Weights = softmax(…)) over it; a document's title (# LayerNorm backward) names no table
        said = heading.split("=")[0].strip()
        name = said if len(said) <= 40 and step_hint(said) is not None else ""
    if after_table and caption is None:
        name = ""
    _add_table(header, rows, line, out, context, lines, name)
    return k + 1


def _caption_above(tokens, k: int) -> str | None:
    """The paragraph right before the token at ``k`` when it is one symbol (``**W1**``, ``W_out:``, ``**W_out**
    (cột: tôi, đi, …)``, with a remark in parentheses): that symbol; else None."""
    if k < 3 or tokens[k - 1].type != "paragraph_close" or tokens[k - 2].type != "inline":
        return None
    m = _CAPTION.fullmatch(_plain_markdown(tokens[k - 2].content).strip())
    return m.group(1) if m else None


def _sentence_name(text: str) -> str:
    """The weight a sentence just above a table ends on, before its colon (perhaps with a remark in parentheses
    between): ``Ma trận đầu ra W_U (mỗi cột là một từ):``; a weight's name only (never Q, K, V or X, which a
    sentence may mention in passing)."""
    m = re.search(r"(?:^|\s)\$?([^\W\d][\w^{}]{0,12})\$?\s*(?:\([^()]{0,60}\))?\s*[:：]\s*$", text.strip())
    if not m:
        return ""
    got = role(m.group(1))  # a matrix's name: a bias's (b, bo, b1) is too short to tell from a word ("de rij van bo:")
    return m.group(1) if got is not None and got not in ("X", "Q", "K", "V") and not got.startswith("b") else ""


def _cell(text: str):
    t = _APPROX.sub("", _BOLD.sub(lambda m: m.group(1) or m.group(2), V.clean(text).strip().strip("$").strip()))  # | 約 0.36 |, | **0.3567** |
    if V.fill(t):  # | -1e9 |: a mask's fill value in a masked cell states nothing, like −∞
        return None
    n = V.number(t)
    if n is not None:
        return n
    pair = _PAIRED.fullmatch(t.replace("\\%", "%"))
    if pair:  # | 70% (0.7) |, | 0.70 (70%) |: one probability written both ways: its decimal
        dec, pct = (pair.group(1), pair.group(2)) if pair.group(1) else (pair.group(4), pair.group(3))
        if abs(float(pct) / 100 - float(dec)) <= 1e-9 * max(1.0, abs(float(dec))):
            return dec
    pct = _PERCENT.fullmatch(t.replace("\\%", "%"))
    if pct:  # | 29.1% |: a percentage, kept as written (its value is the number / 100)
        return pct.group(1) + "%"
    a = V.array(t)
    if a is None and t.startswith("(") and t.endswith(")") and ("," in t or ";" in t):  # (0.29, 0.14), (0.6; 0.09)
        a = V.array("[" + t[1:-1] + "]")
    if a is None and re.fullmatch(r"[-+\d.eE\s]+(?:,\s*[-+\d.eE\s]+)+", t):  # | -0.0085, -0.0771, 0.1045 |
        a = V.array("[" + t + "]")
    if a is not None and a and not isinstance(a[0], list):
        return a
    return None


_PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)\s?%")
_BOLD = re.compile(r"^\*\*(.+)\*\*$|^__(.+)__$")
_APPROX = re.compile(r"^(?:約|约|大约|大約|약|≈|≒|~|∼|\\approx|\\simeq|ca\.|approx\.?|about)\s*(?=[-\d.])", re.IGNORECASE)
_PAIRED = re.compile(r"(-?\d+(?:\.\d+)?)\s*[(（]\s*(-?\d+(?:\.\d+)?)\s?%\s*[)）]|"
                     r"(-?\d+(?:\.\d+)?)\s?%\s*[(（]\s*(-?\d+(?:\.\d+)?)\s*[)）]")
_OF_TOKEN = re.compile(r"([A-Za-z][\w']{0,10})\s*[(（]\s*([^()（）]{1,20}?)\s*[)）]")  # q(come), k（猫）
_TOTAL_ROW = re.compile(r"^(?:合計|合计|总和|총합|합계|합|sum|total|Σ|∑|計|计|somma|totale|suma|soma|somme|summe|gesamt|tổng)"
                        r"(?:\s*[=:＝].{0,20})?$", re.IGNORECASE)  # | 합 = 출력 |: the column sums, the outputs
_INDEX_HEAD = re.compile(r"^(?:pos(?:ition)?|t|i|#|no\.?|idx|index|step|位置|위치|位置编号|番号|순서)$", re.IGNORECASE)


def _operation(text: str) -> bool:
    """Whether a cell computes something from numbers (``0.5 · 2.0``, ``exp(−0.65)``, ``1 / 1.5220``,
    ``e^{−0.65}``) as the grammar reads it, without stating a value."""
    if "=" in text or not re.search(r"\d\.\d|[a-z]\(|e\^", text):  # 1/3 or 6 + 6 in a table: an exponent, a count
        return False
    try:
        chain, _ = I.G.parse_chain(text + " = 0")
    except I.G.ParseError:
        return False
    return len(chain) == 2 and I.G.literal_of(chain[0]) is None and \
        not any(isinstance(n, (I.G.Name, I.G.Vec)) for n in I.G.nodes(chain[0]))


_WORKING = re.compile(r"\d\s*[-+−×*·/÷^]\s*[-−(]?\s*\d.*=\s*[-−+]?\d[\d.,]*\s*$")


_OF_WORD = re.compile(r"\s*(\w{1,8})\s*[(（]\s*([^()（）]{1,20}?)\s*[)）]\s*")


def _column_words(heads: list[str]) -> list[str]:
    """A table's column headings: ``z(cats) | z(dogs)`` (one function of each word) are the words; any other
    heading loses a role in parentheses (``猫(Q)`` is 猫)."""
    heads = [_MATH_DELIMS.sub("", h).strip() for h in heads]  # \(q\), $k$: the heading inside its maths
    got = [_OF_WORD.fullmatch(_plain_inline(h)) for h in heads]
    if len(heads) >= 2 and all(got) and len({m.group(1) for m in got}) == 1:  # type: ignore[union-attr]
        return [m.group(2) for m in got]  # type: ignore[union-attr]
    return [I.strip_role(h) for h in heads]


_MATH_DELIMS = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$")


def _worked_rows(rows: list[list[str]], body: list[list], line: int, row_lines: list[int] | None, out: I.Items,
                 context: list[str]) -> bool:
    """A table whose label column works each row out (``$e = 0.6225 - 1$``) over one column of values: each row a
    line of working, its result the value (a step table of a forward or backward pass); False when it is not."""
    if any(len(r) != 1 or r[0] is None or isinstance(r[0], list) for r in body):
        return False
    said = [_named_working(V.clean(r[0]).strip().strip("$")) for r in rows]
    worked = [bool(name) for name, _ in said]
    if sum(worked) * 2 < len(rows) or sum(worked) < 2:
        return False
    for k, ((name, t), w, r) in enumerate(zip(said, worked, body)):
        where = row_lines[k] if row_lines and k < len(row_lines) else line
        if w:
            out.found.append(I.Work(f"{t} = {r[0]}", None, where, I._at(context, where), name))
        elif name:  # ∂L/∂ŷ = −0.7550 beside −0.7550: a number named, its value stated again
            out.found.append(I.Table([[r[0]]], None, None, where, I._at(context, where), name, [where]))
    return True


def _named_working(text: str) -> tuple[str, str]:
    """A cell's working without the name it computes (``w_1 x_1 = 0.6 \\cdot 1.4`` → ``w_1 x_1``, ``0.6 · 1.4``):
    the parts after the first that are operations on numbers, in plain text; ("", the text) when none is."""
    parts = [p.strip() for p in V.tex_plain(text).split("=")]
    first = next((k for k, p in enumerate(parts) if k and _operation(p)), None)
    if first is None:
        return "", text
    return " = ".join(parts[:first]), " = ".join(parts[first:])


def _header_row(row: list[str]) -> bool:
    """A table's first row as its header: words only, or a word then the columns' numbers (| token | 0 | 1 | 2 |)."""
    counted = len(row) >= 3 and V.counting(row[1:])
    return not any(_cell(c) is not None for c in row) or (_cell(row[0]) is None and counted)  # | | 1 | 2 |: heads


def _index_column(cells: list[str], header: list[str]) -> bool:
    """A first column that numbers the rows (``| pos | dim 0 | …`` with 0, 1, 2 …): labels, not numbers."""
    if not all(c.strip().isdigit() for c in cells):
        return False
    head = header[0].strip() if header else ""
    return bool(_INDEX_HEAD.match(head)) or V.counting([str(int(c)) for c in cells])


_ARROW_PAIR = re.compile(r"(" + V.NUMBER.pattern + r")\s*(?:→|->|⟶|⇒)\s*(" + V.NUMBER.pattern + r")")


def _add_table(header: list[str], rows: list[list[str]], line: int, out: I.Items, context: list[str],
               row_lines: list[int] | None = None, name: str = "") -> None:
    """A table from cells: a label column (when its cells are not numbers), then numbers or [vectors]."""
    if not rows:
        return
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    if width == 2:  # | w1, w2 (→h1) | 0.2, 0.3 |: a table of settings is text the model's words come from too
        out.prose += [f"| {a} | {b} |" for a, b in rows]
    head = header + [""] * (width - len(header)) if header else [""] * width
    gaps = [j for j in range(1, width - 1) if not head[j].strip() and all(not r[j].strip() for r in rows)]
    if gaps:  # | token | x₁ … x₄ |  | Sub₁ … Sub₄ |: two tables side by side, rows named by the first column
        cuts = [0, *gaps, width]
        for a, b in zip(cuts, cuts[1:]):
            lo = a if a == 0 else a + 1
            if lo < b:
                part = list(range(lo, b)) if lo == 0 else [0, *range(lo, b)]
                _add_table([head[j] for j in part], [[r[j] for j in part] for r in rows], line, out, context,
                           row_lines)
        return
    of = [_OF_TOKEN.fullmatch(V.clean(r[0]).strip("*`$ ")) for r in rows] if width == 2 else []
    cells = [_cell(r[1]) for r in rows] if of and all(of) else []
    if cells and all(isinstance(c, list) for c in cells):  # | q(come) | (0.88, …) | k(el) | …: a vector a row, each
        for k, (m, c) in enumerate(zip(of, cells)):  # named by its symbol and its token: read as q(come) = (…)
            where = row_lines[k] if row_lines and k < len(row_lines) else line
            assert m is not None and isinstance(c, list)
            out.found.append(I.Named(m.group(1), c, where, I._at(context, where), label=m.group(2).strip()))
        return
    pairs = [[_ARROW_PAIR.fullmatch(V.clean(c).strip().strip("$`")) for c in r[1:]] for r in rows]
    if width > 2 and all(m or V.blank(c) for pr, r in zip(pairs, rows) for m, c in zip(pr, r[1:])) and \
            any(m for pr in pairs for m in pr):  # | not | 0.37 → 0.2616 | −∞ |: two tables in one (raw → scaled),
        for side in (1, 2):  # a masked cell masked in both
            _add_table(header, [[r[0]] + [m.group(side) if m else c for m, c in zip(pr, r[1:])]
                                for r, pr in zip(rows, pairs)], line, out, context, row_lines, name)
        return
    totals = [k for k, r in enumerate(rows) if r and _TOTAL_ROW.match(r[0].strip().strip("*"))]
    for k in totals:  # | 合計 | | | 4.2633 |: each stated total on its own, matched by its value
        for c in rows[k][1:]:
            n = V.number(V.clean(c).strip().strip("$*"))
            where = row_lines[k] if row_lines and k < len(row_lines) else line
            vec = _cell(c.strip("*")) if n is None else None
            if isinstance(vec, list) and vec:  # | 합 = 출력 | (0.4139, 0.7310) |: a column's vectors summed
                out.found.append(I.Named("", vec, where, I._at(context, where)))
            elif n is None and vec is None and not V.blank(c):  # (100 %, like 1.0000, is the sum's check)
                out.skipped.append(Note(f"{I.where(where)}: the totals row's cell is not a number or a vector, not "
                                        f"read: {I.G.clip(c, 40)!r}", NoteKind.BAD_CELL))
            if n is not None and float(n) != 1:  # | sum | … | 1.0000 |: probabilities add to one, a check
                out.found.append(I.Table([[n]], None, None, where, I._at(context, where), "sum", [where]))
    if totals:
        rows = [r for k, r in enumerate(rows) if k not in totals]
        row_lines = [n for k, n in enumerate(row_lines) if k not in totals] if row_lines else None
        if not rows:
            return
    parsed = [[_cell(c) for c in r] for r in rows]
    if width > 2 and _index_column([r[0] for r in rows], header) and \
            all(p[1] is None and r[1].strip() for p, r in zip(parsed, rows)):  # | i | token | Q | K |: rows by token
        rows, parsed, width = [r[1:] for r in rows], [p[1:] for p in parsed], width - 1
        header = header[1:] if header else header
    words = [j for j in range(width) if all(p[j] is None and r[j].strip() for p, r in zip(parsed, rows))]
    index = [j for j in range(width) if j not in words and _index_column([r[j] for r in rows], [])]
    if len(words) == 1 and len(index) == width - 1 and len(rows) >= 2:  # | 编号 | 词 |: a numbered word list
        out.found.append(I.Tokens([I.strip_role(r[words[0]]) for r in rows], line))
        return
    label_col = all(p[0] is None for p in parsed) or (
        (width > 2 or (width == 2 and all(isinstance(p[1], list) for p in parsed)))  # | pos | x |: [vectors]
        and _index_column([r[0] for r in rows], header))
    start = 1 if label_col else 0
    texts = {_plain_inline(header[j]).lower(): [_plain_inline(r[j]) for r in rows] for j in words
             if j >= start and header and j < len(header)}  # | input | target |: words, kept by heading
    body = [p[start:] for p in parsed]
    if not body or not body[0]:
        return
    for k, (r, raw) in enumerate(zip(body, rows)):
        for j, c in enumerate(r):
            if c is not None or V.blank(raw[start + j]):
                continue
            text = V.clean(raw[start + j]).strip().strip("$")
            where = row_lines[k] if row_lines and k < len(row_lines) else line
            said = _CELL_ASSIGNED.fullmatch(_plain_inline(text).strip("`$ "))
            value = (V.array(said.group(2)) if said.group(2).startswith("[") else V.number(said.group(2))) \
                if said else None
            if said and isinstance(value, list) and value and all(isinstance(x, str) for x in value):
                out.found.append(I.Named(said.group(1), value, where, I._at(context, where)))
                continue  # | 2 | Apply softmax | `y_pred = [0.098, 0.659, 0.242]` |: a named result in a cell
            if said and isinstance(value, str) and step_hint(said.group(1)) is not None:
                out.found.append(I.Table([[value]], None, None, where, I._at(context, where), said.group(1), [where]))
                continue  # | 3 | the loss | `loss ≈ 0.417` |: a step's result (not | $w_1 = 0.6$ |, a given)
            result = next((c for c in r[j + 1:] if c is not None), None) if _operation(text) else None
            if result is not None and not isinstance(result, list):
                text = f"{text} = {result}"  # | 0.5 · 2.0 | 1 |: an operation, then its value in the next column
            if _WORKING.search(text) or (_operation(text.split("=")[0]) and "=" in text):
                # | h1 | 0.6450×0.5 + 0.5228×-0.6 + 0.1 = 0.1088 | 0.1088 |: a line of working
                where = row_lines[k] if row_lines and k < len(row_lines) else line
                label = I.strip_role(rows[k][0]) if label_col else None
                out.found.append(I.Work(text, (label, "") if label else None, where, I._at(context, where)))
            else:
                out.skipped.append(Note(f"{I.where(line)}: table row {k + 1}, cell {start + j + 1} is not a number "
                                        f"or a vector, not read: {I.G.clip(raw[start + j], 40)!r}", NoteKind.BAD_CELL))
    if all(c is None for r in body for c in r):
        return
    if label_col and _worked_rows(rows, body, line, row_lines, out, context):
        return  # | 1 | $z = 1.0 + (-0.5)$ | $0.5$ |: each row a line of working, its value in the next column
    keep = [j for j in range(len(body[0])) if any(r[j] is not None for r in body)]
    if len(keep) < len(body[0]):  # a column of working (or nothing) is no column of numbers
        cols_in = header[start:] if header and len(header) - start == len(body[0]) else None
        body = [[r[j] for j in keep] for r in body]
        header = header[:start] + [cols_in[j] for j in keep] if cols_in is not None else []
    for j in range(len(body[0])):
        shapes = {len(r[j]) if isinstance(r[j], list) else 0 for r in body if r[j] is not None}
        if len(shapes) > 1:
            out.skipped.append(Note(f"{I.where(line)}: a table mixing numbers and vectors in column {start + j + 1}, "
                                    "not read", NoteKind.NOT_READ))
            return
    labels = [I.strip_role(r[0]) for r in rows] if label_col else None
    corner = _plain_inline(header[0]).strip("*$` ") if label_col and header else ""
    if not name and corner and role(corner) not in (None, "X", "Q", "K", "V"):
        name = corner  # | W₁ | h₁ | h₂ |: the weight's name in the corner above its rows' labels
    cols = _column_words(header[start:]) if header and len(header) - start == len(body[0]) else None
    for j, heading in enumerate(header[start:] if cols else []):  # | 행 | W_Q | W_K |: a weight's rows, a cell each
        col = [r[j] for r in body]
        if (labels is None or V.counting(labels)) and len(col) >= 2 and \
                role(heading) not in (None, "X", "Q", "K", "V") and all(isinstance(c, list) for c in col) and \
                len({len(c) for c in col}) == 1:  # type: ignore[arg-type]
            out.found.append(I.Named(heading.strip(), [list(c) for c in col], line, I._at(context, line),  # type: ignore[arg-type]
                                     row_lines=row_lines))
    out.found.append(I.vector_column(I.Table(body, labels, cols, line, I._at(context, line), name,  # type: ignore[arg-type]
                                             row_lines, texts or None)))


# ---- HTML ---------------------------------------------------------------------------------------------------
_BLOCK = {"p", "div", "li", "pre", "br", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article",
          "blockquote", "dd", "dt", "figcaption"}
_SKIP = {"script", "style", "template", "noscript", "iframe", "object", "head"}
# what a <head> may hold: any other element ends it, as a browser's parser has it (jemdoc writes its whole page
# before a late </head><body>, MathJax 2 included, and a browser shows it all)
# MathJax 2's rendering in a page saved after it ran (its glyphs, its preview, its assistive MathML): a copy of the
# <script type="math/tex"> MathJax 2 keeps beside it, which is what is read (MathJax 3's <mjx-container> is not so)
_MATHJAX2_OUTPUT = {"MathJax", "MathJax_Display", "MathJax_Preview", "MathJax_CHTML", "MathJax_SVG",
                    "MathJax_SVG_Display", "MJX_Assistive_MathML", "mjx-chtml"}
# a code block's line numbers, as highlighters write them beside or before each line (Chroma's inline ln and table
# lnt, Pygments' linenos and linenodiv, Rouge's lineno gutter): not the program's numbers
_LINE_NUMBERS = {"ln", "lnt", "linenos", "linenodiv", "lineno"}
_LAYOUT = {"ul", "ol", "dl", "table", "form", "nav", "header", "footer", "main", "h1", "h2", "h3", "h4", "h5", "h6"}
_HEAD_ONLY = {"title", "meta", "link", "script", "style", "base", "noscript", "template"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_TEX_SCRIPT = re.compile(r"math/tex|math/latex", re.IGNORECASE)
# how a page rendered from a notebook (Jupyter Book and nbsphinx, nbconvert's classic and lab templates, Quarto,
# mkdocs-jupyter) or a site's highlighter (Hugo's Chroma, Jekyll's Rouge) marks a cell's code, what it printed, and
# the prompt beside them (In [3]:); the innermost mark around a <pre> tells which it is
_CELL_ROLES = {
    "in": {"cell_input", "input_area", "jp-InputArea", "jp-Cell-inputWrapper", "nbinput", "cell-code", "input",
           "highlight-ipython3", "highlight-ipython", "highlight-python3", "highlight-python", "hl-ipython3",
           "hl-python3", "hl-python", "language-python", "language-py", "language-python3", "language-ipython",
           "language-ipython3", "lang-python", "lang-py", "python", "py", "ipython3", "pycon", "language-pycon"},
    "out": {"cell_output", "output_area", "output_subarea", "jp-OutputArea", "jp-OutputArea-output",
            "jp-RenderedText", "nboutput", "cell-output", "output", "language-text", "language-plaintext",
            "language-output", "language-console", "highlight-myst-ansi", "highlight-none"},
    "prompt": {"prompt", "input_prompt", "output_prompt", "jp-InputPrompt", "jp-OutputPrompt", "jp-InputArea-prompt",
               "jp-OutputArea-prompt"},
}
_ROLE_TAGS = {"div", "section", "pre", "code", "details", "figure"}


def _cell_role(classes: set[str]) -> str | None:
    for role_name in ("prompt", "out", "in"):  # (an output's own highlighter class over the cell it sits in)
        if classes & _CELL_ROLES[role_name]:
            return role_name
    return None


class _Html(HTMLParser):
    """Text by blocks (with their line), tables as cells, MathML tables as matrices, TeX annotations as text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, int, str]] = []  # (kind, line, text): kind "h", "t", "pre", "table", "math"
        self.buf: list[str] = []
        self.buf_line = 1
        self.skip = 0
        self.page_head = False  # inside the page's <head> (skipped until its content ends it)
        self.pre = 0  # open <pre> elements: a block of code, or a program's output
        self.layout: list[bool] = []  # each open <table>: True once it shows itself a page's layout, not data
        self.cell_blocks = 0  # paragraphs or divisions closed in the current table cell
        self.table: list[list[str]] | None = None
        self.table_line = 0
        self.table_rows: list[int] = []  # the line of each <tr>
        self.cell: list[str] | None = None
        self.math: list[list[str]] | None = None
        self.math_cell: list[str] | None = None
        self.math_line = 0
        self.math_text: list[str] = []  # MathML text outside the table: "W", "Q", "=" names the matrix
        self.annotation: list[str] | None = None
        self.math_tex = False  # the <math> carries its TeX source: read that, not its MathML table
        self.mml: list[list] | None = None  # the open MathML elements, each [tag, children], the <math> first
        self.heading = False
        self.hidden: list[str] = []  # open elements inside one hidden from readers (KaTeX's katex-html copy)
        self.tex_script: list[str] | None = None  # MathJax's <script type="math/tex">
        self.svg_text: list[str] | None = None
        self.tex_inline = False
        self.code = 0  # open <pre>/<code> elements: a program's text, whose commas separate
        self.pre_lines: list[tuple[int, int]] = []  # the lines of each <pre> (a program's text or output)
        self.decimal_comma = False  # the page writes decimals with a comma (0,7071): read them as decimals
        self.written: dict[str, list[tuple[int, str]]] = {}  # on a decimal-comma page: each number as written
        self.commas = 0  # numbers outside code written with one decimal comma (0,7071), and with a point (0.25)
        self.points = 0
        self.script: list[tuple[str, int, bool]] = []  # open <sup>/<sub> in prose: (tag, start in buf, has a link)
        self.spans: list[list[int]] = []  # each table cell's (colspan, rowspan), by row
        self.head_rows = 0  # rows of the table's <thead> (or its leading rows of <th> only)
        self.in_head = False
        self.row_th = True
        self.cell_lines: list[list[int]] = []  # the line of each table cell
        self.roles: list[tuple[str, str | None]] = []  # each open <div>/<pre>/<code>: its mark of a notebook's cell
        self.pre_role: str | None = None  # the open <pre>'s: "in" (code), "out" (what it printed), "prompt"
        self.pre_roles: dict[int, str | None] = {}  # each "pre" block's, by its place in ``blocks``

    def _role(self) -> str | None:
        return next((r for _, r in reversed(self.roles) if r), None)

    def flush(self) -> None:
        raw = "".join(self.buf)
        text = V.tame(raw.strip())  # (as _element_text: a run of blanks split by empty tags is one run here)
        if text:  # (its line: where its text starts, below a <p> alone on its line)
            lead = raw[:len(raw) - len(raw.lstrip())].count("\n")
            if self.pre:
                self.pre_roles[len(self.blocks)] = self.pre_role
            self.blocks.append(("h" if self.heading else "pre" if self.pre else "t", self.buf_line + lead, text))
        self.buf = []

    def handle_starttag(self, tag, attrs):
        at = {k: v or "" for k, v in attrs}
        if self.hidden:
            if tag not in _VOID:
                self.hidden.append(tag)
            return
        if tag == "script" and _TEX_SCRIPT.search(at.get("type", "")) and not self.skip:
            self.tex_script = []
            self.tex_inline = "mode=display" not in at.get("type", "").replace(" ", "")
            return
        if self.page_head and self.skip == 1 and tag not in _HEAD_ONLY and tag != "head":
            self.skip, self.page_head = 0, False  # the page's content in a <head> never closed before it
        if tag in _SKIP:
            self.skip += 1
            self.page_head = self.page_head or tag == "head"
            return
        if self.skip:
            return
        classes = set(at.get("class", "").split())
        if tag not in _VOID and (at.get("aria-hidden") == "true" or "katex-html" in classes or
                                 (tag in ("span", "div") and classes & _MATHJAX2_OUTPUT) or
                                 (tag in ("span", "div", "pre") and classes & _LINE_NUMBERS)):
            self.hidden.append(tag)
            return
        line = self.getpos()[0]
        if self.mml is not None and tag not in _VOID:
            self.mml.append([tag, []])
        if tag in _ROLE_TAGS:
            self.roles.append((tag, _cell_role(classes)))
            if tag == "pre" or (tag == "code" and self.pre and self.roles[-1][1]):
                self.pre_role = self._role()
        if tag in ("pre", "code"):
            self.code += 1
        if tag == "pre":
            self.pre_lines.append((line, line))
        if tag in ("sup", "sub") and self.cell is None and self.math is None and self.annotation is None:
            self.script.append((tag, len(self.buf), False))
        elif tag == "a" and self.script:
            self.script[-1] = (*self.script[-1][:2], True)
        if tag == "img":  # an equation-image service: the LaTeX is in the URL (or the alt text)
            for v in (at.get("alt", ""), at.get("src", "")):
                tex = _image_tex(v)
                if tex:
                    self.flush()
                    self.blocks.append(("t", line, tex))
                    break
            return
        if tag == "text" and self.svg_text is None:  # a number on a diagram (inline SVG)
            self.flush()
            self.svg_text, self.buf_line = [], line
            return
        if tag == "annotation" and at.get("encoding", "").startswith("application/x-tex"):
            self.annotation = []
            self.math_tex = True
            return
        if tag == "math":
            self.math, self.math_line, self.math_text, self.math_tex = [], line, [], False
            self.mml = [["math", []]]
        elif tag == "mtr" and self.math is not None:
            self.math.append([])
        elif tag == "mtd" and self.math is not None:
            self.math_cell = []
        elif tag == "table":
            if self.cell is not None:  # a table inside a table's cell: the outer one lays out the page
                self._layout()
            self.flush()
            self.layout.append(False)
            self.table, self.table_line, self.table_rows = [], line, []
            self.spans, self.head_rows, self.in_head, self.cell_lines = [], 0, False, []
        elif tag == "thead" and self.table is not None:
            self.in_head = True
        elif tag == "tr" and self.table is not None:
            self._head_row()
            self.table.append([])
            self.table_rows.append(line)
            self.spans.append([])
            self.cell_lines.append([])
            self.row_th = True
        elif tag in ("td", "th", "tr") and self.table is None and self.layout and self.layout[-1]:
            self.flush()  # a layout table's cell: a part of the page, read as its blocks
            self.buf_line = line
        elif tag in ("td", "th") and self.table is not None:
            self.cell, self.cell_blocks = [], 0
            if self.spans:
                self.spans[-1].append([_span(at.get("colspan")), _span(at.get("rowspan"))])
                self.cell_lines[-1].append(line)
            self.row_th = self.row_th and tag == "th"
        elif tag in _BLOCK or tag in _LAYOUT:
            if self.cell is not None and tag != "br" and (  # a heading, code or a list in a cell, or a paragraph
                    tag in _LAYOUT or tag in ("pre", "section", "article", "blockquote") or self.cell_blocks):
                self._layout()  # after another: the table lays out a page (jemdoc's, an old site's), its cells are text
            if tag not in _BLOCK:
                return
            self.flush()
            self.buf_line = line
            self.heading = tag in ("h1", "h2", "h3", "h4", "h5", "h6")
            self.pre += tag == "pre"

    def _layout(self) -> None:
        """The table being read lays out the page: what its cells held so far becomes text blocks, the text of the
        cell open now goes on as the page's text, and its further cells are read as blocks."""
        assert self.table is not None and self.cell is not None
        for row, lines in zip(self.table, self.cell_lines):
            for text, at in zip(row, lines):
                if text.strip():
                    self.blocks.append(("t", at, text.strip()))
        self.buf, self.buf_line = list(self.cell), self.cell_lines[-1][-1] if self.cell_lines and \
            self.cell_lines[-1] else self.table_line
        self.table, self.cell = None, None
        if self.layout:
            self.layout[-1] = True

    def _head_row(self) -> None:
        """The row just read is a header row: inside <thead>, or of <th> cells only before any other row."""
        if self.table and len(self.table) == self.head_rows + 1 and self.table[-1] and (self.in_head or self.row_th):
            self.head_rows += 1

    def handle_endtag(self, tag):
        if self.hidden:
            if tag in self.hidden:
                while self.hidden and self.hidden.pop() != tag:
                    pass
            return
        if tag == "script" and self.tex_script is not None:
            tex = _element_text(self.tex_script)  # inline maths between $, as Markdown has it: a sentence's working
            self.buf.append(f" ${tex}$ " if self.tex_inline and tex and "$" not in tex else f" {tex} ")
            self.tex_script = None
            return
        if tag == "head" and not self.page_head:
            return  # a late </head>: the head ended when the page's content began
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
            self.page_head = self.page_head and tag != "head"
            return
        if self.skip:
            return
        if self.mml is not None and len(self.mml) > 1 and self.mml[-1][0] == tag:
            node = self.mml.pop()
            self.mml[-1][1].append(node)
        if tag in ("pre", "code"):
            self.code = max(0, self.code - 1)
        if tag == "pre" and self.pre_lines:
            self.pre_lines[-1] = (self.pre_lines[-1][0], self.getpos()[0])
        if tag in ("sup", "sub") and self.script and self.script[-1][0] == tag:
            _, at, link = self.script.pop()
            inner = "".join(self.buf[at:]).strip()
            before = "".join(self.buf[:at])
            ordinal = before[-1:].isdigit() and inner.isalpha()  # 1<sup>st</sup>, la 2<sup>e</sup> ligne
            if inner and not link and not ordinal and before[-1:].strip() and not self.code and len(inner) <= 40:
                # e<sup>−0.099</sup> is a power, W<sub>Q</sub> a subscript (a footnote's <sup><a> stays as it is)
                self.buf[at:] = [("^{" if tag == "sup" else "_{") + inner + "}"]
        if tag == "thead" and self.table is not None:
            self._head_row()
            self.in_head = False
        if tag == "text" and self.svg_text is not None:
            text = " ".join("".join(self.svg_text).split())
            if text:  # a lone number is a label on the drawing: a restatement at best, never read as prose
                self.blocks.append(("svg" if V.number(text) is not None else "t", self.buf_line, text))
            self.svg_text = None
            return
        if tag == "annotation" and self.annotation is not None:
            tex = _element_text(self.annotation)  # KaTeX's source, between $ as Markdown has it
            self.buf.append(f" ${tex}$ " if tex and "$" not in tex else f" {tex} ")
            self.annotation = None
        elif tag == "mtd" and self.math is not None and self.math_cell is not None:
            if self.math:
                self.math[-1].append("".join(self.math_cell))
            self.math_cell = None
        elif tag == "math" and self.math is not None:
            rows = [r for r in self.math if r]
            if rows and not self.math_tex:
                name = "".join(self.math_text).strip()
                self.blocks.append(("math", self.math_line, json.dumps({"name": name, "rows": rows})))
            elif not self.math_tex and self.mml:  # MathML without its TeX (MathJax 3's assistive copy beside its
                text = _mathml_text(self.mml[0]).strip()  # SVG, pandoc --mathml): its text, as a reader reads it
                if text:
                    (self.cell if self.cell is not None else self.buf).append(f" {text}")  # (its full stop after it)
            self.math, self.mml = None, None
        elif tag in ("td", "th") and self.table is not None and self.cell is not None:
            if self.table:
                self.table[-1].append(_element_text(self.cell))
            self.cell = None
        elif tag == "table" and self.table is None and self.layout:
            self.layout.pop()
            self.flush()
        elif tag in ("td", "th") and self.table is None and self.layout and self.layout[-1]:
            self.flush()
        elif tag == "table" and self.table is not None:
            if self.layout:
                self.layout.pop()
            self._head_row()
            self.blocks.append(("table", self.table_line, json.dumps(
                {"rows": self.table, "lines": self.table_rows, "spans": self.spans, "head": self.head_rows,
                 "cell_lines": self.cell_lines})))
            self.table = None
        elif tag in _BLOCK:
            self.flush()
            self.heading = False
            self.pre = max(0, self.pre - (tag == "pre"))
            self.cell_blocks += self.cell is not None and tag != "br"  # (a <div><p> nest is one paragraph)
        if tag in _ROLE_TAGS and any(t == tag for t, _ in self.roles):
            while self.roles.pop()[0] != tag:
                pass

    def handle_data(self, data):
        if self.hidden:
            return
        data = V.tame(data)  # (&nbsp; and &#12288; runs are blanks only once decoded)
        if self.decimal_comma and not self.skip:
            line = self.getpos()[0]
            for m in _POINT_DECIMAL.finditer(data):  # (a program's numbers too: a point there is a point)
                self.written.setdefault(m.group(0), []).append((line + data.count("\n", 0, m.start()), m.group(0)))
        if not self.skip and not self.code and self.tex_script is None:
            if self.decimal_comma:
                line = self.getpos()[0]
                for m in _COMMA_DECIMAL.finditer(data):
                    self.written.setdefault(f"{m.group(1)}.{m.group(2)}", []).append(
                        (line + data.count("\n", 0, m.start()), m.group(0)))
                data = _COMMA_DECIMAL.sub(r"\1.\2", data)
            elif self.math is None and self.annotation is None:  # (TeX and MathML write a point)
                self.commas += sum(1 for m in _COMMA_DECIMAL.finditer(data) if _plainly_comma(m))
                self.points += len(_POINT_DECIMAL.findall(data))
        if self.tex_script is not None:
            self.tex_script.append(data)
            return
        if self.mml is not None and not self.skip:
            self.mml[-1][1].append(data)
        if self.skip:
            return
        if self.svg_text is not None:
            self.svg_text.append(data)
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


_MML_SKIP = {"annotation", "annotation-xml", "mphantom", "none", "mprescripts"}
_MML_ACCENTS = {"^": "hat", "ˆ": "hat", "\u0302": "hat", "~": "tilde", "˜": "tilde", "\u0303": "tilde",
                "¯": "bar", "‾": "bar", "―": "bar", "_": "bar", "\u0304": "bar", "\u0305": "bar"}
_MML_INVISIBLE = {"\u2061", "\u2062", "\u2063", "\u2064"}  # function application, invisible times, separator, plus


def _mathml_text(node: list) -> str:
    """A MathML expression as a line of text the grammar reads: ``<mfrac>`` as (a)/(b), ``<msqrt>`` as sqrt(…),
    ``<msup>`` as a^(b), ``<msub>`` as a_b, an operator between spaces (a leading minus kept on its number)."""
    tag, children = node[0], node[1]
    if tag in _MML_SKIP:
        return ""
    if tag == "semantics":
        return _mathml_text(children[0]) if children and isinstance(children[0], list) else ""
    kids = [_mathml_text(c) for c in children if isinstance(c, list)]
    if tag in ("mn", "mi", "mtext", "ms"):
        return " ".join("".join(c for c in children if isinstance(c, str)).split())
    if tag == "mo":
        op = "".join(c for c in children if isinstance(c, str)).strip()
        return "" if op in _MML_INVISIBLE else f" {op} "
    if tag == "mspace":
        return " "
    if tag == "mfrac" and len(kids) == 2:
        return f"({kids[0].strip()})/({kids[1].strip()})"
    if tag == "msqrt":
        return f"sqrt({''.join(kids).strip()})"
    if tag == "mroot" and len(kids) == 2:
        return f"({kids[0].strip()})^(1/({kids[1].strip()}))"
    if tag == "msup" and len(kids) == 2:
        return f"{kids[0].strip()}^({kids[1].strip()})"
    if tag == "msub" and len(kids) == 2:
        return f"{kids[0].strip()}_{kids[1].strip()}" if " " not in kids[1].strip() else \
            f"{kids[0].strip()}_{{{kids[1].strip()}}}"
    if tag == "msubsup" and len(kids) == 3:
        return f"{kids[0].strip()}_{kids[1].strip()}^({kids[2].strip()})"
    if tag == "mover" and len(kids) == 2 and (accent := _MML_ACCENTS.get(kids[1].strip())):
        return f"\\{accent}{{{kids[0].strip()}}}"  # ŷ is no y: \hat{y}, as the TeX it was written in
    if tag in ("munder", "mover", "munderover") and kids:
        return kids[0]  # ∑ with its limits: the base
    if tag == "mfenced":
        return "(" + ", ".join(k.strip() for k in kids) + ")"
    text = ""
    for k in kids:  # a row: an operator between spaces, a sign (a minus first, or after an operator) on its number
        head = text.rstrip()
        if head.endswith(("−", "-")) and head[:-1].rstrip()[-1:] in "(=,+−-×·*/[":
            text, k = head, k.lstrip()
        text += k
    return text


def _hatena_tex(text: str) -> str:
    """Hatena Blog's ``[tex: e^{0.77} \\approx 2.15]`` (left for MathJax in the reader's browser) as the maths it is,
    between $: it ends at the first ``]`` not written ``\\]`` (Hatena's escape of a bracket inside it). An
    unclosed one is left as it is."""
    out, k = [], 0
    while (start := text.find("[tex:", k)) >= 0:
        j, tex = start + 5, []
        while j < len(text) and text[j] != "]":
            if text[j:j + 2] in ("\\]", "\\["):
                tex.append(text[j + 1])
                j += 2
                continue
            tex.append(text[j])
            j += 1
        if j >= len(text):
            break
        out.append(text[k:start] + " $" + "".join(tex).strip() + "$ ")
        k = j + 1
    return "".join(out) + text[k:]


def _span(v: str | None) -> int:
    try:
        return max(1, min(int(v or 1), 64))
    except ValueError:
        return 1


# one comma between two runs of digits, not in a run of them (1,2,3) nor beside a point: 0,7071 or −0,25
_COMMA_DECIMAL = re.compile(r"(?<![\w.,])(\d+),(\d+)(?![\w]|[.,]\d)")
_POINT_DECIMAL = re.compile(r"(?<![\w.,])\d+\.\d+(?![\w]|[.,]\d)")


def _plainly_comma(m: re.Match) -> bool:
    """A comma that can only be a decimal one: 0,5 or 1,25 (not 1,250, which may be a thousand and a quarter)."""
    return m.group(1) == "0" or len(m.group(2)) != 3


def _element_text(parts: list[str]) -> str:
    """The text of an element as the parser gave it in pieces, its runs of blanks cut (``values.tame``) once
    assembled: a run split by empty tags (``&nbsp;…<b></b>&nbsp;…``) is one run here."""
    return V.tame("".join(parts).strip())


def _parse(text: str) -> _Html:
    """The page parsed; parsed again with its decimal commas read as points when the page writes its decimals so:
    outside code, at least two numbers such as 0,7071 and more of them than numbers written with a point."""
    p = _Html()
    p.feed(text)
    p.close()
    p.flush()
    if p.commas >= 2 and p.commas > p.points:
        p = _Html()
        p.decimal_comma = True
        p.feed(text)
        p.close()
        p.flush()
    return p


def html(text: str, first_line: int = 1, out: I.Items | None = None, context: list[str] | None = None) -> I.Items:
    """An HTML page's items; ``first_line``: the document line the text starts on (an HTML block inside
    Markdown, such as a README's <table>)."""
    p = _parse(text)
    out = out if out is not None else I.Items()
    context = context if context is not None else ["", ""]
    shift = first_line - 1
    for number, seen in p.written.items():
        out.written.setdefault(number, []).extend((n + shift, w) for n, w in seen)
    out.code += [(a + shift, b + shift) for a, b in p.pre_lines]
    caption = ""  # a paragraph of one symbol (<p><b>Wq</b></p>) right above a table: the table's name, when it
    # names a weight or a step
    shown: list[str] = []  # what the code block just before shows (its last line Q, or Q, K, V)
    program = _Cells(out, context)  # the page's Python, block after block, as a notebook's cells
    for k, (kind, line, body) in enumerate(p.blocks):
        if kind == "pre" and p.pre_roles.get(k) == "prompt":
            continue  # nbsphinx's "[3]:" beside a cell: which run of the notebook, no number of its computation
        line += shift
        named, caption = caption, ""
        if kind == "h":
            context[0], context[1] = I.G.clip(" ".join(body.split()), 60), ""
            out.heading(" ".join(body.split()))
        elif kind in ("t", "pre"):
            before = len(out.found)
            I.scan(_hatena_tex(body) if "[tex:" in body else body, line, out, context)
            if kind == "pre":  # a page rendered from a notebook (nbconvert, Quarto, Hugo): a code block, then its
                _name_shown(out.found[before:], shown, weights=False)  # output in the next <pre>
                program.block(p.pre_roles.get(k), body, line, before)
            elif not _BETWEEN.fullmatch(body.strip()) and not _OUTPUT_LABEL.fullmatch(body.strip()):
                program.apart()
            m = _CAPTION.fullmatch(body.strip())
            caption = m.group(1) if m and role(m.group(1)) not in (None, "X") else ""  # (X: the inputs are found so)
        if kind != "t" or not _BETWEEN.fullmatch(body.strip()):  # (nbconvert's Out[4]:, VitePress's "python" label)
            shown = _shown(body, assigned=True) if kind == "pre" else []
        if kind == "svg":
            out.diagram.append((V.number(body) or body, line))
        elif kind == "table":
            got = json.loads(body)
            if _grouped_table(got, line, shift, out, context):
                continue
            kept = [(r, n + shift) for r, n in zip(got["rows"], got["lines"]) if r]
            rows, lines = [r for r, _ in kept], [n for _, n in kept]
            header = rows[0] if rows and _header_row(rows[0]) else []
            _add_table(header, rows[1:] if header else rows, line, out, context, lines[1:] if header else lines,
                       named)
        elif kind == "math":
            got = json.loads(body)
            cells = [[V.number(c) for c in r] for r in got["rows"]]
            if cells and all(c is not None for r in cells for c in r) and len({len(r) for r in cells}) == 1:
                arr = cells if len(cells) > 1 else cells[0]
                m = re.match(r"\s*(.{1,20}?)\s*=\s*[\[(]?\s*$", got["name"])
                out.found.append(I.Named(m.group(1) if m else _math_name(out), arr, line, I._at(context, line)))
    program.apart()
    return out


class _Cells:
    """A page's code blocks read as a program (``program``), each with the blocks of what it printed: a page
    rendered from a notebook marks them (``_CELL_ROLES``); a Python block followed at once by an unmarked one is
    code and its output, as in a post."""

    def __init__(self, out: I.Items, context: list[str]) -> None:
        self.out, self.context = out, context
        self.run: P.Interpreter | None = None
        self.src: tuple[str, int, int] | None = None  # the code block waiting for its output: text, line, items
        self.shown: list[tuple[int, str]] = []  # the lines it printed, each with its line
        self.start = 0  # the items read from what it printed begin here
        self.next_to_code = False  # the block just read is the code (nothing between them but a prompt)

    def block(self, role: str | None, body: str, line: int, before: int) -> None:
        if role == "prompt":
            return
        if role == "out" or (role is None and self.next_to_code):
            if self.src is not None:
                if not self.shown:
                    self.start = before
                self.shown += [(line + j, ln) for j, ln in enumerate(body.splitlines())]
            self.next_to_code = False
            return
        self.apart()
        if role == "in":
            self.src, self.shown, self.next_to_code = (body, line, before), [], True

    def apart(self) -> None:
        """Something other than the code's output comes next: the code waiting is read with what it printed."""
        self.next_to_code = False
        if self.src is None:
            return
        src, line, before = self.src
        self.src = None
        self.out.single = self.out.single or _in_float32(src)  # (a page of PyTorch prints float32 values)
        self.run = self.run or P.Interpreter()
        if self.shown:
            _post_program(self.run, src, self.shown, self.out, self.start, self.context)
        else:
            self.run.cell(src)
        _commented(self.run, lambda j, line=line: line + j - 1, self.out, before, self.context)


_CAPTION = re.compile(r"([^\W\d][\w^'.]{0,15})\s*[:：=]?\s*(?:\([^()]{0,60}\))?\s*[:：]?")
_VALUE = re.compile(r'("[^"\n]*"\s*=\s*")(-?)(\d+\.\d+)(")')
_CLAIM_LINE = re.compile(r"^line = (\d+)$")


def as_written(toml: str, written: dict[str, list[tuple[int, str]]]) -> str:
    """A case's claimed values as a decimal-comma page writes them (``"scaled[le,le]" = "0,1774"``): each value of a
    claim at line N takes the form of the page's nearest occurrence of that number at or after N (a table's row
    is claimed at its first line, its cells follow), and keeps its point when that occurrence is written so."""
    if not written:
        return toml
    out, at = [], 0
    for row in toml.split("\n"):
        if row.startswith("[[claims]]"):  # (a group without a line, a notebook's, keeps its points)
            at = 0
        elif (m := _CLAIM_LINE.match(row)) is not None:
            at = int(m.group(1))
        elif row.startswith("values = ") and at:
            def form(v: re.Match, at: int = at) -> str:
                seen = written.get(v.group(3))
                if not seen:
                    return v.group(0)
                _, how = min(seen, key=lambda s: (s[0] < at - 1, abs(s[0] - at)))
                return v.group(1) + v.group(2) + how + v.group(4)
            row = _VALUE.sub(form, row)
        out.append(row)
    return "\n".join(out)


def _grid(rows: list[list[str]], spans: list[list[list[int]]]) -> list[list[tuple[str, int]]]:
    """A table's cells laid out on its grid: a cell spanning columns or rows fills each of them, with the text and
    the number (its origin) of the cell it comes from."""
    grid: list[list[tuple[str, int] | None]] = [[] for _ in rows]
    origin = 0
    for i, (row, sp) in enumerate(zip(rows, spans)):
        j = 0
        for text, (cols, down) in zip(row, sp):
            while j < len(grid[i]) and grid[i][j] is not None:
                j += 1
            for di in range(min(down, len(rows) - i)):
                line = grid[i + di]
                while len(line) < j + cols:
                    line.append(None)
                for dj in range(cols):
                    line[j + dj] = (text, origin)
            origin += 1
            j += cols
    width = max((len(r) for r in grid), default=0)
    return [[c if c is not None else ("", -1) for c in r] + [("", -1)] * (width - len(r)) for r in grid]


def _grouped_table(got: dict, line: int, shift: int, out: I.Items, context: list[str]) -> bool:
    """A table under two header rows whose upper cells span groups of columns (``<th colspan="2">W<sub>Q</sub>``
    over ``<th>1</th><th>2</th>``, the row label's ``<th rowspan="2">``), as WordPress and hand-written pages lay
    out several matrices side by side: each group is a table of its own, named by its upper heading, its rows named
    by the columns that span both header rows. False (nothing read) for any other table."""
    spans, head = got.get("spans"), got.get("head", 0)
    if not spans or head < 2 or len(spans) != len(got["rows"]) or not any(c[0] > 1 for c in spans[0]):
        return False
    grid = _grid(got["rows"], spans)
    top, sub, body = grid[0], grid[head - 1], grid[head:]
    lines = [n + shift for n in got["lines"][head:]]
    if not body or not top:
        return False
    # a heading over both header rows, or none in either: the column of the rows' names
    labels = [j for j in range(len(top)) if top[j][1] == sub[j][1] or not (top[j][0].strip() or sub[j][0].strip())]
    groups: list[list[int]] = []
    for j in range(len(top)):
        if j in labels:
            continue
        if groups and top[groups[-1][-1]][1] == top[j][1]:
            groups[-1].append(j)
        else:
            groups.append([j])
    if not labels or not groups:
        return False
    for cols in groups:
        part = labels + cols
        header = [sub[j][0] for j in part]
        name = " ".join(top[cols[0]][0].split())
        _add_table(header, [[r[j][0] for j in part] for r in body], line, out, context, lines,
                   name if role(name) not in (None, "X") else "")
    return True


# an equation editor's rendering options before the formula: \dpi{120}, \bg{white} or codecogs' \bg_white, \fn_cm, \large
_RENDERING = re.compile(r"^(?:\\(?:dpi|bg|fg|fn)(?:\{[^}]*\}|_\w+)\s*|\\(?:tiny|small|normal|large|Large|LARGE|huge|Huge|"
                        r"inline)(?![A-Za-z])\s*)+")


def _image_tex(v: str) -> str:
    """The LaTeX an equation image is made from (``…/svg.image?\\begin{bmatrix}…``, URL-encoded), or ""."""
    from urllib.parse import unquote, unquote_plus

    t = unquote(unquote_plus(v)) if "%" in v else v  # (a + the first pass decodes is a plus: no second space)
    t = t.replace("&space;", " ")  # an equation editor's spaces
    if not re.search(r"\\begin\{|\\frac|\d\s*[=&]", t):
        return ""
    k = t.find("?")
    t = t[k + 1:] if k >= 0 and ("http" in t[:k] or "/" in t[:k]) else t
    t = _RENDERING.sub("", t.strip())
    return " ".join(t.split())


def _math_name(out: I.Items) -> str:
    """A MathML matrix is named by the text just before it ("W_Q =")."""
    last = out.prose[-1] if out.prose else ""
    m = re.search(r"([^\s=]{1,20})\s*=\s*$", last)
    return m.group(1) if m else ""


# ---- notebooks -------------------------------------------------------------------------------------------
# a table cell that names its result: `logits = [-0.8, 1.1, 0.1]`, loss ≈ 0.417
_CELL_ASSIGNED = re.compile(r"([^\W\d][\w.^{}\\]{0,30})\s*(?:=|≈|≒)\s*(\[[^\[\]]*\]|" + V.NUMBER.pattern + r")")


def without_binary_outputs(text: str) -> str:
    """The notebook without what cannot hold a worked example's numbers: outputs' images and other binary data
    (base64 ``image/png``, PDFs, widget state) and cells' attachments; only ``text/…`` outputs and SVG drawings (a
    graph's values in its nodes) are kept. Text that
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
                o["data"] = {k: v for k, v in o["data"].items()
                             if isinstance(k, str) and (k.startswith("text/") or k == "image/svg+xml")}
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
    out.single = _single_precision(nb["cells"])
    run = P.Interpreter()
    for number, cell in enumerate(nb["cells"], start=1):
        if not isinstance(cell, dict):
            continue
        src = _joined(cell.get("source", ""))
        if cell.get("cell_type") == "markdown":
            markdown(src, I.cell_line(number, 1), out, context)
        elif cell.get("cell_type") == "code":
            out.code.append((I.cell_line(number, 0), I.cell_line(number + 1, 0) - 1))  # its source and its outputs
            before_code = len(out.found)
            I.scan(src, I.cell_line(number, 1), out, list(context))  # code's own lines are not headings
            name = _shown(src)
            outputs = cell.get("outputs", []) if isinstance(cell.get("outputs"), list) else []
            programmed, whole, literal = _programmed(  # each printed number with the working that computed it
                run, src, outputs, lambda k, number=number: I.cell_line(number, k, output=True), out.skipped)
            _commented(run, lambda k, number=number: I.cell_line(number, k), out, before_code, context)
            for o in outputs:
                if not isinstance(o, dict):
                    continue
                raw = o.get("data")
                data: dict = raw if isinstance(raw, dict) else {}
                page = _joined(data.get("text/html", ""))
                if page and _HTML_TABLE.search(page):  # a DataFrame: its HTML table, and the text twin beside it
                    html(page, I.cell_line(number, 1, output=True), out, list(context))
                    txt = _joined(data.get("text/plain", ""))
                    if txt:  # the same numbers as the printed frame: each twin states them (a restatement)
                        I.scan(txt, I.cell_line(number, 1, output=True), out, list(context))
                    continue
                svg = _joined(data.get("image/svg+xml", ""))
                if svg:  # micrograd's draw_dot: a graph of values and operators, its data and gradients in the nodes
                    out.found += [I.Work(w, None, at, I._at(list(context), at)) for w, k in graphs.svg_working(svg)
                                  if (at := I.cell_line(number, k, output=True))]
                    continue
                txt = _joined(o.get("text", "")) or _joined(data.get("text/plain", ""))
                called = _called(src) or (name[0] if len(name) == 1 and step_hint(name[0]) else None)
                mine = programmed.get(id(o), [])  # each number computed by the code it shows, as working
                if txt and called and (one := V.number(txt.strip())) is not None:  # score(s, h) shows 927; print(media)
                    # shows 0.5: one number, named by the call or by the step the printed name says
                    at = I.cell_line(number, 1, output=True)
                    out.found.append(I.Named(called, [one], at, I._at(list(context), at), programmed=whole))
                    out.found += [I.Work(work, None, at, I._at(list(context), at), computed=True) for _, work in mine]
                    continue
                if txt:
                    before = len(out.found)
                    I.scan(txt, I.cell_line(number, 1, output=True), out, list(context))
                    _name_shown(out.found[before:], name)
                    _named_as_printed(out.found[before:], src)
                    _mark_rounded(out.found[before:], src)
                    if whole and mine:
                        _mark_programmed(out.found[before:])
                    _mark_echoes(out.found[before:], literal.get(id(o), set()),
                                  lambda k, number=number: I.cell_line(number, k, output=True))
                    result = o.get("output_type") == "execute_result"
                    _add_works(out, before, mine if programmed else _computed(src, txt, result), context,
                               lambda k, number=number: I.cell_line(number, k, output=True))
    return out


def _named_as_printed(found: list, src: str) -> None:
    """``print("W\\n", k)`` labels the key matrix W: where the variable a print shows is Q, K or V by its name and
    the label it writes says another role (or none), the variable names the array (the label is a slip of the
    code's author; the code says what was computed)."""
    shown = [x for x in found if isinstance(x, (I.Named, I.Table))]
    taken: set[int] = set()
    for m in _PRINT_LABELLED.finditer(src):  # each print names the next array its label names (copied labels:
        label = m.group(2).replace("\\n", " ").strip().rstrip(":：=").strip()  # print("Q", q); print("Q", k))
        var = m.group(3)
        x = next((x for x in shown if id(x) not in taken and x.name.strip() == label), None)
        if x is None:
            continue
        taken.add(id(x))
        if role(var) in ("Q", "K", "V") and role(label) != role(var):
            x.name = var


_PRINT_LABELLED = re.compile(r"""print\(\s*(["'])((?:(?!\1)[^\n]){1,40}?)\1\s*,\s*([A-Za-z_]\w{0,40})\s*\)""")


def _mark_rounded(found: list, src: str) -> None:
    """The arrays a cell printed after its code rounded them (``torch.round(x * 1000) / 1000``, ``np.round(x, 3)``,
    ``x.round(3)``, ``torch.round(x, decimals=3)``): to that many decimals, when every number printed has at least
    as many and its further digits are zeros (torch pads 0.981 to 0.9810)."""
    ks = {int(m.group(1) or m.group(2) or len(m.group(3)) - 1) for m in _ROUNDING.finditer(src)}
    if len(ks) != 1:
        return  # no rounding, or two of them: which print is which is not said
    k = ks.pop()
    for x in found:
        if not isinstance(x, I.Named):
            continue
        cells = I._flat(x.array)
        places = [len(c.split(".")[1]) if "." in c else 0 for c in cells]
        if cells and all(p >= k for p in places) and any(p > k for p in places) and \
                all(set(c.split(".")[1][k:]) <= {"0"} for c in cells if "." in c):
            x.rounded_to = k


_ROUNDING = re.compile(r"\bround\s*\([^()]*(?:\([^()]*\)[^()]*)*?,\s*(?:decimals\s*=\s*)?(\d)\s*\)"  # np.round(x, 3)
                       r"|\.round\(\s*(?:decimals\s*=\s*)?(\d)\s*\)"  # x.round(3)
                       r"|\bround\s*\([^()]*(?:\([^()]*\)[^()]*)*?\*\s*(10{1,6})\s*\)\s*/\s*\3\b")  # round(x*1000)/1000


def _programmed(run: P.Interpreter, src: str, outputs: list, cell_line, skipped: list[Note]) \
        -> tuple[dict[int, list[tuple[int, str]]], bool, dict[int, set[int]]]:
    """The lines of working a code cell's outputs show, by output (its 1-based line, the working), read by
    interpreting the notebook's code (``program``), and whether the code accounts for every number they show;
    nothing when no printed number can be paired with the code's value (a stale output, code we do not read).
    Third, by output, its lines whose every number is a literal the code wrote."""
    shown = run.cell(src)
    if shown is None:
        return {}, False, {}
    lines: list[tuple[int, str]] = []
    owner: dict[int, tuple[int, int]] = {}  # a line's place in ``lines`` → its output and its line there
    for o in outputs:
        if not isinstance(o, dict) or o.get("output_type") == "error" or o.get("name") == "stderr":
            continue
        raw = o.get("data")
        data: dict = raw if isinstance(raw, dict) else {}
        if o.get("output_type") in ("execute_result", "display_data") and set(data) - {"text/plain"}:
            return {}, False, {}  # a frame, a plot: not a print of ours
        txt = _joined(o.get("text", "")) or _joined(data.get("text/plain", ""))
        for k, line in enumerate(txt.splitlines(), start=1):
            owner[len(lines)] = (id(o), k)
            lines.append((len(lines), line))
    paired = P.pairs(shown, lines)
    if not paired:
        return {}, False, {}
    got: dict[int, list[tuple[int, str]]] = {}
    noise: list[tuple[int, str]] = []
    for at, work in P.claims(paired[0], noise):
        o, k = owner[at]
        got.setdefault(o, []).append((k, work))
    literal: dict[int, set[int]] = {}
    for at in _literal_lines(paired[0]):
        literal.setdefault(owner[at][0], set()).add(owner[at][1])
    skipped += [_noise_note(cell_line(owner[at][1]), text) for at, text in noise]
    return got, paired[1] and bool(got) and P.explains(paired[0]), literal


MAX_COMPUTED = 64  # lines of a cell whose printed expressions are read as working
MAX_COMPUTED_CHARS = 400  # … and the longest of them (a name stands for an expression of at most that many)


def _computed(src: str, txt: str, result: bool = False) -> list[tuple[int, str]]:
    """The working a code cell computes from numbers written in it and prints: ``y = -(0*np.log(0.1) + 1*np.log(0.7))``
    then ``print("loss:", y)`` showing ``loss: 0.3566…`` is the line ``-(0*ln(0.1) + 1*ln(0.7)) = 0.3566…`` on that
    output line (1-based). The prints must account for every line shown, in order (a ``\\n`` in a string is a line
    more); what a print shows last (no string) is the value. With ``result``, the output is the value of the cell's
    last line instead (a notebook used as a calculator: ``(-1.6969 + (-2.6498))/2`` shows ``-2.17335``). Nothing is
    run: an expression counts only when our grammar reads it, numbers and named ones alone."""
    lines = src.splitlines()[:MAX_COMPUTED]
    env: dict[str, str] = {}
    shown: list[tuple[str | None, int, int, str]] = []  # each print: its value, the line it is on, the lines it
    # shows, and the words it prints before the value
    last = ""
    for raw in lines:
        s = raw.strip()
        if not s or s.startswith("#") or len(s) > MAX_COMPUTED_CHARS:
            continue
        last = s
        said = _PRINT.fullmatch(s)
        if said:
            args = I.top_level(said.group(1))
            if any(_KEYWORD_ARG.match(a) for a in args):
                return []  # print(…, end="") joins lines: no telling which line shows what
            strings = [bool(_STRING.match(a)) for a in args]
            value = max((k for k, a in enumerate(args) if a and not strings[k]), default=None)
            breaks = [a.count("\\n") if strings[k] else 0 for k, a in enumerate(args)]
            said_before = args[value - 1] if value and strings[value - 1] else ""  # "loss:" in print("loss:", y)
            shown.append((_literal_expr(args[value], env) if value is not None else None,
                          sum(breaks[:value]) if value is not None else 0, 1 + sum(breaks),
                          _unquoted(said_before.rsplit("\\n", 1)[-1])))
            continue
        m = _ASSIGNED_ONE.fullmatch(s)
        if m and (e := _literal_expr(m.group(2), env)) is not None:
            env[m.group(1)] = e
        elif m:
            env.pop(m.group(1), None)
    if result:  # the value of the last line, if it is an expression (an assignment or a print shows no result)
        shown = [] if _PRINT.fullmatch(last) or _ASSIGNED_ONE.fullmatch(last) else [(_literal_expr(last, env), 0, 1, "")]
    printed = txt.splitlines()
    whole = sum(n for _, _, n, _ in shown) == len(printed)  # else the cell changed after it ran: a print's line
    out, first = [], 0  # counts only where it shows the words the print puts before its value
    for e, at, n, before in shown:
        if first + n > len(printed):
            break
        line = printed[first + at]
        num = _LAST_NUMBER.search(line.strip())
        if e is not None and num is not None and (whole or (before.strip() and line.startswith(before))):
            out.append((first + at + 1, f"{e} = {num.group(1)}"))
        first += n
    return out


def _unquoted(arg: str) -> str:
    """The text of a plain string literal (its quotes and prefix gone), or '' for anything else."""
    m = re.fullmatch(r"[rRuU]?(['\"])(.*)\1", arg.strip(), re.DOTALL)
    return m.group(2) if m and "\\" not in m.group(2) and "{" not in m.group(2) else ""


_STRING = re.compile(r"(?:[rRfFbBuU]{0,2})[\"']")
_KEYWORD_ARG = re.compile(r"(?:end|sep|file)\s*=")
_ASSIGNED_ONE = re.compile(r"([A-Za-z_]\w{0,40})\s*=(?!=)\s*(.+?)\s*;?")
_LAST_NUMBER = re.compile(r"(?:^|[\s:=(\[,])(" + V.NUMBER.pattern + r")\s*\)?\s*$")
_FUNCTIONS = {"log": "ln", "exp": "exp", "sqrt": "sqrt", "log2": "log2", "log10": "log10"}
_CALLED_FN = re.compile(r"\b(?:np|numpy|math|torch)\.(log|exp|sqrt|log2|log10)\s*\(")
_LITERAL_ONLY = re.compile(r"[\d.eE+\-*/^() ]+")


def _literal_expr(text: str, env: dict[str, str]) -> str | None:
    """A Python expression of numbers (np.log, math.exp, np.sqrt, **, names bound to such expressions) in the
    work-line grammar, or None: anything else (a call, a name of an array, a string) is no working of ours."""
    t = _CALLED_FN.sub(lambda m: _FUNCTIONS[m.group(1)] + "(", text.strip()).replace("**", "^")
    t = re.sub(r"\b[A-Za-z_]\w*\b(?!\s*\()", lambda m: f"({env[m.group(0)]})" if m.group(0) in env else m.group(0), t)
    bare = re.sub(r"\b(?:ln|exp|sqrt|log2|log10)\(", "(", t)
    if len(t) > MAX_COMPUTED_CHARS or not _LITERAL_ONLY.fullmatch(bare) or not re.search(r"[-+*/^(]", bare.lstrip("-")):
        return None  # (a number alone is a setting, not working)
    try:
        G.parse_expression(t)
    except (ParseError, ValueError, RecursionError):
        return None
    return t


_FLOAT32 = re.compile(r"\bfloat32\b|^\s*(?:import|from)\s+(?:tensorflow|torch|keras|jax)\b", re.MULTILINE)
_FLOAT64 = re.compile(r"\bfloat64\b|\bdouble\b|jax_enable_x64")


def _single_precision(cells: list) -> bool:
    """Whether a notebook's program computes in float32: it says float32, or it uses TensorFlow, PyTorch, Keras or
    JAX (whose default it is) and never asks for float64."""
    code = "\n".join(_joined(c.get("source", "")) + "\n" + "\n".join(
        _joined(o.get("text", "")) for o in c.get("outputs", []) if isinstance(o, dict))
        for c in cells if isinstance(c, dict) and c.get("cell_type") == "code" and isinstance(c.get("outputs", []), list))
    return _in_float32(code)


def _in_float32(code: str) -> bool:
    """Whether a program computes in float32: it says so, or it uses TensorFlow, PyTorch, Keras or JAX (whose
    default it is) and never asks for float64."""
    return bool(_FLOAT32.search(code)) and not _FLOAT64.search(code)


# what a page puts between a code block and its output: a notebook's prompt (In [3]:, Out[3]:, [3]:), a code block's
# language label (VitePress's <span class="lang">python</span>, a theme's "Output")
_BETWEEN = re.compile(r"(?:In|Out)?\s*\[\s*\d*\s*\]\s*:?|(?i:python3?|py|ipython3?|pycon|text|txt|plaintext|plain|"
                      r"output|out|console|shell|bash|sh|julia|r|matlab|octave|js|javascript|json|c\+\+|cpp)")
# a label a post writes between a block of code and what it printed: "Output:", "Result:", "出力：", "실행 결과:"
_OUTPUT_LABEL = re.compile(r"[^\W\d][^\d:：\n]{0,24}[:：]")
_SHOWN = re.compile(r"^\s*(?:print\(\s*)?([A-Za-z_]\w{0,40}(?:\s*,\s*[A-Za-z_]\w{0,40}){0,7})\s*,?\s*\)?\s*;?\s*$")


def _shown(src: str, assigned: bool = False) -> list[str]:
    """The names a code cell shows: its last line ``Q`` or ``print(Q)``, or a tuple ``Q, K, V`` (``Q.round(4)``-style
    calls are not names). With ``assigned`` (a page, whose author pastes a result below the code that makes it), also
    what its last line assigns: ``wei = F.softmax(wei, dim=-1)`` shows wei."""
    lines = [x for x in src.splitlines() if x.strip() and not x.lstrip().startswith("#")]
    m = (_SHOWN.match(lines[-1]) or (_ASSIGNED.match(lines[-1]) if assigned else None)) if lines else None
    if m is None and len(lines) >= 2 and all(_PRINT.fullmatch(x.strip()) for x in lines):
        printed = [_printed_name(_PRINT.fullmatch(x.strip()).group(1)) for x in lines]  # type: ignore[union-attr]
        return printed if all(printed) else []  # a cell of prints only: an array each, in order
    if m is None and lines and _LAYER_SHOWN.fullmatch(lines[-1].strip()) and (named := _printed_name(lines[-1].strip())):
        return [named]  # attn.W_q.weight.transpose(0, 1), attn.W_q(x): a layer's weights, or what it makes
    return [x.strip() for x in m.group(1).split(",")] if m else []


_PRINT = re.compile(r"print\((.*)\)\s*;?")
# a cell's last line that shows a layer's weights (as x @ W uses them, or as stored) or the layer applied
_LAYER_SHOWN = re.compile(r"[A-Za-z_][\w.]{0,60}\.weight(?:\.T|\.t\(\)|\.transpose\(\s*0\s*,\s*1\s*\))?"
                          r"|[A-Za-z_][\w.]{0,60}\(\s*[A-Za-z_]\w{0,40}\s*\)")
_PROJECTION = {"Wq": "Q", "Wk": "K", "Wv": "V"}


def _printed_name(expr: str) -> str:
    """What one ``print(…)`` shows, by the names in its argument: ``Q`` or ``attn.W_q.weight.T`` (a layer's weights,
    its name), ``attn.W_q(x)`` (the layer applied: the projection it makes, Q); "" when no name says."""
    if re.fullmatch(r"\s*[A-Za-z_]\w{0,40}\s*", expr):
        return expr.strip()
    weight = re.search(r"([A-Za-z_]\w{0,40})\.weight\b", expr)
    if weight and role(weight.group(1)) is not None:
        return weight.group(1)
    applied = [r for name in re.findall(r"([A-Za-z_]\w{0,40})\s*\(", expr) if (r := role(name)) in _PROJECTION]
    return _PROJECTION[applied[-1]] if applied else ""


_ASSIGNED = re.compile(r"^\s*([A-Za-z_]\w{0,40}(?:\s*,\s*[A-Za-z_]\w{0,40}){0,7})\s*=(?!=)")


def _name_shown(found: list, names: list[str], weights: bool = True) -> None:
    """A cell's printed output named by what the cell shows: its one array, or a tuple's arrays in order (a
    notebook's output, or the output block right after a code block on a page rendered from one). Without
    ``weights``, a name that reads as a weight (``w1``: head 1's attention weights as often as an FFN's W1) names
    nothing: a page's code defines its weights where the reader reads them already."""
    printed = [x for x in found if isinstance(x, (I.Named, I.Table)) and not x.name]
    if not weights and any(role(n) not in (None, "X", "Q", "K", "V") for n in names):
        return
    if names and len(printed) == len(names):
        for x, name in zip(printed, names):
            x.name = name


_CALLED = re.compile(r"^\s*([A-Za-z_]\w{0,40})\s*\(.*\)\s*;?\s*$")


def _called(src: str) -> str:
    """The function a code cell's last line calls, whose value the cell shows (``dot_score(s, h)``): a name for
    the one number it prints, by the step its name says (print, len and the like name nothing)."""
    lines = [x for x in src.splitlines() if x.strip() and not x.lstrip().startswith("#")]
    m = _CALLED.match(lines[-1]) if lines else None
    return m.group(1) if m and step_hint(m.group(1).replace("_", " ")) is not None else ""


def _joined(v) -> str:
    if isinstance(v, list):
        return "".join(x for x in v if isinstance(x, str))
    return v if isinstance(v, str) else ""
