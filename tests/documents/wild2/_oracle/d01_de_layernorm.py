"""German Jekyll post: LayerNorm only, 5 tokens x 4 features, mean / differences / squares / variance / std /
normalised rows, no gamma/beta, a torch unbiased-std remark; one planted slip (a copied wrong digit)."""
from pathlib import Path

import numpy as np

from w2lib import *

toks = ["Ich", "trinke", "gern", "kalten", "Kaffee"]
Xs = [["1.2", "-0.4", "0.8", "2.0"], ["0.5", "1.5", "-1.0", "0.2"], ["-0.3", "0.1", "0.6", "2.4"],
      ["0.9", "0.7", "1.3", "-0.5"], ["2.1", "-0.6", "0.35", "0.75"]]
X = M(Xs)
SL_ROW, SL_COL = 4, 0          # the author copies 2.1025 as 2.1205
rows = []
for i, x in enumerate(X):
    s = mpmath.fsum(x)
    mu = s / 4
    d = [v - mu for v in x]
    sq = [v * v for v in d]
    sq_doc = list(sq)
    if i == SL_ROW:
        assert exact(sq[SL_COL]) == "2.1025"
        sq_doc[SL_COL] = mpf("2.1205")
    ssq = mpmath.fsum(sq_doc)
    var = ssq / 4
    sd = mpmath.sqrt(var)
    xh = [v / sd for v in d]
    rows.append(dict(s=s, mu=mu, d=d, sq=sq_doc, ssq=ssq, var=var, sd=sd, xh=xh))
# NumPy float64 check of the slip-free rows
Xn = np.array(Xs, float)
xh_np = (Xn - Xn.mean(1, keepdims=True)) / Xn.std(1, keepdims=True)
np_same([r["xh"] for k, r in enumerate(rows) if k != SL_ROW], np.delete(xh_np, SL_ROW, 0))

d = Doc("jekyll-layernorm-de", "md",
        "German Jekyll blog post: LayerNorm alone on 5 tokens x 4 features, worked row by row in code blocks "
        "(sum, mean, differences, squares, variance, std, normalised row), a summary table with trailing zeros dropped, "
        "no gamma/beta, and a remark on torch's unbiased std; one planted slip",
        "LayerNorm without gamma/beta: (x - mean) / sqrt(biased variance), no epsilon", "exact",
        note="planted slip: for 'Kaffee' the square 1.45^2 = 2.1025 is copied as 2.1205; the sum of squares 3.783, "
             "the variance 0.94575, the std and the four normalised values of that row (also in the summary table) are propagated",
        gen=Path(__file__).name)
add = d.add
add("---")
add("layout: post")
add('title: "LayerNorm zu Fuß: fünf Tokens, vier Zahlen, kein Zauber"')
add("date: 2023-11-04 18:20:00 +0100", nots=["2023", "18", "20", "00"])
add("categories: [deep-learning, transformer]")
add("tags: [layernorm, mathe, tutorial]")
add("---")
add("")
add("In jedem Transformer-Block steckt zweimal eine LayerNorm. Im Paper hat jeder Tokenvektor d_model = 512 Einträge,", nots=["512"])
add("ich nehme hier nur 4, damit man alles im Kopf (naja, mit Taschenrechner) nachrechnen kann.", nots=["4"])
add("")
add("Die Formel ohne die lernbaren Parameter γ und β:")
add("")
add("$$\\hat{x}_i = \\frac{x_i - \\mu}{\\sqrt{\\sigma^2 + \\varepsilon}}$$")
add("")
add("Das ε (meist 1e-5) lasse ich weg, es ändert an der vierten Nachkommastelle hier nichts Sichtbares.", nots=["1e-5"])
add("Wichtig: normalisiert wird **pro Token** über die Features, nicht über den Batch wie bei BatchNorm.")
add("")
add("## Die Eingabe")
add("")
add("Satz: „Ich trinke gern kalten Kaffee“ – fünf Tokens, jedes mit einem 4-dimensionalen Vektor (ausgedacht, nicht trainiert):", nots=["4"])
add("")
for ln in md_table(["Token", "x₁", "x₂", "x₃", "x₄"], [[t] + [um(v) for v in Xs[i]] for i, t in enumerate(toks)]):
    add(ln)
add("")
add("## Schritt für Schritt")
add("")
for i, t in enumerate(toks):
    r = rows[i]
    pv = "propagated" if i == SL_ROW else "correct"
    add(f"### {i + 1}. „{t}“")
    add("")
    add("```")
    terms = " + ".join(paren(v) for v in Xs[i])
    add(f"μ  = ({terms}) / 4 = {exact(r['s'])} / 4 = {exact(r['mu'])}",
        claims=[(exact(r["s"]), f"sum of x[{t}]", "correct"), (exact(r["mu"]), f"mean of x[{t}]", "correct")],
        opts=list(Xs[i]))
    dl = ", ".join(exact(v) for v in r["d"])
    add(f"x − μ  = [{dl}]", claims=[(exact(v), f"x[{t}][{j+1}] - mean", "correct") for j, v in enumerate(r["d"])])
    ql = ", ".join(exact(v) for v in r["sq"])
    add(f"(x − μ)² = [{ql}]",
        claims=[(exact(v), f"(x[{t}][{j+1}] - mean)^2", "wrong" if (i == SL_ROW and j == SL_COL) else "correct") for j, v in enumerate(r["sq"])])
    add(f"σ² = {exact(r['ssq'])} / 4 = {exact(r['var'])}",
        claims=[(exact(r["ssq"]), f"sum of squares [{t}]", pv), (exact(r["var"]), f"variance [{t}]", pv)])
    add(f"σ  = √{exact(r['var'])} ≈ {rnd(r['sd'], 4)}", claims=[(rnd(r["sd"], 4), f"std [{t}]", pv)], opts=[exact(r["var"])])
    xl = ", ".join(rnd(v, 3) for v in r["xh"])
    add(f"x̂  = [{xl}]", claims=[(rnd(v, 3), f"LN(x[{t}])[{j+1}]", pv) for j, v in enumerate(r["xh"])])
    add("```")
    add("")
    if i == 0:
        chk = mpmath.fsum(mpf(rnd(v, 3)) for v in r["xh"])
        add(f"Kurzer Test: {' + '.join(paren(rnd(v, 3)) for v in r['xh'])} = {rnd(chk, 3)}, also Mittelwert 0 – passt.",
            nots=[rnd(chk, 3)], opts=[rnd(v, 3) for v in r["xh"]])
        add("")
    if i == 2:
        add("Bei „gern“ sieht man schön, wie ein einzelner großer Wert (2.4) die Standardabweichung nach oben zieht.", opts=["2.4"])
        add("")
add("## Alles zusammen")
add("")
add("Die normalisierte Matrix (Nullen am Ende weggelassen):")
add("")
hdr = ["Token", "x̂₁", "x̂₂", "x̂₃", "x̂₄", "σ"]
lines = md_table(hdr, [[t] + [um(strip(rnd(v, 3))) for v in rows[i]["xh"]] + [strip(rnd(rows[i]["sd"], 4))] for i, t in enumerate(toks)])
for ln in lines[:2]:
    add(ln)
for i, t in enumerate(toks):
    pv = "propagated" if i == SL_ROW else "correct"
    r = rows[i]
    add(lines[2 + i], claims=[(strip(rnd(v, 3)), f"LN(x[{t}])[{j+1}] (table)", pv) for j, v in enumerate(r["xh"])]
        + [(strip(rnd(r["sd"], 4)), f"std [{t}] (table)", pv)])
add("")
add("Jede Zeile hat jetzt Mittelwert 0 und (biased) Varianz 1. Die Spalten dagegen nicht – das ist der ganze Unterschied zu BatchNorm.", nots=["0", "1"])
add("")
add("## Achtung bei PyTorch: `std()` ist nicht biased")
add("")
add("`nn.LayerNorm` teilt durch n, `Tensor.std()` aber standardmäßig durch n − 1. Für „Ich“:")
add("")
add("```python")
add(">>> import torch")
add(">>> x = torch.tensor([1.2, -0.4, 0.8, 2.0])")
add(">>> x.std()")
ub = mpmath.sqrt(rows[0]["ssq"] / 3)
assert ub == 1
add("tensor(1.)", claims=[("1.", "unbiased std of x[Ich]", "correct")])
add(">>> x.std(unbiased=False)")
add(f"tensor({rnd(rows[0]['sd'], 4)})", claims=[(rnd(rows[0]["sd"], 4), "biased std of x[Ich] (torch)", "correct")])
add("```")
add("")
add(f"Mit n − 1 hätte man also durch 1 statt durch {rnd(rows[0]['sd'], 4)} geteilt – bei d_model = 4 ein deutlicher Unterschied,", opts=["1", rnd(rows[0]["sd"], 4)], nots=["4"])
add("bei 512 Features fast keiner mehr (Faktor √(512/511) ≈ 1.001).", nots=["512", "512", "511"], opts=["1.001"])
add("")
add("*Nächstes Mal: γ und β, und warum sie mit 1 und 0 initialisiert werden.*", nots=["1", "0"])
d.write()
