"""An order in time that the source's own dates rule out: "The company went public before it acquired its main rival"
against "The company acquired its main rival in 2012. Three years later, in 2015, it went public", "The band won its
first Grammy before releasing its debut album" against "The band released its debut album in 1998 and won its first
Grammy in 2004".

Every word of such a claim is its source's and it states no date, so no key fact is missing and no copy pairs a word
(let-in round 12: each was `verified`). Read here: a claim that orders two events by "before" or "after" once (not
opening with it, no negation), each side's own content words (crude stems, the words both sides share left out: the
subject) matched to the clause of the windows that holds most of them (`MIN_MATCHED` of them, two at least, and no
other clause of another year as many); a clause's year is the one year it states, or else the one year the clauses of
its sentence that state only a date state ("Three years later, in 2015, it went public": "in 2015" dates "it went
public"; "Founded in 1990, the company went public" dates the founding only). Where the two sides' clauses state
different years in the other order than the claim's word, it is `swapped:before/2015 after 2012` (the claim's word,
then the years of its first and second side). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.reversal import crude_stem

MIN_MATCHED = 2 / 3  # of a side's own content words the clause it is matched to must hold
_YEAR = re.compile(r"(?<![\d.,])(1[0-9]{3}|20[0-9]{2})(?![\d.,]\d)")
_WORD = re.compile(r"[a-z]+")
_ORDER = frozenset({"before", "after"})
_NEGATION = frozenset("not never no neither nor".split())
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_CLAUSE = re.compile(r"[,;:()]|\s(?:and|but|while|whereas|when)\s", re.IGNORECASE)
# no event's word: function words, pronouns, and the words of a date or a span of time
_FUNCTION = frozenset(
    "the a an of in on at to for by with from and or but is are was were be been being has have had do does did it its "
    "this that these those as so he she they them his her their we our you your which who whom whose there then than "
    "also year years later earlier month months day days week weeks decade decades century ago since until time "
    "once soon shortly long just".split()
)


# irregular forms of common verbs of events, as their base ("left the bank" / "leaving the bank")
_IRREGULAR = {
    form: base
    for base, forms in {
        "leave": "left leaving",
        "win": "won winning",
        "go": "went gone going",
        "begin": "began begun beginning",
        "become": "became becoming",
        "take": "took taken taking",
        "make": "made making",
        "write": "wrote written writing",
        "sell": "sold selling",
        "buy": "bought buying",
        "build": "built building",
        "meet": "met meeting",
        "run": "ran running",
        "hold": "held holding",
        "lead": "led leading",
        "fall": "fell fallen falling",
        "rise": "rose risen rising",
        "grow": "grew grown growing",
        "give": "gave given giving",
        "get": "got gotten getting",
        "sink": "sank sunk sinking",
        "shut": "shutting",
    }.items()
    for form in forms.split()
}


def _content(text: str) -> set[str]:
    words = (_IRREGULAR.get(w, w) for w in _WORD.findall(text.lower()) if w not in _FUNCTION)
    return {crude_stem(w) for w in words if len(w) >= 3 or w == "go"}


def _dated_clauses(windows: Iterable[str]) -> list[tuple[set[str], str]]:
    """Each clause of the windows' sentences that states an event (content words) with its one year."""
    out = []
    for window in windows:
        for sentence in _SENTENCE.split(window):
            clauses = [(c, _content(c), set(_YEAR.findall(c))) for c in _CLAUSE.split(sentence) if c and c.strip()]
            dates = {y for _, words, years in clauses if not words for y in years}  # "in 2015": a date alone
            for _, words, years in clauses:
                year = years if years else dates
                if words and len(year) == 1:
                    out.append((words, next(iter(year))))
    return out


def _year_of(side: set[str], clauses: list[tuple[set[str], str]]) -> str | None:
    """The year of the one clause that holds most of `side`'s words (enough of them), or None."""
    best = max((len(side & words) for words, _ in clauses), default=0)
    if best < max(2, MIN_MATCHED * len(side)):
        return None
    years = {year for words, year in clauses if len(side & words) == best}
    return next(iter(years)) if len(years) == 1 else None


def order_against_dates(claim: str, windows: Iterable[str]) -> str | None:
    """`before/2015 after 2012` where the claim orders two events that its windows date the other way round, or
    None."""
    words = _WORD.findall(claim.lower())
    orders = [w for w in words if w in _ORDER]
    if len(orders) != 1 or words[0] in _ORDER or _NEGATION.intersection(words) or _YEAR.search(claim):
        return None
    word = orders[0]
    at = re.search(rf"\b{word}\b", claim, re.IGNORECASE)
    assert at is not None
    first, second = _content(claim[: at.start()]), _content(claim[at.end() :])
    first, second = first - second, second - first  # each side's own words: not the subject both share
    if len(first) < 2 or len(second) < 2:
        return None
    clauses = _dated_clauses(windows)
    one, other = _year_of(first, clauses), _year_of(second, clauses)
    if one is None or other is None or one == other:
        return None
    if (word == "before") == (int(one) > int(other)):
        return f"{word}/{one} {'after' if word == 'before' else 'before'} {other}"
    return None
