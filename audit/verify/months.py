"""A claim's month named alone ("born in May", "released in early October", "aired in the month of September"), a
date with neither day nor year that `keyfacts` read none of: found where its source states that month (in a date,
or named alone). From the training pairs' out-of-fold errors: "Danielle Cormack was born in May" against a page
dating her birth in December was scored as supported. The one table of the months' names and abbreviations too
(`MONTH_NAMES`, `ABBREVIATIONS`, `MONTH_NUMBERS`, `month_forms`): keyfacts, holidays, nameforms, opposites, restate
and the sentence splitter read a month from it; and of the weekdays (`WEEKDAYS`: nameforms, keynames). Pure
functions."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import pairwise

# the one table of the months, read by every module that names one: their names in order (a month's number is its
# place) and the abbreviations writers use (each month's first three letters, May's its name, and "Sept")
MONTH_NAMES = tuple("January February March April May June July August September October November December".split())
ABBREVIATIONS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
SHORT_ONLY = tuple(a for a in ABBREVIATIONS if a not in MONTH_NAMES)  # the abbreviations that are no name
MONTH_NUMBERS = {name[:3].lower(): i for i, name in enumerate(MONTH_NAMES, 1)}  # by the first three letters, lower
# the one table of the weekdays, in the calendar's order (`date.weekday()`; nameforms and keynames read them)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def month_forms(numbers: Iterable[int], names: bool = True) -> str:
    """A regex alternation of the months `numbers` (1-12) as writers write them, each its abbreviations and (with
    `names`) its name, longest first: "Jan(?:uary)?|May|June?|Sep(?:t(?:ember)?)?"; without names the abbreviations
    that are no name, "Jan|Jun|Sept?" (none of May's)."""
    out = []
    for n in numbers:
        name = MONTH_NAMES[n - 1]
        stems = sorted({a for a in (ABBREVIATIONS if names else SHORT_ONLY) if name.startswith(a)}, key=len)
        stems += [name] if names and name not in stems else []
        if not stems:
            continue
        tail = ""
        for shorter, longer in reversed(list(pairwise(stems))):
            rest = longer[len(shorter) :] + tail
            tail = f"{rest}?" if len(rest) == 1 else f"(?:{rest})?"
        out.append(stems[0] + tail)
    return "|".join(out)


_NAMES = "|".join(MONTH_NAMES)
# after a preposition (or "early", "mid-", "the month of"), capitalised, and not before a day, a year or a capitalised
# word: "May" and "March" elsewhere are verbs, nouns and names ("May I", "by March Industries")
_AFTER = r"(?:in|since|until|till|by|during|through|from|before|after|early|late|mid|month\s+of)"
_ALONE = re.compile(rf"\b{_AFTER}[\s-]+(?:early\s+|late\s+|mid-?)?({_NAMES})\b(?![-\s]*(?:of\s+)?\d|\s+[A-Z])")
_NUMBER = {m: i for i, m in enumerate(MONTH_NAMES, 1)}
# a source names a month alone after these too: its "from March to May" states May (read only to find a claim's month:
# a claim's "to May" may be a person)
_SOURCE_ALONE = re.compile(  # the preposition may open the sentence, "In March, the firm ..." (false alarms, round 16)
    rf"\b(?i:{_AFTER[3:-1]}|to|and|or)[\s-]+(?:early\s+|late\s+|mid-?)?({_NAMES})\b(?![-\s]*(?:of\s+)?\d|\s+[A-Z])"
)


def months_alone(claim: str) -> tuple[str, ...]:
    """The months `claim` names alone, as written ("May")."""
    return tuple(dict.fromkeys(_ALONE.findall(claim)))


def month_keys(source: str) -> set[str]:
    """What `source` states of May and March named alone after a preposition ("in May"; `keyfacts` reads the other
    months alone anywhere, but these two only with a day or year): `date:05`, `date:03`."""
    return {f"date:{_NUMBER[m]:02}" for m in _SOURCE_ALONE.findall(source) if m in ("May", "March")}


def missing_months(months: tuple[str, ...], src_dates: frozenset[str], source: str) -> list[str]:
    """`missing_date:May` for each month of `months` (`months_alone`) of which `source` states no date and which it
    does not name alone (`src_dates`: the source's date keys, `keyfacts._date_keys`)."""
    months = tuple(m for m in months if m in _NUMBER)  # a claim's other dates: `keyfacts`, `seasons`
    if not months:
        return []
    named = month_keys(source) if any(m in ("May", "March") for m in months) else set()
    return [f"missing_date:{m}" for m in months if f"date:{_NUMBER[m]:02}" not in src_dates | named]


# the days a source names by "weekdays" ("business days", "working days") or "weekends": "Monday to Friday" against
# "open on weekdays" was missing_name:Monday and :Friday (moved from keynames.py)
_DAY_GROUPS = (
    (re.compile(r"\b(?:week|business|working)[- ]?days?\b"), " ".join(WEEKDAYS[:5]).lower()),
    (re.compile(r"\bweek-?ends?\b"), " ".join(WEEKDAYS[5:]).lower()),
)


def day_group_words(low: str) -> str:
    """The names (and plurals) of the days the lower-cased `source` names as a group, to be appended like its
    aliases (`keynames.alias_words`): "" for most sources."""
    if "day" not in low and "week" not in low:
        return ""
    return "".join(f" {days} {days.replace(' ', 's ')}s" for group, days in _DAY_GROUPS if group.search(low))
