"""French Quarto blog page (HTML as Quarto 1.4 renders it): title block with categories, Auteur·rice / Date de
publication, margin TOC « Sur cette page », MathJax `<span class="math inline">\(…\)</span>` and `math display`, pandoc
tables (one cell per line, class="odd"/"even"), a callout-warning, and a pandoc-highlighted code cell (`<span
class="fl">0.52</span>`) shown without output (eval: false) that builds nn.LayerNorm(4, eps=1e-5). Post-LN Add & Norm
for 2 tokens x 4: residual sum x + Sublayer(x), mean, deviations, variance, std, x̂, then γ ⊙ x̂ + β. The hand steps
use ε = 0, as the prose says; the variances are small (0.0093, 0.01535), so ε = 1e-5 would change the 4th decimal of
several numbers (asserted below). Every printed number is the ε = 0 value. No slip."""
from pathlib import Path

from w8lib import *

toks = ["le", "chat"]
Xs = {"le": ["0.52", "0.31", "0.44", "0.27"], "chat": ["0.18", "0.66", "0.35", "0.49"]}
Ss = {"le": ["0.10", "0.17", "-0.02", "0.09"], "chat": ["0.07", "-0.12", "0.03", "0.06"]}
gs, bs = ["1.2", "0.8", "1.0", "0.9"], ["0.1", "-0.1", "0.0", "0.2"]
R = {t: [mpf(a) + mpf(b) for a, b in zip(Xs[t], Ss[t])] for t in toks}
LN = {t: layernorm(R[t], mat(gs), mat(bs)) for t in toks}
LNe = {t: layernorm(R[t], mat(gs), mat(bs), eps="0.00001") for t in toks}
F = lambda v: rnd(v, 4)
changed = [(t, k, m) for t in toks for k in ("norm", "out") for m in range(4) if F(LN[t][k][m]) != F(LNe[t][k][m])]
changed += [(t, "std", 0) for t in toks if F(LN[t]["std"]) != F(LNe[t]["std"])]
assert len(changed) >= 4, changed
Rn = np.array([[float(a) + float(b) for a, b in zip(Xs[t], Ss[t])] for t in toks])
mu = Rn.mean(1, keepdims=True); sd = np.sqrt(((Rn - mu) ** 2).mean(1, keepdims=True))
yn = (Rn - mu) / sd * np.array(gs, float) + np.array(bs, float)
agree([LN[t]["out"] for t in toks], yn); agree([[LN[t]["std"]] for t in toks], sd)
for t in toks:
    for v in R[t] + LN[t]["centered"] + LN[t]["sq"] + [LN[t]["mean"], LN[t]["var"], LN[t]["sqsum"]]:
        lit(v)

d = Doc("quarto-postln-fr", "html",
        "French Quarto page saved as HTML (title block, categories, margin TOC, MathJax math inline/display spans, "
        "pandoc tables one cell per line, callout, pandoc-highlighted code cell with nn.LayerNorm(4, eps=1e-5) shown "
        "without output): post-LN Add & Norm for 2 tokens x 4 with gamma and beta; residual sum, mean, deviations, "
        "squares, variance, std, x-hat, gamma*x-hat + beta; the hand steps use eps = 0 as the prose states",
        "Add & Norm: r = x + Sublayer(x) (the sublayer output stated), then LayerNorm with gamma, beta, biased "
        "variance and eps = 0 (the code says eps = 1e-5; the hand steps and every printed number use 0)",
        script=Path(__file__).name,
        note="epsilon: the code cell builds nn.LayerNorm(4, eps=1e-5) but shows no output; the prose says the hand "
             "steps take eps = 0, and every printed number is the eps = 0 value. With these small variances eps = 1e-5 "
             f"would change the 4th decimal of {len(changed)} printed quantities (e.g. the std of 'le' and several "
             "x-hat and y cells), so a reader that assumes PyTorch's 1e-5 will see them as off by one in the last digit. "
             "No planted slip.")
A = d


def m(tex):
    return f'<span class="math inline">\\({tex}\\)</span>'


def md(tex):
    return f'<span class="math display">\\[{tex}\\]</span>'


def table(caption, head, rows):
    A('<table class="caption-top table">')
    A(f"<caption>{caption}</caption>")
    A("<thead>")
    A('<tr class="header">')
    for h in head:
        A(f'<th style="text-align: {"left" if h == head[0] else "right"};">{h}</th>')
    A("</tr>")
    A("</thead>")
    A("<tbody>")
    for i, (label, cells) in enumerate(rows):
        A(f'<tr class="{"odd" if i % 2 == 0 else "even"}">')
        A(f'<td style="text-align: left;">{label}</td>')
        for text, cl in cells:
            A(f'<td style="text-align: right;">{text}</td>', claims=cl)
        A("</tr>")
    A("</tbody>")
    A("</table>")


A("<!DOCTYPE html>")
A('<html xmlns="http://www.w3.org/1999/xhtml" lang="fr" xml:lang="fr"><head>')
A("")
A('<meta charset="utf-8">')
A('<meta name="generator" content="quarto-1.4.550">', nots=["1.4.550"])
A('<meta name="viewport" content="width=device-width, initial-scale=1.0, user-scalable=yes">')
A('<meta name="author" content="Camille Roux">')
A('<meta name="dcterms.date" content="2024-01-15">', nots=["2024"])
A("<title>Carnet de Camille - Add &amp; Norm à la main, avec γ et β</title>")
A('<link href="../../site_libs/bootstrap/bootstrap.min.css" rel="stylesheet" id="quarto-bootstrap" data-mode="light">')
A('<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml-full.js" type="text/javascript"></script>', nots=["3"])
A("</head>")
A("")
A('<body class="nav-fixed">')
A('<div id="quarto-search-results"></div>')
A('  <header id="quarto-header" class="headroom fixed-top">')
A('    <nav class="navbar navbar-expand-lg " data-bs-theme="dark"><div class="navbar-container container-fluid">'
  '<a href="../../index.html" class="navbar-brand navbar-brand-logo"><span class="navbar-title">Carnet de Camille</span>'
  '</a></div></nav>')
A("  </header>")
A('<div id="quarto-content" class="quarto-container page-columns page-rows-contents page-layout-article page-navbar">')
A('<div id="quarto-margin-sidebar" class="sidebar margin-sidebar">')
A('  <nav id="TOC" role="doc-toc" class="toc-active"><h2 id="toc-title">Sur cette page</h2><ul>'
  '<li><a href="#les-données" id="toc-les-données" class="nav-link active" data-scroll-target="#les-données">Les données</a></li>'
  '<li><a href="#le-résidu" id="toc-le-résidu" class="nav-link" data-scroll-target="#le-résidu">Le résidu</a></li>'
  '<li><a href="#la-normalisation" id="toc-la-normalisation" class="nav-link" data-scroll-target="#la-normalisation">'
  'La normalisation</a></li><li><a href="#gamma-et-beta" id="toc-gamma-et-beta" class="nav-link" '
  'data-scroll-target="#gamma-et-beta">γ et β</a></li></ul></nav>')
A("</div>")
A('<main class="content" id="quarto-document-content">')
A('<header id="title-block-header" class="quarto-title-block default">')
A('<div class="quarto-title">')
A('<h1 class="title">Add &amp; Norm à la main, avec γ et β</h1>')
A('<p class="subtitle lead">La normalisation « post-LN » du Transformer original, sur deux tokens</p>')
A('<div class="quarto-categories"><div class="quarto-category">transformers</div><div class="quarto-category">'
  'layernorm</div><div class="quarto-category">à la main</div></div>')
A("</div>")
A('<div class="quarto-title-meta">')
A('<div><div class="quarto-title-meta-heading">Auteur·rice</div><div class="quarto-title-meta-contents"><p>Camille Roux</p>'
  "</div></div>")
A('<div><div class="quarto-title-meta-heading">Date de publication</div><div class="quarto-title-meta-contents">'
  '<p class="date">15 janvier 2024</p></div></div>', nots=["15", "2024"])
A("</div>")
A("</header>")
A("<p>Dans le Transformer de Vaswani et al., chaque sous-couche est suivie d’un <em>Add &amp; Norm</em> : on ajoute "
  "l’entrée à la sortie de la sous-couche, puis on normalise chaque token, puis on applique un gain "
  + m(r"\gamma") + " et un biais " + m(r"\beta") + " appris.</p>")
A("<p>" + md(r"y = \gamma \odot \frac{r - \mu}{\sqrt{\sigma^2 + \varepsilon}} + \beta, \qquad r = x + \mathrm{Sublayer}(x)") + "</p>",
  nots=["2"])
A('<section id="les-données" class="level2">')
A('<h2 class="anchored" data-anchor-id="les-données">Les données</h2>')
A(f"<p>Deux tokens, <em>le</em> et <em>chat</em>, en dimension {m('d = 4')}. La sortie de la sous-couche (l’attention, "
  "par exemple) est donnée telle quelle :</p>", nots=["4"])
table("Entrée x et sortie de la sous-couche", ["token", "x₁", "x₂", "x₃", "x₄", "S₁", "S₂", "S₃", "S₄"],
      [(t, [(v, ()) for v in Xs[t] + Ss[t]]) for t in toks])
A("<p>Les paramètres de la LayerNorm : " + m(r"\gamma = (" + ", ".join(gs) + ")") + " et "
  + m(r"\beta = (" + ", ".join(bs) + ")") + ".</p>")
A('<div class="cell">')
A('<div class="sourceCode cell-code" id="cb1"><pre class="sourceCode python code-with-copy"><code class="sourceCode python">'
  '<span id="cb1-1"><a href="#cb1-1" aria-hidden="true" tabindex="-1"></a><span class="im">import</span> torch</span>',
  nots=["1", "1", "1"])


def codeline(k, html_):
    return f'<span id="cb1-{k}"><a href="#cb1-{k}" aria-hidden="true" tabindex="-1"></a>{html_}</span>'


fl = lambda v: f'<span class="fl">{v}</span>' if "." in v else f'<span class="dv">{v}</span>'
row = lambda vs: "[" + ", ".join(f'<span class="op">-</span>{fl(v[1:])}' if v.startswith("-") else fl(v) for v in vs) + "]"
k = 2
A(codeline(k, '<span class="im">import</span> torch.nn <span class="im">as</span> nn'), nots=[str(k)] * 2); k += 1
A(codeline(k, ""), nots=[str(k)] * 2); k += 1
A(codeline(k, f'x <span class="op">=</span> torch.tensor([{row(Xs["le"])},'), nots=[str(k)] * 2); k += 1
A(codeline(k, f'                  {row(Xs["chat"])}])'), nots=[str(k)] * 2); k += 1
A(codeline(k, f'sortie <span class="op">=</span> torch.tensor([{row(Ss["le"])},'), nots=[str(k)] * 2); k += 1
A(codeline(k, f'                       {row(Ss["chat"])}])'), nots=[str(k)] * 2); k += 1
A(codeline(k, f'ln <span class="op">=</span> nn.LayerNorm(<span class="dv">4</span>, eps<span class="op">=</span>'
              '<span class="fl">1e-5</span>)'), nots=[str(k), str(k), "4", "1e-5"]); k += 1
A(codeline(k, '<span class="cf">with</span> torch.no_grad():'), nots=[str(k)] * 2); k += 1
A(codeline(k, f'    ln.weight.copy_(torch.tensor({row(gs)}))'), nots=[str(k)] * 2); k += 1
A(codeline(k, f'    ln.bias.copy_(torch.tensor({row(bs)}))'), nots=[str(k)] * 2); k += 1
A(codeline(k, 'y <span class="op">=</span> ln(x <span class="op">+</span> sortie)</code><button title="Copier vers le '
              'presse-papier" class="code-copy-button"><i class="bi"></i></button></pre></div>'), nots=[str(k)] * 2)
A("</div>")
A('<div class="callout callout-style-default callout-warning callout-titled">')
A('<div class="callout-header d-flex align-content-center"><div class="callout-icon-container"><i class="callout-icon">'
  '</i></div><div class="callout-title-container flex-fill">ε : le code et la main ne sont pas d’accord</div></div>')
A('<div class="callout-body-container callout-body">')
A("<p>PyTorch ajoute " + m(r"\varepsilon = 10^{-5}") + " sous la racine. <strong>À la main, je prends "
  + m(r"\varepsilon = 0") + "</strong> dans toute la suite. Avec des variances aussi petites que celles-ci, cela se "
  "voit dès la quatrième décimale : ne soyez pas surpris si la sortie de <code>ln</code> diffère un peu de mes "
  "tableaux.</p>", nots=["10", "-5", "0"])
A("</div>")
A("</div>")
A("</section>")
A('<section id="le-résidu" class="level2">')
A('<h2 class="anchored" data-anchor-id="le-résidu">Le résidu</h2>')
t = "le"
A(f"<p>Pour <em>le</em> : {m('r = x + S = (' + ', '.join(f'{a} + {par(b)}' for a, b in zip(Xs[t], Ss[t])) + ') = (' + ', '.join(lit(v) for v in R[t]) + ')')}.</p>",
  claims=[(lit(v), f"L1.resid[le][{j + 1}]", "correct") for j, v in enumerate(R[t])], opts=Xs[t] + Ss[t])
A(f"<p>Et pour <em>chat</em> : {m('r = (' + ', '.join(lit(v) for v in R['chat']) + ')')}.</p>",
  claims=[(lit(v), f"L1.resid[chat][{j + 1}]", "correct") for j, v in enumerate(R["chat"])])
A("</section>")
A('<section id="la-normalisation" class="level2">')
A('<h2 class="anchored" data-anchor-id="la-normalisation">La normalisation</h2>')
A("<p>Toujours pour <em>le</em>, étape par étape :</p>")
L0 = LN[t]
A("<p>" + md(r"\mu = \frac{" + " + ".join(lit(v) for v in R[t]) + r"}{4} = \frac{" + lit(L0["sum"]) + "}{4} = " + lit(L0["mean"])) + "</p>",
  claims=[(lit(L0["sum"]), "L1.ln.sum[le]", "correct"), (lit(L0["mean"]), "L1.ln.mean[le]", "correct")],
  opts=[lit(v) for v in R[t]], nots=["4"])
dev = [lit(v) for v in L0["centered"]]
A("<p>" + md(r"r - \mu = (" + ", ".join(dev) + ")") + "</p>",
  claims=[(v, f"L1.ln.centered[le][{j + 1}]", "correct") for j, v in enumerate(dev)])
sq = [lit(v) for v in L0["sq"]]
A("<p>" + md(r"\sigma^2 = \frac{" + " + ".join(sq) + r"}{4} = \frac{" + lit(L0["sqsum"]) + "}{4} = " + lit(L0["var"])) + "</p>",
  claims=[(lit(L0["sqsum"]), "L1.ln.sqsum[le]", "correct"), (lit(L0["var"]), "L1.ln.var[le]", "correct")]
         + [(v, f"L1.ln.sq[le][{j + 1}]", "correct") for j, v in enumerate(sq)], nots=["2", "4"])
A("<p>" + md(r"\sigma = \sqrt{" + lit(L0["var"]) + "} = " + F(L0["std"]) + r" \quad (\varepsilon = 0)") + "</p>",
  claims=[(F(L0["std"]), "L1.ln.std[le]", "correct")], opts=[lit(L0["var"])], nots=["0"])
nrm = [F(v) for v in L0["norm"]]
A("<p>" + md(r"\hat{r} = \frac{r - \mu}{\sigma} = (" + ", ".join(nrm) + ")") + "</p>",
  claims=[(v, f"L1.ln.norm[le][{j + 1}]", "correct") for j, v in enumerate(nrm)])
A("<p>Les deux tokens côte à côte :</p>")
table("Statistiques par token (ε = 0)", ["token", "μ", "σ²", "σ"],
      [(u, [(lit(LN[u]["mean"]), [(lit(LN[u]["mean"]), f"L1.ln.mean[{u}]", "correct")]),
            (lit(LN[u]["var"]), [(lit(LN[u]["var"]), f"L1.ln.var[{u}]", "correct")]),
            (F(LN[u]["std"]), [(F(LN[u]["std"]), f"L1.ln.std[{u}]", "correct")])]) for u in toks])
table("Vecteurs normalisés", ["token", "r̂₁", "r̂₂", "r̂₃", "r̂₄"],
      [(u, [(F(v), [(F(v), f"L1.ln.norm[{u}][{j + 1}]", "correct")]) for j, v in enumerate(LN[u]["norm"])]) for u in toks])
A("</section>")
A('<section id="gamma-et-beta" class="level2">')
A('<h2 class="anchored" data-anchor-id="gamma-et-beta">γ et β</h2>')
A("<p>Il reste à multiplier composante par composante par " + m("\\gamma") + " et à ajouter " + m("\\beta") + ". Pour "
  "<em>le</em>, première composante :</p>")
A("<p>" + md(f"y_1 = {gs[0]} " + r"\times" + f" {nrm[0]} + {bs[0]} = {F(L0['out'][0])}") + "</p>",
  claims=[(F(L0["out"][0]), "L1.ln.out[le][1]", "correct")], opts=[gs[0], nrm[0], bs[0]], nots=["1"])
table("Sortie de Add &amp; Norm", ["token", "y₁", "y₂", "y₃", "y₄"],
      [(u, [(F(v), [(F(v), f"L1.ln.out[{u}][{j + 1}]", "correct")]) for j, v in enumerate(LN[u]["out"])]) for u in toks])
A("<p>Sans γ ni β, chaque ligne aurait une moyenne nulle et une variance de 1 ; γ et β laissent le modèle choisir "
  "une autre échelle par dimension.</p>", nots=["1"])
A("</section>")
A("</main>")
A("</div>")
A('<footer class="footer"><div class="nav-footer"><div class="nav-footer-center">© 2024 Camille Roux · '
  'CC BY-SA 4.0</div></div></footer>', nots=["2024", "4.0"])
A("</body></html>")
d.save()
