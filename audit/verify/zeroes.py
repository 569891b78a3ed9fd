"""A count of zero said as "no" (the false-alarm sweep, round 20): "The company made zero profit" against "The
company made no profit" was `negation_mismatch` (the one side negates, the other not) and `direction_mismatch` ("no
profit" is read as a loss, "zero profit" as a profit). Read by `states.said_as_state`: `plain` says "zero" (or "0")
before a word that `negated` says "no" (or "not any") before, its plural or singular ("zero deaths" / "no death");
a word the two do not share, or "no" of anything else, keeps the mismatch ("zero profit" against "no revenue", "made a
profit" against "made no profit"). `direction.py` reads "zero" before a word of a side as it reads "no".
Pure."""

from __future__ import annotations

import re

_ZERO = re.compile(r"\b(?:zero|0)\s+([a-z]+)\b", re.IGNORECASE)
_NO = re.compile(r"\b(?:no|not\s+any|n['’]t\s+any)\s+([a-z]+)\b", re.IGNORECASE)


def _stem(word: str) -> str:
    return word.lower().removesuffix("s")


def zero_said_as_no(negated: str, plain: str) -> bool:
    """Whether `plain` says "zero X" of a word X that `negated` says "no X" of ("zero profit" / "no profit")."""
    zeros = {_stem(m.group(1)) for m in _ZERO.finditer(plain)}
    return bool(zeros) and any(_stem(m.group(1)) in zeros for m in _NO.finditer(negated))
