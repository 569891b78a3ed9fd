"""A superlative the source gives only in the past or in a narrower place, stated of now or of the world: "Taipei 101
is the tallest building in the world" against "Taipei 101 was the tallest building in the world from 2004 until
2010", "The Petronas Towers are the tallest buildings in the world" against "were the tallest buildings in the world
until 2004", "Lake Mead is the largest reservoir in the world" against "the largest reservoir in the United States".

Every word of such a claim is the source's but its tense or its place, so the support model scores it high (let-in
rounds 10 and 11: each was `verified`). A superlative ("tallest", "most populous") and the noun after it are the
record; what follows it, "in" or "of" and up to three words, is its scope ("the world", "Taiwan"), "the world's
tallest building" is the world's. A claim that states a record in the present ("is", "are", "remains") whose windows
state the same record with the same scope only in the past ("was", "were", "had been"), and never in the present, says
it still holds: `swapped:is the tallest building/was the tallest building`. A claim that states a record of the world
whose windows state the same record only of another place says it holds more widely: `swapped:in the world/in the
united states` (a record of the world holds in each place in it, not the other way round; one place in another,
"Asia" and "Taiwan", is not known, and is not read). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.text import noun_stem

_SUPERLATIVE = (
    r"(?:most|least) [a-z]+|(?!(?:best|least|most|west|east|rest|test|interest|forest|guest|quest|chest|"
    r"nest|pest|vest|request|protest|contest|harvest|honest|modest|earnest|suggest|manifest|conquest|inquest|"
    r"digest|invest|arrest|priest|behest|unrest)\b)[a-z]{2,}est|best|worst"
)
# the scope may follow the noun's next words ("the largest freshwater lake in North America")
_SCOPE = r"(?:(?:\s+[a-z]+){0,2}?\s+(?P<p>in|of|on)\s+(?P<scope>(?:the\s+)?[A-Za-z]+(?:\s+[A-Z][a-z]+){0,2}))?"
_RECORD = re.compile(
    r"(?:\b(?P<verb>is|are|remains?|was|were|had been|has been|have been)\s+(?:still\s+|once\s+|now\s+)?"
    # ... held or thought to be ("was long considered the longest river": let-in round 11)
    r"(?:(?:long\s+|once\s+|widely\s+|often\s+|generally\s+)?(?:considered|thought|believed|regarded\s+as|"
    r"seen\s+as|known\s+as)(?:\s+to\s+be)?\s+)?)?"
    r"\b(?:the|its|their)\s+(?P<world>world's\s+)?(?P<sup>" + _SUPERLATIVE + r")\s+(?P<noun>[a-z]+)" + _SCOPE,
)
_PRESENT = frozenset({"is", "are", "remain", "remains", "has been", "have been"})
_WORLD = "the world"
_WORLDS = frozenset({"the world", "world", "the planet", "earth", "the earth", "the globe"})


def _records(text: str) -> list[tuple[bool, str, str | None, re.Match[str]]]:
    """Each record `text` states: whether in the present (or with no verb), the superlative and its noun
    (stemmed), its scope."""
    out = []
    for m in _RECORD.finditer(text):
        scope = _WORLD if m["world"] else (" ".join(m["scope"].lower().split()) if m["scope"] else None)
        if scope in _WORLDS:
            scope = _WORLD
        # no verb: an apposition ("Lake Mead, the largest reservoir"), read as the present
        out.append(
            (
                m["verb"] is None or " ".join(m["verb"].split()) in _PRESENT,
                f"{m['sup']} {noun_stem(m['noun'])}",
                scope,
                m,
            )
        )
    return out


def record_widened(claim: str, windows: Iterable[str]) -> str | None:
    """`is the tallest building/was the tallest building` where the claim states in the present a record its windows
    state only in the past, `in the world/in the united states` one of the world they state only of another place,
    or None."""
    mine = [r for r in _records(claim) if r[0] and r[3]["verb"] is not None]
    if not mine:
        return None
    theirs = [r for window in windows for r in _records(window)]
    for _, record, scope, m in mine:
        same = [t for t in theirs if t[1] == record]
        if not same:
            continue
        if scope is not None and not any(t[2] in (scope, None) for t in same):
            # the other place named ("the United States", "Taiwan"), not "history" or "the class"
            if scope == _WORLD and all(t[2] is not None and _named(t[3]) for t in same):
                other = same[0][3]
                return f"{_WORLD if m['world'] else m['p'] + ' ' + _WORLD}/{other['p']} {other['scope'].lower()}"
            continue
        scoped = [t for t in same if t[2] == scope or scope is None or t[2] is None]
        if scoped and not any(t[0] for t in scoped):
            said, was = scoped[0][3], m
            return f"{_phrase(was)}/{_phrase(said)}"
    return None


def _named(m: re.Match[str]) -> bool:
    return m["scope"] is not None and m["scope"].split()[-1][0].isupper()


def _phrase(m: re.Match[str]) -> str:
    return " ".join(f"{m['verb']} the {m['sup']} {m['noun']}".lower().split())


# a record of a class ("the first woman to lead", "the largest lake"), and the same record of a narrower class in a
# window ("the first Black woman to lead", "the largest freshwater lake"): let-in round 19
_CLASS = re.compile(
    r"\b(?:the|its|their|his|her|a)\s+(?P<rec>first|last|only|" + _SUPERLATIVE + r")\s+(?P<noun>[a-z]{3,})\b"
)
_NOT_NARROWING = frozenset("ever and or of the a an to for such time times one two three".split())


def record_class_widened(claim: str, windows: Iterable[str]) -> str | None:
    """`first woman/first black woman` where the claim states a record ("the first", "the only", a superlative) of a
    class that a window states of a narrower one, words the claim lacks between the record and its noun, and no
    window states it of the claim's class; None otherwise."""
    mine = set(re.findall(r"[\w'’-]+", claim.lower()))
    windows = [w.lower() for w in windows]
    for m in _CLASS.finditer(claim.lower()):
        rec, noun = m["rec"], m["noun"]
        if noun in _NOT_NARROWING or any(re.search(rf"\b{rec}\s+{noun}\b", w) for w in windows):
            continue
        for w in windows:
            for n in re.finditer(rf"\b{rec}\s+(?P<extra>(?:[\w'’-]+\s+){{1,2}}?){noun}\b", w):
                extra = n["extra"].split()
                if not set(extra) & (mine | _NOT_NARROWING) and all(x.isalpha() for x in extra):
                    return f"{rec} {noun}/{rec} {' '.join(extra)} {noun}"
    return None


# a record ranked below the first, or one among several ("the second busiest", "2nd-largest", "one of the busiest
# ports"), which a claim states unranked ("the busiest port"): a let-in seen by false alarms 18 ("Singapore has the
# busiest port in the world" against "Singapore's port is the second busiest in the world after Shanghai")
_ORDINAL = r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)"
_RANKED = re.compile(
    r"(?:\b(?P<ord>"
    + _ORDINAL
    + r")[-\s]+|(?P<one>(?:\b(?:one|some|two|three|four|five|several|many|any)\s+of|\bamong)"
    r"\s+(?:the|its|their|his|her)\s+(?:world's\s+)?))?"
    r"\b(?P<sup>" + _SUPERLATIVE + r")\b"
)
# "the busiest", not "among the busiest", "one of the busiest", "the mayor of the largest city" (left alone)
_UNRANKED_IN_CLAIM = re.compile(
    r"(?<!\bof )(?<!\bamong )\b(?:the|its|their|world's)\s+(?P<sup>" + _SUPERLATIVE + r")\b"
)


def record_ranked_raised(claim: str, windows: Iterable[str]) -> str | None:
    """`busiest/second busiest` (or `busiest/one of the busiest`) where the claim states a record with no rank ("the
    busiest port") that its windows state only ranked below the first or as one of several, never unranked; None
    otherwise."""
    mine = {m["sup"] for m in _UNRANKED_IN_CLAIM.finditer(claim.lower())}
    mine -= {m["sup"] for m in _RANKED.finditer(claim.lower()) if m["ord"] or m["one"]}  # "one of the largest" too
    if not mine:
        return None
    said: dict[str, list[re.Match[str]]] = {}
    for w in windows:
        for m in _RANKED.finditer(w.lower()):
            if m["sup"] in mine:
                said.setdefault(m["sup"], []).append(m)
    for sup in sorted(mine):
        found = said.get(sup, [])
        if found and all(m["ord"] or m["one"] for m in found):
            rank = found[0]["ord"] or " ".join(found[0]["one"].split())
            return f"{sup}/{rank} {sup}"
    return None
