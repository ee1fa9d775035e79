"""Read a published document (plain text, Markdown, HTML, a Jupyter notebook) into a case.

``read_document(path)`` finds the givens and matches every table, array and line of working to a
quantity (``infer``), and returns the case as TOML (each inferred match commented) with notes on what
was read; ``load_document(path)`` loads that case for the audit. Nothing in the document is evaluated:
its numbers and lines are read with the project's own grammar.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...errors import CaseError
from ...files import CASE_SUFFIXES, is_document  # noqa: F401  (the rule lives with the file reading)
from ..toml import read_text
from . import formats, infer
from . import items as I
from .infer import Reading, toml_str

MAX_DOCUMENT_BYTES = 4_000_000
SUFFIXES = {".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown", ".html": "html",
            ".htm": "html", ".xhtml": "html", ".ipynb": "notebook"}


def kind_of(path: str, text: str) -> str:
    got = SUFFIXES.get(Path(path).suffix.lower())
    if got:
        return got
    head = text.lstrip()[:2000].lower()
    if head.startswith("{") and '"cells"' in text[:100_000]:
        return "notebook"
    if head.startswith(("<!doctype html", "<html")) or "<table" in head or "<p>" in head:
        return "html"
    if re.search(r"^#{1,6} |^\|.*\|\s*$", text[:20_000], re.MULTILINE):
        return "markdown"
    return "text"


def items_of(path: str, text: str) -> tuple[str, I.Items]:
    kind = kind_of(path, text)
    if kind == "markdown":
        return kind, formats.markdown(text)
    if kind == "html":
        return kind, formats.html(text)
    if kind == "notebook":
        return kind, formats.notebook(text, path)
    return kind, formats.plain(text)


def read_document(path: str, givens: str | None = None) -> Reading:
    """The case a document holds, as TOML with comments, and notes on what was read (raises CaseError)."""
    from ..case import load

    path = str(path)
    text = read_text(path, "document", MAX_DOCUMENT_BYTES)
    kind, found = items_of(path, text)
    numbers = [x for x in found.found if not isinstance(x, I.Tokens)]
    if not numbers:
        raise CaseError("no numbers found in the document", file=path,
                        expected="tables, vectors such as [0.9, 0.2], weight matrices, lines such as 0.2×0.3 = 0.06",
                        found=f"a {kind} document without any")
    notes = [f"read as {kind}"]
    if givens is not None:
        model, given_notes = _givens_text(givens), [f"givens from {givens}"]
    else:
        model, given_notes = infer.model_toml(found, path)
    notes += given_notes
    variants = [("", model)]
    stated_scale = re.search(r"(?m)^\s*scale\s*=", model)
    if givens is None and not stated_scale:
        variants.append(("scores not scaled", model.replace("[model]\n", '[model]\nscale = "none"\n', 1)))
    best = None
    for label, m in variants:
        case = load(path, _header(path, found) + m)
        notes_: list[str] = []
        got = infer.claims_toml(found, case.engine, notes_)
        if best is None or got.agree > best[0].agree:
            best = (got, label, m, notes_)
        if got.agree == got.cells and not got.unmatched:
            break  # every number agrees already: no other convention can do better
    assert best is not None
    got, label, m, match_notes = best
    if label:
        notes.append(f"{label}: more of the document's numbers agree that way")
    notes += match_notes + found.skipped
    toml = (f"# Inferred by `exactformer read` from {Path(path).name}: review every match before relying on it.\n"
            + _header(path, found) + m + "\n" + got.toml)
    return Reading(toml, notes, got.matched, got.unmatched)


def load_document(path: str, givens: str | None = None):
    """The case a document holds, loaded (its ``reading`` says what was read)."""
    from ..case import load

    reading = read_document(path, givens)
    return load(path, reading.toml, reading)


def _header(path: str, found: I.Items) -> str:
    title = found.title or next((p for p in found.prose if p and not any(ch.isdigit() for ch in p)),
                                Path(path).stem)
    return f"title = {toml_str(I.G.clip(title, 100))}\nsource = {toml_str(Path(path).name)}\n\n"


def _givens_text(givens: str) -> str:
    """A case file's model (everything before its first [[claims]]), for a document whose givens it supplies."""
    text = read_text(givens, "givens case file")
    text = re.split(r"(?m)^\s*\[\[claims\]\]", text)[0]
    return "\n".join(line for line in text.splitlines() if not re.match(r"\s*(title|source)\s*=", line)) + "\n"
