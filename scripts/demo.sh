#!/usr/bin/env bash
# Quick start 1: install, then audit the seed example and derive it as LaTeX and PDF (into out/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
mkdir -p out
case=derivations/oni-ni-kanabou.toml
# the audit exits 1 because the blog post it transcribes has errors: that is its finding, not a failure
.venv/bin/exactformer audit "$case" || [ $? -eq 1 ]
.venv/bin/exactformer audit "$case" --format markdown -o out/oni-ni-kanabou.audit.md || [ $? -eq 1 ]
if command -v lualatex >/dev/null 2>&1; then
    .venv/bin/exactformer derive "$case" -o out/oni-ni-kanabou.pdf
else
    .venv/bin/exactformer derive "$case" -o out/oni-ni-kanabou.tex
fi
ls -l out/
