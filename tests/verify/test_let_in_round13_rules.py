"""The let-in sweep's round 13 rules, as pure functions: a deed stated as done that the windows say is awaited or
undone, a kind said otherwise, a way to pay ruled out, a multiple against a change in percent, a count in words
against another figure, a deed's converse (tests/cli/test_let_in_round13.py audits them through `citeaudit run`)."""

from __future__ import annotations

from audit.verify.kinds import kind_said_otherwise
from audit.verify.multiplied import multiple_against_percent
from audit.verify.payments import payment_ruled_out
from audit.verify.pending import done_but_awaited
from audit.verify.reversal import converse_told
from audit.verify.swaps import _words
from audit.verify.totals import slot_changed, total_changed


def words(text: str) -> list[str]:
    return [w.low for w in _words(text)]


def test_a_deed_done_against_awaited_or_a_state_that_still_holds() -> None:
    court = ["Smith was convicted of fraud in May and is awaiting sentencing."]
    assert done_but_awaited("Smith was sentenced for fraud in May.", court) == "sentenced/awaiting sentencing"
    assert done_but_awaited("Smith will be sentenced for fraud.", court) is None  # ahead
    assert done_but_awaited("Smith was not sentenced in May.", court) is None  # its own negation
    hiker = ["The hiker, who disappeared on Friday, is still missing."]
    assert done_but_awaited("The hiker was found on Sunday.", hiker) == "found/still missing"
    assert done_but_awaited("The hiker was found on Sunday.", ["The hiker, missing since Friday, was found."]) is None
    evacuated = ["Thousands of soldiers stand on the beach awaiting evacuation."]
    assert done_but_awaited("Soldiers being evacuated from the beach.", evacuated) is None  # under way


def test_a_kind_said_of_the_same_thing_otherwise() -> None:
    statue = ["The statue in the square is a replica; the original is kept in the city museum."]
    assert kind_said_otherwise("The statue in the square is the original.", statue) == "the original/a replica"
    assert kind_said_otherwise("The statue in the square is a replica.", statue) is None
    shirts = ["The team's shirts were blue until 1990; since then they are red."]
    assert kind_said_otherwise("The team's shirts are red.", shirts) is None  # another time


def test_a_way_to_pay_ruled_out() -> None:
    museum = ["Visitors must pay the entrance fee in cash; the museum does not take cards."]
    assert payment_ruled_out("Visitors must pay the entrance fee by card.", museum) == "card/not take cards"
    assert payment_ruled_out("Visitors must pay the entrance fee in cash.", museum) is None
    shop = ["The museum shop takes cash only; the café on the corner accepts cards too."]
    assert payment_ruled_out("The café on the corner takes cards.", shop) is None  # taken beside another's only


def test_a_multiple_against_a_change_in_percent() -> None:
    sales = ["Online sales rose 40 percent in 2020."]
    assert multiple_against_percent("Online sales doubled in 2020.", sales) == "doubled/rose 40 percent"
    rents = ["Average rents rose 110% over the decade."]
    assert multiple_against_percent("Average rents more than doubled.", rents) is None
    assert multiple_against_percent("Average rents tripled.", rents) == "tripled/rose 110%"
    decade = ["Revenue rose 15% in 2020; over the decade, revenue grew 105%."]
    assert multiple_against_percent("Revenue doubled over the decade.", decade) is None  # one change agrees


def test_a_count_in_words_against_another_figure() -> None:
    crew = ["The expedition's crew numbered 12, including two doctors."]
    assert slot_changed("The expedition's crew numbered fifteen, including two doctors.", crew) == "fifteen/numbered 12"
    assert slot_changed("The expedition's crew numbered twelve.", crew) is None
    boat = ["Coastguards rescued 20 men and 15 women from the boat on Sunday."]
    got = total_changed("Coastguards rescued forty people from the boat on Sunday.", boat)
    assert got == "forty people/20 men and 15 women"
    assert total_changed("Coastguards rescued thirty-five people from the boat on Sunday.", boat) is None
    walsh = ["He went 24-18 with a 1.88 era and 171 strikeouts."]
    assert total_changed("Ed Walsh joined the major league two years after he played.", walsh) is None  # a measure


def test_a_deeds_converse_in_either_voice() -> None:
    club = words("In 2019 the club purchased the stadium from the city.")
    assert converse_told(words("The stadium was sold by the club in 2019."), club) == "sold/purchased"
    assert converse_told(words("The stadium was sold by the city in 2019."), club) is None
    resold = words("The club purchased the stadium in 2019 and sold it in 2021.")
    assert converse_told(words("The club sold the stadium in 2021."), resold) is None  # told too
