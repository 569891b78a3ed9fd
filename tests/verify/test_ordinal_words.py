"""An ordinal in words is a key-fact number, keyed as its digits with their ending ("third" is 3rd): found where the
source states it in words (any case) or digits, missing where it states another. From the training pairs'
out-of-fold errors, round 3 (SummEdits' "touched 0.505% for a third straight session" against "a second straight
session" stated no number, and was scored as supported)."""

from __future__ import annotations

import pytest

from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.numwords import claim_ordinals

_YIELDS = "The 10-year yield touched 0.505% for a {} straight session."


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # failed before the rule: the ordinal stated no number, and the other one was found
        (_YIELDS.format("third"), _YIELDS.format("second"), ["missing_number:3rd"]),
        (_YIELDS.format("third"), _YIELDS.format("third"), []),
        (_YIELDS.format("third"), "Third straight session: the 10-year yield touched 0.505%.", []),
        (_YIELDS.format("third"), "The 10-year yield touched 0.505% for the 3rd straight session.", []),
        ("Nixon was the thirty-seventh president.", "Nixon was the 37th president.", []),
        ("Nixon was the thirty seventh president.", "Nixon was the thirty-seventh president.", []),
        ("Nixon was the thirty-seventh president.", "Nixon was the 36th president.", ["missing_number:37th"]),
        # no ordinal: a fraction, an idiom, a part of a year, "first", a second of time
        ("A third of voters backed the plan.", "One in three voters backed the plan.", []),
        ("The app shares data with third-party firms.", "The app shares data with outside firms.", []),
        ("The app shares data with third party firms.", "The app shares data with outside firms.", []),
        ("She was the first woman to win.", "She was the earliest woman to win.", []),
        ("The flash lasts a second or two.", "The flash is brief.", []),
        ("It moves one metre per second squared.", "It accelerates at one metre per second squared.", []),
    ],
)
def test_ordinal_words(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # held out: written after the rule
        ("Valencia is the third largest city in Spain.", "Valencia is Spain's third-largest city.", []),
        (
            "Valencia is the third largest city in Spain.",
            "Valencia is Spain's second-largest city.",
            ["missing_number:3rd"],
        ),
        ("The song is on her second studio album.", "The song is on her 2nd studio album, Prism.", []),
        ("The song is on her second studio album.", "The song is on her debut studio album.", ["missing_number:2nd"]),
        ("Lincoln was the sixteenth president.", "Lincoln, the Sixteenth President, was born in 1809.", []),
        # a date's day is the date's (`keyfacts` reads it), no ordinal
        ("The shop opened on the fifth of March 2020.", "The shop opened on 5 March 2020.", []),
        ("The shop opened on March fifth, 2020.", "The shop opened on 5 March 2020.", []),
        (
            "The shop opened on the fifth of March 2020.",
            "The shop opened on 6 March 2020.",
            ["missing_date:5 of March 2020"],
        ),
    ],
)
def test_ordinal_words_held_out(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim,ordinals",
    [
        ("for a third straight session", ("3rd",)),
        ("the twenty-first pick and the second-largest city", ("21st", "2nd")),
        ("in the third quarter of 2021", ()),  # a part of a year (`seasons`)
        ("in the seventeenth century", ()),
        ("Second, the plan failed.", ()),  # capitalised: a discourse marker, a title ("Second Amendment")
        ("two-thirds of the vote", ()),
        ("a split second decision", ()),
    ],
)
def test_claim_ordinals(claim: str, ordinals: tuple[str, ...]) -> None:
    assert claim_ordinals(claim) == ordinals
