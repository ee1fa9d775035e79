"""A sampling temperature in the output head: softmax(z / T), one T for every row or one per row, its gradients
through the division, and the reader's documents that give logits and temperatures (checked against mpmath at
60 digits and central differences)."""

from __future__ import annotations

import mpmath
import pytest

from exactformer.errors import CaseError
from exactformer.read.case import load
from exactformer.read.documents import read_document

Z = ["2.1", "1.3", "0.4", "-0.6"]
VOCAB = ["cat", "dog", "fish", "bird"]
IDENTITY = "[" + ", ".join("[" + ", ".join('"1"' if i == j else '"0"' for j in range(4)) + "]" for i in range(4)) + "]"


def _case(temperature: str, tokens=("z",), loss: str = "") -> str:
    rows = "\n".join(f'"{t}" = [{", ".join(repr(v).replace(chr(39), chr(34)) for v in Z)}]' for t in tokens)
    return (f'title = "t"\n[model]\ntokens = [{", ".join(chr(34) + t + chr(34) for t in tokens)}]\n'
            f"[model.embeddings]\n{rows}\n[model.head]\nvocab = {VOCAB!r}\nW = {IDENTITY}\n"
            f"temperature = {temperature}\n{loss}").replace("'", '"')


def _dec(case, address: str):
    return mpmath.mpf(case.engine.decimal(case.engine.graph.parse(address), 30).rstrip("…"))


def _softmax(z, T):
    e = [mpmath.e ** (mpmath.mpf(x) / T) for x in z]
    s = sum(e)
    return [x / s for x in e]


def test_one_temperature_divides_every_logit_before_the_softmax():
    mpmath.mp.dps = 60
    case = load("t.toml", _case('"0.7"'))
    g = case.engine.graph
    want = _softmax(Z, mpmath.mpf(7) / 10)
    for v, p in zip(VOCAB, want):
        assert abs(_dec(case, f"probs[z][{v}]") - p) < mpmath.mpf(10) ** -28
    assert case.engine.decimal(g.parse("head.scaled[z][cat]"), 10).startswith("3")  # 2.1 / 0.7 = 3 exactly
    assert case.engine.exactness(g.parse("head.scaled[z][dog]")).name.lower().startswith("rational")


def test_a_temperature_per_row_samples_the_same_logits_at_each():
    mpmath.mp.dps = 60
    case = load("t.toml", _case('{ hot = "2", cold = "1/2" }', tokens=("hot", "cold")))
    for row, T in (("hot", 2), ("cold", mpmath.mpf(1) / 2)):
        p = _softmax(Z, T)[0]
        assert abs(_dec(case, f"probs[{row}][cat]") - p) < mpmath.mpf(10) ** -28


def test_the_gradient_of_the_logits_goes_through_the_temperature():
    """grad.E[z][m] = (p_m − y_m)/T for cross-entropy of softmax(z/T): against central differences of the loss."""
    mpmath.mp.dps = 60
    T = mpmath.mpf(7) / 10
    case = load("t.toml", _case('"0.7"', loss='[model.loss]\nkind = "cross_entropy"\ntargets = { z = "dog" }\n'))

    def loss(z):
        return -mpmath.log(_softmax(z, T)[1])

    h = mpmath.mpf(10) ** -25
    for m in range(4):
        up = [mpmath.mpf(x) + (h if k == m else 0) for k, x in enumerate(Z)]
        down = [mpmath.mpf(x) - (h if k == m else 0) for k, x in enumerate(Z)]
        fd = (loss(up) - loss(down)) / (2 * h)
        got = _dec(case, f"grad.E[z][{m + 1}]")
        assert abs(got - fd) < mpmath.mpf(10) ** -20
    # and the softmax's own gradient, as documents write it: (p − y) of the divided logits
    p_dog = _softmax(Z, T)[1]
    got = _dec(case, "grad.head.scaled[z][dog]")
    assert abs(got - (p_dog - 1)) < mpmath.mpf(10) ** -28


@pytest.mark.parametrize("value, found", [('"0"', "0"), ('"-1"', "-1"), ("{ w = \"1\" }", "w")])
def test_a_temperature_that_is_not_positive_or_names_no_row_is_a_case_error(value, found):
    with pytest.raises(CaseError) as e:
        load("t.toml", _case(value))
    assert "temperature" in str(e.value) and found in str(e.value)


def test_a_document_of_logits_by_word_and_their_softmax_reads_as_the_output_softmax(tmp_path):
    """| word | logit | rows, e^z in a sentence, a sum, then a table of probabilities and the loss of the right
    word: the head over the logits (W = I), every step claimed."""
    doc = tmp_path / "softmax.md"
    doc.write_text("# Softmax by hand\n\n| word | logit |\n|---|---|\n| mat | 2.1 |\n| sofa | 1.3 |\n| roof | 0.4 |\n\n"
                   "So e^2.1 = 8.1662, e^1.3 = 3.6693 and e^0.4 = 1.4918; the sum is "
                   "8.1662 + 3.6693 + 1.4918 = 13.3273.\n\n"
                   "| word | probability |\n|---|---|\n| mat | 0.6127 |\n| sofa | 0.2753 |\n| roof | 0.1119 |\n\n"
                   "The right word is \"mat\", so the loss is -ln(0.6127) = 0.4899.\n", encoding="utf-8")
    r = read_document(str(doc))
    assert 'vocab = ["mat", "sofa", "roof"]' in r.toml
    for claim in ('"probs[z][mat]" = "0.6127"', 'head.exp[z][sofa]', 'of = "head.expsum[z]"', 'of = "loss'):
        assert claim in r.toml, claim


def test_a_document_at_several_temperatures_reads_a_row_for_each(tmp_path):
    """The same logits at T = 1 and T = 0.5, each in a table of z/T, e^(z/T) and p: one row per temperature,
    each table matched to its own row; a renormalised top-k line is no working of any of them."""
    doc = tmp_path / "temps.md"
    doc.write_text("# Temperature\n\nLogits: a 2.0, b 1.0, c 0.5. Temperature T = 1 first, then T = 0.5.\n\n"
                   "| token | logit |\n|---|---|\n| a | 2.0 |\n| b | 1.0 |\n| c | 0.5 |\n\n"
                   "## T = 1\n\n| token | z/T | e^(z/T) | p |\n|---|---|---|---|\n| a | 2 | 7.3891 | 0.6285 |\n"
                   "| b | 1 | 2.7183 | 0.2312 |\n| c | 0.5 | 1.6487 | 0.1402 |\n\n"
                   "## T = 0.5\n\n| token | z/T | e^(z/T) | p |\n|---|---|---|---|\n| a | 4 | 54.5982 | 0.8438 |\n"
                   "| b | 2 | 7.3891 | 0.1142 |\n| c | 1 | 2.7183 | 0.0420 |\n\n"
                   "Keeping the top 2 at T = 1: 0.6285 / 0.8597 = 0.7311.\n", encoding="utf-8")
    r = read_document(str(doc))
    assert 'tokens = ["T=1", "T=0.5"]' in r.toml
    assert '"probs[T=0.5][a]" = "0.8438"' in r.toml and '"probs[T=1][b]" = "0.2312"' in r.toml
    assert "0.6285 / 0.8597 = 0.7311" in r.toml  # still checked as arithmetic …
    line = next(b for b in r.toml.split("[[claims]]") if "0.6285 / 0.8597" in b)
    assert "of =" not in line  # … but claimed as no quantity
