"""A thing said to be allowed, present or charged where the source calls the place or the product free of it: "Smoking
is allowed in the rooms" against "All rooms are smoke-free", "Guests may smoke in their rooms", "Tobacco use is
permitted on campus" against "The campus has been tobacco-free since 2015", "The bread contains gluten" against "The
bread is gluten-free", "Drivers pay a toll on the bridge" against "The bridge is toll-free".

The claim's words are the source's but for the compound, which no other rule reads as a word of one side (let-in
round 15: each was `verified`). Here a window sentence's "X-free", "non-X" or "no-X" after a copula (`_FREE`; "are
non-smoking", not "sugar-free drinks are sold alongside regular ones") against a claim clause that, with no
negation, says X allowed ("smoking is allowed", "allows smoking", "may smoke"), present ("contains gluten", "made
with nuts", "alcohol is sold") or, for a charge (`_CHARGES`: fee, tax, toll, ...), paid ("pay a toll", "are charged
a fee"); X's word in the claim is X or a form of it ("smoking", "smokers" for "smoke"), and the claim and the
sentence share another content word ("rooms"). Not where a window sentence says so too outside the compound
("smoke-free rooms; smoking is allowed on the terrace"), nor a claim that has the compound or a negation. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.pending import _FUNCTION, _WORD
from audit.verify.text import stop_split

# "smoke-free", "non-smoking", "no-smoking" (a compound that says the place or product is free of X)
# said of the place or product itself, after a copula ("the rooms are smoke-free", "has been entirely car-free"), not
# of some of its things ("sugar-free drinks are sold alongside regular ones": a shop that sells drinks with sugar)
_FREE = re.compile(
    r"\b(?:is|are|was|were|be|been|remains?|remained|became|becomes?)\s+(?:[a-z]+\s+)?"
    r"(?:([a-z]{3,})-free|no[n]?-([a-z]{3,}ing))\b",
    re.IGNORECASE,
)
# "X-free" that says no X is needed, or something else: not "free of X"
_NOT_FREE = frozenset("hands care fancy worry hassle trouble stress pain risk error maintenance".split())
# charges that a payment contradicts the freedom from ("toll-free", "fee-free", "tax-free", "rent-free")
_CHARGES = frozenset("fee fees tax duty toll rent interest charge commission royalty".split())
_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nor|without|banned|bans?|prohibit\w*|forbid\w*|forbidden)\b|n['’]t\b|\w-free\b",
    re.IGNORECASE,
)
_GAP = r"(?:\s+[\w'’-]+){0,2}?"  # up to two words between (an article, a possessive, an adjective)
# X allowed or present: X's word before "is allowed", after "allows", after "may" / "can" as a verb, after
# "contains", "with", "made with", "serves", "uses"; and paid, for a charge
_ALLOWED_AFTER = (
    r"(?:is|are|was|were|be|been)\s+(?:still\s+|also\s+|widely\s+)?(?:allowed|permitted|tolerated|welcome|legal|sold|"
    r"served|available|offered|included|present|used|on\s+sale)"
)
_ALLOWED_BEFORE = (
    r"\b(?:allows?|allowed|allowing|permits?|permitted|permitting|tolerates?|welcomes?|contains?|containing|contained|"
    r"includes?|including|included|uses?|using|used|serves?|served|sells?|sold|accepts?|accepted|with|has|have|had)"
)
_MODAL = r"\b(?:may|can|could|are\s+free\s+to|is\s+free\s+to)"
_PAID_BEFORE = r"\b(?:pays?|paid|paying|charges?|charged|charging|levy|levies|levied|owe|owes|subject\s+to)"


def _word(x: str) -> str:
    """A regular expression over X's forms: "smoke" -> "smoke", "smoking", "smokers"; "nut" -> "nut", "nuts"."""
    x = x.lower()
    if len(x) <= 4 and not x.endswith("e"):
        return rf"{re.escape(x)}(?:s|es)?(?!-)"
    return rf"{re.escape(x.removesuffix('e'))}\w*(?!-)"


def _says(x: str, clause: str) -> str | None:
    """The words of `clause` that say X allowed, present or (a charge) paid, or None."""
    w = _word(x)
    patterns = [
        rf"\b{w}{_GAP}\s+{_ALLOWED_AFTER}\b",
        rf"{_ALLOWED_BEFORE}{_GAP}\s+{w}\b",
        rf"{_MODAL}\s+{w}\b",
    ]
    if x.lower() in _CHARGES:
        patterns += [rf"{_PAID_BEFORE}{_GAP}\s+{w}\b", rf"\b{w}{_GAP}\s+(?:is|are|was|were)\s+(?:charged|payable)\b"]
    for p in patterns:
        m = re.search(p, clause, re.IGNORECASE)
        if m is not None:
            return m.group()
    return None


def _about_same(claim: str, sentence: str, x: str) -> bool:
    """Whether the claim and the sentence share a content word besides X's ("rooms", "campus", "bread")."""
    forms = re.compile(_word(x), re.IGNORECASE)
    words = [{w for w in _WORD.findall(t.lower()) if len(w) > 3 and w not in _FUNCTION} for t in (claim, sentence)]
    return any(forms.fullmatch(w) is None for w in words[0] & words[1])


def may_say_free(text: str) -> bool:
    """A first look for `_FREE`: it needs "-free", "no-" or "non-" (no other character folds to their letters)."""
    low = text.lower()
    return "-free" in low or "no-" in low or "non-" in low


def said_free_of(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's words that say X allowed, present or paid and the windows' compound that says the place is free
    of it, as a reason's detail ("smoking is allowed/smoke-free"); None otherwise."""
    if _NEGATION.search(claim) is not None:
        return None
    windows = list(windows)
    if not any(may_say_free(w) for w in windows):
        return None
    sentences = [s for w in windows for s in stop_split(w, semicolons=True)]
    for sentence in sentences:
        for m in _FREE.finditer(sentence):
            x = m.group(1) or m.group(2)
            if x.lower() in _NOT_FREE:
                continue
            said = _says(x, claim)
            if said is None or not _about_same(claim, sentence, x):
                continue
            # a window that says it too, outside the compound ("smoking is allowed on the terrace")
            if any(_says(x, s) is not None and _NEGATION.search(_says(x, s) or "") is None for s in sentences):
                continue
            compound = m.group().split()[-1].lower()
            return f"{' '.join(said.lower().split())}/{compound}"
    return None
