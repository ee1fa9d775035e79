"""The paper's name of every quantity in LaTeX, derived from its step's ``StepSpec.tex``.

``s_{鬼,金棒}``, ``c^{(2)}_{金棒,1}``, ``W^{Q(2)}_{1,2}``, ``\\mu^{(ln1)}_{鬼}``; a gradient is
overlined (``\\overline{s}_{…}`` is ∂L/∂s), a value after training steps carries ``t=N``.
"""

from __future__ import annotations

from ..exact.latex import tex_escape, tok
from ..model.address import Address, is_pair
from ..model.steps import AxisKind


def marks(g, a: Address) -> str:
    """The superscript that tells layers, heads, blocks and training steps apart."""
    s = g.step(a.step)
    parts = []
    if s.layer > 1:
        parts.append(str(s.layer))
    if s.block and s.block_kind not in ("attention", "head"):  # ln1 and ln2 have the same symbols
        parts.append(r"\mathrm{" + tex_escape(s.block) + "}")
    if s.head is not None and s.head > 1:
        parts.append(f"h{s.head}")
    if a.t:
        parts.append(f"t={a.t}")
    return "(" + ",".join(parts) + ")" if parts else ""


def quantity_tex(g, a: Address) -> str:
    """A quantity's name in LaTeX, with its indices as subscripts."""
    s = g.step(a.step)
    if s.spec.name == "cos":
        return r"\cos\left(\text{" + tex_escape(s.key[4:-1]) + r"}\right)"
    base = s.spec.tex_symbol(marks(g, a))
    if a.grad:
        base = r"\overline{" + base + "}"
    if not a.idx:
        return base
    parts = [tok(s.labels[k][i]) if s.spec.axes[k] is not AxisKind.INDEX else str(i + 1)  # type: ignore[index]
             for k, i in enumerate(a.idx)]
    if is_pair(s.spec.axes) and len(parts) >= 2:
        sub = ",".join(parts[:2]) + (";" + ",".join(parts[2:]) if parts[2:] else "")
    else:
        sub = ",".join(parts)
    return f"{{{base}}}_{{{sub}}}" if "^" in base and not base.endswith("}") else f"{base}_{{{sub}}}"
