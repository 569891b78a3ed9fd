"""A bound said with a negation (the false-alarm sweep, round 12): "no more than 25 euros" is "at most 25 euros",
"not less than 40" is "at least 40", "no younger than 18" is "18 or older" ("The remote will cost at most 25 euros"
against "will cost not more than 25 euros" was negation_mismatch, "At least 40 people died" against "No fewer than
40 people died" the same). Read by `states.said_as_state` as one negation said two ways: only where the other side
states the same bound in plain words ("at most", "up to", "or less", "a maximum of"; "at least", "or more", "a
minimum of") and the negated side negates nothing else ("The remote will not work and costs no more than 25 euros"
keeps its mismatch). "more than 25 euros" against "not more than 25 euros" is no bound said otherwise: it keeps its
mismatch. Pure."""

from __future__ import annotations

import re

_NOT = r"\b(?:no|not|never)\s+"
_UPPER_NEGATED = re.compile(
    _NOT
    + r"(?:more|greater|higher|larger|bigger|longer|older|over|above)\s+than\b|\bnot\s+(?:exceed(?:ing)?|above|over)\b",
    re.IGNORECASE,
)
_LOWER_NEGATED = re.compile(_NOT + r"(?:less|fewer|lower|smaller|shorter|younger|under|below)\s+than\b", re.IGNORECASE)
_UPPER = re.compile(
    r"\bat\s+(?:the\s+)?most\b|\bup\s+to\b|\bor\s+(?:less|fewer|under|below|lower|younger)\b|"
    r"\b(?:a\s+)?maximum\s+(?:of\s+)?(?=[$€£\d])|\bcapped\s+at\b",
    re.IGNORECASE,
)
_LOWER = re.compile(
    r"\bat\s+(?:the\s+)?least\b|\bor\s+(?:more|above|over|higher|older)\b|\b(?:a\s+)?minimum\s+(?:of\s+)?(?=[$€£\d])",
    re.IGNORECASE,
)

# any other negation of the negated side (its own list, wide: a bound beside another negation waives nothing)
_OTHER_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|cannot|without|fail(?:s|ed)?\s+to)\b|n['’]t\b", re.IGNORECASE
)


def bound_said_otherwise(negated: str, plain: str) -> bool:
    """Whether `negated` negates only by a bound ("no more than", "not less than") that `plain` states in plain
    words ("at most", "at least")."""
    found = False
    rest = negated
    for said, plain_form in ((_UPPER_NEGATED, _UPPER), (_LOWER_NEGATED, _LOWER)):
        if said.search(rest) is not None:
            if plain_form.search(plain) is None:
                return False
            found, rest = True, said.sub(" ", rest)
    return found and _OTHER_NEGATION.search(rest) is None
