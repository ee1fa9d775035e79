"""The audit report as data: the spec's JSON object, and the grouping and wording every format shares."""

from __future__ import annotations

from dataclasses import dataclass

from ..audit.findings import (
    SUMMARY_KEYS,
    ArithmeticFinding,
    CarriedDigitsFinding,
    ClaimFinding,
    ConflictFinding,
    Finding,
    Report,
    TrendFinding,
    UndefinedFinding,
    UnmatchedFinding,
    Verdict,
    kind_of,
)

MARK = {"correct": "✓", "rounding": "≈", "propagated": "↳", "last_digit": "±1", "wrong": "✗", "undefined": "∅",
        "conflict": "≠", "arithmetic": "✗", "carried_digits": "…", "unmatched": "?", "coarse": "~", "trend": "↗"}
LABEL = {"correct": "correct", "rounding": "rounding", "propagated": "propagated", "last_digit": "last digit",
         "wrong": "wrong", "undefined": "undefined", "conflict": "conflict", "arithmetic": "false working",
         "carried_digits": "carried digits", "unmatched": "unmatched", "coarse": "coarse", "trend": "trend"}


DECIMALS_NOTE = ("every decimal is the value truncated (never rounded) to the digits shown, each of them certified; "
                 "exact_digits counts them, exact_complete says the decimal is the whole exact value")


def plain(s: str) -> str:
    """A decimal as tools read it: ``0.24465167…`` → ``0.24465167`` (``1.234…e+430`` → ``1.234e+430``)."""
    return s.replace("…", "")


def certified_digits(s: str) -> int:
    """How many significant digits a decimal as the engine writes it shows (all certified: it truncates)."""
    mant = plain(s).lstrip("-≈").split("e")[0].replace(".", "").lstrip("0")
    return sum(ch.isdigit() for ch in mant) if mant.isdigit() else 0


def complete(s: str) -> bool:
    """Is a decimal the whole exact value (no ``…``, no enclosure)?"""
    return "…" not in s and not s.startswith("≈")


def mark(f: Finding) -> str:
    """A finding's symbol (a trend's says whether it held)."""
    if isinstance(f, TrendFinding):
        return "✓" if f.correct else "✗"
    return MARK[kind_of(f)]


CLAIM_KINDS = ("correct", "rounding", "propagated", "last_digit", "wrong", "undefined", "coarse")
OTHER_KINDS = ("conflict", "arithmetic", "carried_digits", "unmatched", "trend")


def explanation_json(e) -> dict:
    return {"hypothesis": e.hypothesis, "detail": e.detail, "recomputed": plain(e.recomputed), "explains": list(e.explains)}


def finding_json(f: Finding, r: Report) -> dict:
    """One finding with the fields of audit.md (plus the case-file line, R and severity where known)."""
    sev = f.severity.label
    if isinstance(f, ClaimFinding):
        c = f.claim
        out: dict = {"kind": "claim", "quantity": f.quantity, **({"written": c.written} if c.written else {}),
                     "at": c.at, "reported": c.number.text,
                     "exact": plain(f.exact), "exact_digits": certified_digits(f.exact), "exact_complete": complete(f.exact),
               "closed_form": r.closed_form(f, JSON_NODES), "verdict": f.verdict.value, "off_by_last_digits": f.off_by,
               "caused_by": [f.names[x.seq] for x in f.caused_by], "severity": sev,
               "recomputed": plain(f.recomputed) if f.recomputed is not None else None,
               "file_line": c.line, "role": c.role.value, **({"source_line": c.source_line} if c.source_line else {})}
        if c.float64:
            out["precision"] = "float64"
        if f.explained_by or f.why_not:
            out["explained_by"] = [explanation_json(e) for e in f.explained_by]
            if f.why_not:
                out["unexplained"] = f.why_not
        if f.intended:
            out["intended"] = f.intended
        return out
    if isinstance(f, ConflictFinding):
        return {"kind": "conflict", "quantity": f.quantity, "severity": sev,
                "values": [{"reported": c.number.text, "at": c.at, "file_line": c.line,
                            **({"source_line": c.source_line} if c.source_line else {})} for c in f.claims]}
    if isinstance(f, (ArithmeticFinding, CarriedDigitsFinding)):
        return {"kind": f.kind, "at": f.at, "line": f.line, "evaluates_to": plain(f.evaluates_to),
                "evaluates_to_digits": certified_digits(f.evaluates_to), "reported": f.reported, "severity": sev}
    if isinstance(f, UnmatchedFinding):
        return {"kind": "unmatched", "at": f.at, "line": f.line, "of": f.of, "severity": sev}
    if isinstance(f, UndefinedFinding):
        return {"kind": "undefined", "quantity": f.quantity, "why": f.why, "severity": sev}
    if isinstance(f, TrendFinding):
        t = f.trend
        return {"kind": "trend", "at": t.at, "of": f.of, "from": t.start, "to": t.end, "says": t.says.value,
                "values": [plain(v) for v in f.values], "verdict": "correct" if f.correct else "wrong", "why": f.why,
                "severity": sev}
    raise AssertionError(f)


def rounded_givens(r: Report) -> list[str]:
    """The givens taken as rounded (model.md 6b), by step name, in the model's order."""
    return [st.short or st.key for st in r.engine.graph.rounded_steps()]


def rounded_note(r: Report) -> str | None:
    """What the report says of rounded givens, or None."""
    names = rounded_givens(r)
    if not names:
        return None
    return (f"givens taken as rounded: {', '.join(names)} (each number stands for every value its digits allow, "
            "± half a unit of its last digit; a claim is judged against the enclosure of its values)")


def findings_json(r: Report) -> list[dict]:
    """Every finding, then each operand that repeats a claim digit for digit (``restated``): that claim's
    finding where the operand stands, with ``restates`` naming the claim it repeats."""
    out = [finding_json(f, r) for f in r.findings]
    by_seq = {f.claim.seq: d for f, d in zip(r.findings, out) if isinstance(f, ClaimFinding)}
    for c, seq in r.case.restated:
        stated = by_seq.get(seq)
        if stated is None:
            continue
        first = r.claim(seq)
        where = {k: v for k, v in (("at", first.at), ("file_line", first.line), ("source_line", first.source_line))
                 if v is not None}
        d = {k: v for k, v in stated.items() if k != "source_line"}
        out.append({**d, "at": c.at, "reported": c.number.text, "file_line": c.line, "role": c.role.value,
                    **({"source_line": c.source_line} if c.source_line else {}), "restates": where})
    return out


def report_json(r: Report) -> dict:
    def causes(errors: bool) -> list[dict]:
        return [{"quantity": r.names[seq], **({"written": r.claim(seq).written} if r.claim(seq).written else {}),
                 "at": r.claim(seq).at, "verdict": r.verdict_of(seq).value,
                 "explained_by": [explanation_json(e) for e in r.by_seq[seq].explained_by],
                 "causes": [{"quantity": g.quantity, "at": g.claim.at} for g in effects]}
                for seq, effects in r.roots.items() if (r.verdict_of(seq) is not Verdict.LAST_DIGIT) == errors]

    out = {"case": r.case.path, "title": r.case.title, "summary": r.summary(), "status": r.worst().label,
           "decimals": DECIMALS_NOTE, "root_causes": causes(True), "last_digit_causes": causes(False),
           "findings": findings_json(r)}
    if r.not_searched:
        out["not_searched"] = r.not_searched
    rounded = rounded_givens(r)
    if rounded:
        out["rounded_givens"] = rounded
    if r.conventions:
        out["conventions"] = [{**explanation_json(e), "fits": list(qs)} for e, qs in r.conventions]
    if r.case.reading is not None:
        rd = r.case.reading
        out["read"] = {"matched": rd.matched, "unmatched": rd.unmatched, "notes": list(rd.notes)}
    return out


def reading_lines(r: Report) -> list[str]:
    """What was read from a document: a count, then what was left out (the rest is in `exactformer read`)."""
    rd = r.case.reading
    if rd is None:
        return []
    left = [n for n in rd.notes if "fits no quantity" in n or "no quantity fits" in n or "not a number" in n
            or "different shapes" in n]
    out = [f"read from the document: {rd.matched} tables, arrays and lines matched, {rd.unmatched} not "
           f"(`exactformer read {r.case.path}` shows every match)"]
    return out + [f"  {n}" for n in left]


@dataclass(frozen=True)
class Group:
    """The findings that stand at one place of the document."""

    at: str
    findings: tuple[Finding, ...]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.findings:
            k = kind_of(f)
            out[k] = out.get(k, 0) + 1
        return out

    def counts_text(self) -> str:
        order = list(SUMMARY_KEYS)
        return ", ".join(f"{n} {LABEL[k]}" for k, n in sorted(self.counts().items(), key=lambda kv: order.index(kv[0])))


def groups(r: Report) -> list[Group]:
    """Findings grouped by place, in the report's order (document order, root causes first)."""
    out: list[tuple[str, list[Finding]]] = []
    for f in r.findings:
        if not out or out[-1][0] != f.at:
            out.append((f.at, []))
        out[-1][1].append(f)
    return [Group(at, tuple(fs)) for at, fs in out]


def summary_line(r: Report) -> str:
    s = r.summary()
    claims = ", ".join(f"{s[k]} {LABEL[k]}" for k in CLAIM_KINDS if k not in ("undefined", "coarse") or s[k])
    other = ", ".join(f"{s[k]} {LABEL[k]}" for k in OTHER_KINDS if s[k] or k in ("conflict", "arithmetic", "unmatched"))
    again = f" (and {s['restated']} restated in the working)" if s.get("restated") else ""
    return f"{s['claims']} claim{'' if s['claims'] == 1 else 's'}{again}: {claims}; {other}"


def why_text(f: Finding) -> str:
    """Why a finding is what it is, in one line (the best explanation first, when there is one)."""
    if isinstance(f, ClaimFinding):
        why = []
        if f.explained_by:
            why.append(f.explained_by[0].detail)
        elif f.why_not and f.verdict in (Verdict.WRONG, Verdict.LAST_DIGIT):
            why.append(f.why_not)
        if f.caused_by:
            why.append("from " + ", ".join(f"{f.names[c.seq]} = {c.number.text}" for c in f.caused_by))
        if f.verdict is Verdict.COARSE:
            why.append("written with too few digits to tell the value from 0 or from the next step of its scale")
        if f.verdict is Verdict.LAST_DIGIT and f.off_by > 1.5 and f.recomputed:
            why.append(f"one unit of the last digit off what the document's own inputs give, {f.recomputed} "
                       f"(the exact value is {units(f.off_by)} units away)")
        elif f.recomputed and f.verdict in (Verdict.ROUNDING, Verdict.PROPAGATED, Verdict.LAST_DIGIT):
            why.append(f"the document's own inputs give {f.recomputed}")
        if f.intended and not any(f.intended in w for w in why):
            why.append(f"{f.intended} meant")
        return "; ".join(why)
    if isinstance(f, ConflictFinding):
        vals = "; ".join(f"{c.number.text} at {c.at}" for c in f.claims)
        return f"stated with values that cannot both be right: {vals}"
    if isinstance(f, ArithmeticFinding):
        return f"the line's own arithmetic gives {f.evaluates_to}"
    if isinstance(f, CarriedDigitsFinding):
        return (f"as written it gives {f.evaluates_to}, but operands within their written digits reach "
                f"{f.reported}: the author carried more digits than the line shows")
    if isinstance(f, UnmatchedFinding):
        return f"operands do not fit the formula of {f.of}; checked as arithmetic only"
    if isinstance(f, UndefinedFinding):
        return f.why
    if isinstance(f, TrendFinding):
        return f.why
    raise AssertionError(f)


def describe(f: Finding, r: Report) -> tuple[str, str, str, str, str, str]:
    """(quantity or line, reported, exact, units off, why, closed form) for a table row."""
    why = why_text(f)
    if isinstance(f, ClaimFinding):
        closed = short_form(r.closed_form(f, TABLE_NODES)) if f.verdict is not Verdict.UNDEFINED else ""
        return f.shown, f.claim.number.text, f.exact, units(f.off_by), why, closed
    if isinstance(f, ConflictFinding):
        return f.quantity, "", "", "", why, ""
    if isinstance(f, (ArithmeticFinding, CarriedDigitsFinding)):
        return f.line, f.reported, f.evaluates_to, "", why, ""
    if isinstance(f, UnmatchedFinding):
        return f.line, "", "", "", why, ""
    if isinstance(f, UndefinedFinding):
        return f.quantity, "", "undefined", "", why, ""
    if isinstance(f, TrendFinding):
        return f.of, f.trend.says.value, " → ".join((f.values[0], f.values[-1])), "", why, ""
    raise AssertionError(f)


TABLE_NODES = 60  # a closed form in a report's table: past this size, in terms of named quantities
JSON_NODES = 300  # a closed form in the JSON report (every claim carries one)
TABLE_CHARS = 160


def short_form(text: str) -> str:
    return text if len(text) <= TABLE_CHARS else text[: TABLE_CHARS - 1] + "…"


ROOTS_TITLE = "Root causes (an error made here, and what it carries into later numbers)"
WARNINGS_TITLE = "Last digits off by one (warnings, and what they carry into later numbers)"
OFF_HEADER = "off vs exact"  # the units column: |reported − exact value| in units of the reported last digit


def root_lines(r: Report, errors: bool = True) -> list[tuple[ClaimFinding, list[int], tuple]]:
    """Root causes, one line per (quantity, stated value, place): the same slip stated twice is one line.
    ``errors``: the errors (wrong numbers); else the warnings (a last digit off by one), their own list."""
    out: dict[tuple, tuple[ClaimFinding, list[int], list]] = {}
    for seq, effects in r.roots.items():
        f = r.by_seq[seq]
        if (f.verdict is Verdict.LAST_DIGIT) == errors:
            continue
        key = (f.shown, f.claim.number.text, f.claim.at)
        got = out.setdefault(key, (f, [], []))
        got[1].append(seq)
        got[2].extend(e for e in effects if e not in got[2])
    return [(f, seqs, tuple(effects)) for f, seqs, effects in out.values()]


def effects_text(effects) -> str:
    """Names of what a root causes, each once, with how many places state it."""
    counts: dict[str, int] = {}
    for f in effects:
        counts[f.shown] = counts.get(f.shown, 0) + 1
    return ", ".join(q if n == 1 else f"{q} (×{n})" for q, n in counts.items())


def units(x: float) -> str:
    """How far off, in units of the last digit (for reading only: no verdict depends on it)."""
    if x == 0:
        return ""
    if x != x or x == float("inf"):
        return "huge"
    if x >= 1e6:
        return f"{x:.1e}"
    return f"{x:.0f}" if x >= 10 else f"{x:.2g}"
