"""English Jekyll blog (Minimal Mistakes theme) saved from the browser as HTML. The math was rendered server-side by
kramdown's KaTeX engine, so every formula is there three times on its line: the MathML copy, the TeX in an
`application/x-tex` annotation, and the visual `katex-html` span tree (a fraction's denominator before its numerator).
kramdown tables are written one cell per line. A LayerNorm lesson with no gamma/beta and no epsilon: five tokens x four
features, the first token worked in display math (sum, mean, deviations, squares, variance, std, normalised row), then
one table per step for all five tokens. No slip."""
from pathlib import Path

from w8lib import *

toks = ["the", "cat", "sat", "on", "mats"]
Xs = {"the": ["0.2", "1.4", "-0.6", "1.0"], "cat": ["2.1", "-0.3", "0.5", "1.3"], "sat": ["-1.0", "0.4", "0.8", "2.2"],
      "on": ["0.7", "0.9", "-0.5", "0.1"], "mats": ["1.5", "-0.9", "0.3", "3.1"]}
LN = {t: layernorm(mat(Xs[t])) for t in toks}
Xn = np.array([[float(v) for v in Xs[t]] for t in toks])
mu = Xn.mean(1, keepdims=True); var = ((Xn - mu) ** 2).mean(1, keepdims=True)
agree([[LN[t]["var"]] for t in toks], var)
agree([LN[t]["norm"] for t in toks], (Xn - mu) / np.sqrt(var))
F = lambda v: rnd(v, 4)
# the sums, means, deviations, squares and variances are short exact decimals, printed as such
for t in toks:
    for key in ("sum", "mean", "sqsum", "var"):
        lit(LN[t][key])
    for v in LN[t]["centered"] + LN[t]["sq"]:
        lit(v)

d = Doc("jekyll-katex-layernorm", "html",
        "English Jekyll (Minimal Mistakes) post saved as HTML, KaTeX rendered server-side (MathML copy + TeX annotation + "
        "katex-html spans, one formula per line), kramdown tables one cell per line, author sidebar, TOC, tags, 'You may "
        "also enjoy': LayerNorm of 5 tokens x 4 features without gamma/beta and without epsilon; token 'the' worked in "
        "display math, then one table per step (sum and mean, deviations, squares, sum of squares / variance / std, "
        "normalised rows)",
        "LayerNorm alone (no gamma, beta; eps = 0; biased variance) of the five given rows",
        script=Path(__file__).name)
A = d
o = lambda vs: [v for v in vs]


def math(tex, claims=(), opts=(), nots=(), display=True, pre="", post=""):
    return A(pre + katex(tex, display) + post, claims=claims, opts=opts, nots=nots)


def table(head, rows, align_right=True):
    """kramdown: one cell per line; rows = [(label, [(text, claims, opts)])]"""
    st = ' style="text-align: right"' if align_right else ""
    A("<table>")
    A("  <thead>")
    A("    <tr>")
    for h in head:
        A(f"      <th>{h}</th>")
    A("    </tr>")
    A("  </thead>")
    A("  <tbody>")
    for label, cells in rows:
        A("    <tr>")
        A(f"      <td>{label}</td>")
        for text, cl, op in cells:
            A(f"      <td{st}>{text}</td>", claims=cl, opts=op)
        A("    </tr>")
    A("  </tbody>")
    A("</table>")


A("<!doctype html>")
A("<!--")
A("  Minimal Mistakes Jekyll Theme 4.24.0 by Michael Rose", nots=["4.24.0"])
A("  Copyright 2013-2020 Michael Rose - mademistakes.com | @mmistakes", nots=["2013", "2020"])
A("  Free for personal and commercial use under the MIT license")
A("  https://github.com/mmistakes/minimal-mistakes/blob/master/LICENSE")
A("-->")
A('<html lang="en" class="no-js">')
A("  <head>")
A('    <meta charset="utf-8">')
A("<!-- begin _includes/seo.html --><title>LayerNorm by hand: five tokens, four features - Notes from the Margin</title>")
A('<meta name="description" content="Mean, deviations, variance, standard deviation and the normalised rows, for a '
  'five-token sentence, with nothing but a pencil.">')
A('<meta name="author" content="Priya Natarajan">')
A('<meta property="article:published_time" content="2024-03-18T00:00:00+00:00">')
A('<link rel="canonical" href="https://pnatarajan.github.io/notes/layernorm-by-hand/">')
A("<!-- end _includes/seo.html -->")
A('<meta name="viewport" content="width=device-width, initial-scale=1.0">')
A('<link rel="stylesheet" href="/assets/css/main.css">')
A('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css">')
A("  </head>")
A('  <body class="layout--single">')
A('    <nav class="skip-links">')
A("  <ul>")
A('    <li><a href="#site-nav" class="screen-reader-shortcut">Skip to primary navigation</a></li>')
A('    <li><a href="#main" class="screen-reader-shortcut">Skip to content</a></li>')
A('    <li><a href="#footer" class="screen-reader-shortcut">Skip to footer</a></li>')
A("  </ul>")
A("</nav>")
A('    <div class="masthead">')
A('  <div class="masthead__inner-wrap">')
A('    <div class="masthead__menu">')
A('      <nav id="site-nav" class="greedy-nav">')
A('        <a class="site-title" href="/">Notes from the Margin</a>')
A('        <ul class="visible-links"><li class="masthead__menu-item"><a href="/notes/">Notes</a></li>'
  '<li class="masthead__menu-item"><a href="/tags/">Tags</a></li><li class="masthead__menu-item"><a href="/about/">About</a></li></ul>')
A('        <button class="greedy-nav__toggle hidden" type="button"><span class="visually-hidden">Toggle menu</span>'
  '<div class="navicon"></div></button>')
A("      </nav>")
A("    </div>")
A("  </div>")
A("</div>")
A('    <div class="initial-content">')
A('<div id="main" role="main">')
A('  <div class="sidebar sticky">')
A('  <div itemscope itemtype="https://schema.org/Person" class="h-card">')
A('    <div class="author__avatar"><a href="https://pnatarajan.github.io/"><img src="/assets/images/bio-photo.jpg" '
  'alt="Priya Natarajan" itemprop="image" class="u-photo"></a></div>')
A('    <div class="author__content"><h3 class="author__name p-name" itemprop="name">Priya Natarajan</h3>')
A('      <div class="author__bio p-note" itemprop="description"><p>I write down the small examples I wish I had been '
  'given.</p></div></div>')
A('    <div class="author__urls-wrapper"><ul class="author__urls social-icons">')
A('      <li itemprop="homeLocation"><i class="fas fa-fw fa-map-marker-alt" aria-hidden="true"></i> '
  '<span itemprop="name" class="p-locality">Pune</span></li>')
A('      <li><a href="https://github.com/pnatarajan" rel="nofollow noopener noreferrer me"><i class="fab fa-fw fa-github" '
  'aria-hidden="true"></i><span class="label">GitHub</span></a></li>')
A("    </ul></div>")
A("  </div>")
A("  </div>")
A('  <article class="page h-entry" itemscope itemtype="https://schema.org/CreativeWork">')
A('    <meta itemprop="headline" content="LayerNorm by hand: five tokens, four features">')
A('    <meta itemprop="datePublished" content="2024-03-18T00:00:00+00:00">')
A('    <div class="page__inner-wrap">')
A("        <header>")
A('          <h1 id="page-title" class="page__title p-name" itemprop="headline">')
A('            <a href="https://pnatarajan.github.io/notes/layernorm-by-hand/" class="u-url" itemprop="url">LayerNorm '
  'by hand: five tokens, four features</a>')
A("          </h1>")
A('          <p class="page__meta"><span class="page__meta-date"><i class="far fa-calendar-alt" aria-hidden="true"></i> '
  '<time datetime="2024-03-18T00:00:00+00:00">March 18, 2024</time></span><span class="page__meta-sep"></span>'
  '<span class="page__meta-readtime"><i class="far fa-clock" aria-hidden="true"></i> 6 minute read</span></p>',
  nots=["18", "2024", "6"])
A("        </header>")
A('      <section class="page__content e-content" itemprop="text">')
A('        <aside class="sidebar__right sticky"><nav class="toc"><header><h4 class="nav__title"><i class="fas '
  'fa-file-alt"></i> On this page</h4></header>')
A('<ul class="toc__menu"><li><a href="#the-input">The input</a></li><li><a href="#step-1-the-mean">Step 1: the mean</a>'
  '</li><li><a href="#step-2-deviations-and-squares">Step 2: deviations and squares</a></li><li><a href="#step-3-'
  'variance-and-standard-deviation">Step 3: variance and standard deviation</a></li><li><a href="#step-4-normalise">'
  'Step 4: normalise</a></li></ul>', nots=["1", "2", "3", "4"])
A("</nav></aside>")
A("<p>Every transformer block normalises each token&rsquo;s vector before (or after) its sublayers, and every time I "
  "explain it somebody asks what the numbers actually look like. So here is one small sentence, <em>the cat sat on "
  "mats</em>, with four features per token, pushed through a layer normalisation by hand.</p>")
A("<p>Two simplifications. There is no learned scale or shift: " + katex(r"\gamma = 1") + " and " + katex(r"\beta = 0")
  + ", which is how they are initialised anyway. And I leave out the small " + katex(r"\varepsilon") + " under the "
  "square root; it is only there to stop a division by zero, and none of these rows is constant.</p>",
  nots=["1", "0"])
A('<h2 id="the-input">The input</h2>')
A("<p>One row per token, " + katex(r"d = 4") + " features:</p>", nots=["4"])
table(["token", "x₁", "x₂", "x₃", "x₄"], [(t, [(v, (), ()) for v in Xs[t]]) for t in toks])
A("<p>For each row separately,</p>")
math(r"\mathrm{LN}(x) = \frac{x - \mu}{\sigma}, \quad \mu = \frac{1}{d}\sum_{i} x_{i}, \quad \sigma^{2} = \frac{1}{d}\sum_{i} (x_{i} - \mu)^{2}",
     nots=["1", "2"], pre="<p>", post="</p>")
A("<p>with the <em>biased</em> variance (divide by " + katex("d") + ", not " + katex("d - 1") + "), as PyTorch&rsquo;s "
  "<code>LayerNorm</code> does.</p>", nots=["1"])
A('<h2 id="step-1-the-mean">Step 1: the mean</h2>')
t0 = "the"
L0 = LN[t0]
xs = Xs[t0]
sum_tex = " + ".join(par(v) for v in xs)
math(rf"\mu_{{\text{{the}}}} = \frac{{{sum_tex}}}{{4}} = \frac{{{lit(L0['sum'])}}}{{4}} = {lit(L0['mean'])}",
     claims=[(lit(L0["sum"]), "L1.ln.sum[the]", "correct"), (lit(L0["mean"]), "L1.ln.mean[the]", "correct")],
     opts=xs, nots=["4"], pre="<p>", post="</p>")
A("<p>The same for the other four rows:</p>")
table(["token", "Σx", "μ"], [(t, [(lit(LN[t]["sum"]), [(lit(LN[t]["sum"]), f"L1.ln.sum[{t}]", "correct")], ()),
                                  (lit(LN[t]["mean"]), [(lit(LN[t]["mean"]), f"L1.ln.mean[{t}]", "correct")], ())])
                            for t in toks])
A('<h2 id="step-2-deviations-and-squares">Step 2: deviations and squares</h2>')
A("<p>Subtract the mean from every feature of the row. For <em>the</em>:</p>")
dev = [lit(v) for v in L0["centered"]]
inner = ", ".join(f"{v} - {lit(L0['mean'])}" for v in xs)
math(rf"x - \mu = ({inner}) = ({', '.join(dev)})",
     claims=[(v, f"L1.ln.centered[the][{m + 1}]", "correct") for m, v in enumerate(dev)],
     opts=xs + [lit(L0["mean"])] * 4, pre="<p>", post="</p>")
A("<p>and square each deviation:</p>")
sq = [lit(v) for v in L0["sq"]]
math(", ".join(f"({v})^{{2}} = {s}" for v, s in zip(dev, sq)),
     claims=[(s, f"L1.ln.sq[the][{m + 1}]", "correct") for m, s in enumerate(sq)], opts=dev, nots=["2"],
     pre="<p>", post="</p>")
A("<p>All five rows, deviations first:</p>")
table(["token", "x₁ − μ", "x₂ − μ", "x₃ − μ", "x₄ − μ"],
      [(t, [(lit(v), [(lit(v), f"L1.ln.centered[{t}][{m + 1}]", "correct")], ()) for m, v in enumerate(LN[t]["centered"])])
       for t in toks])
A("<p>then their squares:</p>")
table(["token", "(x₁ − μ)²", "(x₂ − μ)²", "(x₃ − μ)²", "(x₄ − μ)²"],
      [(t, [(lit(v), [(lit(v), f"L1.ln.sq[{t}][{m + 1}]", "correct")], ()) for m, v in enumerate(LN[t]["sq"])])
       for t in toks])
A('<h2 id="step-3-variance-and-standard-deviation">Step 3: variance and standard deviation</h2>')
A("<p>Add the squares up and divide by four. Still for <em>the</em>:</p>")
math(rf"\sigma^{{2}}_{{\text{{the}}}} = \frac{{{' + '.join(sq)}}}{{4}} = \frac{{{lit(L0['sqsum'])}}}{{4}} = {lit(L0['var'])}",
     claims=[(lit(L0["sqsum"]), "L1.ln.sqsum[the]", "correct"), (lit(L0["var"]), "L1.ln.var[the]", "correct")],
     opts=sq, nots=["2", "4"], pre="<p>", post="</p>")
math(rf"\sigma_{{\text{{the}}}} = \sqrt{{{lit(L0['var'])}}} \approx {F(L0['std'])}",
     claims=[(F(L0["std"]), "L1.ln.std[the]", "correct")], opts=[lit(L0["var"])], pre="<p>", post="</p>")
A("<p>I keep four decimals from here on. The table has all five rows:</p>")
table(["token", "Σ(x − μ)²", "σ²", "σ"],
      [(t, [(lit(LN[t]["sqsum"]), [(lit(LN[t]["sqsum"]), f"L1.ln.sqsum[{t}]", "correct")], ()),
            (lit(LN[t]["var"]), [(lit(LN[t]["var"]), f"L1.ln.var[{t}]", "correct")], ()),
            (F(LN[t]["std"]), [(F(LN[t]["std"]), f"L1.ln.std[{t}]", "correct")], ())]) for t in toks])
A("<p>Notice how different the spreads are: <em>mats</em> has the largest (" + katex(rf"\sigma \approx {F(LN['mats']['std'])}")
  + ") and <em>on</em> the smallest (" + katex(rf"\sigma \approx {F(LN['on']['std'])}") + "). After the next step "
  "nobody will be able to tell.</p>",
  claims=[(F(LN["mats"]["std"]), "L1.ln.std[mats]", "correct"), (F(LN["on"]["std"]), "L1.ln.std[on]", "correct")])
A('<h2 id="step-4-normalise">Step 4: normalise</h2>')
A("<p>Divide each deviation by the row&rsquo;s standard deviation. For <em>the</em>:</p>")
nrm = [F(v) for v in L0["norm"]]
fr = ", ".join(rf"\frac{{{v}}}{{{F(L0['std'])}}}" for v in dev)
math(rf"\hat{{x}}_{{\text{{the}}}} = \left({fr}\right) \approx ({', '.join(nrm)})",
     claims=[(v, f"L1.ln.norm[the][{m + 1}]", "correct") for m, v in enumerate(nrm)],
     opts=dev + [F(L0["std"])] * 4, pre="<p>", post="</p>")
A("<p>and the whole normalised sentence:</p>")
table(["token", "x̂₁", "x̂₂", "x̂₃", "x̂₄"],
      [(t, [(F(v), [(F(v), f"L1.ln.norm[{t}][{m + 1}]", "correct")], ()) for m, v in enumerate(LN[t]["norm"])])
       for t in toks])
A("<p>Every row now has mean " + katex("0") + " and variance " + katex("1") + " (check one: the squares of the "
  "<em>cat</em> row add up to four, up to rounding). The feature that was largest in its row is still the largest; "
  "only the scale and the offset are gone.</p>", nots=["0", "1"])
A('<div class="notice--info"><p><strong>To check it in PyTorch:</strong> '
  "<code>torch.nn.LayerNorm(4, eps=0.0, elementwise_affine=False)(x)</code> gives the same table.</p></div>",
  nots=["4", "0.0"])
A("<p>Next time: the same rows with " + katex(r"\gamma") + " and " + katex(r"\beta") + " switched on, and why the "
  "order of the residual and the norm matters.</p>")
A("      </section>")
A("      <footer class=\"page__meta\">")
A('        <p class="page__taxonomy"><strong><i class="fas fa-fw fa-tags" aria-hidden="true"></i> Tags: </strong>'
  '<span itemprop="keywords"><a href="/tags/#layernorm" class="page__taxonomy-item p-category" rel="tag">layernorm</a>'
  '<span class="sep">, </span><a href="/tags/#transformers" class="page__taxonomy-item p-category" rel="tag">transformers'
  '</a></span></p>')
A('        <p class="page__date"><strong><i class="fas fa-fw fa-calendar-alt" aria-hidden="true"></i> Updated:</strong> '
  '<time class="dt-published" datetime="2024-03-18T00:00:00+00:00">March 18, 2024</time></p>', nots=["18", "2024"])
A("      </footer>")
A('      <section class="page__share"><h4 class="page__share-title">Share on</h4>'
  '<a href="https://twitter.com/intent/tweet?text=LayerNorm+by+hand" class="btn btn--twitter" title="Share on Twitter">'
  '<i class="fab fa-fw fa-twitter" aria-hidden="true"></i><span> Twitter</span></a></section>')
A('      <nav class="pagination"><a href="/notes/softmax-by-hand/" class="pagination--pager" title="Softmax by hand">'
  'Previous</a><a href="#" class="pagination--pager disabled">Next</a></nav>')
A("    </div>")
A("  </article>")
A('  <div class="page__related"><h2 class="page__related-title">You may also enjoy</h2>')
A('    <div class="grid__wrapper"><div class="grid__item"><article class="archive__item"><h2 class="archive__item-title '
  'no_toc"><a href="/notes/softmax-by-hand/" rel="permalink">Softmax by hand</a></h2><p class="page__meta">'
  '<span class="page__meta-date"><time datetime="2024-02-02T00:00:00+00:00">February 2, 2024</time></span> '
  '<span class="page__meta-readtime">4 minute read</span></p></article></div></div>', nots=["2", "2024", "4"])
A("  </div>")
A("</div>")
A("    </div>")
A('    <div id="footer" class="page__footer"><footer><div class="page__footer-copyright">&copy; 2024 Priya Natarajan. '
  'Powered by <a href="https://jekyllrb.com" rel="nofollow">Jekyll</a> &amp; <a href="https://mademistakes.com/work/'
  'minimal-mistakes-jekyll-theme/" rel="nofollow">Minimal Mistakes</a>.</div></footer></div>', nots=["2024"])
A('    <script src="/assets/js/main.min.js"></script>')
A("  </body>")
A("</html>")
d.save()
