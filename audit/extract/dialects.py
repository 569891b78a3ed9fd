"""The registry of inline citation dialects: the one place to add a new marker syntax.

Patterns are written in the common subset of RE2 (DuckDB) and Python `re`, so the same
pattern drives the set-based extraction in DuckDB and the pure-Python reference used in tests.
Each pattern's capture groups are the parts the resolver needs. Where an answer's markers are (the scan less urls,
code and tags, a superscript's place, a closing list of sources): audit.extract.scan.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from audit.extract.code import CODE_SPAN as CODE_SPAN
from audit.extract.code import code_spans as code_spans
from audit.extract.html_marks import HTML_CLOSE, HTML_OPEN, SUP_CLOSE, SUP_OPEN, WRAP_CLOSE, WRAP_OPEN
from audit.extract.json_dialects import CITATION_LIST_NAMES as CITATION_LIST_NAMES
from audit.extract.json_dialects import CITATION_OBJECT_NAMES as CITATION_OBJECT_NAMES
from audit.extract.json_dialects import JSON_DIALECTS as JSON_DIALECTS
from audit.extract.tags import HTML_TAG as HTML_TAG


@dataclass(frozen=True)
class Dialect:
    name: str
    pattern: str  # full marker, with capture groups for the referenced parts
    example: str


# Invisible characters a model or a renderer leaves inside brackets (soft hyphen, zero-width space / non-joiner /
# joiner, left-to-right and right-to-left marks, word joiner and invisible operators, byte order mark): `[\u200b2]`
# reads as `[2]` on screen, and was no marker (its claim went unchecked beside a verified one, GREEN). Written as
# the characters themselves, which RE2 and Python `re` both read in a class. Also the bidi embeddings, overrides and
# isolates and the Arabic letter mark (a widget wraps right-to-left text in them) and the control characters a
# renderer does not draw (C0 but NUL and the whitespace `\s` holds, DEL, C1): `[\u202e2]`, `[\x072]` were no markers.
# Also the variation selectors (an emoji's presentation selector after a digit, `[1\ufe0f]`, as a keyboard's emoji
# digits write it: no marker, YELLOW no_citations however wrong).
INVISIBLE = (
    "\u00ad\u200b-\u200f\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069\u061c\ufe00-\ufe0f\x01-\x08\x0e-\x1f\x7f-\x9f"
)
# spaces beyond ASCII's (RE2's `\s` is ASCII): no-break, the typographic spaces, narrow no-break, ideographic
WIDE_SPACES = "\u00a0\u2000-\u200a\u202f\u205f\u3000"
_GAP = rf"[\s{INVISIBLE}{WIDE_SPACES}]*"
# A space or an invisible character written as an HTML entity, escaped once or twice: `&nbsp;`, `&#160;`, `&#xA0;`,
# `&thinsp;`, `&#8203;`, `&amp;nbsp;` (a template joining positions with "&nbsp;", the answer HTML-escaped by a
# logger). Between positions `[1,&nbsp;2]` was no marker, and `[1,&#160;2]` read `#160` as a position (a citation of
# source 160, fabricated). Between a numeric marker's positions, and inside its brackets, it is a gap (`_EGAP`: not
# at the edges of the other numeric forms, to keep the scan's pattern small), cut before the positions are read
# (extract.sql's $egap, expand_numeric)
ENTITY_GAP = (
    "&(?:amp;){0,2}(?:(?i:nbsp|ensp|emsp|thinsp|hairsp|zwsp|zwn?j|[lr]rm)|#(?:0*(?:160|32|819[2-9]|820[0-7]|8239|8287"
    "|12288|65279)|[xX]0*(?:[aA]0|20|200[0-9a-fA-F]|20[25][fF]|3000|[fF][eE][fF][fF])));"
)
_EGAP = rf"(?:[\s{INVISIBLE}{WIDE_SPACES}]|{ENTITY_GAP})*"
# any other character reference left between positions once those are cut (`&#38;`, `&#x26;`: an `&`, escaped as a
# number; `&#44;`: a comma) separates them: `[1 &#38; 2]` read `#38` as a position (a citation of source 38)
ENTITY_REF = "&(?:amp;){0,2}#(?:[0-9]{1,7}|[xX][0-9a-fA-F]{1,6});"
# a dash written as an entity, `[1&ndash;3]`, `[1&#8211;3]`, `[1&#x2013;3]`, `&mdash;`, `&minus;` (a template or a
# logger HTML-escaping the answer): the range it shows. `&ndash;` was no marker (YELLOW no_citations however wrong)
# and `&#8211;` a separator (`[1&#8211;3]` read 1 and 3, source 2 never checked). Read as `-` before `ENTITY_REF`
# (extract.sql's $edash)
ENTITY_DASH = (
    "&(?:amp;){0,2}(?:(?i:[nm]dash|minus|hyphen|dash)|#(?:0*(?:45|820[89]|821[0-2]|8722)|[xX]0*(?:2[dD]|201[0-4]"
    "|2212)));"
)

# Chinese and Japanese assistants bracket a marker `［2］` (full-width) or `【2】` (lenticular), write its digits
# full width (`[２]`) and list positions with `，`, `；` or `、`; Arabic and Persian ones write `[٢]`, `[۲]`, `[١، ٢]`.
# Each was no marker: beside a verified `[1]` a wrong figure or a source never retrieved came out GREEN. They read as
# the ASCII marker they show (WIDE_NUMERALS: the digits and separators as ASCII, in expand_numeric and extract.sql)
# Hindi, Bengali, Tamil, Thai, ... answers write `[१]`, `[১]`, `[௧]`, `[๑]` (they were no marker either): the zero of
# every script's decimal digits in the Basic Multilingual Plane (Unicode keeps each script's ten in a run, 0 to 9)
# and the mathematical digits, `[𝟏]`, `[𝟣]` (bold, double-struck, sans-serif, monospace: U+1D7CE to U+1D7FF, outside
# that plane; a model styling its text with them, or a "fancy text" converter): no marker, YELLOW however wrong
_ZEROS = tuple(
    c for c in range(0x80, 0x10000) if unicodedata.category(chr(c)) == "Nd" and unicodedata.decimal(chr(c)) == 0
) + tuple(range(0x1D7CE, 0x1D800, 10))
_WIDE_DIGITS = "".join(f"{chr(z)}-{chr(z + 9)}" for z in _ZEROS)
_DIGIT = f"[0-9{_WIDE_DIGITS}]"
# what may put such a digit in an answer's text: the digit itself, or a JSON escape (`\u0967` in structured output)
MAY_HOLD_WIDE_DIGIT = rf"[{_WIDE_DIGITS}]|\\u"


def ascii_digits(pattern: str) -> str:
    """`pattern` with its any-script digit class read as ASCII digits only: the same matches in a text holding no
    other script's digit (`MAY_HOLD_WIDE_DIGIT`). RE2 compiles the 36 ranges of that class into every marker
    pattern, for each statement and thread that reads one; extract.sql's CPU rose by about a quarter with it."""
    return pattern.replace(_DIGIT, "[0-9]")


# A range's em dash or minus sign, `[1—3]`, `[1−3]` (a model writing typographic dashes), reads as its hyphen (they
# were no marker: YELLOW no_citations, a wrong source never checked)
# A full-width hyphen-minus or ampersand, `［１－２］`, `［１＆２］` (an input method in full-width mode), reads
# as its ASCII one (they were no marker, where `［１，２］` was read)
WIDE_NUMERALS_FROM = "".join(chr(c) for a in _ZEROS for c in range(a, a + 10)) + "，；、،—−－＆"
WIDE_NUMERALS_TO = "0123456789" * len(_ZEROS) + ",,,,---&"
WIDE_NUMERALS = str.maketrans(WIDE_NUMERALS_FROM, WIDE_NUMERALS_TO)
# A logger or model escaping Markdown writes `\[2\]` (shown as [2]): the backslashes are part of the marker
_OPEN, _CLOSE_BRACKET = "(?:\\\\?\\[|［|【)", "(?:\\\\?\\]|］|】)"
# Chinese assistants also bracket a marker in tortoise-shell or white lenticular brackets, `〔1〕`, `〖1〗` (they were
# no marker: YELLOW no_citations however wrong the source); numeric markers only (a document's name keeps its brackets)
_NUM_OPEN, _NUM_CLOSE = "(?:\\\\?\\[|［|【|〔|〖)", "(?:\\\\?\\]|］|】|〕|〗)"

# `[Source 2]`, `[source: 2]`, `[Ref 2]`, `[ref2]`, `[Doc #2]` (RAG prompts ask for "[Source N]"): a label before the
# positions (it was no marker: GREEN beside a verified [1]); `[Source: X.pdf, Page 2]` stays document_page. A caret
# before the bracket, `^[1]` (a footnote typed raised), is part of the marker (it stayed in the claim: a false RED),
# and so is one after it, `^[1]^` (Pandoc's superscript around the bracket: it began the next sentence's claim)
# "Passage 1", "Context 1", "Chunk 1", "Snippet 1", "Excerpt 1" (what QA prompts and LangChain's and Haystack's
# templates number the model's sources as), and a label joined to its number by `_` or `-` (`[source_1]`, `[doc-2]`):
# no marker (YELLOW no_citations however wrong the source)
_LABEL_NAMES = (
    r"(?:(?i:sources?|src|refs?|references?|citations?|docs?|documents?"
    r"|passages?|contexts?|chunks?|snippets?|excerpts?)"
    # Chinese and Japanese labels, `[来源1]`, `（来源 1）`, `（出典1）`: no marker (YELLOW no_citations however wrong)
    "|(?:来源|來源|出处|出處|出典|出所|参考|參考|资料|資料|文献|文獻|引用|ソース))"
)
_LABEL_SPACE = rf"[ \t{WIDE_SPACES}]*(?:[:#.：][ \t{WIDE_SPACES}]*)?(?:#[ \t]*)?"
_LABEL_WORD = rf"(?:{_LABEL_NAMES}(?:[_-]|{_LABEL_SPACE}))"
# The label said again before each later position, `[Source 1, Source 2]`, `[Source 1 and Source 2]`, `(Ref 1; Ref 2)`
# (a model told to cite "[Source N]" listing two), `[source_1, source_2]`: no marker (YELLOW no_citations however
# wrong the source). Not joined by `-` there (`doc-2` in a list would read as a range)
_INNER_LABEL = rf"(?:{_LABEL_NAMES}(?:_|{_LABEL_SPACE}))?"
# one position or a list or range of them: `2`, `1, 3`, `1; 3`, `2-4`, `2–4`, `2—4` (group 1 of the numeric dialects)
# A position of up to 30 digits is read: one past int32 (`[99999999999999999999]`, `[1-99999999999]`) is a citation
# of no source (extract.sql: NULL rank, index_out_of_range); ten digits or more was no marker, or one whose position
# was dropped, and its claim went unchecked (GREEN beside a verified [1])
# Positions joined as in prose, `[1 and 2]`, `[1, 2 and 3]`, `[1, 2, and 3]`, `[1 & 2]`, `(Sources 1 and 2)`: `and`
# or `&` a separator as `,` is (they were no marker: YELLOW no_citations however wrong the source)
# `&` escaped once or twice, `[1 &amp; 2]` (the answer HTML-escaped by a logger) is that `&` (it was no marker)
_AND = "(?:and|&(?:amp;){0,2}|＆)"
_SEP = rf"{_EGAP}(?:[,;\-–—−－，；、،]|{ENTITY_DASH}|{_AND})(?:{_GAP}{_AND})?{_EGAP}"
# A position written `S1` or `#1`, `[S1]`, `[s2]`, `[S1, S2]`, `[#1]` (prompts numbering their sources "S1", "S2", or
# "#1"): the position (it was no marker: YELLOW no_citations however wrong the source). `(#12)` stays text (a
# parenthesis needs a label: an issue's number)
_POSITION = rf"[Ss#]?{_DIGIT}{{1,30}}"
_POSITIONS = rf"({_POSITION}(?:{_SEP}{_INNER_LABEL}{_POSITION})*)"
# a list closed with its separator, `[1,]`, `[1, ]`, `[1, 2,]`, `[1;]` (a template joining ids with ", "): the positions
# it lists (it was no marker: YELLOW no_citations however wrong the source)
_TRAILING = rf"(?:[,;，；、،]{_GAP})?"

# `[^2]` is a Markdown footnote: the answer's second source (its `[^2]: ...` definition closing the answer names it);
# Bing Chat / Copilot write it `[^2^]`. `[2](https://...)` is a Markdown link to source 2: the link (a url, a path
# or an anchor; one level of parentheses in it) is part of the marker (it stayed in the claim, which no source says:
# a correct answer RED); `[1](2019)` keeps its year in the claim. A link whose label is the bracket, `[[1]](https://...)`
# (a renderer linking the marker to its source), is the marker, both brackets and its link (the link stayed in the
# claim, a url no source states), and so is a link in a raised element, `<sup>[1](https://...)</sup>` (its tags did)
_LINK_TO = r"\((?:[A-Za-z][A-Za-z0-9+.-]*://|www\.|/|#)(?:[^\s\(\)]|\([^\s\(\)]*\))*\)"
_LINK = rf"(?:{_LINK_TO})?"
LINKED_NUMERIC = Dialect(
    name="numeric",
    pattern=rf"\[{_OPEN}{_GAP}{_POSITIONS}{_GAP}{_CLOSE_BRACKET}\]{_LINK_TO}",
    example="[[1]](https://x.org/refunds)",
)
NUMERIC = Dialect(
    name="numeric",
    pattern=rf"\^?{_NUM_OPEN}(?:\^|{_LABEL_WORD})?{_EGAP}{_POSITIONS}{_EGAP}{_TRAILING}(?:\^{_GAP})?{_NUM_CLOSE}\^?{_LINK}",
    example="[1], [1, 3], [1; 3], [2-4], [^1], [^1^], [1](https://...), ［1］, 【1】, 〔1〕, 〖1〗, [１], [١]",
)
# HTML a chat widget rendered around a marker, escaped again or not (audit.extract.html_marks): the marker it shows
HTML_NUMERIC = Dialect(
    name="numeric",
    pattern=(
        rf"(?:{WRAP_OPEN}(?:\[|{HTML_OPEN})|{HTML_OPEN}){_GAP}{_POSITIONS}"
        rf"{_GAP}{_TRAILING}(?:(?:\]{_LINK}|{HTML_CLOSE}){WRAP_CLOSE}|{HTML_CLOSE})"
    ),
    example="&#91;1&#93;, &lsqb;1&rsqb;, <sup>[1]</sup>, <a href=...>[1]</a>",
)
# `(Source 1)`, `(source: 2)`, `(Sources 1, 3)`, `(Ref. 2)`, `(Doc 9)`: RAG prompts ask for "(Source N)" as often as
# "[Source N]"; it was no marker (beside a verified [1] a wrong figure or a source never retrieved came out YELLOW, its
# citation never seen). In parentheses the label is required: `(1)` is an enumeration, `(Section 2)`, `(Figure 2)` text
PAREN_NUMERIC = Dialect(
    name="numeric",
    pattern=rf"[(（]{_GAP}{_LABEL_WORD}{_GAP}{_POSITIONS}{_GAP}[)）]",
    example="(Source 1), (source: 2), (Sources 1, 3), (Ref. 2)",
)
# `{1}`, `{1, 3}`, `{2-4}` (a prompt asking for citations "in curly braces", or a template's braces kept): positions as
# `[1]` (it was no marker: YELLOW no_citations however wrong the source). LaTeX (`\\frac{1}{2}`, `x^{2}`), format
# strings and templates (`{0}`, `{{1}}`) write the same shape: a brace is a marker only where a citation stands
# (audit.extract.scan.brace_in_place: after a word, not a `\\command`, or a sentence's punctuation)
BRACE_NUMERIC = Dialect(
    name="numeric",
    pattern=r"\{[ \t]*([0-9]{1,30}(?:[ \t]*[,;–-][ \t]*[0-9]{1,30})*)[ \t]*\}",
    example="{1}, {1, 3}",
)
FOOTNOTE = rf"\[\^{_GAP}\d{{1,9}}{_GAP}(?:\^{_GAP})?\]"
# `[^refund-policy]` (a label, not a number) is a named Markdown footnote: its definition closing the answer,
# `[^refund-policy]: Refund Policy.pdf` (or a url, or a doc_id), names the source (resolve.sql: by title, doc_id or
# url); a label never defined cites nothing that can be found (footnote_not_defined). Labels match ignoring case
_LABEL = r"[A-Za-z][A-Za-z0-9_.-]{0,63}"
NAMED_FOOTNOTE = Dialect(
    name="named_footnote",
    pattern=rf"\[\^{_GAP}({_LABEL}){_GAP}(?:\^{_GAP})?\]",
    example="[^refund-policy] with [^refund-policy]: Refund Policy.pdf",
)
# a definition line: group 1 the label, group 2 what it names (a url's <> aside)
FOOTNOTE_DEFINITION = rf"(?m)^[ \t]*\[\^{_GAP}({_LABEL}){_GAP}(?:\^{_GAP})?\][ \t]*:[ \t]*<?([^\r\n]*?)>?[ \t]*\r?$"
# one `Document: X, Page N` of a bracket citing several, `[Document: A.pdf, Page 1; Document: B.pdf, Page 2]` (group
# 1 the name, 2 the page, 3 a range's last page; no `;`, `|` or bracket in the name): the bracket was read as one
# document named "A.pdf, Page 1; Document: B.pdf" (unknown_document: fabricated, RED however right)
_PAGE_WORD = rf"(?:Pages?|pp?\.?|pgs?\.?)(?:{_GAP}[:：#])?"
DOCUMENT_PAGE_REF = (
    r"(?i:(?:Document|Doc|Source)[ \t]*:[ \t]*([^\[\]［］【】\n;；|｜]{1,200}?)[ \t]*,[ \t]*(?:Pages?|pp?\.?|pgs?\.?)"
    r"(?:[ \t]*[:#])?[ \t]*([0-9]{1,6})(?:[ \t]*[-–—][ \t]*([0-9]{1,6}))?)"
)
# (ASCII digits and spaces in a list: the scan's pattern holds every dialect, and each digit class here is 36 ranges)
DOCUMENT_PAGE_LIST = r"(?:\[|［|【|\(){ref}(?:[ \t]*[;；][ \t]*{ref})+[ \t]*(?:\]|］|】|\))".format(
    ref=re.sub(r"(?<!\\)\((?!\?)", "(?:", DOCUMENT_PAGE_REF)
)
DOCUMENT_PAGE = Dialect(
    name="document_page",
    # in the brackets numeric markers take (`［...］`, `【...］`, `\[...\]`), with the full-width colon and comma, any
    # space (no-break, ideographic), a full-width page number and a title holding brackets (`Refund [v2] Policy.pdf`):
    # each was no marker (GREEN beside a verified [1])
    # a semicolon before the page and the pages' count after it (`Page 3 of 10`): each was read as a document no
    # source has (unknown_document, RED); a name in quotes is read without them (extract.sql's `unquoted`); a range of
    # pages, `Pages 2-3`, `pp. 3–4` (group 3 its last page: resolve.sql reads the document's contexts on them)
    # A colon after the page's word, `Page: 3`, `Pg. 3`, a bar before it, `| Page 3` (a prompt's template "Document:
    # {name} | Page: {page}"), and parentheses, `(Document: X, Page 3)`: the first two were read as a document no
    # source has (unknown_document: fabricated, RED however right), the last was no marker (YELLOW however wrong)
    pattern=(
        DOCUMENT_PAGE_LIST + "|"
        rf"(?i:(?:{_OPEN}|[(（]){_GAP}(?:Document|Doc|Source){_GAP}[:：]{_GAP}"
        rf"((?:[^\[\]［］【】\n]|\[[^\[\]\n]*\])+?)"
        rf"{_GAP}[,，;；|｜]{_GAP}{_PAGE_WORD}{_GAP}({_DIGIT}{{1,6}})"
        rf"(?:{_GAP}[-–—]{_GAP}({_DIGIT}{{1,6}}))?(?:{_GAP}of{_GAP}{_DIGIT}{{1,6}})?{_GAP}(?:{_CLOSE_BRACKET}|[)）]))"
    ),
    example="[Document: Refund Policy v2.pdf, Page 3], (Document: X, Page: 3), [Document: A, p. 1; Document: B, p. 2]",
)
# `[Source: Refund Policy.pdf]`, `[Document: Shipping]` (no page: RAG prompts ask for "[Source: <file name>]"): the
# document named, resolved by title or doc_id as file_search is (its retrieved chunk that supports the claim best).
# It was no marker (GREEN beside a verified [1]); `[Source: 2]` is numeric, `[Source: X, Page 2]` document_page
# A file's name alone in the brackets, `[Refund Policy.pdf]` (group 2; a prompt asking to "cite the file name in
# brackets"), `[citation: d1]` and `[Reference: X]`: no marker (YELLOW no_citations however wrong the source). A
# Markdown link after the bracket, `[Refund Policy.pdf](https://...)`, is part of the marker (the url stayed in the
# claim, a url no source states)
FILE_TYPES = "pdf|docx?|txt|html?|md|pptx?|xlsx?|csv|json|rtf|odt"
DOCUMENT = Dialect(
    name="document",
    pattern=(
        rf"(?i:{_OPEN}{_GAP}(?:(?:Document|Doc|Source|Citation|Reference){_GAP}[:：]{_GAP}([^\[\]［］【】\n]{{1,200}}?)"
        rf"|([^\[\]［］【】\n^:：†]{{0,200}}?[^\s\[\]［］【】^:：†]\.(?:{FILE_TYPES}))){_GAP}{_CLOSE_BRACKET}(?:{_LINK_TO})?)"
    ),
    example="[Source: Refund Policy.pdf], [Refund Policy.pdf]",
)
# the file's name alone (no colon in it: `[Source: X.pdf]` is labelled), a marker only where a citation stands
# (audit.extract.scan.CITATION_AFTER: "open [config.json] to change it" names a file, cites none)
BARE_FILE = (
    rf"(?i:{_OPEN}{_GAP}[^\[\]［］【】\n^:：†]{{0,200}}?[^\s\[\]［］【】^:：†]\.(?:{FILE_TYPES}){_GAP}{_CLOSE_BRACKET}"
    rf"(?:{_LINK_TO})?)"
)
# one `citation:doc:chunk` of a bracket citing several (group 1 the doc, group 2 the chunk: no `,`, `;` or bracket in
# them: a list read across brackets, `[citation:a:b, citation:c:d` over and over, took quadratic time)
DOC_CHUNK_REF = r"(?i:citation)[ \t]*:[ \t]*([^:\[\]\s,;]+)[ \t]*:[ \t]*([^\[\]\s,;]+)"
_REF = r"(?i:citation)[ \t]*:[ \t]*[^:\[\]\s,;]+[ \t]*:[ \t]*[^\[\]\s,;]+"  # the same, without groups
# `[citation:d1:c1, citation:d2:c2]` (two sources in one bracket, as `[1, 2]`): it was no marker, its claim uncited
DOC_CHUNK_LIST = rf"\[[ \t]*{_REF}(?:[ \t]*[,;][ \t]*{_REF})+[ \t]*\]"
DOC_CHUNK = Dialect(
    name="doc_chunk",
    # `citation` in any case, spaces around the colons (`[Citation: d2 : c2]` was no marker: GREEN beside a [1]); a
    # list of them first (`DOC_CHUNK_LIST`: its refs read with `DOC_CHUNK_REF`), else one, whose chunk may hold a comma
    pattern=(DOC_CHUNK_LIST + r"|\[[ \t]*(?i:citation)[ \t]*:[ \t]*([^:\]\s]+)[ \t]*:[ \t]*([^\]\s]+)[ \t]*\]"),
    example="[citation:kb_doc_12:chunk-7], [citation:d1:c1, citation:d2:c2]",
)

# OpenAI Assistants' file search annotates `【4:0†Refund Policy.pdf】` (older ones and ChatGPT `【7†source】`; some
# renderers write `[4:0†...]`): the numbers are message and search-result indexes, never context ranks; the name after
# the dagger is the file's (resolved by title as document_page is, to the document's retrieved context that supports
# the claim best). `source` names no file: such a mark cites one of the sources retrieved, the one that supports the
# claim best (resolve.sql; it was source_not_named, fabricated, however right; so still without a source). The
# lines a mark quotes, `【4:0†Refund Policy.pdf†L1-L5】`, are no part of the name (it was unknown_document, RED); a
# mark naming lines alone, `【12†L1-L3】` (ChatGPT browsing), names no source either (LINES_ONLY)
# ChatGPT's exported answers hold its marks as private-use characters, `\ue200cite\ue202turn0search0\ue201` (U+E200
# opens, U+E202 separates, U+E201 closes), several ids in one (`...turn0search0\ue202turn0search3...`), a news
# result's `turn0news1`, a page opened `turn1view0`, and `filecite` for an uploaded file (`turn0file0`, lines
# `L1-L3` after it). They were no marker (YELLOW no_citations however wrong, the characters and ids in the claim).
# An id is the index of a result among a search turn's results, of each kind apart (`turn0search1` and `turn0news1`
# are two results): no context rank, and no log field says which context it is. So what such a mark says is "one
# of the sources retrieved", as `【7†source】`: it names no file (group 1 empty), and resolve.sql checks the claim
# against each retrieved source, the best supporting it. Written as the characters themselves (RE2 reads no \u)
CHATGPT_MARK = "\ue200(?:file)?cite(?:\ue202[^\ue200-\ue202\n]{1,64})+\ue201"
FILE_SEARCH = Dialect(
    name="file_search",
    pattern=(
        r"(?:【|\[)[ \t]*\d{1,9}(?:[ \t]*:[ \t]*\d{1,9})?[ \t]*†[ \t]*([^】\[\]\n]*?)[ \t]*"
        r"(?:†[ \t]*L\d{1,9}(?:[ \t]*[-–][ \t]*L\d{1,9})?[ \t]*)?(?:】|\])"
        f"|{CHATGPT_MARK}"
    ),
    example="【4:0†Refund Policy.pdf】, [4:0†Refund Policy.pdf], 【7†source】, 【4:0†Refund Policy.pdf†L1-L5】, "
    "\\ue200cite\\ue202turn0search0\\ue201",
)
LINES_ONLY = r"L\d{1,9}(?:[ \t]*[-–][ \t]*L\d{1,9})?"

# A Markdown link to a source: ChatGPT search writes its citation as a link in parentheses after the claim,
# `([x.org](https://x.org/a))`, and RAG prompts ask for `[Refund Policy](kb_doc_12)`, a link to a document's id (a
# target without a scheme, a slash or an anchor: a relative page link in a chat answer is rare). Both were no
# citation (YELLOW no_citations, a wrong one never checked). Group 1 the target in parentheses, group 2 the id; the
# label is no number (`[1](https://...)` is numeric) nor a footnote's (`[^1]`). A link in running text, `see [our
# page](https://...)`, stays a link (checked as a key fact of its claim)
_LINK_LABEL = r"\[[^\[\]\n0-9\s^][^\[\]\n]{0,199}\]"
LINK = Dialect(
    name="link",
    pattern=(
        rf"\([ \t]*{_LINK_LABEL}\(([^\s\(\)\[\]<>]{{1,500}})\)[ \t]*\)"
        rf"|{_LINK_LABEL}\(([A-Za-z0-9_][A-Za-z0-9_.-]{{0,199}})\)"
    ),
    example="([x.org](https://x.org/refunds)), [Refund Policy](kb_doc_12)",
)

# `Refunds take 30 days¹.`, `²˒³`, `¹⁰` (a digit run is one number, as in `[10]`): Unicode superscript digits cite
# sources as `[n]` does (lists with `,` or `˒`, ranges with `-` or `⁻`). A run is a marker only where a citation
# stands (superscript_in_place): after three letters, a CJK character or a sentence's punctuation (each optionally
# closed by a bracket or quote), and before whitespace, punctuation or the end. Never after a digit (`10⁶`), one or
# two letters (`m²`, `km³`, `x²`, `mc²`) or an expression (`(a+b)²`): powers and units stay in the claim.
# Pandoc's raised digits, `days.^1^` (a model told to write footnotes "as superscripts"), are such a run under the
# same rule: they were no marker (YELLOW no_citations); `x^2^`, `mc^2^`, `10^6^` are powers as `x²` is
_SUP = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079"
_SUP_SEP = ",\u02d2\u207b\u2013-"  # the characters themselves: RE2 reads no \u escape
SUPERSCRIPT_DIGITS = str.maketrans(
    "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u02d2\u207b", "0123456789,-"
)
SUPERSCRIPT = Dialect(
    name="superscript",
    pattern=(
        rf"[{_SUP}]{{1,9}}(?:[{_SUP_SEP}][{_SUP}]{{1,9}})*"
        # in raised parentheses, `days⁽¹⁾`, `days⁽¹˒²⁾` (renderers and models writing a footnote so): it was no marker
        # (YELLOW no_citations); under the same place rule (`m⁽²⁾`, `10⁽³⁾` stay text)
        f"|\u207d[{_SUP}]{{1,9}}(?:[{_SUP_SEP}][{_SUP}]{{1,9}})*\u207e"  # the parentheses themselves (RE2)
        # a raised link to the source, `days<sup><a href="#ref1">1</a></sup>` (an HTML answer's footnote, Wikipedia's
        # form without brackets): it was no marker (YELLOW no_citations); its tags go before the positions are read
        rf"|{SUP_OPEN}(?i:<a(?:[ \t][^<>\n]{{0,200}}?)?>)?[ \t]*\d{{1,9}}(?:[ \t]*[,;–-][ \t]*\d{{1,9}})*[ \t]*"
        rf"(?i:</a[ \t]*>)?{SUP_CLOSE}"
        r"|\^\d{1,9}(?:[,;–-]\d{1,9})*\^"
    ),
    example="days¹, days¹˒², days¹⁰, days.¹, days⁽¹⁾, days<sup>1</sup>, days<sup><a>1</a></sup>, days.^1^",
)

DIALECTS: tuple[Dialect, ...] = (
    FILE_SEARCH,
    DOCUMENT_PAGE,
    DOC_CHUNK,
    LINKED_NUMERIC,
    NUMERIC,
    HTML_NUMERIC,
    PAREN_NUMERIC,
    BRACE_NUMERIC,
    LINK,
    SUPERSCRIPT,
    NAMED_FOOTNOTE,
    DOCUMENT,
)


def any_marker_pattern() -> str:
    """One alternation matching a marker of any registered dialect (no capture groups)."""
    return "|".join(f"(?:{strip_groups(d.pattern)})" for d in DIALECTS)


def strip_groups(pattern: str) -> str:
    # turn capturing groups into non-capturing ones so the alternation stays group-free
    return re.sub(r"(?<!\\)\((?!\?)", "(?:", pattern)


def expand_numeric(inner: str, limit: int = 50) -> list[int]:
    """`1, 3` (or `1; 3`, `1 and 3`, `1 & 3`, `1 &amp; 3`) -> [1, 3]; `2-4` -> [2, 3, 4]; ranges are capped at `limit`
    positions."""
    out: list[int] = []
    inner = re.sub(ENTITY_DASH, "-", re.sub(ENTITY_GAP, "", inner))  # as extract.sql's $egap and $edash
    inner = re.sub(ENTITY_REF, ",", inner)  # and $eref
    inner = inner.translate(SUPERSCRIPT_DIGITS).translate(WIDE_NUMERALS)
    inner = re.sub(rf"<[^>]*>|[\s{INVISIBLE}{WIDE_SPACES}\u207d\u207e]", "", inner, flags=re.ASCII)
    inner = re.sub(r"[^0-9,\-–]", "", re.sub(r";|and|&", ",", inner))  # as extract.sql: labels, S and # go
    for part in inner.split(","):
        bounds = re.split(r"\s*[-–]\s*", part)
        if len(bounds) == 2:
            a, b = int(bounds[0]), int(bounds[1])
            lo, hi = min(a, b), max(a, b)
            out.extend(range(lo, min(hi, lo + limit - 1) + 1))
        elif part:
            out.append(int(bounds[0]))
    return out
