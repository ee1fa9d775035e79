"""Japanese Slack channel export (plain text, `[HH:MM] name` lines, a thread marker, reactions, a pasted
Python session): LayerNorm of ONE vector of 4 numbers with nn.LayerNorm(4) (eps 1e-5, gamma 1, beta 0). One member
pastes torch's output (tensor layout re-implemented: 4 decimals, one width), another works mean, variance and the
normalised values by hand. Exact rounding."""
from pathlib import Path

from w20lib import *

xs = ["1.2", "-0.4", "0.8", "2.0"]
x = mat(xs)
ln = layernorm(x, eps="0.00001")
xn = np.array([float(v) for v in xs])
mu = xn.mean(); var = ((xn - mu) ** 2).mean(); yn = (xn - mu) / np.sqrt(var + 1e-5)
agree([ln["mean"]], [mu]); agree([ln["var"]], [var]); agree(ln["out"], yn)
T_ = "x"

d = Doc("slack-layernorm-ja", "txt",
        "Japanese Slack channel export (plain text): LayerNorm of one 4-vector with nn.LayerNorm(4), eps 1e-5; torch "
        "output pasted, mean, variance, std and normalised values worked by hand in chat",
        "a LayerNorm alone on one vector x = (1.2, -0.4, 0.8, 2.0), biased variance, eps = 1e-5, gamma 1, beta 0",
        script=Path(__file__).name)
A = d
A("#ml-輪読会  (エクスポート: 2024-07-09)", nots=["2024-07-09"])
A("")
A("--- 2024年7月8日(月) ---", nots=["2024", "7", "8"])
A("")
A("[21:02] 佐藤 ゆい")
A("LayerNormの計算、手でやると合わないんですが…ベクトル1本だけの例です", nots=["1"])
A("x = [" + ", ".join(xs) + "]")
A("PyTorchだとこうなります（torch 2.3.0）", nots=["2.3.0"])
A("")
A(">>> ln = nn.LayerNorm(4)", nots=["4"])
A(">>> x = torch.tensor([" + ", ".join(xs) + "])")
A(">>> ln(x)")
lines, txt = torch_lines([ln["out"][m] for m in range(4)], 4, suffix=", grad_fn=<NativeLayerNormBackward0>)")
A(lines[0], claims=[(t, f"L1.ln.out[{T_}][{m + 1}]", "correct") for m, t in enumerate(txt[0])])
A("")
A("[21:03] 佐藤 ゆい")
A("手計算だと平均 0.9 までは合ってるはずなのに、最後の値がズレます", claims=[("0.9", f"L1.ln.mean[{T_}]", "correct")])
A("")
A("[21:09] 高橋 健 (スレッドで返信)")
A("分散はn−1じゃなくてnで割る（biased）のと、eps=1e-5 が入ってるので", nots=["1e-5"])
A(f"平均 μ = ({' + '.join(par(s) for s in xs)}) / 4 = {lit(ln['sum'])} / 4 = {lit(ln['mean'])}",
  claims=[(lit(ln["sum"]), f"L1.ln.sum[{T_}]", "correct"), (lit(ln["mean"]), f"L1.ln.mean[{T_}]", "correct")],
  opts=xs, nots=[])
cs = [lit(v) for v in ln["centered"]]
A("x − μ = [" + ", ".join(cs) + "]", claims=[(s, f"L1.ln.centered[{T_}][{m + 1}]", "correct") for m, s in enumerate(cs)])
sq = [lit(v) for v in ln["sq"]]
A("二乗 = [" + ", ".join(sq) + f"]、合計 {rnd(ln['sqsum'], 2)}",
  claims=[(s, f"L1.ln.sq[{T_}][{m + 1}]", "correct") for m, s in enumerate(sq)]
  + [(rnd(ln["sqsum"], 2), f"L1.ln.sqsum[{T_}]", "correct")])
A(f"σ² = {rnd(ln['sqsum'], 2)} / 4 = {lit(ln['var'])}", claims=[(lit(ln["var"]), f"L1.ln.var[{T_}]", "correct")],
  opts=[rnd(ln["sqsum"], 2)], nots=["4"])
VE = lit(ln["var"] + mpf("0.00001"))
A(f"√(σ² + ε) = √{VE} = {rnd(ln['std'], 5)}", claims=[(rnd(ln["std"], 5), f"L1.ln.std[{T_}]", "correct")], opts=[VE])
ys = [rnd(v, 4) for v in ln["out"]]
A(f"y = (x − μ) / {rnd(ln['std'], 5)} → [" + ", ".join(ys) + "]",
  claims=[(s, f"L1.ln.out[{T_}][{m + 1}]", "correct") for m, s in enumerate(ys)], opts=[rnd(ln["std"], 5)])
A("4桁目までtorchと一致します :+1:", nots=["4"])
A("")
A("    :pray: 2  :eyes: 1", nots=["2", "1"])
A("")
A("[21:11] 佐藤 ゆい (スレッドで返信)")
A("あー n−1 で割ってました！ありがとうございます 🙏 明日の輪読（第5章）までに直します", nots=["5"])
A("")
A("[21:40] bot-reminder")
A("リマインダー: 7/10(水) 20:00 輪読会 第5章 担当: 佐藤さん", nots=["7/10", "20:00", "5"])
d.save()
