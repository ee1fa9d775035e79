"""Writes the fa-* test documents of real-styles/ and their expect files: every value computed here with mpmath
(50 digits), never with exactformer. Run from this folder's parent: python3 _oracle/fa_make.py"""

from __future__ import annotations

from pathlib import Path

import mpmath as mp

mp.mp.dps = 50
HERE = Path(__file__).resolve().parent.parent


def fmt(x, d: int) -> str:
    s = mp.nstr(mp.mpf(x), 60, strip_zeros=False)
    q = mp.mpf(round(mp.mpf(x) * 10 ** d)) / 10 ** d
    out = f"{float(q):.{d}f}" if abs(q) < 1e6 else s
    return "0." + "0" * d if out in ("-0." + "0" * d,) else out


def matmul(a, b):
    return [[mp.fsum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def transpose(a):
    return [list(r) for r in zip(*a)]


def softmax(row):
    e = [mp.e ** x for x in row]
    s = mp.fsum(e)
    return [x / s for x in e]


def m(rows):
    return [[mp.mpf(str(x)) for x in r] for r in rows]


def toml_claims(claims, header: dict, not_claims=(), optional=()) -> str:
    out = [f"# {header['comment']}"]
    for k in ("description", "model", "rounding", "document"):
        out.append(f'{k} = "{header[k]}"')
    out.append("")
    for line, text, q, verdict in claims:
        out += ["[[claims]]", f"line = {line}", f'text = "{text}"', f'quantity = "{q}"', f'verdict = "{verdict}"', ""]
    for line, text in optional:
        out += ["[[optional_claims]]", f"line = {line}", f'text = "{text}"', ""]
    for line, text in not_claims:
        out += ["[[not_claims]]", f"line = {line}", f'text = "{text}"', ""]
    return "\n".join(out)


def line_of(doc: str, marker: str) -> int:
    for k, row in enumerate(doc.splitlines(), start=1):
        if marker in row:
            return k
    raise KeyError(marker)


# ---- 1. a Hugo page: Chroma-highlighted code (black's layout of np.array), KaTeX rows with a backslash eaten ----
def chroma(code: str) -> str:
    """Python as Hugo's Chroma (monokai) renders it: each number its own span, each line a flex span."""
    import re

    def line(src: str) -> str:
        src = src.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;")
        src = re.sub(r"(#.*)$", r'<span style="color:#75715e">\1</span>', src)
        src = re.sub(r"(?<![\w#])(\d+(?:\.\d+)?)", r'<span style="color:#ae81ff">\1</span>', src)
        src = src.replace(" = ", ' <span style="color:#f92672">=</span> ')
        return f'<span style="display:flex;"><span>{src}\n</span></span>'
    body = "".join(line(x) for x in code.split("\n"))
    return ('<div class="highlight"><pre tabindex="0" style="color:#f8f8f2;background-color:#272822;">'
            f'<code class="language-python" data-lang="python">{body}</code></pre></div>')


def hugo_katex() -> None:
    words = ["Birds", "sing", "loudly"]
    X = m([[1, 0, 1], [0, 2, 1], [1, 1, 0]])
    Wq = m([[0.5, 0.1], [0.2, 0.3], [0.4, 0.6]])
    Wk = m([[0.3, 0.2], [0.1, 0.5], [0.6, 0.4]])
    Wv = m([[0.2, 0.7], [0.5, 0.1], [0.3, 0.3]])
    Q, K, V = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
    S = [[x / mp.sqrt(2) for x in r] for r in matmul(Q, transpose(K))]
    A = [softmax(r) for r in S]
    O = matmul(A, V)

    def arr(name, w):
        rows = "".join(f"        [{', '.join(mp.nstr(x, 3) for x in r)}],\n" for r in w)
        return f"{name} = np.array(\n    [\n{rows}    ]\n)"
    code1 = "\n".join(f"{w:<7}= [{', '.join(str(int(x)) for x in r)}]" for w, r in zip(words, X))
    code2 = "import numpy as np\n\n" + "\n\n".join(arr(n, w) for n, w in (("W_q", Wq), ("W_k", Wk), ("W_v", Wv)))
    code2 += "\n\nQ = X @ W_q\nK = X @ W_k\nV = X @ W_v"
    code3 = "d = Q.shape[1]\nscores = Q @ K.T / np.sqrt(d)\nweights = np.exp(scores) / np.exp(scores).sum(axis=1, keepdims=True)"
    wrows = "\\\n".join(" &amp; ".join(fmt(x, 3) for x in r) for r in A)
    orows = "\\\n".join(" &amp; ".join(fmt(x, 3) for x in r) for r in O)
    doc = f"""<!DOCTYPE html>
<html lang="en-us">
<head>
<meta charset="utf-8">
<meta name="generator" content="Hugo 0.139.0">
<title>Self-attention in three words | notes</title>
<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css">
<script defer src="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/contrib/auto-render.min.js"></script>
</head>
<body><div class="container"><main><h1>Self-attention in three words</h1>
<p>A toy sentence, &ldquo;Birds sing loudly&rdquo;, with three-dimensional embeddings:</p>
{chroma(code1)}<p>The projections are small $3 \\times 2$ matrices, so every query and key has two features:</p>
{chroma(code2)}<p>Scores are scaled by the square root of the key size before the softmax:</p>
{chroma(code3)}<p>Row by row, the weights come out as
$$\\text{{softmax}}\\left(\\frac{{QK^T}}{{\\sqrt{{2}}}}\\right) = \\begin{{bmatrix}}
{wrows}
\\end{{bmatrix}}.$$ So &ldquo;loudly&rdquo; looks at &ldquo;sing&rdquo; most ({fmt(A[2][1], 3)}).</p>
<p>Mixing the values with these weights gives $$\\text{{out}} = \\begin{{bmatrix}}
{orows}
\\end{{bmatrix}}.$$</p>
<footer><p>Powered by <a href="https://gohugo.io">Hugo</a>.</p></footer>
</main></div></body>
</html>
"""
    (HERE / "fa-hugo-katex-rows.html").write_text(doc, encoding="utf-8")
    first_w = line_of(doc, "\\begin{bmatrix}") + 1
    first_o = line_of(doc, "\\text{out}") + 1
    claims = []
    for i, r in enumerate(A):
        for j, x in enumerate(r):
            claims.append((first_w + i, fmt(x, 3), f"weights[{words[i]},{words[j]}]", "correct"))
    claims.append((line_of(doc, "looks at"), fmt(A[2][1], 3), "weights[loudly,sing] restated", "correct"))
    for i, r in enumerate(O):
        for j, x in enumerate(r):
            claims.append((first_o + i, fmt(x, 3), f"out[{words[i]}][{j + 1}]", "correct"))
    hdr = {"comment": "written by _oracle/fa_make.py (mpmath, 50 digits); no slip",
           "description": "Hugo page: Chroma-highlighted code (a span per number, black's np.array layout), KaTeX bmatrix rows whose \\\\\\\\ lost a backslash",
           "model": "Q = X Wq, K = X Wk, V = X Wv; softmax(QK^T / sqrt(2)) by rows; out = weights V",
           "rounding": "3 decimals", "document": "fa-hugo-katex-rows.html"}
    (HERE / "fa-hugo-katex-rows.expect.toml").write_text(toml_claims(claims, hdr), encoding="utf-8")


# ---- 2. a jemdoc page: the content inside a <head> never closed before it, MathJax 2 \[ \begin{aligned} ----
def jemdoc_pe() -> None:
    words = ["sun", "sets", "late"]
    X = m([[0.3, -0.2, 0.5, 0.1], [0.6, 0.4, -0.1, 0.2], [-0.5, 0.9, 0.2, 0.3]])
    PE = [[mp.sin(p), mp.cos(p), mp.sin(p / mp.mpf(100)), mp.cos(p / mp.mpf(100))] for p in range(3)]
    H = [[a + b for a, b in zip(x, pe)] for x, pe in zip(X, PE)]

    def vec(v, d=None):
        return ", ".join(mp.nstr(x, 2) if d is None else fmt(x, d) for x in v)
    rows_x = " \\\\\n".join(f"  \\mathbf{{x}}_{i} &amp;= \\left[{vec(x)} \\right]^\\top \\quad &amp;&amp;\\text{{({w})}}"
                           for i, (x, w) in enumerate(zip(X, words)))
    rows_p = " \\\\\n".join(f"  \\mathbf{{p}}_{i} &amp;= \\left[{vec(p, 4)} \\right]^\\top \\quad &amp;&amp;\\text{{({w})}}"
                           for i, (p, w) in enumerate(zip(PE, words)))
    rows_h = " \\\\\n".join(f"  \\mathbf{{x}}_{i} + \\mathbf{{p}}_{i} &amp;= \\left[{vec(h, 4)} \\right]^\\top"
                           for i, h in enumerate(H))
    doc = f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN"
  "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">
<head>
<meta name="generator" content="jemdoc, see http://jemdoc.jaboc.net/" />
<meta http-equiv="Content-Type" content="text/html;charset=utf-8" />
<link rel="stylesheet" href="jemdoc.css" type="text/css" />
<title>Positions</title>
<script src='https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.5/latest.js?config=TeX-MML-AM_CHTML' async>
</script>
<table summary="Table for page layout." id="tlayout">
<tr valign="top">
<td id="layout-menu">
<div class="menu-item"><a href="index.html">Home</a></div>
</td>
<td id="layout-content">
<div id="toptitle">
<h1>Sinusoidal positions, by hand</h1>
</div>
<p>Three tokens with embeddings of size \\(d = 4\\), positions \\(i = 0, 1, 2\\):
</p>
<p style="text-align:center">
\\[
\\begin{{aligned}}
{rows_x}
\\end{{aligned}}
\\]
</p><p>With \\(\\omega_0 = 1\\) and \\(\\omega_1 = 1/10000^{{2/4}} = 0.01\\), the sine and cosine pairs give
</p>
<p style="text-align:center">
\\[
\\begin{{aligned}}
{rows_p}
\\end{{aligned}}
\\]
</p><p>and the encoder adds them to the embeddings:
</p>
<p style="text-align:center">
\\[
\\begin{{aligned}}
{rows_h}
\\end{{aligned}}
\\]
</p>
<div id="footer">
<div id="footer-text">
Page generated by <a href="https://github.com/wsshin/jemdoc_mathjax" target="blank">jemdoc+MathJax</a>.
</div>
</div>
</td>
</tr>
</table>
</head>
<body>
</body>
</html>
"""
    (HERE / "fa-jemdoc-pe.html").write_text(doc, encoding="utf-8")
    claims = []
    for i, (p, h) in enumerate(zip(PE, H)):
        lp = line_of(doc, f"\\mathbf{{p}}_{i} &amp;=")
        lh = line_of(doc, f"\\mathbf{{x}}_{i} + \\mathbf{{p}}_{i}")
        claims += [(lp, fmt(x, 4), f"PE[{words[i]}][{j + 1}]", "correct") for j, x in enumerate(p)]
        claims += [(lh, fmt(x, 4), f"x+PE[{words[i]}][{j + 1}]", "correct") for j, x in enumerate(h)]
    hdr = {"comment": "written by _oracle/fa_make.py (mpmath, 50 digits); no slip",
           "description": "jemdoc + MathJax 2 page whose content sits inside a <head> closed only at its end; vectors as \\\\\\\\left[...\\\\\\\\right]^\\\\\\\\top in aligned rows",
           "model": "sinusoidal PE, base 10000, interleaved, d 4, positions 0..2; x + PE",
           "rounding": "4 decimals", "document": "fa-jemdoc-pe.html"}
    omega = line_of(doc, "\\omega_1 = 1/10000")  # ω1 = 1/10000^(2/4) = 0.01: the angle of position 1, dims 3-4
    (HERE / "fa-jemdoc-pe.expect.toml").write_text(toml_claims(claims, hdr, optional=[(omega, "0.01")]),
                                                   encoding="utf-8")


# ---- 3. a page rendered from a notebook: a code block ending in `Q, K, V`, then its tuple of arrays ----
def numpy_repr(name_rows, d: int = 8) -> str:
    rows = [", ".join(fmt(x, d) for x in r) for r in name_rows]
    return "array([[" + "],\n       [".join(rows) + "]])"


def notebook_page() -> None:
    Q = m([[1, 0], [0, 1], [1, 1]])
    K = m([[0.5, 1], [1, 0.5], [1, 1]])
    V = m([[2, 0], [0, 2], [1, 1]])
    S = matmul(Q, transpose(K))
    A = [softmax([x / mp.sqrt(2) for x in r]) for r in S]
    O = matmul(A, V)

    def ints(a, pad):
        return "array([[" + "],\n        [".join(", ".join(f"{mp.nstr(x, 2):>{pad}}" for x in r) for r in a) + "]])"
    tup = "(" + ",\n ".join(ints(a, 3) for a in (Q, K, V)) + ")"

    def code(src):
        return ('<div class="highlight"><pre tabindex="0"><code class="language-python" data-lang="python">'
                + "".join(f'<span style="display:flex;"><span>{x}\n</span></span>' for x in src.split("\n"))
                + "</code></pre></div>")
    doc = f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Attention from given Q, K, V</title></head>
<body><main><article>
<h1 class="post-title">Attention from given Q, K, V</h1>
<div class="post-content">
<p>This post is a notebook: the queries, keys and values are set by hand.</p>
{code("import numpy as np")}
{code("Q = np.array([[1, 0], [0, 1], [1, 1]], dtype=float)<br>K = np.array([[0.5, 1], [1, 0.5], [1, 1]])<br>V = np.array([[2, 0], [0, 2], [1, 1]], dtype=float)".replace("<br>", chr(10)))}
{code("Q, K, V")}<pre><code>{tup}
</code></pre>
<p>Scores, scaled by the square root of the key size, and their softmax by rows:</p>
{code("scores = Q @ K.T" + chr(10) + "scores")}<pre><code>{numpy_repr(S, 1).replace("array([[", "array([[").replace(", ", ", ")}
</code></pre>
{code("weights = np.exp(scores / np.sqrt(2))" + chr(10) + "weights = weights / weights.sum(axis=1, keepdims=True)" + chr(10) + "weights")}<pre><code>{numpy_repr(A)}
</code></pre>
{code("weights @ V")}<pre><code>{numpy_repr(O)}
</code></pre>
</div></article></main></body></html>
"""
    (HERE / "fa-notebook-tuple.html").write_text(doc, encoding="utf-8")
    claims = []
    ls = line_of(doc, "<pre><code>array([[" + fmt(S[0][0], 1))
    for i, r in enumerate(S):
        claims += [(ls + i, fmt(x, 1), f"scores[{i}][{j}]", "correct") for j, x in enumerate(r)]
    la = line_of(doc, "<pre><code>array([[" + fmt(A[0][0], 8))
    for i, r in enumerate(A):
        claims += [(la + i, fmt(x, 8), f"weights[{i}][{j}]", "correct") for j, x in enumerate(r)]
    lo = line_of(doc, "<pre><code>array([[" + fmt(O[0][0], 8))
    for i, r in enumerate(O):
        claims += [(lo + i, fmt(x, 8), f"out[{i}][{j}]", "correct") for j, x in enumerate(r)]
    hdr = {"comment": "written by _oracle/fa_make.py (mpmath, 50 digits); no slip",
           "description": "page rendered from a notebook (Hugo): code blocks, each output in the <pre> after it; a cell ending in Q, K, V prints a tuple of arrays",
           "model": "Q, K, V given; scores = Q K^T; weights = softmax(scores / sqrt(2)) by rows; out = weights V",
           "rounding": "numpy repr, 8 decimals", "document": "fa-notebook-tuple.html"}
    (HERE / "fa-notebook-tuple.expect.toml").write_text(toml_claims(claims, hdr), encoding="utf-8")


# ---- 4. a VitePress page: Shiki spans (a number each, a minus its own span), sections on one line, MathJax 3 as
# SVG with its assistive MathML (no TeX kept) ----
def shiki(code: str) -> str:
    import re

    def tok(t: str) -> str:
        return f'<span style="--shiki-light:#F5A97F;--shiki-dark:#F78C6C;">{t}</span>'

    def line(src: str) -> str:
        out = []
        for piece in re.split(r"( ?-?\d+\.\d+| ?-?\d+)", src):
            if not piece:
                continue
            if re.fullmatch(r" ?-?\d+(?:\.\d+)?", piece):
                if "-" in piece:  # Shiki: the minus an operator span of its own
                    out.append(f'<span style="--shiki-light:#8BD5CA;--shiki-dark:#C792EA;">{piece.split("-")[0]}-</span>')
                    piece = piece.split("-")[1]
                out.append(tok(piece))
            else:
                out.append(f'<span style="--shiki-light:#939AB7;--shiki-dark:#D6DEEB;">{piece}</span>')
        return '<span class="line">' + "".join(out) + "</span>"
    return ('<div class="language-python vp-adaptive-theme"><button title="Copy Code" class="copy"></button>'
            '<span class="lang">python</span><pre class="shiki shiki-themes catppuccin-macchiato night-owl vp-code">'
            "<code>" + "\n".join(line(x) for x in code.split("\n")) + "</code></pre></div>")


def mml(parts: list[str]) -> str:
    """MathJax 3's SVG output: the drawing hidden from readers, the assistive MathML beside it."""
    return ('<mjx-container class="MathJax" jax="SVG"><svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">'
            '<g data-mml-node="math"><path d="M0 0"></path></g></svg><mjx-assistive-mml unselectable="on" '
            'display="inline"><math xmlns="http://www.w3.org/1998/Math/MathML">' + "".join(parts) +
            "</math></mjx-assistive-mml></mjx-container>")


def mn(x: str) -> str:
    return f"<mo>−</mo><mn>{x[1:]}</mn>" if x.startswith("-") else f"<mn>{x}</mn>"


def vitepress() -> None:
    X = m([[1.0, -0.5], [0.5, 1.5], [-1.0, 0.5]])
    Wq = m([[0.5, -0.25], [0.75, 0.5]])
    Wk = m([[-0.5, 1.0], [0.25, 0.5]])
    Wv = m([[1.0, 0.5], [-0.5, 0.25]])
    Q, K, V = matmul(X, Wq), matmul(X, Wk), matmul(X, Wv)
    S = [[x / mp.sqrt(2) for x in r] for r in matmul(Q, transpose(K))]
    A = [softmax(r) for r in S]
    O = matmul(A, V)

    def lit(a):
        return "[" + ", ".join("[" + ", ".join(mp.nstr(x, 3) for x in r) + "]" for r in a) + "]"

    def printed(a):
        w = max(len(fmt(x, 4)) for r in a for x in r)
        rows = ["[" + ", ".join(f"{fmt(x, 4):>{w}}" for x in r) + "]" for r in a]
        return "tensor([" + ",\n        ".join(rows) + "])"
    code = "\n".join(f"{n} = torch.tensor({lit(a)})" for n, a in (("X", X), ("W_q", Wq), ("W_k", Wk), ("W_v", Wv)))
    code += "\nQ, K, V = X @ W_q, X @ W_k, X @ W_v"
    q0, k1 = Q[0], K[1]
    dot = mp.fsum(a * b for a, b in zip(q0, k1))
    work = [f"<msub><mi>q</mi><mn>1</mn></msub><mo>·</mo><msub><mi>k</mi><mn>2</mn></msub><mo>=</mo>"]
    terms = [mn(mp.nstr(a, 4)) + "<mo>×</mo>" + (f"<mrow><mo>(</mo>{mn(mp.nstr(b, 4))}<mo>)</mo></mrow>"
                                                  if b < 0 else mn(mp.nstr(b, 4))) for a, b in zip(q0, k1)]
    work.append("<mo>+</mo>".join(terms) + f"<mo>=</mo>{mn(fmt(dot, 4))}")
    frac = [f"<mfrac>{mn(fmt(dot, 4))}<msqrt><mn>2</mn></msqrt></mfrac><mo>=</mo>{mn(fmt(S[0][1], 4))}"]
    body = (f'<h2 id="setup" tabindex="-1">Setup <a class="header-anchor" href="#setup">\u200b</a></h2><p>Three tokens, '
            f'two features each:</p>{shiki(code)}<p>Every score is a dot product; the first query against the second '
            f'key is {mml(work)}, divided by {mml(["<msqrt><mn>2</mn></msqrt>"])} that gives {mml(frac)}.</p>'
            f'<div class="language-python vp-adaptive-theme"><span class="lang">python</span><pre class="shiki"><code>'
            f'<span class="line"><span>scores = Q @ K.T / math.sqrt(2)</span></span>\n<span class="line"><span>print(scores)'
            f'</span></span></code></pre></div>{shiki(printed(S))}<p>Softmax by rows:</p>'
            f'<div class="language-python vp-adaptive-theme"><span class="lang">python</span><pre class="shiki"><code>'
            f'<span class="line"><span>weights = F.softmax(scores, dim=-1)</span></span>\n<span class="line"><span>'
            f'print(weights)</span></span></code></pre></div>{shiki(printed(A))}<p>and the output:</p>'
            f'<div class="language-python vp-adaptive-theme"><span class="lang">python</span><pre class="shiki"><code>'
            f'<span class="line"><span>out = weights @ V</span></span>\n<span class="line"><span>print(out)</span></span>'
            f'</code></pre></div>{shiki(printed(O))}')
    doc = f"""<!DOCTYPE html>
<html lang="en-US" dir="ltr">
  <head>
    <meta charset="utf-8">
    <title>Attention, one number at a time | my notes</title>
    <meta name="generator" content="VitePress v1.5.0">
  </head>
  <body>
    <div id="app"><div class="Layout"><main class="main"><div class="vp-doc"><div><h1 id="attention" tabindex="-1">Attention, one number at a time</h1>{body}</div></div></main></div></div>
  </body>
</html>
"""
    (HERE / "fa-vitepress-mathjax.html").write_text(doc, encoding="utf-8")
    lw = line_of(doc, "<h1 id=")  # the section's one line; each printed row on a line of its own
    claims = [(lw, fmt(dot, 4), "scores[x1,x2] (the dot product's result)", "correct"),
              (lw, fmt(S[0][1], 4), "scaled[x1,x2]", "correct")]
    for name, a in (("scaled", S), ("weights", A), ("out", O)):
        start = line_of(doc, shiki(printed(a)).split("\n")[0])
        for i, r in enumerate(a):
            claims += [(start + i, fmt(x, 4), f"{name}[{i}][{j}]", "correct") for j, x in enumerate(r)]
    hdr = {"comment": "written by _oracle/fa_make.py (mpmath, 50 digits); no slip",
           "description": "VitePress page: Shiki code (a span per number, the minus its own span), a section per line, MathJax 3 SVG with assistive MathML only",
           "model": "Q = X Wq, K = X Wk, V = X Wv; scaled = QK^T / sqrt(2); softmax by rows; out = weights V",
           "rounding": "torch print, 4 decimals", "document": "fa-vitepress-mathjax.html"}
    optional = [(lw, mp.nstr(x, 4)) for x in list(q0) + list(k1)]
    (HERE / "fa-vitepress-mathjax.expect.toml").write_text(toml_claims(claims, hdr, optional=optional),
                                                           encoding="utf-8")


# ---- 5. a Quarto page of a notebook: a causal score matrix printed with its -inf cells, then its softmax ----
def quarto_scores() -> None:
    S = [["0.8123", None, None, None], ["-0.4410", "1.2057", None, None], ["0.3391", "0.0524", "-0.9786", None],
         ["1.5102", "-0.2235", "0.6640", "0.1187"]]
    A = []
    for i, row in enumerate(S):
        e = [mp.e ** mp.mpf(x) for x in row[: i + 1]]
        t = mp.fsum(e)
        A.append([x / t for x in e] + [mp.mpf(0)] * (3 - i))

    def code(src: str) -> str:
        return ('<div class="cell">\n<div class="sourceCode cell-code" id="cb1"><pre class="sourceCode python '
                'code-with-copy"><code class="sourceCode python">' + "\n".join(
                    f'<span id="cb1-{k + 1}"><a href="#cb1-{k + 1}" aria-hidden="true" tabindex="-1"></a>{x}</span>'
                    for k, x in enumerate(src.split("\n"))) + "</code></pre></div>\n")

    def out(text: str) -> str:
        return f'<div class="cell-output cell-output-display">\n<pre><code>{text}</code></pre>\n</div>\n</div>'
    srows = [", ".join(f"{x if x is not None else '-inf':>7}" for x in r) for r in S]
    shown_s = "tensor([[" + "],\n        [".join(srows) + "]])"
    shown_a = "tensor([[" + "],\n        [".join(", ".join(fmt(x, 4) for x in r) for r in A) + "]])"
    doc = f"""<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head>
<meta charset="utf-8">
<meta name="generator" content="quarto-1.4.550">
<title>notes - Masking the future</title>
</head>
<body class="fullcontent">
<main class="content" id="quarto-document-content">
<header id="title-block-header" class="quarto-title-block default">
<div class="quarto-title">
<h1 class="title">Masking the future</h1>
</div>
</header>
<p>A decoder may not look ahead. The scores of a random head, with the future set to minus infinity:</p>
{code("torch.manual_seed(7)" + chr(10) + "wei = q @ k.transpose(-2, -1)" + chr(10) + "wei = wei.masked_fill(tril == 0, float('-inf'))" + chr(10) + "wei")}{out(shown_s)}
<p>Each row then goes through a softmax, so the past shares all of the attention:</p>
{code("wei = F.softmax(wei, dim=-1)" + chr(10) + "wei")}{out(shown_a)}
</main>
</body></html>
"""
    (HERE / "fa-quarto-causal-scores.html").write_text(doc, encoding="utf-8")
    start = line_of(doc, "<pre><code>tensor([[" + fmt(A[0][0], 4))
    claims = []
    for i, r in enumerate(A):
        claims += [(start + i, fmt(x, 4), f"weights[{i}][{j}]" + (" (masked)" if j > i else ""), "correct")
                   for j, x in enumerate(r)]
    hdr = {"comment": "written by _oracle/fa_make.py (mpmath, 50 digits); no slip",
           "description": "Quarto page of a notebook: a causal score matrix printed with -inf cells, then its softmax by rows",
           "model": "weights = softmax of the printed scores by rows, the -inf cells masked (0)",
           "rounding": "torch print, 4 decimals", "document": "fa-quarto-causal-scores.html"}
    (HERE / "fa-quarto-causal-scores.expect.toml").write_text(toml_claims(claims, hdr), encoding="utf-8")


# ---- 6. a Hugo page of a notebook whose softmax sums with no axis (over the whole score matrix) ----
def hugo_global_softmax() -> None:
    Q = m([[1, 0.5], [0.5, 2], [1, 1]])  # (no zero: a 0 among the givens would make a mask worth a try too, and
    K = m([[0.5, 1], [1, -0.5], [-1, 0.5]])  # the reader tries three conventions together only when few)
    S = matmul(Q, transpose(K))
    top = max(x for r in S for x in r)
    total = mp.fsum(mp.e ** (x - top) for r in S for x in r)
    A = [[mp.e ** (x - top) / total for x in r] for r in S]

    def chroma_block(src: str) -> str:
        return ('<div class="highlight"><pre tabindex="0" style="color:#f8f8f2;background-color:#272822;"><code '
                'class="language-python" data-lang="python">' + "".join(
                    f'<span style="display:flex;"><span>{x}\n</span></span>' for x in src.split("\n")) +
                "</code></pre></div>")

    def ints(a):
        return "array([[" + "],\n        [".join(", ".join(f"{mp.nstr(x, 3):>4}" for x in r) for r in a) + "]])"
    tup = "(" + ",\n ".join(ints(a) for a in (Q, K)) + ")"
    printed = "array([[" + "],\n       [".join(", ".join(fmt(x, 8) for x in r) for r in A) + "]])"
    doc = f"""<!DOCTYPE html>
<html lang="en" dir="auto">
<head>
<meta charset="utf-8">
<meta name="generator" content="Hugo 0.125.7">
<title>A softmax, one block at a time | notes</title>
</head>
<body class="" id="top">
<main class="main">
<article class="post-single">
<header class="post-header"><h1 class="post-title entry-hint-parent">A softmax, one block at a time</h1></header>
<div class="post-content"><p>Small integer queries and keys, so that the numbers stay readable.</p>
{chroma_block("Q = np.array([[1, 0.5], [0.5, 2], [1, 1]])" + chr(10) + "K = np.array([[0.5, 1], [1, -0.5], [-1, 0.5]])")}
{chroma_block("Q, K")}<pre><code>{tup}
</code></pre>
<p>The safe softmax subtracts the largest score first:</p>
{chroma_block("def safe_softmax(x):" + chr(10) + "  m = np.max(x)" + chr(10) + "  return np.exp(x - m) / np.sum(np.exp(x - m))")}
{chroma_block("S = np.dot(Q, K.T)" + chr(10) + "P = safe_softmax(S)" + chr(10) + "P")}<pre><code>{printed}
</code></pre>
</div></article></main></body></html>
"""
    (HERE / "fa-hugo-global-softmax.html").write_text(doc, encoding="utf-8")
    start = line_of(doc, "<pre><code>array([[" + fmt(A[0][0], 8))
    claims = []
    for i, r in enumerate(A):
        claims += [(start + i, fmt(x, 8), f"P[{i}][{j}] = exp(S - max) / sum over all nine cells", "correct")
                   for j, x in enumerate(r)]
    hdr = {"comment": "written by _oracle/fa_make.py (mpmath, 50 digits); no slip",
           "description": "Hugo page of a notebook: Q, K printed as a tuple, a safe_softmax summing with no axis applied to S = Q K^T",
           "model": "weights = exp(S - max S) / sum of exp(S - max S) over the whole 3x3 matrix (not by rows); S = Q K^T unscaled",
           "rounding": "numpy repr, 8 decimals", "document": "fa-hugo-global-softmax.html"}
    (HERE / "fa-hugo-global-softmax.expect.toml").write_text(toml_claims(claims, hdr), encoding="utf-8")


if __name__ == "__main__":
    hugo_global_softmax()
    quarto_scores()
    vitepress()
    hugo_katex()
    jemdoc_pe()
    notebook_page()
