"""How often, said otherwise: "The magazine comes out every month" against "The magazine is published weekly".

A copy of the sentence with "monthly" in the place of "weekly" is read by `swaps` (the `period` class of
`opposites.py`); a claim worded otherwise is not, and its window's words are the claim's topic, so the support model
scores it high (let-in round 10: "every month" for "weekly", "every day" for "once a week", "once a year" for
"quarterly" were `verified`). Each phrase that says how often, an adverb ("weekly", "quarterly", "annually"), "every"
or "each" and a period ("every two years", "each month"), or a count and a period ("twice a year", "three times per
day", "three times daily"), is a rate: the days between two times. A claim whose rates all differ (by more than
`TOLERANCE`) from a rate its candidate windows state about the same thing (a content word within
`direction.ANCHOR_WORDS` of both, in their clauses), where no window states the claim's rate at all, says how often
otherwise: `swapped:every month/weekly`. "twice a year" and "every six months", "quarterly" and "every three months",
"three times daily" and "three times a day" are one rate; a window that states the claim's rate beside another
("weekly in winter and daily in summer") is no mismatch. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.extract.firstchars import compile_skipping
from audit.verify.direction import content_near

# days in each period
_DAYS = {
    "minute": 1 / 1440,
    "hour": 1 / 24,
    "day": 1.0,
    "night": 1.0,
    "week": 7.0,
    "fortnight": 14.0,
    "month": 30.44,
    "quarter": 91.31,
    "year": 365.25,
    "decade": 3652.5,
}
_ADVERBS = {
    "hourly": 1 / 24,
    "daily": 1.0,
    "nightly": 1.0,
    "weekly": 7.0,
    "fortnightly": 14.0,
    "monthly": 30.44,
    "quarterly": 91.31,
    "annually": 365.25,
    "yearly": 365.25,
    "biennially": 730.5,
    "annual": 365.25,  # the adjectives (let-ins round 20: "The annual festival" against "held every two years")
    "biennial": 730.5,
}
_COUNTS = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_EVERY_N = {"other": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10, "twelve": 12}
_PERIOD = r"(?P<period>minute|hour|day|night|week|fortnight|month|quarter|year|decade)s?"
# (with the lookahead of its first characters: `re` tries a pattern opening with `\b` at every position otherwise)
_RATE = compile_skipping(
    rf"\b(?:every|each)\s+(?:(?P<n>other|two|three|four|five|six|ten|twelve|\d+)\s+)?{_PERIOD}\b"
    rf"|\b(?P<count>once|twice|thrice|(?:one|two|three|four|five|six|\d+)\s+times)\s+(?:a|an|per|each|every)\s+"
    rf"(?P<per>minute|hour|day|night|week|fortnight|month|quarter|year|decade)\b"
    rf"|\b(?:(?P<times>once|twice|thrice|(?:one|two|three|four|five|six|\d+)\s+times)\s+)?"
    rf"(?P<adverb>{'|'.join(_ADVERBS)})\b",
    re.IGNORECASE,
)
TOLERANCE = 0.1  # two rates within this share of each other are one ("every six months" and "twice a year")


def _number(word: str, table: dict[str, int]) -> int:
    return int(word) if word.isdigit() else table[word.lower()]


def _rate(m: re.Match[str]) -> tuple[str, float] | None:
    """One phrase that says how often, lower case, with the days between two times it happens; None for a count or
    a period of zero ("0 times a day", "every 0 days" say no rate)."""
    if m["adverb"]:
        days = _ADVERBS[m["adverb"].lower()]  # "three times daily": a third of a day
        times = _number(m["times"].lower().split()[0], _COUNTS) if m["times"] else 1
    elif m["period"]:
        days, times = _DAYS[m["period"].lower()] * (_number(m["n"], _EVERY_N) if m["n"] else 1), 1
    else:
        days, times = _DAYS[m["per"].lower()], _number(m["count"].lower().split()[0], _COUNTS)
    return (" ".join(m.group().lower().split()), days / times) if days > 0 and times > 0 else None


def rates(text: str) -> list[tuple[str, float]]:
    """Each phrase of `text` that says how often, lower case, with the days between two times it happens."""
    return [r for m in _RATE.finditer(text) if (r := _rate(m)) is not None]


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE * max(a, b)


def frequency_changed(claim: str, windows: Iterable[str]) -> str | None:
    """`every month/weekly` where the claim says how often, a window says another rate of the same thing and no
    window says the claim's; None otherwise."""
    said = rates(claim)
    if not said:
        return amount_of_other_period(claim, windows)
    near = content_near(claim, list(_RATE.finditer(claim)))
    other: str | None = None
    for window in windows:
        for m in _RATE.finditer(window):
            if (rate := _rate(m)) is None:
                continue
            if any(_same(a, rate[1]) for _, a in said):
                return None
            if other is None and near & content_near(window, [m]):
                other = rate[0]
    return None if other is None else f"{said[0][0]}/{other}"


# an amount per period: "$10 a month", "40 hours per week", "2,000 calories a day" (let-in round 19)
_AMOUNT = re.compile(
    r"(?P<n>[$€£]?\d[\d,.]*)\s*(?:[a-z]+\s+)?(?:a|an|per|each)\s+(?P<per>year|month|week|day|hour|night)\b",
    re.IGNORECASE,
)


def amount_of_other_period(claim: str, windows: Iterable[str]) -> str | None:
    """`10 a year/10 a month` where the claim gives an amount per period ("$10 a year") that a window gives per
    another period ("$10 a month, or $100 a year") and no window gives per the claim's; None otherwise."""
    windows = list(windows)
    for m in _AMOUNT.finditer(claim):
        n, per = m["n"].lstrip("$€£"), m["per"].lower()
        theirs = [(t["n"].lstrip("$€£"), t["per"].lower()) for w in windows for t in _AMOUNT.finditer(w)]
        others = [p for k, p in theirs if k == n and p != per]
        if others and (n, per) not in theirs:
            return f"{n} a {per}/{n} a {others[0]}"
    return None
