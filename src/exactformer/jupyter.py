"""The IPython magics ``%load_ext exactformer`` adds (IPython is imported by nothing here: the shell that loads
the extension registers them).

    %exactformer audit PATH [--givens CASE]     audit a case file or a document; the cell shows its page
    %%exactformer audit [--givens CASE]         audit the cell's text as a Markdown document

A path or a cell that cannot be audited prints its message (the file, line and what was expected), as the
command line does, and no traceback.
"""

from __future__ import annotations

import shlex
import sys
import tempfile
from pathlib import Path

USAGE = ("usage: %exactformer audit PATH [--givens CASE]   (a case file or a .txt, .md, .html, .ipynb document)\n"
         "       %%exactformer audit [--givens CASE]       (the cell's text, as a Markdown document)")
CELL_NAME = "cell.md"  # the name a cell's text is audited under (shown on its page and in its messages)


class _Usage(Exception):
    pass


def _arguments(line: str, cell: bool) -> tuple[str | None, str | None]:
    """(PATH, --givens) of a magic's line; raises _Usage for anything else."""
    try:
        words = shlex.split(line)
    except ValueError as e:  # an unclosed quote
        raise _Usage(str(e)) from None
    if not words or words[0] != "audit":
        raise _Usage(f"unknown command {words[0]!r}" if words else "no command")
    rest, givens = words[1:], None
    if "--givens" in rest:
        k = rest.index("--givens")
        if k + 1 >= len(rest):
            raise _Usage("--givens needs a case file")
        givens = rest[k + 1]
        del rest[k:k + 2]
    if cell and rest or not cell and len(rest) != 1:
        raise _Usage("the cell magic takes no path: the cell is the document" if cell else "one PATH")
    return (None if cell else rest[0]), givens


def exactformer_magic(line: str, cell: str | None = None):
    """``%exactformer audit PATH`` and ``%%exactformer audit``: the audit (shown as its page), or None after
    printing why there is none."""
    from .api import audit_file
    from .errors import ExactformerError
    from .report.escape import safe

    try:
        path, givens = _arguments(line, cell is not None)
        if path is not None:
            return audit_file(path, givens)
        with tempfile.TemporaryDirectory(prefix="exactformer-cell-") as tmp:
            doc = Path(tmp) / CELL_NAME
            doc.write_text(cell or "", encoding="utf-8")
            return audit_file(doc, givens, name=CELL_NAME)
    except _Usage as e:
        print(f"exactformer: {e}\n{USAGE}", file=sys.stderr)
    except ExactformerError as e:
        print("exactformer: error: " + "\n".join(safe(x) for x in str(e).split("\n")), file=sys.stderr)
    return None


def register(ipython) -> None:
    ipython.register_magic_function(exactformer_magic, magic_kind="line_cell", magic_name="exactformer")
