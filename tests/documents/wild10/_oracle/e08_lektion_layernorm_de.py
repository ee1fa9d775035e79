"""German course lesson in MkDocs-Material Markdown (`!!! info`, `??? success "Lösung"` admonitions, $$ formulas,
tables): LayerNorm only, two token vectors Hund and bellt of 4 components, gamma and beta given, eps left out (said
so); Σx, μ, x − μ, (x − μ)², their sum, σ², σ, x̂ and y = γ·x̂ + β, each from the printed numbers of the step before
(chained), 4 decimals, minus signs written as U+2212 in the prose working."""
from pathlib import Path

from w10lib import *

toks = ["Hund", "bellt"]
Xs = [["2.0", "-1.0", "0.5", "3.5"], ["0.4", "1.2", "-0.8", "0.0"]]
G = ["1.0", "0.5", "2.0", "1.5"]
B = ["0.1", "0.0", "-0.2", "0.3"]
X = mat(Xs)
LN = [layernorm(r, gamma=G, beta=B, eps=0) for r in X]
# float64 check
Xn = np.array(Xs, float)
mu = Xn.mean(-1, keepdims=True); var = Xn.var(-1, keepdims=True)
Yn = np.array(G, float) * (Xn - mu) / np.sqrt(var) + np.array(B, float)
agree([l["out"] for l in LN], Yn); agree([l["var"] for l in LN], var[:, 0])

def lit2(x):
    """the short exact decimal, written with at least two decimals (1.00, 0.04, 0.5625)"""
    t = lit(x)
    nd = len(t.split(".")[1]) if "." in t else 0
    return rnd(x, max(2, nd))


# the author's route: exact where the numbers are short, then sigma from the printed variance, x-hat from the
# printed sigma, y from the printed x-hat
P = []
for l in LN:
    p = dict(sum=lit(l["sum"]), mean=lit(l["mean"]), centered=[lit2(v) for v in l["centered"]],
             sq=[lit2(v) for v in l["sq"]], sqsum=lit(l["sqsum"]), var=rnd(l["var"], 4))
    p["std"] = rnd(mpmath.sqrt(mpf(p["var"])), 4)
    p["norm"] = [rnd(mpf(c) / mpf(p["std"]), 4) for c in p["centered"]]
    p["out"] = [rnd(mpf(g) * mpf(h) + mpf(b), 4) for g, h, b in zip(G, p["norm"], B)]
    P.append(p)
chain_close([p["out"] for p in P], [l["out"] for l in LN]); chain_close([p["norm"] for p in P], [l["norm"] for l in LN])

d = Doc("lektion-layernorm-de", "md",
        "German MkDocs-Material course lesson: LayerNorm only on Hund and bellt (4 components), gamma and beta given, "
        "no eps (stated); sum, mean, x - mu, squares, their sum, variance, std, x-hat and y, each from the printed "
        "numbers of the step before, 4 decimals",
        "LayerNorm (biased variance, eps 0, gamma and beta given) of the vectors Hund and bellt",
        script=Path(__file__).name, rounding="chained")
A = d
A("# Lektion 4 – Layer Normalization von Hand")
A("")
A('!!! info "Lernziele"')
A("    Nach dieser Lektion können Sie eine LayerNorm für einen einzelnen Token-Vektor vollständig von Hand "
  "ausrechnen und wissen, wozu γ und β da sind.")
A("")
A("## Die Formel")
A("")
A("$$")
A("\\mathrm{LN}(x)_i = \\gamma_i \\cdot \\frac{x_i - \\mu}{\\sigma} + \\beta_i, \\qquad "
  "\\mu = \\frac{1}{d}\\sum_{j} x_j, \\qquad \\sigma^2 = \\frac{1}{d}\\sum_j (x_j - \\mu)^2")
A("$$")
A("")
A("Wir teilen durch $d$ (nicht durch $d-1$) und lassen das kleine $\\varepsilon$ unter der Wurzel hier weg, "
  "damit die Zahlen übersichtlich bleiben. Gerundet wird auf vier Nachkommastellen, und wir rechnen immer mit "
  "dem gerundeten Zwischenergebnis weiter.", nots=["1"])
A("")
A("## Gegeben")
A("")
A("| | 1 | 2 | 3 | 4 |")
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| $x$ ({t}) | " + " | ".join(r) + " |")
A("| γ | " + " | ".join(G) + " |")
A("| β | " + " | ".join(B) + " |")
A("")
A("## Beispiel: der Vektor für „Hund“")
A("")
p, t = P[0], "Hund"
A("**Schritt 1 – Mittelwert.**")
A("")
xs = [um(s) for s in Xs[0]]
A(f"μ = ({' + '.join(par(s) for s in xs)}) / 4 = {um(p['sum'])} / 4 = {um(p['mean'])}",
  claims=[(p["sum"], f"L1.ln.sum[{t}]", "correct"), (p["mean"], f"L1.ln.mean[{t}]", "correct")],
  opts=Xs[0], nots=["4"])
A("")
A("**Schritt 2 – Abweichungen und ihre Quadrate.**")
A("")
A("| | 1 | 2 | 3 | 4 |")
A("|---|---|---|---|---|")
A("| $x - \\mu$ | " + " | ".join(um(s) for s in p["centered"]) + " |",
  claims=[(s, f"L1.ln.centered[{t}][{k + 1}]", "correct") for k, s in enumerate(p["centered"])])
A("| $(x - \\mu)^2$ | " + " | ".join(p["sq"]) + " |",
  claims=[(s, f"L1.ln.sq[{t}][{k + 1}]", "correct") for k, s in enumerate(p["sq"])])
A("")
A(f"Summe der Quadrate: {' + '.join(p['sq'])} = {p['sqsum']}",
  claims=[(p["sqsum"], f"L1.ln.sqsum[{t}]", "correct")], opts=p["sq"])
A("")
A("**Schritt 3 – Varianz und Standardabweichung.**")
A("")
A(f"σ² = {p['sqsum']} / 4 = {p['var']}, also σ = √{p['var']} ≈ {p['std']}",
  claims=[(p["var"], f"L1.ln.var[{t}]", "correct"), (p["std"], f"L1.ln.std[{t}]", "correct")],
  opts=[p["sqsum"], p["var"]], nots=["4"])
A("")
A("**Schritt 4 – normieren, skalieren, verschieben.**")
A("")
for k in range(4):
    c, h, y = um(p["centered"][k]), um(p["norm"][k]), um(p["out"][k])
    A(f"- Komponente {k + 1}: x̂ = {c} / {p['std']} = {h}, y = {G[k]} · {par(h)} + {par(um(B[k]))} = {y}",
      claims=[(p["norm"][k], f"L1.ln.norm[{t}][{k + 1}]", "correct"), (p["out"][k], f"L1.ln.out[{t}][{k + 1}]", "correct")],
      opts=[p["centered"][k], p["std"], G[k], p["norm"][k], B[k]], nots=[str(k + 1)])
A("")
A(f"Ergebnis: LN(Hund) = [{', '.join(um(s) for s in p['out'])}]",
  claims=[(s, f"L1.ln.out[{t}][{k + 1}]", "correct") for k, s in enumerate(p["out"])])
A("")
A('!!! tip "Kontrolle"')
A("    Die Werte von x̂ haben den Mittelwert 0 und die Varianz 1 (bis auf Rundung). Prüfen Sie das kurz nach!",
  nots=["0", "1"])
A("")
A("## Aufgabe")
A("")
A("Rechnen Sie dasselbe für „bellt“ und vergleichen Sie mit der Lösung.")
A("")
p, t = P[1], "bellt"
A('??? success "Lösung"')
A(f"    Σx = {um(p['sum'])}, μ = {um(p['mean'])}",
  claims=[(p["sum"], f"L1.ln.sum[{t}]", "correct"), (p["mean"], f"L1.ln.mean[{t}]", "correct")])
A("")
A("    x − μ = (" + ", ".join(um(s) for s in p["centered"]) + ")",
  claims=[(s, f"L1.ln.centered[{t}][{k + 1}]", "correct") for k, s in enumerate(p["centered"])])
A("")
A("    (x − μ)² = (" + ", ".join(p["sq"]) + f"), Summe {p['sqsum']}",
  claims=[(s, f"L1.ln.sq[{t}][{k + 1}]", "correct") for k, s in enumerate(p["sq"])] +
         [(p["sqsum"], f"L1.ln.sqsum[{t}]", "correct")])
A("")
A(f"    σ² = {p['var']}, σ ≈ {p['std']}",
  claims=[(p["var"], f"L1.ln.var[{t}]", "correct"), (p["std"], f"L1.ln.std[{t}]", "correct")])
A("")
A("    x̂ = (" + ", ".join(um(s) for s in p["norm"]) + ")",
  claims=[(s, f"L1.ln.norm[{t}][{k + 1}]", "correct") for k, s in enumerate(p["norm"])])
A("")
A("    y = (" + ", ".join(um(s) for s in p["out"]) + ")",
  claims=[(s, f"L1.ln.out[{t}][{k + 1}]", "correct") for k, s in enumerate(p["out"])])
A("")
A("## Zusammenfassung")
A("")
A("| Token | μ | σ | y₁ | y₂ | y₃ | y₄ |")
A("|---|---|---|---|---|---|---|")
for t, p in zip(toks, P):
    ss = [p["mean"], p["std"]] + p["out"]
    qs = [f"L1.ln.mean[{t}]", f"L1.ln.std[{t}]"] + [f"L1.ln.out[{t}][{k + 1}]" for k in range(4)]
    A(f"| {t} | " + " | ".join(um(s) for s in ss) + " |", claims=[(s, q, "correct") for s, q in zip(ss, qs)])
A("")
A("Weiter mit [Lektion 5 – Residualverbindungen](lektion-05.md).", nots=["5"])
d.save()
