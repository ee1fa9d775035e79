"""Certified training: the loss and the watched quantities at every step of gradient descent.

Each step is one certified forward pass, one backward pass and one update of the trainable givens (exact
rational learning rate, simultaneous or sequential), all on balls, so thousands of steps stay cheap where
closed forms would be out of reach. When a value at the end is not known to the digits asked, the whole run
is repeated at a higher precision: every printed digit is certain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from flint import arb

from ..model.address import Address
from ..model.graph import Graph
from ..model.values import Model, Number
from .ball import PRECISIONS, _truncate, precision, start_for
from .engine import Numeric


@dataclass(frozen=True)
class Run:
    """The certified values of the watched quantities, one row per step (0 = before any update)."""

    watch: tuple[Address, ...]
    names: tuple[str, ...]
    values: tuple[tuple[str, ...], ...]  # [step][watched]: certified decimals
    precision: int


def retrain(model: Model, steps: int | None = None, lr: Number | None = None) -> Model:
    """The same model with another number of steps or learning rate."""
    assert model.train is not None
    train = model.train
    if steps is not None:
        train = replace(train, steps=steps)
    if lr is not None:
        train = replace(train, lr=lr)
    return replace(model, train=train)


def default_watch(g: Graph) -> list[Address]:
    """The loss and, with an output head, the cosine of each pair of rows of the last layer's output."""
    out = [g.parse("loss")]
    if g.model.head is not None:
        labels = g.labels
        last = g.name(Address(g.last.key))
        for i in range(len(labels)):
            for j in range(i + 1, len(labels)):
                out.append(g.parse(f"cos({last}[{labels[i]}], {last}[{labels[j]}])"))
    return out


class Rows:
    """The certified rows of a run, one per step (0 = before any update), each given as soon as it is known.

    A row whose values are not known to the digits asked makes the run start again at a higher precision;
    the rows already given are certain and are not given again. ``precision`` is the highest precision used.
    """

    def __init__(self, g: Graph, watch: list[Address], steps: int, sig: int = 12,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.g, self.watch, self.steps, self.sig, self.progress = g, watch, steps, sig, progress
        self.names = tuple(g.name(a) for a in watch)
        self.precision = start_for(sig, grad=True)

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        done = 0
        while True:
            prec = self.precision
            for t, row in enumerate(_run(self.g, self.watch, self.steps, prec, self.progress)):
                if t < done:
                    continue
                texts = [_digits(b, self.sig, prec) for b in row]
                if any(x is None for x in texts) and prec < PRECISIONS[-1]:
                    break
                done += 1
                yield tuple(x if x is not None else b.str(self.sig) for x, b in zip(texts, row))
            else:
                return
            self.precision = next(p for p in PRECISIONS if p > prec)


def train(g: Graph, watch: list[Address], steps: int, sig: int = 12,
          progress: Callable[[int, int], None] | None = None) -> Run:
    """Run ``steps`` updates, certifying every watched value to ``sig`` significant digits."""
    rows = Rows(g, watch, steps, sig, progress)
    values = tuple(rows)
    return Run(tuple(watch), rows.names, values, rows.precision)


def _run(g: Graph, watch: list[Address], steps: int, prec: int, progress) -> Iterator[list[arb]]:
    n = Numeric(g)
    params = n.params(prec, 0)
    need_grads = any(a.grad for a in watch)
    for t in range(steps + 1):
        vals = n.forward(prec, params=params)
        grads = None
        if t < steps or need_grads:
            grads, new = n.step(prec, vals)
            params = new
        yield [n.value(vals, grads, a.at(t=0), prec) for a in watch]
        if progress is not None:
            progress(t, steps)


def _digits(b: arb, sig: int, prec: int) -> str | None:
    """The first ``sig`` digits the ball determines, or None when it is too wide."""
    if b.is_zero():
        return "0"
    if not b.is_finite():
        return None
    with precision(prec + 64):
        return _truncate(b, sig)
