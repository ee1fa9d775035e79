"""Rules read from a fresh batch of real documents, each tested on words and numbers of our own: a notebook page
rendered by nbsphinx (its prompts ``[3]:`` beside every cell), a layer's weights shown by a cell's last line
(``attn.W_q.weight.transpose(0, 1)``), a hidden and an output sigmoid written σ_h and σ_o, a lone 0 or 1 (a row's
sum of weights, ∂z_2/∂b_2 = 1), a bias updated in numbers, and the gradient at an output whose sigmoid's slope is
a quantity of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from exactformer.audit.findings import ClaimFinding, FindingKind
from exactformer.read.documents import formats, symbols, worked

HERE = Path(__file__).parent / "documents" / "wild26"


def _verdicts(path: Path) -> dict[tuple[int | None, str], str]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    rep = audit(load_document(str(path)))
    return {(f.claim.source_line, f.claim.number.text): f.verdict.value for f in rep.findings
            if isinstance(f, ClaimFinding)}


@pytest.mark.parametrize("written, act", [("σ_h(z_1)", "sigmoid"), (r"\sigma_{out}(w_2 h + b_2)", "sigmoid"),
                                          ("σ_o(z_2)", "sigmoid"), ("σ(z_1)", "sigmoid")])
def test_a_sigmoid_marked_by_its_layer_is_the_sigmoid(written, act):
    side = symbols.parse_side(written)
    assert side is not None and worked._activation(side.node) is not None
    assert worked._activation(side.node)[0] == act  # type: ignore[index]


def test_a_sigma_times_a_symbol_is_still_a_product():
    side = symbols.parse_side("σ_h · z_1")  # no bracket after the subscript: no call
    assert side is not None and worked._activation(side.node) is None


@pytest.mark.parametrize("n, symbols_used, names", [
    (2, {"x", "z1", "y"}, ["h", "o"]),
    (2, {"x", "h", "yhat"}, ["hidden", "output"]),  # h = σ(z_1): the document's h is not the layer h
    (3, {"x", "h1", "h2"}, ["hidden1", "hidden2", "output"]),
    (1, {"x", "n"}, ["output"]),
    (2, {"h", "hidden", "layer"}, ["L1_", "L2_"]),
])
def test_the_layers_names_never_shadow_the_documents_symbols(n, symbols_used, names):
    assert worked._block_names(n, symbols_used) == names


def test_a_bias_updated_in_numbers_is_trained_and_its_slip_carried():
    """b_2 = 0.2 − 0.5·(−0.0742) ≈ 0.2371 updates b_2: right from the slip −0.0742 (digits swapped), so propagated."""
    got = _verdicts(HERE / "sigma-subscript-pt.md")
    assert got[(50, "-0.0742")] == "wrong"
    assert got[(56, "0.2371")] == "propagated"
    assert got[(41, "0.6457")] == "correct" and got[(54, "0.8234")] == "correct"


def test_the_gradient_at_an_output_is_its_value_less_the_target(tmp_path):
    """∂L/∂ŷ = 0.6718 − 1.0: the output less its target, read as such (a sigmoid's slope, a side quantity the loss
    does not depend on, adds nothing to the chain rule)."""
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    rep = audit(load_document(str(HERE / "sigma-subscript-pt.md")))
    assert not [f for f in rep.findings if f.kind is FindingKind.UNMATCHED]


def test_a_loss_free_side_step_adds_no_term_to_a_gradient():
    from exactformer.model.graph import Graph
    from exactformer.read.case import load
    from exactformer.read.documents import read_document

    reading = read_document(str(HERE / "sigma-subscript-pt.md"))
    case = load(str(HERE / "sigma-subscript-pt.md"), reading.toml)
    g = Graph(case.model)
    formula = str(g.symbolic_formula(g.parse("grad.out[x][1]")))
    assert "slope" not in formula and "out[x][1] - 1" in formula


NBSPHINX = """<div class="nbinput docutils container">
<div class="prompt highlight-none notranslate"><div class="highlight"><pre><span></span>[7]:</pre></div>
</div>
<div class="input_area highlight-ipython3 notranslate"><div class="highlight"><pre><span></span>Q</pre></div>
</div>
</div>
<div class="nboutput nblast docutils container">
<div class="prompt highlight-none notranslate"><div class="highlight"><pre><span></span>[7]:</pre></div>
</div>
<div class="output_area highlight-none notranslate"><div class="highlight"><pre><span></span>tensor([[0.5000, 0.2500]])</pre></div>
</div>
</div>
"""


def test_a_rendered_notebooks_prompts_are_no_numbers():
    found = formats.html(NBSPHINX).found
    arrays = [getattr(x, "array", None) for x in found]
    assert [["0.5000", "0.2500"]] in arrays
    assert ["7"] not in arrays and [["7"]] not in arrays  # [7]: beside the code and beside its output


@pytest.mark.parametrize("src, shown", [
    ("attn.W_q.weight.transpose(0, 1)", ["W_q"]),
    ("layer.W_k.weight.T", ["W_k"]),
    ("attn.W_v(x)", ["V"]),
    ("q = attn.W_q(x)", []),  # an assignment shows nothing
    ("len(x)", []),
    ("Q", ["Q"]),
])
def test_what_a_cells_last_expression_shows(src, shown):
    assert formats._shown(src) == shown


def test_the_own_pages_read_every_result_and_no_check(tmp_path):
    """The nbsphinx page: 42 results, the prompts and the three row sums (tensor(1.), tensor(1.0000)) no claims;
    the notebook whose cells end in attn.W_q.weight.transpose(0, 1): Q, K, V are results, not givens."""
    page = _verdicts(HERE / "nbsphinx-prompts-en.html")
    assert len(page) == 42 and set(page.values()) == {"correct"}
    assert not any(text in ("1.", "1.0000", "7") for _, text in page)
    nb = _verdicts(HERE / "linear-weights-last-line.ipynb")
    assert len(nb) == 42 and set(nb.values()) <= {"correct", "rounding"}


# ---- BatchNorm beside LayerNorm; outputs the code rounded before printing; a function written on a vector ------
def _all_verdicts(path: Path) -> list[tuple[str, str]]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    rep = audit(load_document(str(path)))
    return [(f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)]


def test_a_batchnorm_lesson_reads_both_normalisations_and_the_rounded_prints():
    """BatchNorm (each column over the batch) and LayerNorm (each row) of one batch: both printed after
    torch.round(x * 1000) / 1000, so 1.2250 stands for 1.225 and is right (1.22474…); the slip in a column's
    variance (2.76 for 2.67) is found."""
    got = _all_verdicts(HERE / "bn-vs-ln-rounded-en.ipynb")
    assert ("2.76", "wrong") in got
    assert got.count(("1.2250", "correct")) == 3 and ("1.2130", "correct") in got and ("-0.3400", "correct") in got
    assert sum(1 for _, v in got if v == "correct") >= 34


@pytest.mark.parametrize("code, kept", [
    ("print(torch.round(bn(X) * 1000) / 1000)", 3), ("np.round(a @ b, 2)", 2), ("x.round(4)", 4),
    ("torch.round(y, decimals=2)", 2), ("print(x)", None),
    ("print(np.round(a, 2), np.round(b, 3))", None),  # two roundings: which print is which is not said
])
def test_what_a_cell_rounds_to_before_printing(code, kept):
    from exactformer.read.documents.items import Named

    printed = Named("", [["0.9800", "-1.2200"], ["0.0000", "1.4000"]], 1, "")
    formats._mark_rounded([printed], code)
    assert printed.rounded_to == (kept if kept is None or kept < 4 else None)  # (4 kept: nothing padded)


def test_a_number_with_more_digits_than_its_code_kept_is_not_marked():
    from exactformer.read.documents.items import Named

    printed = Named("", [["0.9816", "-1.2250"]], 1, "")  # 0.9816 has a digit past the third
    formats._mark_rounded([printed], "torch.round(x * 1000) / 1000")
    assert printed.rounded_to is None


def test_a_groups_decimals_say_how_many_digits_its_numbers_stand_for(tmp_path):
    """decimals = 3 in a [[claims]] group: 0.9810 is judged as 0.981 (its padding zero no digit); a number with a
    digit past the kept ones keeps its own; a bad value is an error naming the key."""
    from exactformer.errors import CaseError
    from exactformer.read.case import load

    base = ('[model]\ntokens = ["a"]\n[model.embeddings]\na = ["1", "3"]\n[[model.layers]]\nblocks = ["ln"]\n'
            '[model.layers.ln]\neps = "0"\n')
    ok = tmp_path / "ok.toml"
    ok.write_text(base + '[[claims]]\ndecimals = 3\nvalues = { "ln[a][1]" = "-1.0000", "ln[a][2]" = "1.0004" }\n')
    claims = load(str(ok)).claims
    assert [c.number.decimals for c in claims] == [3, 4]
    bad = tmp_path / "bad.toml"
    bad.write_text(base + '[[claims]]\ndecimals = "three"\nvalues = { "ln[a][1]" = "-1.0000" }\n')
    with pytest.raises(CaseError) as e:
        load(str(bad))
    assert "decimals" in str(e.value)


def test_a_function_written_on_a_vector_is_that_function_however_wrong(tmp_path):
    """softmax([1, 2, −∞, 3]) = [0.0116, 0.0315, 0.0, 0.8569]: the masked softmax the line says, its three wrong
    numbers wrong (no fitting needed: the line names the function)."""
    doc = tmp_path / "s.md"
    doc.write_text("# masked\n\n$$\n\\text{softmax}([1, 2, -\\infty, 3]) = [0.0116, 0.0315, 0.0, 0.8569]\n$$\n",
                   encoding="utf-8")
    got = _verdicts(doc)
    assert sorted(got.values()) == ["correct", "wrong", "wrong", "wrong"]


def test_short_vectors_written_inline_are_each_a_computation():
    """Three softmaxes written on their vectors, one with a slip: each its own computation, every number a claim."""
    got = _all_verdicts(HERE / "softmax-inline-es.md")
    assert len(got) == 11 and ("0.505", "wrong") in got
    assert sum(v == "correct" for _, v in got) == 10


@pytest.mark.parametrize("name, step", [("σ^2", "var"), (r"\sigma^{2}", "var"), ("σ", "std"), ("sigma", "std")])
def test_sigma_squared_names_a_variance(name, step):
    from exactformer.read.documents.names import step_hint

    assert step_hint(name) == step


def test_a_whole_number_agrees_only_with_values_near_it():
    """"mean = 4" is not the mean 4.5 when a reading is chosen (its unit alone would allow 1.5 either way), while
    "1" written for 0.99995 (trailing zeros dropped) still is that value."""
    from exactformer.read.documents import infer

    assert infer._tally([(4.0, infer._reach("4"))], [4.5], 0)[0] == 0
    assert infer._tally([(4.0, infer._reach("4"))], [4.0], 0)[0] == 1
    assert infer._tally([(1.0, infer._reach("1"))], [0.99995], 0)[0] == 1
    assert infer._tally([(4.0, infer._reach("4.0"))], [4.04], 0)[0] == 1


# ---- what a review of these rules found ------------------------------------------------------------------------
def test_a_capital_sigma_is_a_sum_and_a_marked_sigma_times_one_minus_itself_a_product():
    from exactformer.read.documents import items

    assert items._applied("Σ([1, 2]) = [0.73, 0.88]") is None
    assert items._applied("SOFTMAX([1, 2]) = [0.27, 0.73]") is not None
    side = symbols.parse_side("σ_2 (1 - σ_2)")
    assert side is not None and worked._activation(side.node) is None


def test_two_short_functions_written_inline_are_two_computations(tmp_path):
    doc = tmp_path / "two.md"
    doc.write_text("# t\n\nsoftmax([3, 2, 1]) = [0.665, 0.245, 0.090]\n\nsoftmax([1, 2]) = [0.27, 0.73]\n",
                   encoding="utf-8")
    got = _all_verdicts(doc)
    assert len(got) == 5 and {v for _, v in got} == {"correct"}


def test_a_matrix_named_k_in_another_example_is_not_read_transposed(tmp_path):
    """Example 2's K (other inputs) has example 1's shape: one near cell of four is no reason to take it, nor to
    read it with its rows as columns."""
    doc = tmp_path / "k.md"
    doc.write_text(
        "# Example 1\n\nX = [[1.0, 2.0], [3.0, 1.0]]\n\nW_Q = [[1, 0], [0, 1]]\n\nW_K = [[0.5, 1.0], [1.0, 0.5]]\n\n"
        "W_V = [[1.0, 0.0], [0.5, 1.0]]\n\nK = [[2.5, 2.0], [2.5, 3.5]]\n\n## Example 2, other inputs\n\n"
        "K = [[2.4, 9.1], [-4.2, 0.7]]\n", encoding="utf-8")
    got = _all_verdicts(doc)
    assert not [t for t, _ in got if t in ("9.1", "-4.2", "0.7")]


def test_batch_normally_is_no_batchnorm():
    from exactformer.read.documents import models
    from exactformer.read.documents.items import Items

    found = Items()
    found.prose.append("we batch normally, then apply layer norm")
    assert "batchnorm" not in models.givens(found).words
    found.prose.append("BatchNorm normalises each feature")
    assert "batchnorm" in models.givens(found).words


# ---- a notebook's NumPy and PyTorch as this batch writes it; an activation under a letter; a lone vector --------
@pytest.mark.parametrize("cell, value", [
    ("sigmoid = lambda x: 1/(1 + np.exp(-x))\nsigmoid(np.array([0.0]))", [0.5]),
    ("X = np.array([[1, 0, 1]])\nW = np.array([[0.2], [0.4], [-0.5]])\nX.dot(W)", [-0.3]),
    ("z = torch.tensor([[2.0, 0.0]])\ntorch.nn.functional.softmax(z, dim=1)", [0.8807970779778823, 0.11920292202211755]),
    ("lp = torch.tensor([[-0.5, -1.0], [-2.0, -0.1]])\nF.nll_loss(lp, torch.tensor([0, 1]))", [0.3]),
])
def test_the_notebook_interpreter_knows_lambdas_dot_methods_and_nll_loss(cell, value):
    from exactformer.read.documents import program

    run = program.Interpreter()
    run.cell("import numpy as np\nimport torch\nimport torch.nn.functional as F")
    shown = run.cell(cell)
    assert shown is not None
    got = [x.value for x in program._flat(shown[-1].parts[0])] if isinstance(shown[-1].parts[0], list) else \
        [shown[-1].parts[0].value]
    assert got == pytest.approx(value, rel=1e-12)


def test_an_activation_named_by_a_letter_takes_its_kind_from_the_numbers_beside_it():
    """a = f(z) = 1/(1 + e^(−0.95)): f is the sigmoid the numbers show, and z the unit's net input."""
    eq = symbols.equation("a = f(z) = \\frac{1}{1 + e^{-0.95}} \\approx 0.721", 0)
    assert eq is not None
    got = worked._named_activation(eq.sides[0].node, eq.sides)
    assert got is not None and got[0] == "sigmoid"
    assert worked._named_activation(eq.sides[0].node, eq.sides[:1]) is None  # f(z) alone: a product, unknown


def test_a_vector_followed_by_its_mean_worked_out_is_a_normalisations_input(tmp_path):
    """x = [1, 2, 3, 4], then μ = (1+2+3+4)/4 = 2.5 in a display a few lines below: the LayerNorm's one row."""
    doc = tmp_path / "ln.md"
    doc.write_text("# LN\n\n取 $x = [1,\\ 2,\\ 3,\\ 4]$，$\\epsilon = 0$。\n\n**均值**：\n\n$$\n"
                   "\\mu = \\frac{1+2+3+4}{4} = 2.5\n$$\n\n$$\n\\sigma^2 = \\frac{5}{4} = 1.25\n$$\n\n"
                   "$$\nx - \\mu = [-1.5,\\ -0.5,\\ 0.5,\\ 1.5]\n$$\n", encoding="utf-8")
    got = _all_verdicts(doc)
    assert ("2.5", "correct") in got and ("1.25", "correct") in got and ("-1.5", "correct") in got


def test_a_result_named_after_its_function_on_the_next_line_is_written_on_its_input():
    """scores = [2.40, 1.20, 0.30], then softmax = [0.6600, 0.2400, 0.1000] below it: the softmax of the scores
    the names say, however wrong its numbers (0.6590, 0.2424, 0.0986)."""
    from exactformer.read.documents import chains, items_of

    text = "# t\n\nscores = [2.40, 1.20, 0.30]\nsoftmax = [0.6600, 0.2400, 0.1000]\n"
    found = items_of("t.md", text)[1].found
    assert [(c.op, c.written) for c in chains.find(found, [], [])] == [("softmax", True)]
