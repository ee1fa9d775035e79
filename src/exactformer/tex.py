"""Compile a LaTeX document to PDF with lualatex: no shell escape, no rc files, paranoid file access."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .errors import ExactformerError, NoTeXError

DEBIAN_PACKAGES = "texlive-luatex texlive-lang-japanese texlive-latex-recommended poppler-utils"


def compile_pdf(tex: str, pdf: Path, timeout: float = 300) -> list[str]:
    """Write ``pdf`` from ``tex``; return warnings (glyphs no font has). Raises on a failed compile."""
    exe = shutil.which("lualatex")
    if exe is None:
        raise NoTeXError("lualatex is not installed, so the PDF cannot be compiled (the .tex is written). "
                         f"Install TeX: sudo apt-get install -y --no-install-recommends {DEBIAN_PACKAGES}")
    with tempfile.TemporaryDirectory(prefix="exactformer-") as tmp:
        src = Path(tmp) / "derivation.tex"
        src.write_text(tex, encoding="utf-8")
        # kpathsea: refuse to read or write dot files and absolute paths outside the tree (defence in depth:
        # user text is escaped before it reaches TeX)
        env = dict(os.environ, openout_any="p", openin_any="p", shell_escape="f")
        proc = subprocess.run([exe, "--no-shell-escape", "--interaction=nonstopmode", "--halt-on-error",
                               "derivation.tex"], cwd=tmp, env=env, capture_output=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
        log = (Path(tmp) / "derivation.log").read_text(encoding="utf-8", errors="replace") \
            if (Path(tmp) / "derivation.log").exists() else proc.stdout.decode("utf-8", "replace")
        if proc.returncode != 0 or not (Path(tmp) / "derivation.pdf").exists():
            errors = [line for line in log.splitlines() if line.startswith("!")][:3]
            raise ExactformerError("lualatex failed: " + ("; ".join(errors) or f"exit status {proc.returncode}"))
        shutil.copyfile(Path(tmp) / "derivation.pdf", pdf)
    missing = sorted(set(re.findall(r"Missing character: There is no (.+?) \(U\+([0-9A-F]+)\)", log)))
    return [f"no font has the glyph {ch} (U+{code}); it is missing from the PDF" for ch, code in missing]
