"""A claim's month named alone ("born in May", "released in early October", "aired in the month of September"), a
date with neither day nor year that `keyfacts` read none of: found where its source states that month (in a date,
or named alone). From the training pairs' out-of-fold errors: "Danielle Cormack was born in May" against a page
dating her birth in December was scored as supported. Pure functions."""

from __future__ import annotations

import re

_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December"
# after a preposition (or "early", "mid-", "the month of"), capitalised, and not before a day, a year or a capitalised
# word: "May" and "March" elsewhere are verbs, nouns and names ("May I", "by March Industries")
_AFTER = r"(?:in|since|until|till|by|during|through|from|before|after|early|late|mid|month\s+of)"
_ALONE = re.compile(rf"\b{_AFTER}[\s-]+(?:early\s+|late\s+|mid-?)?({_NAMES})\b(?![-\s]*(?:of\s+)?\d|\s+[A-Z])")
_NUMBER = {m: i for i, m in enumerate(_NAMES.split("|"), 1)}
# a source names a month alone after these too: its "from March to May" states May (read only to find a claim's month:
# a claim's "to May" may be a person)
_SOURCE_ALONE = re.compile(
    rf"\b(?:{_AFTER[3:-1]}|to|and|or)[\s-]+(?:early\s+|late\s+|mid-?)?({_NAMES})\b(?![-\s]*(?:of\s+)?\d|\s+[A-Z])"
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
