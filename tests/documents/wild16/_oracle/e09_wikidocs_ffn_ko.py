"""Korean WikiDocs (위키독스) book chapter copied as Markdown: book title and chapter number, "작성일 / 최종 수정일",
`> [!NOTE]`-style quote, numbered 실습 steps, a 가중치 table per layer, a comment list at the end. A position-wise
FFN with ReLU (3 -> 4 -> 3, biases b1, b2) on 나는, 간다, then Add & Norm: the residual x + FFN(x) and a LayerNorm
without ε (said so), γ = 1, β = 0, biased variance. LayerNorm worked from the printed numbers of each step (mean,
x − μ, variance from the printed deviations, σ = √(printed variance), x̂ = printed deviation / printed σ), 4 decimals.
Chained rounding."""
from pathlib import Path

from w16lib import *

toks = ["나는", "간다"]
Xs = [["0.6", "-0.2", "0.9"], ["-0.4", "0.7", "0.3"]]
W1s = [["0.5", "-0.3", "0.8", "0.2"], ["0.4", "0.6", "-0.5", "0.9"], ["-0.2", "0.7", "0.3", "-0.6"]]
b1s = ["0.1", "-0.2", "0.0", "0.3"]
W2s = [["0.7", "-0.4", "0.2"], ["0.3", "0.5", "-0.6"], ["-0.5", "0.2", "0.8"], ["0.6", "0.1", "-0.3"]]
b2s = ["0.0", "0.1", "-0.1"]
X, W1, b1, W2, b2 = mat(Xs), mat(W1s), mat(b1s), mat(W2s), mat(b2s)
H = [[h + b for h, b in zip(r, b1)] for r in mm(X, W1)]
R = [[max(h, mpf(0)) for h in r] for r in H]
F = [[f + b for f, b in zip(r, b2)] for r in mm(R, W2)]
Res = [[x + f for x, f in zip(xr, fr)] for xr, fr in zip(X, F)]
# float64
Xn = np.array(Xs, float); Hn = Xn @ np.array(W1s, float) + np.array(b1s, float); Rn = np.maximum(Hn, 0)
Fn = Rn @ np.array(W2s, float) + np.array(b2s, float); Resn = Xn + Fn
agree(H, Hn); agree(R, Rn); agree(F, Fn); agree(Res, Resn)
LN = [layernorm(r) for r in Res]
lnn = (Resn - Resn.mean(1, keepdims=True)) / np.sqrt(Resn.var(1, keepdims=True))
agree([l["out"] for l in LN], lnn)
# the chained LayerNorm
chain = []
for r in Res:
    rs = [lit(v) for v in r]
    mu = rnd(mpmath.fsum(mpf(v) for v in rs) / 3, 4)
    cen = [rnd(mpf(v) - mpf(mu), 4) for v in rs]
    sq = [rnd(mpf(v) ** 2, 4) for v in cen]
    var = rnd(mpmath.fsum(mpf(v) for v in sq) / 3, 4)
    std = rnd(mpmath.sqrt(mpf(var)), 4)
    out = [rnd(mpf(v) / mpf(std), 4) for v in cen]
    chain.append(dict(rs=rs, mu=mu, cen=cen, sq=sq, var=var, std=std, out=out))
chain_close([c_["out"] for c_ in chain], [l["out"] for l in LN], units=8)

d = Doc("wikidocs-ffn-ko", "md",
        "Korean WikiDocs chapter: FFN with ReLU (3 -> 4 -> 3, biases) on 나는, 간다, then residual and LayerNorm without "
        "eps, worked from printed numbers (mean, x - mu, squares, variance, sigma, x-hat), 4 decimals",
        "post-attention FFN with ReLU (W1 3x4, b1, W2 4x3, b2), residual x + FFN(x), LayerNorm eps 0, gamma 1, beta 0, "
        "over the tokens 나는, 간다",
        script=Path(__file__).name, rounding="chained")
A = d
A("# 딥 러닝을 이용한 자연어 처리 실습 노트")
A("")
A("## 16-04 피드 포워드 신경망과 Add & Norm 손으로 계산하기", nots=["16", "04"])
A("")
A("작성일: 2023년 11월 2일 · 최종 수정일: 2024년 1월 20일", nots=["2023", "11", "2", "2024", "1", "20"])
A("")
A("> **참고** 이 절은 16-03 절의 어텐션 출력이 이미 계산되었다고 가정하지 않습니다. 입력 x를 그대로 FFN에 넣습니다.",
  nots=["16", "03"])
A("")
A("### 실습 1. 입력과 가중치", nots=["1"])
A("")
A("두 토큰 `나는`, `간다`의 입력 벡터(d_model = 3)는 다음과 같습니다.", nots=["3"])
A("")
A("| 토큰 | x₁ | x₂ | x₃ |")
A("|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("FFN(x) = max(0, x W₁ + b₁) W₂ + b₂ 이고, 은닉층 크기는 d_ff = 4 입니다. 첫 번째 층의 가중치:", nots=["0", "4"])
A("")
A("| W₁ | h₁ | h₂ | h₃ | h₄ |")
A("|---|---|---|---|---|")
for k, r in enumerate(W1s):
    A(f"| x{k + 1} | " + " | ".join(r) + " |")
A("| **b₁** | " + " | ".join(b1s) + " |")
A("")
A("두 번째 층의 가중치:")
A("")
A("| W₂ | y₁ | y₂ | y₃ |")
A("|---|---|---|---|")
for k, r in enumerate(W2s):
    A(f"| h{k + 1} | " + " | ".join(r) + " |")
A("| **b₂** | " + " | ".join(b2s) + " |")
A("")
A("### 실습 2. 은닉층과 ReLU", nots=["2"])
A("")
A(f"`나는`의 첫 번째 은닉 값: 0.6×0.5 + (−0.2)×0.4 + 0.9×(−0.2) + 0.1 = {um(lit(H[0][0]))}",
  claims=[(lit(H[0][0]), "ffn.hidden[나는][1]", "correct")], opts=["0.6", "0.5", "-0.2", "0.4", "0.9", "-0.2", "0.1"])
A("")
A("| 토큰 | xW₁ + b₁ | ReLU |")
A("|---|---|---|")
for i, t in enumerate(toks):
    hs = [lit(v) for v in H[i]]; rs = [lit(v) for v in R[i]]
    A(f"| {t} | [{', '.join(hs)}] | [{', '.join(rs)}] |",
      claims=cl(hs, f"ffn.hidden[{t}][{{k}}]") + cl(rs, f"ffn.relu[{t}][{{k}}]"))
A("")
A("음수인 은닉 값은 ReLU를 지나면서 0이 됩니다.", nots=[])
A("")
A("### 실습 3. FFN 출력과 잔차 연결", nots=["3"])
A("")
A("| 토큰 | FFN(x) | x + FFN(x) |")
A("|---|---|---|")
for i, t in enumerate(toks):
    fs = [lit(v) for v in F[i]]; rs = chain[i]["rs"]
    A(f"| {t} | [{', '.join(fs)}] | [{', '.join(rs)}] |",
      claims=cl(fs, f"ffn.out[{t}][{{k}}]") + cl(rs, f"resid[{t}][{{k}}]"))
A("")
A("### 실습 4. 층 정규화", nots=["4"])
A("")
A("> [!NOTE]")
A("> 손계산이 깔끔하도록 ε은 생략하고(ε = 0), γ = 1, β = 0 으로 둡니다. 분산은 d로 나눕니다(편향 분산).",
  nots=["0", "1", "0"])
A("")
for i, t in enumerate(toks):
    c_ = chain[i]
    A(f"**{t}**")
    A("")
    A(f"- 평균: μ = ({' + '.join(par(s) for s in c_['rs'])}) / 3 = {c_['mu']}",
      claims=[(c_["mu"], f"ln.mean[{t}]", "correct")], opts=c_["rs"], nots=["3"])
    A(f"- 편차: x − μ = [{', '.join(c_['cen'])}]", claims=cl(c_["cen"], f"ln.centered[{t}][{{k}}]"))
    A(f"- 제곱: [{', '.join(c_['sq'])}]", claims=cl(c_["sq"], f"ln.sq[{t}][{{k}}]"))
    A(f"- 분산: σ² = ({' + '.join(c_['sq'])}) / 3 = {c_['var']}", claims=[(c_["var"], f"ln.var[{t}]", "correct")],
      opts=c_["sq"], nots=["3"])
    A(f"- 표준편차: σ = √{c_['var']} = {c_['std']}", claims=[(c_["std"], f"ln.std[{t}]", "correct")], opts=[c_["var"]])
    A(f"- 정규화: (x − μ) / σ = [{', '.join(c_['out'])}]", claims=cl(c_["out"], f"ln.out[{t}][{{k}}]"))
    A("")
A("### 정리")
A("")
A("| 토큰 | μ | σ² | LayerNorm(x + FFN(x)) |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    c_ = chain[i]
    A(f"| {t} | {c_['mu']} | {c_['var']} | [{', '.join(c_['out'])}] |",
      claims=[(c_["mu"], f"ln.mean[{t}]", "correct"), (c_["var"], f"ln.var[{t}]", "correct")]
      + cl(c_["out"], f"ln.out[{t}][{{k}}]"))
A("")
A("실제 Transformer-base 에서는 d_model = 512, d_ff = 2048 입니다.", nots=["512", "2048"])
A("")
A("---")
A("")
A("댓글 3개", nots=["3"])
A("")
A("- **nlp_초보** · 2024-01-18: ε = 1e-5 를 넣으면 값이 거의 안 바뀌나요?", nots=["2024", "01", "18", "1e-5"])
A("- **저자** · 2024-01-20: 네, 소수 넷째 자리까지는 그대로입니다.", nots=["2024", "01", "20"])
d.save()
