"""German Jupyter notebook with NumPy: Der, Hund, bellt only as `# Der` comments on the rows of X; every step
printed by NumPy itself under set_printoptions(precision=4, suppress=True); d_model 4, d_k 2; LayerNorm eps 1e-5;
FFN 4 -> 6; head over 5 words, target laut; gradient and one SGD step (lr 0.1). Exact, no slip."""
from pathlib import Path
from w17lib import *

toks = ["Der", "Hund", "bellt"]; vocab = ["Der", "Hund", "bellt", "laut", "."]
kw = dict(target=[3], head_rows=[2], nd=4, eps="1e-5", lr="0.1")
G, c, s, seed = solve(601, (3, 4, 2, 6, 5), **kw)
q = namer(toks, vocab, ["bellt"])
d = Doc("notebook-hund-de", "ipynb", "German Jupyter notebook (NumPy prints): a whole post-LN layer on Der Hund bellt, eps 1e-5, to one SGD step of W_out",
        "post-LN layer (d_model 4, d_k 2, sqrt scaling, eps 1e-5, ReLU FFN 4 -> 6), head over 5 words, target laut, SGD lr 0.1",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.7"}})


def out(step, rows=None, one_d=False):
    ex = s.ex[step]; f = s.f64[step]
    if one_d:
        lines, cells = np_print(f[0], ex[0], precision=4, suppress=True)
        return [L(lines[0], claims=[(t, q(step, 0, j), "correct") for j, t in enumerate(cells)])]
    lines, cells = np_print(f, ex, precision=4, suppress=True)
    return [L(ln, claims=[(t, q(step, i, j), "correct") for j, t in enumerate(cells[i])]) for i, ln in enumerate(lines)]


def arr(name, M, comments=None):
    src = [f"{name} = np.array(["]
    for k, r in enumerate(M):
        src.append(f"    [{', '.join(r)}]," + (f"  # {comments[k]}" if comments else ""))
    src.append("])")
    return src


nb.md(["# Ein Transformer-Block von Hand (mit NumPy nachgerechnet)", "",
       "Wir schicken den Satz *Der Hund bellt* durch **einen** Encoder-Block (Post-LN) und ein Ausgabe-Layer.",
       L("Alle Zahlen sind ausgedacht; `d_model = 4`, `d_k = 2`.", nots=["4", "2"])])
nb.code(["import numpy as np", "np.set_printoptions(precision=4, suppress=True)", "np.__version__"],
        result=[L("'2.1.3'", nots=["2.1"])])
nb.code(arr("X", G["X"], toks) + arr("W_Q", G["Wq"]) + arr("W_K", G["Wk"]) + arr("W_V", G["Wv"]))
nb.md(["## 1. Self-Attention"])
nb.code(["Q = X @ W_Q", "K = X @ W_K", "V = X @ W_V", "print(Q)"], stdout=out("Q"))
nb.code(["print(K)"], stdout=out("K"))
nb.code(["print(V)"], stdout=out("V"))
nb.code(["scores = Q @ K.T / np.sqrt(2)   # skaliert mit Wurzel aus d_k", "print(scores)"], stdout=out("Sc"))
nb.code(["def softmax(z):", "    e = np.exp(z - z.max(axis=-1, keepdims=True))", "    return e / e.sum(axis=-1, keepdims=True)", "",
         "A = softmax(scores)", "print(A)"], stdout=out("W"))
nb.code(["Z = A @ V", "print(Z)"], stdout=out("C"))
nb.md(["## 2. Add & Norm", "", L("LayerNorm mit verzerrter Varianz und `eps = 1e-5` (wie PyTorch), ohne γ und β.", nots=["1e-5"])])
nb.code(["def layer_norm(x, eps=1e-5):", "    mu = x.mean(axis=-1, keepdims=True)", "    var = x.var(axis=-1, keepdims=True)",
         "    return (x - mu) / np.sqrt(var + eps), mu, var", "", "R1 = X + Z", "print(R1)"], stdout=out("R1"))
nb.code(["N1, mu1, var1 = layer_norm(R1)", "print(mu1.ravel())", "print(var1.ravel())"],
        stdout=[L(np_print(s.f64["mu1"].ravel(), [r[0] for r in s.ex["mu1"]], precision=4, suppress=True)[0][0],
                  claims=[(t, q("mu1", i, 0), "correct") for i, t in enumerate(np_print(s.f64["mu1"].ravel(), [r[0] for r in s.ex["mu1"]], precision=4, suppress=True)[1])]),
                L(np_print(s.f64["var1"].ravel(), [r[0] for r in s.ex["var1"]], precision=4, suppress=True)[0][0],
                  claims=[(t, q("var1", i, 0), "correct") for i, t in enumerate(np_print(s.f64["var1"].ravel(), [r[0] for r in s.ex["var1"]], precision=4, suppress=True)[1])])])
nb.code(["print(N1)"], stdout=out("N1"))
nb.md(["## 3. Feed-Forward (4 → 6 → 4, ReLU)"])
nb.code(arr("W1", G["W1"]) + [f"b1 = np.array([{', '.join(G['b1'])}])"] + arr("W2", G["W2"]) + [f"b2 = np.array([{', '.join(G['b2'])}])"])
nb.code(["H = np.maximum(0, N1 @ W1 + b1)", "print(H)"], stdout=out("A"))
nb.code(["F = H @ W2 + b2", "R2 = N1 + F", "print(R2)"], stdout=out("R2"))
nb.code(["N2, mu2, var2 = layer_norm(R2)", "print(N2)"], stdout=out("N2"))
nb.md(["## 4. Ausgabe: welches Wort folgt auf „bellt“?", "", "Vokabular: Der, Hund, bellt, laut, `.`; das richtige nächste Wort ist *laut*."])
nb.code(arr("W_out", G["Wout"]) + ["logits = N2[-1] @ W_out", "print(logits)"], stdout=out("G", one_d=True))
nb.code(["p = softmax(logits)", "print(p)"], stdout=out("P", one_d=True))
lo = s.ex["LS"][0][0]
nb.code(["loss = -np.log(p[3])   # Index 3 = 'laut'", "loss"],
        result=[L(f"np.float64({repr(float(s.f64['LS'][0][0]))})", claims=[(repr(float(s.f64['LS'][0][0])), "loss", "correct")])])
assert Decimal(repr(float(s.f64['LS'][0][0]))) == Decimal(rnd(lo, len(repr(float(s.f64['LS'][0][0])).split(".")[1]), 1e-15))
nb.md(["## 5. Rückwärts: ein SGD-Schritt für W_out", "", "Für Softmax + Kreuzentropie ist ∂L/∂z = p − y."])
nb.code(["y = np.zeros(5); y[3] = 1", "dz = p - y", "print(dz)"], stdout=out("dG", one_d=True))
nb.code(["dW = np.outer(N2[-1], dz)", "print(dW)"], stdout=out("dW"))
nb.code(["lr = 0.1", "W_out_neu = W_out - lr * dW", "print(W_out_neu)"], stdout=out("Wn"))
nb.save()
