"""A source's footnote markers ("[4]", "[12][13]", "[note 3]", "[4–6]") are no numbers it states: a claim's changed
figure is missing where only a marker holds it. From the training pairs' out-of-fold errors, round 4 (FactCheck-GPT's
"Between 1989 and 2005, Arsenal won four league titles" against a page's "they won five League titles ... [4]" was
found in the marker, and scored as supported)."""

from __future__ import annotations

import pytest

from audit.verify.footnotes import without_footnotes
from audit.verify.keyfacts import key_facts, missing_facts

_TITLES = "Between 1989 and 2005, Arsenal won five League titles.{} They completed the century in style."


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # failed before the rule: the marker held the claim's number
        ("Arsenal won four league titles.", _TITLES.format(" [4]"), ["missing_number:4"]),
        ("Arsenal won 4 league titles.", _TITLES.format("[4]"), ["missing_number:4"]),
        ("The peak is 17 metres high.", "The peak is 12 metres high.[17][18]", ["missing_number:17"]),
        ("The peak is 17 metres high.", "The peak is 12 metres high.[16, 17]", ["missing_number:17"]),
        ("The peak is 17 metres high.", "The peak is 12 metres high.[note 17]", ["missing_number:17"]),
        ("The peak is 17 metres high.", "The peak is 12 metres high.[15\u201317]", ["missing_number:17"]),
        # the number stated in the text is found, a marker beside it or not
        ("Arsenal won five league titles.", _TITLES.format(" [4]"), []),
        ("The peak is 17 metres high.", "The peak is 17 metres high.[17]", []),
        # a bracket holding more than a marker is text: a year, a count of a set, a number with a unit
        ("It was rebuilt in 1990.", "It was rebuilt [1990] after the fire.", []),
        ("She won 2 of 5 races.", "She won [2 of 5] races.", []),
        ("The dose is 5 mg.", "The dose [5 mg] is given daily.", []),
    ],
)
def test_footnote_marks(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


def test_without_footnotes() -> None:
    assert without_footnotes("won titles.[4][5] They") == "won titles.   They"
    assert without_footnotes("no marks here") == "no marks here"
    assert without_footnotes("a list [a, b]") == "a list [a, b]"
