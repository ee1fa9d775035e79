"""Numbers as posts state them in passing: arrays in a sentence, a number a Korean or Japanese particle follows at
once, a printed dict under a label of words, a matrix after ≈, whole numbers in groups of three, a function of a
vector worked out, each word's Q, K and V on its own line; and operands of one digit, which are the givens as
stated, not rounded numbers. The documents are our own."""

from __future__ import annotations

from exactformer.audit.pipeline import audit
from exactformer.read.documents import items_of, load_document
from exactformer.read.documents import models as M
from exactformer.report.data import findings_json

NEXT_WORD_KO = """# 한 헤드로 다음 단어 고르기

요약하면, 점수가 `[0.354, 0.707, 1.061]`이면 가중치는 `[0.225, 0.32, 0.456]`이고 다음 단어 확률은 `밥: 0.302`, `물: 0.366`, `빵: 0.332`다.

## 코드

```python
from math import exp, sqrt

def softmax(xs):
    top = max(xs)
    es = [exp(x - top) for x in xs]
    return [e / sum(es) for e in es]

query = [0.5, 1.0]
keys = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
values = [[2.0, 0.0], [0.0, 2.0], [1.0, 1.0]]
vocab = ["밥", "물", "빵"]
output_weights = [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]]

scores = [sum(a * b for a, b in zip(query, k)) / sqrt(2) for k in keys]
weights = softmax(scores)
context = [sum(w * v[d] for w, v in zip(weights, values)) for d in range(2)]
logits = [sum(a * b for a, b in zip(context, row)) for row in output_weights]
probs = softmax(logits)
print("점수:", [round(x, 3) for x in scores])
print("가중치:", [round(x, 3) for x in weights])
print("다음 단어 확률:", {t: round(p, 3) for t, p in zip(vocab, probs)})
```

출력:

```text
점수: [0.354, 0.707, 1.061]
가중치: [0.225, 0.32, 0.456]
다음 단어 확률: {'밥': 0.302, '물': 0.366, '빵': 0.332}
```
"""

EXERCISE_JA = """# 演習：注意の重みを手で求める

**解答**：

    # ステップ1：スコア
    Q = [[1, 0], [0, 1], [1, 1]]
    K = [[2, 0], [0, 1], [1, 1]]

    S = QK^T = [[2, 0, 1],
                [0, 1, 1],
                [2, 1, 2]]

    # ステップ2：√2で割って指数をとる
    # 第2行: exp([0, 0.71, 0.71]) = [1.00, 2.03, 2.03]
    # 合計 = 5.06 → [0.20, 0.40, 0.40]

    A ≈ [[0.58, 0.14, 0.28],
         [0.20, 0.40, 0.40],
         [0.40, 0.20, 0.40]]

**演習2**：パラメータ数（バイアスなし）

    W_q: 512 × 64 = 32,768
    合計 = 32,768 × 3 = 98,305
"""

BY_WORD = """# Attention by hand

Each word comes with its own three vectors:

"cat": Query = [0.2, 0.4], Key = [0.5, 0.1], Value = [1.0, 0.0]

"sat": Query = [0.3, 0.1], Key = [0.2, 0.6], Value = [0.0, 1.0]

Score (cat, sat) = 0.2×0.2 + 0.4×0.6 = 0.11

Score (sat, cat) = 0.3×0.5 + 0.1×0.1 = 0.16
"""


def _claims(tmp_path, name: str, text: str) -> list[dict]:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return [f for f in findings_json(audit(load_document(str(p)))) if f["kind"] == "claim"]


def test_one_query_then_an_output_layer_a_printed_dict_and_numbers_a_particle_follows(tmp_path):
    """Keys and values given as code, one query, the output layer's weights a row per word: the next word's
    probabilities are claims, in the printed dict under its label of three words and in the summary sentence,
    where a particle follows the last number at once (`빵: 0.332`다)."""
    claims = _claims(tmp_path, "next-word.md", NEXT_WORD_KO)
    probs = {(f["source_line"], f["reported"]) for f in claims if f["quantity"].startswith("probs[")}
    assert {(36, "0.302"), (36, "0.366"), (36, "0.332")} <= probs, probs
    assert {(3, "0.302"), (3, "0.366"), (3, "0.332")} <= probs, probs
    on_3 = sorted(f["reported"] for f in claims if f["source_line"] == 3)  # each array of the sentence, too
    assert on_3 == sorted(["0.354", "0.707", "1.061", "0.225", "0.32", "0.456", "0.302", "0.366", "0.332"]), on_3
    assert all(f["verdict"] == "correct" for f in claims), [f for f in claims if f["verdict"] != "correct"]


def test_an_exercise_in_indented_code_a_matrix_after_approx_exp_of_a_row_and_grouped_thousands(tmp_path):
    """A ≈ [[…], …] over three lines is one matrix (its first row no longer lost); [0.20, 0.40, 0.40] to two
    places is no one-digit chance fit; exp of a row is worked component by component; 32,768 × 3 = 98,305 is a
    slip in a whole number written in groups of three."""
    claims = _claims(tmp_path, "exercise.md", EXERCISE_JA)
    first_row = {f["quantity"]: f["reported"] for f in claims if f["source_line"] == 17}
    assert first_row == {"weights[x1,x1]": "0.58", "weights[x1,x2]": "0.14", "weights[x1,x3]": "0.28"}, first_row
    assert {f["quantity"] for f in claims if f["source_line"] == 15} == \
        {"weights[x2,x1]", "weights[x2,x2]", "weights[x2,x3]"}
    exp_row = sorted(f["reported"] for f in claims if f["source_line"] == 14 and f["quantity"].startswith("exp["))
    assert exp_row == ["1.00", "2.03", "2.03"], exp_row
    by_line = {f["source_line"]: f["verdict"] for f in claims if f["source_line"] in (23, 24)}
    assert by_line == {23: "correct", 24: "wrong"}, by_line
    assert sum(f["verdict"] == "wrong" for f in claims) == 1


def test_each_words_query_key_and_value_on_its_line_and_a_slip_claimed_by_its_operands(tmp_path):
    """"cat": Query = […], Key = […], Value = […]: the rows of Q, K and V for that word. The stated 0.11 rounds
    another score (sat·sat = 0.12) to its last digit, but every operand of the line is cat's query and sat's key:
    the line claims that score, and it is a slip (0.28)."""
    claims = _claims(tmp_path, "by-word.md", BY_WORD)
    got = {(f["source_line"], f["quantity"], f["verdict"]) for f in claims}
    assert got == {(9, "scores[cat,sat]", "wrong"), (11, "scores[sat,cat]", "correct")}, got


def test_operands_of_one_digit_are_the_givens_not_rounded_numbers(tmp_path):
    """0.3 × 0.1 + 0.4 × 0.3 + 0.1 × 0.6 is 0.21: were each operand any number that rounds to it, 0.13 would pass
    as rounding. An operand of two digits or more may still be a rounded intermediate value (0.33 × 3 ≈ 1.0)."""
    p = tmp_path / "arith.md"
    p.write_text("# Dot products\n\nq · k = 0.3×0.1 + 0.4×0.3 + 0.1×0.6 = 0.13\n\nthird = 0.33 × 3 = 1.0\n",
                 encoding="utf-8")
    judged = {f["source_line"]: f.get("verdict") or f["kind"] for f in findings_json(audit(load_document(str(p))))
              if isinstance(f.get("source_line"), int)}
    assert judged[3] == "wrong", judged
    assert judged[5] != "wrong", judged


def test_a_weights_zero_suggests_no_mask_but_a_triangle_of_weights_does(tmp_path):
    """Wk's 0.0 is a parameter's value, not what a causal mask leaves: the conventions tried stay few (the seed
    document tries 3 instead of 9). Zeros above the diagonal of a table of weights still suggest a mask."""
    def zeros(text: str) -> bool:
        p = tmp_path / "z.md"
        p.write_text(text, encoding="utf-8")
        return M.givens(items_of(str(p), text)[1]).zeros

    weights = "# w\n\nX = [[1.0, 0.5], [0.2, 0.8]]\nWk = [[0.2, -0.1], [0.0, 0.3]]\n"
    assert not zeros(weights)
    assert zeros(weights + "\nweights = [[1.0, 0.0], [0.45, 0.55]]\n")
