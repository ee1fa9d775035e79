from lib import *
import mpmath
from mpmath import mpf

def pe(pos, d):
    row = []
    for k in range(d):
        i = k // 2
        ang = mpf(pos) / mpf(10000) ** (mpf(2 * i) / d)
        row.append(mpmath.sin(ang) if k % 2 == 0 else mpmath.cos(ang))
    return row

toks = ["sun", "rises", "over", "hills"]
X = {"sun": ["0.3", "-0.2", "0.5", "0.1"], "rises": ["0.6", "0.4", "-0.1", "0.2"],
     "over": ["-0.5", "0.9", "0.2", "0.3"], "hills": ["0.1", "0.2", "0.8", "-0.4"]}
d = Doc("positional-encoding-d4", "sinusoidal positional encoding for d = 4, positions 0-3, base 10000, then x + PE for four tokens",
        "positional encoding", "exact",
        "trailing zeros dropped (0.01, 1); slip: PE[2,1] = cos(2) printed without its minus sign; x + PE for over, dim 1 propagates")
d.add("# Positional encoding, worked for d = 4", nots=["4"])
d.add("")
d.add("Attention by itself has no idea of word order, so the Transformer adds a fixed vector to each embedding.")
d.add("With positions counted from 0 and model width d, the sinusoidal encoding is")
d.add("")
d.add("$$PE_{(pos,2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d}}\\right), \\qquad PE_{(pos,2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d}}\\right)$$",
      nots=["10000", "10000"])
d.add("")
d.add("For d = 4 there are two frequencies. With i = 0 the divisor is 10000^0 = 1, and with i = 1 it is 10000^(2/4) = 100.",
      nots=["4", "0", "10000", "0", "1", "10000", "2", "4"], opts=["1", "100"])
d.add("So each position gets [sin(pos), cos(pos), sin(pos/100), cos(pos/100)].", nots=["100", "100"])
d.add("")
d.add("## Position 1 by hand")
d.add("")
p1 = pe(1, 4)
lines = [("PE(1, 0) = sin(1)", 0), ("PE(1, 1) = cos(1)", 1), ("PE(1, 2) = sin(1/100) = sin(0.01)", 2), ("PE(1, 3) = cos(0.01)", 3)]
for lab, k in lines:
    t = r(p1[k], 4, strip=True)
    nums = [m.group(0) for m in NUM.finditer(lab)]
    d.add(f"    {lab} = {t}", claims=[(t, f"PE[1,{k}]", "correct")], nots=nums)
d.add("")
d.add("(We keep four decimals and drop trailing zeros, so 0.0100 is written 0.01 and 1.0000 is written 1.)", nots=["0.0100", "0.01", "1.0000", "1"])
d.add("")
d.add("## The table")
d.add("")
d.add("| pos | dim 0 | dim 1 | dim 2 | dim 3 |")
d.add("|---|---|---|---|---|")
PE = {}
for pos in range(4):
    row = pe(pos, 4); cells = [r(v, 4, strip=True) for v in row]; cl = []
    PE[pos] = [mpf(c) for c in cells]
    for k in range(4):
        v = "correct"
        if (pos, k) == (2, 1):
            assert cells[k].startswith("-"); cells[k] = cells[k][1:]; v = "wrong"
        cl.append((cells[k], f"PE[{pos},{k}]", v))
    d.add(f"| {pos} | " + " | ".join(cells) + " |", claims=cl, nots=[str(pos)])
d.add("")
d.add("## Adding the encoding to the embeddings")
d.add("")
d.add("Our sentence is *sun rises over hills*; *sun* sits at position 0, *hills* at position 3.", nots=["0", "3"])
d.add("")
d.add("| token | embedding x |")
d.add("|---|---|")
for t in toks:
    d.add(f"| {t} | [" + ", ".join(X[t]) + "] |")
d.add("")
# x + PE: exact values of pe, except the slipped cell propagates from the printed wrong value
xs = {}
for pos, t in enumerate(toks):
    row = pe(pos, 4); cells = []
    for k in range(4):
        val = mpf(X[t][k]) + row[k]; v = "correct"
        if (pos, k) == (2, 1):
            val = mpf(X[t][k]) + (-row[k]); v = "propagated"
        cells.append((r(val, 4, strip=True), f"x+PE[{t},{k}]", v))
    xs[t] = cells
t = "rises"
cells = [r(v, 4, strip=True) for v in pe(1, 4)]
d.add(f"For *rises*: [{', '.join(X[t])}] + [{', '.join(cells)}] = [{', '.join(c[0] for c in xs[t])}]",
      claims=xs[t], opts=cells + X[t])
d.add("")
d.add("| token | x + PE |")
d.add("|---|---|")
for t in toks:
    d.add(f"| {t} | [" + ", ".join(c[0] for c in xs[t]) + "] |", claims=xs[t])
d.add("")
d.add("In the paper d_model = 512, so the slowest frequency has wavelength 2π · 10000; our toy only shows the first two.",
      nots=["512", "2", "10000"])
d.write("md")
