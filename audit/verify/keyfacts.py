"""Key facts of a claim (numbers, dates, names) and which of them a source lacks. Pure functions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

# Scripts written without spaces between a number and its word (kana, CJK ideographs, Hangul syllables, Thai, Lao,
# Myanmar, Khmer): their letters are word characters, so `90天` (90 days) held no number and a claim whose figure was
# changed against its source's `30天` had no missing_number (verified, GREEN). A number may touch them.
_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_NUMBER = re.compile(rf"(?<![^\W{_UNSPACED}])(?<!\.)[-+]?\d[\d,]*(?:\.\d+)?%?(?![^\W{_UNSPACED}])")
# a scale word after a number is part of it: "$5 million" is not "$5 billion", and "2.5 million" is 2,500,000
# (and "5 mln" is "5 million"; a bare "m" or "k" is left alone: "5 m" may be metres)
_SCALES = {"thousand": 3, "million": 6, "mln": 6, "mn": 6, "billion": 9, "bln": 9, "bn": 9, "trillion": 12, "tn": 12}
_SCALE = re.compile(rf"\s*({'|'.join(_SCALES)})\b", re.IGNORECASE)
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_DATE = re.compile(rf"\b(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b", re.IGNORECASE)
_MONTH = re.compile(_MONTHS, re.IGNORECASE)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-zA-Z]+(?:[-'][A-Z]?[a-z]+)?\b")
_COMMON_CAPS = frozenset(
    "The A An In On At For And But Or If It Its This That These Those He She They We You I Our Your Their His Her"
    " As By From With To Of Also However".split()
)


@dataclass(frozen=True)
class KeyFacts:
    numbers: tuple[str, ...]
    dates: tuple[str, ...]
    names: tuple[str, ...]

    def count(self) -> int:
        return len(self.numbers) + len(self.dates) + len(self.names)


def _norm_number(n: str) -> str:
    return n.replace(",", "").rstrip("%").lstrip("+")


def _numbers(text: str) -> Iterator[tuple[str, str | None]]:
    """Each number of `text`, normalised, with the scale word after it (`million`, ...) or None."""
    for m in _NUMBER.finditer(text):
        scale = _SCALE.match(text, m.end())
        yield _norm_number(m.group()), scale.group(1).lower() if scale else None


def _scaled(number: str, scale: str) -> str:
    """The value of `number scale` written in full: 2.5 million -> 2500000 (the number as is when not decimal)."""
    try:
        return format((Decimal(number) * 10 ** _SCALES[scale]).normalize(), "f")
    except InvalidOperation:
        return number


def key_facts(claim: str) -> KeyFacts:
    dates = tuple(dict.fromkeys(m.group() for m in _DATE.finditer(claim)))
    numbers = tuple(dict.fromkeys(f"{n} {scale}" if scale else n for n, scale in _numbers(claim)))
    names = tuple(
        dict.fromkeys(
            m.group()
            for m in _NAME.finditer(claim)
            if m.group() not in _COMMON_CAPS and m.start() > 0 and not _MONTH.fullmatch(m.group())
        )
    )
    return KeyFacts(numbers=numbers, dates=dates, names=names)


@lru_cache(maxsize=2048)
def _source_facts(source: str) -> tuple[frozenset[str], str]:
    """The numbers of a source and its lower-cased text (cached: a source is checked against many claims). A number
    with a scale word is there as written (`5 million`), in full (`5000000`) and bare (`5`)."""
    numbers: set[str] = set()
    for n, scale in _numbers(source):
        numbers.add(n)
        if scale:
            numbers |= {f"{n} {scale}", _scaled(n, scale)}
    return frozenset(numbers), source.lower()


def _has_number(number: str, src_numbers: frozenset[str]) -> bool:
    """Whether a claim's number is among its source's: `5 million` as written or in full, never the bare 5."""
    if number in src_numbers:
        return True
    n, _, scale = number.partition(" ")
    return bool(scale) and _scaled(n, scale) in src_numbers


def missing_facts(facts: KeyFacts, source: str) -> list[str]:
    """Reasons such as `missing_number:1281` for facts of the claim absent from the source."""
    src_numbers, low = _source_facts(source)
    out = [f"missing_number:{n}" for n in facts.numbers if not _has_number(n, src_numbers)]
    for d in facts.dates:
        day = re.search(r"\d{1,2}", d)
        month = d.split()[0].lower().rstrip(".")[:3]
        if month not in low or (day and day.group() not in src_numbers):
            out.append(f"missing_date:{d}")
    out += [f"missing_name:{n}" for n in facts.names if not _has_word(n.lower(), low)]
    return out


def _has_word(word: str, low: str) -> bool:
    """Whether `word` is in `low` as a whole word, not inside a longer one: "Ann" is not in "annabel", nor "Smith"
    in "goldsmith" (a substring test found them there, and a claim naming the wrong person was verified). A plural
    ("cnns" holds "CNN") counts; the word may touch the unspaced scripts, as a number may."""
    return re.search(rf"(?<![^\W{_UNSPACED}]){re.escape(word)}(?:e?s)?(?![^\W{_UNSPACED}])", low) is not None


def keyfact_coverage(facts: KeyFacts, missing: list[str]) -> float | None:
    """Share of key facts found; None when the claim states none (a missing measurement, not 0)."""
    total = facts.count()
    if total == 0:
        return None
    return (total - len(missing)) / total
