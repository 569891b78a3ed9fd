"""A win the source does not give: "Kipchoge won the marathon" against "Kipchoge finished second in the marathon,
20 seconds behind the Ethiopian winner", "She took gold in the 400 metres" against "She finished third in the 400
metres", "Spain beat Italy" against "Spain and Italy drew 1-1".

Each came out `verified` (0.53 to 0.81): the claim shares the source's names and event, and a paraphrase of an
outcome is no word in another's place (`swaps`). Read here on the claim and its candidate windows: a word of winning
in the claim ("won", "wins", "beat", "defeated", "took gold", "victory", "champion"), the claim's word before it (its
subject: "Kipchoge", "She", "team"), and a sentence of the windows holding `SHARE` of the claim's content words where
that subject finishes, comes or places second or lower, is runner-up or takes silver or bronze, or draws (a draw
named in a sentence naming the subject): `swapped:won/second`, `swapped:beat/drew`. Not where a sentence of the
windows that names the subject says "won", "win", "beat", "victory" or "gold" anywhere ("finished second in the
heats but won the final"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_WIN = re.compile(
    r"\b(won|wins|beat|beats|defeated|victory|champions?|took\s+gold|won\s+gold|claimed\s+gold)\b", re.IGNORECASE
)
_RANK = r"(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|[2-9]th|2nd|3rd|\d\dth)"
_PLACED = re.compile(
    rf"\b(?:finished|came|placed|ended|was|were)\s+(?:a\s+|an\s+)?(?:distant\s+|close\s+|joint\s+)?(?P<r>{_RANK})\b"
    r"|\b(?:was|were|finished|ended)\s+(?:the\s+)?(?P<u>runners?-up)\b|\btook\s+(?:the\s+)?(?P<m>silver|bronze)\b",
    re.IGNORECASE,
)
_DRAW = re.compile(r"\b(drew|drawn|draw|tied|stalemate)\b", re.IGNORECASE)
_SAYS_WIN = re.compile(r"\b(?:won|win|wins|beat|defeated|victory|gold)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[a-z0-9]+")
_FUNCTION = frozenset(
    "the a an of to in on at by for and or but with from as is are was were be been has have had it its this that "
    "these those which who whom them they their there then than after before over".split()
)
SHARE = 0.6  # of the claim's content words (without its words of winning) the sentence must hold


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION and len(w) > 1}


def win_not_given(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's word of winning and the source's placing or draw ("won/second", "beat/drew") where a sentence of
    the windows holding most of the claim's words gives the claim's subject a placing below the first or a draw,
    and no sentence naming the subject says it won; None otherwise."""
    win = _WIN.search(claim)
    if win is None:
        return None
    before = _WORD.findall(claim[: win.start()].lower())
    if not before:
        return None
    subject, mine = before[-1], " ".join(win.group(1).lower().split())
    wanted = _content(_WIN.sub(" ", claim))
    sentences = list(dict.fromkeys(s for w in windows for s in _SENTENCE.split(w)))
    for s in sentences:  # a win said in a sentence naming the subject clears the claim ("second in the heats but won")
        if subject in _WORD.findall(s.lower()) and _SAYS_WIN.search(s):
            return None
    for s in sentences:
        if len(wanted & _content(s)) < SHARE * len(wanted):
            continue
        placed = _PLACED.search(s)
        if placed is not None and subject in _WORD.findall(s[: placed.start()].lower()):
            return f"{mine}/{(placed['r'] or placed['u'] or placed['m']).lower()}"
        draw = _DRAW.search(s)
        if draw is not None and subject in _WORD.findall(s.lower()):
            return f"{mine}/{draw.group(1).lower()}"
    return None


_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
# a placing said with "place" ("in 3rd place", "in the second place", "a fourth-place finish"), and a verb of placing
# before an ordinal ("came fourth", "placed third", "ended second")
_PLACE = re.compile(rf"\b(?:in\s+(?:the\s+)?)?({_ORDINAL})[\s-]+place\b", re.IGNORECASE)
_PLACING = re.compile(rf"\b(?:came|placed|ended|finished)\s+(?={_ORDINAL}\b)", re.IGNORECASE)


def placed_as_ordinal(text: str) -> str:
    """`text` with each placing said as "finished" and its ordinal alone: "Hamilton finished in 3rd place" as
    "Hamilton finished 3rd", "came fourth" as "finished fourth", so that a copy pairs "fourth" with "3rd" (`swaps`:
    "3rd" is "third" by value; "came fourth" / "finished 3rd" held a number, read pair by pair by no rule). Both
    sides are read so: "came third" against "finished in third place" is the one word "third" either way."""
    if "lace" not in text and "came" not in text and "ended" not in text and "finished" not in text:
        return text
    return _PLACING.sub("finished ", _PLACE.sub(r"\1", text))


# the false-alarm sweep, round 15: "Buzz Aldrin was the second person to walk on the Moon" against "Neil Armstrong
# was the first person to walk on the Moon, and Buzz Aldrin was the second" copies the first clause with another
# ordinal ("swapped:second/first"), though the sentence gives the claim's subject the claim's ordinal in its second
_ORDINALS = frozenset(
    "first second third fourth fifth sixth seventh eighth ninth tenth 1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th".split()
)
_NOT_NAMES = frozenset("the a an in on at by for of and it he she they this that".split())
_NEGATING = frozenset("not never no".split())
MAX_TO_ORDINAL = 4  # words from the subject's name to its ordinal ("Aldrin was the second", "Aldrin came in second")


def ordinal_given_elsewhere(found: str, claim: Sequence[tuple[str, bool]], sent: Sequence[tuple[str, bool]]) -> bool:
    """Whether the swap `found` ("second/first", "beatles/who": the claim's word, then the copied sentence's) is the
    sentence's words of another party, where the sentence (its words, lower case, and whether each had a capital)
    gives the claim's first ordinal elsewhere to a name the claim writes before that ordinal (each within
    `MAX_TO_ORDINAL` words before it, no negation between; "last" is no ordinal here: "in Berlin last summer"): the
    claim's ordinal in the place of one the sentence gives none of those names, or one of those names in the place
    of another. `claim` is read so too."""
    at = next((n for n, (w, _) in enumerate(claim) if w in _ORDINALS), None)
    if at is None:
        return False
    ordinal = claim[at][0]
    names = {w for w, cap in claim[max(0, at - MAX_TO_ORDINAL) : at] if cap and w not in _NOT_NAMES}

    said = {w for w, _ in claim}

    def given(word: str, alone: bool = False) -> bool:
        for p, (w, _) in enumerate(sent):
            before = sent[max(0, p - MAX_TO_ORDINAL) : p]
            last = max((n for n, (v, cap) in enumerate(before) if cap and v in names), default=None)
            if w != word or last is None or any(v in _NEGATING for v, _ in before[last:]):
                continue
            # alone: no words after it but the claim's ("ranks second in shipbuilding" is another rank)
            if not alone or {v for v, _ in sent[p + 1 : p + 1 + MAX_TO_ORDINAL]} <= said | _NOT_NAMES:
                return True
        return False

    mine, _, theirs = found.partition("/")
    if not names or not given(ordinal):
        return False
    # the claim's ordinal before the superlative the sentence gives another ("second busiest/busiest" against
    # "Shanghai has the busiest port; Singapore ranks second": the false-alarm sweep, round 18)
    ranked = mine.split()[0] == ordinal and mine.split()[1:] == theirs.split() and given(ordinal, alone=True)
    # a name of two words in another's place too ("buzz aldrin/neil armstrong": let-in round 17's name swap)
    return (mine == ordinal and theirs in _ORDINALS and not given(theirs)) or ranked or set(mine.split()) <= names
