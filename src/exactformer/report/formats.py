"""The audit report's formats: one ``Formatter`` per format, chosen by the ``Format`` enum.

A formatter renders one input's report (``render``), says what a bad input looks like in its format
(``failure``), and puts many inputs' outputs together into one stream (``combine``): what
``exactformer audit a.md b.md`` prints, or writes to a single ``-o FILE``. What it renders crosses
processes as text (``Part``): the report itself never leaves the worker that audited it.

Text, Markdown and HTML are for people (a truncated decimal ends in ``…``); JSON, CSV and SARIF carry
plain decimals and say how many digits are certified; ``github`` writes workflow commands, which put
annotations on the lines of a pull request.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from .. import __version__
from ..audit.findings import ClaimFinding, Finding, FindingKind, Report, Severity
from .data import report_json
from .decimals import certified_digits, complete, plain
from .escape import safe
from .format_names import COMPATIBLE, EXTENSIONS, Format, choose  # noqa: F401  (names the CLI reads)
from .places import Place, Places

STATUS = {Severity.OK: "ok", Severity.NOTE: "ok", Severity.WARNING: "warnings", Severity.ERROR: "errors"}
BAD_INPUT, INTERNAL = "bad input", "internal error"


@dataclass(frozen=True)
class Options:
    everything: bool = False  # list correct claims too
    width: int = 160  # the text report's width
    color: bool = False  # the text report with terminal colours
    source: str | None = None  # the file the case was read from, when its path as shown is not (standard input)


@dataclass(frozen=True)
class Part:
    """One input's outcome, rendered (plain data: it comes back from a worker process)."""

    path: str
    exit: int  # this input's exit status
    status: str  # ok, warnings, errors, bad input, internal error, skipped
    content: str = ""
    summary: dict[str, int] | None = None
    error: str | None = None  # the message of a bad input (exit 2) or a bug (exit 3)
    extra: dict[str, str] = field(default_factory=dict)  # other formats asked for (the step summary's Markdown)
    warnings: tuple[str, ...] = ()  # about the output itself (a glyph no font of the page has), for standard error


def message(f: Finding, r: Report) -> str:
    """A finding in one sentence, for an annotation: what is stated, what is exact, and why."""
    q, rep, exact, off, why, closed = f.row(r)
    k = f.kind
    if isinstance(f, ClaimFinding):
        text = f"{q} = {rep} is {k.label}: the exact value is {exact}"
        if closed and closed != exact:
            text += f" ({closed})"
        if off:
            text += f", {off} units of the last digit off"
    else:
        text = f"{k.label}: {q}" + (f" = {rep}" if rep else "")
        if exact:
            text += f" (it gives {exact})"
    return text + (f"; {why}" if why else "") + f" [at {f.at}]"


def title(f: Finding) -> str:
    q = getattr(f, "quantity", None) or getattr(f, "of", None) or ""
    return f"exactformer: {f.kind.label}" + (f" {q}" if q else "")


def flagged(r: Report) -> list[Finding]:
    """The findings an annotation is for: every one that is not ok."""
    return [f for f in r.findings if f.severity > Severity.OK]


class Formatter:
    format: ClassVar[Format]
    extension: ClassVar[str]
    machine: ClassVar[bool] = True  # read by tools: the summary table goes to standard error

    def render(self, r: Report, o: Options) -> str:
        raise NotImplementedError

    def failure(self, path: str, error: str) -> str:
        """What a bad input is in this format ("" when it is only said on standard error)."""
        return ""

    def warnings(self, r: Report) -> list[str]:
        """What a reader of this output may not see (said on standard error; the output says it too)."""
        return []

    def combine(self, parts: Sequence[Part]) -> str:
        return "".join(p.content for p in parts)


class TextFormatter(Formatter):
    format, extension, machine = Format.TEXT, ".txt", False

    def render(self, r: Report, o: Options) -> str:
        from rich.console import Console

        from .text import render_text

        out = Console(record=True, width=o.width, no_color=not o.color, force_terminal=o.color or None,
                      highlight=False, markup=False, emoji=False, file=io.StringIO())
        render_text(r, out, everything=o.everything)
        return out.export_text(styles=o.color)

    def combine(self, parts: Sequence[Part]) -> str:
        return "\n".join(p.content for p in parts if p.content)


class MarkdownFormatter(Formatter):
    format, extension, machine = Format.MARKDOWN, ".md", False

    def render(self, r: Report, o: Options) -> str:
        from .markdown import render_markdown

        return render_markdown(r, everything=o.everything) + "\n"

    def combine(self, parts: Sequence[Part]) -> str:
        return "\n".join(p.content for p in parts if p.content)


class HTMLFormatter(Formatter):
    format, extension, machine = Format.HTML, ".html", False

    def render(self, r: Report, o: Options) -> str:
        from .html import render_html

        return render_html(r)

    def warnings(self, r: Report) -> list[str]:
        from .html import page_warnings

        return page_warnings(r)

    def combine(self, parts: Sequence[Part]) -> str:  # refused earlier: one page per input (-o DIR)
        raise AssertionError("HTML reports are one page per input")


class JSONFormatter(Formatter):
    format, extension = Format.JSON, ".json"

    def render(self, r: Report, o: Options) -> str:
        return json.dumps(report_json(r), ensure_ascii=False, indent=1) + "\n"

    def failure(self, path: str, error: str) -> str:
        return json.dumps({"case": path, "status": BAD_INPUT, "error": error}, ensure_ascii=False, indent=1) + "\n"

    def combine(self, parts: Sequence[Part]) -> str:
        """The parts' objects as one: each part is already this formatter's JSON (``indent=1``), so nested two
        levels down it is the same text with every line indented by two more spaces (a JSON string holds no raw
        newline): the 10 MB of a hundred reports are not parsed and encoded again."""
        files = [p.content for p in parts if p.content]
        worst = max((p.exit for p in parts), default=0)
        if not files:
            return json.dumps({"exit_status": worst, "files": []}, ensure_ascii=False, indent=1) + "\n"
        body = ",\n".join("  " + f.rstrip("\n").replace("\n", "\n  ") for f in files)
        return f'{{\n "exit_status": {json.dumps(worst)},\n "files": [\n{body}\n ]\n}}\n'


CSV_HEADER = ("file", "line", "column", "at", "kind", "severity", "quantity", "reported", "exact", "exact_digits",
              "exact_complete", "off_by_last_digits", "why", "closed_form")


class CSVFormatter(Formatter):
    """One row per finding; ``exact`` a plain decimal, ``exact_digits`` its certified significant digits."""

    format, extension = Format.CSV, ".csv"

    def render(self, r: Report, o: Options) -> str:
        places = Places(r, o.source)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(CSV_HEADER)
        for f in r.findings:  # correct claims are rows too: a spreadsheet filters them
            q, rep, exact, _, why, closed = f.row(r)
            at = places.of(f)
            off = f.off_by if isinstance(f, ClaimFinding) else ""
            digits = certified_digits(exact) if exact else ""
            whole = complete(exact) if exact else ""
            w.writerow([at.path, at.line or "", at.col or "", safe(f.at), f.kind, f.severity.label, safe(q),
                        rep, plain(exact), digits, whole, off, safe(why), closed])
        return buf.getvalue()

    def failure(self, path: str, error: str) -> str:
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow([path, "", "", "", BAD_INPUT, "error", "", "", "", "", "", "",
                                                       error, ""])
        return ",".join(CSV_HEADER) + "\n" + buf.getvalue()

    def combine(self, parts: Sequence[Part]) -> str:
        rows = [p.content.split("\n", 1)[1] for p in parts if p.content]
        return ",".join(CSV_HEADER) + "\n" + "".join(rows)


# ---- GitHub workflow commands -----------------------------------------------------------------------------
def gh_data(s: str) -> str:
    """A workflow command's message: %, CR and LF escaped (GitHub's own rule), other controls shown."""
    return safe(s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def gh_property(s: str) -> str:
    """A workflow command's property value: as a message, and ``:`` and ``,`` escaped too."""
    return gh_data(s).replace(":", "%3A").replace(",", "%2C")


GH_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def gh_command(level: str, place: Place, heading: str, text: str) -> str:
    props = [f"file={gh_property(place.path)}"]
    if place.line:
        props.append(f"line={place.line}")
        if place.col:
            props.append(f"col={place.col}")
    props.append(f"title={gh_property(heading)}")
    return f"::{level} {','.join(props)}::{gh_data(text)}\n"


class GitHubFormatter(Formatter):
    """``::error file=…,line=…,col=…,title=…::…`` per finding that is not ok (warnings as ``::warning``)."""

    format, extension, machine = Format.GITHUB, ".txt", False

    def render(self, r: Report, o: Options) -> str:
        places = Places(r, o.source)
        return "".join(gh_command(GH_LEVEL[f.severity], places.of(f), title(f), message(f, r)) for f in flagged(r))

    def failure(self, path: str, error: str) -> str:
        return gh_command("error", Place(path), "exactformer: cannot read the input", error)


class ConciseFormatter(Formatter):
    """One line per finding that is not ok, ``path:line:col: level: message`` as compilers and linters write
    (what a pre-commit hook prints; editors jump to the place)."""

    format, extension, machine = Format.CONCISE, ".txt", False

    def render(self, r: Report, o: Options) -> str:
        places = Places(r, o.source)
        out = []
        for f in flagged(r):
            at = places.of(f)
            where = ":".join(str(x) for x in (at.path, at.line, at.col) if x)
            out.append(f"{where}: {f.severity.label}: {safe(message(f, r))}\n")
        return "".join(out)

    def failure(self, path: str, error: str) -> str:
        return ""  # said on standard error


# ---- SARIF 2.1.0 ------------------------------------------------------------------------------------------
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
# one rule per finding kind that can be flagged; ids are stable (never renumbered, never renamed)
RULES: dict[str, tuple[str, str, str]] = {
    "wrong": ("EXF001", "WrongNumber", "A stated number is wrong: an error is made here."),
    "propagated": ("EXF002", "PropagatedError", "Right for the document's own wrong inputs: the error is earlier."),
    "last_digit": ("EXF003", "LastDigit", "The last digit is off by one."),
    "undefined": ("EXF004", "Undefined", "The givens leave the quantity undefined."),
    "conflict": ("EXF005", "Conflict", "One quantity is stated twice with values that cannot both be right."),
    "arithmetic": ("EXF006", "FalseWorking", "A line of working whose own arithmetic is false."),
    "carried_digits": ("EXF007", "CarriedDigits",
                       "A line true only for its operands' unrounded values (more digits carried than shown)."),
    "unmatched": ("EXF008", "UnmatchedWorking", "A line of working whose operands do not fit its quantity."),
    "coarse": ("EXF009", "TooCoarse", "A number written too coarsely to say anything."),
    "trend": ("EXF010", "WrongTrend", "A claim about how a quantity moves in training is false."),
}
SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}
_LINE_IN_AT = re.compile(r"\s*\((?:cell \d+, )?(?:output )?line \d+\)\s*$")


def uri(path: str) -> str:
    """A SARIF artifact URI: relative paths as written (forward slashes), absolute ones as file URIs."""
    p = Path(path)
    return p.as_uri() if p.is_absolute() else p.as_posix()


def fingerprint(f: Finding, r: Report) -> str:
    """Stable across runs and across edits that move lines: the kind, what is stated and where (by name)."""
    q, rep, *_ = f.row(r)
    key = "\0".join((f.kind, q, rep, _LINE_IN_AT.sub("", f.at)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def sarif_rules() -> list[dict]:
    return [{"id": rid, "name": name, "shortDescription": {"text": text}, "fullDescription": {"text": text},
             "defaultConfiguration": {"level": "warning" if k in ("last_digit", "unmatched", "coarse")
                                      else "note" if k == "carried_digits" else "error"},
             "properties": {"kind": k}}
            for k, (rid, name, text) in RULES.items()]


def sarif_log(results: list[dict], notifications: list[dict]) -> dict:
    run: dict = {"tool": {"driver": {"name": "exactformer", "version": __version__, "rules": sarif_rules()}},
                 "results": results,
                 "invocations": [{"executionSuccessful": not notifications,
                                  "toolExecutionNotifications": notifications}]}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


class SARIFFormatter(Formatter):
    format, extension = Format.SARIF, ".sarif"

    def render(self, r: Report, o: Options) -> str:
        places = Places(r, o.source)
        index = {k: n for n, k in enumerate(RULES)}
        results = []
        for f in flagged(r):
            k = f.kind
            at = places.of(f)
            loc: dict = {"physicalLocation": {"artifactLocation": {"uri": uri(at.path)}}}
            if at.line:
                region = {"startLine": at.line}
                if at.col:
                    region["startColumn"] = at.col
                loc["physicalLocation"]["region"] = region
            props = {k2: v for k2, v in f.json(r).items() if k2 in ("quantity", "reported", "exact",
                                                                            "exact_digits", "verdict", "at")}
            results.append({"ruleId": RULES[k][0], "ruleIndex": index[k], "level": SARIF_LEVEL[f.severity],
                            "message": {"text": message(f, r)}, "locations": [loc],
                            "partialFingerprints": {"exactformerFinding/v1": fingerprint(f, r)},
                            "properties": props})
        return json.dumps(sarif_log(results, []), ensure_ascii=False, indent=1) + "\n"

    def failure(self, path: str, error: str) -> str:
        note = {"level": "error", "message": {"text": error},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri(path)}}}]}
        return json.dumps(sarif_log([], [note]), ensure_ascii=False, indent=1) + "\n"

    def combine(self, parts: Sequence[Part]) -> str:
        results, notes = [], []
        for p in parts:
            if p.content:
                run = json.loads(p.content)["runs"][0]
                results += run["results"]
                notes += run["invocations"][0]["toolExecutionNotifications"]
        return json.dumps(sarif_log(results, notes), ensure_ascii=False, indent=1) + "\n"


# ---- JUnit XML --------------------------------------------------------------------------------------------
def _xml_text(s: str) -> str:
    """Characters XML 1.0 cannot hold at all (most controls) shown as escapes; ElementTree escapes the rest."""
    return safe(s)


class JUnitFormatter(Formatter):
    """One test suite per input, one test case per finding: errors fail, warnings and notes pass with output."""

    format, extension = Format.JUNIT, ".xml"

    def _suite(self, name: str) -> ET.Element:
        return ET.Element("testsuite", name=_xml_text(name))

    def render(self, r: Report, o: Options) -> str:
        places = Places(r, o.source)
        suite = self._suite(places.path)
        failures = 0
        for f in r.findings:
            q, rep, *_ = f.row(r)
            at = places.of(f)
            case = ET.SubElement(suite, "testcase", classname=_xml_text(f.at),
                                 name=_xml_text(f"{q} = {rep}" if rep else q), file=_xml_text(at.path))
            if at.line:
                case.set("line", str(at.line))
            if f.severity is Severity.ERROR:
                failures += 1
                ET.SubElement(case, "failure", type=f.kind, message=_xml_text(message(f, r)))
            elif f.severity > Severity.OK:
                ET.SubElement(case, "system-out").text = _xml_text(f"{f.severity.label}: {message(f, r)}")
        suite.set("tests", str(len(r.findings)))
        suite.set("failures", str(failures))
        suite.set("errors", "0")
        return self._document([suite])

    def failure(self, path: str, error: str) -> str:
        suite = self._suite(path)
        suite.attrib.update(tests="1", failures="0", errors="1")
        case = ET.SubElement(suite, "testcase", classname="exactformer", name=_xml_text(path))
        ET.SubElement(case, "error", type=BAD_INPUT, message=_xml_text(error))
        return self._document([suite])

    def _document(self, suites: list[ET.Element]) -> str:
        root = ET.Element("testsuites", name="exactformer")
        root.extend(suites)
        ET.indent(root)
        return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

    def combine(self, parts: Sequence[Part]) -> str:
        suites: list[ET.Element] = []
        for p in parts:
            if p.content:
                suites.extend(ET.fromstring(p.content.split("\n", 1)[1]))
        return self._document(suites)


FORMATTERS: dict[Format, type[Formatter]] = {c.format: c for c in (
    TextFormatter, MarkdownFormatter, HTMLFormatter, JSONFormatter, CSVFormatter, GitHubFormatter,
    SARIFFormatter, JUnitFormatter, ConciseFormatter)}


def formatter(fmt: Format) -> Formatter:
    return FORMATTERS[fmt]()


def summary_rows(parts: Sequence[Part]) -> list[list[str]]:
    """The summary table across inputs: file, status, and the counts that matter."""
    kinds = [k for k in FindingKind if k not in ("undefined", "carried_digits", "coarse", "trend")]
    keys = ["claims", *kinds]
    rows = [["file", "status", "claims", *[k.label for k in kinds]]]
    for p in parts:
        s = p.summary or {}
        rows.append([p.path, p.status, *[str(s[k]) if p.summary else "" for k in keys]])
    return rows


# an output file's extension -> the formats it can hold, the one it implies first
def summary_text(parts: Sequence[Part], width: int = 160, *, grow: bool = True) -> str:
    """The summary table for a terminal (folded to its width) or a log or a file (as wide as it needs: one
    line per input, which grep and cut can read)."""
    from rich.console import Console
    from rich.table import Table

    from .term import text

    rows = summary_rows(parts)
    t = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False,
              title=f"{len(parts)} inputs: {sum(p.exit >= 2 for p in parts)} could not be audited", title_justify="left")
    for k, head in enumerate(rows[0]):  # the file and its status are never folded; a narrow count header is
        keep = max(len(r[k]) for r in rows) if k < 2 else None
        t.add_column(head, justify="left" if k < 2 else "right", overflow="fold", no_wrap=k < 2, min_width=keep)
    for row in rows[1:]:
        t.add_row(*(text(c) for c in row))
    if grow:
        width = max(width, sum(max(len(r[k]) for r in rows) + 2 for k in range(len(rows[0]))) + 8)
    out = Console(record=True, width=width, no_color=True, highlight=False, markup=False, emoji=False,
                  file=io.StringIO())
    out.print(t)
    return out.export_text()


def summary_markdown(parts: Sequence[Part]) -> str:
    from .markdown import code

    rows = summary_rows(parts)
    lines = ["## exactformer: every input", "", "| " + " | ".join(rows[0]) + " |",
             "|---|---|" + "--:|" * (len(rows[0]) - 2)]
    lines += ["| " + " | ".join([code(r[0]), *r[1:]]) + " |" for r in rows[1:]]
    return "\n".join(lines) + "\n"
