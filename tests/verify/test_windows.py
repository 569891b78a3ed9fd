"""Source windows indexed per sentence: a window's words and the windows holding a word, as if each window were
tokenized on its own."""

from __future__ import annotations

from itertools import pairwise

import pytest

from audit.verify.features import _content_sequence, _holding, index_source
from audit.verify.text import (
    MAX_WINDOW_CHARS,
    SourceWindow,
    _pieces,
    _words,
    content_words,
    postings,
    sentence_windows,
)

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


def _windows_one_by_one(source: str, size: int) -> list[SourceWindow]:
    """The windows as the index listed them before it made them on demand: width by width, position by position,
    a window of several sentences longer than MAX_WINDOW_CHARS left out."""
    sents = _pieces(source)
    out = []
    for width in range(1, size + 1):
        for i in range(len(sents) - width + 1):
            s, e = sents[i][0], sents[i + width - 1][1]
            if width == 1 or e - s <= MAX_WINDOW_CHARS:
                out.append(SourceWindow(s, e, source[s:e], width))
    return out


LONG = "A sentence of some length that goes on for a while, well past what a short one holds. " * 30


@pytest.mark.parametrize("source", [*SOURCES, LONG, "x. " * 3, "One. Two."], ids=range(len(SOURCES) + 3))
@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_windows_made_on_demand_are_the_windows_listed_one_by_one(source: str, size: int) -> None:
    layout = sentence_windows(source, size)
    expected = _windows_one_by_one(source, size)
    assert len(layout.windows) == len(expected)
    assert list(layout.windows) == expected
    assert layout.windows[1:3] == tuple(expected[1:3])
    assert [layout.windows[-1]] == expected[-1:] if expected else not layout.windows
    assert [(int(f), int(la)) for f, la in zip(layout.first, layout.last, strict=True)] == [
        (w_first, w_first + w.sentences)
        for w, w_first in zip(expected, _first_sentences(source, expected), strict=True)
    ]


def _first_sentences(source: str, windows: list[SourceWindow]) -> list[int]:
    starts = [s for s, _ in _pieces(source)]
    return [starts.index(w.start) for w in windows]


# the page read once for its sentences' words and its word pairs (`text._piece_words`): where only whitespace lies
# between the pieces the pairs come from the pieces' words, else from the page tokenized whole; either way the same
JOINED = [
    *SOURCES,
    LONG,
    "  Leading spaces. Trailing ones too.   ",
    "» A mark before the first sentence. Then one more.",
    "It ends here.Next sentence with no space.Another 3.5 km, the U.S.' share",
    "İstanbul'un nüfusu arttı. Die Straße ist lang. ΣΟΦΙΑ Σοφία. İİİ abc.",
    "Curly’s apostrophe's words. Don’t split them.\u00a0Non-breaking space between sentences.",
    "a" * 700 + "b" * 700 + ". Tail sentence here.",
]


@pytest.mark.parametrize("source", JOINED, ids=range(len(JOINED)))
def test_sentence_words_and_word_pairs_are_those_of_tokenizing_each_alone(source: str) -> None:
    layout = sentence_windows(source, 3)
    assert layout.sentence_words == [_words(source[s:e]) for s, e in _pieces(source)]
    assert layout.sequence == _content_sequence(source)
    assert index_source(source, 3).bigrams == frozenset(pairwise(_content_sequence(source)))


def test_postings_list_each_word_as_the_setdefault_loop_did() -> None:
    """`text.postings`: the same words in the same order, each with the same sentence indices, as the old loop."""
    layout = sentence_windows(" ".join(JOINED), 3)
    expected: dict[str, list[int]] = {}
    for i, ws in enumerate(layout.sentence_words):
        for t in ws:
            expected.setdefault(t, []).append(i)
    got = postings(layout.sentence_words)
    assert type(got) is dict
    assert list(got.items()) == list(expected.items())
