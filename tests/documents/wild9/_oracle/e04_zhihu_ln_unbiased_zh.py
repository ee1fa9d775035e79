"""Chinese Zhihu column: the Annotated-Transformer LayerNorm class (x.std(-1): the UNBIASED std, n - 1, eps 1e-6 added
to the std), worked by hand for token 我 (mean, x - mu, squares, sum, / (n-1), std, x-hat), the torch output for both
tokens; the author notices the n - 1 and then runs nn.LayerNorm (biased variance, eps 1e-5 inside the root), prints
its output and the ratio sqrt(4/3). Exact rounding. One planted slip: the hand std of 我."""
from pathlib import Path

from w9lib import *

toks = ["我", "爱"]
Xs = [["1.5", "-0.3", "0.9", "2.1"], ["0.2", "0.7", "-0.5", "1.0"]]
X = mat(Xs)
n = 4
eps_u, eps_b = mpf("1e-6"), mpf("1e-5")
U, B = [], []
for x in X:
    mu = mpmath.fsum(x) / n
    c = [v - mu for v in x]
    sq = [v * v for v in c]
    ss = mpmath.fsum(sq)
    var_u = ss / (n - 1)
    std_u = mpmath.sqrt(var_u)
    U.append(dict(mean=mu, c=c, sq=sq, ss=ss, var=var_u, std=std_u, out=[v / (std_u + eps_u) for v in c]))
    var_b = ss / n
    den = mpmath.sqrt(var_b + eps_b)
    B.append(dict(var=var_b, den=den, out=[v / den for v in c]))
Xn = np.array(Xs, float)
agree([u["out"] for u in U], (Xn - Xn.mean(1, keepdims=True)) / (Xn.std(1, ddof=1, keepdims=True) + 1e-6))
agree([b["out"] for b in B], (Xn - Xn.mean(1, keepdims=True)) / np.sqrt(Xn.var(1, keepdims=True) + 1e-5))
ratio = mpmath.sqrt(mpf(4) / 3)
F = lambda v: rnd(v, 4)
u0 = U[0]
std_ok = F(u0["std"])
std_slip = "1.0274"
assert std_ok == "1.0247", std_ok
hand_norm = [F(mpf(lit(c)) / mpf(std_slip)) for c in u0["c"]]
clean_norm = [F(c / u0["std"]) for c in u0["c"]]

d = Doc("zhihu-ln-unbiased-zh", "md",
        "Chinese Zhihu column: the Annotated-Transformer LayerNorm (x.std(-1), unbiased n-1, eps 1e-6 added to the "
        "std) worked by hand for 我 and printed by torch for 2 tokens x 4 features; the author notices n-1 and "
        "compares nn.LayerNorm (biased variance, eps 1e-5 under the root) and the ratio sqrt(4/3)",
        "LayerNorm with unbiased std (n-1), eps 1e-6 added to the std, gamma 1, beta 0; then nn.LayerNorm (biased, "
        "eps 1e-5) on the same rows",
        script=Path(__file__).name,
        note=f"One planted slip: the hand-worked std of 我 is written {std_slip} instead of {std_ok} (two digits "
             "swapped). The four hand-normalised values of 我 on the next line are propagated; the torch outputs, "
             "the token 爱 and the nn.LayerNorm part are correct.")
A = d
A("# LayerNorm 里的 std 到底除以 n 还是 n−1？手算一遍就知道了")
A("")
A("**算力不够的小张**　　深度学习 / NLP 搬砖")
A("")
A("发布于 2024-05-02 21:13・IP 属地浙江", nots=["2024", "05", "02", "21", "13"])
A("")
A("赞同 37　　　　12 条评论", nots=["37", "12"])
A("")
A("## 一、起因")
A("")
A("照着 *The Annotated Transformer* 抄 LayerNorm 的时候，我一直以为它和 `nn.LayerNorm` 是一回事。"
  "结果两边输出差了一截。下面用 2 个 token、每个 4 维的小例子手算一遍。", nots=["2", "4"])
A("")
A("```python")
A("class LayerNorm(nn.Module):")
A("    def __init__(self, features, eps=1e-6):")
A("        super().__init__()")
A("        self.a_2 = nn.Parameter(torch.ones(features))")
A("        self.b_2 = nn.Parameter(torch.zeros(features))")
A("        self.eps = eps")
A("")
A("    def forward(self, x):")
A("        mean = x.mean(-1, keepdim=True)")
A("        std = x.std(-1, keepdim=True)      # 注意：默认无偏，除以 n-1")
A("        return self.a_2 * (x - mean) / (std + self.eps) + self.b_2")
A("```")
A("")
A("输入（第一行是「我」，第二行是「爱」）：")
A("")
A("$$")
A("x = \\begin{bmatrix}")
for i, r in enumerate(Xs):
    A(" & ".join(r) + (" \\\\" if i == 0 else "") + f" % {toks[i]}")
A("\\end{bmatrix}")
A("$$")
A("")
A("## 二、手算「我」这一行")
A("")
A(f"1. 均值：$\\mu = ({' + '.join(par(s) for s in Xs[0])}) / 4 = {lit(u0['mean'])}$",
  claims=[(lit(u0["mean"]), "L1.ln.mean[我]", "correct")], opts=Xs[0], nots=["4"])
A(f"2. 减去均值：$x - \\mu = [{', '.join(lit(c) for c in u0['c'])}]$",
  claims=[(lit(c), f"L1.ln.centered[我][{m + 1}]", "correct") for m, c in enumerate(u0["c"])])
A(f"3. 平方：$[{', '.join(lit(s) for s in u0['sq'])}]$，求和得 ${lit(u0['ss'])}$",
  claims=[(lit(s), f"L1.ln.sq[我][{m + 1}]", "correct") for m, s in enumerate(u0["sq"])] +
  [(lit(u0["ss"]), "L1.ln.sqsum[我]", "correct")])
A(f"4. **除以 $n-1 = 3$**：$\\sigma^2 = {lit(u0['ss'])} / 3 = {lit(u0['var'])}$",
  claims=[(lit(u0["var"]), "L1.ln.var[我]", "correct")], opts=[lit(u0["ss"])], nots=["3", "1"])
A(f"5. 开方：$\\sigma = \\sqrt{{{lit(u0['var'])}}} \\approx {std_slip}$（eps = 1e-6 加在这里，四位小数看不出来）",
  claims=[(std_slip, "L1.ln.std[我]", "wrong")], opts=[lit(u0["var"])], nots=["1e-6"])
A(f"6. 归一化：$\\hat{{x}} = (x-\\mu)/\\sigma = [{', '.join(hand_norm)}]$",
  claims=[(h, f"L1.ln.norm[我][{m + 1}]", fate(h, c)) for m, (h, c) in enumerate(zip(hand_norm, clean_norm))])
A("")
A("跑一下代码：")
A("")
A("```python")
A("x = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "], requires_grad=True)")
A("ln = LayerNorm(4)")
A("print(ln(x))")
A("```")
A("")
A("```")
lines, txt = torch_lines([u["out"] for u in U], 4, suffix=", grad_fn=<AddBackward0>)")
for i, l in enumerate(lines):
    A(l, claims=[(txt[i][m], f"L1.ln.out[{toks[i]}][{m + 1}]", "correct") for m in range(n)])
A("```")
A("")
A("第一行和我手算的对上了（最多差在最后一位）。到这里都没问题，问题在下面。")
A("")
A("## 三、换成 nn.LayerNorm")
A("")
A("`nn.LayerNorm` 用的是**有偏**方差（除以 $n$），而且 eps = 1e-5 加在根号里面：", nots=["1e-5"])
A("")
A("$$ y = \\frac{x - \\mu}{\\sqrt{\\sigma^2_{\\text{biased}} + \\epsilon}} $$")
A("")
A(f"「我」：$\\sigma^2 = {lit(u0['ss'])} / 4 = {lit(B[0]['var'])}$，$\\sqrt{{{lit(B[0]['var'])} + 0.00001}} = "
  f"{rnd(B[0]['den'], 6)}$。",
  claims=[(lit(B[0]["var"]), "nnln.var[我]", "correct"), (rnd(B[0]["den"], 6), "nnln.std[我]", "correct")],
  opts=[lit(u0["ss"]), lit(B[0]["var"]), "0.00001"], nots=["4"])
A("")
A("```python")
A("ref = nn.LayerNorm(4)")
A("print(ref(x))")
A("```")
A("")
A("```")
lines, txt = torch_lines([b["out"] for b in B], 4, suffix=", grad_fn=<NativeLayerNormBackward0>)")
for i, l in enumerate(lines):
    A(l, claims=[(txt[i][m], f"nnln.out[{toks[i]}][{m + 1}]", "correct") for m in range(n)])
A("```")
A("")
tu = torch_lines([u["out"] for u in U], 4)[1]
up = F(U[0]["out"][0] * ratio)
assert up == F(mpf(tu[0][0]) * mpf(F(ratio))) == txt[0][0], (up, txt[0][0])
A(f"两者之比差不多就是 $\\sqrt{{4/3}} \\approx {F(ratio)}$（例如 {tu[0][0]} × {F(ratio)} ≈ {up}），"
  "只是 eps 的位置不同，所以不是严格相等。",
  claims=[(F(ratio), "ratio", "correct"), (F(ratio), "ratio", "correct"), (up, "nnln.out[我][1]", "correct")],
  opts=[tu[0][0]], nots=["4", "3"])
A("")
A("## 四、结论")
A("")
A("- Annotated Transformer 的写法：无偏 std，eps 加在 std 外面。")
A("- `nn.LayerNorm`：有偏方差，eps 在根号里。")
A("- 想对齐 PyTorch，就写 `x.std(-1, unbiased=False, keepdim=True)`，或者干脆用 `var`。")
A("")
A("参考：[1] The Annotated Transformer, Harvard NLP, 2018　[2] PyTorch 文档 torch.nn.LayerNorm", nots=["[1]", "2018", "[2]"])
d.save()
