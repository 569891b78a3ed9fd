"""Whether a claim's words say otherwise than the words its copied sentence has in their place, read past the words
a paraphrase changes freely. Read by `swaps._swap` on one difference of a claim and the sentence it copies, after
`opposites.contradicts` on the two sides whole:

- a joining word beside the word in its place is no part of it ("including" for "but excludes"), nor a determiner
  closing it, its noun copied after ("lifted its ban" for "imposed a ban"), nor an auxiliary opening it ("was
  sacked" for "resigned"); not a determiner opening it ("a few" is one quantifier, as "several");
- two words in the place of two, each against the one in its place, where one pair contradicts and neither side
  holds a number ("took silver" for "won gold"): not "14 days" for "two weeks", where the unit differs with the
  count;
- two items of one list in each other's place ("red, white and blue" for "blue, white and red": `listed_crossed`,
  the false-alarm sweep, round 18), no contradiction.
Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from audit.verify.opposites import CLASSED, contradicts
from audit.verify.reversal import JOINING

FILLERS = frozenset("but and also only even yet while so then".split())
DETERMINERS = frozenset("a an the its their his her".split())
AUXILIARIES = frozenset("was were is are be been being has have had".split())


def _bare(side: Sequence[str]) -> list[str]:
    kept = [w for w in side if w not in FILLERS]
    if len(kept) > 1 and kept[-1] in DETERMINERS:
        kept = kept[:-1]
    if len(kept) > 1 and kept[0] in AUXILIARIES:
        kept = kept[1:]
    return kept


def _counted(word: str) -> bool:
    return word[:1].isdigit() or "count" in CLASSED.get(word, {})


def said_otherwise(mine: Sequence[str], theirs: Sequence[str]) -> bool:
    """Whether the claim's words `mine` contradict the sentence's `theirs` in their place (lower case), read past
    joining words, a closing determiner and an opening auxiliary, or pair by pair where the two are two words each
    and neither holds a number."""
    bare = _bare(mine), _bare(theirs)
    if bare[0] and bare[1] and contradicts(" ".join(bare[0]), " ".join(bare[1])):
        return True
    if len(mine) != 2 or len(theirs) != 2 or any(_counted(w) for w in [*mine, *theirs]):
        return False
    return any(contradicts(a, b) for a, b in zip(mine, theirs, strict=True))


def listed_crossed(mine: str, theirs: str, at: int, claim: Sequence[str], replaced: frozenset[tuple[str, str]]) -> bool:
    """Whether the claim's word `mine` (at `at` in the claim's words, lower case) and the sentence's `theirs` in its
    place are two items of one list the two write in another order ("red, white and blue" for "blue, white and red":
    each word in the other's place, every claim word between them a joining word or an item of their class, as
    "white"). Not two words of two clauses ("the shirt is red and the trousers are blue"), nor across a word that
    orders them (no joining word: `swaps._crossed` reads those)."""
    if (theirs, mine) not in replaced:
        return False
    kinds = set(CLASSED.get(mine, {}))
    for k in (k for k, w in enumerate(claim) if w == theirs):
        between = claim[min(at, k) + 1 : max(at, k)]
        if any(w in JOINING for w in between) and all(w in JOINING or kinds & set(CLASSED.get(w, {})) for w in between):
            return True
    return False
