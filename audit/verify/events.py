"""Differences of a claim and the sentence it copies that tell the same thing another way, not its opposite: the
parties of a relation swapped with its verb, and another event of the same thing at another date. Read by
`swaps._compare` and `swaps._swap` before a difference is taken for a contradiction. Pure."""

from __future__ import annotations

from collections.abc import Sequence

NEAR = 3  # words after a difference where its event's number stands ("ended in 1945", "closed at $ 150")


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
    place = min(j2, j1 + (i2 - i1)) if i2 > i1 else j2  # a claim's word for more of the sentence's: its first ones
    mine, theirs = _number_after(claim, i2), _number_after(sent, place)
    if mine is None or theirs is None or mine == theirs:
        return False
    return mine in {*sent[:j1], *sent[place + NEAR :]}
