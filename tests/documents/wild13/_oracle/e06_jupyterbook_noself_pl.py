"""Polish Jupyter Book (sphinx-book-theme, MyST-NB) page built from a NumPy notebook: input cells highlighted by
Pygments (`<span class="mf">0.4</span>`, `<span class="o">-</span>` before a negative literal, `<span class="mi">2</span>`),
stream outputs and `text_plain` results in `highlight-myst-ansi` <pre> blocks, printed by NumPy itself
(precision=4, suppress=True; `-inf` and `0.` cells). Attention to the OTHER tokens only (the diagonal set to -inf,
said so) over Ala, ma, małego, kota; d_model 3 -> d_k 2, /sqrt(2). Exact rounding, no slip."""
from pathlib import Path

from w13lib import *

toks = ["Ala", "ma", "małego", "kota"]
Xs = [["0.8", "0.1", "0.5"], ["0.2", "0.9", "0.3"], ["0.6", "0.4", "0.7"], ["0.3", "0.6", "0.9"]]
Wqs = [["0.5", "0.3"], ["0.2", "0.8"], ["0.7", "0.1"]]
Wks = [["0.4", "0.6"], ["0.9", "0.2"], ["0.1", "0.7"]]
Wvs = [["0.6", "0.2"], ["0.3", "0.7"], ["0.8", "0.5"]]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
c = mpmath.sqrt(2)
S = [[dot(q, k) for k in K] for q in Q]
Sc = [[s / c for s in r] for r in S]
W = []
for i, r in enumerate(Sc):
    e = [mpmath.exp(x) if j != i else mpf(0) for j, x in enumerate(r)]
    z = mpmath.fsum(e)
    W.append([x / z for x in e])
C = mm(W, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = Xn @ np.array(Wqs, float), Xn @ np.array(Wks, float), Xn @ np.array(Wvs, float)
Scn = Qn @ Kn.T / np.sqrt(2)
Mn = Scn.copy(); np.fill_diagonal(Mn, -np.inf)
Wn = np_softmax(Mn); Cn = Wn @ Vn
agree(Q, Qn); agree(K, Kn); agree(V, Vn); agree(Sc, Scn); agree(W, Wn); agree(C, Cn)
P = dict(precision=4, suppress=True)

d = Doc("jupyterbook-noself-pl", "html",
        "Polish Jupyter Book (sphinx-book-theme) page of a NumPy notebook: Pygments-highlighted inputs, myst-ansi "
        "output blocks printed by numpy; attention to the other tokens only (diagonal -inf) over Ala ma małego kota, "
        "Wq/Wk/Wv 3 -> 2, /sqrt(2)",
        "attention to the other tokens only (no self-attention; the diagonal masked) with Wq, Wk, Wv (3 -> 2), "
        "scaled by sqrt(2), over the tokens Ala, ma, małego, kota",
        script=Path(__file__).name)
A = d


def pyg(s):
    s = s.strip()
    return (f'<span class="o">-</span><span class="mf">{s[1:]}</span>' if s.startswith("-") else f'<span class="mf">{s}</span>')


def arr(name, M):
    rows = [f'<span class="p">[</span>' + '<span class="p">,</span> '.join(pyg(x) for x in r) + '<span class="p">]</span>' for r in M]
    A(f'<span class="n">{name}</span> <span class="o">=</span> <span class="n">np</span><span class="o">.</span><span class="n">array</span><span class="p">([</span>{rows[0]}<span class="p">,</span>')
    for r in rows[1:-1]:
        A(f'              {r}<span class="p">,</span>')
    A(f'              {rows[-1]}<span class="p">])</span>')


def cell_in(lines):
    A('<div class="cell docutils container">')
    A('<div class="cell_input docutils container">')
    A('<div class="highlight-ipython3 notranslate"><div class="highlight"><pre><span></span>' + lines[0])
    for l in lines[1:]:
        A(l)
    A('</pre></div>')
    A('</div>')
    A('</div>')


def cell_out(lines, claims_per_line, kind="stream"):
    A('<div class="cell_output docutils container">')
    cls = "output stream highlight-myst-ansi notranslate" if kind == "stream" else "output text_plain highlight-myst-ansi notranslate"
    A(f'<div class="{cls}"><div class="highlight"><pre><span></span>' + lines[0], claims=claims_per_line[0])
    for l, cl in zip(lines[1:], claims_per_line[1:]):
        A(l, claims=cl)
    A('</pre></div>')
    A('</div>')
    A('</div>')
    A('</div>')


A('<!DOCTYPE html>')
A('<html lang="pl" data-content_root="../" data-theme="light">')
A('<head>')
A('<meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="viewport" content="width=device-width, initial-scale=1" />')
A('<title>3. Uwaga bez patrzenia na siebie — Transformery od zera</title>', nots=["3"])
A('<link href="../_static/styles/theme.css?digest=dfe6caa3a7d634c4db9b" rel="stylesheet" />')
A('<script async="async" src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>', nots=["3"])
A('<meta name="docsearch:language" content="pl"/>')
A('</head>')
A('<body data-bs-spy="scroll" data-bs-target=".bd-toc-nav" data-offset="180" data-bs-root-margin="0px 0px -60%" data-default-mode="light">')
A('<a id="pst-skip-link" class="skip-link" href="#main-content">Przejdź do treści</a>')
A('<div class="bd-container"><div class="bd-container__inner bd-page-width">')
A('<div class="bd-sidebar-primary bd-sidebar"><div class="sidebar-primary-items__start sidebar-primary__section"><div class="sidebar-primary-item"><a class="navbar-brand logo" href="../intro.html"><p class="title logo__title">Transformery od zera</p></a></div>')
A('<div class="sidebar-primary-item"><nav class="bd-links bd-docs-nav" aria-label="Main"><div class="bd-toc-item navbar-nav active"><ul class="current nav bd-sidenav">'
  '<li class="toctree-l1"><a class="reference internal" href="01_osadzenia.html">1. Osadzenia słów</a></li>'
  '<li class="toctree-l1"><a class="reference internal" href="02_uwaga.html">2. Uwaga iloczynowa</a></li>'
  '<li class="toctree-l1 current active"><a class="current reference internal" href="#">3. Uwaga bez patrzenia na siebie</a></li></ul></div></nav></div></div></div>', nots=["1", "2", "3"])
A('<main id="main-content" class="bd-main" role="main"><div class="bd-content"><div class="bd-article-container">')
A('<div class="bd-header-article d-print-none"><div class="header-article-items header-article__inner"><div class="header-article-items__end"><div class="header-article-item"><div class="article-header-buttons">'
  '<a href="https://github.com/jnowak/transformery/blob/main/book/03_bez_siebie.ipynb" target="_blank" class="btn btn-sm btn-source-file-button" title="Pobierz plik źródłowy" data-bs-placement="bottom" data-bs-toggle="tooltip"><span class="btn__icon-container"><i class="fas fa-download"></i></span></a>'
  '<button onclick="window.print()" class="btn btn-sm btn-download-pdf-button" title="Drukuj do PDF" data-bs-placement="bottom" data-bs-toggle="tooltip"><span class="btn__icon-container"><i class="fas fa-file-pdf"></i></span></button></div></div></div></div></div>', nots=["03"])
A('<div id="searchbox"></div>')
A('<article class="bd-article">')
A('<section class="tex2jax_ignore mathjax_ignore" id="uwaga-bez-patrzenia-na-siebie">')
A('<h1><span class="section-number">3. </span>Uwaga bez patrzenia na siebie<a class="headerlink" href="#uwaga-bez-patrzenia-na-siebie" title="Link to this heading">#</a></h1>', nots=["3"])
A('<p>W poprzednim rozdziale każde słowo patrzyło także na siebie. Tutaj zabraniamy tego: przekątną macierzy wyników ustawiamy na <span class="math notranslate nohighlight">\\(-\\infty\\)</span>, '
  'więc po softmaksie słowo rozdziela całą uwagę między <em>pozostałe</em> słowa zdania „Ala ma małego kota”.</p>')
A('<section id="dane"><h2><span class="section-number">3.1. </span>Dane<a class="headerlink" href="#dane" title="Link to this heading">#</a></h2>', nots=["3.1"])
A('<p>Wiersze macierzy <code class="docutils literal notranslate"><span class="pre">X</span></code> odpowiadają kolejnym słowom.</p>')
A('<div class="cell docutils container">')
A('<div class="cell_input docutils container">')
A('<div class="highlight-ipython3 notranslate"><div class="highlight"><pre><span></span><span class="kn">import</span> <span class="nn">numpy</span> <span class="k">as</span> <span class="nn">np</span>')
A('<span class="n">np</span><span class="o">.</span><span class="n">set_printoptions</span><span class="p">(</span><span class="n">precision</span><span class="o">=</span><span class="mi">4</span><span class="p">,</span> <span class="n">suppress</span><span class="o">=</span><span class="kc">True</span><span class="p">)</span>', nots=["4"])
A('')
arr("X", Xs)
arr("W_q", Wqs)
arr("W_k", Wks)
arr("W_v", Wvs)
A('</pre></div>')
A('</div>')
A('</div>')
A('</div>')
A('</section>')
A('<section id="projekcje"><h2><span class="section-number">3.2. </span>Projekcje<a class="headerlink" href="#projekcje" title="Link to this heading">#</a></h2>', nots=["3.2"])
cell_in(['<span class="n">Q</span> <span class="o">=</span> <span class="n">X</span> <span class="o">@</span> <span class="n">W_q</span>',
         '<span class="n">K</span> <span class="o">=</span> <span class="n">X</span> <span class="o">@</span> <span class="n">W_k</span>',
         '<span class="n">V</span> <span class="o">=</span> <span class="n">X</span> <span class="o">@</span> <span class="n">W_v</span>',
         '<span class="nb">print</span><span class="p">(</span><span class="n">Q</span><span class="p">)</span>',
         '<span class="nb">print</span><span class="p">(</span><span class="n">K</span><span class="p">)</span>',
         '<span class="nb">print</span><span class="p">(</span><span class="n">V</span><span class="p">)</span>'])
lines, cls = [], []
for nm, Pn, M in (("Q", Qn, Q), ("K", Kn, K), ("V", Vn, V)):
    l_, c_ = np_print(Pn, M, **P)
    lines += l_
    cls += [[(s, f"{nm}[{toks[i]}][{j + 1}]", "correct") for j, s in enumerate(c_[i])] for i in range(4)]
cell_out(lines, cls)
A('</section>')
A('<section id="maska"><h2><span class="section-number">3.3. </span>Wyniki z maską na przekątnej<a class="headerlink" href="#maska" title="Link to this heading">#</a></h2>', nots=["3.3"])
A('<p>Dzielimy przez <span class="math notranslate nohighlight">\\(\\sqrt{d_k} = \\sqrt{2}\\)</span>, a potem maskujemy przekątną.</p>', nots=["2"])
cell_in(['<span class="n">S</span> <span class="o">=</span> <span class="n">Q</span> <span class="o">@</span> <span class="n">K</span><span class="o">.</span><span class="n">T</span> <span class="o">/</span> <span class="n">np</span><span class="o">.</span><span class="n">sqrt</span><span class="p">(</span><span class="mi">2</span><span class="p">)</span>',
         '<span class="n">np</span><span class="o">.</span><span class="n">fill_diagonal</span><span class="p">(</span><span class="n">S</span><span class="p">,</span> <span class="o">-</span><span class="n">np</span><span class="o">.</span><span class="n">inf</span><span class="p">)</span>',
         '<span class="n">S</span>'])
l_, c_ = np_print(Mn, [[Sc[i][j] if i != j else mpf(0) for j in range(4)] for i in range(4)], mode="repr", skip=lambda i, j: i == j, **P)
cl = [[(s, f"scaled[{toks[i]},{toks[j]}]", "correct") for j, s in enumerate(c_[i]) if j != i] for i in range(4)]
cell_out(l_, cl, kind="result")
A('</section>')
A('<section id="softmaks"><h2><span class="section-number">3.4. </span>Softmaks i wynik<a class="headerlink" href="#softmaks" title="Link to this heading">#</a></h2>', nots=["3.4"])
cell_in(['<span class="n">A</span> <span class="o">=</span> <span class="n">np</span><span class="o">.</span><span class="n">exp</span><span class="p">(</span><span class="n">S</span><span class="p">)</span> <span class="o">/</span> <span class="n">np</span><span class="o">.</span><span class="n">exp</span><span class="p">(</span><span class="n">S</span><span class="p">)</span><span class="o">.</span><span class="n">sum</span><span class="p">(</span><span class="n">axis</span><span class="o">=</span><span class="mi">1</span><span class="p">,</span> <span class="n">keepdims</span><span class="o">=</span><span class="kc">True</span><span class="p">)</span>',
         '<span class="n">A</span>'])
l_, c_ = np_print(Wn, W, mode="repr", **P)
cell_out(l_, [[(s, f"weights[{toks[i]},{toks[j]}]", "correct") for j, s in enumerate(c_[i])] for i in range(4)], kind="result")
jm = max(range(4), key=lambda j: W[3][j])
A(f'<p>Zera na przekątnej to skutek maski. „kota” najwięcej uwagi (ok. {rnd(W[3][jm], 2)}) kieruje na „{toks[jm]}”.</p>',
  claims=[(rnd(W[3][jm], 2), f"weights[kota,{toks[jm]}]", "correct")])
cell_in(['<span class="n">Z</span> <span class="o">=</span> <span class="n">A</span> <span class="o">@</span> <span class="n">V</span>',
         '<span class="nb">print</span><span class="p">(</span><span class="n">Z</span><span class="o">.</span><span class="n">shape</span><span class="p">)</span>',
         '<span class="n">Z</span>'])
l_, c_ = np_print(Cn, C, mode="repr", **P)
A('<div class="cell_output docutils container">')
A('<div class="output stream highlight-myst-ansi notranslate"><div class="highlight"><pre><span></span>(4, 2)', nots=["4", "2"])
A('</pre></div>')
A('</div>')
A('<div class="output text_plain highlight-myst-ansi notranslate"><div class="highlight"><pre><span></span>' + l_[0], claims=[(s, f"context[{toks[0]}][{j + 1}]", "correct") for j, s in enumerate(c_[0])])
for i in range(1, 4):
    A(l_[i], claims=[(s, f"context[{toks[i]}][{j + 1}]", "correct") for j, s in enumerate(c_[i])])
A('</pre></div>')
A('</div>')
A('</div>')
A('</div>')
A('<div class="admonition note"><p class="admonition-title">Uwaga</p><p>W prawdziwym modelu (np. GPT-2 small) <span class="math notranslate nohighlight">\\(d_k = 64\\)</span>, a takich głów jest 12 w każdej z 12 warstw.</p></div>', nots=["2", "64", "12"])
A('</section>')
A('</section>')
A('</article>')
A('<footer class="prev-next-footer d-print-none"><div class="prev-next-area"><a class="left-prev" href="02_uwaga.html" title="poprzednia strona"><i class="fa-solid fa-angle-left"></i><div class="prev-next-info"><p class="prev-next-subtitle">poprzednia</p><p class="prev-next-title"><span class="section-number">2. </span>Uwaga iloczynowa</p></div></a>'
  '<a class="right-next" href="04_wiele_glow.html" title="następna strona"><div class="prev-next-info"><p class="prev-next-subtitle">następna</p><p class="prev-next-title"><span class="section-number">4. </span>Wiele głów</p></div><i class="fa-solid fa-angle-right"></i></a></div></footer>', nots=["2", "4"])
A('</div></div>')
A('<footer class="bd-footer-content"><div class="bd-footer-content__inner container"><div class="footer-item"><p class="component-author">Autor: Jan Nowak</p></div><div class="footer-item"><p class="copyright">© Copyright 2024.<br/></p></div></div></footer>', nots=["2024"])
A('</main></div></div>')
A('</body></html>')
d.save()
