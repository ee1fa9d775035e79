"""Korean lecture note (Markdown, KaTeX): self-attention over 고양이가, 생선을, 먹는다 (d_model 4 -> d_k 2, / sqrt(2));
matrices as `$$ … \left[ \begin{array}{cc} … \right] $$` with `\\` ending each row and a blank line inside the
display block, the per-token queries and keys as KaTeX inline tuples `$q_{\text{고양이가}} = (0.81, 0.62)$`, one
softmax row worked inline. Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["고양이가", "생선을", "먹는다"]
Xs = [["0.7", "0.2", "0.5", "0.1"], ["0.1", "0.8", "0.3", "0.6"], ["0.4", "0.3", "0.9", "0.2"]]
Wqs = [["0.6", "0.3"], ["0.2", "0.5"], ["0.4", "0.7"], ["0.9", "0.1"]]
Wks = [["0.3", "0.8"], ["0.7", "0.2"], ["0.5", "0.4"], ["0.1", "0.6"]]
Wvs = [["0.8", "0.2"], ["0.3", "0.9"], ["0.6", "0.5"], ["0.2", "0.4"]]
a = attention(Xs, Wqs, Wks, Wvs)

d = Doc("lecture-array-ko", "md",
        "Korean lecture note in Markdown with KaTeX: self-attention over 고양이가, 생선을, 먹는다 with Wq/Wk/Wv 4 -> 2, "
        "/ sqrt(2); matrices in \\left[ \\begin{array} blocks with \\\\ rows and a blank line inside $$, inline tuples",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens 고양이가, 생선을, 먹는다",
        script=Path(__file__).name)
A = d


def arr(name, rows, qn=None, nd=4, cols=None):
    cs = "c" * len(rows[0])
    A("$$")
    A(f"{name} = \\left[ \\begin{{array}}{{{cs}}}")
    out = []
    for i, r in enumerate(rows):
        c = [rnd(v, nd) for v in r] if qn else list(r)
        out.append(c)
        A(" & ".join(c) + " \\\\", claims=[(t, qty(qn, toks, i, j), "correct") for j, t in enumerate(c)] if qn else [])
    A("\\end{array} \\right]")
    A("$$")
    return out


A("# 5주차 강의노트: Scaled Dot-Product Attention 손계산")
A("")
A("> 자연어처리 입문 (2024년 2학기) · 조교 정리본 · 최종 수정 2024-10-08", nots=["2024", "2", "10", "08"])
A("")
A("이번 주에는 수업 시간에 칠판으로 했던 예제를 그대로 옮겼습니다. 문장은 \"고양이가 생선을 먹는다\", "
  "토큰 3개, 임베딩 4차원, $d_k = 2$ 입니다. 원 논문의 설정($d_{model} = 512$, $h = 8$, $d_k = 64$)과는 "
  "규모만 다를 뿐 계산 순서는 같습니다.", nots=["3", "4", "2", "512", "8", "64"])
A("")
A("## 1. 입력과 가중치")
A("")
A("$$")
A("X = \\left[ \\begin{array}{cccc}")
for t, r in zip(toks, Xs):
    A(" & ".join(r) + " \\\\")
A("\\end{array} \\right]")
A("")
A("W^Q = \\left[ \\begin{array}{cc}")
for r in Wqs:
    A(" & ".join(r) + " \\\\")
A("\\end{array} \\right]")
A("$$")
A("")
A("$$")
for nm, M in (("W^K", Wks), ("W^V", Wvs)):
    A(f"{nm} = \\left[ \\begin{{array}}{{cc}}")
    for r in M:
        A(" & ".join(r) + " \\\\")
    A("\\end{array} \\right]")
    A("")
A("$$")
A("")
A("## 2. Q, K, V")
A("")
A("$$")
A("Q = XW^Q = \\left[ \\begin{array}{cc}")
for i, r in enumerate(a["Q"]):
    c = [rnd(v, 2) for v in r]
    A(" & ".join(c) + " \\\\", claims=[(t, qty("Q", toks, i, j), "correct") for j, t in enumerate(c)])
A("\\end{array} \\right]")
A("")
A("K = XW^K = \\left[ \\begin{array}{cc}")
for i, r in enumerate(a["K"]):
    c = [rnd(v, 2) for v in r]
    A(" & ".join(c) + " \\\\", claims=[(t, qty("K", toks, i, j), "correct") for j, t in enumerate(c)])
A("\\end{array} \\right]")
A("$$")
A("")
A("토큰별로 쓰면 다음과 같습니다.")
A("")
for i, t in enumerate(toks):
    q = [rnd(v, 2) for v in a["Q"][i]]
    k = [rnd(v, 2) for v in a["K"][i]]
    A(f"- $q_{{\\text{{{t}}}}} = ({q[0]}, {q[1]})$, $k_{{\\text{{{t}}}}} = ({k[0]}, {k[1]})$",
      claims=[(q[0], f"Q[{t}][1]", "correct"), (q[1], f"Q[{t}][2]", "correct"),
              (k[0], f"K[{t}][1]", "correct"), (k[1], f"K[{t}][2]", "correct")])
A("")
arr("V = XW^V", a["V"], "V", nd=2)
A("")
A("## 3. 점수와 스케일링")
A("")
q, k = [rnd(v, 2) for v in a["Q"][0]], [rnd(v, 2) for v in a["K"][1]]
A(f"예를 들어 $q_{{\\text{{고양이가}}}} \\cdot k_{{\\text{{생선을}}}} = {q[0]} \\times {k[0]} + {q[1]} \\times {k[1]} = "
  f"{rnd(a['S'][0][1], 4)}$ 이고, 이를 $\\sqrt{{2}} \\approx 1.4142$ 로 나누면 ${rnd(a['Sc'][0][1], 4)}$ 입니다.",
  claims=[(rnd(a["S"][0][1], 4), "scores[고양이가,생선을]", "correct"), ("1.4142", "sqrt_dk", "correct"),
          (rnd(a["Sc"][0][1], 4), "scaled[고양이가,생선을]", "correct")], opts=q + k, nots=["2"])
A("")
arr("QK^T", a["S"], "scores")
A("")
arr("\\frac{QK^T}{\\sqrt{d_k}}", a["Sc"], "scaled")
A("")
A("## 4. softmax")
A("")
e = [rnd(mpmath.exp(v), 4) for v in a["Sc"][1]]
w = [rnd(v, 4) for v in a["W"][1]]
x6 = [rnd(v, 6) for v in a["Sc"][1]]
assert [rnd(mpmath.exp(mpf(x)), 4) for x in x6] == e   # the working is consistent at the digits it shows
zs = rnd(mpmath.fsum(mpmath.exp(v) for v in a["Sc"][1]), 4)
assert zs == rnd(mpmath.fsum(mpf(x) for x in e), 4) and w == [rnd(mpf(x) / mpf(zs), 4) for x in e]
A(f"둘째 행(생선을)만 풀어 쓰면 (지수는 소수 여섯째 자리까지) $e^{{{x6[0]}}} = {e[0]}$, $e^{{{x6[1]}}} = {e[1]}$, "
  f"$e^{{{x6[2]}}} = {e[2]}$ 이고 합은 ${zs}$, "
  f"따라서 가중치는 $({w[0]}, {w[1]}, {w[2]})$ 입니다.",
  claims=[(e[k], qty("exp", toks, 1, k), "correct") for k in range(3)]
  + [(zs, "expsum[생선을]", "correct")]
  + [(w[k], qty("weights", toks, 1, k), "correct") for k in range(3)],
  opts=x6)
A("")
arr("A", a["W"], "weights")
A("")
A("## 5. 출력")
A("")
arr("Z = AV", a["C"], "context")
A("")
A("> 과제: $d_k = 3$ 으로 바꾸어 같은 계산을 반복해 보세요. (제출 기한 10월 15일)", nots=["3", "10", "15"])
d.save()
