"""Which clause of an evidence window a negation belongs to. Pure.

A window of up to three sentences is read as negated when any of it negates, so a supported claim restating one
clause was capped by a negation in another clause the claim does not restate: "There is no overall charge to a water
molecule, but there is a slight positive charge on each hydrogen atom" for "Hydrogen atoms in water have a slight
positive charge", "Although peaches are not native to Georgia, peaches are the official state fruit" for "Peaches
are the official state fruit of Georgia" (the training pairs' supported claims held many such), "The bridge, which
had not been inspected since 2010, collapsed in 2019" for "The bridge collapsed in 2019". A window's negation counts
for a claim unless the claim is restated by a plain clause: one that shares most of the claim's content words and
strictly more of them than every negated clause. Clauses are the window's sentences, split at a semicolon, at a
coordinating or concessive conjunction after a comma ("..., but", "..., whereas", "..., although"), after a leading
concessive clause ("Although ..., ..."), before an "and" that opens a negated verb ("The café is cash only and does
not accept cards" for "The café only takes cash": leftovers, round 15), and around an aside: a relative clause
between commas (", which had not been inspected since 2010,") or a "not" that excepts ("is on Tuesday, not
Wednesday"). Not at every comma: a reported-speech insert ("Prices, the company said on Monday, would not rise")
would leave the negated verb alone in its clause. A claim closer to the negated clause ("A water molecule has an
overall charge", "Peaches are native to Georgia", "The meeting is on Wednesday") keeps the mismatch, and so does a
tie. Nor does a negation count whose sentences name none of the claim's content words, each naming words of its own
("Anyone can review it and make sure there are no bugs or back doors." for "Linux is known for its security", "The
study showed that audiences are not powerless and passive." beside Lazarsfeld's opinion leaders): it negates
something the claim does not speak of. Sentences, not clauses: a clause of the sentence naming the claim's subject
may negate its predicate in other words ("... in Athens and never visited the place" for "Aristotle spent time in
Athens"). A negated sentence naming fewer than two words ("It did not.": it points back at what it negates) keeps
the mismatch.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from audit.verify.text import content_words

# a sentence's end or a semicolon; a comma before a conjunction that joins two clauses; the comma that ends a leading
# concessive clause; an "and" before a negated verb of the same subject ("is cash only and does not accept cards")
_BOUNDARY = re.compile(
    r"(?<=[.!?;])\s+|;\s*|,\s*(?=(?:but|yet|whereas|while|although|though|however|so|therefore|thus|hence)\b)|"
    r"\s+(?=and\s+(?:(?:does|do|did|is|are|was|were|has|have|had|will|would|can|could|should|must)"
    r"(?:\s+not\b|n['’]t\b)|never\b|cannot\b))",
    re.IGNORECASE,
)
_LEADING = re.compile(r"^\s*((?:although|though|while|whereas|even\s+though)\b[^,]{1,200}),\s*(.+)$", re.I | re.S)

RESTATED_SHARE = 0.5  # a plain clause restates the claim when it holds more than this share of its content words


# an aside inside a clause: a relative clause between commas ("The bridge, which had not been inspected, collapsed")
# and a "not" that excepts what follows it ("is on Tuesday, not Wednesday"): each is a clause of its own, taken out
# of the clause around it
_RELATIVE = r",\s*((?:which|who|whose)\b[^,;]{1,200}),"
_EXCEPT = r",\s*(not\s+[^,;.!?]{1,60})(?=[,;.!?]|$)"
_ASIDES = re.compile(f"{_RELATIVE}|{_EXCEPT}", re.IGNORECASE)


@dataclass(frozen=True)
class Clause:
    text: str
    excepts: bool = False  # a "not" aside: what it names is what the sentence says is not so


def clauses(text: str) -> list[Clause]:
    """The clauses of `text`, in order (an aside after the clause it is taken out of)."""
    out: list[Clause] = []
    for part in _BOUNDARY.split(text):
        m = _LEADING.match(part)
        for clause in [m.group(1), m.group(2)] if m else [part]:
            asides = [
                Clause(a.group(1), False) if a.group(1) else Clause(a.group(2), True) for a in _ASIDES.finditer(clause)
            ]
            out.extend([Clause(_ASIDES.sub(" ", clause)), *asides] if asides else [Clause(clause)])
    return [c for c in out if c.text.strip()]


MIN_NAMED = 2  # content words a negated sentence names of its own to say what it negates (not "It did not.")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def negation_bears_on_claim(claim: str, window: str, negated: Callable[[str], bool]) -> bool:
    """Whether a negation of `window` (which `negated` reads) is about what `claim` says: no plain clause restates
    the claim (`restated_in_plain_clause`), and a negated sentence names a content word of the claim or too few of
    its own to tell what it negates (or no sentence reads as negated alone)."""
    if restated_in_plain_clause(claim, window, negated):
        return False
    words = content_words(claim)
    against = [content_words(s) for s in _SENTENCE_END.split(window) if s.strip() and negated(s)]
    return not words or not against or any(len(named) < MIN_NAMED or named & words for named in against)


def restated_in_plain_clause(claim: str, window: str, negated: Callable[[str], bool]) -> bool:
    """Whether a clause of `window` that does not negate (`negated` is false) restates `claim`: it holds more than
    RESTATED_SHARE of the claim's content words and more of them than each clause that negates; and the claim names
    nothing a "not" aside excepts ("The meeting is on Wednesday" against "is on Tuesday, not Wednesday": two of its
    three words are the plain clause's, its day the aside's)."""
    words = content_words(claim)
    if not words:
        return False
    parts = clauses(window)
    if len(parts) < 2 or any(c.excepts and words & content_words(c.text) for c in parts):
        return False
    shared = [(len(words & content_words(c.text)), negated(c.text)) for c in parts]
    plain = max((n for n, neg in shared if not neg), default=0)
    against = max((n for n, neg in shared if neg), default=0)
    return plain > RESTATED_SHARE * len(words) and plain > against
