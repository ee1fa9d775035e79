"""Brazilian Portuguese Markdown blog post (Hugo front matter with date/tags/categories, numbered sections, Markdown
tables with the tokens as row labels, a `> **Obs.:**` remark): self-attention over eu, amo, café with Wq/Wk 3 -> 2
and Wv 3 -> 3, scaled by sqrt(2), then the residual X + Z and a LayerNorm (biased variance, eps = 1e-5, gamma 1,
beta 0) on each row; 4 decimals. Exact rounding."""
from pathlib import Path

from w10lib import *

toks = ["eu", "amo", "café"]
Xs = [["1.0", "0.2", "-0.5"], ["0.3", "0.8", "0.6"], ["-0.4", "0.5", "1.1"]]
Wqs = [["0.6", "0.2"], ["0.3", "0.7"], ["-0.4", "0.5"]]
Wks = [["0.5", "-0.3"], ["0.8", "0.4"], ["0.2", "0.9"]]
Wvs = [["0.7", "0.1", "0.3"], ["0.2", "0.6", "-0.4"], ["0.5", "0.3", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs)
X, Q, K, V, Sc, W, C = (a[k] for k in ("X", "Q", "K", "V", "Sc", "W", "C"))
EPS = mpf("1e-5")
R = [[x + z for x, z in zip(xr, zr)] for xr, zr in zip(X, C)]
LN = [layernorm(r, eps=EPS) for r in R]
# float64 check of the Add & Norm
Rn = np.array(Xs, float) + a["np"]["C"]
mu = Rn.mean(-1, keepdims=True); var = Rn.var(-1, keepdims=True)
agree(R, Rn); agree([l["mean"] for l in LN], mu[:, 0]); agree([l["var"] for l in LN], var[:, 0])
agree([l["out"] for l in LN], (Rn - mu) / np.sqrt(var + 1e-5))
Rp = [[rnd(v, 4) for v in r] for r in R]
# the mean worked from the printed residuals prints the same as the exact mean
for r, l in zip(Rp, LN):
    assert rnd(mpmath.fsum(mpf(s) for s in r) / 3, 4) == rnd(l["mean"], 4)

d = Doc("blog-addnorm-pt", "md",
        "Brazilian Portuguese Hugo blog post: self-attention over eu, amo, café (Wq/Wk 3 -> 2, Wv 3 -> 3, scaled by "
        "sqrt(2)), then the residual X + Z and a LayerNorm per row (biased variance, eps 1e-5); Markdown tables with "
        "tokens as row labels, 4 decimals",
        "attention with Wq, Wk (3 -> 2) and Wv (3 -> 3), scaled by sqrt(2), then x + attention and LayerNorm "
        "(eps 1e-5, gamma 1, beta 0), over the tokens eu, amo, café",
        script=Path(__file__).name)
A = d


def table(head, rows, qty, first="token"):
    A(f"| {first} | " + " | ".join(head) + " |")
    A("|---|" + "---|" * len(head))
    for i, t in enumerate(toks):
        A(f"| {t} | " + " | ".join(rows[i]) + " |", claims=[(s, qty(t, j), "correct") for j, s in enumerate(rows[i])])


A("---")
A('title: "Atenção, resíduo e LayerNorm: um exemplo completo feito à mão"')
A("date: 2024-03-22T10:30:00-03:00", nots=["2024", "03", "22"])
A("draft: false")
A('tags: ["transformers", "nlp", "deep learning"]')
A('categories: ["Tutoriais"]')
A("---")
A("")
A("Quase todo tutorial para na saída da atenção. Mas num Transformer de verdade essa saída ainda é **somada à "
  "entrada** (a conexão residual) e passa por uma **LayerNorm**. Neste post eu faço tudo isso à mão, com a frase "
  "*eu amo café*.")
A("")
A("## 1. Dados de entrada")
A("")
A("Cada palavra tem um vetor de 3 posições; a cabeça de atenção usa d_k = 2 para Q e K, e V tem 3 colunas para "
  "que o resíduo possa ser somado.", nots=["3", "2"])
A("")
A("| token | x1 | x2 | x3 |")
A("|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("```")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"{nm} = [" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "]")
A("```")
A("")
A("## 2. Q, K e V")
A("")
for nm in ("Q", "K", "V"):
    M = a[nm]
    table([f"{nm.lower()}{k + 1}" for k in range(len(M[0]))], [[rnd(v, 2) for v in r] for r in M],
          lambda t, j, nm=nm: f"{nm}[{t}][{j + 1}]")
    A("")
A("## 3. Pontuações escaladas e softmax")
A("")
A("Dividimos QKᵀ por √2 e aplicamos a softmax em cada linha:", nots=["2"])
A("")
table(toks, [[rnd(v, 4) for v in r] for r in Sc], lambda t, j: f"scaled[{t},{toks[j]}]", first="QKᵀ/√2")
A("")
Wp = [[rnd(v, 4) for v in r] for r in W]
table(toks, Wp, lambda t, j: f"weights[{t},{toks[j]}]", first="pesos")
A("")
A("## 4. Saída da atenção Z = pesos · V")
A("")
Zp = [[rnd(v, 4) for v in r] for r in C]
table(["z1", "z2", "z3"], Zp, lambda t, j: f"context[{t}][{j + 1}]")
A("")
A("## 5. Conexão residual: X + Z")
A("")
A(f"Para *eu*: [1.0, 0.2, -0.5] + [{', '.join(Zp[0])}] = [{', '.join(Rp[0])}].",
  claims=[(s, f"resid[eu][{j + 1}]", "correct") for j, s in enumerate(Rp[0])], opts=["1.0", "0.2", "-0.5"] + Zp[0])
A("")
table(["r1", "r2", "r3"], Rp, lambda t, j: f"resid[{t}][{j + 1}]")
A("")
A("## 6. LayerNorm")
A("")
A("Para cada linha calculamos a média μ e a variância σ² (dividindo por 3, não por 2), e então "
  "(x − μ) / √(σ² + ε) com ε = 1e-5, como no `nn.LayerNorm` do PyTorch. γ = 1 e β = 0.",
  nots=["3", "2", "1e-5", "1", "0"])
A("")
m0 = rnd(LN[0]["mean"], 4)
A(f"Exemplo para *eu*: μ = ({' + '.join(par(s) for s in Rp[0])}) / 3 = {m0}",
  claims=[(m0, "ln.mean[eu]", "correct")], opts=Rp[0], nots=["3"])
A("")
v0 = rnd(LN[0]["var"], 4)
A(f"e σ² = {v0}, logo √(σ² + ε) ≈ {rnd(LN[0]['std'], 4)}.",
  claims=[(v0, "ln.var[eu]", "correct"), (rnd(LN[0]["std"], 4), "ln.std[eu]", "correct")])
A("")
A("| token | μ | σ² | y1 | y2 | y3 |")
A("|---|---|---|---|---|---|")
for i, t in enumerate(toks):
    l = LN[i]
    ss = [rnd(l["mean"], 4), rnd(l["var"], 4)] + [rnd(v, 4) for v in l["out"]]
    qs = [f"ln.mean[{t}]", f"ln.var[{t}]"] + [f"ln.out[{t}][{k + 1}]" for k in range(3)]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, q, "correct") for s, q in zip(ss, qs)])
A("")
A("> **Obs.:** cada linha de y tem média 0 e variância (quase) 1; o ε deixa a variância um pouquinho abaixo de 1.",
  nots=["0", "1"])
A("")
A("Pronto: essa é a saída da subcamada de atenção de um bloco Post-LN. No próximo post vem a feed-forward.")
d.save()
