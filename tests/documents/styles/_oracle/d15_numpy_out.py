from lib import *
import numpy as np

toks = ["we", "sing", "songs"]
X = [["0.6", "0.3", "0.8"], ["0.2", "0.9", "0.4"], ["0.7", "0.5", "0.1"]]
Wq = [["0.5", "0.1"], ["0.3", "0.8"], ["0.2", "0.4"]]
Wk = [["0.6", "0.2"], ["0.1", "0.7"], ["0.4", "0.3"]]
Wv = [["0.9", "0.3"], ["0.2", "0.6"], ["0.5", "0.8"]]
A = attention(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, causal=True, nd={"Q": None, "scores": None, "scaled": 4, "weights": 3, "context": 3})
d = Doc("jupyter-export-numpy-causal", "Jupyter notebook exported to Markdown (In/Out prompts, numpy array reprs with commas, -inf for masked scores), causal attention for 'we sing songs'",
        "attention (projections, causal mask)", "exact", "weights and outputs rounded to 3 decimals with np.round; no planted slips")
def arr_lines(rows, name):
    """numpy-like repr from already rounded strings (keeps numpy's look: aligned, trailing zeros dropped)."""
    vals = np.array([[float(x) if x not in ("-inf",) else -np.inf for x in row] for row in rows])
    return repr(vals).split("\n")
d.add("# Masked self-attention in NumPy")
d.add("")
d.add("*Exported from `masked_attention.ipynb`.*")
d.add("")
d.add("```python")
d.add("In [1]: import numpy as np")
d.add("   ...: X = np.array([[0.6, 0.3, 0.8],    # we")
d.add("   ...:               [0.2, 0.9, 0.4],    # sing")
d.add("   ...:               [0.7, 0.5, 0.1]])   # songs")
for nm, W in (("W_q", Wq), ("W_k", Wk), ("W_v", Wv)):
    d.add(f"   ...: {nm} = np.array([[{', '.join(W[0])}], [{', '.join(W[1])}], [{', '.join(W[2])}]])")
d.add("```")
d.add("")
d.add("```python")
d.add("In [2]: Q, K, V = X @ W_q, X @ W_k, X @ W_v")
d.add("In [3]: Q")
d.add("```")
d.add("")
def emit_array(step_rows, label, qty):
    texts = [[c.text for c in row] for row in step_rows]
    lines = arr_lines(texts, label)
    for i, line in enumerate(lines):
        toks_line = [m.group(0) for m in NUM.finditer(line)]
        pre = f"{label} " if i == 0 else " " * (len(label) + 1)
        cl = []
        for j, t in enumerate(toks_line):
            c = step_rows[i][j]
            assert float(t) == float(c.text), (t, c.text)
            cl.append((t, qty(i, j), c.verdict))
        d.add(pre + line, claims=cl)
d.add("```")
emit_array(A["Q"], "Out[3]:", lambda i, j: f"Q[{toks[i]}][{j+1}]")
d.add("```")
d.add("")
d.add("K and V in the same way:")
d.add("")
d.add("```")
emit_array(A["K"], "Out[4]:", lambda i, j: f"K[{toks[i]}][{j+1}]")
emit_array(A["V"], "Out[5]:", lambda i, j: f"V[{toks[i]}][{j+1}]")
d.add("```")
d.add("")
d.add("```python")
d.add("In [6]: S = Q @ K.T / np.sqrt(2)")
d.add("   ...: S[np.triu_indices(3, k=1)] = -np.inf", nots=["3", "1"])
d.add("   ...: np.round(S, 4)", nots=["4"])
d.add("```")
d.add("")
d.add("```")
rows = []
for i in range(3):
    rows.append([A["scaled"][i][j] if j <= i else Cell(None, "-inf", "mask") for j in range(3)])
texts = [[c.text for c in row] for row in rows]
lines = arr_lines(texts, "Out[6]:")
for i, line in enumerate(lines):
    toks_line = [m.group(0) for m in NUM.finditer(line)]
    cl = []
    for j, t in enumerate(toks_line):
        c = rows[i][j]; assert float(t) == float(c.text)
        cl.append((t, f"scaled[{toks[i]},{toks[j]}]", "correct"))
    d.add(("Out[6]: " if i == 0 else " " * 8) + line, claims=cl)
d.add("```")
d.add("")
d.add("```python")
d.add("In [7]: W = np.exp(S) / np.exp(S).sum(axis=1, keepdims=True)")
d.add("   ...: np.round(W, 3)", nots=["3"])
d.add("```")
d.add("")
d.add("```")
emit_array(A["weights"], "Out[7]:", lambda i, j: f"weights[{toks[i]},{toks[j]}]")
d.add("```")
d.add("")
d.add("```python")
d.add("In [8]: np.round(W @ V, 3)", nots=["8", "3"])
d.add("```")
d.add("")
d.add("```")
emit_array(A["context"], "Out[8]:", lambda i, j: f"context[{toks[i]}][{j+1}]")
d.add("```")
d.add("")
d.add("Row 0 only sees itself, so its output is exactly its own value vector.", nots=["0"])
d.write("md")
