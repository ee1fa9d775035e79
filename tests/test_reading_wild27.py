"""Rules read from a fresh batch of real documents, each tested on words and numbers of our own: a vector under a
label of words (``Before softmax: […]``), token rows under a caption, a print whose label is a slip of the code's
author (``print("W\\n", k)``), NumPy's ``Values [[…`` after a label, a table of one column of vectors, a vector
worked cell by cell, vectors added one above another, σ of logits beside 0/1 targets, and a computation graph
drawn in Mermaid or Graphviz."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exactformer.audit.findings import ClaimFinding, LineClaimFinding
from exactformer.read.documents import chains, formats, graphs, items_of
from exactformer.read.documents import infer as F
from exactformer.read.documents import items as I
from exactformer.read.documents.names import step_hint

HERE = Path(__file__).parent / "documents" / "wild27"


def _named(text: str, path: str = "t.md") -> list[tuple[str, object]]:
    return [(x.name, x.array) for x in items_of(path, text)[1].found if isinstance(x, I.Named)]


def _verdicts(path: Path) -> dict[tuple[int | None, str], str]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    rep = audit(load_document(str(path)))
    return {(f.claim.source_line, f.claim.number.text) if isinstance(f, ClaimFinding) else
            (f.source_line, f.reported): f.verdict.value for f in rep.findings
            if isinstance(f, (ClaimFinding, LineClaimFinding))}  # a quantity's claims, and a line's own arithmetic


def _notebook(*cells: tuple[str, str]) -> str:
    """A notebook of code cells, each with the text it printed."""
    return json.dumps({"cells": [{"cell_type": "code", "source": src, "metadata": {}, "execution_count": k + 1,
                                  "outputs": [{"output_type": "stream", "name": "stdout", "text": out}]}
                                 for k, (src, out) in enumerate(cells)], "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5})


# ---- labels of words, captions over token rows ---------------------------------------------------------------
@pytest.mark.parametrize("line, name", [
    ("Before softmax: [1.5, 0.2, -0.3]", "Before softmax"),
    ("After softmax:  [0.70, 0.19, 0.11]  (adds up to 1)", "After softmax"),
    ("2. Scaled by 1/√d: [0.9, 0.3, 0.1]   (d = 4)", "Scaled by 1/√d"),
    ("3. Softmax: [0.5, 0.3, 0.2]", "Softmax"),
    ("dog: [0.5, 0.1]", "dog"),  # one word: an assignment's name, as before
])
def test_a_label_of_words_names_the_vector_after_it(line, name):
    assert [n for n, _ in _named(f"```\n{line}\n```\n")] == [name]


def test_before_and_after_a_function_on_consecutive_lines_is_the_function_written_on_its_input():
    text = "```\nBefore softmax: [1.5, 0.2, -0.3]\nAfter softmax:  [0.70, 0.19, 0.11]\n```\n"
    found = items_of("t.md", text)[1].found
    got = chains.written_results(found)
    assert list(got.values()) == [id(found[0])] and list(got) == [id(found[1])]
    assert [(c.op, c.written) for c in chains.find(found, [], [])] == [("softmax", True)]


@pytest.mark.parametrize("name, hint", [("Before softmax", "scores"), ("pre-softmax", "scores"),
                                        ("After softmax", "weights"), ("Softmax", "weights")])
def test_what_comes_before_a_softmax_is_its_scores(name, hint):
    assert step_hint(name) == hint


def test_two_written_softmaxes_are_two_parts_each_claiming_its_own_numbers():
    """Each row of numbers a softmax is written on is a computation of its own: the first's slip (0.125 for
    0.215) is wrong where it stands, the second's numbers are not taken by the first."""
    got = _verdicts(HERE / "labelled-softmax-en.md")
    assert got[(12, "0.714")] == "correct" and got[(12, "0.125")] == "wrong"
    assert got[(23, "0.481")] == "correct" and got[(23, "0.196")] == "correct"


def test_token_rows_under_a_caption_are_one_matrix():
    text = "```\nAttention weights:\n  sun → [0.61, 0.39]  (61% to itself)\n  sky → [0.27, 0.73]\n```\n"
    assert _named(text) == [("Attention weights", [["0.61", "0.39"], ["0.27", "0.73"]])]


# ---- notebooks: a print's label against its variable, a label before NumPy's print, two prints on a line ------
def test_a_print_labelled_against_its_variable_is_named_by_the_variable(tmp_path):
    nb = _notebook(('print("W\\n", k)', "W\n [[0.5 0.1]\n [0.2 0.3]]\n"),
                   ('print("Q\\n", q)', "Q\n [[0.4 0.9]\n [0.7 0.6]]\n"))
    names = [n for n, _ in _named(nb, "t.ipynb")]
    assert names == ["k", "Q"]  # W is the code's k (its key matrix); Q is q as it says


def test_a_label_then_numpys_print_on_one_output_line_names_the_array():
    nb = _notebook(('print("Valores", out)', "Valores [[ 0.25 -1.5 ]\n [ 0.75  2.  ]]\n"))
    assert _named(nb, "t.ipynb") == [("Valores", [["0.25", "-1.5"], ["0.75", "2."]])]


def test_two_tensors_printed_on_one_line_are_two_arrays():
    nb = _notebook(("print(z, y)", "tensor([ 0.3000, -1.1000], requires_grad=True) tensor([1., 0.])\n"))
    assert [a for _, a in _named(nb, "t.ipynb")] == [["0.3000", "-1.1000"], ["1.", "0."]]


def test_sigma_of_logits_beside_zero_one_targets_is_a_binary_cross_entropy():
    """print(logits, target) on one line, then σ, the BCE loss, each term, the gradient at the logits."""
    from exactformer.read.documents import read_document

    reading = read_document(str(HERE / "bce-logits-zh.ipynb"))
    assert 'kind = "bce"' in reading.toml
    got = _verdicts(HERE / "bce-logits-zh.ipynb")
    assert "correct" in got.values() and list(got.values()).count("wrong") >= 1


@pytest.mark.parametrize("prose, differentiated", [
    (r"$\frac{\partial \ell_i}{\partial z_i}$", True), ("then x.grad holds it", True),
    ("### backward", True), ("the loss is 0.3", False)])
def test_what_says_a_document_differentiates_its_loss(prose, differentiated):
    assert bool(F._DIFFERENTIATED.search(prose)) is differentiated


# ---- tables of vectors, vectors worked cell by cell, vectors added one above another ----------------------------
def test_a_one_column_table_of_vectors_is_a_matrix_under_a_plain_head():
    text = "| Token | $e_i$ |\n|---|---|\n| sun | [0.1, 0.2] |\n| sky | [0.3, 0.4] |\n"
    table = next(x for x in items_of("t.md", text)[1].found if isinstance(x, I.Table))
    assert table.rows == [["0.1", "0.2"], ["0.3", "0.4"]] and table.row_labels == ["sun", "sky"]


@pytest.mark.parametrize("head, labels", [("Embedding", ("sun", "sky")), ("$e_i$", ("0", "1"))])
def test_an_input_or_a_positions_table_of_vectors_stays_as_written(head, labels):
    text = f"| Token | {head} |\n|---|---|\n| {labels[0]} | [0.1, 0.2] |\n| {labels[1]} | [0.3, 0.4] |\n"
    table = next(x for x in items_of("t.md", text)[1].found if isinstance(x, I.Table))
    assert table.rows == [[["0.1", "0.2"]], [["0.3", "0.4"]]]


@pytest.mark.parametrize("work, each", [
    ("[0.2+0.141, 0.2+0.990] = [0.341, 1.19]", ["0.2+0.141 = 0.341", "0.2+0.990 = 1.19"]),
    ("[max(0, -0.4), 0.5*2] = [0, 1.0]", ["max(0, -0.4) = 0", "0.5*2 = 1.0"]),
    ("W_1·x + b_1 = [0.2*1 + 0.1, 0.3*1 - 0.2] = [0.3, 0.1]", ["0.2*1 + 0.1 = 0.3", "0.3*1 - 0.2 = 0.1"]),
    (" [σ(0.25),  σ(0.3)] ≈ [0.562,  0.575]", ["σ(0.25) = 0.562", "σ(0.3) = 0.575"]),
    ("[0.1, 0.2] = [0.1, 0.2]", None),  # a vector restated: no working
    ("[0.1+0.2, 0.3] = [0.3]", None),  # cells and results of other counts
])
def test_a_vector_worked_cell_by_cell_is_a_line_of_working_per_cell(work, each):
    assert I._elementwise(work) == each


def test_vectors_added_one_above_another_are_a_line_of_working_per_cell():
    text = "```\n  [1.5, -0.2]   (input)\n+ [0.25, 0.6]   (sublayer)\n----------\n= [1.75, 0.4]   (sum)\n```\n"
    works = [x.text for x in items_of("t.md", text)[1].found if isinstance(x, I.Work)]
    assert works == ["1.5 + 0.25 = 1.75", "-0.2 + 0.6 = 0.4"]


def test_the_sum_that_makes_a_layernorms_input_is_claimed_as_arithmetic():
    got = _verdicts(HERE / "residual-norm-de.md")
    assert got[(12, "1.25")] == got[(12, "-0.7")] == got[(12, "0.25")] == "correct"  # 0.8 + 0.45, …


def test_a_pe_lesson_worked_cell_by_cell_stays_a_pe_lesson():
    """x + PE worked per cell: 0.0 + 0.909 = 0.909 near some attention weight is no evidence of attention."""
    from exactformer.read.documents import read_document

    notes = [n.text for n in read_document(str(HERE / "vector-table-pe-en.md")).notes]
    assert any(t == "model: positional encodings" or t.startswith("model: positional encodings (") for t in notes)


# ---- computation graphs ----------------------------------------------------------------------------------------
MERMAID = """flowchart LR
    A[price] -- 120 --> M1((×))
    B[count] -- 4 --> M1
    M1 -- 480 --> M2((×))
    T[tax] -- 1.1 --> M2
    M2 -- 528 --> R[total]
    R -- 1 --> M2
    M2 -- 1.1 --> M1
    M1 -- 4.4 --> A
    M1 -->|132| B
"""


def test_a_mermaid_graph_states_its_forward_and_backward_working():
    assert graphs.working(MERMAID, 10) == [
        ("120 × 4 = 480", 13), ("480 × 1.1 = 528", 15), ("1 × 1.1 = 1.1", 17), ("1.1 × 4 = 4.4", 18),
        ("1.1 × 120 = 132", 19)]


def test_a_sum_node_passes_its_gradient_and_a_scaling_node_multiplies():
    text = "graph LR\nA -- 2 --> S((+))\nB -- 3 --> S\nS -- 5 --> C((x 2))\nC -- 10 --> D\nD -- 1 --> C\n" \
           "C -- 2 --> S\nS -- 2 --> A\n"
    assert graphs.working(text, 1) == [("2 + 3 = 5", 4), ("5 × 2 = 10", 5), ("1 × 2 = 2", 7), ("2 = 2", 8)]


def test_a_graphviz_digraph_and_a_graph_without_numbers():
    dot = 'digraph {\n m [label="*"];\n a -> m [label="0.5"];\n b -> m [label="4"];\n m -> c [label="2.0"];\n}'
    assert graphs.working(dot, 1) == [("0.5 × 4 = 2.0", 5)]
    assert graphs.working('flowchart LR\nL -- "x" --> F((f))\nF -- "y" --> R\n', 1) == []


def test_a_mermaid_block_in_a_post_is_working_and_its_slip_is_wrong():
    got = _verdicts(HERE / "mermaid-graph-ja.md")
    assert "wrong" in got.values() and sum(v == "correct" for v in got.values()) >= 15
    assert formats.markdown("```mermaid\n" + MERMAID + "```\n").found  # read through the post reader too


SVG = """<svg>
<g id="node1" class="node">
<title>11</title>
<text>x</text>
<text>data 3.0000</text>
<text>grad &#45;1.2000</text>
</g>
<g id="node2" class="node">
<title>12</title>
<text>w</text>
<text>data &#45;0.4000</text>
<text>grad 9.0000</text>
</g>
<g id="node3" class="node">
<title>13*</title>
<text>*</text>
</g>
<g id="node4" class="node">
<title>13</title>
<text>xw</text>
<text>data &#45;1.2000</text>
<text>grad 3.0000</text>
</g>
<g id="edge1" class="edge"><title>11&#45;&gt;13*</title></g>
<g id="edge2" class="edge"><title>12&#45;&gt;13*</title></g>
<g id="edge3" class="edge"><title>13*&#45;&gt;13</title></g>
</svg>"""


def test_a_drawn_graph_of_values_states_its_forward_and_backward_working():
    """micrograd's draw_dot: x·w = xw in the nodes' data, and each input's grad the other's data times xw's."""
    assert graphs.svg_working(SVG) == [("-0.4000 × 3.0000 = -1.2000", 6), ("3.0000 × 3.0000 = 9.0000", 12),
                                       ("3.0000 × -0.4000 = -1.2000", 21)]


def test_a_notebooks_drawn_graph_is_read_with_its_lines(tmp_path):
    nb = json.dumps({"cells": [{"cell_type": "code", "source": "draw_dot(xw)", "metadata": {}, "execution_count": 1,
                                "outputs": [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                             "data": {"image/svg+xml": SVG.splitlines(keepends=True),
                                                      "text/plain": "<graphviz.graphs.Digraph at 0x7f>"}}]}],
                     "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    p = tmp_path / "g.ipynb"
    p.write_text(nb, encoding="utf-8")
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    rep = audit(load_document(str(p)))
    said = sorted((f.reported, f.verdict.value) for f in rep.findings if isinstance(f, LineClaimFinding))
    assert said == [("-1.2000", "correct"), ("-1.2000", "correct"), ("9.0000", "correct")]


def test_a_generator_expression_is_worked_as_its_list():
    """var = sum((x - m) ** 2 for x in row) / len(row), printed: the interpreter works it as the list it sums."""
    nb = _notebook(("row = [0.5, -1.5, 2.0]\nm = sum(row) / len(row)\nv = sum((x - m) ** 2 for x in row) / len(row)\n"
                    "print('Variance:', v)", "Variance: 2.0555555555555554\n"))
    works = [x.text for x in items_of("t.ipynb", nb)[1].found if isinstance(x, I.Work)]
    assert len(works) == 1 and works[0].endswith("= 2.0555555555555554")


def test_a_variance_of_one_at_a_sentences_end_is_a_fact_not_a_result():
    text = "They end with a mean of 0 and a variance of 1.\n\nThe variance is 0.625 here.\n"
    named = [(x.name, x.rows) for x in items_of("t.md", text)[1].found if isinstance(x, I.Table)]
    assert named == [("variance", [["0.625"]])]


# ---- what the review of this round found -------------------------------------------------------------------------
def test_two_written_softmaxes_of_their_own_inputs_are_both_right(tmp_path):
    """Each After softmax is its own Before softmax's: the first computation never claims the second's."""
    p = tmp_path / "two.md"
    p.write_text("# Two\n\n```text\nBefore softmax: [0.3, -1.0, -0.1]\nAfter softmax:  [0.515, 0.140, 0.345]\n```\n\n"
                 "## Again\n\n```text\nBefore softmax: [2.0, 1.0, 0.1]\nAfter softmax:  [0.659, 0.242, 0.099]\n```\n",
                 encoding="utf-8")
    got = _verdicts(p)
    assert len(got) == 6 and set(got.values()) == {"correct"}


def test_an_architecture_drawn_with_its_widths_is_no_working():
    arch = "flowchart TD\n    X[Input] -->|512| A((+))\n    P[PE] -->|512| A\n    A -->|512| N[LayerNorm]\n"
    assert graphs.working(arch, 1) == [] and graphs.numbers_on_edges(arch) == 3
    found = formats.markdown("```mermaid\n" + arch + "```\n")
    assert not found.found and any("not read" in n.text for n in found.skipped)


def test_copied_print_labels_name_each_array_once():
    nb = _notebook(('print("Q\\n", q)\nprint("Q\\n", k)\nprint("Q\\n", v)',
                    "Q\n [[0.5 0.1]\n [0.2 0.3]]\nQ\n [[0.4 0.9]\n [0.7 0.6]]\nQ\n [[0.1 0.2]\n [0.3 0.4]]\n"))
    assert [n for n, _ in _named(nb, "t.ipynb")] == ["Q", "k", "v"]


def test_a_bracket_a_sentence_leaves_open_keeps_its_working():
    assert I._fragments("The weight of cat (its score is 0.5 × 0.4 = 0.2") == ["0.5 × 0.4 = 0.2"]
    assert [getattr(p, "text", p) for p in I._fragments("loss = -(0×log(0.3) + 1×log(0.4) = 0.91")] == \
        ["-(0×log(0.3) + 1×log(0.4)) = 0.91"]
