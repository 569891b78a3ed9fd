"""A claim restated in its source's words (the false-alarm sweep, round 7): where the claim writes a fact in one
form and its source the same fact in another ("H1 2020" / "the first half of 2020", "FY2020" / "fiscal 2020", "a
fortnight" / "two weeks", "tripled" / "rose by 200%", "NASA" / "National Aeronautics and Space Administration",
"250" / "two hundred and fifty", "3 pct" / "3 percent", "AD 79" / "79 CE"), the claim's form is replaced by the
source's own text before the lexical features, the key facts and the transformer read it. The transformer's token
alignment found no token of the source for "H1" or "fortnight", and rapidfuzz's partial ratio none for "FY2020": such
right claims scored weak although every fact was found.

Only a form that states exactly what the source's form states is replaced, and only by text the source writes with
the same value (the same year and half, the same number): a claim whose fact differs keeps its own words ("H2 2020"
against "the first half of 2020", "tripled" against "doubled", "rose by 300%" against "tripled"). A verbatim match
and a quote are still read on the claim as written (`features.analyse_pair`). Pure functions."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from audit.extract.firstchars import compile_skipping
from audit.verify.clocks import CLOCK_FORMS, CLOCK_HINTS
from audit.verify.holidays import HOLIDAY_FORMS, HOLIDAY_HINTS, MONTH_HINTS, same_day_otherwise
from audit.verify.months import MONTH_NUMBERS, month_forms
from audit.verify.nameforms import names_restated
from audit.verify.notations import full_year, notations_restated
from audit.verify.numbered import NUMBERED_FORMS, NUMBERED_HINTS
from audit.verify.numwords import NUMBER_WORDS, ORDINALS, TENS, words_value
from audit.verify.textcache import text_cache

Key = tuple[object, ...]


@dataclass(frozen=True)
class Form:
    """One way of writing a kind of fact: its pattern and the value a match states (None: no value)."""

    pattern: re.Pattern[str]
    key: Callable[[re.Match[str]], Key | None]


def _form(pattern: str, key: Callable[[re.Match[str]], Key | None], flags: int = re.IGNORECASE) -> Form:
    return Form(compile_skipping(pattern, flags), key)  # its first characters a lookahead (`extract.firstchars`)


_Y = r"(\d{4})(?![-/\u2013]\d|['\u2019]?s\b)"  # a year, not the start of a span ("2020-21") or a decade
_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER_FIRSTS = tuple(MONTH_NUMBERS)[::3]  # "jan", "apr", "jul", "oct" (`months`' table)
_STARTS = rf"({month_forms(range(1, 13, 3))})\.?"  # a quarter's first month: January, April, July, October
_ENDS = rf"({month_forms(range(3, 13, 3))})\.?"  # its last: March, June, September, December


def _months_quarter(m: re.Match[str]) -> Key | None:
    start, end = ((MONTH_NUMBERS[g.lower()[:3]] + 2) // 3 for g in m.group(1, 2))
    return ("quarter", start, int(m.group(3))) if start == end else None


_SPAN = r"(\d{4})\s?[-/\u2013]\s?(\d{4}|\d{2})\b"


def _fy_span(m: re.Match[str]) -> Key | None:
    """A fiscal year of two calendar years, the second in two digits or four ("2020-21" is "2020/2021")."""
    first, second = int(m[1]), int(m[2]) if len(m[2]) == 4 else int(m[1]) // 100 * 100 + int(m[2])
    return ("fy", first, second) if second == first + 1 else None


def _rise(m: re.Match[str]) -> Key | None:
    """A rise by N% makes (1 + N/100) times the first value: a whole multiple only."""
    n = int(m.group(1))
    return ("times", 1 + n // 100) if n % 100 == 0 and n > 0 else None


_TIMES = {"doubled": 2, "tripled": 3, "trebled": 3, "quadrupled": 4, "two": 2, "three": 3, "four": 4, "five": 5}
_FALL = r"(?:fell|fallen|dropped|declined|decreased|shrank|shrunk|slumped|plunged|went\s+down|gone\s+down|cut)"
_RISE = r"(?:rose|risen|increased|grew|grown|climbed|jumped|soared|surged|went\s+up|gone\s+up)"

_SCALE = r"(million|mln|mn|billion|bln|bn|trillion|tn)"


def _scale(word: str | None) -> str:
    return {"m": "million", "b": "billion", "t": "trillion"}[word.lower()[0]] if word else ""


def _money(code: str, sign: str, after: str, name: str) -> tuple[Form, ...]:
    """A sum by its currency's `code` before it, its `sign`, the code `after` it or its `name` ("5 million dollars"):
    the amount and its scale are its value."""
    amount = rf"(?P<n>\d[\d,.]*\d|\d)(?:\s+(?P<s>{_SCALE[1:-1]})\b)?"
    forms = [
        rf"(?<![\w$])\b{code}\s?{amount}",
        rf"(?<![A-Za-z])(?<!US){sign}\s?{amount}",
        rf"(?<![\w.,]){amount}\s+{after}\b",
    ]
    forms += [rf"(?<![\w.,]){amount}\s+{name}\b"] if name else []

    def key(m: re.Match[str]) -> Key:
        return ("money", after, m["n"], _scale(m["s"]))

    return tuple(_form(f, key, 0) for f in forms)


# each kind of fact: the forms that state it, each with the value (its key) a match states
_GROUPS: tuple[tuple[Form, ...], ...] = (
    (  # a half of a year
        _form(rf"\bH([12])\s*(?:of\s+)?{_Y}", lambda m: ("half", int(m.group(1)), int(m.group(2))), 0),
        _form(rf"\b([12])H\s*{_Y}", lambda m: ("half", int(m.group(1)), int(m.group(2))), 0),
        _form(rf"\b(?:the\s+)?(first|second)\s+half\s+of\s+{_Y}", lambda m: ("half", _ORD[m[1].lower()], int(m[2]))),
    ),
    (  # a quarter of a year
        _form(rf"\bQ([1-4])\s*(?:of\s+)?{_Y}", lambda m: ("quarter", int(m.group(1)), int(m.group(2))), 0),
        _form(rf"\b([1-4])Q\s*{_Y}", lambda m: ("quarter", int(m.group(1)), int(m.group(2))), 0),
        _form(
            rf"\b(?:the\s+)?(first|second|third|fourth)\s+quarter\s+of\s+{_Y}",
            lambda m: ("quarter", _ORD[m[1].lower()], int(m[2])),
        ),
        _form(
            rf"\b(?:between\s+|from\s+)?{_STARTS}\s*(?:and|to|through|-|\u2013)\s*{_ENDS}(?:\s+of)?\s+{_Y}",
            _months_quarter,
        ),
        _form(
            rf"\b(?:the\s+)?{_STARTS}\s*(?:-|\u2013|to)\s*{_ENDS}\s+quarter(?:\s+of)?\s+{_Y}",
            _months_quarter,
        ),
    ),
    (  # the middle, start or end of a year
        _form(rf"\bmid[-\s]{_Y}", lambda m: ("part", "mid", int(m.group(1)))),
        _form(rf"\b(?:the\s+)?middle\s+of\s+{_Y}", lambda m: ("part", "mid", int(m.group(1)))),
        _form(rf"\bearly(?:[-\s]+in)?[-\s]+{_Y}", lambda m: ("part", "early", int(m.group(1)))),
        _form(rf"\b(?:the\s+)?(?:beginning|start)\s+of\s+{_Y}", lambda m: ("part", "early", int(m.group(1)))),
        _form(rf"\blate(?:[-\s]+in)?[-\s]+{_Y}", lambda m: ("part", "late", int(m.group(1)))),
        _form(rf"\b(?:the\s+)?end\s+of\s+{_Y}", lambda m: ("part", "late", int(m.group(1)))),
    ),
    (  # a fiscal year
        _form(r"\bFY\s?'?(\d{4}|\d{2})\b(?![-/\u2013]\d)", lambda m: ("fy", full_year(m.group(1))), 0),
        _form(rf"\bfiscal\s+(?:year\s+)?{_Y}", lambda m: ("fy", int(m.group(1)))),
        _form(rf"\bthe\s+{_Y}\s+fiscal\s+year\b", lambda m: ("fy", int(m.group(1)))),
        # one that spans two calendar years: "FY2020-21", "fiscal 2020/21", "the 2020/21 financial year"
        _form(rf"\bFY\s?{_SPAN}", _fy_span, 0),
        _form(rf"\b(?:fiscal|financial)\s+(?:year\s+)?{_SPAN}", _fy_span),
        _form(rf"\bthe\s+{_SPAN}\s+(?:fiscal|financial)\s+year\b", _fy_span),
    ),
    (  # a fortnight
        _form(r"\b(?:a|one)\s+fortnight\b", lambda m: ("days", 14)),
        _form(r"\b(?:two|2)\s+weeks\b", lambda m: ("days", 14)),
        _form(r"\b(?:fourteen|14)\s+days\b", lambda m: ("days", 14)),
    ),
    (  # a multiple of a value: "tripled", "rose by 200%", "rose threefold"
        _form(r"\b(doubled|tripled|trebled|quadrupled)\b", lambda m: ("times", _TIMES[m.group(1).lower()])),
        _form(r"\bhalved\b", lambda m: ("times", 0.5)),
        _form(
            rf"\b{_FALL}\s+(?:by\s+)?(?:50\s*(?:%|percent\b|per\s+cent\b)|(?:a\s+)?half\b)", lambda m: ("times", 0.5)
        ),
        _form(rf"\b{_RISE}\s+(?:by\s+)?(\d+)\s*(?:%|percent\b|per\s+cent\b)", _rise),
        _form(
            rf"\b{_RISE}\s+(two|three|four|five|[2-5])[-\s]?fold\b",
            lambda m: ("times", int(m[1]) if m[1].isdigit() else _TIMES[m[1].lower()]),
        ),
    ),
    (  # a percentage
        _form(r"(?<![\d.,])(\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b|pct\b|(?-i:pc)\b)", lambda m: ("pct", m[1])),
    ),
    (  # a year of the era
        _form(r"(?<![\w.])(?:AD|A\.D\.)\s?(\d{1,4})\b", lambda m: ("era", "AD", int(m.group(1))), 0),
        _form(r"\b(\d{1,4})\s?(?:AD|A\.D\.|CE|C\.E\.)(?!\w|\.\w)", lambda m: ("era", "AD", int(m.group(1))), 0),
        _form(r"\b(\d{1,4})\s?(?:BC|B\.C\.|BCE|B\.C\.E\.)(?!\w|\.\w)", lambda m: ("era", "BC", int(m.group(1))), 0),
    ),
    (  # a century
        _form(r"\bthe\s+(1[0-9])00s\b", lambda m: ("century", int(m.group(1)) + 1)),
        _form(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\s+century\b", lambda m: ("century", int(m.group(1)))),
        _form(
            rf"\bthe\s+({'|'.join(ORDINALS[1:])})\s+century\b",
            lambda m: ("century", ORDINALS.index(m.group(1).lower())),
        ),
    ),
    (  # a number below zero
        _form(r"\bminus\s+(\d+(?:\.\d+)?)\b", lambda m: ("negative", m.group(1))),
        _form(r"(?<![\w.,\-\u2212])[-\u2212](\d+(?:\.\d+)?)\b(?![-\u2212\d])", lambda m: ("negative", m.group(1))),
    ),
    (  # a sum of money by its currency's code, sign or name, before or after its amount
        *_money(r"(?:USD|US\$)", r"\$", "USD", r"(?:US\s+|U\.S\.\s+)?dollars"),
        *_money("EUR", "\u20ac", "EUR", "euros"),
        *_money("GBP", "\u00a3", "GBP", ""),
    ),
    (  # an amount with its scale, in words or abbreviated
        _form(rf"(?<![\w.,$\u20ac\u00a3])(\d+(?:\.\d+)?)\s*{_SCALE}\b", lambda m: ("scaled", m[1], _scale(m[2])), 0),
    ),
    (  # a change of interest rates in basis points
        _form(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:bps?|basis\s+points?)\b", lambda m: ("bp", round(float(m[1]), 6))),
        _form(r"(?<![\w.])(\d*\.\d+|\d+)\s+percentage\s+points?\b", lambda m: ("bp", round(100 * float(m[1]), 6))),
        _form(r"\ba\s+quarter(?:\s+of\s+a)?[\s-]+(?:percentage\s+)?point\b", lambda m: ("bp", 25.0)),
        _form(r"\b(?:half\s+a|a\s+half)[\s-]+(?:percentage\s+)?point\b", lambda m: ("bp", 50.0)),
    ),
    (  # a gas by its formula or its name
        _form(r"\b(CO2|CO\u2082|CH4|CH\u2084|N2O|N\u2082O|SO2|SO\u2082|NO2|NO\u2082)(?!\w)", lambda m: _gas(m[1]), 0),
        _form(r"\b(carbon|sulphur|sulfur|nitrogen)\s+dioxide\b|\bmethane\b|\bnitrous\s+oxide\b", lambda m: _gas(m[0])),
    ),
)

_GASES = {"co2": "carbon dioxide", "ch4": "methane", "n2o": "nitrous oxide", "so2": "sulfur dioxide"}
_GASES |= {"no2": "nitrogen dioxide", "sulphur dioxide": "sulfur dioxide"}


def _gas(text: str) -> Key:
    low = " ".join(text.lower().translate(str.maketrans("\u2082\u2084", "24")).split())
    return ("gas", _GASES.get(low, low))


# fractions of a whole and the percentages a writer rounds or truncates them to ("two-thirds of" 67% or 66%)
_FRACTIONS = {"half": (1, 2), "third": (1, 3), "quarter": (1, 4), "fifth": (1, 5), "tenth": (1, 10)}
_FRACTIONS |= {"thirds": (2, 3), "quarters": (3, 4), "fifths": (2, 5)}
_FRACTION = re.compile(r"\b(?:(?:a|one)[\s-]+)?(half|third|quarter|fifth|tenth)\s+of\b", re.IGNORECASE)
_FRACTIONS_MANY = re.compile(r"\b(two|three|four)[\s-]+(thirds|quarters|fifths)\s+of\b", re.IGNORECASE)
_PERCENT_OF = re.compile(r"(?<![\d.,])(\d+(?:\.\d)?)\s*(?:%|percent\b|per\s+cent\b|pct\b)\s+of\b", re.IGNORECASE)


def _share(m: re.Match[str]) -> Key | None:
    if m.re is _PERCENT_OF:
        return ("share", m.group(1))
    if m.re is _FRACTIONS_MANY:
        many = {"two": 2, "three": 3, "four": 4}[m.group(1).lower()]
        top, bottom = many, _FRACTIONS[m.group(2).lower()][1]
    else:
        top, bottom = _FRACTIONS[m.group(1).lower()]
    return ("share", top, bottom) if top < bottom else None


def _percent_of(top: int, bottom: int) -> set[str]:
    """The percentages a writer gives for a fraction: rounded or truncated to a whole or to one decimal."""
    exact = 100 * top / bottom
    return {f"{round(exact)}", f"{int(exact)}", f"{round(exact, 1):g}", f"{int(exact * 10) / 10:g}"}


def _same_share(a: Key, b: Key) -> bool:
    if len(a) == len(b):
        return a == b
    frac, pct = (a, b) if len(a) == 3 else (b, a)
    return str(pct[1]) in _percent_of(int(str(frac[1])), int(str(frac[2])))


_SHARES = (Form(_FRACTION, _share), Form(_FRACTIONS_MANY, _share), Form(_PERCENT_OF, _share))


# whole numbers in digits (in words: `numwords.NUMBER_WORDS`)
_DIGITS = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(?![\w]|[.,]\d)")
_SCALED = re.compile(r"\s*(?:million|billion|trillion|bn|m)\b", re.IGNORECASE)


def _number_key(m: re.Match[str]) -> Key | None:
    if _SCALED.match(m.string, m.end()) is not None:  # "two hundred million", "250m": another value
        return None
    if m.re is _DIGITS:
        return ("whole", int(m.group(1).replace(",", "")))
    value = words_value(m.group())
    return ("whole", value) if value is not None else None


_NUMBERS = (Form(NUMBER_WORDS, _number_key), Form(_DIGITS, _number_key))


def _matches(forms: Iterable[Form], text: str) -> list[tuple[int, int, Key, int]]:
    """(start, end, key, form) of each match with a value, by form."""
    out = []
    for i, form in enumerate(forms):
        for m in form.pattern.finditer(text):
            if (key := form.key(m)) is not None:
                out.append((m.start(), m.end(), key, i))
    return out


# a holiday on a fixed day and that day of its month, each restated only as the other (`holidays.py`); a time of
# day (`clocks.py`)
_HOLIDAYS = tuple(_form(pattern, key, flags) for pattern, key, flags in HOLIDAY_FORMS)
_CLOCKS = tuple(_form(pattern, key, flags) for pattern, key, flags in CLOCK_FORMS)
_NUMBERED = tuple(_form(pattern, key, flags) for pattern, key, flags in NUMBERED_FORMS)  # "Apollo 11" (numbered.py)


def _equal(a: Key, b: Key) -> bool:
    return a == b


# every kind of fact, with how two values are the same; the numbers in words and digits last
_KINDS: tuple[tuple[tuple[Form, ...], Callable[[Key, Key], bool]], ...] = (
    *((g, _equal) for g in _GROUPS),
    (_SHARES, _same_share),
    (_HOLIDAYS, same_day_otherwise),
    (_CLOCKS, _equal),
    (_NUMBERED, _equal),
    (_NUMBERS, _equal),
)
_NUMBERS_KIND = len(_KINDS) - 1


# what a claim must hold, in lower case, for a kind's forms to be looked for (a claim holds none of most): its groups in
# order, then the shares; the forms' patterns tried on every claim cost more than the rest of this module
_DIGIT = "0123456789"
_SUBSCRIPT = str.maketrans("24", "\u2082\u2084")
_GASES_BY_FORMULA = ("co2", "ch4", "n2o", "so2", "no2")
_HINTS: tuple[tuple[str, ...], ...] = (
    ("h1", "h2", "1h", "2h", "half"),
    ("q1", "q2", "q3", "q4", "1q", "2q", "3q", "4q", "quarter", *_QUARTER_FIRSTS),
    ("mid", "early", "beginning", "start", "late", "end of"),
    ("fy", "fiscal", "financial"),
    ("fortnight", "weeks", "days"),
    ("doubled", "tripled", "trebled", "quadrupled", "fold", "%", "percent", "per cent", "halved", "half"),
    ("%", "percent", "per cent", "pct", "pc"),
    ("AD", "A.D", "CE", "C.E", "BC", "B.C"),  # in capitals: read on the claim as written
    ("00s", "century"),
    ("minus", *(f"-{d}" for d in _DIGIT), *(f"\u2212{d}" for d in _DIGIT)),
    ("usd", "us$", "$", "eur", "\u20ac", "gbp", "\u00a3", "dollars"),
    ("million", "mln", "mn", "billion", "bln", "bn", "trillion", "tn"),
    ("bp", "basis", "percentage point", "quarter", "half"),
    (*(f for g in _GASES_BY_FORMULA for f in (g, g.translate(_SUBSCRIPT))), "dioxide", "methane", "nitrous"),
    ("half", "third", "quarter", "fifth", "tenth", "%", "percent", "per cent", "pct"),
    (*HOLIDAY_HINTS, *MONTH_HINTS),  # a holiday, or a day of a month the source may name as a holiday
    CLOCK_HINTS,
    NUMBERED_HINTS,
)
_CASED_HINTS = (7, len(_HINTS) - 1)  # the era's, the Roman numerals'
_HINT = tuple(re.compile("|".join(map(re.escape, h))) for h in _HINTS)
_TENS_OR_SCALE = (*TENS, "hundred", "thousand")


def _number_words(text: str) -> bool:
    """Whether `text` writes a whole number in words of two words or more: each holds a ten or a scale word."""
    low = text.lower()
    return any(w in low for w in _TENS_OR_SCALE) and NUMBER_WORDS.search(text) is not None


_writes_number_words = text_cache(max_chars=16_000_000, max_entries=4096)(_number_words)  # a source's, read once


@text_cache(max_chars=16_000_000, max_entries=4096)
def _stated(source: str, kind: int) -> tuple[tuple[int, int, Key, int], ...]:
    """The forms of one kind of fact `source` writes (read once per source and kind: sources recur across claims)."""
    return tuple(_matches(_KINDS[kind][0], source))


@text_cache(max_chars=16_000_000, max_entries=4096)
def _flat(source: str) -> str:
    """`source` in lower case, each run of whitespace one space."""
    return " ".join(source.lower().split())


def _replacements(claim: str, source: str) -> list[tuple[int, int, str]]:
    """(start, end, the source's text) for each of the claim's forms that its source writes another way."""
    out: list[tuple[int, int, str]] = []
    low = claim.lower()
    for kind, (forms, same) in enumerate(_KINDS):
        if kind < _NUMBERS_KIND and _HINT[kind].search(claim if kind in _CASED_HINTS else low) is None:
            continue
        if kind == _NUMBERS_KIND and not _writes_number_words(source) and not _number_words(claim):
            continue  # digits only, where the source writes no number in words (most pairs): nothing to find
        said = _matches(forms, claim)
        if not said:
            continue
        stated = _stated(source, kind)
        for start, end, key, _form in said:
            if " ".join(claim[start:end].lower().split()) in _flat(source):
                continue  # the source writes it as the claim does
            other = next((s for s in stated if same(key, s[2])), None)
            if other is not None:
                out.append((start, end, source[other[0] : other[1]]))
    return out + names_restated(claim, source) + notations_restated(claim, source)


# pictographs an assistant decorates an answer with (emoji and their modifiers, joiners and variation selectors;
# miscellaneous symbols, dingbats but their circled digits, stars and arrows; flags): no source holds them, so a
# verbatim "✅ Refunds take 30 days" lost its exact match and the support model called it weak. They carry no fact
_PICTOGRAPHS = re.compile(
    "(?:[\u2600-\u26ff\u2700-\u2775\u2794-\u27bf\u2b00-\u2bff\U0001f1e6-\U0001f1ff\U0001f300-\U0001f64f"
    "\U0001f680-\U0001f6ff\U0001f900-\U0001f9ff\U0001fa70-\U0001faff][\ufe0e\ufe0f\u20e3]?\u200d?)+"
)
_SPACE_BEFORE_PUNCT = re.compile(r"\s+(?=[.,;:!?)\]]|$)")


def without_pictographs(claim: str) -> str:
    """`claim` as the verifier reads it: pictographs out, with the space they leave before punctuation."""
    if _PICTOGRAPHS.search(claim) is None:
        return claim
    return _SPACE_BEFORE_PUNCT.sub("", re.sub(r"\s{2,}", " ", _PICTOGRAPHS.sub(" ", claim))).strip()


def in_source_words(claim: str, source: str) -> str:
    """`claim` with each form its source writes another way replaced by the source's own text (left to right; a
    form inside one already replaced is left)."""
    if not claim or not source:
        return claim
    found = sorted(_replacements(claim, source), key=lambda r: (r[0], -r[1]))
    parts: list[str] = []
    pos = 0
    for start, end, text in found:
        if start < pos:
            continue
        parts += [claim[pos:start], text]
        pos = end
    return "".join(parts) + claim[pos:] if parts else claim
