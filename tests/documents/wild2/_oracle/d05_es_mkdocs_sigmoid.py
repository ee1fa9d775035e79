"""Spanish MkDocs-Material page (rendered HTML, arithmatex): one sigmoid neuron, forward and backward, gate by gate,
with the values in an inline SVG circuit (2 decimals) and in a table (4 decimals)."""
from pathlib import Path

import numpy as np

from w2lib import *

ws, xs = ["0.5", "-1.5", "0.25"], ["2.0", "0.4"]
w, x = M(ws), M(xs)
p0, p1 = w[0] * x[0], w[1] * x[1]
z = p0 + p1 + w[2]
nz = -z
e = mpmath.exp(nz)
den = 1 + e
f = 1 / den
# backward, upstream gradient 1
g_den = -1 / den ** 2
g_e = g_den * 1
g_nz = g_e * e
g_z = -g_nz
assert abs(g_z - f * (1 - f)) < mpf(10) ** -30
gw = [x[0] * g_z, x[1] * g_z, g_z]
gx = [w[0] * g_z, w[1] * g_z]
fn = 1 / (1 + np.exp(-(0.5 * 2.0 - 1.5 * 0.4 + 0.25)))
np_same([f], [fn]); np_same([gw[0]], [2.0 * fn * (1 - fn)])

d = Doc("mkdocs-sigmoid-neuron-es", "html",
        "Spanish MkDocs-Material page rendered to HTML (arithmatex spans, an admonition, a highlight code block): one "
        "sigmoid neuron f = sigma(w0 x0 + w1 x1 + w2) decomposed into gates (*, +, *-1, exp, +1, 1/x); forward values "
        "and backward gradients drawn in an inline SVG circuit at 2 decimals and listed in a table at 4 decimals, "
        "then the shortcut sigma(1 - sigma) and the gradients of w and x",
        "f = 1/(1 + exp(-(w0 x0 + w1 x1 + w2))), upstream gradient 1", "exact",
        note="no planted slip; SVG coordinates, stroke widths and font sizes are filler", gen=Path(__file__).name)
add = d.add
for ln in ['<!doctype html>', '<html lang="es" class="no-js">', '<head>', '<meta charset="utf-8">']:
    add(ln)
add('<meta name="generator" content="mkdocs-1.5.3, mkdocs-material-9.5.9">', nots=["1.5.3", "9.5.9"])
add('<title>Retropropagación en una neurona sigmoide - Apuntes de Redes Neuronales</title>')
add('</head>')
add('<body dir="ltr" data-md-color-scheme="default" data-md-color-primary="indigo">')
add('<div class="md-content" data-md-component="content">')
add('<article class="md-content__inner md-typeset">')
add('<h1 id="retropropagacion-en-una-neurona-sigmoide">Retropropagación en una neurona sigmoide<a class="headerlink" href="#retropropagacion-en-una-neurona-sigmoide" title="Permanent link">&para;</a></h1>')
add('<p>Antes de llegar a los transformers conviene hacer <em>una</em> vez la regla de la cadena a mano. La neurona es</p>')
add('<div class="arithmatex">\\[f(w, x) = \\sigma(w_0 x_0 + w_1 x_1 + w_2) = \\frac{1}{1 + e^{-(w_0 x_0 + w_1 x_1 + w_2)}}\\]</div>',
    nots=["0", "0", "1", "1", "2", "1", "1", "0", "0", "1", "1", "2"])
add(f'<p>con <span class="arithmatex">\\(w = [{", ".join(um(v) for v in ws)}]\\)</span> y <span class="arithmatex">\\(x = [{", ".join(xs)}]\\)</span>. '
    'El gradiente que llega desde arriba es 1 (como si <span class="arithmatex">\\(f\\)</span> fuera la pérdida).</p>', nots=["1"])
add('<h2 id="el-circuito">El circuito</h2>')
add('<p>En verde, los valores hacia delante; en rojo, los gradientes hacia atrás (redondeados a 2 decimales para que quepan).</p>', nots=["2"])
add('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 760 230" width="760" height="230" font-family="monospace" font-size="13">',
    nots=["2000", "0", "0", "760", "230", "760", "230", "13"])
add('  <g stroke="#555" stroke-width="1.5" fill="none">', nots=["1.5"])
add('    <path d="M40 40 H150 M40 90 H150 M40 140 H150 M40 190 H150 M190 65 H260 M190 165 H260 M300 115 H380 M420 115 H480 M520 115 H580 M620 115 H690"/>')
add('  </g>')
gates = [("*", 170, 65), ("*", 170, 165), ("+", 280, 115), ("*-1", 400, 115), ("exp", 500, 115), ("+1", 600, 115), ("1/x", 710, 115)]
for g, gx_, gy in gates:
    add(f'  <circle cx="{gx_}" cy="{gy}" r="18" fill="#eef"/><text x="{gx_ - 9}" y="{gy + 4}">{g}</text>',
        nots=[str(gx_), str(gy), "18", str(gx_ - 9), str(gy + 4)] + (["1"] if g in ("*-1", "+1", "1/x") else []))
vals = [  # (label, forward value, gradient, x, y)
    ("w0", w[0], gw[0], 45, 34), ("x0", x[0], gx[0], 45, 84), ("w1", w[1], gw[1], 45, 134), ("x1", x[1], gx[1], 45, 184),
    ("w0*x0", p0, g_z, 200, 59), ("w1*x1", p1, g_z, 200, 159), ("z", z, g_z, 310, 109), ("-z", nz, g_nz, 425, 109),
    ("exp(-z)", e, g_e, 525, 109), ("1+exp(-z)", den, g_den, 625, 109), ("f", f, mpf(1), 725, 80)]
given = {"w0", "x0", "w1", "x1"}
for lab, fv, gv, sx, sy in vals:
    fs, gs = rs(fv, 2), rs(gv, 2)
    if lab in given:
        fs = {"w0": "0.5", "x0": "2.0", "w1": "-1.5", "x1": "0.4"}[lab]
    else:
        check(fs, fv)
    check(gs, gv)
    claims = [] if lab in given else [(fs, f"{lab} (forward, svg)", "correct")]
    if lab != "f":
        claims.append((gs, f"d f / d {lab} (svg)", "correct"))
    add(f'  <text x="{sx}" y="{sy}" fill="#1a7f37">{um(fs)}</text><text x="{sx}" y="{sy + 30}" fill="#cf222e">{um(gs)}</text>',
        claims=claims, nots=[str(sx), str(sy), str(sx), str(sy + 30)] + (["1"] if lab == "f" else []))
add('</svg>')
add('<h2 id="hacia-delante">Hacia delante</h2>')
add('<table>')
add('<thead><tr><th>puerta</th><th>operación</th><th>valor</th></tr></thead>')
add('<tbody>')
fw = [("multiplicar", f"{ws[0]} · {xs[0]}", p0, "w0*x0"), ("multiplicar", f"({ws[1]}) · {xs[1]}", p1, "w1*x1"),
      ("sumar", f"{exact(p0)} + ({exact(p1)}) + {ws[2]}", z, "z"), ("negar", f"−{exact(z)}", nz, "-z"),
      ("exponencial", f"exp({um(exact(nz))})", e, "exp(-z)"), ("sumar 1", f"1 + {rnd(e, 4)}", den, "1+exp(-z)"),
      ("invertir", f"1 / {rnd(den, 4)}", f, "f")]
for gname, op, v, q in fw:
    s = exact(v) if q in ("w0*x0", "w1*x1", "z", "-z") else rnd(v, 4)
    ops = line_tokens(op)
    add(f'<tr><td>{gname}</td><td>{um(op)}</td><td>{um(s)}</td></tr>', claims=[(s, f"{q} (forward)", "correct")],
        opts=[t for t in ops if t not in ("1",)], nots=["1"] if gname in ("sumar 1", "invertir") else [])
add('</tbody>')
add('</table>')
add(f'<p>La neurona devuelve <span class="arithmatex">\\(f \\approx {rnd(f, 4)}\\)</span>.</p>', claims=[(rnd(f, 4), "f", "correct")])
add('<h2 id="hacia-atras">Hacia atrás</h2>')
add('<p>Cada puerta multiplica el gradiente que recibe por su derivada local:</p>')
add('<table>')
add('<thead><tr><th>puerta</th><th>derivada local</th><th>gradiente</th></tr></thead>')
add('<tbody>')
bw = [("1/x", f"−1/{rnd(den, 4)}² = {um(rnd(-1 / den ** 2, 4))}", g_den, "1+exp(-z)", [rnd(den, 4)], [(rnd(-1 / den ** 2, 4), "local d(1/x)/dx", "correct")]),
      ("+1", "1", g_e, "exp(-z)", [], []),
      ("exp", f"e^{{{um(exact(nz))}}} = {rnd(e, 4)}", g_nz, "-z", [exact(nz), rnd(e, 4)], []),
      ("*-1", "−1", g_z, "z", [], [])]
for gname, loc, gv, q, op_, extra in bw:
    add(f'<tr><td>{gname}</td><td>{loc}</td><td>{um(rnd(gv, 4))}</td></tr>', claims=extra + [(rnd(gv, 4), f"d f / d {q}", "correct")],
        opts=op_, nots=["1"] * (gname in ("1/x", "+1", "*-1")) + (["2"] if gname == "1/x" else []))
add('</tbody>')
add('</table>')
add('<div class="admonition tip">')
add('<p class="admonition-title">Atajo</p>')
add(f'<p>Todo ese camino se resume en <span class="arithmatex">\\(\\sigma(z)(1-\\sigma(z)) = {rnd(f, 4)} \\cdot {rnd(1 - f, 4)} = {rnd(f * (1 - f), 4)}\\)</span>, '
    'que es lo que se programa en la práctica.</p>',
    claims=[(rnd(1 - f, 4), "1 - f", "correct"), (rnd(f * (1 - f), 4), "sigma'(z)", "correct")], opts=[rnd(f, 4)], nots=["1", "1"])
add('</div>')
add('<p>Por último, la puerta de multiplicación reparte el gradiente intercambiando los factores:</p>')
add('<div class="highlight"><pre><span></span><code>', )
names = ["dw0", "dw1", "dw2"]
for k in range(3):
    op = f"x{k} · dz = {xs[k]} · {rnd(g_z, 4)}" if k < 2 else f"1 · dz"
    add(f"{names[k]} = {op} = {rnd(gw[k], 4)}", claims=[(rnd(gw[k], 4), f"d f / d w{k}", "correct")],
        opts=([xs[k]] if k < 2 else []) + [rnd(g_z, 4)] * (k < 2), nots=[str(k)] * (k < 2) + ["0", "1", "2"][k:k + 1] + (["1"] if k == 2 else []))
for k in range(2):
    add(f"dx{k} = w{k} · dz = {ws[k]} · {rnd(g_z, 4)} = {rnd(gx[k], 4)}", claims=[(rnd(gx[k], 4), f"d f / d x{k}", "correct")],
        opts=[ws[k], rnd(g_z, 4)], nots=[str(k), str(k)])
add('</code></pre></div>')
add('<p>Si el peso <span class="arithmatex">\\(w_1\\)</span> bajara un poco, <span class="arithmatex">\\(f\\)</span> bajaría: su gradiente es positivo porque '
    '<span class="arithmatex">\\(x_1 > 0\\)</span>.</p>', nots=["1", "1", "0"])
add('</article>')
add('</div>')
add('<footer class="md-footer"><div class="md-copyright">Copyright &copy; 2022 – 2024 Apuntes RN</div></footer>', nots=["2022", "2024"])
add('</body>')
add('</html>')
d.write()
