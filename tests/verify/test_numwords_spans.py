"""A count of decades or centuries (`numwords._spans`) is looked for only just before each "decade" / "centur": the
same years as `_SPAN` read at every character of the text (the plain reading, kept here as the reference)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from audit.verify import numwords
from audit.verify.numwords import numbers_in_words

_BASE = (
    "a one two three seventeen half a 12 5 123 decade decades century centuries Centuries DECADE of the for Tina "
    "xdecade decadent , 7 HALF a-decade 1-decade sixties dozen a\u00a0hundred"
)
WORDS = [*_BASE.split(" "), "", "\n", "\t" * 20, " " * 30]


def _plain(text: str) -> set[str]:
    out: set[str] = set()
    for m in numwords._SPAN.finditer(text):
        count, word = m.group(1).lower(), m.group(2).lower()
        how_many = numwords._HOW_MANY
        n = (
            int(count)
            if count.isdigit()
            else how_many.get(count, numwords.CARDINALS.index(count) if count in numwords.CARDINALS else 0)
        )
        out.add(f"{n * numwords._SPANS[word]:g}")
    return out


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=14))
def test_spans_read_near_each_unit_word_equal_the_plain_reading(words: list[str]) -> None:
    text = " ".join(words)
    assert numwords._spans(text) == _plain(text)


def test_counts_of_decades_and_centuries() -> None:
    assert numbers_in_words("It lasted three decades, half a century and seventeen   \t  centuries.") == {
        "30",
        "50",
        "1700",
    }
    assert numbers_in_words("Tina decade") == frozenset()  # no count: "a" inside a name is none
