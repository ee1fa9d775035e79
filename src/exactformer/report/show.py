"""``exactformer show``: quantities as formula, substitution, closed form and decimal, or as tables."""

from __future__ import annotations

from rich.table import Table

from ..model.address import Address
from ..model.steps import AxisKind
from ..numeric.ball import SymbolicValue
from ..numeric.engine import Engine, UndefinedValue
from .term import text


def value_text(engine: Engine, a: Address, sig: int) -> str:
    """A decimal; for a value that depends on a symbol, its closed form; for an undefined one, why."""
    try:
        return engine.decimal(a, sig)
    except SymbolicValue:
        return engine.closed_form(a)
    except UndefinedValue:
        return "undefined"


def value_texts(engine: Engine, cells: list[Address], sig: int) -> list[str]:
    """``value_text`` of many cells, their decimals computed together (Engine.decimals)."""
    return [v if v is not None else value_text(engine, a, sig) for a, v in zip(cells, engine.decimals(cells, sig))]


def json_items(engine: Engine, addresses: list[Address], sig: int):
    """json_values' entries, a step at a time (what a large model's ``show --format json`` streams)."""
    g = engine.graph
    for a in addresses:
        cells = g.scalars(a)
        for b, name, v in zip(cells, g.cell_names(cells), engine.decimals(cells, sig)):
            if v is not None:
                yield name, v
                continue
            try:
                yield name, engine.decimal(b, sig)
            except SymbolicValue as e:
                yield name, {"closed_form": engine.closed_form(b), "symbols": sorted(e.symbols)}
            except UndefinedValue as e:
                yield name, {"undefined": e.why}


def json_values(engine: Engine, addresses: list[Address], sig: int) -> dict:
    """One flat object: each scalar address to a decimal string (a symbolic value: its closed form and symbols)."""
    return dict(json_items(engine, addresses, sig))


def json_text(values: dict) -> str:
    """``json.dumps(values, ensure_ascii=False, indent=1)`` of json_values' flat object, byte for byte."""
    return "".join(json_chunks(values.items()))


def json_chunks(items):
    """json_text in pieces, entry by entry with the C string encoder (the indenting encoder is pure Python:
    seconds for a million values), so a large model's values are written as they come, never held at once.
    A name given twice is written once, with its first value (the addresses asked may overlap)."""
    import json
    from json.encoder import encode_basestring as enc  # what ensure_ascii=False writes a string with

    seen: set[str] = set()
    lines: list[str] = []
    started = False
    for k, v in items:
        if k in seen:
            continue
        seen.add(k)
        lines.append(" " + enc(k) + ": " + (enc(v) if isinstance(v, str) else
                                            json.dumps(v, ensure_ascii=False, indent=1).replace("\n", "\n ")))
        if len(lines) >= 4096:
            yield (",\n" if started else "{\n") + ",\n".join(lines)
            started, lines = True, []
    if not seen:
        yield "{}"
        return
    if lines:
        yield (",\n" if started else "{\n") + ",\n".join(lines)
    yield "\n}"


def scalar_block(engine: Engine, a: Address, sig: int) -> Table:
    """Formula, numbers substituted, exact closed form, decimal (and the symbols, if any)."""
    g = engine.graph
    t = Table(title=text(g.name(a), "bold"), title_justify="left", show_header=False, box=None, padding=(0, 2))
    t.add_column(style="dim")
    t.add_column()
    f = g.formula(a)
    if f.kind.name != "given":
        t.add_row("formula", text(engine.formula_text(a)))
    try:
        t.add_row("substituted", text(engine.substituted_text(a, sig)))
        t.add_row("exact", text(engine.closed_form(a)))
        syms = engine.symbols(a)
    except UndefinedValue as e:
        t.add_row("undefined", text(e.why))
        return t
    if syms:
        t.add_row("symbols", text(", ".join(sorted(syms)) + " (no decimal value)"))
    else:
        t.add_row("decimal", text(value_text(engine, a, sig), "bold"))
    return t


def step_table(engine: Engine, a: Address, sig: int) -> Table:
    """A row or a whole step as a table: rows by its first index (two for a 3-index step), columns by its last."""
    g = engine.graph
    s = g.step(a.step)
    name = g.name(a)
    t = Table(title=text(name, "bold"), title_justify="left")
    if not s.dims:
        t.add_column("value", justify="right", overflow="fold")
        t.add_row(text(value_text(engine, a, sig)))
        return t

    def lab(axis: int, i: int) -> str:
        labels = s.labels[axis]
        return labels[i] if s.spec.axes[axis] is not AxisKind.INDEX and labels else str(i + 1)

    nrow_axes = len(s.dims) - 1 if len(s.dims) > 1 else 0
    rows: dict[tuple, list[Address]] = {}
    all_cells = g.scalars(a)
    for b in all_cells:
        rows.setdefault(b.idx[:nrow_axes], []).append(b)
    t.add_column(",".join("i" if s.spec.axes[k] is not AxisKind.INDEX else "r" for k in range(nrow_axes)) or "")
    last = len(s.dims) - 1
    cols = sorted({b.idx[last] for cells in rows.values() for b in cells})
    for c in cols:
        t.add_column(text(lab(last, c)), justify="right", overflow="fold")
    shown = dict(zip(all_cells, value_texts(engine, all_cells, sig)))
    for key, cells in rows.items():
        by_col = {b.idx[last]: b for b in cells}
        head = ",".join(lab(k, i) for k, i in enumerate(key))
        t.add_row(text(head), *[text(shown[by_col[c]]) if c in by_col else text("—") for c in cols])
    return t


def everything(engine: Engine) -> list[Address]:
    """Every step of the model, in the order it is computed."""
    return [Address(s.key) for s in engine.graph.steps.values() if s.spec.name != "cos"]
