"""A name given the deed that the source gives another name, the name's own deed beside it (error classes of the
training pairs, round 4): "Easy A is directed by Bert V. Royal" against "a film directed by Will Gluck, written by
Bert V. Royal", "Colombiana was produced by Olivier Megaton" against "co-written and produced by Luc Besson and
directed by Olivier Megaton". Every word of the claim is in the window and the support model scored both high
(FEVER's out-of-fold errors; an answer mixing up who wrote, directed, founded or owned a thing says the same).

The claim's deed is a participle and its doer the name after "by" ("directed by Bert V. Royal"); a window sentence
states the deed of another name ("directed by Will Gluck") and another deed of the claim's name ("written by Bert V.
Royal"), and none states the claim's deed of the claim's name (its last word: "Royal"), alone or among several
("produced by Luc Besson and Olivier Megaton" names both). Deeds joined before one "by" ("co-written and produced
by") are each that name's; "co-written" is "written". Not a claim whose deed is a negation's, nor a verb whose "by"
names no doer of a role ("followed by", "replaced by", "inspired by"). The claim's name as an active deed's doer too
("James Chen founded the company" against "founded by Maria Lopez, who later hired James Chen": `swapped:chen/lopez`;
let-ins round 21), where a window names it and gives the deed only to another name. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_IRREGULAR = (
    "written|drawn|sung|built|made|run|led|held|won|shot|taken|given|sold|bought|begun|owned|founded|played|voiced|"
    "hosted|composed|designed|painted|produced|directed|created|edited|narrated|illustrated|developed|published|"
    "coached|managed|discovered|invented|performed|recorded|authored|penned|choreographed|animated|financed|"
    "distributed|commissioned|sculpted|conducted|translated|adapted|starred"
)
_PARTICIPLE = rf"(?:co-)?(?:{_IRREGULAR}|[a-z]{{3,}}ed)"
_NAME = r"[A-Z][\w'\u2019.-]*(?:\s+(?:[A-Z][\w'\u2019.-]*|de|van|von|da|del|la|le|bin|al))*"
_JOIN = r"\s*(?:,|,?\s+and|&|or)\s+"
_CLAIM_DEED = re.compile(rf"\b({_PARTICIPLE})\s+by\s+(?:the\s+)?({_NAME})")
_WINDOW_DEED = re.compile(
    rf"\b({_PARTICIPLE}(?:{_JOIN}{_PARTICIPLE})*)\s+(?:solely\s+|jointly\s+|mostly\s+)?by\s+(?:the\s+)?"
    rf"({_NAME}(?:{_JOIN}{_NAME})*)"
)
# a "by" that names no doer of a role a name can be given in another's place
_NO_ROLE = frozenset(
    "followed accompanied joined replaced succeeded preceded surrounded influenced inspired caused killed defeated "
    "beaten affected used based bordered".split()
)
_NEGATED = re.compile(r"\b(?:not|never|n't)\b", re.IGNORECASE)


def _deed(word: str) -> str:
    return word.lower().removeprefix("co-")


def agent_given_other(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's deed and the deed a window sentence gives its name ("directed/written") where the sentence gives
    the claim's deed to another name and none gives it to the claim's name; None otherwise."""
    if _NEGATED.search(claim):
        return None
    found = [(_deed(m.group(1)), m.group(2)) for m in _CLAIM_DEED.finditer(claim)]
    found = [(deed, name) for deed, name in found if deed not in _NO_ROLE]
    if not found:
        return None
    texts = list(windows)
    for deed, name in found:
        last = re.compile(rf"\b{re.escape(name.split()[-1].rstrip('.'))}\b")
        other = own = None
        for text in texts:
            for m in _WINDOW_DEED.finditer(text):
                deeds = {_deed(d) for d in re.split(_JOIN, m.group(1))}
                named = last.search(m.group(2)) is not None
                if deed in deeds and named:
                    return None  # the source gives the claim's name the claim's deed
                if deed in deeds:
                    other = m.group(2)
                elif named:
                    own = min(deeds)
        if other is not None and own is not None:
            return f"{deed}/{own}"
    return None


# the claim's name as the doer of an active deed ("James Chen founded the company": let-ins round 21)
_PAST = {"wrote": "written", "drew": "drawn", "sang": "sung", "began": "begun", "took": "taken", "gave": "given"}
_ACTIVE = re.compile(
    rf"^(?:The\s+)?({_NAME})\s+(?:(?:co-)?({'|'.join(_PAST)}|{_IRREGULAR}|[a-z]{{3,}}ed))\s+(?:the|a|an|its|his|her)\b"
)


def doer_given_other(claim: str, windows: Iterable[str]) -> str | None:
    """`chen/lopez` where the claim's name does a deed (active) that a window gives another name ("founded by Maria
    Lopez"), the window names the claim's name, and none gives the deed to it; None otherwise."""
    m = _ACTIVE.match(claim.strip())
    if m is None or _NEGATED.search(claim):
        return None
    deed = _PAST.get(m.group(2).lower(), m.group(2).lower())
    if deed in _NO_ROLE:
        return None
    last = m.group(1).split()[-1].rstrip(".")
    named = re.compile(rf"\b{re.escape(last)}\b")
    texts = list(windows)
    other = None
    for text in texts:
        for w in _WINDOW_DEED.finditer(text):
            if deed not in {_deed(d) for d in re.split(_JOIN, w.group(1))}:
                continue
            if named.search(w.group(2)):
                return None  # the source gives the claim's name the deed
            other = other or w.group(2).split()[-1].rstrip(".")
    if other is None or not any(named.search(t) for t in texts):
        return None
    return f"{last.lower()}/{other.lower()}"
