"""Read a published document (plain text, Markdown, HTML, a Jupyter notebook) into a case.

``read_document(path)`` finds the givens and matches every table, array and line of working to a
quantity (``infer``), and returns the case as TOML (each inferred match commented) with notes on what
was read; ``load_document(path)`` loads that case for the audit. Nothing in the document is evaluated:
its numbers and lines are read with the project's own grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import product
from math import prod
from pathlib import Path

from ...errors import CaseError
from ...files import DOCUMENT_KINDS
from ...report.escape import safe
from ..notes import Note, NoteKind
from ..toml import read_text
from . import chains, formats, infer
from . import items as I
from . import models as M
from . import values as V
from .infer import Reading
from .models import toml_str

MAX_DOCUMENT_BYTES = 4_000_000  # a document's text (a notebook's: without its images and other binary outputs)
MAX_NOTEBOOK_BYTES = 64_000_000  # a notebook file as stored, images included (they are dropped before the above)
SUFFIXES = DOCUMENT_KINDS


def kind_of(path: str, text: str) -> str:
    got = SUFFIXES.get(Path(path).suffix.lower())
    if got:
        return got
    head = text.lstrip()[:2000].lower()
    if head.startswith("{") and '"cells"' in text[:100_000]:
        return "notebook"
    if head.startswith(("<!doctype html", "<html")) or "<table" in head or "<p>" in head:
        return "html"
    if re.search(r"^#{1,6} |^\|.*\|\s*$", text[:20_000], re.MULTILINE):
        return "markdown"
    return "text"


def items_of(path: str, text: str) -> tuple[str, I.Items]:
    kind = kind_of(path, text)
    text = V.tame(text)
    read = {"markdown": formats.markdown, "html": formats.html, "notebook": lambda t: formats.notebook(t, path)}
    found = read.get(kind, formats.plain)(text)
    I.unprefixed_labels(found)
    I.rebound_names(found)
    return kind, found


MAX_TRIES = 24  # models (with their conventions) tried for one document
DOCUMENT_NEEDS = ("a worked example: its tokens' embeddings and weight matrices as tables or vectors such as "
                  "[0.9, 0.2], and the numbers it states (tables, lines such as 0.2×0.3 = 0.06)",
                  "a document without its givens can take them from a case file: --givens CASE "
                  "(see tests/documents/causal-cat.md for a complete document)")


def read_document(path: str, givens: str | None = None) -> Reading:
    """The case a document holds, as TOML with comments, and notes on what was read (raises CaseError)."""
    path = str(path)
    if SUFFIXES.get(Path(path).suffix.lower()) == "notebook":  # a plot's PNG is no part of the worked example
        text = formats.without_binary_outputs(read_text(path, "document", MAX_NOTEBOOK_BYTES, DOCUMENT_NEEDS))
        if len(text.encode("utf-8")) > MAX_DOCUMENT_BYTES:
            raise CaseError(f"the document is larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB", file=path,
                            expected="a document of a worked example", found="more text than that, images left out")
    else:
        text = read_text(path, "document", MAX_DOCUMENT_BYTES, DOCUMENT_NEEDS)
    kind, found = items_of(path, text)
    numbers = [x for x in found.found if not isinstance(x, I.Tokens)]
    if not numbers:
        raise CaseError("no numbers found in the document", file=path, expected=DOCUMENT_NEEDS[0],
                        found=f"a {kind} document without any", hint=DOCUMENT_NEEDS[1])
    notes = [Note(f"read as {kind}")]
    header = _header(path, found)
    choice: tuple
    if givens is not None:
        model = _givens_text(givens)
        got = _try(path, header + model, found, set())
        if isinstance(got, CaseError):
            raise got
        choice = (got, header + model, [f"givens from {givens}"], set())
    else:
        try:
            choice = _choose(path, header, found)
        except NoModel as e:
            if not any(isinstance(x, I.Work) for x in found.found):
                raise e.error from None
            choice = _arithmetic_only(path, header, found, e.error)
    got, case_text, model_notes, taken = choice
    claims = got[0]
    parts = _further(path, header, found, claims, taken) if givens is None and claims.fit else []
    later = {i for part in parts for i in part.items}  # what a later computation explains is its claim
    later |= _printed_again(found, later)
    inputs = {i for part in parts for i in part.givens}  # … or its input
    notes += [Note(n) for n in model_notes] + _notes_on(claims, got[1], set(claims.said) - later - inputs)
    for k, part in enumerate(parts, start=2):
        notes += [Note(f"part {k}: {n}") for n in part.model_notes] + \
            [Note(f"part {k}: {n.text}", n.kind) for n in part.notes]
    notes += found.skipped
    if claims.matched == 0 and not parts and not any(isinstance(x, I.Work) for x in found.found):
        raise CaseError("nothing in the document could be audited", file=path,
                        expected="tables, vectors or lines of working that are steps of the model the givens make",
                        found=_seen(found), hint="give the model with --givens CASE.toml")
    toml = (f"# Inferred by `exactformer read` from {safe(Path(path).name)}: review every match before relying on it.\n"
            + case_text + "\n" + formats.as_written(claims.without(later), found.written))
    for k, part in enumerate(parts, start=2):
        toml += "\n" + _part_toml(part, k, found)
    matched = claims.matched + sum(len(p.items) for p in parts)
    works = {id(x) for x in found.found if isinstance(x, I.Work)}  # (a line no quantity fits is noted, not counted)
    unmatched = claims.unmatched - sum(1 for i in (later | inputs) - works if any(
        got[1][k].kind is NoteKind.UNMATCHED for k in claims.said.get(i, ())))
    return Reading(toml, notes, matched, unmatched, _language(kind, text))


MAX_PARTS = 8  # separate computations read from one document
MIN_PART_NUMBERS = 6  # numbers the first computations leave unexplained before another is looked for
FURTHER_SHARE = 0.8  # of a table's cells that must agree for a further computation to take it (the first: half)
ROUNDED_SHARE = 0.5  # … times this, when it takes ln of inputs printed rounded (each cell then judged by interval)
MIN_PART_DIGITS = 10  # significant digits in the cells (and results of lines) a further computation explains
MAX_PASSED = 3  # further inputs tried whose computation explains nothing (a post of many small experiments)


@dataclass
class Part:
    """A further computation of the document: its claims, case text (model), notes and the items it explains."""

    claims: infer.Claims
    text: str
    model_notes: list[str]
    notes: list[Note]
    items: set[int]  # the items it explains (claims of this computation)
    givens: set[int]  # the items it takes as its inputs


def _further(path: str, header: str, found: I.Items, first: infer.Claims, givens: set[int]) -> list[Part]:
    """The document's further computations: what its first model leaves unexplained (tables that fit nothing,
    or fit without agreeing) may be another computation of the same post (the attention without projections,
    then with them; an example of the softmax alone; a second sentence), read by the model that explains most
    of it. Each is kept only when it explains some of it to the last digit; what it explains leaves the first."""
    found_parts: list[tuple[infer.Claims, str, list[str], list[Note], set[int], set[int]]] = []
    explained = {i for i, f in first.fit.items() if first.explained(i) or f.restated} | givens
    slipped = {i for i, f in first.fit.items() if f.cells > 0 and i not in explained}
    passed: set[int] = set()  # inputs whose computation explained nothing: the next input is tried instead
    for _ in range(MAX_PARTS - 1 + MAX_PASSED):
        if len(found_parts) >= MAX_PARTS - 1:
            break
        left = [x for x in found.found if isinstance(x, I.Tokens) or id(x) not in explained | passed]
        written = chains.written_results(left)  # softmax([1, 2]) = [0.27, 0.73]: a computation the document says
        # it works, however few its numbers and digits
        if sum(_numbers(x) for x in left) < MIN_PART_NUMBERS and not written:
            break
        rest = replace(found, found=left, loose=[], diagram=[], earlier=[x for x in found.found if id(x) in explained],
                       slipped=slipped)
        try:
            got, text, model_notes, taken = _choose(path, header, rest)
        except (NoModel, CaseError):  # what is left gives no input, or only a part of one (its weights, not X), or
            inputs = _inputs_of(rest)  # its first input explains nothing: the next input is tried
            if not inputs or inputs <= passed:
                break
            passed |= inputs
            continue
        claims, notes = got
        share = FURTHER_SHARE * (ROUNDED_SHARE if claims.amplified else 1)  # the audit judges its cells by interval
        core = {i for i in claims.fit if claims.explained(i, share)}
        by_id = {id(x): x for x in left}
        evidence = sum((claims.fit[i].agree + claims.fit[i].lines) * _digits(by_id[i]) for i in core if i in by_id)
        said = {i for i, f in claims.fit.items() if f.cells and written.get(i) in taken}  # (its own function's)
        if evidence < MIN_PART_DIGITS and not said:  # 0.1 and 0.3 agreeing with some weights by chance, zeros with a sine:
            inputs = {i for i in taken if i in by_id}  # no computation; a later input may still make one
            if not inputs or inputs <= passed:
                break
            passed |= inputs
            continue
        # once it stands, a row with a slip is its too
        mine = {i for i in claims.fit if claims.explained(i, 0.5 * (ROUNDED_SHARE if claims.amplified else 1))} | said
        shown = {i for i, f in claims.fit.items() if i in by_id and f.restated >= FURTHER_SHARE * _numbers(by_id[i])}
        # its givens printed again (most of the item's numbers): its inputs too
        found_parts.append((claims, text[len(header):], model_notes, notes, mine, taken | shown))
        # a table it explains only in part (its zeros, one row of it) stays open to a later computation; a result
        # of a function written on its input is this part's, wrong or not
        explained |= {i for i in mine if claims.explained(i, share)} | said | taken | shown
    return [Part(claims, text, model_notes, _notes_on(claims, notes, items), items, inputs)
            for (claims, text, model_notes, notes, _, inputs), items in zip(found_parts, _best_fits(found_parts))]


def _inputs_of(found: I.Items) -> set[int]:
    """The ids of the items a reading of ``found`` would take as its input X (none when it finds none)."""
    try:
        g = M.givens(found)
        first = M.first_matrix(found, g) if g.X is None else None
    except CaseError:
        return set()
    return set(g.x_items) | ({id(first[2])} if first is not None else set())


def _best_fits(found_parts: list) -> list[set[int]]:
    """The items each further computation explains: a table two of them explain goes to the one under which more
    of its cells agree (the first such on a tie): weights times a mask are no softmax of masked scores because
    their zeros agree."""
    def share(claims: infer.Claims, i: int) -> float:
        f = claims.fit[i]
        return f.agree / f.cells if f.cells else 1.0

    out = []
    for k, (claims, _, _, _, mine, _) in enumerate(found_parts):
        out.append({i for i in mine if all(share(claims, i) >= share(c, i) if j > k else share(claims, i) > share(c, i)
                                           for j, (c, _, _, _, theirs, _) in enumerate(found_parts)
                                           if j != k and i in theirs)})
    return out


def _notes_on(claims: infer.Claims, notes: list[Note], items: set[int]) -> list[Note]:
    """The notes of a computation, less those on items it leaves to another (the notes on no item kept)."""
    other = {k for i, span in claims.said.items() if i not in items for k in span}
    return [n for k, n in enumerate(notes) if k not in other]


def _numbers(x) -> int:
    """How many numbers an item states (a line of working counts one)."""
    if isinstance(x, I.Table):
        return sum(c is not None for row in x.rows for c in row)
    if isinstance(x, I.Named):
        return prod(V.shape(x.array))
    return 1 if isinstance(x, I.Work) else 0


MAX_SHORT_CELLS = 8  # agreeing cells a guessed model may claim, all plain numbers, before it counts as chance
PLAIN = {0.0, 0.5, 1.0, 2.0}  # values so common (a sine of 0, a cosine, a frequency of 1, a half) that …
PLAIN_DIGITS = 2  # … written with this many digits (1, 0.5, 1.0; not 1.0000), they say nothing of a model


def _plain_numbers(x) -> bool:
    """Whether every number of an item is a plain one (``PLAIN``), written with few digits."""
    values = [(t, V.number(t)) for t in _texts(x)]
    return bool(values) and all(v is not None and abs(float(v)) in PLAIN and
                                len(re.sub(r"\D", "", t).lstrip("0")) <= PLAIN_DIGITS for t, v in values)


def _texts(x) -> list[str]:
    """The numbers an item states, as written: a table's cells, an array's, a line of working's result."""
    if isinstance(x, I.Table):
        return [str(c) for row in x.rows for c in row if c is not None]
    if isinstance(x, I.Named):
        return [str(t) for t in _flat(x.array)]
    if isinstance(x, I.Work):
        return [t for t in [infer.result_text(x.text)] if t is not None]
    return []


def _digits(x) -> float:
    """The significant digits of an item's numbers, on average (0.1: 1, 1.4950: 5; a whole number 0)."""
    digits = [0 if float(n).is_integer() else infer.significant(n) for t in _texts(x)
              if (n := V.number(t)) is not None]
    return sum(digits) / len(digits) if digits else 0.0  # 1.0000, 0.000, 2.: a row sum, a mask, a count: no evidence


def _flat(a):
    for c in a:
        if isinstance(c, list):
            yield from _flat(c)
        elif c is not None:
            yield str(c)


_HEADERS = re.compile(r"(?m)^\[(\[?)\s*(model|claims|train|names)\b")


def _part_toml(part: Part, k: int, found: I.Items) -> str:
    """A further computation as ``[[parts]]`` of the case: its model and the claims of what it explains."""
    mine = part.claims.only(part.items)
    body = _HEADERS.sub(lambda m: f"[{m.group(1)}parts.{m.group(2)}", part.text + "\n" + mine)
    label = next((n[len("model: "):] for n in part.model_notes if n.startswith("model: ")), "another computation")
    return f"[[parts]]\ntitle = {toml_str(I.G.clip(f'part {k}: {label}', 120))}\n" + \
        formats.as_written(body, found.written)


def _printed_again(found: I.Items, items: set[int]) -> set[int]:
    """The lines of working a notebook's program printed on the lines of these arrays and tables (each number
    once: the computation that explains the array claims it, not the program's arithmetic too)."""
    lines = {k for x in found.found if id(x) in items and isinstance(x, (I.Named, I.Table))
             for k in {x.line, *(x.row_lines or ())}}
    return {id(x) for x in found.found if isinstance(x, I.Work) and x.computed and x.line in lines}


def _language(kind: str, text: str) -> str:
    """The document's language: an HTML document's own ``<html lang>``, else the script its text is in."""
    from ...report.scripts import language, language_tag

    own = re.search(r"<html\b[^>]*?\blang\s*=\s*[\"']?([^\"'\s>]*)", text[:20_000], re.I) if kind == "html" else None
    return language_tag(own.group(1) if own else None) or language(text)


def _choose(path: str, header: str, found: I.Items):
    """The model under which most of the document's numbers agree: each candidate the givens allow, with its open
    conventions chosen by the numbers (``_settle``)."""
    g = M.givens(found)
    cands = M.candidates(found, g, path)
    if not cands:
        raise NoModel(CaseError("the document gives no input to compute from", file=path,
                                expected="embeddings (a vector per token, or a matrix X), or Q, K, V, or a table of "
                                "inputs", found=_seen(found), hint="give the model with --givens CASE.toml"))
    best = said_best = None
    first_error: CaseError | None = None
    budget = [MAX_TRIES]
    for c in cands:
        got, text, chosen = _settle(path, header, found, M.givens_of(c, g), c, budget)
        if isinstance(got, CaseError):  # nothing fits as the words have it
            first_error = first_error or got
            continue
        key = (_score(got[0]), -c.prior)
        if best is None or key > best[0] or (c.prior == M.WRITTEN_PRIOR and (said_best is None or key > said_best[0])):
            said = [f"{k} = {v}" for k, v in chosen.items()]
            notes = [f"model: {c.label}" + (f" ({', '.join(said)}: more of the document's numbers agree that way)"
                                            if said else "")] + \
                [n for n in c.notes if n and not any(n.startswith((ch + ":", f"a sampling {ch}:")) for ch in chosen)]
            here = (key, (got, text, notes, M.givens_of(c, g)))
            if best is None or key > best[0]:
                best = here
            if c.prior == M.WRITTEN_PRIOR and (said_best is None or key > said_best[0]):
                said_best = here  # a function the document writes on its input: said, whatever agrees
        if _perfect(got[0], found) or budget[0] <= 0:
            break
    if best is None:
        assert first_error is not None
        raise NoModel(_none_held(path, found, first_error))
    claims, prior = best[1][0][0], -best[0][1]
    by_id = {id(x): x for x in found.found}
    agree = [(f.agree + f.lines, _digits(by_id[i])) for i, f in claims.fit.items() if i in by_id]
    if prior >= GUESSED and said_best is not None and _by_chance(claims, agree, by_id, found):
        return said_best[1]  # a guessed model that fits by chance gives way to what a line says it computes
    if prior >= GUESSED and _by_chance(claims, agree, by_id, found):  # a model guessed without stated weights
        raise NoModel(CaseError("nothing in the document could be audited", file=path,
                                expected="tables, vectors or lines of working that are steps of the model the givens "
                                "make", found=_seen(found) + "; none agrees with a model they allow beyond chance",
                                hint="give the model with --givens CASE.toml"))
    return best[1]


# a first model guessed without stated weights (a LayerNorm, positional encodings, Q = K = V = X, a function of a
# printed array: prior GUESSED or more) that claims a handful of numbers (MAX_CHANCE_CELLS) needs a few of them to
# agree (integer products of integer givens count), or agreeing digits: a chance 0.2 or 1.2 is neither
GUESSED = 3
MAX_CHANCE_CELLS = 4
MIN_FIRST_CELLS = 3
MIN_FIRST_DIGITS = 2


def _settle(path: str, header: str, found: I.Items, givens: set[int], c: M.Candidate, budget: list[int]):
    """A candidate's open conventions, chosen by how many of the document's numbers agree: every combination when
    they are few (a scaling and a mask: one shows only once the other is right), nearest the candidate's own
    first; else one axis at a time, swept again when a choice changed (a PE base shows only once its sine and
    cosine halves are laid out as the document has them). Returns what the model claims (or the CaseError
    loading it gives), its case text and the choices that differ from the candidate's own; ``budget`` counts
    the models tried for the whole document."""
    axes = [axis for axis, _ in c.axes]
    own = [M.choice_of(c.spec, axis) if M.choice_of(c.spec, axis) is not None else opts[0] for axis, opts in c.axes]
    options = [[o] + [x for x in opts if x != o] for o, (_, opts) in zip(own, c.axes)]
    tried: set[str] = set()

    start = c.spec  # (an axis the spec leaves open starts at the candidate's first option, as ``own`` says)
    for axis, o, (_, opts) in zip(axes, own, c.axes):
        if M.choice_of(start, axis) is None and o == opts[0]:
            start = M.with_choice(start, axis, o)

    def attempt(combo):
        spec = start
        for axis, o, v in zip(axes, own, combo):
            if v != o:
                spec = M.with_choice(spec, axis, v)
        text = header + M.model_toml(spec)
        if text in tried:
            return None
        tried.add(text)
        budget[0] -= 1
        return _try(path, text, found, givens, c.restated, c.named), text

    def done(got) -> bool:
        return budget[0] <= 0 or (not isinstance(got, CaseError) and _perfect(got[0], found))

    best = list(own)
    got, text = attempt(best)  # type: ignore[misc]
    if prod(len(o) for o in options) <= JOINT:
        for combo in sorted(product(*options), key=lambda combo: sum(v != o for v, o in zip(combo, own)))[1:]:
            if done(got):
                break
            t = attempt(list(combo))
            if t is not None and _better(t[0], got):
                (got, text), best = t, list(combo)
    else:
        for _sweep in range(SWEEPS):
            changed = False
            for k, opts in enumerate(options):
                for v in opts:
                    if done(got) or v == best[k]:
                        continue
                    trial = best[:k] + [v] + best[k + 1:]
                    t = attempt(trial)
                    if t is not None and _better(t[0], got):
                        (got, text), best, changed = t, trial, True
            if not changed:
                break
    return got, text, {axis.split(".")[-1]: str(v) for axis, o, v in zip(axes, own, best) if v != o}


def _better(a, b) -> bool:
    """A model's claims are better than another's (a CaseError is worse than any)."""
    return not isinstance(a, CaseError) and (isinstance(b, CaseError) or _score(a[0]) > _score(b[0]))


class NoModel(Exception):
    """No model the document's givens allow loads: ``error`` says why (a document with lines of working is still
    audited, as arithmetic; one without is a CaseError)."""

    def __init__(self, error: CaseError) -> None:
        super().__init__(str(error))
        self.error = error


SWEEPS = 2  # passes over a candidate's open conventions, one at a time
JOINT = 9  # combinations of a candidate's conventions tried all together (scale × mask: 3 × 3)

# the model of a document no model fits: nothing to compute, so that its lines of working are checked as arithmetic
NO_MODEL = '[model]\ntokens = ["·"]\n\n[model.embeddings]\n"·" = ["0"]\n'


def _arithmetic_only(path: str, header: str, found: I.Items, why: CaseError):
    """No model fits: the document's lines of working are still audited, as arithmetic, and the notes say why
    nothing else is."""
    from ..case import load

    reason = why.args[0] if why.args else str(why)
    case = load(path, header + NO_MODEL)
    notes: list[Note] = []
    claims = infer.arithmetic_only(found, case.engine, notes)
    notes.insert(0, Note(f"no model fits the document ({reason}): its lines of working are checked as arithmetic "
                         "only; give the model with --givens CASE.toml to audit the rest", NoteKind.NO_MODEL))
    return (claims, notes), header + NO_MODEL, ["model: none"], set()


def _by_chance(claims: infer.Claims, agree: list[tuple[int, float]], by_id: dict, found: I.Items) -> bool:
    """Whether a model guessed without stated weights claims what it claims by chance: a few numbers, with few
    digits; only results of lines of working, while most of what the document states (or most of its lines of
    working) fits none of it; or a few plain numbers only (1, 0.5, 2., 1.0: a PE's first cells, a row sum).
    ``agree``: for each item it explains, its agreeing cells (and lines) and their digits."""
    cells = sum(n for n, _ in agree)
    few = sum(f.cells for f in claims.fit.values()) <= MAX_CHANCE_CELLS and cells < MIN_FIRST_CELLS and \
        sum(n * d for n, d in agree) < MIN_FIRST_DIGITS
    no_array = claims.agree == 0 and (claims.unmatched > claims.matched or 2 * claims.work < _written(found))
    plain = 0 < cells <= MAX_SHORT_CELLS and all(_plain_numbers(by_id[i]) for i, f in claims.fit.items()
                                                 if i in by_id and f.agree + f.lines)
    return few or no_array or plain


def _none_held(path: str, found: I.Items, first: CaseError) -> CaseError:
    """No model the document's numbers suggest holds together: what was seen, and why the first one tried did not
    (the message of a case the reader built, not of the user's file: its line is the document's)."""
    why = first.message
    if first.key and first.expected:
        why += f" ({first.key}: expected {first.expected}" + (f", found {first.found}" if first.found else "") + ")"
    return CaseError("nothing in the document could be audited", file=path, line=first.line,
                     expected="tables, vectors or lines of working that are steps of a model its givens make",
                     found=f"{_seen(found)}; the model they suggest does not hold together: {why}",
                     hint="give the model with --givens CASE.toml")


def _score(c: infer.Claims) -> tuple[int, int]:
    return c.agree + c.work, -c.unmatched


def _perfect(c: infer.Claims, found: I.Items) -> bool:
    """Every cell claimed agrees, nothing is left unmatched, and every line of working the document writes is
    explained (a hidden layer's activation shows only in the lines after its pre-activations)."""
    return c.agree == c.cells and not c.unmatched and c.cells > 0 and c.work >= _written(found)


def _written(found: I.Items) -> int:
    """The lines of working the document writes (not those its program computes)."""
    return sum(1 for x in found.found if isinstance(x, I.Work) and not x.computed)


def _try(path: str, text: str, found: I.Items, givens: set[int], restated: tuple[str, ...] = (), named: bool = False):
    """The claims a model makes of the document, with the notes on them; or the CaseError loading it gives."""
    from ..case import load

    try:
        case = load(path, text)
    except CaseError as e:
        return e
    notes: list[Note] = []
    return infer.claims_toml(found, case.engine, notes, givens, restated, named), notes


def _seen(found: I.Items) -> str:
    """What a document holds, counted: for a message that says why nothing could be audited."""
    kinds = {"Named": ("array", "arrays"), "Table": ("table", "tables"), "Work": ("line of working", "lines of working"),
             "Tokens": ("token list", "token lists"), "LogRow": ("line of a training log", "lines of a training log")}
    counts: dict[str, int] = {}
    for x in found.found:
        counts[type(x).__name__] = counts.get(type(x).__name__, 0) + 1
    return ", ".join(f"{v} {kinds[k][v != 1]}" for k, v in counts.items()) or "no arrays, tables or lines of working"


def load_document(path: str, givens: str | None = None):
    """The case a document holds, loaded (its ``reading`` says what was read)."""
    from ..case import load

    reading = read_document(path, givens)
    return load(path, reading.toml, reading)


def _header(path: str, found: I.Items) -> str:
    title = found.title or next((p for p in found.prose if p and not any(ch.isdigit() for ch in p)),
                                Path(path).stem)
    return f"title = {toml_str(I.G.clip(title, 100))}\nsource = {toml_str(Path(path).name)}\n\n"


def _givens_text(givens: str) -> str:
    """A case file's model (everything before its first [[claims]]), for a document whose givens it supplies."""
    text = read_text(givens, "givens case file")
    text = re.split(r"(?m)^\s*\[\[claims\]\]", text)[0]
    return "\n".join(line for line in text.splitlines() if not re.match(r"\s*(title|source)\s*=", line)) + "\n"
