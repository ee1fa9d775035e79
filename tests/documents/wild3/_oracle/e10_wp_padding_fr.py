"""French WordPress post (Gutenberg block comments, MathJax \\( \\), wp-block-table cells with &nbsp; and <br>): padding
mask where the 4th key is <pad>: scaled scores, -inf on the pad column, softmax over the 3 real keys, outputs, and
the unmasked row 1 for comparison."""
from pathlib import Path

import numpy as np

from w3lib import *

toks = ["le", "chat", "dort", "&lt;pad&gt;"]
Qs = [["0.7", "0.2"], ["-0.3", "0.9"], ["0.5", "-0.6"]]
Ks = [["0.4", "0.8"], ["1.0", "-0.1"], ["-0.5", "0.3"], ["0.1", "-0.2"]]
Vs = [["0.6", "-0.4"], ["0.2", "1.1"], ["-0.7", "0.5"], ["0.0", "0.0"]]
Q, K, Vm = V(Qs), V(Ks), V(Vs)
r2 = mpmath.sqrt(2)
S = [[dot(Q[i], K[j]) / r2 for j in range(4)] for i in range(3)]
A = [softmax(row[:3] + [None]) for row in S]
O = mm(A, Vm)
Au = softmax(S[0])
Ou = [mpmath.fsum(Au[j] * Vm[j][c] for j in range(4)) for c in range(2)]
Sn = np.array(Qs, float) @ np.array(Ks, float).T / np.sqrt(2)
Sm = Sn.copy(); Sm[:, 3] = -np.inf
An = np.exp(Sm - Sm.max(1, keepdims=True)); An /= An.sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ np.array(Vs, float))

d = Doc("wp-padding-mask-fr", "html",
        "French WordPress article (Gutenberg <!-- wp:... --> comments, MathJax \\( \\) and \\[ \\], wp-block-table "
        "with &nbsp; and <br> inside cells): key padding mask for 'le chat dort <pad>': Q, K, V given, scaled scores, "
        "-inf on the pad column, softmax over the 3 real keys, outputs, and the unmasked first row for comparison",
        "softmax((QK^T)/sqrt(2) + M)V with M = -inf on the padding key; Q, K, V given", "exact", gen=Path(__file__).name)
add = d.add
f4 = lambda v: r(v, 4)
add('<article id="post-1287" class="post-1287 post type-post status-publish format-standard hentry category-ia">', nots=["1287", "1287"])
add('<header class="entry-header"><h1 class="entry-title">Le masque de padding, expliqué avec des chiffres</h1>'
    '<div class="entry-meta">Publié le <time class="entry-date published" datetime="2023-02-21T08:15:00+01:00">21 février 2023</time> par Julie</div></header>',
    nots=["21", "2023"])
add('<div class="entry-content">')
add("<!-- wp:paragraph -->")
add("<p>Quand on regroupe des phrases de longueurs différentes dans un même batch, on complète les plus courtes avec un jeton "
    "<code>&lt;pad&gt;</code>. Le problème : sans précaution, l’attention va quand même « regarder » ce jeton. Voici un exemple "
    "complet avec 4 positions, dont la dernière est du padding.</p>", nots=["4"])
add("<!-- /wp:paragraph -->")
add("<!-- wp:paragraph -->")
add("<p>Les vecteurs \\(q\\), \\(k\\), \\(v\\) sont donnés directement (\\(d_k = 2\\)) :</p>", nots=["2"])
add("<!-- /wp:paragraph -->")
add('<!-- wp:table {"className":"is-style-stripes"} -->')
add('<figure class="wp-block-table is-style-stripes"><table><thead><tr><th>jeton</th><th>\\(q\\)</th><th>\\(k\\)</th><th>\\(v\\)</th></tr></thead><tbody>')
for j in range(4):
    qc = f"({Qs[j][0]}, {Qs[j][1]})" if j < 3 else "—"
    add(f"<tr><td>{toks[j]}</td><td>{qc}</td><td>({Ks[j][0]}, {Ks[j][1]})</td><td>({Vs[j][0]}, {Vs[j][1]})</td></tr>")
add("</tbody></table><figcaption>Tableau 1 – entrées (la requête du padding ne sert à rien, on ne la calcule pas)</figcaption></figure>", nots=["1"])
add("<!-- /wp:table -->")
add("<!-- wp:heading -->")
add("<h2>1. Les scores</h2>")
add("<!-- /wp:heading -->")
add("<!-- wp:paragraph -->")
add(f"<p>\\[ s_{{ij}} = \\frac{{q_i \\cdot k_j}}{{\\sqrt 2}}, \\qquad \\sqrt 2 \\approx {r(r2, 4)} \\]</p>",
    claims=[(r(r2, 4), "sqrt(2)", "correct")], nots=["2", "2"])
add("<!-- /wp:paragraph -->")
add("<!-- wp:table -->")
add('<figure class="wp-block-table"><table><thead><tr><th>&nbsp;</th>' + "".join(f"<th>{t}</th>" for t in toks) + "</tr></thead><tbody>")
for i in range(3):
    add(f"<tr><td><strong>{toks[i]}</strong></td>" + "".join(f"<td>{f4(v)}&nbsp;</td>" for v in S[i]) + "</tr>",
        claims=[(f4(v), f"S/sqrt2[{i}][{j}]", "correct") for j, v in enumerate(S[i])])
add("</tbody></table></figure>")
add("<!-- /wp:table -->")
add("<!-- wp:heading -->")
add("<h2>2. On applique le masque</h2>")
add("<!-- /wp:heading -->")
add("<!-- wp:paragraph -->")
add("<p>Le masque vaut \\(0\\) pour les vrais jetons et \\(-\\infty\\) pour <code>&lt;pad&gt;</code> : "
    "<code>mask = [0, 0, 0, -inf]</code>. Après addition, la dernière colonne vaut \\(-\\infty\\) et \\(e^{-\\infty} = 0\\).</p>",
    nots=["0", "0", "0", "0", "0"])
add("<!-- /wp:paragraph -->")
add("<!-- wp:table -->")
add('<figure class="wp-block-table"><table><thead><tr><th>requête</th><th>poids<br>le</th><th>poids<br>chat</th><th>poids<br>dort</th>'
    "<th>poids<br>&lt;pad&gt;</th><th>sortie<br>\\(z_i\\)</th></tr></thead><tbody>")
for i in range(3):
    add(f"<tr><td>{toks[i]}</td>" + "".join(f"<td>{f4(A[i][j])}</td>" for j in range(3)) + "<td>0</td>"
        f"<td>({f4(O[i][0])},&nbsp;{f4(O[i][1])})</td></tr>",
        claims=[(f4(A[i][j]), f"A[{i}][{j}]", "correct") for j in range(3)] + [(f4(O[i][c]), f"Z[{i}][{c}]", "correct") for c in range(2)],
        opts=["0"])
add("</tbody></table><figcaption>Tableau 2 – poids après masque (chaque ligne fait 1) et sorties \\(z_i = \\sum_j \\alpha_{ij} v_j\\)</figcaption></figure>",
    nots=["2", "1"])
add("<!-- /wp:table -->")
add("<!-- wp:heading -->")
add("<h2>3. Et sans masque ?</h2>")
add("<!-- /wp:heading -->")
add("<!-- wp:paragraph -->")
add(f"<p>Pour la requête <em>le</em>, un softmax sur les 4 colonnes donne \\(({', '.join(f4(v) for v in Au)})\\) : "
    f"{r(Au[3] * 100, 1)} % de l’attention part sur le padding !</p>",
    claims=[(f4(v), f"A_unmasked[0][{j}]", "correct") for j, v in enumerate(Au)]
    + [(r(Au[3] * 100, 1), "pad weight in percent", "correct")], nots=["4"])
add("<!-- /wp:paragraph -->")
add("<!-- wp:paragraph -->")
add(f"<p>Comme ici \\(v_{{pad}} = (0, 0)\\), la sortie devient \\(({f4(Ou[0])}, {f4(Ou[1])})\\) au lieu de "
    f"\\(({f4(O[0][0])}, {f4(O[0][1])})\\) : le vecteur est simplement « rétréci », mais c’est déjà faux.</p>",
    claims=[(f4(Ou[0]), "Z_unmasked[0][0]", "correct"), (f4(Ou[1]), "Z_unmasked[0][1]", "correct")],
    opts=[f4(O[0][0]), f4(O[0][1])], nots=["0", "0"])
add("<!-- /wp:paragraph -->")
add("<!-- wp:paragraph -->")
add("<p>En PyTorch c’est l’argument <code>key_padding_mask</code> de <code>nn.MultiheadAttention</code> (avec <code>True</code> "
    "= position à ignorer). Dans Hugging Face, c’est <code>attention_mask</code> avec 1 = garder, 0 = ignorer.</p>",
    nots=["1", "0"])
add("<!-- /wp:paragraph -->")
add("</div><!-- .entry-content -->")
add('<footer class="entry-footer"><span class="comments-link"><a href="#comments">3 commentaires</a></span></footer>', nots=["3"])
add("</article>")
d.write()
