"""How many a copied sentence says, and a claim that says otherwise in several words: "one of" left out.

"Lagos is the largest city in Africa" against "Lagos is one of the largest cities in Africa", "She was the only woman
elected" against "She was one of the women elected", "the sole supplier" against "one of several suppliers": the
claim copies its source but makes one of several the one, and was `verified` (0.53 to 0.88). The word-for-word rule
of `swaps.py` reads one or two words in the place of one or two; here "one of" is added or replaced by two or three.
Read by `swaps._swap` on one difference of a claim and the sentence it copies: the sentence's words there hold "one
of", the claim's none of "one", "among", and the claim's words from there open with "the", "only", "sole" or
"single" (not "a": "She is a leading expert" for "She is one of the leading experts" is right). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

# what makes one of several the one: "the largest" for "one of the largest", "the only woman" for "one of the women"
UNIQUE = frozenset("the only sole single".split())
# a claim with any of these in the difference keeps the several ("among the largest", "one of the biggest")
SEVERAL = frozenset("one among some several many".split())
MAX_CLAIM_SIDE = (
    3  # the claim's words in the place of "one of ..." ("the sole supplier" for "one of several suppliers")
)
MAX_SOURCE_SIDE = 4


def one_of_dropped(mine: Sequence[str], theirs: Sequence[str], following: Sequence[str]) -> str | None:
    """Where the sentence's words `theirs` hold "one of" and the claim's in their place, `mine`, do not (lower case;
    `following`: the claim's words after them), the claim's first two words from there and "one of", as a reason's
    detail ("the largest/one of"); None when the claim keeps the several, or opens there with no word of one."""
    if len(mine) > MAX_CLAIM_SIDE or len(theirs) > MAX_SOURCE_SIDE or SEVERAL & set(mine):
        return None
    if not any(a == "one" and b == "of" for a, b in pairwise(theirs)):
        return None
    words = [*mine, *following][:2]
    return f"{' '.join(words)}/one of" if words and words[0] in UNIQUE else None
