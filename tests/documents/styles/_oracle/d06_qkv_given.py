from lib import *

Q = [["0.5", "0.1"], ["0.2", "0.8"], ["0.7", "0.4"], ["0.3", "0.3"]]
K = [["0.6", "0.2"], ["0.1", "0.9"], ["0.4", "0.5"], ["0.8", "0.3"]]
V = [["1.0", "0.2"], ["0.3", "0.7"], ["0.5", "0.5"], ["0.9", "0.1"]]
A0 = attention(Q=Q, K=K, V=V, scale=True, chained=True, sqrt_text="1.4142", nd={"scores": None})
good = A0["exp"][2][1].text
bad = good[:-2] + good[-1] + good[-2]
print(good, bad)
A = attention(Q=Q, K=K, V=V, scale=True, chained=True, sqrt_text="1.4142", nd={"scores": None}, slips={("exp", 2, 1): bad}); settle(A, A0)
d = Doc("attention-qkv-given", "scaled dot-product attention from Q, K, V given directly (4 positions, d_k = 2), rows by position, LaTeX bmatrix",
        "attention (Q, K, V given)", "chained",
        f"each step computed from the previous printed values (divide by 1.4142, exp of printed scaled, printed sum); slip: exp in row 3, column 2 printed {bad} instead of {good}; row 3 sum, weights and output propagate")
d.add("## Scaled dot-product attention, straight from Q, K and V")
d.add("")
d.add("Suppose the projections are already done and we are handed the query, key and value matrices for a sequence of four positions ($d_k = 2$):",
      nots=["2"])
d.add("")
for nm, Mx in (("Q", Q), ("K", K), ("V", V)):
    for line in bmatrix_lines(Mx, nm):
        d.add(line)
    d.add("")
d.add("Row $i$ of each matrix belongs to position $i$. The attention output is")
d.add("")
d.add("$$\\operatorname{Attention}(Q,K,V) = \\operatorname{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)V$$")
d.add("")
d.add("### 1. Scores $QK^\\top$")
d.add("")
c = A["scores"][0][0]
d.add(f"Position 1 against position 1: $0.5 \\times 0.6 + 0.1 \\times 0.2 = 0.30 + 0.02 = {c.text}$.",
      claims=[("0.30", "product", "correct"), ("0.02", "product", "correct"), (c.text, "scores[1,1]", "correct")], opts=["0.5", "0.6", "0.1", "0.2"])
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["scores"]], "QK^\\top")):
    i = k - 2
    d.add(line, claims=claims_of(A["scores"][i], lambda j: f"scores[{i+1},{j+1}]") if 0 <= i < 4 else ())
d.add("")
d.add("### 2. Divide by $\\sqrt{2} \\approx 1.4142$", nots=["2"], opts=["1.4142"])
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["scaled"]], "S")):
    i = k - 2
    d.add(line, claims=claims_of(A["scaled"][i], lambda j: f"scaled[{i+1},{j+1}]") if 0 <= i < 4 else ())
d.add("")
d.add("### 3. Softmax, row by row")
d.add("")
d.add("Row 3 in full:", nots=["3"])
d.add("")
for j in range(4):
    e = A["exp"][2][j]
    d.add(f"$$e^{{{A['scaled'][2][j].text}}} = {e.text}$$", claims=[(e.text, f"exp scaled[3,{j+1}]", e.verdict)], opts=[A['scaled'][2][j].text])
d.add("")
ex = A["exp"][2]; es = A["expsum"][2]
d.add(f"$${' + '.join(e.text for e in ex)} = {es.text}$$", claims=[(es.text, "sum of exps row 3", es.verdict)], opts=[e.text for e in ex])
d.add("")
d.add(f"$$\\alpha_{{3,1}} = \\frac{{{ex[0].text}}}{{{es.text}}} = {A['weights'][2][0].text}$$",
      claims=[(A['weights'][2][0].text, "weights[3,1]", A['weights'][2][0].verdict)], opts=[ex[0].text, es.text], nots=["3", "1"])
d.add("")
d.add("and likewise for the other rows:")
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["weights"]], "A")):
    i = k - 2
    d.add(line, claims=claims_of(A["weights"][i], lambda j: f"weights[{i+1},{j+1}]") if 0 <= i < 4 else ())
d.add("")
d.add("### 4. Multiply by $V$")
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["context"]], "AV")):
    i = k - 2
    d.add(line, claims=claims_of(A["context"][i], lambda j: f"output[{i+1},{j+1}]") if 0 <= i < 4 else ())
d.add("")
d.add("Each output row is a blend of the four value rows; position 1 leans towards the first value row because $q_1$ lines up best with $k_1$ and $k_4$.",
      nots=["1"])
d.write("md")
