"""Source windows indexed per sentence: a window's words and the windows holding a word, as if each window were
tokenized on its own."""

from __future__ import annotations

import pytest

from audit.verify.features import _holding, index_source
from audit.verify.text import content_words

SOURCES = [
    "The bridge opened in 1932. It carries six lanes of traffic.\nTolls were removed in 1970! Cyclists use it daily.",
    "Revenue rose 5% (to $3.2bn).The board approved a buyback.  Shares rose; analysts were surprised. " * 3,
    "A table | with cells | and no full stops " * 40 + ". Then a sentence. And another one here.",
    "Single sentence without an ending",
    "Start here. "
    + "abc" * 300
    + " then the tail. The end.",  # a 900-character run is cut with no gap: tokenized whole
    "",
]


@pytest.mark.parametrize("source", SOURCES, ids=range(len(SOURCES)))
def test_window_words_are_the_words_of_the_window_text(source: str) -> None:
    src = index_source(source, 3)
    for j, w in enumerate(src.windows):
        assert src.layout.words(j) == content_words(w.text), (j, w.text)


@pytest.mark.parametrize("source", SOURCES, ids=range(len(SOURCES)))
def test_a_window_holds_a_word_when_its_text_does(source: str) -> None:
    src = index_source(source, 3)
    for t in [*sorted(src.all_words), "absent"]:
        expected = [t in content_words(w.text) for w in src.windows]
        assert _holding(t, src).tolist() == expected, t
