"""Indonesian Kaggle notebook (nbformat 4, Kaggle metadata), NumPy under set_printoptions(precision=4, suppress=True):
Q, K, V printed as array(...) reprs, scaled scores, a causal mask with np.triu and -inf, the softmax weights (masked
cells print 0.), the outputs, and a pandas DataFrame of the weights (df.round(4)) whose execute_result has both a
text/plain print and its text/html twin. The text/plain numbers are claims; the same numbers in the text/html twin
are optional claims (one output shown two ways)."""
from pathlib import Path

from w7lib import *
from w7lib import _verify_token

toks = ["saya", "suka", "makan", "nasi"]
Xs = [["0.7", "0.1", "-0.4"], ["0.2", "0.9", "0.3"], ["-0.5", "0.4", "0.8"], ["0.6", "-0.3", "0.5"]]
Wqs = [["0.9", "-0.3"], ["0.4", "0.8"], ["-0.6", "0.5"]]
Wks = [["0.7", "0.2"], ["-0.4", "0.9"], ["0.5", "-0.6"]]
Wvs = [["0.3", "0.6"], ["0.8", "-0.2"], ["-0.1", "0.7"]]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S, Sc, E, Z, W, C = sdpa(Q, K, V, causal=True)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
Scn = Qn @ Kn.T / np.sqrt(2)
mask = np.triu(np.ones((4, 4), dtype=bool), k=1)
Mn = np.where(mask, -np.inf, Scn)
Wn = np.exp(Mn - Mn.max(1, keepdims=True)); Wn = Wn / Wn.sum(1, keepdims=True)
Cn = Wn @ Vn
agree(Q, Qn); agree(Sc, Scn); agree(W, Wn); agree(C, Cn)
NEG = mpf(-10) ** 9
Msc = [[Sc[i][j] if j <= i else NEG for j in range(4)] for i in range(4)]
P = dict(precision=4, suppress=True)

d = Doc("kaggle-causal-pandas-id", "ipynb",
        "Indonesian Kaggle notebook (Kaggle metadata), NumPy repr output with precision=4/suppress: Q, K, V, scaled "
        "scores, causal mask with -inf, softmax weights (masked 0.), outputs, and a pandas DataFrame of the weights "
        "printed as text/plain and as its text/html twin",
        "causal self-attention with Wq, Wk, Wv (3 -> 2), 4 tokens, scaled by sqrt(2)",
        script=Path(__file__).name)
nb = Notebook(d, {"kaggle": {"accelerator": "none", "dataSources": [], "dockerImageVersionId": 30746,
                             "isGpuEnabled": False, "isInternetEnabled": True, "language": "python",
                             "sourceType": "notebook"},
                  "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.10.13"}})


def arr_items(name, floats, exact, rows_of, skip=None):
    lines, vals = np_print(floats, exact, mode="repr", skip=skip, **P)
    out = []
    for i, ln in enumerate(lines):
        cl = [(vals[i][j], rows_of(i, j), "correct") for j in range(len(vals[i])) if not (skip and skip(i, j))]
        out.append(L(ln, claims=cl))
    return out


nb.md(["# Causal self-attention dari nol dengan NumPy",
       "",
       "Notebook ini menghitung *masked* (causal) self-attention untuk kalimat **\"saya suka makan nasi\"**. "
       "Setiap token hanya boleh melihat dirinya sendiri dan token sebelumnya, seperti pada decoder GPT."])
nb.code(["import numpy as np", "import pandas as pd", "", L("np.set_printoptions(precision=4, suppress=True)", nots=["4"])])
nb.code(["tokens = ['saya', 'suka', 'makan', 'nasi']",
         "X = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs[:2]) + ",",
         "              " + ", ".join("[" + ", ".join(r) + "]" for r in Xs[2:]) + "])",
         "W_q = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wqs) + "])",
         "W_k = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wks) + "])",
         "W_v = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wvs) + "])"])
for nm, fl, ex in (("Q", Qn, Q), ("K", Kn, K), ("V", Vn, V)):
    nb.code([f"{nm} = X @ W_{nm.lower()}", nm],
            result=arr_items(nm, fl, ex, lambda i, j, nm=nm: f"{nm}[{toks[i]}][{j + 1}]"))
nb.md(["## Skor dan causal mask", "",
       L("Skor dibagi $\\sqrt{d_k} = \\sqrt{2}$, lalu posisi di atas diagonal diisi `-inf` sebelum softmax.",
         nots=["2"])])
nb.code(["d_k = K.shape[1]", "scores = Q @ K.T / np.sqrt(d_k)",
         "mask = np.triu(np.ones((4, 4), dtype=bool), k=1)", "scores_masked = np.where(mask, -np.inf, scores)",
         "scores_masked"],
        result=arr_items("scaled", Mn, Msc, lambda i, j: f"scaled[{toks[i]},{toks[j]}]", skip=lambda i, j: j > i))
nb.code(["def softmax(x):", "    e = np.exp(x - x.max(axis=-1, keepdims=True))", "    return e / e.sum(axis=-1, keepdims=True)",
         "", "weights = softmax(scores_masked)", "weights"],
        result=arr_items("weights", Wn, W, lambda i, j: f"weights[{toks[i]},{toks[j]}]"))
nb.code(["out = weights @ V", "out"], result=arr_items("context", Cn, C, lambda i, j: f"context[{toks[i]}][{j + 1}]"))

# pandas DataFrame (df.round(4)): text/plain and text/html, formatted by pandas' rules (re-implemented:
# '%.6f' per value, common trailing zeros of a column trimmed, a leading space for non-negative values,
# columns right-justified and joined with one space, the index left-justified)
R = np.round(Wn, 4)
colstr = []
for j in range(4):
    s6 = [f"{v:.6f}" for v in R[:, j]]
    while all(s.endswith("0") for s in s6) and all(len(s.split(".")[1]) > 1 for s in s6):
        s6 = [s[:-1] for s in s6]
    colstr.append(s6)
for i in range(4):
    for j in range(4):
        _verify_token(colstr[j][i], W[i][j])
iw = max(len(t) for t in toks)
cw = [max(len(toks[j]), max(len(" " + s if not s.startswith("-") else s) for s in colstr[j])) for j in range(4)]
txt = [L(" " * iw + " " + " ".join(toks[j].rjust(cw[j]) for j in range(4)))]
for i in range(4):
    cells = [(" " + colstr[j][i] if not colstr[j][i].startswith("-") else colstr[j][i]).rjust(cw[j]) for j in range(4)]
    txt.append(L(toks[i].ljust(iw) + " " + " ".join(cells),
                 claims=[(tidy(colstr[j][i]), f"weights[{toks[i]},{toks[j]}]", "correct") for j in range(4)]))
html = ["<div>", "<style scoped>", "    .dataframe tbody tr th:only-of-type {", "        vertical-align: middle;",
        "    }", "", "    .dataframe tbody tr th {", "        vertical-align: top;", "    }", "",
        "    .dataframe thead th {", "        text-align: right;", "    }", "</style>",
        '<table border="1" class="dataframe">', "  <thead>", '    <tr style="text-align: right;">', "      <th></th>"]
html += [f"      <th>{t}</th>" for t in toks] + ["    </tr>", "  </thead>", "  <tbody>"]
hitems = [L(h) for h in html]
for i in range(4):
    hitems.append(L("    <tr>"))
    hitems.append(L(f"      <th>{toks[i]}</th>"))
    for j in range(4):
        hitems.append(L(f"      <td>{colstr[j][i]}</td>", opts=[colstr[j][i]]))
    hitems.append(L("    </tr>"))
hitems += [L("  </tbody>"), L("</table>"), L("</div>")]
nb.code(["df = pd.DataFrame(weights, index=tokens, columns=tokens).round(4)", "df"], result=txt, html=hitems)
jm = max(range(4), key=lambda j: W[3][j])
who = 'dirinya sendiri' if jm == 3 else f'*{toks[jm]}*'
nb.md(["## Interpretasi", "",
       L(f"Token *nasi* memberi bobot terbesar ke {who} ({rnd(W[3][jm], 4)}), sedangkan *saya* hanya bisa "
         "melihat dirinya sendiri sehingga bobotnya 1. Semua sel di atas diagonal bernilai 0 karena mask.",
         claims=[(rnd(W[3][jm], 4), f"weights[nasi,{toks[jm]}]", "correct")], nots=["1", "0"]),
       "",
       L(f"Output untuk *makan* adalah [{rnd(C[2][0], 4)}, {rnd(C[2][1], 4)}], yaitu rata-rata berbobot dari V "
         "*saya*, *suka* dan *makan* saja.",
         claims=[(rnd(C[2][0], 4), "context[makan][1]", "correct"), (rnd(C[2][1], 4), "context[makan][2]", "correct")])])
nb.save()
