from lib import *
import mpmath

toks = ["we", "read", "old", "maps", "at", "night"]
X = {"we": ["0.8", "0.2", "1.4", "-0.6"], "read": ["1.5", "0.7", "-0.3", "0.5"],
     "old": ["-0.4", "0.9", "0.6", "1.3"], "maps": ["2.1", "1.1", "0.3", "-0.7"],
     "at": ["0.2", "-1.2", "0.4", "1.0"], "night": ["1.0", "1.6", "0.6", "0.4"]}
d = Doc("layernorm-six-tokens", "LayerNorm (no gamma/beta, eps 0, biased variance) of 6 tokens x 4 features, every intermediate",
        "layernorm", "exact",
        "slip 1: square (maps, f3) digits swapped, its row sum/variance/std/normalised row propagate; slip 2: one normalised value (at, f2) has a swapped digit")
mu = {}; diff = {}; sq = {}; ssum = {}; var = {}; sd = {}; norm = {}
for t in toks:
    x = M(X[t]); mu[t] = mpmath.fsum(x) / 4
    diff[t] = [v - mu[t] for v in x]; sq[t] = [v * v for v in diff[t]]
SLIP_SQ = ("maps", 2)
sq_print = {t: [ex2(v) for v in sq[t]] for t in toks}
good = sq_print["maps"][2]
bad = "0.61"; assert good == "0.16"
for t in toks:
    vals = [mpf(s) for s in sq_print[t]]
    if t == "maps":
        vals[2] = mpf(bad)
    ssum[t] = mpmath.fsum(vals); var[t] = ssum[t] / 4; sd[t] = mpmath.sqrt(var[t])
    norm[t] = [v / sd[t] for v in diff[t]]
print("maps sq", good, bad)
d.add("---\ntitle: \"LayerNorm by hand, one row at a time\"\ndate: 2025-03-14\ntags: [transformers, normalization]\n---")
d.add("")
d.add("# LayerNorm by hand, one row at a time")
d.add("")
d.add("LayerNorm works on each token separately: it takes the token's feature vector, subtracts its mean and divides by its standard deviation.")
d.add("In this lesson we leave out the learned scale and shift (γ = 1, β = 0) and we set ε = 0, so the arithmetic stays readable.", nots=["1", "0", "0"])
d.add("The variance is the *population* variance: we divide by d, the number of features, not by d − 1.")
d.add("")
d.add("Our sentence is *we read old maps at night*, six tokens with four features each:")
d.add("")
d.add("| token | f1 | f2 | f3 | f4 |")
d.add("|---|---:|---:|---:|---:|")
for t in toks:
    d.add(f"| {t} | " + " | ".join(X[t]) + " |")
d.add("")
d.add("## Step 1: the mean")
d.add("")
x = X["we"]
s = ex2(mpmath.fsum(M(x)))
d.add(f"For *we*: ({x[0]} + {x[1]} + {x[2]} − {x[3][1:]}) / 4 = {s} / 4 = {ex2(mu['we'])}",
      claims=[(s, "sum of features of we", "correct"), (ex2(mu['we']), "layernorm mean of we", "correct")], nots=["4", "4"], opts=[x[0], x[1], x[2], x[3][1:]])
d.add("")
d.add("| token | mean μ |")
d.add("|---|---:|")
for t in toks:
    m = ex2(mu[t]); d.add(f"| {t} | {m} |", claims=[(m, f"layernorm mean of {t}", "correct")])
d.add("")
d.add("## Step 2: subtract the mean")
d.add("")
d.add("| token | x1 − μ | x2 − μ | x3 − μ | x4 − μ |")
d.add("|---|---:|---:|---:|---:|")
for t in toks:
    cells = [ex2(v) for v in diff[t]]
    d.add(f"| {t} | " + " | ".join(cells) + " |", claims=[(c, f"x - mean of {t}, feature {j+1}", "correct") for j, c in enumerate(cells)])
d.add("")
d.add("## Step 3: square and add")
d.add("")
d.add("The squares for *we*, added up the old-fashioned way:")
d.add("")
d.add("```")
for j in range(4):
    d.add(f"  {sq_print['we'][j]:>7}", claims=[(sq_print['we'][j], f"squared difference of we, feature {j+1}", "correct")])
d.add("  -------")
d.add(f"  {ex2(ssum['we']):>7}", claims=[(ex2(ssum['we']), "sum of squares of we", "correct")])
d.add("```")
d.add("")
d.add("All six rows:")
d.add("")
d.add("| token | (x1 − μ)² | (x2 − μ)² | (x3 − μ)² | (x4 − μ)² | sum |")
d.add("|---|---:|---:|---:|---:|---:|")
for t in toks:
    cells = list(sq_print[t]); cl = []
    for j in range(4):
        v = "correct"
        if t == "maps" and j == 2:
            cells[j] = bad; v = "wrong"
        cl.append((cells[j], f"squared difference of {t}, feature {j+1}", v))
    su = ex2(ssum[t]); cl.append((su, f"sum of squares of {t}", "propagated" if t == "maps" else "correct"))
    d.add(f"| {t} | " + " | ".join(cells) + f" | {su} |", claims=cl)
d.add("")
d.add("## Step 4: variance and standard deviation")
d.add("")
d.add(f"Divide each sum by 4: for *we*, {ex2(ssum['we'])} / 4 = {ex2(var['we'])}, and √{ex2(var['we'])} = {r(sd['we'], 4)}.",
      claims=[(ex2(var['we']), "layernorm variance of we", "correct"), (r(sd['we'], 4), "layernorm std of we", "correct")],
      nots=["4"], opts=[ex2(ssum['we']), ex2(var['we'])])
d.add("")
d.add("| token | variance σ² | std σ |")
d.add("|---|---:|---:|")
for t in toks:
    v = "propagated" if t == "maps" else "correct"
    a, b = ex2(var[t]), r(sd[t], 4)
    d.add(f"| {t} | {a} | {b} |", claims=[(a, f"layernorm variance of {t}", v), (b, f"layernorm std of {t}", v)])
d.add("")
d.add("## Step 5: normalise")
d.add("")
w = r(norm['we'][0], 4)
d.add(f"Each difference is divided by its row's σ. For the first feature of *we*: {ex2(diff['we'][0])} / {r(sd['we'], 4)} ≈ {w}.",
      claims=[(w, "normalised we, feature 1", "correct")], opts=[ex2(diff['we'][0]), r(sd['we'], 4)])
d.add("")
d.add("| token | y1 | y2 | y3 | y4 |")
d.add("|---|---:|---:|---:|---:|")
for t in toks:
    cells = [r(v, 4) for v in norm[t]]; cl = []
    for j in range(4):
        v = "propagated" if t == "maps" else "correct"
        if t == "at" and j == 1:
            g = cells[j]; i = g.index(".")
            cells[j] = g[:i+2] + g[i+3] + g[i+2] + g[i+4:]
            assert cells[j] != g, g; v = "wrong"; print("at slip", g, cells[j])
        cl.append((cells[j], f"normalised {t}, feature {j+1}", v))
    d.add(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
d.add("")
d.add("Every row now has mean 0 and variance 1 (up to the rounding of the last digit).", nots=["0", "1"])
d.write("md")
