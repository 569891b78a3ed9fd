"""A claim its source holds only inside a question, a denial or a hypothesis: not asserted there.

"The factory had polluted the river" is verbatim in "The ministry denied that the factory had polluted the river", and
"The new drug reduces the risk" in "Researchers are investigating whether the new drug reduces the risk": a verbatim
match decided `verified` (support 1) at once, and a close copy scores as high. The rule is lexical and narrow: the
words of the source sentence just before the claim's match end with a frame that asserts nothing ("whether", "if",
"denied that", "no evidence that", "it is a myth that", "rejected claims that"), with at most two words between the
frame and the match and no punctuation ("If the parcel is lost, customers receive a refund" is no frame for
"Customers receive a refund": the comma closes the condition, which `dropped_condition` reads). A report of what
someone said or found ("said that", "found that") asserts through its source and is no frame; a "not" right before
the match denies it ("All of the samples were contaminated" in "Not all of the samples were contaminated").

A condition is read the same way: a claim copying the consequent of a conditional sentence ("The fee is refunded in
full" from "If the order ships late, the fee is refunded in full", or from "... in full if the order ships late")
states as a fact what the source makes hang on the condition it leaves out (`dropped_condition`); so does one copying
a rule and leaving out its exception ("All museums are open on Mondays" from "... except the National Gallery"), and
one copying a negated sentence but for its "without" ("Staff must not enter the laboratory" from "... without
protective clothing"). The condition opens the sentence and ends at a comma just before the copy, or follows the
copy at once; "subject to", "pending", "in the event of", "assuming" and "conditional on" set one only opening the
sentence ("Pending trial, the suspect was released" and "... approved subject to conditions" state a deed done, so
"subject to" and "pending" before a copy in the past are none either); "even if" concedes and is none, and a claim
naming a condition or exception of its own ("if", "unless", "except", "but") or keeping the conditional mood ("The
plan would cut emissions" from "If approved, the plan would cut emissions") is left alone.

A quantifier or a bound right before a copy is what the copy is said of: "Bats use echolocation" in "Some species of
bats use echolocation", "Half of the respondents ..." in "Fewer than half of the respondents ..." (`unasserted_frame`
with the claim); a "no" before the comparison a copy opens with turns it round: "Fewer than 40 people died" in "No
fewer than 40 people died" (leftovers, round 15). Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from audit.verify.hearsay import HEARSAY_FRAMES
from audit.verify.numwords import CARDINALS, TENS
from audit.verify.quantities import APPROXIMATORS

_FRAMES = (
    r"whether|if",
    r"den(?:y|ies|ied|ying)(?: that)?",
    r"(?:reject(?:s|ed|ing)?|dismiss(?:es|ed|ing)?|refut(?:e|es|ed|ing)|disput(?:e|es|ed|ing)|deb[ua]nk(?:s|ed|ing)?)"
    r" (?:the |any )?(?:claims?|allegations?|reports?|suggestions?|rumou?rs?|idea|notion|assertions?) that",
    r"no (?:evidence|proof|indication|sign) (?:yet )?that",
    r"(?:not true|untrue|false|a myth|a misconception|a common misconception|not the case|unproven|not proven) that",
    r"(?:doubt(?:s|ed|ing)?|question(?:s|ed|ing)?) (?:that|whether|if)",
    r"(?:hypothesi[sz]e[sd]?|speculat(?:e|es|ed|ing)|rumou?r(?:s|ed)?|conjecture[sd]?) that",
    # a claim or allegation someone makes ("Critics claim that the law will raise costs"), not a report
    r"(?:claim(?:s|ed|ing)?|alleg(?:e|es|ed|ing)) that",
    # a line the source labels ("Myth: vaccines cause autism.")
    r"(?:myth|false|fiction|misconception|rumou?r|hoax):",
    *HEARSAY_FRAMES,  # "Unconfirmed reports say", "A false rumour spread online that"
)
# the frame, then at most two words with nothing between them but spaces, then the match
_FRAMED = re.compile(rf"\b({'|'.join(_FRAMES)})\s+(?:[\w'’-]+\s+){{0,2}}$", re.IGNORECASE)
# a "not" right before the match denies it: "All of the samples were contaminated" in "Not all of the samples were
# contaminated", "Every ..." in "Not every ..." (a verbatim match: verified); "nearly", "almost", "partly" say it is not
# quite so ("All of the passengers survived" in "Nearly all of the passengers survived")
_NOT_BEFORE = re.compile(rf"\b(not|{'|'.join(sorted(APPROXIMATORS))})\s+$", re.IGNORECASE)
# a bound before a number the match opens with: "Half of the respondents trust the media" in "Fewer than half of the
# respondents ..." (a verbatim match), "30 people can attend" in "At most 30 people can attend"
_BOUND_BEFORE = re.compile(
    r"\b((?:fewer|less|more|no more|no fewer|no less) than|at (?:least|most)|up to|over|under)\s+$", re.IGNORECASE
)
# a "no" before a comparison the match opens with: "Fewer than 40 people died" in "No fewer than 40 people died" (a
# verbatim match: verified), which says at least 40; "More than 25 euros" in "No more than 25 euros" (leftovers, 15)
_NO_BEFORE = re.compile(r"\bno\s+$", re.IGNORECASE)
_COMPARISON_FIRST = re.compile(
    r"(?:fewer|less|more|greater|higher|lower|larger|smaller|bigger|older|younger|longer|shorter)\s+than\b",
    re.IGNORECASE,
)
_NUMBER_FIRST = re.compile(
    rf"(?:\d|(?:half|a (?:third|quarter|fifth|tenth)|{'|'.join(CARDINALS[1:11] + TENS)}"
    r"|a hundred|a thousand|a dozen)\b)",
    re.IGNORECASE,
)
# a quantifier before the match, which the claim says of all: "Bats use echolocation" in "Some species of bats use
# echolocation", "The region's farmers grow wheat" in "Most of the region's farmers grow wheat"
_SCOPED = re.compile(
    r"(?<!\bat )(?<!\bthe )\b(some|many|several|certain|a few|few|most)\s+"
    r"(?:(?:species|kinds|types|forms|sorts|varieties|strains|members|parts)\s+)?(?:of\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
# an aside between commas, read past: "It is not true, as many visitors believe, that ..."
_ASIDE = re.compile(r",[^,;:]{1,80},\s*")
# ... or an aside that denies what follows: "It is widely believed, though not true, that the wall is visible"
_DENYING_ASIDE = re.compile(
    r",[^,;:]{0,40}?\b(not true|untrue|false|wrongly|mistakenly|incorrectly|a myth)\b[^,;:]{0,40},\s*that\s+$",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_LOOK_BACK = 200  # characters before the match where its frame may lie


def _sentence_before(source: str, start: int) -> str:
    """The words of `source`'s sentence before offset `start` (at most `_LOOK_BACK` characters); a match that starts
    inside a word (a fuzzy alignment's start) starts at that word."""
    before = _SENTENCE_END.split(source[max(0, start - _LOOK_BACK) : start])[-1]
    return re.sub(r"[\w'’-]+$", "", before)


def ending_frame(before: str) -> str | None:
    """The frame (lower case, without a comma closing it) that `before` ends with, at most two words after it, or a
    "not" right at its end; read past an aside between commas ("It is not true, as many believe, that"). None when
    there is none."""
    m = _FRAMED.search(before) or _NOT_BEFORE.search(before) or _FRAMED.search(_ASIDE.sub(" ", before))
    m = m or _DENYING_ASIDE.search(before)
    return None if m is None else " ".join(m.group(1).lower().split()).rstrip(",")


# a claim stating a scope or a bound of its own ("Several bat species ...", "over half of ...") is read as it is
_CLAIM_SCOPE = re.compile(r"\b(?:some|many|several|certain|few|most|all|every|each|none|not all|only)\b", re.IGNORECASE)
_CLAIM_BOUND = re.compile(
    r"\b(?:than|least|most|up to|over|under|about|around|nearly|almost|roughly|approximately)\b", re.IGNORECASE
)


def unasserted_frame(source: str, start: int, claim: str = "") -> str | None:
    """The frame (lower case) that the words of `source` before offset `start`, in the same sentence, end with: the
    match at `start` is asked, denied or supposed there, not asserted. Or what the match is said of that `claim`
    leaves out: the quantifier before it ("some", "most of the", "some species of"; not "some" before a number, which
    is "about"), or the bound before the number it opens with ("fewer than", "at most"), unless the claim states a
    scope or bound itself; or the "no" before the comparison it opens with ("no fewer than"). None when there is
    none."""
    before = _sentence_before(source, start)
    number = _NUMBER_FIRST.match(source, start) is not None
    scoped = None if _CLAIM_SCOPE.search(claim) else _SCOPED.search(before)
    if scoped is not None and not (number and scoped.group(1).lower() == "some"):
        return scoped.group(1).lower()
    bound = _BOUND_BEFORE.search(before) if number and not _CLAIM_BOUND.search(claim) else None
    if bound is not None:
        return " ".join(bound.group(1).lower().split())
    if _NO_BEFORE.search(before) is not None and _COMPARISON_FIRST.match(source, start) is not None:
        return "no"  # "No fewer than 40" is "at least 40": the copy's "fewer than 40" turned round
    return ending_frame(before)


# a condition ("if", "unless", "provided that", ...), not a concession ("even if", "even when") nor "as if"
_CONDITION = r"if|unless|only if|provided(?: that)?|providing(?: that)?|as long as|so long as|in the event that|in case"
# ... or an exception, which the claim stating the rule leaves out: "All museums in the city are open on Mondays" from
# "... on Mondays except the National Gallery", "The warranty covers all parts" from "... all parts except the battery"
_EXCEPTION = r"except|excepting|excluding|other than|apart from|aside from|save for|with the exception of|barring"
_CONDITION_OR_EXCEPTION = rf"{_CONDITION}|{_EXCEPTION}"
# the sentence opens with the condition, which closes with a comma just before the match
_OPENING = re.compile(rf"^\W*(?:(?:but|and|so|then)\s+)?({_CONDITION_OR_EXCEPTION})\b[^.;:!?]*,\s*$", re.IGNORECASE)
# ... or opens with words that set a condition only there ("Subject to approval, the deal will close in May", "Pending
# a final vote, the tax will rise", "In the event of a draw, the match goes to penalties"): after the match they
# mostly qualify a deed that is done ("was released pending trial", "approved subject to conditions")
_OPENING_ONLY_CONDITION = (
    r"subject to|pending|in the event of|assuming(?: that)?|on condition that|conditional (?:on|upon)|"
    r"contingent (?:on|upon)"
)
_OPENING_ONLY = re.compile(
    rf"^\W*(?:(?:but|and|so|then)\s+)?({_OPENING_ONLY_CONDITION})\b[^.;:!?]*,\s*$", re.IGNORECASE
)
# ... of which "subject to" and "pending" qualify a deed done ("Pending trial, the suspect was released on bail")
_QUALIFYING = frozenset({"subject to", "pending"})
_DONE = re.compile(r"\b(?:was|were|had|did)\b", re.IGNORECASE)
# ... or the condition follows the match at once
_FOLLOWING = re.compile(rf"^\s*,?\s*({_CONDITION_OR_EXCEPTION})\b", re.IGNORECASE)
# a condition or exception of the claim's own, or its conditional mood: it states nothing as fact
_CLAIM_CONDITION = re.compile(
    rf"\b(?:{_CONDITION_OR_EXCEPTION}|{_OPENING_ONLY_CONDITION}|when(?:ever)?|would|could|might)\b", re.IGNORECASE
)
# ... and "besides", "but" state an exception ("All museums but the National Gallery are open")
_CLAIM_EXCEPTION = re.compile(r"\b(?:besides|but)\b", re.IGNORECASE)
_WORD_CHARS = re.compile(r"[\w'’-]")
# a negated match that a "without" follows forbids only what lacks it: the claim forbids it all
_NEGATED = re.compile(r"\b(?:not|never|no|cannot)\b|n['’]t\b", re.IGNORECASE)
_WITHOUT = re.compile(r"^\s*,?\s*(without)\b", re.IGNORECASE)


def dropped_condition(source: str, start: int, end: int, claim: str) -> str | None:
    """The condition or exception (lower case: "if", "unless", "provided that", "except", "other than") that the
    sentence of `source` holding the match `[start:end]` sets on it and `claim` leaves out: the sentence opens with
    it, closed by a comma just before the match, or it follows the match at once; or "without" after a negated
    match. None when there is none, or the claim states a condition or exception itself or keeps the conditional
    mood ("would", "could", "might")."""
    if _CLAIM_CONDITION.search(claim):
        return None
    before = _sentence_before(source, start)
    m = _OPENING.search(before)
    if m is None and (only := _OPENING_ONLY.search(before)) is not None:
        said = " ".join(only.group(1).lower().split())
        m = None if said in _QUALIFYING and _DONE.search(source[start:end]) else only
    if m is None:
        after = source[end : end + _LOOK_BACK]
        if 0 < end < len(source) and _WORD_CHARS.match(source[end - 1]) and _WORD_CHARS.match(source[end]):
            after = re.sub(r"^[\w'’-]+", "", after)  # a match that ends inside a word ends at that word
        m = _FOLLOWING.match(after)
        if m is None and _NEGATED.search(source[start:end]):
            m = _WITHOUT.match(after)  # "should not take the drug" from "... without consulting a doctor"
    if m is None or (re.fullmatch(_EXCEPTION, m.group(1).lower()) and _CLAIM_EXCEPTION.search(claim)):
        return None
    return " ".join(m.group(1).lower().split())


_OPENS_CONDITION = re.compile(rf"^(?:{_CONDITION_OR_EXCEPTION})\b")


def condition_opening(left_out: Sequence[str]) -> str | None:
    """The condition or exception ("only if", "unless", "except") that the words a copy leaves out of its sentence's
    middle (lower case) open with: "The bonus is paid at the end of the year" from "The bonus is paid only if the
    employee is still with the company at the end of the year". None when they open with none."""
    m = _OPENS_CONDITION.match(" ".join(left_out))
    return None if m is None else m.group(0)
