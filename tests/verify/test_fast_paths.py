"""The lexical stage's fast paths give exactly what the plain character-by-character code they replaced gave."""

from __future__ import annotations

import re
import sys
import unicodedata

from hypothesis import example, given, settings
from hypothesis import strategies as st

from audit.extract.sentences import sentence_spans, split_sentences
from audit.verify import ended, freeof, keyfacts, keynames, lexical, notations, pending
from audit.verify.keynames import fold_text
from audit.verify.lexical import find_loose, folded
from audit.verify.text import stop_split

# the characters that take the slow paths or could trip a fast one: a capital sigma (lowered by its context), `İ`
# (lowered to two characters), every kind of whitespace, accents composed and combining, a lone surrogate, markers
_TRICKY = (
    "aAbZΣσςİiIẞßÅ\u212bé\u0301\u0308ç한\u1100\u1161"
    " \t\n\r\x0b\x0c\x1c\x85\xa0\u1680\u2009\u2028\u202f\u3000\ud800.?!。"
)
_PIECES = [
    "[1]",
    " [1].",
    "¹",
    "[2][3]",
    "【4】",
    "^5",
    "Dr.",
    "e.g.",
    "Zürich",
    "  ",
    ". ",
    "“q”",
    "x",
    "İstanbul",
    "ΟΔΟΣ",
]
tricky_text = st.lists(st.one_of(st.sampled_from(_TRICKY), st.sampled_from(_PIECES)), max_size=40).map("".join)


def _folded_by_char(text: str) -> tuple[str, tuple[int, ...]]:
    """`lexical.folded` as it was: one character at a time."""
    chars: list[str] = []
    where: list[int] = []
    space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not space:
                chars.append(" ")
                where.append(i)
            space = True
            continue
        space = False
        for low in ch.lower():
            chars.append(low)
            where.append(i)
    return "".join(chars), tuple(where)


def _fold_by_char(text: str) -> str:
    """`keynames.fold_text` as it was."""
    if text.isascii():
        return text
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare).translate(keynames._UNFOLDABLE)  # ł, ø, ß, ...: no accent to drop


def test_the_whitespace_table_holds_every_whitespace_character() -> None:
    every = [c for c in range(sys.maxunicode + 1) if chr(c).isspace()]
    assert sorted(int(c) for c in lexical._SPACE_CODES) == every


@settings(max_examples=400)
@given(tricky_text)
def test_folded_is_the_character_by_character_fold(text: str) -> None:
    hay, where = folded.__wrapped__(text)
    assert (hay, tuple(where)) == _folded_by_char(text)


@settings(max_examples=300)
@given(tricky_text, tricky_text)
def test_find_loose_finds_what_the_full_fold_finds(needle: str, haystack: str) -> None:
    target = _folded_by_char(needle.strip(lexical._EDGE_PUNCT))[0].strip()
    hay, where = _folded_by_char(haystack)
    pos = hay.find(target) if target else -1
    # of whole words: a match cut inside a word is none ("percent" in "percentage")
    while pos >= 0 and not lexical.whole_words(haystack, hay, where, pos, len(target)):
        pos = hay.find(target, pos + 1)
    want = None if pos < 0 else (where[pos], where[pos + len(target) - 1] + 1)
    assert find_loose(needle, haystack) == want


@settings(max_examples=400)
@given(tricky_text)
def test_accent_fold_is_the_character_by_character_one(text: str) -> None:
    assert fold_text(text) == _fold_by_char(text)


@settings(max_examples=400)
@given(tricky_text)
def test_sentence_spans_are_the_sentences_offsets(text: str) -> None:
    for full_width in (True, False):
        assert sentence_spans(text, full_width) == [(s.start, s.end) for s in split_sentences(text, full_width)]


LOOKAHEAD = r"(?=[jfmasond\d])"  # keyfacts._DATE's first test


def test_the_month_initials_accept_every_character_a_month_can_start_with() -> None:
    assert keyfacts._DATE.pattern.startswith(LOOKAHEAD)
    initials = re.compile(LOOKAHEAD[3:-1], re.IGNORECASE)
    firsts = re.compile(f"(?:{'|'.join(m[0] for m in keyfacts._MONTHS.split('|'))}|\\d)", re.IGNORECASE)
    for c in range(sys.maxunicode + 1):
        assert bool(initials.match(chr(c))) == bool(firsts.match(chr(c))), hex(c)


_DATES_IN_WORDS = [
    "May 5, 2020",
    "ſeptember 1 1999",
    "MARCH 3rd, 2021",
    "Dec. 25 2019",
    "Jan  7,\n2000",
    "mayor 5 2020",
]


@settings(max_examples=400)
@given(
    st.lists(st.one_of(st.sampled_from(_TRICKY), st.sampled_from(_PIECES + _DATES_IN_WORDS)), max_size=30).map("".join)
)
def test_dates_in_words_are_found_as_without_the_initials_test(text: str) -> None:
    plain = re.compile(keyfacts._DATE.pattern.removeprefix(LOOKAHEAD), re.IGNORECASE)
    assert [m.groups() for m in keyfacts._DATE.finditer(text)] == [m.groups() for m in plain.finditer(text)]


_NOTED = st.lists(
    st.sampled_from(["2,5%", "2.5%", "60.000", "60,000", "2k", "2000", "'98", "1998", "the '90s", "1990s", " ", "x"]),
    max_size=6,
).map(" ".join)


@settings(max_examples=300)
@given(_NOTED, _NOTED)
def test_a_claim_without_a_number_reads_no_notation_as_when_the_source_was_read_too(claim: str, source: str) -> None:
    # the source's numbers are read only for a claim that writes one: what the full reading found
    def full(claim: str, source: str) -> list[tuple[int, int, str]]:
        if not notations._hinted(claim) and not notations._hinted(source):
            return []
        stated = notations._readings(source)
        out = []
        for start, end, key, noted in notations._readings(claim):
            if claim[start:end] in source:
                continue
            other = next(
                (s for s in stated if (noted or s[3]) and s[2][0] == key[0] and abs(s[2][1] - key[1]) < 1e-9), None
            )
            if other is not None:
                out.append((start, end, source[other[0] : other[1]]))
        return out

    assert notations.notations_restated(claim, source) == full(claim, source)
    assert notations.notations_restated("The firm hired workers", source) == []


_WORDY = st.lists(
    st.one_of(st.sampled_from(_TRICKY), st.sampled_from([*_PIECES, "Refunds", "TAKE", "3,5", "it's", "O’Neil", " "])),
    max_size=40,
).map("".join)


@settings(max_examples=400)
@given(_WORDY)
def test_tokens_of_ascii_text_lowered_whole_are_the_tokens_lowered_one_by_one(text: str) -> None:
    from audit.verify.text import _TOKEN, _words, content_words, tokens

    assert tokens(text) == [t.lower() for t in _TOKEN.findall(text)]
    assert _words(text) == content_words(text)


@settings(max_examples=200)
@given(st.lists(st.one_of(_WORDY, st.sampled_from(["5 offices", " seven teams during", "a dozen people", "İ 3 X"]))))
def test_what_a_source_counts_is_read_on_its_text_lowered_once(parts: list[str]) -> None:
    source = " ".join(parts)
    text = keyfacts.dozens_in_digits(keyfacts._GROUP_SPACE.sub("", source))
    ends = [m.end() for m in keyfacts._NUMBER.finditer(text)]
    ends += [
        m.end()
        for m in keyfacts._WORD_NUMBER.finditer(text)
        if not m.group().lower().endswith(("th", "st", "nd", "rd"))
    ]
    counted = frozenset(n for end in ends if (n := keyfacts._counted(text.lower(), end)) is not None)
    counted = counted | keyfacts.SPAN_NOUNS if counted & keyfacts.SPAN_NOUNS else counted
    keyfacts._source_counts.cache_clear()
    assert keyfacts._source_counts(source) == counted


@settings(max_examples=200)
@given(tricky_text)
def test_a_source_lowered_once_is_the_source_lowered(text: str) -> None:
    lexical.lowered.cache_clear()
    assert lexical.lowered(text) == text.lower() == lexical.lowered(text)
    assert lexical._plain(text) == re.sub(r"\s+", " ", text.lower())


# what a state of `pending` is said with, and the letters `re` reads as ASCII ones under IGNORECASE ("ſtill", "remaın")
_STATE_PIECES = ["still", "STILL", "Still", "ſ", "\u212a", "ı", "İ", "remain", "REMAINS", "remained", "tıll", "re"]
_STATE_PIECES += [" ", "\n", "missing", "at large", "in custody", "unpaid", "alive", "MISSING", "x"]


@settings(max_examples=500, deadline=None)
@example("The hiker is ſtıll missing")
@example("He REMAıNS at large")
@given(st.lists(st.one_of(st.sampled_from(_STATE_PIECES), st.sampled_from(_TRICKY)), max_size=16).map("".join))
def test_pending_first_look_misses_no_state(text: str) -> None:
    for t in (text, text.lower()):
        found = any(state.search(t) is not None for state, _ in pending._STATES)
        assert not found or pending.may_hold_state(t), t


# the states said of now (`ended`) and the compounds of a place free of something (`freeof`), as the rules' first
# looks read them (speed round 12)
_NOW_PIECES = [
    "is ",
    "are ",
    "has been ",
    "have  been ",
    "remains ",
    "still ",
    "STILL ",
    "Is\n",
    "ſ",
    "ı",
    "İ",
    "\u212a",
]
_NOW_PIECES += ["missing", "at large", "unsolved", "in office", "alive", "burning out of control", "UNPAID", "closed"]
_NOW_PIECES += ["-free", "smoke-FREE", "-fRee", "non-smoking", "No-", "nON-", "no", "n", "-", "is", ".", "; ", "x"]


@settings(max_examples=500, deadline=None)
@example("The hiker is still missing")
@example("The bar is smoke-free; smoking is allowed.")
@example("The venue is non-smoking")
@given(st.lists(st.one_of(st.sampled_from(_NOW_PIECES), st.sampled_from(_TRICKY)), max_size=16).map("".join))
def test_ended_and_free_of_first_looks_miss_nothing(text: str) -> None:
    for t in (text, text.lower(), text.upper()):
        held = any(state.search(t) is not None for state, _ in ended._HOLDS_NOW)
        assert (ended._ANY_HOLDS_NOW.search(t) is not None) == held, t
        free = any(freeof._FREE.search(s) is not None for s in stop_split(t, semicolons=True))
        assert not free or freeof.may_say_free(t), t
