#!/usr/bin/env bash
# Quick start 1: install, then audit every bundled example in derivations/ and write, for each, its audit as
# an HTML page and as Markdown, and its derivation as PDF (as .tex when TeX is missing), into out/. Then read
# the seed as published (the blog post's text) and audit it directly.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
mkdir -p out
ef=.venv/bin/exactformer
# an audit exits 1 when the document it checks has errors: that is its finding, not a failure here
audit() { "$ef" audit "$@" || [ $? -eq 1 ]; }
for case in derivations/*.toml; do
    name=$(basename "$case" .toml)
    echo "== $case" >&2
    audit "$case"
    audit "$case" --format html -o "out/$name.html"
    audit "$case" --format markdown -o "out/$name.audit.md"
    if command -v lualatex >/dev/null 2>&1; then
        "$ef" derive "$case" -o "out/$name.pdf"
    else
        "$ef" derive "$case" -o "out/$name.tex"
    fi
done
echo "== the seed as published: read, then audited" >&2
"$ef" read tests/documents/seed-oni-ni-kanabou.txt -o out/seed-as-read.toml
audit tests/documents/seed-oni-ni-kanabou.txt --format html -o out/seed-as-published.html
ls -l out/
echo "open out/oni-ni-kanabou.html in a browser: click a red cell to see where it went wrong" >&2
