"""German Quarto 1.5 HTML rendered from a Jupyter notebook (NumPy): input cells as pandoc-highlighted sourceCode with
one <span id="cbN-k"> per line (`<span class="fl">0.3</span>`), outputs in `cell-output-stdout` <pre><code> blocks
printed by NumPy itself under precision=4, suppress=True; prose with decimal commas. Attention over Die, Sonne,
scheint, d_model 4, Wq/Wk 4 -> 2 and Wv 4 -> 4, /sqrt(2), then Add & Norm: R = X + Z and a LayerNorm per row
(biased variance, eps 1e-5, no gamma/beta). Exact rounding (every printed number from the float64 program, checked
against the 50-digit values), no slip."""
from pathlib import Path

from w13lib import *

toks = ["Die", "Sonne", "scheint"]
Xs = [["0.3", "1.2", "-0.5", "0.8"], ["1.1", "-0.4", "0.9", "0.2"], ["-0.7", "0.6", "0.4", "1.3"]]
Wqs = [["0.5", "-0.2"], ["0.1", "0.7"], ["0.6", "0.3"], ["-0.4", "0.8"]]
Wks = [["0.2", "0.9"], ["0.8", "-0.1"], ["-0.3", "0.5"], ["0.6", "0.4"]]
Wvs = [["0.4", "0.1", "-0.3", "0.2"], ["-0.2", "0.5", "0.6", "0.1"], ["0.7", "0.3", "0.2", "-0.5"], ["0.1", "-0.6", "0.4", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c, X = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c", "X"))
Rm = [[X[i][k] + C[i][k] for k in range(4)] for i in range(3)]
LN = [layernorm(r, eps=mpf("1e-5")) for r in Rm]
Rn = np.array(Xs, float) + a["np"]["C"]
mu_n = Rn.mean(-1, keepdims=True); var_n = Rn.var(-1, keepdims=True); Yn = (Rn - mu_n) / np.sqrt(var_n + 1e-5)
agree(Rm, Rn); agree([l["mean"] for l in LN], mu_n[:, 0]); agree([l["var"] for l in LN], var_n[:, 0]); agree([l["out"] for l in LN], Yn)
P = dict(precision=4, suppress=True)

d = Doc("quarto-nb-addnorm-de", "html",
        "German Quarto HTML page rendered from a NumPy notebook: pandoc-highlighted input cells, cell-output-stdout "
        "blocks printed by numpy (precision 4); attention over Die Sonne scheint, Wq/Wk 4 -> 2, Wv 4 -> 4, /sqrt(2), "
        "then residual X + Z and LayerNorm (eps 1e-5); prose with decimal commas",
        "attention with Wq, Wk (4 -> 2) and Wv (4 -> 4), scaled by sqrt(2), over Die, Sonne, scheint; then the "
        "residual X + attention output and a LayerNorm per row (biased variance, eps 1e-5, gamma 1, beta 0)",
        script=Path(__file__).name)
A = d
cb = [0]


def code(lines):
    """one Quarto input cell; lines are (html, nots)"""
    cb[0] += 1
    n = cb[0]
    A(f'<div class="cell" data-execution_count="{n}">', nots=[str(n)])
    for k, (h, nots) in enumerate(lines):
        pre = (f'<div class="sourceCode cell-code" id="cb{n}"><pre class="sourceCode python code-with-copy"><code class="sourceCode python">' if k == 0 else "")
        post = ('</code><button title="In die Zwischenablage kopieren" class="code-copy-button"><i class="bi"></i></button></pre></div>' if k == len(lines) - 1 else "")
        A(f'{pre}<span id="cb{n}-{k + 1}"><a href="#cb{n}-{k + 1}" aria-hidden="true" tabindex="-1"></a>{h}</span>{post}', nots=nots)


def out(name, lines, cells, qty):
    """stdout of print(name) then the array; qty(i, j) -> (quantity) for each printed cell"""
    A('<div class="cell-output cell-output-stdout">')
    body = [name] + lines if name else lines
    for k, ln in enumerate(body):
        pre = "<pre><code>" if k == 0 else ""
        post = "</code></pre>" if k == len(body) - 1 else ""
        r = k - (1 if name else 0)
        cl = []
        if r >= 0:
            row = cells[r] if isinstance(cells[0], list) else cells
            if isinstance(cells[0], list):
                cl = [(s, qty(r, j), "correct") for j, s in enumerate(row)]
            else:
                cl = [(s, qty(None, j), "correct") for j, s in enumerate(row)]
        A(pre + html.escape(ln) + post, claims=cl)
    A('</div>')
    A('</div>')


fl = lambda s: (f'<span class="op">-</span><span class="fl">{s[1:]}</span>' if s.startswith("-") else f'<span class="fl">{s}</span>')
arr = lambda M: "[" + ", ".join("[" + ", ".join(fl(x) for x in r) + "]" for r in M) + "]"
A('<!DOCTYPE html>')
A('<html xmlns="http://www.w3.org/1999/xhtml" lang="de" xml:lang="de"><head>')
A('<meta charset="utf-8">')
A('<meta name="generator" content="quarto-1.5.57">', nots=["1.5"])
A('<meta name="viewport" content="width=device-width, initial-scale=1.0, user-scalable=yes">')
A('<meta name="author" content="Jonas Brandt">')
A('<meta name="dcterms.date" content="2024-09-23">', nots=["2024"])
A('<title>Add &amp; Norm zum Nachrechnen – Notizbuch 4</title>', nots=["4"])
A('<script src="../../site_libs/quarto-nav/quarto-nav.js"></script><link href="../../site_libs/bootstrap/bootstrap.min.css" rel="stylesheet" id="quarto-bootstrap" data-mode="light">')
A('<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/3.2.2/es5/tex-chtml-full.js" type="text/javascript"></script>', nots=["3.2"])
A('</head>')
A('<body class="nav-sidebar floating nav-fixed">')
A('<div id="quarto-search-results"></div>')
A('<header id="quarto-header" class="headroom fixed-top"><nav class="navbar navbar-expand-lg " data-bs-theme="dark"><div class="navbar-container container-fluid"><a href="../../index.html" class="navbar-brand navbar-brand-logo"><span class="navbar-title">Transformer zum Anfassen</span></a>'
  '<div class="quarto-navbar-tools"><a href="https://github.com/jbrandt/transformer-zum-anfassen" title="GitHub" class="quarto-navigation-tool px-1" aria-label="GitHub"><i class="bi bi-github"></i></a></div></div></nav></header>')
A('<div id="quarto-content" class="quarto-container page-columns page-rows-contents page-layout-article page-navbar">')
A('<nav id="quarto-sidebar" class="sidebar collapse collapse-horizontal quarto-sidebar-collapse-item sidebar-navigation floating overflow-auto"><div class="sidebar-menu-container"><ul class="list-unstyled mt-1">'
  '<li class="sidebar-item"><div class="sidebar-item-container"><a href="../../nb/01-embeddings.html" class="sidebar-item-text sidebar-link"><span class="menu-text">1 Einbettungen</span></a></div></li>'
  '<li class="sidebar-item"><div class="sidebar-item-container"><a href="../../nb/03-attention.html" class="sidebar-item-text sidebar-link"><span class="menu-text">3 Attention</span></a></div></li>'
  '<li class="sidebar-item"><div class="sidebar-item-container"><a href="../../nb/04-addnorm.html" class="sidebar-item-text sidebar-link active"><span class="menu-text">4 Add &amp; Norm</span></a></div></li></ul></div></nav>', nots=["1", "3", "4"])
A('<div id="quarto-margin-sidebar" class="sidebar margin-sidebar"><nav id="TOC" role="doc-toc" class="toc-active"><h2 id="toc-title">Auf dieser Seite</h2><ul>'
  '<li><a href="#daten" id="toc-daten" class="nav-link active" data-scroll-target="#daten">Daten</a></li><li><a href="#attention" id="toc-attention" class="nav-link" data-scroll-target="#attention">Attention</a></li>'
  '<li><a href="#add-norm" id="toc-add-norm" class="nav-link" data-scroll-target="#add-norm">Add &amp; Norm</a></li></ul></nav></div>')
A('<main class="content" id="quarto-document-content">')
A('<header id="title-block-header" class="quarto-title-block default"><div class="quarto-title"><h1 class="title">Add &amp; Norm zum Nachrechnen</h1><p class="subtitle lead">Notizbuch 4: eine Attention-Schicht mit Residualverbindung und LayerNorm</p></div>', nots=["4"])
A('<div class="quarto-title-meta"><div><div class="quarto-title-meta-heading">Autor:in</div><div class="quarto-title-meta-contents"><p>Jonas Brandt </p></div></div>'
  '<div><div class="quarto-title-meta-heading">Veröffentlichungsdatum</div><div class="quarto-title-meta-contents"><p class="date">23. September 2024</p></div></div></div></header>', nots=["23", "2024"])
A('<section id="daten" class="level2"><h2 class="anchored" data-anchor-id="daten">Daten</h2>')
A('<p>Drei Token – „Die“, „Sonne“, „scheint“ – mit vierdimensionalen Einbettungen. Die Wertematrix bildet wieder auf vier Dimensionen ab, damit wir das Ergebnis zur Eingabe addieren können.</p>')
code([('<span class="im">import</span> numpy <span class="im">as</span> np', []),
      ('np.set_printoptions(precision<span class="op">=</span><span class="dv">4</span>, suppress<span class="op">=</span><span class="va">True</span>)', ["4"]),
      ('', []),
      ('X <span class="op">=</span> np.array(' + arr(Xs) + ')', []),
      ('W_q <span class="op">=</span> np.array(' + arr(Wqs) + ')', []),
      ('W_k <span class="op">=</span> np.array(' + arr(Wks) + ')', []),
      ('W_v <span class="op">=</span> np.array(' + arr(Wvs) + ')', []),
      ('d_k <span class="op">=</span> W_k.shape[<span class="dv">1</span>]', ["1"])])
A('</div>')
A('</section>')
A('<section id="attention" class="level2"><h2 class="anchored" data-anchor-id="attention">Attention</h2>')
Qn, Kn, Vn = a["np"]["Q"], a["np"]["K"], a["np"]["V"]
code([('Q, K, V <span class="op">=</span> X <span class="op">@</span> W_q, X <span class="op">@</span> W_k, X <span class="op">@</span> W_v', []),
      ('<span class="bu">print</span>(<span class="st">"Q ="</span>)', []), ('<span class="bu">print</span>(Q)', [])])
ql, qc = np_print(Qn, Q, **P)
out("Q =", ql, qc, lambda i, j: f"Q[{toks[i]}][{j + 1}]")
for nm, Mn, M in (("K", Kn, K), ("V", Vn, V)):
    code([(f'<span class="bu">print</span>(<span class="st">"{nm} ="</span>)', []), (f'<span class="bu">print</span>({nm})', [])])
    l_, c_ = np_print(Mn, M, **P)
    out(f"{nm} =", l_, c_, lambda i, j, nm=nm: f"{nm}[{toks[i]}][{j + 1}]")
A('<p>Skalierte Scores und Softmax, zeilenweise:</p>')
code([('S <span class="op">=</span> Q <span class="op">@</span> K.T <span class="op">/</span> np.sqrt(d_k)', []),
      ('A <span class="op">=</span> np.exp(S) <span class="op">/</span> np.exp(S).<span class="bu">sum</span>(axis<span class="op">=</span><span class="dv">1</span>, keepdims<span class="op">=</span><span class="va">True</span>)', ["1"]),
      ('<span class="bu">print</span>(S)', []), ('<span class="bu">print</span>(A)', [])])
sl, sc_ = np_print(a["np"]["Sc"], Sc, **P)
wl, wc = np_print(a["np"]["W"], W, **P)
A('<div class="cell-output cell-output-stdout">')
both = sl + wl
for k, ln in enumerate(both):
    pre = "<pre><code>" if k == 0 else ""
    post = "</code></pre>" if k == len(both) - 1 else ""
    if k < 3:
        cl = [(s, f"scaled[{toks[k]},{toks[j]}]", "correct") for j, s in enumerate(sc_[k])]
    else:
        cl = [(s, f"weights[{toks[k - 3]},{toks[j]}]", "correct") for j, s in enumerate(wc[k - 3])]
    A(pre + ln + post, claims=cl)
A('</div>')
A('</div>')
w11 = shown(rnd(W[1][1], 4), comma=True)
A(f'<p>„Sonne“ achtet mit einem Gewicht von rund {w11} auf sich selbst; die Zeilensummen sind jeweils 1.</p>',
  claims=[(w11, "weights[Sonne,Sonne]", "correct")], nots=["1"])
code([('Z <span class="op">=</span> A <span class="op">@</span> V', []), ('<span class="bu">print</span>(Z)', [])])
zl, zc = np_print(a["np"]["C"], C, **P)
out(None, zl, zc, lambda i, j: f"context[{toks[i]}][{j + 1}]")
A('</section>')
A('<section id="add-norm" class="level2"><h2 class="anchored" data-anchor-id="add-norm">Add &amp; Norm</h2>')
A('<p>Residualverbindung: <span class="math inline">\\(R = X + Z\\)</span>. Danach normalisieren wir jede Zeile über ihre vier Komponenten (Varianz mit <span class="math inline">\\(1/n\\)</span>, wie <code>nn.LayerNorm</code>, mit <span class="math inline">\\(\\varepsilon = 10^{-5}\\)</span>).</p>',
  nots=["1", "10", "-5"])
code([('R <span class="op">=</span> X <span class="op">+</span> Z', []),
      ('mu <span class="op">=</span> R.mean(axis<span class="op">=</span><span class="dv">1</span>, keepdims<span class="op">=</span><span class="va">True</span>)', ["1"]),
      ('var <span class="op">=</span> R.var(axis<span class="op">=</span><span class="dv">1</span>, keepdims<span class="op">=</span><span class="va">True</span>)', ["1"]),
      ('Y <span class="op">=</span> (R <span class="op">-</span> mu) <span class="op">/</span> np.sqrt(var <span class="op">+</span> <span class="fl">1e-5</span>)', ["1e-5"]),
      ('<span class="bu">print</span>(R)', []), ('<span class="bu">print</span>(mu.ravel(), var.ravel())', []), ('<span class="bu">print</span>(Y)', [])])
rl, rc = np_print(Rn, Rm, **P)
ml, mc = np_print(mu_n[:, 0], [l["mean"] for l in LN], **P)
vl, vc = np_print(var_n[:, 0], [l["var"] for l in LN], **P)
yl, yc = np_print(Yn, [l["out"] for l in LN], **P)
A('<div class="cell-output cell-output-stdout">')
for k, ln in enumerate(rl):
    A(("<pre><code>" if k == 0 else "") + ln, claims=[(s, f"resid[{toks[k]}][{j + 1}]", "correct") for j, s in enumerate(rc[k])])
assert len(ml) == 1 and len(vl) == 1
A(ml[0] + " " + vl[0], claims=[(s, f"ln.mean[{toks[j]}]", "correct") for j, s in enumerate(mc)] + [(s, f"ln.var[{toks[j]}]", "correct") for j, s in enumerate(vc)])
for k, ln in enumerate(yl):
    A(ln + ("</code></pre>" if k == len(yl) - 1 else ""), claims=[(s, f"ln.out[{toks[k]}][{j + 1}]", "correct") for j, s in enumerate(yc[k])])
A('</div>')
A('</div>')
m0 = shown(rnd(LN[0]["mean"], 4), comma=True); v0 = shown(rnd(LN[0]["var"], 4), comma=True)
A(f'<p>Zur Kontrolle von Hand für „Die“: Mittelwert {m0}, Varianz {v0}; nach der Normierung hat jede Zeile Mittelwert 0 und Varianz (fast) 1.</p>',
  claims=[(m0, "ln.mean[Die]", "correct"), (v0, "ln.var[Die]", "correct")], nots=["0", "1"])
A('<div class="callout callout-style-default callout-note callout-titled"><div class="callout-header d-flex align-content-center"><div class="callout-icon-container"><i class="callout-icon"></i></div><div class="callout-title-container flex-fill">Hinweis</div></div>'
  '<div class="callout-body-container callout-body"><p>Im Original-Transformer ist <span class="math inline">\\(d_{\\text{model}} = 512\\)</span>; die LayerNorm hat dann 1024 lernbare Parameter (γ und β).</p></div></div>', nots=["512", "1024"])
A('</section>')
A('</main>')
A('<nav class="page-navigation"><div class="nav-page nav-page-previous"><a href="../../nb/03-attention.html" class="pagination-link"><i class="bi bi-arrow-left-short"></i> <span class="nav-page-text">3 Attention</span></a></div>'
  '<div class="nav-page nav-page-next"><a href="../../nb/05-ffn.html" class="pagination-link"><span class="nav-page-text">5 Feed-Forward</span> <i class="bi bi-arrow-right-short"></i></a></div></nav>', nots=["3", "5"])
A('</div>')
A('<footer class="footer"><div class="nav-footer"><div class="nav-footer-left"><p>© 2024 Jonas Brandt · CC BY-SA 4.0</p></div><div class="nav-footer-right"><p>Erstellt mit <a href="https://quarto.org/">Quarto</a></p></div></div></footer>', nots=["2024", "4.0"])
A('</body></html>')
d.save()
