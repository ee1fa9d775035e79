"""Layouts of wild16's documents, each as a general rule of how people write, on documents of our own."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding


def _audit(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    from exactformer.audit.pipeline import audit
    from exactformer.read.documents import load_document

    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


BLOCKS = """# A head on three words

The input rows:

    token    inputs
    red      0.5  0.2  0.1
    sky      0.3  0.7  0.4
    tonight  0.6  0.1  0.8

Weights, side by side:

    Wquery      Wkey        Wvalue
    0.2  0.6    0.1  0.3    0.4  0.2
    0.5  0.1    0.6  0.2    0.3  0.5
    0.3  0.4    0.2  0.7    0.1  0.6

Queries:

| token | q1 | q2 |
|---|---|---|
| red | 0.23 | 0.36 |
| sky | 0.53 | 0.41 |
| tonight | 0.41 | 0.69 |
"""


def test_plain_text_blocks_named_above_their_columns(tmp_path):
    """A block under ``token  inputs`` is X; three names over six columns are three matrices of two columns each:
    the queries are then claims of X·Wq (a slip in one is found)."""
    got = _audit(tmp_path, "blocks.md", BLOCKS)
    assert got["Q[red][1]"] == ("0.23", "correct") and got["Q[tonight][2]"] == ("0.69", "correct")
    assert len([q for q in got if q.startswith("Q[")]) == 6
    slipped = _audit(tmp_path, "slipped.md", BLOCKS.replace("| 0.53 |", "| 0.58 |"))
    assert slipped["Q[sky][1]"][1] != "correct"


PRODUCT = r"""# Deux mots

$Q = H P_Q$, $K = H P_K$, $V = H P_V$

| | h₁ | h₂ |
|---|---|---|
| **chat** | 0.4 | 0.1 |
| **noir** | 0.2 | 0.9 |

$$ P_Q = \begin{pmatrix} 0.5 & 0.3 \\ 0.7 & 0.2 \end{pmatrix} $$

$$ P_K = \begin{pmatrix} 0.1 & 0.6 \\ 0.4 & 0.3 \end{pmatrix} $$

$$ P_V = \begin{pmatrix} 0.2 & 0.8 \\ 0.5 & 0.1 \end{pmatrix} $$

| mot | $q$ |
|---|---|
| chat | (0.27, 0.14) |
| noir | (0.73, 0.24) |
"""


def test_weights_named_by_the_formula_that_uses_them(tmp_path):
    """``Q = H P_Q`` (and K, V so) makes P_Q, P_K, P_V the projections whatever their letter: the queries are
    then X·P_Q, claimed and judged; without two such formulas P_Q is nothing."""
    got = _audit(tmp_path, "produit.md", PRODUCT)
    assert got["Q[chat][1]"] == ("0.27", "correct") and got["Q[noir][2]"] == ("0.24", "correct")
    from exactformer.read.documents import models

    assert models._said_weights("Q = H P_Q, K = H P_K") == {"P_Q": "Wq", "P_K": "Wk"}
    assert models._said_weights("Q = H P_Q") == {} and models._said_weights("Q = H P_Q, K = X P_K") == {}


def test_a_stated_square_root_is_the_scale(tmp_path):
    """"divided by √2 ≈ 1.4142" (in a sentence or a heading) claims the scale √d_k; a number that is not the root to
    its digits, or a root no scale of the model is, claims nothing."""
    said = BLOCKS + "\nThe scores are then divided by √2 ≈ 1.4142 before the softmax.\n"
    assert _audit(tmp_path, "root.md", said)["sqrt_dk"] == ("1.4142", "correct")
    heading = BLOCKS + "\n## Scaled: $\\sqrt{2} \\approx 1.4142$\n\nNothing else.\n"
    assert _audit(tmp_path, "heading.md", heading)["sqrt_dk"] == ("1.4142", "correct")
    assert "sqrt_dk" not in _audit(tmp_path, "off.md", said.replace("1.4142", "1.4149"))
    got = _audit(tmp_path, "three.md", BLOCKS + "\nFor comparison √3 ≈ 1.7321.\n")
    assert "sqrt_dk" not in got and "1.7321" not in {t for t, _ in got.values()}


ROWS_OF_STEPS = """# Twee woorden

- h⁰(bo) = [0.5, 0.2]
- h⁰(ka) = [0.1, 0.7]

```
W_query        W_key          W_value
[0.3, 0.6]     [0.4, 0.1]     [0.2, 0.5]
[0.8, 0.2]     [0.5, 0.9]     [0.7, 0.3]
```

De rij van bo:

| | bo | ka |
|---|---|---|
| score | 0.1712 | 0.3385 |
| ÷ 1.414 | 0.1211 | 0.2394 |
| e^x | 1.1287 | 1.2704 |
"""


def test_layer_zero_states_weight_columns_and_rows_of_steps(tmp_path):
    """``h⁰(bo)`` is bo's input row; a column of bracketed rows under ``W_query`` is that weight; a row headed
    ``÷ 1.414`` is the scaled scores and ``e^x`` their exponentials, for the one query the table works."""
    got = _audit(tmp_path, "stappen.md", ROWS_OF_STEPS)
    assert got["scores[bo,ka]"] == ("0.3385", "correct") and got["scaled[bo,bo]"] == ("0.1211", "correct")
    assert got["exp[bo,ka]"] == ("1.2704", "correct")
    slipped = _audit(tmp_path, "slip.md", ROWS_OF_STEPS.replace("0.3385", "0.3358"))
    assert slipped["scores[bo,ka]"][1] == "wrong"
    from exactformer.read.documents import models, names

    assert models._token_name("h⁰(bo)") == "bo" and models._token_name("h_0") == "h_0"
    assert names.role("h^{(0)}") == "X" and names.role("h_0") is None


PDF_TEXT = """Notes, page 2

We take the two words "sun rises". The inputs are the rows of E and the weights W(q), W(k), W(v).

              sun      0.4   0.3
      E =     rises    0.1   0.8

              0.5   0.2
      W(q) =  0.6   0.7

              0.3   0.9
      W(k) =  0.4   0.1

              0.2   0.6
      W(v) =  0.8   0.5

The queries Q = E W(q):

              0.38   0.29    (sun)
      Q =     0.53   0.58    (rises)
"""


def test_a_pdf_matrix_with_its_rows_named_and_weights_named_by_a_letter(tmp_path):
    """A PDF's matrix whose rows are named by a word (before the numbers, or after them in parentheses) keeps
    those names; ``W(q)`` is Wq: the queries are then claims of E·W(q), each in its row."""
    got = _audit(tmp_path, "notes.txt", PDF_TEXT)
    assert got["Q[sun][1]"] == ("0.38", "correct") and got["Q[rises][2]"] == ("0.58", "correct")
    slipped = _audit(tmp_path, "slip.txt", PDF_TEXT.replace("0.53   0.58", "0.53   0.85"))
    assert slipped["Q[rises][2]"][1] == "wrong"


def test_a_labelled_pdf_row_broken_over_two_lines(tmp_path):
    """A PDF that breaks each labelled row of a wide matrix puts its last cells alone on the next line: they
    belong to the row above (the queries of E·W(q) over three columns, each row broken after two)."""
    wide = PDF_TEXT
    for w in ("0.5   0.2\n      W(q) =  0.6   0.7", "0.3   0.9\n      W(k) =  0.4   0.1",
              "0.2   0.6\n      W(v) =  0.8   0.5"):
        top, bottom = w.split("\n")
        wide = wide.replace(w, f"{top}   0.1\n{bottom}   0.3")
    wide = wide.split("The queries")[0] + """The queries Q = E W(q):

              sun     0.38   0.29
                      0.13
      Q =     rises   0.53   0.58
                      0.25
"""
    got = _audit(tmp_path, "wide.txt", wide)
    assert got["Q[sun][3]"] == ("0.13", "correct") and got["Q[rises][3]"] == ("0.25", "correct")
    assert got["Q[rises][1]"] == ("0.53", "correct")
