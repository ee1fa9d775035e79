"""German exercise-sheet solution (GitLab-rendered Markdown, "Übungsblatt 6 – Musterlösung"): one attention head
under a causal mask, computed only for the last of three positions (the tokens only as `# "Ich"` comments on the
rows of X in a Python block), then the output-layer logits over a 5-word vocabulary and the next-token softmax.
Exact rounding, 4 decimals."""
from pathlib import Path

from w14lib import *

toks = ["Ich", "trinke", "gern"]
vocab = ["Ich", "trinke", "gern", "Kaffee", "Tee"]
Xs = [["0.3", "0.9", "-0.2"], ["0.7", "-0.1", "0.5"], ["-0.4", "0.6", "0.8"]]
Wqs = [["0.5", "-0.3"], ["0.2", "0.6"], ["0.7", "0.1"]]
Wks = [["0.4", "0.2"], ["-0.6", "0.5"], ["0.3", "0.8"]]
Wvs = [["0.9", "-0.2"], ["0.1", "0.7"], ["-0.3", "0.4"]]
Wos = [["0.6", "-0.4", "0.2", "1.1", "0.8"], ["-0.5", "0.3", "0.9", "0.7", "-0.2"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
E = a["E"]
Wo = mat(Wos)
lg = vm(C[2], Wo)
pr = softmax(lg)
ln_ = a["np"]["C"][2] @ np.array(Wos, float)
agree(lg, ln_); agree(pr, np_softmax(ln_))
r = lambda q: rnd(q, 4)
last = "gern"

d = Doc("uebung-kausal-de", "md",
        "German exercise-sheet solution: one causal head for the last of three positions (tokens as # comments on "
        "the rows of X), then output-layer logits over a 5-word vocabulary and the next-token softmax; 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), causal mask, over Ich, trinke, gern; only the last "
        "position is worked; output layer W_out (2 x 5) over Ich, trinke, gern, Kaffee, Tee, softmax",
        script=Path(__file__).name)
A = d
A("# Übungsblatt 6 – Musterlösung", nots=["6"])
A("")
A("**Vorlesung:** Sprachmodelle (WiSe 2024/25) · **Abgabe:** 28.11.2024 · **Tutorium:** Di 14–16 Uhr",
  nots=["2024", "25", "28", "11", "14", "16"])
A("")
A("## Aufgabe 6.2 (4 Punkte): Ein Dekoder-Schritt", nots=["6.2", "4"])
A("")
A("Gegeben ist der Präfix aus drei Token und ein einzelner Attention-Kopf mit kausaler Maske. Berechnen Sie die "
  "Ausgabe **nur für die letzte Position** und daraus die Verteilung über das nächste Wort.")
A("")
A("```python")
A("import numpy as np")
A("")
A("X = np.array([")
for t, r_ in zip(toks, Xs):
    A(f"    [{', '.join(r_)}],   # \"{t}\"")
A("])")
A("")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(row) + "]" for row in M) + "])")
A("")
A("# Ausgabeschicht: d_k = 2 -> |V| = 5", nots=["2", "5"])
A("W_out = np.array([")
for row in Wos:
    A(f"    [{', '.join(row)}],")
A("])")
A('vocab = ["' + '", "'.join(vocab) + '"]')
A("```")
A("")
A("### Lösung")
A("")
A("**(a) Query der letzten Position und alle Keys/Values** (2 P.)", nots=["2"])
A("")
q = [lit(v) for v in Q[2]]
A(f"q₃ = x₃ · W_q = [{', '.join(q)}]", claims=[(v, f"Q[{last}][{k + 1}]", "correct") for k, v in enumerate(q)])
A("")
A("| Position | k | v |")
A("|---|---|---|")
for i, t in enumerate(toks):
    kk = [lit(v) for v in K[i]]; vv = [lit(v) for v in V[i]]
    A(f"| {i + 1} | [{', '.join(kk)}] | [{', '.join(vv)}] |",
      claims=[(v, f"K[{t}][{k + 1}]", "correct") for k, v in enumerate(kk)]
      + [(v, f"V[{t}][{k + 1}]", "correct") for k, v in enumerate(vv)])
A("")
A("**(b) Scores und Maske** (1 P.)", nots=["1"])
A("")
A("Die kausale Maske verdeckt nur Positionen *nach* der Query. Für die letzte Position ist also nichts "
  "maskiert; alle drei Keys zählen.")
A("")
sr = [lit(v) for v in S[2]]
sc = [r(v) for v in Sc[2]]
A(f"q₃ · kⱼ = [{', '.join(sr)}], geteilt durch √2 ≈ {r(a['c'])}: [{', '.join(sc)}]",
  claims=[(v, f"scores[{last},{toks[j]}]", "correct") for j, v in enumerate(sr)]
  + [(r(a["c"]), "sqrt_dk", "correct")] + [(v, f"scaled[{last},{toks[j]}]", "correct") for j, v in enumerate(sc)],
  nots=["2"])
A("")
A("**(c) Softmax und Kontextvektor** (1 P.)", nots=["1"])
A("")
A("| j | Score | exp | Gewicht |")
A("|---|---|---|---|")
for j, t in enumerate(toks):
    A(f"| {j + 1} | {sc[j]} | {r(E[2][j])} | {r(W[2][j])} |",
      claims=[(sc[j], f"scaled[{last},{t}]", "correct"), (r(E[2][j]), f"exp[{last},{t}]", "correct"),
              (r(W[2][j]), f"weights[{last},{t}]", "correct")])
A(f"| Σ | | {r(a['Z'][2])} | |", claims=[(r(a["Z"][2]), f"expsum[{last}]", "correct")])
A("")
cc = [r(v) for v in C[2]]
A(f"z₃ = Σⱼ αⱼ vⱼ = [{', '.join(cc)}]", claims=[(v, f"context[{last}][{k + 1}]", "correct") for k, v in enumerate(cc)])
A("")
A("**(d) Nächstes Wort** ")
A("")
A("Logits l = z₃ · W_out, danach Softmax über das Vokabular:")
A("")
A("| Wort | Logit | p |")
A("|---|---|---|")
for k, w in enumerate(vocab):
    A(f"| {w} | {r(lg[k])} | {r(pr[k])} |",
      claims=[(r(lg[k]), f"logits[{last}][{w}]", "correct"), (r(pr[k]), f"probs[{last}][{w}]", "correct")])
A("")
km = max(range(5), key=lambda k: pr[k])
A(f"Am wahrscheinlichsten ist *{vocab[km]}* mit p = {r(pr[km])}.",
  claims=[(r(pr[km]), f"probs[{last}][{vocab[km]}]", "correct")])
A("")
A("> **Hinweis der Tutorin:** Viele Abgaben haben vergessen, dass bei Position 3 nichts maskiert wird. "
  "In GPT-2 ist d_model = 768 und |V| = 50257, das Prinzip ist dasselbe.", nots=["3", "2", "768", "50257"])
d.save()
