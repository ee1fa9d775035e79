"""LayerNorm over each row: mean, variance, the divisor, then γ·x̂ + β.

    μ_t = Σ_m x_tm / d        σ²_t = Σ_m (x_tm − μ_t)² / D    (D = d biased, as PyTorch; d − 1 unbiased)
    std_t = √(σ²_t + eps)  (eps at var, PyTorch)   or   √σ²_t + eps  (eps at std)
    rstd_t = 1 / std_t       x̂_tm = (x_tm − μ_t)·rstd_t       ln_tm = γ_m·x̂_tm + β_m
    and, on demand, the check a lesson prints of its output: each row's mean ȳ_t, variance σ²_y,t (divided as
    σ²_t is) and standard deviation σ_y,t.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ...errors import CaseError
from ...exact import expr as X
from .. import kinds as K
from ..build import Alternative, BlockKind, Builder, Place, ReadContext
from ..steps import C, P, Step, StepSpec
from ..values import Number, Vector

STEPS = (
    StepSpec("sum", (P,), r"\Sigma x", "row sums"),
    StepSpec("mean", (P,), r"\mu", "row means"),
    StepSpec("centered", (P, C), r"(x - \mu)", "differences from the mean"),
    StepSpec("sq", (P, C), r"(x - \mu)^{2{sup}}", "squared differences"),
    StepSpec("sqsum", (P,), r"\Sigma (x - \mu)^{2{sup}}", "sums of squared differences"),
    StepSpec("var", (P,), r"\sigma^{2{sup}}", "row variances"),
    StepSpec("std", (P,), r"\sigma", "divisors"),
    StepSpec("rstd", (P,), r"\rho", "reciprocal divisors"),
    StepSpec("norm", (P, C), r"\hat{x}", "normalised rows"),
    StepSpec("gamma", (C,), r"\gamma", "scale γ"),
    StepSpec("beta", (C,), r"\beta", "shift β"),
    StepSpec("", (P, C), "y", "LayerNorm output"),
    StepSpec("ymean", (P,), r"\bar{y}", "means of the output rows"),
    StepSpec("yvar", (P,), r"\sigma_y^{2{sup}}", "variances of the output rows"),
    StepSpec("ystd", (P,), r"\sigma_y", "standard deviations of the output rows"),
)
_SPEC = {s.name: s for s in STEPS}


class Variance(enum.Enum):
    BIASED = "biased"
    UNBIASED = "unbiased"


class EpsAt(enum.Enum):
    VAR = "var"
    STD = "std"


@dataclass(frozen=True)
class LayerNormCfg:
    eps: Number
    variance: Variance = Variance.BIASED
    eps_at: EpsAt = EpsAt.VAR
    gamma: Vector | None = None
    beta: Vector | None = None


KEYS = {"kind", "eps", "variance", "eps_at", "gamma", "beta"}
ONE_COMPONENT, TWO_COMPONENTS = "unbiased variance divides by d − 1 = 0", "a row of at least 2 components"


def read_config(r, table, key, width: int) -> LayerNormCfg:
    r.table(table, key, KEYS, "eps (required), variance, eps_at, gamma, beta")
    if "eps" not in table:
        raise r.fail("a LayerNorm needs eps", key, expected="eps = 1e-5 (PyTorch's default), or eps = 0 for none",
                     found=", ".join(table) or "nothing")
    eps = r.number(table["eps"], key + ("eps",), symbols=False)
    if eps.rational is not None and eps.rational < 0:
        raise r.fail("eps must not be negative", key + ("eps",), expected="0 or a small positive number",
                     found=eps.text)
    variance = r.choice(table.get("variance", "biased"), key + ("variance",), Variance)
    if variance is Variance.UNBIASED and width < 2:
        raise r.fail(ONE_COMPONENT, key + ("variance",), expected=TWO_COMPONENTS + ', or variance = "biased"',
                     found=f"d = {width}")
    eps_at = r.choice(table.get("eps_at", "var"), key + ("eps_at",), EpsAt)
    vec = {}
    for name in ("gamma", "beta"):
        if name in table:
            vec[name] = r.vector(table[name], key + (name,), width, f"one number per component (d = {width})")
    return LayerNormCfg(eps, variance, eps_at, vec.get("gamma"), vec.get("beta"))


def build_norm(b: Builder, cfg: LayerNormCfg, place: Place, x: Step) -> Step:
    n, d = x.dims
    if cfg.variance is Variance.UNBIASED and d < 2:  # a convention tried on a one-component stream, say
        raise CaseError(ONE_COMPONENT, expected=TWO_COMPONENTS, found=f"d = {d}")
    mean = b.rows(_SPEC["mean"], place, x, K.Mean())
    # the working of a LayerNorm lesson (Σx, x − μ, (x − μ)², their sum): on demand, off the main path
    b.rows(_SPEC["sum"], place, x, K.SUM, lazy=True)
    centered = b.broadcast(_SPEC["centered"], place, (n, d), K.SUB, ((x, (0, 1)), (mean, (0,))), lazy=True)
    sq = b.elementwise(_SPEC["sq"], place, K.SQUARE, (centered,), lazy=True)
    b.rows(_SPEC["sqsum"], place, sq, K.SUM, lazy=True)
    var = b.rows(_SPEC["var"], place, x, K.Var(cfg.variance is Variance.UNBIASED), extra=(mean,))
    std = b.elementwise(_SPEC["std"], place, K.Std(cfg.eps.value, cfg.eps_at is EpsAt.STD), (var,))
    rstd = b.elementwise(_SPEC["rstd"], place, K.RECIP, (std,))
    norm = b.broadcast(_SPEC["norm"], place, (n, d), K.NORM, ((x, (0, 1)), (mean, (0,)), (rstd, (0,))))
    gamma = b.given(_SPEC["gamma"], place, cfg.gamma or tuple(Number.of(1) for _ in range(d)),
                    param=cfg.gamma is not None)
    beta = b.given(_SPEC["beta"], place, cfg.beta or tuple(Number.of(0) for _ in range(d)),
                   param=cfg.beta is not None)
    y = b.broadcast(_SPEC[""], place, (n, d), K.AFFINE, ((gamma, (1,)), (norm, (0, 1)), (beta, (1,))))
    # a lesson's check of its output (mean 0, variance 1; var/(var + eps) with an eps), on demand: each row's mean,
    # and its variance and standard deviation as the LayerNorm's own variance divides (by d, or by d − 1)
    ymean = b.rows(_SPEC["ymean"], place, y, K.Mean(), lazy=True)
    yvar = b.rows(_SPEC["yvar"], place, y, K.Var(cfg.variance is Variance.UNBIASED), extra=(ymean,), lazy=True)
    b.elementwise(_SPEC["ystd"], place, K.Std(X.const(0)), (yvar,), lazy=True)
    return y


def tex(cfg: LayerNormCfg) -> list[str]:
    from ...exact.latex import tex_escape

    D = "d - 1" if cfg.variance is Variance.UNBIASED else "d"
    eps = tex_escape(cfg.eps.text)
    std = (rf"\sqrt{{\sigma^2_t}} + {eps}" if cfg.eps_at is EpsAt.STD else rf"\sqrt{{\sigma^2_t + {eps}}}") \
        if X.rational_of(cfg.eps.value) != 0 else r"\sqrt{\sigma^2_t}"
    return [rf"\mu_t = \tfrac{{1}}{{d}}\textstyle\sum_m x_{{t,m}},\quad \sigma^2_t = \tfrac{{1}}{{{D}}}\textstyle\sum_m (x_{{t,m}} - \mu_t)^2",
            rf"\sigma_t = {std},\quad \rho_t = 1/\sigma_t,\quad \hat{{x}}_{{t,m}} = (x_{{t,m}} - \mu_t)\,\rho_t,\quad "
            r"y_{t,m} = \gamma_m \hat{x}_{t,m} + \beta_m"]


def alternatives(cfg: LayerNormCfg) -> list[Alternative]:
    out = []
    other = Variance.UNBIASED if cfg.variance is Variance.BIASED else Variance.BIASED
    out.append(Alternative(f"convention.variance={other.value}",
                           f"LayerNorm with {other.value} variance (÷{'d − 1' if other is Variance.UNBIASED else 'd'})",
                           replace(cfg, variance=other)))
    at = EpsAt.STD if cfg.eps_at is EpsAt.VAR else EpsAt.VAR
    if X.rational_of(cfg.eps.value) != 0:
        out.append(Alternative(f"convention.eps_at={at.value}",
                               "eps added to the standard deviation, outside the root" if at is EpsAt.STD
                               else "eps added to the variance, inside the root", replace(cfg, eps_at=at)))
    for eps in ("0", "1e-5", "1e-6", "1e-12"):
        from fractions import Fraction

        q = Fraction(eps) if "e" not in eps else Fraction(1, 10 ** int(eps.split("-")[1]))
        if X.rational_of(cfg.eps.value) != q:
            out.append(Alternative(f"convention.eps={eps}", f"LayerNorm with eps = {eps}",
                                   replace(cfg, eps=Number(X.const(q), eps, None))))
    return out


class LayerNorm(BlockKind):
    name = "layernorm"
    prefix = "ln"
    steps = STEPS
    params = ("gamma", "beta")

    def read(self, r, table, key, ctx: ReadContext):
        w = ctx.stream
        return read_config(r, table, key, w), w

    def build(self, b: Builder, cfg: LayerNormCfg, place: Place, x: Step, outputs) -> Step:
        return build_norm(b, cfg, place, x)

    def general_tex(self, cfg, place, model):
        return tex(cfg)

    def alternatives(self, cfg):
        return alternatives(cfg)


KIND = LayerNorm()
