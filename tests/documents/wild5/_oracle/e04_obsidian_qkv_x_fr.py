"""French Obsidian note (YAML front matter, callouts > [!note], wiki links [[...]], inline $...$, ==highlights==,
%% comments %%): attention of the inputs on themselves, Q = K = V = X, scores divided by sqrt(d), softmax rows,
output. The tokens are named only as the keys of a printed Python dict."""
from pathlib import Path

import numpy as np

from w5lib import *

toks = ["je", "suis", "étudiant"]
Xs = {"je": ["1.0", "0.2", "-0.4"], "suis": ["0.3", "0.9", "0.5"], "étudiant": ["-0.6", "0.4", "1.1"]}
X = [M(Xs[t]) for t in toks]
S, Sc, E, sums, W, O = attention(X, X, X)
Xn = np.array([[float(v) for v in Xs[t]] for t in toks])
Sn = Xn @ Xn.T / np.sqrt(3); Wn = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
check64(Sc, Sn); check64(W, Wn); check64(O, Wn @ Xn)

d = Doc("obsidian-attention-x-fr", "md",
        "French Obsidian vault note (front matter, callouts, wiki links, inline $...$, highlights, %% comments %%): "
        "self-attention without projections (Q = K = V = X), tokens named only as keys of a printed Python dict; raw "
        "dot products, scores / sqrt(3), e^x and row sums for one row, softmax rows, output rows",
        "Q = K = V = X; weights = softmax(X X^T / sqrt(3)); output = weights X", script=Path(__file__).name)
A = d
F = lambda v: fmt(v, 4)
F3 = lambda v: fmt(v, 3)
A("---")
A("tags: [transformers, attention, révision]")
A("aliases: [attention sans projection]")
A("created: 2025-11-03", nots=["2025"])
A("---")
A("# Attention « nue » : Q = K = V = X")
A("")
A("Retour sur [[Scaled dot-product attention]] avant le partiel. Idée : enlever $W_Q$, $W_K$, $W_V$ pour ne garder "
  "que le cœur du mécanisme. Chaque mot se compare aux autres par [[Produit scalaire|produit scalaire]], puis "
  "[[Softmax]] transforme les scores en poids.")
A("")
A("> [!note] Rappel")
A("> $\\text{Attention}(Q,K,V) = \\text{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d}}\\right)V$ avec ici $Q = K = V = X$ et $d = 3$.",
  nots=["3"])
A("")
A("## Les vecteurs")
A("")
A("Copié depuis le notebook du TD :")
A("")
A("```python")
A(">>> emb")
A("{" + ", ".join(f"'{t}': [{', '.join(Xs[t])}]" for t in toks) + "}")
A(">>> len(emb['je'])")
A("3", nots=["3"])
A("```")
A("")
A("%% les valeurs sont inventées, pas un vrai modèle %%")
A("")
A("## 1. Produits scalaires")
A("")
A("Exemple pour la paire (je, suis) :")
xs = lambda t, k: Xs[t][k]
A(f"$x_{{je}} \\cdot x_{{suis}} = {xs('je', 0)} \\times {xs('suis', 0)} + {xs('je', 1)} \\times {xs('suis', 1)} + "
  f"({xs('je', 2)}) \\times {xs('suis', 2)} = {lit(S[0][1])}$",
  claims=[(lit(S[0][1]), "scores[je,suis]", "correct")],
  opts=[xs('je', 0), xs('suis', 0), xs('je', 1), xs('suis', 1), xs('je', 2), xs('suis', 2)])
A("")
A("Toute la matrice $XX^\\top$ (symétrique, bien sûr) :")
A("")
A("| | je | suis | étudiant |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| **{t}** | " + " | ".join(lit(S[i][j]) for j in range(3)) + " |",
      claims=[(lit(S[i][j]), f"scores[{t},{toks[j]}]", "correct") for j in range(3)])
A("")
A("## 2. Division par $\\sqrt{d}$")
A("")
A(f"$\\sqrt{{3}} \\approx {fmt(mpmath.sqrt(3), 4)}$. On divise tout :", claims=[(fmt(mpmath.sqrt(3), 4), "sqrt_dk", "correct")],
  nots=["3"])
A("")
A("| | je | suis | étudiant |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| **{t}** | " + " | ".join(F(Sc[i][j]) for j in range(3)) + " |",
      claims=[(F(Sc[i][j]), f"scaled[{t},{toks[j]}]", "correct") for j in range(3)])
A("")
A("> [!tip] Pourquoi diviser ?")
A("> Sans la division, les produits grandissent avec $d$ et le softmax devient presque un argmax. Ici $d$ est petit, "
  "donc l'effet est modeste.")
A("")
A("## 3. Softmax ligne par ligne")
A("")
A("Détail pour la ligne **je** :")
A("")
A(f"- $e^{{{F(Sc[0][0])}}} = {F(E[0][0])}$, $e^{{{F(Sc[0][1])}}} = {F(E[0][1])}$, $e^{{{F(Sc[0][2])}}} = {F(E[0][2])}$",
  claims=[(F(E[0][j]), f"exp[je,{toks[j]}]", "correct") for j in range(3)], opts=[F(Sc[0][j]) for j in range(3)])
A(f"- somme : ${F(sums[0])}$", claims=[(F(sums[0]), "expsum[je]", "correct")])
A(f"- poids : ${F(E[0][0])} / {F(sums[0])} = {F(W[0][0])}$, puis ${F(W[0][1])}$ et ${F(W[0][2])}$",
  claims=[(F(W[0][0]), "weights[je,je]", "correct"), (F(W[0][1]), "weights[je,suis]", "correct"),
          (F(W[0][2]), "weights[je,étudiant]", "correct")], opts=[F(E[0][0]), F(sums[0])])
A("")
A("Les trois lignes :")
A("")
for i, t in enumerate(toks):
    A(f"- $\\alpha_{{{t}}} = ({', '.join(F(W[i][j]) for j in range(3))})$",
      claims=[(F(W[i][j]), f"weights[{t},{toks[j]}]", "correct") for j in range(3)])
A("")
A(f"==Chaque mot se regarde surtout lui-même== : la diagonale ({F3(W[0][0])}, {F3(W[1][1])}, {F3(W[2][2])}) domine. "
  "Normal, $x \\cdot x = \\|x\\|^2$ est grand quand rien ne projette.",
  claims=[(F3(W[i][i]), f"weights[{toks[i]},{toks[i]}]", "correct") for i in range(3)], nots=["2"])
A("")
A("## 4. Sortie")
A("")
A("Chaque sortie est la moyenne des vecteurs pondérée par sa ligne de poids :")
A("")
A("```")
for i, t in enumerate(toks):
    A(f"z_{t:<9}= [{', '.join(uminus(F(v)) if False else F(v) for v in O[i])}]",
      claims=[(F(O[i][m]), f"context[{t}][{m + 1}]", "correct") for m in range(3)])
A("```")
A("")
A("> [!warning] Piège")
A(f"> La sortie de *étudiant* garde une 3ᵉ composante positive ({F3(O[2][2])}) mais plus petite que {Xs['étudiant'][2]} : "
  "elle est « tirée » vers les autres mots.",
  claims=[(F3(O[2][2]), "context[étudiant][3]", "correct")], opts=[Xs['étudiant'][2]], nots=["3"])
A("")
A("Voir aussi : [[Multi-head attention]], [[Masque causal]].")
d.save()
