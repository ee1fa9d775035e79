"""Command line: the only place that prints, and the only place that exits."""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import re
import sys
import time
from dataclasses import replace
from typing import Any

from . import __version__
from .errors import AddressError, CaseError, ExactformerError, UsageError
from .report.format_names import Format, choose  # the formatters themselves only for a report

DESCRIPTION = """\
Settle the arithmetic of hand-worked transformer examples, exactly.

A case file (TOML) holds the givens of a worked example (tokens, embeddings,
weights: attention heads, LayerNorm, feed-forward, an output head, a loss,
training) and, optionally, every number a document states about it. exactformer
carries every given as an exact rational, derives every quantity (and its
gradient) in closed form, and evaluates it with certified precision.
"""

EPILOG = """\
examples:
  exactformer show derivations/oni-ni-kanabou.toml "scores[金棒,金棒]"
  exactformer show derivations/oni-ni-kanabou.toml weights --digits 6
  exactformer audit derivations/oni-ni-kanabou.toml
  exactformer audit post.md                  (the document itself: read, then audited)
  exactformer check derivations/oni-ni-kanabou.toml "scores[金棒,金棒] = 0.1271"
  exactformer derive derivations/oni-ni-kanabou.toml -o oni.pdf

addresses (1-based components; L2. for layer 2; h2. for head 2; grad. and stepN. prefixes):
  X[鬼][1]  Wq[1][2]  Q[鬼][1]  scores[鬼,金棒]  weights[鬼,金棒]  context[鬼][2]  L2.context
  L1.ln1.mean[鬼]  L1.ffn.hidden[鬼][3]  L1.h2.scores[鬼,猫]  logits[鬼][金棒]  probs[鬼][金棒]
  loss  grad.L1.attn.Wq[1][2]  step3.loss  cos(L3.out[鬼], L3.out[金棒])
  a repeated token's second occurrence is に#2.

exit status: 0 ok; 1 the audit found an error (--strict: or a warning); 2 bad input
  (the message names the file, line, key, what was expected and what was found);
  3 an internal error (a bug: please report it with the case file).
"""

SHOW_HELP = """\
Without an address, prints every step of the model as tables. A scalar address
prints its formula, the numbers substituted, the exact closed form and the decimal;
a row (context[鬼]) or a step (weights, L2.context) prints a table. Decimals are
truncated, never rounded: every digit shown is certified.

  exactformer show derivations/oni-ni-kanabou.toml
  exactformer show derivations/oni-ni-kanabou.toml "scores[金棒,金棒]"
  exactformer show derivations/oni-ni-kanabou.toml weights "context[鬼]" --digits 6
  exactformer show derivations/three-layers.toml L3.context --format json
  exactformer show post.md "weights[the,cat]"     (a document: its givens are read from it)
"""

AUDIT_HELP = """\
Judges every claim of the case against the exact value and against the
document's own earlier numbers:
  correct     the exact value rounds to it
  rounding    off only through the document's own rounded intermediates
  propagated  right for the document's wrong inputs (names them)
  last digit  off by one in the last digit
  wrong       an error is made here
plus: conflict (one quantity stated twice, irreconcilably), false working (a
line whose own arithmetic is false), carried digits (a line true only for its
operands' unrounded values: a note), unmatched (a line that does not fit its
formula), coarse (a number written too coarsely to say anything), undefined,
trend (how a quantity moves in training).
A PATH may be the document itself (.txt, .md, .html, .ipynb): see `exactformer read`.
Many PATHs (or a folder) are audited in parallel, each reported apart, then one
summary table; the exit status is the worst of them.

  exactformer audit derivations/oni-ni-kanabou.toml
  exactformer audit post.md -o audit.md                  (the format from the extension)
  exactformer audit post.md -o report.html               (open it in a browser)
  exactformer audit posts/ notebooks/*.ipynb             (every case file and document)
  cat post.md | exactformer audit -                      (standard input)
  exactformer audit posts/ --format json -o reports/     (reports/<name>.json each)
  exactformer audit posts/ --format sarif -o audit.sarif (code scanning)
  exactformer audit posts/ --format github               (annotations in a GitHub workflow)
  exactformer audit notebook.ipynb --format json --strict

Exit 0: no errors; 1: errors (--strict: or warnings); 2: bad input (of any PATH).
"""

CHECK_HELP = """\
Checks a hand calculation against a case's givens, on the spot. Earlier items
act as the student's own values for later ones; an item that cannot be read is
reported by its number and the others are still judged.

  exactformer check CASE "scores[金棒,金棒] = 0.1271"
  exactformer check CASE --of "weights[鬼,金棒]" "1.0704 / 4.3752 ≈ 0.2432"
  exactformer check CASE "scores[鬼,鬼]: 0.20×0.22+0.32×0.02=0.0504"
  printf 'Q[鬼][1] = 0.20\\nscores[鬼,鬼] = 0.0504\\n' | exactformer check CASE
  exactformer check CASE "weights[鬼,金棒] = 0.2432" --format json

Exit 0: every item right; 1: a wrong one (--strict: or a warning); 2: an item
that cannot be read (the others are still judged).
"""

READ_HELP = """\
Reads a worked example as published and writes the case file it holds: the
givens (tokens, embeddings, Wq/W_Q/W^Q …, Q/K/V given directly), then every
table, array and line of working matched to the quantity its values fit (in
any orientation, by the document's own row and column labels), each match
commented with how many of its cells agree. Review it, keep it, audit it; or
run `exactformer audit DOCUMENT` to do all of that at once. A given the document
lacks is an error that says what to add; --givens CASE supplies the model.

  exactformer read post.md -o post.toml
  exactformer audit notebook.ipynb --format json
  exactformer audit post.md --format html -o report.html
"""

DERIVE_HELP = """\
Writes a self-contained LaTeX document: the givens as matrices, each block's
general formulas, then worked cells as formula, numbers substituted, exact closed
form and decimal, and the rest of each step as tables. Where the case has claims,
each cell shows the document's value and its verdict; conflicts and false lines of
working are marked where they stand.
-o FILE.pdf compiles it with lualatex (luatexja), shell escape off; add --keep-tex
to keep FILE.tex beside it.

  exactformer derive derivations/oni-ni-kanabou.toml -o oni.pdf
  exactformer derive derivations/oni-ni-kanabou.toml -o oni.tex
  exactformer derive CASE --only "context[鬼]" --only "scores[鬼,金棒]" -o cells.pdf
  exactformer derive CASE --symbolic                 (general formulas, on stdout)
  exactformer derive derivations/oni-ni-kanabou-full.toml --grad -o backward.pdf --keep-tex
"""


def _positive(s: str) -> int:
    try:
        n = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {s!r}") from None
    from .model.values import MAX_STEPS

    if not 1 <= n <= MAX_STEPS:
        raise argparse.ArgumentTypeError(f"steps must be between 1 and {MAX_STEPS:,}")
    return n


TRAIN_HELP = """\
Trains the case with stochastic gradient descent, exactly as its [train] table
says (learning rate as an exact rational, simultaneous or sequential updates),
and prints the loss and the watched quantities at every step, each certified
to the digits asked. Long runs show a progress bar; --plot draws the same
certified values.

  exactformer train CASE --steps 10 --plot run.png
  exactformer train CASE --watch "cos(L3.out[鬼], L3.out[金棒])" --format csv
"""


def _digits(s: str) -> int:
    try:
        n = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {s!r}") from None
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError("digits must be between 1 and 1000")
    return n


class Parser(argparse.ArgumentParser):
    """argparse, saying only what is missing: with ``CASE [ADDRESS ...]`` and no argument at all, argparse
    also lists the optional ADDRESS as required."""

    def error(self, message: str):  # type: ignore[override]
        prefix = "the following arguments are required: "
        if message.startswith(prefix):
            optional = {a.metavar or a.dest for a in self._actions if a.nargs in ("*", "?") and not a.option_strings}
            names = [n for n in message[len(prefix):].split(", ") if n not in optional]
            message = prefix + ", ".join(names)
        super().error(message)


def _bits(s: str) -> int:
    try:
        n = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {s!r}") from None
    if not 64 <= n <= 1_000_000:
        raise argparse.ArgumentTypeError("bits must be between 64 and 1,000,000")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="exactformer", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"exactformer {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    s = sub.add_parser("show", help="print quantities exactly: formula, substitution, closed form, decimal",
                       description=SHOW_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("case", metavar="CASE", help="a case file (.toml)")
    s.add_argument("addresses", metavar="ADDRESS", nargs="*", help="quantities to show (default: all)")
    s.add_argument("--digits", type=_digits, default=12, help="significant digits of decimals (default 12)")
    s.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or json: one flat object, address -> plain decimal string, and under "
                   "\"$decimals\" how they were obtained (which are truncated, which uncertified)")
    s.set_defaults(run=cmd_show)

    a = sub.add_parser("audit", help="judge every number a document states (the case's [[claims]])",
                       description=AUDIT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("inputs", metavar="PATH", nargs="+",
                   help="case files with [[claims]], documents (.txt, .md, .html, .ipynb: their givens and numbers "
                   "are read from them), folders (searched for both) or - (standard input); many are audited in "
                   "parallel, each reported apart, then one summary table")
    a.add_argument("--givens", metavar="CASE", help="with a document: take the model from this case file")
    a.add_argument("--format", choices=[f.value for f in Format], default=None,
                   help="text (default; colour on a terminal), markdown (for an issue or a PR), json (audit.md), "
                   "html (one self-contained page: the tables coloured by verdict, click a cell for its derivation), "
                   "csv (one row per finding), sarif (SARIF 2.1.0, for code scanning), github (annotations: "
                   "workflow commands, plus the Markdown report in $GITHUB_STEP_SUMMARY), junit (JUnit XML), concise "
                   "(PATH:LINE:COL: level: message, one line per finding: what the pre-commit hook prints); "
                   "default: what -o's extension says (.txt .md .json .html .csv .sarif .xml), else text")
    a.add_argument("--strict", action="store_true", help="exit 1 on warnings too (last digit, unmatched, coarse)")
    a.add_argument("--all", action="store_true", help="list correct claims too (json, csv always have every claim)")
    a.add_argument("--no-why", dest="why", action="store_false",
                   help="skip the search for what explains each wrong number (slips, conventions): faster")
    a.add_argument("-o", "--output", metavar="FILE|DIR",
                   help="write the report to FILE instead of standard output; with a folder (an existing one, or "
                   "a name ending in /), one report per input: DIR/<name>.<ext>")
    a.add_argument("-j", "--jobs", type=_positive, metavar="N",
                   help="audit on N processes (default: every core available)")
    a.add_argument("--skip-other", action="store_true",
                   help="skip a named file that holds no worked example (no numbers, no embeddings; a TOML without "
                   "[model]) instead of failing on it, as files found in a folder are (for a pre-commit hook)")
    a.set_defaults(run=cmd_audit)

    c = sub.add_parser("check", help="judge a hand calculation: a value, or a line of working",
                       description=CHECK_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("case", metavar="CASE", help="a case file (its givens; its claims are not used)")
    c.add_argument("items", metavar="ITEM", nargs="*",
                   help='"ADDRESS = NUMBER", "ADDRESS: LINE", or with --of a line; none: one per line on stdin')
    c.add_argument("--of", metavar="ADDRESS", help="the quantity the lines of working compute")
    c.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default: each item judged, why first, with the exact working for a miss) or json (the "
                   "audit's object for the items, plus the items that could not be read)")
    c.add_argument("--strict", action="store_true", help="exit 1 on warnings too (last digit, unmatched, coarse)")
    c.set_defaults(run=cmd_check)

    r = sub.add_parser("read", help="read a document (post, Markdown, HTML, notebook) into a case file",
                       description=READ_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("document", metavar="DOCUMENT", help="a .txt, .md, .html or .ipynb file")
    r.add_argument("-o", "--output", metavar="FILE", help="write the case to FILE (default: standard output)")
    r.add_argument("--givens", metavar="CASE", help="take the model from this case file; read only the claims")
    r.set_defaults(run=cmd_read)

    d = sub.add_parser("derive", help="write the whole computation as LaTeX (and PDF): formula, numbers, closed form",
                       description=DERIVE_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    d.add_argument("case", metavar="CASE", help="a case file")
    d.add_argument("-o", "--output", metavar="FILE", help="FILE.tex, or FILE.pdf to compile too (default: .tex on stdout)")
    d.add_argument("--keep-tex", action="store_true", help="with -o FILE.pdf, also write FILE.tex beside it")
    d.add_argument("--digits", type=_digits, default=10, help="significant digits of each cell's decimal (default 10)")
    d.add_argument("--only", metavar="ADDRESS", action="append",
                   help="work only this cell or row in full (repeatable); the rest as tables")
    d.add_argument("--symbolic", action="store_true", help="the givens as symbols (x_{鬼,1}, W^Q_{1,2}): general forms")
    d.add_argument("--grad", action="store_true", help="the backward pass too: each gradient's chain rule, the updates")
    d.add_argument("--no-claims", action="store_true", help="leave out the document's values and verdicts")
    d.set_defaults(run=cmd_derive)

    t = sub.add_parser("train", help="train with exact SGD and print the loss and watched quantities at every step",
                       description=TRAIN_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    t.add_argument("case", metavar="CASE", help="a case file with [model.loss] and [train]")
    t.add_argument("--steps", type=_positive, help="number of updates (default: the case's train.steps)")
    t.add_argument("--lr", metavar="RATE", help='learning rate, any number form ("1/10", 0.5)')
    t.add_argument("--watch", metavar="ADDRESS", action="append",
                   help="a quantity to follow (repeatable; default: the loss and cos of each pair of output rows)")
    t.add_argument("--digits", type=_digits, default=12, help="certified significant digits (default 12)")
    t.add_argument("--max-bits", type=_bits, default=None,
                   help="the precision a run may climb to (default 32768); past it, exit 2 naming the value and step")
    t.add_argument("--format", choices=("text", "json", "csv"), default=None,
                   help="text (default: a table), json (the run as one object) or csv (a row per step); json and "
                   "csv carry plain decimals and say how many digits are certified; default: what -o's extension "
                   "says (.txt .json .csv), else text")
    t.add_argument("--plot", metavar="FILE", help="also draw the watched quantities against the step (.png or .svg)")
    t.add_argument("-o", "--output", metavar="FILE", help="write the table to FILE")
    t.set_defaults(run=cmd_train)
    for command in (s, c, d, t):
        command.add_argument("--part", type=_positive, metavar="N",
                             help="of a document (or case) of several separate computations, the Nth (default: "
                             "the first; audit judges them all)")
    for command in (s, a, c, r, d, t):
        command.set_defaults(usage=command.format_usage)
    return p


def _wrote(*paths) -> None:
    """Say which files were written; a path is user text, printed with its control characters escaped."""
    from .report.escape import safe

    print("wrote " + " and ".join(safe(str(p)) for p in paths), file=sys.stderr)


def _load(path: str, givens: str | None = None, part: int | None = None):
    """A case file, or a document (a post, Markdown, HTML, a notebook) read into one; of a case of several
    computations (``[[parts]]``), the one ``part`` numbers (the first unless given, and a note says so)."""
    from .batch import Input, load
    from .report.escape import safe

    case = load(Input(path, path), givens)
    n = 1 + len(case.parts)
    if part is None:
        if n > 1:
            print(f"note: {safe(path)} holds {n} separate computations; this is part 1 (--part 2 … {n} for the "
                  "others)", file=sys.stderr)
        return replace(case, parts=())
    if part > n:
        raise CaseError(f"there is no part {part}", file=path, expected=f"--part 1 … {n}" if n > 1 else "--part 1",
                        found=f"{n} computation{'s' if n > 1 else ''}")
    return replace(case, parts=()) if part == 1 else case.parts[part - 2]


def cmd_read(args) -> int:
    from . import output
    from .read.documents import read_document

    if args.output:
        output.check(args.output)
    reading = read_document(args.document, args.givens)
    if args.output:
        written = output.write(args.output, reading.toml)
        _wrote(written)
    else:
        sys.stdout.write(reading.toml)
    from .report.escape import safe

    for note in reading.notes:
        print(f"  {safe(note.text)}", file=sys.stderr)
    print(f"{reading.matched} table(s), array(s) and line(s) matched; {reading.unmatched} left unmatched",
          file=sys.stderr)
    return 0


def _addresses(graph, texts: list[str], where: str, key: str | None = None):
    """Parse addresses from the command line; a bad one is the user's mistake (exit 2), not a crash."""
    try:
        return tuple(graph.parse(a) for a in texts)
    except AddressError as e:
        raise CaseError(str(e), file=where, key=key) from None


def cmd_show(args) -> int:
    from .report.show import everything, json_text, scalar_block, step_table
    from .report.term import console

    case = _load(args.case, getattr(args, "givens", None), args.part)
    eng = case.engine
    addrs = list(_addresses(eng.graph, args.addresses, "<arguments>")) or everything(eng)
    if args.format == "json":
        gc.disable()  # millions of values, lists and index tuples, none in a cycle: collecting is pure cost
        try:
            for chunk in json_text(eng, addrs, args.digits):  # a step at a time
                sys.stdout.write(chunk)
        finally:
            gc.enable()
        sys.stdout.write("\n")
        return 0
    out = console()
    written = list(args.addresses) if args.addresses else [None] * len(addrs)
    for a, w in zip(addrs, written):
        show = scalar_block if eng.graph.is_scalar(a) else step_table
        out.print(show(eng, a, args.digits, w))
        out.print()
    return 0


def _exit_status(report, strict: bool) -> int:
    from .batch import exit_status

    return exit_status(report, strict)


class _Progress:
    """A progress bar on standard error, shown only on a terminal and only after a second of work."""

    def __init__(self, what: str, enabled: bool = True) -> None:
        self.what, self.start, self.enabled = what, time.monotonic(), enabled
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if not self.enabled or not sys.stderr.isatty() or time.monotonic() - self.start < 1.0 or done >= total:
                return
            from rich.progress import Progress

            from .report.term import console

            self.bar = Progress(console=console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.what, total=total)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _audit(case, why: bool = True):
    from .audit.pipeline import audit

    progress = _Progress("judging claims")
    try:
        return audit(case, progress=progress, explain=why)
    finally:
        progress.close()


AUDIT_FORMATS = tuple(Format)


def _folder_target(path: str | None) -> bool:
    """Is ``-o`` a folder (one report per input in it): an existing folder, or a name ending in /."""
    return path is not None and (path.endswith(("/", os.sep)) or os.path.isdir(path))


def _refuse_html_on_terminal(fmt: Format, out: str | None) -> None:
    if fmt is Format.HTML and not out and sys.stdout.isatty():
        raise UsageError("an HTML page is not for a terminal",
                         hint="write it to a file and open it in a browser: -o report.html")


def _step_summary(markdown: str) -> None:
    """$GITHUB_STEP_SUMMARY gets the Markdown report (GitHub shows only ten annotations of a kind per step)."""
    path = os.environ.get("GITHUB_STEP_SUMMARY")
    if path:
        try:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(markdown + "\n")
        except OSError as e:
            print(f"exactformer: warning: cannot write $GITHUB_STEP_SUMMARY ({path}): {e.strerror}", file=sys.stderr)


def cmd_audit(args) -> int:
    from . import batch

    folder = _folder_target(args.output)
    fmt = choose(args.format, args.output, AUDIT_FORMATS, folder=folder)
    _refuse_html_on_terminal(fmt, args.output)
    many = len(args.inputs) > 1 or any(p != batch.STDIN and os.path.isdir(p) for p in args.inputs)
    with batch.stdin_folder(batch.STDIN in args.inputs) as tmp:
        inputs = batch.expand(args.inputs, tmp)
        if many or folder:
            return _audit_many(args, inputs, fmt, folder)
        return _audit_one(args, inputs[0], fmt)


def _plain_stdout() -> bool:
    """Would ``term.console()`` print plain UTF-8 text, 160 columns wide: no terminal, and nothing that makes rich
    treat the output as one (FORCE_COLOR, TTY_COMPATIBLE)?"""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return (encoding == "utf8" and not sys.stdout.isatty()
            and not any(k in os.environ for k in ("FORCE_COLOR", "TTY_COMPATIBLE")))


def _audit_one(args, inp, fmt: Format) -> int:
    from . import batch, output

    if args.output:
        output.check(args.output)
    case = batch.load(inp, args.givens)  # a file that cannot be read is said before the formatters are imported
    report = _audit(case, args.why)
    if fmt is Format.TEXT and not args.output:  # the other formats' modules are not imported
        if _plain_stdout():  # what rich would print, laid out without importing its console
            from .report.plain import render_plain

            content = render_plain(report, everything=args.all)
            if content is not None:
                sys.stdout.write(content)
                return batch.exit_status(report, args.strict)
        from .report.term import console
        from .report.text import render_text

        render_text(report, console(), everything=args.all)
        return batch.exit_status(report, args.strict)
    from .report.formats import Options, formatter

    if fmt is Format.GITHUB:
        _step_summary(formatter(Format.MARKDOWN).render(report, Options(args.all, source=inp.path)))
    content = formatter(fmt).render(report, Options(args.all, source=inp.path))
    if args.output:
        written = output.write(args.output, content)
        _wrote(written)
    else:
        sys.stdout.write(content)
    for w in formatter(fmt).warnings(report):
        print(f"exactformer: warning: {w}", file=sys.stderr)
    return batch.exit_status(report, args.strict)


def _audit_many(args, inputs, fmt: Format, folder: bool) -> int:
    """Every input audited in parallel, each report apart, then one summary table; the worst exit status."""
    from pathlib import Path

    from . import batch, output, parallel
    from .batch import Job
    from .report.escape import safe
    from .report.formats import Options, formatter, summary_markdown, summary_text

    if not inputs:
        raise CaseError("no case files or documents found", file=" ".join(args.inputs),
                        expected=f"files ending in {' '.join(batch.SUFFIXES)} (hidden folders are skipped)")
    if fmt is Format.HTML and not folder:
        raise UsageError("many inputs make many HTML pages", hint="write them into a folder: -o reports/")
    if folder:
        target = Path(args.output)
        if not target.is_dir():
            output.check(target)  # its parent must exist and be writable
            target.mkdir()
    elif args.output:
        output.check(args.output)
    width, color, tty = 160, False, sys.stdout.isatty()
    if fmt is Format.TEXT and not args.output and tty:
        from .report.term import console

        width, color = console().width, not os.environ.get("NO_COLOR")
    summary = fmt is Format.GITHUB and bool(os.environ.get("GITHUB_STEP_SUMMARY"))
    wanted = (fmt, Format.MARKDOWN) if summary else (fmt,)
    options = Options(args.all, width, color)
    jobs = [Job(i, wanted, options, args.givens, args.why, args.strict, args.skip_other) for i in inputs]
    names = batch.output_names(inputs) if folder else []
    parts = []
    for k, part in enumerate(parallel.run_all(jobs, args.jobs or parallel.cores())):
        parts.append(part)
        for w in part.warnings:
            print(f"exactformer: warning: {safe(part.path)}: {w}", file=sys.stderr)
        if part.error:
            print(f"exactformer: error: {part.error}", file=sys.stderr)
        elif folder and part.content:
            written = output.write(Path(args.output) / f"{names[k]}{formatter(fmt).extension}", part.content)
            print(f"wrote {written}", file=sys.stderr)
    f = formatter(fmt)
    table = summary_markdown(parts) if fmt is Format.MARKDOWN else summary_text(parts, width, grow=not tty)
    if folder:
        sys.stdout.write(table)
    else:
        content = f.combine(parts)
        if not f.machine:
            content += ("\n" if content else "") + table
        if args.output:
            print(f"wrote {output.write(args.output, content)}", file=sys.stderr)
        else:
            sys.stdout.write(content)
        if f.machine or args.output:
            sys.stderr.write(table)
    if summary:
        _step_summary("\n".join([*(p.extra.get("markdown", "") for p in parts), summary_markdown(parts)]))
    return max(p.exit for p in parts)


def cmd_check(args) -> int:
    import dataclasses

    from .audit.pipeline import audit
    from .read.claims import claims_from_items
    from .report.data import report_json
    from .report.escape import safe
    from .report.term import console
    from .report.text import render_check

    case = _load(args.case, getattr(args, "givens", None), args.part)
    items = args.items or [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not items:
        raise CaseError("nothing to check", file="<arguments>", expected='"ADDRESS = NUMBER" or a line of working')
    eng = case.engine
    if args.of is not None:
        _addresses(eng.graph, [args.of], "<arguments>", "--of")
    claims, work, unmatched, errors = claims_from_items(eng, items, args.of)
    checked = dataclasses.replace(case, claims=claims, work=work, unmatched=unmatched, trends=(), restated=())
    report = audit(checked, eng)
    if args.format == "json":
        out = report_json(report)
        out["unreadable"] = [{"item": k, "error": msg} for k, msg in errors]
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        render_check(report, console())
    for k, msg in errors:
        print(f"exactformer: item {k} could not be read: {safe(msg)}", file=sys.stderr)
    if errors:
        return 2
    return _exit_status(report, args.strict)


def cmd_derive(args) -> int:
    from . import output
    from .derive.document import Deriver, Options

    out = args.output
    pdf = bool(out) and out.lower().endswith(".pdf")
    if out:
        output.check(out)
        if pdf and args.keep_tex:
            output.check(out[:-4] + ".tex")
    case = _load(args.case, getattr(args, "givens", None), args.part)
    only = _addresses(case.engine.graph, args.only, "<arguments>", "--only") if args.only else None
    report = _audit(case) if case.claims and not args.no_claims and not args.symbolic else None
    from .exact.expr import SizeError

    gc.disable()  # exact forms, their texts and memos by the hundred thousand, kept to the end: none is garbage in a
    try:  # cycle, and the collector's passes over them were a fifth of 200 layers' derivation
        tex = Deriver(case, Options(args.digits, only, args.symbolic, args.grad), report).document()
    except SizeError as e:  # 1e10000·1e10000: show and audit give its decimal; a derivation writes it exactly
        raise CaseError("the derivation cannot write this case's values exactly", file=args.case,
                        expected="givens whose exact products stay within 12000 digits",
                        found=str(e), hint="exactformer show and audit give their certified decimals") from None
    finally:
        gc.enable()
    if not out:
        sys.stdout.write(tex)
        return 0
    if pdf:
        from .derive.compile import compile_pdf
        from .report.term import console

        err = console(stderr=True)
        with err.status("compiling with lualatex (the first run builds font caches: ~15 s)…"):
            data, warnings = compile_pdf(tex)
        written = [output.write(out, data)]
        if args.keep_tex:
            written.append(output.write(out[:-4] + ".tex", tex))
        for w in warnings:
            print(f"exactformer: warning: {w}", file=sys.stderr)
        _wrote(*written)
    else:
        _wrote(output.write(out, tex))
    return 0


def cmd_train(args) -> int:
    from pathlib import Path

    from . import output
    from .numeric.train import BOUND, Rows, Run, default_watch, retrain

    fmt = choose(args.format, args.output, (Format.TEXT, Format.JSON, Format.CSV))
    for path in (args.output, args.plot):
        if path:
            output.check(path)
    if args.plot:
        from .report.plot import check

        check(Path(args.plot))
    case = _load(args.case, getattr(args, "givens", None), args.part)
    model = case.model
    if model.loss is None or model.train is None:
        raise CaseError("training needs a loss and a [train] table", file=args.case,
                        expected="[model.loss] and [train] with lr (and steps)")
    if args.steps or args.lr:
        from .read.toml import Reader

        lr = Reader("<arguments>", "").number(args.lr, ("--lr",), symbols=False) if args.lr else None
        model = retrain(model, args.steps, lr)
    from .model.graph import Graph

    g = Graph(model) if model is not case.model else case.engine.graph
    watch = list(_addresses(g, args.watch, "<arguments>", "--watch")) if args.watch else default_watch(g)
    steps = model.train.steps  # type: ignore[union-attr]
    # text and CSV on standard output are streamed, a row as soon as it is certain: Ctrl-C keeps what was done
    stream = args.output is None and fmt is not Format.JSON
    progress = _Progress(f"training {steps} steps", enabled=not (stream and sys.stdout.isatty()))
    rows = Rows(g, watch, steps, args.digits, progress, args.max_bits or BOUND)
    done: list[tuple[str, ...]] = []
    title = f"{case.title}: {steps} steps, lr {model.train.lr.text}"  # type: ignore[union-attr]
    line = _TrainLines(fmt, rows.names, title) if stream else None
    try:
        if line is not None:
            sys.stdout.write(line.header())
        for row in rows:
            if line is not None:
                sys.stdout.write(line.row(len(done), row))
                sys.stdout.flush()
            done.append(row)
    except KeyboardInterrupt:
        if args.output and done:
            written = output.write(args.output, _train_table(rows, done, fmt, title))
            print(f"exactformer: interrupted after {len(done) - 1} of {steps} steps", file=sys.stderr)
            _wrote(written)
        raise
    finally:
        progress.close()
    if args.output:
        _wrote(output.write(args.output, _train_table(rows, done, fmt, title)))
    elif not stream:
        sys.stdout.write(_train_table(rows, done, fmt, title))
    if args.plot:
        from .report.plot import plot

        data = plot(Run(tuple(watch), rows.names, tuple(done), rows.precision), Path(args.plot), case.title)
        _wrote(output.write(args.plot, data))
    return 0


class _TrainLines:
    """train's rows as text (aligned columns) or CSV, one line at a time; CSV carries plain decimals (truncated,
    never rounded) and, per row, how many significant digits of each are certified."""

    def __init__(self, fmt: Format, names: tuple[str, ...], title: str) -> None:
        from rich.cells import cell_len

        from .report.escape import safe

        self.fmt, self.title = fmt, safe(title)
        self.names = [safe(n) for n in names]
        self.widths = [max(cell_len(n), 16) for n in self.names]
        self.cell_len = cell_len

    def _csv(self, cells) -> str:
        import csv

        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerow(cells)
        return buf.getvalue()

    def _text(self, cells) -> str:
        out = [f"{cells[0]:>5}"]
        for c, w in zip(cells[1:], self.widths):
            out.append(" " * max(0, w - self.cell_len(c)) + c)
        return "  ".join(out) + "\n"

    def header(self) -> str:
        if self.fmt is Format.CSV:
            return self._csv(["step", *self.names, "certified_digits"])
        return self.title + "\n" + self._text(["step", *self.names])

    def row(self, k: int, values: tuple[str, ...]) -> str:
        from .report.decimals import certified_digits, plain

        if self.fmt is Format.CSV:
            return self._csv([k, *map(plain, values), min(map(certified_digits, values), default=0)])
        return self._text([str(k), *values])


def _train_table(rows, values: list[tuple[str, ...]], fmt: Format, title: str) -> str:
    """The run as a file: text or CSV as streamed; JSON with plain decimals and how many digits are certified."""
    from .report.decimals import certified_digits, plain

    if fmt is Format.JSON:
        digits = min((certified_digits(v) for row in values for v in row), default=0)
        return json.dumps({"precision_bits": rows.precision, "certified_digits": digits,
                           "decimals": "every value is truncated (never rounded) to the digits shown, each of them "
                           "certified; certified_digits: the fewest significant digits a value shows",
                           "watch": list(rows.names),
                           "steps": [{"step": k, "values": {n: plain(v) for n, v in zip(rows.names, row)}}
                                     for k, row in enumerate(values)]}, ensure_ascii=False, indent=1) + "\n"
    lines = _TrainLines(fmt, rows.names, title)
    return lines.header() + "".join(lines.row(k, row) for k, row in enumerate(values))


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # positionals may follow options (check CASE --of ADDRESS "line"): argparse leaves them over
    rest = getattr(args, "items", getattr(args, "addresses", getattr(args, "inputs", None)))
    if extra:
        if rest is None or any(re.match(r"--?[A-Za-z]", x) for x in extra):
            parser.error("unrecognized arguments: " + " ".join(extra))
        rest.extend(extra)
    from . import output

    real_stdout = sys.stdout
    sys.stdout = output.GuardedStream(real_stdout)  # type: ignore[assignment]
    try:
        status = args.run(args)
        sys.stdout.flush()
        return status
    except UsageError as e:  # options that do not go together: the command's usage, then why
        from .report.escape import safe

        sys.stderr.write(args.usage())
        print(f"exactformer {args.command}: error: " + "\n".join(safe(line) for line in str(e).split("\n")),
              file=sys.stderr)
        return 2
    except ExactformerError as e:  # ParseError, CaseError, OutputError …: the user's mistake
        from .report.escape import safe

        if isinstance(e, output.OutputError):
            output.discard_stdout()
        lines = str(e).split("\n")
        print("exactformer: error: " + "\n".join(safe(line) for line in lines), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        output.discard_stdout()
        return 0
    except Exception as e:  # a bug, not the user's mistake: say so briefly, with how to see more
        if os.environ.get("EXACTFORMER_DEBUG"):
            raise
        from .report.escape import safe

        print(f"exactformer: internal error: {type(e).__name__}: {safe(str(e))[:300]}\n"
              "  this is a bug in exactformer, not in your case file; please report it with the case file "
              "(EXACTFORMER_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 3
    finally:
        sys.stdout = real_stdout


if __name__ == "__main__":
    sys.exit(main())
