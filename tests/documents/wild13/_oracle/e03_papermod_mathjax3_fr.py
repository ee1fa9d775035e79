"""French Hugo (PaperMod) post saved from the browser after MathJax 3 rendered it: every formula is an
<mjx-container jax="CHTML"> whose glyphs are empty <mjx-c class="mjx-c30"> elements, followed by a hidden assistive
MathML copy. Attention over le, chat, dort, d_model 4 -> d_k 3 (some weights negative), /sqrt(3); givens, Q, K, V
and the raw scores in display math (decimal points, as typed in TeX); the scaled scores, weights and outputs in
goldmark tables (one cell per line) with decimal commas and &minus; signs; a worked division in prose with commas.
Exact rounding, no slip."""
from pathlib import Path

from w13lib import *

toks = ["le", "chat", "dort"]
Xs = [["0.5", "-0.2", "0.8", "0.1"], ["0.9", "0.4", "-0.3", "0.6"], ["0.2", "0.7", "0.5", "-0.4"]]
Wqs = [["0.4", "-0.1", "0.6"], ["0.3", "0.8", "-0.2"], ["-0.5", "0.2", "0.7"], ["0.1", "0.6", "0.3"]]
Wks = [["0.7", "0.2", "-0.3"], ["-0.4", "0.5", "0.1"], ["0.2", "-0.6", "0.8"], ["0.6", "0.3", "0.4"]]
Wvs = [["0.1", "0.9", "-0.2"], ["0.6", "-0.3", "0.4"], ["0.8", "0.2", "0.5"], ["-0.7", "0.4", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
Qt, Kt, Vt, St = ([[lit(v) for v in r] for r in M] for M in (Q, K, V, S))
fr = lambda s: shown(s, "\u2212", comma=True)
wrapfr = lambda s: s.replace("\u2212", "&minus;")

d = Doc("papermod-mathjax3-fr", "html",
        "French Hugo PaperMod post saved after MathJax 3 CHTML rendering: attention over le chat dort, Wq/Wk/Wv 4 -> 3, "
        "/sqrt(3); matrices in mjx-container math with assistive MathML, scaled scores, weights and outputs in goldmark "
        "tables with decimal commas and &minus;",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens le, chat, dort",
        script=Path(__file__).name)
A = d
A('<!DOCTYPE html>')
A('<html lang="fr" dir="auto"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8">')
A('<meta http-equiv="X-UA-Compatible" content="IE=edge"><meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">')
A('<meta name="robots" content="index, follow">')
A('<title>L’attention à la main : un exemple complet | Carnet de Camille</title>')
A('<meta name="keywords" content="transformer, attention, softmax">')
A('<meta name="description" content="On déroule une tête d’attention sur trois mots, sans rien sauter.">')
A('<meta name="generator" content="Hugo 0.125.4">', nots=["0.125"])
A('<link crossorigin="anonymous" href="/assets/css/stylesheet.b609c58d5c11bb90b1a54e04005d74ad1ddf22165eb79f5533967e57df9c3b50.css" rel="preload stylesheet" as="style">')
A('<script>MathJax = { tex: { inlineMath: [[\'\\\\(\', \'\\\\)\']], displayMath: [[\'\\\\[\', \'\\\\]\']] }, chtml: { fontURL: \'https://cdn.jsdelivr.net/npm/mathjax@3/es5/output/chtml/fonts/woff-v2\' } };</script>', nots=["3"])
A('<script id="MathJax-script" async="" src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml.js"></script>', nots=["3"])
A('<style type="text/css">mjx-container[jax="CHTML"] { line-height: 0; } mjx-container [space="3"] { margin-left: .222em; } mjx-container [space="4"] { margin-left: .278em; } mjx-c.mjx-c30::before { padding: 0.666em 0.5em 0.022em 0; content: "0"; }</style>')
A('</head>')
A('<body class="" id="top">')
A('<div id="cookie-banner" class="cookie-banner" role="dialog" aria-live="polite"><p>Ce site utilise des cookies de mesure d’audience (Plausible, sans traceur publicitaire). <a href="/confidentialite/">En savoir plus</a></p><button id="cookie-ok">J’ai compris</button></div>')
A('<header class="header"><nav class="nav"><div class="logo"><a href="https://carnet-camille.fr/" accesskey="h" title="Carnet de Camille (Alt + H)">Carnet de Camille</a>'
  '<div class="logo-switches"><button id="theme-toggle" accesskey="t" title="(Alt + T)"><svg id="moon" xmlns="http://www.w3.org/2000/svg" width="24" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z"></path></svg></button></div></div>'
  '<ul id="menu"><li><a href="/archives/" title="Archives"><span>Archives</span></a></li><li><a href="/tags/" title="Étiquettes"><span>Étiquettes</span></a></li><li><a href="/search/" title="Recherche (Alt + /)" accesskey="/"><span>Recherche</span></a></li></ul></nav></header>')
A('<main class="main">')
A('<article class="post-single">')
A('<header class="post-header"><div class="breadcrumbs"><a href="https://carnet-camille.fr/">Accueil</a>&nbsp;»&nbsp;<a href="https://carnet-camille.fr/posts/">Articles</a></div>')
A('<h1 class="post-title entry-hint-parent">L’attention à la main : un exemple complet</h1>')
A('<div class="post-description">On déroule une tête d’attention sur trois mots, sans rien sauter.</div>')
A('<div class="post-meta"><span title="2024-05-06 10:00:00 +0200 CEST">6 mai 2024</span>&nbsp;·&nbsp;5 min&nbsp;·&nbsp;948 mots&nbsp;·&nbsp;Camille Rivière</div>', nots=["6", "2024", "5", "948"])
A('</header>')
A('<div class="toc"><details open=""><summary accesskey="c" title="(Alt + C)"><span class="details">Table des matières</span></summary><div class="inner"><ul>'
  '<li><a href="#les-données" aria-label="Les données">Les données</a></li><li><a href="#requêtes-clés-valeurs" aria-label="Requêtes, clés, valeurs">Requêtes, clés, valeurs</a></li>'
  '<li><a href="#scores" aria-label="Scores">Scores</a></li><li><a href="#softmax" aria-label="Softmax">Softmax</a></li><li><a href="#sortie" aria-label="Sortie">Sortie</a></li></ul></div></details></div>')
A('<div class="post-content">')
A('<p>Dans l’article original, ' + mathjax3(r"d_{model} = 512") + ' et chaque tête travaille en dimension ' + mathjax3(r"d_k = 64") +
  '. Ici on prend trois mots, « le chat dort », des plongements de dimension 4 et une seule tête de dimension 3 : tout tient sur une page.</p>',
  nots=["512", "64", "4", "3"])
A('<h2 id="les-données">Les données<a hidden="" class="anchor" aria-hidden="true" href="#les-données">#</a></h2>')
A('<p>Une ligne par mot, dans l’ordre de la phrase :</p>')
A('<p>' + mathjax3(r"X = " + bm(Xs), True) + '</p>')
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A('<p>' + mathjax3(nm + " = " + bm(M), True) + '</p>')
A('<h2 id="requêtes-clés-valeurs">Requêtes, clés, valeurs<a hidden="" class="anchor" aria-hidden="true" href="#requêtes-clés-valeurs">#</a></h2>')
for nm, M in (("Q", Qt), ("K", Kt), ("V", Vt)):
    A('<p>' + mathjax3(nm + " = X W_" + nm + " = " + bm(M), True) + '</p>', claims=mat_claims(nm, toks, M))
A('<h2 id="scores">Scores<a hidden="" class="anchor" aria-hidden="true" href="#scores">#</a></h2>')
A('<p>Produit scalaire de chaque requête avec chaque clé :</p>')
A('<p>' + mathjax3(r"QK^\top = " + bm(St), True) + '</p>', claims=pair_claims("scores", toks, St))
s01 = fr(St[0][1]); cc = fr(rnd(c, 4)); sc01 = fr(rnd(Sc[0][1], 4))
A(f'<p>On divise ensuite par √3 ≈ {cc}. Par exemple, pour « le » face à « chat » : {s01} / {cc} ≈ {sc01}.</p>',
  claims=[(cc, "sqrt_dk", "correct"), (cc, "sqrt_dk", "correct"), (sc01, "scaled[le,chat]", "correct")], opts=[s01], nots=["3"])
A('<table>')
A('<thead>')
A('<tr>')
A('<th style="text-align:left">score / √3</th>', nots=["3"])
for t in toks:
    A(f'<th style="text-align:right">{t}</th>')
A('</tr>')
A('</thead>')
A('<tbody>')
def ftable(M, name, nd):
    for i, t in enumerate(toks):
        A('<tr>')
        A(f'<td style="text-align:left"><strong>{t}</strong></td>')
        for j, u in enumerate(toks):
            s = fr(rnd(M[i][j], nd))
            A(f'<td style="text-align:right">{wrapfr(s)}</td>', claims=[(s, f"{name}[{t},{u}]", "correct")])
        A('</tr>')
ftable(Sc, "scaled", 4)
A('</tbody>')
A('</table>')
A('<h2 id="softmax">Softmax<a hidden="" class="anchor" aria-hidden="true" href="#softmax">#</a></h2>')
A('<p>On applique ' + mathjax3(r"\text{softmax}") + ' ligne par ligne :</p>')
A('<table>')
A('<thead>')
A('<tr>')
A('<th style="text-align:left">poids</th>')
for t in toks:
    A(f'<th style="text-align:right">{t}</th>')
A('</tr>')
A('</thead>')
A('<tbody>')
ftable(W, "weights", 4)
A('</tbody>')
A('</table>')
i0 = max(range(3), key=lambda j: W[1][j])
wv = fr(rnd(W[1][i0], 4))
A(f'<p>« chat » regarde surtout « {toks[i0]} » ({wv}), mais la répartition reste assez plate : c’est normal avec des vecteurs aussi petits.</p>',
  claims=[(wv, f"weights[chat,{toks[i0]}]", "correct")])
A('<h2 id="sortie">Sortie<a hidden="" class="anchor" aria-hidden="true" href="#sortie">#</a></h2>')
A('<p>Enfin, ' + mathjax3(r"Z = \text{softmax}\left(\frac{QK^\top}{\sqrt{3}}\right) V") + ' :</p>', nots=["3"])
A('<table>')
A('<thead>')
A('<tr>')
A('<th style="text-align:left">mot</th>')
for k in range(3):
    A(f'<th style="text-align:right">z<sub>{k + 1}</sub></th>', nots=[str(k + 1)])
A('</tr>')
A('</thead>')
A('<tbody>')
for i, t in enumerate(toks):
    A('<tr>')
    A(f'<td style="text-align:left"><strong>{t}</strong></td>')
    for k in range(3):
        s = fr(rnd(C[i][k], 4))
        A(f'<td style="text-align:right">{wrapfr(s)}</td>', claims=[(s, f"context[{t}][{k + 1}]", "correct")])
    A('</tr>')
A('</tbody>')
A('</table>')
A('<p>La prochaine fois : huit têtes en parallèle et la projection ' + mathjax3(r"W_O") + '.</p>')
A('</div>')
A('<footer class="post-footer"><ul class="post-tags"><li><a href="https://carnet-camille.fr/tags/transformer/">Transformer</a></li><li><a href="https://carnet-camille.fr/tags/attention/">Attention</a></li></ul>')
A('<nav class="paginav"><a class="prev" href="https://carnet-camille.fr/posts/softmax-stable/"><span class="title">« Page précédente</span><br><span>Une softmax numériquement stable</span></a>'
  '<a class="next" href="https://carnet-camille.fr/posts/encodage-positionnel/"><span class="title">Page suivante »</span><br><span>L’encodage positionnel en 10 minutes</span></a></nav>', nots=["10"])
A('<ul class="share-buttons"><li><a target="_blank" rel="noopener noreferrer" aria-label="partager sur x" href="https://x.com/intent/tweet/?text=L%e2%80%99attention"><svg viewBox="0 0 512 512" height="30px" width="30px" fill="currentColor"><path d="M512 62.554 L 512 449.446 C 512 483.97 483.97 512 449.446 512 L 62.554 512 Z"></path></svg></a></li>'
  '<li><a target="_blank" rel="noopener noreferrer" aria-label="partager sur linkedin" href="https://www.linkedin.com/shareArticle?mini=true"><svg viewBox="0 0 512 512" height="30px" width="30px" fill="currentColor"><path d="M449.446,0c34.525,0 62.554,28.03 62.554,62.554l0,386.892z"></path></svg></a></li></ul>')
A('</footer>')
A('</article>')
A('</main>')
A('<footer class="footer"><span>© 2024 <a href="https://carnet-camille.fr/">Carnet de Camille</a></span> · <span>Propulsé par <a href="https://gohugo.io/" rel="noopener noreferrer" target="_blank">Hugo</a> &amp; <a href="https://github.com/adityatelange/hugo-PaperMod/" rel="noopener" target="_blank">PaperMod</a></span></footer>', nots=["2024"])
A('<a href="#top" aria-label="go to top" title="Go to Top (Alt + G)" class="top-link" id="top-link" accesskey="g"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 6" fill="currentColor"><path d="M12 6H0l6-6z"></path></svg></a>')
A('</body></html>')
d.save()
