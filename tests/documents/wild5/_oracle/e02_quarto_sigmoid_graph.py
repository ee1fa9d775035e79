"""English Quarto / Jupyter-Book style HTML page: a sigmoid neuron with 2 inputs as a computational graph, forward
and backward. MathJax \\(...\\) in <span class="math inline">, code cells with pandoc-highlighted spans and their
outputs in <pre>, and an inline <svg> circuit whose <text> labels carry the values (above the edges, green) and the
gradients (below, red) to 2 decimals; the prose works to 4 decimals."""
from pathlib import Path

from w5lib import *

x1s, x2s, w1s, w2s, bs = "1.2", "-0.5", "0.8", "-1.1", "-0.2"
x1, x2, w1, w2, b = M([x1s, x2s, w1s, w2s, bs])
p1, p2 = w1 * x1, w2 * x2
s = p1 + p2
z = s + b
y = sigmoid(z)
dz = y * (1 - y)
dw1, dx1, dw2, dx2, db = x1 * dz, w1 * dz, x2 * dz, w2 * dz, dz
import math
zf = 0.8 * 1.2 + -1.1 * -0.5 - 0.2; yf = 1 / (1 + math.exp(-zf)); gf = yf * (1 - yf)
check64([z, y, dz, dw1, dx1, dw2, dx2], [zf, yf, gf, 1.2 * gf, 0.8 * gf, -0.5 * gf, -1.1 * gf])

d = Doc("quarto-sigmoid-graph", "html",
        "English Quarto (Jupyter-Book-like) HTML page: a 2-input sigmoid neuron drawn as a computational graph; "
        "forward values and backward gradients in MathJax spans, in code-cell outputs (<pre>), and in an inline <svg> "
        "circuit as <text> labels (values above the edges, gradients below in red, 2 decimals)",
        "y = sigmoid(w1 x1 + w2 x2 + b); upstream gradient dL/dy = 1; dy/dz = y(1 - y); dw_i = x_i dy/dz, "
        "dx_i = w_i dy/dz, db = dy/dz",
        script=Path(__file__).name,
        note="the SVG labels are the same quantities as the prose, rounded to 2 decimals; the input and weight labels "
             "on the leftmost edges and the seed gradient 1.00 are givens (optional claims)")
A = d
F2, F4 = (lambda v: fmt(v, 2)), (lambda v: fmt(v, 4))


def math_inline(tex):
    return f'<span class="math inline">\\({tex}\\)</span>'


A('<!DOCTYPE html>')
A('<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head>')
A('<meta charset="utf-8">')
A('<meta name="generator" content="quarto-1.4.550">', nots=["1.4.550"])
A('<meta name="viewport" content="width=device-width, initial-scale=1.0, user-scalable=yes">', nots=["1.0"])
A('<title>Backprop through one neuron – ML notes</title>')
A('<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml-full.js" type="text/javascript"></script>', nots=["3"])
A('</head><body class="nav-sidebar docked">')
A('<main class="content" id="quarto-document-content">')
A('<header id="title-block-header" class="quarto-title-block default"><h1 class="title">Backprop through one neuron</h1>')
A('<p class="subtitle lead">Chapter 2 · the chain rule, one gate at a time</p></header>', nots=["2"])
A('<section id="the-neuron" class="level2"><h2 class="anchored" data-anchor-id="the-neuron">The neuron</h2>')
m1 = math_inline("z = w_1 x_1 + w_2 x_2 + b")
m2 = math_inline(r"y = \sigma(z) = 1/(1+e^{-z})")
m3 = math_inline("x_1 = " + x1s + r",\ x_2 = " + uminus(x2s))
m4 = math_inline("w_1 = " + w1s + r",\ w_2 = " + uminus(w2s))
m5 = math_inline("b = " + uminus(bs))
A(f'<p>Two inputs, two weights and a bias: {m1} and {m2}. We pick {m3}, {m4} and {m5}.</p>',
  nots=["1", "2", "1", "1"])
A('<p>Think of the expression as a little circuit. Every gate knows its inputs and its local derivative; the chain '
  'rule multiplies those local derivatives on the way back.</p>')
A('<div class="cell">')
A('<div class="sourceCode cell-code" id="cb1"><pre class="sourceCode python code-with-copy"><code class="sourceCode python">'
  '<span id="cb1-1"><a href="#cb1-1" aria-hidden="true" tabindex="-1"></a><span class="im">import</span> math</span>')
A(f'<span id="cb1-2"><a href="#cb1-2" aria-hidden="true" tabindex="-1"></a>x1, x2 <span class="op">=</span> '
  f'<span class="fl">{x1s}</span>, <span class="op">-</span><span class="fl">{x2s[1:]}</span></span>', nots=["1", "2"])
A(f'<span id="cb1-3"><a href="#cb1-3" aria-hidden="true" tabindex="-1"></a>w1, w2, b <span class="op">=</span> '
  f'<span class="fl">{w1s}</span>, <span class="op">-</span><span class="fl">{w2s[1:]}</span>, '
  f'<span class="op">-</span><span class="fl">{bs[1:]}</span></span>', nots=["3"])
A('<span id="cb1-4"><a href="#cb1-4" aria-hidden="true" tabindex="-1"></a></span>', nots=["4"])
A('<span id="cb1-5"><a href="#cb1-5" aria-hidden="true" tabindex="-1"></a><span class="co"># forward</span></span>', nots=["5"])
A('<span id="cb1-6"><a href="#cb1-6" aria-hidden="true" tabindex="-1"></a>p1, p2 <span class="op">=</span> w1 <span class="op">*</span> x1, w2 <span class="op">*</span> x2</span>', nots=["6"])
A('<span id="cb1-7"><a href="#cb1-7" aria-hidden="true" tabindex="-1"></a>z <span class="op">=</span> p1 <span class="op">+</span> p2 <span class="op">+</span> b</span>', nots=["7"])
A('<span id="cb1-8"><a href="#cb1-8" aria-hidden="true" tabindex="-1"></a>y <span class="op">=</span> <span class="dv">1</span> <span class="op">/</span> (<span class="dv">1</span> <span class="op">+</span> math.exp(<span class="op">-</span>z))</span>', nots=["8"])
A('<span id="cb1-9"><a href="#cb1-9" aria-hidden="true" tabindex="-1"></a><span class="bu">print</span>(<span class="ss">f"p1=</span><span class="sc">{</span>p1<span class="sc">:.4f}</span><span class="ss"> p2=</span><span class="sc">{</span>p2<span class="sc">:.4f}</span><span class="ss"> z=</span><span class="sc">{</span>z<span class="sc">:.4f}</span><span class="ss"> y=</span><span class="sc">{</span>y<span class="sc">:.4f}</span><span class="ss">"</span>)</span></code></pre></div>', nots=["9"])
A(f'<div class="cell-output cell-output-stdout"><pre><code>p1={F4(p1)} p2={F4(p2)} z={F4(z)} y={F4(y)}</code></pre>',
  claims=[(F4(p1), "w1*x1", "correct"), (F4(p2), "w2*x2", "correct"), (F4(z), "z", "correct"), (F4(y), "y = sigmoid(z)", "correct")])
A('</div></div>')
A('</section>')
A('<section id="the-circuit" class="level2"><h2 class="anchored" data-anchor-id="the-circuit">The circuit</h2>')
A('<p>Green numbers (above an edge) are forward values, red numbers (below) are gradients of the output with respect '
  'to that edge. Two decimals, so that it fits.</p>')
A('<div class="quarto-figure quarto-figure-center"><figure class="figure">')
A('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="260" viewBox="0 0 640 260" font-family="sans-serif" font-size="13">',
  nots=["640", "260"])
A('<g stroke="#444" stroke-width="1.5" fill="none">', nots=["1.5"])
for ln in ['<line x1="20" y1="30" x2="150" y2="60"/>', '<line x1="20" y1="100" x2="150" y2="75"/>',
           '<line x1="20" y1="160" x2="150" y2="185"/>', '<line x1="20" y1="230" x2="150" y2="200"/>',
           '<line x1="180" y1="68" x2="300" y2="118"/>', '<line x1="180" y1="192" x2="300" y2="138"/>',
           '<line x1="330" y1="128" x2="430" y2="128"/>', '<line x1="330" y1="225" x2="430" y2="140"/>',
           '<line x1="460" y1="128" x2="540" y2="128"/>', '<line x1="570" y1="128" x2="630" y2="128"/>']:
    A(ln)
A('</g>')
A('<g fill="#fff" stroke="#444">')
for cx, cy, lab in [(165, 68, "*"), (165, 192, "*"), (315, 128, "+"), (445, 128, "+"), (555, 128, "σ")]:
    A(f'<circle cx="{cx}" cy="{cy}" r="15"/>')
A('</g>')
A('<g font-size="15" text-anchor="middle">')
for cx, cy, lab in [(165, 68, "*"), (165, 192, "*"), (315, 128, "+"), (445, 128, "+"), (555, 128, "σ")]:
    A(f'<text x="{cx}" y="{cy + 5}">{lab}</text>')
A('</g>')
A('<g fill="#2e7d32">')
green = [(40, 24, "x1", x1, None), (40, 94, "w1", w1, None), (40, 154, "x2", x2, None), (40, 224, "w2", w2, None),
         (225, 82, "w1*x1", p1, "w1*x1"), (225, 152, "w2*x2", p2, "w2*x2"), (365, 120, "s", s, "w1*x1 + w2*x2"),
         (365, 192, "b", b, None), (490, 120, "z", z, "z"), (595, 120, "y", y, "y = sigmoid(z)")]
for x, yy, nm, v, q in green:
    t = uminus(F2(v)) if F2(v).startswith("-") and nm in ("x2", "w2", "b") else F2(v)
    if q:
        A(f'<text x="{x}" y="{yy}">{t}</text>', claims=[(t, q, "correct")])
    else:
        A(f'<text x="{x}" y="{yy}">{t}</text>', opts=[t])
A('</g>')
A('<g fill="#c62828">')
red = [(40, 46, dx1, "dy/dx1"), (40, 116, dw1, "dy/dw1"), (40, 176, dx2, "dy/dx2"), (40, 246, dw2, "dy/dw2"),
       (225, 104, dz, "dy/d(w1*x1)"), (225, 174, dz, "dy/d(w2*x2)"), (365, 142, dz, "dy/ds"),
       (365, 214, db, "dy/db"), (490, 142, dz, "dy/dz")]
for x, yy, v, q in red:
    A(f'<text x="{x}" y="{yy}">{F2(v)}</text>', claims=[(F2(v), q, "correct")])
A('<text x="595" y="142">1.00</text>', opts=["1.00"])
A('</g>')
A('<g fill="#555" font-size="11">')
for x, yy, nm in [(8, 36, "x₁"), (8, 106, "w₁"), (8, 166, "x₂"), (8, 236, "w₂"), (352, 236, "b")]:
    A(f'<text x="{x}" y="{yy}">{nm}</text>')
A('</g>')
A('</svg>')
A('<figcaption class="figure-caption">Figure 2.1: the neuron as a circuit, forward (green) and backward (red).</figcaption>',
  nots=["2.1"])
A('</figure></div>')
A('</section>')
A('<section id="backward" class="level2"><h2 class="anchored" data-anchor-id="backward">Backward pass</h2>')
mi = math_inline
A("<p>We start from " + mi(r"\partial y/\partial y = 1") + ". The sigmoid gate has the famous local derivative "
  + mi(r"\sigma(z)(1-\sigma(z))") + ", so</p>", nots=["1", "1"])
A(f'<p><span class="math display">\\[\\frac{{\\partial y}}{{\\partial z}} = y(1-y) = {F4(y)} \\times (1 - {F4(y)}) = {F4(dz)}\\]</span></p>',
  claims=[(F4(dz), "dy/dz", "correct")], opts=[F4(y), F4(y), "1"])
A('<p>An add gate hands the gradient unchanged to each of its inputs, so the two products, their sum and the bias '
  + "all receive " + mi(F4(dz)) + ". In particular " + mi(r"\partial y/\partial b = " + F4(db)) + ".</p>",
  claims=[(F4(dz), "dy/d(w1*x1) = dy/dz", "correct"), (F4(db), "dy/db", "correct")])
A('<p>A multiply gate swaps its inputs: the gradient on one input is the <em>other</em> input times the gradient '
  'coming in.</p>')
A('<ul>')
A("<li>" + mi(r"\partial y/\partial w_1 = x_1 \cdot " + F4(dz) + " = " + x1s + r" \cdot " + F4(dz) + " = " + F4(dw1)) + "</li>",
  claims=[(F4(dw1), "dy/dw1", "correct")], opts=[F4(dz), x1s, F4(dz)])
A("<li>" + mi(r"\partial y/\partial x_1 = w_1 \cdot " + F4(dz) + " = " + F4(dx1)) + "</li>",
  claims=[(F4(dx1), "dy/dx1", "correct")], opts=[F4(dz)], nots=["1", "1"])
A("<li>" + mi(r"\partial y/\partial w_2 = x_2 \cdot " + F4(dz) + " = (" + uminus(x2s) + r") \cdot " + F4(dz) + " = " + uminus(F4(dw2))) + "</li>",
  claims=[(uminus(F4(dw2)), "dy/dw2", "correct")], opts=[uminus(x2s), F4(dz), F4(dz)])
A("<li>" + mi(r"\partial y/\partial x_2 = w_2 \cdot " + F4(dz) + " = " + uminus(F4(dx2))) + "</li>",
  claims=[(uminus(F4(dx2)), "dy/dx2", "correct")], opts=[F4(dz)], nots=["2", "2"])
A('</ul>')
A('<div class="cell">')
A('<div class="sourceCode cell-code" id="cb2"><pre class="sourceCode python code-with-copy"><code class="sourceCode python">'
  '<span id="cb2-1"><a href="#cb2-1" aria-hidden="true" tabindex="-1"></a>dz <span class="op">=</span> y <span class="op">*</span> (<span class="dv">1</span> <span class="op">-</span> y)</span>', nots=["1"])
A('<span id="cb2-2"><a href="#cb2-2" aria-hidden="true" tabindex="-1"></a>grads <span class="op">=</span> {<span class="st">"w1"</span>: x1 <span class="op">*</span> dz, <span class="st">"x1"</span>: w1 <span class="op">*</span> dz, <span class="st">"w2"</span>: x2 <span class="op">*</span> dz, <span class="st">"x2"</span>: w2 <span class="op">*</span> dz, <span class="st">"b"</span>: dz}</span>', nots=["2"])
A('<span id="cb2-3"><a href="#cb2-3" aria-hidden="true" tabindex="-1"></a><span class="cf">for</span> k, v <span class="kw">in</span> grads.items():</span>', nots=["3"])
A('<span id="cb2-4"><a href="#cb2-4" aria-hidden="true" tabindex="-1"></a>    <span class="bu">print</span>(<span class="ss">f"d</span><span class="sc">{</span>k<span class="sc">:&lt;2}</span><span class="ss"> = </span><span class="sc">{</span>v<span class="sc">:+.4f}</span><span class="ss">"</span>)</span></code></pre></div>', nots=["4"])
A('<div class="cell-output cell-output-stdout"><pre><code>' + f'dw1 = +{F4(dw1)}', claims=[(F4(dw1), "dy/dw1", "correct")])
A(f'dx1 = +{F4(dx1)}', claims=[(F4(dx1), "dy/dx1", "correct")])
A(f'dw2 = {F4(dw2)}', claims=[(F4(dw2), "dy/dw2", "correct")])
A(f'dx2 = {F4(dx2)}', claims=[(F4(dx2), "dy/dx2", "correct")])
A(f'db  = +{F4(db)}</code></pre>', claims=[(F4(db), "dy/db", "correct")])
A('</div></div>')
A('<div class="callout callout-style-default callout-tip callout-titled"><div class="callout-header"><div class="callout-title-container">Tip</div></div>')
A('<div class="callout-body-container callout-body"><p>Sanity check: the input with the bigger weight gets the bigger '
  + "gradient, " + mi("|" + uminus(F4(dx2)) + "| &gt; " + F4(dx1)) + ", because " + mi(r"|w_2| &gt; |w_1|") + ".</p></div></div>",
  opts=[uminus(F4(dx2)), F4(dx1)], nots=["2", "1"])
A('</section>')
A('<nav class="page-navigation"><div class="nav-page nav-page-next"><a href="./03-two-layers.html">Chapter 3 · two layers</a></div></nav>',
  nots=["3"])
A('</main></body></html>')
d.save()
