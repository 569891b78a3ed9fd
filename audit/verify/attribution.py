"""A statement a copied sentence gives to one party, moved by the claim to another party that sentence names.

"According to the WHO, the outbreak is under control" against "According to the health ministry, the outbreak is
under control, but the WHO disagreed", "The European Central Bank said inflation would fall" against "The Finance
Ministry said inflation would fall ..., but the European Central Bank was more cautious": every word of the claim is
in its sentence, and the support model scored them `verified` (0.80, 0.87). `swaps.py`'s name rule reads one
capitalised word in the place of one of the claim's names; here either side may have up to three words. Read by
`swaps._swap` on one replacement of a claim and the sentence it copies: the claim's words there are all words of its
names (which the source names too), the sentence names them elsewhere, outside this place, and its own words there
are none of the claim's and hold a capitalised word, not the sentence's first: a name. A pronoun or a description
there ("When Puyi was three, he became emperor", "Lordstown ... the automaker also said", "written by both Kate
Siegel and Trevor Macy": each fired on training pairs, 2 of 6 supported, before names were required) is the same
party, or both, and a claim naming in other words the party the sentence gives ("The firm raised prices" for "The
company raised prices, the firm's chief executive said") is left alone. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_SIDE = 3  # words of each side ("european central bank" for "finance ministry")
# words that name no party: what stands in a name's place ("its", "the", "s" of "the firm's")
_NO_PARTY = frozenset("a an the its their his her s of and or".split())


def moved_statement(
    mine: Sequence[str],
    sent: Sequence[str],
    capital: Sequence[bool],
    j1: int,
    j2: int,
    names: frozenset[str],
    claim_words: frozenset[str],
) -> str | None:
    """`mine`/`sent[j1:j2]` as a reason's detail ("who/health ministry") where the claim's words `mine` (lower case)
    are all of its `names` and stand where the sentence `sent` (lower case; `capital`: which of its words are written
    with a capital) names another party, while it names the claim's elsewhere; None otherwise."""
    theirs = list(sent[j1:j2])
    if not mine or not theirs or len(mine) > MAX_SIDE or len(theirs) > MAX_SIDE:
        return None
    if not all(w in names for w in mine) or any(w in claim_words or w[0].isdigit() for w in theirs):
        return None
    if all(w in _NO_PARTY for w in theirs) or not any(capital[j] for j in range(max(j1, 1), j2)):
        return None
    if any(t.rstrip("s") == m.rstrip("s") for t in theirs for m in mine):
        return None  # one name in another number ("Agreements" for "Agreement"): the same
    elsewhere = [*sent[:j1], *sent[j2:]]
    n = len(mine)
    if not any(list(elsewhere[k : k + n]) == list(mine) for k in range(len(elsewhere) - n + 1)):
        return None
    return f"{' '.join(mine)}/{' '.join(theirs)}"
