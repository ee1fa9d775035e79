"""English Medium post exported to Markdown (title, subtitle, author block, 'Published in … · 7 min read', clap and
response counts, image with caption, '--' separators): Luong dot-product attention at one decoder step of a seq2seq
translator: decoder state s against encoder states h1..h4, scores s·h_i written out term by term, e^score, sum,
weights (decimal and percent), context vector, then the attentional state tanh(W_c [c; s])."""
from pathlib import Path

from w6lib import *

src = ["the", "cat", "sat", "down"]
Hs = [["0.6", "-0.1", "0.3"], ["0.2", "0.8", "-0.4"], ["-0.5", "0.4", "0.7"], ["0.1", "-0.6", "0.5"]]
Ss = ["0.7", "0.5", "-0.2"]
Wc = [["0.4", "-0.2", "0.1", "0.3", "0.0", "-0.5"], ["0.2", "0.6", "-0.3", "-0.1", "0.4", "0.2"],
      ["-0.3", "0.1", "0.5", "0.2", "-0.4", "0.3"]]
H, s = mat(Hs), mat(Ss)
sc = [dot(s, h) for h in H]
e = [mpmath.exp(x) for x in sc]
Z = mpmath.fsum(e)
al = [x / Z for x in e]
c = [mpmath.fsum(al[j] * H[j][m] for j in range(4)) for m in range(3)]
cs = c + s
ht = [mpmath.tanh(dot(mat(w), cs)) for w in Wc]
Hn, sn = np.array(Hs, float), np.array(Ss, float)
scn = Hn @ sn; aln = np.exp(scn) / np.exp(scn).sum(); cn = aln @ Hn
htn = np.tanh(np.array(Wc, float) @ np.concatenate([cn, sn]))
agree(sc, scn); agree(al, aln); agree(c, cn); agree(ht, htn)

d = Doc("medium-luong", "md",
        "English Medium post exported to Markdown (author block, 'Published in … · 7 min read', claps, figure caption, "
        "'--' separators): Luong dot-product attention at one decoder step of a seq2seq model: decoder state s "
        "against 4 encoder states, dot-product scores written term by term, e^score, sum, attention weights "
        "(decimals and percentages), context vector, then the attentional state tanh(W_c [c; s])",
        "seq2seq dot attention: score_i = s·h_i (no scaling), alpha = softmax(score), c = sum alpha_i h_i, "
        "h~ = tanh(W_c [c; s]) (beyond the transformer)",
        script=Path(__file__).name)
A = d
F = lambda v: rnd(v, 4)
A("# Attention Before Transformers: One Decoder Step, Every Number Shown")
A("")
A("## Luong’s dot-product attention, small enough to check on a phone calculator")
A("")
A("[![Dana Whitfield](https://miro.medium.com/v2/resize:fill:88:88/1*Q7vVb3mK2pWnD9xS0aJc4g.jpeg)](https://medium.com/@dwhitfield?source=post_page-----)",
  nots=["88"])
A("")
A("[Dana Whitfield](https://medium.com/@dwhitfield?source=post_page-----)")
A("")
A("·")
A("")
A("[Follow](https://medium.com/m/signin?actionUrl=follow)")
A("")
A("Published in Level Up NLP · 7 min read · Sep 3, 2023", nots=["7", "3", "2023"])
A("")
A("--")
A("")
A("4", nots=["4"])
A("")
A("Listen")
A("")
A("Share")
A("")
A("Everybody explains attention with the Transformer now, but the idea is older: in 2015 Luong et al. let an RNN "
  "decoder look back at every encoder state before choosing the next word. The arithmetic is the same softmax you "
  "already know, just with one query at a time. Let’s do one step by hand.", nots=["2015"])
A("")
A("![](https://miro.medium.com/v2/resize:fit:1400/1*xK2m8Rt0cYQ4bN3uZ5wE7g.png)", nots=["1400"])
A("")
A("Encoder states (orange) and the decoder state (green) at step t = 2. Image by the author.", nots=["2"])
A("")
A("## The setup")
A("")
A("We translate *the cat sat down*. The encoder (a small GRU, hidden size 3) has produced one state per source word:",
  nots=["3"])
A("")
for i, (t, h) in enumerate(zip(src, Hs)):
    A(f"- h{i + 1} (“{t}”) = [{', '.join(h)}]", nots=[str(i + 1)])
A("")
A(f"The decoder has already written its first word and its current state is **s = [{', '.join(Ss)}]**.")
A("")
A("## Step 1: scores")
A("")
A("Luong’s *dot* score is simply the dot product of the decoder state with each encoder state, no scaling:")
A("")
A("```")
for i in range(4):
    terms = " + ".join(f"({a})({b})" for a, b in zip(Ss, Hs[i]))
    prods = [lit(mpf(a) * mpf(b)) for a, b in zip(Ss, Hs[i])]
    A(f"score{i + 1} = {terms} = {' + '.join(par(p) for p in prods)} = {lit(sc[i])}",
      claims=[(lit(sc[i]), f"scores[s,{src[i]}]", "correct")] +
             [(p, f"scores.terms[s,{src[i]}][{m + 1}]", "correct") for m, p in enumerate(prods)],
      opts=Ss + Hs[i], nots=[str(i + 1)])
A("```")
A("")
A("## Step 2: softmax")
A("")
A("Exponentiate, add up, divide:")
A("")
A("| source word | score | e^score | weight | as % |")
A("|---|---|---|---|---|")
for i in range(4):
    pc = rnd(al[i] * 100, 1)
    A(f"| {src[i]} | {lit(sc[i])} | {F(e[i])} | {F(al[i])} | {pc}% |",
      claims=[(lit(sc[i]), f"scores[s,{src[i]}]", "correct"), (F(e[i]), f"exp[s,{src[i]}]", "correct"),
              (F(al[i]), f"weights[s,{src[i]}]", "correct"), (pc, f"weights[s,{src[i]}] in percent", "correct")])
A(f"| **sum** | | **{F(Z)}** | **1.0000** | **100%** |", claims=[(F(Z), "expsum[s]", "correct")],
  opts=["1.0000", "100"])
A("")
big = max(range(4), key=lambda i: al[i])
A(f"So at this step the decoder puts {rnd(al[big] * 100, 1)}% of its attention on “{src[big]}”.",
  claims=[(rnd(al[big] * 100, 1), f"weights[s,{src[big]}] in percent", "correct")])
A("")
A("## Step 3: the context vector")
A("")
A("The context is the weighted average of the encoder states, component by component:")
A("")
A("```")
for m in range(3):
    terms = " + ".join(f"{F(al[j])}×{par(Hs[j][m])}" for j in range(4))
    A(f"c[{m + 1}] = {terms} = {F(c[m])}", claims=[(F(c[m]), f"context[s][{m + 1}]", "correct")],
      opts=[F(al[j]) for j in range(4)] + [Hs[j][m] for j in range(4)], nots=[str(m + 1)])
A("```")
A("")
A(f"**c = [{', '.join(F(v) for v in c)}]**", claims=[(F(c[m]), f"context[s][{m + 1}]", "correct") for m in range(3)])
A("")
A("## Step 4: the attentional hidden state")
A("")
A("Luong then concatenates the context with the decoder state and squashes it through one more layer, "
  "h̃ = tanh(W_c [c; s]). With this W_c (3 × 6):", nots=["3", "6"])
A("")
A("```")
A("W_c = [" + ",\n       ".join("[" + ", ".join(r) + "]" for r in Wc) + "]")
A("```")
A("")
A(f"[c; s] = [{', '.join(F(v) for v in c)}, {', '.join(Ss)}], and the three rows of W_c give",
  opts=[F(v) for v in c] + Ss)
A("")
A(f"> h̃ = tanh([{', '.join(F(dot(mat(w), cs)) for w in Wc)}]) = [{', '.join(F(v) for v in ht)}]",
  claims=[(F(dot(mat(w), cs)), f"attn_state.pre[{m + 1}] (beyond the model)", "correct") for m, w in enumerate(Wc)]
  + [(F(v), f"attn_state[{m + 1}] (beyond the model)", "correct") for m, v in enumerate(ht)])
A("")
A("That vector goes into the output softmax over the target vocabulary, and the whole thing repeats at step t = 3.",
  nots=["3"])
A("")
A("## What changes in a Transformer?")
A("")
A("Three things: every position is a query at once, the scores are divided by √d_k, and the vectors are first "
  "projected by W_Q, W_K, W_V. The softmax-then-average core is exactly what you just did.")
A("")
A("*Thanks for reading! If this helped, a clap or two goes a long way.* 👏")
A("")
A("[Machine Learning](https://medium.com/tag/machine-learning) · [NLP](https://medium.com/tag/nlp) · "
  "[Attention](https://medium.com/tag/attention)")
A("")
A("--")
A("")
A("--")
A("")
A("4", nots=["4"])
d.save()
