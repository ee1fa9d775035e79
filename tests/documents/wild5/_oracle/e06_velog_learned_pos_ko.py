"""Korean velog-style post: token embeddings and learned position embeddings written as KaTeX inline tuples
$(0.12, 0.5, -0.3)$ per token, added, then one attention head with Wq/Wk/Wv. One planted slip: a sign slip in one
component of x = e + p, chained into that token's Q, K, V and every later number that uses them."""
from pathlib import Path

import numpy as np

from w5lib import *

toks = ["나는", "밥을", "먹는다"]
Es = [["0.12", "0.5", "-0.3"], ["0.4", "-0.2", "0.6"], ["-0.1", "0.3", "0.8"]]
Ps = [["0.05", "-0.1", "0.2"], ["-0.15", "0.25", "0.1"], ["0.3", "0.05", "-0.2"]]
Wqs = [["0.5", "-0.3"], ["0.2", "0.8"], ["-0.4", "0.6"]]
Wks = [["0.7", "0.1"], ["-0.2", "0.5"], ["0.3", "0.4"]]
Wvs = [["0.6", "0.2"], ["0.1", "-0.5"], ["0.4", "0.9"]]
Xtrue = [add(M(e), M(p)) for e, p in zip(Es, Ps)]
SLIP = "0.55"                       # x[밥을][1] = 0.4 + (-0.15) = 0.25, written 0.55
Xslip = [list(r) for r in Xtrue]
Xslip[1][0] = mpf(SLIP)


def run(X):
    Q, K, V = matmul(X, M(Wqs)), matmul(X, M(Wks)), matmul(X, M(Wvs))
    return (Q, K, V) + attention(Q, K, V)


T, Sl = run(Xtrue), run(Xslip)
Xn = np.array(Es, float) + np.array(Ps, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wqs, Wks, Wvs))
Sn = Qn @ Kn.T / np.sqrt(2); Wn = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
check64(T[4], Sn); check64(T[7], Wn); check64(T[8], Wn @ Vn)

d = Doc("velog-learned-pos-ko", "md",
        "Korean velog/Tistory-style post (Markdown, KaTeX inline tuples per token): learned position embeddings added "
        "to token embeddings, then one attention head (Wq, Wk, Wv, d_k = 2): x = e + p, Q, K, V per token, raw and "
        "scaled scores, softmax weights, outputs; one planted slip chained into later steps",
        "x_t = E[token_t] + P[t] (learned P); softmax(Q K^T / sqrt(2)) V with Q = X Wq, K = X Wk, V = X Wv",
        script=Path(__file__).name,
        note=f"planted slip: x[밥을][1] = 0.4 + (-0.15) is written {SLIP} (the sign of the position component dropped) "
             f"instead of {lit(Xtrue[1][0])}; everything computed from it is propagated where it prints differently "
             "(Q, K, V of 밥을, every score with 밥을 as query or key, all weights, since 밥을 is a key of every row, "
             "and all outputs); Q, K, V of the other tokens and the scores between them are correct")
A = d
F = lambda v: fmt(v, 4)


def tup(vals, f=F):
    return "(" + ", ".join(f(v) for v in vals) + ")"


def verdict(dep, shown, true_shown):
    return fate(shown, true_shown) if dep else "correct"


A("# [딥러닝] 학습된 위치 임베딩 + 셀프 어텐션 손으로 계산하기")
A("")
A("2025년 11월 2일 · 읽는 데 6분", nots=["2025", "11", "2", "6"])
A("")
A("BERT나 GPT-2는 사인/코사인 위치 인코딩 대신 **학습되는 위치 임베딩**을 씁니다. "
  "위치마다 벡터가 하나씩 있고, 토큰 임베딩에 그냥 더하면 끝이에요. "
  "이번 글에서는 “나는 밥을 먹는다” 세 토큰으로 한 번 끝까지 계산해 보겠습니다.", nots=["2"])
A("")
A("## 1. 주어진 값")
A("")
A("$d_{model} = 3$, $d_k = 2$ 입니다.", nots=["3", "2"])
A("")
A("**토큰 임베딩**")
A("")
for t, e in zip(toks, Es):
    A(f"- $e_{{\\text{{{t}}}}} = ({', '.join(e)})$")
A("")
A("**위치 임베딩** (학습된 값이라고 가정)")
A("")
for i, p in enumerate(Ps):
    A(f"- $p_{i} = ({', '.join(p)})$", nots=[str(i)])
A("")
A("**가중치**")
A("")
A("$$")
A("W_Q = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wqs) + " \\end{pmatrix},\\;")
A("W_K = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wks) + " \\end{pmatrix},\\;")
A("W_V = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wvs) + " \\end{pmatrix}")
A("$$")
A("")
A("## 2. 임베딩 + 위치")
A("")
A("$x_t = e_t + p_t$ 를 성분별로 더합니다.")
A("")
for i, t in enumerate(toks):
    xs = [lit(v) for v in Xslip[i]]
    cl = [(xs[m], f"X[{t}][{m + 1}] = E + P", "wrong" if (i == 1 and m == 0) else "correct") for m in range(3)]
    A(f"- $x_{{\\text{{{t}}}}} = ({', '.join(f'{a} + {paren(b)}' for a, b in zip(Es[i], Ps[i]))}) = ({', '.join(xs)})$",
      claims=cl, opts=Es[i] + Ps[i])
A("")
A("## 3. Query, Key, Value")
A("")
A("행벡터 $x$ 에 오른쪽에서 곱합니다 ($q = xW_Q$).")
A("")
names = ["q", "k", "v"]
for i, t in enumerate(toks):
    for n, idx in zip(names, (0, 1, 2)):
        vals_s, vals_t = Sl[idx][i], T[idx][i]
        shown = [lit(v) for v in vals_s]
        cl = [(shown[m], f"{n.upper()}[{t}][{m + 1}]", verdict(i == 1, shown[m], lit(vals_t[m]))) for m in range(2)]
        A(f"- $\\mathbf{{{n}}}_{{\\text{{{t}}}}} = ({', '.join(shown)})$", claims=cl)
A("")
A("## 4. 어텐션 스코어")
A("")
S_s, Sc_s, E_s, sum_s, W_s, O_s = Sl[3:]
S_t, Sc_t, E_t, sum_t, W_t, O_t = T[3:]
A(f"예를 들어 $\\mathbf q_{{\\text{{나는}}}} \\cdot \\mathbf k_{{\\text{{밥을}}}} = {lit(S_s[0][1])}$ 이고, "
  f"$\\sqrt 2 \\approx {F(mpmath.sqrt(2))}$ 로 나누면 ${F(Sc_s[0][1])}$ 입니다.",
  claims=[(lit(S_s[0][1]), "scores[나는,밥을]", verdict(True, lit(S_s[0][1]), lit(S_t[0][1]))),
          (F(mpmath.sqrt(2)), "sqrt_dk", "correct"),
          (F(Sc_s[0][1]), "scaled[나는,밥을]", verdict(True, F(Sc_s[0][1]), F(Sc_t[0][1])))], nots=["2"])
A("")
A("스케일된 스코어 $QK^\\top/\\sqrt{2}$ 전체:", nots=["2"])
A("")
A("| query \\ key | 나는 | 밥을 | 먹는다 |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cl = [(F(Sc_s[i][j]), f"scaled[{t},{toks[j]}]", verdict(i == 1 or j == 1, F(Sc_s[i][j]), F(Sc_t[i][j])))
          for j in range(3)]
    A(f"| {t} | " + " | ".join(F(Sc_s[i][j]) for j in range(3)) + " |", claims=cl)
A("")
A("## 5. 소프트맥스 → 가중치")
A("")
A("각 행에 소프트맥스를 적용합니다. 첫 행만 풀어 쓰면:")
A("")
A(f"$e^{{{F(Sc_s[0][0])}}} + e^{{{F(Sc_s[0][1])}}} + e^{{{F(Sc_s[0][2])}}} = {F(E_s[0][0])} + {F(E_s[0][1])} + "
  f"{F(E_s[0][2])} = {F(sum_s[0])}$",
  claims=[(F(E_s[0][0]), "exp[나는,나는]", "correct"),
          (F(E_s[0][1]), "exp[나는,밥을]", verdict(True, F(E_s[0][1]), F(E_t[0][1]))),
          (F(E_s[0][2]), "exp[나는,먹는다]", "correct"),
          (F(sum_s[0]), "expsum[나는]", verdict(True, F(sum_s[0]), F(sum_t[0])))],
  opts=[F(Sc_s[0][j]) for j in range(3)])
A("")
for i, t in enumerate(toks):
    cl = [(F(W_s[i][j]), f"weights[{t},{toks[j]}]", verdict(True, F(W_s[i][j]), F(W_t[i][j]))) for j in range(3)]
    A(f"- $\\alpha_{{\\text{{{t}}}}} = {tup(W_s[i])}$", claims=cl)
A("")
A("## 6. 출력")
A("")
A("$z_t = \\sum_j \\alpha_{tj}\\, \\mathbf v_j$")
A("")
for i, t in enumerate(toks):
    cl = [(F(O_s[i][m]), f"context[{t}][{m + 1}]", verdict(True, F(O_s[i][m]), F(O_t[i][m]))) for m in range(2)]
    A(f"- $z_{{\\text{{{t}}}}} = {tup(O_s[i])}$", claims=cl)
A("")
A("## 마무리")
A("")
A(f"“먹는다”는 “밥을”에 {fmt(W_s[2][1], 2)} 정도의 가중치를 줍니다. 위치 임베딩 $p_1$ 이 더해지면서 "
  "“밥을”의 벡터가 바뀌었기 때문에, 위치가 달라지면 이 값도 달라집니다. "
  "다음 글에서는 같은 계산을 PyTorch `nn.Embedding` 두 개로 구현해 보겠습니다.",
  claims=[(fmt(W_s[2][1], 2), "weights[먹는다,밥을]", verdict(True, fmt(W_s[2][1], 2), fmt(W_t[2][1], 2)))],
  nots=["1"])
A("")
A("#transformer #positional-embedding #attention")
d.save()
