"""The one table of the months (`audit/verify/months.py`): every reader of a month (key facts' dates, the holidays'
days of a month, the quarters `restate` reads, a sentence's abbreviated month) takes each month's name and
abbreviations from it and reads each as the same month. Written when the readers' own copies were merged into the
table (no verdict moved); it holds them to one reading."""

from __future__ import annotations

import re

import pytest

from audit.extract.sentences import split_sentences
from audit.verify.holidays import MONTH_DAY, month_day_key
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.months import ABBREVIATIONS, MONTH_NAMES, MONTH_NUMBERS, SHORT_ONLY, month_forms
from audit.verify.restate import in_source_words

# each month's forms as written: its name and its abbreviations, with the stop a writer puts after one
_FORMS = [
    (i, form)
    for i, name in enumerate(MONTH_NAMES, 1)
    for form in (name, *(f"{a}." for a in ABBREVIATIONS if name.startswith(a) and a != name))
]


def test_table() -> None:
    assert len(MONTH_NAMES) == 12 and [MONTH_NUMBERS[n[:3].lower()] for n in MONTH_NAMES] == list(range(1, 13))
    assert tuple(a for a in ABBREVIATIONS if a != "May") == SHORT_ONLY and "Sept" in SHORT_ONLY
    assert month_forms((1, 5, 6, 9)) == "Jan(?:uary)?|May|June?|Sep(?:t(?:ember)?)?"
    assert month_forms((1, 5, 9), names=False) == "Jan|Sept?"


@pytest.mark.parametrize("month,form", _FORMS, ids=[f for _, f in _FORMS])
def test_month_forms_read_as_their_month(month: int, form: str) -> None:
    pattern = re.compile(rf"(?:{month_forms(range(1, 13))})\.?")
    assert pattern.fullmatch(form) and re.fullmatch(rf"(?:{month_forms([month])})\.?", form)
    m = re.search(MONTH_DAY, f"on {form} 5")
    assert m is not None and month_day_key(m) == ("date", month, 5)


@pytest.mark.parametrize("month,form", _FORMS, ids=[f for _, f in _FORMS])
def test_key_facts_date_in_each_form(month: int, form: str) -> None:
    facts = key_facts(f"The plant opened on {form} 5, 2020.")
    assert missing_facts(facts, f"The plant opened on 2020-{month:02}-05.") == []
    other = month % 12 + 1
    assert missing_facts(facts, f"The plant opened on 2020-{other:02}-05.") != []


@pytest.mark.parametrize("abbreviation", SHORT_ONLY)
def test_abbreviated_month_ends_no_sentence(abbreviation: str) -> None:
    text = f"It opened on {abbreviation}. 5, 2020 in Ohio. It closed later."
    assert [s.text for s in split_sentences(text)] == [
        f"It opened on {abbreviation}. 5, 2020 in Ohio.",
        "It closed later.",
    ]


@pytest.mark.parametrize(
    "claim,quarter",
    [("Sales rose between January and March 2020.", "Q1"), ("Sales rose from Jul. to Sept. 2020.", "Q3")],
)
def test_quarter_by_its_months(claim: str, quarter: str) -> None:
    assert f"{quarter} 2020" in in_source_words(claim, f"Sales rose in {quarter} 2020.")
