"""Addresses of quantities (case-format.md and model.md, "Addresses").

An ``Address`` names one scalar (or, with fewer indices, a row or a whole step):
the step's canonical key (``L1.attn.h1.scores``), 0-based indices, whether it is
the gradient ``grad.`` of that quantity, and the training step ``stepN.`` it is
taken at. It is printed 1-based, as the document's mathematics writes it, by the
graph (which knows the labels). Brackets are read by matching known labels, so a
token named ``a,b]`` is still addressable.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from .steps import AxisKind


@dataclass(frozen=True, slots=True, order=True)
class Address:
    """One quantity: its step's key, 0-based indices, gradient flag and training step. Its hash is computed
    once (addresses key every memo of the engine and the audit)."""

    step: str
    idx: tuple[int, ...] = ()
    grad: bool = False
    t: int = 0
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.step, self.idx, self.grad, self.t)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Address):
            return NotImplemented
        return self._hash == other._hash and self.step == other.step and self.idx == other.idx and \
            self.grad == other.grad and self.t == other.t

    def with_idx(self, *more: int) -> Address:
        return Address(self.step, self.idx + more, self.grad, self.t)

    def at(self, *, grad: bool | None = None, t: int | None = None) -> Address:
        return Address(self.step, self.idx, self.grad if grad is None else grad, self.t if t is None else t)


@lru_cache(maxsize=256)
def label_index(labels: tuple[str, ...]) -> dict[str, int]:
    """Each label to its position; the first occurrence also answers to ``t#1`` (shared: do not modify)."""
    out = {lab: k for k, lab in enumerate(labels)}
    for k, lab in enumerate(labels):
        if "#" not in lab and f"{lab}#1" not in out:
            out[f"{lab}#1"] = k
    return out


def axis_label(axes: tuple[AxisKind, ...], labels: tuple[tuple[str, ...] | None, ...], k: int,
               i: int) -> tuple[str, bool]:
    """How index i of axis k is written, and whether that is a label (鬼, に#2) rather than a 1-based number:
    the one rule every printer (addresses, LaTeX, MathML, tables) follows."""
    names = labels[k]
    if axes[k] is AxisKind.INDEX or names is None:
        return str(i + 1), False
    return names[i], True


def format_indices(axes: tuple[AxisKind, ...], labels: tuple[tuple[str, ...] | None, ...],
                   idx: tuple[int, ...]) -> str:
    """``[鬼,金棒][1]`` for a pair step (two leading positions), ``[鬼][2]`` otherwise."""
    parts = [axis_label(axes, labels, k, i)[0] for k, i in enumerate(idx)]
    if is_pair(axes) and len(parts) >= 2:
        return f"[{parts[0]},{parts[1]}]" + "".join(f"[{p}]" for p in parts[2:])
    return "".join(f"[{p}]" for p in parts)


def is_pair(axes: tuple[AxisKind, ...]) -> bool:
    return len(axes) >= 2 and axes[0] is AxisKind.POS and axes[1] is AxisKind.POS


def read_indices(rest: str, axes: tuple[AxisKind, ...],
                 lookups: tuple[dict[str, int] | None, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to read ``rest`` as brackets of the given axes (a prefix of them)."""
    yield from _read(rest, axes, lookups, is_pair(axes))


def _read(rest: str, axes, lookups, pair: bool) -> Iterator[tuple[int, ...]]:
    if not rest.strip():
        yield ()
        return
    rest = rest.lstrip()
    if not axes or rest[0] != "[":
        return
    takes = (2, 1) if pair else (1,)  # a pair step's row, scores[鬼], is a partial address too
    for end in (k for k, ch in enumerate(rest) if ch == "]"):
        inner = rest[1:end]
        for take in takes:
            for first in _inner(inner, axes[:take], lookups[:take]):
                # scores[鬼][金棒] reads as scores[鬼,金棒]; the canonical form is printed
                yield from (first + tail for tail in _read(rest[end + 1:], axes[len(first):],
                                                            lookups[len(first):], False))


def _inner(inner: str, axes, lookups) -> Iterator[tuple[int, ...]]:
    if len(axes) == 1:
        v = _one(inner, axes[0], lookups[0])
        if v is not None:
            yield (v,)
        return
    for cut in (k for k, ch in enumerate(inner) if ch == ","):
        a, b = _one(inner[:cut], axes[0], lookups[0]), _one(inner[cut + 1:], axes[1], lookups[1])
        if a is not None and b is not None:
            yield (a, b)


def _one(s: str, axis: AxisKind, lookup: dict[str, int] | None) -> int | None:
    if axis is not AxisKind.INDEX:
        assert lookup is not None
        return lookup.get(s, lookup.get(s.strip()))
    s = s.strip()
    return int(s) - 1 if s.isdigit() and len(s) < 9 and int(s) >= 1 else None
