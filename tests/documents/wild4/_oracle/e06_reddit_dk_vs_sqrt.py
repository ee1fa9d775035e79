"""Reddit thread copied as plain text: the poster computes attention with Q, K, V given and scales the scores by d_k
(= 4) instead of sqrt(d_k); the top reply recomputes everything with sqrt(d_k) = 2. Two computations in one document,
both claims, each correct under its own convention."""
from pathlib import Path

import numpy as np

from w4lib import *

tok = ["dogs", "chase", "balls"]
Qs = [["0.9", "0.2", "-0.4", "1.1"], ["0.3", "1.0", "0.6", "-0.2"], ["-0.5", "0.4", "1.2", "0.7"]]
Ks = [["1.0", "-0.3", "0.5", "0.8"], ["0.2", "0.9", "-0.6", "0.4"], ["-0.7", "0.5", "1.1", "0.3"]]
Vs = [["0.5", "1.5"], ["2.0", "-1.0"], ["-0.5", "1.0"]]
Q, K, V = M(Qs), M(Ks), M(Vs)
S = matmul(Q, transpose(K))
runs = {}
for lab, div in (("dk", mpf(4)), ("sqrt", mpf(2))):
    Sc = [[v / div for v in row] for row in S]
    E = [[mpmath.exp(v) for v in row] for row in Sc]
    A = [softmax(row) for row in Sc]
    O = matmul(A, V)
    runs[lab] = (Sc, E, A, O)
Sn = np.array(Qs, float) @ np.array(Ks, float).T
for lab, div in (("dk", 4), ("sqrt", 2)):
    An = np.exp(Sn / div); An /= An.sum(1, keepdims=True)
    check_np(runs[lab][2], An); check_np(runs[lab][3], An @ np.array(Vs, float))

d = Doc("reddit-dk-vs-sqrt-dk", "txt",
        "English Reddit thread (r/learnmachinelearning) copied as plain text: vote counts, user names, 'level 1' reply "
        "markers; the poster computes attention for 'dogs chase balls' from Q, K, V given, scaling QK^T by d_k = 4; "
        "the top reply redoes it with sqrt(d_k) = 2 (scaled scores, exponentials, row sums, weights, outputs); two "
        "computations, each correct under its own convention",
        "post: softmax(QK^T / 4) V;  reply: softmax(QK^T / sqrt(4)) V;  Q, K, V given",
        "exact", gen=Path(__file__).name)
add = d.add
add("r/learnmachinelearning")
add("Posted by u/tensor_tourist · 7 hr. ago", nots=["7"])
add("")
add("[Question] Is my attention math right? My weights look way too flat")
add("")
add("I'm doing the 'compute self-attention by hand' exercise from a course and my weights come out almost uniform,")
add("which I didn't expect. Can someone check? d_k = 4, three tokens (dogs, chase, balls). Q, K, V were given:",
    nots=["4"])
add("")
for nm, Mx in (("Q", Qs), ("K", Ks), ("V", Vs)):
    add(f"{nm} =")
    for i in range(3):
        add(f"  {tok[i]:<6} [{', '.join(Mx[i])}]", opts=Mx[i])
add("")
add("QK^T (row = query, column = key):")
add("")
for i in range(3):
    vals = [short(v) for v in S[i]]
    add(f"  {tok[i]:<6} " + "  ".join(f"{v:>6}" for v in vals),
        claims=[(vals[j], f"scores[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
add("")
add("Then I scale by d_k like the formula says (softmax(QK^T / d_k) V), so divide everything by 4:", nots=["4"])
add("")
Sc, E, A, O = runs["dk"]
for i in range(3):
    vals = [r(v, 4) for v in Sc[i]]
    add(f"  {tok[i]:<6} " + "  ".join(f"{v:>7}" for v in vals),
        claims=[(vals[j], f"post.scaled[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
add("")
add("softmax of each row:")
add("")
for i in range(3):
    vals = [r(v, 4) for v in A[i]]
    add(f"  {tok[i]:<6} " + "  ".join(vals), claims=[(vals[j], f"post.weights[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
add("")
add("and the output (weights times V):")
add("")
for i in range(3):
    vals = [r(v, 4) for v in O[i]]
    add(f"  {tok[i]:<6} [{', '.join(vals)}]", claims=[(vals[k], f"post.context[{tok[i]}][{k+1}]", "correct") for k in range(2)])
add("")
add("Every row is like 0.3 / 0.3 / 0.4. Is attention supposed to be this boring or did I mess up?", nots=["0.3", "0.3", "0.4"])
add("")
add("14 upvotes · 6 comments", nots=["14", "6"])
add("")
add("level 1")
add("u/gradient_gremlin · 6 hr. ago", nots=["6"])
add("")
add("Your arithmetic is fine, the formula isn't. It's sqrt(d_k), not d_k. With d_k = 4 you should divide by 2, not 4.",
    nots=["4", "2", "4"])
add("Dividing by the full d_k squashes the scores twice as much as intended, so the softmax flattens out. Redoing it:",
    nots=[])
add("")
Sc, E, A, O = runs["sqrt"]
add("QK^T / 2:", nots=["2"])
for i in range(3):
    vals = [r(v, 4) for v in Sc[i]]
    add(f"    {tok[i]:<6} " + "  ".join(f"{v:>7}" for v in vals),
        claims=[(vals[j], f"reply.scaled[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
add("")
add("exp, then row sums:")
for i in range(3):
    vals = [r(v, 4) for v in E[i]]
    s = r(mpmath.fsum(E[i]), 4)
    add(f"    {tok[i]:<6} " + " + ".join(vals) + f" = {s}",
        claims=[(vals[j], f"reply.exp[{tok[i]},{tok[j]}]", "correct") for j in range(3)] + [(s, f"reply.expsum[{tok[i]}]", "correct")])
add("")
add("weights:")
for i in range(3):
    vals = [r(v, 4) for v in A[i]]
    add(f"    {tok[i]:<6} " + "  ".join(vals), claims=[(vals[j], f"reply.weights[{tok[i]},{tok[j]}]", "correct") for j in range(3)])
add("")
add("outputs:")
for i in range(3):
    vals = [r(v, 4) for v in O[i]]
    add(f"    {tok[i]:<6} [{', '.join(vals)}]", claims=[(vals[k], f"reply.context[{tok[i]}][{k+1}]", "correct") for k in range(2)])
add("")
j = max(range(3), key=lambda k: A[0][k])
add(f"Now 'dogs' puts {r(A[0][j], 4)} on '{tok[j]}' instead of {r(runs['dk'][2][0][j], 4)}. Still not super peaked because your vectors",
    claims=[(r(A[0][j], 4), f"reply.weights[dogs,{tok[j]}]", "correct"),
            (r(runs["dk"][2][0][j], 4), f"post.weights[dogs,{tok[j]}]", "correct")])
add("are small, but that's the right answer. The reason for the square root: if q and k have unit-variance entries, q·k")
add("has variance d_k, so its standard deviation is sqrt(d_k). Dividing by that keeps the scores around unit scale.")
add("")
add("    level 2")
add("    u/tensor_tourist · 5 hr. ago", nots=["5"])
add("    Oh wow, I literally read \"d_k\" under the fraction bar and forgot the root. Thanks, that fixed it!")
add("")
add("level 1")
add("u/not_a_transformer · 4 hr. ago", nots=["4"])
add("Fun fact: in the paper (section 3.2.1) they mention additive attention beats unscaled dot-product for large d_k,",
    nots=["3.2.1"])
add("which is why the 1/sqrt(d_k) is there at all. With d_k = 64 the divisor is 8.", nots=["1", "64", "8"])
d.write()
