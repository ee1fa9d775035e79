"""Korean velog post (title, author · date line, backtick tags, series box, emoji headings, > quote tips): K is shown
transposed (K^T as a 2 x 3 bmatrix), and the weighted values a_ij v_j are laid out in a table indexed [key][query]
(rows: the value's token, columns: the query). Chained rounding: the author divides the printed scores by 1.4142,
takes e^x of the printed scaled scores, sums the printed exps, divides, multiplies the printed weights into V, and
adds the printed weighted values down each column."""
from pathlib import Path

from w9lib import *

toks = ["고양이가", "창밖을", "본다"]
Xs = [["0.8", "0.1", "0.3"], ["0.2", "0.9", "0.4"], ["0.5", "0.6", "0.7"]]
Wqs = [["0.6", "0.2"], ["-0.1", "0.5"], ["0.3", "0.4"]]
Wks = [["0.5", "-0.2"], ["0.4", "0.6"], ["0.1", "0.3"]]
Wvs = [["1.0", "0.2"], ["0.3", "0.8"], ["-0.5", "0.4"]]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S = [[dot(q, k) for k in K] for q in Q]
n = 3
Ss = [[lit(S[i][j]) for j in range(n)] for i in range(n)]
# chained: scaled = printed score / 1.4142
Scs = [[rnd(mpf(Ss[i][j]) / mpf("1.4142"), 4) for j in range(n)] for i in range(n)]
Es, Zs, Ws = [], [], []
for i in range(n):
    e, z, w = chained_softmax(Scs[i])
    Es.append(e); Zs.append(z); Ws.append(w)
Vs = [[lit(v) for v in r] for r in V]
# weighted values from the printed weights: WV[i][j] = w_ij * v_j (query i, key j)
WV = [[[rnd(mpf(Ws[i][j]) * mpf(Vs[j][m]), 4) for m in range(2)] for j in range(n)] for i in range(n)]
Cs = [[rnd(mpmath.fsum(mpf(WV[i][j][m]) for j in range(n)), 4) for m in range(2)] for i in range(n)]
# float64 check of the exact pipeline, and the chained numbers stay within a rounding or two of it
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
Wn = np_softmax(Qn @ Kn.T / np.sqrt(2)); Cn = Wn @ Vn
ex = sdpa(Q, K, V)
agree(ex[4], Wn); agree(ex[5], Cn)
assert np.abs(np.array(Ws, float) - Wn).max() < 3e-4 and np.abs(np.array(Cs, float) - Cn).max() < 6e-4

d = Doc("velog-kt-weighted-ko", "md",
        "Korean velog post: K shown transposed (K^T bmatrix), a weighted-value table indexed [key][query] (cells "
        "(a, b) tuples), column sums as outputs; attention Wq/Wk/Wv 3 -> 2 over 3 tokens, all worked by hand from "
        "the printed numbers (chained, √2 as 1.4142)",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2) written 1.4142, worked by hand step after step",
        script=Path(__file__).name, rounding="chained")
A = d
A("# 🐱 Self-Attention 손계산: Kᵀ와 가중합 표로 보기")
A("")
A("**mintcho_dev** · 2024년 3월 17일", nots=["2024", "3", "17"])
A("")
A("`딥러닝` `Transformer` `Attention` `손계산`")
A("")
A("> 📚 **트랜스포머 뜯어보기** 시리즈 (2/5)", nots=["2", "5"])
A("")
A("## 📌 들어가며")
A("")
A("지난 글에서는 행렬 곱만 했는데, 이번에는 **Kᵀ를 직접 써 놓고** 점수를 구한 뒤, 가중합을 "
  "'키 × 쿼리' 표로 정리해 보겠습니다. 문장은 `고양이가 창밖을 본다`, 토큰 3개, 임베딩 3차원, $d_k = 2$ 입니다.",
  nots=["3", "3", "2"])
A("")
A("> 💡 계산기를 두드리면서 했기 때문에 매 단계에서 소수 넷째 자리로 반올림한 값을 다음 단계에 그대로 썼어요. "
  "그래서 마지막 자리가 라이브러리 결과와 1 정도 다를 수 있습니다.", nots=["1"])
A("")
A("## 1️⃣ 입력과 가중치")
A("")
A("| 토큰 | $x_1$ | $x_2$ | $x_3$ |")
A("|:--|--:|--:|--:|")
for t, r in zip(toks, Xs):
    A(f"| {t} | {' | '.join(r)} |")
A("")
for nm, M in (("W^Q", Wqs), ("W^K", Wks), ("W^V", Wvs)):
    A(f"$$W^{{{nm[2]}}} = \\begin{{bmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{bmatrix}$$")
    A("")
A("## 2️⃣ Q, K, V")
A("")
A("$XW^Q$, $XW^K$, $XW^V$ 를 계산하면:")
A("")
A("| 토큰 | Q | K | V |")
A("|:--|:--:|:--:|:--:|")
for i, t in enumerate(toks):
    cl, cells = [], []
    for nm, M in (("Q", Q), ("K", K), ("V", V)):
        a, b = lit(M[i][0]), lit(M[i][1])
        cl += [(a, f"{nm}[{t}][1]", "correct"), (b, f"{nm}[{t}][2]", "correct")]
        cells.append(f"({a}, {b})")
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
A("점수 $QK^\\top$ 를 구하려면 K를 전치해야 하니까, 아예 $K^\\top$ 를 써 두었습니다. 열이 토큰입니다 "
  "(" + ", ".join(toks) + ").")
A("")
A("$$")
A("K^\\top = \\begin{bmatrix}")
for m in range(2):
    A(" & ".join(lit(K[j][m]) for j in range(n)) + (" \\\\" if m == 0 else ""),
      claims=[(lit(K[j][m]), f"K[{toks[j]}][{m + 1}]", "correct") for j in range(n)])
A("\\end{bmatrix}")
A("$$")
A("")
A("## 3️⃣ 점수와 스케일링")
A("")
A(f"예: 고양이가 → 창밖을 = ({lit(Q[0][0])})({lit(K[1][0])}) + ({lit(Q[0][1])})({lit(K[1][1])}) = {Ss[0][1]}",
  claims=[(Ss[0][1], "scores[고양이가,창밖을]", "correct")],
  opts=[lit(Q[0][0]), lit(K[1][0]), lit(Q[0][1]), lit(K[1][1])])
A("")
A("| 쿼리＼키 | " + " | ".join(toks) + " |")
A("|:--|--:|--:|--:|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(Ss[i]) + " |",
      claims=[(Ss[i][j], f"scores[{t},{toks[j]}]", "correct") for j in range(n)])
A("")
A("$\\sqrt{2} \\approx 1.4142$ 로 나눈 값:", claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])
A("")
A("| 쿼리＼키 | " + " | ".join(toks) + " |")
A("|:--|--:|--:|--:|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(Scs[i]) + " |",
      claims=[(Scs[i][j], f"scaled[{t},{toks[j]}]", "correct") for j in range(n)])
A("")
A("## 4️⃣ softmax")
A("")
A("`본다` 행만 자세히 적어 보면")
A("")
A("```")
for j in range(n):
    A(f"exp({Scs[2][j]}) = {Es[2][j]}", claims=[(Es[2][j], f"exp[본다,{toks[j]}]", "correct")], opts=[Scs[2][j]])
A(f"합계 = {' + '.join(Es[2])} = {Zs[2]}", claims=[(Zs[2], "expsum[본다]", "correct")], opts=Es[2])
for j in range(n):
    A(f"{Es[2][j]} / {Zs[2]} = {Ws[2][j]}", claims=[(Ws[2][j], f"weights[본다,{toks[j]}]", "correct")],
      opts=[Es[2][j], Zs[2]])
A("```")
A("")
A("| 쿼리＼키 | " + " | ".join(toks) + " | exp 합 |")
A("|:--|--:|--:|--:|--:|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(Ws[i]) + f" | {Zs[i]} |",
      claims=[(Ws[i][j], f"weights[{t},{toks[j]}]", "correct") for j in range(n)] +
      [(Zs[i], f"expsum[{t}]", "correct")])
A("")
A("## 5️⃣ 가중합을 '키 × 쿼리' 표로")
A("")
A("각 칸은 $a_{ij} \\cdot v_j$ 입니다. **행이 키(값을 내주는 토큰), 열이 쿼리**라서, 한 열을 세로로 더하면 "
  "그 쿼리의 출력이 됩니다. 헷갈리면 행과 열을 꼭 확인하세요!")
A("")
A("| 키 ↓ ＼ 쿼리 → | " + " | ".join(toks) + " |")
A("|:--|:--:|:--:|:--:|")
for j, tk in enumerate(toks):
    cells, cl = [], []
    for i, tq in enumerate(toks):
        a, b = WV[i][j]
        cells.append(f"({a}, {b})")
        cl += [(a, f"weighted_v[{tq},{tk}][1]", "correct"), (b, f"weighted_v[{tq},{tk}][2]", "correct")]
    A(f"| {tk} | " + " | ".join(cells) + " |", claims=cl)
cells, cl = [], []
for i, tq in enumerate(toks):
    cells.append(f"**({Cs[i][0]}, {Cs[i][1]})**")
    cl += [(Cs[i][0], f"context[{tq}][1]", "correct"), (Cs[i][1], f"context[{tq}][2]", "correct")]
A("| **합 = 출력** | " + " | ".join(cells) + " |", claims=cl)
A("")
A(f"예를 들어 `창밖을` 열은 {WV[1][0][0]} + {WV[1][1][0]} + {WV[1][2][0]} = {Cs[1][0]} 이고, "
  f"둘째 성분은 {WV[1][0][1]} + {WV[1][1][1]} + {WV[1][2][1]} = {Cs[1][1]} 입니다.",
  claims=[(Cs[1][0], "context[창밖을][1]", "correct"), (Cs[1][1], "context[창밖을][2]", "correct")],
  opts=[WV[1][j][m] for m in range(2) for j in range(n)])
A("")
A("## 🧾 정리")
A("")
A("- Kᵀ를 먼저 써 두면 점수표를 채울 때 행·열 실수가 줄어요.")
A("- 가중합 표는 키가 행, 쿼리가 열. 세로 합 = 출력.")
A("- 다음 글(3/5)에서는 헤드를 2개로 늘립니다.", nots=["3", "5", "2"])
d.save()
