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

A plan or forecast stated as done is read beside them (`done_for_planned`): "The museum opened a new wing in March"
against "The museum will open a new wing in March", "reduced" for "aims to reduce", "launched" for "is set to
launch", "built" for "promised to build": the claim puts in the past (one word, the past of the sentence's verb) what
its sentence says will, or is meant to, happen; so do "has completed" for "will complete", "has been completed" and
"was completed" for "will be completed", "has been finished" for "is scheduled to be finished". "opens" for "will
open" (a present of what is planned) and "reached" for "managed to reach" are right and none. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from audit.verify.asserted import ending_frame
from audit.verify.quantities import APPROXIMATORS

# adverbs of likelihood and hearsay: the claim's "is a work by" where the source says "is possibly a work by"
ADVERBS = frozenset(
    "possibly probably reportedly allegedly apparently perhaps presumably supposedly purportedly seemingly "
    "conceivably maybe tentatively provisionally".split()
)
# verbs of belief or expectation, hedges in the passive before "to" ("is expected to open", "is believed to be")
RAISING = frozenset("expected believed thought said rumoured rumored alleged likely supposed presumed".split())
BE = frozenset("is are was were be been being widely generally commonly often also long still".split())
# "may" hedges ("may cause" for "causes"), unless the claim's words in its place grant leave ("can keep" for "may
# keep")
PERMISSION = frozenset("can allowed permitted able entitled free".split())
# a claim with any of these hedges what it states itself, or says who holds it ("Scientists think the crater was
# formed by a meteorite" for "The crater is thought to have been formed by a meteorite")
CLAIM_HEDGES = (
    ADVERBS
    | RAISING
    | frozenset("may might could would likely unlikely think thinks believe believes expect expects suspect".split())
    | frozenset("suspects say says claim claims allege alleges".split())
)
# ... but who says it, copied from the sentence, hedges nothing the sentence does not (let-in round 19)
ATTRIBUTING = frozenset(
    "said say says told think thinks believe believes suspect suspects claim claims allege alleges "
    "reported reports".split()
)
MAX_CLAIM_SIDE = 3  # words of the claim in the hedge's place ("will" for "is expected to")
MAX_SOURCE_SIDE = 5  # words of the sentence there ("is thought to have been" for "was")


def dropped_hedge(
    mine: Sequence[str], sent: Sequence[str], j1: int, j2: int, claim_words: frozenset[str]
) -> str | None:
    """The hedge of `sent[j1:j2]` (lower-case words; a capitalised word given as "") that the claim, whose words in
    its place are `mine` and all of whose words are `claim_words`, leaves out: the adverb, the verb with its "to",
    or "considered". None when there is none, or the claim hedges itself."""
    # a verb of saying or thinking the claim copies from the sentence ("Police said the fire was started
    # deliberately" for "Police said the fire was probably started deliberately") is the sentence's, no hedge of its
    # own, where the claim leaves the hedge out with nothing in its place ("will" for "may" is the swap's to name)
    own = claim_words & CLAIM_HEDGES - (ATTRIBUTING & set(sent) if not mine else frozenset())
    if len(mine) > MAX_CLAIM_SIDE or j2 - j1 > MAX_SOURCE_SIDE or own:
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


# words that put the verb after them (or after their "to") in the future or in an intent: "will open", "aims to
# reduce", "is set to launch", "promised to build". Not "managed", "helped", "began", "went on": they did it
PROSPECTS = frozenset(
    "will shall going set due aims aimed plans planned intends intended promised promises pledged pledges vowed vows "
    "hopes hoped seeks sought wants wanted expects expected scheduled agreed decided threatened tried attempted "
    "proposes proposed".split()
)
# a forecast, a likelihood, talks (let-in round 17: "Average temperatures rose 1.5 degrees" for "are projected to
# rise 1.5 degrees by 2050", "The company acquired the startup" for "is in talks to acquire the startup")
PROSPECTS |= frozenset("projected forecast predicted poised slated likely talks preparing".split())
PROSPECTS |= frozenset("expect want plan intend".split())  # with an object before the "to": "expect the bridge to"
MAX_OBJECT = 3  # words of that object
# pasts not made with -ed (a few common verbs of news: the rest read with -ed only)
_IRREGULAR = dict(
    pair.split(":")
    for pair in "build:built begin:began make:made sell:sold buy:bought win:won take:took give:gave hold:held pay:paid "
    "spend:spent leave:left meet:met send:sent bring:brought keep:kept find:found lead:led become:became "
    "grow:grew rise:rose fall:fell write:wrote run:ran hire:hired cut:cut set:set shut:shut".split()
)
_PARTICIPLES = dict(
    pair.split(":")
    for pair in "begin:begun take:taken give:given grow:grown rise:risen fall:fallen write:written".split()
)


def _pasts(verb: str) -> set[str]:
    """The past forms of `verb` (lower case): "open" -> opened, "reduce" -> reduced, "stop" -> stopped."""
    out = {verb + "ed", verb + "d" if verb.endswith("e") else verb + "ed", verb + verb[-1] + "ed"}
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        out.add(verb[:-1] + "ied")
    if verb in _IRREGULAR:
        out.add(_IRREGULAR[verb])
    if verb in _PARTICIPLES:  # "has risen" for "will rise"
        out.add(_PARTICIPLES[verb])
    return out


# a claim's auxiliary of a deed done: "has completed" for "will complete", "has been completed" for "will be
# completed", "were announced" for "will be announced"
PERFECT = frozenset({"has", "have", "had"})
DONE_PASSIVE = frozenset({("has", "been"), ("have", "been"), ("had", "been"), ("was",), ("were",)})


# a claim's words of a time to come: a present with one of them is a schedule ("The museum opens in March" for "will
# open in March"), not a state said to hold now
_WHEN = frozenset(
    "next tomorrow soon later upcoming from january february march april may june july august september october "
    "november december monday tuesday wednesday thursday friday saturday sunday when once after".split()
)

_AT = frozenset("in by from until before after since".split())


def _presents(verb: str) -> set[str]:
    """The third person present of `verb` (lower case): "employ" -> employs, "reach" -> reaches, "carry" -> carries."""
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        return {verb[:-1] + "ies"}
    return {verb + "es"} if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else {verb + "s"}


def present_for_future(mine: Sequence[str], sent: Sequence[str], j1: int, j2: int, claim: Sequence[str]) -> str | None:
    """The "will" where the sentence's words `sent[j1:j2]` end in "will" and a verb and the claim's one word in their
    place is that verb's present, with no time to come in the claim (`claim`: its lower-case words; a year after
    "in"): "The factory employs 2,000 workers" for "The factory will employ 2,000 workers when it opens next year"
    (let-in round 17, `verified`); None otherwise."""
    if len(mine) != 1 or not 2 <= j2 - j1 <= MAX_SOURCE_SIDE or sent[j2 - 2] not in ("will", "shall"):
        return None
    if _WHEN & set(claim) or any(a in _AT and b.isdigit() and len(b) == 4 for a, b in pairwise(claim)):
        return None  # "opens in March", "opens in 2027"
    verb = sent[j2 - 1]
    return sent[j2 - 2] if verb.isalpha() and len(verb) > 2 and mine[0] in _presents(verb) else None


def done_for_planned(mine: Sequence[str], sent: Sequence[str], j1: int, j2: int) -> str | None:
    """The word of `sent[j1:j2]` (lower-case words; a capitalised one given as "") that puts its last word, a verb,
    in the future or an intent ("will", or "aims" with its "to"), where the claim's words in their place, `mine`,
    are that verb's past (its perfect: "has completed" for "will complete"); or that puts "be" and the word after it
    there, where the claim's are a past or perfect passive ("has been" or "was" for "will be", "is scheduled to be").
    None when there is none."""
    if not 2 <= j2 - j1 <= MAX_SOURCE_SIDE:
        return None
    verb = sent[j2 - 1]
    if tuple(mine) in DONE_PASSIVE and verb == "be" and j2 < len(sent) and sent[j2].isalpha():
        pass  # the participle after "be" is the claim's own (the words after the difference are equal)
    elif len(mine) == 2 and mine[0] in PERFECT:
        if not verb.isalpha() or mine[1] not in _pasts(verb):
            return None
    elif len(mine) != 1 or not verb.isalpha() or mine[0] not in _pasts(verb):
        return None
    marker = sent[j2 - 2]
    if marker in ("will", "shall"):
        return marker
    if marker == "to" and j2 - j1 >= 3 and sent[j2 - 3] in PROSPECTS:
        return f"{sent[j2 - 3]} to"
    if marker == "to" and j2 - j1 == 2:  # "The bridge reopened" for "Officials expect the bridge to reopen"
        ahead = next((w for w in reversed(sent[max(0, j1 - MAX_OBJECT - 1) : j1 - 1]) if w in PROSPECTS), None)
        return None if ahead is None else f"{ahead} to"
    return None


# verbs of deliberation: what is weighed is not yet done ("The committee imposed a ban" for "The committee is
# considering a ban"). Not "considered" ("is considered the best": a judgement) nor "explored", "studied",
# "reviewed" (deeds of their own)
DELIBERATION = frozenset(
    "considering considers weighing weighs discussing discusses discussed debating debates debated mulling mulls "
    "mulled contemplating contemplates contemplated".split()
)
MAX_DELIBERATED = 4  # words of the sentence in the claim's place ("is still considering banning")


def deliberated(mine: Sequence[str], stated: Sequence[str]) -> str | None:
    """The verb of deliberation of the sentence's words `stated` (lower case; a capitalised word given as "") where
    the claim's words in its place, `mine`, have none: what is being considered stated as done ("imposed" for "is
    considering", "banned" for "is weighing banning"). None otherwise, or where the claim has no word in its place."""
    if not mine or len(mine) > MAX_CLAIM_SIDE or len(stated) > MAX_DELIBERATED or DELIBERATION & set(mine):
        return None
    return next((w for w in stated if w in DELIBERATION), None)


# frames read elsewhere: a "not" added or dropped is a negation (`swaps`), a condition `asserted.dropped_condition`'s,
# "nearly" left out `quantities.approximated`'s (and "mostly" for "generally" is none)
_NOT_HEARSAY = frozenset({"not", "if", "whether"}) | APPROXIMATORS


def framed(stated: Sequence[str], said: Sequence[str] = ()) -> str | None:
    """The frame of `asserted.py` (a denial, a rumour, an unconfirmed report, a claim someone makes) that the words
    `stated` of a copied sentence, which the claim leaves out, end with, at most two words after it: "dismissed
    reports that he" before "had resigned". None when there is none, or when the frame is all of `stated` and the
    claim has words of its own in its place (`said`): a verb for a verb ("The council rejected the application"
    against "The council denied the application"), no frame of what follows left out."""
    found = ending_frame(" ".join(stated) + " ")
    if found is not None and said and found == " ".join(stated):
        return None
    return None if found in _NOT_HEARSAY else found
