"""Many values at once (show, tables): one ball pass per precision for all of them, never a value refined
alone; the same digits as asking one value at a time."""

from __future__ import annotations

import exactformer
from exactformer.numeric import engine as engine_module
from exactformer.numeric.ball import decimal_parts
from exactformer.report.show import JSON_ABOUT, everything, json_values

from .conftest import SEED

FULL = SEED.parent / "oni-ni-kanabou-full.toml"


def _one_at_a_time(eng, sig):
    out = {}
    g = eng.graph
    for a in everything(eng):
        for b in g.scalars(a):
            out[g.name(b)] = decimal_parts(eng.decimal(b, sig)).plain()  # as show's JSON writes it
    return out


def test_batch_digits_match_one_at_a_time():
    """Every value of the continued seed, printed together, reads exactly as each printed alone."""
    for sig in (6, 30):
        together = json_values(exactformer.load(FULL).engine, everything(exactformer.load(FULL).engine), sig)
        together.pop(JSON_ABOUT)
        alone = _one_at_a_time(exactformer.load(FULL).engine, sig)
        assert together == alone


def test_one_pass_when_the_first_precision_suffices(monkeypatch):
    """30 digits of every value of the continued seed: one forward pass, and no value asks for its own."""
    eng = exactformer.load(FULL).engine
    calls = []
    monkeypatch.setattr(engine_module.Engine, "decimal", lambda self, a, sig=12: calls.append(a))
    before = eng.numeric.passes  # (loading checked the values once, at the first precision)
    json_values(eng, everything(eng), 30)
    assert eng.numeric.passes == before + 1
    assert calls == []


def test_refinement_is_one_pass_for_all(monkeypatch):
    """When the first precision is too low for the digits asked (forced here: 128 bits for 40 digits), the values
    wait for one more pass together: one pass more for them all, whatever their number, none refined alone."""
    monkeypatch.setattr(engine_module, "start_for", lambda sig, grad=False: 128)
    eng = exactformer.load(FULL).engine
    calls = []
    real = engine_module.Engine.decimal
    monkeypatch.setattr(engine_module.Engine, "decimal", lambda self, a, sig=12: calls.append(a) or real(self, a, sig))
    assert list(eng.numeric._fwd) == [(128, 0)]  # loading ran the first pass: too wide for 40 digits
    before = eng.numeric.passes
    values = json_values(eng, everything(eng), 40)
    values.pop(JSON_ABOUT)
    assert eng.numeric.passes == before + 1  # one more, at 256 bits, for every value at once
    assert list(eng.numeric._fwd) == [(128, 0), (256, 0)]
    assert calls == []
    assert len(values) > 1000
    monkeypatch.undo()
    assert values == _one_at_a_time(exactformer.load(FULL).engine, 40)


def test_digits_of_a_very_precise_ball_on_a_digit_boundary():
    """A ball of thousands of certain digits that still straddles a digit (a value on 1/4 up to 2^-15000)
    answers None (undecided), without asking Python for an integer of more than 4,300 digits."""
    from flint import arb

    from exactformer.numeric.ball import _truncate, precision

    with precision(16384):
        assert _truncate(arb(1) / 4 - arb(2) ** -15000 + arb(0, arb(2) ** -14000), 12) is None
        assert _truncate(arb(1) / 4 - arb(2) ** -15000, 12) is None  # 4,500 digits to look at: more than it may
        assert _truncate(arb(1) / 3, 1000) == "0." + "3" * 1000 + "…"


def test_json_text_is_the_objects_json(write_case):
    """show's JSON written a step at a time is the object's JSON byte for byte: every step, one cell, a row and
    a step named twice (which the object writes once), a symbolic case and one with undefined values."""
    from exactformer.report.show import json_chunks, json_text

    from .conftest import case_text

    symbolic = write_case(case_text(["a", "b"], {"a": ["w", "0.5"], "b": ["0.25", "0.5"]},
                                    [{"Wq": [[1, 0], [0, 1]], "Wk": [[2, 0], [0, 1]], "Wv": [[1, 0], [0, 1]]}]),
                          "symbolic.toml")
    huge = write_case(case_text(["a", "b"], {"a": ["1e10000", "0.2"], "b": ["0.3", "0.4"]},
                                [{"Wq": [[1, 0], [0, 1]], "Wk": [[1, 0], [0, 1]], "Wv": [[1, 0], [0, 1]]}]), "huge.toml")
    for path, picks in ((FULL, None), (FULL, ["L1.Q", "L2.context[鬼]", "loss", "L1.Q[金棒]", "L1.Q"]),
                        (FULL, ["exp[鬼,金棒]", "L1.ln1"]), (symbolic, None), (huge, None)):
        eng = exactformer.load(path).engine
        addrs = everything(eng) if picks is None else [eng.graph.parse(p) for p in picks]
        for sig in (6, 30):
            assert "".join(json_text(eng, addrs, sig)) == "".join(json_chunks(json_values(eng, addrs, sig)))


def test_ball_texts_read_each_ball_as_ball_text():
    """The many-values reading (a pass's balls) gives each ball's own ball_text: signs, tiny and large
    magnitudes, integers, exact balls, balls too wide, on a digit boundary, infinite or NaN."""
    from flint import arb, ctx

    from exactformer.numeric.ball import ball_text, ball_texts

    old = ctx.prec
    try:
        ctx.prec = 256
        balls = [arb(1) / 3, -arb(2) / 7, arb(10) ** 29 / 3, arb(10) ** 30 / 7, arb(10) ** 61 / 3, arb(10) ** -59 / 3,
                 arb(10) ** -62 / 7, arb(1) / 2, arb(0), arb("1 +/- 1e-40"), arb("0.5 +/- 1e-10"), arb(1) - arb(10) ** -40,
                 arb("inf"), arb("nan"), arb(123456789) / 1000, -arb(10) ** 5 / 9, arb(1) + arb(10) ** -35 / 3,
                 arb(10) ** -61 / 3, -arb(10) ** -315 * 7 / 3, arb(-1000).exp(), -arb(1000).exp() / 7,
                 arb(10) ** 61 / 7, arb(10) ** 60 / 3, arb(10) ** -61 * (1 - arb(10) ** -60),
                 arb(10) ** -100 * arb("1 +/- 1e-30"), arb(10) ** 200 * 3 + arb(10) ** 170 / 7,
                 arb(10) ** 62 / 3, -arb(10) ** 63 / 7]
        for sig in (1, 6, 12, 30, 40, 61, 70, 190, 200):
            assert ball_texts(balls, sig) == [ball_text(b, sig) for b in balls]
    finally:
        ctx.prec = old


def test_json_text_in_pieces_is_the_same_json(monkeypatch):
    """A step of more values than one piece holds is written in several, the same bytes."""
    from exactformer.report import show
    from exactformer.report.show import json_chunks, json_text

    eng = exactformer.load(FULL).engine
    addrs = everything(eng)
    whole = "".join(json_chunks(json_values(eng, addrs, 12)))
    monkeypatch.setattr(show, "CHUNK_LINES", 7)
    pieces = list(json_text(eng, addrs, 12))
    assert "".join(pieces) == whole and len(pieces) > len(addrs) + 2
