"""Hugo blog post saved from the browser as HTML, with KaTeX already rendered server-side: every formula carries a
MathML copy (<mn> cells), the TeX source in <annotation encoding="application/x-tex">, and the katex-html visual span
tree (matrices laid out column by column). Scaled dot-product attention for 'time flies fast' with W_Q, W_K, W_V."""
from pathlib import Path

import numpy as np

from w4lib import *

tok = ["time", "flies", "fast"]
Xs = [["0.4", "-0.2", "0.7", "0.1"], ["0.9", "0.3", "-0.5", "0.2"], ["-0.1", "0.8", "0.2", "0.6"]]
Wqs = [["0.5", "-0.3"], ["0.2", "0.6"], ["-0.4", "0.1"], ["0.3", "0.7"]]
Wks = [["0.6", "0.2"], ["-0.1", "0.5"], ["0.3", "-0.4"], ["0.2", "0.3"]]
Wvs = [["0.1", "0.8"], ["0.7", "-0.2"], ["0.4", "0.3"], ["-0.5", "0.6"]]
X, Wq, Wk, Wv = M(Xs), M(Wqs), M(Wks), M(Wvs)
Q, K, Vv = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
S = matmul(Q, transpose(K))
sq2 = mpmath.sqrt(2)
Sc = [[v / sq2 for v in row] for row in S]
A = [softmax(row) for row in Sc]
O = matmul(A, Vv)
Xn = np.array(Xs, float)
Qn, Kn, Vn = Xn @ np.array(Wqs, float), Xn @ np.array(Wks, float), Xn @ np.array(Wvs, float)
Sn = Qn @ Kn.T / np.sqrt(2)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
check_np(Sc, Sn); check_np(A, An); check_np(O, An @ Vn)

d = Doc("hugo-katex-sdpa", "html",
        "English Hugo blog post (PaperMod-like theme) saved as HTML with KaTeX pre-rendered: each display formula is one "
        "line holding the MathML copy, the TeX annotation and the katex-html span tree (matrix cells column by column, "
        "CSS em sizes as noise); X for 'time flies fast' (3x4), W_Q, W_K, W_V (4x2) given; Q, K, V, QK^T, /sqrt(2), "
        "softmax, output, and an HTML table restating the weights",
        "softmax(XW_Q (XW_K)^T / sqrt(2)) XW_V", "exact", gen=Path(__file__).name)


def mn(s):
    s = s.replace(MINUS, "-")
    return f"<mrow><mo>−</mo><mn>{s[1:]}</mn></mrow>" if s.startswith("-") else f"<mn>{s}</mn>"


def hn(s):
    s = s.replace(MINUS, "-")
    return (f'<span class="mord">−</span><span class="mord">{s[1:]}</span>' if s.startswith("-")
            else f'<span class="mord">{s}</span>')


def katex_matrix(name_tex, name_ml, name_html, rows, display=True):
    """one line of KaTeX output for  NAME = \\begin{bmatrix} ... \\end{bmatrix}"""
    tex = name_tex + " = \\begin{bmatrix} " + " \\\\ ".join(" & ".join(row) for row in rows) + " \\end{bmatrix}"
    nr, nc = len(rows), len(rows[0])
    ml_rows = "".join("<mtr>" + "".join(f'<mtd><mstyle scriptlevel="0" displaystyle="false">{mn(v)}</mstyle></mtd>'
                                       for v in row) + "</mtr>" for row in rows)
    ml = (f'<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow>{name_ml}<mo>=</mo>'
          f'<mrow><mo fence="true">[</mo><mtable rowspacing="0.16em" columnalign="{" ".join(["center"] * nc)}" '
          f'columnspacing="1em">{ml_rows}</mtable><mo fence="true">]</mo></mrow></mrow>'
          f'<annotation encoding="application/x-tex">{tex}</annotation></semantics></math>')
    h = 1.2 * nr + 0.25
    tops = [-(h + 1.0) + 1.2 * i for i in range(nr)]
    colspans = []
    for j in range(nc):
        cells = "".join(f'<span style="top:{t:.2f}em;"><span class="pstrut" style="height:3em;"></span>'
                        f'<span class="mord">{hn(rows[i][j])}</span></span>' for i, t in enumerate(tops))
        colspans.append(f'<span class="col-align-c"><span class="vlist-t vlist-t2"><span class="vlist-r">'
                        f'<span class="vlist" style="height:{h:.2f}em;">{cells}</span><span class="vlist-s">​</span>'
                        f'</span><span class="vlist-r"><span class="vlist" style="height:{h - 0.5:.2f}em;"><span>'
                        f'</span></span></span></span></span>')
    sep = '<span class="arraycolsep" style="width:0.5em;"></span><span class="arraycolsep" style="width:0.5em;"></span>'
    html = (f'<span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height:0.6833em;">'
            f'</span>{name_html}<span class="mspace" style="margin-right:0.2778em;"></span><span class="mrel">=</span>'
            f'<span class="mspace" style="margin-right:0.2778em;"></span></span><span class="base"><span class="strut" '
            f'style="height:{h + 0.6:.2f}em;vertical-align:-{h / 2 + 0.25:.2f}em;"></span><span class="minner">'
            f'<span class="mopen delimcenter" style="top:0em;"><span class="delimsizing size{min(nr + 1, 4)}">[</span>'
            f'</span><span class="mord"><span class="mtable">{sep.join(colspans)}</span></span><span class="mclose '
            f'delimcenter" style="top:0em;"><span class="delimsizing size{min(nr + 1, 4)}">]</span></span></span></span></span>')
    return (f'<p><span class="katex-display"><span class="katex"><span class="katex-mathml">{ml}</span>{html}'
            f'</span></span></p>')


def katex_inline(tex, ml, html):
    return (f'<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML">'
            f'<semantics><mrow>{ml}</mrow><annotation encoding="application/x-tex">{tex}</annotation></semantics>'
            f'</math></span><span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" '
            f'style="height:1.04em;vertical-align:-0.1744em;"></span>{html}</span></span></span>')


def name(sym, sub=None):
    if sub is None:
        return sym, f"<mi>{sym}</mi>", f'<span class="mord mathnormal">{sym}</span>'
    return (f"{sym}_{{{sub}}}", f"<msub><mi>{sym}</mi><mi>{sub}</mi></msub>",
            f'<span class="mord"><span class="mord mathnormal">{sym}</span><span class="msupsub"><span class="vlist-t '
            f'vlist-t2"><span class="vlist-r"><span class="vlist" style="height:0.3283em;"><span style="top:-2.55em;'
            f'margin-left:-0.1389em;margin-right:0.05em;"><span class="pstrut" style="height:2.7em;"></span><span '
            f'class="sizing reset-size6 size3 mtight"><span class="mord mathnormal mtight">{sub}</span></span></span>'
            f'</span></span></span></span></span>')


def mat_line(sym, sub, rows, claims=(), opts=(), nots=()):
    t, m, h = name(sym, sub)
    add(katex_matrix(t, m, h, rows), claims=claims, opts=opts, nots=nots)


add = d.add
add("<!DOCTYPE html>")
add('<html lang="en" dir="auto">')
add('<head><meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge">'
    '<meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">', nots=["1"])
add("<title>Attention by hand, with three words | notes from the attic</title>")
add('<meta name="generator" content="Hugo 0.121.1">', nots=["0.121.1"])
add('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css" crossorigin="anonymous">',
    nots=["0.16.9"])
add('<link crossorigin="anonymous" href="/assets/css/stylesheet.b609c58d5c11bb90b1a54e04005d74ad1ddf22165eb79f5533967e57df9c3b50.css" rel="preload stylesheet" as="style">')
add("</head>")
add('<body class="" id="top"><header class="header"><nav class="nav"><div class="logo"><a href="/" accesskey="h">notes from the attic</a></div></nav></header>')
add('<main class="main"><article class="post-single"><header class="post-header">')
add('<h1 class="post-title entry-hint-parent">Attention by hand, with three words</h1>')
add('<div class="post-meta"><span title="2024-03-09 21:40:00 +0100 CET">March 9, 2024</span>&nbsp;·&nbsp;6 min&nbsp;·&nbsp;1187 words</div>',
    nots=["2024", "9", "6", "1187"])
add("</header>")
add('<div class="post-content"><p>Last time I promised to actually push numbers through one attention head instead of '
    'waving my hands. Here it is. Three tokens, embeddings of size 4, a head of size 2, and nothing random: '
    'every number is typed in so you can follow along on paper.</p>', nots=["4", "2"])
add('<h2 id="the-inputs">The inputs<a hidden class="anchor" aria-hidden="true" href="#the-inputs">#</a></h2>')
add("<p>The sentence is <em>time flies fast</em>, one row per token, in that order:</p>")
mat_line("X", None, Xs)
add("<p>and the three projection matrices (4 rows, 2 columns each):</p>", nots=["4", "2"])
mat_line("W", "Q", Wqs)
mat_line("W", "K", Wks)
mat_line("W", "V", Wvs)
add('<h2 id="projections">Step 1: queries, keys, values<a hidden class="anchor" aria-hidden="true" href="#projections">#</a></h2>')
t, m_, h_ = name("Q")
add("<p>Each row of " + katex_inline("X", "<mi>X</mi>", '<span class="mord mathnormal">X</span>') +
    " times the matrix. For the first token the first query entry is "
    + katex_inline("0.4(0.5) + (-0.2)(0.2) + 0.7(-0.4) + 0.1(0.3) = " + short(Q[0][0]),
                   "<mn>0.4</mn><mo>⋯</mo><mo>=</mo>" + mn(short(Q[0][0])), hn("0.4") + hn(short(Q[0][0])))
    + ". All of them:</p>",
    claims=[(short(Q[0][0]), "Q[time][1]", "correct")], opts=["0.4", "0.5", "-0.2", "0.2", "0.7", "-0.4", "0.1", "0.3"])
for sym, Mx, lab in (("Q", Q, "Q"), ("K", K, "K"), ("V", Vv, "V")):
    rows = [[short(v) for v in row] for row in Mx]
    mat_line(sym, None, rows, claims=[(rows[i][j], f"{lab}[{tok[i]}][{j+1}]", "correct") for i in range(3) for j in range(2)])
add('<h2 id="scores">Step 2: scores and scaling<a hidden class="anchor" aria-hidden="true" href="#scores">#</a></h2>')
add("<p>Every query against every key. Row = the token asking, column = the token being looked at.</p>")
rows = [[short(v) for v in row] for row in S]
t1, m1, h1 = "QK^\\top", "<mi>Q</mi><msup><mi>K</mi><mi mathvariant=\"normal\">⊤</mi></msup>", '<span class="mord mathnormal">Q</span><span class="mord"><span class="mord mathnormal">K</span></span>'
add(katex_matrix(t1, m1, h1, rows), claims=[(rows[i][j], f"scores[{tok[i]},{tok[j]}]", "correct") for i in range(3) for j in range(3)])
add("<p>With " + katex_inline("d_k = 2", "<msub><mi>d</mi><mi>k</mi></msub><mo>=</mo><mn>2</mn>",
                              '<span class="mord mathnormal">d</span>' + hn("2"))
    + " we divide by " + katex_inline(f"\\sqrt{{2}} \\approx {r(sq2, 4)}", f"<msqrt><mn>2</mn></msqrt><mo>≈</mo><mn>{r(sq2, 4)}</mn>",
                                      hn("2") + hn(r(sq2, 4))) + ":</p>",
    claims=[(r(sq2, 4), "sqrt_dk", "correct")], nots=["2"])
rows = [[r(v, 4) for v in row] for row in Sc]
t1 = "\\frac{QK^\\top}{\\sqrt{d_k}}"
add(katex_matrix(t1, "<mfrac><mrow><mi>Q</mi><msup><mi>K</mi><mi>⊤</mi></msup></mrow><msqrt><msub><mi>d</mi><mi>k</mi></msub></msqrt></mfrac>",
                 '<span class="mord"><span class="mopen nulldelimiter"></span><span class="mfrac"></span></span>', rows),
    claims=[(rows[i][j], f"scaled[{tok[i]},{tok[j]}]", "correct") for i in range(3) for j in range(3)])
add('<h2 id="softmax">Step 3: softmax, row by row<a hidden class="anchor" aria-hidden="true" href="#softmax">#</a></h2>')
e0 = [mpmath.exp(v) for v in Sc[0]]
add("<p>For the first row: " + katex_inline(
    f"e^{{{r(Sc[0][0], 4)}}} = {r(e0[0], 4)},\\ e^{{{r(Sc[0][1], 4)}}} = {r(e0[1], 4)},\\ e^{{{r(Sc[0][2], 4)}}} = {r(e0[2], 4)}",
    "".join(f"<msup><mi>e</mi>{mn(r(Sc[0][k], 4))}</msup><mo>=</mo><mn>{r(e0[k], 4)}</mn>" for k in range(3)),
    "".join(hn(r(e0[k], 4)) for k in range(3)))
    + f", which add up to {r(mpmath.fsum(e0), 4)}. Dividing each by the sum gives the first row below.</p>",
    claims=[(r(e0[k], 4), f"exp[time,{tok[k]}]", "correct") for k in range(3)] + [(r(mpmath.fsum(e0), 4), "expsum[time]", "correct")],
    opts=[r(Sc[0][k], 4) for k in range(3)])
rows = [[r(v, 4) for v in row] for row in A]
add(katex_matrix("A", "<mi>A</mi>", '<span class="mord mathnormal">A</span>', rows),
    claims=[(rows[i][j], f"weights[{tok[i]},{tok[j]}]", "correct") for i in range(3) for j in range(3)])
add("<p>Same thing as a table, because the matrix is hard to read on a phone:</p>")
add("<table>")
add("<thead><tr><th>query \\ key</th>" + "".join(f"<th>{w}</th>" for w in tok) + "</tr></thead>")
add("<tbody>")
for i in range(3):
    add(f"<tr><td>{tok[i]}</td>" + "".join(f"<td>{r(A[i][j], 4)}</td>" for j in range(3)) + "</tr>",
        claims=[(r(A[i][j], 4), f"weights[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
add("</tbody>")
add("</table>")
add('<h2 id="output">Step 4: mix the values<a hidden class="anchor" aria-hidden="true" href="#output">#</a></h2>')
rows = [[r(v, 4) for v in row] for row in O]
add(katex_matrix("AV", "<mi>A</mi><mi>V</mi>", '<span class="mord mathnormal">A</span><span class="mord mathnormal">V</span>', rows),
    claims=[(rows[i][j], f"context[{tok[i]}][{j+1}]", "correct") for i in range(3) for j in range(2)])
add(f"<p>So <em>fast</em> ends up as ({r(O[2][0], 4)}, {r(O[2][1], 4)}): mostly its own value pulled towards "
    "<em>time</em>. In a real model there would be 8 or 12 heads of size 64 doing this in parallel, which is "
    "the part I will cover next.</p>",
    claims=[(r(O[2][0], 4), "context[fast][1]", "correct"), (r(O[2][1], 4), "context[fast][2]", "correct")],
    nots=["8", "12", "64"])
add('</div><footer class="post-footer"><ul class="post-tags"><li><a href="/tags/transformers/">transformers</a></li>'
    '<li><a href="/tags/by-hand/">by-hand</a></li></ul></footer></article></main>')
add('<footer class="footer"><span>&copy; 2024 <a href="/">notes from the attic</a></span> · Powered by '
    '<a href="https://gohugo.io/" rel="noopener noreferrer" target="_blank">Hugo</a></footer>', nots=["2024"])
add("</body>")
add("</html>")
d.write()
