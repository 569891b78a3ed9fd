"""The names a source writes out are read up to six capitalised words (`nameforms._runs(..., most=6)`): an acronym
has six letters at most, so the acronyms found are the unbounded reading's of six letters or fewer, and a long run of
title-case words (a list of names, a table of titles) costs in proportion to its length, not its square (a 1,500-word
run took 78 CPU s for one claim's acronym before)."""

from __future__ import annotations

import itertools
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from audit.verify import nameforms

WORDS = ["Federal", "Bureau", "of", "Investigation", "and", "the", "The", "Bank", "England", "&", "for", "Data", "A"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=16))
def test_bounded_parts_find_every_acronym_of_six_letters_or_fewer(words: list[str]) -> None:
    text = " ".join(words)
    unbounded = {a for _, acronyms in nameforms._runs(text) for a in acronyms if len(a) <= 6}
    bounded = {a for _, acronyms in nameforms._runs(text, most=6) for a in acronyms if len(a) <= 6}
    assert bounded == unbounded


def test_a_long_title_case_run_has_parts_in_proportion_to_its_length() -> None:
    names = ["".join(p) + "ord" for p in itertools.product(string.ascii_uppercase, string.ascii_lowercase)]
    source = " ".join(names[i % len(names)] for i in range(1500))
    parts = sum(1 for _ in nameforms._runs(source, most=6))
    assert parts <= 5 * 1500  # each capitalised word starts at most five parts (it had ~1.1 million)
    assert not nameforms._spells("ABC", source)
    assert nameforms._spells("FBI", "He joined the Federal Bureau of Investigation in 1990.")


def test_a_long_title_case_claim_has_names_in_proportion_to_its_length() -> None:
    names = ["".join(p) + "ord" for p in itertools.product(string.ascii_uppercase, string.ascii_lowercase)]
    claim = " ".join(names[i % len(names)] for i in range(400)) + "."
    assert len(nameforms.spelled_out(claim)) <= 5 * 400  # 79,401 before
    assert (("Federal", "Bureau", "Investigation"), ("FBI", "FBOI")) in nameforms.spelled_out(
        "He joined the Federal Bureau of Investigation."
    )


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from([*WORDS, "AB", "Ünion", "ß", "x."]), max_size=20))
def test_a_sources_spelled_acronyms_are_those_of_its_runs(words: list[str]) -> None:
    """`_spelled_acronyms` joins each part's initials from its run's words' initials: `_runs`'s acronyms exactly."""
    text = " ".join(words)
    expected = frozenset(a for _, acronyms in nameforms._runs(text, most=6) for a in acronyms)
    assert nameforms._spelled_acronyms.__wrapped__(text) == expected  # type: ignore[attr-defined]
