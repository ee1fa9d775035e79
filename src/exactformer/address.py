"""Addresses of quantities (case-format.md, "Quantities and their addresses").

An ``Address`` is stored with 0-based indices and printed 1-based, as the
document's mathematics writes it. Tokens are positions in the sequence; a token
that occurs twice is ``に#2`` at its second occurrence. Brackets are read by
matching known labels, so a token named ``a,b]`` is still addressable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import AddressError

# step name -> index kinds: "p" position, "r" weight row, "c" component
SHAPES: dict[str, tuple[str, ...]] = {
    "X": ("p", "c"),
    "Wq": ("r", "c"),
    "Wk": ("r", "c"),
    "Wv": ("r", "c"),
    "Q": ("p", "c"),
    "K": ("p", "c"),
    "V": ("p", "c"),
    "sqrt_dk": (),
    "scores": ("p", "p"),
    "scaled": ("p", "p"),
    "exp": ("p", "p"),
    "expsum": ("p",),
    "weights": ("p", "p"),
    "weighted_v": ("p", "p", "c"),
    "context": ("p", "c"),
}
STEPS = tuple(SHAPES)
GIVEN_STEPS = ("X", "Wq", "Wk", "Wv")
# steps whose first bracket holds two positions
PAIR_STEPS = ("scores", "scaled", "exp", "weights", "weighted_v")

_HEAD = re.compile(r"\s*(?:[Ll](\d+)\.)?([A-Za-z_]+)")


@dataclass(frozen=True, slots=True, order=True)
class Address:
    """One quantity: layer (1-based), step, and its 0-based indices."""

    layer: int
    step: str
    idx: tuple[int, ...] = ()

    @property
    def is_scalar(self) -> bool:
        return len(self.idx) == len(SHAPES[self.step])

    def with_idx(self, *more: int) -> Address:
        return Address(self.layer, self.step, self.idx + more)


def label_index(labels: tuple[str, ...]) -> dict[str, int]:
    """Each label to its position; the first occurrence also answers to ``t#1``."""
    out = {lab: k for k, lab in enumerate(labels)}
    for k, lab in enumerate(labels):
        if "#" not in lab and f"{lab}#1" not in out:
            out[f"{lab}#1"] = k
    return out


def format_address(a: Address, labels: tuple[str, ...], *, layers: int = 1) -> str:
    """Print an address as the spec writes it: ``L2.scores[鬼,金棒]``, ``context[鬼][2]``."""
    kinds = SHAPES[a.step]
    name = a.step if a.layer == 1 else f"L{a.layer}.{a.step}"
    parts = [labels[i] if k == "p" else str(i + 1) for k, i in zip(kinds, a.idx)]
    if a.step in PAIR_STEPS:
        head = ",".join(parts[:2])
        rest = parts[2:]
        return f"{name}[{head}]" + "".join(f"[{p}]" for p in rest) if parts else name
    return name + "".join(f"[{p}]" for p in parts)


def parse_address(text: str, labels: tuple[str, ...], *, n_layers: int) -> Address:
    """Read an address; raises AddressError saying what is wrong with it."""
    lookup = label_index(labels)
    m = _HEAD.match(text)
    if not m:
        raise AddressError(f"{text!r} is not an address (expected e.g. scores[鬼,金棒] or L2.context[鬼][1])")
    layer = int(m.group(1) or 1)
    step = m.group(2)
    if step not in SHAPES:
        raise AddressError(f"unknown step {step!r} in {text!r}; steps are: {', '.join(STEPS)}")
    if not 1 <= layer <= n_layers:
        raise AddressError(f"{text!r}: layer {layer} does not exist (the case has {n_layers})")
    rest = text[m.end():].rstrip()
    kinds = SHAPES[step]
    for idx in _read_brackets(rest, kinds, lookup, step in PAIR_STEPS):
        return Address(layer, step, idx)
    want = format_address(Address(layer, step, tuple(range(len(kinds)))), tuple(labels) or ("t",) * 2)
    raise AddressError(
        f"cannot read {text!r}: expected {step} indexed like {want} "
        f"(tokens: {', '.join(labels)}; components are 1-based)"
    )


def _read_brackets(rest: str, kinds: tuple[str, ...], lookup: dict[str, int], pair: bool):
    """Yield every way to read ``rest`` as brackets of the given kinds (a prefix of them)."""
    if not rest:
        yield ()
        return
    if not kinds or rest[0] != "[":
        return
    takes = (2, 1) if pair else (1,)  # a pair step's row, scores[鬼], is a partial address too
    for end in (k for k, ch in enumerate(rest) if ch == "]"):
        inner = rest[1:end]
        for take in takes:
            for first in _read_inner(inner, kinds[:take], lookup):
                # scores[鬼][金棒] reads as scores[鬼,金棒]; the canonical form is printed
                for tail in _read_brackets(rest[end + 1:], kinds[len(first):], lookup, False):
                    yield first + tail


def _read_inner(inner: str, kinds: tuple[str, ...], lookup: dict[str, int]):
    if len(kinds) == 1:
        v = _one(inner, kinds[0], lookup)
        if v is not None:
            yield (v,)
        return
    for cut in (k for k, ch in enumerate(inner) if ch == ","):
        a, b = _one(inner[:cut], kinds[0], lookup), _one(inner[cut + 1:], kinds[1], lookup)
        if a is not None and b is not None:
            yield (a, b)


def _one(s: str, kind: str, lookup: dict[str, int]) -> int | None:
    if kind == "p":
        got = lookup.get(s, lookup.get(s.strip()))
        return got
    s = s.strip()
    return int(s) - 1 if s.isdigit() and int(s) >= 1 else None
