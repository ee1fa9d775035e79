"""Rendered HTML pages as generators write them (fa): jemdoc's page inside its <head> and its layout table,
Hugo's KaTeX rows with a backslash eaten, Chroma's black-formatted arrays, a notebook's outputs after its code
blocks. Each rule has a small page of our own here; the documents in tests/documents/real-styles/fa-* (values by
_oracle/fa_make.py, mpmath) are read whole."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from exactformer.read.documents import formats
from exactformer.read.documents import items as I
from exactformer.read.documents import values as V

ROOT = Path(__file__).parent.parent
REAL_STYLES = ROOT / "tests" / "documents" / "real-styles"
EXE = Path(sys.executable).with_name("exactformer")


def _named(page: str) -> list[I.Named]:
    return [x for x in formats.html(page).found if isinstance(x, I.Named)]


def test_a_page_inside_an_unclosed_head_is_read():
    """jemdoc writes the whole page before a late </head><body>: a browser shows it, so the reader reads it."""
    page = ("<html><head><title>t</title><meta charset='utf-8'/>\n<div>\n<p>Weights:</p>\n"
            "<p>W_q = [[0.5, 0.25], [0.75, 1.5]]</p>\n</div>\n</head><body></body></html>")
    got = _named(page)
    assert [(x.name, x.line) for x in got] == [("W_q", 4)]


def test_a_head_with_only_its_own_elements_stays_unread():
    page = "<html><head><title>0.5 and 0.25</title><style>p { margin: 0.5em }</style></head><body><p>x</p></body>"
    assert formats.html(page).found == []


def test_a_layout_table_is_read_as_the_page_it_lays_out():
    """A table whose cell holds a heading, a list, code or several paragraphs lays out a page (jemdoc, old sites):
    its cells are text, and a data table inside it is still a table."""
    page = ("<table id='tlayout'><tr><td><div>Home</div><div>Notes</div></td>\n<td>\n<h1>Scores</h1>\n"
            "<p>q = [0.5, 1.5]</p>\n<table><tr><th>a</th><th>b</th></tr><tr><td>0.25</td><td>0.75</td></tr></table>\n"
            "<p>k = [1.25, 0.5]</p>\n</td></tr></table>")
    found = formats.html(page).found
    assert [(x.name, x.array) for x in found if isinstance(x, I.Named)] == [("q", ["0.5", "1.5"]),
                                                                            ("k", ["1.25", "0.5"])]
    tables = [x for x in found if isinstance(x, I.Table)]
    assert len(tables) == 1 and tables[0].rows == [["0.25", "0.75"]]


def test_a_data_table_with_one_paragraph_per_cell_stays_a_table():
    page = "<table><tr><td><p>0.25</p></td><td><p>0.75</p></td></tr><tr><td><p>0.5</p></td><td><p>1.5</p></td></tr></table>"
    tables = [x for x in formats.html(page).found if isinstance(x, I.Table)]
    assert len(tables) == 1 and tables[0].rows == [["0.25", "0.75"], ["0.5", "1.5"]]


def test_a_block_starts_on_the_line_its_text_starts():
    """<p> alone on its line, its text below: the text's line, not the tag's."""
    page = '<p style="text-align:center">\n\\[\nW_K = \\begin{bmatrix} 0.5 & 1 \\\\ 2 & 0.25 \\end{bmatrix}\n\\]\n</p>'
    got = _named(page)
    assert [(x.name, x.line) for x in got] == [("W_K", 3)]


def test_matrix_rows_whose_break_lost_a_backslash():
    """Hugo's Markdown reads \\\\ as an escaped backslash: each row of a $$ bmatrix then ends in one backslash."""
    assert V.latex_matrix("\\begin{bmatrix}\n0.25 & 0.5\\\n1 & 2\n\\end{bmatrix}") == [["0.25", "0.5"], ["1", "2"]]
    # a matrix that keeps its \\\\ is read as before, a lone backslash inside it a space
    assert V.latex_matrix("\\begin{bmatrix} 0.25 & 0.5 \\\\ 1 & 2 \\end{bmatrix}") == [["0.25", "0.5"], ["1", "2"]]


def test_an_array_laid_out_by_black():
    """``W = np.array(`` with its ``[`` alone on the next line (black's layout of a long literal) is W."""
    out = I.Items()
    I.scan("W_v = np.array(\n    [\n        [0.5, 0.25],\n        [0.75, 1.5],\n    ]\n)\n", 10, out, ["", ""])
    got = [x for x in out.found if isinstance(x, I.Named)]
    assert [(x.name, x.array, x.row_lines) for x in got] == [("W_v", [["0.5", "0.25"], ["0.75", "1.5"]], [12, 13])]


def test_a_printed_tuple_of_arrays_is_each_array():
    out = I.Items()
    I.scan("(array([[1, 2],\n        [3, 4]]),\n array([[5, 6],\n        [7, 8]]))\n", 1, out, ["", ""])
    assert [x.array for x in out.found if isinstance(x, I.Named)] == [[["1", "2"], ["3", "4"]],
                                                                      [["5", "6"], ["7", "8"]]]
    out = I.Items()
    I.scan("(array([1, 2]), array([0.5, 0.25]))", 1, out, ["", ""])
    assert [x.array for x in out.found if isinstance(x, I.Named)] == [["1", "2"], ["0.5", "0.25"]]
    assert I._tuple_of_arrays("(array([[1, 2],") and I._tuple_of_arrays("(array([1, 2]), array([3, 4]))")
    for text in ("(tensor([3]), 'sat')", "(array([0.7235, -0.5]), 0.2850)"):  # an array and something else
        assert not I._tuple_of_arrays(text)


def test_a_code_blocks_last_line_names_the_output_below_it():
    """A page rendered from a notebook: ``Q, K, V`` ends a code block, the next <pre> prints the three arrays."""
    page = ("<div class='highlight'><pre><code>Q, K, V\n</code></pre></div><pre><code>(array([[1, 0],\n"
            "        [0, 1]]),\n array([[0.5, 1. ],\n        [1. , 0.5]]),\n array([[2, 0],\n        [0, 2]]))\n"
            "</code></pre>\n<pre><code>scores = Q @ K.T\nscores</code></pre><pre><code>array([[0.5, 1. ],\n"
            "       [1. , 0.5]])</code></pre>")
    assert [x.name for x in _named(page)] == ["Q", "K", "V", "scores"]
    page = "<pre><code>Q, K\n</code></pre><p>and then</p><pre><code>(array([1, 2]), array([3, 4]))</code></pre>"
    assert [x.name for x in _named(page)] == ["", ""]  # a sentence between: not the code's output


def _harness():
    spec = importlib.util.spec_from_file_location("reading_eval", ROOT / "bench" / "reading_eval.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["reading_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", sorted(p.name[: -len(".expect.toml")] for p in REAL_STYLES.glob("fa-*.expect.toml")))
def test_a_real_style_page_reads_whole(name):
    res = _harness().evaluate(REAL_STYLES / f"{name}.expect.toml", EXE)
    assert res.read, res.status
    assert res.recall == 1.0, res.missed_list[:10]
    assert res.invented_share == 0, res.invented_list[:10]
    assert res.agree == res.matched, res.disagree_list[:10]


def test_mathml_without_its_tex_is_read_as_text():
    """MathJax 3 rendered to SVG keeps an assistive MathML copy (VitePress, Docusaurus, a saved page), pandoc
    --mathml writes MathML alone: a fraction, a root, a power and a leading minus read as the grammar reads them."""
    page = ("<p>So <mjx-container><svg aria-hidden='true'><path d='M0 0'/></svg><mjx-assistive-mml><math><mrow>"
            "<msub><mi>q</mi><mn>1</mn></msub><mo>·</mo><msub><mi>k</mi><mn>2</mn></msub><mo>=</mo><mn>0.5</mn>"
            "<mo>×</mo><mrow><mo>(</mo><mo>−</mo><mn>0.2</mn><mo>)</mo></mrow><mo>+</mo><mn>1.5</mn><mo>×</mo>"
            "<mn>0.4</mn><mo>=</mo><mn>0.5</mn></mrow></math></mjx-assistive-mml></mjx-container>.</p>\n<p>"
            "<math><mfrac><mn>0.5</mn><msqrt><mn>2</mn></msqrt></mfrac><mo>≈</mo><mn>0.3536</mn></math></p>\n<p>"
            "<math><msup><mi>e</mi><mrow><mo>−</mo><mn>0.5</mn></mrow></msup><mo>=</mo><mn>0.6065</mn></math>.</p>")
    works = [x.text.replace(" ", "") for x in formats.html(page).found if isinstance(x, I.Work)]
    assert works == ["0.5×(-0.2)+1.5×0.4=0.5", "(0.5)/(sqrt(2))≈0.3536", "e^(-0.5)=0.6065"]


def test_mathml_with_its_tex_is_read_from_the_tex_only():
    page = ("<p><math><semantics><mrow><mn>0.5</mn><mo>×</mo><mn>2</mn><mo>=</mo><mn>1</mn></mrow>"
            "<annotation encoding='application/x-tex'>0.5 \\times 2 = 1</annotation></semantics></math></p>")
    assert [x.text for x in formats.html(page).found if isinstance(x, I.Work)] == ["0.5 × 2 = 1"]


def test_an_output_prompt_between_a_code_block_and_its_output():
    """nbconvert writes Out[4]: between a cell's code and its output: still that code's output; a name that reads
    as a weight (w1: head 1's weights, or an FFN's W1?) names nothing on a page."""
    page = ("<div class='prompt input_prompt'>In&nbsp;[4]:</div><div class='highlight'><pre>weights</pre></div>"
            "<div class='prompt output_prompt'>Out[4]:</div><div><pre>tensor([[0.25, 0.75],\n        [0.5, 0.5]])"
            "</pre></div>\n<div class='highlight'><pre>w1</pre></div><div class='prompt output_prompt'>Out[5]:</div>"
            "<div><pre>tensor([[0.25, 0.75],\n        [0.5, 0.5]])</pre></div>")
    assert [x.name for x in _named(page)] == ["weights", ""]


def test_mathjax2_rendering_saved_with_its_page_is_read_once():
    """A page saved after MathJax 2 ran: its glyphs and assistive MathML beside the script it keeps; the script's
    TeX is read, once."""
    page = ("<p>The score: <span class='MathJax_Preview'></span><span class='mjx-chtml MathJax_CHTML' "
            "id='MathJax-Element-1-Frame'><span class='mjx-math'><span class='mjx-mn'>0.5</span>"
            "<span class='mjx-mo'>×</span><span class='mjx-mn'>2</span><span class='mjx-mo'>=</span>"
            "<span class='mjx-mn'>1</span></span><span class='MJX_Assistive_MathML'><math><mn>0.5</mn><mo>×</mo>"
            "<mn>2</mn><mo>=</mo><mn>1</mn></math></span></span><script type='math/tex' id='MathJax-Element-1'>"
            "0.5 \\times 2 = 1</script>.</p>")
    assert [x.text for x in formats.html(page).found if isinstance(x, I.Work)] == ["0.5 × 2 = 1"]


def test_a_code_blocks_line_numbers_are_not_its_numbers():
    """Hugo's Chroma with lineNos (inline, or a table beside the code), Pygments' and Rouge's tables: the numbers
    of the lines are no part of the program."""
    inline = ("<pre class='chroma'><code><span class='line'><span class='ln'>1</span><span class='cl'>W_q = "
              "[[0.5, 0.25],\n</span></span><span class='line'><span class='ln'>2</span><span class='cl'>"
              "       [0.75, 1.5]]\n</span></span></code></pre>")
    table = ("<div class='highlight'><div class='chroma'><table class='lntable'><tr><td class='lntd'><pre class='chroma'>"
             "<code><span class='lnt'>1\n</span><span class='lnt'>2\n</span></code></pre></td><td class='lntd'>"
             "<pre class='chroma'><code><span class='line'><span class='cl'>W_q = [[0.5, 0.25],\n</span></span>"
             "<span class='line'><span class='cl'>       [0.75, 1.5]]\n</span></span></code></pre></td></tr></table></div></div>")
    rouge = ("<table class='rouge-table'><tbody><tr><td class='gutter gl'><pre class='lineno'>1\n2\n</pre></td>"
             "<td class='code'><pre>W_q = [[0.5, 0.25],\n       [0.75, 1.5]]\n</pre></td></tr></tbody></table>")
    for page in (inline, table, rouge):
        found = formats.html(page).found
        assert [(x.name, x.array) for x in found if isinstance(x, I.Named)] == \
            [("W_q", [["0.5", "0.25"], ["0.75", "1.5"]])], page
        assert not [x for x in found if isinstance(x, I.Table)]


def test_a_line_of_working_ending_in_a_row_break():
    """In an aligned display each line of working ends in \\\\ (or, after Hugo's Markdown, in one backslash): the
    break is no part of the working."""
    b = "\\"
    for end in (" " + b + b, " " + b):
        out = I.Items()
        I.scan(f"q_{{1}} &= 0.5 {b}cdot 0.3 + 0.2 {b}cdot 0.4 = 0.23{end}", 1, out, ["", ""])
        assert [(x.name, x.text) for x in out.found if isinstance(x, I.Work)] == \
            [("q_{1}", "0.5 · 0.3 + 0.2 · 0.4 = 0.23")]
    out = I.Items()  # Python's continuation of a line is no row break
    I.scan("total = 0.5 * 0.3 + " + b + "\n    0.2 * 0.4", 1, out, ["", ""])
    assert not [x for x in out.found if isinstance(x, I.Work)]


# ---- the scores given directly (a case without Q and K): mpmath is the oracle ----------------------------------
SCORES_CASE = """title = "scores given directly"

[model]
tokens = ["a", "b", "c"]
{model}

[[model.layers]]
scores = {{ "a" = ["0.5", "0", "0"], "b" = ["-0.25", "1.5", "0"], "c" = ["0.75", "-1", "2"] }}
{values}
"""


def _mp_weights(S, scale, causal):
    import mpmath

    mpmath.mp.dps = 50
    out = []
    for i, row in enumerate(S):
        keep = [j for j in range(len(row)) if not (causal and j > i)]
        e = {j: mpmath.exp(mpmath.mpf(row[j]) / scale) for j in keep}
        total = sum(e.values())
        out.append([e[j] / total if j in e else mpmath.mpf(0) for j in range(len(row))])
    return out


@pytest.mark.parametrize("model, scale, causal", [('mask = "causal"\nscale = "none"', 1, True),
                                                       ('scale = "2"', 2, False)])
def test_scores_given_directly_are_softmaxed_by_rows(tmp_path, model, scale, causal):
    import mpmath

    import exactformer

    S = [["0.5", "0", "0"], ["-0.25", "1.5", "0"], ["0.75", "-1", "2"]]
    V = [["1", "2"], ["0.5", "-1"], ["-2", "0.25"]]
    path = tmp_path / "scores.toml"
    path.write_text(SCORES_CASE.format(model=model, values='V = { "a" = [1, 2], "b" = ["0.5", "-1"], '
                                                             '"c" = [-2, "0.25"] }'), encoding="utf-8")
    case = exactformer.load(str(path))
    W = _mp_weights(S, scale, causal)
    for i, t in enumerate("abc"):
        for j, u in enumerate("abc"):
            got = mpmath.mpf(case[f"weights[{t},{u}]"].decimal(40).rstrip("…"))
            assert abs(got - W[i][j]) < mpmath.mpf("1e-38"), (t, u)
        for c in range(2):
            want = sum(W[i][j] * mpmath.mpf(V[j][c]) for j in range(3))
            got = mpmath.mpf(case[f"context[{t}][{c + 1}]"].decimal(40).rstrip("…"))
            assert abs(got - want) < mpmath.mpf("1e-38")
    if causal:  # a masked weight is exactly 0, never a softmax of the cell written there
        assert case["weights[a,c]"].closed_form == "0"


def test_scores_given_without_values_end_at_the_weights(tmp_path):
    from exactformer.audit.findings import ClaimFinding
    from exactformer.audit.pipeline import audit
    from exactformer.read.case import load

    text = SCORES_CASE.format(model='mask = "causal"\nscale = "none"', values="") + (
        '\n[[claims]]\nat = "the softmax"\nweights = { "a" = ["1.0000", "0.0000", "0.0000"], '
        '"b" = ["0.1480", "0.8520", "0.0000"] }\n')
    verdicts = {f.quantity: f.verdict.value for f in audit(load("s.toml", text)).findings
                if isinstance(f, ClaimFinding)}
    assert set(verdicts.values()) == {"correct"} and len(verdicts) == 6  # e^-0.25/(e^-0.25 + e^1.5) = 0.1480


def test_scores_given_have_no_root_of_d_k(tmp_path):
    from exactformer.errors import CaseError
    from exactformer.read.case import load

    with pytest.raises(CaseError, match="needs d_k"):
        load("s.toml", SCORES_CASE.format(model="", values='scale = "sqrt_dk"'))
    with pytest.raises(CaseError, match="does not go with the scores"):
        load("s.toml", SCORES_CASE.format(model="", values='Q = { "a" = [1], "b" = [1], "c" = [1] }'))


@pytest.mark.parametrize("shifted", [False, True])
def test_a_softmax_over_the_whole_matrix(tmp_path, shifted):
    """softmax_over = "all": one sum (and one max) over every cell, as code that sums np.exp(x) with no axis does;
    mpmath is the oracle (exp(x − max) / Σ exp(x − max) over the whole Q·Kᵀ)."""
    import mpmath

    import exactformer

    Q, K = [[1, 2], [3, 4], [5, 6]], [[0.5, 1], [1, -0.5], [2, 0.25]]
    path = tmp_path / "all.toml"
    path.write_text(
        'title = "a global softmax"\n[model]\ntokens = ["a", "b", "c"]\nscale = "none"\nsoftmax_over = "all"\n'
        + ('softmax = "max_shifted"\n' if shifted else "") +
        '[[model.layers]]\nQ = { "a" = [1, 2], "b" = [3, 4], "c" = [5, 6] }\n'
        'K = { "a" = ["0.5", 1], "b" = [1, "-0.5"], "c" = [2, "0.25"] }\n'
        'V = { "a" = [1, 0], "b" = [0, 1], "c" = [1, 1] }\n', encoding="utf-8")
    case = exactformer.load(str(path))
    mpmath.mp.dps = 50
    S = [[sum(mpmath.mpf(a) * mpmath.mpf(b) for a, b in zip(q, k)) for k in K] for q in Q]
    top = max(x for r in S for x in r)
    total = sum(mpmath.exp(x - top) for r in S for x in r)
    for i, t in enumerate("abc"):
        for j, u in enumerate("abc"):
            got = mpmath.mpf(case[f"weights[{t},{u}]"].decimal(40).rstrip("…"))
            assert abs(got - mpmath.exp(S[i][j] - top) / total) < mpmath.mpf("1e-38")
    assert case["expsum[a]"].closed_form == case["expsum[c]"].closed_form  # one sum for every row
    rows = sum(mpmath.mpf(case[f"weights[b,{u}]"].decimal(40).rstrip("…")) for u in "abc")
    assert rows < 1  # a row no longer sums to one
