"""A claim's part of a year (`audit.verify.seasons`): the forms read, what they are found in, and what is left alone
(a decade written "the late 1970's", a fiscal quarter), from the false-alarm sweep's let-ins and the training
pairs ("developed in the early 1970's" was `missing_date:early 1970` on a supported pair until the decade was
excluded)."""

from __future__ import annotations

import pytest

from audit.verify.keyfacts import key_facts, missing_facts


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("The band formed in the autumn of 2019.", "The band formed in April 2019.", ["missing_date:autumn of 2019"]),
        ("The band formed in the autumn of 2019.", "The band formed in October 2019.", []),
        ("The couple split in late 2019.", "The couple split in February 2019.", ["missing_date:late 2019"]),
        ("The couple split in mid-2019.", "The couple split on 3 July 2019.", []),
        ("It shipped in H2 2022.", "It shipped in March 2022.", ["missing_date:H2 2022"]),
        ("It shipped in the second half of 2022.", "It shipped in 2022-10-04.", []),
        # December is winter of either year; a source's overlapping part names it
        ("It snowed in the winter of 2019.", "It snowed in December 2019.", []),
        ("It snowed in the winter of 2019.", "It snowed in December 2018.", []),
        ("Profits rose in Q4 2020.", "Profits rose in the fourth quarter 2020.", []),
        ("Profits rose in late 2020.", "Profits rose in the fourth quarter of 2020.", []),
        # a decade and a fiscal quarter are no part of a calendar year
        ("Heavy metal was developed in the early 1970's.", "Heavy metal developed in May 1968.", []),
        ("Profits rose in Q3 2021.", "Profits rose in the fiscal third quarter, ended June 2021.", []),
    ],
)
def test_a_part_of_a_year_is_a_date_the_source_must_agree_with(claim: str, source: str, missing: list[str]) -> None:
    assert [r for r in missing_facts(key_facts(claim), source) if r.startswith("missing_date:")] == missing


def test_a_quarter_read_as_a_part_of_a_year_is_no_number() -> None:
    # "Q3 2021" against "August 2021" was `missing_number:3`
    assert missing_facts(key_facts("Sales peaked in Q3 2021."), "Sales peaked in August 2021.") == []
    assert "3" in key_facts("Sales peaked in fiscal Q3 2021.").numbers
