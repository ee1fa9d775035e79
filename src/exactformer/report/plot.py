"""A picture of a training run: each watched quantity against the step (matplotlib, PNG or SVG)."""

from __future__ import annotations

from pathlib import Path

from ..errors import ExactformerError
from ..numeric.train import Run


def check(path: Path) -> str:
    """The format to draw ``path`` in (png or svg), or the error a plot there would meet; checked before any
    training, so that a bad --plot never costs a run."""
    from .escape import safe

    fmt = path.suffix.lower().lstrip(".")
    if fmt not in ("png", "svg"):
        raise ExactformerError(f"--plot writes .png or .svg, not {safe(path.name)!r}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ExactformerError("--plot needs matplotlib: pip install 'exactformer[plot]' "
                               "(scripts/install.sh installs it)") from None
    return fmt


def plot(run: Run, path: Path, title: str) -> bytes:
    """The plot as PNG or SVG bytes (by the file's extension), from the run's certified decimals."""
    fmt = check(path)
    import matplotlib

    matplotlib.use("Agg")
    import io

    import matplotlib.pyplot as plt

    steps = list(range(len(run.values)))
    series = {name: [_float(row[k]) for row in run.values] for k, name in enumerate(run.names)}
    loss = {k: v for k, v in series.items() if k.startswith("loss") or "loss" in k.split(".")}
    other = {k: v for k, v in series.items() if k not in loss}
    panels = [p for p in (loss, other) if p]
    _use_cjk_font()
    fig, axes = plt.subplots(len(panels), 1, figsize=(8, 3.2 * len(panels)), sharex=True, squeeze=False)
    for ax, panel in zip(axes[:, 0], panels):
        for name, ys in panel.items():
            ax.plot(steps, ys, marker="." if len(steps) <= 60 else None, label=name)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="best", fontsize=8)
    axes[-1, 0].set_xlabel("training step")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=120)
    plt.close(fig)
    return buf.getvalue()


def _float(text: str) -> float:
    """A certified decimal as a float, for drawing only (every number a reader sees is the decimal)."""
    t = text.lstrip("≈").split(" ")[0].replace("…", "")
    mant, _, exp = t.partition("e")
    try:
        return float(mant) * (10.0 ** int(exp) if exp else 1.0)
    except ValueError:
        return float("nan")


CJK_FILES = ("/usr/share/texlive/texmf-dist/fonts/opentype/public/haranoaji/HaranoAjiGothic-Regular.otf",  # TeX's
             "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")


def _use_cjk_font() -> None:
    """Draw with a font that has Japanese glyphs (token names in labels): a system one, or the one TeX's
    Japanese support installs; matplotlib's default when there is none."""
    import matplotlib
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    added = []
    for path in CJK_FILES:
        if Path(path).is_file():
            font_manager.fontManager.addfont(path)
            added.append(font_manager.FontProperties(fname=path).get_name())
    cjk: list[str] = [n for n in ("Noto Sans CJK JP", "IPAexGothic", "IPAGothic", "TakaoGothic", "Noto Sans JP") if n in names]
    cjk += added
    matplotlib.rcParams["font.family"] = "sans-serif"
    matplotlib.rcParams["font.sans-serif"] = cjk + ["DejaVu Sans"]
