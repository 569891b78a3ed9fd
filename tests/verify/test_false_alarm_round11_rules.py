"""The false-alarm sweep, round 11, as pure functions: a sum in its currency's hundredth (`subunits.money`), a
negation said as a state (`states.said_as_state`), a score of nothing in words (`numwords.numbers_in_words`). The
real-CLI cases are in tests/cli/test_false_alarms_round11.py."""

from __future__ import annotations

import pytest

from audit.verify.direction import direction_mismatch
from audit.verify.features import negation_mismatch
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.numwords import numbers_in_words
from audit.verify.states import said_as_state
from audit.verify.subunits import money


@pytest.mark.parametrize(
    ("text", "sums"),
    [
        ("A stamp costs 85 cents.", [("85", "cent", 0.85)]),
        ("A stamp costs $0.85.", [("0.85", "cent", 0.85)]),
        ("A loaf costs 90p.", [("90", "penny", 0.9)]),
        ("It costs £0.90 or 1.50 euros.", [("0.90", "penny", 0.9), ("1.50", "cent", 1.5)]),
        ("The deal was worth $2.3 billion.", []),  # a scale word: no sum in cents
        ("Temperatures reached 35C.", []),  # no "c" for a cent: a temperature
        ("See page 5 p of the report, version 2.5p.", []),  # "p" only joined to a whole number
    ],
)
def test_sums_of_money_and_their_families(text: str, sums: list[tuple[str, str, float]]) -> None:
    assert [(k, f, round(v, 4)) for k, f, v in money(text)] == sums


@pytest.mark.parametrize(
    ("negated", "plain"),
    [
        ("The vaccine has not yet been approved.", "The vaccine is still awaiting approval."),
        ("He has not been sentenced.", "He is awaiting sentencing."),
        ("The council has not decided yet.", "The council is still awaiting a decision."),
        ("The deal has not been finalised.", "The deal is still pending."),
        ("The suspect has not been caught.", "The suspect remains at large."),
        ("He did not have a job.", "He was unemployed."),
        ("The CEO did not resign.", "The CEO stayed on."),
        ("The bank did not change rates.", "Rates were kept on hold."),
        ("None of the passengers died.", "All passengers survived."),
        ("Neither team scored.", "The match ended 0-0."),
        ("The team has not lost a game.", "The team is unbeaten."),
        ("He failed to score from the penalty spot.", "He missed the penalty."),
        ("The match did not go ahead.", "The match was postponed."),
        ("He didn't finish school.", "He dropped out of school."),
    ],
)
def test_a_negation_said_as_a_state(negated: str, plain: str) -> None:
    assert said_as_state(negated, plain)
    assert not negation_mismatch(plain, negated) and not negation_mismatch(negated, plain)


@pytest.mark.parametrize(
    ("negated", "plain"),
    [
        ("The vaccine has not been tested.", "The vaccine is still awaiting approval."),  # another word awaited
        ("The suspect has not been named.", "The suspect remains at large."),  # at large: not caught, not unnamed
        ("The CEO did not comment.", "The CEO stayed on."),
        ("Neither team scored.", "The match ended 1-1."),
        ("None of the passengers died.", "All passengers were injured."),
    ],
)
def test_a_state_of_something_else_is_no_negation(negated: str, plain: str) -> None:
    assert not said_as_state(negated, plain)


@pytest.mark.parametrize(
    ("claim", "window", "mismatch"),
    [
        ("The vaccine has been approved.", "The vaccine is still awaiting approval.", True),
        ("The merger has been approved.", "The merger has yet to be approved.", True),
        ("The vaccine has not yet been approved.", "The vaccine is still awaiting approval.", False),
        ("All passengers survived.", "None of the passengers died.", False),
        ("All passengers died.", "None of the passengers died.", True),
        ("No one died in the crash.", "All of the passengers survived the crash.", False),
    ],
)
def test_a_word_awaited_or_that_none_did_states_the_other_side(claim: str, window: str, mismatch: bool) -> None:
    assert direction_mismatch(claim, window) is mismatch


@pytest.mark.parametrize(
    ("text", "nil"),
    [
        ("Neither team scored in the match.", True),
        ("It was a goalless draw.", True),
        ("The game finished nil-nil.", True),
        ("The team scored twice.", False),
        ("Neither candidate won a majority.", False),
    ],
)
def test_a_score_of_nothing_in_words_is_zero(text: str, nil: bool) -> None:
    assert ("0" in numbers_in_words(text)) is nil


@pytest.mark.parametrize(
    ("claim", "source", "missing"),
    [
        ("The bridge is 1.5 km long.", "The bridge is 1,500 metres long.", []),
        ("The bag weighs 2 kg.", "The bag weighs 2,000 grams.", []),
        ("It holds 500 ml.", "It holds 0.5 litres.", []),
        ("The park covers 2 km2.", "The park covers 200 hectares.", []),
        ("The bridge is 1.5 km long.", "The bridge is 1,523 metres long.", ["missing_number:1.5"]),  # a rounding
        ("The bridge is 1 mile long.", "The bridge is 1,609 metres long.", []),  # another system: round 13's
        ("The bridge is 2 miles long.", "The bridge is 1,609 metres long.", ["missing_number:2"]),
        ("The bridge is 1.6 km long.", "The bridge is 1,500 metres long.", ["missing_number:1.6"]),
    ],
)
def test_a_metric_measure_under_another_prefix(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing
