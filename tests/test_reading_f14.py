"""Documents written as people write them (wild14): one small document of our own per rule."""

from __future__ import annotations

from exactformer.read.documents import read_document


def test_a_position_column_beside_a_column_of_vectors_names_the_rows(tmp_path):
    """| pos | x | with [vectors]: the positions are the rows' labels, the vectors the inputs (not a scalar table
    before it), so a later x + PE table is matched."""
    doc = tmp_path / "pe.md"
    doc.write_text("# PE\n\nSinusoidal positional encoding, d = 2, positions from 0.\n\n"
                   "| pos | angle |\n|---|---|\n| 0 | 0 |\n| 1 | 1 |\n\n"
                   "| pos | x |\n|---|---|\n| 0 | [0.3, -0.6] |\n| 1 | [0.1, 0.4] |\n\n"
                   "| pos | x + PE |\n|---|---|\n| 0 | [0.30000, 0.40000] |\n| 1 | [0.94147, 0.94030] |\n",
                   encoding="utf-8")
    r = read_document(str(doc))
    assert '"0.3", "-0.6"' in r.toml and "0.94147" in r.toml
    assert r.unmatched == 0 and r.matched >= 2


def test_a_matrix_of_states_the_prose_numbers_is_the_keys_and_values(tmp_path):
    """The encoder states h_1, h_2 named in prose and given as one matrix H, a decoder state s: one query
    against those states, no projections, no scaling."""
    doc = tmp_path / "dec.md"
    doc.write_text("# Decoder attention\n\nThe decoder state attends to encoder states $h_1, h_2$ directly, "
                   "no projections and not scaled.\n\n$$ s = \\begin{bmatrix} 1.0 & 0.5 \\end{bmatrix} $$\n\n"
                   "$$ H = \\begin{bmatrix} 0.2 & 0.4 \\\\ -0.6 & 1.0 \\end{bmatrix} $$\n\n"
                   "$$ e_1 = 1.0\\times0.2 + 0.5\\times0.4 = 0.4 $$\n\n"
                   "$$ e_2 = 1.0\\times(-0.6) + 0.5\\times1.0 = -0.1 $$\n\n"
                   "$$ \\alpha_1 = 0.6225 $$\n", encoding="utf-8")
    r = read_document(str(doc))
    assert "one query" in " ".join(str(n) for n in r.notes)
    assert r.unmatched == 0 and r.matched >= 3


def test_a_table_of_steps_by_position_is_no_table_of_learned_positions(tmp_path):
    """| j | Score | exp | Gewicht | with rows 1, 2, 3 as wide as the inputs: a softmax worked by position, claims,
    never position embeddings added to X."""
    doc = tmp_path / "soft.md"
    doc.write_text("# Causal head\n\n```python\nX = np.array([\n    [1.0, 0.0, 0.5],   # \"a\"\n"
                   "    [0.0, 1.0, 0.5],   # \"b\"\n    [0.5, 0.5, 1.0],   # \"c\"\n])\n```\n\n"
                   "No projections, Q = K = V = X, not scaled, causal mask; the last position:\n\n"
                   "| j | Score | exp | Gewicht |\n|---|---|---|---|\n| 1 | 1.0000 | 2.7183 | 0.2741 |\n"
                   "| 2 | 1.0000 | 2.7183 | 0.2741 |\n| 3 | 1.5000 | 4.4817 | 0.4519 |\n", encoding="utf-8")
    r = read_document(str(doc))
    assert "learned" not in r.toml
    assert "4.4817" in r.toml and r.unmatched == 0


def test_a_neuron_given_with_braced_subscripts_and_worked_gate_by_gate(tmp_path):
    """x_{1} = …, w_{1} = … (HTML's <sub>), "the gradient that arrives is 1" in Portuguese, and e^(−z), 1 + e^(−z)
    in the prose: one sigmoid neuron, its gates as values of their own."""
    doc = tmp_path / "n.html"
    doc.write_text("<html><body><h1>Neurônio sigmoide</h1><p>Entradas: x<sub>1</sub> = 2.0, x<sub>2</sub> = 1.0; "
                   "pesos w<sub>1</sub> = 0.5, w<sub>2</sub> = -0.5; viés b = 0.0. O gradiente que chega no fim é 1."
                   "</p><p>A soma é z = 2.0·0.5 + 1.0·(-0.5) + 0.0 = 0.500, e<sup>−z</sup> = 0.607, "
                   "1 + e<sup>−z</sup> = 1.607 e σ(z) = 1/1.607 = 0.622.</p></body></html>", encoding="utf-8")
    r = read_document(str(doc))
    assert "gates = true" in r.toml and 'W = [["0.5"], ["-0.5"]]' in r.toml
    assert "n.net[x][1]" in r.toml and r.unmatched == 0


def test_a_vector_named_by_a_product_of_two_names_in_a_sentence():
    """q₂ · kⱼ = [0.12, -0.40]: the scores of a query against the keys, named as the sentence writes them; a
    coefficient times a name (0.5 · v_1 = (…)) is still a term, no name."""
    from exactformer.read.documents import items
    got = items._inline_named("so q₂ · kⱼ = [0.12, -0.40], divided by √2: [0.0849, -0.2828]")
    assert [(n, a) for n, a in got] == [("q₂·kⱼ", ["0.12", "-0.40"])]
    assert items._inline_named("0.5 · v_1 = (0.25, 0.10)") == []


def test_the_sigmoid_formula_alone_does_not_work_the_gates():
    """y = 1 / (1 + e^(−z)) is the formula; only e^(−z) = … and 1 + e^(−z) = … state the gates' values."""
    from exactformer.read.documents import models
    assert not models._GATE_DEN.search("y = σ(z) = 1 / (1 + e^(−z)),  L = ½ (y − t)²")
    assert models._GATE_EXP.search("−z = -0.4, e^(-z) = 0.670, 1 + e^(-z) = 1.670")
    assert models._GATE_DEN.search("−z = -0.4, e^(-z) = 0.670, 1 + e^(-z) = 1.670")
