"""A retrieved source that is the cited one but for an edit, and the edit is what the claim states. Pure.

Two retrieved sources that share nearly all their words, in order, differ only where one was edited: an old and a
new version of a page, FEVER-symmetric's minimally edited contrast evidence ("... a series of tanks designed for the
Soviet military programme" against "... a series of spacecraft designed for the Soviet space programme"). Their
supports are close, as their words are, and the support model's noise in the weak band (or its `verified` reading
of a copy with one word changed) decided which of them a misattribution search suggests. The edit decides it: where
the other source's side of the edit holds a word of the claim that the cited source holds nowhere, and the cited
source's side holds no word of the claim (short ones too: "Go"), the claim ("Soyuz was part of a space program")
states the other source's version, and the cited one says something else in its place. Only a replacement (both
sides edited: text the other source adds says nothing against the cited one), only a claim that does not negate (a
claim denying a thing states the version without it), only sources of at most `MAX_TOKENS` words (the comparison is
quadratic).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

from audit.verify.features import is_negated
from audit.verify.text import STOPWORDS, stem, tokens

MIN_SHARED = 0.8  # the share of their words (difflib's ratio, in order) two versions of one passage keep
MAX_TOKENS = 400  # a passage; longer sources are not compared
MAX_CHARS = 16 * MAX_TOKENS  # ... nor tokenized (a source is read once per citation of its answer)


def _words(toks: list[str]) -> set[str]:
    """Content words (as `text.content_words` stems them) and numbers of a token list."""
    return {stem(t) for t in toks if len(t) >= 3 and t not in STOPWORDS} | {t for t in toks if t.isdigit()}


def _held(toks: list[str]) -> set[str]:
    """Every word of a token list but the stopwords, short ones too ("Go", "UK", "EU"): what the cited side of an
    edit must not share with the claim (a claim naming "Java, and Go" against versions naming "Go" and "Java" states
    both, not the other one's: tests/cli/test_list_answers.py)."""
    return {stem(t) for t in toks if len(t) >= 2 and t not in STOPWORDS} | _words(toks)


def _edit(cited: list[str], other: list[str]) -> tuple[list[str], list[str]] | None:
    """The two sides of the edit between two versions of one passage (the cited source's words, the other's), or
    None when they are no such versions (they share less than MIN_SHARED of their words, or do not differ)."""
    sm = difflib.SequenceMatcher(None, cited, other, autojunk=False)
    if sm.real_quick_ratio() < MIN_SHARED or sm.quick_ratio() < MIN_SHARED or sm.ratio() < MIN_SHARED:
        return None
    mine: list[str] = []
    theirs: list[str] = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op != "equal":
            mine += cited[i1:i2]
            theirs += other[j1:j2]
    return (mine, theirs) if mine or theirs else None


def edited_source(claim: str, cited: str, others: Mapping[int, str]) -> int | None:
    """The lowest rank of `others` (rank to text: the answer's other retrieved sources the claim does not cite,
    those sharing most words with it) whose text is the `cited` source's but for an edit stating the claim: its side
    of the edit holds a word of the claim the cited source holds nowhere, the cited side none of the claim's words;
    None when there is none."""
    mine = tokens(cited) if len(cited) <= MAX_CHARS else []
    if not mine or len(mine) > MAX_TOKENS or is_negated(claim):
        return None
    wanted = _words(tokens(claim)) - _words(mine)
    if not wanted:
        return None
    for rank in sorted(others):
        other = others[rank]
        if not len(cited) / 2 <= len(other) <= 2 * len(cited):  # versions of one passage are of a length
            continue
        theirs = tokens(other)
        if not theirs or len(theirs) > MAX_TOKENS:
            continue
        edit = _edit(mine, theirs)
        if edit is None or not edit[0] or not edit[1] or _held(edit[0]) & _held(tokens(claim)):
            continue
        if _words(edit[1]) & wanted:
            return rank
    return None
