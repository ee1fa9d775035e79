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

from ..errors import ExactformerError
from ..model.address import Address
from ..model.graph import Graph
from ..model.values import Model, Number
from .ball import _truncate, precision, start_for
from .engine import Engine, Numeric


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


class PrecisionExhausted(ExactformerError):
    """A watched value that no precision up to the bound certifies to the digits asked (a diverging run)."""

    def __init__(self, name: str, step: int, sig: int, bits: int, known: int) -> None:
        super().__init__(
            f"training lost its certified digits: {name} at step {step} is known to only {known} of the {sig} "
            f"significant digits asked, even at {bits} bits (the precision bound)\n"
            "  hint:     the run diverges there; train fewer --steps, with a smaller --lr, or ask fewer --digits")
        self.name, self.step, self.bits = name, step, bits


BOUND = 32768  # bits: the most a training run may climb to (a diverging run loses bits at every step)


class Rows:
    """The certified rows of a run, one per step (0 = before any update), each given as soon as it is known,
    so a caller can stream them (Ctrl-C keeps what was given).

    The run starts at the precision the digits need. Rounding errors grow from step to step (every step's balls
    come from the steps before), so the first value too wide to print starts the run again, at a precision that
    the bits lost so far say will last the whole run (at least twice as many bits), up to ``bound`` bits: past
    it, PrecisionExhausted names the value and the step. The rows already given are certain and are not given
    again. A value of step 0 on a digit boundary (a given such as 0.4) is settled exactly. Never a ball, never
    NaN. ``precision`` is the highest precision used."""

    def __init__(self, g: Graph, watch: list[Address], steps: int, sig: int = 12,
                 progress: Callable[[int, int], None] | None = None, bound: int = BOUND) -> None:
        self.g, self.watch, self.steps, self.sig, self.progress, self.bound = g, watch, steps, sig, progress, bound
        self.names = tuple(g.name(a) for a in watch)
        self.precision = start_for(sig, grad=True)

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        done = 0
        exact = None
        settled: dict[int, str] = {}  # watched values of step 0 settled exactly
        while True:
            prec = self.precision
            failed = None
            for t, row in enumerate(_run(self.g, self.watch, self.steps, prec, self.sig, self.progress, settled)):
                if isinstance(row, _TooWide):
                    failed = row
                    break
                if t >= done:
                    done += 1
                    yield tuple(row)
            if failed is None:
                return
            t, k, b = failed.step, failed.k, failed.ball
            if t == 0 and b.is_finite():
                if exact is None:
                    exact = Engine(self.g)
                settled[k] = exact.decimal(self.watch[k].at(t=0), self.sig)
                continue
            if prec >= self.bound:
                raise PrecisionExhausted(self.g.name(self.watch[k]), t, self.sig, prec, _known_digits(b))
            want = prec * (self.steps + 1) // max(t, 1) * 5 // 4
            self.precision = min(self.bound, max(2 * prec, want))


def train(g: Graph, watch: list[Address], steps: int, sig: int = 12,
          progress: Callable[[int, int], None] | None = None, bound: int = BOUND) -> Run:
    """Run ``steps`` updates, certifying every watched value to ``sig`` significant digits (see Rows)."""
    rows = Rows(g, watch, steps, sig, progress, bound)
    values = tuple(rows)
    return Run(tuple(watch), rows.names, values, rows.precision)


@dataclass(frozen=True)
class _TooWide:
    """The first watched value too wide to print at a precision: its step, its place in the watch list, its ball."""

    step: int
    k: int
    ball: arb


def _run(g: Graph, watch: list[Address], steps: int, prec: int, sig: int, progress,
         settled: dict[int, str]) -> Iterator[list[str] | _TooWide]:
    """The certified rows, one per step, until (and ending with) the first value too wide at ``prec``."""
    n = Numeric(g)
    params = n.params(prec, 0)
    need_grads = any(a.grad for a in watch)
    for t in range(steps + 1):
        vals = n.forward(prec, params=params)
        grads = None
        if t < steps or need_grads:
            grads, new = n.step(prec, vals, full=need_grads)  # (a watched gradient: all of them)
            params = new
        row = []
        for k, a in enumerate(watch):
            b = n.value(vals, grads, a.at(t=0), prec)
            text = settled[k] if not t and k in settled else _digits(b, sig, prec)
            if text is None:
                yield _TooWide(t, k, b)
                return
            row.append(text)
        yield row
        if progress is not None:
            progress(t, steps)


def _known_digits(b: arb) -> int:
    """How many significant digits a ball still certifies (0 for NaN or a ball around zero)."""
    if not b.is_finite():
        return 0
    return max(0, int(b.rel_accuracy_bits()) * 3 // 10)


def _digits(b: arb, sig: int, prec: int) -> str | None:
    """The first ``sig`` digits the ball determines, or None when it is too wide."""
    if b.is_zero():
        return "0"
    if not b.is_finite():
        return None
    with precision(prec + 64):
        return _truncate(b, sig)
