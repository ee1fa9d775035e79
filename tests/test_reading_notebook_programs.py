"""Notebooks whose results are only in their outputs: functions the notebook defines, applied to arrays typed in its
cells (the style of the Deep Learning from Scratch notebooks, cosine similarities, a neuron's gradient step).
Each notebook here is our own, its outputs printed by Python and NumPy themselves (the test runs its code), and
the reader interprets the code without running it (``read.documents.program``)."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re

import numpy as np
import pytest

from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document
from exactformer.read.documents import program as P


def _run_notebook(path, cells, stale: dict[int, str] | None = None) -> None:
    """Write a notebook of ("md", text) and ("code", source) cells, each code cell's output printed by running
    it (its last line's value shown as Jupyter shows it); ``stale`` replaces a cell's output (a cell edited after
    it ran)."""
    nb = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    env: dict = {"np": np}
    np.random.seed(7)
    for k, c in enumerate(cells):
        if c[0] == "md":
            nb["cells"].append({"cell_type": "markdown", "metadata": {}, "source": c[1].splitlines(True)})
            continue
        src = c[1]
        tree = ast.parse(src)
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) and not (
            isinstance(tree.body[-1].value, ast.Call) and getattr(tree.body[-1].value.func, "id", "") == "print") \
            else None
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(compile(ast.Module([s for s in tree.body if s is not last], []), "cell", "exec"), env)  # noqa: S102
            value = eval(compile(ast.Expression(last.value), "cell", "eval"), env) if last else None  # noqa: S307
        outs = []
        if buf.getvalue():
            outs.append({"output_type": "stream", "name": "stdout", "text": buf.getvalue().splitlines(True)})
        if value is not None:
            outs.append({"output_type": "execute_result", "execution_count": 1, "metadata": {},
                         "data": {"text/plain": repr(value).splitlines(True)}})
        if stale and k in stale:
            outs = [{"output_type": "stream", "name": "stdout", "text": stale[k].splitlines(True)}]
        nb["cells"].append({"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": outs,
                            "source": src.splitlines(True)})
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


CELLS = [
    ("md", "## 活性化関数と損失関数\n\n自分で定義した関数を、手で入力した配列に適用する。"),
    ("code", "import numpy as np\n\ndef sigmoid(x):\n    return 1 / (1 + np.exp(-x))\n\n"
             "def relu(x):\n    return np.maximum(0, x)\n"),
    ("code", "x = np.array([-1.5, 0.0, 2.0])\nprint(sigmoid(x))\nprint(relu(x))"),
    ("code", "def mean_squared_error(y, t):\n    return 0.5 * np.sum((y - t) ** 2)\n\n"
             "y = [0.15, 0.05, 0.7, 0.0, 0.1]\nt = [0, 0, 1, 0, 0]\nmean_squared_error(np.array(y), np.array(t))"),
    ("code", "def cross_entropy_error(y, t, delta=1e-7):\n    return -np.sum(t * np.log(y + delta))\n\n"
             "print(f\"loss = {cross_entropy_error(np.array(y), np.array(t)):.4f}\")"),
    ("md", "코사인 유사도 (cosine similarity):"),
    ("code", "def cos_sim(a, b):\n    return np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))\n\n"
             "cat = [0.8, 0.3]\ndog = [0.6, 0.5]\nprint('cat·dog:', cos_sim(cat, dog))"),
    ("code", "w = np.random.randn(3)\nprint(w)"),  # a random draw: unknown, never fatal
    ("code", "print(sigmoid(0.25))"),  # its output is stale (see STALE)
    ("code", "for v in [0.5, 3.0]:\n    print(v, round(float(sigmoid(v)), 6), sigmoid(v))"),
    ("code", "scores = np.array([[1.0, 2.0], [0.5, 0.25]])\n"
             "e = np.exp(scores - scores.max(axis=1, keepdims=True))\nprint(e / e.sum(axis=1, keepdims=True))"),
]
STALE = {8: "0.5\n"}  # cell 8 printed sigmoid(0.0) before it was edited to sigmoid(0.25)


def test_a_notebook_of_its_own_functions_states_each_printed_result_as_its_arithmetic(tmp_path):
    p = tmp_path / "dlfs-style.ipynb"
    _run_notebook(p, CELLS, STALE)
    reading = read_document(str(p))
    works = re.findall(r'of = "arithmetic", line = "([^"]+)"', reading.toml)
    # sigmoid of three inputs; relu's 0 and 2 are max(0, x) of their input; the MSE; the cross-entropy (4 places);
    # the cosine; the loop's two sigmoids, each printed rounded (a claim at the 6 places it shows) and in full
    assert len(works) == 3 + 3 + 1 + 1 + 1 + 2 + 2, works
    assert "1 / (1 + exp(-0.5)) = 0.622459" in works, works  # round(…, 6): the unrounded working, its 6 places
    # the softmax of the scores the last cell types is an attention's weights: the model claims them, once
    assert re.search(r'"weights\[x1,x1\]" = "0.26894142"', reading.toml) and "0.26894142" not in " ".join(works)
    assert any(w.startswith("1 / (1 + exp(-(-1.5))) = 0.1824") for w in works), works
    assert any(w.startswith("0.5 * (") and w.endswith("= 0.06250000000000001") for w in works), works
    assert not any("0.25" in w.split("=")[0] and w.endswith("= 0.5") for w in works)  # the stale output: no claim
    case = load_document(str(p))
    verdicts = {f.verdict.value for f in audit(case).findings if hasattr(f, "verdict")}
    assert verdicts == {"correct"}, verdicts


def test_the_values_are_the_exact_ones_held_against_numpy(tmp_path):
    """Every claim's expression, evaluated exactly by the audit, is NumPy's float64 value to its printed digits."""
    p = tmp_path / "dlfs-style.ipynb"
    _run_notebook(p, CELLS, STALE)
    report = audit(load_document(str(p)))
    lines = [f for f in report.findings if getattr(f, "verdict", None) is not None and hasattr(f, "evaluates_to")]
    assert lines, "no line of working was judged"
    for f in lines:
        printed = float(f.reported)
        decimals = len(f.reported.split(".")[1]) if "." in f.reported else 0
        half = 0.5 * 10.0 ** -decimals  # NumPy rounded the float64 to the digits it printed
        assert abs(float(f.evaluates_to.rstrip("…")) - printed) <= half + 1e-11 * max(1.0, abs(printed)), f  # 12 digits


def _interpret(src: str):
    run = P.Interpreter()
    return run, run.cell(src)


def test_the_interpreter_runs_nothing_and_knows_what_it_cannot_read():
    """Anything outside its part of Python is unknown: an import trick, a file, an attribute of a module it does not
    model. Nothing is executed (a side effect would show), and the names it assigns are forgotten."""
    marker = "exactformer-should-never-run-this"
    run, shown = _interpret(f"x = __import__('os').system('echo {marker}')\ny = open('/etc/passwd').read()\n"
                            "z = np.random.rand(3)\n")
    assert shown == [] and not {"x", "y", "z"} & set(run.env)


@pytest.mark.parametrize("src", [
    "while True:\n    pass\n",
    "t = 0.0\nfor i in range(10**9):\n    t += 1\nprint(t)\n",
    "def f(x):\n    return f(x)\nprint(f(1))\n",
    "a = [0.5] * 10**8\nprint(a)\n",
    "x = 2.0 ** 10000\nprint(x)\n",
    "x = np.exp(1e6)\nprint(x)\n",
    "a = np.ones((64, 64))\nfor _ in range(200):\n    a = a @ a / 64\nprint(a)\n",
])
def test_loops_recursion_and_huge_values_are_unknown_in_bounded_time(src):
    _run, shown = _interpret(src)
    assert shown is None or all(s.parts is None for s in shown)


def test_the_budget_of_steps_bounds_a_notebook():
    run = P.Interpreter()
    body = "v = np.array([" + ", ".join(["0.5"] * 4000) + "])\n"
    for _ in range(200):
        run.cell(body + "s = np.sum(v * v)\n")
    assert run.steps <= P.MAX_STEPS + 5000


def test_prints_are_paired_by_their_numbers_and_strings_with_numbers_are_no_claims():
    run, shown = _interpret("a = 0.25\nb = 4.0\nprint('step 2 of 3:', a * b, [a + b, a - b])\n")
    got = P.pairs(shown, [(0, "step 2 of 3: 1.0 [4.25, -3.75]")])
    assert got is not None and got[1]
    assert [(text, s.text) for _, text, s in got[0]] == [("1.0", "0.25 * 4.0"), ("4.25", "0.25 + 4.0"),
                                                          ("-3.75", "0.25 - 4.0")]
    assert P.claims(got[0]) == [(0, "0.25 * 4.0 = 1.0"), (0, "0.25 + 4.0 = 4.25"), (0, "0.25 - 4.0 = -3.75")]


def test_a_print_the_interpreter_cannot_read_leaves_the_others_paired_by_line():
    run, shown = _interpret("a = 0.5\nprint('mine:', a / 4)\nprint('library:', sklearn_cosine(a))\n")
    got = P.pairs(shown, [(0, "mine: 0.125"), (1, "library: 0.9999999999999998")])
    assert got is not None and not got[1]
    assert P.claims(got[0]) == [(0, "0.5 / 4 = 0.125")]


def test_counts_and_numbers_the_code_writes_are_no_claims():
    run, shown = _interpret("xs = [0.2, 0.4]\nfor i in range(len(xs)):\n    print(i + 1, xs[i], -xs[i])\n")
    got = P.pairs(shown, [(0, "1 0.2 -0.2"), (1, "2 0.4 -0.4")])
    assert got is not None and P.claims(got[0]) == []


PE_CELLS = [
    ("md", "# 位置编码 (sinusoidal), d = 4, 三个位置\n"),
    ("code", "import numpy as np\n\ndef positional_encoding(n, d, base=10000):\n    table = np.zeros((n, d))\n"
             "    for pos in range(n):\n        for i in range(0, d, 2):\n"
             "            angle = pos / np.power(base, i / d)\n            table[pos, i] = np.sin(angle)\n"
             "            table[pos, i + 1] = np.cos(angle)\n    return table\n"),
    ("code", "pe = positional_encoding(3, 4)\nprint('PE =')\nprint(pe)"),
    ("code", "x = np.arange(12).reshape(3, 4) / 10\nx[0, 0] += 0.05\nprint(np.round(x + pe, 3))\nprint(x + pe)"),
]


def test_a_positional_encoding_built_in_loops_is_claimed_cell_by_cell(tmp_path):
    """The canonical loop filling np.zeros((n, d)) by index: every printed value is its own sin or cos; x + PE
    printed in full is claimed, and np.round's copy at the 3 places it shows."""
    p = tmp_path / "pe-loops.ipynb"
    _run_notebook(p, PE_CELLS)
    reading = read_document(str(p))
    works = re.findall(r'line = "([^"]+)"', reading.toml)
    report = audit(load_document(str(p)))
    verdicts = [f.verdict.value for f in report.findings if hasattr(f, "verdict")]
    assert verdicts and set(verdicts) <= {"correct"}, verdicts
    assert any("sin(2 / (10000 ^ (2 / 4)))" in w or "sin(2 / 10000 ^ (2 / 4))" in w for w in works) or \
        '"PE[' in reading.toml, reading.toml[:2000]
    # 12 PE values (a model's PE or the program's), and 12 more of x + PE, each once, and np.round's 12
    assert len(verdicts) >= 36, len(verdicts)


LAYER_CELLS = [
    ("md", "## 계산 그래프: 곱셈 계층과 덧셈 계층\n\n사과 3개(개당 120원)와 귤 4개(개당 80원), 부가세 10%."),
    ("code", "class MulLayer:\n    def __init__(self):\n        self.x = None\n        self.y = None\n\n"
             "    def forward(self, x, y):\n        self.x = x\n        self.y = y\n        return x * y\n\n"
             "    def backward(self, dout):\n        return dout * self.y, dout * self.x\n\n\n"
             "class AddLayer:\n    def forward(self, x, y):\n        return x + y\n\n"
             "    def backward(self, dout):\n        return dout, dout\n"),
    ("code", "apple, apple_num, orange, orange_num, tax = 120, 3, 80, 4, 1.1\n"
             "mul_apple, mul_orange, add, mul_tax = MulLayer(), MulLayer(), AddLayer(), MulLayer()\n"
             "price = mul_tax.forward(add.forward(mul_apple.forward(apple, apple_num), "
             "mul_orange.forward(orange, orange_num)), tax)\nprint(price)"),
    ("code", "dall, dtax = mul_tax.backward(1)\nda, do = add.backward(dall)\n"
             "print(mul_apple.backward(da), mul_orange.backward(do), dtax)"),
]


def test_a_computational_graph_of_layer_classes_states_its_forward_and_backward_values(tmp_path):
    """Classes the notebook defines (the style of Deep Learning from Scratch, chapter 5): instances keep their
    inputs in attributes; forward and backward values are claims of their arithmetic, all correct in float64."""
    p = tmp_path / "layers.ipynb"
    _run_notebook(p, LAYER_CELLS)
    works = re.findall(r'of = "arithmetic", line = "([^"]+)"', read_document(str(p)).toml)
    assert any(w.startswith("((120 * 3) + (80 * 4)) * 1.1 = 748.") for w in works), works
    assert len(works) == 1 + 5, works  # the price; dapple, dapple_num, dorange, dorange_num, dtax
    verdicts = [f.verdict.value for f in audit(load_document(str(p))).findings if hasattr(f, "verdict")]
    assert verdicts == ["correct"] * 6, verdicts


def _printed(src: str, env: dict) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(src, env)  # noqa: S102  (our own test code, to print what NumPy prints)
    return buf.getvalue()


def test_a_posts_python_block_and_the_output_block_below_it(tmp_path):
    """A Markdown post: a ```python block, then a bare ``` block with what it printed; and a REPL block whose
    lines below each >>> statement are what it shows. Both are read as the program's prints, in float64."""
    env: dict = {"np": np}
    code1 = ("import numpy as np\n\ndef gelu(x):\n    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * "
             "(x + 0.044715 * x ** 3)))\n\nprint(gelu(np.array([-1.0, 0.5, 2.0])))\n")
    out1 = _printed(code1, env)
    env["x"] = np.array([[1.0, 3.0], [2.0, 2.5]])
    mean = repr(env["x"].mean(axis=-1, keepdims=True))
    text = ("# GELU와 LayerNorm, 직접 계산하기\n\n```python\n" + code1 + "```\n\n```\n" + out1 + "```\n\n"
            "평균은 REPL로 확인한다:\n\n```python\n>>> x = np.array([[1.0, 3.0], [2.0, 2.5]])\n"
            ">>> x.mean(axis=-1, keepdims=True)\n" + mean + "\n```\n")
    p = tmp_path / "post.md"
    p.write_text(text, encoding="utf-8")
    reading = read_document(str(p))
    works = re.findall(r'of = "arithmetic", line = "([^"]+)"', reading.toml)
    assert sum("tanh" in w for w in works) == 3, works
    # the REPL's means: a LayerNorm's means of the rows x types (the model claims them), each once
    assert re.search(r'"ln.mean\[x2\]" = "2.25"', reading.toml) and not any("2.25" in w for w in works), works
    assert 'precision = "float64"' in reading.toml
    verdicts = [f.verdict.value for f in audit(load_document(str(p))).findings if hasattr(f, "verdict")]
    assert verdicts and set(verdicts) == {"correct"}, verdicts


def test_a_comment_that_states_the_value_is_a_claim_of_it_right_or_wrong(tmp_path):
    """``print(w @ x)  # -> 1.9`` and ``# 출력: …`` on the line above a print state the value by hand: a claim of
    the code's arithmetic, judged at the comment's own digits (a slip in it is wrong). A comment about something
    else (``# 3 tokens, d = 4``), or whose numbers are not the value's, is none."""
    cells = [
        ("code", "import numpy as np\nw = np.array([0.5, -1.2, 2.0])\nx = np.array([1.0, 0.5, 1.1])\n"
                 "print(w @ x)  # -> 0.5*1.0 + (-1.2)*0.5 + 2.0*1.1 = 2.1\n"
                 "# 출력: [0.62245933 0.23147522 0.80079708]\nprint(1 / (1 + np.exp(-w)))\n"
                 "n = 3  # 3 tokens, d = 4\n"
                 "m = np.array([[1.0, 2.0], [3.0, 4.0]]) @ np.array([[0.5], [0.25]])  # [[1.0] [2.6]]\n"),
    ]
    p = tmp_path / "comments.ipynb"
    _run_notebook(p, cells)
    toml = read_document(str(p)).toml
    # the working the code's own lines state (its comments), apart from what its output shows
    said = re.findall(r'at = "[^"]*\(cell 1, line \d+\)"\n(?:.*\n)*?work = \[\{[^\n]*line = "[^"]* = ([^"]+)"', toml)
    assert sorted(said) == ["0.23147522", "0.62245933", "0.80079708", "1.0", "2.1", "2.6"], toml
    verdicts = {(getattr(f, "reported", None) or f.claim.number.text, f.verdict.value)
                for f in audit(load_document(str(p))).findings if hasattr(f, "verdict")}
    assert {("2.6", "wrong"), ("0.80079708", "wrong"), ("1.0", "correct"), ("2.1", "correct"),
            ("0.23147522", "correct")} <= verdicts, verdicts


def test_a_print_that_is_float_noise_of_its_own_arithmetic_is_listed_not_claimed(tmp_path):
    """A central difference printed in full (0.1999999999990898 for exactly 0.2) is what float64 computes, but its
    exact value is far beyond float64's last places: claimed, it would be judged wrong. It is listed as not read;
    the same difference printed to 6 places is a claim, and correct."""
    cells = [("code", "def f(x):\n    return 0.01 * x ** 2 + 0.1 * x\n\ndef numerical_diff(f, x):\n    h = 1e-4\n"
                      "    return (f(x + h) - f(x - h)) / (2 * h)\n\nprint(numerical_diff(f, 5))\n"
                      "print(f'{numerical_diff(f, 5):.6f}')\n")]
    p = tmp_path / "diff.ipynb"
    _run_notebook(p, cells)
    reading = read_document(str(p))
    works = re.findall(r'line = "([^"]+)"', reading.toml)
    assert len(works) == 1 and works[0].endswith("= 0.200000"), works
    assert any("float noise" in n.text and "0.19999999999" in n.text for n in reading.notes), reading.notes
    verdicts = [f.verdict.value for f in audit(load_document(str(p))).findings if hasattr(f, "verdict")]
    assert verdicts == ["correct"], verdicts


def test_a_copy_is_an_array_of_its_own():
    """b = a.copy(), then b[0] = 5.0: a keeps its numbers (and a list's copy stays a Python list)."""
    run = P.Interpreter()
    shown = run.cell("import numpy as np\na = np.array([1.0, 2.0])\nb = a.copy()\nb[0] = 5.0\nprint(a, b)\n"
                     "l = [1.0]\nm = l.copy()")
    assert shown is not None
    first = [s.value for part in shown[0].parts if isinstance(part, list) for s in part]
    assert first == [1.0, 2.0, 5.0, 2.0], first
    assert type(run.env["m"]) is list and run.env["m"] is not run.env["l"]
