"""Whether a claim's words say otherwise than the words its copied sentence has in their place, read past the words
a paraphrase changes freely. Read by `swaps._swap` on one difference of a claim and the sentence it copies, after
`opposites.contradicts` on the two sides whole:

- a joining word beside the word in its place is no part of it ("including" for "but excludes"), nor a determiner
  closing it, its noun copied after ("lifted its ban" for "imposed a ban"), nor an auxiliary opening it ("was
  sacked" for "resigned"); not a determiner opening it ("a few" is one quantifier, as "several");
- two words in the place of two, each against the one in its place, where one pair contradicts and neither side
  holds a number ("took silver" for "won gold"): not "14 days" for "two weeks", where the unit differs with the
  count.
Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from audit.verify.opposites import CLASSED, contradicts

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
