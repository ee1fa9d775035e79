"""Lines of working as posts write them, a step a paragraph: ``net = w1 * x1 + b``, then ``= 0.4 * 1.5 + 0.1``,
then ``= 0.7``; fractions in inline maths between prose-free names; powers as ``<sup>``; a working a bracket
short. Each is one line of working, claimed at the line of its result. The documents are our own."""

from __future__ import annotations

import re

from exactformer.audit.pipeline import audit
from exactformer.read.documents import load_document, read_document
from exactformer.report.data import findings_json

STEPS = """# Один нейрон

Входы: x1 = 2; x2 = -1. Веса: w1 = 0.25; w2 = 0.75; смещение b = 0.5.

net = w1 \\* x1 + w2 \\* x2 + b

= 0.25 \\* 2 + 0.75 \\* (-1) + 0.5

= 0.25

y = $\\frac{1}{1 + e^{- net}}$

= $\\frac{1}{1 + e^{- 0.25}}$

= 0.5621765009

L = (1 - y)<sup>2</sup>

= (1 - 0.5621765009)<sup>2</sup>

= 0.1916894170

g = (-2 \\* (1 - y)) \\* (y \\* (1

- y)) \\* (x1)

= (-2 \\* (1 - 0.5621765009) \\* (0.5621765009 \\* (1 - 0.5621765009)) \\* (2)

= -0.4310531

Итак, вес w1 растёт.
"""


def _works(path) -> dict[int, str]:
    toml = read_document(str(path)).toml
    return {int(m.group(1)): m.group(2) for m in re.finditer(
        r'line = (\d+)\n(?:#[^\n]*\n)?work = \[\{ (?:of = "[^"]+", )?line = "([^"]+)"', toml)}


def _judged(path) -> dict[int, str]:
    """Each line's verdict, or the kind of finding a line of working that claims nothing gets: its result's (the
    first finding of the line; an operand restated after it is judged too)."""
    got: dict[int, str] = {}
    for f in findings_json(audit(load_document(str(path)))):
        if isinstance(f.get("source_line"), int):
            got.setdefault(f["source_line"], f.get("verdict") or f["kind"])
    return got


def test_a_working_written_a_step_a_paragraph_is_one_line_claimed_where_its_result_is(tmp_path):
    p = tmp_path / "steps.md"
    p.write_text(STEPS, encoding="utf-8")
    works = _works(p)
    assert works[9].replace(" ", "").endswith("0.25×2+0.75×(-1)+0.5=0.25"), works
    assert "e^(- 0.25)" in works[15] and works[15].endswith("= 0.5621765009"), works
    assert "(1 - 0.5621765009)^(2)" in works[21], works  # <sup>2</sup>: the square
    # a bracket short, its line broken before "- y" (a list, to Markdown): closed at its end, as meant
    assert works[29].endswith("= -0.4310531") and works[29].count("(") == works[29].count(")"), works
    judged = _judged(p)  # (the slip at line 21 is wrong as a claim, or as the line's own false arithmetic)
    assert judged[9] == judged[15] == "correct" and judged[21] in ("wrong", "arithmetic"), judged
    assert judged.get(29, "correct") == "correct", judged


def test_a_whole_number_in_a_working_is_exact_not_a_rounded_operand(tmp_path):
    """(1 − 0.5621765009)² is 0.19168942…: 0.1916894170 is a slip in its seventh decimal. Were the 1 a number
    rounded to units, anything from 0 to 0.88 would pass as rounding."""
    p = tmp_path / "square.md"
    p.write_text("# Loss\n\nL = (1 - 0.5621765009)^2 = 0.1916894170\n\nM = 0.5 * (2 - 0.5)^2 = 1.125\n",
                 encoding="utf-8")
    judged = _judged(p)
    assert judged == {3: "wrong", 5: "correct"}, judged


def test_prose_with_inline_maths_is_not_taken_for_a_working(tmp_path):
    """Only a line whose text outside its maths is a name or two becomes a working: a sentence with a formula
    in it keeps its maths as they are (a Korean sentence's words are short, and many)."""
    p = tmp_path / "prose.md"
    p.write_text("# 위치 인코딩\n\n두 번째 열은 $pos / 100$ 입니다 ($10000^{2/4} = 100$).\n\n"
                 "The scores are then divided by $\\sqrt{d_k} = 2$ before the softmax, so $s = 4$ becomes 2.\n",
                 encoding="utf-8")
    toml = read_document(str(p)).toml
    assert "pos / 100" not in toml and "becomes" not in toml, toml


def test_a_normalisation_worked_on_one_vector_reads_its_statistics_and_rows(tmp_path):
    """A lesson that normalises one vector, its statistics on the line below it, no matrix anywhere: the vector
    is the input (a matrix of one row), and the mean, the standard deviation and the normalised row are claims."""
    p = tmp_path / "one-row.md"
    p.write_text("# Warum normieren\n\n```\nFormel: z_norm = (z - μ) / σ\n\nBeispiel:\nRoh: [200, 400, 600, 800]\n"
                 "μ = 500, σ = 223.61\nNormiert: [-1.3416, -0.4472, 0.4472, 1.3418]\n```\n", encoding="utf-8")
    claims = [f for f in findings_json(audit(load_document(str(p)))) if f["kind"] == "claim"]
    by_text = {f["reported"]: f["verdict"] for f in claims}
    assert by_text.get("-1.3416") == "correct" and by_text.get("0.4472") == "correct", by_text
    assert by_text.get("1.3418") == "wrong", by_text  # a slip in the last cell (1.3416)
    assert by_text.get("223.61") == "correct", by_text  # the population standard deviation


def test_a_result_whose_last_digit_is_cut_is_off_by_one_not_wrong_and_blames_nothing_after(tmp_path):
    """0.8 − 0.5 × 0.05245320288 is 0.77377339856: 0.7737733985 cuts its last digit (±1, a warning), and the next
    line that works from it is correct, not propagated. 0.8 and 0.5 are exact as written (one digit each)."""
    p = tmp_path / "cut.md"
    p.write_text("# One update\n\nw = 0.8 - 0.5 * 0.05245320288 = 0.7737733985\n\n"
                 "v = 0.7737733985 * 2 = 1.547546797\n", encoding="utf-8")
    assert _judged(p) == {3: "last_digit", 5: "correct"}


STEP_TABLE = r"""# One neuron, step by step

Input $x = 2$, weight $w = 0.25$, bias $b = 0.5$, target $y = 0$.

| Step | Computation | Value |
|------|-------------|-------|
| 1 | $z_1 = 0.25 \times 2$ | $0.5$ |
| 2 | $z = 0.5 + 0.5$ | $1.0$ |
| 3 | $\hat{y} = \sigma(1.0) = \frac{1}{1+e^{-1.0}}$ | $\approx 0.7311$ |
| 4 | $e = 0.7311 - 0$ | $\approx 0.7311$ |
| 5 | $L = (0.7311)^2$ | $\approx 0.5435$ |
"""


def test_a_table_of_steps_each_row_worked_in_tex_beside_its_value(tmp_path):
    """| 3 | $\\hat{y} = \\sigma(1.0) = \\frac{1}{1+e^{-1.0}}$ | $\\approx 0.7311$ |: each row is a line of working
    whose result is the value beside it (the name it computes left off); the slip in row 5 (0.7311² is 0.5345)
    is found."""
    p = tmp_path / "steps-table.md"
    p.write_text(STEP_TABLE, encoding="utf-8")
    works = _works(p)
    assert works[7].replace(" ", "") == "0.25×2=0.5" and works[9].endswith("(1)/(1+e^(-1.0)) = 0.7311"), works
    judged = _judged(p)
    assert judged[7] == judged[8] == judged[9] == "correct" and judged[11] == "wrong", judged
