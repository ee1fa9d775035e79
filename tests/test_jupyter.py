"""Jupyter: a real notebook executed by nbclient on an ipykernel kernel (this Python), with the extension loaded
the way a reader loads it (``%load_ext exactformer``). The outputs are read back from the executed notebook:
an audit shows as its page (text/html, an iframe holding the page), a cell's text is audited as Markdown,
and a path or a cell that cannot be audited prints its message, never a traceback. The page inside the
iframe is then opened in Chromium: its script runs there and its style stays out of the notebook."""

from __future__ import annotations

import json
import re
import sys
from html import unescape

import nbformat
import pytest
from nbclient import NotebookClient

from .conftest import ROOT, SEED
from .test_html import GEOMETRY, Watched, browser  # noqa: F401  (the module's browser fixture)

CAT = ROOT / "tests" / "documents" / "causal-cat.md"
NO_NUMBERS = "A post about attention, with no numbers at all."


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """The notebook, executed once: {cell's tag: its outputs}."""
    tmp = tmp_path_factory.mktemp("nb")
    spec = tmp / "jupyter" / "kernels" / "exactformer-test"
    spec.mkdir(parents=True)
    spec.joinpath("kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "exactformer test", "language": "python"}), encoding="utf-8")
    cells = {
        "load": "%load_ext exactformer",
        "line": f"%exactformer audit {SEED}",
        "cell": "%%exactformer audit\n" + CAT.read_text(encoding="utf-8"),
        "empty_cell": "%%exactformer audit\n" + NO_NUMBERS,
        "missing": f"%exactformer audit {tmp / 'missing.md'}",
        "usage": "%exactformer frobnicate",
        "api": f"import exactformer\nexactformer.audit_file({str(CAT)!r})",
        "ipython_stays_optional": "import subprocess, sys\nprint(subprocess.run([sys.executable, '-c', "
                                  "'import exactformer, exactformer.api, exactformer.jupyter, sys; "
                                  "print(\"IPython\" in sys.modules)'], capture_output=True, text=True).stdout)",
    }
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src, metadata={"tags": [tag]}) for tag, src in cells.items()]
    env = {"JUPYTER_PATH": str(tmp / "jupyter"), "IPYTHONDIR": str(tmp / "ipython")}
    with pytest.MonkeyPatch.context() as mp:
        for k, v in env.items():
            mp.setenv(k, v)
        NotebookClient(nb, timeout=600, kernel_name="exactformer-test",
                       resources={"metadata": {"path": str(tmp)}}).execute()
    nbformat.write(nb, tmp / "executed.ipynb")
    return {c.metadata["tags"][0]: c.outputs for c in nb.cells}


def html_of(outputs) -> str:
    got = [o["data"]["text/html"] for o in outputs if o.get("output_type") == "execute_result"]
    assert len(got) == 1, outputs
    return got[0]


def page_in(fragment: str) -> str:
    """The page an iframe's srcdoc holds."""
    m = re.fullmatch(r'<iframe srcdoc="([^"]*)" sandbox="allow-scripts" [^>]*></iframe>', fragment)
    assert m, fragment[:200]
    return unescape(m.group(1))


def stderr_of(outputs) -> str:
    return "".join(o["text"] for o in outputs if o.get("output_type") == "stream" and o["name"] == "stderr")


def no_traceback(outputs) -> None:
    assert not [o for o in outputs if o.get("output_type") == "error"], outputs
    assert "Traceback" not in json.dumps(outputs)


def test_the_line_magic_shows_the_audit_page(executed):
    page = page_in(html_of(executed["line"]))
    assert page.startswith("<!DOCTYPE html>") and '<html lang="ja">' in page
    assert len(re.findall(r'<a class="claim v-wrong"', page)) == 22 and '<span class="mark" aria-hidden="true">✗' in page
    plain = next(o["data"]["text/plain"] for o in executed["line"] if o.get("output_type") == "execute_result")
    assert plain.startswith("<Audit ") and "errors" in plain and "22 wrong" in plain
    no_traceback(executed["load"])


def test_the_cell_magic_audits_the_cell_as_markdown(executed):
    page = page_in(html_of(executed["cell"]))
    assert "Self-attention by hand" in page and '<p class="source">cell.md</p>' in page
    assert len(re.findall(r'<a class="claim v-wrong"', page)) == 1
    assert len(re.findall(r'<a class="claim v-correct"', page)) == 35
    no_traceback(executed["cell"])


def test_a_cell_that_cannot_be_audited_shows_its_error(executed):
    out = executed["empty_cell"]
    err = stderr_of(out)
    assert err.startswith("exactformer: error: cell.md: no numbers found in the document") and "expected:" in err
    assert not [o for o in out if o.get("output_type") == "execute_result"]
    no_traceback(out)


def test_a_path_that_cannot_be_read_and_a_wrong_command_show_their_messages(executed):
    assert "missing.md: cannot open the document" in stderr_of(executed["missing"])
    assert "unknown command 'frobnicate'" in stderr_of(executed["usage"]) and "usage: %exactformer audit PATH" in \
        stderr_of(executed["usage"])
    for tag in ("missing", "usage"):
        no_traceback(executed[tag])


def test_the_api_audit_shows_inline_too(executed):
    page = page_in(html_of(executed["api"]))
    assert len(re.findall(r'<a class="claim v-wrong"', page)) == 1


def test_ipython_stays_an_optional_import(executed):
    out = "".join(o.get("text", "") for o in executed["ipython_stays_optional"])
    assert out.strip() == "False"


def test_the_inline_page_works_in_its_frame_and_keeps_its_style_to_itself(browser, executed, tmp_path):  # noqa: F811
    """The notebook's output in a host page, in Chromium: the frame's cells open their derivation; the host's
    document gets none of the page's classes or styles."""
    host = tmp_path / "host.html"
    host.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p id="host">notebook</p>'
                    + html_of(executed["line"]) + "</body></html>", encoding="utf-8")
    w = Watched(browser, host.as_uri(), viewport={"width": 1280, "height": 800})
    try:
        frame = w.page.frame_locator("iframe")
        frame.locator("#c0").click()
        assert frame.locator("#panel").is_visible() and frame.locator("#panel-body .derivation").count() == 1
        inner = w.page.frames[1]
        assert inner.evaluate("document.documentElement.classList.contains('js')")
        assert not inner.evaluate(GEOMETRY, ["c0", True])["covers"]
        assert not w.page.evaluate("document.documentElement.classList.contains('js')")
        assert w.page.evaluate("getComputedStyle(document.body).maxWidth") == "none"  # the page's body rule stays inside
        assert w.errors == []
    finally:
        w.close()
