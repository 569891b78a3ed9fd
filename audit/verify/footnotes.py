"""A source's footnote markers are no numbers it states (training pairs' leftovers, round 4): web pages copied from
an encyclopedia keep their reference marks, "won five League titles. [4]", "[12][13]", "[note 3]", "[4–6]", and a
claim's changed figure ("won four league titles") was found in the mark (no missing_number). A mark is a number of
one to three digits in square brackets, alone or in a list or a span, optionally after "note" or "nb"; a bracket
holding anything more ("[2 of 5]", "[1990]") is text. Pure.
"""

from __future__ import annotations

import re

_MARK = re.compile(r"\[\s*(?:(?:note|nb|n)\s*)?\d{1,3}(?:\s*[,\u2013-]\s*\d{1,3})*\s*\]", re.IGNORECASE)


def without_footnotes(source: str) -> str:
    """`source` with each footnote marker ("[4]", "[12, 13]", "[note 3]") replaced by a space."""
    return _MARK.sub(" ", source) if "[" in source else source
