"""Many inputs in one call: case files, documents, directories and standard input, audited in parallel.

- A directory is searched recursively for case files and documents (``.toml .txt .md .mdx .qmd .html .ipynb``
  …), skipping hidden folders
  and the usual tool folders (``node_modules``, ``__pycache__``, virtual environments); a file found that
  way which holds no worked example (a README without numbers, a ``pyproject.toml``) is skipped, not an
  error. ``--skip-other`` does the same for files named on the command line (what a pre-commit hook
  passes).
- ``-`` is standard input: read once, by the parent, into a temporary file whose kind is sniffed.
- Each input is audited by one worker process (as many as there are cores available); a worker sends
  back its report rendered (``formats.Part``), so one unreadable input is its own exit-2 message while
  the others are still audited.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import sys
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import CaseError, ExactformerError
from .files import CASE_SUFFIXES, DOCUMENT_KINDS, check_readable, is_document
from .report.format_names import Format

if TYPE_CHECKING:  # the formatters are imported where a report is rendered (a worker), not to read the inputs
    from .report.formats import Options, Part

SUFFIXES = (*CASE_SUFFIXES, *DOCUMENT_KINDS)
SKIP_DIRS = frozenset({"node_modules", "__pycache__", "venv", "site-packages", "_build"})
STDIN = "-"
STDIN_NAME = "<stdin>"
# what a file without a worked example says (it is skipped when found in a directory, or with --skip-other)
NOT_AN_EXAMPLE = ("no numbers found in the document", "the document gives no embeddings (and no Q, K, V)")


@dataclass(frozen=True)
class Input:
    path: str  # the file to read (a temporary file for standard input)
    name: str  # as shown and as written in reports
    explicit: bool = True  # named on the command line (not found in a directory)


@dataclass(frozen=True)
class Job:
    input: Input
    formats: tuple[Format, ...]  # the report's format, then any other wanted (the step summary's Markdown)
    options: Options
    givens: str | None = None
    why: bool = True
    strict: bool = False
    skip_other: bool = False


def walk(folder: Path) -> list[Path]:
    """The case files and documents under a folder, sorted, hidden and tool folders skipped."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        found += (Path(root) / f for f in sorted(files) if not f.startswith(".") and Path(f).suffix.lower() in SUFFIXES)
    return found


def expand(paths: Sequence[str], stdin_dir: str) -> list[Input]:
    """The inputs named: files as given, directories searched, ``-`` read into ``stdin_dir``."""
    out: list[Input] = []
    for p in paths:
        if p == STDIN:
            out.append(Input(read_stdin(stdin_dir), STDIN_NAME))
        elif Path(p).is_dir():
            out += (Input(str(f), str(f), explicit=False) for f in walk(Path(p)))
        else:
            out.append(Input(p, p))
    return out


def read_stdin(folder: str) -> str:
    """Standard input into a file whose suffix says what it is (a case file, or a document's kind)."""
    from .read.documents import kind_of

    data = sys.stdin.buffer.read()
    text = data.decode("utf-8", errors="replace")
    try:
        suffix = ".toml" if "model" in tomllib.loads(text) else ".txt"
    except tomllib.TOMLDecodeError:  # a broken case file is still a case file (its error names the line)
        case_like = re.search(r"(?m)^\s*\[\[?\s*(model|claims)\b", text)
        suffix = ".toml" if case_like else {"markdown": ".md", "html": ".html", "notebook": ".ipynb"}.get(kind_of("", text), ".txt")
    path = Path(folder) / f"stdin{suffix}"
    path.write_bytes(data)
    return str(path)


def load(inp: Input, givens: str | None = None):
    """The case an input holds, named as the input is (CaseError names it too)."""
    try:
        document = is_document(inp.path)
        check_readable(inp.path, "document" if document else "case file")  # said before the readers are imported
        if document:
            from .read.documents import load_document  # the document reader, only for a document

            case = load_document(inp.path, givens)
        elif givens is not None:
            raise CaseError("--givens goes with a document, not with a case file", file=inp.path,
                            expected="a .txt, .md, .html or .ipynb document, or a case file without --givens")
        else:
            from .read.case import load as load_case  # the case reader (and the model, and flint)

            case = load_case(inp.path)
    except CaseError as e:
        if inp.path != inp.name:
            raise CaseError(e.message.replace(inp.path, inp.name), file=inp.name if e.file == inp.path else e.file,
                            line=e.line, key=e.key, expected=e.expected, found=e.found, hint=e.hint) from None
        raise
    return dataclasses.replace(case, path=inp.name) if inp.path != inp.name else case


def not_an_example(inp: Input, error: Exception | None) -> bool:
    """A file that holds no worked example at all (no numbers, no embeddings; a TOML without [model])."""
    if isinstance(error, CaseError):
        return error.message in NOT_AN_EXAMPLE
    if inp.path.lower().endswith(".toml"):
        try:
            return "model" not in tomllib.loads(Path(inp.path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return False
    return False


def exit_status(report, strict: bool) -> int:
    from .audit.findings import Severity

    worst = report.worst()
    return 1 if worst >= Severity.ERROR or (strict and worst >= Severity.WARNING) else 0


def run_job(job: Job) -> Part:
    """Audit one input and render it (in a worker process): never raises for the input's own faults."""
    from .audit.pipeline import audit
    from .report.escape import safe
    from .report.formats import BAD_INPUT, INTERNAL, STATUS, Part, formatter

    inp = job.input
    skip = job.skip_other or not inp.explicit
    try:
        if skip and not_an_example(inp, None):
            return Part(inp.name, 0, "skipped")
        case = load(inp, job.givens)
        report = audit(case, explain=job.why)
        options = dataclasses.replace(job.options, source=inp.path)
        content, *extra = (formatter(f).render(report, options) for f in job.formats)
        return Part(inp.name, exit_status(report, job.strict), STATUS[report.worst()], content, report.summary(),
                    extra=dict(zip((f.value for f in job.formats[1:]), extra)),
                    warnings=tuple(formatter(job.formats[0]).warnings(report)))
    except ExactformerError as e:
        if skip and not_an_example(inp, e):
            return Part(inp.name, 0, "skipped")
        msg = "\n".join(safe(line) for line in str(e).split("\n"))
        return Part(inp.name, 2, BAD_INPUT, formatter(job.formats[0]).failure(inp.name, msg), error=msg)
    except Exception as e:  # noqa: BLE001 - a bug: reported for this input, the others go on
        if os.environ.get("EXACTFORMER_DEBUG"):
            raise
        msg = (f"internal error: {type(e).__name__}: {safe(str(e))[:300]} (a bug in exactformer; "
               "EXACTFORMER_DEBUG=1 shows the traceback)")
        return Part(inp.name, 3, INTERNAL, formatter(job.formats[0]).failure(inp.name, msg), error=msg)


def output_names(inputs: Sequence[Input]) -> list[str]:
    """A file name per input for ``-o DIR`` (its stem; the folders too when two stems are the same)."""
    def stem(i: Input, depth: int) -> str:
        if i.name == STDIN_NAME:
            return "stdin"
        parts = [p for p in Path(i.name).with_suffix("").parts if p not in ("/", "..", ".")]
        return "-".join(parts[-depth:]) or "input"

    names = [stem(i, 1) for i in inputs]
    for depth in range(2, 64):
        dup = {n for n in names if names.count(n) > 1}
        if not dup:
            break
        names = [stem(i, depth) if n in dup else n for i, n in zip(inputs, names)]
    seen: dict[str, int] = {}
    out = []
    for n in names:  # still the same (a.md and a.toml): numbered
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n}-{seen[n]}")
    return [re.sub(r"[^\w.-]+", "_", n) for n in out]


@contextlib.contextmanager
def stdin_folder(needed: bool = True) -> Iterator[str]:
    """A temporary folder for standard input's file, made only when an input is ``-`` (else "")."""
    if not needed:
        yield ""
        return
    import tempfile

    with tempfile.TemporaryDirectory(prefix="exactformer-stdin-") as d:
        yield d
