"""English Jekyll (minima theme) page saved as HTML: MathJax 2 script tag, `\\[ \\begin{bmatrix} … \\]` display math
with one matrix row per line, inline `\\( … \\)` working, HTML tables with the tokens as `<th>` row labels;
self-attention over kids, play, outside, Wq/Wk/Wv 3 -> 2, scaled by sqrt(2), 3 decimals. One planted slip in the
output table. Exact rounding."""
import html as H
from pathlib import Path

from w10lib import *

toks = ["kids", "play", "outside"]
Xs = [["0.3", "0.9", "0.4"], ["0.8", "0.2", "0.6"], ["0.5", "0.7", "0.1"]]
Wqs = [["0.7", "0.2"], ["0.4", "0.9"], ["0.3", "0.5"]]
Wks = [["0.6", "0.8"], ["0.2", "0.3"], ["0.9", "0.1"]]
Wvs = [["0.5", "0.4"], ["0.1", "0.8"], ["0.7", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
clean = rnd(C[1][1], 3)
SLIP = clean[:-2] + clean[-1] + clean[-2]
assert SLIP != clean

d = Doc("jekyll-mathjax", "html",
        "English Jekyll (minima) page saved as HTML: MathJax bmatrix display math one row per line, inline working, "
        "HTML tables with tokens as th row labels; self-attention over kids, play, outside, Wq/Wk/Wv 3 -> 2, scaled "
        "by sqrt(2), 3 decimals; one planted slip",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens kids, play, outside",
        script=Path(__file__).name,
        note=f"planted slip: in the output table the second component of play is written {SLIP} instead of {clean} "
             "(last two digits swapped). Nothing is computed from it.")
A = d


def mj(name, rows, qty=None):
    A("<p>\\[")
    A(f"{name} = \\begin{{bmatrix}}")
    for i, r in enumerate(rows):
        txt = " & ".join(r) + (" \\\\" if i < len(rows) - 1 else "")
        A(txt, claims=[] if qty is None else [(s, qty(i, j), "correct") for j, s in enumerate(r)])
    A("\\end{bmatrix}")
    A("\\]</p>")


def table(caption, cols, rows, qty, verdict=lambda i, j: "correct"):
    A('<table>')
    A(f"  <caption>{caption}</caption>")
    A("  <thead>")
    A("    <tr><th></th>" + "".join(f"<th>{c}</th>" for c in cols) + "</tr>")
    A("  </thead>")
    A("  <tbody>")
    for i, t in enumerate(toks):
        A(f"    <tr><th>{t}</th>" + "".join(f"<td>{s}</td>" for s in rows[i]) + "</tr>",
          claims=[(s, qty(i, j), verdict(i, j)) for j, s in enumerate(rows[i])])
    A("  </tbody>")
    A("</table>")


A("<!DOCTYPE html>")
A('<html lang="en"><head>')
A('  <meta charset="utf-8">')
A('  <meta http-equiv="X-UA-Compatible" content="IE=edge">')
A('  <meta name="viewport" content="width=device-width, initial-scale=1">')
A("  <title>Attention by hand: three words, one head | Notes from the reading group</title>")
A('  <meta name="generator" content="Jekyll v4.3.2" />')
A('  <link rel="stylesheet" href="/assets/main.css">')
A('  <script type="text/x-mathjax-config">')
A("    MathJax.Hub.Config({ tex2jax: { inlineMath: [['\\\\(','\\\\)']], displayMath: [['\\\\[','\\\\]']] } });")
A("  </script>")
A('  <script type="text/javascript" async')
A('    src="https://cdn.jsdelivr.net/npm/mathjax@2/MathJax.js?config=TeX-AMS_CHTML"></script>')
A("</head>")
A("<body>")
A('<header class="site-header" role="banner">')
A('  <div class="wrapper"><a class="site-title" rel="author" href="/">Notes from the reading group</a>')
A('    <nav class="site-nav"><div class="trigger"><a class="page-link" href="/about/">About</a></div></nav>')
A("  </div>")
A("</header>")
A('<main class="page-content" aria-label="Content">')
A('  <div class="wrapper">')
A('<article class="post h-entry" itemscope itemtype="http://schema.org/BlogPosting">')
A('  <header class="post-header">')
A('    <h1 class="post-title p-name" itemprop="name headline">Attention by hand: three words, one head</h1>')
A('    <p class="post-meta"><time class="dt-published" datetime="2023-06-14T19:02:00+00:00" itemprop="datePublished">'
  "Jun 14, 2023</time> • <span itemprop=\"author\">Tomás Reyes</span></p>", nots=["14", "2023"])
A("  </header>")
A('  <div class="post-content e-content" itemprop="articleBody">')
A("<p>At last week&#39;s reading group someone asked what the numbers inside an attention head actually look like. "
  "Here is the example I put on the whiteboard, cleaned up: the sentence <em>kids play outside</em>, "
  "3-dimensional embeddings, and one head with \\(d_k = 2\\).</p>", nots=["3", "2"])
A("")
A('<h2 id="inputs">Inputs</h2>')
A("<p>The rows of \\(X\\) are kids, play and outside, in that order.</p>")
mj("X", Xs)
A("<p>and the three projections:</p>")
mj("W_Q", Wqs)
mj("W_K", Wks)
mj("W_V", Wvs)
A('<h2 id="projections">Queries, keys, values</h2>')
A("<p>Multiplying out \\(Q = XW_Q\\), \\(K = XW_K\\), \\(V = XW_V\\):</p>")
for nm in ("Q", "K", "V"):
    mj(nm, [[rnd(v, 2) for v in r] for r in a[nm]], qty=lambda i, j, nm=nm: f"{nm}[{toks[i]}][{j + 1}]")
A('<h2 id="scores">Scores</h2>')
q0, k1 = [rnd(v, 2) for v in Q[0]], [rnd(v, 2) for v in K[1]]
A(f"<p>For the pair kids → play: \\( q_{{\\text{{kids}}}} \\cdot k_{{\\text{{play}}}} = ({q0[0]})({k1[0]}) + "
  f"({q0[1]})({k1[1]}) = {rnd(S[0][1], 4)} \\), and dividing by \\(\\sqrt{{2}}\\) gives "
  f"\\( {rnd(S[0][1], 4)} / 1.414 \\approx {rnd(Sc[0][1], 3)} \\).</p>",
  claims=[(rnd(S[0][1], 4), "scores[kids,play]", "correct"), (rnd(Sc[0][1], 3), "scaled[kids,play]", "correct")],
  opts=q0 + k1 + [rnd(S[0][1], 4), "1.414"], nots=["2"])
table("Scaled scores \\(QK^\\top / \\sqrt{d_k}\\)", toks, [[rnd(v, 3) for v in r] for r in Sc],
      lambda i, j: f"scaled[{toks[i]},{toks[j]}]")
A('<h2 id="softmax">Softmax</h2>')
A("<p>Each row goes through a softmax, so every row below adds up to 1.</p>", nots=["1"])
Wp = [[rnd(v, 3) for v in r] for r in W]
table("Attention weights", toks, Wp, lambda i, j: f"weights[{toks[i]},{toks[j]}]")
jm = max(range(3), key=lambda j: W[0][j])
A(f"<p>So <em>kids</em> spends {Wp[0][jm]} of its attention on <em>{toks[jm]}</em>.</p>",
  claims=[(Wp[0][jm], f"weights[kids,{toks[jm]}]", "correct")])
A('<h2 id="output">Output</h2>')
Cp = [[rnd(v, 3) for v in r] for r in C]
Cp[1][1] = SLIP
table("Output \\(AV\\)", ["dim 1", "dim 2"], Cp, lambda i, j: f"context[{toks[i]}][{j + 1}]",
      verdict=lambda i, j: "wrong" if (i, j) == (1, 1) else "correct")
A("<p>Those three rows are what the next layer sees instead of the raw embeddings.</p>")
A("  </div>")
A("</article>")
A("  </div>")
A("</main>")
A('<footer class="site-footer h-card"><div class="wrapper"><p>Notes from the reading group · built with Jekyll</p></div></footer>')
A("</body>")
A("</html>")
d.save()
