"""German Hugo page saved as HTML (MathJax \\( \\) and \\[ \\], chroma-highlighted Julia input, REPL output in a plain
<pre><code> block showing Julia's `3×3 Matrix{Float64}:` display with 6 significant digits aligned on the point). The
author scales the scores by d_k = 3 itself, not by sqrt(d_k), and says so (his course notes do it that way), then a
table of the weights to 4 decimals. Exact rounding."""
import html as H
from pathlib import Path

from w9lib import *

toks = ["Der", "Hund", "bellt"]
Xs = [["0.3", "0.1", "0.6"], ["0.9", "0.4", "0.2"], ["0.5", "0.8", "0.7"]]
Wqs = [["0.4", "-0.2", "0.5"], ["0.1", "0.6", "0.3"], ["0.7", "0.2", "-0.1"]]
Wks = [["0.6", "0.1", "0.2"], ["-0.3", "0.5", "0.4"], ["0.2", "0.3", "0.8"]]
Wvs = [["0.5", "0.2", "0.1"], ["0.3", "0.9", "-0.4"], ["0.1", "0.4", "0.6"]]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S, Sc, E, Z, W, C = sdpa(Q, K, V, scale=mpf(3))
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
Sn = Qn @ Kn.T / 3; Wn = np_softmax(Sn); Cn = Wn @ Vn
agree(Sc, Sn); agree(W, Wn); agree(C, Cn)
n = 3

d = Doc("hugo-julia-dk-de", "html",
        "German Hugo page (MathJax, chroma-highlighted Julia, REPL output with Julia's 3×3 Matrix{Float64} display at "
        "6 significant digits): attention with Wq/Wk/Wv 3 -> 3 over 3 tokens, the scores divided by d_k = 3 (not "
        "sqrt(d_k)), as the author states; weights restated in an HTML table to 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 3), scores divided by d_k = 3 (scale 3, not sqrt 3)",
        script=Path(__file__).name)
A = d
e = H.escape
A("<!DOCTYPE html>")
A('<html lang="de" dir="auto">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>Attention in Julia, ganz ohne Pakete | Notizen aus dem Maschinenraum</title>")
A('<meta name="generator" content="Hugo 0.121.1">', nots=["0.121"])
A('<link rel="stylesheet" href="/assets/css/stylesheet.min.css">')
A("<script>MathJax = { tex: { inlineMath: [['\\\\(', '\\\\)']], displayMath: [['\\\\[', '\\\\]']] } };</script>")
A('<script id="MathJax-script" async src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"></script>')
A("</head>")
A('<body class="list dark">')
A('<main class="main">')
A('<article class="post-single">')
A('<header class="post-header">')
A('<h1 class="post-title">Attention in Julia, ganz ohne Pakete</h1>')
A('<div class="post-meta"><span title="2024-02-11 18:40:00 +0100 CET">11. Februar 2024</span>&nbsp;·&nbsp;4 Min.&nbsp;·&nbsp;Jonas</div>',
  nots=["2024", "11", "4"])
A("</header>")
A('<div class="post-content">')
A("<p>Für die Übung am Donnerstag wollte ich eine Attention-Schicht einmal komplett in der Julia-REPL nachrechnen, "
  "ohne Flux, ohne NNlib. Der Satz ist „Der Hund bellt“, also drei Token mit je drei Zahlen.</p>")
A("<p>Eine Warnung vorweg: Ich teile die Scores durch \\(d_k = 3\\) und <strong>nicht</strong> durch "
  "\\(\\sqrt{d_k}\\). So steht es in meinem alten Vorlesungsskript, und ich lasse es hier bewusst so stehen. "
  "Mit \\(\\sqrt{3}\\) wären die Gewichte etwas weniger flach.</p>", nots=["3"])
A('<h2 id="eingaben">Eingaben</h2>')


def julia_input(lines):
    A('<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-julia" data-lang="julia">'
      '<span class="line"><span class="cl">' + e(lines[0]) + "</span></span>")
    for l in lines[1:]:
        A('<span class="line"><span class="cl">' + e(l) + "</span></span>")
    A("</code></pre></div>")


def jl(M):
    return "[" + "; ".join(" ".join(r) for r in M) + "]"


julia_input([f"X  = {jl(Xs)}   # Zeilen: Der, Hund, bellt",
             f"Wq = {jl(Wqs)}",
             f"Wk = {jl(Wks)}",
             f"Wv = {jl(Wvs)}",
             "d_k = size(Wk, 2)"])
A('<h2 id="q-k-v">Q, K und V</h2>')
A("<p>Die Projektionen sind einfache Matrixprodukte, \\(Q = XW_Q\\), \\(K = XW_K\\), \\(V = XW_V\\):</p>")


def repl(prompt, name, M):
    lines, cells = julia_matrix(M)
    A('<pre tabindex="0"><code>julia&gt; ' + e(prompt))
    A(lines[0])
    for i, l in enumerate(lines[1:]):
        A(e(l), claims=[(cells[i][j], f"{name}[{toks[i]}][{j + 1}]" if "," not in name
                         else name.replace("#", toks[i]).replace("@", toks[j]), "correct") for j in range(len(M[0]))])
    A("</code></pre>")
    return cells


repl("Q = X * Wq", "Q", Q)
repl("K = X * Wk", "K", K)
repl("V = X * Wv", "V", V)
A('<h2 id="scores">Scores, durch d_k geteilt</h2>')
A(f"<p>Von Hand für „Hund“ gegen „bellt“: \\(q_{{Hund}} \\cdot k_{{bellt}} = {lit(S[1][2])}\\), geteilt durch 3 "
  f"gibt das \\({rnd(Sc[1][2], 4)}\\).</p>",
  claims=[(lit(S[1][2]), "scores[Hund,bellt]", "correct"), (rnd(Sc[1][2], 4), "scaled[Hund,bellt]", "correct")],
  nots=["3"])
repl("S = Q * K' ./ d_k", "scaled[#,@]", Sc)
A('<h2 id="softmax">Softmax</h2>')
A("<p>Eine Softmax zeilenweise, selbst geschrieben:</p>")
julia_input(["softmax_rows(M) = exp.(M) ./ sum(exp.(M), dims=2)"])
cw = repl("A = softmax_rows(S)", "weights[#,@]", W)
A("<p>Jede Zeile summiert sich zu 1, <code>sum(A, dims=2)</code> zeigt <code>[1.0; 1.0; 1.0;;]</code>.</p>",
  nots=["1", "1.0"])
A('<h2 id="ausgabe">Ausgabe</h2>')
repl("Z = A * V", "context", C)
A("<p>Zum Vergleich mit dem Übungsblatt habe ich die Gewichte noch auf vier Nachkommastellen gerundet:</p>",
  )
A("<table>")
A("<thead>")
A("<tr><th>Query \\ Key</th>" + "".join(f"<th>{t}</th>" for t in toks) + "</tr>")
A("</thead>")
A("<tbody>")
for i, t in enumerate(toks):
    A(f"<tr><td>{t}</td>" + "".join(f"<td>{rnd(W[i][j], 4)}</td>" for j in range(n)) + "</tr>",
      claims=[(rnd(W[i][j], 4), f"weights[{t},{toks[j]}]", "correct") for j in range(n)])
A("</tbody>")
A("</table>")
jm = max(range(n), key=lambda j: W[2][j])
A(f"<p>„bellt“ schaut also am meisten auf „{toks[jm]}“ (\\({rnd(W[2][jm], 4)}\\)), aber wegen der Division durch "
  "\\(d_k\\) liegen alle drei Gewichte nah bei einem Drittel.</p>",
  claims=[(rnd(W[2][jm], 4), f"weights[bellt,{toks[jm]}]", "correct")])
A("</div>")
A('<footer class="post-footer"><ul class="post-tags"><li><a href="/tags/julia/">Julia</a></li>'
  '<li><a href="/tags/transformer/">Transformer</a></li></ul></footer>')
A("</article>")
A("</main>")
A('<footer class="footer"><span>&copy; 2024 Notizen aus dem Maschinenraum</span> · <span>Powered by Hugo &amp; PaperMod</span></footer>',
  nots=["2024"])
A("</body>")
A("</html>")
d.save()
