"""A figure of one person moved to another the same source names: "The chief financial officer, Tom Baker, is 58"
against "Chief executive Anna Weiss, 58, has led the company since 2015. Chief financial officer Tom Baker, 44,
joined in 2019.", "Tom Baker joined the company in 2015" against the same source (let-in round 17: both
`verified`: every word and figure of the claim is in the source, only not together).

The claim's figure (`_figures`: a year, or a count of up to three digits) is in the windows only in sentences that
name someone else and none of the claim's names, by no pronoun that could stand for the claim's person ("In 2008 he
was elected, defeating John McCain"); and a sentence that names the claim's person gives a figure of the same kind
(a year for a year) the claim does not state: `2015/2019`, the claim's figure then the one its person is given. A
claim with no name the windows hold, or whose figure a sentence gives beside one of its names, is left alone. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.copywords import sentences as _sentences
from audit.verify.copywords import words as _words

# what a sentence may name the claim's person by without naming it: a pronoun (or a possessive), or a role word
_STANDS_FOR = frozenset("he she his her him hers they their them who whose its it".split())
# capitalised words that name no one: a sentence's opening words, months, days, titles of address
_NO_NAME = frozenset(
    "the a an in on at by for and but or of to from as after before since during when while this that these those "
    "it its he she they his her their we our i you mr mrs ms dr prof sir chief january february march april may june "
    "july august september october november december monday tuesday wednesday thursday friday saturday sunday".split()
)
_SPAN = re.compile(r"\b(?:between|from)\s+(\d+)\s+(?:and|to|until)\s+(\d+)\b|\b(\d+)\s*[-–]\s*(\d+)\b")
_YEAR = re.compile(r"(?:1[5-9]|20)\d\d")
_COUNT = re.compile(r"\d{1,3}")


def _kind(word: str) -> str | None:
    """The kind of a figure, "year" or "count" ("2015", "58"), None for any other word."""
    if _YEAR.fullmatch(word):
        return "year"
    return "count" if _COUNT.fullmatch(word) else None


_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")  # "Tom Baker", "Anna Weiss" (not "EBITDA", "Slide 38")


def _people(text: str) -> set[str]:
    """The words (lower case) of the runs of two or more capitalised words of `text` that may name a person ("Tom
    Baker", "Chief financial officer Tom Baker" gives "tom", "baker"), words that name no one left out."""
    out: set[str] = set()
    for m in _RUN.finditer(text):
        run = [w.lower() for w in m.group().split() if w.lower() not in _NO_NAME]
        if len(run) >= 2:
            out.update(run)
    return out


def _names(claim: str, people: set[str]) -> set[str]:
    """The claim's capitalised words that are words of a person the windows name (`people`): "Baker" of "Tom Baker"."""
    return {w.low for w in _words(claim) if w.capital and w.low in people}


def figure_of_another(claim: str, windows: Iterable[str]) -> str | None:
    """`mine/theirs` where the claim's figure is given in the windows only to someone else and the claim's person is
    given another figure of its kind ("58/44": the chief executive's age as the finance chief's); None otherwise."""
    words = _words(claim)
    # a span's ends ("between 1989 and 2005", "from 2008 to 2012") date a period, not a person's figure
    spans = {f for m in _SPAN.finditer(claim) for f in m.groups() if f}
    figures = {w.low for w in words if _kind(w.low)} - spans
    if not figures:
        return None
    said = [(s, {w.low for w in _words(s)}) for s in dict.fromkeys(_sentences(windows))]
    named = _names(claim, {w for s, _ in said for w in _people(s)})
    if not named:
        return None  # the claim names no person the windows name
    for figure in sorted(figures):
        given = [(s, ws) for s, ws in said if figure in ws]
        if not given or any(named & ws or _STANDS_FOR & ws for _, ws in given):
            continue  # said of the claim's person, or perhaps of it by a pronoun
        if not all(_people(s) - named for s, _ in given):
            continue  # a sentence that names no other person
        kind = _kind(figure)
        # the claim's deed: its words that no sentence giving its figure holds ("joined", not "company")
        deed = {w.low for w in words if w.low.isalpha() and not w.capital and w.low not in _NO_NAME}
        deed -= {w for _, ws in given for w in ws}
        for s, ws in said:
            if not named & ws:
                continue
            for other in sorted({w for w in ws if _kind(w) == kind} - figures):
                if deed & ws or _apposed(s, named, other):
                    return f"{figure}/{other}"
    return None


def _apposed(sentence: str, named: set[str], figure: str) -> bool:
    """Whether `sentence` gives `figure` between commas after a word of the claim's names ("Tom Baker, 44,")."""
    return any(re.search(rf"\b{re.escape(name)},\s*{re.escape(figure)}\s*,", sentence, re.IGNORECASE) for name in named)
