"""Ways of writing a worked example read as such (held-out sets wild17, wild19): a vocabulary listed after its label,
the target as the class index the code takes the loss at, the output layer, its loss and one SGD step on top of a
whole post-LN layer, the rate a code's update uses (W -= 0.5 * W.grad), NumPy 2's np.float64(…) scalar, and tensors
printed with the bracket of a batch of one ([1, T, C]). Each document is small, in our own words and numbers."""

from __future__ import annotations

import math

from exactformer.audit.findings import ClaimFinding
from exactformer.audit.pipeline import audit
from exactformer.read.documents import items, load_document, models
from exactformer.read.documents import values as V


def _found(tmp_path, name: str, text: str) -> dict[str, tuple[str, str]]:
    doc = tmp_path / name
    doc.write_text(text, encoding="utf-8")
    rep = audit(load_document(str(doc)))
    return {f.quantity: (f.claim.number.text, f.verdict.value) for f in rep.findings if isinstance(f, ClaimFinding)}


def test_a_vocabulary_listed_after_its_label():
    assert items._vocab_list("Vocabulary: sol, lua, mar, . — and the answer is the full stop.") == \
        ["sol", "lua", "mar", "."]
    assert items._vocab_list("Wortschatz: Baum, Haus und Weg; das Ziel ist Weg.") == ["Baum", "Haus", "Weg"]
    assert items._vocab_list("Vocabulary: rain, snow.") == ["rain", "snow"]  # the sentence's full stop
    assert items._vocab_list("Vocabulary: 5 words") is None
    assert items._vocab_list("vocab_size: 5") is None
    assert items._vocab_list("The vocabulary is small, three words.") is None  # no label, no list


def test_the_target_as_the_class_index_the_code_takes_the_loss_at():
    vocab = ["sol", "lua", "mar", "."]
    for code in ("loss = F.cross_entropy(z.unsqueeze(0), torch.tensor([2]))", "loss = -np.log(p[2])",
                 "y = np.zeros(4); y[2] = 1"):
        g = models.Givens(prose=code)
        g.target_index = {int(next(d for d in m.groups() if d)) for m in models._TARGET_INDEX.finditer(code)}
        assert models.target_word(g, vocab) == "mar", code
    g = models.Givens(prose="loss = -np.log(p[7])")  # no such word: no target
    g.target_index = {7}
    assert models.target_word(g, vocab) is None


def test_the_rate_a_codes_update_steps_with():
    assert models.stated_rate("with torch.no_grad():\n    W_out -= 0.5 * W_out.grad") == "0.5"
    assert models.stated_rate("W_new = W - 0.1 * dW") == "0.1"
    assert models.stated_rate("lr = 0.05\nW_new = W - lr * dW") == "0.05"
    assert models.stated_rate("c = a - 2 * b") is None  # no gradient: no step
    assert models.stated_rate("W -= 0.5 * W.grad; V -= 0.1 * V.grad") is None  # two rates: none taken


def test_numpy_scalar_repr_and_a_batch_of_one():
    assert V.array("np.float64(0.693147180559945)") == ["0.693147180559945"]
    assert V.array("tensor([[[0.1, 0.2],\n [0.3, 0.4]]])") == [["0.1", "0.2"], ["0.3", "0.4"]]
    assert V.array("[[[[1.5, -inf], [0.5, 2.0]]]]") == [["1.5", None], ["0.5", "2.0"]]
    assert V.array("[[0.1, 0.2, 0.3]]") == [["0.1", "0.2", "0.3"]]  # one row stays a matrix of one row
    assert V.array("[[[0.1, 0.2], [0.3, 0.4]], [[0.5, 0.6], [0.7, 0.8]]]") is None  # a real batch of two


# --- a whole post-LN layer with an output layer, as a PyTorch post prints it -------------------------------------

_TOK = ["sol", "lua", "mar"]
_X = [[0.5, -0.3, 0.8], [-0.6, 0.4, 0.1], [0.2, 0.9, -0.4]]
_WQ = [[0.3, -0.5], [0.7, 0.2], [-0.4, 0.6]]
_WK = [[-0.2, 0.4], [0.5, 0.3], [0.6, -0.7]]
_WV = [[0.4, 0.1, -0.3], [-0.5, 0.6, 0.2], [0.3, -0.2, 0.7]]
_W1 = [[0.6, -0.4, 0.3, -0.7], [-0.2, 0.5, 0.8, 0.1], [0.4, 0.3, -0.6, 0.5]]
_B1 = [0.1, -0.1, 0.0, 0.2]
_W2 = [[0.5, -0.3, 0.2], [-0.6, 0.4, 0.1], [0.3, 0.2, -0.5], [0.1, -0.7, 0.4]]
_B2 = [0.0, 0.1, -0.1]
_WO = [[0.7, -0.2, 0.4, -0.5], [-0.3, 0.6, -0.1, 0.2], [0.5, 0.1, -0.6, 0.3]]
_VOCAB = ["sol", "lua", "mar", "."]
_TARGET, _LR = 1, 0.2


def _mm(a, b):
    return [[sum(x * y for x, y in zip(r, c)) for c in zip(*b)] for r in a]


def _ln(rows):
    out = []
    for r in rows:
        mu = sum(r) / len(r)
        var = sum((v - mu) ** 2 for v in r) / len(r)
        out.append([(v - mu) / math.sqrt(var + 1e-5) for v in r])
    return out


def _softmax(r):
    e = [math.exp(v) for v in r]
    return [v / sum(e) for v in e]


def _forward():
    q, k, v = _mm(_X, _WQ), _mm(_X, _WK), _mm(_X, _WV)
    s = [[sum(a * b for a, b in zip(qi, kj)) / math.sqrt(2) for kj in k] for qi in q]
    a = [_softmax(r) for r in s]
    r1 = [[x + z for x, z in zip(xr, zr)] for xr, zr in zip(_X, _mm(a, v))]
    n1 = _ln(r1)
    h = [[max(0.0, p + b) for p, b in zip(r, _B1)] for r in _mm(n1, _W1)]
    n2 = _ln([[n + f + b for n, f, b in zip(nr, fr, _B2)] for nr, fr in zip(n1, _mm(h, _W2))])
    z = _mm([n2[-1]], _WO)[0]
    p = _softmax(z)
    grad = [[hi * (pj - (j == _TARGET)) for j, pj in enumerate(p)] for hi in n2[-1]]
    new = [[w - _LR * g for w, g in zip(wr, gr)] for wr, gr in zip(_WO, grad)]
    return {"q": q, "a": a, "r1": r1, "n1": n1, "h": h, "n2": n2, "z": z, "p": p, "loss": -math.log(p[_TARGET]),
            "grad": grad, "new": new}


def _t(m, tail: str = "") -> str:
    rows = m if isinstance(m[0], list) else [m]
    body = ",\n        ".join("[" + ", ".join(f"{v:.4f}" for v in r) + "]" for r in rows)
    return f"tensor([{body}]{tail})" if isinstance(m[0], list) else f"tensor({body}{tail})"


def _torch_post() -> str:
    f = _forward()
    lst = lambda m: "[" + ", ".join("[" + ", ".join(str(v) for v in r) + "]" for r in m) + "]"  # noqa: E731
    x_rows = "\n".join(f"    [{', '.join(str(v) for v in r)}],  # {t}" for r, t in zip(_X, _TOK))
    return f"""# A whole block, then the next word

Three words, sol lua mar, through one post-LN block (LayerNorm with eps = 1e-5), then a guess at the next word.

```python
X = torch.tensor([
{x_rows}
])
Wq = torch.tensor({lst(_WQ)})
Wk = torch.tensor({lst(_WK)})
Wv = torch.tensor({lst(_WV)})
W1 = torch.tensor({lst(_W1)})
b1 = torch.tensor({_B1})
W2 = torch.tensor({lst(_W2)})
b2 = torch.tensor({_B2})
W_out = torch.tensor({lst(_WO)}, requires_grad=True)
Q, K, V = X @ Wq, X @ Wk, X @ Wv
A = torch.softmax(Q @ K.T / 2 ** 0.5, dim=-1)
print(A)
```

```
{_t(f["a"])}
```

```python
N1 = F.layer_norm(X + A @ V, (3,))
H = torch.relu(N1 @ W1 + b1)
N2 = F.layer_norm(N1 + H @ W2 + b2, (3,))
print(N2)
```

```
{_t(f["n2"])}
```

Vocabulary: sol, lua, mar, . — we want the model to say lua.

```python
logits = N2[-1] @ W_out
print(logits.detach())
loss = F.cross_entropy(logits.unsqueeze(0), torch.tensor([{_TARGET}]))
print(loss)
```

```
{_t(f["z"])}
tensor({f["loss"]:.4f}, grad_fn=<NllLossBackward0>)
```

```python
loss.backward()
with torch.no_grad():
    W_out -= {_LR} * W_out.grad
print(W_out)
```

```
{_t(f["new"], ", requires_grad=True")}
```

Thanks for reading, 3 comments.
"""


def test_a_torch_post_of_a_whole_layer_with_its_output_layer_loss_and_step(tmp_path):
    f = _forward()
    got = _found(tmp_path, "block.md", _torch_post())
    assert got["ln2.norm[mar][1]"] == (f"{f['n2'][2][0]:.4f}", "correct")
    assert got["logits[mar][lua]"] == (f"{f['z'][1]:.4f}", "correct")
    assert got["loss[mar]"] == (f"{f['loss']:.4f}", "correct")
    assert got["step1.head.W[3][.]"] == (f"{f['new'][2][3]:.4f}", "correct")
    assert len([q for q in got if q.startswith("step1.head.W")]) == 12
    assert all(v == "correct" for _, v in got.values())
    assert not any(text in ("3", "1e-5") for text, _ in got.values())  # the comment count, ε: not claims


def test_a_causal_head_printed_as_a_batch_of_one(tmp_path):
    x = [[0.4, -0.2], [0.1, 0.7], [-0.5, 0.3]]
    w = [[0.6, -0.1], [0.2, 0.5]]
    q = _mm(x, w)
    s = [[sum(a * b for a, b in zip(q[i], q[j])) / math.sqrt(2) if j <= i else -math.inf for j in range(3)]
         for i in range(3)]
    a = [[math.exp(v) / sum(math.exp(u) for u in r if u > -math.inf) if v > -math.inf else 0.0 for v in r]
         for r in s]

    def batch(m) -> str:
        rows = ",\n         ".join("[" + ", ".join("-inf" if v == -math.inf else f"{v:.4f}" for v in r) + "]"
                                  for r in m)
        return f"tensor([[{rows}]])"
    text = f"""# A causal head, shapes (B, T, C)

A causal mask: each token looks back only. Q = K = V = x @ W, one head of size 2.

```python
x = torch.tensor([[
    [0.4, -0.2],  # ▁ab
    [0.1, 0.7],  # ▁cd
    [-0.5, 0.3],  # ▁ef
]])
W_q = torch.tensor([[0.6, -0.1], [0.2, 0.5]])
W_k = torch.tensor([[0.6, -0.1], [0.2, 0.5]])
W_v = torch.tensor([[0.6, -0.1], [0.2, 0.5]])
print(x.shape)
```

```
torch.Size([1, 3, 2])
```

```python
att = (q @ k.transpose(-2, -1)) / math.sqrt(2)
att = att.masked_fill(mask == 0, float('-inf'))
print(att)
```

```
{batch(s)}
```

```python
print(F.softmax(att, dim=-1))
```

```
{batch(a)}
```
"""
    got = _found(tmp_path, "causal.md", text)
    assert got["scaled[▁ef,▁cd]"] == (f"{s[2][1]:.4f}", "correct")
    assert got["weights[▁cd,▁ab]"] == (f"{a[1][0]:.4f}", "correct")
    assert len([q for q in got if q.startswith("weights")]) >= 6
    assert all(v == "correct" for _, v in got.values())
    assert not any(text in ("1", "3") for text, _ in got.values())  # torch.Size([1, 3, 2]) is no claim



def test_token_ids_and_a_weight_the_code_gives_are_no_claims(tmp_path):
    """input_ids = [[0, 1, 2]] counts words, and a W_… matrix typed into the code is a given: neither is matched to
    an activation even where its cells agree with one (W_mix holds the context's own numbers here)."""
    x = [[0.6, -0.2], [0.1, 0.5], [-0.4, 0.3]]
    s = [[sum(a * b for a, b in zip(qi, kj)) / math.sqrt(2) for kj in x] for qi in x]
    a = [[math.exp(v) / sum(math.exp(u) for u in r) for v in r] for r in s]
    ctx = _mm(a, x)
    lit = ", ".join("[" + ", ".join(f"{v:.4f}" for v in r) + "]" for r in ctx)
    text = f"""# Attention on the inputs

No projections: Q = K = V = X, scaled by √2.

```python
input_ids = torch.tensor([[0, 1, 2]])
x = torch.tensor([[
    [0.6, -0.2],  # ▁un
    [0.1, 0.5],  # ▁deux
    [-0.4, 0.3],  # ▁trois
]])
W_mix = torch.tensor([{lit}])
print(torch.softmax(x @ x.transpose(-2, -1) / 2 ** 0.5, dim=-1))
```

```
tensor([[{", ".join(f"{v:.4f}" for v in a[0])}],
        [{", ".join(f"{v:.4f}" for v in a[1])}],
        [{", ".join(f"{v:.4f}" for v in a[2])}]])
```
"""
    got = _found(tmp_path, "ids.md", text)
    assert got["weights[▁trois,▁un]"] == (f"{a[2][0]:.4f}", "correct")
    assert not any(q.startswith(("context", "PE")) for q in got)  # W_mix, input_ids: no claims
