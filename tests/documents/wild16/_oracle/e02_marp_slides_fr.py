"""French course slides written in Marp and exported to Markdown: front matter (marp, theme, paginate, footer),
`---` between slides, speaker notes as HTML comments, the inputs called H, the weights M_Q, M_K, M_V, the attention
weights called α (alpha). il, pleut, fort; d_model 4 -> d_k 2; divided by 1.4142; softmax worked from the printed
numbers, 4 decimals. Chained rounding."""
from pathlib import Path

from w16lib import *

toks = ["il", "pleut", "fort"]
Xs = [["0.3", "0.8", "0.1", "0.5"], ["0.9", "0.2", "0.6", "0.4"], ["0.5", "0.6", "0.7", "0.1"]]
Wqs = [["0.2", "0.7"], ["0.6", "0.1"], ["0.4", "0.5"], ["0.8", "0.3"]]
Wks = [["0.5", "0.3"], ["0.1", "0.9"], ["0.7", "0.2"], ["0.3", "0.6"]]
Wvs = [["0.9", "0.1"], ["0.2", "0.5"], ["0.4", "0.8"], ["0.6", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
Sp = [[lit(s) for s in r] for r in S]
ch = chain_rows(Sp, "1.4142", V, nd=4)
chain_close(ch["w"], W); chain_close(ch["c"], C)

d = Doc("marp-slides-fr", "md",
        "French Marp slides exported to Markdown: --- between slides, speaker notes in HTML comments, H, M_Q, "
        "alpha; il, pleut, fort, 4 -> 2, / 1.4142, softmax from printed numbers, 4 decimals",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens il, pleut, fort",
        script=Path(__file__).name, rounding="chained")
A = d
A("---")
A("marp: true")
A("theme: gaia")
A("paginate: true")
A("footer: 'M1 TAL · Séance 6 · 2024-2025'", nots=["1", "6", "2024", "2025"])
A("math: katex")
A("---")
A("")
A("<!-- _class: lead -->")
A("")
A("# L’attention, à la main")
A("")
A("Séance 6 — Traitement automatique des langues", nots=["6"])
A("")
A("<!--")
A("Notes : prévoir 20 minutes. Rappeler que le cours 5 a introduit les plongements.", nots=["20", "5"])
A("-->")
A("")
A("---")
A("")
A("## Les données")
A("")
A("Phrase : *il pleut fort* — une ligne de $H$ par mot ($d = 4$)", nots=["4"])
A("")
A("| | h₁ | h₂ | h₃ | h₄ |")
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| **{t}** | " + " | ".join(r) + " |")
A("")
A("<!--")
A("Insister : H n’est pas appris ici, on le donne.")
A("-->")
A("")
A("---")
A("")
A("## Les trois matrices ($4 \\times 2$)", nots=["4", "2"])
A("")
for nm, M in (("M_Q", Wqs), ("M_K", Wks), ("M_V", Wvs)):
    A(f"$$ {nm} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{pmatrix} $$")
    A("")
A("---")
A("")
A("## Requêtes, clés, valeurs")
A("")
A("$Q = H M_Q$, $K = H M_K$, $V = H M_V$")
A("")
A("| mot | $q$ | $k$ | $v$ |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    qs, ks, vs = ([lit(x) for x in M[i]] for M in (Q, K, V))
    A(f"| {t} | ({', '.join(qs)}) | ({', '.join(ks)}) | ({', '.join(vs)}) |",
      claims=cl(qs, f"Q[{t}][{{k}}]") + cl(ks, f"K[{t}][{{k}}]") + cl(vs, f"V[{t}][{{k}}]"))
A("")
A("<!--")
A(f"Faire calculer q(il) au tableau : 0.3·0.2 + 0.8·0.6 + 0.1·0.4 + 0.5·0.8 = {lit(Q[0][0])}.",
  claims=[(lit(Q[0][0]), "Q[il][1]", "correct")], opts=["0.3", "0.2", "0.8", "0.6", "0.1", "0.4", "0.5", "0.8"])
A("-->")
A("")
A("---")
A("")
A("## Scores $QK^\\top$ puis division par $\\sqrt{2} \\approx 1.4142$", claims=[("1.4142", "sqrt_dk", "correct")],
  nots=[])
A("")
A("| | il | pleut | fort |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cells = [f"{Sp[i][j]} → {ch['sc'][i][j]}" for j in range(3)]
    A(f"| **{t}** | " + " | ".join(cells) + " |",
      claims=cl(Sp[i], [f"scores[{t},{u}]" for u in toks]) + cl(ch["sc"][i], [f"scaled[{t},{u}]" for u in toks]))
A("")
A("(brut → divisé)")
A("")
A("<!--")
A("En 2017 Vaswani et al. prenaient d_k = 64 : diviser par 8. Ici d_k = 2.", nots=["2017", "64", "8", "2"])
A("-->")
A("")
A("---")
A("")
A("## Softmax de la ligne *il*")
A("")
for j, u in enumerate(toks):
    A(f"- $e^{{{ch['sc'][0][j]}}} = {ch['e'][0][j]}$", claims=[(ch["e"][0][j], f"exp[il,{u}]", "correct")],
      opts=[ch["sc"][0][j]])
A(f"- somme : ${' + '.join(ch['e'][0])} = {ch['z'][0]}$", claims=[(ch["z"][0], "expsum[il]", "correct")],
  opts=ch["e"][0])
A(f"- $\\alpha_{{il,il}} = {ch['e'][0][0]} / {ch['z'][0]} = {ch['w'][0][0]}$",
  claims=[(ch["w"][0][0], "weights[il,il]", "correct")], opts=[ch["e"][0][0], ch["z"][0]])
A("")
A("<!--")
A("Les étudiants oublient souvent la somme. Laisser 3 minutes.", nots=["3"])
A("-->")
A("")
A("---")
A("")
A("## La matrice $\\alpha$ complète")
A("")
A("| $\\alpha$ | il | pleut | fort | $\\sum e$ |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| **{t}** | " + " | ".join(ch["w"][i]) + f" | {ch['z'][i]} |",
      claims=cl(ch["w"][i], [f"weights[{t},{u}]" for u in toks]) + [(ch["z"][i], f"expsum[{t}]", "correct")])
A("")
A("---")
A("")
A("## Sortie $\\alpha V$")
A("")
for i, t in enumerate(toks):
    A(f"- $z_{{\\text{{{t}}}}} = ({', '.join(ch['c'][i])})$", claims=cl(ch["c"][i], f"context[{t}][{{k}}]"))
A("")
A("<!--")
A("Fin : comparer avec la correction PDF (version 1.2 du 3 octobre).", nots=["1.2", "3"])
A("-->")
d.save()
