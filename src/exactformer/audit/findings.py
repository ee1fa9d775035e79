"""What the audit finds: one frozen value per finding, and the report that holds them (audit.md)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..model.values import Case, Claim, Trend
from ..report.decimals import certified_digits, complete, plain, units


class Verdict(enum.StrEnum):
    """A claim's verdict; its mark, label and severity are its `FindingKind`'s."""

    CORRECT = "correct"
    ROUNDING = "rounding"
    PROPAGATED = "propagated"
    LAST_DIGIT = "last_digit"
    WRONG = "wrong"
    UNDEFINED = "undefined"
    COARSE = "coarse"  # too few digits to tell the value from 0 or from the next step of its scale

    @property
    def kind(self) -> FindingKind:
        return FindingKind[self.name]


class Severity(enum.IntEnum):
    OK = 0
    NOTE = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()


class FindingKind(enum.StrEnum):
    """What a finding is, one row per kind: its JSON name (the value: a key of the summary, a claim's verdict),
    its mark, its label and its severity. A claim's kind is its verdict's; every other finding has one kind.
    The order is the summary's."""

    _value_: str
    mark: str
    label: str
    severity: Severity
    of_claim: bool  # a claim's verdict

    def __new__(cls, name: str, mark: str, label: str, severity: Severity, of_claim: bool = False) -> FindingKind:
        obj = str.__new__(cls, name)
        obj._value_ = name
        obj.mark, obj.label, obj.severity, obj.of_claim = mark, label, severity, of_claim
        return obj

    CORRECT = "correct", "✓", "correct", Severity.OK, True
    ROUNDING = "rounding", "≈", "rounding", Severity.OK, True
    PROPAGATED = "propagated", "↳", "propagated", Severity.ERROR, True
    LAST_DIGIT = "last_digit", "±1", "last digit", Severity.WARNING, True
    WRONG = "wrong", "✗", "wrong", Severity.ERROR, True
    UNDEFINED = "undefined", "∅", "undefined", Severity.ERROR, True  # a claim's, and a quantity's (UndefinedFinding)
    CONFLICT = "conflict", "≠", "conflict", Severity.ERROR
    ARITHMETIC = "arithmetic", "✗", "false working", Severity.ERROR
    CARRIED_DIGITS = "carried_digits", "…", "carried digits", Severity.NOTE
    UNMATCHED = "unmatched", "?", "unmatched", Severity.WARNING
    COARSE = "coarse", "~", "coarse", Severity.WARNING, True
    TREND = "trend", "↗", "trend", Severity.ERROR  # a trend that does not hold; its finding marks whether it held


OK_VERDICTS = (Verdict.CORRECT, Verdict.ROUNDING)
SEVERITY = {v: v.kind.severity for v in Verdict}


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

    def json(self) -> dict:
        return {"hypothesis": self.hypothesis, "detail": self.detail, "recomputed": plain(self.recomputed),
                "explains": list(self.explains)}


Row = tuple[str, str, str, str, str, str]  # quantity or line, reported, exact, units off, why, closed form
TABLE_NODES = 60  # a closed form in a report's table: past this size, in terms of named quantities
JSON_NODES = 300  # a closed form in the JSON report (every claim carries one)
TABLE_CHARS = 160


def short_form(text: str) -> str:
    return text if len(text) <= TABLE_CHARS else text[: TABLE_CHARS - 1] + "…"


class _Kinded:
    """A finding of one kind: its severity and mark are its kind's."""

    kind: ClassVar[FindingKind]

    @property
    def severity(self) -> Severity:
        return self.kind.severity

    @property
    def mark(self) -> str:
        return self.kind.mark

    def why_text(self) -> str:
        raise NotImplementedError


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

    @property
    def kind(self) -> FindingKind:
        return self.verdict.kind

    @property
    def mark(self) -> str:
        return self.kind.mark

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

    def why_text(self) -> str:
        """Why the verdict, in one line (the best explanation first, when there is one)."""
        why = []
        if self.explained_by:
            why.append(self.explained_by[0].detail)
        elif self.why_not and self.verdict in (Verdict.WRONG, Verdict.LAST_DIGIT):
            why.append(self.why_not)
        if self.caused_by:
            why.append("from " + ", ".join(f"{self.names[c.seq]} = {c.number.text}" for c in self.caused_by))
        if self.verdict is Verdict.COARSE:
            why.append("written with too few digits to tell the value from 0 or from the next step of its scale")
        if self.verdict is Verdict.LAST_DIGIT and self.off_by > 1.5 and self.recomputed:
            why.append(f"one unit of the last digit off what the document's own inputs give, {self.recomputed} "
                       f"(the exact value is {units(self.off_by)} units away)")
        elif self.recomputed and self.verdict in (Verdict.ROUNDING, Verdict.PROPAGATED, Verdict.LAST_DIGIT):
            why.append(f"the document's own inputs give {self.recomputed}")
        if self.intended and not any(self.intended in w for w in why):
            why.append(f"{self.intended} meant")
        return "; ".join(why)

    def row(self, r: Report) -> Row:
        closed = short_form(r.closed_form(self, TABLE_NODES)) if self.verdict is not Verdict.UNDEFINED else ""
        return self.shown, self.claim.number.text, self.exact, units(self.off_by), self.why_text(), closed

    def json(self, r: Report) -> dict:
        c = self.claim
        out: dict = {"kind": "claim", "quantity": self.quantity, **({"written": c.written} if c.written else {}),
                     "at": c.at, "reported": c.number.text,
                     "exact": plain(self.exact), "exact_digits": certified_digits(self.exact),
                     "exact_complete": complete(self.exact),
                     "closed_form": r.closed_form(self, JSON_NODES), "verdict": self.verdict.value,
                     "off_by_last_digits": self.off_by,
                     "caused_by": [self.names[x.seq] for x in self.caused_by], "severity": self.severity.label,
                     "recomputed": plain(self.recomputed) if self.recomputed is not None else None,
                     "file_line": c.line, "role": c.role.value, **({"source_line": c.source_line} if c.source_line else {})}
        if c.precision.bits is not None:
            out["precision"] = c.precision.value
        if self.explained_by or self.why_not:
            out["explained_by"] = [e.json() for e in self.explained_by]
            if self.why_not:
                out["unexplained"] = self.why_not
        if self.intended:
            out["intended"] = self.intended
        return out


@dataclass(frozen=True)
class ConflictFinding(_Kinded):
    """One quantity stated twice with intervals that do not meet."""

    quantity: str
    claims: tuple[Claim, ...]
    kind: ClassVar[FindingKind] = FindingKind.CONFLICT

    @property
    def seq(self) -> int:
        return max(c.seq for c in self.claims)

    @property
    def at(self) -> str:
        return max(self.claims, key=lambda c: c.seq).at

    def why_text(self) -> str:
        vals = "; ".join(f"{c.number.text} at {c.at}" for c in self.claims)
        return f"stated with values that cannot both be right: {vals}"

    def row(self, r: Report) -> Row:
        return self.quantity, "", "", "", self.why_text(), ""

    def json(self, r: Report) -> dict:
        return {"kind": self.kind.value, "quantity": self.quantity, "severity": self.severity.label,
                "values": [{"reported": c.number.text, "at": c.at, "file_line": c.line,
                            **({"source_line": c.source_line} if c.source_line else {})} for c in self.claims]}


@dataclass(frozen=True)
class LineFinding(_Kinded):
    """A finding about one line of working: where it stands and what it says."""

    work: int  # index of the work line in the case
    at: str
    line: str
    seq: int  # position in the document, for ordering


@dataclass(frozen=True)
class _LineValueFinding(LineFinding):
    """A line of working and what its arithmetic gives."""

    evaluates_to: str = ""
    reported: str = ""

    def row(self, r: Report) -> Row:
        return self.line, self.reported, self.evaluates_to, "", self.why_text(), ""

    def json(self, r: Report) -> dict:
        return {"kind": self.kind.value, "at": self.at, "line": self.line, "evaluates_to": plain(self.evaluates_to),
                "evaluates_to_digits": certified_digits(self.evaluates_to), "reported": self.reported,
                "severity": self.severity.label}


@dataclass(frozen=True)
class ArithmeticFinding(_LineValueFinding):
    """A line of working whose own arithmetic is false, even for operands anywhere within their written digits."""

    kind: ClassVar[FindingKind] = FindingKind.ARITHMETIC

    def why_text(self) -> str:
        return f"the line's own arithmetic gives {self.evaluates_to}"


@dataclass(frozen=True)
class CarriedDigitsFinding(_LineValueFinding):
    """A line false as written but true for operands within their written precision: the author carried
    more digits than the line shows (a note, not an error)."""

    kind: ClassVar[FindingKind] = FindingKind.CARRIED_DIGITS

    def why_text(self) -> str:
        return (f"as written it gives {self.evaluates_to}, but operands within their written digits reach "
                f"{self.reported}: the author carried more digits than the line shows")


@dataclass(frozen=True)
class LineClaimFinding(_LineValueFinding):
    """A number a line of working states that no quantity of the model is (the document's model does not reach
    it, or no model fits: ``0.1188 + 0.2304 + 0.5402 ≈ 0.889``; ``of = "arithmetic"``): a claim of the line's own
    arithmetic, judged against the line's operands as written (correct when the value rounds to it, or a
    program's float print within a few ulps; rounding when operands within their written digits reach it;
    propagated when it holds on an operand the document stated wrong; else wrong: no ±1, the operands are the
    line's own)."""

    verdict: Verdict = Verdict.CORRECT
    off_by: float = 0.0
    line_no: int | None = None  # the line of the case file it was read from
    source_line: int | None = None  # … and of the document

    @property
    def kind(self) -> FindingKind:  # type: ignore[override]
        return self.verdict.kind

    def why_text(self) -> str:
        if self.verdict is Verdict.CORRECT:
            return "the line's own arithmetic"
        if self.verdict is Verdict.ROUNDING:
            return (f"as written the line gives {self.evaluates_to}; operands within their written digits reach "
                    f"{self.reported}")
        return f"the line's own arithmetic gives {self.evaluates_to}"

    def row(self, r: Report) -> Row:
        return self.line, self.reported, self.evaluates_to, units(self.off_by) if self.off_by else "", \
            self.why_text(), ""

    def json(self, r: Report) -> dict:
        return {"kind": "claim", "quantity": "arithmetic", "line": self.line, "at": self.at, "reported": self.reported,
                "exact": plain(self.evaluates_to), "exact_digits": certified_digits(self.evaluates_to),
                "verdict": self.verdict.value, "off_by_last_digits": self.off_by, "severity": self.severity.label,
                "file_line": self.line_no, "role": "result",
                **({"source_line": self.source_line} if self.source_line else {})}


@dataclass(frozen=True)
class UnmatchedFinding(LineFinding):
    """A line of working whose operands do not fit its quantity's formula."""

    of: str = ""
    kind: ClassVar[FindingKind] = FindingKind.UNMATCHED

    def why_text(self) -> str:
        return f"operands do not fit the formula of {self.of}; checked as arithmetic only"

    def row(self, r: Report) -> Row:
        return self.line, "", "", "", self.why_text(), ""

    def json(self, r: Report) -> dict:
        return {"kind": self.kind.value, "at": self.at, "line": self.line, "of": self.of, "severity": self.severity.label}


@dataclass(frozen=True)
class UndefinedFinding(_Kinded):
    """A quantity the givens leave undefined, and why."""

    quantity: str
    why: str
    seq: int
    at: str
    kind: ClassVar[FindingKind] = FindingKind.UNDEFINED

    def why_text(self) -> str:
        return self.why

    def row(self, r: Report) -> Row:
        return self.quantity, "", "undefined", "", self.why_text(), ""

    def json(self, r: Report) -> dict:
        return {"kind": self.kind.value, "quantity": self.quantity, "why": self.why, "severity": self.severity.label}


@dataclass(frozen=True)
class TrendFinding(_Kinded):
    """A claim about how a quantity moves during training, judged exactly."""

    trend: Trend
    of: str
    values: tuple[str, ...]  # one decimal per step, from .. to
    correct: bool
    why: str
    kind: ClassVar[FindingKind] = FindingKind.TREND

    @property
    def severity(self) -> Severity:
        return Severity.OK if self.correct else self.kind.severity

    @property
    def mark(self) -> str:
        """Whether the trend held."""
        return FindingKind.CORRECT.mark if self.correct else FindingKind.WRONG.mark

    @property
    def seq(self) -> int:
        return self.trend.seq

    @property
    def at(self) -> str:
        return self.trend.at

    def why_text(self) -> str:
        return self.why

    def row(self, r: Report) -> Row:
        return self.of, self.trend.says.value, " → ".join((self.values[0], self.values[-1])), "", self.why_text(), ""

    def json(self, r: Report) -> dict:
        t = self.trend
        return {"kind": self.kind.value, "at": t.at, "of": self.of, "from": t.start, "to": t.end,
                "says": t.says.value, "values": [plain(v) for v in self.values],
                "verdict": "correct" if self.correct else "wrong", "why": self.why, "severity": self.severity.label}


Finding = (ClaimFinding | ConflictFinding | ArithmeticFinding | CarriedDigitsFinding | LineClaimFinding
           | UnmatchedFinding | UndefinedFinding | TrendFinding)
CLAIMS = (ClaimFinding, LineClaimFinding)  # the findings that are claims (the summary's "claims")
SUMMARY_KEYS = ("claims", *(k.value for k in FindingKind))


@dataclass(frozen=True)
class Report:
    case: Case
    findings: tuple[Finding, ...]  # grouped by place in the document, root causes first
    roots: dict[int, tuple[ClaimFinding, ...]]  # root-cause claim seq -> the findings it causes
    names: dict[int, str]  # claim seq -> its quantity's address
    engine: Any = field(default=None, compare=False, repr=False)
    conventions: tuple[tuple[Explanation, tuple[str, ...]], ...] = ()  # one convention that fits a group
    not_searched: str | None = None  # what the search for why left out when its budget ran out, in words
    # a document of several computations: the report of each (the first is this report's own case and engine)
    parts: tuple[Report, ...] = field(default=(), compare=False, repr=False)

    def engine_of(self, seq: int):
        """The engine of the computation claim ``seq`` belongs to."""
        for part in self.parts:
            if seq in part.by_seq:
                return part.engine
        return self.engine

    @property
    def engines(self) -> list:
        """The engine of each computation the report audits."""
        return [p.engine for p in self.parts] if self.parts else [self.engine]

    @classmethod
    def joined(cls, first: Report, more: Sequence[Report]) -> Report:
        """One report of a document's several computations: each audited under its own model (their claims
        are numbered apart), their findings one after the other, each claim's closed form from its own engine."""
        if not more:
            return first
        findings: list[Finding] = list(first.findings)
        work = list(first.case.work)
        unmatched = list(first.case.unmatched)
        for r in more:
            base = len(work)  # a part's lines of working follow the lines before it
            findings += [replace(f, work=f.work + base) if isinstance(f, LineFinding) else f for f in r.findings]
            work += r.case.work
            unmatched += [k + base for k in r.case.unmatched]
        parts = (first, *more)
        case = replace(first.case, claims=tuple(c for r in parts for c in r.case.claims), work=tuple(work),
                       unmatched=tuple(unmatched), trends=tuple(t for r in parts for t in r.case.trends),
                       restated=tuple(x for r in parts for x in r.case.restated))
        said = [r.not_searched for r in parts if r.not_searched]
        return cls(case, tuple(findings), {k: v for r in parts for k, v in r.roots.items()},
                   {k: v for r in parts for k, v in r.names.items()}, first.engine,
                   tuple(c for r in parts for c in r.conventions), "; ".join(said) if said else None, parts)

    def claim(self, seq: int) -> Claim:
        return self.case.claim(seq)

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
            if isinstance(f, CLAIMS):
                s["claims"] += 1
            s[f.kind] += 1
        s["restated"] = len(self.case.restated)  # operands repeating a claim, judged with it (not in "claims")
        return s

    def worst(self) -> Severity:
        """The most severe finding; a document no model fits (only its arithmetic audited) is a warning at least."""
        got = max((f.severity for f in self.findings), default=Severity.OK)
        if arithmetic_only(self.case):
            got = max(got, Severity.WARNING)
        return got

    def closed_form(self, f: ClaimFinding, limit: int | None = None) -> str:
        """The finding's closed form, built when a printer asks (bounded: past a size, in named quantities)."""
        engine = self.engine_of(f.claim.seq)
        if limit is None:
            return engine.closed_form(f.claim.address)
        return engine.closed_form(f.claim.address, limit)


def arithmetic_only(case: Case) -> bool:
    """Whether the case is a document no model fits: only its lines of working are audited, as arithmetic."""
    from ..read.notes import NoteKind

    reading = case.reading
    return reading is not None and any(n.kind is NoteKind.NO_MODEL for n in getattr(reading, "notes", ()))
