"""The paper's name of every quantity in LaTeX, derived from its step's ``StepSpec.tex``.

``s_{鬼,金棒}``, ``c^{(2)}_{金棒,1}``, ``W^{Q(2)}_{1,2}``, ``\\mu^{(ln1)}_{鬼}``; a gradient is
overlined (``\\overline{s}_{…}`` is ∂L/∂s), a value after training steps carries ``t=N``.
"""

from __future__ import annotations

import re
from functools import cache

from ..exact.latex import tex_escape, tok
from ..model.address import Address, axis_label, is_pair


def mark_parts(g, a: Address) -> list[tuple[str, bool]]:
    """What tells layers, heads, blocks and training steps apart: (text, is it a block's name)."""
    s = g.step(a.step)
    parts = []
    if s.layer > 1:
        parts.append((str(s.layer), False))
    if s.block and s.block_kind not in ("attention", "head"):  # ln1 and ln2 have the same symbols
        parts.append((s.block, True))
    if s.head is not None and s.head > 1:
        parts.append((f"h{s.head}", False))
    if a.t:
        parts.append((f"t={a.t}", False))
    return parts


def marks(g, a: Address) -> str:
    """The superscript that tells layers, heads, blocks and training steps apart."""
    parts = [r"\mathrm{" + tex_escape(t) + "}" if block else t for t, block in mark_parts(g, a)]
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
    sub = _subscript(s, a, lambda t, label: tok(t) if label else t, ",", ";")
    return f"{{{base}}}_{{{sub}}}" if "^" in base and not base.endswith("}") else f"{base}_{{{sub}}}"


def _subscript(s, a: Address, write, comma: str, semicolon: str) -> str:
    """A quantity's indices as its name's subscript: a pair step's two positions, then ``;`` and the rest;
    ``write(text, is_label)`` writes each index in the printer's notation."""
    parts = [write(*axis_label(s.spec.axes, s.labels, k, i)) for k, i in enumerate(a.idx)]
    if is_pair(s.spec.axes) and len(parts) >= 2:
        return comma.join(parts[:2]) + (semicolon + comma.join(parts[2:]) if parts[2:] else "")
    return comma.join(parts)


_STAR = "<mo>\u22c6</mo>"  # latex2mathml's \\star: where the marks go


@cache
def _symbol_mathml(tex: str) -> str:
    """A step's symbol (the fixed TeX of its StepSpec, never user text) as MathML, by latex2mathml."""
    from latex2mathml.converter import convert

    from ..report.mathml import row

    got = convert(tex)
    got = got[got.index(">") + 1: got.rindex("</math>")].replace(' stretchy="false"', "")
    got = re.sub(r"&#x([0-9A-Fa-f]+);", lambda m: chr(int(m.group(1), 16)) if chr(int(m.group(1), 16)) not in
                 "<>&\"'" else m.group(0), got)  # characters, not references: a smaller page
    return row(got)


def quantity_mathml(g, a: Address) -> str:
    """A quantity's name in MathML, from the same StepSpec symbol and marks as ``quantity_tex``."""
    from ..report.escape import html_text
    from ..report.mathml import row

    s = g.step(a.step)
    if s.spec.name == "cos":
        return f"<mi>cos</mi><mrow><mo>(</mo><mtext>{html_text(s.key[4:-1])}</mtext><mo>)</mo></mrow>"
    parts = mark_parts(g, a)
    base = _symbol_mathml(s.spec.tex_symbol(r"\star" if parts else ""))
    if parts:
        base = base.replace(_STAR, "<mtext>(" + html_text(",".join(t for t, _ in parts)) + ")</mtext>", 1)
    if a.grad:
        base = f'<mover accent="true">{row(base)}<mo>\u203e</mo></mover>'
    if not a.idx:
        return base
    sub = _subscript(s, a, lambda t, label: f"<mtext>{html_text(t)}</mtext>" if label else f"<mn>{t}</mn>",
                     "<mo>,</mo>", "<mo>;</mo>")
    return f"<msub>{row(base)}{row(sub)}</msub>"
