"""``exactformer show``: quantities as formula, substitution, closed form and decimal, or as tables."""

from __future__ import annotations

import json
import re
from json.encoder import encode_basestring as _enc  # what ensure_ascii=False writes a string with

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


def value_texts(engine: Engine, cells: list[Address], sig: int) -> list[str]:
    """``value_text`` of many cells, their decimals computed together (Engine.decimals)."""
    return [decimal_parts(v).scientific().text() if v is not None else value_text(engine, a, sig)
            for a, v in zip(cells, engine.decimals(cells, sig))]  # shown as shown_decimal shows one


def json_chunks(obj: dict):
    """A flat object's JSON in pieces (as ``json.dumps(obj, ensure_ascii=False, indent=1)`` writes it, byte for
    byte), entry by entry with the C string encoder (the indenting encoder is pure Python: seconds for a million
    values)."""
    enc = _enc
    lines: list[str] = []
    started = False
    for k, v in obj.items():
        lines.append(" " + enc(k) + ": " + (enc(v) if isinstance(v, str) else _indented(v, " ")))
        if len(lines) >= 4096:
            yield (",\n" if started else "{\n") + ",\n".join(lines)
            started, lines = True, []
    if not obj:
        yield "{}"
        return
    if lines:
        yield (",\n" if started else "{\n") + ",\n".join(lines)
    yield "\n}"


def _indented(v, ind: str) -> str:
    """``json.dumps(v, ensure_ascii=False, indent=1)`` nested at indentation ``ind``, byte for byte, with the C
    string encoder for strings, lists and string-keyed objects (JSON_ABOUT lists a million names); anything
    else as json.dumps writes it."""
    enc = _enc
    if isinstance(v, str):
        return enc(v)
    inner = ind + " "
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return "[\n" + ",\n".join(inner + enc(x) for x in v) + "\n" + ind + "]" if v else "[]"
    if isinstance(v, dict) and all(isinstance(k, str) for k in v):
        return "{\n" + ",\n".join(inner + enc(k) + ": " + _indented(x, inner) for k, x in v.items()) + "\n" + ind + \
            "}" if v else "{}"
    return json.dumps(v, ensure_ascii=False, indent=1).replace("\n", "\n" + ind)


def json_values(engine: Engine, addresses: list[Address], sig: int) -> dict:
    """One flat object: each scalar address to a plain decimal string (a symbolic value: its closed form and
    symbols; an undefined one: why), and under JSON_ABOUT how the decimals were obtained: which are truncated
    and which could not be certified."""
    out: dict = {}
    truncated: list[str] = []
    uncertified: dict[str, str] = {}
    g = engine.graph
    for a in addresses:
        idxs = g.scalar_indices(a)
        whole = not a.idx and len(idxs) == g.step(a.step).size  # every cell, in row-major order
        flats = range(len(idxs)) if whole else None
        names = g.all_cell_names(a.step, a.grad, a.t) if whole else g.index_names(a.step, a.grad, a.t, idxs)
        for idx, name, v in zip(idxs, names, engine.step_decimals(a.step, a.grad, a.t, idxs, sig, flats)):
            if v is not None and not v.startswith("≈"):  # the common case, read without taking it apart
                if "…" in v:
                    out[name] = v.replace("…", "")
                    truncated.append(name)
                else:
                    out[name] = v
                continue
            out[name] = _uncommon(engine, Address(a.step, idx, a.grad, a.t), v, sig, name, name, truncated,
                                  uncertified)
    out[JSON_ABOUT] = _about(sig, truncated, uncertified)
    return out


def _uncommon(engine: Engine, b: Address, v: str | None, sig: int, name: str, listed: str, truncated: list[str],
              uncertified: dict[str, str]):
    """The JSON value of a cell that a pass did not give as a plain decimal (``v``: the pass's text, or None), and
    its entry under truncated (as ``listed``) or uncertified."""
    try:
        d = decimal_parts(v if v is not None else engine.decimal(b, sig))
    except SymbolicValue as e:
        return {"closed_form": engine.closed_form(b), "symbols": X.natural_order(e.symbols)}
    except UndefinedValue as e:
        return {"undefined": e.why}
    if d.bound is not None:
        uncertified[name] = (f"|x| < 1e{d.bound}: not proved zero or nonzero" if d.digits == "0" else
                             f"within 1e{d.bound} of this value: no digit boundary could be decided")
    elif d.truncated:
        truncated.append(listed)
    return d.plain()


def _about(sig: int, truncated: list[str], uncertified: dict[str, str]) -> dict:
    return {
        "significant_digits": sig,
        "how": "certified ball arithmetic (python-flint arb) on the exact givens: every digit shown is a digit of "
               "the exact value (except under uncertified, which says what is certain); a value not listed under truncated is exact, one listed is cut after its last "
               "digit (truncated toward zero, not rounded)",
        "truncated": truncated,
        "uncertified": uncertified,
    }


CHUNK_LINES = 65_536  # values json_text writes in one piece
_ESCAPED = re.compile(r'["\\\x00-\x1f]')  # what the JSON string encoder escapes (ensure_ascii=False)


def json_text(engine: Engine, addresses: list[Address], sig: int):
    """``json_chunks(json_values(engine, addresses, sig))`` byte for byte, written a step at a time: no object of
    every value is built (1.4 M values: its entries, and encoding them again, cost more than a second), and a
    plain decimal, which no JSON string escapes, is written as it is. Addresses that name one step twice (whose
    cells the object would write once) go through ``json_values``."""
    g = engine.graph
    plan, heads = [], set()
    for a in addresses:
        idxs = g.scalar_indices(a)
        head = (a.step, a.grad, a.t)
        if head in heads:
            yield from json_chunks(json_values(engine, addresses, sig))
            return
        heads.add(head)
        plan.append((a, idxs))
    truncated: list[str] = []  # the names as JSON writes them, without their quotes
    uncertified: dict[str, str] = {}
    started = False
    for a, idxs in plan:
        whole = not a.idx and len(idxs) == g.step(a.step).size  # every cell, in row-major order
        names = g.all_cell_names(a.step, a.grad, a.t) if whole else g.index_names(a.step, a.grad, a.t, idxs)
        keys = names if not _ESCAPED.search("".join(names)) else [_enc(n)[1:-1] for n in names]
        lines: list[str] = []
        put, cut = lines.append, truncated.append
        for k, v in enumerate(engine.step_decimals(a.step, a.grad, a.t, idxs, sig, range(len(idxs)) if whole else None)):
            if len(lines) >= CHUNK_LINES:  # a large step in pieces (2 M weighted values: 110 MB of text at once)
                yield (",\n" if started else "{\n") + ",\n".join(lines)
                started, lines = True, []
                put = lines.append
            if v is not None and v[0] != "≈":  # the common case, as json_values reads it
                if v[-1] == "…":
                    put(f' "{keys[k]}": "{v[:-1]}"')
                    cut(keys[k])
                elif "…" in v:
                    put(f' "{keys[k]}": "{v.replace("…", "")}"')
                    cut(keys[k])
                else:
                    put(f' "{keys[k]}": "{v}"')
                continue
            x = _uncommon(engine, Address(a.step, idxs[k], a.grad, a.t), v, sig, names[k], keys[k], truncated,
                          uncertified)
            put(" " + _enc(names[k]) + ": " + _indented(x, " "))
        if lines:
            yield (",\n" if started else "{\n") + ",\n".join(lines)
            started = True
        if g.step(a.step).lazy:
            engine.numeric.drop_whole(a.step)  # (weighted_v, its 786,432 balls in the big model: written, not read)
    about_text = _indented(_about(sig, [], uncertified), " ")
    listed = '[\n   "' + '",\n   "'.join(truncated) + '"\n  ]' if truncated else "[]"
    yield (",\n" if started else "{\n") + " " + _enc(JSON_ABOUT) + ": " + \
        about_text.replace('"truncated": []', '"truncated": ' + listed, 1)
    yield "\n}"


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
    all_cells = g.scalars(a)
    for b in all_cells:
        rows.setdefault(b.idx[:nrow_axes], []).append(b)
    shown = dict(zip(all_cells, value_texts(engine, all_cells, sig)))  # one pass per precision for them all
    t.add_column(",".join("i" if s.spec.axes[k] is not AxisKind.INDEX else "r" for k in range(nrow_axes)) or "")
    last = len(s.dims) - 1
    cols = sorted({b.idx[last] for cells in rows.values() for b in cells})
    for c in cols:
        t.add_column(text(lab(last, c)), justify="right", overflow="fold")
    for key, cells in rows.items():
        by_col = {b.idx[last]: b for b in cells}
        head = ",".join(lab(k, i) for k, i in enumerate(key))
        t.add_row(text(head), *[text(shown[by_col[c]]) if c in by_col else text("—") for c in cols])
    return t


def everything(engine: Engine) -> list[Address]:
    """Every step of the model, in the order it is computed."""
    return [Address(s.key) for s in engine.graph.steps.values() if s.listed]
