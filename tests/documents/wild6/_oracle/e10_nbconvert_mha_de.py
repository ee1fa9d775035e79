"""German Jupyter notebook exported with nbconvert's classic HTML template (cells as <div class="cell border-box-sizing
code_cell rendered">, In&nbsp;[n]: prompts, pygments spans in the input, outputs in <div class="output_area"> ...
<pre>tensor(...)</pre>): two-head self-attention in PyTorch, d_model = 4, two heads of d_k = 2 taken as column
blocks of Wq, Wk, Wv, per-head weights and outputs, concatenation, W_o."""
from pathlib import Path

from w6lib import *

toks = ["Der", "Hund", "bellt"]
Xs = [["0.5", "-0.2", "0.8", "0.1"], ["-0.3", "0.9", "0.2", "0.6"], ["0.7", "0.4", "-0.5", "0.3"]]
Wq = [["0.3", "-0.5", "0.2", "0.6"], ["0.8", "0.1", "-0.4", "0.3"], ["-0.2", "0.7", "0.5", "-0.1"], ["0.4", "0.2", "0.3", "0.9"]]
Wk = [["0.6", "0.2", "-0.3", "0.4"], ["-0.1", "0.5", "0.7", "0.2"], ["0.3", "-0.4", "0.1", "0.8"], ["0.5", "0.3", "0.6", "-0.2"]]
Wv = [["0.2", "0.7", "-0.1", "0.5"], ["0.4", "-0.3", "0.6", "0.1"], ["-0.5", "0.2", "0.3", "0.7"], ["0.1", "0.6", "-0.4", "0.2"]]
Wo = [["0.5", "-0.2", "0.3", "0.1"], ["0.1", "0.6", "-0.3", "0.4"], ["-0.3", "0.2", "0.7", "0.3"], ["0.3", "0.1", "0.2", "-0.7"]]
X = mat(Xs)
Q, K, V = mm(X, mat(Wq)), mm(X, mat(Wk)), mm(X, mat(Wv))
heads = []
for h in range(2):
    cols = slice(2 * h, 2 * h + 2)
    heads.append(sdpa([r[cols] for r in Q], [r[cols] for r in K], [r[cols] for r in V]))
C = [heads[0][5][i] + heads[1][5][i] for i in range(3)]
Y = mm(C, mat(Wo))
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wq, Wk, Wv))
Hn = []
for h in range(2):
    s_ = slice(2 * h, 2 * h + 2)
    Wn = np_softmax(Qn[:, s_] @ Kn[:, s_].T / np.sqrt(2)); Hn.append((Wn, Wn @ Vn[:, s_]))
Cn = np.concatenate([Hn[0][1], Hn[1][1]], 1); Yn = Cn @ np.array(Wo, float)
agree(heads[0][4], Hn[0][0]); agree(heads[1][4], Hn[1][0]); agree(C, Cn); agree(Y, Yn)

d = Doc("nbconvert-mha-de", "html",
        "German Jupyter notebook exported with nbconvert's classic HTML template (In&nbsp;[n]: prompts, pygments spans, "
        "output_area divs with <pre>tensor(...)</pre>): two-head self-attention in PyTorch, d_model = 4, heads of d_k = 2 "
        "as column blocks of Wq, Wk, Wv; Q, K, V, each head's weights and output, the concatenation, the output "
        "projection W_o",
        "2-head attention: head h uses columns 2h-1..2h of Wq, Wk, Wv, softmax(Q_h K_h^T / sqrt(2)) V_h, "
        "concat, times Wo",
        script=Path(__file__).name)
A = d
n_in = [0]


def md(html_lines):
    A('<div class="cell border-box-sizing text_cell rendered"><div class="prompt input_prompt">')
    A('</div><div class="inner_cell">')
    A('<div class="text_cell_render border-box-sizing rendered_html">')
    for item in html_lines:
        if isinstance(item, tuple):
            A(item[0], **item[1])
        else:
            A(item)
    A("</div>")
    A("</div>")
    A("</div>")


def code(src_lines, out=None, stream=False):
    n_in[0] += 1
    n = n_in[0]
    A('<div class="cell border-box-sizing code_cell rendered">')
    A('<div class="input">')
    A(f'<div class="prompt input_prompt">In&nbsp;[{n}]:</div>', nots=[str(n)])
    A('<div class="inner_cell">')
    A('    <div class="input_area">')
    A('<div class=" highlight hl-ipython3"><pre><span></span>' + src_lines[0])
    for s in src_lines[1:]:
        A(s)
    A("</pre></div>")
    A("")
    A("    </div>")
    A("</div>")
    A("</div>")
    if out:
        A("")
        A('<div class="output_wrapper">')
        A('<div class="output">')
        A("")
        A('<div class="output_area">')
        A("")
        if stream:
            A('    <div class="prompt"></div>')
            A("")
            A('<div class="output_subarea output_stream output_stdout output_text">')
        else:
            A(f'    <div class="prompt output_prompt">Out[{n}]:</div>', nots=[str(n)])
            A("")
            A('<div class="output_text output_subarea output_execute_result">')
        for k, (ln, cl) in enumerate(out):
            A(("<pre>" if k == 0 else "") + ln + ("</pre>" if k == len(out) - 1 else ""), claims=cl)
        A("</div>")
        A("")
        A("</div>")
        A("")
        A("</div>")
        A("</div>")
    A("")
    A("</div>")


def tout(M_, qty, cols=None, prefix="tensor("):
    lines, vals = torch_lines(M_, 4, prefix=prefix)
    res = []
    for i, ln in enumerate(lines):
        res.append((html.escape(ln, quote=False), [(vals[i][j], f"{qty}[{toks[i]},{cols[j]}]" if cols else
                                                     f"{qty}[{toks[i]}][{j + 1}]", "correct")
                                                    for j in range(len(vals[i]))]))
    return res


sp = lambda cls, s: f'<span class="{cls}">{s}</span>'


def pyrow(name, rows):
    out = [f'{sp("n", name)} {sp("o", "=")} {sp("n", "torch")}{sp("o", ".")}{sp("n", "tensor")}{sp("p", "([")}']
    for r in rows:
        out.append("    " + sp("p", "[") + (sp("p", ", ")).join(
            (sp("o", "-") + sp("mf", v[1:])) if v.startswith("-") else sp("mf", v) for v in r) + sp("p", "],"))
    out.append(sp("p", "])"))
    return out


A("<!DOCTYPE html>")
A("<html>")
A("<head><meta charset=\"utf-8\" />")
A('<meta name="viewport" content="width=device-width, initial-scale=1.0">')
A("<title>02_multihead_von_hand</title>")
A('<script src="https://cdnjs.cloudflare.com/ajax/libs/require.js/2.1.10/require.min.js"></script>', nots=["2.1.10"])
A("</head>")
A("<body>")
A('  <div tabindex="-1" id="notebook" class="border-box-sizing">')
A('    <div class="container" id="notebook-container">')
A("")
md(['<h1 id="Multi-Head-Attention-von-Hand">Multi-Head-Attention von Hand<a class="anchor-link" '
    'href="#Multi-Head-Attention-von-Hand">&#182;</a></h1>',
    ("<p>Übungsblatt 6, Aufgabe 2. Wir rechnen zwei Köpfe mit $d_{model} = 4$ und $d_k = 2$ für den Satz "
     "<em>Der Hund bellt</em>. Kopf 1 benutzt die Spalten 1–2 von $W_Q, W_K, W_V$, Kopf 2 die Spalten 3–4.</p>",
     dict(nots=["6", "2", "4", "2", "1", "1", "2", "2", "3", "4"]))])
code([sp("kn", "import") + " " + sp("nn", "torch"), sp("n", "torch") + sp("o", ".") + sp("n", "set_printoptions") +
      sp("p", "(") + sp("n", "precision") + sp("o", "=") + sp("mi", "4") + sp("p", ")")])
code(pyrow("X", Xs) + pyrow("W_q", Wq) + pyrow("W_k", Wk) + pyrow("W_v", Wv) + pyrow("W_o", Wo))
code([f'{sp("n", "Q")}{sp("p", ",")} {sp("n", "K")}{sp("p", ",")} {sp("n", "V")} {sp("o", "=")} '
      f'{sp("n", "X")} {sp("o", "@")} {sp("n", "W_q")}{sp("p", ",")} {sp("n", "X")} {sp("o", "@")} {sp("n", "W_k")}'
      f'{sp("p", ",")} {sp("n", "X")} {sp("o", "@")} {sp("n", "W_v")}',
      sp("nb", "print") + sp("p", "(") + sp("n", "Q") + sp("p", ")"),
      sp("nb", "print") + sp("p", "(") + sp("n", "K") + sp("p", ")"),
      sp("nb", "print") + sp("p", "(") + sp("n", "V") + sp("p", ")")],
     out=tout(Q, "Q") + tout(K, "K") + tout(V, "V"), stream=True)
md(['<h2 id="Die-beiden-K&#246;pfe">Die beiden Köpfe<a class="anchor-link" href="#Die-beiden-K&#246;pfe">&#182;</a></h2>',
    "<p>Für jeden Kopf: Skalarprodukte, durch $\\sqrt{2}$ teilen, Softmax zeilenweise, dann mit $V_h$ "
    "gewichten.</p>"])
code([sp("k", "def") + " " + sp("nf", "kopf") + sp("p", "(") + sp("n", "h") + sp("p", "):"),
      "    " + sp("n", "s") + " " + sp("o", "=") + " " + sp("nb", "slice") + sp("p", "(") + sp("mi", "2") + sp("o", "*") +
      sp("n", "h") + sp("p", ", ") + sp("mi", "2") + sp("o", "*") + sp("n", "h") + " " + sp("o", "+") + " " + sp("mi", "2") +
      sp("p", ")"),
      "    " + sp("n", "w") + " " + sp("o", "=") + " " + sp("n", "torch") + sp("o", ".") + sp("n", "softmax") + sp("p", "(") +
      sp("n", "Q") + sp("p", "[:, ") + sp("n", "s") + sp("p", "]") + " " + sp("o", "@") + " " + sp("n", "K") + sp("p", "[:, ") +
      sp("n", "s") + sp("p", "]") + sp("o", ".") + sp("n", "T") + " " + sp("o", "/") + " " + sp("mi", "2") + " " +
      sp("o", "**") + " " + sp("mf", "0.5") + sp("p", ", ") + sp("n", "dim") + sp("o", "=-") + sp("mi", "1") + sp("p", ")"),
      "    " + sp("k", "return") + " " + sp("n", "w") + sp("p", ", ") + sp("n", "w") + " " + sp("o", "@") + " " +
      sp("n", "V") + sp("p", "[:, ") + sp("n", "s") + sp("p", "]"),
      "",
      sp("n", "w1") + sp("p", ", ") + sp("n", "o1") + " " + sp("o", "=") + " " + sp("n", "kopf") + sp("p", "(") +
      sp("mi", "0") + sp("p", ")"),
      sp("n", "w1")],
     out=tout(heads[0][4], "h1.weights", cols=toks))
code([sp("n", "o1")], out=tout(heads[0][5], "h1.context"))
code([sp("n", "w2") + sp("p", ", ") + sp("n", "o2") + " " + sp("o", "=") + " " + sp("n", "kopf") + sp("p", "(") +
      sp("mi", "1") + sp("p", ")"), sp("n", "w2")], out=tout(heads[1][4], "h2.weights", cols=toks))
code([sp("n", "o2")], out=tout(heads[1][5], "h2.context"))
F = lambda v: rnd(v, 4, guard=2e-6)
md([("<p>Beobachtung: <em>bellt</em> gibt <em>Hund</em> in Kopf 1 das Gewicht " + F(heads[0][4][2][1]) +
     ", in Kopf 2 das Gewicht " + F(heads[1][4][2][1]) + ". Die Köpfe verteilen ihre Aufmerksamkeit also verschieden.</p>",
     dict(claims=[(F(heads[0][4][2][1]), "h1.weights[bellt,Hund]", "correct"),
                  (F(heads[1][4][2][1]), "h2.weights[bellt,Hund]", "correct")], nots=["1", "2"])),
    '<h2 id="Konkatenation-und-$W_O$">Konkatenation und $W_O$<a class="anchor-link" '
    'href="#Konkatenation-und-$W_O$">&#182;</a></h2>'])
code([sp("n", "concat") + " " + sp("o", "=") + " " + sp("n", "torch") + sp("o", ".") + sp("n", "cat") + sp("p", "([") +
      sp("n", "o1") + sp("p", ", ") + sp("n", "o2") + sp("p", "], ") + sp("n", "dim") + sp("o", "=-") + sp("mi", "1") +
      sp("p", ")"), sp("n", "concat")], out=tout(C, "concat"))
code([sp("n", "out") + " " + sp("o", "=") + " " + sp("n", "concat") + " " + sp("o", "@") + " " + sp("n", "W_o"),
      sp("n", "out")], out=tout(Y, "attn_out"))
md([("<p>Die erste Zeile, also das Ergebnis für <em>Der</em>, ist (" + ", ".join(F(v) for v in Y[0]) + "). "
     "Nächste Woche: dasselbe mit <code>nn.MultiheadAttention</code> und dem Vergleich der Gewichte.</p>",
     dict(claims=[(F(Y[0][m]), f"attn_out[Der][{m + 1}]", "correct") for m in range(4)]))])
A("    </div>")
A("  </div>")
A("</body>")
A("</html>")
d.save()
