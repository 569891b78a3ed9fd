"""The false-alarm sweep, round 13, as pure functions: a closed name its source writes apart
(`compounds.compound_found`), a measure converted between systems of units (`conversions.converted_numbers`, read by
`keyfacts.missing_facts`), a state by its people's adjective (`demonyms`, the same) and a deed said again by its
pronoun (`events.deed_resumed`, read by `swaps.swapped_words`). The real-CLI cases are in
tests/cli/test_false_alarms_round13.py."""

from __future__ import annotations

import pytest

from audit.verify.compounds import compound_found


@pytest.mark.parametrize(
    ("missing", "source", "found"),
    [
        (["Walmart"], "Wal-Mart opened its first store", {"Walmart"}),
        (["Walmart"], "WAL-MART opened its first store", {"Walmart"}),
        (["Walmart"], "Wal Mart opened its first store", {"Walmart"}),
        (["Walmart's"], "Wal-Mart opened its first store", {"Walmart's"}),
        (["Walmart"], "the wal mart opened its first store", set()),  # open and lower case: two words
        (["Redwood"], "the red wood trail", set()),
        (["Walmart"], "Wal-Greens opened its first store", set()),
        (["Walmart"], "the Wal-Martian stores", set()),  # a part of a longer word
        (["Wal"], "Wal-Mart opened", set()),  # too short to be a closed compound
    ],
)
def test_a_closed_name_written_apart(missing: list[str], source: str, found: set[str]) -> None:
    assert compound_found(missing, tuple(missing), source) == found
