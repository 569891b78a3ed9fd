"""Sentence segmentation that keeps citation markers with the sentence they follow. Pure functions."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from audit.extract.dialects import ENTITY_GAP
from audit.extract.marker_edges import without_marks
from audit.extract.scan import find_markers
from audit.verify.months import SHORT_ONLY

_MASK = "\x00"
_TERMINATOR = re.compile(r"[.!?]+[\"'”’)\]]*(?=[\s\x00]|$)|\n")
# `。`, `！`, `？` (full-width: Chinese, Japanese) end an answer's sentence whatever follows: those texts put no space
# after them, so every marker of such an answer cited the whole answer (a correct answer RED)
# an answer's French or German closing quotation mark, after a space or not, goes with the stop before it: ". » [1]"
# ended the sentence at the stop, and the marker after "»" cited nothing (a correct quote unsupported). Not in the
# source windows (the support model was fitted on them as they are)
_CLOSING_QUOTE = r"[.!?]+[ \u00a0\u202f]?[»›“][\"'”’)\]]*(?=[\s\x00]|$)"
# the invisible marks a widget puts around right-to-left text (direction marks, embeddings, isolates, the Arabic
# letter mark) and the zero-width characters a renderer leaves (soft hyphen, zero-width space, word joiner, byte order
# mark): "days.\u200f Shipping" ended no sentence (both one claim, each marker's unsupported), and a mark at a claim's
# edge was read as part of it. An answer's stop ends its sentence before them; a claim's text holds none
INVISIBLE_MARKS = "\u00ad\u200b\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"
_MARKS = INVISIBLE_MARKS
# the private-use characters ChatGPT writes its marks with (U+E200 to U+E202, `\ue200cite\ue202turn0search0\ue201`:
# audit.extract.dialects.CHATGPT_MARK): one left by a mark cut short or of another kind is no part of a claim
_PRIVATE_MARKS = "\ue200-\ue202"
# such a mark cut short, `\ue200cite\ue202turn0sea` (a log cutting the answer inside it), with its words
_CUT_MARK = re.compile("\ue200(?:file)?cite(?:\ue202[^\ue200-\ue202\\s]{0,64})*\ue201?")
# ChatGPT's entity mark, `\ue200entity\ue202["store","Acme"]\ue201` (a name it links to a card: a kind, the name it
# shows, sometimes a description), reads as the name it shows: its words, `entity["store","Acme"]`, stayed in the
# claim, each a quote and a name no source states (`missing_quote:store`, unsupported, a right answer RED)
_ENTITY_MARK = re.compile("\ue200entity\ue202(\\[[^\ue200-\ue202]{0,1000}\\])\ue201")


def _entity_name(m: re.Match[str]) -> str:
    try:
        items = json.loads(m.group(1))
    except ValueError:
        return m.group()  # left to the marks' cut below, as before
    named = isinstance(items, list) and len(items) > 1 and all(isinstance(i, str) for i in items[:2])
    return items[1] if named else m.group()


# zero-width non-joiner and joiner: inside a word they are the word's (Persian writes one; an emoji sequence joins
# with one), so no claim loses them there; beside a space, a stop or a marker they join nothing, and a renderer or a
# copy leaves them there: `days. \u200c[1]` gave the marker to the next sentence (a right citation misattributed),
# `days.\u200d[1]` ended no sentence, `[2]\u200d` made a claim of the joiners alone
_JOINERS = "\u200c\u200d"
_EDGE_JOINERS = re.compile(rf"(?:(?<=[\s\x00])|^)[{_JOINERS}]+|[{_JOINERS}]+(?=[\s\x00]|$)")
# a block element's tag at a claim's edge, `<p>Refunds take 30 days [1].` ... `</p>` (an answer logged as HTML): it
# stayed in the claim (weak); tags inside the claim stay
_BLOCK = r"</?(?i:p|div|li|ul|ol|blockquote|section|article|td|th|tr|h[1-6])(?:[ \t][^<>\n]{0,200})?>"
_EDGE_TAGS = re.compile(rf"^(?:{_BLOCK}[ \t]*)+|(?:[ \t]*{_BLOCK})+$")
# a space written as an HTML entity after a stop, `days.&nbsp;[1]` (audit.extract.dialects.ENTITY_GAP), ends it as
# a space does: it ended no sentence (both one claim, each marker's claim both sentences)
_ANSWER_STOP = rf"[.!?]+[\"'”’)\]{_MARKS}{_JOINERS}]*(?=[\s\x00]|{ENTITY_GAP}|$)|\n"
_TERMINATOR_FULL_WIDTH = re.compile(rf"{_CLOSING_QUOTE}|{_ANSWER_STOP}|[。！？]+[」』”’）)\]]*")
_GAP = re.compile(rf"(?:[\s\x00{_MARKS}{_JOINERS}]|{ENTITY_GAP})*")
_ABBREV = re.compile(
    r"(?:\b(?:e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|Prof|St|Inc|Ltd|Co|No|Fig|approx|cf|al|Jr|Sr|c|ca|vol|pp|p|ed)\.|"
    r"\b[A-Z]\.)$"
)
# a month's abbreviation before a day or a year ("Jan. 2020", "Sept. 5, 2020") ends no sentence
_MONTH_STOP = re.compile(rf"\b(?:{'|'.join(SHORT_ONLY)})\.$")  # `verify.months`' table
# a title's or a place word's abbreviation before a name ("Gov. Brown", "Sen. Warren", "Mt. Everest") ends no sentence
# of an answer: "Gov. Brown vetoed the bill [1]" was audited as "Brown vetoed the bill", the title left out of its claim
# (not in the source windows the support model was fitted on, as `_MONTH_STOP`)
_TITLE_STOP = re.compile(
    r"\b(?:Gov|Sen|Rep|Gen|Col|Lt|Sgt|Capt|Cmdr|Adm|Maj|Brig|Pres|Supt|Insp|Det|Atty|Rev|Hon|Mt|Ft|Msgr|Fr|Sr)\.$"
)
_NON_CLAIM = re.compile(
    r"^\s*(?:hope (?:this|that) helps|let me know|feel free|happy to help|glad to help|thanks?\b|thank you|"
    r"you'?re welcome|hi\b|hello\b|sure[!,.]|great question|i'?m not sure|i don'?t know|i cannot|i can'?t|"
    r"as an ai|please (?:note|let|contact|reach)|is there anything|any other questions|good luck|best regards|"
    r"in summary|to summarize|here (?:is|are) |谢谢|謝謝|不客气|ありがとう|どういたしまして)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W_]{2,}|\d+")
_LETTERS = re.compile(r"[^\W\d_]{2,}")
# Chinese and Japanese (kana, ideographs) put no spaces between words: a sentence was one run of letters, one
# "word", so none was a claim and a short cited one was no statement. A character of theirs counts as half a word.
_UNSPACED_RUN = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def word_count(text: str, letters_only: bool = False) -> int:
    """Words of `text` (runs of two letters or more, and numbers unless `letters_only`), Chinese and Japanese
    characters two to a word."""
    spaced = _UNSPACED_RUN.sub(" ", text)
    unspaced = sum((len(m.group()) + 1) // 2 for m in _UNSPACED_RUN.finditer(text))
    return len((_LETTERS if letters_only else _WORD).findall(spaced)) + unspaced


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int  # exclusive; includes markers that trail the sentence
    text: str  # the sentence with markers removed and whitespace tidied


def mask_markers(text: str) -> tuple[str, list[tuple[int, int]]]:
    """Replace every marker by NULs of the same length (offsets survive); return the marker spans."""
    spans = [(m.start(), m.end()) for m in find_markers(text)]
    if not spans:
        return text, spans
    chars = list(text)
    for s, e in spans:
        chars[s:e] = _MASK * (e - s)
    return "".join(chars), spans


# a terminal's control sequences (ECMA-48 CSI: colours `\x1b[31m`, `\x1b[0m`, `\x1b[1;32m`) logged inside an answer:
# their digits were read as the claim's numbers (`missing_number:31`, a correct answer RED)
_TERMINAL_CODE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


_ENTITY_GAP_BEFORE_STOP = re.compile(rf"(?:{ENTITY_GAP})+(?=[.,;:!?])")
# An HTML entity, named or numeric (`&amp;`, `&#8217;`, `&#x2019;`), with its semicolon: a bare `&` (`R&D`, `AT&T`,
# `&c.`) is none
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def unescape_entities(text: str) -> str:
    """`text` with its HTML entities read as the characters they stand for, escaped once or twice (`&amp;amp;`): an
    answer HTML-escaped by a logger or a widget outside any marker (`Refunds &amp; returns ...`, `store&#8217;s`)
    kept them in the claim checked against the source and shown."""
    for _ in range(2):
        if "&" not in text or not _ENTITY.search(text):
            break
        text = _ENTITY.sub(lambda m: html.unescape(m.group()), text)
    return text


def strip_markers(text: str) -> str:
    """The text without citation markers (and the brackets around them) or terminal colour codes, spaces before
    punctuation tidied, HTML entities read as their characters (`unescape_entities`)."""
    if "\x1b" in text:
        text = _TERMINAL_CODE.sub("", text)
    pieces, last = [], 0
    for m in find_markers(text):
        pieces.append(text[last : m.start()])
        last = m.end()
    out = "\x00".join(pieces) + ("\x00" if pieces else "") + text[last:]
    if "\u200c" in out or "\u200d" in out:
        out = _EDGE_JOINERS.sub("", out)
    out = without_marks(out) if pieces else out
    if "\ue200" in out:
        out = _CUT_MARK.sub("", _ENTITY_MARK.sub(_entity_name, out))
    if "&" in out:  # a space written as an entity before a stop, `days&nbsp;[1].`, goes as a space does there
        out = _ENTITY_GAP_BEFORE_STOP.sub("", out)
    out = re.sub(rf"[{_MARKS}{_PRIVATE_MARKS}]+", "", unescape_entities(out))
    # only from a run's first space: from each of its spaces, a long run of spaces not before a stop was read again
    # to its end (quadratic: 30,000 spaces took 4 s, an answer of a million hours)
    out = re.sub(r"(?<![ \t])[ \t]+([.,;:!?])", r"\1", out)
    out = re.sub(r"\s+", " ", out).strip()
    if "<" in out:
        out = _EDGE_TAGS.sub("", out)
    return table_row_text(out) if out.startswith("|") or out.endswith("|") else out


def table_row_text(text: str) -> str:
    """A Markdown table row's text without its layout: its cells, the first naming what the others say (`| Shipping
    | free over 50 euros |` is "Shipping: free over 50 euros"; as written, pipes and all, the support model read it as
    a weaker statement: a correct answer RED); a rule row (`|---|:--:|`) has none."""
    cells = [c.strip() for c in text.strip("|").split("|")]
    cells = [c for c in cells if c]
    if not cells or all(re.fullmatch(r":?-+:?", c) for c in cells):
        return ""
    return cells[0] + (": " + "; ".join(cells[1:]) if len(cells) > 1 else "")


def split_sentences(text: str, full_width_stops: bool = True) -> list[Sentence]:
    """Sentences of `text` with exact offsets; markers right after a sentence belong to it. `full_width_stops=False`
    ends none at `。！？` (the source windows the support model was fitted on: ten training sources hold `。 `)."""
    out: list[Sentence] = []
    for start, end in _stretches(text, full_width_stops, month_dates=True):
        _append(out, text, start, end)
    return out


def sentence_spans(text: str, full_width_stops: bool = True) -> list[tuple[int, int]]:
    """The (start, end) of each sentence `split_sentences` gives, without tidying each one's text (the source
    windows need only the offsets: the tidying cost more than the splitting). `_append` keeps every stretch that is
    not blank once trimmed: its text is not empty once its markers go, or else it held a marker."""
    out: list[tuple[int, int]] = []
    for start, end in _stretches(text, full_width_stops):
        s, e = _trimmed(text, start, end)
        if e > s:
            out.append((s, e))
    return out


def _stretches(text: str, full_width_stops: bool, month_dates: bool = False) -> Iterator[tuple[int, int]]:
    """Each stretch of `text` between sentence ends (untrimmed, possibly blank). `month_dates`: a month's abbreviation
    before a day or year ("Jan. 2020") and a title's before a name ("Gov. Brown") end none (an answer's claims; not
    the source windows the support model was fitted on: ending none there moved WiCE dev AUROC 0.9493 -> 0.9478)."""
    masked, _ = mask_markers(text)
    start = 0
    n = len(masked)
    # the run of whitespace and markers after a sentence end, and the last marker in it: found once per run, so the
    # newlines of a run each ending a sentence do not each scan the rest of it (a million newlines ran past 400 s)
    run_start, run_end, run_mask = -1, -1, -1
    for m in (_TERMINATOR_FULL_WIDTH if full_width_stops else _TERMINATOR).finditer(masked):
        end = m.end()
        if not run_start <= end <= run_end:
            gap = _GAP.match(masked, end)
            run_start, run_end = end, gap.end() if gap else end
            leading = _leading(masked, m.start(), end, run_end)
            run_mask = masked.rfind(_MASK, end, run_end) if leading is None else leading
        gap_end = run_end
        if (
            m.group() != "\n"
            and (
                _ABBREV.search(masked[max(0, m.start() - 8) : m.start() + 1])
                or (gap_end < n and masked[gap_end].islower())  # "[...] sexy", "approx. ten": no new sentence
                or (
                    month_dates
                    and gap_end < n
                    and masked[gap_end].isdigit()
                    and _MONTH_STOP.search(masked[max(0, m.start() - 6) : m.start() + 1])
                )
                or (
                    month_dates
                    and gap_end < n
                    and masked[gap_end].isupper()
                    and _TITLE_STOP.search(masked[max(0, m.start() - 6) : m.start() + 1])
                )
            )
        ):
            continue
        last_mask = run_mask if run_mask >= end else -1
        if last_mask >= 0:
            end = last_mask + 1  # trailing markers join the sentence they follow
        if end <= start:
            continue
        yield start, end
        start = end
    if start < n:
        yield start, n


def _leading(masked: str, stop: int, end: int, gap_end: int) -> int | None:
    """Where a line's leading markers begin a sentence, the last marker before them that trails the sentence before
    (-1: none), else None (all the run's markers trail it). A marker opening a line that goes on in words of its own
    and holds no other marker, `days.\n[2] Shipping is free ...` (a model writing each line's source first), cites that
    line: it joined the sentence before (that sentence cited twice, the line's claim uncited); so does one after a
    list's number, `1. [1] Refunds ...` (it cited "1.", an empty claim, RED however right), or a label's,
    `Step 1. [1] Refunds ...`."""
    nl = masked.rfind("\n", stop, gap_end)
    if nl < 0 and not _ENUMERATOR.fullmatch(masked, masked.rfind("\n", 0, stop) + 1, end):
        return None
    if masked.find(_MASK, max(nl, end), gap_end) < 0 or gap_end >= len(masked) or masked[gap_end] == "\n":
        return None
    line_end = masked.find("\n", gap_end)
    if masked.find(_MASK, gap_end, len(masked) if line_end < 0 else line_end) >= 0:
        return None
    return masked.rfind(_MASK, stop, nl) if nl >= 0 else -1


# a list's number, or a label and its number, `Step 1.`, `Version 2.` (`Version 1. [1] Refunds ...` cited
# "Version 1.", an empty claim, RED however right)
_ENUMERATOR = re.compile(r"[ \t]*(?:[A-Z][a-z]{1,15}[ \t]+)?\d{1,3}\.")


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    raw = text[start:end]
    lead = len(raw) - len(raw.lstrip())
    trail = len(raw) - len(raw.rstrip())
    return start + lead, end - trail


def _append(out: list[Sentence], text: str, start: int, end: int) -> None:
    s, e = _trimmed(text, start, end)
    if e <= s:
        return
    clean = strip_markers(text[s:e])
    if clean or find_markers(text[s:e]):
        out.append(Sentence(s, e, clean))


# A claim is at most this many characters (the verifier aligns no more of one: audit.verify.lexical.MAX_FUZZY_CHARS;
# no training claim is over 722): each citation stores and embeds its claim, so markers along one 130 KB unpunctuated
# sentence, or a JSON `citations` list citing a long answer thousands of times, held it thousands of times (5,000
# markers: 650 MB of claims, and the run stopped at its load for memory)
MAX_CLAIM_CHARS = 2000
_MARGIN = 80  # a marker cut by a claim's edge is still masked as one


def claim_span(
    text: str, start: int, end: int, anchor: int | None = None, limit: int = MAX_CLAIM_CHARS
) -> tuple[int, int]:
    """The part of `text[start:end]` a claim holds: all of it when it has at most `limit` characters; else the `limit`
    characters ending at `anchor` (a marker's end: what the marker cites precedes it), the first `limit` when the
    anchor lies among them or there is none; cut at whitespace outside markers."""
    if end - start <= limit:
        return start, end
    stop = min(end, max(anchor if anchor is not None else start, start + limit))
    begin = max(start, stop - limit)
    lo = max(start, begin - _MARGIN)
    masked, marks = mask_markers(text[lo : min(end, stop + _MARGIN)])
    if begin > start:
        cut = re.search(r"\s", masked[begin - lo : stop - lo])
        begin = begin + cut.end() if cut else begin
    if stop < end and stop != anchor:
        last = max(masked.rfind(" ", begin - lo, stop - lo), masked.rfind("\n", begin - lo, stop - lo))
        stop = lo + last if last > begin - lo else stop
    # no space to cut at (`[1]` a thousand times): never inside a marker, which left "[1" as the claim
    for s, e in marks:
        if lo + s < begin < lo + e:
            begin = min(lo + e, stop)
        if lo + s < stop < lo + e:
            stop = lo + s if lo + s > begin else stop
    return begin, stop


def cited_stretches(text: str, marks: list[tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """For each marker (start, end), in text order: where the words it follows begin (after the marker before them)
    and end (where its run of markers begins: markers side by side, `[1][2]`, follow the same words). In one pass:
    the claim of a marker in an overlong sentence."""
    out: dict[int, tuple[int, int]] = {}
    begin, words_end, last_end = 0, 0, None
    for start, end in marks:
        if last_end is None or text[last_end:start].strip():
            begin, words_end = (last_end or 0), start
        out[start] = (begin, words_end)
        last_end = end
    return out


def is_claim(sentence: str) -> bool:
    """A factual statement worth a citation: not a question, greeting, hedge or fragment."""
    s = sentence.strip()
    if not s or s.endswith("?") or s.endswith(":"):
        return False
    if _NON_CLAIM.search(s):
        return False
    return word_count(s) >= 4


# a line that only announces a structured payload beside it ("Here's the JSON you requested.", "Based on the documents,
# here is the answer.", "I have formatted the answer as JSON."): no statement of the sources
_PAYLOAD_NOTE = re.compile(
    r"^(?:(?:based on|according to|using|from) [^,]{1,80},\s*)?(?:here(?:'s|’s| is| are)|below (?:is|are)|"
    r"the following|this is|i(?:'ve|’ve| have)? (?:formatted|prepared|put|structured|written|provided))\b"
    r".*\b(?:json|answer|response|reply|output|result|format|data|information|summary|citations?|requested|asked)\b",
    re.IGNORECASE,
)
_JSON_WORD = re.compile(r"\bjson\b", re.IGNORECASE)
_COLON = re.compile(r":\s+(?=\S)")


def is_claim_beside_payload(sentence: str) -> bool:
    """A statement in the prose around a structured payload (a preamble, a closing line): what follows a colon is
    judged on its own ("Here is the answer: refunds take 90 days." is one; `is_claim` let "Here is ..." go), a line
    holding a figure is one ("Here is the answer, refunds take 90 days."), and a line that only announces the payload
    is none."""
    s = sentence.strip()
    parts = _COLON.split(s, maxsplit=1)
    if any(ch.isdigit() for ch in parts[-1]):  # a figure is stated even after "Here is the answer, ..."
        return not s.endswith(("?", ":")) and word_count(s) >= 4
    if len(parts) == 2:
        return is_claim(parts[1])
    return is_claim(s) and not _PAYLOAD_NOTE.search(s) and not _JSON_WORD.search(s)


def sentence_at(sentences: list[Sentence], offset: int) -> int | None:
    """Index of the sentence whose span holds `offset`."""
    for i, s in enumerate(sentences):
        if s.start <= offset < s.end:
            return i
    return None


def sentences_around(pieces: Sequence[dict[str, Any]] | None) -> list[Sentence]:
    """The sentences of the prose around a structured payload (extract.sql's `prose_around`: a preamble, a closing
    line), offsets in the answer as logged. No citation reaches them: a statement there ("Sure! Refunds take 90
    days.") is an uncited claim of the answer, as in prose; "Sure!", "Here's the JSON you asked for." are none
    (`is_claim_beside_payload`)."""
    out: list[Sentence] = []
    for piece in pieces or ():
        b = int(piece["start"])
        out += [Sentence(b + s.start, b + s.end, s.text) for s in split_sentences(piece["text"] or "")]
    return out
