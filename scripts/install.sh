#!/usr/bin/env bash
# Install exactformer into ./.venv (and TeX from Debian when missing, for `derive -o FILE.pdf`).
#   scripts/install.sh          the tool (and matplotlib, for train --plot)
#   scripts/install.sh --test   the tool and its test dependencies, and Chromium (Debian's) for the tests that
#                               open the HTML report in a real browser
set -euo pipefail
cd "$(dirname "$0")/.."

extras="[plot]"
[ "${1:-}" = "--test" ] && extras="[plot,test]"

if ! command -v lualatex >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then
    pkgs="texlive-luatex texlive-lang-japanese texlive-latex-recommended latexmk poppler-utils"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing TeX (lualatex + luatexja, ~135 MB, about 90 s): $pkgs" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
    else
        echo "note: lualatex not found; 'derive -o FILE.pdf' needs: sudo apt-get install $pkgs" >&2
    fi
fi

if [ "${1:-}" = "--test" ] && ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing Chromium (Debian's, for the browser tests of the HTML report, about 60 s)" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-ipafont-gothic >/dev/null
    else
        echo "note: chromium not found; the browser tests need: sudo apt-get install chromium fonts-ipafont-gothic" >&2
    fi
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".${extras}"
# An editable install writes no bytecode (a wheel's install does): where PYTHONDONTWRITEBYTECODE is set, as in
# many containers, every command would otherwise compile the whole of src/ again (about 0.1 s a run).
.venv/bin/python -m compileall -q src >/dev/null
echo "installed: $(.venv/bin/exactformer --version)" >&2
