"""Every complete case in docs/case-files.md loads, shows and audits."""

from __future__ import annotations

import re

import pytest

from exactformer.audit.findings import ClaimFinding, Severity
from exactformer.audit.pipeline import audit
from exactformer.read.case import load

from .conftest import ROOT

GUIDE = (ROOT / "docs" / "case-files.md").read_text(encoding="utf-8")
EXAMPLES = [b for b in re.findall(r"```toml\n(.*?)```", GUIDE, re.S) if b.startswith("title")]


@pytest.mark.parametrize("text", EXAMPLES, ids=[f"example{k + 1}" for k in range(len(EXAMPLES))])
def test_guide_examples_load_and_audit(text, write_case):
    """The guide's examples are real cases: they load, every claim gets a verdict (none undefined), and an
    example without claims still has values to show (its model is built, every step computed)."""
    case = load(write_case(text))
    rep = audit(case)
    assert sorted(rep.by_seq) == [c.seq for c in case.claims]
    assert rep.summary()["undefined"] == 0
    if not case.claims:
        g = case.engine.graph
        assert "[[claims]]" not in text and case.engine.decimal(g.scalars(g.parse("context"))[0], 4)


def test_guide_examples_say_what_their_audit_finds(write_case):
    """The claims example has exactly the one slip the guide describes; the examples of Q, K, V given, of the
    scores given, of W^Q beside K and V given, of the whole transformer, of stated unit outputs and of
    micrograd's graph have none."""
    by_title = {re.match(r'title = "(.*)"', e).group(1): e for e in EXAMPLES}  # type: ignore[union-attr]
    assert len(by_title) == len(EXAMPLES) == 8

    def report(start: str):
        return audit(load(write_case(next(e for title, e in by_title.items() if title.startswith(start)))))

    rep = report("claims of every kind")
    off = [(f.quantity, f.verdict) for f in rep.findings if not isinstance(f, ClaimFinding) or f.verdict != "correct"]
    assert off == [("context[鬼][2]", "last_digit")]
    for start in ("Q, K, V given directly", "the softmax of printed scores", "W^Q stated"):
        assert report(start).worst() is Severity.OK
    whole = report("A whole transformer")  # every claim and trend holds
    assert whole.worst() is Severity.OK and whole.summary()["correct"] == 3 and whole.summary()["trend"] == 1
    stated = report("a 2-2-2 network")  # units taken at their stated outputs: what needs w7 is judged
    assert stated.worst() is Severity.OK and stated.summary()["correct"] == 3
    graph = report("micrograd's neuron")  # node by node, and backward()'s gradients
    assert graph.worst() is Severity.OK and graph.summary()["correct"] == 5


def test_limits_page_states_the_codes_limits():
    """docs/limits.md states the limits the code enforces (file sizes, exponents, steps, digits)."""
    from exactformer.model.values import MAX_STEPS
    from exactformer.numeric.ball import MAX_FUNC_ARGUMENT
    from exactformer.read import grammar
    from exactformer.read.documents import MAX_DOCUMENT_BYTES, MAX_NOTEBOOK_BYTES
    from exactformer.read.toml import MAX_CASE_BYTES

    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    for size in (MAX_CASE_BYTES, MAX_DOCUMENT_BYTES, MAX_NOTEBOOK_BYTES):
        assert f"| {size // 1_000_000} MB |" in page
    assert f"≤ {grammar.MAX_EXPONENT:,}" in page and f"| {grammar.MAX_DIGITS:,} |" in page
    assert f"{grammar.MAX_CHARS:,} characters, nesting {grammar.MAX_DEPTH} deep" in page
    assert f"1 to {MAX_STEPS:,}" in page and f"({MAX_FUNC_ARGUMENT:,})" in page and "image/png" in page
    from exactformer.read.documents.items import MAX_LINES
    from exactformer.read.documents.models import MAX_POSITIONS

    assert f"first {MAX_LINES:,} lines" in page and f"at most\n{MAX_POSITIONS} inputs" in page
