"""The report formats' names, and which one a command writes (``--format``, ``-o``'s extension): what the command
line needs before any input is read, apart from the formatters themselves (``formats``), so that ``--help``, a
usage error or a file that cannot be opened is answered without importing them."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from pathlib import Path


class Format(enum.StrEnum):
    TEXT = "text"
    MARKDOWN = "markdown"
    JSON = "json"
    HTML = "html"
    CSV = "csv"
    SARIF = "sarif"
    GITHUB = "github"
    JUNIT = "junit"
    CONCISE = "concise"


# an output file's extension -> the format it implies (``-o report.sarif`` is SARIF)
EXTENSIONS: dict[str, Format] = {".txt": Format.TEXT, ".text": Format.TEXT, ".md": Format.MARKDOWN,
                                 ".markdown": Format.MARKDOWN, ".json": Format.JSON, ".html": Format.HTML,
                                 ".htm": Format.HTML, ".csv": Format.CSV, ".sarif": Format.SARIF,
                                 ".xml": Format.JUNIT}

COMPATIBLE: dict[str, tuple[Format, ...]] = {".txt": (Format.TEXT, Format.GITHUB, Format.CONCISE), ".json": (Format.JSON, Format.SARIF)}


def choose(explicit: str | None, output: str | None, allowed: Sequence[Format], *, folder: bool = False) -> Format:
    """The format asked for: ``--format``, else what ``-o``'s extension says, else text; the two disagreeing
    (``--format json -o report.html``), or an extension the command cannot write, is a usage error."""
    from ..errors import UsageError

    ext = Path(output).suffix.lower() if output and not folder else ""
    implied = COMPATIBLE.get(ext) or ((EXTENSIONS[ext],) if ext in EXTENSIONS else ())
    names = ", ".join(f.value for f in allowed)
    if explicit:
        fmt = Format(explicit)
        if fmt not in allowed:
            raise UsageError(f"--format {fmt.value}: this command writes {names}")
        if implied and fmt not in implied:
            raise UsageError(f"--format {fmt.value} does not match -o {output}, a {implied[0].value} file name",
                             hint=f"drop --format, or name the file …{_extension(fmt)}")
        return fmt
    if implied:
        if implied[0] not in allowed:
            raise UsageError(f"-o {output}: this command does not write {implied[0].value}",
                             hint=f"it writes {names}; name the file for one of them, or give --format")
        return implied[0]
    return Format.TEXT


def _extension(fmt: Format) -> str:
    from .formats import formatter

    return formatter(fmt).extension
