"""A rank the source gives by order, with no ordinal (the false-alarm sweep, round 19): "Canada is the second-largest
country" against "Russia is the largest country in the world, followed by Canada" (was `missing_number:2nd`,
`swapped:canada/russia`, `swapped:second largest/largest`), "Brazil is the third-largest market" against "The US is
the largest market, followed by China and Brazil" (`missing_number:3rd`), "Canada is the second-largest country"
against "After Russia, Canada is the largest country" or "Canada is the largest country after Russia" (`swapped:second
largest/largest`). A superlative, then "followed by" and a list of names: the list's first is second, its next third;
"after" or "behind" a name, another name "is the" superlative: that one is second. Read by `keyfacts` (`ranks_held`: a
claim's ordinal is found where a name the claim states holds that rank) and by `swaps` (`rank_by_order`: where the
claim's name before its ordinal holds it); "Brazil is the second-largest market" against "..., followed by China and
Brazil" keeps its `missing_number:2nd`. Pure."""

from __future__ import annotations

import re

from audit.extract.firstchars import compile_skipping

_NOT_SUPERLATIVE = "interest|forest|west|honest|modest|request|contest|protest|harvest|arrest|guest|test|rest|chest"
_SUPERLATIVE = rf"(?:most|least)\s+[a-z]+|(?!(?:{_NOT_SUPERLATIVE})\b)[a-z]{{2,}}est|best|worst"
_WORD = r"[A-Z](?:[\w'’-]|\.(?=\w))*"  # a stop only inside a name ("U.S"), never its sentence's end
_NAME = rf"(?:the\s+)?{_WORD}(?:\s+(?:of\s+)?{_WORD})*"
_FOLLOWED = compile_skipping(
    rf"\bthe\s+(?:[a-z]+-)?(?:{_SUPERLATIVE})\b[^.;!?]*?,?\s+followed\s+by\s+({_NAME}(?:\s*,\s*{_NAME})*"
    rf"(?:,?\s+and\s+{_NAME})?)"
)
_ITEM = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_AFTER = compile_skipping(
    rf"\b(?:[Aa]fter|[Bb]ehind)\s+{_NAME},\s+({_NAME})\s+(?:is|ranks\s+as|remains)\s+the\s+(?:[a-z]+-)?"
    rf"(?:{_SUPERLATIVE})\b"
    rf"|(?<![\w.])({_NAME})\s+(?:is|remains)\s+the\s+(?:[a-z]+-)?(?:{_SUPERLATIVE})\b(?:\s+[a-z]+){{0,4}}?\s+"
    rf"(?:after|behind)\s+{_NAME}"
)
_ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
_CLAIM_RANK = re.compile(
    rf"\b({'|'.join(_ORDINAL_WORDS[1:])}|[2-9](?:nd|rd|th)|1\d(?:th))[\s-]+(?:{_SUPERLATIVE})\b", re.IGNORECASE
)
_ORDINAL_WORD = re.compile(rf"\b(?:{'|'.join(_ORDINAL_WORDS[1:])}|\d+(?:nd|rd|th))\b", re.IGNORECASE)
_CAPITAL = re.compile(r"\b[A-Z][\w'’-]*")
_LOW_WORD = re.compile(r"[a-z0-9]+")
MAX_TO_RANK = 4  # words from the claim's name to its ordinal ("Canada is the second-largest")


def _name_words(name: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _CAPITAL.findall(name))


def _ranked_otherwise(text: str, m: re.Match[str]) -> bool:
    """Whether the sentence of `m` states a rank in an ordinal too ("..., now third"): its order is no rank then."""
    start = max(text.rfind(c, 0, m.start()) for c in ".;!?") + 1
    ends = [i for i in (text.find(c, m.end()) for c in ".;!?") if i >= 0]
    return _ORDINAL_WORD.search(text, start, min(ends, default=len(text))) is not None


def order_ranks(text: str) -> list[tuple[frozenset[str], int]]:
    """Each name `text` ranks by order (its capitalised words, lower case) and its rank: "the largest ..., followed
    by A, B and C" ranks A 2, B 3, C 4; "after A, B is the largest" and "B is the largest ... after A" rank B 2 (not
    "was": "After Russia, Canada was the largest in 1990"); none in a sentence that states an ordinal too."""
    if "ollowed by" not in text and "fter" not in text and "ehind" not in text:
        return []
    out: list[tuple[frozenset[str], int]] = []
    for m in _FOLLOWED.finditer(text):
        if not _ranked_otherwise(text, m):
            out.extend((_name_words(item), rank) for rank, item in enumerate(_ITEM.split(m.group(1)), 2) if item)
    out.extend(
        (_name_words(m.group(1) or m.group(2)), 2) for m in _AFTER.finditer(text) if not _ranked_otherwise(text, m)
    )
    return [(name, rank) for name, rank in out if name]


def _rank_value(word: str) -> int:
    low = word.lower()
    return _ORDINAL_WORDS.index(low) + 1 if low in _ORDINAL_WORDS else int(low[:-2])


def rank_by_order(found: str, claim: str, sentence: str) -> bool:
    """Whether the swap `found` (the claim's words, then the sentence's: "second largest/largest", "canada/russia")
    is a rank the sentence gives by order to a name the claim writes before its ordinal (within `MAX_TO_RANK` words),
    the claim's own rank: the claim's ordinal before the sentence's superlative, or that name in another's place."""
    m = _CLAIM_RANK.search(claim)
    if m is None:
        return False
    before = claim[: m.start()]
    names = {w.lower() for w in _CAPITAL.findall(" ".join(before.split()[-MAX_TO_RANK - 1 :]))}
    rank = _rank_value(m.group(1))
    if not any(name <= names and r == rank for name, r in order_ranks(sentence)):
        return False
    mine, _, theirs = found.partition("/")
    ranked = mine.split()[:1] == [m.group(1).lower()] and mine.split()[1:] == theirs.split()
    return ranked or set(_LOW_WORD.findall(mine)) <= names


def ranks_held(numbers: tuple[str, ...], names: tuple[str, ...], source: str) -> set[str]:
    """The claim's ordinals ("2nd", keyed as `numwords.claim_ordinals`) that the source gives by order to a name of
    the claim's `names` (`order_ranks`): "2nd" against "..., followed by Canada" for a claim naming Canada; not
    "2nd" against "..., followed by China and Brazil" for a claim naming Brazil alone (China's rank)."""
    ordinals = {n: int(n[:-2]) for n in numbers if n[-2:] in ("nd", "rd", "th") and n[:-2].isdigit()}
    if not ordinals or not names:
        return set()
    said = {w.lower() for name in names for w in _CAPITAL.findall(name)}
    held = {rank for name, rank in order_ranks(source) if name <= said}
    return {n for n, rank in ordinals.items() if rank in held}
