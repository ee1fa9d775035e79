"""Backward passes worked as unit tests (wild18): one small document of our own per rule."""

from __future__ import annotations

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document


def _found(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    """Each claim the audit of a small document finds: its quantity → (the text, the verdict)."""
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


_LINEAR = """# 线性层的反向传播

上游梯度 dY 直接给定,学习率为 0.1。

```python
X = np.array([[1.0, 2.0], [0.5, -1.0]])
W = np.array([[0.3, -0.2], [0.1, 0.4]])
b = np.array([0.1, 0.5])
dY = np.array([[0.2, -0.1], [0.4, 0.3]])
```

```
Y =
[[0.6  1.1 ]
 [0.15 0.  ]]
dW =
[[ 0.4   0.05]
 [ 0.   -0.5 ]]
db =
[0.6 0.2]
dX =
[[ 0.08 -0.02]
 [ 0.06  0.16]]
W_new =
[[ 0.26  -0.205]
 [ 0.1    0.45 ]]
```

参考资料:

[1] Goodfellow 等, Deep Learning 第6章
"""


def test_a_linear_layer_on_a_batch_with_a_given_upstream_gradient(tmp_path):
    """Y = XW + b on a batch of rows with dY given (no target): dW = Xᵀ dY, db, dX = dY Wᵀ and W after one step at
    the rate a Chinese sentence states (学习率为 0.1); a reference list's [1] is no array."""
    got = _found(tmp_path, "lin.md", _LINEAR)
    assert got["grad.lin.W[1][2]"] == ("0.05", "correct")
    assert got["grad.lin.b[1]"] == ("0.6", "correct")
    assert got["grad.E[x2][2]"] == ("0.16", "correct")
    assert got["step1.lin.W[1][2]"] == ("-0.205", "correct")
    assert got["lin.net[x1][2]"] == ("1.1", "correct")
    assert not any(text == "1" for text, _ in got.values())  # [1] Goodfellow …


_LAYERNORM = """# LayerNorm backward

| | 1 | 2 | 3 |
|---|---|---|---|
| $x$ | 1.0 | 2.0 | 4.0 |
| $\\gamma$ | 2.0 | 1.0 | 0.5 |
| $\\beta$ | 0.1 | 0.0 | -0.1 |
| $\\partial L/\\partial y$ | 0.5 | -1.0 | 0.25 |

eps = 0.

| | 1 | 2 | 3 |
|---|---|---|---|
| $\\hat x$ | -1.0690 | -0.2673 | 1.3363 |
| $y = \\gamma \\hat x + \\beta$ | -2.0381 | -0.2673 | 0.5682 |

The gradient of the normalised row: $\\partial L/\\partial \\hat x = \\partial L/\\partial y \\odot \\gamma = (1.0000, -1.0000, 0.1250)$.

| | 1 | 2 | 3 |
|---|---|---|---|
| $\\partial L/\\partial \\gamma$ | -0.5345 | 0.2673 | 0.3341 |
| $\\partial L/\\partial \\beta$ | 0.5 | -1.0 | 0.25 |
"""


def test_a_layernorm_backward_from_a_row_of_the_output_gradient(tmp_path):
    """A table of x, γ, β and ∂L/∂y on one token: the backward starts from the ∂L/∂y row (a given, no claim);
    the x̂ and y rows of a later table are each their own quantity; dy ⊙ γ = (…) is the gradient of x̂, not γ."""
    got = _found(tmp_path, "ln.md", _LAYERNORM)
    assert got["ln.norm[$x$][3]"] == ("1.3363", "correct")
    assert got["out[$x$][1]"] == ("-2.0381", "correct")
    assert got["grad.ln.norm[$x$][3]"] == ("0.1250", "correct")
    assert got["grad.ln.gamma[1]"] == ("-0.5345", "correct")
    assert all(verdict == "correct" for _, verdict in got.values())
    assert not any(q.startswith("ln.gamma") for q in got)  # the givens' table is no claim


_ATTENTION = """# Gradiente de una cabeza

```python
Q = np.array([[1.0, 0.0],   # a
              [0.0, 1.0]])  # b
K = np.array([[1.0, 0.0],   # a
              [0.0, 1.0]])  # b
V = np.array([[2.0, 0.0],   # a
              [0.0, 2.0]])  # b
dO = np.array([[1.0, 0.5],
               [0.0, -1.0]])
dV = A.T @ dO
print(dV)
```

```
[[ 0.6698  0.0046]
 [ 0.3302 -0.5046]]
```
"""


def test_an_attention_backward_from_a_given_output_gradient(tmp_path):
    """Q, K, V and dO given directly: the head's backward from dO, so dV = Aᵀ dO is claimed as grad.V."""
    got = _found(tmp_path, "att.md", _ATTENTION)
    assert got["grad.V[a][2]"] == ("0.0046", "correct")
    assert got["grad.V[b][2]"] == ("-0.5046", "correct")
    assert not any(q.startswith("weights") for q in got)  # dV is no attention weight


_REGRESSION = """# Fitting a line by hand

Posted May 3, 2024 · 3 comments

| x | y |
|---|---|
| 1.0 | 3.0 |
| 2.0 | 4.0 |
| 4.0 | 9.0 |

We start from w = 0.5 and b = 1.0, use the MSE and a learning rate of 0.1.

| x | y | ŷ | (ŷ − y)² |
|---|---|---|---|
| 1.0 | 3.0 | 1.5 | 2.25 |
| 2.0 | 4.0 | 2.0 | 4.0 |
| 4.0 | 9.0 | 3.0 | 36.0 |

```
Epoch 1/3 | loss: 14.0833 | w: 2.4667 | b: 1.6333
Epoch 2/3 | loss: 4.6826 | w: 1.3844 | b: 1.2222
Epoch 3/3 | loss: 1.7241 | w: 2.0092 | b: 1.3984
```
"""


def test_a_line_fitted_by_gradient_descent_and_its_training_log(tmp_path):
    """Data points as an | x | y | table, w and b in the prose, MSE: ŷ = w·x + b over the points; a table of
    the data beside its working is read a column at a time; each log line's loss is the loss before that step's
    update and its w and b the values after it."""
    got = _found(tmp_path, "fit.md", _REGRESSION)
    assert got["lin.net[x2][1]"] == ("2.0", "correct")
    assert got["loss[x3][1]"] == ("36.0", "correct")
    assert got["loss"] == ("14.0833", "correct")
    assert got["step2.loss"] == ("1.7241", "correct")
    assert got["step1.lin.W[1][1]"] == ("2.4667", "correct")
    assert got["step3.lin.b[1]"] == ("1.3984", "correct")
    assert not any(text in ("2024", "3") for text, _ in got.values())  # the date, the comments


def test_a_sentence_about_a_step_is_no_training_log():
    """``Step 2: z = 0.5`` is a line of working under a heading, ``Epoch 1 by hand`` a heading: neither is a log
    line; ``step 3, loss=0.41, w=1.32`` and Keras' ``Epoch 2/6 - loss: 0.0599`` are."""
    from exactformer.read.documents.items import _log_row
    assert _log_row("Step 2: z = 0.5") is None and _log_row("Epoch 1 by hand") is None
    assert _log_row("step 3, loss=0.41, w=1.32") == (3, [("loss", "0.41"), ("w", "1.32")])
    assert _log_row("Epoch 2/6 - loss: 0.0599") == (2, [("loss", "0.0599")])
