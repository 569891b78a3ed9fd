"""A change the claim states by its size that the source states by its two ends (the false-alarm sweep, round 19):
"rose by 2 percentage points" against "rose from 18% to 20%", "Sales rose 50%" against "from 200 units to 300
units", "fell by 25%" against "fell from $4 million to $3 million". A claim's change in percentage points is found
where the source's two ends (one of them in percent) are that many points apart; a change in percent where the
second end is the first that much more or less; rounded to the claim's decimals, and the way the claim says it goes
("rose by 3 points" against "fell from 45% to 42%" stays missing). Read by `conversions.converted_numbers`. Pure."""

from __future__ import annotations

import re
from collections.abc import Iterator

from audit.extract.firstchars import compile_skipping
from audit.verify.numranges import number_key

_UP = r"rose|risen|rises|rising|increased|increases|grew|grown|climbed|jumped|soared|surged|gained|went\s+up|up"
_DOWN = (
    r"fell|fallen|falls|falling|dropped|drops|declined|declines|decreased|decreases|slipped|slid|sank|shrank|"
    r"plunged|plummeted|tumbled|went\s+down|down|cut|reduced|lowered"
)
_PCT = r"(?:%|\s?per\s?cent\b|\s?percent\b)"
_NUM = r"(\d+(?:\.\d+)?)"
# "rose (by) 2 percentage points", "a 2-point rise", "fell 3 points"; the verb, when there is one, says the way
_POINTS = compile_skipping(
    rf"(?:\b(?:({_UP})|({_DOWN}))\s+(?:by\s+)?(?:some\s+|about\s+|nearly\s+|almost\s+)?)?"
    rf"(?<![\d.]){_NUM}[\s-]?(?:percentage|percent(?:age)?)?[\s-]?(?:points?|pts?|pp)\b",
    re.IGNORECASE,
)
# "fell (by) 25%", "a 25% drop": a fall in percent (a rise is `multiples.rise_percents`')
_FALL = compile_skipping(
    rf"\b(?:{_DOWN})(?:\s+by)?\s+(?:some\s+|about\s+|nearly\s+|almost\s+)?{_NUM}{_PCT}"
    rf"|(?<![\d.]){_NUM}{_PCT}\s+(?:drop|fall|decline|decrease|cut|reduction|loss)\b",
    re.IGNORECASE,
)
_END = r"[$€£]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s?(million|billion|thousand|%|per\s?cent\b|percent\b)?"
# "from 18% to 20%", "from $4 million to $3 million", "from 200 units to 300 units" (a few words between)
_FROM_TO = compile_skipping(
    rf"\bfrom\s+(?:about\s+|around\s+|some\s+)?{_END}(?:\s+[a-z]+){{0,2}}?\s+(?:in\s+\d{{4}}\s+)?to\s+"
    rf"(?:about\s+|around\s+|some\s+)?{_END}",
    re.IGNORECASE,
)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}


def _decimals(number: str) -> int:
    return len(number.partition(".")[2])


def claim_points(claim: str) -> Iterator[tuple[str, float, int, int]]:
    """The claim's changes in percentage points: key (as keyfacts keys it), value, decimals and way (1 up, -1 down,
    0 either)."""
    for m in _POINTS.finditer(claim):
        up, down, number = m.groups()
        yield number_key(number), float(number), _decimals(number), 1 if up else -1 if down else 0


def fall_percents(claim: str) -> Iterator[tuple[str, float, int]]:
    """The claim's falls in percent ("fell by 25%", "a 25% drop"): key, value, decimals."""
    for m in _FALL.finditer(claim):
        number = m.group(1) or m.group(2)
        yield number_key(number), float(number), _decimals(number)


def _value(whole: str, decimals: str | None, unit: str | None) -> float:
    return float(whole.replace(",", "") + (decimals or "")) * _SCALE.get((unit or "").lower(), 1.0)


def _ends(source: str) -> Iterator[tuple[float, float, bool]]:
    """Each change the source states by its ends: first, second, and whether either is in percent."""
    for m in _FROM_TO.finditer(source):
        a, b = _value(*m.group(1, 2, 3)), _value(*m.group(4, 5, 6))
        units = {(m.group(3) or "").lower(), (m.group(6) or "").lower()}
        if units & {"million", "billion", "thousand"} and not (m.group(3) and m.group(6)):
            # "from 2 to 3 million": the first end takes the second's scale
            a = a * _SCALE.get((m.group(6) or "").lower(), 1.0) if not m.group(3) else a
        yield a, b, any(u and u[0] in "%p" for u in units)


def derived_change(dimension: str, value: float, decimals: int, way: int, source: str) -> bool:
    """Whether the source's ends make the claim's change: `points` the difference of two ends in percent, `rise` or
    `fall` the relative change in percent; rounded to the claim's `decimals`; `way` 1 up, -1 down, 0 either."""
    for a, b, percent in _ends(source):
        if a == b or (way > 0 and b < a) or (way < 0 and b > a):
            continue
        if dimension == "points":
            if percent and round(abs(b - a), decimals) == value:
                return True
        elif a > 0 and (b > a) == (dimension == "rise") and round(abs(b - a) / a * 100, decimals) == value:
            return True
    return False
