"""Google Sheets walkthrough pasted as tab-separated text: cell blocks copied from a sheet (displayed with format
0.0000), the formulas listed separately; scaled scores, EXP, row sums, weights with a check column, output."""
from pathlib import Path

import numpy as np

from w3lib import *

toks = ["I", "like", "tea"]
Qs = [["0.9", "0.1"], ["0.3", "1.2"], ["-0.4", "0.7"]]
Ks = [["1.1", "-0.2"], ["0.2", "0.9"], ["-0.5", "0.6"]]
Vs = [["0.5", "1.0"], ["1.3", "-0.2"], ["0.1", "0.4"]]
Q, K, Vm = V(Qs), V(Ks), V(Vs)
r2 = mpmath.sqrt(2)
S = [[dot(Q[i], K[j]) / r2 for j in range(3)] for i in range(3)]
E = [[mpmath.exp(v) for v in row] for row in S]
RS = [mpmath.fsum(row) for row in E]
A = [[v / s for v in row] for row, s in zip(E, RS)]
O = mm(A, Vm)
Sn = np.array(Qs, float) @ np.array(Ks, float).T / np.sqrt(2)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ np.array(Vs, float))

d = Doc("sheets-attention-tsv", "txt",
        "English walkthrough of a Google Sheets attention toy, pasted as plain text: tab-separated cell blocks (values "
        "displayed with the 0.0000 number format), cell addresses, a formulas list (=MMULT, =EXP, =SUM, =SQRT(2)), "
        "a check column of 1.0000; Q, K, V typed in",
        "softmax(QK^T/sqrt(2))V, Q, K, V given", "exact", gen=Path(__file__).name)
add = d.add
f4 = lambda v: r(v, 4)
add("attention toy in google sheets (file: attention_toy_v3, tab 'one head')", nots=["3"])
add("==========================================================================")
add("")
add("Pasted straight out of the sheet with Ctrl+C / Ctrl+V, so columns are tab-separated.")
add("Every computed cell uses number format 0.0000 (Format > Number > Custom), the sheet itself keeps full precision.",
    nots=["0.0000"])
add("")
add("--- block 1: inputs, A2:G5 (typed in by hand) ---")
add("\t".join(["token", "q1", "q2", "k1", "k2", "v1", "v2"]))
for i in range(3):
    add("\t".join([toks[i]] + Qs[i] + Ks[i] + Vs[i]))
add("")
add("--- block 2: scaled scores, B9:D11   =MMULT(B3:C5,TRANSPOSE(D3:E5))/SQRT(2) ---", nots=["2"])
add("\t".join(["q \\ k"] + toks))
for i in range(3):
    add("\t".join([toks[i]] + [f4(v) for v in S[i]]), claims=[(f4(v), f"S/sqrt2[{i}][{j}]", "correct") for j, v in enumerate(S[i])])
add("")
add("--- block 3: exponentials, B15:D17 =EXP(B9) dragged; row sum in E15:E17 =SUM(B15:D15) ---")
add("\t".join(["", *toks, "row sum"]))
for i in range(3):
    add("\t".join([toks[i]] + [f4(v) for v in E[i]] + [f4(RS[i])]),
        claims=[(f4(v), f"exp[{i}][{j}]", "correct") for j, v in enumerate(E[i])] + [(f4(RS[i]), f"rowsum exp[{i}]", "correct")])
add("")
add("--- block 4: weights, B21:D23 =B15/$E15 ; check column E21:E23 =SUM(B21:D21) ---")
add("\t".join(["", *toks, "check"]))
for i in range(3):
    add("\t".join([toks[i]] + [f4(v) for v in A[i]] + ["1.0000"]),
        claims=[(f4(v), f"A[{i}][{j}]", "correct") for j, v in enumerate(A[i])], nots=["1.0000"])
add("")
add("--- block 5: output, B27:C29 =MMULT(B21:D23,F3:G5) ---")
add("\t".join(["", "o1", "o2"]))
for i in range(3):
    add("\t".join([toks[i]] + [f4(v) for v in O[i]]), claims=[(f4(v), f"O[{i}][{j}]", "correct") for j, v in enumerate(O[i])])
add("")
add("notes")
add("-----")
add(f"* 'like' puts most weight on itself ({f4(A[1][1])}); 'tea' is almost evenly split.",
    claims=[(f4(A[1][1]), "A[1][1] (restated)", "correct")])
add("* If you change q2 of 'I' in C3, blocks 2-5 update instantly; that's the main reason to do this in a sheet.",
    nots=["2", "5"])
add("* SQRT(2) because d_k = 2. With the paper's d_k = 64 it would be 8.", nots=["2", "64", "8"])
add("* MMULT needs Ctrl+Shift+Enter in old Excel; Sheets wraps it in ARRAYFORMULA automatically.")
d.write()
