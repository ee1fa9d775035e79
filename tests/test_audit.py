"""The audit: the seed's verdicts, each verdict and finding kind on hand-made cases, properties, JSON."""

from __future__ import annotations

import json
import random
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactformer.audit.findings import ClaimFinding, Severity
from exactformer.audit.pipeline import audit
from exactformer.cli import main
from exactformer.read.case import load
from exactformer.report.data import report_json

from .conftest import ROOT, SEED, case_text, mp_forward


@pytest.fixture(scope="module")
def seed_report():
    return audit(load(SEED))


def claim(report, quantity, at_part):
    hits = [f for f in report.findings if isinstance(f, ClaimFinding) and f.quantity == quantity and at_part in f.claim.at]
    assert hits, (quantity, at_part)
    return hits[0]


def test_seed_qk_table_first_goes_wrong_at_kanabou_oni(seed_report):
    """The QK table's first wrong cell is scores[金棒,鬼]: 0.31·0.22 + 0.46·0.02 = 0.0774, not 0.0764."""
    f = claim(seed_report, "scores[金棒,鬼]", "QK table")
    assert (f.verdict, f.exact, seed_report.closed_form(f), f.off_by) == ("wrong", "0.0774", "387/5000", 10.0)
    first_wrong = next(f for f in seed_report.findings if isinstance(f, ClaimFinding) and f.verdict == "wrong")
    assert first_wrong.quantity == "scores[金棒,鬼]"
    # stated first in the 鬼→鬼 line, then again in the table: one claim, where it was first stated (issue 19.3)
    assert claim(seed_report, "scores[鬼,鬼]", "鬼→鬼 line").verdict == "correct"


def test_seed_scaled_table_inherits_the_wrong_scores(seed_report):
    """0.0764/√2 = 0.05402…: the scaled table is right for the document's wrong score."""
    f = claim(seed_report, "scaled[金棒,鬼]", "scaled table")
    assert f.verdict == "propagated"
    assert [seed_report.names[c.seq] for c in f.caused_by] == ["scores[金棒,鬼]"]
    roots = {seed_report.names[k]: [e.quantity for e in v] for k, v in seed_report.roots.items()}
    assert "scaled[金棒,鬼]" in roots["scores[金棒,鬼]"]
    assert "weights[金棒,鬼]" in roots["scores[金棒,鬼]"]


def test_seed_softmax_divides_by_other_exponentials(seed_report):
    """Step 3 divides 1.0704, 1.0779, 1.2105 although step 1 computed 1.0642, 1.0830, 1.1918."""
    conflicts = {f.quantity: [c.number.text for c in f.claims] for f in seed_report.findings if f.kind == "conflict"}
    assert conflicts["exp[鬼,金棒]"][0] == "1.0642" and conflicts["exp[鬼,金棒]"][-1] == "1.0704"
    assert {"exp[鬼,猫]", "exp[鬼,小判]"} <= set(conflicts)
    assert claim(seed_report, "exp[鬼,金棒]", "step 3").verdict == "wrong"
    assert claim(seed_report, "exp[鬼,金棒]", "step 1").verdict == "correct"
    arith = {f.line: f.evaluates_to for f in seed_report.findings if f.kind == "arithmetic"}
    assert arith["1.0704 / 4.3752 ≈ 0.2432"] == "0.24465167…"
    assert claim(seed_report, "weights[鬼,金棒]", "step 3").verdict == "correct"


def test_seed_rounding_through_its_own_intermediates(seed_report):
    """exp(0.0356) = 1.0362: e^(63√2/2500) = 1.036280…, but e^0.0356 = 1.036241… rounds to 1.0362."""
    f = claim(seed_report, "exp[鬼,鬼]", "step 1")
    assert f.verdict == "rounding" and f.exact.startswith("1.03628083")


def test_seed_final_context_contradicts_walkthrough(seed_report):
    """The walkthrough sums to [0.65, 0.57] (correct); the final table says [0.67, 0.66]."""
    assert claim(seed_report, "context[鬼][1]", "sum").verdict == "correct"
    assert claim(seed_report, "context[鬼][2]", "sum").verdict == "correct"
    assert claim(seed_report, "context[鬼][1]", "final").verdict == "wrong"
    assert {"context[鬼][1]", "context[鬼][2]"} <= {f.quantity for f in seed_report.findings if f.kind == "conflict"}
    assert claim(seed_report, "context[金棒][2]", "final").verdict == "wrong"


# One token, Q = K = V = 1 given directly, scale 3: scores = 1, scaled = 1/3, exp = e^(1/3) = 1.395612…
TINY = case_text(["a"], None, [{"Q": {"a": [1]}, "K": {"a": [1]}, "V": {"a": [1]}}], scale=3)


def verdicts(write_case, claims: str) -> list[tuple[str, str]]:
    rep = audit(load(write_case(TINY + claims)))
    return [(f.quantity if isinstance(f, ClaimFinding) else f.kind, f.verdict if isinstance(f, ClaimFinding) else f.kind)
            for f in rep.findings]


def test_verdict_correct(write_case):
    """scaled = 1/3 = 0.333…: 0.33 holds."""
    assert verdicts(write_case, '[[claims]]\nvalues = { "scaled[a,a]" = 0.33 }\n') == [("scaled[a,a]", "correct")]


def test_verdict_rounding(write_case):
    """exp claimed 1.391 after scaled 0.33: e^0.33 = 1.39097 rounds to it; e^(1/3) = 1.39561 does not."""
    got = verdicts(write_case, '[[claims]]\nvalues = { "scaled[a,a]" = 0.33, "exp[a,a]" = 1.391 }\n')
    assert ("exp[a,a]", "rounding") in got


def test_verdict_propagated(write_case):
    """scaled claimed 0.30 (wrong), then exp 1.350 = e^0.30 rounded: right for the wrong input."""
    rep = audit(load(write_case(TINY + '[[claims]]\nvalues = { "scaled[a,a]" = 0.30, "exp[a,a]" = 1.350 }\n')))
    f = next(f for f in rep.findings if f.quantity == "exp[a,a]")
    assert f.verdict == "propagated" and [rep.names[c.seq] for c in f.caused_by] == ["scaled[a,a]"]
    assert f.severity is Severity.ERROR  # follows its cause


def test_a_percentage_restating_a_finer_number_leaves_that_number_as_the_documents_value(write_case):
    """scaled claimed 0.3340 (wrong), restated as "33%", then exp 1.3965 = e^0.3340: the author carried 0.3340,
    which 33 % only restates, so exp is propagated from the slip (33 % alone would make it mere rounding)."""
    rep = audit(load(write_case(TINY + '[[claims]]\nvalues = { "scaled[a,a]" = 0.3340 }\n'
                                         '[[claims]]\nvalues = { "scaled[a,a]" = "33%" }\n'
                                         '[[claims]]\nvalues = { "exp[a,a]" = 1.3965 }\n')))
    f = next(f for f in rep.findings if f.quantity == "exp[a,a]")
    assert f.verdict == "propagated" and [c.number.text for c in f.caused_by] == ["0.3340"]


def test_a_number_rounded_and_then_worked_with_stays_the_rounded_one(write_case):
    """scaled claimed 0.3340, then 0.33, then exp 1.391 = e^0.33: the author rounded and went on from 0.33 (and
    0.33 is right to its digits), so exp is rounding, not judged from 0.3340."""
    rep = audit(load(write_case(TINY + '[[claims]]\nvalues = { "scaled[a,a]" = 0.3340 }\n'
                                         '[[claims]]\nvalues = { "scaled[a,a]" = 0.33 }\n'
                                         '[[claims]]\nvalues = { "exp[a,a]" = 1.391 }\n')))
    assert next(f for f in rep.findings if f.quantity == "exp[a,a]").verdict == "rounding"


def test_verdict_last_digit(write_case):
    """exp claimed 1.397: e^(1/3) = 1.3956…, 1.39 units of the last digit away."""
    assert verdicts(write_case, '[[claims]]\nvalues = { "exp[a,a]" = 1.397 }\n') == [("exp[a,a]", "last_digit")]


def test_a_last_digit_off_by_one_needs_three_digits_or_a_cut(write_case):
    """scores = 1 exactly: 2 is one off, but a whole number is exact, so it is a slip; 1.01 and 0.999 may be a value
    near 1 worked from rounded numbers: a last digit off by one. Of one or two digits only a cut is, and 1 cut is 1.0:
    0.99 and 1.1 are slips. scaled = 1/3: 0.334 is a last digit off; 0.34 is 1/3 rounded the wrong way at two
    digits, a slip, and 0.3 is 1/3 rounded."""
    for text, verdict in (("2", "wrong"), ("1.01", "last_digit"), ("0.999", "last_digit"), ("0.99", "wrong"),
                          ("1.1", "wrong")):
        got = verdicts(write_case, f'[[claims]]\nvalues = {{ "scores[a,a]" = {text} }}\n')
        assert got == [("scores[a,a]", verdict)], text
    for text, verdict in (("0.334", "last_digit"), ("0.34", "wrong")):
        got = verdicts(write_case, f'[[claims]]\nvalues = {{ "scaled[a,a]" = {text} }}\n')
        assert got == [("scaled[a,a]", verdict)], text


def test_verdict_wrong(write_case):
    """exp claimed 1.7: three units of 0.1 from 1.3956…, and no stated input explains it."""
    assert verdicts(write_case, '[[claims]]\nvalues = { "exp[a,a]" = 1.7 }\n') == [("exp[a,a]", "wrong")]


def test_conflict(write_case):
    """exp stated as 1.396 and later 1.41: [1.3955, 1.3965] and [1.405, 1.415] do not meet."""
    got = verdicts(write_case, '[[claims]]\nat = "one"\nvalues = { "exp[a,a]" = 1.396 }\n'
                               '[[claims]]\nat = "two"\nvalues = { "exp[a,a]" = 1.41 }\n')
    assert ("conflict", "conflict") in got


def test_carried_digits_although_false_as_written(write_case):
    """exp(0.33) = 1.396: e^0.33 = 1.39097…, but 0.33 stands for [0.325, 0.335] and e^0.3333… = 1.3956
    rounds to 1.396: the author carried more digits than written, a note, not an error."""
    rep = audit(load(write_case(TINY + '[[claims]]\nwork = [{ of = "exp[a,a]", line = "exp(0.33) = 1.396" }]\n')))
    kinds = {(f.kind, getattr(f, "verdict", None)) for f in rep.findings}
    assert ("carried_digits", None) in kinds and ("correct", "correct") in kinds
    a = next(f for f in rep.findings if f.kind == "carried_digits")
    assert a.evaluates_to == "1.3909681…" and a.reported == "1.396" and a.severity is Severity.NOTE


def test_a_repeated_operand_takes_one_value(write_case):
    """Issue 19.1: 2.0 stands twice in exp(2.0)/(exp(2.0)+exp(1.0)+exp(0.5)); with one value in [1.95, 2.05]
    the quotient stays in [0.6049, 0.6516], so ≈ 0.59 is false working (two independent values reach it)."""
    def kinds(result: str) -> set[str]:
        line = f"exp(2.0)/(exp(2.0)+exp(1.0)+exp(0.5)) ≈ {result}"
        rep = audit(load(write_case(TINY + f'[[claims]]\nwork = [{{ line = "{line}" }}]\n')))
        return {f.kind for f in rep.findings}

    assert "arithmetic" in kinds("0.59") and "carried_digits" not in kinds("0.59")
    assert "carried_digits" in kinds("0.61") and "arithmetic" not in kinds("0.61")
    assert "arithmetic" in kinds("0.66")


def test_arithmetic_false_for_any_operand_within_its_digits(write_case):
    """exp(0.33) = 1.41: no operand in [0.325, 0.335] gets there (e^0.335 = 1.3979…): false working."""
    rep = audit(load(write_case(TINY + '[[claims]]\nwork = [{ line = "exp(0.33) = 1.41" }]\n')))
    a = [f for f in rep.findings if f.kind == "arithmetic"]
    assert len(a) == 1 and a[0].evaluates_to == "1.3909681…" and a[0].reported == "1.41"


def test_unmatched(write_case):
    """A line of weights[a,a] written as a product does not fit exp/expsum: a warning, still checked."""
    rep = audit(load(write_case(TINY + '[[claims]]\nwork = [{ of = "weights[a,a]", line = "0.5 × 2 = 1" }]\n')))
    assert [f.kind for f in rep.findings if not isinstance(f, ClaimFinding)] == ["unmatched"]
    assert [f.verdict for f in rep.findings if isinstance(f, ClaimFinding)] == ["correct"]  # weights of one token: 1


def test_exit_status(write_case, capsys):
    """0 with no error; 1 with an error; warnings count only with --strict."""
    ok = write_case(TINY + '[[claims]]\nvalues = { "exp[a,a]" = 1.396 }\n', "ok.toml")
    warn = write_case(TINY + '[[claims]]\nvalues = { "exp[a,a]" = 1.397 }\n', "warn.toml")
    bad = write_case(TINY + '[[claims]]\nvalues = { "exp[a,a]" = 1.7 }\n', "bad.toml")
    assert main(["audit", str(ok)]) == 0
    assert main(["audit", str(warn)]) == 0
    assert main(["audit", str(warn), "--strict"]) == 1
    assert main(["audit", str(bad)]) == 1
    capsys.readouterr()


def test_json_has_every_field_of_the_spec(seed_report):
    """The JSON report carries audit.md's fields, with exact values to at least 12 digits."""
    j = report_json(seed_report)
    assert {"claims", "correct", "rounding", "propagated", "last_digit", "wrong", "conflict", "arithmetic",
            "unmatched"} <= set(j["summary"])
    claims = [f for f in j["findings"] if f["kind"] == "claim"]
    again = [f for f in claims if "restates" in f]  # an operand repeating a claim: listed, judged with it
    assert j["summary"]["claims"] == len(claims) - len(again) and j["summary"]["restated"] == len(again) > 0
    first = {(f["quantity"], f["reported"], f.get("source_line")): f for f in claims if "restates" not in f}
    for f in again:
        stated = first[(f["quantity"], f["reported"], f["restates"].get("source_line"))]
        assert f["role"] == "operand" and f["verdict"] == stated["verdict"] and f["exact"] == stated["exact"]
    by = {}
    for f in j["findings"]:
        by.setdefault(f["kind"], f)
    assert {"kind", "quantity", "at", "reported", "exact", "closed_form", "verdict", "off_by_last_digits",
            "caused_by"} <= set(by["claim"])
    assert {"kind", "quantity", "values"} <= set(by["conflict"])
    assert {"reported", "at"} <= set(by["conflict"]["values"][0])
    assert {"kind", "at", "line", "evaluates_to", "reported"} <= set(by["arithmetic"])
    for f in j["findings"]:
        if f["kind"] == "claim" and f["exact"].endswith("…"):
            assert sum(ch.isdigit() for ch in f["exact"].lstrip("0.")) >= 12
    json.dumps(j, ensure_ascii=False)


def _rounded(x, k: int, mode) -> str:
    return str(Decimal(str(x)).quantize(Decimal(1).scaleb(-k), rounding=mode))


@st.composite
def claimed_case(draw):
    n = draw(st.integers(1, 4))
    d = draw(st.integers(1, 3))
    dk, dv = draw(st.integers(1, 3)), draw(st.integers(1, 2))
    dec = st.integers(-9, 9).map(lambda k: f"{k / 10:.1f}")
    mat = lambda r, c: draw(st.lists(st.lists(dec, min_size=c, max_size=c), min_size=r, max_size=r))  # noqa: E731
    layer = {"Wq": mat(d, dk), "Wk": mat(d, dk), "Wv": mat(d, dv)}
    return n, mat(n, d), layer, draw(st.booleans()), draw(st.randoms(use_true_random=False))


def _claims_from(ref, tokens, causal, rnd: random.Random) -> tuple[str, list]:
    """Tables of correctly rounded values, each at a random precision 0..6, ties rounded either way."""
    lines, where = [], []
    for step in ("Q", "K", "V", "scores", "scaled", "exp", "expsum", "weights", "context"):
        k = rnd.randint(0, 6)
        mode = rnd.choice([ROUND_HALF_UP, ROUND_HALF_DOWN])
        rows = []
        for i, t in enumerate(tokens):
            if step == "expsum":
                rows.append(f'"{t}" = {_rounded(ref[step][i], k, mode)}')
                continue
            vals = ref[step][i]
            if step == "exp" and causal:
                vals = vals[: i + 1]
            rows.append(f'"{t}" = [' + ", ".join(_rounded(v, k, mode) for v in vals) + "]")
        lines.append(f'[[claims]]\nat = "{step} table"\n{step} = {{ ' + ", ".join(rows) + " }\n")
        where.append(step)
    return "".join(lines), where


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(claimed_case())
def test_correctly_rounded_claims_are_all_correct(write_case, cc):
    """Claims that are the exact values correctly rounded (0–6 decimals, ties either way) are all correct."""
    n, emb, layer, causal, rnd = cc
    tokens = [f"t{i}" for i in range(n)]
    ref = mp_forward(emb, [layer], causal=causal)[0]
    claims, _ = _claims_from(ref, tokens, causal, rnd)
    text = case_text(tokens, dict(zip(tokens, emb)), [layer], mask="causal" if causal else "none", claims=claims)
    rep = audit(load(write_case(text)))
    bad = [(f.quantity, f.claim.number.text, f.exact) for f in rep.findings
           if isinstance(f, ClaimFinding) and f.verdict not in ("correct", "coarse")]
    assert not bad
    coarse = [f for f in rep.findings if isinstance(f, ClaimFinding) and f.verdict == "coarse"]
    # only a number with fewer digits than the value's own scale is coarse (0 for 0.0192, 1 for 0.68)
    assert all(abs(f.claim.number.rational) <= 1 and f.claim.number.decimals is not None and
               abs(float(f.exact.rstrip("…"))) < 10.0 ** -f.claim.number.decimals for f in coarse)
    assert rep.worst() is (Severity.WARNING if coarse else Severity.OK)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(claimed_case(), st.data())
def test_one_changed_digit_is_never_correct(write_case, cc, data):
    """Change one digit of one correctly rounded claim (the last one by at least 2): never judged correct."""
    n, emb, layer, causal, rnd = cc
    tokens = [f"t{i}" for i in range(n)]
    ref = mp_forward(emb, [layer], causal=causal)[0]
    claims, _ = _claims_from(ref, tokens, causal, rnd)
    text = case_text(tokens, dict(zip(tokens, emb)), [layer], mask="causal" if causal else "none", claims=claims)
    case = load(write_case(text))
    c = data.draw(st.sampled_from(case.claims))
    s = c.number.text
    digits = [k for k, ch in enumerate(s) if ch.isdigit()]
    pos = data.draw(st.sampled_from(digits))
    delta = data.draw(st.integers(2, 8) if pos == digits[-1] else st.integers(1, 9))
    new = s[:pos] + str((int(s[pos]) + delta) % 10) + s[pos + 1:]
    import dataclasses

    from exactformer.read.claims import claims_from_items

    name = case.engine.graph.name(c.address)
    cs, w, u, errors = claims_from_items(case.engine, [f"{name} = {new}"], None)
    assert not errors
    rep = audit(dataclasses.replace(case, claims=cs, work=w, unmatched=u))
    assert rep.findings[0].verdict != "correct", (name, s, new, rep.findings[0].exact)


def test_exact_form_claims_and_their_conflicts(write_case):
    """√2 for sqrt_dk and √2/2 for scaled[a,a] are exactly right; √2 against 1.5 is a conflict."""
    base = case_text(["a", "b"], {"a": [1, 0], "b": [0, 1]}, [{"Wq": [[1, 0], [0, 1]], "Wk": [[1, 0], [0, 1]],
                                                              "Wv": [[1, 0], [0, 1]]}])
    ok = audit(load(write_case(base + '[[claims]]\nvalues = { "sqrt_dk" = "√2", "scaled[a,a]" = "√2/2" }\n'
                                        '[[claims]]\nvalues = { "sqrt_dk" = 1.4142 }\n', "ok.toml")))
    assert [f.verdict for f in ok.findings] == ["correct"] * 3
    bad = audit(load(write_case(base + '[[claims]]\nvalues = { "sqrt_dk" = "√2" }\n'
                                         '[[claims]]\nvalues = { "sqrt_dk" = 1.5 }\n', "bad.toml")))
    assert "conflict" in [f.kind for f in bad.findings]


def test_work_line_written_result_first(write_case):
    """'1.391 ≈ exp(0.33)' reads like 'exp(0.33) ≈ 1.391': operand scaled = 0.33, result exp = 1.391."""
    rep = audit(load(write_case(TINY + '[[claims]]\nwork = [{ of = "exp[a,a]", line = "1.391 ≈ exp(0.33)" }]\n')))
    got = {(f.quantity, f.claim.role, f.verdict) for f in rep.findings if isinstance(f, ClaimFinding)}
    assert got == {("scaled[a,a]", "operand", "correct"), ("exp[a,a]", "result", "rounding")}
    assert not [f for f in rep.findings if not isinstance(f, ClaimFinding)]


SEED_DIRECT = """
title = "the seed, transcribed another way: Q, K, V as printed, no scaled table"
[model]
tokens = ["鬼", "金棒", "猫", "小判"]
[[model.layers]]
Q = { "鬼" = [0.20, 0.32], "金棒" = [0.31, 0.46], "猫" = [0.35, 0.48], "小判" = [0.63, 0.82] }
K = { "鬼" = [0.22, 0.02], "金棒" = [0.20, 0.15], "猫" = [0.10, 0.29], "小判" = [0.36, 0.55] }
V = { "鬼" = [0.43, 0.68], "金棒" = [0.60, 0.69], "猫" = [0.60, 0.40], "小判" = [0.94, 0.51] }
[[claims]]
at = "QK"
scores = { "金棒" = [0.0764, 0.1271, 0.1654, 0.3991] }
[[claims]]
at = "weights"
values = { "weights[金棒]" = [0.2295, 0.2378, 0.2444, 0.2883], "weights[鬼,鬼]" = "2.368e-01" }
"""


def test_an_independent_transcription_agrees(write_case):
    """Given Q/K/V directly and no scaled table, the weights of row 金棒 are blamed on the wrong scores."""
    rep = audit(load(write_case(SEED_DIRECT)))
    v = {(f.quantity): f for f in rep.findings if isinstance(f, ClaimFinding)}
    assert v["scores[金棒,鬼]"].verdict == "wrong" and v["scores[金棒,鬼]"].exact == "0.0774"
    w = v["weights[金棒,鬼]"]
    assert w.verdict == "propagated"
    assert {rep.names[c.seq] for c in w.caused_by} == {"scores[金棒,鬼]", "scores[金棒,金棒]", "scores[金棒,猫]",
                                                       "scores[金棒,小判]"}
    assert v["weights[鬼,鬼]"].verdict == "last_digit"  # 0.236853… is 0.2369, the seed's own 0.2368 is a slip


def test_a_stated_number_reused_is_one_claim_and_its_line_fits_the_convention():
    """Issue 19.3: the continued seed's variance line (… /2 = 0.4838) and √0.4838 ≈ 0.6956 state 0.4838 once:
    one wrong row for ln1.var[鬼], two slips in all; the line, which divides by d − 1, is matched under the
    unbiased variance that explains it, not reported unmatched."""
    rep = audit(load(ROOT / "derivations" / "oni-ni-kanabou-full.toml"))
    var = [f for f in rep.findings if isinstance(f, ClaimFinding) and f.quantity.endswith("ln1.var[鬼]")]
    assert len(var) == 1 and var[0].verdict == "wrong"
    assert var[0].explained_by[0].hypothesis == "convention.variance=unbiased"
    assert rep.summary()["wrong"] == 2 and rep.summary()["unmatched"] == 0


NAMES = """title = "names"
[model]
tokens = ["a", "b"]
[model.embeddings]
a = [0.5, 0.1]
b = [0.2, 0.7]
[[model.layers]]
Wq = [[1, 0], [0, 1]]
Wk = [[1, 0], [0, 1]]
Wv = [[1, 0], [0, 1]]
[[model.layers]]
Wq = [[1, 0], [0, 1]]
Wk = [[1, 0], [0, 1]]
Wv = [[1, 0], [0, 1]]
[[claims]]
at = "t"
"L1.in" = { a = [0.5, 0.1] }
values = { "L2.scores[a,b]" = 0.9 }
"""


def test_claims_keep_the_address_they_were_written_with(write_case):
    """Issue 19.5: a claim written L1.in is reported as L1.in (X beside it), in text and JSON; with more than
    one layer the canonical names keep their layer (L1.ln1.var, not ln1.var)."""
    from exactformer.report.data import report_json

    rep = audit(load(write_case(NAMES)))
    shown = [f.row(rep)[0] for f in rep.findings if isinstance(f, ClaimFinding)]
    assert "L1.in[a][1] (X[a][1])" in shown and "L2.scores[a,b]" in shown
    got = {(f["quantity"], f.get("written")) for f in report_json(rep)["findings"] if f["kind"] == "claim"}
    assert ("X[a][1]", "L1.in[a][1]") in got and ("L2.scores[a,b]", None) in got
    full = audit(load(ROOT / "derivations" / "oni-ni-kanabou-full.toml"))
    assert any(f.quantity == "L1.ln1.var[鬼]" for f in full.findings if isinstance(f, ClaimFinding))


def test_root_causes_are_errors_and_warnings_have_their_own_list(capsys):
    """Issue 19.6: the seed's ±1 last digits are not root causes; they are listed as warnings; the units column
    says what it is measured against."""
    main(["audit", str(SEED)])
    out = capsys.readouterr().out
    roots, rest = out.split("Root causes")[1].split("Last digits off by one")
    assert "±1" not in roots and "✗" in roots
    assert "±1 scaled[鬼,金棒] = 0.0623" in rest.split("\n\n")[0]
    assert "off vs exact" in out


def test_givens_printed_rounded_are_the_intervals_of_their_digits(write_case):
    """model.md 6b: Q, K, V of random weights printed to 3 decimals, the scores and context printed from the
    unrounded values (NumPy float64). Taken exactly, most of them look wrong; taken as rounded, each is
    `rounding`, and a real slip (0.05 added to one score) is still `wrong`."""
    import numpy as np

    rng = np.random.default_rng(3)
    q, k, v = (rng.normal(0, 0.5, (3, 2)) for _ in range(3))
    s = q @ k.T / np.sqrt(2)
    a = np.exp(s)
    a /= a.sum(1, keepdims=True)
    c = a @ v
    toks = ["a", "b", "c"]

    def rows(m):
        return "{ " + ", ".join(f'{t} = [{", ".join(f"{x:.3f}" for x in r)}]' for t, r in zip(toks, m)) + " }"

    stated = [f'"scaled[{toks[i]},{toks[j]}]" = "{s[i, j] + (0.05 if (i, j) == (2, 1) else 0):.4f}"'
              for i in range(3) for j in range(3)]
    stated += [f'"context[{toks[i]}][{m + 1}]" = "{c[i, m]:.4f}"' for i in range(3) for m in range(2)]
    text = (f'title = "rounded"\n[model]\ntokens = ["a", "b", "c"]\nGIVENS\n[[model.layers]]\nQ = {rows(q)}\n'
            f'K = {rows(k)}\nV = {rows(v)}\n[[claims]]\nat = "t"\nvalues = {{ {", ".join(stated)} }}\n')
    exact = audit(load(write_case(text.replace("GIVENS\n", ""))))
    assert exact.summary()["wrong"] >= 5
    rep = audit(load(write_case(text.replace("GIVENS", 'givens = "rounded"'))))
    got = {f.quantity: f.verdict.value for f in rep.findings if isinstance(f, ClaimFinding)}
    assert got.pop("scaled[c,b]") == "wrong"
    assert set(got.values()) <= {"correct", "rounding"} and "rounding" in got.values()
    assert report_json(rep)["rounded_givens"] == ["Q", "K", "V"]


def test_a_line_beyond_the_model_claims_its_own_arithmetic(write_case):
    """of = "arithmetic": each number the line states is a claim of its arithmetic (correct, rounding when carried
    digits reach it, wrong otherwise; never ±1), counted among the claims, with no false-working finding besides."""
    def judged(result: str):
        line = f"exp(2.0)/(exp(2.0)+exp(1.0)+exp(0.5)) ≈ {result}"
        rep = audit(load(write_case(TINY + f'[[claims]]\nwork = [{{ of = "arithmetic", line = "{line}" }}]\n')))
        kinds = {f.kind for f in rep.findings}
        assert "arithmetic" not in kinds and "carried_digits" not in kinds and rep.summary()["claims"] == 1
        (f,) = [f for f in rep.findings if f.json(rep)["quantity"] == "arithmetic"]
        return f.verdict.value

    assert judged("0.6285") == "correct" and judged("0.61") == "rounding"
    assert judged("0.59") == "wrong" and judged("0.66") == "wrong"


def test_a_line_beyond_the_model_worked_from_a_wrong_number_is_propagated(write_case):
    """A line whose arithmetic holds on an operand the document stated wrong on an earlier line is propagated
    (right for that number only); a line that repeats no wrong number is correct."""
    rep = audit(load(write_case(TINY + '[[claims]]\nwork = [{ of = "arithmetic", line = "0.5 × 0.4 = 0.3" }]\n'
                                '[[claims]]\nwork = [{ of = "arithmetic", line = "0.3 + 0.1 = 0.4" },'
                                ' { of = "arithmetic", line = "0.2 + 0.1 = 0.3" }]\n')))
    got = [(f.line, f.verdict.value) for f in rep.findings if f.json(rep)["quantity"] == "arithmetic"]
    assert sorted(got) == [("0.2 + 0.1 = 0.3", "correct"), ("0.3 + 0.1 = 0.4", "propagated"),
                           ("0.5 × 0.4 = 0.3", "wrong")], got
