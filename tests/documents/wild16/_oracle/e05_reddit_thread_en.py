"""English Reddit thread (r/learnmachinelearning) copied as Markdown: subreddit line, "Posted by u/… · 2 yr. ago",
flair, upvotes, the OP's worked example, then comments with points and "Reply · Share", full of settings and
illustrative numbers (d_k = 64, batch_size = 32, [2, 10, 512], "a score of 3.2 would mean…"). birds, sing, at, dawn;
the rows are listed alphabetically (at, birds, dawn, sing; said so), inputs / Wquery / Wkey / Wvalue, d_model 3 ->
d_k 2, /sqrt(2), 4 decimals. Exact rounding."""
from pathlib import Path

from w16lib import *

sent = ["birds", "sing", "at", "dawn"]
toks = sorted(sent)   # at, birds, dawn, sing
Xs = [["0.2", "0.9", "0.4"], ["0.8", "0.3", "0.6"], ["0.5", "0.1", "0.9"], ["0.7", "0.6", "0.2"]]
Wqs = [["0.3", "0.8"], ["0.6", "0.2"], ["0.9", "0.5"]]
Wks = [["0.7", "0.4"], ["0.2", "0.9"], ["0.5", "0.3"]]
Wvs = [["0.4", "0.1"], ["0.8", "0.6"], ["0.3", "0.9"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))

d = Doc("reddit-thread-en", "md",
        "English Reddit thread as Markdown: OP's worked example with rows in alphabetical order (said so), inputs / "
        "Wquery; comments full of settings and illustrative numbers; birds, sing, at, dawn, 3 -> 2, /sqrt(2), 4 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens birds, sing, at, dawn (rows at, birds, "
        "dawn, sing)",
        script=Path(__file__).name)
A = d
A("r/learnmachinelearning")
A("")
A("Posted by u/quiet_gradient · 2 yr. ago", nots=["2"])
A("")
A("**Worked a 4-token attention head by hand, can someone sanity-check my numbers?** `Help`", nots=["4"])
A("")
A("Sentence is \"birds sing at dawn\". I put the rows in **alphabetical order** (at, birds, dawn, sing) because my "
  "spreadsheet sorted them and I didn't want to redo it, sorry. d_model = 3, head dim = 2.", nots=["3", "2"])
A("")
A("inputs (one row per word):")
A("")
A("    word    inputs")
for t, r in zip(toks, Xs):
    A(f"    {t:<7} " + "  ".join(r))
A("")
A("Wquery / Wkey / Wvalue (3x2 each, rows = input dims):", nots=[])
A("")
A("    Wquery      Wkey        Wvalue")
for i in range(3):
    A("    " + "    ".join("  ".join(M[i]) for M in (Wqs, Wks, Wvs)))
A("")
A("queries / keys / values I got:")
A("")
A("| word | query | key | value |")
A("|:--|:--|:--|:--|")
for i, t in enumerate(toks):
    qs, ks, vs = ([lit(x) for x in M[i]] for M in (Q, K, V))
    A(f"| {t} | {', '.join(qs)} | {', '.join(ks)} | {', '.join(vs)} |",
      claims=cl(qs, f"Q[{t}][{{k}}]") + cl(ks, f"K[{t}][{{k}}]") + cl(vs, f"V[{t}][{{k}}]"))
A("")
A(f"scores divided by sqrt(2) = {rnd(c, 4)} (rows = query, cols = key, same alphabetical order):",
  claims=[(rnd(c, 4), "sqrt_dk", "correct")])
A("")
A("| | at | birds | dawn | sing |")
A("|:--|--:|--:|--:|--:|")
for i, t in enumerate(toks):
    ss = fmt(Sc[i], 4)
    A(f"| {t} | " + " | ".join(ss) + " |", claims=cl(ss, [f"scaled[{t},{u}]" for u in toks]))
A("")
A("after softmax:")
A("")
A("| | at | birds | dawn | sing |")
A("|:--|--:|--:|--:|--:|")
for i, t in enumerate(toks):
    ss = fmt(W[i], 4)
    A(f"| {t} | " + " | ".join(ss) + " |", claims=cl(ss, [f"weights[{t},{u}]" for u in toks]))
A("")
A("and the outputs (weights @ values):")
A("")
for i, t in enumerate(toks):
    ss = fmt(C[i], 4)
    A(f"- {t}: ({', '.join(ss)})", claims=cl(ss, f"context[{t}][{{k}}]"))
A("")
A("Edit: fixed a typo in the birds row of the inputs. Edit 2: thanks all!", nots=["2"])
A("")
A("⬆ 37 ⬇ · 9 comments · Share", nots=["37", "9"])
A("")
A("---")
A("")
A("**u/tensor_tabby** · 2 yr. ago · 14 points", nots=["2", "14"])
A("")
A(f"Checked the birds row: {lit(Q[1][0])}*{lit(K[2][0])} + {lit(Q[1][1])}*{lit(K[2][1])} = {lit(S[1][2])}, / "
  f"{rnd(c, 4)} = {rnd(Sc[1][2], 4)}. Matches yours.",
  claims=[(lit(S[1][2]), "scores[birds,dawn]", "correct"), (rnd(Sc[1][2], 4), "scaled[birds,dawn]", "correct")],
  opts=[lit(Q[1][0]), lit(K[2][0]), lit(Q[1][1]), lit(K[2][1]), rnd(c, 4)])
A("")
A("Reply · Share")
A("")
A("> **u/quiet_gradient** · OP · 2 yr. ago · 3 points", nots=["2", "3"])
A(">")
A("> nice, thanks. in the real thing it's d_k = 64 and batch_size = 32 so I'm not doing that by hand lol",
  nots=["64", "32"])
A("")
A("**u/not_a_transformer** · 2 yr. ago · 6 points", nots=["2", "6"])
A("")
A("Looks right. Fwiw the scale matters more than it looks here: with real dims a raw score of 3.2 would mean a "
  "much peakier softmax. My activations are [2, 10, 512] and the rows still sum to 1.", nots=["3.2", "2", "10", "512", "1"])
A("")
A("Reply · Share")
A("")
i, t = 1, "birds"
A(f"**u/attn_is_all** · 2 yr. ago · 2 points", nots=["2"])
A("")
A(f"Small thing: your birds weight on dawn, {rnd(W[1][2], 4)}, {'is the biggest' if W[1][2] == max(W[1]) else 'is the smallest'} in that row, which makes sense-ish.",
  claims=[(rnd(W[1][2], 4), "weights[birds,dawn]", "correct")])
d.save()
