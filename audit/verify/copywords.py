"""The words and sentences a claim and its source are compared in, word for word (`swaps.swapped_words`): each word
lower case without accents, a number without its thousands commas, "didn't" as "did not", "9 a.m." as "9 am", and
whether it was written with a capital; a source split into sentences at their stops (not a title's: "Dr. Lee").
Split from swaps.py (the false-alarm sweep, round 15). Pure."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from audit.verify.keyfacts import ascii_digits
from audit.verify.outcomes import placed_as_ordinal
from audit.verify.textcache import text_cache

_TOKEN = re.compile(r"[$€£¥%]|\d+(?:st|nd|rd|th)\b|\d+(?:[.,]\d+)*|[^\W\d_]+")
_NOT = re.compile(r"n['’]t\b", re.IGNORECASE)  # "didn't" is "did not"
# a title's stop ends no sentence: "The committee appointed Dr. Lee as chair after Professor Park declined" split
# after "Dr." read no copy, so the two names in each other's place were no swap
_TITLES = ("Dr", "Mr", "Mrs", "Ms", "Prof", "St", "Mt", "Jr", "Sr", "Gen", "Col", "Lt", "Sgt", "Rev", "Gov", "Sen")
# (the stop first: tried at every character, the sixteen title lookbehinds before it made the split ~4x slower)
_SENTENCE_END = re.compile(r"(?<=[.!?])" + "".join(rf"(?<!\b{t}\.)" for t in _TITLES) + r"\s+|\n+")
CLOSERS = " \t\"'”’)]*"  # what may follow a sentence's last mark


@dataclass(frozen=True, slots=True)  # hundreds of thousands a pass: no __dict__ each
class Word:
    low: str  # lower case; a number without its thousands commas or zero decimals
    capital: bool  # written with a capital


def _number(word: str) -> str:
    plain = word.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", word) else word
    return plain.rstrip("0").rstrip(".") if re.fullmatch(r"\d+\.\d+", plain) else plain


def fold(word: str) -> str:
    """Lower case without accents: "Vázquez" is "vasquez"'s spelling, not another name."""
    if word.isascii():  # most words: no accent to take off (NFKD leaves ASCII as it is)
        return word.lower()
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


_MERIDIEM = re.compile(r"\b([ap])\.\s?m\.", re.IGNORECASE)  # "9 a.m." is "9 am", one word against "pm"
# "~500" is "about 500": the splitter dropped the "~", so a copied sentence's "498" was swapped:500/498 (the
# false-alarm sweep, round 17)
_TILDE = re.compile(r"[~≈]\s?(?=\d)")


# cached: a source's sentences recur in each claim's windows (AB dev's first 400 answers: 6,259 read, 2,109 distinct)
@text_cache(max_chars=2_000_000, max_entries=16384)  # a tuple: callers take a list of their own
def words(text: str) -> tuple[Word, ...]:
    """The words of `text`, each lower case without accents (a number plain), and whether it had a capital."""
    text = placed_as_ordinal(_MERIDIEM.sub(r"\1m", _NOT.sub(" not", ascii_digits(text))))
    if "~" in text or "≈" in text:
        text = _TILDE.sub(" about ", text)
    return tuple(Word(_number(w) if w[0].isdigit() else fold(w), w[0].isupper()) for w in _TOKEN.findall(text))


# ... and one before a lower-case word ends no sentence: "9 a.m. on weekdays"
_MERIDIEM_MID = re.compile(_MERIDIEM.pattern + r"(?=\s+[a-z])", re.IGNORECASE)


def sentences(windows: Iterable[str]) -> list[str]:
    """The distinct sentences of `windows`, in order."""
    return list(
        dict.fromkeys(s for w in windows for s in _SENTENCE_END.split(_MERIDIEM_MID.sub(r"\1m", w)) if s.strip())
    )
