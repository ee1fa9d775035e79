"""Korean velog post (title, author · date, backtick tags, series box, emoji headings, `> 💡` quote): self-attention
over 나는, 밥을, 먹었다 with Wq/Wk/Wv 3 -> 3, **not scaled** (the author says so); tokens as table row labels; the
raw scores are exact at 4 decimals, then e^x, the row sums, the weights and the outputs to 3 decimals, each from the
printed numbers of the step before (chained)."""
from pathlib import Path

from w10lib import *

toks = ["나는", "밥을", "먹었다"]
Xs = [["0.6", "0.2", "0.9"], ["0.1", "0.8", "0.4"], ["0.7", "0.5", "0.3"]]
Wqs = [["0.4", "0.1", "0.7"], ["0.3", "0.8", "0.2"], ["0.6", "0.2", "0.5"]]
Wks = [["0.5", "0.3", "0.2"], ["0.1", "0.6", "0.7"], ["0.8", "0.2", "0.4"]]
Wvs = [["0.2", "0.9", "0.3"], ["0.7", "0.1", "0.5"], ["0.4", "0.6", "0.9"]]
a = attention(Xs, Wqs, Wks, Wvs, scale="none")
Q, K, V, S, W, C = (a[k] for k in ("Q", "K", "V", "S", "W", "C"))
Sp = [[rnd(v, 4) for v in r] for r in S]
for r, e in zip(Sp, S):
    for s, v in zip(r, e):
        assert abs(mpf(s) - v) < mpf(10) ** -40
ch = chain_rows(Sp, None, V, nd=3)
chain_close(ch["w"], W, nd=3); chain_close(ch["c"], C, nd=3)

d = Doc("velog-unscaled-ko", "md",
        "Korean velog post: self-attention over 나는, 밥을, 먹었다 with Wq/Wk/Wv 3 -> 3, not scaled (stated); tables "
        "with tokens as row labels; exps, sums, weights and outputs to 3 decimals from the printed numbers",
        "attention with Wq, Wk, Wv (3 -> 3), not scaled, over the tokens 나는, 밥을, 먹었다",
        script=Path(__file__).name, rounding="chained")
A = d


def table(head, rows, qty, nd_txt):
    A("| 토큰 | " + " | ".join(head) + " |")
    A("|:---:|" + "---:|" * len(head))
    for i, t in enumerate(toks):
        A(f"| **{t}** | " + " | ".join(rows[i]) + " |",
          claims=[(s, qty(t, j), "correct") for j, s in enumerate(rows[i])])


A("# 🧠 셀프 어텐션 손으로 계산하기 (스케일링 없이)")
A("")
A("**minji_kwon** · 2024년 9월 3일", nots=["2024", "9", "3"])
A("")
A("`딥러닝` `트랜스포머` `어텐션` `손계산`")
A("")
A("> 📚 **트랜스포머 밑바닥부터** 시리즈  2/5", nots=["2", "5"])
A("")
A("---")
A("")
A("## 📝 들어가며")
A("")
A("지난 글에서 어텐션 공식을 정리했으니, 이번에는 \"나는 밥을 먹었다\" 세 단어로 직접 숫자를 넣어 봅니다. "
  "임베딩은 3차원, Q/K/V도 3차원입니다.", nots=["3"])
A("")
A("> 💡 이번 글에서는 √d_k 로 나누는 스케일링을 **하지 않습니다**. 차원이 3밖에 안 돼서 점수가 크지 않기 때문에, "
  "softmax 원리만 보려고 일부러 뺐어요.", nots=["3"])
A("")
A("## 🔢 입력 임베딩과 가중치")
A("")
A("| 토큰 | x1 | x2 | x3 |")
A("|:---:|---:|---:|---:|")
for t, r in zip(toks, Xs):
    A(f"| **{t}** | " + " | ".join(r) + " |")
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"$$")
    A(f"{nm} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{pmatrix}")
    A(f"$$")
    A("")
A("## ✖️ Q, K, V")
A("")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    A(f"**{nm}**")
    A("")
    table([f"{nm.lower()}{k}" for k in (1, 2, 3)], [[rnd(v, 2) for v in r] for r in M],
          lambda t, j, nm=nm: f"{nm}[{t}][{j + 1}]", 2)
    A("")
A("## 🎯 어텐션 점수 QKᵀ (스케일링 X)")
A("")
A(f"예를 들어 '나는'의 쿼리와 '밥을'의 키: {rnd(Q[0][0], 2)}×{rnd(K[1][0], 2)} + {rnd(Q[0][1], 2)}×{rnd(K[1][1], 2)} + "
  f"{rnd(Q[0][2], 2)}×{rnd(K[1][2], 2)} = {Sp[0][1]}",
  claims=[(Sp[0][1], "scores[나는,밥을]", "correct")],
  opts=[rnd(Q[0][0], 2), rnd(K[1][0], 2), rnd(Q[0][1], 2), rnd(K[1][1], 2), rnd(Q[0][2], 2), rnd(K[1][2], 2)])
A("")
table(toks, Sp, lambda t, j: f"scores[{t},{toks[j]}]", 4)
A("")
A("## 📈 softmax")
A("")
A("점수에 exp를 씌우고(소수 셋째 자리까지), 행마다 더한 다음 나눕니다.")
A("")
A("| 토큰 | " + " | ".join(f"e^(·{u})" for u in toks) + " | 합계 |")
A("|:---:|" + "---:|" * 4)
for i, t in enumerate(toks):
    cl = [(s, f"exp[{t},{toks[j]}]", "correct") for j, s in enumerate(ch["e"][i])]
    cl.append((ch["z"][i], f"expsum[{t}]", "correct"))
    A(f"| **{t}** | " + " | ".join(ch["e"][i]) + f" | {ch['z'][i]} |", claims=cl)
A("")
A("어텐션 가중치:")
A("")
table(toks, ch["w"], lambda t, j: f"weights[{t},{toks[j]}]", 3)
A("")
A(f"'먹었다' 행을 예로 들면 {ch['e'][2][0]} / {ch['z'][2]} = {ch['w'][2][0]} 이에요.",
  claims=[(ch["w"][2][0], "weights[먹었다,나는]", "correct")], opts=[ch["e"][2][0], ch["z"][2]])
A("")
A("## 🧩 가중합 (출력)")
A("")
A(f"'나는'의 첫 번째 값: {ch['w'][0][0]}×{rnd(V[0][0], 2)} + {ch['w'][0][1]}×{rnd(V[1][0], 2)} + "
  f"{ch['w'][0][2]}×{rnd(V[2][0], 2)} = {ch['c'][0][0]}",
  claims=[(ch["c"][0][0], "context[나는][1]", "correct")],
  opts=[ch["w"][0][0], rnd(V[0][0], 2), ch["w"][0][1], rnd(V[1][0], 2), ch["w"][0][2], rnd(V[2][0], 2)])
A("")
table(["o1", "o2", "o3"], ch["c"], lambda t, j: f"context[{t}][{j + 1}]", 3)
A("")
A("## ✅ 정리")
A("")
A("- 스케일링을 안 하면 점수가 그대로 exp에 들어가서 가중치 차이가 조금 더 커집니다.")
A("- 다음 글에서는 √d_k 로 나눈 버전과 비교해 볼게요! 🙌")
d.save()
