"""Load a case file (case-format.md, model.md) into frozen values, or fail with a CaseError."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..model.blocks import KINDS, PRESETS, kind_of
from ..model.blocks import layernorm as LN
from ..model.blocks.attention import DIRECT, read_scale
from ..model.build import ReadContext
from ..model.values import (
    MAX_STEPS,
    Block,
    Case,
    EmbedScale,
    Head,
    Layer,
    Layout,
    LogBase,
    Loss,
    LossKind,
    Mask,
    Model,
    Position,
    PositionKind,
    PositionOrder,
    Positions,
    Reduction,
    Scale,
    Softmax,
    SoftmaxOver,
    Train,
    Update,
)
from .toml import Reader, parse_toml, read_text, show

MODEL_KEYS = {"tokens", "scale", "mask", "layout", "embed_scale", "softmax", "softmax_over", "embeddings", "positions",
              "layers", "head", "loss", "givens"}
TOP_KEYS = ("title", "source", "model", "claims", "train", "names", "parts")


def read_model(r: Reader, doc: dict) -> Model:
    """The givens: tokens, embeddings, positions, layers of blocks, head, loss (and their conventions)."""
    if "model" not in doc:
        raise r.fail("missing [model] table", ("model",), expected="a [model] table with tokens, embeddings and layers",
                     found=f"top-level keys: {', '.join(doc) or 'none'}")
    m = r.table(doc["model"], ("model",), MODEL_KEYS, "the model's givens")
    tokens = m.get("tokens")
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) and t for t in tokens):
        raise r.fail("model.tokens must be a non-empty list of non-empty strings", ("model", "tokens"),
                     expected='e.g. tokens = ["鬼", "金棒"]', found=show(tokens))
    positions = _positions(r, tokens)
    mask = r.choice(m.get("mask", "none"), ("model", "mask"), Mask)
    if mask is Mask.NO_SELF and len(positions) < 2:
        raise r.fail("with one position, attention to the other tokens has nothing to attend to", ("model", "mask"),
                     expected='mask = "no_self" with two or more tokens, or no mask', found=f"{len(positions)} token")
    scale = read_scale(r, m["scale"], ("model", "scale")) if "scale" in m else Scale()
    layout = r.choice(m.get("layout", "row"), ("model", "layout"), Layout)
    embed_scale = r.choice(m.get("embed_scale", "none"), ("model", "embed_scale"), EmbedScale)
    softmax = r.choice(m.get("softmax", "plain"), ("model", "softmax"), Softmax)
    over = r.choice(m.get("softmax_over", "rows"), ("model", "softmax_over"), SoftmaxOver)
    layers_raw = m.get("layers", [])
    if not isinstance(layers_raw, list) or not all(isinstance(x, dict) for x in layers_raw):
        raise r.fail("model.layers must be [[model.layers]] tables", ("model", "layers"),
                     expected="one [[model.layers]] table per layer", found=show(layers_raw))
    direct = bool(layers_raw) and any(k in layers_raw[0] for k in DIRECT) and \
        not any(w in layers_raw[0] for w in ("Wq", "Wk", "Wv"))  # with a weight, Q, K or V beside the embeddings
    emb: dict = {}
    width: int | None = None
    if not direct:
        emb = _embeddings(r, m, tokens)
        width = len(next(iter(emb.values())))
    elif "embeddings" in m:
        raise r.fail("give either embeddings with Wq/Wk/Wv, or Q/K/V directly, not both", ("model", "embeddings"))
    pos_enc = _positions_table(r, m, positions, width) if "positions" in m else None
    if pos_enc is not None and width is None:
        raise r.fail("positional encodings need embeddings", ("model", "positions"))
    if embed_scale is EmbedScale.SQRT_DMODEL and width is None:
        raise r.fail("embed_scale needs embeddings", ("model", "embed_scale"))
    layers = []
    for li, raw in enumerate(layers_raw):
        ctx = ReadContext(layout, scale, mask, softmax, tuple(positions), li + 1,
                          direct_allowed=(li == 0 and width is None), softmax_over=over)
        layer, width = _layer(r, raw, ("model", "layers", li), ctx, width)
        layers.append(layer)
    if not layers and width is None:
        raise r.fail("missing [[model.layers]]", ("model", "layers"),
                     expected="at least one [[model.layers]] table, or embeddings", found="neither")
    model = Model(tuple(positions), emb, tuple(layers), scale, mask, layout, softmax, embed_scale, pos_enc)
    head = _head(r, m["head"], ("model", "head"), model, width) if "head" in m else None
    loss = _loss(r, m["loss"], ("model", "loss"), model, head, width) if "loss" in m else None
    givens = m.get("givens", "exact")
    only: tuple[str, ...] = ()
    if isinstance(givens, list) and givens and all(isinstance(x, str) and x for x in givens):
        only, givens = tuple(givens), "rounded"  # givens = ["Wq", "Wk", "Wv"]: those printed rounded, the rest exact
    if givens not in ("exact", "rounded"):
        raise r.fail("model.givens must be \"exact\", \"rounded\" or a list of the givens printed rounded",
                     ("model", "givens"), expected='givens = "rounded" when the document printed its givens rounded, '
                     'or givens = ["Wq", "Wk", "Wv"] for some of them', found=show(givens))

    return replace(model, head=head, loss=loss, rounded_givens=givens == "rounded", rounded_only=only)


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


def _embeddings(r: Reader, m: dict, tokens: list[str]) -> dict:
    """The embedding table: the vocabulary (model.md 6b). Every token of the sentence needs a row; a row for a
    word the sentence lacks is allowed (a next-token example's vocabulary). Rows in the sentence's order of first
    occurrence, then the other words as written."""
    raw = m.get("embeddings")
    if not isinstance(raw, dict) or not raw:
        raise r.fail("missing [model.embeddings]", ("model", "embeddings"),
                     expected="one vector per distinct token (or Q/K/V or the scores given in the layer)", found=show(raw))
    for t in dict.fromkeys(tokens):
        if t not in raw:
            raise r.fail(f"no embedding for token {t!r}", ("model", "embeddings"),
                         expected="a vector for every token of model.tokens", found=f"none for {t!r}")
    out: dict = {}
    width = None
    for t in [*dict.fromkeys(tokens), *(w for w in raw if w not in tokens)]:
        if not t:
            raise r.fail("an embedding needs a token name", ("model", "embeddings", t), expected="a non-empty key",
                         found=show(t))
        vec = r.vector(raw[t], ("model", "embeddings", t), width, "one component per model dimension")
        width = len(vec)
        out[t] = vec
    return out


def _positions_table(r: Reader, m: dict, positions: list[Position], width: int | None) -> Positions:
    key = ("model", "positions")
    p = r.table(m["positions"], key, {"kind", "base", "start", "order", "table"}, "kind = \"sinusoidal\" or \"learned\"")
    kind = r.choice(p.get("kind"), key + ("kind",), PositionKind)
    if kind is PositionKind.LEARNED:
        t = p.get("table")
        if not isinstance(t, dict):
            raise r.fail("learned positions need [model.positions.table]", key + ("table",),
                         expected="one vector per position label", found=show(t))
        rows = []
        for pos in positions:
            if pos.label not in t:
                raise r.fail(f"the learned position table has no row for {pos.label!r}", key + ("table",),
                             expected="a row for every position", found=f"rows for {', '.join(map(str, t))}")
            rows.append(r.vector(t[pos.label], key + ("table", pos.label), width, "one component per model dimension"))
        extra = [k for k in t if k not in {p.label for p in positions}]
        if extra:
            raise r.fail(f"unknown position {extra[0]!r} in the learned table", key + ("table", extra[0]),
                         expected=", ".join(p.label for p in positions))
        return Positions(kind, table=tuple(rows))
    base = r.number(p.get("base", 10000), key + ("base",), symbols=False)
    if base.rational is None or base.rational <= 0:
        raise r.fail("the base must be a positive rational", key + ("base",), expected="e.g. 10000", found=base.text)
    start = r.integer(p.get("start", 0), key + ("start",), 0, "the position number of the first token (0 or 1)")
    order = r.choice(p.get("order", "interleaved"), key + ("order",), PositionOrder)
    return Positions(kind, base, start, order)


def _layer(r: Reader, raw: dict, key: tuple, ctx: ReadContext, width: int | None) -> tuple[Layer, int]:
    """One layer's blocks in order, each read by its kind; widths must chain."""
    if "blocks" not in raw:  # today's layer: one single-head attention block
        ctx.block_widths, ctx.stream = {"in": width or 0}, width or 0
        cfg, out = KINDS["attention"].read(r, raw, key, ctx)
        return Layer((Block("attn", "attention", cfg),)), out
    if width is None:
        raise r.fail("a layer of blocks needs an input (embeddings)", key + ("blocks",))
    spec = raw["blocks"]
    names: list[tuple[str, str | None]]
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise r.fail("unknown blocks preset", key + ("blocks",), expected=" or ".join(f'"{p}"' for p in PRESETS),
                         found=show(spec))
        names = list(PRESETS[spec])
    elif isinstance(spec, list) and spec and all(isinstance(x, str) for x in spec):
        names = [(x, None) for x in spec]
    else:
        raise r.fail("blocks must be a preset or a list of block names", key + ("blocks",),
                     expected='"post_ln", "pre_ln", "attention", or ["attn", "ffn", "resid"]', found=show(spec))
    seen: set[str] = set()
    for name, _ in names:
        if name in seen:
            raise r.fail(f"block name {name!r} is used twice", key + ("blocks",),
                         expected="unique block names in a layer", found=show(spec))
        if name in ("in", "out") or not name.isidentifier():
            raise r.fail(f"{name!r} cannot name a block", key + ("blocks",),
                         expected="a name such as attn, ln1, ffn, resid2 (letters, digits, _)", found=show(name))
        seen.add(name)
    extra = [k for k in raw if k != "blocks" and k not in seen]
    if extra:
        raise r.fail(f"table {extra[0]!r} names no block of this layer", key + (extra[0],),
                     expected=f"one of the blocks: {', '.join(n for n, _ in names)}", found=show(extra[0]))
    ctx.block_widths, ctx.stream = {"in": width}, width
    blocks, prev = [], "in"
    for name, adds in names:
        table = raw.get(name, {})
        if not isinstance(table, dict):
            raise r.fail(f"{name} must be a table", key + (name,), found=show(table))
        kind = kind_of(name, table)
        if kind is None:
            raise r.fail(f"the kind of block {name!r} is not known", key + (name,),
                         expected='a kind = "attention" | "residual" | "layernorm" | "ffn" | "linear" key, or a name '
                                  "starting attn, resid, ln, ffn or lin", found=show(name))
        if adds is not None and "adds" not in table:
            table = dict(table, adds=adds)
        if kind == "attention" and any(k in table for k in DIRECT):
            ctx.direct_allowed = False
        ctx.stream = width
        cfg, out = KINDS[kind].read(r, table, key + (name,), ctx)
        if kind == "residual":
            added = ctx.block_widths[cfg.adds]
            if added != width:
                raise r.fail(f"block {name!r} adds {cfg.adds!r} ({added} wide) to the output of {prev!r} "
                             f"({width} wide): the shapes do not chain", key + (name,),
                             expected=f"{cfg.adds} and {prev} of the same width", found=f"{added} and {width}")
        blocks.append(Block(name, kind, cfg))
        ctx.block_widths[name] = out
        width, prev = out, name
    return Layer(tuple(blocks)), width


def _head(r: Reader, raw, key: tuple, model: Model, width: int | None) -> Head:
    h = r.table(raw, key, {"vocab", "W", "tied", "b", "ln", "temperature"}, "vocab, W (or tied = true), b, ln, temperature")
    if width is None:
        raise r.fail("an output head needs an input (embeddings)", key)
    vocab = h.get("vocab", list(model.vocabulary))
    if not isinstance(vocab, list) or not vocab or not all(isinstance(v, str) and v for v in vocab) \
            or len(set(vocab)) != len(vocab):
        raise r.fail("vocab must be a list of distinct tokens", key + ("vocab",), expected='e.g. ["鬼", "金棒"]',
                     found=show(vocab))
    tied = h.get("tied", False)
    if not isinstance(tied, bool):
        raise r.fail("tied must be true or false", key + ("tied",), found=show(tied))
    W, transpose = None, False
    if tied:
        if "W" in h:
            raise r.fail("a tied head has no W of its own", key + ("W",), expected="tied = true or W, not both")
        missing = [v for v in vocab if v not in model.embeddings]
        if missing:
            raise r.fail(f"tied head: {missing[0]!r} has no embedding", key + ("vocab",),
                         expected="vocabulary tokens that have embeddings", found=show(missing[0]))
        if width != len(next(iter(model.embeddings.values()))):
            raise r.fail("a tied head needs the last output as wide as the embeddings", key + ("tied",),
                         expected=f"width {len(next(iter(model.embeddings.values())))}", found=f"width {width}")
    else:
        if "W" not in h:
            raise r.fail("the head has no W", key, expected="W = [[…]] (d_model × |vocab|) or tied = true",
                         found=", ".join(h) or "nothing")
        W, transpose = r.weight(h["W"], key + ("W",), width, len(vocab), model.layout, "head.W")
    b = r.vector(h["b"], key + ("b",), len(vocab), "one number per vocabulary entry") if "b" in h else None
    ln = LN.read_config(r, h["ln"], key + ("ln",), width) if "ln" in h else None
    T = _temperature(r, h["temperature"], key + ("temperature",), model) if "temperature" in h else None
    return Head(tuple(vocab), W, tied, b, ln, transpose, T)


def _temperature(r: Reader, raw, key: tuple, model: Model):
    """One positive Number for every position, or a table of one per position label (the same logits sampled at
    several temperatures, a row each)."""
    expected = 'a positive number such as 0.7 or "1/2", or { position = number } for each position'

    def one(v, k: tuple):
        T = r.number(v, k, symbols=False)
        if T.rational is None or T.rational <= 0:
            raise r.fail("the temperature must be a positive number", k, expected=expected, found=T.text)
        return T

    if not isinstance(raw, dict):
        return (one(raw, key),) * model.n
    labels = {p.label: p.index for p in model.positions}
    unknown = [lab for lab in raw if lab not in labels]
    if unknown:
        raise r.fail(f"unknown position {unknown[0]!r} in temperature", key + (unknown[0],),
                     expected=f"one of: {', '.join(labels)}", found=show(unknown[0]))
    missing = [lab for lab in labels if lab not in raw]
    if missing:
        raise r.fail(f"no temperature for position {missing[0]!r}", key, expected=expected,
                     found=", ".join(raw) or "an empty table")
    got = {labels[lab]: one(v, key + (lab,)) for lab, v in raw.items()}
    return tuple(got[k] for k in range(model.n))


def _loss(r: Reader, raw, key: tuple, model: Model, head: Head | None, width: int | None) -> Loss:
    lt = r.table(raw, key, {"kind", "targets", "log", "reduction", "dy"}, "kind, targets, log, reduction")
    kind = r.choice(lt.get("kind"), key + ("kind",), LossKind)
    log = r.choice(lt.get("log", "ln"), key + ("log",), LogBase)
    reduction = r.choice(lt.get("reduction", "mean"), key + ("reduction",), Reduction)
    labels = {p.label: p.index for p in model.positions}
    if kind is LossKind.GIVEN_GRADIENT:
        dy = lt.get("dy")
        if not isinstance(dy, dict) or not dy:
            raise r.fail("given_gradient needs a dy table", key + ("dy",), expected="dy = { position = [..] }",
                         found=show(dy))
        w = len(head.vocab) if head is not None else width
        rows = []
        for lab, v in dy.items():
            if lab not in labels:
                raise r.fail(f"unknown position {lab!r} in dy", key + ("dy", lab), expected=", ".join(labels))
            rows.append((labels[lab], r.vector(v, key + ("dy", lab), w, "one number per output component")))
        return Loss(kind, (), log, reduction, tuple(rows))
    targets = lt.get("targets", "next")
    vocab = head.vocab if head is not None else None
    out: list = []
    if targets == "next":
        if model.n < 2:
            raise r.fail('targets = "next" needs at least two tokens', key + ("targets",),
                         expected="a sequence of two or more tokens", found=f"{model.n} token")
        for p in model.positions[:-1]:
            out.append((p.index, model.positions[p.index + 1].token))
    elif isinstance(targets, dict) and targets:
        for lab, v in targets.items():
            if lab not in labels:
                raise r.fail(f"unknown position {lab!r} in targets", key + ("targets", lab),
                             expected=f"one of: {', '.join(labels)}", found=show(lab))
            if isinstance(v, str):
                out.append((labels[lab], v))
            elif kind in (LossKind.SQUARED_ERROR, LossKind.MSE, LossKind.BCE) and head is None:
                out.append((labels[lab], r.vector(v, key + ("targets", lab), width, "one number per output")))
            else:
                raise r.fail("a target must be a token", key + ("targets", lab), expected="a vocabulary token",
                             found=show(v))
    else:
        raise r.fail("unknown targets", key + ("targets",), expected='"next" or a table { position = target }',
                     found=show(targets))
    for _, tg in out:
        if isinstance(tg, str):
            if vocab is None:
                raise r.fail("token targets need an output head", key + ("targets",),
                             expected="a [model.head], or target vectors for squared_error or mse", found=show(tg))
            if tg not in vocab:
                raise r.fail(f"target {tg!r} is outside the vocabulary", key + ("targets",),
                             expected=f"one of: {', '.join(vocab)}", found=show(tg))
    if kind is LossKind.CROSS_ENTROPY and head is None:
        raise r.fail("cross_entropy needs an output head", key + ("kind",), expected="a [model.head] table")
    return Loss(kind, tuple(out), log, reduction)


def read_train(r: Reader, raw) -> Train:
    key = ("train",)
    t = r.table(raw, key, {"lr", "steps", "optimizer", "params", "frozen", "update"}, "lr, steps, params, update")
    if "lr" not in t:
        raise r.fail("training needs a learning rate", key, expected='lr = "1/10" (any number form)')
    lr = r.number(t["lr"], key + ("lr",), symbols=False)
    steps = r.integer(t.get("steps", 1), key + ("steps",), 1,
                      f"a number of training steps from 1 to {MAX_STEPS:,}", MAX_STEPS)
    if t.get("optimizer", "sgd") != "sgd":
        raise r.fail("unknown optimizer", key + ("optimizer",), expected='"sgd"', found=show(t.get("optimizer")))
    params = t.get("params", "all")
    if params != "all" and not (isinstance(params, list) and params and all(isinstance(p, str) for p in params)):
        raise r.fail("params must be \"all\" or a list of parameter addresses", key + ("params",),
                     expected='"all" or ["L1.attn.Wq", "head.W"]', found=show(params))
    frozen = t.get("frozen", [])
    if not (isinstance(frozen, list) and all(isinstance(p, str) for p in frozen)):
        raise r.fail("frozen must be a list of parameter addresses", key + ("frozen",), found=show(frozen))
    update = r.choice(t.get("update", "simultaneous"), key + ("update",), Update)
    return Train(lr, steps, None if params == "all" else tuple(params), tuple(frozen), update)


def read_names(r: Reader, raw) -> tuple[tuple[str, str], ...]:
    t = r.table(raw, ("names",), set(raw) if isinstance(raw, dict) else set(), "symbol = \"address\"")
    out = []
    for k, v in t.items():
        if not isinstance(v, str):
            raise r.fail(f"[names] {k} must be an address", ("names", k), expected='e.g. w5 = "L1.o.W[1][1]"',
                         found=show(v))
        out.append((k, v))
    return tuple(out)


def load(path: str | Path, text: str | None = None, reading=None) -> Case:
    """Read and check a case file (or ``text``, a case inferred from the document at ``path``); raises
    CaseError for any mistake in it. ``[[parts]]``: further computations of the same document, each with its own
    model and claims (numbered after the first part's claims)."""
    path = str(path)
    if text is None:
        text = read_text(path)
    doc = parse_toml(path, text)
    r = Reader(path, text)
    unknown = [k for k in doc if k not in TOP_KEYS]
    if unknown:
        raise r.fail(f"unknown top-level key {unknown[0]!r}", (unknown[0],),
                     expected="title, source, [model], [train], [names], [[claims]], [[parts]]",
                     found=show(unknown[0]))
    title = doc.get("title", Path(path).stem)
    if not isinstance(title, str):
        raise r.fail("title must be a string", ("title",), found=show(title))
    source = doc.get("source")
    case = _computation(r, doc, path, title, source if isinstance(source, str) else None, reading, 0)
    raw = doc.get("parts", [])
    if not isinstance(raw, list) or not all(isinstance(p, dict) for p in raw):
        raise r.fail("parts must be [[parts]] tables", ("parts",), expected="[[parts]] with its own [parts.model] "
                     "and [[parts.claims]]", found=show(raw))
    parts: list[Case] = []
    seq = _next_seq(case)
    for k, part in enumerate(raw):
        unknown = [key for key in part if key not in PART_KEYS]
        if unknown:
            raise r.fail(f"unknown key {unknown[0]!r} in a part", ("parts", k, unknown[0]),
                         expected="title, [parts.model], [parts.train], [parts.names], [[parts.claims]]",
                         found=show(unknown[0]))
        ptitle = part.get("title", f"{title}, part {k + 2}")
        if not isinstance(ptitle, str):
            raise r.fail("title must be a string", ("parts", k, "title"), found=show(ptitle))
        if "model" not in part:
            raise r.fail("a part needs its model", ("parts", k), expected="[parts.model] after [[parts]]",
                         found=", ".join(part) or "nothing")
        got = _computation(r.within(("parts", k)), part, path, ptitle, None, None, seq)
        parts.append(got)
        seq = _next_seq(got)
    return replace(case, parts=tuple(parts)) if parts else case


PART_KEYS = ("title", "model", "claims", "train", "names")


def _computation(r: Reader, doc: dict, path: str, title: str, source: str | None, reading, seq: int) -> Case:
    """One computation of a case: its model and claims (the claims numbered from ``seq``)."""
    from ..model.graph import Graph
    from ..numeric.engine import Engine
    from .claims import read_claims

    model = read_model(r, doc)
    if "train" in doc:
        if model.loss is None:
            raise r.fail("training needs a loss", ("train",), expected="a [model.loss] table")
        model = replace(model, train=read_train(r, doc["train"]))
    if "names" in doc:
        model = replace(model, names=read_names(r, doc["names"]))
    engine = Engine(Graph(model, reader=r))
    got = read_claims(r, doc.get("claims", []), engine, seq=seq)
    return Case(path, title, source, model, got.claims, got.work, got.unmatched, got.trends, engine, reading,
                got.restated)


def _next_seq(case: Case) -> int:
    """The first claim number after a computation's claims and trends."""
    return 1 + max([c.seq for c in case.claims] + [t.seq for t in case.trends], default=-1)
