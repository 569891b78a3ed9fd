"""A part given as the whole (let-in round 17, each `verified`): the place that holds the doer given as the doer
("Texas passed the law in 2021" against "The city of Austin, Texas, passed the law in 2021"), and a noun's members
said to do what the source counts a few of them doing ("The company's employees went on strike" against "About 300
of the company's 5,000 employees went on strike").

A place: the claim opens with a capitalised name (after "The state of", "The country of", ...) and its verb, where a
sentence of the windows that holds half its content words says that verb after "Q, P," ("Austin, Texas, passed"),
a place named before the claim's, which the claim does not name: `texas/austin, texas`. Not "The Louvre is in
France" against "The Louvre, in Paris, France, is ..." (the claim's name opens no deed there), nor where a sentence
says the place's own deed too ("California banned plastic bags in 2014, after San Francisco, California, ...").

A count of a whole: the claim's "the" (or a possessive) and a plural noun with no figure or quantifier before it,
against a sentence with half its content words that counts some of a total of that noun ("300 of the company's
5,000 employees", "two of its 12 stores"), the part less than the total, and gives no other count of it as all:
`employees/300 of 5,000`. Pure."""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.options import EVERY_SHARE
from audit.verify.options import _sentences as sentences

# a claim's subject place and its verb: "Texas passed", "The state of California banned"
_PLACE = re.compile(
    r"^\s*(?:The\s+(?:state|country|province|region|city|county|nation|town|island)\s+of\s+)?"
    r"((?:[A-Z][a-z]+\s+){0,2}[A-Z][a-z]+)\s+([a-z]{3,})\b"
)
# a part before its place: "the city of Austin, " (then "Texas, passed": `place_for_part`'s pattern, the claim's own)
_HELD_AT = re.compile(
    r"\b(?:city|town|village|county|district|state|province|region|municipality|port) of\s+"
    r"((?:[A-Z][a-z]+\s+){0,2}[A-Z][a-z]+),\s+"
)
# capitalised words that open a sentence and name no place or person (contrasted.py reads them too)
OPENERS = frozenset("The A An In On At By For After Before When While This That These Those It He She They".split())


def place_for_part(claim: str, windows: Iterable[str]) -> str | None:
    """`place/part, place` where the windows say the claim's deed of its place was done by a part of it named before
    it ("Austin, Texas, passed"); None otherwise."""
    m = _PLACE.match(claim)
    if m is None or m.group(1).split()[0] in OPENERS:
        return None
    place, verb = m.group(1), m.group(2)
    windows = list(windows)
    if not any(place in w and verb in w for w in windows):
        return None  # both patterns below need the place and its verb in one sentence (a first look, no compile)
    found_in = sentences(claim, windows, EVERY_SHARE)
    if not any(place in s and verb in s and _HELD_AT.search(s) for s in found_in):
        return None  # `held` needs all three in a sentence with half the claim's words (no compile: the claim's own)
    held = re.compile(rf"{_HELD_AT.pattern}{re.escape(place)},?\s+{re.escape(verb)}\b")
    whole = re.compile(rf"(?<!, ){re.escape(place)}\s+{re.escape(verb)}\b")  # the place's own deed
    if any(whole.search(sentence) for sentence in found_in):
        return None  # "California banned plastic bags statewide in 2014, after San Francisco, California, ..."
    for sentence in found_in:
        for found in held.finditer(sentence):
            part = found.group(1)
            if part.split()[-1] not in OPENERS and part not in claim:
                return f"{place.lower()}/{part.lower()}, {place.lower()}"
    return None


# the claim's members of a whole: "The company's employees went", "the staff's nurses"; not "all", "most", a figure
_MEMBERS = re.compile(r"\b(?:the|its|their|[A-Za-z]+'s)\s+((?:[a-z]+\s+)?[a-z]{3,}s)\b", re.IGNORECASE)
_QUANTIFIED = re.compile(
    r"\b(?:all|every|each|most|some|many|several|few|none|majority|half|part|\d[\d,.]*|one|two|three|four|five|six|"
    r"seven|eight|nine|ten|dozens?|hundreds?|thousands?)\b",
    re.IGNORECASE,
)
# a sentence's part of a counted whole: "300 of the company's 5,000 employees", "two of its 12 stores"
_PART_OF = re.compile(
    r"\b(\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten)\s+of\s+(?:the|its|their|[A-Za-z]+'s)\s+"
    r"(?:[A-Za-z]+'s\s+)?(\d[\d,]*)\s+(?:[a-z]+\s+)?([a-z]{3,}s)\b",
    re.IGNORECASE,
)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _value(figure: str) -> int:
    return _WORDS.get(figure.lower()) or int(figure.replace(",", ""))


def members_for_part(claim: str, windows: Iterable[str]) -> str | None:
    """`noun/part of total` where the claim says a whole's members (no count, no quantifier) and a sentence with half
    its words counts a part of their total ("300 of the company's 5,000 employees"); None otherwise."""
    if _QUANTIFIED.search(claim):
        return None
    nouns = {m.group(1).split()[-1].lower() for m in _MEMBERS.finditer(claim)}
    if not nouns:
        return None
    for sentence in sentences(claim, windows, EVERY_SHARE):
        if re.search(r"\ball\b", sentence, re.IGNORECASE):
            continue
        for m in _PART_OF.finditer(sentence):
            if m.group(3).lower() in nouns and _value(m.group(1)) < _value(m.group(2)):
                return f"{m.group(3).lower()}/{m.group(1)} of {m.group(2)}"
    return None
