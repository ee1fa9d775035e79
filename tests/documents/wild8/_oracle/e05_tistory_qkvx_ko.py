"""Korean Tistory post saved as HTML: `tt_article_useless_p_margin contents_style` body, `data-ke-size` paragraphs and
headings, `&nbsp;` spacer paragraphs, Tistory editor tables (`data-ke-align`/`data-ke-style`, the header row is a row
of <td>, one cell per line, widths in the style), a MathJax $$ line, a `moreless` fold, category/date header, tag list,
공감/댓글 counts. Self-attention with no weights at all (Q = K = V = X), 3 tokens, d = 4, scaled by sqrt(4) = 2:
score table X Xᵀ with one cell worked, scaled scores, the first row's softmax worked, weight table, output table.
No slip."""
from pathlib import Path

from w8lib import *

toks = ["고양이가", "생선을", "좋아한다"]
Xs = {"고양이가": ["1.0", "0.2", "-0.4", "0.6"], "생선을": ["0.3", "0.9", "0.5", "-0.2"],
      "좋아한다": ["-0.5", "0.4", "0.8", "0.7"]}
X = [mat(Xs[t]) for t in toks]
S, Sc, E, Z, Wt, O = sdpa(X, X, X)
Xn = np.array([[float(v) for v in Xs[t]] for t in toks])
An = np_softmax(Xn @ Xn.T / 2); agree(Wt, An); agree(O, An @ Xn)
F = lambda v: rnd(v, 4)
for r in S + Sc:
    for v in r:
        lit(v)

d = Doc("tistory-qkvx-ko", "html",
        "Korean Tistory post saved as HTML (contents_style div, data-ke-size paragraphs, &nbsp; spacers, editor tables "
        "with a <td> header row and one cell per line, MathJax $$ line, moreless fold, tags, 공감/댓글): self-attention "
        "with Q = K = V = X (no weights), 3 tokens, d 4, /sqrt(4); score, scaled, weight and output tables, one score "
        "and one softmax row worked",
        "attention on the inputs themselves (Q = K = V = X, no projections), scaled by sqrt(4) = 2, softmax, output",
        script=Path(__file__).name)
A = d


def spacer():
    A('<p data-ke-size="size16">&nbsp;</p>')


def table(head, rows):
    A('<table style="border-collapse: collapse; width: 100%;" border="1" data-ke-align="alignLeft" '
      'data-ke-style="style12">')
    A("<tbody>")
    w = 100 // (len(head))
    A("<tr>")
    for h in head:
        A(f'<td style="width: {w}%; text-align: center;"><b>{h}</b></td>', nots=[])
    A("</tr>")
    for label, cells in rows:
        A("<tr>")
        A(f'<td style="width: {w}%; text-align: center;">{label}</td>')
        for text, cl in cells:
            A(f'<td style="width: {w}%; text-align: center;">{text}</td>', claims=cl)
        A("</tr>")
    A("</tbody>")
    A("</table>")


A("<!DOCTYPE html>")
A('<html lang="ko">')
A("<head>")
A('<meta charset="utf-8">')
A("<title>셀프 어텐션 손으로 계산하기 (Q = K = V = X)</title>")
A('<meta property="og:site_name" content="딥러닝 공부 노트">')
A('<meta property="article:published_time" content="2024-05-21T22:14:08+09:00">', nots=["2024"])
A('<link rel="stylesheet" type="text/css" href="https://tistory1.daumcdn.net/tistory/0/Odyssey/style.css">', nots=["1", "0"])
A('<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.9/MathJax.js?config=TeX-AMS_HTML"></script>')
A("</head>")
A('<body id="tt-body-page">')
A('<div id="wrap">')
A('<header id="header"><h1><a href="https://dl-notebook.tistory.com/">딥러닝 공부 노트</a></h1></header>')
A('<div class="hgroup">')
A('<span class="category">NLP/트랜스포머</span>')
A('<h1>셀프 어텐션 손으로 계산하기 (Q = K = V = X)</h1>')
A('<div class="post-meta"><span class="author">콩나물</span><span class="date">2024. 5. 21. 22:14</span></div>',
  nots=["2024", "5", "21", "22", "14"])
A("</div>")
A('<div class="entry-content">')
A('<div class="tt_article_useless_p_margin contents_style">')
A('<p data-ke-size="size16">어텐션 공식을 외우는 것보다 작은 숫자로 한 번 직접 계산해 보는 게 훨씬 기억에 남아서, '
  '이번에는 <b>가중치 행렬 없이</b> 입력 자체를 Query, Key, Value로 쓰는 가장 단순한 경우를 정리해 봤습니다.</p>')
spacer()
A('<h3 data-ke-size="size23">0. 입력</h3>', nots=["0"])
A('<p data-ke-size="size16">문장은 "고양이가 생선을 좋아한다", 토큰 3개이고 임베딩 차원은 d = 4로 잡았습니다. '
  '숫자는 그냥 임의로 정한 값입니다.</p>', nots=["3", "4"])
table(["토큰", "x1", "x2", "x3", "x4"], [(t, [(v, ()) for v in Xs[t]]) for t in toks])
spacer()
A('<p data-ke-size="size16">W<sub>Q</sub>, W<sub>K</sub>, W<sub>V</sub>가 없으니 Q = K = V = X 입니다. 공식은 그대로입니다.</p>')
A('<p data-ke-size="size16">$$\\text{Attention}(X) = \\text{softmax}\\left(\\frac{XX^T}{\\sqrt{d}}\\right)X$$</p>')
spacer()
A('<h3 data-ke-size="size23">1. 점수 XX<sup>T</sup></h3>', nots=["1"])
a, b = toks[0], toks[1]
terms = " + ".join(f"{par(u)}×{par(v)}" for u, v in zip(Xs[a], Xs[b]))
A(f'<p data-ke-size="size16">예를 들어 "{a}"와 "{b}"의 점수는 {terms} = <b>{lit(S[0][1])}</b> 입니다.</p>',
  claims=[(lit(S[0][1]), f"scores[{a},{b}]", "correct")], opts=Xs[a] + Xs[b])
A('<p data-ke-size="size16">같은 방법으로 전부 채우면 (행이 Query, 열이 Key):</p>')
table(["Q \\ K"] + toks, [(toks[i], [(lit(S[i][j]), [(lit(S[i][j]), f"scores[{toks[i]},{toks[j]}]", "correct")])
                                     for j in range(3)]) for i in range(3)])
A('<p data-ke-size="size16">자기 자신과의 점수(대각선)가 가장 크게 나오는 게 보이죠. Q와 K가 같으니 당연한 결과이고, '
  '표도 대칭입니다.</p>')
spacer()
A('<h3 data-ke-size="size23">2. √d 로 나누기</h3>', nots=["2"])
A('<p data-ke-size="size16">d = 4 이므로 √4 = 2 로 나눕니다.</p>', nots=["4", "4", "2"])
table(["Q \\ K"] + toks, [(toks[i], [(lit(Sc[i][j]), [(lit(Sc[i][j]), f"scaled[{toks[i]},{toks[j]}]", "correct")])
                                     for j in range(3)]) for i in range(3)])
spacer()
A('<h3 data-ke-size="size23">3. softmax</h3>', nots=["3"])
t = toks[0]
A(f'<p data-ke-size="size16">첫 번째 행("{t}")만 풀어 쓰면:</p>')
A('<p data-ke-size="size16">' + ", ".join(f"e<sup>{lit(Sc[0][j])}</sup> = {F(E[0][j])}" for j in range(3)) + "</p>",
  claims=[(F(E[0][j]), f"exp[{t},{toks[j]}]", "correct") for j in range(3)], opts=[lit(Sc[0][j]) for j in range(3)])
A(f'<p data-ke-size="size16">합계 = {" + ".join(F(v) for v in E[0])} = {F(Z[0])}</p>',
  claims=[(F(Z[0]), f"expsum[{t}]", "correct")], opts=[F(v) for v in E[0]])
A('<p data-ke-size="size16">' + ", ".join(f"{F(E[0][j])} / {F(Z[0])} = <b>{F(Wt[0][j])}</b>" for j in range(3))
  + "</p>", claims=[(F(Wt[0][j]), f"weights[{t},{toks[j]}]", "correct") for j in range(3)],
  opts=[F(v) for v in E[0]] + [F(Z[0])] * 3)
A('<p data-ke-size="size16">나머지 두 행도 같은 식으로 계산하면 어텐션 가중치 표가 됩니다. 각 행의 합은 1입니다.</p>',
  nots=["1"])
table(["Q \\ K"] + toks, [(toks[i], [(F(Wt[i][j]), [(F(Wt[i][j]), f"weights[{toks[i]},{toks[j]}]", "correct")])
                                     for j in range(3)]) for i in range(3)])
spacer()
A('<h3 data-ke-size="size23">4. 가중합 (출력)</h3>', nots=["4"])
A('<p data-ke-size="size16">가중치 표에 V(= X)를 곱하면 각 토큰의 새 벡터가 나옵니다.</p>')
table(["토큰", "z1", "z2", "z3", "z4"], [(toks[i], [(F(O[i][m]), [(F(O[i][m]), f"context[{toks[i]}][{m + 1}]", "correct")])
                                              for m in range(4)]) for i in range(3)])
A('<div data-ke-type="moreLess" data-text-more="더보기" data-text-less="닫기"><a class="btn-toggle-moreless">더보기</a>')
A('<div class="moreless-content">')
i = 2
A(f'<p data-ke-size="size16">"{toks[i]}"의 첫 번째 성분: '
  + " + ".join(f"{F(Wt[i][j])}×{par(Xs[toks[j]][0])}" for j in range(3)) + f" = {F(O[i][0])}</p>",
  claims=[(F(O[i][0]), f"context[{toks[i]}][1]", "correct")],
  opts=[F(Wt[i][j]) for j in range(3)] + [Xs[toks[j]][0] for j in range(3)])
A("</div>")
A("</div>")
spacer()
A('<p data-ke-size="size16">가중치가 없으면 결국 "자기와 비슷한 토큰을 더 많이 섞는" 평균이 됩니다. 다음 글에서는 '
  'W<sub>Q</sub>, W<sub>K</sub>, W<sub>V</sub>를 넣어서 다시 계산해 보겠습니다.</p>')
A("</div>")
A("</div>")
A('<div class="tags">태그 <a href="/tag/어텐션" rel="tag">어텐션</a>, <a href="/tag/트랜스포머" rel="tag">트랜스포머</a>, '
  '<a href="/tag/셀프어텐션" rel="tag">셀프어텐션</a></div>')
A('<div class="container_postbtn"><button class="btn_post uoc-icon"><span class="txt_like">공감</span>'
  '<span class="uoc-count">12</span></button><span class="txt_comment">댓글 3</span></div>', nots=["12", "3"])
A('<footer id="footer"><p>Designed by 티스토리</p><p>&copy; Kakao Corp.</p></footer>')
A("</div>")
A("</body>")
A("</html>")
d.save()
