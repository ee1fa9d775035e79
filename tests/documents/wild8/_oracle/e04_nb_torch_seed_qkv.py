"""English Jupyter notebook (nbformat 4), PyTorch. X is typed in; Wq/Wk/Wv are nn.Linear(4, 3, bias=False) layers
initialised after torch.manual_seed(42) and never printed. Q, K and V are printed by torch (4 decimals,
`tensor([[…]], grad_fn=<MmBackward0>)`, after a `Q =` label on the first line only), then the scaled scores, the
softmax weights and the output, each printed by torch. The later numbers come from the unrounded Q, K, V, so the
givens are rounded (givens_rounded = true). The hidden weights here are fixed 7-significant-digit numbers standing for
the seed's draw; Q = X Wᵀ exactly. torch's fixed 4-decimal layout is re-implemented (one width, right-justified) and
every printed tensor is kept inside torch's fixed-point range (max/min < 1000). No slip."""
from pathlib import Path

from w8lib import *

toks = ["we", "read", "books"]
Xs = [["1.0", "0.2", "-0.5", "0.8"], ["0.3", "-1.1", "0.6", "0.4"], ["-0.7", "0.5", "0.9", "-0.2"]]
rng = np.random.default_rng(5)
Wn = {k: [[float(f"{v:.7g}") for v in r] for r in rng.uniform(-0.5, 0.5, (3, 4))] for k in "qkv"}
X = mat(Xs)
W = {k: mat([[repr(v) for v in r] for r in Wn[k]]) for k in "qkv"}
Q, K, V = (mm(X, T(W[k])) for k in "qkv")
S, Sc, E, Z, Wt, O = sdpa(Q, K, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(Wn[k]).T for k in "qkv")
agree(Q, Qn); agree(Sc, Qn @ Kn.T / np.sqrt(3))
An = np_softmax(Qn @ Kn.T / np.sqrt(3)); agree(Wt, An); agree(O, An @ Vn)


def fixed_ok(rows):
    a = [abs(float(v)) for r in rows for v in r if abs(float(v)) > 0]
    assert max(a) / min(a) < 1000 and max(a) < 1e8, "torch would switch to scientific notation"


d = Doc("nb-torch-seed-qkv", "ipynb",
        "English Jupyter notebook (nbformat 4), PyTorch: X typed in, Wq/Wk/Wv nn.Linear(4, 3, bias=False) after "
        "torch.manual_seed(42), weights never printed; Q, K, V printed by torch at 4 decimals (rounded givens), then "
        "scores / sqrt(3), softmax weights and output printed by torch; a markdown cell restating a few numbers",
        "attention from Q, K, V given directly (printed rounded to 4 decimals; the later numbers come from the "
        "unrounded values), scaled by sqrt(3), softmax, output = weights V",
        script=Path(__file__).name, givens_rounded=True)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.11.7"}})
nb.md(["# Self-attention with random projections",
       "",
       "A three-word sentence, *we read books*, with 4-dimensional embeddings. The projections are ordinary "
       "`nn.Linear` layers with their default random initialisation, so I never write the weights down: I only look "
       "at what comes out of them.",
       L("", nots=()),
       L("Head size $d_k = 3$.", nots=["3"])])
nb.code(["import math",
         "import torch",
         "import torch.nn as nn",
         "",
         L("torch.manual_seed(42)", nots=["42"]),
         "",
         "X = torch.tensor([",
         *[f"    [{', '.join(r)}],  # {t}" for r, t in zip(Xs, toks)],
         "])",
         L("d_model, d_k = 4, 3", nots=["4", "3"]),
         "",
         "W_q = nn.Linear(d_model, d_k, bias=False)",
         "W_k = nn.Linear(d_model, d_k, bias=False)",
         "W_v = nn.Linear(d_model, d_k, bias=False)"])
nb.md(["## Queries, keys and values", "", "Each row is one token: `we`, `read`, `books`."])
out = []
for name, M in (("Q", Q), ("K", K), ("V", V)):
    fixed_ok(M)
    lines, _ = torch_lines(M, suffix=", grad_fn=<MmBackward0>)")
    lines[0] = f"{name} = " + lines[0]
    out += lines
nb.code(["Q = W_q(X)", "K = W_k(X)", "V = W_v(X)", 'print("Q =", Q)', 'print("K =", K)', 'print("V =", V)'],
        stdout=out)
nb.md(["## Scores", "",
       L("Dot products of every query with every key, divided by $\\sqrt{d_k} = \\sqrt{3}$.", nots=["3"])])
fixed_ok(Sc)
lines, txt = torch_lines(Sc, suffix=", grad_fn=<DivBackward0>)")
nb.code(["scores = Q @ K.T / math.sqrt(d_k)", "scores"],
        result=[L(ln, claims=[(txt[i][j], f"scaled[{toks[i]},{toks[j]}]", "correct") for j in range(3)])
                for i, ln in enumerate(lines)])
fixed_ok(Wt)
lines, wtxt = torch_lines(Wt, suffix=", grad_fn=<SoftmaxBackward0>)")
nb.code(["weights = torch.softmax(scores, dim=-1)", "weights"],
        result=[L(ln, claims=[(wtxt[i][j], f"weights[{toks[i]},{toks[j]}]", "correct") for j in range(3)])
                for i, ln in enumerate(lines)])
fixed_ok(O)
lines, otxt = torch_lines(O, suffix=", grad_fn=<MmBackward0>)")
nb.code(["out = weights @ V", "out"],
        result=[L(ln, claims=[(otxt[i][m], f"context[{toks[i]}][{m + 1}]", "correct") for m in range(3)])
                for i, ln in enumerate(lines)])
big = max(range(3), key=lambda j: Wt[1][j])
nb.md(["## Reading the weights", "",
       L(f"Row 2 is `read`: it gives {wtxt[1][0]} to `we`, {wtxt[1][1]} to itself and {wtxt[1][2]} to `books`, so "
         f"its new vector leans towards `{toks[big]}`. Its output row is [{', '.join(otxt[1])}].",
         claims=[(wtxt[1][j], f"weights[read,{toks[j]}]", "correct") for j in range(3)]
                + [(otxt[1][m], f"context[read][{m + 1}]", "correct") for m in range(3)], nots=["2"]),
       "",
       L("If you redo the scores by hand from the printed Q and K you may be off by one in the fourth decimal: the "
         "tensors are printed rounded, but the computation uses all of float32's digits.", nots=[]),
       "",
       L("Each row of `weights` sums to 1, as a softmax should.", nots=["1"])])
nb.save()
