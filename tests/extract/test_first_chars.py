"""The first-character lookahead (`audit.extract.firstchars`): the same matches as the pattern alone, and no class
where the first characters are not sure."""

from __future__ import annotations

import random
import re

import pytest

from audit.extract.dialects import any_marker_pattern
from audit.extract.firstchars import compile_skipping, first_chars, search_from_first
from audit.extract.scan import find_markers, marker_regex

_PIECES = [
    "[1]", "[2, 3]", "[12-14]", "【3】", "【4†source】", "［5］", "¹", "²³", "⁴⁻⁶", "<sup>7</sup>", "<SUP>[8]</SUP>",
    "&#91;9&#93;", "&lsqb;2&rsqb;", "(source 3)", "(Sources: 1, 2)", "（来源 2）", "[^1]", "[^note-a]", "^3^",
    "[Doc: policy.pdf, page 4]", "[Source: a, pp. 2-3 of 9]", "[citation:kb:7]", "[link](page-2)", "([x](http://a.b))",
    "\\[4\\]", "[ref #2]", "[doc 5]", "(see [1])", "x²", "10³ m", "https://x.org/a[2]b", "`cfg[3]`", "<a href='[2]'>",
    " ", "  ", "\n", ". ", ", ", "word", "Refunds take 14 days", "(", ")", "[", "]", "?", ":", "&", "<", "^", "\\",
    "١", "１", "\u00a0", "\u200b", "e.g.", "U.S.", "1.5%", "2020-03-03",
]  # fmt: skip


def _mixes(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 40))) for _ in range(n)]


def _spans(rx: re.Pattern[str], text: str) -> list[tuple[int, int, tuple[str | None, ...]]]:
    return [(m.start(), m.end(), m.groups()) for m in rx.finditer(text)]


def test_marker_regex_skips_by_its_first_characters() -> None:
    first = first_chars(any_marker_pattern(), re.ASCII)
    assert first is not None and "[" in first and "【" in first and "¹" in first
    assert marker_regex().pattern.startswith(f"(?={first})")


def test_marker_regex_finds_what_the_pattern_alone_finds() -> None:
    plain = re.compile(any_marker_pattern(), re.ASCII)
    texts = _mixes(600, 7)
    found = 0
    for text in texts:
        assert _spans(marker_regex(), text) == _spans(plain, text), text
        found += len(_spans(plain, text))
    assert found > 1000  # the mixes hold markers of every dialect


@pytest.mark.parametrize(
    "pattern, flags",
    [
        (r"a*", 0),  # may match empty: it starts anywhere
        (r"(?:x|)y?", 0),
        (r"(?a:x)y", 0),  # an ASCII flag set inside
        (r"\D+", 0),  # a negated category
        (r"[^\W\d_]+", 0),
        (r".x", 0),
        (r"[^a]b", 0),
        (r"(a?)\1b", 0),  # a group referred to: it may be empty
        (r"\bword", 0),
    ],
)
def test_no_class_where_the_first_characters_are_not_sure(pattern: str, flags: int) -> None:
    if pattern == r"\bword":  # zero-width, then a literal: sure
        assert first_chars(pattern, flags) == "[w]"
        return
    assert first_chars(pattern, flags) is None
    assert compile_skipping(pattern, flags).pattern == pattern


@pytest.mark.parametrize(
    "pattern, flags",
    [
        (r"(?:\[|【)\s*\d+\s*(?:\]|】)", 0),
        (r"x?y*(?:ab|c[d-f]|(?i:<b>))+", 0),
        (r"(?<![\w.])(?:US|U\.S\.)(?!\w)", 0),
        (r"(?>\^|&#)?\[", re.ASCII),
        (r"(?i:\[)\s*(?:doc|source)\s*:", re.IGNORECASE),
        (r"(?:-?[0-9]{1,3})+", 0),
        (r"\d+|\s(?i:x)|\w\.", re.ASCII),  # categories, as the pattern's flags read them
        (r"(?i)abc|\bK\d|x", 0),  # letters read case-blind: "ſ", the Kelvin sign
        (r"\b(?:the\s+)?(first|second)\s+half|(?i:ſ)|[$€]", 0),
    ],
)
def test_every_match_starts_with_a_character_of_the_class(pattern: str, flags: int) -> None:
    first = first_chars(pattern, flags)
    assert first is not None
    start = re.compile(first)
    plain, skipping = re.compile(pattern, flags), compile_skipping(pattern, flags)
    rng = random.Random(3)
    alphabet = "[]【】 \t12345abcdefxyUS.<>B^&#-:ABCKkſ\u212aİıtheFIRST$€"
    for _ in range(400):
        text = (
            "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
            + "[1] U.S. <b> ^1 &#2 source: -12 the first half"
        )
        assert _spans(skipping, text) == _spans(plain, text)
        assert all(start.match(text, m.start()) for m in plain.finditer(text))


def test_a_global_inline_flag_is_compiled_as_given() -> None:
    assert compile_skipping(r"(?s)\[x.").pattern == r"(?s)\[x."


def test_find_markers_on_a_long_page() -> None:
    page = " ".join(_mixes(200, 11))
    plain = re.compile(any_marker_pattern(), re.ASCII)
    assert len(find_markers(page)) > 0
    assert {m.span() for m in find_markers(page)} <= {m.span() for m in plain.finditer(page)}


def test_search_from_the_first_form_found_is_the_search_from_the_start() -> None:
    from audit.verify.keynames import _ALIAS_FORMS

    rng = random.Random(5)
    words = [f for a in _ALIAS_FORMS for f in (*a.short, *a.long)] + ["USD", "BUS", ".US", "us", "x", " ", ". ", "-"]
    texts = ["".join(rng.choice(words) + rng.choice(["", " ", ".", "a"]) for _ in range(12)) for _ in range(300)]
    hits = 0
    for text in texts:
        for a in _ALIAS_FORMS:
            for forms, rx, t in ((a.short, a.short_re, text), (a.long, a.long_re, text.lower())):
                old = any(f in t for f in forms) and rx.search(t) is not None
                assert search_from_first(forms, rx, t) == old, (t, forms)
                hits += old
    assert hits > 500


def test_a_case_blind_class_takes_the_letters_each_letter_alone_takes() -> None:
    chars = [chr(c) for c in range(0x3000)] + ["\u212a", "\u017f", "\u0130", "\u0131", "\uff21", "\uff41"]
    for flags in (re.IGNORECASE, re.IGNORECASE | re.ASCII):
        for letter in "abkisyzABKISYZ\u017f\u212a\u03c3\u00b5":
            alone, in_class = re.compile(re.escape(letter), flags), re.compile(f"[{re.escape(letter)}]", flags)
            assert [c for c in chars if alone.match(c)] == [c for c in chars if in_class.match(c)], letter


def _unwrapped(rx: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern `compile_skipping` was given (its lookahead's classes escape every bracket: no ")(?:" inside)."""
    p = rx.pattern
    return re.compile(p[p.index(")(?:") + 4 : -1], rx.flags) if p.startswith("(?=") else rx


def test_the_restated_forms_find_on_pages_what_their_patterns_alone_find() -> None:
    from audit.verify import restate

    page = " ".join(_mixes(40, 13)) + (
        " In H1 2020 and the first half of 2021, Q3 2019, mid-2018, FY2020, a fortnight, sales doubled; 12% of 40, "
        "AD 79, the 1800s, minus 4, US$5 million, 3.5 bn, 25 bps, CO2, a third, Christmas Day, December 25, 6:30 p.m., "
        "18:30, noon, Apollo 11, Apollo XI, twenty-two, 1,200 and ſeptember. FIRST HALF OF 2022, \u212aelvin."
    )
    skipping = 0
    for forms, _same in restate._KINDS:
        for form in forms:
            skipping += form.pattern.pattern.startswith("(?=(?i:[") or form.pattern.pattern.startswith("(?=[")
            plain = _unwrapped(form.pattern)
            for text in (page, page.lower(), page.upper()):
                assert _spans(form.pattern, text) == _spans(plain, text), form.pattern.pattern
    assert skipping > 30


def test_the_patterns_read_over_whole_sources_find_what_they_alone_find() -> None:
    from audit.verify import (
        conversions,
        direction,
        equality,
        frequency,
        keyfacts,
        kinds,
        numranges,
        numwords,
        shares,
        totals,
    )

    patterns = [
        conversions._HALF_A, conversions._QUARTERS, conversions._SPAN_COUNT, numranges._YEAR_SPAN, keyfacts._MINUS,
        keyfacts._OTHER_DIGIT, numwords._DECADE, numwords._ROUND, numwords._DOZEN, numwords._AND_A_HALF,
        numwords._SPAN_WORD, totals._NUMBER, shares._SHARE, equality._EQUAL, direction._ANY_SIDE,
        *(p for pair in direction._SIDES for p in pair), frequency._RATE, kinds._COPULA,
    ]  # fmt: skip
    page = " ".join(_mixes(40, 17)) + (
        " Half an hour, a quarter of an hour, three quarters of a year, two weeks, a fortnight, 1939-45, 2019/20, "
        "−18, minus 4, ３０ and ٣٠, the sixties, the mid-nineties, in his twenties, a hundred, one thousand, "
        "two dozen, half a dozen, 3 dozen, three and a half percent, an hour and a half, 3 decades, two centuries. "
        "HALF AN HOUR, THE SIXTIES, ONE HUNDRED, Decade, ſixties. Forty people, 20 men and 15 women, numbered "
        "fifteen, twenty one, Seventy-Seven, 1,200, 3.5, -4, ſeven, ſix. One in three of the voters, a quarter of "
        "its staff, two-thirds of them, 40% of all pupils, 3 out of 10 people, Half the town, ſeven in ten, as tall as "
        "the tower, twice as tall as, was as large as, As big as. Prices rose, then fell; sales increased and "
        "decreased, it won not lost, Allowed, banned, opened and closed, began and ended, bought and sold. Every "
        "month, weekly, twice a year, three times daily, every 2 weeks; it is a replica, Was The Original, are only "
        "copies, wAs ſtill."
    )
    for rx in patterns:
        assert rx.pattern.startswith("(?=")
        plain = _unwrapped(rx)
        for text in (page, page.lower(), page.upper()):
            assert _spans(rx, text) == _spans(plain, text), rx.pattern
            assert rx.sub("#", text) == plain.sub("#", text)
