"""Spanish WordPress post (Markdown export with the WordPress header lines, `$latex …$` inline shortcodes, [caption]
and [code] shortcodes, categories/tags line, comment count): a causal decoder's last position. One head (Wq, Wk,
Wv 3 -> 3, /sqrt 3) for the query of *come* over el, gato, come under a causal mask, then the output layer W_out
(3 -> 5 words), the next-token softmax and the cross-entropy of the target *pescado*. Exact, 4 decimals."""
from pathlib import Path

from w11lib import *

toks = ["el", "gato", "come"]
vocab = ["el", "gato", "come", "pescado", "leche"]
Xs = [["0.2", "0.8", "-0.1"], ["0.9", "0.3", "0.5"], ["0.4", "-0.2", "1.0"]]
Wqs = [["0.5", "-0.3", "0.2"], ["0.1", "0.6", "0.4"], ["0.7", "0.2", "-0.5"]]
Wks = [["0.3", "0.8", "-0.2"], ["-0.4", "0.1", "0.6"], ["0.6", "0.3", "0.2"]]
Wvs = [["0.9", "-0.1", "0.3"], ["0.2", "0.7", "-0.4"], ["-0.3", "0.4", "0.8"]]
Wos = [["0.4", "-0.6", "0.2", "1.1", "-0.3"], ["-0.5", "0.3", "0.8", "0.2", "0.6"], ["0.1", "0.7", "-0.4", "0.9", "0.5"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
Q, K, V, S, Sc, E, Z, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "E", "Z", "W", "C"))
h = C[2]
Wo = mat(Wos)
logits = vm(h, Wo)
probs = softmax(logits)
tgt = vocab.index("pescado")
loss = -mpmath.log(probs[tgt])
hn = a["np"]["C"][2]
ln_ = hn @ np.array(Wos, float)
agree(logits, ln_); agree(probs, np_softmax(ln_)); close(loss, -np.log(np_softmax(ln_)[tgt]))
assert max(range(5), key=lambda j: probs[j]) == tgt

R = lambda v: rnd(v, 4)
d = Doc("wp-decoder-ce-es", "md",
        "Spanish WordPress post exported to Markdown: a causal decoder's last position (come) over el, gato, come, "
        "Wq/Wk/Wv 3 -> 3, /sqrt 3; then logits over 5 words with W_out, softmax and the cross-entropy of pescado; "
        "$latex$ shortcodes and tables",
        "causal attention (Wq, Wk, Wv 3 -> 3, /sqrt 3), only the last position worked; logits = context W_out over "
        "el, gato, come, pescado, leche; cross-entropy of the next word pescado",
        script=Path(__file__).name)
A = d
A("# Cómo predice un Transformer la siguiente palabra: un ejemplo con números")
A("")
A("Publicado el 3 de marzo de 2025 por **Lucía Ferrán** · [4 comentarios](#comments)", nots=["3", "2025", "4"])
A("")
A("[caption id=\"attachment_812\" align=\"aligncenter\" width=\"640\"]![decoder](https://lucialab.es/wp-content/"
  "uploads/2025/03/decoder.png) Un decodificador, visto de muy cerca.[/caption]", nots=["812", "640"])
A("")
A("En la entrada anterior calculamos una cabeza de atención completa. Hoy hacemos lo que hace GPT al generar: "
  "mirar solo hacia atrás (**máscara causal**), quedarnos con el **último token** y convertir su vector en "
  "probabilidades sobre el vocabulario. La frase es *el gato come* y queremos que la siguiente palabra sea "
  "*pescado*.")
A("")
A("El vocabulario de juguete tiene 5 palabras: el, gato, come, pescado, leche. (GPT-2 tiene 50.257, "
  "pero la cuenta es la misma.)", nots=["5", "2", "50.257"])
A("")
A("## 1. Datos de partida")
A("")
A("| token | posición | embedding |")
A("|---|---|---|")
for i, (t, r) in enumerate(zip(toks, Xs)):
    A(f"| {t} | {i} | ({', '.join(r)}) |", nots=[str(i)])
A("")
A("[code language=\"python\"]")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = [" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "]")
A("# capa de salida: 3 filas (d_model) x 5 columnas (el, gato, come, pescado, leche)", nots=["3", "5"])
A("W_out = [" + ", ".join("[" + ", ".join(r) + "]" for r in Wos) + "]")
A("[/code]")
A("")
A("## 2. Consulta, claves y valores")
A("")
A("Como solo nos interesa la última posición, basta con la consulta de *come*; las claves y los valores "
  "hacen falta para las tres palabras.")
A("")
A("| | vector |")
A("|---|---|")
qs = [R(v) for v in Q[2]]
A(f"| q(come) | ({', '.join(qs)}) |", claims=[(s, f"Q[come][{m + 1}]", "correct") for m, s in enumerate(qs)])
for i, t in enumerate(toks):
    ks = [R(v) for v in K[i]]
    A(f"| k({t}) | ({', '.join(ks)}) |", claims=[(s, f"K[{t}][{m + 1}]", "correct") for m, s in enumerate(ks)])
for i, t in enumerate(toks):
    vs = [R(v) for v in V[i]]
    A(f"| v({t}) | ({', '.join(vs)}) |", claims=[(s, f"V[{t}][{m + 1}]", "correct") for m, s in enumerate(vs)])
A("")
A("## 3. Puntuaciones con máscara causal")
A("")
A("La máscara pone $latex -\\infty$ en las posiciones futuras. Para la última fila no hay futuro, así que las tres "
  "puntuaciones sobreviven:")
A("")
for j, t in enumerate(toks):
    A(f"* $latex q_{{come}} \\cdot k_{{{t}}} = {R(S[2][j])}$, dividido entre $latex \\sqrt{{3}}$: "
      f"$latex {R(Sc[2][j])}$",
      claims=[(R(S[2][j]), f"scores[come,{t}]", "correct"), (R(Sc[2][j]), f"scaled[come,{t}]", "correct")],
      nots=["3"])
A("")
A(f"Exponenciales: $latex e^{{{R(Sc[2][0])}}} = {R(E[2][0])}$, $latex e^{{{R(Sc[2][1])}}} = {R(E[2][1])}$, "
  f"$latex e^{{{R(Sc[2][2])}}} = {R(E[2][2])}$; su suma es {R(Z[2])}.",
  claims=[(R(E[2][j]), f"exp[come,{t}]", "correct") for j, t in enumerate(toks)] + [(R(Z[2]), "expsum[come]", "correct")],
  opts=[R(Sc[2][j]) for j in range(3)])
A("")
A("| pesos de *come* | el | gato | come |")
A("|---|---|---|---|")
ws = [R(v) for v in W[2]]
A("| α | " + " | ".join(ws) + " |", claims=[(s, f"weights[come,{t}]", "correct") for s, t in zip(ws, toks)])
A("")
hs = [R(v) for v in h]
A(f"Vector de contexto: $latex h = \\sum_j \\alpha_j v_j = ({', '.join(hs)})$",
  claims=[(s, f"context[come][{m + 1}]", "correct") for m, s in enumerate(hs)])
A("")
A("## 4. Logits, softmax y pérdida")
A("")
A("Multiplicamos h por W_out y obtenemos un logit por palabra:")
A("")
A("| palabra | logit | e^logit | probabilidad |")
A("|---|---|---|---|")
ex = [mpmath.exp(v) for v in logits]
zs = mpmath.fsum(ex)
for j, wd in enumerate(vocab):
    A(f"| {wd} | {R(logits[j])} | {R(ex[j])} | {R(probs[j])} |",
      claims=[(R(logits[j]), f"logits[come][{wd}]", "correct"), (R(ex[j]), f"logits.exp[come][{wd}]", "correct"),
              (R(probs[j]), f"probs[come][{wd}]", "correct")])
A(f"| **suma** | | {R(zs)} | 1.0000 |", claims=[(R(zs), "logits.expsum[come]", "correct")], nots=["1.0000"])
A("")
A(f"La palabra más probable es *pescado* con $latex p = {R(probs[tgt])}$. Como es justo la palabra correcta, "
  f"la entropía cruzada es pequeña:", claims=[(R(probs[tgt]), "probs[come][pescado]", "correct")])
A("")
A(f"$latex \\mathcal{{L}} = -\\ln p(\\text{{pescado}}) = -\\ln {R(probs[tgt])} = {R(loss)}$",
  claims=[(R(probs[tgt]), "probs[come][pescado]", "correct"), (R(loss), "loss", "correct")])
A("")
A("Si el modelo hubiera repartido la probabilidad por igual, la pérdida sería ln 5 ≈ 1.609 (un valor de "
  "referencia, no un resultado de este ejemplo).", nots=["5", "1.609"])
A("")
A("---")
A("")
A("Categorías: [Deep Learning](https://lucialab.es/category/deep-learning/) · Etiquetas: transformer, gpt, "
  "atención, entropía cruzada")
A("")
A('<h3 id="comments">4 comentarios</h3>', nots=["4"])
A("")
A("**Marcos** · 4 de marzo de 2025 a las 10:12 — ¿Y si el vocabulario tuviera 32.000 palabras? "
  "— *Lucía*: la misma tabla, solo que más larga 🙂", nots=["4", "2025", "10:12", "32.000"])
d.save()
