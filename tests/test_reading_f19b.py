"""Decoder-era documents (wild19): one small document of our own per rule."""

from __future__ import annotations

from exactformer.read.documents import read_document


def _values(toml: str) -> str:
    """The claimed values of a read case (its ``values = { … }`` lines), joined."""
    return "\n".join(line for line in toml.splitlines() if line.startswith("values = "))


def test_a_mask_fill_value_in_a_table_cell_is_no_claim(tmp_path):
    """| -1e9 | in a table of masked scores is the mask's fill, like −∞: the other cells are claimed, it is not."""
    doc = tmp_path / "mask.md"
    doc.write_text("# Causal attention\n\nCausal mask, Q = K = V = X, no projections, scaled by √2.\n\n"
                   "| token | x1 | x2 |\n|---|---|---|\n| a | 1 | 0 |\n| b | 0 | 1 |\n\n"
                   "| scaled + mask | a | b |\n|---|---|---|\n| **a** | 0.7071 | -1e9 |\n| **b** | 0 | 0.7071 |\n\n"
                   "| weights | a | b |\n|---|---|---|\n| **a** | 1 | 0 |\n| **b** | 0.3302 | 0.6698 |\n",
                   encoding="utf-8")
    r = read_document(str(doc))
    got = _values(r.toml)
    assert '"scaled[a,a]" = "0.7071"' in got and '"weights[b,b]" = "0.6698"' in got
    assert "-1e9" not in got


def test_a_loop_printing_its_temperature_before_each_array_labels_the_rows(tmp_path):
    """``print(T, np.round(softmax(z / T), 4))`` for T = 1, 0.5, 2: each line's first number is its row's
    temperature, so each array is the softmax at that temperature (in the loop's order, not the prose's)."""
    doc = tmp_path / "temp.md"
    doc.write_text("# Temperature notes\n\nThe logits of the last position:\n\n"
                   "| piece | z |\n|---|---|\n| ▁ka | 1.5 |\n| ▁ki | 0.2 |\n| ▁ku | -0.4 |\n\n"
                   "Sampling temperature T = 0.5, then T = 1 and T = 2.\n\n"
                   "```python\nfor T in [1.0, 0.5, 2.0]:\n    print(T, np.round(softmax(z / T), 4))\n```\n\n"
                   "```\n1.0 [0.7032 0.1916 0.1052]\n0.5 [0.9119 0.0677 0.0204]\n2.0 [0.5239 0.2735 0.2026]\n```\n",
                   encoding="utf-8")
    r = read_document(str(doc))
    got = _values(r.toml)
    assert '"probs[T=1][▁ka]" = "0.7032"' in got and '"probs[T=0.5][▁ka]" = "0.9119"' in got
    assert '"probs[T=2][▁ku]" = "0.2026"' in got


def test_pipes_in_a_code_span_stay_in_their_cell_and_the_perplexity_is_read(tmp_path):
    """`<|eot|>` in a table is one token in one cell; a column of each target's p, ln p, the mean loss worked on
    a line and e^loss are the cross-entropy's quantities (probs at the target, logprob, loss, ppl)."""
    doc = tmp_path / "ppl.md"
    doc.write_text("# Perplexity by hand\n\nLogits per position; the true next token is the last column.\n\n"
                   "| position | `Ġx` | `Ġy` | `<|eot|>` | true next |\n|---|---|---|---|---|\n"
                   "| `<|eot|>` | 1.0 | 0.0 | -1.0 | `Ġy` |\n| `Ġx` | 0.5 | 1.5 | 0.0 | `<|eot|>` |\n\n"
                   "| position | true next | p | ln p |\n|---|---|---|---|\n"
                   "| `<|eot|>` | `Ġy` | 0.2447 | -1.4076 |\n| `Ġx` | `<|eot|>` | 0.1402 | -1.9644 |\n\n"
                   "loss = (1.4076 + 1.9644) / 2 = 3.372 / 2 = 1.686\n\n"
                   "perplexity = e^1.686 = 5.3978\n", encoding="utf-8")
    r = read_document(str(doc))
    got = _values(r.toml)
    assert '"probs[<|eot|>][Ġy]" = "0.2447"' in got and '"probs[Ġx][<|eot|>]" = "0.1402"' in got
    assert '"logprob[<|eot|>]" = "-1.4076"' in got and '"logprob[Ġx]" = "-1.9644"' in got
    assert 'of = "loss"' in r.toml and 'of = "ppl"' in r.toml
    assert '"logits[<|eot|>][Ġx]"' not in got  # the given logits restate the givens


def test_a_head_tied_to_the_embedding_over_printed_hidden_states(tmp_path):
    """``logits = hidden @ wte.T``: hidden states printed as a [1, 2, 2] tensor (batch bracket), the embedding a
    row per word, the tokens by their ids; the shifted cross-entropy ``tensor(1.5535)`` and ``torch.exp(loss)``
    printed by the expression ending their cells."""
    doc = tmp_path / "lm.md"
    doc.write_text("# The LM head\n\nThe output layer ties its weights to the input embedding.\n\n"
                   "```python\nvocab = [\"a\", \"b\", \"c\"]\ninput_ids = torch.tensor([[0, 1]])\n"
                   "hidden = out.last_hidden_state\nhidden\n```\n\n"
                   "```python out\ntensor([[[ 0.5000, -0.2000],\n         [ 0.1000,  0.8000]]])\n```\n\n"
                   "```python\nwte = model.get_input_embeddings().weight\nwte\n```\n\n"
                   "```python out\ntensor([[ 0.3000,  0.1000],\n        [-0.4000,  0.6000],\n"
                   "        [ 0.7000, -0.5000]])\n```\n\n"
                   "```python\nlogits = hidden @ wte.T\nlogits\n```\n\n"
                   "```python out\ntensor([[[ 0.1300, -0.3200,  0.4500],\n         [ 0.1100,  0.4400, -0.3300]]])\n"
                   "```\n\n"
                   "```python\nshift_labels = input_ids[:, 1:]\nloss = F.cross_entropy(logits[0, :-1], shift_labels[0])\n"
                   "loss\n```\n\n```python out\ntensor(1.5535)\n```\n\n"
                   "```python\ntorch.exp(loss)\n```\n\n```python out\ntensor(4.7281)\n```\n", encoding="utf-8")
    r = read_document(str(doc))
    got = _values(r.toml)
    assert '"logits[a][c]" = "0.4500"' in got and '"logits[b][b]" = "0.4400"' in got
    assert '"loss" = "1.5535"' in got and '"ppl" = "4.7281"' in got
    assert '"0.5000", "-0.2000"' in r.toml  # the hidden states are the givens


def test_the_last_position_sampled_at_a_temperature_is_a_row_of_its_own(tmp_path):
    """A causal LM's last position sampled at T = 0.5 beside its plain softmax: both rows are read."""
    doc = tmp_path / "lmt.md"
    doc.write_text("# The LM head\n\nThe output layer ties its weights to the input embedding.\n\n"
                   "```python\nvocab = [\"a\", \"b\", \"c\"]\ninput_ids = torch.tensor([[0, 1]])\nhidden\n```\n\n"
                   "```python out\ntensor([[[ 0.5000, -0.2000],\n         [ 0.1000,  0.8000]]])\n```\n\n"
                   "```python\nwte\n```\n\n"
                   "```python out\ntensor([[ 0.3000,  0.1000],\n        [-0.4000,  0.6000],\n"
                   "        [ 0.7000, -0.5000]])\n```\n\n"
                   "```python\nlogits[:, -1, :].softmax(-1)\n```\n\n```python out\ntensor([[0.3295, 0.4583, 0.2122]])\n"
                   "```\n\nWith temperature = 0.5:\n\n"
                   "```python\n(logits[:, -1, :] / 0.5).softmax(-1)\n```\n\n"
                   "```python out\ntensor([[0.2985, 0.5776, 0.1238]])\n```\n", encoding="utf-8")
    r = read_document(str(doc))
    got = _values(r.toml)
    assert '"probs[b][b]" = "0.4583"' in got and '"probs[T=0.5][b]" = "0.5776"' in got


def _decimal(case, address: str):
    import mpmath

    return mpmath.mpf(case.engine.decimal(case.engine.graph.parse(address), 30).rstrip("…"))


def test_the_language_model_quantities_of_a_cross_entropy_against_mpmath():
    """logprob[t] = ln p[t][target], loss.sum = Σ_t loss[t], ppl = e^loss (the mean), checked against mpmath at
    60 digits; no perplexity with a log of another base (it would be b^loss), no loss.sum for a summed loss."""
    import mpmath
    import pytest

    from exactformer.errors import AddressError, ExactformerError
    from exactformer.read.case import load

    mpmath.mp.dps = 60
    rows = [["1.0", "0.0", "-1.0"], ["0.5", "1.5", "0.0"]]
    vocab, targets = ["x", "y", "z"], {"a": "y", "b": "z"}

    def case(extra: str = ""):
        emb = "\n".join(f'{t} = [{", ".join(chr(34) + v + chr(34) for v in r)}]' for t, r in zip("ab", rows))
        eye = "[" + ", ".join("[" + ", ".join('"1"' if i == j else '"0"' for j in range(3)) + "]" for i in range(3)) + "]"
        return load("t.toml", f'title = "t"\n[model]\ntokens = ["a", "b"]\n[model.embeddings]\n{emb}\n'
                              f'[model.head]\nvocab = ["x", "y", "z"]\nW = {eye}\n[model.loss]\nkind = "cross_entropy"\n'
                              f'{extra}[model.loss.targets]\na = "y"\nb = "z"\n')

    c = case()
    logp = []
    for t, r in zip("ab", rows):
        e = [mpmath.e ** mpmath.mpf(v) for v in r]
        logp.append(mpmath.log(e[vocab.index(targets[t])] / sum(e)))
        assert abs(_decimal(c, f"logprob[{t}]") - logp[-1]) < mpmath.mpf(10) ** -25
    assert abs(_decimal(c, "loss.sum") + sum(logp)) < mpmath.mpf(10) ** -25
    assert abs(_decimal(c, "ppl") - mpmath.e ** (-sum(logp) / 2)) < mpmath.mpf(10) ** -25
    summed = case('reduction = "sum"\n')
    with pytest.raises((AddressError, ExactformerError)):
        summed.engine.graph.parse("loss.sum")
