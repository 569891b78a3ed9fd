"""The plural stem both the count check (`audit/verify/vague.py`) and the record check (`audit/verify/superlatives.py`)
compare nouns by: a noun and its plural meet, whatever the case (`audit.verify.text.noun_stem`)."""

from __future__ import annotations

import pytest

from audit.verify.superlatives import record_widened
from audit.verify.text import noun_stem
from audit.verify.vague import count_said_otherwise


@pytest.mark.parametrize(
    ("words", "want"),
    [
        (("city", "cities", "Cities"), "city"),  # -ies is -y: vague.py's, where superlatives.py cut "cit"
        (("building", "buildings", "Buildings"), "building"),
        (("box", "boxes"), "box"),
        (("gas", "bus", "yes"), None),  # fewer than three letters left: kept whole
    ],
)
def test_a_noun_and_its_plural_meet(words: tuple[str, ...], want: str | None) -> None:
    got = {noun_stem(w) for w in words}
    assert got == ({want} if want else {w.lower() for w in words}), got


def test_both_callers_compare_a_noun_with_its_plural() -> None:
    # the count check: "a couple of cities" against a figure of "cities" / "city"
    said = count_said_otherwise("A couple of cities voted for the plan.", ["In all, 48 cities voted for the plan."])
    assert said == "a couple of/48", said
    # the record check: a record of "the largest cities" now, "the largest city" only in the past
    widened = record_widened("Lagos is the largest city in Africa.", ["Lagos was the largest city in Africa."])
    assert widened == "is the largest city/was the largest city", widened
    plural = record_widened(
        "They are the largest cities in Africa.", ["They were the largest cities in Africa until 1990."]
    )
    assert plural == "are the largest cities/were the largest cities", plural
