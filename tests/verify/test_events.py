"""Another event of the same thing and the converse of a relation are no swapped word; the opposite at the same
place still is (`audit.verify.events`, read through `swaps.swapped_words`)."""

from __future__ import annotations

import pytest

from audit.verify.swaps import swapped_words

CASES = [
    # another event at another date, the claim's date stated elsewhere in the sentence
    ("World War II ended in 1945.", "World War II began in 1939 and lasted six years, until 1945.", ()),
    ("Apple stock closed at $150 on Friday.", "Apple stock opened at $148 on Friday and finished the day at $150.", ()),
    # the parties swapped with the verb
    (
        "Brazil won the 2002 World Cup final against Germany in Yokohama.",
        "Germany lost the 2002 World Cup final to Brazil in Yokohama.",
        (),
    ),
    # the opposite at the same place and date, or the parties kept: still swapped
    ("The museum opened in 1990.", "The museum closed in 1990.", ("opened/closed",)),
    ("The school year begins in September.", "The school year ends in September.", ("begins/ends",)),
    (
        "Germany won the 2002 World Cup final against Brazil in Yokohama.",
        "Germany lost the 2002 World Cup final to Brazil in Yokohama.",
        ("won/lost",),
    ),
    ("Apple stock closed at $148 on Friday.", "Apple stock opened at $148 on Friday.", ("closed/opened",)),
]


@pytest.mark.parametrize(("claim", "source", "want"), CASES)
def test_swapped_words_read_past_another_event_and_a_converse(claim: str, source: str, want: tuple[str, ...]) -> None:
    assert swapped_words(claim, [source]) == want
