"""English course page saved as HTML with an inline SVG circuit diagram: one sigmoid neuron (three inputs), forward
and backward with the squared error 1/2 (y - a)^2, one SGD step; every value written on the drawing as `<text>`
labels (forward above the wires, gradients below in red) and restated in the prose. One planted slip: dL/dw2.
Exact rounding, 4 decimals."""
from pathlib import Path

from w11lib import *

xs, ws, bs, ys, lrs = ["0.7", "-0.3", "1.2"], ["0.4", "0.9", "-0.25"], "0.15", "1", "0.3"
x, w, b, y, lr = mat(xs), mat(ws), mpf(bs), mpf(ys), mpf(lrs)
prod = [xi * wi for xi, wi in zip(x, w)]
z = mpmath.fsum(prod) + b
a = sigmoid(z)
Lval = (y - a) ** 2 / 2
dLda = a - y
dadz = a * (1 - a)
dLdz = dLda * dadz
gw = [dLdz * xi for xi in x]
gb = dLdz
nw = [wi - lr * g for wi, g in zip(w, gw)]
nb = b - lr * gb
# float64 check
xn, wn = np.array(xs, float), np.array(ws, float)
zn = xn @ wn + float(bs); an = 1 / (1 + np.exp(-zn)); dzn = (an - 1) * an * (1 - an)
close(z, zn); close(a, an); close(Lval, 0.5 * (1 - an) ** 2); close(dLdz, dzn)
agree(gw, dzn * xn); agree(nw, wn - 0.3 * dzn * xn); close(nb, float(bs) - 0.3 * dzn)

R = lambda v: rnd(v, 4)
clean = R(gw[1])
SLIP = clean[:-2] + str(int(clean[-2]) - 1) + clean[-1]
assert SLIP and SLIP != clean, clean
nw2_slip = w[1] - lr * mpf(SLIP)
NW = [R(nw[0]), R(nw2_slip), R(nw[2])]
assert NW[1] != R(nw[1])

d = Doc("svg-neuron-en", "html",
        "English course page saved as HTML with an inline SVG circuit of one sigmoid neuron (3 inputs): values on the "
        "wires as <text> labels, gradients in red, restated in prose; squared error, chain rule, one SGD step; "
        "one planted slip",
        "one sigmoid neuron a = sigma(w.x + b), x = (0.7, -0.3, 1.2), w = (0.4, 0.9, -0.25), b = 0.15, target 1, "
        "loss 1/2 (y - a)^2, one SGD step with lr 0.3",
        script=Path(__file__).name,
        note=f"planted slip: dL/dw2 is written {SLIP} instead of {clean} (its third decimal one too low), on the drawing and "
             "in the prose (one slip). The updated w2 is computed from the slipped gradient (propagated); nothing "
             "else depends on it.")
A = d
A("<!DOCTYPE html>")
A('<html lang="en">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>Lecture 6 notes: backprop through a single neuron | CS 189-ish, Fall 2025</title>", nots=["6", "189"])
A('<meta name="viewport" content="width=device-width, initial-scale=1">')
A('<link rel="stylesheet" href="../css/notes.css?v=3">')
A("<style>")
A("  svg text { font-family: 'Fira Mono', monospace; font-size: 13px; }")
A("  svg text.fwd { fill: #1b5e20; } svg text.bwd { fill: #c62828; } svg text.lbl { font-weight: bold; }")
A("</style>")
A("</head>")
A("<body>")
A('<nav class="crumbs"><a href="../index.html">Course home</a> / <a href="./">Lecture notes</a> / Lecture 6</nav>',
  nots=["6"])
A('<main class="notes">')
A("<h1>Lecture 6 &mdash; Backpropagation through one neuron</h1>", nots=["6"])
A('<p class="meta">Scribe notes, week 4 &middot; last edited 2025-10-09 &middot; <a href="#errata">errata</a></p>',
  nots=["4", "2025-10-09"])
A("<p>Before we run backprop on a whole network (Lecture 7) we do it by hand on a single sigmoid neuron. "
  "Draw the computation as a circuit: every wire carries a value forward (green, above the wire) and a gradient "
  "backward (red, below the wire). This is the same picture as in the CS231n notes [2], with our own numbers.</p>",
  nots=["7", "231", "2"])
A("<h2>1. Setup</h2>")
A("<p>Three inputs, three weights and a bias:</p>")
A("<ul>")
A(f"<li>x = ({', '.join(xs)})</li>")
A(f"<li>w = ({', '.join(ws)}), b = {bs}</li>")
A(f"<li>target y = {ys}, learning rate &eta; = {lrs}</li>")
A("<li>loss L = &frac12;(y &minus; a)&sup2; with a = &sigma;(z), z = w&middot;x + b</li>")
A("</ul>")
A("<h2>2. The circuit</h2>")
A('<figure class="circuit">')
A('<svg xmlns="http://www.w3.org/2000/svg" width="760" height="300" viewBox="0 0 760 300">')
A('  <g stroke="#444" fill="none" stroke-width="1.5">')
for k, yy in enumerate((50, 140, 230)):
    A(f'    <line x1="90" y1="{yy}" x2="250" y2="{yy}"/>')
    A(f'    <line x1="290" y1="{yy}" x2="420" y2="140"/>')
    A(f'    <circle cx="270" cy="{yy}" r="20"/>')
A('    <circle cx="440" cy="140" r="20"/>')
A('    <rect x="500" y="120" width="50" height="40"/>')
A('    <line x1="460" y1="140" x2="500" y2="140"/>')
A('    <line x1="550" y1="140" x2="640" y2="140"/>')
A("  </g>")
for k, yy in enumerate((50, 140, 230)):
    A("  " + svg_text(40, yy + 4, f"x{k + 1}={xs[k]}", "lbl"), opts=[xs[k]])
    A("  " + svg_text(40, yy + 22, f"w{k + 1}={ws[k]}", "lbl"), opts=[ws[k]])
    A("  " + svg_text(270, yy + 5, "&times;", "lbl"))
    p = R(prod[k])
    A("  " + svg_text(345, yy - 10 if k != 2 else yy + 20, p, "fwd"), claims=[(p, f"prod[{k + 1}]", "correct")])
A("  " + svg_text(440, 145, "+", "lbl"))
A("  " + svg_text(440, 190, f"b={bs}", "lbl"), opts=[bs])
zt = R(z)
A("  " + svg_text(480, 130, zt, "fwd"), claims=[(zt, "neuron.z", "correct")])
A("  " + svg_text(525, 145, "&sigma;", "lbl"))
at = R(a)
A("  " + svg_text(595, 130, at, "fwd"), claims=[(at, "neuron.out", "correct")])
Lt = R(Lval)
A("  " + svg_text(700, 145, f"L={Lt}", "fwd"), claims=[(Lt, "loss", "correct")])
dat = R(dLda)
A("  " + svg_text(595, 165, dat, "bwd"), claims=[(dat, "grad.neuron.out", "correct")])
dzt = R(dLdz)
A("  " + svg_text(480, 165, dzt, "bwd"), claims=[(dzt, "grad.neuron.z", "correct")])
A("  " + svg_text(440, 210, dzt, "bwd"), claims=[(dzt, "grad.b", "correct")])
GW = [R(gw[0]), SLIP, R(gw[2])]
for k, yy in enumerate((50, 140, 230)):
    A("  " + svg_text(170, yy + 18, GW[k], "bwd"),
      claims=[(GW[k], f"grad.w[{k + 1}]", "wrong" if k == 1 else "correct")])
A("</svg>")
A("<figcaption>Figure 6.1: forward values (green) and gradients (red). Units of the wires are arbitrary; the "
  "drawing is not to scale.</figcaption>", nots=["6.1"])
A("</figure>")
A("<h2>3. Forward pass, in words</h2>")
A(f"<p>The three products are {xs[0]}&times;{ws[0]} = {R(prod[0])}, ({xs[1]})&times;{ws[1]} = {R(prod[1])} and "
  f"{xs[2]}&times;({ws[2]}) = {R(prod[2])}. Adding the bias gives z = {zt}.</p>",
  claims=[(R(prod[k]), f"prod[{k + 1}]", "correct") for k in range(3)] + [(zt, "neuron.z", "correct")],
  opts=xs + ws)
ez = mpmath.exp(-z)
A(f"<p>Then a = &sigma;(z) = 1 / (1 + e<sup>{um(rnd(-z, 2))}</sup>) = 1 / (1 + {R(ez)}) = {at}, and the loss is "
  f"&frac12;(1 &minus; {at})&sup2; = {Lt}.</p>",
  claims=[(R(ez), "neuron.exp", "correct"), (at, "neuron.out", "correct"), (Lt, "loss", "correct")],
  opts=[rnd(-z, 2), at])
A("<h2>4. Backward pass, in words</h2>")
A(f"<p>Start at the loss: &part;L/&part;a = a &minus; y = {dat}. The sigmoid's local gradient is "
  f"a(1 &minus; a) = {R(dadz)}, so &part;L/&part;z = {dat} &times; {R(dadz)} = {dzt}.</p>",
  claims=[(dat, "grad.neuron.out", "correct"), (R(dadz), "neuron.dsig", "correct"),
          (dzt, "grad.neuron.z", "correct")], opts=[dat, R(dadz)])
A("<p>The plus gate copies the gradient to every input, so &part;L/&part;b = " + dzt + ". A multiply gate "
  "sends each side the other side's value times the incoming gradient:</p>", claims=[(dzt, "grad.b", "correct")])
A("<ul>")
for k in range(3):
    A(f"<li>&part;L/&part;w<sub>{k + 1}</sub> = x<sub>{k + 1}</sub> &middot; &part;L/&part;z = {GW[k]}</li>",
      claims=[(GW[k], f"grad.w[{k + 1}]", "wrong" if k == 1 else "correct")], nots=[str(k + 1)])
A("</ul>")
A("<h2>5. One SGD step</h2>")
A(f"<p>With &eta; = {lrs}, w &larr; w &minus; &eta;&middot;&part;L/&part;w:</p>")
A("<table class=\"tbl\">")
A("<tr><th>param</th><th>old</th><th>gradient</th><th>new</th></tr>")
for k in range(3):
    v = "correct" if k != 1 else "propagated"
    A(f"<tr><td>w{k + 1}</td><td>{ws[k]}</td><td>{GW[k]}</td><td>{NW[k]}</td></tr>",
      claims=[(GW[k], f"grad.w[{k + 1}]", "wrong" if k == 1 else "correct"), (NW[k], f"step1.w[{k + 1}]", v)],
      opts=[ws[k]])
A(f"<tr><td>b</td><td>{bs}</td><td>{dzt}</td><td>{R(nb)}</td></tr>",
  claims=[(dzt, "grad.b", "correct"), (R(nb), "step1.b", "correct")], opts=[bs])
A("</table>")
A("<p>Sanity check: the output was below the target, so every weight moves in the direction that raises z "
  "(w1 and w3 grow in proportion to a positive input, w2 shrinks because x2 is negative).</p>")
A('<p class="aside">In a real network each neuron has hundreds of inputs (a GPT-2 MLP unit sees 768) but the '
  "gate rules are exactly these three.</p>", nots=["2", "768"])
A('<h2 id="errata">Errata</h2>')
A("<p>2025-10-11: fixed the sign of the bias gradient in the figure (thanks, section 102).</p>",
  nots=["2025-10-11", "102"])
A('<h2>References</h2>')
A("<ol><li>Rumelhart, Hinton, Williams (1986).</li><li>CS231n, <em>Backpropagation, Intuitions</em>.</li></ol>",
  nots=["1986"])
A("</main>")
A("</body>")
A("</html>")
d.save()
