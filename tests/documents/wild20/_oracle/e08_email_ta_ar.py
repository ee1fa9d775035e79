"""Arabic e-mail to a teaching assistant (plain text): headers, the student's new message on top, the TA's earlier
reply quoted below with "> " (and the student's first message inside it with "> > "). One attention row from Q and K
given directly (d_k 2): the three dot products, / 1.4142, e^x, the sum and the weights, each from the printed
numbers of the step before (chained). The student's slip: the sum of the exps forgets the third term, so the weights
add to more than 1 (which is what the student asks about). The TA's quoted reply works the first dot product."""
from pathlib import Path

from w20lib import *

q = ["0.7", "-0.3"]
ks = [["0.2", "0.9"], ["0.5", "0.4"], ["-0.6", "0.1"]]
r = one_row(q, ks)
s = [lit(v) for v in r["s"]]
DIV = "1.4142"
sc = [rnd(mpf(v) / mpf(DIV), 4) for v in s]
ex = [rnd(mpmath.exp(mpf(v)), 4) for v in sc]
z_ok = rnd(mpmath.fsum(mpf(v) for v in ex), 4)
w_ok = [rnd(mpf(v) / mpf(z_ok), 4) for v in ex]
SLIP = rnd(mpf(ex[0]) + mpf(ex[1]), 4)          # the third exp forgotten
w_st = [rnd(mpf(v) / mpf(SLIP), 4) for v in ex]
tot = rnd(mpmath.fsum(mpf(v) for v in w_st), 4)
chain_close([w_ok], [r["w"]])

d = Doc("email-ta-ar", "txt",
        "Arabic e-mail to a TA (plain text) with the TA's earlier reply quoted with '> ': one attention row from q and "
        "three keys (d_k 2), dot products, / 1.4142, e^x, the sum (one term forgotten: a planted slip), weights",
        "one query q = (0.7, -0.3) against keys k1, k2, k3, scaled by sqrt(2) (written 1.4142)",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: the student's sum of the exps leaves out e^s3 ({ex[2]}): {SLIP} instead of {z_ok}. "
             f"The three weights are computed from it (propagated). Their total, {tot}, which the student adds up to "
             "show the problem, is no quantity of the model and is listed as an optional claim.")
A = d
A("From: Yasmin Haddad <y.haddad@student.example.edu>")
A("To: Omar Saleh (TA) <o.saleh@example.edu>")
A("Date: Sun, 17 Mar 2024 22:48:05 +0200", nots=["17", "2024", "22:48:05", "+0200"])
A("Subject: Re: سؤال عن الواجب 4 - الانتباه (attention)", nots=["4"])
A("")
A("مساء الخير أستاذ عمر،")
A("")
A("شكراً على الرد. طبقت الخطوات كما قلت، وهذه حساباتي للصف الأول:", nots=[])
A("")
for j in range(3):
    A(f"s{j + 1} = q·k{j + 1} = {s[j]}", claims=[(s[j], f"scores[q,k{j + 1}]", "correct")])
A("")
A("بعد القسمة على الجذر:")
for j in range(3):
    A(f"{s[j]} / {DIV} = {sc[j]}", claims=[(sc[j], f"scaled[q,k{j + 1}]", "correct")],
      opts=[s[j], DIV])
A("")
A("الأسس:")
for j in range(3):
    A(f"e^({sc[j]}) = {ex[j]}", claims=[(ex[j], f"exp[q,k{j + 1}]", "correct")], opts=[sc[j]])
A("")
A(f"المجموع = {ex[0]} + {ex[1]} = {SLIP}", claims=[(SLIP, "expsum[q]", "wrong")], opts=[ex[0], ex[1]])
A("")
A("الأوزان:")
for j in range(3):
    A(f"a{j + 1} = {ex[j]} / {SLIP} = {w_st[j]}", claims=[(w_st[j], f"weights[q,k{j + 1}]", fate(w_st[j], w_ok[j]))],
      opts=[ex[j], SLIP])
A("")
A(f"المشكلة أن مجموع الأوزان {tot} وليس 1. هل أخطأت في القسمة على √2؟ أم أن الـ softmax لا يعطي 1 دائماً؟",
  opts=[tot], nots=["1"])
A("")
A("مع الشكر،")
A("ياسمين")
A("الشعبة 3، الرقم الجامعي 20211187", nots=["3", "20211187"])
A("")
A("On Sat, 16 Mar 2024 at 19:05, Omar Saleh <o.saleh@example.edu> wrote:", nots=["16", "2024", "19:05"])
A("> أهلاً ياسمين،")
A(">")
A("> الفكرة بسيطة: لكل مفتاح k_j احسبي حاصل الضرب q·k_j ثم اقسمي على √d_k")
A("> (هنا d_k = 2، أي تقريباً 1.4142)، ثم طبقي softmax على القيم الثلاث.",
  claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])
A("> مثال للمفتاح الأول:")
A(f">     q·k1 = ({q[0]})({ks[0][0]}) + ({q[1]})({ks[0][1]}) = {lit(r['s'][0])}",
  claims=[(lit(r["s"][0]), "scores[q,k1]", "correct")], opts=q + ks[0])
A("> أكملي الباقي وأرسلي لي النتيجة قبل محاضرة الثلاثاء (الساعة 10).", nots=["10"])
A(">")
A("> تحياتي،")
A("> عمر")
A(">")
A("> > On Sat, 16 Mar 2024 at 14:12, Yasmin Haddad wrote:", nots=["16", "2024", "14:12"])
A("> > السلام عليكم، في السؤال 2 من الواجب 4 عندنا:", nots=["2", "4"])
A("> > q = [" + ", ".join(q) + "]")
for j, k in enumerate(ks):
    A(f"> > k{j + 1} = [" + ", ".join(k) + "]")
A("> > لم أفهم من أين أبدأ. شكراً مقدماً.")
d.save()
