"""A list's items inside a sentence, each with its own marker: what each marker cites. Pure functions.

A list ("The supported languages are Python [1], Java [2], and Go [3].") is clauses too short to stand alone, each
a marker's item: its marker cites the list's frame (the words before the first item) and the item, "The supported
languages are Java" for [2]. Checked against the whole sentence, each source missed the other items (RED).
"""

from __future__ import annotations

import re

from audit.extract.pieces import (
    _A_WORD,
    _A_WORD_OR_FIGURE,
    _CLOSERS,
    _INTRO,
    _TRIM,
    MIN_WORDS,
    _Piece,
    _trimmed,
)
from audit.extract.sentences import word_count

# a list: a token (a word or figure), the words that end a list's frame ("The languages are", "Its founders
# were", "Languages:"), what separates items, and the shape of an item's first token
_TOKEN = re.compile(r"[^\s\x00]*[^\W_][^\s\x00]*")
_FRAME_END = re.compile(
    r"\b(?:is|are|was|were|be|been|include[sd]?|including|comprise[sd]?|comprising|such as|namely)\b"
    r"|\be\.g\.|\bi\.e\.|[:\uff1a]",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r",\s|[;\uff0c\uff1b&]|\b(?:and|or)\b", re.IGNORECASE)
_ITEM_LEAD = re.compile(rf"[\s\x00{re.escape(_CLOSERS)}]*(?:[,;\uff0c\uff1b&]|(?:and|or)\b)", re.IGNORECASE)
_CONJUNCTION = re.compile(r"(?:and|or|&)\Z", re.IGNORECASE)
# what joins a pair ("Python [1] and Go [2]", "Python [1], Java [2] und Go [3]"): ", and" joins clauses ("Microsoft
# acquired GitHub [1], and Google [2] bought Fitbit." is no "Microsoft acquired Google")
_PAIR_SEP = re.compile(rf"[\s\x00{re.escape(_CLOSERS)}]*(?:,|(?:and|or)\b)?[\s\x00]*\Z", re.IGNORECASE)
# words that set a list's items apart from the rest ("All languages except Python [1], Java [2]"): cut to one item
# ("All languages except Python are supported"), the cascade read past them and verified "Python is supported."
_EXCLUSIVE = re.compile(
    r"\b(?:except|excepting|excluding|exclusive(?:ly)?|other than|apart from|aside from|besides|but not|instead of"
    r"|rather than|unlike|only|sole(?:ly)?|neither|nor|none of)\b",
    re.IGNORECASE,
)
_LEADERS = "\"'(\u201c\u2018$\u20ac\u00a3\u00a5+-\u2212~\u2248#"


def _shape(token: str) -> str:
    """What an item's first token is: a figure ("$7M"), a name ("Java", "iOS"), a lower-case word, or other."""
    t = token.lstrip(_LEADERS)
    if not t:
        return "other"
    if t[0].isdigit():
        return "figure"
    if any(ch.isupper() for ch in t):
        return "name"
    return "word" if t[0].islower() else "other"


def _tokens(masked: str, b: int, e: int) -> list[re.Match[str]]:
    """The words and figures of `masked[b:e]`, its conjunctions ("and", "or") left out."""
    return [m for m in _TOKEN.finditer(masked, b, e) if not _CONJUNCTION.match(m.group())]


def _item_like(masked: str, p: _Piece, sent_start: int) -> bool:
    """A clause too short to stand alone ("Java", "$7M in 2021", "and Go"), not the sentence's first nor one that
    refers back: an item of the list the clause before it starts."""
    if p.begin == sent_start or p.claim_b != p.b:
        return False
    letters = " ".join(m.group() for m in _tokens(masked, p.b, p.e))
    return bool(letters) and word_count(letters, letters_only=True) < MIN_WORDS


def _first_item(masked: str, head: _Piece, items: list[_Piece]) -> tuple[int, list[int]] | None:
    """Where the head clause's item begins (the frame ends) and which of `items` are of its shape, or None. The item
    is as many tokens as the shortest other one ("Python" for "Java"), or all after the frame's last verb or colon
    where that is later or the tokens before the shape's start hold several items ("are Python and Java"), or from
    the word the items open with ("by 20%" for "by 30%"). An item of lower-case words ("green", "fast") needs that
    verb just before the head's item or that same first word: "The tower opened in 1889 [1], and closed [2]." is no
    list, nor is "closed" what "The tower" did."""
    tokens = _tokens(masked, head.b, head.e)
    if not tokens:
        return None
    firsts = [_tokens(masked, p.b, p.e) for p in items]
    size = min(len(f) for f in firsts)
    shape = tokens[-size].start() if len(tokens) > size else None
    verb = None
    for m in _FRAME_END.finditer(masked, head.b, head.e):
        if m.end() <= tokens[-1].start():
            verb = m.end()
    if verb is not None and (shape is None or verb > shape or _SEPARATOR.search(masked, verb, shape)):
        candidates = [verb]
    else:
        candidates = [shape] if shape is not None else []
    opener = firsts[0][0].group().lower()
    same = [m.start() for m in tokens[1:] if m.group().lower() == opener]
    candidates += [at for at in ([verb] if verb is not None else []) + same[-1:] if at not in candidates]
    after_verb = next((m.start() for m in tokens if verb is not None and m.start() >= verb), None)
    best: tuple[int, list[int]] | None = None
    for at in candidates:
        first = next(m for m in tokens if m.start() >= at)
        kind, word = _shape(first.group()), first.group().lower()
        fits = [
            i
            for i, f in enumerate(firsts)
            if _shape(f[0].group()) == kind
            and (kind != "word" or first.start() == after_verb or f[0].group().lower() == word)
        ]
        if best is None or len(fits) > len(best[1]):
            best = (first.start(), fits)
    return best


def _tail(masked: str, p: _Piece) -> int | None:
    """Where the words after `p`'s last marker begin, or None: "Go [3] until 2019." is "until 2019.", but "Java [2],
    and Go." is an item with no marker of its own (of the first item's shape after a separator), not words said of
    every item. From its first marker: in "Go [3] until 2019 [4]." the words [4] cites are said of every item too."""
    at = masked.find("\x00", p.b, p.e)
    if at < 0:
        return None
    while at < p.e and masked[at] == "\x00":
        at += 1
    if not _A_WORD_OR_FIGURE.search(masked, at, p.e):
        return None
    b, e = _trimmed(masked, at, p.e)
    tokens, first = _tokens(masked, b, e), _tokens(masked, p.b, p.e)
    more = _Piece(at, b, e, b, [])  # ", and Go": one more item, of the first's shape, after a separator
    item_like = tokens and _ITEM_LEAD.match(masked, at) and _item_like(masked, more, -1)
    if item_like and _shape(tokens[0].group()) == _shape(first[0].group()):
        return None
    return at + len(masked[at : p.e]) - len(masked[at : p.e].lstrip())


def _last_with_tail(masked: str, p: _Piece) -> tuple[_Piece, int] | None:
    """A clause that is a list's last item and the words after its marker ("and Go [3] was dropped in 2020"): the
    item (up to its first marker) and where those words begin, or None."""
    at = masked.find("\x00", p.b, p.e)
    if at <= p.b or p.claim_b != p.b:
        return None
    item = _Piece(p.begin, p.b, _trimmed(masked, p.b, at)[1], p.claim_b, p.markers)
    end = at
    while end < p.e and masked[end] in " \x00":
        end += 1
    if not _item_like(masked, item, -1) or not _A_WORD_OR_FIGURE.search(masked, end, p.e):
        return None
    return item, end


def _bare(masked: str, head: _Piece, last: _Piece) -> bool:
    """A list's head that is its first item alone ("Python [1], ..."), of its last item's shape."""
    tokens = _tokens(masked, head.b, head.e)
    short = word_count(" ".join(m.group() for m in tokens), letters_only=True) < MIN_WORDS
    return bool(tokens) and short and _shape(tokens[0].group()) == _shape(_tokens(masked, last.b, last.e)[0].group())


def _named(masked: str, p: _Piece) -> bool:
    """Names and figures only up to its marker ("Alan Turing", "3.11"): an item, not a clause ("Java fell")."""
    e = masked.find("\x00", p.b, p.e)
    return all(_shape(m.group()) in ("name", "figure") for m in _tokens(masked, p.b, p.e if e < 0 else e))


def list_items(masked: str, sent_start: int, pieces: list[_Piece]) -> dict[int, tuple[tuple[int, int], ...]]:
    """For a sentence's clauses (in order), the spans each list item cites, by the clause's index: its list's frame
    and itself; and the clause that heads a list, its own words however short. Clauses of no list are absent; an
    empty tuple: the clause cites its whole sentence.

    The words after the last item's marker ("... and Go [3] was dropped in 2020.") are said of every item: they come
    after each item and the head (cut off, "Support for Python" was verified against a page where it was added); a
    list with such words whose items it cannot tell apart cites its whole sentence, and a list with no words before
    it has them for its frame ("Python [1], Java [2], and Go [3] are supported.": "Java are supported." for [2])."""
    out: dict[int, tuple[tuple[int, int], ...]] = {}
    n = 0
    while n < len(pieces):
        h, n = n, n + 1
        head = pieces[h]
        items: list[int] = []
        while n < len(pieces) and _item_like(masked, pieces[n], sent_start):
            items.append(n)
            n += 1
        members = [pieces[i] for i in items]
        tail, own = _tail(masked, members[-1]) if members else None, None
        pairs = n < len(pieces) and (items or _PAIR_SEP.match(masked, pieces[n].begin, pieces[n].b))
        if tail is None and pairs and (last := _last_with_tail(masked, pieces[n])):
            members.append(last[0])
            items.append(n)
            tail, own, n = last[1], n, n + 1
        if not items:
            continue
        # cut off from the words after the last marker, the head and items cite their whole sentence; a pair ("Support
        # for Python [1] and Go [2] ended in 2019.") only where it is one, else "X [1], and Y [2] did Z" its clauses
        pair = len(items) == 1 and own is not None
        whole = {i: () for i in (h, *items)} if tail is not None and not pair else {}
        if _EXCLUSIVE.search(masked, head.claim_b, head.e) or (
            tail is not None and _EXCLUSIVE.search(masked, tail, pieces[items[-1]].e)
        ):
            out.update({i: () for i in (h, *items)})  # what one item's source says is not what the list says
            continue
        # a sentence that opens by naming where it comes from ("According to the docs [1], ...", "In 2020 [1], ...")
        # cites it all, but not one whose opening words end at a comma before the list ("In 2020, revenue was $5M [1],
        # $7M [2]": they are part of the frame)
        intro = head.begin == sent_start and bool(_INTRO.match(masked, head.b, head.e))
        if intro and "," not in masked[head.b : head.e]:
            out.update(whole)
            continue
        bare = all(_bare(masked, head, m) and _named(masked, m) for m in members) and _named(masked, head)
        if tail is not None and not intro and bare:
            # no words before the list, the words after it its frame: "Python [1], Java [2], and Go [3] are
            # supported." is "Java are supported." for [2] (checked against the whole sentence, it missed the others)
            frame = (tail, pieces[items[-1]].e)
            out[h] = ((head.b, head.e), frame)
            for i, item in enumerate(members):
                start = _tokens(masked, item.b, item.e)[0].start()
                ends = i == len(items) - 1
                out[items[i]] = ((start, pieces[items[i]].e),) if ends else ((start, item.e), frame)
            continue
        if own is not None and _bare(masked, head, members[-1]):
            whole.pop(own, None)  # no words before the list: "and Go [3] are supported." is all of what [3] says
        found = _first_item(masked, head, members)
        if (
            found is None
            or not found[1]
            or (intro and "," not in masked[head.b : found[0]])
            or (tail is not None and found[1][-1] != len(items) - 1)
        ):
            out.update(whole)  # the words after the last marker said of items it cannot tell apart
            n = own if pair and own is not None else n  # no pair: that clause may head a list
            continue
        piece = masked[head.claim_b : found[0]]
        frame = (head.claim_b, head.claim_b + len(piece.rstrip(_TRIM)))
        if not _A_WORD.search(masked, *frame):
            out.update(whole)
            continue  # no words before the list ("Python [1], Java [2] are supported.")
        after = () if tail is None else ((tail, pieces[items[-1]].e),)
        out[h] = ((head.claim_b, head.e), *after)
        for i in found[1]:
            item = members[i]
            start = _tokens(masked, item.b, item.e)[0].start()  # "or Go": "Go"
            ends = i == len(items) - 1  # the last item's clause holds the words after it
            out[items[i]] = (frame, (start, pieces[items[i]].e)) if ends else (frame, (start, item.e), *after)
    return out


_NOT_ONLY = re.compile(r"\bnot\s+only\b", re.IGNORECASE)  # "not only ... but also" adds, it sets nothing apart


def sets_apart(claim: str) -> bool:
    """Whether a claim sets what it names apart from the rest ("All languages except Python, Java, and Go are
    supported", "other than", "the only", "none of", "neither ... nor"): what it states of everything else, or of
    its items alone, no source naming an item states (audit/verify/joint.py reads no such claim jointly)."""
    return _EXCLUSIVE.search(_NOT_ONLY.sub(" ", claim)) is not None
