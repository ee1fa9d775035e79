"""Addresses: 1-based components, repeated tokens, layers, heads, prefixes, and hostile token names."""

from __future__ import annotations

import pytest

from exactformer.errors import AddressError
from exactformer.read.case import load

from .conftest import case_text

W = [[1, 0], [0, 1]]


@pytest.fixture
def g(write_case):
    text = case_text(["鬼", "に", "金棒", "に"], {"鬼": [1, 0], "に": [0, 1], "金棒": [1, 1]},
                     [{"Wq": W, "Wk": W, "Wv": W}, {"Wq": W, "Wk": W, "Wv": [[1, 0, 1], [0, 1, 1]]}])
    return load(write_case(text)).engine.graph


@pytest.mark.parametrize("text,key,idx", [
    ("scores[鬼,金棒]", "L1.attn.h1.scores", (0, 2)),
    ("context[に#2][2]", "L1.attn.h1.context", (3, 1)),
    ("context[に#1][1]", "L1.attn.h1.context", (1, 0)),
    ("L2.weights[鬼,に]", "L2.attn.h1.weights", (0, 1)),
    ("weighted_v[鬼,に#2][1]", "L1.attn.h1.weighted_v", (0, 3, 0)),
    ("Wq[2][2]", "L1.attn.h1.Wq", (1, 1)),
    ("sqrt_dk", "L1.attn.h1.sqrt_dk", ()),
    ("context[鬼]", "L1.attn.h1.context", (0,)),
    ("scores[金棒]", "L1.attn.h1.scores", (2,)),
    ("scores[鬼][金棒]", "L1.attn.h1.scores", (0, 2)),
    ("weighted_v[鬼][に#2][1]", "L1.attn.h1.weighted_v", (0, 3, 0)),
    ("scores[鬼, 金棒]", "L1.attn.h1.scores", (0, 2)),
    ("L1.attn.h1.scores[鬼,金棒]", "L1.attn.h1.scores", (0, 2)),
    ("L1.h1.scores[鬼,金棒]", "L1.attn.h1.scores", (0, 2)),
    ("L2.out[鬼][3]", "L2.attn.h1.context", (0, 2)),
    ("E[金棒][2]", "E", (2, 1)),
    ("X[に#2][1]", "X", (3, 0)),
])
def test_parse_and_format_round_trip(g, text, key, idx):
    """Each address reads to its step and indices and prints back canonically (L1., h1. omitted, #1 normalised)."""
    a = g.parse(text)
    assert (a.step, a.idx) == (key, idx)
    assert g.parse(g.name(a)) == a


def test_canonical_names(g):
    """The canonical name is the shortest spelling the spec allows, its layer kept when there is more than one
    (issue 19.5: out[鬼] would read as the model's output)."""
    assert g.name(g.parse("L1.attn.h1.scores[鬼,に#2]")) == "L1.scores[鬼,に#2]"
    assert g.name(g.parse("L2.attn.h1.Wv[1][3]")) == "L2.Wv[1][3]"


def test_hostile_labels(write_case):
    """Token names with brackets and commas are still addressable, by matching known labels."""
    labels = ["a,b]", "[x", "\\input{/etc/hostname}"]
    text = case_text(labels, {t: [1] for t in labels}, [{"Wq": [[1]], "Wk": [[1]], "Wv": [[1]]}])
    g = load(write_case(text)).engine.graph
    assert g.parse("scores[a,b],[x]").idx == (0, 1)
    assert g.parse("context[\\input{/etc/hostname}][1]").idx == (2, 0)


@pytest.mark.parametrize("text,msg", [("scores[鬼,犬]", "cannot read"), ("L3.scores[鬼,鬼]", "unknown step"),
                                      ("softmax[鬼,鬼]", "unknown step"), ("context[鬼][0]", "cannot read"),
                                      ("grad.scores[鬼,鬼]", "needs a loss"), ("step1.scores[鬼,鬼]", "needs training"),
                                      ("scroes[鬼,鬼]", "did you mean scores")])
def test_bad_addresses(g, text, msg):
    """A bad address says what is wrong with it."""
    with pytest.raises(AddressError, match=msg):
        g.parse(text)
