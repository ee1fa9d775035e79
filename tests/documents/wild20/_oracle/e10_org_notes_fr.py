"""French lecture notes in Org-mode (saved as .txt): #+TITLE / #+AUTHOR / #+DATE / #+STARTUP header, * and **
headings, a TODO with a SCHEDULED date, Org tables with |---+---| rules, #+begin_src python blocks and their
#+RESULTS: with ': ' prefixed numpy output (precision=3, suppress=True, numpy itself). Scaled dot-product attention
from Q, K, V given directly (je, pense, donc; d_k 2): the scores, /sqrt(2), the weights and the outputs. Exact."""
from pathlib import Path

from w20lib import *

toks = ["je", "pense", "donc"]
Qs = [["0.8", "0.1"], ["0.3", "0.9"], ["-0.5", "0.4"]]
Ks = [["0.6", "0.2"], ["-0.2", "0.7"], ["0.4", "-0.3"]]
Vs = [["1.0", "0.0"], ["0.5", "1.5"], ["-0.5", "0.5"]]
Q, K, V = mat(Qs), mat(Ks), mat(Vs)
S, Sc, E, Z, W, C = sdpa(Q, K, V)
Qn, Kn, Vn = (np.array(M, float) for M in (Qs, Ks, Vs))
Sn = Qn @ Kn.T; Wn = np_softmax(Sn / np.sqrt(2)); Cn = Wn @ Vn
agree(S, Sn); agree(Sc, Sn / np.sqrt(2)); agree(W, Wn); agree(C, Cn)

d = Doc("org-notes-fr", "txt",
        "French lecture notes in Org-mode saved as .txt: Org tables with |---+---|, #+begin_src python blocks and "
        "#+RESULTS: with ': ' numpy output (precision 3); scaled dot-product attention from Q, K, V given directly",
        "attention from Q, K, V given directly over je, pense, donc, scaled by sqrt(2)",
        script=Path(__file__).name)
A = d
A("#+TITLE: Apprentissage profond – séance 6 : l'attention", nots=["6"])
A("#+AUTHOR: Camille Roussel")
A("#+DATE: <2024-10-15 mar.>", nots=["2024-10-15"])
A("#+STARTUP: overview")
A("#+OPTIONS: toc:nil num:t")
A("")
A("* TODO relire la section 3.2 avant le TD", nots=["3.2"])
A("  SCHEDULED: <2024-10-17 jeu. 09:00>", nots=["2024-10-17", "09:00"])
A("")
A("* Produit scalaire mis à l'échelle")
A("** Données (on part directement de Q, K, V)")
A("   Trois mots : /je pense donc/. d_k = 2.", nots=["2"])
A("")
for nm, M in (("Q", Qs), ("K", Ks), ("V", Vs)):
    A(f"   {nm} :")
    A("   | mot   |   c1 |   c2 |")
    A("   |-------+------+------|")
    for t, r in zip(toks, M):
        A(f"   | {t:<5} | {r[0]:>4} | {r[1]:>4} |")
    A("")
A("** Scores")
A("   Exemple à la main : q_je · k_pense = "
  f"{Qs[0][0]}×({Ks[1][0]}) + {Qs[0][1]}×{Ks[1][1]} = {lit(S[0][1])}",
  claims=[(lit(S[0][1]), "scores[je,pense]", "correct")], opts=[Qs[0][0], Ks[1][0], Qs[0][1], Ks[1][1]])
A("")
A("   #+begin_src python :results output")
A("   import numpy as np")
A("   np.set_printoptions(precision=3, suppress=True)", nots=["3"])
A("   S = Q @ K.T")
A("   print(S)")
A("   print(S / np.sqrt(2))", nots=["2"])
A("   #+end_src")
A("")
A("   #+RESULTS:")
lines, cells = np_print(Sn, S, mode="str", precision=3, suppress=True)
for i, (ln_, row) in enumerate(zip(lines, cells)):
    A("   : " + ln_, claims=[(t, f"scores[{toks[i]},{toks[j]}]", "correct") for j, t in enumerate(row)])
lines, cells = np_print(Sn / np.sqrt(2), Sc, mode="str", precision=3, suppress=True)
for i, (ln_, row) in enumerate(zip(lines, cells)):
    A("   : " + ln_, claims=[(t, f"scaled[{toks[i]},{toks[j]}]", "correct") for j, t in enumerate(row)])
A("")
A("** Softmax ligne par ligne")
A("   | mot   | je    | pense | donc  |")
A("   |-------+-------+-------+-------|")
for i, t in enumerate(toks):
    ws = [rnd(x, 3) for x in W[i]]
    A(f"   | {t:<5} | " + " | ".join(ws) + " |", claims=[(w, f"weights[{t},{toks[j]}]", "correct") for j, w in enumerate(ws)])
A("   # (valeurs recopiées depuis numpy, arrondies à 3 décimales)", nots=["3"])
A("")
A("   - remarque : chaque ligne somme à 1 (à 0.001 près à cause des arrondis)", nots=["1", "0.001"])
A("   - pour /je/ c'est /je/ qui gagne, " + f"{rnd(W[0][0], 3)} contre {rnd(W[0][1], 3)} pour /pense/",
  claims=[(rnd(W[0][0], 3), "weights[je,je]", "correct"), (rnd(W[0][1], 3), "weights[je,pense]", "correct")])
A("")
A("** Sorties")
A("   #+begin_src python :results output")
A("   print(softmax(S / np.sqrt(2)) @ V)", nots=["2"])
A("   #+end_src")
A("")
A("   #+RESULTS:")
lines, cells = np_print(Cn, C, mode="str", precision=3, suppress=True)
for i, (ln_, row) in enumerate(zip(lines, cells)):
    A("   : " + ln_, claims=[(t, f"context[{toks[i]}][{m + 1}]", "correct") for m, t in enumerate(row)])
A("")
A("* Questions pour le TD 6                                              :td:", nots=["6"])
A("  1. Que se passe-t-il sans la division par √d_k quand d_k = 64 ?", nots=["1", "64"])
A("  2. Refaire avec un masque causal (3 lignes seulement).", nots=["2", "3"])
d.save()
