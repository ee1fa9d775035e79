"""Chinese GitHub README of a tiny repository (tiny-xent): badges, 安装, 用法, a 手算示例 section with the softmax
and cross-entropy of 4 logits over a 4-word vocabulary (target 猫), then a 示例输出 block holding what the script
prints: numpy arrays at numpy's DEFAULT print options (8 digits, checked with numpy itself), a `loss = ` f-string at
6 decimals and the gradient p - y. Exact rounding."""
from pathlib import Path

from w20lib import *

vocab = ["猫", "狗", "鱼", "鸟"]
zs = ["1.8", "0.6", "-0.3", "1.1"]
z = mat(zs)
e = [mpmath.exp(v) for v in z]
S = mpmath.fsum(e)
p = [v / S for v in e]
loss = -mpmath.log(p[0])
g = [p[0] - 1] + p[1:]
zn = np.array([float(v) for v in zs])
pn = np.exp(zn) / np.exp(zn).sum()
agree(e, np.exp(zn)); agree(p, pn); agree([loss], [-np.log(pn[0])])
gn = pn.copy(); gn[0] -= 1
agree(g, gn)

d = Doc("readme-ce-zh", "md",
        "Chinese GitHub README of a tiny repo: a hand-worked softmax and cross-entropy of 4 logits (target 猫) and a "
        "示例输出 block with numpy's default print (8 digits), loss f-string, gradient p - y",
        "the output softmax over the logits z = (1.8, 0.6, -0.3, 1.1) for 猫, 狗, 鱼, 鸟 and the cross-entropy of 猫",
        script=Path(__file__).name)
A = d
A("# tiny-xent 🐱")
A("")
A("![python](https://img.shields.io/badge/python-3.9%2B-blue) ![license](https://img.shields.io/badge/license-MIT-green) "
  "![stars](https://img.shields.io/github/stars/lin-yh/tiny-xent)", nots=["3.9"])
A("")
A("一个不到 50 行的交叉熵（cross-entropy）小实现，只依赖 NumPy，用来给课程作业对答案。", nots=["50"])
A("")
A("## 安装")
A("")
A("```bash")
A("git clone https://github.com/lin-yh/tiny-xent.git")
A("cd tiny-xent && pip install -r requirements.txt   # numpy>=1.24", nots=["1.24"])
A("```")
A("")
A("## 手算示例")
A("")
A("词表只有 4 个词，目标词是「猫」，模型给出的 logits：", nots=["4"])
A("")
A("| 词 | logit |")
A("|---|---|")
for v, s in zip(vocab, zs):
    A(f"| {v} | {s} |")
A("")
A("1. 先算每个 e^z：" + "，".join(f"e^{{{s}}} ≈ {rnd(x, 4)}" for s, x in zip(zs, e)),
  claims=[(rnd(x, 4), f"exp[z][{v}]", "correct") for v, x in zip(vocab, e)], opts=zs)
A(f"2. 求和：Σ ≈ {rnd(S, 4)}", claims=[(rnd(S, 4), "expsum[z]", "correct")])
A("3. 概率 p = e^z / Σ：" + "，".join(f"p({v}) ≈ {rnd(x, 4)}" for v, x in zip(vocab, p)),
  claims=[(rnd(x, 4), f"probs[z][{v}]", "correct") for v, x in zip(vocab, p)])
A(f"4. 损失 L = −log p(猫) = −log {rnd(p[0], 4)} ≈ {rnd(loss, 4)}", claims=[(rnd(loss, 4), "loss", "correct")],
  opts=[rnd(p[0], 4)], nots=["4."])
A("")
A("> 注意：这里的 log 是自然对数 ln，不是 log10。", nots=["10"])
A("")
A("## 用法")
A("")
A("```python")
A("import numpy as np")
A("from tiny_xent import softmax, cross_entropy, grad")
A("")
A("z = np.array([" + ", ".join(zs) + "])")
A("p = softmax(z)")
A("print(p)")
A("print(f\"loss = {cross_entropy(z, target=0):.6f}\")", nots=["0", "6"])
A("print(grad(z, target=0))", nots=["0"])
A("```")
A("")
A("示例输出：")
A("")
A("```")
lines, cells = np_print([float(v) for v in pn], p, mode="str")
assert len(lines) == 1
A(lines[0], claims=[(t, f"probs[z][{v}]", "correct") for t, v in zip(cells, vocab)])
A(f"loss = {rnd(loss, 6)}", claims=[(rnd(loss, 6), "loss", "correct")])
lines2, cells2 = np_print([float(v) for v in gn], g, mode="str")
assert len(lines2) == 1
A(lines2[0], claims=[(t, f"grad.logits[z][{v}]", "correct") for t, v in zip(cells2, vocab)])
A("```")
A("")
A("## 测试")
A("")
A("`pytest -q` 目前 12 个测试全部通过（v0.2.1）。", nots=["12", "0.2.1"])
A("")
A("## License")
A("")
A("MIT © 2024 lin-yh", nots=["2024"])
d.save()
