"""French Quarto page rendered to HTML: le, chat, dort as <th> row labels; tables in the prose with decimal commas
(0,4821), the Python cell's printed output with points; d_model 3, d_k 3, /sqrt(3); LayerNorm without eps; FFN
3 -> 4; head over 4 words, target '.'. Exact, 4 decimals, no slip; stops at the loss."""
from pathlib import Path
from w17lib import *

toks = ["le", "chat", "dort"]; vocab = ["le", "chat", "dort", "."]
kw = dict(target=[3], head_rows=[2], nd=4)
G, c, s, seed = solve(701, (3, 3, 3, 4, 4), **kw)
K = Kit(s, verdict_fn(c, s), namer(toks, vocab, ["dort"]))
cm = lambda t: t.replace(".", ",")
d = Doc("quarto-chat-fr", "html", "French Quarto HTML page: a whole post-LN layer on 'le chat dort', decimal commas in tables, no eps, to the loss",
        "post-LN layer (d_model 3, d_k 3, sqrt scaling, LayerNorm without eps, ReLU FFN 3 -> 4), head over 4 words, target '.'",
        script=Path(__file__).name, comma=True)
A = d
A('<!DOCTYPE html>'); A('<html xmlns="http://www.w3.org/1999/xhtml" lang="fr" xml:lang="fr"><head>')
A('<meta charset="utf-8">'); A('<meta name="generator" content="quarto-1.5.57">', nots=["1.5.57"])
A('<title>Un bloc Transformer calculé à la main – Carnet de Léa</title>')
A('<script src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-chtml-full.js" type="text/javascript"></script>', nots=["3"])
A('</head><body class="fullcontent">'); A('<main class="content" id="quarto-document-content">')
A('<header id="title-block-header" class="quarto-title-block default"><h1 class="title">Un bloc Transformer calculé à la main</h1>')
A('<div class="quarto-title-meta"><div><div class="quarto-title-meta-heading">Date de publication</div><div class="quarto-title-meta-contents"><p class="date">12 avril 2025</p></div></div></div></header>', nots=["12", "2025"])
A('<section id="introduction" class="level2"><h2 class="anchored" data-anchor-id="introduction">Introduction</h2>')
A('<p>On suit la phrase « le chat dort » à travers un bloc complet : attention, addition et normalisation, réseau feed-forward, puis la couche de sortie. Dimension <span class="math inline">\\(d_{model} = 3\\)</span>.</p>', nots=["3"])
A('</section>')
A('<section id="donnees" class="level2"><h2 class="anchored">Les données</h2>')
A('<div class="cell"><div class="sourceCode cell-code" id="cb1"><pre class="sourceCode python code-with-copy"><code class="sourceCode python">')
A('<span id="cb1-1"><span class="im">import</span> numpy <span class="im">as</span> np</span>')
for k, (nm, M) in enumerate((("X", G["X"]), ("Wq", G["Wq"]), ("Wk", G["Wk"]), ("Wv", G["Wv"]))):
    A(f'<span id="cb1-{k + 2}">{nm} <span class="op">=</span> np.array({[[float(x) for x in r] for r in M]})</span>')
A('</code></pre></div></div>')
A('</section>')
A('<section id="attention" class="level2"><h2 class="anchored">Attention</h2>')
A('<p>Les requêtes, clés et valeurs (une ligne par mot) :</p>')
for stp in ("Q", "K", "V"):
    A(f'<p><strong>{stp}</strong></p>'); emit(A, K, stp, toks, "html", head=["1", "2", "3"], fmt=cm)
t, cl = K.one("div", fmt=cm)
A(f'<p>On divise les produits scalaires par √3 ≈ {t}, puis on applique softmax ligne par ligne :</p>', claims=cl, nots=["3"])
emit(A, K, "Sc", toks, "html", head=toks, fmt=cm)
emit(A, K, "W", toks, "html", head=toks, fmt=cm)
A('<p>Sortie de l’attention :</p>')
emit(A, K, "C", toks, "html", head=["1", "2", "3"], fmt=cm)
A('</section>')
A('<section id="addnorm" class="level2"><h2 class="anchored">Addition et normalisation</h2>')
A('<p>On ajoute l’entrée, puis LayerNorm sans ε (variance biaisée, divisée par 3) :</p>', nots=["3"])
emit(A, K, "R1", toks, "html", head=["1", "2", "3"], fmt=cm)
emit(A, K, [("mu1", 0), ("var1", 0), ("std1", 0)], toks, "html", head=["moyenne", "variance", "écart-type"], fmt=cm)
emit(A, K, "N1", toks, "html", head=["1", "2", "3"], fmt=cm)
A('</section>')
A('<section id="ffn" class="level2"><h2 class="anchored">Réseau feed-forward</h2>')
A(f'<p>W1 = {[[float(x) for x in r] for r in G["W1"]]}, b1 = {[float(x) for x in G["b1"]]}</p>')
A(f'<p>W2 = {[[float(x) for x in r] for r in G["W2"]]}, b2 = {[float(x) for x in G["b2"]]}</p>')
A('<p>Couche cachée avant ReLU, puis après :</p>')
emit(A, K, "H", toks, "html", head=["1", "2", "3", "4"], fmt=cm)
emit(A, K, "A", toks, "html", head=["1", "2", "3", "4"], fmt=cm)
A('<p>Deuxième addition et normalisation :</p>')
emit(A, K, "R2", toks, "html", head=["1", "2", "3"], fmt=cm)
emit(A, K, "N2", toks, "html", head=["1", "2", "3"], fmt=cm)
A('</section>')
A('<section id="sortie" class="level2"><h2 class="anchored">Couche de sortie</h2>')
A(f'<p>W_out = {[[float(x) for x in r] for r in G["Wout"]]} ; le mot suivant attendu après « dort » est « . ».</p>')
A('<div class="cell"><div class="sourceCode cell-code"><pre class="sourceCode python"><code class="sourceCode python">')
A('<span id="cb2-1">logits <span class="op">=</span> N2[<span class="op">-</span><span class="dv">1</span>] <span class="op">@</span> W_out</span>', nots=["1"])
A('<span id="cb2-2">p <span class="op">=</span> np.exp(logits) <span class="op">/</span> np.exp(logits).<span class="bu">sum</span>()</span>')
A('<span id="cb2-3"><span class="bu">print</span>(np.<span class="bu">round</span>(logits, <span class="dv">4</span>), np.<span class="bu">round</span>(p, <span class="dv">4</span>))</span>', nots=["4", "4"])
A('</code></pre></div>')
lg = [str(round(float(x), 4)) for x in s.f64["G"][0]]
pp = [str(round(float(x), 4)) for x in s.f64["P"][0]]
with np.printoptions():
    out_line = str(np.round(s.f64["G"][0], 4)) + " " + str(np.round(s.f64["P"][0], 4))
nums = NUMTOK.findall(out_line)
cl = []
for j, t in enumerate(nums[:4]):
    assert Decimal(t) == Decimal(trim(rnd(s.ex["G"][0][j], 4))); cl.append((tidy(t), K.q("G", 0, j), "correct"))
for j, t in enumerate(nums[4:]):
    assert Decimal(t) == Decimal(trim(rnd(s.ex["P"][0][j], 4))); cl.append((tidy(t), K.q("P", 0, j), "correct"))
A('<div class="cell-output cell-output-stdout"><pre><code>' + out_line + '</code></pre></div></div>', claims=cl)
p, _ = K.one("P", 0, 3, fmt=cm); l, cl = K.one("LS", fmt=cm)
A(f'<p>Perte d’entropie croisée : <span class="math inline">\\(L = -\\ln {p} = {l}\\)</span>.</p>', claims=cl, opts=[p])
A('</section>'); A('</main>'); A('</body></html>')
d.save()
