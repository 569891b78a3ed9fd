"""The false-alarm sweep, round 17, as pure functions: a source number of the years' span written as an amount
(`numranges.year_amounts`, read by `keyfacts.missing_facts`), "~" and "≈" as "about" (`copywords.words`), a name's
last word of four letters in the plural (`nameforms._singular_named`) and a country's abbreviation before an
institution's name (`nameforms._country_qualifier`), each beside its wrong form."""

from __future__ import annotations

from audit.verify.copywords import words
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.nameforms import country_qualifiers
from audit.verify.numranges import year_amounts


def _missing(claim: str, source: str) -> list[str]:
    return missing_facts(key_facts(claim), source)


def test_a_year_needs_a_years_context() -> None:
    assert year_amounts("An estimated 1,950 people attended.") == {1950.0}
    assert year_amounts("The rally drew 1950 people.") == {1950.0}
    assert year_amounts("The storm damaged 1,960 homes.") == {1960.0}
    for source in (
        "It was first held in 1950 and drew crowds.",
        "In 1950 people left the valley.",
        "The 2020 elections were held in May.",
        "Since 2010 prices rose.",
        "The club was founded in 1890.",
        "It lasted 1950 years.",  # a count of years is left to the years' rules
    ):
        assert year_amounts(source) == frozenset(), source
    assert _missing("Some 2,000 people attended the rally.", "An estimated 1,950 people attended.") == []
    assert _missing("Around 1,200 jobs were cut.", "The company cut 1,185 jobs.") == []  # held out
    assert _missing("Some 2,000 people attended.", "It was first held in 1950.") == ["missing_number:2000"]
    assert _missing("The factory closed around 2010.", "The factory closed in 2007.") == ["missing_number:2010"]
    assert _missing("About 2,000 elections were held.", "The 1990 elections were held.") == ["missing_number:2000"]


def test_a_tilde_before_a_number_is_about() -> None:
    assert [w.low for w in words("enrolled ~500 patients")] == ["enrolled", "about", "500", "patients"]
    assert [w.low for w in words("lasts ≈ 10 hours")] == ["lasts", "about", "10", "hours"]
    assert [w.low for w in words("a ~ b")] == ["a", "b"]  # no number after it: nothing read
    assert _missing("The trial enrolled ~500 patients.", "The trial enrolled 498 patients.") == []
    assert _missing("The trial enrolled ~500 patients.", "The trial enrolled 450 patients.") == ["missing_number:500"]


def test_a_name_in_the_plural_from_four_letters() -> None:
    assert _missing("Real Madrid won 14 European Cups.", "Real Madrid won the European Cup 14 times.") == []
    assert _missing("Brazil has won 5 World Cups.", "Brazil has won the World Cup 5 times.") == []  # held out
    assert _missing("Bayern won 6 Super Cups.", "Bayern won the European Cup 6 times.") == [
        "missing_name:Super",
        "missing_name:Cups",
    ]


def test_a_country_before_an_institution_the_source_names() -> None:
    assert _missing("The US Federal Reserve raised rates.", "The Fed raised rates.") == []
    assert _missing("The UK's Bank of England cut rates.", "The Bank of England cut rates.") == []
    assert _missing("The UK Parliament passed the bill.", "Parliament passed the bill.") == []  # held out
    assert country_qualifiers("Metallica is an American band. The US Congress met.") == ("US",)
    # a country's name or adjective is not read so (on the training pairs as often part of a name)
    assert _missing("The American Fantasy Press is a publisher.", "Fantasy Press is a publisher.") == [
        "missing_name:American"
    ]
    assert _missing("The US Federal Reserve raised rates.", "The Federal Reserve of Canada raised rates.") == [
        "missing_name:US"
    ]
    assert _missing("The French government raised the age.", "The government raised the age.") == [
        "missing_name:French"
    ]
    assert _missing("The US Congress approved it.", "Mexico's Congress approved it.") == ["missing_name:US"]
