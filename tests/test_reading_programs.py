"""Notebooks and posts as programs run and print them: TensorFlow's float32 arithmetic, column vectors (d, 1) with
W·x, one weight named again for another role (``W_K = W_Q``), a whiteboard's matrix of bracketed rows, and a
notebook that prints only its positional encodings. Each document is our own, its outputs printed by NumPy itself."""

from __future__ import annotations

import json
import math
from collections import Counter

import numpy as np

from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document

X = [[0.2, 0.7, 0.1], [0.9, 0.3, 0.5], [0.4, 0.6, 0.8]]
WQ = [[0.5, 0.1, 0.3], [0.2, 0.8, 0.4], [0.6, 0.3, 0.9]]
WV = [[0.7, 0.2], [0.1, 0.5], [0.3, 0.6]]


def _notebook(path, cells) -> None:
    """cells: ("md", text) or ("code", source, printed text or None[, "result"]): printed by the cell's prints,
    or with "result" shown as the value of its last line."""
    nb = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    for c in cells:
        if c[0] == "md":
            nb["cells"].append({"cell_type": "markdown", "metadata": {}, "source": c[1].splitlines(True)})
        else:
            outs = [] if c[2] is None else \
                [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                  "data": {"text/plain": c[2].splitlines(True)}}] if c[3:] == ("result",) else \
                [{"output_type": "stream", "name": "stdout", "text": c[2].splitlines(True)}]
            nb["cells"].append({"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": outs,
                                "source": c[1].splitlines(True)})
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def _attention(dtype):
    x, wq, wv = (np.array(m, dtype=dtype) for m in (X, WQ, WV))
    q = x @ wq
    k = x @ wq  # W_K = W_Q
    v = x @ wv
    s = (q @ k.T) / np.sqrt(dtype(3))
    e = np.exp(s - s.max(axis=1, keepdims=True))
    w = e / e.sum(axis=1, keepdims=True)
    return {"Q": q, "K": k, "V": v, "scaled": s, "weights": w, "context": w @ v}


def _tf_print(name, m) -> str:
    return f"{name}: tf.Tensor(\n{np.array2string(m)}, shape={m.shape}, dtype={m.dtype})\n"


def _verdicts(path) -> tuple[Counter, Counter]:
    case = load_document(str(path))
    g = case.engine.graph
    report = audit(case)
    steps = Counter(g.step(f.claim.address.step).short for f in report.by_seq.values()
                    if f.claim.role.value == "stated")
    return steps, Counter(f.verdict.value for f in report.by_seq.values())


def _single_notebook(path, values, imports="import tensorflow as tf") -> None:
    code = (f"{imports}\nx = tf.constant({X}, dtype=tf.float32)\nW_Q = tf.constant({WQ}, dtype=tf.float32)\n"
            f"W_K = W_Q  # the keys share the queries' weights\nW_V = tf.constant({WV}, dtype=tf.float32)")
    shown = "".join(_tf_print(n, values[n]) for n in ("Q", "K", "V", "scaled", "weights", "context"))
    _notebook(path, [("md", "# One head, computed in float32\n\nThree tokens, d = 3."), ("code", code, None),
                     ("code", "q = x @ W_Q\nk = x @ W_K\nv = x @ W_V\n...\nprint(...)", shown)])


def test_a_float32_notebooks_prints_are_judged_in_float32(tmp_path):
    """TensorFlow's outputs carry float32 rounding (0.70000005 for 0.7): each is right within a few float32 ulps,
    and is claimed with precision = "float32". The same digits from a float64 program would be wrong."""
    values = _attention(np.float32)
    assert any(abs(float(c) - float(e)) > 1e-9 for c, e in zip(values["Q"].flat, _attention(np.float64)["Q"].flat))
    p = tmp_path / "single.ipynb"
    _single_notebook(p, values)
    assert 'precision = "float32"' in read_document(str(p)).toml
    steps, verdicts = _verdicts(p)
    assert steps["Q"] + steps["K"] == 18 and steps["weights"] == 9 and steps["context"] == 6, steps
    assert set(verdicts) == {"correct"}, verdicts
    # one printed weight slipped in its fourth digit: wrong, float32 or not
    slipped = {**values, "weights": values["weights"].copy()}
    slipped["weights"][1, 2] += np.float32(3e-4)
    _single_notebook(p, slipped)
    assert _verdicts(p)[1]["wrong"] >= 1
    # a NumPy float64 program does not make float32's rounding: the same float32 prints are not all right there
    q = tmp_path / "double.ipynb"
    _single_notebook(q, values, imports="import numpy as np  # float64 throughout")
    text = q.read_text(encoding="utf-8").replace("tf.float32", "np.float64").replace("dtype=float32", "dtype=float64")
    q.write_text(text, encoding="utf-8")
    assert 'precision = "float32"' not in read_document(str(q)).toml
    assert _verdicts(q)[1]["correct"] < sum(_verdicts(q)[1].values())


def test_column_vectors_are_token_rows_and_w_times_x(tmp_path):
    """x_1 … x_3 printed as (3, 1) columns and q_i = W_q x_i: the tokens' embeddings, the weights applied as W·x."""
    x = np.array(X).T  # columns
    wq = np.array(WQ)
    cells = [("md", "## Columnas\n\nCada token es un vector columna."),
             ("code", "x_1 = np.array([[0.2], [0.7], [0.1]])\n...", "".join(
                 f"x_{i + 1}:\n{np.array2string(x[:, i:i + 1])}\n" for i in range(3))),
             ("code", "W_q = np.array(...)\nprint(W_q)", np.array2string(wq) + "\n"),
             ("code", "W_k = np.array(...)\nprint(W_k)", np.array2string(wq.T) + "\n"),
             ("code", "W_v = np.array(...)\nprint(W_v)", np.array2string(np.eye(3) * 0.5) + "\n"),
             ("code", "q_1 = W_q @ x_1\nprint(q_1)", "q_1:\n" + np.array2string(wq @ x[:, 0:1]) + "\n")]
    p = tmp_path / "columns.ipynb"
    _notebook(p, cells)
    reading = read_document(str(p))
    assert 'layout = "column"' in reading.toml
    steps, verdicts = _verdicts(p)
    assert steps["Q"] == 3 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_a_whiteboard_matrix_of_bracketed_rows_with_its_tokens(tmp_path):
    """``X =`` above ``[ 1  0 ]   ← token 1 ("I")`` rows: one matrix, its rows named by the quoted words; a
    matrix after ``≈`` takes the name above the exact rows it rounds."""
    r = 1 / (1 + math.exp(-1 / math.sqrt(2)))
    doc = ("# Whiteboard\n\n```\nX =\n[ 1  0 ]   ← token 1 (\"I\")\n[ 0  1 ]   ← token 2 (\"code\")\n```\n\n"
           "Projections are the identity: W_Q = W_K = W_V = I.\n\n"
           "```\nS_scaled =\n[ 1/√2   0     ]\n[ 0      1/√2  ]\n≈\n[ 0.707  0     ]\n[ 0      0.707 ]\n```\n\n"
           f"```\nA =\n[ {r:.2f}  {1 - r:.2f} ]\n[ {1 - r:.2f}  {r:.2f} ]\n```\n")
    p = tmp_path / "board.md"
    p.write_text(doc, encoding="utf-8")
    reading = read_document(str(p))
    assert 'tokens = ["I", "code"]' in reading.toml
    steps, verdicts = _verdicts(p)
    assert steps["scaled"] == 4 and steps["weights"] == 4 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_a_notebook_that_prints_only_its_positional_encodings(tmp_path):
    """PE of 5 positions × d 4, base 100, printed by NumPy: no embeddings, the matrix is the claim (not an input)."""
    pos, i = np.arange(5)[:, None], np.arange(4)[None, :]
    angle = pos / np.power(100.0, (2 * (i // 2)) / 4)
    pe = np.where(i % 2 == 0, np.sin(angle), np.cos(angle))
    p = tmp_path / "pe.ipynb"
    _notebook(p, [("md", "# 位置编码\n\n底数 n = 100。"),
                  ("code", "P = positional_encoding(5, 4, n=100)\nprint(P)", np.array2string(pe) + "\n")])
    steps, verdicts = _verdicts(p)
    assert steps["PE"] == 20 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_one_vector_beside_gamma_and_printed_statistics_named_by_their_variable(tmp_path):
    """x = np.array([…]) with gamma and beta as wide: one input row of a LayerNorm; print(media) showing 0.5
    is the mean (Spanish names: media, var), and the normalised row printed by the cell is claimed too."""
    x = np.array([2.0, -1.0, 0.5, 3.5])
    mean, var = x.mean(), x.var()
    norm = (x - mean) / np.sqrt(var + 1e-5)
    p = tmp_path / "ln.ipynb"
    _notebook(p, [("code", "x = np.array([2.0, -1.0, 0.5, 3.5])\ngamma = np.array([1.0, 1.0, 1.0, 1.0])\n"
                           "beta = np.array([0.0, 0.0, 0.0, 0.0])", None),
                  ("code", "media = np.mean(x)\nprint(media)", f"{mean}\n"),
                  ("code", "var = np.var(x)\nprint(var)", f"{var}\n"),
                  ("code", "epsilon = 1e-5\nvector_norm = (x - media) / np.sqrt(var + epsilon)\nvector_norm",
                   None)])
    nb = json.loads(p.read_text(encoding="utf-8"))
    nb["cells"][-1]["outputs"] = [{"output_type": "execute_result", "execution_count": 4, "metadata": {},
                                   "data": {"text/plain": [f"array({np.array2string(norm, separator=', ')})"]}}]
    p.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    steps, verdicts = _verdicts(p)
    assert steps["ln.mean"] == 1 and steps["ln.var"] == 1 and steps["ln.norm"] == 4 and set(verdicts) == {"correct"}, \
        (steps, verdicts)


def test_labels_with_a_role_prefix_and_a_two_word_name(tmp_path):
    """A pandas frame whose rows are q:word and columns k:word is a table of the words; "New V" alone above a
    printed matrix names it (the attention's output, by its values)."""
    q, k, v = (np.array(m) for m in ([[1.0, 0.0], [0.5, 1.0]], [[0.0, 1.0], [1.0, 0.5]], [[2.0, 1.0], [0.0, 3.0]]))
    s = q @ k.T / math.sqrt(2)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    frame = "        k:sol  k:mar\n" + "\n".join(f"q:{t:<5} {a:6.3f} {b:6.3f}" for t, (a, b) in zip(["sol", "mar"], s))
    p = tmp_path / "frame.ipynb"
    _notebook(p, [("md", "Tokens: *sol* y *mar*."),
                  ("code", f"tokens = ['sol', 'mar']\nQ = np.array({q.tolist()})\nK = np.array({k.tolist()})\n"
                           f"V = np.array({v.tolist()})", None),
                  ("code", "pd.DataFrame(S, index=..., columns=...).round(3)", frame + "\n"),
                  ("code", "print('New V\\n', w @ V)", "New V\n " + np.array2string(w @ v, precision=4) + "\n")])
    steps, verdicts = _verdicts(p)
    assert steps["scaled"] == 4 and steps["context"] == 4 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_chance_agreements_make_no_model(tmp_path):
    """Two one-hot targets and two small vectors of a loss lesson: a model whose only agreements are chance (an
    integer, a one-digit 0.2) is no reading of it; the document says nothing could be audited."""
    import pytest

    from exactformer.errors import CaseError

    p = tmp_path / "ce.ipynb"
    _notebook(p, [("md", "# 交差エントロピー"),
                  ("code", "x = torch.tensor([[0.2, 0.8], [1.2, 0.3]])\nt = torch.tensor([[1.0, 0.0], [0.0, 1.0]])",
                   None),
                  ("code", "loss = nn.CrossEntropyLoss()(x, t)\nloss", "tensor(0.9121)\n")])
    with pytest.raises(CaseError, match="could be audited|agrees with a model"):
        load_document(str(p))


def test_a_positional_table_typed_in_is_given_learned_positions(tmp_path):
    """positional_embeddings = torch.tensor([[…], …]) typed in beside the embeddings: an input, added to them
    (no sinusoid is claimed of it); the printed sums are claims of x + P."""
    emb = [[1.0, 0.5, 0.2], [0.3, 1.0, 0.7], [0.6, 0.2, 1.0]]
    pos = [[0.0, 0.1, 0.0], [0.1, 0.0, 0.1], [0.2, 0.1, 0.0]]
    total = np.array(emb) + np.array(pos)
    p = tmp_path / "learned.ipynb"
    _notebook(p, [("code", "tokens = ['the', 'red', 'fox']\n"
                           f"embeddings = torch.tensor({emb})\npositional_embeddings = torch.tensor({pos})", None),
                  ("code", "x = embeddings + positional_embeddings\nprint(x)",
                   "tensor(" + np.array2string(total, separator=", ", precision=4) + ")\n")])
    reading = read_document(str(p))
    assert 'kind = "learned"' in reading.toml and "sinusoidal" not in reading.toml
    steps, verdicts = _verdicts(p)
    assert steps["in"] == 9 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_lists_side_by_side_and_a_matrix_after_an_approximately_equal_sign(tmp_path):
    """Q, K and V written as nested lists side by side, a row of each per line; the scaled scores as ``= [[…],``
    under their step's line, and the softmax as ``≈ [[…],`` with a remark after each row."""
    q = [[1, 0, 1], [0, 1, 1]]
    k = [[1, 1, 0], [0, 1, 0]]
    s = np.array(q) @ np.array(k).T / math.sqrt(3)
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    doc = ("# Two tokens\n\nTokens: \"red fox\".\n\n```\nQ = [[1,0,1],     K = [[1,1,0],     V = [[2,0,1],\n"
           "     [0,1,1]]          [0,1,0]]          [1,1,0]]\n\nStep 2: scale by sqrt(3)\n"
           f"  = [[{s[0, 0]:.3f}, {s[0, 1]:.3f}],\n     [{s[1, 0]:.3f}, {s[1, 1]:.3f}]]\n\nStep 3: softmax\n"
           f"  ≈ [[{w[0, 0]:.2f}, {w[0, 1]:.2f}],     ← red looks at itself\n"
           f"     [{w[1, 0]:.2f}, {w[1, 1]:.2f}]]     ← fox too\n```\n")
    p = tmp_path / "lists.md"
    p.write_text(doc, encoding="utf-8")
    steps, verdicts = _verdicts(p)
    assert steps["scaled"] == 4 and steps["weights"] == 4 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_ln_of_a_softmax_printed_to_four_places_is_a_further_computation(tmp_path):
    """Logits, their softmax and then ln of that softmax, each printed by torch to 4 places: ln of the printed
    (rounded) probabilities misses many last digits (the program took ln of the unrounded ones), yet it is the
    document's second computation, judged against every value the rounded inputs allow."""
    z = np.array([[0.31, -1.42, 0.88, -0.05], [1.73, 0.12, -0.66, -2.10]])
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)

    def torch_print(a):
        return "tensor(" + np.array2string(a, separator=", ", precision=4, floatmode="fixed") + ")\n"

    doc = tmp_path / "logsoftmax.ipynb"
    _notebook(doc, [("md", "# Softmax, then its log"),
                    ("code", "z = torch.randn(2, 4)\nz", torch_print(z)),
                    ("code", "torch.softmax(z, dim=1)", torch_print(p)),
                    ("code", "torch.log(torch.softmax(z, dim=1))", torch_print(np.log(p)))])
    reading = read_document(str(doc))
    assert "ln of each" in reading.toml
    case = load_document(str(doc))
    report = audit(case)
    assert {f.verdict.value for f in report.by_seq.values()} <= {"correct", "rounding"}
    assert sum(1 for f in report.by_seq.values() if f.claim.role.value == "stated") >= 16


def _torch(m, indent=7) -> str:
    """A matrix as PyTorch prints it at 4 decimals (a column of signs when any cell is negative)."""
    a = np.asarray(m, dtype=float)
    neg = (a < 0).any()
    rows = [", ".join(f"{v: .4f}" if neg else f"{v:.4f}" for v in r) for r in a]
    return "tensor([" + (",\n" + " " * indent).join(f"[{r}]" for r in rows) + "])"


def test_weights_printed_by_the_program_beside_typed_inputs_are_rounded_alone(tmp_path):
    """Inputs typed in; a seeded layer's weights shown only by a cell of prints (attn.W_q.weight.T): the prints
    name the weights, those weights alone are taken as rounded (the later prints come from more digits), the
    typed inputs stay exact; print(attn.W_q(x)) is Q; Q = X in code names no claim. Every verdict agrees."""
    x = np.array([[1.25, 0.4], [0.6, 1.1], [-0.3, 0.85]])
    w = {r: np.array(m) for r, m in (("q", [[0.41236718, -0.2213457], [0.1877319, 0.55561204]]),
                                     ("k", [[-0.33179021, 0.09452117], [0.26128833, 0.48712265]]),
                                     ("v", [[0.52911406, 0.3318297], [-0.12245519, 0.27766143]]))}
    q, k, v = x @ w["q"], x @ w["k"], x @ w["v"]
    s = q @ k.T / math.sqrt(2)
    s[np.triu_indices(3, 1)] = -np.inf
    a = np.exp(s - s.max(axis=1, keepdims=True))
    a /= a.sum(axis=1, keepdims=True)
    p = tmp_path / "masked.ipynb"
    _notebook(p, [("md", "# Masked self-attention\n\nTokens: *red*, *fox*, *runs*; a causal mask."),
                  ("code", f"x = torch.tensor({x.tolist()})\ntorch.manual_seed(7)\n"
                           "attn = MaskedAttention(d_model=2)", None),
                  ("code", "print(attn.W_q.weight.transpose(0, 1))\nprint(attn.W_k.weight.transpose(0, 1))\n"
                           "print(attn.W_v.weight.transpose(0, 1))",
                   "".join(_torch(w[r]) + "\n" for r in "qkv")),
                  ("code", "print(attn.W_q(x))\nprint(attn.W_k(x))\nprint(attn.W_v(x))",
                   "".join(_torch(m) + "\n" for m in (q, k, v))),
                  ("code", "weights = F.softmax(masked, dim=1)\nprint(weights)", _torch(a) + "\n"),
                  ("code", "print(weights @ attn.W_v(x))", _torch(a @ v) + "\n")])
    reading = read_document(str(p))
    assert 'givens = ["Wq", "Wk", "Wv"]' in reading.toml, reading.toml[:600]
    steps, verdicts = _verdicts(p)
    assert steps["Q"] == 6 and steps["V"] == 6 and steps["weights"] == 9 and steps["context"] == 6, steps
    assert set(verdicts) <= {"correct", "rounding"}, verdicts


def test_a_code_alias_of_the_inputs_is_no_claim(tmp_path):
    """Q = X, K = X, V = X in code: the inputs named again (Q = K = V = X), not three claims that restate them."""
    x = np.array([[0.3, 0.1, 0.6, 0.2], [0.5, 0.4, 0.2, 0.7], [0.9, 0.8, 0.1, 0.3]])
    s = x @ x.T
    w = np.exp(s / 2) / np.exp(s / 2).sum(axis=1, keepdims=True)
    p = tmp_path / "alias.ipynb"
    _notebook(p, [("code", "X = np.array([\n    [0.3, 0.1, 0.6, 0.2],  # 나는\n    [0.5, 0.4, 0.2, 0.7],  # 너를\n"
                           "    [0.9, 0.8, 0.1, 0.3]   # 본다\n])\nQ = X\nK = X\nV = X\n"
                           "print(\"S =\\n\", Q.dot(K.T))\nprint(\"A =\\n\", A)",
                   "S =\n " + np.array2string(s) + "\nA =\n " + np.array2string(w) + "\n")])
    steps, verdicts = _verdicts(p)
    assert "Q" not in steps and "K" not in steps and steps["scores"] == 9 and steps["weights"] == 9, steps
    assert set(verdicts) == {"correct"}, verdicts


def test_an_array_constructor_with_its_rows_below_keeps_its_words(tmp_path):
    """inputs = torch.tensor( on a line of its own, the rows below with their words in comments: the input, its
    rows named; the scores printed later are claims of x·xᵀ (no projections, no scaling)."""
    x = np.array([[0.31, 0.72, 0.05], [0.64, 0.18, 0.93], [0.27, 0.55, 0.48]])
    s = x @ x.T
    w = np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)
    p = tmp_path / "notes.md"
    p.write_text("# Attention without weights\n\n```python\ninputs = torch.tensor(\n"
                 "  [[0.31, 0.72, 0.05], # sun\n   [0.64, 0.18, 0.93], # sets\n   [0.27, 0.55, 0.48]] # late\n)\n```\n\n"
                 "```python\nattn_scores = inputs @ inputs.T\nprint(attn_scores)\n```\n\n```\n" + _torch(s, 8) +
                 "\n```\n\n```python\nattn_weights = torch.softmax(attn_scores, dim=-1)\nprint(attn_weights)\n```\n\n"
                 "```\n" + _torch(w, 8) + "\n```\n", encoding="utf-8")
    reading = read_document(str(p))
    assert 'tokens = ["sun", "sets", "late"]' in reading.toml, reading.toml[:400]
    steps, verdicts = _verdicts(p)
    assert steps["scores"] == 9 and steps["weights"] == 9 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_a_torch_tensor_of_rank_three_with_wrapped_rows(tmp_path):
    """randn(2, 2, 6) printed in e-notation, each row wrapped over two lines as torch prints it: one array (no
    table rows), the input of a LayerNorm over its last axis whose normalised rows are claimed."""
    x = np.array([[[1.2955, -0.20290, 0.65452, -1.0763, 0.62481, 0.082222]],
                  [[-0.18057, 0.31844, -0.99258, 0.92753, -0.28802, 1.5813]]])

    def e(v):
        return f"{v: .4e}"

    lines = []
    for si, sl in enumerate(x):
        for r in sl:
            lines.append(("tensor([[[" if si == 0 else "        [[") + ", ".join(e(v) for v in r[:4]) + ",\n"
                         + "          " + ", ".join(e(v) for v in r[4:]) + ("]]])" if si == 1 else "]],\n"))
    printed = "\n".join(lines)
    flat = x.reshape(2, 6)
    norm = (flat - flat.mean(axis=1, keepdims=True)) / np.sqrt(flat.var(axis=1, keepdims=True) + 1e-5)
    p = tmp_path / "ln.ipynb"
    _notebook(p, [("code", "inputs = torch.randn(2, 1, 6)\nprint(inputs)", printed + "\n"),
                  ("code", "y = (inputs - mean) / std\nprint(y)",
                   "tensor([[[" + ", ".join(f"{v: .4f}" for v in norm[0]) + "]],\n\n        [[" +
                   ", ".join(f"{v: .4f}" for v in norm[1]) + "]]])\n")])
    steps, verdicts = _verdicts(p)
    assert steps["ln.norm"] == 12 and set(verdicts) <= {"correct", "rounding"}, (steps, verdicts)


def test_full_float_reprs_of_a_softmax_of_whole_numbers(tmp_path):
    """softmax([1, …, 6]) printed as Python's 17-digit floats: 1 … 6 are inputs (no mask), each repr a few ulps off
    the exact value is correct (a float64 print), and a keyword argument (base=2) is no claim."""
    z = [float(i + 1) for i in range(6)]
    ex = np.exp(z)
    probs = list(ex / ex.sum())
    p = tmp_path / "softmax.ipynb"
    _notebook(p, [("code", "zs = [x + 1 for x in range(6)]\nzs", "[1, 2, 3, 4, 5, 6]\n"),
                  ("code", "f = make_softmax(base=2)\nsoftmax(zs)", repr(probs) + "\n")])
    steps, verdicts = _verdicts(p)
    assert sum(steps.values()) == 6 and set(verdicts) == {"correct"}, (steps, verdicts)


def test_a_perceptrons_whole_number_table_is_no_attention(tmp_path):
    """A table of −1, 0, 1 and 2 (a perceptron's updates) fits attention weights only by rounding every value to
    a whole number: no claim of them."""
    p = tmp_path / "perceptron.md"
    p.write_text("# Perceptron\n\nInputs (0,0), (0,1), (1,0), (1,1).\n\n"
                 "| x1 | x2 | y | w·x+b | new w1 | new w2 | new b |\n|---|---|---|---|---|---|---|\n"
                 "| 0 | 0 | -1 | 0 | 0 | 0 | -1 |\n| 0 | 1 | -1 | -1 | 0 | 0 | -1 |\n"
                 "| 1 | 0 | -1 | -1 | 0 | 0 | -1 |\n| 1 | 1 | 1 | -1 | 1 | 1 | 0 |\n", encoding="utf-8")
    from exactformer.errors import CaseError

    try:
        steps, _ = _verdicts(p)
    except CaseError:
        return  # nothing to audit: right
    assert not steps.get("weights") and not steps.get("weighted_v"), steps


def test_numbers_a_cell_computes_from_numbers_it_writes_are_claims_of_that_arithmetic(tmp_path):
    """y = -(0*np.log(0.2) + 1*np.log(0.6)) then print("loss:", y): the line -(0*ln(0.2) + 1*ln(0.6)) = 0.5108…
    is audited (a float64 repr, a few ulps off, is correct); a slip typed in a Markdown line of working is wrong; a
    call of the document's own function is no working of ours."""
    loss = -(0 * math.log(0.2) + 1 * math.log(0.6))
    p = tmp_path / "ce.ipynb"
    _notebook(p, [("md", "# 교차 엔트로피"),
                  ("code", "y = -(0*np.log(0.2) + 1*np.log(0.6))\nprint(\"loss:\", y)", f"loss: {loss!r}\n"),
                  ("code", "print(\"e^1.5 =\", np.exp(1.5))\nprint(\"mine:\", my_loss(0.6))",
                   f"e^1.5 = {math.exp(1.5)!r}\nmine: 0.25\n"),
                  ("md", "By hand: 0.50 × 0.80 + 0.25 = 0.75")])
    report = audit(load_document(str(p)))
    lines = {f.reported: f.verdict.value for f in report.findings if f.json(report)["quantity"] == "arithmetic"}
    assert lines == {repr(loss): "correct", repr(math.exp(1.5)): "correct", "0.75": "wrong"}, lines
    assert report.summary()["claims"] == 3 and report.summary()["wrong"] == 1


def test_a_notebook_used_as_a_calculator_states_the_arithmetic_it_shows(tmp_path):
    """A cell whose last line is an expression of numbers shows its value (-0.1+(-0.2) shows
    -0.30000000000000004); a print whose string breaks the line, and an output saved before the cell's last print was
    added, still show which line is whose value: each is a claim of its arithmetic, and a wrong one is wrong."""
    total = -0.1 + (-0.2)
    p = tmp_path / "calc.ipynb"
    _notebook(p, [("md", "## 손실 계산"),
                  ("code", "-0.1+(-0.2)", f"{total!r}\n", "result"),
                  ("code", "(-0.7133+(-1.2096))/2", "-0.96145\n", "result"),
                  ("code", "x = 3\nx", "3\n", "result"),
                  ("code", 'print("two kinds\\n")\nprint("entropy:", np.log(2))\nprint("added later")',
                   f"two kinds\n\nentropy: {math.log(2)!r}\n"),
                  ("code", 'print("exp:", np.exp(2.0))', "exp: 5.1\n")])
    report = audit(load_document(str(p)))
    lines = {f.reported: f.verdict.value for f in report.findings if f.json(report)["quantity"] == "arithmetic"}
    assert lines == {repr(total): "correct", "-0.96145": "correct", repr(math.log(2)): "correct",
                     "5.1": "wrong"}, lines


def _ln_rows(x, eps=1e-5):
    x = np.asarray(x, dtype=np.float64)
    mu = x.mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(x.var(axis=-1, keepdims=True) + eps)


def _torch_print(rows_by_block) -> str:
    """A rank-3 tensor as torch prints it (4 decimals)."""
    blocks = [",\n".join(("[[" if i == 0 else " [") + ", ".join(f"{v:7.4f}" for v in r) + "]"
                         for i, r in enumerate(b)) + "]" for b in rows_by_block]
    return "tensor([" + ",\n\n        ".join(blocks) + "])\n"


def test_a_layernorm_over_a_batch_printed_as_one_tensor_claims_every_matrix_of_it(tmp_path):
    """x of shape [3, 2, 3] printed whole, then its LayerNorm over the last axis: each matrix of the batch is a
    computation of its own (no token is read from the code's mean[..., None]), and every row of the output is
    claimed, though the LayerNorm magnifies the rounding of the printed input."""
    x = np.array([[[0.31274, 0.58391, 0.12806], [0.77118, 0.25642, 0.64077]],  # what the program holds
                  [[0.05327, 0.93184, 0.48862], [0.70813, 0.67839, 0.62456]],  # (a row of small spread: its
                  [[0.84163, 0.27537, 0.53308], [0.41195, 0.43826, 0.39341]]])  # rounding, magnified)
    out = _ln_rows(x)
    p = tmp_path / "ln.ipynb"
    _notebook(p, [("md", "## LayerNorm over a batch"),
                  ("code", "x = torch.rand(3, 2, 3)\nprint(x)", _torch_print(x)),
                  ("code", "eps = 1e-5\nmean = x.mean(-1)\nvar = x.var(-1, unbiased=False)\n"
                           "y = (x - mean[..., None]) / torch.sqrt(var[..., None] + eps)\nprint(y)",
                   _torch_print(out))])
    case = read_document(str(p)).toml
    assert '"..."' not in case and "None = [" not in case, case
    report = audit(load_document(str(p)))
    cells = [f.verdict.value for f in report.findings if f.json(report)["quantity"].startswith("ln.norm")]
    assert len(cells) == 18 and set(cells) <= {"correct", "rounding"}, cells  # (rounding: the printed input's)


def test_an_input_built_by_arange_is_the_codes_own(tmp_path):
    """data = torch.arange(0, 8).reshape(4, 2).float() is never printed: the reader builds it, and the LayerNorm
    printed after it is claimed (each row is −1, 1 but for eps)."""
    out = _ln_rows(np.arange(8).reshape(4, 2))
    p = tmp_path / "post.md"
    rows = ",\n        ".join("[" + ", ".join(f"{v:.4f}" for v in r) + "]" for r in out)
    p.write_text("# LayerNorm on a toy batch\n\n```python\nln = nn.LayerNorm(2)\n"
                 "data = torch.arange(0, 8).reshape(4, 2).float()\nln(data)\n```\n\n"
                 f"```\ntensor([{rows}], grad_fn=<NativeLayerNormBackward0>)\n```\n", encoding="utf-8")
    report = audit(load_document(str(p)))
    verdicts = Counter(f.verdict.value for f in report.findings if f.json(report)["quantity"].startswith("ln.norm"))
    assert verdicts == {"correct": 8}, verdicts


def test_a_tensorflow_float32_print_is_read_within_its_float_noise(tmp_path):
    """TensorFlow prints a float32 softmax with 8 significant digits (7.2876644e-01), a few units of its last
    digit off the exact value: that is its arithmetic, and the softmax of the typed input is found."""
    x = np.array([[5., 3., 0., 1.], [2., 2., 4., 0.]], dtype=np.float32)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    sm = e / e.sum(axis=1, keepdims=True)
    printed = "tf.Tensor(\n[" + "\n ".join("[" + " ".join(f"{v:.7e}" for v in r) + "]" for r in sm) + \
        "], shape=(2, 4), dtype=float32)\n"
    p = tmp_path / "tf.ipynb"
    _notebook(p, [("md", "## softmax"),
                  ("code", "x = tf.constant([[5., 3., 0., 1.], [2., 2., 4., 0.]])\n"
                           "print(tf.keras.activations.softmax(x))", printed)])
    report = audit(load_document(str(p)))
    claims = [f for f in report.findings if hasattr(f, "claim")]
    assert len(claims) == 8 and all(f.verdict.value == "correct" for f in claims), [f.verdict for f in claims]


def test_a_float32_print_in_a_post_is_judged_in_float32(tmp_path):
    """A post pastes TensorFlow's print of a softmax (dtype=float32, 8 significant digits, up to 11 units of its
    last digit off the exact value): that is float32's rounding, judged in its ulps; nothing is wrong."""
    p = tmp_path / "post.md"
    p.write_text("# Softmax in TensorFlow\n\n```python\nx = tf.constant([[1.2, 0.3, -0.7], [1.7, -0.4, 0.6]])\n"
                 "print(tf.nn.softmax(x))\n```\n\n```\ntf.Tensor(\n[[0.64261639 0.26126835 0.096115246]\n"
                 " [0.68713057 0.084143542 0.22872587]], shape=(2, 3), dtype=float32)\n```\n", encoding="utf-8")
    report = audit(load_document(str(p)))
    verdicts = Counter(f.verdict.value for f in report.findings if hasattr(f, "claim"))
    assert verdicts == {"correct": 6}, verdicts


def test_the_angles_of_a_sinusoidal_encoding_printed_a_column_each_are_its_angles(tmp_path):
    """get_angles(pos, i, d) = pos / 10000^(2⌊i/2⌋/d), printed for 4 positions × d = 6 as TensorFlow's tutorial
    writes it (each angle twice, for its sine's column and its cosine's): 24 claims of PE.angle, each correct; the
    code's own settings (max_len = 4) are no claims."""
    r = [10000 ** (-2 * (j // 2) / 6) for j in range(6)]
    rows = "\n ".join("[" + " ".join(f"{p * x:.8g}" for x in r) + "]" for p in range(4))
    p = tmp_path / "angles.ipynb"
    _notebook(p, [("md", "## The angles of the positional encoding"),
                  ("code", "max_len = 4\nd_model = 6\nangles = get_angles(np.arange(max_len)[:, None], "
                           "np.arange(d_model)[None, :], d_model)\nprint(angles)", f"[{rows}]\n")])
    report = audit(load_document(str(p)))
    got = Counter((f.json(report)["quantity"].split("[")[0], f.verdict.value) for f in report.findings
                  if hasattr(f, "claim"))
    assert got == {("PE.angle", "correct"): 24}, got


def _repl_post() -> str:
    """A post of small experiments in a Python session (>>>): a softmax, an unexplained function, an additive
    causal mask of 0 and -1e10, then a LayerNorm whose result is bound to the name of its input."""
    z = np.array([1.0, 2.0, 0.5])
    p = np.exp(z) / np.exp(z).sum()
    o = _ln_rows([[3, 1, 2], [-4, 0, 2]])
    fmt = lambda r: ", ".join(f"{v:.5f}" for v in r)  # noqa: E731
    return (f"# Three small experiments\n\n```python\n>>> z = np.array([1.0, 2.0, 0.5])\n>>> p = softmax(z)\n>>> p\n"
            f"array([{fmt(p)}])\n```\n\nSomething else:\n\n```python\n>>> x = np.array([[0.3, 0.9], [0.1, 0.7]])\n"
            ">>> x = mystery(x)\n>>> x\narray([[5.5, 1.25],\n       [0.75, 3.5]])\n```\n\nThe causal mask:\n\n"
            "```\n0 -1e10 -1e10\n0   0   -1e10\n0   0     0\n```\n\nAnd a layer norm:\n\n```python\n"
            ">>> x = np.array([[3, 1, 2], [-4, 0, 2]])\n>>> x = layer_norm(x, g=np.ones(3), b=np.zeros(3))\n>>> x\n"
            f"array([[{fmt(o[0])}],\n       [{fmt(o[1])}]])\n```\n")


def test_a_post_of_small_experiments_reads_each_and_no_mask(tmp_path):
    """The mask's 0 and -1e10 are no claims (-1e10 agrees with anything to its one digit); the LayerNorm's result,
    printed under its input's name x, is no restatement of x; the unexplained experiment before it does not stop
    the reading: 3 softmax weights and 6 normalised values, all correct."""
    p = tmp_path / "repl.md"
    p.write_text(_repl_post(), encoding="utf-8")
    report = audit(load_document(str(p)))
    got = Counter((f.json(report)["quantity"].split("[")[0], f.verdict.value) for f in report.findings
                  if hasattr(f, "claim"))
    assert got == {("probs", "correct"): 3, ("ln.norm", "correct"): 6}, got
