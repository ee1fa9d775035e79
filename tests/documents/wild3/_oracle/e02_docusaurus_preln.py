"""Docusaurus page (saved HTML, KaTeX auto-render with $...$): a GPT-2 style pre-LN block for 2 tokens, d = 3:
ln_1 with eps = 1e-5, one causal head (d_head = 2), c_proj back to 3 dims, residual. Code-block output lines are
prism token-line spans."""
from pathlib import Path

import numpy as np

from w3lib import *

Xs = [["0.4", "-1.2", "0.8"], ["1.5", "0.3", "-0.6"]]
WQs = [["0.5", "-0.3"], ["0.2", "0.8"], ["-0.6", "0.4"]]
WKs = [["0.7", "0.1"], ["-0.4", "0.6"], ["0.3", "-0.5"]]
WVs = [["0.9", "-0.2"], ["0.1", "0.5"], ["-0.3", "0.7"]]
WOs = [["0.6", "-0.1", "0.3"], ["-0.2", "0.8", "0.4"]]
X, WQ, WK, WV, WO = V(Xs), V(WQs), V(WKs), V(WVs), V(WOs)
eps = mpf("1e-5")
LN = [layernorm(x, eps) for x in X]
N = [t[3] for t in LN]
Q, K, Vm = mm(N, WQ), mm(N, WK), mm(N, WV)
r2 = mpmath.sqrt(2)
s11, s21, s22 = dot(Q[0], K[0]), dot(Q[1], K[0]), dot(Q[1], K[1])
w2 = softmax([s21 / r2, s22 / r2])
A = [Vm[0], [w2[0] * Vm[0][c] + w2[1] * Vm[1][c] for c in range(2)]]
Pj = mm(A, WO)
H = [vadd(X[i], Pj[i]) for i in range(2)]
# numpy float64 check
Xn = np.array(Xs, float)
Nn = (Xn - Xn.mean(1, keepdims=True)) / np.sqrt(Xn.var(1, keepdims=True) + 1e-5)
Qn, Kn, Vn = Nn @ np.array(WQs, float), Nn @ np.array(WKs, float), Nn @ np.array(WVs, float)
Sn = Qn @ Kn.T / np.sqrt(2); Sn[0, 1] = -np.inf
An = np.exp(Sn - Sn.max(1, keepdims=True)); An /= An.sum(1, keepdims=True)
np_same(H, Xn + An @ Vn @ np.array(WOs, float))

d = Doc("docusaurus-preln-gpt2", "html",
        "English Docusaurus docs page saved as HTML (KaTeX auto-render $...$, prism code blocks with one token-line span "
        "per output line, HTML tables): GPT-2 style pre-LN block for 2 tokens with d = 3: ln_1 (eps = 1e-5, gamma = 1, "
        "beta = 0), one causal head with d_head = 2, c_proj back to 3 dims, residual add",
        "h = x + c_proj(causal_attn(LayerNorm(x))), LayerNorm with eps=1e-5, softmax(QK^T/sqrt(2)) with causal mask",
        "exact", gen=Path(__file__).name)
add = d.add
add("<!doctype html>")
add('<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page">')
add("<head>")
add('<meta charset="UTF-8">')
add('<meta name="generator" content="Docusaurus v3.1.1">', nots=["3.1.1"])
add("<title>A pre-LN block by hand | tinylm notes</title>")
add('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css" crossorigin="anonymous">', nots=["0.16"])
add("</head>")
add("<body class=\"navigation-with-keyboard\">")
add('<div class="theme-doc-markdown markdown">')
add("<header><h1>A pre-LN block by hand</h1></header>")
add("<p>GPT-2 moved LayerNorm <em>in front of</em> each sub-layer (pre-LN), so the residual stream itself is never normalised "
    "inside the block. This page pushes two tokens through the first half of block 0: <code>ln_1</code> &rarr; attention &rarr; "
    "<code>c_proj</code> &rarr; residual. The real model has $d = 768$ and 12 heads; here $d = 3$ and one head of size 2.</p>",
    nots=["0", "768", "12", "3", "2"])
add('<div class="theme-admonition theme-admonition-note admonition_xJq3 alert alert--secondary"><div class="admonitionContent_BuS1">'
    "<p>The inputs below are already <code>wte[token] + wpe[pos]</code>; we don't derive them here.</p></div></div>")
add("<h2 id=\"inputs\">Inputs</h2>")
add("<table>")
add("<thead><tr><th>position</th><th>$x_1$</th><th>$x_2$</th><th>$x_3$</th></tr></thead>")
add("<tbody>")
for i in range(2):
    add(f"<tr><td>{i}</td>" + "".join(f"<td>{um(v)}</td>" for v in Xs[i]) + "</tr>", nots=[str(i)])
add("</tbody>")
add("</table>")
add("<h2 id=\"ln-1\">Step 1: <code>ln_1</code></h2>")
add("<p>For each row: $\\mu = \\frac13\\sum_j x_j$, $\\sigma^2 = \\frac13\\sum_j (x_j-\\mu)^2$ (biased, as PyTorch does), "
    "$\\hat x = (x-\\mu)/\\sqrt{\\sigma^2+\\epsilon}$ with $\\epsilon = 10^{-5}$. At initialisation $\\gamma = 1$ and $\\beta = 0$, "
    "so $\\hat x$ is the output.</p>", nots=["3", "2", "10", "-5", "1", "0"])
add('<div class="language-text codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockContent_biex">'
    '<pre tabindex="0" class="prism-code language-text codeBlock_bY9V thin-scrollbar"><code class="codeBlockLines_e6Vv">')
line = lambda t, **kw: add(f'<span class="token-line"><span class="token plain">{t}</span><br></span>', **kw)
for i in range(2):
    mu, var, sd, y = LN[i]
    line(f"pos {i}:  mean = {r(mu, 4)}   var = {r(var, 4)}   sqrt(var + eps) = {r(sd, 4)}",
         claims=[(r(mu, 4), f"mean[{i}]", "correct"), (r(var, 4), f"var[{i}]", "correct"), (r(sd, 4), f"std[{i}]", "correct")],
         nots=[str(i)])
    line(f"        ln_1(x) = [{', '.join(r(v, 4) for v in y)}]",
         claims=[(r(v, 4), f"ln1[{i}][{j}]", "correct") for j, v in enumerate(y)], nots=["1"])
add("</code></pre></div></div>")
add("<h2 id=\"qkv\">Step 2: one head</h2>")
add("<p>GPT-2 packs $W_Q, W_K, W_V$ side by side in <code>c_attn</code>; split out, our three $3\\times2$ blocks are</p>", nots=["3", "2"])
for nm, Ms in (("W_Q", WQs), ("W_K", WKs), ("W_V", WVs)):
    rows = " \\\\ ".join(" &amp; ".join(um(v) for v in row) for row in Ms)
    add(f"<p>$${nm} = \\begin{{bmatrix}} {rows} \\end{{bmatrix}}$$</p>")
add("<p>Multiplying the normalised rows by them:</p>")
add("<table>")
add("<thead><tr><th></th><th>$q$</th><th>$k$</th><th>$v$</th></tr></thead>")
add("<tbody>")
for i in range(2):
    cells, cl = [], []
    for nm, Mx in (("q", Q), ("k", K), ("v", Vm)):
        cells.append(f"<td>({um(r(Mx[i][0], 4))}, {um(r(Mx[i][1], 4))})</td>")
        cl += [(um(r(Mx[i][c], 4)), f"{nm}[{i}][{c}]", "correct") for c in range(2)]
    add(f"<tr><td>pos {i}</td>{''.join(cells)}</tr>", claims=cl, nots=[str(i)])
add("</tbody>")
add("</table>")
add("<p>Causal mask: position 0 only sees itself, position 1 sees 0 and 1. The scores we need, divided by $\\sqrt2$:</p>",
    nots=["0", "1", "0", "1"])
add('<div class="language-text codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockContent_biex">'
    '<pre tabindex="0" class="prism-code language-text codeBlock_bY9V thin-scrollbar"><code class="codeBlockLines_e6Vv">')
for (a, b, sv) in ((0, 0, s11), (1, 0, s21), (1, 1, s22)):
    line(f"q{a}.k{b} = {r(sv, 4)}   / 1.4142 = {r(sv / r2, 4)}",
         claims=[(r(sv, 4), f"s[{a}][{b}]", "correct"), (r(sv / r2, 4), f"s[{a}][{b}]/sqrt2", "correct")],
         opts=["1.4142"], nots=[str(a), str(b)])
line("q0.k1 = -inf   (masked)", nots=["0", "1"])
add("</code></pre></div></div>")
add(f"<p>So row 0 puts weight 1 on itself, and row 1 is $\\text{{softmax}}({um(r(s21 / r2, 4))}, {um(r(s22 / r2, 4))}) = "
    f"({r(w2[0], 4)}, {r(w2[1], 4)})$.</p>",
    claims=[(r(w2[0], 4), "a[1][0]", "correct"), (r(w2[1], 4), "a[1][1]", "correct")],
    opts=["1", um(r(s21 / r2, 4)), um(r(s22 / r2, 4))], nots=["0", "1"])
add(f"<p>Head output: $o_0 = v_0 = ({um(r(A[0][0], 4))}, {um(r(A[0][1], 4))})$ and "
    f"$o_1 = {r(w2[0], 4)}\\,v_0 + {r(w2[1], 4)}\\,v_1 = ({um(r(A[1][0], 4))}, {um(r(A[1][1], 4))})$.</p>",
    claims=[(um(r(A[1][0], 4)), "o[1][0]", "correct"), (um(r(A[1][1], 4)), "o[1][1]", "correct")],
    opts=[um(r(A[0][0], 4)), um(r(A[0][1], 4)), r(w2[0], 4), r(w2[1], 4)], nots=["0", "1", "0", "0", "1"])
add("<h2 id=\"proj\">Step 3: <code>c_proj</code> and the residual</h2>")
rows = " \\\\ ".join(" &amp; ".join(um(v) for v in row) for row in WOs)
add(f"<p>$$W_O = \\begin{{bmatrix}} {rows} \\end{{bmatrix}}$$ (bias zero, dropout off)</p>")
add("<table>")
add("<thead><tr><th></th><th>$o\\,W_O$</th><th>$x + o\\,W_O$</th></tr></thead>")
add("<tbody>")
for i in range(2):
    add(f"<tr><td>pos {i}</td><td>[{', '.join(um(r(v, 4)) for v in Pj[i])}]</td><td>[{', '.join(um(r(v, 4)) for v in H[i])}]</td></tr>",
        claims=[(um(r(v, 4)), f"proj[{i}][{j}]", "correct") for j, v in enumerate(Pj[i])]
        + [(um(r(v, 4)), f"h[{i}][{j}]", "correct") for j, v in enumerate(H[i])], nots=[str(i)])
add("</tbody>")
add("</table>")
add("<p>Note the residual rows are <em>not</em> normalised: that is the whole point of pre-LN. <code>ln_2</code> and the MLP "
    "come next, then the final <code>ln_f</code> after block 11.</p>", nots=["2", "11"])
add('<footer class="theme-doc-footer docusaurus-mt-lg"><div class="row margin-top--sm theme-doc-footer-edit-meta-row">'
    '<span class="theme-last-updated">Last updated on <b><time datetime="2024-03-09T00:00:00.000Z">Mar 9, 2024</time></b></span></div></footer>',
    nots=["9", "2024"])
add("</div>")
add("</body>")
add("</html>")
d.write()
