"""Pages rendered from a notebook or a post (Jupyter Book, Quarto, nbconvert's lab template, Hugo's Chroma): each
code block is read as a program with the blocks of what it printed, as a notebook's cells are. The pages here are
our own: the same small program, its outputs printed by Python and NumPy themselves (the test runs its code), laid
out as each generator lays out a cell."""

from __future__ import annotations

import contextlib
import html
import io
import re

import numpy as np
import pytest

from exactformer.audit.pipeline import audit
from exactformer.errors import CaseError
from exactformer.read.documents import load_document, read_document

CELLS = [
    "import numpy as np\n\nh = np.array([1.5, -0.5, 3.0, 0.0])\nmu = h.mean()\nprint('mean:', mu)",
    "var = ((h - mu) ** 2).mean()\nz = (h - mu) / np.sqrt(var + 1e-5)\nprint('var =', var)\n"
    "print('normalised:', np.round(z, 4))",
    "def gate(v):\n    return 1 / (1 + np.exp(-v))\n\nprint(gate(z))",
]


def _outputs() -> list[str]:
    env: dict = {"np": np}
    got = []
    for src in CELLS:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(src, env)  # noqa: S102 -- our own test program, to print its real outputs
        got.append(buf.getvalue())
    return got


def _jupyter_book(cells, outs) -> str:
    body = "".join(
        '<div class="cell docutils container">\n<div class="cell_input docutils container">\n'
        '<div class="highlight-ipython3 notranslate"><div class="highlight"><pre><span></span>'
        + "".join(f'<span class="n">{html.escape(t)}</span>' if t.strip() else t
                  for t in re.split(r"(\s+)", src))
        + '\n</pre></div>\n</div>\n</div>\n<div class="cell_output docutils container">\n'
        '<div class="output stream highlight-myst-ansi notranslate"><div class="highlight"><pre><span></span>'
        + html.escape(out) + "</pre></div>\n</div>\n</div>\n</div>\n<p>The next step follows from this one.</p>\n"
        for src, out in zip(cells, outs))
    return f"<!DOCTYPE html><html><head><title>Norm by hand</title></head><body><main>\n{body}</main></body></html>\n"


def _quarto(cells, outs) -> str:
    body = "".join(
        f'<div class="cell">\n<div class="sourceCode cell-code" id="cb{k}"><pre class="sourceCode python '
        f'code-with-copy"><code class="sourceCode python">{html.escape(src)}</code></pre></div>\n'
        f'<div class="cell-output cell-output-stdout">\n<pre><code>{html.escape(out)}</code></pre>\n</div>\n</div>\n'
        for k, (src, out) in enumerate(zip(cells, outs)))
    return f'<html><head><meta name="generator" content="quarto-1.4"></head><body>\n{body}</body></html>\n'


def _nbconvert_lab(cells, outs) -> str:
    body = "".join(
        f'<div class="jp-Cell jp-CodeCell jp-Notebook-cell">\n<div class="jp-Cell-inputWrapper">\n'
        f'<div class="jp-InputArea jp-Cell-inputArea">\n<div class="jp-InputPrompt jp-InputArea-prompt">In&nbsp;[{k}]:'
        f'</div>\n<div class="jp-CodeMirrorEditor jp-Editor jp-InputArea-editor" data-type="inline">\n'
        f'<div class="highlight hl-ipython3"><pre><span></span>{html.escape(src)}\n</pre></div>\n</div>\n</div>\n'
        f'</div>\n<div class="jp-Cell-outputWrapper">\n<div class="jp-OutputArea jp-Cell-outputArea">\n'
        f'<div class="jp-OutputArea-child">\n<div class="jp-OutputPrompt jp-OutputArea-prompt"></div>\n'
        f'<div class="jp-RenderedText jp-OutputArea-output" data-mime-type="text/plain">\n<pre>{html.escape(out)}'
        f'</pre>\n</div>\n</div>\n</div>\n</div>\n</div>\n'
        for k, (src, out) in enumerate(zip(cells, outs), start=1))
    return f"<html><body>\n{body}</body></html>\n"


def _hugo(cells, outs) -> str:
    body = "".join(
        f'<p>Step {k}.</p>\n<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-python" '
        f'data-lang="python">{html.escape(src)}\n</code></pre></div>\n<p>출력:</p>\n'
        f'<pre tabindex="0"><code>{html.escape(out)}</code></pre>\n'
        for k, (src, out) in enumerate(zip(cells, outs), start=1))
    return f'<html><body><article class="post">\n{body}</article></body></html>\n'


STYLES = {"jupyter-book": _jupyter_book, "quarto": _quarto, "nbconvert-lab": _nbconvert_lab, "hugo": _hugo}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_printed_result_of_a_rendered_cell_is_a_claim_of_its_arithmetic(tmp_path, style):
    outs = _outputs()
    p = tmp_path / f"{style}.html"
    p.write_text(STYLES[style](CELLS, outs), encoding="utf-8")
    reading = read_document(str(p))
    works = re.findall(r'of = "arithmetic", line = "([^"]+)"', reading.toml)
    # the four gates in full are the program's arithmetic; the mean, the variance and the four normalised values
    # np.round shows at 4 places are too, or claims of the LayerNorm of h the reader finds in them
    assert len([w for w in works if "exp" in w]) == 4 and len(works) in (4, 8, 10), works
    assert len(works) == 10 or ('ln.mean[' in reading.toml and 'ln.var[' in reading.toml), reading.toml
    # each printed number is NumPy's own float64, and the audit holds every one exact to its printed digits
    report = audit(load_document(str(p)))
    verdicts = [f.verdict.value for f in report.findings if getattr(f, "verdict", None) is not None]
    assert verdicts == ["correct"] * 10, verdicts
    h = np.array([1.5, -0.5, 3.0, 0.0])
    z = (h - h.mean()) / np.sqrt(h.var() + 1e-5)
    rounded = [w.rsplit("= ", 1)[1] for w in works if "sqrt" in w and "exp" not in w] or \
        re.findall(r'"ln\.norm\[[^]]+\]\[\d\]" = "([^"]+)"', reading.toml)
    assert [float(r) for r in rounded] == [float(x) for x in np.round(z, 4)], rounded


def test_a_prompt_or_a_page_s_prose_between_code_and_a_plain_block_is_no_output(tmp_path):
    """Without a notebook's marks, a plain block is the code's output only right after it (or after a label such
    as "Output:"); a block after a paragraph of prose is not, and a block whose numbers the code does not compute
    (a number the author edited in the output) is no claim."""
    outs = _outputs()
    page = _hugo(CELLS, outs).replace("<p>출력:</p>", "<p>Below we look at something else entirely, in prose.</p>")
    p = tmp_path / "apart.html"
    p.write_text(page, encoding="utf-8")
    try:
        toml = read_document(str(p)).toml
    except CaseError as e:  # nothing else to audit: said so, exit 2
        assert "no input" in str(e) or "nothing in the document" in str(e), str(e)
        toml = ""
    assert not re.findall(r'of = "arithmetic", line = "[^"]*(?:exp|sqrt)', toml)
    edited = _hugo(CELLS, [outs[0], outs[1], outs[2].replace(outs[2].split()[1], "0.5")])
    p.write_text(edited, encoding="utf-8")
    works = re.findall(r'of = "arithmetic", line = "([^"]+)"', read_document(str(p)).toml)
    gates = [w for w in works if "exp" in w]
    assert len(gates) == 3 and not any(w.endswith("= 0.5") for w in gates), gates  # the edited number: no claim
