"""English MkDocs Material page saved as HTML: arithmatex spans `<span class="arithmatex">\\(...\\)</span>`, admonitions,
Python-Markdown tables (one <td> per line), a highlighted code block and its output. Add & Norm after an attention
sublayer whose output the page states: r = x + a, LayerNorm with gamma, beta, eps = 1e-5, worked per token.
One planted slip: the variance of one token, chained into its std, normalised values and outputs."""
from pathlib import Path

from w6lib import *

toks = ["the", "river", "bank"]
Xs = [["0.9", "-0.3", "0.4", "0.1"], ["-0.2", "0.6", "0.5", "-0.7"], ["0.3", "0.8", "-0.5", "0.2"]]
As = [["0.12", "0.25", "-0.31", "0.09"], ["0.35", "-0.14", "0.22", "0.43"], ["-0.27", "0.19", "0.36", "-0.05"]]
G = ["1.2", "0.8", "1.0", "1.5"]
B = ["0.1", "-0.2", "0.0", "0.3"]
EPS = mpf("1e-5")
R = [[mpf(a) + mpf(b) for a, b in zip(x, y)] for x, y in zip(Xs, As)]
LN = [layernorm(r, mat(G), mat(B), EPS) for r in R]
Rn = np.array(Xs, float) + np.array(As, float)
mu = Rn.mean(1, keepdims=True); var = ((Rn - mu) ** 2).mean(1, keepdims=True)
Yn = (Rn - mu) / np.sqrt(var + 1e-5) * np.array(G, float) + np.array(B, float)
agree([l["out"] for l in LN], Yn); agree([l["var"] for l in LN], var[:, 0])

F = lambda v: rnd(v, 4)
# slip: the variance of "river" written with two digits swapped
true_var = F(LN[1]["var"])
SLIP = true_var[:-2] + true_var[-1] + true_var[-2]
assert SLIP != true_var
var_s = mpf(SLIP)
std_s = mpmath.sqrt(var_s + EPS)
norm_s = [c / std_s for c in LN[1]["centered"]]
out_s = [mpf(g) * h + mpf(b) for g, h, b in zip(G, norm_s, B)]

d = Doc("mkdocs-addnorm", "html",
        "English MkDocs Material page saved as HTML (arithmatex spans, admonitions, Python-Markdown tables with one cell "
        "per line, a highlighted code block with its printed output): Add & Norm after an attention sublayer whose "
        "output the page states: residual x + a, then LayerNorm with gamma, beta and eps = 1e-5 worked per token "
        "(mean, deviations, variance, std, normalised values, gamma * x_hat + beta); one planted slip",
        "Add & Norm: r = x + a (a stated), y = gamma * (r - mean) / sqrt(var + 1e-5) + beta, biased variance",
        script=Path(__file__).name,
        note=f"planted slip: the variance of 'river' is written {SLIP} instead of {true_var} (its last two digits "
             "swapped); the std, the four normalised values and the four outputs of 'river' computed from it are "
             "propagated (those that still print the same are any); the torch output at the end is computed from the "
             "true values and is correct")
A = d
A("<!doctype html>")
A('<html lang="en" class="no-js">')
A("<head>")
A('<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">')
A('<meta name="generator" content="mkdocs-1.5.3, mkdocs-material-9.4.6">', nots=["1.5.3", "9.4.6"])
A("<title>Add &amp; Norm by hand - Transformer Field Notes</title>")
A('<link rel="stylesheet" href="../../assets/stylesheets/main.8c3ca2c6.min.css">')
A("</head>")
A('<body dir="ltr" data-md-color-scheme="default" data-md-color-primary="indigo">')
A('<header class="md-header" data-md-component="header"><nav class="md-header__inner md-grid" aria-label="Header">'
  '<a href="../.." title="Transformer Field Notes" class="md-header__button md-logo">TFN</a></nav></header>')
A('<div class="md-container" data-md-component="container"><main class="md-main" data-md-component="main">'
  '<div class="md-main__inner md-grid">')
A('<div class="md-content" data-md-component="content">')
A('<article class="md-content__inner md-typeset">')
A('<h1 id="add-norm-by-hand">Add &amp; Norm by hand<a class="headerlink" href="#add-norm-by-hand" '
  'title="Permanent link">&para;</a></h1>')
A("<p>In <a href=\"../03-attention/\">part 3</a> we ended with the attention sublayer's output for "
  "<em>the river bank</em>. This page does the next box of the diagram: the residual connection and the layer "
  "normalisation, <span class=\"arithmatex\">\\(y = \\mathrm{LayerNorm}(x + a)\\)</span>.</p>", nots=["3"])
A('<div class="admonition note">')
A('<p class="admonition-title">Setup</p>')
A('<p><span class="arithmatex">\\(d_{model} = 4\\)</span>, three tokens, and the usual '
  '<span class="arithmatex">\\(\\varepsilon = 10^{-5}\\)</span> inside the square root (PyTorch\'s default). '
  'The variance is the biased one: divide by 4, not 3.</p>', nots=["4", "10", "-5", "4", "3"])
A("</div>")
A('<h2 id="inputs">Inputs<a class="headerlink" href="#inputs" title="Permanent link">&para;</a></h2>')
A("<p>The block input <span class=\"arithmatex\">\\(x\\)</span> (the embeddings) and the attention output "
  "<span class=\"arithmatex\">\\(a\\)</span> from part 3:</p>", nots=["3"])
A("<table>")
A("<thead>")
A("<tr>")
A("<th>token</th>")
A('<th style="text-align: center;"><span class="arithmatex">\\(x\\)</span></th>')
A('<th style="text-align: center;"><span class="arithmatex">\\(a = \\mathrm{Attention}(x)\\)</span></th>')
A("</tr>")
A("</thead>")
A("<tbody>")
for t, x, a in zip(toks, Xs, As):
    A("<tr>")
    A(f"<td>{t}</td>")
    A(f'<td style="text-align: center;">[{", ".join(x)}]</td>')
    A(f'<td style="text-align: center;">[{", ".join(a)}]</td>')
    A("</tr>")
A("</tbody>")
A("</table>")
A(f'<p>LayerNorm parameters (learned; here just picked): <span class="arithmatex">\\(\\gamma = ({", ".join(G)})\\)</span>, '
  f'<span class="arithmatex">\\(\\beta = ({", ".join(B)})\\)</span>.</p>')
A('<h2 id="step-1-add">Step 1: add<a class="headerlink" href="#step-1-add" title="Permanent link">&para;</a></h2>')
A("<p>Component by component:</p>")
A("<ul>")
for i, t in enumerate(toks):
    parts = " + ".join(f"{a} + {par(b)}" for a, b in zip(Xs[i], As[i]))
    rs = [lit(v) for v in R[i]]
    A(f'<li><span class="arithmatex">\\(r_{{\\text{{{t}}}}} = ({", ".join(f"{a} + {par(b)}" for a, b in zip(Xs[i], As[i]))}) '
      f'= ({", ".join(rs)})\\)</span></li>',
      claims=[(rs[m], f"resid[{t}][{m + 1}]", "correct") for m in range(4)], opts=Xs[i] + As[i])
A("</ul>")
A('<h2 id="step-2-normalise">Step 2: normalise<a class="headerlink" href="#step-2-normalise" '
  'title="Permanent link">&para;</a></h2>')
for i, t in enumerate(toks):
    l = LN[i]
    slip = i == 1
    rs = [lit(v) for v in R[i]]
    A(f'<h3 id="{t}"><code>{t}</code></h3>')
    A(f'<p><span class="arithmatex">\\(\\mu = ({" + ".join(par(s) for s in rs)}) / 4 = {lit(l["mean"])}\\)</span></p>',
      claims=[(lit(l["mean"]), f"ln.mean[{t}]", "correct")], opts=rs, nots=["4"])
    cs = [lit(c) for c in l["centered"]]
    A(f'<p>Deviations: <span class="arithmatex">\\(r - \\mu = ({", ".join(cs)})\\)</span></p>',
      claims=[(cs[m], f"ln.centered[{t}][{m + 1}]", "correct") for m in range(4)])
    sq = [F(s) for s in l["sq"]]
    vs = SLIP if slip else F(l["var"])
    A(f'<p><span class="arithmatex">\\(\\sigma^2 = ({" + ".join(sq)}) / 4 = {vs}\\)</span></p>',
      claims=[(s, f"ln.sq[{t}][{m + 1}]", "correct") for m, s in enumerate(sq)]
      + [(vs, f"ln.var[{t}]", "wrong" if slip else "correct")], nots=["4"])
    std = std_s if slip else l["std"]
    ss = F(std)
    A(f'<p><span class="arithmatex">\\(\\sqrt{{\\sigma^2 + \\varepsilon}} = \\sqrt{{{vs} + 0.00001}} = {ss}\\)</span></p>',
      claims=[(ss, f"ln.std[{t}]", fate(ss, F(l["std"])) if slip else "correct")], opts=[vs], nots=["0.00001"])
    nv = norm_s if slip else l["norm"]
    ns = [F(v) for v in nv]
    A(f'<p><span class="arithmatex">\\(\\hat r = ({", ".join(ns)})\\)</span></p>',
      claims=[(ns[m], f"ln.norm[{t}][{m + 1}]", fate(ns[m], F(l["norm"][m])) if slip else "correct") for m in range(4)])
    ov = out_s if slip else l["out"]
    os_ = [F(v) for v in ov]
    A(f'<p><span class="arithmatex">\\(y = \\gamma \\odot \\hat r + \\beta = ({", ".join(os_)})\\)</span></p>',
      claims=[(os_[m], f"ln.out[{t}][{m + 1}]", fate(os_[m], F(l["out"][m])) if slip else "correct") for m in range(4)])
A('<h2 id="result">Result<a class="headerlink" href="#result" title="Permanent link">&para;</a></h2>')
A("<table>")
A("<thead>")
A("<tr>")
A("<th>token</th>")
for m in range(4):
    A(f'<th style="text-align: right;"><span class="arithmatex">\\(y_{m + 1}\\)</span></th>', nots=[str(m + 1)])
A("</tr>")
A("</thead>")
A("<tbody>")
for i, t in enumerate(toks):
    ov = out_s if i == 1 else LN[i]["out"]
    A("<tr>")
    A(f"<td>{t}</td>")
    for m in range(4):
        s = F(ov[m])
        A(f'<td style="text-align: right;">{s}</td>',
          claims=[(s, f"ln.out[{t}][{m + 1}]", fate(s, F(LN[i]["out"][m])) if i == 1 else "correct")])
    A("</tr>")
A("</tbody>")
A("</table>")
A('<div class="admonition tip">')
A('<p class="admonition-title">Check with PyTorch</p>')
A('<div class="highlight"><pre><span></span><code><span class="n">ln</span> <span class="o">=</span> '
  '<span class="n">nn</span><span class="o">.</span><span class="n">LayerNorm</span><span class="p">(</span>'
  '<span class="mi">4</span><span class="p">)</span>', nots=["4"])
A('<span class="n">ln</span><span class="o">.</span><span class="n">weight</span><span class="o">.</span>'
  '<span class="n">data</span> <span class="o">=</span> <span class="n">torch</span><span class="o">.</span>'
  '<span class="n">tensor</span><span class="p">(</span><span class="n">gamma</span><span class="p">)</span>')
A('<span class="n">ln</span><span class="o">.</span><span class="n">bias</span><span class="o">.</span>'
  '<span class="n">data</span> <span class="o">=</span> <span class="n">torch</span><span class="o">.</span>'
  '<span class="n">tensor</span><span class="p">(</span><span class="n">beta</span><span class="p">)</span>')
A('<span class="nb">print</span><span class="p">(</span><span class="n">ln</span><span class="p">(</span>'
  '<span class="n">x</span> <span class="o">+</span> <span class="n">a</span><span class="p">))</span>')
A("</code></pre></div>")
tl, tv = torch_lines([l["out"] for l in LN], 4, suffix=", grad_fn=<NativeLayerNormBackward0>)")
A('<div class="highlight"><pre><span></span><code>' + tl[0],
  claims=[(tv[0][m], f"ln.out[the][{m + 1}]", "correct") for m in range(4)], nots=["0"])
A(tl[1], claims=[(tv[1][m], f"ln.out[river][{m + 1}]", "correct") for m in range(4)])
A(tl[2] + "</code></pre></div>", claims=[(tv[2][m], f"ln.out[bank][{m + 1}]", "correct") for m in range(4)], nots=["0"])
A("<p>Same numbers up to rounding, so the hand version holds up.</p>")
A("</div>")
A('<p>Next: <a href="../05-ffn/">the feed-forward block</a>, which takes these <span class="arithmatex">\\(y\\)</span> '
  'rows as its input.</p>', nots=["05"])
A("</article>")
A("</div>")
A("</div></main>")
A('<footer class="md-footer"><div class="md-footer-meta md-typeset"><div class="md-copyright">'
  'Copyright &copy; 2024 Transformer Field Notes &middot; Made with Material for MkDocs</div></div></footer>', nots=["2024"])
A("</div>")
A("</body>")
A("</html>")
d.save()
