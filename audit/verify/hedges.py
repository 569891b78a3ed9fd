"""A copied sentence's hedge that the claim leaves out: what the source holds uncertain, stated as certain.

"The painting is a work by Rembrandt" against "The painting is possibly a work by Rembrandt", "The new stadium will
open in 2027" against "... is expected to open in 2027", "The manuscript is the oldest copy" against "... is
believed to be the oldest copy": every word of the claim is in its source, and the support model scores it as high
as the sentence itself (0.86 to 0.91, `verified`). Read by `swaps._swap` on one difference of a claim and the sentence
it copies (`unasserted:<hedge>`), beside its own modal and plan hedges (would, could, might, plans, proposed).

Three kinds of hedge, all lower case in the sentence's words that the claim does not have in their place:
  - an adverb of likelihood or of hearsay ("possibly", "probably", "reportedly", "allegedly", "apparently"), which
    hedges wherever it stands;
  - a verb of belief or expectation in the passive before "to" ("is expected to", "is believed to be", "is thought to
    have been", "is said to", "is likely to"): "the expected profit", "said to reporters" are no hedge, and another
    verb before the same "to" ("is scheduled to open" for "is expected to open") keeps the frame;
  - the modal "may" ("Smoking causes ..." for "Smoking may cause ..."), unless the claim grants leave in its place
    ("Tenants can keep a pet" for "Tenants may keep a pet").
A claim that hedges itself (any of these words, or "might", "could", "would") is left alone. "is considered the
father of" left out ("Dante is the father of ...") is a hedge too, but the one training pair it fired on is labelled
supported ("It is widely considered to be the premier ... league" for "it is the premier ... league"): left out.
Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

# adverbs of likelihood and hearsay: the claim's "is a work by" where the source says "is possibly a work by"
ADVERBS = frozenset(
    "possibly probably reportedly allegedly apparently perhaps presumably supposedly purportedly seemingly "
    "conceivably maybe".split()
)
# verbs of belief or expectation, hedges in the passive before "to" ("is expected to open", "is believed to be")
RAISING = frozenset("expected believed thought said rumoured rumored alleged likely supposed presumed".split())
BE = frozenset("is are was were be been being widely generally commonly often also long still".split())
# "may" hedges ("may cause" for "causes"), unless the claim's words in its place grant leave ("can keep" for "may
# keep")
PERMISSION = frozenset("can allowed permitted able entitled free".split())
# a claim with any of these hedges what it states itself
CLAIM_HEDGES = ADVERBS | RAISING | frozenset("may might could would likely unlikely".split())
MAX_CLAIM_SIDE = 3  # words of the claim in the hedge's place ("will" for "is expected to")
MAX_SOURCE_SIDE = 5  # words of the sentence there ("is thought to have been" for "was")


def dropped_hedge(
    mine: Sequence[str], sent: Sequence[str], j1: int, j2: int, claim_words: frozenset[str]
) -> str | None:
    """The hedge of `sent[j1:j2]` (lower-case words; a capitalised word given as "") that the claim, whose words in
    its place are `mine` and all of whose words are `claim_words`, leaves out: the adverb, the verb with its "to",
    or "considered". None when there is none, or the claim hedges itself."""
    if len(mine) > MAX_CLAIM_SIDE or j2 - j1 > MAX_SOURCE_SIDE or claim_words & CLAIM_HEDGES:
        return None
    for j in range(j1, j2):
        word = sent[j]
        if word in ADVERBS:
            return word
        before = sent[j - 1] if j else ""
        after = sent[j + 1] if j + 1 < len(sent) else ""
        # the claim's own verb before the same "to" ("is scheduled to open" for "is expected to open") keeps the frame
        if word in RAISING and after == "to" and before in BE and not (mine and j + 1 == j2):
            return f"{word} to"
        if word == "may" and not PERMISSION & set(mine):
            return word
    return None
