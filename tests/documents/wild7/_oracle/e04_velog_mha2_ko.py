"""Korean velog post (title, author · date line, tag list, series box, emoji headings, > 💡 quotes, Markdown tables):
multi-head attention with 2 heads, d_model 4, d_k 2 (columns 1-2 / 3-4 of Wq, Wk, Wv), 3 tokens: Q, K, V, each head's
scaled scores, weights and output, the concatenation and the product with W_O. One planted slip in a head-2 weight,
carried into that head's output row, the concat row and the final row."""
from pathlib import Path

from w7lib import *

toks = ["나는", "밥을", "먹었다"]
Xs = [["1.0", "0.2", "-0.5", "0.3"], ["-0.4", "0.8", "0.6", "0.1"], ["0.5", "-0.3", "0.9", "0.7"]]
Wqs = [["0.6", "-0.2", "0.3", "0.5"], ["0.1", "0.7", "-0.4", "0.2"], ["-0.3", "0.4", "0.8", "-0.1"], ["0.5", "0.1", "0.2", "0.6"]]
Wks = [["0.4", "0.3", "-0.5", "0.2"], ["-0.2", "0.6", "0.3", "0.7"], ["0.7", "-0.1", "0.4", "0.3"], ["0.2", "0.5", "-0.3", "0.8"]]
Wvs = [["0.3", "0.8", "0.1", "-0.4"], ["0.6", "-0.3", "0.5", "0.2"], ["-0.1", "0.4", "0.7", "0.6"], ["0.9", "0.2", "-0.2", "0.3"]]
Wos = [["0.5", "-0.1", "0.2", "0.3"], ["0.2", "0.6", "-0.3", "0.1"], ["-0.4", "0.3", "0.7", "0.2"], ["0.1", "0.2", "0.4", "-0.5"]]
X, Wq, Wk, Wv, Wo = map(mat, (Xs, Wqs, Wks, Wvs, Wos))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
cols = [(0, 2), (2, 4)]
heads = []
for a, b in cols:
    sl = lambda M: [r[a:b] for r in M]
    heads.append(sdpa(sl(Q), sl(K), sl(V)))
F = lambda v: rnd(v, 4)
# slip: head 2, row 먹었다, weight on 나는: two digits swapped
SR, SC = 2, 0
tw = F(heads[1][4][SR][SC])
SLIP = tw[:-2] + tw[-1] + tw[-2]
assert SLIP != tw
Wh2 = [list(r) for r in heads[1][4]]
Wh2[SR][SC] = mpf(SLIP)
V2 = [r[2:4] for r in V]
O2s = mm(Wh2, V2)
O1 = heads[0][5]
O2c = heads[1][5]
cat_s = [O1[i] + O2s[i] for i in range(3)]
cat_c = [O1[i] + O2c[i] for i in range(3)]
Ys, Yc = mm(cat_s, Wo), mm(cat_c, Wo)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
hs_ = [np_softmax(Qn[:, a:b] @ Kn[:, a:b].T / np.sqrt(2)) @ Vn[:, a:b] for a, b in cols]
agree(cat_c, np.concatenate(hs_, 1)); agree(Yc, np.concatenate(hs_, 1) @ np.array(Wos, float))

d = Doc("velog-mha2-ko", "md",
        "Korean velog post (author/date line, tags, series, emoji headings, 💡 quotes, Markdown tables): 2-head "
        "attention, d_model 4, d_k 2 (column blocks of Wq/Wk/Wv), 3 tokens: Q, K, V, per-head scaled scores, weights, "
        "outputs, concat, times W_O; one planted slip",
        "multi-head attention, 2 heads split by columns (1-2, 3-4), scaled by sqrt(2), concat then W_O",
        script=Path(__file__).name,
        note=f"planted slip: head 2's weight 먹었다→나는 is written {SLIP} instead of {tw} (last two digits swapped); "
             "head 2's output row 먹었다 (in its table and in the concat table) and the final output row 먹었다 are "
             "propagated (values printing the same are any); the other weights of that row are printed correctly")
A = d
A("# [Transformer 뜯어보기 #3] 멀티헤드 어텐션을 손으로 계산해 보자")
A("")
A("**dev_haneul** · 2024년 5월 2일", nots=["2024", "5", "2"])
A("")
A("`transformer` `attention` `딥러닝` `NLP`")
A("")
A("> 📚 시리즈: Transformer 뜯어보기 (3/6)", nots=["3", "6"])
A("")
A("## 🧩 들어가며")
A("")
A("지난 글에서는 헤드가 하나인 어텐션을 계산했습니다. 이번에는 헤드를 **2개**로 나눠서, 각 헤드가 서로 다른 "
  "관계를 보는 과정을 숫자로 따라가 보겠습니다. 논문 설정은 $d_{model}=512$, $h=8$이지만 여기서는 "
  "$d_{model}=4$, $h=2$, $d_k=2$입니다.", nots=["2", "512", "8", "4"])
A("")
A("## 📥 입력과 가중치")
A("")
A("| 토큰 | $x_1$ | $x_2$ | $x_3$ | $x_4$ |")
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | {' | '.join(r)} |")
A("")
A("$W^Q$, $W^K$, $W^V$는 $4 \\times 4$이고, 앞의 두 열이 헤드 1, 뒤의 두 열이 헤드 2입니다.", nots=["4"])
A("")
for nm, M in (("W^Q", Wqs), ("W^K", Wks), ("W^V", Wvs), ("W^O", Wos)):
    A(f"$$ {nm} = \\begin{{bmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{bmatrix} $$")
    A("")
A("## 1️⃣ Q, K, V 만들기")
A("")
A("| 토큰 | $Q$ | $K$ | $V$ |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cl, cells = [], []
    for nm, M in (("Q", Q), ("K", K), ("V", V)):
        vs = [lit(v) for v in M[i]]
        cl += [(v, f"{nm}[{t}][{m + 1}]", "correct") for m, v in enumerate(vs)]
        cells.append("[" + ", ".join(vs) + "]")
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
A("> 💡 헤드 1은 각 벡터의 앞 두 칸, 헤드 2는 뒤 두 칸만 씁니다.")
A("")
for h in range(2):
    S, Sc, E, Z, Wt, O = heads[h]
    A(f"## {'2️⃣' if h == 0 else '3️⃣'} 헤드 {h + 1}")
    A("")
    A(f"스케일된 점수 $Q_{h + 1}K_{h + 1}^T / \\sqrt{{2}}$:", nots=[str(h + 1)])
    A("")
    A("| | " + " | ".join(toks) + " |")
    A("|---|---|---|---|")
    for i, t in enumerate(toks):
        A(f"| {t} | " + " | ".join(F(Sc[i][j]) for j in range(3)) + " |",
          claims=[(F(Sc[i][j]), f"L1.attn.h{h + 1}.scaled[{t},{toks[j]}]", "correct") for j in range(3)])
    A("")
    A("softmax 후 어텐션 가중치:")
    A("")
    A("| | " + " | ".join(toks) + " |")
    A("|---|---|---|---|")
    for i, t in enumerate(toks):
        cells, cl = [], []
        for j in range(3):
            if h == 1 and (i, j) == (SR, SC):
                cells.append(SLIP); cl.append((SLIP, f"L1.attn.h2.weights[{t},{toks[j]}]", "wrong"))
            else:
                cells.append(F(Wt[i][j])); cl.append((F(Wt[i][j]), f"L1.attn.h{h + 1}.weights[{t},{toks[j]}]", "correct"))
        A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
    A("")
    Oshow = O1 if h == 0 else O2s
    A(f"헤드 {h + 1}의 출력 (가중치 × $V_{h + 1}$):", nots=[str(h + 1)])
    A("")
    A("| 토큰 | 출력 |")
    A("|---|---|")
    for i, t in enumerate(toks):
        vs = [F(v) for v in Oshow[i]]
        cl = []
        for m in range(2):
            v = "correct"
            if h == 1 and i == SR:
                v = fate(vs[m], F(O2c[i][m]))
            cl.append((vs[m], f"L1.attn.h{h + 1}.context[{t}][{m + 1}]", v))
        A(f"| {t} | ({', '.join(vs)}) |", claims=cl)
    A("")
jm = max(range(3), key=lambda j: heads[0][4][0][j])
A(f"헤드 1에서 \"나는\"은 \"{toks[jm]}\"에 {F(heads[0][4][0][jm])}로 가장 크게 주목합니다.",
  claims=[(F(heads[0][4][0][jm]), f"L1.attn.h1.weights[나는,{toks[jm]}]", "correct")])
A("")
A("## 4️⃣ Concat → $W^O$")
A("")
A("| 토큰 | 헤드 1 | 헤드 2 | concat |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    a = [F(v) for v in O1[i]]
    b = [F(v) for v in O2s[i]]
    vb = [fate(b[m], F(O2c[i][m])) if i == SR else "correct" for m in range(2)]
    cl = [(a[m], f"L1.attn.h1.context[{t}][{m + 1}]", "correct") for m in range(2)]
    cl += [(b[m], f"L1.attn.h2.context[{t}][{m + 1}]", vb[m]) for m in range(2)]
    cl += [(a[m], f"L1.attn.concat[{t}][{m + 1}]", "correct") for m in range(2)]
    cl += [(b[m], f"L1.attn.concat[{t}][{m + 3}]", vb[m]) for m in range(2)]
    A(f"| {t} | ({', '.join(a)}) | ({', '.join(b)}) | [{', '.join(a + b)}] |", claims=cl)
A("")
A("마지막으로 $\\text{MultiHead} = \\text{Concat}(head_1, head_2)\\,W^O$:")
A("")
A("| 토큰 | $y_1$ | $y_2$ | $y_3$ | $y_4$ |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    ys = [F(v) for v in Ys[i]]
    A(f"| {t} | " + " | ".join(ys) + " |",
      claims=[(ys[m], f"L1.attn.out[{t}][{m + 1}]", fate(ys[m], F(Yc[i][m])) if i == SR else "correct")
              for m in range(4)])
A("")
A("## ✍️ 정리")
A("")
A("- 헤드마다 $d_k = 2$짜리 작은 어텐션을 따로 계산한다.", nots=["2"])
A("- 결과를 이어 붙이면 다시 $d_{model} = 4$가 되고, $W^O$가 두 헤드의 정보를 섞는다.", nots=["4"])
A("")
A("다음 글에서는 여기에 잔차 연결과 LayerNorm을 붙여 보겠습니다. 🙌")
d.save()
