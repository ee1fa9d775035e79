"""Spanish R Markdown page as published on RPubs (rmarkdown html_document: section divs, <pre class="r"><code> input
chunks, <pre><code>## …</code></pre> outputs of named numeric vectors printed by R with 7 significant digits and a
common number of decimals, names right-aligned above the values, a knitr::kable HTML table): a 2-2-1 network with
sigmoid units, E = ½(t − y)², backpropagation and one gradient step with η = 0.5, then a new forward pass."""
from pathlib import Path

from w6lib import *

x1, x2, t = mpf("0.5"), mpf("-1.0"), mpf("0.8")
P0 = {"w1": "0.4", "w2": "-0.3", "w3": "0.2", "w4": "0.7", "w5": "0.7", "w6": "-0.5", "b1": "0.1", "b2": "-0.2", "b3": "0.3"}
ETA = mpf("0.5")


def forward(p):
    z1 = p["w1"] * x1 + p["w2"] * x2 + p["b1"]
    z2 = p["w3"] * x1 + p["w4"] * x2 + p["b2"]
    h1, h2 = sigmoid(z1), sigmoid(z2)
    z3 = p["w5"] * h1 + p["w6"] * h2 + p["b3"]
    y = sigmoid(z3)
    return dict(z1=z1, h1=h1, z2=z2, h2=h2, z3=z3, y=y, E=(t - y) ** 2 / 2)


p = {k: mpf(v) for k, v in P0.items()}
f = forward(p)
d3 = (f["y"] - t) * f["y"] * (1 - f["y"])
g = {"w5": d3 * f["h1"], "w6": d3 * f["h2"], "b3": d3}
d1 = d3 * p["w5"] * f["h1"] * (1 - f["h1"])
d2 = d3 * p["w6"] * f["h2"] * (1 - f["h2"])
g.update({"w1": d1 * x1, "w2": d1 * x2, "b1": d1, "w3": d2 * x1, "w4": d2 * x2, "b2": d2})
pn = {k: p[k] - ETA * g[k] for k in p}
f2 = forward(pn)


def fwd64(q):
    z1 = q["w1"] * .5 + q["w2"] * -1 + q["b1"]; z2 = q["w3"] * .5 + q["w4"] * -1 + q["b2"]
    h1, h2 = 1 / (1 + np.exp(-z1)), 1 / (1 + np.exp(-z2)); z3 = q["w5"] * h1 + q["w6"] * h2 + q["b3"]
    y = 1 / (1 + np.exp(-z3)); return y, h1, h2


q = {k: float(v) for k, v in P0.items()}
y64, h1_64, h2_64 = fwd64(q)
d3_64 = (y64 - .8) * y64 * (1 - y64)
agree([f["y"], d3], [y64, d3_64])
qn = {k: float(v) for k, v in pn.items()}
agree([f2["y"], f2["E"]], [fwd64(qn)[0], (0.8 - fwd64(qn)[0]) ** 2 / 2])
agree([d1, d2], [d3_64 * .7 * h1_64 * (1 - h1_64), d3_64 * -.5 * h2_64 * (1 - h2_64)])

d = Doc("rpubs-red221-es", "html",
        "Spanish R Markdown page published on RPubs (section divs, <pre class=\"r\"> input chunks, '## ' outputs of "
        "named numeric vectors in R's 7-significant-digit format with names above the values, a knitr::kable HTML "
        "table): 2-2-1 sigmoid network, E = ½(t − y)², backpropagation, one gradient step with η = 0.5, new forward "
        "pass and error",
        "2-2-1 network, sigmoid hidden and output units, E = ½(t − y)², plain gradient descent, one step, eta = 0.5",
        script=Path(__file__).name,
        note="R prints each named vector with a common number of decimals (enough for 7 significant digits of the "
             "element that needs most); every printed value is the rounding of the exact value at the decimals shown")
A = d


def rout(names, vals, qtys):
    pairs = r_vector(names, vals)
    k = 0
    for n_, (head, body, vs) in enumerate(pairs):
        A(("<pre><code>" if n_ == 0 else "") + head)
        A(body + ("</code></pre>" if n_ == len(pairs) - 1 else ""),
          claims=[(v, q_, "correct") for v, q_ in zip(vs, qtys[k:k + len(vs)])])
        k += len(vs)


def rchunk(lines):
    A('<pre class="r"><code>' + lines[0])
    for ln in lines[1:-1]:
        A(ln)
    A(lines[-1] + "</code></pre>") if len(lines) > 1 else None


A("<!DOCTYPE html>")
A('<html lang="es">')
A("<head>")
A('<meta charset="utf-8" />')
A('<meta name="generator" content="pandoc" />', )
A('<meta name="author" content="Lucía Ferrer" />')
A('<meta name="date" content="2024-10-02" />', nots=["2024", "10", "02"])
A("<title>Retropropagación a mano: red 2–2–1 con sigmoide</title>")
A('<script src="data:application/javascript;base64,Ly8gUHV0IGEgc3RyaW5n"></script>')
A("</head>")
A("<body>")
A('<div class="container-fluid main-container">')
A('<div id="header">')
A('<h1 class="title toc-ignore">Retropropagación a mano: red 2–2–1 con sigmoide</h1>')
A('<h4 class="author">Lucía Ferrer</h4>')
A('<h4 class="date">2 de octubre de 2024</h4>', nots=["2", "2024"])
A("</div>")
A("<p>Apuntes para la práctica 4 de Aprendizaje Automático. Seguimos una sola muestra por la red, calculamos el error "
  "y hacemos <strong>un</strong> paso de descenso por el gradiente. Todo en R base, sin paquetes.</p>", nots=["4"])
A('<div id="datos" class="section level2">')
A("<h2>Datos y pesos iniciales</h2>")
rchunk(["# entradas y objetivo", "x1 &lt;- 0.5; x2 &lt;- -1.0", "t &lt;- 0.8",
        "# capa oculta", "w1 &lt;- 0.4; w2 &lt;- -0.3; b1 &lt;- 0.1", "w3 &lt;- 0.2; w4 &lt;- 0.7; b2 &lt;- -0.2",
        "# salida", "w5 &lt;- 0.7; w6 &lt;- -0.5; b3 &lt;- 0.3", "eta &lt;- 0.5",
        "sigmoide &lt;- function(z) 1 / (1 + exp(-z))"])
A("<p>La neurona oculta 1 recibe <code>w1</code> (de x1) y <code>w2</code> (de x2); la 2 recibe <code>w3</code> y "
  "<code>w4</code>.</p>", nots=["1", "2"])
A("</div>")
A('<div id="hacia-adelante" class="section level2">')
A("<h2>Propagación hacia adelante</h2>")
rchunk(["z1 &lt;- w1*x1 + w2*x2 + b1; h1 &lt;- sigmoide(z1)", "z2 &lt;- w3*x1 + w4*x2 + b2; h2 &lt;- sigmoide(z2)",
        "z3 &lt;- w5*h1 + w6*h2 + b3; y &lt;- sigmoide(z3)", "c(z1 = z1, h1 = h1, z2 = z2, h2 = h2, z3 = z3, y = y)"])
rout(["z1", "h1", "z2", "h2", "z3", "y"], [f[k] for k in ("z1", "h1", "z2", "h2", "z3", "y")],
     ["hidden.net[1]", "hidden.out[1]", "hidden.net[2]", "hidden.out[2]", "out.net", "out"])
rchunk(["E &lt;- 0.5 * (t - y)^2", "E"])
Es = trim(sig(f["E"], 7))
A(f"<pre><code>## [1] {Es}</code></pre>", claims=[(Es, "loss", "correct")], nots=["1"])
A(f"<p>La red predice {rnd(f['y'], 4)} y queríamos 0.8: el error es pequeño pero no nulo.</p>",
  claims=[(rnd(f["y"], 4), "out", "correct")], opts=["0.8"])
A("</div>")
A('<div id="hacia-atras" class="section level2">')
A("<h2>Retropropagación</h2>")
A("<p>Con <span class=\"math inline\">\\(\\sigma'(z) = \\sigma(z)(1-\\sigma(z))\\)</span>, el delta de la salida es "
  "<span class=\"math inline\">\\(\\delta_3 = (y - t)\\,y\\,(1-y)\\)</span> y los de la capa oculta "
  "<span class=\"math inline\">\\(\\delta_j = \\delta_3\\, w_{j+4}\\, h_j (1-h_j)\\)</span>.</p>", nots=["3", "4"])
rchunk(["d3 &lt;- (y - t) * y * (1 - y)", "d1 &lt;- d3 * w5 * h1 * (1 - h1)", "d2 &lt;- d3 * w6 * h2 * (1 - h2)",
        "c(d3 = d3, d1 = d1, d2 = d2)"])
rout(["d3", "d1", "d2"], [d3, d1, d2], ["grad.out.net", "grad.hidden.net[1]", "grad.hidden.net[2]"])
rchunk(["grad &lt;- c(w1 = d1*x1, w2 = d1*x2, b1 = d1, w3 = d2*x1, w4 = d2*x2, b2 = d2,",
        "          w5 = d3*h1, w6 = d3*h2, b3 = d3)", "grad"])
order = ["w1", "w2", "b1", "w3", "w4", "b2", "w5", "w6", "b3"]
rout(order, [g[k] for k in order], [f"grad.{k}" for k in order])
A("</div>")
A('<div id="actualizacion" class="section level2">')
A("<h2>Actualización de los pesos</h2>")
rchunk(["viejos &lt;- c(w1, w2, b1, w3, w4, b2, w5, w6, b3)", "nuevos &lt;- viejos - eta * grad",
        "knitr::kable(data.frame(peso = names(grad), antes = viejos, gradiente = grad, despues = nuevos), digits = 4)"])
A("<table>")
A("<thead>")
A('<tr class="header">')
A('<th align="left">peso</th>')
A('<th align="right">antes</th>')
A('<th align="right">gradiente</th>')
A('<th align="right">despues</th>')
A("</tr>")
A("</thead>")
A("<tbody>")
for k_, name in enumerate(order):
    A(f'<tr class="{"odd" if k_ % 2 == 0 else "even"}">')
    A(f'<td align="left">{name}</td>')
    A(f'<td align="right">{rnd(p[name], 4)}</td>', opts=[rnd(p[name], 4)])
    A(f'<td align="right">{rnd(g[name], 4)}</td>', claims=[(rnd(g[name], 4), f"grad.{name}", "correct")])
    A(f'<td align="right">{rnd(pn[name], 4)}</td>', claims=[(rnd(pn[name], 4), f"step1.{name}", "correct")])
    A("</tr>")
A("</tbody>")
A("</table>")
A("<p>Los pesos de la salida se mueven más que los de la capa oculta: sus deltas no pasan por otra derivada de la "
  "sigmoide.</p>")
A("</div>")
A('<div id="comprobacion" class="section level2">')
A("<h2>¿Bajó el error?</h2>")
rchunk(["# repetimos la pasada hacia adelante con los pesos nuevos", "y_nuevo &lt;- forward(nuevos, x1, x2)",
        "c(y = y_nuevo, E = 0.5 * (t - y_nuevo)^2)"])
rout(["y", "E"], [f2["y"], f2["E"]], ["step1.out", "step1.loss"])
A(f"<p>El error pasa de {sig(f['E'], 4)} a {sig(f2['E'], 4)}. Con un solo paso no se llega a 0.8, pero la dirección "
  "es la correcta.</p>", claims=[(sig(f["E"], 4), "loss", "correct"), (sig(f2["E"], 4), "step1.loss", "correct")],
  opts=["0.8"])
A("</div>")
A("</div>")
A("</body>")
A("</html>")
d.save()
