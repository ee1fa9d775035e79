"""Which model a document works: its givens, and the candidate models that could explain its numbers.

Real worked examples work only a part of a transformer: a LayerNorm lesson, a positional-encoding table,
attention with no projections (Q = K = V = X), attention from Q, K, V printed directly, the full attention
with Wq, Wk, Wv, an FFN after it. ``givens`` collects what a document offers as inputs (token-named vectors,
a matrix called X, weights by the names documents use, Q/K/V, stated ε, bases and conventions);
``candidates`` lists, in order of prior belief, every model those givens allow. The reader then keeps the
model under which most of the document's numbers agree (``read_document``): the names are priors, the
numbers decide.

A model is pure data (``Spec``: the case file's [model] table as a dict); ``case_toml`` is its one printer.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...errors import CaseError
from . import chains
from . import items as I
from . import values as V
from .names import role, split_name, step_hint, updated

Spec = dict  # the case file's tables as data: {"model": {...}}; numbers are their written texts


@dataclass
class Givens:
    """What a document offers as inputs, found by names and layout (nothing evaluated)."""

    tokens: list[str] | None = None
    token_note: str = ""
    X: list[list[str]] | None = None  # one row per position
    x_note: str = ""
    weights: dict[str, list[I.Named]] = field(default_factory=dict)  # role → the arrays so named, in order
    direct: dict[str, I.Named] = field(default_factory=dict)  # Q, K, V given directly
    eps: list[str] = field(default_factory=list)  # ε values the prose states
    base: str | None = None  # a positional-encoding base the prose states
    position: int | None = None  # the position the prose puts its one token at ("position 3", PE(3))
    scale: str | None = None  # "none" when the prose says the scores are not scaled
    mask: str | None = None  # "causal" when the prose says so
    layout: str | None = None  # "column" when the weights are written out×in (W·x)
    heads: int = 1  # heads the prose speaks of ("two heads", "ヘッド2"): the most
    head_counts: list[int] = field(default_factory=list)  # every count it speaks of
    zeros: bool = False  # a table or array holds a 0, a blank or −∞ cell (what a causal mask leaves)
    sum_all: bool = False  # the code sums np.exp(x) with no axis: a softmax over a whole matrix is worth a try
    sublayer: I.Named | None = None  # a sublayer's output the document states (Attention(X) = […]) for Add & Norm
    sublayer_table: int | None = None  # the id of the table whose column it is, if it is one
    one_hot: list[tuple[int, int]] = field(default_factory=list)  # y = (0, 0, 1): (its length, where its 1 is)
    target_index: set[int] = field(default_factory=set)  # cross_entropy(z, tensor([4])), -log(p[3]): the class index
    words: set[str] = field(default_factory=set)  # what the document talks about: layernorm, positions, ffn …
    activations: list[str] = field(default_factory=list)  # the activations it names (relu, gelu, …)
    rounded: bool = False  # the document says it prints its numbers rounded
    program: bool = False  # the givens come from a program's run (random weights, a print precision, an output)
    learned: dict | None = None  # a table of learned position embeddings, added to X
    pre_ln: bool = False  # the document speaks of a LayerNorm before the sublayer (GPT-2's ln_1, "pre-LN")
    target_text: str = ""  # the sentences that speak of the word to predict
    stacked: set[int] = field(default_factory=set)  # ids of the vectors k1, k2, … read as the rows of K or V
    x_items: set[int] = field(default_factory=set)  # ids of the items taken as givens (not claims)
    x_output: bool = False  # X is what a program printed (a notebook's output, to a few digits), not typed in
    learned_items: set[int] = field(default_factory=set)  # the learned positions' items: givens where a model uses them
    prose: str = ""  # the document's text, joined once (the stated rate, activation, "torch" …)
    upstream: list[list[str]] | None = None  # a LayerNorm table's row of the output's given gradient (∂L/∂y)


_EPS = re.compile(r"(?:eps|epsilon|ε|ϵ)\s*(?:=|:|は|を|로)?\s*\$?\s*(1e-?\d+|10\^[{(]?-\d+[})]?|0\.0*1\b|"
                  r"1\s*(?:\\times|×|·)\s*10\^[{(]?-\d+[})]?|0(?![\d.,]))",  # ε = 0: none, said so
                  re.IGNORECASE)


def _eps_text(raw: str) -> str:
    t = raw.replace(" ", "").replace("{", "").replace("}", "").replace("(", "").replace(")", "")
    m = re.match(r"(?:1(?:\\times|×|·))?10\^(-\d+)", t)
    return f"1e{m.group(1)}" if m else t


_ACTIVATIONS = {"relu": r"\brelu\b|max\s*\(\s*0\s*,", "gelu": r"\bgelu\b", "sigmoid": r"\bsigmoid\b|シグモイド|시그모이드",
                "tanh": r"\btanh\b"}


_TARGET_WORDS = re.compile(r"target|cible|objetivo|\bziel|mục tiêu|right (?:answer|word)|correct (?:answer|word)|true (?:next|word)|"
                           r"(?:true|correct|right) (?:class|label)|ground truth|"
                           r"actual (?:next|word)|correct next|(?:word|token) (?:i|we) (?:wanted|want|expected|hoped for)|"
                           r"next word is|next token is|目标|下一个词|正解|次の単語|정답|다음 단어|parola (?:vera|giusta|"
                           r"corretta)|prossima parola|palabra (?:correcta|siguiente)|siguiente palabra|palavra correta|"
                           r"próxima palavra|mot (?:suivant|correct)|bon mot|richtige wort|nächste wort|từ đúng|đáp án đúng")


_TARGET_INDEX = re.compile(r"cross_entropy\s*\([^,()]*(?:\([^()]*\)[^,()]*)*,\s*(?:torch\.tensor\s*\(\s*)?\[?\s*(\d+)\s*\]?\s*\)|"
                           r"-\s*(?:np\.|torch\.|math\.)?log\s*\(\s*\w+\s*\[\s*(?:-?\d+\s*,\s*)?(\d+)\s*\]\s*\)|"
                           r"(?<![\w.])y\s*\[\s*(\d+)\s*\]\s*=\s*1(?![\d.])")


def target_word(g: Givens, vocab: list[str]) -> str | None:
    """The word the document says should come next: the class index its code takes the loss at
    (cross_entropy(z, torch.tensor([4])), -np.log(p[3]), y[3] = 1), else the one word of the vocabulary quoted or
    emphasised in a sentence about the target (after the target's mention if the sentence also lists the
    vocabulary), else a one-hot vector."""
    if len(g.target_index) == 1 and (k := next(iter(g.target_index))) < len(vocab):
        return vocab[k]
    text = g.target_text
    named = {w for w in vocab if re.search(r"[「『\"“'*_`]\s*" + re.escape(w) + r"\s*[」』\"”'*_`]", text) or
             re.search(r"(?:next (?:word|token)|target(?: word| token)?) (?:is|=)\s*\W{0,2}" + re.escape(w) +
                       r"(?!\w)|(?:right|correct) (?:answer|word)(?: is)?\s*\W{0,2}" + re.escape(w) +
                       r"(?!\w)", text, re.IGNORECASE)}
    if len(named) == 1:
        return next(iter(named))
    hot = {k for n, k in g.one_hot if n == len(vocab)}
    if len(hot) == 1:  # y = (0, 0, 1), one-hot over the vocabulary's order
        return vocab[hot.pop()]
    # else a sentence about the target that names exactly one word of the vocabulary ("kata target berikutnya
    # adalah kopi", "le mot cible est thé")
    for sentence in re.split(r"(?<=[.!?。！？])\s+", text):
        hit = _TARGET_WORDS.search(sentence.lower())
        if hit:  # the words said after the target's mention
            after = re.sub(r"(?<=\w)[.。!?！？]$", "", sentence[hit.end():])  # its full stop is not the word "."
            for part in (after, re.split(r"[,;]\s", after)[0]):  # else its clause: "was early, so the loss is"
                said = {w for w in vocab if re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", part)}
                if len(said) == 1:
                    return next(iter(said))
    return None


def _loss(g: Givens, vocab: list[str], last: str) -> tuple[dict | None, list[str]]:
    t = target_word(g, vocab)
    if t is None:
        return None, []
    return ({"kind": "cross_entropy", "targets": {last: t}},
            [f"loss: cross-entropy of the next word {t} (the document names it as the target)"])


_ROUNDED = re.compile(r"\brounded\b|\bround(?:ing)? to\b|小数(?:第|点以下)|丸め|四捨五入|四舍五入|반올림|소수점 ?\w* ?자리")


_PROGRAM = re.compile(r"\brandom|set_printoptions|precision\s*=|\bnp\.round|torch\.round|乱数|ランダム|随机|랜덤|무작위|"
                      r"aleat[oó]ri|zufällig|al[ée]atoire")


def _cells(*xs: I.Named) -> list:
    """The cells of vectors and matrices, row by row."""
    return [c for x in xs for r in (x.array if x.array and isinstance(x.array[0], list) else [x.array]) for c in r]


def _decimals(x: I.Named) -> int:
    return max((len(c.split(".")[1]) for c in _cells(x) if isinstance(c, str) and "." in c), default=0)


def _program_output(x: I.Named) -> bool:
    """An array a program printed in a notebook's output, to three decimals or more: a rounded print of its value."""
    return "output" in x.at and _printed(x)


def _printed(*xs: I.Named) -> bool:
    """Givens a program printed (three decimals or more), not numbers chosen by hand: those a document's
    "rounded" speaks of."""
    cells = _cells(*xs)
    long = [c for c in cells if isinstance(c, str) and "." in c and len(c.split(".")[1]) >= 3]
    return bool(cells) and len(long) >= 0.8 * len(cells)


def activations(g: Givens) -> list[str]:
    """The FFN activations to try: the one the document names, if it names one (GELU: exact or its tanh
    approximation); else each, ReLU first."""
    if g.activations == ["gelu"]:
        return ["gelu", "gelu_tanh"]
    if sorted(g.activations) == ["gelu", "tanh"]:  # "GELU (tanh 近似)", approximate="tanh": GPT-2's form first
        return ["gelu_tanh", "gelu"]
    return g.activations if len(g.activations) == 1 else ["relu", "gelu", "gelu_tanh", "sigmoid", "tanh", "identity"]


_PRODUCT = re.compile(r"(?<![\w\\])([QKV])\s*=\s*([A-Za-z]\w{0,3})\s*(?:\\cdot|·|×|\*|@)?\s*"
                      r"([A-Za-z](?:_\{?[A-Za-z]\w{0,5}\}?|\^\{?[A-Za-z]\w{0,5}\}?))(?![\w{}^])")


def _said_weights(prose: str) -> dict[str, str]:
    """The weights a document's formulas name (``Q = H M_Q``, ``K = X·P^K``): each product's right factor, under a
    name of the document's own, is that projection's weight. At least two of Q, K, V so written, the same input
    on the left of each."""
    got = {m.group(1): (m.group(2), m.group(3)) for m in _PRODUCT.finditer(prose)}
    if len(got) < 2 or len({a for a, _ in got.values()}) != 1 or len({b for _, b in got.values()}) != len(got):
        return {}
    return {b: "W" + r.lower() for r, (_, b) in got.items()}


def givens(found: I.Items) -> Givens:
    """The inputs a document states: tokens, X, weights by role, Q/K/V, stated ε, base and conventions."""
    g = Givens(prose=" ".join(found.prose))
    prose = g.prose
    low = prose.lower()
    g.eps = list(dict.fromkeys(_eps_text(m.group(1)) for m in _EPS.finditer(prose)))
    if re.search(r"layer\s*norm|layernorm|正規化|정규화|归一化|normaliz|add\s*(?:&|and|&amp;)\s*norm", low):
        g.words.add("layernorm")
    if re.search(r"batch\s*norm(?!al\b|ally)|batch normali[sz]ation|バッチ正規化|批(?:量)?归一化|批标准化|배치 ?정규화", low):
        g.words.add("batchnorm")
    g.activations = [a for a, pat in _ACTIVATIONS.items() if re.search(pat, low)]
    g.rounded = bool(_ROUNDED.search(low))
    g.pre_ln = bool(re.search(r"pre[- ]?ln|pre[- ]?norm|pre[- ]?layer ?norm|\bln_1\b|\bln1\(", low))
    g.program = bool(_PROGRAM.search(low))
    g.target_text = " ".join(x for x in found.prose if _TARGET_WORDS.search(x.lower()))
    g.target_index = {int(next(d for d in m.groups() if d)) for m in _TARGET_INDEX.finditer(prose)}
    if re.search(r"positional|position encoding|位置|위치|\bpe\b|sinusoid|posicional|positionnel|vị trí|"
                 r"\bsin(?:e|us)?\s*(?:/|and|&|e)\s*cos", low):
        g.words.add("positions")
        m = re.search(r"\b(10000|10,000|100)\b\s*\^|\b(10000|10,000|100)\s*\*\*|\b(10000|10,000|100)\^\{", prose)
        if m:
            g.base = (m.group(1) or m.group(2) or m.group(3)).replace(",", "")
        said = {int(m.group(1) or m.group(2)) for m in _POSITION_SAID.finditer(prose)}
        g.position = said.pop() if len(said) == 1 else None
    heads = r"(?:heads|cabezas|cabeças|têtes|köpfe|つのヘッド|のヘッド|개의 헤드|个头|头)"
    counts = [int(m.group(1) or m.group(2) or m.group(3)) for m in re.finditer(
        r"\b(\d)\s*(?:attention\s+)?(?:heads|cabezas|cabeças|têtes|köpfe)\b|"
        r"(?:head|cabeza|cabeça|tête|kopf|ヘッド|헤드|头)\s*(\d)\b|\b(?:n_heads?|num_heads|nhead)\s*=\s*(\d)\b", low)]
    words = {"two": 2, "three": 3, "four": 4, "dos": 2, "duas": 2, "deux": 2, "zwei": 2, "tres": 3, "três": 3,
             "trois": 3, "drei": 3, "2つ": 2, "二つ": 2, "두": 2, "两": 2, "二": 2}
    counts += [n for w, n in words.items() if re.search(r"(?<!\w)" + re.escape(w) + r"\s*" + heads, low)]
    g.head_counts = [c for c in counts if 1 <= c <= 16]
    g.heads = max(g.head_counts, default=1)
    if re.search(r"other tokens only|only the other tokens|not (?:attend|look) (?:to|at) itself|excluding itself|"
                 r"mask(?:s|ed|ing)? (?:out )?the diagonal|diagonal (?:is )?masked|自分以外|自分自身を見ない|"
                 r"他のトークンだけ|자기 자신을 제외|다른 토큰만|除自身|只看其他|nur (?:auf )?die anderen|"
                 r"solo (?:a )?los otros|apenas (?:os )?outros|seulement les autres", low):
        g.mask = "no_self"
    elif re.search(r"padding|<pad>|\[pad\]|remplissage|relleno|preenchimento|auffüll|패딩|パディング|填充", low):
        g.mask = "padding"  # a key padding mask: no query looks at the padding tokens
    elif re.search(r"causal|masked|マスク|因果|마스크|掩码|look-ahead", low):
        g.mask = "causal"
    if re.search(r"no scaling|not scaled|without scaling|unscaled|スケーリングしない|스케일링하지|不缩放", low):
        g.scale = "none"
    g.zeros = any(_has_zero(x) for x in found.found if isinstance(x, (I.Table, I.Named)) and not (
        x.name and role(x.name) not in (None, "Q", "K", "V", "X")))  # a weight's zero is no mask's (Wk's 0.0)
    g.sum_all = bool(_SUM_ALL.search(prose))
    for x in found.found:  # y = (0, 0, 1): a target as a one-hot vector over the vocabulary
        if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and (hot := V.one_hot(list(x.array))) is not None:
            g.one_hot.append((len(x.array), hot))
    named = [x for x in found.found if isinstance(x, I.Named) and x.name]
    for t in found.found:  # keys = {'sun': [0.9, 0.1], …}: a dict of rows by token names them
        if isinstance(t, I.Table) and t.name and t.row_labels and role(t.name) in ("Q", "K", "V") and \
                all(isinstance(c, str) for r in t.rows for c in r):
            named.append(I.Named(t.name, [list(r) for r in t.rows], t.line, t.at, list(t.row_labels)))  # type: ignore[misc]
        if isinstance(t, I.Table) and t.row_labels and not t.name and all(isinstance(c, str) for r in t.rows for c in r):
            for lab, row in zip(t.row_labels, t.rows):  # | γ | 1.0 | 0.5 | …: a LayerNorm's parameters by row
                if (param := _ln_param(lab)) is not None:
                    named.append(I.Named(param, list(row), t.line, t.at))
            ups = [list(row) for lab, row in zip(t.row_labels, t.rows) if _upstream_label(lab)]
            if ups and g.upstream is None and any(_ln_param(lab) is not None for lab in t.row_labels):
                g.upstream = [[str(c) for c in r] for r in ups]  # | ∂L/∂y | 0.3 | … | beside γ and β: the backward pass starts from it
                g.x_items.add(id(t))  # the givens' table: no claims
        elif isinstance(t, I.Table) and t.name and role(t.name) not in (None, "X", "Q", "K", "V") and \
                len(t.rows) >= 2 and all(isinstance(c, str) for r in t.rows for c in r):
            cells = [list(r) for r in t.rows]
            bias = _bias_row(t)
            if bias is not None:  # | **b₁** | 0.1 | … | under W₁'s rows: the layer's bias, printed with its weights
                named.append(I.Named(bias, cells.pop(), t.line, t.at))
            named.append(I.Named(t.name, cells, t.line, t.at))  # **W_Q** over | r1 | 0.5 | …
    seen_names = {(x.name, x.line) for x in named}
    for t in found.found:  # W_query  W_key  over [0.6, 0.1]  [0.3, 0.7] …: a weight's rows, a column of vectors each
        if isinstance(t, I.Table) and t.col_labels and not t.row_labels and len(t.rows) >= 2 and \
                len(t.col_labels) == len(t.rows[0]) >= 2:
            for j, head in enumerate(t.col_labels):
                col = [r[j] for r in t.rows]
                if role(head) not in (None, "X", "Q", "K", "V") and (head, t.line) not in seen_names and \
                        all(isinstance(c, list) and c and all(isinstance(x, str) for x in c) for c in col) and \
                        len({len(c) for c in col if isinstance(c, list)}) == 1:
                    named.append(I.Named(head, [list(c) for c in col if isinstance(c, list)], t.line, t.at))
    for t in found.found:  # | token | q1 | q2 | k1 | k2 | v1 | v2 |: Q, K and V given by groups of columns
        if isinstance(t, I.Table) and t.col_labels and t.rows and len(t.col_labels) == len(t.rows[0]) and \
                all(isinstance(c, str) for r in t.rows for c in r):
            groups: dict[str, list[int]] = {}
            for j, head in enumerate(t.col_labels):
                m = re.fullmatch(r"\s*([qkvQKV])\s*_?\{?\s*(\d{1,2})\s*\}?\s*", V.clean(head).replace("$", ""))
                if m:
                    groups.setdefault(m.group(1).upper(), []).append(j)
            if set(groups) == {"Q", "K", "V"} and len({len(v) for v in groups.values()}) == 1:
                for which, cols in groups.items():
                    named.append(I.Named(which, [[row[j] for j in cols] for row in t.rows], t.line, t.at,  # type: ignore[misc]
                                         list(t.row_labels) if t.row_labels else None))
                g.x_items.add(id(t))
    for t in found.found:  # | token | Q | K | V | with a vector in each cell: Q, K and V given by columns
        if isinstance(t, I.Table) and t.col_labels and t.rows and len(t.col_labels) == len(t.rows[0]):
            unknown = iter(f"u{k}" for k in range(1, 10_000))
            for j, head in enumerate(t.col_labels):
                col = [r[j] for r in t.rows]
                vecs = [c for c in col if isinstance(c, list) and c]
                if role(head) in ("Q", "K", "V") and len(vecs) >= 2 and len({len(c) for c in vecs}) == 1 and \
                        all(c is None or (isinstance(c, list) and c) for c in col) and \
                        (len(vecs) == len(col) or role(head) == "Q"):  # | <pad> | — | (0.1, -0.2) |: no query
                    width = len(vecs[0])
                    filled = [list(c) if isinstance(c, list) else [next(unknown) for _ in range(width)] for c in col]
                    named.append(I.Named(head, filled, t.line, t.at,  # type: ignore[arg-type]
                                         list(t.row_labels) if t.row_labels else None))
    said_w = _said_weights(prose)
    for x in named:
        r = role(x.name) or said_w.get(V.clean(x.name).replace("$", "").strip())
        if r in ("Q", "K", "V"):
            if len(V.shape(x.array)) == 2 and r not in g.direct:
                g.direct[r] = x
        elif r is not None and not updated(x.name):  # (W_2' = [...]: the weight after a step, a result)
            g.weights.setdefault(r, []).append(x)
    _fused(g)
    if all(r in g.weights and g.weights[r][0].name.strip().endswith(".weight") for r in ("Wq", "Wk", "Wv")):
        g.layout = "column"  # W_q.weight.copy_(…): nn.Linear's weights, out×in (y = x Wᵀ)
    for r in ("Q", "K", "V"):  # k1 = […], k2 = […], k3 = […]: the rows of K, one vector each
        rows = [x for x in named if role(x.name) == r and re.search(r"\d$", x.name) and len(V.shape(x.array)) == 1]
        rows = list({x.name: x for x in reversed(rows)}.values())[::-1]  # the first of each name
        if len(rows) < 2:  # "The": Query = […], then "dog": Query = […]: one name, a row of each word's
            rows = [x for x in named if role(x.name) == r and x.label and len(V.shape(x.array)) == 1]
            rows = list({x.label: x for x in reversed(rows)}.values())[::-1]
        if r not in g.direct and len(rows) >= 2 and len({len(x.array) for x in rows}) == 1:
            labels = [x.label or "" for x in rows]
            g.direct[r] = I.Named(r, [list(x.array) for x in rows], rows[0].line, rows[0].at,  # type: ignore[misc]
                                  labels if all(labels) else None)
            g.stacked |= {id(x) for x in rows}
    _token_rows(named, g)
    if "K" not in g.direct and "V" not in g.direct and not any(r in g.weights for r in ("Wq", "Wk", "Wv")):
        states = _numbered_states(named) or _stacked_states(named, prose) or _named_states(named, found)
        if states is not None and _query(found, len(states.array[0])) is not None:  # h1 … h4 and a decoder state s
            g.direct["K"] = g.direct["V"] = states
            g.stacked |= {id(x) for x in named if x.line == states.line and x.array == states.array}
    _inputs(found, g)
    g.learned = _learned_positions(found, g)
    if g.X is not None and _RESIDUAL.search(low):
        g.sublayer = next((x for x in named if len(V.shape(x.array)) == 2 and V.shape(x.array) ==
                           (len(g.X), len(g.X[0])) and _SUBLAYER.search(x.name) and id(x) not in g.x_items), None)
        if g.sublayer is None:  # ln(x + sortie), X + Z: the array the code or the working adds to the input
            added = {m.group(1) for m in _ADDED_TO_X.finditer(g.prose)}
            g.sublayer = next((x for x in named if x.name.strip() in added and id(x) not in g.x_items and
                               V.shape(x.array) == (len(g.X), len(g.X[0])) and list(x.array) != g.X), None)
        if g.sublayer is None:  # | token | x | a = Attention(x) |: the sublayer's output as a column of vectors
            g.sublayer, g.sublayer_table = _sublayer_column(found, g)
    return g


# np.sum(np.exp(x - m)) or np.exp(x).sum(): a sum with no axis, over every cell of what it is given
_SUM_ALL = re.compile(r"\b(?:np|numpy|torch|jnp)\.sum\(\s*(?:np|numpy|torch|jnp)\.exp\((?:[^()]|\([^()]*\))*\)\s*\)|"
                      r"\.exp\((?:[^()]|\([^()]*\))*\)\.sum\(\s*\)")


_ADDED_TO_X = re.compile(r"(?<![\w.])(?:x|X|inputs?|embeddings?)\s*\+\s*([A-Za-z_][\w.]{0,20})(?![\w(])")


_RESIDUAL = re.compile(r"r[eé]sid|残差|잔차|add\s*(?:&|and|&amp;)\s*norm|skip connection|conexão residual|conexión residual")


def _bias_row(t: I.Table) -> str | None:
    """The bias's name when a weight's table ends on a row labelled as its bias (``b₁`` under W₁, or ``bias``),
    the weights above it in three rows or more: else None."""
    if not t.row_labels or len(t.rows) < 3:
        return None
    last, r = V.clean(t.row_labels[-1]).strip("*$` "), role(t.name)
    own = role(last)
    if own in ("b1", "b2") and r == ("W1" if own == "b1" else "W2"):
        return own
    if _BIAS_ROW.fullmatch(last.lower()) and r in ("W1", "W2"):
        return "b" + r[1]
    return None


def _token_rows(named: list[I.Named], g: Givens) -> None:
    """k_animal = […], v_animal = […], q_it = […]: the rows of K, V (and Q) by the token in their subscript; a
    query given for some tokens only has unknown rows for the others; a query of no token's (``Q = [2, 0]``
    beside ``K_メガネ``, ``K_かけた``) is one query against the keys, read with K and V alone."""
    if any(r in g.weights for r in ("Wq", "Wk", "Wv")) or "K" in g.direct or "V" in g.direct:
        return
    rows: dict[str, dict[str, I.Named]] = {}
    for x in named:
        base, sub = split_name(x.name)
        r = role(base) if sub is not None and _token_like(sub) and not sub.isdigit() else None
        if r in ("Q", "K", "V") and len(V.shape(x.array)) == 1:
            rows.setdefault(r, {}).setdefault(sub, x)  # type: ignore[arg-type]
    keys, values = rows.get("K", {}), rows.get("V", {})
    if len(keys) < 2 or list(keys) != list(values) or len({len(x.array) for x in keys.values()}) != 1:
        return
    tokens = list(keys)
    queries = rows.get("Q", {})
    width = len(next(iter(keys.values())).array)
    if not set(queries) <= set(tokens) or any(len(x.array) != width for x in queries.values()):
        return
    unknown = iter(f"u{k}" for k in range(1, 10_000))
    for r, got in (("K", keys), ("V", values)) + ((("Q", queries),) if queries else ()):  # (no query of a token's:
        # Q = [2, 0] alone, one query against the keys)
        first = next(iter(got.values()))
        rows_of = [list(got[t].array) if t in got else [next(unknown) for _ in range(width)]  # type: ignore[arg-type]
                   for t in tokens]
        g.direct[r] = I.Named(r, rows_of, first.line, first.at, tokens)  # type: ignore[misc]
        g.stacked |= {id(x) for x in got.values()}


def _sublayer_column(found: I.Items, g: Givens) -> tuple[I.Named | None, int | None]:
    """A table column of vectors headed as a sublayer's output (``a = Attention(x)``), as wide and as long as X."""
    assert g.X is not None
    for t in found.found:
        if isinstance(t, I.Table) and t.col_labels and t.rows and len(t.rows) == len(g.X) and \
                len(t.col_labels) == len(t.rows[0]):
            for j, head in enumerate(t.col_labels):
                col = [list(c) for r in t.rows if isinstance(c := r[j], list)]
                if _SUBLAYER.search(V.clean(head)) and len(col) == len(t.rows) and \
                        all(len(c) == len(g.X[0]) for c in col) and col != g.X:
                    return I.Named(head, col, t.line, t.at,  # type: ignore[arg-type]
                                   list(t.row_labels) if t.row_labels else None), id(t)
    return None, None


_SUBLAYER = re.compile(r"attention|attn|sublayer|mha|multihead|注意力|アテンション|어텐션|自注意|^sub(?:_?out(?:put)?)?$|サブレイヤー|^z$|^f\(", re.IGNORECASE)


def _fused(g: Givens) -> None:
    """One fused projection for Q, K and V (nanoGPT's ``c_attn``, ``W_qkv``: x @ W is [q | k | v]; PyTorch's
    ``in_proj_weight``, three times as tall as wide, is [W_q; W_k; W_v] applied as x @ W.T): its three blocks as
    W_q, W_k and W_v, when the document gives them no other way."""
    fused = g.weights.pop("Wqkv", [])
    if not fused or any(r in g.weights for r in ("Wq", "Wk", "Wv")):
        return
    w = fused[0]
    if len(V.shape(w.array)) != 2:
        return
    rows, cols = V.shape(w.array)
    if cols == 3 * rows:
        parts = [[list(r[k * rows:(k + 1) * rows]) for r in w.array] for k in range(3)]
    elif rows == 3 * cols:
        parts = [[list(c) for c in zip(*w.array[k * cols:(k + 1) * cols])] for k in range(3)]
    else:
        return
    for r, part in zip(("Wq", "Wk", "Wv"), parts):
        g.weights[r] = [I.Named(f"{w.name} ({r})", part, w.line, w.at)]  # type: ignore[arg-type]


def _has_zero(x) -> bool:
    """Whether a table or array holds zeros where a mask may leave them: above the diagonal of a square matrix (a
    causal mask) or on it (no self); anywhere in a matrix that is not square (a lower triangle, or a tensor's
    rows); after the first cells of a row of weights or scores. A square matrix whose zeros stand elsewhere
    (rounded weights typed in "for readability", a first column of 0.0), a matrix of zeros only (an initial
    value) and a vector of working that ends in 0.0 are no masked ones."""
    rows = x.rows if isinstance(x, I.Table) else x.array if x.array and isinstance(x.array[0], list) else None

    def zero(c) -> bool:
        return c is None or (isinstance(c, str) and V.number(c) is not None and float(c) == 0)

    if rows is not None and len(rows) >= 2 and all(isinstance(r, list) and r and len(r) == len(rows[0])
                                                   for r in rows) and all(not isinstance(c, list) for r in rows for c in r):
        if all(zero(c) for r in rows for c in r):
            return False  # a zero initial value: no mask's pattern
        if len(rows[0]) != len(rows):
            return any(zero(c) for r in rows for c in r)
        return all(zero(rows[i][j]) for i in range(len(rows)) for j in range(i + 1, len(rows))) or \
            all(zero(rows[i][i]) for i in range(len(rows)))
    if rows is None and isinstance(x, I.Named):  # one row: a causal row's later keys, under a step's name
        row = list(x.array)
        kept = len(row) - next((k for k, c in enumerate(reversed(row)) if not zero(c)), len(row))
        return step_hint(x.name) in ("weights", "scores", "scaled", "exp") and 0 < kept < len(row)
    if isinstance(x, I.Table) and any(isinstance(c, list) for r in x.rows for c in r):
        return False  # a table of vectors (weighted values side by side): no weights' pattern
    stack = list(x.rows if isinstance(x, I.Table) else [x.array])
    while stack:
        c = stack.pop()
        if isinstance(c, list):
            stack += c
        elif zero(c):
            return True
    return False


_INDEX_NAME = re.compile(r"pos(?:ition)?s?|idx|ind(?:ex|ices)")  # position = [0, 1, 2]: a loop's indices, no token
_IDS_NAME = re.compile(r"(?:input_?|token_?)?(?:tokens?|ids?)", re.IGNORECASE)


def _token_ids(x: I.Named) -> bool:
    """A vector of whole numbers named as the tokens or their ids (``tokens = [72, 3, 64, 69]``): which words of a
    vocabulary, no token's embedding."""
    return bool(_IDS_NAME.fullmatch((x.name or "").strip())) and \
        all(isinstance(c, str) and c.isdigit() for c in x.array)


def _inputs(found: I.Items, g: Givens) -> None:
    """X and the tokens: token-named vectors, a matrix called X, or (as a last resort) the first matrix."""
    toks = [x for x in found.found if isinstance(x, I.Tokens)]
    vectors = [x for x in found.found if isinstance(x, I.Named) and x.name and
               (len(V.shape(x.array)) == 1 or V.column(x.array) is not None)
               and _token_name(x.name) is not None and not _INDEX_NAME.fullmatch(x.name.strip().lower()) and
               not _token_ids(x)]
    inputs = [x for x in vectors if role(split_name(x.name)[0]) == "X" and split_name(x.name)[1] is not None]
    if len(inputs) >= 2:  # x_1, x_2, x_3 beside y_1 (an output, not a fourth token): the inputs by their name
        vectors = inputs
    # a word list none of the vectors is named after ("a vector [a, b]" in prose) says nothing of the tokens
    toks = [t for t in toks if any((_token_name(x.name) or "") in t.tokens for x in vectors)] or \
        ([] if vectors else toks)
    groups: dict[int, list[I.Named]] = {}
    seen: dict[int, set[str]] = {}
    for x in vectors:
        nm = _token_name(x.name) or ""
        if toks and not any(nm in t.tokens for t in toks):
            continue
        grp, taken = groups.setdefault(len(x.array), []), seen.setdefault(len(x.array), set())
        if nm not in taken:
            grp.append(x)
            taken.add(nm)
    best = max(groups.values(), key=len, default=[])
    xs = g.weights.get("X", [])
    if xs and best and found.found.index(xs[0]) < found.found.index(best[0]):
        best = []  # a matrix called X before the token-named vectors: the input is X
    if best and any(_row_of(x.array, m.array) for x in best for m in xs if len(V.shape(m.array)) == 2):
        best = []  # hello = […] worked alone, then embeddings = [[…], …] holding it: the input is the matrix
    column = min((c for c in (_x_column(found), _x_table(found), _x_rows(found)) if c is not None),
                 key=lambda c: found.found.index(c[2]), default=None)  # the inputs come first
    if column is not None and best and found.found.index(column[2]) < found.found.index(best[0]):
        best = []
    if len(best) >= 2 or (best and toks) or (len(best) == 1 and g.position is not None):  # one token's row at a
        # stated position
        names = [_token_name(x.name) or "" for x in best]
        order = next((t for t in toks if set(t.tokens) <= set(names) and len(t.tokens) >= 2), None)
        if order is not None:
            by = {_token_name(x.name): x for x in best}
            best = [by[t] for t in dict.fromkeys(order.tokens)]
            g.tokens, g.token_note = list(order.tokens), f"tokens {', '.join(order.tokens)} ({I.where(order.line)})"
        elif all(n.isdigit() for n in names) and all(x.label for x in best) and \
                len({x.label for x in best}) == len(best):  # x_1 = (…) % io: a numbered row's word in its remark
            g.tokens = [str(x.label) for x in best]
            g.token_note = f"tokens {', '.join(g.tokens)} (the remarks beside the numbered embeddings)"
        else:
            g.tokens = names
            g.token_note = f"tokens {', '.join(g.tokens)} (the embeddings' names, in order)"
        g.X = [V.column(x.array) or list(x.array) for x in best]
        g.x_items = {id(x) for x in best}
        if all(V.column(x.array) is not None for x in best):  # x_1 printed as a (d, 1) column: W·x, as it is written
            g.layout = "column"
        g.x_output = all(_program_output(x) for x in best)
        g.x_note = f"embeddings of {', '.join(g.tokens)} ({', '.join(sorted({I.where(x.line) for x in best}))})"
        return
    if column is not None:
        rows, labels, item = column
        g.X = rows  # the table's other columns are claims; this one restates X
        g.x_note = f"X from the table at {I.where(item.line)}"
        g.tokens, g.token_note = _row_names(found, len(rows), labels)
        return
    xs = g.weights.pop("X", [])
    mat = _x_for_weights(g, [x for x in xs if len(V.shape(x.array)) == 2])
    if mat is not None:
        g.X, g.x_items = [list(r) for r in mat.array], {id(mat)}
        g.x_output = _program_output(mat)
        g.x_note = f"X from {mat.name} ({I.where(mat.line)})"
        g.tokens, g.token_note = _row_names(found, len(mat.array), mat.row_labels)
        return
    vecs = [x for x in xs if len(V.shape(x.array)) == 1]
    if len(vecs) == 1 and (any(r in g.weights for r in ("W1", "Wq")) or "gamma" in g.weights and all(
            V.shape(w.array) == V.shape(vecs[0].array) for r in ("gamma", "beta") for w in g.weights.get(r, []))):
        # x = [0.6, -1.1] into W1, or beside a LayerNorm's gamma (and beta) as wide: one input row
        g.X, g.x_items = [list(vecs[0].array)], {id(vecs[0])}
        g.x_note = f"X from {vecs[0].name} ({I.where(vecs[0].line)}), one row"
        g.tokens, g.token_note = [vecs[0].label or "x"], "one input row"
        return
    if len(vecs) >= 2 and len({len(x.array) for x in vecs}) == 1:  # x1 = […], x2 = […]
        g.X, g.x_items = [list(x.array) for x in vecs], {id(x) for x in vecs}
        g.x_note = f"X from {', '.join(x.name for x in vecs)}"
        labels = [x.label for x in vecs]
        g.tokens, g.token_note = _row_names(found, len(vecs), labels if all(labels) else None)


def _x_for_weights(g: Givens, mats: list[I.Named]) -> I.Named | None:
    """Of the matrices called X, the first; or, when the document gives the projections (a notebook that works a
    random input first, then its example), the one as wide as they take, the last before them."""
    ws = g.weights.get("Wq") or g.weights.get("W1")
    shape = V.shape(ws[0].array) if ws else ()
    if not ws or len(shape) != 2 or not mats:
        return mats[0] if mats else None
    w = ws[0]
    width = shape[1] if g.layout == "column" else shape[0]
    fit = [x for x in mats if V.shape(x.array)[1] == width]
    before = [x for x in fit if x.line < w.line]  # (w may be a part of a fused W_qkv, no item of its own)
    return before[-1] if before else fit[0] if fit else mats[0]


def _row_of(vector: V.Array, matrix: V.Array) -> bool:
    """Whether a vector is one of a matrix's rows, by value (``0.1`` and ``0.1000`` alike)."""
    def value(c) -> float | None:
        return float(c) if isinstance(c, str) and V.number(c) is not None and not c.endswith("%") else None

    want = [value(c) for c in vector]
    return None not in want and any(len(r) == len(want) and [value(c) for c in r] == want
                                    for r in matrix if isinstance(r, list))


def _token_name(name: str) -> str | None:
    """The token a vector's name gives it: ``鬼 = […]`` → 鬼, ``x_{\\text{sea}} = […]`` → sea; None for a weight,
    a result's name (``context``, ``q_cat``) or code (``out["I"]``)."""
    base, sub = split_name(name)
    if sub is not None and role(base) == "X" and _token_like(sub):
        return sub
    called = re.fullmatch(r"\s*([^\s()]{1,12}?)\s*\(\s*([^\s()]{1,20})\s*\)\s*", V.clean(name).replace("$", ""))
    if called and role(called.group(1)) == "X" and _token_like(called.group(2)):  # h⁰(fiets), x(sea): its token
        return called.group(2)
    if role(name) is not None or step_hint(name) is not None or not _token_like(name):
        return None
    return I.strip_role(name)


def _x_column(found: I.Items):
    """A table whose column of vectors is headed as the input (``token | x``, ``| 単語 | 入力ベクトル |``): its rows,
    row labels and the table."""
    for x in found.found:
        if isinstance(x, I.Table) and x.col_labels and x.rows and x.row_labels:
            for k, head in enumerate(x.col_labels):
                col = [r[k] for r in x.rows]
                if all(isinstance(c, list) for c in col) and len({len(c) for c in col if c}) == 1 and \
                        not re.search(r"[+·×*/=−-]", head) and \
                        any(role(w) == "X" for w in re.split(r"[\s()（）:]+", head) if w):  # not | X + Z |
                    return [list(c) for c in col if isinstance(c, list)], x.row_labels, x
    return None


def _x_table(found: I.Items):
    """A table of the inputs, before anything else is printed: rows named by words, columns headed as the input's
    components (``| token | e1 | e2 |``), every cell a number: its rows, row labels and the table."""
    for x in found.found:
        if isinstance(x, I.Table) and x.row_labels and x.col_labels and len(x.rows) >= 2 and \
                (all(V.number(lab) is None for lab in x.row_labels) or
                 all(role(h) == "X" for h in x.col_labels)) and \
                all(isinstance(c, str) for r in x.rows for c in r):
            heads = x.col_labels[-len(x.rows[0]):]
            first = [r[0] for r in x.rows]
            skip = 1 if heads and ((_POSITION_HEAD.fullmatch(heads[0].strip().lower()) and V.counting(first)) or (
                _ID_HEAD.fullmatch(heads[0].strip().lower()) and all(isinstance(c, str) and c.isdigit()
                                                                    for c in first))) else 0
            if len(heads) > skip and all(role(h) == "X" for h in heads[skip:]):  # | token | pos | x₀ | x₁ |
                return [list(r[skip:]) for r in x.rows], x.row_labels, x
    return None


def _ln_param(label: str) -> str | None:
    """A row label naming a LayerNorm's γ or β (``$\\gamma$``, ``β``), as written without its dollars; else None."""
    name = V.clean(label).replace("$", "").strip()
    return name if role(name) in ("gamma", "beta") else None


def _x_rows(found: I.Items):
    """A table of the inputs with a LayerNorm's γ and β as rows of their own (``| Hund | 2.0 | … |``, then
    ``| γ | 1.0 | … |``): the other rows, their labels and the table."""
    for x in found.found:
        if isinstance(x, I.Table) and x.row_labels and not x.name and \
                all(isinstance(c, str) for r in x.rows for c in r):
            params = [_ln_param(lab) is not None or _upstream_label(lab) for lab in x.row_labels]
            rows = [(lab, r) for lab, r, p in zip(x.row_labels, x.rows, params) if not p]
            if any(params) and len(rows) >= 1 and all(V.number(lab) is None and lab for lab, _ in rows):
                return [list(r) for _, r in rows], [lab for lab, _ in rows], x
    return None


_POSITION_HEAD = re.compile(r"pos|position|posición|posição|位置|위치|i|#|idx|index")
_ID_HEAD = re.compile(r"ids?|token[ _]?ids?|input[ _]?ids?|索引|번호")  # | token | id | e1 |: the vocabulary's ids


def _learned_positions(found: I.Items, g: Givens) -> dict | None:
    """A table of learned position embeddings (BERT's, GPT-2's): one row per position, numbered from 0 or 1,
    as wide as the inputs, not the inputs themselves: ``{"kind": "learned", "table": {token: row}}``."""
    if g.X is None or g.tokens is None:
        return None
    n, d = len(g.X), len(g.X[0])
    for x in found.found:  # positional_embeddings = torch.tensor([[…], …]): typed in, a row per position
        if isinstance(x, I.Named) and x.literal and _POSITIONS_NAME.search(x.name or "") and \
                V.shape(x.array) == (n, d) and [list(r) for r in x.array] != g.X:
            g.learned_items = {id(x)}
            return {"kind": "learned", "table": {t: list(r) for t, r in zip(g.tokens, x.array)}}
    prose = g.prose.lower()
    if re.search(r"\bsin\b|sin\(|\\sin|\bsinus", prose) and not re.search(r"learn|学習|学习|학습|học|trainable|appris|"
                                                                     r"aprendid|gelernt|wpe|position_embedding", prose):
        return None  # a table of sin and cos is the encoding the document computes, a claim
    if (summed := _summed_inputs(found, g)) is not None:
        return summed
    for x in found.found:
        if isinstance(x, I.Table) and x.row_labels and len(x.rows) == n and len(x.rows[0]) == d and \
                V.counting(x.row_labels) and \
                not any(step_hint(h) is not None and not re.search(r"[\d₀-₉]\W*$", h)  # | Score | exp |, not p1
                        for h in x.col_labels or []) and \
                all(isinstance(c, str) for r in x.rows for c in r) and [list(r) for r in x.rows] != g.X:
            g.learned_items = {id(x)}
            return {"kind": "learned", "table": {t: list(r) for t, r in zip(g.tokens, x.rows)}}
    numbered: dict[int, I.Named] = {}  # p_0 = (…), p_1 = (…): one vector per position, numbered from 0 or 1
    for x in found.found:
        m = _POSITION_VECTOR.fullmatch(V.clean(x.name).replace("$", "").strip()) if isinstance(x, I.Named) else None
        if m and len(V.shape(x.array)) == 1 and len(x.array) == d:
            numbered.setdefault(int(m.group(1)), x)
    for start in (0, 1):
        if sorted(numbered) == list(range(start, start + n)):
            g.learned_items = {id(x) for x in numbered.values()}
            return {"kind": "learned", "table": {t: list(numbered[start + k].array) for k, t in enumerate(g.tokens)}}
    return None


def _summed_inputs(found: I.Items, g: Givens) -> dict | None:
    """Three runs of a row per token, one after the other, the third the sum of the first two
    (``Embedding(The) = […]``, then ``PositionalEncoding(0) = […]``, then ``X_The = Embedding(The) +
    PositionalEncoding(0) = […]``): the first is X, the second the positions (any numbers: learned), and the
    sums are claims of the layer's input, worked by hand. Half the cells of the sums, at least, must be the cells
    of the two runs added, exactly (an author's slip does not hide them)."""
    assert g.X is not None
    n, d = len(g.X), len(g.X[0])
    if n < 2 or d > 64:
        return None
    if "positions" not in g.words:  # (x, then f(x), then x + f(x): a residual connection, no positions)
        return None
    rows = [x for x in found.found if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and
            len(x.array) == d and all(isinstance(c, str) and _PLAIN_DECIMAL.fullmatch(c) for c in x.array)]
    vals = [[Fraction(c) for c in x.array] for x in rows]
    for k in range(len(rows) - 3 * n + 1):
        a, b, c = vals[k:k + n], vals[k + n:k + 2 * n], vals[k + 2 * n:k + 3 * n]
        agree = sum(p + q == w for ra, rb, rc in zip(a, b, c) for p, q, w in zip(ra, rb, rc))
        if 2 * agree >= n * d and any(q != 0 for r in b for q in r):
            emb, pos, sums = rows[k:k + n], rows[k + n:k + 2 * n], rows[k + 2 * n:k + 3 * n]
            g.X = [list(x.array) for x in emb]
            g.x_items = {id(x) for x in emb}
            g.learned_items = {id(x) for x in pos}
            g.x_note = (f"embeddings of {', '.join(g.tokens or [])} ({I.where(emb[0].line)}), positions added "
                        f"({I.where(pos[0].line)}): the sums ({I.where(sums[0].line)}) are claims")
            return {"kind": "learned", "table": {t: list(x.array) for t, x in zip(g.tokens or [], pos)}}
    return None


_PLAIN_DECIMAL = re.compile(r"-?\d{1,30}(?:\.\d{1,30})?")  # (no exponent: 1e-999999999 is no cell to add exactly)
_POSITIONS_NAME = re.compile(r"(?i)pos(?:ition)?(?:al)?_?(?:emb|enc)|\bwpe\b|\bpos_?table\b")
_POSITION_VECTOR = re.compile(r"(?:p|pos|pe|P|PE|wpe)\s*_?\s*\{?\s*(\d{1,3})\s*\}?")


def _token_like(name: str) -> bool:
    """A name that can be a token's (鬼, cat, x_1): not code such as ``out["I"]``, ``self.w`` or ``f(x)``."""
    return not re.search(r"[\[\](){}\"'.,;<>]", name)


def _weight_ids(g: Givens) -> set[int]:
    """The items the givens take as weights, or as Q, K, V stated directly: never a lesson's input."""
    return {id(x) for xs in g.weights.values() for x in xs} | {id(x) for x in g.direct.values()}


def first_matrix(found: I.Items, g: Givens) -> tuple[list[list[str]], list[str] | None, object] | None:
    """The input of a lesson that starts from its data (a LayerNorm over a table, attention over printed rows):
    of the matrices the document prints that are no weights, one called X (or with columns e₀ e₁ …), else the
    first whose rows are named by words, else the first."""
    weights = _weight_ids(g)
    found_ = [(x, m) for x in found.found if id(x) not in weights and (m := _matrix(x)) is not None and
              all(c is not None and c != "None" for r in m for c in r)]  # a masked cell (−∞) is a result, no input
    if not found_:
        return None

    def words(x) -> bool:  # rows named by tokens, every cell a number: a table of inputs
        labels = getattr(x, "row_labels", None) or []
        return bool(labels) and all(V.number(lab) is None for lab in labels) and \
            all(c is not None for r in x.rows for c in r) if isinstance(x, I.Table) else bool(labels)

    def named_x(x) -> bool:  # called X ("embeddings (x):"), or its columns e₀ e₁ … / x₁ x₂ …
        heads = getattr(x, "col_labels", None) or []
        name = getattr(x, "name", "") or ""
        return role(name) == "X" or any(role(w) == "X" for w in _IN_PARENS.findall(name)) or \
            (len(heads) >= 2 and all(role(h) == "X" for h in heads))

    def computed(x) -> bool:  # | p/w_0 | sin(p/w_1) |: columns headed by a formula hold results
        return any(_FORMULA_HEAD.search(h) for h in getattr(x, "col_labels", None) or [])

    found_ = [p for p in found_ if not computed(p[0])] or found_
    encoded = _encoded_pair(found_) if "positions" in g.words else None
    if encoded is not None:  # "Before positional encoding" over a table, x + PE in the next: the first is the input
        return encoded
    x, m = next((p for p in found_ if named_x(p[0])), None) or next((p for p in found_ if words(p[0])), None) \
        or found_[0]
    return m, getattr(x, "row_labels", None), x


# a row statistic's name (μ = 2000, σ = 707.1; mean, std, 平均, 분산 …)
_STATISTIC = re.compile(r"(?i)^(?:μ|mu|mean|avg|average|σ|sigma|std|stdev|var|variance|평균|분산|표준편차|平均|"
                        r"分散|標準偏差|均值|方差|标准差)(?:\W|\d|_|$)")
LONE_LINES = 8  # lines below a vector in which its statistics are stated (a display's lines between)


def lone_vector(found: I.Items, g: Givens) -> tuple[list[list[str]], list[str] | None, object] | None:
    """The input of a normalisation worked on one vector (``Original: [1000, 1500, 2000]``, then ``μ = 2000,
    σ = 707.1`` on a line just below): the first vector of three numbers or more, no weight, that a row
    statistic follows; as a matrix of one row."""
    weights = _weight_ids(g)
    stats = [x.line for x in found.found if (isinstance(x, I.Named) and _STATISTIC.match(I.strip_role(x.name or "")))
             or (isinstance(x, I.LogRow) and any(_STATISTIC.match(n) for n, _ in x.values))
             or (isinstance(x, I.Work) and bool(_STATISTIC.match(x.name)))]  # μ = (1+2+3+4)/4 = 2.5
    for x in found.found:
        if isinstance(x, I.Named) and id(x) not in weights and len(V.shape(x.array)) == 1 and len(x.array) >= 3 and \
                all(V.number(c) is not None for c in x.array) and \
                any(0 < line - x.line <= LONE_LINES for line in stats):
            return [list(x.array)], None, x
    return None


PAIR_SHARE = 0.9  # of the cells of x + PE that must differ from x's by the encoding, to the printed digits


def _encoded_pair(mats: list) -> tuple[list[list[str]], None, object] | None:
    """Two matrices of one shape, the second the first plus sinusoidal encodings of its rows' positions (from 0 or
    1, base 10000, sines and cosines interleaved or in halves) in nearly every cell, to the printed digits: the first
    (a table's column of token ids left out) is the input. Floats only find the pair; the audit judges every cell."""
    from .infer import _value, id_column

    def numbers(x, m):
        heads = getattr(x, "col_labels", None) or []
        if isinstance(x, I.Table) and len(heads) == len(m[0]) and heads and id_column(heads[0], [r[0] for r in m]):
            m = [r[1:] for r in m]  # | Token ID | Dim 1 | …: which token, then the vector
        return m

    shaped = [(x, numbers(x, m)) for x, m in mats]
    for k, (a, ma) in enumerate(shaped):
        n, d = len(ma), len(ma[0])
        if d < 2 or d % 2:
            continue
        for _b, mb in shaped[k + 1:]:
            if len(mb) != n or len(mb[0]) != d:
                continue
            diff = [[(_value(y) - _value(x), V.unit(x) + V.unit(y)) for x, y in zip(ra, rb)] for ra, rb in zip(ma, mb)]
            for start, halves in ((0, False), (1, False), (0, True), (1, True)):
                ok = sum(abs(dv - _pe(p + start, j, d, halves)) <= 1.5 * u for p, row in enumerate(diff)
                         for j, (dv, u) in enumerate(row))
                if ok >= PAIR_SHARE * n * d:
                    return [list(r) for r in ma], None, a
    return None


def _pe(pos: int, j: int, d: int, halves: bool) -> float:
    """The sinusoidal encoding (base 10000) of a position's component j, as a float: only to find a pair."""
    i, cos = (j % (d // 2), j >= d // 2) if halves else (j // 2, j % 2 == 1)
    angle = pos / 10000 ** (2 * i / d)
    return math.cos(angle) if cos else math.sin(angle)


_IN_PARENS = re.compile(r"[(（]\s*([^()（）\s]{1,12})\s*[)）]")
_FORMULA_HEAD = re.compile(r"[/÷·×*√^]|\b(?:sin|cos|exp|softmax|tanh)\b")


def _matrix(x) -> list[list[str]] | None:
    if isinstance(x, I.Table) and all(not isinstance(c, list) for c in x.rows[0]) and len(x.rows) >= 2 \
            and len(x.rows[0]) >= 2:
        return [[str(c) for c in r] for r in x.rows]
    vecs = [r[0] for r in x.rows if len(r) == 1 and isinstance(r[0], list)] if isinstance(x, I.Table) else []
    looped = bool(getattr(x, "row_labels", None)) and all(V.number(lab) is not None for lab in x.row_labels)
    if len(vecs) == len(getattr(x, "rows", ())) >= 2 and not x.col_labels and not looped and \
            len({len(v) for v in vecs}) == 1 and len(vecs[0]) >= 2 and all(isinstance(c, str) for v in vecs for c in v):
        return [[str(c) for c in v] for v in vecs]  # Bugün [0.2, -0.1, …] a line each (0.5 [ … ]: a loop's result)
    if isinstance(x, I.Named) and len(V.shape(x.array)) == 2 and V.shape(x.array)[0] >= 2:
        return [list(r) for r in x.array]
    return None


def _row_names(found: I.Items, n: int, labels: list[str] | None) -> tuple[list[str], str]:
    """Names for n rows: their own comments, a token list, a table's row labels, a quoted sentence, else x1…xn."""
    if labels and len(labels) == n and len(set(labels)) == n and all(labels):
        return list(labels), f"tokens {', '.join(labels)} (the rows' comments)"
    for x in found.found:
        if isinstance(x, I.Tokens) and len(x.tokens) == n and len(set(x.tokens)) == n:
            return list(x.tokens), f"tokens {', '.join(x.tokens)} ({I.where(x.line)})"
    for x in found.found:
        if isinstance(x, I.Table) and x.row_labels and len(x.row_labels) == n and len(set(x.row_labels)) == n \
                and all(lab and V.number(lab) is None for lab in x.row_labels):
            return list(x.row_labels), f"tokens {', '.join(x.row_labels)} (the row labels at {I.where(x.line)})"
    for s in found.prose:
        for m in re.finditer(r"[\"“„«「『]([^\"”“»」』]{2,120})[\"”“»」』]", s):
            words = [w.strip(".,!?。、") for w in m.group(1).split()]
            words = [w for w in words if w]
            if len(words) == n and len(set(words)) == n and not any(_CODE_WORD.search(w) for w in words) and \
                    all(re.search(r"[^\W\d_]", w) for w in words) and not re.search(r"print\s*\(\s*f?$", s[:m.start()]):
                # (a word has a letter: "->" is none; print("Shapes OK -> Wo") is a program's message)
                return words, f"tokens {', '.join(words)} (the sentence {I.G.clip(m.group(0), 40)})"
    for s in found.prose:  # "Two tokens, good and morning, embedded in …": the words a sentence lists
        for m in _LISTED.finditer(s):
            words = [w.strip("`'\"*") for w in re.split(r"\s*,\s*|\s+(?:and|et|und|y|e|и|和)\s+",
                                                          m.group(1) or m.group(2))]
            if len(words) == n and len(set(words)) == n and all(w and V.number(w) is None for w in words):
                return words, f"tokens {', '.join(words)} (the sentence {I.G.clip(m.group(0), 40)})"
    names = [f"x{k}" for k in range(1, n + 1)]
    return names, f"tokens {', '.join(names)} (no names in the document: rows by position)"


# a quoted string of code, not a sentence: a print's label ("A @ B:\n", "W_query shape: {W_query.shape}")
_CODE_WORD = re.compile(r"\\[a-z]|[@{}=;]|:$|[A-Za-z]_[A-Za-z]|[A-Za-z]\.[A-Za-z]")
_LISTED = re.compile(r"(?:tokens?|words?|palabras|mots|wörter|parole|palavras|トークン|単語|토큰|단어|词)\s*[,:：]?\s*"
                     r"((?:[^\s,.:]{1,20}\s*,\s*)*[^\s,.:]{1,20}\s+(?:and|et|und|y|e|и|和)\s+[^\s,.:]{1,20})|"
                     r"(?:rows|zeilen|lignes|filas|righe|linhas|行)\s*[:：]\s*([^\s,.:()]{1,20}(?:\s*,\s*[^\s,.:()]{1,20})+)",
                     re.IGNORECASE)


# ---- candidate models ------------------------------------------------------------------------------------------
@dataclass
class Candidate:
    """A model the document may work, with its notes; ``axes`` are the conventions still to be chosen."""

    label: str
    spec: Spec
    notes: list[str]
    axes: list[tuple[str, list]] = field(default_factory=list)  # (path "model.scale", alternatives)
    prior: int = 0  # lower: believed first
    givens: set[int] = field(default_factory=set)  # ids of the items this model takes as givens (not claims)
    from_x: bool = True  # starts from the document's X (its rows are givens, not claims)
    restated: tuple[str, ...] = ()  # steps whose values are the document's givens again (logits through W = I)
    named: bool = False  # its [names] are the document's own symbols: its lines are read by them


def _layer_attention(g: Givens, names: list[str] | None, identity: bool, d: int) -> dict:
    layer: dict = {}
    if identity:
        layer.update(Wq="identity", Wk="identity", Wv="identity")
        return layer
    for r in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"):
        if r in g.weights:
            layer[r] = list(g.weights[r][0].array)
    return layer


def _per_head(g: Givens, d: int) -> dict | None:
    """Each head's own Wq, Wk, Wv, numbered alike (Wq_1, Wq_2 … or W_Q^{(1)}, …: as many of each, of one shape,
    d_model rows), with W_O when it takes their concatenation: an attention block of that many heads."""
    ws = [g.weights.get(r, []) for r in ("Wq", "Wk", "Wv")]
    k = len(ws[0])
    if k < 2 or any(len(w) != k for w in ws) or g.layout == "column":
        return None
    for group in ws:
        shapes = {tuple(V.shape(w.array)) for w in group}
        if len(shapes) != 1 or len(next(iter(shapes))) != 2 or next(iter(shapes))[0] != d:
            return None
        if [_head_number(w.name) for w in group] != list(range(1, k + 1)):
            return None
    layer: dict = {"heads": k, **{r: [list(w.array) for w in group] for r, group in zip(("Wq", "Wk", "Wv"), ws)}}
    wo = g.weights.get("Wo")
    width = k * len(ws[2][0].array[0])  # the heads' outputs side by side
    if wo and tuple(V.shape(wo[0].array))[:1] == (width,):
        layer["Wo"] = list(wo[0].array)
    elif wo and tuple(V.shape(wo[0].array)) == (d, width):  # written out×in, as nn.Linear keeps it: its transpose
        layer["Wo"] = [list(col) for col in zip(*wo[0].array)]  # is the only way it takes the concatenation
    return layer


def _head_number(name: str) -> int | None:
    """The head a weight's name numbers: Wq_1, W_Q^{(2)}, W^Q_2, Wq1, Wq_h1 → 1, 2, 2, 1, 1."""
    m = re.search(r"(?:_?h(?:ead)?)?[_^{(\s]*(\d)\W*$", V.clean(name).replace("$", ""))
    return int(m.group(1)) if m else None


def _base_model(g: Givens, X: list[list[str]], tokens: list[str]) -> dict:
    m: dict = {"tokens": tokens}
    if g.layout:
        m["layout"] = g.layout
    if g.mask:
        m["mask"] = g.mask
    if g.scale:
        m["scale"] = g.scale
    emb: dict = {}
    for t, row in zip(tokens, X):
        emb.setdefault(t, row)
    m["embeddings"] = emb
    roles = [r for r in ("Wq", "Wk", "Wv", "W1", "W2") if g.weights.get(r)]
    if roles and all(_program_output(g.weights[r][0]) for r in roles):
        # random weights a program printed: its later prints come from more digits (and so from random inputs printed)
        m["givens"] = "rounded" if g.x_output else roles
    if g.learned is not None:
        m["positions"] = g.learned
    return m


def _conventions(g: Givens, attention: bool) -> list[tuple[str, list]]:
    axes: list[tuple[str, list]] = []
    if attention:
        # the words are a prior ("unscaled" may be said of another model): the numbers may still say otherwise
        axes.append(("scale", ["sqrt_dk", "none"] if g.scale is None else [g.scale, "sqrt_dk"]))
        dk = _dk(g) if _BY_DK.search(g.prose) else None
        if dk is not None:  # "Q K' ./ d_k", "durch d_k geteilt": the scores divided by d_k itself
            axes[-1][1].append(dk)
        width = _dk(g) or 0
        for v in dict.fromkeys(m.group(1) for m in _DIVISOR.finditer(g.prose)) if width else ():
            if abs(float(v) - width ** 0.5) <= 0.05 * width ** 0.5 and v not in axes[-1][1]:
                axes[-1][1].append(v)  # √3 ≈ 1.73, "we take 1.7": the scores divided by the root as rounded
        for h in sorted({c for c in g.head_counts if c > 1}) if width and _BY_HEAD_DIM.search(g.prose) else ():
            if width % h == 0 and width // h > 1:  # heads declared, q and k not split, / √head_dim all the same
                axes[-1][1].append(f"√{width // h}")
        if g.mask is None and g.zeros:  # a causal weight table has zeros (or −∞ scores) above its diagonal
            axes.append(("mask", ["none", "causal", "no_self"]))
        elif g.mask is not None:  # "causal" may be said of the next notebook: the numbers decide
            axes.append(("mask", [g.mask, "none"] + (["causal"] if g.mask == "padding" else [])))
        axes += _over(g)
    return axes


def _over(g: Givens) -> list[tuple[str, list]]:
    """A softmax over the whole score matrix as an option, when the document's code sums exp with no axis (an
    online-softmax lesson's safe_softmax, a numpy softmax applied to a matrix): the numbers decide."""
    return [("softmax_over", ["rows", "all"])] if g.sum_all else []


_BY_DK = re.compile(r"(?:[/÷]|\./|durch|divided by|dividing by|geteilt durch|で割|除以|로 나누|\bpar|\bpor)\s*(?:\$\s*)?"
                    r"(?:\\mathrm\{|\\text\{)?d_\{?k\}?(?![\w}]*\s*[)}]?\s*\^)"
                    # d_k = 3으로 나눴습니다, d_k で割る: the divisor before the verb (not √d_k's)
                    r"|(?<![√{(\w])d_\{?k\}?(?:\s*=\s*\d{1,3})?\s*(?:으로|로|で)\s*(?:나누|나눠|나눴|나눈|割)",
                    re.IGNORECASE)


_DIVISOR = re.compile(r"(?:/|÷)\s*(\d+\.\d+)(?![\d.])")  # 3/1.7: a number the document divides by
# scores divided by the root of a head's width (head_dim = C // n_heads): per-head scaling, split or not
_BY_HEAD_DIM = re.compile(r"sqrt\s*\(\s*(?:self\.)?(?:head_dim|head_size|d_head|dim_head|headdim)\b")


def _dk(g: Givens) -> int | None:
    """d_k, the width of a head's queries: of Wq (by its layout), or of the Q given, or of the inputs."""
    wq = g.weights.get("Wq")
    if wq and len(V.shape(wq[0].array)) == 2:
        shape = V.shape(wq[0].array)
        return shape[0] if g.layout == "column" else shape[1]
    if "Q" in g.direct and len(V.shape(g.direct["Q"].array)) == 2:
        return V.shape(g.direct["Q"].array)[1]
    return len(g.X[0]) if g.X else None


def _positions_axes(g: Givens) -> list[tuple[str, list]]:
    # the first option is the case format's default (10000): any other stated base is tried against it
    base = ["10000"] + ([g.base] if g.base and g.base != "10000" else [] if g.base else ["100"])
    start = [0, 1] if _one_position(g) is None else [_one_position(g)]
    return [("positions.base", base), ("positions.start", start), ("positions.order", ["interleaved", "halves"])]


def _pe_start(row: list) -> bool:
    """Whether a printed row is what position 0 encodes: sin 0 = 0 and cos 0 = 1, interleaved or in halves."""
    vals = [V.number(c) if isinstance(c, str) else None for c in row]
    if None in vals or len(vals) < 2:
        return False
    zeros_ones = [float(v) for v in vals]  # type: ignore[arg-type]
    half = (len(vals) + 1) // 2
    return zeros_ones in ([float(k % 2) for k in range(len(vals))], [0.0] * half + [1.0] * (len(vals) - half))


_PE_ALONE = "positional encodings alone"


def _pe_alone(g: Givens, X: list[list[str]], tokens: list[str], item) -> Candidate:
    """A matrix that is the encoding itself (``positional_encoding(7, 6)`` printed, rows by position): the model
    adds the sinusoidal positions to zero embeddings of its shape, and the matrix is its claim, no input."""
    zero = [["0"] * len(X[0]) for _ in X]
    return Candidate(_PE_ALONE + " (the printed matrix is PE)",
                     {"model": dict(_base_model(g, zero, tokens), positions=_sinusoidal(g))},
                     [f"{I.where(item.line)}: the positional encodings of {len(X)} positions × d = {len(X[0])}, "
                      "no embeddings"], _positions_axes(g), prior=3, from_x=False)


def _printed_pe(found: I.Items, X: list[list[str]]) -> tuple[list[list[str]], list[str] | None, object] | None:
    """A matrix printed anywhere that starts as position 0's encoding does (0 1 0 1 …), other than the input X
    the givens chose (token ids, zeros it was filled into): the encoding itself, computed by the program."""
    for x in found.found:
        m = _matrix(x) if not getattr(x, "literal", False) else None  # (a table typed into the code is an input)
        if m is not None and m != X and len(m) > 1 and len(m[0]) > 1 and _pe_start(m[0]) and \
                any((v := V.number(c)) is not None and not float(v).is_integer() for r in m[1:] for c in r):
            return m, getattr(x, "row_labels", None), x
    return None


def _printed_angles(found: I.Items) -> tuple[list[list[str]], list[str] | None, object] | None:
    """A matrix printed anywhere that is the sinusoidal encoding's angles pos / 10000^(2⌊j/2⌋/d), d its width:
    a first row of zeros, then each row its position times the second (1, 1, 10^(-8/d), … in pairs), to the
    printed digits."""
    for x in found.found:
        m = _matrix(x) if not getattr(x, "literal", False) else None
        if m is None or len(m) < 3 or len(m[0]) < 4 or len(m[0]) % 2:
            continue
        d = len(m[0])
        try:
            if any(float(c) != 0 for c in m[0]) or \
                    any(abs(float(m[p][j]) - p * 10000 ** (-2 * (j // 2) / d)) > 1.5 * V.reach(m[p][j])
                        for p in range(1, len(m)) for j in range(d)):
                continue
        except (TypeError, ValueError):
            continue
        return m, getattr(x, "row_labels", None), x
    return None


def _one_position(g: Givens) -> int | None:
    """The position the prose states for a document's one input row, if it states one: else None."""
    return g.position if g.X is not None and len(g.X) == 1 else None


def _sinusoidal(g: Givens) -> dict:
    """The sinusoidal positions of a model: from the one stated position when a single row is worked."""
    start = _one_position(g)
    return {"kind": "sinusoidal", **({"start": start} if start is not None else {})}


# "position 3", "위치 3", "位置3", "pos = 3", PE(3): the one position a single token's encoding is worked at
_POSITION_SAID = re.compile(r"(?:\bposi(?:tion|ción|ção|tion)|\bpos\b|위치|位置)\s*[=:]?\s*(\d{1,3})(?![\d.,]\d)|"
                            r"\bPE\s*\(\s*(\d{1,3})\s*\)", re.IGNORECASE)


MAX_POSITIONS = 256  # attention over n positions is n² numbers: a worked example has a handful

# the length of a positional-encoding table as code states it (PyTorch's PositionalEncoding(d_model, max_len=5000))
_TABLE_LENGTH = re.compile(r"\b(?:max_len(?:gth)?|max_seq_len(?:gth)?|max_position(?:_embedding)?s|n_positions|"
                           r"n_ctx|context_length|block_size)\s*[=:]\s*(\d{1,7})(?![\d.])")


def _table_tail(found: I.Items, g: Givens) -> Candidate | None:
    """The last rows of a summarised print of a positional-encoding table (a module's ``pe`` buffer of max_len rows:
    its first rows, ``...,``, its last ones) are the encodings of positions N − b … N − 1, N the one table length
    the code states: the encodings alone (x = 0) at those positions, read as a computation of their own."""
    if "positions" not in g.words:
        return None
    lengths = {int(m.group(1)) for m in _TABLE_LENGTH.finditer(g.prose)}
    tail = next((x for x in found.found if isinstance(x, I.Named) and x.tail and len(V.shape(x.array)) == 2), None)
    if tail is None or len(lengths) != 1:
        return None
    n = lengths.pop()
    b, d = V.shape(tail.array)
    if not b < n or b > MAX_POSITIONS:
        return None
    tokens = [f"p{n - b + k}" for k in range(b)]
    m = dict(_base_model(g, [["0"] * d for _ in tokens], tokens),
             positions={"kind": "sinusoidal", "start": n - b})
    note = [f"tokens {', '.join(tokens)}: the last {b} rows of a table of {n} positions, printed after the rows "
            f"it leaves out ({I.where(tail.line)})", "positions: sinusoidal, the encodings alone (x = 0)"]
    return Candidate(f"the positional encodings of positions {n - b} to {n - 1}", {"model": m}, note,
                     [a for a in _positions_axes(g) if a[0] != "positions.start"], prior=7)


_OUTPUT = re.compile(r"\boutput line \d+\)$")  # where a notebook's printed output is read from


def _inputs_only(m: dict) -> bool:
    """Whether a model's only givens are its inputs X (a LayerNorm without γ and β, attention of the inputs on
    themselves, their positions): rounding X as printed then rounds no weight the code states exactly."""
    if any(k in m for k in ("head", "loss", "train")) or m.get("positions", {}).get("kind") == "learned":
        return False
    for layer in m.get("layers", []):
        for k, v in layer.items():
            if k == "blocks":
                continue
            if isinstance(v, dict) and (set(v) - {"eps", "variance", "eps_at"} or v.get("kind")):
                return False
            if not isinstance(v, dict) and v != "identity":
                return False
    return True


def givens_of(c: Candidate, g: Givens) -> set[int]:
    """The ids of the items a candidate model takes as its givens: the inputs (when it starts from them), the
    learned positions (when it adds them) and its own."""
    learned = c.spec.get("model", {}).get("positions", {}).get("kind") == "learned"
    return (g.x_items if c.from_x else set()) | (g.learned_items if learned else set()) | c.givens


def candidates(found: I.Items, g: Givens, path: str) -> list[Candidate]:
    """Every model the givens allow, most believed first."""
    out: list[Candidate] = []
    n = len(g.X) if g.X is not None else len(g.direct["Q"].array) if "Q" in g.direct else 0
    if n > MAX_POSITIONS:
        raise CaseError(f"the document gives {n:,} inputs (tokens or rows)", file=path,
                        expected=f"a worked example of at most {MAX_POSITIONS} positions",
                        found=f"{n:,} positions", hint="audit a part of it, or write the case by hand (exactformer "
                        "audit CASE.toml has no such limit)")
    stated = ([f"mask: {g.mask} (the document says so)"] if g.mask else []) + \
        (["scores not scaled (the document says so)"] if g.scale else [])
    X, tokens, note = g.X, g.tokens, [g.token_note, g.x_note] + stated
    first = None
    if X is None and (not g.direct or all(r in g.weights for r in ("Wq", "Wk", "Wv")) or "K" not in g.direct):
        got = first_matrix(found, g) or lone_vector(found, g)  # with the weights stated, a printed q_3 or k_1 is
        # a result, no input (a Q printed without its K is no input of attention either)
        if got is not None:
            rows, labels, item = got
            tokens, tnote = _row_names(found, len(rows), labels)
            X, first = rows, item
            note = [tnote, f"the {'vector' if len(rows) == 1 else 'matrix'} at {I.where(item.line)} taken as the "  # type: ignore[attr-defined]
                    "input X"] + stated
    some = [r for r in ("Wq", "Wk", "Wv") if r in g.weights]
    missing = [r for r in ("Wq", "Wk", "Wv") if r not in g.weights]
    if some and missing and X is not None and tokens is not None and all(r[1].upper() in g.direct for r in missing):
        out.append(_mixed(g, X, tokens, note, missing))  # W^Q stated, K and V "assumed": each as the document has it
    elif some and missing:  # a stated given is never dropped: the rest must be stated too
        raise CaseError(f"the document gives {', '.join(some)} but no {', '.join(missing)}", file=path,
                        line=g.weights[some[0]][0].line, expected="the attention weights, named Wq, Wk, Wv "
                        "(or W_Q, W^Q, …)", found=", ".join(f"{r} ({I.where(g.weights[r][0].line)})" for r in some),
                        hint="give the model with --givens CASE.toml")
    if g.direct and all(r in g.direct for r in "QK") and not some and \
            ("V" in g.direct or len(g.direct["Q"].array) == len(g.direct["K"].array)):  # (with Wq, Wk, Wv stated, Q
        out.append(_direct(found, g))  # is a claim; without V, a lesson that stops at the weights: V unknowns)
    elif not some and (scored := _given_scores(found, g)) is not None:  # print(Q @ K.T), then its softmax
        out.append(scored)
    elif "K" in g.direct and "Q" not in g.direct and not some:  # one query against keys (and values)
        one = _one_query(found, g)
        if one is not None:
            out.append(one)
    if X is not None and tokens is not None:
        d = len(X[0])
        has_w = all(r in g.weights for r in ("Wq", "Wk", "Wv"))
        ffn = "W1" in g.weights and "W2" in g.weights
        if has_w:
            layer = _layer_attention(g, tokens, False, d)
            notes = note + [f"L1.{r} from {g.weights[r][0].name} ({I.where(g.weights[r][0].line)})" for r in layer]
            wq = V.shape(g.weights["Wq"][0].array)
            if len(wq) == 2 and wq[0] != d and wq[1] == d:
                g.layout = "column"
                notes.append("weights written out×in (W·x): layout = column")
            if "Wo" in layer:  # W_O takes the heads' concatenation: as many rows (x·W) as V has columns
                wo, wv = V.shape(layer["Wo"]), V.shape(layer["Wv"])
                if len(wo) != 2 or len(wv) != 2 or (wo[1] != wv[0] if g.layout == "column" else wo[0] != wv[1]):
                    w = g.weights["Wo"][0]
                    del layer["Wo"]
                    layer.pop("bo", None)
                    notes = [n for n in notes if not n.startswith("L1.Wo ")] + [
                        f"{w.name} ({I.where(w.line)}) is {'×'.join(map(str, wo))}, which does not take V's "
                        f"{'×'.join(map(str, wv))} output: not used as W_O"]
            if g.pre_ln:  # GPT-2's ln_1, then attention on it, then the residual (and ln_2, the FFN when given)
                eps = g.eps[0] if g.eps else "1e-5"
                blocks: dict = {"blocks": ["ln1", "attn", "resid1"] + (["ln2", "ffn", "resid2"] if ffn else []),
                                "ln1": {"eps": eps}, "attn": layer, "resid1": {"adds": "in"}}
                if ffn:
                    blocks |= {"ln2": {"eps": eps}, "ffn": _ffn(g), "resid2": {"adds": "resid1"}}
                out.append(Candidate("a pre-LN layer (GPT-2)", {"model": dict(_base_model(g, X, tokens),
                                                                              layers=[blocks])},
                                     notes + ["pre-LN: LayerNorm first, attention on it, then the residual (the "
                                              "document speaks of ln_1 / pre-LN)"],
                                     _conventions(g, True), prior=-1))
            if ffn:
                cls = _classifier(found, g, X, tokens, layer, notes)
                if cls is not None:
                    out.append(cls)
                out.append(post := _post_ln(found, g, X, tokens, layer, notes))
                if "positions" in g.words:  # the same layer on x + PE (sin/cos positions the document speaks of)
                    pe = json.loads(json.dumps(post.spec))
                    pe["model"]["positions"] = {"kind": "sinusoidal"}
                    out.append(Candidate(post.label + ", after positional encodings", pe, post.notes + [
                        "positions: sinusoidal (the document speaks of them)"], post.axes + _positions_axes(g),
                        prior=1))
                m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["attn", "ffn"], "attn": layer, "ffn": _ffn(g)}])
                out.append(Candidate("attention, then an FFN on its output", {"model": m},
                                     notes + ["W1 and W2 given: the FFN takes the attention's output as it is (no "
                                              "residual, no LayerNorm); say otherwise with --givens"],
                                     _conventions(g, True) + [("layers.0.ffn.activation", activations(g))],
                                     prior=0))
            per_head = _per_head(g, d)
            if per_head is not None:  # Wq_1, Wq_2, …: each head's own matrices, numbered
                out.append(Candidate(f"{per_head['heads']}-head attention", {"model": dict(
                    _base_model(g, X, tokens), layers=[per_head])}, note + [
                    f"{per_head['heads']} heads, each with its own Wq, Wk, Wv (" + ", ".join(
                        w.name for w in g.weights["Wq"][:per_head["heads"]]) + ")"] +
                    ([f"W_O from {g.weights['Wo'][0].name} ({I.where(g.weights['Wo'][0].line)})"]
                     if "Wo" in per_head else []), _conventions(g, True), prior=-1))
            cols = len(layer["Wq"][0]) if g.layout != "column" else len(layer["Wq"])
            # the head counts the prose speaks of that split the columns ("2 heads" here, "8 heads" of the paper)
            for h in sorted({c for c in g.head_counts if c > 1 and cols % c == 0}, reverse=True)[:2]:
                multi = {f"{r}_all" if r in ("Wq", "Wk", "Wv") else r: v for r, v in layer.items()
                         if r in ("Wq", "Wk", "Wv", "Wo", "bo")}
                multi["heads"] = h
                out.append(Candidate(f"{h}-head attention", {"model": dict(_base_model(g, X, tokens),
                                                                           layers=[multi])},
                                     notes + [f"{h} heads (the document says so), split by columns"],
                                     _conventions(g, True), prior=0))
            if not ffn and "layernorm" in g.words and _RESIDUAL.search(g.prose.lower()):
                ln_cfg = _layernorm(g, X, tokens, note)  # x + Attention(x), then a LayerNorm: Add & Norm, no FFN
                m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["attn", "resid", "ln"], "attn": layer,
                                                             "resid": {"adds": "in"},
                                                             "ln": ln_cfg.spec["model"]["layers"][0]["ln"]}])
                out.append(Candidate("attention, the residual, then a LayerNorm", {"model": m},
                                     notes + ["the attention's output added to its input, then a LayerNorm"],
                                     _conventions(g, True) + ln_cfg.axes, prior=2))
            head, head_note = _head(found, g, tokens, len(layer["Wv"][0]) if "Wo" not in layer else d)
            loss, loss_note = _loss(g, head["vocab"], tokens[-1]) if head else (None, [])
            base = dict(_base_model(g, X, tokens), layers=[layer], **({"head": head} if head else {}),
                        **({"loss": loss} if loss else {}))
            head_note = head_note + loss_note
            out.append(Candidate("attention" + (", then an output layer" if head else ""), {"model": base},
                                 notes + head_note, _conventions(g, True), prior=1))
            typed = _typed_weights(found, tokens)
            if typed is not None and "Wo" not in layer:  # the softmax replaced by weights typed in, rounded
                m = dict(_base_model(g, X, tokens), layers=[dict(layer, weights=typed[1])])
                out.append(Candidate("attention with the weights the document types in", {"model": m}, notes + [
                    f"weights as typed in ({typed[0].name or 'a matrix'}, {I.where(typed[0].line)}): the weighted "
                    "values and the context from them, not from the softmax"], _conventions(g, True)[:1], prior=2,
                    givens={id(typed[0])}))
            if "positions" in g.words:
                m = dict(_base_model(g, X, tokens), layers=[layer], positions=_sinusoidal(g))
                out.append(Candidate("attention after positional encodings", {"model": m},
                                     notes + ["positions: sinusoidal (the document speaks of them)"],
                                     _conventions(g, True) + _positions_axes(g), prior=2))
        elif ffn:
            if g.sublayer is None and "layernorm" in g.words and not _from_upstream(g) and \
                    _RESIDUAL.search(g.prose.lower()):
                # (a gradient from upstream: the document works the FFN's backward pass, the FFN is its end)
                ln_cfg = _layernorm(g, X, tokens, note)  # x + FFN(x), then a LayerNorm: an Add & Norm of the FFN
                m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["ffn", "resid", "ln"], "ffn": _ffn(g),
                                                             "resid": {"adds": "in"},
                                                             "ln": ln_cfg.spec["model"]["layers"][0]["ln"]}])
                out.append(Candidate("an FFN, the residual, then a LayerNorm", {"model": m},
                                     note + ["an FFN from W1, W2, added to its input, then a LayerNorm"],
                                     [("layers.0.ffn.activation", activations(g))] +
                                     ln_cfg.axes, prior=4))  # after the FFN alone: only more agreement wins
                m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["ln", "ffn", "resid"],
                                                             "ln": ln_cfg.spec["model"]["layers"][0]["ln"],
                                                             "ffn": _ffn(g), "resid": {"adds": "in"}}])
                out.append(Candidate("a LayerNorm, an FFN on it, then the residual (pre-LN)", {"model": m},
                                     note + ["a LayerNorm first, the FFN from W1, W2 on it, added to the input"],
                                     [("layers.0.ffn.activation", activations(g))] + ln_cfg.axes, prior=4))
            m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["ffn"], "ffn": _ffn(g)}])
            out.append(Candidate("a feed-forward network", {"model": m}, note + ["an FFN from W1, W2"],
                                 [("layers.0.ffn.activation", activations(g))],
                                 prior=3))
            ident = _post_ln(found, g, X, tokens, _layer_attention(g, tokens, True, d),
                             note + ["no Wq, Wk, Wv: attention on the inputs themselves (Q = K = V = X)"])
            ident.label, ident.prior = "a post-LN layer with Q = K = V = X", 2
            ident.axes = ident.axes + [("layers.0.ffn.activation", activations(g))]
            out.append(ident)
        if g.sublayer is not None:
            sub = g.sublayer
            ln_cfg = _layernorm(g, X, tokens, note)
            ln = ln_cfg.spec["model"]["layers"][0]["ln"]
            m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["sub", "resid", "ln"],
                                                         "sub": {"value": list(sub.array)}, "resid": {"adds": "in"},
                                                         "ln": ln}])
            out.append(Candidate("Add & Norm: the input plus a stated sublayer output, then a LayerNorm",
                                 {"model": m}, note + [f"the sublayer's output from {sub.name} ({I.where(sub.line)})"],
                                 ln_cfg.axes, prior=-1,
                                 givens={id(sub)} | ({g.sublayer_table} if g.sublayer_table else set())))
        if not has_w:
            ln = _layernorm(g, X, tokens, note)
            pe = Candidate("positional encodings", {"model": dict(_base_model(g, X, tokens),
                                                                  positions=_sinusoidal(g))},
                           note + ["positions: sinusoidal, no layers"], _positions_axes(g), prior=4) \
                if g.learned is None else \
                Candidate("learned positions added", {"model": _base_model(g, X, tokens)},
                          note + ["positions: the table the document gives, added to the inputs; no layers"], prior=4)
            ident = Candidate("attention with Q = K = V = X (no projections)",
                              {"model": dict(_base_model(g, X, tokens),
                                             layers=[_layer_attention(g, tokens, True, d)])},
                              note + ["no Wq, Wk, Wv: attention on the inputs themselves (Q = K = V = X)"],
                              _conventions(g, True), prior=5)
            order = [ln, pe, ident]
            if "positions" in g.words and "layernorm" not in g.words:
                both = Candidate("attention with Q = K = V = X after positional encodings",
                                 {"model": dict(_base_model(g, X, tokens), positions=_sinusoidal(g),
                                                layers=[_layer_attention(g, tokens, True, d)])},
                                 note + ["positions: sinusoidal, then attention on x + PE itself (Q = K = V)"],
                                 _positions_axes(g) + _conventions(g, True), prior=6)
                order = [pe, ident, both, ln]
            elif "layernorm" not in g.words:
                order = [ident, pe, ln]
            if first is not None and d > 1 and len(X) > 1 and _pe_start(X[0]):
                order.insert(0, _pe_alone(g, X, tokens, first))  # the one matrix printed is the encoding
            elif (encoding := _printed_pe(found, X) or _printed_angles(found)) is not None:  # an encoding (or its
                rows, labels, item = encoding  # angles pos / 10000^(2i/d)) printed beside other inputs
                order.insert(0, _pe_alone(g, rows, _row_names(found, len(rows), labels)[0], item))
            out += [c for c in order if c is not ln or d > 1]  # one component: every row normalises to 0
            if "batchnorm" in g.words and len(X) > 1:  # BatchNorm beside LayerNorm: each column over the batch
                out.append(_batchnorm(g, X, ln))
    if first is not None:
        for c in [c for c in out if c.from_x]:  # (a model of the scores given does not start from X)
            c.notes.append(f"{I.where(first.line)}: the input, not a claim")  # type: ignore[attr-defined]
            c.givens = c.givens | {id(first)}
    shown = [x for x in ([first] if first is not None else found.found) if id(x) in g.x_items or x is first]
    printed = [x for x in shown if isinstance(x, I.Named) and _OUTPUT.search(x.at) and _printed(x)]
    if printed and len(printed) == len(shown):
        for c in out:  # a LayerNorm of a layer's printed output: its numbers come from the unrounded values
            if _inputs_only(c.spec["model"]):
                c.spec["model"]["givens"] = "rounded"
                c.notes.append(f"givens = rounded: the input is a program's output, printed to "
                               f"{_decimals(printed[0])} decimals")
    scored = _given_scores(found, g)
    if scored is not None and all(c.label != scored.label for c in out):  # (weights stated: not tried above)
        # its −∞ cells printed: tried early (one model, cheap), else after the others
        out.insert(0 if scored.spec["model"].get("mask") and not scored.axes else len(out), scored)
    only_head = _output_layer(found, g)
    if only_head is not None:
        out.insert(0, only_head)
    tied = _tied_head(found, g)
    if tied is not None:
        out.insert(0, tied)
    logits = _given_logits(found, g)
    if logits is not None:
        out.insert(0, logits)
    neuron = _neuron(found, g)
    if neuron is not None:  # inputs, weights, an activation and a target named one by one: tried early
        out.insert(0, neuron)
    plain = not any(r in g.weights for r in ("Wq", "Wk", "Wv"))
    for extra in (_mlp(found, g), _linear(found, g), _network(found, g), _modules(found, g),
                  _regression(found, g), _projection(found, g), *_worked(found)) if plain else ():
        if extra is not None:
            out.insert(0, extra)
    out[:0] = _mlp_indexed(found, g) if plain else []
    tail = _table_tail(found, g)
    if tail is not None:
        out.append(tail)
    temps = temperatures(g)
    heads = [json.dumps(c.spec["model"].get("embeddings"), sort_keys=True) for c in out if "head" in c.spec["model"]]
    chained = [c for c in _chains(found, g, temps) if "head" not in c.spec["model"] or  # (logits read as such: theirs)
               json.dumps(c.spec["model"]["embeddings"], sort_keys=True) not in heads]
    # cheap (one try each): first in a further reading, where they are what is left
    out = chained + out if found.earlier is not None else out + chained
    for c in list(out) if temps else ():
        m = c.spec["model"]
        if "head" not in m:
            continue
        if len(temps) > 1 and len(m["tokens"]) == 1:  # the same logits sampled at each stated temperature, a row each
            at_t = [f"T={t}" for t in temps]
            z = next(iter(m["embeddings"].values()))
            each = dict(m, tokens=at_t, embeddings={r: list(z) for r in at_t},
                        head=dict(m["head"], temperature=dict(zip(at_t, temps))))
            each.pop("loss", None)
            out.insert(out.index(c) + 1, replace(
                c, label=c.label + ", at each temperature", spec={"model": each}, prior=c.prior + 1,
                notes=c.notes + [f"sampling temperatures {', '.join(temps)} (stated): the logits divided by each, "
                                 "a row each"]))
        elif len(m["tokens"]) > 1 and any(t != "1" for t in temps):  # a causal LM's last position sampled at T
            hot = [t for t in temps if t != "1"]
            last = m["tokens"][-1]
            at_temps = [f"T={t}" for t in hot]
            each = dict(m, tokens=m["tokens"] + at_temps, embeddings={**m["embeddings"], **{
                r: list(m["embeddings"][last]) for r in at_temps}}, head=dict(m["head"], temperature={
                    **{t: "1" for t in m["tokens"]}, **dict(zip(at_temps, hot))}))
            out.insert(out.index(c) + 1, replace(
                c, label=c.label + ", the last position sampled at each temperature", spec={"model": each},
                prior=c.prior + 1, notes=c.notes + [f"sampling temperatures {', '.join(hot)} (stated): the last "
                                                    f"position's logits ({last}) divided by each, a row each"]))
        m["head"]["temperature"] = temps[0]  # softmax(z / T): the temperature the document samples with
        # a temperature only mentioned ("one usually divides by T = 0.7 when sampling") is not applied: T = 1,
        # the logits as they are, is tried too, and the numbers decide
        c.axes = c.axes + [("head.temperature", temps + ([] if "1" in temps else ["1"]))]
        c.notes.append(f"a sampling temperature: T = {temps[0]} (stated" +
                       (f"; also {', '.join(temps[1:])})" if temps[1:] else ")"))
    if not any(c.label.startswith(_PE_ALONE) for c in out) and (angles := _printed_angles(found)) is not None:
        rows, labels, item = angles  # get_angles(…) printed in a notebook that works other things (a softmax, a
        out.append(_pe_alone(g, rows, _row_names(found, len(rows), labels)[0], item))  # mask): a computation too
    return out


WRITTEN_PRIOR = 2  # a function the document writes on its input (softmax([…]) = […]): stated, not guessed


def _bits_beside(found: I.Items, logits, d: int) -> list[str] | None:
    """The 0/1 targets of a row of logits: a vector of d zeros and ones printed on the logits' line (``print(
    inputs, target)``) or named as the target (``target``, ``labels``, ``y``); None when there is none."""
    for x in found.found:
        if isinstance(x, I.Named) and x is not logits and len(V.shape(x.array)) == 1 and len(x.array) == d and \
                all(isinstance(c, str) and V.BIT.fullmatch(c) for c in x.array) and \
                (x.line == logits.line or x.name.strip().lower() in _TARGET_NAMES):
            return [str(int(float(c))) for c in x.array]
    return None




def _chains(found: I.Items, g: Givens, temps: list[str]) -> list[Candidate]:
    """A printed array computed from one printed before it (a row of scores, then its softmax after dividing by
    √d_k; weights times a mask, then divided by their row sums; probabilities, then −ln p): a model of its own
    whose inputs are the earlier array as printed (rounded, when a program printed it) and one ``fn`` block, the
    function the numbers fit (``chains``); one row's softmax is the output softmax over those logits (with the
    cross-entropy of the target the document names). Least believed: tried after every model of the document's
    givens."""
    out: list[Candidate] = []
    seen: set[str] = set()
    for ch in chains.find(found.found, found.earlier or [], temps, found.slipped, found.in_code):
        src = ch.source
        n, d = src.shape
        labels = src.labels or (["z"] if n == 1 else [f"r{k + 1}" for k in range(n)])
        fn: dict = {"op": ch.op}
        if ch.scale is not None:
            fn["scale"] = ch.scale
        if ch.masked:
            fn["mask"] = "causal" if set(ch.masked) == {(i, j) for i in range(n) for j in range(d) if j > i} \
                else [[i + 1, j + 1] for i, j in ch.masked]
        if ch.by is not None:
            fn["by"] = [list(r) for r in ch.by.rows]
        rows = [[c if c is not None else "0" for c in r] for r in src.rows]
        model: dict = {"tokens": labels, **({"givens": "rounded"} if src.rounded else {}),
                       "embeddings": dict(zip(labels, rows)), "layers": [{"blocks": ["fn"], "fn": fn}]}
        head = ch.op == "softmax" and n == 1 and not ch.masked and (ch.scale is None or not ch.scale.startswith("√"))
        loss: dict | None = None
        if head:  # one row of logits: the output softmax over them, with its loss when the target is said
            vocab = next((t.tokens for t in found.found if isinstance(t, I.Tokens) and len(t.tokens) == d and
                          len(set(t.tokens)) == d), None) or [f"v{k + 1}" for k in range(d)]
            del model["layers"]
            model["head"] = _identity_head(vocab) | ({"temperature": ch.scale} if ch.scale else {})
            loss, said = _loss(g, vocab, labels[0])
            if loss is not None:
                model["loss"] = loss
        bits = _bits_beside(found, src.item, d) if ch.op == "sigmoid" and n == 1 else None
        if bits is not None:  # σ of logits beside 0/1 targets (BCELoss): the loss, and its gradient at the logits
            model["loss"] = {"kind": "bce", "targets": {labels[0]: bits}}
        key = json.dumps(model, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        what = {"softmax": "the softmax" + (f" of it divided by {ch.scale}" if ch.scale else "") +
                (" with its −∞ cells masked" if ch.masked else ""), "normalize": "divided by its row sums",
                "tril": "its cells above the diagonal zeroed", "mul": "times the mask printed at " +
                (I.where(ch.by.item.line) if ch.by is not None else ""), "log": "ln of each", "neglog": "−ln of each",
                "exp": "e^x of each", "sigmoid": "σ(x) of each", "tanh": "tanh x of each",
                "relu": "max(0, x) of each", "shift": "minus its row's maximum", "sum": "its row sums",
                "mean": "its row means", "gram": "its rows' dot products (x·xᵀ)"}[ch.op]
        item = src.item
        notes = [f"the array at {I.where(item.line)} as its input ({'printed rounded' if src.rounded else 'as written'})"
                 + (", its −∞ cells masked" if ch.masked else "") + f"; the array at {I.where(ch.result.line)} is "
                 f"{what}"] + (said if loss is not None else []) + \
            ([f"loss: binary cross-entropy of σ against the targets {', '.join(bits)} (printed beside the logits)"]
             if bits is not None else [])
        out.append(Candidate(f"a function of the array at {I.where(item.line)}: {what}", {"model": model}, notes,
                             prior=WRITTEN_PRIOR if ch.written else 9, givens={id(item)} | ({id(ch.by.item)} if ch.by is not None else set()),
                             from_x=False, restated=("logits",) if head else ()))
    return out


# the word, as a document speaks of sampling (any Russian case form); in a setting, with its value
_TEMPERATURE_WORD = re.compile(r"(?i:temperature|温度|온도|température|temperatura|temperatur|температур|nhiệt độ|suhu)")
_TEMPERATURE = re.compile(r"(?:(?i:temperature|温度|온도|température|temperatura|temperatur|температура|nhiệt độ|suhu)"
                          r"(?:\s*(?:系数|参数|パラメータ|파라미터))?(?:\s*[(（]?\s*\$?T\$?\s*[)）]?)?|(?<![\w\\])\$?T)\s*\$?\s*"
                          r"(?:=|＝|:|：|は|を|를|을|取|为|是)\s*\$?\s*(" + V.NUMBER.pattern + r")(?![\w.])")


def temperatures(g: Givens) -> list[str]:
    """The sampling temperatures the document states (``T = 0.7``, ``温度 T = 0.5``), in order, when it speaks of a
    temperature at all."""
    if not _TEMPERATURE_WORD.search(g.prose):
        return []
    got: list[str] = []
    for m in _TEMPERATURE.finditer(g.prose):
        v = V.number(m.group(1).rstrip("."))  # "T = 2.": the sentence's full stop
        try:
            ok = v is not None and 0 < Fraction(v) <= 100
        except (ValueError, ZeroDivisionError):
            ok = False
        if ok and v is not None and v not in got:
            got.append(v)
    return got


def _output_layer(found: I.Items, g: Givens) -> Candidate | None:
    """The output layer alone: a hidden state h (one vector) times the vocabulary weights, the next-word
    softmax, and the cross-entropy of the target word when the document names one."""
    if any(r in g.weights for r in ("Wq", "Wk", "Wv")):
        return None
    sizes = {len(x.tokens) for x in found.found if isinstance(x, I.Tokens)} | {  # a word list, or a table's words
        len(words) for x in found.found if (words := _row_words(x)) is not None}
    plain: list[tuple[I.Named, object]] = [  # (the weights, the item they are read from)
        (x, x) for x in found.found if isinstance(x, I.Named) and x.name.strip() == "W" and
        len(V.shape(x.array)) == 2 and set(V.shape(x.array)) & sizes]  # W over a word list: the vocabulary
    table_bias: dict[int, list] = {}  # | bias | 0.0 | 0.1 | …: the table's last row, under the weights
    for x in found.found:
        if isinstance(x, I.Table) and x.col_labels and len(x.rows) >= 2 and \
                len(x.col_labels) == len(x.rows[0]) >= 2 and all(isinstance(c, str) for r in x.rows for c in r) and \
                all(V.number(h) is None for h in x.col_labels) and _in_prose(g, x.col_labels):  # | | saya | kopi |
            rows = [list(r) for r in x.rows]
            if x.row_labels and _BIAS_ROW.fullmatch(V.clean(x.row_labels[-1]).strip().lower()) and len(rows) >= 3:
                table_bias[id(x)] = rows.pop()
            plain.append((I.Named("W", rows, x.line, x.at, None, None, x.row_lines, list(x.col_labels)), x))
    def state(shape) -> I.Named | None:  # the hidden state: a named vector as long as the weights are tall or wide
        return next((x for x in found.found if isinstance(x, I.Named) and x.name and role(x.name) is None and
                     x.name.strip() not in ("b", "W") and len(V.shape(x.array)) == 1 and len(x.array) in shape),
                    None) if len(shape) == 2 else None

    # the head's weights, else the first table of weights over the vocabulary that a hidden state fits (a later
    # one is its gradient; a table of results before it fits none)
    fitting = [(g.weights["head"][0],) * 2] if "head" in g.weights else \
        [(w, src) for w, src in plain if state(V.shape(w.array)) is not None][:1]
    if not fitting:
        return None
    w, source = fitting[0]
    shape = V.shape(w.array)
    h = state(shape)
    if h is None:
        return None
    name = I.strip_role(h.name) if re.fullmatch(r"\w{1,20}", I.strip_role(h.name)) else "h"
    head, notes = _head(found, g, [name], len(h.array), w)
    if head is None:
        return None
    bias = next((x for x in found.found if isinstance(x, I.Named) and x.name.strip() in ("b", "bias", "b_out") and
                 len(V.shape(x.array)) == 1 and len(x.array) == len(head["vocab"])), None)
    givens = {id(h), id(source)}
    if bias is None and id(source) in table_bias:
        bias = I.Named("bias", table_bias[id(source)], w.line, w.at)
    if bias is not None:
        head["b"] = list(bias.array)
        givens.add(id(bias))
        notes.append(f"head.b from {bias.name} ({I.where(bias.line)})")
    loss, loss_note = _loss(g, head["vocab"], name)
    m = {"tokens": [name], "embeddings": {name: list(h.array)}, "head": head, **({"loss": loss} if loss else {})}
    spec: Spec = {"model": m}
    lr = stated_rate(g.prose) if loss else None
    if lr is not None:  # one step of the output layer's weights ("η = 0.1", then W_new), or of its bias (b ← …)
        params = [p for p, pat in (("head.W", _UPDATES_W), ("head.b", _UPDATES_B)) if pat.search(g.prose)
                  and (p != "head.b" or "b" in head)] or ["head.W"]
        spec["train"] = {"lr": lr, "steps": 1, "params": params}
        notes.append(f"one training step of {' and '.join(params)} at learning rate {lr}")
    return Candidate("an output layer on one hidden state", spec,
                     [f"the hidden state {h.name} ({I.where(h.line)}) as the only position"] + notes + loss_note,
                     prior=-2, givens=givens, from_x=False)


def _tied_head(found: I.Items, g: Givens) -> Candidate | None:
    """A causal language model's head over hidden states the document gives, tied to its embedding (GPT-2's
    ``lm_head``, logits = h·Eᵀ): the embedding matrix a row per word of the vocabulary, the hidden states a row
    per input token (the tokens named by their ids into the vocabulary), the softmax and, when the labels are
    the inputs shifted by one, the cross-entropy of each position's next token."""
    if g.weights or g.direct or not _TIED.search(g.prose):
        return None
    vocab = next((x.tokens for x in found.found if isinstance(x, I.Tokens) and
                  len(set(x.tokens)) == len(x.tokens) >= 2), None)
    mats = [x for x in found.found if isinstance(x, I.Named) and len(V.shape(x.array)) == 2]
    emb = next((x for x in mats if vocab and V.shape(x.array)[0] == len(vocab)), None)
    if vocab is None or emb is None:
        return None
    d = V.shape(emb.array)[1]
    hidden = next((x for x in mats if x is not emb and V.shape(x.array)[1] == d and V.shape(x.array)[0] < len(vocab)
                   and not all(isinstance(c, str) and c.isdigit() for c in _cells(x))), None)  # no token ids
    if hidden is None:
        return None
    n = len(hidden.array)
    ids = next((cells for x in found.found if isinstance(x, I.Named) and
                len(cells := _cells(x)) == n and all(isinstance(c, str) and c.isdigit() for c in cells)), None)
    if ids is None or any(int(c) >= len(vocab) for c in ids) or len(set(ids)) < n:
        return None
    tokens = [vocab[int(c)] for c in ids]
    head = {"vocab": list(vocab), "W": [list(col) for col in zip(*emb.array)]}  # Eᵀ: d_model × |vocab|
    m: dict = {"tokens": tokens, "embeddings": {t: list(r) for t, r in zip(tokens, hidden.array)}, "head": head}
    notes = [f"the hidden states ({I.where(hidden.line)}) of {', '.join(tokens)} (their ids into the vocabulary)",
             f"the output layer tied to the embedding ({I.where(emb.line)}): logits = h·Eᵀ"]
    if n >= 2 and _SHIFTED.search(g.prose):
        m["loss"] = {"kind": "cross_entropy", "targets": {tokens[k]: tokens[k + 1] for k in range(n - 1)}}
        notes.append("loss: cross-entropy of each position's next token (the labels shifted by one)")
    return Candidate("a language model's head tied to its embedding", {"model": m}, notes, prior=-3,
                     givens={id(hidden), id(emb)}, from_x=False)


# the output layer is the embedding transposed (GPT-2's weight tying), as documents say or write it
_TIED = re.compile(r"\bti(?:es|ed|ing)\b[^.]{0,80}\bembedding|weight tying|tie_word_embeddings|\bwte\.T\b|"
                   r"embed\w*\.weight\.T\b|重み共有|权重共享|가중치 공유", re.IGNORECASE)
# a causal LM's labels: the inputs shifted by one
_SHIFTED = re.compile(r"shift_labels|labels?[^.]{0,40}\bshifted\b|shifted by one|\[:,\s*1:\]|1つずらし|一つずらし|"
                      r"错开一位|右移一位|한 칸 밀", re.IGNORECASE)


def _row_words(x) -> list[str] | None:
    """A table's row labels when there are two or more and every one is a word (| 天安门 | 0.88 | …): a
    vocabulary, perhaps."""
    if not isinstance(x, I.Table) or not x.row_labels or len(x.row_labels) < 2:
        return None
    words = [lab.strip("*`_ ") for lab in x.row_labels]
    return words if all(w and V.number(w) is None for w in words) else None


def _col_words(x) -> list[str] | None:
    """A table's column labels when every one is a word and a row is headed as the logits or probabilities
    (| | tea | is | over ``logit z``, ``p``): the vocabulary its columns are."""
    if not isinstance(x, I.Table) or not x.col_labels or len(x.col_labels) < 2 or not x.row_labels or \
            not any(step_hint(lab) in ("logits", "probs") for lab in x.row_labels):
        return None
    words = [lab.strip("*`_ ") for lab in x.col_labels[-len(x.rows[0]):]] if x.rows else []
    return words if len(words) >= 2 and all(w and V.number(w) is None for w in words) else None


_ARROW = r"\s*(?:←|\\leftarrow|:=|-=)"
_UPDATES_W = re.compile(r"(?<![\w\\])W(?:_?\{?[\w ]{0,8}\}?)?(?:\[[^\]]*\])?" + _ARROW)  # W ← W − η ∂L/∂W
_UPDATES_B = re.compile(r"(?<![\w\\])b(?:_?\{?[\w ]{0,8}\}?)?(?:\[[^\]]*\])?" + _ARROW)  # b_j ← b_j − η (p_j − y_j)
_BIAS_ROW = re.compile(r"bias|b|b_out|偏置|バイアス|편향|sesgo|viés|biais")
_TARGET_HEAD = re.compile(r"target|next|label|正解|目标|目標|정답|cible|objetivo|ziel|alvo|mục tiêu")
_LOGITS_NAMES = r"logits?|z|scores?|ロジット|로짓|对数几率"  # what a vector of logits is called
_LOGITS_NAME = re.compile(r"^(?:" + _LOGITS_NAMES + r")$", re.IGNORECASE)


def _given_logits(found: I.Items, g: Givens) -> Candidate | None:
    """Logits the document states (a table of one row per position, a column per word, ``z(cats)``; or a vector
    named logits or z over a word list), then the softmax over the words and the cross-entropy of the targets
    its table names: the output layer from its logits, with W the identity."""
    if g.weights or g.direct:
        return None
    rows: list[list[str]] | None = None
    vocab: list[str] | None = None
    labels: list[str] = []
    targets: list[str] | None = None
    item: I.Table | I.Named | None = None
    words = {w for t in found.found if isinstance(t, I.Tokens) for w in t.tokens}
    soft = {re.sub(r"\s+", "", x.name) for x in found.found if isinstance(x, I.Named) and x.name}
    for x in found.found:
        if isinstance(x, I.Table) and x.col_labels and len(x.col_labels) == len(x.rows[0]) >= 2 and \
                all(isinstance(c, str) for r in x.rows for c in r) and \
                all(V.number(h) is None and h for h in x.col_labels) and len(set(x.col_labels)) == len(x.col_labels):
            heads = [h for k, h in (x.texts or {}).items() if _TARGET_HEAD.search(k)]
            named = x.row_labels is not None and len(x.row_labels) == 1 and _logits_label(x.row_labels[0])
            if set(x.col_labels) <= words or heads or named:  # | logit $z$ | 2.1 | 1.3 |: under the words
                rows, vocab, item = [[str(c) for c in r] for r in x.rows], list(x.col_labels), x
                labels = list(x.row_labels) if x.row_labels else [f"t{k + 1}" for k in range(len(x.rows))]
                targets = heads[0] if heads else None
                break
        column = _logits_column(x, g)
        if column is not None:  # | mat | 2.1 |: a row per word, its logit in a column (perhaps beside its e^z and p)
            vocab, item, labels = _row_words(x), x, ["z"]
            rows = [[str(r[column]) for r in x.rows]]  # type: ignore[union-attr]
            break
        if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and (_LOGITS_NAME.match(x.name.strip()) or (
                x.name.strip() and f"softmax({x.name.strip()})" in soft)):  # x = […] beside softmax(x) = […]
            size = len(x.array)
            vocab = next((t.tokens for t in found.found if isinstance(t, I.Tokens) and len(t.tokens) == size), None) \
                or [f"v{k + 1}" for k in range(size)]
            rows, item, labels = [list(x.array)], x, ["z"]
            break
    if rows is None and (scalars := _logit_scalars(found)):  # z_cat = 2.1, z_dog = 0.4, …: a logit per word
        vocab, rows, item, labels = list(scalars), [list(scalars.values())], next(
            x for x in found.found if isinstance(x, I.Table) and split_name(x.name)[1] == next(iter(scalars))), ["z"]
    if rows is None or vocab is None or item is None or len(set(labels)) != len(labels):
        return None
    d = len(vocab)
    head = _identity_head(vocab)
    m: dict = {"tokens": labels, "embeddings": {t: r for t, r in zip(labels, rows)}, "head": head}
    notes = [f"logits given directly ({I.where(item.line)}) over {', '.join(vocab)}: the softmax over them"]
    layer = _layer_of_logits(found, g, rows, d) if len(labels) == 1 else None
    if layer is not None:  # z = Wh + b with h and b stated, W not: a W that gives the logits (its gradient needs none)
        h, b, W = layer
        m["embeddings"] = {labels[0]: list(h.array)}
        head |= {"W": W, "b": list(b.array)}
        notes.append(f"the layer's input {h.name} ({I.where(h.line)}) and bias {b.name} ({I.where(b.line)}): "
                     "W chosen as (z − b)·hᵀ/|h|², which gives the stated logits")
    if targets and len(targets) == len(labels) and set(targets) <= set(vocab):
        m["loss"] = {"kind": "cross_entropy", "targets": dict(zip(labels, targets))}
        notes.append("loss: the cross-entropy of each row's target (the table names them)")
    else:
        loss, more = _loss(g, vocab, labels[-1])
        if loss is not None:
            m["loss"], notes = loss, notes + more
    beside = isinstance(item, I.Table) and item.row_labels and len(item.rows[0]) > 1  # its e^z and p: claims
    spec: Spec = {"model": m}
    if layer is not None and "loss" in m and (lr := stated_rate(g.prose)) is not None:
        params = [p for p, pat in (("head.W", _UPDATES_W), ("head.b", _UPDATES_B)) if pat.search(g.prose)]
        if params:  # b ← b − η (p − y): one step of what the document updates
            spec["train"] = {"lr": lr, "steps": 1, "params": params}
            notes.append(f"one training step of {' and '.join(params)} at learning rate {lr}")
    given = set() if beside else {id(item)}
    given |= {id(layer[0]), id(layer[1])} if layer is not None else set()
    return Candidate("the output softmax over logits the document gives", spec, notes, prior=-1,
                     givens=given, from_x=False, restated=("logits",))


_LAYER_FORMULA = re.compile(r"=W(?:_\w{1,3})?[·⋅]?h\+b")  # z = Wh + b, logits = W·h + b (spaces, TeX dropped)


def _identity_head(vocab: list[str]) -> dict:
    """The output layer of logits given directly: W the identity over the words, the softmax over them."""
    d = len(vocab)
    return {"vocab": vocab, "W": [["1" if i == j else "0" for j in range(d)] for i in range(d)]}


def _layer_of_logits(found: I.Items, g: Givens, rows: list[list[str]], d: int) \
        -> tuple[I.Named, I.Named, list[list[str]]] | None:
    """An output layer whose logits z the document states with its input h and bias b but not W (z = Wh + b):
    h, b and the W = (z − b)·hᵀ/|h|² (a row per component of h, a column per word) for which Wᵀh + b = z
    exactly. The gradients ∂L/∂W = h (p − y)ᵀ and ∂L/∂b = p − y do not depend on W, so they are the document's."""
    plain = re.sub(r"\\[A-Za-z]+\s*\{([^{}]*)\}", r"\1", g.prose)
    if not _LAYER_FORMULA.search(re.sub(r"[\s$`*{}]", "", plain)):
        return None
    vecs = [x for x in found.found if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and
            all(V.number(str(c)) is not None for c in x.array)]
    h = next((x for x in vecs if I.strip_role(x.name).strip() in ("h", "x", "hidden")), None)
    b = next((x for x in vecs if I.strip_role(x.name).strip() in ("b", "bias", "b_out") and len(x.array) == d), None)
    if h is None or b is None:
        return None
    hs = [Fraction(V.number(str(c)) or "0") for c in h.array]
    norm = sum(x * x for x in hs)
    if norm == 0:
        return None
    z = [Fraction(V.number(str(c)) or "0") - Fraction(V.number(str(c_b)) or "0") for c, c_b in zip(rows[0], b.array)]
    return h, b, [[str(x * zj / norm) for zj in z] for x in hs]


_LOGITS_HEAD = re.compile(r"(?:" + _LOGITS_NAMES + r"|z_i|raw scores?|スコア|점수|分数|得分)(?:\s*\(z\))?",
                          re.IGNORECASE)
_LOGITS_WORD = re.compile(r"\blogits?\b|ロジット|로짓|对数几率|未归一化", re.IGNORECASE)


def _logit_scalars(found: I.Items) -> dict[str, str]:
    """Logits written one per word under one name (``z_cat = 2.1, z_dog = 0.4``, ``logit_{sun} = 1.2``): each
    word's first logit, in order, when two or more words are so given on one line; else {}."""
    by_line: dict[int, dict[str, str]] = {}
    for x in found.found:
        if isinstance(x, I.Table) and x.name and len(x.rows) == 1 and len(x.rows[0]) == 1 and \
                isinstance(x.rows[0][0], str):
            base, sub = split_name(x.name)
            if sub is not None and _LOGITS_NAME.match(base.strip()) and _token_like(sub) and not sub.isdigit():
                by_line.setdefault(x.line, {}).setdefault(sub, x.rows[0][0])
    return next((got for got in by_line.values() if len(got) >= 2), {})


def _logits_label(text: str) -> bool:
    """A row's or column's head that says it holds logits (``logit $z$``, ``**z**``, ``ロジット``)."""
    t = re.sub(r"[*`$\\{}]", "", text).strip(" _")
    return bool(_LOGITS_HEAD.fullmatch(t) or _LOGITS_WORD.search(t))


def _logits_column(x, g: Givens) -> int | None:
    """The column of a table with a row per word that holds the words' logits: the one headed so (| word | logit |),
    or the first of a table without heads when the document speaks of logits."""
    words = _row_words(x)
    if words is None or len(set(words)) != len(words) or not x.rows or \
            not all(isinstance(r[0], str) and V.number(r[0]) is not None for r in x.rows):
        return None
    if x.col_labels:
        return next((j for j, h in enumerate(x.col_labels) if _logits_label(h)
                     and all(isinstance(r[j], str) for r in x.rows)), None)
    return 0 if _LOGITS_WORD.search(g.prose) else None


def _in_prose(g: Givens, words: list[str]) -> bool:
    """Whether the document's sentences speak of these words (a table's columns headed by a vocabulary)."""
    text = g.prose
    return sum(1 for w in words if w in text) >= len(words) - 1 and \
        bool(re.search(r"vocab|kosakata|語彙|词表|어휘|vocabulaire|vocabulario|wortschatz|output", text, re.IGNORECASE))


def _head(found: I.Items, g: Givens, tokens: list[str], width: int, w: I.Named | None = None) \
        -> tuple[dict | None, list[str]]:
    """The output layer (logits over a vocabulary) when the document gives its weights (``w``, else the ones
    named so): the vocabulary is a word list as long as the weights are wide, else the embeddings' tokens."""
    if w is None and "head" not in g.weights:
        w = _unnamed_head(found, g, width)
        if w is None:
            return None, []
    w = w if w is not None else g.weights["head"][0]
    shape = V.shape(w.array)
    if len(shape) != 2 or width not in shape:
        return None, []
    size = shape[1] if shape[0] == width else shape[0]
    own = w.col_labels if w.col_labels and len(w.col_labels) == size and shape[0] == width else None
    vocab = own or next((x.tokens for x in found.found if isinstance(x, I.Tokens) and len(x.tokens) == size
                         and len(set(x.tokens)) == size), None)
    if vocab is None:
        vocab = list(dict.fromkeys(tokens)) if len(set(tokens)) == size else None
    if vocab is None:  # "logits  -0.07  0.05 …" under "el  gato  …": a row of logits, the words above its columns
        vocab = next((x.col_labels for x in _logits_rows(found) if x.col_labels and len(set(x.col_labels)) == size), None)
    if vocab is None:  # | 天安门 | 0.88 | 2.4109 | 0.4171 |: a table of the logits names the words by its rows
        vocab = next((words for x in found.found if (words := _row_words(x)) is not None and len(words) == size
                      and len(set(words)) == size), None)
    if vocab is None:  # | | tea | is | … | over rows "logit z", "p": a table of the logits names them by its columns
        vocab = next((words for x in found.found if (words := _col_words(x)) is not None and len(words) == size
                      and len(set(words)) == size), None)
    if vocab is None:
        return None, [f"{w.name} ({I.where(w.line)}): an output layer with no vocabulary of {size} words: not used"]
    laid = "row" if shape[0] == width else "column"  # a row per word (output_weights[word]): W·h
    head = {"vocab": vocab, "W": list(w.array) if laid == (g.layout or "row") or shape[0] == shape[1] else
            {"layout": laid, "value": list(w.array)}}
    return head, [f"head.W from {w.name} ({I.where(w.line)}), vocabulary {', '.join(vocab)}"]


def _logits_rows(found: I.Items) -> list[I.Table]:
    """The tables with a row of logits under the words of a vocabulary (``| | el | gato | … |``, ``| logit | …``)."""
    return [x for x in found.found if isinstance(x, I.Table) and x.row_labels and x.col_labels and
            len(x.col_labels) == len(x.rows[0]) and any(_logits_label(r) for r in x.row_labels)]


def _unnamed_head(found: I.Items, g: Givens, width: int) -> I.Named | None:
    """The output layer's weights printed without their name above them, when the prose names them (``W_out을
    곱합니다``): the one table before the logits that is ``width`` rows by as many columns as the logits have
    words, each cell a number; else None."""
    if not any(role(w) == "head" for w in re.findall(r"[A-Za-z][A-Za-z0-9_^{}]{1,12}", g.prose)):
        return None
    logits = _logits_rows(found)
    if not logits:
        return None
    size = len(logits[0].col_labels or ())
    fits = [x for x in found.found if isinstance(x, I.Table) and not x.name and x.line < logits[0].line and
            not x.col_labels and len(x.rows) == width and all(len(r) == size for r in x.rows) and
            all(isinstance(c, str) for r in x.rows for c in r)]
    if len(fits) != 1:
        return None
    t = fits[0]
    return I.Named("W_out", [list(r) for r in t.rows], t.line, t.at, None, None, t.row_lines)


_NUM = V.NUMBER.pattern
_BIAS = re.compile(r"(?:^|[\s,(;$])(?:b|bias|b_0|w_0)\s*=\s*(" + _NUM + r")")
_TARGET = re.compile(r"(?:^|[\s,(;$])(?<![-−+]\s)(?:t|target(?:\s+[a-zA-Z]\w?)?|y_true|y\*|y_target|正解)\s*=\s*(" + _NUM +
                     r")(?!\s*[-−+*/×·^])")  # t = 1, not the "y - t = 0.5939 - 1" of a gradient's working
_RATE = re.compile(r"(?<![A-Za-z])(?:learning rate|lr|η|eta|学習率|학습률|学习率)(?:\s*\([^()\d]{1,16}\))?"  # 학습률($\eta$)을 0.1
                   r"\s*(?:=|:|of|is|は|を|을|를|은|는|\||取为?|设为|设置为|为|為)?\s*(" + _NUM + r")",
                   re.IGNORECASE)
_CODE_RATE = re.compile(r"-=\s*(" + _NUM + r")\s*\*\s*[\w.\[\]]*grad\b|"  # W -= 0.5 * W.grad
                        r"(?<![\w.])(\w+)\s*-\s*(" + _NUM + r")\s*\*\s*(?:[\w.]*grad\w*|d\2)\b")  # W - 0.1 * dW


def stated_rate(prose: str) -> str | None:
    """The learning rate the prose states ("η = 0.1", "lr: 0.5"), else the one its code steps with
    (W -= 0.5 * W.grad, W_new = W - 0.1 * dW)."""
    m = _RATE.search(prose)
    if m is not None:
        return m.group(1).rstrip(".")
    rates = {(c.group(1) or c.group(3)).rstrip(".") for c in _CODE_RATE.finditer(prose)}
    return rates.pop() if len(rates) == 1 else None


_SIGMOID = r"sigmoid|σ|\\sigma\s*(?:\(|\\left)|シグモイド|시그모이드"  # a neuron's or a small network's activation, as documents name it
_UPSTREAM = re.compile(r"upstream|from above|gradient (?:of|is) 1\b|desde arriba|gradiente que (?:llega|chega)|gradient qui arrive|incoming gradient|上流|上から|上游|"
                       r"상위|([d∂])(\w{1,3})\s*/\s*\1\2\s*=\s*1\b")  # ∂y/∂y = 1, df/df = 1


def _one_step(g: Givens, spec: Spec, params: list[str]) -> str:
    """One SGD step of ``params`` at the learning rate the prose states, added to the spec: the note's words for
    it ("", when the document states no rate)."""
    lr = stated_rate(g.prose)
    if lr is None:
        return ""
    spec["train"] = {"lr": lr, "steps": 1, "params": params}
    return f", one step at learning rate {lr}"


def _from_upstream(g: Givens) -> bool:
    """Whether the document starts a backward pass from a given upstream gradient ("the gradient from above is
    1", "∂y/∂y = 1", also in TeX)."""
    return _UPSTREAM.search(re.sub(r"\\partial\s*", "∂", g.prose.lower())) is not None


def _neuron(found: I.Items, g: Givens) -> Candidate | None:
    """One neuron trained a step: z = w·x + b, y = act(z), L = ½(y − t)², its gradients and the update, from
    inputs x and weights w the document names, and b, t and the learning rate its prose states."""
    if any(r in g.weights for r in ("Wq", "Wk", "Wv")):
        return None
    vec = {}
    for x in found.found:
        if isinstance(x, I.Named) and len(V.shape(x.array)) == 1:
            key = x.name.strip().lower()
            if key in ("x", "inputs", "input", "w", "weights") and key[0] not in vec:
                vec[key[0]] = x
    sc = _scalars(found)[0] if "x" not in vec or "w" not in vec else {}
    for name in ("x", "w"):  # x1, x2 = 1.2, -0.5 and w1, w2 = 0.8, -1.1: the vectors given one number at a time
        ks = [int(k[1:]) for k in sc if re.fullmatch(name + r"\d", k)]
        if name not in vec and ks and sorted(ks) == list(range(min(ks), min(ks) + len(ks))):
            vec[name] = I.Named(name, [sc[f"{name}{k}"] for k in sorted(ks)], 0, "")
    if "x" not in vec or "w" not in vec or len(vec["w"].array) - len(vec["x"].array) not in (0, 1):
        return None
    prose = g.prose
    low = prose.lower()
    act = "sigmoid" if re.search(_SIGMOID, low) else "relu" if "relu" in low else \
        "tanh" if "tanh" in low else None
    b, t = (m.group(1).rstrip(".") if (m := rx.search(prose)) else None for rx in (_BIAS, _TARGET))
    lr = stated_rate(prose)
    b = sc.get("b", b)
    upstream = t is None and _from_upstream(g)
    if act is None or (t is None and not upstream):
        return None
    ws = list(vec["w"].array)
    if len(ws) > len(vec["x"].array):  # w = [w0, w1, w2] on x = [x0, x1]: the last weight is the bias
        ws, b = ws[:-1], ws[-1]
    lin: dict = {"kind": "linear", "W": [[w] for w in ws], "activation": act}
    if b is not None:
        lin["b"] = [b]
    if act == "sigmoid" and _GATE_EXP.search(prose) and _GATE_DEN.search(prose):
        lin["gates"] = True  # e^(−z) = …, 1 + e^(−z) = …: the sigmoid worked gate by gate, as a circuit draws it
    bce = act == "sigmoid" and t is not None and bool(_BCE.search(low))  # a sigmoid's binary cross-entropy
    loss = {"kind": "bce", "targets": {"x": [t]}} if bce else \
        {"kind": "squared_error", "targets": {"x": [t]}, "reduction": "sum"} if t is not None else \
        {"kind": "given_gradient", "dy": {"x": ["1"]}}  # the output's own gradients, from an upstream 1
    model: dict = {"tokens": ["x"], "embeddings": {"x": list(vec["x"].array)},
         "layers": [{"blocks": ["n"], "n": lin}], "loss": loss}
    params = ["L1.n.W"] + (["L1.n.b"] if b is not None else [])  # the inputs are data, not trained
    spec = {"model": model} | ({"train": {"lr": lr, "steps": 1, "params": params}} if lr is not None else {})
    names = {f"w{i + 1}": f"L1.n.W[{i + 1}][1]" for i in range(len(ws))}  # | w1 | 0.4 | -0.0932 | 0.4279 |
    names |= {"b": "L1.n.b[1]"} if b is not None else {}
    spec["names"] = names

    def at(v: I.Named) -> str:
        return I.where(v.line) if v.line else f"{v.name}1, {v.name}2, … one by one"
    notes = [f"a neuron: x ({at(vec['x'])}), w ({at(vec['w'])}), {act}"
             + (f", b = {b}" if b is not None else "")
             + (f", target {t}, loss {'binary cross-entropy' if bce else '½(y − t)²'}" if t is not None
                else ", the gradients of its output (an upstream 1)")
             + (f", one step at learning rate {lr}" if lr is not None else "")]
    gates = [("layers.0.n.gates", [False, True])] if act == "sigmoid" else []  # a circuit's gates, if it draws them
    given = {id(vec["x"]), id(vec["w"])} | {  # x1 = 0.5,  w1 = 0.8,  b = 0.1,  t = 1: the scalars it is given
        id(x) for x in found.found if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and len(x.array) == 1
        and ((re.fullmatch(r"[xw]\d", x.name.replace("_", "")) and sc.get(x.name.replace("_", "")) == x.array[0]) or any(
            (m := rx.search(f" {x.name} = {x.array[0]}")) and m.group(1) == x.array[0] for rx in (_BIAS, _TARGET)))}
    return Candidate("one neuron, forward and backward", spec, notes, gates, prior=2, givens=given, from_x=False)


_GATE_EXP = re.compile(r"(?<![+\d]\s)(?<![+\d])(?:e\s*\^\s*[({]?\s*[-−]\s*z\s*[)}]?|exp\s*\(\s*[-−]\s*z\s*\))\s*=\s*[-−]?\d")
_GATE_DEN = re.compile(r"1\s*\+\s*(?:e\s*\^\s*[({]?\s*[-−]\s*z\s*[)}]?|exp\s*\(\s*[-−]\s*z\s*\))\s*=\s*[-−]?\d")
# e^(−z) = 0.670 and 1 + e^(−z) = 1.670: the gates' own values, as a circuit's working states them
_SCALAR_LIST = re.compile(r"(?<![\w./∂])((?:[a-z]{1,2}_?\d{0,2}\s*,\s*)+[a-z]{1,2}_?\d{0,2})\s*=\s*((?:" + _NUM +
                          r"\s*,\s*)+" + _NUM + r")(?!\w|\.\d)")
_SCALAR_NAME = re.compile(r"(?<![\w.])([a-z]{1,2}_?\d{1,2})(?![\w.])")


_BRACED_INDEX = re.compile(r"(?<![\w\\])([a-z]{1,2})_\{(\d{1,2})\}")


def _scalars(found: I.Items) -> tuple[dict[str, str], set[str]]:
    """Numbers a document gives one by one under short names (``w5 = 0.40``, ``| w1, w2 (→h1) | 0.2, 0.3 |``,
    ``i1 = 0.05, i2 = 0.10``), as Mazur-style backpropagation posts set up their network; and the names that a
    line about the targets gives."""
    out: dict[str, str] = {}
    targets: set[str] = set()
    for line in found.prose:
        line = _BRACED_INDEX.sub(r"\1_\2", line)  # x_{1} = 1.5 (HTML's x<sub>1</sub>, TeX's x_{1}): x_1
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
        pairs: list[tuple[str, str]] = []
        if len(cells) == 2:  # | w1, w2 (→h1) | 0.2, 0.3 |
            names = _SCALAR_NAME.findall(re.sub(r"\([^()]*\)", "", cells[0]))
            nums = [x for x in re.split(r"[,\s]+", cells[1]) if x]
            if names and len(names) == len(nums) and all(V.number(x) for x in nums):
                pairs = list(zip(names, nums))
                if re.search(r"target|목표|目標|目标|objetivo|cible|ziel", cells[0], re.IGNORECASE):
                    targets |= set(names)
        else:
            for m in re.finditer(r"(?<![\w./∂])((?:[a-z]{1,2}_?\d{1,2}\s*,\s*)*[a-z]{1,2}_?\d{1,2})\s*=\s*((?:" + _NUM +
                                 r"\s*,\s*)*" + _NUM + r")(?!\w|\.\d)", line):
                names = [x.strip() for x in m.group(1).split(",")]
                nums = [x.strip() for x in m.group(2).split(",")]
                if len(names) == len(nums):  # each assignment of the line: x1 = 0.5,   x2 = -1.2,   w1 = 0.8
                    pairs += list(zip(names, nums))
            for m in _SCALAR_LIST.finditer(line):  # w1, w2, b = 0.8, -1.1, -0.2: a list may end with a bias
                names = [x.strip() for x in m.group(1).split(",")]
                nums = [x.strip() for x in m.group(2).split(",")]
                if len(names) == len(nums) and any(ch.isdigit() for ch in m.group(1)):
                    pairs += list(zip(names, nums))
        for name, num in pairs:
            out.setdefault(name.replace("_", ""), num)
    for t in found.found:  # w11   w12   b1   c  over  0.2   -0.4   0.1   0.05: a row of givens under their names
        if isinstance(t, I.Table) and t.col_labels and len(t.rows) == 1 and t.row_labels is None and \
                len(t.col_labels) == len(t.rows[0]) > 2 and all(_GIVEN_HEAD.fullmatch(c) for c in t.col_labels) and \
                sum(any(ch.isdigit() for ch in c) for c in t.col_labels) * 2 > len(t.col_labels) and \
                all(isinstance(v, str) and V.number(v) for v in t.rows[0]):
            for head_name, cell in zip(t.col_labels, t.rows[0]):
                if isinstance(cell, str):
                    out.setdefault(head_name.replace("_", ""), cell)
    return out, targets


_GIVEN_HEAD = re.compile(r"[a-z]{1,2}_?\d{0,2}")  # a column of givens headed by its scalar's name: w11, b1, c


def _mlp(found: I.Items, g: Givens) -> Candidate | None:
    """A small sigmoid network written scalar by scalar, as Mazur's backpropagation example and the posts after
    it do: inputs i1 … (or x1 …), weights w1 … (each hidden unit's incoming weights in turn, then each output's),
    biases b1 (hidden) and b2 (output), targets, squared error ½Σ(t − o)², one SGD step of the weights."""
    sc, target_names = _scalars(found)
    ins = [sc[f"i{k}"] for k in range(1, 9) if f"i{k}" in sc] or [sc[f"x{k}"] for k in range(1, 9) if f"x{k}" in sc]
    ws = [sc[f"w{k}"] for k in range(1, 33) if f"w{k}" in sc]
    outs = sorted(n for n in target_names if n in sc)
    tgt = [sc[n] for n in outs] or [sc[f"t{k}"] for k in range(1, 9) if f"t{k}" in sc] or \
        [m.group(1).rstrip(".") for m in [next(filter(None, map(_TARGET.search, found.prose)), None)] if m]
    # t <- 0.8: one output's target, on a line of its own (not "# inputs and target" running into "x1 <- 0.5")
    n_in, n_out = len(ins), len(tgt)
    if n_in < 1 or n_out < 1 or not ws or len(ws) % (n_in + n_out) or "b1" not in sc or "b2" not in sc:
        return None
    n_h = len(ws) // (n_in + n_out)
    bs = [sc[f"b{k}"] for k in range(1, 33) if f"b{k}" in sc]
    per_unit = len(bs) == n_h + n_out and n_h + n_out > 2  # b1 … b3: a bias per unit (hidden ones, then the outputs)
    wh, wo = ws[:n_h * n_in], ws[n_h * n_in:]
    # row layout W[in][out]: hidden unit j's incoming weights are w_(j·n_in + 1) …
    Wh = [[wh[j * n_in + i] for j in range(n_h)] for i in range(n_in)]
    Wo = [[wo[j * n_h + i] for j in range(n_out)] for i in range(n_h)]
    act = "sigmoid" if re.search(_SIGMOID + r"|logisti", g.prose.lower()) \
        else None
    if act is None:
        return None
    model: dict = {"tokens": ["x"], "embeddings": {"x": ins},
                   "layers": [{"blocks": ["h", "o"],
                               "h": {"kind": "linear", "W": Wh, "b": bs[:n_h] if per_unit else [sc["b1"]] * n_h,
                                     "activation": act},
                               "o": {"kind": "linear", "W": Wo, "b": bs[n_h:] if per_unit else [sc["b2"]] * n_out,
                                     "activation": act}}],
                   "loss": {"kind": "squared_error", "targets": {"x": tgt}, "reduction": "sum"}}
    spec: Spec = {"model": model}
    step = _one_step(g, spec, ["L1.h.W", "L1.o.W"] + (["L1.h.b", "L1.o.b"] if per_unit else []))
    names = {f"w{j * n_in + i + 1}": f"L1.h.W[{i + 1}][{j + 1}]" for j in range(n_h) for i in range(n_in)}
    names |= {f"w{n_h * n_in + j * n_h + i + 1}": f"L1.o.W[{i + 1}][{j + 1}]" for j in range(n_out) for i in range(n_h)}
    if per_unit:
        names |= {f"b{j + 1}": f"L1.h.b[{j + 1}]" for j in range(n_h)}
        names |= {f"b{n_h + j + 1}": f"L1.o.b[{j + 1}]" for j in range(n_out)}
    spec["names"] = names
    notes = [f"a {n_in}-{n_h}-{n_out} {act} network from the document's scalars (inputs, w1 … w{len(ws)}, b1, b2, "
             f"targets {', '.join(tgt)})" + step]
    given = {id(x) for x in found.found if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and
             len(x.array) == 1 and (x.name.replace("_", "") in sc or _TARGET.search(f" {x.name} = {x.array[0]}"))}
    return Candidate(f"a {n_in}-{n_h}-{n_out} network, forward and backward", spec, notes, [], prior=1, from_x=False,
                     givens=given)  # x1 = 0.5, w1 = 0.4, t = 0.8: the scalars it is given


def _mlp_indexed(found: I.Items, g: Givens) -> list[Candidate]:
    """A one-hidden-layer sigmoid network whose weights carry two indices, as exam solutions and textbooks write
    it: w11 … (hidden), v1 … (or v11 …, the output layer's), a bias per hidden unit b1 …, the output's c (or b0),
    inputs x1 … (or x = (…)), a target t; squared error ½Σ(t − o)², one SGD step of every parameter. Whether w_jk
    goes into hidden unit j from input k (Bishop's, Haykin's w_ji) or from input j to unit k, the numbers decide:
    one candidate each."""
    sc, _ = _scalars(found)
    grid = {(int(m.group(1)), int(m.group(2))) for k in sc if (m := re.fullmatch(r"w(\d)(\d)", k))}
    if not grid or any(re.fullmatch(r"w\d", k) for k in sc):
        return []
    a, b = max(j for j, _ in grid), max(k for _, k in grid)
    if grid != {(j, k) for j in range(1, a + 1) for k in range(1, b + 1)}:
        return []
    xs = next((x for x in found.found if isinstance(x, I.Named) and x.name.strip().lower() in ("x", "input", "inputs")
               and len(V.shape(x.array)) == 1), None)
    ins = [sc[f"x{k}"] for k in range(1, 10) if f"x{k}" in sc] or (list(xs.array) if xs is not None else [])
    vs = [sc[f"v{k}"] for k in range(1, 10) if f"v{k}" in sc]
    m = _TARGET.search(g.prose)
    tgt = [sc["t"]] if "t" in sc else [m.group(1).rstrip(".")] if m else []
    out_b = sc.get("c", sc.get("b0"))
    act = "sigmoid" if re.search(_SIGMOID + r"|logisti", g.prose.lower()) else None
    if not ins or len(tgt) != 1 or out_b is None or act is None:
        return []
    out: list[Candidate] = []
    for into in (True, False):  # w_jk into hidden unit j from input k; or from input j to hidden unit k
        n_h, n_in = (a, b) if into else (b, a)
        bs = [sc.get(f"b{j}") for j in range(1, n_h + 1)]
        if n_in != len(ins) or len(vs) != n_h or None in bs:
            continue
        Wh = [[sc[f"w{j}{i}" if into else f"w{i}{j}"] for j in range(1, n_h + 1)] for i in range(1, n_in + 1)]
        model: dict = {"tokens": ["x"], "embeddings": {"x": ins},
                       "layers": [{"blocks": ["h", "o"],
                                   "h": {"kind": "linear", "W": Wh, "b": bs, "activation": act},
                                   "o": {"kind": "linear", "W": [[v] for v in vs], "b": [out_b], "activation": act}}],
                       "loss": {"kind": "squared_error", "targets": {"x": tgt}, "reduction": "sum"}}
        spec: Spec = {"model": model}
        step = _one_step(g, spec, ["L1.h.W", "L1.o.W", "L1.h.b", "L1.o.b"])
        names = {f"w{j}{i}" if into else f"w{i}{j}": f"L1.h.W[{i}][{j}]" for j in range(1, n_h + 1)
                 for i in range(1, n_in + 1)}
        names |= {f"v{j}": f"L1.o.W[{j}][1]" for j in range(1, n_h + 1)}
        names |= {f"b{j}": f"L1.h.b[{j}]" for j in range(1, n_h + 1)}
        names["c" if "c" in sc else "b0"] = "L1.o.b[1]"
        spec["names"] = names
        notes = [f"a {n_in}-{n_h}-1 {act} network from the document's scalars (inputs, w11 … as "
                 f"{'into hidden unit j from input k' if into else 'from input j to hidden unit k'}, v1 …, "
                 f"b1 …, target {tgt[0]})" + step]
        given = {id(x) for x in found.found if isinstance(x, I.Table) and x.col_labels and len(x.rows) == 1 and
                 set(x.col_labels) & set(names)} | ({id(xs)} if xs is not None and not any(
                     f"x{k}" in sc for k in range(1, 10)) else set())
        out.append(Candidate(f"a {n_in}-{n_h}-1 network, forward and backward", spec, notes, [], prior=1 + (not into),
                             from_x=False, givens=given))
    return out


def _worked(found: I.Items) -> list[Candidate]:
    """Small networks worked by hand, read from their formulas and the numbers worked in them (``worked``), one
    per computation: the document's one-number items that state their givens (w = 0.3, out_h2 = 0.5969 for a
    unit whose weights are only in a figure) are givens, not claims; a target the document gives two values
    (the label y = 1 in a sentence, 1.5 in the working) is tried at each, the numbers decide."""
    from . import symbols, worked

    out = []
    nets = worked.read(found)
    givens = set().union(*(net.givens for net in nets)) if nets else set()  # (another example's givens: no claims)
    given = {id(x) for x in found.found if isinstance(x, (I.Named, I.Table)) and _one_number(x) and
             symbols.key(x.name) in givens}
    for net in nets:
        spec, notes = worked.spec(net)
        # a line named by a symbol only another of the document's computations uses is that one's: not this model's
        foreign = set().union(*(other.own for other in nets if other is not net)) - net.own - net.mentioned
        theirs = {id(x) for x in found.found if isinstance(x, (I.Work, I.Named, I.Table)) and x.name and
                  worked.symbols_named(x.name) & foreign}
        axes = [("loss.targets.x", net.target_choices)] if len(net.target_choices) > 1 else []
        out.append(Candidate(f"a {len(net.inputs)}-" + "-".join(str(len(layer)) for layer in net.layers) +
                             " network from its formulas, forward and backward", spec, notes, axes, prior=1,
                             from_x=False, givens=given | theirs, named=True))
    return out


def _one_number(x) -> bool:
    cells = x.rows if isinstance(x, I.Table) else [x.array]
    return len(cells) == 1 and len(cells[0]) == 1 and isinstance(cells[0][0], str)


_MSE = re.compile(r"mseloss|mse_loss|mean[ _]squared|mean_squared_error|\bmse\b|平均二乗|均方|평균 ?제곱")


_UPSTREAM_NAME = re.compile(r"d_?[yo]|d_?out|dl_?d_?[yo]|grad_?(?:y|o|out|output)|upstream(?:_grad)?|"
                            r"[∂d]l/[∂d](?:y|o|out|output)", re.IGNORECASE)
# dY, dO, dout, dL_dY, grad_out, upstream, ∂L/∂y: the gradient a backward unit test hands a layer from above


def _upstream_label(label: str) -> bool:
    """Whether a name or a table's row label is the upstream gradient of a layer's output (``dY``, ``dout``,
    ``$\\partial L/\\partial y$``, ``\\frac{\\partial L}{\\partial y}``)."""
    t = V.clean(label).replace("$", "").replace("\\partial", "∂").replace("\\frac", "")
    t = re.sub(r"\s+", "", t)
    t = re.sub(r"^\{([^{}]*)\}\{([^{}]*)\}$", r"\1/\2", t)  # \frac{∂L}{∂y}: ∂L/∂y
    return _UPSTREAM_NAME.fullmatch(t) is not None


def _upstream_array(found: I.Items, shape: tuple[int, ...]) -> I.Named | None:
    """The array of this shape the document names as the upstream gradient of a layer's output (dY, dO, …)."""
    return next((v for v in found.found if isinstance(v, I.Named) and v.name and
                 _upstream_label(v.name.strip().split(".")[-1]) and V.shape(v.array) == shape), None)


# out = x @ W, np.dot(x, W), np.matmul(x, W), torch.matmul(x, W), x.dot(W): a product the code names
_PRODUCT_CODE = re.compile(r"(?<![\w.])([A-Za-z_]\w{0,30})\s*=\s*(?:([A-Za-z_]\w{0,30})\s*@\s*([A-Za-z_]\w{0,30})|"
                           r"(?:np|numpy|torch|jnp)\.(?:dot|matmul)\(\s*([A-Za-z_]\w{0,30})\s*,\s*([A-Za-z_]\w{0,30})\s*\)|"
                           r"([A-Za-z_]\w{0,30})\.dot\(\s*([A-Za-z_]\w{0,30})\s*\))(?![\w.(\[])")


def _projection(found: I.Items, g: Givens) -> Candidate | None:
    """A product the code writes, ``out = x @ W``, of two arrays the document states (an input of a row per
    position and a weight no other model takes, printed even when drawn at random): one linear layer, no bias,
    as an embedding of numbers (``sequence @ W_embed``) or any projection worked alone."""
    named: dict[str, I.Named] = {}
    for x in found.found:
        if isinstance(x, I.Named) and x.name:
            named.setdefault(x.name.strip(), x)
    for m in _PRODUCT_CODE.finditer(g.prose):
        a, b = next(p for p in (m.group(2, 3), m.group(4, 5), m.group(6, 7)) if p[0])
        x, w = named.get(a), named.get(b)
        if x is None or w is None or role(w.name) is not None or role(x.name) not in (None, "X") or \
                m.group(1) in (a, b):
            continue
        xs, ws = V.shape(x.array), V.shape(w.array)
        rows = x.array if len(xs) == 2 else [x.array] if len(xs) == 1 else None
        if rows is None or len(ws) != 2 or ws[0] != len(rows[0]) or len(rows) > MAX_POSITIONS:
            continue
        tokens, said = _row_names(found, len(rows), x.row_labels)
        spec: Spec = {"model": {"tokens": tokens, "embeddings": {t: list(r) for t, r in zip(tokens, rows)},
                                "layers": [{"blocks": ["lin"], "lin": {"kind": "linear", "W": list(w.array)}}]}}
        same = {id(y) for y in found.found if isinstance(y, I.Named) and y.name.strip() in (a, b)}
        return Candidate(f"the product {m.group(1)} = {a} @ {b}", spec,
                         [said, f"{m.group(1)} = {a} @ {b}: one linear layer, no bias (the code's product of "
                                f"{a} ({I.where(x.line)}) and {b} ({I.where(w.line)}))"], prior=1, givens=same,
                         from_x=False)
    return None


def _linear(found: I.Items, g: Givens) -> Candidate | None:
    """One linear layer trained a step, as a PyTorch or Keras notebook sets it up: its weight and bias
    (``layer.weight.copy_(…)``, ``W``/``b``), an input row x and a target y of the layer's width, the mean
    squared error (or ½Σ(t − o)² when the document writes that), and SGD at the learning rate it states. A
    layer's backward worked as a unit test takes a batch X (one row per example) and the upstream gradient dY
    instead of a target (Y = XW + b, dW = Xᵀ dY, db = Σ_i dY_i, dX = dY Wᵀ): the loss is then Σ dY·Y."""
    named = [x for x in found.found if isinstance(x, I.Named) and x.name]

    def last(x) -> str:
        return x.name.strip().split(".")[-1].lower()
    w = next((x for x in named if last(x) in ("weight", "w") and len(V.shape(x.array)) == 2), None)
    x = next((v for v in named if last(v) in ("x", "inputs", "input") and V.shape(v.array)[-1:] != ()), None)
    if w is None or x is None:
        return None
    rows = x.array if isinstance(x.array[0], list) else [x.array]
    row = rows[0]
    r, c = V.shape(w.array)
    column = c == len(row) and (r != len(row) or "torch" in g.prose.lower())  # nn.Linear: out×in
    width = r if column else c if r == len(row) else None
    if width is None:
        return None
    dy = _upstream_array(found, (len(rows), width)) if len(V.shape(x.array)) == 2 else None
    if len(rows) != 1 and dy is None:
        return None
    y = next((v for v in named if last(v) in _TARGET_NAMES and
              len((v.array[0] if isinstance(v.array[0], list) else v.array)) == width), None) if dy is None else None
    b = next((v for v in named if last(v) in ("bias", "b") and len(V.shape(v.array)) == 1 and len(v.array) == width),
             None)
    if y is None and dy is None:
        return None
    lin: dict = {"kind": "linear", "W": list(w.array)}
    classes = [f"c{k}" for k in range(width)]  # (the softmax's words, when the outputs are logits)
    if b is not None:
        lin["b"] = list(b.array)
    if dy is not None:
        tokens, said = _row_names(found, len(rows), None)
        loss: dict = {"kind": "given_gradient", "dy": {t: list(d) for t, d in zip(tokens, dy.array)}}
        what = f"a batch of {len(rows)} ({said}), upstream gradient {dy.name} ({I.where(dy.line)})"
    else:
        assert y is not None  # no upstream gradient: the target (checked above)
        low = g.prose.lower()
        kind = "mse" if _MSE.search(low) or not re.search(r"½|1/2|0\.5\s*[*·×]?\s*\(", low) else "squared_error"
        target = y.array[0] if isinstance(y.array[0], list) else y.array
        tokens = ["x"]
        hot = V.one_hot(list(target)) if _SOFTMAX_CE.search(low) and not _MSE.search(low) else None
        # (a softmax section beside nn.MSELoss keeps the squared error)
        loss = {"kind": "cross_entropy", "targets": {"x": classes[hot]}} if hot is not None else \
            {"kind": kind, "targets": {"x": list(target)}}
        what = f"target {y.name}, " + (f"one-hot (class {hot}): softmax and cross-entropy" if hot is not None else
                                       f"loss {'mean squared error' if kind == 'mse' else '½Σ(t − o)²'}")
    model: dict = {"tokens": tokens, "embeddings": {t: list(v) for t, v in zip(tokens, rows)},
                   "layers": [{"blocks": ["lin"], "lin": lin}], "loss": loss}
    if loss["kind"] == "cross_entropy":  # the layer's outputs are logits: the softmax over the classes
        model["head"] = _identity_head(classes)
    if column:
        model["layout"] = "column"
    spec: Spec = {"model": model}
    step = _one_step(g, spec, ["L1.lin.W"] + (["L1.lin.b"] if b is not None else []))
    notes = [f"one linear layer: weight {w.name} ({I.where(w.line)})" + (f", bias {b.name}" if b is not None else "")
             + f", input {x.name}, " + what + (", written out×in (layout = column)" if column else "") + step]
    givens = {id(w), id(x), id(y if y is not None else dy)} | ({id(b)} if b is not None else set())
    return Candidate("one linear layer, forward and backward", spec, notes, [], prior=1, givens=givens,
                     from_x=False)


_SOFTMAX_CE = re.compile(r"softmax|cross[- ]?entropy|交叉熵|クロスエントロピー|교차\s?엔트로피|entrop[ií]a cruzada|"
                         r"entropie crois[ée]e|kreuzentropie")  # a one-hot target of a layer's logits
_SLOPE = re.compile(r"(?:^|[\s,(;$*])(?:w|w_1|slope)\s*=\s*(" + _NUM + r")(?![\d.]|\s*[-−+*/×·^])")
_DATA_HEADS = (("x", "y"), ("x", "t"), ("x", "target"))  # | x | y |: a regression's data points, one a row


def _regression(found: I.Items, g: Givens) -> Candidate | None:
    """A straight line ŷ = w·x + b fitted to data points by full-batch gradient descent, as a course or a blog
    post works it: the points as a table headed x and y, w and b stated in the prose (``w = 0.5``, ``b = 0.2``),
    the mean squared error (½Σ(ŷ − y)² when the document writes ½), the stated learning rate, and as many steps as
    its training log counts (``epoch 6 | loss … | w … | b …``), else one."""
    data = None
    for x in found.found:
        if isinstance(x, I.Table) and x.col_labels and len(x.col_labels) == 2 == len(x.rows[0]) and \
                tuple(V.clean(h).replace("$", "").strip().lower() for h in x.col_labels) in _DATA_HEADS and \
                len(x.rows) >= 2 and all(isinstance(c, str) and V.number(c) is not None for r in x.rows for c in r):
            data = x
            break
    w = _SLOPE.search(g.prose)
    b = _BIAS.search(g.prose)
    if data is None or w is None or b is None or g.weights or g.direct:
        return None
    low = g.prose.lower()
    kind = "mse" if _MSE.search(low) or not re.search(r"½|1/2", low) else "squared_error"
    tokens = [f"x{k + 1}" for k in range(len(data.rows))]
    model: dict = {"tokens": tokens, "embeddings": {t: [str(r[0])] for t, r in zip(tokens, data.rows)},
                   "layers": [{"blocks": ["lin"], "lin": {"kind": "linear", "W": [[w.group(1).rstrip(".")]],
                                                          "b": [b.group(1).rstrip(".")]}}],
                   "loss": {"kind": kind, "targets": {t: [str(r[1])] for t, r in zip(tokens, data.rows)}}}
    spec: Spec = {"model": model, "names": {"w": "L1.lin.W[1][1]", "b": "L1.lin.b[1]"}}
    step = _one_step(g, spec, ["L1.lin.W", "L1.lin.b"])
    logged = max((x.step for x in found.found if isinstance(x, I.LogRow)), default=1)
    if "train" in spec:
        spec["train"]["steps"] = n = min(max(1, logged), MAX_LOGGED_STEPS)
        step = step.replace("one step", f"{n} steps (its training log)") if n > 1 else step
    notes = [f"a line ŷ = w·x + b fitted to {len(tokens)} points (the table at {I.where(data.line)}), "
             f"w = {w.group(1)}, b = {b.group(1)}, loss {'mean squared error' if kind == 'mse' else '½Σ(ŷ − y)²'}"
             + step]
    return Candidate("a line fitted by gradient descent", spec, notes, [], prior=1, givens={id(data)}, from_x=False)


MAX_LOGGED_STEPS = 1000  # a training log's steps the model is run for (a longer log is read up to there)


def _modules(found: I.Items, g: Givens) -> Candidate | None:
    """Two or more linear layers as PyTorch sets them up (``fc1.weight.copy_(…)``, ``fc1.bias``, … in the order the
    code names them, each written out×in), on an input x (or a batch of one row), with a target y of the last one's
    width: the hidden layers through the activation the code names, the mean squared error (or binary cross-entropy
    after a sigmoid), one SGD step at the stated rate. With PyTorch's cross-entropy of a class index
    (``CrossEntropyLoss()(logits, torch.tensor([1]))``) the last layer is the head over the classes
    (``class0``, ``class1``, …) and its softmax and loss follow."""
    mods: dict[str, dict[str, I.Named]] = {}
    for v in found.found:
        if isinstance(v, I.Named) and (hit := re.fullmatch(r"([A-Za-z_]\w{0,20})\.(weight|bias)", v.name.strip())):
            mods.setdefault(hit.group(1), {}).setdefault(hit.group(2), v)
    named = {v.name.strip().lower(): v for v in reversed(found.found) if isinstance(v, I.Named) and v.name}
    x, y = named.get("x"), next((named[k] for k in ("y", "target", "y_true", "t") if k in named), None)
    layers = [(k, m) for k, m in mods.items() if "weight" in m]
    if len(layers) < 2 or x is None or y is None:
        return None
    xs = list(x.array[0]) if len(V.shape(x.array)) == 2 and len(x.array) == 1 else list(x.array)  # a batch of one
    if len(V.shape(xs)) != 1:
        return None
    width, blocks = len(xs), {}
    out_act = "sigmoid" if _BCE.search(g.prose.lower()) and "sigmoid" in g.activations else "identity"
    # the hidden activation: one named besides the sigmoid, else the sigmoid when the output is not one, else ReLU
    acts = [a for a in g.activations if a != "sigmoid"] or \
        (["sigmoid"] if "sigmoid" in g.activations and out_act != "sigmoid" else ["relu"])
    classes = _class_index(g, y, layers)
    head: dict | None = None
    if classes is not None:  # CrossEntropyLoss(logits, tensor([1])): the last layer is the head over the classes
        mod = layers[-1][1]
        head = {"vocab": [f"class{k}" for k in range(classes[0])], "W": list(mod["weight"].array)}
        if "bias" in mod and tuple(V.shape(mod["bias"].array)) == (classes[0],):
            head["b"] = list(mod["bias"].array)
        layers = layers[:-1]
    for n, (name, mod) in enumerate(layers):
        shape = V.shape(mod["weight"].array)
        if len(shape) != 2 or shape[1] != width or not re.fullmatch(r"[A-Za-z]\w*", name):
            return None
        blk: dict = {"kind": "linear", "W": list(mod["weight"].array),
                     "activation": acts[0] if n < len(layers) - 1 or head else out_act}
        if "bias" in mod and tuple(V.shape(mod["bias"].array)) == (shape[0],):
            blk["b"] = list(mod["bias"].array)
        blocks[name] = blk
        width = shape[0]
    if head is not None and classes is not None:
        if len(V.shape(head["W"])) != 2 or V.shape(head["W"])[1] != width:
            return None
        kind, loss = "cross_entropy", {"kind": "cross_entropy", "targets": {"x": head["vocab"][classes[1]]}}
    else:
        target = list(y.array) if len(V.shape(y.array)) == 1 else None
        if target is None or len(target) != width:
            return None
        kind = "bce" if out_act == "sigmoid" else "mse" if _MSE.search(g.prose.lower()) else "squared_error"
        loss = {"kind": kind, "targets": {"x": target}}
    model: dict = {"tokens": ["x"], "layout": "column", "embeddings": {"x": xs},
                   "layers": [{"blocks": list(blocks), **blocks}], **({"head": head} if head else {}), "loss": loss}
    spec: Spec = {"model": model}
    step = _one_step(g, spec, [f"L1.{k}.{p}" for k, blk in blocks.items() for p in ("W", "b") if p in blk] +
                     [f"head.{p}" for p in ("W", "b") if head and p in head])
    said = {"bce": "binary cross-entropy", "mse": "mean squared error",
            "cross_entropy": "cross-entropy of the class y (the last layer as the head over the classes)"}
    notes = [f"{len(mods)} linear layers as the code names them ({', '.join(mods)}), written out×in, "
             f"{acts[0]} between them, input x ({I.where(x.line)}), target y, loss "
             f"{said.get(kind, '½Σ(t − o)²')}" + step]
    givens = {id(x), id(y)} | {id(v) for _, mod in layers for v in mod.values()} | {  # "alvo $y = 0.9$" again
        id(t) for t in found.found if isinstance(t, (I.Named, I.Table)) and t.name.strip().lower() == y.name.strip().lower()}
    return Candidate("linear layers, forward and backward", spec, notes, [], prior=1, givens=givens, from_x=False)


_CE_LOSS = re.compile(r"crossentropyloss|\bf\.cross_entropy\b|\bnll_?loss")


def _class_index(g: Givens, y: I.Named, layers: list) -> tuple[int, int] | None:
    """(the number of classes, the target's index) when the code's loss is PyTorch's cross-entropy of a class
    index (``nn.CrossEntropyLoss()(logits, y)`` with ``y = torch.tensor([1])``): one whole number below the last
    layer's width."""
    if not _CE_LOSS.search(g.prose.lower()):
        return None
    cells = [c for c in (y.array if len(V.shape(y.array)) == 1 else [])]
    shape = V.shape(layers[-1][1]["weight"].array)
    if len(cells) != 1 or len(shape) != 2 or not re.fullmatch(r"\d+", str(cells[0]).strip()):
        return None
    k = int(str(cells[0]).strip())
    return (shape[0], k) if k < shape[0] else None


# z = W^{(1)} x + b, W_1 x, Wx + b: the matrix before the vector (nn.Linear's layout, out × in)
_MATRIX_FIRST = re.compile(r"W\s*+(?:\^\s*+[{(]*\s*+1\s*+[)}]*|_\s*+\{?\s*+1\s*+\}?)?\s*+(?:\\cdot\s*+)?\\?(?:mathbf\{)?x\b\}?"
                           r"\s*+\+")  # (possessive: spaces are read once)
# L = (y − ŷ)², (t - o)^2: a squared error written without its ½
_SQUARED = re.compile(r"(?<![½\d/}.]\s)(?<![½\d/}.])\(\s*+[ytYT][^()]{0,30}\)\s*+(?:\^\s*+\{?\s*+2|²)")
_BCE = re.compile(r"\bbce\b|binary cross|二値交差|二值交叉|二元交叉|이진 교차|entropia cruzada binária|"
                  r"entropía cruzada binaria|entropie crois[ée]e binaire|binäre kreuzentropie|log[- ]?loss")
_TARGET_NAMES = ("y", "t", "target", "targets", "label", "labels", "y_true")  # what a target is named
_SCALAR_TARGET = re.compile(r"(?:^|[\s,(;$])(?:" + "|".join(_TARGET_NAMES) + r")\s*=\s*(" + _NUM + r")(?![\w.]|\.\d)")


def _two_layers(found: I.Items, g: Givens) -> tuple[dict, dict]:
    """The hidden layer W1, b1 and the output layer W2, b2 a document gives, as linear blocks: a vector W2 is one
    output's column and a number b2 each output's bias; the hidden activation is the one the words name (ReLU
    unless another), the output a sigmoid when they speak of one."""
    W2 = g.weights["W2"][0].array
    W2 = [[w] for w in W2] if len(V.shape(W2)) == 1 else list(W2)  # (one output's column, in the row layout)
    b2 = list(g.weights["b2"][0].array) if "b2" in g.weights else _scalars(found)[0].get("b2")
    hid: dict = {"kind": "linear", "W": list(g.weights["W1"][0].array),
                 "activation": next((a for a in g.activations if a != "sigmoid"), "relu")}
    if "b1" in g.weights:
        hid["b"] = list(g.weights["b1"][0].array)
    cls: dict = {"kind": "linear", "W": W2,
                 "activation": "sigmoid" if re.search(_SIGMOID + r"|logisti", g.prose.lower()) else "identity"}
    if b2 is not None:
        cls["b"] = b2 if isinstance(b2, list) else [b2] * len(W2[0])
    return hid, cls


def _network(found: I.Items, g: Givens) -> Candidate | None:
    """A small network on one input vector, as a NumPy post sets it up: x, W1 and b1 of a hidden layer, W2 and
    b2 of the output (one output: a vector W2 and a number b2), a target y, the activations and the loss its
    words name (ReLU, a sigmoid output, binary cross-entropy or ½(y − p)²), one SGD step at the stated rate."""
    named = {x.name.strip().lower(): x for x in reversed(found.found) if isinstance(x, I.Named) and x.name}
    x = named.get("x")
    if x is None or "W1" not in g.weights or "W2" not in g.weights or len(V.shape(x.array)) != 1:
        return None
    hid, cls = _two_layers(found, g)
    W1, W2 = hid["W"], cls["W"]
    if len(V.shape(W1)) != 2 or V.shape(W1)[0] != len(x.array) or V.shape(W2)[0] != V.shape(W1)[1]:
        return None
    stated = max([x.line] + [w.line for r in ("W1", "b1", "W2", "b2") for w in g.weights.get(r, [])[:1]])
    said = next((v for k, v in named.items() if k in _TARGET_NAMES and len(V.shape(v.array)) == 1 and
                 len(v.array) == len(W2[0]) > 1 and v.line <= stated), None)  # y = [0.1, 0.05] among the givens: a
    # target per output (a y printed after the working is the network's output)
    tm = _SCALAR_TARGET.search(g.prose)
    if tm is None and said is None:
        return None
    targets = list(said.array) if said is not None else [tm.group(1)] * len(W2[0])  # type: ignore[union-attr]
    for layer in (hid, cls):  # b_1 written as a column (or a row) of a matrix: the vector
        if "b" in layer and len(V.shape(layer["b"])) == 2 and 1 in V.shape(layer["b"]):
            layer["b"] = [c for r in layer["b"] for c in r]
    acts = [a for a in g.activations if a != "sigmoid"]
    out_act = cls["activation"]
    kind = "bce" if _BCE.search(g.prose.lower()) and out_act == "sigmoid" else "squared_error"
    # the hidden activation: the one the words name first, then every other (a post names ReLU in passing and
    # works sigmoids "everywhere"): the numbers decide
    hidden = list(dict.fromkeys(acts + [a for a in g.activations if a == "sigmoid"] +
                                ["relu", "gelu", "gelu_tanh", "sigmoid", "tanh", "identity"]))
    hid["activation"] = hidden[0]
    axes: list[tuple[str, list]] = [("layers.0.hid.activation", hidden)]
    if len(V.shape(W1)) == 2 and V.shape(W1)[0] == V.shape(W1)[1]:  # z = W x + b, or x·W: a square W1 either way
        axes.append(("layout", ["column", "row"] if _MATRIX_FIRST.search(g.prose) else ["row", "column"]))
        cls["W"] = {"layout": "row", "value": W2}  # (W2 as read: a column per output, whatever W1's layout)
    if kind == "squared_error" and (_MSE.search(g.prose.lower()) or _SQUARED.search(g.prose)):  # ½(y − o)², or
        axes.append(("loss.kind", ["mse", "squared_error"] if _MSE.search(g.prose.lower()) else  # (y − o)² as the
                     ["squared_error", "mse"]))  # document writes it: the numbers decide
    model: dict = {"tokens": ["x"], "embeddings": {"x": list(x.array)},
                   "layers": [{"blocks": ["hid", "cls"], "hid": hid, "cls": cls}],
                   "loss": {"kind": kind, "targets": {"x": targets}}}
    model |= {axis: opts[0] for axis, opts in axes if axis == "layout"}  # (an axis's first choice is the spec's own)
    spec: Spec = {"model": model}
    step = _one_step(g, spec, ["L1.hid.W"] + (["L1.hid.b"] if "b" in hid else []) + ["L1.cls.W"] +
                     (["L1.cls.b"] if "b" in cls else []))
    chosen = {axis.split(".")[-1] for axis, _ in axes}  # (what the numbers choose is said with the model)
    notes = [f"a network on x ({I.where(x.line)}): W1, b1" + ("" if "activation" in chosen else
                                                            f" ({hid['activation']})") +
             f", W2, b2 ({out_act}), target {', '.join(targets)}" + ("" if "kind" in chosen else ", loss " + (
                 "binary cross-entropy" if kind == "bce" else "½(y − o)²")) + step]
    givens = {id(x)} | {id(w) for r in ("W1", "b1", "W2", "b2") for w in g.weights.get(r, [])} | {
        id(v) for k, v in named.items() if k in _TARGET_NAMES and (len(v.array) == 1 or v is said)}
    return Candidate("a small network, forward and backward", spec, notes, axes, prior=1, givens=givens,
                     from_x=False)


_POOL = {"mean": r"\baverag|\bmean[- ]pool|\bpool|平均|평균|均值|promedi|média|moyenne|mittelwert|durchschnitt",
         "first": r"\[cls\]|\bcls token|first token|最初のトークン|첫 번째 토큰|第一个",
         "last": r"last token|final token|最後のトークン|마지막 토큰|最后一个"}


def _classifier(found: I.Items, g: Givens, X, tokens, layer: dict, notes: list[str]) -> Candidate | None:
    """Attention, then a small network on its output: the positions pooled into one vector when the document
    says so (their mean, or the first or last position), a hidden layer W1, b1 and an output layer W2, b2 with
    one output through a sigmoid (a sentence classifier), or any width when the words say it pools."""
    low = g.prose.lower()
    how = next((h for h, pat in _POOL.items() if re.search(pat, low)), None)
    hid, cls = _two_layers(found, g)
    if how is None and not all(isinstance(r, list) and len(r) == 1 for r in cls["W"]):
        return None
    hidden, out_act = hid["activation"], cls["activation"]
    blocks = ["attn"] + (["pool"] if how else []) + ["hid", "cls"]
    spec = {"blocks": blocks, "attn": layer, "hid": hid, "cls": cls} | ({"pool": {"how": how}} if how else {})
    said = f"the positions pooled by their {how}" if how == "mean" else f"the {how} position kept" if how else \
        "applied at each position"
    return Candidate(f"attention, then a classifier ({said})", {"model": dict(_base_model(g, X, tokens),
                                                                              layers=[spec])},
                     notes + [f"a classifier after the attention: {said}, W1 ({hidden}), W2 ({out_act})"],
                     _conventions(g, True), prior=-1)


def _ffn(g: Givens) -> dict:
    f: dict = {r: list(g.weights[r][0].array) for r in ("W1", "b1", "W2", "b2") if r in g.weights}
    f["activation"] = activations(g)[0]
    return f


def _post_ln(found: I.Items, g: Givens, X, tokens, layer: dict, notes: list[str]) -> Candidate:
    """A post-LN layer (attention, residual, LayerNorm, FFN, residual, LayerNorm), with the output layer over a
    vocabulary when the document gives its weights, the cross-entropy of the next word it names, and one SGD
    step of the output weights at the learning rate its prose states."""
    eps = g.eps[0] if g.eps else "0"
    m = dict(_base_model(g, X, tokens), layers=[{"blocks": "post_ln", "attn": layer, "ffn": _ffn(g),
                                                  "ln1": {"eps": eps}, "ln2": {"eps": eps}}])
    head, head_note = _head(found, g, tokens, len(X[0]))
    spec: Spec = {"model": m}
    if head is not None:
        m["head"] = head
        loss, loss_note = _loss(g, head["vocab"], tokens[-1])
        head_note = head_note + loss_note
        if loss is not None:
            m["loss"] = loss
            step = _one_step(g, spec, ["head.W"])
            head_note = head_note + ([f"one training step of head.W at learning rate {spec['train']['lr']}"]
                                     if step else [])
    return Candidate("a post-LN layer" + (", then an output layer" if head else ""), spec,
                     notes + ["W1 and W2 given: a post-LN layer (attention, residual, LayerNorm, FFN, residual, "
                              "LayerNorm); say otherwise with --givens"] + head_note, _conventions(g, True), prior=0)


def _batchnorm(g: Givens, X, ln: Candidate) -> Candidate:
    """A BatchNorm of the inputs (each feature normalised over the batch: its column's mean and variance), as the
    LayerNorm of X's columns: a row per feature, f1, f2, …; a table printed a row per sample is matched transposed."""
    cols = [list(c) for c in zip(*X)]
    names = [f"f{j + 1}" for j in range(len(cols))]
    m = dict(_base_model(g, cols, names), layers=[{"blocks": ["ln"], "ln": dict(ln.spec["model"]["layers"][0]["ln"])}])
    m.pop("positions", None)
    return Candidate("a BatchNorm (each feature normalised over the batch)", {"model": m},
                     [f"a BatchNorm of the {len(X)} samples: each of the {len(cols)} features (columns, f1 …) "
                      "normalised by its mean and variance over the batch"], ln.axes, prior=4)


def _layernorm(g: Givens, X, tokens, note: list[str]) -> Candidate:
    ln: dict = {"eps": g.eps[0] if g.eps else "0"}
    for r in ("gamma", "beta"):
        if r in g.weights and len(V.shape(g.weights[r][0].array)) == 1:
            ln[r] = list(g.weights[r][0].array)
    m = dict(_base_model(g, X, tokens), layers=[{"blocks": ["ln"], "ln": ln}])
    if g.upstream is not None and len(g.upstream) == len(X) and all(len(r) == len(X[0]) for r in g.upstream):
        m["loss"] = {"kind": "given_gradient", "dy": dict(zip(tokens, g.upstream))}  # its backward from ∂L/∂y
        note = note + ["the gradients from the upstream ∂L/∂y the table gives"]
    eps = list(dict.fromkeys(g.eps + ["0", "1e-5", "1e-3", "1e-6", "1e-12"]))  # PyTorch's, Keras', BERT's ε
    return Candidate("a LayerNorm", {"model": m}, note + ["a LayerNorm of the input rows"],
                     [("layers.0.ln.variance", ["biased", "unbiased"] if len(X[0]) > 1 else ["biased"]),
                      ("layers.0.ln.eps", eps),
                      ("layers.0.ln.eps_at", ["var", "std"])], prior=3)


def _typed_weights(found: I.Items, tokens: list[str]) -> tuple[I.Named, dict] | None:
    """Attention weights an author types in instead of the softmax's (``# for readability, approximate as follows``,
    ``attn = [[0.0, 0.5, 0.5], …]``): a square matrix written in the code or the text, not printed by a program,
    a row per position, of numbers between 0 and 1 with at most two decimals whose rows each add up to 1 exactly.
    Its rows by token, or None."""
    n = len(tokens)
    for x in found.found:
        if not isinstance(x, I.Named) or I.is_output(x.line) or V.shape(x.array) != (n, n) or n < 2:
            continue
        cells = [[V.number(c) if isinstance(c, str) else None for c in r] for r in x.array]
        if any(c is None or len(c.split(".")[1] if "." in c else "") > 2 for r in cells for c in r):
            continue
        fr = [[Fraction(c) for c in r] for r in cells]  # type: ignore[arg-type]
        if all(0 <= c <= 1 for r in fr for c in r) and all(sum(r) == 1 for r in fr) and \
                any(0 < c < 1 for r in fr for c in r):
            return x, {t: list(r) for t, r in zip(tokens, x.array)}
    return None


def _mixed(g: Givens, X: list[list[str]], tokens: list[str], note: list[str], missing: list[str]) -> Candidate:
    """Attention whose stated weights compute some of Q, K, V from the inputs while the document gives the others
    directly (W^Q worked out, K and V "assumed"): each as the document has it, one head."""
    given = [r[1].upper() for r in missing]
    n = len(X)
    layer: dict = {r: list(g.weights[r][0].array) for r in ("Wq", "Wk", "Wv") if r in g.weights}
    for r in given:
        rows = g.direct[r].array
        if len(rows) != n:
            continue
        layer[r] = {t: list(row) for t, row in zip(tokens, rows)}
    notes = note + [f"L1.{r} from {g.weights[r][0].name} ({I.where(g.weights[r][0].line)})" for r in layer
                    if r.startswith("W")] + \
        [f"{r} given directly ({I.where(g.direct[r].line)}): the document states no W{r.lower()}" for r in given]
    return Candidate("attention, " + ", ".join(given) + " given directly", {"model": dict(
        _base_model(g, X, tokens), layers=[layer])}, notes, _conventions(g, True), prior=0,
        givens={id(g.direct[r]) for r in given})


def _direct(found: I.Items, g: Givens) -> Candidate:
    qkv = dict(g.direct)
    q, k = qkv["Q"], qkv["K"]
    n = len(q.array)
    if "V" not in qkv:  # Q and K only (a lesson that stops at the weights): the values are unknowns
        blank = iter(f"v{i}" for i in range(1, 10 ** 6))
        qkv["V"] = I.Named("V", [[next(blank) for _ in k.array[0]] for _ in k.array], k.line, k.at,  # type: ignore[misc]
                           k.row_labels)
    given = [r for r in "QKV" if r in g.direct]
    labels = next((x.row_labels for x in (qkv[r] for r in "QKV") if x.row_labels), None)
    tokens, tnote = (g.tokens, g.token_note) if g.tokens and len(g.tokens) == n else _row_names(found, n, labels)
    layer = {r: {t: list(row) for t, row in zip(tokens, qkv[r].array)} for r in "QKV" if len(qkv[r].array) == n}
    m: dict = {"tokens": tokens}
    if g.mask:
        m["mask"] = g.mask
    if g.scale:
        m["scale"] = g.scale
    rounded = (g.rounded or g.program or any("output" in g.direct[r].at for r in given)) and \
        _printed(*(g.direct[r] for r in given))
    if rounded:
        m["givens"] = "rounded"
    m["layers"] = [layer]
    head, head_note = _head(found, g, tokens, len(qkv["V"].array[0])) if "V" in given else (None, [])
    if head is not None:
        m["head"] = head
        loss, loss_note = _loss(g, head["vocab"], tokens[-1])
        if loss is not None:
            m["loss"] = loss
        head_note += loss_note
    dout = _upstream_array(found, (n, len(qkv["V"].array[0]))) if head is None and "V" in given else None
    if dout is not None:  # dO given: the head's backward pass (dV, dA, dS, dQ, dK) from the output's gradient
        m["loss"] = {"kind": "given_gradient", "dy": {t: list(r) for t, r in zip(tokens, dout.array)}}
        head_note = head_note + [f"the gradients from the upstream {dout.name} ({I.where(dout.line)})"]
    notes = [tnote] + [f"{r} given directly ({I.where(g.direct[r].line)})" for r in given] + \
        (["no values given: V unknowns"] if "V" not in given else []) + head_note + \
        ([f"mask: {g.mask} (the document says so)"] if g.mask else []) + \
        ([f"givens = rounded: Q, K, V are printed to {_decimals(q)} decimals "
          + ("(the document says it rounds)" if g.rounded else "by a program's run")] if rounded else [])
    return Candidate("attention from Q, K, V given directly", {"model": m}, notes, _conventions(g, True), prior=0,
                     givens={id(g.direct[r]) for r in given} | ({id(dout)} if dout is not None else set()),
                     from_x=False)


def _given_scores(found: I.Items, g: Givens) -> Candidate | None:
    """Attention from the scores given directly, as programs print them: a square matrix named as the scores
    (``Q @ K^T``, scores, スコア; a row per query, a column per key) then their softmax, or Karpathy's lesson and the
    pages after it (``wei = torch.zeros((T, T))`` masked with −∞, softmaxed: 1/(i+1) under the diagonal): a square
    matrix whose −∞ cells make a causal or a no-self mask, when the document prints another matrix of that size
    after it (its weights). The masked cells are written 0 (the mask hides them). V is the one the document prints
    beside them, if any; d_k is the width of a Q or K it prints (or the one its prose states), for the scale √d_k;
    a matrix named as already scaled, or one without d_k, is divided by nothing more."""
    named = [(x, rows) for x in found.found if getattr(x, "name", None) and (rows := _matrix(x)) is not None]
    for x, rows in named:
        n = len(rows)
        if n < 2 or any(len(r) != n for r in rows) or any(c is not None and V.number(c) is None
                                                          for r in rows for c in r):
            continue
        blank = {(i, j) for i, r in enumerate(rows) for j, c in enumerate(r) if c is None}
        mask = "causal" if blank and blank == {(i, j) for i in range(n) for j in range(n) if j > i} else \
            "no_self" if blank and blank == {(i, i) for i in range(n)} else None
        hint = step_hint(x.name)
        if (blank and mask is None) or (mask is None and (hint not in ("scores", "scaled") or _inputs_give(found, rows))):
            continue  # (scores the document's own X gives, X·Xᵀ, are claims of a model from X)
        if mask is not None and hint not in ("scores", "scaled") and \
                not any(y is not x and V.shape(m) == (n, n) and y.line > x.line for y, m in named):
            continue  # a masked matrix of no name, and no matrix of weights after it: nothing to check
        labels = x.row_labels
        tokens, tnote = (g.tokens, g.token_note) if g.tokens and len(g.tokens) == n else \
            _row_names(found, n, labels if labels and all(V.number(lab) is None for lab in labels) else None)
        layer: dict = {"scores": {t: ["0" if c is None else c for c in r] for t, r in zip(tokens, rows)}}
        notes = [tnote, f"the scores given directly ({x.name or 'a matrix'}, {I.where(x.line)})" +
                 (f", its −∞ cells a {mask} mask" if mask and blank else "")]
        shown = [(y, mat) for y in found.found if role(getattr(y, "name", "") or "") in ("Q", "K", "V") and
                 (mat := _matrix(y)) is not None and len(mat) == n]  # a Q printed beside them, as a table too
        v = next((y for y in shown if role(y[0].name) == "V"), None)
        if v is None and (d := g.direct.get("V")) is not None and len(d.array) == n:
            v = (d, d.array)
        if v is not None:
            layer["V"] = {t: list(r) for t, r in zip(tokens, v[1])}
            notes.append(f"V from {v[0].name} ({I.where(v[0].line)})")
        dk = next((len(mat[0]) for y, mat in shown if role(y.name) in ("Q", "K")), None) or _said_dk(g.prose)
        if dk is not None:
            layer["d_k"] = dk
            notes.append(f"d_k = {dk}, the width of the queries")
        scale = ["none"] if hint == "scaled" or dk is None else ["sqrt_dk", "none"] if g.scale is None else \
            [g.scale, "sqrt_dk"]
        m: dict = {"tokens": tokens, **({"mask": mask} if mask else {}), "scale": scale[0], "layers": [layer]}
        if (g.rounded or g.program or "output" in x.at) and _printed(I.Named(x.name, rows, x.line, x.at)) and \
                not all(c is None or float(c) == 0 for r in rows for c in r):
            m["givens"] = "rounded"  # printed to 4 decimals from the program's own floats
        axes = [("scale", scale)] + ([] if mask else [a for a in _conventions(g, True) if a[0] == "mask"]) + _over(g)
        return Candidate("attention from the scores the document prints", {"model": m}, notes, axes,
                         prior=0 if hint in ("scores", "scaled") else 7,
                         givens={id(x)} | ({id(v[0])} if v is not None else set()), from_x=False)
    return None


def _inputs_give(found: I.Items, scores: list[list[str]]) -> bool:
    """Whether a matrix the document calls its input (X, input, embeddings) gives these scores as X·Xᵀ (or divided
    by √d): then they are computed, attention on the inputs themselves, not given (floats only choose)."""
    from .infer import _value

    n = len(scores)
    for x in found.found:
        m = _matrix(x) if role(getattr(x, "name", "") or "") == "X" else None
        if m is None or len(m) != n or any(V.number(c) is None for r in m for c in r):
            continue
        xs = [[_value(c) for c in r] for r in m]
        for div in (1.0, math.sqrt(len(xs[0]))):
            ok = sum(abs(_value(s) - sum(a * b for a, b in zip(xs[i], xs[j])) / div) <= 1.5 * V.unit(s) + 1e-9
                     for i, r in enumerate(scores) for j, s in enumerate(r))
            if ok >= PAIR_SHARE * n * n:
                return True
    return False


_DK_SAID = re.compile(r"(?<![\w\\])d_?\{?k\}?\s*=\s*(\d{1,4})(?![\d.])(?!\s*,\s*\d)")  # (not a tuple's first)


def _said_dk(prose: str) -> int | None:
    """The d_k the prose states (``d_k = 64``, or code's ``B, T, d_k = 2, 4, 8``), when it states one."""
    said = {int(m.group(1)) for m in _DK_SAID.finditer(prose)}
    for m in (m for line in prose.splitlines() if _DK_NAME.search(line) for m in _TUPLE_SET.finditer(line)):
        # B, T, d_k = 2, 4, 8: the name's place in the tuple (only a line that names d_k is scanned)
        names, values = [n.strip() for n in m.group(1).split(",")], [v.strip() for v in m.group(2).split(",")]
        said |= {int(v) for n, v in zip(names, values) if len(names) == len(values) and _DK_NAME.fullmatch(n)}
    return said.pop() if len(said) == 1 else None


_TUPLE_SET = re.compile(r"(?<![\w,])((?:[A-Za-z_]\w{0,12}\s*,\s*){1,12}[A-Za-z_]\w{0,12})\s*=\s*(\d{1,4}(?:\s*,\s*\d{1,4})+)(?![\d.])")
_DK_NAME = re.compile(r"\bd_?k\b|\bhead_dim\b")


_QUERY_NAMES = {"s", "st", "s_t", "dec", "decoder", "query", "h_dec", "hdec", "s_dec"}
# the decoder's state as code names it: dec_hidden_state, decoder_hidden, decoder_state, dec_h
_DECODER_STATE = re.compile(r"(?:h_?)?dec(?:oder)?_?(?:hidden|h)?_?(?:states?)?", re.IGNORECASE)
# the encoder's states as one matrix: annotations, encoder_states, enc_hidden_states, encoder_outputs
_ENCODER_STATES = re.compile(r"annotations|enc(?:oder)?_?(?:hidden_?)?(?:states|outputs)", re.IGNORECASE)


_OF_TOKEN = re.compile(r"\s*\([^()]{1,30}\)\s*$")  # q(barked): the query of one token


def _query(found: I.Items, width: int) -> I.Named | None:
    """The one query vector: named Q (q, query, q_warm) or as a decoder state (s, s_t, h_dec)."""
    return next((x for x in found.found if isinstance(x, I.Named) and len(V.shape(x.array)) == 1 and
                 len(x.array) == width and (role(x.name) == "Q" or role(_OF_TOKEN.sub("", x.name)) == "Q" or
                                            V.clean(x.name).strip().lower() in _QUERY_NAMES or
                                            _DECODER_STATE.fullmatch(V.clean(x.name).strip()) is not None)),
                None)


def _numbered_states(named: list[I.Named]) -> I.Named | None:
    """Vectors h1, h2, … of one width under one name (encoder states): their rows, in order."""
    groups: dict[str, list[I.Named]] = {}
    for x in named:
        m = re.fullmatch(r"([A-Za-z]{1,3})_?\{?(\d{1,2})\}?", V.clean(x.name).strip())
        if m and len(V.shape(x.array)) == 1 and role(m.group(1)) not in ("Q", "K", "V") and \
                x.name not in {y.name for y in groups.get(m.group(1), [])}:
            groups.setdefault(m.group(1), []).append(x)
    best = max(groups.values(), key=len, default=[])
    if len(best) < 2 or len({len(x.array) for x in best}) != 1:
        return None
    labels = [x.label or "" for x in best]
    return I.Named(best[0].name.rstrip("0123456789_{}") or "h", [list(x.array) for x in best], best[0].line,
                   best[0].at, labels if all(labels) else [x.name for x in best])  # type: ignore[misc]


def _stacked_states(named: list[I.Named], prose: str) -> I.Named | None:
    """A matrix H whose rows the prose names h_1, h_2, … (``H = [[…], […]]`` after "the states h_1, h_2, h_3"):
    those states, in order, each row named as the prose names it."""
    for x in named:
        name = V.clean(x.name).strip()
        shape = V.shape(x.array)
        if len(shape) != 2 or shape[0] < 2 or not re.fullmatch(r"[A-Za-z]", name) or role(name) is not None:
            continue
        low = name.lower()
        if all(re.search(rf"(?<![A-Za-z]){low}_?\{{?{k}\}}?(?![\d])", prose) for k in range(1, shape[0] + 1)):
            return I.Named(low, [list(r) for r in x.array], x.line, x.at,  # type: ignore[misc]
                           [f"{low}{k}" for k in range(1, shape[0] + 1)])
    return None


def _named_states(named: list[I.Named], found: I.Items) -> I.Named | None:
    """A matrix the code names as the encoder's states (``annotations``, ``encoder_states``) beside a decoder
    state: a state a row, or a column when its columns are as tall as the decoder state is wide and its rows
    are not (``np.transpose([[…], […]])``: each column one annotation, as the prose says)."""
    for x in named:
        shape = V.shape(x.array)
        if len(shape) != 2 or not _ENCODER_STATES.fullmatch(V.clean(x.name).strip()):
            continue
        if _query(found, shape[1]) is not None:
            return I.Named(x.name, [list(r) for r in x.array], x.line, x.at,  # type: ignore[misc]
                           [f"h{k}" for k in range(1, shape[0] + 1)])
        if _query(found, shape[0]) is not None:
            return I.Named(x.name, [list(c) for c in zip(*x.array)], x.line, x.at,  # type: ignore[misc]
                           [f"h{k}" for k in range(1, shape[1] + 1)])
    return None


def _one_query(found: I.Items, g: Givens) -> Candidate | None:
    """One query vector against keys and values by token: the query's row is stated, the other queries are
    unknowns (symbols, never claimed). A query named after one of the tokens (``q = […]  # 'warm'``) is that
    token's row; any other (a decoder state) is a position of its own that attends to the others only. Keys
    without values (a document that stops at the weights) have unknown values, of the keys' width."""
    k, v = g.direct["K"], g.direct.get("V")
    n = len(k.array)
    if not isinstance(k.array[0], list) or (v is not None and len(v.array) != n):
        return None
    q = _query(found, len(k.array[0]))
    if q is None:
        return None
    if v is None:
        blank = iter(f"v{i}" for i in range(1, 10 ** 6))
        v = I.Named("V", [[next(blank) for _ in k.array[0]] for _ in k.array], k.line, k.at,  # type: ignore[misc]
                    k.row_labels)
    labels = k.row_labels or v.row_labels
    tokens, tnote = (g.tokens, g.token_note) if g.tokens and len(g.tokens) == n else _row_names(found, n, labels)
    of = _OF_TOKEN.search(q.name)  # q(barked): the query of that token
    label = q.label or (of.group(0).strip()[1:-1].strip() if of else None)
    own = label if label in tokens else None
    dk, dv = len(k.array[0]), len(v.array[0])
    unknown = iter(f"u{i}" for i in range(1, 10 ** 6))
    rows = {r: {t: list(row) for t, row in zip(tokens, x.array)} for r, x in (("K", k), ("V", v))}
    if own is None:  # a position of its own, after the keys: its key and value are never used (zeros)
        own = label or "query"
        if own in tokens:
            return None
        tokens = [*tokens, own]
        rows["K"][own] = ["0"] * dk
        rows["V"][own] = ["0"] * dv
        mask: str | None = "no_self"
    else:
        mask = g.mask
    qrows = {t: (list(q.array) if t == own else [next(unknown) for _ in range(dk)]) for t in tokens}
    head, head_note = _head(found, g, tokens, dv) if "head" in g.weights else (None, [])
    m: dict = {"tokens": tokens, **({"mask": mask} if mask else {}), **({"scale": g.scale} if g.scale else {}),
               **({"givens": "rounded"} if g.rounded and _printed(q, k, v) else {}), "layers": [{"Q": qrows, **rows}],
               **({"head": head} if head else {})}
    notes = [tnote, f"one query, {q.name} ({I.where(q.line)}), for {own}; the other queries are unknowns",
             f"K given directly ({I.where(k.line)})",
             f"V given directly ({I.where(v.line)})" if "V" in g.direct else "no values given: V unknowns"] + head_note
    return Candidate("one query against keys and values given directly" + (", then an output layer" if head else ""),
                     {"model": m}, notes,
                     _conventions(g, True), prior=0, givens={id(k), id(v), id(q)} | g.stacked | {
                         id(x) for x in found.found if isinstance(x, I.Table) and x.name and
                         x.row_labels == k.row_labels and role(x.name) in ("K", "V")}, from_x=False)


def choice_of(spec: Spec, path: str):
    """The value at ``model.<path>`` (``layers.0.ln.eps``), or None where the spec does not set it."""
    node = spec["model"]
    for p in path.split("."):
        if isinstance(node, list):
            node = node[int(p)]
        elif isinstance(node, dict):
            node = node.get(p)
        else:
            return None
    return node


def with_choice(spec: Spec, path: str, value) -> Spec:
    """A copy of the spec with ``model.<path>`` set (``layers.0.ln.eps``)."""
    out = json.loads(json.dumps(spec))
    node = out["model"]
    parts = path.split(".")
    for p in parts[:-1]:
        node = node[int(p)] if p.isdigit() else node.setdefault(p, {})
    node[parts[-1]] = value
    return out


# ---- the one printer of a spec -----------------------------------------------------------------------------------
def toml_str(s: str) -> str:
    """A TOML basic string: JSON's escapes, plus DEL (TOML refuses it raw)."""
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return toml_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{toml_str(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML form for {type(v).__name__}")


def _table(path: str, d: dict, out: list[str]) -> None:
    subs = [(k, v) for k, v in d.items() if isinstance(v, dict) and k not in _INLINE]
    arrays = [(k, v) for k, v in d.items() if isinstance(v, list) and v and all(isinstance(x, dict) for x in v)]
    plain = [(k, v) for k, v in d.items() if (k, v) not in subs and (k, v) not in arrays]
    if path:
        out.append(f"\n[{path}]")
    for k, v in plain:
        out.append(f"{_bare(k)} = {_value(v)}")
    for k, v in subs:
        _table(f"{path}.{_bare(k)}" if path else _bare(k), v, out)
    for k, v in arrays:
        for x in v:
            out.append(f"\n[[{path}.{_bare(k)}]]" if path else f"\n[[{_bare(k)}]]")
            _table_body(f"{path}.{_bare(k)}" if path else _bare(k), x, out)


def _table_body(path: str, d: dict, out: list[str]) -> None:
    """The keys of an array-of-tables entry, then its sub-tables (``[model.layers.attn]``)."""
    for k, v in d.items():
        if not (isinstance(v, dict) and k not in _INLINE):
            out.append(f"{_bare(k)} = {_value(v)}")
    for k, v in d.items():
        if isinstance(v, dict) and k not in _INLINE:
            _table(f"{path}.{_bare(k)}", v, out)


_INLINE = {"Q", "K", "V", "scores", "embeddings_inline"}  # token-keyed tables written inline, as case files write them


def _bare(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_str(k)


def model_toml(spec: Spec) -> str:
    """The spec as the [model] (and [train], [names]) part of a case file."""
    out: list[str] = []
    _table("model", spec["model"], out)
    for table in ("train", "names"):
        if table in spec:
            _table(table, spec[table], out)
    return "\n".join(out).lstrip("\n") + "\n"
