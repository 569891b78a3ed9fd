"""Two things said to be equal where the source says one is more, or the other way round: "The tower is as tall as the
old cathedral" against "the tower is taller than the old cathedral".

The claim keeps the source's words but the comparison's own ("as tall as" for "taller than"), which no class or pair
of `opposites.py` holds, so the support model scores it high (let-in rounds 10 and 11: it was `verified`). An
equality is "as ADJ as" (not multiplied, "twice as tall as", nor bounded, "at least as tall as", nor negated, nor
before a figure, "as high as 40 percent": a value, no comparison); an inequality is the adjective's comparative and
"than" ("taller than", "bigger than", "heavier than", "more expensive than", "less expensive than"). A claim that
states one where its windows state only the other, with the same adjective and about the same thing (a content word
near both, `direction.content_near`), says otherwise: `swapped:as tall as/taller than`. Adjectives of quantity, time
and manner whose "as ... as" is an idiom ("as many as", "as long as", "as well as", "as soon as") are not read. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.extract.firstchars import compile_skipping
from audit.verify.direction import content_near
from audit.verify.events import comparative_senses

_IDIOMS = frozenset(
    "many much well soon far long early late little few good bad often possible likely such same usual ever quickly "
    "recently high low".split()
)
_EQUAL = compile_skipping(  # (the lookahead of its first character: it opens with lookbehinds)
    r"(?<!\btwice )(?<!\btimes )(?<!\bhalf )(?<!\bleast )(?<!\bnot )(?<!n't )(?<!\bnearly )(?<!\balmost )"
    r"\bas (?P<adj>[a-z]+) as\b(?!\s+[$€£]?\d)"
)
_NEGATION = re.compile(r"\b(?:no|not|never|none|nothing|nobody|neither|nor)\b|n't\b")
_CLAUSE_START = re.compile(r"[.;:!?,]\s")
_MORE = re.compile(r"\b(?:(?P<word>[a-z]+(?:er|r))|(?:more|less) (?P<adj>[a-z]+)) than\b")


def _comparatives(adj: str) -> set[str]:
    """The comparative forms of `adj` ("tall": "taller"; "large": "larger"; "big": "bigger"; "heavy": "heavier")."""
    forms = {adj + "er", adj + "r", adj + adj[-1] + "er"}
    if adj.endswith("y"):
        forms.add(adj[:-1] + "ier")
    return forms


def _equal(text: str) -> list[tuple[str, re.Match[str]]]:
    """The equalities of `text` with their adjectives; not one in a negated clause ("No vessel was as heavy as")."""
    return [
        (m["adj"], m)
        for m in _EQUAL.finditer(text)
        if m["adj"] not in _IDIOMS and not _NEGATION.search(_CLAUSE_START.split(text[: m.start()])[-1])
    ]


def _more(text: str, adj: str) -> list[re.Match[str]]:
    forms = _comparatives(adj)
    return [m for m in _MORE.finditer(text) if m["adj"] == adj or (m["word"] is not None and m["word"] in forms)]


def _senses(adj: str) -> set[tuple[str, int]]:
    """The dimensions and senses of `adj`'s comparatives ("fast": ("speed", 1))."""
    return {s for form in _comparatives(adj) for s in comparative_senses([form, "than"], 1)}


def _other_sense(text: str, adj: str) -> list[re.Match[str]]:
    """The inequalities of `text` in the other sense of `adj`'s dimension ("slower than", "less fast than" for
    "fast"; `events.comparative_senses`), which an equality in `adj` contradicts as much as "faster than" does (a let-in
    false alarms 18 saw: "as fast as" against "slower than" was `verified`)."""
    mine = _senses(adj)
    if not mine:
        return []
    words = re.findall(r"[a-z]+", text)
    out = []
    for o in _MORE.finditer(text):
        at = len(re.findall(r"[a-z]+", text[: o.end() - len("than")]))
        if at < len(words) and any((d, -s) in comparative_senses(words, at) for d, s in mine):
            out.append(o)
    return out


def _more_adjectives(text: str) -> list[tuple[str, re.Match[str]]]:
    """Each inequality of `text` with the adjectives it may compare: its "more" adjective, or its comparative's
    stems ("taller": "tall"; "larger": "large"; "bigger": "big"; "heavier": "heavy")."""
    out = []
    for m in _MORE.finditer(text):
        if m["adj"] is not None:
            out.append((m["adj"], m))
            continue
        word = m["word"]
        stems = {word[:-2], word[:-1], word[:-3]} | ({word[:-3] + "y"} if word.endswith("ier") else set())
        out += [(s, m) for s in stems if len(s) >= 2 and s not in _IDIOMS and word in _comparatives(s)]
    return out


def equality_changed(claim: str, windows: Iterable[str]) -> str | None:
    """`as tall as/taller than` where the claim says two things are equal that its windows say differ in the same
    adjective, `taller than/as tall as` the other way round, or None."""
    texts = [w.lower() for w in windows]
    low = claim.lower()
    for adj, m in _equal(low):
        near = content_near(low, [m])
        if any(a == adj for t in texts for a, _ in _equal(t)):
            continue
        found = next((o for t in texts for o in _more(t, adj) if near & content_near(t, [o])), None)
        if found is None:  # "as fast as" against "slower than": a comparative of the other sense of its dimension
            found = next((o for t in texts for o in _other_sense(t, adj) if near & content_near(t, [o])), None)
        if found is not None:
            return f"{m.group()}/{found.group()}"
    for adj, m in _more_adjectives(low):
        near = content_near(low, [m])
        if any(_more(t, adj) for t in texts):
            continue
        found = next((e for t in texts for a, e in _equal(t) if a == adj and near & content_near(t, [e])), None)
        if found is not None:
            return f"{m.group()}/{found.group()}"
    return None


# "not as fast as" is "slower than" (the false-alarm sweep, round 18: "The new model is not as fast as the old one"
# against "The new model is slower than the old one" was negation_mismatch): a negated equality, and a comparative of
# the other sense of its adjective's dimension ("slower", "less fast") about the same thing (a word after "as" after
# "than" too), where the plain side does not state the adjective's own comparative too ("but faster now")
_NOT_AS = re.compile(r"(?:\bnot|n't)\s+(?:quite\s+|nearly\s+)?(?:as|so)\s+([a-z]+)\s+as\s+((?:[a-z]+\s+){0,3}[a-z]+)")
_THAN = re.compile(r"\bthan\s+((?:[a-z]+\s+){0,3}[a-z]+)")
_SKIP = frozenset("the a an its their his her this that one ones those these".split())


def not_as_said_less(negated: str, plain: str) -> bool:
    """Whether `plain` says "slower than" (or "less fast than") what `negated` says "not as fast as", of one thing."""
    plain_words = re.findall(r"[a-z]+", plain.lower())
    for m in _NOT_AS.finditer(negated.lower()):
        adj, things = m.group(1), set(m.group(2).split()) - _SKIP
        if _comparatives(adj) & set(plain_words):
            continue  # "slower than ... at launch, but faster now": the denied sense stated too
        mine = _senses(adj) | {(adj, 1)}
        for t in _THAN.finditer(plain.lower()):
            at = len(re.findall(r"[a-z]+", plain.lower()[: t.start()]))
            theirs = comparative_senses(plain_words, at)
            if any((d, -s) in theirs for d, s in mine) and things & set(t.group(1).split()):
                return True
    return False
