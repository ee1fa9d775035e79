"""English Jupyter notebook (nbformat 4, ipykernel metadata), PyTorch: the tokens only as `# token` comments on the
rows of X; one cell per step, each printing its tensor (print("Q =", Q) and bare expressions shown as
execute_result), torch's 4-decimal layout; 4 tokens, d_model 3, d_k 2, scaled by math.sqrt(d_k). Exact rounding."""
from pathlib import Path

from w10lib import *

toks = ["the", "dog", "barked", "loudly"]
Xs = [["0.5", "1.0", "-0.2"], ["1.1", "0.3", "0.8"], ["-0.4", "0.9", "1.2"], ["0.2", "-0.6", "0.7"]]
Wqs = [["0.8", "0.3"], ["-0.1", "0.6"], ["0.5", "0.9"]]
Wks = [["0.4", "-0.5"], ["0.7", "0.2"], ["0.1", "0.6"]]
Wvs = [["0.9", "0.2"], ["0.3", "0.5"], ["-0.2", "0.6"]]
a = attention(Xs, Wqs, Wks, Wvs)
for key in ("Q", "K", "V", "S", "Sc", "W", "C"):   # torch stays in fixed point: no cell below max/1000
    v = np.abs(a["np"][key]); v = v[v > 0]
    assert v.max() / v.min() < 1000 and v.max() < 1e8, key

d = Doc("nb-torch-cells", "ipynb",
        "English Jupyter notebook, PyTorch: tokens only as # comments on the rows of X, one cell per step printing "
        "Q, K, V, scores, scaled scores, weights and outputs in torch's 4-decimal layout; Wq/Wk/Wv 3 -> 2, "
        "scaled by sqrt(2)",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens the, dog, barked, loudly",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.7"}})


def tl(M, qty, prefix=""):
    lines, txt = torch_lines(M, 4)
    out = []
    for i, ln in enumerate(lines):
        cl = [(s, qty(i, j), "correct") for j, s in enumerate(txt[i])]
        out.append(L((prefix if i == 0 else "") + ln, cl))
    return out, txt


vec = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
pair = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")

nb.md(["# Self-attention, printed cell by cell",
       "",
       "A four-word sentence, one head, and a `print` after every line. The embeddings are 3-dimensional and the "
       "head projects to $d_k = 2$.",
       ])
nb.code(["import math", "import torch", "", "torch.__version__"], result=[L("'2.3.1+cu121'", nots=["2.3.1"])])
nb.code(["X = torch.tensor([",
         *[f"    [{', '.join(r)}],{'  ' if i < 3 else '  '}# {t}" for i, (t, r) in enumerate(zip(toks, Xs))],
         "])",
         "X.shape"], result=[L("torch.Size([4, 3])", nots=["4", "3"])])
nb.code([f"W_q = torch.tensor([{', '.join('[' + ', '.join(r) + ']' for r in Wqs)}])",
         f"W_k = torch.tensor([{', '.join('[' + ', '.join(r) + ']' for r in Wks)}])",
         f"W_v = torch.tensor([{', '.join('[' + ', '.join(r) + ']' for r in Wvs)}])"])
so = []
for nm in ("Q", "K", "V"):
    ls, _ = tl(a[nm], vec(nm), prefix=f"{nm} = ")
    so += ls
nb.code(["Q = X @ W_q", "K = X @ W_k", "V = X @ W_v", 'print("Q =", Q)', 'print("K =", K)', 'print("V =", V)'],
        stdout=so)
nb.md(["Next the raw scores $QK^\\top$: row $i$ holds query $i$ against every key."])
ls, sp = tl(a["S"], pair("scores"))
nb.code(["scores = Q @ K.T", "scores"], result=ls)
nb.md(["Scale by $\\sqrt{d_k}$, then softmax along each row."])
ls, scp = tl(a["Sc"], pair("scaled"))
nb.code(["d_k = K.shape[-1]", "scaled = scores / math.sqrt(d_k)", "scaled"], result=ls)
ls, wp = tl(a["W"], pair("weights"))
nb.code(["weights = torch.softmax(scaled, dim=-1)", "weights"], result=ls)
jm = max(range(4), key=lambda j: a["W"][2][j])
nb.md([L(f"Row 3 is *barked*: its largest weight, {wp[2][jm]}, goes to *{toks[jm]}*. Each row sums to 1.",
                     [(wp[2][jm], f"weights[barked,{toks[jm]}]", "correct")], (), ["3", "1"])])
ls, cp = tl(a["C"], vec("context"))
nb.code(["out = weights @ V", "out"], result=ls)
nb.md([L(f"The output for *the* is [{cp[0][0]}, {cp[0][1]}]: mostly a blend of the value rows it weighted highest.",
                     [(cp[0][0], "context[the][1]", "correct"), (cp[0][1], "context[the][2]", "correct")])])
nb.save()
