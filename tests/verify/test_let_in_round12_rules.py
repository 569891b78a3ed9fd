"""The let-in sweep's round 12 rules, as pure functions: an event's order turned, two events ordered against the
source's years, a deed's parties turned in other words or in the other voice, a share said otherwise, a placing said
with "place" (tests/cli/test_let_in_round12.py audits them through `citeaudit run`)."""

from __future__ import annotations

from audit.verify.chronology import order_against_dates
from audit.verify.outcomes import placed_as_ordinal
from audit.verify.reversal import deed_reordered, order_turned
from audit.verify.shares import share_changed
from audit.verify.swaps import _words


def words(text: str) -> list[str]:
    return [w.low for w in _words(text)]


def test_an_events_order_turned_with_the_same_sides() -> None:
    source = words("The museum reopened in 2021, a year after the renovation was completed.")
    assert order_turned(words("The museum reopened before the renovation was completed."), source) == "before/after"
    assert order_turned(words("The renovation was completed before the museum reopened."), source) is None
    assert order_turned(words("The museum reopened after the renovation was completed."), source) is None
    assert order_turned(words("Before the renovation, the museum reopened."), source) is None  # opens with it


def test_two_events_ordered_against_the_years() -> None:
    band = ["The band released its debut album in 1998 and won its first Grammy in 2004."]
    assert order_against_dates("The band won its first Grammy before releasing its debut album.", band) == (
        "before/2004 after 1998"
    )
    assert order_against_dates("The band released its debut album before winning its first Grammy.", band) is None
    assert order_against_dates("The band did not win its first Grammy before releasing its debut album.", band) is None
    founded = ["Founded in 1990, the company went public. It acquired its main rival in 2012."]
    # the founding's year is no date of going public
    assert order_against_dates("The company acquired its main rival before it went public.", founded) is None


def test_a_deeds_parties_turned_in_other_words_or_the_other_voice() -> None:
    acquired = words("In 2016, Microsoft acquired LinkedIn for 26.2 billion dollars.")
    assert deed_reordered(words("LinkedIn bought Microsoft in 2016."), acquired) == "linkedin/microsoft"
    assert deed_reordered(words("Microsoft was bought by LinkedIn."), acquired) == "microsoft/linkedin"
    assert deed_reordered(words("LinkedIn was bought by Microsoft."), acquired) is None
    assert deed_reordered(words("Microsoft bought LinkedIn in 2016."), acquired) is None
    skoda = words("The German carmaker Volkswagen bought the Czech brand Skoda in 1991.")
    assert deed_reordered(words("Skoda bought Volkswagen in 1991."), skoda) == "skoda/volkswagen"
    assert deed_reordered(words("Skoda was taken over by Volkswagen."), skoda) is None
    oslo = words("Trondheim lies north of Oslo.")
    assert deed_reordered(words("Oslo is located north of Trondheim."), oslo) == "oslo/trondheim"
    assert deed_reordered(words("Oslo lies south of Trondheim."), oslo) is None


def test_a_share_said_otherwise() -> None:
    survey = ["A quarter of the adults surveyed said they had never used online banking."]
    assert share_changed("One in three adults surveyed said they had never used online banking.", survey) == (
        "one in three/a quarter"
    )
    assert share_changed("One in four adults surveyed said they had never used online banking.", survey) is None
    # the rest of the whole, said otherwise
    assert share_changed("Three quarters of the adults surveyed said they had used online banking.", survey) is None
    bounded = ["More than a quarter of the adults surveyed said they had never used online banking."]
    assert share_changed("One in three adults surveyed said they had never used online banking.", bounded) is None
    judges = ["Two of the five judges dissented from the ruling."]
    assert share_changed("Three of five judges dissented from the ruling.", judges) == "three of five/two of the five"
    assert share_changed("Three of the five judges backed the ruling.", judges) is None


def test_a_placing_said_with_place() -> None:
    assert (
        placed_as_ordinal("Hamilton finished in 3rd place, behind Verstappen.")
        == "Hamilton finished 3rd, behind Verstappen."
    )
    assert placed_as_ordinal("He came fourth in a fourth-place finish.") == "He finished fourth in a fourth finish."
    assert placed_as_ordinal("The war ended in the first year.") == "The war ended in the first year."
