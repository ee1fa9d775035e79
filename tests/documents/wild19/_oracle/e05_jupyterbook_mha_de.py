"""German Jupyter Book page (sphinx-book-theme HTML: header, sidebar, cell_input / cell_output containers,
"Skip to main content", "By … © Copyright 2024"): two-head causal self-attention in NumPy over <s>, ▁Der, ▁Hund,
▁bellt; one projection each for Q, K, V (4 -> 4) split into two heads of size 2 with reshape/transpose (3-d
arrays), the mask applied with np.where(..., -1e9, ...), weights, head outputs, concatenation and W_O, all as
NumPy str output under precision=4, suppress=True. Exact rounding, no slip."""
import html as H_
from pathlib import Path

from w19lib import *

toks = ["<s>", "▁Der", "▁Hund", "▁bellt"]
Xs = [["0.3", "0.7", "-0.2", "0.5"], ["0.8", "-0.1", "0.6", "0.2"], ["-0.4", "0.5", "0.3", "0.9"],
      ["0.6", "0.2", "-0.7", "0.1"]]
Wqs = [["0.4", "0.1", "-0.3", "0.6"], ["0.2", "0.5", "0.4", "-0.1"], ["-0.5", "0.3", "0.2", "0.4"],
       ["0.1", "-0.2", "0.6", "0.3"]]
Wks = [["0.3", "0.6", "0.2", "-0.4"], ["-0.2", "0.1", "0.5", "0.3"], ["0.6", "-0.3", "0.1", "0.2"],
       ["0.4", "0.2", "-0.1", "0.5"]]
Wvs = [["0.2", "-0.5", "0.4", "0.1"], ["0.6", "0.3", "-0.2", "0.5"], ["0.1", "0.4", "0.7", "-0.3"],
       ["-0.3", "0.2", "0.1", "0.6"]]
Wos = [["0.5", "0.2", "-0.1", "0.3"], ["-0.2", "0.4", "0.6", "0.1"], ["0.3", "-0.3", "0.2", "0.5"],
       ["0.1", "0.6", "0.4", "-0.2"]]
m = mha(Xs, Wqs, Wks, Wvs, Wos, heads=2, causal=True)
H, Q, K, V, cat, out = m["H"], m["Q"], m["K"], m["V"], m["cat"], m["out"]
n = 4
PO = dict(precision=4, suppress=True)

d = Doc("jupyterbook-mha-de", "html",
        "German Jupyter Book HTML page: two-head causal self-attention in NumPy over <s>, ▁Der, ▁Hund, ▁bellt; Q, K, V "
        "(4 -> 4) split into heads of 2 as 3-d arrays, the mask written with -1e9, weights, head outputs, "
        "concatenation and W_O as NumPy str output (precision=4, suppress=True)",
        "two-head causal attention, one projection each for Q, K, V (4 -> 4), heads of 2 split by columns, concat, "
        "W_O, scaled by sqrt(2)",
        script=Path(__file__).name)
A = d
e = H_.escape


def code_cell(src, out=None):
    A('<div class="cell docutils container">')
    A('<div class="cell_input docutils container">')
    first = True
    for l in src:
        pre = '<div class="highlight-ipython3 notranslate"><div class="highlight"><pre><span></span>' if first else ""
        A(pre + e(l))
        first = False
    A('</pre></div>')
    A('</div>')
    A('</div>')
    if out is not None:
        A('<div class="cell_output docutils container">')
        A('<div class="output stream highlight-myst-ansi notranslate"><div class="highlight"><pre><span></span>'
          + e(out[0][0]), claims=out[0][1], opts=out[0][2])
        for t, c, o in out[1:]:
            A(e(t), claims=c, opts=o)
        A('</pre></div>')
        A('</div>')
        A('</div>')
    A('</div>')


def npout(rows, q, skip=None, label=None, opt=None):
    res = []
    if label:
        res.append((label, [], []))
    for line, cells in np_nd(np.array(rows, dtype=object).astype(float), rows, skip=skip, **PO):
        cl, op = [], []
        for idx, t in cells:
            if skip and skip(idx):
                continue
            if opt and opt(idx):
                op.append(t); continue
            cl.append((t, *q(idx)))
        res.append((line, cl, op))
    return res


A("<!DOCTYPE html>")
A('<html lang="de" data-content_root="../">')
A("<head>")
A('<meta charset="utf-8" />')
A('<meta name="viewport" content="width=device-width, initial-scale=1.0" />', nots=["1.0"])
A("<title>4.2 Multi-Head-Attention mit Maske &#8212; Transformer zum Nachrechnen</title>", nots=["4.2"])
A('<link href="../_static/styles/theme.css?digest=dfe6caa3a7d634c4db9b" rel="stylesheet" />')
A('<link rel="stylesheet" type="text/css" href="../_static/styles/sphinx-book-theme.css" />')
A('<script src="../_static/scripts/sphinx-book-theme.js"></script>')
A("</head>")
A('<body data-bs-spy="scroll" data-bs-target=".bd-toc-nav" data-offset="180" data-bs-root-margin="0px 0px -60%">',
  nots=["180", "0", "60"])
A('<a class="skip-link" href="#main-content">Skip to main content</a>')
A('<div class="bd-sidebar-primary bd-sidebar">')
A('<nav class="bd-links" aria-label="Main"><ul class="nav bd-sidenav">')
A('<li class="toctree-l1"><a class="reference internal" href="kap4_1.html">4.1 Kausale Maske</a></li>', nots=["4.1"])
A('<li class="toctree-l1 current active"><a class="current reference internal" href="#">4.2 Multi-Head-Attention '
  'mit Maske</a></li>', nots=["4.2"])
A('<li class="toctree-l1"><a class="reference internal" href="kap4_3.html">4.3 Das Sprachmodell-Kopf</a></li>',
  nots=["4.3"])
A("</ul></nav>")
A("</div>")
A('<main id="main-content" class="bd-main" role="main">')
A('<article class="bd-article">')
A('<section class="tex2jax_ignore mathjax_ignore" id="multi-head-attention-mit-maske">')
A('<h1>4.2 Multi-Head-Attention mit Maske<a class="headerlink" href="#multi-head-attention-mit-maske" '
  'title="Link to this heading">#</a></h1>', nots=["4.2"])
A("<p>Im letzten Abschnitt hatten wir einen einzigen Kopf. Ein GPT-Block rechnet dieselbe Projektion aber für "
  "<strong>mehrere Köpfe</strong>: Wir projizieren einmal mit <span class=\"math notranslate nohighlight\">"
  "\\(W_Q, W_K, W_V\\)</span> und teilen die 4 Spalten dann in 2 Köpfe zu je 2 Spalten auf.</p>", nots=["4", "2"])
code_cell(["import numpy as np", "np.set_printoptions(precision=4, suppress=True)", "",
           'tokens = ["<s>", "▁Der", "▁Hund", "▁bellt"]', "X = np.array(["]
          + ["    [" + ", ".join(f"{v:>4}" for v in r) + "],  # " + t for t, r in zip(toks, Xs)] + ["])"] +
          [f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])"
           for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs), ("W_O", Wos))] + ["n_heads, d_head = 2, 2"])
A('<section id="schritt-1">')
A("<h2>Schritt 1: eine Projektion, zwei Köpfe<a class=\"headerlink\" href=\"#schritt-1\" title=\"Link to this "
  "heading\">#</a></h2>", nots=["1"])
code_cell(["Q, K, V = X @ W_Q, X @ W_K, X @ W_V", "print(Q)"],
          npout(Q, lambda i: (f"Q[{toks[i[0]]}][{i[1] + 1}]", "correct")))
A("<p><code class=\"docutils literal notranslate\"><span class=\"pre\">reshape(4,</span> <span class=\"pre\">2,</span> "
  "<span class=\"pre\">2)</span></code> und <code class=\"docutils literal notranslate\"><span class=\"pre\">"
  "transpose(1,</span> <span class=\"pre\">0,</span> <span class=\"pre\">2)</span></code> machen daraus ein Array "
  "der Form (Köpfe, Tokens, d_head):</p>", nots=["4", "2", "1", "0"])
def heads(nm):
    return [H[k][nm] for k in range(2)]
code_cell(["def split(M):", "    return M.reshape(4, n_heads, d_head).transpose(1, 0, 2)", "", "Qh, Kh, Vh = split(Q), split(K), split(V)",
           "print(Kh)"], npout(heads("K"), lambda i: (f"L1.attn.h{i[0] + 1}.K[{toks[i[1]]}][{i[2] + 1}]", "correct")))
code_cell(["print(Vh)"], npout(heads("V"), lambda i: (f"L1.attn.h{i[0] + 1}.V[{toks[i[1]]}][{i[2] + 1}]", "correct")))
A("</section>")
A('<section id="schritt-2">')
A("<h2>Schritt 2: Scores und Maske<a class=\"headerlink\" href=\"#schritt-2\" title=\"Link to this heading\">#</a>"
  "</h2>", nots=["2"])
A("<p>Statt <span class=\"math notranslate nohighlight\">\\(-\\infty\\)</span> nehmen viele Implementierungen einfach "
  "eine sehr große negative Zahl wie <span class=\"math notranslate nohighlight\">\\(-10^9\\)</span>; nach dem "
  "Softmax ist das Ergebnis dasselbe.</p>", nots=["10", "9"])
BIG = mpf(-10) ** 9
Sm = [[[H[k]["Sc"][i][j] if j <= i else BIG for j in range(n)] for i in range(n)] for k in range(2)]
code_cell(["mask = np.triu(np.ones((4, 4)), k=1).astype(bool)", "scores = Qh @ Kh.transpose(0, 2, 1) / np.sqrt(d_head)",
           "scores = np.where(mask, -1e9, scores)", "print(scores)"],
          npout(Sm, lambda i: (f"L1.attn.h{i[0] + 1}.scaled[{toks[i[1]]},{toks[i[2]]}]", "correct"),
                skip=lambda i: i[2] > i[1]))
A("</section>")
A('<section id="schritt-3">')
A("<h2>Schritt 3: Softmax und gewichtete Summe<a class=\"headerlink\" href=\"#schritt-3\" title=\"Link to this "
  "heading\">#</a></h2>", nots=["3"])
code_cell(["w = np.exp(scores - scores.max(axis=-1, keepdims=True))", "w = w / w.sum(axis=-1, keepdims=True)",
           "print(w)"],
          npout(heads("W"), lambda i: (f"L1.attn.h{i[0] + 1}.weights[{toks[i[1]]},{toks[i[2]]}]", "correct"),
                opt=lambda i: i[2] > i[1]))
code_cell(["heads_out = w @ Vh", "print(heads_out)"],
          npout(heads("C"), lambda i: (f"L1.attn.h{i[0] + 1}.context[{toks[i[1]]}][{i[2] + 1}]", "correct")))
A("</section>")
A('<section id="schritt-4">')
A("<h2>Schritt 4: Köpfe zusammenfügen, dann <span class=\"math notranslate nohighlight\">\\(W_O\\)</span>"
  "<a class=\"headerlink\" href=\"#schritt-4\" title=\"Link to this heading\">#</a></h2>", nots=["4"])
code_cell(["concat = heads_out.transpose(1, 0, 2).reshape(4, 4)", "print(concat)"],
          npout(cat, lambda i: (f"L1.attn.concat[{toks[i[0]]}][{i[1] + 1}]", "correct")))
code_cell(["out = concat @ W_O", "print(out)"],
          npout(out, lambda i: (f"L1.attn.out[{toks[i[0]]}][{i[1] + 1}]", "correct")))
w1 = rnd(H[0]["W"][3][0], 4)
A(f"<p>Man sieht: Kopf 1 gibt <em>▁bellt</em> ein Gewicht von {w1} auf das Anfangstoken <code class=\"docutils literal "
  "notranslate\"><span class=\"pre\">&lt;s&gt;</span></code>. Die erste Zeile von <code class=\"docutils literal "
  "notranslate\"><span class=\"pre\">w</span></code> ist in beiden Köpfen 1, 0, 0, 0.</p>",
  claims=[(w1, "L1.attn.h1.weights[▁bellt,<s>]", "correct")], nots=["1", "0"])
A("</section>")
A("</section>")
A("</article>")
A('<footer class="bd-footer-content"><p class="copyright">By Lena Hartmann<br/>© Copyright 2024.</p></footer>',
  nots=["2024"])
A("</main>")
A("</body>")
A("</html>")
d.save()
