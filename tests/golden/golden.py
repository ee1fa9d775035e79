"""The golden reports: the text, Markdown, JSON and HTML report of every bundled case (derivations/*.toml) and
every test document (tests/documents/, its styles/ too), rendered as ``exactformer audit`` renders them.

Each input is audited once, from the repository's root with its path relative to it, and its four reports are
compared with (or written to) ``tests/golden/<its path>.<format>``. ``python tests/golden/update.py`` rewrites
them all; ``git diff tests/golden`` then shows what a change did to every report."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from exactformer.batch import Input, Job, run_job
from exactformer.report.formats import Format, Options, formatter

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = ROOT / "tests" / "golden"
FORMATS = {Format.TEXT: "txt", Format.MARKDOWN: "md", Format.JSON: "json", Format.HTML: "html"}
DOCUMENTS = (".txt", ".md", ".html", ".ipynb")


def inputs() -> list[str]:
    """Every bundled case and test document, as paths relative to the repository's root."""
    found = sorted((ROOT / "derivations").glob("*.toml"))
    docs = ROOT / "tests" / "documents"
    found += sorted(p for p in docs.rglob("*") if p.is_file() and p.suffix in DOCUMENTS and "_oracle" not in p.parts)
    return [p.relative_to(ROOT).as_posix() for p in found]


@contextmanager
def at_root() -> Iterator[None]:
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        yield
    finally:
        os.chdir(old)


def render(rel: str) -> dict[str, str]:
    """The four reports of one input (its path relative to the root), by golden file name."""
    with at_root():
        part = run_job(Job(Input(rel, rel), tuple(FORMATS), Options()))
    if part.error is not None:  # a bad input: the message, as each format writes a failure
        texts = [formatter(f).failure(rel, part.error) for f in FORMATS]
    else:
        texts = [part.content] + [part.extra[f.value] for f in list(FORMATS)[1:]]
    return {golden(rel, ext): text for ext, text in zip(FORMATS.values(), texts)}


def golden(rel: str, ext: str) -> str:
    return f"{rel}.{ext}"


def write_all() -> list[str]:
    """Rewrite every golden file; the ones that changed, and remove those of inputs that are gone."""
    changed, keep = [], set()
    for rel in inputs():
        for name, text in render(rel).items():
            path = HERE / name
            keep.add(path)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                changed.append(name)
    for path in sorted(HERE.rglob("*")):
        if path.is_file() and path.suffix.lstrip(".") in FORMATS.values() and path not in keep \
                and path.parent != HERE:
            path.unlink()
            changed.append(f"{path.relative_to(HERE)} (removed)")
    return changed
