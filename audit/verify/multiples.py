"""A rise in percent stated as the multiple it makes: "Sales rose by 200%" against "Sales tripled". A rise of N%
makes the first value (1 + N/100) times over, so 100% is a doubling, 200% a tripling, 300% a quadrupling, 400% a
fivefold rise. Read by `conversions.converted_numbers`: a claim's rise is found where its source names that very
multiple, and only exactly ("rose by 300%" is no tripling, though loose writers say so; a fall, or a share that is
no rise, "200% of the target", is never a multiple)."""

from __future__ import annotations

import re

from audit.verify.numranges import number_key
from audit.verify.numwords import CARDINALS

_RISE = r"(?:rose|risen|rising|rises|increased|increasing|increases|grew|grown|growing|climbed|jumped|soared|surged)"
# a rise verb (", up", "went up") and "by" before the percentage, or the percentage before a noun of rise
_RISE_PERCENT = re.compile(
    rf"\b(?:{_RISE}|(?:went|gone|is|was|were|are)\s+up|up)(?:\s+by)?\s+(?:some\s+|about\s+|nearly\s+|almost\s+)?"
    r"(\d+(?:\.\d+)?)\s?(?:%|per\s?cent|percent)"
    r"|\b(\d+(?:\.\d+)?)\s?(?:%|-?per\s?cent|-?percent)\s+(?:increase|rise|jump|growth|gain)\b",
    re.IGNORECASE,
)
_SMALL = CARDINALS[2:11]  # two to ten
_VERBS = {"doubled": 2, "doubling": 2, "tripled": 3, "trebled": 3, "tripling": 3, "quadrupled": 4, "quadrupling": 4}
_MULTIPLE = re.compile(
    rf"\b(?:({'|'.join(_VERBS)})|({'|'.join(_SMALL)}|\d{{1,2}})[\s-]?fold)\b",
    re.IGNORECASE,
)


def rise_percents(claim: str) -> dict[str, float]:
    """The claim's percentages stated as a rise ("rose by 200%", "a 300% increase"): each as written, its value."""
    out: dict[str, float] = {}
    for m in _RISE_PERCENT.finditer(claim):
        number = m.group(1) or m.group(2)
        out[number_key(number)] = float(number)  # no commas: as keyfacts keys it
    return out


def source_multiples(source: str) -> frozenset[float]:
    """The rises in percent the source states as a multiple: "doubled" 100, "tripled" 200, "fivefold" 400."""
    out: set[float] = set()
    for m in _MULTIPLE.finditer(source):
        verb, times = m.groups()
        if verb is not None:
            k = _VERBS[verb.lower()]
        else:
            k = int(times) if times.isdigit() else CARDINALS.index(times.lower())
        if k >= 2:
            out.add(100.0 * (k - 1))
    return frozenset(out)
