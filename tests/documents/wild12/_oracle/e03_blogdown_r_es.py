"""Spanish blogdown (Hugo) post with knitr output: self-attention over el, gato, duerme (d_model 3 -> d_k 3,
/ sqrt(3)) in base R; Q, K, V printed as `[,1] [,2] [,3]` matrices with `[1,]` row labels, the scores, exps,
weights and output with the tokens as dimnames, the exp row sums as a named vector; every output line prefixed
`## ` as knitr does; round(…, 4). Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["el", "gato", "duerme"]
Xs = [["1.0", "0.3", "0.2"], ["0.4", "0.9", "0.6"], ["0.2", "0.5", "1.1"]]
Wqs = [["0.5", "0.2", "0.3"], ["0.1", "0.6", "0.4"], ["0.7", "0.3", "0.2"]]
Wks = [["0.4", "0.1", "0.6"], ["0.3", "0.8", "0.2"], ["0.2", "0.5", "0.7"]]
Wvs = [["0.9", "0.2", "0.1"], ["0.3", "0.7", "0.5"], ["0.1", "0.4", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs)
E = [[mpmath.exp(x) for x in r] for r in a["Sc"]]
Z = [mpmath.fsum(r) for r in E]
agree(E, np.exp(a["np"]["Sc"])); agree(Z, np.exp(a["np"]["Sc"]).sum(axis=1))

d = Doc("blogdown-r-es", "md",
        "Spanish blogdown post with knitr output: self-attention over el, gato, duerme with Wq/Wk/Wv 3 -> 3, / sqrt(3), "
        "in base R; matrices printed by R ([,1] headers, [1,] rows, or token dimnames), exp row sums as a named vector",
        "attention with Wq, Wk, Wv (3 -> 3), scaled by sqrt(3), over the tokens el, gato, duerme", script=Path(__file__).name)
A = d
A("---")
A('title: "Atención, paso a paso, en R base"')
A("author: Lucía Ferreyra")
A("date: '2023-06-18'", nots=["2023", "06", "18"])
A("slug: atencion-r-base")
A("categories: [R, aprendizaje-profundo]")
A("tags: [transformers, matrices]")
A("---")
A("")
A("Casi todos los tutoriales de *self-attention* están en Python. Este es para quienes pensamos en R: "
  "sin paquetes, solo `%*%`, `t()` y `exp()`.")
A("")
A("## Los datos")
A("")
A("Tres palabras (*el gato duerme*), embeddings de dimensión 3 y una cabeza con d_k = 3. En el artículo original "
  "d_model = 512 y hay 8 cabezas, pero la cuenta es la misma.", nots=["3", "512", "8"])
A("")
A("```r")
A("X <- matrix(c(" + ", ".join(v for r in Xs for v in r) + "), nrow = 3, byrow = TRUE)")
for nm, M in (("Wq", Wqs), ("Wk", Wks), ("Wv", Wvs)):
    A(f"{nm} <- matrix(c(" + ", ".join(v for r in M for v in r) + "), nrow = 3, byrow = TRUE)")
A('palabras <- c("el", "gato", "duerme")')
A("```")
A("")
A("## Proyecciones")
A("")
A("```r")
A("Q <- X %*% Wq")
A("K <- X %*% Wk")
A("V <- X %*% Wv")
A("round(Q, 4)")
A("```")
A("")
A("```")
l, rl, c = r_matrix(a["Q"]); put(d, l, rl, c, "Q", toks)
A("```")
A("")
A("```r")
A("round(K, 4)")
A("```")
A("")
A("```")
l, rl, c = r_matrix(a["K"]); put(d, l, rl, c, "K", toks)
A("```")
A("")
A("```r")
A("round(V, 4)")
A("```")
A("")
A("```")
l, rl, c = r_matrix(a["V"]); put(d, l, rl, c, "V", toks)
A("```")
A("")
A(f"La primera fila de Q es la de *el*: 1.0·0.5 + 0.3·0.1 + 0.2·0.7 = {lit(a['Q'][0][0])}.",
  claims=[(lit(a["Q"][0][0]), "Q[el][1]", "correct")], opts=["1.0", "0.5", "0.3", "0.1", "0.2", "0.7"])
A("")
A("## Puntuaciones")
A("")
A("```r")
A("S <- Q %*% t(K) / sqrt(3)")
A("dimnames(S) <- list(palabras, palabras)")
A("round(S, 4)")
A("```")
A("")
A("```")
l, rl, c = r_matrix(a["Sc"], rownames=toks, colnames=toks); put(d, l, rl, c, "scaled", toks)
A("```")
A("")
A("## Softmax por filas")
A("")
A("```r")
A("E <- exp(S)")
A("round(E, 4)")
A("```")
A("")
A("```")
l, rl, c = r_matrix(E, rownames=toks, colnames=toks); put(d, l, rl, c, "exp", toks)
A("```")
A("")
A("```r")
A("round(rowSums(E), 4)")
A("```")
A("")
A("```")
for head, body, vals in r_vector(toks, Z, digits=7):
    pass
zs = [rnd(z, 4) for z in Z]
w = max(max(len(n), len(s)) for n, s in zip(toks, zs))
A("## " + " ".join(n.rjust(w) for n in toks))
A("## " + " ".join(s.rjust(w) for s in zs), claims=[(s, f"expsum[{t}]", "correct") for s, t in zip(zs, toks)])
A("```")
A("")
A("```r")
A("A <- E / rowSums(E)")
A("round(A, 4)")
A("```")
A("")
A("```")
l, rl, cw = r_matrix(a["W"], rownames=toks, colnames=toks); put(d, l, rl, cw, "weights", toks)
A("```")
A("")
A("Cada fila suma 1 (compruébalo con `rowSums(A)`).", nots=["1"])
A("")
A("## Salida")
A("")
A("```r")
A("Z <- A %*% V")
A("rownames(Z) <- palabras")
A("round(Z, 4)")
A("```")
A("")
A("```")
l, rl, c = r_matrix(a["C"], rownames=toks); put(d, l, rl, c, "context", toks)
A("```")
A("")
A(f"*gato* reparte su atención así: {cw[1][0]}, {cw[1][1]} y {cw[1][2]}.",
  claims=[(cw[1][k], f"weights[gato,{toks[k]}]", "correct") for k in range(3)])
A("")
A("_Sesión: R version 4.3.1 (2023-06-16)_", nots=["4.3.1"])
d.save()
