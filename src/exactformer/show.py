"""``exactformer show``: quantities as formula, substitution, closed form and decimal, or as tables."""

from __future__ import annotations

from rich.table import Table

from . import forms
from .address import SHAPES, Address
from .engine import Engine
from .numeric import SymbolicValue
from .term import text


def value_text(engine: Engine, a: Address, sig: int) -> str:
    """A decimal, or for a value that depends on a symbol, its closed form."""
    try:
        return engine.decimal(a, sig)
    except SymbolicValue:
        return engine.closed_form(a)


def json_values(engine: Engine, addresses: list[Address], sig: int) -> dict:
    """One flat object: each scalar address to a decimal string (a symbolic value: its closed form and symbols)."""
    out: dict = {}
    g = engine.graph
    for a in addresses:
        for b in g.scalars(a):
            try:
                out[g.name(b)] = engine.decimal(b, sig)
            except SymbolicValue as e:
                out[g.name(b)] = {"closed_form": engine.closed_form(b), "symbols": sorted(e.symbols)}
    return out


def scalar_block(engine: Engine, a: Address, sig: int) -> Table:
    """Formula, numbers substituted, exact closed form, decimal (and the symbols, if any)."""
    g = engine.graph
    t = Table(title=text(g.name(a), "bold"), title_justify="left", show_header=False, box=None, padding=(0, 2))
    t.add_column(style="dim")
    t.add_column()
    f = g.formula(a)
    if f.kind != "given":
        t.add_row("formula", text(forms.formula_text(g, a)))
    t.add_row("substituted", text(forms.substituted_text(engine, a, sig)))
    t.add_row("exact", text(engine.closed_form(a)))
    syms = engine.symbols(a)
    if syms:
        t.add_row("symbols", text(", ".join(sorted(syms)) + " (no decimal value)"))
    else:
        t.add_row("decimal", text(engine.decimal(a, sig), "bold"))
    return t


def step_table(engine: Engine, a: Address, sig: int) -> Table:
    """A row or a whole step as a table: rows by token (or weight row), columns by token or component."""
    g = engine.graph
    kinds = SHAPES[a.step]
    dims = g.shape(a.layer, a.step)
    name = g.name(a)
    t = Table(title=text(name, "bold"), title_justify="left")
    if not kinds:
        t.add_column("value", justify="right", overflow="fold")
        t.add_row(text(value_text(engine, a, sig)))
        return t
    lab = lambda kind, i: g.labels[i] if kind == "p" else str(i + 1)  # noqa: E731
    col_kind: str | None
    row_keys: list[tuple[int, ...]]
    if a.step == "weighted_v":
        row_keys = [(i, j) for i in range(dims[0]) for j in range(dims[1])]
        row_keys = [k for k in row_keys if k[: len(a.idx)] == a.idx[:2]]
        t.add_column("i,j")
        col_kind, ncols = "c", dims[2]
    else:
        rows = range(dims[0]) if not a.idx else [a.idx[0]]
        row_keys = [(i,) for i in rows]
        t.add_column("")
        col_kind, ncols = (kinds[1], dims[1]) if len(kinds) > 1 else (None, 1)
    for c in range(ncols):
        t.add_column(text(lab(col_kind, c) if col_kind else a.step), justify="right", overflow="fold")
    for key in row_keys:
        head = ",".join(lab(k, i) for k, i in zip(kinds, key))
        cells = []
        for c in range(ncols):
            b = Address(a.layer, a.step, key + ((c,) if col_kind else ()))
            masked = b.step == "exp" and g.model.masked(*b.idx)
            cells.append(text("—" if masked else value_text(engine, b, sig)))
        t.add_row(text(head), *cells)
    return t


def everything(engine: Engine) -> list[Address]:
    """Every step of every layer, in paper order."""
    g = engine.graph
    return [Address(layer, step) for layer in range(1, g.n_layers + 1) for step in g.steps(layer)]
