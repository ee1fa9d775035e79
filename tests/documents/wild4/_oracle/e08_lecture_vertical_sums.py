"""English lecture-notes page in Markdown: one query ('barked') against the keys of 'the dog barked', worked as
vertical sums (one product per line, a rule, then the total), scaled by sqrt(4) = 2, softmax with e^x listed
vertically, and the weighted sum of values component by component. Tokens are named only in a quoted sentence, and
the key/value rows are printed in the order dog, barked, the (labelled). Chained rounding."""
from pathlib import Path

import numpy as np

from w4lib import *

sent = ["the", "dog", "barked"]
order = ["dog", "barked", "the"]          # printed order
qs = ["0.6", "-0.2", "0.5", "0.1"]
Ks = {"dog": ["0.9", "0.4", "0.3", "-0.7"], "barked": ["0.2", "-0.5", "0.8", "0.6"], "the": ["-0.3", "0.1", "0.2", "0.4"]}
Vs = {"dog": ["1.0", "0.2", "-0.4"], "barked": ["0.3", "0.9", "0.5"], "the": ["-0.6", "0.1", "0.7"]}
q = M(qs)
K = {w: M(v) for w, v in Ks.items()}
Vm = {w: M(v) for w, v in Vs.items()}
terms = {w: [q[m] * K[w][m] for m in range(4)] for w in order}
score = {w: mpmath.fsum(terms[w]) for w in order}
scaled = {w: score[w] / 2 for w in order}
# chained: every step from the printed values of the step before
sc_t = {w: short(scaled[w]) for w in order}
ex_t = {w: r(mpmath.exp(P(sc_t[w])), 4) for w in order}
sum_t = short(mpmath.fsum(P(ex_t[w]) for w in order))
w_t = {w: r(P(ex_t[w]) / P(sum_t), 4) for w in order}
prod_t = {w: [short(P(w_t[w]) * Vm[w][c]) for c in range(3)] for w in order}
out_t = [short(mpmath.fsum(P(prod_t[w][c]) for w in order)) for c in range(3)]
# exact values agree with the chain to the printed digits (NumPy check of the exact path too)
Kn = np.array([Ks[w] for w in order], float); Vn = np.array([Vs[w] for w in order], float)
sn = Kn @ np.array(qs, float) / 2; wn = np.exp(sn) / np.exp(sn).sum()
check_np([scaled[w] for w in order], sn)
check_np([P(w_t[w]) for w in order], wn, tol=2e-4); check_np([P(v) for v in out_t], wn @ Vn, tol=5e-4)

d = Doc("lecture-vertical-sums", "md",
        "English lecture-notes page (course site Markdown, 'Lecture 9' header, admonition-like blockquotes, code-block "
        "arithmetic): the query of 'barked' against the keys of \"the dog barked\", each dot product as a vertical sum "
        "(one product per line, a ----- rule, the total), /sqrt(4) = 2, exponentials listed vertically with their sum, "
        "weights, and the weighted sum of the values as three vertical sums; tokens appear only in a quoted sentence and "
        "the rows are printed in the order dog, barked, the, each labelled; chained rounding",
        "one query row: softmax(q . k_j / sqrt(4)) over j in {the, dog, barked}, output = sum_j w_j v_j; q, k_j, v_j given",
        "chained", gen=Path(__file__).name)
add = d.add
add("# Lecture 9 — Attention, one query at a time")
add("")
add("*CS 4xx Natural Language Processing · Spring term · notes typed up after class*")
add("")
add("> These notes follow the board. If something here disagrees with the slides, the slides win; tell the TA.")
add("")
add("## 9.1 Setting")
add("")
add("We look at the sentence")
add("")
add("> \"the dog barked\"")
add("")
add("and compute the attention output for the **last word only**. Its query vector (already projected, d_k = 4) is",
    nots=["4"])
add("")
add(f"    q(barked) = ({', '.join(qs)})", opts=qs)
add("")
add("The keys and values of all three words are listed below. I wrote them on the board in the order the")
add("students called them out, so they are **not** in sentence order; the label on each row is what matters.")
add("")
add("| word | key k | value v |")
add("|---|---|---|")
for w in order:
    add(f"| {w} | ({', '.join(Ks[w])}) | ({', '.join(Vs[w])}) |", opts=Ks[w] + Vs[w])
add("")
add("## 9.2 Dot products, written out")
add("")
add("Multiply component by component, then add down the column.")
add("")
for w in order:
    add(f"q · k({w}):")
    add("")
    add("```")
    for m in range(4):
        tt = short(terms[w][m])
        add(f"   {qs[m]:>5} × {Ks[w][m]:>5}  = {tt:>6}", claims=[(tt, f"scores.terms[barked,{w}][{m+1}]", "correct")],
            opts=[qs[m], Ks[w][m]])
    add("   " + "-" * 22)
    add(f"   {'':>16} {short(score[w]):>6}", claims=[(short(score[w]), f"scores[barked,{w}]", "correct")])
    add("```")
    add("")
add("## 9.3 Scale and softmax")
add("")
add("Divide by √d_k = √4 = 2 (this keeps the scores from growing with the dimension):", nots=["4", "2"])
add("")
add("```")
for w in order:
    add(f"   {w:<7} {short(score[w]):>6} / 2 = {sc_t[w]:>7}", claims=[(sc_t[w], f"scaled[barked,{w}]", "correct")],
        opts=[short(score[w])], nots=["2"])
add("```")
add("")
add("Exponentiate each scaled score and add them up:")
add("")
add("```")
for w in order:
    add(f"   {'e^(' + sc_t[w] + ')':<12} = {ex_t[w]}    ({w})", claims=[(ex_t[w], f"exp[barked,{w}]", "correct")], opts=[sc_t[w]])
add("   " + "-" * 26)
add(f"   {'sum':<12} = {sum_t}", claims=[(sum_t, "expsum[barked]", "correct")])
add("```")
add("")
add("and divide by the sum:")
add("")
add("```")
for w in order:
    add(f"   {'w(' + w + ')':<10} = {ex_t[w]} / {sum_t} = {w_t[w]}", claims=[(w_t[w], f"weights[barked,{w}]", "correct")],
        opts=[ex_t[w], sum_t])
add("```")
add("")
big = max(order, key=lambda w: P(w_t[w]))
add(f"So \"barked\" looks mostly at \"{big}\" ({w_t[big]}). The three weights add to 1 up to rounding.",
    claims=[(w_t[big], f"weights[barked,{big}]", "correct")], nots=["1"])
add("")
add("## 9.4 Weighted sum of the values")
add("")
add("One vertical sum per component of the output:")
add("")
add("```")
hdr = "   " + "".join(f"{'component ' + str(c + 1):<26}" for c in range(3))
add(hdr.rstrip(), nots=["1", "2", "3"])
for w in order:
    cells = []
    cl, op = [], [w_t[w]] * 3
    for c in range(3):
        cells.append(f"{w_t[w]} × {Vs[w][c]:>4} = {prod_t[w][c]:>8}")
        cl.append((prod_t[w][c], f"weighted_v[barked,{w}][{c+1}]", "correct"))
        op.append(Vs[w][c])
    add("   " + "   ".join(cells) + f"   ({w})", claims=cl, opts=op)
add("   " + "   ".join(["-" * 23] * 3))
add("   " + "   ".join(f"{'':>14}{out_t[c]:>9}" for c in range(3)),
    claims=[(out_t[c], f"context[barked][{c+1}]", "correct") for c in range(3)])
add("```")
add("")
add(f"**Output for \"barked\": ({', '.join(out_t)})**",
    claims=[(out_t[c], f"context[barked][{c+1}]", "correct") for c in range(3)])
add("")
add("## 9.5 Things to remember for the quiz")
add("")
add("- The query row never changes during the computation; only the keys and values vary with the word attended to.")
add("- Order of the rows does not matter as long as each key stays paired with its own value.")
add("- In the 2017 paper d_k = 64, so the divisor is 8; here d_k = 4 and the divisor is 2.", nots=["2017", "64", "8", "4", "2"])
add("- Exercise 9.3 (due Friday): redo 9.2–9.4 for the query of \"dog\" (q(dog) will be on the problem sheet).",
    nots=["9.3", "9.2", "9.4"])
d.write()
