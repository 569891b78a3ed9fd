"""A time of day written another way (the false-alarm sweep, round 8): "The train leaves at 6:30 p.m." against "at
18:30" was swapped:6/18 (the copied sentence's one other word, an hour of another value), "at 18:30" against "at
6.30pm" missing_number:18 and :30 (a stop between the hour and its minutes was no time). `restate.py` reads each
form as minutes after midnight, so a claim's time is restated in the source's words where the source writes the same
time another way; "7:30 p.m." against "18:30" keeps its words and its reasons. A time that may be either half of the
day ("6:30", "6 o'clock") states no value here: only one with its half ("6:30 pm", "6.30pm"), a 24-hour time past
noon or written with a leading zero ("18:30", "09:00", "00:15"), "noon", "midday" and "midnight".

The one reader of a time of day: `conversions` takes a claim's times and a source's from `day_times` and
`noon_times`, which read "3:00" and "3 o'clock" as either half of the day (a claim's "3:00" is found against "15:00"
or "3 am"), where a restated time must be sure. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_HALF = r"([ap])\.?\s?m\b\.?"  # the half of the day after a time: "am", "p.m.", "pm."
# 12-hour, with its half: "6 pm", "6:30 p.m.", "6.30pm"
_TWELVE = rf"(?<![\w.:,])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s?{_HALF}"
# 24-hour: "18:30", "09:00" (not "6:30", either half; not before "am" / "pm")
_TWENTY_FOUR = r"(?<![\w.:,])(0\d|1[3-9]|2[0-3]):([0-5]\d)(?![\d:])(?!\s?[ap]\.?\s?m\b)"
_WORDS = r"\b(noon|midday|midnight)\b"
# a time of day as `day_times` reads it: "3 pm", "3:30 p.m.", "15:00", "3 o'clock" ("3:00" and "3 o'clock" may be
# either half of the day; no stop between the hour and its minutes)
_ANY_CLOCK = re.compile(
    rf"(?<![\w.:,])(\d{{1,2}})(?::(\d{{2}}))?\s*(?:{_HALF}|(o['’]clock\b))"
    r"|(?<![\w.:,])(\d{1,2}):(\d{2})(?![\d:])",
    re.IGNORECASE,
)
_NOON = re.compile(_WORDS, re.IGNORECASE)


def _hour(hour: int, half: str) -> int:
    """The hour after midnight of a 12-hour time: 6 pm is 18, 12 am 0."""
    return hour % 12 + (12 if half.lower() == "p" else 0)


def _noon(word: str) -> int:
    """The minutes after midnight of noon, midday (720) and midnight (0)."""
    return 0 if word.lower() == "midnight" else 12 * 60


def day_times(text: str) -> Iterator[tuple[tuple[str, ...], list[int]]]:
    """Each time of day `text` writes in digits: its digits as key facts (the hour, the minutes where written) and the
    minutes after midnight it may be (two for "3:00" and "3 o'clock": either half of the day; one for "15:00", "3
    pm"); an hour past 23 or minutes past 59 is none."""
    for m in _ANY_CLOCK.finditer(text):
        hour, minute, half, oclock, hour24, minute24 = m.groups()
        if hour24 is not None:
            h, mins, keys = int(hour24), int(minute24), (hour24, minute24)
            hours = [h] if h > 12 or h == 0 else [h, h + 12]  # "15:00" is one time, "3:00" either
        else:
            h, mins, keys = int(hour), int(minute or 0), (hour, *((minute,) if minute else ()))
            hours = [h % 12, h % 12 + 12] if oclock else [_hour(h, half)]
        if h <= 23 and mins <= 59:
            yield keys, [x * 60 + mins for x in hours]


def noon_times(text: str) -> Iterator[int]:
    """The minutes after midnight of each noon, midday and midnight `text` names."""
    return (_noon(m.group(1)) for m in _NOON.finditer(text))


def _twelve(m: re.Match[str]) -> tuple[object, ...]:
    return ("clock", _hour(int(m.group(1)), m.group(3)) * 60 + int(m.group(2) or 0))


def _twenty_four(m: re.Match[str]) -> tuple[object, ...]:
    return ("clock", int(m.group(1)) * 60 + int(m.group(2)))


def _words(m: re.Match[str]) -> tuple[object, ...]:
    return ("clock", _noon(m.group(1)))


# (pattern, its value, regex flags) of each form, for `restate.py`
CLOCK_FORMS = ((_TWELVE, _twelve, re.IGNORECASE), (_TWENTY_FOUR, _twenty_four, 0), (_WORDS, _words, re.IGNORECASE))
CLOCK_HINTS = (":", "am", "pm", "a.m", "p.m", "noon", "midday", "midnight")
