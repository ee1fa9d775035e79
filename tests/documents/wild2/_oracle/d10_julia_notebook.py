"""Julia notebook (IJulia, nbformat 4): Matrix{Float64} displays with 6 significant digits aligned on the decimal
point; projections, scores, a softmax written by hand, weights and outputs."""
from pathlib import Path

import numpy as np

from w2lib import *

Xs = [["0.9", "0.1", "-0.4", "0.3"], ["-0.2", "0.7", "0.5", "0.8"], ["0.6", "-0.5", "0.2", "1.1"]]
WQs = [["0.3", "-0.6"], ["0.8", "0.1"], ["-0.2", "0.5"], ["0.4", "0.7"]]
WKs = [["-0.5", "0.2"], ["0.6", "0.9"], ["0.3", "-0.4"], ["0.1", "0.6"]]
WVs = [["1.2", "0.3"], ["-0.4", "0.8"], ["0.5", "-0.9"], ["0.2", "0.4"]]
X, WQ, WK, WV = M(Xs), M(WQs), M(WKs), M(WVs)
Q, K, V = matmul(X, WQ), matmul(X, WK), matmul(X, WV)
S = matmul(Q, tr(K))
Sc = [[v / mpmath.sqrt(2) for v in r] for r in S]
A = [smax(r) for r in Sc]
O = matmul(A, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = Xn @ np.array(WQs, float), Xn @ np.array(WKs, float), Xn @ np.array(WVs, float)
Sn = Qn @ Kn.T / np.sqrt(2); An = np.exp(Sn - Sn.max(1, keepdims=True)); An /= An.sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ Vn)


def jl(x) -> str:
    """Julia :compact display of a Float64: 6 significant digits, shortest, always with a decimal point."""
    x = mpf(x)
    if x == 0:
        return "0.0"
    s = sig(x, 6)
    s = strip(s)
    if "." not in s:
        s += ".0"
    return s


def jl_matrix(Mx):
    r, c = len(Mx), len(Mx[0])
    cells = [[jl(v) for v in row] for row in Mx]
    out = [f"{r}×{c} Matrix{{Float64}}:"]
    L = [max(len(cells[i][j].split(".")[0]) for i in range(r)) for j in range(c)]
    R = [max(len(cells[i][j].split(".")[1]) for i in range(r)) for j in range(c)]
    for i in range(r):
        parts = []
        for j in range(c):
            a, b = cells[i][j].split(".")
            parts.append(a.rjust(L[j]) + "." + b.ljust(R[j]))
        out.append((" " + "  ".join(parts)).rstrip())
    return out, cells


def attach(Mx, qty):
    lines, cells = jl_matrix(Mx)
    res = [(lines[0], (), [str(len(Mx)), str(len(Mx[0])), "64"])]
    for i, ln in enumerate(lines[1:]):
        for j, t in enumerate(cells[i]):
            check(t, Mx[i][j], guard=mpf("1e-6"))
        res.append((ln, [(t, qty(i, j), "correct") for j, t in enumerate(cells[i])]))
    return res


d = Doc("julia-attention-notebook", "ipynb",
        "Julia notebook (IJulia kernel, nbformat 4 with outputs): X (3x4) and 4x2 projections, `3×2 Matrix{Float64}:` "
        "displays with 6 significant digits aligned on the decimal point, scores, a hand-written softmax, weights, a "
        "row-sum check printed as [1.0; 1.0; 1.0;;], outputs, and a Markdown cell restating one row",
        "softmax(Q K^T / sqrt(2)) V with Q = X W_Q, K = X W_K, V = X W_V", "exact",
        note="no planted slip; Julia's compact display keeps 6 significant digits and drops trailing zeros (1.0 stays 1.0); the shape headers are filler; lines are lines of the .ipynb JSON file",
        gen=Path(__file__).name)
nb = Notebook(d, kernelspec={"display_name": "Julia 1.10.2", "language": "julia", "name": "julia-1.10"},
              language_info={"file_extension": ".jl", "mimetype": "application/julia", "name": "julia", "version": "1.10.2"})
nb.md(["# Self-attention in plain Julia", "",
       "No Flux, no Transformers.jl — just `LinearAlgebra`. Three tokens (*Julia is fast*), `d_model = 4`, one head with `d_k = 2`."])
jm = lambda Ms: "[" + "; ".join(" ".join(r) for r in Ms) + "]"
nb.code(["using LinearAlgebra", "", f"X = {jm(Xs)}", f"W_Q = {jm(WQs)}", f"W_K = {jm(WKs)}", f"W_V = {jm(WVs)};"])
nb.code(["Q = X * W_Q"], [("result", attach(Q, lambda i, j: f"Q[{i+1},{j+1}]"))])
nb.code(["K = X * W_K"], [("result", attach(K, lambda i, j: f"K[{i+1},{j+1}]"))])
nb.code(["V = X * W_V"], [("result", attach(V, lambda i, j: f"V[{i+1},{j+1}]"))])
nb.md(["Scores: every query against every key, divided by $\\sqrt{d_k}$. Note Julia's `'` is the (adjoint) transpose."])
nb.code(["d_k = size(K, 2)", "S = Q * K' / sqrt(d_k)"], [("result", attach(Sc, lambda i, j: f"(QK^T/sqrt2)[{i+1},{j+1}]"))])
nb.md(["A row-wise softmax. Subtracting the maximum keeps `exp` from overflowing on real-sized inputs."])
nb.code(["function softmax_rows(M)", "    E = exp.(M .- maximum(M, dims=2))", "    return E ./ sum(E, dims=2)", "end", "",
         "A = softmax_rows(S)"], [("result", attach(A, lambda i, j: f"A[{i+1},{j+1}]"))])
nb.code(['println("row sums: ", sum(A, dims=2))'], [("stdout", [("row sums: [1.0; 1.0; 1.0;;]", (), ["1.0", "1.0", "1.0"])])])
nb.code(["Z = A * V"], [("result", attach(O, lambda i, j: f"Z[{i+1},{j+1}]"))])
nb.md([(f"So *fast* (row 3) ends up as `[{jl(O[2][0])}, {jl(O[2][1])}]`, mostly because it gives weight {jl(A[2][2])} to itself.",
        [(jl(O[2][0]), "Z[3,1]", "correct"), (jl(O[2][1]), "Z[3,2]", "correct"), (jl(A[2][2]), "A[3,3]", "correct")], ["3"]),
       "", "Julia is column-major, so for long sequences it is actually nicer to store tokens as *columns* — that's next time."])
nb.write()
