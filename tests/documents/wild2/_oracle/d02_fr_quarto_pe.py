"""French Quarto page (rendered HTML, MathJax): sinusoidal positional encoding with base 100, d = 4, sin and cos
concatenated (first half sin, second half cos, not interleaved), positions from 0, then x + PE by hand."""
from pathlib import Path

import numpy as np

from w2lib import *

BASE, D = 100, 4
pos = [0, 1, 2, 3]
denom = [mpf(BASE) ** (mpf(2 * i) / D) for i in range(D // 2)]    # 1, 10
omega = [1 / v for v in denom]
ang = [[p * w for w in omega] for p in pos]
PE = [[mpmath.sin(a) for a in row] + [mpmath.cos(a) for a in row] for row in ang]
toks = ["Le", "chat", "dort", "ici"]
Xs = [["0.12", "-0.40", "0.33", "0.05"], ["0.80", "0.15", "-0.22", "0.47"], ["-0.35", "0.60", "0.10", "-0.18"],
      ["0.25", "-0.05", "0.71", "0.30"]]
X = M(Xs)
S = [[X[i][j] + PE[i][j] for j in range(D)] for i in range(4)]
# NumPy check
pn = np.arange(4)[:, None] / (BASE ** (np.arange(0, D, 2) / D))[None, :]
pen = np.concatenate([np.sin(pn), np.cos(pn)], axis=1)
np_same(PE, pen)
np_same(S, np.array(Xs, float) + pen)

d = Doc("quarto-pe-concat-fr", "html",
        "French Quarto page rendered to HTML (MathJax \\( \\) spans, sourceCode cells with output, Bootstrap tables): "
        "sinusoidal positional encoding with base 100 and d = 4, sin and cos concatenated rather than interleaved, "
        "positions counted from 0, angle table, PE table, a NumPy print of the PE matrix, then x + PE for four tokens",
        "PE(pos) = [sin(pos/100^(2i/d)) for i] ++ [cos(pos/100^(2i/d)) for i], d = 4; output x + PE", "exact",
        note="no planted slip; the PE values are printed to 4 decimals; the NumPy output restates them in numpy's print style",
        gen=Path(__file__).name)
add = d.add
for ln in ['<!DOCTYPE html>', '<html xmlns="http://www.w3.org/1999/xhtml" lang="fr" xml:lang="fr"><head>',
           '<meta charset="utf-8">', '<meta name="generator" content="quarto-1.4.550">']:
    add(ln, nots=["1.4.550"] if "quarto" in ln else [])
add('<meta name="viewport" content="width=device-width, initial-scale=1.0, user-scalable=yes">', nots=["1.0"])
add('<meta name="dcterms.date" content="2024-03-17">', nots=["2024"])
add('<title>Notes de cours – Encodage positionnel (version concaténée)</title>')
add('<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml-full.js" type="text/javascript"></script>')
add('</head>')
add('<body class="nav-sidebar docked">')
add('<main class="content" id="quarto-document-content">')
add('<header id="title-block-header" class="quarto-title-block default">')
add('<h1 class="title">Encodage positionnel : sin et cos mis bout à bout</h1>')
add('<p class="date">17 mars 2024</p>', nots=["17", "2024"])
add('</header>')
add('<section id="pourquoi" class="level2">')
add('<h2 class="anchored" data-anchor-id="pourquoi">Pourquoi cette variante ?</h2>')
add('<p>Dans l’article original <a href="#ref-vaswani">[1]</a>, les sinus occupent les indices pairs et les cosinus les indices impairs, avec une base de 10000 et <span class="math inline">\\(d_{model} = 512\\)</span>. '
    'Beaucoup d’implémentations (tensor2tensor, par exemple) <strong>concatènent</strong> plutôt les deux moitiés : d’abord tous les sinus, puis tous les cosinus. '
    'Le modèle s’en moque, ce n’est qu’une permutation des colonnes.</p>', nots=["1", "10000", "512"])
add('<p>Pour faire les calculs à la main, je prends une base <span class="math inline">\\(b = 100\\)</span>, <span class="math inline">\\(d = 4\\)</span> et quatre positions, numérotées à partir de 0.</p>',
    nots=["100", "4", "0"])
add('<p><span class="math display">\\[PE_{(pos,\\,i)} = \\sin\\!\\left(\\frac{pos}{b^{2i/d}}\\right),\\qquad PE_{(pos,\\,i + d/2)} = \\cos\\!\\left(\\frac{pos}{b^{2i/d}}\\right),\\qquad i = 0,\\dots,d/2-1\\]</span></p>',
    nots=["2", "2", "0", "2", "1"])
add('</section>')
add('<section id="frequences" class="level2">')
add('<h2 class="anchored" data-anchor-id="frequences">1. Les fréquences</h2>')
add(f'<p>Avec <span class="math inline">\\(d = 4\\)</span> il n’y a que deux fréquences : <span class="math inline">\\(i = 0\\)</span> donne <span class="math inline">\\(100^{{0}} = {exact(denom[0])}\\)</span>, '
    f'et <span class="math inline">\\(i = 1\\)</span> donne <span class="math inline">\\(100^{{2/4}} = \\sqrt{{100}} = {exact(denom[1])}\\)</span>, '
    f'donc <span class="math inline">\\(\\omega_0 = {exact(omega[0])}\\)</span> et <span class="math inline">\\(\\omega_1 = {exact(omega[1])}\\)</span>.</p>',
    claims=[(exact(denom[0]), "100^(0/4)", "correct"), (exact(denom[1]), "100^(2/4)", "correct"),
            (exact(omega[0]), "omega_0 = 1/100^0", "correct"), (exact(omega[1]), "omega_1 = 1/100^(2/4)", "correct")],
    nots=["4", "0", "100", "1", "100", "2", "4", "100", "0", "1"])
add('<p>Les angles <span class="math inline">\\(pos \\cdot \\omega_i\\)</span> (en radians) :</p>')
add('<table class="table table-sm table-striped small">')
add('<thead><tr class="header"><th>pos</th><th>\\(pos\\cdot\\omega_0\\)</th><th>\\(pos\\cdot\\omega_1\\)</th></tr></thead>', nots=["0", "1", "0", "1"])
add('<tbody>')
for p in pos:
    a0, a1 = exact(ang[p][0]), exact(ang[p][1])
    add(f'<tr><td>{p}</td><td>{a0}</td><td>{a1}</td></tr>',
        nots=[str(p)], claims=[(a0, f"angle pos {p} freq 0", "correct"), (a1, f"angle pos {p} freq 1", "correct")])
add('</tbody>')
add('</table>')
add('</section>')
add('<section id="pe" class="level2">')
add('<h2 class="anchored" data-anchor-id="pe">2. La matrice PE</h2>')
add('<p>On prend le sinus des deux angles, puis le cosinus des deux angles, et on colle le tout. Arrondi à 4 décimales :</p>', nots=["4"])
add('<table class="table table-sm table-striped small">')
add('<thead><tr class="header"><th>pos</th><th>sin(ω₀·pos)</th><th>sin(ω₁·pos)</th><th>cos(ω₀·pos)</th><th>cos(ω₁·pos)</th></tr></thead>')
add('<tbody>')
for p in pos:
    cells = [rnd(v, 4) for v in PE[p]]
    add('<tr><td>' + str(p) + '</td>' + ''.join(f'<td>{um(c)}</td>' for c in cells) + '</tr>', nots=[str(p)],
        claims=[(c, f"PE[{p}][{j}]", "correct") for j, c in enumerate(cells)])
add('</tbody>')
add('</table>')
add(f'<p>Remarque : la colonne <span class="math inline">\\(\\omega_1\\)</span> varie lentement ({rnd(PE[1][1], 4)}, {rnd(PE[2][1], 4)}, {rnd(PE[3][1], 4)}), c’est elle qui distingue les positions éloignées.</p>',
    opts=[rnd(PE[1][1], 4), rnd(PE[2][1], 4), rnd(PE[3][1], 4)])
add('<p>Vérification rapide avec NumPy :</p>')
add('<div class="cell">')
add('<div class="sourceCode cell-code" id="cb1"><pre class="sourceCode python code-with-copy"><code class="sourceCode python"><span id="cb1-1"><a href="#cb1-1" aria-hidden="true" tabindex="-1"></a><span class="im">import</span> numpy <span class="im">as</span> np</span>',
    nots=["1", "1", "1", "1"])
add('<span id="cb1-2"><a href="#cb1-2" aria-hidden="true" tabindex="-1"></a>pos <span class="op">=</span> np.arange(<span class="dv">4</span>)[:, <span class="va">None</span>]</span>', nots=["2", "2", "1", "4"])
add('<span id="cb1-3"><a href="#cb1-3" aria-hidden="true" tabindex="-1"></a>ang <span class="op">=</span> pos <span class="op">/</span> <span class="dv">100</span> <span class="op">**</span> (np.arange(<span class="dv">0</span>, <span class="dv">4</span>, <span class="dv">2</span>) <span class="op">/</span> <span class="dv">4</span>)</span>',
    nots=["3", "3", "1", "100", "0", "4", "2", "4"])
add('<span id="cb1-4"><a href="#cb1-4" aria-hidden="true" tabindex="-1"></a>pe <span class="op">=</span> np.concatenate([np.sin(ang), np.cos(ang)], axis<span class="op">=</span><span class="dv">1</span>)</span>', nots=["4", "4", "1", "1"])
add('<span id="cb1-5"><a href="#cb1-5" aria-hidden="true" tabindex="-1"></a><span class="bu">print</span>(pe.<span class="bu">round</span>(<span class="dv">4</span>))</span></code></pre></div>', nots=["5", "5", "1", "4"])
add('<div class="cell-output cell-output-stdout">')
txt = np.array2string(np.round(pen, 4))
tl = txt.split("\n")
for p, ln in enumerate(tl):
    t = line_tokens(ln)
    assert len(t) == 4
    for j, tk in enumerate(t):
        check(tk, PE[p][j])
    pre = '<pre><code>' if p == 0 else ''
    post = '</code></pre>' if p == len(tl) - 1 else ''
    add(pre + ln + post, claims=[(tk, f"PE[{p}][{j}] (numpy)", "correct") for j, tk in enumerate(t)])
add('</div>')
add('</div>')
add('</section>')
add('<section id="somme" class="level2">')
add('<h2 class="anchored" data-anchor-id="somme">3. Ajout aux embeddings</h2>')
add('<p>Phrase : « Le chat dort ici ». Les embeddings (inventés) :</p>')
add('<table class="table table-sm small">')
add('<thead><tr class="header"><th>token</th><th>pos</th><th>x₀</th><th>x₁</th><th>x₂</th><th>x₃</th></tr></thead>')
add('<tbody>')
for p in pos:
    add(f'<tr><td>{toks[p]}</td><td>{p}</td>' + ''.join(f'<td>{um(v)}</td>' for v in Xs[p]) + '</tr>', nots=[str(p)])
add('</tbody>')
add('</table>')
add('<p>Il suffit d’additionner élément par élément. Pour « chat » (pos = 1), par exemple :</p>', nots=["1"])
w = [f"{Xs[1][j]} + {paren(rnd(PE[1][j], 4))} = {rnd(S[1][j], 4)}" for j in range(D)]
add('<p><span class="math display">\\[' + ",\\quad ".join(w) + '\\]</span></p>',
    claims=[(rnd(S[1][j], 4), f"(x + PE)[chat][{j}]", "correct") for j in range(D)],
    opts=[Xs[1][j] for j in range(D)] + [rnd(PE[1][j], 4) for j in range(D)])
add('<p>Le tableau complet de <span class="math inline">\\(x + PE\\)</span> :</p>')
add('<table class="table table-sm table-striped small">')
add('<thead><tr class="header"><th>token</th><th>0</th><th>1</th><th>2</th><th>3</th></tr></thead>', nots=["0", "1", "2", "3"])
add('<tbody>')
for p in pos:
    cells = [rnd(v, 4) for v in S[p]]
    add(f'<tr><td>{toks[p]}</td>' + ''.join(f'<td>{um(c)}</td>' for c in cells) + '</tr>',
        claims=[(c, f"(x + PE)[{toks[p]}][{j}]", "correct") for j, c in enumerate(cells)])
add('</tbody>')
add('</table>')
add('<p>À la position 0 on ajoute simplement [0, 0, 1, 1] : la première ligne n’est que <span class="math inline">\\(x\\)</span> décalé de 1 sur les deux dernières composantes.</p>',
    nots=["0", "0", "0", "1", "1", "1"])
add('</section>')
add('<div id="refs" class="references csl-bib-body" role="list">')
add('<div id="ref-vaswani" class="csl-entry" role="listitem">[1] Vaswani, A. et al. (2017). <em>Attention Is All You Need</em>. NeurIPS 30, p. 5998–6008.</div>',
    nots=["1", "2017", "30", "5998"])
add('</div>')
add('</main>')
add('</body></html>')
d.write()
