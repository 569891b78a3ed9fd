"""A fact of the source given to another deed or noun of the same sentence (let-ins round 20; round 19 left the
first): "The painter died in Lyon" against "The painter was born in Lyon in 1840 and died in Paris in 1912", "The
stadium was built for 55,000 spectators" against "built for 40,000 spectators in 1960 and expanded to 55,000 in
1995", "30 percent of its staff" against "30 percent of its engineers and 55 percent of its staff", "Imports from
China fell 5 percent" against "Exports to China fell 5 percent, while imports from China rose 9 percent", "Profits
fell in the second quarter" against "fell in the first quarter but recovered in the second quarter". Every word and
fact of the claim is in the sentence, none is in another's place (no copy differs by a word), so no other rule sees
that the sentence binds them otherwise.

The sentence is cut into clauses at "and", "but", "while", "whereas", "although", ";" (a clause without a word of
its own, "... in 2010 and 2012", stays with the one before). A fact of the claim (a figure, a year, a capitalised
name, an ordinal before its noun, "second quarter") stands in a clause that lacks some of the claim's content words
(not the sentence's subject, which a later clause leaves unsaid: "... and died in Paris"), and another clause holds
all the lacking words with another fact of the same kind (a year for a year, a figure of the same unit, a name, an
ordinal of the same noun) that the claim does not give, and no clause holds the claim's fact with them:
`swapped:lyon/paris`. Not where the fact's clause says a pronoun ("she sold it in 2010": what the claim names may be
there). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_CLAUSE = re.compile(r"\s*;\s*|,?\s+\b(?:and|but|while|whereas|although|though)\b\s+", re.IGNORECASE)
_TOKEN = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?|[A-Za-z][\w'’-]*")
_FUNCTION = frozenset(
    "the a an of to in on at by for from with as into over under about than and or but is are was were be been being "
    "has have had do does did will would can could may might must shall should it its this that these those which who "
    "whom whose there then also after before since until during per each every some any all not no more most less "
    "their his her our your my they them he she him we us you i".split()
)
# a frame of saying governs every clause after it ("The firm said 30 percent ... and 55 percent ...")
_SAYING = frozenset("said says say reported reports announced told according stated added noted showed found".split())
_PRONOUNS = frozenset("it they them he she him this these which who".split())
_YEARS = frozenset({"year", "years"})
_RELATIVE = frozenset({"later", "earlier", "after", "before", "afterwards", "on"})  # "two years on"
_PLACING = frozenset("in at by to from".split())  # a name's preposition: "died in Paris", "produced by Tom Hale"
_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth last final".split())
SHARE = 0.8  # of the claim's content words the sentence must hold


def _facts(tokens: list[str]) -> dict[str, str]:
    """Each fact of `tokens` (original case) and its kind: `year`, `num:<unit word>`, `name:<preposition>`,
    `ord:<noun>`; a time told from another ("two years later", "the following year") is a year."""
    out: dict[str, str] = {}
    for i, t in enumerate(tokens):
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if nxt in _YEARS and " ".join(tokens[i + 2 : i + 3]).lower() in _RELATIVE:
            out[f"{t.lower()} {nxt} {tokens[i + 2].lower()}"] = "year"  # "two years later"
            continue
        if (t[0].isdigit() or t[0] == "$") and _in_name(tokens, i):
            continue  # "Fox 2000 Pictures": a name's word
        if t[0].isdigit() or t[0] == "$":
            bare = t.lstrip("$").rstrip("%").replace(",", "")
            if re.fullmatch(r"1\d{3}|20\d{2}", bare) and t[0] != "$":
                out[bare] = "year"
            else:
                unit = "percent" if t.endswith("%") else ("$" if t[0] == "$" else nxt)
                out[bare] = "num:" + (unit if unit == "$" or (unit.isalpha() and unit not in _FUNCTION) else "")
        elif t.lower() in _ORDINALS and nxt.isalpha() and nxt not in _FUNCTION:
            out[f"{t.lower()} {nxt}"] = "ord:" + nxt
        elif i > 0 and t[0].isupper() and tokens[i - 1].lower() in _PLACING and t.lower() not in _ORDINALS:
            out[t.lower()] = "name:" + tokens[i - 1].lower()  # a place or a party after its preposition
    return out


def _in_name(tokens: list[str], i: int) -> bool:
    return 0 < i < len(tokens) - 1 and tokens[i - 1][0].isupper() and tokens[i + 1][0].isupper()


def _at(tokens: list[str], fact: str) -> int:
    """Where `fact` stands in `tokens` (its first word), or -1."""
    first = fact.split()[0]
    return next((i for i, t in enumerate(tokens) if t.lower().lstrip("$").rstrip("%").replace(",", "") == first), -1)


def _elided(before: list[str], after: list[str]) -> bool:
    """Whether the clause after another is a conjunct whose verb the clause before says for both: it opens with a
    fact (past one word at most: "developed in the late 1960s and early 1970s", "hired 200 engineers in Berlin and 80
    engineers in Munich"), or says no word in lower case of its own ("won the Nobel Prize in Physics in 1903 and the
    Nobel Prize in Chemistry in 1911")."""
    if any(0 <= _at(after, f) <= 1 for f in _facts(after)):
        return True
    own = {t.lower() for t in after if t[0].islower() and len(t) > 1 and t.lower() not in _FUNCTION}
    return not own - _words(before)


def _words(tokens: list[str]) -> set[str]:
    return {t.lower() for t in tokens if t[0].isalpha() and t.lower() not in _FUNCTION}


def _subject(tokens: list[str]) -> set[str]:
    """The sentence's first words up to its first lower-case content word after a content word: its subject, which a
    later clause may leave unsaid ("The painter was born ... and died in Paris")."""
    out: set[str] = set()
    for t in tokens:
        low = t.lower()
        if low in _FUNCTION or not t[0].isalpha():
            continue
        if out and t[0].islower():
            return out
        out.add(low)
    return out


def _same_kind(mine: str, theirs: str) -> bool:
    return mine == theirs and mine != "num:"  # a figure with no unit is of no kind one can tell


def _clauses(sentence: str) -> list[list[str]]:
    """The sentence's clauses as tokens; one without a content word of its own joins the one before."""
    out: list[list[str]] = []
    for part in _CLAUSE.split(sentence):
        tokens = _TOKEN.findall(part)
        facts = _facts(tokens)  # once, not per word
        own = {w for w in _words(tokens) if w not in facts}
        if out and not own:
            out[-1] += tokens
        elif tokens:
            out.append(tokens)
    return out


def fact_of_other_clause(claim: str, windows: Iterable[str]) -> str | None:
    """`mine/theirs` where a fact of the claim stands in a clause of a sentence it copies without the claim's words
    that another clause holds with another fact of its kind; None otherwise."""
    ctokens = _TOKEN.findall(claim)
    cfacts = _facts(ctokens)
    if not cfacts:
        return None
    units = {k[4:] for k in cfacts.values() if k.startswith("num:")}  # a figure's noun, left unsaid after it again
    cwords = _words(ctokens) - set(cfacts) - {w for f in cfacts for w in f.split()} - units - _SAYING
    if len(cwords) < 2:
        return None
    firsts = {f.split()[0] for f in cfacts}
    for sentence in dict.fromkeys(s for window in windows for s in _SENTENCE.split(window)):  # each sentence once
        if sentence.isascii() and not _may_hold(firsts, sentence):
            continue
        found = _in_sentence(cfacts, cwords, sentence)
        if found is not None:
            return found
    return None


def _may_hold(firsts: set[str], sentence: str) -> bool:
    """A first look: whether the (ASCII) sentence's text, in lower case and without commas, holds the first word of
    a fact of the claim (`firsts`); every fact of a clause starts with a token's word so (its figure's commas gone),
    and a sentence with none of the claim's facts has no clause to cross."""
    text = sentence.lower().replace(",", "")
    return any(first in text for first in firsts)


def _in_sentence(cfacts: dict[str, str], cwords: set[str], sentence: str) -> str | None:
    tokens = _TOKEN.findall(sentence)
    if len(cwords & _words(tokens)) < SHARE * len(cwords):
        return None
    clauses = [(c, _facts(c), _words(c)) for c in _clauses(sentence)]
    if len(clauses) < 2:
        return None
    subject = _subject(clauses[0][0])
    for fact, kind in cfacts.items():
        holding = [(c, words) for c, facts, words in clauses if fact in facts]
        if not holding or any(not (cwords - subject - words) for _, words in holding):
            continue  # a clause holds the fact with the claim's words
        if any({t.lower() for t in c} & _PRONOUNS for c, _ in holding):
            continue
        for c, facts, words in clauses:
            if fact in facts:
                continue
            lacking = [cwords - subject - w for _, w in holding]
            if not all(lack and lack <= words for lack in lacking):
                continue
            other = [f for f, k in facts.items() if f not in cfacts and _same_kind(kind, k)]
            at = next(n for n, (d, _, _) in enumerate(clauses) if d is c)
            if at + 1 < len(clauses) and clauses[at + 1][0] in [h for h, _ in holding]:
                other = [] if _elided(c, clauses[at + 1][0]) else other
            if other:
                return f"{fact}/{other[0]}"
    return _crossed(cfacts, clauses)


def _crossed(cfacts: dict[str, str], clauses: list[tuple[list[str], dict[str, str], set[str]]]) -> str | None:
    """`200/80` where the claim's two facts, of two kinds, stand in no clause together and the one's clause gives
    another fact of the other's kind ("hired 200 engineers in Munich" against "hired 200 engineers in Berlin and 80
    engineers in Munich")."""
    if len(cfacts) != 2 or len(set(cfacts.values())) != 2:
        return None
    if any(all(f in facts for f in cfacts) for _, facts, _ in clauses):
        return None
    for mine, kind in cfacts.items():
        for _, facts, _ in clauses:
            other = [f for f, k in facts.items() if k == kind and f not in cfacts]
            if other and any(f in facts for f in cfacts if f != mine):
                return f"{mine}/{other[0]}"
    return None
