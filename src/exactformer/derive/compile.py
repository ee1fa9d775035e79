"""Compile a LaTeX document to PDF with lualatex: no shell escape, no rc files, paranoid file access."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import ExactformerError, NoTeXError
from ..report.scripts import glyph_warnings

DEBIAN_PACKAGES = "texlive-luatex texlive-lang-japanese texlive-latex-recommended poppler-utils"


def compile_pdf(tex: str, timeout: float = 600) -> tuple[bytes, list[str]]:
    """The PDF of ``tex`` and warnings (glyphs no font has). Raises with lualatex's own message on failure."""
    exe = shutil.which("lualatex")
    if exe is None:
        raise NoTeXError("lualatex is not installed, so the PDF cannot be compiled (write FILE.tex instead). "
                         f"Install TeX: sudo apt-get install -y --no-install-recommends {DEBIAN_PACKAGES}")
    with tempfile.TemporaryDirectory(prefix="exactformer-") as tmp:
        src = Path(tmp) / "derivation.tex"
        src.write_text(tex, encoding="utf-8")
        # kpathsea: refuse to read or write dot files and absolute paths outside the tree (defence in depth:
        # user text is escaped before it reaches TeX)
        env = dict(os.environ, openout_any="p", openin_any="p", shell_escape="f")
        try:
            proc = subprocess.run([exe, "--no-shell-escape", "--interaction=nonstopmode", "--halt-on-error",
                                   "derivation.tex"], cwd=tmp, env=env, capture_output=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise ExactformerError(f"lualatex did not finish within {timeout:.0f} s; try --only to derive fewer "
                                   "cells") from None
        logfile = Path(tmp) / "derivation.log"
        log = logfile.read_text(encoding="utf-8", errors="replace") if logfile.exists() else ""
        out = proc.stdout.decode("utf-8", "replace")
        pdf = Path(tmp) / "derivation.pdf"
        if proc.returncode != 0 or not pdf.exists():
            errors = list(dict.fromkeys(line.strip() for line in (log + "\n" + out).splitlines()
                                        if line.startswith("!")))[:3]
            raise ExactformerError("lualatex failed: " + ("; ".join(errors) or f"exit status {proc.returncode}"))
        data = pdf.read_bytes()
    missing = sorted(set(re.findall(r"Missing character: There is no (.+?) \(U\+([0-9A-F]+)\)", log)))
    return data, glyph_warnings((chr(int(code, 16)) for _, code in missing), "the PDF")
