"""How often said otherwise in other words (`audit/verify/frequency.py`)."""

from __future__ import annotations

import pytest

from audit.verify.frequency import frequency_changed, rates


def test_each_way_of_saying_how_often_is_a_rate_in_days() -> None:
    got = dict(rates("every two years, twice a year, quarterly, each month, three times per day"))
    assert got == pytest.approx(
        {"every two years": 730.5, "twice a year": 182.625, "quarterly": 91.31, "each month": 30.44,
         "three times per day": 1 / 3}
    )  # fmt: skip


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("The magazine comes out every month.", "The magazine is published weekly.", "every month/weekly"),
        ("The ferry sails every day.", "The ferry sails to the island once a week.", "every day/once a week"),
        # one rate said two ways, the claim's rate beside another, a rate of something else
        ("The council meets every six months.", "The council holds hearings twice a year.", None),
        ("Patients take the tablet three times daily.", "Patients take the tablet three times a day.", None),
        ("The bus runs daily in summer.", "The bus runs weekly in winter and daily in summer.", None),
        ("The magazine comes out every month.", "The printers are serviced weekly.", None),
        ("The magazine comes out every month.", "The magazine was founded in 1990.", None),
    ],
)
def test_a_claims_rate_no_window_states_of_the_same_thing_is_changed(claim: str, window: str, want: str | None) -> None:
    assert frequency_changed(claim, [window]) == want


def test_a_count_or_a_period_of_zero_says_no_rate_and_raises_nothing() -> None:
    # "0 times a day" divided by zero and "every 0 days" left a window's match with no rate to unpack: each raised,
    # and the answer's assessment was quarantined (audit/guard.py) instead of audited
    assert rates("The pill is taken 0 times a day.") == rates("The bus runs every 0 days.") == []
    assert frequency_changed("The pill is taken 0 times a day.", ["The pill is taken twice a day."]) is None
    assert frequency_changed("The bus runs every week.", ["The bus runs every 0 days; the week's bus is late."]) is None
