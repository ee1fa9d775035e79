"""Plain-text copy of a lecture handout (pasted from a PDF): one decoder query against encoder states, no projections, no scaling."""
from pathlib import Path

import numpy as np

from wlib import *

src = ["das", "Haus", "ist", "rot"]
Hs = [["0.9", "0.1", "0.3"], ["0.2", "1.0", "0.5"], ["0.4", "0.3", "0.8"], ["-0.1", "0.6", "1.2"]]
ss = ["0.5", "0.9", "0.2"]
H, s = V(Hs), V(ss)
e = [dot(s, h) for h in H]
ex = [mpmath.exp(v) for v in e]
Z = mpmath.fsum(ex)
al = [v / Z for v in ex]
c = wsum(al, H)
Hn, sn = np.array(Hs, float), np.array(ss, float)
en = Hn @ sn
an = np.exp(en) / np.exp(en).sum()
np_check(c, an @ Hn)

d = Doc("handout-cross-attention", "txt",
        "Plain-text copy of a university lecture handout (pasted from a PDF: page headers and footers, hyphenation, ligatures): cross-attention of one decoder state against four encoder states, keys = values = encoder states, no projections and no scaling",
        "dot-product cross-attention: scores e_j = s . h_j (unscaled), softmax over the source positions, context = sum alpha_j h_j", "exact",
        note="no planted slip; the exercise at the end asks for the scaled version but gives no numbers")
d.gen = Path(__file__).name
add = d.add
add("CS 4740/5740  Natural Language Processing                              Fall 2024", nots=["4740", "5740", "2024"])
add("Lecture 17 handout — Encoder–decoder attention, a worked example", nots=["17"])
add("")
add("Reading: J&M 3rd ed., §9.8 (draft of Jan 2024); Bahdanau et al. (2015); Vaswani et al. (2017), §3.2.",
    nots=["3", "9.8", "2024", "2015", "2017", "3.2"])
add("")
add("1  Setting", nots=["1"])
add("")
add("We translate German → English. The encoder has already read the source sentence")
add("“das Haus ist rot” and produced one state vector per source token (d = 3). In this", nots=["3"])
add("handout there are no learned projections: the keys AND the values are simply the")
add("encoder states, and the query is the current decoder state. We also skip the 1/√d", nots=["1"])
add("scaling, as in the original dot-product (Luong) attention.")
add("")
add("    Encoder states (source position j):")
for j, t in enumerate(src):
    vals = ", ".join(f"{v:>4}" for v in Hs[j])
    add(f"        h{j+1} = ({vals})     {t}")
add("")
add("    Decoder state after emitting “the” (this is the query):")
add("        s  = ( 0.5,  0.9,  0.2)")
add("")
add("2  Alignment scores", nots=["2"])
add("")
add("The score of source position j is the plain dot product e_j = s · h_j :")
add("")
for j in range(4):
    pr = [s[k] * H[j][k] for k in range(3)]
    ops = " + ".join(f"({ss[k]})({Hs[j][k]})" for k in range(3))
    prs = " + ".join(short(p) if not short(p).startswith("-") else f"({short(p)})" for p in pr)
    add(f"    e{j+1} = {ops}", nots=[str(j + 1)] if False else ())
    add(f"       = {prs} = {fix(e[j], 2)}",
        claims=[(short(p), f"s[{k+1}]*h{j+1}[{k+1}]", "correct") for k, p in enumerate(pr)] + [(fix(e[j], 2), f"e{j+1}", "correct")])
add("")
add("Note that e2 is the largest: s puts most of its weight on the second coordinate,", nots=["2"])
add("which is exactly where h2 is large. The negative entry of h4 costs it a little.", nots=["2", "4"])
add("")
add("                                                                      — 1 —", nots=["1"])
add("\f")
add("CS 4740/5740 · Lecture 17 handout                                           page 2", nots=["4740", "5740", "17", "2"])
add("")
add("3  Softmax over the source positions", nots=["3"])
add("")
add("Exponentiate each score and normalise:")
add("")
for j in range(4):
    add(f"    exp(e{j+1}) = exp({fix(e[j], 2)}) = {rnd(ex[j], 4)}",
        claims=[(rnd(ex[j], 4), f"exp(e{j+1})", "correct")], opts=[fix(e[j], 2)])
add(f"    Z = {' + '.join(rnd(v, 4) for v in ex)} = {rnd(Z, 4)}",
    claims=[(rnd(Z, 4), "Z = sum of exp(e_j)", "correct")], opts=[rnd(v, 4) for v in ex])
add("")
for j in range(4):
    add(f"    α{j+1} = {rnd(ex[j], 4)} / {rnd(Z, 4)} = {rnd(al[j], 4)}        ({src[j]})",
        claims=[(rnd(al[j], 4), f"alpha{j+1}", "correct")], opts=[rnd(ex[j], 4), rnd(Z, 4)])
add("")
add(f"Check: the weights sum to {rnd(mpmath.fsum(al), 4)}. The decoder attends mostly to “Haus”,", claims=[(rnd(mpmath.fsum(al), 4), "sum of alphas", "correct")])
add("which is what we would hope for just before it produces “house”; “rot” comes second")
add("because e4 is the second-largest score.", nots=["4"])
add("")
add("4  Context vector", nots=["4"])
add("")
add("The context is the α-weighted sum of the values, which here are the encoder states")
add("themselves:  c = α1 h1 + α2 h2 + α3 h3 + α4 h4 .")
add("")
for k in range(3):
    terms = " + ".join(f"{rnd(al[j], 4)}({Hs[j][k]})" for j in range(4))
    add(f"    c{k+1} = {terms}", opts=[rnd(al[j], 4) for j in range(4)])
    add(f"       ≈ {rnd(c[k], 4)}", claims=[(rnd(c[k], 4), f"context[{k+1}]", "correct")])
add("")
add(f"    c = ({', '.join(rnd(v, 4) for v in c)})", claims=[(rnd(c[k], 4), f"context[{k+1}]", "correct") for k in range(3)])
add("")
add("The decoder then combines c with s (e.g. concatenation followed by a tanh layer) to")
add("predict the next word. Computing the conﬁdence of that prediction is next week’s topic.")
add("")
add("5  Exercises", nots=["5"])
add("")
add("  (a) Redo §3 with scaled scores e_j / √3. Do the weights become ﬂatter or sharper?", nots=["3", "3"])
add("  (b) Suppose h3 is replaced by 2·h3. Which weight increases, and why can a longer", nots=["3", "2", "3"])
add("      key vector dominate unscaled dot-product atten-")
add("      tion?")
add("  (c) Show that if all e_j are equal the context is the average of the h_j.")
add("")
add("                                                                      — 2 —", nots=["2"])
d.write()
