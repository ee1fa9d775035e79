"""Korean Naver Blog post as saved (SmartEditor ONE): every paragraph a `se-component se-text` with
`se-text-paragraph` spans and `&nbsp;` spacers, tables as `se-table-content` with one `se-cell` per line (each cell's
number nested in div/p/span, a header row of plain cells), a `se-code` block, the 공감/댓글 bar. Attention over 오늘,
비가, 온다; d_model 4 -> d_k 2, /sqrt(2) (1.414 stated); raw scores to 4 decimals (exact), scaled scores to 3, weights as
PERCENTAGES with one decimal (`25.6%`) and again as decimals in one sentence, outputs to 3 decimals. Exact rounding,
no slip."""
from pathlib import Path

from w13lib import *

toks = ["오늘", "비가", "온다"]
Xs = [["0.4", "0.8", "0.3", "0.6"], ["0.9", "0.2", "0.7", "0.1"], ["0.5", "0.6", "0.9", "0.4"]]
Wqs = [["0.7", "0.2"], ["0.3", "0.9"], ["0.5", "0.4"], ["0.1", "0.6"]]
Wks = [["0.2", "0.8"], ["0.6", "0.3"], ["0.9", "0.5"], ["0.4", "0.1"]]
Wvs = [["0.5", "0.3"], ["0.1", "0.7"], ["0.8", "0.6"], ["0.3", "0.2"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))

d = Doc("naver-percent-ko", "html",
        "Korean Naver Blog post saved as HTML (SmartEditor ONE components, se-table cells one per line, &nbsp; spacers): "
        "attention over 오늘 비가 온다, Wq/Wk/Wv 4 -> 2, /sqrt(2); weights as percentages",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens 오늘, 비가, 온다",
        script=Path(__file__).name)
A = d


def para(text, **kw):
    A('<div class="se-component se-text se-l-default"><div class="se-component-content"><div class="se-section se-section-text se-l-default"><div class="se-module se-module-text">'
      f'<p class="se-text-paragraph se-text-paragraph-align-" style=""><span style="" class="se-fs- se-ff-   ">{text}</span></p></div></div></div></div>', **kw)


def spacer():
    A('<div class="se-component se-text se-l-default"><div class="se-component-content"><div class="se-section se-section-text se-l-default"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-" style=""><span style="" class="se-fs- se-ff-   ">&#8203;</span></p></div></div></div></div>')


def setable(head, rows, width):
    A('<div class="se-component se-table se-l-default"><div class="se-component-content"><div class="se-section se-section-table se-l-default se-section-align-center"><div class="se-table-container">')
    A('<table class="se-table-content se-reflow-toggle" style="width:100%;"><tbody>')
    for r in [[(h, None) for h in head]] + rows:
        A('<tr class="se-tr">')
        for cell in r:
            txt, cl = cell if isinstance(cell, tuple) else (cell, None)
            A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:{width}%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style="">'
              f'<span style="" class="se-fs- se-ff-   ">{txt}</span></p></div></td>', claims=[cl] if cl else [])
        A('</tr>')
    A('</tbody></table></div></div></div></div>')


A('<!DOCTYPE html>')
A('<html lang="ko"><head><meta charset="utf-8">')
A('<title>어텐션 숫자로 직접 계산해보기 (퍼센트로 보는 가중치) : 네이버 블로그</title>')
A('<meta property="og:title" content="어텐션 숫자로 직접 계산해보기 (퍼센트로 보는 가중치)"/><meta property="og:site_name" content="네이버 블로그 | 코딩하는 곰돌이"/>')
A('<link rel="stylesheet" type="text/css" href="https://ssl.pstatic.net/static.editor/static/dist/editor/1712896362/smarteditor-view.css">', nots=["1712896362"])
A('</head>')
A('<body class="se-viewer" id="body">')
A('<div id="whole-border"><div id="whole-body"><div id="wrapper"><div id="head-skin"><div class="blog-title"><a href="https://blog.naver.com/gomdori_code">코딩하는 곰돌이</a></div><div class="blog-menu"><a href="#">프롤로그</a> <a href="#">블로그</a> <a href="#">메모</a> <a href="#">안부</a></div></div>')
A('<div id="postListBody"><div class="post _post_wrap _param(1)" id="post-view223412345678">', nots=["1"])
A('<div class="se-viewer se-theme-default" lang="ko-KR"><div class="se-component se-documentTitle se-l-default"><div class="se-component-content"><div class="se-section se-section-documentTitle se-l-default se-section-align-left">'
  '<div class="se-module se-module-text se-title-text"><p class="se-text-paragraph se-text-paragraph-align-left"><span class="se-fs- se-ff-   ">어텐션 숫자로 직접 계산해보기 (퍼센트로 보는 가중치)</span></p></div>'
  '<div class="blog2_series"><a class="pcol2" href="#">인공지능 공부</a></div><div class="blog2_container"><span class="nick"><a class="link pcol2">곰돌이</a></span><span class="se_publishDate pcol2">2024. 7. 9. 22:41</span></div></div></div></div>',
  nots=["2024", "7", "9", "22", "41"])
A('<div class="se-main-container">')
para('안녕하세요, 곰돌이입니다 🐻 오늘은 트랜스포머의 셀프 어텐션을 작은 숫자로 끝까지 계산해 볼게요.')
spacer()
para('문장은 “오늘 비가 온다” 세 단어이고, 각 단어는 4차원 벡터, 헤드 크기(d_k)는 2입니다.', nots=["4", "2"])
spacer()
para('<b>① 입력 임베딩</b>')
setable(["단어", "x1", "x2", "x3", "x4"], [[t] + Xs[i] for i, t in enumerate(toks)], 20)
para('<b>② 가중치 행렬</b> (행 4개, 열 2개 — 위에서부터 1행)', nots=["4", "2", "1"])
setable(["행", "W_Q", "W_K", "W_V"], [[str(k + 1), f"({Wqs[k][0]}, {Wqs[k][1]})", f"({Wks[k][0]}, {Wks[k][1]})", f"({Wvs[k][0]}, {Wvs[k][1]})"] for k in range(4)], 25)
para('<b>③ Q, K, V</b>')
A('<div class="se-component se-table se-l-default"><div class="se-component-content"><div class="se-section se-section-table se-l-default se-section-align-center"><div class="se-table-container">')
A('<table class="se-table-content se-reflow-toggle" style="width:100%;"><tbody>')
A('<tr class="se-tr">')
for h in ["단어", "Q", "K", "V"]:
    A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:25%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style=""><span style="" class="se-fs- se-ff-   ">{h}</span></p></div></td>')
A('</tr>')
for i, t in enumerate(toks):
    A('<tr class="se-tr">')
    A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:25%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style=""><span style="" class="se-fs- se-ff-   ">{t}</span></p></div></td>')
    for nm, M in (("Q", Qt), ("K", Kt), ("V", Vt)):
        A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:25%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style=""><span style="" class="se-fs- se-ff-   ">({M[i][0]}, {M[i][1]})</span></p></div></td>',
          claims=[(M[i][k], f"{nm}[{t}][{k + 1}]", "correct") for k in range(2)])
    A('</tr>')
A('</tbody></table></div></div></div></div>')
spacer()
para('<b>④ 점수 = Q·Kᵀ, 그리고 √2 로 나누기</b>', nots=["2"])
para(f'√2 는 약 {rnd(c, 3)} 입니다. 예를 들어 오늘→비가: ({Qt[0][0]}×{Kt[1][0]}) + ({Qt[0][1]}×{Kt[1][1]}) = {rnd(S[0][1], 4)}, 나누면 {rnd(Sc[0][1], 3)}',
     claims=[(rnd(c, 3), "sqrt_dk", "correct"), (rnd(S[0][1], 4), "scores[오늘,비가]", "correct"), (rnd(Sc[0][1], 3), "scaled[오늘,비가]", "correct")],
     opts=[Qt[0][0], Kt[1][0], Qt[0][1], Kt[1][1]], nots=["2"])
A('<div class="se-component se-table se-l-default"><div class="se-component-content"><div class="se-section se-section-table se-l-default se-section-align-center"><div class="se-table-container">')
A('<table class="se-table-content se-reflow-toggle" style="width:100%;"><tbody>')
A('<tr class="se-tr">')
for h in ["나누기 전 → 후"] + toks:
    A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:25%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style=""><span style="" class="se-fs- se-ff-   ">{h}</span></p></div></td>')
A('</tr>')
for i, t in enumerate(toks):
    A('<tr class="se-tr">')
    A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:25%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style=""><span style="" class="se-fs- se-ff-   ">{t}</span></p></div></td>')
    for j, u in enumerate(toks):
        s, sc = rnd(S[i][j], 4), rnd(Sc[i][j], 3)
        A(f'<td class="se-cell" colspan="1" rowspan="1" style="width:25%;height:43px;"><div class="se-module se-module-text"><p class="se-text-paragraph se-text-paragraph-align-center" style=""><span style="" class="se-fs- se-ff-   ">{s}&nbsp;→&nbsp;{sc}</span></p></div></td>',
          claims=[(s, f"scores[{t},{u}]", "correct"), (sc, f"scaled[{t},{u}]", "correct")])
    A('</tr>')
A('</tbody></table></div></div></div></div>')
spacer()
para('<b>⑤ 소프트맥스 → 퍼센트로 보기</b>')
pct = lambda v: rnd(v * 100, 1) + "%"
setable(["가중치"] + toks, [[t] + [(pct(W[i][j]), (pct(W[i][j]), f"weights[{t},{u}]", "correct")) for j, u in enumerate(toks)] for i, t in enumerate(toks)], 25)
para(f'소수로 쓰면 “온다”의 행은 {rnd(W[2][0], 3)}, {rnd(W[2][1], 3)}, {rnd(W[2][2], 3)} 이고, 합은 당연히 1 (100%) 이에요.',
     claims=[(rnd(W[2][j], 3), f"weights[온다,{toks[j]}]", "correct") for j in range(3)], nots=["1", "100%"])
spacer()
para('<b>⑥ 출력 = 가중치 × V</b>')
setable(["단어", "z1", "z2"], [[t] + [(rnd(C[i][k], 3), (rnd(C[i][k], 3), f"context[{t}][{k + 1}]", "correct")) for k in range(2)] for i, t in enumerate(toks)], 33)
A('<div class="se-component se-code se-code-default se-l-default"><div class="se-component-content"><div class="se-section se-section-code se-l-default"><div class="se-module se-module-code"><pre class="se-code-source"><code class="__se_code_view language-python"># 실제 BERT-base: d_model = 768, 헤드 12개, d_k = 64',
  nots=["768", "12", "64"])
A('scores = Q @ K.T / np.sqrt(d_k)</code></pre></div></div></div></div>')
para('궁금한 점은 댓글로 남겨주세요! 다음 글은 멀티헤드 어텐션입니다 😊')
A('</div>')
A('<div class="wrap_postcomment"><div class="area_sympathy"><a class="btn_sympathy"><span class="u_likeit_text _count num">23</span></a></div><div class="area_comment pcol2"><a class="btn_comment _cmtList"><span class="ico"></span>댓글 <em id="commentCount" class="_commentCount">4</em></a></div>'
  '<div class="area_share"><a class="btn_share"><span>공유하기</span></a></div></div>', nots=["23", "4"])
A('</div></div></div></div></div></div>')
A('<div id="footer"><p class="copyright"><a href="https://www.navercorp.com/">NAVER Corp.</a> © NAVER Corp.</p></div>')
A('</body></html>')
d.save()
