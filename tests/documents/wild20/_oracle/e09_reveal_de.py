"""German Reveal.js 5 slide deck saved as HTML (the exported index.html): reveal.css/theme links, `<div class="reveal">
<div class="slides">`, one `<section>` per slide, vertical slides, `class="fragment"`, `<aside class="notes">`
speaker notes with filler, the math plugin's `\\[ … \\]` for the givens, HTML tables for results. A tiny head:
Wir, lernen, heute, d_model 2 -> d_k 2, Q, K, V for all, then only the row of "lernen" (scores, / sqrt 2, weights,
output). Exact rounding."""
from pathlib import Path

from w20lib import *

toks = ["Wir", "lernen", "heute"]
Xs = [["1.0", "0.2"], ["0.4", "0.8"], ["-0.3", "0.6"]]
Wqs = [["0.9", "0.1"], ["0.2", "0.7"]]
Wks = [["0.5", "-0.4"], ["0.3", "0.8"]]
Wvs = [["0.6", "0.2"], ["-0.1", "0.9"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
g = 1

d = Doc("reveal-attention-de", "html",
        "German Reveal.js slide deck exported as HTML: givens in \\[ \\begin{pmatrix} \\] math, Q/K/V as HTML tables, "
        "then one row (lernen): scores, / sqrt 2, weights, output; speaker notes with filler",
        "attention with Wq, Wk, Wv (2 -> 2), scaled by sqrt(2), over Wir, lernen, heute; the lernen row only",
        script=Path(__file__).name)
A = d
A("<!doctype html>")
A('<html lang="de">')
A("<head>")
A('  <meta charset="utf-8">')
A("  <title>VL 7 – Self-Attention zum Mitrechnen</title>", nots=["7"])
A('  <link rel="stylesheet" href="dist/reset.css">')
A('  <link rel="stylesheet" href="dist/reveal.css">')
A('  <link rel="stylesheet" href="dist/theme/white.css" id="theme">')
A('  <link rel="stylesheet" href="plugin/highlight/monokai.css">')
A("</head>")
A("<body>")
A('  <div class="reveal">')
A('    <div class="slides">')
A("")
A('      <section data-background-color="#1b3a57">')
A("        <h2>Self-Attention zum Mitrechnen</h2>")
A("        <p>Vorlesung 7 · Maschinelles Lernen II · WiSe 2024/25</p>", nots=["7", "2024/25"])
A("        <p><small>Dr. Anna Krüger · 26.11.2024</small></p>", nots=["26.11.2024"])
A("      </section>")
A("")
A("      <section>")
A("        <h3>Gegeben</h3>")
A("        <p>Drei Tokens, Einbettungen mit d<sub>model</sub> = 2:</p>", nots=["2"])
A("        \\[ X = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Xs) + " \\end{pmatrix}"
  " \\quad \\text{(Zeilen: Wir, lernen, heute)} \\]")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"        \\[ {nm} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{pmatrix} \\]")
A("        <aside class=\"notes\">Nicht länger als 2 Minuten hier. Im Original-Paper ist d_model = 512.</aside>",
  nots=["2", "512"])
A("      </section>")
A("")
A("      <section>")
A("        <section>")
A("          <h3>Schritt 1: Q, K, V</h3>")
A("          <table>")
A("            <thead><tr><th></th><th>Q</th><th>K</th><th>V</th></tr></thead>")
A("            <tbody>")
for i, t in enumerate(toks):
    cells, cl = [], []
    for nm, M in (("Q", Q), ("K", K), ("V", V)):
        vals = [lit(x) for x in M[i]]
        cells.append("(" + ", ".join(vals) + ")")
        cl += [(v, f"{nm}[{t}][{m + 1}]", "correct") for m, v in enumerate(vals)]
    A(f"              <tr><th>{t}</th>" + "".join(f"<td>{x}</td>" for x in cells) + "</tr>", claims=cl)
A("            </tbody>")
A("          </table>")
A("        </section>")
A("        <section>")
A("          <h3>Beispiel: q<sub>lernen</sub></h3>")
A(f"          <p class=\"fragment\">({Xs[g][0]}, {Xs[g][1]}) · W<sub>Q</sub> = "
  f"({Xs[g][0]}·{Wqs[0][0]} + {Xs[g][1]}·{Wqs[1][0]}, {Xs[g][0]}·{Wqs[0][1]} + {Xs[g][1]}·{Wqs[1][1]}) = "
  f"({lit(Q[g][0])}, {lit(Q[g][1])})</p>",
  claims=[(lit(Q[g][m]), f"Q[lernen][{m + 1}]", "correct") for m in range(2)],
  opts=[Xs[g][0], Xs[g][1], Xs[g][0], Wqs[0][0], Xs[g][1], Wqs[1][0], Xs[g][0], Wqs[0][1], Xs[g][1], Wqs[1][1]])
A("        </section>")
A("      </section>")
A("")
A("      <section>")
A("        <h3>Schritt 2: Die Zeile von „lernen“</h3>")
A("        <table>")
A("          <thead><tr><th>Key</th><th>q·k</th><th>/ √2</th><th>Gewicht</th></tr></thead>")
A("          <tbody>")
for j, t in enumerate(toks):
    sv, scv, wv = rnd(S[g][j], 4), rnd(Sc[g][j], 4), rnd(W[g][j], 4)
    A(f"            <tr><td>{t}</td><td>{sv}</td><td>{scv}</td><td>{wv}</td></tr>",
      claims=[(sv, f"scores[lernen,{t}]", "correct"), (scv, f"scaled[lernen,{t}]", "correct"),
              (wv, f"weights[lernen,{t}]", "correct")])
A("          </tbody>")
A("        </table>")
A(f"        <p class=\"fragment\">√2 ≈ {rnd(c, 4)} · Summe der Gewichte = 1</p>",
  claims=[(rnd(c, 4), "sqrt_dk", "correct")], nots=["1"])
A("        <aside class=\"notes\">Frage ans Publikum: Warum ist das Gewicht auf „Wir“ so klein? (ca. 3 Min.)</aside>",
  nots=["3"])
A("      </section>")
A("")
A("      <section>")
A("        <h3>Schritt 3: Ausgabe</h3>")
oo = [rnd(x, 4) for x in C[g]]
ww = [rnd(x, 4) for x in W[g]]
A("        <p>z<sub>lernen</sub> = " + " + ".join(f"{w}·v<sub>{t}</sub>" for w, t in zip(ww, toks)) + "</p>",
  opts=ww)
A("        <p class=\"fragment\"><strong>z<sub>lernen</sub> = (" + ", ".join(oo) + ")</strong></p>",
  claims=[(x, f"context[lernen][{m + 1}]", "correct") for m, x in enumerate(oo)])
A("        <aside class=\"notes\">Übungsblatt 7, Aufgabe 2: die anderen beiden Zeilen.</aside>", nots=["7", "2"])
A("      </section>")
A("")
A("    </div>")
A("  </div>")
A('  <script src="dist/reveal.js"></script>')
A('  <script src="plugin/notes/notes.js"></script>')
A('  <script src="plugin/math/math.js"></script>')
A('  <script src="plugin/highlight/highlight.js"></script>')
A("  <script>")
A("    Reveal.initialize({ hash: true, slideNumber: 'c/t', transition: 'fade',")
A("      plugins: [ RevealMath.KaTeX, RevealNotes, RevealHighlight ] });")
A("  </script>")
A("</body>")
A("</html>")
d.save()
