"""German university course page (HTML, MathJax 3): one sigmoid neuron on a computational graph, forward gate by
gate (w1 x1, w2 x2, z, -z, e^-z, 1 + e^-z, 1/(1 + e^-z)) and backward gate by gate from an upstream gradient of 1,
in an HTML table; then an exercise with the loss 1/2 (t - o)^2 and one SGD step (lr 0.3). Chained: each value from
the printed value before it, 4 decimals."""
import html as H
from pathlib import Path

from w18lib import *

G = dict(x1="1.4", x2="2.0", w1="0.6", w2="-0.3", b="0.2", t="1.0")
lr = "0.3"
g = {k: mpf(v) for k, v in G.items()}
# exact route
z_ex = g["w1"] * g["x1"] + g["w2"] * g["x2"] + g["b"]
o_ex = sigmoid(z_ex)
dz_ex = o_ex * (1 - o_ex)
# chained route (what the page prints)
a1 = lit(g["w1"] * g["x1"]); a2 = lit(g["w2"] * g["x2"])
z = lit(P(a1) + P(a2) + g["b"])
u = lit(-P(z))
v = R(mpmath.exp(P(u)))
s = R(1 + P(v))
o = R(1 / P(s))
ds = R(-1 / P(s) ** 2)           # do/ds
dv = ds                           # d(1+v)/dv = 1
du = R(P(dv) * P(v))              # d e^u / du = e^u
dz = R(-P(du))
dw1 = R(P(dz) * g["x1"]); dw2 = R(P(dz) * g["x2"])
dx1 = R(P(dz) * g["w1"]); dx2 = R(P(dz) * g["w2"])
db = dz
near(o, o_ex); near(dz, dz_ex)
check = R(P(o) * (1 - P(o)))
# exercise: L = 1/2 (t - o)^2
Lx = R((g["t"] - P(o)) ** 2 / 2)
dLo = R(P(o) - g["t"])
dLz = R(P(dLo) * P(dz))
dLw1 = R(P(dLz) * g["x1"]); dLw2 = R(P(dLz) * g["x2"]); dLb = dLz
nw1 = R(g["w1"] - mpf(lr) * P(dLw1)); nw2 = R(g["w2"] - mpf(lr) * P(dLw2)); nb = R(g["b"] - mpf(lr) * P(dLb))
near(dLz, (o_ex - 1) * dz_ex); near(nw1, g["w1"] - mpf(lr) * (o_ex - 1) * dz_ex * g["x1"])
# float64 of the exact route
import math
zf = 0.6 * 1.4 - 0.3 * 2.0 + 0.2; of = 1 / (1 + math.exp(-zf))
agree([z_ex, o_ex, dz_ex], [zf, of, of * (1 - of)])

d = Doc("kurs-neuron-graph-de", "html",
        "German course page (HTML, MathJax 3): one sigmoid neuron as a computational graph, forward and backward gate "
        "by gate (-z, e^-z, 1 + e^-z, 1/x) in HTML tables with an upstream gradient of 1, then an exercise with "
        "1/2 (t - o)^2 and one SGD step (lr 0.3); 4 decimals, each from the printed value before it",
        "one sigmoid neuron o = sigma(w1 x1 + w2 x2 + b) worked gate by gate; loss 1/2 (t - o)^2, SGD lr 0.3",
        script=Path(__file__).name, rounding="chained")
A = d
A("<!DOCTYPE html>")
A('<html lang="de">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>Einheit 6: Rückwärtsrechnung im Berechnungsgraphen – Grundlagen des Maschinellen Lernens</title>")
A("<script>")
A("MathJax = { tex: { inlineMath: [['\\\\(', '\\\\)']], displayMath: [['\\\\[', '\\\\]']] } };")
A("</script>")
A('<script id="MathJax-script" async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>',
  nots=["3"])
A('<link rel="stylesheet" href="/kurs/css/kurs.css">')
A("</head>")
A("<body>")
A('<nav class="breadcrumb"><a href="/kurs/">Kurs</a> › <a href="/kurs/woche3/">Woche 3</a> › Einheit 6</nav>',
  nots=["3", "6"])
A("<main>")
A("<h1>Einheit 6: Rückwärtsrechnung im Berechnungsgraphen</h1>", nots=["6"])
A('<p class="meta">Wintersemester 2024/25 · Lehrstuhl für Datenwissenschaft · zuletzt geändert am 18.11.2024</p>',
  nots=["2024", "25", "18.11", "2024"])
A("<h2>1. Das Neuron</h2>", nots=["1"])
A("<p>Wir zerlegen ein einzelnes Neuron mit Sigmoid-Aktivierung in elementare Knoten: zwei Multiplikationen, "
  "eine Summe, die Negation, die Exponentialfunktion, die Addition von 1 und den Kehrwert.</p>", nots=["1"])
A(f"<p>Gegeben: \\(x_1 = {G['x1']}\\), \\(x_2 = {G['x2']}\\), \\(w_1 = {G['w1']}\\), \\(w_2 = {G['w2']}\\), "
  f"\\(b = {G['b']}\\).</p>")
A("<p>\\[ o = \\sigma(z) = \\frac{1}{1 + e^{-z}}, \\qquad z = w_1 x_1 + w_2 x_2 + b \\]</p>", nots=["1", "1"])
A("<h2>2. Vorwärts</h2>", nots=["2"])
A("<table>")
A("<tr><th>Knoten</th><th>Rechnung</th><th>Wert</th></tr>")
A(f"<tr><td>\\(a_1\\)</td><td>\\(w_1 x_1 = {G['w1']} \\cdot {G['x1']}\\)</td><td>{a1}</td></tr>",
  claims=[(a1, "n.w1x1", "correct")], opts=[G["w1"], G["x1"]], nots=["1"])
A(f"<tr><td>\\(a_2\\)</td><td>\\(w_2 x_2 = {G['w2']} \\cdot {G['x2']}\\)</td><td>{a2}</td></tr>",
  claims=[(a2, "n.w2x2", "correct")], opts=[G["w2"], G["x2"]], nots=["2"])
A(f"<tr><td>\\(z\\)</td><td>\\(a_1 + a_2 + b\\)</td><td>{z}</td></tr>", claims=[(z, "n.net", "correct")], nots=["1", "2"])
A(f"<tr><td>\\(u\\)</td><td>\\(-z\\)</td><td>{u}</td></tr>", claims=[(u, "n.neg", "correct")])
A(f"<tr><td>\\(v\\)</td><td>\\(e^{{u}}\\)</td><td>{v}</td></tr>", claims=[(v, "n.exp", "correct")])
A(f"<tr><td>\\(s\\)</td><td>\\(1 + v\\)</td><td>{s}</td></tr>", claims=[(s, "n.den", "correct")], nots=["1"])
A(f"<tr><td>\\(o\\)</td><td>\\(1 / s\\)</td><td>{o}</td></tr>", claims=[(o, "n.out", "correct")], nots=["1"])
A("</table>")
A("<h2>3. Rückwärts</h2>", nots=["3"])
A("<p>Wir beginnen am Ausgang mit \\(\\partial o / \\partial o = 1\\) und multiplizieren an jedem Knoten mit der "
  "lokalen Ableitung.</p>", nots=["1"])
A("<table>")
A("<tr><th>Knoten</th><th>lokale Ableitung</th><th>Gradient</th></tr>")
A(f"<tr><td>\\(s\\)</td><td>\\(-1/s^2 = -1/{s}^2\\)</td><td>{ds}</td></tr>",
  claims=[(ds, "grad_o.n.den", "correct")], opts=[s], nots=["1", "2", "1", "2"])
A(f"<tr><td>\\(v\\)</td><td>\\(1\\)</td><td>{dv}</td></tr>", claims=[(dv, "grad_o.n.exp", "correct")], nots=["1"])
A(f"<tr><td>\\(u\\)</td><td>\\(e^{{u}} = {v}\\)</td><td>{du}</td></tr>", claims=[(du, "grad_o.n.neg", "correct")],
  opts=[v])
A(f"<tr><td>\\(z\\)</td><td>\\(-1\\)</td><td>{dz}</td></tr>", claims=[(dz, "grad_o.n.net", "correct")], nots=["-1"])
A(f"<tr><td>\\(w_1\\)</td><td>\\(x_1 = {G['x1']}\\)</td><td>{dw1}</td></tr>", claims=[(dw1, "grad_o.w[1]", "correct")],
  opts=[G["x1"]], nots=["1", "1"])
A(f"<tr><td>\\(w_2\\)</td><td>\\(x_2 = {G['x2']}\\)</td><td>{dw2}</td></tr>", claims=[(dw2, "grad_o.w[2]", "correct")],
  opts=[G["x2"]], nots=["2", "2"])
A(f"<tr><td>\\(x_1\\)</td><td>\\(w_1 = {G['w1']}\\)</td><td>{dx1}</td></tr>", claims=[(dx1, "grad_o.x[1]", "correct")],
  opts=[G["w1"]], nots=["1", "1"])
A(f"<tr><td>\\(x_2\\)</td><td>\\(w_2 = {G['w2']}\\)</td><td>{dx2}</td></tr>", claims=[(dx2, "grad_o.x[2]", "correct")],
  opts=[G["w2"]], nots=["2", "2"])
A(f"<tr><td>\\(b\\)</td><td>\\(1\\)</td><td>{db}</td></tr>", claims=[(db, "grad_o.b", "correct")], nots=["1"])
A("</table>")
A(f"<p><strong>Kontrolle:</strong> Die Sigmoid-Ableitung lässt sich auch direkt schreiben: "
  f"\\(o(1 - o) = {o} \\cdot (1 - {o}) = {check}\\). Das stimmt mit dem Gradienten an \\(z\\) überein.</p>",
  claims=[(check, "grad_o.n.net", "correct")], opts=[o, o], nots=["1", "1"])
A("<h2>4. Übung: ein Lernschritt</h2>", nots=["4"])
A(f"<p>Jetzt hängen wir den Fehler \\(E = \\tfrac12 (t - o)^2\\) mit \\(t = {G['t']}\\) an und machen einen "
  f"Gradientenschritt mit der Lernrate \\(\\eta = {lr}\\).</p>", nots=["12", "2", lr])
A('<details class="loesung"><summary>Lösung anzeigen</summary>')
A("<ol>")
A(f"<li>\\(E = \\tfrac12 ({G['t']} - {o})^2 = {Lx}\\)</li>", claims=[(Lx, "loss", "correct")], opts=[G["t"], o],
  nots=["12", "2"])
A(f"<li>\\(\\partial E / \\partial o = o - t = {o} - {G['t']} = {dLo}\\)</li>", claims=[(dLo, "grad.n.out", "correct")],
  opts=[o, G["t"]])
A(f"<li>\\(\\partial E / \\partial z = {dLo} \\cdot {dz} = {dLz}\\) (der Gradient an \\(z\\) von oben, mal \\(\\partial E/\\partial o\\))</li>",
  claims=[(dLz, "grad.n.net", "correct")], opts=[dLo, dz])
A(f"<li>\\(\\partial E / \\partial w_1 = {dLz} \\cdot {G['x1']} = {dLw1}\\), "
  f"\\(\\partial E / \\partial w_2 = {dLz} \\cdot {G['x2']} = {dLw2}\\), \\(\\partial E / \\partial b = {dLb}\\)</li>",
  claims=[(dLw1, "grad.w[1]", "correct"), (dLw2, "grad.w[2]", "correct"), (dLb, "grad.b", "correct")],
  opts=[dLz, G["x1"], dLz, G["x2"]], nots=["1", "2"])
A(f"<li>\\(w_1 \\leftarrow {G['w1']} - {lr} \\cdot ({dLw1}) = {nw1}\\), "
  f"\\(w_2 \\leftarrow {G['w2']} - {lr} \\cdot {par(dLw2)} = {nw2}\\), "
  f"\\(b \\leftarrow {G['b']} - {lr} \\cdot ({dLb}) = {nb}\\)</li>",
  claims=[(nw1, "step1.w[1]", "correct"), (nw2, "step1.w[2]", "correct"), (nb, "step1.b", "correct")],
  opts=[G["w1"], dLw1, G["w2"], dLw2, G["b"], dLb], nots=["1", "2"])
A("</ol>")
A("</details>")
A("</main>")
A('<footer><p>© 2024 Lehrstuhl für Datenwissenschaft · Inhalte unter CC BY-SA 4.0</p></footer>',
  nots=["2024", "4.0"])
A("</body>")
A("</html>")
d.save()
