"""English course forum thread (Discourse layout copied as Markdown): a student's homework softmax of three logits,
worked by hand from the printed exps (chained), with the student's own slip (e^0.4 written 1.4981 for 1.4918);
the TA's reply corrects that one number and restates the corrected sum and probabilities. The loss -ln p(cat)."""
from pathlib import Path

from w20lib import *

labels = ["cat", "dog", "bird"]
zs = ["2.1", "0.4", "-0.7"]
z = mat(zs)
ex = [rnd(mpmath.exp(v), 4) for v in z]
SLIP = ex[1][:-2] + ex[1][-1] + ex[1][-2]
assert SLIP != ex[1]
st = [ex[0], SLIP, ex[2]]
zs_st = rnd(mpmath.fsum(mpf(e) for e in st), 4)
p_st = [rnd(mpf(e) / mpf(zs_st), 4) for e in st]
loss_st = rnd(-mpmath.log(mpf(p_st[0])), 4)
# the clean chained route
zs_ok = rnd(mpmath.fsum(mpf(e) for e in ex), 4)
p_ok = [rnd(mpf(e) / mpf(zs_ok), 4) for e in ex]
loss_ok = rnd(-mpmath.log(mpf(p_ok[0])), 4)
# float64 cross-check of the exact softmax and the chained route staying close
pn = np_softmax(np.array([2.1, 0.4, -0.7]))
agree(softmax(z), pn)
chain_close([p_ok], [softmax(z)])
assert abs(float(loss_ok) + np.log(pn[0])) < 5e-4

d = Doc("forum-softmax-hw-en", "md",
        "English course forum thread (Discourse copied as Markdown): a student's softmax of three logits worked from the "
        "printed exps, with a slipped exp; the TA's reply corrects it and restates the corrected sum and probabilities; "
        "the cross-entropy -ln p(cat)",
        "the output softmax over three logits z = (2.1, 0.4, -0.7) for cat, dog, bird, and the cross-entropy of cat",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: the student writes e^0.4 = {SLIP} instead of {ex[1]} (last two digits swapped). The "
             f"student's sum {zs_st}, the three probabilities and the loss {loss_st} are computed from it (propagated, "
             "or any where they print the same). The TA's reply restates the right exp and the corrected sum and "
             "probabilities (correct).")
A = d
A("# Is my softmax right? (HW 3, problem 2)")
A("")
A("[Homework Help](/c/homework-help/7) · [hw3](/tag/hw3) [softmax](/tag/softmax)", nots=["7", "3"])
A("")
A("---")
A("")
A("**jpark_22** · Oct 14", nots=["22", "14"])
A("")
A("Hi all, first time posting here. Problem 2 of HW3 gives us logits for three classes and asks for the softmax and "
  "the cross-entropy when the true class is *cat*. My numbers look kind of off and the autograder only says "
  "\"2/5 tests passed\" so I wanted to check before the deadline (Friday 11:59pm).", nots=["2", "3", "2/5", "11:59"])
A("")
A("The logits: " + ", ".join(f"z_{l} = {v}" for l, v in zip(labels, zs)))
A("")
A("My work:")
A("")
A("```")
for l, v, e, tr in zip(labels, zs, st, ex):
    verdict = "wrong" if e != tr else "correct"
    A(f"exp({v}) = {e}", claims=[(e, f"exp[z][{l}]", verdict)], opts=[v])
A(f"sum = {' + '.join(st)} = {zs_st}", claims=[(zs_st, "expsum[z]", fate(zs_st, zs_ok))], opts=st)
for l, e, p, pk in zip(labels, st, p_st, p_ok):
    A(f"p({l}) = {e} / {zs_st} = {p}", claims=[(p, f"probs[z][{l}]", fate(p, pk))], opts=[e, zs_st])
A("```")
A("")
A(f"and then loss = -ln(p(cat)) = -ln({p_st[0]}) = {loss_st}",
  claims=[(loss_st, "loss", fate(loss_st, loss_ok))], opts=[p_st[0]])
A("")
A("I used the calculator on my phone for the exps. Does this look right? Thanks!!")
A("")
A("2 Replies", nots=["2"])
A("")
A("---")
A("")
A("**ta_morgan** TA · Oct 14", nots=["14"])
A("")
A("Close! Your method is right, it's one typo. Check the second exp again: "
  f"e^0.4 = {ex[1]}, you swapped two digits.", claims=[(ex[1], "exp[z][dog]", "correct")], opts=["0.4"])
A(f"That moves the sum to {zs_ok}, so the probabilities become "
  + ", ".join(p_ok[:2]) + f" and {p_ok[2]}.",
  claims=[(zs_ok, "expsum[z]", "correct")] + [(p, f"probs[z][{l}]", "correct") for l, p in zip(labels, p_ok)])
A("")
A("Also small thing: the grader wants 4 decimals, not 3, that's probably why test 4 fails.", nots=["4", "3"])
A("")
A("❤️ 3", nots=["3"])
A("")
A("---")
A("")
A("**jpark_22** · Oct 14", nots=["14"])
A("")
A(f"ahh I see it now, thank you! loss comes out {loss_ok} then. 5/5 passing 🎉",
  claims=[(loss_ok, "loss", "correct")], nots=["5/5"])
d.save()
