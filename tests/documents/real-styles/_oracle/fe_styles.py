"""Writes the fe-* documents of tests/documents/real-styles and their transcriptions (NAME.expect.toml), in the
styles of real posts and notebooks that work attention by hand. Values come from fractions and mpmath (50 digits),
never from exactformer. Run from the repository root: python tests/documents/real-styles/_oracle/fe_styles.py"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import mpmath

mpmath.mp.dps = 50
OUT = Path(__file__).resolve().parent.parent


def fmt(x, places: int) -> str:
    """x (a Fraction or an mpf) rounded half away from zero to ``places`` decimals, as printed."""
    s = mpmath.nstr(mpmath.mpf(x) if not isinstance(x, F) else mpmath.mpf(x.numerator) / x.denominator, 40,
                    strip_zeros=False)
    v = mpmath.mpf(s)
    q = mpmath.floor(abs(v) * 10 ** places + mpmath.mpf("0.5")) / 10 ** places
    q = -q if v < 0 and q != 0 else q
    return f"{float(q):.{places}f}" if places else str(int(q))


class Doc:
    def __init__(self, name: str, description: str, model: str, rounding: str) -> None:
        self.name, self.lines, self.claims, self.optional, self.nots = name, [], [], [], []
        self.head = (description, model, rounding)

    def add(self, text: str = "") -> int:
        """Append lines; the 1-based number of the first."""
        first = len(self.lines) + 1
        self.lines += text.split("\n")
        return first

    def claim(self, line: int, text: str, quantity: str, verdict: str = "correct") -> None:
        self.claims.append((line, text, quantity, verdict))

    def at(self, marker: str, nth: int = 1) -> int:
        """The line (1-based) of the nth line holding ``marker``."""
        hits = [k + 1 for k, line in enumerate(self.lines) if marker in line]
        return hits[nth - 1]

    def opt(self, line: int, text: str) -> None:
        self.optional.append((line, text))

    def write(self, ext: str, body: str | None = None) -> None:
        (OUT / f"{self.name}.{ext}").write_text(body if body is not None else "\n".join(self.lines) + "\n",
                                              encoding="utf-8")
        d, m, r = self.head
        out = [f"# transcription of {self.name}.{ext}, written by _oracle/fe_styles.py (fractions, mpmath; never "
               "exactformer)", f'description = "{d}"', f'model = "{m}"', f'rounding = "{r}"',
               f'document = "{self.name}.{ext}"', ""]
        for line, text, q, v in self.claims:
            out += ["[[claims]]", f"line = {line}", f'text = "{text}"', f'quantity = "{q}"', f'verdict = "{v}"', ""]
        for line, text in self.optional:
            out += ["[[optional_claims]]", f"line = {line}", f'text = "{text}"', ""]
        for line, text in self.nots:
            out += ["[[not_claims]]", f"line = {line}", f'text = "{text}"', ""]
        (OUT / f"{self.name}.expect.toml").write_text("\n".join(out), encoding="utf-8")


BG = "\\bg_white "  # codecogs' background option, before the formula


def softmax(xs):
    e = [mpmath.exp(mpmath.mpf(x.numerator) / x.denominator if isinstance(x, F) else x) for x in xs]
    s = sum(e)
    return [v / s for v in e]


def percent_lesson() -> None:
    """Inline code spans in bullets, one query, e^x rounded, weights restated as whole percentages."""
    d = Doc("fe-percent-lesson", "course lesson (Markdown, inline code in bullets): one query's scores, scaling by "
            "sqrt(4), e^x, weights, then the weights as whole percentages in a sentence",
            "q1 against k1..k3 given directly (no projections); scores / sqrt(d_k) = / 2; softmax; no mask",
            "2 decimals for e^x, the sum and the weights; whole percents")
    d.add("# Lesson 4: one word's attention\n\nWe follow the word \"dogs\" in the sentence \"dogs chase cats\". "
          "Every word already has a query, a key and a value of 4 numbers.\n")
    q = {"dogs": [1, 0, 1, 0], "chase": [0, 1, 0, 1], "cats": [1, 1, 1, 1]}
    k = {"dogs": [1, 1, 0, 0], "chase": [0, 0, 1, 1], "cats": [1, 0, 1, 0]}
    v = {"dogs": [0, 2, 1, 0], "chase": [1, 0, 0, 2], "cats": [2, 1, 0, 0]}
    for n, w in enumerate(q, start=1):
        d.add(f"**Word {n} (\"{w}\"):**\n- `q{n} = {q[w]}`\n- `k{n} = {k[w]}`\n- `v{n} = {v[w]}`\n")
    d.add("### Step 1: scores\n\nThe query of \"dogs\" against every key:\n")
    scores = []
    for n, w in enumerate(k, start=1):
        s = sum(a * b for a, b in zip(q["dogs"], k[w]))
        scores.append(s)
        terms = " + ".join(f"{a}*{b}" for a, b in zip(q["dogs"], k[w]))
        line = d.add(f"- **\"dogs\" on \"{w}\":** `q1 . k{n} = {q['dogs']} . {k[w]} = {terms} = {s}`")
        d.claim(line, str(s), f"score dogs.{w}")
    line = d.add("\n### Step 2: scale\n\nHere `d_k = 4`, so every score is divided by `sqrt(4) = 2`.\n")
    d.claim(line + 3, "2", "sqrt(d_k) = sqrt(4)")
    scaled = [F(s, 2) for s in scores]
    for s, sc in zip(scores, scaled):
        text = str(sc) if sc.denominator == 1 else fmt(sc, 1)
        line = d.add(f"- `{s} / 2 = {text}`")
        d.claim(line, text, "scaled score")
        d.opt(line, str(s))  # the score and the divisor, restated
        d.opt(line, "2")
    d.add("\n### Step 3: softmax\n")
    exps = [mpmath.exp(mpmath.mpf(sc.numerator) / sc.denominator) for sc in scaled]
    shown = [fmt(e, 2) for e in exps]
    for sc, e in zip(scaled, shown):
        text = str(sc) if sc.denominator == 1 else fmt(sc, 1)
        line = d.add(f"- `e^{text} = {e}`")
        d.claim(line, e, "e^scaled")
    total = sum(F(x) for x in shown)
    line = d.add(f"\nSum = `{' + '.join(shown)} = {fmt(total, 2)}`\n")
    d.claim(line + 1, fmt(total, 2), "sum of the exponentials (of the rounded ones)")
    for e in shown:
        d.opt(line + 1, e)  # the addends, restated
    weights = softmax(scaled)
    for w, e, wt in zip(k, shown, weights):
        line = d.add(f"- **Weight of \"{w}\":** `{e} / {fmt(total, 2)} = {fmt(wt, 2)}`")
        d.claim(line, fmt(wt, 2), f"weight dogs->{w}")
        d.opt(line, e)
        d.opt(line, fmt(total, 2))
    pcts = [fmt(wt * 100, 0) + "%" for wt in weights]
    line = d.add(f"\nSo \"dogs\" spends about {pcts[0]} of its attention on itself, {pcts[1]} on \"chase\" and "
                 f"{pcts[2]} on \"cats\". Dropout would drop 10% of them at random.")
    for w, p in zip(k, pcts):
        d.claim(line + 1, p, f"weight dogs->{w} as a percentage")
    d.write("md")


def codecogs_readme() -> None:
    """Every matrix an equation image on latex.codecogs.com (URL-encoded, \\bg_white first), the numbers drifted."""
    from urllib.parse import quote

    d = Doc("fe-codecogs-readme", "README whose matrices are codecogs equation images (\\\\bg_white, URL-encoded): X, "
            "Wq, Wk, Wv, then Q, K, V, the scores, weights and context vectors; some Q and score cells drifted",
            "Q = X Wq, K = X Wk, V = X Wv (rows), scores = Q K^T, weights = softmax(scores / sqrt(2)), context = "
            "weights V", "2 decimals; the drifted cells are off by more than rounding")
    X = [[F(1), F(1, 2)], [F(0), F(2)], [F(3, 2), F(-1, 2)]]
    W = {"q": [[F(1, 5), F(1, 2)], [F(3, 5), F(1, 10)]], "k": [[F(1, 2), F(1, 5)], [F(1, 10), F(4, 5)]],
         "v": [[F(1), F(1, 2)], [F(1, 2), F(1)]]}

    def mm(a, b):
        return [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]

    def tex(m):
        return r"\begin{bmatrix} " + r" \\ ".join(" & ".join(c for c in row) for row in m) + r" \end{bmatrix}"

    def img(alt, t):
        url = quote(BG + t)
        return f"![{alt}](https://latex.codecogs.com/svg.latex?{url})"

    def dec(x):
        s = str(float(x))
        return s[:-2] if s.endswith(".0") else s
    d.add('<div align="center"><h1>Self-attention with weights</h1></div>\n\nThree tokens, two dimensions.\n')
    d.add(img("X", "X = " + tex([[dec(c) for c in r] for r in X])) + "\n")
    d.add(img("W", r", \; ".join(f"W_{w} = " + tex([[dec(c) for c in r] for r in W[w]]) for w in "qkv")) + "\n")
    Q, K, V = mm(X, W["q"]), mm(X, W["k"]), mm(X, W["v"])
    printed = {}
    for name, M in (("Q", Q), ("K", K), ("V", V)):
        cells = [[fmt(c, 2) for c in r] for r in M]
        if name == "Q":
            cells[1][0] = "1.30"  # the author's slip: 1.20 exactly
        printed[name] = cells
        line = d.add(f"**{name}:**\n" + img(name, f"{name} = X \\cdot W_{name.lower()} = " + tex(cells)) + "\n")
        for i, r in enumerate(cells):
            for j, c in enumerate(r):
                ok = fmt(M[i][j], 2) == c
                d.claim(line + 1, c, f"{name}[{i + 1}][{j + 1}]", "correct" if ok else "wrong")
    S = mm(Q, [list(c) for c in zip(*K)])
    sc = [[fmt(c, 2) for c in r] for r in S]
    sc[2][2] = "2.80"  # drifted
    line = d.add("`scores = Q @ K.T`\n" + img("S", r"\text{Scores} = " + tex(sc)) + "\n")
    for i, r in enumerate(sc):
        for j, c in enumerate(r):
            d.claim(line + 1, c, f"scores[{i + 1}][{j + 1}]", "correct" if fmt(S[i][j], 2) == c else "wrong")
    Wt = [softmax([s / mpmath.sqrt(2) for s in (mpmath.mpf(c.numerator) / c.denominator for c in r)]) for r in S]
    wt = [[fmt(c, 2) for c in r] for r in Wt]
    line = d.add("`weights = softmax(scores / sqrt(d_k))`\n" + img("A", r"\text{Weights} = " + tex(wt)) + "\n")
    for i, r in enumerate(wt):
        for j, c in enumerate(r):
            d.claim(line + 1, c, f"weights[{i + 1}][{j + 1}]")
    Cx = [[sum(Wt[i][t] * (mpmath.mpf(V[t][j].numerator) / V[t][j].denominator) for t in range(3)) for j in range(2)]
          for i in range(3)]
    cx = [[fmt(c, 2) for c in r] for r in Cx]
    line = d.add("`context = weights @ V`\n" + img("C", r"\text{Context Vectors} = " + tex(cx)))
    for i, r in enumerate(cx):
        for j, c in enumerate(r):
            d.claim(line + 1, c, f"context[{i + 1}][{j + 1}]")
    d.write("md")


def escaped_heads() -> None:
    """A study note saved by an editor that escapes brackets: two heads, each its own W (names set equal), the
    softmax written out, W^O = 1/2 · [[…]] written out×in."""
    d = Doc("fe-escaped-heads", "Markdown study note, escaped brackets (\\\\[2, 0]), two heads with their own W "
            "(identity, swap), no scaling, W^O = 1/2 [[1,0,1,0],[0,1,0,1]] out x in",
            "per head Q = K = V = X W, scores Q K^T not scaled, softmax, weights V; concat; times (W^O)^T",
            "2 decimals")
    d.add("""Two heads, worked by hand on a tiny input:

* Two tokens ("we", "run")
* **2 attention heads**
* Dimension 2, and no scaling

```plaintext
Token 1: "we"   → [2.0, 0.0]
Token 2: "run"  → [0.0, 1.0]
```

$$
X = \\begin{bmatrix} 2.0 & 0.0 \\\\ 
0.0 & 1.0 \\end{bmatrix}
$$

### ✅ Head 1

```plaintext
W_Q1 = W_K1 = W_V1 = Identity matrix
        [[1, 0],
         [0, 1]]
```

For "we":

* Query: \\[2, 0]
* Keys: \\[2, 0] and \\[0, 1]
* Dot products:

  * \\[2, 0] · \\[2, 0] = 4
  * \\[2, 0] · \\[0, 1] = 0

$$
\\text{softmax}( [4, 0] ) ≈ [0.98, 0.02]
$$

$$
\\text{Output}_\\text{head1} = 0.98 \\cdot [2, 0] + 0.02 \\cdot [0, 1] = [1.96, 0.02]
$$

For "run":

* Query: \\[0, 1]
* softmax(\\[0, 1]) → \\[0.27, 0.73]
* Output: \\[0.54, 0.73]

$$
\\text{Head1 Output} = \\begin{bmatrix} 1.96 & 0.02 \\\\ 
0.54 & 0.73 \\end{bmatrix}
$$

### ✅ Head 2

Let W\\_Q2 = W\\_K2 = W\\_V2 = \\[\\[0, 1], \\[1, 0]] (a swap).

* Q = \\[0, 2], K1 = \\[0, 2], K2 = \\[1, 0]
* softmax(\\[4, 0]) = \\[0.98, 0.02]
* Values (the same as the keys): \\[0, 2] and \\[1, 0]
* Output:
  0.98 \\* \\[0, 2] + 0.02 \\* \\[1, 0] = \\[0.02, 1.96]

$$
\\text{Head2 Output} = \\begin{bmatrix} 0.02 & 1.96 \\\\ 
0.73 & 0.54 \\end{bmatrix}
$$

### 📤 Output projection

$$
W^O = \\frac{1}{2} \\cdot \\text{[[1, 0, 1, 0], [0, 1, 0, 1]]}
$$

"we" ends at **\\[0.99, 0.99]** and "run" at **\\[0.63, 0.63]**.""")
    e4 = softmax([F(4), F(0)])
    e1 = softmax([F(0), F(1)])
    h1 = [[2 * e4[0], e4[1]], [2 * e1[0], e1[1]]]
    h2 = [[e4[1], 2 * e4[0]], [e1[1], 2 * e1[0]]]
    final = [[(h1[i][0] + h2[i][0]) / 2, (h1[i][1] + h2[i][1]) / 2] for i in range(2)]
    c = d.claim
    c(d.at("* Query: \\[2, 0]"), "2", "head1 Q(we)[1]")
    c(d.at("* Query: \\[2, 0]"), "0", "head1 Q(we)[2]")
    for t, q in zip(("2", "0", "0", "1"), ("K(we)[1]", "K(we)[2]", "K(run)[1]", "K(run)[2]")):
        c(d.at("* Keys:"), t, "head1 " + q)
    c(d.at("= 4"), "4", "head1 score we.we")
    c(d.at("\\[0, 1] = 0"), "0", "head1 score we.run")
    line = d.at("softmax}( [4, 0] )")
    c(line, fmt(e4[0], 2), "head1 weight we->we")
    c(line, fmt(e4[1], 2), "head1 weight we->run")
    line = d.at("Output}_")
    c(line, fmt(h1[0][0], 2), "head1 context(we)[1]")
    c(line, fmt(h1[0][1], 2), "head1 context(we)[2]")
    for t in ("0.98", "0.02", "2", "0", "0", "1"):
        d.opt(line, t)
    c(d.at("* Query: \\[0, 1]"), "0", "head1 Q(run)[1]")
    c(d.at("* Query: \\[0, 1]"), "1", "head1 Q(run)[2]")
    line = d.at("* softmax(\\[0, 1])")
    c(line, fmt(e1[0], 2), "head1 weight run->we")
    c(line, fmt(e1[1], 2), "head1 weight run->run")
    line = d.at("* Output: \\[0.54")
    c(line, fmt(h1[1][0], 2), "head1 context(run)[1]")
    c(line, fmt(h1[1][1], 2), "head1 context(run)[2]")
    for k, row in enumerate(h1):
        for j, v in enumerate(row):
            c(d.at("Head1 Output") + k, fmt(v, 2), f"Head1 Output[{k + 1}][{j + 1}]")
    line = d.at("* Q = ")
    for t, q in zip(("0", "2", "0", "2", "1", "0"), ("Q(we)[1]", "Q(we)[2]", "K(we)[1]", "K(we)[2]", "K(run)[1]",
                                                   "K(run)[2]")):
        c(line, t, "head2 " + q)
    line = d.at("* softmax(\\[4, 0])")
    c(line, fmt(e4[0], 2), "head2 weight we->we")
    c(line, fmt(e4[1], 2), "head2 weight we->run")
    line = d.at("* Values")
    for t, q in zip(("0", "2", "1", "0"), ("V(we)[1]", "V(we)[2]", "V(run)[1]", "V(run)[2]")):
        c(line, t, "head2 " + q)
    line = d.at("0.98 \\* ")
    c(line, fmt(h2[0][0], 2), "head2 context(we)[1]")
    c(line, fmt(h2[0][1], 2), "head2 context(we)[2]")
    for t in ("0.98", "0.02", "0", "2", "1", "0"):
        d.opt(line, t)
    for k, row in enumerate(h2):
        for j, v in enumerate(row):
            c(d.at("Head2 Output") + k, fmt(v, 2), f"Head2 Output[{k + 1}][{j + 1}]")
    line = d.at("ends at")
    for k, row in enumerate(final):
        for j, v in enumerate(row):
            c(line, fmt(v, 2), f"final[{k + 1}][{j + 1}] = concat (W^O)^T")
    d.write("md")


def readme_tables() -> None:
    """A README's padded pipe tables copied from a notebook: embeddings with a Token ID column before and after
    sinusoidal positional encoding, a Q table, the printed Q @ K^T, and its softmax (over √d_k)."""
    d = Doc("fe-readme-tables", "README with padded pipe tables: token embeddings (Token ID column) before and after "
            "sinusoidal PE (d = 6, positions 0..3), a Q table (width 4), Q @ K^T printed, attention weights",
            "PE(pos, 2i) = sin(pos / 10000^(2i/6)), PE(pos, 2i+1) = cos(...), added; weights = softmax(QK^T / sqrt(4)) "
            "of the printed scores, no mask", "4 decimals")
    emb = {5: ["0.4120", "-1.3051", "0.2276", "0.9033", "-0.6610", "1.1844"],
           2: ["-0.8702", "0.3318", "1.5067", "-0.2245", "0.0816", "-1.0973"],
           9: ["1.2284", "0.7741", "-0.5529", "0.1187", "-1.4402", "0.6625"]}
    ids = [5, 2, 9, 5]

    def pe(p, j):
        i = j // 2
        a = mpmath.mpf(p) / mpmath.power(10000, mpmath.mpf(2 * i) / 6)
        return mpmath.sin(a) if j % 2 == 0 else mpmath.cos(a)

    def table(rows, labels, width=9):
        head = "| Token ID | " + " | ".join(f"Dim {j + 1}".ljust(width) for j in range(len(rows[0]))) + " |"
        rule = "|----------|" + "|".join("-" * (width + 2) for _ in rows[0]) + "|"
        return [head, rule] + [f"| {str(lab).ljust(8)} | " + " | ".join(c.ljust(width) for c in r) + " |"
                               for lab, r in zip(labels, rows)]
    d.add("# Date translator\n\n## Positional Encoding\n\nWe add sinusoidal positional encodings to the token "
          "embeddings, with d_model = 6.\n\nBefore Positional Encoding\n")
    d.add("\n".join(table([emb[t] for t in ids], ids)))
    d.add("\nAfter Adding Positional Encoding\n")
    after = [[fmt(mpmath.mpf(c) + pe(p, j), 4) for j, c in enumerate(emb[t])] for p, t in enumerate(ids)]
    first = d.add("\n".join(table(after, ids)))
    for p, row in enumerate(after):
        for j, c in enumerate(row):
            d.claim(first + 2 + p, c, f"after-PE row {p} Dim {j + 1}")
    d.add("\n## Attention\n\n### Q\n")
    Q = [["0.5102", "-1.2207", "0.3344", "0.9018"], ["1.1136", "0.2250", "-0.7473", "-0.4081"],
         ["-0.2619", "0.8893", "1.3040", "0.0457"], ["0.6721", "-0.5530", "-0.1176", "1.2384"]]
    d.add("\n".join(table(Q, range(4))).replace("Token ID", "Token   "))
    d.add("\n### Q @ K^T\n")
    S = [["2.1043", "-0.8831", "0.4460", "1.3075"], ["-1.2290", "3.0451", "0.1178", "-0.6603"],
         ["0.7725", "0.2081", "2.6314", "-1.5046"], ["1.1189", "-0.3473", "-0.9952", "2.2307"]]
    d.add("\n".join(table(S, range(4))).replace("Token ID", "Token   ").replace("Dim ", "    "))
    d.add("\n### Attention Weights = $\\text{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)$\n")
    W = [softmax([mpmath.mpf(c) / 2 for c in r]) for r in S]
    wt = [[fmt(c, 4) for c in r] for r in W]
    first = d.add("\n".join(table(wt, range(4))).replace("Token ID", "Token   ").replace("Dim ", "    "))
    for i, row in enumerate(wt):
        for j, c in enumerate(row):
            d.claim(first + 2 + i, c, f"weights[{i}][{j}] = softmax(S / 2)")
    d.write("md")


def transposed_heads() -> None:
    """A study notebook that defines its weights as torch.tensor([...]).T, splits two heads of width 1, masks
    causally and prints every step (shapes too)."""
    x = [[F(1), F(0)], [F(1, 2), F(1, 2)], [F(0), F(1)]]
    lit = {"W_query": [[F(3, 10), F(1, 10)], [F(1, 5), F(2, 5)]], "W_key": [[F(1, 10), F(3, 10)], [F(2, 5), F(1, 5)]],
           "W_value": [[F(1, 2), F(1, 4)], [F(1, 4), F(1, 2)]]}
    W = {k: [list(c) for c in zip(*v)] for k, v in lit.items()}  # .T

    def mm(a, b):
        return [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
    Q, K, V = mm(x, W["W_query"]), mm(x, W["W_key"]), mm(x, W["W_value"])

    def t4(v):
        return f"{float(v):.4f}"

    def tensor(rows, indent=7):
        return "tensor([" + (",\n" + " " * (indent + 1)).join("[" + ", ".join(t4(c) for c in r) + "]" for r in rows) \
            + "])"
    cells, outs = [], []

    def cell(src, out):
        cells.append({"cell_type": "code", "execution_count": len(cells) + 1, "metadata": {},
                      "outputs": [{"name": "stdout", "output_type": "stream", "text": out.splitlines(True)}],
                      "source": src.splitlines(True)})
    cell("x = torch.tensor([\n    [[1.0, 0.0],\n     [0.5, 0.5],\n     [0.0, 1.0]]\n])\nprint(x.shape)",
         "torch.Size([1, 3, 2])\n")
    src = "".join(f"{k} = torch.tensor([\n    [{float(v[0][0])}, {float(v[0][1])}],\n    [{float(v[1][0])}, "
                  f"{float(v[1][1])}]\n], dtype=torch.float32).T  # (2, 2)\n\n" for k, v in lit.items())
    cell("d_out = 2\nnum_heads = 2\nhead_dim = d_out // num_heads  # = 1\n\n" + src + "print(f'W_query:\\n{W_query}')",
         "W_query:\n" + tensor(W["W_query"]) + "\n")
    cell("queries = x @ W_query\nkeys = x @ W_key\nvalues = x @ W_value\nprint(f'Queries shape: {queries.shape}')\n"
         "print(f'Queries:\\n{queries[0]}')\nprint(f'Keys:\\n{keys[0]}')\nprint(f'Values:\\n{values[0]}')",
         "Queries shape: torch.Size([1, 3, 2])\nQueries:\n" + tensor(Q) + "\nKeys:\n" + tensor(K) + "\nValues:\n"
         + tensor(V) + "\n")
    heads = []
    for h in range(2):
        q, k, v = [r[h] for r in Q], [r[h] for r in K], [r[h] for r in V]
        sc = [[q[i] * k[j] for j in range(3)] for i in range(3)]
        w = [softmax([sc[i][j] for j in range(i + 1)]) + [0] * (2 - i) for i in range(3)]
        ctx = [sum(w[i][j] * (mpmath.mpf(v[j].numerator) / v[j].denominator) for j in range(3)) for i in range(3)]
        heads.append((sc, w, ctx))
    sc0, w0, c0 = heads[0]
    cell("attn_scores = queries_T @ keys_T.transpose(2, 3)\nprint(f'head 0:\\n{attn_scores[0, 0]}')\n"
         "print(f'head 1:\\n{attn_scores[0, 1]}')",
         "head 0:\n" + tensor(sc0) + "\n\nhead 1:\n" + tensor(heads[1][0]) + "\n")
    masked = "tensor([" + ",\n        ".join("[" + ", ".join(t4(sc0[i][j]) if j <= i else "  -inf" for j in range(3))
                                             + "]" for i in range(3)) + "])"
    cell("attn_scores[0, :, mask] = -torch.inf\nprint(f'masked (head 0):\\n{attn_scores[0, 0]}')",
         "masked (head 0):\n" + masked + "\n")
    cell("attn_weights = torch.softmax(attn_scores / head_dim ** 0.5, dim=-1)\n"
         "print(f'weights (head 0):\\n{attn_weights[0, 0]}')",
         "weights (head 0):\n" + tensor([[mpmath.mpf(c) for c in r] for r in w0]) + "\n")
    cell("context = attn_weights @ values_T\nprint(f'head 0 result: {context[0, 0, :, 0]}')\n"
         "print(f'head 1 result: {context[0, 1, :, 0]}')",
         "head 0 result: tensor([" + ", ".join(t4(c) for c in c0) + "])\nhead 1 result: tensor(["
         + ", ".join(t4(c) for c in heads[1][2]) + "])\n")
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
          "nbformat": 4, "nbformat_minor": 5}
    body = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    d = Doc("fe-transposed-heads", "study notebook: weights defined as torch.tensor([...]).T, two heads of width 1, "
            "causal mask, every step printed (shapes too)", "Q = x W (W the literal transposed), 2 heads split by "
            "columns, scores q k (head_dim 1, scale 1), causal softmax, context", "torch 4 decimals")
    lines = body.split("\n")

    def at(marker, nth=1):
        return [k + 1 for k, ln in enumerate(lines) if marker in ln][nth - 1]

    def claim_rows(marker, rows, what, nth=1, skip_masked=False):
        first = at(marker, nth)
        for i, r in enumerate(rows):
            for j, v in enumerate(r):
                if skip_masked and j > i:
                    continue
                d.claim(first + 1 + i, t4(v), f"{what}[{i}][{j}]")
    wq = W["W_query"]
    first = at('"W_query:\\n",')
    for i, r in enumerate(wq):
        for j, v in enumerate(r):
            d.optional.append((first + 1 + i, t4(v)))
    claim_rows('"Queries:\\n",', Q, "Q")
    claim_rows('"Keys:\\n",', K, "K")
    claim_rows('"Values:\\n",', V, "V")
    claim_rows('"head 0:\\n",', sc0, "head 0 scores")
    claim_rows('"head 1:\\n",', heads[1][0], "head 1 scores")
    claim_rows('"masked (head 0):\\n",', sc0, "head 0 masked scores", skip_masked=True)
    first = at('"weights (head 0):\\n",')
    for i, r in enumerate(w0):
        for j, v in enumerate(r):
            d.claim(first + 1 + i, t4(mpmath.mpf(v)), f"head 0 weights[{i}][{j}]")
    for h, marker in ((0, "head 0 result"), (1, "head 1 result")):
        line = at(marker)
        for i, v in enumerate(heads[h][2]):
            d.claim(line, t4(v), f"head {h} context[{i}]")
    d.write("ipynb", body)


def display_products() -> None:
    """A blog post: a NumPy warm-up in code (its own integer inputs), then X, W_Q, W_K, W_V and products written
    over many lines in $$ displays, each operand a matrix, "=" alone on a line; K shown only transposed."""
    d = Doc("fe-display-products", "blog post with products over many lines in $$ displays ('=' alone on a line), "
            "a NumPy warm-up, K only as the transposed operand of the scores", "Q = X W_Q, K = X W_K, S = Q K^T (the "
            "post divides by sqrt(d_k) = 1 it says, so S is unscaled)", "whole numbers")
    X = [[1, 0, 2], [0, 1, 1], [2, 1, 0]]
    WQ = [[1, 0], [0, 1], [1, 1]]
    WK = [[0, 1], [1, 0], [1, 1]]

    def mm(a, b):
        return [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]

    def bm(m):
        return "\\begin{bmatrix}\n" + "\\\\\n".join(" & ".join(str(c) for c in r) for r in m) + "\n\\end{bmatrix}"
    Q, K = mm(X, WQ), mm(X, WK)
    Kt = [list(c) for c in zip(*K)]
    S = mm(Q, Kt)
    d.add("---\ntitle: Attention by hand\ndraft: false\n---\n\n# Warm-up\n\n```python\nimport numpy as np\n"
          "u = np.array([2, 1, 3])\nv = np.array([1, 4, 2])\nprint(u @ v)  # -> 2*1 + 1*4 + 3*2 = 12\n```\n")
    d.claim(d.at("print(u @ v)"), "12", "u @ v")
    for t in ("2", "1", "1", "4", "3", "2"):
        d.opt(d.at("print(u @ v)"), t)
    d.add("## The weights\n\n$$\nX =\n" + bm(X) + ", \\qquad\nW_Q =\n" + bm(WQ) + ", \\qquad\nW_K =\n" + bm(WK)
          + ", \\qquad\nW_V =\n" + bm([[1, 0], [0, 1], [0, 0]]) + "\n$$\n")
    d.add("## Q = X W_Q\n\n$$\nQ =\n" + bm(X) + "\n\\cdot\n" + bm(WQ) + "\n=\n" + bm(Q) + "\n$$\n")
    first = d.at("\\begin{bmatrix}", 7)  # the result's matrix: X, W_Q, W_K, W_V, X, W_Q, then Q
    for i, r in enumerate(Q):
        for j, v in enumerate(r):
            d.claim(first + 1 + i, str(v), f"Q[{i + 1}][{j + 1}]")
    d.add("## Scores\n\n$$\nS =\n" + bm(Q) + "\n" + bm(Kt) + "\n=\n" + bm(S) + "\n$$")
    first = d.at("\\begin{bmatrix}", 9)  # K^T, the second operand
    for i, r in enumerate(Kt):
        for j, v in enumerate(r):
            d.claim(first + 1 + i, str(v), f"K^T[{i + 1}][{j + 1}]")
    first = d.at("\\begin{bmatrix}", 10)
    for i, r in enumerate(S):
        for j, v in enumerate(r):
            d.claim(first + 1 + i, str(v), f"S[{i + 1}][{j + 1}] = (Q K^T)")
    first = d.at("\\begin{bmatrix}", 8)  # Q again, the first operand
    for i, r in enumerate(Q):
        for j, v in enumerate(r):
            d.opt(first + 1 + i, str(v))
    d.write("md")


def labelled_notebook() -> None:
    """A Q&A notebook in Japanese: a random input printed first, then the example: one-hot X, nn.Linear weights set
    with copy_ (torch.eye(d_model), torch.eye(d_model) * 3, a literal), every result printed under a label."""
    d_model = 3
    X = [[F(1), F(0), F(0)], [F(0), F(1), F(0)]]
    Wv = [[F(1), F(1, 2), F(0)], [F(0), F(1), F(1, 2)], [F(1, 2), F(0), F(1)]]  # out x in
    Q = X
    K = [[3 * c for c in r] for r in X]
    V = [[sum(r[t] * Wv[j][t] for t in range(3)) for j in range(3)] for r in X]
    S = [[mpmath.mpf(int(sum(a * b for a, b in zip(q, k)))) / mpmath.sqrt(d_model) for k in K] for q in Q]
    A = [softmax(r) for r in S]
    O = [[sum(A[i][t] * (mpmath.mpf(V[t][j].numerator) / V[t][j].denominator) for t in range(2)) for j in range(3)]
         for i in range(2)]

    def t(v, whole=False):
        if whole:
            return f"{int(v)}."
        return f"{float(v):.4f}"

    def tensor(rows, whole=False, grad=""):
        body = (",\n        ").join("[" + ", ".join(t(c, whole) for c in r) + "]" for r in rows)
        return "tensor([" + body + "]" + (f", grad_fn=<{grad}>" if grad else "") + ")"
    cells = []

    def md(src):
        cells.append({"cell_type": "markdown", "metadata": {}, "source": src.splitlines(True)})

    def code(src, out):
        cells.append({"cell_type": "code", "execution_count": len(cells), "metadata": {},
                      "outputs": [{"name": "stdout", "output_type": "stream", "text": out.splitlines(True)}],
                      "source": src.splitlines(True)})
    md("## Q1: nn.Linearとは？\n\n**数式**: `y = xW^T + b`")
    code("x = torch.randn(2, 5)\nprint(f\"入力:\\n{x}\")",
         "入力:\ntensor([[ 0.3367,  0.1288,  0.2345,  0.2303, -1.1229],\n        [-0.1863,  2.2082, -0.6380,  "
         "0.4617,  0.2674]])\n")
    md("## Q2: 数値例\n\n2つの単語、次元数3で確認します。")
    src = ("d_model = 3\nX = torch.tensor([\n    [1.0, 0.0, 0.0],  # 単語1\n    [0.0, 1.0, 0.0],  # 単語2\n"
           "]).unsqueeze(0)\nW_q = nn.Linear(d_model, d_model, bias=False)\nW_k = nn.Linear(d_model, d_model, "
           "bias=False)\nW_v = nn.Linear(d_model, d_model, bias=False)\nwith torch.no_grad():\n"
           "    W_q.weight.copy_(torch.eye(d_model))\n    W_k.weight.copy_(torch.eye(d_model) * 3)\n"
           "    W_v.weight.copy_(torch.tensor([\n        [1.0, 0.5, 0.0],\n        [0.0, 1.0, 0.5],\n"
           "        [0.5, 0.0, 1.0],\n    ]))\nQ, K, V = W_q(X), W_k(X), W_v(X)\n"
           "print(\"Key (K) - マッチング用:\")\nprint(K[0])\nprint(\"Value (V) - 情報:\")\nprint(V[0])")
    code(src, "Key (K) - マッチング用:\n" + tensor(K, True, "SelectBackward0") + "\nValue (V) - 情報:\n"
         + tensor(V, grad="SelectBackward0") + "\n")
    code("scores = torch.matmul(Q, K.transpose(-2, -1)) / (d_model ** 0.5)\nprint(\"Attention Scores (Q × K^T / √d):\")"
         "\nprint(scores[0])\nattn_weights = F.softmax(scores, dim=-1)\nprint(\"Attention Weights (softmax後):\")\n"
         "print(attn_weights[0])\noutput = torch.matmul(attn_weights, V)\nprint(\"最終出力 (Weights × Value):\")\n"
         "print(output[0])",
         "Attention Scores (Q × K^T / √d):\n" + tensor(S, grad="SelectBackward0") + "\nAttention Weights (softmax後):\n"
         + tensor(A, grad="SelectBackward0") + "\n最終出力 (Weights × Value):\n" + tensor(O, grad="SelectBackward0")
         + "\n")
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
          "nbformat": 4, "nbformat_minor": 5}
    body = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    d = Doc("fe-labelled-notebook", "Japanese Q&A notebook: a random input first, then one-hot X, nn.Linear weights "
            "set with copy_(torch.eye(d_model)), copy_(torch.eye(d_model) * 3) and a literal; labelled prints",
            "Q = X Wq^T (Wq = I), K = X (3I)^T, V = X Wv^T, scores Q K^T / sqrt(3), softmax, output = weights V",
            "torch print, 4 decimals; whole numbers as 3.")
    lines = body.split("\n")

    def at(marker):
        return next(k + 1 for k, ln in enumerate(lines) if marker in ln)

    def claim_rows(marker, rows, what, whole=False):
        first = at(marker)
        for i, r in enumerate(rows):
            for j, v in enumerate(r):
                d.claim(first + 1 + i, t(v, whole), f"{what}[{i}][{j}]")
    claim_rows('"Key (K) - マッチング用:\\n",', K, "K", True)
    claim_rows('"Value (V) - 情報:\\n",', V, "V")
    claim_rows('"Attention Scores (Q × K^T / √d):\\n",', S, "scaled scores")
    claim_rows('"Attention Weights (softmax後):\\n",', A, "weights")
    claim_rows('"最終出力 (Weights × Value):\\n",', O, "output")
    d.write("ipynb", body)


if __name__ == "__main__":
    labelled_notebook()
    display_products()
    readme_tables()
    transposed_heads()
    escaped_heads()
    percent_lesson()
    codecogs_readme()
