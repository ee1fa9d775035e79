"""Command line: the only place that prints, and the only place that exits."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import re
import sys

from . import __version__
from .errors import AddressError, CaseError, ExactformerError

DESCRIPTION = """\
Settle the arithmetic of hand-worked transformer examples, exactly.

A case file (TOML) holds the givens of a worked example (tokens, embeddings,
Wq/Wk/Wv per layer) and, optionally, every number a document states about it.
exactformer carries every given as an exact rational, derives every score,
softmax weight and context vector in closed form, and evaluates it with
certified precision.
"""

EPILOG = """\
examples:
  exactformer show derivations/oni-ni-kanabou.toml "scores[金棒,金棒]"
  exactformer show derivations/oni-ni-kanabou.toml weights --digits 6
  exactformer audit derivations/oni-ni-kanabou.toml
  exactformer check derivations/oni-ni-kanabou.toml "scores[金棒,金棒] = 0.1271"
  exactformer derive derivations/oni-ni-kanabou.toml -o oni.pdf

addresses (1-based components; L2. for layer 2):
  X[鬼][1]  Wq[1][2]  Q[鬼][1]  sqrt_dk  scores[鬼,金棒]  scaled[鬼,金棒]  exp[鬼,金棒]
  expsum[鬼]  weights[鬼,金棒]  weighted_v[鬼,金棒][1]  context[鬼][2]  L2.context
  a repeated token's second occurrence is に#2.

exit status: 0 ok; 1 the audit found an error (--strict: or a warning); 2 bad input;
  3 an internal error (a bug: please report it with the case file).
"""

SHOW_HELP = """\
Without an address, prints every step of every layer as tables. A scalar address
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
line whose own arithmetic is false), unmatched (a line that does not fit its
formula). Exit 0: no errors; 1: errors (--strict: or warnings); 2: bad input.
"""

CHECK_HELP = """\
Checks a hand calculation against a case's givens, on the spot. Earlier items
act as the student's own values for later ones.

  exactformer check CASE "scores[金棒,金棒] = 0.1271"
  exactformer check CASE --of "weights[鬼,金棒]" "1.0704 / 4.3752 ≈ 0.2432"
  exactformer check CASE "scores[鬼,鬼]: 0.20×0.22+0.32×0.02=0.0504"
  printf 'Q[鬼][1] = 0.20\\nscores[鬼,鬼] = 0.0504\\n' | exactformer check CASE
"""


DERIVE_HELP = """\
Writes a self-contained LaTeX document: the givens as matrices, each step's
general formula, then every cell as formula, numbers substituted, exact closed
form and decimal. Where the case has claims, each cell shows the document's value
and its verdict; conflicts and false lines of working are marked where they stand.
-o FILE.pdf also compiles it with lualatex (luatexja), shell escape off.
"""


def _digits(s: str) -> int:
    n = int(s)
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError("digits must be between 1 and 1000")
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
    a.add_argument("case", metavar="CASE", help="a case file with [[claims]]")
    a.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                   help="text (default; colour on a terminal), markdown (for an issue or a PR), json (audit.md)")
    a.add_argument("--strict", action="store_true", help="exit 1 on warnings too (last digit, unmatched)")
    a.add_argument("--all", action="store_true", help="list correct claims too (json always has every claim)")
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

    d = sub.add_parser("derive", help="write the whole computation as LaTeX (and PDF): formula, numbers, closed form",
                       description=DERIVE_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    d.add_argument("case", metavar="CASE", help="a case file")
    d.add_argument("-o", "--output", metavar="FILE", help="FILE.tex, or FILE.pdf to compile too (default: .tex on stdout)")
    d.add_argument("--digits", type=_digits, default=10, help="significant digits of each cell's decimal (default 10)")
    d.add_argument("--only", metavar="ADDRESS", nargs="+", help="work only these cells in full; the rest as tables")
    d.add_argument("--symbolic", action="store_true", help="the givens as symbols (x_{鬼,1}, W^Q_{1,2}): general forms")
    d.add_argument("--no-claims", action="store_true", help="leave out the document's values and verdicts")
    d.set_defaults(run=cmd_derive)
    return p


def cmd_show(args) -> int:
    from .api import load
    from .show import everything, json_values, scalar_block, step_table
    from .term import console

    comp = load(args.case)
    eng, g = comp.engine, comp.graph
    addrs = list(_addresses(g, args.addresses, args.case)) or everything(eng)
    if args.format == "json":
        print(json.dumps(json_values(eng, addrs, args.digits), ensure_ascii=False, indent=1))
        return 0
    out = console()
    for a in addrs:
        out.print(scalar_block(eng, a, args.digits) if a.is_scalar else step_table(eng, a, args.digits))
        out.print()
    return 0


def _addresses(graph, texts: list[str], where: str, key: str | None = None):
    """Parse addresses from the command line; a bad one is the user's mistake (exit 2), not a crash."""
    try:
        return tuple(graph.parse(a) for a in texts)
    except AddressError as e:
        raise CaseError(str(e), file=where, key=key) from None


def _exit_status(report, strict: bool) -> int:
    worst = report.worst()
    return 1 if worst == "error" or (strict and worst == "warning") else 0


def _write(path: str, content: str) -> None:
    """Write atomically: a failed run never leaves a half-written report."""
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".exactformer-")
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # as an ordinary new file would be, not mkstemp's 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(content)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def cmd_audit(args) -> int:
    from .audit import Auditor
    from .case import load
    from .render import render_markdown, render_text
    from .report import report_json
    from .term import console

    report = Auditor(load(args.case)).run()
    if args.format == "json":
        content = json.dumps(report_json(report), ensure_ascii=False, indent=1) + "\n"
    elif args.format == "markdown":
        content = render_markdown(report, everything=args.all) + "\n"
    elif args.output:
        from rich.console import Console

        out = Console(record=True, width=160, no_color=True, highlight=False, markup=False, emoji=False,
                      file=io.StringIO())
        render_text(report, out, everything=args.all)
        content = out.export_text()
    else:
        render_text(report, console(), everything=args.all)
        return _exit_status(report, args.strict)
    if args.output:
        _write(args.output, content)
    else:
        sys.stdout.write(content)
    return _exit_status(report, args.strict)


def cmd_check(args) -> int:
    from .audit import Auditor
    from .case import load
    from .claims import claims_from_items
    from .render import render_check
    from .report import report_json
    from .term import console

    case = load(args.case)
    items = args.items or [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not items:
        raise CaseError("nothing to check", file="<arguments>", expected='"ADDRESS = NUMBER" or a line of working')
    from .graph import Graph

    g = Graph(case.model)
    if args.of is not None:
        _addresses(g, [args.of], "<arguments>", "--of")
    claims, work, unmatched = claims_from_items(g, items, args.of)
    eng_case = dataclasses.replace(case, claims=claims, work=work, unmatched=unmatched)
    auditor = Auditor(eng_case)
    report = auditor.run()
    if args.format == "json":
        print(json.dumps(report_json(report), ensure_ascii=False, indent=1))
    else:
        render_check(report, console(), auditor.engine)
    return _exit_status(report, args.strict)


def cmd_derive(args) -> int:
    from pathlib import Path

    from .audit import Auditor
    from .case import load
    from .derive import Deriver, Options
    from .graph import Graph

    case = load(args.case)
    only = _addresses(Graph(case.model), args.only, "<arguments>", "--only") if args.only else None
    report = Auditor(case).run() if case.claims and not args.no_claims and not args.symbolic else None
    tex = Deriver(case, Options(args.digits, only, args.symbolic), report).document()
    if not args.output:
        sys.stdout.write(tex)
        return 0
    out = Path(args.output)
    if out.suffix.lower() == ".pdf":
        from .term import console
        from .tex import compile_pdf

        err = console(stderr=True)
        with err.status("compiling with lualatex (the first run builds font caches: ~15 s)…"):
            warnings = compile_pdf(tex, out)
        _write(str(out.with_suffix(".tex")), tex)
        for w in warnings:
            print(f"exactformer: warning: {w}", file=sys.stderr)
        print(f"wrote {out} and {out.with_suffix('.tex')}", file=sys.stderr)
    else:
        _write(str(out), tex)
        print(f"wrote {out}", file=sys.stderr)
    return 0


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
    except ExactformerError as e:  # ParseError, CaseError, …: the user's mistake
        from .term import safe

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
        from .term import safe

        print(f"exactformer: internal error: {type(e).__name__}: {safe(str(e))[:300]}\n"
              "  this is a bug in exactformer, not in your case file; please report it with the case file "
              "(EXACTFORMER_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
