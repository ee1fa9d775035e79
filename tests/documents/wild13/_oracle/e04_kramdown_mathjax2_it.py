"""Italian Jekyll (minima) post as the site generator writes it with kramdown's math_engine mathjax: every $$…$$ is
a <script type="math/tex; mode=display"> whose TeX keeps the author's line breaks (a matrix one row per line), every
inline formula a <script type="math/tex">; kramdown tables one cell per line. Attention over oggi, piove, forte,
d_model 3 -> d_k 3, divided by 1.7321; chained: scaled = printed score / 1.7321, e^x of the printed scaled value, the
sum of the printed exps, weight = printed exp / printed sum, output = printed weights x V, 4 decimals. No slip."""
from pathlib import Path

from w13lib import *

toks = ["oggi", "piove", "forte"]
Xs = [["0.7", "0.2", "0.5"], ["0.3", "0.8", "0.4"], ["0.6", "0.5", "0.9"]]
Wqs = [["0.4", "0.8", "0.1"], ["0.6", "0.2", "0.7"], ["0.3", "0.5", "0.9"]]
Wks = [["0.9", "0.1", "0.4"], ["0.2", "0.7", "0.5"], ["0.5", "0.3", "0.8"]]
Wvs = [["0.3", "0.6", "0.2"], ["0.8", "0.1", "0.5"], ["0.4", "0.9", "0.7"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))
St = [[rnd(v, 4) for v in r] for r in S]
DIV = rnd(c, 4)
ch = chain_rows(St, DIV, V, nd=4)
chain_close(ch["w"], W); chain_close(ch["c"], C)

d = Doc("kramdown-mathjax2-it", "html",
        "Italian Jekyll minima post generated with kramdown math_engine mathjax: <script type=\"math/tex; mode=display\"> "
        "blocks with one matrix row per line, inline math/tex scripts, kramdown tables; attention over oggi piove forte, "
        "Wq/Wk/Wv 3 -> 3, / 1.7321, chained 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 3), scaled by sqrt(3), over the tokens oggi, piove, forte",
        script=Path(__file__).name, rounding="chained")
A = d


def mtx(name, rows, claim_name=None, pair=False):
    A(f'<script type="math/tex; mode=display">{name} = \\begin{{bmatrix}}')
    for i, r in enumerate(rows):
        end = r" \\" if i < len(rows) - 1 else ""
        cl = []
        if claim_name:
            cl = ([(s, f"{claim_name}[{toks[i]},{toks[j]}]", "correct") for j, s in enumerate(r)] if pair else
                  [(s, f"{claim_name}[{toks[i]}][{k + 1}]", "correct") for k, s in enumerate(r)])
        A("  " + " & ".join(r) + end, claims=cl)
    A(r'\end{bmatrix}</script>')


A('<!DOCTYPE html>')
A('<html lang="it"><head>')
A('<meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge"><meta name="viewport" content="width=device-width, initial-scale=1">')
A('<!-- Begin Jekyll SEO tag v2.8.0 -->', nots=["2.8"])
A('<title>L’attenzione fatta a mano, passo per passo | Appunti di Giulia</title>')
A('<meta name="generator" content="Jekyll v4.3.2">', nots=["4.3"])
A('<meta property="og:locale" content="it_IT">')
A('<meta property="article:published_time" content="2023-11-19T18:30:00+01:00">', nots=["2023"])
A('<!-- End Jekyll SEO tag -->')
A('<link rel="stylesheet" href="/assets/main.css">')
A('<script type="text/x-mathjax-config">MathJax.Hub.Config({ TeX: { equationNumbers: { autoNumber: "none" } }, "HTML-CSS": { linebreaks: { automatic: true } } });</script>')
A('<script type="text/javascript" async src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/MathJax.js?config=TeX-AMS-MML_HTMLorMML"></script>', nots=["2.7"])
A('</head>')
A('<body><header class="site-header" role="banner">')
A('<div class="wrapper"><a class="site-title" rel="author" href="/">Appunti di Giulia</a><nav class="site-nav"><input type="checkbox" id="nav-trigger" class="nav-trigger" />'
  '<label for="nav-trigger"><span class="menu-icon"><svg viewBox="0 0 18 15" width="18px" height="15px"><path d="M18,1.484c0,0.82-0.665,1.484-1.484,1.484H1.484C0.665,2.969,0,2.304,0,1.484l0,0C0,0.665,0.665,0,1.484,0 h15.032C17.335,0,18,0.665,18,1.484L18,1.484z"/></svg></span></label>'
  '<div class="trigger"><a class="page-link" href="/about/">Chi sono</a><a class="page-link" href="/corsi/">Corsi</a></div></nav></div></header>')
A('<main class="page-content" aria-label="Content"><div class="wrapper">')
A('<article class="post h-entry" itemscope itemtype="http://schema.org/BlogPosting">')
A('<header class="post-header"><h1 class="post-title p-name" itemprop="name headline">L’attenzione fatta a mano, passo per passo</h1>')
A('<p class="post-meta"><time class="dt-published" datetime="2023-11-19T18:30:00+01:00" itemprop="datePublished">19 nov 2023</time> • '
  '<span itemprop="author" itemscope itemtype="http://schema.org/Person"><span class="p-author h-card" itemprop="name">Giulia Ferri</span></span></p>', nots=["19", "2023"])
A('</header>')
A('<div class="post-content e-content" itemprop="articleBody">')
A('<p>Per il corso di giovedì ho preparato un esempio minuscolo: tre parole, <em>oggi piove forte</em>, vettori di dimensione 3 e una sola testa. '
  'Niente codice: solo moltiplicazioni, una divisione e qualche esponenziale, con la calcolatrice accanto.</p>', nots=["3"])
A('<h2 id="1-i-dati">1. I dati</h2>')
A('<p>Le righe di <script type="math/tex">X</script> sono, nell’ordine, <em>oggi</em>, <em>piove</em> e <em>forte</em>:</p>')
mtx("X", Xs)
mtx("W_Q", Wqs)
mtx("W_K", Wks)
mtx("W_V", Wvs)
A('<h2 id="2-query-chiavi-valori">2. Query, chiavi e valori</h2>')
A('<p>Moltiplico ogni riga di <script type="math/tex">X</script> per le tre matrici:</p>')
mtx("Q = XW_Q", Qt, "Q")
mtx("K = XW_K", Kt, "K")
mtx("V = XW_V", Vt, "V")
A('<h2 id="3-punteggi">3. Punteggi e scala</h2>')
A(f'<p>Per esempio <script type="math/tex">q_{{oggi}} \\cdot k_{{piove}} = {Qt[0][0]} \\cdot {Kt[1][0]} + {Qt[0][1]} \\cdot {Kt[1][1]} + {Qt[0][2]} \\cdot {Kt[1][2]} = {St[0][1]}</script>.</p>',
  claims=[(St[0][1], "scores[oggi,piove]", "correct")], opts=[Qt[0][0], Kt[1][0], Qt[0][1], Kt[1][1], Qt[0][2], Kt[1][2]])
mtx(r"QK^\top", St, "scores", pair=True)
A(f'<p>Con <script type="math/tex">d_k = 3</script> divido tutto per <script type="math/tex">\\sqrt{{3}} \\approx {DIV}</script> e arrotondo a quattro cifre:</p>',
  claims=[(DIV, "sqrt_dk", "correct")], nots=["3"])
A('<table>')
A('  <thead>')
A('    <tr>')
A('      <th> </th>')
for t in toks:
    A(f'      <th>{t}</th>')
A('    </tr>')
A('  </thead>')
A('  <tbody>')
for i, t in enumerate(toks):
    A('    <tr>')
    A(f'      <td><strong>{t}</strong></td>')
    for j, u in enumerate(toks):
        A(f'      <td>{ch["sc"][i][j]}</td>', claims=[(ch["sc"][i][j], f"scaled[{t},{u}]", "correct")])
    A('    </tr>')
A('  </tbody>')
A('</table>')
A('<h2 id="4-softmax">4. Softmax, riga per riga</h2>')
A('<p>Per ogni riga calcolo gli esponenziali dei valori della tabella, la loro somma e i pesi. Lo faccio tutto con i numeri già arrotondati, come si farebbe in aula.</p>')
for i, t in enumerate(toks):
    A(f'<p><strong>Riga <em>{t}</em></strong></p>')
    A('<script type="math/tex; mode=display">' + r" ,\quad ".join(f"e^{{{ch['sc'][i][j]}}} = {ch['e'][i][j]}" for j in range(3)) + '</script>',
      claims=[(ch["e"][i][j], f"exp[{t},{toks[j]}]", "correct") for j in range(3)], opts=ch["sc"][i])
    A('<script type="math/tex; mode=display">' + " + ".join(ch["e"][i]) + f" = {ch['z'][i]}" + '</script>',
      claims=[(ch["z"][i], f"expsum[{t}]", "correct")], opts=ch["e"][i])
    A('<script type="math/tex; mode=display">' + r" ,\quad ".join(rf"\frac{{{ch['e'][i][j]}}}{{{ch['z'][i]}}} = {ch['w'][i][j]}" for j in range(3)) + '</script>',
      claims=[(ch["w"][i][j], f"weights[{t},{toks[j]}]", "correct") for j in range(3)], opts=ch["e"][i] + [ch["z"][i]] * 3)
A('<h2 id="5-uscita">5. L’uscita</h2>')
A('<p>Ogni uscita è la media dei valori pesata con la sua riga di pesi, <script type="math/tex">z_i = \\sum_j \\alpha_{ij} v_j</script>. Per <em>oggi</em>:</p>')
w0 = ch["w"][0]
A('<script type="math/tex; mode=display">z_{oggi} = ' + " + ".join(f"{w0[j]} \\cdot [{', '.join(Vt[j])}]" for j in range(3)) + f" = [{', '.join(ch['c'][0])}]" + '</script>',
  claims=[(ch["c"][0][k], f"context[oggi][{k + 1}]", "correct") for k in range(3)], opts=w0 + [x for r in Vt for x in r])
A('<p>e in tabella:</p>')
A('<table>')
A('  <thead>')
A('    <tr>')
A('      <th>parola</th>')
A('      <th>z (1)</th>', nots=["1"])
A('      <th>z (2)</th>', nots=["2"])
A('      <th>z (3)</th>', nots=["3"])
A('    </tr>')
A('  </thead>')
A('  <tbody>')
for i, t in enumerate(toks):
    A('    <tr>')
    A(f'      <td>{t}</td>')
    for k in range(3):
        A(f'      <td>{ch["c"][i][k]}</td>', claims=[(ch["c"][i][k], f"context[{t}][{k + 1}]", "correct")])
    A('    </tr>')
A('  </tbody>')
A('</table>')
A('<blockquote><p><strong>Nota.</strong> Le somme dei pesi possono venire 0.9999 o 1.0001: è l’effetto degli arrotondamenti, non un errore. '
  'In BERT-base le teste sono 12 e <script type="math/tex">d_k = 64</script>.</p></blockquote>', nots=["0.9999", "1.0001", "12", "64"])
A('</div>')
A('<div id="disqus_thread"></div>')
A('<script>var disqus_config = function () { this.page.url = \'https://giulia-appunti.it/2023/11/19/attenzione-a-mano.html\'; this.page.identifier = \'/2023/11/19/attenzione-a-mano\'; };</script>', nots=["2023"])
A('<a class="u-url" href="/2023/11/19/attenzione-a-mano.html" hidden></a>')
A('</article>')
A('</div></main>')
A('<footer class="site-footer h-card"><data class="u-url" href="/"></data><div class="wrapper"><h2 class="footer-heading">Appunti di Giulia</h2>'
  '<div class="footer-col-wrapper"><div class="footer-col footer-col-1"><ul class="contact-list"><li class="p-name">Giulia Ferri</li><li><a class="u-email" href="mailto:giulia@example.it">giulia@example.it</a></li></ul></div>'
  '<div class="footer-col footer-col-3"><p>Note di un corso di reti neurali, anno accademico 2023/24.</p></div></div></div></footer>', nots=["2023"])
A('</body></html>')
d.save()
