"""Documents with one planted slip: random models (``oracle.random_config``), every number of their first layer
stated to four decimals, then one number changed the way an author slips.

An honest document states E(q) rounded; a planted slip replaces one number by what the slip would have
printed. Operand slips recompute the number from the document's own values with one of them changed (the
audit's R with that change, ``Auditor.program``); result slips change the printed digits. ``plant`` says
``None`` when the slip would print the correct number, or when it is not telling (a digit of an operand that
moves the result by less than the audit's spacing rule: any digit would do).
"""

from __future__ import annotations

import random
from fractions import Fraction

from exactformer.audit.audit import Auditor
from exactformer.audit.explain import SPACING, _fixed
from exactformer.errors import CaseError
from exactformer.model.address import Address
from exactformer.numeric.backends import INTERVAL
from exactformer.numeric.ball import precision
from exactformer.numeric.intervals import Interval
from exactformer.read.case import load

from .oracle import random_config, to_toml

PLACES = 4
RESULT_SLIPS = ("result.digits_swapped", "result.decimal_shift", "result.sign", "result.truncated",
                "result.neighbour_copied", "result.digit")
OPERAND_SLIPS = ("operand.other_cell", "operand.other_step", "operand.sign", "operand.digit",
                 "operand.digits_swapped")


class Doc:
    """A random model and an honest document of its first layer (and the head's logits and probs)."""

    def __init__(self, seed: int, tmp) -> None:
        self.seed, self.tmp = seed, tmp
        self.cfg = random_config(seed)
        self.model_toml = to_toml(self.cfg)
        path = tmp / f"m{seed}.toml"
        path.write_text(self.model_toml, encoding="utf-8")
        self.base = load(path)
        e = self.base.engine
        g = e.graph
        self.g, self.engine = g, e
        self.texts: dict[Address, str] = {}
        for key, s in g.steps.items():
            if s.is_given or s.lazy or not (s.layer == 1 or key in ("logits", "probs")):
                continue
            for a in g.scalars(Address(key)):
                t = _fixed(e, a, PLACES)
                if t is not None:
                    self.texts[a] = t

    def toml(self, texts: dict[Address, str]) -> str:
        by_step: dict[str, list[tuple[Address, str]]] = {}
        for a, t in texts.items():
            by_step.setdefault(a.step, []).append((a, t))
        out = [self.model_toml]
        for key in self.g.steps:
            if key in by_step:
                items = ", ".join(f'"{self.g.name(a)}" = "{t}"' for a, t in by_step[key])
                out += ["[[claims]]", f'at = "{key}"', f"values = {{ {items} }}"]
        return "\n".join(out) + "\n"

    def case(self, texts: dict[Address, str], name: str):
        path = self.tmp / name
        path.write_text(self.toml(texts), encoding="utf-8")
        return load(path)


def make(seed: int, tmp) -> Doc | None:
    try:
        return Doc(seed, tmp)
    except CaseError:  # a random model the case format refuses (unbiased variance of one component)
        return None


def digits(t: str) -> int:
    return len(t.lstrip("-0.").replace(".", ""))


def plant(doc: Doc, kind: str, rnd: random.Random) -> tuple[Address, str] | None:
    """(target, printed text) for one slip of ``kind`` in a random eligible number, or None."""
    cands = [a for a, t in doc.texts.items() if digits(t) >= 3 and doc.g.formula(a).kind.name != "given"]
    if not cands:
        return None
    a = rnd.choice(cands)
    text = doc.texts[a]
    if kind.startswith("result."):
        new = _result_slip(doc, a, text, kind, rnd)
    else:
        new = _operand_slip(doc, a, kind, rnd)
    if new is None or _same(new, text) or digits(new) < 3:
        return None
    return a, new


def _same(a: str, b: str) -> bool:
    return Fraction(a) == Fraction(b) and len(a.split(".")[-1]) == len(b.split(".")[-1])


def _result_slip(doc: Doc, a: Address, text: str, kind: str, rnd) -> str | None:
    sign = "-" if text.startswith("-") else ""
    body = text.lstrip("-")
    ip, fp = body.split(".")
    if kind == "result.digits_swapped":
        pairs = [i for i in range(len(fp) - 1) if fp[i] != fp[i + 1]]
        if not pairs:
            return None
        i = rnd.choice(pairs)
        return f"{sign}{ip}.{fp[:i]}{fp[i + 1]}{fp[i]}{fp[i + 2:]}"
    if kind == "result.decimal_shift":  # a zero dropped: 0.0764 printed as 0.764
        v = Fraction(text) * 10
        return _fmt(v, PLACES - 1)
    if kind == "result.sign":
        return text[1:] if sign else "-" + text
    if kind == "result.truncated":
        e = doc.engine.decimal(a, 20).lstrip("≈")
        neg = e.startswith("-")
        ip2, fp2 = e.lstrip("-").split(".") if "." in e else (e.lstrip("-"), "")
        t = f"{'-' if neg else ''}{ip2}.{(fp2 + '0' * PLACES)[:PLACES]}"
        return None if Fraction(t) == Fraction(text) else t
    if kind == "result.neighbour_copied":
        s = doc.g.step(a.step)
        ax = rnd.randrange(len(a.idx))
        others = [j for j in range(s.dims[ax]) if j != a.idx[ax]]
        if not others:
            return None
        n = Address(a.step, a.idx[:ax] + (rnd.choice(others),) + a.idx[ax + 1:])
        return doc.texts.get(n)
    if kind == "result.digit":
        ds = ip + fp
        places = [i for i in range(len(ds) - 1) if not (i < len(ip) and ds[i] == "0" and len(ip) == 1)]
        i = rnd.choice(places)
        d = rnd.choice([x for x in "0123456789" if x != ds[i]])
        new = ds[:i] + d + ds[i + 1:]
        return f"{sign}{int(new[:len(ip)])}.{new[len(ip):]}"
    raise AssertionError(kind)


def _fmt(v: Fraction, k: int) -> str:
    sign = "-" if v < 0 else ""
    v = abs(v)
    whole, frac = divmod(round(v * 10 ** k), 10 ** k)
    return f"{sign}{whole}" + (f".{frac:0{k}d}" if k else "")


def _operand_slip(doc: Doc, a: Address, kind: str, rnd) -> str | None:
    """Recompute a from the honest document's values with one of them changed."""
    case = doc.case(doc.texts, f"h{doc.seed}.toml")
    au = Auditor(case)
    au.judge_all()
    seq = next(c.seq for c in case.claims if c.address == a)
    prog = au.program(a, seq)
    if not prog.nodes:
        return None
    with precision(128):
        vals = [au.leaf_value(p, s) for p, s in prog.leaves]
    groups: dict[tuple, list[int]] = {}
    for m, (p, _) in enumerate(prog.leaves):
        groups.setdefault((p.step, p.grad, p.t), []).append(m)
    g = doc.g
    changed: dict[int, Interval] = {}
    if kind in ("operand.other_cell", "operand.other_step"):
        key = rnd.choice(list(groups))
        members = groups[key]
        addrs = [prog.leaves[m][0] for m in members]
        s = g.step(key[0])
        if kind == "operand.other_cell":
            fixed = [ax for ax in range(len(s.dims)) if len({x.idx[ax] for x in addrs}) == 1]
            if not fixed:
                return None
            ax = rnd.choice(fixed)
            others = [j for j in range(s.dims[ax]) if j != addrs[0].idx[ax]]
            if not others:
                return None
            j = rnd.choice(others)
            moved = [Address(x.step, x.idx[:ax] + (j,) + x.idx[ax + 1:]) for x in addrs]
        else:
            steps = [o for o in g.steps.values() if o is not s and o.dims == s.dims and not o.lazy
                     and ((o.layer, o.block, o.head) == (s.layer, s.block, s.head) and not (o.is_given and o.param)
                          or o in s.inputs or s in o.inputs)]
            if not steps:
                return None
            o = rnd.choice(steps)
            moved = [Address(o.key, x.idx) for x in addrs]
        for m, x in zip(members, moved):
            try:
                g.check(x)
            except Exception:
                return None
            t = doc.texts.get(x)
            if t is None:
                return None
            changed[m] = Interval.point(Fraction(t))
    else:
        m = rnd.randrange(len(prog.leaves))
        p, s = prog.leaves[m]
        t = s.number.text if s is not None else None
        if t is None or "." not in t:
            return None
        if kind == "operand.sign":
            changed[m] = Interval.point(-Fraction(t))
        else:
            sign = "-" if t.startswith("-") else ""
            ip, fp = t.lstrip("-").split(".")
            if kind == "operand.digits_swapped":
                pairs = [i for i in range(len(fp) - 1) if fp[i] != fp[i + 1]]
                if not pairs:
                    return None
                i = rnd.choice(pairs)
                new = f"{sign}{ip}.{fp[:i]}{fp[i + 1]}{fp[i]}{fp[i + 2:]}"
            else:
                i = rnd.randrange(len(fp))
                d = rnd.choice([x for x in "0123456789" if x != fp[i]])
                new = f"{sign}{ip}.{fp[:i]}{d}{fp[i + 1:]}"
                # the spacing rule: one step of this digit must move R by SPACING widths of I(r)
                lo_v, hi_v = (Fraction(f"{sign}{ip}.{fp[:i]}{x}{fp[i + 1:]}") for x in "09")
                ends = []
                for v in (lo_v, hi_v):
                    vv = list(vals)
                    vv[m] = Interval.point(v)
                    with precision(128):
                        ends.append(prog.run(INTERVAL, vv).mid_ball())
                step = abs(ends[1] - ends[0]) / 9
                if not step > SPACING * 10 ** -PLACES:
                    return None
            changed[m] = Interval.point(Fraction(new))
    vv = list(vals)
    for m, iv in changed.items():
        vv[m] = iv
    try:
        with precision(128):
            R = prog.run(INTERVAL, vv)
    except ArithmeticError:
        return None
    lo, hi = (Fraction(x) if isinstance(x, Fraction) else None for x in (R.lo, R.hi))
    with precision(128):
        mid = R.mid_ball().mid()
    q = Fraction(str(mid.str(30, radius=False))) if lo is None or hi is None else (lo + hi) / 2
    t = _fmt(q, PLACES)
    # certain: the whole of R rounds to t (else the slip's printed digits are not determined)
    h = Fraction(1, 2) * Fraction(10) ** -PLACES
    if R.meets(Fraction(t) - h, Fraction(t) + h) is not True:
        return None
    return t


def conventions_of(doc: Doc):
    from exactformer.model.conventions import conventions

    return conventions(doc.base.model)


def chained(doc: Doc) -> dict[Address, str] | None:
    """A document that computes each number from its own printed (rounded) earlier numbers, as hand-worked
    examples do: each text is R from the texts before it, rounded (None when one of them is not determined)."""
    case = doc.case(doc.texts, f"h{doc.seed}.toml")
    au = Auditor(case)
    au.judge_all()
    g = doc.g
    texts: dict[Address, str] = {}
    h = Fraction(1, 2) * Fraction(10) ** -PLACES
    for c in sorted(case.claims, key=lambda c: (g.depth(c.address), c.seq)):
        prog = au.program(c.address, c.seq)
        with precision(256):
            vals = [Interval.point(Fraction(texts[p])) if s is not None and p in texts else au.leaf_value(p, None)
                    for p, s in prog.leaves]
            try:
                R = prog.run(INTERVAL, vals)
            except ArithmeticError:
                return None
            mid = R.mid_ball().mid()
        t = _fmt(Fraction(str(mid.str(40, radius=False))), PLACES)
        if R.meets(Fraction(t) - h, Fraction(t) + h) is not True:
            return None
        texts[c.address] = t
    return texts
