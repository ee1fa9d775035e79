#!/usr/bin/env bash
# Regenerate the committed derivation of the seed (tests check that it is current).
set -euo pipefail
cd "$(dirname "$0")/.."
exactformer=${EXACTFORMER:-.venv/bin/exactformer}
"$exactformer" derive derivations/oni-ni-kanabou.toml -o derivations/oni-ni-kanabou.tex
