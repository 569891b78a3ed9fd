"""Key facts of a claim (numbers, dates, names) and which of them a source lacks. Pure functions."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from audit.extract.firstchars import compile_skipping
from audit.verify.conversions import SPAN_NOUNS, Quantity, claim_quantities, converted_numbers, other_half_times
from audit.verify.conversions import scale_converted as _in_scale
from audit.verify.footnotes import without_footnotes
from audit.verify.keynames import alias_words, claim_names, fold_text, has_name
from audit.verify.months import MONTH_NAMES, MONTH_NUMBERS, SHORT_ONLY, missing_months, month_forms, months_alone
from audit.verify.nameforms import country_qualifiers, dated_days, found_otherwise, spelled_out
from audit.verify.notations import DECIMAL_COMMA, LETTER_SCALES
from audit.verify.numbered import without_name_digits
from audit.verify.numranges import SCALES, number_key, number_ranges, numbers_inside, scaled, year_counts, years_in_full
from audit.verify.numranges import shared_scales as _shared_scales
from audit.verify.numwords import CARDINALS as _CARDINALS
from audit.verify.numwords import ORDINALS as _ORDINALS
from audit.verify.numwords import TENS as _TENS
from audit.verify.numwords import TENTHS as _TENTHS
from audit.verify.numwords import claim_ordinals, dozens_in_digits, halves_in_digits, numbers_in_words
from audit.verify.ranked import ranks_held
from audit.verify.seasons import missing_parts, without_part_digits, year_parts
from audit.verify.textcache import text_cache

# digits inside a token are a number too: "4G" holds 4, "A380" 380, "1990s" 1990, "21st" 21 (they held none, and a
# claim's "4G" against its source's "5G" was verified); a sign only where no word precedes it ("F-35" is 35). Dotted
# groups of 3 digits, repeated ("1.000.000"), are one number (a first-character lookahead: re skips ahead, 2-3x faster)
_NUMBER = re.compile(r"(?=[-+\d])(?:(?<![\w.])[-+]|(?<![\d.]))\d[\d,]*(?:(?:\.\d{3}){2,}(?![\d.])|\.\d+)?%?(?!\d)")
# "1.250" may be 1250 (European) or 1.25, found under either; "60.000" is 60000 only ("60 fans": let-in round 11)
_DOTTED_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
# a source's "1 000" with a plain space is 1000 too (added, never instead: "in 2019 2 000" may be a list)
_SPACED_GROUPS = re.compile(r"(?=\d)(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d.,])")
_WORD_VALUE = {w: i for i, w in enumerate(_CARDINALS)} | {w: i for i, w in enumerate(_ORDINALS)}
_WORD_VALUE |= {w: 20 + 10 * i for i, w in enumerate(_TENS)} | {w: 20 + 10 * i for i, w in enumerate(_TENTHS)}
_UNIT_WORDS = "|".join(_CARDINALS[1:10] + _ORDINALS[1:10])
# a number in words (zero to ninety-nine, ordinals too, times a hundred) is that number: "thirty" is 30, "three
# million" 3 million, "twenty-first" 21; a scale word after it is read as after digits
_WORD_NUMBER = re.compile(
    rf"(?=[zotfsen])\b(?:({'|'.join(_TENS + _TENTHS)})(?:[-\s]({_UNIT_WORDS}))?|({'|'.join(_CARDINALS + _ORDINALS)}))"
    r"(\s+hundred(?:th)?)?\b",
    re.IGNORECASE,
)
# a scale word after a number is part of it ("2.5 million" is 2,500,000, "5 mln" 5 million; not a bare "m": metres)
_SCALE = re.compile(rf"\s*({'|'.join(SCALES)})\b", re.IGNORECASE)
_DECIMAL_COMMA = re.compile(rf"-?{DECIMAL_COMMA}")  # before a scale word: "2,5 Mio" is 2.5 million
# ... and a letter on a sum of money (`LETTER_SCALES`): "$50k" is $50,000, "€2.5M" 2.5 million; a claim's "100k" alone
# is 100 thousand or 100 (a "5k" race): found as either (`_has_number`; "100k orders" against 100,000 was missing), and
# so is its "40 k" (after a space) and "1,200m" ("1,200m dollars" against "1.2 billion" was missing)
_MONEY_LETTER, _K = re.compile(rf"[{''.join(LETTER_SCALES)}]\b", re.I), re.compile(r"[ \u00a0]?k\b|m\b", re.I)
# a claim's number in words standing alone is a count of the word after it ("three offices"; 2 to 99 and hundreds):
# not "one" (a pronoun: "one of the", "no one"), a fraction ("two-thirds"), a compound ("two-year"), "the two" (things
# named before), "top ten", nor an approximate one ("over five years", "at least four"). It is missing only where the
# source counts that thing by another number: a count it does not make ("two major reasons" of a list) is none
_COUNT_AFTER = re.compile(
    r"[-\s]+(?:thirds?|quarters?|halves|half|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?|dozen)\b|-\w", re.I
)
_COUNT_BEFORE = re.compile(
    r"\b(?:the|these|those|top|all|both|every|each|over|than|least|most|about|around|nearly|almost|some|roughly"
    r"|approximately|to)\s+\Z",
    re.IGNORECASE,
)
_NEXT_WORDS = re.compile(r"\s+([a-z]+)(?:\s+([a-z]+))?(?:\s+([a-z]+))?", re.IGNORECASE)  # "six FA Cups" counts cups
_FUNCTION_WORDS = frozenset(
    "of the a an and or in on at for to from with by during than that which who whom whose is are was were has have"
    " had be been it its their his her as per each more less about over under into between after before since while"
    " this these those other others".split()
)
# a no-break, narrow no-break or thin space between digit groups (French, SI, typeset PDFs) is a thousands separator
_GROUP_SPACE = re.compile(r"(?<=\d)[\u00a0\u202f\u2009](?=\d{3}(?!\d))")
_MINUS = compile_skipping(r"\u2212|(?<!\d\s)\bminus\s+(?=\d)", re.IGNORECASE)  # "−18" (typeset), "minus 18": -18
# a digit of another script is the digit it writes: "３０" (full width, CJK text), "٣٠" (Arabic-Indic) are 30
_OTHER_DIGIT = compile_skipping(r"(?![0-9])\d")
_BROKEN_HYPHEN = re.compile(r"-[^\S\n]*\n\s*")
_MONTHS = "|".join(MONTH_NAMES + SHORT_ONLY).lower()  # `months`' table
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
# a date in words: month day[, year], day [of] month[ year] or month year; a day or year absent is None. "may" and
# "march" in lower case are verbs, not months (the month was looked for as a substring: "March 5" was in "remarks
# on 5 ..."); a month that differs alone ("March 2020" / "May 2020") is a missing date. "5-7 March 2020" states each
_DATE = re.compile(
    rf"(?=[jfmasond\d])\b(?:({_MONTHS})\.?\s+{_DAY}\b(?:,?\s+(\d{{4}})\b)?"
    rf"|{_DAY}\s+(?:of\s+)?({_MONTHS})\b\.?(?:,?\s+(\d{{4}})\b)?"
    rf"|({_MONTHS})\.?,?\s+(?:of\s+)?(\d{{4}})\b)",
    re.IGNORECASE,
)
_VERB_MONTHS = frozenset(("may", "march"))  # in lower case, a month only with its year: "may 3, 2020"
# a claim's day in words beside its month is its day: "the fifth of March 2020", "March twenty-first, 2020"
_DAY_WORDS = rf"(?:(?:twenty|thirty)[-\s])?(?:{'|'.join(_ORDINALS[1:20])})\b|twentieth|thirtieth"
_WORD_DAY = re.compile(
    rf"\b(?:({_MONTHS})\.?\s+(?:the\s+)?({_DAY_WORDS})|({_DAY_WORDS})(?=\s+(?:of\s+)?(?:{_MONTHS})\b))", re.I
)
# a range of days, looked for only beside a date found: "5-7 March 2020", "March 5-7, 2020"
_RANGE_START = re.compile(r"(?<!\d)(\d{1,2})(?:st|nd|rd|th)?\s*[-\u2013\u2014]\s*\Z")
_RANGE_END = re.compile(r"\s*[-\u2013\u2014]\s*(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?")
# a source's month named alone ("from August through October") is a month of its dates: not May nor March (verbs)
_BARE_MONTH = re.compile(  # or abbreviated with its stop, "in Sept." (the false-alarm sweep, round 9)
    rf"(?=[JFMASOND])\b({'|'.join(n for n in MONTH_NAMES if n.lower() not in _VERB_MONTHS)}"
    rf"|(?:{month_forms(range(1, 13), names=False)})(?=\.))\b"
)
_MONTH = re.compile(_MONTHS, re.IGNORECASE)  # a month's name is no name
# a date written in digits is one number: its parts looked up alone let "2020-03-03" pass against "2020-03-04"
_ISO_DATE = re.compile(r"(?<![\w./-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\w/-])")
_SLASH_DATE = re.compile(r"(?<![\w./-])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\w/-])")
# ... and with dots, day first: "05.03.2020" is 5 March 2020 (German, Russian, ... usage; false alarms, round 5)
_DOT_DATE = re.compile(r"(?<![\w./-])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\w/-]|\.\d)")


@dataclass(frozen=True)
class KeyFacts:
    numbers: tuple[str, ...]
    dates: tuple[str, ...]
    names: tuple[str, ...]
    counts: tuple[tuple[str, str], ...] = ()  # numbers (among `numbers`) of counts in words, and what they count
    # numbers (among `numbers`) stated as a range ("over 250", "the 1940s"): found in it too (`numranges`)
    ranges: tuple[tuple[str, float, float, bool], ...] = ()
    year_spans: tuple[str, ...] = ()  # numbers (among `numbers`) that count years: found as two years that far apart
    quantities: tuple[Quantity, ...] = ()  # measures of `numbers` in a unit: found converted too (`conversions`)
    spelled: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()  # names written out, their acronyms (nameforms)
    dated: tuple[str, ...] = ()  # weekdays beside their own date: found as the date is (`nameforms.dated_days`)
    qualifiers: tuple[str, ...] = ()  # countries just before a name ("US Federal Reserve": `nameforms.qualifiers`)

    def count(self) -> int:
        return len(self.numbers) + len(self.dates) + len(self.names)


def _norm_number(n: str) -> str:
    """1,281 -> 1281, 5% -> 5, +3 -> 3, 3.0 -> 3 (not 3.10), 1.000.000 -> 1000000; "1.000" kept (`_readings`)."""
    n = n.replace(",", "").rstrip("%").lstrip("+")
    if _DOTTED_THOUSANDS.fullmatch(n.lstrip("-")):
        return n if n.count(".") == 1 else n.replace(".", "")
    return number_key(n)


def _readings(n: str) -> tuple[str, ...]:
    """The values a normalised number may have: "2.500" is 2.5 or 2500, "60.000" 60000 only (above)."""
    if "." in n and _DOTTED_THOUSANDS.fullmatch(n.lstrip("-")):
        return (n.replace(".", ""),) if n.endswith(".000") else (n.rstrip("0").rstrip("."), n.replace(".", ""))
    return (n,)


def _word_number(m: re.Match[str], claim: bool) -> str:
    """The digits of a number in words; a claim's only before a scale word ("three million"), else the words as they
    are: "two major reasons" against a source that lists them is no missing number (a claim's count in words is
    one only against a source that counts the same thing: `_counts`)."""
    tens, unit, single, hundred = (g.lower() if g else g for g in m.groups())
    words = [w for w in (tens, unit, single) if w]
    if claim and not (all(w in _CARDINALS or w in _TENS for w in words) and _SCALE.match(m.string, m.end())):
        return m.group()
    return str(sum(_WORD_VALUE[w] for w in words) * (100 if hundred else 1))


def _counted(text: str, end: int) -> str | None:
    """What a number ending at `end` counts: the last of the (up to 3, lower-case) words after it before a function
    word ("three different teams during" -> team), in the singular; None when a function word or no word follows."""
    m = _NEXT_WORDS.match(text, end)
    noun = None
    for w in m.groups() if m else ():
        if w is None or w.lower() in _FUNCTION_WORDS:
            break
        noun = w.lower()
    if noun is None or len(noun) < 3:
        return None
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def _counts(claim: str) -> Iterator[tuple[str, str]]:
    """Each count in words of a claim ("three offices"): its value and what it counts (`_counted`)."""
    for m in _WORD_NUMBER.finditer(claim):
        tens, unit, single, hundred = (g.lower() if g else g for g in m.groups())
        words = [w for w in (tens, unit, single) if w]
        if not all(w in _CARDINALS or w in _TENS for w in words) or words in (["zero"], ["one"]):
            continue
        if _SCALE.match(claim, m.end()) or _COUNT_AFTER.match(claim, m.end()):
            continue
        if _COUNT_BEFORE.search(claim, max(0, m.start() - 16), m.start()):
            continue
        if (noun := _counted(claim, m.end())) is not None:
            yield str(sum(_WORD_VALUE[w] for w in words) * (100 if hundred else 1)), noun


@text_cache(max_chars=16_000_000, max_entries=2048, shared=True)
def _source_counts(source: str) -> frozenset[str]:
    """What a source counts: the words after its numbers, in digits or cardinal words ("5 offices", "five offices")."""
    text = dozens_in_digits(_GROUP_SPACE.sub("", source))  # "a dozen people" counts people (round 10)
    ends = [m.end() for m in _NUMBER.finditer(text)]
    ends += [m.end() for m in _WORD_NUMBER.finditer(text) if not m.group().lower().endswith(("th", "st", "nd", "rd"))]
    low = text.lower()  # once, not once for each number (a long page's dozens of numbers each lowered it whole)
    counted = frozenset(n for end in ends if (n := _counted(low, end)) is not None)
    return counted | SPAN_NOUNS if counted & SPAN_NOUNS else counted  # "30 years" counts decades


def _digit_dates(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each date written in digits (2020-03-03, 03.03.2020 day first, 03/03/2020) and its normalised form."""
    for m in (*_ISO_DATE.finditer(text), *_DOT_DATE.finditer(text)):
        y, mo, d = m.groups() if m.re is _ISO_DATE else m.groups()[::-1]
        if 1 <= int(mo) <= 12 and 1 <= int(d) <= 31:
            yield m, f"{y}-{int(mo):02}-{int(d):02}"
    for m in _SLASH_DATE.finditer(text):
        a, b, y = m.groups()
        if 1 <= int(a) <= 31 and 1 <= int(b) <= 31 and min(int(a), int(b)) <= 12:
            yield m, f"{int(a)}/{int(b)}/{y}"


def _digits(text: str, claim: bool) -> str:
    """`text` with digit groups joined, minus signs as "-", spans of years in full and numbers in words in digits."""
    text = dozens_in_digits(years_in_full(_MINUS.sub("-", _GROUP_SPACE.sub("", text))))
    return _WORD_NUMBER.sub(lambda m: _word_number(m, claim), text)


def _numbers(
    text: str, claim: bool = True, dates: list[tuple[re.Match[str], str]] | None = None
) -> Iterator[tuple[str, str | None]]:
    """Each number of `text` in order, normalised, with the scale word after it (`million`, ...) or None; a date
    written in digits is one number, a number in words its digits (a claim's only before a scale word). With
    `dates`, `text` is `_digits`' already and those are its digit dates."""
    if dates is None:
        text = _digits(text, claim)
        dates = list(_digit_dates(text))
    found: list[tuple[int, str, str | None]] = [(m.start(), date, None) for m, date in dates]
    masked = list(text)
    for m, _ in dates:
        masked[m.start() : m.end()] = " " * (m.end() - m.start())
    rest = "".join(masked)
    for m in _NUMBER.finditer(rest):
        scaled = _SCALE.match(rest, m.end())
        scale = scaled.group(1).lower() if scaled else None
        if not scale and rest[m.start() - 1 : m.start()] in tuple("$€£¥") and _MONEY_LETTER.match(rest, m.end()):
            scale = LETTER_SCALES[rest[m.end()].lower()]
        elif not scale and claim and (letter := _K.match(rest, m.end())):
            scale = letter.group().strip().lower()
        number = m.group().replace(",", ".") if scale and _DECIMAL_COMMA.fullmatch(m.group()) else m.group()
        found.append((m.start(), _norm_number(number), scale))
    for _, n, scale in sorted(found, key=lambda f: f[0]):
        yield n, scale


def _word_dates(text: str) -> Iterator[tuple[re.Match[str], int, tuple[int, ...], str | None]]:
    """Each date in words of `text`: the match, its month (1-12), days (none, one, or each of a range; none where
    not 1-31) and year (or None)."""
    for m in _DATE.finditer(text):
        mo1, d1, y1, d2, mo2, y2, mo3, y3 = m.groups()
        month = mo1 or mo2 or mo3
        if month.lower() in _VERB_MONTHS and not month[0].isupper() and not (y1 or y2 or y3):
            continue
        first = last = int(d1 or d2 or 0)
        if d2 and (start := _RANGE_START.search(text, max(0, m.start() - 8), m.start())):
            first = int(start.group(1))
        elif d1 and not y1 and (end := _RANGE_END.match(text, m.end())):
            last, y1 = int(end.group(1)), end.group(2)
        days = tuple(range(first, last + 1)) if 1 <= first <= last <= 31 else (last,) if 1 <= last <= 31 else ()
        # casefold: the case-blind month pattern takes the long s (`ſeptember`, old print), which lower() keeps
        number = MONTH_NUMBERS.get(month.casefold()[:3])
        if number is not None:
            yield m, number, days, y1 or y2 or y3


def _date_keys(month: int, day: int | None, year: str | None) -> set[str]:
    """What a date states: its month, month and day, month and year, the whole date (`date:2020-03`, ...)."""
    out = {f"date:{month:02}"}
    if day is not None:
        out.add(f"date:{month:02}-{day:02}")
    if year is not None:
        out.add(f"date:{year}-{month:02}")
        if day is not None:
            out.add(f"date:{year}-{month:02}-{day:02}")
    return out


def _date_forms(source: str, digit_dates: list[tuple[re.Match[str], str]]) -> tuple[set[str], set[str]]:
    """A source's dates in every digit form a claim may use, and the parts of its digit dates as bare numbers
    ("2020-03-03" holds 3 as "March 3, 2020" does); and what its dates, in digits or words, state (`_date_keys`)."""
    out: set[str] = set()
    keys: set[str] = set()
    for m, date in digit_dates:
        out |= {date, *(str(int(g)) for g in m.groups())}
        a, b, y = (int(g) for g in m.groups())
        if m.re is not _SLASH_DATE:  # year, month, day; with dots day, month, year
            keys |= _date_keys(b, y, str(a)) if m.re is _ISO_DATE else _date_keys(b, a, str(y))
        else:  # a slash date either way round; a 2-digit year is not the year of a date in words
            year = str(y) if y >= 1000 else None
            keys |= {k for mo, d in ((a, b), (b, a)) if mo <= 12 for k in _date_keys(mo, d, year)}
    keys |= {f"date:{MONTH_NUMBERS[m[:3].lower()]:02}" for m in set(_BARE_MONTH.findall(source))}
    for _, month, days, year in _word_dates(source):
        keys |= {k for day in days or (None,) for k in _date_keys(month, day, year)}
        for day in days if year else ():
            out.add(f"{year}-{month:02}-{day:02}")
            for yy in (str(year), str(year)[2:]):
                out |= {f"{month}/{day}/{yy}", f"{day}/{month}/{yy}"}
    return out, keys


def ascii_digits(text: str) -> str:
    """`text` with its digits of other scripts in ASCII, one for one (offsets kept)."""
    return text if text.isascii() else _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), text)


def _day_digits(m: re.Match[str]) -> str:
    month, words = (m.group(1), m.group(2)) if m.group(1) else ("", m.group(3))
    day = str(sum(_WORD_VALUE[w] for w in re.split(r"[-\s]+", words.lower())))
    return f"{month} {day}" if month else day


def key_facts(claim: str) -> KeyFacts:
    claim = ascii_digits(claim)
    dates = tuple(dict.fromkeys(m.group() for m, *_ in _word_dates(_WORD_DAY.sub(_day_digits, claim))))
    dates += months_alone(claim) + year_parts(claim)  # "born in May", "in late 2019" (`months`, `seasons`)
    plain = without_part_digits(without_name_digits(claim))  # "Q3 2021", "COVID-19": no number the source states
    numbers = tuple(dict.fromkeys(f"{n} {scale}" if scale else n for n, scale in _numbers(plain)))
    counts = tuple(dict.fromkeys(c for c in _counts(claim) if c[0] not in numbers))
    numbers += tuple(dict.fromkeys([*(n for n, _ in counts), *claim_ordinals(claim)]))  # "third": 3rd (numwords)
    names = tuple(dict.fromkeys(n for n in claim_names(claim) if not _MONTH.fullmatch(n)))
    ranges = tuple(r for r in number_ranges(_GROUP_SPACE.sub("", claim)) if r[0] in numbers)
    spans = tuple(n for n in year_counts(claim) if n in numbers)
    measures = tuple(q for q in claim_quantities(_GROUP_SPACE.sub("", claim)) if set(q.keys) <= set(numbers))
    spelled, dated = spelled_out(claim), dated_days(claim)
    return KeyFacts(numbers, dates, names, counts, ranges, spans, measures, spelled, dated, country_qualifiers(claim))


@text_cache(max_chars=16_000_000, max_entries=2048, shared=True)  # ~3 bytes a character: ~50 MB at most
def _source_facts(source: str) -> tuple[frozenset[str], frozenset[str], str, str]:
    """The numbers of a source, what its dates state (`_date_keys`), its lower-cased text and that text for names:
    accents folded, a hyphen at a line break joined ("jean-\\nluc" is "jean-luc", as PDFs break it) (cached). A number
    with a scale word is as written (`5 million`), in full (`5000000`) and bare (`5`); "1.000" either way."""
    source = without_footnotes(ascii_digits(source))
    grouped = halves_in_digits(years_in_full(_MINUS.sub("-", _GROUP_SPACE.sub("", source))))
    text = _WORD_NUMBER.sub(lambda m: _word_number(m, False), grouped)  # "the first of May" is May 1 too
    digit_dates = list(_digit_dates(text))
    forms, dates = _date_forms(text, digit_dates)
    numbers = {r for m in _NUMBER.finditer(grouped) for r in _readings(_norm_number(m.group()))} | forms
    numbers |= {m.group().replace(" ", "") for m in _SPACED_GROUPS.finditer(grouped)} | numbers_in_words(grouped)
    numbers |= _shared_scales(grouped)  # "$2-3 million": 2 million too
    for n, scale in _numbers(text, claim=False, dates=digit_dates):
        numbers.update(_readings(n))
        if scale:
            numbers |= {f"{n} {scale}", scaled(n, scale)}
    low = source.lower()
    return frozenset(numbers), frozenset(dates), low, _BROKEN_HYPHEN.sub("-", fold_text(low)) + alias_words(source, low)


def _has_number(number: str, src_numbers: frozenset[str]) -> bool:
    """Whether a claim's number is in its source's: `5 million` as written or in full (not a bare 5); "1.000" either."""
    if number in src_numbers:
        return True
    n, _, scale = number.partition(" ")
    if scale in ("k", "m"):
        return _has_number(n, src_numbers) or _has_number(f"{n} {LETTER_SCALES[scale]}", src_numbers)
    for r in _readings(n):
        if (f"{r} {scale}" if scale else r) in src_numbers or (scale and scaled(r, scale) in src_numbers):
            return True
    return False


def _has_date(month: int, day: int | None, year: str | None, dates: frozenset[str], numbers: frozenset[str]) -> bool:
    """Whether the source states a claim's date: its month and day in a date of the source's own (not "may" anywhere,
    nor the day as any number), the year in that date or among its numbers ("Nov. 2" on a page of 2004); a month and
    year, the month in a date and the year in it or among the numbers ("from August through October" on 2007's)."""
    if day is not None:
        if year is not None and f"date:{year}-{month:02}-{day:02}" in dates:
            return True
        return f"date:{month:02}-{day:02}" in dates and (year is None or year in numbers)
    return f"date:{month:02}" in dates and (year is None or f"date:{year}-{month:02}" in dates or year in numbers)


def missing_facts(facts: KeyFacts, source: str) -> list[str]:
    """Reasons such as `missing_number:1281` for facts of the claim absent from the source."""
    src_numbers, src_dates, _, folded = _source_facts(source)
    counted = _source_counts(source) if facts.counts else frozenset()
    uncounted = {n for n, _ in facts.counts} - {n for n, noun in facts.counts if noun in counted}
    out = [f"missing_number:{n}" for n in facts.numbers if n not in uncounted and not _has_number(n, src_numbers)]
    held = ranks_held(facts.numbers, facts.names, source) if out else set()  # by order (`ranked`), read once
    out = [r for r in out if r[15:] not in held]
    if (facts.ranges or facts.year_spans) and out:  # a range is found where the source has a number inside it
        inside = numbers_inside(facts.ranges, facts.year_spans, src_numbers, source)
        out = [r for r in out if r.removeprefix("missing_number:") not in inside]
    if facts.quantities:  # a measure in another unit is found; a time in the other half of the day is not
        converted = converted_numbers(facts.quantities, source, facts.ranges)
        out = [r for r in out if r.removeprefix("missing_number:") not in converted]
        flagged = {r.removeprefix("missing_number:") for r in out}
        out += [f"missing_number:{n}" for n in sorted(other_half_times(facts.quantities, source) - flagged)]
    for d in facts.dates:  # a month alone ("May"), a part of a year, are no date in words: `missing_months` below
        for _, month, days, year in _word_dates(d):
            ends = (days[0], days[-1]) if days else (None,)  # a claim's range states its first and last day
            if not all(_has_date(month, day, year, src_dates, src_numbers) for day in ends):
                out.append(f"missing_date:{d}")
    out += missing_months(facts.dates, src_dates, source) + missing_parts(facts.dates, src_dates, src_numbers, source)
    names = [n for n in facts.names if not (has_name(n, folded, source) or _in_scale(n, facts.quantities, source))]
    found = found_otherwise(names, facts.spelled, facts.dated, source, facts.names, facts.qualifiers)
    return out + [f"missing_name:{n}" for n in found]


def keyfact_coverage(facts: KeyFacts, missing: list[str]) -> float | None:
    """Share of key facts found; None when the claim states none (a missing measurement, not 0)."""
    total = facts.count()
    return None if total == 0 else (total - len(missing)) / total
