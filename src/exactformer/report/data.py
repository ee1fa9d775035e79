"""The audit report as data: the spec's JSON object, and the grouping and wording every format shares."""

from __future__ import annotations

from dataclasses import dataclass

from ..audit.findings import ClaimFinding, Finding, FindingKind, Report, Verdict
from .places import Places

CLAIM_KINDS = tuple(k for k in FindingKind if k.of_claim)
OTHER_KINDS = tuple(k for k in FindingKind if not k.of_claim)


DECIMALS_NOTE = ("every decimal is the value truncated (never rounded) to the digits shown, each of them certified; "
                 "exact_digits counts them, exact_complete says the decimal is the whole exact value")


def rounded_givens(r: Report) -> list[str]:
    """The givens taken as rounded (model.md 6b), by step name, in the model's order."""
    return list(dict.fromkeys(st.short or st.key for e in r.engines for st in e.graph.rounded_steps()))


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
    out = [f.json(r) for f in r.findings]
    places = Places(r)
    for f, d in zip(r.findings, out):  # each finding where the document states it (a notebook's JSON line too)
        if places.document and "source_line" not in d and (place := places.of(f)).line is not None:
            d["source_line"] = place.line
    by_seq = {f.claim.seq: d for f, d in zip(r.findings, out) if isinstance(f, ClaimFinding)}
    for c, seq in r.case.restated:
        stated = by_seq.get(seq)
        if stated is None:
            continue
        first = r.claim(seq)
        where = {k: v for k, v in (("at", first.at), ("file_line", first.line),
                                   ("source_line", first.source_line or stated.get("source_line"))) if v is not None}
        d = {k: v for k, v in stated.items() if k != "source_line"}
        out.append({**d, "at": c.at, "reported": c.number.text, "file_line": c.line, "role": c.role.value,
                    **({"source_line": c.source_line} if c.source_line else {}), "restates": where})
    return out


def report_json(r: Report) -> dict:
    def causes(errors: bool) -> list[dict]:
        return [{"quantity": r.names[seq], **({"written": r.claim(seq).written} if r.claim(seq).written else {}),
                 "at": r.claim(seq).at, "verdict": r.verdict_of(seq).value,
                 "explained_by": [e.json() for e in r.by_seq[seq].explained_by],
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
        out["conventions"] = [{**e.json(), "fits": list(qs)} for e, qs in r.conventions]
    if r.case.reading is not None:
        rd = r.case.reading
        out["read"] = {"matched": rd.matched, "unmatched": rd.unmatched, "notes": [n.text for n in rd.notes]}
    return out


def reading_lines(r: Report) -> list[str]:
    """What was read from a document: a count, then what was left out (the rest is in `exactformer read`)."""
    rd = r.case.reading
    if rd is None:
        return []
    left = [n.text for n in rd.notes if n.kind.left_out]
    out = [f"read from the document: {rd.matched} tables, arrays and lines matched, {rd.unmatched} not "
           f"(`exactformer read {r.case.path}` shows every match)"]
    return out + [f"  {n}" for n in left]


@dataclass(frozen=True)
class Group:
    """The findings that stand at one place of the document."""

    at: str
    findings: tuple[Finding, ...]

    def counts(self) -> dict[FindingKind, int]:
        out: dict[FindingKind, int] = {}
        for f in self.findings:
            out[f.kind] = out.get(f.kind, 0) + 1
        return out

    def counts_text(self) -> str:
        counts = self.counts()
        return ", ".join(f"{counts[k]} {k.label}" for k in FindingKind if k in counts)


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
    claims = ", ".join(f"{s[k]} {k.label}" for k in CLAIM_KINDS if k not in ("undefined", "coarse") or s[k])
    other = ", ".join(f"{s[k]} {k.label}" for k in OTHER_KINDS if s[k] or k in ("conflict", "arithmetic", "unmatched"))
    again = f" (and {s['restated']} restated in the working)" if s.get("restated") else ""
    return f"{s['claims']} claim{'' if s['claims'] == 1 else 's'}{again}: {claims}; {other}"


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
