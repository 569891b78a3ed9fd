"""A bid stated as attained (let-in round 19, `verified`; round 17 left the first): "Jane Doe became mayor in 2012"
against "Jane Doe ran for mayor in 2012 but lost to John Roe. She was elected mayor in 2016", "The film won the
Palme d'Or in 2019" against "The film competed for the Palme d'Or in 2019". The claim's name, office or prize and
year are the source's, only the verb of getting it is not, and a paraphrase of an outcome is no word in another's
place (`swaps`).

The claim says a word of attaining ("became", "was elected", "was appointed", "was named", "took office", "won",
"was awarded") and holds a year (or another figure); a clause of its windows (a sentence cut at "but", "while",
";", ...) that holds that figure and the first content word after the claim's verb ("mayor", "palme") tells only of
a bid for it ("ran for", "stood for", "sought", "campaigned", "competed for", "was nominated", "was shortlisted",
"applied for", "bid for"; not "contested", said of a final played), and no clause of the windows with the figure and
that word tells of it attained ("appointed", "confirmed", "winning", ...) by the claim's party, not another's ("which
was awarded to South Africa", round 21): `swapped:became/ran for`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_ATTAIN = (
    r"became|become|becomes|elected|appointed|named|sworn\s+in|took\s+office|won|wins|awarded|received|"
    r"secured|captured|clinched|inaugurated|installed|hosted|staged"
)
# the claim's attaining and the words after it ("became mayor in 2012", "won the Palme d'Or")
_CLAIM = re.compile(rf"\b(?P<verb>{_ATTAIN})\b(?P<after>(?:\s+[\w'’-]+){{1,4}})", re.IGNORECASE)
_SAYS_ATTAINED = re.compile(
    rf"\b(?:{_ATTAIN}|elect|appoint\w*|confirm\w*|victor\w*|winner|winning|took\s+over|assumed|succeed\w*)\b", re.I
)
# a bid for it, not its getting
_BID = re.compile(
    r"\b(?P<bid>ran\s+for|runs?\s+for|running\s+for|stood\s+for|stands?\s+for|sought|seeks?|seeking|campaign\w*|"
    r"compet\w*\s+for|(?:was|were|been)\s+nominated|nominated\s+for|(?:was|were|been)\s+shortlisted|"
    r"shortlisted\s+for|appl(?:ied|ies|y)\s+for|bid\s+for|vied\s+for|in\s+the\s+running\s+for|"
    r"(?:appl(?:ied|ies|y)|bid|bids|bidding|sought|tried|offered|campaigned)\s+to\s+host)\b",
    re.IGNORECASE,
)
# attained by another party than the claim's ("which was awarded to South Africa", "won by London"; round 21)
_TO_OTHER = re.compile(
    r"\b(?:awarded|given|granted|won|went|handed|hosted|staged)\s+(?:instead\s+)?(?:to|by)\s+(?:the\s+)?"
    r"(?P<other>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)
_FIGURE = re.compile(r"\b\d[\d,.]*\b")
_CLAUSES = re.compile(r"(?<=[.!?;])\s+|,?\s+\b(?:but|while|whereas|although|though|and\s+later|before)\b")
_SKIP = frozenset("the a an as of in on at for to by its his her their this that".split())


def bid_as_attained(claim: str, windows: Iterable[str]) -> str | None:
    """`became/ran for` where the claim attains what a clause of its windows, with the claim's figure, only bids for,
    and no such clause attains; None otherwise."""
    m = _CLAIM.search(claim)
    figures = set(_FIGURE.findall(claim))
    if m is None or not figures:
        return None
    # the thing got, past a figure ("hosted the 2012 Olympics": "olympics")
    words = [w.lower() for w in re.findall(r"[\w'’-]+", m["after"]) if w.lower() not in _SKIP]
    what = next((w for w in words if not w[0].isdigit()), None)
    if what is None:
        return None
    clauses = [
        c for w in windows for c in _CLAUSES.split(w) if c and what in c.lower() and figures & set(_FIGURE.findall(c))
    ]
    own = claim[: m.start()]  # the claim's party, before its verb

    def others(c: str) -> str:
        return _TO_OTHER.sub(lambda t: t.group() if t["other"].split()[0] in own else " ", c)

    if not clauses or any(_SAYS_ATTAINED.search(others(c)) for c in clauses):
        return None
    bids = [b for c in clauses if (b := _BID.search(c)) is not None]
    if not bids:
        return None
    return f"{' '.join(m['verb'].lower().split())}/{' '.join(bids[0]['bid'].lower().split())}"
