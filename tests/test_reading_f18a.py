"""Reading habits of hand-worked backpropagation documents: a row of givens under their names, a 2-2-1 network
with two-index weights (w_jk, v_j, b_j, c), exam points after a line of working, and a gradient and the updated
weight on one line joined by an arrow."""

from __future__ import annotations

from exactformer.read.documents import read_document

EXAM = """\
Bai 2 (2,0 diem). Mang 2-2-1, ham sigmoid o moi no-ron.
Du lieu: x = (0.5, 1.0), nhan t = 0. Ham loi E = 1/2 (t - o)^2. eta = 0.5.

    w11     w12     w21     w22     b1      b2      v1      v2      c
    0.3     0.1     -0.2    0.4     0.2     0.1     -0.5    0.6     0.1

   z1 = 0.3*0.5 + 0.1*1.0 + 0.2  = 0.45
   z2 = (-0.2)*0.5 + 0.4*1.0 + 0.1  = 0.4
   h1 = sigmoid(0.45)  = 0.6106
   h2 = sigmoid(0.4)  = 0.5987
   E   = 1/2 (0 - 0.5384)^2 = 0.1449                                   (0,5 đ)
"""


def _case(tmp_path, text: str, name: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return read_document(str(p)).toml


def test_row_of_givens_and_two_index_weights(tmp_path):
    case = _case(tmp_path, EXAM, "exam.txt")
    # w_jk into hidden unit j from input k: z1 = w11·x1 + w12·x2 + b1 fits, the transposed reading does not
    assert 'w12 = "L1.h.W[2][1]"' in case
    assert 'v2 = "L1.o.W[2][1]"' in case and 'c = "L1.o.b[1]"' in case
    assert '"h.net[x][1]"' in case and '"h.net[x][2]"' in case
    assert '"h[x][1]"' in case


def test_exam_points_end_no_line_of_working(tmp_path):
    case = _case(tmp_path, EXAM, "exam.txt")
    assert 'of = "loss[x][1]", line = "1/2 (0 - 0.5384)^2 = 0.1449"' in case
    assert "0,5" not in case and "đ" not in case


def test_other_orientation_from_input_j_to_unit_k(tmp_path):
    text = EXAM.replace("0.3*0.5 + 0.1*1.0 + 0.2  = 0.45", "0.3*0.5 + (-0.2)*1.0 + 0.2  = 0.15") \
        .replace("(-0.2)*0.5 + 0.4*1.0 + 0.1  = 0.4", "0.1*0.5 + 0.4*1.0 + 0.1  = 0.55") \
        .replace("sigmoid(0.45)  = 0.6106", "sigmoid(0.15)  = 0.5374").replace("sigmoid(0.4)  = 0.5987",
                                                                            "sigmoid(0.55)  = 0.6341")
    case = _case(tmp_path, text, "exam2.txt")
    assert 'w12 = "L1.h.W[1][2]"' in case
    assert '"h.net[x][1]"' in case and '"h[x][2]"' in case


def test_gradient_then_update_on_one_line(tmp_path):
    text = """# One step by hand

The network: i1 = 0.10, i2 = 0.50, w1 = 0.20, w2 = 0.40, w3 = 0.30, w4 = 0.10, w5 = 0.60, w6 = 0.20,
w7 = 0.50, w8 = 0.30, b1 = 0.25, b2 = 0.45, targets o1 = 0.10 and o2 = 0.90 (target_o1 = 0.10, target_o2 = 0.90).
Sigmoid everywhere, learning rate 0.5.

net_h1 = w1·i1 + w2·i2 + b1 = 0.20·0.10 + 0.40·0.50 + 0.25 = 0.4700

∂E_total/∂w5 = 0.5 · 0.2 · 0.6 = 0.0600  →  w5⁺ = 0.60 − 0.5 · 0.0600 = 0.5700
"""
    case = _case(tmp_path, text, "post.md")
    # the arrow parts two lines of working: the first result is read too, not only the update after it
    assert 'line = "0.5 · 0.2 · 0.6 = 0.0600"' in case
    assert 'line = "0.60 - 0.5 · 0.0600 = 0.5700"' in case
