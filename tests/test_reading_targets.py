"""The word a document names as the next-token target, when the sentence's own punctuation could be a word of
the vocabulary too (a vocabulary with "." or "。" in it): our own small sentences."""

from __future__ import annotations

import pytest

from exactformer.read.documents import items_of
from exactformer.read.documents import models as M


def _target(tmp_path, text: str, vocab: list[str]) -> str | None:
    p = tmp_path / "t.md"
    p.write_text(text, encoding="utf-8")
    _kind, found = items_of(str(p), text)
    return M.target_word(M.givens(found), vocab)


@pytest.mark.parametrize("text, vocab, want", [
    # a Chinese sentence without spaces, whose target is the full stop itself, quoted
    ("# 例\n\n词表:他、来、了、。。用「了」预测下一个词,下一个词是「。」。\n", ["他", "来", "了", "。"], "。"),
    # an English sentence ending in a full stop that is also a word of the vocabulary
    ("# Example\n\nThe vocabulary is tea, is, hot and the full stop. The target is hot.\n",
     ["tea", "is", "hot", "."], "hot"),
])
def test_the_sentence_final_stop_is_no_target_but_a_quoted_one_is(tmp_path, text, vocab, want):
    assert _target(tmp_path, text, vocab) == want
