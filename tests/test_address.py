"""Addresses: 1-based components, repeated tokens, layers, and hostile token names."""

from __future__ import annotations

import pytest

from exactformer.address import Address, format_address, parse_address
from exactformer.errors import AddressError

LABELS = ("鬼", "に", "金棒", "に#2")


@pytest.mark.parametrize("text,want", [
    ("scores[鬼,金棒]", Address(1, "scores", (0, 2))),
    ("context[に#2][2]", Address(1, "context", (3, 1))),
    ("context[に#1][1]", Address(1, "context", (1, 0))),
    ("L2.weights[鬼,に]", Address(2, "weights", (0, 1))),
    ("weighted_v[鬼,に#2][1]", Address(1, "weighted_v", (0, 3, 0))),
    ("Wq[3][2]", Address(1, "Wq", (2, 1))),
    ("sqrt_dk", Address(1, "sqrt_dk", ())),
    ("context[鬼]", Address(1, "context", (0,))),
    ("scores[金棒]", Address(1, "scores", (2,))),
    ("scores[鬼][金棒]", Address(1, "scores", (0, 2))),
    ("weighted_v[鬼][に#2][1]", Address(1, "weighted_v", (0, 3, 0))),
    ("scores[鬼, 金棒]", Address(1, "scores", (0, 2))),
])
def test_parse_and_format_round_trip(text, want):
    """Each address reads to its indices and prints back as written (L1. omitted, #1 normalised)."""
    a = parse_address(text, LABELS, n_layers=2)
    assert a == want
    assert parse_address(format_address(a, LABELS), LABELS, n_layers=2) == a


def test_hostile_labels():
    """Token names with brackets and commas are still addressable, by matching known labels."""
    labels = ("a,b]", "[x", "\\input{/etc/hostname}")
    a = parse_address("scores[a,b],[x]", labels, n_layers=1)
    assert a == Address(1, "scores", (0, 1))
    b = parse_address("context[\\input{/etc/hostname}][1]", labels, n_layers=1)
    assert b == Address(1, "context", (2, 0))


@pytest.mark.parametrize("text,msg", [("scores[鬼,犬]", "cannot read"), ("L3.scores[鬼,鬼]", "layer 3 does not exist"),
                                      ("softmax[鬼,鬼]", "unknown step"), ("context[鬼][0]", "cannot read")])
def test_bad_addresses(text, msg):
    """A bad address says what is wrong with it."""
    with pytest.raises(AddressError, match=msg):
        parse_address(text, LABELS, n_layers=2)
