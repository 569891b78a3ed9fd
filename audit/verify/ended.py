"""A state said to hold now where the source says the deed that ends it was done: "The hiker is missing" against "The
hiker who disappeared on Friday was found alive on Sunday", "The stolen ring remains missing" against "The stolen
ring was recovered by police in 2012", "The gunman is still at large" against "was arrested on Tuesday".

`pending.done_but_awaited` reads the other way round (the deed stated as done against the state said to hold still);
a claim that states the state, with no negation, against a source that states the deed, also without one, was read by
nothing, and the support model scores the window high (let-in round 14: each was `verified`). Here a claim's state
said of now ("is missing", "are still missing", "remains at large", "has been missing since", `pending._STATES`'
states) against a window sentence's deed that ends it ("was found", "were recovered", "was arrested"), in the past,
in the passive but for "died", "resigned", "reopened", or in the active with the state's subject after it ("police
found the hiker"; not "the president fired his aide" against "the president is still in office"), not negated and
not said ahead ("will be found", "yet to be found"); the state's subject a content word of the claim before its
state among the sentence's words before the deed (`pending.NEAR`). Not a past state ("went missing", "was missing
for three days": the deed may have ended it since, so it is the windows' story, not a contradiction), nor where the
windows say the state holds now too ("one climber was found; the other is still missing"), nor a claim that states
the deed itself or holds a negation. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.pending import _AHEAD, _FUNCTION, _NEGATED, _STATES, _STILL, _WORD, NEAR
from audit.verify.text import stop_split

# a state said of now: "is missing", "are still missing", "remains at large", "has been missing since"
_NOW = r"\b(?:is|are|remains?|still|has\s+been|have\s+been)\s+(?:still\s+)?"
# `pending._STATES`' states said of now (their "still" or "remain" read as one way of saying it), each with the
# deeds that end it
_HOLDS_NOW = tuple((re.compile(_NOW + state.pattern[len(_STILL) :], re.IGNORECASE), ends) for state, ends in _STATES)
# a first look: any of them (one search instead of one per state: a claim most often says none)
_ANY_HOLDS_NOW = re.compile(_NOW + "(?:" + "|".join(state.pattern[len(_STILL) :] for state, _ in _STATES) + ")", re.I)


# the deeds that end a state said in the active by the state's own subject ("Smith died", "the museum reopened");
# every other one the subject undergoes, in the passive ("was found", "has been arrested", "were later recovered")
_ACTIVE = frozenset("died resigned reopened".split())
_PASSIVE = frozenset("is are was were be been being".split())

# "brought under control" (or "got", "put") as the one deed "controlled" (let-in round 16)
_UNDER_CONTROL = re.compile(r"\b(?:brought|got|gotten|put)\s+(?:\w+\s+)?under\s+control\b")


def state_but_ended(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's state said of now and the windows' deed that ends it, as a reason's detail ("is missing/was
    found"); None otherwise."""
    if _ANY_HOLDS_NOW.search(claim) is None or _NEGATED.search(claim) is not None:
        return None
    said = set(_WORD.findall(claim.lower()))
    held = [
        (m, ends)
        for state, ends in _HOLDS_NOW
        if said.isdisjoint(ends)  # the claim states the deed too ("is missing ... was found")
        for m in [state.search(claim)]
        if m is not None
    ]
    if not held:
        return None
    windows = list(windows)
    text = " ".join(windows)
    for m, ends in held:
        if any(state.search(text) is not None for state, e in _HOLDS_NOW if e is ends):
            continue  # the windows say the state holds now too
        subject = {w for w in _WORD.findall(claim[: m.start()].lower()) if w not in _FUNCTION and len(w) > 2}
        if not subject:
            continue
        for s in (s for w in windows for s in stop_split(w, semicolons=True)):
            low = _UNDER_CONTROL.sub("controlled", s.lower())
            for d in _WORD.finditer(low):
                if d.group() not in ends or _AHEAD.search(low[max(0, d.start() - 40) : d.start()]) is not None:
                    continue
                before = _WORD.findall(low[: d.start()])
                if set(before[-3:]) & {"not", "never", "yet"} or any(w.endswith("n't") for w in before[-3:]):
                    continue
                if _PASSIVE.isdisjoint(before[-2:]) and d.group() not in _ACTIVE:
                    # an active deed done to the subject ("police found the hiker"); not one the subject did ("the
                    # president fired his aide" against "the president is still in office")
                    if subject & set(_WORD.findall(low[d.end() :])[:2]):
                        return f"{' '.join(m.group().split())}/{d.group()}"
                    continue
                if subject & set(before[-NEAR:]):
                    return f"{' '.join(m.group().split())}/{d.group()}"
    return None
