"""Ways of writing a worked example read as such (held-out set wild16): a weight named by the sentence above its
table, or in the table's corner with its bias as the last row; ε = 0 said so; a temperature only mentioned; LaTeX
``align`` rows; θ_Q for the query projection. Each document is small, in our own words and numbers."""

from __future__ import annotations

import math

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import formats, load_document, models, names, read_document


def _found(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


def _softmax(z: list[float], t: float = 1.0) -> list[float]:
    e = [math.exp(v / t) for v in z]
    return [v / sum(e) for v in e]


# the output layer over three words: h = (0.5, -1.0), W_U's columns are the words
_H, _W = (0.5, -1.0), ((0.4, -0.6, 1.2), (0.2, 0.3, -0.8))
_Z = [_H[0] * _W[0][j] + _H[1] * _W[1][j] for j in range(3)]  # 0.0, -0.6, 1.4
_P = _softmax(_Z)


def _logits_doc(temperature_remark: str) -> str:
    rows = "\n".join(f"| {w} | {z:.2f} | {p:.4f} |" for w, z, p in zip(("sol", "mar", "rio"), _Z, _P))
    return f"""# Next word, by hand

The hidden state is h = (0.5, -1.0). Our tiny output layer covers three words.

The unembedding matrix W_U (one column per word):

| | sol | mar | rio |
|---|---|---|---|
| d1 | 0.4 | -0.6 | 1.2 |
| d2 | 0.2 | 0.3 | -0.8 |

| word | logit z | probability |
|---|---|---|
{rows}

{temperature_remark}
"""


def test_a_sentence_ending_on_a_weights_name_names_the_table_below():
    assert formats._sentence_name("The unembedding matrix W_U (one column per word):") == "W_U"
    assert formats._sentence_name("Ma trận W_1:") == "W_1"
    assert formats._sentence_name("The keys K (one row per word):") == ""  # Q, K, V or X: a mention, not a name
    assert formats._sentence_name("Here are the weights we use:") == ""


def test_the_output_layer_from_a_table_named_by_its_sentence(tmp_path):
    got = _found(tmp_path, "logits.md", _logits_doc(""))
    assert got["logits[h][rio]"] == ("1.40", "correct") and got["probs[h][rio]"][1] == "correct"
    assert len([q for q in got if q.startswith("probs")]) == 3


def test_a_temperature_only_mentioned_is_not_applied(tmp_path):
    """A remark on sampling (T = 0.5, which would change every probability) is no part of the numbers."""
    remark = "In a real chatbot one would divide the logits by a temperature, T = 0.5, before the softmax; not here."
    assert _softmax(_Z, 0.5)[2] > _P[2] + 0.05  # the remark's T would change the probabilities
    doc = tmp_path / "logits.md"
    doc.write_text(_logits_doc(remark), encoding="utf-8")
    got = _found(tmp_path, "logits.md", _logits_doc(remark))
    assert got["probs[h][rio]"] == (f"{_P[2]:.4f}", "correct") and got["probs[h][sol]"][1] == "correct"
    assert "temperature = 1" in "\n".join(str(n) for n in read_document(str(doc)).notes)


def test_a_temperature_the_numbers_use_is_still_applied(tmp_path):
    p = _softmax(_Z, 0.5)
    rows = "\n".join(f"| {w} | {v:.4f} |" for w, v in zip(("sol", "mar", "rio"), p))
    text = _logits_doc("We sample at temperature T = 0.5: the logits are divided by it first.") + \
        f"\n| word | p |\n|---|---|\n{rows}\n"
    got = _found(tmp_path, "hot.md", text)
    assert any(v == (f"{p[2]:.4f}", "correct") for v in got.values())


# an FFN with ReLU (2 → 3 → 2), the weights in tables whose corner names them and whose last row is the bias
_FFN = """# FFN by hand

Tokens `ko` and `ra`:

| token | x₁ | x₂ |
|---|---|---|
| ko | 1.0 | -0.5 |
| ra | 0.2 | 0.4 |

FFN(x) = max(0, x W₁ + b₁) W₂ + b₂. First layer:

| W₁ | h₁ | h₂ | h₃ |
|---|---|---|---|
| x1 | 0.5 | -1.0 | 0.3 |
| x2 | 0.2 | 0.6 | -0.4 |
| **b₁** | 0.1 | 0.0 | -0.2 |

Second layer:

| W₂ | y₁ | y₂ |
|---|---|---|
| h1 | 1.0 | -0.5 |
| h2 | 0.3 | 0.2 |
| h3 | -0.6 | 0.8 |
| **b₂** | 0.0 | 0.1 |

| token | xW₁ + b₁ | ReLU | FFN(x) |
|---|---|---|---|
| ko | [0.5, -1.3, 0.3] | [0.5, 0, 0.3] | [0.32, 0.09] |
| ra | [0.28, 0.04, -0.3] | [0.28, 0.04, 0] | [0.292, -0.032] |
"""


def test_a_weights_name_in_the_corner_and_its_bias_row(tmp_path):
    """| W₁ | h₁ | … | names the weights; its last row, **b₁**, is the bias (the hidden values need it)."""
    got = _found(tmp_path, "ffn.md", _FFN)
    assert got["ffn.hidden[ko][1]"] == ("0.5", "correct") and got["ffn.hidden[ra][3]"] == ("-0.3", "correct")
    assert got["out[ko][1]"] == ("0.32", "correct") and got["out[ra][2]"] == ("-0.032", "correct")


def test_epsilon_zero_is_a_stated_epsilon():
    g = models.Givens()
    g.eps = [models._eps_text(m.group(1)) for m in models._EPS.finditer("we drop ε (ε = 0), and later ε = 1e-5")]
    assert g.eps == ["0", "1e-5"]
    assert [m.group(1) for m in models._EPS.finditer("ε = 0.5 is no ε of zero")] == []


_LATEX = r"""\documentclass{article}
\begin{document}
Le parole \emph{su giu}:
\begin{align}
x_{1} &= (1.0,\ 0.0) && \text{(su)} \\
x_{2} &= (0.5,\ 1.0) && \text{(giu)}
\end{align}
\[
\theta_Q = \begin{pmatrix}
1.0 & 0.0 \\
0.0 & 1.0 \\
\end{pmatrix}
\]
\[
\theta_K = \begin{pmatrix}
0.5 & 0.0 \\
0.0 & 2.0 \\
\end{pmatrix}
\]
\[
\theta_V = \begin{pmatrix}
1.0 & 1.0 \\
0.0 & 1.0 \\
\end{pmatrix}
\]
\begin{align}
K &= \begin{pmatrix}
0.5 & 0.0 \\ % su
0.25 & 2.0 \\ % giu
\end{pmatrix}, \\
V &= \begin{pmatrix}
1.0 & 1.0 \\ % su
0.5 & 1.5 \\ % giu
\end{pmatrix}
\end{align}
\end{document}
"""


def test_latex_align_rows_and_theta_projections(tmp_path):
    assert names.role(r"\theta_Q") == "Wq" and names.role("θ_V") == "Wv"
    got = _found(tmp_path, "esercizio.txt", _LATEX)
    ks = {q: v for q, v in got.items() if q.startswith("K[")}
    vs = {q: v for q, v in got.items() if q.startswith("V[")}
    assert len(ks) == 4 and all(v[1] == "correct" for v in ks.values())
    assert len(vs) == 4 and all(v[1] == "correct" for v in vs.values())
    assert set(ks) == {"K[su][1]", "K[su][2]", "K[giu][1]", "K[giu][2]"}  # the words of the remarks, not 1 and 2
