from lib import *
import numpy as np
import mpmath
from mpmath import mpf

np.set_printoptions(precision=4, suppress=True)
d = Doc("positional-encoding-odd-d5", "sinusoidal positional encoding with odd width d = 5 (last column is a lone sine), positions 0-2, then x + PE, printed as numpy arrays",
        "positional encoding", "exact", "numpy print style (no commas, '0.' and '1.'); no planted slips")
def tokens(s):
    return [m.group(0) for m in NUM.finditer(s)]
d.add("notes: sinusoidal position encoding when d is odd")
d.add("=============================================")
d.add("")
d.add("Most write-ups use an even width. With d = 5 the pairs (sin, cos) use columns 0-1 and 2-3, and column 4", nots=["5", "0", "1", "2", "3", "4"])
d.add("gets only the sine of its frequency. The exponent uses the column pair index i and the odd width:")
d.add("")
d.add("    PE[pos, 2i]   = sin(pos / 10000^(2i/5))", nots=["2", "10000", "2", "5"])
d.add("    PE[pos, 2i+1] = cos(pos / 10000^(2i/5))", nots=["2", "1", "10000", "2", "5"])
d.add("")
d.add("divisors, one per pair:")
divs = [mpf(10000) ** (mpf(2 * i) / 5) for i in range(3)]
d.add(f"    i = 0:  10000^(0/5) = {r(divs[0], 4, strip=True)}", claims=[(r(divs[0], 4, strip=True), "divisor for i=0", "correct")], nots=["0", "10000", "0", "5"])
d.add(f"    i = 1:  10000^(2/5) = {r(divs[1], 4)}", claims=[(r(divs[1], 4), "divisor for i=1 (10000^0.4)", "correct")], nots=["1", "10000", "2", "5"])
d.add(f"    i = 2:  10000^(4/5) = {r(divs[2], 4)}", claims=[(r(divs[2], 4), "divisor for i=2 (10000^0.8)", "correct")], nots=["2", "10000", "4", "5"])
d.add("")
d.add("code:")
d.add("")
d.add(">>> import numpy as np")
d.add(">>> np.set_printoptions(precision=4, suppress=True)", nots=["4"])
d.add(">>> def pe(n, d):")
d.add("...     P = np.zeros((n, d))", )
d.add("...     for pos in range(n):")
d.add("...         for k in range(d):")
d.add("...             a = pos / 10000 ** (2 * (k // 2) / d)", nots=["10000", "2", "2"])
d.add("...             P[pos, k] = np.sin(a) if k % 2 == 0 else np.cos(a)", nots=["2", "0"])
d.add("...     return P")
d.add("...")
d.add(">>> P = pe(3, 5)", nots=["3", "5"])
d.add(">>> print(P)")
Pn = np.array([[float(v) for v in pe(p, 5)] for p in range(3)])
Pm = [pe(p, 5) for p in range(3)]
txt = str(Pn).split("\n")
for i, line in enumerate(txt):
    toks = tokens(line)
    cl = []
    for k, t in enumerate(toks):
        assert mpf(t.rstrip('.') or '0') == mpf(r(Pm[i][k], 4)), (t, r(Pm[i][k], 4))
        cl.append((t, f"PE[{i},{k}]", "correct"))
    d.add(line, claims=cl)
d.add("")
a1 = mpf(1) / divs[1]; a2 = mpf(1) / divs[2]
d.add(f"row 1 check: sin(1) = 0.8415, cos(1) = 0.5403, 1/{r(divs[1], 4)} = {r(a1, 4)}, sin({r(a1, 4)}) = {r(mpmath.sin(a1), 4)}, cos({r(a1, 4)}) = {r(mpmath.cos(a1), 4)}, sin(1/{r(divs[2], 4)}) = {r(mpmath.sin(a2), 4)}",
      claims=[("0.8415", "PE[1,0]", "correct"), ("0.5403", "PE[1,1]", "correct"), (r(a1, 4), "1/10000^0.4", "correct"),
              (r(mpmath.sin(a1), 4), "PE[1,2]", "correct"), (r(mpmath.cos(a1), 4), "PE[1,3]", "correct"),
              (r(mpmath.sin(a2), 4), "PE[1,4]", "correct")],
      opts=[r(divs[1], 4), r(a1, 4), r(a1, 4), r(divs[2], 4)], nots=["1", "1", "1", "1"])
d.add("")
d.add("adding it to three token vectors (tokens: red, fox, runs):")
d.add("")
X = [["0.2", "0.1", "-0.3", "0.4", "0.5"], ["0.7", "-0.2", "0.1", "0.0", "0.3"], ["-0.1", "0.6", "0.2", "-0.5", "0.8"]]
d.add(">>> x = np.array([[0.2, 0.1, -0.3, 0.4, 0.5],   # red")
d.add("...               [0.7, -0.2, 0.1, 0.0, 0.3],   # fox")
d.add("...               [-0.1, 0.6, 0.2, -0.5, 0.8]]) # runs")
d.add(">>> print(x + P)")
S = np.array([[float(v) for v in row] for row in X]) + Pn
txt = str(S).split("\n")
for i, line in enumerate(txt):
    toks = tokens(line); cl = []
    for k, t in enumerate(toks):
        ex = mpf(X[i][k]) + Pm[i][k]
        assert abs(mpf(t.rstrip('.') or '0') - mpf(r(ex, 4))) == 0, (t, r(ex, 4))
        cl.append((t, f"x+PE[{['red','fox','runs'][i]},{k}]", "correct"))
    d.add(line, claims=cl)
d.add("")
d.add("note to self: with d = 512 (even) none of this matters; the odd case only shows up in toy examples.", nots=["512"])
d.write("txt")
