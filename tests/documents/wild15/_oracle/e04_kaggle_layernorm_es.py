"""Spanish Kaggle notebook (kaggle metadata, dockerImageVersionId), PyTorch nn.LayerNorm(4) with its default
eps = 1e-5 over el, gato, duerme (tokens as a Python list); mean and biased variance printed as (3, 1) tensors, the
module output with grad_fn=<NativeLayerNormBackward0>; then a markdown cell that works the gato row by hand from the
printed numbers (sum, mean, x - mean, squares, their sum, variance, sqrt(var + eps), normalised values): chained.
One planted slip in the hand check: the sum of squares."""
from pathlib import Path

from w15lib import *

toks = ["el", "gato", "duerme"]
Xs = [["0.42", "1.37", "-0.58", "0.91"], ["1.13", "-0.26", "0.74", "2.05"], ["-0.67", "0.38", "1.49", "0.16"]]
EPS = mpf("1e-5")
X = mat(Xs)
LN = [layernorm(r, eps=EPS) for r in X]
Xn = np.array(Xs, float)
mu = Xn.mean(1, keepdims=True); var = Xn.var(1, keepdims=True); yn = (Xn - mu) / np.sqrt(var + 1e-5)
agree([[l["mean"]] for l in LN], mu); agree([[l["var"]] for l in LN], var); agree([l["norm"] for l in LN], yn)
x32 = np.array(Xs, dtype=np.float32)
m32 = x32.mean(1, keepdims=True); v32 = ((x32 - m32) ** 2).mean(1, keepdims=True)
y32 = (x32 - m32) / np.sqrt(v32 + np.float32(1e-5))

d = Doc("kaggle-layernorm-es", "ipynb",
        "Spanish Kaggle notebook, PyTorch nn.LayerNorm(4), eps 1e-5: el, gato, duerme; mean, biased variance and "
        "output printed; the gato row worked by hand in a markdown cell from the printed numbers; one planted slip",
        "LayerNorm alone (gamma 1, beta 0, biased variance, eps 1e-5) over el, gato, duerme",
        script=Path(__file__).name, rounding="chained")
nb = NB(d, kaggle_meta(), minor=4)
nb.md(["# LayerNorm paso a paso", "",
       "En este cuaderno normalizamos tres vectores de dimensión 4 con `nn.LayerNorm` y luego repetimos la cuenta a "
       "mano para la palabra *gato*.", "",
       "$$y = \\frac{x - \\mu}{\\sqrt{\\sigma^2 + \\varepsilon}} \\cdot \\gamma + \\beta$$"])
nb.code(["# This Python 3 environment comes with many helpful analytics libraries installed",
         "import numpy as np", "import torch", "import torch.nn as nn"])
nb.code(["tokens = ['el', 'gato', 'duerme']", "x = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])",
         "x.shape"], [("result", [R("torch.Size([3, 4])", nots=["3", "4"])])])
nb.code(["media = x.mean(dim=-1, keepdim=True)", "var = x.var(dim=-1, unbiased=False, keepdim=True)",
         "print('media:', media)", "print('varianza:', var)"],
        [("stdout", rows_R(*torch_repr(m32), [[l["mean"]] for l in LN], lambda i, j: f"L1.ln.mean[{toks[i]}]", lead="media: ")
          + rows_R(*torch_repr(v32), [[l["var"]] for l in LN], lambda i, j: f"L1.ln.var[{toks[i]}]", lead="varianza: "))])
nb.code(["ln = nn.LayerNorm(4)   # eps=1e-05, gamma = 1, beta = 0", "y = ln(x)", "y"],
        [("result", rows_R(*torch_repr(y32, 4, "grad_fn=<NativeLayerNormBackward0>"), [l["norm"] for l in LN],
                           lambda i, j: f"L1.ln.norm[{toks[i]}][{j + 1}]"))])
# the hand check of gato, chained, with the slip in the sum of squares
g = 1; t = toks[g]; xs = Xs[g]
s = lit(LN[g]["sum"]); mu_s = rnd(mpf(s) / 4, 4)
cen = [rnd(mpf(v) - mpf(mu_s), 4) for v in xs]
sq = [rnd(mpf(c) ** 2, 4) for c in cen]
ss_clean = rnd(mpmath.fsum(mpf(q) for q in sq), 4)
SLIP = ss_clean[:-2] + ss_clean[-1] + ss_clean[-2]
assert SLIP != ss_clean
def rest(ssum):
    v = rnd(mpf(ssum) / 4, 4); sd = rnd(mpmath.sqrt(mpf(v) + EPS), 4)
    return v, sd, [rnd(mpf(c) / mpf(sd), 4) for c in cen]
v_c, sd_c, nh_c = rest(ss_clean)
v_s, sd_s, nh_s = rest(SLIP)
d.note = (f"planted slip: in the hand check of gato the sum of squares is written {SLIP} instead of {ss_clean} (last two "
          "digits swapped). The variance, sqrt(var + eps) and the four normalised values of the hand check are worked "
          "from it (propagated, or any where they print the same); the printed tensors above are untouched.")
H = ["## A mano: la fila *gato*", "",
     R(f"1. Suma: ${' + '.join(par(v) for v in xs)} = {s}$, media $\\mu = {s} / 4 = {mu_s}$",
       [(s, f"L1.ln.sum[{t}]", "correct"), (mu_s, f"L1.ln.mean[{t}]", "correct")], xs + [s], nots=["1"]),
     R("2. Desviaciones y cuadrados:", nots=["2"]), "",
     "| componente | $x$ | $x - \\mu$ | $(x - \\mu)^2$ |", "|---|---|---|---|"]
for k in range(4):
    H.append(R(f"| {k + 1} | {xs[k]} | {cen[k]} | {sq[k]} |",
               [(cen[k], f"L1.ln.centered[{t}][{k + 1}]", "correct"), (sq[k], f"L1.ln.sq[{t}][{k + 1}]", "correct")],
               [xs[k]], nots=[str(k + 1)] if str(k + 1) != norm(xs[k]) else []))
H += ["",
      R(f"3. Suma de cuadrados: ${' + '.join(sq)} = {SLIP}$", [(SLIP, f"L1.ln.sqsum[{t}]", "wrong")], sq),
      R(f"4. Varianza: $\\sigma^2 = {SLIP} / 4 = {v_s}$", [(v_s, f"L1.ln.var[{t}]", fate(v_s, v_c))], [SLIP]),
      R(f"5. $\\sqrt{{\\sigma^2 + \\varepsilon}} = \\sqrt{{{v_s} + 0.00001}} = {sd_s}$",
        [(sd_s, f"L1.ln.std[{t}]", fate(sd_s, sd_c))], [v_s], nots=["0.00001"]),
      R("6. Normalizado: $(" + ", ".join(nh_s) + ")$",
        [(nh_s[k], f"L1.ln.norm[{t}][{k + 1}]", fate(nh_s[k], nh_c[k])) for k in range(4)]),
      "", "Coincide con la segunda fila de `y` salvo la última cifra."]
nb.md(H)
chain_close([nh_c], [LN[g]["norm"]], units=5, nd=4)
nb.save()
