"""Attention worked from partial or printed givens (fd): one small document of our own per rule, and the
real-style documents of tests/documents/real-styles/fd-* held against their transcriptions."""

from __future__ import annotations

import importlib.util
import json
import sys
from fractions import Fraction
from pathlib import Path

import mpmath as mp
import pytest

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.case import load
from exactformer.read.documents import items as I
from exactformer.read.documents import load_document, read_document
from exactformer.read.documents import values as V

ROOT = Path(__file__).parent.parent
STYLES = ROOT / "tests" / "documents" / "real-styles"
EXE = Path(sys.executable).with_name("exactformer")


def _notebook(cells: list[tuple[str, str, str]]) -> str:
    """An nbformat-4 notebook: (cell type, source, printed output) per cell."""
    out = []
    for kind, src, printed in cells:
        cell: dict = {"cell_type": kind, "metadata": {}, "source": src.splitlines(keepends=True)}
        if kind == "code":
            cell |= {"execution_count": None, "outputs": [
                {"output_type": "stream", "name": "stdout", "text": printed.splitlines(keepends=True)}] if printed else []}
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _scan(text: str) -> list:
    out = I.Items()
    I.scan(text, 1, out, ["", ""])
    return out.found


def _claims(doc: Path) -> set[tuple[str, str, str]]:
    return {(f.quantity, f.claim.number.text, f.verdict.value) for f in audit(load_document(str(doc))).findings
            if isinstance(f, ClaimFinding)}


# ---------------------------------------------------------------- items


def test_a_name_alone_above_a_printed_array_names_it():
    """print("Q\\n", q): the name on a line of its own, the array below it (JAX, NumPy)."""
    found = _scan("Q\n [[ 0.5 -1.25]\n [ 2.   0.75]]\nAttention\n [[0.25 0.75]\n [0.5  0.5 ]]\n")
    assert [(x.name, x.array) for x in found] == [("Q", [["0.5", "-1.25"], ["2.", "0.75"]]),
                                                  ("Attention", [["0.25", "0.75"], ["0.5", "0.5"]])]


def test_a_chained_assignment_of_q_k_and_v_is_the_inputs_themselves():
    """Q = K = V = [[…]] gives each of Q, K and V the one matrix (attention without projections, Q, K, V given);
    names that are no givens (A = B) or a formula between (Z = AV = [[…]]) name nothing more than the first."""
    found = _scan("Q = K = V = [[0.1, 0.2], [0.3, 0.4]]\nA = B = [[1, 2], [3, 4]]\nZ = AV = [[1, 2], [3, 4]]\n")
    assert [x.name for x in found] == ["Q", "K", "V", "A", "Z"]
    assert found[0].array == found[1].array == found[2].array == [["0.1", "0.2"], ["0.3", "0.4"]]


def test_a_transposed_literal_is_read_transposed():
    assert V.array("np.transpose([[1, 2, 3], [4, 5, 6]])") == [["1", "4"], ["2", "5"], ["3", "6"]]


def test_a_calls_keyword_argument_is_no_named_vector():
    """plt.figure(figsize=(1.5, 4.5)) sets a plot; it states no vector."""
    assert not [x for x in _scan("plt.figure(figsize=(1.5, 4.5))\n") if getattr(x, "name", "") == "figsize"]


def test_numpy_prints_a_steps_name_before_its_vector():
    """print("weights", w) gives ``weights [0.1 0.9]``; a step's name, each line a vector of its own."""
    found = _scan("scores [0.7  1.74]\nscale_scores [0.35 0.87]\nweights [0.37 0.63]\n")
    assert [(x.name, x.array) for x in found] == [("scores", ["0.7", "1.74"]), ("scale_scores", ["0.35", "0.87"]),
                                                  ("weights", ["0.37", "0.63"])]


def test_row_words_beside_a_tex_matrix_label_its_rows():
    line = r"$$X = \begin{bmatrix} 1 & 0 \\ 0 & 2 \end{bmatrix} \begin{matrix} \leftarrow \text{Time} \\ " \
           r"\leftarrow \text{Machine} \end{matrix}$$"
    (x,) = _scan(line + "\n")
    assert x.name == "X" and x.row_labels == ["Time", "Machine"]


def test_a_matrix_of_working_then_its_numbers_is_named_by_them():
    r"""Scaled = [[3/1.7, …]] ≈ [[1.76, …]]: the numbers after ≈ are the named matrix."""
    line = r"$$\text{Scaled} = \begin{bmatrix} 3/1.7 & 0/1.7 \\ 2/1.7 & 2/1.7 \end{bmatrix} \approx " \
           r"\begin{bmatrix} 1.76 & 0 \\ 1.18 & 1.18 \end{bmatrix}$$"
    assert [(x.name, x.array) for x in _scan(line + "\n")] == [("Scaled", [["1.76", "0"], ["1.18", "1.18"]])]


def test_a_chinese_total_needs_no_verb():
    """e^0 = 1。总和 6.8: the sum, said without 为 or 是."""
    tables = [x for x in _scan("$e^{1.76} \\approx 5.8$, $e^0 = 1$。总和 $6.8$。\n") if isinstance(x, I.Table)]
    assert [(t.name, t.rows) for t in tables] == [("总和", [["6.8"]])]


def test_a_number_a_cell_shows_for_a_call_named_by_its_step(tmp_path):
    """dot_attention_score(s, h) as a cell's last line, 927 below it: a score."""
    doc = tmp_path / "score.ipynb"
    doc.write_text(json.dumps({"cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": ["s = [5, 1, 2]\nh = [3, 2, 4]\n"],
         "outputs": []},
        {"cell_type": "code", "metadata": {}, "execution_count": 2,
         "source": ["single_dot_attention_score(s, h)\n"],
         "outputs": [{"output_type": "execute_result", "execution_count": 2, "metadata": {},
                      "data": {"text/plain": ["25"]}}]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
        encoding="utf-8")
    from exactformer.read.documents import formats
    found = formats.notebook(doc.read_text(encoding="utf-8"), str(doc)).found
    assert [(x.name, x.array) for x in found if getattr(x, "name", "") == "single_dot_attention_score"] == \
        [("single_dot_attention_score", ["25"])]


# ---------------------------------------------------------------- the model: some of Q, K, V given


MIXED = """title = "W^Q stated, K and V assumed"
[model]
tokens = ["a", "b"]
scale = "1.4"
[model.embeddings]
a = [1, 1, 0]
b = [0, 1, 2]
[[model.layers]]
Wq = [[1, 0], [0, 1], [1, 1]]
K = { a = [1, 0], b = [1, 1] }
V = { a = [4, 2], b = [0, 6] }
"""


def test_q_by_its_weight_beside_k_and_v_given_directly(tmp_path):
    """Q = X·W^Q from the embeddings, K and V as given: the scores, weights and context as mpmath has them."""
    p = tmp_path / "mixed.toml"
    p.write_text(MIXED, encoding="utf-8")
    engine = load(str(p)).engine
    mp.mp.dps = 40
    Q = [[1, 1], [2, 3]]
    K, Vv = [[1, 0], [1, 1]], [[4, 2], [0, 6]]
    for i, t in enumerate("ab"):
        s = [mp.mpf(sum(q * k for q, k in zip(Q[i], K[j]))) / mp.mpf("1.4") for j in range(2)]
        e = [mp.e ** x for x in s]
        w = [x / sum(e) for x in e]
        for m in range(2):
            want = sum(w[j] * Vv[j][m] for j in range(2))
            got = engine.decimal(engine.graph.parse(f"context[{t}][{m + 1}]"), 30).lstrip("≈").rstrip("…")
            assert abs(mp.mpf(got) - want) < mp.mpf(10) ** -25
        assert engine.decimal(engine.graph.parse(f"Q[{t}][2]"), 5) == str(Q[i][1])


@pytest.mark.parametrize("extra, message", [
    ('Wk = [[1, 0], [0, 1], [1, 1]]\n', "give K or Wk"),
    ('heads = 2\n', "does not go with Q, K or V given directly"),
])
def test_a_mixed_layer_takes_each_of_q_k_v_once(tmp_path, extra, message):
    p = tmp_path / "bad.toml"
    p.write_text(MIXED.replace("K = {", extra + "K = {"), encoding="utf-8")
    with pytest.raises(Exception, match=message):
        load(str(p))


STATED = """title = "weights typed in"
[model]
tokens = ["a", "b", "c"]
scale = "none"
[model.embeddings]
a = [1, 0]
b = [0, 2]
c = [1, 1]
[[model.layers]]
Wq = [[1, 0], [0, 1]]
Wk = [[1, 0], [0, 1]]
Wv = [[1, 2], [3, 0]]
weights = { a = ["0.0", "0.5", "0.5"], b = ["0.0", "1.0", "0.0"], c = ["0.0", "0.9", "0.1"] }
"""


def test_weights_stated_instead_of_the_softmax_carry_the_context(tmp_path):
    """The weighted values and the context follow the typed weights; the scores are still Q·Kᵀ; no exp."""
    p = tmp_path / "stated.toml"
    p.write_text(STATED, encoding="utf-8")
    engine = load(str(p)).engine
    g = engine.graph
    V_ = [[1, 2], [6, 0], [4, 2]]  # x·Wv
    w = [[0, Fraction(1, 2), Fraction(1, 2)], [0, 1, 0], [0, Fraction(9, 10), Fraction(1, 10)]]
    for i, t in enumerate("abc"):
        for m in range(2):
            want = sum(w[i][j] * V_[j][m] for j in range(3))
            assert Fraction(engine.decimal(g.parse(f"context[{t}][{m + 1}]"), 20)) == want  # exact: no ≈
    assert engine.decimal(g.parse("scores[c,b]"), 5) == "2"
    assert not any(s.spec.name in ("exp", "expsum") for s in g.steps.values())


# ---------------------------------------------------------------- reading


def test_weights_stated_for_q_only_beside_assumed_k_and_v_read_as_such(tmp_path):
    """A post gives X and W^Q, works Q out, then "assumes" K and V: Q is computed, K and V are the document's;
    its √d_k rounded to 1.4 on purpose is the scale its numbers use; √2 ≈ 1.41 is no claim of that scale."""
    doc = STYLES / "fd-assumed-kv.md"
    r = read_document(str(doc))
    assert "Wq = " in r.toml and 'K = { "Hello"' in r.toml and 'scale = "1.4"' in r.toml
    got = _claims(doc)
    assert ("Q[World][2]", "3", "correct") in got and ("weights[World,World]", "0.89", "correct") in got
    assert not any(q == "sqrt_dk" for q, _, _ in got)


def test_a_fused_projection_printed_before_its_split_and_heads_declared_not_split():
    """qkv = x @ qkv_proj_weight.t() printed as [q | k | v]; n_heads = 2 and / math.sqrt(head_dim) though q and k
    are never split: one head scaled by √(C / n_heads)."""
    doc = STYLES / "fd-fused-nosplit.ipynb"
    r = read_document(str(doc))
    assert 'scale = "√2"' in r.toml and "heads" not in r.toml.split("[[claims]]")[0]
    notes = [n.text for n in r.notes]
    assert any("qkv at" in n and "K's columns: K" in n for n in notes)


def test_weights_typed_in_for_readability_are_the_models(tmp_path):
    """The softmax printed, then replaced by rounded weights typed in (rows adding up to 1): the weighted values
    and the outputs come from the typed ones; the softmax as printed is a computation of its own."""
    doc = tmp_path / "typed.ipynb"
    doc.write_text(_notebook([
        ("code", "x = [[1, 0], [0, 2], [1, 1]]\nw_query = [[1, 0], [0, 1]]\nw_key = [[1, 0], [0, 1]]\n"
                 "w_value = [[1, 2], [3, 0]]\n", ""),
        ("code", "attn_scores = querys @ keys.T\nprint(attn_scores)\n",
         "tensor([[1., 0., 1.],\n        [0., 4., 2.],\n        [1., 2., 2.]])\n"),
        ("code", "# For readability, approximate the softmax as follows\n"
                 "attn_scores_softmax = [\n  [0.0, 0.5, 0.5],\n  [0.0, 1.0, 0.0],\n  [0.0, 0.9, 0.1]\n]\n"
                 "outputs = attn_scores_softmax @ values\nprint(outputs)\n",
         "tensor([[5.0000, 1.0000],\n        [6.0000, 0.0000],\n        [5.8000, 0.2000]])\n"),
    ]), encoding="utf-8")
    r = read_document(str(doc))
    assert "[model.layers.weights]" in r.toml and "as typed in" in "\n".join(n.text for n in r.notes)
    got = _claims(doc)
    assert ("context[x3][1]", "5.8000", "correct") in got and ("scores[x2,x2]", "4.", "correct") in got


def test_a_drawn_matrix_product_gives_its_result():
    """[1, 0] x [..] = [..] drawn over lines: the operands and the result, each a matrix of its own."""
    found = _scan("[1, 0]   [1, 2]   [1, 2]\n[0, 1] x [3, 4] = [3, 4]\n")
    assert [x.array for x in found] == [[["1", "0"], ["0", "1"]], [["1", "2"], ["3", "4"]], [["1", "2"], ["3", "4"]]]


def test_a_commented_printed_result_is_read_whole():
    found = _scan("print(k)\n# tensor([[0., 1.],\n#         [4., 4.]])\n")
    assert [x.array for x in found] == [[["0.", "1."], ["4.", "4."]]]


def test_a_zero_weighted_value_printed_is_claimed_not_taken_for_an_initial_value(tmp_path):
    doc = STYLES / "fd-luong-columns.ipynb"
    assert read_document(str(doc)).matched >= 4


def test_an_annotation_matrix_of_columns_against_a_decoder_state():
    doc = STYLES / "fd-luong-columns.ipynb"
    r = read_document(str(doc))
    assert 'tokens = ["h1", "h2", "h3", "h4", "query"]' in r.toml and "figsize" not in r.toml
    got = _claims(doc)
    assert ("context[query][1]", "2.1987247", "correct") in got


def test_a_product_of_two_printed_arrays_is_one_linear_layer():
    doc = STYLES / "fd-embed-product.ipynb"
    r = read_document(str(doc))
    assert "embedded = sequence @ W_embed" in "\n".join(n.text for n in r.notes)
    assert ("lin.net[x4][2]", "-3.5538606", "correct") in _claims(doc)


def test_the_positions_a_loop_runs_over_are_no_input_and_no_claim(tmp_path):
    doc = tmp_path / "pe.ipynb"
    doc.write_text(_notebook([
        ("code", "X = [[0.5, 0.1], [0.2, 0.9]]  \nposition = [0, 1]\n", ""),
        ("markdown", "sinusoidal positional encoding, base 10000\n", ""),
        ("code", "print(pe)\n", "[[0.         1.        ]\n [0.84147098 0.54030231]]\n"),
    ]), encoding="utf-8")
    r = read_document(str(doc))
    head = r.toml.split("[[claims]]")[0]
    assert "position = " not in head and '"0", "1"' not in head and "the positions themselves" in \
        "\n".join(n.text for n in r.notes)


# ---------------------------------------------------------------- the real-style documents


def _harness():
    spec = importlib.util.spec_from_file_location("reading_eval", ROOT / "bench" / "reading_eval.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["reading_eval"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", sorted(p.name[: -len(".expect.toml")] for p in STYLES.glob("fd-*.expect.toml")))
def test_a_real_style_document_reads_whole(name):
    res = _harness().evaluate(STYLES / f"{name}.expect.toml", EXE)
    assert res.read, res.status
    assert res.recall >= 0.95, res.missed_list[:10]
    assert res.invented == 0, res.invented_list[:10]
    assert res.agree == res.matched, res.disagree_list[:10]
