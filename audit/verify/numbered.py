"""A thing numbered in Roman numerals written with digits, or the reverse (the false-alarm sweep, round 8): "Apollo
11 landed on the Moon in 1969" against "Apollo XI landed ..." was missing_number:11, "Super Bowl 54" against "Super
Bowl LIV" missing_number:54, and back missing_name:LIV. `restate.py` reads the word before the number and the number's
value, so "Apollo 11" is restated as the source's "Apollo XI" (and back); another number ("Super Bowl 53" against
"Super Bowl LIV") or another name before it keeps its words and its reason. A numeral of one letter only as V, X or L
("Henry V"; "I" is a word). Pure.
"""

from __future__ import annotations

import re

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
_NUMERAL = r"(C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))"
_NAME = r"\b([A-Z][a-z]+)\s+"
# a capitalised word and its number, in digits or in Roman numerals (not a decimal, a year's span, a unit's number)
_DIGITS = _NAME + r"(\d{1,3})(?![\w.,:/%\u2013-]\w?)"
_ROMAN = _NAME + _NUMERAL + r"(?![\w.'\u2019-]\w?)"


def roman_value(numeral: str) -> int:
    values = [_VALUES[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _digits_key(m: re.Match[str]) -> tuple[object, ...]:
    return ("numbered", m.group(1).lower(), int(m.group(2)))


def _roman_key(m: re.Match[str]) -> tuple[object, ...] | None:
    numeral = m.group(2)
    if not numeral or (len(numeral) == 1 and numeral not in "VXL"):
        return None
    return ("numbered", m.group(1).lower(), roman_value(numeral))


# (pattern, its value, regex flags) of each form, for `restate.py`
NUMBERED_FORMS = ((_DIGITS, _digits_key, 0), (_ROMAN, _roman_key, 0))
NUMBERED_HINTS = (*"0123456789", "I", "V", "X", "L", "C")  # read on the claim as written


# a disease named with its year, "COVID-19" (false alarms, round 12): its number is part of its name, which the
# claim's name "COVID" stands for as a key fact; "COVID" alone names the one disease ("the COVID-19 pandemic"
# against a source's "the COVID pandemic" was missing_number:19, fourteen supported training pairs)
_NAMED_YEAR = re.compile(r"\b(COVID[-\s]?)(19)\b", re.IGNORECASE)


def without_name_digits(claim: str) -> str:
    """`claim` with the digits of a name that holds its year ("COVID-19") blanked: no number the source must
    state. Offsets kept."""
    if "19" not in claim:
        return claim
    return _NAMED_YEAR.sub(lambda m: m.group(1) + "  ", claim)
