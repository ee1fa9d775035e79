"""Command line: the only place that prints, and the only place that exits."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import time
from typing import Any

from . import __version__
from .errors import AddressError, CaseError, ExactformerError

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
a row (context[鬼]) or a step (weights, L2.context) prints a table.
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
CASE may be the document itself (.txt, .md, .html, .ipynb): see `exactformer read`.

  exactformer audit derivations/oni-ni-kanabou.toml
  exactformer audit post.md --format markdown -o audit.md
  exactformer audit post.md --format html -o report.html   (open it in a browser)
  exactformer audit notebook.ipynb --format json --strict  (for CI)

Exit 0: no errors; 1: errors (--strict: or warnings); 2: bad input.
"""

CHECK_HELP = """\
Checks a hand calculation against a case's givens, on the spot. Earlier items
act as the student's own values for later ones; an item that cannot be read is
reported by its number and the others are still judged.

  exactformer check CASE "scores[金棒,金棒] = 0.1271"
  exactformer check CASE --of "weights[鬼,金棒]" "1.0704 / 4.3752 ≈ 0.2432"
  exactformer check CASE "scores[鬼,鬼]: 0.20×0.22+0.32×0.02=0.0504"
  printf 'Q[鬼][1] = 0.20\\nscores[鬼,鬼] = 0.0504\\n' | exactformer check CASE
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
"""


def _positive(s: str) -> int:
    try:
        n = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {s!r}") from None
    if not 1 <= n <= 10_000_000:
        raise argparse.ArgumentTypeError("steps must be between 1 and 10,000,000")
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


def _bits(s: str) -> int:
    try:
        n = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {s!r}") from None
    if not 64 <= n <= 1_000_000:
        raise argparse.ArgumentTypeError("bits must be between 64 and 1,000,000")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="exactformer", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"exactformer {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    s = sub.add_parser("show", help="print quantities exactly: formula, substitution, closed form, decimal",
                       description=SHOW_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("case", metavar="CASE", help="a case file (.toml)")
    s.add_argument("addresses", metavar="ADDRESS", nargs="*", help="quantities to show (default: all)")
    s.add_argument("--digits", type=_digits, default=12, help="significant digits of decimals (default 12)")
    s.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default) or json: one flat object, address -> decimal string")
    s.set_defaults(run=cmd_show)

    a = sub.add_parser("audit", help="judge every number a document states (the case's [[claims]])",
                       description=AUDIT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("case", metavar="CASE", help="a case file with [[claims]], or the document itself (.txt, .md, "
                   ".html, .ipynb): its givens and numbers are read from it")
    a.add_argument("--givens", metavar="CASE", help="with a document: take the model from this case file")
    a.add_argument("--format", choices=("text", "markdown", "json", "html"), default="text",
                   help="text (default; colour on a terminal), markdown (for an issue or a PR), json (audit.md), "
                   "html (one self-contained page: the tables coloured by verdict, click a cell for its derivation)")
    a.add_argument("--strict", action="store_true", help="exit 1 on warnings too (last digit, unmatched, coarse)")
    a.add_argument("--all", action="store_true", help="list correct claims too (json always has every claim)")
    a.add_argument("--no-why", dest="why", action="store_false",
                   help="skip the search for what explains each wrong number (slips, conventions): faster")
    a.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE instead of standard output")
    a.set_defaults(run=cmd_audit)

    c = sub.add_parser("check", help="judge a hand calculation: a value, or a line of working",
                       description=CHECK_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("case", metavar="CASE", help="a case file (its givens; its claims are not used)")
    c.add_argument("items", metavar="ITEM", nargs="*",
                   help='"ADDRESS = NUMBER", "ADDRESS: LINE", or with --of a line; none: one per line on stdin')
    c.add_argument("--of", metavar="ADDRESS", help="the quantity the lines of working compute")
    c.add_argument("--format", choices=("text", "json"), default="text")
    c.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
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
    t.add_argument("--format", choices=("text", "json", "csv"), default="text")
    t.add_argument("--plot", metavar="FILE", help="also draw the watched quantities against the step (.png or .svg)")
    t.add_argument("-o", "--output", metavar="FILE", help="write the table to FILE")
    t.set_defaults(run=cmd_train)
    return p


def _load(path: str, givens: str | None = None):
    """A case file, or a document (a post, Markdown, HTML, a notebook) read into one. A file that cannot be
    opened is reported before the reader and the model are imported."""
    from .files import check_readable, is_document

    document = is_document(path)
    if givens is not None and not document:
        raise CaseError("--givens goes with a document, not with a case file", file=path,
                        expected="a .txt, .md, .html or .ipynb document, or a case file without --givens")
    check_readable(path, "document" if document else "case file")
    if document:
        from .read.documents import load_document

        return load_document(path, givens)
    from .read.case import load

    return load(path)


def cmd_read(args) -> int:
    from . import output
    from .read.documents import read_document

    if args.output:
        output.check(args.output)
    reading = read_document(args.document, args.givens)
    if args.output:
        written = output.write(args.output, reading.toml)
        print(f"wrote {written}", file=sys.stderr)
    else:
        sys.stdout.write(reading.toml)
    from .report.escape import safe

    for note in reading.notes:
        print(f"  {safe(note)}", file=sys.stderr)
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
    from .report.show import everything, json_chunks, json_items, scalar_block, step_table
    from .report.term import console

    case = _load(args.case, getattr(args, "givens", None))
    eng = case.engine
    addrs = list(_addresses(eng.graph, args.addresses, "<arguments>")) or everything(eng)
    if args.format == "json":
        for chunk in json_chunks(json_items(eng, addrs, args.digits)):
            sys.stdout.write(chunk)
        sys.stdout.write("\n")
        return 0
    out = console()
    for a in addrs:
        out.print(scalar_block(eng, a, args.digits) if eng.graph.is_scalar(a) else step_table(eng, a, args.digits))
        out.print()
    return 0


def _exit_status(report, strict: bool) -> int:
    from .audit.findings import Severity

    worst = report.worst()
    return 1 if worst >= Severity.ERROR or (strict and worst >= Severity.WARNING) else 0


class _Progress:
    """A progress bar on standard error, shown only on a terminal and only after a second of work."""

    def __init__(self, what: str) -> None:
        self.what, self.start = what, time.monotonic()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if not sys.stderr.isatty() or time.monotonic() - self.start < 1.0 or done >= total:
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
    from .audit.audit import Auditor

    progress = _Progress("judging claims")
    try:
        return Auditor(case, progress=progress, explain=why).run()
    finally:
        progress.close()


def cmd_audit(args) -> int:
    if args.output:
        from . import output

        output.check(args.output)
    report = _audit(_load(args.case, args.givens), args.why)
    if args.format == "json":
        from .report.data import report_json

        content = json.dumps(report_json(report), ensure_ascii=False, indent=1) + "\n"
    elif args.format == "markdown":
        from .report.markdown import render_markdown

        content = render_markdown(report, everything=args.all) + "\n"
    elif args.format == "html":
        from .report.html import render_html

        content = render_html(report)
    elif args.output:
        from rich.console import Console

        from .report.text import render_text

        out = Console(record=True, width=160, no_color=True, highlight=False, markup=False, emoji=False,
                      file=io.StringIO())
        render_text(report, out, everything=args.all)
        content = out.export_text()
    else:
        from .report.term import console
        from .report.text import render_text

        render_text(report, console(), everything=args.all)
        return _exit_status(report, args.strict)
    if args.output:
        written = output.write(args.output, content)
        print(f"wrote {written}", file=sys.stderr)
    else:
        sys.stdout.write(content)
    return _exit_status(report, args.strict)


def cmd_check(args) -> int:
    import dataclasses

    from .audit.audit import Auditor
    from .read.claims import claims_from_items
    from .report.data import report_json
    from .report.escape import safe
    from .report.term import console
    from .report.text import render_check

    case = _load(args.case, getattr(args, "givens", None))
    items = args.items or [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not items:
        raise CaseError("nothing to check", file="<arguments>", expected='"ADDRESS = NUMBER" or a line of working')
    eng = case.engine
    if args.of is not None:
        _addresses(eng.graph, [args.of], "<arguments>", "--of")
    claims, work, unmatched, errors = claims_from_items(eng, items, args.of)
    checked = dataclasses.replace(case, claims=claims, work=work, unmatched=unmatched, trends=())
    report = Auditor(checked, eng).run()
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
    case = _load(args.case, getattr(args, "givens", None))
    only = _addresses(case.engine.graph, args.only, "<arguments>", "--only") if args.only else None
    report = _audit(case) if case.claims and not args.no_claims and not args.symbolic else None
    tex = Deriver(case, Options(args.digits, only, args.symbolic, args.grad), report).document()
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
        print("wrote " + " and ".join(map(str, written)), file=sys.stderr)
    else:
        print(f"wrote {output.write(out, tex)}", file=sys.stderr)
    return 0


def cmd_train(args) -> int:
    from pathlib import Path

    from . import output
    from .numeric.train import BOUND, default_watch, retrain, train

    for path in (args.output, args.plot):
        if path:
            output.check(path)
    case = _load(args.case, getattr(args, "givens", None))
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
    progress = _Progress(f"training {steps} steps")
    try:
        run = train(g, watch, steps, args.digits, progress, args.max_bits or BOUND)
    finally:
        progress.close()
    content = _train_table(run, args.format)
    if args.output:
        print(f"wrote {output.write(args.output, content)}", file=sys.stderr)
    elif args.format == "text":
        from rich.table import Table

        from .report.term import console, text

        t = Table(title=text(f"{case.title}: {steps} steps, lr {model.train.lr.text}", "bold"),  # type: ignore
                  title_justify="left")
        t.add_column("step", justify="right")
        for name in run.names:
            t.add_column(text(name), justify="right", overflow="fold")
        for k, row in enumerate(run.values):
            t.add_row(str(k), *(text(v) for v in row))
        console().print(t)
    else:
        sys.stdout.write(content)
    if args.plot:
        from .report.plot import plot

        data = plot(run, Path(args.plot), case.title)
        print(f"wrote {output.write(args.plot, data)}", file=sys.stderr)
    return 0


def _train_table(run, fmt: str) -> str:
    if fmt == "json":
        return json.dumps({"precision_bits": run.precision, "watch": list(run.names),
                           "steps": [{"step": k, "values": dict(zip(run.names, row))}
                                     for k, row in enumerate(run.values)]}, ensure_ascii=False, indent=1) + "\n"
    import csv

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["step", *run.names])
    for k, row in enumerate(run.values):
        w.writerow([k, *row])
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # positionals may follow options (check CASE --of ADDRESS "line"): argparse leaves them over
    rest = getattr(args, "items", getattr(args, "addresses", None))
    if extra:
        if rest is None or any(re.match(r"--?[A-Za-z]", x) for x in extra):
            parser.error("unrecognized arguments: " + " ".join(extra))
        rest.extend(extra)
    try:
        return args.run(args)
    except ExactformerError as e:  # ParseError, CaseError, OutputError …: the user's mistake
        from .report.escape import safe

        lines = str(e).split("\n")
        print("exactformer: error: " + "\n".join(safe(line) for line in lines), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug, not the user's mistake: say so briefly, with how to see more
        if os.environ.get("EXACTFORMER_DEBUG"):
            raise
        from .report.escape import safe

        print(f"exactformer: internal error: {type(e).__name__}: {safe(str(e))[:300]}\n"
              "  this is a bug in exactformer, not in your case file; please report it with the case file "
              "(EXACTFORMER_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
