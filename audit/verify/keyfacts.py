"""Key facts of a claim (numbers, dates, names) and which of them a source lacks. Pure functions."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from audit.verify.textcache import text_cache

# Scripts written without spaces between a number and its word (kana, CJK ideographs, Hangul syllables, Thai, Lao,
# Myanmar, Khmer): their letters are word characters, so `90天` (90 days) held no number and a claim whose figure was
# changed against its source's `30天` had no missing_number (verified, GREEN). A number may touch them.
_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_NUMBER = re.compile(rf"(?<![^\W{_UNSPACED}])(?<!\.)[-+]?\d[\d,]*(?:\.\d+)?%?(?![^\W{_UNSPACED}])")
# a scale word after a number is part of it: "$5 million" is not "$5 billion", and "2.5 million" is 2,500,000
# (and "5 mln" is "5 million"; a bare "m" or "k" is left alone: "5 m" may be metres)
_SCALES = {"thousand": 3, "million": 6, "mln": 6, "mn": 6, "billion": 9, "bln": 9, "bn": 9, "trillion": 12, "tn": 12}
_SCALE = re.compile(rf"\s*({'|'.join(_SCALES)})\b", re.IGNORECASE)
# a no-break, narrow no-break or thin space between digit groups (French, SI, typeset PDFs) is a thousands separator
_GROUP_SPACE = re.compile(r"(?<=\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))")
_MINUS_SIGN = "\u2212"  # typeset sources write a negative number with it: "−18" is -18
# a possessive name is looked up without its 's: "Apple's" is in a source naming Apple, "McDonald's" in "McDonalds"
_POSSESSIVE = re.compile(r"'s$")
_BROKEN_HYPHEN = re.compile(r"-[^\S\n]*\n\s*")
_ZERO_DECIMALS = re.compile(r"\.0+$")
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_DATE = re.compile(rf"\b(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b", re.IGNORECASE)
_MONTH = re.compile(_MONTHS, re.IGNORECASE)
# a date written in digits is one number: its parts looked up alone let "2020-03-03" pass against "2020-03-04"
_ISO_DATE = re.compile(r"(?<![\w./-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\w/-])")
_SLASH_DATE = re.compile(r"(?<![\w./-])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\w/-])")
# ... and a source's date in words is there in digits too (ISO, month/day/year and day/month/year)
# a month's first letter, tested before its 23 spellings are tried one by one at every character (a web page's dates
# in words were found 2.4x slower without it; the same matches: tests/verify/test_fast_paths.py)
_MONTH_INITIALS = "".join(sorted({m[0] for m in _MONTHS.split("|")}))
_MONTH_FIRST = re.compile(
    rf"(?=[{_MONTH_INITIALS}])\b({_MONTHS})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE
)
_DAY_FIRST = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTHS})\.?,?\s+(\d{{4}})\b", re.IGNORECASE)
_MONTH_NUMBER = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}
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
    """1,281 -> 1281, 5% -> 5, +3 -> 3, 3.0 -> 3 (only zero decimals go: 3.10 is not 3.1, a version)."""
    return _ZERO_DECIMALS.sub("", n.replace(",", "").rstrip("%").lstrip("+"))


def _digit_dates(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each date written in digits (2020-03-03, 03/03/2020) and its normalised form (2020-03-03, 3/3/2020)."""
    for m in _ISO_DATE.finditer(text):
        y, mo, d = m.groups()
        if 1 <= int(mo) <= 12 and 1 <= int(d) <= 31:
            yield m, f"{y}-{int(mo):02}-{int(d):02}"
    for m in _SLASH_DATE.finditer(text):
        a, b, y = m.groups()
        if 1 <= int(a) <= 31 and 1 <= int(b) <= 31 and min(int(a), int(b)) <= 12:
            yield m, f"{int(a)}/{int(b)}/{y}"


def _numbers(text: str) -> Iterator[tuple[str, str | None]]:
    """Each number of `text` in order, normalised, with the scale word after it (`million`, ...) or None; a date
    written in digits is one number."""
    text = _GROUP_SPACE.sub("", text).replace(_MINUS_SIGN, "-")
    dates = list(_digit_dates(text))
    found: list[tuple[int, str, str | None]] = [(m.start(), date, None) for m, date in dates]
    masked = list(text)
    for m, _ in dates:
        masked[m.start() : m.end()] = " " * (m.end() - m.start())
    rest = "".join(masked)
    for m in _NUMBER.finditer(rest):
        scaled = _SCALE.match(rest, m.end())
        found.append((m.start(), _norm_number(m.group()), scaled.group(1).lower() if scaled else None))
    for _, n, scale in sorted(found, key=lambda f: f[0]):
        yield n, scale


def _date_forms(source: str) -> set[str]:
    """A source's dates in every digit form a claim may use, and the parts of its digit dates as bare numbers
    ("2020-03-03" holds 3 as "March 3, 2020" states it)."""
    out: set[str] = set()
    for m, date in _digit_dates(source):
        out |= {date, *(str(int(g)) for g in m.groups())}
    words = [(mo, d, y) for mo, d, y in _MONTH_FIRST.findall(source)]
    words += [(mo, d, y) for d, mo, y in _DAY_FIRST.findall(source)]
    for mo, d, y in words:
        # casefold: the case-blind month pattern takes the long s (`ſeptember`, old print), which lower() keeps
        month, day = _MONTH_NUMBER.get(mo.casefold()[:3]), int(d)
        if month is not None and 1 <= day <= 31:
            out.add(f"{y}-{month:02}-{day:02}")
            for year in (y, y[2:]):
                out |= {f"{month}/{day}/{year}", f"{day}/{month}/{year}"}
    return out


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


@text_cache(max_chars=16_000_000, max_entries=2048)  # ~3 bytes a character: ~50 MB at most
def _source_facts(source: str) -> tuple[frozenset[str], str, str]:
    """The numbers of a source, its lower-cased text and that text for names: accents folded, a hyphen at a line
    break joined to the next line ("jean-\\nluc" is "jean-luc", as PDFs break it) (cached: a source is checked
    against many claims). A number
    with a scale word is there as written (`5 million`), in full (`5000000`) and bare (`5`)."""
    grouped = _GROUP_SPACE.sub("", source).replace(_MINUS_SIGN, "-")
    numbers = {_norm_number(m.group()) for m in _NUMBER.finditer(grouped)} | _date_forms(grouped)
    for n, scale in _numbers(source):
        numbers.add(n)
        if scale:
            numbers |= {f"{n} {scale}", _scaled(n, scale)}
    low = source.lower()
    return frozenset(numbers), low, _BROKEN_HYPHEN.sub("-", _fold(low))


def _fold(text: str) -> str:
    """`text` without accents: "zürich" -> "zurich" (composed or not; a Hangul syllable stays one)."""
    if text.isascii():  # most sources: nothing to fold (a web page's characters one by one cost ~10 ms)
        return text
    nfd = unicodedata.normalize("NFD", text)
    marks = {ord(c): None for c in set(nfd) if unicodedata.combining(c)}  # deleted in one pass, not char by char
    return unicodedata.normalize("NFC", nfd.translate(marks) if marks else nfd)


def _has_number(number: str, src_numbers: frozenset[str]) -> bool:
    """Whether a claim's number is among its source's: `5 million` as written or in full, never the bare 5."""
    if number in src_numbers:
        return True
    n, _, scale = number.partition(" ")
    return bool(scale) and _scaled(n, scale) in src_numbers


def missing_facts(facts: KeyFacts, source: str) -> list[str]:
    """Reasons such as `missing_number:1281` for facts of the claim absent from the source."""
    src_numbers, low, folded = _source_facts(source)
    out = [f"missing_number:{n}" for n in facts.numbers if not _has_number(n, src_numbers)]
    for d in facts.dates:
        day = re.search(r"\d{1,2}", d)
        month = d.split()[0].lower().rstrip(".")[:3]
        if month not in low or (day and day.group() not in src_numbers):
            out.append(f"missing_date:{d}")
    out += [f"missing_name:{n}" for n in facts.names if not _has_word(_fold(_POSSESSIVE.sub("", n.lower())), folded)]
    return out


_WORD_CHAR = re.compile(rf"[^\W{_UNSPACED}]")  # a letter or digit of a spaced script: a word goes on


def _has_word(word: str, low: str) -> bool:
    """Whether `word` is in `low` as a whole word, not inside a longer one: "Ann" is not in "annabel", nor "Smith"
    in "goldsmith" (a substring test found them there, and a claim naming the wrong person was verified). A plural
    ("cnns" holds "CNN") counts; the word may touch the unspaced scripts, as a number may."""
    # by str.find and one precompiled character test: a regex per word, with the unspaced scripts' class in it, cost
    # ~3 ms to compile for each new name, and made the audit's lexical stage 5x slower
    start = low.find(word)
    while start != -1:
        if start == 0 or not _WORD_CHAR.match(low[start - 1]):
            end = start + len(word)
            for plural in ("es", "s", ""):
                if low.startswith(plural, end):
                    after = end + len(plural)
                    if after == len(low) or not _WORD_CHAR.match(low[after]):
                        return True
        start = low.find(word, start + 1)
    return False


def keyfact_coverage(facts: KeyFacts, missing: list[str]) -> float | None:
    """Share of key facts found; None when the claim states none (a missing measurement, not 0)."""
    total = facts.count()
    if total == 0:
        return None
    return (total - len(missing)) / total
