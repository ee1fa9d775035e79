"""Hindi-English (Hinglish) Hashnode-style blog post: sinusoidal positional encoding for d = 4, positions from 0,
the tokens named only in a sentence ("mera naam Ravi hai"), divisors, angles, the PE table, then x + PE worked by
hand and tabulated. One planted slip in the x + PE table. Exact rounding, 5 decimals."""
from pathlib import Path

from w14lib import *

toks = ["mera", "naam", "Ravi", "hai"]
Xs = [["0.2", "0.7", "-0.1", "0.4"], ["0.5", "-0.3", "0.6", "0.1"], ["-0.4", "0.9", "0.3", "-0.2"],
      ["0.8", "0.1", "-0.5", "0.6"]]
X = mat(Xs)
dm = 4
div = [mpf(10000) ** (mpf(2 * i) / dm) for i in range(2)]
ang = [[mpf(p) / dv for dv in div] for p in range(4)]
PE = [[f(a[m // 2]) for m, f in enumerate((mpmath.sin, mpmath.cos, mpmath.sin, mpmath.cos))] for a in ang]
XP = [[x + p for x, p in zip(xr, pr)] for xr, pr in zip(X, PE)]
pos = np.arange(4)[:, None]; dv = 10000 ** (np.arange(0, 4, 2) / 4)
PEn = np.zeros((4, 4)); PEn[:, 0::2] = np.sin(pos / dv); PEn[:, 1::2] = np.cos(pos / dv)
agree(PE, PEn); agree(XP, np.array(Xs, float) + PEn)

SL = (2, 3)  # Ravi, component 4
clean = rnd(XP[SL[0]][SL[1]], 5)
SLIP = clean[:-2] + clean[-1] + clean[-2]
assert SLIP != clean

d = Doc("hashnode-pe-hinglish", "md",
        "Hinglish Hashnode-style post: sinusoidal PE for d = 4, positions 0-3, tokens only in a sentence; divisors, "
        "angles, PE table, x + PE worked and tabulated, 5 decimals; one planted slip",
        "sinusoidal positional encodings (base 10000, d_model 4, positions from 0), then x + PE, over the tokens "
        "mera, naam, Ravi, hai",
        script=Path(__file__).name,
        note=f"planted slip: x + PE for Ravi (position 2), component 4, is written {SLIP} instead of {clean} (last two "
             "digits swapped). Nothing is computed from it.")
A = d
A("---")
A('title: "Positional Encoding ko ekdum basic se samjho (d = 4, haath se calculation)"')
A("datePublished: Sat Mar 02 2024 10:15:00 GMT+0530 (India Standard Time)", nots=["02", "2024"])
A("cuid: clt9x2k0q000208l4hz1e7f3b")
A("slug: positional-encoding-hinglish")
A("tags: transformers, nlp, deep-learning, hindi")
A("---")
A("")
A("Namaste dosto! 🙏 Pichhle post mein humne self-attention dekha tha. Ek problem reh gayi thi: attention ko "
  "**order ka pata hi nahi chalta**. \"mera naam Ravi hai\" aur \"Ravi naam mera hai\" uske liye same cheez hai. "
  "Iska ilaaj hai positional encoding.")
A("")
A("## Formula")
A("")
A("```")
A("PE(pos, 2i)   = sin(pos / 10000^(2i/d))")
A("PE(pos, 2i+1) = cos(pos / 10000^(2i/d))")
A("```")
A("")
A("Yahan d = 4 le rahe hain (paper mein d_model = 512 tha), aur positions **0 se** start hoti hain. "
  "Hamara sentence hai \"mera naam Ravi hai\", to positions 0, 1, 2, 3.", nots=["4", "512", "0", "1", "2", "3"])
A("")
A("## Step 1: divisor nikaalo")
A("")
A(f"- i = 0 wale pair ke liye divisor = {lit(div[0])}", claims=[(lit(div[0]), "PE.div[1]", "correct")], nots=["0"])
A(f"- i = 1 wale pair ke liye divisor = 10000^(2/4) = {lit(div[1])}",
  claims=[(lit(div[1]), "PE.div[2]", "correct")], nots=["10000"])
A("")
A("## Step 2: angles (pos / divisor)")
A("")
A("| pos | angle (i=0) | angle (i=1) |")
A("|---|---|---|")
for p in range(4):
    a0, a1 = lit(ang[p][0]), lit(ang[p][1])
    A(f"| {p} | {a0} | {a1} |", claims=[(a0, f"PE.angle[{toks[p]}][1]", "correct"),
                                        (a1, f"PE.angle[{toks[p]}][2]", "correct")])
A("")
A("## Step 3: sin aur cos lagao")
A("")
A("Calculator radian mode mein rakhna, degree mein nahi! 😅")
A("")
s = [rnd(v, 5) for v in PE[1]]
A(f"pos 1 ke liye: sin(1) = {s[0]}, cos(1) = {s[1]}, sin(0.01) = {s[2]}, cos(0.01) = {s[3]}",
  claims=[(v, f"PE[naam][{k + 1}]", "correct") for k, v in enumerate(s)], opts=["1", "1", "0.01", "0.01"])
A("")
A("| pos | PE[0] | PE[1] | PE[2] | PE[3] |")
A("|---|---|---|---|---|")
for p in range(4):
    s = [rnd(v, 5) for v in PE[p]]
    A(f"| {p} | " + " | ".join(s) + " |", claims=[(v, f"PE[{toks[p]}][{k + 1}]", "correct") for k, v in enumerate(s)])
A("")
A("Dhyaan do: position 0 ka encoding hamesha [0, 1, 0, 1] hota hai.", opts=["0", "1", "0", "1"])
A("")
A("## Step 4: embedding + PE")
A("")
A("Embeddings (maan lo ye kisi trained model se aaye hain):")
A("")
A("| pos | x |")
A("|---|---|")
for p in range(4):
    A(f"| {p} | [" + ", ".join(Xs[p]) + "] |")
A("")
pe1 = [rnd(v, 5) for v in PE[1]]
xp1 = [rnd(v, 5) for v in XP[1]]
A("naam (pos 1) ke liye: [" + ", ".join(Xs[1]) + "] + [" + ", ".join(pe1) + "] = [" + ", ".join(xp1) + "]",
  claims=[(v, f"x_pe[naam][{k + 1}]", "correct") for k, v in enumerate(xp1)], opts=Xs[1] + pe1)
A("")
A("Baaki sab ka result:")
A("")
A("| pos | x + PE |")
A("|---|---|")
for p in range(4):
    cl, ss = [], []
    for k in range(4):
        v = rnd(XP[p][k], 5)
        if (p, k) == SL:
            v = SLIP
        ss.append(v); cl.append((v, f"x_pe[{toks[p]}][{k + 1}]", "wrong" if (p, k) == SL else "correct"))
    A(f"| {p} | [" + ", ".join(ss) + "] |", claims=cl)
A("")
A("Bas! Ab ye vectors encoder mein jaate hain. Agle post mein hum dekhenge ki relative position kaise "
  "nikalti hai. Comment karke batana kaisa laga. 🙌")
d.save()
