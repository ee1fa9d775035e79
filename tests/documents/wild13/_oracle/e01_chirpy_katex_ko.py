"""Korean Jekyll (Chirpy 7) post saved as HTML, math rendered server-side by KaTeX (MathML + TeX annotation + the
visual `katex-html` copy whose matrices run column by column and whose numbers are one span per character).
Single-head attention over 나는, 커피를, 마신다, d_model 4 -> d_k 2, /sqrt(2); Q, K, V as display bmatrices,
one dot product worked inline, scaled scores and weights in kramdown tables (one cell per line), outputs as
inline KaTeX in a list. Exact rounding, no slip."""
from pathlib import Path

from w13lib import *

toks = ["나는", "커피를", "마신다"]
Xs = [["0.6", "0.1", "0.8", "0.3"], ["0.2", "0.9", "0.4", "0.7"], ["0.5", "0.4", "0.1", "0.9"]]
Wqs = [["0.3", "0.7"], ["0.5", "0.2"], ["0.1", "0.6"], ["0.8", "0.4"]]
Wks = [["0.6", "0.2"], ["0.1", "0.5"], ["0.7", "0.3"], ["0.4", "0.8"]]
Wvs = [["0.2", "0.9"], ["0.8", "0.1"], ["0.5", "0.4"], ["0.3", "0.6"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
Qt, Kt, Vt = ([[lit(v) for v in r] for r in M] for M in (Q, K, V))

d = Doc("chirpy-katex-ko", "html",
        "Korean Jekyll Chirpy post saved as HTML with server-rendered KaTeX: attention over 나는 커피를 마신다, "
        "Wq/Wk/Wv 4 -> 2, /sqrt(2); Q/K/V as display bmatrices, scaled scores and weights in kramdown tables, "
        "outputs as inline KaTeX",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens 나는, 커피를, 마신다",
        script=Path(__file__).name)
A = d
A('<!doctype html>')
A('<html lang="ko-KR" data-mode="light"><head>')
A('<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">')
A('<meta name="viewport" content="width=device-width, user-scalable=no initial-scale=1, shrink-to-fit=no">')
A('<meta name="generator" content="Jekyll v4.3.3">')
A('<meta property="og:title" content="손으로 풀어보는 셀프 어텐션 (Self-Attention) 계산">')
A('<meta property="article:published_time" content="2024-03-14T21:10:00+09:00">', nots=["2024"])
A('<title>손으로 풀어보는 셀프 어텐션 (Self-Attention) 계산 | 하루 한 걸음 ML</title>')
A('<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css">')
A('<link rel="stylesheet" href="/assets/css/jekyll-theme-chirpy.css">')
A('</head>')
A('<body>')
A('<aside aria-label="Sidebar" id="sidebar" class="d-flex flex-column align-items-end">')
A('  <header class="profile-wrapper"><a href="/" id="avatar" class="rounded-circle"><img src="/assets/img/avatar.png" width="112" height="112" alt="avatar"></a>')
A('  <h1 class="site-title"><a href="/">하루 한 걸음 ML</a></h1><p class="site-subtitle fst-italic mb-0">딥러닝 공부 기록</p></header>')
A('  <nav class="flex-column flex-grow-1 w-100 ps-0"><ul class="nav">')
A('    <li class="nav-item"><a href="/" class="nav-link"><i class="fa-fw fas fa-home"></i><span>홈</span></a></li>')
A('    <li class="nav-item"><a href="/categories/" class="nav-link"><i class="fa-fw fas fa-stream"></i><span>카테고리</span></a></li>')
A('    <li class="nav-item"><a href="/tags/" class="nav-link"><i class="fa-fw fas fa-tags"></i><span>태그</span></a></li>')
A('    <li class="nav-item"><a href="/archives/" class="nav-link"><i class="fa-fw fas fa-archive"></i><span>아카이브</span></a></li>')
A('  </ul></nav>')
A('</aside>')
A('<div id="main-wrapper" class="d-flex justify-content-center"><div class="container d-flex flex-column px-xxl-5">')
A('<header id="topbar-wrapper" aria-label="Top Bar"><div id="topbar"><nav id="breadcrumb" aria-label="Breadcrumb"><span><a href="/">홈</a></span><span>손으로 풀어보는 셀프 어텐션 …</span></nav></div></header>')
A('<div class="row flex-grow-1"><main aria-label="Main Content" class="col-12 col-lg-11 col-xl-9 px-md-4">')
A('<article class="px-1">')
A('<header><h1 data-toc-skip="">손으로 풀어보는 셀프 어텐션 (Self-Attention) 계산</h1>')
A('<div class="post-meta text-muted"><span>게시 <time data-ts="1710418200" data-df="YYYY/MM/DD" data-bs-toggle="tooltip" data-bs-placement="bottom">2024/03/14</time></span>'
  '<span>업데이트 <time data-ts="1711022400" data-df="YYYY/MM/DD">2024/03/21</time></span></div>', nots=["2024", "14", "21"])
A('<div class="d-flex justify-content-between"><span>작성자 <em><a href="https://github.com/haru-ml">haru</a></em></span>'
  '<span class="readtime" data-bs-toggle="tooltip" data-bs-placement="bottom" title="1240 단어"><em>6 분</em> 소요</span></div>', nots=["1240", "6"])
A('</header>')
A('<div class="content">')
A('<p>트랜스포머 논문의 수식은 한 줄이지만, 실제로 숫자를 넣어 보면 어디서 무엇이 곱해지는지 훨씬 잘 보입니다. '
  '이번 글에서는 문장 “나는 커피를 마신다”의 세 토큰에 4차원 임베딩을 주고, 2차원 쿼리·키·밸류를 만드는 헤드 하나를 끝까지 손으로 계산해 봅니다.</p>',
  nots=["4", "2"])
A('<h2 id="1-입력과-가중치"><span class="me-2">1. 입력과 가중치</span><a href="#1-입력과-가중치" class="anchor text-muted"><i class="fas fa-hashtag"></i></a></h2>')
A('<p>각 행이 한 토큰입니다 (위에서부터 나는, 커피를, 마신다).</p>')
A('<p>' + katex(r"X = " + bm(Xs), True) + '</p>')
for nm, M in (("W^Q", Wqs), ("W^K", Wks), ("W^V", Wvs)):
    A('<p>' + katex(nm + " = " + bm(M), True) + '</p>')
A('<blockquote class="prompt-tip"><p>실제 모델(Transformer base)은 ' + katex(r"d_{model} = 512") + ', '
  + katex(r"d_k = 64") + ' 이지만, 여기서는 손계산을 위해 ' + katex(r"d_k = 2") + ' 로 줄였습니다.</p></blockquote>',
  nots=["512", "64", "2"])
A('<h2 id="2-q-k-v"><span class="me-2">2. Q, K, V 구하기</span><a href="#2-q-k-v" class="anchor text-muted"><i class="fas fa-hashtag"></i></a></h2>')
A('<p>' + katex(r"Q = XW^Q,\; K = XW^K,\; V = XW^V") + ' 를 계산하면 다음과 같습니다.</p>')
for nm, M in (("Q", Qt), ("K", Kt), ("V", Vt)):
    A('<p>' + katex(nm + " = " + bm(M), True) + '</p>', claims=mat_claims(nm, toks, M))
A('<h2 id="3-점수"><span class="me-2">3. 어텐션 점수와 스케일링</span><a href="#3-점수" class="anchor text-muted"><i class="fas fa-hashtag"></i></a></h2>')
A('<p>예를 들어 “나는”의 쿼리와 “커피를”의 키의 내적은 '
  + katex(rf"{Qt[0][0]} \times {Kt[1][0]} + {Qt[0][1]} \times {Kt[1][1]} = {lit(S[0][1])}") + ' 이고, 이를 '
  + katex(rf"\sqrt{{2}} \approx {rnd(c, 4)}") + ' 로 나누면 ' + katex(rf"{lit(S[0][1])} / {rnd(c, 4)} \approx {rnd(Sc[0][1], 4)}")
  + ' 가 됩니다.</p>',
  claims=[(lit(S[0][1]), "scores[나는,커피를]", "correct"), (lit(S[0][1]), "scores[나는,커피를]", "correct"),
          (rnd(c, 4), "sqrt_dk", "correct"), (rnd(c, 4), "sqrt_dk", "correct"), (rnd(Sc[0][1], 4), "scaled[나는,커피를]", "correct")],
  opts=[Qt[0][0], Kt[1][0], Qt[0][1], Kt[1][1]], nots=["2"])
A('<p>전체 점수 ' + katex(r"QK^\top") + ' 는 다음과 같습니다.</p>')
A('<p>' + katex(r"QK^\top = " + bm([[lit(v) for v in r] for r in S]), True) + '</p>',
  claims=pair_claims("scores", toks, [[lit(v) for v in r] for r in S]))
A('<p>스케일링한 점수 ' + katex(r"\frac{QK^\top}{\sqrt{d_k}}") + ' (소수 넷째 자리 반올림):</p>')
A('<div class="table-wrapper">')
html_table(A, ["쿼리 \\ 키"] + toks, [(f"<strong>{t}</strong>", [(rnd(Sc[i][j], 4), f"scaled[{t},{u}]", "correct") for j, u in enumerate(toks)])
                                   for i, t in enumerate(toks)], per_cell=True, label_tag="td")
A('</div>')
A('<h2 id="4-softmax"><span class="me-2">4. 소프트맥스</span><a href="#4-softmax" class="anchor text-muted"><i class="fas fa-hashtag"></i></a></h2>')
A('<p>각 행에 소프트맥스를 적용하면 어텐션 가중치가 됩니다. 각 행의 합은 1입니다.</p>', nots=["1"])
A('<div class="table-wrapper">')
html_table(A, ["쿼리 \\ 키"] + toks, [(f"<strong>{t}</strong>", [(rnd(W[i][j], 4), f"weights[{t},{u}]", "correct") for j, u in enumerate(toks)])
                                   for i, t in enumerate(toks)], per_cell=True, label_tag="td")
A('</div>')
jm = max(range(3), key=lambda j: W[2][j])
A(f'<p>“마신다”는 “{toks[jm]}”에 가장 큰 가중치({rnd(W[2][jm], 4)})를 줍니다. 동사가 목적어를 보는 셈이죠.</p>',
  claims=[(rnd(W[2][jm], 4), f"weights[마신다,{toks[jm]}]", "correct")])
A('<h2 id="5-출력"><span class="me-2">5. 가중합 (출력)</span><a href="#5-출력" class="anchor text-muted"><i class="fas fa-hashtag"></i></a></h2>')
A('<p>가중치 행렬에 ' + katex("V") + ' 를 곱하면 각 토큰의 새 표현이 나옵니다.</p>')
A('<ul>')
for i, t in enumerate(toks):
    ct = [rnd(v, 4) for v in C[i]]
    A(f'  <li>{t}: ' + katex(rf"z_{{{i + 1}}} = [{ct[0]}, {ct[1]}]") + '</li>',
      claims=[(ct[k], f"context[{t}][{k + 1}]", "correct") for k in range(2)])
A('</ul>')
A('<p>다음 글에서는 헤드를 여러 개로 늘리는 멀티헤드 어텐션(예: 8개 헤드)을 다뤄 보겠습니다.</p>', nots=["8"])
A('</div>')
A('<div class="post-tail-wrapper text-muted">')
A('  <div class="post-meta mb-3"><i class="far fa-folder-open fa-fw me-1"></i><a href="/categories/deep-learning/">Deep Learning</a>, <a href="/categories/transformer/">Transformer</a></div>')
A('  <div class="post-tags"><i class="fa fa-tags fa-fw me-1"></i><a href="/tags/attention/" class="post-tag no-text-decoration">attention</a><a href="/tags/transformer/" class="post-tag no-text-decoration">transformer</a></div>')
A('  <div class="post-tail-bottom d-flex justify-content-between align-items-center mt-5 pb-2"><div class="license-wrapper">이 기사는 저작권자의 <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a> 라이센스를 따릅니다.</div>', nots=["4.0"])
A('  <div class="share-wrapper d-flex align-items-center"><span class="share-label text-muted">공유하기</span><span class="share-icons"><a href="https://twitter.com/intent/tweet" aria-label="Twitter"><i class="fa-fw fa-brands fa-square-x-twitter"></i></a><a href="https://www.facebook.com/sharer/sharer.php" aria-label="Facebook"><i class="fa-fw fab fa-facebook-square"></i></a><button class="btn text-start" data-bs-toggle="tooltip" title="링크 복사"><i class="fa-fw fas fa-link pe-none fs-6"></i></button></span></div></div>')
A('</div>')
A('</article>')
A('</main>')
A('<aside aria-label="Panel" id="panel-wrapper" class="col-xl-3 ps-2 text-muted"><section><h2 class="panel-heading">최근 업데이트</h2><ul class="content list-unstyled ps-0 pb-1 ms-1 mt-2">'
  '<li class="text-truncate lh-lg"><a href="/posts/layernorm/">레이어 정규화 손계산</a></li><li class="text-truncate lh-lg"><a href="/posts/pe/">포지셔널 인코딩 정리</a></li></ul></section>'
  '<section><h2 class="panel-heading">인기 태그</h2><div class="d-flex flex-wrap mt-3 mb-1 me-3"><a class="post-tag btn btn-outline-primary" href="/tags/attention/">attention</a></div></section></aside>')
A('</div>')
A('<footer aria-label="Site Info" class="d-flex flex-column justify-content-center text-muted flex-lg-row justify-content-lg-between align-items-lg-center pb-lg-3">'
  '<p>© <time>2024</time> <a href="https://github.com/haru-ml">haru</a>. <span data-bs-toggle="tooltip" data-bs-placement="top" title="명시되지 않는 한 이 사이트의 블로그 게시물은 저작자의 Creative Commons Attribution 4.0 International (CC BY 4.0) 라이선스에 따라 사용이 허가되었습니다.">일부 권리 보유.</span></p>'
  '<p><a href="https://jekyllrb.com" target="_blank" rel="noopener">Jekyll</a> 테마 <a href="https://github.com/cotes2020/jekyll-theme-chirpy" target="_blank" rel="noopener">Chirpy</a> 사용</p></footer>',
  nots=["2024"])
A('</div></div>')
A('</body></html>')
d.save()
