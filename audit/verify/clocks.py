"""A time of day written another way (the false-alarm sweep, round 8): "The train leaves at 6:30 p.m." against "at
18:30" was swapped:6/18 (the copied sentence's one other word, an hour of another value), "at 18:30" against "at
6.30pm" missing_number:18 and :30 (a stop between the hour and its minutes was no time). `restate.py` reads each
form as minutes after midnight, so a claim's time is restated in the source's words where the source writes the same
time another way; "7:30 p.m." against "18:30" keeps its words and its reasons. A time that may be either half of the
day ("6:30", "6 o'clock") states no value here: only one with its half ("6:30 pm", "6.30pm"), a 24-hour time past
noon or written with a leading zero ("18:30", "09:00", "00:15"), "noon", "midday" and "midnight". Pure.
"""

from __future__ import annotations

import re

# 12-hour, with its half: "6 pm", "6:30 p.m.", "6.30pm"
_TWELVE = r"(?<![\w.:,])(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s?([ap])\.?\s?m\b\.?"
# 24-hour: "18:30", "09:00" (not "6:30", either half; not before "am" / "pm")
_TWENTY_FOUR = r"(?<![\w.:,])(0\d|1[3-9]|2[0-3]):([0-5]\d)(?![\d:])(?!\s?[ap]\.?\s?m\b)"
_WORDS = r"\b(noon|midday|midnight)\b"


def _twelve(m: re.Match[str]) -> tuple[object, ...]:
    hour = int(m.group(1)) % 12 + (12 if m.group(3).lower() == "p" else 0)
    return ("clock", hour * 60 + int(m.group(2) or 0))


def _twenty_four(m: re.Match[str]) -> tuple[object, ...]:
    return ("clock", int(m.group(1)) * 60 + int(m.group(2)))


def _words(m: re.Match[str]) -> tuple[object, ...]:
    return ("clock", 0 if m.group(1).lower() == "midnight" else 12 * 60)


# (pattern, its value, regex flags) of each form, for `restate.py`
CLOCK_FORMS = ((_TWELVE, _twelve, re.IGNORECASE), (_TWENTY_FOUR, _twenty_four, 0), (_WORDS, _words, re.IGNORECASE))
CLOCK_HINTS = (":", "am", "pm", "a.m", "p.m", "noon", "midday", "midnight")
