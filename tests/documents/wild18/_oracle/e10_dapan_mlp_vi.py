"""Vietnamese plain-text exam solution (đáp án): a 2-2-1 network with sigmoid hidden and output units trained one
SGD step (eta 0.2) on E = 1/2 (t - o)^2; forward, output delta, hidden deltas, all nine gradients and updated
parameters, in aligned columns. Chained at 4 decimals. One planted slip: the sign of delta_h2."""
from pathlib import Path

from w18lib import *

G = dict(x1="1.0", x2="0.6", w11="0.2", w12="-0.4", w21="0.5", w22="0.1", b1="0.1", b2="-0.2",
         v1="0.7", v2="-0.3", c="0.05", t="1")
eta = "0.2"
g = {k: mpf(v) for k, v in G.items()}
# exact route (float64 check)
ze1 = g["w11"] * g["x1"] + g["w12"] * g["x2"] + g["b1"]
ze2 = g["w21"] * g["x1"] + g["w22"] * g["x2"] + g["b2"]
he1, he2 = sigmoid(ze1), sigmoid(ze2)
zeo = g["v1"] * he1 + g["v2"] * he2 + g["c"]
oe = sigmoid(zeo)
deo = (oe - g["t"]) * oe * (1 - oe)
import math
sg = lambda q: 1 / (1 + math.exp(-q))
h1f, h2f = sg(0.2 * 1.0 - 0.4 * 0.6 + 0.1), sg(0.5 * 1.0 + 0.1 * 0.6 - 0.2)
of = sg(0.7 * h1f - 0.3 * h2f + 0.05)
agree([he1, he2, oe, deo], [h1f, h2f, of, (of - 1) * of * (1 - of)])

# chained route
z1 = lit(ze1); z2 = lit(ze2)
h1 = R(sigmoid(P(z1))); h2 = R(sigmoid(P(z2)))
zo = R(g["v1"] * P(h1) + g["v2"] * P(h2) + g["c"])
o = R(sigmoid(P(zo)))
E = R((g["t"] - P(o)) ** 2 / 2)
do_ = R((P(o) - g["t"]) * P(o) * (1 - P(o)))
dv1 = R(P(do_) * P(h1)); dv2 = R(P(do_) * P(h2)); dc = do_
dh1 = R(P(do_) * g["v1"] * P(h1) * (1 - P(h1)))
dh2 = R(P(do_) * g["v2"] * P(h2) * (1 - P(h2)))
near(o, oe); near(do_, deo)
SLIP = dh2[1:] if dh2.startswith("-") else "-" + dh2
assert SLIP != dh2


def hid(d2):
    return dict(w11=R(P(dh1) * g["x1"]), w12=R(P(dh1) * g["x2"]), b1=dh1,
                w21=R(P(d2) * g["x1"]), w22=R(P(d2) * g["x2"]), b2=d2)


gc, gs_ = hid(dh2), hid(SLIP)
grads_c = dict(v1=dv1, v2=dv2, c=dc, **gc)
grads_s = dict(v1=dv1, v2=dv2, c=dc, **gs_)
newc = {k: R(g[k] - mpf(eta) * P(v)) for k, v in grads_c.items()}
news = {k: R(g[k] - mpf(eta) * P(v)) for k, v in grads_s.items()}

d = Doc("dapan-mlp-vi", "txt",
        "Vietnamese plain-text exam solution: a 2-2-1 sigmoid network (w11..w22, b1, b2, v1, v2, c) trained one SGD "
        "step with eta 0.2 on E = 1/2 (t - o)^2; forward, deltas, nine gradients and updated parameters in aligned "
        "columns; 4 decimals, each from the printed numbers; one planted slip",
        "2-2-1 network, sigmoid hidden and output, squared error 1/2 (t - o)^2, one SGD step with eta = 0.2",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: delta_h2 is written {SLIP} instead of {dh2} (wrong sign). The gradients of w21, w22 and "
             "b2 and their updated values are computed from it (propagated).")
A = d
A("TRƯỜNG ĐẠI HỌC KHOA HỌC TỰ NHIÊN - KHOA CÔNG NGHỆ THÔNG TIN")
A("ĐÁP ÁN ĐỀ THI GIỮA KỲ - HỌC KỲ I, NĂM HỌC 2024-2025", nots=["2024", "2025"])
A("Môn: Nhập môn Học sâu          Mã đề: 02          Thời gian: 90 phút", nots=["02", "90"])
A("=" * 72)
A("")
A("Câu 3 (3,0 điểm). Cho mạng nơ-ron 2-2-1, các nơ-ron ẩn và nơ-ron ra đều dùng hàm sigmoid.",
  nots=["3", "3,0", "2", "2", "1"])
A("Dữ liệu huấn luyện: x = (1.0, 0.6), nhãn t = 1. Hàm lỗi E = 1/2 (t - o)^2.", nots=["1", "2", "2"])
A("Tốc độ học eta = 0.2. Làm tròn 4 chữ số thập phân ở mỗi bước.", nots=["0.2", "4"])
A("")
A("Tham số ban đầu:")
A("")
A("    w11     w12     w21     w22     b1      b2      v1      v2      c")
A("    " + "".join(G[k].ljust(8) for k in ("w11", "w12", "w21", "w22", "b1", "b2", "v1", "v2")) + G["c"])
A("")
A("-" * 72)
A("a) Lan truyền thuận (1,0 điểm)", nots=["1,0"])
A("-" * 72)
A(f"   z1 = 0.2*1.0 + (-0.4)*0.6 + 0.1  = {z1}", claims=[(z1, "z_h1", "correct")],
  opts=["0.2", "1.0", "-0.4", "0.6", "0.1"], nots=["1"])
A(f"   z2 = 0.5*1.0 + 0.1*0.6 + (-0.2)  = {z2}", claims=[(z2, "z_h2", "correct")],
  opts=["0.5", "1.0", "0.1", "0.6", "-0.2"], nots=["2"])
A(f"   h1 = sigmoid({z1})  = {h1}", claims=[(h1, "h1", "correct")], opts=[z1], nots=["1"])
A(f"   h2 = sigmoid({z2})  = {h2}", claims=[(h2, "h2", "correct")], opts=[z2], nots=["2"])
A(f"   z_o = 0.7*{h1} + (-0.3)*{h2} + 0.05 = {zo}", claims=[(zo, "z_o", "correct")],
  opts=["0.7", h1, "-0.3", h2, "0.05"])
A(f"   o   = sigmoid({zo}) = {o}", claims=[(o, "o", "correct")], opts=[zo])
A(f"   E   = 1/2 (1 - {o})^2 = {E}                                   (0,25 đ)",
  claims=[(E, "E", "correct")], opts=[o], nots=["1", "2", "1", "2", "0,25"])
A("")
A("-" * 72)
A("b) Lan truyền ngược (1,5 điểm)", nots=["1,5"])
A("-" * 72)
A("   Nơ-ron ra:")
A(f"   delta_o = (o - t) * o * (1 - o) = ({o} - 1) * {o} * (1 - {o}) = {do_}",
  claims=[(do_, "delta_o", "correct")], opts=[o, o, o], nots=["1", "1", "1", "1"])
A("")
A("   Gradient lớp ra:")
A(f"      dE/dv1 = delta_o * h1 = {do_} * {h1} = {dv1}", claims=[(dv1, "grad.v1", "correct")],
  opts=[do_, h1], nots=["1", "1"])
A(f"      dE/dv2 = delta_o * h2 = {do_} * {h2} = {dv2}", claims=[(dv2, "grad.v2", "correct")],
  opts=[do_, h2], nots=["2", "2"])
A(f"      dE/dc  = delta_o = {dc}", claims=[(dc, "grad.c", "correct")])
A("")
A("   Nơ-ron ẩn (dùng v1, v2 CŨ):")
A(f"      delta_h1 = delta_o * v1 * h1 * (1 - h1) = {do_} * 0.7 * {h1} * (1 - {h1}) = {dh1}",
  claims=[(dh1, "delta_h1", "correct")], opts=[do_, "0.7", h1, h1], nots=["1", "1", "1", "1", "1"])
A(f"      delta_h2 = delta_o * v2 * h2 * (1 - h2) = {do_} * (-0.3) * {h2} * (1 - {h2}) = {SLIP}",
  claims=[(SLIP, "delta_h2", "wrong")], opts=[do_, "-0.3", h2, h2], nots=["2", "2", "2", "2", "1", "1"])
A("")
A("   Gradient lớp ẩn:")
A("")
A("      tham số   công thức          gradient")
for k, form, q in (("w11", "delta_h1 * x1", "1"), ("w12", "delta_h1 * x2", "1"), ("b1", "delta_h1", "1"),
                   ("w21", "delta_h2 * x1", "2"), ("w22", "delta_h2 * x2", "2"), ("b2", "delta_h2", "2")):
    v = gs_[k]
    ver = "correct" if q == "1" else fate(v, gc[k])
    nn_ = [t for t in ("11", "12", "21", "22") if t in k] or [k[-1]]
    extra = [ch for ch in ("1", "2") if ("x" + ch) in form]
    A(f"      {k.ljust(9)} {form.ljust(18)} {v}", claims=[(v, f"grad.{k}", ver)],
      nots=nn_ + [q] + extra if k not in ("b1", "b2") else [q, q])
A("                                                              (0,75 đ)", nots=["0,75"])
A("")
A("-" * 72)
A("c) Cập nhật tham số: p_moi = p - eta * dE/dp (0,5 điểm)", nots=["0,5"])
A("-" * 72)
A("      tham số   cũ       gradient    mới")
for k in ("w11", "w12", "w21", "w22", "b1", "b2", "v1", "v2", "c"):
    gv, nv = grads_s[k], news[k]
    ver = fate(nv, newc[k]) if k in ("w21", "w22", "b2") else "correct"
    gver = fate(gv, grads_c[k]) if k in ("w21", "w22", "b2") else "correct"
    nn_ = [t for t in ("11", "12", "21", "22") if t in k] or ([k[-1]] if k[-1].isdigit() else [])
    A(f"      {k.ljust(9)} {G[k].ljust(8)} {gv.ljust(11)} {nv}",
      claims=[(gv, f"grad.{k}", gver), (nv, f"step1.{k}", ver)], opts=[G[k]], nots=nn_)
A("")
A("   Ghi chú chấm: sai dấu delta ở lớp ẩn trừ 0,25 đ; làm tròn khác 1 đơn vị ở chữ số cuối vẫn cho điểm tối đa.",
  nots=["0,25", "1"])
A("")
A("                                - Trang 2/3 -", nots=["2", "3"])
d.save()
