"""A deed stated as done where the source says it is still awaited, or that the state it would end still holds: "Smith
was sentenced for fraud" against "Smith was convicted of fraud in May and is awaiting sentencing", "The hiker was
found" against "The hiker ... is still missing", "The suspect was caught" against "... remains at large".

`states.py` reads the other side of the same thing, a negation said as a state ("has not been found" / "is still
missing"), as no `negation_mismatch`; a claim that states the deed with no negation at all, against a source that
says it without one either, was read by nothing, and the support model scores a window that tells the story up to
the deed high (let-in round 13: each was `verified`). Here a claim's deed in the past ("was sentenced", "found",
"caught", "solved"), not negated and not said of the future or as under way ("will be sentenced", "being
evacuated"), against its windows':
  - awaiting it: "awaiting sentencing", "pending approval", "yet to be found", "waiting for a verdict", "will be /
    is due to be / is expected to be sentenced" (the awaited word and the deed of one verb, their first letters
    alike as `states._shares_stem` reads them, or the deeds a step awaited stands for: a trial for "convicted");
  - or a state the deed would end said to hold still ("still missing", "remains at large", "is still unsolved",
    "remain unaccounted for"): only with "still" or "remain" (a bare "missing" may be a past state, "went missing
    and was found days later"), and the deeds that end each state (`_STILL`).
The state's subject must be the claim's: a content word of the claim before its deed among the window sentence's
words before the state. Not where the windows state the deed themselves outside what they await ("was missing for
three days before he was found"), nor a claim with a negation of its own. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.states import _shares_stem
from audit.verify.text import fold_case_traps, stop_split

_NEGATED = re.compile(r"\b(?:not|never|no\s+longer|yet\s+to)\b|n['’]t\b", re.IGNORECASE)
# a deed ahead of the claim's word or under way: "will be sentenced", "is due to be", "expected to be", "awaiting",
# "being evacuated" (one training pair's "soldiers being evacuated" against "awaiting evacuation")
_AHEAD = re.compile(
    r"\b(?:will|would|shall|to|awaiting|awaits|pending|may|might|could|must|should)\s+(?:be\s+|have\s+been\s+)?$|\bbeing\s+$",
    re.IGNORECASE,
)
# awaited: "awaiting sentencing", "pending approval", "yet to be found", "will be sentenced", "is due to be tried"
_AWAITED = re.compile(
    r"\b(?:awaiting|awaits|await|awaited|pending|waiting\s+(?:for|on)|yet\s+to(?:\s+be)?|"
    r"(?:will|is\s+to|are\s+to|is\s+due\s+to|are\s+due\s+to|is\s+expected\s+to|are\s+expected\s+to|"
    r"is\s+scheduled\s+to|are\s+scheduled\s+to|is\s+set\s+to|are\s+set\s+to)\s+be)"
    r"\s+(?:(?:a|an|the|his|her|its|their)\s+)?([a-z]+)",
    re.IGNORECASE,
)
# a step awaited that stands for deeds after it: "awaiting trial" denies "was convicted"
_STEP_DEEDS = {
    "trial": frozenset("tried convicted acquitted jailed sentenced imprisoned".split()),
    "verdict": frozenset("convicted acquitted cleared".split()),
    "extradition": frozenset("extradited".split()),
    "sentencing": frozenset("sentenced jailed imprisoned".split()),
}
_STILL = r"\b(?:still|remains?|remained|remaining)\s+"
# a state said to hold still, and the deeds that would have ended it
_STATES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(_STILL + pattern, re.IGNORECASE), frozenset(deeds.split()))
    for pattern, deeds in (
        (
            r"(?:missing|lost|unaccounted\s+for)\b",
            "found recovered traced rescued discovered located retrieved rediscovered",
        ),
        (r"(?:at\s+large|on\s+the\s+run|in\s+hiding|on\s+the\s+loose)\b", "caught captured arrested apprehended found"),
        (r"unsolved\b", "solved cracked"),
        (r"unidentified\b", "identified"),
        (r"unclaimed\b", "claimed"),
        (r"unsold\b", "sold bought purchased"),
        (r"unpaid\b", "paid repaid"),
        (r"(?:vacant|unfilled)\b", "filled"),
        (
            r"(?:pending|undecided|unresolved|unsettled)\b",
            "decided resolved settled approved finalised finalized completed concluded agreed signed ratified",
        ),
        (r"(?:closed|shut)\b", "reopened"),
        (r"(?:in\s+force|in\s+effect)\b", "repealed revoked abolished scrapped overturned"),
        (r"(?:unbeaten|undefeated)\b", "beaten defeated"),
        (r"(?:in\s+office|in\s+power|in\s+post)\b", "resigned ousted removed deposed sacked fired"),
        (r"(?:in\s+custody|in\s+jail|in\s+prison|behind\s+bars|detained)\b", "released freed"),
        (r"alive\b", "died killed"),
        # let-in round 16: "The fire is still burning out of control" against "... was brought under control"
        # (`ended._UNDER_CONTROL` reads that as "controlled")
        (r"(?:burning\s+)?(?:out\s+of\s+control|uncontained|unchecked)\b", "contained controlled extinguished"),
    )
)
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
_FUNCTION = frozenset(
    "the a an of in on at to for by with from and or but as is are was were be been has have had who which that "
    "this these those it its his her their he she they said says police".split()
)
_IRREGULAR = frozenset("found caught sold paid held won lost freed".split())
NEAR = 12  # the window sentence's words before the state among which a word of the claim's subject must stand


def _deeds(claim: str) -> list[tuple[str, set[str]]]:
    """The claim's words of a deed in the past ("sentenced", "found"), not said ahead of time ("will be
    sentenced"): each with the content words of the claim before it (its subject and what it tells of it)."""
    out: list[tuple[str, set[str]]] = []
    for m in _WORD.finditer(claim.lower()):
        w = m.group()
        if not (w.endswith("ed") and len(w) >= 5) and w not in _IRREGULAR:
            continue
        if _AHEAD.search(claim[max(0, m.start() - 40) : m.start()]) is not None:
            continue
        before = {x for x in _WORD.findall(claim[: m.start()].lower()) if x not in _FUNCTION and len(x) > 2}
        if before:
            out.append((w, before))
    return out


def _awaits(awaited: str, deed: str) -> bool:
    """Whether awaiting `awaited` says `deed` is not done: one verb ("sentencing" / "sentenced") or a step before
    it ("trial" / "convicted")."""
    return awaited == deed or deed in _STEP_DEEDS.get(awaited, ()) or _shares_stem(awaited, deed)


def may_hold_state(text: str) -> bool:
    """Whether `text` may hold a state of `_STATES`: each begins with `_STILL`, so none is found where the text,
    lowered with the letters `re` reads as ASCII ones under IGNORECASE folded ("ſtill"), holds neither "still" nor
    "remain" (a first look in C before fifteen patterns: a third of this rule's time on WiCE dev)."""
    low = fold_case_traps(text).lower()
    return "still" in low or "remain" in low


def _may_await(low: str, deeds: set[str]) -> bool:
    """Whether the windows' text (lower case) holds anything awaited or a state ending one of `deeds` at all: the
    sentence-by-sentence reading below finds nothing where the whole text holds neither (a cheap first look)."""
    return _AWAITED.search(low) is not None or (
        may_hold_state(low)
        and any(state.search(low) is not None for state, ends in _STATES if not ends.isdisjoint(deeds))
    )


def done_but_awaited(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's deed stated as done and what its windows say instead, as a reason's detail ("sentenced/awaiting
    sentencing", "found/still missing"); None otherwise."""
    if _NEGATED.search(claim) is not None or _AWAITED.search(claim) is not None:
        return None
    if may_hold_state(claim) and any(state.search(claim) is not None for state, _ in _STATES):
        return None  # the claim says the state holds too
    deeds = _deeds(claim)
    if not deeds:
        return None
    windows = list(windows)
    if not _may_await(" ".join(windows).lower(), {deed for deed, _ in deeds}):
        return None
    sentences = [s for text in windows for s in stop_split(text)]
    stated: set[str] = set()  # the words the windows state, outside what they await
    for s in sentences:
        stated |= set(_WORD.findall(_AWAITED.sub(" ", s).lower()))
    for deed, subject in deeds:
        if deed in stated:
            continue
        for s in sentences:
            low = s.lower()
            for m in _AWAITED.finditer(low):
                if _awaits(m.group(1), deed) and subject & set(_WORD.findall(low[: m.start()])[-NEAR:]):
                    return f"{deed}/{' '.join(m.group().split())}"
            for state, ends in _STATES:
                if deed not in ends:
                    continue
                for m in state.finditer(low):
                    if subject & set(_WORD.findall(low[: m.start()])[-NEAR:]):
                        return f"{deed}/{' '.join(m.group().split())}"
    return None
