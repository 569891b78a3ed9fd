"""Words the negation reader (`audit.verify.features.is_negated`) takes for a negation that negate nothing the text
states. Pure.

- "not only ... but also" adds to what it says (so "wasn't merely a painter, nor just a teacher": she was one); nor
  "not far from" (a place), "cannot help but", "never-before-seen" (a compound), "No. 1" and, inside a sentence,
  "No 1" (number one: "went to No 1", "the No 7 shirt"; the false-alarm sweep, round 12).
- "No" in a name or a title, written with its capital inside a sentence, before another capitalised word: "... What
  Happens in Vegas (2005), and No Strings Attached (2011)", "Luxor, No Amon, Pharaoh Seti I", "It's No Good" (a
  single). A negation inside a sentence is written "no"; a sentence's first word ("No one came."), a word after a
  capitalised one ("Fed Signals No Rate Cut", a headline) are not read so. On the training pairs this "No" capped
  5 supported pairs' windows for a negation mismatch and 3 unsupported ones' (each unsupported for another fact:
  "What Happens in Vegas (2008)" against a claim's three films of 2005, a page's "No Result View All Result").
- "not until", "n't until": "It was not until 1945 ... that Parker's collaborations with Dizzy Gillespie ... had a
  substantial effect", "It wasn't until 1931 that the bridge opened": the event is stated, at that time (a claim
  dating it otherwise lacks the date). Not a verb's "not" with "until" after it ("did not open until 1931"): its
  negated verb is the other side of an opposition too (`direction`), which this reading does not change. On the
  training pairs it capped 3 supported pairs' windows and 1 unsupported one's ("It was not until the 1932 event
  that there was a serious injury" beside "The 1932 Australian Grand Prix was a motorsport race").
- Read against a claim, a "without" whose object the claim does not name (`without_unnamed`): "He remains in
  custody without charge" for "He remains in custody" (leftovers, round 15: `negation_mismatch`) says what the claim
  says, and more; a claim naming it ("He was charged", "He remains in custody with a charge") takes the "without".
"""

from __future__ import annotations

import re

from audit.verify.text import content_words

_NOT_ONLY = re.compile(
    r"(?:\bnot|n't|\bnor)\s+(?:only|just|merely)\b|\bnot\s+far\s+from\b|\bcannot\s+help\s+but\b|\bnever-before\b|"
    r"\bno\.\s*(?=\d)|(?-i:(?<=[a-z,] )No\s+(?=\d))",
    re.IGNORECASE,
)
# case-sensitive: the capital is what tells a name's "No" from a negation's "no"
_NAMED_NO = re.compile(r"(?<=[a-z,;] )No(?= [A-Z])")
# "not until 1945", "wasn't until 1931"
_NOT_UNTIL = re.compile(r"(?:\bnot|n't)\s+(?=until\b)", re.IGNORECASE)


def without_empty_negations(text: str) -> str:
    """`text` with each negation word that negates nothing it states blanked out (the reader only asks whether a
    negation is left)."""
    return _NOT_UNTIL.sub(" ", _NAMED_NO.sub(" ", _NOT_ONLY.sub(" ", text)))


# "without" and its object: up to four words, not past punctuation nor a conjunction ("without charge", "without
# a licence for years"; "left without a word and did not return" keeps its "not")
_WITHOUT = re.compile(r"\bwithout\s+((?:(?!(?:and|or|but|nor)\b)[a-z'’-]+\b\s*){1,4})", re.IGNORECASE)
_SHARED = 4  # first letters a claim's word and the object's share: "charg" (charged) / "charge"


def without_unnamed(text: str, claim: str) -> str:
    """`text` with each "without" blanked whose object names none of `claim`'s content words: "remains in custody
    without charge" against "He remains in custody". Not against a claim with a "without" of its own."""
    if _WITHOUT.search(claim) is not None:  # a claim with a "without" of its own is read against the window's
        return text
    stems = {w[:_SHARED] for w in content_words(claim)}

    def named(m: re.Match[str]) -> str:
        said = {w[:_SHARED] for w in re.findall(r"[a-z]+", m.group(1).lower()) if len(w) > 2}
        return m.group() if said & stems or not said else " " + m.group(1)

    return _WITHOUT.sub(named, text)
