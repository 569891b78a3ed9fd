"""A claim's names that its source writes in another form (the false-alarm sweep, round 4), used by `keyfacts`: an
organisation written out against the acronym the source gives ("The Federal Bureau of Investigation opened an
inquiry" against "The FBI opened ...") and back, a weekday that is the calendar's for the date beside it ("on
Tuesday, May 4, 2021" against "on May 4, 2021"), and a temperature scale named in words against its degree sign
("100 degrees Celsius" against "100 °C"). Pure functions."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from functools import lru_cache

from audit.verify.compounds import compound_found
from audit.verify.demonyms import COUNTRY_ADJECTIVES, COUNTRY_WORDS
from audit.verify.keynames import is_common
from audit.verify.months import ABBREVIATIONS, MONTH_NUMBERS, WEEKDAYS
from audit.verify.textcache import text_cache

# a name written out: two capitalised words or more, with "of", "and", "for", "the", "on", "in", "at", "&" between
# them ("Department of Justice", "Bank of England", "Centers for Disease Control and Prevention", "University of
# Illinois at Chicago": "UIC" against it was missing_name:UIC, the false-alarm sweep, round 11)
_CONNECTORS = ("of", "and", "for", "the", "on", "in", "at", "&")
_CAP_WORD = r"[A-Z][A-Za-z'\-]*"
_RUN = re.compile(rf"\b{_CAP_WORD}(?:\s+(?:(?:{'|'.join(_CONNECTORS)})\s+)*{_CAP_WORD})+")
_LEADING_ARTICLE = ("The", "A", "An")  # "The Federal Bureau ...": no initial
# an acronym a run's initials may spell: three letters or more (two, "EU", "UN", are `keynames._ALIASES` or chance)
_MIN_ACRONYM = 3
_MAX_ACRONYM = 6  # and six at the most (`is_acronym`): the names a source writes out are read up to six words


def _initials(words: list[str]) -> set[str]:
    """The acronyms a run of words may stand for: the initials of its capitalised words ("FBI" for "Federal Bureau
    of Investigation") and of every word ("DOJ" for "Department of Justice"), in capitals."""
    caps = "".join(w[0] for w in words if w[0].isupper())
    every = "".join(w[0].upper() for w in words if w != "&")
    return {a for a in (caps, every) if len(a) >= _MIN_ACRONYM}


def _runs(text: str, most: int = 0) -> Iterable[tuple[list[str], set[str]]]:
    """Each run of capitalised words of `text`, and each part of it from one capitalised word to another ("Federal
    Bureau of Investigation" in "the Federal Bureau of Investigation and Europol"), with the acronyms it may stand
    for; `most`: only parts of at most that many capitalised words (an acronym of 6 letters has no longer name: a
    long run of title-case words made its parts by the square of its length)."""
    for m in _RUN.finditer(text):
        words = m.group().split()
        caps = [i for i, w in enumerate(words) if w[0].isupper() and w not in _LEADING_ARTICLE]
        for a, i in enumerate(caps):
            for j in caps[a + 1 : a + most if most else None]:
                part = words[i : j + 1]
                if acronyms := _initials(part):
                    yield part, acronyms


# a word in capitals, or its plural ("NGOs"), not after a stop ("U.S.A" is no acronym "USA" here)
_CAPS_WORD = re.compile(r"(?<![\w.])([A-Z]+)s?(?!\w)")


@text_cache(max_chars=16_000_000, max_entries=4096)
def _caps_words(source: str) -> frozenset[str]:
    """The words `source` writes in capitals (a plural's "s" left off), read once per source."""
    return frozenset(_CAPS_WORD.findall(source))


def _has_acronym(acronym: str, source: str) -> bool:
    """Whether `source` writes `acronym` as a word in capitals (or its plural: "NGOs")."""
    return acronym in _caps_words(source)


def spelled_out(claim: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """The claim's names written out ("Federal Bureau of Investigation"): each run's capitalised words and the
    acronyms it may stand for (`_initials`); looked up as those acronyms where the source lacks a word of it. Up to
    six capitalised words, as a source's: a claim of 400 title-case words made 79,401 of them (2.7 s)."""
    runs = _runs(claim, most=_MAX_ACRONYM)
    return tuple((tuple(w for w in words if w[0].isupper()), tuple(sorted(acronyms))) for words, acronyms in runs)


# acronyms a source writes out in lower case, as titles and measures are ("chief executive Elon Musk" for "CEO Elon
# Musk" was missing_name:CEO): only these, since any three words may start with the letters of an acronym
_LOWER_CASE_FORMS = {
    "CEO": re.compile(r"\bchief\s+executive\b", re.IGNORECASE),
    "CFO": re.compile(r"\bchief\s+financial\s+officer\b", re.IGNORECASE),
    "COO": re.compile(r"\bchief\s+operating\s+officer\b", re.IGNORECASE),
    "CTO": re.compile(r"\bchief\s+technology\s+officer\b", re.IGNORECASE),
    "GDP": re.compile(r"\bgross\s+domestic\s+product\b", re.IGNORECASE),
    "IPO": re.compile(r"\binitial\s+public\s+offering\b", re.IGNORECASE),
    # two letters, under `_MIN_ACRONYM`: found only written out ("The PM resigned" for "The Prime Minister resigned")
    "PM": re.compile(r"\bprime\s+minister\b", re.IGNORECASE),
}


def _spells(acronym: str, source: str) -> bool:
    """Whether `source` writes out a name whose initials are `acronym` ("Federal Bureau of Investigation"), or one
    of `_LOWER_CASE_FORMS` ("chief executive" for "CEO")."""
    lower = _LOWER_CASE_FORMS.get(acronym)
    if lower is not None and lower.search(source) is not None:
        return True
    return acronym in _spelled_acronyms(source)


@text_cache(max_chars=16_000_000, max_entries=4096)
def _spelled_acronyms(source: str) -> frozenset[str]:
    """Every acronym a name `source` writes out may stand for (`_runs`), read once per source: a source's runs were
    enumerated again for each acronym of each claim cited to it. The parts' initials are joined from each run's
    words' initials, as `_initials` reads them, without a list of words and two passes over it for each part."""
    found: set[str] = set()
    for m in _RUN.finditer(source):
        words = m.group().split()
        caps = [i for i, w in enumerate(words) if w[0].isupper() and w not in _LEADING_ARTICLE]
        upper = [w[0] if w[0].isupper() else "" for w in words]
        every = [w[0].upper() if w != "&" else "" for w in words]
        for a, i in enumerate(caps):
            for j in caps[a + 1 : a + _MAX_ACRONYM]:
                capital, first = "".join(upper[i : j + 1]), "".join(every[i : j + 1])
                if len(capital) >= _MIN_ACRONYM:
                    found.add(capital)
                if len(first) >= _MIN_ACRONYM:
                    found.add(first)
    return frozenset(found)


# an acronym in mixed case, capitals around single lower-case letters ("YoY", "QoQ"): the initials of a compound with
# a short word inside, which sources write out with hyphens or spaces ("year-over-year", "quarter on quarter")
_MIXED_ACRONYM = re.compile(r"[A-Z](?:[a-z][A-Z])+")


def _writes_compound(acronym: str, source: str) -> bool:
    """Whether `source` writes out the compound a mixed-case `acronym` spells ("year-over-year" for "YoY")."""
    parts = [rf"{c}[a-z]{{0,3}}" if c.islower() else rf"{c}[a-z]+" for c in acronym]
    return re.search(r"\b" + r"[-\s]+".join(parts) + r"\b", source, re.IGNORECASE) is not None


def is_acronym(name: str) -> bool:
    """A claim's name in capitals that may be an acronym: 3 to 6 letters ("FBI", "NHS", "UNESCO")."""
    return name.isalpha() and name.isupper() and _MIN_ACRONYM <= len(name) <= _MAX_ACRONYM


_MONTH_RE = rf"(?:{'|'.join(ABBREVIATIONS)})[a-z]*\.?"  # `months`' table
_DAY_RE = r"(\d{1,2})(?:st|nd|rd|th)?"
_DATE_FORMS = (
    rf"(?P<m1>{_MONTH_RE})\s+{_DAY_RE.replace('(', '(?P<d1>', 1)},?\s+(?P<y1>\d{{4}})",  # May 4, 2021
    # 4 May 2021, the 4th of May 2021
    rf"(?:the\s+)?{_DAY_RE.replace('(', '(?P<d2>', 1)}(?:\s+of)?\s+(?P<m2>{_MONTH_RE}),?\s+(?P<y2>\d{{4}})",
    r"(?P<y3>\d{4})-(?P<m3>\d{2})-(?P<d3>\d{2})",  # 2021-05-04
    r"(?P<a4>\d{1,2})/(?P<b4>\d{1,2})/(?P<y4>\d{4})",  # 5/4/2021, either way round
)
_DATE = "(?:" + "|".join(_DATE_FORMS) + ")"
# a weekday right before its date ("Tuesday, May 4, 2021", "Friday 13 November 2015") or right after it ("March 3,
# 2020, a Tuesday", "..., which was a Tuesday")
_DAY_NAME = "(?:" + "|".join(WEEKDAYS) + ")"
_DAY_BEFORE = re.compile(rf"\b(?P<day>{_DAY_NAME}),?\s+(?:the\s+)?{_DATE}")
_DAY_AFTER = re.compile(rf"{_DATE},?\s+(?:which\s+was\s+)?an?\s+(?P<day>{_DAY_NAME})\b")


def _month(word: str) -> int:
    return MONTH_NUMBERS[word.rstrip(".").lower()[:3]]


def _dates(m: re.Match[str]) -> list[tuple[int, int, int]]:
    g = m.groupdict()
    if g["m1"]:
        return [(int(g["y1"]), _month(g["m1"]), int(g["d1"]))]
    if g["m2"]:
        return [(int(g["y2"]), _month(g["m2"]), int(g["d2"]))]
    if g["y3"]:
        return [(int(g["y3"]), int(g["m3"]), int(g["d3"]))]
    a, b, year = int(g["a4"]), int(g["b4"]), int(g["y4"])
    return [(year, a, b), (year, b, a)]


def _weekday(year: int, month: int, day: int) -> str | None:
    try:
        return WEEKDAYS[datetime.date(year, month, day).weekday()]
    except ValueError:
        return None


def dated_days(claim: str) -> tuple[str, ...]:
    """The claim's weekdays written beside a date they are the calendar's weekday of ("Tuesday, May 4, 2021"): the
    date is the fact (looked up as any date), the weekday follows from it."""
    if not any(d in claim for d in WEEKDAYS):
        return ()
    out = []
    for m in [*_DAY_BEFORE.finditer(claim), *_DAY_AFTER.finditer(claim)]:
        if any(_weekday(*date) == m.group("day") for date in _dates(m)):
            out.append(m.group("day"))
    return tuple(dict.fromkeys(out))


# a unit's symbol after a number is found where the source writes out that unit with that prefix ("5 megawatts" for
# "5 MW", "16 gigabytes" for "16 GB", "3 megawatt-hours" for "3 MWh", "5 gigahertz" for "5 GHz": each was
# missing_name, a correct answer RED); another prefix is another unit ("5 GW" against "5 megawatts" stays missing)
_UNIT_SYMBOL = re.compile(r"([kKMGT])(Wh|W|B|Hz)")
_UNIT_PREFIXES = {"k": "kilo", "K": "kilo", "M": "mega", "G": "giga", "T": "tera"}
_UNIT_WORDS = {"W": "watts?", "Wh": r"watt[-\s]?hours?", "B": "bytes?", "Hz": "hertz"}


def _writes_unit(symbol: str, source: str) -> bool:
    """Whether `source` writes out the unit a symbol names ("megawatts" for "MW")."""
    m = _UNIT_SYMBOL.fullmatch(symbol)
    word = m and rf"\b{_UNIT_PREFIXES[m.group(1)]}{_UNIT_WORDS[m.group(2)]}\b"
    return word is not None and re.search(word, source, re.IGNORECASE) is not None


# a temperature scale named in words is found where the source writes the degree sign and its letter
_SCALES = {
    "Celsius": re.compile(r"[°º˚]\s?C\b|℃|\bdeg(?:rees?)?\.?\s?C\b"),
    "Centigrade": re.compile(r"[°º˚]\s?C\b|℃|\bdeg(?:rees?)?\.?\s?C\b|\bcelsius\b", re.IGNORECASE),
    "Fahrenheit": re.compile(r"[°º˚]\s?F\b|℉|\bdeg(?:rees?)?\.?\s?F\b"),
}


def found_otherwise(
    missing: list[str],
    spelled: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...],
    dated: tuple[str, ...],
    source: str,
    names: tuple[str, ...] = (),
    qualifiers: tuple[str, ...] = (),
) -> list[str]:
    """The names of `missing` (the claim's names the source lacks as written) that are not in it in another form
    either: a word of a name the claim writes out whose acronym the source gives, an acronym the source writes out
    (in mixed case, "YoY", as a compound: "year-over-year"), a weekday beside its own date (`dated_days`), a
    temperature scale by its degree sign, a unit's symbol written out ("MW" as "megawatts"), a name's last word in
    the plural (`_singular_named`: the claim's `names` in order), a compound written open, hyphenated or closed
    (`compounds.py`: "Coca-Cola" as "Coca Cola", "Family Mart" as "FamilyMart")."""
    if not missing:
        return missing
    found: set[str] = {d for d in dated if d in missing} | compound_found(missing, names, source)
    for written, acronyms in spelled:  # (not `names`: the claim's names in order, read below)
        if any(n in missing for n in written) and any(_has_acronym(a, source) for a in acronyms):
            found.update(written)
    for name in missing:
        if (
            ((is_acronym(name) or name in _LOWER_CASE_FORMS) and _spells(name, source))
            or (_MIXED_ACRONYM.fullmatch(name) is not None and _writes_compound(name, source))
            or (name in _SCALES and _SCALES[name].search(source) is not None)
            or _writes_unit(name, source)
            or (name in names[1:] and _singular_named(names[names.index(name) - 1], name, source))
            or _family_named(name, source)
            or (name == "Black" and _black_said(names, missing, source))
            or (name in qualifiers and _country_qualifier(name, names, missing, source))
        ):
            found.add(name)
    return [n for n in missing if n not in found]


_COUNTRY_NAMED = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, COUNTRY_WORDS), key=len, reverse=True)) + r"|U\.S|U\.K|EU)\b"
)


# a country's abbreviation (possessive or not) just before a capitalised word: "the US Federal Reserve", "the UK's
# Bank of England". Not its name, nor its adjective before any capitalised word: on the training pairs those were as
# often part of a name ("the American Fantasy Press", "the Chinese Soviet Republic") or a name's end ("Great Britain
# Robert Walpole")
_QUALIFIER = re.compile(r"(?<![\w.])(US|USA|UK)(?:['\u2019]s)?\s+(?=[A-Z])")
# ... and a country's adjective just before a name that is no common word ("the German Bundestag", "the Russian
# Duma": the false-alarm sweep, round 18), which names one thing; not before a common word, where it may be part
# of a name ("the American Fantasy Press") or tell one of many ("the French government", "the Japanese Diet")
_ADJECTIVE = re.compile(rf"(?<![\w.])({'|'.join(sorted(COUNTRY_ADJECTIVES))})\s+([A-Z][\w-]*)")


def country_qualifiers(claim: str) -> tuple[str, ...]:
    """The country abbreviations of `claim` just before a capitalised word, and its countries' adjectives just before
    a name that is no common word, as `keynames.claim_names` writes them."""
    adjectives = [m.group(1) for m in _ADJECTIVE.finditer(claim) if not is_common(m.group(2))]
    return tuple(dict.fromkeys([*(m.group().rstrip() for m in _QUALIFIER.finditer(claim)), *adjectives]))


def _country_qualifier(name: str, names: tuple[str, ...], missing: list[str], source: str) -> bool:
    """Whether a claim's country (`country_qualifiers`: "US", "UK's") only qualifies the name after it that the source
    states ("the US Federal Reserve" against "the Fed", "the US Congress" against "Congress"), in a source that
    names no country but the claim's other names ("Bank of England") (the false-alarm sweep, round 17: it was
    missing_name:US)."""
    word = name.removesuffix("'s").removesuffix("\u2019s")
    if word not in COUNTRY_WORDS or name not in names[:-1]:
        return False
    after = names[names.index(name) + 1]
    named = {m.group() for m in _COUNTRY_NAMED.finditer(source)}
    return after not in missing and after not in COUNTRY_WORDS and named <= set(names) - {name}


def _singular_named(before: str, name: str, source: str) -> bool:
    """Whether a common word ending a name in the plural ("two Nobel Prizes", "three Grammy Awards") is in the
    source in the singular after the name's word `before` ("won the Nobel Prize twice"): not a name's "s"
    ("Williams", "Jones" are no plurals of a common word: `keynames.is_common`), nor a people's plural alone ("the
    Normans" for "the Norman invasion": the training pairs' plurals alone were as often in unsupported claims)."""
    if len(name) < 4 or not name.endswith("s") or name.isupper() or not is_common(name):
        return False
    singulars = (name[:-1], name[:-2]) if name.endswith("es") else (name[:-1],)
    return any(re.search(rf"\b{re.escape(before)}\s+{re.escape(s)}\b", source) is not None for s in singulars)


_FAMILY = r"\s+(?:family|families|clan|household|dynasty)\b"  # what a family's name in the plural stands for


def _family_named(name: str, source: str) -> bool:
    """Whether a family's name in the plural ("the Smiths", "the Kennedys", "the Joneses") is in the source as the
    family it names ("the Smith family", "the Kennedy clan"; the false-alarm sweep, round 14): a one-word name ending
    in "s" whose singular the source writes before "family", "families", "clan", "household" or "dynasty". Not
    another family ("the Jones family" for "the Smiths"), nor the singular alone ("Smith moved" for "the Smiths")."""
    if len(name) < 4 or not name.endswith("s") or not name[:1].isupper() or name.isupper() or " " in name:
        return False
    singulars = (name[:-1], name[:-2]) if name.endswith("es") else (name[:-1],)
    return any(re.search(rf"\b{re.escape(s)}{_FAMILY}", source) is not None for s in singulars)


_AFRICAN_AMERICAN = re.compile(r"\bAfrican[-\s]Americans?\b")


def _black_said(names: tuple[str, ...], missing: list[str], source: str) -> bool:
    """Whether the claim's "Black" (of people: "the first Black woman") is the source's "African American" (the
    false-alarm sweep, round 14): every African American is Black, so the claim says no more than the source. Only
    a "Black" that is the claim's last name or is followed by "American(s)": not where another name follows it
    ("the Black Sea" against a source naming "African American sailors" and "the Red Sea" names a sea), nor the
    other way round ("African American" for the source's "Black": Black is the wider word)."""
    if _AFRICAN_AMERICAN.search(source) is None:
        return False
    after = names[names.index("Black") + 1 :] if "Black" in names else ()
    return not after or (after[0] in ("American", "Americans") and after[0] not in missing)


# a claim restated in its source's words (`audit.verify.restate`): its names the source writes another way
def names_restated(claim: str, source: str) -> list[tuple[int, int, str]]:
    """(start, end, the source's text) for each acronym, name written out or abbreviation with stops of `claim` that
    `source` writes another way."""
    return _acronyms(claim, source) + _dotted(claim, source)


_DOTTED = re.compile(r"(?<![\w.])((?:[A-Za-z][a-z]?\.){2,})(?!\w)")


def _dotted(claim: str, source: str) -> list[tuple[int, int, str]]:
    """An abbreviation the claim writes with stops that the source writes without ("Ph.D." for "PhD")."""
    out = []
    for m in _DOTTED.finditer(claim):
        plain = m.group(1).replace(".", "")
        if m.group(1) not in source and re.search(rf"(?<![\w.]){plain}(?![\w.]\w)", source) is not None:
            out.append((m.start(), m.end(), plain))
    return out


def _acronyms(claim: str, source: str) -> list[tuple[int, int, str]]:
    """An acronym of the claim the source writes out ("NASA" for "National Aeronautics and Space Administration",
    commas in its list too: "UNESCO"), and a name the claim writes out whose acronym the source gives. Not where the
    claim writes both ("Natural Language Processing (NLP)"), nor where the source writes out two names of those
    initials ("Major" and "Minor League Baseball" for "MLB")."""
    out: list[tuple[int, int, str]] = []
    caps, mine = _caps_words(source), frozenset(_CAPS_WORD.findall(claim))
    for m in re.finditer(r"(?<![\w.])([A-Z]{3,6})(?![\w.])", claim):
        acronym = m.group(1)
        if acronym in caps:
            continue
        lower = _LOWER_CASE_FORMS.get(acronym)
        names = {f.group() for f in lower.finditer(source)} if lower is not None else set()
        names |= {f.group() for f in _written_out(acronym).finditer(source)}
        if len({n.lower() for n in names}) == 1 and (name := names.pop()).lower() not in claim.lower():
            out.append((m.start(), m.end(), name))
    for run in _RUN.finditer(claim):  # a whole name: a part of it ("Natural Language Processing" in "Empirical
        # Methods in Natural Language Processing") is no name of its own
        lead = re.match(rf"(?:(?:{'|'.join(_LEADING_ARTICLE)})\s+)?", run.group())
        start = run.start() + (lead.end() if lead else 0)
        written = claim[start : run.end()]
        given = [a for a in sorted(_initials(written.split())) if a in caps and a not in mine]
        if (
            len(given) == 1
            and len(written.split()) <= 12
            and " ".join(written.lower().split()) not in " ".join(source.lower().split())
        ):
            out.append((start, run.end(), given[0]))
    for acronym, lower in _LOWER_CASE_FORMS.items():  # not "PM": as often the afternoon ("at 3 PM")
        if len(acronym) < _MIN_ACRONYM or acronym not in caps or acronym in mine:
            continue
        if (found := lower.search(claim)) and not lower.search(source):
            out.append((found.start(), found.end(), acronym))
    return out


@lru_cache(maxsize=4096)  # re's own cache (512 patterns, shared with every other call) kept few of them: 1.7 ms each
def _written_out(acronym: str) -> re.Pattern[str]:
    """A name whose capitalised words' initials are `acronym`, with "of", "and", "for", "the", "on", "in", "&" and
    commas between them ("United Nations Educational, Scientific and Cultural Organization")."""
    between = r",?\s+(?:(?:of|and|for|the|on|in|&)\s+)*"
    return re.compile(r"\b" + between.join(rf"{c}[a-z][\w'\-]*" for c in acronym) + r"\b")
