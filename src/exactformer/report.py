"""The audit report as data: the spec's JSON object, and the grouping the text and Markdown share."""

from __future__ import annotations

from dataclasses import dataclass

from .findings import ArithmeticFinding, ClaimFinding, ConflictFinding, Finding, Report, UnmatchedFinding

MARK = {"correct": "✓", "rounding": "≈", "propagated": "↳", "last_digit": "±1", "wrong": "✗",
        "conflict": "≠", "arithmetic": "✗", "unmatched": "?"}
LABEL = {"correct": "correct", "rounding": "rounding", "propagated": "propagated", "last_digit": "last digit",
         "wrong": "wrong", "conflict": "conflict", "arithmetic": "false working", "unmatched": "unmatched"}


def finding_json(f: Finding) -> dict:
    """One finding with the fields of audit.md (plus the case-file line and R where known)."""
    if isinstance(f, ClaimFinding):
        return {"kind": "claim", "quantity": f.quantity, "at": f.claim.at, "reported": f.claim.number.text,
                "exact": f.exact, "closed_form": f.closed_form, "verdict": f.verdict,
                "off_by_last_digits": f.off_by, "caused_by": [_name(f, c) for c in f.caused_by],
                "severity": f.severity, "recomputed": f.recomputed, "file_line": f.claim.line}
    if isinstance(f, ConflictFinding):
        return {"kind": "conflict", "quantity": f.quantity, "severity": f.severity,
                "values": [{"reported": c.number.text, "at": c.at, "file_line": c.line} for c in f.claims]}
    if isinstance(f, ArithmeticFinding):
        return {"kind": "arithmetic", "at": f.at, "line": f.line, "evaluates_to": f.evaluates_to,
                "reported": f.reported, "severity": f.severity}
    return {"kind": "unmatched", "at": f.at, "line": f.line, "of": f.of, "severity": f.severity}


def _name(f: ClaimFinding, c) -> str:
    return f.names[c.seq]


def report_json(r: Report) -> dict:
    roots = [{"quantity": r.names[seq], "at": r.claim(seq).at, "verdict": r.verdict_of(seq),
              "causes": [{"quantity": g.quantity, "at": g.claim.at} for g in effects]}
             for seq, effects in r.roots.items()]
    return {"case": r.case.path, "title": r.case.title, "summary": r.summary(), "status": r.worst(),
            "root_causes": roots, "findings": [finding_json(f) for f in r.findings]}


@dataclass(frozen=True)
class Group:
    """The findings that stand at one place of the document."""

    at: str
    findings: tuple[Finding, ...]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.findings:
            k = f.verdict if isinstance(f, ClaimFinding) else f.kind
            out[k] = out.get(k, 0) + 1
        return out


def groups(r: Report) -> list[Group]:
    """Findings grouped by place, in the report's order (document order, root causes first)."""
    out: list[tuple[str, list[Finding]]] = []
    for f in r.findings:
        at = _at(f)
        if not out or out[-1][0] != at:
            out.append((at, []))
        out[-1][1].append(f)
    return [Group(at, tuple(fs)) for at, fs in out]


def _at(f: Finding) -> str:
    if isinstance(f, ClaimFinding):
        return f.claim.at
    if isinstance(f, ConflictFinding):
        return max(f.claims, key=lambda c: c.seq).at
    return f.at


def kind_of(f: Finding) -> str:
    return f.verdict if isinstance(f, ClaimFinding) else f.kind


def describe(f: Finding) -> tuple[str, str, str, str, str, str]:
    """(quantity or line, reported, exact, units off, why, closed form) for a table row."""
    if isinstance(f, ClaimFinding):
        why = []
        if f.caused_by:
            why.append("from " + ", ".join(f"{f.names[c.seq]} = {c.number.text}" for c in f.caused_by))
        if f.recomputed and f.verdict in ("rounding", "propagated", "last_digit"):
            why.append(f"the document's own inputs give {f.recomputed}")
        return f.quantity, f.claim.number.text, f.exact, _units(f.off_by), "; ".join(why), f.closed_form
    if isinstance(f, ConflictFinding):
        vals = "; ".join(f"{c.number.text} at {c.at}" for c in f.claims)
        return f.quantity, "", "", "", f"stated with values that cannot both be right: {vals}", ""
    if isinstance(f, ArithmeticFinding):
        return f.line, f.reported, f.evaluates_to, "", f"the line's own arithmetic gives {f.evaluates_to}", ""
    if isinstance(f, UnmatchedFinding):
        return f.line, "", "", "", f"operands do not fit the formula of {f.of}; checked as arithmetic only", ""
    raise AssertionError(f)


def effects_text(effects) -> str:
    """Names of what a root causes, each once, with how many places state it."""
    counts: dict[str, int] = {}
    for f in effects:
        counts[f.quantity] = counts.get(f.quantity, 0) + 1
    return ", ".join(q if n == 1 else f"{q} (×{n})" for q, n in counts.items())


def _units(x: float) -> str:
    """How far off, in units of the last digit (for reading only: no verdict depends on it)."""
    if x == 0:
        return ""
    if x != x or x == float("inf"):
        return "huge"
    if x >= 1e6:
        return f"{x:.1e}"
    return f"{x:.0f}" if x >= 10 else f"{x:.2g}"
