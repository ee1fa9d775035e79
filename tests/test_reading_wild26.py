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
