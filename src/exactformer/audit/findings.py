"""What the audit finds: one frozen value per finding, and the report that holds them (audit.md)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..model.values import Case, Claim, Trend


class Verdict(enum.StrEnum):
    CORRECT = "correct"
    ROUNDING = "rounding"
    PROPAGATED = "propagated"
    LAST_DIGIT = "last_digit"
    WRONG = "wrong"
    UNDEFINED = "undefined"
    COARSE = "coarse"  # too few digits to tell the value from 0 or from the next step of its scale


class Severity(enum.IntEnum):
    OK = 0
    NOTE = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()


OK_VERDICTS = (Verdict.CORRECT, Verdict.ROUNDING)
SEVERITY = {Verdict.CORRECT: Severity.OK, Verdict.ROUNDING: Severity.OK, Verdict.LAST_DIGIT: Severity.WARNING,
            Verdict.WRONG: Severity.ERROR, Verdict.UNDEFINED: Severity.ERROR, Verdict.PROPAGATED: Severity.ERROR,
            Verdict.COARSE: Severity.WARNING}


class Family(enum.Enum):
    """The families of hypotheses the search for why tries (audit.explain), in the order a tie between two
    equally simple explanations is broken: a printing slip is the simpler story. A hypothesis's identifier
    starts with its family's name (``value.eps``)."""

    RESULT = "result"  # a slip in the printed result
    CONVENTION = "convention"  # another convention (a block's, the model's, the backward pass's, the update order)
    VALUE = "value"  # a hyper-parameter with another value, solved for (audit.solved)
    OPERAND = "operand"  # a slip in one operand of the recomputation

    @classmethod
    def of(cls, hypothesis: str) -> Family:
        return cls(hypothesis.split(".", 1)[0])

    @property
    def another_model(self) -> bool:
        """Its explanations are the case under another model (a convention's, a solved value's)."""
        return self in (Family.CONVENTION, Family.VALUE)


@dataclass(frozen=True)
class Explanation:
    """One single change that reproduces a stated number (issue: say why a number is wrong)."""

    hypothesis: str  # a stable identifier: result.digits_swapped, convention.scale=none, …
    detail: str  # one sentence naming the cells
    recomputed: str  # the value under that change, as a decimal
    explains: tuple[str, ...] = ()  # every quantity this one change explains

    @property
    def family(self) -> Family:
        return Family.of(self.hypothesis)


@dataclass(frozen=True)
class ClaimFinding:
    """The verdict on one scalar claim. Closed forms are not built here: the report asks for them."""

    claim: Claim
    quantity: str
    verdict: Verdict
    exact: str
    off_by: float  # |r − E| in units of r's last digit (ulps for a float64 claim)
    caused_by: tuple[Claim, ...] = ()  # stated inputs a propagated verdict blames
    recomputed: str | None = None  # R, when it was needed
    severity: Severity = Severity.OK
    names: dict[int, str] = field(default_factory=dict, compare=False, repr=False)  # caused_by seq -> address
    explained_by: tuple[Explanation, ...] = ()
    why_not: str | None = None  # "no single slip or convention reproduces …": what was checked
    intended: str | None = None  # the value the author meant (a typo's correction), when one explains this
    kind: ClassVar[str] = "claim"

    @property
    def seq(self) -> int:
        return self.claim.seq

    @property
    def at(self) -> str:
        return self.claim.at

    @property
    def shown(self) -> str:
        """The address as the document or case wrote it, the canonical one beside it when they differ."""
        w = self.claim.written
        return self.quantity if w is None else f"{w} ({self.quantity})"


@dataclass(frozen=True)
class ConflictFinding:
    """One quantity stated twice with intervals that do not meet."""

    quantity: str
    claims: tuple[Claim, ...]
    kind: ClassVar[str] = "conflict"
    severity: ClassVar[Severity] = Severity.ERROR

    @property
    def seq(self) -> int:
        return max(c.seq for c in self.claims)

    @property
    def at(self) -> str:
        return max(self.claims, key=lambda c: c.seq).at


@dataclass(frozen=True)
class LineFinding:
    """A finding about one line of working: where it stands and what it says."""

    work: int  # index of the work line in the case
    at: str
    line: str
    seq: int  # position in the document, for ordering


@dataclass(frozen=True)
class ArithmeticFinding(LineFinding):
    """A line of working whose own arithmetic is false, even for operands anywhere within their written digits."""

    evaluates_to: str = ""
    reported: str = ""
    kind: ClassVar[str] = "arithmetic"
    severity: ClassVar[Severity] = Severity.ERROR


@dataclass(frozen=True)
class CarriedDigitsFinding(LineFinding):
    """A line false as written but true for operands within their written precision: the author carried
    more digits than the line shows (a note, not an error)."""

    evaluates_to: str = ""
    reported: str = ""
    kind: ClassVar[str] = "carried_digits"
    severity: ClassVar[Severity] = Severity.NOTE


@dataclass(frozen=True)
class UnmatchedFinding(LineFinding):
    """A line of working whose operands do not fit its quantity's formula."""

    of: str = ""
    kind: ClassVar[str] = "unmatched"
    severity: ClassVar[Severity] = Severity.WARNING


@dataclass(frozen=True)
class UndefinedFinding:
    """A quantity the givens leave undefined, and why."""

    quantity: str
    why: str
    seq: int
    at: str
    kind: ClassVar[str] = "undefined"
    severity: ClassVar[Severity] = Severity.ERROR


@dataclass(frozen=True)
class TrendFinding:
    """A claim about how a quantity moves during training, judged exactly."""

    trend: Trend
    of: str
    values: tuple[str, ...]  # one decimal per step, from .. to
    correct: bool
    why: str
    kind: ClassVar[str] = "trend"

    @property
    def severity(self) -> Severity:
        return Severity.OK if self.correct else Severity.ERROR

    @property
    def seq(self) -> int:
        return self.trend.seq

    @property
    def at(self) -> str:
        return self.trend.at


Finding = (ClaimFinding | ConflictFinding | ArithmeticFinding | CarriedDigitsFinding | UnmatchedFinding
           | UndefinedFinding | TrendFinding)
SUMMARY_KEYS = ("claims", "correct", "rounding", "propagated", "last_digit", "wrong", "undefined", "conflict",
                "arithmetic", "carried_digits", "unmatched", "coarse", "trend")


def kind_of(f: Finding) -> str:
    """A finding's kind, or for a claim its verdict: the key of summaries, marks and styles."""
    return f.verdict.value if isinstance(f, ClaimFinding) else f.kind


@dataclass(frozen=True)
class Report:
    case: Case
    findings: tuple[Finding, ...]  # grouped by place in the document, root causes first
    roots: dict[int, tuple[ClaimFinding, ...]]  # root-cause claim seq -> the findings it causes
    names: dict[int, str]  # claim seq -> its quantity's address
    engine: Any = field(default=None, compare=False, repr=False)
    conventions: tuple[tuple[Explanation, tuple[str, ...]], ...] = ()  # one convention that fits a group
    not_searched: str | None = None  # what the search for why left out when its budget ran out, in words

    def claim(self, seq: int) -> Claim:
        return self.case.claims[seq]

    def verdict_of(self, seq: int) -> Verdict:
        return self.by_seq[seq].verdict

    @property
    def by_seq(self) -> dict[int, ClaimFinding]:
        got = self.__dict__.get("_by_seq")
        if got is None:
            got = {f.claim.seq: f for f in self.findings if isinstance(f, ClaimFinding)}
            object.__setattr__(self, "_by_seq", got)
        return got

    def summary(self) -> dict[str, int]:
        s = dict.fromkeys(SUMMARY_KEYS, 0)
        for f in self.findings:
            if isinstance(f, ClaimFinding):
                s["claims"] += 1
            s[kind_of(f)] += 1
        s["restated"] = len(self.case.restated)  # operands repeating a claim, judged with it (not in "claims")
        return s

    def worst(self) -> Severity:
        return max((f.severity for f in self.findings), default=Severity.OK)

    def closed_form(self, f: ClaimFinding, limit: int | None = None) -> str:
        """The finding's closed form, built when a printer asks (bounded: past a size, in named quantities)."""
        if limit is None:
            return self.engine.closed_form(f.claim.address)
        return self.engine.closed_form(f.claim.address, limit)
