"""What the names documents use stand for: a given (``W_Q`` → Wq, ``x`` → X) or a computed step (``attn`` →
weights), as priors for the reader; the numbers decide."""

from __future__ import annotations

import re
from functools import lru_cache

from . import values as V
from .symbols import derivative

_ROLES = {
    "wq": "Wq", "wquery": "Wq", "wk": "Wk", "wkey": "Wk", "wv": "Wv", "wvalue": "Wv", "wo": "Wo",
    "bq": "bq", "bk": "bk", "bv": "bv", "bo": "bo", "w1": "W1", "w2": "W2", "b1": "b1", "b2": "b2",
    "θq": "Wq", "θk": "Wk", "θv": "Wv", "thetaq": "Wq", "thetak": "Wk", "thetav": "Wv",  # θ_Q: parameters by their letter
    "wproj": "Wo", "wqkv": "Wqkv", "wattn": "Wqkv", "cattn": "Wqkv", "qkv": "Wqkv", "inprojweight": "Wqkv",
    "qkvproj": "Wqkv", "qkvprojweight": "Wqkv", "qkvproj.weight": "Wqkv", "wqkvweight": "Wqkv",  # a fused module's weight
    "wout": "head", "wvocab": "head", "wlm": "head", "wu": "head", "wunembed": "head",
    "outputweights": "head", "outweights": "head", "unembedding": "head", "lmhead": "head",  # the code's words
    "q": "Q", "k": "K", "v": "V", "query": "Q", "key": "K", "value": "V", "queries": "Q", "keys": "K",
    "values": "V",
    "x": "X", "e": "X", "input": "X", "inputs": "X", "embedding": "X", "embeddings": "X", "emb": "X",
    "xemb": "X", "embeds": "X", "tokenembeddings": "X", "wordembeddings": "X", "入力": "X", "埋め込み": "X",
    "入力ベクトル": "X", "입력": "X", "임베딩": "X", "输入": "X", "嵌入": "X", "词向量": "X",
    "q=k=v": "X", "k=q=v": "X", "v=k=q": "X",  # Q = K = V = [[…]]: attention on the inputs themselves
    "gamma": "gamma", "γ": "gamma", "beta": "beta", "β": "beta",
}
# a computed step a document's own name for a table points to (a prior: the values decide)
STEP_HINTS = {
    "scores": "scores", "score": "scores", "qk": "scores", "qkt": "scores", "s": "scores", "logitsattn": "scores",
    "scaled": "scaled", "weights": "weights", "attention": "weights", "attn": "weights", "a": "weights",
    "alpha": "weights", "α": "weights", "softmax": "weights", "attentionweights": "weights",
    "context": "context", "z": "context", "output": "context", "out": "context", "contextvector": "context",
    "pe": "PE", "positionalencoding": "PE", "mean": "mean", "mu": "mean", "μ": "mean", "var": "var",
    "media": "mean", "moyenne": "mean", "mittelwert": "mean", "среднее": "mean", "varianza": "var",
    "variância": "var", "varianz": "var", "дисперсия": "var",
    "variance": "var", "std": "std", "sigma": "std", "σ": "std", "norm": "norm", "normalized": "norm",
    "xhat": "norm", "logits": "logits", "probs": "probs", "probabilities": "probs", "sum": "expsum",
    "expsum": "expsum", "exp": "exp", "x+pe": "in", "x+p": "in", "e+pe": "in", "q": "Q", "k": "K", "v": "V",
    "query": "Q", "key": "K", "value": "V", "weightedv": "weighted_v", "av": "weighted_v", "a×v": "weighted_v",
    "スコア": "scores", "重み": "weights", "注意重み": "weights", "アテンション重み": "weights", "점수": "scores",
    "가중치": "weights", "어텐션가중치": "weights", "分数": "scores", "得分": "scores", "权重": "weights",
    "注意力权重": "weights", "平均": "mean", "分散": "var", "標準偏差": "std", "均值": "mean", "方差": "var",
    "标准差": "std", "평균": "mean", "분산": "var", "표준편차": "std", "正規化": "norm", "정규화": "norm",
    "归一化": "norm", "normiert": "norm", "normalisiert": "norm", "normalisé": "norm", "normalizado": "norm",
    "normalizzato": "norm", "нормированный": "norm", "normalised": "norm", "合計": "expsum", "合计": "expsum", "总和": "expsum", "總和": "expsum", "합계": "expsum", "total": "expsum", "сумма": "expsum", "σ²": "var",
    "σ^2": "var", "sigma^2": "var", "relu": "act", "gelu": "act", "activation": "act", "活性化": "act",
    "-lnp": "loss.pos", "nll": "loss.pos", "-logp": "loss.pos", "crossentropy": "loss", "loss": "loss",
    "verlust": "loss", "perte": "loss", "pérdida": "loss", "perda": "loss", "perdita": "loss", "損失": "loss",
    "损失": "loss", "손실": "loss", "потеря": "loss", "потери": "loss", "kayıp": "loss", "kerugian": "loss",
    "verlies": "loss", "strata": "loss",
    "lnp": "logprob", "logp": "logprob", "logprob": "logprob", "logprobs": "logprob", "logprobability": "logprob",
    "perplexity": "ppl", "ppl": "ppl", "perplexité": "ppl", "perplejidad": "ppl", "perplexidade": "ppl",
    "perplexität": "ppl", "perplessità": "ppl", "困惑度": "ppl", "パープレキシティ": "ppl", "퍼플렉서티": "ppl",
    "перплексия": "ppl",
    "logit": "logits", "logitz": "logits", "ez": "exp", "exp(z)": "exp", "e^z": "exp", "ex": "exp", "exp(x)": "exp",
    "p": "probs",
    "prob": "probs", "probability": "probs", "p(word)": "probs", "확률": "probs", "確率": "probs", "概率": "probs",
    "二乗": "sq", "平方": "sq", "제곱": "sq", "squared": "sq", "square": "sq",
    "활성화": "act", "激活": "act",
    "tổng": "expsum", "trungbình": "mean", "phươngsai": "var", "độlệchchuẩn": "std", "xácsuất": "probs",
    "√dk": "sqrt_dk", "sqrt(dk)": "sqrt_dk", "sqrtdk": "sqrt_dk",
}


def split_name(name: str) -> tuple[str, str | None]:
    """A name with a subscript: ``x_{\\text{sea}}`` → (``x``, ``sea``), ``q_cat`` → (``q``, ``cat``); else (name,
    None)."""
    t = V.clean(name).strip().strip("$")
    t = re.sub(r"\\(?:text|mathrm|mathit|operatorname)\s*\{([^{}]*)\}", r"\1", t)
    m = re.fullmatch(r"(.+?)_\{?\s*([^{}_]+?)\s*\}?", t)
    if m is None:
        return name, None
    return m.group(1), m.group(2)


def _key(name: str) -> str:
    t = V.clean(name)
    t = re.sub(r"\\(hat|bar|tilde)\s*\{?\s*([A-Za-z])\s*\}?", r"\2\1", t)  # \hat{x} → xhat
    t = re.sub(r"\\(?:mathbf|mathrm|boldsymbol|bm|text|operatorname|mathit)", "", t)
    t = re.sub(r"\^\s*[{(]?\s*\(\s*([A-Za-z]{1,5}|\d)\s*\)\s*[})]?", r"\1", t)  # W^(Q), W^{(K)}: the letter;
    # W^{(1)}, b^((2)): a layer's number as a superscript in brackets, the W1 and b2 of code
    t = re.sub(r"[\s$`{}\\^_*'\"]", "", t)
    return t


_NORM_MODULE = re.compile(r"ln(?:_?\d|_?f)?|(?:layer_?)?norm\d?|layernorm\d?")


_UPDATED = re.compile(r"['′’]\s*\}?\s*$|(?:^|[_\s.])(?:new|updated|neu|nuevo|nova|novo|nouveau|after)(?:$|[_\s])|新|更新|"
                      r"\^\{?\(?(?:1|t\+1)\)?\}?\s*$", re.IGNORECASE)


def updated(name: str) -> bool:
    """Whether a weight's name marks it as the weight after a training step: W', W_new, W^{(1)}, 新しい W."""
    return bool(_UPDATED.search(V.clean(name).replace("$", "").strip()))


PROJECTIONS = ("Wq", "Wk", "Wv", "Wo")  # attention's projections, as a module (nn.Linear) may hold them


@lru_cache(maxsize=4096)
def role(name: str) -> str | None:
    """The given a document's name stands for: W_Q, W^{Q}, \\mathbf{W}_q, Wq, W_query → Wq; q → Q; X → X."""
    if re.fullmatch(r"\s*\$?\s*[hH]\s*\^\s*\{?\s*\(?\s*0\s*\)?\s*\}?\s*\$?\s*", V.clean(name)):
        return "X"  # h⁰, h^{(0)}: the hidden state before the first layer, the input
    t = _key(name)
    t = re.sub(r"^([Ww])\(([qkvoQKVO])\)$", r"\1\2", t)  # W(q), W(k): the projection its letter names
    low = t.lower()
    if low in ("w1", "w2", "b1", "b2"):
        return _ROLES[low]
    module, dot, part = low.rpartition(".")
    if dot and part in ("gamma", "beta", "weight", "bias") and (part in ("gamma", "beta") or _NORM_MODULE.fullmatch(
            module.rpartition(".")[2])):  # ln.gamma, ln_1.weight, norm.bias: a LayerNorm's γ and β as code names them
        return "gamma" if part in ("gamma", "weight") else "beta"
    if dot and part == "weight" and (inner := role(t.rpartition(".")[0])) in PROJECTIONS:
        return inner  # W_q.weight: nn.Linear's weight of the query projection (written out×in)
    t = re.sub(r"\(\d+\)|\d+$", "", t)
    got = _ROLES.get(t.lower()) or _ROLES.get(t)
    words = V.clean(name).split()
    if got is None and 2 <= len(words) <= 3:  # | key k | value v |, "Key K", "query q": a word and its symbol
        roles = {_ROLES.get(_key(w).lower()) or _ROLES.get(_key(w)) for w in words}  # each word the same role
        got = roles.pop() if len(roles) == 1 and roles <= {"Q", "K", "V"} else None
    return got


@lru_cache(maxsize=4096)
def step_hint(name: str) -> str | None:
    """The step a document's name for a printed result suggests (``attn_weights`` → weights)."""
    base, sub = split_name(name)
    if sub is not None and not sub.isdigit():
        if len(base) >= 3 and role(name) is None and _hint(base) is None and (whole := _hint(name)) is not None:
            return whole  # scale_scores, attn_weights: a step's name in words, not a symbol and its token
        if not (_hint(sub) not in (None, "Q", "K", "V") and _hint(name)):  # q_cat: q; a_scores: scores
            name = base
    if re.search(r"[÷/]\s*√|/\s*sqrt|scaled|divided by\s*(?:√|sqrt)", name, re.IGNORECASE) or \
            re.fullmatch(r"\s*(?:÷|/)\s*\d\.\d{2,}\s*", V.clean(name).replace("$", "")):  # | ÷ 1.414 |: the root, as a number
        return "scaled"
    if re.search(r"\b(?:before|pre-?)\s*(?:the\s+)?softmax", name, re.IGNORECASE):
        return "scores"  # "Before softmax", "pre-softmax": what the softmax is applied to
    plain = V.clean(name).replace("$", "").strip()
    if re.fullmatch(r"(?:(?:torch|np|numpy|math|tf|jnp)\.)?exp\(\s*(?:loss|nll|ce|cross_entropy|xent)\s*\)", plain,
                    re.IGNORECASE):
        return "ppl"  # torch.exp(loss): the perplexity
    call = re.fullmatch(r"([A-Za-z]{1,8})\s*\(\s*[^()]{1,20}\s*\)", plain)
    if call and call.group(1).lower() in ("p", "prob", "softmax", "z", "logit", "exp"):
        return _hint(call.group(1))  # p(cats) = 0.4922: the probability of one word
    if re.fullmatch(r"\(?\s*\w{1,12}\s*-\s*(?:μ|mu|\\mu|mean|平均|평균|均值)\s*\)?", plain):
        return "centered"  # "h1 - μ = 0.35": a deviation from the mean
    if re.fullmatch(r"\(\s*\w{1,12}\s*-\s*(?:μ|mu|\\mu|mean|平均|평균|均值)\s*\)\s*\^\s*2", plain):
        return "sq"
    if re.fullmatch(r"q\w{0,12}\s*[·⋅•*]\s*k\w{0,12}(?:\^T|ᵀ)?", name.strip(), re.IGNORECASE):  # q·k1, q_i·k_j
        return "scores"
    got = _hint(name)
    if _QK.search(plain) and _TIMES_V.search(plain):
        return "context"  # softmax(QKᵀ)V, softmax(Q K^T / √d) @ V: the weights times the values
    if got is None and _QK.search(V.clean(name).replace("$", "")):
        return "scores"  # Q @ K^T, "スコア行列 (Q × K^T)", Q·Kᵀ, Q@K.T: the product that makes the scores
    if got is None and len(words := name.split()) > 1:  # "variance σ²", "std σ", "mean μ": a word names it
        got = next((h for w in words if len(w) >= 3 and (h := _hint(w))), None)
    if got is None and updated(name) and (rest := _UPDATED.sub(" ", V.clean(name)).strip()) and rest != name:
        got = step_hint(rest)  # | 新 p |, "new z", "p'": the same quantity after the training step
    if got is None and (bare := without_remark(name)) != name and bare:
        got = step_hint(bare)  # "スコア（マスク前）", "scores (raw)": the name, its remark in parentheses aside
    return got


@lru_cache(maxsize=8)
def _remark(most: int) -> re.Pattern:
    """A remark in parentheses at a label's end, of at most ``most`` characters."""
    return re.compile(rf"\s*[(（][^()（）]{{1,{most}}}[)）]\s*$")


def without_remark(label: str, most: int = 12) -> str:
    """A name or a label without the short remark in parentheses at its end (of at most ``most`` characters):
    ``鬼(Q)`` → ``鬼``."""
    return _remark(most).sub("", label).strip()


_TIMES_V = re.compile(r"\)\s*(?:@|×|\*|·|⋅|\\cdot|\\times)?\s*V\s*$")
_QK = re.compile(r"(?<![A-Za-z])Q\s*(?:@|×|\*|·|⋅|\\cdot|\\times)?\s*K\s*(?:\^\s*\{?\s*(?:T|\\top|t)\s*\}?|ᵀ|\.T\b|"
                 r"\.transpose\([^()]*\))(?![A-Za-z])")


def _hint(name: str) -> str | None:
    t = _key(name).lower().replace("_", "")
    if t in ("σ2", "sigma2"):
        return "var"  # σ² (σ^2, \sigma^{2}): a variance, not the σ its digit would leave
    t = re.sub(r"\d+$", "", t)
    return STEP_HINTS.get(t) or next((v for k, v in _LONG_HINTS if t.endswith(k)), None)


_LONG_HINTS = tuple((k, v) for k, v in STEP_HINTS.items() if len(k) > 3)  # "attn_weights" ends with "weights"


# names that state a setting or a given, never a result: "lr = 0.5", "d_k = 64", "t = 1", "b = -0.1"
_SETTINGS = {"lr", "eta", "η", "alpha", "α", "eps", "ε", "ϵ", "epsilon", "seed", "d", "dk", "dmodel", "dv", "dff",
             "h", "heads", "nheads", "n", "batch", "batchsize", "epochs", "epoch", "steps", "step", "t", "target",
             "ytrue", "label", "b", "bias", "w", "weight", "weights", "lambda", "λ", "dropout", "p", "temperature",
             "tau", "τ", "base", "vocab", "vocabsize", "seqlen", "i", "j", "k", "m", "pos", "version", "year"}
_SYMBOL = re.compile(r"[^\W\d_∂]|∂|ŷ")


_GIVEN_NAMES = {"t", "b", "w", "weight", "weights", "bias", "i", "j", "k", "m", "target", "label", "ytrue"}
_SETTINGS_ONLY = _SETTINGS - _GIVEN_NAMES  # a setting's own name, not a given's or an index's


def setting(name: str) -> bool:
    """Whether a name is a setting's (``d_k``, ``lr``, ``heads``): a line that works one out (d_k = 4 / 2 = 2)
    computes no quantity of the model."""
    last = name.split()[-1] if name.split() else name  # "trabalha com d_k": the symbol the words end on
    return any(_key(n).lower().replace("_", "") in _SETTINGS_ONLY for n in {name, last})


@lru_cache(maxsize=4096)
def result_name(name: str) -> bool:
    """Whether a name may carry a result the document computed (``y``, ``ŷ``, ``L``, ``E_total``, ``∂L/∂w1``,
    ``out_o1``, ``w1_new``) although it suggests no step: a short symbol, not a setting nor a given's name."""
    if derivative(name) is not None:  # ∂E_total/∂w_5, dL/da_2: a gradient the document works out
        return True
    t = _key(name)
    if not t or len(t) > 16 or not _SYMBOL.match(t) or re.search(r"\s", name.strip()):
        return False
    low = t.lower().replace("_", "")
    word = re.fullmatch(r"[a-z]{4,}", low) and not re.search(r"loss|error|cost|total|output|grad|pred|new", low)
    return low not in _SETTINGS and role(name) is None and not word
