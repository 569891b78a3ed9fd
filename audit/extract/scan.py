"""Where an answer's citation markers are: the registry's alternation scanned (`find_markers`), less the superscript
runs that stand where no citation does, the brackets inside a url, an HTML tag or Markdown code; the closing list of
sources whose markers cite no claim; named footnotes' definitions. The Python reference of `sql/extract.sql`'s scan
(the patterns themselves: audit.extract.dialects)."""

from __future__ import annotations

import re
from functools import cache

from audit.extract.code import code_spans
from audit.extract.dialects import (
    BARE_FILE,
    FILE_TYPES,
    FOOTNOTE,
    FOOTNOTE_DEFINITION,
    INVISIBLE,
    NAMED_FOOTNOTE,
    SUPERSCRIPT,
    WIDE_SPACES,
    any_marker_pattern,
    strip_groups,
)
from audit.extract.firstchars import compile_skipping
from audit.extract.tags import holding, tag_spans

# Where a superscript run stands as a citation (audit.extract.dialects.SUPERSCRIPT: after three letters, a CJK
# character or a sentence's punctuation, before whitespace, punctuation or the end)
_LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0370-\u03ff\u0400-\u04ff"
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_CLOSE = "\\)\\]\"'\u201d\u2019"
# full matches of the (at most) four characters before a superscript run and the one after it
# whitespace written out: RE2's \s holds no vertical tab (Word's soft line break), Python's does (they disagreed)
_WS = "\\t\\n\\v\\f\\r "
# or a per cent or per mille sign, `40%²` (a citation: no one squares a share; it was no marker, YELLOW)
# or a line's start, `¹ Refunds take 30 days.` (a renderer raising a line's leading `[1]`; it was text, YELLOW
# no_citations): a line's leading marker cites that line (sentences._leading)
SUPERSCRIPT_BEFORE = rf"(?s)(?:.*(?:[{_LETTER}]{{3}}|[{_CJK}]|[^0-9{_WS}][.,;:!?]|[%‰])[{_CLOSE}]?|(?:.*\n)?[ \t]*)"
_WIDE_PUNCT = "\u2026\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f"
SUPERSCRIPT_AFTER = rf"(?:[{_WS}.,;:!?{_CLOSE}*_\[<{_WIDE_PUNCT}]|)"

# Where a brace marker `{1}` stands as a citation (audit.extract.dialects.BRACE_NUMERIC): full matches of the (at
# most) 24 characters before it, after a word of three letters or more that no backslash opens (`\frac{1}`,
# `\sqrt{2}` are LaTeX) or a sentence's punctuation, a space between or not, and of the one after it
# (`CITATION_AFTER`): `x^{2}`, `{{1}}`, `\frac{1}{2}` stay text
BRACE_BEFORE = (
    rf"(?s)(?:(?:.*[^\\{_LETTER}])?[{_LETTER}]{{3,}}|.*[{_CJK}]|.*[^0-9{_WS}][.,;:!?][{_CLOSE}]?)[ \t{WIDE_SPACES}]?"
    # or such markers before it, `days {1}{2}`, `days {1} {2}` (not `\frac{1}{2}`: its first brace stands nowhere)
    r"(?:\{[0-9, ]{1,12}\}[ \t]?){0,3}"
)
# What follows a brace marker or a file's name alone in brackets (`BARE_FILE`) where they cite: a sentence's stop,
# a line's end, the end, a bracket, quote or another marker; not a space and more words nor a comma ("The set {1, 2,
# 3} has ...", "Dear {0}, ...", "open [config.json] to change it": no citations); or a space and more brace markers
# that end so, or a bracketed position, `days {1} {2}.`, `days {1} [2].` (the first cited nothing; "{1} {2} items"
# stays text). Full matches of the (at most) 64 characters after it
_STOP_AFTER = rf"[\n\r.;:!?{_CLOSE}*_\[{{<{_WIDE_PUNCT}]"
_BRACED = r"\{[0-9, ]{1,12}\}"
CITATION_AFTER = (
    rf"(?s)(?:{_STOP_AFTER}.*|[ \t](?:{_BRACED}[ \t]?){{0,3}}{_BRACED}(?:{_STOP_AFTER}.*|)|[ \t]\[[0-9].*|)"
)
# or a space where the marker follows a sentence's stop (`days.{1} Shipping ...`)
AFTER_STOP = rf"(?s).*[.!?{_WIDE_PUNCT}][{_CLOSE}]?[ \t{WIDE_SPACES}]?"
_AFTER_STOP_RE = re.compile(AFTER_STOP, re.ASCII)
_BRACE_BEFORE_RE = re.compile(BRACE_BEFORE, re.ASCII)
_CITATION_AFTER_RE = re.compile(CITATION_AFTER, re.ASCII)
_BARE_FILE_RE = re.compile(BARE_FILE, re.ASCII)


def in_citation_place(text: str, m: re.Match[str]) -> bool:
    """Whether a brace marker or a file's name alone in brackets stands where a citation does (not LaTeX's, a
    template's, a set's, a file named in prose); any other marker: True."""
    brace, bare = m.group()[0] == "{", _BARE_FILE_RE.fullmatch(m.group())
    if not (brace or bare):
        return True
    before, after = text[max(0, m.start() - 24) : m.start()], text[m.end() : m.end() + 64]
    placed = _CITATION_AFTER_RE.fullmatch(after) or (after[:1].isspace() and _AFTER_STOP_RE.fullmatch(before))
    return bool(placed and (not brace or _BRACE_BEFORE_RE.fullmatch(before)))


_SUPERSCRIPT_RE = re.compile(SUPERSCRIPT.pattern)
_SUPERSCRIPT_BEFORE_RE = re.compile(SUPERSCRIPT_BEFORE, re.ASCII)
_SUPERSCRIPT_AFTER_RE = re.compile(SUPERSCRIPT_AFTER, re.ASCII)


def superscript_in_place(text: str, start: int, end: int) -> bool:
    """Whether the superscript run `text[start:end]` stands where a citation does (not a unit's or a power's)."""
    before, after = text[max(0, start - 4) : start], text[end : end + 1]
    return bool(_SUPERSCRIPT_BEFORE_RE.fullmatch(before) and _SUPERSCRIPT_AFTER_RE.fullmatch(after))


# A url runs to a space, a quote, an angle bracket or an unmatched bracket, and stops before punctuation that is not
# followed by more of it (a sentence's `.`, `,`); a bracket pair with more of the url after it is part of it:
# `https://x.org/a[2]b` and `?filter[type]=x` hold no marker (`[2]` cited source 2 with a claim no source says: a false
# RED), while `https://x.org [2]`, `(https://x.org)[2]`, `https://x.org.[2]` and `https://x.org/refunds[2]` (a
# marker written against the url's end, as models write one against a word) end in one. Full-width punctuation and
# brackets end it too (Chinese and Japanese put no space before `【2】`). extract.sql uses the same pattern
# (the full-width ranges written as the characters themselves: RE2 reads no \u escape)
_URL_STOP = (
    r"\s()\[\]<>\"'.,;:!?"
    + WIDE_SPACES
    + INVISIBLE
    + "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)
URL = (
    r"(?:[A-Za-z][A-Za-z0-9+.-]*://|www\.)"
    rf"(?:[^{_URL_STOP}]|[.,;:!?'\"]+[^{_URL_STOP}]|\([^\s()]*\)|\[[^\s\[\]]*\][^{_URL_STOP}])*"
)
_URL_RE = re.compile(URL, re.ASCII)


def url_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each url in `text` (the Python reference of extract.sql's `url_spans`)."""
    if "://" not in text and "www." not in text:
        return []
    return [(m.start(), m.end()) for m in _URL_RE.finditer(text)]


def find_markers(text: str) -> list[re.Match[str]]:
    """Every marker of `text`, code aside: the registry's regex, less the superscript runs that are no citation, the
    brackets inside a url, an HTML tag (`HTML_TAG`) and Markdown code (`cfg[3]` in backticks was no citation, but
    the sentence splitter and the claims cut it out: "`cfg` is a setting" was checked and shown)."""
    urls, code, tags = url_spans(text), code_spans(text), tag_spans(text)
    firsts = [[s for s, _ in spans] for spans in (urls, code, tags)]

    def outside(m: re.Match[str]) -> bool:  # not inside a url, nor wholly in code or a tag (each: `holding`)
        u = holding(urls, firsts[0], m.start())
        c = holding(code, firsts[1], m.start(), at=True)
        t = holding(tags, firsts[2], m.start())
        return not ((u and m.start() < u[1]) or (c and m.end() <= c[1]) or (t and m.end() < t[1]))

    return [
        m
        for m in marker_regex().finditer(text)
        if (not _SUPERSCRIPT_RE.fullmatch(m.group()) or superscript_in_place(text, m.start(), m.end()))
        and in_citation_place(text, m)
        and outside(m)
    ]


@cache
def marker_regex() -> re.Pattern[str]:
    # ASCII, as RE2 in extract.sql reads `\d` and `\s`: Python's Unicode `\d` took `[١]` and `[１]` (and `\s` a
    # no-break space) for markers that the SQL never extracts, so they were cut from claim texts as if cited
    return compile_skipping(any_marker_pattern(), re.ASCII)  # its first characters a lookahead: `firstchars`


# A list of the sources the answer drew on, at its end under a header ("Sources:", "**References**", "## Citations"),
# each line a marker and a title or url ("[1] Refund Policy.pdf", "- [2]: https://..."): its markers cite no claim
# (each one came out as a citation whose claim was "Sources:" or a file name: unsupported, misattributed, RED). The
# same pattern in Python and RE2 (extract.sql): group 1 is the text before the header, so its length is where the
# list starts.
# Chinese and Japanese headers too ("参考资料：", "**来源**", "出典:"): with `【1】` read as a marker, such a list's
# lines were citations of file names (a correct answer RED). REFERENCE_WORDS also prefilters the answers in extract.sql
REFERENCE_WORDS = (
    "sources|references|citations|bibliography|works cited"
    "|参考资料|参考資料|参考文献|参考来源|资料来源|資料來源|来源|來源|出典|出所|引用文献|引用"
)
_REFERENCES_HEADER = (
    rf"[ \t]*(?:#{{1,6}}[ \t]*)?(?:\*\*|__)?[ \t]*(?i:{REFERENCE_WORDS})"
    r"[ \t]*[:：]?[ \t]*(?:\*\*|__)?[ \t]*[:：]?[ \t]*"
)


_RAISED = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079"  # superscript digits (audit.extract.dialects.SUPERSCRIPT)


def reference_list_pattern() -> str:
    line = rf"\r?\n(?:[ \t]*\r?\n)*[ \t]*(?:(?:[-*+•]|\d{{1,3}}[.)])[ \t]*)?(?:{any_marker_pattern()})[^\n]*"
    # Markdown footnote and link definitions ("[^1]: Refund Policy.pdf", "[2]: https://...") closing the answer are
    # such a list without a header: each came out a citation of the line above it, a correct answer RED. A link
    # definition needs its link: "[2]: Shipping costs 20 euros." is a statement, not a source's name
    link = r"[ \t]*<?(?:[A-Za-z][A-Za-z0-9+.-]*://|www\.)"
    footnote = rf"(?:{FOOTNOTE}|{strip_groups(NAMED_FOOTNOTE.pattern)})"  # [^2], or [^refund-policy] named
    definition = rf"[ \t]*(?:{footnote}[ \t]*:|(?:{any_marker_pattern()})[ \t]*:{link})[^\n]*"
    definitions = rf"{definition}(?:\r?\n(?:[ \t]*\r?\n)*{definition})*"
    # a closing list without a header, each line a bracketed number (or a superscript) and a file's name, a url or
    # a Markdown link ("[1] Refund Policy.pdf"): each marker cited its name (weak, RED however right), beside the
    # same marker inline; a line that goes on in words ("[2] Shipping is free ...") is a claim (sentences._leading)
    # Or a title without its file's extension, "[1] Refund Policy", "[2] Shipping FAQ (2024)": each word capitalised
    # (or a number, a dash, a short joining word), no stop (each marker cited its title: weak, empty_claim, RED
    # however right); "[2] Shipping is free" stays a claim
    capital = r"[A-Z0-9][A-Za-z0-9'&()_/+-]*(?:\.[A-Za-z0-9]+)*"
    title = (
        rf"{capital}(?:[ \t]+(?:{capital}|\([^()\n]{{1,40}}\)|[-|]|of|and|the|for|in|on|to|a|an|v[0-9][0-9.]*)){{0,9}}"
    )
    name = rf"(?:[^\n]*\.(?i:{FILE_TYPES})|{link}[^\s>]*>?|\[[^\]\n]+\]\([^)\s]+\)|{title})[ \t]*"
    entry = rf"[ \t]*(?:(?:[-*+•]|\d{{1,3}}[.)])[ \t]*)?(?:\[[0-9]{{1,3}}\]|[{_RAISED}]{{1,3}})[ \t]*:?[ \t]*{name}"
    titles = rf"{entry}(?:\r?\n(?:[ \t]*\r?\n)*{entry})*"
    # `??`: no text above the list first (definitions alone are a list, not a first line citing the others)
    return rf"(?s)^((?:.*?\n)??)((?:{_REFERENCES_HEADER}(?:{line})+|{definitions}|{titles})\s*)$"


def reference_list_start(text: str) -> int | None:
    """Where the answer's closing list of sources begins (its header line), or None (the Python reference of
    extract.sql's `reference_lists`)."""
    m = re.match(reference_list_pattern(), text, re.ASCII)
    return len(m.group(1)) if m else None


def markers_outside_code(text: str) -> list[re.Match[str]]:
    """The reference marker scan: every marker not inside Markdown code nor in a closing list of sources beside
    inline markers, as extract.sql finds them."""
    found = find_markers(text)
    refs = reference_list_start(text)
    if refs is None or not any(m.start() < refs for m in found):
        return found
    return [m for m in found if m.start() < refs]  # the closing list only names the sources cited inline


def footnote_definitions(text: str) -> dict[str, str]:
    """What each named footnote's definition names, by its label in lower case (the first definition of a label;
    the Python reference of extract.sql's `footnote_defs`)."""
    out: dict[str, str] = {}
    for m in re.finditer(FOOTNOTE_DEFINITION, text, re.ASCII):
        if m.group(2):
            out.setdefault(m.group(1).lower(), m.group(2))
    return out
