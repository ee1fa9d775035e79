"""Numbers as programs print them: a MATLAB session, R under knitr, a LaTeX array inside \\left[ … \\right], a
spreadsheet saved as CSV or pasted with tabs, one f-string line per row of a loop, Python's list of tuples. Each
rule is read off a small document of our own, printed as that program prints, and audited."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from exactformer.audit.pipeline import audit
from exactformer.read.documents import items, load_document, values

# two tokens, d_model 2, d_k 2, /√2: the numbers every document below prints
X = [[1.0, 0.5], [0.2, 0.8]]
WQ = [[0.6, 0.1], [0.3, 0.9]]
WK = [[0.4, 0.7], [0.5, 0.2]]
WV = [[0.9, 0.3], [0.2, 0.6]]


def _mul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]


def _steps():
    q, k, v = _mul(X, WQ), _mul(X, WK), _mul(X, WV)
    scaled = [[x / math.sqrt(2) for x in row] for row in _mul(q, [list(c) for c in zip(*k)])]
    e = [[math.exp(x) for x in row] for row in scaled]
    sums = [sum(row) for row in e]
    a = [[x / s for x in row] for row, s in zip(e, sums)]
    return {"Q": q, "K": k, "V": v, "scaled": scaled, "exp": e, "expsum": sums, "weights": a, "context": _mul(a, v)}


S = _steps()


def _f(x: float, places: int = 4) -> str:
    return f"{x:.{places}f}"


def _audit(path) -> tuple[Counter, list[str]]:
    case = load_document(str(path))
    g = case.engine.graph
    steps = Counter(g.step(c.address.step).short for c in case.claims if c.role.value == "stated")
    report = audit(case)
    return steps, sorted(f.quantity for f in report.by_seq.values() if f.verdict.value == "wrong")


def _matlab(m) -> str:
    rows = m if isinstance(m[0], list) else [[x] for x in m]
    return "\n".join("".join(f"{x:10.4f}" for x in r) for r in rows)


def _brackets(m) -> str:
    return "[" + "; ".join(" ".join(str(x) for x in r) for r in m) + "]"


def test_a_matlab_session(tmp_path):
    """>> prompts; ``Q =``, a blank line and the rows; ``ans =`` named by its command; a letter (E) named by a
    command that names a step (exp(S)), so that E is the exps and not the embeddings."""
    doc = "\n".join([
        "Lab 3: attention at the MATLAB prompt, the sentence \"sol lua\".", "",
        ">> format short", f">> X = {_brackets(X)};", f">> Wq = {_brackets(WQ)};", f">> Wk = {_brackets(WK)};",
        f">> Wv = {_brackets(WV)};", "",
        *[f">> {n} = X*W{n.lower()}\n\n{n} =\n\n{_matlab(S[n])}\n" for n in "QKV"],
        ">> S = Q*K'/sqrt(2)", "", "S =", "", _matlab(S["scaled"]), "",
        ">> E = exp(S)", "", "E =", "", _matlab(S["exp"]), "",
        ">> sum(E, 2)", "", "ans =", "", _matlab(S["expsum"]), "",
        ">> A = E./sum(E, 2)", "", "A =", "", _matlab(S["weights"]), "",
        ">> Z = A*V", "", "Z =", "", _matlab(S["context"]), ""])
    path = tmp_path / "session.txt"
    path.write_text(doc, encoding="utf-8")
    steps, wrong = _audit(path)
    assert steps == {"Q": 4, "K": 4, "V": 4, "scaled": 4, "exp": 4, "expsum": 2, "weights": 4, "context": 4}
    assert wrong == []
    path.write_text(doc.replace(_f(S["exp"][1][0]), _f(S["exp"][1][0] + 0.01)), encoding="utf-8")
    assert len(_audit(path)[1]) == 1  # a slip in E is found, as the exps'


def test_a_matlab_echo_in_blocks_of_columns():
    """A wide result printed in blocks under ``Columns 1 through 2`` and ``Columns 3 through 4`` is one matrix;
    ``B =`` with words below it is nothing."""
    out = items.Items()
    items.scan("B =\n\n  Columns 1 through 2\n\n    0.1000    0.2000\n    0.5000    0.6000\n\n"
               "  Columns 3 through 4\n\n    0.3000    0.4000\n    0.7000    0.8000\n\n>> done\n", 1, out, ["", ""])
    got = [x for x in out.found if isinstance(x, items.Named)]
    assert [(x.name, x.array) for x in got] == [("B", [["0.1000", "0.2000", "0.3000", "0.4000"],
                                                       ["0.5000", "0.6000", "0.7000", "0.8000"]])]
    out = items.Items()
    items.scan("B =\n\nnot a number here\n", 1, out, ["", ""])
    assert not [x for x in out.found if isinstance(x, items.Named)]


@pytest.mark.parametrize("text, want", [
    ("matrix(c(1, 2, 3, 4, 5, 6), nrow = 2, byrow = TRUE)", [["1", "2", "3"], ["4", "5", "6"]]),
    ("matrix(c(1, 2, 3, 4, 5, 6), nrow = 2)", [["1", "3", "5"], ["2", "4", "6"]]),  # R fills by column
    ("matrix(c(1, 2, 3, 4, 5, 6), 3, 2)", [["1", "4"], ["2", "5"], ["3", "6"]]),
    ("matrix(c(1, 2, 3, 4, 5, 6), ncol = 3, byrow = T)", [["1", "2", "3"], ["4", "5", "6"]]),
    ("c(0.5, -1.25)", ["0.5", "-1.25"]),
    ("matrix(c(1, 2, 3), nrow = 2)", None),  # three numbers make no 2-row matrix
    ("matrix(c(1, x), nrow = 2)", None),
    ("matrix([[1, 2]])", [["1", "2"]]),  # NumPy's matrix stays NumPy's
])
def test_r_vectors_and_matrices(text, want):
    assert values.array(text) == want


def _r_print(m, rows: list[str] | None, cols: list[str] | None) -> str:
    """R's print of round(M, 4) under knitr: a column's cells to one width, headers right-justified."""
    cells = [[f"{x:.4f}" for x in r] for r in m]
    heads = cols or [f"[,{j + 1}]" for j in range(len(m[0]))]
    labels = rows or [f"[{i + 1},]" for i in range(len(m))]
    lw = max(len(x) for x in labels)
    widths = [max(len(heads[j]), *(len(r[j]) for r in cells)) for j in range(len(heads))]
    out = ["## " + " " * lw + "".join(" " + h.rjust(w) for h, w in zip(heads, widths))]
    out += ["## " + lab.ljust(lw) + "".join(" " + c.rjust(w) for c, w in zip(r, widths)) for lab, r in zip(labels, cells)]
    return "\n".join(out)


def _r_matrix(m) -> str:
    return f"matrix(c({', '.join(str(x) for r in m for x in r)}), nrow = {len(m)}, byrow = TRUE)"


def test_r_under_knitr(tmp_path):
    """``X <- matrix(c(…), nrow = 2, byrow = TRUE)``; outputs after ``## `` with ``[,1]`` headers and ``[1,]`` row
    labels, or the tokens as dimnames; rowSums as a named vector under its names."""
    words = ["sol", "lua"]
    fence = "```"
    sums = "\n".join(["##    sol    lua", "## " + " ".join(f"{x:.4f}" for x in S["expsum"])])
    doc = "\n".join([
        "# Atención en R", "", "Las palabras *sol lua*.", "", f"{fence}r",
        f"X <- {_r_matrix(X)}", f"Wq <- {_r_matrix(WQ)}", f"Wk <- {_r_matrix(WK)}", f"Wv <- {_r_matrix(WV)}",
        fence, "",
        *[f"{fence}r\nround({n}, 4)\n{fence}\n\n{fence}\n{_r_print(S[n], None, None)}\n{fence}\n" for n in "QKV"],
        f"{fence}\n{_r_print(S['scaled'], words, words)}\n{fence}\n",
        f"{fence}r\nround(rowSums(exp(S)), 4)\n{fence}\n\n{fence}\n{sums}\n{fence}\n",
        f"{fence}\n{_r_print(S['weights'], words, words)}\n{fence}\n",
        f"{fence}\n{_r_print(S['context'], words, None)}\n{fence}\n"])
    path = tmp_path / "r.md"
    path.write_text(doc, encoding="utf-8")
    steps, wrong = _audit(path)
    assert steps == {"Q": 4, "K": 4, "V": 4, "scaled": 4, "expsum": 2, "weights": 4, "context": 4}
    assert wrong == []


def test_knitr_prefix_only_on_output():
    """A run of ``## `` lines is output when one of them ends in numbers; comments in code stay comments."""
    assert items._unknit(["## [1,] 0.5 0.2", "## [2,] 0.1 0.3"]) == ["[1,] 0.5 0.2", "[2,] 0.1 0.3"]
    assert items._unknit(["## a note", "## another note"]) == ["## a note", "## another note"]


def _tex_array(name: str, m, cell=_f) -> str:
    rows = "\n".join(" & ".join(cell(x) for x in r) + " \\\\" for r in m)
    spec = "c" * len(m[0])
    return f"{name} = \\left[ \\begin{{array}}{{{spec}}}\n{rows}\n\\end{{array}} \\right]"


def test_latex_arrays_in_left_right_with_a_blank_line_inside_the_display(tmp_path):
    """``\\left[ \\begin{array}{cc} … \\\\ … \\end{array} \\right]``, two of them in one ``$$`` with a blank line between
    (Markdown then sees two paragraphs)."""
    givens = "\n\n".join(_tex_array(n, m, str) for n, m in [("X", X), ("W^Q", WQ), ("W^K", WK), ("W^V", WV)])
    doc = "\n".join([
        "# 주의 계산", "", "문장은 \"sol lua\" 입니다.", "",
        "$$\n" + givens + "\n$$", "",
        "$$\n" + _tex_array("Q = XW^Q", S["Q"]) + "\n\n" + _tex_array("K = XW^K", S["K"]) + "\n$$", "",
        "$$\n" + _tex_array("\\frac{QK^T}{\\sqrt{d_k}}", S["scaled"]) + "\n$$", "",
        "$$\n" + _tex_array("A", S["weights"]) + "\n$$", ""])
    path = tmp_path / "array.md"
    path.write_text(doc, encoding="utf-8")
    steps, wrong = _audit(path)
    assert steps == {"Q": 4, "K": 4, "scaled": 4, "weights": 4}
    assert wrong == []


@pytest.mark.parametrize("text, want", [
    (r"\left[ \begin{array}{cc} 1 & 2 \\ 3 & 4 \\ \end{array} \right]", [["1", "2"], ["3", "4"]]),
    (r"\left( \begin{array}{c|c} 1 & 2 \end{array} \right)", ["1", "2"]),
    (r"[ \begin{array}cc 1 & 2 \\ 3 & 4 \end{array} ]", [["1", "2"], ["3", "4"]]),  # its braces read off
])
def test_latex_arrays(text, want):
    assert values.array(values.tex_plain(text)) == want  # the reader reads each line of maths as plain TeX first


def test_a_spreadsheet_as_csv_and_as_tabs(tmp_path):
    """CSV rows (the matrices side by side under Wq1 Wq2 Wk1 …, a table each), then rows pasted from a
    spreadsheet with tabs; a row sum column headed сумма."""
    def csv(head: list[str], labels: list[str], rows) -> str:
        return "\n".join([",".join(head)] + [",".join([lab, *(_f(x) for x in r)]) for lab, r in zip(labels, rows)])
    words = ["sol", "lua"]
    weights = [[*a, *b, *c] for a, b, c in zip(WQ, WK, WV)]
    fence = "```"
    doc = "\n".join([
        "# Внимание в таблице", "", "Слова «sol lua».", "",
        f"{fence}csv\n" + "\n".join(["token,x1,x2"] + [f"{w},{a},{b}" for w, (a, b) in zip(words, X)]) + f"\n{fence}", "",
        f"{fence}csv\n" + "\n".join(["W,Wq1,Wq2,Wk1,Wk2,Wv1,Wv2"] + [f"x{i + 1}," + ",".join(str(x) for x in r)
                                                                      for i, r in enumerate(weights)]) + f"\n{fence}", "",
        f"{fence}csv\n" + csv(["token", "Q1", "Q2", "K1", "K2"], words,
                               [[*a, *b] for a, b in zip(S["Q"], S["K"])]) + f"\n{fence}", "",
        f"{fence}csv\n" + csv(["exp", *words, "сумма"], words, [[*r, s] for r, s in zip(S["exp"], S["expsum"])])
        + f"\n{fence}", "",
        f"{fence}\n\t" + "\t".join(words) + "\n" + "\n".join(w + "\t" + "\t".join(_f(x) for x in r)
                                                             for w, r in zip(words, S["weights"])) + f"\n{fence}", ""])
    path = tmp_path / "sheet.md"
    path.write_text(doc, encoding="utf-8")
    steps, wrong = _audit(path)
    assert steps == {"Q": 4, "K": 4, "exp": 4, "expsum": 2, "weights": 4}
    assert wrong == []


def test_csv_needs_a_run_of_rows_without_spaces():
    """One line with commas, prose and Python's lists (a space after each comma) are no CSV."""
    assert items._uncsv(["a,0.1,0.2"]) == ["a,0.1,0.2"]
    assert items._uncsv(["x, 0.1, 0.2", "y, 0.3, 0.4"]) == ["x, 0.1, 0.2", "y, 0.3, 0.4"]
    assert items._uncsv(["a,b", "c,d"]) == ["a,b", "c,d"]  # no numbers
    assert items._uncsv(["t,x1", "a,0.1"]) == ["t\tx1", "a\t0.1"]


def test_f_string_lines_of_a_loop_and_a_list_of_tuples(tmp_path):
    """``row 0: e=[…], total=…, p=[…]`` on each line (the same names, the same shapes) is a table, a column per
    name: e is the exps there, not an embedding; ``[(…), (…)]`` is a matrix."""
    loop = "\n".join(f"row {i}: e=[{', '.join(_f(x) for x in e)}], total={_f(s)}, p=[{', '.join(_f(x) for x in a)}]"
                     for i, (e, s, a) in enumerate(zip(S["exp"], S["expsum"], S["weights"])))
    tuples = "[" + ", ".join("(" + ", ".join(_f(x) for x in r) + ")" for r in S["context"]) + "]"
    doc = "\n".join([
        "Attention in plain Python, the sentence \"sol lua\".", "",
        f"X = {X}", f"W_q = {WQ}", f"W_k = {WK}", f"W_v = {WV}", "", loop, "", f"Z = {tuples}", ""])
    path = tmp_path / "loop.txt"
    path.write_text(doc, encoding="utf-8")
    steps, wrong = _audit(path)
    assert steps == {"exp": 4, "expsum": 2, "weights": 4, "context": 4}
    assert wrong == []
    out = items.Items()
    items.scan("a: x=[0.1, 0.2], y=0.3\n", 1, out, ["", ""])  # one line is no table of the loop
    assert not [x for x in out.found if isinstance(x, items.Table) and x.col_labels]
    assert values.array("[(0.1, 0.2), (0.3, 0.4)]") == [["0.1", "0.2"], ["0.3", "0.4"]]
    assert values.array("[(0.1, 0.2), 0.3]") is None


def test_r_prints_a_vector_after_its_index():
    """``[1] 0.0120191``, as R prints a vector, is the vector; rows indexed [0] [1] … stay a table's rows, and
    R's [1,] [2,] count the rows of a matrix and name none."""
    out = items.Items()
    items.scan("## [1] 0.0120191\n", 1, out, ["", ""])
    assert [(type(x).__name__, x.array) for x in out.found] == [("Named", ["0.0120191"])]
    out = items.Items()
    items.scan("[0] 0.1 0.2\n[1] 0.3 0.4\n", 1, out, ["", ""])
    assert [(type(x).__name__, x.row_labels) for x in out.found] == [("Table", ["0", "1"])]
    out = items.Items()
    items.scan("     [,1] [,2]\n[1,]  0.1  0.2\n[2,]  0.3  0.4\n", 1, out, ["", ""])
    assert [(type(x).__name__, x.row_labels, x.rows) for x in out.found] == [
        ("Table", None, [["0.1", "0.2"], ["0.3", "0.4"]])]
