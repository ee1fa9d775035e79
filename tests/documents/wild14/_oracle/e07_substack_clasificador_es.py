"""Spanish Substack newsletter exported to Markdown: single-head attention over a 3-token sentence ("no me gustó"),
its rows listed in alphabetical order, not the sentence's; the mean of the three outputs, a hidden ReLU layer and a
one-output sigmoid (binary sentiment classification). Exact rounding, 4 decimals."""
from pathlib import Path

from w14lib import *

sent = ["no", "me", "gustó"]
toks = ["gustó", "me", "no"]          # the order of the rows in the document
Xd = {"no": ["0.9", "-0.6", "0.2"], "me": ["0.1", "0.4", "0.7"], "gustó": ["0.5", "0.8", "-0.3"]}
Xs = [Xd[t] for t in toks]
Wqs = [["0.4", "-0.2"], ["0.3", "0.5"], ["-0.1", "0.6"]]
Wks = [["0.2", "0.7"], ["-0.5", "0.1"], ["0.4", "0.3"]]
Wvs = [["0.6", "0.1"], ["-0.2", "0.9"], ["0.5", "-0.4"]]
W1s = [["0.8", "-0.5", "0.3"], ["-0.4", "0.6", "0.9"]]
b1s = ["0.1", "-0.2", "0.05"]
W2s = [["1.2"], ["-0.7"], ["0.9"]]
b2s = ["-0.3"]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
pool = [mpmath.fsum(C[i][m] for i in range(3)) / 3 for m in range(2)]
hnet = [h + mpf(b) for h, b in zip(vm(pool, mat(W1s)), b1s)]
hid = [max(h, mpf(0)) for h in hnet]
logit = vm(hid, mat(W2s))[0] + mpf(b2s[0])
prob = sigmoid(logit)
pn = a["np"]["C"].mean(0); hn = pn @ np.array(W1s, float) + np.array(b1s, float)
ln_ = np.maximum(hn, 0) @ np.array(W2s, float)[:, 0] + float(b2s[0])
agree(pool, pn); agree(hnet, hn); agree([logit, prob], [ln_, 1 / (1 + np.exp(-ln_))])
assert min(hnet) < 0
r = lambda q: rnd(q, 4)

d = Doc("substack-clasificador-es", "md",
        "Spanish Substack post: attention (Wq/Wk/Wv 3 -> 2, /sqrt 2) over no, me, gustó with rows in alphabetical "
        "order, mean pooling, hidden ReLU layer, one sigmoid output; 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over no, me, gustó; then the mean of the positions, "
        "a ReLU layer W1, b1 and a one-output sigmoid layer W2, b2",
        script=Path(__file__).name)
A = d
A("# ¿Le gustó o no? Un clasificador de sentimiento con atención, a mano")
A("")
A("### Edición #23 de *Redes sin misterio*: de la atención a una probabilidad, sin saltarse ninguna cuenta",
  nots=["23"])
A("")
A("[Camila Ortega](https://substack.com/@camilaortega)")
A("")
A("mar 15, 2024", nots=["15", "2024"])
A("")
A("∙ Pagado")
A("")
A("Compartir")
A("")
A("Hoy vamos a clasificar la frase *no me gustó* como positiva o negativa. El modelo es diminuto: una cabeza de "
  "atención, el promedio de las tres posiciones, una capa oculta con ReLU y una salida sigmoide.")
A("")
A("## 1. Embeddings")
A("")
A("Ojo: las filas están en orden alfabético, no en el orden de la frase.")
A("")
A("| palabra | e1 | e2 | e3 |")
A("|---|---|---|---|")
for t, r_ in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r_) + " |")
A("")
A("Pesos de la cabeza (3 × 2):", nots=["3", "2"])
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"- {nm} = [" + ", ".join("[" + ", ".join(row) + "]" for row in M) + "]")
A("")
A("## 2. Q, K y V")
A("")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    A(f"| {nm} | c1 | c2 |")
    A("|---|---|---|")
    for i, t in enumerate(toks):
        ss = [lit(v) for v in M[i]]
        A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"{nm}[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
    A("")
A("## 3. Puntuaciones y softmax")
A("")
A("Dividimos QKᵀ entre √2 ≈ 1.4142 y aplicamos softmax por filas:", claims=[(r(a["c"]), "sqrt_dk", "correct")],
  nots=["2"])
A("")
A("| pesos | " + " | ".join(toks) + " |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss = [r(v) for v in W[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"weights[{t},{toks[j]}]", "correct") for j, s in enumerate(ss)])
A("")
sc = [r(v) for v in Sc[2]]
A(f"Por ejemplo, para *no* las puntuaciones escaladas son {sc[0]}, {sc[1]} y {sc[2]}.",
  claims=[(s, f"scaled[no,{toks[j]}]", "correct") for j, s in enumerate(sc)])
A("")
A("## 4. Salida de la atención")
A("")
A("| salida | c1 | c2 |")
A("|---|---|---|")
for i, t in enumerate(toks):
    ss = [r(v) for v in C[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"context[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
A("")
A("## 5. Promedio de las posiciones")
A("")
pp = [r(v) for v in pool]
A(f"h̄ = ({' + '.join(r(C[i][0]) for i in range(3))}) / 3 = {pp[0]} en la primera componente; el vector completo es "
  f"h̄ = [{pp[0]}, {pp[1]}].",
  claims=[(pp[0], "pool[mean][1]", "correct"), (pp[0], "pool[mean][1]", "correct"), (pp[1], "pool[mean][2]", "correct")],
  opts=[r(C[i][0]) for i in range(3)], nots=["3"])
A("")
A("## 6. Capa oculta (ReLU)")
A("")
A("W1 = [" + ", ".join("[" + ", ".join(row) + "]" for row in W1s) + "], b1 = [" + ", ".join(b1s) + "]")
A("")
hn_ = [r(v) for v in hnet]
hd_ = [r(v) for v in hid]
A("| neurona | z = h̄·W1 + b1 | ReLU(z) |")
A("|---|---|---|")
for k in range(3):
    A(f"| {k + 1} | {hn_[k]} | {hd_[k]} |",
      claims=[(hn_[k], f"hid.net[mean][{k + 1}]", "correct"), (hd_[k], f"hid[mean][{k + 1}]", "correct")])
A("")
A("## 7. Salida sigmoide")
A("")
A("W2 = [" + ", ".join(w[0] for w in W2s) + "]ᵀ, b2 = " + b2s[0])
A("")
A(f"logit = {hd_[0]}·{W2s[0][0]} + {hd_[1]}·({W2s[1][0]}) + {hd_[2]}·{W2s[2][0]} + ({b2s[0]}) = {r(logit)}",
  claims=[(r(logit), "cls.net[mean][1]", "correct")], opts=hd_ + [W2s[0][0], W2s[1][0], W2s[2][0], b2s[0]])
A("")
A(f"p = σ({r(logit)}) = 1 / (1 + e^({r(-logit)})) = **{r(prob)}**",
  claims=[(r(prob), "out[mean][1]", "correct")], opts=[r(logit), r(-logit)])
A("")
lab = "positiva" if prob > mpf("0.5") else "negativa"
A(f"Con el umbral de 0.5 la frase queda como **{lab}**. Con pesos aleatorios, claro: falta entrenar.", nots=["0.5"])
A("")
A("---")
A("")
A("Gracias por leer *Redes sin misterio*. Suscríbete gratis para recibir la edición #24.", nots=["24"])
A("")
A("[1] Vaswani et al., 2017. [2] Goodfellow, Bengio y Courville, *Deep Learning*, cap. 6.", nots=["2017", "6"])
d.save()
