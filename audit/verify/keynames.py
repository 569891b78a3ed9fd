"""Names of a claim (capitalised words in any alphabet) and whether a source holds them: whole words, accents
folded. Pure functions, used by `keyfacts`."""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from audit.extract.firstchars import first_words, search_from_first, words_of
from audit.verify.demonyms import DEMONYM_GROUPS, US_ADJECTIVES
from audit.verify.months import WEEKDAYS, day_group_words
from audit.verify.numwords import ORDINALS, TENS, TENTHS
from audit.verify.spellings import spelling_variants
from audit.verify.textcache import text_cache

# Scripts written without spaces between a number and its word (kana, CJK ideographs, Hangul syllables, Thai, Lao,
# Myanmar, Khmer): their letters are word characters, so `90天` (90 days) held no number and a claim whose figure was
# changed against its source's `30天` had no missing_number (verified, GREEN). A number or a name may touch them.
_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
# a possessive name is looked up without its 's: "Apple's" is in a source naming Apple, "McDonald's" in "McDonalds"
_POSSESSIVE = re.compile(r"'s$")


def _letters(test: str) -> str:
    """A regex class body of the upper- or lower-case letters of the Latin, Greek and Cyrillic blocks."""
    chars = [chr(c) for lo, hi in ((0x41, 0x24F), (0x370, 0x52F), (0x1E00, 0x1FFF)) for c in range(lo, hi + 1)]
    return "".join(re.escape(c) for c in chars if getattr(c, test)())


_UPPER, _LOWER = _letters("isupper"), _letters("islower")
# a name is a capitalised word in any of those alphabets: "Müller", "José", "Łódź", "Москва" were none ([A-Z][a-z]+)
_NAME = re.compile(rf"\b[{_UPPER}][{_UPPER}{_LOWER}]+(?:[-'][{_UPPER}]?[{_LOWER}]+)?\b")
_COMMON_CAPS = frozenset(
    "The A An In On At For And But Or If It Its This That These Those He She They We You I Our Your Their His Her"
    " As By From With To Of Also However Mio Mrd".split()  # Mio., Mrd.: German scale words after a number
)
# a capitalised word that starts a sentence is a name only when it is no common word: most are ("Throughout",
# "Ensure", "Artificial"); the common words are the whole words of the packaged MiniLM's vocabulary (lower case),
# and their inflections ("Leveraging", "Implemented")
# (a sentence starts a claim, a line, or follows ".", "!", "?" or ":", after any bullet, number, bold or opening
# quote: "- Conduct checks", "2. Create a policy", "Step one: Establish roles" start with common words)
# (not the stop of a title or a place's abbreviation: "St. Mark", "Dr. Brown", "Mt. Hood" name Mark, Brown, Hood)
_SENTENCE_START = re.compile(
    r"(?:\A|\n|(?<!\bSt)(?<!\bMt)(?<!\bFt)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)[.!?:]\s)"
    r"\s*(?:[-*\u2022#>]+\s*|\d{1,2}[.)]\s+|\*\*|[\"'\u201c\u2018(\[]\s*)*\Z"
)
# nor when a capitalised word follows: "Marcie Blane", "Lizzy Caplan" (the next name is one of the claim's, and
# sources name a person by the surname alone: the first name flagged 2 of 4 supported dev citations it touched)
_NEXT_NAME = re.compile(rf" [{_UPPER}]")
_VOCABULARY = Path(__file__).resolve().parent.parent / "models" / "minilm-int8" / "tokenizer.json"
# the vocabulary is uncased: it holds names too ("smith", "paris", "jordan"); those that the training pairs' sources
# capitalise mid-sentence far more often than they write them in lower case, seldom after an article ("American")
# or before a full stop ("Dr"), are names where a sentence starts (`make name-words`: tools/names_lexicon/build.py)
_NAME_WORDS = Path(__file__).resolve().parent.parent / "models" / "name_words.tsv"
_ENDINGS = ("s", "es", "ed", "d", "ing", "ly", "er", "ers")
# a word built as common words are (its ending or its prefix) is one too: "Formulating", "Evaporation",
# "Unsupervised"; few names end so ("Beijing", "Kelly", "Nepal" are whole words of the vocabulary anyway)
_DERIVED = re.compile(
    r"\w{3,}(?:ing|ings|ed|ly|tion|tions|sion|sions|ness|ment|ments|ous|ive|ives|able|ible|ism|isms|ist|ists|ity|ities"
    r"|ic|ics|ical|ology)"
)
_PREFIX = re.compile(r"(?:un|under|over|non|re|pre|dis|mis|counter|out|inter|sub|super|anti|multi|semi|co)(\w{4,})")


@functools.cache
def common_words() -> frozenset[str]:
    """The whole words of the packaged MiniLM's WordPiece vocabulary (lower case, 21,945): English words, and the
    names common enough to hold a token of their own ("smith", "paris", "microsoft")."""
    vocab = json.loads(_VOCABULARY.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(w for w in vocab if w.isalpha() and w.islower())


@functools.cache
def _name_words() -> frozenset[str]:
    """The vocabulary's words that running text writes as names ("smith", "paris"; not "apple", "american")."""
    lines = _NAME_WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.split("\t", 1)[0] for line in lines if line and not line.startswith("#"))


def is_common(word: str) -> bool:
    """Whether a capitalised word is a common word: no name-like word ("Smith", "Smith's"), and a vocabulary word."""
    return _POSSESSIVE.sub("", word.lower()) not in _name_words() and in_vocabulary(word)


def in_vocabulary(word: str) -> bool:
    """Whether a word is a vocabulary word in lower case, each part of a hyphenated one ("Paris-based"), a
    possessive without its 's, an inflection by its stem ("Leveraging" is "leverage" + ing)."""
    words = common_words()
    for part in _POSSESSIVE.sub("", word.lower()).split("-"):
        if _DERIVED.fullmatch(part):
            continue
        prefixed = _PREFIX.fullmatch(part)
        for p in (part, prefixed.group(1)) if prefixed else (part,):
            stems = [p] + [p[: -len(e)] + a for e in _ENDINGS if p.endswith(e) for a in ("", "e")]
            if any(s in words for s in stems):
                break
        else:
            return False
    return True


def _combining_class(lo: int, hi: int) -> str:
    """A regex class body of the combining marks between `lo` and `hi` (all lie between U+0300 and U+1E94A)."""
    marks = [c for c in range(lo, hi) if unicodedata.combining(chr(c))]
    runs: list[list[int]] = []
    for c in marks:
        if runs and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    return "".join(re.escape(chr(a)) + (f"-{re.escape(chr(b))}" if b > a else "") for a, b in runs)


# one sub drops a page's accents ~2x faster than testing its characters one by one; the marks of the BMP apart (a
# class of them is a bitmap to re, one reaching past U+FFFF a list of ranges, ~10x slower)
_COMBINING = re.compile(f"[{_combining_class(0x300, 0x10000)}]+")
_ASTRAL_COMBINING = re.compile(f"[{_combining_class(0x10000, 0x1F000)}]+")
# letters that no accent folding takes apart: "Łódź" is written "Lodz", "Straße" "Strasse"; typeset hyphens are "-"
_UNFOLDABLE_CHAR = re.compile("[łøđðħıßæœþ\u2010\u2011]")
_UNFOLDABLE = str.maketrans(
    dict(zip("łøđðħıæœþ\u2010\u2011", "l o d d h i ae oe th - -".split(), strict=True)) | {"ß": "ss"}
)


# a company's legal suffix ("Apple Inc.", "Tesco Ltd") names nothing a source must repeat, nor "No." before a number
# ("No. 1": number one)
_COMPANY_SUFFIXES = frozenset("Inc Ltd Corp LLC Plc PLC GmbH".split())
_NUMBER_SIGN = re.compile(r"\.?\s*\d")
_SUFFIX_NEXT = re.compile(rf" (?:{'|'.join(_COMPANY_SUFFIXES)})\b")  # "Microsoft Inc.": no name follows Microsoft


def claim_names(claim: str) -> Iterator[str]:
    """The claim's names: capitalised words in any alphabet ("Müller", "Łódź", "Москва") but common ones; where a
    sentence starts, only a word that is no common word in lower case ("Milira", not "Throughout") and that no
    capitalised word follows."""
    for m in _NAME.finditer(claim):
        word = m.group()
        if word in _COMMON_CAPS or word in _COMPANY_SUFFIXES:
            continue
        if word == "No" and _NUMBER_SIGN.match(claim, m.end()):
            continue
        if _SENTENCE_START.search(claim, max(0, m.start() - 12), m.start()) and (
            is_common(word) or (_NEXT_NAME.match(claim, m.end()) and not _SUFFIX_NEXT.match(claim, m.end()))
        ):
            continue
        yield word


def fold_text(text: str) -> str:
    """`text` without accents: "zürich" -> "zurich" (composed or not; a Hangul syllable stays one)."""
    if text.isascii():  # most sources: nothing to fold (a web page's characters one by one cost ~10 ms)
        return text
    bare = _COMBINING.sub("", unicodedata.normalize("NFD", text))
    if bare and max(bare) > "\uffff":  # a text of combining marks alone folds to nothing
        bare = _ASTRAL_COMBINING.sub("", bare)
    bare = unicodedata.normalize("NFC", bare)
    return bare.translate(_UNFOLDABLE) if _UNFOLDABLE_CHAR.search(bare) else bare


# one country, union, city or agency written out, abbreviated, with stops or without: a source naming it one way
# names it every way ("US" against a source's "United States" was missing_name:US, "United States" against "U.S." two
# of them; "NYC", "Britain", "WHO" likewise). The abbreviations are read in the source's own case ("us" is a
# pronoun), the names written out in any
_ALIASES = (
    ("US", "U.S.", "USA", "U.S.A.", "United States", "United States of America", *US_ADJECTIVES),
    ("UK", "U.K.", "United Kingdom", "Britain", "Great Britain", "British"),  # "British" / "UK": false alarms 19
    ("EU", "E.U.", "European Union"),
    ("UN", "U.N.", "United Nations"),
    ("UAE", "U.A.E.", "United Arab Emirates"),
    ("NYC", "New York City"),
    ("WHO", "World Health Organization", "World Health Organisation"),
    ("Fed", "Federal Reserve"),  # the false-alarm sweep, round 11: "The Fed" against it was missing_name:Fed
    ("NY", "N.Y.", "New York"),
    ("LA", "L.A.", "Los Angeles"),  # the false-alarm sweep, round 9: "Los Angeles" against "LA" was missing_name:Los
    ("Netherlands", "Holland"),  # and "The Netherlands" against "Holland" missing_name:Netherlands
    ("WWII", "WW2", "WW II", "World War II", "World War 2", "World War Two", "Second World War"),
    ("WWI", "WW1", "WW I", "World War I", "World War 1", "World War One", "First World War"),
    *DEMONYM_GROUPS,  # a country and its people's adjective ("Ireland" / "Irish": `demonyms.py`)
    # an era in either notation (the false-alarm sweep, round 18: "44 BC" against "44 BCE" was missing_name:BC)
    ("BC", "B.C.", "BCE", "B.C.E."),
    ("AD", "A.D.", "CE", "C.E."),
)
# a word of a place's or an organisation's name by its abbreviation, and back: "St. John Street" is "Saint John Street",
# "Ft. Sumter" "Fort Sumter", "the Dept. of Energy" "the Department of Energy", "Microsoft Corp." "Corporation"
# (false alarms round 9), "Warner Bros." "Warner Brothers", "Thurs." "Thursday", a US state as the press writes it:
# "Sacramento, Calif." "Sacramento, California" (not those that are words or names too: Del., Miss., Pa., ...)
_ABBREVIATED = (
    "st:saint st:street mt:mount ft:fort dept:department govt:government corp:corporation univ:university "
    "intl:international assn:association ave:avenue bros:brothers ala:alabama ariz:arizona ark:arkansas "
    "calif:california colo:colorado conn:connecticut fla:florida ill:illinois kan:kansas ky:kentucky md:maryland "
    "mass:massachusetts mich:michigan minn:minnesota mont:montana neb:nebraska nev:nevada okla:oklahoma ore:oregon "
    "tenn:tennessee vt:vermont wis:wisconsin wyo:wyoming tues:tuesday thurs:thursday weds:wednesday "
    "jr:junior sr:senior inc:incorporated ltd:limited co:company natl:national"  # "Jr.", "Motor Co." (round 10)
).split()


def _both_ways(pairs: list[str]) -> dict[str, tuple[str, ...]]:
    """Each word's other forms: an abbreviation's words written out ("st": saint, street), a word's abbreviation."""
    out: dict[str, tuple[str, ...]] = {}
    for short, full in (p.split(":") for p in pairs):
        out[short], out[full] = (*out.get(short, ()), full), (*out.get(full, ()), short)
    return out


_NAME_ABBREVIATIONS = _both_ways(_ABBREVIATED)
_LOWER_WORDS = frozenset("mass ill ore ark co".split())  # read only where the source writes them with a capital


@dataclass(frozen=True)
class _AliasForms:
    short: tuple[str, ...]  # abbreviations, as written ("US", "U.S.")
    long: tuple[str, ...]  # names written out, lower case ("united states")
    short_re: re.Pattern[str]  # an abbreviation as a word, case-sensitive
    long_re: re.Pattern[str]  # a name written out as words of the lower-cased text
    forms: str  # every form, lower case
    firsts: tuple[frozenset[str] | None, frozenset[str] | None]  # the short and long forms' first words


def _alias_forms(group: tuple[str, ...]) -> _AliasForms:  # a short form read with its capital: "Fed", not "fed up"
    short = tuple(f for f in group if f.isupper() or "." in f or len(f) <= 3)
    long_ = tuple(f.lower() for f in group if f not in short)
    return _AliasForms(
        short,
        long_,
        re.compile("|".join(rf"(?<![\w.]){re.escape(f)}(?!\w)" for f in short)),
        re.compile("|".join(rf"\b{re.escape(f)}\b" for f in long_)),
        " ".join(f.lower() for f in group),
        (first_words(short), first_words(long_)),
    )


_ALIAS_FORMS = [_alias_forms(group) for group in _ALIASES]


def _names_group(a: _AliasForms, source: str, low: str, words: tuple[frozenset[str], frozenset[str]]) -> bool:
    # the forms' first words among the text's words (a set test: most sources name no group), then a plain substring
    # search (in C, ~30x faster than the patterns, which run from the first form found on)
    (short, long_), (in_source, in_low) = a.firsts, words
    return ((short is None or not short.isdisjoint(in_source)) and search_from_first(a.short, a.short_re, source)) or (
        (long_ is None or not long_.isdisjoint(in_low)) and search_from_first(a.long, a.long_re, low)
    )


def alias_words(source: str, low: str) -> str:
    """Every form (lower case) of each country or union `source` names in one of its forms (`_ALIASES`), and the
    days it names as "weekdays" or "weekends" (`months.day_group_words`), to be appended to its folded text: "" for most
    sources."""
    words = (words_of(source), words_of(low))
    return "".join(f" {a.forms}" for a in _ALIAS_FORMS if _names_group(a, source, low, words)) + day_group_words(low)


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


# a weekday's plural ("closed on Mondays") is found where the source names the day ("closed every Monday")
_WEEKDAYS = frozenset(d.lower() for d in WEEKDAYS)
# an acronym's plural: a capital, one before the lower-case "s" ("LEDs", "GANs", "PhDs", "PoCs": round 12); a name
# that is no acronym keeps its "s" ("Williams" is not "William", "McAdams" not "McAdam")
_ACRONYM_PLURAL = re.compile(r"[A-Z][A-Za-z]*[A-Z]s")


# a word written with a capital ("US", "Nasa", "Paris"), or a run of them
_CAPITALISED = re.compile(rf"\S*[{_UPPER}]\S*")


@text_cache(max_chars=16_000_000, max_entries=2048)
def capitalised_words(source: str) -> str:
    """The words `source` writes with a capital, lower case, accents folded, and every form of each country or union
    it names (`alias_words`): where a claim's abbreviation is looked up ("They told us" names no "US")."""
    words = " ".join(_CAPITALISED.findall(source))
    low = source.lower()
    return fold_text(words.lower()) + alias_words(source, low)


# abbreviations that are also a common short word in lower case: the pronoun "us", "it", "who", "me", the "in" and
# "or" of a sentence (a state's code). Only these are read in the source's case: others are written in lower case for
# what they name ("MAYIM" against a source's "mayim", "8th century BCE" against "bce": supported training pairs)
_WORD_LIKE = frozenset("us it who am me we he in on at or as is be do go no so an of to by up if my id ok".split())


def _is_word_like(name: str) -> bool:
    """An abbreviation in capitals that is also a common short word ("US", "IT", "WHO")."""
    return name.isupper() and name.lower() in _WORD_LIKE


# a king's, a pope's or a war's number: a Roman numeral of I, V and X (2 to 39: "DC", "MIX", "CV" name other
# things) is its ordinal in words or digits ("Henry VIII" is "Henry the Eighth", "Louis XIV" "Louis the 14th"), and
# a capitalised ordinal ("the Fifth Avenue store") its digits or its Roman numeral, in capitals in the source
_ROMAN = re.compile(r"(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3})")
_ORDINALS = {w: i for i, w in enumerate(ORDINALS) if i} | {w: 20 + 10 * i for i, w in enumerate(TENTHS[:2])}
_ORDINALS |= {
    f"{t}{sep}{u}": b + i
    for t, b in ((TENS[0], 20), (TENS[1], 30))
    for i, u in enumerate(ORDINALS[1:10], 1)
    for sep in ("", "-")
}


def _roman_value(numeral: str) -> int:
    values = [{"I": 1, "V": 5, "X": 10}[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _roman(value: int) -> str:
    tens, units = divmod(value, 10)
    return "X" * tens + ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")[units]


def _ordinal_digits(value: int) -> str:
    return f"{value}{'th' if 10 <= value % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(value % 10, 'th')}"


def _numeral_found(name: str, folded: str, source: str | None) -> bool:
    """Whether a claim's Roman numeral (2 to 39) or capitalised ordinal names a number the source states as an
    ordinal in another form (`_ROMAN`)."""
    if _ROMAN.fullmatch(name):
        value = _roman_value(name)
        return any(_has_word(w, folded) for w, v in _ORDINALS.items() if v == value) or _has_word(
            _ordinal_digits(value), folded
        )
    value_ = _ORDINALS.get(name.lower())
    if value_ is None:
        return False
    roman = re.search(rf"(?<![\w.]){_roman(value_)}(?!\w)", source) if source is not None and value_ > 1 else None
    return roman is not None or _has_word(_ordinal_digits(value_), folded)


# "Jr." / "Sr." a source leaves out is found, but not where the source names the other ("King Jr." is not "King Sr.")
_GENERATIONS = {"jr": ("sr", "senior"), "sr": ("jr", "junior")}
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_UMLAUT_PAIRS = re.compile("ae|oe|ue")


def _written_otherwise(name: str, word: str, folded: str) -> bool:
    """Whether a claim's name (`word`: lower case, folded) is in the source written another way: "Jr." or "Sr." left
    out (`_GENERATIONS`), an abbreviation or initials with stops ("DC" as "D.C.", "JK" as "J. K."), an umlaut as
    "oe", "ue", "ae" ("Gödel" as "Goedel"), or the other way round ("Goedel" as "Gödel", folded "godel")."""
    if word in _GENERATIONS and not name.isupper():  # "JR" in capitals is two initials, no "Jr."
        return not any(_has_word(other, folded) for other in _GENERATIONS[word])
    if name.isupper() and 2 <= len(name) <= 5 and name.isalpha():  # "JK" as "J.K." or "J. K." (round 8)
        return _has_word(".".join(word) + ".", folded) or _has_word(". ".join(word) + ".", folded)
    if name.lower() != (spelt := name.lower().translate(_UMLAUTS)):
        return _has_word(fold_text(spelt), folded)
    return _UMLAUT_PAIRS.search(word) is not None and _has_word(_UMLAUT_PAIRS.sub(lambda m: m.group()[0], word), folded)


def has_name(name: str, folded: str, source: str | None = None) -> bool:
    """Whether a claim's name is in a source's folded text (`fold_text`): as a whole word (`_has_word`), without its
    possessive, "St" / "Mt" / "Ft" also as "Saint" / "Mount" / "Fort" (and back); an acronym's plural ("LEDs") also
    in the singular ("LED"), a weekday's ("Mondays") too; a word in the other side's spelling ("Centre" as "Center":
    `spellings.py`). With the `source`, an abbreviation that is also a short word only in a word it writes with a
    capital (`capitalised_words`: the pronoun "us" is not "US", "it" not "IT")."""
    if source is not None and _is_word_like(name):
        folded = capitalised_words(source)
    word = fold_text(_POSSESSIVE.sub("", name.lower()))
    if _has_word(word, folded):
        return True
    if any(
        _has_word(other, capitalised_words(source) if other in _LOWER_WORDS and source is not None else folded)
        for other in _NAME_ABBREVIATIONS.get(word, ())
    ):
        return True
    if _ACRONYM_PLURAL.fullmatch(name) is not None and _has_word(word[:-1], folded):
        return True
    if word[:-1] in _WEEKDAYS and word[-1] == "s" and _has_word(word[:-1], folded):  # "on Mondays": every Monday
        return True
    if any(_has_word(v, folded) for v in spelling_variants(word)):  # "Centre" as "Center" (`spellings.py`)
        return True
    return _numeral_found(name, folded, source) or _written_otherwise(name, word, folded)
