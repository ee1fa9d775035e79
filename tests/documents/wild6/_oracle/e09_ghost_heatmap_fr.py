"""French Ghost blog post (Markdown export: feature image, kg-card callout, reading time, tag list) full of filler
numbers (the paper's d_model = 512, h = 8, d_k = 64, BLEU, GPU days, dates, versions, reference markers) around a
small worked example: self-attention with Wq, Wk, Wv on 3 tokens (d_model = 3, d_k = 2), attention weights given as
percentages in a table and again as a text heatmap of block characters, outputs."""
from pathlib import Path

from w6lib import *

toks = ["la", "pluie", "tombe"]
Xs = [["0.4", "0.1", "-0.3"], ["0.9", "-0.5", "0.6"], ["-0.2", "0.8", "0.7"]]
Wq = [["0.5", "0.2"], ["-0.3", "0.9"], ["0.8", "-0.1"]]
Wk = [["0.6", "-0.4"], ["0.1", "0.7"], ["0.3", "0.5"]]
Wv = [["0.2", "0.9"], ["0.7", "-0.2"], ["-0.5", "0.4"]]
X = mat(Xs)
Q, K, V = mm(X, mat(Wq)), mm(X, mat(Wk)), mm(X, mat(Wv))
S, Sc, E, Z, W, O = sdpa(Q, K, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wq, Wk, Wv))
Wn = np_softmax(Qn @ Kn.T / np.sqrt(2))
agree(W, Wn); agree(O, Wn @ Vn); agree(S, Qn @ Kn.T)
F = lambda v: rnd(v, 4)
pc = lambda v: rnd(v * 100, 1)

d = Doc("ghost-heatmap-fr", "md",
        "French Ghost blog post exported to Markdown (feature image, kg-card callout, reading time, tags) with many "
        "filler numbers (the paper's hyper-parameters, BLEU, GPU days, dates, versions, reference markers) around a "
        "worked example: self-attention with Wq, Wk, Wv on 3 tokens (d_model = 3, d_k = 2): Q, K, V, raw and scaled "
        "scores, weights as percentages in a table and as a text heatmap, outputs",
        "softmax(Q K^T / sqrt(2)) V with Q = X Wq, K = X Wk, V = X Wv",
        script=Path(__file__).name)
A = d
A("---")
A('title: "L\'attention, vue de près : une carte de chaleur à la main"')
A("slug: attention-carte-de-chaleur")
A("date: 2024-03-12T08:30:00.000Z", nots=["2024", "03", "12"])
A("tags: [NLP, Transformers, Pédagogie]")
A("feature_image: https://blog.lemodele.fr/content/images/2024/03/heatmap-cover.png", nots=["2024", "03"])
A("---")
A("")
A("*Lecture : 9 min · mis à jour le 2 avril 2024*", nots=["9", "2", "2024"])
A("")
A("En 2017, l'article *Attention Is All You Need* [1] a remplacé les réseaux récurrents par un empilement de couches "
  "d'attention. Le modèle « base » utilisait d_model = 512, h = 8 têtes et d_k = d_v = 64 ; il a atteint 27.3 BLEU "
  "en anglais-allemand après 12 heures sur 8 GPU P100 [1, tableau 3].",
  nots=["2017", "1", "512", "8", "64", "64", "27.3", "12", "8", "100", "3"])
A("")
A("Ces nombres impressionnent, mais ils cachent une opération très simple. Réduisons tout à 3 mots et 2 dimensions "
  "pour la voir en entier.", nots=["3", "2"])
A("")
A('<div class="kg-card kg-callout-card kg-callout-card-blue"><div class="kg-callout-emoji">💡</div>'
  '<div class="kg-callout-text">Les valeurs ci-dessous sont inventées ; seule la mécanique compte.</div></div>')
A("")
A("## Le décor")
A("")
A("Phrase : « la pluie tombe ». Chaque mot a un plongement de dimension 3 (dans GPT-2 small ce serait 768) :",
  nots=["3", "2", "768"])
A("")
A("| mot | x |")
A("|---|---|")
for t, x in zip(toks, Xs):
    A(f"| {t} | ({', '.join(x)}) |")
A("")
A("Les trois matrices de projection (3 × 2) :", nots=["3", "2"])
A("")
A("```python")
for nm, Wm in (("W_Q", Wq), ("W_K", Wk), ("W_V", Wv)):
    A(f"{nm} = [" + ", ".join("[" + ", ".join(r) + "]" for r in Wm) + "]")
A("```")
A("")
A("## Requêtes, clés, valeurs")
A("")
A("| mot | q = xW_Q | k = xW_K | v = xW_V |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    q, k, v = ([lit(a) for a in M_[i]] for M_ in (Q, K, V))
    A(f"| {t} | ({', '.join(q)}) | ({', '.join(k)}) | ({', '.join(v)}) |",
      claims=[(q[m], f"Q[{t}][{m + 1}]", "correct") for m in range(2)] + [(k[m], f"K[{t}][{m + 1}]", "correct")
              for m in range(2)] + [(v[m], f"V[{t}][{m + 1}]", "correct") for m in range(2)])
A("")
A("## Scores")
A("")
A(f"On calcule q·k pour chaque paire, puis on divise par √2 ≈ {F(mpmath.sqrt(2))} (dans le vrai modèle ce serait "
  "√64 = 8).", claims=[(F(mpmath.sqrt(2)), "sqrt_dk", "correct")], nots=["2", "64", "8"])
A("")
A("| requête ↓ / clé → | la | pluie | tombe |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cells = [f"{lit(S[i][j])} → {F(Sc[i][j])}" for j in range(3)]
    A(f"| {t} | " + " | ".join(cells) + " |",
      claims=[(lit(S[i][j]), f"scores[{t},{toks[j]}]", "correct") for j in range(3)]
      + [(F(Sc[i][j]), f"scaled[{t},{toks[j]}]", "correct") for j in range(3)])
A("")
A("(brut → divisé par √2)", nots=["2"])
A("")
A("## Les poids, en pourcentages")
A("")
A("Après le softmax de chaque ligne, voici la part d'attention que chaque mot accorde aux autres :")
A("")
A("| | la | pluie | tombe |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| **{t}** | " + " | ".join(f"{pc(W[i][j])} %" for j in range(3)) + " |",
      claims=[(pc(W[i][j]), f"weights[{t},{toks[j]}] in percent", "correct") for j in range(3)])
A("")
A("Et la même chose en « carte de chaleur » texte (un bloc ≈ 5 %) :", nots=["5"])
A("")
A("```text")
for i, t in enumerate(toks):
    for j in range(3):
        n = int((W[i][j] * 100 / 5) + mpf("0.5"))
        A(f"{t:<6} → {toks[j]:<6} {'█' * n:<10} {pc(W[i][j])} %",
          claims=[(pc(W[i][j]), f"weights[{t},{toks[j]}] in percent", "correct")])
    if i < 2:
        A("")
A("```")
A("")
A(f"Le mot « tombe » garde l'essentiel pour lui-même ({pc(W[2][2])} %) et se partage presque également entre "
  f"« la » ({pc(W[2][0])} %) et « pluie » ({pc(W[2][1])} %). Sur de vrais modèles, BertViz [2] montre des motifs "
  "bien plus tranchés.",
  claims=[(pc(W[2][j]), f"weights[tombe,{toks[j]}] in percent", "correct") for j in (2, 0, 1)], nots=["2"])
A("")
A("## La sortie")
A("")
A("Chaque sortie est la moyenne des v pondérée par ces poids (en décimal cette fois) :")
A("")
for i, t in enumerate(toks):
    ws = [F(W[i][j]) for j in range(3)]
    A(f"- **{t}** : " + " + ".join(f"{ws[j]}·v_{toks[j]}" for j in range(3)) + f" = ({F(O[i][0])}, {F(O[i][1])})",
      claims=[(ws[j], f"weights[{t},{toks[j]}]", "correct") for j in range(3)]
      + [(F(O[i][m]), f"context[{t}][{m + 1}]", "correct") for m in range(2)])
A("")
A("## Pour aller plus loin")
A("")
A("- Le code de cet article tourne avec PyTorch 2.2.1 et bertviz 1.4.0.", nots=["2.2.1", "1.4.0"])
A("- Dans un modèle de 65 M de paramètres comme le « base », ce calcul est fait 8 fois en parallèle, sur 64 dimensions, "
  "et répété dans 6 couches.", nots=["65", "8", "64", "6"])
A("")
A("**Références**")
A("")
A("[1] Vaswani et al., *Attention Is All You Need*, NeurIPS 2017. ", nots=["1", "2017"])
A("[2] J. Vig, *A Multiscale Visualization of Attention in the Transformer Model*, ACL 2019.", nots=["2", "2019"])
d.save()
