"""English Reddit thread (r/learnmachinelearning) copied as Markdown: a question full of filler numbers that must not
become claims (illustrative hidden-state vectors "Layer 10: [156.7, -234.1, ...]", a shape 4x5000, d_k = 64,
batch_size = 1, sums printed as 1.000000 and tensor(1.), vote counts, a bibliography [1]) around a small real
computation: two tokens given as rows of a JavaScript array with `// "I"` comments, Wq/Wk/Wv 3 -> 2, /sqrt(2),
4 decimals. Exact rounding."""
from pathlib import Path

from w14lib import *

toks = ["I", "agree"]
Xs = [["0.8", "-0.3", "0.5"], ["0.2", "0.9", "-0.4"]]
Wqs = [["0.5", "0.2"], ["-0.3", "0.7"], ["0.6", "0.1"]]
Wks = [["0.4", "-0.5"], ["0.1", "0.6"], ["0.7", "0.3"]]
Wvs = [["0.9", "0.2"], ["-0.4", "0.5"], ["0.3", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
r = lambda q: rnd(q, 4)

d = Doc("reddit-filler-en", "md",
        "English Reddit thread copied as Markdown: filler numbers (illustrative vectors, shapes, d_k = 64, "
        "batch_size = 1, 1.000000, tensor(1.), votes, [1]) around a 2-token attention (JS rows with // comments), "
        "Wq/Wk/Wv 3 -> 2, /sqrt(2), 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens I, agree",
        script=Path(__file__).name)
A = d
A("r/learnmachinelearning")
A("")
A("[u/gradient_goblin](https://www.reddit.com/user/gradient_goblin/) · 9 hr. ago", nots=["9"])
A("")
A("# Are my attention numbers sane? Hidden states are huge but the weights look fine")
A("")
A("Question")
A("")
A("I'm poking at a 12-layer encoder (batch_size = 1, seq len 4, d_model 768, 12 heads so d_k = 64) and printing "
  "stuff as it goes. The hidden states get big fast, e.g.", nots=["12", "1", "4", "768", "64"])
A("")
A("```")
A("Layer 2:  [3.1, -0.8, 2.4, ...]", nots=["2", "3.1", "-0.8", "2.4"])
A("Layer 10: [156.7, -234.1, 89.3, ...]", nots=["10", "156.7", "-234.1", "89.3"])
A("Layer 11: [201.4, -310.9, 97.0, ...]", nots=["11", "201.4", "-310.9", "97.0"])
A("```")
A("")
A("and the attention weights tensor for the LM head comparison is 4x5000 (I know, weird). Every row of the weights "
  "sums to 1.000000 when I print with `%f`, and `attn.sum(-1)[0]` gives `tensor(1.)`, so I think softmax is OK.",
  nots=["4x5000", "1.000000", "1.", "-1", "0"])
A("")
A("To be sure I understand it I redid one head by hand with tiny numbers. JS because that's what I had open:")
A("")
A("```js")
A("const X = [")
for t, r_ in zip(toks, Xs):
    A(f"  [{', '.join(r_)}],   // \"{t}\"")
A("];")
for nm, M in (("Wq", Wqs), ("Wk", Wks), ("Wv", Wvs)):
    A(f"const {nm} = [" + ", ".join("[" + ", ".join(row) + "]" for row in M) + "];")
A("const dk = 2;", nots=["2"])
A("```")
A("")
A("What I got (rounded to 4 places by me):")
A("")
A("| | Q | K | V |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cells, cl = [], []
    for nm, M in (("Q", Q), ("K", K), ("V", V)):
        ss = [lit(v) for v in M[i]]
        cells.append("[" + ", ".join(ss) + "]")
        cl += [(s, f"{nm}[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)]
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
sr = [[r(v) for v in row] for row in S]
sc = [[r(v) for v in row] for row in Sc]
A(f"scores = QKᵀ = [[{sr[0][0]}, {sr[0][1]}], [{sr[1][0]}, {sr[1][1]}]]",
  claims=[(sr[i][j], f"scores[{toks[i]},{toks[j]}]", "correct") for i in range(2) for j in range(2)])
A("")
A(f"divided by √2 ({r(a['c'])}): [[{sc[0][0]}, {sc[0][1]}], [{sc[1][0]}, {sc[1][1]}]]",
  claims=[(r(a["c"]), "sqrt_dk", "correct")]
  + [(sc[i][j], f"scaled[{toks[i]},{toks[j]}]", "correct") for i in range(2) for j in range(2)], nots=["2"])
A("")
ww = [[r(v) for v in row] for row in W]
A(f"softmax → [[{ww[0][0]}, {ww[0][1]}], [{ww[1][0]}, {ww[1][1]}]]",
  claims=[(ww[i][j], f"weights[{toks[i]},{toks[j]}]", "correct") for i in range(2) for j in range(2)])
A("")
cc = [[r(v) for v in row] for row in C]
A(f"output → [[{cc[0][0]}, {cc[0][1]}], [{cc[1][0]}, {cc[1][1]}]]",
  claims=[(cc[i][k], f"context[{toks[i]}][{k + 1}]", "correct") for i in range(2) for k in range(2)])
A("")
A("Is that right? And is it normal that the big model's hidden states hit 300+?", nots=["300"])
A("")
A("▲ 47 ▼ · 12 comments · Share", nots=["47", "12"])
A("")
A("---")
A("")
A("**u/attn_is_all_i_need** · 7 hr. ago", nots=["7"])
A("")
A(f"Your small example checks out, I get {ww[0][0]} for the first weight too. The big hidden states are normal "
  "pre-LayerNorm; residual streams grow with depth (see [1], and the \"massive activations\" paper [2]).",
  claims=[(ww[0][0], f"weights[I,I]", "correct")], nots=["1", "2"])
A("")
A("[1] Xiong et al. (2020), On Layer Normalization in the Transformer Architecture.", nots=["1", "2020"])
A("")
A("[2] Sun et al. (2024), Massive Activations in Large Language Models.", nots=["2", "2024"])
A("")
A("▲ 18 ▼ · Reply", nots=["18"])
A("")
A("**u/gradient_goblin** · 6 hr. ago · OP", nots=["6"])
A("")
A("Thanks! Also for anyone wondering: 5000 was the vocab size of my toy tokenizer, not a sequence length.",
  nots=["5000"])
d.save()
