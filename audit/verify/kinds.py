"""What a thing is said otherwise where the source names the claim's word too: "The statue in the square is the
original" against "The statue in the square is a replica; the original is kept in the city museum".

`exclusive.py`'s classes are read by `swaps` between two copies of one sentence, one word in the place of another;
here the claim's every word may be in its sentence, in order ("is ... the original" across "is a replica; the
original"), so no word stands in another's place and the support model scores the window high (let-in round 12 left
it; round 13: each was `verified`). The claim's "S is (the / a / an) M", M a member of a class whose members
exclude each other (the thing itself or a copy, a colour, a severity, a prevalence, a pathogen:
`exclusive.EXCLUSIVE_CLASSES`; herbivore / carnivore, freshwater / saltwater, benign / malignant, ...: `KIND_PAIRS`),
against a window's "S is (the / a / an) M2" of the same subject (the claim's last four content words before its verb,
all among the few before the window's) in the same tense ("the old logo was red" tells of another time), M2 another
member: `swapped:the original/a replica`. Not where a window says M of it, nor, where the claim lists M with others of
its class, where a window lists them all in any order ("red, white and blue" / "blue, white and red"). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.extract.firstchars import compile_skipping
from audit.verify.exclusive import EXCLUSIVE_CLASSES
from audit.verify.text import stop_split

_KIND_CLASSES = ("authenticity", "colour", "severity", "prevalence", "pathogen")
# the two of a kind a thing is (as `exclusive.EXCLUSIVE_PAIRS` writes them, the ones that name a kind, not a deed)
KIND_PAIRS = """
herbivore carnivore|herbivorous carnivorous|freshwater saltwater|freshwater marine|benign malignant|chronic acute
native invasive|nocturnal diurnal|solid liquid|predator prey|synthetic natural|artificial natural|acidic alkaline
dominant recessive|manual automatic|analog digital|analogue digital|wired wireless|venomous harmless|male female
"""


def _members() -> dict[str, str]:
    """word -> its class and canonical member ("replica" -> "authenticity:copy", "herbivore" -> "pair3:0")."""
    out: dict[str, str] = {}
    for cls in _KIND_CLASSES:
        for entry in EXCLUSIVE_CLASSES[cls].split():
            word, _, canon = entry.partition(":")
            if "_" not in word:
                out[word] = f"{cls}:{canon}"
    out["real"] = "authenticity:original"  # "is the real crown"
    pairs = [p.split() for line in KIND_PAIRS.split("\n") for p in line.split("|") if p.strip()]
    for n, pair in enumerate(pairs):
        for side, word in enumerate(pair):
            out.setdefault(word, f"pair{n}:{side}")
    return out


_MEMBER = _members()
_COPULA = compile_skipping(  # (the lookahead of its first characters, as in `totals`)
    r"\b(?P<verb>is|are|was|were)\s+(?:(?:the|a|an|in\s+fact|actually|only|just|also|still)\s+){0,2}(?P<kind>[a-z]+)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+")  # "café" whole
_FUNCTION = frozenset(
    "the a an of in on at to for by with from and or but as its his her their this that these those it which who "
    "one".split()
)
NEAR = 8  # the window's words before its verb among which the claim's subject must stand
_CLAUSE = re.compile(r"[;:,()]|\s[-–—]\s|\b(?:but|while|whereas|although)\b")


def _clause_start(text: str, end: int) -> int:
    starts = [m.end() for m in _CLAUSE.finditer(text, 0, end)]
    return starts[-1] if starts else 0


def kind_said_otherwise(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's kind of a thing and the other the windows give it, as a reason's detail ("the original/a
    replica"); None otherwise."""
    low = claim.lower()
    sentences: list[str] | None = None  # the windows' sentences, split where the claim says a kind of a thing
    for m in _COPULA.finditer(low):
        said = _MEMBER.get(m["kind"])
        if said is None:
            continue
        subject = [w for w in _WORD.findall(low[_clause_start(low, m.start()) : m.start()]) if w not in _FUNCTION]
        if not subject:
            continue
        if sentences is None:
            sentences = [s for text in windows for s in stop_split(text.lower())]
        other = None
        for s in sentences:
            for w in _COPULA.finditer(s):
                near = set(_WORD.findall(s[: w.start()])[-NEAR:])
                given = _MEMBER.get(w["kind"])
                if given is None or not set(subject[-4:]) <= near or _past(w) != _past(m):
                    continue  # not of the same thing, or of it at another time ("the old logo was red")
                if _listed(low, m)[0] <= _listed(s, w)[0]:
                    return None  # a window says it of the same thing (in a list, in any order: round 18)
                if given.partition(":")[0] == said.partition(":")[0] and other is None:
                    other = s[w.start() : _listed(s, w)[1]]
        if other is not None:
            return f"{_said(low[m.start() : _listed(low, m)[1]])}/{_said(other)}"
    return None


_NEXT_ITEM = re.compile(r"\s*,\s*(?:and\s+|or\s+)?([a-z]+)|\s+(?:and|or)\s+([a-z]+)")


def _listed(text: str, m: re.Match[str]) -> tuple[set[str], int]:
    """The members a copula's kind opens a list of, of its class ("is red, white and blue": red, white, blue; the
    false-alarm sweep, round 18: "The flag is red, white and blue" against "... are blue, white and red" was
    `swapped:red/blue`), and where the list ends."""
    first = _MEMBER[m["kind"]]
    out, end = {first}, m.end()
    while (item := _NEXT_ITEM.match(text, end)) is not None:
        member = _MEMBER.get(item.group(1) or item.group(2) or "")
        if member is None or member.partition(":")[0] != first.partition(":")[0]:
            break
        out.add(member)
        end = item.end()
    return out, end


def _past(m: re.Match[str]) -> bool:
    return m["verb"].lower() in ("was", "were")


def _said(copula: str) -> str:
    """The words after the verb: "is the original" -> "the original"."""
    return " ".join(copula.split()[1:])
