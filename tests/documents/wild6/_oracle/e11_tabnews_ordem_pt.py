"""Brazilian Portuguese TabNews post (Markdown: author/coins header line, numbered sections, tables, a fenced code block
of hand working): attention worked in an unusual order, for the last token only: first all values V = X Wv, then all
keys, then the one query of the last word, its scores / sqrt(3), softmax, the output, then the residual x + o and a
LayerNorm (eps = 0, no gamma/beta) of that single row."""
from pathlib import Path

from w6lib import *

toks = ["eu", "gosto", "de", "café"]
Xs = [["0.3", "0.8", "-0.2"], ["-0.5", "0.4", "0.9"], ["0.1", "-0.6", "0.3"], ["0.7", "0.2", "0.5"]]
Wq = [["0.4", "-0.2", "0.6"], ["0.1", "0.5", "-0.3"], ["0.7", "0.3", "0.2"]]
Wk = [["0.5", "0.3", "-0.1"], ["-0.4", "0.6", "0.2"], ["0.2", "-0.1", "0.8"]]
Wv = [["0.6", "0.1", "0.3"], ["-0.2", "0.7", "0.4"], ["0.5", "-0.3", "0.1"]]
X = mat(Xs)
K, V = mm(X, mat(Wk)), mm(X, mat(Wv))
q = vm(X[3], mat(Wq))
s = [dot(q, k) for k in K]
sc = [v / mpmath.sqrt(3) for v in s]
e = [mpmath.exp(v) for v in sc]
Z = mpmath.fsum(e)
a = [v / Z for v in e]
o = [mpmath.fsum(a[j] * V[j][m] for j in range(4)) for m in range(3)]
r = [X[3][m] + o[m] for m in range(3)]
ln = layernorm(r)
Xn = np.array(Xs, float)
Kn, Vn = Xn @ np.array(Wk, float), Xn @ np.array(Wv, float)
qn = Xn[3] @ np.array(Wq, float)
an = np.exp(Kn @ qn / np.sqrt(3)); an /= an.sum()
on = an @ Vn; rn = Xn[3] + on
agree(a, an); agree(o, on); agree(ln["norm"], (rn - rn.mean()) / rn.std())
F = lambda v: rnd(v, 4)

d = Doc("tabnews-ordem-pt", "md",
        "Brazilian Portuguese TabNews post (header line with author, coins and time, numbered sections, Markdown "
        "tables, a fenced block of hand working): attention for the last token only, worked in an unusual order: "
        "V for all tokens first, then K, then the single query of 'café', scores / sqrt(3), e^x, sum, weights, output, "
        "then the residual x + o and a LayerNorm (eps = 0, no gamma/beta) of that row",
        "softmax(q_café K^T / sqrt(3)) V with Q = X Wq, K = X Wk, V = X Wv (only the row of café), then "
        "LayerNorm(x_café + o) with eps = 0",
        script=Path(__file__).name)
A = d
A("# Atenção de trás pra frente: calculando só a última palavra (e o Add & Norm dela)")
A("")
A("**marinacosta** · 42 tabcoins · há 3 dias", nots=["42", "3"])
A("")
A("Quando eu estudo um modelo autoregressivo, o que me interessa no fim é a saída da **última** posição, "
  "porque é dela que sai a próxima palavra. Então resolvi fazer a conta na ordem em que eu penso nela: primeiro os "
  "valores (o que pode ser copiado), depois as chaves, e só no fim a pergunta.")
A("")
A("Frase: `eu gosto de café`. Dimensão 3 em tudo.", nots=["3"])
A("")
A("## 0. Dados")
A("")
A("| token | x |")
A("|---|---|")
for t, x in zip(toks, Xs):
    A(f"| {t} | [{', '.join(x)}] |")
A("")
A("```")
for nm, Wm in (("Wv", Wv), ("Wk", Wk), ("Wq", Wq)):
    A(f"{nm} = " + "[" + ", ".join("[" + ", ".join(r_) + "]" for r_ in Wm) + "]")
A("```")
A("")
A("## 1. Valores primeiro: V = X·Wv")
A("")
A("| token | v |")
A("|---|---|")
for i, t in enumerate(toks):
    vs = [lit(x) for x in V[i]]
    A(f"| {t} | [{', '.join(vs)}] |", claims=[(vs[m], f"V[{t}][{m + 1}]", "correct") for m in range(3)])
A("")
A("## 2. Chaves: K = X·Wk")
A("")
A("| token | k |")
A("|---|---|")
for i, t in enumerate(toks):
    ks = [lit(x) for x in K[i]]
    A(f"| {t} | [{', '.join(ks)}] |", claims=[(ks[m], f"K[{t}][{m + 1}]", "correct") for m in range(3)])
A("")
A("## 3. Só agora a pergunta: q de \"café\"")
A("")
qs = [lit(x) for x in q]
A(f"q_café = [{', '.join(Xs[3])}]·Wq = [{', '.join(qs)}]",
  claims=[(qs[m], f"Q[café][{m + 1}]", "correct") for m in range(3)], opts=Xs[3])
A("")
A("## 4. Scores, softmax, saída")
A("")
A("```")
for j, t in enumerate(toks):
    A(f"q·k_{t:<6} = {lit(s[j]):>7}   /√3 = {F(sc[j]):>7}   e^ = {F(e[j])}",
      claims=[(lit(s[j]), f"scores[café,{t}]", "correct"), (F(sc[j]), f"scaled[café,{t}]", "correct"),
              (F(e[j]), f"exp[café,{t}]", "correct")], nots=["3"])
A(f"soma dos e^          = {F(Z)}", claims=[(F(Z), "expsum[café]", "correct")])
A("```")
A("")
A("| token | peso α |")
A("|---|---|")
for j, t in enumerate(toks):
    A(f"| {t} | {F(a[j])} |", claims=[(F(a[j]), f"weights[café,{t}]", "correct")])
A("")
os_ = [F(v) for v in o]
A(f"Saída: o = Σ α_j·v_j = [{', '.join(os_)}]", claims=[(os_[m], f"context[café][{m + 1}]", "correct") for m in range(3)])
A("")
A("## 5. Add & Norm da última posição")
A("")
rs = [F(v) for v in r]
A(f"Residual: x_café + o = [{', '.join(Xs[3])}] + [{', '.join(os_)}] = [{', '.join(rs)}]",
  claims=[(rs[m], f"resid[café][{m + 1}]", "correct") for m in range(3)], opts=Xs[3] + os_)
A("")
A(f"- média μ = {F(ln['mean'])}", claims=[(F(ln["mean"]), "ln.mean[café]", "correct")])
A(f"- variância (dividindo por 3) = {F(ln['var'])}", claims=[(F(ln["var"]), "ln.var[café]", "correct")], nots=["3"])
A(f"- desvio padrão = {F(ln['std'])}", claims=[(F(ln["std"]), "ln.std[café]", "correct")])
ns = [F(v) for v in ln["norm"]]
A(f"- normalizado = [{', '.join(ns)}]", claims=[(ns[m], f"ln.norm[café][{m + 1}]", "correct") for m in range(3)])
A("")
A("Usei ε = 0 e nada de γ/β (ou seja, γ = 1 e β = 0) para não poluir a conta.", nots=["0", "1", "0"])
A("")
A("## Por que essa ordem?")
A("")
A("Porque num decoder com cache (KV cache), V e K das palavras anteriores já estão prontos; a cada passo só "
  "aparece uma pergunta nova. Fazer a conta assim deixa isso bem visível.")
A("")
A("Se alguém quiser, posto a versão em NumPy nos comentários. 🙂")
d.save()
