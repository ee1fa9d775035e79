"""Spanish (Mexico) WordPress post as the server sends it: Gutenberg blocks (`<!-- wp:table -->`,
<figure class="wp-block-table"><table class="has-fixed-layout">, a two-row <thead> with colspan/rowspan, numbers
in <strong>, &minus; signs), `<p>` numbered steps with the working, Jetpack share buttons, a cookie bar and a
comment thread with filler numbers. Attention over ella, canta, bien; d_model 3 -> d_k 2, divided by 1.414;
chained, 3 decimals. One planted slip: e^x of canta -> bien."""
from pathlib import Path

from w13lib import *

toks = ["ella", "canta", "bien"]
Xs = [["0.9", "-0.3", "0.4"], ["0.2", "0.8", "-0.5"], ["0.6", "0.5", "0.7"]]
Wqs = [["0.6", "0.2"], ["-0.4", "0.7"], ["0.3", "0.5"]]
Wks = [["0.5", "-0.3"], ["0.8", "0.4"], ["0.1", "0.6"]]
Wvs = [["0.7", "0.3"], ["0.2", "-0.6"], ["0.4", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))
St = [[rnd(v, 4) for v in r] for r in S]
DIV = rnd(c, 3)
ch = chain_rows(St, DIV, V, nd=3)
chain_close(ch["w"], W, nd=3, units=6); chain_close(ch["c"], C, nd=3, units=6)
# the slip: e^x of canta -> bien, one digit wrong
clean = ch["e"][1][2]
SLIP = clean[:-1] + str((int(clean[-1]) + 3) % 10)
assert SLIP != clean
e1 = ch["e"][1][:2] + [SLIP]
z1 = rnd(mpmath.fsum(mpf(x) for x in e1), 3)
w1 = [rnd(mpf(x) / mpf(z1), 3) for x in e1]
c1 = [rnd(mpmath.fsum(mpf(w) * V[j][m] for j, w in enumerate(w1)), 3) for m in range(2)]
agree([mpf(x) for x in w1], np.array([float(x) for x in e1]) / float(z1), tol=6e-4)

d = Doc("wordpress-chained-es", "html",
        "Spanish WordPress post (Gutenberg table blocks with colspan/rowspan headers, &minus;, <strong> numbers, "
        "comments, cookie bar): attention over ella canta bien, Wq/Wk/Wv 3 -> 2, / 1.414, chained 3 decimals; one planted slip",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens ella, canta, bien",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: e^x of the scaled score canta -> bien is written {SLIP} instead of {clean} (last digit). "
             "Chained from it: the canta row sum, the three canta weights (in the working and in the table) and the "
             "canta output (propagated, or any where they print the same).")
A = d
m = lambda s: s.replace("-", "&minus;")
mt = lambda s: s.replace("-", "\u2212")


def fig(head_rows, body, caption=None):
    A('<!-- wp:table {"hasFixedLayout":true,"className":"is-style-stripes"} -->')
    A('<figure class="wp-block-table is-style-stripes"><table class="has-fixed-layout"><thead>')
    for h in head_rows:
        A(h)
    A('</thead><tbody>')
    for label, cells in body:
        texts, cl = cells_of(cells)
        A(f'<tr><td><strong>{label}</strong></td>' + "".join(f"<td>{m(t)}</td>" for t in texts) + '</tr>',
          claims=[(mt(x[0]), x[1], x[2]) for x in cl])
    A('</tbody></table>' + (f'<figcaption class="wp-element-caption">{caption}</figcaption>' if caption else '') + '</figure>')
    A('<!-- /wp:table -->')


A('<!DOCTYPE html>')
A('<html lang="es-MX">')
A('<head>')
A('<meta charset="UTF-8">')
A('<meta name="viewport" content="width=device-width, initial-scale=1">')
A('<title>Atención paso a paso (con calculadora) &#8211; Código y Café</title>')
A('<meta name="robots" content="max-image-preview:large">')
A("<link rel='stylesheet' id='wp-block-library-css' href='https://codigoycafe.mx/wp-includes/css/dist/block-library/style.min.css?ver=6.5.3' media='all' />", nots=["6.5"])
A("<link rel='stylesheet' id='astra-theme-css-css' href='https://codigoycafe.mx/wp-content/themes/astra/assets/css/minified/main.min.css?ver=4.6.14' media='all' />", nots=["4.6"])
A('<meta name="generator" content="WordPress 6.5.3" />', nots=["6.5"])
A('</head>')
A('<body itemtype="https://schema.org/Blog" itemscope="itemscope" class="post-template-default single single-post postid-1287 single-format-standard wp-custom-logo ast-desktop ast-separate-container ast-right-sidebar astra-4.6.14">')
A('<a class="skip-link screen-reader-text" href="#content" title="Ir al contenido">Ir al contenido</a>')
A('<div class="hfeed site" id="page">')
A('<header class="site-header header-main-layout-1 ast-primary-menu-enabled ast-logo-title-inline ast-hide-custom-menu-mobile ast-builder-menu-toggle-icon ast-mobile-header-inline" id="masthead" itemtype="https://schema.org/WPHeader" itemscope="itemscope" itemid="#masthead">'
  '<div class="site-branding ast-site-identity"><span class="site-title" itemprop="name"><a href="https://codigoycafe.mx/" rel="home" itemprop="url">Código y Café</a></span></div>'
  '<nav class="site-navigation ast-flex-grow-1 navigation-accessibility site-header-focus-item" id="primary-site-navigation-desktop" aria-label="Navegación del sitio"><ul id="ast-hf-menu-1" class="main-header-menu ast-menu-shadow ast-nav-menu ast-flex submenu-with-border stack-on-mobile">'
  '<li id="menu-item-12" class="menu-item menu-item-type-custom menu-item-object-custom menu-item-home menu-item-12"><a href="https://codigoycafe.mx/" class="menu-link">Inicio</a></li>'
  '<li id="menu-item-58" class="menu-item menu-item-type-taxonomy menu-item-object-category current-post-ancestor menu-item-58"><a href="https://codigoycafe.mx/category/ia/" class="menu-link">IA</a></li></ul></nav></header>')
A('<div id="content" class="site-content"><div class="ast-container"><div id="primary" class="content-area primary"><main id="main" class="site-main">')
A('<article class="post-1287 post type-post status-publish format-standard hentry category-ia tag-atencion tag-transformers ast-article-single" id="post-1287" itemtype="https://schema.org/CreativeWork" itemscope="itemscope">')
A('<div class="ast-post-format- single-layout-1"><header class="entry-header"><h1 class="entry-title" itemprop="headline">Atención paso a paso (con calculadora)</h1>'
  '<div class="entry-meta"><span class="posted-on"><span class="published" itemprop="datePublished">12 de febrero de 2024</span></span> / <span class="posted-by vcard author" itemtype="https://schema.org/Person" itemscope="itemscope" itemprop="author"><a title="Ver todas las entradas de Mariana" href="https://codigoycafe.mx/author/mariana/" rel="author" class="url fn n" itemprop="url"><span class="author-name" itemprop="name">Mariana</span></a></span> / <span class="ast-comment-data"><a href="#comments">2 comentarios</a></span></div></header>',
  nots=["12", "2024", "2"])
A('<div class="entry-content clear" itemprop="text">')
A('<!-- wp:paragraph -->')
A('<p>En clase me pidieron un ejemplo que se pudiera seguir <em>con calculadora</em>, redondeando en cada paso como uno lo haría en el cuaderno. Aquí va, con la frase «ella canta bien», vectores de 3 componentes y una sola cabeza de tamaño 2.</p>', nots=["3", "2"])
A('<!-- /wp:paragraph -->')
A('<!-- wp:heading -->')
A('<h2 class="wp-block-heading">Los datos</h2>')
A('<!-- /wp:heading -->')
fig(['<tr><th>palabra</th><th>x<sub>1</sub></th><th>x<sub>2</sub></th><th>x<sub>3</sub></th></tr>'],
    [(t, r) for t, r in zip(toks, Xs)], "Tabla 1. Los embeddings de entrada.")
fig(['<tr><th rowspan="2">fila</th><th colspan="2">W<sub>Q</sub></th><th colspan="2">W<sub>K</sub></th><th colspan="2">W<sub>V</sub></th></tr>',
     '<tr><th>1</th><th>2</th><th>1</th><th>2</th><th>1</th><th>2</th></tr>'],
    [(f"{i + 1}", Wqs[i] + Wks[i] + Wvs[i]) for i in range(3)], "Tabla 2. Las tres matrices de pesos (3 × 2).")
A('<!-- wp:heading -->')
A('<h2 class="wp-block-heading">Paso 1: Q, K y V</h2>')
A('<!-- /wp:heading -->')
A(f'<p><strong>1.</strong> Cada fila de X por cada matriz. Por ejemplo, q(ella)<sub>1</sub> = 0.9&nbsp;×&nbsp;0.6 + (&minus;0.3)&nbsp;×&nbsp;(&minus;0.4) + 0.4&nbsp;×&nbsp;0.3 = <strong>{Qt[0][0]}</strong>.</p>',
  claims=[(Qt[0][0], "Q[ella][1]", "correct")], opts=["0.9", "0.6", "\u22120.3", "\u22120.4", "0.4", "0.3"], nots=["1."])
fig(['<tr><th rowspan="2">palabra</th><th colspan="2">Q</th><th colspan="2">K</th><th colspan="2">V</th></tr>',
     '<tr><th>1</th><th>2</th><th>1</th><th>2</th><th>1</th><th>2</th></tr>'],
    [(t, [(Qt[i][k], f"Q[{t}][{k + 1}]", "correct") for k in range(2)] + [(Kt[i][k], f"K[{t}][{k + 1}]", "correct") for k in range(2)]
      + [(Vt[i][k], f"V[{t}][{k + 1}]", "correct") for k in range(2)]) for i, t in enumerate(toks)])
A('<!-- wp:heading -->')
A('<h2 class="wp-block-heading">Paso 2: puntajes y escala</h2>')
A('<!-- /wp:heading -->')
A(f'<p><strong>2.</strong> Los productos punto q·k, y luego cada uno dividido entre √2 ≈ <strong>{DIV}</strong> (redondeo a 3 decimales).</p>',
  claims=[(DIV, "sqrt_dk", "correct")], nots=["2.", "2", "3"])
fig(['<tr><th rowspan="2">consulta</th><th colspan="3">q·k</th><th colspan="3">q·k / 1.414</th></tr>',
     '<tr>' + "".join(f"<th>{t}</th>" for t in toks) * 2 + '</tr>'],
    [(t, [(St[i][j], f"scores[{t},{u}]", "correct") for j, u in enumerate(toks)] + [(ch["sc"][i][j], f"scaled[{t},{u}]", "correct") for j, u in enumerate(toks)])
     for i, t in enumerate(toks)])
A('<!-- wp:heading -->')
A('<h2 class="wp-block-heading">Paso 3: softmax a mano</h2>')
A('<!-- /wp:heading -->')
A('<p><strong>3.</strong> Para cada fila: exponencial de cada valor escalado, su suma, y cada exponencial entre la suma.</p>', nots=["3."])
E = [ch["e"][0], e1, ch["e"][2]]
Zs = [ch["z"][0], z1, ch["z"][2]]
Ws = [ch["w"][0], w1, ch["w"][2]]
Cs = [ch["c"][0], c1, ch["c"][2]]
for i, t in enumerate(toks):
    ev = [("wrong" if (i, j) == (1, 2) else "correct") for j in range(3)]
    A(f'<p><em>Fila «{t}»:</em> ' + ", ".join(f"e<sup>{m(ch['sc'][i][j])}</sup> = {E[i][j]}" for j in range(3)) + '; '
      f'suma = {" + ".join(E[i])} = {Zs[i]}; pesos: ' + ", ".join(f"{E[i][j]} / {Zs[i]} = {Ws[i][j]}" for j in range(3)) + '.</p>',
      claims=[(E[i][j], f"exp[{t},{toks[j]}]", ev[j]) for j in range(3)]
      + [(Zs[i], f"expsum[{t}]", "correct" if i != 1 else fate(z1, ch["z"][1]))]
      + [(Ws[i][j], f"weights[{t},{toks[j]}]", "correct" if i != 1 else fate(w1[j], ch["w"][1][j])) for j in range(3)],
      opts=[mt(x) for x in ch["sc"][i]] + E[i] + E[i] + [Zs[i]] * 3)
A('<!-- wp:heading -->')
A('<h2 class="wp-block-heading">Paso 4: la salida</h2>')
A('<!-- /wp:heading -->')
A('<p><strong>4.</strong> Cada salida es la suma de las filas de V multiplicadas por los pesos de su fila.</p>', nots=["4."])
vc = lambda i, k: "correct" if i != 1 else fate(c1[k], ch["c"][1][k])
fig(['<tr><th rowspan="2">palabra</th><th colspan="3">pesos</th><th colspan="2">salida z</th></tr>',
     '<tr>' + "".join(f"<th>{t}</th>" for t in toks) + '<th>1</th><th>2</th></tr>'],
    [(t, [(Ws[i][j], f"weights[{t},{u}]", "correct" if i != 1 else fate(w1[j], ch["w"][1][j])) for j, u in enumerate(toks)]
      + [(Cs[i][k], f"context[{t}][{k + 1}]", vc(i, k)) for k in range(2)]) for i, t in enumerate(toks)],
    "Tabla 5. Pesos de atención y salida de cada palabra.")
A(f'<p>Por ejemplo, z(ella)<sub>1</sub> = {Ws[0][0]}·{Vt[0][0]} + {Ws[0][1]}·{Vt[1][0]} + {Ws[0][2]}·{Vt[2][0]} = <strong>{Cs[0][0]}</strong>.</p>',
  claims=[(Cs[0][0], "context[ella][1]", "correct")], opts=Ws[0] + [Vt[0][0], Vt[1][0], Vt[2][0]])
A('<!-- wp:quote -->')
A('<blockquote class="wp-block-quote"><p>Ojo: en BERT-base el tamaño es d<sub>model</sub> = 768 con 12 cabezas de 64; aquí todo es de juguete.</p></blockquote>', nots=["768", "12", "64"])
A('<!-- /wp:quote -->')
A('<div class="sharedaddy sd-sharing-enabled"><div class="robots-nocontent sd-block sd-social sd-social-icon-text sd-sharing"><h3 class="sd-title">Comparte esto:</h3><div class="sd-content"><ul>'
  '<li class="share-x"><a rel="nofollow noopener noreferrer" data-shared="sharing-x-1287" class="share-x sd-button share-icon" href="https://codigoycafe.mx/2024/02/12/atencion-paso-a-paso/?share=x" target="_blank" title="Haz clic para compartir en X"><span>X</span></a></li>'
  '<li class="share-facebook"><a rel="nofollow noopener noreferrer" data-shared="sharing-facebook-1287" class="share-facebook sd-button share-icon" href="https://codigoycafe.mx/2024/02/12/atencion-paso-a-paso/?share=facebook" target="_blank" title="Haz clic para compartir en Facebook"><span>Facebook</span></a></li></ul></div></div></div>')
A('</div>')
A('</div>')
A('</article>')
A('<div id="comments" class="comments-area comment-form-position-below"><h3 class="comments-title">2 comentarios en «Atención paso a paso (con calculadora)»</h3>', nots=["2"])
A('<ol class="ast-comment-list">')
A('<li class="comment even thread-even depth-1" id="li-comment-412"><article id="comment-412" class="ast-comment"><div class="ast-comment-info"><header class="ast-comment-meta ast-row ast-comment-author vcard capitalize"><div class="ast-comment-cite-wrap ast-col-lg-12"><cite><b class="fn">Rodrigo</b></cite></div>'
  '<div class="ast-comment-time ast-col-lg-12"><span class="timendate"><a href="#comment-412"><time datetime="2024-02-13T09:14:05-06:00">13 de febrero de 2024 a las 9:14 am</time></a></span></div></header></div>'
  '<section class="ast-comment-content comment"><p>¡Muy claro! A mí las filas de pesos me sumaron 0.999 y 1.001, supongo que por el redondeo.</p></section></article></li>', nots=["13", "2024", "9", "14", "0.999", "1.001"])
A('<li class="comment byuser comment-author-mariana bypostauthor odd alt thread-odd thread-alt depth-1" id="li-comment-415"><article id="comment-415" class="ast-comment"><div class="ast-comment-info"><header class="ast-comment-meta ast-row ast-comment-author vcard capitalize"><div class="ast-comment-cite-wrap ast-col-lg-12"><cite><b class="fn">Mariana</b> <span class="ast-highlight-text ast-cmt-post-author">Autor de la entrada</span></cite></div>'
  '<div class="ast-comment-time ast-col-lg-12"><span class="timendate"><a href="#comment-415"><time datetime="2024-02-13T11:40:51-06:00">13 de febrero de 2024 a las 11:40 am</time></a></span></div></header></div>'
  '<section class="ast-comment-content comment"><p>Exacto, Rodrigo. Con 4 decimales la diferencia casi desaparece.</p></section></article></li>', nots=["13", "2024", "11", "40", "4"])
A('</ol>')
A('</div>')
A('</main></div>')
A('<div class="widget-area secondary" id="secondary" itemtype="https://schema.org/WPSideBar" itemscope="itemscope"><div class="sidebar-main"><aside id="block-3" class="widget widget_block widget_recent_entries"><ul class="wp-block-latest-posts__list wp-block-latest-posts">'
  '<li><a class="wp-block-latest-posts__post-title" href="https://codigoycafe.mx/2024/01/28/softmax-sin-miedo/">Softmax sin miedo</a></li><li><a class="wp-block-latest-posts__post-title" href="https://codigoycafe.mx/2024/01/10/embeddings/">¿Qué es un embedding?</a></li></ul></aside></div></div>')
A('</div></div>')
A('<footer class="site-footer" id="colophon" itemtype="https://schema.org/WPFooter" itemscope="itemscope" itemid="#colophon"><div class="ast-small-footer"><div class="ast-footer-copyright"><p>Copyright &copy; 2024 Código y Café | Funciona gracias a <a href="https://wpastra.com" rel="nofollow noopener" target="_blank">Astra WordPress Theme</a></p></div></div></footer>', nots=["2024"])
A('</div>')
A('<div id="cookie-law-info-bar" data-nosnippet="true" style="display:block"><span>Usamos cookies para mejorar tu experiencia. Si sigues navegando, aceptas su uso. <a role="button" data-cli_action="accept" id="cookie_action_close_header" class="medium cli-plugin-button cli-plugin-main-button cookie_action_close_header cli_action_button wt-cli-accept-btn">Aceptar</a></span></div>')
A('</body>')
A('</html>')
d.save()
