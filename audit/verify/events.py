"""Differences of a claim and the sentence it copies that tell the same thing another way, not its opposite: the
parties of a relation swapped with its verb, another event of the same thing at another date, and the claim's deed
said again of the same thing by its pronoun ("bought the stadium ... and sold it"). Read by
`swaps._compare` and `swaps._swap` before a difference is taken for a contradiction. Pure."""

from __future__ import annotations

from collections.abc import Sequence

NEAR = 3  # words after a difference where its event's number stands ("ended in 1945", "closed at $ 150")
_PRONOUNS = frozenset({"it", "them"})  # what a deed said again is done to: the thing the sentence named before
_RESUMING = frozenset({"and", "then", "later", "subsequently", "eventually"})  # ... by the same doer, no other subject
MAX_OBJECT = 4  # words of the thing the pronoun stands for ("the stadium", "the old main stadium")
# words that end the thing a deed is done to, opening what the claim says of the deed ("in 2019", "to a developer")
_AFTER_THING = frozenset("in on at to from for by with during after before since until into".split())


def is_number(word: str) -> bool:
    """Whether a token is a figure (its first character a digit)."""
    return word[:1].isdigit()


def converse(said_names: Sequence[str], stated_names: Sequence[str], claim_rest: set[str], sent_rest: set[str]) -> bool:
    """Whether a name of the claim's words in the place (`said_names`, lower case) stands in the sentence elsewhere
    (`sent_rest`) and a name of the sentence's words there (`stated_names`) stands in the claim elsewhere
    (`claim_rest`): "Brazil won ... against Germany" says what "Germany lost ... to Brazil" does, the parties swapped
    with the verb, so the verbs are not read pair by pair."""
    return any(w in sent_rest for w in said_names) and any(w in claim_rest for w in stated_names)


def _number_after(words: Sequence[str], end: int) -> str | None:
    return next((w for w in words[end : end + NEAR] if is_number(w)), None)


def another_event(
    ops: Sequence[tuple[str, int, int, int, int]], k: int, claim: Sequence[str], sent: Sequence[str]
) -> bool:
    """Whether the difference `ops[k]` (difflib opcodes of the claim's words against the sentence's, lower case), not
    itself a number, is followed within `NEAR` words by a number of the claim's other than the sentence's there, one
    the sentence states elsewhere: "World War II ended in 1945" against "World War II began in 1939 and lasted ...
    until 1945", "closed at $150" against "opened at $148 ... and finished the day at $150" tell another event of the
    same thing (its number checked as a key fact), not the opposite of the one the sentence tells at that place."""
    _, i1, i2, j1, j2 = ops[k]
    if i2 > i1 and is_number(claim[i1]):
        return False
    if deed_resumed(ops, k, claim, sent):
        return True
    place = min(j2, j1 + (i2 - i1)) if i2 > i1 else j2  # a claim's word for more of the sentence's: its first ones
    mine, theirs = _number_after(claim, i2), _number_after(sent, place)
    if mine is None or theirs is None or mine == theirs:
        return False
    return mine in {*sent[:j1], *sent[place + NEAR :]}


def deed_resumed(
    ops: Sequence[tuple[str, int, int, int, int]], k: int, claim: Sequence[str], sent: Sequence[str]
) -> bool:
    """Whether the claim's one word in the place of the sentence's (`ops[k]`, a deed: "sold" for "purchased") is said
    again later in the sentence of the same thing by its pronoun, after "and" or "then", and the claim's words after
    the thing are the sentence's after the pronoun: "The club sold the stadium to a developer in 2021" against "The
    club purchased the stadium in 2019 and sold it to a developer in 2021" tells the second deed (the false-alarm
    sweep, round 13; it was swapped:sold/purchased). Not "sold the stadium in 2019" against it (the first deed's
    date), nor "... and the city sold it" (another doer)."""
    tag, i1, i2, j1, j2 = ops[k]
    if tag != "replace" or i2 - i1 != 1 or j2 - j1 > 2:
        return False
    for at in range(j2 + 1, len(sent) - 1):
        if sent[at] != claim[i1] or sent[at + 1] not in _PRONOUNS or sent[at - 1] not in _RESUMING:
            continue
        after = sent[at + 2 :]  # the thing: the claim's words after its deed up to what it says of the deed
        ends = (n for n in range(i2 + 1, len(claim)) if claim[n] in _AFTER_THING or is_number(claim[n]))
        end = next(ends, len(claim))
        thing = claim[i2:end]
        if 0 < len(thing) <= MAX_OBJECT and list(sent[j2 : j2 + len(thing)]) == list(thing):
            return set(claim[end:]) <= set(after)
    return False
