"""A name's words written open, hyphenated or closed (the false-alarm sweep, round 12), used by
`nameforms.found_otherwise`: "The Coca-Cola Company" against a source's "The Coca Cola Company" was
missing_name:Coca-Cola, "a Sims-based podcast" against "a Sims based podcast" missing_name:Sims-based (supported
training pairs), "FamilyMart" against "Family Mart" missing_name:FamilyMart, and "Lawson is similar to Family Mart"
against "FamilyMart" missing_name:Family and :Mart. How a compound's words are joined is spelling, not a fact: the
same words in the same order, with a hyphen, a space or nothing between them, name the same thing. Another word
stays missing ("Pepsi-Cola" against "Coca Cola", "Family Mart" against "Ministop"). A closed word the source writes
apart in another case (round 13: "Walmart" against "Wal-Mart", "Wal Mart") is the same name too. Pure functions."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

# a hyphen inside a name ("Coca-Cola"), or a capital after a lower-case letter ("FamilyMart", "PlayStation")
_JOINS = re.compile(r"-|(?<=[a-z])(?=[A-Z])")
_POSSESSIVE = re.compile(r"'s$")
# the words apart, hyphenated or joined; not a spaced dash ("Jean - Luc" joins two names, as "Paris - Lyon" does)
_OPEN_OR_CLOSED = r"(?:\s+|-|)"


@lru_cache(maxsize=64)
def _folded(source: str) -> str:
    return source.casefold()


def _written_as(parts: list[str], source: str) -> bool:
    """Whether `source` writes the words `parts` in this order, apart, hyphenated or joined (any case). A first look
    for the first and the last word in the case-folded source spares the pattern's scan of a long page that holds
    neither (WiCE's pages: 1.7 of 5.2 CPU s of the missing facts)."""
    folded = _folded(source)
    if parts[0].casefold() not in folded or parts[-1].casefold() not in folded:
        return False
    words = _OPEN_OR_CLOSED.join(re.escape(p) for p in parts)
    return re.search(rf"(?<!\w){words}(?!\w)", source, re.IGNORECASE) is not None


@lru_cache(maxsize=64)
def _squeezed(source: str) -> str:
    return re.sub(r"[\s-]+", "", source.casefold())


# a closed word's letters in the source with a hyphen or a space between two of them: "Wal-Mart", "Wal Mart"
_PARTS = re.compile(r"[^\W\d_]{2,}(?:(?:-|\s+)[^\W\d_]{2,})+")


def _written_apart(name: str, source: str) -> bool:
    """Whether `source` writes the closed word `name` ("Walmart", no capital inside) apart: hyphenated ("Wal-Mart",
    any case) or open with a capital on each part ("Wal Mart"; not "wal mart", nor "the red wood" for "Redwood")."""
    if len(name) < 5 or not name.isalpha() or name.casefold() not in _squeezed(source):
        return False
    folded = name.casefold()
    pattern = r"(?<!\w)" + r"(?:-|\s+)?".join(re.escape(c) for c in name) + r"(?!\w)"
    for m in re.finditer(pattern, source, re.IGNORECASE):
        written = m.group()
        if _PARTS.fullmatch(written) is None or re.sub(r"[\s-]+", "", written.casefold()) != folded:
            continue
        if "-" in written or all(p[0].isupper() for p in written.split()):
            return True
    return False


def compound_found(missing: list[str], names: tuple[str, ...], source: str) -> set[str]:
    """The names of `missing` (the claim's names the source lacks as written) that `source` writes open, hyphenated
    or closed: a hyphenated or closed compound ("Coca-Cola", "FamilyMart") with its words apart or joined otherwise,
    a closed word the source writes apart ("Walmart" as "Wal-Mart": `_written_apart`),
    and two names following each other in the claim's `names` ("Family", "Mart") that the source joins in one word
    ("FamilyMart")."""
    found: set[str] = set()
    for name in missing:
        parts = [p for p in _JOINS.split(_POSSESSIVE.sub("", name)) if p]
        if (len(parts) > 1 and _written_as(parts, source)) or (len(parts) == 1 and _written_apart(parts[0], source)):
            found.add(name)
    for first, second in pairwise(names):
        if (first in missing or second in missing) and _written_as([first + second], source):
            found.update((first, second))
    return found
