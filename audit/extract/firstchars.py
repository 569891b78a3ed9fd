r"""A regex's possible first characters as a lookahead, so that a scan skips the positions no match can start at.

Python's `re` finds a literal prefix or a first-character set only for simple patterns; the marker registry's
alternation (`scan.marker_regex`: a dozen dialects, groups and case-blind parts) gets none, so `finditer` tried
every alternative at every character of a text (~1 ms per 8,000 characters: WiCE's web pages are split into
sentences, and their markers masked, once each). `(?=[first characters])` before the pattern fails at once where no
match can begin and changes nothing else: the same matches, the same groups. The set is read from the parsed
pattern; the first characters read case-blind go in a case-blind class (`(?i:[...])`: the letters it takes are those
each one alone takes, Unicode's long s and Kelvin sign too), `\d`, `\s` and `\w` as they are. Where it cannot be
sure (a match that may be empty, a negated class or category, any character, a locale or ASCII flag set inside the
pattern), it gives none and the pattern is left as it is.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

_P: Any = importlib.import_module("re._parser")  # the parser `re.compile` uses (no type stubs)
_ZERO_WIDTH = (_P.AT, _P.ASSERT, _P.ASSERT_NOT)
_REPEATS = (_P.MAX_REPEAT, _P.MIN_REPEAT, _P.POSSESSIVE_REPEAT)
_Chars = tuple[list[tuple[int, int]], list[tuple[int, int]], set[str]]  # ranges as written, case-blind; classes
_CATEGORIES = {_P.CATEGORY_DIGIT: r"\d", _P.CATEGORY_SPACE: r"\s", _P.CATEGORY_WORD: r"\w"}  # as the pattern reads them


class _Unsure(Exception):
    pass


def _cased(code: int) -> bool:
    ch = chr(code)
    return ch.isalpha() or ch.lower() != ch or ch.upper() != ch or ch.casefold() != ch


def _add(lo: int, hi: int, flags: int, out: _Chars) -> None:
    blind = flags & re.IGNORECASE and (hi - lo > 4096 or any(_cased(c) for c in range(lo, hi + 1)))
    (out[1] if blind else out[0]).append((lo, hi))


def _first(items: list[tuple[Any, Any]], flags: int, out: _Chars) -> bool:
    """Adds to `out` the characters a match of the sequence `items` may start with; whether it may match empty."""
    for op, av in items:
        if op is _P.LITERAL:
            _add(av, av, flags, out)
            return False
        if op is _P.IN:
            for o, a in av:
                if o is _P.LITERAL:
                    _add(a, a, flags, out)
                elif o is _P.RANGE:
                    _add(a[0], a[1], flags, out)
                elif o is _P.CATEGORY and a in _CATEGORIES:  # `\d`, `\s`, `\w`: no letter case, the pattern's flags
                    out[2].add(_CATEGORIES[a])
                else:  # NEGATE, `\D`, ...
                    raise _Unsure
            return False
        if op is _P.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            if (add_flags | del_flags) & (re.ASCII | re.LOCALE | re.UNICODE):
                raise _Unsure
            if not _first(sub.data, (flags | add_flags) & ~del_flags, out):
                return False
        elif op is _P.ATOMIC_GROUP:
            if not _first(av.data, flags, out):
                return False
        elif op is _P.BRANCH:
            empty = [_first(alt.data, flags, out) for alt in av[1]]  # every alternative's first characters
            if not any(empty):
                return False
        elif op in _REPEATS:
            low, _, sub = av
            if not _first(sub.data, flags, out) and low > 0:
                return False
        elif op not in _ZERO_WIDTH:  # ANY, NOT_LITERAL, GROUPREF, ...
            raise _Unsure
    return True


def _class(ranges: list[tuple[int, int]], categories: set[str] | None = None) -> str:
    chars = "".join(re.escape(chr(lo)) + (f"-{re.escape(chr(hi))}" if hi > lo else "") for lo, hi in ranges)
    return f"[{''.join(sorted(categories or ()))}{chars}]"


def first_chars(pattern: str, flags: int = 0) -> str | None:
    """A character class (`[...]`, `(?i:[...])` or both, `|` between) holding every character a match of `pattern` may
    start with, or None where that is not sure."""
    tree = _P.parse(pattern, flags)
    if tree.state.flags & (re.LOCALE | re.VERBOSE):
        return None
    out: _Chars = ([], [], set())
    try:
        if _first(tree.data, tree.state.flags, out):
            return None  # a match may be empty: it starts anywhere
    except _Unsure:
        return None
    written, blind = sorted(set(out[0])), sorted(set(out[1]))
    as_written = [_class(written, out[2])] if written or out[2] else []
    return "|".join(as_written + ([f"(?i:{_class(blind)})"] if blind else []))


def compile_skipping(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, with its first characters as a lookahead where they are known (the same
    matches)."""
    first = first_chars(pattern, flags)
    try:
        return re.compile(pattern if first is None else f"(?={first})(?:{pattern})", flags)
    except re.error:  # a global inline flag ("(?i)...") is allowed only at the start
        return re.compile(pattern, flags)


def search_from_first(forms: tuple[str, ...], pattern: re.Pattern[str], text: str) -> bool:
    """Whether `pattern`, an alternation of `forms` each after zero-width conditions only (`\\b`, lookarounds),
    matches `text`: searched from the first of them `text` holds (a substring search in C), not from its start."""
    first = min((i for i in (text.find(f) for f in forms) if i >= 0), default=-1)
    return first >= 0 and pattern.search(text, first) is not None


_WORD_RUN = re.compile(r"\w+")


def first_words(forms: tuple[str, ...]) -> frozenset[str] | None:
    """The first whole word (`\\w+`) of each form, or None where a form begins with no word character. A pattern
    reading a form only where no word character touches it (`\\b`, `(?<!\\w)`, `(?!\\w)` at its ends) matches a text
    only where the form's first word is one of the text's words (`words_of`): a set test saves the search."""
    firsts = [_WORD_RUN.match(f) for f in forms]
    return frozenset(m.group() for m in firsts if m) if all(firsts) else None


def words_of(text: str) -> frozenset[str]:
    """The whole words (`\\w+` runs) of `text`."""
    return frozenset(_WORD_RUN.findall(text))
