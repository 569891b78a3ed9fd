"""A share said in words that the source gives for the same thing as another share: "One in three adults surveyed said
they had never used online banking" against "A quarter of the adults surveyed said ...", "Three of five judges
dissented" against "Two of the five judges dissented".

Such a claim holds no figure in digits for `keyfacts` to miss ("one in three" is no count, "three" no number there),
and its words and topic are the source's, so the support model scores it high (let-in round 12: each was
`verified`). A share is a fraction in words ("half of", "a third of", "two-thirds of", "three quarters of", "a
fifth of", "a tenth of"), "N in M" or "N out of M" ("one in five voters"), "N of the M" ("two of the five judges"), or
a percentage of something ("25% of adults"), in words or digits; what it is a share of is the noun after it (a crude
stem). The claim's share, said with a word, is compared with every share its windows give of the same noun with
another content word near both (`direction.content_near`): where none is within `SAME_SHARE` of it, nor of what
remains of the whole ("three quarters" said of the rest where the source gives "a quarter": the claim may tell the
other part), the claim says otherwise: `swapped:one in three/a quarter`. A share bounded on either side ("more than a
quarter") is not compared, and a window that gives such a share of the noun clears the claim; a hedged one ("roughly a
fifth", "about one in three") is compared within `HEDGED_SHARE`. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.extract.firstchars import compile_skipping
from audit.verify.direction import content_near
from audit.verify.numwords import CARDINALS, TENS
from audit.verify.text import noun_stem as _stem

SAME_SHARE = 0.035  # shares this close are one said two ways ("a third" / "33%" / "one in three" / "30 percent")
_VALUES = {w: i for i, w in enumerate(CARDINALS) if i} | {w: 10 * (i + 2) for i, w in enumerate(TENS)} | {"a": 1}
_NUM = rf"(?:\d{{1,3}}(?:,\d{{3}})*|{'|'.join(w for w in _VALUES if w != 'a')})"
_PARTS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5, "fifths": 5}
_PARTS |= {"tenth": 10, "tenths": 10}
_OF = r"(?:\s+of)?\s+(?:(?:the|its|their|all|these|those)\s+)?"
# (with the lookahead of its first characters: `re` tries a pattern opening with `\b` at every position otherwise)
_SHARE = compile_skipping(
    rf"\b(?:(?P<a>{_NUM})\s+(?:in|out\s+of)\s+(?P<b>{_NUM})(?:\s+of)?\s+(?:(?:the|its|their|all)\s+)?"
    rf"|(?P<c>{_NUM})\s+of\s+(?:(?:the|its|their|all)\s+)?(?P<d>{_NUM})\s+"
    rf"|(?:(?P<k>a|one|{_NUM})[\s-]+)?(?P<f>{'|'.join(_PARTS)})(?:\s+of\s+(?:(?:the|its|their|all)\s+)?|\s+the\s+)"
    rf"|(?P<p>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)\s+of\s+(?:(?:the|its|their|all)\s+)?)"
    r"(?P<n>[a-z]+)\b",
    re.IGNORECASE,
)
# a bound right before a share: it states a range, not the share ("more than a quarter of")
_BOUNDED = re.compile(
    r"\b(?:more than|over|at least|fewer than|less than|under|up to|at most|as many as|as few as|barely|well"
    r"|upwards of)\s*$",
    re.IGNORECASE,
)
# a hedge right before a share: a share near it ("roughly a fifth of", "about one in three")
_HEDGED = re.compile(
    r"\b(?:nearly|almost|about|around|roughly|approximately|some|close to|estimated|an estimated)\s*$", re.IGNORECASE
)
HEDGED_SHARE = 0.07  # shares this close are one said two ways where either is hedged ("roughly a fifth" / "a quarter")
PREDICATE = 8  # words after a share's noun that say what is said of it
_FUNCTION = frozenset(
    "the and for with from that this these those which who was were are been has have had said".split()
)
_NOT_A_NOUN = frozenset("the a an of and or in on at to for by with from than as who which that these those".split())


def _value(m: re.Match[str]) -> float | None:
    """The share `m` states, or None where its words state none ("one in one", "five in three")."""

    def number(word: str) -> float:
        return float(word.replace(",", "")) if word[0].isdigit() else float(_VALUES[word.lower()])

    if m["p"]:
        part = float(m["p"]) / 100
    elif m["f"]:
        fraction, k = m["f"].lower(), (m["k"] or "").lower()
        one = k in ("", "a", "one")
        if (not k and fraction != "half") or one == fraction.endswith("s"):
            return None  # "the third of" (an ordinal), "a thirds", "two third": no fraction
        part = (number(k) if k and k != "a" else 1.0) / _PARTS[fraction]
    else:
        a, b = (m["a"], m["b"]) if m["a"] else (m["c"], m["d"])
        part = number(a) / number(b)
    return part if 0 < part < 1 else None


def _shares(text: str) -> list[tuple[float, float, str, str, re.Match[str]]]:
    """The shares of `text`: value (a bounded one's -1), how near another must be to be the same share (wider for a
    hedged one), the noun's stem, the share's words, match."""
    out = []
    for m in _SHARE.finditer(text):
        if m["n"].lower() in _NOT_A_NOUN:
            continue
        value = _value(m)
        if value is None:
            continue
        before = text[max(0, m.start() - 20) : m.start()]
        slack = HEDGED_SHARE if _HEDGED.search(before) else SAME_SHARE
        said = " ".join(text[m.start() : m.start("n")].lower().split())
        said = re.sub(r"\s+(?:of|the|its|their|all)(?:\s+(?:the|its|their|all))?$", "", said)
        out.append((-1.0 if _BOUNDED.search(before) else value, slack, _stem(m["n"]), said, m))
    return out


_NEGATION = frozenset("not never no none neither nor".split())
_CONTENT = re.compile(r"[a-z]+(?:n't)?")


def _predicate(text: str, m: re.Match[str]) -> tuple[bool, list[str]]:
    """What the share's clause says of its part: whether it negates within `PREDICATE` words after the noun, and its
    content words there (crude stems), in order."""
    words = _CONTENT.findall(re.split(r"[.;,:!?]", text[m.end() :], maxsplit=1)[0].lower())[:PREDICATE]
    negated = any(w in _NEGATION or w.endswith("n't") for w in words)
    return negated, [_stem(w) for w in words if len(w) >= 3 and w not in _FUNCTION and w not in _NEGATION]


def _rest(claim: str, m: re.Match[str], window: str, w: re.Match[str]) -> bool:
    """Whether the claim's share may tell the rest of the window's whole: it negates where the window does not (or
    the other way round), or says another thing of it first ("Three of the five judges backed the ruling" against
    "Two of the five judges dissented"; not "Three of five judges dissented")."""
    (mine, said), (theirs, stated) = _predicate(claim, m), _predicate(window, w)
    return mine != theirs or bool(said and said[0] not in stated[:3])


def share_changed(claim: str, windows: Iterable[str]) -> str | None:
    """`one in three/a quarter` where the claim states a share with a word that every share its windows give of the
    same thing rules out, or None."""
    # said with a word: a share in digits is the key facts' ("30%" against "a quarter" is missing_number:30)
    mine = [s for s in _shares(claim) if s[0] > 0 and not re.search(r"\d", s[3])]
    if not mine:
        return None
    texts = list(windows)
    for value, slack, noun, said, m in mine:
        near = content_near(claim, [m]) - {m["n"].lower()}
        against: str | None = None
        agreed = False
        for window in texts:
            for theirs, their_slack, their_noun, their_said, w in _shares(window):
                if their_noun != noun or not near & (content_near(window, [w]) - {w["n"].lower()}):
                    continue
                close = max(slack, their_slack)
                rest = abs(1 - theirs - value) <= close and _rest(claim, m, window, w)
                if theirs < 0 or abs(theirs - value) <= close or rest:
                    agreed = True
                elif against is None:
                    against = their_said
        if against is not None and not agreed:
            return f"{said}/{against}"
    return None
