"""The reader's pieces, one line each: numbers as documents print them, comments naming rows, dicts, inline
TeX, lines of working inside sentences, names that stand for givens or steps."""

from __future__ import annotations

import pytest

from exactformer.audit.findings import ClaimFinding
from exactformer.read.documents import formats, items, models, names, values


@pytest.mark.parametrize("text, want", [
    ("{'cat': 0.243, 'dog': 0.101}", (["cat", "dog"], ["0.243", "0.101"])),
    ('{"I": [0.1, 0.2], "am": tensor([0.3, 0.4])}', (["I", "am"], [["0.1", "0.2"], ["0.3", "0.4"]])),
    ("{'a': 1}", None),  # one key is no table
    ("{'a': 1, 'a': 2}", None),  # keys repeat
    ("{'a': [1, 2], 'b': 3}", None),  # vectors and numbers mixed
])
def test_printed_dicts(text, want):
    """A dict keyed by token reads as its keys and values; anything else is not one."""
    assert values.mapping(text) == want


@pytest.mark.parametrize("text, want", [
    ("tf.Tensor([[0.1 0.2]\n [0.3 0.4]], shape=(2, 2), dtype=float32)", [["0.1", "0.2"], ["0.3", "0.4"]]),
    (r"\begin{bmatrix} 1.2 & -0.4 \end{bmatrix}", ["1.2", "-0.4"]),
    (r"\begin{bmatrix} 1 \\ 2 \end{bmatrix}", ["1", "2"]),
])
def test_arrays(text, want):
    """TensorFlow's print, a one-row bmatrix (a vector) and a one-column one (a vector too)."""
    assert values.array(text) == want


@pytest.mark.parametrize("text, want", [
    (r"\mu = \frac{1.2 - 0.4}{2} = 0.4", "μ = (1.2 - 0.4)/(2) = 0.4"),
    (r"\sqrt{\sigma^2 + \varepsilon} = 0.8660", "sqrt(σ^2 + ε) = 0.8660"),
    (r"\(\sin 1 \approx 0.8415\)", " sin(1) ≈ 0.8415 "),
    (r"x = \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}", r"x = \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}"),
])
def test_inline_tex(text, want):
    """Fractions, roots, functions of a bare number and delimiters read as the grammar reads them; a matrix is
    left alone."""
    assert values.tex_plain(text) == want


@pytest.mark.parametrize("line, want", [
    ('x = [0.1, 0.3]  # "Hello"', ("x = [0.1, 0.3]", "Hello")),
    (r"0.1 & 0.2 \\ % 어제", (r"0.1 & 0.2 \\", "어제")),
    ("# a Markdown heading", ("# a Markdown heading", None)),
    ("growth of 95% a year", ("growth of 95% a year", None)),
])
def test_comments_name_rows(line, want):
    """A comment after code names its row; a heading or a percentage is no comment."""
    assert items._comment(line) == want


@pytest.mark.parametrize("sentence, want", [
    ("For cat: 0.20 × 0.21 = 0.042, and 0.042 / 1.4142 = 0.0297.", ["0.20 × 0.21 = 0.042", "0.042 / 1.4142 = 0.0297"]),
    ("For sea: μ = (1.2 + 0.8)/2 = 1.0", [items.Labelled("μ", "(1.2 + 0.8)/2 = 1.0")]),  # named: the mean
    ("σ^2 = 0.2354 / 4 = 0.05885", [items.Labelled("σ^2", "0.2354 / 4 = 0.05885")]),  # never "2 = …"
    ("tea → green is 0.8157 / 1.4142 = 0.5768", ["0.8157 / 1.4142 = 0.5768"]),
    ("- 我:$μ = 0.47$", [("μ", "0.47")]),
    ("with d_k = 64 and batch_size = 1", []),
])
def test_working_inside_sentences(sentence, want):
    """The lines of working a sentence holds, named results among them; settings are none."""
    assert items._fragments(sentence) == want


@pytest.mark.parametrize("name, given, step", [
    ("W_Q", "Wq", None), (r"\mathbf{W}^{K}", "Wk", None), ("W_query", "Wq", None), ("入力", "X", None),
    ("attn_weights", None, "weights"), ("スコア", None, "scores"), (r"\hat{x}_{\text{sea}}", None, "norm"),
    ("÷√2", None, "scaled"), ("x + PE", None, "in"), ("q_{\\text{sun}}", None, "Q"),
    ("variance σ²", None, "var"), ("std σ", None, "std"), ("ReLU", None, "act"), ("x1 − μ", None, "centered"),
    ("新 p", None, "probs"), ("new logits", None, "logits"),  # the same quantity after the training step
    ("W^(Q)", "Wq", None), ("W^{(K)}", "Wk", None), ("$x - \\mu$", None, "centered"),
])
def test_names(name, given, step):
    """What a document's names stand for: a given, or the step a printed result is."""
    assert names.role(name) == given and names.step_hint(name) == step


def test_a_totals_row_of_vectors_is_read_and_its_unreadable_cells_are_said():
    """| 합 = 출력 | (0.41, 0.73) | (0.1 |: the summed vector stands alone; the broken cell is reported, not dropped."""
    out = items.Items()
    formats._add_table(["", "a", "b"], [["x", "(0.1, 0.2)", "(0.3, 0.4)"], ["합 = 출력", "(0.41, 0.73)", "(0.1"]],
                       5, out, ["", ""], [7, 8])
    assert [x.array for x in out.found if isinstance(x, items.Named)] == [["0.41", "0.73"]]
    assert any("(0.1" in n.text and "not read" in n.text for n in out.skipped)


def test_a_numbered_first_column_is_labels_and_a_totals_row_stands_alone():
    """| pos | dim 0 | … with rows 0, 1, 2 takes the positions as labels; a 合計 row is its own claim."""
    out = items.Items()
    formats._add_table(["pos", "a", "b"], [["0", "0.1", "0.2"], ["1", "0.3", "0.4"], ["合計", "", "0.6"]], 5, out,
                       ["", ""], [7, 8, 9])
    table, total = out.found[1], out.found[0]
    assert table.row_labels == ["0", "1"] and table.rows == [["0.1", "0.2"], ["0.3", "0.4"]]
    assert total.rows == [["0.6"]] and total.name == "sum" and total.row_lines == [9]


def test_a_cell_of_working_is_a_line_of_working_and_its_column_is_dropped():
    """| h1 | 0.6450×0.5 + 0.5228×-0.6 + 0.1 = 0.1088 | 0.1088 |: the working is a line of its own (with the row's
    label and line), the table keeps the column of numbers and its header; a cell of words is reported."""
    out = items.Items()
    formats._add_table(["unit", "xW + b", "ReLU"], [["h1", "0.6450×0.5 + 0.5228×-0.6 + 0.1 = 0.1088", "0.1088"],
                                                   ["h2", "see above", "0.0000"]], 3, out, ["", ""], [5, 6])
    work = [x for x in out.found if isinstance(x, items.Work)]
    table = next(x for x in out.found if isinstance(x, items.Table))
    assert [(w.text, w.label, w.line) for w in work] == [("0.6450×0.5 + 0.5228×-0.6 + 0.1 = 0.1088", ("h1", ""), 5)]
    assert table.rows == [["0.1088"], ["0.0000"]] and table.col_labels == ["ReLU"]
    assert any("see above" in s.text for s in out.skipped)


@pytest.mark.parametrize("prose, want", [
    ("The FFN is ReLU(xW1 + b1)W2 + b2.", ["relu"]),
    ("We use GELU here, not ReLU.", ["relu", "gelu", "gelu_tanh", "sigmoid", "tanh", "identity"]),  # two: each
    ("No activation is named.", ["relu", "gelu", "gelu_tanh", "sigmoid", "tanh", "identity"]),
    ("GELU, in its tanh approximation.", ["gelu_tanh", "gelu"]),  # GPT-2's form first
])
def test_the_activation_a_document_names_is_the_one_tried(prose, want):
    found = items.Items()
    found.prose.append(prose)
    assert models.activations(models.givens(found)) == want


DECODER = """# One decoder step, by hand

The decoder state asks the three encoder states; the scores are not scaled.

    s  = [1.0, 0.5]
    k1 = [0.2, 0.4]    v1 = [1.0, 0.0]
    k2 = [0.6, 0.1]    v2 = [0.0, 1.0]
    k3 = [0.3, 0.9]    v3 = [0.5, 0.5]

Dot products: s·k1 = 0.40, s·k2 = 0.65, s·k3 = 0.75.
Softmax: 0.2700, 0.3467, 0.3833 (rounded to four places).
Context: [0.4617, 0.5384].
"""


def test_one_decoder_query_against_encoder_states(tmp_path):
    """A query (q) that is none of the keys is a position of its own that attends to the others only: its scores,
    weights and context are claims (numbers from mpmath at 30 digits); 0.3833 is one off in its last digit
    (0.383211…), the context's second component too (0.53835 rounds to 0.5384 or 0.5383: a tie, correct)."""
    doc = tmp_path / "decoder.md"
    doc.write_text(DECODER.replace("s  = [1.0, 0.5]", "q  = [1.0, 0.5]").replace("s·k", "q·k"), encoding="utf-8")
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    rep = audit(load_document(str(doc)))
    got = {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}
    assert got["scores[query,x1]"] == ("0.40", "correct") and got["scores[query,x3]"] == ("0.75", "correct")
    assert got["weights[query,x2]"] == ("0.3467", "correct") and got["weights[query,x3]"][1] == "last_digit"
    assert got["context[query][1]"] == ("0.4617", "correct") and len(got) == 8


@pytest.mark.parametrize("line, want", [
    ("Softmax: 0.3049, 0.3181, 0.3770 (they sum to 1).", ("Softmax", ["0.3049", "0.3181", "0.3770"])),
    ("Divided by √2: 0.2263, 0.2687, 0.4384.", ("Divided by √2", ["0.2263", "0.2687", "0.4384"])),
    ("{'sun': 0.4384, 'is': 0.2546}", None),  # a printed dict keeps its braces: a table, not a list
])
def test_labelled_lists_and_dicts_on_a_line(line, want):
    out = items.Items()
    items.scan(line, 1, out, ["", ""])
    if want is None:
        assert isinstance(out.found[0], items.Table) and out.found[0].col_labels == ["sun", "is"]
    else:
        assert [(x.name, x.array) for x in out.found] == [want]


def test_two_assignments_on_a_line_and_two_equations_on_two_lines():
    out = items.Items()
    items.scan("k1 = [0.5, 0.1]    v1 = [1.2, 0.4]\n+ 0.33 * [0.3, 0.6] = [0.099, 0.198]\n"
               "+ 0.67 * [0.7, 0.1] = [0.469, 0.067]", 1, out, ["", ""])
    assert [(x.name, x.array) for x in out.found[:2]] == [("k1", ["0.5", "0.1"]), ("v1", ["1.2", "0.4"])]
    assert [(x.text, x.line) for x in out.found[2:]] == [("+ 0.33 * [0.3, 0.6] = [0.099, 0.198]", 2),
                                                         ("+ 0.67 * [0.7, 0.1] = [0.469, 0.067]", 3)]


def test_a_named_line_with_a_row_label_is_placed_by_its_name():
    """"- **猫**：σ^2 = 0.527 / 3 = 0.1757" is the working of σ² for 猫, named so, even when its value (÷3, the
    unbiased variance) fits no quantity of the model."""
    out = items.Items()
    items.scan("- **猫**：$\\mu = 0.37$，$\\sigma^2 = 0.527 / 3 = 0.1757$", 1, out, ["", ""])
    work = next(x for x in out.found if isinstance(x, items.Work))
    assert (work.text, work.label, work.name) == ("0.527 / 3 = 0.1757", ("猫", ""), "σ^2")


def test_a_numbered_word_list_is_a_vocabulary_and_the_target_is_the_word_named_so():
    """| 编号 | 词 | with 0, 1, 2 … is a word list, no numbers; the target is the one vocabulary word a sentence
    about the target quotes or names ("the true next word is loudly", 下一个词是「睡觉」)."""
    out = items.Items()
    formats._add_table(["编号", "词"], [["0", "猫"], ["1", "狗"], ["2", "睡觉"]], 4, out, ["", ""], [6, 7, 8])
    assert [(type(x).__name__, getattr(x, "tokens", None)) for x in out.found] == [("Tokens", ["猫", "狗", "睡觉"])]
    for sentence, want in [("训练数据里下一个词是「睡觉」。", "睡觉"), ("If the true next word is loudly, …", "loudly"),
                           ("The target could be 「dog」 or 「cat」.", None)]:  # two named: none
        found = items.Items()
        found.prose.append(sentence)
        assert models.target_word(models.givens(found), ["猫", "睡觉", "loudly", "dog", "cat"]) == want


def test_vectors_written_with_arrows_and_matrices_printed_side_by_side():
    """"- eu → [1.0, 0.5]" is eu's vector; W_Q = [[…],   W_K = [[…], with their second rows below at the same
    columns, are two matrices."""
    out = items.Items()
    items.scan("W_Q = [[1, 0.5],     W_K = [[0.5, 1],\n       [0, 1  ]]            [1,   0]]\n"
               "- eu → [1.0, 0.5]\n- café -> (0.8, 0.6)", 1, out, ["", ""])
    assert [(x.name, x.array, x.line) for x in out.found] == [
        ("W_Q", [["1", "0.5"], ["0", "1"]], 1), ("W_K", [["0.5", "1"], ["1", "0"]], 1),
        ("eu", ["1.0", "0.5"], 3), ("café", ["0.8", "0.6"], 4)]


@pytest.mark.parametrize("prose, heads", [
    ("con dos cabezas de atención", 2), ("two heads", 2), ("2つのヘッドに分けます", 2), ("두 개의 헤드", 2),
    ("un modelo de dos palabras", 1),
])
def test_the_number_of_heads_a_document_states(prose, heads):
    found = items.Items()
    found.prose.append(prose)
    assert models.givens(found).heads == heads


def test_a_superscript_is_a_power():
    """NFKC alone turns (y − t)² into (y - t)2; the reader keeps it a square, and a subscript stays a name."""
    assert values.clean("0.5·(0.7109 − 1)²") == "0.5·(0.7109 - 1)^2"
    assert values.clean("x⁻¹ + w₁") == "x^-1 + w1"


@pytest.mark.parametrize("line, want", [
    ("Backward: ∂L/∂y = y − t = −0.2891; so ∂L/∂z = −0.0594.", [("∂L/∂y", "-0.2891"), ("∂L/∂z", "-0.0594")]),
    ("With learning rate 0.5: w₂ ← 0.3852, b ← −0.0703.", [("w2_new", "0.3852"), ("b_new", "-0.0703")]),
    ("Again: z = 1.0039, y = 0.7318 and more.", [("z", "1.0039"), ("y", "0.7318")]),
    ("Settings: lr = 0.5, d_k = 64, t = 1.0, heads = 2.", []),  # settings and givens are no results
])
def test_one_number_under_a_symbol_is_a_named_result(line, want):
    """A symbol that names no step (y, L, ∂L/∂z, an updated weight) carries one result when its number has
    decimals; a setting's name does not."""
    out = items.Items()
    items.scan(line, 1, out, ["", ""])
    got = [(x.name, x.rows[0][0]) for x in out.found if isinstance(x, items.Table)]
    assert got == want


def test_result_names():
    assert [names.result_name(n) for n in ("y", "ŷ", "E_total", "∂L/∂w1", "out_o1", "loss")] == [True] * 6
    assert [names.result_name(n) for n in ("lr", "d_k", "t", "b", "x", "W_Q", "batch_size", "Layer")] == [False] * 8


def test_a_line_of_working_goes_to_the_quantity_its_operands_fit():
    """(0.1)² = 0.01 under 猫, whose deviation is 0.1, and (-0.1)² = 0.01 under は: both squares are 0.01; the
    operand says which is meant."""
    from exactformer.read.documents import read_document

    doc = ("# LN\n\nx_は = [0.4, 1.2]\nx_猫 = [0.9, 1.1]\n\nLayerNorm of each row, eps = 0.\n\n"
           "(-0.4)^2 = 0.16\n\n(-0.1)^2 = 0.01\n")
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "ln.md"
        p.write_text(doc, encoding="utf-8")
        case = read_document(str(p)).toml
    assert 'of = "ln.sq[は][1]", line = "(-0.4)^2 = 0.16"' in case
    assert 'of = "ln.sq[猫][1]", line = "(-0.1)^2 = 0.01"' in case


@pytest.mark.parametrize("text, want", [
    ("[0.9 0.1 -0.4; -0.2 0.7 0.5]", [["0.9", "0.1", "-0.4"], ["-0.2", "0.7", "0.5"]]),  # Julia, MATLAB
    ("[1.0; 1.0; 1.0;;]", ["1.0", "1.0", "1.0"]),  # a Julia column
    ("tensor(0.3677, grad_fn=<MseLossBackward0>)", ["0.3677"]),  # a scalar tensor
    ("[0.9 0.1; -0.2]", None),  # ragged
])
def test_more_printed_arrays(text, want):
    assert values.array(text) == want


def _scan(text: str) -> list:
    out = items.Items()
    items.scan(text, 1, out, ["", ""])
    return out.found


def test_printed_matrices_named_above_or_beside_their_rows():
    """print("Q =\\n", Q) names the matrix below it; a PDF's matrix has its name before a middle row and the words
    of its columns above; a Julia vector prints one number a line; [0] [1] index a printed matrix."""
    got = _scan("Q =\n [[ 1.4097  0.1726]\n [-0.0656 -0.094 ]]")
    assert [(x.name, x.array, x.line) for x in got] == [("Q", [["1.4097", "0.1726"], ["-0.0656", "-0.094"]], 2)]
    got = _scan("            the    cat    sat\n            0.3   −0.5    0.8\n   W_out =  0.6    0.2   −0.4\n"
                "           −0.7    0.4    0.1\n")
    assert [(x.name, x.array, x.col_labels) for x in got] == [
        ("W_out", [["0.3", "-0.5", "0.8"], ["0.6", "0.2", "-0.4"], ["-0.7", "0.4", "0.1"]], ["the", "cat", "sat"])]
    assert [x.array for x in _scan("3-element Vector{Float64}:\n 0.17\n 0.14\n 0.73")] == [["0.17", "0.14", "0.73"]]
    got = _scan("        [0]     [1]\n[0]    0.46     0.4\n[1]   -0.27    0.63")
    assert [(x.rows, x.row_labels) for x in got] == [([["0.46", "0.4"], ["-0.27", "0.63"]], ["0", "1"])]


def test_pytorch_in_place_assignment_and_a_working_with_its_name_and_sentence_end():
    got = _scan("layer.weight.copy_(torch.tensor([[0.2, -0.1],\n                                 [0.5, 0.3]]))")
    assert [(x.name, x.array) for x in got] == [("layer.weight", [["0.2", "-0.1"], ["0.5", "0.3"]])]
    got = _scan("   q3 · k1 = (1.0)(0.6) + (0.4)(0.2)\n           = 0.68,\n"
                "   z3 = 0.4671 v1 + 0.2037 v2\n      = (0.4267, 0.4900).                     (11.6)\n")
    assert [(type(x).__name__, x.name) for x in got] == [("Work", "q3 · k1"), ("Named", "z3")]
    assert got[0].text == "(1.0)(0.6) + (0.4)(0.2) = 0.68" and got[1].array == ["0.4267", "0.4900"]


def test_equation_images_in_markdown():
    """A README whose matrices are images of an equation service: the LaTeX in the URL is read."""
    doc = ('# x\n\n<p align="center"><img src="https://latex.codecogs.com/svg.image?Q=\\begin{bmatrix}0.8&0.2\\\\'
           '-0.4&1.0\\end{bmatrix}" /></p>\n\n![A](https://latex.codecogs.com/svg.latex?A%20%3D%20%5Cbegin%7Bbmatrix%7D'
           '%200.449%20%26%200.551%20%5Cend%7Bbmatrix%7D)\n')
    found = formats.markdown(doc).found
    assert [(x.name, x.array, x.line) for x in found] == [("Q", [["0.8", "0.2"], ["-0.4", "1.0"]], 3),
                                                           ("A", ["0.449", "0.551"], 5)]


def test_a_table_of_raw_and_scaled_scores_is_two_tables():
    out = items.Items()
    formats._add_table(["q", "a", "b"], [["a", "0.37 → 0.2616", "-0.5 → -0.3536"],
                                         ["b", "0.935 → 0.6612", "0.915 → 0.6470"]], 1, out, ["", ""])
    assert [x.rows for x in out.found] == [[["0.37", "-0.5"], ["0.935", "0.915"]],
                                           [["0.2616", "-0.3536"], ["0.6612", "0.6470"]]]


def test_a_network_set_up_scalar_by_scalar():
    """Mazur-style posts give i1, i2, w1 … w8, b1, b2 and the targets one by one (here in a settings table):
    a 2-2-2 sigmoid network, w1 and w2 into h1, with [names] for each weight."""
    found = items.Items()
    found.prose += ["| i1 | 0.1 |", "| i2 | 0.5 |", "| w1, w2 (→h1) | 0.2, 0.3 |", "| w3, w4 (→h2) | 0.25, 0.45 |",
                    "| b1 | 0.4 |", "| w5, w6 (→o1) | 0.5, 0.35 |", "| w7, w8 (→o2) | 0.6, 0.55 |", "| b2 | 0.3 |",
                    "| target o1, o2 | 0.05, 0.9 |", "| 학습률 η | 0.5 |", "활성화 함수는 전부 시그모이드입니다."]
    c = models._mlp(found, models.givens(found))
    assert c is not None
    m = c.spec["model"]
    assert m["layers"][0]["h"]["W"] == [["0.2", "0.25"], ["0.3", "0.45"]]
    assert m["loss"]["targets"] == {"x": ["0.05", "0.9"]} and c.spec["train"]["lr"] == "0.5"
    assert c.spec["names"]["w2"] == "L1.h.W[2][1]" and c.spec["names"]["w7"] == "L1.o.W[1][2]"


def test_a_result_said_in_words():
    """"the variance is 0.625", "whose sum is 5.0589" state a step's value; "方差为 1" after a LayerNorm is a fact
    about every row, not a number the document computed."""
    got = [(x.name, x.rows[0][0]) for x in _scan("For melts the variance is 0.625. Their sum is 5.0589, "
                                                 "and 方差为 1。") if isinstance(x, items.Table)]
    assert got == [("variance", "0.625"), ("sum", "5.0589")]


def test_a_sentence_naming_matrices_vectors_and_a_scalar():
    """``W1 = [[…], […]]`` inside a sentence is a matrix, read in the order written; ``b2 = -0.2.`` at a
    sentence's end is a scalar."""
    got = _scan("A small net: `W1 = [[0.7, -0.5], [0.4, 0.6]]`, `b1 = [0.1, 0.0]`, `w2 = [1.2, -0.7]`, `b2 = -0.2`.")
    assert [(x.name, x.array) for x in got] == [("W1", [["0.7", "-0.5"], ["0.4", "0.6"]]), ("b1", ["0.1", "0.0"]),
                                                ("w2", ["1.2", "-0.7"])]
    found = items.Items()
    found.prose.append("Then b2 = -0.2.")
    assert models._scalars(found)[0] == {"b2": "-0.2"}


def test_a_classifier_after_attention_pools_when_the_words_say_so():
    """Attention, then "average the vectors" and a 2→3→1 network with a sigmoid: pool (mean), a ReLU hidden
    layer and a one-output sigmoid layer whose bias is the stated scalar; without pooling words a one-output W2
    still makes a per-position classifier."""
    def read(words: str):
        found = items.Items()
        found.found += [items.Named(n, a, k, "") for k, (n, a) in enumerate([
            ("X", [["1", "0"], ["0", "1"]]), ("W_Q", [["1", "0"], ["0", "1"]]), ("W_K", [["1", "0"], ["0", "1"]]),
            ("W_V", [["1", "0"], ["0", "1"]]), ("W1", [["0.7", "-0.5", "0.2"], ["0.4", "0.6", "-0.8"]]),
            ("b1", ["0.1", "0", "-0.1"]), ("w2", ["1.2", "-0.7", "0.9"])])]
        found.prose += [words, "b2 = -0.2"]
        g = models.givens(found)
        layer = models._layer_attention(g, ["x", "y"], False, 2)
        return models._classifier(found, g, [["1", "0"], ["0", "1"]], ["x", "y"], layer, [])
    c = read("We average the two vectors, apply ReLU, and a sigmoid gives the probability.")
    assert c is not None
    layer = c.spec["model"]["layers"][0]
    assert layer["blocks"] == ["attn", "pool", "hid", "cls"] and layer["pool"] == {"how": "mean"}
    assert layer["hid"]["activation"] == "relu" and layer["cls"]["activation"] == "sigmoid"
    assert layer["cls"]["W"] == [["1.2"], ["-0.7"], ["0.9"]] and layer["cls"]["b"] == ["-0.2"]
    assert read("A sigmoid on each position.").spec["model"]["layers"][0]["blocks"] == ["attn", "hid", "cls"]


def test_a_table_of_operations_and_their_values_is_working():
    """| multiply | 0.5 · 2.0 | 1 |: an operation in one column and its value in the next is a line of working;
    a cell of words stays words."""
    out = items.Items()
    formats._add_table(["gate", "operation", "value"], [["mul", "0.5 · 2.0", "1"], ["exp", "exp(−0.65)", "0.5220"],
                                                       ["neg", "−0.65", "−0.65"]], 1, out, ["", ""], [2, 3, 4])
    assert [(x.text, x.line) for x in out.found if isinstance(x, items.Work)] == [("0.5 · 2.0 = 1", 2),
                                                                                   ("exp(-0.65) = 0.5220", 3)]


def test_numbers_printed_with_a_sign_and_several_named_on_one_line():
    """f"{v:+.4f}" prints +0.2008; print(f"p1={p1:.4f} z={z:.4f}") prints several named numbers on a line."""
    assert values.number("+0.2008") == "0.2008" and values.number("+x") is None and values.number("0.5") == "0.5"
    got = _scan("p1=0.9600 p2=0.5500 z=1.3100 y=+0.7875\n")
    assert [(x.name, x.array) for x in got] == [("p1", ["0.9600"]), ("p2", ["0.5500"]), ("z", ["1.3100"]),
                                                ("y", ["0.7875"])]


def test_a_neuron_given_number_by_number():
    """x1, x2 = 1.2, -0.5 and w1, w2, b = 0.8, -1.1, -0.2 (code), a sigmoid, "we start from ∂y/∂y = 1" (TeX):
    one neuron with its bias, from an upstream gradient of 1."""
    found = items.Items()
    found.prose += ["x1, x2 = 1.2, -0.5", "w1, w2, b = 0.8, -1.1, -0.2", r"y = \sigma(z)",
                    r"We start from \partial y/\partial y = 1 ."]
    c = models._neuron(found, models.givens(found))
    assert c is not None
    m = c.spec["model"]
    assert m["embeddings"] == {"x": ["1.2", "-0.5"]} and m["layers"][0]["n"]["W"] == [["0.8"], ["-1.1"]]
    assert m["layers"][0]["n"]["b"] == ["-0.2"] and m["loss"]["kind"] == "given_gradient"


def test_working_in_columns_vertical_sums_per_column_and_a_quoted_row():
    """Three products side by side are three lines of working; a rule per column with a total under each is a
    row; "Output for "barked": (…)" is the row of the quoted token; q(barked) = (…) names a query."""
    got = _scan("   0.3555 ×  1.0 =   0.3555   0.3555 ×  0.2 =   0.0711   (dog)\n"
                "   --------------   --------------\n"
                "          0.31188          0.44051\n"
                '**Output for "barked": (0.31188, 0.44051)**\n'
                "    q(barked) = (0.6, -0.2, 0.5, 0.1)\n")
    assert [(type(x).__name__, getattr(x, "text", None) or getattr(x, "array", None), getattr(x, "label", None))
            for x in got] == [("Work", "0.3555 ×  1.0 =   0.3555", None), ("Work", "0.3555 ×  0.2 =   0.0711", None),
                              ("Named", ["0.31188", "0.44051"], None), ("Named", ["0.31188", "0.44051"], "barked"),
                              ("Named", ["0.6", "-0.2", "0.5", "0.1"], None)]
    assert got[-1].name == "q(barked)"


@pytest.mark.parametrize("name, want", [("key k", "K"), ("Key K", "K"), ("value v", "V"), ("Query vectors", None),
                                        ("attention weights", None)])
def test_a_word_and_its_symbol_name_a_given(name, want):
    assert names.role(name) == want


def test_weights_printed_with_numbered_rows_and_a_bias_row():
    """riga 1 … riga 4 under a header of words, then a bias row: one table of 5 rows named "riga 1" … "bias"."""
    got = _scan("```\n         a      b      c\nriga 1   0.2   -0.4    0.1\nriga 2   0.5    0.2   -0.3\n"
                "bias     0.0    0.1   -0.2\n```\n")
    t = next(x for x in got if isinstance(x, items.Table))
    assert t.row_labels == ["riga 1", "riga 2", "bias"] and t.col_labels == ["a", "b", "c"]
    assert t.rows[2] == ["0.0", "0.1", "-0.2"]


def test_a_loss_written_after_its_symbols_keeps_its_minus():
    """"è −ln p(divano) = −ln 0.5433 = **0.6101**": the working after the symbols, named by them, with the minus
    before ln kept (dropping it would make a correct line wrong)."""
    got = _scan("La loss è −ln p(divano) = −ln 0.5433 = **0.6101**.\nE poi −ln 0.25 = 1.3863.\n")
    assert [x.text for x in got] == ["-ln(0.5433) = 0.6101", "-ln(0.25) = 1.3863"]
    assert got[0].name.endswith("-ln p(divano)") and got[1].name == ""


def test_a_sum_of_probabilities_is_a_check_not_a_claim():
    out = items.Items()
    formats._add_table(["word", "e^z", "p"], [["a", "0.8353", "0.4"], ["b", "1.2", "0.6"], ["**somma**", "2.0353",
                                                                                         "1.0000"]], 1, out, ["", ""])
    sums = [x.rows for x in out.found if isinstance(x, items.Table) and x.name == "sum"]
    assert sums == [[["2.0353"]]]


def test_equation_images_inside_a_paragraph_and_tokens_listed_in_a_sentence():
    """Three <img> of an equation service on one line of a paragraph are three matrices; "Two tokens, good and
    morning," names two rows."""
    doc = ('Two tokens, `good` and `morning`, embedded in 2 dimensions.\n\n'
           '<img src="https://latex.codecogs.com/svg.image?W_Q=\\begin{bmatrix}0.5&space;&&space;0.9\\\\0.3&space;&'
           '&space;-0.4\\end{bmatrix}" /> <img src="https://latex.codecogs.com/svg.image?W_K=\\begin{bmatrix}0.7&space;'
           '&&space;-0.2\\\\0.4&space;&&space;0.6\\end{bmatrix}" />\n')
    found = formats.markdown(doc)
    assert [(x.name, x.line) for x in found.found if isinstance(x, items.Named)] == [("W_Q", 3), ("W_K", 3)]
    assert models._row_names(found, 2, None)[0] == ["good", "morning"]


@pytest.mark.parametrize("name, want", [("ln.gamma", "gamma"), ("ln_1.weight", "gamma"), ("norm.bias", "beta"),
                                        ("model.ln_f.bias", "beta"), ("layer.weight", None)])
def test_a_layernorms_parameters_as_code_names_them(name, want):
    assert names.role(name) == want


def test_a_remark_after_a_result_and_the_unit_of_a_number_in_scientific_notation():
    got = _scan("4. 불편분산: 1.3100 / 3 = 0.4367  ← 4가 아니라 3으로 나눔!\n")
    assert [x.text for x in got] == ["1.3100 / 3 = 0.4367"]
    assert values.unit("4.7567697e-01") == pytest.approx(1e-8) and values.unit("0.25") == pytest.approx(0.01)


def test_a_vector_worked_in_a_tuple_and_positions_numbered_p0_p1():
    """x_a = (0.12 + 0.05, 0.5 + (-0.1)) = (0.17, 0.4) works a vector out, a line of working per cell (max(0, x)
    stays a call); p_0, p_1 are learned position vectors."""
    got = _scan("x_a = (0.12 + 0.05, 0.5 + (-0.1)) = (0.17, 0.4)\n")
    assert [x.text for x in got] == ["0.12 + 0.05 = 0.17", "0.5 + (-0.1) = 0.4"]
    assert items._tuples_as_vectors("max(0, 1.2) = 1.2") == "max(0, 1.2) = 1.2"
    found = items.Items()
    found.found += [items.Named(n, a, k, "") for k, (n, a) in enumerate([
        ("e_a", ["0.1", "0.2"]), ("e_b", ["0.3", "0.4"]), ("p_0", ["0.5", "0.6"]), ("p_1", ["0.7", "0.8"])])]
    g = models.givens(found)
    assert g.learned == {"kind": "learned", "table": {"a": ["0.5", "0.6"], "b": ["0.7", "0.8"]}}


def test_a_term_of_a_sum_is_no_name():
    """In o_1 = 0.8560 v_0 + 0.1440 v_1 = (0.2143, −0.2813) the vector is o_1's, not v_1's; x − μ = (…) is still
    read."""
    got = _scan("$o_1 = 0.8560\\,v_0 + 0.1440\\,v_1 = (0.2143, −0.2813)$ and $x - \\mu = (1.0333, -0.8667)$\n")
    assert "v_1" not in [x.name for x in got if isinstance(x, items.Named)]
    assert ["1.0333", "-0.8667"] in [x.array for x in got if isinstance(x, items.Named)]


def test_matrices_side_by_side_as_a_pdf_prints_them():
    """Two matrices laid out beside each other, each named in its middle row (X =, W_Q =), an equation number at
    the end: two matrices, each from the numbers between its name's column and the next."""
    got = _scan("            0.5   0.1   0.3                  0.6   0.2\n"
                "      X =   0.2   0.8   0.4          W_Q =   0.1   0.5           (3.3)\n"
                "            0.7   0.3   0.9                  0.4   0.3\n")
    assert [(x.name, x.array, x.line) for x in got] == [
        ("X", [["0.5", "0.1", "0.3"], ["0.2", "0.8", "0.4"], ["0.7", "0.3", "0.9"]], 2),
        ("W_Q", [["0.6", "0.2"], ["0.1", "0.5"], ["0.4", "0.3"]], 2)]


def test_rows_named_after_a_colon_or_in_german_quotes():
    found = items.Items()
    found.prose.append("Die Einbettungen der drei Token (Zeilen: die, Katze, schläft) seien")
    assert models._row_names(found, 3, None)[0] == ["die", "Katze", "schläft"]
    found = items.Items()
    found.prose.append("für den Satzanfang „die Katze schläft“ durch")
    assert models._row_names(found, 3, None)[0] == ["die", "Katze", "schläft"]


def test_a_column_numbering_the_positions_is_no_claim():
    """| 词 | pos | x |: the pos column counts the rows (0, 1, 2), it states no angle."""
    from exactformer.read.documents import infer
    t = items.Table([["0", "0.1"], ["1", "0.2"], ["2", "0.3"]], ["a", "b", "c"], ["pos", "angle"], 1, "")
    assert [m[1] for m in infer._columns(t)] == [["angle"]]


def test_a_drawings_numbers_restate_what_the_document_states(tmp_path):
    """Numbers on an SVG circuit (2 decimals) claim only quantities the document states elsewhere, when they agree
    to their last digit; a drawing's other numbers are left out, and the notes say so."""
    from exactformer.read.documents import read_document
    doc = tmp_path / "neuron.html"
    doc.write_text(
        "<html><body><p>A neuron with \\(x = [2.0, 0.4]\\) and \\(w = [0.5, -1.5, 0.25]\\), a sigmoid, the gradient"
        " from above is 1.</p><svg><text>0.66</text><text>0.45</text><text>7.77</text></svg>"
        "<pre><code>dw0 = x0 · dz = 2.0 · 0.2253 = 0.4507\nf = 1 / 1.5220 = 0.6570\n</code></pre></body></html>",
        encoding="utf-8")
    r = read_document(str(doc))
    assert '"out[x][1]" = "0.66"' in r.toml and '"grad.n.W[1][1]" = "0.45"' in r.toml and "7.77" not in r.toml
    assert any("1 restate none (not read)" in str(n) for n in r.notes)


def test_one_digit_numbers_are_no_evidence_unless_they_are_the_values():
    from exactformer.model.address import Address
    from exactformer.read.documents import infer

    class Vals:
        def __init__(self, v):
            self.v = v

        def get(self, a):
            return self.v[a.idx[0]]
    a, b = Address("PE", (0,)), Address("PE", (1,))
    m = infer._Match([(a, "0.8"), (b, "0.5")], "PE", 2, 0, 2, 0.0)
    assert infer._one_digit(m, Vals([0.8415, 0.5403]))  # sin 1 and cos 1 to one digit: a chance fit
    assert not infer._one_digit(m, Vals([0.8, 0.5]))  # the values themselves
    m2 = infer._Match([(a, "0.84"), (b, "0.5")], "PE", 2, 0, 2, 0.0)
    assert not infer._one_digit(m2, Vals([0.8415, 0.5403]))


def test_a_name_alone_above_labelled_vectors():
    """Q = on its own line, then a vector per labelled row (a forum post's layout): one matrix, rows by token."""
    got = _scan("Q =\n  dogs   [0.9, 0.2, -0.4]\n  chase  [0.3, 1.0, 0.6]\nK =\n  dogs   [1.0, -0.3, 0.5]\n"
                "  chase  [0.2, 0.9, -0.6]\n")
    assert [(x.name, x.row_labels, x.array[1]) for x in got] == [("Q", ["dogs", "chase"], ["0.3", "1.0", "0.6"]),
                                                                 ("K", ["dogs", "chase"], ["0.2", "0.9", "-0.6"])]


def test_kramdowns_attribute_list_is_no_row_and_another_sentences_table_is_not_this_ones():
    """{: .table .table-sm} after a Jekyll table is no row; a table whose rows name words that are none of the
    model's tokens (a second sentence, tu and bevi, after io and mangio) is not matched to this model's rows."""
    found = formats.markdown("| word | x1 | x2 |\n|---|---|---|\n| io | 0.9 | 0.1 |\n| mangio | 0.2 | 0.7 |\n"
                             "{: .table .table-sm}\n")
    t = next(x for x in found.found if isinstance(x, items.Table))
    assert t.row_labels == ["io", "mangio"]
    from exactformer.read.documents import infer

    class G:
        class model:
            positions = [type("P", (), {"token": "io"}), type("P", (), {"token": "mangio"})]
        steps: dict = {}
    other = items.Table([["1", "2"], ["3", "4"]], ["tu", "bevi"], None, 1, "")
    other_tokens = infer._OtherTokens(G)
    assert other_tokens.table(other) and not other_tokens.table(t)
    assert not other_tokens.table(items.Table([["1"], ["2"]], ["pos 0", "pos 1"], None, 1, ""))


def test_a_number_beyond_floats_has_a_unit_and_reads_without_a_crash(tmp_path):
    """1e10000 in a document (the fuzzer's find: its unit overflowed a float) is read like any number that fits
    nothing."""
    from exactformer.read.documents import read_document
    assert values.unit("1e10000") == pytest.approx(1e300) and values.unit("1e-99999") == pytest.approx(1e-300)
    doc = tmp_path / "h.md"
    doc.write_text("the = [1e10000, -1e10000]\n| I | 0.1703 | −∞ | −∞ | −∞ |\n| I | 0.1703 | −∞ | −∞ | −∞ |\n",
                   encoding="utf-8")
    try:
        read_document(str(doc))
    except Exception as e:  # a clear CaseError is fine; anything else is a crash
        from exactformer.errors import CaseError
        assert isinstance(e, CaseError), repr(e)


def test_loose_numbers_are_the_decimals_no_item_took():
    """The decimals of a sentence that no line of working or vector took, a percentage with its sign; versions,
    powers (e^0.5) and the ends of fractions are no numbers of their own."""
    s = "poids : 1.9993 / 3.7493 = 0.5333, puis 0.3135 et 0.1532 ; 52.9 % ; torch 2.1.0, e^0.5, 1/2.5"
    assert items.loose_numbers(s, ["1.9993", "3.7493", "0.5333"]) == ["0.3135", "0.1532", "52.9%"]
    assert items.loose_numbers("−0.0577 and −0.0577", ["-0.0577"]) == ["-0.0577"]  # each taken number once


def test_prose_restates_the_values_the_document_states(tmp_path):
    """A sentence's numbers after a line of working ("then 0.4507"), a diagonal in parentheses and a percentage
    claim the quantities the document states on that line or elsewhere, when each is that value rounded; a sum of
    weights (1.0000) and numbers of fewer than 3 significant digits are no evidence, and are not claimed."""
    from exactformer.read.documents import read_document
    doc = tmp_path / "x.md"
    doc.write_text(
        "# Q = K = V = X\n\nThe tokens are sun and moon, embedded as:\n\n- sun = [1.0, 0.2]\n- moon = [0.6, 0.8]\n\n"
        "No projections: Q = K = V = X, scores divided by √2.\n\n| scaled | sun | moon |\n|---|---|---|\n"
        "| sun | 0.7354 | 0.5374 |\n| moon | 0.5374 | 0.7071 |\n\nRow sun: 2.0863 / 3.7979 = 0.5493, then 0.4507. "
        "Row moon: 0.4577 and 0.5423. The diagonal (0.549, 0.542) dominates: 54.9% of the attention of sun stays "
        "on sun, the weights sum to 1.0000 and 0.45 goes to moon.\n", encoding="utf-8")
    r = read_document(str(doc))
    for cell in ['"weights[sun,moon]" = "0.4507"', '"weights[moon,sun]" = "0.4577"', '"weights[moon,moon]" = "0.5423"',
                 '"weights[sun,sun]" = "0.549"', '"weights[moon,moon]" = "0.542"', '"weights[sun,sun]" = "54.9%"']:
        assert cell in r.toml
    assert '"1.0000"' not in r.toml and '"0.45"' not in r.toml
    assert any("numbers in the prose: 6 restate" in str(n) for n in r.notes)


def test_a_percentage_is_judged_to_its_places(tmp_path):
    """A claimed "52.9%" is 0.529 to 3 places: right when the weight rounds to it, wrong otherwise."""
    from exactformer.api import audit_file
    case = tmp_path / "p.toml"
    case.write_text('[model]\ntokens = ["a", "b"]\n[[model.layers]]\nQ = { a = [1, 0], b = [0, 1] }\n'
                    'K = { a = [1, 0], b = [0, 1] }\nV = { a = [1, 0], b = [0, 1] }\n[[claims]]\n'
                    'values = { "weights[a,a]" = "67.0%", "weights[b,b]" = "60.0%" }\n', encoding="utf-8")
    verdicts = sorted((f.claim.number.text, f.verdict.value) for f in audit_file(str(case)).findings)
    assert verdicts == [("60.0%", "wrong"), ("67.0%", "correct")]


def test_a_bare_sum_of_rounded_products_is_the_value_it_rounds():
    """0.31188 summed from weights rounded to 4 places (the value is 0.311824) agrees to 4 significant digits:
    a bare vector of such sums is claimed; one cell a digit off in the 4th place is not."""
    from exactformer.model.address import Address
    from exactformer.read.documents import infer

    class Vals:
        def get(self, a):
            return [0.311824, 0.440524, 0.233312][a.idx[0]]
    cells = [(Address("context", (k,)), t) for k, t in enumerate(["0.31188", "0.44051", "0.23336"])]
    m = infer._Match(cells, "context", 1, 2, 3, 0.0)
    assert infer._strong(m, [[t for _, t in cells]], infer.MIN_DIGITS, Vals())
    off = [(a, t) for a, t in cells[:2]] + [(cells[2][0], "0.23431")]
    assert not infer._strong(infer._Match(off, "context", 1, 2, 3, 0.0), [[t for _, t in off]], infer.MIN_DIGITS,
                             Vals())


@pytest.mark.parametrize("text, want", [("-1e9", True), ("-1.00000000e+09", True), ("-10000.0", True), ("-1e+10", True),
                                        ("-9999", False), ("-2e9", False), ("-0.5", False), ("1e9", False)])
def test_a_masks_fill_value_states_nothing(text, want):
    """Code fills masked scores with −10⁹ (or −10⁴): such a cell stands for −∞, in a table and in a printed array."""
    assert values.blank(text) is want
    assert values.array(f"[[0.5, {text}], [0.2, 0.1]]")[0][1] == (None if want else text)


def test_a_matrix_of_zeros_and_ones_is_no_claim():
    """tf.linalg.band_part(ones, -1, 0) printed as [[1. 0.] [1. 1.]] is a mask, not the weights (whose unit, 1,
    would let any weight agree)."""
    assert values.BIT.fullmatch("1.") and values.BIT.fullmatch("0") and not values.BIT.fullmatch("0.5")
    assert values.one_hot(["0", "0.", "1.00"]) == 2 and values.one_hot(["1", "1"]) is None
    assert values.one_hot(["0", None, "1"]) is None and values.one_hot(["1"]) is None


def test_an_html_table_inside_markdown_is_read_on_its_lines():
    """A GitHub README's <table> (q, k, v columns of vectors, then a scores table) reads as tables, each row on
    its own line of the Markdown file."""
    found = formats.markdown("# tiny\n\nSome text.\n\n<table>\n<tr><th>token</th><th>q</th></tr>\n"
                             "<tr><td><b>I</b></td><td>[0.9, 0.3]</td></tr>\n"
                             "<tr><td><b>saw</b></td><td>[-0.4, 1.1]</td></tr>\n</table>\n")
    t = next(x for x in found.found if isinstance(x, items.Table))
    assert t.row_labels == ["I", "saw"] and t.rows[1][0] == ["-0.4", "1.1"] and t.row_lines == [7, 8]


def test_squared_deviations_in_a_variances_working_are_claimed(tmp_path):
    """σ² = (0.5006 + 0.1314 + …) / 4 = 0.1741: each term is a squared difference from the mean (ln.sq), claimed as
    an operand of the variance's working."""
    from exactformer.read.documents import read_document
    doc = tmp_path / "ln.md"
    doc.write_text("# LayerNorm\n\nEach row goes through a LayerNorm with eps = 0.\n\n| token | x1 | x2 | x3 | x4 |\n"
                   "|---|---|---|---|---|\n| the | 1.02 | -0.05 | 0.09 | 0.19 |\n| bank | 0.15 | 0.46 | 0.72 | -0.27 |\n\n"
                   "μ = (1.02 + (-0.05) + 0.09 + 0.19) / 4 = 0.3125\n\n"
                   "σ² = (0.5006 + 0.1314 + 0.0495 + 0.0150) / 4 = 0.1741\n", encoding="utf-8")
    from exactformer.api import audit_file
    case = tmp_path / "ln.toml"
    case.write_text(read_document(str(doc)).toml, encoding="utf-8")
    got = {(f.claim.address.step.split(".")[-1], f.claim.number.text) for f in audit_file(str(case)).findings}
    assert {("sq", "0.5006"), ("sq", "0.1314"), ("sq", "0.0495"), ("sq", "0.0150"), ("var", "0.1741")} <= got


def test_a_vectors_name_with_its_token_in_parentheses():
    """- h1 (“the”) = [0.6, -0.1, 0.3]: the vector h1, of the token "the" (a Medium post's list of encoder states)."""
    got = _scan("- h1 (“the”) = [0.6, -0.1, 0.3]\n- h2 ('cat') = [0.2, 0.8, -0.4]\n")
    assert [(x.name, x.label, x.array) for x in got] == [("h1", "the", ["0.6", "-0.1", "0.3"]),
                                                         ("h2", "cat", ["0.2", "0.8", "-0.4"])]


def test_a_percentage_cell_is_a_number_of_the_table():
    """| the | 0.2907 | 29.1% |: the percentage is kept as written; its value is the number over 100, to a unit of
    0.001."""
    from exactformer.read.documents import infer
    assert formats._cell("29.1%") == "29.1%" and formats._cell("29.1 \\%") == "29.1%" and formats._cell("29.1 %s") is None
    assert infer._value("29.1%") == pytest.approx(0.291) and values.unit("29.1%") == pytest.approx(0.001)


def test_a_weight_named_as_after_the_step_is_matched_to_the_updated_weights():
    """W', W_new, W^{(1)}, 新 W are weights after a training step (claims); W, W_out are givens."""
    assert all(names.updated(n) for n in ["W_{out}'", "W_new", "W^{(1)}", "新 W", "W_out_updated"])
    assert not any(names.updated(n) for n in ["W_{out}", "W", "W1", "news", "W_o"])


def test_an_output_layer_takes_its_vocabulary_from_the_rows_of_its_logits_table(tmp_path):
    """h and W_out, the words only as the rows of the table of logits (with its total row): the output layer is
    read, its logits and softmax claimed."""
    from exactformer.read.documents import read_document
    doc = tmp_path / "ce.md"
    doc.write_text("# 交叉熵\n\n$$h = [0.8, -0.5, 1.2]$$\n\n"
                   "$$W_{out} = \\begin{bmatrix} 0.3 & -0.2 \\\\ 0.4 & 0.6 \\\\ 0.7 & -0.1 \\end{bmatrix}$$\n\n"
                   "| 词 | $z$ | $e^{z}$ | $p$ |\n|---|---|---|---|\n| 北京 | 0.88 | 2.4109 | 0.8115 |\n"
                   "| 上海 | -0.58 | 0.5599 | 0.1885 |\n| 合计 | | 2.9708 | 1 |\n", encoding="utf-8")
    r = read_document(str(doc))
    assert 'vocab = ["北京", "上海"]' in r.toml and '"probs[h][北京]" = "0.8115"' in r.toml


def test_sentences_of_working_with_a_label_an_arrow_or_a_remark():
    """A weighted sum labelled by its token (la : 0.32·v_la + … = (…)), its weights kept as numbers of the
    prose; a tuple then an arrow to the next quantity (제곱: (…) → 합 3.07); a remark in parentheses after a
    result; a vector times a weight, then the product (the product is what the line gives)."""
    got = _scan("la : 0.3183·v_la + 0.3030·v_pluie = (0.0174, 0.3958)\n")
    assert [(x.name, x.array) for x in got] == [("la", ["0.0174", "0.3958"])]
    out = items.Items()
    items.scan("la : 0.3183·v_la + 0.3030·v_pluie = (0.0174, 0.3958)", 1, out, ["", ""])
    assert [t for t, _ in out.loose] == ["0.3183", "0.3030"]
    got = _scan("제곱: (0.1225, 1.5625, 0.0625, 1.3225) → 합 3.07\n")
    assert [(x.name, x.array) for x in got] == [("제곱", ["0.1225", "1.5625", "0.0625", "1.3225"]), ("합", ["3.07"])]
    got = _scan("puis on divise par √2 ≈ 1.4142 (dans le vrai modèle ce serait √64 = 8).\n")
    assert [x.text for x in got] == ["√2 ≈ 1.4142"]
    got = _scan("q_café = [0.7, 0.2, 0.5]·Wq = [0.65, 0.11, 0.46]\n")
    assert [(x.name, x.array) for x in got] == [("q_café", ["0.65", "0.11", "0.46"])]


def test_a_notebooks_dataframe_is_read_from_its_html_table(tmp_path):
    """A DataFrame output carries text/html (a <table>) beside text/plain (aligned columns): each twin states the
    numbers, so both are read, as the same table, its rows by the index."""
    import json
    nb = {"cells": [{"cell_type": "code", "execution_count": 1, "metadata": {}, "source": ["df"], "outputs": [
        {"output_type": "execute_result", "execution_count": 1, "metadata": {}, "data": {
            "text/html": ["<table>\n", "<thead><tr><th></th><th>sun</th><th>moon</th></tr></thead>\n",
                          "<tbody><tr><th>sun</th><td>0.5493</td><td>0.4507</td></tr>\n",
                          "<tr><th>moon</th><td>0.4577</td><td>0.5423</td></tr></tbody>\n", "</table>"],
            "text/plain": ["       sun    moon\n", "sun   0.5493  0.4507\n", "moon  0.4577  0.5423"]}}]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    found = formats.notebook(json.dumps(nb), "x.ipynb")
    tables = [x for x in found.found if isinstance(x, items.Table)]
    assert len(tables) == 2
    for t in tables:
        assert t.row_labels == ["sun", "moon"] and t.rows == [["0.5493", "0.4507"], ["0.4577", "0.5423"]]


def test_keys_and_values_named_by_their_tokens_with_one_query(tmp_path):
    """q_it = […], then k_animal = […]    v_animal = […] a line per token: K and V by the tokens of their
    subscripts, the one query on its token's row (the others unknown); the scores of q_it are claimed."""
    from exactformer.read.documents import read_document
    doc = tmp_path / "one.md"
    doc.write_text("One query against three keys:\n\n```\nq_it     = [0.6, -0.2]\nk_dog  = [0.8, 0.1]    v_dog  = "
                   "[1.0, 0.2]\nk_it   = [0.5, 0.3]    v_it   = [0.4, 0.5]\nk_ran  = [-0.1, 0.6]    v_ran  = [0.6, -0.7]\n"
                   "```\n\n- q·k_dog = (0.6)(0.8) + (-0.2)(0.1) = 0.46\n- q·k_ran = (0.6)(-0.1) + (-0.2)(0.6) = -0.18\n",
                   encoding="utf-8")
    r = read_document(str(doc))
    assert 'tokens = ["dog", "it", "ran"]' in r.toml and '"scores[it,dog]"' in r.toml and '"scores[it,ran]"' in r.toml


def test_a_vector_named_after_a_matrix_on_its_last_line():
    """$$W_1 = \\begin{bmatrix} … \\end{bmatrix},\\quad b_1 = [0.1, -0.2]$$ over several lines: W_1, then b_1."""
    got = _scan("W_1 = \\begin{bmatrix}\n0.5 & -0.3 \\\\\n-0.6 & 0.4\n\\end{bmatrix},\\quad b_1 = [0.1, -0.2]\n")
    assert [(x.name, x.array) for x in got] == [("W_1", [["0.5", "-0.3"], ["-0.6", "0.4"]]), ("b_1", ["0.1", "-0.2"])]


@pytest.mark.parametrize("prose, eps", [("ε=10^(-5)", "1e-5"), ("\\epsilon = 10^{-6}", "1e-6"), ("ε = 1 × 10^(-5)", "1e-5")])
def test_an_epsilon_written_as_a_power_of_ten(prose, eps):
    found = items.Items()
    found.prose.append(prose)
    assert models.givens(found).eps == [eps]


def test_a_one_hot_target_and_a_bias_update_make_the_output_layers_training(tmp_path):
    """y = (0, 1) names the target by its place in the vocabulary; b_j ← b_j − η(p_j − y_j) trains the bias only."""
    from exactformer.read.documents import read_document
    doc = tmp_path / "b.md"
    doc.write_text("# Bias\n\n$$h = [0.5, -1.0]$$\n\n$$W = \\begin{bmatrix} 0.8 & -0.3 \\\\ 0.2 & 0.6 \\end{bmatrix}$$\n\n"
                   "$$b = [0.1, 0.0]$$\n\n| word | z |\n|---|---|\n| cat | 0.3 |\n| dog | -0.75 |\n\n"
                   "The target is one-hot, $y = (0, 1)$. With learning rate $\\eta = 0.1$: $b_j \\leftarrow b_j - "
                   "\\eta (p_j - y_j)$.\n", encoding="utf-8")
    r = read_document(str(doc))
    assert '[model.loss.targets]\nh = "dog"' in r.toml and 'params = ["head.b"]' in r.toml


def test_every_assignment_of_a_line_of_givens_is_a_scalar():
    """x1 = 0.5,   x2 = -1.2,   w1 = 0.8,   b = 0.1: each named number of the line, not only the last."""
    found = items.Items()
    found.prose.append("x1 = 0.5,   x2 = -1.2,   w1 = 0.8,   w2 = 0.3,   b = 0.1,   t = 1.")
    got = models._scalars(found)[0]
    assert {k: got[k] for k in ("x1", "x2", "w1", "w2")} == {"x1": "0.5", "x2": "-1.2", "w1": "0.8", "w2": "0.3"}


def test_numbers_standing_alone_past_the_limit_are_said_to_be_unread(tmp_path, monkeypatch):
    """A page full of numbers: the first MAX_LOOSE standing alone are matched, the rest counted as not read."""
    from exactformer.read.documents import infer, read_document
    monkeypatch.setattr(infer, "MAX_LOOSE", 3)
    doc = tmp_path / "x.md"
    doc.write_text("# Q = K = V = X\n\nThe tokens are sun and moon, embedded as:\n\n- sun = [1.0, 0.2]\n- moon = [0.6, 0.8]\n\n"
                   "No projections: Q = K = V = X, scores divided by √2.\n\n| scaled | sun | moon |\n|---|---|---|\n"
                   "| sun | 0.7354 | 0.5374 |\n| moon | 0.5374 | 0.7071 |\n\n"
                   "We also saw 0.1234 and 0.2345 and 0.3456 and 0.4567 and 0.5678 in the run.\n", encoding="utf-8")
    notes = [str(n) for n in read_document(str(doc)).notes]
    assert any("2 after the first 3 not read" in n for n in notes)


def test_r_assignments_and_a_network_with_a_bias_per_unit():
    """R's x1 <- 0.5; x2 <- -1.0 reads as assignments; w1 … w6 with b1, b2, b3 and one target t is a 2-2-1
    network with a bias per unit (each trained, each named)."""
    assert items._R_ASSIGN.sub(r"\1\2 = ", "x1 <- 0.5; x2 <- -1.0") == "x1 = 0.5; x2 = -1.0"
    assert items._R_ASSIGN.sub(r"\1\2 = ", "if (a <- b) x") == "if (a <- b) x"
    found = items.Items()
    found.prose += ["x1 = 0.5; x2 = -1.0", "t = 0.8", "w1 = 0.4; w2 = -0.3; b1 = 0.1", "w3 = 0.2; w4 = 0.7; b2 = -0.2",
                    "w5 = 0.7; w6 = -0.5; b3 = 0.3", "eta = 0.5", "a sigmoid network"]
    c = models._mlp(found, models.givens(found))
    layers = c.spec["model"]["layers"][0]
    assert layers["h"]["b"] == ["0.1", "-0.2"] and layers["o"]["b"] == ["0.3"]
    assert c.spec["model"]["loss"]["targets"] == {"x": ["0.8"]} and c.spec["names"]["b3"] == "L1.o.b[1]"
