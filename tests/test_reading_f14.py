"""Documents written as people write them (wild14): one small document of our own per rule."""

from __future__ import annotations

from exactformer.read.documents import read_document


def test_a_position_column_beside_a_column_of_vectors_names_the_rows(tmp_path):
    """| pos | x | with [vectors]: the positions are the rows' labels, the vectors the inputs (not a scalar table
    before it), so a later x + PE table is matched."""
    doc = tmp_path / "pe.md"
    doc.write_text("# PE\n\nSinusoidal positional encoding, d = 2, positions from 0.\n\n"
                   "| pos | angle |\n|---|---|\n| 0 | 0 |\n| 1 | 1 |\n\n"
                   "| pos | x |\n|---|---|\n| 0 | [0.3, -0.6] |\n| 1 | [0.1, 0.4] |\n\n"
                   "| pos | x + PE |\n|---|---|\n| 0 | [0.30000, 0.40000] |\n| 1 | [0.94147, 0.94030] |\n",
                   encoding="utf-8")
    r = read_document(str(doc))
    assert '"0.3", "-0.6"' in r.toml and "0.94147" in r.toml
    assert r.unmatched == 0 and r.matched >= 2
