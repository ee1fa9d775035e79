"""Spanish blog post rendered by a static-site generator (Hugo): MathJax \\( \\) inline, <table>s, 2-head attention with W_O."""
import html
from pathlib import Path

import numpy as np

from wlib import *

toks = ["el", "gato", "duerme"]
Xs = [["1.0", "0.0", "0.5", "0.2"], ["0.3", "0.8", "0.1", "0.6"], ["0.6", "0.4", "0.9", "0.0"]]
WQs = [["0.5", "0.1", "0.2", "0.6"], ["0.3", "0.7", "0.4", "0.1"], ["0.2", "0.4", "0.8", "0.3"], ["0.6", "0.2", "0.1", "0.5"]]
WKs = [["0.4", "0.3", "0.1", "0.7"], ["0.2", "0.6", "0.5", "0.2"], ["0.7", "0.1", "0.3", "0.4"], ["0.1", "0.5", "0.6", "0.3"]]
WVs = [["0.6", "0.2", "0.3", "0.1"], ["0.1", "0.5", "0.7", "0.4"], ["0.3", "0.8", "0.2", "0.6"], ["0.4", "0.3", "0.5", "0.2"]]
WOs = [["0.5", "-0.2", "0.3", "0.1"], ["0.1", "0.4", "-0.3", "0.6"], ["-0.4", "0.2", "0.5", "0.3"], ["0.2", "0.6", "0.1", "-0.5"]]
X, WQ, WK, WV, WO = (V(m) for m in (Xs, WQs, WKs, WVs, WOs))
Q, K, Vm = mm(X, WQ), mm(X, WK), mm(X, WV)
heads = []
for h in range(2):
    sl = slice(2 * h, 2 * h + 2)
    Qh, Kh, Vh = [r[sl] for r in Q], [r[sl] for r in K], [r[sl] for r in Vm]
    S = mm(Qh, T(Kh))
    Sc = [[v / mpmath.sqrt(2) for v in r] for r in S]
    A = [softmax(r) for r in Sc]
    Z = [wsum(a, Vh) for a in A]
    heads.append((Qh, Kh, Vh, S, Sc, A, Z))
concat = [heads[0][6][i] + heads[1][6][i] for i in range(3)]
OUTm = mm(concat, WO)

Xn, WQn, WKn, WVn, WOn = (np.array(m, float) for m in (Xs, WQs, WKs, WVs, WOs))
Qn, Kn, Vn = Xn @ WQn, Xn @ WKn, Xn @ WVn
Zs = []
for h in range(2):
    s = Qn[:, 2*h:2*h+2] @ Kn[:, 2*h:2*h+2].T / np.sqrt(2)
    a = np.exp(s) / np.exp(s).sum(1, keepdims=True)
    Zs.append(a @ Vn[:, 2*h:2*h+2])
np_check(OUTm, np.hstack(Zs) @ WOn)

d = Doc("hugo-multihead-es", "html",
        "Spanish blog post as a Hugo static site renders it (MathJax \\( \\) inline and \\[ \\] display maths, <table> results): two-head attention for 'el gato duerme' (d_model = 4, 2 heads of d_k = 2), per-head scores, scaled scores, weights and outputs, concatenation and W_O",
        "multi-head attention: Q/K/V = X W, head h uses columns 2h-1..2h, scaled by sqrt(2), softmax, per-head context, concat, output = concat W_O", "exact",
        note="no planted slip; the concatenation restates the head outputs (optional claims)")
d.gen = Path(__file__).name
add = d.add


def row(cells, claims=(), first=None, tag="td"):
    inner = ("<th>" + html.escape(first) + "</th>" if first is not None else "") + "".join(f"<{tag}>{c}</{tag}>" for c in cells)
    return add(f"      <tr>{inner}</tr>", claims=claims)


def table(caption, header, rows_):
    add('<div class="table-wrapper">')
    add("<table>")
    add(f"  <caption>{caption}</caption>")
    add("  <thead>")
    add("    <tr>" + "".join(f"<th>{h}</th>" for h in header) + "</tr>")
    add("  </thead>")
    add("  <tbody>")
    for first, cells, cl in rows_:
        row(cells, cl, first)
    add("  </tbody>")
    add("</table>")
    add("</div>")


def mat_tex(name, M):
    return f"\\[ {name} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{pmatrix} \\]"


add("<!DOCTYPE html>")
add('<html lang="es-ES">')
add("<head>")
add('  <meta charset="utf-8">')
add('  <meta name="viewport" content="width=device-width, initial-scale=1">')
add('  <meta name="generator" content="Hugo 0.121.1">', nots=["0.121"])
add("  <title>Atención multi-cabeza a mano: dos cabezas, tres palabras | Cuaderno de ML</title>")
add('  <link rel="stylesheet" href="/css/main.min.4f2c1e.css">')
add("  <script>")
add("    MathJax = { tex: { inlineMath: [['\\\\(', '\\\\)']], displayMath: [['\\\\[', '\\\\]']] } };")
add("  </script>")
add('  <script id="MathJax-script" async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>', nots=["3"])
add("</head>")
add("<body>")
add('<header class="site-header"><nav><a href="/">Cuaderno de ML</a> · <a href="/posts/">Entradas</a> · <a href="/tags/">Etiquetas</a></nav></header>')
add('<main class="content">')
add('<article class="post">')
add("  <h1>Atención multi-cabeza a mano: dos cabezas, tres palabras</h1>")
add('  <div class="post-meta"><time datetime="2024-01-09T10:00:00+01:00">9 de enero de 2024</time> · 6 minutos de lectura</div>',
    nots=["9", "2024", "6"])
add('  <div class="post-content">')
add("<p>En la entrada anterior calculamos una sola cabeza de atención. Hoy hacemos lo mismo con <strong>dos cabezas</strong>, que es como se usa en la práctica, y terminamos con la proyección de salida \\(W^O\\).</p>")
add("<h2 id=\"planteamiento\">Planteamiento</h2>")
add("<p>La frase es <em>el gato duerme</em>. Cada palabra es un vector de dimensión \\(d_{model} = 4\\) y usamos \\(h = 2\\) cabezas, así que cada cabeza trabaja con \\(d_k = d_{model}/h = 2\\) dimensiones.</p>",
    nots=["4", "2"], opts=["2"])
add(mat_tex("X", Xs))
add("<p>Las matrices de proyección son de \\(4 \\times 4\\). La cabeza 1 usa las dos primeras columnas y la cabeza 2 las dos últimas (equivale a partir \\(Q\\), \\(K\\), \\(V\\) por la mitad).</p>",
    nots=["4", "4", "1", "2"])
for nm, M in (("W^Q", WQs), ("W^K", WKs), ("W^V", WVs)):
    add(mat_tex(nm, M))
add("<h2 id=\"qkv\">Paso 1: Q, K y V</h2>")
add("<p>\\(Q = XW^Q\\), \\(K = XW^K\\), \\(V = XW^V\\). Por ejemplo, el primer elemento de \\(Q\\) para <em>el</em> es")
pr = [X[0][k] * WQ[k][0] for k in range(4)]
add(f"\\(1.0 \\cdot 0.5 + 0.0 \\cdot 0.3 + 0.5 \\cdot 0.2 + 0.2 \\cdot 0.6 = {short(Q[0][0])}\\).</p>", claims=[(short(Q[0][0]), "Q[el][1]", "correct")])
for nm, M in (("Q", Q), ("K", K), ("V", Vm)):
    table(f"Matriz {nm}", ["", f"{nm}<sub>1</sub>", f"{nm}<sub>2</sub>", f"{nm}<sub>3</sub>", f"{nm}<sub>4</sub>"],
          [(t, [short(v) for v in M[i]], [(short(M[i][j]), f"{nm}[{t}][{j+1}]", "correct") for j in range(4)]) for i, t in enumerate(toks)])
for h in range(2):
    Qh, Kh, Vh, S, Sc, A, Z = heads[h]
    add(f"<h2 id=\"cabeza-{h+1}\">Paso {h+2}: cabeza {h+1}</h2>", nots=[str(h + 2), str(h + 1)])
    cols = "1 y 2" if h == 0 else "3 y 4"
    add(f"<p>La cabeza {h+1} toma las columnas {cols} de \\(Q\\), \\(K\\) y \\(V\\). Las puntuaciones son \\(Q_{h+1} K_{h+1}^\\top\\):</p>",
        nots=[str(h + 1)] + cols.split(" y "))
    q, k = Qh[1], Kh[2]
    pp = [q[0] * k[0], q[1] * k[1]]
    add(f"<p>Por ejemplo, <em>gato</em> frente a <em>duerme</em>: \\({short(q[0])} \\times {short(k[0])} + {short(q[1])} \\times {short(k[1])} = {short(pp[0])} + {short(pp[1])} = {short(S[1][2])}\\).</p>",
        claims=[(short(pp[0]), f"head {h+1}: Q[gato][1]*K[duerme][1]", "correct"), (short(pp[1]), f"head {h+1}: Q[gato][2]*K[duerme][2]", "correct"),
                (short(S[1][2]), f"head {h+1}: score[gato,duerme]", "correct")],
        opts=[short(q[0]), short(k[0]), short(q[1]), short(k[1])])
    table(f"Cabeza {h+1}: \\(QK^\\top\\)", [""] + toks,
          [(t, [short(v) for v in S[i]], [(short(S[i][j]), f"head {h+1}: score[{t},{toks[j]}]", "correct") for j in range(3)]) for i, t in enumerate(toks)])
    add("<p>Dividimos entre \\(\\sqrt{d_k} = \\sqrt{2} \\approx 1.4142\\) y aplicamos softmax por filas:</p>", nots=["2"], opts=["1.4142"])
    table(f"Cabeza {h+1}: puntuaciones escaladas", [""] + toks,
          [(t, [rnd(v, 4) for v in Sc[i]], [(rnd(Sc[i][j], 4), f"head {h+1}: scaled[{t},{toks[j]}]", "correct") for j in range(3)]) for i, t in enumerate(toks)])
    table(f"Cabeza {h+1}: pesos de atención", [""] + toks,
          [(t, [rnd(v, 4) for v in A[i]], [(rnd(A[i][j], 4), f"head {h+1}: weights[{t},{toks[j]}]", "correct") for j in range(3)]) for i, t in enumerate(toks)])
    add(f"<p>La salida de la cabeza es \\(\\mathrm{{softmax}}(\\cdot)\\,V_{h+1}\\):</p>")
    table(f"Salida de la cabeza {h+1}", ["", "z<sub>1</sub>", "z<sub>2</sub>"],
          [(t, [rnd(v, 4) for v in Z[i]], [(rnd(Z[i][j], 4), f"head {h+1}: out[{t}][{j+1}]", "correct") for j in range(2)]) for i, t in enumerate(toks)])
add("<h2 id=\"salida\">Paso 4: concatenar y proyectar</h2>")
add("<p>Concatenamos las dos salidas (cada fila pasa a tener 4 valores) y multiplicamos por \\(W^O\\):</p>", nots=["4"])
add(mat_tex("W^O", WOs))
add("<div class=\"table-wrapper\">")
add("<table>")
add("  <caption>Concat(cabeza 1, cabeza 2)</caption>")
add("  <tbody>")
for i, t in enumerate(toks):
    cells = [rnd(v, 4) for v in concat[i]]
    ln = add(f"      <tr><th>{t}</th>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>", opts=cells)
add("  </tbody>")
add("</table>")
add("</div>")
table("Salida final \\(\\mathrm{Concat}\\,W^O\\)", ["", "o<sub>1</sub>", "o<sub>2</sub>", "o<sub>3</sub>", "o<sub>4</sub>"],
      [(t, [rnd(v, 4) for v in OUTm[i]], [(rnd(OUTm[i][j], 4), f"output[{t}][{j+1}]", "correct") for j in range(4)]) for i, t in enumerate(toks)])
add(f"<p>Comprobación rápida de la primera celda: \\({rnd(concat[0][0], 4)} \\cdot 0.5 + {rnd(concat[0][1], 4)} \\cdot 0.1 + {rnd(concat[0][2], 4)} \\cdot (-0.4) + {rnd(concat[0][3], 4)} \\cdot 0.2 \\approx {rnd(OUTm[0][0], 4)}\\).</p>",
    claims=[(rnd(OUTm[0][0], 4), "output[el][1]", "correct")], opts=[rnd(v, 4) for v in concat[0]])
add("<p>Cada cabeza reparte la atención de forma algo distinta; con pesos aleatorios las diferencias son pequeñas, pero en un modelo entrenado una cabeza puede especializarse en la sintaxis y otra en la semántica.</p>")
add("  </div>")
add('  <footer class="post-footer"><ul class="post-tags"><li><a href="/tags/transformers/">transformers</a></li><li><a href="/tags/atencion/">atención</a></li></ul></footer>')
add("</article>")
add("</main>")
add('<footer class="site-footer">© 2024 Cuaderno de ML · Hecho con <a href="https://gohugo.io/">Hugo</a></footer>', nots=["2024"])
add("</body>")
add("</html>")
d.write()
