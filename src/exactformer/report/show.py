"""``exactformer show``: quantities as formula, substitution, closed form and decimal, or as tables."""

from __future__ import annotations

from rich.table import Table

from ..exact import expr as X
from ..model.address import Address
from ..model.steps import AxisKind
from ..numeric.ball import SymbolicValue, decimal_parts
from ..numeric.engine import Engine, UndefinedValue
from .term import text


def value_text(engine: Engine, a: Address, sig: int) -> str:
    """A decimal; for a value that depends on a symbol, its closed form; for an undefined one, why."""
    try:
        return engine.shown_decimal(a, sig)
    except SymbolicValue:
        return engine.closed_form(a)
    except UndefinedValue:
        return "undefined"


SHOW_CHARS = 2000  # a closed form that show prints: past this many characters, with more of its terms named
JSON_ABOUT = "$decimals"  # the key of show's JSON that says how its values were obtained ($ starts no address)


def json_values(engine: Engine, addresses: list[Address], sig: int) -> dict:
    """One flat object: each scalar address to a plain decimal string (a symbolic value: its closed form and
    symbols; an undefined one: why), and under JSON_ABOUT how the decimals were obtained: which are truncated
    and which could not be certified."""
    out: dict = {}
    truncated: list[str] = []
    uncertified: dict[str, str] = {}
    g = engine.graph
    for a in addresses:
        for b in g.scalars(a):
            name = g.name(b)
            try:
                d = decimal_parts(engine.decimal(b, sig))
            except SymbolicValue as e:
                out[name] = {"closed_form": engine.closed_form(b), "symbols": X.natural_order(e.symbols)}
                continue
            except UndefinedValue as e:
                out[name] = {"undefined": e.why}
                continue
            out[name] = d.plain()
            if d.bound is not None:
                uncertified[name] = (f"|x| < 1e{d.bound}: not proved zero or nonzero" if d.digits == "0" else
                                     f"within 1e{d.bound} of this value: no digit boundary could be decided")
            elif d.truncated:
                truncated.append(name)
    out[JSON_ABOUT] = {
        "significant_digits": sig,
        "how": "certified ball arithmetic (python-flint arb) on the exact givens: every digit shown is a digit of "
               "the exact value (except under uncertified, which says what is certain); a value not listed under truncated is exact, one listed is cut after its last "
               "digit (truncated toward zero, not rounded)",
        "truncated": truncated,
        "uncertified": uncertified,
    }
    return out


def title(g, a: Address, written: str | None) -> str:
    """The address as the user wrote it, the canonical one beside it when they differ."""
    name = g.name(a)
    return name if written is None or written.strip() == name else f"{written.strip()} ({name})"


def scalar_block(engine: Engine, a: Address, sig: int, written: str | None = None) -> Table:
    """Formula, numbers substituted, exact closed form, decimal (and the symbols, if any)."""
    g = engine.graph
    t = Table(title=text(title(g, a, written), "bold"), title_justify="left", show_header=False, box=None, padding=(0, 2))
    t.add_column(style="dim")
    t.add_column()
    f = g.formula(a)
    if f.kind.name != "given":
        t.add_row("formula", text(engine.formula_text(a)))
    try:
        t.add_row("substituted", text(engine.substituted_text(a, sig)))
        t.add_row("exact", text(engine.closed_form(a, chars=SHOW_CHARS)))
        syms = engine.symbols(a)
    except UndefinedValue as e:
        t.add_row("undefined", text(e.why))
        return t
    if syms:
        t.add_row("symbols", text(", ".join(X.natural_order(syms)) + " (no decimal value)"))
    else:
        t.add_row("decimal", text(value_text(engine, a, sig), "bold"))
    return t


def step_table(engine: Engine, a: Address, sig: int, written: str | None = None) -> Table:
    """A row or a whole step as a table: rows by its first index (two for a 3-index step), columns by its last."""
    g = engine.graph
    s = g.step(a.step)
    name = title(g, a, written)
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
    for b in g.scalars(a):
        rows.setdefault(b.idx[:nrow_axes], []).append(b)
    t.add_column(",".join("i" if s.spec.axes[k] is not AxisKind.INDEX else "r" for k in range(nrow_axes)) or "")
    last = len(s.dims) - 1
    cols = sorted({b.idx[last] for cells in rows.values() for b in cells})
    for c in cols:
        t.add_column(text(lab(last, c)), justify="right", overflow="fold")
    for key, cells in rows.items():
        by_col = {b.idx[last]: b for b in cells}
        head = ",".join(lab(k, i) for k, i in enumerate(key))
        t.add_row(text(head), *[text(value_text(engine, by_col[c], sig)) if c in by_col else text("—") for c in cols])
    return t


def everything(engine: Engine) -> list[Address]:
    """Every step of the model, in the order it is computed."""
    return [Address(s.key) for s in engine.graph.steps.values() if s.spec.name != "cos"]
