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


if __name__ == "__main__":
    hugo_katex()
    jemdoc_pe()
    notebook_page()
