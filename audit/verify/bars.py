"""Leave stated where the source bars, going on where it says it ended: "Foreign firms can bid for government
contracts" against "foreign firms are barred from bidding for government contracts", "The company still makes
typewriters" against "The company stopped making typewriters in 1995".

`opposites.negation_said_otherwise` reads "cannot bid" against "barred from bidding" and "no longer makes" against
"stopped making" as one negation said two ways; a claim that says the opposite with no negation at all, leave ("can",
"may", "is allowed / permitted / free / able / entitled to") or going on ("still", "continues to", "keeps"), was read
by nothing and came out `verified` (0.54 to 0.76). Here the claim's verb after the word of leave or going on, and the
word after it, must be the source's after its bar ("barred / banned / prohibited / forbidden / prevented / precluded
from") or its verb of ending ("stopped", "ceased", "quit", "discontinued", "halted", "gave up") in its "-ing" form
(the verb's first three letters alike: "bid" / "bidding", "makes" / "making"), with the claim's subject among the few
words before it; not a bar or end the source negates ("not barred", "never stopped"), nor where the source states
the leave or the going on as well ("... but still makes printers"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_NEGATION = re.compile(r"\b(?:not|never|no\s+longer)\b|n['’]t\b", re.IGNORECASE)
_NEGATION_BEFORE = 30  # characters before a word of leave, a bar or an end read for a negation of it
_VERB = r"\s+(?!not\b|no\b|never\b)(?P<verb>[a-z]+)(?P<after>(?:\s+[a-z]+){0,2})"
# leave: "can bid", "may enter", "are allowed to bid", "were free to leave" (not "cannot", "can't", "can not")
_LEAVE = re.compile(
    r"\b(?P<kind>(?:can|may|could)(?!['’]t)|(?:allowed|permitted|free|able|entitled)\s+to)" + _VERB, re.IGNORECASE
)
_BAR = re.compile(r"\b(?P<kind>barred|banned|prohibited|forbidden|prevented|precluded)\s+from" + _VERB, re.IGNORECASE)
# going on: "still makes typewriters", "continues to make", "kept running"
_GOING_ON = re.compile(r"\b(?P<kind>still|continue[sd]?\s+to|keeps|kept)" + _VERB, re.IGNORECASE)
_ENDED = re.compile(r"\b(?P<kind>stopped|ceased|quit|discontinued|halted|gave\s+up|abandoned)" + _VERB, re.IGNORECASE)
_SKIPPED = frozenset("is are was were has have had does do did be been remain remains remained".split())
_FUNCTION = frozenset("for to the a an in on at of by with from into".split())
NEAR_SUBJECT = 5  # words before the bar or the end among which the claim's subject must stand
STEM = 3  # letters of the verb alike on both sides ("bid" / "bidding", "makes" / "making")


def _subject(text: str, start: int) -> str | None:
    """The last word before `start` that is no auxiliary ("firms" of "foreign firms are allowed to")."""
    words = [w for w in re.findall(r"[a-z]+", text[:start].lower()) if w not in _SKIPPED]
    return words[-1] if words else None


def _same(mine: re.Match[str], theirs: re.Match[str]) -> bool:
    """One verb (its first letters) and the words after it: "bid for government" / "bidding for government", "makes
    typewriters" / "making typewriters" (the first word after it alike, and the second where the first is a word of
    function and both have one); no word after it on either side, or on both."""
    if mine["verb"][:STEM].lower() != theirs["verb"][:STEM].lower():
        return False
    a, b = mine["after"].lower().split(), theirs["after"].lower().split()
    if not a or not b:
        return not a and not b
    return a[0] == b[0] and (a[0] not in _FUNCTION or len(a) < 2 or len(b) < 2 or a[1] == b[1])


def _negated(text: str, start: int) -> bool:
    return _NEGATION.search(text[max(0, start - _NEGATION_BEFORE) : start]) is not None


def _said_otherwise(claim: str, said: re.Pattern[str], stated: re.Pattern[str], windows: list[str]) -> str | None:
    for m in said.finditer(claim):
        subject = _subject(claim, m.start())
        if subject is None or _negated(claim, m.start()):
            continue
        if any(_same(m, w) for text in windows for w in said.finditer(text)):
            return None  # the source states the leave or the going on as well
        for text in windows:
            for b in stated.finditer(text):
                near = re.findall(r"[a-z]+", text[: b.start()].lower())[-NEAR_SUBJECT:]
                if _same(m, b) and subject in near and not _negated(text, b.start()):
                    kind = " ".join(m["kind"].lower().split())
                    return f"{kind}/{' '.join(b['kind'].lower().split())}" + (" from" if said is _LEAVE else "")
    return None


def leave_or_going_on(claim: str, windows: Iterable[str]) -> str | None:
    """What the claim says is allowed or goes on, where its windows bar it or say it ended, as a reason's detail
    ("can/barred from", "still/stopped"); None otherwise."""
    texts = list(windows)
    return _said_otherwise(claim, _LEAVE, _BAR, texts) or _said_otherwise(claim, _GOING_ON, _ENDED, texts)
