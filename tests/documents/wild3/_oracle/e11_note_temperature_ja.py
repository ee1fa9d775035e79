"""Japanese note.com article (plain Markdown as note exports it, ■ headings, code blocks instead of tables): temperature
T = 1, 0.5, 2 on five next-token logits (z/T, e^x, the sum, p) and top-k = 3 renormalisation. Chained rounding. One
planted slip: the sum of the exponentials at T = 2 is mis-added 0.1 too large."""
from pathlib import Path

import numpy as np

from w3lib import *

words = ["晴れ", "暑い", "寒い", "雨", "猫"]
zs = ["2.0", "1.2", "0.4", "-0.3", "-1.5"]
z = V(zs)
f4 = lambda v: r(v, 4)


def run(slip):
    o = {}
    for Tt in ("1.0", "0.5", "2.0"):
        Tm = mpf(Tt)
        zt = [ex(v / Tm) for v in z]
        e = [f4(mpmath.exp(P(s))) for s in zt]
        s = mpmath.fsum(P(x) for x in e)
        if slip and Tt == "2.0":
            s += mpf("0.1")
        st = ex(s)
        p = [f4(P(x) / P(st)) for x in e]
        o[Tt] = (zt, e, st, p)
    p1 = o["1.0"][3]
    top = [0, 1, 2]
    s3 = ex(mpmath.fsum(P(p1[j]) for j in top))
    o["top"] = (s3, [f4(P(p1[j]) / P(s3)) for j in top])
    return o


R, R0 = run(True), run(False)
for Tt in ("1.0", "0.5", "2.0"):
    pn = np.exp(np.array(zs, float) / float(Tt)); pn /= pn.sum()
    assert np.allclose([float(x) for x in R0[Tt][3]], pn, atol=2e-4)

d = Doc("note-temperature-topk-ja", "md",
        "Japanese note.com article (note's Markdown export: ■ headings, bold, code blocks used as tables, hashtags): "
        "temperature sampling on five next-token logits at T = 1.0, 0.5, 2.0 (z/T, e^x, sum, probabilities) and top-k = 3 "
        "renormalisation; chained rounding; one planted slip",
        "p_i = exp(z_i/T) / sum_j exp(z_j/T); top-k: keep the k largest p and renormalise", "chained",
        note="planted slip: at T = 2.0 the sum of the five exponentials is mis-added 0.1 too large (the exponentials are "
             "right); the five T = 2.0 probabilities computed from it are propagated (those that print the same as in the "
             "slip-free chain are 'any'); T = 1.0, T = 0.5 and the top-k part are unaffected",
        gen=Path(__file__).name)
add = d.add
add("# 「温度」を変えるとLLMの出力はどう変わる？手計算で確かめてみた")
add("")
add("2024年1月9日 21:30", nots=["2024", "1", "9", "21", "30"])
add("")
add("こんにちは、AIエンジニア見習いのゆうです。ChatGPT の API を触っていると必ず出てくる `temperature` と `top_k`。"
    "なんとなく「0 に近いほど堅い」くらいの理解だったので、実際に数字で追ってみました。", nots=["0"])
add("")
add("■ 設定")
add("")
add("「今日はとても」の次に来る単語の候補を5つに絞って、モデルが出したロジットを次のように置きます（数字は適当です）。", nots=["5"])
add("")
add("```")
for w, v in zip(words, zs):
    add(f"{w}\t{v}")
add("```")
add("")
add("温度 T を使うと確率は **p = exp(z/T) / Σ exp(z/T)** になります。")
add("")
labels = {"1.0": "T = 1.0（そのまま）", "0.5": "T = 0.5（低温）", "2.0": "T = 2.0（高温）"}
for Tt in ("1.0", "0.5", "2.0"):
    zt, e, st, p = R[Tt]
    zt0, e0, st0, p0 = R0[Tt]
    add(f"■ {labels[Tt]}", nots=[Tt])
    add("")
    add("```")
    add("単語\tz/T\texp(z/T)\tp")
    for j in range(5):
        vp = "correct" if Tt != "2.0" else verdict(p[j], p0[j])
        cl = [(e[j], f"exp(z/T)[{Tt}][{j}]", "correct"), (p[j], f"p[{Tt}][{j}]", vp)]
        if Tt != "1.0":
            cl = [(zt[j], f"z/T[{Tt}][{j}]", "correct")] + cl
            add(f"{words[j]}\t{zt[j]}\t{e[j]}\t{p[j]}", claims=cl)
        else:
            add(f"{words[j]}\t{zt[j]}\t{e[j]}\t{p[j]}", claims=cl, opts=[zt[j]])
    add("```")
    add("")
    add(f"合計 Σ = {' + '.join(e)} = **{st}**",
        claims=[(st, f"sum exp[{Tt}]", "wrong" if Tt == "2.0" else "correct")], opts=e)
    add("")
for Tt, txt in (("1.0", "普通"), ("0.5", "かなり尖る"), ("2.0", "平らになる")):
    pass
add("■ 比べてみる")
add("")
add(f"「晴れ」の確率は T = 0.5 で **{R['0.5'][3][0]}**、T = 1.0 で {R['1.0'][3][0]}、T = 2.0 だと {R['2.0'][3][0]} まで下がります。"
    "温度を上げるほど分布が平らになって、「猫」のような変な候補も選ばれやすくなるわけです。",
    claims=[(R["0.5"][3][0], "p[0.5][0] (restated)", "correct"), (R["1.0"][3][0], "p[1.0][0] (restated)", "correct"),
            (R["2.0"][3][0], "p[2.0][0] (restated)", verdict(R["2.0"][3][0], R0["2.0"][3][0]))],
    nots=["0.5", "1.0", "2.0"])
add("")
add("■ top-k = 3 にすると", nots=["3"])
add("")
s3, pk = R["top"]
p1 = R["1.0"][3]
add(f"T = 1.0 の確率の上位3つ（晴れ・暑い・寒い）だけ残して、合計 {p1[0]} + {p1[1]} + {p1[2]} = {s3} で割り直します。",
    claims=[(s3, "top3 sum", "correct")], opts=p1[:3], nots=["1.0", "3"])
add("")
add("```")
for j in range(3):
    add(f"{words[j]}\t{p1[j]} / {s3} = {pk[j]}", claims=[(pk[j], f"p_top3[{j}]", "correct")], opts=[p1[j], s3])
add(f"{words[3]}\t0")
add(f"{words[4]}\t0")
add("```")
add("")
add("下位2つは確率 0 になり、絶対に選ばれません。実際のAPIでは top_k=40 や top_p=0.9 などと組み合わせて使うことが多いようです。",
    nots=["2", "0", "40", "0.9"])
add("")
add("最後まで読んでいただきありがとうございました！参考になったらスキ❤️をお願いします。")
add("")
add("#機械学習 #LLM #ChatGPT #生成AI #毎日note")
d.planted = 1
d.write()
