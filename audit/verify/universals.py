"""A negated universal said by its opposite (the false-alarm sweep, round 19): "No one survived the crash" against
"All passengers died in the crash", "None of the students failed" against "All the students passed", and "Not all
members agreed" against "Some members disagreed". Each was `negation_mismatch`: the one side negates, the other not.
Read by `states.said_as_state`: "no one" / "none" / "nobody" before a verb, where the other side says "all" (or
"every", "everyone") and the verb's opposite; "not all" / "not every" before a verb, where the other side says "some"
(or "several", "a few", "many") and its opposite; neither where the plain side states the denied verb itself or
negates ("Some passengers died", "All passengers survived", "All the students did not pass" keep the mismatch), nor of
another subject ("No passenger survived" against "All crew members died").
Pure."""

from __future__ import annotations

import re

from audit.extract.firstchars import compile_skipping

# a verb (its forms) and its opposite's forms
_OPPOSITES: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = tuple(
    (frozenset(words.split()), re.compile(rf"\b(?:{opposite})\b", re.IGNORECASE))
    for words, opposite in (
        ("survive survived survives", r"died|die|dies|(?:was|were)\s+killed|perished|lost\s+their\s+lives"),
        ("pass passed passes", r"failed|fail|fails"),
        ("fail failed fails", r"passed|pass|passes|succeeded"),
        ("succeed succeeded succeeds", r"failed|fail|fails"),
        ("agree agreed agrees", r"disagreed|disagree|disagrees|objected|object|objects"),
        ("win won wins", r"lost|lose|loses|f[ae]ll(?:s)?\s+short|(?:was|were)\s+defeated"),
        ("attend attended attends", r"missed|skipped|(?:was|were)\s+absent"),
        ("support supported supports", r"opposed|oppose|opposes"),
        ("vote voted votes", r"abstained"),
        # round 20: an objection none made is an approval by all; what none remain of, all were taken
        ("object objected objects", r"approved|accepted|endorsed|backed|supported|agreed"),
        ("remain remained remains", r"sold|taken|claimed|gone|used\s+up"),
    )
)
_VERBS = "|".join(sorted({w for words, _ in _OPPOSITES for w in words}))
_HELPER = r"(?:(?:has|have|had|was|were|is|are|did|does|do)\s+)?"
_NONE = compile_skipping(
    rf"\b(?:no\s+one|nobody|none|no)\b((?:\s+[a-z]+){{0,4}}?)\s+{_HELPER}({_VERBS})\b", re.IGNORECASE
)
_NOT_ALL = compile_skipping(
    rf"\bnot\s+(?:all|every(?:one|body)?)\b((?:\s+[a-z]+){{0,4}}?)\s+{_HELPER}({_VERBS})\b", re.IGNORECASE
)
_NOT_SUBJECT = frozenset("of the its their his her our these those on board".split())
_STEM = 4  # letters a subject's word and the plain side's share: "passenger" / "passengers"
# "unanimously" says all (round 20: "No one objected" against "The plan was approved unanimously")
_ALL = re.compile(r"\b(?:all|every|everyone|everybody|unanimous(?:ly)?)\b", re.IGNORECASE)
_SOME = re.compile(r"\b(?:some|several|a\s+few|many)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|never|no|none|nobody|neither|nor)\b|n['’]t\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")


def _opposite_said(m: re.Match[str], plain: str, quantifier: re.Pattern[str]) -> bool:
    """Whether `plain`, negating nothing and stating no form of the verb `m` denies, says `quantifier` and the verb's
    opposite, of the subject `m` names if it names one ("none of the crew": a word of "crew"; "no one": anyone)."""
    if _NEGATION.search(plain) is not None or quantifier.search(plain) is None:
        return False
    said = set(_WORD.findall(plain.lower()))
    subject = {w[:_STEM] for w in _WORD.findall(m.group(1).lower()) if w not in _NOT_SUBJECT}
    if subject and not subject & {w[:_STEM] for w in said}:  # "No passenger survived" / "All crew members died"
        return False
    verb = m.group(2).lower()
    return any(verb in words and not words & said and opposite.search(plain) for words, opposite in _OPPOSITES)


def universal_said_otherwise(negated: str, plain: str) -> bool:
    """Whether `negated` denies a verb of everyone ("no one survived") that `plain` says all did the opposite of
    ("all passengers died"), or of some ("not all agreed") that `plain` says some did the opposite of."""
    if any(_opposite_said(m, plain, _ALL) for m in _NONE.finditer(negated)):
        return True
    return any(_opposite_said(m, plain, _SOME) for m in _NOT_ALL.finditer(negated))
