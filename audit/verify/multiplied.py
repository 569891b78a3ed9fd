"""A multiple stated where the source gives the change in percent, and the two differ: "Sales doubled in 2020"
against "Sales rose 40 percent in 2020", "The price of the drug halved" against "fell by 20%", "Ridership tripled"
against "grew by 50 percent", "Visitor numbers halved" against "fell 30 percent"; a change given as a fraction in words
too ("halved" against "fell by a third", "doubled" against "rose by half": let-ins round 21).

`multiples.py` reads the other way round, a claim's rise in percent against its source's multiple ("rose by 200%" /
"tripled"), as one fact said two ways; a claim's multiple holds no figure for `keyfacts` to miss and no word a copy
pairs with "40 percent", so the support model, reading a window about the same change, scored each high (let-in round
13: each was `verified`). A multiple makes a change in percent: doubled +100, tripled +200, quadrupled +300, N-fold
(N - 1) x 100, halved -50. The claim's multiple (with no percentage of its own) against a window sentence's change in
percent of the same thing (a content word of the claim's words before the multiple, in that sentence before the
change): a change the other way, or one outside the multiple's own (within `TOLERANCE` of it; a hedged multiple,
"nearly doubled" up to it from `NEARLY` of it, "more than doubled" from `TOLERANCE` below it on, "about" within
`ABOUT`), where none of the thing's changes is the multiple's, is `swapped:doubled/rose 40 percent`. Not where a
window states a multiple of the kind itself. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.numwords import CARDINALS
from audit.verify.text import stop_split

_MULTIPLE = re.compile(
    r"\b(?:(?P<hedge>more\s+than|over|nearly|almost|about|roughly|around|close\s+to|just\s+over|at\s+least)\s+)?"
    r"(?P<verb>doubled|doubling|doubles|tripled|trebled|tripling|triples|quadrupled|quadrupling|quadruples|halved|"
    r"halving|halves|(?P<times>two|three|four|five|six|seven|eight|nine|ten|\d{1,2})[\s-]?fold)\b",
    re.IGNORECASE,
)
_PERCENT_OF = {"doub": 100.0, "trip": 200.0, "treb": 200.0, "quad": 300.0, "halv": -50.0}
_PCT = r"(\d+(?:\.\d+)?)\s?(?:%|per\s?cent\b|percent\b)"
_UP = (
    r"(?:rose|risen|rising|rises|increased|increasing|increases|grew|grown|growing|climbed|jumped|soared|surged|gained)"
)
_DOWN = (
    r"(?:fell|fallen|falling|falls|dropped|dropping|drops|declined|declining|declines|decreased|decreasing|"
    r"decreases|shrank|shrunk|slumped|plunged|plummeted|sank|slid|tumbled|was\s+cut|were\s+cut)"
)
_HEDGE = r"(?:\s+(?:by\s+)?(?:some|about|nearly|almost|around|roughly|just|over|more\s+than|less\s+than)\b)?"
# a change in percent: "rose (by) 40 percent", "fell 20%", "up 40%", "a 40% increase", "down 20 percent"
_CHANGE = re.compile(
    rf"\b(?P<dir_up>{_UP}|up){_HEDGE}(?:\s+by)?\s+{_PCT}|\b(?P<dir_down>{_DOWN}|down){_HEDGE}(?:\s+by)?\s+{_PCT}"
    rf"|\b{_PCT}[\s-]+(?:(?P<noun_up>increase|rise|jump|growth|gain)|(?P<noun_down>decrease|decline|drop|fall|"
    r"reduction|cut|slump))\b",
    re.IGNORECASE,
)
# a change given as a fraction in words, "fell by a third", "rose by half" (let-ins round 21: "halved" was verified)
_FRACTIONS = {
    "half": 50.0,
    "a half": 50.0,
    "a third": 100 / 3,
    "one third": 100 / 3,
    "two thirds": 200 / 3,
    "a quarter": 25.0,
    "one quarter": 25.0,
    "three quarters": 75.0,
    "a fifth": 20.0,
    "a tenth": 10.0,
}
_FRACTION = "|".join(f.replace(" ", r"[\s-]+") for f in _FRACTIONS)
_FRACTION_CHANGE = re.compile(
    rf"\b(?:(?P<dir_up>{_UP}|up)|(?P<dir_down>{_DOWN}|down)){_HEDGE}\s+by\s+(?P<frac>{_FRACTION})\b", re.IGNORECASE
)
_OWN_PERCENT = re.compile(r"\d\s?(?:%|per\s?cent\b|percent\b)", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
_FUNCTION = frozenset(
    "the a an of in on at to for by with from and or but as its his her their this that these those it which who "
    "was were is are has have had been be than over more nearly almost about roughly around".split()
)
TOLERANCE = 0.15  # a plain multiple's own changes: within 15% of it ("doubled" for a rise of 85% to 115%)
NEARLY = 0.6  # "nearly doubled": a rise of 60% to 100%
ABOUT = 0.25  # "about doubled": within a quarter of it


def _percent(m: re.Match[str]) -> float:
    """The change in percent a multiple makes: doubled 100, tripled 200, fivefold 400, halved -50."""
    times = m["times"]
    if times is not None:
        k = int(times) if times.isdigit() else CARDINALS.index(times.lower())
        return 100.0 * (k - 1)
    return _PERCENT_OF[m["verb"].lower()[:4]]


def _agrees(said: float, hedge: str | None, stated: float) -> bool:
    """Whether a change of `stated` percent is the multiple's change `said` (both signed), hedged as `hedge`."""
    if (said > 0) != (stated > 0):
        return False
    s, t = abs(said), abs(stated)
    h = " ".join(hedge.lower().split()) if hedge else ""
    if h in ("more than", "over", "just over", "at least"):
        return t >= s * (1 - TOLERANCE)
    if h in ("nearly", "almost", "close to"):
        return s * NEARLY <= t <= s * (1 + TOLERANCE)
    if h in ("about", "roughly", "around"):
        return abs(t - s) <= s * ABOUT
    return abs(t - s) <= s * TOLERANCE


def _stated(m: re.Match[str]) -> float:
    """A window's change, signed: "rose 40 percent" 40, "fell by 20%" -20."""
    if m.re is _FRACTION_CHANGE:
        value = _FRACTIONS[" ".join(m["frac"].lower().replace("-", " ").split())]
        return value if m["dir_up"] else -value
    value = float(next(g for g in m.groups()[1:] if g is not None and g[0].isdigit()))
    return value if (m["dir_up"] or m["noun_up"]) else -value


def multiple_against_percent(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's multiple and the window's change in percent that it is not, as a reason's detail
    ("doubled/rose 40 percent"); None otherwise."""
    if _OWN_PERCENT.search(claim) is not None:
        return None
    low = claim.lower()
    multiples = list(_MULTIPLE.finditer(low))
    if not multiples:  # most claims state no multiple: the windows are not read
        return None
    sentences = [s for text in windows for s in stop_split(text.lower())]
    for m in multiples:
        subject = {w for w in _WORD.findall(low[: m.start()]) if w not in _FUNCTION and len(w) > 2}
        kind = re.compile(r"\d?[\s-]?fold\b" if m["times"] else rf"\b{m['verb'][:4]}")  # "doubl-", "-fold"
        if not subject or any(kind.search(s) is not None for s in sentences):
            continue  # the windows state a multiple of its kind themselves
        said = _percent(m)
        changes = [
            c
            for s in sentences
            for change in (_CHANGE, _FRACTION_CHANGE)
            for c in change.finditer(s)
            if subject & set(_WORD.findall(s[: c.start()]))
        ]
        if changes and not any(_agrees(said, m["hedge"], _stated(c)) for c in changes):
            return f"{' '.join(m.group().split())}/{' '.join(changes[0].group().split())}"
    return None
