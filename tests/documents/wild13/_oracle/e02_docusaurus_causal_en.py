"""English Docusaurus 3 docs page (rehype-katex, so KaTeX HTML as in e01; prism code block with token spans;
admonitions; Markdown tables as <table><thead><tbody>, one row per line; `−∞` masked cells). Causal single-head
attention over the, robot, waved, back; d_model 3 -> d_k 2, /sqrt(2). The last row's softmax worked in inline KaTeX.
One planted slip: e^x of back -> the. Exact rounding."""
from pathlib import Path

from w13lib import *

toks = ["the", "robot", "waved", "back"]
Xs = [["0.4", "0.9", "0.2"], ["0.8", "0.3", "0.6"], ["0.1", "0.7", "0.9"], ["0.6", "0.5", "0.3"]]
Wqs = [["0.7", "0.2"], ["0.1", "0.8"], ["0.5", "0.4"]]
Wks = [["0.3", "0.6"], ["0.9", "0.2"], ["0.4", "0.5"]]
Wvs = [["0.5", "0.1"], ["0.2", "0.7"], ["0.8", "0.3"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
Q, K, V, S, Sc, E, Z, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "E", "Z", "W", "C", "c"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))
n = 4
# the slip: e^(scaled[back,the]) with its 3rd and 4th decimals swapped
clean = rnd(E[3][0], 4)
SLIP = clean[:-2] + clean[-1] + clean[-2]
assert SLIP != clean
E3 = [mpf(SLIP)] + E[3][1:]
Z3 = mpmath.fsum(E3)
W3 = [e / Z3 for e in E3]
C3 = vm(W3, V)
agree(W3, np.array([float(SLIP)] + [float(x) for x in E[3][1:]]) / (float(SLIP) + sum(float(x) for x in E[3][1:])))
agree(C3, (np.array([float(x) for x in W3]) @ a["np"]["V"]))

d = Doc("docusaurus-causal-en", "html",
        "English Docusaurus docs page saved as HTML (rehype-katex): causal attention over the robot waved back, "
        "Wq/Wk/Wv 3 -> 2, /sqrt(2); KaTeX matrices, tables with -inf cells, the last row's softmax worked inline; one planted slip",
        "causal attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens the, robot, waved, back",
        script=Path(__file__).name,
        note=f"planted slip: e^x of the scaled score back -> the is written {SLIP} instead of {clean} (last two digits "
             "swapped). The sum of the back row, its four weights (in the worked line and in the table) and the back "
             "output row are computed from the slipped number (propagated, or any where they print the same).")
A = d
A('<!doctype html>')
A('<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page docs-doc-id-attention/causal-mask" data-has-hydrated="false">')
A('<head>')
A('<meta charset="UTF-8">')
A('<meta name="generator" content="Docusaurus v3.5.2">', nots=["3.5"])
A('<title data-rh="true">Causal masking, by hand | TinyLM Docs</title>')
A('<meta data-rh="true" name="docusaurus_version" content="current"><meta data-rh="true" name="docsearch:docusaurus_tag" content="docs-default-current">')
A('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.13.24/dist/katex.min.css" integrity="sha384-odtC+0UGzzFL/6PNoE8rX/SPcQDXBJ+uRepguP4QkPCm2LBxH3FA3y+fKSiJ+AmM" crossorigin="anonymous">')
A('<link rel="stylesheet" href="/assets/css/styles.4f7a2b9e.css">')
A('</head>')
A('<body class="navigation-with-keyboard">')
A('<div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>')
A('<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><a class="navbar__brand" href="/"><b class="navbar__title text--truncate">TinyLM</b></a>'
  '<a aria-current="page" class="navbar__item navbar__link navbar__link--active" href="/docs/intro">Docs</a><a class="navbar__item navbar__link" href="/blog">Blog</a></div>'
  '<div class="navbar__items navbar__items--right"><a href="https://github.com/tinylm/tinylm" target="_blank" rel="noopener noreferrer" class="navbar__item navbar__link">GitHub</a></div></div></nav>')
A('<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB"><div class="docRoot_UBD9">')
A('<aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><div class="sidebarViewport_aRkj"><div class="sidebar_njMd"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list">')
A('<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-1 menu__list-item"><a class="menu__link" href="/docs/intro">Introduction</a></li>')
A('<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--active" href="/docs/attention/scaled-dot-product">2. Attention</a></div>'
  '<ul style="display:block;overflow:visible;height:auto" class="menu__list"><li class="menu__list-item"><a class="menu__link" tabindex="0" href="/docs/attention/scaled-dot-product">2.1 Scaled dot product</a></li>'
  '<li class="menu__list-item"><a class="menu__link menu__link--active" aria-current="page" tabindex="0" href="/docs/attention/causal-mask">2.2 Causal masking, by hand</a></li>'
  '<li class="menu__list-item"><a class="menu__link" tabindex="0" href="/docs/attention/kv-cache">2.3 The KV cache</a></li></ul></li>', nots=["2"])
A('</ul></nav></div></div></aside>')
A('<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp"><article>')
A('<nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs" itemscope="" itemtype="https://schema.org/BreadcrumbList"><li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/">🏠</a></li>'
  '<li class="breadcrumbs__item"><span class="breadcrumbs__link">2. Attention</span></li><li class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link">2.2 Causal masking, by hand</span></li></ul></nav>', nots=["2"])
A('<div class="tocCollapsible_ETCw theme-doc-toc-mobile tocMobile_ITEo"><button type="button" class="clean-btn tocCollapsibleButton_TO0P">On this page</button></div>')
A('<div class="theme-doc-markdown markdown"><header><h1>Causal masking, by hand</h1></header>')
A('<p>A decoder may not look ahead: when it processes token <em>i</em> it only sees tokens 1 … <em>i</em>. This page runs one masked head over the four tokens <code>the robot waved back</code> with 3-dimensional embeddings and a 2-dimensional head, so you can check your own implementation cell by cell.</p>',
  nots=["1", "3", "2"])
A('<h2 class="anchor anchorWithStickyNavbar_LWe7" id="inputs">Inputs<a href="#inputs" class="hash-link" aria-label="Direct link to Inputs" title="Direct link to Inputs">\u200b</a></h2>')
A('<p>' + katex(r"X = " + bm(Xs), True) + '</p>')
A('<p>' + katex(r"W_Q = " + bm(Wqs), True) + '</p>')
A('<p>' + katex(r"W_K = " + bm(Wks), True) + '</p>')
A('<p>' + katex(r"W_V = " + bm(Wvs), True) + '</p>')
A('<div class="theme-admonition theme-admonition-note admonition_xJq3 alert alert--secondary"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"><svg viewBox="0 0 14 16"><path fill-rule="evenodd" d="M6.3 5.69a.942.942 0 0 1-.28-.7c0-.28.09-.52.28-.7.19-.18.42-.28.7-.28.28 0 .52.09.7.28.18.19.28.42.28.7z"></path></svg></span>note</div>'
  '<div class="admonitionContent_BuS1"><p>In the real model the head size is 64 and the context is 2048 tokens long; nothing below depends on that.</p></div></div>', nots=["64", "2048"])
A('<h2 class="anchor anchorWithStickyNavbar_LWe7" id="projections">Projections<a href="#projections" class="hash-link" aria-label="Direct link to Projections" title="Direct link to Projections">\u200b</a></h2>')
for nm, M in (("Q", Qt), ("K", Kt), ("V", Vt)):
    A('<p>' + katex(nm + " = X W_" + nm + " = " + bm(M), True) + '</p>', claims=mat_claims(nm, toks, M))
A('<h2 class="anchor anchorWithStickyNavbar_LWe7" id="masked-scores">Masked, scaled scores<a href="#masked-scores" class="hash-link" aria-label="Direct link to Masked, scaled scores" title="Direct link to Masked, scaled scores">\u200b</a></h2>')
A('<p>We divide ' + katex(r"QK^\top") + ' by ' + katex(rf"\sqrt{{d_k}} = \sqrt{{2}} \approx {rnd(c, 4)}") + ' and set every cell above the diagonal to ' + katex(r"-\infty") + '.</p>',
  claims=[(rnd(c, 4), "sqrt_dk", "correct")], nots=["2"])
A('<div class="language-python codeBlockContainer_Ckt0 theme-code-block" style="--prism-color:#393A34;--prism-background-color:#f6f8fa"><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-python codeBlock_bY9V thin-scrollbar" style="color:#393A34;background-color:#f6f8fa"><code class="codeBlockLines_e6Vv">'
  '<span class="token-line" style="color:#393A34"><span class="token plain">scores </span><span class="token operator" style="color:#393A34">=</span><span class="token plain"> Q </span><span class="token operator" style="color:#393A34">@</span><span class="token plain"> K</span><span class="token punctuation" style="color:#393A34">.</span><span class="token plain">T </span><span class="token operator" style="color:#393A34">/</span><span class="token plain"> math</span><span class="token punctuation" style="color:#393A34">.</span><span class="token plain">sqrt</span><span class="token punctuation" style="color:#393A34">(</span><span class="token plain">d_k</span><span class="token punctuation" style="color:#393A34">)</span><br></span>')
A('<span class="token-line" style="color:#393A34"><span class="token plain">scores </span><span class="token operator" style="color:#393A34">=</span><span class="token plain"> scores</span><span class="token punctuation" style="color:#393A34">.</span><span class="token plain">masked_fill</span><span class="token punctuation" style="color:#393A34">(</span><span class="token plain">torch</span><span class="token punctuation" style="color:#393A34">.</span><span class="token plain">triu</span><span class="token punctuation" style="color:#393A34">(</span><span class="token plain">torch</span><span class="token punctuation" style="color:#393A34">.</span><span class="token plain">ones</span><span class="token punctuation" style="color:#393A34">(</span><span class="token number" style="color:#36acaa">4</span><span class="token punctuation" style="color:#393A34">,</span><span class="token plain"> </span><span class="token number" style="color:#36acaa">4</span><span class="token punctuation" style="color:#393A34">)</span><span class="token punctuation" style="color:#393A34">,</span><span class="token plain"> diagonal</span><span class="token operator" style="color:#393A34">=</span><span class="token number" style="color:#36acaa">1</span><span class="token punctuation" style="color:#393A34">)</span><span class="token punctuation" style="color:#393A34">.</span><span class="token plain">bool</span><span class="token punctuation" style="color:#393A34">(</span><span class="token punctuation" style="color:#393A34">)</span><span class="token punctuation" style="color:#393A34">,</span><span class="token plain"> </span><span class="token builtin">float</span><span class="token punctuation" style="color:#393A34">(</span><span class="token string" style="color:#e3116c">"-inf"</span><span class="token punctuation" style="color:#393A34">)</span><span class="token punctuation" style="color:#393A34">)</span><br></span></code></pre>'
  '<div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" title="Copy" class="clean-btn"><span class="copyButtonIcons_eSgA" aria-hidden="true"></span></button></div></div></div>',
  nots=["4", "1"])
A('<table><thead><tr><th>query ↓ key →</th>' + "".join(f"<th>{t}</th>" for t in toks) + '</tr></thead><tbody>')
for i, t in enumerate(toks):
    cells = [(rnd(Sc[i][j], 4), f"scaled[{t},{u}]", "correct") if j <= i else "−∞" for j, u in enumerate(toks)]
    texts, cl = cells_of(cells)
    A(f'<tr><td><strong>{t}</strong></td>' + "".join(f"<td>{x}</td>" for x in texts) + '</tr>', claims=cl)
A('</tbody></table>')
A('<h2 class="anchor anchorWithStickyNavbar_LWe7" id="softmax">Softmax, one row in full<a href="#softmax" class="hash-link" aria-label="Direct link to Softmax, one row in full" title="Direct link to Softmax, one row in full">\u200b</a></h2>')
A('<p>The last row (<code>back</code>) sees all four tokens. Exponentiating its scaled scores:</p>')
ex = [SLIP] + [rnd(e, 4) for e in E[3][1:]]
A('<p>' + katex(", \\quad ".join(rf"e^{{{rnd(Sc[3][j], 4)}}} = {ex[j]}" for j in range(4)).replace("\\quad", "\\;")) + '</p>',
  claims=[(ex[0], "exp[back,the]", "wrong")] + [(ex[j], f"exp[back,{toks[j]}]", "correct") for j in range(1, 4)],
  opts=[rnd(Sc[3][j], 4) for j in range(4)])
zt = rnd(Z3, 4)
A('<p>Their sum is ' + katex(" + ".join(ex) + rf" = {zt}") + ', so the weights are</p>',
  claims=[(zt, "expsum[back]", fate(zt, rnd(Z[3], 4)))], opts=ex)
wt = [rnd(w, 4) for w in W3]
A('<p>' + katex(", \\; ".join(rf"\frac{{{ex[j]}}}{{{zt}}} = {wt[j]}" for j in range(4))) + '.</p>',
  claims=[(wt[j], f"weights[back,{toks[j]}]", fate(wt[j], rnd(W[3][j], 4))) for j in range(4)], opts=ex + [zt] * 4)
A('<p>Every row, masked cells shown as 0:</p>', nots=["0"])
A('<table><thead><tr><th>weights</th>' + "".join(f"<th>{t}</th>" for t in toks) + '</tr></thead><tbody>')
for i, t in enumerate(toks):
    row = []
    for j, u in enumerate(toks):
        if i == 3:
            row.append((wt[j], f"weights[{t},{u}]", fate(wt[j], rnd(W[3][j], 4))))
        elif j <= i:
            s = rnd(W[i][j], 4); row.append((s, f"weights[{t},{u}]", "correct"))
        else:
            row.append(("0", f"weights[{t},{u}]", "correct"))
    texts, cl = cells_of(row)
    A(f'<tr><td><strong>{t}</strong></td>' + "".join(f"<td>{x}</td>" for x in texts) + '</tr>', claims=cl)
A('</tbody></table>')
A('<p>The first token can only attend to itself, hence its 1.0000.</p>', claims=[("1.0000", "weights[the,the]", "correct")])
A('<h2 class="anchor anchorWithStickyNavbar_LWe7" id="output">Output<a href="#output" class="hash-link" aria-label="Direct link to Output" title="Direct link to Output">\u200b</a></h2>')
Ct = [[rnd(v, 4) for v in r] for r in C[:3]] + [[rnd(v, 4) for v in C3]]
vd = [["correct"] * 2 for _ in range(3)] + [[fate(Ct[3][k], rnd(C[3][k], 4)) for k in range(2)]]
A('<p>' + katex(r"\text{softmax}\left(\frac{QK^\top}{\sqrt{d_k}} + M\right) V = " + bm(Ct), True) + '</p>',
  claims=mat_claims("context", toks, Ct, vd))
A('</div>')
A('<footer class="theme-doc-footer docusaurus-mt-lg"><div class="theme-doc-footer-edit-meta-row row"><div class="col"><a href="https://github.com/tinylm/tinylm/tree/main/website/docs/attention/causal-mask.md" target="_blank" rel="noopener noreferrer" class="theme-edit-this-page">Edit this page</a></div>'
  '<div class="col lastUpdated_JAkA"><span class="theme-last-updated">Last updated<!-- --> on <b><time datetime="2024-08-02T09:41:12.000Z" itemprop="dateModified">Aug 2, 2024</time></b></span></div></div></footer>', nots=["2", "2024"])
A('</article>')
A('<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages"><a class="pagination-nav__link pagination-nav__link--prev" href="/docs/attention/scaled-dot-product"><div class="pagination-nav__sublabel">Previous</div><div class="pagination-nav__label">2.1 Scaled dot product</div></a>'
  '<a class="pagination-nav__link pagination-nav__link--next" href="/docs/attention/kv-cache"><div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">2.3 The KV cache</div></a></nav>', nots=["2.1", "2.3"])
A('</div></div></div>')
A('<div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border"><li><a href="#inputs" class="table-of-contents__link toc-highlight">Inputs</a></li><li><a href="#projections" class="table-of-contents__link toc-highlight">Projections</a></li>'
  '<li><a href="#masked-scores" class="table-of-contents__link toc-highlight">Masked, scaled scores</a></li><li><a href="#softmax" class="table-of-contents__link toc-highlight">Softmax, one row in full</a></li><li><a href="#output" class="table-of-contents__link toc-highlight">Output</a></li></ul></div></div>')
A('</div></div></main></div></div></div>')
A('<footer class="footer footer--dark"><div class="container container-fluid"><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2024 TinyLM contributors. Built with Docusaurus.</div></div></div></footer></div>', nots=["2024"])
A('</body></html>')
d.save()
