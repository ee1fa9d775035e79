"""Documents of several separate computations: each read under its own model, audited apart, reported as one.

``documents/parts/two-inputs.md`` works attention on the inputs themselves twice, on two different inputs (its
numbers computed with mpmath, not with exactformer). The second computation has one planted slip: the last
context value printed -0.9889 where -0.9898 is right (two digits swapped).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exactformer.audit.findings import ClaimFinding, Verdict
from exactformer.audit.pipeline import audit
from exactformer.cli import main
from exactformer.read.case import load
from exactformer.read.documents import load_document, read_document
from exactformer.read.locate import Locator
from exactformer.report.html import render_html

DOC = Path(__file__).parent / "documents" / "parts" / "two-inputs.md"


@pytest.fixture(scope="module")
def report():
    return audit(load_document(str(DOC)))


def test_each_computation_is_read_under_its_own_model():
    case = load_document(str(DOC))
    assert [p.token for p in case.model.positions] == ["sun", "moon", "star"]
    assert len(case.parts) == 1
    second = case.parts[0]
    assert [p.token for p in second.model.positions] == ["x1", "x2"]
    assert second.title.startswith("part 2: attention with Q = K = V = X")
    # the claims are numbered apart: the second part's after the first's
    first = {c.seq for c in case.claims}
    assert first and min(c.seq for c in second.claims) > max(first)


def test_the_audit_judges_both_and_finds_the_slip_in_the_second(report):
    claims = [f for f in report.findings if isinstance(f, ClaimFinding)]
    assert len(claims) == 36  # 9 + 9 + 6 in the first, 4 + 4 + 4 in the second
    wrong = [f for f in claims if f.verdict is Verdict.WRONG]
    assert [(f.quantity, f.claim.number.text) for f in wrong] == [("context[x2][2]", "-0.9889")]
    assert wrong[0].explained_by[0].hypothesis == "result.digits_swapped"
    assert sum(f.verdict is Verdict.CORRECT for f in claims) == 35
    # each claim's closed form comes from its own computation's engine
    assert report.closed_form(wrong[0]) == "(3/2·e^(-1/2) - e^(5))/(e^(-1/2) + e^(5))"
    first = next(f for f in claims if f.quantity == "weights[sun,sun]")
    assert report.closed_form(first) == "e^(1)/(e^(1) + e^(1) + 1)"


def test_the_json_report_holds_every_claim_of_every_part(capsys, tmp_path):
    out = tmp_path / "r.json"
    assert main(["audit", str(DOC), "-o", str(out)]) == 1
    data = json.loads(out.read_text(encoding="utf-8"))
    found = [f for f in data["findings"] if f["kind"] == "claim"]
    assert len(found) == 36 == data["summary"]["claims"]
    assert {f["source_line"] for f in found if f["quantity"].startswith("context[x")} == {73, 74}  # a row a line
    assert [c["quantity"] for c in data["root_causes"]] == ["context[x2][2]"]


def test_the_page_has_the_tables_of_each_part(report):
    page = render_html(report)
    assert page.count('<h2 class="part">') == 2
    assert 'id="step-p0-0"' in page and 'id="step-p1-0"' in page
    assert page.count('class="claim v-wrong"') == 1


def test_read_writes_one_case_file_with_parts_that_audits_the_same(tmp_path, report):
    text = read_document(str(DOC)).toml
    assert text.count("[[parts]]") == 1 and "[parts.model]" in text and "[[parts.claims]]" in text
    path = tmp_path / "two.toml"
    path.write_text(text, encoding="utf-8")
    again = audit(load(str(path)))
    assert again.summary() == report.summary()


def test_show_check_and_derive_take_a_part(capsys):
    assert main(["show", str(DOC), "weights[x1,x1]", "--part", "2", "--digits", "6"]) == 0
    assert "0.952574" in capsys.readouterr().out
    assert main(["show", str(DOC), "weights[sun,sun]", "--digits", "6"]) == 0
    err = capsys.readouterr().err
    assert "holds 2 separate computations; this is part 1" in err
    assert main(["check", str(DOC), "--part", "2", "context[x2][2] = -0.9898"]) == 0
    capsys.readouterr()
    assert main(["show", str(DOC), "--part", "3"]) == 2
    assert "there is no part 3" in capsys.readouterr().err


PARTS = """\
title = "two"

[model]
tokens = ["a", "b"]

[model.embeddings]
a = [1, 0]
b = [0, 1]

[[model.layers]]
Wq = "identity"
Wk = "identity"
Wv = "identity"

[[claims]]
values = { "scores[a,a]" = 1 }

[[parts]]
title = "second"

[parts.model]
tokens = ["c", "d"]
scale = "none"

[parts.model.embeddings]
c = [2, 0]
d = [0, 1]

[[parts.model.layers]]
Wq = "identity"
Wk = "identity"
Wv = "identity"

[[parts.claims]]
values = { "scores[c,c]" = 4 }

[[parts.claims]]
values = { "scores[d,d]" = 1 }
"""


def test_a_case_file_may_hold_parts(tmp_path):
    path = tmp_path / "parts.toml"
    path.write_text(PARTS, encoding="utf-8")
    r = audit(load(str(path)))
    assert r.summary()["claims"] == 3 and r.summary()["correct"] == 3
    assert r.case.claim(2).address.step.endswith("scores") and r.names[2] == "scores[d,d]"


@pytest.mark.parametrize("change, want", [
    (("[[parts.model.layers]]\nWq = \"identity\"", "[[parts.model.layers]]\nWq = [[1, 2, 3]]"),
     ["parts.toml:30", "parts[1].model.layers[1].Wq"]),
    (('title = "second"', 'title = "second"\nmodle = 1'), ["unknown key 'modle' in a part", "parts.toml:20"]),
    (('values = { "scores[d,d]" = 1 }', 'values = { "scores[e,e]" = 1 }'), ["parts.toml:38", "parts[1].claims[2]"]),
])
def test_a_bad_part_names_its_file_line_and_key(tmp_path, capsys, change, want):
    path = tmp_path / "parts.toml"
    path.write_text(PARTS.replace(*change), encoding="utf-8")
    assert main(["audit", str(path)]) == 2
    err = capsys.readouterr().err
    for w in want:
        assert w in err, (w, err)


def test_the_locator_counts_arrays_of_tables_inside_each_part():
    loc = Locator(PARTS)
    assert loc.line_of("parts", 0, "claims", 1) == 37
    assert loc.line_of("parts", 0, "model", "layers", 0, "Wq") == 30
    assert loc.line_of("claims", 0) == 15
