"""Whole worked transformers (held-out set wild17): a post-LN layer on sin/cos positions with its output layer,
the cross-entropy of the word the author wanted and one SGD step of W_out; ``W_{out} =`` above its matrix; a
table of logits and probabilities with a row per step and a column per word; a learning rate beside γ and β.
Each document is small, in our own words and numbers (NumPy float64 worked them, rounded to 4 decimals)."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import items, load_document, models
from exactformer.read.documents.items import Items


def _found(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


# two words through a post-LN block (sin/cos positions, no ε), W_out over three words, one step at η = 0.5
_BLOCK = r"""# A post-LN block on two words, by hand

*Lecture notes, week 6 — 5 min read*

We push the words *the fox* through one block. Positions follow the sine/cosine recipe (position 0 first).

| token | e1 | e2 | e3 | e4 |
|---|---|---|---|---|
| the | 0.5 | -0.2 | 0.3 | 0.1 |
| fox | -0.4 | 0.6 | 0.2 | -0.3 |

$$W_Q =
\begin{bmatrix}
0.2 & -0.5 \\
0.7 & 0.1 \\
-0.3 & 0.4 \\
0.6 & -0.2
\end{bmatrix}
$$

$$W_K =
\begin{bmatrix}
-0.1 & 0.3 \\
0.5 & -0.6 \\
0.2 & 0.2 \\
-0.4 & 0.7
\end{bmatrix}
$$

$$W_V =
\begin{bmatrix}
0.3 & -0.2 & 0.5 & 0.1 \\
-0.6 & 0.4 & 0.2 & -0.3 \\
0.1 & 0.7 & -0.4 & 0.2 \\
0.4 & -0.1 & 0.3 & 0.6
\end{bmatrix}
$$

The scores are scaled by $\sqrt{d_k}=\sqrt{2}\approx 1.4142$.

Attention, then Add & Norm (a LayerNorm with γ = 1 and β = 0, no ε), then the feed-forward net with ReLU:

$$W_1 =
\begin{bmatrix}
0.5 & -0.3 & 0.2 & -0.6 \\
-0.2 & 0.4 & 0.7 & 0.1 \\
0.3 & 0.6 & -0.5 & 0.2 \\
-0.7 & 0.1 & 0.4 & 0.3
\end{bmatrix}
$$

$$W_2 =
\begin{bmatrix}
0.4 & -0.1 & 0.3 & -0.2 \\
-0.3 & 0.5 & 0.1 & 0.6 \\
0.2 & 0.3 & -0.6 & 0.1 \\
0.6 & -0.4 & 0.2 & -0.5
\end{bmatrix}
$$

$b_1 = (0.1, -0.2, 0.0, 0.1)$ and $b_2 = (0.0, 0.1, -0.1, 0.0)$, then the residual and a second LayerNorm.

## The output layer

$$W_{out} =
\begin{bmatrix}
0.3 & -0.7 & 0.5 \\
0.8 & 0.2 & -0.4 \\
-0.5 & 0.6 & 0.1 \\
0.2 & -0.3 & 0.9
\end{bmatrix}
$$

| | the | fox | runs |
|---|---|---|---|
| logit | 1.4613 | 0.4080 | -1.1142 |
| probability | 0.7018 | 0.2448 | 0.0534 |

The token we wanted was *runs*, so the loss is −ln(0.0534) = 2.9296.

With learning rate η = 0.5 the output matrix becomes

| W′ | the | fox | runs |
|---|---|---|---|
| row 1 | 0.5945 | -0.5973 | 0.1028 |
| row 2 | 0.2317 | 0.0018 | 0.3665 |
| row 3 | -0.2125 | 0.7003 | -0.2878 |
| row 4 | 0.1863 | -0.3048 | 0.9185 |
"""


def test_a_whole_block_with_positions_output_layer_loss_and_one_step(tmp_path):
    got = _found(tmp_path, "block.md", _BLOCK)
    assert got["logits[fox][the]"] == ("1.4613", "correct")
    assert got["probs[fox][runs]"] == ("0.0534", "correct")  # | logit | / | probability |: rows named by steps
    assert got["step1.head.W[1][the]"] == ("0.5945", "correct")  # W′ after one step at η = 0.5, not 0 (β = 0)
    assert got["step1.head.W[4][runs]"] == ("0.9185", "correct")
    assert got["loss[fox]"] == ("2.9296", "correct")  # the token "we wanted", in its clause ("so the loss" names no target)
    assert got["sqrt_dk"] == ("1.4142", "correct")  # the scale is the same after the step: not step1.sqrt_dk
    assert not any(k.startswith("step1.sqrt") for k in got)
    assert not {t for t, _ in got.values()} & {"6", "5", "0", "1"}  # week 6, 5 min read, position 0, γ = 1


def test_a_name_with_a_braced_subscript_alone_above_its_matrix():
    out = Items()
    items.scan("$$W_{out} =\n\\begin{bmatrix}\n0.1 & 0.2 \\\\\n0.3 & 0.4\n\\end{bmatrix}\n$$\n", 1, out, ["", ""])
    named = [x for x in out.found if isinstance(x, items.Named)]
    assert [(x.name, x.array) for x in named] == [("W_{out}", [["0.1", "0.2"], ["0.3", "0.4"]])]


def test_a_learning_rate_is_not_the_eta_of_beta():
    m = models._RATE.search("with \\gamma = 1, \\beta = 0 and the learning rate \\eta = 0.5")
    assert m is not None and m.group(1) == "0.5"
    assert models._RATE.search("beta = 0") is None


def test_a_table_of_logits_names_the_vocabulary_by_its_columns():
    t = items.Table([["1.2", "0.3"], ["0.71", "0.29"]], ["logit $z$", "$p$"], ["cat", "mat"], 3, "", "")
    assert models._col_words(t) == ["cat", "mat"]
    plain = items.Table([["1.2", "0.3"]], ["row 1"], ["cat", "mat"], 3, "", "")
    assert models._col_words(plain) is None  # rows not named as logits or probabilities: no vocabulary


# the same block with a slip in the printed LN₂ row of "fox" (0.0391 written 0.0931): everything after it moves
_SLIPPED = r"""# A post-LN block on two words, by hand

*Lecture notes, week 6 — 5 min read*

We push the words *the fox* through one block. Positions follow the sine/cosine recipe (position 0 first).

| token | e1 | e2 | e3 | e4 |
|---|---|---|---|---|
| the | 0.5 | -0.2 | 0.3 | 0.1 |
| fox | -0.4 | 0.6 | 0.2 | -0.3 |

$$W_Q =
\begin{bmatrix}
0.2 & -0.5 \\
0.7 & 0.1 \\
-0.3 & 0.4 \\
0.6 & -0.2
\end{bmatrix}
$$

$$W_K =
\begin{bmatrix}
-0.1 & 0.3 \\
0.5 & -0.6 \\
0.2 & 0.2 \\
-0.4 & 0.7
\end{bmatrix}
$$

$$W_V =
\begin{bmatrix}
0.3 & -0.2 & 0.5 & 0.1 \\
-0.6 & 0.4 & 0.2 & -0.3 \\
0.1 & 0.7 & -0.4 & 0.2 \\
0.4 & -0.1 & 0.3 & 0.6
\end{bmatrix}
$$

Attention, then Add & Norm (a LayerNorm with γ = 1 and β = 0, no ε), then the feed-forward net with ReLU:

$$W_1 =
\begin{bmatrix}
0.5 & -0.3 & 0.2 & -0.6 \\
-0.2 & 0.4 & 0.7 & 0.1 \\
0.3 & 0.6 & -0.5 & 0.2 \\
-0.7 & 0.1 & 0.4 & 0.3
\end{bmatrix}
$$

$$W_2 =
\begin{bmatrix}
0.4 & -0.1 & 0.3 & -0.2 \\
-0.3 & 0.5 & 0.1 & 0.6 \\
0.2 & 0.3 & -0.6 & 0.1 \\
0.6 & -0.4 & 0.2 & -0.5
\end{bmatrix}
$$

$b_1 = (0.1, -0.2, 0.0, 0.1)$ and $b_2 = (0.0, 0.1, -0.1, 0.0)$, then the residual and a second LayerNorm.

The second LayerNorm gives the block's output:

| LN₂ | 1 | 2 | 3 | 4 |
|---|---|---|---|---|
| the | -1.2020 | 0.7757 | -0.7519 | 1.1782 |
| fox | -0.8392 | 1.6195 | -0.8193 | 0.0931 |

## The output layer

$$W_{out} =
\begin{bmatrix}
0.3 & -0.7 & 0.5 \\
0.8 & 0.2 & -0.4 \\
-0.5 & 0.6 & 0.1 \\
0.2 & -0.3 & 0.9
\end{bmatrix}
$$

| | the | fox | runs |
|---|---|---|---|
| logit | 1.4721 | 0.3918 | -1.0655 |
| probability | 0.7049 | 0.2393 | 0.0557 |

The token we wanted was *runs*, so the loss is −ln(0.0557) = 2.8873.

With learning rate η = 0.1 the output matrix becomes

| W′ | the | fox | runs |
|---|---|---|---|
| row 1 | 0.3592 | -0.6799 | 0.4208 |
| row 2 | 0.6858 | 0.1612 | -0.2471 |
| row 3 | -0.4422 | 0.6196 | 0.0226 |
| row 4 | 0.1934 | -0.3022 | 0.9088 |
"""


def test_after_a_slip_the_updated_weights_move_with_the_forward_pass(tmp_path):
    got = _found(tmp_path, "slipped.md", _SLIPPED)
    assert got["ln2.norm[fox][4]"] == ("0.0931", "wrong")
    assert got["probs[fox][runs]"] == ("0.0557", "propagated")  # the whole row moved: a slip upstream
    assert got["step1.head.W[1][the]"] == ("0.3592", "propagated")  # every cell close, none agreeing
    assert got["step1.head.W[4][runs]"] == ("0.9088", "propagated")
    assert not {t for t, _ in got.values()} & {"6", "5", "0", "1", "0.1"}  # η = 0.1 is a setting
