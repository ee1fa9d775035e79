"""Korean velog post: a hand-written LayerNorm in the Annotated-Transformer style, std = x.std(-1) (torch's default,
the unbiased n-1 estimator), eps = 1e-6 added to the std, gamma and beta given. Hand working per token, then the torch
print. One planted slip: the std of the second token with two digits swapped, propagated into its x_hat and y."""
from pathlib import Path

import numpy as np

from w4lib import *

tok = ["나는", "학생이다"]
Xs = [["0.6", "-0.2", "1.4", "0.4"], ["2.0", "1.1", "-0.3", "0.8"]]
gs, bs = ["1.2", "0.8", "1.0", "0.5"], ["0.1", "-0.1", "0.0", "0.2"]
X, g, b = M(Xs), M(gs), M(bs)
eps = mpf("1e-6")
n = 4


def ln(x, eps):
    mu = mpmath.fsum(x) / n
    c = [v - mu for v in x]
    sq = [v * v for v in c]
    ssum = mpmath.fsum(sq)
    var = ssum / (n - 1)
    sd = mpmath.sqrt(var)
    xh = [v / (sd + eps) for v in c]
    y = [gi * h + bi for gi, h, bi in zip(g, xh, b)]
    return mu, c, sq, ssum, var, sd, xh, y


R = [ln(x, eps) for x in X]
R0 = [ln(x, mpf(0)) for x in X]           # with eps = 0 every printed digit is the same
for a, c in zip(R, R0):
    for k in (6, 7):
        assert [r(v, 4) for v in a[k]] == [r(v, 4) for v in c[k]]
Xn = np.array(Xs, float)
sdn = Xn.std(1, ddof=1, keepdims=True)
yn = np.array(gs, float) * (Xn - Xn.mean(1, keepdims=True)) / (sdn + 1e-6) + np.array(bs, float)
check_np([R[0][7], R[1][7]], yn)

ST = 1                                     # slip: std of token 2 with its 2nd and 3rd decimals swapped
true_sd = r(R[ST][5], 4)
slip_sd = true_sd[:3] + true_sd[4] + true_sd[3] + true_sd[5:]
assert slip_sd != true_sd, true_sd

d = Doc("velog-layernorm-unbiased-ko", "md",
        "Korean velog post (Markdown, emoji headings, code blocks, tables, a torch print at the end): LayerNorm written "
        "by hand like the Annotated Transformer, std = x.std(-1) with torch's default unbiased estimator (divide by "
        "n - 1 = 3), eps = 1e-6 added to the std, gamma and beta given; mean, deviations, squares, their sum, unbiased "
        "variance, std, x_hat, y for two tokens; one planted slip",
        "mu = mean(x); s = sqrt(sum (x - mu)^2 / (n - 1)); y = gamma * (x - mu) / (s + 1e-6) + beta",
        "exact",
        note=f"planted slip: the std of the 2nd token ('학생이다') is written {slip_sd} instead of {true_sd} (two digits "
             f"swapped); its four x_hat values and four y values are computed from the slipped std (propagated); the "
             f"torch print at the end is right (the author remarks on the difference); token 1 is unaffected",
        gen=Path(__file__).name)
add = d.add
add("# [PyTorch] LayerNorm 직접 구현해 보기 — std는 torch 기본값으로")
add("")
add("hyunwoo.log · 2024년 5월 2일 · 댓글 3", nots=["2024", "5", "2", "3"])
add("")
add("## 📌 들어가며")
add("")
add("Transformer 코드를 따라 치다 보면 LayerNorm을 직접 만드는 부분이 나온다. 나는 `x.std(-1)`을 **torch 기본값 그대로**")
add("썼다. torch의 `std()`는 기본이 불편추정량(unbiased)이라서 분산을 구할 때 n이 아니라 **n − 1**로 나눈다.", nots=["1"])
add("(`nn.LayerNorm`은 n으로 나누기 때문에 결과가 살짝 다르다. 이건 맨 아래에서 다시 얘기함)")
add("")
add("```python")
add("class LayerNorm(nn.Module):")
add("    def __init__(self, features, eps=1e-6):", nots=["1e-6"])
add("        super().__init__()")
add("        self.gamma = nn.Parameter(torch.ones(features))")
add("        self.beta = nn.Parameter(torch.zeros(features))")
add("        self.eps = eps")
add("")
add("    def forward(self, x):")
add("        mean = x.mean(-1, keepdim=True)", nots=["-1"])
add("        std = x.std(-1, keepdim=True)      # 기본값 unbiased=True", nots=["-1"])
add("        return self.gamma * (x - mean) / (std + self.eps) + self.beta")
add("```")
add("")
add("## 🧮 예제 값")
add("")
add("토큰 2개, 차원 4. γ, β는 학습된 값이라고 치고 아래처럼 넣었다.", nots=["2", "4"])
add("")
add("```python")
add("x = torch.tensor([[" + ", ".join(Xs[0]) + "],    # 나는", opts=Xs[0])
add("                  [" + ", ".join(Xs[1]) + "]])   # 학생이다", opts=Xs[1])
add("ln = LayerNorm(4)", nots=["4"])
add("with torch.no_grad():")
add("    ln.gamma.copy_(torch.tensor([" + ", ".join(gs) + "]))", opts=gs)
add("    ln.beta.copy_(torch.tensor([" + ", ".join(bs) + "]))", opts=bs)
add("```")
add("")
add("## ✍️ 손으로 계산")
add("")
for t in range(2):
    mu, c, sq, ssum, var, sd, xh, y = R[t]
    add(f"### 토큰 {t + 1}: `{tok[t]}` = [{', '.join(Xs[t])}]", opts=Xs[t], nots=[str(t + 1)])
    add("")
    add(f"1. 평균: ({' + '.join(Xs[t])}) / 4 = **{r(mu, 4)}**".replace("+ -", "- "),
        claims=[(r(mu, 4), f"mean[{tok[t]}]", "correct")], nots=["1", "4"])
    add(f"2. x − 평균: [{', '.join(r(v, 4) for v in c)}]",
        claims=[(r(c[m], 4), f"centered[{tok[t]}][{m+1}]", "correct") for m in range(n)], nots=["2"])
    add(f"3. 제곱: [{', '.join(r(v, 4) for v in sq)}], 합 = {r(ssum, 4)}",
        claims=[(r(sq[m], 4), f"sq[{tok[t]}][{m+1}]", "correct") for m in range(n)] + [(r(ssum, 4), f"sqsum[{tok[t]}]", "correct")],
        nots=["3"])
    add(f"4. 불편분산: {r(ssum, 4)} / 3 = {r(var, 4)}  ← 4가 아니라 3으로 나눔!",
        claims=[(r(var, 4), f"var[{tok[t]}]", "correct")], opts=[r(ssum, 4)], nots=["4", "3", "4", "3"])
    if t == ST:
        sdv, vsd = slip_sd, "wrong"
    else:
        sdv, vsd = r(sd, 4), "correct"
    add(f"5. 표준편차: √{r(var, 4)} = **{sdv}**", claims=[(sdv, f"std[{tok[t]}]", vsd)], opts=[r(var, 4)], nots=["5"])
    sd_used = P(slip_sd) if t == ST else sd
    xh_p = [c[m] / (sd_used + eps) for m in range(n)]
    y_p = [g[m] * xh_p[m] + b[m] for m in range(n)]
    vv = lambda m, arr, clean: ("correct" if t != ST else verdict_after(r(arr[m], 4), r(clean[m], 4)))
    add(f"6. 정규화 (x − 평균) / (std + 1e-6): [{', '.join(r(v, 4) for v in xh_p)}]",
        claims=[(r(xh_p[m], 4), f"norm[{tok[t]}][{m+1}]", vv(m, xh_p, xh)) for m in range(n)], nots=["6", "1e-6"])
    add(f"7. γ·x̂ + β: [{', '.join(r(v, 4) for v in y_p)}]",
        claims=[(r(y_p[m], 4), f"y[{tok[t]}][{m+1}]", vv(m, y_p, y)) for m in range(n)], nots=["7"])
    add("")
add("eps = 1e-6은 std에 더해지는 거라 소수 넷째 자리까지는 영향이 없다.", nots=["1e-6"])
add("")
add("## 🖥️ torch 결과")
add("")
add("```python")
add(">>> ln(x)")
yl = [[r(v, 4) for v in R[t][7]] for t in range(2)]
w = max(len(v) for row in yl for v in row)
add("tensor([[" + ", ".join(v.rjust(w) for v in yl[0]) + "],",
    claims=[(yl[0][m], f"y[{tok[0]}][{m+1}]", "correct") for m in range(n)])
add("        [" + ", ".join(v.rjust(w) for v in yl[1]) + "]], grad_fn=<AddBackward0>)",
    claims=[(yl[1][m], f"y[{tok[1]}][{m+1}]", "correct") for m in range(n)], nots=["0"])
add("```")
add("")
add("첫 번째 토큰은 손계산이랑 똑같이 나왔다. 두 번째 줄은 좀 다르게 나왔는데… 반올림 차이겠지? 🤔")
add("")
add("## 📝 nn.LayerNorm과 비교")
add("")
add("`nn.LayerNorm(4)`는 분산을 n = 4로 나누고 eps(기본 1e-5)를 분산 쪽에 더한다. 그래서 같은 입력이라도", nots=["4", "4", "1e-5"])
add("출력 크기가 √(3/4) ≈ 0.866배 정도 차이가 난다. Annotated Transformer 코드를 그대로 가져다 쓸 때 주의!",
    nots=["3", "4", "0.866"])
add("")
add("#pytorch #transformer #layernorm")
d.write()
