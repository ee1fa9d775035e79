from lib import *

toks = ["나는", "학교에", "간다"]
X = [["1.0", "0.2", "0.4"], ["0.3", "0.8", "0.5"], ["0.6", "0.1", "0.9"]]
Wq = [["0.2", "0.5"], ["0.7", "0.1"], ["0.3", "0.4"]]
Wk = [["0.6", "0.3"], ["0.2", "0.8"], ["0.1", "0.5"]]
Wv = [["0.4", "0.9"], ["0.5", "0.2"], ["0.8", "0.3"]]
kw = dict(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, nd={"Q": None, "scores": None})
A0 = attention(**kw)
g = A0["weights"][1][2].text; b = g[:4] + g[5] + g[4]
print(g, b)
A = attention(**kw, slips={("weights", 1, 2): b}); settle(A, A0)
d = Doc("korean-jekyll-katex-attention", "Korean Jekyll post: self-attention of 나는 학교에 간다 with W_Q, W_K, W_V, KaTeX bmatrix with % token comments, scaled by sqrt(2)",
        "attention (projections, scaled)", "exact",
        f"slip: weight[학교에,간다] printed {b} for {g} (last two digits swapped, display typo; outputs use the right weights)")
d.add('---\nlayout: post\ntitle: "셀프 어텐션 손으로 계산해 보기"\ndate: 2024-05-19 21:00:00 +0900\ncategories: [딥러닝, 트랜스포머]\nuse_math: true\n---')
d.add("")
d.add("트랜스포머의 핵심인 셀프 어텐션을 작은 숫자로 직접 계산해 보겠습니다. 문장은 **나는 학교에 간다**, 토큰은 세 개입니다.")
d.add("")
d.add("## 1. 입력 임베딩")
d.add("")
d.add("각 토큰의 임베딩 차원은 $d_{model} = 3$ 입니다.", nots=["3"])
d.add("")
for line in bmatrix_lines(X, "X", comments=toks):
    d.add(line)
d.add("")
d.add("가중치 행렬은 다음과 같이 정했습니다 ($d_k = 2$).", nots=["2"])
d.add("")
for nm, W in (("W^Q", Wq), ("W^K", Wk), ("W^V", Wv)):
    for line in bmatrix_lines(W, nm):
        d.add(line)
    d.add("")
d.add("## 2. Query, Key, Value")
d.add("")
d.add("$Q = XW^Q$, $K = XW^K$, $V = XW^V$ 를 계산하면:")
d.add("")
for s in "QKV":
    lines = bmatrix_lines([[c.text for c in row] for row in A[s]], s, comments=toks)
    for k, line in enumerate(lines):
        i = k - 2
        d.add(line, claims=claims_of(A[s][i], lambda j: f"{s}[{toks[i]}][{j+1}]") if 0 <= i < 3 else ())
    d.add("")
q = A["Q"][0]
d.add(f"예를 들어 '나는'의 쿼리 첫 번째 성분은 $1.0 \\times 0.2 + 0.2 \\times 0.7 + 0.4 \\times 0.3 = {q[0].text}$ 입니다.",
      claims=[(q[0].text, "Q[나는][1]", "correct")], opts=["1.0", "0.2", "0.2", "0.7", "0.4", "0.3"])
d.add("")
d.add("## 3. 어텐션 스코어와 스케일링")
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["scores"]], "QK^T", comments=toks)):
    i = k - 2
    d.add(line, claims=claims_of(A["scores"][i], lambda j: f"scores[{toks[i]},{toks[j]}]") if 0 <= i < 3 else ())
d.add("")
s = A["scores"][0][0]; sc = A["scaled"][0][0]
d.add(f"$$\\frac{{{s.text}}}{{\\sqrt{{2}}}} = {sc.text}$$", claims=[(sc.text, "scaled[나는,나는]", "correct")], opts=[s.text], nots=["2"])
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["scaled"]], "\\frac{QK^T}{\\sqrt{d_k}}", comments=toks)):
    i = k - 2
    d.add(line, claims=claims_of(A["scaled"][i], lambda j: f"scaled[{toks[i]},{toks[j]}]") if 0 <= i < 3 else ())
d.add("")
d.add("## 4. 소프트맥스")
d.add("")
d.add("행마다 소프트맥스를 적용하면 어텐션 가중치가 됩니다. 각 행의 합은 1 입니다.", nots=["1"])
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["weights"]], "A", comments=toks)):
    i = k - 2
    d.add(line, claims=claims_of(A["weights"][i], lambda j: f"weights[{toks[i]},{toks[j]}]") if 0 <= i < 3 else ())
d.add("")
d.add("## 5. 출력")
d.add("")
for k, line in enumerate(bmatrix_lines([[c.text for c in row] for row in A["context"]], "Z = AV", comments=toks)):
    i = k - 2
    d.add(line, claims=claims_of(A["context"][i], lambda j: f"context[{toks[i]}][{j+1}]") if 0 <= i < 3 else ())
d.add("")
d.add("가중치가 거의 균등하기 때문에 세 출력 벡터가 서로 비슷합니다. 학습이 진행되면 이 가중치가 달라집니다.")
d.write("md")
