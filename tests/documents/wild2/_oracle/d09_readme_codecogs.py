"""GitHub README (English) whose matrices live only inside codecogs equation-image URLs: the first images in the
codecogs-editor style (raw LaTeX, &space;), the later ones percent-encoded; attention from given Q, K, V."""
from pathlib import Path
from urllib.parse import quote

import numpy as np

from w2lib import *

Qs = [["0.8", "0.2"], ["-0.4", "1.0"], ["0.6", "-0.7"]]
Ks = [["1.0", "-0.3"], ["0.2", "0.9"], ["-0.5", "0.4"]]
Vs = [["0.5", "1.5"], ["2.0", "-1.0"], ["-1.0", "0.5"]]
Q, K, V = M(Qs), M(Ks), M(Vs)
S = matmul(Q, tr(K))
Sc = [[v / mpmath.sqrt(2) for v in r] for r in S]
A = [smax(r) for r in Sc]
O = matmul(A, V)
Sn = np.array(Qs, float) @ np.array(Ks, float).T / np.sqrt(2)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ np.array(Vs, float))

d = Doc("readme-codecogs-images", "md",
        "GitHub README in English from before GitHub rendered math: every matrix (given Q, K, V and every computed matrix) "
        "is only inside a latex.codecogs.com equation-image URL; the first images use the codecogs editor's raw LaTeX with "
        "&space;, the later ones are percent-encoded Markdown images; scores, scaled scores (3 decimals), softmax weights, output",
        "softmax(Q K^T / sqrt(2)) V, Q, K, V given", "exact",
        note="no planted slip; numbers inside the URLs are the claims (read the URL-decoded LaTeX); svg.latex / svg.image path parts and the image widths are filler",
        gen=Path(__file__).name)
add = d.add


def bm_raw(Mx):
    return "\\begin{bmatrix}" + "\\\\".join("&".join(r) for r in Mx) + "\\end{bmatrix}"


def img_raw(lhs, Mx, title):
    tex = (lhs + "=" + bm_raw(Mx)).replace(" ", "&space;")
    return f'<p align="center"><img src="https://latex.codecogs.com/svg.image?{tex}" title="{title}" /></p>'


def img_enc(lhs, Mx, alt):
    tex = lhs + " = \\begin{bmatrix} " + " \\\\ ".join(" & ".join(r) for r in Mx) + " \\end{bmatrix}"
    return f"![{alt}](https://latex.codecogs.com/svg.latex?{quote(tex, safe='')})"


add("# attention-by-hand")
add("")
add("![build](https://img.shields.io/badge/build-passing-brightgreen) ![python](https://img.shields.io/badge/python-3.8%2B-blue)", nots=["3.8"])
add("")
add("Tiny, dependency-free walkthrough of scaled dot-product attention. I wrote this for myself in 2021 while reading the paper; the equations are images because GitHub had no math support back then.", nots=["2021"])
add("")
add("## The formula")
add("")
add('<p align="center"><img src="https://latex.codecogs.com/svg.image?\\text{Attention}(Q,K,V)=\\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right)V" title="attention" /></p>')
add("")
add("with d_k = 2 in this example (the paper uses 64).", nots=["2", "64"])
add("")
add("## Inputs")
add("")
add("Three tokens. Instead of projecting embeddings, I just write down Q, K and V:")
add("")
add(img_raw("Q", [[um(v) if False else v for v in r] for r in Qs], "Q"))
add(img_raw("K", Ks, "K"))
add(img_raw("V", Vs, "V"))
add("")
add("## Step 1: scores")
add("")
add("Every query against every key:")
add("")
Sst = [[exact(v) for v in r] for r in S]
add(img_raw("QK^T", Sst, "QK^T"), claims=[(Sst[i][j], f"QK^T[{i}][{j}]", "correct") for i in range(3) for j in range(3)])
add("")
add("## Step 2: scale")
add("")
add("Divide by the square root of d_k (1.414…):", opts=["1.414"])
add("")
Scs = [[rnd(v, 3) for v in r] for r in Sc]
add(img_enc("\\frac{QK^T}{\\sqrt{2}}", Scs, "scaled scores"),
    claims=[(Scs[i][j], f"QK^T/sqrt2[{i}][{j}]", "correct") for i in range(3) for j in range(3)], nots=["2"])
add("")
add("## Step 3: softmax (row-wise)")
add("")
As = [[rnd(v, 3) for v in r] for r in A]
add(img_enc("A", As, "attention weights"), claims=[(As[i][j], f"A[{i}][{j}]", "correct") for i in range(3) for j in range(3)])
add("")
add("Each row adds up to one (up to rounding).")
add("")
add("## Step 4: weighted sum of values")
add("")
Os = [[rnd(v, 3) for v in r] for r in O]
add(img_enc("AV", Os, "output"), claims=[(Os[i][j], f"out[{i}][{j}]", "correct") for i in range(3) for j in range(2)])
add("")
add("## Run it")
add("")
add("```bash")
add("python attention.py --seed 0 --d-k 2", nots=["0", "2"])
add("```")
add("")
add("## License")
add("")
add("MIT © 2021", nots=["2021"])
d.write()
