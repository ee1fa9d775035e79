"""English Hugo page (PaperMod-like theme) saved as HTML: MathJax \\( \\) inline and \\[ \\] display math inside <p>,
goldmark tables with one <th>/<td> per line, a chroma code block. Sinusoidal positional encoding, d = 4, base 10000,
positions 0..2 (sin/cos interleaved): divisors, angles, PE table, x + PE, then raw self-similarity scores of the
position-aware inputs scaled by sqrt(4) and their softmax (no projections)."""
from pathlib import Path

from w7lib import *

toks = ["the", "cat", "sat"]
Xs = [["0.2", "-0.5", "0.8", "0.1"], ["0.9", "0.3", "-0.4", "0.6"], ["-0.3", "0.7", "0.5", "-0.2"]]
X = mat(Xs)
D = 4
div = [mpf(10000) ** (mpf(2 * i) / D) for i in range(D // 2)]
ang = [[mpf(p) / div[i] for i in range(D // 2)] for p in range(3)]
PE = [[f(ang[p][m // 2]) for m, f in enumerate([mpmath.sin, mpmath.cos] * 2)] for p in range(3)]
# interleaved: columns sin(a0), cos(a0), sin(a1), cos(a1)
PE = [[mpmath.sin(ang[p][0]), mpmath.cos(ang[p][0]), mpmath.sin(ang[p][1]), mpmath.cos(ang[p][1])] for p in range(3)]
H = [[X[p][m] + PE[p][m] for m in range(D)] for p in range(3)]
S, Sc, E, Z, W, C = sdpa(H, H, H, scale=mpf(2))
pos = np.arange(3)[:, None]; i2 = np.arange(0, 4, 2)
pen = np.zeros((3, 4)); pen[:, 0::2] = np.sin(pos / 10000 ** (i2 / 4)); pen[:, 1::2] = np.cos(pos / 10000 ** (i2 / 4))
Hn = np.array(Xs, float) + pen
agree(PE, pen); agree(H, Hn); agree(Sc, Hn @ Hn.T / 2); agree(W, np_softmax(Hn @ Hn.T / 2))
F = lambda v: rnd(v, 4, guard=1e-12)   # cos(0.01) = 0.99995000042 lies 4e-10 above a tie

d = Doc("hugo-mathjax-pe", "html",
        "English Hugo page saved as HTML (PaperMod chrome, MathJax \\( \\) and \\[ \\] in <p>, goldmark tables with one "
        "cell per line, chroma code block): sinusoidal PE d = 4 for positions 0..2, divisors and angles, PE table, "
        "x + PE, then scaled self-similarity scores (x+PE)(x+PE)^T / 2 and their softmax",
        "sinusoidal positional encoding (base 10000, interleaved sin/cos, d 4, positions from 0), H = X + PE, "
        "scores = H H^T / sqrt(4), weights = softmax (Q = K = H, no projections)",
        script=Path(__file__).name)
A = d


def table(head, rows):
    """rows: list of (cells as (text, claims, opts)) — one <td> per line as goldmark writes it"""
    A("<table>")
    A("<thead>")
    A("<tr>")
    for h in head:
        A(f"<th>{h}</th>")
    A("</tr>")
    A("</thead>")
    A("<tbody>")
    for r in rows:
        A("<tr>")
        for t, cl, op, nt in r:
            A(f"<td>{t}</td>", claims=cl, opts=op, nots=nt)
        A("</tr>")
    A("</tbody>")
    A("</table>")


A("<!DOCTYPE html>")
A('<html lang="en" dir="auto">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>Positional encoding, by hand, with four dimensions | notes from the bench</title>")
A('<meta name="generator" content="Hugo 0.121.1">', nots=["0.121.1"])
A('<script id="MathJax-script" async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>')
A("</head>")
A('<body class="" id="top">')
A('<main class="main">')
A('<article class="post-single">')
A('<header class="post-header">')
A('<h1 class="post-title entry-hint-parent">Positional encoding, by hand, with four dimensions</h1>')
A('<div class="post-meta"><span title="2024-02-19 18:02:11 +0100 CET">February 19, 2024</span>&nbsp;·&nbsp;6 min'
  '&nbsp;·&nbsp;Marta K.</div>', nots=["2024", "19", "6"])
A("</header>")
A('<div class="post-content"><p>Attention on its own has no idea which word came first. The usual fix is to add a '
  "fixed sinusoidal vector to every embedding before the first layer. Here is the whole thing for a three-word "
  "sentence and \\(d = 4\\), small enough to check with a calculator.</p>", nots=["4"])
A('<h2 id="the-formula">The formula<a hidden class="anchor" aria-hidden="true" href="#the-formula">#</a></h2>')
A("<p>\\[ PE_{(pos,\\,2i)} = \\sin\\!\\left(\\frac{pos}{10000^{2i/d}}\\right), \\qquad "
  "PE_{(pos,\\,2i+1)} = \\cos\\!\\left(\\frac{pos}{10000^{2i/d}}\\right) \\]</p>", nots=["10000", "2", "1"])
A("<p>With \\(d = 4\\) there are two frequencies, \\(i = 0\\) and \\(i = 1\\), so the divisors are</p>",
  nots=["4", "0", "1"])
A(f"<p>\\[ 10000^{{0/4}} = {lit(div[0])}, \\qquad 10000^{{2/4}} = {lit(div[1])}. \\]</p>",
  claims=[(lit(div[0]), "PE.div[1]", "correct"), (lit(div[1]), "PE.div[2]", "correct")], nots=["10000", "0", "4", "2"])
A("<p>Positions start at 0. The angle for position \\(pos\\) and frequency \\(i\\) is \\(pos / 10000^{2i/d}\\):</p>",
  nots=["0"])
table(["pos", "angle, i = 0", "angle, i = 1"],
      [[(str(p), (), (), [str(p)])] + [(lit(ang[p][i]), [(lit(ang[p][i]), f"PE.angle[{p}][{i + 1}]", "correct")], (), ())
                                      for i in range(2)] for p in range(3)])
A('<h2 id="the-table">The encoding table<a hidden class="anchor" aria-hidden="true" href="#the-table">#</a></h2>')
A("<p>Columns alternate sine and cosine. Position 0 is always \\((0, 1, 0, 1)\\).</p>", nots=["0", "1"])
hd = ["pos", "sin(a<sub>0</sub>)", "cos(a<sub>0</sub>)", "sin(a<sub>1</sub>)", "cos(a<sub>1</sub>)"]
table(hd, [[(str(p), (), (), [str(p)])] + [(F(PE[p][m]) if p else trim(F(PE[p][m])),
                                             [(F(PE[p][m]) if p else trim(F(PE[p][m])), f"PE[{p}][{m + 1}]", "correct")],
                                             (), ()) for m in range(4)] for p in range(3)])
A(f"<p>For example \\(PE_{{(1,0)}} = \\sin(1) \\approx {F(PE[1][0])}\\) and "
  f"\\(PE_{{(2,3)}} = \\cos(0.02) \\approx {F(PE[2][3])}\\): the second frequency barely moves over three positions.</p>",
  claims=[(F(PE[1][0]), "PE[1][1]", "correct"), (F(PE[2][3]), "PE[2][4]", "correct")],
  opts=["1", "0.02"], nots=["0", "2", "3"])
A('<h2 id="adding">Adding it to the embeddings<a hidden class="anchor" aria-hidden="true" href="#adding">#</a></h2>')
A("<p>The embeddings (made up, as always on this blog):</p>")
A('<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-python" data-lang="python">'
  '<span class="line"><span class="cl"><span class="n">X</span> <span class="o">=</span> <span class="n">np</span>'
  '<span class="o">.</span><span class="n">array</span><span class="p">([</span></span></span>')
for p in range(3):
    A('<span class="line"><span class="cl">    <span class="p">[</span>' +
      '<span class="p">,</span> '.join(f'<span class="mf">{v}</span>' if not v.startswith("-") else
                                       f'<span class="o">-</span><span class="mf">{v[1:]}</span>' for v in Xs[p]) +
      f'<span class="p">],</span>  <span class="c1"># {toks[p]}</span></span></span>')
A('<span class="line"><span class="cl"><span class="p">])</span></span></span></code></pre></div>')
rows = []
for p in range(3):
    rows.append([(toks[p], (), (), ())] + [(F(H[p][m]), [(F(H[p][m]), f"X_pe[{toks[p]}][{m + 1}]", "correct")], (), ())
                                            for m in range(4)])
A("<p>and \\(x + PE\\), component by component:</p>")
table(["token", "1", "2", "3", "4"], rows)
A(f"<p>The first frequency moves the first two columns a lot: \\(x_{{\\text{{cat}}, 1}} + PE_{{(1,0)}} = {Xs[1][0]} + {F(PE[1][0])} = "
  f"{F(H[1][0])}\\); the second adds almost nothing to column 3 and almost exactly 1 to column 4, so the fourth "
  f"column of “sat” goes from {Xs[2][3]} to {F(H[2][3])}.</p>",
  claims=[(F(PE[1][0]), "PE[1][1]", "correct"), (F(H[1][0]), "X_pe[cat][1]", "correct"),
          (F(H[2][3]), "X_pe[sat][4]", "correct")], opts=[Xs[1][0], Xs[2][3]], nots=["1", "0"])
A('<h2 id="scores">What it does to attention scores<a hidden class="anchor" aria-hidden="true" href="#scores">#</a></h2>')
A("<p>Before any learned projections, take the position-aware vectors as queries and keys at once and look at "
  "\\(S = (X + PE)(X + PE)^\\top / \\sqrt{4}\\):</p>", nots=["4"])
table(["", *toks], [[(toks[i], (), (), ())] + [(F(Sc[i][j]), [(F(Sc[i][j]), f"scaled[{toks[i]},{toks[j]}]", "correct")],
                                                (), ()) for j in range(3)] for i in range(3)])
A(f"<p>Take “the” against “cat”: the dot product is {F(S[0][1])}, halved to {F(Sc[0][1])}.</p>",
  claims=[(F(S[0][1]), "scores[the,cat]", "correct"), (F(Sc[0][1]), "scaled[the,cat]", "correct")])
A("<p>and the softmax of each row:</p>")
table(["", *toks], [[(toks[i], (), (), ())] + [(F(W[i][j]), [(F(W[i][j]), f"weights[{toks[i]},{toks[j]}]", "correct")],
                                                (), ()) for j in range(3)] for i in range(3)])
jm = max(range(3), key=lambda j: W[1][j])
A(f"<p>“cat” keeps the largest share for {'itself' if jm == 1 else '“' + toks[jm] + '”'} "
  f"(\\({F(W[1][jm])}\\)). Without the encoding, shuffling the words would only shuffle "
  "these rows and columns; with it, the scores depend on where each word sits.</p>", claims=[(F(W[1][jm]), f"weights[cat,{toks[jm]}]", "correct")])
A("</div>")
A('<footer class="post-footer"><ul class="post-tags"><li><a href="/tags/transformers/">transformers</a></li>'
  '<li><a href="/tags/positional-encoding/">positional-encoding</a></li></ul></footer>')
A("</article>")
A("</main>")
A('<footer class="footer"><span>&copy; 2024 notes from the bench</span> · <span>Powered by Hugo &amp; PaperMod</span>'
  "</footer>", nots=["2024"])
A("</body>")
A("</html>")
d.save()
