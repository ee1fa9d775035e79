"""Why a number is wrong (audit.explain): planted slips found and ranked first, every convention on a case of its
own, a typo's intended value carried forward, nothing offered for a correct number, the seed's answers."""

from __future__ import annotations

import copy
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from exactformer.audit.findings import ClaimFinding, Verdict
from exactformer.audit.pipeline import audit
from exactformer.model.graph import Graph
from exactformer.numeric.engine import Engine
from exactformer.read.case import load

from .conftest import DERIVATIONS
from .oracle import forward, mp_funcs, to_toml
from .planted import OPERAND_SLIPS, PLACES, RESULT_SLIPS, chained, conventions_of, digits, make, plant

SEED = next(p for p in DERIVATIONS if p.name == "oni-ni-kanabou.toml")
FULL = next(p for p in DERIVATIONS if p.name == "oni-ni-kanabou-full.toml")
PER_KIND = int(os.environ.get("EXACTFORMER_PLANTED", "10"))

# An operand slip whose result is what a slip in the printed result gives (the formula passes that operand
# through: a sum's addend, the only term of a dot product, a row copied from a neighbouring cell's) is told
# as the printing slip, the simpler story. The test accepts that twin ranked first.
TWIN = {"operand.sign": "result.sign", "operand.digits_swapped": "result.digits_swapped",
        "operand.digit": "result.digit", "operand.other_cell": "result.neighbour_copied"}


def _finding(report, address):
    return next(f for f in report.by_seq.values() if f.claim.address == address)


def test_planted_slips_are_found_and_ranked_first(tmp_path):
    """One slip of each kind planted in one number of random documents (every block kind): the planted
    explanation comes first in at least 90 % of the cases, is offered in at least 95 %, and no correct number
    of any of those documents gets an explanation."""
    first = found = total = 0
    per_kind: Counter = Counter()
    for kind in RESULT_SLIPS + OPERAND_SLIPS:
        planted, seed = 0, 0
        while planted < PER_KIND and seed < 400:
            seed += 1
            doc = make(seed, tmp_path)
            if doc is None:
                continue
            got = plant(doc, kind, random.Random(seed * 31 + len(kind)))
            if got is None:
                continue
            a, printed = got
            report = audit(doc.case({**doc.texts, a: printed}, f"p{seed}.toml"))
            for f in report.by_seq.values():
                if f.verdict is Verdict.CORRECT:
                    assert not f.explained_by and not f.why_not, f
            f = _finding(report, a)
            if f.verdict in (Verdict.CORRECT, Verdict.ROUNDING):
                continue  # the slip happens to print a number the document's own values allow
            planted += 1
            hs = [e.hypothesis for e in f.explained_by]
            total += 1
            if hs and hs[0] in (kind, TWIN.get(kind)):
                first += 1
                per_kind[kind] += 1
            if kind in hs or (hs and hs[0] == TWIN.get(kind)):
                found += 1
        assert planted == PER_KIND, f"{kind}: only {planted} plants in 400 random models"
    assert first >= 0.9 * total, (first, total, per_kind)
    assert found >= 0.95 * total, (found, total)


def test_a_convention_used_throughout_is_ranked_first(tmp_path):
    """A document written under another convention (each of the case's alternatives, drawn at random): its
    wrong numbers are explained first by that convention, or by one that reproduces exactly the same numbers
    (eps 0 and 1e-12 print alike; √d_model = d_k when d_model = 4, d_k = 2)."""
    from exactformer.audit.explain import _fixed

    roots = hits = docs = 0
    for seed in range(1, 60):
        doc = make(seed, tmp_path)
        if doc is None:
            continue
        conv = random.Random(seed).choice(conventions_of(doc))
        alt = Engine(Graph(conv.model, like=doc.g))
        texts = {}
        for a in doc.texts:
            try:
                alt.graph.check(a)
            except Exception:
                continue
            t = _fixed(alt, a, PLACES)
            if t is not None:
                texts[a] = t
        report = audit(doc.case(texts, f"c{seed}.toml"))
        wrong = [f for f in report.by_seq.values() if f.verdict is Verdict.WRONG]
        if not wrong:
            continue
        docs += 1
        for f in wrong:
            roots += 1
            top = f.explained_by[0] if f.explained_by else None
            if top is not None and (top.hypothesis == conv.id or any(
                    e.hypothesis == conv.id and e.explains == top.explains for e in f.explained_by)):
                hits += 1
    assert docs >= 20 and hits >= 0.9 * roots, (docs, hits, roots)


# ---- each convention on a case of its own ----------------------------------------------------------------
BASE = {"tokens": ["a", "b", "c"], "emb": {"a": ["0.9", "0.2", "0.1", "0.5"], "b": ["0.8", "-0.6", "0.1", "0.3"],
                                           "c": ["0.3", "0.9", "-0.4", "0.2"]},
        "vocab": ["a", "b", "c"], "layout": "row", "embed_scale": False,
        "layers": [{"preset": "post_ln",
                    "attn": {"heads": 1, "Wq": [["0.1", "0.2", "0.3", "-0.1"], ["0.3", "0.4", "-0.2", "0.5"],
                                                ["0.5", "-0.6", "0.1", "0.2"], ["0.2", "0.1", "0.7", "-0.3"]],
                             "Wk": [["0.2", "-0.1", "0.4", "0.1"], ["0.0", "0.3", "0.2", "-0.5"],
                                    ["0.4", "0.5", "-0.3", "0.2"], ["-0.2", "0.6", "0.1", "0.3"]],
                             "Wv": [["0.3", "0.7", "-0.1", "0.2"], ["0.5", "0.2", "0.3", "-0.4"],
                                    ["0.6", "0.1", "0.2", "0.5"], ["-0.3", "0.4", "0.6", "0.1"]],
                             "Wo": [["0.5", "-0.2", "0.1", "0.3"], ["0.2", "0.4", "-0.3", "0.1"],
                                    ["-0.1", "0.3", "0.6", "0.2"], ["0.4", "0.1", "0.2", "-0.5"]],
                             "scale": "sqrt_dk", "mask": "none"},
                    "ln1": {"eps": "0.01", "variance": "biased", "eps_at": "var"},
                    "ln2": {"eps": "1e-5", "variance": "biased", "eps_at": "var"},
                    "ffn": {"W1": [["0.1", "-0.2", "0.3"], ["0.4", "0.5", "-0.6"], ["-0.7", "0.8", "0.9"],
                                   ["0.2", "0.1", "-0.3"]],
                            "W2": [["0.3", "0.1", "-0.2", "0.4"], ["-0.5", "0.2", "0.6", "0.1"],
                                   ["0.2", "-0.3", "0.1", "0.5"]], "activation": "gelu"}}],
        "head": "tied", "reduction": "mean", "pos": {"base": "10000", "start": 0, "order": "interleaved"}}


def _variant(path: tuple, value):
    cfg = copy.deepcopy(BASE)
    node = cfg
    for k in path[:-1]:
        node = node[k]
    if value is None:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return cfg


ATTN, LN1 = ("layers", 0, "attn"), ("layers", 0, "ln1")
CONVENTIONS = [  # (hypothesis, the model the document used, the outputs it states)
    ("convention.scale=none", _variant(ATTN + ("scale",), "none"), ("L1.attn",)),
    ("convention.mask=causal", _variant(ATTN + ("mask",), "causal"), ("L1.attn",)),
    ("convention.variance=unbiased", _variant(LN1 + ("variance",), "unbiased"), ("L1.ln1",)),
    ("convention.eps_at=std", _variant(LN1 + ("eps_at",), "std"), ("L1.ln1",)),
    ("convention.eps=0", _variant(LN1 + ("eps",), "0"), ("L1.ln1",)),
    ("convention.activation=gelu_tanh", _variant(("layers", 0, "ffn", "activation"), "gelu_tanh"), ("L1.ffn",)),
    ("convention.reduction=sum", _variant(("reduction",), "sum"), ("loss",)),
    ("convention.pos_order=halves", _variant(("pos", "order"), "halves"), ("in",)),
    ("convention.pos_start=1", _variant(("pos", "start"), 1), ("in",)),
    ("convention.positions=none", _variant(("pos",), None), ("L1.attn",)),
    ("convention.embed_scale=sqrt_dmodel", _variant(("embed_scale",), True), ("L1.attn",)),
]


@pytest.mark.parametrize("hypothesis,cfg,stated", CONVENTIONS, ids=[c[0] for c in CONVENTIONS])
def test_each_convention_on_a_case_of_its_own(hypothesis, cfg, stated, write_case):
    """The document's numbers come from the oracle (NumPy on mpmath, no exactformer code) run under the other
    convention; the case keeps its own. The convention is the first explanation of every wrong number."""
    ref = forward(cfg, mp_funcs(30))
    lines = [to_toml(BASE), "[[claims]]", 'at = "the document"']
    values = []
    for key in stated:
        v = ref[key]
        if getattr(v, "ndim", 0) == 0:
            values.append(f'"{key}" = "{_round(v)}"')
        else:
            for i, row in enumerate(v):
                tok = BASE["tokens"][i]
                values.append(f'"{key}[{tok}]" = [' + ", ".join(f'"{_round(x)}"' for x in row) + "]")
    lines.append("values = { " + ", ".join(values) + " }")
    report = audit(load(write_case("\n".join(lines) + "\n")))
    wrong = [f for f in report.by_seq.values() if f.verdict is Verdict.WRONG]
    assert wrong
    for f in wrong:
        assert f.explained_by and f.explained_by[0].hypothesis == hypothesis, (f.quantity, f.explained_by[:2])


def _round(x) -> str:
    """x (an mpmath number) to PLACES decimals, as a document prints it."""
    import mpmath

    q = int(mpmath.nint(mpmath.mpf(x) * 10 ** PLACES))
    sign = "-" if q < 0 else ""
    whole, frac = divmod(abs(q), 10 ** PLACES)
    return f"{sign}{whole}.{frac:0{PLACES}d}"


HAND = """
title = "hand"
[model]
tokens = ["a", "b"]
[model.embeddings]
"a" = [1, 0]
"b" = [0, 2]
[[model.layers]]
Wq = [[1, 0], [0, 1]]
Wk = [[1, 2], [0, 1]]
Wv = [[1, 0], [1, 1]]
[[claims]]
at = "by hand"
"""


def test_hand_cases_for_scores_transposed_and_the_other_softmax_axis(write_case):
    """Worked by hand: Q = x = [[1,0],[0,2]], K = x·Wk = [[1,2],[0,2]], so Q·Kᵀ = [[1,0],[4,4]] and K·Qᵀ =
    [[1,4],[0,4]]; divided by √2. A document printing K·Qᵀ/√2 is explained by the K·Qᵀ convention, and
    one whose weights sum down each column by the other softmax axis."""
    kq = 'values = { "scaled[a]" = [0.7071, 2.8284], "scaled[b]" = [0.0000, 2.8284] }\n'
    r = audit(load(write_case(HAND + kq)))
    top = {f.quantity: f.explained_by[0].hypothesis for f in r.by_seq.values() if f.verdict is Verdict.WRONG}
    assert set(top.values()) == {"convention.scores=KQ"}, top
    # column softmax of scaled = [[0.7071, 0], [2.8284, 2.8284]]: weights[a][a] = e^0.7071/(e^0.7071 + e^2.8284)
    import math

    s = [[1 / math.sqrt(2), 0.0], [4 / math.sqrt(2), 4 / math.sqrt(2)]]
    col = [[math.exp(s[i][j]) / sum(math.exp(s[k][j]) for k in range(2)) for j in range(2)] for i in range(2)]
    w = ", ".join(f'"weights[{t}]" = [{col[i][0]:.4f}, {col[i][1]:.4f}]' for i, t in enumerate("ab"))
    r = audit(load(write_case(HAND + f"values = {{ {w} }}\n", "cols.toml")))
    top = {f.quantity: f.explained_by[0].hypothesis for f in r.by_seq.values() if f.verdict is Verdict.WRONG}
    assert top and set(top.values()) == {"convention.softmax_axis=columns"}, top


def test_hand_case_for_the_update_order(write_case):
    """The classic 2-2-2 network (tests/cases/backprop-2-2-2.toml) trained one step: its hidden weights after a
    sequential update (the output weights updated first, then used for the hidden gradients) are explained by
    convention.update=sequential when the case says simultaneous."""
    from pathlib import Path

    simultaneous = (Path(__file__).parent / "cases" / "backprop-2-2-2.toml").read_text(encoding="utf-8")
    assert "update" not in simultaneous  # the default: every weight updated at once
    text = simultaneous.replace("[train]\n", '[train]\nupdate = "sequential"\n')
    seq_case = load(write_case(text, "seq.toml"))
    g = seq_case.engine.graph
    from exactformer.model.address import Address

    hidden = next(s for s in g.params if s.layer == 1 and s.spec.name == "W")
    cells = g.scalars(Address(hidden.key).at(t=1))
    from exactformer.audit.explain import _fixed

    items = ", ".join(f'"{g.name(a)}" = "{_fixed(seq_case.engine, a, 8)}"' for a in cells)
    case = load(write_case(simultaneous.split("[[claims]]")[0] + f'[[claims]]\nat = "after one step"\n'
                           f"values = {{ {items} }}\n", "sim.toml"))
    r = audit(case)
    wrong = [f for f in r.by_seq.values() if f.verdict is Verdict.WRONG]
    assert wrong and all(f.explained_by[0].hypothesis == "convention.update=sequential" for f in wrong), \
        [(f.quantity, f.explained_by[:1]) for f in wrong]


# ---- the intended value, carried forward ------------------------------------------------------------------------
def test_a_typo_does_not_make_the_honest_numbers_after_it_wrong(tmp_path):
    """Documents that compute each table from their own printed numbers, with two adjacent digits of one
    number swapped: the typo is explained as such, and no number computed after it from the intended value is
    a root cause (without the search, some are)."""
    typos = later = later_without = explained = 0
    for seed in range(1, 26):
        doc = make(seed, tmp_path)
        texts = chained(doc) if doc is not None else None
        if texts is None:
            continue
        rnd = random.Random(seed)
        cands = [a for a, t in texts.items() if digits(t) >= 3 and doc.g.formula(a).kind.name != "given"]
        rnd.shuffle(cands)
        for a in cands[:3]:
            t = texts[a]
            sign, (ip, fp) = ("-" if t.startswith("-") else ""), t.lstrip("-").split(".")
            pairs = [i for i in range(len(fp) - 1) if fp[i] != fp[i + 1]]
            if not pairs:
                continue
            i = pairs[0]
            case = doc.case({**texts, a: f"{sign}{ip}.{fp[:i]}{fp[i + 1]}{fp[i]}{fp[i + 2:]}"}, f"t{seed}.toml")
            r = audit(case)
            f = _finding(r, a)
            if f.verdict in (Verdict.CORRECT, Verdict.ROUNDING):
                continue
            typos += 1
            explained += bool(f.explained_by and f.explained_by[0].hypothesis == "result.digits_swapped")
            later += sum(1 for g in r.by_seq.values() if g.verdict is Verdict.WRONG and g.claim.address != a)
            r0 = audit(doc.case(case_texts(case), f"u{seed}.toml"), explain=False)
            later_without += sum(1 for g in r0.by_seq.values() if g.verdict is Verdict.WRONG and g.claim.address != a)
    assert typos >= 40 and explained >= 0.9 * typos, (typos, explained)
    assert later == 0 and later_without > 0, (later, later_without)


def case_texts(case):
    return {c.address: c.number.text for c in case.claims}


# ---- the seed ---------------------------------------------------------------------------------------------------
def test_the_seed_says_what_explains_each_wrong_number():
    """The seed's QK table: scores[金棒,鬼] = 0.0764 is 0.0774 with one digit wrong, and its 金棒 row's 0.1654 is
    0.1644 mis-printed; the other wrong scores fit no single slip or convention (the blog's arithmetic slips
    are in the products it does not print), and the report says what was checked."""
    r = audit(load(SEED))
    by = {f.quantity: f for f in r.by_seq.values() if f.verdict is Verdict.WRONG}
    assert by["scores[金棒,鬼]"].explained_by[0].detail == "one digit is wrong: 0.0774 was meant (7 printed as 6)"
    assert by["scores[金棒,猫]"].explained_by[0].hypothesis == "result.digit"
    unexplained = by["scores[金棒,小判]"]
    assert not unexplained.explained_by
    assert unexplained.why_not.startswith("no single slip or convention reproduces 0.3991 (checked: ")
    assert unexplained.why_not.endswith("conventions; the printed digits; slips in K[小判], Q[金棒])")


def test_the_continued_seed_names_its_planted_slips():
    r = audit(load(FULL))
    by = {f.quantity: f for f in r.by_seq.values() if f.verdict is Verdict.WRONG}
    assert by["L1.ln1.var[鬼]"].explained_by[0].hypothesis == "convention.variance=unbiased"
    assert by["probs[金棒][小判]"].explained_by[0].detail == "the digits 6 and 9 are swapped: 0.0960 was meant"


def test_explanations_in_json_and_text(tmp_path):
    from exactformer.report.data import report_json

    out = report_json(audit(load(FULL)))
    f = next(x for x in out["findings"] if x.get("quantity") == "probs[金棒][小判]")
    e = f["explained_by"][0]
    assert e["hypothesis"] == "result.digits_swapped" and e["explains"] == ["probs[金棒][小判]"]
    assert set(e) == {"hypothesis", "detail", "recomputed", "explains"}
    assert f["intended"] == "0.0960"


# ---- the search is bounded (issue 17.5) -----------------------------------------------------------------------
def _deep_case(tmp_path, layers: int):
    """Attention-only layers over two tokens, and one wrong claim in the last layer."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from cases import attention_case

    p = attention_case(tmp_path / "deep.toml", 2, 2, layers)
    e = load(p).engine
    exact = e.decimal(e.graph.parse(f"L{layers}.context[t0][1]"), 8).rstrip("…")
    wrong = exact[:6] + str((int(exact[6]) + 5) % 10)
    p.write_text(p.read_text(encoding="utf-8") + f'\n[[claims]]\nat = "end"\n'
                 f'values = {{ "L{layers}.context[t0][1]" = {wrong} }}\n', encoding="utf-8")
    return load(p)


def test_the_search_for_why_has_a_budget_and_says_what_it_left_out(tmp_path, monkeypatch):
    """With no floor, a 40-layer case's 300-odd conventions do not all fit the budget (the audit's own cost):
    the report says which were not searched, and so does the unexplained claim; nothing is silent."""
    from exactformer.audit import explain
    from exactformer.report.data import report_json

    monkeypatch.setattr(explain, "BUDGET_FLOOR", 0)
    rep = audit(_deep_case(tmp_path, 40))
    assert rep.not_searched is not None and rep.not_searched.startswith("not searched")
    assert "conventions" in rep.not_searched
    f = next(f for f in rep.findings if isinstance(f, ClaimFinding))
    assert f.verdict is Verdict.WRONG
    assert f.explained_by or "not searched:" in (f.why_not or "")
    assert report_json(rep)["not_searched"] == rep.not_searched


def test_every_bundled_case_is_searched_whole():
    """The budget's floor covers every bundled case: their reports say nothing about a search left out."""
    for p in DERIVATIONS:
        assert audit(load(p)).not_searched is None, p


def test_a_convention_model_shares_the_layers_before_its_first_change(tmp_path):
    """Graph(…, keep=k) takes the case's first k layers as they are (the very steps) and builds the rest:
    every value equals the model built whole."""
    from exactformer.model.conventions import conventions

    case = _deep_case(tmp_path, 4)
    g = case.engine.graph
    conv = next(c for c in conventions(g.model) if c.since == ("L3.attn.",))
    whole, shared = Graph(conv.model, like=g), Graph(conv.model, like=g, keep=2)
    assert shared.step("L2.out") is g.step("L2.out") and list(shared.steps) == list(whole.steps)
    a, b = Engine(whole), Engine(shared)
    for x in whole.scalars(whole.parse("L4.context")):
        assert a.decimal(x, 30) == b.decimal(x, 30)


def _explanations(report):
    return {s: [(e.hypothesis, e.detail, e.recomputed) for e in f.explained_by] for s, f in report.by_seq.items()}


def _operand_digit_case(tmp_path):
    """The 2-2-2 network with h stated right and o.net[x][1] computed from h[x][1] = 0.593299992 (a 6 read as
    a 9): 0.4 · 0.593299992 + 0.45 · 0.596884378 + 0.6 = 1.1059179669."""
    from fractions import Fraction
    base = (Path(__file__).parent / "cases" / "backprop-2-2-2.toml").read_text(encoding="utf-8").split("[names]")[0]
    net = Fraction(4, 10) * Fraction("0.593299992") + Fraction(45, 100) * Fraction("0.596884378") + Fraction(6, 10)
    assert round(net, 9) == Fraction("1.105917967")
    p = tmp_path / "operand.toml"
    p.write_text(base + '[[claims]]\nat = "forward"\nvalues = { "L1.h[x][1]" = 0.593269992, '
                 '"L1.h[x][2]" = 0.596884378, "L1.o.net[x][1]" = 1.105917967 }\n', encoding="utf-8")
    return p


@pytest.mark.parametrize("case", [FULL, "layernorm-backward-no-eps.toml", "operand"])
def test_the_pruned_digit_search_finds_what_trying_every_digit_finds(case, monkeypatch, tmp_path):
    """Operand slips: the digit places past the first range over which R certainly misses, and groups of
    neighbouring digits whose range misses, are not tried one by one (``_Trial.live_places``, ``_Trial.digits``)
    and each trial re-evaluates only the formulas that read the operand changed (``Program.rerun``). The
    answers are those of the plain search: every place, every digit, the whole program each time."""
    from exactformer.audit import audit as A
    from exactformer.audit import explain as E

    path = case if isinstance(case, Path) else _operand_digit_case(tmp_path) if case == "operand" else \
        Path(__file__).parent / "cases" / case
    pruned = _explanations(audit(load(path)))
    if case == "operand":
        assert any(h == "operand.digit" and "0.593299992" in d for es in pruned.values() for h, d, _ in es), pruned
    monkeypatch.setattr(E._Trial, "live_places", lambda self, m, spans: len(spans))
    monkeypatch.setattr(E._Trial, "digits", lambda self, m, cands: [
        (c, self.with_values({m: E.Interval.point(E._value(c))})) for c in cands])

    def whole(self, backend, base, changed):
        vals = list(base[:len(self.leaves)])
        for k, v in changed.items():
            vals[k] = v
        return self.run(backend, vals)
    monkeypatch.setattr(A.Program, "rerun", whole)
    assert _explanations(audit(load(path))) == pruned


def test_no_unbiased_variance_is_tried_on_one_component(write_case):
    """A LayerNorm of one-component rows (x − μ = 0, so y = β): the unbiased variance would divide by
    d − 1 = 0. A wrong claim there is searched under the other conventions, and the audit does not crash."""
    case = write_case('[model]\ntokens = ["a", "b"]\n[model.embeddings]\na = ["2"]\nb = ["3"]\n'
                      '[[model.layers]]\nblocks = ["ln"]\n[model.layers.ln]\neps = "0"\n'
                      '[[claims]]\nvalues = { "ln.mean[a]" = "2", "ln.mean[b]" = "3.7" }\n')
    r = audit(load(case))
    verdicts = {f.quantity: f.verdict for f in r.by_seq.values()}
    assert verdicts == {"ln.mean[a]": Verdict.CORRECT, "ln.mean[b]": Verdict.WRONG}, verdicts
    tried = [h.hypothesis for f in r.by_seq.values() for h in f.explained_by]
    assert "convention.variance=unbiased" not in tried
