"""Opening the files a command reads: one rule, cheap enough to run before anything heavy is imported, so a
missing or unreadable file is reported at once."""

from __future__ import annotations

from pathlib import Path

from .errors import CaseError

MAX_CASE_BYTES = 20_000_000  # a case file larger than this is refused before it is read whole
CASE_SUFFIXES = (".toml",)
# a document's kind by its suffix: MDX (Docusaurus, Astro), Quarto and R Markdown sources are Markdown too
DOCUMENT_KINDS = {".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown",
                  ".qmd": "markdown", ".rmd": "markdown", ".html": "html", ".htm": "html", ".xhtml": "html",
                  ".ipynb": "notebook"}


def is_document(path: str) -> bool:
    """A published document (text, Markdown, HTML, a notebook) rather than a case file."""
    return Path(path).suffix.lower() not in CASE_SUFFIXES


def _open(path: str, what: str):
    p = Path(path)
    try:
        if p.is_dir():
            raise CaseError(f"the {what} is a directory", file=path, expected=f"a {what}")
        return p.open("rb")
    except OSError as e:
        raise CaseError(f"cannot open the {what}: {e.strerror}", file=path) from None


def read_bytes(path: str, what: str = "case file", limit: int = MAX_CASE_BYTES) -> bytes:
    """The file's bytes, refusing a special file or one larger than ``limit`` before reading it whole."""
    with _open(path, what) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as e:
            raise CaseError(f"cannot open the {what}: {e.strerror}", file=path) from None
    if len(data) > limit:
        raise CaseError(f"the {what} is larger than {limit // 1_000_000} MB", file=path,
                        expected=f"a {what} of a worked example", found="more data than that")
    return data


def check_readable(path: str, what: str = "case file") -> None:
    """read_bytes' errors for a file that cannot be opened at all, without reading it."""
    _open(path, what).close()
