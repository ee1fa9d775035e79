"""Toy backprop posts: several small examples in one post (a linear model, then a hidden sigmoid unit, then the same
with ReLU), the givens in one inline list (``Let x=1, w_1=0.5, y=0.5``), gradients with whole-number values, the
update as ``w_2 \\to 0.86`` and a ReLU derivative as a ``cases`` environment. Each rule is on documents of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from exactformer.audit.findings import ClaimFinding
from exactformer.read.documents import items, items_of, symbols, worked


@pytest.mark.parametrize("line, pieces", [
    ("Let x=1, w_1=0.5, w_2=-1.0, y=0.5", ["Let x=1", " w_1=0.5", " w_2=-1.0", " y=0.5"]),
    ("\\hat{y} = 4.6 · 2 = 9.2,   L = (10 - 9.2)^2 = 0.64", ["\\hat{y} = 4.6 · 2 = 9.2", "   L = (10 - 9.2)^2 = 0.64"]),
    ("Take x=2 and a step size η = 0.1", ["Take x=2", "a step size η = 0.1"]),
    ("With the same numbers, h = 0.6", [" h = 0.6"]),
    # a list of numbers, a vector, a decimal comma: one equation, as written
    ("x = 1, 2, 3", ["x = 1, 2, 3"]),
    ("x = (1, 2), y = 3", ["x = (1, 2)", " y = 3"]),
    ("z = 0,5", ["z = 0,5"]),
    ("for 3 tokens, z = 0.5", ["for 3 tokens, z = 0.5"]),
    ("Входы: x2 = -1. Веса: w1 = 0.25", ["Входы: x2 = -1", " Веса: w1 = 0.25"]),  # a sentence's end alone
    ("1) x = 1, y = 2", ["1) x = 1", " y = 2"]),  # a list's numbering opens no bracket
])
def test_a_line_listing_equations_is_split_into_them(line, pieces):
    assert symbols.assignments(line) == pieces


@pytest.mark.parametrize("written, name", [("Let x = 1", "x"), ("hidden: h = σ(w_1 x)", "h"),
                                           ("With learning rate \\eta = 0.1", "η"), ("the sum of all = 2", ""),
                                           ("log p = -0.69", ""), ("derivative of h = 0.2288", ""),
                                           ("Веса: w1 = 0.25", "w1")])
def test_words_before_a_symbol_do_not_name_the_equation(written, name):
    e = symbols.equation(written, 0)
    assert e is not None and e.name == name


POST = """# Three toy examples

## A linear model

- Input: \\(x = 2\\)
- Weight: \\(w = 3\\)
- Target: \\(y = 10\\)
- Model: \\(\\hat{y} = w \\cdot x\\)
- Loss: \\(L = (y - \\hat{y})^2\\)

\\(\\hat{y} = 3 \\cdot 2 = 6\\), \\(L = (10 - 6)^2 = 16\\)

- \\(\\frac{\\partial L}{\\partial \\hat{y}} = -2(y - \\hat{y}) = -8\\)
- \\(\\frac{\\partial L}{\\partial w} = -16\\)

## A hidden unit

\\[
h = \\sigma(w_1 x), \\quad \\sigma(z) = \\frac{1}{1+e^{-z}}
\\]

\\[
\\hat{y} = w_2 h
\\]

\\[
L = (y - \\hat{y})^2
\\]

Let \\(x=1, w_1=0.4, w_2=0.9, y=1\\) and \\(\\eta = 0.1\\).

1. \\(h = \\sigma(0.4) \\approx 0.5987\\)
2. \\(\\hat{y} = 0.9 \\cdot 0.5987 = 0.5388\\)
3. \\(L = (1 - 0.5388)^2 \\approx 0.2127\\)

- \\(\\frac{\\partial L}{\\partial w_2} = -2(y - \\hat{y}) \\cdot h = -0.5522\\)
- \\(w_2 \\to 0.9552\\)

## With ReLU

\\[
h = \\max(0, w_1 x)
\\]

\\[
\\text{ReLU}'(z) =
\\begin{cases}
1 & z > 0 \\\\
0 & z = 0
\\end{cases}
\\]

Take \\(x=1, w_1=0.4, w_2=0.9, y=1\\): \\(h = 0.4\\).
"""


def test_each_example_of_a_post_is_a_network_of_its_own(tmp_path):
    """A linear model, a sigmoid unit and the ReLU one after it: three networks. The ReLU example writes only its
    hidden unit; the output and the loss are the example's before. The data of the first example (before any
    formula) are no later example's: the ReLU example takes its own x."""
    doc = tmp_path / "toy.md"
    doc.write_text(POST, encoding="utf-8")
    nets = worked.read(items_of(str(doc), POST)[1])
    assert [[u.act for layer in n.layers for u in layer] for n in nets] == \
        [["identity"], ["sigmoid", "identity"], ["relu", "identity"]]
    assert [(n.values["x"], n.values.get("w1") or n.values.get("w")) for n in nets] == \
        [("2", "3"), ("1", "0.4"), ("1", "0.4")]
    assert nets[1].lr == "0.1"


def test_the_hidden_unit_example_is_audited_with_its_update_and_nothing_from_a_cases_row(tmp_path):
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / "toy.md"
    doc.write_text(POST, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    got = {(f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}
    # σ(0.4) = 0.598688…, ŷ = 0.538819…, L = 0.212688…, ∂L/∂w2 = −0.552207…, w2 + 0.0552207 = 0.955221
    assert {("0.5987", "correct"), ("0.5388", "correct"), ("0.2127", "correct"), ("-0.5522", "correct"),
            ("0.9552", "correct")} <= got
    lines = {f.claim.source_line for f in rep.findings if isinstance(f, ClaimFinding)}
    assert not lines & {POST.splitlines().index("0 & z = 0") + 1}  # a piecewise definition's row: no claim


@pytest.mark.parametrize("line, claimed", [
    ("\\frac{\\partial L}{\\partial w} = -16", True),  # a derivative: a result, whole or not
    ("\\frac{\\partial L}{\\partial L} = 1", False),  # the seed of the backward pass: no result
    ("d_k = 64", False),  # a setting
])
def test_a_derivative_is_a_result_even_when_whole(line, claimed):
    s = items._unwrap_math(line)
    from exactformer.read.documents import values as V

    got = items._fragments(V.tex_plain(V.clean(s)))
    assert bool(got) == claimed


def test_an_update_arrow_names_the_weight_after_the_step():
    assert items._UPDATE_ARROW.fullmatch("- w_2 → 0.9552") is not None
    assert items._UPDATE_ARROW.fullmatch("cat → 0.43") is None  # a token's number: no weight
    assert items._UPDATE_ARROW.fullmatch("w_2 → w_2 - η g") is None


def test_the_own_toy_post_keeps_its_planted_slip_and_what_it_carries():
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    path = Path(__file__).parent / "documents" / "wild25" / "toy-steps-en.md"
    rep = audit(load_document(str(path)))
    got = {f.claim.number.text: f.verdict.value for f in rep.findings if isinstance(f, ClaimFinding)}
    assert got["-0.3593"] == "wrong" and got["0.3359"] == "propagated" and got["0.8624"] == "correct"


# ---- sums of inputs and positions; matrices side by side --------------------------------------------------------
SUMS = """# 三个词

- `Embedding(我)` = $[0.2, 0.1]$
- `Embedding(爱)` = $[0.4, 0.3]$

- `PositionalEncoding(0)` (第 1 个) = $[0.0, 0.1]$
- `PositionalEncoding(1)` (第 2 个) = $[0.1, 0.0]$

- $X_{我} = [0.2, 0.2]$
- $X_{爱} = [0.5, 0.4]$
"""


def test_inputs_printed_as_the_sum_of_two_runs_are_embeddings_plus_positions(tmp_path):
    """The first run is X, the second the positions (no sine: learned), the third their sums, claims of the layer's
    input: X_爱[2] = 0.4 is a slip (0.3 + 0.0 = 0.3), found as such, while the runs still pair up (3 of 4 cells)."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document, models

    doc = tmp_path / "sums.md"
    doc.write_text(SUMS, encoding="utf-8")
    found = items_of(str(doc), SUMS)[1]
    g = models.givens(found)
    assert g.X == [["0.2", "0.1"], ["0.4", "0.3"]]
    assert g.learned == {"kind": "learned", "table": {"我": ["0.0", "0.1"], "爱": ["0.1", "0.0"]}}
    rep = audit(load_document(str(doc)))
    got = sorted((f.claim.source_line, f.claim.number.text, f.verdict.value) for f in rep.findings
                 if isinstance(f, ClaimFinding))
    assert got == [(9, "0.2", "correct"), (9, "0.2", "correct"), (10, "0.4", "wrong"), (10, "0.5", "correct")]


SIDE = """# マスク

```
① スコア（マスク前）             ② マスク後
      a     b                     a     b
a  [ 1.0  0.5 ]       →       a  [ 1.0   -∞ ]
b  [ 0.2  2.0 ]       →       b  [ 0.2  2.0 ]
```
"""


def test_matrices_side_by_side_under_their_words_are_one_matrix_each_named_by_their_captions():
    lines = SIDE.splitlines()[3:7]  # the captions, the words, two rows
    blocks = items._headed_blocks(lines, 1)
    assert blocks is not None
    assert [(c, h, labels, rows) for c, h, labels, rows in blocks] == [
        ("1 スコア(マスク前)", ["a", "b"], ["a", "b"], [["1.0", "0.5"], ["0.2", "2.0"]]),
        ("2 マスク後", ["a", "b"], ["a", "b"], [["1.0", None], ["0.2", "2.0"]])]
    found = items_of("side.md", SIDE)[1]
    named = [(x.name, x.array) for x in found.found if isinstance(x, items.Named)]
    assert named == [("スコア", [["1.0", "0.5"], ["0.2", "2.0"]]), ("マスク後", [["1.0", None], ["0.2", "2.0"]])]


def test_a_check_column_after_the_matrix_and_a_remark_are_read_apart():
    lines = ["      a      b      sum", "a  [1.000  0.000]   1.000   ← itself only", "b  [0.182  0.818]   1.000"]
    blocks = items._headed_blocks(lines, 0)
    assert blocks is not None and [b[0] for b in blocks] == ["", "sum"]
    assert blocks[0][3] == [["1.000", "0.000"], ["0.182", "0.818"]] and blocks[1][3] == [["1.000"], ["1.000"]]


def test_a_residual_worked_by_hand_is_no_positions_and_a_huge_exponent_is_refused(tmp_path):
    """x, then f(x), then x + f(x), in a post that says nothing of positions: no learned positions (the sublayer's
    output is a result, not a given). A cell of 1e-999999999 among the runs is no cell to add exactly (an exact
    fraction of it would never finish): the runs are not paired, and the document is refused at once."""
    from exactformer.errors import CaseError
    from exactformer.read.documents import load_document, models

    resid = ("# Residual\n\n- x_the = [0.1, 0.2]\n- x_cat = [0.3, 0.4]\n\n- f_the = [0.0, 0.5]\n- f_cat = [0.2, 0.1]\n\n"
             "- r_the = [0.1, 0.7]\n- r_cat = [0.5, 0.5]\n")
    g = models.givens(items_of("resid.md", resid)[1])
    assert g.learned is None
    huge = SUMS.replace("[0.0, 0.1]", "[1e-999999999, 0.1]")
    doc = tmp_path / "huge.md"
    doc.write_text(huge, encoding="utf-8")
    with pytest.raises(CaseError):
        load_document(str(doc))
