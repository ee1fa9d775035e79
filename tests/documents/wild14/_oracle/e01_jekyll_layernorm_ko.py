"""Korean Jekyll post (front matter with use_math, KaTeX `$$ ... $$`): a LayerNorm lesson on 6 tokens x 4 features,
the tokens only as LaTeX comments `% 어제` inside the bmatrix rows. Sum and mean, differences, squares, variance,
std and the normalised rows; no gamma/beta, no epsilon. Chained: each step from the printed numbers before."""
from pathlib import Path

from w14lib import *

toks = ["어제", "친구와", "영화를", "봤다", "정말", "재밌었다"]
Xs = [["0.8", "-0.4", "1.2", "0.3"], ["1.5", "0.2", "-0.6", "0.9"], ["-0.3", "0.7", "0.4", "1.8"],
      ["0.6", "1.1", "-0.9", "0.1"], ["2.1", "0.5", "0.3", "-0.2"], ["0.4", "-1.3", "0.8", "1.0"]]
X = mat(Xs)
ex = [layernorm(r) for r in X]
# float64 check of the exact route
Xn = np.array(Xs, float)
mu = Xn.mean(1, keepdims=True); var = ((Xn - mu) ** 2).mean(1, keepdims=True)
agree([e["mean"] for e in ex], mu[:, 0]); agree([e["var"] for e in ex], var[:, 0])
agree([e["norm"] for e in ex], (Xn - mu) / np.sqrt(var))

# chained route
P = []
for r, e in zip(Xs, ex):
    s = lit(e["sum"]); m = lit(e["mean"])
    c = [lit(mpf(v) - mpf(m)) for v in r]
    sq = [rnd(mpf(v) ** 2, 4) for v in c]
    ss = rnd(mpmath.fsum(mpf(v) for v in sq), 4)
    vr = lit(mpf(ss) / 4)
    sd = rnd(mpmath.sqrt(mpf(vr)), 4)
    nr = [rnd(mpf(v) / mpf(sd), 4) for v in c]
    P.append(dict(sum=s, mean=m, c=c, sq=sq, ss=ss, var=vr, std=sd, norm=nr))
chain_close([[p["std"]] for p in P], [[e["std"]] for e in ex])
chain_close([p["norm"] for p in P], [e["norm"] for e in ex])
chain_close([p["sq"] for p in P], [e["sq"] for e in ex])

d = Doc("jekyll-layernorm-ko", "md",
        "Korean Jekyll post with KaTeX $$ blocks: LayerNorm on 6 tokens x 4 features, tokens as % comments in the "
        "bmatrix; mean, differences, squares, variance, std, normalised rows; no gamma/beta, no epsilon; chained",
        "LayerNorm only (blocks = [\"ln\"]), eps = 0, no gamma/beta, over the tokens 어제, 친구와, 영화를, 봤다, 정말, 재밌었다",
        script=Path(__file__).name, rounding="chained")
A = d
A("---")
A("layout: post")
A('title: "[딥러닝 기초] LayerNorm을 손으로 계산해 보자"')
A("date: 2024-05-18 21:40:00 +0900", nots=["2024", "21"])
A("categories: [DeepLearning, Transformer]")
A("tags: [layernorm, 정규화, 트랜스포머]")
A("use_math: true")
A("toc: true")
A("---")
A("")
A("지난 글에서 배치 정규화(Batch Normalization)를 정리했으니, 이번에는 트랜스포머 블록마다 들어가는 "
  "**레이어 정규화(Layer Normalization)** 를 직접 숫자로 따라가 보겠습니다.")
A("")
A("> 이번 글에서는 $\\gamma$, $\\beta$ 는 다루지 않고, 분모의 $\\epsilon$ 도 생략합니다. 정규화 자체만 봅니다.")
A("")
A("## 1. 입력")
A("")
A("토큰 6개, 각 토큰은 4차원 벡터입니다. (행 옆의 주석이 토큰입니다)")
A("")
A("$$")
A("X = \\begin{bmatrix}")
for i, (t, r) in enumerate(zip(toks, Xs)):
    A(" & ".join(r) + (" \\\\" if i < 5 else "") + f" % {t}")
A("\\end{bmatrix}")
A("$$")
A("")
A("레이어 정규화는 **각 행(토큰) 안에서** 평균과 분산을 구합니다.")
A("")
A("$$\\mu = \\frac{1}{d}\\sum_{i=1}^{d} x_i, \\qquad \\sigma^2 = \\frac{1}{d}\\sum_{i=1}^{d}(x_i - \\mu)^2, "
  "\\qquad \\hat{x}_i = \\frac{x_i - \\mu}{\\sigma}$$")
A("")
A("## 2. 평균 $\\mu$")
A("")
for t, r, p in zip(toks, Xs, P):
    terms = " + ".join(par(v) for v in r)
    A(f"$$\\mu_{{\\text{{{t}}}}} = \\frac{{{terms}}}{{4}} = \\frac{{{p['sum']}}}{{4}} = {p['mean']}$$",
      claims=[(p["sum"], f"L1.ln.sum[{t}]", "correct"), (p["mean"], f"L1.ln.mean[{t}]", "correct")], opts=r)
    A("")
A("## 3. 편차 $x - \\mu$")
A("")
A("$$")
A("X - \\mu = \\begin{bmatrix}")
for i, (t, p) in enumerate(zip(toks, P)):
    A(" & ".join(p["c"]) + (" \\\\" if i < 5 else "") + f" % {t}",
      claims=[(v, f"L1.ln.centered[{t}][{k + 1}]", "correct") for k, v in enumerate(p["c"])])
A("\\end{bmatrix}")
A("$$")
A("")
A("## 4. 제곱 $(x - \\mu)^2$")
A("")
A("소수 넷째 자리에서 반올림했습니다.")
A("")
A("$$")
A("(X - \\mu)^2 = \\begin{bmatrix}")
for i, (t, p) in enumerate(zip(toks, P)):
    A(" & ".join(p["sq"]) + (" \\\\" if i < 5 else "") + f" % {t}",
      claims=[(v, f"L1.ln.sq[{t}][{k + 1}]", "correct") for k, v in enumerate(p["sq"])])
A("\\end{bmatrix}")
A("$$")
A("")
A("## 5. 분산과 표준편차")
A("")
A("위의 제곱을 행마다 더하고 4로 나눈 것이 분산, 그 제곱근이 표준편차입니다.")
A("")
A("| 토큰 | $\\sum (x-\\mu)^2$ | $\\sigma^2$ | $\\sigma$ |")
A("|:---:|---:|---:|---:|")
for t, p in zip(toks, P):
    A(f"| {t} | {p['ss']} | {p['var']} | {p['std']} |",
      claims=[(p["ss"], f"L1.ln.sqsum[{t}]", "correct"), (p["var"], f"L1.ln.var[{t}]", "correct"),
              (p["std"], f"L1.ln.std[{t}]", "correct")])
A("")
A("## 6. 정규화")
A("")
p0 = P[0]
A(f"예를 들어 첫 번째 토큰의 첫 성분은 $\\hat{{x}} = \\dfrac{{{p0['c'][0]}}}{{{p0['std']}}} = {p0['norm'][0]}$ 입니다.",
  claims=[(p0["norm"][0], f"L1.ln.norm[{toks[0]}][1]", "correct")], opts=[p0["c"][0], p0["std"]])
A("")
A("$$")
A("\\hat{X} = \\begin{bmatrix}")
for i, (t, p) in enumerate(zip(toks, P)):
    A(" & ".join(p["norm"]) + (" \\\\" if i < 5 else "") + f" % {t}",
      claims=[(v, f"L1.ln.norm[{t}][{k + 1}]", "correct") for k, v in enumerate(p["norm"])])
A("\\end{bmatrix}")
A("$$")
A("")
A("각 행의 평균이 0, 분산이 1 근처로 모인 것을 확인할 수 있습니다. (반올림 때문에 정확히 맞지는 않습니다)",
  nots=["0", "1"])
A("")
A("## 7. 정리")
A("")
A("- 배치 정규화는 배치 방향, 레이어 정규화는 **특징 방향**으로 통계를 냅니다.")
A("- 실제 모델(예: BERT-base)에서는 차원이 768이고, PyTorch의 기본 $\\epsilon$ 은 1e-5입니다.", nots=["768", "1e-5"])
A("- 다음 글에서는 $\\gamma$, $\\beta$ 와 Pre-LN / Post-LN 차이를 다룹니다.")
A("")
A("*참고: Ba, Kiros, Hinton, \"Layer Normalization\" (2016)*", nots=["2016"])
d.save()
