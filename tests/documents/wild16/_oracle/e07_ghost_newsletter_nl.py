"""Dutch Ghost newsletter issue as sent (Markdown export): "Bekijk in je browser", issue number and date, reading
time, kg-callout, subscriber footer with "Afmelden". Embeddings called h⁰, weights W_query, W_key, W_value, query
vectors q_i. ik, fiets, elke, dag; d_model 3 -> d_k 2. Only the row of *fiets* is worked in full (four dot products,
÷ 1.414, e^x, sum, weights, weighted values, output); the other tokens appear only in the final table. Chained
rounding, 3 decimals."""
from pathlib import Path

from w16lib import *

toks = ["ik", "fiets", "elke", "dag"]
Xs = [["0.9", "0.2", "0.4"], ["0.3", "0.8", "0.6"], ["0.5", "0.4", "0.1"], ["0.2", "0.7", "0.9"]]
Wqs = [["0.6", "0.1"], ["0.4", "0.8"], ["0.2", "0.5"]]
Wks = [["0.3", "0.7"], ["0.9", "0.2"], ["0.5", "0.4"]]
Wvs = [["0.8", "0.3"], ["0.1", "0.6"], ["0.7", "0.9"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
Sp = [[lit(s) for s in r] for r in S]
ch = chain_rows(Sp, "1.414", V, nd=3, nd_sc=3)
chain_close(ch["w"], W, nd=3); chain_close(ch["c"], C, nd=3)
i = 1  # fiets
wv = [[lit(mpf(ch["w"][i][j]) * V[j][m]) for m in range(2)] for j in range(4)]

d = Doc("ghost-newsletter-nl", "md",
        "Dutch Ghost newsletter: h0 embeddings, W_query, q_i; only the fiets row worked in full (dot products, / 1.414, "
        "e^x, sum, weights, weighted values), the others in a final table; ik, fiets, elke, dag, 3 -> 2, 3 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens ik, fiets, elke, dag",
        script=Path(__file__).name, rounding="chained")
A = d
A("[Bekijk in je browser](https://denkstap.ghost.io/attentie-met-de-hand/)")
A("")
A("# Attentie met de hand, één rij tegelijk")
A("")
A("**Denkstap** · nieuwsbrief #23 · 9 mei 2024 · 6 min leestijd", nots=["23", "9", "2024", "6"])
A("")
A("Hoi allemaal,")
A("")
A("Vorige week vroeg een lezer of ik attentie eens *echt* kon uitrekenen, zonder code. Dat doen we vandaag, voor "
  "de zin *ik fiets elke dag*. Ik reken één rij helemaal uit, die van **fiets**; de rest zet ik aan het eind in "
  "een tabel.")
A("")
A("## De ingrediënten")
A("")
A("De embeddings h⁰ (drie getallen per woord):")
A("")
for t, r in zip(toks, Xs):
    A(f"- h⁰({t}) = [{', '.join(r)}]")
A("")
A("En de gewichten (3 × 2):", nots=["3", "2"])
A("")
A("```")
A("W_query            W_key              W_value")
for k in range(3):
    A("   ".join(f"[{', '.join(M[k])}]".ljust(16) for M in (Wqs, Wks, Wvs)).rstrip())
A("```")
A("")
A("## Stap 1: de vectoren")
A("")
A("Elke query-vector is q_i = h⁰_i · W_query, en zo ook k_i en v_i:")
A("")
A("| woord | q_i | k_i | v_i |")
A("|---|---|---|---|")
for j, t in enumerate(toks):
    qs, ks, vs = ([lit(x) for x in M[j]] for M in (Q, K, V))
    A(f"| {t} | [{', '.join(qs)}] | [{', '.join(ks)}] | [{', '.join(vs)}] |",
      claims=cl(qs, f"Q[{t}][{{k}}]") + cl(ks, f"K[{t}][{{k}}]") + cl(vs, f"V[{t}][{{k}}]"))
A("")
A("## Stap 2: de rij van *fiets*")
A("")
A(f"De query van fiets is q = [{lit(Q[i][0])}, {lit(Q[i][1])}]. Tegen elke key:", opts=[lit(Q[i][0]), lit(Q[i][1])])
A("")
for j, u in enumerate(toks):
    A(f"- q · k({u}) = {lit(Q[i][0])} × {lit(K[j][0])} + {lit(Q[i][1])} × {lit(K[j][1])} = {Sp[i][j]}",
      claims=[(Sp[i][j], f"scores[fiets,{u}]", "correct")],
      opts=[lit(Q[i][0]), lit(K[j][0]), lit(Q[i][1]), lit(K[j][1])])
A("")
A("Delen door √2 ≈ 1.414:", claims=[("1.414", "sqrt_dk", "correct")])
A("")
A("| | ik | fiets | elke | dag |")
A("|---|---|---|---|---|")
A("| score | " + " | ".join(Sp[i]) + " |", claims=cl(Sp[i], [f"scores[fiets,{u}]" for u in toks]))
A("| ÷ 1.414 | " + " | ".join(ch["sc"][i]) + " |", claims=cl(ch["sc"][i], [f"scaled[fiets,{u}]" for u in toks]),
  opts=["1.414"])
A("| e^x | " + " | ".join(ch["e"][i]) + " |", claims=cl(ch["e"][i], [f"exp[fiets,{u}]" for u in toks]))
A("")
A(f"Samen: {' + '.join(ch['e'][i])} = {ch['z'][i]}. Elke e^x delen door die som geeft de gewichten:",
  claims=[(ch["z"][i], "expsum[fiets]", "correct")], opts=ch["e"][i])
A("")
A("| | ik | fiets | elke | dag |")
A("|---|---|---|---|---|")
A("| gewicht | " + " | ".join(ch["w"][i]) + " |", claims=cl(ch["w"][i], [f"weights[fiets,{u}]" for u in toks]))
A("")
A("<div class=\"kg-card kg-callout-card\"><div class=\"kg-callout-emoji\">💡</div><div class=\"kg-callout-text\">"
  "In het paper is d_k = 64, dus daar deel je door 8. Wij hebben d_k = 2.</div></div>", nots=["64", "8", "2"])
A("")
A("## Stap 3: values mengen")
A("")
A("Elk gewicht keer de value van dat woord:")
A("")
for j, u in enumerate(toks):
    A(f"- {ch['w'][i][j]} × [{lit(V[j][0])}, {lit(V[j][1])}] = [{wv[j][0]}, {wv[j][1]}]",
      claims=cl(wv[j], f"weighted_v[fiets,{u}][{{k}}]"), opts=[ch["w"][i][j], lit(V[j][0]), lit(V[j][1])])
A("")
A(f"Optellen en afronden: de nieuwe vector van fiets is **[{ch['c'][i][0]}, {ch['c'][i][1]}]**.",
  claims=cl(ch["c"][i], "context[fiets][{k}]"))
A("")
A("## Alle rijen")
A("")
A("Dezelfde stappen voor de andere woorden (ik heb ze thuis uitgerekend, niet hier uitgeschreven):")
A("")
A("| woord | gewichten (ik, fiets, elke, dag) | som e^x | uitvoer |")
A("|---|---|---|---|")
for j, t in enumerate(toks):
    A(f"| {t} | {', '.join(ch['w'][j])} | {ch['z'][j]} | [{', '.join(ch['c'][j])}] |",
      claims=cl(ch["w"][j], [f"weights[{t},{u}]" for u in toks]) + [(ch["z"][j], f"expsum[{t}]", "correct")]
      + cl(ch["c"][j], f"context[{t}][{{k}}]"))
A("")
A("Tot volgende week!")
A("")
A("Marloes")
A("")
A("---")
A("")
A("*Je ontvangt deze e-mail omdat je je hebt aangemeld voor Denkstap (1.284 abonnees).* "
  "[Afmelden](https://denkstap.ghost.io/unsubscribe/) · Denkstap © 2024", nots=["1.284", "2024"])
d.save()
