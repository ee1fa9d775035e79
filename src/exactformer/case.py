"""Load a case file (case-format.md) into frozen values, or fail with a CaseError."""

from __future__ import annotations

import tomllib
from decimal import Decimal, InvalidOperation
from pathlib import Path

from . import exact as X
from . import grammar
from .errors import CaseError, ParseError
from .locate import Locator
from .model import Case, Layer, Matrix, Model, Number, Position

MODEL_KEYS = {"tokens", "scale", "mask", "embeddings", "layers"}
LAYER_KEYS = {"Wq", "Wk", "Wv", "Q", "K", "V"}


class Reader:
    """Reads values out of a parsed case, raising errors that know their file and line."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.loc = Locator(text)

    def fail(self, message: str, key: tuple, *, expected=None, found=None, hint=None) -> CaseError:
        dotted = ".".join(str(k) if not isinstance(k, int) else f"[{k + 1}]" for k in key).replace(".[", "[")
        return CaseError(message, file=self.path, line=self.loc.line_of(*key), key=dotted or None,
                         expected=expected, found=found, hint=hint)

    def number(self, v, key: tuple, *, symbols: bool = True) -> Number:
        """A number exactly as written: TOML int/float (read as Decimal) or a number string."""
        expected = 'a number such as 0.25, "1/3", "√2" or "6.3e-02"' + (", or a symbol name" if symbols else "")
        if isinstance(v, bool) or not isinstance(v, (int, Decimal, str)):
            raise self.fail("not a number", key, expected=expected, found=_show(v))
        if isinstance(v, int):
            if abs(v) >= 10 ** grammar.MAX_DIGITS:
                raise self.fail("integer too large", key, expected=expected, found=_show(v))
            return Number(X.const(v), str(v), 0)
        if isinstance(v, Decimal):
            if not v.is_finite():
                raise self.fail("not a finite number", key, expected=expected, found=str(v).lower())
            v = str(v)
        text = v.strip()
        if grammar.IDENTIFIER.match(text) and text not in grammar.RESERVED:
            if not symbols:
                raise self.fail("a symbol is not allowed here", key, expected=expected, found=repr(v))
            return Number(X.Sym(text), text, None)
        try:
            node = grammar.parse_expression(text)
            value = grammar.evaluate(node)
        except ParseError as e:
            raise self.fail(f"cannot read this number: {e.message}", key, expected=expected, found=repr(v)) from None
        except (ZeroDivisionError, ValueError, InvalidOperation) as e:
            raise self.fail(f"cannot read this number: {e}", key, expected=expected, found=repr(v)) from None
        if isinstance(value, tuple):
            raise self.fail("a vector where a number belongs", key, expected=expected, found=repr(v))
        if not isinstance(value, X.Const):
            raise self.fail("a given must be a rational or a surd such as 2√3", key, expected=expected,
                            found=repr(v), hint="exp(…) and sums of surds belong in lines of working, not in givens")
        lit = grammar.literal_of(node)
        return Number(value, text, lit.decimals if lit else None)

    def vector(self, v, key: tuple, length: int | None = None, what: str = "a list of numbers") -> tuple[Number, ...]:
        if not isinstance(v, list) or not v:
            raise self.fail("not a list of numbers", key, expected=what, found=_show(v))
        if length is not None and len(v) != length:
            raise self.fail(f"wrong length {len(v)}", key, expected=f"{length} numbers ({what})", found=_show(v))
        return tuple(self.number(x, key + (k,)) for k, x in enumerate(v))

    def matrix(self, v, key: tuple, rows: int | None, what: str) -> Matrix:
        if not isinstance(v, list) or not v or not all(isinstance(r, list) for r in v):
            raise self.fail("not a matrix", key, expected=f"a list of rows ({what})", found=_show(v))
        if rows is not None and len(v) != rows:
            raise self.fail(f"{len(v)} rows", key, expected=f"{rows} rows ({what})", found=_show(v))
        width = len(v[0])
        out = []
        for k, row in enumerate(v):
            if len(row) != width or not row:
                raise self.fail("ragged matrix: rows of different lengths", key,
                                expected=f"every row with {width} numbers", found=f"row {k + 1} has {len(row)}")
            out.append(self.vector(row, key + (k,)))
        return tuple(out)

    def table(self, v, key: tuple, allowed: set[str], what: str) -> dict:
        if not isinstance(v, dict):
            raise self.fail(f"[{'.'.join(map(str, key))}] is not a table", key, expected=what, found=_show(v))
        for k in v:
            if k not in allowed:
                raise self.fail(f"unknown key {k!r}", key + (k,), expected=f"one of: {', '.join(sorted(allowed))}",
                                found=repr(k))
        return v


def _show(v) -> str:
    s = repr(v) if not isinstance(v, Decimal) else str(v)
    return s if len(s) <= 80 else s[:77] + "..."


def read_text(path: str) -> str:
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise CaseError(f"cannot open the case file: {e.strerror}", file=path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise CaseError("the file is not UTF-8 text", file=path, line=line,
                        expected="a TOML file in UTF-8", found=f"byte 0x{data[e.start]:02x}") from None
    if not text.strip():
        raise CaseError("the case file is empty", file=path,
                        expected="a TOML case file with a [model] table", found="no content",
                        hint="see derivations/oni-ni-kanabou.toml for a complete case")
    return text.removeprefix("\ufeff")


def parse_toml(path: str, text: str) -> dict:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line = None
        if "(at line " in msg:
            line = int(msg.split("(at line ", 1)[1].split(",", 1)[0])
            msg = msg.split(" (at line ", 1)[0]
        raise CaseError(f"not valid TOML: {msg}", file=path, line=line) from None


def read_model(r: Reader, doc: dict) -> Model:
    """The givens: tokens, embeddings, layers, scale, mask."""
    if "model" not in doc:
        raise r.fail("missing [model] table", ("model",), expected="a [model] table with tokens, embeddings and layers",
                     found=f"top-level keys: {', '.join(doc) or 'none'}")
    m = r.table(doc["model"], ("model",), MODEL_KEYS, "the model's givens")
    tokens = m.get("tokens")
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) and t for t in tokens):
        raise r.fail("model.tokens must be a non-empty list of non-empty strings", ("model", "tokens"),
                     expected='e.g. tokens = ["鬼", "金棒"]', found=_show(tokens))
    positions = _positions(r, tokens)
    mask = m.get("mask", "none")
    if mask not in ("none", "causal"):
        raise r.fail("unknown mask", ("model", "mask"), expected='"none" or "causal"', found=_show(mask))
    scale, scale_number = m.get("scale", "sqrt_dk"), None
    if scale not in ("sqrt_dk", "none"):
        try:
            scale_number = r.number(scale, ("model", "scale"), symbols=False)
        except CaseError:
            raise r.fail("unknown scale", ("model", "scale"), expected='"sqrt_dk", "none" or a positive number',
                         found=_show(scale)) from None
        rat = scale_number.rational
        if rat is not None and rat <= 0:
            raise r.fail("the scale must be positive", ("model", "scale"), expected='"sqrt_dk", "none" or a positive number',
                         found=scale_number.text)
        scale = "number"
    layers_raw = m.get("layers")
    if not isinstance(layers_raw, list) or not layers_raw:
        raise r.fail("missing [[model.layers]]", ("model", "layers"),
                     expected="at least one [[model.layers]] table with Wq, Wk, Wv (or Q, K, V)", found=_show(layers_raw))
    direct = isinstance(layers_raw[0], dict) and "Q" in layers_raw[0]
    emb: dict[str, tuple[Number, ...]] = {}
    if direct:
        if "embeddings" in m:
            raise r.fail("give either embeddings with Wq/Wk/Wv, or Q/K/V directly, not both", ("model", "embeddings"))
        d_in = None
    else:
        emb = _embeddings(r, m, tokens)
        d_in = len(next(iter(emb.values())))
    layers = []
    for li, raw in enumerate(layers_raw):
        layer = _layer(r, raw, li, positions, d_in)
        d_in = layer.d_v
        layers.append(layer)
    return Model(tuple(positions), emb, tuple(layers), scale, scale_number, mask)


def _positions(r: Reader, tokens: list[str]) -> list[Position]:
    seen: dict[str, int] = {}
    out = []
    for k, t in enumerate(tokens):
        seen[t] = seen.get(t, 0) + 1
        out.append(Position(k, t, t if seen[t] == 1 else f"{t}#{seen[t]}"))
    labels = [p.label for p in out]
    dup = next((lab for lab in labels if labels.count(lab) > 1), None)
    if dup is not None:
        raise r.fail("two positions would share the label " + repr(dup), ("model", "tokens"),
                     expected="token names that do not look like another token's repeat (t#2)", found=repr(dup))
    return out


def _embeddings(r: Reader, m: dict, tokens: list[str]) -> dict[str, tuple[Number, ...]]:
    raw = m.get("embeddings")
    if not isinstance(raw, dict) or not raw:
        raise r.fail("missing [model.embeddings]", ("model", "embeddings"),
                     expected="one vector per distinct token (or Q/K/V given in the layer)", found=_show(raw))
    for t in raw:
        if t not in tokens:
            raise r.fail(f"embedding for unknown token {t!r}", ("model", "embeddings", t),
                         expected=f"one of the tokens: {', '.join(dict.fromkeys(tokens))}", found=repr(t))
    out: dict[str, tuple[Number, ...]] = {}
    width = None
    for t in dict.fromkeys(tokens):
        if t not in raw:
            raise r.fail(f"no embedding for token {t!r}", ("model", "embeddings"),
                         expected="a vector for every token of model.tokens", found=f"none for {t!r}")
        vec = r.vector(raw[t], ("model", "embeddings", t), width, "one component per model dimension")
        width = len(vec)
        out[t] = vec
    return out


def _layer(r: Reader, raw, li: int, positions: list[Position], d_in: int | None) -> Layer:
    key = ("model", "layers", li)
    if not isinstance(raw, dict):
        raise r.fail("a layer must be a table", key, found=_show(raw))
    r.table(raw, key, LAYER_KEYS, "Wq, Wk, Wv (or Q, K, V in the first layer)")
    if "Q" in raw or "K" in raw or "V" in raw:
        if li > 0 or d_in is not None:
            raise r.fail("Q, K, V can be given directly only in the first layer of a case without embeddings", key + ("Q",))
        q, k, v = (_direct(r, raw, name, key, positions) for name in "QKV")
        if len(q[0]) != len(k[0]):
            raise r.fail("Q and K must have the same width d_k", key + ("K",), expected=f"{len(q[0])} columns",
                         found=f"{len(k[0])}")
        return Layer(Q=q, K=k, V=v)
    ws = {}
    for name in ("Wq", "Wk", "Wv"):
        if name not in raw:
            raise r.fail(f"layer {li + 1} has no {name}", key, expected="Wq, Wk and Wv", found=", ".join(raw) or "nothing")
        what = f"{d_in} rows: one per input dimension" if d_in else "a matrix"
        ws[name] = r.matrix(raw[name], key + (name,), d_in, what)
    if len(ws["Wq"][0]) != len(ws["Wk"][0]):
        raise r.fail("Wq and Wk must have the same number of columns (d_k)", key + ("Wk",),
                     expected=f"{len(ws['Wq'][0])} columns", found=f"{len(ws['Wk'][0])} columns")
    return Layer(Wq=ws["Wq"], Wk=ws["Wk"], Wv=ws["Wv"])


def _direct(r: Reader, raw: dict, name: str, key: tuple, positions: list[Position]) -> Matrix:
    t = raw.get(name)
    if not isinstance(t, dict):
        raise r.fail(f"{name} must be a table of rows keyed by token", key + (name,),
                     expected=f'{name} = {{ "tok" = [..], ... }}', found=_show(t))
    labels = [p.label for p in positions]
    for lab in t:
        if lab not in labels:
            raise r.fail(f"unknown token {lab!r} in {name}", key + (name, lab), expected=f"one of: {', '.join(labels)}",
                         found=repr(lab))
    rows, width = [], None
    for lab in labels:
        if lab not in t:
            raise r.fail(f"{name} has no row for {lab!r}", key + (name,), expected="a row for every position",
                         found=f"rows for {', '.join(t)}")
        row = r.vector(t[lab], key + (name, lab), width)
        width = len(row)
        rows.append(row)
    return tuple(rows)


def load(path: str | Path) -> Case:
    """Read and check a case file; raises CaseError for any mistake in it."""
    from .claims import read_claims
    from .graph import Graph

    path = str(path)
    text = read_text(path)
    doc = parse_toml(path, text)
    r = Reader(path, text)
    unknown = [k for k in doc if k not in ("title", "source", "model", "claims")]
    if unknown:
        raise r.fail(f"unknown top-level key {unknown[0]!r}", (unknown[0],),
                     expected="title, source, [model], [[claims]]", found=repr(unknown[0]))
    title = doc.get("title", Path(path).stem)
    if not isinstance(title, str):
        raise r.fail("title must be a string", ("title",), found=_show(title))
    source = doc.get("source")
    model = read_model(r, doc)
    graph = Graph(model)
    claims, work, unmatched = read_claims(r, doc.get("claims", []), graph)
    return Case(path, title, source if isinstance(source, str) else None, model, claims, work, unmatched)
