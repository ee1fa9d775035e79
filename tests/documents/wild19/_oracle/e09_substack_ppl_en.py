"""English Substack post copied to Markdown: publication header, title/subtitle, author · date, Subscribe / Share
buttons, a logits table per position over five GPT-2 pieces for the prompt <|endoftext|> Ġthe Ġcat → targets Ġthe,
Ġcat, Ġsat; softmax probabilities, ln p and −ln p of each target, the mean loss and the perplexity e^loss, plus a
perplexity per token in prose; footnotes; like/comment/restack counts. One planted slip: a −ln p with the wrong
sign. Exact rounding."""
from pathlib import Path

from w19lib import *

vocab = ["Ġthe", "Ġcat", "Ġsat", "Ġmat", "<|endoftext|>"]
rows = ["<|endoftext|>", "Ġthe", "Ġcat"]
tgt = ["Ġthe", "Ġcat", "Ġsat"]
Zs = [["1.8", "0.3", "-0.6", "0.1", "0.9"], ["-0.4", "1.2", "0.5", "0.8", "-1.1"], ["0.2", "-0.3", "1.6", "1.1", "0.4"]]
Z = mat(Zs)
P = [softmax(r) for r in Z]
Pn = np_softmax(np.array(Zs, float)); agree(P, Pn)
pt = [P[i][vocab.index(tgt[i])] for i in range(3)]
lp = [mpmath.log(p) for p in pt]
nl = [-x for x in lp]
loss = mpmath.fsum(nl) / 3
ppl = mpmath.exp(loss)
agree([loss, ppl], [-np.log(Pn[[0, 1, 2], [0, 1, 2]]).mean(), np.exp(-np.log(Pn[[0, 1, 2], [0, 1, 2]]).mean())])
# the slip: -ln p of the third position written with the wrong sign
SI = 2
clean = rnd(nl[SI], 4)
SLIP = "-" + clean
nl2 = list(nl); nl2[SI] = mpf(SLIP)
tot2 = mpmath.fsum(mpf(rnd(x, 4)) if k == SI else x for k, x in enumerate(nl2))
loss2 = mpmath.fsum(nl2) / 3
ppl2 = mpmath.exp(loss2)

d = Doc("substack-ppl-en", "md",
        "English Substack post: logits per position over five GPT-2 pieces for <|endoftext|> Ġthe Ġcat (targets Ġthe, "
        "Ġcat, Ġsat), softmax probabilities, ln p, −ln p, the mean loss and the perplexity; one planted slip",
        "the output softmax over given logits at three positions, the cross-entropy of the next tokens and "
        "its mean, perplexity = e^loss",
        script=Path(__file__).name,
        note=f"planted slip: −ln p for the third position (target Ġsat) is written {SLIP} instead of {clean} (wrong "
             "sign). The sum of the three −ln p, the mean loss and the perplexity are computed from it "
             "(propagated).")
A = d
A("# Tiny Numbers, Big Models")
A("")
A("## What perplexity actually measures")
A("")
A("### I computed a language model's loss on a three-token prompt with a pencil. Here's every step.")
A("")
A("[Priya Raman](https://tinynumbers.substack.com/@priyaraman)")
A("")
A("Mar 3, 2025", nots=["3", "2025"])
A("")
A("Subscribe · Share")
A("")
A("Every training log you have ever seen ends in a column called `loss`, and every paper reports *perplexity*. "
  "They are the same number in two costumes. Let's take them off.")
A("")
A("## The setup")
A("")
A("Our \"model\" is just a table. For each position it gives a logit to each of 5 pieces of a GPT-2 style "
  "vocabulary.¹ The prompt is `<|endoftext|> the cat`, and the text that actually follows each position is "
  "` the`, ` cat`, ` sat`.", nots=["5", "2"])
A("")
A("| position (input) | " + " | ".join(f"`{v}`" for v in vocab) + " | true next |")
A("|---|---|---|---|---|---|---|")
for i, r in enumerate(rows):
    A(f"| `{r}` | " + " | ".join(Zs[i]) + f" | `{tgt[i]}` |")
A("")
A("## Step 1: softmax each row")
A("")
A("| position | " + " | ".join(f"p(`{v}`)" for v in vocab) + " |")
A("|---|---|---|---|---|---|")
for i, r in enumerate(rows):
    ss = [rnd(p, 4) for p in P[i]]
    A(f"| `{r}` | " + " | ".join(ss) + " |", claims=[(s, f"probs[{r}][{v}]", "correct") for s, v in zip(ss, vocab)])
A("")
A("(Each row sums to 1, give or take the rounding.)", nots=["1"])
A("")
A("## Step 2: the probability of what really came next")
A("")
A("The loss only looks at the true next token. Take its log and flip the sign:")
A("")
A("| position | true next | p | ln p | −ln p |")
A("|---|---|---|---|---|")
for i, r in enumerate(rows):
    p_, l_ = rnd(pt[i], 4), rnd(lp[i], 4)
    n_ = SLIP if i == SI else rnd(nl[i], 4)
    A(f"| `{r}` | `{tgt[i]}` | {p_} | {l_} | {n_} |",
      claims=[(p_, f"probs[{r}][{tgt[i]}]", "correct"), (l_, f"logprob[{r}]", "correct"),
              (n_, f"loss[{r}]", "wrong" if i == SI else "correct")])
A("")
A("## Step 3: average, then exponentiate")
A("")
terms = [rnd(x, 4) for x in nl2]
terms[SI] = SLIP
A(f"loss = ({' + '.join(par(t) for t in terms)}) / 3 = {rnd(tot2, 4)} / 3 = {rnd(loss2, 4)}",
  claims=[(rnd(tot2, 4), "loss.sum", "propagated"), (rnd(loss2, 4), "loss", fate(rnd(loss2, 4), rnd(loss, 4)))],
  opts=terms, nots=["3"])
A("")
A(f"perplexity = e^{rnd(loss2, 4)} = {rnd(ppl2, 4)}",
  claims=[(rnd(ppl2, 4), "ppl", fate(rnd(ppl2, 4), rnd(ppl, 4)))], opts=[rnd(loss2, 4)])
A("")
A(f"That's the whole trick. A perplexity of {rnd(ppl2, 2)} says the model was, on average, as uncertain as a "
  f"fair die with {rnd(ppl2, 2)} faces. A perfect model scores 1; a model that spreads its bets evenly over our 5 "
  "pieces scores exactly 5.²", claims=[(rnd(ppl2, 2), "ppl", fate(rnd(ppl2, 2), rnd(ppl, 2))),
                                        (rnd(ppl2, 2), "ppl", fate(rnd(ppl2, 2), rnd(ppl, 2)))], nots=["1", "5"])
A("")
A("If you use PyTorch, `F.cross_entropy(logits, targets)` does steps 1 to 3 in one call (it takes the mean by "
  "default), and `torch.exp(loss)` is the perplexity.", nots=["1", "3"])
A("")
A("Thanks for reading Tiny Numbers, Big Models! Subscribe for free to receive new posts.")
A("")
A("---")
A("")
A("¹ Real GPT-2 has 50,257 pieces, so the table would be a little wider.", nots=["2", "50,257"])
A("")
A("² Uniform over V pieces gives −ln(1/V) = ln V, and e^(ln V) = V.", nots=["1"])
A("")
A("♥ 38 · 💬 6 · Restack", nots=["38", "6"])
d.save()
