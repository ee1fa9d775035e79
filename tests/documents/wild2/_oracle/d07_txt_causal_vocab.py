"""Plain text copied from a PDF lecture handout: one causal head at the last of three positions, then the output
layer's logits over a 5-word vocabulary and the next-token softmax; one planted slip (a dropped minus sign)."""
from pathlib import Path

import numpy as np

from w2lib import *

vocab = ["the", "cat", "sat", "on", "mat"]
Qs = [["0.5", "-0.2", "0.1", "0.4"], ["0.3", "0.8", "-0.5", "0.2"], ["1.0", "0.4", "-0.6", "0.8"]]
Ks = [["0.6", "0.2", "-0.4", "1.0"], ["-0.2", "0.9", "0.3", "0.1"], ["0.8", "-0.1", "0.5", "0.7"]]
Vs = [["0.4", "1.2", "-0.3", "0.5"], ["-0.6", "0.3", "0.9", "0.2"], ["1.1", "-0.4", "0.2", "0.8"]]
Wos = [["0.3", "-0.5", "0.8", "0.1", "-0.2"], ["0.6", "0.2", "-0.4", "0.5", "0.3"],
       ["-0.7", "0.4", "0.1", "-0.3", "0.9"], ["0.2", "0.7", "0.5", "-0.6", "0.1"]]
Q, K, V, Wo = M(Qs), M(Ks), M(Vs), M(Wos)
q3 = Q[2]
s = [dot(q3, K[j]) for j in range(3)]
sc = [v / 2 for v in s]
a = smax(sc)
z = [mpmath.fsum(a[j] * V[j][c] for j in range(3)) for c in range(4)]
zp = [mpf(rnd(v, 4)) for v in z]          # the handout carries z3 at 4 decimals into the output layer
prods = [[zp[k] * Wo[k][w] for k in range(4)] for w in range(5)]
logit_true = [mpmath.fsum(p) for p in prods]
SLW, SLK = 3, 2                            # word 'on', term z3[2]*Wo[2][3]: the minus sign is dropped
prods_doc = [list(p) for p in prods]
prods_doc[SLW][SLK] = -prods[SLW][SLK]
logit = [mpmath.fsum(p) for p in prods_doc]
prob = smax(logit)
prob_true = smax(logit_true)
# NumPy check of the slip-free chain
zn = np.exp(np.array(s, float) / 2); zn = zn / zn.sum() @ np.array(Vs, float)
np_same(z, zn)
ln_ = np.round(zn, 4) @ np.array(Wos, float)
np_same(logit_true, ln_)

d = Doc("handout-causal-nexttoken", "txt",
        "Plain text copied out of a PDF lecture handout (running page headers, hyphenated line breaks, unicode minus, "
        "numbered equations): decoder self-attention with a causal mask for the last of three positions (Q, K, V given, "
        "d_k = 4, scaled by sqrt(4) = 2), the context vector z3, then logits z3 W_out over a 5-word vocabulary and the "
        "next-token softmax; one planted slip",
        "a = softmax(q3 [k1 k2 k3]^T / 2); z3 = a V; logits = round4(z3) W_out; p = softmax(logits)", "exact",
        note="z3 is carried into the output layer at its printed 4 decimals (the handout says so); planted slip: in the logit "
             "of 'on' the term z3[3] x (-0.3) is written with a + sign; the logit of 'on' and every probability are propagated "
             "(those that print the same as without the slip are 'any'), the argmax is unchanged",
        gen=Path(__file__).name)
add = d.add
f4 = lambda v: um(rnd(v, 4))
vec = lambda xs: "(" + ", ".join(um(x) for x in xs) + ")"
add("CS 4710 / Spring 2025                                   Lecture 11 — Masked attention and decoding", nots=["4710", "2025", "11"])
add("")
add("11.3 A worked example: predicting the fourth token", nots=["11.3"])
add("")
add("We now run one attention head of a decoder on the prefix “the cat sat” and ask")
add("which word comes next. To keep the arithmetic short we skip the projections and")
add("state the query, key and value vectors directly (in a trained model they would be")
add("x W_Q, x W_K and x W_V with d_model = 512; here d_k = 4).", nots=["512", "4"])
add("")
for i, nm in enumerate(["the", "cat", "sat"]):
    add(f"   position {i + 1} ({nm}):  q{i+1} = {vec(Qs[i])}   k{i+1} = {vec(Ks[i])}", nots=[str(i + 1)])
    add(f"                      v{i+1} = {vec(Vs[i])}")
add("")
add("Because of the causal mask, position t may only look at positions 1, …, t. The", nots=["1"])
add("mask added to the score matrix is")
add("")
add("          ⎡ 0   −∞   −∞ ⎤", nots=["0"])
add("     M =  ⎢ 0    0   −∞ ⎥", nots=["0", "0"])
add("          ⎣ 0    0    0 ⎦", nots=["0", "0", "0"])
add("")
add("so for the last position (t = 3) nothing is masked and the computation is an", nots=["3"])
add("ordinary softmax over all three keys. The scores are")
add("")
for j in range(3):
    terms = " + ".join(f"({um(Qs[2][k])})({um(Ks[j][k])})" for k in range(4))
    add(f"   q3 · k{j+1} = {terms}")
    add(f"           = {um(exact(s[j]))}" + ("," if j < 2 else "."), claims=[(exact(s[j]), f"q3.k{j+1}", "correct")])
add("")
add("Dividing by √d_k = √4 = 2 gives the scaled scores", claims=[("2", "sqrt(4)", "correct")], nots=["4"])
add("")
add(f"   s = ({', '.join(um(exact(v)) for v in sc)})                                   (11.4)",
    claims=[(exact(sc[j]), f"q3.k{j+1}/2", "correct") for j in range(3)], nots=["11.4"])
add("")
ex = [mpmath.exp(v) for v in sc]
add(f"and e^s = ({', '.join(f4(v) for v in ex)}), whose sum is {f4(mpmath.fsum(ex))}. The atten-",
    claims=[(rnd(v, 4), f"exp(s{j+1})", "correct") for j, v in enumerate(ex)] + [(rnd(mpmath.fsum(ex), 4), "sum exp(s)", "correct")])
add("tion weights of position 3 are therefore", nots=["3"])
add("")
add(f"   α3 = ({', '.join(f4(v) for v in a)}).                               (11.5)",
    claims=[(rnd(a[j], 4), f"alpha3[{j+1}]", "correct") for j in range(3)], nots=["3", "11.5"])
add("")
add("The context vector is the α-weighted sum of the values:")
add("")
add(f"   z3 = {f4(a[0])} v1 + {f4(a[1])} v2 + {f4(a[2])} v3", opts=[rnd(v, 4) for v in a], nots=["3", "1", "2", "3"])
add(f"      = ({', '.join(f4(v) for v in z)}).                     (11.6)",
    claims=[(rnd(z[c], 4), f"z3[{c+1}]", "correct") for c in range(4)], nots=["11.6"])
add("")
add("")
add("                                          14", nots=["14"])
add("\f")
add("Lecture 11 — Masked attention and decoding                                        CS 4710", nots=["11", "4710"])
add("")
add("From context vector to next-token distribution. The output layer maps z3 to one", nots=["3"])
add("logit per vocabulary word. With the toy vocabulary {the, cat, sat, on, mat} and")
add("")
add("            the    cat    sat     on    mat")
for k in range(4):
    pre = "   W_out = " if k == 1 else "           "
    add(pre + "  ".join(um(v).rjust(5) for v in Wos[k]))
add("")
add("(we use z3 rounded to four decimals) the logits are", nots=["3"])
add("")
for w in range(5):
    terms = " + ".join(f"({f4(zp[k])})({um(Wos[k][w])})" for k in range(4))
    pt = " + ".join(f"({um(exact(p))})" for p in prods_doc[w])
    add(f"   ℓ({vocab[w]}) = {terms}", opts=[rnd(zp[k], 4) for k in range(4)])
    cl = [(exact(p), f"z3[{k+1}]*W_out[{k+1}][{vocab[w]}]", "wrong" if (w == SLW and k == SLK) else "correct") for k, p in enumerate(prods_doc[w])]
    cl.append((rnd(logit[w], 4), f"logit[{vocab[w]}]", "propagated" if w == SLW else "correct"))
    add(f"        = {pt} = {f4(logit[w])}", claims=cl)
add("")
add("and the softmax over the vocabulary is")
add("")
add("            the      cat      sat      on       mat")
pv = ["any" if rnd(prob[w], 4) == rnd(prob_true[w], 4) else "propagated" for w in range(5)]
add("   p =   " + "   ".join(f4(v) for v in prob) + "                     (11.7)",
    claims=[(rnd(prob[w], 4), f"p(next = {vocab[w]})", pv[w]) for w in range(5)], nots=["11.7"])
add("")
best = max(range(5), key=lambda w: prob[w])
assert best == max(range(5), key=lambda w: prob_true[w])
add(f"Greedy decoding picks “{vocab[best]}” (p ≈ {rs(prob[best], 2)}); sampling with temperature 1 would choose it", claims=[(rs(prob[best], 2), f"p(next = {vocab[best]}) rounded", pv[best] if rs(prob[best], 2) != rs(prob_true[best], 2) else "any")], nots=["1"])
add(f"only about {rs(100 * prob[best], 0)}% of the time. Exercise 11.2 asks you to repeat the computation", claims=[(rs(100 * prob[best], 0), f"p(next = {vocab[best]}) in percent", "any" if rs(100 * prob[best], 0) == rs(100 * prob_true[best], 0) else "propagated")], nots=["11.2"])
add("for position 2, where the mask removes k3.¹", nots=["2", "3"])
add("")
add("   ¹ In practice −∞ is implemented as a large negative number such as −1e9.", nots=["-1e9"])
add("")
add("                                          15", nots=["15"])
d.write()
