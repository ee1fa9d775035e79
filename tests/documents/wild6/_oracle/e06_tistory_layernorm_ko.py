"""Korean Tistory post saved as HTML (Tistory editor markup: data-ke-size paragraphs, &nbsp; spacer paragraphs,
tables with data-ke-align / data-ke-style and the header as the first body row of <td>s, a data-ke-type="codeblock"
<pre>): LayerNorm with gamma and beta over 3 tokens × 4 features, eps = 0: sum, mean, deviations, squares,
variance, std, x_hat, y = gamma x_hat + beta; the final numbers again in a table."""
from pathlib import Path

from w6lib import *

toks = ["나는", "학교에", "간다"]
Xs = [["1.2", "-0.4", "0.6", "2.0"], ["0.3", "0.9", "-1.1", "0.5"], ["-0.8", "0.2", "1.4", "0.6"]]
G = ["0.5", "1.5", "1.0", "2.0"]
B = ["0.2", "0.0", "-0.1", "0.5"]
LN = [layernorm(mat(x), mat(G), mat(B), 0) for x in Xs]
Xn = np.array(Xs, float)
mu = Xn.mean(1, keepdims=True); sd = Xn.std(1, keepdims=True)
Yn = (Xn - mu) / sd * np.array(G, float) + np.array(B, float)
agree([l["out"] for l in LN], Yn); agree([l["std"] for l in LN], sd[:, 0])
F = lambda v: rnd(v, 4)

d = Doc("tistory-layernorm-ko", "html",
        "Korean Tistory post saved as HTML (Tistory editor markup: data-ke-size paragraphs, &nbsp; spacer paragraphs, "
        "tables whose header is the first row of <td> cells, a data-ke-type codeblock): LayerNorm with gamma and beta "
        "over 3 tokens × 4 features with eps = 0: sum, mean, deviations, squares, variance, std, x_hat, gamma x_hat + "
        "beta, a final table",
        "LayerNorm per token, biased variance, eps = 0, y = gamma * (x - mean) / std + beta",
        script=Path(__file__).name)
A = d
P = lambda s, **k: A(f'<p data-ke-size="size16">{s}</p>', **k)
SP = lambda: A('<p data-ke-size="size16">&nbsp;</p>')
A("<!DOCTYPE html>")
A('<html lang="ko">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>[딥러닝 기초] Layer Normalization 직접 계산해 보기 (γ, β 포함)</title>")
A('<meta property="og:site_name" content="곰돌이의 공부 기록">')
A("</head>")
A('<body id="tt-body-page">')
A('<div id="wrap"><div id="container"><main class="main">')
A('<div class="area_title"><strong class="tit_category"><a href="/category/AI%20%EA%B3%B5%EB%B6%80">AI 공부</a></strong>')
A('<h3 class="tit_post">[딥러닝 기초] Layer Normalization 직접 계산해 보기 (γ, β 포함)</h3>')
A('<span class="txt_detail my_post">곰돌이<span class="txt_bar"></span>2024. 3. 9. 21:47</span></div>',
  nots=["2024", "3", "9", "21", "47"])
A('<div class="area_view">')
A('<div class="tt_article_useless_p_margin contents_style">')
P("트랜스포머 블록마다 들어가는 LayerNorm, 식은 외웠는데 숫자로 해 본 적이 없어서 정리해 둡니다. "
  "토큰 3개, 특징 4개짜리 작은 예시입니다.", nots=["3", "4"])
SP()
A('<h3 data-ke-size="size23">1. 입력과 파라미터</h3>', nots=["1"])
A('<table style="border-collapse: collapse; width: 100%;" border="1" data-ke-align="alignLeft" data-ke-style="style12">')
A("<tbody>")
A("<tr>")
A('<td style="width: 20%;">토큰</td>')
for m in range(4):
    A(f'<td style="width: 20%;">x{m + 1}</td>', nots=[str(m + 1)])
A("</tr>")
for t, x in zip(toks, Xs):
    A("<tr>")
    A(f'<td style="width: 20%;">{t}</td>')
    for v in x:
        A(f'<td style="width: 20%;">{v}</td>')
    A("</tr>")
A("</tbody>")
A("</table>")
SP()
P(f"γ = ({', '.join(G)}), β = ({', '.join(B)})")
P("ε는 계산을 깔끔하게 하려고 <b>0</b>으로 둡니다. 분산은 n으로 나누는 모분산입니다.", nots=["0"])
SP()
A('<h3 data-ke-size="size23">2. 토큰별 계산</h3>', nots=["2"])
for i, t in enumerate(toks):
    l = LN[i]
    A(f'<h4 data-ke-size="size20">&lt;{t}&gt;</h4>')
    P(f"합: {' + '.join(par(v) for v in Xs[i])} = {lit(l['sum'])}", claims=[(lit(l["sum"]), f"ln.sum[{t}]", "correct")],
      opts=Xs[i])
    P(f"평균 μ = {lit(l['sum'])} / 4 = {lit(l['mean'])}", claims=[(lit(l["mean"]), f"ln.mean[{t}]", "correct")],
      opts=[lit(l["sum"])], nots=["4"])
    cs = [lit(c) for c in l["centered"]]
    P(f"x − μ = ({', '.join(cs)})", claims=[(cs[m], f"ln.centered[{t}][{m + 1}]", "correct") for m in range(4)])
    sq = [lit(s) for s in l["sq"]]
    P(f"제곱: ({', '.join(sq)}) → 합 {lit(l['sqsum'])}",
      claims=[(sq[m], f"ln.sq[{t}][{m + 1}]", "correct") for m in range(4)] + [(lit(l["sqsum"]), f"ln.sqsum[{t}]", "correct")])
    P(f"분산 σ² = {lit(l['sqsum'])} / 4 = {lit(l['var'])}, 표준편차 σ = √{lit(l['var'])} ≈ {F(l['std'])}",
      claims=[(lit(l["var"]), f"ln.var[{t}]", "correct"), (F(l["std"]), f"ln.std[{t}]", "correct")],
      opts=[lit(l["sqsum"]), lit(l["var"])], nots=["4"])
    ns = [F(v) for v in l["norm"]]
    P(f"x̂ = (x − μ) / σ = ({', '.join(ns)})", claims=[(ns[m], f"ln.norm[{t}][{m + 1}]", "correct") for m in range(4)])
    os_ = [F(v) for v in l["out"]]
    P(f"y = γ ⊙ x̂ + β = ({', '.join(os_)})", claims=[(os_[m], f"ln.out[{t}][{m + 1}]", "correct") for m in range(4)])
    SP()
A('<h3 data-ke-size="size23">3. 결과 정리</h3>', nots=["3"])
A('<table style="border-collapse: collapse; width: 100%;" border="1" data-ke-align="alignLeft" data-ke-style="style12">')
A("<tbody>")
A("<tr>")
for h_ in ["토큰", "μ", "σ", "y1", "y2", "y3", "y4"]:
    A(f"<td>{h_}</td>", nots=[h_[1]] if h_[0] == "y" else [])
A("</tr>")
for i, t in enumerate(toks):
    l = LN[i]
    A("<tr>")
    A(f"<td>{t}</td>")
    A(f"<td>{lit(l['mean'])}</td>", claims=[(lit(l["mean"]), f"ln.mean[{t}]", "correct")])
    A(f"<td>{F(l['std'])}</td>", claims=[(F(l["std"]), f"ln.std[{t}]", "correct")])
    for m in range(4):
        A(f"<td>{F(l['out'][m])}</td>", claims=[(F(l["out"][m]), f"ln.out[{t}][{m + 1}]", "correct")])
    A("</tr>")
A("</tbody>")
A("</table>")
SP()
P("확인용 코드 (eps=0 으로 맞춰야 손계산과 같아요):", nots=["0"])
A('<pre id="code_1709988441203" class="python" data-ke-language="python" data-ke-type="codeblock"><code>import torch',
  nots=["1709988441203"])
A("x = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])")
A("ln = torch.nn.LayerNorm(4, eps=0.0)", nots=["4", "0.0"])
A(f"ln.weight.data = torch.tensor([{', '.join(G)}])")
A(f"ln.bias.data = torch.tensor([{', '.join(B)}])")
A("print(ln(x))</code></pre>")
SP()
P("x̂ 만 보면 각 행의 평균이 0, 분산이 1이 되고, 그다음 γ와 β가 특징마다 크기와 위치를 다시 잡아 줍니다. "
  "학습 초기에는 γ = 1, β = 0 으로 시작하니 사실상 x̂ 그대로예요.", nots=["0", "1", "1", "0"])
SP()
P("다음 글에서는 같은 계산을 Pre-LN 구조 안에서 해 보겠습니다. 🙂")
A("</div>")
A('<div class="container_postbtn"><div class="postbtn_like"><span class="txt_like">공감</span>'
  '<span class="uoc-count">12</span></div><span class="txt_comment">댓글 3</span></div>', nots=["12", "3"])
A("</div>")
A("</main></div></div>")
A("</body>")
A("</html>")
d.save()
