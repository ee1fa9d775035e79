"""English Kaggle notebook: self-attention over the, sun, rose, early (d_model 3 -> d_k 2, / sqrt(2)); each step
shown with a bare `df` at the end of a cell, so the output holds pandas' text/html table (the claims: one <td> per
line) and its text/plain twin (optional claims: the same numbers, which a front end shows instead). Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["the", "sun", "rose", "early"]
Xs = [["0.2", "0.7", "0.1"], ["0.9", "0.3", "0.5"], ["0.4", "0.8", "0.6"], ["0.1", "0.2", "0.9"]]
Wqs = [["0.6", "0.2"], ["0.1", "0.7"], ["0.5", "0.3"]]
Wks = [["0.3", "0.8"], ["0.7", "0.2"], ["0.4", "0.5"]]
Wvs = [["0.5", "0.1"], ["0.2", "0.9"], ["0.8", "0.4"]]
a = attention(Xs, Wqs, Wks, Wvs)

d = Doc("kaggle-dataframe-html", "ipynb",
        "English Kaggle notebook: self-attention over the, sun, rose, early with Wq/Wk/Wv 3 -> 2, / sqrt(2); every "
        "step a pandas DataFrame shown as a cell result (text/html claimed, its text/plain twin optional)",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens the, sun, rose, early",
        script=Path(__file__).name)
meta = {"kaggle": {"accelerator": "none", "dataSources": [], "dockerImageVersionId": 30786, "isGpuEnabled": False,
                   "isInternetEnabled": True, "language": "python", "sourceType": "notebook"},
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                          "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                          "pygments_lexer": "ipython3", "version": "3.10.14"}}
nb = Notebook(d, meta)


def frame(name, cols):
    t, rl, h, hr, c = pd_frame(a[name], toks, cols)
    qn = {"S": "scores", "Sc": "scaled", "W": "weights", "C": "context"}.get(name, name)
    hitems = []
    cellline = {ln: (i, j) for i, r in enumerate(hr) for j, ln in enumerate(r)}
    for k, line in enumerate(h):
        if k in cellline:
            i, j = cellline[k]
            hitems.append(L(line, claims=[(c[i][j], qty(qn, toks, i, j), "correct")]))
        else:
            hitems.append(L(line))
    titems = [L(line, opts=c[rl.index(k)]) if k in rl else L(line) for k, line in enumerate(t)]
    return titems, hitems, c


nb.md(["# Self-attention, one DataFrame per step",
       "",
       "A tiny, fully deterministic attention head so that every number can be checked with a calculator. "
       "Four tokens, 3-dimensional embeddings, a 2-dimensional head (a real BERT head has d_k = 64)."])
nb.code(["import numpy as np", "import pandas as pd", "", "pd.__version__"], result=[L("'2.2.2'", nots=["2.2.2"])])
nb.code(['tokens = ["the", "sun", "rose", "early"]', "",
         "X = np.array(["] + [f"    [{', '.join(r)}],   # {t}" for t, r in zip(toks, Xs)] + ["])",
         "W_q = np.array(" + str([[float(v) for v in r] for r in Wqs]) + ")",
         "W_k = np.array(" + str([[float(v) for v in r] for r in Wks]) + ")",
         "W_v = np.array(" + str([[float(v) for v in r] for r in Wvs]) + ")",
         "X.shape, W_q.shape"], result=[L("((4, 3), (3, 2))", nots=["4", "3", "2"])])
nb.code(["def as_df(M, cols):", "    return pd.DataFrame(M, index=tokens, columns=cols).round(4)"])
for nm in ("Q", "K", "V"):
    nb.md([f"## {nm} = X · W_{nm.lower()}"])
    t, h, _ = frame(nm, ["d1", "d2"])
    nb.code([f"{nm} = X @ W_{nm.lower()}", f'as_df({nm}, ["d1", "d2"])'], result=t, html=h)
nb.md(["## Scores", "", L("Dot products of every query with every key, then divided by √2 ≈ 1.4142.",
                          claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])])
t, h, _ = frame("S", toks)
nb.code(["scores = Q @ K.T", "as_df(scores, tokens)"], result=t, html=h)
t, h, _ = frame("Sc", toks)
nb.code(["scaled = scores / np.sqrt(W_q.shape[1])", "as_df(scaled, tokens)"], result=t, html=h)
nb.md(["## Softmax over each row"])
t, h, cw = frame("W", toks)
nb.code(["e = np.exp(scaled)", "weights = e / e.sum(axis=1, keepdims=True)", "as_df(weights, tokens)"], result=t, html=h)
nb.code(["weights.sum(axis=1)"], result=[L("array([1., 1., 1., 1.])", nots=["1."])])
j = max(range(4), key=lambda j: a["W"][1][j])
nb.md([L(f"*sun* attends most to *{toks[j]}* ({cw[1][j]}), but with numbers this small every row stays close to "
         "uniform (0.25 each would be perfectly flat).", claims=[(cw[1][j], f"weights[sun,{toks[j]}]", "correct")],
         nots=["0.25"])])
nb.md(["## Output"])
t, h, _ = frame("C", ["d1", "d2"])
nb.code(["out = weights @ V", 'as_df(out, ["d1", "d2"])'], result=t, html=h)
nb.code(["out.shape"], result=[L("(4, 2)", nots=["4", "2"])])
nb.save()
