"""Chinese CSDN post: the backward pass of one fully connected layer Y = XW + b on a batch of 3, with an upstream
gradient dY given: dW = X^T dY, db = sum over the batch, dX = dY W^T, then W and b after one SGD step (lr 0.1).
The script's print output is pasted: numpy str under precision=4, suppress=True. Exact rounding."""
from pathlib import Path

from w18lib import *

Xs = [["0.5", "-1.0", "2.0"], ["1.5", "0.2", "-0.4"], ["-0.3", "0.8", "1.1"]]
Ws = [["0.2", "-0.5"], ["0.7", "0.1"], ["-0.3", "0.4"]]
bs = ["0.1", "-0.2"]
dYs = [["0.25", "-0.40"], ["-0.15", "0.30"], ["0.05", "0.20"]]
lr = "0.1"
X, W, b, dY = mat(Xs), mat(Ws), mat(bs), mat(dYs)
Y = [[v + bb for v, bb in zip(r, b)] for r in mm(X, W)]
dW = mm(T(X), dY)
db = [mpmath.fsum(r[j] for r in dY) for j in range(2)]
dX = mm(dY, T(W))
Wn = [[w - mpf(lr) * g for w, g in zip(rw, rg)] for rw, rg in zip(W, dW)]
bn = [v - mpf(lr) * g for v, g in zip(b, db)]
Xn, Wnp, bnp, dYn = (np.array(M, float) for M in (Xs, Ws, bs, dYs))
Yf = Xn @ Wnp + bnp; dWf = Xn.T @ dYn; dbf = dYn.sum(axis=0); dXf = dYn @ Wnp.T
agree(Y, Yf); agree(dW, dWf); agree(db, dbf); agree(dX, dXf); agree(Wn, Wnp - 0.1 * dWf); agree(bn, bnp - 0.1 * dbf)
po = dict(precision=4, suppress=True)

d = Doc("csdn-linear-backward-zh", "md",
        "Chinese CSDN post: backward of a linear layer Y = XW + b on a batch of 3 with upstream dY given; dW = X^T dY, "
        "db, dX = dY W^T and one SGD step (lr 0.1), printed by numpy under precision=4, suppress=True; one entry of "
        "dW worked by hand",
        "linear layer Y = XW + b (3 -> 2), batch of 3, upstream gradient dY given, SGD lr 0.1",
        script=Path(__file__).name)
A = d
A("# 全连接层反向传播推导 + numpy 手写验证(dW = XᵀdY 到底怎么来的)")
A("")
A("最新推荐文章于 2024-11-02 10:17:45 发布", nots=["2024", "11", "02", "10", "17", "45"])
A("")
A("原创 于 2024-10-28 22:40:03 发布 · 阅读量1.4k · 收藏 31 · 点赞数 12",
  nots=["2024", "10", "28", "22", "40", "03", "1.4", "31", "12"])
A("")
A("分类专栏: 深度学习笔记 文章标签: 反向传播 numpy 全连接层")
A("")
A("> 版权声明:本文为博主原创文章,遵循 CC 4.0 BY-SA 版权协议,转载请附上原文出处链接和本声明。", nots=["4.0"])
A("")
A("[TOC]")
A("")
A("## 一、问题设定")
A("")
A("一个全连接层 $Y = XW + b$,输入维度 3,输出维度 2,batch 大小为 3。损失函数具体是什么不重要,"
  "我们直接假设上游已经传回来了 $\\frac{\\partial L}{\\partial Y}$(下面记作 dY)。", nots=["3", "2", "3"])
A("")
A("## 二、公式")
A("")
A("- $dW = X^{T} \\cdot dY$,形状 (3, 2),和 W 一样", nots=["3", "2"])
A("- $db = \\sum_{i} dY_{i}$,即 dY 按行求和(axis=0)", nots=["0"])
A("- $dX = dY \\cdot W^{T}$,形状 (3, 3),传给上一层", nots=["3", "3"])
A("")
A("## 三、代码")
A("")
A("```python")
A("import numpy as np")
A("np.set_printoptions(precision=4, suppress=True)", nots=["4"])
A("")
A("X = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])")
A("W = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Ws) + "])")
A("b = np.array([" + ", ".join(bs) + "])")
A("dY = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in dYs) + "])  # 上游梯度")
A("")
A("Y = X @ W + b")
A("dW = X.T @ dY")
A("db = dY.sum(axis=0)", nots=["0"])
A("dX = dY @ W.T")
A("")
A("for name, v in [('Y', Y), ('dW', dW), ('db', db), ('dX', dX)]:")
A("    print(name, '=')")
A("    print(v)")
A("```")
A("")
A("输出:")
A("")
A("```")


def block(name, F, E, qty):
    A(f"{name} =")
    lines, cells = np_print(F, E, **po)
    if not isinstance(cells[0], list):
        cells = [cells]
    for i, ln in enumerate(lines):
        A(ln, claims=[(c, qty(i, j), "correct") for j, c in enumerate(cells[i])])
    return cells


cY = block("Y", Yf, Y, lambda i, j: f"lin.out[{i + 1}][{j + 1}]")
cdW = block("dW", dWf, dW, lambda i, j: f"grad.lin.W[{i + 1}][{j + 1}]")
cdb = block("db", dbf, db, lambda i, j: f"grad.lin.b[{j + 1}]")
cdX = block("dX", dXf, dX, lambda i, j: f"grad.X[{i + 1}][{j + 1}]")
A("```")
A("")
A("## 四、手算验证一个元素")
A("")
A("取 dW 的第 1 行第 1 列,它等于 X 的第 1 列和 dY 的第 1 列做点积:", nots=["1", "1", "1", "1"])
A("")
t = [f"{par(Xs[i][0])}×{par(dYs[i][0])}" for i in range(3)]
prods = [lit(mpf(Xs[i][0]) * mpf(dYs[i][0])) for i in range(3)]
A(f"$$dW_{{11}} = {' + '.join(t)} = {' + '.join(par(p) for p in prods)} = {lit(dW[0][0])}$$",
  claims=[(lit(dW[0][0]), "grad.lin.W[1][1]", "correct")] +
         [(p, f"grad.lin.W.terms[1][1][{i + 1}]", "correct") for i, p in enumerate(prods)],
  opts=[Xs[i][0] for i in range(3)] + [dYs[i][0] for i in range(3)], nots=["11"])
A("")
A(f"和程序输出的 {cdW[0][0]} 一致。db 也很直观:第 2 列是 {' + '.join(par(r[1]) for r in dYs)} = {lit(db[1])}。",
  claims=[(cdW[0][0], "grad.lin.W[1][1]", "correct"), (lit(db[1]), "grad.lin.b[2]", "correct")],
  opts=[r[1] for r in dYs], nots=["2"])
A("")
A("## 五、更新一步")
A("")
A(f"学习率取 {lr},`W -= lr * dW`,`b -= lr * db`:", nots=[lr])
A("")
A("```")
A("W_new =")
lines, cells = np_print(np.array(Wnp - 0.1 * dWf), Wn, **po)
for i, ln in enumerate(lines):
    A(ln, claims=[(c, f"step1.lin.W[{i + 1}][{j + 1}]", "correct") for j, c in enumerate(cells[i])])
A("b_new =")
lines, cells = np_print(bnp - 0.1 * dbf, bn, **po)
A(lines[0], claims=[(c, f"step1.lin.b[{j + 1}]", "correct") for j, c in enumerate(cells)])
A("```")
A("")
A("## 六、小结")
A("")
A("记住一句话:**梯度的形状和参数的形状一样**。dW 和 W 都是 3×2,db 和 b 都是长度 2,"
  "按形状去凑转置基本不会错。", nots=["3", "2", "2"])
A("")
A("参考资料:")
A("")
A("[1] 斋藤康毅.《深度学习入门:基于Python的理论与实现》第5章 误差反向传播法", nots=["1", "5"])
d.save()
