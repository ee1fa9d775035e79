"""What the audit finds: one frozen value per finding, and the report that holds them (audit.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from .model import Case, Claim

OK = ("correct", "rounding")
SEVERITY = {"correct": "ok", "rounding": "ok", "last_digit": "warning", "wrong": "error",
            "conflict": "error", "arithmetic": "error", "unmatched": "warning"}


@dataclass(frozen=True)
class ClaimFinding:
    """The verdict on one scalar claim."""

    claim: Claim
    quantity: str
    verdict: str
    exact: str
    closed_form: str
    off_by: float  # |r − E| in units of r's last digit
    caused_by: tuple[Claim, ...] = ()  # stated inputs a propagated verdict blames
    recomputed: str | None = None  # R, when it was needed
    severity: str = "ok"
    names: dict[int, str] = field(default_factory=dict, compare=False, repr=False)  # caused_by seq -> address
    kind: ClassVar[str] = "claim"


@dataclass(frozen=True)
class ConflictFinding:
    """One quantity stated twice with intervals that do not meet."""

    quantity: str
    claims: tuple[Claim, ...]
    kind: ClassVar[str] = "conflict"
    severity: ClassVar[str] = "error"


@dataclass(frozen=True)
class LineFinding:
    """A finding about one line of working: where it stands and what it says."""

    work: int  # index of the work line in the case
    at: str
    line: str
    seq: int  # position in the document, for ordering


@dataclass(frozen=True)
class ArithmeticFinding(LineFinding):
    """A line of working whose own arithmetic is false."""

    evaluates_to: str = ""
    reported: str = ""
    kind: ClassVar[str] = "arithmetic"
    severity: ClassVar[str] = "error"


@dataclass(frozen=True)
class UnmatchedFinding(LineFinding):
    """A line of working whose operands do not fit its quantity's formula."""

    of: str = ""
    kind: ClassVar[str] = "unmatched"
    severity: ClassVar[str] = "warning"


Finding = ClaimFinding | ConflictFinding | ArithmeticFinding | UnmatchedFinding


@dataclass(frozen=True)
class Report:
    case: Case
    findings: tuple[Finding, ...]  # grouped by place in the document, root causes first
    roots: dict[int, tuple[ClaimFinding, ...]]  # root-cause claim seq -> the findings it causes
    names: dict[int, str]  # claim seq -> its quantity's address

    def claim(self, seq: int) -> Claim:
        return self.case.claims[seq]

    def verdict_of(self, seq: int) -> str:
        return next(f.verdict for f in self.findings if isinstance(f, ClaimFinding) and f.claim.seq == seq)

    def summary(self) -> dict[str, int]:
        s = {k: 0 for k in ("claims", "correct", "rounding", "propagated", "last_digit", "wrong",
                            "conflict", "arithmetic", "unmatched")}
        for f in self.findings:
            if isinstance(f, ClaimFinding):
                s["claims"] += 1
                s[f.verdict] += 1
            else:
                s[f.kind] += 1
        return s

    def worst(self) -> str:
        sev = {f.severity for f in self.findings}
        return "error" if "error" in sev else "warning" if "warning" in sev else "ok"
