"""Japanese Qiita article (Qiita CLI front matter: tags list, private, updated_at, id, organization_url_name, slide,
ignorePublish), ```math blocks, :::note info / :::note warn, numbered ## headings, Markdown tables, a
```python:pe.py block followed by its output in a ```text block (np.round(..., 4) printed by numpy itself).
Sinusoidal positional encoding, base 10000, d = 6, positions 0..3, sin/cos interleaved: divisors, angles (6 decimals),
the PE table, position 1 worked line by line, then x + PE for the four tokens (one token worked, then the table).
No slip."""
from pathlib import Path

from w8lib import *

toks = ["今日", "は", "晴れ", "です"]
d_model = 6
Xs = {"今日": ["0.5", "-0.1", "0.3", "0.8", "-0.4", "0.2"], "は": ["-0.2", "0.6", "0.1", "-0.3", "0.7", "0.0"],
      "晴れ": ["0.3", "-0.2", "0.9", "0.4", "0.1", "-0.6"], "です": ["0.0", "0.4", "-0.5", "0.2", "0.6", "0.3"]}
div = [mpf(10000) ** (mpf(2 * i) / d_model) for i in range(3)]
ang = [[mpf(p) / div[i] for i in range(3)] for p in range(4)]
PE = [[f(ang[p][m // 2]) for m, f in zip(range(6), [mpmath.sin, mpmath.cos] * 3)] for p in range(4)]
XP = [[mpf(Xs[t][m]) + PE[p][m] for m in range(6)] for p, t in enumerate(toks)]
pos = np.arange(4)[:, None]; dn = 10000.0 ** (np.arange(0, 6, 2) / 6)
pen = np.zeros((4, 6)); pen[:, 0::2] = np.sin(pos / dn); pen[:, 1::2] = np.cos(pos / dn)
agree(PE, pen)
Xn = np.array([[float(v) for v in Xs[t]] for t in toks])
agree(XP, Xn + pen)
F = lambda v: rnd(v, 4)
G = lambda v: rnd(v, 6)

d = Doc("qiita-pe-ja", "md",
        "Japanese Qiita article (Qiita CLI front matter, ```math, :::note, tables, python block + text output block "
        "printed by numpy from np.round(..., 4)): sinusoidal PE base 10000, d = 6, positions 0-3, interleaved sin/cos; "
        "divisors, angles, PE table, position 1 worked, x + PE worked for one token and tabled, numpy check",
        "sinusoidal positional encoding (base 10000, d 6, interleaved sin/cos, positions 0..3), then x + PE",
        script=Path(__file__).name)
A = d
A("---")
A("title: Transformerの位置エンコーディングを手計算で追う（d=6・4トークン）", nots=["6", "4"])
A("tags:")
A("  - Python")
A("  - 機械学習")
A("  - Transformer")
A("  - 自然言語処理")
A("private: false")
A("updated_at: '2024-06-02T21:14:37+09:00'", nots=["2024"])
A("id: 3f9c0a6e1b2d4c5a7e81")
A("organization_url_name: null")
A("slide: false")
A("ignorePublish: false")
A("---")
A("## はじめに")
A("")
A("Transformer の位置エンコーディング（Positional Encoding, PE）は式だけ見ると簡単ですが、実際にどんな数が並ぶのかを"
  "確かめたことがなかったので、小さな例で全部手で計算してみました。")
A("")
A("- 埋め込み次元 $d_{model} = 6$", nots=["6"])
A("- 系列長 4（位置は 0, 1, 2, 3）", nots=["4", "0", "1", "2", "3"])
A("- 底は論文どおり 10000", nots=["10000"])
A("")
A("## 位置エンコーディングの式")
A("")
A("```math")
A("PE_{(pos,\\,2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right), \\qquad "
  "PE_{(pos,\\,2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)", nots=["10000"])
A("```")
A("")
A(":::note info")
A("偶数番目の次元に sin、奇数番目に cos を**交互に**入れます（前半 sin・後半 cos にまとめる実装もあるので注意）。"
  "$d_{model}=6$ なので $i = 0, 1, 2$ の 3 組です。", nots=["6", "0", "1", "2", "3"])
A(":::")
A("")
A("## 1. 分母 $10000^{2i/d}$ を求める", nots=["1", "10000", "2"])
A("")
A("| $i$ | $2i/d$ | $10000^{2i/d}$ |")
A("|:-:|:-:|--:|")
fr = ["0", "1/3", "2/3"]
for i in range(3):
    A(f"| {i} | {fr[i]} | {F(div[i])} |", claims=[(F(div[i]), f"PE.div[{i + 1}]", "correct")], nots=[str(i)])
A("")
A("$10000^{1/3}$ は $\\sqrt[3]{10000}$ のことで、電卓だと 21.5443 くらいになります。",
  claims=[(F(div[1]), "PE.div[2]", "correct")], nots=["10000", "3"])
A("")
A("## 2. 角度 $pos / 10000^{2i/d}$", nots=["2", "10000"])
A("")
A("値が小さくなるので角度だけは小数第6位まで書いておきます。", nots=["6"])
A("")
A("| pos | $i=0$ | $i=1$ | $i=2$ |")
A("|:-:|--:|--:|--:|")
for p in range(4):
    A(f"| {p} | " + " | ".join(G(a) for a in ang[p]) + " |",
      claims=[(G(ang[p][i]), f"PE.angle[{toks[p]}][{i + 1}]", "correct") for i in range(3)], nots=[str(p)])
A("")
A("## 3. sin・cos をとる")
A("")
A("たとえば pos = 1（「は」）の行はこうなります。", nots=["1"])
A("")
A("```math")
A("\\begin{aligned}")
lab = ["\\sin", "\\cos"] * 3
for m in range(6):
    a = ang[1][m // 2]
    A(f"PE_{{(1,{m})}} &= {lab[m]}({G(a)}) = {F(PE[1][m])} \\\\",
      claims=[(F(PE[1][m]), f"PE[は][{m + 1}]", "correct")], opts=[G(a)], nots=["1", str(m)])
A("\\end{aligned}")
A("```")
A("")
A("全位置まとめると次の表です（小数第4位まで）。", nots=["4"])
A("")
A("| pos | トークン | PE0 | PE1 | PE2 | PE3 | PE4 | PE5 |")
A("|:-:|:-:|--:|--:|--:|--:|--:|--:|")
for p, t in enumerate(toks):
    A(f"| {p} | {t} | " + " | ".join(F(v) for v in PE[p]) + " |",
      claims=[(F(v), f"PE[{t}][{m + 1}]", "correct") for m, v in enumerate(PE[p])], nots=[str(p)])
A("")
A(":::note warn")
A("pos = 0 の行は必ず $[0, 1, 0, 1, 0, 1]$ です。また右の列ほど周期が長いので、4トークン程度では PE4 はほとんど"
  "動かず、PE5 はほぼ 1 のままです。", nots=["0", "1", "4", "5"])
A(":::")
A("")
A("## 4. 埋め込みに足す")
A("")
A("単語埋め込み $x$ は適当に決めた値です。", nots=[])
A("")
A("| トークン | x0 | x1 | x2 | x3 | x4 | x5 |")
A("|:-:|--:|--:|--:|--:|--:|--:|")
for t in toks:
    A(f"| {t} | " + " | ".join(Xs[t]) + " |")
A("")
A("「晴れ」（pos = 2）で一つずつ足すと：", nots=["2"])
A("")
A("```math")
p, t = 2, "晴れ"
terms = ",\\ ".join(f"{Xs[t][m]} + {par(F(PE[p][m]))}" for m in range(6))
A(f"x_{{\\text{{晴れ}}}} + PE_{{2}} = ({terms})", opts=Xs[t] + [F(v) for v in PE[p]], nots=["2"])
A("= (" + ",\\ ".join(F(v) for v in XP[p]) + ")",
  claims=[(F(v), f"x_plus_pe[晴れ][{m + 1}]", "correct") for m, v in enumerate(XP[p])])
A("```")
A("")
A("4トークン全部：", nots=["4"])
A("")
A("| トークン | x+PE 0 | x+PE 1 | x+PE 2 | x+PE 3 | x+PE 4 | x+PE 5 |")
A("|:-:|--:|--:|--:|--:|--:|--:|")
for p, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(F(v) for v in XP[p]) + " |",
      claims=[(F(v), f"x_plus_pe[{t}][{m + 1}]", "correct") for m, v in enumerate(XP[p])])
A("")
A("## 5. NumPy で確認")
A("")
A("```python:pe.py")
A("import numpy as np")
A("")
A("def positional_encoding(n_pos, d_model, base=10000):")
A("    pos = np.arange(n_pos)[:, None]")
A("    div = base ** (np.arange(0, d_model, 2) / d_model)", nots=["0", "2"])
A("    pe = np.zeros((n_pos, d_model))")
A("    pe[:, 0::2] = np.sin(pos / div)", nots=["0", "2"])
A("    pe[:, 1::2] = np.cos(pos / div)", nots=["1", "2"])
A("    return pe")
A("")
A("x = np.array([")
for t in toks:
    A(f"    [{', '.join(Xs[t])}],  # {t}")
A("])")
A("pe = positional_encoding(4, 6)", nots=["4", "6"])
A("print(np.round(pe, 4))", nots=["4"])
A("print(np.round(x + pe, 4))", nots=["4"])
A("```")
A("")
A("```text")
pe4 = np.round(pen, 4)
lines, vals = np_print(pe4, PE, mode="str")
for i, ln in enumerate(lines):
    A(ln, claims=[(vals[i][m], f"PE[{toks[i]}][{m + 1}]", "correct") for m in range(6)])
xp4 = np.round(Xn + pen, 4)
lines, vals = np_print(xp4, XP, mode="str")
for i, ln in enumerate(lines):
    A(ln, claims=[(vals[i][m], f"x_plus_pe[{toks[i]}][{m + 1}]", "correct") for m in range(6)])
A("```")
A("")
A("手計算の表と一致しました。")
A("")
A("## おわりに")
A("")
A("次回はこの $x + PE$ をそのまま Self-Attention に入れてみます。")
A("")
A("## 参考")
A("")
A("- Vaswani et al., \"Attention Is All You Need\", 2017", nots=["2017"])
d.save()
