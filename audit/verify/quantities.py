"""How many a copied sentence says, and a claim that says otherwise in several words: "one of" left out.

"Lagos is the largest city in Africa" against "Lagos is one of the largest cities in Africa", "She was the only woman
elected" against "She was one of the women elected", "the sole supplier" against "one of several suppliers": the
claim copies its source but makes one of several the one, and was `verified` (0.53 to 0.88). The word-for-word rule
of `swaps.py` reads one or two words in the place of one or two; here "one of" is added or replaced by two or three.
Read by `swaps._swap` on one difference of a claim and the sentence it copies: the sentence's words there hold "one
of", the claim's none of "one", "among", and the claim's words from there open with "the", "only", "sole" or
"single" (not "a": "She is a leading expert" for "She is one of the leading experts" is right).

A quantifier said in several words is read here too (`quantity_changed`): "most of the houses" against "a few of the
houses", "Many of the buildings" against "Only a few of the buildings", "every school offers" against "most schools
offer". Without the articles and "only", "just", "of", and without the words the other side has as well in another
number ("school" / "schools", "offers" / "offer"), each side is one word, a quantifier ("none", "few", "a few",
"some", "many", "most", "all", "every"; "a handful" is "a few", "the majority" "most"), and the two say another
quantity ("each" for "every", "most" for "the majority", "several" for "a few" do not).

A word that says a statement is not quite so, left out, is one more: "All of the passengers survived" against
"Nearly all of the passengers survived" (verbatim there: `asserted.unasserted_frame` reads the word right before the
match), "The library is finished" against "... is almost finished", "destroyed" for "partly destroyed"
(`approximated`). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

# what makes one of several the one: "the largest" for "one of the largest", "the only woman" for "one of the women"
UNIQUE = frozenset("the only sole single".split())
# a claim with any of these in the difference keeps the several ("among the largest", "one of the biggest")
SEVERAL = frozenset("one among some several many".split())
# the claim's words in the place of "one of ..." ("the sole supplier" for "one of several suppliers")
MAX_CLAIM_SIDE = 3
MAX_SOURCE_SIDE = 4


def one_of_dropped(mine: Sequence[str], theirs: Sequence[str], following: Sequence[str]) -> str | None:
    """Where the sentence's words `theirs` hold "one of" and the claim's in their place, `mine`, do not (lower case;
    `following`: the claim's words after them), the claim's first two words from there and "one of", as a reason's
    detail ("the largest/one of"); None when the claim keeps the several, or opens there with no word of one."""
    if len(mine) > MAX_CLAIM_SIDE or len(theirs) > MAX_SOURCE_SIDE or SEVERAL & set(mine):
        return None
    words = [*mine, *following][:2]
    if "among" in theirs and len(words) == 2 and words[0] == "the" and _superlative(words[1]):
        return f"{' '.join(words)}/among"  # "the best" for "among the best" (let-in round 17)
    if not any(a == "one" and b == "of" for a, b in pairwise(theirs)):
        return None
    return f"{' '.join(words)}/one of" if words and words[0] in UNIQUE else None


def _superlative(word: str) -> bool:
    """Whether `word` ranks first ("best", "largest", "most", "worst") (read after "among the")."""
    return word in ("most", "least", "best", "worst", "top", "leading") or (len(word) > 4 and word.endswith("est"))


# words that only frame a quantifier: "a few of the", "only a handful of"
_FRAMING = frozenset("a an the only just of".split())
# quantifiers by how many they say: "a few", "a handful", "some" and "several" are one quantity (a supported training
# pair says "renovated a few times" for "several times"), bare "few" (not many) is less
_RANK = {"none": 0, "no": 0, "few": 1, "some": 2, "several": 2, "many": 3, "most": 4, "majority": 4, "all": 5}
_RANK |= {"every": 5, "each": 5, "handful": 2}
MAX_SIDE = 4  # words of each side ("only a handful of" for "most")


def _same_word(a: str, b: str) -> bool:
    """One word in two numbers or persons: "school" / "schools", "offers" / "offer", "box" / "boxes"."""
    short, long_ = sorted((a, b), key=len)
    return long_ in (short, f"{short}s", f"{short}es")


def _rank(word: str, side: Sequence[str], before: str = "") -> int | None:
    return 2 if word == "few" and ("a" in side or before == "a") else _RANK.get(word)


def quantity_changed(mine: Sequence[str], theirs: Sequence[str], before: str = "") -> str | None:
    """The claim's quantifier and the sentence's, as a reason's detail ("most/few"), where the claim's words `mine`
    stand in the place of the sentence's `theirs` (lower case) and, without their framing words and the words both
    have in another number, say another quantity; None otherwise. `before`: the word both have before the two (the
    "a" of "A few" against "A handful of", which the alignment leaves out of both: false-alarm sweep, round 15)."""
    if not mine or not theirs or max(len(mine), len(theirs)) > MAX_SIDE:
        return None
    a = [w for w in mine if w not in _FRAMING]
    b = [w for w in theirs if w not in _FRAMING]
    a, b = (
        [w for w in a if not any(_same_word(w, v) for v in b)],
        [w for w in b if not any(_same_word(w, v) for v in a)],
    )
    if len(a) != 1 or len(b) != 1:
        return None
    said, stated = _rank(a[0], mine, before), _rank(b[0], theirs, before)
    return f"{a[0]}/{b[0]}" if said is not None and stated is not None and said != stated else None


# words that say what follows is not quite so: "nearly all", "almost finished", "partly destroyed"
APPROXIMATORS = frozenset("nearly almost partly partially virtually practically largely mostly".split())


def approximated(said: Sequence[str], stated: Sequence[str]) -> str | None:
    """The word of `APPROXIMATORS` that the sentence's words `stated` are, where the claim has nothing in their place
    (`said` empty); None otherwise."""
    return stated[0] if not said and len(stated) == 1 and stated[0] in APPROXIMATORS else None


# one case the source tells of, made a rule: "Patients in the trial developed severe allergic reactions" against "One
# patient in the trial developed a severe allergic reaction", "Many villages" against "one village"
SINGLE = frozenset("one single".split())
_GENERAL = frozenset("the many several some most all".split())


def single_generalised(said: Sequence[str], stated: Sequence[str]) -> str | None:
    """Where the sentence's words `stated` are "one" or "a single" and a noun, and the claim's in their place,
    `said`, are that noun in the plural (after "many", "several", ... or nothing), the two as a reason's detail
    ("patients/one patient"); None otherwise."""
    if len(stated) < 2 or len(stated) > 3 or stated[-2] not in SINGLE or len(said) > 2:
        return None
    if len(stated) == 3 and stated[0] not in ("a", "only"):
        return None
    noun = stated[-1]
    if not said or said[-1] == noun or not _same_word(said[-1], noun) or not set(said[:-1]) <= _GENERAL:
        return None
    return f"{' '.join(said)}/{' '.join(stated)}"


# "not all" / "not every" denies a whole, which "none" / "no" overstates ("None of the samples were contaminated" for
# "Not all of the samples were contaminated"), and "some ... not" restates (`restates_not_all`); moved here from
# `swaps.py`, read by it
_NOT_ALL = frozenset(("not all", "not every"))
_NONE = frozenset(("none", "no"))


def none_for_not_all(mine: str, theirs: str) -> bool:
    """Whether the claim's words (`mine`) say "none" / "no" where the sentence's (`theirs`) say "not all"."""
    return mine in _NONE and theirs in _NOT_ALL


def restates_not_all(claim: Sequence[str], sent: Sequence[str], negations: frozenset[str]) -> bool:
    """Whether one of the two (lower-case words) says "not all" / "not every" where the other says "some ... not"
    ("Some of the samples were not contaminated" for "Not all of the samples were contaminated"), as many
    `negations` each."""
    texts = [" ".join(side) for side in (claim, sent)]
    counts = [sum(w in negations for w in side) for side in (claim, sent)]
    if counts[0] != counts[1]:
        return False
    for a, b in ((0, 1), (1, 0)):
        if any(f"{q} " in f"{texts[a]} " for q in _NOT_ALL) and re.search(r"\bsome\b.*\bnot\b", texts[b]):
            return True
    return False
