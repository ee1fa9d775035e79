"""Korean Tistory post saved as HTML: 나는, 학생, 이다 as <th> row labels; d_model 3, d_k 3, scores divided by d_k
itself (3, as the author says); LayerNorm eps 1e-5; ReLU FFN 3 -> 4; head over 4 words; loss of 입니다. Exact,
3 decimals. One planted slip: the sign of one FFN pre-activation of 나는."""
from pathlib import Path
from w17lib import *

toks = ["나는", "학생", "이다"]; vocab = ["나는", "학생", "이다", "."]
def slips(c):
    j = next(j for j, x in enumerate(c.ex["H"][0]) if x > mpf("0.05"))
    return {("H", 0, j): "-" + c.pr["H"][0][j]}
kw = dict(target=[3], head_rows=[2], nd=dict(default=3, S=4), scale="dk", eps="1e-5", slips=slips)
G, c, s, seed = solve(301, (3, 3, 3, 4, 4), **kw)
(st, i0, j0), slip = next(iter(s.ov.items()))
K = Kit(s, verdict_fn(c, s), namer(toks, vocab, ["이다"]))
d = Doc("tistory-haksaeng-ko", "html", "Korean Tistory post (HTML): a whole post-LN layer on 나는 학생 이다, scores divided by d_k = 3, eps 1e-5, to the loss; one sign slip",
        "post-LN layer (d_model 3, d_k 3, scores / d_k, LayerNorm eps 1e-5, ReLU FFN 3 -> 4), head over 4 words, target '.'",
        script=Path(__file__).name,
        note=f"planted slip: the FFN pre-activation L1.ffn.pre[나는][{j0 + 1}] is written {slip} instead of {c.pr['H'][0][j0]} "
             "(wrong sign). Its ReLU output (0), the FFN output, the second residual and LayerNorm of 나는 are computed "
             "from the slipped value (propagated); the head reads 이다 only, so nothing after is touched.")
A = d
A('<!DOCTYPE html>'); A('<html lang="ko">'); A('<head>'); A('<meta charset="utf-8">')
A('<title>트랜스포머 한 층을 손으로 계산해 보기 :: 공부 기록장</title>')
A('<meta property="og:type" content="article">'); A('</head>'); A('<body id="tt-body-page">')
A('<div class="titleWrap"><h2><a href="/entry/transformer-by-hand">트랜스포머 한 층을 손으로 계산해 보기</a></h2>')
A('<div class="info"><span class="category">딥러닝</span> <span class="date">2024. 11. 3. 17:42</span></div></div>', nots=["2024", "11", "17"])
A('<div class="tt_article_useless_p_margin contents_style">')
A('<p>문장 "나는 학생 이다"를 가지고 어텐션부터 손실까지 한 번에 계산해 봅니다. 임베딩 차원은 3입니다.</p>', nots=["3"])
A('<h3>1. 입력과 가중치</h3>')
given_rows(A, G["X"], toks, "html")
for nm in ("Wq", "Wk", "Wv"):
    A(f'<p><b>{nm}</b></p>'); given_rows(A, G[nm], ["1행", "2행", "3행"], "html")
A('<h3>2. Q, K, V</h3>')
for stp in ("Q", "K", "V"):
    A(f'<p><b>{stp}</b></p>'); emit(A, K, stp, toks, "html", head=["1", "2", "3"])
A('<h3>3. 어텐션 점수</h3>')
emit(A, K, "S", toks, "html", head=toks)
A('<p>저는 여기서 √d_k 대신 <b>d_k = 3</b>으로 나눴습니다. (원 논문은 루트지만 숫자가 작아서 그냥 해 봤어요.)</p>', nots=["3"])
emit(A, K, "Sc", toks, "html", head=toks)
A('<p>softmax를 행마다 적용하면:</p>')
emit(A, K, "W", toks, "html", head=toks)
A('<p>가중합 (어텐션 출력):</p>')
emit(A, K, "C", toks, "html", head=["1", "2", "3"])
A('<h3>4. 잔차 연결 + LayerNorm</h3>')
emit(A, K, "R1", toks, "html", head=["1", "2", "3"])
A('<p>평균과 분산(편향 분산, 3으로 나눔), ε = 0.00001:</p>', nots=["3", "0.00001"])
emit(A, K, [("mu1", 0), ("var1", 0), ("std1", 0)], toks, "html", head=["평균", "분산", "표준편차"])
emit(A, K, "N1", toks, "html", head=["1", "2", "3"])
A('<h3>5. FFN</h3>')
for nm in ("W1", "W2"):
    A(f'<p><b>{nm}</b></p>'); given_rows(A, G[nm], [f"{k + 1}행" for k in range(len(G[nm]))], "html")
A(f'<p>b1 = ({", ".join(G["b1"])}), b2 = ({", ".join(G["b2"])})</p>')
A('<p>첫 번째 선형층 (ReLU 전):</p>')
emit(A, K, "H", toks, "html", head=["1", "2", "3", "4"])
A('<p>ReLU 후:</p>')
emit(A, K, "A", toks, "html", head=["1", "2", "3", "4"])
emit(A, K, "F", toks, "html", head=["1", "2", "3"])
A('<h3>6. 두 번째 잔차 + LayerNorm</h3>')
emit(A, K, "R2", toks, "html", head=["1", "2", "3"])
emit(A, K, [("mu2", 0), ("var2", 0), ("std2", 0)], toks, "html", head=["평균", "분산", "표준편차"])
emit(A, K, "N2", toks, "html", head=["1", "2", "3"])
A('<h3>7. 출력층과 손실</h3>')
A('<p>마지막 토큰 "이다"의 벡터에 W_out을 곱합니다. 다음 단어 정답은 "."입니다.</p>')
given_rows(A, G["Wout"], ["1행", "2행", "3행"], "html")
A("<table>"); A("<thead><tr><th></th>" + "".join(f"<th>{w}</th>" for w in vocab) + "</tr></thead>"); A("<tbody>")
A("<tr><th>logit</th>" + "".join(f"<td>{t}</td>" for t in K.cells("G", 0)[0]) + "</tr>", claims=K.cells("G", 0)[1])
A("<tr><th>확률</th>" + "".join(f"<td>{t}</td>" for t in K.cells("P", 0)[0]) + "</tr>", claims=K.cells("P", 0)[1])
A("</tbody>"); A("</table>")
p, _ = K.one("P", 0, 3); l, cl = K.one("LS")
A(f'<p>교차 엔트로피: L = −log({p}) = {l}</p>', claims=cl, opts=[p])
A('<p>공감 12 · 댓글 3</p>', nots=["12", "3"])
A('</div>'); A('</body>'); A('</html>')
d.save()
