"""A claim's part of a year ("in the autumn of 2019", "in late 2019", "the first half of 2020", "Q3 2021", "H2 2022"),
a date that `keyfacts` read none of: its source must state a month of that year inside the part, or name a part
that overlaps it. From the false-alarm sweep's let-ins: "The band formed in the autumn of 2019" against a source
dating the forming in April 2019, and "The couple split in late 2019" against February 2019, were verified.

Conservative by design: each part holds the months a writer may mean by it, not only its core ("late" is August to
December, spring March to June, as the astronomical seasons run), the seasons are the Northern hemisphere's, and
winter holds December of its own year and of the year before (December is winter of either: never flagged). A
quarter or half of a fiscal year is no calendar one: a claim or source that speaks of fiscal or financial years is
not read. A part is missing where its source states no month of the year inside it, as a claim's "March 2020" is
missing where its source states no March (`keyfacts._has_date`). Pure functions."""

from __future__ import annotations

import re

_SEASON = {
    "spring": (3, 4, 5, 6),
    "summer": (6, 7, 8, 9),
    "autumn": (9, 10, 11, 12),
    "fall": (9, 10, 11, 12),
    "winter": (1, 2, 3, 12),  # December of the year and of the year before: `_months`
}
_EDGE = {"early": (1, 2, 3, 4, 5), "mid": (4, 5, 6, 7, 8, 9), "late": (8, 9, 10, 11, 12)}
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 0, "final": 0}
_PART = re.compile(
    r"\b(?:(?:the\s+)?(?P<season>spring|summer|autumn|fall|winter)(?:\s+of)?\s+(?P<sy>\d{4})"
    r"|(?P<edge>early|mid|late)[-\s]+(?P<ey>\d{4})"
    r"|(?:the\s+)?(?P<half>first|second|last|final)\s+half(?:\s+of)?\s+(?P<hy>\d{4})"
    r"|(?:the\s+)?(?P<quarter>first|second|third|fourth|last|final)\s+quarter(?:\s+of)?\s+(?P<qy>\d{4})"
    r"|(?P<qh>[QH])(?P<n>[1-4])(?:\s+of)?\s+(?P<ny>\d{4}))\b(?!-\d|['\u2019]?s\b)",
    re.IGNORECASE,
)
_FISCAL = re.compile(r"\b(?:fiscal|financial\s+year|FY\s?\d{2})", re.IGNORECASE)


def _months(m: re.Match[str]) -> frozenset[tuple[int, int]] | None:
    """The (year, month)s a part of a year may mean; None where it names none (an "H3")."""
    g = m.groupdict()
    year = int(g["sy"] or g["ey"] or g["hy"] or g["qy"] or g["ny"])
    if g["season"]:
        months = _SEASON[g["season"].lower()]
        return frozenset(
            {(year, mo) for mo in months} | ({(year - 1, 12)} if g["season"].lower() == "winter" else set())
        )
    if g["edge"]:
        return frozenset((year, mo) for mo in _EDGE[g["edge"].lower()])
    if g["half"] or (g["qh"] and g["qh"].upper() == "H"):
        half = _ORDINAL[g["half"].lower()] if g["half"] else int(g["n"])
        if half not in (0, 1, 2):
            return None
        first = 1 if half == 1 else 7
        return frozenset((year, mo) for mo in range(first, first + 6))
    quarter = _ORDINAL[g["quarter"].lower()] if g["quarter"] else int(g["n"])
    first = 3 * ((quarter or 4) - 1) + 1
    return frozenset((year, mo) for mo in range(first, first + 3))


def year_parts(claim: str) -> tuple[str, ...]:
    """The parts of a year `claim` names, as written without "the" ("autumn of 2019", "late 2019", "Q3 2021")."""
    if _FISCAL.search(claim):
        return ()
    return tuple(dict.fromkeys(m.group().removeprefix("the ").removeprefix("The ") for m in _PART.finditer(claim)))


def without_part_digits(claim: str) -> str:
    """`claim` with the digit of each quarter or half it names in letters and digit ("Q3 2021", "H2 2022") blanked:
    a part of a year (`year_parts`), not a number the source must state ("Q3 2021" against "August 2021" was
    `missing_number:3`). Offsets kept."""
    if _FISCAL.search(claim):
        return claim
    return _PART.sub(lambda m: m.group() if m.group("n") is None else m.group().replace(m.group("n"), " ", 1), claim)


def missing_parts(
    dates: tuple[str, ...], src_dates: frozenset[str], src_numbers: frozenset[str], source: str
) -> list[str]:
    """`missing_date:late 2019` for each part of a year among a claim's `dates` (`year_parts`) of which `source`
    states no month inside it (`src_dates`: its date keys, `keyfacts._date_keys`; a month with no year counts where
    the year is among `src_numbers`, as `keyfacts._has_date` reads a claim's month and year) and names no part that
    overlaps it. A source that speaks of fiscal years is not read."""
    parts = [(d, m) for d in dates if (m := _PART.fullmatch(d)) is not None]
    if not parts or _FISCAL.search(source):
        return []
    named = {ym for m in _PART.finditer(source) for ym in _months(m) or ()}
    out = []
    for d, m in parts:
        months = _months(m)
        if months is None or months & named:
            continue
        if not any(
            f"date:{mo:02}" in src_dates and (f"date:{y}-{mo:02}" in src_dates or str(y) in src_numbers)
            for y, mo in months
        ):
            out.append(f"missing_date:{d}")
    return out
