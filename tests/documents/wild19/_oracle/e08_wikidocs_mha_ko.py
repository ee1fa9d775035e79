"""Korean WikiDocs book chapter copied to Markdown: book title, chapter number 07-03, 작성일 / 최종 업데이트, `> **참고**`
quotes, 실습 steps, a comment list. Two-head causal (masked) multi-head attention over <s>, ▁오늘, ▁날씨 worked by
hand: Q, K, V (4 -> 4) split into heads of 2 columns, scores, ÷ 1.4142, e^x (masked cells −∞ and 0), row sums,
weights, head outputs, the concatenation and W_O, each from the printed numbers of the step before (chained,
4 decimals). One planted slip: a row sum of head 2 that forgets its last term."""
from pathlib import Path

from w19lib import *

toks = ["<s>", "▁오늘", "▁날씨"]
Xs = [["0.4", "-0.2", "0.7", "0.1"], ["0.9", "0.3", "-0.4", "0.6"], ["-0.1", "0.8", "0.5", "0.3"]]
Wqs = [["0.5", "0.2", "-0.3", "0.6"], ["0.1", "0.7", "0.4", "-0.2"], ["0.3", "-0.4", "0.6", "0.1"],
       ["-0.2", "0.5", "0.2", "0.8"]]
Wks = [["0.6", "-0.1", "0.4", "0.3"], ["0.2", "0.5", "-0.3", "0.7"], ["-0.4", "0.3", "0.5", "0.2"],
       ["0.3", "0.6", "0.1", "-0.5"]]
Wvs = [["0.2", "0.6", "-0.2", "0.4"], ["0.7", "-0.3", "0.5", "0.1"], ["0.1", "0.4", "0.3", "0.6"],
       ["-0.5", "0.2", "0.6", "0.3"]]
Wos = [["0.3", "0.1", "-0.2", "0.5"], ["-0.1", "0.4", "0.6", "0.2"], ["0.5", "-0.3", "0.1", "0.4"],
       ["0.2", "0.6", "0.3", "-0.1"]]
m = mha(Xs, Wqs, Wks, Wvs, Wos, heads=2, causal=True)
Q, K, V, H = m["Q"], m["K"], m["V"], m["H"]
n = 3
SLIP_H, SLIP_I = 1, 2   # head 2, row ▁날씨: the sum leaves out the last exp


def chain(slip):
    res = []
    for h in range(2):
        Sp = [[rnd(H[h]["S"][i][j], 4) for j in range(i + 1)] for i in range(n)]
        sc = [[rnd(mpf(s) / mpf("1.4142"), 4) for s in r] for r in Sp]
        ex = [[rnd(mpmath.exp(mpf(s)), 4) for s in r] for r in sc]
        zs, ws = [], []
        for i in range(n):
            terms = ex[i][:-1] if (slip and (h, i) == (SLIP_H, SLIP_I)) else ex[i]
            z = rnd(mpmath.fsum(mpf(e) for e in terms), 4)
            zs.append(z)
            ws.append([rnd(mpf(e) / mpf(z), 4) for e in ex[i]])
        Vh = H[h]["V"]
        cs = [[rnd(mpmath.fsum(mpf(w) * Vh[j][c] for j, w in enumerate(ws[i])), 4) for c in range(2)] for i in range(n)]
        res.append(dict(S=Sp, sc=sc, ex=ex, z=zs, w=ws, c=cs))
    cat = [res[0]["c"][i] + res[1]["c"][i] for i in range(n)]
    Wo = mat(Wos)
    out = [[rnd(mpmath.fsum(mpf(cat[i][k]) * Wo[k][c] for k in range(4)), 4) for c in range(4)] for i in range(n)]
    return res, cat, out


R0, cat0, out0 = chain(False)
R1, cat1, out1 = chain(True)
for h in range(2):
    chain_close([r + ["0"] * (n - len(r)) for r in R0[h]["w"]], H[h]["W"])
    chain_close(R0[h]["c"], H[h]["C"])
chain_close(out0, m["out"])
assert R1[SLIP_H]["z"][SLIP_I] != R0[SLIP_H]["z"][SLIP_I]

d = Doc("wikidocs-mha-ko", "md",
        "Korean WikiDocs chapter: two-head causal multi-head attention over <s>, ▁오늘, ▁날씨 by hand; Q, K, V (4 -> 4) "
        "split into heads of 2, scores, ÷ 1.4142, e^x, sums, weights, head outputs, concat and W_O, each from the "
        "printed numbers; one planted slip (a row sum missing a term)",
        "two-head causal attention, one projection each for Q, K, V (4 -> 4), heads of 2 split by columns, concat, "
        "W_O, scaled by sqrt(2)",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: in head 2 the row sum of ▁날씨 is written {R1[SLIP_H]['z'][SLIP_I]} instead of "
             f"{R0[SLIP_H]['z'][SLIP_I]} (the last e^x, of ▁날씨 itself, was left out). The three head-2 weights of "
             "▁날씨, its head-2 output, the concatenated row of ▁날씨 (head-2 half) and its W_O output are computed "
             "from it (propagated, or any where they print the same).")
A = d
A("# 작은 숫자로 배우는 LLM")
A("")
A("## 07-03 마스크드 멀티 헤드 어텐션 손계산", nots=["07", "03"])
A("")
A("작성일 : 2024년 2월 3일 · 최종 업데이트 : 2024년 4월 9일 · 조회수 1,872", nots=["2024", "2", "3", "4", "9", "1,872"])
A("")
A("앞 절에서는 헤드가 하나인 셀프 어텐션을 계산했습니다. 이번에는 GPT 디코더처럼 **마스크**를 씌우고, 헤드를 **2개**로 "
  "나누어 계산한 뒤 다시 이어 붙이는 과정까지 손으로 따라가 보겠습니다.", nots=["2"])
A("")
A("> **참고** 입력 문장은 SentencePiece로 자른 `<s> ▁오늘 ▁날씨` 세 토큰입니다. d_model = 4, 헤드 수 h = 2, "
  "헤드 크기 d_k = 2입니다.", nots=["4", "2"])
A("")
A("### 실습 1. 입력과 가중치")
A("")
A("```python")
A("X = [")
for t, r in zip(toks, Xs):
    A("    [" + ", ".join(f"{v:>4}" for v in r) + "],  # " + t)
A("]")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs), ("W_O", Wos)):
    A(f"{nm} = [" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "]")
A("```")
A("")
A("Q = XW_Q, K = XW_K, V = XW_V 입니다. 앞의 두 열이 헤드 1, 뒤의 두 열이 헤드 2의 몫입니다.")
A("")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    A(f"| {nm} | 1열 | 2열 | 3열 | 4열 |", nots=["1", "2", "3", "4"])
    A("|---|---|---|---|---|")
    for i, t in enumerate(toks):
        ss = [rnd(v, 2) for v in M[i]]
        A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"{nm}[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
    A("")
for h in range(2):
    r0, r1 = R0[h], R1[h]
    hn = h + 1
    A(f"### 실습 {h + 2}. 헤드 {hn}", nots=[str(h + 2), str(hn)])
    A("")
    A(f"헤드 {hn}의 점수 q·k 를 √2 ≈ 1.4142 로 나눈 값입니다. 미래 위치는 마스크로 −∞ 가 됩니다.",
      claims=[("1.4142", "sqrt_dk", "correct")], nots=[str(hn), "2"])
    A("")
    A("| 쿼리 \\ 키 | " + " | ".join(toks) + " |")
    A("|---|---|---|---|")
    for i, t in enumerate(toks):
        cells, cl = [], []
        for j in range(n):
            if j <= i:
                cells.append(f"{r1['S'][i][j]} → {r1['sc'][i][j]}")
                cl += [(r1["S"][i][j], f"L1.attn.h{hn}.scores[{t},{toks[j]}]", "correct"),
                       (r1["sc"][i][j], f"L1.attn.h{hn}.scaled[{t},{toks[j]}]", "correct")]
            else:
                cells.append("−∞")
        A(f"| **{t}** | " + " | ".join(cells) + " |", claims=cl)
    A("")
    A("지수와 행의 합, 그리고 가중치:")
    A("")
    A("| 쿼리 | " + " | ".join(f"e^x ({t})" for t in toks) + " | 합계 | 가중치 |")
    A("|---|---|---|---|---|---|")
    for i, t in enumerate(toks):
        ex = r1["ex"][i] + ["0"] * (n - i - 1)
        z = r1["z"][i]
        slipped = h == SLIP_H and i == SLIP_I
        zv = "wrong" if slipped else "correct"
        ws = r1["w"][i]
        wv = [("correct" if not slipped else fate(w, r0["w"][i][j])) for j, w in enumerate(ws)]
        cl = [(e, f"L1.attn.h{hn}.exp[{t},{toks[j]}]", "correct") for j, e in enumerate(r1["ex"][i])]
        cl += [(z, f"L1.attn.h{hn}.expsum[{t}]", zv)]
        cl += [(w, f"L1.attn.h{hn}.weights[{t},{toks[j]}]", wv[j]) for j, w in enumerate(ws)]
        A(f"| **{t}** | " + " | ".join(ex) + f" | {z} | (" + ", ".join(ws + ["0"] * (n - i - 1)) + ") |",
          claims=cl, opts=["0"] * (2 * (n - i - 1)))
    A("")
    cs = r1["c"]
    A(f"헤드 {hn} 출력 (가중치 × V 의 {2 * h + 1}~{2 * h + 2}열):", nots=[str(hn)])
    A("")
    for i, t in enumerate(toks):
        vv = [("correct" if not (h == SLIP_H and i == SLIP_I) else fate(c, r0["c"][i][k])) for k, c in enumerate(cs[i])]
        A(f"- {t}: [{cs[i][0]}, {cs[i][1]}]", claims=[(c, f"L1.attn.h{hn}.context[{t}][{k + 1}]", vv[k])
                                                     for k, c in enumerate(cs[i])])
    A("")
A("### 실습 4. 이어 붙이기와 W_O", nots=["4"])
A("")
A("두 헤드의 출력을 옆으로 이어 붙이면 다시 4차원이 되고, 여기에 W_O 를 곱합니다.", nots=["4"])
A("")
A("| 토큰 | concat(head1, head2) | 출력 = concat · W_O |", nots=["1", "2"])
A("|---|---|---|")
for i, t in enumerate(toks):
    sl = i == SLIP_I
    cv = [("correct" if not (sl and k >= 2) else fate(c, cat0[i][k])) for k, c in enumerate(cat1[i])]
    ov = [("correct" if not sl else fate(o, out0[i][k])) for k, o in enumerate(out1[i])]
    A(f"| {t} | [" + ", ".join(cat1[i]) + "] | [" + ", ".join(out1[i]) + "] |",
      claims=[(c, f"L1.attn.concat[{t}][{k + 1}]", cv[k]) for k, c in enumerate(cat1[i])]
      + [(o, f"L1.attn.out[{t}][{k + 1}]", ov[k]) for k, o in enumerate(out1[i])])
A("")
A("> **참고** 첫 토큰 `<s>` 는 자기 자신만 볼 수 있으므로 두 헤드 모두 가중치가 1이고, 출력은 V 의 해당 열과 같습니다.",
  nots=["1"])
A("")
A("### 정리")
A("")
A("- 헤드마다 d_k = 2 로 나누어 계산하므로 √2 로 스케일링합니다.", nots=["2"])
A("- 마스크는 softmax 전에 더하며, 마스크된 칸의 가중치는 정확히 0 입니다.", nots=["0"])
A("")
A("[이전](https://wikidocs.net/231005) · [다음](https://wikidocs.net/231007)", nots=["231005", "231007"])
A("")
A("---")
A("")
A("댓글 2", nots=["2"])
A("")
A("- **ssong** 2024-04-10: 합계 칸까지 있어서 따라가기 좋네요. 감사합니다!", nots=["2024", "04", "10"])
A("- **저자** 2024-04-11: 다음 절에서는 KV 캐시를 다룹니다.", nots=["2024", "04", "11"])
d.save()
