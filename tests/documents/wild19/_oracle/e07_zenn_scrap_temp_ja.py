"""Japanese Zenn scrap (スクラップ) copied to Markdown: a thread of timestamped posts by one author, an
"クローズ" note at the end. Next-token logits over five SentencePiece pieces given as a dict; softmax at T = 1,
0.5 and 2 printed by NumPy (np.round(p, 4), default print options, so trailing zeros dropped), the greedy choice,
z/T and e^(z/T) for T = 0.5 worked in one post. Exact rounding, no slip."""
from pathlib import Path

from w19lib import *

vocab = ["▁猫", "▁犬", "▁が", "▁は", "。"]
Z = ["2.1", "0.4", "1.3", "-0.7", "0.8"]
Temps = ["1", "0.5", "2"]
z = mat(Z)
P = {T: softmax([v / mpf(T) for v in z]) for T in Temps}
zn = np.array([float(v) for v in Z])
for T in Temps:
    agree(P[T], np_softmax(zn / float(T)))

d = Doc("zenn-scrap-temp-ja", "md",
        "Japanese Zenn scrap: a thread of timestamped posts; next-token logits over ▁猫 ▁犬 ▁が ▁は 。 as a dict, "
        "softmax at T = 1, 0.5, 2 printed by NumPy after np.round(p, 4), greedy choice, z/T and e^(z/T) at T = 0.5 "
        "worked by hand",
        "the output softmax over given logits at temperatures 1, 0.5 and 2",
        script=Path(__file__).name)
A = d
A("# temperature を変えると次トークンの確率はどう変わるか（手計算メモ）")
A("")
A("[スクラップ](https://zenn.dev/scraps)")
A("")
A("[kotoha_ml](https://zenn.dev/kotoha_ml)")
A("")
A("作成日 2024/05/12 · 更新日 2024/05/14", nots=["2024", "05", "12", "14"])
A("")
A("---")
A("")
A("**kotoha_ml** 2024/05/12 22:14", nots=["2024", "05", "12", "22", "14"])
A("")
A("LLM の generate で `temperature=0.5` とか指定するけど、実際に数字で見たことがなかったのでメモ。", nots=["0.5"])
A("モデル本体は関係ないので、最後の位置の logits だけ適当に決める。語彙は SentencePiece のピース 5 個だけ。",
  nots=["5"])
A("")
A("```python")
A("logits = {" + ", ".join(f"'{v}': {x}" for v, x in zip(vocab, Z)) + "}")
A("```")
A("")
A("---")
A("")
A("**kotoha_ml** 2024/05/12 22:31", nots=["2024", "05", "12", "22", "31"])
A("")
A("softmax(z / T) を T = 1, 0.5, 2 で。", nots=["1", "0.5", "2"])
A("")
A("```python")
A("import numpy as np")
A("z = np.array(list(logits.values()))")
A("def softmax(x):")
A("    e = np.exp(x - x.max())")
A("    return e / e.sum()")
A("")
A("for T in [1.0, 0.5, 2.0]:", nots=["1.0", "0.5", "2.0"])
A("    print(T, np.round(softmax(z / T), 4))")
A("```")
A("")
A("```")
for T, lab in zip(Temps, ("1.0", "0.5", "2.0")):
    rounded = [round(float(v), 4) for v in P[T]]
    (line, cells), = np_nd(rounded, P[T])
    A(f"{lab} {line}", claims=[(t, f"probs[T={T}][{vocab[idx[0]]}]", "correct") for idx, t in cells], nots=[lab])
A("```")
A("")
A("T を小さくすると ▁猫 に集中して、大きくすると平らになる。argmax はどれも ▁猫 なので greedy なら T は関係ない。")
A("")
A("---")
A("")
A("**kotoha_ml** 2024/05/13 08:05", nots=["2024", "05", "13", "08", "05"])
A("")
A("T = 0.5 のときを手で確認。まず z / T：", nots=["0.5"])
A("")
sc = [v / mpf("0.5") for v in z]
ex = [mpmath.exp(v) for v in sc]
A("| piece | z | z / 0.5 | exp |", nots=["0.5"])
A("|---|---|---|---|")
for j, v in enumerate(vocab):
    s_, e_ = lit(sc[j]), rnd(ex[j], 4)
    A(f"| {v} | {Z[j]} | {s_} | {e_} |",
      claims=[(s_, f"head.scaled[T=0.5][{v}]", "correct"), (e_, f"head.exp[T=0.5][{v}]", "correct")], opts=[Z[j]])
tot = mpmath.fsum(ex)
A("")
A(f"合計 {rnd(tot, 4)}。▁猫 は {rnd(ex[0], 4)} / {rnd(tot, 4)} ≒ {rnd(P['0.5'][0], 4)} で、上の出力と一致。",
  claims=[(rnd(tot, 4), "head.expsum[T=0.5]", "correct"), (rnd(tot, 4), "head.expsum[T=0.5]", "correct"),
          (rnd(ex[0], 4), "head.exp[T=0.5][▁猫]", "correct"), (rnd(P["0.5"][0], 4), "probs[T=0.5][▁猫]", "correct")])
A("")
A("---")
A("")
A("**kotoha_ml** 2024/05/14 19:40", nots=["2024", "05", "14", "19", "40"])
A("")
p2 = rnd(P["2"][0] * 100, 1)
p05 = rnd(P["0.5"][0] * 100, 1)
A(f"まとめ：▁猫 の確率は T = 0.5 で {p05}%、T = 2 だと {p2}% まで下がる。top-k / top-p はまた今度。",
  claims=[(p05 + "%", "probs[T=0.5][▁猫]", "correct"), (p2 + "%", "probs[T=2][▁猫]", "correct")],
  nots=["0.5", "2"])
A("")
A("このスクラップは2024/05/14にクローズされました", nots=["2024", "05", "14"])
d.save()
