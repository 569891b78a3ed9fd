"""A count in words that the source gives as another figure: "The expedition's crew numbered fifteen" against "The
crew numbered 12", "The death toll rose to fifty" against "rose to 48", "Coastguards rescued forty people" against
"Coastguards rescued 20 men and 15 women".

`keyfacts` reads a claim's count in words only before the noun it counts, against a source counting the same noun
("three offices" / "5 offices"): a count after its verb ("numbered fifteen", "totalled twenty-one", "rose to
fifty") counts no noun, and a total ("forty people") counts none that a source giving its parts ("20 men and 15
women") counts, so none was read, and the support model, reading a window of the same fact, scored each high
(let-in round 13: each was `verified`; round 12 left the total). Here, in a window sentence holding a content word
of the claim's before its count:
  - a figure in the count's place, after the same verb of a count or a level ("numbered", "totalled", "rose to",
    "reached": `_TOTALLING`) and before no noun on both sides (`slot_changed`: "numbered 12" for "numbered
    fifteen", "rose to 48" for "rose to fifty"), that is another;
  - or the parts of a total (`total_changed`): two or more counts of plural nouns joined by "and" ("20 men and 15
    women") whose sum is not the claim's count of a plural noun ("forty people"), in a sentence holding two more of
    the claim's content words, where the claim's count is none of the window's; no noun of a measure ("two years",
    "10 minutes and 21 seconds", `_MEASURES`).
Both only where the claim's count is in words (one in digits is the key facts') and the window's sentence does not
state it too. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from audit.extract.firstchars import compile_skipping
from audit.verify.numwords import CARDINALS, TENS

_UNIT = "|".join(CARDINALS[1:10])
_CARDINAL = "|".join(sorted(CARDINALS[1:], key=len, reverse=True))
_WORDS = rf"(?:(?:{'|'.join(TENS)})(?:[-\s](?:{_UNIT}))?|{_CARDINAL})"
# (with the lookahead of its first characters: `re` tries a pattern opening with `\b` at every position otherwise)
_NUMBER = compile_skipping(
    rf"\b(?:(?P<digits>\d{{1,3}}(?:,\d{{3}})+|\d+)|(?P<words>{_WORDS}))\b(?![-.,]\d)", re.IGNORECASE
)
_SCALE = re.compile(r"\s*(?:hundred|thousand|million|billion|percent|per\s*cent|%)", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
_FUNCTION = frozenset(
    "the a an of in on at to for by with from and or but as its his her their this that these those it which who "
    "was were is are has have had been be total all some about nearly almost around over than more".split()
)
_SKIP = frozenset("to at of by about nearly almost around some roughly".split())  # "rose to", "stood at"
# the verbs whose figure is a count or a level (a figure after "top" or "terminal" is a rank or a name)
_TOTALLING = frozenset(
    "numbered number numbers numbering totalled totaled totals totalling totaling reached reaches reaching rose "
    "risen rises climbed climbs fell fallen falls dropped drops stood stands amounted amounts came comes grew "
    "increased decreased declined jumped hit hits".split()
)
# nouns of a measure, not of things a total counts ("two years", "10 minutes and 21 seconds")
_MEASURES = frozenset(
    "years months weeks days hours minutes seconds decades centuries times points percent games matches runs "
    "goals laps miles kilometres kilometers metres meters feet inches pounds dollars euros".split()
)
_IRREGULAR = frozenset("people men women children mice geese".split())  # plurals without an "s"
SHARED = 2  # content words of the claim, but its count and noun, that the parts' sentence holds
_PARTS = re.compile(
    rf"(?:(?:\d+|{_WORDS})\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*)*(?:\d+|{_WORDS})\s+[a-z]+(?:\s+[a-z]+)?\s+and\s+"
    rf"(?:\d+|{_WORDS})\s+[a-z]+",
    re.IGNORECASE,
)


def _value(m: re.Match[str]) -> int:
    if m["digits"] is not None:
        return int(m["digits"].replace(",", ""))
    words = m["words"].lower().replace("-", " ").split()
    return sum(TENS.index(w) * 10 + 20 if w in TENS else CARDINALS.index(w) for w in words)


def _numbers(text: str) -> list[re.Match[str]]:
    """The whole numbers of `text`, in digits or in words, not before a scale word ("three million", "20 percent")."""
    return [m for m in _NUMBER.finditer(text) if _SCALE.match(text, m.end()) is None]


def _key(text: str, start: int) -> str | None:
    """The word whose place a number fills: the last word before it that is no preposition ("numbered", "rose" of
    "rose to")."""
    words = [w for w in _WORD.findall(text[:start].lower())[-3:] if w not in _SKIP]
    return words[-1] if words else None


_NEXT = re.compile(r"\s*(?:[^\w\s]|$|(?P<word>[a-z]+))", re.IGNORECASE)
_AFTER = _FUNCTION | frozenset("after before during including since until last when so while".split())


def _bare(text: str, end: int) -> bool:
    """Whether the number ending at `end` counts no noun after it: a mark, the end or a function word follows
    ("numbered 12, including", "rose to 48 on Monday"), not a noun ("20 men")."""
    m = _NEXT.match(text, end)
    return m is not None and (m["word"] is None or m["word"].lower() in _AFTER)


def _plural(text: str, end: int) -> str | None:
    """The plural noun right after a number ending at `end` ("men" of "20 men", "pupils"), or None: no noun of
    things counted ("two incredibly", "nine consecutive", "two years")."""
    m = re.match(r"[ \t]+([a-z]{3,})\b", text[end:].lower())
    if m is None:
        return None
    noun = m.group(1)
    plural = (noun.endswith("s") and not noun.endswith(("ss", "ous", "us"))) or noun in _IRREGULAR
    return noun if plural and noun not in _MEASURES and noun not in _FUNCTION else None


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION and len(w) > 2}


def _sentences(windows: Iterable[str]) -> list[str]:
    return [s.lower() for text in windows for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9])", text) if s]


@lru_cache(maxsize=256)
def _said(claim: str) -> tuple[tuple[re.Match[str], frozenset[str]], ...]:
    """The claim's counts in words, each with the content words before it (read once for both rules below)."""
    low = claim.lower()
    return tuple((m, frozenset(_content(low[: m.start()]))) for m in _numbers(low) if m["words"] is not None)


def slot_changed(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's count in words and the window's other figure in its place, as a reason's detail
    ("fifteen/numbered 12"); None otherwise."""
    said = _said(claim)
    if not said:  # most claims count nothing in words: the windows are not read
        return None
    sentences = _sentences(windows)
    for m, before in said:
        key = _key(claim.lower(), m.start())
        if key not in _TOTALLING or not before or not _bare(claim, m.end()):
            continue
        value = _value(m)
        for s in sentences:
            found = _numbers(s)
            if any(_value(n) == value for n in found):
                break  # the windows state it
            for n in found:
                if _key(s, n.start()) == key and _bare(s, n.end()) and before & _content(s[: n.start()]):
                    return f"{m.group()}/{key} {n.group()}"
    return None


def total_changed(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's count of a noun in words and the window's parts whose sum is another, as a reason's detail
    ("forty people/20 men and 15 women"); None otherwise."""
    said = _said(claim)
    if not said:
        return None
    sentences = _sentences(windows)
    for m, _ in said:
        noun = _plural(claim, m.end())
        if noun is None or _value(m) < 2:
            continue
        about = _content(claim[: m.start()] + " " + claim[m.end() :]) - {noun}  # the claim's words but its count
        value = _value(m)
        for s in sentences:
            if any(_value(n) == value for n in _numbers(s)):
                break
            for p in _PARTS.finditer(s):
                parts = _numbers(p.group())
                nouns = {_plural(s, p.start() + n.end()) for n in parts}
                if None in nouns or noun in nouns or len(about & _content(s.replace(p.group(), " "))) < SHARED:
                    continue
                if len(parts) >= 2 and sum(_value(n) for n in parts) != value:
                    return f"{m.group()} {noun}/{' '.join(p.group().split())}"
    return None
