"""A holiday on a fixed day of the calendar is that day (the false-alarm sweep, round 8): "The store opened on
Christmas Day 2010" against "opened on December 25, 2010" was missing_name:Christmas and :Day, "The law took effect on
New Year's Day 2020" against "January 1, 2020" three missing names. `restate.py` reads a holiday and a day of a month
as one kind of fact, so either is restated in the source's words where the source writes the other on the same day;
a holiday on another day stays missing ("New Year's Day" against "January 2"). Only holidays on the same day every
year, wherever kept (not Easter, Thanksgiving, nor a country's independence day). Pure.
"""

from __future__ import annotations

import re

from audit.verify.months import MONTH_NUMBERS, month_forms

# each holiday's name and its (month, day)
_HOLIDAYS: tuple[tuple[str, tuple[int, int]], ...] = (
    (r"Christmas\s+Eve", (12, 24)),
    (r"Christmas\s+Day", (12, 25)),
    (r"Boxing\s+Day", (12, 26)),
    (r"New\s+Year['\u2019]?s\s+Eve", (12, 31)),
    (r"New\s+Year['\u2019]?s\s+Day", (1, 1)),
    (r"Hallowe'?en", (10, 31)),
    (r"(?:(?:St\.?|Saint)\s+)?Valentine['\u2019]?s\s+Day", (2, 14)),
    (r"(?:St\.?|Saint)\s+Patrick['\u2019]?s\s+Day", (3, 17)),
    (r"Bastille\s+Day", (7, 14)),
    (r"All\s+Saints['\u2019]?\s+Day", (11, 1)),
    (r"Armistice\s+Day", (11, 11)),
)
HOLIDAY = r"\b(?:" + "|".join(f"({name})" for name, _ in _HOLIDAYS) + r")\b"
HOLIDAY_HINTS = (
    "christmas",
    "boxing day",
    "new year",
    "hallowe",
    "valentine",
    "patrick",
    "bastille",
    "saints",
    "armistice",
)

MONTH_HINTS = tuple(MONTH_NUMBERS)  # "jan" ... "dec"
_MONTH = rf"({month_forms(range(1, 13))})\.?"
_DAY = r"([1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
MONTH_DAY = rf"\b{_MONTH}\s+{_DAY}(?![\d:])"  # "December 25", "Dec. 25th" (not "May 2010", "Dec 25:00")
DAY_MONTH = rf"\b(?:the\s+)?{_DAY}\s+(?:of\s+)?{_MONTH}(?!\w)"  # "25 December", "the 25th of December"


def holiday_key(m: re.Match[str]) -> tuple[object, ...]:
    """The day of the holiday a match of HOLIDAY names."""
    index = next(i for i, group in enumerate(m.groups()) if group is not None)
    return ("holiday", *_HOLIDAYS[index][1])


def month_day_key(m: re.Match[str]) -> tuple[object, ...]:
    return ("date", MONTH_NUMBERS[m.group(1)[:3].lower()], int(m.group(2)))


def day_month_key(m: re.Match[str]) -> tuple[object, ...]:
    return ("date", MONTH_NUMBERS[m.group(2)[:3].lower()], int(m.group(1)))


# (pattern, its value, regex flags) of each form, for `restate.py`
HOLIDAY_FORMS = ((HOLIDAY, holiday_key, re.IGNORECASE), (MONTH_DAY, month_day_key, 0), (DAY_MONTH, day_month_key, 0))


def same_day_otherwise(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether a holiday and a date (one each) are the same day: a date is not restated as another date ("August
    31st" as a source's "31st August": the key facts read both already)."""
    return a[0] != b[0] and a[1:] == b[1:]
