"""Brazilian Portuguese Stack Overflow em Português question with an accepted answer that works ONE row of
self-attention (the token "gato"): X given (d_model 3), Wq/Wk/Wv 3 -> 2; the answer computes q for gato only, K and V
for all three tokens, the three scores, /sqrt(2), the softmax and the output row. Exact rounding."""
from pathlib import Path

from w20lib import *

toks = ["o", "gato", "dorme"]
Xs = [["0.2", "0.9", "-0.1"], ["1.0", "0.3", "0.5"], ["-0.4", "0.6", "0.8"]]
Wqs = [["0.4", "-0.2"], ["0.1", "0.5"], ["0.3", "0.7"]]
Wks = [["0.6", "0.1"], ["-0.3", "0.4"], ["0.2", "0.9"]]
Wvs = [["0.5", "0.3"], ["0.2", "-0.6"], ["0.8", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
E = a["E"]; Z = a["Z"]
g = 1

d = Doc("so-linha-atencao-pt", "md",
        "Brazilian Portuguese Stack Overflow em Português Q&A copied as Markdown: the accepted answer works one row of "
        "self-attention (gato) from X and Wq/Wk/Wv 3 -> 2, /sqrt(2), 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over o, gato, dorme; only the gato row is worked",
        script=Path(__file__).name)
A = d
A("# Como calcular à mão uma linha da self-attention?")
A("")
A("Perguntada 2 anos, 3 meses atrás · Modificada 1 ano, 8 meses atrás · Vista 1k vezes", nots=["2", "3", "1", "8", "1k"])
A("")
A("▲ 4 ▼", nots=["4"])
A("")
A("Estou estudando Transformers e queria conferir um exemplo pequeno. A frase é *o gato dorme*, com embeddings de "
  "dimensão 3:", nots=["3"])
A("")
A("```python")
A("X = [[" + ", ".join(Xs[0]) + "],   # o")
A("     [" + ", ".join(Xs[1]) + "],   # gato")
A("     [" + ", ".join(Xs[2]) + "]]   # dorme")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = [" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "]")
A("```")
A("")
A("Não quero a matriz inteira, só entender a linha do *gato*. Alguém pode mostrar passo a passo? Já li o paper "
  "(seção 3.2.1) mas me perdi na parte do √d_k.", nots=["3.2.1"])
A("")
A("`python` `deep-learning` `transformer` `pytorch`")
A("")
A("perguntada 12/03/2023 às 14:07 · **lucas.f** 23 ● 4", nots=["12/03/2023", "14:07", "23", "4"])
A("")
A("---")
A("")
A("## 1 Resposta", nots=["1"])
A("")
A("▲ 6 ▼ ✔", nots=["6"])
A("")
A("Vamos só pela linha do *gato* (a segunda linha de X).")
A("")
A("**1. A query do gato.** Multiplique a linha do gato por W_q:")
A("")
A(f"q_gato = [{', '.join(Xs[1])}] · W_q = [{lit(Q[g][0])}, {lit(Q[g][1])}]",
  claims=[(lit(Q[g][m]), f"Q[gato][{m + 1}]", "correct") for m in range(2)], opts=Xs[1])
A("")
A("**2. As chaves e os valores de todos os tokens** (precisa de todos, porque o gato olha para todo mundo):")
A("")
A("| token | k | v |")
A("|---|---|---|")
for i, t in enumerate(toks):
    kk = [lit(x) for x in K[i]]; vv = [lit(x) for x in V[i]]
    A(f"| {t} | ({', '.join(kk)}) | ({', '.join(vv)}) |",
      claims=[(x, f"K[{t}][{m + 1}]", "correct") for m, x in enumerate(kk)]
      + [(x, f"V[{t}][{m + 1}]", "correct") for m, x in enumerate(vv)])
A("")
A("**3. Os scores** q_gato · k_j:")
A("")
for j, t in enumerate(toks):
    s = lit(S[g][j])
    A(f"- gato → {t}: {lit(Q[g][0])}·{par(lit(K[j][0]))} + {lit(Q[g][1])}·{par(lit(K[j][1]))} = {s}",
      claims=[(s, f"scores[gato,{t}]", "correct")], opts=[lit(Q[g][0]), lit(K[j][0]), lit(Q[g][1]), lit(K[j][1])])
A("")
A(f"**4. Escala.** d_k = 2, então divida por √2 ≈ {rnd(c, 4)}:", claims=[(rnd(c, 4), "sqrt_dk", "correct")], nots=["2"])
A("")
sc = [rnd(x, 4) for x in Sc[g]]
A("scaled = [" + ", ".join(sc) + "]", claims=[(x, f"scaled[gato,{t}]", "correct") for x, t in zip(sc, toks)])
A("")
A("**5. Softmax.**")
A("")
ee = [rnd(x, 4) for x in E[g]]
A("exp = [" + ", ".join(ee) + f"], soma = {rnd(Z[g], 4)}",
  claims=[(x, f"exp[gato,{t}]", "correct") for x, t in zip(ee, toks)] + [(rnd(Z[g], 4), "expsum[gato]", "correct")])
ww = [rnd(x, 4) for x in W[g]]
A("pesos = [" + ", ".join(ww) + "]", claims=[(x, f"weights[gato,{t}]", "correct") for x, t in zip(ww, toks)])
A("")
A("**6. Saída.** Média dos v ponderada pelos pesos:")
A("")
oo = [rnd(x, 4) for x in C[g]]
A("z_gato = [" + ", ".join(oo) + "]", claims=[(x, f"context[gato][{m + 1}]", "correct") for m, x in enumerate(oo)])
A("")
A(f"Repare que o maior peso ({max(ww)}) vai para *{toks[ww.index(max(ww))]}*. As outras duas linhas saem do "
  "mesmo jeito, trocando q.", claims=[(max(ww), f"weights[gato,{toks[ww.index(max(ww))]}]", "correct")])
A("")
A("respondida 12/03/2023 às 15:31 · **mariana.c** 8.412 ● 3 ● 19 ● 41",
  nots=["12/03/2023", "15:31", "8.412", "3", "19", "41"])
A("")
A("> Perfeito, era a divisão por √2 que eu estava esquecendo. Valeu! – lucas.f 12/03/2023 às 16:02",
  nots=["12/03/2023", "16:02"])
d.save()
