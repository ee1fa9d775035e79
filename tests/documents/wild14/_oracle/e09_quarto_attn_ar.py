"""Arabic-English Quarto 1.4 page rendered to HTML (dir="rtl", MathJax 3 `\\(...\\)` / `\\[...\\]` spans, pandoc
tables with `<th>` row labels): the common case, single-head self-attention from embeddings with Wq/Wk/Wv over
three Arabic tokens, d_model 4, d_k 2, /sqrt(2); 3 decimals. One planted slip: a raw score. Exact rounding."""
from pathlib import Path

from w14lib import *

toks = ["القطة", "تشرب", "الحليب"]
Xs = [["0.6", "0.2", "-0.4", "0.9"], ["0.1", "0.8", "0.5", "-0.3"], ["0.7", "-0.2", "0.3", "0.4"]]
Wqs = [["0.3", "0.7"], ["0.5", "-0.2"], ["-0.4", "0.6"], ["0.2", "0.1"]]
Wks = [["0.6", "0.1"], ["-0.3", "0.4"], ["0.2", "0.8"], ["0.5", "-0.6"]]
Wvs = [["0.4", "0.9"], ["0.7", "-0.1"], ["-0.2", "0.3"], ["0.1", "0.6"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
SI = (1, 2)
clean = rnd(S[SI[0]][SI[1]], 4)
SLIP = clean[:-2] + clean[-1] + clean[-2]
assert SLIP != clean
S2 = [r_[:] for r_ in S]; S2[SI[0]][SI[1]] = mpf(SLIP)
Sc2 = [[s / c for s in r_] for r_ in S2]; W2 = [softmax(r_) for r_ in Sc2]; C2 = mm(W2, V)
Sn2 = a["np"]["S"].copy(); Sn2[SI] = float(SLIP)
agree(W2, np_softmax(Sn2 / np.sqrt(2))); agree(C2, np_softmax(Sn2 / np.sqrt(2)) @ a["np"]["V"])

d = Doc("quarto-attn-ar", "html",
        "Arabic-English Quarto page (rtl, MathJax 3 spans, pandoc tables with th row labels): self-attention with "
        "Wq/Wk/Wv 4 -> 2 over القطة, تشرب, الحليب, /sqrt(2), 3 decimals; one planted slip",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens القطة, تشرب, الحليب",
        script=Path(__file__).name,
        note=f"planted slip: the raw score تشرب -> الحليب is written {SLIP} instead of {clean} (last two digits "
             "swapped). Its scaled value, the weights of the تشرب row and the تشرب output row are computed from the "
             "slipped number (propagated, or any where they print the same).")
A = d
A("<!DOCTYPE html>")
A('<html xmlns="http://www.w3.org/1999/xhtml" lang="ar" xml:lang="ar" dir="rtl"><head>')
A('<meta charset="utf-8">')
A('<meta name="generator" content="quarto-1.4.550">', nots=["1.4"])
A("<title>الانتباه الذاتي خطوة بخطوة – Self-Attention by hand</title>")
A('<script src="site_libs/quarto-html/quarto.js"></script>')
A('<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml-full.js" type="text/javascript"></script>')
A("</head>")
A('<body class="nav-fixed">')
A('<header id="title-block-header" class="quarto-title-block default">')
A('<div class="quarto-title"><h1 class="title">الانتباه الذاتي خطوة بخطوة (Self-Attention by hand)</h1></div>')
A('<div class="quarto-title-meta">')
A('<div><div class="quarto-title-meta-heading">المؤلف</div><div class="quarto-title-meta-contents"><p>د. سارة الخطيب</p></div></div>')
A('<div><div class="quarto-title-meta-heading">تاريخ النشر</div><div class="quarto-title-meta-contents"><p class="date">٢٠ يناير ٢٠٢٥</p></div></div>')
A("</div>")
A("</header>")
A('<main class="content" id="quarto-document-content">')
A('<section id="المدخلات" class="level2">')
A('<h2 class="anchored" data-anchor-id="المدخلات">١. المدخلات (Embeddings)</h2>')
A('<p>نأخذ الجملة «القطة تشرب الحليب»، ولكل كلمة متجه من أربعة أبعاد <span class="math inline">\\(d_{model}=4\\)</span>، '
  'ونسقطها إلى <span class="math inline">\\(d_k = 2\\)</span>.</p>', nots=["4", "2"])


def table(caption, cols, rows, q=None):
    A(f'<table class="caption-top table"><caption>{caption}</caption>')
    A('<thead><tr class="header"><th></th>' + "".join(f"<th>{h}</th>" for h in cols) + "</tr></thead>")
    A("<tbody>")
    for i, (lab, vals) in enumerate(rows):
        cls = "odd" if i % 2 == 0 else "even"
        A(f'<tr class="{cls}"><th>{lab}</th>' + "".join(f"<td>{v}</td>" for v in vals) + "</tr>",
          claims=q(i, vals) if q else ())
    A("</tbody></table>")


table("X", ["x1", "x2", "x3", "x4"], list(zip(toks, Xs)))
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A('<p><span class="math display">\\[' + nm.replace("_", "^") + " = \\begin{bmatrix} "
      + " \\\\ ".join(" & ".join(r_) for r_ in M) + " \\end{bmatrix}\\]</span></p>")
A("</section>")
A('<section id="qkv" class="level2">')
A('<h2 class="anchored" data-anchor-id="qkv">٢. Q و K و V</h2>')
q00 = lit(Q[0][0])
A(f'<p>مثال: العنصر الأول من استعلام «القطة» هو <span class="math inline">\\(0.6(0.3) + 0.2(0.5) + (-0.4)(-0.4) + 0.9(0.2) = {q00}\\)</span>.</p>',
  claims=[(q00, "Q[القطة][1]", "correct")], opts=["0.6", "0.3", "0.2", "0.5", "-0.4", "-0.4", "0.9", "0.2"])
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    rows = [(t, [lit(v) for v in M[i]]) for i, t in enumerate(toks)]
    table(nm, ["1", "2"], rows, q=lambda i, vals, nm=nm: [(v, f"{nm}[{toks[i]}][{k + 1}]", "correct")
                                                           for k, v in enumerate(vals)])
A("</section>")
A('<section id="scores" class="level2">')
A('<h2 class="anchored" data-anchor-id="scores">٣. الدرجات <span class="math inline">\\(QK^T\\)</span></h2>')
rows = []
for i, t in enumerate(toks):
    rows.append((t, [SLIP if (i, j) == SI else rnd(S[i][j], 4) for j in range(3)]))
table("scores", toks, rows, q=lambda i, vals: [(v, f"scores[{toks[i]},{toks[j]}]", "wrong" if (i, j) == SI else "correct")
                                               for j, v in enumerate(vals)])
A(f'<p>نقسم على <span class="math inline">\\(\\sqrt{{d_k}} = \\sqrt{{2}} \\approx {rnd(c, 3)}\\)</span>.</p>',
  claims=[(rnd(c, 3), "sqrt_dk", "correct")], nots=["2"])
rows = [(t, [rnd(Sc2[i][j], 3) for j in range(3)]) for i, t in enumerate(toks)]
table("scaled", toks, rows, q=lambda i, vals: [
    (v, f"scaled[{toks[i]},{toks[j]}]", "correct" if (i, j) != SI else fate(v, rnd(Sc[i][j], 3)))
    for j, v in enumerate(vals)])
A("</section>")
A('<section id="softmax" class="level2">')
A('<h2 class="anchored" data-anchor-id="softmax">٤. Softmax</h2>')
rows = [(t, [rnd(W2[i][j], 3) for j in range(3)]) for i, t in enumerate(toks)]
table("weights", toks, rows, q=lambda i, vals: [
    (v, f"weights[{toks[i]},{toks[j]}]", "correct" if i != SI[0] else fate(v, rnd(W[i][j], 3)))
    for j, v in enumerate(vals)])
A('<div class="callout callout-style-default callout-note"><div class="callout-body-container callout-body">'
  '<p>ملاحظة: مجموع كل صف يساوي 1 (تقريبًا، بسبب التقريب إلى ثلاث خانات).</p></div></div>', nots=["1"])
A("</section>")
A('<section id="output" class="level2">')
A('<h2 class="anchored" data-anchor-id="output">٥. المخرجات <span class="math inline">\\(\\text{softmax}(\\cdot)V\\)</span></h2>')
rows = [(t, [rnd(C2[i][k], 3) for k in range(2)]) for i, t in enumerate(toks)]
table("output", ["1", "2"], rows, q=lambda i, vals: [
    (v, f"context[{toks[i]}][{k + 1}]", "correct" if i != SI[0] else fate(v, rnd(C[i][k], 3)))
    for k, v in enumerate(vals)])
A("<p>In practice (e.g. BERT-base) we have 12 heads with d_k = 64 each; the arithmetic is the same.</p>",
  nots=["12", "64"])
A("</section>")
A("</main>")
A("</body></html>")
d.save()
