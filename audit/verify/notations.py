"""A number in another writer's notation (the false-alarm sweep, round 9): a decimal comma ("2,5%" for 2.5%), a
thousands stop ("60.000" for 60,000), a k for thousands ("2k workers" for 2,000), a year or a decade in two digits
after an apostrophe ("'98" for 1998, "the '90s" for the 1990s). "Inflation was 2.5% in May" against "Inflation was
2,5% in May" was missing_number:2.5 and swapped:2.5/2,5, "The stadium holds 60,000 fans" against "holds 60.000 fans"
swapped:60000/60, "The firm hired 2,000 workers" against "2k workers" missing_number:2000, "The film came out in
1998" against "in '98" missing_number:1998, "The band formed in the 1990s" against "in the '90s" missing_number:1990.

`restate.py` replaces the claim's number by the source's text where one of the two writes it in such a notation and both
state the same value; a claim of another value keeps its words and its reason ("70,000" against "60.000"). A notation is
read only where it can be no plain number: a comma before one or two digits (three are a thousands comma), stops before
groups of three digits, a k right after the digits, an apostrophe before two digits that end a word (a year; "the '90s"
a decade). A year in two digits is of this century up to 49 (`full_year`, as `restate` reads "FY20"). Pure.
"""

from __future__ import annotations

import re

from audit.verify.numranges import SCALES
from audit.verify.textcache import text_cache

# a letter right after a number for its scale word ("2k workers", "$50k", "€2.5M"): the one table of them. `keyfacts`
# reads all three (on a sum of money; a claim's k or m alone, "40 k" too, under either reading); a notation here is
# the k alone, right after the digits: "40 k" may be a distance
LETTER_SCALES = {"k": "thousand", "m": "million", "b": "billion"}
_THOUSAND = 10 ** SCALES[LETTER_SCALES["k"]]
# a decimal comma, the one reading of it: a comma before one or two digits ("2,5" is 2.5; three are a thousands
# comma), read by `keyfacts` too (before a scale word: "2,5 Mio" is 2.5 million)
DECIMAL_COMMA = r"(\d+),(\d{1,2})"
_END = r"(?![\w'\u2019]|[.,]\d)"
_DECIMAL_COMMA = re.compile(rf"(?<![\w.,]){DECIMAL_COMMA}{_END}")
_THOUSANDS_STOP = re.compile(rf"(?<![\w.,])(\d{{1,3}}(?:\.\d{{3}})+){_END}")
_THOUSANDS_K = re.compile(rf"(?<![\w.,])(\d+(?:\.\d+)?)[kK]{_END}")
_SHORT_YEAR = re.compile(r"(?<![\w'\u2019])['\u2019](\d{2})(?![\w'\u2019])")
_SHORT_DECADE = re.compile(r"(?<![\w'\u2019])['\u2019](\d0)s\b")  # "the '90s"
_DECADE = re.compile(r"(?<![\w.,'\u2019])(\d{3}0)s\b")  # "the 1990s"
_PLAIN = re.compile(rf"(?<![\w.,'\u2019])(\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?){_END}")
_HINT = re.compile(r"\d,\d|\d\.\d{3}|\d[kK]\b|['\u2019]\d\d")


def full_year(digits: str) -> int:
    """A year written in two digits or four: two are of this century up to 49 ("'98" is 1998, "FY20" 2020), the one
    reading of a short year (`restate` reads a fiscal year's with it)."""
    n = int(digits)
    return n if n >= 100 else (2000 + n if n < 50 else 1900 + n)


Key = tuple[str, float]


def _readings(text: str) -> list[tuple[int, int, Key, bool]]:
    """(start, end, value, in a notation?) of each number or decade `text` writes; a notation's span is no plain
    number."""
    out: list[tuple[int, int, Key, bool]] = []
    if _HINT.search(text) is not None:
        for m in _DECIMAL_COMMA.finditer(text):
            out.append((m.start(), m.end(), ("n", float(f"{m[1]}.{m[2]}")), True))
        for m in _THOUSANDS_STOP.finditer(text):
            out.append((m.start(), m.end(), ("n", float(m[1].replace(".", ""))), True))
        for m in _THOUSANDS_K.finditer(text):
            out.append((m.start(), m.end(), ("n", float(m[1]) * _THOUSAND), True))
        for m in _SHORT_YEAR.finditer(text):
            out.append((m.start(), m.end(), ("n", float(full_year(m[1]))), True))
        for m in _SHORT_DECADE.finditer(text):
            out.append((m.start(), m.end(), ("decade", float(full_year(m[1]))), True))
    for m in _DECADE.finditer(text):
        out.append((m.start(), m.end(), ("decade", float(m[1])), False))
    taken = [(s, e) for s, e, _, _ in out]
    for m in _PLAIN.finditer(text):
        if not any(s < m.end() and m.start() < e for s, e in taken):
            out.append((m.start(), m.end(), ("n", float(m[1].replace(",", ""))), False))
    return out


_source_readings = text_cache(max_chars=16_000_000, max_entries=4096)(_readings)  # a source's, read once


def _hinted(text: str) -> bool:
    """Whether `text` may write a number in a notation (a digit, comma, digit; a stop and three digits; ...)."""
    return _HINT.search(text) is not None


_source_hinted = text_cache(max_chars=16_000_000, max_entries=4096)(_hinted)  # a source's, read once


def notations_restated(claim: str, source: str) -> list[tuple[int, int, str]]:
    """(start, end, the source's text) for each number of `claim` that `source` writes with the same value where one
    of the two writes it in a notation (a decimal comma, a thousands stop, a k, a year's or a decade's two digits)."""
    if not _hinted(claim) and not _source_hinted(source):  # most pairs: plain numbers on both sides
        return []
    said = _readings(claim)
    if not said:  # a claim without a number: the source's numbers (a long page's hundreds) are not read
        return []
    stated = _source_readings(source)
    out = []
    for start, end, key, noted in said:
        text = claim[start:end]
        if text in source:
            continue
        other = next(
            (s for s in stated if (noted or s[3]) and s[2][0] == key[0] and abs(s[2][1] - key[1]) < 1e-9), None
        )
        if other is not None:
            out.append((start, end, source[other[0] : other[1]]))
    return out
