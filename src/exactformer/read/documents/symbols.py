"""The symbols of a network worked by hand, and the equations a document writes with them.

A backpropagation example by hand (Mazur's and the many posts after it, a lesson's one neuron or chain of neurons)
names every scalar: ``net_{h1}``, ``out_{o1}``, ``a_2``, ``z^{(3)}``, ``\\hat{y}``, ``w_5``, ``E_{total}``, and its
derivatives ``\\frac{\\partial E_{total}}{\\partial w_5}``, ``dL/da_2``, ``\\frac{\\delta L}{\\delta w}``. ``key`` gives
each symbol one spelling whatever the TeX around it (``out_{h1}``, ``out{h1}`` and ``out_h1`` are ``outh1``);
``derivative`` reads a derivative's two symbols; ``equations`` reads a document's lines into chains of parsed sides
(``net_h1 = w_1·i_1 + … = 0.15·0.05 + … = 0.3775``), each symbol a ``Name`` whose name is its key. Nothing is
evaluated: the sides are parsed by the project's grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import ParseError
from .. import grammar as G
from . import values as V

# an update's mark after a weight's name: w_5^+, w_5^{+}, w1', w_{new}, w^{(1)}_{new}, w5_new
_UPDATE_MARK = re.compile(r"(?:\^\s*\{?\s*\(?\s*\+\s*\)?\s*\}?|['′’]|_?\{?\s*(?:new|neu|nuevo|novo|nouveau|updated)\s*\}?)$",
                          re.IGNORECASE)
_HAT = re.compile(r"\\(?:hat|widehat)\s*(?:\{\s*([A-Za-z])\s*((?:[^{}]|\{[^{}]*\}){0,12}?)\}|([A-Za-z]))")
_GREEK = {"alpha": "α", "eta": "η", "mu": "μ", "lambda": "λ", "theta": "θ", "epsilon": "ε", "varepsilon": "ε",
          "beta": "β", "gamma": "γ", "delta": "δ", "sigma": "σ", "tau": "τ", "omega": "ω", "phi": "φ"}
_FONT = re.compile(r"\\(?:mathrm|mathit|text|textrm|operatorname|mathbf|boldsymbol|bm)\s*")
_LAYER_MARK = re.compile(r"\^\s*(?:\{\s*\(\s*(\d{1,2})\s*\)\s*\}|\(\s*\(\s*(\d{1,2})\s*\)\s*\)|\{\s*\[\s*(\d{1,2})\s*\]\s*\})")


def key(text: str) -> str:
    """A symbol's one spelling: ``out_{h1}`` → ``outh1``, ``\\hat{y_1}`` → ``yhat1``, ``w^{(2)}`` → ``w^2``,
    ``w_5^{+}`` → ``w5+``, ``\\eta`` → ``η``; letters, digits and those marks only."""
    t = V.clean(text).strip().strip("$`*").strip()
    t = _FONT.sub("", t)
    t = t.replace("ŷ", "yhat")
    t = _HAT.sub(lambda m: (m.group(1) + "hat" + (m.group(2) or "")) if m.group(1) else m.group(3) + "hat", t)
    t = re.sub(r"\\([A-Za-z]+)", lambda m: _GREEK.get(m.group(1), m.group(1)), t)
    t = _LAYER_MARK.sub(lambda m: "^" + (m.group(1) or m.group(2) or m.group(3)), t)
    update = _UPDATE_MARK.search(t)
    mark = ""
    if update and update.start() > 0:
        mark, t = "+", t[:update.start()]
    t = re.sub(r"[\s{}_()\[\]\\$*`'′’,]", "", t)
    return t + mark


def updated(k: str) -> str | None:
    """The symbol a key marks as updated (``w5+`` → ``w5``), else None."""
    return k[:-1] if k.endswith("+") and len(k) > 1 else None


_D = r"(?:\\partial\s*|∂\s*|\\delta\s*|δ\s*|d(?=[A-Za-z\\]))"
_DERIVATIVE = re.compile(r"^\(?\s*" + _D + r"\s*(.+?)\s*\)?\s*/\s*\(?\s*" + _D + r"\s*(.+?)\s*\)?$")


def derivative(text: str) -> tuple[str, str] | None:
    """A derivative's two symbols, as keys: ``(\\partial E_{total})/(\\partial w_5)`` → (``Etotal``, ``w5``),
    ``dL/da_2``, ``(\\delta L)/(\\delta \\hat{y})``, ``\\frac{\\partial out_{o1}}{\\partial net_{o1}}``; None for
    anything else."""
    t = V.tex_plain(V.clean(text).strip().strip("$").strip())
    t = re.sub(r"\s+", " ", t)
    m = _DERIVATIVE.match(t)
    if m is None:
        return None
    num, den = (_balanced(x) for x in m.groups())
    if not num or not den or "/" in num or "/" in den:
        return None
    a, b = key(num), key(den)
    return (a, b) if a and b and _SYMBOL_KEY.fullmatch(a) and _SYMBOL_KEY.fullmatch(b) else None


_SYMBOL_KEY = re.compile(r"[^\W\d_][\w^+]{0,15}")


def _balanced(s: str) -> str:
    """A derivative's symbol without the parentheses its fraction left unbalanced around it."""
    s = s.strip()
    while s.count("(") > s.count(")") and s.startswith("("):
        s = s[1:].strip()
    while s.count(")") > s.count("(") and s.endswith(")"):
        s = s[:-1].strip()
    return s


# ---- equations -------------------------------------------------------------------------------------------------
_FUNCTION_WORDS = {"sigmoid": "sigmoid", "relu": "relu", "tanh": "tanh", "exp": "exp", "ln": "ln", "log": "log",
                   "sqrt": "sqrt", "abs": "abs", "max": "max", "e": "e", "σ": "σ", "sin": "sin", "cos": "cos",
                   "logistic": "sigmoid"}
_SYM_BASE = (r"(?:\\(?:hat|widehat)\s*(?:\{[^{}]{1,12}\}|[A-Za-z])|ŷ|\\(?:" + "|".join(_GREEK) + r")(?![A-Za-z])|"
             r"[αηλθμβγτ]|[A-Za-z][A-Za-z]*\d*)")
_SYM_DECOR = (r"(?:_\{[^{}]{1,14}\}|_[A-Za-z0-9]+|\{[A-Za-z][A-Za-z0-9]{0,7}\}|\^\s*\(\(\s*\d{1,2}\s*\)\)|"
              r"\^\s*\{\s*\(\s*\d{1,2}\s*\)\s*\}|\^\s*\(\s*\+\s*\)|\^\s*\{\s*\+\s*\}|\^\+|['′’])*")
_SYMBOL = re.compile(_SYM_BASE + _SYM_DECOR)
_DERIV_START = re.compile(r"\(\s*(?:\\partial|∂|\\delta|δ|d(?=\s*[A-Za-z\\]))")


@dataclass(frozen=True)
class Side:
    """One side of a chain: its text, its parse (symbols as ``Name``s of their keys), and its symbols' spellings."""

    text: str
    node: object
    spelled: dict[str, str]  # key → the document's spelling

    @property
    def numeric(self) -> bool:
        return not any(isinstance(n, G.Name) for n in G.nodes(self.node)) and \
            any(isinstance(n, G.Num) for n in G.nodes(self.node))

    @property
    def symbolic(self) -> bool:
        return any(isinstance(n, G.Name) for n in G.nodes(self.node))


@dataclass(frozen=True)
class Equation:
    """A chain ``name = side = side …`` on one line of the document (its sides parsed; the name's key)."""

    name: str  # the key of what it computes ("neth1"), or "" when the first side is no symbol
    spelled: str  # the name as written
    deriv: tuple[str, str] | None  # (of, by) when the name is a derivative
    sides: tuple[Side, ...]
    line: int


_MARKED_SIGMA = re.compile(r"σ_(?:\{\s*\w{1,6}\s*\}|\w)\s*\((?!\s*1\s*[-−])")  # (σ_2(1 − σ_2): a product)


def parse_side(text: str) -> Side | None:
    """A side of a chain, its symbols replaced by their keys (a derivative is one symbol, ``d:E/w5``)."""
    t = V.tex_plain(V.clean(text)).strip()
    t = re.sub(r"\\(?:left|right|big|Big|bigl|bigr)", "", t)
    t = re.sub(r"\b(?:Sigmoid|SIGMOID|Logistic)\b", "sigmoid", t)
    t = re.sub(r"\b(?:ReLU|ReLu|RELU|Relu)\b", "relu", t)
    t = re.sub(r"\\(?:sigma)\b", "σ", t)
    t = _MARKED_SIGMA.sub("σ(", t)  # σ_h(z_1), σ_{out}(z): the hidden or the output layer's sigmoid
    if not t or len(t) > 400 or re.search(r"\\(?:sum|prod|int|begin|end)\b|[∑∏]", t):
        return None
    spelled: dict[str, str] = {}
    out: list[str] = []
    k = 0
    while k < len(t):
        d = _DERIV_START.match(t, k) if t[k] == "(" else None
        if d is not None:
            end = _fraction_end(t, k)
            if end is not None and (dd := derivative(t[k:end])) is not None:
                name = f"d:{dd[0]}/{dd[1]}"
                spelled[name] = t[k:end]
                out.append(f" {_slot(name, spelled)} ")
                k = end
                continue
        m = _SYMBOL.match(t, k) if (t[k].isalpha() or t[k] in "\\ŷ") and (k == 0 or not (t[k - 1].isalnum())) else None
        if m is not None and m.end() > k:
            word = m.group(0)
            low = word.lower()
            if low in _FUNCTION_WORDS or (low == "e" and t[m.end():].lstrip()[:1] == "^"):
                out.append(_FUNCTION_WORDS.get(low, word))
                k = m.end()
                continue
            sym = key(word)
            if not sym or not _SYMBOL_KEY.fullmatch(sym):
                return None
            spelled.setdefault(sym, word)
            out.append(f" {_slot(sym, spelled)} ")
            k = m.end()
            continue
        out.append(t[k])
        k += 1
    text_slots = "".join(out)
    try:
        node = G.parse_expression(text_slots)
    except ParseError:
        return None
    slots = list(spelled)
    node = _renamed(node, {f"S{i}X": s for i, s in enumerate(slots)})
    return Side(text, node, spelled)


def _slot(sym: str, spelled: dict[str, str]) -> str:
    return f"S{list(spelled).index(sym)}X"


def _fraction_end(t: str, k: int) -> int | None:
    """Where ``(∂a)/(∂b)`` that opens at k ends (after its second parenthesis), else None."""
    end = _close(t, k)
    if end is None:
        return None
    j = end
    while j < len(t) and t[j] == " ":
        j += 1
    if j >= len(t) or t[j] != "/":
        return None
    j += 1
    while j < len(t) and t[j] == " ":
        j += 1
    if j >= len(t) or t[j] != "(":
        return None
    return _close(t, j)


def _close(t: str, k: int) -> int | None:
    depth = 0
    for j in range(k, min(len(t), k + 80)):
        depth += t[j] == "("
        depth -= t[j] == ")"
        if depth == 0:
            return j + 1
    return None


def _renamed(node, names: dict[str, str]):
    """The parse with each slot's name replaced by its symbol's key."""
    if isinstance(node, G.Name):
        return G.Name(names.get(node.name, node.name))
    if isinstance(node, G.Neg):
        return G.Neg(_renamed(node.x, names))
    if isinstance(node, G.Bin):
        return G.Bin(node.op, _renamed(node.a, names), _renamed(node.b, names))
    if isinstance(node, G.Call):
        return G.Call(node.fn, tuple(_renamed(a, names) for a in node.args))
    if isinstance(node, G.Vec):
        return G.Vec(tuple(_renamed(a, names) for a in node.items))
    return node


_REL = re.compile(r"\s*(?:=|≈|≒|\\approx)\s*")
CALL_NAME = re.compile(r"^\s*([A-Za-z](?:_\{?\w{1,8}\}?)?)\s*\([^()]{0,40}\)\s*$")  # L(y, ŷ), L(1.5, 0.56): the loss


def equation(text: str, line: int) -> Equation | None:
    """A line ``name = side = … = result`` as an Equation; None when it is none (prose, one side only)."""
    parts = _split(text)
    if parts is None or len(parts) < 2:
        return None
    head = parts[0].strip()
    deriv = derivative(head)
    if not deriv and not _SYMBOL.fullmatch(V.tex_plain(V.clean(head)).strip()):
        bare = _LEAD_WORDS.sub("", head)
        words = {w.rstrip(":").lower() for w in head[:len(head) - len(bare)].split()}
        if bare != head and _SYMBOL.fullmatch(V.tex_plain(V.clean(bare)).strip()) and not _WORD.match(bare) and \
                not words & _OPERATOR_WORDS:  # ("log p = −0.69", "derivative of h": not p's, not h's value)
            head = bare
    call = CALL_NAME.match(head)
    name = f"d:{deriv[0]}/{deriv[1]}" if deriv else key(call.group(1)) if call else key(head)
    if not deriv and not (call or _SYMBOL.fullmatch(V.tex_plain(V.clean(head)).strip())):
        name = ""
    sides = [parse_side(p) for p in (parts[1:] if name else parts)]
    got = tuple(s for s in sides if s is not None)
    if not got or (not name and len(got) < 2):
        return None
    return Equation(name, head, deriv, got, line)


def assignments(text: str) -> list[str]:
    """A line that lists equations (``x=1, w_1=0.5, y=0.5``; ``ŷ = 9.2,  L = 0.64``) as its equations, split at the
    commas, semicolons and "and"s outside brackets when every piece has its own = or ≈ (or is words alone, left
    out); else the line whole."""
    if not any(t in text for t in (",", ";", " and ", ". ", "。")):
        return [text]
    out, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += ch in "([{"
        depth = max(0, depth - (ch in ")]}"))  # ("1) x = 1, y = 2": a list's numbering, no bracket opened)
        if depth == 0 and k >= start and (ch in ",;" and not (ch == "," and text[k + 1:k + 2].isdigit()) or
                                          ch in ".。" and text[k + 1:k + 2] in (" ", "") and k > start or
                                          text.startswith(" and ", k)):  # (". ": a sentence ends, "x2 = -1. w1 = …")
            out.append(text[start:k])
            start = k + (5 if ch == " " else 1)
    out.append(text[start:])
    said = [p for p in out if _RELATION.search(p)]  # (a clause of words alone, "with the same numbers", left out)
    if len(out) < 2 or not said or any(not _RELATION.search(p) and re.search(r"\d", p) for p in out):
        return [text]
    return said


_RELATION = re.compile(r"=|≈|\\approx")
_OPERATOR_WORDS = set(_FUNCTION_WORDS) | {"of", "derivative", "gradient", "grad", "d", "partial", "softmax",
                                           "mean", "sum", "var", "std", "norm", "de", "du", "von", "der"}
_WORD = re.compile(r"[A-Za-z]{3,}(?![_\d{^])")  # "the sum of all": a word, no symbol after the words
_LEAD_WORDS = re.compile(r"^(?:[^\W\d_]+:?\s+){1,4}")  # "Let x", "hidden: h", "With learning rate η", "Веса: w1"


def _split(text: str) -> list[str] | None:
    """A chain's sides, split at =, ≈ outside brackets."""
    t = V.clean(text).strip().rstrip(".,;:。，").strip()
    t = re.sub(r"(?:\s*\\\\)+\s*$", "", t)
    if not t or len(t) > 2000:
        return None
    out, depth, cur = [], 0, ""
    k = 0
    while k < len(t):
        ch = t[k]
        depth += ch in "([{"
        depth -= ch in ")]}"
        m = _REL.match(t, k) if depth == 0 and ch in "=≈≒\\ " else None
        if m is not None and m.end() > k and t[k:m.end()].strip():
            out.append(cur)
            cur = ""
            k = m.end()
            continue
        cur += ch
        k += 1
    out.append(cur)
    return [p.strip().lstrip("&").strip() for p in out]
